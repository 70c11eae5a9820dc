//! Rollouts against exact values: with two players the policy is the
//! equilibrium, so the 95% intervals must hold the pair table's values
//! about 95% of the time; with three and four players the stated policy's
//! distance from the exact tables is measured.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::advise::opening_of;
use super::policy::{Opening, PolicyCache, SeatPolicy};
use super::{roll_out, Position};
use crate::dice::{roll_onto, Counts};
use crate::progress::Silent;
use crate::pushluck::games::farkle;
use crate::pushluck::ranking::{choices, After};
use crate::pushluck::situation::check;
use crate::pushluck::solution::Solution;
use crate::pushluck::win::{self, players, WinValues};
use crate::pushluck::PushLuckGame;
use crate::question::{PushLuckQuestion, RolloutAsk};
use crate::report::PushLuckAlternative;

/// Farkle's base rules to `goal`.
fn farkle_to(goal: i64) -> PushLuckGame {
    let mut rules = farkle::base();
    rules.game.goal = goal;
    rules.validate().expect("valid rules");
    PushLuckGame::new("farkle", rules, vec![], None).expect("solvable")
}

fn count(rollouts: u64, seed: u64) -> RolloutAsk {
    RolloutAsk { force: true, count: Some(rollouts), seed }
}

/// A total below `goal` on the grid, drawn.
fn total(rng: &mut SmallRng, goal: i64, grid: i64) -> i64 {
    rng.gen_range(0..goal / grid) * grid
}

/// Whether `x` lies in `[low, high]`.
fn holds(x: f64, [low, high]: [f64; 2]) -> bool {
    (low..=high).contains(&x)
}

/// A roll asked at `totals` (the asker's first, the others in turn
/// order) with `stake` at stake: the asker's turn, its plays and how each
/// begins the rollouts.
struct Roll<'g> {
    turn: Solution<'g>,
    alts: Vec<(PushLuckAlternative, After)>,
    openings: Vec<Opening>,
}

/// [`Roll`] for `dice`, or `None` where the roll is not a question the
/// rules take or has fewer than two plays.
fn roll_at<'g>(
    g: &'g PushLuckGame,
    values: &WinValues<'g>,
    policy: &SeatPolicy<'_, 'g>,
    totals: &[i64],
    stake: i64,
    dice: Counts,
) -> Option<Roll<'g>> {
    let (model, grid) = (values.model, values.model.grid);
    let q = PushLuckQuestion {
        score: Some(totals[0]),
        opponent: Some(totals[1]),
        later_opponents: totals[2..].to_vec(),
        roll: Some(if stake == 0 { 1 } else { 2 }),
        ..PushLuckQuestion::roll(dice, stake)
    };
    let mut s = check(&g.rules, &model.scorer, grid, &q).ok()?;
    s.params.on_board = values.sides.side(values.sides.of_question(totals[0], 0).expect("a side")).on_board;
    let turn = policy.asked_turn(totals[0], &totals[1..]);
    let alts = choices(g, &turn, &s, &dice).ok().filter(|a| a.len() >= 2)?;
    let openings = alts.iter().map(|(_, after)| opening_of(*after, grid).expect("Farkle rolls every die")).collect();
    Some(Roll { turn, alts, openings })
}

/// Two players to 1,000 from 300 drawn turn starts, 400 rollouts each: the
/// exact P(win) of the mover lies in the Wilson interval about 95% of the
/// time (a fixed seed, so the count is the same on every run).
#[test]
fn at_two_players_the_intervals_hold_the_pair_tables_values_about_95_percent_of_the_time() {
    let g = farkle_to(1000);
    let (values, _, _) = win::solve(&g, &Silent).expect("solves");
    let cache = PolicyCache::new(&values);
    let policy = SeatPolicy::new(&g, &values, None, &cache);
    let grid = values.model.grid;
    let mut rng = SmallRng::seed_from_u64(7);
    let positions = 300;
    let mut held = 0;
    for p in 0..positions {
        let totals = [total(&mut rng, 1000, grid), total(&mut rng, 1000, grid)];
        let turn = policy.turn(totals[0], &totals[1..]);
        let position = Position { totals: &totals, openings: &[Opening::Fresh], turn };
        let (tally, _) = roll_out(&policy, &position, &count(400, p), &Silent);
        assert_eq!(tally.rollouts, 400);
        let side = |t| values.sides.of_question(t, 0).expect("a side");
        let exact = values.at(side(totals[0]), side(totals[1]));
        held += usize::from(holds(exact, tally.chance(0).1));
        // The seats' chances add up to every rollout (none unfinished).
        assert!((tally.seat(0, 0).0 + tally.seat(0, 1).0 - 1.0).abs() < 1e-12);
    }
    eprintln!("two players: {held} of {positions} intervals hold the exact value");
    assert!((270..=298).contains(&held), "{held} of {positions}");
}

