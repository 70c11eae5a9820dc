//! The win objective: two players, each maximising their own probability
//! of winning the whole game, solved exactly.
//!
//! ## State
//! A turn starts at `(a, b)`: the mover's banked total `a` and the
//! opponent's `b`, both on the points grid and below the goal. Without the
//! three-farkle penalty totals never fall, so "on the board" is `a > 0` (or
//! no entry threshold at all) and needs no state of its own. `W(a, b)` is
//! the probability that the mover wins; the first player's chance from 0–0
//! is `W(0, 0)`. Inside a turn the state is that of the expected-score
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
//! policy's farkle probability, below 1. The fixed point of
//! `x -> f(1 - g(1 - x))` (slope in `[0, 1)`) is found by the secant method,
//! exact once two iterates share a policy, safeguarded by plain fixed-point
//! steps; it stops when the residual is below [`RESIDUAL`].
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

use std::time::Instant;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::model::{Model, Params, Succ, TurnState};
use super::rules::Stop;
use super::solution::{Solution, WinPayoff};
use super::PushLuckGame;
use crate::error::Error;
use crate::limits::{check_solve_size, WIN_SOLVE_STATES};
use crate::progress::Progress;

/// A fixed point is accepted when `|x - f(1 - g(1 - x))|` is below this.
pub const RESIDUAL: f64 = 1e-14;
/// The last-turn pass probabilities are computed until they are this close
/// to their limit.
pub const TAIL: f64 = 1e-16;
/// Most grid levels of "points still needed" in the last-turn table.
const NEED_LEVELS_MAX: usize = 4000;

/// Why a rule set's win objective cannot be solved here.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum WinError {
    #[error("{game} is a category game: its objective is the expected final score (the win objective is for push-your-luck games)")]
    CategoryGame { game: String },
    #[error("the win table is missing and solving it takes about {about}: run `{command}` first")]
    NeedsSolve { command: String, about: String },
    #[error("the win objective is not solved yet for rules with {0}; the expected-score objective is (leave out --objective win / --opponent)")]
    Unsupported(&'static str),
}

/// The rule parts the win solver does not model yet, first one found.
pub fn unsupported(game: &PushLuckGame) -> Option<&'static str> {
    let r = &game.rules;
    if r.turn.piggyback {
        Some("piggyback (the previous player's leftover dice)")
    } else if r.turn.three_farkle_penalty > 0 {
        Some("the three-farkle penalty")
    } else if r.game.exact_goal && r.has_instant_win() {
        Some("both an exact goal and instant wins")
    } else {
        None
    }
}

/// The chaser's last turn: `P_pass(on, need)`, the probability that a turn
/// from a fresh start scores more than `need` points (and may be banked:
/// entry threshold off the board, min-bank on it), playing for exactly that.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LastTurn {
    /// `[off the board, on the board][need / grid]`, need = 0, grid, ....
    pub pass: [Vec<f64>; 2],
    /// A lower bound of the chance of an instant win in one turn (0 without
    /// instant wins): the limit of `pass` for large needs is at least this.
    pub instant: f64,
}

impl LastTurn {
    /// `P_pass` for a player (on the board or not) who needs more than
    /// `need` points; past the table's end, its last value (within
    /// [`TAIL`] of the limit).
    pub fn pass(&self, on_board: bool, need: i64, grid: i64) -> f64 {
        let row = &self.pass[usize::from(on_board)];
        if need < 0 {
            return 1.0;
        }
        let i = usize::try_from(need / grid).unwrap_or(usize::MAX);
        row.get(i).or(row.last()).copied().unwrap_or(0.0)
    }
}

/// The win probabilities of every turn-start state of a game.
#[derive(Debug, Clone)]
pub struct WinValues<'m> {
    pub model: &'m Model,
    /// Totals below the goal: `0, grid, ..., (n - 1) * grid`.
    pub n: usize,
    /// `w[a * n + b]`: P(the mover wins) with totals `a * grid`, `b * grid`.
    pub w: Vec<f64>,
    pub last: LastTurn,
    /// Per context: farkle probability, chance of an instant win.
    risks: Vec<(f64, f64)>,
    /// Largest gain of a set-aside, in grid levels.
    reach: usize,
    /// The context of a fresh turn.
    start: usize,
    /// Most grid levels one turn can score, when bounded.
    max_turn: Option<usize>,
}

