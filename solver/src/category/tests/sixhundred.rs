//! Six Hundred against independent oracles: plain scoring definitions, a
//! brute-force search over every locking policy, a solve that keeps raw
//! rung values, and an enumeration of reachable states.

use std::collections::HashMap;
use std::sync::Arc;

use crate::category::games::sixhundred::{self, build_reduced, RungStates};
use crate::category::model::Sheet;
use crate::category::model::{CategoryGame, ExtraRules, Scored};
use crate::category::solve::{solve, solve_in};
use crate::category::turn::TurnDp;
use crate::dice::{Counts, Multisets};
use crate::progress::{Progress, Silent};

fn sum(d: &[u8]) -> u32 {
    d.iter().map(|&x| u32::from(x)).sum()
}

/// Each box by its rule text, over ordered dice.
fn plain_score(name: &str, d: &[u8]) -> u32 {
    let count = |f: u8| d.iter().filter(|&&x| x == f).count();
    let most = (1..=6).map(count).max().unwrap();
    let mut sorted = d.to_vec();
    sorted.sort_unstable();
    match name {
        "ones" | "twos" | "threes" | "fours" | "fives" | "sixes" => {
            let f = ["ones", "twos", "threes", "fours", "fives", "sixes"].iter().position(|&n| n == name).unwrap()
                as u8
                + 1;
            d.iter().filter(|&&x| x == f).map(|&x| u32::from(x)).sum()
        }
        "rung1" | "rung2" | "rung3" | "rung4" => sum(d),
        "four-kind" => {
            if most >= 4 {
                sum(d)
            } else {
                0
            }
        }
        "five-kind" => {
            if most >= 5 {
                sum(d)
            } else {
                0
            }
        }
        "odd" => {
            if d.iter().all(|x| x % 2 == 1) {
                sum(d)
            } else {
                0
            }
        }
        "even" => {
            if d.iter().all(|x| x % 2 == 0) {
                sum(d)
            } else {
                0
            }
        }
        "singles" => {
            if sorted == [1, 2, 3, 4, 5, 6] {
                30
            } else {
                0
            }
        }
        // Three pairs: sorted dice pair up as (0,1), (2,3), (4,5).
        "pairs" => {
            if sorted[0] == sorted[1] && sorted[2] == sorted[3] && sorted[4] == sorted[5] {
                30
            } else {
                0
            }
        }
        "triplets" => {
            if sorted[0] == sorted[2] && sorted[3] == sorted[5] {
                30
            } else {
                0
            }
        }
        "sextet" => {
            if most == 6 {
                36
            } else {
                0
            }
        }
        _ => unreachable!("{name}"),
    }
}

fn counts(d: &[u8]) -> Counts {
    let mut c = [0u8; 6];
    d.iter().for_each(|&x| c[usize::from(x) - 1] += 1);
    c
}

#[test]
fn scoring_matches_the_rule_texts() {
    let game = build_reduced(&sixhundred::box_names(), false);
    for n in 0..6usize.pow(6) {
        let d: Vec<u8> = (0..6).map(|i| (n / 6usize.pow(i) % 6) as u8 + 1).collect();
        let c = counts(&d);
        for cat in &game.categories {
            assert_eq!((cat.score)(&c), plain_score(cat.name, &d), "{} on {d:?}", cat.name);
        }
    }
}

#[test]
fn the_maximum_score_is_599() {
    // Per box its best roll; the rungs' best strictly ascending four totals;
    // the Numbers bonus and the full card when those maxima earn them.
    let game = build_reduced(&sixhundred::box_names(), false);
    let ms = Multisets::new(6);
    let best = |cat: &crate::category::model::Category| ms.rolls().map(|r| (cat.score)(ms.counts(r))).max().unwrap();
    let numbers: u32 = game.categories.iter().filter(|c| c.upper_face.is_some()).map(best).sum();
    let others: u32 =
        game.categories.iter().filter(|c| c.upper_face.is_none() && !c.name.starts_with("rung")).map(best).sum();
    let mut rungs = 0;
    for a in 6..=36u32 {
        for b in a + 1..=36 {
            for c in b + 1..=36 {
                for d in c + 1..=36 {
                    rungs = rungs.max(a + b + c + d);
                }
            }
        }
    }
    let bonus = game.upper_bonus.unwrap();
    let max =
        numbers + if numbers >= bonus.threshold { bonus.points } else { 0 } + rungs + others + sixhundred::FULL_CARD;
    assert_eq!(max, 599);
    assert_eq!(sixhundred::max_score(&game), Some(max), "as `info` reports it");
}

