//! [`Play`]: the game in play, borrowing its game. It keeps the record,
//! the events and each player's ledger from the notes of its family's
//! table (`pushluck`, `category`); `replay.rs`, `undo.rs` and `choices.rs`
//! add the replay of a record, undo and the ranked decisions.

use std::path::Path;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::computer::Player;
use crate::dice::{counts_of, Counts};
use crate::error::{Error, Refusal, SessionError};
use crate::limits::{COMPUTER_MOVES, TABLE_PLAYERS_MAX};
use crate::progress::Progress;
use crate::pushluck::rollout::Rollouts;
use crate::question::PlayQuestion;
use crate::record::{parse_decision, Decision, Line, Record, Step, Turn};
use crate::registry::{Game, GameKind};
use crate::report::{Advice, Event, PlayState, PointsEntry, Prompt, TableView, TurnEnd, TurnResult};
use crate::vocabulary::Objective;

use super::notes::{Before, Ledger, Mode, Moment, MomentKind, Note, Seat};
use super::{category, pushluck, words};

/// The family's game state and rules.
pub(super) enum Table<'g> {
    PushLuck(Box<pushluck::Table<'g>>),
    Category(Box<category::Table<'g>>),
}

/// What both tables answer.
macro_rules! each {
    ($t:expr, $x:ident => $e:expr) => {
        match $t {
            $crate::session::play::Table::PushLuck($x) => $e,
            $crate::session::play::Table::Category($x) => $e,
        }
    };
}
pub(super) use each;

/// A game in progress (see the module docs).
pub(crate) struct Play<'g> {
    pub(super) game: &'g Game,
    pub(super) seats: Vec<Seat>,
    pub(super) names: Vec<String>,
    pub(super) table: Table<'g>,
    pub(super) record: Record,
    /// The session's dice (`None`: every roll is given).
    pub(super) rng: Option<SmallRng>,
    pub(super) mode: Mode,
    pub(super) ledgers: Vec<Ledger>,
    pub(super) moments: Vec<Moment>,
    pub(super) turns: usize,
    pub(super) turns_over: usize,
    /// A turn began whose record line is not written yet (it is, at its
    /// first step: a record has no empty turns).
    pub(super) pending_turn: Option<usize>,
    pub(super) winners: Option<Vec<usize>>,
    /// Replaying a seeded record: a roll of the line being replayed was
    /// not the one the seed rolls there.
    pub(super) off_seed: bool,
    /// The last roll's dice were typed, not drawn from the seed: its
    /// record step is marked `real` (in a game with a seed).
    pub(super) roll_real: bool,
    /// Replaying a seeded record: the first line whose dice the seed does
    /// not roll.
    pub(super) seed_mismatch: Option<usize>,
    /// Every turn's end, for the score table ([`PlayState::turns`]).
    pub(super) turn_log: Vec<TurnResult>,
}

