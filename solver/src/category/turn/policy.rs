//! The turn under one fixed play: the expected-score play's choices,
//! written down per state ([`LanePolicy`]), and what they lead to when
//! values other than points are carried through the turn (the final-score
//! distribution: per cell, a lane and a score, the chance that the points
//! still to come reach it).
//!
//! The choices are the ones `advise`, `play` and `simulate` make, found
//! the same way: the expected-score turn DP of the state, in f64, from the
//! same successor values; on the last roll the first legal box (in the
//! sheet's order) whose value no other beats, before it the first keep
//! (in `Multisets::subsets` order) whose value no other
//! beats. That is the tie rule, and [`first_best`] is its one copy.
//!
//! With the choices fixed, a turn is linear in its successors: a final
//! roll is worth the vector of the box it goes in, a keep the average of
//! the rolls it can lead to ([`super::reroll::keep_values`], unchanged), a
//! roll the keep chosen for it (a copy instead of a maximum). So one turn
//! of the distribution costs the keep averages and some copies per cell.
//!
//! This is the Yahtzee keep rule (kept dice may be re-rolled); under Six
//! Hundred's locked dice the choices and the turn are
//! [`super::locked_policy`]'s.

use super::last_roll::Successors;
use super::rows::Real;
use super::target::{Bands, Run};
use super::{Position, Scratch, TurnDp, Values};

/// The expected-score play of one state's turn: its choice on every roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LanePolicy {
    /// Per final roll (in `Multisets::rolls` order): the box and the
    /// points the rules score.
    pub(crate) finals: Vec<(u8, u16)>,
    /// `keeps[left - 1][roll]`: the multiset kept from full roll `roll`
    /// with `left` rolls still to come.
    pub(crate) keeps: Vec<Vec<u16>>,
}

/// The first of `candidates` whose value no other beats (`value(c) >
/// best` strictly): the tie rule of every play, kept in one place.
pub(crate) fn first_best<T: Copy>(candidates: impl IntoIterator<Item = T>, value: impl Fn(T) -> f64) -> Option<T> {
    let mut best: Option<(T, f64)> = None;
    for c in candidates {
        let v = value(c);
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((c, v));
        }
    }
    best.map(|(c, _)| c)
}

