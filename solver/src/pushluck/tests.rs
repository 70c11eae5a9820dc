//! Cross-checks of the push-your-luck engine and solver:
//! - every set-aside of every roll against a plain brute force over every
//!   subset of the (positional) dice, for each built-in rule set and option;
//! - the solver's expected values against a seeded Monte Carlo of its policy.

use std::collections::BTreeMap;

use super::builtin;
use super::rules::RuleSet;
use super::scoring::Scorer;
use super::simulate::simulate;
use super::turn::{Model, Params, TurnState};
use crate::dice::{Counts, Multisets, FACES};
use crate::options::RuleOption;

/// Readings of a set-aside: (1s as 1s, instant win) -> (points, 1s' points).
type Readings = BTreeMap<(u8, bool), (i64, i64)>;

/// One combination as it sits on dice: which dice, points, and whether it is
/// a set of one face (face, size) for the one-set-per-face rule.
#[derive(Clone, Debug)]
struct Combo {
    dice: Counts,
    points: i64,
    kind: Option<(usize, usize)>,
    instant: bool,
}

/// Every combination instance the rules list, read straight from the data.
fn combos(rules: &RuleSet, first: bool) -> Vec<Combo> {
    let s = &rules.scoring;
    let mut out = Vec::new();
    for f in 0..FACES {
        for n in 1..=6 {
            let p =
                if first { s.kinds.points(f, n).max(s.first_roll_kinds.points(f, n)) } else { s.kinds.points(f, n) };
            if p > 0 {
                let mut dice = [0; FACES];
                dice[f] = n as u8;
                out.push(Combo { dice, points: p, kind: Some((f, n)), instant: false });
            }
        }
    }
    for p in s.patterns.iter().filter(|p| first || !p.first_roll_only) {
        let mut placements: Vec<Counts> = Vec::new();
        if !p.faces.is_empty() {
            let mut c = [0; FACES];
            p.faces.iter().for_each(|&f| c[f as usize - 1] += 1);
            placements.push(c);
        } else {
            // All 6^g assignments of faces to groups.
            for code in 0..6usize.pow(p.groups.len() as u32) {
                let faces: Vec<usize> = (0..p.groups.len()).map(|i| code / 6usize.pow(i as u32) % 6).collect();
                let mut uniq = faces.clone();
                uniq.sort();
                uniq.dedup();
                if p.distinct_faces && uniq.len() != faces.len() {
                    continue;
                }
                let mut c = [0; FACES];
                for (g, &f) in p.groups.iter().zip(&faces) {
                    c[f] += g;
                }
                placements.push(c);
            }
        }
        for dice in placements {
            out.push(Combo { dice, points: p.points, kind: None, instant: p.instant_win });
        }
    }
    out
}

/// Best points per (1s scored as 1s, instant win) over every split of `c`
/// into combinations; `ones` tracked only when `track`.
fn brute_readings(c: Counts, combos: &[Combo], track: bool) -> Readings {
    let mut out = BTreeMap::new();
    #[allow(clippy::too_many_arguments)]
    fn rec(
        rem: Counts,
        combos: &[Combo],
        used_face: [bool; FACES],
        pts: i64,
        ones: u8,
        ones_pts: i64,
        instant: bool,
        track: bool,
        out: &mut Readings,
    ) {
        let Some(low) = (0..FACES).find(|&f| rem[f] > 0) else {
            let key = (if track { ones } else { 0 }, instant);
            let e = out.entry(key).or_insert((i64::MIN, 0));
            if pts > e.0 {
                *e = (pts, ones_pts);
            }
            return;
        };
        // The lowest remaining die must belong to some combination.
        for cb in combos.iter().filter(|cb| cb.dice[low] > 0 && (0..FACES).all(|f| cb.dice[f] <= rem[f])) {
            let mut used = used_face;
            if let Some((f, n)) = cb.kind {
                if n >= 2 {
                    if used[f] {
                        continue;
                    }
                    used[f] = true;
                }
            }
            let mut next = rem;
            (0..FACES).for_each(|f| next[f] -= cb.dice[f]);
            let (o, op) = match cb.kind {
                Some((0, n)) => (ones + n as u8, ones_pts + cb.points),
                _ => (ones, ones_pts),
            };
            rec(next, combos, used, pts + cb.points, o, op, instant || cb.instant, track, out);
        }
    }
    rec(c, combos, [false; FACES], 0, 0, 0, false, track, &mut out);
    out
}