impl<'g> Play<'g> {
    /// Starts a game of `game` between `q.players` (names of people, or the
    /// players sixdice plays: `optimal`, `ev`, `threshold=N`, `human`),
    /// reading (or, where quick, first solving) the tables its values
    /// need from `tables`.
    ///
    /// # Errors
    /// A player list the game cannot seat, a table that is missing and too
    /// long to solve here (Six Hundred without its table, the penalty's win
    /// table), a damaged table.
    pub(crate) fn new(
        game: &'g Game,
        q: &PlayQuestion,
        tables: &Path,
        progress: &dyn Progress,
    ) -> Result<Play<'g>, Error> {
        let (seats, names) = seats(game, &q.players)?;
        let record = Record {
            game: game.reference().id.to_string(),
            options: game.reference().options.clone(),
            rules: game.reference().rules_file.clone(),
            players: names.clone(),
            seed: q.seed,
            lines: vec![],
        };
        Play::start(game, seats, names, record, q.seed, tables, progress, false)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn start(
        game: &'g Game,
        seats: Vec<Seat>,
        names: Vec<String>,
        record: Record,
        seed: Option<u64>,
        tables: &Path,
        progress: &dyn Progress,
        check_only: bool,
    ) -> Result<Play<'g>, Error> {
        let mut notes = vec![];
        let (table, mode) = match &game.0 {
            GameKind::PushLuck(g) => {
                let t = pushluck::Table::new(g, &seats, tables, progress, check_only, &mut notes)?;
                let mode = t.mode();
                (Table::PushLuck(Box::new(t)), mode)
            }
            GameKind::Category(g) => {
                let t = category::Table::new(g, seats.len(), tables, progress, &mut notes)?;
                let mode = t.mode();
                (Table::Category(Box::new(t)), mode)
            }
        };
        let n = seats.len();
        let mut s = Play {
            game,
            seats,
            names,
            table,
            record,
            rng: seed.map(SmallRng::seed_from_u64),
            mode,
            ledgers: vec![Ledger::default(); n],
            moments: vec![],
            turns: 0,
            turns_over: 0,
            pending_turn: None,
            winners: None,
            off_seed: false,
            roll_real: false,
            seed_mismatch: None,
            turn_log: vec![],
        };
        s.absorb(notes);
        Ok(s)
    }

    /// What is needed next.
    pub(crate) fn prompt(&self) -> Prompt {
        if self.winners.is_some() {
            return Prompt::Over;
        }
        each!(&self.table, t => t.prompt(&self.names))
    }

    /// Whether sixdice plays `seat`.
    pub(crate) fn is_computer(&self, seat: usize) -> bool {
        matches!(self.seats.get(seat), Some(Seat::Computer(_)))
    }

    /// Rolls the dice the prompt asks for: `dice` as rolled at the table
    /// (only the dice rolled, not those kept; the library's dice type, as
    /// [`crate::parse_dice`] reads them), or `None` to let the session roll
    /// them with its seed (a session without one refuses).
    ///
    /// # Errors
    /// No roll is due, or `dice` are not the number of dice to roll (the
    /// family's table checks the count: it knows how many may be rolled).
    pub(crate) fn roll(&mut self, dice: Option<Counts>) -> Result<Vec<Event>, Error> {
        let Prompt::Roll { dice: n, .. } = self.prompt() else {
            return Err(Refusal::NoRollDue { expecting: self.expecting() }.into());
        };
        let real = dice.is_some();
        let dice = match dice {
            Some(d) => d,
            None => self.seeded_dice(n)?,
        };
        self.rolled(&dice, real)
    }

    /// Rolls `dice` (`real`: typed, not the seed's).
    fn rolled(&mut self, dice: &Counts, real: bool) -> Result<Vec<Event>, Error> {
        self.roll_real = real;
        let notes = each!(&mut self.table, t => t.roll(dice))?;
        Ok(self.absorb(notes))
    }

    /// Rolls `count` of the dice the prompt asks for with the session's
    /// seed: all of them, or near an exact goal where the rules allow it
    /// ([`Prompt::Roll`]'s `fewer`), fewer.
    ///
    /// # Errors
    /// No roll is due, the count is not allowed, or the session has no seed.
    pub(crate) fn roll_some(&mut self, count: usize) -> Result<Vec<Event>, Error> {
        let Prompt::Roll { dice: n, fewer, .. } = self.prompt() else {
            return Err(Refusal::NoRollDue { expecting: self.expecting() }.into());
        };
        if !(1..=n).contains(&count) || (!fewer && count != n) {
            let allowed = if fewer { format!("1 to {n}") } else { n.to_string() };
            return Err(Refusal::DiceCount { allowed, got: count, dice: None }.into());
        }
        let dice = self.seeded_dice(count)?;
        self.rolled(&dice, false)
    }

    /// `n` dice rolled with the session's seed.
    fn seeded_dice(&mut self, n: usize) -> Result<Counts, Error> {
        match &mut self.rng {
            Some(rng) => Ok(draw(rng, n)),
            None => Err(Refusal::NoSeed.into()),
        }
    }

    /// How many dice the seat to move rolls when sixdice plays it (every
    /// die, unless its policy keeps some back near an exact goal); `None`
    /// when no roll is due.
    ///
    /// # Errors
    /// The seat to move is a person's.
    pub(crate) fn computer_dice(&self) -> Result<Option<usize>, Error> {
        let prompt = self.prompt();
        let (Some(seat), Prompt::Roll { dice, .. }) = (prompt.seat(), &prompt) else { return Ok(None) };
        let Seat::Computer(player) = self.seats[seat] else { return Err(SessionError::PersonSeat { seat }.into()) };
        match &self.table {
            Table::PushLuck(t) => t.computer_dice(player).map(Some),
            Table::Category(_) => Ok(Some(*dice)),
        }
    }

    /// Applies a decision typed by the player whose turn it is, in the
    /// words of a record's step (`keep 15 roll`, `keep 2255`, `lock 55`,
    /// `score fives`, `take`, `fresh`, or the short forms `15 bank`, `fives`).
    ///
    /// # Errors
    /// Words that are not a decision, or a decision the rules do not allow
    /// here (the message says why); nothing changes then.
    pub(crate) fn decide(&mut self, words: &str) -> Result<Vec<Event>, Error> {
        let (d, claims) = parse_decision(words).map_err(SessionError::Words)?;
        self.check_claims(&d, claims)?;
        self.apply(d)
    }

    pub(crate) fn apply(&mut self, d: Decision) -> Result<Vec<Event>, Error> {
        if self.winners.is_some() {
            return Err(SessionError::Over.into());
        }
        // The position and its ranking before the decision changes them.
        let dice = match self.prompt() {
            Prompt::Decide { dice, .. } => dice,
            _ => vec![],
        };
        let before = Before { view: self.view(), dice, advice: self.hint().ok() };
        let first = self.moments.len();
        let notes = each!(&mut self.table, t => t.decide(&d))?;
        let events = self.absorb(notes);
        if let Some(m) = self.moments[first..].iter_mut().find(|m| matches!(m.kind, MomentKind::Decision(_))) {
            m.before = Some(Box::new(before));
        }
        Ok(events)
    }

    /// Enters the turn of the person to move by its result, as kept on a
    /// score pad: `points` banked (0: a farkle), before the turn's first
    /// roll (push-your-luck games; see [`PlayState::points_entry`] for
    /// what the rules allow). The record writes it `points N`; nothing in
    /// it is judged.
    ///
    /// # Errors
    /// A category game, a seat sixdice plays, a turn already rolled, or
    /// points the rules refuse (the message names the rule).
    pub(crate) fn score(&mut self, points: i64) -> Result<Vec<Event>, Error> {
        if self.winners.is_some() {
            return Err(SessionError::Over.into());
        }
        let seat = self.prompt().seat().expect("the game goes on");
        if matches!(self.seats[seat], Seat::Computer(_)) {
            return Err(SessionError::ComputerSeat { seat }.into());
        }
        // (The table refuses a turn already rolled.)
        let Table::PushLuck(t) = &mut self.table else {
            return Err(Refusal::Points {
                why: "a category game's turn is its dice and the box scored, not points".into(),
            }
            .into());
        };
        let notes = t.score(points, &self.names)?;
        Ok(self.absorb(notes))
    }

    /// What a turn entered by its points may bank, where one may be now.
    fn points_entry(&self) -> Option<PointsEntry> {
        let Table::PushLuck(t) = &self.table else { return None };
        let seat = self.prompt().seat()?;
        if self.is_computer(seat) {
            return None;
        }
        t.points_entry(&self.names)
    }

    /// Moves for the seat sixdice plays: its roll (with the session's
    /// dice, or `dice` when given) or its decision.
    ///
    /// # Errors
    /// The seat to move is a person's.
    #[cfg(test)]
    pub(crate) fn play_computer(&mut self, dice: Option<Counts>) -> Result<Vec<Event>, Error> {
        self.play_computer_with(dice, None)
    }

    /// [`Self::play_computer`]; where the chances are estimated, an
    /// `optimal` seat plays the rollouts' policy of `policy` (the exact
    /// win policy against its strongest opponents) rather than for points.
    pub(super) fn play_computer_with(
        &mut self,
        dice: Option<Counts>,
        policy: Option<&Rollouts>,
    ) -> Result<Vec<Event>, Error> {
        let prompt = self.prompt();
        let Some(seat) = prompt.seat() else { return Err(SessionError::Over.into()) };
        let Seat::Computer(player) = self.seats[seat] else { return Err(SessionError::PersonSeat { seat }.into()) };
        match prompt {
            Prompt::Roll { .. } if dice.is_none() => {
                let count = self.computer_dice()?.expect("a roll is due");
                self.roll_some(count)
            }
            Prompt::Roll { .. } => self.roll(dice),
            _ => {
                let by_policy = match (&self.table, player, policy) {
                    (Table::PushLuck(t), Player::Optimal, Some(r)) => t.policy_choice(r)?,
                    _ => None,
                };
                let d = match by_policy {
                    Some(d) => d,
                    None => each!(&self.table, t => t.computer(player))?,
                };
                self.apply(d)
            }
        }
    }

    /// Whether an `optimal` seat sixdice plays would play the rollouts'
    /// policy (the game's chances are estimated).
    pub(crate) fn wants_policy(&self) -> bool {
        self.estimable().is_some() && self.seats.iter().any(|s| matches!(s, Seat::Computer(Player::Optimal)))
    }

    /// Moves for every seat sixdice plays until a person must act: a
    /// person's roll or decision, the end of the game, or (dice typed at
    /// the table) a roll of sixdice's seat, whose dice are then typed;
    /// with `turn_end`, stopping also where a turn ends (a front end that
    /// estimates the chances after every turn moves sixdice's seats a turn
    /// at a time). An `optimal` seat plays `policy` where given.
    ///
    /// # Errors
    /// A table that cannot be read; sixdice's seats moving on without end
    /// (a bug, [`COMPUTER_MOVES`]).
    pub(crate) fn advance_until(&mut self, turn_end: bool, policy: Option<&Rollouts>) -> Result<Vec<Event>, Error> {
        let mut events = vec![];
        for _ in 0..COMPUTER_MOVES {
            if turn_end && events.iter().any(|e| matches!(e, Event::TurnOver { .. })) {
                return Ok(events);
            }
            let prompt = self.prompt();
            let Some(seat) = prompt.seat() else { return Ok(events) };
            let typed_roll = self.rng.is_none() && matches!(prompt, Prompt::Roll { .. });
            if !self.is_computer(seat) || typed_roll {
                return Ok(events);
            }
            events.extend(self.play_computer_with(None, policy)?);
        }
        Err(SessionError::Runaway { moves: COMPUTER_MOVES }.into())
    }

    /// The game as a front end shows it now.
    pub(crate) fn state(&self) -> PlayState {
        let prompt = self.prompt();
        let computer_dice = match &prompt {
            Prompt::Roll { seat, .. } if self.rng.is_none() && self.is_computer(*seat) => {
                self.computer_dice().ok().flatten()
            }
            _ => None,
        };
        PlayState {
            over: prompt == Prompt::Over,
            prompt,
            view: self.view(),
            objective: self.objective(),
            judging: self.judging(),
            exact_from: self.exact_from(),
            estimated: self.estimable().map(str::to_string),
            optimal_plays: None,
            seed: self.record.seed,
            dice_from_me: self.rng.is_none(),
            can_undo: self.can_undo(),
            computer_dice,
            points_entry: self.points_entry(),
            turns: self.turn_log.clone(),
        }
    }

    /// `advise`'s answer for the position in play: every alternative,
    /// ranked by the session's values.
    ///
    /// # Errors
    /// No decision is due (a roll is), or the game is over.
    pub(crate) fn hint(&self) -> Result<Advice, Error> {
        match self.prompt() {
            Prompt::Decide { .. } | Prompt::Offer { .. } => each!(&self.table, t => t.hint()),
            Prompt::Roll { .. } => Err(Refusal::NoDecisionDue { expecting: self.expecting() }.into()),
            Prompt::Over => Err(SessionError::Over.into()),
        }
    }

    /// The table as the players see it.
    pub(crate) fn view(&self) -> TableView {
        let mut v = each!(&self.table, t => t.view(&self.names));
        for (i, s) in v.seats.iter_mut().enumerate() {
            s.computer = self.is_computer(i);
            s.value = self.ledgers[i].running;
        }
        v.over = self.winners.is_some();
        if v.over {
            v.mover = None;
            v.turn = None;
        }
        v
    }

    /// The objective of the session's values.
    pub(crate) fn objective(&self) -> Objective {
        each!(&self.table, t => t.objective())
    }

    /// Where a game of several players is judged by expected points rather
    /// than the chance of winning (no win table for its player count and
    /// rules is at hand, or solving one takes long): one sentence saying
    /// so, and why; `None` when the values are P(win), or the game has one
    /// player, or is a category game.
    pub(crate) fn judging(&self) -> Option<String> {
        match &self.table {
            Table::PushLuck(t) => t.judging(),
            Table::Category(t) => t.judging(),
        }
    }

    /// Where the chances are exact over the states a game from the start
    /// reaches (no whole table fits): the sentence that says so.
    pub(crate) fn exact_from(&self) -> Option<String> {
        match &self.table {
            Table::PushLuck(t) => t.exact_from(),
            Table::Category(_) => None,
        }
    }

    /// The game so far as a record.
    pub(crate) fn record(&self) -> &Record {
        &self.record
    }

    /// The winners (seats), once the game is over.
    pub(crate) fn winners(&self) -> Option<&[usize]> {
        self.winners.as_deref()
    }

    /// The first line of a replayed seeded record whose dice are not the
    /// ones its seed rolls there (`None`: every roll is the seed's, or the
    /// record has no seed).
    pub(crate) fn seed_mismatch(&self) -> Option<usize> {
        self.seed_mismatch
    }

    pub(crate) fn ledgers(&self) -> &[Ledger] {
        &self.ledgers
    }

    pub(crate) fn moments(&self) -> &[Moment] {
        &self.moments
    }

    pub(crate) fn names(&self) -> &[String] {
        &self.names
    }

    pub(crate) fn game(&self) -> &'g Game {
        self.game
    }

    /// What the session waits for, in words (for errors).
    pub(super) fn expecting(&self) -> String {
        match self.prompt() {
            Prompt::Offer { player, dice, points, .. } => {
                format!("{player} may take the {dice} leftover dice with {points} points (take or fresh)")
            }
            Prompt::Roll { player, dice, .. } => format!("{player} rolls {dice} dice next"),
            Prompt::Decide { player, dice, .. } => format!("{player} decides what to do with {}", faces(&dice)),
            Prompt::Over => "the game is over".into(),
        }
    }

    /// Keeps the record, the ledgers and the moments from a table's notes;
    /// returns the events.
    pub(super) fn absorb(&mut self, notes: Vec<Note>) -> Vec<Event> {
        let mut events = vec![];
        for note in notes {
            match note {
                Note::Start { seat, value } => self.start_value(seat, value),
                Note::Chances { values } => self.read_chances(&values),
                Note::TurnBegins { seat } => {
                    self.turns += 1;
                    self.pending_turn = Some(seat);
                }
                Note::Step(mut step) => {
                    if let Step::Roll { real, .. } = &mut step {
                        *real = self.roll_real && self.rng.is_some();
                    }
                    if let Some(seat) = self.pending_turn.take() {
                        let player = self.names[seat].clone();
                        self.record.lines.push(Line::Turn(Turn { player, steps: vec![], comment: None }));
                    }
                    if let Some(Line::Turn(t)) = self.record.lines.last_mut() {
                        t.steps.push(step);
                    }
                }
                Note::Roll { seat, dice, post, farkle } => {
                    let before = self.ledgers[seat].running;
                    self.shift(seat, post - before, |l, d| l.luck += d);
                    self.moment(seat, MomentKind::Roll { dice: dice.clone(), farkle, before, after: post });
                    let text = words::rolled(&self.names[seat], &dice, farkle);
                    events.push(Event::Rolled { seat, player: self.names[seat].clone(), dice, farkle, text });
                }
                Note::Decision { seat, judged } => {
                    let loss = (judged.best - judged.chosen).max(0.0);
                    self.ledgers[seat].loss += loss;
                    self.shift(seat, -loss, |_, _| {});
                    if self.mode == Mode::ZeroSum {
                        let other = 1 - seat;
                        self.ledgers[other].gifts += loss;
                    }
                    let forced = judged.choices == 1;
                    events.push(Event::Decided {
                        seat,
                        player: self.names[seat].clone(),
                        played: judged.played_text.clone(),
                        best: judged.best_text.clone(),
                        value_played: judged.chosen,
                        value_best: judged.best,
                        loss,
                        forced,
                        text: words::decided(&self.names[seat], &judged.played_text),
                        verdict: words::verdict(self.objective(), forced, loss, &judged.best_text),
                    });
                    self.moment(seat, MomentKind::Decision(judged));
                }
                Note::Points { seat, points, post } => {
                    let before = self.ledgers[seat].running;
                    self.shift(seat, post - before, |l, d| l.luck += d);
                    self.moment(seat, MomentKind::Points { points, before, after: post });
                }
                Note::TurnOver { seat, how, total, settle } => {
                    let entered = matches!(
                        self.record.lines.last(),
                        Some(Line::Turn(t)) if matches!(t.steps.last(), Some(Step::Points { .. }))
                    ) && !matches!(how, TurnEnd::Returned { .. });
                    self.turn_log.push(TurnResult {
                        turn: self.turns,
                        seat,
                        player: self.names[seat].clone(),
                        how: how.clone(),
                        total,
                        entered,
                        chances: None,
                        estimates: None,
                    });
                    self.turns_over += 1;
                    if settle {
                        let l = &mut self.ledgers[seat];
                        l.settled += l.running;
                        l.open = false;
                    }
                    let text = words::turn_over(&self.names[seat], &how, total);
                    events.push(Event::TurnOver { seat, player: self.names[seat].clone(), how, total, text });
                }
                Note::GameOver { winners, totals, results } => {
                    if let Some(results) = results {
                        if self.mode == Mode::Chances {
                            // The last turn decided every seat's chance.
                            self.read_chances(&results);
                        }
                        for (l, r) in self.ledgers.iter_mut().zip(results) {
                            l.settled += r;
                            l.open = false;
                        }
                    }
                    self.winners = Some(winners.clone());
                    let text = words::game_over(&self.names, &winners, &totals);
                    events.push(Event::GameOver { winners, totals, text });
                }
            }
        }
        // Each seat's chance after a turn is what it is once the next turn
        // has begun (a game of three reads every seat's then).
        if self.objective() == Objective::Win && self.mode != Mode::Own {
            let values: Vec<f64> = self.ledgers.iter().map(|l| l.running).collect();
            for t in self.turn_log.iter_mut().rev().take_while(|t| t.chances.is_none()) {
                t.chances = Some(values.clone());
            }
        }
        events
    }

    /// A seat's value starts from `value` (two players: both seats).
    fn start_value(&mut self, seat: usize, value: f64) {
        match self.mode {
            Mode::ZeroSum => {
                for (i, l) in self.ledgers.iter_mut().enumerate() {
                    let v = if i == seat { value } else { 1.0 - value };
                    l.start += v;
                    l.running = v;
                    l.open = true;
                }
            }
            Mode::Own | Mode::Chances => {
                let l = &mut self.ledgers[seat];
                l.start += value;
                l.running = value;
                l.open = true;
            }
        }
    }

    /// Every seat's value is `values[seat]` now (a game of three at a
    /// turn's start, or its end): a ledger not started starts there; an
    /// open one books the move since its value was last set (by the
    /// seat's own last roll or decision, or the last reading) as gifts:
    /// how the other players' turns moved that seat's chances.
    fn read_chances(&mut self, values: &[f64]) {
        for (l, &v) in self.ledgers.iter_mut().zip(values) {
            if l.open {
                l.gifts += v - l.running;
            } else {
                l.start += v;
                l.open = true;
            }
            l.running = v;
        }
    }

    /// Moves `seat`'s value by `d` (the other seat's by `-d` when zero-sum),
    /// booking it with `book`.
    fn shift(&mut self, seat: usize, d: f64, book: impl Fn(&mut Ledger, f64)) {
        let l = &mut self.ledgers[seat];
        l.running += d;
        book(l, d);
        if self.mode == Mode::ZeroSum {
            let o = &mut self.ledgers[1 - seat];
            o.running -= d;
            book(o, -d);
        }
    }

    fn moment(&mut self, seat: usize, kind: MomentKind) {
        let values = self.ledgers.iter().map(|l| l.running).collect();
        self.moments.push(Moment { seat, turn: self.turns, kind, values, before: None });
    }
}

