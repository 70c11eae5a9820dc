//! The last step of every turn, shared by all keep rules: the value of a
//! final roll, scored in its best box.
//!
//! For the lanes of one mask, [`Successors::build`] makes one vector per
//! (open box, points it can score): per lane, the points, the upper bonus if
//! they cross the threshold, and the value of the state after. The value of
//! final roll `R` is then `max over legal (box, points) of vector(box,
//! points)`, plus any bonus the roll earns whatever box it goes in.
//!
//! When more points never hurt ([`CategoryGame::more_points_never_hurt`]), a
//! box that scores 0 with `R` contributes exactly its 0-point vector, and a
//! box that scores more contributes a vector at least as large. So the best
//! over all boxes is the best of (a) the best 0-point vector over every open
//! box, computed once per mask, and (b) the vectors of the boxes that score
//! with this roll. Most boxes score 0 on most rolls, so this halves the work.
//! Boxes whose points depend on the state (Six Hundred's rungs, where a
//! total that does not fit scores 0) are outside that argument: their
//! vector for the roll's points always takes part.
//!
//! With `zero-only-when-forced` ([`CategoryGame::zero_only_when_forced`]) a
//! vector for positive points holds −∞ in the lanes where the box would take
//! 0 instead; the best over the positive choices is used where it is finite,
//! and the best 0-point vector over every open box where it is not.

use super::rows::{max_of, stride, Real};
use super::{MaskValues, TurnDp, Values};
use crate::dice::Counts;

/// Successor vectors of one mask's lanes (see the module docs).
pub(super) struct Successors<F> {
    pub(super) stride: usize,
    /// Per lane (per cell, for the target objective): (effective upper
    /// total, extra).
    pub(super) lanes: Vec<(u16, usize)>,
    /// `stride` values per vector.
    pub(super) vectors: Vec<F>,
    /// Per box: index of its first vector (its 0-point vector), or `u32::MAX`
    /// when the box is filled.
    pub(super) first: Vec<u32>,
    /// Per lane: the best 0-point vector over the open boxes whose points
    /// do not depend on the state (all open boxes when zeros are forced).
    zero_best: Vec<F>,
    /// A row of −∞ (the start of a maximum without a 0-point floor).
    minus_infinity: Vec<F>,
    /// For the target objective ([`super::target`]): the rows of the rolls
    /// that earn a bonus whatever box they go in, solved whole when the
    /// vectors were built (the bonus moves the needed score, so it cannot
    /// be added afterwards as points are), by roll index. `None` for the
    /// expected score.
    pub(super) bonus_rows: Option<Vec<(usize, Vec<F>)>>,
}

impl<F> Default for Successors<F> {
    fn default() -> Self {
        Successors {
            stride: 0,
            lanes: vec![],
            vectors: vec![],
            first: vec![],
            zero_best: vec![],
            minus_infinity: vec![],
            bonus_rows: None,
        }
    }
}

impl<F: Real> Successors<F> {
    /// Builds the vectors of `lanes` of `mask` from `after`, the values of
    /// the states after this turn.
    pub(super) fn build<V: Values + ?Sized>(&mut self, dp: &TurnDp, after: &V, mask: u32, lanes: &[usize]) {
        let game = dp.game;
        self.stride = stride(lanes.len());
        self.lanes.clear();
        self.lanes.extend(lanes.iter().map(|&l| dp.index.lane_state(mask, l)));
        self.vectors.clear();
        self.first.clear();
        let pad = self.stride - self.lanes.len();
        // Runs of consecutive lanes with the same extra. The game's rules
        // score a box by the extra alone, so one call serves a run; outside
        // the Numbers the upper total does not change either, and the run's
        // successors are consecutive lanes of the mask after.
        let mut runs: Vec<(usize, usize)> = vec![];
        for (i, (&(_, extra), &lane)) in self.lanes.iter().zip(lanes).enumerate() {
            match runs.last_mut() {
                Some((start, len)) if self.lanes[*start].1 == extra && lanes[*start] + *len == lane => *len += 1,
                _ => runs.push((i, 1)),
            }
        }
        for cat in 0..game.categories.len() {
            if mask >> cat & 1 == 1 {
                self.first.push(u32::MAX);
                continue;
            }
            self.first.push(u32::try_from(self.vectors.len() / self.stride.max(1)).expect("few vectors"));
            let next = mask | 1 << cat;
            let upper = game.categories[cat].upper_face.is_some();
            let stored = after.mask_values(next);
            for &points in &dp.scores_of[cat] {
                for &(start, len) in &runs {
                    let (eff, extra) = self.lanes[start];
                    let scored = game.extra.score(mask, extra, cat, points);
                    if game.zero_only_when_forced && points > 0 && scored.points == 0 {
                        // Not a positive choice here; its 0 is the box's 0-point vector.
                        self.vectors.extend(std::iter::repeat_n(F::NEG_INFINITY, len));
                        continue;
                    }
                    if upper {
                        for &(eff, _) in &self.lanes[start..start + len] {
                            let step = dp.after_scored(mask, eff, cat, scored);
                            self.vectors.push(F::of(step.gained + after.at(next, step.lane)));
                        }
                        continue;
                    }
                    let step = dp.after_scored(mask, eff, cat, scored);
                    let gained = step.gained;
                    match stored {
                        MaskValues::F32(v) => {
                            self.vectors.extend(v[step.lane..][..len].iter().map(|&x| F::of(gained + f64::from(x))));
                        }
                        MaskValues::F64(v) => {
                            self.vectors.extend(v[step.lane..][..len].iter().map(|&x| F::of(gained + x)));
                        }
                        MaskValues::Scattered => {
                            self.vectors.extend((0..len).map(|j| F::of(gained + after.at(next, step.lane + j))));
                        }
                    }
                }
                self.vectors.extend(std::iter::repeat_n(F::default(), pad));
            }
        }
        self.bonus_rows = None;
        self.finish(dp, mask);
    }