fn rule_sets() -> Vec<(String, RuleSet)> {
    let mut v = Vec::new();
    for (game, opts) in [
        ("farkle", vec![]),
        ("farkle", vec!["vant-hof-6"]),
        ("ten-thousand", vec![]),
        ("ten-thousand", vec!["alternative-scoring"]),
        ("yahtzix", vec![]),
    ] {
        let o: Vec<RuleOption> = opts.iter().map(|s| RuleOption::parse(s)).collect();
        v.push((format!("{game} {opts:?}"), builtin::with_options(game, &o).unwrap()));
    }
    v
}

#[test]
fn set_asides_match_brute_force_over_every_subset() {
    let ms = Multisets::new(6);
    for (name, rules) in rule_sets() {
        let scorer = Scorer::new(&rules);
        let track = rules.turn.vant_hof > 0;
        for first in [false, true] {
            let combos = combos(&rules, first);
            for k in 1..=6 {
                for i in ms.of_size(k) {
                    let roll = *ms.counts(i);
                    // Positional dice of the roll, and every subset of them.
                    let faces: Vec<usize> = (0..FACES).flat_map(|f| (0..roll[f]).map(move |_| f)).collect();
                    let mut expected: BTreeMap<Counts, Readings> = BTreeMap::new();
                    for mask in 1u32..(1 << k) {
                        let mut c = [0u8; FACES];
                        (0..k).filter(|b| mask >> b & 1 == 1).for_each(|b| c[faces[b]] += 1);
                        let mut r = brute_readings(c, &combos, track);
                        let premium = rules.scoring.all_six_premium;
                        let premium_now = premium > 0 && (first || !rules.scoring.all_six_premium_first_roll_only);
                        if k == 6 && mask == 63 && premium_now && r.keys().any(|&(_, inst)| !inst) {
                            let e = r.entry((0, false)).or_insert((0, 0));
                            if premium > e.0 {
                                *e = (premium, 0);
                            }
                        }
                        if !r.is_empty() {
                            expected.insert(c, r);
                        }
                    }
                    let got: BTreeMap<Counts, Readings> = scorer
                        .set_asides(&roll, first)
                        .into_iter()
                        .map(|sa| {
                            let readings = sa
                                .variants
                                .iter()
                                .map(|v| ((if track { v.ones } else { 0 }, v.instant_win), (v.points, v.ones_points)));
                            (sa.keep, readings.collect())
                        })
                        .collect();
                    // Without Van't Hof the points of 1s are not tracked.
                    let strip = |m: &BTreeMap<Counts, Readings>| -> BTreeMap<Counts, Readings> {
                        m.iter()
                            .map(|(k, v)| {
                                (*k, v.iter().map(|(a, b)| (*a, (b.0, if track { b.1 } else { 0 }))).collect())
                            })
                            .collect()
                    };
                    assert_eq!(strip(&got), strip(&expected), "{name}: roll {roll:?} first={first}");
                }
            }
        }
    }
}

#[test]
fn farkle_and_nothing_else_is_a_bust() {
    let rules = builtin::farkle();
    let scorer = Scorer::new(&rules);
    let ms = Multisets::new(6);
    // Probability of a farkle with six dice: known closed form 2.3148% (1080/46656).
    let p: f64 = ms.rolls().filter(|&i| scorer.set_asides(ms.counts(i), true).is_empty()).map(|i| ms.prob(i)).sum();
    assert!((p - 1080.0 / 46656.0).abs() < 1e-12, "{p}");
}