/// The seats and names of a player list.
pub(super) fn seats(game: &Game, players: &[String]) -> Result<(Vec<Seat>, Vec<String>), Error> {
    check_count(players.len())?;
    let category = matches!(game.0, GameKind::Category(_));
    let mut seats = vec![];
    let mut names: Vec<String> = vec![];
    for (i, p) in players.iter().enumerate() {
        let p = p.trim();
        if p.is_empty() {
            // `,optimal` or `me,,optimal`: a slip, not a table of fewer.
            return Err(SessionError::NoName { seat: i + 1, players: players.len() }.into());
        }
        if !crate::record::valid_name(p) {
            return Err(SessionError::Computer {
                name: userio::Escaped(p).to_string(),
                why: ": a name is letters, digits and _ . = - ', at most 40 characters".into(),
            }
            .into());
        }
        let seat = match Player::parse(p) {
            Ok(Player::WinSheet) => {
                return Err(
                    SessionError::Computer { name: p.into(), why: " at the table (it is for simulate)".into() }.into()
                )
            }
            Ok(Player::Optimal) => Seat::Computer(Player::Optimal),
            Ok(_) if category => {
                return Err(SessionError::Computer {
                    name: p.into(),
                    why: " in a category game (its computer player is optimal)".into(),
                }
                .into())
            }
            Ok(player) => Seat::Computer(player),
            Err(_) if p.starts_with("threshold=") => return Err(Error::Players(Player::parse(p).unwrap_err())),
            Err(_) => Seat::Person,
        };
        // Two computers of one kind are told apart in the record.
        let mut name = p.to_string();
        let mut k = 2;
        while names.contains(&name) {
            name = format!("{p}-{k}");
            k += 1;
        }
        seats.push(seat);
        names.push(name);
    }
    Ok((seats, names))
}

pub(super) fn check_count(n: usize) -> Result<(), Error> {
    if !(1..=TABLE_PLAYERS_MAX).contains(&n) {
        return Err(SessionError::PlayerCount { players: n, most: TABLE_PLAYERS_MAX }.into());
    }
    Ok(())
}

/// `n` dice from a session's generator: one face per die, in order (the
/// one way a session draws, live or in a replay).
pub(super) fn draw(rng: &mut SmallRng, n: usize) -> Counts {
    counts_of(&(0..n).map(|_| rng.gen_range(1..=6)).collect::<Vec<u8>>())
}

pub(super) fn faces(dice: &[u8]) -> String {
    dice.iter().map(|f| f.to_string()).collect()
}