/// Two players to 1,000 from 200 drawn turn starts, 1,000 rollouts each:
/// every seat's chance controlled by the seats' lucks holds the exact
/// value in its interval about 95% of the time, the two chances add up
/// to one, and the controlled intervals are narrower than the plain ones
/// on the whole.
#[test]
fn at_two_players_the_luck_controlled_intervals_hold_the_exact_values() {
    let g = farkle_to(1000);
    let (values, _, _) = win::solve(&g, &Silent).expect("solves");
    let cache = PolicyCache::new(&values);
    let policy = SeatPolicy::new(&g, &values, None, &cache);
    let grid = values.model.grid;
    let mut rng = SmallRng::seed_from_u64(17);
    let positions = 200;
    let (mut held, mut narrower) = (0, 0);
    let (mut plain_width, mut width) = (0.0, 0.0);
    for p in 0..positions {
        let totals = [total(&mut rng, 1000, grid), total(&mut rng, 1000, grid)];
        let turn = policy.turn(totals[0], &totals[1..]);
        let position = Position { totals: &totals, openings: &[Opening::Fresh], turn };
        let (tally, _) = roll_out(&policy, &position, &count(1_000, 500 + p), &Silent);
        let side = |t| values.sides.of_question(t, 0).expect("a side");
        let exact = values.at(side(totals[0]), side(totals[1]));
        let (estimate, interval) = tally.seat_controlled(0, 0);
        held += usize::from(holds(exact, interval));
        let (other, _) = tally.seat_controlled(0, 1);
        assert!((estimate + other - 1.0).abs() < 1e-9, "{estimate} + {other}");
        let plain = tally.seat(0, 0).1;
        narrower += usize::from(interval[1] - interval[0] < plain[1] - plain[0]);
        (plain_width, width) = (plain_width + plain[1] - plain[0], width + interval[1] - interval[0]);
    }
    eprintln!(
        "two players, luck-controlled: {held} of {positions} hold the exact value; {narrower} narrower than plain; \
         mean width {:.4} against {:.4}",
        width / positions as f64,
        plain_width / positions as f64
    );
    assert!((180..=199).contains(&held), "{held} of {positions}");
    assert!(width < plain_width, "{width} against {plain_width}");
}