impl TurnDp<'_> {
    /// The sub-multisets of every full roll (in `Multisets::subsets`
    /// order), by roll.
    pub(super) fn roll_subsets(&self) -> &[Vec<u16>] {
        self.roll_subsets.get_or_init(|| {
            self.ms
                .rolls()
                .map(|r| {
                    self.ms
                        .subsets(self.ms.counts(r))
                        .into_iter()
                        .map(|k| u16::try_from(k).expect("few multisets"))
                        .collect()
                })
                .collect()
        })
    }

    /// The expected-score play of `lanes` of `mask` (at most
    /// [`super::CHUNK`] of them), from `after`, the values of the states
    /// after this turn.
    pub(crate) fn policies<V: Values + ?Sized>(
        &self,
        after: &V,
        mask: u32,
        lanes: &[usize],
        s: &mut Scratch<f64>,
    ) -> Vec<LanePolicy> {
        if self.lattice.is_some() {
            return self.locked_policies(after, mask, lanes, s);
        }
        let mut out = self.final_policies(after, mask, lanes, s);
        let stride = s.successors.stride;
        let subsets = self.roll_subsets();
        for left in 1..self.game.rolls {
            self.keep_values_with(mask, left, s);
            for (j, policy) in out.iter_mut().enumerate() {
                let keeps = &mut policy.keeps[left - 1];
                for subs in subsets {
                    let best = first_best(subs.iter().copied(), |k| s.rows[usize::from(k) * stride + j]);
                    keeps.push(best.expect("keeping everything is always allowed"));
                }
            }
        }
        out
    }

    /// The plays of `lanes` with their final rolls' boxes chosen (the keeps
    /// still to come), `s` prepared for them.
    pub(super) fn final_policies<V: Values + ?Sized>(
        &self,
        after: &V,
        mask: u32,
        lanes: &[usize],
        s: &mut Scratch<f64>,
    ) -> Vec<LanePolicy> {
        self.prepare(after, mask, lanes, s);
        let rolls = self.ms.rolls();
        let mut out: Vec<LanePolicy> = lanes
            .iter()
            .map(|_| LanePolicy {
                finals: Vec::with_capacity(rolls.len()),
                keeps: vec![Vec::with_capacity(rolls.len()); self.game.rolls - 1],
            })
            .collect();
        // The legal boxes depend on the lane's extra only: found once per
        // run of lanes with the same extra.
        let mut legal: Vec<(usize, u32, u32)> = vec![];
        let mut legal_for: Option<(usize, usize)> = None;
        for r in rolls.clone() {
            let counts = self.ms.counts(r);
            for (j, policy) in out.iter_mut().enumerate() {
                let extra = s.successors.lanes[j].1;
                if legal_for != Some((r, extra)) {
                    legal = self.legal_scores(mask, extra, counts);
                    legal_for = Some((r, extra));
                }
                // As `Successors::score_options` values them: the roll's
                // bonus added to each (the same sums, so the same ties).
                let bonus = f64::from(self.game.extra.roll_bonus(mask, extra, counts));
                let best =
                    first_best(legal.iter().copied(), |(c, p, _)| s.successors.vector(self, c, p)[j].get() + bonus)
                        .expect("an open box");
                policy
                    .finals
                    .push((u8::try_from(best.0).expect("few boxes"), u16::try_from(best.1).expect("points fit")));
            }
        }
        out
    }

    /// The least and the most points still to come from state `lane` of
    /// `mask` under `policy`, from the bands of the states after (tight
    /// bands give tight bounds: every path of the turn has a positive
    /// chance).
    pub(crate) fn policy_support<B: Bands + ?Sized>(
        &self,
        after: &B,
        mask: u32,
        lane: usize,
        policy: &LanePolicy,
    ) -> (u32, u32) {
        if self.lattice.is_some() {
            return self.locked_policy_support(after, mask, lane, policy);
        }
        let (mut lo, mut hi) = self.final_support(after, mask, lane, policy);
        for keeps in &policy.keeps {
            // A keep reaches every completion with a positive chance.
            for k in (0..self.ms.dice()).rev() {
                for kk in self.ms.of_size(k) {
                    let add = self.ms.add(kk);
                    lo[kk] = add.iter().map(|&a| lo[usize::from(a)]).min().expect("six faces");
                    hi[kk] = add.iter().map(|&a| hi[usize::from(a)]).max().expect("six faces");
                }
            }
            let first = self.ms.rolls().start;
            for (ri, &k) in keeps.iter().enumerate() {
                lo[first + ri] = lo[usize::from(k)];
                hi[first + ri] = hi[usize::from(k)];
            }
        }
        let rolls = self.ms.rolls();
        (lo[rolls.clone()].iter().copied().min().expect("rolls"), hi[rolls].iter().copied().max().expect("rolls"))
    }

    /// Per multiset, the least and the most points still to come once a
    /// full roll is scored as `policy` scores it (the full rolls' entries;
    /// the others 0).
    pub(super) fn final_support<B: Bands + ?Sized>(
        &self,
        after: &B,
        mask: u32,
        lane: usize,
        policy: &LanePolicy,
    ) -> (Vec<u32>, Vec<u32>) {
        let game = self.game;
        let (eff, extra) = self.index.lane_state(mask, lane);
        let first = self.ms.rolls().start;
        let mut lo = vec![0u32; self.ms.len()];
        let mut hi = vec![0u32; self.ms.len()];
        for (ri, &(c, p)) in policy.finals.iter().enumerate() {
            let c = usize::from(c);
            let step = self.after_scored(mask, eff, c, game.extra.score(mask, extra, c, u32::from(p)));
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // whole points
            let gained = step.gained as u32 + game.extra.roll_bonus(mask, extra, self.ms.counts(first + ri));
            let band = after.band(mask | 1 << c, step.lane);
            lo[first + ri] = gained + band.lo;
            hi[first + ri] = gained + band.hi;
        }
        (lo, hi)
    }

    /// The chances of the cells `runs` of `mask` (a lane and the points
    /// still to come, as in [`TurnDp::target_turn_start`]) under the play
    /// `policies` (one per run), from `after`, the chances of the states
    /// after this turn under the same play. Writes one value per cell, in
    /// the order of `runs`, into `out`.
    pub(crate) fn policy_turn_start<B: Bands + ?Sized>(
        &self,
        after: &B,
        mask: u32,
        runs: &[Run],
        policies: &[&LanePolicy],
        s: &mut Scratch<f64>,
        out: &mut [f64],
    ) {
        if self.lattice.is_some() {
            return self.locked_policy_turn_start(after, mask, runs, policies, s, out);
        }
        self.policy_rows(after, mask, runs, policies, self.game.rolls - 1, s);
        let stride = s.successors.stride;
        out.fill(0.0);
        for r in self.ms.rolls() {
            let p = self.ms.prob(r);
            for (o, &v) in out.iter_mut().zip(&s.rows[r * stride..]) {
                *o += p * v;
            }
        }
    }

    /// Fills the rows for the cells `runs` under `policies`: after the
    /// last roll each full roll's row, then `left` times the keep averages
    /// and the chosen keep's row copied into each full roll's. On return
    /// the keep rows hold the keep values with `left` rolls to come and
    /// the full rolls' rows the value of each roll `left` rolls before the
    /// last (both as far as `left` goes).
    fn policy_rows<B: Bands + ?Sized>(
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
        for l in 1..=left {
            super::reroll::keep_values(&self.ms, &mut s.rows, stride);
            self.copy_chosen_keeps(runs, policies, l, &mut s.rows, stride);
        }
    }

    /// Builds the successors of the cells `runs` and fills each full
    /// roll's row with the vector of the box `policies` score it in (the
    /// other rows 0).
    pub(super) fn final_rows<B: Bands + ?Sized>(
        &self,
        after: &B,
        mask: u32,
        runs: &[Run],
        policies: &[&LanePolicy],
        s: &mut Scratch<f64>,
    ) {
        s.successors.build_target_plain(self, after, mask, runs);
        let stride = s.successors.stride;
        s.rows.clear();
        s.rows.resize(self.ms.len() * stride, 0.0);
        let first = self.ms.rolls().start;
        let game = self.game;
        let mut bonus_vector = Successors::<f64>::default();
        for ri in 0..self.ms.rolls().len() {
            let counts = self.ms.counts(first + ri);
            let row = &mut s.rows[(first + ri) * stride..][..stride];
            let mut at = 0;
            for (run, policy) in runs.iter().zip(policies) {
                let (c, p) = policy.finals[ri];
                let (c, p) = (usize::from(c), u32::from(p));
                let extra = s.successors.lanes[at].1;
                let bonus = if self.bonus_rolls[ri] { game.extra.roll_bonus(mask, extra, counts) } else { 0 };
                if bonus == 0 {
                    row[at..at + run.len].copy_from_slice(&s.successors.vector(self, c, p)[at..at + run.len]);
                } else {
                    // The bonus moves the needed score too.
                    bonus_vector.vectors.clear();
                    bonus_vector.extend_choice(self, after, mask, run, c, p, bonus);
                    row[at..at + run.len].copy_from_slice(&bonus_vector.vectors);
                }
                at += run.len;
            }
        }
    }

    /// Each full roll's row, per run, becomes the row of the keep its
    /// lane's play chooses with `left` rolls to come.
    fn copy_chosen_keeps(&self, runs: &[Run], policies: &[&LanePolicy], left: usize, rows: &mut [f64], stride: usize) {
        let first = self.ms.rolls().start;
        let mut at = 0;
        for (run, policy) in runs.iter().zip(policies) {
            for (ri, &k) in policy.keeps[left - 1].iter().enumerate() {
                let (from, to) = (usize::from(k), first + ri);
                if from != to {
                    // A kept sub-multiset has fewer dice: its row comes first.
                    rows.copy_within(from * stride + at..from * stride + at + run.len, to * stride + at);
                }
            }
            at += run.len;
        }
    }

    /// Every choice for the dice of `position` in state `lane` of `mask`
    /// (in [`TurnDp::choices`] order) with the chances of `run`'s needed
    /// scores under the expected-score play from then on (`policy`, the
    /// lane's), from `after`, the states after under the same play.
    pub(crate) fn policy_choices<B: Bands + ?Sized>(
        &self,
        after: &B,
        mask: u32,
        run: Run,
        policy: &LanePolicy,
        position: &Position,
    ) -> Vec<(super::Choice, Vec<f64>)> {
        use super::Choice;
        if self.scores_now(position) {
            return self.score_vectors(after, mask, run, &position.dice);
        }
        if self.lattice.is_some() {
            return self.locked_policy_choices(after, mask, run, policy, position);
        }
        let mut s = Scratch::<f64>::default();
        let left = self.game.rolls - position.roll as usize;
        // The rows after `left - 1` steps, then the keep averages once more:
        // every keep's value with `left` rolls to come.
        self.policy_rows(after, mask, &[run], &[policy], left - 1, &mut s);
        let stride = s.successors.stride;
        super::reroll::keep_values(&self.ms, &mut s.rows, stride);
        self.ms
            .subsets(&position.dice)
            .into_iter()
            .map(|k| (Choice::Keep(*self.ms.counts(k)), s.rows[k * stride..k * stride + run.len].to_vec()))
            .collect()
    }
}

impl TurnDp<'_> {
    /// The most points still to come from state `lane` of `mask` under any
    /// play this turn and the play of `after` from then on: the best box
    /// and points over every open box, the best bonus a roll can earn.
    pub(crate) fn most_to_come<B: Bands + ?Sized>(&self, after: &B, mask: u32, lane: usize) -> u32 {
        let game = self.game;
        let (eff, extra) = self.index.lane_state(mask, lane);
        let mut most = 0;
        for cat in (0..game.categories.len()).filter(|&c| mask >> c & 1 == 0) {
            for &points in &self.scores_of[cat] {
                let step = self.after_scoring(mask, eff, extra, cat, points);
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // whole points
                let gained = step.gained as u32;
                most = most.max(gained + after.band(mask | 1 << cat, step.lane).hi);
            }
        }
        let bonus = self.ms.rolls().map(|r| game.extra.roll_bonus(mask, extra, self.ms.counts(r))).max().unwrap_or(0);
        most + bonus
    }
}
