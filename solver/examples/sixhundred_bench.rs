//! Six Hundred turn-DP throughput, for `scripts/bench sixhundred`.
//!
//! 1. Solves reduced variants whole (real successors, real layout) and
//!    prints states per second.
//! 2. Runs the full game's turn DP on a sample of masks from its widest
//!    level (successor values all 0: the kernel's work does not depend on
//!    them) on every thread, and extrapolates the whole solve's time and
//!    the memory its two largest adjacent levels need in f32.

use std::time::Instant;

use rayon::prelude::*;
use solver::category::games::sixhundred::{box_names, build_reduced};
use solver::category::solve::solve;
use solver::category::turn::{Scratch, TurnDp, Values, CHUNK};
use solver::progress::Silent;

struct Zeros;
impl Values for Zeros {
    fn at(&self, _: u32, _: usize) -> f64 {
        0.0
    }
}

fn main() {
    let threads = rayon::current_num_threads();
    for boxes in [
        &["ones", "sixes", "rung1", "rung2", "rung3", "rung4", "four-kind", "sextet"][..],
        &["ones", "fives", "sixes", "rung1", "rung2", "rung3", "rung4", "four-kind", "odd", "pairs"][..],
    ] {
        let game = build_reduced(boxes, false);
        let dp = TurnDp::new(&game);
        let sol = solve(&dp, &Silent);
        let n = dp.index().len();
        #[allow(clippy::cast_precision_loss)]
        let rate = n as f64 / sol.seconds;
        println!(
            "reduced {:2} boxes: {n:9} states in {:6.2} s: {rate:9.0} states/s ({:.2} µs/state on {threads} threads), expected {:.4}",
            boxes.len(),
            sol.seconds,
            1e6 / rate,
            sol.expected
        );
    }
    let game = build_reduced(&box_names(), false);
    let dp = TurnDp::new(&game);
    let index = dp.index();
    let sizes: Vec<u64> = (0..=18).map(|k| index.level(k).iter().map(|&m| index.lanes(m) as u64).sum()).collect();
    let widest = (0..=18).max_by_key(|&k| sizes[k]).unwrap();
    // Every 97th mask of the widest level, all its lanes in chunks.
    let masks: Vec<u32> = index.level(widest).iter().step_by(std::env::var("STEP").ok().and_then(|s| s.parse().ok()).unwrap_or(97)).copied().collect();
    let work: Vec<(u32, Vec<usize>)> = masks
        .iter()
        .flat_map(|&m| (0..index.lanes(m)).collect::<Vec<_>>().chunks(CHUNK).map(|c| (m, c.to_vec())).collect::<Vec<_>>())
        .collect();
    let states: usize = work.iter().map(|w| w.1.len()).sum();
    let t = Instant::now();
    work.par_iter().for_each_init(Scratch::default, |s, (m, lanes)| {
        let mut out = vec![0.0; lanes.len()];
        dp.turn_start(&Zeros, *m, lanes, s, &mut out);
    });
    let secs = t.elapsed().as_secs_f64();
    #[allow(clippy::cast_precision_loss)]
    let per_state = secs / states as f64;
    let total = index.len();
    #[allow(clippy::cast_precision_loss)]
    let whole = per_state * total as f64;
    let pair = (0..18).map(|k| sizes[k] + sizes[k + 1]).max().unwrap();
    println!(
        "full game kernel: {states} states of level {widest} in {secs:.2} s: {:.3} µs/state on {threads} threads",
        per_state * 1e6
    );
    println!(
        "full game: {total} states; extrapolated solve {:.0} min on {threads} threads; two largest adjacent levels in f32: {:.1} GiB",
        whole / 60.0,
        pair as f64 * 4.0 / f64::from(1u32 << 30)
    );
}