/// What a win solve found, beyond the values.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct WinFacts {
    /// Largest value a forced bank past the goal could have lost (0 when
    /// every turn was cut where banking is provably optimal).
    pub truncation: f64,
    /// Largest fixed-point residual accepted.
    pub residual: f64,
    /// Turn DPs run.
    pub turn_solves: u64,
}

/// A player with this total is on the board (a first bank got them there;
/// without an entry threshold everyone is).
pub(super) fn on_board(model: &Model, total: i64) -> bool {
    total > 0 || model.rules.turn.entry == 0
}

/// Turn parameters of a mover at `total` (only the instant-win and
/// exact-goal parts of the turn read them; banks come from the payoff).
fn params(model: &Model, total: i64) -> Params {
    Params { on_board: on_board(model, total), last_chance: false, goal_left: model.rules.game.goal - total }
}

/// Largest gain of one set-aside, in grid levels (how far above the solved
/// levels a DP reads banks).
fn reach(model: &Model) -> usize {
    let gains = model.tables.iter().flat_map(|t| &t.succ).map(|s| match *s {
        Succ::Ctx { gain, .. } | Succ::End { gain } => gain,
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
                Succ::End { gain } => Some(gain),
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
/// totals x turn DPs per pair (about 9, measured) x levels per turn (half
/// the goal on average, or the most a bounded turn scores) x successor
/// reads per level. Times come from this at a measured rate
/// ([`super::table::win_solve_estimate`]).
pub fn work(model: &Model) -> f64 {
    let n = (model.rules.game.goal + model.grid - 1) / model.grid;
    let mut levels = (n as f64 / 2.0).max(1.0);
    if let Some(most) = max_turn_levels(model) {
        levels = levels.min(most as f64 + 1.0);
    }
    let reads: usize = model.tables.iter().map(|t| t.hot.len() + t.rolls.len()).sum();
    (n * n) as f64 / 2.0 * 9.0 * levels * reads as f64
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
/// nothing but instant wins counts (see [`context_values`]).
fn instant_chance(model: &Model) -> f64 {
    if !model.rules.has_instant_win() {
        return 0.0;
    }
    context_values(model, 0.0, 0.0, None)[start_context(model)]
}

/// Values per context of a turn where the total no longer matters: a
/// farkle is worth `farkle`, an end with no roll left `end`, an instant win
/// 1, and stopping (when allowed) `stop`. Value iteration from below (so
/// every iterate is a lower bound) until it moves by less than 1e-18.
fn context_values(model: &Model, farkle: f64, end: f64, stop: Option<f64>) -> Vec<f64> {
    let n = model.contexts();
    let mut v = vec![stop.unwrap_or(0.0); n];
    for _ in 0..100_000 {
        let mut delta: f64 = 0.0;
        for c in 0..n {
            let t = &model.tables[c];
            let roll: f64 = t.farkle * farkle
                + t.rolls
                    .iter()
                    .map(|&(p, a, b)| {
                        p * t.succ[a as usize..b as usize]
                            .iter()
                            .map(|s| match *s {
                                Succ::Instant => 1.0,
                                Succ::End { .. } => end,
                                Succ::Ctx { ctx, .. } => v[ctx as usize],
                            })
                            .fold(f64::NEG_INFINITY, f64::max)
                    })
                    .sum::<f64>();
            let x = stop.map_or(roll, |s| roll.max(s));
            delta = delta.max(x - v[c]);
            v[c] = x;
        }
        if delta < 1e-18 {
            break;
        }
    }
    v
}

/// The start context of a turn.
fn start_context(model: &Model) -> usize {
    model.context_of(&TurnState::start()).ok().flatten().expect("a fresh turn rolls")
}

/// `P_pass(on, need)` for one need.
fn pass_once(model: &Model, on: bool, need: i64) -> f64 {
    if model.rules.game.exact_goal {
        // The leader is exactly at the goal; a bank past it scores nothing,
        // and instant wins are refused with an exact goal (see `unsupported`).
        return 0.0;
    }
    last_turn(model, on, need).roll_values[start_context(model)]
}

/// The last turn of a player (on the board or not) who must score more
/// than `need` points to win: the turn DP with a bank worth 1 above
/// `need` and nothing at or below it (a farkle: nothing).
pub fn last_turn(model: &Model, on: bool, need: i64) -> Solution<'_> {
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
    let total = if on { g } else { 0 };
    let beyond = if exact { 0.0 } else { 1.0 };
    let payoff = WinPayoff { farkle: 0.0, banks, beyond, above: None };
    model.solve_payoff(params(model, total), payoff, levels, reach)
}

impl LastTurn {
    /// Solves the last turn for every need until `P_pass` is within
    /// [`TAIL`] of its limit (or `NEED_LEVELS_MAX` levels).
    pub fn solve(model: &Model) -> LastTurn {
        let instant = instant_chance(model);
        if model.rules.game.exact_goal || !model.rules.game.last_turn {
            return LastTurn { pass: [vec![0.0], vec![0.0]], instant };
        }
        let g = model.grid;
        let mut pass: [Vec<f64>; 2] = [vec![], vec![]];
        // In chunks, in parallel, until both rows are in the tail.
        let chunk = 64;
        let mut from = 0;
        while from < NEED_LEVELS_MAX {
            let part: Vec<(f64, f64)> = (from..from + chunk)
                .into_par_iter()
                .map(|l| {
                    let need = i64::try_from(l).expect("small") * g;
                    (pass_once(model, false, need), pass_once(model, true, need))
                })
                .collect();
            for (off, on) in part {
                pass[0].push(off);
                pass[1].push(on);
            }
            from += chunk;
            if pass.iter().all(|row| row.last().is_some_and(|&p| p - instant <= TAIL)) {
                break;
            }
        }
        LastTurn { pass, instant }
    }
}

/// One pair's turn, ready to solve: the banks it may reach and where it stops.
struct TurnSetup {
    payoff: WinPayoff,
    levels: usize,
    /// How far the values above the top may be off (0 when banking there is
    /// provably optimal).
    loss: f64,
}

impl<'m> WinValues<'m> {
    /// Values `w` (`n` x `n`) with their last-turn table, for `model`.
    pub fn new(model: &'m Model, n: usize, w: Vec<f64>, last: LastTurn) -> WinValues<'m> {
        WinValues {
            model,
            n,
            w,
            last,
            risks: risks(model),
            reach: reach(model),
            start: start_context(model),
            max_turn: max_turn_levels(model),
        }
    }

    fn grid(&self) -> i64 {
        self.model.grid
    }

    fn total(&self, i: usize) -> i64 {
        i64::try_from(i).expect("small") * self.grid()
    }

    /// P(the mover wins) at totals `(a, b)` (grid indices).
    pub fn at(&self, a: usize, b: usize) -> f64 {
        self.w[a * self.n + b]
    }

    /// Value of banking to total `x` (points) against opponent `b`.
    fn bank_to(&self, x: i64, b: usize, farkle: f64) -> f64 {
        let rules = &self.model.rules.game;
        let g = self.grid();
        if x < rules.goal {
            return 1.0 - self.at(b, usize::try_from(x / g).expect("non-negative"));
        }
        if rules.exact_goal && x > rules.goal {
            return farkle;
        }
        if !rules.last_turn || rules.exact_goal {
            return 1.0;
        }
        let bt = self.total(b);
        1.0 - self.last.pass(on_board(self.model, bt), x - bt, g)
    }

    /// The mover's turn at `(a, b)` with farkle value `farkle`.
    fn setup(&self, a: usize, b: usize, farkle: f64) -> TurnSetup {
        let m = self.model;
        let g = self.grid();
        let rules = &m.rules;
        let (at, bt) = (self.total(a), self.total(b));
        let on = on_board(m, at);
        let theta = rules.turn.counts_from(on);
        let bank = |t: i64| -> f64 {
            if t <= 0 {
                return f64::NAN; // a turn's start, never a stop
            }
            match rules.turn.stop(on, t) {
                Stop::Forbidden => f64::NAN,
                // Off the board a bank under the entry threshold passes the turn.
                Stop::ScoresNothing => farkle,
                Stop::Counts => self.bank_to(at + t, b, farkle),
            }
        };
        // First turn total where banking is optimal.
        let mut top = (rules.game.goal - at).max(theta).max(g);
        let mut loss = 0.0;
        let mut above = None;
        if rules.game.last_turn && !rules.game.exact_goal {
            // The best one-roll look-ahead can do, in any context.
            let look_ahead = self
                .risks
                .iter()
                .map(|&(q, p)| q * farkle + p + (1.0 - q - p) * (1.0 - self.last.instant))
                .fold(0.0, f64::max);
            let on_b = on_board(m, bt);
            let end = self.last.pass[usize::from(on_b)].len();
            loop {
                let need = at + top - bt;
                let pass = self.last.pass(on_b, need, g);
                if 1.0 - pass >= look_ahead {
                    break;
                }
                if usize::try_from(need / g).unwrap_or(usize::MAX) + 1 >= end {
                    // In the tail a bank is worth `1 - pass` whatever the
                    // total: what is left is a problem over contexts only.
                    above = Some(context_values(m, farkle, 1.0 - pass, Some(1.0 - pass)));
                    loss = pass - self.last.instant;
                    break;
                }
                top += g;
            }
        }
        // Levels no turn reaches need no solving (bounded turns).
        let levels = usize::try_from(top / g).expect("positive").min(self.max_turn.map_or(usize::MAX, |l| l + 1));
        let len = levels + self.reach + 1;
        let banks: Vec<f64> = (0..len).map(|l| bank(i64::try_from(l).expect("small") * g)).collect();
        let beyond = *banks.last().expect("non-empty");
        TurnSetup { payoff: WinPayoff { farkle, banks, beyond, above }, levels, loss }
    }

    /// The mover's turn at `(a, b)` with farkle value `farkle`, solved,
    /// and what its top could have lost.
    fn solve_turn(&self, a: usize, b: usize, farkle: f64) -> (Solution<'m>, f64) {
        let s = self.setup(a, b, farkle);
        (self.model.solve_payoff(params(self.model, self.total(a)), s.payoff, s.levels, self.reach), s.loss)
    }

    /// The mover's whole turn at `(a, b)`, solved with the table's values:
    /// what advice ranks.
    pub fn turn(&self, a: usize, b: usize) -> Solution<'m> {
        self.solve_turn(a, b, 1.0 - self.at(b, a)).0
    }

    /// Start value of the mover's turn at `(a, b)` for farkle value
    /// `farkle`, and the turn's truncation loss.
    fn start(&self, a: usize, b: usize, farkle: f64) -> (f64, f64) {
        let (sol, loss) = self.solve_turn(a, b, farkle);
        (sol.roll_values[self.start], loss)
    }

    /// Solves the pair `(a, b)`, `(b, a)` from a guess of `W(a, b)` and of
    /// the slope of `phi` there (a neighbour's): `(W(a, b), W(b, a), the
    /// slope found, facts)`. The first step is a Newton step with the
    /// guessed slope: exact when the policy and slope are the neighbour's,
    /// so most pairs need two evaluations of `phi`.
    fn pair(&self, a: usize, b: usize, guess: f64, slope: f64) -> (f64, f64, f64, WinFacts) {
        let mut facts = WinFacts { truncation: 0.0, residual: 0.0, turn_solves: 0 };
        // phi(x) = f(1 - g(1 - x)), with y = g(1 - x).
        let mut phi = |x: f64| -> (f64, f64) {
            let y = if a == b {
                None
            } else {
                let (y, loss) = self.start(b, a, 1.0 - x);
                facts.truncation = facts.truncation.max(loss);
                facts.turn_solves += 1;
                Some(y)
            };
            let (x2, loss) = self.start(a, b, 1.0 - y.unwrap_or(x));
            facts.truncation = facts.truncation.max(loss);
            facts.turn_solves += 1;
            (x2, y.unwrap_or(x2))
        };
        let mut x0 = guess;
        let (p0, y0) = phi(x0);
        let mut r0 = p0 - x0;
        // The best iterate so far: (|residual|, x, y).
        let mut best = (r0.abs(), x0, y0);
        let newton = x0 + r0 / (1.0 - slope.clamp(0.0, 0.99));
        let mut x1 = if (0.0..=1.0).contains(&newton) { newton } else { p0 };
        let mut slope = slope;
        for _ in 0..200 {
            if best.0 <= RESIDUAL {
                break;
            }
            let (p1, y1) = phi(x1);
            let r1 = p1 - x1;
            if r1.abs() < best.0 {
                best = (r1.abs(), x1, y1);
            }
            if x1 != x0 {
                // phi's slope between the last two iterates.
                slope = 1.0 + (r1 - r0) / (x1 - x0);
            }
            // Secant step; a plain step when that leaves [0, 1] or the
            // residual did not shrink.
            let secant = x1 - r1 * (x1 - x0) / (r1 - r0);
            let next =
                if secant.is_finite() && (0.0..=1.0).contains(&secant) && r1.abs() < r0.abs() { secant } else { p1 };
            (x0, r0, x1) = (x1, r1, next);
        }
        facts.residual = best.0;
        (best.1, if a == b { best.1 } else { best.2 }, slope, facts)
    }
}

/// Solves the win objective of `game`: every turn-start pair of totals.
///
/// # Errors
/// Rules the solver does not model yet, or a goal too large for the budget.
pub fn solve<'m>(game: &'m PushLuckGame, progress: &dyn Progress) -> Result<(WinValues<'m>, WinFacts, f64), Error> {
    if let Some(what) = unsupported(game) {
        return Err(Error::Win(WinError::Unsupported(what)));
    }
    let started = Instant::now();
    let model = game.win_model();
    let g = model.grid;
    let goal = model.rules.game.goal;
    let n = usize::try_from((goal + g - 1) / g).expect("positive goal");
    let states = (n as u64).saturating_mul(n as u64);
    check_solve_size(
        || format!("{} to win (goal {goal} in steps of {g}: {n} x {n} pairs of totals)", game.title()),
        states,
        states.saturating_mul(8),
        WIN_SOLVE_STATES * 8,
    )?;
    progress.stage("last turns", 1);
    let last = LastTurn::solve(model);
    progress.advance(1);
    let mut values = WinValues::new(model, n, vec![f64::NAN; n * n], last);
    let pairs = (n * (n + 1) / 2) as u64;
    progress.stage(&format!("{}: pairs of totals", game.title()), pairs);
    let mut facts = WinFacts { truncation: 0.0, residual: 0.0, turn_solves: 0 };
    // Per solved pair (a <= b): the slope of its fixed-point map, the next
    // pair's first guess.
    let mut slopes = vec![0.0f64; n * n];
    for total in (0..=2 * (n - 1)).rev() {
        let lo = total.saturating_sub(n - 1);
        let hi = total / 2;
        let (v, sl) = (&values, &slopes);
        let solved: Vec<(usize, usize, f64, f64, f64, WinFacts)> = (lo..=hi)
            .into_par_iter()
            .map(|a| {
                let b = total - a;
                let (guess, slope) = if b + 1 < n { (v.at(a, b + 1), sl[a * n + b + 1]) } else { (0.5, 0.0) };
                let (x, y, slope, f) = v.pair(a, b, guess, slope);
                (a, b, x, y, slope, f)
            })
            .collect();
        for (a, b, x, y, slope, f) in solved {
            slopes[a * n + b] = slope;
            values.w[a * n + b] = x;
            values.w[b * n + a] = y;
            facts.truncation = facts.truncation.max(f.truncation);
            facts.residual = facts.residual.max(f.residual);
            facts.turn_solves += f.turn_solves;
        }
        progress.advance((hi + 1 - lo) as u64);
    }
    progress.finish();
    Ok((values, facts, started.elapsed().as_secs_f64()))
}

#[cfg(test)]
mod tests {
    //! The win solver against a plain value iteration over the whole state
    //! space, written here from the scoring rules alone (no compiled model,
    //! no turn DP of the library), and against seeded optimal-vs-optimal play.

    use std::collections::HashMap;

    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    use super::*;
    use crate::dice::{dice_count, Multisets};
    use crate::pushluck::builtin::farkle_base;
    use crate::pushluck::play::{play_turn, Ended};
    use crate::pushluck::rules::{FaceTable, RuleSet};
    use crate::pushluck::scoring::Scorer;
    use crate::registry;

    /// Farkle with a reduced scoring table (1s and 5s, sets of three and
    /// four, no patterns) and a small goal.
    fn small(goal: i64, entry: i64) -> RuleSet {
        let mut r = farkle_base();
        r.name = "small Farkle".into();
        r.scoring.kinds = FaceTable {
            ones: [100, 0, 1000, 2000, 0, 0],
            twos: [0, 0, 200, 400, 0, 0],
            threes: [0, 0, 300, 600, 0, 0],
            fours: [0, 0, 400, 800, 0, 0],
            fives: [50, 0, 500, 1000, 0, 0],
            sixes: [0, 0, 600, 1200, 0, 0],
        };
        r.scoring.patterns.clear();
        r.game.goal = goal;
        r.turn.entry = entry;
        r.validate().expect("valid rules");
        r
    }

    fn game(rules: RuleSet) -> PushLuckGame {
        let entry = registry::find("farkle").expect("farkle is built in");
        PushLuckGame::new(entry, rules, vec![], None).expect("solvable")
    }

    /// The plain value iteration: turn-start values `w[a][b]` swept until
    /// they move by less than 1e-14, each sweep evaluating every turn by
    /// recursion over (turn points, dice, rolls) with every set-aside of
    /// every roll. Turns are cut at `cap` points (a forced bank), far past
    /// where it matters.
    struct Plain {
        rules: RuleSet,
        ms: Multisets,
        /// `[first roll?][roll]`: every set-aside as (dice used, points, instant win).
        options: [Vec<Vec<(usize, i64, bool)>>; 2],
        grid: i64,
        cap: i64,
    }

    impl Plain {
        fn on(&self, total: i64) -> bool {
            total > 0 || self.rules.turn.entry == 0
        }

        /// Best value of a turn from `(t, k, r)`: `bank(t)` is `None` where
        /// stopping is not allowed; a farkle is worth `farkle`.
        fn turn(
            &self,
            t: i64,
            k: usize,
            r: u32,
            farkle: f64,
            bank: &dyn Fn(i64) -> Option<f64>,
            memo: &mut HashMap<(i64, usize, u32), f64>,
        ) -> f64 {
            if let Some(&v) = memo.get(&(t, k, r)) {
                return v;
            }
            let mut total = 0.0;
            for i in self.ms.of_size(k) {
                // A roll with something to set aside must set something aside.
                let mut best = f64::NEG_INFINITY;
                for &(used, points, instant) in &self.options[usize::from(r == 0)][i] {
                    {
                        let value = if instant {
                            1.0
                        } else {
                            let t2 = t + points;
                            let mut k2 = k - used;
                            if k2 == 0 {
                                k2 = 6;
                            }
                            let stop = bank(t2);
                            if t2 > self.cap {
                                stop.unwrap_or(farkle)
                            } else {
                                // Rolls count only as "first or later" here (no roll limit).
                                let go = self.turn(t2, k2, 1, farkle, bank, memo);
                                stop.map_or(go, |s| s.max(go))
                            }
                        };
                        best = best.max(value);
                    }
                }
                total += self.ms.prob(i) * if best == f64::NEG_INFINITY { farkle } else { best };
            }
            memo.insert((t, k, r), total);
            total
        }

        /// P(a player at `b`, on the board or not, scores more than `need`).
        fn pass(&self, b: i64, need: i64) -> f64 {
            let on = self.on(b);
            let turn = &self.rules.turn;
            let bank = |t: i64| -> Option<f64> {
                if on && t < turn.min_bank {
                    None
                } else if !on && t < turn.entry {
                    Some(0.0)
                } else {
                    Some(if t > need { 1.0 } else { 0.0 })
                }
            };
            self.turn(0, 6, 0, 0.0, &bank, &mut HashMap::new())
        }

        fn solve(&self) -> Vec<f64> {
            let goal = self.rules.game.goal;
            let n = usize::try_from(goal / self.grid).unwrap();
            let mut w = vec![0.5; n * n];
            let mut pass_memo: HashMap<(i64, i64), f64> = HashMap::new();
            for _sweep in 0..500 {
                let mut delta: f64 = 0.0;
                for a in 0..n {
                    for b in 0..n {
                        let (at, bt) = (a as i64 * self.grid, b as i64 * self.grid);
                        let farkle = 1.0 - w[b * n + a];
                        let on = self.on(at);
                        let turn = &self.rules.turn;
                        let mut pass_of =
                            |x: i64| -> f64 { *pass_memo.entry((bt, x)).or_insert_with(|| self.pass(bt, x - bt)) };
                        // Banks past the goal, computed before the turn.
                        let mut past: HashMap<i64, f64> = HashMap::new();
                        let mut x = goal;
                        while x <= at + self.cap + 3000 {
                            past.insert(x, 1.0 - pass_of(x));
                            x += self.grid;
                        }
                        let w_ref = &w;
                        let bank = |t: i64| -> Option<f64> {
                            if on && t < turn.min_bank {
                                return None;
                            }
                            if !on && t < turn.entry {
                                return Some(farkle);
                            }
                            let x = at + t;
                            Some(if x < goal {
                                1.0 - w_ref[b * n + usize::try_from(x / self.grid).unwrap()]
                            } else {
                                past[&x]
                            })
                        };
                        let v = self.turn(0, 6, 0, farkle, &bank, &mut HashMap::new());
                        delta = delta.max((v - w[a * n + b]).abs());
                        w[a * n + b] = v;
                    }
                }
                if delta < 1e-14 {
                    break;
                }
            }
            w
        }
    }

    fn compare(rules: RuleSet) {
        let g = game(rules.clone());
        let (values, facts, _) = solve(&g, &crate::progress::Silent).expect("solves");
        let scorer = Scorer::new(&rules);
        let ms = Multisets::new(6);
        let options = [false, true].map(|first| {
            (0..ms.len())
                .map(|i| {
                    let sets = scorer.set_asides(ms.counts(i), first);
                    sets.iter()
                        .flat_map(|sa| sa.variants.iter().map(|v| (dice_count(&sa.keep), v.points, v.instant_win)))
                        .collect()
                })
                .collect()
        });
        let plain = Plain { ms, options, grid: g.win_model().grid, cap: rules.game.goal + 4000, rules };
        let w = plain.solve();
        assert_eq!(w.len(), values.w.len());
        let worst = w.iter().zip(&values.w).map(|(x, y)| (x - y).abs()).fold(0.0, f64::max);
        assert!(worst < 1e-9, "largest difference {worst:e}");
        assert!(facts.residual <= RESIDUAL);
        assert!(values.at(0, 0) > 0.5, "the first player has the edge: {}", values.at(0, 0));
    }

    #[test]
    fn matches_plain_value_iteration() {
        compare(small(500, 0));
    }

    #[test]
    fn matches_plain_value_iteration_with_entry_threshold() {
        compare(small(600, 200));
    }

    #[test]
    fn optimal_play_wins_as_often_as_solved() {
        let rules = small(500, 200);
        let g = game(rules.clone());
        let (values, _, _) = solve(&g, &crate::progress::Silent).expect("solves");
        let model = g.win_model();
        let grid = model.grid;
        let goal = rules.game.goal;
        let on = |x: i64| x > 0 || rules.turn.entry == 0;
        let counts = |t: i64, total: i64| on(total) || t >= rules.turn.entry;
        let mut turns: HashMap<(usize, usize), Solution> = HashMap::new();
        let mut rng = SmallRng::seed_from_u64(7);
        let games = 20_000;
        let mut first_wins = 0u32;
        for _ in 0..games {
            let mut score = [0i64, 0];
            let mut mover = 0;
            let winner = loop {
                let (a, b) = (score[mover], score[1 - mover]);
                let key = (usize::try_from(a / grid).unwrap(), usize::try_from(b / grid).unwrap());
                let sol = turns.entry(key).or_insert_with(|| values.turn(key.0, key.1));
                match play_turn(sol, &mut rng) {
                    Ended::Instant => break mover,
                    Ended::Farkle => {}
                    Ended::Bank(t) if counts(t, a) => {
                        score[mover] += t;
                        if score[mover] >= goal {
                            // The other player's last turn: pass or lose.
                            let need = score[mover] - b;
                            let last = last_turn(model, on(b), need);
                            break match play_turn(&last, &mut rng) {
                                Ended::Instant => 1 - mover,
                                Ended::Bank(t2) if counts(t2, b) && t2 > need => 1 - mover,
                                _ => mover,
                            };
                        }
                    }
                    Ended::Bank(_) => {}
                }
                mover = 1 - mover;
            };
            first_wins += u32::from(winner == 0);
        }
        let p = values.at(0, 0);
        let observed = f64::from(first_wins) / f64::from(games);
        let se = (p * (1.0 - p) / f64::from(games)).sqrt();
        assert!((observed - p).abs() < 4.0 * se, "observed {observed}, solved {p}, standard error {se}");
    }
}
