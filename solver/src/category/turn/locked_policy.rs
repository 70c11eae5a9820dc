//! The expected-score play under the locked keep rule (Six Hundred),
//! written down per state and carried through a turn: the locked
//! counterpart of [`super::policy`], which holds the Yahtzee rule's.
//!
//! Under the locked rule a choice before a later roll depends on the dice
//! locked so far as well as on the dice showing. After the first roll
//! nothing is locked, and there is one choice per full roll, as under the
//! Yahtzee rule. After a later roll there is one per *pair* (L, T): L the
//! dice locked before that roll, T what the free dice show; the choice is
//! the multiset locked next, L and a part of T. It is the first of the
//! locks `advise` lists (the sub-multisets of L + T that contain L, in
//! `Multisets::subsets` order) whose expected-score value no other beats:
//! the tie rule of [`super::policy::first_best`], as `advise`, `play` and
//! `simulate` apply it.
//!
//! With the choices fixed, `E_l(L)`, the vector of having locked L with
//! `l` rolls still to come, is
//!
//! ```text
//! E_1(L) = Σ_T P(T) · F(L + T)              (the last roll: all dice count)
//! E_l(L) = Σ_T P(T) · E_{l−1}(C_{l−1}(L, T))  (C: the lock chosen)
//! ```
//!
//! with `F(D)` the vector of the box chosen for final roll `D`, and
//! `E_l(L) = F(L)` when every die is locked; the turn is the first roll's
//! average of `E` of the lock chosen for each roll. A pair costs one
//! multiply-add per cell: 12,376 pairs a roll for six dice (the maximum
//! over locks, which the expected-score step spreads over the lattice, is
//! replaced by a copy of the chosen lock's row).

use super::policy::{first_best, LanePolicy};
use super::target::{Bands, Run};
use super::{Position, Scratch, TurnDp, Values};
use crate::dice::Multisets;

/// The pairs (L, T) of the locked rule (L smaller than a full roll) and
/// the locks each can be followed by.
pub(super) struct LockedPairs {
    /// `start[l]..start[l + 1]`: the pairs of locked multiset `l`.
    start: Vec<usize>,
    /// Per pair: P(the free dice show T), and the full roll L + T.
    pairs: Vec<(f64, u16)>,
    /// `locks[lock_start[p]..lock_start[p + 1]]`: the locks pair `p` may be
    /// followed by, in `advise`'s order.
    lock_start: Vec<usize>,
    locks: Vec<u16>,
}

impl LockedPairs {
    pub(super) fn new(ms: &Multisets) -> LockedPairs {
        let n = ms.dice();
        let mut start = vec![0];
        let (mut pairs, mut lock_start, mut locks) = (vec![], vec![0], vec![]);
        for l in 0..ms.len() {
            let lc = *ms.counts(l);
            if ms.size(l) < n {
                for t in ms.of_size(n - ms.size(l)) {
                    let tc = ms.counts(t);
                    let full: crate::dice::Counts = std::array::from_fn(|f| lc[f] + tc[f]);
                    let d = ms.index(&full).expect("a full roll");
                    pairs.push((ms.prob(t), u16::try_from(d).expect("few multisets")));
                    locks.extend(ms.subsets_keeping(&full, &lc).map(|k| u16::try_from(k).expect("few multisets")));
                    lock_start.push(locks.len());
                }
            }
            start.push(pairs.len());
        }
        LockedPairs { start, pairs, lock_start, locks }
    }

    fn of(&self, locked: usize) -> std::ops::Range<usize> {
        self.start[locked]..self.start[locked + 1]
    }

    fn locks(&self, pair: usize) -> &[u16] {
        &self.locks[self.lock_start[pair]..self.lock_start[pair + 1]]
    }
}

