//! The arena where players meet: policies (the exact win policy, the
//! expected-score policy, thresholds, the strategy sheets) playing seeded
//! games of a push-your-luck game with random dice, drawn from the solved
//! models' roll classes.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use crate::error::Error;
use crate::pushluck::level_total;
use crate::pushluck::model::{dice_of, hot_end, Model, Params, TurnState, HOT_END, HOT_INSTANT};
use crate::pushluck::rules::Stop;
use crate::pushluck::solution::{leftover_class, Solution};
use crate::pushluck::strategy::strategy;
use crate::pushluck::win::{self, last_turn, leftover_context, Side, Sides, WinValues};
use crate::pushluck::PushLuckGame;
use crate::report::{StrategySection, WinSheet};

/// A game still running after this many turns is stopped and counted as
/// unfinished (no built-in rule set comes near it).
pub(crate) const TURNS_MAX: u32 = 100_000;

pub(crate) use crate::computer::Player;

/// Draws rolls of a model's contexts: per context and group of dice (see
/// [`Model::for_turn`]) the farkle probability then the cumulative
/// probabilities of its outcome classes.
pub(crate) struct Dice<'m> {
    pub(super) model: &'m Model,
    /// Per context, per roll: the chance of that roll or an earlier one of
    /// its group (a farkle first).
    cumulative: Vec<Vec<f64>>,
    start: usize,
    /// The dice of the model's turns near the goal, if it has them.
    near_goal: Option<Box<Dice<'m>>>,
}

impl<'m> Dice<'m> {
    pub(crate) fn new(model: &'m Model) -> Dice<'m> {
        let cumulative = model
            .tables
            .iter()
            .map(|t| {
                let mut cum = vec![0.0; t.rolls.len()];
                for g in &t.groups {
                    let mut acc = g.farkle;
                    for r in g.rolls() {
                        acc += t.rolls[r].0;
                        cum[r] = acc;
                    }
                }
                cum
            })
            .collect();
        let start = model.context_of(&TurnState::start()).ok().flatten().expect("a fresh turn rolls");
        let near_goal = model.near_goal().map(|near| Box::new(Dice::new(near)));
        Dice { model, cumulative, start, near_goal }
    }

    /// The dice of turns solved on `model`: these, or those of the turns
    /// near the goal.
    pub(super) fn on(&self, model: &Model) -> &Dice<'m> {
        match &self.near_goal {
            Some(near) if std::ptr::eq(near.model, model) => near,
            _ => self,
        }
    }

