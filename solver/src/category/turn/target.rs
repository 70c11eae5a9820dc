//! The turn DP for the target objective: the best chance that the points
//! still to come reach a needed score `t`, for many `t` at once.
//!
//! The turn's choices are the same as for the expected score; only what a
//! choice leads to differs. Scoring `g` points into a state `s'` needing
//! `t` leaves `s'` needing `t − g`, so the successor vector of (box,
//! points) holds, per *cell* (a lane and a needed score), the chance of
//! the state after at the needed score moved down by what the choice
//! earns, instead of points plus a value. From there the turn is the
//! expected-score turn unchanged, elementwise over cells: a final roll is
//! worth its best vector, a keep the average of the rolls it can lead to,
//! a roll its best keep. Maxima per cell are right here because the choice
//! may depend on the needed score: each `t` is played for on its own.
//!
//! A state's chances are stored as its *band* ([`Band`]): 1 at and below
//! its guaranteed minimum, 0 above the most it can still score, stored in
//! between (see `category::target::bounds`).
//!
//! A bonus that a roll earns whatever box it goes in (classic Yahtzee's
//! extra Yahtzees) also moves the needed score, so those rolls' rows are
//! solved whole here ([`Successors::bonus_rows`]) instead of the bonus
//! being added to the row afterwards.

use super::last_roll::Successors;
use super::rows::{stride, Real};
use super::TurnDp;

/// The stored chances of one state: `values[i]` is the chance of reaching
/// `lo + 1 + i`; 1 at and below `lo`, 0 above `hi`.
#[derive(Clone, Copy)]
pub(crate) struct Band<'a> {
    pub(crate) lo: u32,
    pub(crate) hi: u32,
    pub(crate) values: BandValues<'a>,
}

/// A band's values in the precision they are stored in.
#[derive(Clone, Copy)]
pub(crate) enum BandValues<'a> {
    F64(&'a [f64]),
    F32(&'a [f32]),
}

impl Band<'_> {
    /// The chance of reaching `needed` points (any integer).
    pub(crate) fn at(&self, needed: i64) -> f64 {
        if needed <= i64::from(self.lo) {
            1.0
        } else if needed > i64::from(self.hi) {
            0.0
        } else {
            let i = usize::try_from(needed - i64::from(self.lo) - 1).expect("inside the band");
            match self.values {
                BandValues::F64(v) => v[i],
                BandValues::F32(v) => f64::from(v[i]),
            }
        }
    }

    /// Appends the chances of needing `first`, `first + 1`, … (`len` of
    /// them) to `out`: 1s below the band, the band's values, 0s above.
    fn extend_into<F: Real>(&self, out: &mut Vec<F>, first: i64, len: usize) {
        let end = first + i64::try_from(len).expect("few cells");
        let lo = i64::from(self.lo);
        let hi = i64::from(self.hi);
        let ones = (lo + 1).clamp(first, end);
        let stored_end = (hi + 1).clamp(ones, end);
        let count = |a: i64, b: i64| usize::try_from(b - a).expect("ordered");
        out.extend(std::iter::repeat_n(F::of(1.0), count(first, ones)));
        let n = count(ones, stored_end);
        let from = if n == 0 { 0 } else { usize::try_from(ones - lo - 1).expect("inside the band") };
        match self.values {
            BandValues::F64(v) => out.extend(v[from..from + n].iter().map(|&x| F::of(x))),
            BandValues::F32(v) => out.extend(v[from..from + n].iter().map(|&x| F::of(f64::from(x)))),
        }
        out.extend(std::iter::repeat_n(F::default(), count(stored_end, end)));
    }
}

/// The chances of every state, as bands.
pub(crate) trait Bands: Sync {
    /// The band of lane `lane` of `mask`.
    fn band(&self, mask: u32, lane: usize) -> Band<'_>;
}

/// Consecutive cells of one lane: needed scores `first`, `first + 1`, …
/// (`len` of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Run {
    pub(crate) lane: usize,
    pub(crate) first: i64,
    pub(crate) len: usize,
}

impl<F: Real> Successors<F> {
    /// Builds the vectors of the cells `runs` of `mask` from `after`, the
    /// chances of the states after this turn.
    pub(super) fn build_target<B: Bands + ?Sized>(&mut self, dp: &TurnDp, after: &B, mask: u32, runs: &[Run]) {
        self.build_target_plain(dp, after, mask, runs);
        self.bonus_rows = Some(self.solve_bonus_rows(dp, after, mask, runs));
    }

    /// [`Successors::build_target`] without the bonus rolls' rows (for a
    /// fixed play, which scores those rolls itself).
    pub(super) fn build_target_plain<B: Bands + ?Sized>(&mut self, dp: &TurnDp, after: &B, mask: u32, runs: &[Run]) {
        let game = dp.game;
        let cells: usize = runs.iter().map(|r| r.len).sum();
        self.stride = stride(cells);
        let pad = self.stride - cells;
        self.lanes.clear();
        for run in runs {
            let state = dp.index.lane_state(mask, run.lane);
            self.lanes.extend(std::iter::repeat_n(state, run.len));
        }
        self.vectors.clear();
        self.first.clear();
        for cat in 0..game.categories.len() {
            if mask >> cat & 1 == 1 {
                self.first.push(u32::MAX);
                continue;
            }
            self.first.push(u32::try_from(self.vectors.len() / self.stride.max(1)).expect("few vectors"));
            for &points in &dp.scores_of[cat] {
                for run in runs {
                    self.extend_choice(dp, after, mask, run, cat, points, 0);
                }
                self.vectors.extend(std::iter::repeat_n(F::default(), pad));
            }
        }
        self.finish(dp, mask);
        self.bonus_rows = None;
    }