// ---- brute force: raw sheets, every locking policy ----

/// Plain game rules on raw sheets, with every turn searched over every
/// locking policy: after roll 1 any subset of the dice (by position) is
/// locked, after roll 2 any subset of the dice just rolled is added.
struct Brute<'g> {
    game: &'g CategoryGame,
    ms: Multisets,
    memo: HashMap<Vec<Option<u32>>, f64>,
}

impl Brute<'_> {
    fn is_rung(&self, b: usize) -> Option<usize> {
        self.game.categories[b].name.strip_prefix("rung").map(|n| n.parse::<usize>().unwrap())
    }

    /// Points written for roll `c` in open box `b` of `sheet`.
    fn written(&self, sheet: &[Option<u32>], b: usize, c: &Counts) -> u32 {
        let points = (self.game.categories[b].score)(c);
        let Some(i) = self.is_rung(b) else { return points };
        let fits = (0..sheet.len()).all(|o| match (self.is_rung(o), sheet[o]) {
            (Some(j), Some(v)) if v > 0 => (j < i && v < points) || (j > i && v > points),
            _ => true,
        });
        if fits {
            points
        } else {
            0
        }
    }

    /// Best value of final roll `c`: over the legal boxes, the points,
    /// bonuses and the value of the sheet after.
    fn final_roll(&mut self, sheet: &[Option<u32>], c: &Counts) -> f64 {
        let open: Vec<usize> = (0..sheet.len()).filter(|&b| sheet[b].is_none()).collect();
        let mut options: Vec<(usize, u32)> = open.iter().map(|&b| (b, self.written(sheet, b, c))).collect();
        if self.game.zero_only_when_forced {
            if options.iter().any(|o| o.1 > 0) {
                options.retain(|o| o.1 > 0);
            } else {
                options.iter_mut().for_each(|o| o.1 = 0);
            }
        }
        let mut best = f64::NEG_INFINITY;
        for (b, p) in options {
            let mut next = sheet.to_vec();
            next[b] = Some(p);
            let upper = |s: &[Option<u32>]| -> u32 {
                (0..s.len()).filter(|&i| self.game.categories[i].upper_face.is_some()).filter_map(|i| s[i]).sum()
            };
            let mut gained = f64::from(p);
            if upper(sheet) < 80 && upper(&next) >= 80 {
                gained += 35.0;
            }
            let full = next.iter().all(Option::is_some);
            let sextet = |i: usize| self.game.categories[i].name == "sextet";
            if full && (0..next.len()).all(|i| next[i] != Some(0) || sextet(i)) {
                gained += 36.0;
            }
            best = best.max(gained + self.value(&next));
        }
        best
    }

    fn add(&self, a: &Counts, dice: &[u8]) -> usize {
        let mut c = *a;
        dice.iter().for_each(|&x| c[usize::from(x)] += 1);
        self.ms.index(&c).unwrap()
    }

    fn value(&mut self, sheet: &[Option<u32>]) -> f64 {
        if sheet.iter().all(Option::is_some) {
            return 0.0;
        }
        if let Some(&v) = self.memo.get(sheet) {
            return v;
        }
        let ms = Multisets::new(6);
        let v3: Vec<f64> = ms.rolls().map(|r| self.final_roll(sheet, ms.counts(r))).collect();
        let v3_of = |i: usize| v3[i - ms.rolls().start];
        // E3(L): locked L, the rest rolled once more.
        let e3: Vec<f64> = (0..ms.len())
            .map(|l| {
                let free = 6 - ms.size(l);
                ms.of_size(free).map(|r| ms.prob(r) * v3_of(self.add(ms.counts(l), &faces(ms.counts(r))))).sum()
            })
            .collect();
        // E2(L1): roll the free dice, lock any subset of them by position.
        let mut e2 = vec![0.0; ms.len()];
        for l in 0..ms.len() {
            let free = 6 - ms.size(l);
            e2[l] = ms
                .of_size(free)
                .map(|t| {
                    let rolled = faces(ms.counts(t));
                    let best =
                        subsets(&rolled).map(|s| e3[self.add(ms.counts(l), &s)]).fold(f64::NEG_INFINITY, f64::max);
                    ms.prob(t) * best
                })
                .sum();
        }
        let none = [0u8; 6];
        let v: f64 = ms
            .rolls()
            .map(|d| {
                let rolled = faces(ms.counts(d));
                ms.prob(d) * subsets(&rolled).map(|s| e2[self.add(&none, &s)]).fold(f64::NEG_INFINITY, f64::max)
            })
            .sum();
        self.memo.insert(sheet.to_vec(), v);
        v
    }
}

