//! Six Hundred turn-DP throughput, for `scripts/bench sixhundred`.
//!
//! 1. Solves reduced variants whole (real successors, real layout) and
//!    prints states per second.
//! 2. Runs the full game's turn DP on a sample of masks from its widest
//!    level (successor values all 0: the kernel's work does not depend on
//!    them) on every thread, and extrapolates the whole solve's time and
//!    the memory its two largest adjacent levels need in f32.
//!
//! Both in f64 and f32 (the whole game's precision). Environment:
//! `STEP=N` samples every N-th mask (default 97), `PRECISION=f32|f64` runs
//! one precision, `SKIP_REDUCED=1` skips the reduced solves (for profiling).

use std::time::Instant;

use crate::category::games::sixhundred::{box_names, build_reduced};
use crate::category::solve::solve_in;
use crate::category::turn::{MaskValues, Real, Scratch, TurnDp, Values, CHUNK};
use crate::progress::Silent;
use rayon::prelude::*;

/// Successor values all 0, stored per mask as the solve's f32 levels are.
struct Zeros(Vec<f32>);
impl Values for Zeros {
    fn at(&self, _: u32, _: usize) -> f64 {
        0.0
    }
    fn mask_values(&self, _: u32) -> MaskValues<'_> {
        MaskValues::F32(&self.0)
    }
}

pub fn main() {
    let threads = rayon::current_num_threads();
    let reduced: &[&[&str]] = if std::env::var("SKIP_REDUCED").is_ok() {
        &[]
    } else {
        &[
            &["ones", "sixes", "rung1", "rung2", "rung3", "rung4", "four-kind", "sextet"][..],
            &["ones", "fives", "sixes", "rung1", "rung2", "rung3", "rung4", "four-kind", "odd", "pairs"][..],
        ]
    };
    for &boxes in reduced {
        let game = build_reduced(boxes, false);
        let dp = TurnDp::new(&game);
        for (precision, sol) in [("f64", solve_in::<f64>(&dp, &Silent)), ("f32", solve_in::<f32>(&dp, &Silent))] {
            let n = dp.index().len();
            #[allow(clippy::cast_precision_loss)]
            let rate = n as f64 / sol.seconds;
            println!(
                "reduced {:2} boxes, {precision}: {n:9} states in {:6.2} s: {rate:9.0} states/s ({:.2} µs/state on {threads} threads), expected {:.6}",
                boxes.len(),
                sol.seconds,
                1e6 / rate,
                sol.expected
            );
        }
    }
    let game = build_reduced(&box_names(), false);
    let dp = TurnDp::new(&game);
    let index = dp.index();
    let sizes: Vec<u64> = (0..=18).map(|k| index.level(k).iter().map(|&m| index.lanes(m) as u64).sum()).collect();
    let widest = (0..=18).max_by_key(|&k| sizes[k]).unwrap();
    // Every 97th mask of the widest level, all its lanes in chunks.
    let masks: Vec<u32> = index
        .level(widest)
        .iter()
        .step_by(std::env::var("STEP").ok().and_then(|s| s.parse().ok()).unwrap_or(97))
        .copied()
        .collect();
    let work: Vec<(u32, Vec<usize>)> = masks
        .iter()
        .flat_map(|&m| {
            (0..index.lanes(m)).collect::<Vec<_>>().chunks(CHUNK).map(|c| (m, c.to_vec())).collect::<Vec<_>>()
        })
        .collect();
    let states: usize = work.iter().map(|w| w.1.len()).sum();
    let total = index.len();
    let pair = (0..18).map(|k| sizes[k] + sizes[k + 1]).max().unwrap();
    println!(
        "full game: {total} states; two largest adjacent levels in f32: {:.1} GiB",
        pair as f64 * 4.0 / f64::from(1u32 << 30)
    );
    // PRECISION=f32 or f64 samples only that one (for profiling).
    let only = std::env::var("PRECISION").unwrap_or_default();
    let runs: [(&str, Kernel); 2] = [("f64", kernel::<f64>), ("f32", kernel::<f32>)];
    for (precision, per_state) in
        runs.into_iter().filter(|r| only.is_empty() || only == r.0).map(|(p, k)| (p, k(&dp, &work)))
    {
        #[allow(clippy::cast_precision_loss)]
        let whole = per_state * total as f64;
        println!(
            "full game kernel, {precision}: {states} states of level {widest}: {:.3} µs/state on {threads} threads; extrapolated solve {:.0} min",
            per_state * 1e6,
            whole / 60.0
        );
    }
}

/// A sampled kernel run: seconds per state.
type Kernel = fn(&TurnDp, &[(u32, Vec<usize>)]) -> f64;

/// Seconds per state of the turn DP in precision `F` over `work`.
fn kernel<F: Real>(dp: &TurnDp, work: &[(u32, Vec<usize>)]) -> f64 {
    let states: usize = work.iter().map(|w| w.1.len()).sum();
    let index = dp.index();
    let most = index.level(0).iter().chain((1..=18).flat_map(|k| index.level(k))).map(|&m| index.lanes(m)).max();
    let zeros = Zeros(vec![0.0; most.unwrap_or(0)]);
    let t = Instant::now();
    work.par_iter().for_each_init(Scratch::<F>::default, |s, (m, lanes)| {
        let mut out = vec![0.0; lanes.len()];
        dp.turn_start(&zeros, *m, lanes, s, &mut out);
    });
    #[allow(clippy::cast_precision_loss)]
    let per_state = t.elapsed().as_secs_f64() / states as f64;
    per_state
}
