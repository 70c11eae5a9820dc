//! The final-score distribution of the whole game under the
//! expected-score play: for every turn-start state and every score `t` in
//! its band, the chance that the points still to come reach `t` when the
//! player keeps playing for the best expected score.
//!
//! Level by level from the full sheet down, as the target solve; per mask
//! (masks in parallel):
//!
//! 1. the expected-score play of every lane, written down from the
//!    expected-score values the table holds (the values `advise`, `play`
//!    and `simulate` read, so the choices are theirs: see
//!    `turn::policy`);
//! 2. per lane the least and the most points still to come under that
//!    play (its band: at and below the least, every score is reached; above
//!    the most, none);
//! 3. the band's chances, [`CELLS`] cells at a time, through the turn
//!    with its choices fixed.
//!
//! The bands of a level are only known once its play is, so each mask's
//! solve is kept on its own ([`DistributionSolution`]); the table's f32
//! copy is written from there in state order (12 bytes a chance at the
//! peak: f64 and f32, never two f64 copies). Everything is computed in f64.

use std::time::Instant;

use rayon::prelude::*;

use crate::category::bands::file::stored_from;
use crate::category::bands::{chunks, CELLS};
#[cfg(test)]
use crate::category::bands::{BandSolution, Bounds};
use crate::category::states::StateIndex;
use crate::category::turn::{Band, BandValues, Bands, LanePolicy, Scratch, TurnDp, Values, CHUNK};
use crate::progress::Progress;

/// One mask's lanes, solved.
struct MaskBands {
    lo: Vec<u32>,
    hi: Vec<u32>,
    /// Per lane, where its values start; one more at the end.
    starts: Vec<usize>,
    values: Vec<f64>,
}

/// The masks solved so far, as bands.
struct Solved<'a> {
    index: &'a StateIndex,
    masks: &'a [Option<MaskBands>],
}

impl Bands for Solved<'_> {
    fn band(&self, mask: u32, lane: usize) -> Band<'_> {
        let _ = self.index;
        let m = self.masks[mask as usize].as_ref().expect("later levels are solved first");
        Band { lo: m.lo[lane], hi: m.hi[lane], values: BandValues::F64(&m.values[m.starts[lane]..m.starts[lane + 1]]) }
    }
}

/// Solves the distribution of every state of `dp`'s game under the
/// expected-score play of `ev` (the game's expected-score values, as its
/// table stores them); `progress` counts masks.
pub(crate) fn solve_distribution<V: Values + ?Sized>(
    dp: &TurnDp,
    ev: &V,
    progress: &dyn Progress,
) -> DistributionSolution {
    let clock = Instant::now();
    let index = dp.index();
    let ncat = index.categories();
    let mut masks: Vec<Option<MaskBands>> = (0..1usize << ncat).map(|_| None).collect();
    let full = (1u32 << ncat) - 1;
    let lanes = index.lanes(full);
    masks[full as usize] =
        Some(MaskBands { lo: vec![0; lanes], hi: vec![0; lanes], starts: vec![0; lanes + 1], values: vec![] });
    progress.stage(&format!("solving {}'s final-score distribution", dp.game().title), 1 << ncat);
    progress.advance(1);
    for level in (0..ncat).rev() {
        let list = index.level(level);
        let done: Vec<MaskBands> = {
            let after = Solved { index, masks: &masks };
            list.par_iter()
                .map_init(Scratch::<f64>::default, |s, &mask| {
                    let solved = solve_mask(dp, ev, &after, mask, s);
                    progress.advance(1);
                    solved
                })
                .collect()
        };
        for (&mask, bands) in list.iter().zip(done) {
            masks[mask as usize] = Some(bands);
        }
    }
    progress.finish();
    let mut order: Vec<u32> =
        (0..u32::try_from(masks.len()).expect("few masks")).filter(|&m| masks[m as usize].is_some()).collect();
    order.sort_by_key(|&m| index.offset(m));
    DistributionSolution { masks, order, seconds: clock.elapsed().as_secs_f64() }
}