/// Faces (0-based) of a multiset, one entry per die.
fn faces(c: &Counts) -> Vec<u8> {
    (0..6u8).flat_map(|f| std::iter::repeat_n(f, usize::from(c[usize::from(f)]))).collect()
}

/// Every subset of the dice by position.
fn subsets(dice: &[u8]) -> impl Iterator<Item = Vec<u8>> + '_ {
    (0..1u32 << dice.len()).map(move |m| (0..dice.len()).filter(|&i| m >> i & 1 == 1).map(|i| dice[i]).collect())
}

fn check_brute(boxes: &[&str], forced: bool) {
    let game = build_reduced(boxes, forced);
    let dp = TurnDp::new(&game);
    let sol = solve(&dp, &Silent);
    let mut brute = Brute { game: &game, ms: Multisets::new(6), memo: HashMap::new() };
    let want = brute.value(&vec![None; game.categories.len()]);
    assert!(
        (sol.expected - want).abs() < 1e-9,
        "{boxes:?} forced={forced}: solver {} brute force {want}",
        sol.expected
    );
    // Every sheet the brute force valued, against the solver's state value.
    let index = dp.index();
    let mut checked = 0;
    for (sheet, &v) in &brute.memo {
        let mut s = Sheet::empty(&game);
        s.entries.clone_from(sheet);
        s.extra = game.extra.extra_of_sheet(&game, &s).unwrap();
        let n = index.state_number(&s.state(&game)).unwrap();
        assert!((sol.values[n] - v).abs() < 1e-9, "{boxes:?} forced={forced} {sheet:?}: {} vs {v}", sol.values[n]);
        checked += 1;
    }
    assert!(checked > 1);
}

#[test]
fn locked_turn_matches_every_locking_policy() {
    check_brute(&["ones", "four-kind", "sextet"], false);
    check_brute(&["ones", "four-kind", "sextet"], true);
    check_brute(&["rung2", "rung3"], false);
    check_brute(&["rung2", "rung3"], true);
    check_brute(&["twos", "rung2", "pairs"], true);
}

// ---- rungs kept raw ----

/// Rungs as their raw values: the extra state numbers every legal
/// assignment of values to the filled rungs, with the full-card flag.
#[derive(Debug)]
struct RawRungs {
    rung_boxes: Vec<usize>,
    sextet: usize,
    full: u32,
    /// Per filled-rung set: legal assignments (values of the filled rungs, Rung 1 first).
    assignments: Vec<Vec<Vec<u32>>>,
    lookup: Vec<HashMap<Vec<u32>, usize>>,
}

impl RawRungs {
    fn new(rung_boxes: Vec<usize>, sextet: usize, full: u32) -> RawRungs {
        let n = rung_boxes.len();
        let mut assignments = vec![vec![]; 1 << n];
        let mut lookup = vec![HashMap::new(); 1 << n];
        for set in 0..1usize << n {
            let k = set.count_ones() as usize;
            let mut all: Vec<Vec<u32>> = vec![vec![]];
            for _ in 0..k {
                all = all
                    .into_iter()
                    .flat_map(|a| std::iter::once(0).chain(6..=36).map(move |v| [a.clone(), vec![v]].concat()))
                    .collect();
            }
            all.retain(|a| {
                let pos: Vec<u32> = a.iter().copied().filter(|&v| v > 0).collect();
                pos.windows(2).all(|w| w[0] < w[1])
            });
            for (i, a) in all.iter().enumerate() {
                lookup[set].insert(a.clone(), i);
            }
            assignments[set] = all;
        }
        RawRungs { rung_boxes, sextet, full, assignments, lookup }
    }
    fn set(&self, mask: u32) -> usize {
        self.rung_boxes.iter().enumerate().filter(|&(_, &b)| mask >> b & 1 == 1).fold(0, |s, (i, _)| s | 1 << i)
    }
    /// Values per rung (None = open) of an assignment.
    fn values(&self, set: usize, a: &[u32]) -> Vec<Option<u32>> {
        let mut it = a.iter();
        (0..self.rung_boxes.len()).map(|i| if set >> i & 1 == 1 { it.next().copied() } else { None }).collect()
    }
}

