//! Elementwise operations on rows of lanes, the kernels' arithmetic.
//!
//! A row holds one value per lane (state) of a mask, padded to a multiple of
//! [`PAD`]. Working on fixed `PAD`-wide chunks lets the compiler keep each
//! chunk in vector registers across all sources (a plain indexed loop over a
//! variable number of sources stayed scalar).

/// Lane padding: rows are a multiple of this many values.
pub(super) const PAD: usize = 8;

/// Number of values in a row of `lanes` lanes.
pub(super) fn stride(lanes: usize) -> usize {
    lanes.div_ceil(PAD) * PAD
}

#[inline(always)]
fn fmax(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

/// `dst = max(dst, srcs...)` elementwise.
#[inline]
pub(super) fn max_rows(dst: &mut [f64], srcs: &[&[f64]]) {
    // Specialised on the number of sources so the source loop unrolls.
    match srcs.len() {
        1 => max_rows_n::<1>(dst, srcs),
        2 => max_rows_n::<2>(dst, srcs),
        3 => max_rows_n::<3>(dst, srcs),
        4 => max_rows_n::<4>(dst, srcs),
        5 => max_rows_n::<5>(dst, srcs),
        6 => max_rows_n::<6>(dst, srcs),
        _ => {}
    }
}

#[inline(always)]
fn max_rows_n<const N: usize>(dst: &mut [f64], srcs: &[&[f64]]) {
    let srcs: [&[f64]; N] = std::array::from_fn(|i| &srcs[i][..dst.len()]);
    for (j, d) in dst.chunks_exact_mut(PAD).enumerate() {
        let mut acc: [f64; PAD] = d.try_into().expect("PAD-wide chunk");
        for src in srcs {
            let c: &[f64; PAD] = src[j * PAD..(j + 1) * PAD].try_into().expect("PAD-wide chunk");
            for k in 0..PAD {
                acc[k] = fmax(acc[k], c[k]);
            }
        }
        d.copy_from_slice(&acc);
    }
}

/// `dst = (sum of the six rows) / 6` elementwise.
#[inline]
pub(super) fn average_rows(dst: &mut [f64], srcs: [&[f64]; 6]) {
    let sixth = 1.0 / 6.0;
    for (j, d) in dst.chunks_exact_mut(PAD).enumerate() {
        let c: [&[f64; PAD]; 6] =
            std::array::from_fn(|f| srcs[f][j * PAD..(j + 1) * PAD].try_into().expect("PAD-wide chunk"));
        for k in 0..PAD {
            d[k] = (((c[0][k] + c[1][k]) + (c[2][k] + c[3][k])) + (c[4][k] + c[5][k])) * sixth;
        }
    }
}

/// `dst = max(dst, src)` elementwise.
#[inline]
pub(super) fn max_into(dst: &mut [f64], src: &[f64]) {
    for (d, c) in dst.chunks_exact_mut(PAD).zip(src.chunks_exact(PAD)) {
        for k in 0..PAD {
            d[k] = fmax(d[k], c[k]);
        }
    }
}
