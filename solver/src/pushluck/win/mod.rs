//! The win objective: two players, each maximising their own probability
//! of winning the whole game, solved exactly.
//!
//! ## State
//! A turn starts at `(a, b)`: the mover's *side* `a` and the opponent's `b`
//! ([`Sides`]). Without the three-farkle penalty a side is a banked total on
//! the points grid below the goal; totals never fall, so "on the board" is
//! `a > 0` (or no entry threshold at all) and needs no state of its own.
//! With the penalty a side also holds the player's farkles in a row and
//! whether they are on the board, and totals reach down to a stated floor;
//! that game is solved by policy iteration ([`penalty`]), the rest of this
//! page describes the game without it. `W(a, b)` is the probability that
//! the mover wins; the first player's chance from 0–0 is
//! [`WinValues::first`]. Inside a turn the state is that of the expected-score
//! solver (turn points and the context: dice, roll class, Van't Hof 1s);
//! the same DP ([`super::dp`]) solves it, with a different payoff
//! (`Payoff::Win` in `super::solution`): ending the turn is worth
//! - a farkle, or a bank that scores nothing (under the entry threshold,
//!   past an exact goal): `1 - W(b, a)`, the opponent to move;
//! - a bank to `x = a + t` below the goal: `1 - W(b, x)`;
//! - a bank to `x` at or past the goal: the opponent's last turn must end
//!   strictly above `x`, so `1 - P_pass(b, x)`, where `P_pass` is the
//!   probability of a turn scoring more than `x - b` when playing for
//!   exactly that ([`LastTurn`]); without a last turn (`last-turn =
//!   false`) or at an exact goal (nobody can pass it) the bank wins, `1`;
//! - an instant win: `1`.
//!
//! ## Order and cycles
//! A bank raises the total `a + b`; a farkle hands the turn over with both
//! totals unchanged. So pairs are solved by decreasing total (the pairs of
//! one total in parallel: they only read higher totals), and within a pair
//! `(a, b)` and `(b, a)` depend on each other only through the farkle value:
//! `x = W(a, b) = f(1 - y)`, `y = W(b, a) = g(1 - x)`, where `f` and `g` are
//! the turn DP's start value as a function of the farkle value: convex,
//! piecewise linear (one piece per policy), non-decreasing, with slope the
//! policy's farkle probability (of ending in a farkle, or in a stop worth
//! the same), below 1. The fixed point of `x -> f(1 - g(1 - x))` (slope
//! in `[0, 1)`) is found by Newton's method with the exact slopes of the
//! current policies, which the DP carries along with the values: exact in
//! one step once the policies are those of the fixed point. The DP also
//! finds how far the farkle value may move before any decision of its
//! policy changes (comparing each choice with every alternative along their
//! slopes), so a step inside both turns' ranges is exact and accepted
//! without evaluating again. The first iterate continues the pair's solved
//! neighbours (a quadratic through the 3 x 3 block of higher totals), so
//! most pairs take one evaluation (Farkle: 2.1 turn DPs a pair); otherwise
//! the step is evaluated, a step that does not shrink the residual is
//! followed by a plain fixed-point step, and it stops when the residual is
//! below [`RESIDUAL`].
//!
//! Without the penalty and piggyback the game facts ([`facts`]) are solved
//! along: each pair's accepted turns give their expectations over the ends
//! in one backward pass over the choices the DP recorded.
//!
//! With piggyback a bank that leaves dice is worth a little less to the
//! player who leaves them: see [`offers`].
//!
//! ## Where a turn stops being solved
//! Past the goal a bank is worth `1 - P_pass(b, x)`, which grows with `x`
//! towards 1; rolling on risks a farkle. From the first total `x` where
//! banking beats the best one-roll look-ahead in every context,
//! `1 - P_pass(b, x) >= max_c (q_c F + p_c + (1 - q_c - p_c)(1 - c))` (`q_c`
//! the context's farkle probability, `p_c` its chance of an instant win, `c`
//! a lower bound of the chance of an instant win in a turn, `F` the farkle
//! value), the set where banking looks better stays closed as `x` grows,
//! so banking is optimal there (the monotone case of optimal stopping) and
//! the turn is solved exactly below it. Where that never happens (contexts
//! without farkle risk, hopeless opponents in games with instant wins), the
//! turn stops where `P_pass` is within [`TAIL`] of its limit, and the
//! solve reports the largest value that stop could have lost as its
//! `truncation` bound.

use std::sync::Arc;
use std::time::Instant;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

#[cfg(test)]
mod advice_exactness;
pub(crate) mod facts;
pub(crate) mod offers;
pub(crate) mod penalty;
pub(crate) mod sheet;
pub(crate) mod sides;
pub(crate) mod table;

pub(crate) use offers::Offers;
pub(crate) use sides::{Side, Sides};

use super::level_total;
use super::model::{Model, Params, Succ, TurnState};
use super::rules::Stop;
use super::solution::{leftover_class, BanksBeyond, SameBeyond, Solution, WinPayoff};
use super::PushLuckGame;
use crate::error::Error;
use crate::limits::{check_solve_size, WIN_OFFER_BYTES, WIN_SOLVE_STATES};
use crate::progress::Progress;
use crate::report::WinFacts;

/// A fixed point is accepted when `|x - f(1 - g(1 - x))|` is below this.
pub(crate) const RESIDUAL: f64 = 1e-14;
/// The last-turn pass probabilities are computed until they are this close
/// to their limit.
pub(crate) const TAIL: f64 = 1e-16;
/// Most grid levels of "points still needed" in the last-turn table.
const NEED_LEVELS_MAX: usize = 4000;

