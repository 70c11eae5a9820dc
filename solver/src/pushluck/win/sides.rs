//! What the win objective knows about one player between turns: a *side*.
//!
//! Without the three-farkle penalty a side is just the banked total (on the
//! points grid, below the goal): totals never fall, so "on the board" is
//! "total above 0" (or no entry threshold at all), and side `i` is the
//! total `i * grid`: the table is indexed by totals.
//!
//! With the penalty a side is `(total, on the board?, farkles in a row)`:
//! a third farkle costs the penalty, so totals fall, below 0 and below
//! earlier totals, and a player on the board stays there whatever the total.
//! Totals are bounded below by the *floor*: a penalty that would take a
//! total below it leaves it at the floor (the lowest multiple of the penalty
//! at or above it, off the board). The floor is part of the table; its
//! effect on the win probabilities is measured by a test (lowering it
//! changes P(first player wins) by less than 1e-6 on a small goal) and
//! stated in docs/how-it-works.md. Sides are laid out as
//! - on the board: totals `floor, floor + grid, ..., goal - grid`, three
//!   farkle counts each;
//! - off the board (rules with an entry threshold): totals `0, -penalty,
//!   -2 penalty, ...` down to the floor, three farkle counts each.

use serde::Serialize;

use super::super::model::{Model, Params};
use super::super::rules::RuleSet;

/// One player's state between turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) struct Side {
    pub(crate) total: i64,
    pub(crate) on_board: bool,
    /// Farkles in a row (0 without the penalty).
    pub(crate) farkles: u8,
}

impl Side {
    /// The expected-score turn of a player at this side: on the board or
    /// not, a farkle now the third in a row or not, and the goal left where
    /// the goal matters to a turn (instant wins, an exact goal; elsewhere
    /// the whole goal, so that sides alike share one turn).
    pub(crate) fn turn_params(&self, rules: &RuleSet) -> Params {
        let goal = rules.game.goal;
        let goal_matters = rules.has_instant_win() || rules.game.exact_goal;
        Params {
            on_board: self.on_board,
            last_chance: rules.turn.three_farkle_penalty > 0 && self.farkles == 2,
            goal_left: if goal_matters { goal - self.total } else { goal },
        }
    }
}

/// The layout of sides: a dense index for every side the rules can reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Sides {
    grid: i64,
    goal: i64,
    entry: bool,
    penalty: i64,
    floor: i64,
    /// On-board totals: `floor, floor + grid, ..., goal - grid`.
    on_levels: usize,
    /// Off-board totals `0, -penalty, ...` (0 without an entry threshold).
    off_levels: usize,
}

/// The default floor: three penalties below 0, or a fifth of the goal if
/// that is lower, on the grid.
pub(crate) fn default_floor(model: &Model) -> i64 {
    let r = &model.rules;
    let p = r.turn.three_farkle_penalty;
    if p == 0 {
        return 0;
    }
    let low = (3 * p).max(r.game.goal / 5);
    -(low + model.grid - 1) / model.grid * model.grid
}

impl Sides {
    /// The sides of `model`'s rules with totals down to `floor` (0 without
    /// the penalty; a multiple of the grid at most 0).
    pub(crate) fn new(model: &Model, floor: i64) -> Sides {
        let r = &model.rules;
        let g = model.grid;
        let penalty = r.turn.three_farkle_penalty;
        let floor = if penalty == 0 { 0 } else { floor };
        let on_levels = usize::try_from((r.game.goal - floor + g - 1) / g).expect("floor below the goal");
        let entry = r.turn.entry > 0;
        let off_levels =
            if penalty > 0 && entry { usize::try_from(-floor / penalty).expect("floor at most 0") + 1 } else { 0 };
        Sides { grid: g, goal: r.game.goal, entry, penalty, floor, on_levels, off_levels }
    }

    pub(crate) fn floor(&self) -> i64 {
        self.floor
    }

    /// With the three-farkle penalty (sides carry counts and board status).
    pub(crate) fn penalty(&self) -> bool {
        self.penalty > 0
    }

    fn counts(&self) -> usize {
        if self.penalty() {
            3
        } else {
            1
        }
    }

    pub(crate) fn len(&self) -> usize {
        (self.on_levels + self.off_levels) * self.counts()
    }

    /// The sides a bank can lead to, as `(count, stride)`: sides `stride *
    /// j` for `j < count`. Without the penalty every total (`stride` 1);
    /// with it the on-board totals with no farkles in a row, the first of
    /// each three.
    pub(crate) fn bankers(&self) -> (usize, usize) {
        if self.penalty() {
            (self.on_levels, 3)
        } else {
            (self.len(), 1)
        }
    }

