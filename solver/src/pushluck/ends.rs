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
//! known up front, [`Solution::expect_rolls`] computes them backwards instead,
//! along the choices the DP recorded: the win solver's game facts
//! ([`super::win::facts`]).

use super::lanes::Carry;
use super::level_total;
use super::model::{dice_of, hot_end, HOT_END, HOT_INSTANT};
use super::solution::{Payoff, Solution};

/// The ends of one turn and their probabilities.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TurnEnds {
    pub(crate) farkle: f64,
    pub(crate) instant: f64,
    /// `banks[level]`: the turn ends at turn total `level * grid` (a bank,
    /// or a forced end: worth the bank where stopping is allowed, else a
    /// farkle, as [`Solution::decision_value`] says).
    pub(crate) banks: Vec<f64>,
    /// The same split by the dice the end leaves not set aside (what the
    /// next player may take over under piggyback): `[level * 7 + left]`.
    pub(crate) banks_leaving: Vec<f64>,
    /// Under the win objective's stationary tail (values above the solved
    /// levels that are not banks): the probability-weighted value of
    /// reaching it, a constant of this solution.
    pub(crate) tail: f64,
}

impl TurnEnds {
    #[inline]
    fn end(&mut self, level: usize, left: usize, p: f64) {
        if self.banks.len() <= level {
            self.banks.resize(level + 1, 0.0);
            self.banks_leaving.resize((level + 1) * 7, 0.0);
        }
        self.banks[level] += p;
        self.banks_leaving[level * 7 + left] += p;
    }
}

