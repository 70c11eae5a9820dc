//! The chances of the sub-game below one sheet: the target objective
//! (the best chance of the points still to come reaching each needed
//! score) and the final-score distribution under the expected-score play,
//! over the states the sheet can lead to ([`Reach`]) only.
//!
//! They are the whole-game solves of `category::target` and
//! `category::distribution` run on those states: level by level from the
//! full sheet up to the sheet's, each state's band (`lo < t <= hi`) found
//! from the bands of the states after it, then its chances through the
//! turn DP. This is how Six Hundred, whose 3.3 billion states take no
//! target or distribution table, answers `advise --target` and `advise
//! --distribution` from late positions.
//!
//! The states of a level are cut into pieces of [`CHUNK`] lanes of one
//! mask, solved in parallel, then put together mask by mask: a mask's
//! bands are stored for all its lanes, those the sheet never leads to
//! empty.

use rayon::prelude::*;

use super::Reach;
use crate::category::bands::chunks;
use crate::category::target::bounds::lane_bounds;
use crate::category::turn::{Band, BandValues, Bands, LanePolicy, Run, Scratch, TurnDp, Values};
use crate::progress::Progress;

/// One mask's bands below a sheet.
struct MaskBands {
    lo: Vec<u32>,
    hi: Vec<u32>,
    /// Per lane, where its values start; one more at the end.
    starts: Vec<usize>,
    values: Vec<f64>,
}

/// The bands of every state below a sheet.
pub(crate) struct BandsBelow {
    masks: Vec<Option<MaskBands>>,
}

impl Bands for BandsBelow {
    fn band(&self, mask: u32, lane: usize) -> Band<'_> {
        let m = self.masks[mask as usize].as_ref().expect("a mask below the sheet, solved first");
        Band { lo: m.lo[lane], hi: m.hi[lane], values: BandValues::F64(&m.values[m.starts[lane]..m.starts[lane + 1]]) }
    }
}

/// One piece of a mask's lanes, solved: their bands' ends and values.
type Piece = (Vec<u32>, Vec<u32>, Vec<f64>);

/// The best chance of reaching every needed score, for every state of
/// `reach`; `progress` counts states.
pub(crate) fn solve_target_below(dp: &TurnDp, reach: &Reach, progress: &dyn Progress) -> BandsBelow {
    let what = format!("solving {} below this sheet to reach scores", dp.game().title);
    solve_below(dp, reach, &what, progress, |after, mask, lanes, s| {
        let (lo, hi) = lane_bounds(dp, mask, lanes, |m, l| {
            let band = after.band(m, l);
            (band.lo, band.hi)
        });
        let values = cells(&lo, &hi, lanes, |runs, out| dp.target_turn_start(after, mask, runs, s, out));
        (lo, hi, values)
    })
}

/// The final-score distribution of every state of `reach` under the
/// expected-score play of `ev` (the values of the same states, as
/// [`super::solve`] gives them); `progress` counts states.
pub(crate) fn solve_distribution_below<V: Values + ?Sized>(
    dp: &TurnDp,
    ev: &V,
    reach: &Reach,
    progress: &dyn Progress,
) -> BandsBelow {
    let what = format!("solving {}'s final-score distribution below this sheet", dp.game().title);
    solve_below(dp, reach, &what, progress, |after, mask, lanes, s| {
        let play: Vec<LanePolicy> = dp.policies(ev, mask, lanes, s);
        let (lo, hi): (Vec<u32>, Vec<u32>) =
            lanes.iter().zip(&play).map(|(&lane, policy)| dp.policy_support(after, mask, lane, policy)).unzip();
        let values = cells(&lo, &hi, lanes, |runs, out| {
            let at = |lane: usize| lanes.iter().position(|&l| l == lane).expect("a lane of the piece");
            let policies: Vec<&LanePolicy> = runs.iter().map(|r| &play[at(r.lane)]).collect();
            dp.policy_turn_start(after, mask, runs, &policies, s, out);
        });
        (lo, hi, values)
    })
}

/// The values of the bands `lo`..`hi` of `lanes`, end to end: `turn`
/// solves one chunk of cells (runs of the real lanes) into its slice.
fn cells(lo: &[u32], hi: &[u32], lanes: &[usize], mut turn: impl FnMut(&[Run], &mut [f64])) -> Vec<f64> {
    let total: usize = lo.iter().zip(hi).map(|(&l, &h)| (h - l) as usize).sum();
    let mut values = vec![0.0; total];
    let mut pos = 0;
    for runs in chunks(lo, hi) {
        let runs: Vec<Run> = runs.into_iter().map(|r| Run { lane: lanes[r.lane], ..r }).collect();
        let n: usize = runs.iter().map(|r| r.len).sum();
        turn(&runs, &mut values[pos..pos + n]);
        pos += n;
    }
    values
}

/// Level by level from the full sheet up to the sheet's: every state of
/// `reach`, piece by piece (`piece` solves the lanes of one mask from the
/// bands solved so far).
fn solve_below<P>(dp: &TurnDp, reach: &Reach, what: &str, progress: &dyn Progress, piece: P) -> BandsBelow
where
    P: Fn(&BandsBelow, u32, &[usize], &mut Scratch<f64>) -> Piece + Sync,
{
    let index = dp.index();
    let ncat = dp.game().categories.len();
    let full = dp.game().full_mask();
    let mut below = BandsBelow { masks: (0..1usize << ncat).map(|_| None).collect() };
    let full_lanes = index.lanes(full);
    below.masks[full as usize] = Some(MaskBands {
        lo: vec![0; full_lanes],
        hi: vec![0; full_lanes],
        starts: vec![0; full_lanes + 1],
        values: vec![],
    });
    progress.stage(what, reach.states);
    progress.advance(reach.lanes[full as usize].len() as u64);
    for level in (reach.start_mask.count_ones() as usize..ncat).rev() {
        let work = reach.pieces(dp, level);
        let solved: Vec<Piece> = work
            .par_iter()
            .map_init(Scratch::<f64>::default, |s, &(mask, lanes)| {
                let out = piece(&below, mask, lanes, s);
                progress.advance(lanes.len() as u64);
                out
            })
            .collect();
        let mut solved = work.iter().zip(solved).peekable();
        while let Some(&(&(mask, _), _)) = solved.peek() {
            let n = index.lanes(mask);
            let (mut lo, mut hi) = (vec![0u32; n], vec![0u32; n]);
            let mut parts: Vec<(&[usize], Vec<f64>)> = vec![];
            while let Some(((_, lanes), (l, h, v))) = solved.next_if(|((m, _), _)| *m == mask) {
                for (i, &lane) in lanes.iter().enumerate() {
                    (lo[lane], hi[lane]) = (l[i], h[i]);
                }
                parts.push((lanes, v));
            }
            let mut starts = Vec::with_capacity(n + 1);
            starts.push(0);
            for lane in 0..n {
                starts.push(starts[lane] + (hi[lane] - lo[lane]) as usize);
            }
            let mut values = vec![0.0; starts[n]];
            for (lanes, v) in parts {
                let mut pos = 0;
                for &lane in lanes {
                    let w = (hi[lane] - lo[lane]) as usize;
                    values[starts[lane]..starts[lane] + w].copy_from_slice(&v[pos..pos + w]);
                    pos += w;
                }
            }
            below.masks[mask as usize] = Some(MaskBands { lo, hi, starts, values });
        }
    }
    progress.finish();
    below
}