    /// The side with index `i` (below [`Sides::len`]).
    pub(crate) fn side(&self, i: usize) -> Side {
        let g = self.grid;
        if !self.penalty() {
            let total = i64::try_from(i).expect("small") * g;
            return Side { total, on_board: total > 0 || !self.entry, farkles: 0 };
        }
        let (level, farkles) = (i / 3, u8::try_from(i % 3).expect("0..3"));
        if level < self.on_levels {
            Side { total: self.floor + i64::try_from(level).expect("small") * g, on_board: true, farkles }
        } else {
            let k = i64::try_from(level - self.on_levels).expect("small");
            Side { total: -k * self.penalty, on_board: false, farkles }
        }
    }

    /// The index of `s`, when it is a side of these rules.
    pub(crate) fn index(&self, s: Side) -> Option<usize> {
        let g = self.grid;
        if s.total >= self.goal || s.total < self.floor || s.total % g != 0 {
            return None;
        }
        if !self.penalty() {
            let on = s.total > 0 || !self.entry;
            return (s.farkles == 0 && s.on_board == on).then(|| usize::try_from(s.total / g).expect("checked"));
        }
        if s.farkles > 2 {
            return None;
        }
        let level = if s.on_board || !self.entry {
            usize::try_from((s.total - self.floor) / g).ok()?
        } else {
            if s.total > 0 || s.total % self.penalty != 0 {
                return None;
            }
            self.on_levels + usize::try_from(-s.total / self.penalty).ok()?
        };
        Some(level * 3 + usize::from(s.farkles))
    }

    /// Index of a side that exists (every transition below stays inside).
    fn at(&self, s: Side) -> usize {
        self.index(s).unwrap_or_else(|| panic!("{s:?} is not a side"))
    }

    /// After a bank that counts, to total `x` below the goal.
    pub(crate) fn after_bank(&self, x: i64) -> usize {
        self.at(Side { total: x, on_board: true, farkles: 0 })
    }

    /// After a farkle: one more in a row, or the penalty at the third.
    pub(crate) fn after_farkle(&self, i: usize) -> usize {
        let s = self.side(i);
        if !self.penalty() {
            return i;
        }
        if s.farkles < 2 {
            return self.at(Side { farkles: s.farkles + 1, ..s });
        }
        let lowest = if s.on_board || !self.entry { self.floor } else { -(-self.floor / self.penalty) * self.penalty };
        self.at(Side { total: (s.total - self.penalty).max(lowest), farkles: 0, ..s })
    }

    /// After a stop that scores nothing (under the entry threshold): not a
    /// farkle, so the row of farkles is broken.
    pub(crate) fn after_pass(&self, i: usize) -> usize {
        let s = self.side(i);
        self.at(Side { farkles: 0, ..s })
    }

    /// The side of a player at `total` with `farkles` in a row, as the
    /// question gives it: on the board above 0; at or below 0 (penalty
    /// only) off the board when the rules have an entry threshold and the
    /// total is a multiple of the penalty (how a player who never got on
    /// gets there), else on.
    pub(crate) fn of_question(&self, total: i64, farkles: u8) -> Option<usize> {
        let on_board = total > 0 || !self.entry || (self.penalty() && total % self.penalty != 0);
        self.index(Side { total, on_board, farkles })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pushluck::games::farkle;

    fn model(penalty: i64, entry: i64) -> Model {
        let mut r = farkle::base();
        r.turn.three_farkle_penalty = penalty;
        r.turn.entry = entry;
        r.game.goal = 2000;
        Model::for_win(&r).expect("compiles")
    }

    #[test]
    fn index_and_side_agree_everywhere() {
        for (penalty, entry) in [(0, 0), (0, 500), (1000, 0), (1000, 500), (300, 500)] {
            let m = model(penalty, entry);
            let sides = Sides::new(&m, default_floor(&m));
            for i in 0..sides.len() {
                assert_eq!(sides.index(sides.side(i)), Some(i), "penalty {penalty}, entry {entry}, side {i}");
                let next = [sides.after_farkle(i), sides.after_pass(i)];
                assert!(next.iter().all(|&j| j < sides.len()));
            }
        }
    }

    #[test]
    fn a_third_farkle_costs_the_penalty_down_to_the_floor() {
        let m = model(1000, 500);
        let sides = Sides::new(&m, -2000);
        let s = |total, on_board, farkles| sides.index(Side { total, on_board, farkles }).unwrap();
        assert_eq!(sides.after_farkle(s(700, true, 1)), s(700, true, 2));
        assert_eq!(sides.after_farkle(s(700, true, 2)), s(-300, true, 0));
        assert_eq!(sides.after_farkle(s(-1500, true, 2)), s(-2000, true, 0));
        assert_eq!(sides.after_farkle(s(0, false, 2)), s(-1000, false, 0));
        assert_eq!(sides.after_farkle(s(-2000, false, 2)), s(-2000, false, 0));
        assert_eq!(sides.after_pass(s(-1000, false, 2)), s(-1000, false, 0));
        assert_eq!(sides.index(Side { total: -300, on_board: false, farkles: 0 }), None);
        assert_eq!(sides.of_question(0, 1), Some(s(0, false, 1)));
        assert_eq!(sides.of_question(-300, 0), Some(s(-300, true, 0)));
    }
}