    /// Appends the chances of `run` after scoring `points` in open box
    /// `cat` (and `bonus` besides): −∞ where the choice is not open to the
    /// lane (a positive choice the rules score 0 under
    /// `zero-only-when-forced`).
    #[allow(clippy::too_many_arguments)] // one cell run's whole question
    pub(super) fn extend_choice<B: Bands + ?Sized>(
        &mut self,
        dp: &TurnDp,
        after: &B,
        mask: u32,
        run: &Run,
        cat: usize,
        points: u32,
        bonus: u32,
    ) {
        let game = dp.game;
        let (eff, extra) = dp.index.lane_state(mask, run.lane);
        let scored = game.extra.score(mask, extra, cat, points);
        if game.zero_only_when_forced && points > 0 && scored.points == 0 {
            self.vectors.extend(std::iter::repeat_n(F::NEG_INFINITY, run.len));
            return;
        }
        let step = dp.after_scored(mask, eff, cat, scored);
        #[allow(clippy::cast_possible_truncation)] // whole points
        let gained = step.gained as i64 + i64::from(bonus);
        after.band(mask | 1 << cat, step.lane).extend_into(&mut self.vectors, run.first - gained, run.len);
    }

    /// The rows of the rolls that earn a bonus whatever box they go in:
    /// per cell, the best legal box with the needed score moved down by
    /// the box's points and the bonus.
    fn solve_bonus_rows<B: Bands + ?Sized>(
        &mut self,
        dp: &TurnDp,
        after: &B,
        mask: u32,
        runs: &[Run],
    ) -> Vec<(usize, Vec<F>)> {
        let game = dp.game;
        let first = dp.ms.rolls().start;
        let mut rows = vec![];
        // The vectors are built at the end of `self.vectors` and taken off
        // again, so that one buffer serves.
        let base = self.vectors.len();
        for ri in (0..dp.ms.rolls().len()).filter(|&ri| dp.bonus_rolls[ri]) {
            let counts = dp.ms.counts(first + ri);
            let mut row = vec![F::NEG_INFINITY; self.stride];
            let mut at = 0;
            for run in runs {
                let extra = dp.index.lane_state(mask, run.lane).1;
                let bonus = game.extra.roll_bonus(mask, extra, counts);
                for (c, p, _) in dp.legal_scores(mask, extra, counts) {
                    self.extend_choice(dp, after, mask, run, c, p, bonus);
                    for (r, &v) in row[at..at + run.len].iter_mut().zip(&self.vectors[base..]) {
                        if v > *r {
                            *r = v;
                        }
                    }
                    self.vectors.truncate(base);
                }
                at += run.len;
            }
            row[at..].iter_mut().for_each(|v| *v = F::default());
            rows.push((ri, row));
        }
        rows
    }
}

impl TurnDp<'_> {
    /// Every choice for the dice of `position` in state `lane` of `mask`,
    /// with its best chance of the points still to come (this roll's
    /// included) reaching `needed`: the target objective's
    /// [`TurnDp::choices`], in the same order.
    pub(crate) fn target_choices<B: Bands + ?Sized>(
        &self,
        after: &B,
        mask: u32,
        lane: usize,
        needed: i64,
        position: &super::Position,
    ) -> Vec<(super::Choice, f64)> {
        let run = Run { lane, first: needed, len: 1 };
        self.target_run_choices(after, mask, run, position).into_iter().map(|(c, v)| (c, v[0])).collect()
    }

    /// [`TurnDp::target_choices`] for every needed score of `run` at once
    /// (each played for on its own): each choice with its best chances.
    pub(crate) fn target_run_choices<B: Bands + ?Sized>(
        &self,
        after: &B,
        mask: u32,
        run: Run,
        position: &super::Position,
    ) -> Vec<(super::Choice, Vec<f64>)> {
        use super::Scratch;
        if self.scores_now(position) {
            return self.score_vectors(after, mask, run, &position.dice);
        }
        let mut s = Scratch::<f64>::default();
        s.successors.build_target(self, after, mask, &[run]);
        s.rows.resize(self.ms.len() * s.successors.stride, 0.0);
        self.keep_vectors(mask, position, run.len, &mut s)
    }

    /// Each legal box for final roll `dice` in state `run.lane` of `mask`,
    /// with the chances of `run`'s needed scores after scoring it (the
    /// roll's bonus included), from `after`: the scoring choices of both
    /// [`TurnDp::target_choices`] and [`TurnDp::policy_choices`].
    pub(super) fn score_vectors<B: Bands + ?Sized>(
        &self,
        after: &B,
        mask: u32,
        run: Run,
        dice: &crate::dice::Counts,
    ) -> Vec<(super::Choice, Vec<f64>)> {
        let extra = self.index.lane_state(mask, run.lane).1;
        let bonus = self.game.extra.roll_bonus(mask, extra, dice);
        self.legal_scores(mask, extra, dice)
            .into_iter()
            .map(|(category, points, _)| {
                let mut succ = Successors::<f64>::default();
                succ.extend_choice(self, after, mask, &run, category, points, bonus);
                (super::Choice::Score { category, points }, succ.vectors)
            })
            .collect()
    }
}