/// The chaser's last turn: `P_pass(on, need)`, the probability that a turn
/// from a fresh start scores more than `need` points (and may be banked:
/// entry threshold off the board, min-bank on it), playing for exactly that;
/// with piggyback, also the same for a turn that starts on the leader's
/// leftover dice.
///
/// One turn DP gives all of it: with a bank worth 1 above `D` points and 0
/// below, the value of a state `t` points into the turn is the probability
/// of scoring more than `D - t` further points. So `fresh[l]` is that
/// value `l` levels below `D`, from a fresh start, and `leftover[k - 1][l]`
/// from a roll of `k` leftover dice (the inherited points already counted).
/// A threshold `c` (entry, min-bank) makes a bank count only from `c` on,
/// which is the same as needing more than `max(need, c - grid)`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct LastTurn {
    /// `fresh[d / grid]`: P(a fresh turn scores more than `d`), `d = 0,
    /// grid, ...`, until within [`TAIL`] of its limit (past the end: the
    /// last value).
    pub(crate) fresh: Vec<f64>,
    /// With piggyback, per leftover of `k = 1..=5` dice: P(a turn that
    /// starts by rolling them scores more than `d` further points); each row
    /// until within [`TAIL`] of its limit. Empty without piggyback.
    #[serde(default)]
    pub(crate) leftover: Vec<Vec<f64>>,
    /// From which turn total a bank counts, `[off the board, on it]`.
    pub(crate) counts_from: [i64; 2],
    /// Only players on the board may piggyback.
    #[serde(default)]
    pub(crate) leftover_needs_board: bool,
    /// A lower bound of the chance of an instant win in one turn (0 without
    /// instant wins): the limit of `fresh` for large needs is at least this.
    pub(crate) instant: f64,
}

impl LastTurn {
    /// The row index of "more than `need`" for a player on the board or not.
    fn need_level(&self, on_board: bool, need: i64, grid: i64) -> usize {
        let need = need.max(self.counts_from[usize::from(on_board)] - grid);
        usize::try_from(need / grid).unwrap_or(0)
    }

    /// `P_pass` for a player (on the board or not) who needs more than
    /// `need` points; past the table's end, its last value (within
    /// [`TAIL`] of the limit).
    pub(crate) fn pass(&self, on_board: bool, need: i64, grid: i64) -> f64 {
        if need < 0 {
            return 1.0;
        }
        let i = self.need_level(on_board, need, grid);
        self.fresh.get(i).or(self.fresh.last()).copied().unwrap_or(0.0)
    }

    /// True when `pass` no longer changes with `need` (the row's tail).
    fn in_tail(&self, on_board: bool, need: i64, grid: i64) -> bool {
        self.need_level(on_board, need, grid) + 1 >= self.fresh.len()
    }

    /// P(passing `need`) when piggybacking on the leader's `k` leftover dice
    /// and `t` points (`None` where the rules do not let this player).
    pub(crate) fn pass_leftover(&self, on_board: bool, need: i64, k: usize, t: i64, grid: i64) -> Option<f64> {
        let row = self.leftover.get(k.checked_sub(1)?)?;
        if self.leftover_needs_board && !on_board {
            return None;
        }
        // Any scoring roll passes once the inherited points do.
        let d = usize::try_from((self.need_level(on_board, need, grid) as i64 * grid - t).max(0) / grid).unwrap_or(0);
        row.get(d).or(row.last()).copied()
    }

    /// The chaser's best: start fresh or (when offered) piggyback.
    pub(crate) fn pass_offered(&self, on_board: bool, need: i64, offer: Option<(usize, i64)>, grid: i64) -> f64 {
        // (Below a need of 0 the fresh turn already passes: 1.)
        let fresh = self.pass(on_board, need, grid);
        offer.and_then(|(k, t)| self.pass_leftover(on_board, need, k, t, grid)).map_or(fresh, |p| fresh.max(p))
    }
}

/// The win probabilities of every turn-start state of a game.
#[derive(Debug, Clone)]
pub(crate) struct WinValues<'m> {
    pub(crate) model: &'m Model,
    /// Each player's state between turns ([`Sides`]): without the penalty
    /// the totals `0, grid, ..., goal - grid`.
    pub(crate) sides: Sides,
    /// `w[a * sides.len() + b]`: P(the mover, at side `a`, wins against an
    /// opponent at side `b`).
    pub(crate) w: Vec<f64>,
    /// Shared with every turn's payoff, which values banks past the goal
    /// from it ([`GoalBank`]).
    pub(crate) last: Arc<LastTurn>,
    /// Per context: farkle probability, chance of an instant win.
    risks: Vec<(f64, f64)>,
    /// Largest gain of a set-aside, in grid levels.
    reach: usize,
    /// The context of a fresh turn.
    start: usize,
    /// Most grid levels one turn can score, when bounded.
    max_turn: Option<usize>,
    /// The optimal policy's linear rows, when the solve made them (the
    /// penalty solver does; [`facts`] reuses them instead of solving every
    /// turn again).
    policy: Option<std::sync::Arc<Vec<penalty::Row>>>,
    /// With piggyback: the value of rolling the previous player's leftover.
    pub(crate) offers: Option<Offers>,
    /// Without the penalty: the game facts' quantities, solved along with
    /// the values.
    pub(super) pair_facts: Option<facts::PairFacts<'m>>,
}

/// Turn parameters of a mover at side `s` (only the instant-win and
/// exact-goal parts of the turn read them; ends come from the payoff).
fn params(model: &Model, s: Side) -> Params {
    Params { on_board: s.on_board, last_chance: false, goal_left: model.rules.game.goal - s.total }
}

/// What ending the mover's turn is worth, in terms of the value table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum End {
    /// A known probability (a bank past the goal, an instant win).
    Value(f64),
    /// `1 - w[i]`: the opponent moves next from state `i`.
    Lose(usize),
    /// With piggyback: the opponent moves next from state `next`, offered
    /// `k` leftover dice and `t_level` grid levels of points (`1 -` the
    /// better of that and a fresh turn, [`WinValues::offered`]).
    Offer { next: usize, k: usize, t_level: usize },
    /// The turn's farkle value.
    Farkle,
    /// A stop that scores nothing (under the entry threshold).
    Pass,
}

/// What a bank that reaches the goal is worth to a mover at total `mover`:
/// the opponent's last turn must pass it ([`LastTurn`]), or, at an exact
/// goal, it wins on the goal and busts past it. Every turn's payoff values
/// banks past its arrays with this, so that advice far past the goal shows
/// each bank's own value.
#[derive(Debug, Clone)]
struct GoalBank {
    last: Arc<LastTurn>,
    mover: i64,
    chaser: i64,
    chaser_on_board: bool,
    goal: i64,
    grid: i64,
    exact_goal: bool,
    last_turn: bool,
}