impl Solution<'_> {
    /// The ends of the turn that starts by rolling in context `start` with
    /// nothing at stake.
    pub(crate) fn ends(&self, start: usize) -> TurnEnds {
        let m = self.model;
        let n = m.contexts();
        let above = match &self.payoff {
            Payoff::Win(w) => w.above.as_ref(),
            _ => None,
        };
        // Every end lies within the values' rows (the levels and a
        // successor's reach above them): sized once, not grown end by end.
        let rows = self.values.len() / n + 1;
        let mut out = TurnEnds {
            farkle: 0.0,
            instant: 0.0,
            banks: vec![0.0; rows],
            banks_leaving: vec![0.0; rows * 7],
            tail: 0.0,
        };
        let mut mass = vec![0.0; self.levels.max(1) * n];
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
                    out.end(level, dice_of(c), p);
                    continue;
                }
                let table = &m.tables[c];
                // The dice the policy rolls (every die, without a choice).
                let group = table.groups[self.rolled_group(level_total(level, m.grid), c)];
                out.farkle += p * group.farkle;
                let at = level * rolls + m.roll_starts[c];
                for r in group.rolls() {
                    let (prob, from, to) = table.rolls[r];
                    let hot = &table.hot[from as usize..to as usize];
                    // The DP's own choice when it recorded them.
                    let x =
                        if recorded { hot[usize::from(self.choices[at + r])] } else { self.best_successor(level, hot) };
                    let q = p * prob;
                    if x == HOT_INSTANT {
                        out.instant += q;
                    } else if x & HOT_END != 0 {
                        let (gain, left) = hot_end(x);
                        out.end(level + gain, left, q);
                    } else if base + (x as usize) < self.levels * n {
                        // A decision state below the top: the successor's
                        // offset from this level's row.
                        mass[base + x as usize] += q;
                    } else {
                        let (l2, c2) = (level + x as usize / n, x as usize % n);
                        if let Some(chase) = &m.chase {
                            // Past an exact goal: rolling on for an instant
                            // win, which ends in one or in a farkle.
                            out.instant += q * chase[c2];
                            out.farkle += q * (1.0 - chase[c2]);
                        } else if let Some(above) = above {
                            out.tail += q * above[c2];
                        } else {
                            // Banking is optimal up there (see `super::win`).
                            out.end(l2, dice_of(c2), q);
                        }
                    }
                }
            }
        }
        out
    }

    /// The policy as the DP found it, as a 128-bit digest of every roll's
    /// recorded choice and every state's stop (bank at least as good as
    /// rolling): two solves of one turn with the same key, and with the
    /// same ends outside the arrays (no stationary tail), have the same
    /// [`Self::ends`]. `None` when the choices were not recorded.
    pub(crate) fn policy_key(&self) -> Option<u128> {
        let m = self.model;
        let n = m.contexts();
        if self.choices.len() != self.levels * m.roll_starts[n] {
            return None;
        }
        if !matches!(self.payoff, Payoff::Win(_)) {
            return None;
        }
        if m.chooses_dice {
            // The choices of how many dice to roll are not in the digest.
            return None;
        }
        // Level 0 is the turn's start, where a stop is no choice (`ends`).
        let stops: Vec<u8> = (n..self.levels * n).map(|i| u8::from(self.stops_at(i / n, i % n))).collect();
        // Streamed: the choices are not copied (tens of kilobytes a turn).
        let mut digest = xxhash_rust::xxh3::Xxh3::new();
        digest.update(&self.choices);
        digest.update(&stops);
        Some(digest.digest128())
    }

    /// The policy banks at decision state `(level, c)` (not a turn's start):
    /// banking is allowed and at least as good as rolling (or, when the
    /// model's [`super::model::Ties`] roll on at a tie, better).
    #[inline]
    pub(super) fn stops_at(&self, level: usize, c: usize) -> bool {
        if let Payoff::Win(w) = &self.payoff {
            if level < self.levels {
                // A win turn's solved level: its bank and values read
                // directly (the same as below, without the lookups by
                // total, which were a seventh of the ends walk).
                let i = level * self.model.contexts() + c;
                let ties = self.model.ties.bank;
                return w.bank(level, dice_of(c)).is_some_and(|b| {
                    if ties {
                        b >= self.values[i]
                    } else {
                        b > self.roll_values[i]
                    }
                });
            }
        }
        let t = level_total(level, self.model.grid);
        // Rolling on at a tie: only a strictly better bank stops.
        let banks =
            |b: f64| if self.model.ties.bank { b >= self.decision_value(t, c) } else { b > self.roll_value_at(t, c) };
        self.bank_leaving(t, dice_of(c)).is_some_and(banks)
    }

    /// The successor the policy takes among `hot` (one roll's set-asides,
    /// encoded) at `level`: the first of the highest value.
    pub(super) fn best_successor(&self, level: usize, hot: &[u32]) -> u32 {
        hot[self.best_choice(level, hot)]
    }

    /// [`Self::best_successor`]'s position in `hot`.
    fn best_choice(&self, level: usize, hot: &[u32]) -> usize {
        let base = level * self.model.contexts();
        let t = level_total(level, self.model.grid);
        let mut best = (f64::NEG_INFINITY, 0);
        for (k, &x) in hot.iter().enumerate() {
            let i = base + x as usize;
            let v = if i < self.values.len() { self.values[i] } else { self.hot_value_outside(t, x) };
            if v > best.0 {
                best = (v, k);
            }
        }
        best.1
    }

    /// Records the policy's choice of every roll ([`Solution::choices`]) in
    /// a solution whose DP did not (the expected-score objective), so that
    /// its expectations ([`Self::expect_rolls`]) do not search again.
    pub(super) fn record_choices(&mut self) {
        let m = self.model;
        let n = m.contexts();
        let rolls = m.roll_starts[n];
        let mut choices = vec![0u8; self.levels * rolls];
        for level in 0..self.levels {
            for (c, table) in m.tables.iter().enumerate() {
                let at = level * rolls + m.roll_starts[c];
                for (r, &(_, from, to)) in table.rolls.iter().enumerate() {
                    let k = self.best_choice(level, &table.hot[from as usize..to as usize]);
                    choices[at + r] = u8::try_from(k).expect("at most six dice set aside");
                }
            }
        }
        self.choices = choices;
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

/// Two quantities carried at once (the game facts' turns and P(win)).
pub(super) type Lanes = [f64; 2];

/// What each end of a turn is worth to [`Solution::expect_rolls`], as `N`
/// quantities at once.
pub(super) struct Worth<'a, const N: usize> {
    /// A bank or forced end at turn level `level` (first argument) leaving
    /// `left` dice (second) not set aside; asked once per level and count
    /// (once per level, with `left` 0, when not `by_left`).
    pub(super) bank: &'a dyn Fn(usize, usize) -> [f64; N],
    /// Whether a bank's worth depends on the dice it leaves (piggyback).
    pub(super) by_left: bool,
    /// Reaching the stationary tail above the solved levels in context `c`.
    pub(super) tail: &'a dyn Fn(usize) -> [f64; N],
    pub(super) instant: [f64; N],
    pub(super) farkle: [f64; N],
}

