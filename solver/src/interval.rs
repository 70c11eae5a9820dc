//! Confidence intervals of simulated shares, for every family's
//! head-to-head runs.

/// Wilson score interval for `k` successes in `n` trials, 95%.
#[allow(clippy::cast_precision_loss)]
pub(crate) fn wilson(k: u64, n: u64) -> [f64; 2] {
    let (k, n) = (k as f64, n as f64);
    let z = 1.959_963_984_540_054;
    let p = k / n;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}
