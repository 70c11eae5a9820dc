//! Elementwise operations on rows of lanes, the kernels' arithmetic, in
//! either precision ([`Real`]: f64 or f32).
//!
//! A row holds one value per lane (state) of a mask, padded to a multiple of
//! [`PAD`]. Working on fixed `PAD`-wide chunks lets the compiler keep each
//! chunk in vector registers across all sources (a plain indexed loop over a
//! variable number of sources stayed scalar).

use std::ops::{Add, AddAssign, Mul};

/// Lane padding: rows are a multiple of this many values (one 64-byte
/// vector of f32, two of f64).
pub(super) const PAD: usize = 16;

/// The number type of the turn DP's rows. f64 is the default; f32 halves
/// the memory traffic of the large locked-dice walk (Six Hundred's whole
/// game), at the price of rounding noise that the maxima bias upward (about
/// 1e-4 points over a game; see `docs/rules.md` and the solve's docs).
pub(crate) trait Real:
    Copy + Default + PartialOrd + Send + Sync + Add<Output = Self> + Mul<Output = Self> + AddAssign + 'static
{
    const NEG_INFINITY: Self;
    fn of(x: f64) -> Self;
    fn get(self) -> f64;
}

impl Real for f64 {
    const NEG_INFINITY: f64 = f64::NEG_INFINITY;
    #[inline(always)]
    fn of(x: f64) -> f64 {
        x
    }
    #[inline(always)]
    fn get(self) -> f64 {
        self
    }
}

impl Real for f32 {
    const NEG_INFINITY: f32 = f32::NEG_INFINITY;
    #[inline(always)]
    #[allow(clippy::cast_possible_truncation)] // rounding to f32 is the point
    fn of(x: f64) -> f32 {
        x as f32
    }
    #[inline(always)]
    fn get(self) -> f64 {
        f64::from(self)
    }
}

/// Number of values in a row of `lanes` lanes.
pub(super) fn stride(lanes: usize) -> usize {
    lanes.div_ceil(PAD) * PAD
}

#[inline(always)]
pub(super) fn fmax<F: Real>(a: F, b: F) -> F {
    if b > a {
        b
    } else {
        a
    }
}

/// The `j`-th `PAD`-wide chunk of `row`.
#[inline(always)]
pub(super) fn chunk<F: Real>(row: &[F], j: usize) -> &[F; PAD] {
    row[j * PAD..(j + 1) * PAD].try_into().expect("PAD-wide chunk")
}

/// `dst = max(dst, srcs...)` elementwise.
#[inline]
pub(super) fn max_rows<F: Real>(dst: &mut [F], srcs: &[&[F]]) {
    // Specialised on the number of sources so the source loop unrolls.
    match srcs.len() {
        1 => max_rows_n::<F, 1>(dst, srcs),
        2 => max_rows_n::<F, 2>(dst, srcs),
        3 => max_rows_n::<F, 3>(dst, srcs),
        4 => max_rows_n::<F, 4>(dst, srcs),
        5 => max_rows_n::<F, 5>(dst, srcs),
        6 => max_rows_n::<F, 6>(dst, srcs),
        _ => {}
    }
}

#[inline(always)]
fn max_rows_n<F: Real, const N: usize>(dst: &mut [F], srcs: &[&[F]]) {
    let srcs: [&[F]; N] = std::array::from_fn(|i| &srcs[i][..dst.len()]);
    for (j, d) in dst.chunks_exact_mut(PAD).enumerate() {
        let mut acc: [F; PAD] = d.try_into().expect("PAD-wide chunk");
        for src in srcs {
            let c = chunk(src, j);
            for k in 0..PAD {
                acc[k] = fmax(acc[k], c[k]);
            }
        }
        d.copy_from_slice(&acc);
    }
}

/// `dst = max(first, srcs...)` elementwise, for any number of sources:
/// each chunk of `dst` is written once, its maximum kept in registers
/// while the sources stream by.
#[inline]
pub(super) fn max_of<F: Real>(dst: &mut [F], first: &[F], srcs: &[&[F]]) {
    for (j, d) in dst.chunks_exact_mut(PAD).enumerate() {
        let mut acc: [F; PAD] = *chunk(first, j);
        for src in srcs {
            let c = chunk(src, j);
            for k in 0..PAD {
                acc[k] = fmax(acc[k], c[k]);
            }
        }
        d.copy_from_slice(&acc);
    }
}

/// `dst = (sum of the six rows) / 6` elementwise.
#[inline]
pub(super) fn average_rows<F: Real>(dst: &mut [F], srcs: [&[F]; 6]) {
    let sixth = F::of(1.0 / 6.0);
    for (j, d) in dst.chunks_exact_mut(PAD).enumerate() {
        let c: [&[F; PAD]; 6] = std::array::from_fn(|f| chunk(srcs[f], j));
        // Into a local first: the compiler cannot tell that `dst` is none of
        // the sources, and stores straight into it stayed scalar.
        let mut acc = [F::default(); PAD];
        for k in 0..PAD {
            acc[k] = (((c[0][k] + c[1][k]) + (c[2][k] + c[3][k])) + (c[4][k] + c[5][k])) * sixth;
        }
        d.copy_from_slice(&acc);
    }
}