/// Two players to 1,000, 150 drawn rolls mid-game (1,000 rollouts each, so
/// that the lucks control the chances and differences): every alternative's
/// exact value (the pair turn's) lies in its interval, and the exact
/// difference from the estimated best in the paired difference's interval,
/// about 95% of the time; where the estimated best is separated from
/// another alternative, it is exactly better but for the few intervals
/// that miss.
#[test]
fn at_two_players_alternatives_and_their_differences_are_covered() {
    let g = farkle_to(1000);
    let (values, _, _) = win::solve(&g, &Silent).expect("solves");
    let cache = PolicyCache::new(&values);
    let policy = SeatPolicy::new(&g, &values, None, &cache);
    let model = values.model;
    let grid = model.grid;
    let mut rng = SmallRng::seed_from_u64(11);
    let (mut chances, mut chances_held, mut diffs, mut diffs_held) = (0, 0, 0, 0);
    let (mut separated, mut wrong) = (0, 0);
    // The chances' interval widths summed: plain and controlled by luck.
    let mut widths = [0.0; 2];
    let mut plain_held = 0;
    for p in 0..150 {
        let totals = [total(&mut rng, 1000, grid), total(&mut rng, 1000, grid)];
        let stake = if rng.gen_bool(0.5) { 0 } else { grid * rng.gen_range(1..8) };
        let k = if stake == 0 { 6 } else { rng.gen_range(1..=6) };
        let dice = roll_onto(&mut rng, k, &[0; 6]);
        let Some(Roll { turn, alts, openings }) = roll_at(&g, &values, &policy, &totals, stake, dice) else { continue };
        let position = Position { totals: &totals, openings: &openings, turn: &turn };
        let (tally, _) = roll_out(&policy, &position, &count(1_000, 1000 + p), &Silent);
        let exact: Vec<f64> = alts.iter().map(|(a, _)| a.expected_score).collect();
        let best = (0..alts.len()).max_by(|&x, &y| tally.chance(x).0.total_cmp(&tally.chance(y).0)).unwrap();
        for j in 0..alts.len() {
            chances += 1;
            let width = |[low, high]: [f64; 2]| high - low;
            widths[0] += width(tally.seat(j, 0).1);
            widths[1] += width(tally.chance(j).1);
            plain_held += usize::from(holds(exact[j], tally.seat(j, 0).1));
            chances_held += usize::from(holds(exact[j], tally.chance(j).1));
            if j != best {
                diffs += 1;
                diffs_held += usize::from(holds(exact[best] - exact[j], tally.difference(best, j).1));
                if tally.difference(best, j).1[0] > 0.0 {
                    separated += 1;
                    wrong += usize::from(exact[best] < exact[j] - 1e-12);
                }
            }
        }
    }
    let share = |a: usize, b: usize| a as f64 / b as f64;
    eprintln!(
        "two players, alternatives: chances held {chances_held}/{chances}, differences held {diffs_held}/{diffs}, \
         {separated} differences separated, {wrong} of them the wrong way; the chances' mean width {:.4} plain, \
         {:.4} controlled by luck (plain intervals held {plain_held})",
        widths[0] / chances as f64,
        widths[1] / chances as f64
    );
    // Luck narrows the intervals on the whole (each keeps its coverage).
    assert!(widths[1] < widths[0], "{widths:?}");
    assert!(chances > 500 && diffs > 300, "{chances} {diffs}");
    assert!((0.90..=0.995).contains(&share(chances_held, chances)), "{chances_held}/{chances}");
    assert!((0.90..=0.995).contains(&share(diffs_held, diffs)), "{diffs_held}/{diffs}");
    // A separated pair the wrong way is a 95% interval missing on one
    // side: at most about 2.5% of them.
    assert!(separated > 0 && share(wrong, separated) <= 0.04, "{wrong} of {separated}");
}

/// The same seed and count give the same counts; another seed other dice.
#[test]
fn a_seed_and_count_reproduce_the_numbers() {
    let g = farkle_to(1000);
    let (values, _, _) = win::solve(&g, &Silent).expect("solves");
    let cache = PolicyCache::new(&values);
    let policy = SeatPolicy::new(&g, &values, None, &cache);
    let totals = [300, 500, 0, 850];
    let turn = policy.turn(totals[0], &totals[1..]);
    let openings = [Opening::Fresh, Opening::Bank(350)];
    let position = Position { totals: &totals, openings: &openings, turn };
    let run = |seed| roll_out(&policy, &position, &count(1500, seed), &Silent).0;
    let (a, b, c) = (run(3), run(3), run(4));
    assert_eq!(a, b);
    assert_ne!(a, c);
    // Every rollout has a winner among the four seats.
    let sum: f64 = (0..4).map(|s| a.seat(0, s).0).sum();
    assert!((sum - 1.0).abs() < 1e-12);
}