    /// The successors of one roll of group `g`'s dice in context `c`, or
    /// `None` for a farkle.
    pub(super) fn roll(&self, c: usize, g: usize, rng: &mut SmallRng) -> Option<&'m [u32]> {
        let t = &self.model.tables[c];
        let group = t.groups[g];
        let u: f64 = rng.gen();
        if u < group.farkle {
            return None;
        }
        let cum = &self.cumulative[c][group.rolls()];
        let i = group.rolls().start + cum.partition_point(|&x| x <= u).min(cum.len() - 1);
        let (_, a, b) = t.rolls[i];
        Some(&t.hot[a as usize..b as usize])
    }

    /// Plays a turn from `from` (a fresh start, or the level and context of
    /// a piggyback roll): `pick` chooses among a roll's encoded successors
    /// at a level, `stop` says whether to bank at a decision state.
    /// A turn that sets aside every scoring die (the set-aside that scores
    /// most) and banks at the first turn total where `banks` says so (the
    /// simple players: `threshold=N`, a last turn rolled until it passes).
    pub(super) fn greedy(
        &self,
        rng: &mut SmallRng,
        from: Option<(usize, usize)>,
        banks: impl Fn(i64) -> bool,
    ) -> Ended {
        let g = self.model.grid;
        self.walk(rng, from, |_, hot| self.most_points(hot), |l, _| banks(level_total(l, g)))
    }

    /// [`Self::walk_grouped`] rolling every die.
    pub(super) fn walk(
        &self,
        rng: &mut SmallRng,
        from: Option<(usize, usize)>,
        pick: impl FnMut(usize, &[u32]) -> u32,
        stop: impl FnMut(usize, usize) -> bool,
    ) -> Ended {
        self.walk_grouped(rng, from, |_, _| 0, pick, stop)
    }

    /// Plays a turn from `from` (a fresh start, or the level and context of
    /// a piggyback roll): `group` chooses the dice to roll at a decision
    /// state (a group of its context), `pick` among a roll's encoded
    /// successors at a level, and `stop` says whether to bank.
    pub(super) fn walk_grouped(
        &self,
        rng: &mut SmallRng,
        from: Option<(usize, usize)>,
        mut group: impl FnMut(usize, usize) -> usize,
        mut pick: impl FnMut(usize, &[u32]) -> u32,
        mut stop: impl FnMut(usize, usize) -> bool,
    ) -> Ended {
        let n = self.model.contexts();
        let g = self.model.grid;
        let (mut level, mut c) = from.unwrap_or((0, self.start));
        let left = |k: usize| u8::try_from(leftover_class(k)).expect("at most five dice");
        loop {
            let Some(hot) = self.roll(c, group(level, c), rng) else { return Ended::Farkle };
            let x = pick(level, hot);
            if x == HOT_INSTANT {
                return Ended::Instant;
            }
            if x & HOT_END != 0 {
                let (gain, k) = hot_end(x);
                return Ended::Bank(level_total(level + gain, g), left(k));
            }
            level += x as usize / n;
            c = x as usize % n;
            if stop(level, c) {
                return Ended::Bank(level_total(level, g), left(dice_of(c)));
            }
        }
    }

    /// Where a piggyback roll on `k` leftover dice with `t` inherited
    /// points starts in this model: (level, context).
    pub(super) fn leftover_start(&self, k: u8, t: i64) -> Option<(usize, usize)> {
        let g = self.model.grid;
        if t <= 0 || t % g != 0 {
            return None;
        }
        Some((usize::try_from(t / g).ok()?, leftover_context(self.model, usize::from(k))?))
    }

    /// The successor that scores most (every scoring die set aside); an
    /// instant win first.
    fn most_points(&self, hot: &[u32]) -> u32 {
        let n = self.model.contexts() as u32;
        let gain = |x: u32| -> u32 {
            if x == HOT_INSTANT {
                u32::MAX
            } else if x & HOT_END != 0 {
                hot_end(x).0 as u32
            } else {
                x / n
            }
        };
        let mut best = hot[0];
        for &x in hot {
            if gain(x) > gain(best) {
                best = x;
            }
        }
        best
    }
}

/// How a turn ended.
/// A bank-or-roll decision of the optimal player in a simulated game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Decision {
    /// The mover's side and the opponent's ([`Sides`] indices).
    pub(crate) a: usize,
    pub(crate) b: usize,
    pub(crate) turn_total: i64,
    /// Dice to roll next.
    pub(crate) dice: u8,
    /// Roll class of the turn model (rolls made, for games that count them).
    pub(crate) roll_class: u8,
    /// The exact policy banks.
    pub(crate) bank: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ended {
    Farkle,
    /// Turn points, and dice left not set aside (0: none to take over).
    Bank(i64, u8),
    Instant,
}

/// Optimal players' turns kept across games (each a few hundred kB).
pub(super) const KEPT_TURNS: usize = 4096;

/// Turns solved on first use, shared by the threads of a run.
pub(crate) type Cache<'g, K> = Mutex<HashMap<K, Arc<Solution<'g>>>>;

/// Returns the cached solution of `key`, solving it with `solve` when
/// missing (kept while the cache has room).
pub(crate) fn cached<'g, K: std::hash::Hash + Eq>(
    cache: &Cache<'g, K>,
    key: K,
    solve: impl FnOnce() -> Solution<'g>,
) -> Arc<Solution<'g>> {
    if let Some(s) = cache.lock().expect("not poisoned").get(&key) {
        return Arc::clone(s);
    }
    let s = Arc::new(solve());
    let mut c = cache.lock().expect("not poisoned");
    if c.len() < KEPT_TURNS {
        c.insert(key, Arc::clone(&s));
    }
    s
}

/// The win table's turn per pair of sides, solved on first use and kept
/// for the run: play reads its decision values only, so the rest is
/// dropped. (The arena's optimal player and the rollouts' seats: a run
/// meets a few thousand pairs over and over.)
pub(crate) struct PairTurns<'g> {
    turns: Vec<OnceLock<Solution<'g>>>,
    sides: usize,
}