/// The distribution of every state, solved: each mask's bands (f64).
pub(crate) struct DistributionSolution {
    masks: Vec<Option<MaskBands>>,
    /// The solved masks in state order.
    order: Vec<u32>,
    pub(crate) seconds: f64,
}

impl DistributionSolution {
    /// Chances held: one per state and score in its band.
    pub(crate) fn entries(&self) -> u64 {
        self.masks.iter().flatten().map(|m| m.values.len() as u64).sum()
    }

    /// The widest band.
    pub(crate) fn widest(&self) -> u32 {
        self.masks.iter().flatten().flat_map(|m| m.lo.iter().zip(&m.hi).map(|(l, h)| h - l)).max().unwrap_or(0)
    }

    /// The band of the empty sheet (state 0).
    pub(crate) fn start(&self) -> Band<'_> {
        let first = self.masks[self.order[0] as usize].as_ref().expect("solved");
        Band { lo: first.lo[0], hi: first.hi[0], values: BandValues::F64(&first.values[..first.starts[1]]) }
    }

    /// The table's values (the band file's layout, f32) and the largest
    /// rounding.
    pub(crate) fn stored(&self) -> (Vec<f32>, f64) {
        let ordered = || self.order.iter().map(|&m| self.masks[m as usize].as_ref().expect("solved"));
        let states: usize = ordered().map(|m| m.lo.len()).sum();
        let ends = ordered().flat_map(|m| m.lo.iter().copied().zip(m.hi.iter().copied()));
        let chances = ordered().flat_map(|m| m.values.iter().copied());
        stored_from(ends, chances, 2 * states + usize::try_from(self.entries()).expect("fits"))
    }

    /// Every band end to end in one f64 array in state order.
    #[cfg(test)]
    pub(crate) fn flatten(mut self) -> BandSolution {
        let n: usize = self.masks.iter().flatten().map(|m| m.lo.len()).sum();
        let mut bounds = Bounds { lo: Vec::with_capacity(n), hi: Vec::with_capacity(n) };
        let mut offsets = Vec::with_capacity(n + 1);
        let mut values = Vec::with_capacity(usize::try_from(self.entries()).expect("fits"));
        offsets.push(0u64);
        for &m in &self.order {
            let bands = self.masks[m as usize].take().expect("each mask once");
            bounds.lo.extend(&bands.lo);
            bounds.hi.extend(&bands.hi);
            for w in bands.starts.windows(2) {
                offsets.push(offsets.last().expect("an offset") + (w[1] - w[0]) as u64);
            }
            values.extend_from_slice(&bands.values);
        }
        BandSolution { bounds, offsets, values, seconds: self.seconds }
    }
}

/// One mask's play, bands and chances (steps 1 to 3 of the module docs).
fn solve_mask<V: Values + ?Sized>(dp: &TurnDp, ev: &V, after: &Solved, mask: u32, s: &mut Scratch<f64>) -> MaskBands {
    let lanes: Vec<usize> = (0..dp.index().lanes(mask)).collect();
    let mut play: Vec<LanePolicy> = Vec::with_capacity(lanes.len());
    for chunk in lanes.chunks(CHUNK) {
        play.extend(dp.policies(ev, mask, chunk, s));
    }
    let (lo, hi): (Vec<u32>, Vec<u32>) =
        lanes.iter().map(|&lane| dp.policy_support(after, mask, lane, &play[lane])).unzip();
    let mut starts = Vec::with_capacity(lanes.len() + 1);
    starts.push(0);
    for (&l, &h) in lo.iter().zip(&hi) {
        starts.push(starts.last().expect("a start") + (h - l) as usize);
    }
    let mut values = vec![0f64; *starts.last().expect("a start")];
    let mut pos = 0;
    for runs in chunks(&lo, &hi) {
        let n: usize = runs.iter().map(|r| r.len).sum();
        let policies: Vec<&LanePolicy> = runs.iter().map(|r| &play[r.lane]).collect();
        dp.policy_turn_start(after, mask, &runs, &policies, s, &mut values[pos..pos + n]);
        pos += n;
    }
    debug_assert!(CELLS > 0 && pos == values.len());
    MaskBands { lo, hi, starts, values }
}