impl GoalBank {
    /// Banking `t` points (to at least the goal), leaving a leftover of
    /// class `class` (0: nothing the chaser may take over).
    fn end(&self, t: i64, class: usize) -> End {
        let x = self.mover + t;
        debug_assert!(x >= self.goal, "a bank below the goal is read from the value table");
        if self.exact_goal && x > self.goal {
            return End::Farkle;
        }
        if !self.last_turn || self.exact_goal {
            return End::Value(1.0);
        }
        let offer = (class > 0).then_some((class, t));
        End::Value(1.0 - self.last.pass_offered(self.chaser_on_board, x - self.chaser, offer, self.grid))
    }
}

impl BanksBeyond for GoalBank {
    fn bank(&self, level: usize, class: usize, farkle: f64) -> f64 {
        match self.end(level_total(level, self.grid), class) {
            End::Value(v) => v,
            End::Farkle => farkle,
            e => unreachable!("a bank at the goal ends the game: {e:?}"),
        }
    }
}

/// Largest gain of one set-aside, in grid levels (how far above the solved
/// levels a DP reads banks).
fn reach(model: &Model) -> usize {
    let gains = model.tables.iter().flat_map(|t| &t.succ).map(|s| match *s {
        Succ::Ctx { gain, .. } | Succ::End { gain, .. } => gain,
        Succ::Instant => 0,
    });
    usize::try_from(gains.max().unwrap_or(0) / model.grid).expect("gains are positive") + 1
}

/// The most points one turn can score, when that is bounded (no hot dice:
/// every context leads to contexts with fewer dice), in grid levels.
fn max_turn_levels(model: &Model) -> Option<usize> {
    fn most(m: &Model, c: usize, memo: &mut [Option<Option<i64>>], on_path: &mut [bool]) -> Option<i64> {
        if let Some(v) = memo[c] {
            return v;
        }
        if on_path[c] {
            return None; // a cycle: turns are unbounded
        }
        on_path[c] = true;
        let t = &m.tables[c];
        let mut best = Some(0i64);
        for s in &t.succ {
            let v = match *s {
                Succ::Ctx { gain, ctx } => most(m, ctx as usize, memo, on_path).map(|x| x + gain),
                Succ::End { gain, .. } => Some(gain),
                Succ::Instant => Some(0),
            };
            best = match (best, v) {
                (Some(x), Some(y)) => Some(x.max(y)),
                _ => None,
            };
        }
        on_path[c] = false;
        memo[c] = Some(best);
        best
    }
    let n = model.contexts();
    let (mut memo, mut on_path) = (vec![None; n], vec![false; n]);
    let top = most(model, start_context(model), &mut memo, &mut on_path)?;
    usize::try_from(top / model.grid).ok()
}

/// The inner-loop work of a whole win solve, in successor reads: pairs of
/// totals x turn DPs per pair (about 5, each about 1.3 plain DPs' worth
/// with the slopes: measured) x levels per turn (half
/// the goal on average, or the most a bounded turn scores; with piggyback
/// also the last turn's tail) x successor reads per level, plus the game
/// facts' turns ([`facts`]). Times come
/// from this at a measured rate ([`super::table::win_solve_estimate`]).
///
/// With the penalty: states x turn DPs per state (about 8 improvement
/// sweeps, each a DP and a walk of its policy, measured) x levels.
pub(crate) fn work(model: &Model) -> f64 {
    let sides = Sides::new(model, sides::default_floor(model));
    let n = (model.rules.game.goal - sides.floor() + model.grid - 1) / model.grid;
    let mut levels = (n as f64 / 2.0).max(1.0);
    let piggyback = model.rules.turn.piggyback;
    if piggyback {
        // Every turn is solved past the goal until the last turn's pass
        // probability reaches its tail (see `setup`).
        // (Measured: the tail's levels cost about 0.7 of a level below
        // the goal, as fewer contexts are reached up there.)
        levels += 0.7 * LastTurn::solve(model).fresh.len() as f64;
    }
    if let Some(most) = max_turn_levels(model) {
        levels = levels.min(most as f64 + 1.0);
    }
    let reads: usize = model.tables.iter().map(|t| t.hot.len() + t.rolls.len()).sum();
    let m = sides.len() as f64;
    // Turn DPs per state, weighted by what each costs (measured on the
    // development machine, fitted to Farkle, Van't Hof and Yahtzix): without
    // the penalty and piggyback about 1.1 evaluations of each turn (most
    // pair steps are accepted on their policy ranges), each DP with slopes
    // and ranges, plus one backward pass for the game facts; with piggyback
    // every step is evaluated, the offers are read off the turns, and the
    // game facts walk both players' turns per pair (1.25 to 1.5 times the
    // solve without them, measured on Farkle, Dice 10000 and Yahtzix); with
    // the penalty, policy iteration (about 4 plain DPs per state, each
    // walked for its ends).
    let states = m * m;
    let turns = if sides.penalty() {
        states * 8.0
    } else if piggyback {
        states * 4.8
    } else {
        states * 2.5
    };
    turns * levels * reads as f64
}

/// Per context: the farkle probability and the chance that a roll offers an
/// instant win.
fn risks(model: &Model) -> Vec<(f64, f64)> {
    model
        .tables
        .iter()
        .map(|t| {
            let instant: f64 = t
                .rolls
                .iter()
                .filter(|r| t.succ[r.1 as usize..r.2 as usize].contains(&Succ::Instant))
                .map(|r| r.0)
                .sum();
            (t.farkle, instant)
        })
        .collect()
}

/// A lower bound of the probability of an instant win in one turn, when
/// nothing but instant wins counts (see [`Model::stationary_values`]).
fn instant_chance(model: &Model) -> f64 {
    if !model.rules.has_instant_win() {
        return 0.0;
    }
    model.stationary_values(0.0, 1.0, |_| 0.0, |_| None)[start_context(model)]
}

/// The start context of a turn.
fn start_context(model: &Model) -> usize {
    model.context_of(&TurnState::start()).ok().flatten().expect("a fresh turn rolls")
}

