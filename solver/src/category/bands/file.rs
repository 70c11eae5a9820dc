//! The table file of bands: every turn-start state's band of chances, f32,
//! memory-mapped like every table, with metadata of its own kind `M`.
//!
//! Layout of the values (one f32 array): first, per state in state-index
//! order, its band's `lo` and `hi` (whole numbers below 2^24, so exact in
//! f32); then every state's band end to end, in the same order. A reader
//! finds a state's band by the running sum of the widths (one pass over
//! the states when the table is opened).
//!
//! The solve computes in f64 and rounds each stored value once to f32: a
//! stored chance is within 2^-25 (3.0e-8) of the solve's (the largest
//! rounding is measured and kept in the metadata).

use std::path::Path;

use serde::de::DeserializeOwned;

use super::solution::{offsets, BandSolution, Bounds};
use crate::category::states::StateIndex;
use crate::category::turn::{Band, BandValues, Bands};
use crate::error::Error;
use crate::table::{self, Table, TableSpec, Verify};

/// The words of the layout, for a table's metadata.
pub(crate) const LAYOUT: &str =
    "[lo, hi per state][each state's chances of reaching lo+1..=hi], states in state-index order";

/// A table of bands, open: its bands by state number, and its metadata.
pub(crate) struct BandTable<M> {
    table: Table,
    states: usize,
    /// Per state, the first of its values (after the bounds); one more at the end.
    offsets: Vec<u64>,
    meta: M,
}

impl<M: DeserializeOwned> BandTable<M> {
    /// Opens the table at `path` (of `states` states) and checks it.
    pub(crate) fn open(path: &Path, spec: &TableSpec, states: u64, verify: Verify) -> Result<Self, Error> {
        let table = Table::open(path, spec, verify)?;
        let meta = table.meta::<M>()?;
        let n = usize::try_from(states).expect("states fit in memory");
        let values = table.values();
        let broken = || table::TableError::Corrupt { path: table.path().to_path_buf(), why: "band bounds".into() };
        if values.len() < 2 * n {
            return Err(broken().into());
        }
        let mut bounds = Bounds { lo: Vec::with_capacity(n), hi: Vec::with_capacity(n) };
        for pair in values[..2 * n].chunks_exact(2) {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // whole numbers, checked below
            let (lo, hi) = (pair[0] as u32, pair[1] as u32);
            #[allow(clippy::cast_precision_loss)]
            if lo as f32 != pair[0] || hi as f32 != pair[1] || hi < lo {
                return Err(broken().into());
            }
            bounds.lo.push(lo);
            bounds.hi.push(hi);
        }
        let offsets = offsets(&bounds);
        if 2 * n as u64 + offsets[n] != values.len() as u64 {
            return Err(broken().into());
        }
        Ok(BandTable { table, states: n, offsets, meta })
    }
}

impl<M> BandTable<M> {
    /// The band of state number `state`.
    pub(crate) fn band(&self, state: usize) -> Band<'_> {
        let values = self.table.values();
        let lo_hi = &values[2 * state..2 * state + 2];
        let base = 2 * self.states;
        let (a, b) = (base + self.offsets[state] as usize, base + self.offsets[state + 1] as usize);
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // checked whole numbers
        Band { lo: lo_hi[0] as u32, hi: lo_hi[1] as u32, values: BandValues::F32(&values[a..b]) }
    }

    pub(crate) fn table(&self) -> &Table {
        &self.table
    }

    pub(crate) fn meta(&self) -> &M {
        &self.meta
    }
}

/// A band table's bands, by mask and lane.
pub(crate) struct TableBands<'a, M> {
    pub(crate) index: &'a StateIndex,
    pub(crate) table: &'a BandTable<M>,
}

impl<M: Sync> Bands for TableBands<'_, M> {
    fn band(&self, mask: u32, lane: usize) -> Band<'_> {
        self.table.band(self.index.offset(mask) + lane)
    }
}

/// The values as the table stores them, and the largest rounding.
pub(crate) fn stored(sol: &BandSolution) -> (Vec<f32>, f64) {
    let ends = sol.bounds.lo.iter().copied().zip(sol.bounds.hi.iter().copied());
    stored_from(ends, sol.values.iter().copied(), 2 * sol.bounds.lo.len() + sol.values.len())
}

/// The table's values from every state's band ends and then every band's
/// chances, both in state order (`capacity`: how many values in all), and
/// the largest rounding of a chance to f32.
pub(crate) fn stored_from(
    ends: impl Iterator<Item = (u32, u32)>,
    chances: impl Iterator<Item = f64>,
    capacity: usize,
) -> (Vec<f32>, f64) {
    let mut out = Vec::with_capacity(capacity);
    for (lo, hi) in ends {
        #[allow(clippy::cast_precision_loss)] // whole numbers below 2^24
        out.extend([lo as f32, hi as f32]);
    }
    let mut largest = 0f64;
    for v in chances {
        #[allow(clippy::cast_possible_truncation)] // the table stores f32 on purpose
        let x = v as f32;
        largest = largest.max((f64::from(x) - v).abs());
        out.push(x);
    }
    (out, largest)
}