impl ExtraRules for RawRungs {
    fn extras(&self, mask: u32) -> usize {
        2 * self.assignments[self.set(mask)].len()
    }
    fn score(&self, mask: u32, extra: usize, cat: usize, points: u32) -> Scored {
        let set = self.set(mask);
        let n = self.assignments[set].len();
        let (mut alive, a) = (extra >= n, &self.assignments[set][extra % n]);
        let mut vals = self.values(set, a);
        let (mut set2, mut written) = (set, points);
        if let Some(i) = self.rung_boxes.iter().position(|&b| b == cat) {
            let fits = (0..vals.len()).all(|j| match vals[j] {
                Some(v) if v > 0 => (j < i && v < points) || (j > i && v > points),
                _ => true,
            });
            written = if fits { points } else { 0 };
            vals[i] = Some(written);
            set2 |= 1 << i;
        }
        if written == 0 && cat != self.sextet {
            alive = false;
        }
        let a2: Vec<u32> = vals.iter().flatten().copied().collect();
        let id = self.lookup[set2][&a2];
        let n2 = self.assignments[set2].len();
        let last = mask | 1 << cat == self.full;
        Scored { extra: id + if alive { n2 } else { 0 }, points: written, bonus: if last && alive { 36 } else { 0 } }
    }
    fn points_depend_on_state(&self, cat: usize) -> bool {
        self.rung_boxes.contains(&cat)
    }
}

/// The f32 turn DP (the whole game's precision) against the f64 one, state
/// by state, on a reduced game with every kind of box: rounding only.
#[test]
fn single_precision_stays_within_rounding() {
    let game =
        build_reduced(&["ones", "sixes", "rung1", "rung2", "rung3", "four-kind", "odd", "pairs", "sextet"], false);
    let dp = TurnDp::new(&game);
    let (exact, single) = (solve(&dp, &Silent), solve_in::<f32>(&dp, &Silent));
    let worst = exact.values.iter().zip(&single.values).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
    assert!(worst > 0.0, "the f32 path really ran in f32");
    assert!(worst < 1e-3, "f32 differs from f64 by {worst}");
    assert!((exact.expected - single.expected).abs() < 5e-4);
}

#[test]
fn rung_intervals_match_raw_rung_values() {
    let boxes = ["rung1", "rung2", "rung3", "rung4", "sextet"];
    let reduced = build_reduced(&boxes, false);
    let mut raw_game = reduced.clone();
    let raw = Arc::new(RawRungs::new(vec![0, 1, 2, 3], 4, reduced.full_mask()));
    raw_game.extra = raw.clone();
    let (dp_r, dp_raw) = (TurnDp::new(&reduced), TurnDp::new(&raw_game));
    let (sol_r, sol_raw) = (solve(&dp_r, &Silent), solve(&dp_raw, &Silent));
    assert!(dp_raw.index().len() > 20 * dp_r.index().len(), "the reduction is what makes the game small");
    let mut compared = 0;
    for mask in 0..1u32 << boxes.len() {
        let set = raw.set(mask);
        let n = raw.assignments[set].len();
        for (i, a) in raw.assignments[set].iter().enumerate() {
            let vals = raw.values(set, a);
            for alive in [false, true] {
                let mut s = Sheet::empty(&reduced);
                for (j, v) in vals.iter().enumerate() {
                    s.entries[j] = *v;
                }
                if mask >> 4 & 1 == 1 {
                    s.entries[4] = Some(36);
                }
                let lane_raw = i + if alive { n } else { 0 };
                let v_raw = sol_raw.values[dp_raw.index().offset(mask) + lane_raw];
                // The reduced state of this raw one: same sheet, but a dead card
                // with every value positive is not a sheet; compare through
                // the reduced extra with the flag forced off.
                let Ok(extra) = reduced.extra.extra_of_sheet(&reduced, &s) else { continue };
                let whole_alive = vals.iter().flatten().all(|&v| v > 0);
                if alive != whole_alive && alive {
                    continue; // raw alive with a zero rung: unreachable
                }
                if !alive && whole_alive {
                    continue; // reached only through another box's 0: none here besides sextet
                }
                let n_r = dp_r.index().state_number(&crate::category::states::State { mask, upper: 0, extra }).unwrap();
                let v_r = sol_r.values[n_r];
                assert!((v_r - v_raw).abs() < 1e-9, "mask {mask:b} rungs {vals:?} alive {alive}: {v_r} vs raw {v_raw}");
                compared += 1;
            }
        }
    }
    assert!(compared > 50_000, "compared {compared}");
}

// ---- reachable states ----

