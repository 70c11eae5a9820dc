//! A distribution's summary from its chances: the mean, the standard
//! deviation, the quantiles and the chance of every final score.
//!
//! The chances come as a band of the points still to come `R` (P(R ≥ t)
//! = 1 at and below `lo`, stored up to `hi`, 0 above), the final score
//! being the points so far plus `R`. For whole points,
//! E[R] = Σ_{t ≥ 1} P(R ≥ t) and E[R²] = Σ_{t ≥ 1} (2t − 1) P(R ≥ t).

use crate::category::turn::Band;
use crate::report::{Quantile, ScoreDistribution};

/// The shares whose quantiles a summary gives.
pub(crate) const SHARES: [f64; 9] = [0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99];

/// The distribution of `so_far + R`, `R` having the chances of `band`.
pub(crate) fn summarize(so_far: u32, band: &Band) -> ScoreDistribution {
    let (lo, hi) = (band.lo, band.hi);
    let (mut mean, mut square) = (f64::from(lo), f64::from(lo) * f64::from(lo));
    for t in lo + 1..=hi {
        let p = band.at(i64::from(t));
        mean += p;
        square += f64::from(2 * t - 1) * p;
    }
    let sd = (square - mean * mean).max(0.0).sqrt();
    let quantiles = SHARES
        .iter()
        .map(|&share| {
            // The lowest s with P(R ≤ s) ≥ share, that is P(R ≥ s + 1) ≤ 1 − share.
            let s = (lo..=hi).find(|&s| band.at(i64::from(s) + 1) <= 1.0 - share).unwrap_or(hi);
            Quantile { share, score: so_far + s }
        })
        .collect();
    ScoreDistribution {
        mean: f64::from(so_far) + mean,
        sd,
        lowest: so_far + lo,
        highest: so_far + hi,
        quantiles,
        at_least: (lo..=hi).map(|t| band.at(i64::from(t))).collect(),
    }
}

/// The band of chances `values` of needing `1, 2, …` points (1 below):
/// the leading chances that are exactly 1 and the trailing ones that are
/// exactly 0 are the band's ends (a choice's chances, which have no
/// stored band).
pub(crate) fn trimmed(values: &[f64]) -> (u32, u32, &[f64]) {
    let ones = values.iter().take_while(|&&v| v >= 1.0).count();
    let end = values.iter().rposition(|&v| v > 0.0).map_or(0, |i| i + 1).max(ones);
    let lo = u32::try_from(ones).expect("few points");
    let hi = u32::try_from(end).expect("few points");
    (lo, hi, &values[ones..end])
}
