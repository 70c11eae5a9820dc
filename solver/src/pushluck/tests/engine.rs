//! Cross-checks of the push-your-luck engine and solver:
//! - every set-aside of every roll against a plain brute force over every
//!   subset of the (positional) dice, for each built-in rule set and option;
//! - the solver's expected values against a seeded Monte Carlo of its policy
//!   (the player below rolls real dice and applies the rules itself, asking
//!   the solution only for decisions).

use std::collections::BTreeMap;

use crate::dice::{dice_count, Counts, Multisets, FACES};
use crate::error::TurnError;
use crate::pushluck::games::{farkle, yahtzix};
use crate::pushluck::model::{Model, Params, TurnState};
use crate::pushluck::rules::RuleSet;
use crate::pushluck::scoring::{Scorer, SetAside};
use crate::pushluck::solution::{Next, Solution};
use crate::registry::testing::push_luck;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const ON_BOARD: Params = Params { on_board: true, last_chance: false, goal_left: 10_000 };

fn rules_of(game: &str, opts: &[&str]) -> RuleSet {
    push_luck(game, opts, None).rules
}

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
        v.push((format!("{game} {opts:?}"), rules_of(game, &opts)));
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
    let rules = farkle::base();
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
    let sim = simulate(&sol, start, turns, seed);
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
        let rules = rules_of(game, &opts);
        check_mc(&rules, params, start, 30_000, 1000 + i as u64);
    }
}

#[test]
fn a_six_dice_no_score_bonus_is_solved_through_the_riskless_roll() {
    let mut rules = farkle::base();
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
    let mut rules = farkle::base();
    for f in 0..FACES {
        rules.scoring.kinds.row_mut(f)[0] = 50;
    }
    assert!(matches!(Model::new(&rules), Err(TurnError::EndlessTurn { .. })));
}

#[test]
fn shared_off_board_solve_equals_a_full_solve() {
    let rules = rules_of("farkle", &["on-the-board", "three-farkle-penalty"]);
    let model = Model::new(&rules).unwrap();
    let on = Params { on_board: true, last_chance: true, goal_left: 10_000 };
    let off = Params { on_board: false, ..on };
    let both = model.solve_all(&[on, off]).unwrap();
    let alone = model.solve(off).unwrap();
    let n = both[1].levels();
    assert_eq!(n, alone.levels());
    assert!(both[1].table_values(n).eq(alone.table_values(n)));
    assert!(both[1].start_value() < both[0].start_value());
}

// ---- the Monte Carlo player ----

/// Mean turn score over many simulated turns.
#[derive(Debug, Clone, Copy)]
struct SimResult {
    mean: f64,
    /// Standard error of the mean.
    std_err: f64,
}

/// Score of ending the turn with `t` points, from the rules alone.
fn end_score(sol: &Solution, t: i64) -> f64 {
    let rules = &sol.model.rules;
    let p = sol.params;
    if rules.game.exact_goal && t > p.goal_left {
        0.0
    } else if p.on_board {
        if t >= rules.turn.min_bank {
            t as f64
        } else {
            0.0
        }
    } else if t >= rules.turn.entry {
        t as f64
    } else {
        0.0
    }
}