/// Reachable turn-start states of the full game, by enumerating the raw
/// values of each part of the sheet. Returns (total, widest level).
#[test]
fn reachable_states_by_enumeration() {
    let game = build_reduced(&sixhundred::box_names(), false);
    let dp = TurnDp::new(&game);
    let index = dp.index();
    let rungs = RungStates::new(4);
    // Per filled-rung set: per rung state, (reachable with a 0 or with no
    // room left, reachable all positive with room for the open rungs).
    let mut rung_flags: Vec<Vec<(bool, bool)>> = vec![];
    for set in 0..16usize {
        let mut flags = vec![(false, false); rungs.count(set)];
        let filled: Vec<usize> = (0..4).filter(|i| set >> i & 1 == 1).collect();
        let mut vals = vec![None; 4];
        fn rec(k: usize, filled: &[usize], vals: &mut Vec<Option<u8>>, f: &mut dyn FnMut(&[Option<u8>])) {
            if k == filled.len() {
                return f(vals);
            }
            for v in std::iter::once(0).chain(6..=36u8) {
                vals[filled[k]] = Some(v);
                rec(k + 1, filled, vals, f);
            }
            vals[filled[k]] = None;
        }
        rec(0, &filled, &mut vals, &mut |v| {
            let pos: Vec<u8> = v.iter().flatten().copied().filter(|&x| x > 0).collect();
            if !pos.windows(2).all(|w| w[0] < w[1]) {
                return;
            }
            let s = rungs.state_of(v).unwrap() as usize;
            // Can the open rungs still all get ascending positive totals?
            let completes = completion(v);
            let all_positive = v.iter().flatten().all(|&x| x > 0);
            if all_positive && completes {
                flags[s].1 = true;
            } else {
                flags[s].0 = true;
            }
        });
        assert_eq!(flags.iter().filter(|f| f.1).count(), rungs.winnable_count(set), "set {set:b}");
        rung_flags.push(flags);
    }
    // Per filled-Numbers set (the collapse depends on nothing else): the
    // effective totals, (reachable with a 0, reachable all positive).
    let mut upper_parts: Vec<HashMap<u16, (bool, bool)>> = vec![];
    for numbers in 0..64u32 {
        let mut uppers: HashMap<u16, (bool, bool)> = HashMap::new();
        let filled: Vec<u32> = (0..6).filter(|f| numbers >> f & 1 == 1).collect();
        for code in 0..7usize.pow(filled.len() as u32) {
            let ks: Vec<u32> = (0..filled.len()).map(|i| (code / 7usize.pow(i as u32) % 7) as u32).collect();
            let raw: u32 = filled.iter().zip(&ks).map(|(f, k)| (f + 1) * k).sum();
            let e = uppers.entry(index.effective_upper(numbers, raw)).or_default();
            if ks.iter().all(|&k| k > 0) {
                e.1 = true;
            } else {
                e.0 = true;
            }
        }
        upper_parts.push(uppers);
    }
    let mut total = 0u64;
    let mut levels = [0u64; 19];
    for mask in 0..1u32 << 18 {
        let uppers = &upper_parts[(mask & 0x3f) as usize];
        assert_eq!(uppers.len(), index.uppers(mask).len(), "mask {mask:b}");
        let set = (mask >> 6 & 0xf) as usize;
        let flags = &rung_flags[set];
        // Another box (not Sextet) filled can hold the 0 that loses the card.
        let other_zero = mask >> 10 & 0x7f != 0;
        let u_pos = uppers.values().filter(|f| f.1).count() as u64;
        let r_pos = flags.iter().filter(|f| f.1).count() as u64;
        let u_clean = uppers.values().filter(|f| !f.0).count() as u64;
        let r_clean = flags.iter().filter(|f| !f.0).count() as u64;
        let all = uppers.len() as u64 * flags.len() as u64;
        let lost = if other_zero { all } else { all - u_clean * r_clean };
        let n = u_pos * r_pos + lost;
        assert!(n <= index.lanes(mask) as u64);
        total += n;
        levels[mask.count_ones() as usize] += n;
    }
    let widest = *levels.iter().max().unwrap();
    let index_widest =
        (0..=18).map(|k| index.level(k).iter().map(|&m| index.lanes(m) as u64).sum::<u64>()).max().unwrap();
    eprintln!("reachable {total}, widest level {widest}; indexed {}, widest level {index_widest}", index.len());
    assert!(total < index.len() && widest <= index_widest);
}