impl TurnDp<'_> {
    fn locked_pairs(&self) -> &LockedPairs {
        self.locked_pairs.get_or_init(|| LockedPairs::new(&self.ms))
    }

    /// [`TurnDp::policies`] under the locked rule: `keeps[rolls − 2]` per
    /// full roll (the first roll's lock), the earlier `keeps[left − 1]` per
    /// pair.
    pub(super) fn locked_policies<V: Values + ?Sized>(
        &self,
        after: &V,
        mask: u32,
        lanes: &[usize],
        s: &mut Scratch<f64>,
    ) -> Vec<LanePolicy> {
        let mut out = self.final_policies(after, mask, lanes, s);
        let stride = s.successors.stride;
        let pairs = self.locked_pairs();
        for left in 1..self.game.rolls {
            self.keep_values_with(mask, left, s);
            let first_roll = left == self.game.rolls - 1;
            for (j, policy) in out.iter_mut().enumerate() {
                let value = |k: u16| s.rows[usize::from(k) * stride + j];
                let keeps = &mut policy.keeps[left - 1];
                if first_roll {
                    for subs in self.roll_subsets() {
                        keeps.push(first_best(subs.iter().copied(), value).expect("locking everything is allowed"));
                    }
                } else {
                    keeps.extend((0..pairs.pairs.len()).map(|p| {
                        first_best(pairs.locks(p).iter().copied(), value).expect("locking everything is allowed")
                    }));
                }
            }
        }
        out
    }

    /// [`TurnDp::policy_support`] under the locked rule: the least and the
    /// most of the vectors above, each pair's with a positive chance.
    pub(super) fn locked_policy_support<B: Bands + ?Sized>(
        &self,
        after: &B,
        mask: u32,
        lane: usize,
        policy: &LanePolicy,
    ) -> (u32, u32) {
        let (mut lo, mut hi) = self.final_support(after, mask, lane, policy);
        // E_1: every completion of the lock.
        for k in (0..self.ms.dice()).rev() {
            for kk in self.ms.of_size(k) {
                let add = self.ms.add(kk);
                lo[kk] = add.iter().map(|&a| lo[usize::from(a)]).min().expect("six faces");
                hi[kk] = add.iter().map(|&a| hi[usize::from(a)]).max().expect("six faces");
            }
        }
        let pairs = self.locked_pairs();
        let partial = 0..self.ms.rolls().start;
        for keeps in &policy.keeps[..self.game.rolls.saturating_sub(2)] {
            let (lo1, hi1) = (lo.clone(), hi.clone());
            for l in partial.clone() {
                let chosen = pairs.of(l).map(|p| usize::from(keeps[p]));
                lo[l] = chosen.clone().map(|k| lo1[k]).min().expect("a pair");
                hi[l] = chosen.map(|k| hi1[k]).max().expect("a pair");
            }
        }
        if self.game.rolls == 1 {
            let rolls = self.ms.rolls();
            return (
                lo[rolls.clone()].iter().copied().min().expect("rolls"),
                hi[rolls].iter().copied().max().expect("rolls"),
            );
        }
        let first = &policy.keeps[self.game.rolls - 2];
        let least = first.iter().map(|&k| lo[usize::from(k)]).min().expect("rolls");
        let most = first.iter().map(|&k| hi[usize::from(k)]).max().expect("rolls");
        (least, most)
    }

    /// [`TurnDp::policy_turn_start`] under the locked rule.
    pub(super) fn locked_policy_turn_start<B: Bands + ?Sized>(
        &self,
        after: &B,
        mask: u32,
        runs: &[Run],
        policies: &[&LanePolicy],
        s: &mut Scratch<f64>,
        out: &mut [f64],
    ) {
        let rolls = self.game.rolls;
        self.locked_rows(after, mask, runs, policies, rolls - 1, s);
        let stride = s.successors.stride;
        out.fill(0.0);
        let first = self.ms.rolls().start;
        let mut at = 0;
        for (run, policy) in runs.iter().zip(policies) {
            for ri in 0..self.ms.rolls().len() {
                // With one roll only, the roll is scored as it falls.
                let row = if rolls == 1 { first + ri } else { usize::from(policy.keeps[rolls - 2][ri]) };
                let p = self.ms.prob(first + ri);
                let from = &s.rows[row * stride + at..][..run.len];
                for (o, &v) in out[at..at + run.len].iter_mut().zip(from) {
                    *o += p * v;
                }
            }
            at += run.len;
        }
    }

    /// [`TurnDp::policy_choices`] before a later roll under the locked rule:
    /// every lock of the dice of `position` that keeps the dice locked,
    /// with its vector.
    pub(super) fn locked_policy_choices<B: Bands + ?Sized>(
        &self,
        after: &B,
        mask: u32,
        run: Run,
        policy: &LanePolicy,
        position: &Position,
    ) -> Vec<(super::Choice, Vec<f64>)> {
        let mut s = Scratch::<f64>::default();
        let left = self.game.rolls - position.roll as usize;
        self.locked_rows(after, mask, &[run], &[policy], left, &mut s);
        self.keep_rows(position, &s.rows, s.successors.stride, run.len)
    }

    /// Fills the rows with `E_left` (module docs) for the cells `runs`
    /// under `policies`: a row per locked multiset, the full rolls' rows
    /// holding their chosen box's vector.
    fn locked_rows<B: Bands + ?Sized>(
        &self,
        after: &B,
        mask: u32,
        runs: &[Run],
        policies: &[&LanePolicy],
        left: usize,
        s: &mut Scratch<f64>,
    ) {
        self.final_rows(after, mask, runs, policies, s);
        let stride = s.successors.stride;
        if left == 0 {
            return;
        }
        super::reroll::keep_values(&self.ms, &mut s.rows, stride);
        let pairs = self.locked_pairs();
        let partial = 0..self.ms.rolls().start;
        for l in 2..=left {
            s.rows2.clear();
            s.rows2.resize(s.rows.len(), 0.0);
            let full = self.ms.rolls().start * stride..self.ms.len() * stride;
            s.rows2[full.clone()].copy_from_slice(&s.rows[full]);
            let mut at = 0;
            for (run, policy) in runs.iter().zip(policies) {
                let keeps = &policy.keeps[l - 2];
                for locked in partial.clone() {
                    let target = &mut s.rows2[locked * stride + at..][..run.len];
                    for p in pairs.of(locked) {
                        let (prob, _) = pairs.pairs[p];
                        let from = &s.rows[usize::from(keeps[p]) * stride + at..][..run.len];
                        for (o, &v) in target.iter_mut().zip(from) {
                            *o += prob * v;
                        }
                    }
                }
                at += run.len;
            }
            std::mem::swap(&mut s.rows, &mut s.rows2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::testing::category;

    /// Each pair's full roll is its lock plus its roll, the chances of a
    /// lock's pairs sum to 1, and each pair may be followed by every
    /// multiset between the lock and the full roll.
    #[test]
    fn pairs_are_every_lock_and_roll() {
        let game = category("sixhundred", &["card=mini"]);
        let dp = TurnDp::new(&game);
        let ms = &dp.ms;
        let pairs = dp.locked_pairs();
        assert_eq!(pairs.pairs.len(), 12_376 - ms.rolls().len());
        for l in 0..ms.rolls().start {
            let total: f64 = pairs.of(l).map(|p| pairs.pairs[p].0).sum();
            assert!((total - 1.0).abs() < 1e-12, "lock {l}: {total}");
            for p in pairs.of(l) {
                let d = usize::from(pairs.pairs[p].1);
                let between = (0..ms.len())
                    .filter(|&k| {
                        let (kc, lc, dc) = (ms.counts(k), ms.counts(l), ms.counts(d));
                        (0..6).all(|f| lc[f] <= kc[f] && kc[f] <= dc[f])
                    })
                    .count();
                assert_eq!(pairs.locks(p).len(), between);
            }
        }
    }
}