/// Plays `turns` turns from `start` (its first roll is forced) with the
/// solution's policy; `seed` makes it reproducible.
fn simulate(sol: &Solution, start: TurnState, turns: usize, seed: u64) -> SimResult {
    let rules = &sol.model.rules;
    let scorer = &sol.model.scorer;
    let ms = Multisets::new(6);
    // Set-asides of every roll, computed once: [first roll?][roll index].
    let table: [Vec<Vec<SetAside>>; 2] =
        [false, true].map(|first| (0..ms.len()).map(|i| scorer.set_asides(ms.counts(i), first)).collect());
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut sum, mut sum_sq) = (0.0, 0.0);
    for _ in 0..turns {
        let mut s = start;
        let score = loop {
            let mut roll = [0u8; FACES];
            // A decision: how many of the dice to roll (all, unless the
            // rules let the player choose near an exact goal).
            for _ in 0..sol.dice_to_roll(&s).expect("a roll left") {
                roll[rng.gen_range(0..FACES)] += 1;
            }
            let idx = ms.index(&roll).expect("at most six dice");
            let options = &table[usize::from(s.rolls == 0)][idx];
            if options.is_empty() {
                break sol.farkle_score();
            }
            // The policy: the set-aside whose successor is worth most.
            let mut best: Option<(f64, &SetAside, usize, Next)> = None;
            for sa in options {
                for (vi, v) in sa.variants.iter().enumerate() {
                    let next = sol.after(&s, &sa.keep, v).expect("a legal set-aside");
                    if !best.as_ref().is_some_and(|b| b.0 >= next.value()) {
                        best = Some((next.value(), sa, vi, next));
                    }
                }
            }
            let (_, sa, vi, next) = best.expect("some set-aside");
            let v = &sa.variants[vi];
            if v.instant_win {
                let g = sol.params.goal_left.max(0);
                break if rules.game.exact_goal { g as f64 } else { g.max(s.points) as f64 };
            }
            // Apply the rules to the state.
            s.points += v.points;
            if rules.turn.vant_hof > 0 && s.ones < 6 && v.ones > 0 {
                s.ones += v.ones;
                s.ones_points += v.ones_points;
                if s.ones >= 6 {
                    s.points += (rules.turn.vant_hof - s.ones_points).max(0);
                }
            }
            s.rolls += 1;
            let left = s.dice as usize - dice_count(&sa.keep);
            let out_of_rolls = rules.turn.max_rolls > 0 && s.rolls >= rules.turn.max_rolls;
            if (left == 0 && !rules.turn.hot_dice) || out_of_rolls {
                break end_score(sol, s.points);
            }
            s.dice = if left == 0 { 6 } else { left as u8 };
            match next {
                Next::Decide { points, dice, bank, roll, .. } => {
                    assert_eq!((points, dice), (s.points, s.dice), "solver and simulator disagree on the next state");
                    if let Some(b) = bank {
                        if b >= roll {
                            break end_score(sol, s.points);
                        }
                    }
                }
                Next::Ends(_) => panic!("solver ends a turn the rules continue"),
            }
        };
        sum += score;
        sum_sq += score * score;
    }
    let n = turns as f64;
    let mean = sum / n;
    let var = (sum_sq / n - mean * mean).max(0.0) * n / (n - 1.0);
    SimResult { mean, std_err: (var / n).sqrt() }
}

// ---- the solver's values by hand ----

#[test]
fn one_die_value_by_hand() {
    // With one die left at t, Farkle: bank t, or roll: 1/6 -> t+100 (then
    // six dice again), 1/6 -> t+50 (six dice), else 0. At t = 2000,
    // rolling loses about 2000*2/3 and cannot pay back: bank.
    let rules = farkle::base();
    let m = Model::new(&rules).unwrap();
    let sol = m.solve(ON_BOARD).unwrap();
    let s = TurnState { points: 2000, dice: 1, rolls: 3, ones: 0, ones_points: 0 };
    assert_eq!(sol.value(&s).unwrap(), 2000.0);
    // At t = 50 with one die: rolling gives (V(150,6) + V(100,6)) / 6,
    // each at least t + the six-dice gain, so it beats banking 50.
    let s = TurnState { points: 50, dice: 1, ..s };
    let v6 = |t| sol.value(&TurnState { points: t, dice: 6, rolls: 3, ones: 0, ones_points: 0 }).unwrap();
    let by_hand = (v6(150) + v6(100)) / 6.0;
    assert!((sol.roll_value(&s).unwrap() - by_hand).abs() < 1e-9);
    assert!(sol.value(&s).unwrap() >= 50.0);
}

#[test]
fn values_above_the_top_are_banks() {
    let rules = farkle::base();
    let m = Model::new(&rules).unwrap();
    let sol = m.solve(ON_BOARD).unwrap();
    for k in 1..=6u8 {
        let points = (sol.top / m.grid + 20) * m.grid;
        let s = TurnState { points, dice: k, rolls: 1, ones: 0, ones_points: 0 };
        assert!(sol.roll_value(&s).unwrap() <= s.points as f64 + 1e-9);
    }
    assert!(sol.start_value() > 0.0);
}

#[test]
fn exact_goal_caps_points() {
    let mut rules = yahtzix::base();
    rules.game.exact_goal = true;
    let m = Model::new(&rules).unwrap();
    let sol = m.solve(Params { on_board: true, last_chance: false, goal_left: 20 }).unwrap();
    let v = sol.start_value();
    assert!(v > 0.0 && v <= 20.0, "{v}");
}
