//! The chaser's last turn: once a bank reaches the goal, the other player
//! gets one more turn and must end it strictly above the leader's total.
//! [`LastTurn`] is the probability of passing a lead of any size, from a
//! fresh start or (with piggyback) from the leader's leftover dice, solved
//! once per game by one turn DP ([`last_turn`]).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::offers;
use super::{instant_chance, params, reach, start_context, Side};
use crate::pushluck::level_total;
use crate::pushluck::model::{Model, TurnState};
use crate::pushluck::rules::Stop;
use crate::pushluck::solution::{SameBeyond, Solution, WinPayoff};

/// The last-turn pass probabilities are computed until they are this close
/// to their limit.
pub(crate) const TAIL: f64 = 1e-16;
/// Most grid levels of "points still needed" in the last-turn table.
pub(super) const NEED_LEVELS_MAX: usize = 4000;

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
    pub(super) fn need_level(&self, on_board: bool, need: i64, grid: i64) -> usize {
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
        self.fresh_at(self.need_level(on_board, need, grid))
    }

    /// `P_pass` at row index `i` of the table (past its end, its last
    /// value).
    pub(super) fn fresh_at(&self, i: usize) -> f64 {
        self.fresh.get(i).or(self.fresh.last()).copied().unwrap_or(0.0)
    }

    /// How far a bank past the goal may still rise while the chaser (on the
    /// board or not) needs more than `need`: their chance to pass there,
    /// above its limit.
    pub(super) fn rise(&self, on_board: bool, need: i64, grid: i64) -> f64 {
        self.pass(on_board, need, grid) - self.instant
    }

    /// The least need from which a bank's value only grows with the
    /// banker's total, leftover or not: past both entry thresholds the
    /// chance to pass on a leftover no longer changes with the points
    /// inherited.
    pub(super) fn settled(&self, grid: i64) -> i64 {
        self.counts_from[0].max(self.counts_from[1]) - grid
    }

    /// True when `pass` no longer changes with `need` (the row's tail).
    pub(super) fn in_tail(&self, on_board: bool, need: i64, grid: i64) -> bool {
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

/// [`last_turn`] for a `need` that came from a user (a question, a
/// record): refused in one line when its solve would be over the turn
/// budget.
///
/// # Errors
/// [`crate::limits::TooLarge`] for a need too large to solve here.
pub(crate) fn checked_last_turn(model: &Model, on: bool, need: i64) -> Result<Solution<'_>, crate::error::Error> {
    let levels = u64::try_from(need / model.grid + 1).unwrap_or(u64::MAX);
    let states = levels.saturating_mul(model.contexts() as u64);
    crate::limits::check_solve_size(
        || format!("a last turn needing more than {need} points"),
        states,
        states.saturating_mul(16),
        crate::limits::TURN_SOLVE_BYTES,
    )?;
    Ok(last_turn(model, on, need))
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
pub(super) fn tail_row(sol: &Solution, top: i64, levels: usize, c: usize) -> Vec<f64> {
    let g = sol.model.grid;
    let mut row: Vec<f64> = (0..levels).map(|l| sol.roll_value_at(top - level_total(l, g), c)).collect();
    let limit = *row.last().expect("levels > 0");
    let end = row.iter().position(|&p| p - limit <= TAIL).map_or(levels, |i| i + 1);
    row.truncate(end);
    row
}

/// The context of a piggyback roll on `k` leftover dice: never the turn's
/// first roll, no 1s set aside yet (`None` when the rules leave no roll).
pub(crate) fn leftover_context(model: &Model, k: usize) -> Option<usize> {
    model.context_of(&TurnState::leftover(u8::try_from(k).ok()?, 0)).ok().flatten()
}
