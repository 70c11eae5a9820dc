//! The premise of the distribution table, measured: how many scores each
//! state's band holds under the expected-score play beside the target's,
//! and what the solve costs (run with `--ignored --nocapture`;
//! `SIXDICE_DISTRIBUTION_GAMES=yatzy,yahtzee:no-bonus`).

use crate::category::bands::Bounds;
use crate::category::solve::solve;
use crate::category::turn::{Indexed, TurnDp};
use crate::progress::Silent;
use crate::registry::testing::category;

#[test]
#[ignore = "a measurement, not a check"]
fn distribution_sizes() {
    let list = std::env::var("SIXDICE_DISTRIBUTION_GAMES").unwrap_or_else(|_| "yahtzee:no-bonus".into());
    for spec in list.split(',') {
        let mut parts = spec.split(':');
        let name = parts.next().unwrap_or("yatzy");
        let opts: Vec<&str> = parts.collect();
        let game = category(name, &opts);
        let dp = TurnDp::new(&game);
        let ev = solve(&dp, &Silent);
        #[allow(clippy::cast_possible_truncation)]
        let stored: Vec<f32> = ev.values.iter().map(|&v| v as f32).collect();
        let target = Bounds::of(&dp);
        let n = target.lo.len();
        let target_cells: u64 = (0..n).map(|s| u64::from(target.width(s))).sum();
        let upto_hi: u64 = target.hi.iter().map(|&h| u64::from(h)).sum();
        let sol =
            super::solve::solve_distribution(&dp, &Indexed { index: dp.index(), values: &stored }, &Silent).flatten();
        let start = sol.band(0);
        let mean: f64 = (1..=start.hi).map(|t| start.at(i64::from(t))).sum();
        let widest = (0..n).map(|s| sol.bounds.width(s)).max().unwrap_or(0);
        println!(
            "{name} {opts:?}: {n} states; distribution {} cells (widest {widest}) in {:.1} s; target band {target_cells}, \
             (0, hi] {upto_hi}; start band ({}, {}], mean {:.9} vs expected {:.9}",
            sol.values.len(),
            sol.seconds,
            start.lo,
            start.hi,
            mean,
            ev.expected,
        );
    }
}
