//! A push-your-luck game at the table: every player's total, board status
//! and farkles in a row, the turn in play, leftovers, and the last turns
//! once someone reaches the goal; the rules of each roll and decision, and
//! the values that rank them.
//!
//! Values ([`values`]): P(win) from the win table of two or three players,
//! or the expected points of each turn (one player, or no win table within
//! reach), a last turn always the chase past the highest total. Each roll
//! is ranked by `advise`'s own ranking ([`rank`]): what it lists is exactly
//! what the session allows, so a set-aside is legal when it is among the
//! ranked alternatives ([`choices`]: which alternative a typed choice is,
//! and what sixdice's players choose).

mod choices;
mod estimate;
mod values;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::notes::{Judged, Mode, Note, Seat};
use crate::dice::{counts_of, dice_count, faces_of, format_dice, Counts};
use crate::error::{Error, Refusal};
use crate::limits::TURN_POINTS_MAX;
use crate::progress::Progress;
use crate::pushluck::model::{Params, TurnState};
use crate::pushluck::ranking::{piggyback, rank, situation_line};
use crate::pushluck::rules::Stop;
use crate::pushluck::simulate::arena::Player;
use crate::pushluck::situation::Situation;
use crate::pushluck::solution::{Next, Solution};
use crate::pushluck::strategy::strategy;
use crate::pushluck::win::{self, Side, Sides};
use crate::pushluck::PushLuckGame;
use crate::record::{Action, Decision, Step};
use crate::report::{
    Advice, LastTurns, PointsEntry, Prompt, PushLuckAdvice, PushLuckAlternative, SeatView, StrategySection, TableView,
    Then as AltThen, TurnEnd, TurnView,
};
use crate::vocabulary::Objective;
use choices::{alternative_text, choose};
use values::Valuing;

/// The last turns: who leads, with what; the seats still to play.
#[derive(Debug, Clone)]
struct Ending {
    leader: usize,
    best: i64,
    chasers: Vec<usize>,
}

#[derive(Debug, Clone)]
enum Phase {
    /// Take the leftover `k` dice with `t` points, or start fresh.
    Offer {
        k: u8,
        t: i64,
    },
    Roll,
    /// A roll to decide on, ranked by the session's values (and, under
    /// the win objective, by expected points too).
    Decide {
        dice: Counts,
        advice: Box<PushLuckAdvice>,
        ev: Option<Box<PushLuckAdvice>>,
    },
}

/// The turn in play.
struct Turn<'g> {
    /// The session's values of this turn.
    sol: Arc<Solution<'g>>,
    /// Win objective, not a last turn: the expected-score turn.
    ev: Option<Arc<Solution<'g>>>,
    /// A last turn: points needed to pass the leader (strictly above).
    need: Option<i64>,
    state: TurnState,
    phase: Phase,
    /// Under `piggyback=return` with the win objective, the offered
    /// leftover's own turn (a farkle there is worth another value); it
    /// becomes `sol` when the leftover is taken.
    on_leftover: Option<Arc<Solution<'g>>>,
    /// Under `piggyback=return`, once the leftover is taken: the seat that
    /// left it and the points a farkle gives back.
    returns: Option<(usize, i64)>,
    /// Three or more players: the points at stake `sol` was solved up to.
    solved_stake: i64,
    /// Three or more players: `advise`'s sentence on whose total is whose.
    line: Option<String>,
    /// Dice have been rolled this turn (a turn is entered by its points
    /// only before).
    rolled: bool,
}

pub(super) struct Table<'g> {
    game: &'g PushLuckGame,
    valuing: Valuing<'g>,
    sides: Sides,
    players: Vec<Side>,
    mover: usize,
    /// What the last bank left to take over: (dice, points).
    offer: Option<(u8, i64)>,
    /// The seat whose bank made the offer.
    offered_by: usize,
    ending: Option<Ending>,
    over: bool,
    turn: Option<Turn<'g>>,
    /// The strategy sheet's sections, for `human` players.
    sheet: Vec<StrategySection>,
    /// Expected-score turns solved so far, per turn parameters: most turns
    /// of a game share a few (as the arena keeps them for `ev` players).
    ev_turns: HashMap<Params, Arc<Solution<'g>>>,
    first_turn: bool,
    /// Where the tables are read (the rollouts read the pair table there).
    tables: PathBuf,
    /// Why the chances are estimated by rollouts, where they can be
    /// ([`estimate`]).
    estimable: Option<String>,
}