/// How far the stated policy's P(win) is from the exact equilibrium of
/// `players` at `goal` (the extended tier prints it): at `states` drawn
/// turn starts, the largest and mean distance of the mover's estimate
/// from exact, and how often the exact value lies in the interval.
/// With `three`, the seats play the table of three against their two
/// strongest opponents.
fn policy_against_exact(goal: i64, players: usize, states: usize, rollouts: u64, three: bool) -> (f64, f64, usize) {
    let g = farkle_to(goal);
    let exact = players::solve(&g, players, &Silent).expect("solves");
    let (values, _, _) = win::solve(&g, &Silent).expect("solves");
    let of_three = three.then(|| players::solve(&g, 3, &Silent).expect("solves"));
    let cache = PolicyCache::new(&values);
    let policy = SeatPolicy::new(&g, &values, of_three.as_ref(), &cache);
    let grid = values.model.grid;
    let mut rng = SmallRng::seed_from_u64(5);
    let (mut worst, mut sum, mut held) = (0.0_f64, 0.0, 0);
    for p in 0..states {
        let totals: Vec<i64> = (0..players).map(|_| total(&mut rng, goal, grid)).collect();
        let levels: Vec<usize> = totals.iter().map(|&t| usize::try_from(t / grid).unwrap()).collect();
        let truth = exact.odds_at(exact.index(&levels))[0];
        let turn = policy.turn(totals[0], &totals[1..]);
        let position = Position { totals: &totals, openings: &[Opening::Fresh], turn };
        let (tally, _) = roll_out(&policy, &position, &count(rollouts, p as u64), &Silent);
        let (estimate, interval) = tally.chance(0);
        worst = worst.max((estimate - truth).abs());
        sum += (estimate - truth).abs();
        held += usize::from(holds(truth, interval));
    }
    (worst, sum / states as f64, held)
}

/// Three players to 1,000: the policy's chances are close to exact (a
/// measurement; the bound is loose).
#[test]
#[ignore = "extended tier"]
fn extended_the_policy_against_the_exact_table_of_three() {
    let (worst, mean, held) = policy_against_exact(1000, 3, 200, 20_000, false);
    eprintln!("three players to 1000: |estimate - exact| at most {worst:.4}, mean {mean:.4}; {held}/200 held");
    assert!(worst < 0.05, "{worst}");
}

/// Four players to 500: the same.
#[test]
#[ignore = "extended tier"]
fn extended_the_policy_against_the_exact_table_of_four() {
    let (worst, mean, held) = policy_against_exact(500, 4, 200, 20_000, false);
    eprintln!("four players to 500: |estimate - exact| at most {worst:.4}, mean {mean:.4}; {held}/200 held");
    assert!(worst < 0.05, "{worst}");
    // Each seat playing the table of three against its two strongest.
    let (worst, mean, held) = policy_against_exact(500, 4, 200, 20_000, true);
    eprintln!("four players to 500, the table of three: at most {worst:.4}, mean {mean:.4}; {held}/200 held");
    assert!(worst < 0.05, "{worst}");
}

/// With the table of three, a seat plays it against its two strongest
/// opponents, kept in turn order (the earlier first among equal totals),
/// and its estimate at a table of three from the start lies near the
/// table's own value (there it is the equilibrium but for the middle
/// chaser's last turn).
#[test]
fn with_the_table_of_three_each_seat_plays_it_against_its_two_strongest() {
    let g = farkle_to(500);
    let (values, _, _) = win::solve(&g, &Silent).expect("solves");
    let three = players::solve(&g, 3, &Silent).expect("solves");
    let cache = PolicyCache::new(&values);
    let policy = SeatPolicy::new(&g, &values, Some(&three), &cache);
    assert!(policy.plays_three());
    let levels = |mine, others: &[i64]| policy.three_levels(mine, others);
    assert_eq!(levels(0, &[100, 250, 50]), Some([0, 2, 5]));
    assert_eq!(levels(0, &[250, 50, 400, 250]), Some([0, 5, 8]));
    assert_eq!(levels(50, &[300, 300, 300]), Some([1, 6, 6]));
    assert_eq!(levels(0, &[100]), None, "one opponent: the pair table");
    let totals = [0, 0, 0];
    let turn = policy.turn(0, &totals[1..]);
    let position = Position { totals: &totals, openings: &[Opening::Fresh], turn };
    let (tally, _) = roll_out(&policy, &position, &count(20_000, 1), &Silent);
    let seats = three.seats();
    for (s, exact) in seats.iter().enumerate() {
        let (estimate, _) = tally.seat(0, s);
        assert!((estimate - exact).abs() < 0.02, "seat {s}: {estimate} against {exact}");
    }
}