impl<'g> PairTurns<'g> {
    pub(crate) fn new(sides: usize) -> PairTurns<'g> {
        PairTurns { turns: (0..sides * sides).map(|_| OnceLock::new()).collect(), sides }
    }

    /// The turn of the mover at side `a` against side `b`.
    pub(crate) fn get(&self, values: &WinValues<'g>, a: usize, b: usize) -> &Solution<'g> {
        self.turns[a * self.sides + b].get_or_init(|| {
            let mut s = values.turn(a, b);
            keep_decisions(&mut s);
            s
        })
    }
}

/// Keeps what play reads of a solved turn: its decision values.
pub(crate) fn keep_decisions(s: &mut Solution) {
    for v in [&mut s.roll_values, &mut s.slopes, &mut s.roll_slopes] {
        *v = Vec::new();
    }
    s.choices = Vec::new();
}

/// Everything the players of one run need, built once.
pub(super) struct Arena<'g> {
    game: &'g PushLuckGame,
    sides: Sides,
    /// Sides of the expected-score model (totals and farkles are the same
    /// game facts; the optimal player's are those of the win table).
    pub(super) win: Option<WinValues<'g>>,
    /// The optimal player's turn per pair of sides, solved on first use.
    turns: PairTurns<'g>,
    /// Last turns of the optimal player per (on the board, points needed).
    last: Cache<'g, (bool, i64)>,
    /// Under `piggyback=return`, the optimal player's turns begun on a
    /// leftover, per (sides, inherited points), solved on first use.
    returned: Cache<'g, (usize, usize, i64)>,
    win_dice: Dice<'g>,
    dice: Dice<'g>,
    /// Expected-score turns per (on the board, two farkles, points to the goal).
    ev: HashMap<Params, Solution<'g>>,
    /// The strategy sheet's sections (human player).
    sheet: Vec<StrategySection>,
    /// The sheet to win (win-sheet player).
    win_sheet: Option<WinSheet>,
}

impl<'g> Arena<'g> {
    pub(super) fn ev_key(&self, s: Side) -> Params {
        s.turn_params(&self.game.rules)
    }

