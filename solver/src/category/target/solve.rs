//! The target solve of a whole game: for every turn-start state and every
//! needed score in its band, the best chance that the points still to come
//! reach it.
//!
//! Level by level from the full sheet down, as the expected-score solve
//! ([`crate::category::solve`]); within a level the masks run in parallel,
//! and each mask's cells (its lanes' bands, end to end) go through the
//! turn DP [`CELLS`] at a time. Everything is computed in f64, and every
//! state's band is kept in f64 until the solve ends.

use std::time::Instant;

use rayon::prelude::*;

use super::bounds::Bounds;
use crate::category::states::StateIndex;
use crate::category::turn::{Band, BandValues, Bands, Run, Scratch, TurnDp};
use crate::progress::Progress;

/// Cells the turn DP takes at once: one row per dice multiset of this many
/// f64 values keeps a chunk's rows near the core's L2 cache (462 rows of
/// 128 cells, 473 KB, for five dice). Measured on classic Yahtzee without
/// bonus: 32, 64, 128, 256 and 512 cells took 40.6, 36.3, 26-28, 24.7 and
/// 33.2 s (one run each, a shared machine).
pub(crate) const CELLS: usize = 128;

/// Every state's band, solved: where each starts in one array of values.
pub(crate) struct TargetSolution {
    pub(crate) bounds: Bounds,
    /// Per state, the first of its values; one more at the end.
    pub(crate) offsets: Vec<u64>,
    pub(crate) values: Vec<f64>,
    pub(crate) seconds: f64,
}

/// Bands read from the arrays of a solve.
pub(crate) struct Arrays<'a> {
    pub(crate) index: &'a StateIndex,
    pub(crate) bounds: &'a Bounds,
    pub(crate) offsets: &'a [u64],
    pub(crate) values: &'a [f64],
}

impl Arrays<'_> {
    pub(crate) fn state_band(&self, state: usize) -> Band<'_> {
        let (a, b) = (self.offsets[state] as usize, self.offsets[state + 1] as usize);
        Band { lo: self.bounds.lo[state], hi: self.bounds.hi[state], values: BandValues::F64(&self.values[a..b]) }
    }
}

impl Bands for Arrays<'_> {
    fn band(&self, mask: u32, lane: usize) -> Band<'_> {
        self.state_band(self.index.offset(mask) + lane)
    }
}

impl TargetSolution {
    /// The band of state number `state`.
    pub(crate) fn band(&self, state: usize) -> Band<'_> {
        let (a, b) = (self.offsets[state] as usize, self.offsets[state + 1] as usize);
        Band { lo: self.bounds.lo[state], hi: self.bounds.hi[state], values: BandValues::F64(&self.values[a..b]) }
    }
}

/// Per state, the first of its band's values, from the bands' widths.
pub(crate) fn offsets(bounds: &Bounds) -> Vec<u64> {
    let mut offsets = Vec::with_capacity(bounds.lo.len() + 1);
    let mut next = 0u64;
    offsets.push(0);
    for s in 0..bounds.lo.len() {
        next += u64::from(bounds.width(s));
        offsets.push(next);
    }
    offsets
}

/// The cells of `mask`'s lanes, end to end, cut into pieces of at most
/// [`CELLS`].
pub(crate) fn chunks(index: &StateIndex, bounds: &Bounds, mask: u32) -> Vec<Vec<Run>> {
    let at = index.offset(mask);
    let mut out: Vec<Vec<Run>> = vec![];
    let mut room = 0;
    for lane in 0..index.lanes(mask) {
        let (mut first, mut left) = (i64::from(bounds.lo[at + lane]) + 1, bounds.width(at + lane) as usize);
        while left > 0 {
            if room == 0 {
                out.push(vec![]);
                room = CELLS;
            }
            let len = left.min(room);
            out.last_mut().expect("a chunk").push(Run { lane, first, len });
            first += i64::try_from(len).expect("few cells");
            left -= len;
            room -= len;
        }
    }
    out
}

/// Solves the target objective for every state of `dp`'s game, exactly,
/// in the bands `bounds` ([`Bounds::of`] the same game); `progress` counts
/// masks.
pub(crate) fn solve_target(dp: &TurnDp, bounds: Bounds, progress: &dyn Progress) -> TargetSolution {
    let clock = Instant::now();
    let index = dp.index();
    let ncat = index.categories();
    let offsets = offsets(&bounds);
    let total = usize::try_from(*offsets.last().expect("one offset per state and one more")).expect("fits");
    let mut values = vec![0f64; total];
    progress.stage(&format!("solving {} to reach scores", dp.game().title), 1 << ncat);
    progress.advance(1); // the full sheet: nothing more to score
    for level in (0..ncat).rev() {
        let masks = index.level(level);
        let after = Arrays { index, bounds: &bounds, offsets: &offsets, values: &values };
        let results: Vec<Vec<f64>> = masks
            .par_iter()
            .map_init(Scratch::<f64>::default, |scratch, &mask| {
                let at = index.offset(mask);
                let span = (offsets[at] as usize, offsets[at + index.lanes(mask)] as usize);
                let mut out = vec![0f64; span.1 - span.0];
                let mut pos = 0;
                for runs in chunks(index, &bounds, mask) {
                    let n: usize = runs.iter().map(|r| r.len).sum();
                    dp.target_turn_start(&after, mask, &runs, scratch, &mut out[pos..pos + n]);
                    pos += n;
                }
                progress.advance(1);
                out
            })
            .collect();
        for (&mask, vals) in masks.iter().zip(results) {
            let at = offsets[index.offset(mask)] as usize;
            values[at..at + vals.len()].copy_from_slice(&vals);
        }
    }
    progress.finish();
    TargetSolution { bounds, offsets, values, seconds: clock.elapsed().as_secs_f64() }
}
