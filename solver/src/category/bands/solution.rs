//! A solve's bands in memory: every state's band end to end in one f64
//! array in state order, and the pieces the turn DP takes them in.

use crate::category::states::StateIndex;
use crate::category::turn::{Band, BandValues, Bands, Run};

/// Per state, in state-index order: the band's ends, `lo` (the points
/// still to come reach it for certain) and `hi` (they never pass it).
pub(crate) struct Bounds {
    pub(crate) lo: Vec<u32>,
    pub(crate) hi: Vec<u32>,
}

impl Bounds {
    /// The band's width at state number `state`: the number of needed
    /// scores whose chance is neither 0 nor 1 for certain.
    pub(crate) fn width(&self, state: usize) -> u32 {
        self.hi[state] - self.lo[state]
    }
}

/// Cells the turn DP takes at once: one row per dice multiset of this many
/// f64 values keeps a chunk's rows near the core's L2 cache (462 rows of
/// 128 cells, 473 KB, for five dice). Measured on classic Yahtzee without
/// bonus: 32, 64, 128, 256 and 512 cells took 40.6, 36.3, 26-28, 24.7 and
/// 33.2 s (one run each, a shared machine).
pub(crate) const CELLS: usize = 128;

/// Every state's band, solved: where each starts in one array of values
/// (f64, state order).
pub(crate) struct BandSolution {
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

impl BandSolution {
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

/// The cells of a mask's lanes (their bands' ends `lo` and `hi`, lane by
/// lane), end to end, cut into pieces of at most [`CELLS`].
pub(crate) fn chunks(lo: &[u32], hi: &[u32]) -> Vec<Vec<Run>> {
    let mut out: Vec<Vec<Run>> = vec![];
    let mut room = 0;
    for (lane, (&l, &h)) in lo.iter().zip(hi).enumerate() {
        let (mut first, mut left) = (i64::from(l) + 1, (h - l) as usize);
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