    /// The optimal player's turn at sides `(a, b)`, solved on first use.
    pub(super) fn optimal_turn(&self, a: usize, b: usize) -> &Solution<'g> {
        let values = self.win.as_ref().expect("loaded for an optimal player");
        self.turns.get(values, a, b)
    }

    /// The optimal player's turn at sides `(a, b)` begun on a leftover
    /// with `t` points inherited, under `piggyback=return` (where a farkle
    /// is worth another value), solved on first use.
    fn returned_turn(&self, a: usize, b: usize, t: i64) -> Arc<Solution<'g>> {
        let values = self.win.as_ref().expect("loaded for an optimal player");
        cached(&self.returned, (a, b, t), || values.turn_on_leftover(a, b, t))
    }

    /// Whether the mover at side `a` may take over leftover dice.
    pub(super) fn may_piggyback(&self, me: Side) -> bool {
        let turn = &self.game.rules.turn;
        turn.piggyback && (me.on_board || !turn.piggyback_needs_board)
    }

    /// Where `who`'s turn at `(a, b)` starts on `dice`'s model when the
    /// previous bank offers `offer` (leftover dice, inherited points):
    /// `Some` to piggyback (see the module documentation), `None` to start
    /// fresh.
    pub(super) fn piggyback_start(
        &self,
        who: Player,
        a: usize,
        b: usize,
        offer: Option<(u8, i64)>,
        dice: &Dice,
    ) -> Option<(usize, usize)> {
        let (k, t) = offer?;
        let me = self.sides.side(a);
        if !self.may_piggyback(me) {
            return None;
        }
        let start = dice.leftover_start(k, t)?;
        let takes = match who {
            Player::Optimal | Player::WinSheet => {
                let values = self.win.as_ref().expect("loaded for an optimal player");
                let level = usize::try_from(t / values.model.grid).ok()?;
                let roll = values.offers.as_ref().and_then(|o| o.piggyback(a, b, usize::from(k), level));
                roll.is_some_and(|r| r > values.at(a, b))
            }
            Player::Ev => {
                let sol = &self.ev[&self.ev_key(me)];
                sol.roll_value(&TurnState::leftover(k, t)).is_ok_and(|v| v > sol.start_value())
            }
            Player::Threshold(n) => t >= n,
            Player::Human => sheet_takes(self.section(me), k, t),
        };
        takes.then_some(start)
    }

    /// The strategy sheet's section for a player at side `me` (human player).
    pub(super) fn section(&self, me: Side) -> &StrategySection {
        let p = self.ev_key(me);
        self.sheet
            .iter()
            .find(|s| s.on_board == p.on_board && s.two_farkles_in_a_row == p.last_chance)
            .expect("the sheet has every section")
    }

    /// The dice (turn model) `who` plays on.
    pub(super) fn dice_for(&self, who: Player) -> &Dice<'g> {
        match who {
            Player::Optimal | Player::WinSheet => &self.win_dice,
            Player::Ev | Player::Threshold(_) | Player::Human => &self.dice,
        }
    }

    /// Plays `who`'s turn at sides `(a, b)`, from `from` (a fresh start,
    /// or a piggyback roll on [`Self::dice_for`]'s model); `watch` sees the
    /// optimal player's bank-or-roll decisions.
    pub(super) fn turn(
        &self,
        who: Player,
        (a, b): (usize, usize),
        from: Option<(usize, usize)>,
        rng: &mut SmallRng,
        watch: Option<&mut dyn FnMut(Decision)>,
    ) -> Ended {
        let me = self.sides.side(a);
        let counts = |t: i64| self.game.rules.turn.stop(me.on_board, t) == Stop::Counts;
        match who {
            Player::Optimal => {
                let held;
                let sol = match from {
                    // A turn on a leftover whose farkle returns its points.
                    Some((level, _)) if self.game.rules.turn.piggyback_return => {
                        held = self.returned_turn(a, b, level_total(level, self.win_dice.model.grid));
                        &*held
                    }
                    _ => self.optimal_turn(a, b),
                };
                let Some(watch) = watch else { return play(&self.win_dice, sol, from, rng) };
                let model = self.win_dice.model;
                self.win_dice.on(sol.model).walk_grouped(
                    rng,
                    from,
                    |level, c| sol.rolled_group(level_total(level, model.grid), c),
                    |level, hot| sol.best_successor(level, hot),
                    |level, c| {
                        let bank = sol.stops_at(level, c);
                        let t = level_total(level, model.grid);
                        if counts(t) {
                            let (dice, rolls, _) = model.unctx(c);
                            watch(Decision { a, b, turn_total: t, dice: dice as u8, roll_class: rolls as u8, bank });
                        }
                        bank
                    },
                )
            }
            Player::Ev => play(&self.dice, &self.ev[&self.ev_key(me)], from, rng),
            Player::Threshold(n) => self.dice.greedy(rng, from, |t| t >= n && counts(t)),
            Player::WinSheet => {
                let sheet = self.win_sheet.as_ref().expect("fitted for a win-sheet player");
                let them = self.sides.side(b);
                let sol = self.optimal_turn(a, b);
                let m = self.win_dice.model;
                self.win_dice.on(sol.model).walk_grouped(
                    rng,
                    from,
                    |level, c| sol.rolled_group(level_total(level, m.grid), c),
                    |level, hot| sol.best_successor(level, hot),
                    |l, c| {
                        let t = level_total(l, m.grid);
                        let (k, r, _) = m.unctx(c);
                        counts(t) && sheet.rules.banks(me.total, me.on_board, them.total, t, k as u8, r as u32)
                    },
                )
            }
            Player::Human => {
                let section = self.section(me);
                let m = self.dice.model;
                let g = m.grid;
                let limited = self.game.rules.turn.max_rolls > 0;
                self.dice.walk(
                    rng,
                    from,
                    |_, hot| self.dice.most_points(hot),
                    |l, c| {
                        let t = level_total(l, g);
                        let (k, r, _) = m.unctx(c);
                        let rolls_made = if limited { r as u32 } else { 1 };
                        counts(t) && sheet_banks(section, k, rolls_made, t)
                    },
                )
            }
        }
    }

    /// Plays `who`'s last turn: it wins by ending above `need` points;
    /// `offer` is the leader's leftover, if any.
    pub(super) fn last_turn(
        &self,
        who: Player,
        me: Side,
        need: i64,
        offer: Option<(u8, i64)>,
        rng: &mut SmallRng,
    ) -> bool {
        let rules = &self.game.rules;
        let counts = |t: i64| rules.turn.stop(me.on_board, t) == Stop::Counts;
        let ended = match who {
            Player::Optimal | Player::Ev => {
                let sol = cached(&self.last, (me.on_board, need), || last_turn(self.win_dice.model, me.on_board, need));
                // Roll the leader's leftover when that passes more often.
                let from = offer.filter(|_| self.may_piggyback(me)).and_then(|(k, t)| {
                    let better = sol.roll_value(&TurnState::leftover(k, t)).is_ok_and(|v| v > sol.start_value());
                    better.then(|| self.win_dice.leftover_start(k, t)).flatten()
                });
                play(&self.win_dice, &sol, from, rng)
            }
            _ => self.dice.greedy(rng, None, |t| t > need && counts(t)),
        };
        match ended {
            Ended::Instant => true,
            Ended::Bank(t, _) => counts(t) && t > need,
            Ended::Farkle => false,
        }
    }

    /// One game: the winner (0 = first player; `None` unfinished), the
    /// number of turns and the number of turns started on a leftover.
    pub(super) fn game(
        &self,
        players: [Player; 2],
        rng: &mut SmallRng,
        mut watch: Option<&mut dyn FnMut(Decision)>,
    ) -> (Option<usize>, u32, u32) {
        let rules = &self.game.rules;
        let goal = rules.game.goal;
        let start = self.sides.of_question(0, 0).expect("0 is a total");
        let mut side = [start, start];
        let mut mover = 0;
        // What the previous bank left to take over: (dice, points).
        let mut offer: Option<(u8, i64)> = None;
        let mut piggybacks = 0;
        for turn in 1..=TURNS_MAX {
            let (a, b) = (side[mover], side[1 - mover]);
            let me = self.sides.side(a);
            let watching: Option<&mut dyn FnMut(Decision)> = match &mut watch {
                Some(w) => Some(&mut **w),
                None => None,
            };
            let who = players[mover];
            let offered = offer.take();
            let from = self.piggyback_start(who, a, b, offered, self.dice_for(who));
            piggybacks += u32::from(from.is_some());
            // Under piggyback=return what a farkle of this turn gives back.
            let returns = offered.filter(|_| from.is_some() && rules.turn.piggyback_return).map(|(_, t)| t);
            let ended = self.turn(who, (a, b), from, rng, watching);
            let banked = match ended {
                Ended::Instant => return (Some(mover), turn, piggybacks),
                Ended::Farkle => None,
                Ended::Bank(t, left) => match rules.turn.stop(me.on_board, t) {
                    // A forced end where no bank is allowed scores nothing, like a farkle.
                    Stop::Forbidden => None,
                    Stop::ScoresNothing => {
                        side[mover] = self.sides.after_pass(a);
                        mover = 1 - mover;
                        continue;
                    }
                    Stop::Counts => Some((t, left)),
                },
            };
            let Some((t, left)) = banked else {
                side[mover] = self.sides.after_farkle(a);
                if let Some(back) = returns {
                    // The player who left the dice gets their points once
                    // more; at the goal that ends the game like a bank, and
                    // the mover has the last turn.
                    let x = self.sides.side(b).total + back;
                    if x >= goal {
                        let passes = rules.game.last_turn && {
                            let mine = self.sides.side(side[mover]);
                            self.last_turn(who, mine, x - mine.total, None, rng)
                        };
                        return (Some(if passes { mover } else { 1 - mover }), turn + 1, piggybacks);
                    }
                    side[1 - mover] = self.sides.after_bank(x);
                }
                mover = 1 - mover;
                continue;
            };
            let x = me.total + t;
            let leftover = (rules.turn.piggyback && left > 0).then_some((left, t));
            if rules.game.exact_goal && x > goal {
                // A bust counts as a farkle (docs/rules.md).
                side[mover] = self.sides.after_farkle(a);
            } else if x >= goal {
                if !rules.game.last_turn || rules.game.exact_goal {
                    return (Some(mover), turn, piggybacks);
                }
                let them = self.sides.side(b);
                let passes = self.last_turn(players[1 - mover], them, x - them.total, leftover, rng);
                return (Some(if passes { 1 - mover } else { mover }), turn + 1, piggybacks);
            } else {
                side[mover] = self.sides.after_bank(x);
                offer = leftover;
            }
            mover = 1 - mover;
        }
        (None, TURNS_MAX, piggybacks)
    }
}