/// The last turn of a player (on the board or not) who must score more
/// than `need` points to win: the turn DP with a bank worth 1 above
/// `need` and nothing at or below it (a farkle: nothing).
pub(crate) fn last_turn(model: &Model, on: bool, need: i64) -> Solution<'_> {
    let g = model.grid;
    let turn = &model.rules.turn;
    let exact = model.rules.game.exact_goal;
    let top = (need + g).max(turn.counts_from(on));
    let levels = usize::try_from((top + g - 1) / g).expect("bounded need").max(1);
    let reach = reach(model);
    let banks = (0..levels + reach + 1)
        .map(|l| {
            let t = i64::try_from(l).expect("small") * g;
            match turn.stop(on, t) {
                Stop::Forbidden => f64::NAN,
                Stop::Counts if t > need && !exact => 1.0,
                Stop::Counts | Stop::ScoresNothing => 0.0,
            }
        })
        .collect();
    let side = Side { total: if on { g } else { 0 }, on_board: on, farkles: 0 };
    let beyond = if exact { 0.0 } else { 1.0 };
    let payoff = WinPayoff {
        farkle: 0.0,
        banks,
        stride: 1,
        beyond: Arc::new(SameBeyond(vec![beyond])),
        above: None,
        above_slopes: vec![],
        farkle_like: vec![],
    };
    model.solve_payoff(params(model, side), payoff, levels, reach)
}

impl LastTurn {
    /// Solves the last turn for every need up to [`NEED_LEVELS_MAX`] grid
    /// levels in one DP, and keeps each row until it is within [`TAIL`] of
    /// its limit.
    pub(crate) fn solve(model: &Model) -> LastTurn {
        let instant = instant_chance(model);
        let turn = &model.rules.turn;
        let counts_from = [turn.counts_from(false), turn.counts_from(true)];
        let mut last =
            LastTurn { fresh: vec![0.0], leftover: vec![], counts_from, leftover_needs_board: false, instant };
        if model.rules.game.exact_goal || !model.rules.game.last_turn {
            return last;
        }
        let g = model.grid;
        let levels = NEED_LEVELS_MAX;
        // Banks count above `top` (far above every threshold).
        let top = level_total(levels - 1, g).max(counts_from[0]).max(counts_from[1]);
        let sol = last_turn(model, true, top);
        last.fresh = tail_row(&sol, top, levels, start_context(model));
        if turn.piggyback {
            last.leftover = (1..=offers::LEFTOVER_DICE)
                .filter_map(|k| leftover_context(model, k))
                .map(|c| tail_row(&sol, top, levels, c))
                .collect();
            last.leftover_needs_board = turn.piggyback_needs_board;
        }
        last
    }
}

/// From the last-turn DP `sol` with banks worth 1 above `top`: P(scoring
/// more than `l` grid levels) from context `c`, `l = 0, 1, ...`, until the
/// row is within [`TAIL`] of its value at `levels - 1`.
fn tail_row(sol: &Solution, top: i64, levels: usize, c: usize) -> Vec<f64> {
    let g = sol.model.grid;
    let mut row: Vec<f64> = (0..levels).map(|l| sol.roll_value_at(top - level_total(l, g), c)).collect();
    let limit = *row.last().expect("levels > 0");
    let end = row.iter().position(|&p| p - limit <= TAIL).map_or(levels, |i| i + 1);
    row.truncate(end);
    row
}

/// The context of a piggyback roll on `k` leftover dice: never the turn's
/// first roll, no 1s set aside yet (`None` when the rules leave no roll).
pub(super) fn leftover_context(model: &Model, k: usize) -> Option<usize> {
    model.context_of(&TurnState::leftover(u8::try_from(k).ok()?, 0)).ok().flatten()
}

/// One pair's turn, ready to solve: the banks it may reach and where it stops.
struct TurnSetup {
    payoff: WinPayoff,
    levels: usize,
    /// How far the values above the top may be off (0 when banking there is
    /// provably optimal).
    loss: f64,
    /// The changes of the farkle value over which banking stays provably
    /// optimal above the top (see [`Solution::policy_range`]).
    range: (f64, f64),
}