    /// The rows every roll shares once the vectors are built: the best
    /// 0-point vector and a row of −∞.
    pub(super) fn finish(&mut self, dp: &TurnDp, mask: u32) {
        let game = dp.game;
        let mut zero_best = std::mem::take(&mut self.zero_best);
        zero_best.clear();
        zero_best.resize(self.stride, F::NEG_INFINITY);
        for cat in (0..game.categories.len()).filter(|&c| mask >> c & 1 == 0) {
            if game.zero_only_when_forced || !dp.state_points[cat] {
                for (z, &v) in zero_best.iter_mut().zip(self.vector(dp, cat, 0)) {
                    if v > *z {
                        *z = v;
                    }
                }
            }
        }
        self.zero_best = zero_best;
        self.minus_infinity.clear();
        self.minus_infinity.resize(self.stride, F::NEG_INFINITY);
    }

    /// The vector of scoring `points` in open box `cat`.
    pub(super) fn vector(&self, dp: &TurnDp, cat: usize, points: u32) -> &[F] {
        let i = self.first[cat] as usize + dp.score_position(cat, points);
        &self.vectors[i * self.stride..(i + 1) * self.stride]
    }

    /// Writes the value of every final roll into its row of `rows` (one row
    /// of `stride` values per multiset, in [`crate::dice::Multisets`] order).
    pub(super) fn last_roll(&self, dp: &TurnDp, mask: u32, rows: &mut [F]) {
        let game = dp.game;
        let ncat = game.categories.len();
        let stride = self.stride;
        let first = dp.ms.rolls().start;
        let open: Vec<usize> = (0..ncat).filter(|&c| mask >> c & 1 == 0).collect();
        let mut srcs: Vec<&[F]> = Vec::with_capacity(ncat);
        for (ri, r) in dp.ms.rolls().enumerate() {
            let counts = dp.ms.counts(r);
            let row = &mut rows[(first + ri) * stride..(first + ri + 1) * stride];
            let restricted = game.extra.restricted_choices(game, mask, counts);
            let sc = &dp.roll_scores[ri * ncat..(ri + 1) * ncat];
            // The sources of the roll's maximum, gathered first so that
            // the row is written once.
            srcs.clear();
            match restricted {
                None if game.zero_only_when_forced => {
                    srcs.extend(open.iter().filter(|&&c| sc[c] > 0).map(|&c| self.vector(dp, c, sc[c])));
                    max_of(row, &self.minus_infinity, &srcs);
                    for (v, &z) in row.iter_mut().zip(&self.zero_best) {
                        if *v == F::NEG_INFINITY {
                            *v = z;
                        }
                    }
                }
                None if game.more_points_never_hurt => {
                    srcs.extend(
                        open.iter().filter(|&&c| sc[c] > 0 || dp.state_points[c]).map(|&c| self.vector(dp, c, sc[c])),
                    );
                    max_of(row, &self.zero_best, &srcs);
                }
                None => {
                    srcs.extend(open.iter().map(|&c| self.vector(dp, c, sc[c])));
                    max_of(row, &self.minus_infinity, &srcs);
                }
                Some(choices) => {
                    srcs.extend(choices.into_iter().map(|(c, p)| self.vector(dp, c, p)));
                    max_of(row, &self.minus_infinity, &srcs);
                }
            }
            if let Some(bonus_rows) = self.bonus_rows.as_ref().filter(|_| dp.bonus_rolls[ri]) {
                if let Some((_, solved)) = bonus_rows.iter().find(|(r, _)| *r == ri) {
                    row.copy_from_slice(solved);
                }
            } else if dp.bonus_rolls[ri] {
                for (v, &(_, extra)) in row.iter_mut().zip(&self.lanes) {
                    *v += F::of(f64::from(game.extra.roll_bonus(mask, extra, counts)));
                }
            }
        }
    }

    /// Per legal (box, points written) for final roll `counts`, the value
    /// in lane 0: points, bonuses and the value of the state after.
    /// The legal boxes for final roll `counts`, each as (box, points the
    /// rules score, points written, value), for the first lane.
    pub(super) fn score_options(&self, dp: &TurnDp, mask: u32, counts: &Counts) -> Vec<(usize, u32, u32, f64)> {
        let game = dp.game;
        let extra = self.lanes[0].1;
        let roll_bonus = f64::from(game.extra.roll_bonus(mask, extra, counts));
        dp.legal_scores(mask, extra, counts)
            .into_iter()
            .map(|(c, p, written)| (c, p, written, self.vector(dp, c, p)[0].get() + roll_bonus))
            .collect()
    }
}