fn check_mc(rules: &RuleSet, params: Params, start: TurnState, turns: usize, seed: u64) {
    let model = Model::new(rules).unwrap();
    let sol = model.solve(params).unwrap();
    let exact = sol.roll_value(&start).unwrap();
    let sim = simulate(&sol, start, turns, seed).unwrap();
    let z = (sim.mean - exact) / sim.std_err.max(1e-9);
    assert!(
        z.abs() < 4.5,
        "{}: exact {exact:.3}, simulated {:.3} ± {:.3} (z = {z:.2})",
        rules.name,
        sim.mean,
        sim.std_err
    );
}

#[test]
fn monte_carlo_agrees_with_the_solver() {
    let on = Params { on_board: true, last_chance: false, goal_left: 10_000 };
    let cases: Vec<(&str, Vec<&str>, Params, TurnState)> = vec![
        ("farkle", vec![], on, TurnState::start()),
        ("farkle", vec![], Params { on_board: false, ..on }, TurnState::start()),
        ("farkle", vec!["on-the-board"], on, TurnState::start()),
        ("farkle", vec!["vant-hof-6"], on, TurnState::start()),
        ("farkle", vec!["three-farkle-penalty"], Params { last_chance: true, ..on }, TurnState::start()),
        ("farkle", vec!["piggyback"], on, TurnState { points: 300, dice: 3, rolls: 1, ones: 0, ones_points: 0 }),
        ("ten-thousand", vec![], Params { goal_left: 1000, ..on }, TurnState::start()),
        ("ten-thousand", vec!["alternative-scoring"], on, TurnState::start()),
        ("yahtzix", vec![], on, TurnState::start()),
        ("yahtzix", vec!["exact-goal"], Params { goal_left: 40, ..on }, TurnState::start()),
    ];
    for (i, (game, opts, params, start)) in cases.into_iter().enumerate() {
        let o: Vec<RuleOption> = opts.iter().map(|s| RuleOption::parse(s)).collect();
        let rules = builtin::with_options(game, &o).unwrap();
        check_mc(&rules, params, start, 30_000, 1000 + i as u64);
    }
}

#[test]
fn a_six_dice_no_score_bonus_is_solved_through_the_riskless_roll() {
    let mut rules = builtin::farkle();
    rules.scoring.no_score_bonus = 500;
    let model = Model::new(&rules).unwrap();
    let on = Params { on_board: true, last_chance: false, goal_left: 10_000 };
    let sol = model.solve(on).unwrap();
    // Rolling six dice can never lose now, so a player with six dice rolls
    // at any total.
    let s = TurnState { points: (sol.top / model.grid + 50) * model.grid, dice: 6, rolls: 2, ones: 0, ones_points: 0 };
    assert!(sol.roll_value(&s).unwrap() > s.points as f64);
    check_mc(&rules, on, TurnState::start(), 30_000, 7);
}

#[test]
fn a_turn_that_cannot_end_is_rejected() {
    let mut rules = builtin::farkle();
    for f in 0..FACES {
        rules.scoring.kinds.row_mut(f)[0] = 50;
    }
    assert!(Model::new(&rules)
        .unwrap()
        .solve(Params { on_board: true, last_chance: false, goal_left: 10_000 })
        .is_err());
}

#[test]
fn shared_off_board_solve_equals_a_full_solve() {
    let o = [RuleOption::parse("on-the-board"), RuleOption::parse("three-farkle-penalty")];
    let rules = builtin::with_options("farkle", &o).unwrap();
    let model = Model::new(&rules).unwrap();
    let on = Params { on_board: true, last_chance: true, goal_left: 10_000 };
    let off = Params { on_board: false, ..on };
    let both = model.solve_all(&[on, off]).unwrap();
    let alone = model.solve(off).unwrap();
    assert_eq!(both[1].values(), alone.values());
    assert!(both[1].start_value() < both[0].start_value());
}
