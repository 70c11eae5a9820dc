//! The target solve of a whole game: for every turn-start state and every
//! needed score in its band, the best chance that the points still to come
//! reach it.
//!
//! Level by level from the full sheet down, as the expected-score solve
//! ([`crate::category::solve`]); within a level the masks run in parallel,
//! and each mask's cells (its lanes' bands, end to end) go through the
//! turn DP [`crate::category::bands::CELLS`] at a time. Everything is computed in f64, and every
//! state's band is kept in f64 until the solve ends.

use std::time::Instant;

use rayon::prelude::*;

use crate::category::bands::{chunks, offsets, Arrays, BandSolution, Bounds};
use crate::category::turn::{Scratch, TurnDp};
use crate::progress::Progress;

/// Solves the target objective for every state of `dp`'s game, exactly,
/// in the bands `bounds` ([`Bounds::of`] the same game); `progress` counts
/// masks.
pub(crate) fn solve_target(dp: &TurnDp, bounds: Bounds, progress: &dyn Progress) -> BandSolution {
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
                let lanes = at..at + index.lanes(mask);
                for runs in chunks(&bounds.lo[lanes.clone()], &bounds.hi[lanes]) {
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
    BandSolution { bounds, offsets, values, seconds: clock.elapsed().as_secs_f64() }
}
