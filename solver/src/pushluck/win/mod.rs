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
//! without farkle risk, hopeless opponents in games with instant wins, and
//! under piggyback, where leaving dice to a chaser can stay worse than
//! rolling on), the turn ends in a *stationary tail*: above a top the banks
//! are taken at their value there, a problem over contexts alone, with its
//! own slopes and policy range (`turn`). The top is where freezing the
//! banks changes no value the solve reads by more than [`TAIL`]: a bank
//! above may still rise by `P_pass`'s distance to its limit, and a turn
//! climbs from the highest level read to the top with a chance of at most
//! `climb` ([`climb_chances`]). Advice reads any level, so its turns stop
//! only where `P_pass` itself is within [`TAIL`] of its limit. The solve
//! reports the largest value a stop could have changed as its
//! `truncation` bound.
//!
//! ## Where each part lives
//! - [`last_turn`]: the chaser's last turn, `P_pass` for every need;
//! - [`values`]: the value store `W`, and what each end of a turn is worth;
//! - [`turn`]: one mover's turn set up from the store and solved;
//! - [`pair`]: the pair solve by Newton steps (no penalty);
//! - [`penalty`]: policy iteration under the three-farkle penalty, its
//!   policies' linear rows packed in [`rows`] and swept on every core by
//!   [`sweep`];
//! - [`offers`]: the piggyback values; [`sides`]: a player's state;
//! - [`facts`]: the game facts solved along; [`sheet`]: the sheet to win;
//! - [`table`]: the win table on disk; this file: the driver ([`solve`])
//!   and the size budget ([`check_size`]); [`estimate`]: how long a solve
//!   will take, said before it starts;
//! - `tests`: against a plain value iteration (`tests::reference`), and
//!   every number advice shows against the solved values (`tests::advice`).

use std::time::Instant;

mod estimate;
pub(crate) mod facts;
mod last_turn;
pub(crate) mod offers;
mod pair;
pub(crate) mod penalty;
pub(crate) mod players;
mod rows;
pub(crate) mod sides;
mod sweep;
pub(crate) mod table;
mod turn;
mod values;

pub(crate) use estimate::{
    players_reference_seconds, players_reference_seconds_on, players_seconds, reference_seconds, solve_seconds,
};
pub(crate) use last_turn::{checked_last_turn, last_turn, leftover_context, LastTurn};
pub(crate) use offers::Offers;
use pair::solve_pairs;
pub(crate) use sides::{Side, Sides};
pub(crate) use values::{End, WinValues};

use super::model::{Model, Params, Succ, TurnState};
use super::PushLuckGame;
use crate::error::Error;
use crate::limits::{check_solve_size, WIN_OFFER_BYTES, WIN_SOLVE_STATES};
use crate::progress::Progress;
use crate::report::WinFacts;

/// Turn parameters of a mover at side `s` (only the instant-win and
/// exact-goal parts of the turn read them; ends come from the payoff).
fn params(model: &Model, s: Side) -> Params {
    Params { on_board: s.on_board, last_chance: false, goal_left: model.rules.game.goal - s.total }
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

/// Per number of grid levels `d` (from 0): the largest probability, over
/// every way of playing and every context to start from, that one turn
/// climbs at least `d` levels above where it is. Banking never helps to
/// climb, and a farkle, an instant win or an end without dice stops the
/// climb, so this is the DP of always rolling on and taking, for each
/// roll, the set-aside most likely to climb on. Kept until it falls below
/// [`CLIMB_FLOOR`]; past its end the last value bounds it (it never
/// rises). With hot dice it falls slowly (Farkle: 0.054 for 50 levels,
/// 3.3e-3 for 100, 1.2e-5 for 200, 4.7e-8 for 300).
fn climb_chances(model: &Model) -> Vec<f64> {
    let n = model.contexts();
    let g = model.grid;
    // rows[j][c]: the chance from context c to climb j more levels
    // (rows[0] = 1: already there).
    let mut rows: Vec<Vec<f64>> = vec![vec![1.0; n]];
    let mut best = vec![1.0];
    while best.len() < CLIMB_LEVELS && *best.last().expect("one") > CLIMB_FLOOR {
        let d = rows.len();
        let row: Vec<f64> = (0..n)
            .map(|c| {
                let t = &model.tables[c];
                t.rolls
                    .iter()
                    .map(|&(p, from, to)| {
                        let most = t.succ[from as usize..to as usize]
                            .iter()
                            .map(|s| {
                                let levels = |gain: i64| usize::try_from(gain / g).unwrap_or(0);
                                match *s {
                                    Succ::Ctx { gain, ctx } => {
                                        let up = levels(gain);
                                        if up >= d {
                                            1.0
                                        } else {
                                            rows[d - up][ctx as usize]
                                        }
                                    }
                                    Succ::End { gain, .. } => f64::from(u8::from(levels(gain) >= d)),
                                    Succ::Instant => 0.0,
                                }
                            })
                            .fold(0.0, f64::max);
                        p * most
                    })
                    .sum::<f64>()
            })
            .collect();
        best.push(row.iter().copied().fold(0.0, f64::max));
        rows.push(row);
    }
    best
}

/// The chance of climbing `levels` levels from [`climb_chances`]'
/// `climbs`: past their end, their last (an upper bound; 1 for none).
fn climb_at(climbs: &[f64], levels: usize) -> f64 {
    climbs.get(levels).or(climbs.last()).copied().unwrap_or(1.0)
}

/// [`climb_chances`] stops below this chance (no bank moves by more than
/// 1 where it is read from)...
const CLIMB_FLOOR: f64 = 1e-18;
/// ... or at this many levels.
const CLIMB_LEVELS: usize = 4096;

/// Past an exact goal with instant wins (the model's `chase`), the value
/// of every context at farkle value `farkle` and its slope: a bank there
/// busts and the player rolls on for an instant win, `u + (1 - u) F` in a
/// context whose chance of one is `u` (a farkle, a bust and a forced end
/// are all worth F, so every value there is F plus (1 - F) times its value
/// at F = 0), exactly and at every farkle value, with slope `1 - u`.
/// `None` without an exact goal or instant wins.
fn rolling_on_past_goal(model: &Model, farkle: f64) -> Option<(Vec<f64>, Vec<f64>)> {
    let chase = model.chase.as_ref()?;
    Some((chase.iter().map(|u| u + (1.0 - u) * farkle).collect(), chase.iter().map(|u| 1.0 - u).collect()))
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
    progress.stage("the last turns after the goal", 1);
    let last = LastTurn::solve(model);
    progress.advance(1);
    let mut values = WinValues::new(model, sides, vec![f64::NAN; m * m], last);
    if model.rules.turn.piggyback {
        values.offers = Some(Offers::new(&values.sides, WinValues::offer_levels(model, &values.sides)));
    }
    // (Under piggyback=return a farkle on a leftover moves the other
    // player's total, which the game facts' ends do not follow: not
    // computed, as `WinValues::has_game_facts` says.)
    if !penalty && !model.rules.turn.piggyback_return {
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
    if model.rules.turn.piggyback_return && sides.penalty() {
        return Err(crate::error::WinError::Unsolved {
            game: game.title(),
            what: "piggyback=return together with the three-farkle penalty",
        }
        .into());
    }
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

#[cfg(test)]
mod tests;