impl<'m> WinValues<'m> {
    /// Values `w` (`n` x `n`) with their last-turn table, for `model`.
    pub(crate) fn new(model: &'m Model, sides: Sides, w: Vec<f64>, last: LastTurn) -> WinValues<'m> {
        WinValues {
            model,
            sides,
            w,
            last: Arc::new(last),
            risks: risks(model),
            reach: reach(model),
            start: start_context(model),
            max_turn: max_turn_levels(model),
            policy: None,
            pair_facts: None,
            offers: None,
        }
    }

    /// Inherited turn totals the offers table covers, in grid levels: at
    /// most the opponent's total (below the goal, above the floor), and at
    /// most one turn.
    pub(crate) fn offer_levels(model: &Model, sides: &Sides) -> usize {
        let most = sides.bankers().0.saturating_sub(1);
        max_turn_levels(model).map_or(most, |t| t.min(most))
    }

    /// Whether [`facts::game_facts`] can be computed: always, except under
    /// piggyback when the offer states' quantities were too large to solve
    /// along (see [`facts::PairFacts::new`]).
    pub(crate) fn has_game_facts(&self) -> bool {
        self.offers.is_none() || self.pair_facts.is_some()
    }

    /// Whether the mover at side `a` may piggyback (the rules have it, and
    /// Dice 10000's "only players on the table").
    pub(crate) fn may_piggyback(&self, a: usize) -> bool {
        let turn = &self.model.rules.turn;
        turn.piggyback && (!turn.piggyback_needs_board || self.sides.side(a).on_board)
    }

    /// P(the mover at `(a, b)` wins) when offered `k` leftover dice and
    /// `t_level` grid levels of turn points: the better of starting fresh
    /// and piggybacking.
    pub(crate) fn offered(&self, a: usize, b: usize, k: usize, t_level: usize) -> f64 {
        let w = self.at(a, b);
        match self.offers.as_ref().and_then(|o| o.piggyback(a, b, k, t_level)) {
            Some(r) => r.max(w),
            None => w,
        }
    }

    fn grid(&self) -> i64 {
        self.model.grid
    }

    /// Sides (players' states between turns).
    pub(crate) fn len(&self) -> usize {
        self.sides.len()
    }

    /// P(the mover wins) at sides `(a, b)`.
    pub(crate) fn at(&self, a: usize, b: usize) -> f64 {
        self.w[a * self.len() + b]
    }

    /// P(the first player wins) from the start of a game (0-0, no farkles).
    pub(crate) fn first(&self) -> f64 {
        let start = self.sides.of_question(0, 0).expect("0 is a total of every game");
        self.at(start, start)
    }

    /// Index into `w` of the opponent's turn at `(b, a)`.
    fn next(&self, b: usize, a: usize) -> usize {
        b * self.len() + a
    }

    /// What banking `t` points to total `x` against opponent `b` is worth,
    /// leaving `left` dice not set aside (a leftover with piggyback).
    fn bank_to(&self, x: i64, b: usize, t: i64, left: usize) -> End {
        let rules = &self.model.rules.game;
        let g = self.grid();
        let k = if self.offers.is_some() { leftover_class(left) } else { 0 };
        let t_level = usize::try_from(t / g).unwrap_or(0);
        if x < rules.goal {
            let xa = self.sides.after_bank(x);
            if k > 0 {
                return End::Offer { next: self.next(b, xa), k, t_level };
            }
            return End::Lose(self.next(b, xa));
        }
        self.goal_bank(x - t, b).end(t, k)
    }

    /// How a mover at total `mover` values banks that reach the goal
    /// against the opponent at side `b`.
    fn goal_bank(&self, mover: i64, b: usize) -> GoalBank {
        let rules = &self.model.rules.game;
        let chaser = self.sides.side(b);
        GoalBank {
            last: Arc::clone(&self.last),
            mover,
            chaser: chaser.total,
            chaser_on_board: chaser.on_board,
            goal: rules.goal,
            grid: self.grid(),
            exact_goal: rules.exact_goal,
            last_turn: rules.last_turn,
        }
    }

    /// What ending the mover's turn at `(a, b)` at turn total `t > 0`,
    /// leaving nothing to piggyback on, is worth: `None` where the rules
    /// forbid stopping there.
    pub(super) fn end_at(&self, a: usize, b: usize, t: i64) -> Option<End> {
        self.end_leaving(a, b, t, 0)
    }

    /// [`Self::end_at`] with `left` dice not set aside.
    pub(super) fn end_leaving(&self, a: usize, b: usize, t: i64, left: usize) -> Option<End> {
        let s = self.sides.side(a);
        match self.model.rules.turn.stop(s.on_board, t) {
            Stop::Forbidden => None,
            Stop::ScoresNothing => Some(End::Pass),
            Stop::Counts => Some(self.bank_to(s.total + t, b, t, left)),
        }
    }

    /// The value of an end, with the turn's farkle and pass values.
    fn end_value(&self, e: End, farkle: f64, pass: f64) -> f64 {
        match e {
            End::Value(v) => v,
            End::Lose(i) => 1.0 - self.w[i],
            End::Offer { next, k, t_level } => 1.0 - self.offered(next / self.len(), next % self.len(), k, t_level),
            End::Farkle => farkle,
            End::Pass => pass,
        }
    }

    /// The farkle and pass values of the mover's turn at `(a, b)` from the table.
    fn farkle_and_pass(&self, a: usize, b: usize) -> (f64, f64) {
        let f = 1.0 - self.at(b, self.sides.after_farkle(a));
        let p = 1.0 - self.at(b, self.sides.after_pass(a));
        (f, p)
    }

    /// The mover's turn at `(a, b)` with farkle value `farkle` and pass
    /// value `pass` (the same without the penalty).
    fn setup(&self, a: usize, b: usize, farkle: f64, pass: f64) -> TurnSetup {
        let m = self.model;
        let g = self.grid();
        let rules = &m.rules;
        let (sa, sb) = (self.sides.side(a), self.sides.side(b));
        let (at, bt) = (sa.total, sb.total);
        let on = sa.on_board;
        let theta = rules.turn.counts_from(on);
        // Bank values per leftover class (one without piggyback).
        let stride = if self.offers.is_some() { 6 } else { 1 };
        let bank = |t: i64, class: usize| -> f64 {
            if t <= 0 {
                return f64::NAN; // a turn's start, never a stop
            }
            self.end_leaving(a, b, t, class).map_or(f64::NAN, |e| self.end_value(e, farkle, pass))
        };
        let worst_bank = |t: i64| (0..stride).map(|c| bank(t, c)).fold(f64::INFINITY, f64::min);
        // First turn total where banking is optimal.
        let mut top = (rules.game.goal - at).max(theta).max(g);
        let mut loss = 0.0;
        let mut above = None;
        let mut above_slopes = vec![];
        let mut range = (f64::NEG_INFINITY, f64::INFINITY);
        if let Some(chase) = &m.chase {
            // Past an exact goal a bank is worth the farkle value and a
            // player rolls on for an instant win: `u + (1 - u) F` per
            // context (`u` the chase's chance, `F` the farkle value; a
            // farkle, a bank and a forced end are all worth F, so every
            // value there is F plus (1 - F) times its value at F = 0),
            // exactly, with slope 1 - u. The turn is solved up to the goal
            // itself (a bank there wins).
            top = top.max(rules.game.goal - at + g);
            above = Some(chase.iter().map(|u| u + (1.0 - u) * farkle).collect());
            above_slopes = chase.iter().map(|u| 1.0 - u).collect();
        } else if rules.game.last_turn && !rules.game.exact_goal {
            // The best one-roll look-ahead can do, in any context.
            let look_ahead = self
                .risks
                .iter()
                .map(|&(q, p)| q * farkle + p + (1.0 - q - p) * (1.0 - self.last.instant))
                .fold(0.0, f64::max);
            let on_b = sb.on_board;
            // Past the chaser's thresholds, a bank's value only grows with
            // the total (a piggyback's chance does not change with it).
            let settled = self.last.counts_from[0].max(self.last.counts_from[1]) - g;
            loop {
                let need = at + top - bt;
                let worst = worst_bank(top);
                if worst >= look_ahead && (stride == 1 || need >= settled) {
                    // The look-ahead grows with the farkle value, at most
                    // at the largest farkle probability; the banks up here
                    // do not move with it (they count).
                    // (Under piggyback steps are not accepted on ranges:
                    // the offers are read off an evaluation at the fixed
                    // point, so no range is sought.)
                    let steepest = self.risks.iter().map(|r| r.0).fold(0.0, f64::max);
                    let fixed = (0..stride)
                        .all(|c| !matches!(self.end_leaving(a, b, top, c), Some(End::Farkle | End::Pass) | None));
                    range = if !fixed || stride > 1 {
                        (0.0, 0.0)
                    } else if steepest > 0.0 {
                        (f64::NEG_INFINITY, (worst - look_ahead) / steepest)
                    } else {
                        (f64::NEG_INFINITY, f64::INFINITY)
                    };
                    break;
                }
                if self.last.in_tail(on_b, need, g) {
                    // In the tail a bank's value no longer depends on the
                    // total: what is left is a problem over contexts only.
                    let tail: Vec<f64> = (0..stride).map(|c| bank(top, c)).collect();
                    let by_left = |left: usize| tail[if stride > 1 { leftover_class(left) } else { 0 }];
                    above = Some(m.stationary_values(farkle, 1.0, by_left, |left| Some(by_left(left))));
                    loss = self.last.pass(on_b, need, g) - self.last.instant;
                    // Its values move with the farkle value, slopes untracked.
                    range = (0.0, 0.0);
                    break;
                }
                top += g;
            }
        }
        // Levels no turn reaches need no solving (bounded turns).
        let levels = usize::try_from(top / g).expect("positive").min(self.max_turn.map_or(usize::MAX, |l| l + 1));
        // Banks are read up to `reach` levels above the solved ones, and
        // above the piggyback values read off the turn; they cover every
        // total below the goal, so that each bank past them reaches it
        // (valued by `GoalBank` when asked).
        let offer_levels = self.offers.as_ref().map_or(0, |o| o.t_levels);
        let goal_levels = usize::try_from((rules.game.goal - at + g - 1) / g).expect("totals below the goal");
        let len = levels.max(offer_levels).max(goal_levels) + self.reach + 1;
        let ends: Vec<Option<End>> = (0..len)
            .flat_map(|l| (0..stride).map(move |c| (level_total(l, g), c)))
            .map(|(t, c)| if t > 0 { self.end_leaving(a, b, t, c) } else { None })
            .collect();
        let banks: Vec<f64> = ends.iter().map(|e| e.map_or(f64::NAN, |e| self.end_value(e, farkle, pass))).collect();
        // Stops worth the farkle value (scoring nothing), for the slopes.
        let farkle_like: Vec<bool> = ends.iter().map(|e| matches!(e, Some(End::Farkle | End::Pass))).collect();
        let beyond = Arc::new(self.goal_bank(at, b));
        let payoff = WinPayoff { farkle, banks, stride, beyond, above, above_slopes, farkle_like };
        TurnSetup { payoff, levels, loss, range }
    }

    /// The mover's turn at `(a, b)` with farkle value `farkle` and pass
    /// value `pass`, solved, and what its top could have lost.
    fn solve_turn(&self, a: usize, b: usize, farkle: f64, pass: f64) -> (Solution<'m>, f64) {
        self.solve_turn_sloped(a, b, farkle, pass, false)
    }

    /// [`Self::solve_turn`], with the values' slopes when `slopes` is set.
    fn solve_turn_sloped(&self, a: usize, b: usize, farkle: f64, pass: f64, slopes: bool) -> (Solution<'m>, f64) {
        let s = self.setup(a, b, farkle, pass);
        let p = params(self.model, self.sides.side(a));
        let mut sol = self.model.solve_payoff_sloped(p, s.payoff, s.levels, self.reach, slopes);
        let (lo, hi) = sol.policy_range;
        sol.policy_range = (lo.max(s.range.0), hi.min(s.range.1));
        (sol, s.loss)
    }

    /// The mover's whole turn at `(a, b)`, solved with the table's values:
    /// what advice ranks.
    pub(crate) fn turn(&self, a: usize, b: usize) -> Solution<'m> {
        let (farkle, pass) = self.farkle_and_pass(a, b);
        self.solve_turn(a, b, farkle, pass).0
    }