impl Solution<'_> {
    /// Per state `(level, c)`, `[level * contexts + c]`, the expectation of
    /// what the turn's end is worth ([`Worth`]) when rolling there and then
    /// following the policy (filled at level 0, where the policy rolls, and
    /// in the contexts `keep` at every level; elsewhere 0; with `keep` empty
    /// only level 0 is returned): the choices the DP recorded (or
    /// [`Self::record_choices`]), banking where the values say banking is at
    /// least as good as rolling. Levels `0..max(levels, upto)`: above the
    /// solved ones every decision state banks (or is in the stationary
    /// tail), as in [`Self::ends`], and each roll takes its best successor
    /// by the values. The same sums as weighting [`Self::ends`] from every
    /// state at once, done backwards over the levels like the DP: every
    /// state is one gather per roll, with no probability mass pushed
    /// forwards.
    pub(super) fn expect_rolls<const N: usize>(&self, worth: &Worth<N>, upto: usize, keep: &[usize]) -> Vec<[f64; N]> {
        let m = self.model;
        let n = m.contexts();
        let rolls = m.roll_starts[n];
        assert_eq!(self.choices.len(), self.levels * rolls, "a policy with its choices recorded");
        let above = match &self.payoff {
            Payoff::Win(w) => w.above.is_some(),
            _ => false,
        };
        let all = self.levels.max(upto);
        // Successors reach at most this far above their state.
        let reach = m.tables.iter().flat_map(|t| &t.hot).map(|&x| reach_of(x, n)).max().unwrap_or(0);
        // 0 to 6 dice not set aside, or one value for all.
        let per_level = if worth.by_left { 7 } else { 1 };
        let banks: Vec<[f64; N]> =
            (0..=all + reach).flat_map(|level| (0..per_level).map(move |left| (worth.bank)(level, left))).collect();
        let bank = |level: usize, left: usize| banks[level * per_level + if worth.by_left { left } else { 0 }];
        // Every decision state a successor can be: those at or below the
        // top, filled as the pass goes down, then those above it, valued
        // here once (`Self::above_top`), so that reading any of them is one
        // array read, with no call in the loop (the sums stay in registers).
        let solved_len = self.levels * n;
        let mut decided: Vec<[f64; N]> = vec![[0.0; N]; (all + reach + 1) * n];
        for (i, d) in decided.iter_mut().enumerate().skip(solved_len) {
            *d = self.above_top(i / n, i % n, worth, &bank, above);
        }
        // What successor `x` of a roll at `level` is worth: a decision state
        // (its offset from the level's row), an instant win or an end.
        let successor = |decided: &[[f64; N]], level: usize, x: u32| -> [f64; N] {
            if x & HOT_END == 0 {
                decided[level * n + x as usize]
            } else if x == HOT_INSTANT {
                worth.instant
            } else {
                let (gain, left) = hot_end(x);
                bank(level + gain, left)
            }
        };
        // Only level 0 is kept when no context is asked for at every level.
        let mut rolled: Vec<[f64; N]> = vec![[0.0; N]; if keep.is_empty() { n } else { all * n }];
        for level in (0..all).rev() {
            let solved = level < self.levels;
            for c in 0..n {
                let i = level * n + c;
                // The DP's own decision (bank when at least as good as rolling).
                let stops = solved && level > 0 && self.stops_at(level, c);
                if stops {
                    decided[i] = bank(level, dice_of(c));
                    if !keep.contains(&c) {
                        continue;
                    }
                }
                let table = &m.tables[c];
                let at = level * rolls + m.roll_starts[c];
                let group = table.groups[self.rolled_group(level_total(level, m.grid), c)];
                let mut sum = [0.0; N];
                for (s, v) in sum.iter_mut().zip(worth.farkle) {
                    *s += group.farkle * v;
                }
                if solved {
                    for r in group.rolls() {
                        let (prob, from, _) = table.rolls[r];
                        let x = table.hot[from as usize + usize::from(self.choices[at + r])];
                        let v = successor(&decided, level, x);
                        for (s, v) in sum.iter_mut().zip(v) {
                            *s += prob * v;
                        }
                    }
                } else {
                    // Above the solved levels (the offers' rolls of leftover
                    // dice): each roll takes its best successor by the values.
                    for &(prob, from, to) in &table.rolls[group.rolls()] {
                        let x = self.best_successor(level, &table.hot[from as usize..to as usize]);
                        let v = successor(&decided, level, x);
                        for (s, v) in sum.iter_mut().zip(v) {
                            *s += prob * v;
                        }
                    }
                }
                if i < rolled.len() {
                    rolled[i] = sum;
                }
                if solved && !stops {
                    decided[i] = sum;
                }
            }
        }
        rolled
    }

    /// What this prepared turn carries through a DP in lanes
    /// ([`crate::pushluck::lanes::fill_lanes_carrying`]) so that its
    /// carried sums are [`Self::expect_rolls`]'s for `worth` at level 0:
    /// a bank's worth at every level of its arrays, an instant win's, and
    /// where the states above its levels do not bank (past an exact goal,
    /// in a stationary tail) their worth per context. A farkle must be
    /// worth nothing (the lanes carry nothing for it) and a bank's worth
    /// not depend on the dice it leaves.
    pub(super) fn carry(&self, worth: &Worth<2>) -> Carry {
        assert!(worth.farkle == [0.0; 2] && !worth.by_left, "a farkle worth nothing, banks not by dice left");
        let n = self.model.contexts();
        let bank = |level: usize, left: usize| (worth.bank)(level, left);
        let tail = matches!(&self.payoff, Payoff::Win(w) if w.above.is_some());
        let above = if self.model.chase.is_some() || tail {
            (0..n).map(|c| self.above_top(self.levels, c, worth, &bank, tail)).collect()
        } else {
            vec![]
        };
        Carry { bank: (0..=self.values.len() / n).map(|level| bank(level, 0)).collect(), instant: worth.instant, above }
    }

    /// What the decision state `(level, c)` above the solved levels is
    /// worth to [`Self::expect_rolls`] (`bank` as there).
    fn above_top<const N: usize>(
        &self,
        level: usize,
        c: usize,
        worth: &Worth<N>,
        bank: &impl Fn(usize, usize) -> [f64; N],
        above: bool,
    ) -> [f64; N] {
        if let Some(chase) = &self.model.chase {
            // Past an exact goal (see `Self::ends`).
            let u = chase[c];
            std::array::from_fn(|j| u * worth.instant[j] + (1.0 - u) * worth.farkle[j])
        } else if above {
            (worth.tail)(c)
        } else {
            // Banking is optimal up there (see `super::win`).
            bank(level, dice_of(c))
        }
    }
}