impl<'g> Table<'g> {
    pub(super) fn new(
        game: &'g PushLuckGame,
        seats: &[Seat],
        tables: &Path,
        progress: &dyn Progress,
        check_only: bool,
        notes: &mut Vec<Note>,
    ) -> Result<Table<'g>, Error> {
        let n = seats.len();
        let valuing = Valuing::new(game, n, tables, progress, check_only)?;
        let sides = match &valuing {
            Valuing::Pair(v) => v.sides,
            _ => Sides::new(game.win_model(), win::sides::default_floor(game.win_model())),
        };
        let sheet = if seats.contains(&Seat::Computer(Player::Human)) { strategy(game)?.sections } else { vec![] };
        let on_board = game.rules.turn.entry == 0;
        let estimable = match &valuing {
            Valuing::Points { why: Some(why), .. }
                if (3..=crate::pushluck::rollout::policy::SEATS_MOST).contains(&n)
                    && win::players::refusal(game.win_model(), n).is_none() =>
            {
                Some(why.clone())
            }
            _ => None,
        };
        let mut t = Table {
            game,
            valuing,
            sides,
            players: vec![Side { total: 0, on_board, farkles: 0 }; n],
            mover: 0,
            offer: None,
            offered_by: 0,
            ending: None,
            over: false,
            turn: None,
            sheet,
            ev_turns: HashMap::new(),
            first_turn: true,
            tables: tables.to_path_buf(),
            estimable,
        };
        t.begin_turn(notes)?;
        Ok(t)
    }

    pub(super) fn mode(&self) -> Mode {
        self.valuing.mode()
    }

    pub(super) fn objective(&self) -> Objective {
        self.valuing.objective()
    }

    /// Where a game of several players is judged by expected points: the
    /// sentence that says so, and why.
    pub(super) fn judging(&self) -> Option<String> {
        self.valuing.judging()
    }

    /// Where the chances are exact over the states a game from the start
    /// reaches: the sentence that says so.
    pub(super) fn exact_from(&self) -> Option<String> {
        self.valuing.exact_from()
    }

    /// The objective of the turn in play: a last turn is played to pass.
    fn turn_objective(&self) -> Objective {
        match &self.turn {
            Some(t) if t.need.is_some() => Objective::Win,
            _ => self.objective(),
        }
    }

    fn turn(&self) -> &Turn<'g> {
        self.turn.as_ref().expect("a turn is in play until the game is over")
    }

    fn may_piggyback(&self, me: Side) -> bool {
        let t = &self.game.rules.turn;
        t.piggyback && (me.on_board || !t.piggyback_needs_board)
    }

    /// The win table's index of a player's side (a total below the
    /// table's floor is valued at the floor, as the solver's game keeps it).
    fn side_index(&self, s: Side) -> Result<usize, Error> {
        let floor = self.sides.floor();
        let clamped = Side { total: s.total.max(floor), ..s };
        self.sides
            .index(clamped)
            .or_else(|| self.sides.of_question(clamped.total, clamped.farkles))
            .ok_or_else(|| Refusal::OffTable { total: s.total }.into())
    }

    /// Starts the mover's turn: its values, and the leftover offer.
    fn begin_turn(&mut self, notes: &mut Vec<Note>) -> Result<(), Error> {
        let me = self.players[self.mover];
        let need = self.ending.as_ref().map(|e| e.best - me.total);
        let offer = self.offer.take().filter(|_| self.may_piggyback(me));
        let values::TurnValues { sol, ev, on_leftover, line } = self.turn_values(need, offer)?;
        let leftover_sol = Arc::clone(on_leftover.as_ref().unwrap_or(&sol));
        let mut phase = Phase::Roll;
        if let Some((k, t)) = offer {
            if leftover_sol.roll_value(&TurnState::leftover(k, t)).is_ok() {
                phase = Phase::Offer { k, t };
            }
        }
        notes.push(Note::TurnBegins { seat: self.mover });
        let start = match phase {
            Phase::Offer { k, t } => {
                leftover_sol.roll_value(&TurnState::leftover(k, t)).expect("checked above").max(sol.start_value())
            }
            _ => sol.start_value(),
        };
        match self.chances(start) {
            Some(values) => notes.push(Note::Chances { values }),
            None if !self.valuing.wins() || self.first_turn => {
                notes.push(Note::Start { seat: self.mover, value: start })
            }
            None => {}
        }
        self.first_turn = false;
        let state = TurnState::start();
        self.turn = Some(Turn {
            sol,
            ev,
            need,
            state,
            phase,
            on_leftover,
            returns: None,
            solved_stake: 0,
            line,
            rolled: false,
        });
        Ok(())
    }

    pub(super) fn prompt(&self, names: &[String]) -> Prompt {
        if self.over {
            return Prompt::Over;
        }
        let (seat, player) = (self.mover, names[self.mover].clone());
        let turn = self.turn();
        match &turn.phase {
            Phase::Offer { k, t } => Prompt::Offer { seat, player, dice: *k, points: *t },
            Phase::Roll => {
                Prompt::Roll { seat, player, dice: usize::from(turn.state.dice), fewer: turn.sol.model.chooses_dice }
            }
            Phase::Decide { dice, .. } => {
                Prompt::Decide { seat, player, dice: faces_of(dice), roll: turn.state.rolls + 1, locked: vec![] }
            }
        }
    }

    /// The situation of the roll in play, as `advise` checks it.
    fn situation(&self) -> Situation {
        let me = self.players[self.mover];
        let state = self.turn().state;
        Situation {
            params: me.turn_params(&self.game.rules),
            state,
            roll: state.rolls + 1,
            farkles: u32::from(me.farkles),
        }
    }

    pub(super) fn record_roll(&mut self, dice: &[u8]) -> Result<Vec<Note>, Error> {
        self.roll(&counts_of(dice))
    }

    pub(super) fn roll(&mut self, dice: &Counts) -> Result<Vec<Note>, Error> {
        let k = usize::from(self.turn().state.dice);
        if !matches!(self.turn().phase, Phase::Roll) {
            return Err(Refusal::NoRollDue { expecting: "a decision is".into() }.into());
        }
        let fewer = self.turn().sol.model.chooses_dice;
        let n = dice_count(dice);
        if (fewer && !(1..=k).contains(&n)) || (!fewer && n != k) {
            let allowed = if fewer { format!("1 to {k}") } else { k.to_string() };
            return Err(Refusal::DiceCount { allowed, got: n, dice: Some(format_dice(dice)) }.into());
        }
        self.resolve_for(self.turn().state.points)?;
        let s = self.situation();
        let line = self.situation_text(&s, dice);
        let objective = self.turn_objective();
        let turn = self.turn();
        let advice = rank(self.game, &turn.sol, &s, dice, objective, line, None)?;
        let ev = match &turn.ev {
            Some(ev) => Some(Box::new(rank(self.game, ev, &s, dice, Objective::TurnScore, String::new(), None)?)),
            None => None,
        };
        let mut notes = vec![];
        let seat = self.mover;
        if fewer {
            notes.push(self.judge_dice_count(n)?);
        }
        if advice.farkle {
            let post = turn.sol.farkle_score();
            notes.push(Note::Roll { seat, dice: faces_of(dice), post, farkle: true });
            notes.push(Note::Step(Step::Roll { dice: faces_of(dice), action: Action::Farkle, real: false }));
            self.end_turn(Ended::Farkle, &mut notes)?;
        } else {
            let post = advice.expected_score;
            notes.push(Note::Roll { seat, dice: faces_of(dice), post, farkle: false });
            let turn = self.turn.as_mut().expect("in play");
            turn.phase = Phase::Decide { dice: *dice, advice: Box::new(advice), ev };
            turn.rolled = true;
        }
        Ok(notes)
    }

    /// What a turn entered by its result may bank now (the turn in play
    /// not rolled yet; see [`Table::score`]), or `None` at a leftover's
    /// offer.
    pub(super) fn points_entry(&self, names: &[String]) -> Option<PointsEntry> {
        let turn = self.turn.as_ref()?;
        if !matches!(turn.phase, Phase::Roll) || turn.rolled {
            return None;
        }
        let rules = &self.game.rules;
        let me = self.players[self.mover];
        let unit = turn.sol.model.grid;
        let inherited = turn.state.points;
        let counts = rules.turn.counts_from(me.on_board).max(unit);
        let least = if inherited > 0 { counts.max(inherited + unit) } else { counts };
        let most = rules.game.exact_goal.then_some(rules.game.goal - me.total);
        let player = names[self.mover].clone();
        let why = if inherited > 0 {
            format!(" (more than the {inherited} points taken over)")
        } else if !me.on_board && rules.turn.entry > 0 {
            " (to get on the board)".to_string()
        } else if me.on_board && rules.turn.min_bank > unit {
            " (the minimum bank)".to_string()
        } else {
            String::new()
        };
        let mut text = format!("{player}'s turn banks 0 (a farkle) or a multiple of {unit} from {least}{why}");
        if let Some(m) = most {
            text.push_str(&format!(" up to {m} (the goal is reached exactly: a bust is 0)"));
        }
        Some(PointsEntry { seat: self.mover, player, unit, least, most, text })
    }

    /// The mover's turn entered by its result: `points` banked (0: the
    /// turn farkled), leaving no dice to take over. Checked against the
    /// rules ([`Table::points_entry`]): a bank below the entry threshold
    /// or the minimum, past an exact goal, off the scoring unit, or below
    /// the points of a leftover taken over is refused, naming the rule.
    /// Nothing in such a turn is judged; the mover's value moves to the
    /// turn's end at once (a points turn is all luck to the ledgers).
    pub(super) fn score(&mut self, points: i64, names: &[String]) -> Result<Vec<Note>, Error> {
        let Some(entry) = self.points_entry(names) else {
            return Err(match self.turn.as_ref().map(|t| &t.phase) {
                Some(Phase::Offer { .. }) => {
                    Refusal::NotYet { first: "take the leftover dice or start fresh".into() }.into()
                }
                _ => Refusal::Points { why: "this turn has begun: give its rolls and decisions".into() }.into(),
            });
        };
        let refuse = |why: String| Err(Refusal::Points { why }.into());
        if points != 0 {
            if !(0..=TURN_POINTS_MAX).contains(&points) {
                return refuse(format!("{points} points: a turn banks 0 to {TURN_POINTS_MAX}"));
            }
            if points % entry.unit != 0 {
                return refuse(format!("{points} points: every score is a multiple of {}", entry.unit));
            }
            if points < entry.least || entry.most.is_some_and(|m| points > m) {
                return refuse(format!("{points} points: {}", entry.text));
            }
        }
        let seat = self.mover;
        let stake = points.max(self.turn().state.points);
        self.resolve_for(stake)?;
        let turn = self.turn();
        let post = if points == 0 {
            turn.sol.farkle_score()
        } else {
            turn.sol.bank_leaving(points, 0).ok_or(Refusal::BankForbidden { points })?
        };
        let mut notes = vec![Note::Points { seat, points, post }, Note::Step(Step::Points { points })];
        let ended = if points == 0 { Ended::Farkle } else { Ended::Bank(points, 0) };
        self.end_turn(ended, &mut notes)?;
        Ok(notes)
    }

    /// Near an exact goal with a choice of dice: how rolling `n` of the dice
    /// compares with the best number to roll, as a decision.
    fn judge_dice_count(&self, n: usize) -> Result<Note, Error> {
        let turn = self.turn();
        let best_of = |by: &[(u8, f64)]| by.iter().fold(by[0], |b, &x| if x.1 > b.1 { x } else { b });
        let value_of = |by: &[(u8, f64)]| by.iter().find(|x| usize::from(x.0) == n).map_or(f64::NAN, |x| x.1);
        let by = turn.sol.roll_values_of(&turn.state)?;
        let points_loss = match &turn.ev {
            Some(ev) => {
                let by = ev.roll_values_of(&turn.state)?;
                Some(best_of(&by).1 - value_of(&by))
            }
            None => None,
        };
        let text = |k: usize| format!("roll {k} of the {} dice", turn.state.dice);
        let best = best_of(&by);
        Ok(Note::Decision {
            seat: self.mover,
            judged: Judged {
                best: best.1,
                chosen: value_of(&by),
                choices: by.len(),
                best_text: text(usize::from(best.0)),
                played_text: text(n),
                points_loss,
                rollout_at: None,
            },
        })
    }

    /// How many dice `player`, played by sixdice, rolls now: every die
    /// that could be rolled, unless its policy keeps some back near an
    /// exact goal.
    pub(super) fn computer_dice(&self, player: Player) -> Result<usize, Error> {
        let turn = self.turn();
        let last = turn.need.is_some();
        let sol = match player {
            Player::Ev if !last => turn.ev.as_deref().unwrap_or(&turn.sol),
            Player::Optimal | Player::Ev | Player::WinSheet => &turn.sol,
            Player::Threshold(_) | Player::Human => return Ok(usize::from(turn.state.dice)),
        };
        Ok(usize::from(sol.dice_to_roll(&turn.state)?))
    }

    /// The situation line of `advise`, with the totals.
    fn situation_text(&self, s: &Situation, dice: &Counts) -> String {
        let mut line = situation_line(self.game, s, Some(dice));
        let me = self.players[self.mover];
        if let Some(l) = &self.turn().line {
            line.push_str(l);
            return line;
        }
        match &self.turn().need {
            Some(need) => line.push_str(&format!(
                "; your total {}: this is your last turn, and only more than {need} points wins",
                me.total
            )),
            None if self.valuing.wins() => {
                let other = self.players[1 - self.mover];
                line.push_str(&format!("; your total {}, your opponent's {}", me.total, other.total));
            }
            None => line.push_str(&format!("; your total {}", me.total)),
        }
        line
    }

    pub(super) fn decide(&mut self, d: &Decision) -> Result<Vec<Note>, Error> {
        let seat = self.mover;
        let mut notes = vec![];
        let turn = self.turn.as_ref().expect("in play");
        match (&turn.phase, d) {
            (Phase::Offer { k, t }, Decision::Take | Decision::Fresh) => {
                let (k, t) = (*k, *t);
                let take = *d == Decision::Take;
                let left = TurnState::leftover(k, t);
                let values = |sol: &Solution| (sol.roll_value(&left).expect("offered"), sol.start_value());
                let (_, fresh) = values(&turn.sol);
                let pig = turn.on_leftover.as_ref().unwrap_or(&turn.sol).roll_value(&left).expect("offered");
                let text = |take: bool| {
                    if take {
                        format!("take the {k} leftover dice and {t} points")
                    } else {
                        "start fresh".to_string()
                    }
                };
                let points_loss = turn.ev.as_ref().map(|ev| {
                    let (p, f) = values(ev);
                    p.max(f) - if take { p } else { f }
                });
                notes.push(Note::Decision {
                    seat,
                    judged: Judged {
                        best: pig.max(fresh),
                        chosen: if take { pig } else { fresh },
                        choices: 2,
                        best_text: text(pig > fresh),
                        played_text: text(take),
                        points_loss,
                        rollout_at: None,
                    },
                });
                notes.push(Note::Step(if take { Step::Take } else { Step::Fresh }));
                let by = self.offered_by;
                let back = self.game.rules.turn.piggyback_return;
                let turn = self.turn.as_mut().expect("in play");
                if take {
                    turn.state = left;
                    turn.returns = back.then_some((by, t));
                    if let Some(sol) = turn.on_leftover.take() {
                        turn.sol = sol;
                    }
                }
                turn.phase = Phase::Roll;
            }
            (Phase::Offer { .. }, _) => {
                return Err(Refusal::NotYet { first: "take the leftover dice or start fresh".into() }.into())
            }
            (Phase::Roll, _) => return Err(Refusal::NotYet { first: format!("roll {} dice", turn.state.dice) }.into()),
            (Phase::Decide { .. }, Decision::Take | Decision::Fresh) => {
                return Err(Refusal::WrongKind { why: "take and fresh are for the start of a turn".into() }.into())
            }
            (Phase::Decide { dice, advice, ev }, Decision::Act(action)) => {
                let (dice, advice, ev) = (*dice, advice.clone(), ev.clone());
                let (keep, then) = match action {
                    Action::SetAside { dice, then } => (counts_of(dice), *then),
                    Action::Farkle => {
                        return Err(Refusal::WrongKind {
                            why: format!("{} scores: set aside dice", format_dice(&dice)),
                        }
                        .into())
                    }
                    _ => {
                        return Err(Refusal::WrongKind {
                            why: "set aside scoring dice, then roll or bank: keep DICE roll, keep DICE bank".into(),
                        }
                        .into())
                    }
                };
                let chosen = choose(&advice, &dice, &keep, then)?;
                let best = &advice.alternatives[0];
                let points_loss = ev.as_ref().and_then(|ev| {
                    let c = choose(ev, &dice, &keep, then).ok()?;
                    Some(ev.alternatives[0].expected_score - c.expected_score)
                });
                notes.push(Note::Decision {
                    seat,
                    judged: Judged {
                        best: best.expected_score,
                        chosen: chosen.expected_score,
                        choices: advice.alternatives.len(),
                        best_text: alternative_text(best),
                        played_text: alternative_text(chosen),
                        points_loss,
                        rollout_at: self.rollout_at(&keep, then),
                    },
                });
                notes.push(Note::Step(Step::Roll {
                    dice: faces_of(&dice),
                    action: chosen.record_action(),
                    real: false,
                }));
                let chosen = chosen.clone();
                self.apply(&dice, &keep, &chosen, &mut notes)?;
            }
        }
        Ok(notes)
    }

    /// Plays alternative `alt` (setting aside `keep` from `dice`).
    fn apply(
        &mut self,
        dice: &Counts,
        keep: &Counts,
        alt: &PushLuckAlternative,
        notes: &mut Vec<Note>,
    ) -> Result<(), Error> {
        let turn = self.turn.as_ref().expect("in play");
        // The turn's own model: near an exact goal with a choice of dice,
        // six scoring dice may also be read by their parts.
        let model = turn.sol.model;
        let before = turn.state;
        let first = before.rolls == 0;
        let set_aside = model.scorer.set_asides(dice, first);
        let variant = set_aside
            .iter()
            .find(|sa| sa.keep == *keep)
            .and_then(|sa| sa.variants.iter().find(|v| v.parts == alt.reading && v.instant_win == alt.instant_win))
            .expect("a ranked alternative is a reading of a set-aside")
            .clone();
        let next = turn.sol.after(&before, keep, &variant)?;
        match (alt.then, next) {
            (AltThen::Ends, _) if alt.instant_win => self.end_turn(Ended::Instant, notes),
            (AltThen::Ends, _) => {
                // Dice kept back from the roll are left too.
                let left = before.dice - u8::try_from(dice_count(keep)).expect("at most six dice");
                self.end_turn(Ended::Bank(alt.at_stake, left), notes)
            }
            (AltThen::Bank, Next::Decide { points, dice: k2, .. }) => self.end_turn(Ended::Bank(points, k2), notes),
            (AltThen::Roll, Next::Decide { points, dice: k2, .. }) => {
                let tracks = model.scorer.tracks_ones();
                let ones = if tracks { before.ones.saturating_add(variant.ones).min(6) } else { 0 };
                let ones_points = if tracks { before.ones_points + variant.ones_points } else { 0 };
                let turn = self.turn.as_mut().expect("in play");
                turn.state = TurnState { points, dice: k2, rolls: before.rolls + 1, ones, ones_points };
                turn.phase = Phase::Roll;
                Ok(())
            }
            (then, next) => unreachable!("alternative {then:?} leads to {next:?}"),
        }
    }

    /// Ends the mover's turn and starts the next (or ends the game).
    fn end_turn(&mut self, ended: Ended, notes: &mut Vec<Note>) -> Result<(), Error> {
        let rules = &self.game.rules;
        let goal = rules.game.goal;
        let seat = self.mover;
        let me = self.players[seat];
        let settle = !self.valuing.wins();
        let mut won = false;
        let mut notes_back = vec![];
        let mut returned_win = None;
        let how = match ended {
            Ended::Instant => {
                won = true;
                TurnEnd::InstantWin
            }
            Ended::Farkle => {
                let penalty = self.farkle(seat);
                returned_win = self.give_back(&mut notes_back);
                TurnEnd::Farkle { penalty }
            }
            Ended::Bank(t, left) => match rules.turn.stop(me.on_board, t) {
                Stop::Forbidden => {
                    self.farkle(seat);
                    returned_win = self.give_back(&mut notes_back);
                    TurnEnd::Bank { points: t, counted: false }
                }
                Stop::ScoresNothing => {
                    self.players[seat].farkles = 0;
                    TurnEnd::Bank { points: t, counted: false }
                }
                Stop::Counts => {
                    let x = me.total + t;
                    if rules.game.exact_goal && x > goal {
                        // A bust counts as a farkle (docs/rules.md).
                        self.farkle(seat);
                        TurnEnd::Bank { points: t, counted: false }
                    } else {
                        self.players[seat] = Side { total: x, on_board: true, farkles: 0 };
                        // Left dice go to the next player (a player alone has none).
                        let others = self.players.len() > 1;
                        let leftover = (rules.turn.piggyback && others && (1..=5).contains(&left)).then_some((left, t));
                        self.offered_by = seat;
                        match &mut self.ending {
                            Some(e) => {
                                if x > e.best {
                                    e.leader = seat;
                                    e.best = x;
                                }
                                self.offer = leftover;
                            }
                            None if x >= goal => {
                                if !rules.game.last_turn || rules.game.exact_goal || self.players.len() == 1 {
                                    won = true;
                                } else {
                                    let n = self.players.len();
                                    let chasers = (1..n).map(|i| (seat + i) % n).collect();
                                    self.ending = Some(Ending { leader: seat, best: x, chasers });
                                    self.offer = leftover;
                                }
                            }
                            None => self.offer = leftover,
                        }
                        TurnEnd::Bank { points: t, counted: true }
                    }
                }
            },
        };
        notes.push(Note::TurnOver { seat, how, total: self.players[seat].total, settle });
        notes.extend(notes_back);
        let winner = if won {
            Some(seat)
        } else if returned_win.is_some() {
            returned_win
        } else {
            match &mut self.ending {
                Some(e) if e.chasers.is_empty() => Some(e.leader),
                Some(e) => {
                    self.mover = e.chasers.remove(0);
                    None
                }
                None => {
                    self.mover = (seat + 1) % self.players.len();
                    None
                }
            }
        };
        match winner {
            Some(w) => {
                self.over = true;
                self.turn = None;
                let n = self.players.len();
                let results = self.valuing.wins().then(|| (0..n).map(|i| if i == w { 1.0 } else { 0.0 }).collect());
                let totals = self.players.iter().map(|p| p.total).collect();
                notes.push(Note::GameOver { winners: vec![w], totals, results });
                Ok(())
            }
            None => self.begin_turn(notes),
        }
    }

    /// Under `piggyback=return`, after a farkle of a turn begun on a
    /// leftover: the seat that left it adds the inherited points to its
    /// total once more. That can reach the goal like a bank: every other
    /// seat, from the one after it (the player who farkled first), then
    /// has a last turn (or, without last turns, that seat wins: returned).
    /// In the last turns it can make that seat the leader.
    fn give_back(&mut self, notes: &mut Vec<Note>) -> Option<usize> {
        let (by, t) = self.turn.as_ref().and_then(|turn| turn.returns)?;
        let x = self.players[by].total + t;
        self.players[by].total = x;
        notes.push(Note::TurnOver { seat: by, how: TurnEnd::Returned { points: t }, total: x, settle: false });
        let rules = &self.game.rules;
        match &mut self.ending {
            Some(e) if x > e.best => {
                e.leader = by;
                e.best = x;
            }
            Some(_) => {}
            // (Returns cannot meet an exact goal; a game of one has no
            // leftovers.)
            None if x >= rules.game.goal && !rules.game.last_turn => return Some(by),
            None if x >= rules.game.goal => {
                let n = self.players.len();
                let chasers = (1..n).map(|i| (by + i) % n).collect();
                self.ending = Some(Ending { leader: by, best: x, chasers });
            }
            None => {}
        }
        None
    }

    /// A farkle: one more in a row, or at the third the penalty; returns
    /// the penalty paid.
    fn farkle(&mut self, seat: usize) -> i64 {
        let penalty = self.game.rules.turn.three_farkle_penalty;
        let p = &mut self.players[seat];
        if penalty == 0 {
            return 0;
        }
        if p.farkles < 2 {
            p.farkles += 1;
            return 0;
        }
        p.farkles = 0;
        p.total -= penalty;
        penalty
    }

    pub(super) fn hint(&self) -> Result<Advice, Error> {
        let turn = self.turn();
        match &turn.phase {
            Phase::Offer { k, t } => {
                let mut s = self.situation();
                s.state = TurnState::leftover(*k, *t);
                s.roll = 2;
                let on_leftover = turn.on_leftover.as_ref().unwrap_or(&turn.sol);
                let mut a = piggyback(self.game, on_leftover, &turn.sol, &s, *k)?;
                a.objective = self.turn_objective();
                Ok(Advice::Piggyback(a))
            }
            Phase::Decide { advice, .. } => Ok(Advice::PushLuck((**advice).clone())),
            Phase::Roll => Err(Refusal::NotYet { first: "roll".into() }.into()),
        }
    }

    pub(super) fn view(&self, names: &[String]) -> TableView {
        let rules = &self.game.rules;
        let seats = self
            .players
            .iter()
            .zip(names)
            .map(|(p, name)| SeatView {
                player: name.clone(),
                computer: false,
                total: p.total,
                on_board: (rules.turn.entry > 0).then_some(p.on_board),
                farkles: (rules.turn.three_farkle_penalty > 0).then_some(p.farkles),
                sheet: None,
                value: 0.0,
            })
            .collect();
        let turn = self.turn.as_ref().map(|t| TurnView {
            roll: t.state.rolls + 1,
            at_stake: t.state.points,
            dice: usize::from(t.state.dice),
            kept: vec![],
        });
        TableView {
            game: self.game.reference(),
            objective: self.objective(),
            seats,
            mover: (!self.over).then_some(self.mover),
            turn,
            last_turns: self.ending.as_ref().map(|e| LastTurns { leader: e.leader, leader_total: e.best }),
            over: self.over,
        }
    }
}

/// How a turn ended, before the rules say what it scores.
#[derive(Debug, Clone, Copy)]
enum Ended {
    Farkle,
    /// Turn points, and the dice not set aside (a leftover, 1 to 5).
    Bank(i64, u8),
    Instant,
}