impl<'g> Arena<'g> {
    /// The arena for `players` (`win`: the win table, for `optimal`).
    pub(super) fn new(
        game: &'g PushLuckGame,
        win: Option<WinValues<'g>>,
        win_sheet: Option<WinSheet>,
        players: &[Player],
    ) -> Result<Arena<'g>, Error> {
        let model = game.win_model();
        let sides = match &win {
            Some(v) => v.sides,
            None => Sides::new(model, win::sides::default_floor(model)),
        };
        let m = sides.len();
        let mut arena = Arena {
            game,
            sides,
            turns: PairTurns::new(if win.is_some() { m } else { 0 }),
            win,
            last: Mutex::new(HashMap::new()),
            returned: Mutex::new(HashMap::new()),
            win_dice: Dice::new(model),
            dice: Dice::new(game.model()),
            ev: HashMap::new(),
            sheet: vec![],
            win_sheet,
        };
        if players.contains(&Player::Ev) {
            for i in 0..m {
                let key = arena.ev_key(sides.side(i));
                if let std::collections::hash_map::Entry::Vacant(e) = arena.ev.entry(key) {
                    e.insert(game.model().solve(key)?);
                }
            }
        }
        if players.contains(&Player::Human) {
            arena.sheet = strategy(game)?.sections;
        }
        Ok(arena)
    }
}