    /// The mover's turn at `(a, b)` for farkle value `farkle` (no penalty:
    /// a pass is worth the same), solved with slopes: its start value and
    /// that value's derivative with respect to `farkle` along the policy
    /// found (see [`Start`]).
    fn start(&self, a: usize, b: usize, farkle: f64) -> Start<'m> {
        let (sol, loss) = self.solve_turn_sloped(a, b, farkle, farkle, true);
        Start { value: sol.roll_values[self.start], slope: sol.roll_slopes[self.start], loss, sol }
    }

    /// Solves the pair `(a, b)`, `(b, a)` from a guess of `W(a, b)` (the
    /// neighbours' trend): both values, and with piggyback the offer blocks
    /// of `(a, b)` and `(b, a)` read off the turns of the evaluation
    /// accepted.
    ///
    /// Newton steps on `x = phi(x)`, `phi(x) = f(1 - g(1 - x))`, with
    /// `phi`'s slope `f'(1 - y) g'(1 - x)` from the two turns' policies
    /// (tracked by the DP). Along fixed policies `f` and `g` are linear, so
    /// the step solves the pair exactly when those policies are optimal at
    /// its farkle values; each turn's DP says over which range of farkle
    /// values that holds ([`Solution::policy_range`]), so a step inside
    /// both ranges is accepted without evaluating `phi` again (most pairs:
    /// one evaluation). Otherwise `phi` is evaluated at the step; a Newton
    /// step that does not shrink the residual is followed by a plain
    /// fixed-point step (`phi`'s slope is below 1 in size). It stops at a
    /// certified step or a residual below [`RESIDUAL`].
    fn pair(&self, a: usize, b: usize, guess: f64) -> Solved {
        let mut facts = WinFacts { truncation: 0.0, residual: 0.0, turn_solves: 0 };
        // One evaluation of phi at x: the turn of (b, a) with farkle value
        // 1 - x gives y (with a == b, y = x), then the turn of (a, b) with
        // farkle value 1 - y gives phi(x).
        struct Eval<'s> {
            x: f64,
            ab: Start<'s>,
            ba: Option<Start<'s>>,
        }
        impl Eval<'_> {
            fn y(&self) -> f64 {
                self.ba.as_ref().map_or(self.x, |s| s.value)
            }
            fn residual(&self) -> f64 {
                (self.ab.value - self.x).abs()
            }
            /// phi's slope (with a == b the map is x -> f(1 - x): -f').
            fn slope(&self) -> f64 {
                self.ab.slope * self.ba.as_ref().map_or(-1.0, |s| s.slope)
            }
            /// The pair's values at `x2` along this evaluation's policies,
            /// when both stay optimal there: `(x, y, residual)`.
            fn certified(&self, x2: f64) -> Option<(f64, f64, f64)> {
                let inside = |d: f64, r: (f64, f64)| r.0 <= d && d <= r.1;
                let y2 = match &self.ba {
                    None => x2,
                    Some(ba) => {
                        let d = self.x - x2; // (1 - x2) - (1 - x)
                        inside(d, ba.sol.policy_range).then_some(ba.value + ba.slope * d)?
                    }
                };
                let d = self.y() - y2;
                let x3 = self.ab.value + self.ab.slope * d;
                inside(d, self.ab.sol.policy_range).then_some((x2, y2, (x3 - x2).abs()))
            }
        }
        let piggyback = self.offers.is_some();
        let mut phi = |x: f64| -> Eval<'m> {
            let ba = (a != b).then(|| self.start(b, a, 1.0 - x));
            let y = ba.as_ref().map_or(x, |s| s.value);
            let ab = self.start(a, b, 1.0 - y);
            for s in std::iter::once(&ab).chain(ba.as_ref()) {
                facts.truncation = facts.truncation.max(s.loss);
                facts.turn_solves += 1;
            }
            Eval { x, ab, ba }
        };
        // Every evaluation, the best (smallest residual) marked.
        let mut evals = vec![phi(guess.clamp(0.0, 1.0))];
        let mut best = 0;
        let mut newton = true;
        for _ in 0..200 {
            if evals[best].residual() <= RESIDUAL {
                break;
            }
            let e = evals.last().expect("one evaluation at least");
            let step = e.x + (e.ab.value - e.x) / (1.0 - e.slope().clamp(-1.0, 0.999_999));
            let step_ok = newton && step.is_finite() && (0.0..=1.0).contains(&step);
            // With piggyback the offers are read off the turns themselves:
            // they need an evaluation at the fixed point.
            if let Some((x, y, residual)) = step_ok.then(|| e.certified(step)).flatten().filter(|_| !piggyback) {
                facts.residual = residual;
                let lanes = self.pair_lanes(&e.ab, e.ba.as_ref(), a, b, None, (x, y));
                return Solved { a, b, x, y, facts, offers: None, lanes };
            }
            let next = if step_ok { step } else { e.ab.value };
            let before = e.residual();
            evals.push(phi(next));
            let now = evals.last().expect("just pushed").residual();
            // Newton again only while it makes progress.
            newton = now < before;
            if now < evals[best].residual() {
                best = evals.len() - 1;
            }
        }
        let e = evals.swap_remove(best);
        facts.residual = e.residual();
        let (x, y) = (e.x, e.y());
        let offers = piggyback.then(|| {
            let ab = self.offer_block(a, &e.ab.sol);
            let ba = e.ba.as_ref().map_or_else(|| ab.clone(), |s| self.offer_block(b, &s.sol));
            (ab, ba)
        });
        let lanes = self.pair_lanes(&e.ab, e.ba.as_ref(), a, b, offers.as_ref(), (x, y));
        Solved { a, b, x, y, facts, offers, lanes }
    }

    /// What the turns `ab` of `(a, b)` and `ba` of `(b, a)` contribute to
    /// the game facts, when they are solved along ([`facts::PairFacts`]):
    /// with piggyback, from the pair's offer blocks `offers` and values
    /// `(W(a, b), W(b, a))`.
    fn pair_lanes(
        &self,
        ab: &Start,
        ba: Option<&Start>,
        a: usize,
        b: usize,
        offers: Option<&(Vec<f64>, Vec<f64>)>,
        (x, y): (f64, f64),
    ) -> Option<facts::PairLanes> {
        let f = self.pair_facts.as_ref()?;
        let none = (vec![], vec![]);
        let (offers_ab, offers_ba) = offers.unwrap_or(&none);
        let piggyback = f.offered.is_some();
        Some(facts::PairLanes {
            ab: f.optimal_turn(self, a, b, &ab.sol, offers_ab, x),
            ba: ba.map(|s| f.optimal_turn(self, b, a, &s.sol, offers_ba, y)),
            ev_ab: piggyback.then(|| f.ev_turn(self, a, b)),
            ev_ba: (piggyback && a != b).then(|| f.ev_turn(self, b, a)),
        })
    }

    /// The piggyback values of the mover at side `a`, read off its turn
    /// `sol` (solved at the pair's fixed point): `[k - 1][t / grid - 1]`,
    /// `NaN` where the mover may not piggyback (see [`offers`]).
    fn offer_block(&self, a: usize, sol: &Solution) -> Vec<f64> {
        let m = self.model;
        let t_levels = self.offers.as_ref().map_or(0, |o| o.t_levels);
        let mut out = vec![f64::NAN; offers::LEFTOVER_DICE * t_levels];
        if !self.may_piggyback(a) {
            return out;
        }
        for k in 1..=offers::LEFTOVER_DICE {
            let Some(c) = leftover_context(m, k) else { continue };
            for l in 1..=t_levels {
                out[(k - 1) * t_levels + l - 1] = sol.roll_value_at(level_total(l, m.grid), c);
            }
        }
        out
    }
}

