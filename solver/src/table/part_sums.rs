//! Checksums of a table's data in parts, checked on use.
//!
//! A table too large to hash whole when it is opened (Six Hundred's levels,
//! the piggyback values of a win table) keeps one XXH3-64 per part of its
//! data in its metadata; a reader checks each part the first time it reads
//! from it, so a damaged table is refused before a value of it is used,
//! without reading all of it.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;
use xxhash_rust::xxh3::xxh3_64;

/// XXH3-64 of each `part`-byte piece of `bytes` (the last may be shorter).
pub(crate) fn sums_of(bytes: &[u8], part: usize) -> Vec<u64> {
    bytes.par_chunks(part.max(1)).map(xxh3_64).collect()
}

/// The sums as one string of 16 hex digits each (how level files store
/// them).
pub(crate) fn to_hex(sums: &[u64]) -> String {
    sums.iter().map(|s| format!("{s:016x}")).collect()
}

/// The sums of a string [`to_hex`] wrote; `None` if it is not one.
pub(crate) fn from_hex(text: &str) -> Option<Vec<u64>> {
    if !text.is_ascii() || !text.len().is_multiple_of(16) {
        return None;
    }
    (0..text.len() / 16).map(|i| u64::from_str_radix(&text[i * 16..i * 16 + 16], 16).ok()).collect()
}

/// The stored sums of a table's data in parts of `part` bytes, and which
/// parts have been found intact.
#[derive(Debug)]
pub(crate) struct PartSums {
    part: usize,
    sums: Vec<u64>,
    checked: Vec<AtomicBool>,
}

impl PartSums {
    /// The stored `sums` of data of `len` bytes in parts of `part` bytes;
    /// `verified`: the whole data was checked already. `None` when the
    /// count does not fit the data.
    pub(crate) fn new(sums: Vec<u64>, part: usize, len: usize, verified: bool) -> Option<PartSums> {
        (sums.len() == len.div_ceil(part.max(1))).then(|| PartSums {
            part: part.max(1),
            checked: (0..sums.len()).map(|_| AtomicBool::new(verified)).collect(),
            sums,
        })
    }

    /// Checks parts `parts` of `data` (each once while intact).
    ///
    /// # Errors
    /// The first part whose sum does not match.
    pub(crate) fn check(&self, data: &[u8], parts: impl IntoIterator<Item = usize>) -> Result<(), usize> {
        for p in parts {
            if self.checked[p].load(Ordering::Relaxed) {
                continue;
            }
            let bytes = &data[p * self.part..((p + 1) * self.part).min(data.len())];
            if xxh3_64(bytes) != self.sums[p] {
                return Err(p);
            }
            self.checked[p].store(true, Ordering::Relaxed);
        }
        Ok(())
    }

    /// Checks every part of `data`, whatever was checked before (a full
    /// verification: the sums themselves are checked against the data).
    ///
    /// # Errors
    /// The first part whose sum does not match.
    pub(crate) fn check_all(&self, data: &[u8]) -> Result<(), usize> {
        for (p, want) in self.sums.iter().enumerate() {
            if xxh3_64(&data[p * self.part..((p + 1) * self.part).min(data.len())]) != *want {
                return Err(p);
            }
        }
        Ok(())
    }

    /// The part byte `i` of the data is in.
    pub(crate) fn part_of(&self, i: usize) -> usize {
        i / self.part
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_checked_and_damage_is_found() {
        let data: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
        let sums = sums_of(&data, 64);
        assert_eq!(sums.len(), 16);
        assert_eq!(from_hex(&to_hex(&sums)), Some(sums.clone()));
        let stored = PartSums::new(sums.clone(), 64, data.len(), false).expect("fits");
        stored.check(&data, 0..16).expect("intact");
        let mut damaged = data.clone();
        damaged[200] ^= 1;
        let fresh = PartSums::new(sums, 64, data.len(), false).expect("fits");
        assert_eq!(fresh.check(&damaged, [0, 1, 2, 3]), Err(3));
        assert!(PartSums::new(vec![0; 3], 64, data.len(), false).is_none());
        assert_eq!(from_hex("12g4567890123456"), None);
    }
}
