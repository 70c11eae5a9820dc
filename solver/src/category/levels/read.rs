//! Reading a level solve back: one compact level memory-mapped, its
//! blocks checked the first time they are read ([`CompactLevel`]), the
//! level a sheet's turn needs ([`successors_of`]), or every level
//! ([`AllLevels`], for simulations).

use std::path::Path;

use super::codec::{Packed, Quantum, CODE_BITS};
use super::layout::{level_range, open_level, LevelMeta, Precision, BLOCK_BYTES};
use crate::category::states::StateIndex;
#[cfg(feature = "internals")]
use crate::category::turn::MaskValues;
use crate::category::turn::{TurnDp, Values};
use crate::error::Error;
use crate::table::part_sums::{self, PartSums};
use crate::table::{Table, TableError, Verify};

/// One compact level, memory-mapped, its blocks checked the first time they
/// are asked for.
pub(crate) struct CompactLevel<'a> {
    pub(super) index: &'a StateIndex,
    pub(super) first: u64,
    pub(super) quantum: Quantum,
    pub(super) sums: PartSums,
    pub(super) table: Table,
}

impl<'a> CompactLevel<'a> {
    /// Opens level `k` (header checks only; see [`Self::check_masks`]).
    pub(crate) fn open(dp: &'a TurnDp, dir: &Path, k: usize, verify: Verify) -> Result<Self, TableError> {
        let table = open_level(dp, dir, k, Precision::Compact, verify)?;
        let meta: LevelMeta = table.meta()?;
        let corrupt = |why: &str| TableError::Corrupt { path: table.path().to_path_buf(), why: why.into() };
        let quantum = meta.quantum.ok_or_else(|| corrupt("no quantum in the metadata"))?;
        if quantum.bits != CODE_BITS {
            return Err(corrupt("codes of another width than this version's"));
        }
        let sums = part_sums::from_hex(&meta.block_sums)
            .and_then(|s| PartSums::new(s, BLOCK_BYTES, table.data().len(), table.verified()))
            .ok_or_else(|| corrupt("block checksums do not match the data size"))?;
        Ok(CompactLevel { index: dp.index(), first: level_range(dp.index(), k).0, quantum, sums, table })
    }

    /// Checks the blocks that hold the states of `masks` (each once).
    pub(crate) fn check_masks(&self, masks: impl IntoIterator<Item = u32>) -> Result<(), TableError> {
        for mask in masks {
            let first = self.index.offset(mask) - self.first as usize;
            let words = Packed::words_read(first, self.index.lanes(mask), self.quantum.bits);
            let (from, to) = (words.start * 2, words.end * 2);
            if self.index.lanes(mask) > 0 {
                let blocks = self.sums.part_of(from)..=self.sums.part_of(to - 1);
                self.sums.check(self.table.data(), blocks).map_err(|b| TableError::Corrupt {
                    path: self.table.path().to_path_buf(),
                    why: format!("checksum mismatch in block {b}"),
                })?;
            }
        }
        Ok(())
    }

    #[cfg(test)]
    /// How the level's codes map to values.
    pub(crate) fn quantum(&self) -> Quantum {
        self.quantum
    }

    /// The codes of the level.
    fn codes(&self) -> Packed<'_> {
        let words = self.table.elements::<u16>().expect("a table of u16 words (checked by its fingerprint)");
        Packed { words, bits: self.quantum.bits }
    }
}

impl Values for CompactLevel<'_> {
    #[inline]
    fn at(&self, mask: u32, lane: usize) -> f64 {
        self.quantum.decode(self.codes().get(self.index.offset(mask) - self.first as usize + lane))
    }
}

/// The values `advise` needs for the sheet of `mask`: those of the level
/// below it (its successors), with the blocks it reads checked. `Ok(None)`
/// when that level has not been solved (no file); an error when its file is
/// there but unusable.
pub(crate) fn successors_of<'a>(dp: &'a TurnDp, dir: &Path, mask: u32) -> Result<Option<Box<dyn Values + 'a>>, Error> {
    let ncat = dp.index().categories();
    let k = mask.count_ones() as usize + 1;
    if k == ncat {
        return Ok(Some(Box::new(Zero)));
    }
    match CompactLevel::open(dp, dir, k, Verify::Auto) {
        Ok(level) => {
            level.check_masks((0..ncat).filter(|c| mask & (1 << c) == 0).map(|c| mask | (1 << c)))?;
            Ok(Some(Box::new(level)))
        }
        Err(TableError::Missing { .. }) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// Every level of a solved game, each checked in full, as one `Values`
/// (for simulations, which read all over the table).
pub(crate) struct AllLevels<'a> {
    pub(super) levels: Vec<CompactLevel<'a>>,
}

impl<'a> AllLevels<'a> {
    /// `Ok(None)` when some level has not been solved.
    pub(crate) fn open(dp: &'a TurnDp, dir: &Path) -> Result<Option<Self>, Error> {
        let mut levels = vec![];
        for k in 0..dp.index().categories() {
            match CompactLevel::open(dp, dir, k, Verify::Full) {
                Ok(l) => levels.push(l),
                Err(TableError::Missing { .. }) => return Ok(None),
                Err(e) => return Err(e.into()),
            }
        }
        Ok(Some(AllLevels { levels }))
    }
}

impl Values for AllLevels<'_> {
    #[inline]
    fn at(&self, mask: u32, lane: usize) -> f64 {
        match self.levels.get(mask.count_ones() as usize) {
            Some(level) => level.at(mask, lane),
            None => 0.0, // the full sheet
        }
    }
}

/// One level's f32 file (a solve's intermediate; kept only while the level
/// below needs it), as values (the rounding check of the `internals`
/// benchmarks reads them).
#[cfg(feature = "internals")]
pub(crate) struct F32Table<'a> {
    pub(super) index: &'a StateIndex,
    pub(super) first: u64,
    pub(super) table: Table,
}

#[cfg(feature = "internals")]
impl<'a> F32Table<'a> {
    /// Opens the f32 file of level `k` in `dir` (checked in full).
    pub(crate) fn open(dp: &'a TurnDp, dir: &Path, k: usize) -> Result<Self, TableError> {
        let table = open_level(dp, dir, k, Precision::F32, Verify::Full)?;
        Ok(F32Table { index: dp.index(), first: level_range(dp.index(), k).0, table })
    }

    /// The level's values in state-index order.
    pub(crate) fn values(&self) -> &[f32] {
        self.table.values()
    }
}

#[cfg(feature = "internals")]
impl Values for F32Table<'_> {
    #[inline]
    fn at(&self, mask: u32, lane: usize) -> f64 {
        f64::from(self.table.values()[self.index.offset(mask) - self.first as usize + lane])
    }
    fn mask_values(&self, mask: u32) -> MaskValues<'_> {
        MaskValues::F32(&self.table.values()[self.index.offset(mask) - self.first as usize..][..self.index.lanes(mask)])
    }
}

/// Values of the full sheet's level: every state is worth 0.
pub(super) struct Zero;

impl Values for Zero {
    fn at(&self, _: u32, _: usize) -> f64 {
        0.0
    }
}
