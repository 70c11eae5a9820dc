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

use super::rows::{max_into, stride, Real};
use super::{Step, TurnDp, Values};
use crate::dice::Counts;

/// Successor vectors of one mask's lanes (see the module docs).
pub(super) struct Successors<F> {
    pub(super) stride: usize,
    /// Per lane: (effective upper total, extra).
    lanes: Vec<(u16, usize)>,
    /// `stride` values per vector.
    vectors: Vec<F>,
    /// Per box: index of its first vector (its 0-point vector), or `u32::MAX`
    /// when the box is filled.
    first: Vec<u32>,
    /// Per lane: the best 0-point vector over the open boxes whose points
    /// do not depend on the state (all open boxes when zeros are forced).
    zero_best: Vec<F>,
}

impl<F> Default for Successors<F> {
    fn default() -> Self {
        Successors { stride: 0, lanes: vec![], vectors: vec![], first: vec![], zero_best: vec![] }
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
        for cat in 0..game.categories.len() {
            if mask >> cat & 1 == 1 {
                self.first.push(u32::MAX);
                continue;
            }
            self.first.push(u32::try_from(self.vectors.len() / self.stride.max(1)).expect("few vectors"));
            let next = mask | 1 << cat;
            let upper = game.categories[cat].upper_face.is_some();
            for &points in &dp.scores_of[cat] {
                // Outside the Numbers, scoring changes only the extra state,
                // so lanes with the same extra (consecutive upper totals)
                // have consecutive successors: one `after_scoring` per extra.
                let mut prev: Option<(usize, usize, Step)> = None;
                for (&(eff, extra), &lane) in self.lanes.iter().zip(lanes) {
                    let step = match prev {
                        Some((x, l, s)) if !upper && x == extra && lane > l => Step { lane: s.lane + lane - l, ..s },
                        _ => dp.after_scoring(mask, eff, extra, cat, points),
                    };
                    prev = Some((extra, lane, step));
                    if game.zero_only_when_forced && points > 0 && step.written == 0 {
                        // Not a positive choice here; its 0 is the box's 0-point vector.
                        self.vectors.push(F::NEG_INFINITY);
                        continue;
                    }
                    self.vectors.push(F::of(step.gained + after.at(next, step.lane)));
                }
                self.vectors.extend(std::iter::repeat_n(F::default(), pad));
            }
        }
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
    }

    /// The vector of scoring `points` in open box `cat`.
    fn vector(&self, dp: &TurnDp, cat: usize, points: u32) -> &[F] {
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
        for (ri, r) in dp.ms.rolls().enumerate() {
            let counts = dp.ms.counts(r);
            let row = &mut rows[(first + ri) * stride..(first + ri + 1) * stride];
            let restricted = game.extra.restricted_choices(game, mask, counts);
            let sc = &dp.roll_scores[ri * ncat..(ri + 1) * ncat];
            match restricted {
                None if game.zero_only_when_forced => {
                    row.fill(F::NEG_INFINITY);
                    for &c in open.iter().filter(|&&c| sc[c] > 0) {
                        max_into(row, self.vector(dp, c, sc[c]));
                    }
                    for (v, &z) in row.iter_mut().zip(&self.zero_best) {
                        if *v == F::NEG_INFINITY {
                            *v = z;
                        }
                    }
                }
                None if game.more_points_never_hurt => {
                    row.copy_from_slice(&self.zero_best);
                    for &c in &open {
                        if sc[c] > 0 || dp.state_points[c] {
                            max_into(row, self.vector(dp, c, sc[c]));
                        }
                    }
                }
                None => {
                    row.fill(F::NEG_INFINITY);
                    for &c in &open {
                        max_into(row, self.vector(dp, c, sc[c]));
                    }
                }
                Some(choices) => {
                    row.fill(F::NEG_INFINITY);
                    for (c, p) in choices {
                        max_into(row, self.vector(dp, c, p));
                    }
                }
            }
            if dp.bonus_rolls[ri] {
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
        let mut choices = Vec::new();
        game.choices(mask, counts, |c, p| choices.push((c, p, game.extra.score(mask, extra, c, p).points)));
        let roll_bonus = f64::from(game.extra.roll_bonus(mask, extra, counts));
        if game.zero_only_when_forced {
            if choices.iter().any(|&(_, _, written)| written > 0) {
                choices.retain(|&(_, _, written)| written > 0);
            } else {
                choices.iter_mut().for_each(|ch| ch.1 = 0);
            }
        }
        choices
            .into_iter()
            .map(|(c, p, written)| (c, p, written, self.vector(dp, c, p)[0].get() + roll_bonus))
            .collect()
    }
}
