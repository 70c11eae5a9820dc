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

use rayon::prelude::*;

pub(crate) mod advise;
pub(crate) mod bands;

use super::turn::{MaskValues, Scratch, TurnDp, Values, CHUNK};
use crate::progress::Progress;

/// The states reachable from one turn-start state, per mask.
pub(crate) struct Reach {
    start_mask: u32,
    /// Per mask (all `2^boxes`): its reachable lanes, ascending (empty for
    /// masks not below the start).
    lanes: Vec<Vec<usize>>,
    states: u64,
}

impl Reach {
    /// Every state reachable from lane `lane` of `mask`, or `None` as soon
    /// as they are more than `limit`.
    ///
    /// A lane is (effective upper total, extra state), laid out extra by
    /// extra. Scoring a box moves the extra state by the game's rules alone
    /// and the upper total only by the points written, so the rules are
    /// asked once per extra state, box and score (not once per lane), and
    /// each lane marks only the distinct outcomes (most boxes have two: a
    /// score or a 0). That keeps the refusal of a sub-game too large to
    /// solve here quick.
    pub(crate) fn new(dp: &TurnDp, mask: u32, lane: usize, limit: u64) -> Option<Reach> {
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
        // One extra state's outcomes of scoring a box: (points written where
        // they move the upper total, else 0; the extra state after).
        let mut outcomes: Vec<(u32, usize)> = Vec::new();
        for &m in &masks {
            if seen[m as usize].is_empty() {
                continue;
            }
            let here: Vec<usize> = (0..seen[m as usize].len()).filter(|&l| seen[m as usize][l]).collect();
            let uppers = index.uppers(m).len();
            for cat in (0..ncat).filter(|&c| m >> c & 1 == 0) {
                let next = m | 1 << cat;
                if seen[next as usize].is_empty() {
                    seen[next as usize] = vec![false; index.lanes(next)];
                }
                let upper_box = game.categories[cat].upper_face.is_some();
                for group in here.chunk_by(|&x, &y| x / uppers == y / uppers) {
                    let extra = group[0] / uppers;
                    outcomes.clear();
                    for &p in dp.scores_of(cat) {
                        let s = game.extra.score(m, extra, cat, p);
                        let o = (if upper_box { s.points } else { 0 }, s.extra);
                        if !outcomes.contains(&o) {
                            outcomes.push(o);
                        }
                    }
                    for &l in group {
                        let (eff, _) = index.lane_state(m, l);
                        for &(points, extra2) in &outcomes {
                            let eff2 = dp.upper_after(next, eff, cat, points);
                            let lane = index.lane_of(next, eff2, extra2).expect("successor state is indexed");
                            seen[next as usize][lane] = true;
                        }
                    }
                }
            }
            states += here.len() as u64;
            if states > limit {
                return None;
            }
            lanes[m as usize] = here;
        }
        Some(Reach { start_mask: mask, lanes, states })
    }

    /// The reachable lanes of the masks of `level` (boxes filled), in
    /// pieces of at most [`CHUNK`] lanes of one mask: the units the solves
    /// below a sheet run in parallel, in mask order.
    fn pieces(&self, dp: &TurnDp, level: usize) -> Vec<(u32, &[usize])> {
        dp.index()
            .level(level)
            .iter()
            .filter(|&&m| !self.lanes[m as usize].is_empty())
            .flat_map(|&m| self.lanes[m as usize].chunks(CHUNK).map(move |c| (m, c)))
            .collect()
    }

    /// Number of reachable states (the start included).
    #[cfg(test)]
    pub(crate) fn states(&self) -> u64 {
        self.states
    }
}

/// Values of a solved sub-game, per mask and lane (unreachable lanes 0).
pub(crate) struct SubGame {
    values: Vec<Vec<f64>>,
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
pub(crate) fn solve(dp: &TurnDp, reach: &Reach, progress: &dyn Progress) -> SubGame {
    let index = dp.index();
    let ncat = dp.game().categories.len();
    let mut values: Vec<Vec<f64>> = (0..1u32 << ncat)
        .map(|m| if reach.lanes[m as usize].is_empty() { vec![] } else { vec![0.0; index.lanes(m)] })
        .collect();
    progress.stage(&format!("solving {} below this sheet", dp.game().title), reach.states);
    for level in (reach.start_mask.count_ones() as usize..ncat).rev() {
        let work = reach.pieces(dp, level);
        let after = SubGame { values };
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
    SubGame { values }
}

#[cfg(test)]
mod tests;
