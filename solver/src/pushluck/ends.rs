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
//!
//! When only some weighted sums of the ends are wanted, with the weights
//! known up front, [`Solution::expect`] computes them backwards instead,
//! along the choices the DP recorded: the win solver's game facts
//! ([`super::win::facts`]).

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
                for &(prob, from, to) in &table.rolls {
                    let x = self.best_successor(level, &table.hot[from as usize..to as usize]);
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

/// How many levels above its own the encoded successor `x` lies.
fn reach_of(x: u32, contexts: usize) -> usize {
    if x == HOT_INSTANT {
        0
    } else if x & HOT_END != 0 {
        hot_end(x).0
    } else {
        x as usize / contexts
    }
}

/// Two quantities carried at once by [`Solution::expect`].
pub(super) type Lanes = [f64; 2];

impl Solution<'_> {
    /// The expectation over the turn that starts by rolling in context
    /// `start`, under the policy its DP recorded ([`Solution::choices`];
    /// the values decide banking), of what each end is worth: `bank(level)`
    /// for a bank or forced end at that turn level, `tail(ctx)` for reaching
    /// the stationary tail above the solved levels, `instant` for an
    /// instant win, and 0 for a farkle or a stop worth the farkle value (the
    /// probability of those is the start's slope). `bank` is asked once per
    /// level. The same sums as
    /// weighting [`Self::ends`] by those values, done backwards over the
    /// levels like the DP: every state is one gather per roll, with no
    /// probability mass pushed forwards.
    pub(super) fn expect(
        &self,
        start: usize,
        bank: impl Fn(usize) -> Lanes,
        tail: impl Fn(usize) -> Lanes,
        instant: Lanes,
    ) -> Lanes {
        let m = self.model;
        let n = m.contexts();
        let rolls = m.roll_starts[n];
        assert_eq!(self.choices.len(), self.levels * rolls, "a DP that recorded its choices");
        let Payoff::Win(w) = &self.payoff else { unreachable!("a win-objective turn") };
        let above = w.above.is_some();
        let mut lanes: Vec<Lanes> = vec![[0.0; 2]; self.levels * n];
        // Successors reach at most this far above the solved levels.
        let reach = m.tables.iter().flat_map(|t| &t.hot).map(|&x| reach_of(x, n)).max().unwrap_or(0);
        let banks: Vec<Lanes> = (0..=self.levels + reach).map(&bank).collect();
        let bank = |level: usize| banks[level];
        let add = |sum: &mut Lanes, p: f64, v: Lanes| {
            sum[0] += p * v[0];
            sum[1] += p * v[1];
        };
        for level in (0..self.levels).rev() {
            for c in 0..n {
                // The DP's own decision (bank when at least as good as rolling).
                let i = level * n + c;
                if level > 0 && w.bank(level, dice_of(c)).is_some_and(|b| b >= self.roll_values[i]) {
                    lanes[i] = bank(level);
                    continue;
                }
                let table = &m.tables[c];
                let at = level * rolls + m.roll_starts[c];
                let mut sum = [0.0; 2];
                for (r, &(prob, from, _)) in table.rolls.iter().enumerate() {
                    let x = table.hot[from as usize + usize::from(self.choices[at + r])];
                    let v = if x == HOT_INSTANT {
                        instant
                    } else if x & HOT_END != 0 {
                        bank(level + hot_end(x).0)
                    } else {
                        let (l2, c2) = (level + x as usize / n, x as usize % n);
                        if l2 < self.levels {
                            lanes[l2 * n + c2]
                        } else if above {
                            tail(c2)
                        } else {
                            // Banking is optimal up there (see `super::win`).
                            bank(l2)
                        }
                    };
                    add(&mut sum, prob, v);
                }
                lanes[level * n + c] = sum;
            }
        }
        lanes[start]
    }
}