/// Solves the win objective of `game`: every turn-start state, with the
/// default floor under the three-farkle penalty.
///
/// # Errors
/// A goal too large for the budget.
pub(crate) fn solve<'m>(
    game: &'m PushLuckGame,
    progress: &dyn Progress,
) -> Result<(WinValues<'m>, WinFacts, f64), Error> {
    solve_with_floor(game, sides::default_floor(game.win_model()), progress)
}

/// [`solve`] with totals bounded below by `floor` (penalty only; a multiple
/// of the grid at most 0).
///
/// # Errors
/// As [`solve`].
pub(crate) fn solve_with_floor<'m>(
    game: &'m PushLuckGame,
    floor: i64,
    progress: &dyn Progress,
) -> Result<(WinValues<'m>, WinFacts, f64), Error> {
    let started = Instant::now();
    check_size(game, floor)?;
    let model = game.win_model();
    let sides = Sides::new(model, floor);
    let m = sides.len();
    let penalty = sides.penalty();
    progress.stage("last turns", 1);
    let last = LastTurn::solve(model);
    progress.advance(1);
    let mut values = WinValues::new(model, sides, vec![f64::NAN; m * m], last);
    if model.rules.turn.piggyback {
        values.offers = Some(Offers::new(&values.sides, WinValues::offer_levels(model, &values.sides)));
    }
    if !penalty {
        values.pair_facts = facts::PairFacts::new(game, &values)?;
    }
    let facts = if penalty { penalty::solve(&mut values, progress) } else { solve_pairs(&mut values, progress) };
    progress.finish();
    Ok((values, facts, started.elapsed().as_secs_f64()))
}

