//! How a solved turn ends, with what probability, under its optimal policy.
//!
//! The DP ([`super::dp`]) finds values; this walks the same states forwards
//! from the turn's start with the decisions those values make (bank where
//! banking is at least as good as rolling, else roll and take each roll's
//! best successor, the first best on ties, as the DP does) and adds up the
//! probability of every way the turn ends: a farkle, an instant win, or a
//! bank (voluntary, or forced when no roll is left) at each turn total.
//! With the values of those ends the turn's value is a plain weighted sum,
//! so a fixed policy can be evaluated without solving the turn again: the
//! win solver under the three-farkle penalty does that
//! ([`super::win::penalty`]).

use super::level_total;
use super::model::{dice_of, hot_end, HOT_END, HOT_INSTANT};
use super::solution::{Payoff, Solution};

/// The ends of one turn and their probabilities.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnEnds {
    pub farkle: f64,
    pub instant: f64,
    /// `banks[level]`: the turn ends at turn total `level * grid` (a bank,
    /// or a forced end: worth the bank where stopping is allowed, else a
    /// farkle, as [`Solution::decision_value`] says).
    pub banks: Vec<f64>,
    /// Under the win objective's stationary tail (values above the solved
    /// levels that are not banks): the probability-weighted value of
    /// reaching it, a constant of this solution.
    pub tail: f64,
}

impl TurnEnds {
    fn end(&mut self, level: usize, p: f64) {
        if self.banks.len() <= level {
            self.banks.resize(level + 1, 0.0);
        }
        self.banks[level] += p;
    }
}

impl Solution<'_> {
    /// The ends of the turn that starts by rolling in context `start` with
    /// nothing at stake.
    pub fn ends(&self, start: usize) -> TurnEnds {
        let m = self.model;
        let n = m.contexts();
        let above = match &self.payoff {
            Payoff::Win(w) => w.above.as_ref(),
            _ => None,
        };
        let mut out = TurnEnds { farkle: 0.0, instant: 0.0, banks: vec![], tail: 0.0 };
        let mut mass = vec![0.0; self.levels.max(1) * n];
        // The DP's own choices when it kept them (the same: the first of
        // the highest value).
        let rolls = m.roll_starts[n];
        let recorded = self.choices.len() == self.levels * rolls;
        mass[start] = 1.0;
        for level in 0..self.levels {
            let base = level * n;
            for c in 0..n {
                let p = mass[base + c];
                if p == 0.0 {
                    continue;
                }
                if level > 0 && self.stops_at(level, c) {
                    out.end(level, p);
                    continue;
                }
                let table = &m.tables[c];
                out.farkle += p * table.farkle;
                let at = level * rolls + m.roll_starts[c];
                for (r, &(prob, from, to)) in table.rolls.iter().enumerate() {
                    let options = &table.hot[from as usize..to as usize];
                    let x = if recorded {
                        options[usize::from(self.choices[at + r])]
                    } else {
                        self.best_successor(level, options)
                    };
                    let q = p * prob;
                    if x == HOT_INSTANT {
                        out.instant += q;
                    } else if x & HOT_END != 0 {
                        out.end(level + hot_end(x).0, q);
                    } else {
                        let (l2, c2) = (level + x as usize / n, x as usize % n);
                        if l2 < self.levels {
                            mass[l2 * n + c2] += q;
                        } else if let Some(above) = above {
                            out.tail += q * above[c2];
                        } else {
                            // Banking is optimal up there (see `super::win`).
                            out.end(l2, q);
                        }
                    }
                }
            }
        }
        out
    }

    /// The policy banks at decision state `(level, c)` (not a turn's start):
    /// banking is allowed and at least as good as rolling.
    pub(super) fn stops_at(&self, level: usize, c: usize) -> bool {
        let t = level_total(level, self.model.grid);
        self.bank_leaving(t, dice_of(c)).is_some_and(|b| b >= self.decision_value(t, c))
    }

    /// The successor the policy takes among `hot` (one roll's set-asides,
    /// encoded) at `level`: the first of the highest value.
    pub(super) fn best_successor(&self, level: usize, hot: &[u32]) -> u32 {
        let base = level * self.model.contexts();
        let t = level_total(level, self.model.grid);
        let mut best = (f64::NEG_INFINITY, hot[0]);
        for &x in hot {
            let i = base + x as usize;
            let v = if i < self.values.len() { self.values[i] } else { self.hot_value_outside(t, x) };
            if v > best.0 {
                best = (v, x);
            }
        }
        best.1
    }
}
