//! The compact code of a level: each state's value as a [`CODE_BITS`]-bit
//! code, `lo + code * step` over the level's own range ([`Quantum`]), the
//! codes packed end to end into 16-bit words ([`Packed`]).

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// Bits of a compact level's code per state.
///
/// Why 14: the compact table is the one the user keeps on disk (Six
/// Hundred: 3.28 billion states), and the bound set for it is 6 GB; 16
/// bits per state took 6.56 GB, 14 take 5.74. The levels' value ranges are
/// at most 213 points wide (level 9: 54.9 to 267.8), so the step is at most
/// 213 / 16,383 = 0.013 points and the largest rounding error half that
/// (measured effect on advise's ranking: docs/results.md, "Six Hundred").
pub(crate) const CODE_BITS: u32 = 14;

/// Number of 16-bit words that hold `states` codes of [`CODE_BITS`] bits
/// ([`Packed::words_for`]).
pub(crate) fn packed_words(states: u64) -> u64 {
    Packed::words_for(states, CODE_BITS)
}

/// How a compact level's codes map to values: code 0 is `lo`, the top
/// code `hi`, evenly spaced.
///
/// The metadata holds only the ends (the level's own f32 values) and the
/// width ([`QuantumMeta`]); the step is computed from them when the
/// metadata is read. An f32 comes back exactly from JSON, where an f64
/// such as a step may come back one ulp off (serde_json's default parser),
/// and the reader must decode the codes exactly as the writer chose them.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq)]
#[serde(from = "QuantumMeta", into = "QuantumMeta")]
pub(crate) struct Quantum {
    pub(crate) lo: f32,
    pub(crate) hi: f32,
    /// Bits per code.
    pub(crate) bits: u32,
    /// Points between neighbouring codes, from the three above (computed
    /// once: decoding is on the path of every successor a reader asks for).
    step: f64,
}

impl From<QuantumMeta> for Quantum {
    fn from(m: QuantumMeta) -> Quantum {
        Quantum::new(m.lo, m.hi, m.bits)
    }
}

impl Quantum {
    /// Codes of `bits` bits (1 to 16, the widths [`Packed`] holds) from `lo`
    /// to `hi`; the step is 1 when they are equal (every code is then 0).
    fn new(lo: f32, hi: f32, bits: u32) -> Quantum {
        let step = if hi > lo { (f64::from(hi) - f64::from(lo)) / f64::from(Self::top(bits)) } else { 1.0 };
        Quantum { lo, hi, bits, step }
    }
    /// The range of `values` over `2^bits − 1` steps.
    pub(crate) fn of(values: &[f32], bits: u32) -> Quantum {
        let (lo, hi) = values.iter().fold((f32::INFINITY, f32::NEG_INFINITY), |(l, h), &v| (l.min(v), h.max(v)));
        if values.is_empty() {
            return Quantum::new(0.0, 0.0, bits);
        }
        Quantum::new(lo, hi, bits)
    }
    #[cfg(test)]
    /// Points between neighbouring codes.
    pub(crate) fn step(self) -> f64 {
        self.step
    }
    /// The largest code.
    fn top(bits: u32) -> u32 {
        (1 << bits) - 1
    }
    /// The nearest code of `v`.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // in 0..=top by construction
    pub(crate) fn encode(self, v: f32) -> u32 {
        ((f64::from(v) - f64::from(self.lo)) / self.step).round().clamp(0.0, f64::from(Self::top(self.bits))) as u32
    }
    #[inline]
    pub(crate) fn decode(self, q: u32) -> f64 {
        f64::from(self.lo) + f64::from(q) * self.step
    }
}

/// What a [`Quantum`] keeps in a level's metadata.
#[derive(Serialize, Deserialize)]
struct QuantumMeta {
    lo: f32,
    hi: f32,
    bits: u32,
}

impl From<Quantum> for QuantumMeta {
    fn from(q: Quantum) -> QuantumMeta {
        QuantumMeta { lo: q.lo, hi: q.hi, bits: q.bits }
    }
}

/// Codes of `bits` bits (at most 16) packed end to end into 16-bit words:
/// code `i` is bits `i·bits .. (i+1)·bits` of the stream, word `w` holds
/// stream bits `16w .. 16w + 16` (low bits first). So code `i` lies in the
/// two words from `i·bits / 16`, read as one 32-bit number.
pub(crate) struct Packed<'a> {
    pub(crate) words: &'a [u16],
    pub(crate) bits: u32,
}

impl Packed<'_> {
    /// Number of words that hold `len` codes of `bits` bits, with one word
    /// of padding so that [`Packed::get`] always reads two whole words.
    pub(crate) fn words_for(len: u64, bits: u32) -> u64 {
        (len * u64::from(bits)).div_ceil(16) + 1
    }

    /// The words that a read of codes `first .. first + len` touches (the
    /// word after the last one included).
    pub(crate) fn words_read(first: usize, len: usize, bits: u32) -> std::ops::Range<usize> {
        let bits = bits as usize;
        first * bits / 16..((first + len) * bits).div_ceil(16) + 1
    }

    /// Code `i`.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> u32 {
        let bit = i * self.bits as usize;
        let (w, shift) = (bit / 16, bit % 16);
        let pair = u32::from(self.words[w]) | u32::from(self.words[w + 1]) << 16;
        (pair >> shift) & ((1 << self.bits) - 1)
    }

    /// Packs `codes` (each below `2^bits`) into [`packed_words`] words; in
    /// parallel, 16 codes (`bits` whole words) at a time.
    pub(crate) fn pack(codes: &[u32], bits: u32) -> Vec<u16> {
        let per = bits as usize;
        let len = usize::try_from(Self::words_for(codes.len() as u64, bits)).expect("a level fits in memory");
        let mut words = vec![0u16; len];
        words.par_chunks_mut(per).zip(codes.par_chunks(16)).for_each(|(out, group)| {
            let mut acc = 0u64;
            let mut have = 0;
            let mut w = 0;
            for &c in group {
                acc |= u64::from(c) << have;
                have += bits;
                while have >= 16 {
                    #[allow(clippy::cast_possible_truncation)] // the low 16 bits
                    {
                        out[w] = acc as u16;
                    }
                    acc >>= 16;
                    have -= 16;
                    w += 1;
                }
            }
            if have > 0 {
                #[allow(clippy::cast_possible_truncation)] // the last partial word
                {
                    out[w] = acc as u16;
                }
            }
        });
        words
    }
}

#[cfg(test)]
/// Quantisation check: `values` (f32) against their compact codes.
pub(crate) fn largest_rounding_error(values: &[f32]) -> f64 {
    let q = Quantum::of(values, CODE_BITS);
    values.iter().map(|&v| (q.decode(q.encode(v)) - f64::from(v)).abs()).fold(0.0, f64::max)
}
