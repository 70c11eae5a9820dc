//! The premise of the target table, measured: how many needed scores each
//! state really has (run with `--ignored --nocapture`).

use crate::category::bands::Bounds;
use crate::category::turn::TurnDp;
use crate::registry::testing::category;

#[test]
#[ignore = "a measurement, not a check"]
fn band_widths() {
    for (name, opts) in [
        ("yatzy", &[][..]),
        ("yahtzee", &["no-bonus"][..]),
        ("yahtzee", &[][..]),
        ("yahtzee", &["joker=forced"][..]),
        ("yahtzee-deluxe", &[][..]),
    ] {
        let game = category(name, opts);
        let dp = TurnDp::new(&game);
        let clock = std::time::Instant::now();
        let b = Bounds::of(&dp);
        let secs = clock.elapsed().as_secs_f64();
        let index = dp.index();
        let n = index.len() as usize;
        let entries: u64 = (0..n).map(|s| u64::from(b.width(s))).sum();
        let widest = (0..n).map(|s| b.width(s)).max().unwrap_or(0);
        // Per mask, the window every lane shares (the turn DP's cells).
        let mut cells = 0u64;
        let mut level_entries = vec![0u64; index.categories() + 1];
        for (k, level) in level_entries.iter_mut().enumerate().take(index.categories()) {
            for &mask in index.level(k) {
                let at = index.offset(mask);
                let lanes = index.lanes(mask);
                let lo = (at..at + lanes).map(|s| b.lo[s]).min().unwrap_or(0);
                let hi = (at..at + lanes).map(|s| b.hi[s]).max().unwrap_or(0);
                cells += lanes as u64 * u64::from(hi - lo);
                *level += (at..at + lanes).map(|s| u64::from(b.width(s))).sum::<u64>();
            }
        }
        let two = level_entries.windows(2).map(|w| w[0] + w[1]).max().unwrap_or(0);
        let start = 0;
        println!(
            "{name} {opts:?}: {n} states, bounds in {secs:.1} s; start lo {} hi {}; {entries} entries \
             (mean {:.1}, widest {widest}), {cells} cells by mask window; f32 table {:.1} MB; \
             two largest levels in f64 {:.1} MB",
            b.lo[start],
            b.hi[start],
            entries as f64 / n as f64,
            entries as f64 * 4.0 / 1e6,
            two as f64 * 8.0 / 1e6,
        );
    }
}

/// The whole target solve's time, states and start values (run with
/// `--ignored --nocapture`; `SIXDICE_TARGET_GAMES=yatzy,yahtzee:no-bonus`).
#[test]
#[ignore = "a measurement, not a check"]
fn solve_times() {
    let list = std::env::var("SIXDICE_TARGET_GAMES").unwrap_or_else(|_| "yahtzee:no-bonus".into());
    for spec in list.split(',') {
        let mut parts = spec.split(':');
        let name = parts.next().unwrap_or("yatzy");
        let opts: Vec<&str> = parts.collect();
        let game = category(name, &opts);
        let dp = TurnDp::new(&game);
        let sol = super::solve::solve_target(&dp, Bounds::of(&dp), &crate::progress::Silent);
        let start = sol.band(0);
        let shown: Vec<String> =
            [150, 200, 250, 300].iter().map(|&t| format!("P(>={t}) {:.12}", start.at(t))).collect();
        println!("{name} {opts:?}: {} entries in {:.1} s; {}", sol.values.len(), sol.seconds, shown.join(", "));
    }
}