/// True when the open rungs (None) can take strictly ascending positive
/// totals 6..=36 consistent with the positive filled ones.
fn completion(v: &[Option<u8>]) -> bool {
    let mut last = 5u8;
    for (i, x) in v.iter().enumerate() {
        match x {
            Some(0) => {}
            Some(x) => {
                if *x <= last {
                    return false;
                }
                last = *x;
            }
            None => {
                // Smallest total above `last`; must stay below every later positive.
                let next = last + 1;
                let later = v[i + 1..].iter().flatten().filter(|&&y| y > 0).min().copied().unwrap_or(37);
                if next >= later || next > 36 {
                    return false;
                }
                last = next;
            }
        }
    }
    true
}

/// The level-by-level solve on disk against the in-memory f32 solve, and a
/// resumed level solve against an uninterrupted one, byte for byte.
#[test]
fn level_solve_matches_and_resumes_byte_for_byte() {
    use crate::category::levels::codec::CODE_BITS;
    use crate::category::levels::{level_path, level_range, solve_levels, CompactLevel, Precision};
    use crate::category::turn::Values;
    use crate::table::Verify;
    let game = build_reduced(&["ones", "sixes", "rung1", "rung2", "rung3", "four-kind", "odd", "sextet"], false);
    let dp = TurnDp::new(&game);
    let whole = solve_in::<f32>(&dp, &Silent);
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("levels");
    let solved = solve_levels(&dp, &dir, &Silent).unwrap();
    assert!(solved.levels.iter().all(|l| !l.resumed));
    assert!((solved.expected_score - whole.expected).abs() < 1e-3, "{} vs {}", solved.expected_score, whole.expected);
    let ncat = game.categories.len();
    let files: Vec<Vec<u8>> =
        (0..ncat).map(|k| std::fs::read(level_path(&dir, k, Precision::Compact)).unwrap()).collect();
    // Only the compact table is left.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), ncat + 1, "levels and times.json");
    // Compact values agree with the in-memory solve state by state, to
    // within half a step of the level's code (plus f32 noise).
    for k in 0..ncat {
        let level = CompactLevel::open(&dp, &dir, k, Verify::Full).unwrap();
        let (first, _) = level_range(dp.index(), k);
        let step = level.quantum().step();
        assert!(step < 599.0 / f64::from((1u32 << CODE_BITS) - 1) + 1e-12, "level {k}: step {step}");
        for &mask in dp.index().level(k) {
            for lane in 0..dp.index().lanes(mask) {
                let w = whole.values[dp.index().offset(mask) + lane];
                let v = level.at(mask, lane);
                assert!(
                    (v - w).abs() <= step / 2.0 + 1e-3,
                    "level {k} state {}: {v} vs {w}",
                    dp.index().offset(mask) + lane - first as usize
                );
            }
        }
    }
    // Interrupted while level 3 is being computed (a panic out of the
    // progress callback): the levels above are kept, the solve resumes.
    let dir2 = tmp.path().join("interrupted");
    struct Stop;
    impl Progress for Stop {
        fn stage(&self, what: &str, _: u64) {
            assert!(!what.starts_with("level 3 "), "stop");
        }
    }
    let hit = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| solve_levels(&dp, &dir2, &Stop)));
    assert!(hit.is_err());
    assert!(!level_path(&dir2, 3, Precision::Compact).exists() && level_path(&dir2, 4, Precision::F32).exists());
    let again = solve_levels(&dp, &dir2, &Silent).unwrap();
    let resumed: Vec<usize> = again.levels.iter().filter(|l| l.resumed).map(|l| l.level).collect();
    assert_eq!(resumed, (4..ncat).rev().collect::<Vec<_>>());
    for (k, file) in files.iter().enumerate() {
        let bytes = std::fs::read(level_path(&dir2, k, Precision::Compact)).unwrap();
        assert!(&bytes == file, "level {k} differs after resuming");
    }
    assert_eq!(again.expected_score, solved.expected_score);
    // A corrupt level in a finished table: solved again, to the same bytes.
    let mut bad = files[5].clone();
    let n = bad.len();
    bad[n - 5] ^= 0x40;
    std::fs::write(level_path(&dir2, 5, Precision::Compact), bad).unwrap();
    assert!(CompactLevel::open(&dp, &dir2, 5, Verify::Full).is_err());
    solve_levels(&dp, &dir2, &Silent).unwrap();
    for (k, file) in files.iter().enumerate() {
        assert!(&std::fs::read(level_path(&dir2, k, Precision::Compact)).unwrap() == file, "level {k} after repair");
    }
}