/// Refuses a win solve of `game` (totals down to `floor`) over the size
/// budget, before anything is allocated.
///
/// # Errors
/// [`Error::TooLarge`].
pub(crate) fn check_size(game: &PushLuckGame, floor: i64) -> Result<(), Error> {
    let model = game.win_model();
    let g = model.grid;
    let goal = model.rules.game.goal;
    let sides = Sides::new(model, floor);
    let m = sides.len();
    let states = (m as u64).saturating_mul(m as u64);
    // With piggyback, the offers: per mover's side and banker's side, five
    // dice counts per inherited total.
    let piggyback = model.rules.turn.piggyback;
    let offers = if piggyback {
        [sides.bankers().0, offers::LEFTOVER_DICE, WinValues::offer_levels(model, &sides)]
            .iter()
            .fold(m as u64, |x, &y| x.saturating_mul(y as u64))
    } else {
        0
    };
    let penalty = sides.penalty();
    check_solve_size(
        || {
            if penalty {
                format!(
                    "{} to win (goal {goal}, totals down to {floor} in steps of {g}, farkle counts: {m} x {m} states)",
                    game.title()
                )
            } else {
                format!("{} to win (goal {goal} in steps of {g}: {m} x {m} pairs of totals)", game.title())
            }
        },
        states,
        states.saturating_add(offers).saturating_mul(8),
        WIN_SOLVE_STATES * 8 + if piggyback { WIN_OFFER_BYTES } else { 0 },
    )?;
    Ok(())
}

/// A turn solved with slopes for the pair fixed point ([`WinValues::pair`]).
struct Start<'m> {
    /// The turn's start value.
    value: f64,
    /// Its derivative with respect to the farkle value, along the policy
    /// (which stays optimal over `sol.policy_range`).
    slope: f64,
    /// What the turn's top could have lost.
    loss: f64,
    sol: Solution<'m>,
}

/// One pair's values, as [`solve_pairs`] collects them.
struct Solved {
    a: usize,
    b: usize,
    x: f64,
    y: f64,
    facts: WinFacts,
    /// With piggyback: the offer blocks of `(a, b)` and `(b, a)`.
    offers: Option<(Vec<f64>, Vec<f64>)>,
    /// With [`facts::PairFacts`]: what the pair's optimal turns contribute.
    /// (A step accepted by its policy ranges has the policies of the
    /// evaluation it stepped from, optimal at the fixed point too.)
    lanes: Option<facts::PairLanes>,
}

/// Without the penalty: pairs of totals by decreasing total, each pair's
/// farkle cycle by Newton's method (see the module documentation).
fn solve_pairs(values: &mut WinValues, progress: &dyn Progress) -> WinFacts {
    let n = values.len();
    let pairs = (n * (n + 1) / 2) as u64;
    progress.stage("pairs of totals", pairs);
    let mut facts = WinFacts { truncation: 0.0, residual: 0.0, turn_solves: 0 };
    for total in (0..=2 * (n - 1)).rev() {
        let lo = total.saturating_sub(n - 1);
        let hi = total / 2;
        let v = &*values;
        let solved: Vec<Solved> = (lo..=hi)
            .into_par_iter()
            .map(|a| {
                let b = total - a;
                // The neighbours' trend continued (a close guess keeps the
                // policies of the first evaluation those of the fixed point,
                // so that its Newton step is accepted at once).
                let guess = if a + 2 < n && b + 2 < n {
                    // The 3 x 3 block of solved pairs above: the weights
                    // that reproduce every quadratic in the two totals
                    // with the least sum of squares (a smooth surface is
                    // continued to about 1e-6 where one-total trends
                    // miss by 1e-5).
                    const NEIGHBOURS: [(usize, usize, f64); 8] = [
                        (0, 1, 8.0),
                        (0, 2, -1.0),
                        (1, 0, 8.0),
                        (1, 1, -4.0),
                        (1, 2, -4.0),
                        (2, 0, -1.0),
                        (2, 1, -4.0),
                        (2, 2, 5.0),
                    ];
                    NEIGHBOURS.iter().map(|&(i, j, w)| w * v.at(a + i, b + j)).sum::<f64>() / 7.0
                } else {
                    // At the goal's edge: along the opponent's total, and
                    // (where there is room) along the mover's, their mean.
                    let trend = |at: &dyn Fn(usize) -> f64, room: usize| match room {
                        0 => None,
                        1 => Some(at(1)),
                        2 => Some(2.0 * at(1) - at(2)),
                        _ => Some(3.0 * at(1) - 3.0 * at(2) + at(3)),
                    };
                    let along_b = trend(&|i| v.at(a, b + i), n - 1 - b);
                    let along_a = trend(&|i| v.at(a + i, b), n - 1 - a);
                    match (along_b, along_a) {
                        (Some(x), Some(y)) => (x + y) / 2.0,
                        (Some(x), None) | (None, Some(x)) => x,
                        (None, None) => 0.5,
                    }
                }
                .clamp(0.0, 1.0);
                v.pair(a, b, guess)
            })
            .collect();
        let mut lanes = Vec::new();
        for Solved { a, b, x, y, facts: f, offers, lanes: l } in solved {
            values.w[a * n + b] = x;
            values.w[b * n + a] = y;
            lanes.extend(l.map(|l| (a, b, l)));
            if let (Some(o), Some((ab, ba))) = (values.offers.as_mut(), offers) {
                o.pair_mut(a, b).copy_from_slice(&ab);
                o.pair_mut(b, a).copy_from_slice(&ba);
            }
            facts.truncation = facts.truncation.max(f.truncation);
            facts.residual = facts.residual.max(f.residual);
            facts.turn_solves += f.turn_solves;
        }
        if let Some(mut f) = values.pair_facts.take() {
            for (a, b, l) in &lanes {
                f.settle(values, *a, *b, l);
            }
            values.pair_facts = Some(f);
        }
        progress.advance((hi + 1 - lo) as u64);
    }
    facts
}

#[cfg(test)]
mod tests;