/// The optimal player's bank-or-roll decisions in `games` seeded games of
/// optimal against optimal play (`values`: the solved win table), one set
/// of games per seed.
///
/// # Errors
/// None in practice (the arena of optimal players solves nothing up front).
pub(crate) fn optimal_decisions<'g>(
    game: &'g PushLuckGame,
    values: WinValues<'g>,
    games: u64,
    seeds: &[u64],
) -> Result<Vec<Vec<Decision>>, Error> {
    let arena = Arena::new(game, Some(values), None, &[Player::Optimal])?;
    let chunk = 1024u64;
    Ok(seeds
        .iter()
        .map(|&seed| {
            (0..games.div_ceil(chunk))
                .into_par_iter()
                .flat_map_iter(|c| {
                    let mut seen = vec![];
                    for i in c * chunk..((c + 1) * chunk).min(games) {
                        let mut rng = SmallRng::seed_from_u64(game_seed(seed, 0, i));
                        arena.game([Player::Optimal, Player::Optimal], &mut rng, Some(&mut |d| seen.push(d)));
                    }
                    seen
                })
                .collect()
        })
        .collect())
}

/// Whether the strategy sheet's `section` banks `t` points with `dice` to
/// roll after `rolls_made` rolls (1 when the rules do not count rolls):
/// the `human` player's rule.
pub(crate) fn sheet_banks(section: &StrategySection, dice: usize, rolls_made: u32, t: i64) -> bool {
    let row = section.bank_at.iter().find(|row| usize::from(row.dice_to_roll) == dice && row.rolls_made == rolls_made);
    row.is_some_and(|row| row.bank_from.is_some_and(|f| t >= f) || row.also_bank_at.contains(&t))
}

/// Whether the sheet's `section` rolls `k` leftover dice with `t`
/// inherited points (the `human` player's rule).
pub(crate) fn sheet_takes(section: &StrategySection, k: u8, t: i64) -> bool {
    section.piggyback_from.iter().any(|row| row.leftover_dice == k && row.inherited_from.is_some_and(|from| t >= from))
}

/// Plays a turn by a solved policy, from `from` (see [`Dice::walk`]).
pub(crate) fn play(dice: &Dice, sol: &Solution, from: Option<(usize, usize)>, rng: &mut SmallRng) -> Ended {
    let g = sol.model.grid;
    dice.on(sol.model).walk_grouped(
        rng,
        from,
        |level, c| sol.rolled_group(level_total(level, g), c),
        |level, hot| sol.best_successor(level, hot),
        |level, c| sol.stops_at(level, c),
    )
}

/// The seed of game `i` of pairing `p`.
pub(crate) fn game_seed(seed: u64, p: u64, i: u64) -> u64 {
    let mix = |x: u64| x.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    seed ^ mix(i) ^ mix(p).rotate_left(32)
}
