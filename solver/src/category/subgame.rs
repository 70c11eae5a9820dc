//! Exact solves of the part of a game below one sheet.
//!
//! From a turn-start state only the masks containing its mask are ever
//! played, and within them only the states some sequence of scores leads to
//! (the upper total only grows from the sheet's, filled rungs stay filled,
//! a lost full card stays lost). [`Reach`] finds those states by a forward
//! pass over the same transitions the turn DP uses
//! ([`TurnDp::after_scoring`]); [`solve`] then runs the same level-by-level
//! solve as the whole game, on those states only. This is how `advise`
//! answers late-game positions of a game whose whole table is too large to
//! build on the spot (Six Hundred).

use std::time::Instant;

use rayon::prelude::*;

use super::turn::{MaskValues, Scratch, TurnDp, Values, CHUNK};
use crate::progress::Progress;

/// The states reachable from one turn-start state, per mask.
pub struct Reach {
    start_mask: u32,
    start_lane: usize,
    /// Per mask (all `2^boxes`): its reachable lanes, ascending (empty for
    /// masks not below the start).
    lanes: Vec<Vec<usize>>,
    states: u64,
}

impl Reach {
    /// Every state reachable from lane `lane` of `mask`, or `None` as soon
    /// as they are more than `limit`.
    pub fn new(dp: &TurnDp, mask: u32, lane: usize, limit: u64) -> Option<Reach> {
        let game = dp.game();
        let index = dp.index();
        let ncat = game.categories.len();
        let mut seen: Vec<Vec<bool>> = vec![vec![]; 1 << ncat];
        seen[mask as usize] = vec![false; index.lanes(mask)];
        seen[mask as usize][lane] = true;
        let mut masks: Vec<u32> = (0..1u32 << ncat).filter(|&m| m & mask == mask).collect();
        masks.sort_by_key(|&m| m.count_ones());
        let mut lanes: Vec<Vec<usize>> = vec![vec![]; 1 << ncat];
        let mut states = 0;
        for &m in &masks {
            if seen[m as usize].is_empty() {
                continue;
            }
            let here: Vec<usize> = (0..seen[m as usize].len()).filter(|&l| seen[m as usize][l]).collect();
            for cat in (0..ncat).filter(|&c| m >> c & 1 == 0) {
                let next = (m | 1 << cat) as usize;
                if seen[next].is_empty() {
                    seen[next] = vec![false; index.lanes(next as u32)];
                }
                for &l in &here {
                    let (eff, extra) = index.lane_state(m, l);
                    for &p in dp.scores_of(cat) {
                        seen[next][dp.after_scoring(m, eff, extra, cat, p).lane] = true;
                    }
                }
            }
            states += here.len() as u64;
            if states > limit {
                return None;
            }
            lanes[m as usize] = here;
        }
        Some(Reach { start_mask: mask, start_lane: lane, lanes, states })
    }

    /// Number of reachable states (the start included).
    pub fn states(&self) -> u64 {
        self.states
    }
}

/// Values of a solved sub-game, per mask and lane (unreachable lanes 0).
pub struct SubGame {
    values: Vec<Vec<f64>>,
    /// Value of the start state (expected points still to come).
    pub expected: f64,
    pub seconds: f64,
}

impl Values for SubGame {
    #[inline]
    fn at(&self, mask: u32, lane: usize) -> f64 {
        self.values[mask as usize][lane]
    }
    fn mask_values(&self, mask: u32) -> MaskValues<'_> {
        MaskValues::F64(&self.values[mask as usize])
    }
}

/// Solves every state of `reach`, from the full sheet back to the start;
/// `progress` counts states.
pub fn solve(dp: &TurnDp, reach: &Reach, progress: &dyn Progress) -> SubGame {
    let start = Instant::now();
    let index = dp.index();
    let ncat = dp.game().categories.len();
    let mut values: Vec<Vec<f64>> = (0..1u32 << ncat)
        .map(|m| if reach.lanes[m as usize].is_empty() { vec![] } else { vec![0.0; index.lanes(m)] })
        .collect();
    progress.stage(&format!("solving {} below this sheet", dp.game().title), reach.states);
    for level in (reach.start_mask.count_ones() as usize..ncat).rev() {
        let work: Vec<(u32, &[usize])> = index
            .level(level)
            .iter()
            .filter(|&&m| !reach.lanes[m as usize].is_empty())
            .flat_map(|&m| reach.lanes[m as usize].chunks(CHUNK).map(move |c| (m, c)))
            .collect();
        let after = SubGame { values, expected: 0.0, seconds: 0.0 };
        let results: Vec<Vec<f64>> = work
            .par_iter()
            .map_init(Scratch::<f64>::default, |scratch, &(mask, lanes)| {
                let mut out = vec![0.0; lanes.len()];
                dp.turn_start(&after, mask, lanes, scratch, &mut out);
                progress.advance(lanes.len() as u64);
                out
            })
            .collect();
        values = after.values;
        for (&(mask, lanes), out) in work.iter().zip(results) {
            for (&l, v) in lanes.iter().zip(out) {
                values[mask as usize][l] = v;
            }
        }
    }
    progress.finish();
    let expected = values[reach.start_mask as usize][reach.start_lane];
    SubGame { values, expected, seconds: start.elapsed().as_secs_f64() }
}
