//! How often the compact (u16) Six Hundred table changes `advise`'s
//! ranking, against the solve's own f32 values.
//!
//! Usage: `sixhundred_rounding COMPACT_DIR F32_DIR [POSITIONS]`: COMPACT_DIR
//! holds the compact level files (`level-KK.sixdice`), F32_DIR the f32 ones
//! (`level-KK.f32.sixdice`, e.g. hard links kept from a solve). For a
//! seeded sample of positions (a random state of a random level, a random
//! roll, random dice, on roll 2 a random locked part) it ranks every choice
//! with each table as the successors and reports how often the best choice
//! differs, how much that costs (by the f32 values), how often the whole
//! order differs, and the largest value difference.
//!
//! `BITS=N` ranks instead with the f32 values rounded to codes of N bits
//! the way the compact table rounds them (to weigh other code widths
//! without writing tables; with `BITS` equal to the table's width the
//! result is the compact table's).

use crate::category::games::sixhundred::box_names;
use crate::category::games::sixhundred::build_reduced;
use crate::category::levels::codec::Quantum;
use crate::category::levels::{CompactLevel, F32Table};
use crate::category::turn::{Position, TurnDp, Values};
use crate::table::Verify;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

pub fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (compact, f32dir) = (std::path::Path::new(&args[1]), std::path::Path::new(&args[2]));
    let positions: usize = args.get(3).map_or(20_000, |n| n.parse().expect("a number of positions"));
    let game = build_reduced(&box_names(), false);
    let dp = TurnDp::new(&game);
    let index = dp.index();
    let ncat = index.categories();
    let mut rng = SmallRng::seed_from_u64(7);
    let (mut best_differs, mut order_differs, mut max_diff, mut regret_sum, mut regret_max) = (0, 0, 0f64, 0f64, 0f64);
    let mut per_level = vec![(0usize, 0usize); ncat];
    let mut done = 0;
    // Levels 0..ncat-1 hold turn-start states whose successors are in the
    // level below them in the files (k + 1); the last level's successors
    // are the full sheet (0), the same in both.
    let bits: Option<u32> = std::env::var("BITS").ok().map(|b| b.parse().expect("BITS=N, a number of bits"));
    let mut tables: Vec<Option<(Rounded, F32Table)>> = (0..ncat).map(|_| None).collect();
    while done < positions {
        let k = rng.gen_range(0..ncat - 1);
        let mask = index.level(k)[rng.gen_range(0..index.level(k).len())];
        let lane = rng.gen_range(0..index.lanes(mask));
        if tables[k + 1].is_none() {
            let f = F32Table::open(&dp, f32dir, k + 1).expect("f32 level");
            let c = match bits {
                Some(b) => Rounded::Emulated(Quantum::of(f.values(), b)),
                None => Rounded::Table(CompactLevel::open(&dp, compact, k + 1, Verify::Full).expect("compact level")),
            };
            tables[k + 1] = Some((c, f));
        }
        let (c, f) = tables[k + 1].as_ref().unwrap();
        let roll = rng.gen_range(1..=3u32);
        let mut dice = [0u8; 6];
        for _ in 0..6 {
            dice[rng.gen_range(0..6)] += 1;
        }
        let mut locked = [0u8; 6];
        if roll == 2 {
            for (l, &d) in locked.iter_mut().zip(&dice) {
                *l = rng.gen_range(0..=d);
            }
            if locked == dice {
                continue;
            }
        }
        let at = Position { roll, dice, locked };
        let rank = |v: &dyn Values| {
            let mut r = dp.choices(v, mask, lane, &at);
            r.sort_by(|a, b| b.1.total_cmp(&a.1));
            r
        };
        let rc = match c {
            Rounded::Table(t) => rank(t as &dyn Values),
            Rounded::Emulated(q) => rank(&Requantised { f, q: *q } as &dyn Values),
        };
        let rf = rank(f as &dyn Values);
        done += 1;
        per_level[k].0 += 1;
        for a in &rc {
            max_diff = max_diff.max((a.1 - rf.iter().find(|x| x.0 == a.0).unwrap().1).abs());
        }
        let strict = |r: &[(crate::category::turn::Choice, f64)]| r.iter().map(|x| x.0.clone()).collect::<Vec<_>>();
        if strict(&rc) != strict(&rf) {
            order_differs += 1;
        }
        if rc[0].0 != rf[0].0 {
            let v_of = |ch: &crate::category::turn::Choice| rf.iter().find(|x| &x.0 == ch).unwrap().1;
            let regret = rf[0].1 - v_of(&rc[0].0);
            if regret > 0.0 {
                best_differs += 1;
                per_level[k].1 += 1;
                regret_sum += regret;
                regret_max = regret_max.max(regret);
            }
        }
    }
    println!(
        "{done} positions: best choice differs (and is worse by the f32 values) in {best_differs} ({:.3}%), \
         mean loss there {:.5} points, largest {:.5}; the order of all alternatives differs in {order_differs} ({:.2}%); \
         largest value difference {max_diff:.5} points",
        100.0 * best_differs as f64 / done as f64,
        if best_differs > 0 { regret_sum / best_differs as f64 } else { 0.0 },
        regret_max,
        100.0 * order_differs as f64 / done as f64,
    );
    for (k, (n, b)) in per_level.iter().enumerate().filter(|(_, (n, _))| *n > 0) {
        println!("  level {k:2}: {n:6} positions, best differs in {b}");
    }
}

/// The rounded side of the comparison: the compact table, or the f32
/// level rounded on the fly with a quantum of another width.
enum Rounded<'a> {
    Table(CompactLevel<'a>),
    Emulated(Quantum),
}

struct Requantised<'a, 'b> {
    f: &'b F32Table<'a>,
    q: Quantum,
}

impl Values for Requantised<'_, '_> {
    #[allow(clippy::cast_possible_truncation)] // the level's own f32 value
    fn at(&self, mask: u32, lane: usize) -> f64 {
        self.q.decode(self.q.encode(self.f.at(mask, lane) as f32))
    }
}