/// Prototype (run by hand): how much of the variance of an alternative's
/// chance and of the best two's paired difference the lucks explain.
#[test]
#[ignore = "a measurement, run by hand"]
fn prototype_luck_for_alternatives() {
    use super::policy::SEATS_MOST;
    use super::tally::solve;
    use crate::pushluck::simulate::arena::{game_seed, TURNS_MAX};
    let goal = 10_000;
    let n = 4;
    let g = farkle_to(goal);
    let (values, _, _) = win::solve(&g, &Silent).expect("solves");
    let cache = PolicyCache::new(&values);
    let policy = SeatPolicy::new(&g, &values, None, &cache);
    let model = values.model;
    let grid = model.grid;
    let mut rng = SmallRng::seed_from_u64(11);
    // Residual variance of `x` after regressing on the columns `c`.
    let residual = |x: &[f64], c: &[Vec<f64>]| -> f64 {
        let r = x.len() as f64;
        let mx = x.iter().sum::<f64>() / r;
        let vx = x.iter().map(|v| (v - mx) * (v - mx)).sum::<f64>() / r;
        // The controls' means are known to be 0.
        let cov: Vec<Vec<f64>> = c
            .iter()
            .map(|a| c.iter().map(|b| a.iter().zip(b).map(|(p, q)| p * q).sum::<f64>() / r).collect())
            .collect();
        let cx: Vec<f64> = c.iter().map(|a| a.iter().zip(x).map(|(p, q)| p * (q - mx)).sum::<f64>() / r).collect();
        let Some(beta) = solve(cov, cx.clone()) else { return vx };
        vx - beta.iter().zip(&cx).map(|(b, c)| b * c).sum::<f64>()
    };
    let (mut done, mut ratios) = (0, [[0.0; 2]; 2]);
    while done < 20 {
        let totals: Vec<i64> = (0..n).map(|_| total(&mut rng, goal, grid)).collect();
        let stake = grid * rng.gen_range(0..8);
        let k = if stake == 0 { 6 } else { rng.gen_range(2..=6) };
        let dice = roll_onto(&mut rng, k, &[0; 6]);
        let Some(Roll { turn, openings, .. }) = roll_at(&g, &values, &policy, &totals, stake, dice) else { continue };
        let m = openings.len();
        let r = 4_000u64;
        // x[j][i], luck[j][s][i].
        let mut x = vec![vec![0.0; r as usize]; m];
        let mut luck = vec![vec![vec![0.0; r as usize]; n]; m];
        for i in 0..r {
            for (j, &o) in openings.iter().enumerate() {
                let mut g_rng = SmallRng::seed_from_u64(game_seed(done as u64, 0, i));
                let mut l = [0.0; SEATS_MOST];
                let w = policy.play_out_luck(&totals, o, &turn, &mut g_rng, TURNS_MAX, Some(&mut l));
                x[j][i as usize] = f64::from(u8::from(w == Some(0)));
                for s in 0..n {
                    luck[j][s][i as usize] = l[s];
                }
            }
        }
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
        let mut order: Vec<usize> = (0..m).collect();
        order.sort_by(|&a, &b| mean(&x[b]).total_cmp(&mean(&x[a])));
        let (a, b) = (order[0], order[1]);
        let d: Vec<f64> = x[a].iter().zip(&x[b]).map(|(p, q)| p - q).collect();
        let plain_x = residual(&x[a], &[]);
        let plain_d = residual(&d, &[]);
        let own_x = residual(&x[a], &[luck[a][0].clone()]);
        let all_x = residual(&x[a], &luck[a]);
        let own_d = residual(&d, &[luck[a][0].clone(), luck[b][0].clone()]);
        let both: Vec<Vec<f64>> = luck[a].iter().chain(&luck[b]).cloned().collect();
        let all_d = residual(&d, &both);
        eprintln!(
            "{totals:?} stake {stake} {m} alternatives: chance var {plain_x:.4} own {:.3} all {:.3}; difference var \
             {plain_d:.4} own {:.3} all {:.3}",
            own_x / plain_x,
            all_x / plain_x,
            own_d / plain_d,
            all_d / plain_d
        );
        ratios[0][0] += own_x / plain_x;
        ratios[0][1] += all_x / plain_x;
        ratios[1][0] += own_d / plain_d;
        ratios[1][1] += all_d / plain_d;
        done += 1;
    }
    eprintln!(
        "mean variance ratios over {done}: chance own {:.3} all {:.3}; difference own {:.3} all {:.3}",
        ratios[0][0] / 20.0,
        ratios[0][1] / 20.0,
        ratios[1][0] / 20.0,
        ratios[1][1] / 20.0
    );
}
