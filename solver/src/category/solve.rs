//! The level-by-level solve of a whole category game.
//!
//! States with every box filled are worth 0 (bonuses are paid when earned).
//! Level `k` (masks with `k` boxes filled) needs only level `k + 1`, so the
//! solve walks down from the full sheet; within a level the masks are
//! independent and run in parallel (rayon), each mask's lanes together in
//! chunks of [`CHUNK`] lanes.

use std::time::Instant;

use rayon::prelude::*;

use super::model::Sheet;
use super::turn::{Indexed, Real, Scratch, TurnDp, CHUNK};
use crate::progress::Progress;

/// A solved game: the value (expected points still to come) of every
/// reachable turn-start state, in [`super::states::StateIndex`] order.
pub(crate) struct Solution {
    /// Exact DP values (f64; the table stores them as f32).
    pub(crate) values: Vec<f64>,
    /// Optimal expected final score of a new game.
    pub(crate) expected: f64,
    pub(crate) seconds: f64,
}

/// Solves the game of `dp` exactly, in f64; `progress` counts masks.
pub(crate) fn solve(dp: &TurnDp, progress: &dyn Progress) -> Solution {
    solve_in::<f64>(dp, progress)
}

/// Solves the game of `dp` with the turn DP's rows in precision `F` (the
/// values between turns are kept in f64 either way).
pub(crate) fn solve_in<F: Real>(dp: &TurnDp, progress: &dyn Progress) -> Solution {
    let clock = Instant::now();
    let index = dp.index();
    let ncat = index.categories();
    let mut values = vec![0f64; usize::try_from(index.len()).expect("states fit in memory")];
    progress.stage(&format!("solving {}", dp.game().title), 1 << ncat);
    progress.advance(1); // the full sheet: all zeros
    for level in (0..ncat).rev() {
        let masks = index.level(level);
        let after = Indexed { index, values: values.as_slice() };
        let results: Vec<Vec<f64>> = masks
            .par_iter()
            .map_init(Scratch::<F>::default, |scratch, &mask| {
                let lanes: Vec<usize> = (0..index.lanes(mask)).collect();
                let mut out = vec![0f64; lanes.len()];
                for (ls, os) in lanes.chunks(CHUNK).zip(out.chunks_mut(CHUNK)) {
                    dp.turn_start(&after, mask, ls, scratch, os);
                }
                progress.advance(1);
                out
            })
            .collect();
        for (&mask, vals) in masks.iter().zip(results) {
            let at = index.offset(mask);
            values[at..at + vals.len()].copy_from_slice(&vals);
        }
    }
    progress.finish();
    let start = index.state_number(&Sheet::empty(dp.game()).state(dp.game())).expect("the empty sheet is a state");
    let expected = values[start];
    Solution { values, expected, seconds: clock.elapsed().as_secs_f64() }
}
