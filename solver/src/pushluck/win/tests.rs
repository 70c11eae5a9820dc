//! The win solver against a plain value iteration over the whole state
//! space ([`reference`]), and against seeded optimal-vs-optimal play; its
//! slopes and policy ranges against turns solved afresh.

mod advice;
mod reference;

use std::collections::HashMap;

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::*;
use crate::pushluck::games::farkle;
use crate::pushluck::play::{play_turn_from, Ended};
use crate::pushluck::rules::{FaceTable, RuleSet};
use crate::pushluck::solution::{Payoff, Solution};
use crate::registry;
use reference::compare;

/// Farkle with a reduced scoring table (1s and 5s, sets of three and
/// four, no patterns) and a small goal.
pub(super) fn small(goal: i64, entry: i64) -> RuleSet {
    let mut r = farkle::base();
    r.name = "small Farkle".into();
    r.scoring.kinds = FaceTable {
        ones: [100, 0, 1000, 2000, 0, 0],
        twos: [0, 0, 200, 400, 0, 0],
        threes: [0, 0, 300, 600, 0, 0],
        fours: [0, 0, 400, 800, 0, 0],
        fives: [50, 0, 500, 1000, 0, 0],
        sixes: [0, 0, 600, 1200, 0, 0],
    };
    r.scoring.patterns.clear();
    r.game.goal = goal;
    r.turn.entry = entry;
    r.validate().expect("valid rules");
    r
}

pub(super) fn game(rules: RuleSet) -> PushLuckGame {
    let entry = registry::find("farkle").expect("farkle is built in");
    PushLuckGame::new(entry.id, rules, vec![], None).expect("solvable")
}

/// An exact goal, with three pairs winning at once (about 1 six-dice
/// roll in 26): past the goal a bank scores nothing and a player rolls
/// on for the instant win.
fn with_exact_goal_and_instant_wins(mut rules: RuleSet) -> RuleSet {
    rules.game.exact_goal = true;
    rules.scoring.patterns.push(crate::pushluck::rules::Pattern {
        name: "three pairs".into(),
        faces: vec![],
        groups: vec![2, 2, 2],
        distinct_faces: true,
        points: 0,
        first_roll_only: false,
        instant_win: true,
    });
    rules.validate().expect("valid rules");
    rules
}

fn with_piggyback(mut rules: RuleSet, needs_board: bool) -> RuleSet {
    rules.turn.piggyback = true;
    rules.turn.piggyback_needs_board = needs_board;
    rules.validate().expect("valid rules");
    rules
}

/// `piggyback=return`: a farkle on a leftover gives the inherited points
/// back to the player who left them.
fn with_return(mut rules: RuleSet) -> RuleSet {
    rules.turn.piggyback_return = true;
    rules.validate().expect("valid rules");
    rules
}

fn with_penalty(mut rules: RuleSet, penalty: i64) -> RuleSet {
    rules.turn.three_farkle_penalty = penalty;
    rules.validate().expect("valid rules");
    rules
}

// The default tier: the rule combinations of the win solver against the
// plain value iteration on the smallest goals that still exercise them (an
// entry threshold below the goal, totals on both sides of it, a penalty
// that can be paid twice before the floor). The same combinations on
// larger goals are the extended tier below, which alone holds the penalty
// together with piggyback, an entry threshold, or an exact goal and
// instant wins: the plain iteration over their sides takes fifteen to
// thirty seconds of CPU even at goals of 150 and 200.

#[test]
fn matches_plain_value_iteration() {
    compare(small(300, 0), 0);
}

#[test]
fn matches_plain_value_iteration_with_entry_threshold() {
    compare(small(300, 150), 0);
}

#[test]
fn matches_plain_value_iteration_with_piggyback() {
    compare(with_piggyback(small(300, 0), false), 0);
}

#[test]
fn matches_plain_value_iteration_with_piggyback_on_the_board_only() {
    compare(with_piggyback(small(300, 150), true), 0);
}

#[test]
#[ignore = "extended: about 11 seconds of plain value iteration"]
fn extended_matches_plain_value_iteration_with_piggyback_return_on_the_board_only() {
    compare(with_return(with_piggyback(small(200, 100), true)), 0);
}

#[test]
fn matches_plain_value_iteration_with_exact_goal_and_instant_wins() {
    let rules = with_exact_goal_and_instant_wins(small(300, 0));
    let g = game(rules.clone());
    // Not a vacuous case: the chase is worth something.
    let chase = g.win_model().chase.as_ref().expect("a chase past the goal");
    assert!(chase.iter().any(|&u| u > 0.01), "{chase:?}");
    compare(rules, 0);
}

#[test]
fn matches_plain_value_iteration_with_a_choice_of_dice_near_an_exact_goal() {
    // Yahtzix's own rules (three rolls, no hot dice, premiums on the first
    // roll) to 150, the choice within 50 points of the goal.
    let mut rules = registry::testing::push_luck("yahtzix", &["goal=150", "exact-goal"], None).rules;
    assert_eq!(rules.game.choose_dice_within, 50);
    compare(rules.clone(), 0);
    // With go-for-it (piggyback): a leftover's dice may be rolled in part
    // too (a smaller goal: the leftovers multiply the plain iteration's work).
    let go_for_it = registry::testing::push_luck("yahtzix", &["goal=100", "exact-goal", "go-for-it"], None).rules;
    compare(go_for_it, 0);
    // Not vacuous: the choice moves some values.
    let values = |r: RuleSet| solve_with_floor(&game(r), 0, &crate::progress::Silent).expect("solves").0.w;
    let with = values(rules.clone());
    rules.game.choose_dice_within = 0;
    let without = values(rules);
    let moved = with.iter().zip(&without).map(|(x, y)| (x - y).abs()).fold(0.0, f64::max);
    eprintln!("the choice moves values by up to {moved:e}");
    assert!(moved > 1e-9, "the choice moves no value by more than {moved:e}");
}

#[test]
fn matches_plain_value_iteration_with_exact_goal_instant_wins_and_piggyback() {
    compare(with_piggyback(with_exact_goal_and_instant_wins(small(300, 0)), false), 0);
}

#[test]
fn matches_plain_value_iteration_with_penalty() {
    compare(with_penalty(small(200, 0), 100), -100);
}

/// The extended tier (`cargo test --release --workspace -- --ignored
/// extended`, run by CI): the same comparisons on the larger goals they
/// were first written for, minutes each.
mod extended {
    use super::*;

    #[test]
    #[ignore = "extended tier"]
    fn matches_plain_value_iteration() {
        compare(small(500, 0), 0);
    }

    #[test]
    #[ignore = "extended tier"]
    fn matches_plain_value_iteration_with_entry_threshold() {
        compare(small(600, 200), 0);
    }

    #[test]
    #[ignore = "extended tier"]
    fn matches_plain_value_iteration_with_piggyback() {
        compare(with_piggyback(small(500, 0), false), 0);
    }

    #[test]
    #[ignore = "extended tier"]
    fn matches_plain_value_iteration_with_piggyback_on_the_board_only() {
        compare(with_piggyback(small(600, 200), true), 0);
    }

    #[test]
    #[ignore = "extended tier"]
    fn matches_plain_value_iteration_with_piggyback_return() {
        compare(with_return(with_piggyback(small(400, 0), false)), 0);
    }

    #[test]
    #[ignore = "extended tier"]
    fn matches_plain_value_iteration_with_exact_goal_and_instant_wins() {
        compare(with_exact_goal_and_instant_wins(small(500, 0)), 0);
    }

    #[test]
    #[ignore = "extended tier"]
    fn matches_plain_value_iteration_with_exact_goal_instant_wins_and_piggyback() {
        compare(with_piggyback(with_exact_goal_and_instant_wins(small(500, 0)), false), 0);
    }

    #[test]
    #[ignore = "extended tier"]
    fn matches_plain_value_iteration_with_penalty() {
        compare(with_penalty(small(300, 0), 100), -100);
    }

    #[test]
    #[ignore = "extended tier"]
    fn matches_plain_value_iteration_with_penalty_and_entry_threshold() {
        compare(with_penalty(small(300, 100), 100), -200);
    }

    #[test]
    #[ignore = "extended tier"]
    fn matches_plain_value_iteration_with_penalty_exact_goal_and_instant_wins() {
        compare(with_penalty(with_exact_goal_and_instant_wins(small(300, 0)), 100), -100);
    }

    #[test]
    #[ignore = "extended tier"]
    fn matches_plain_value_iteration_with_piggyback_and_penalty() {
        compare(with_piggyback(with_penalty(small(300, 0), 100), false), -100);
    }

    #[test]
    #[ignore = "extended tier"]
    fn matches_plain_value_iteration_with_piggyback_penalty_and_entry_threshold() {
        compare(with_piggyback(with_penalty(small(300, 100), 100), true), -200);
    }
}

/// The default floor is low enough: two more penalties below it change
/// P(first player wins) by less than 1e-6.
#[test]
fn lowering_the_floor_changes_little() {
    let g = game(with_penalty(small(1000, 150), 200));
    let floor = sides::default_floor(g.win_model());
    let p = |floor| solve_with_floor(&g, floor, &crate::progress::Silent).expect("solves").0.first();
    let (high, low) = (p(floor), p(floor - 400));
    assert!((high - low).abs() < 1e-6, "floor {floor}: {high}, 400 lower: {low}");
    // The floor matters at all (so the test can fail): one penalty
    // below 0 is measurably too high.
    let near = p(-200);
    assert!((near - low).abs() > 1e-9, "floor -200: {near}, {}: {low}", floor - 400);
}

/// The slopes the DP carries are the derivative of a turn's start value
/// with respect to its farkle value (central differences, where the
/// policy does not change).
#[test]
fn slopes_are_the_derivative_of_the_start_value() {
    let g = game(small(1000, 200));
    let (values, _, _) = solve(&g, &crate::progress::Silent).expect("solves");
    for (a, b) in [(0, 0), (3, 7), (10, 2), (19, 18)] {
        let f = values.farkle_and_pass(a, b).0;
        let slope = values.start(a, b, f).slope;
        let e = 1e-7;
        let (hi, lo) = (values.start(a, b, f + e).value, values.start(a, b, f - e).value);
        let numeric = (hi - lo) / (2.0 * e);
        assert!(slope > 0.0 && slope < 1.0, "{slope}");
        assert!((numeric - slope).abs() < 1e-6, "({a}, {b}): {numeric} vs {slope}");
    }
}

/// Turns solved side by side in SIMD lanes are, bit for bit, the turns
/// solved alone: values, slopes, choices, policy ranges, for lanes of
/// different lengths (movers' totals), farkle values off the fixed point,
/// forced ends and instant wins (the exact goal's chase), leftover
/// classes (piggyback), and fewer turns than lanes.
#[test]
fn lanes_solve_each_turn_as_it_is_solved_alone() {
    let rule_sets = [
        small(1000, 200),
        with_exact_goal_and_instant_wins(small(600, 0)),
        with_piggyback(small(600, 150), true),
        // Roll classes: forced ends inside the arrays.
        {
            let mut r = crate::pushluck::games::yahtzix::base();
            r.game.goal = 150;
            r.validate().expect("valid rules");
            r
        },
    ];
    for rules in rule_sets {
        let g = game(rules);
        let model = g.win_model();
        let (values, _, _) = solve(&g, &crate::progress::Silent).expect("solves");
        let n = values.len();
        let turns: Vec<(usize, usize, f64)> =
            (0..11).map(|k| ((k * 5) % n, (k * 3 + 1) % n, 0.1 + 0.07 * k as f64)).collect();
        for batch in [&turns[..8], &turns[8..]] {
            let together = values.starts(batch);
            for (&(a, b, f), t) in batch.iter().zip(&together) {
                let alone = values.start(a, b, f);
                let what = format!("{} ({a}, {b}) at {f}", model.rules.name);
                assert_eq!(t.value.to_bits(), alone.value.to_bits(), "{what}");
                assert_eq!(t.slope.to_bits(), alone.slope.to_bits(), "{what}");
                assert_eq!(t.loss.to_bits(), alone.loss.to_bits(), "{what}");
                let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(&t.sol.values), bits(&alone.sol.values), "{what}");
                assert_eq!(bits(&t.sol.slopes), bits(&alone.sol.slopes), "{what}");
                assert_eq!(bits(&t.sol.roll_values), bits(&alone.sol.roll_values), "{what}");
                assert_eq!(bits(&t.sol.roll_slopes), bits(&alone.sol.roll_slopes), "{what}");
                assert_eq!(t.sol.choices, alone.sol.choices, "{what}");
                assert_eq!(t.sol.policy_range, alone.sol.policy_range, "{what}");
            }
        }
    }
}

/// The game facts a pair's turns carry along their DP in lanes are those
/// of the backward pass over the same turns' recorded choices, and the
/// chance of handing the turn over is the turn's slope: instant wins and
/// the exact goal's chase, a stationary tail past the goal, forced ends,
/// and turns solved alone near an exact goal (which carry nothing and are
/// read by the backward pass).
#[test]
fn carried_game_facts_are_the_backward_pass_over_the_choices() {
    let yahtzix = {
        let mut r = crate::pushluck::games::yahtzix::base();
        r.game.goal = 150;
        r.validate().expect("valid rules");
        r
    };
    // A choice of dice near an exact goal: those turns solved alone.
    let choice = registry::testing::push_luck("yahtzix", &["goal=150", "exact-goal"], None).rules;
    let rule_sets = [small(1000, 200), with_exact_goal_and_instant_wins(small(600, 0)), yahtzix, choice];
    let (mut carried_turns, mut tails, mut chases, mut alone) = (0, 0, 0, 0);
    for rules in rule_sets {
        let g = game(rules);
        let model = g.win_model();
        let (values, _, _) = solve(&g, &crate::progress::Silent).expect("solves");
        let f = values.pair_facts.as_ref().expect("game facts without piggyback");
        let n = values.len();
        // Movers near the goal too (the choice of dice is theirs).
        let turns: Vec<(usize, usize, f64)> = (0..16)
            .map(|k| if k < 11 { ((k * 5) % n, (k * 3 + 1) % n) } else { (n - 1 - (k - 11), k % n) })
            .map(|(a, b)| (a, b, 0.1 + 0.05 * (b % 11) as f64))
            .collect();
        for batch in [&turns[..8], &turns[8..11], &turns[11..]] {
            let carrying = values.starts_carrying(batch, |a, b, sol| f.optimal_carry(&values, a, b, sol));
            let plain = values.starts(batch);
            for ((&(a, b, x), c), p) in batch.iter().zip(&carrying).zip(&plain) {
                let what = format!("{} ({a}, {b}) at {x}", model.rules.name);
                assert_eq!(c.value.to_bits(), p.value.to_bits(), "{what}");
                assert_eq!(c.slope.to_bits(), p.slope.to_bits(), "{what}");
                let lanes = f.optimal_turn(&values, a, b, &p.sol, &[], p.value);
                let Some(carried) = c.carried else {
                    // Solved alone: its choices are there for the pass.
                    assert_eq!(c.sol.choices, p.sol.choices, "{what}");
                    alone += 1;
                    continue;
                };
                carried_turns += 1;
                tails += usize::from(matches!(&p.sol.payoff, Payoff::Win(w) if w.above.is_some()));
                chases += usize::from(model.chase.is_some());
                let ([turns, wins], handover) = lanes.start;
                assert!((carried[0] - turns).abs() <= 1e-13 * turns.abs().max(1.0), "{what}: {carried:?} {turns}");
                assert!((carried[1] - wins).abs() <= 1e-15, "{what}: {carried:?} {wins}");
                assert!((c.slope - handover).abs() <= 1e-15, "{what}: {} {handover}", c.slope);
            }
        }
    }
    assert!(carried_turns > 15 && tails > 0 && chases > 0 && alone > 0, "{carried_turns} {tails} {chases} {alone}");
}

/// Inside the range a turn's DP reports, its policy stays optimal: a
/// DP run afresh at a farkle value moved almost to either end finds
/// every value exactly on its line (value + slope x change), which is
/// what lets a pair accept a Newton step without another evaluation;
/// just past the end, some value leaves its line.
#[test]
fn the_policy_range_is_where_the_policy_stays_optimal() {
    let g = game(small(1000, 200));
    let (values, _, _) = solve(&g, &crate::progress::Silent).expect("solves");
    let mut left_the_line = 0;
    for (a, b) in [(0, 0), (3, 7), (10, 2), (19, 18), (12, 15)] {
        let f = values.farkle_and_pass(a, b).0;
        let at = values.start(a, b, f);
        let (lo, hi) = at.sol.policy_range;
        assert!(lo <= 0.0 && hi >= 0.0 && lo < hi, "({a}, {b}): {lo} {hi}");
        for end in [lo, hi] {
            let d = end.clamp(-0.5, 0.5);
            let off_line = |d: f64| {
                let moved = values.start(a, b, f + d).sol;
                let line = |v: &[f64], s: &[f64], i: usize| v[i] + s[i] * d;
                (0..at.sol.values.len())
                    .map(|i| (moved.values[i] - line(&at.sol.values, &at.sol.slopes, i)).abs())
                    .chain(
                        (0..at.sol.roll_values.len())
                            .map(|i| (moved.roll_values[i] - line(&at.sol.roll_values, &at.sol.roll_slopes, i)).abs()),
                    )
                    .fold(0.0, f64::max)
            };
            assert!(off_line(d * 0.999) < 1e-12, "({a}, {b}) at {d}: {}", off_line(d * 0.999));
            if d == end && off_line(d * 1.5) > 1e-12 {
                left_the_line += 1;
            }
        }
    }
    // The ends are where a choice changes, not merely safe bounds.
    assert!(left_the_line >= 5, "{left_the_line}");
}

#[test]
fn optimal_play_wins_as_often_as_solved() {
    simulate_optimal(small(500, 200));
}

#[test]
fn optimal_play_wins_as_often_as_solved_with_penalty() {
    simulate_optimal(with_penalty(small(500, 100), 150));
}

#[test]
fn optimal_play_wins_as_often_as_solved_with_piggyback() {
    simulate_optimal(with_piggyback(small(1000, 0), false));
}

/// Yahtzix's go-for-it: leftovers also come from turns that end at the
/// roll limit, and the leftover roll is roll 2.
#[test]
#[ignore = "extended: about 8 seconds of games"]
fn extended_optimal_play_wins_as_often_as_solved_in_yahtzix_with_go_for_it() {
    let mut r = crate::pushluck::games::yahtzix::base();
    r.game.goal = 300;
    simulate_optimal(with_piggyback(r, false));
}

/// Seeded optimal-vs-optimal games against the solved P(first player wins).
fn simulate_optimal(rules: RuleSet) {
    let g = game(rules.clone());
    let (values, _, _) = solve(&g, &crate::progress::Silent).expect("solves");
    let model = g.win_model();
    let goal = rules.game.goal;
    let sides = values.sides;
    let mut turns: HashMap<(usize, usize), Solution> = HashMap::new();
    let mut rng = SmallRng::seed_from_u64(7);
    let games = 20_000;
    let mut first_wins = 0u32;
    let start = sides.of_question(0, 0).unwrap();
    let g = model.grid;
    // A piggyback start on `(k, t)`, when the rules offer it.
    let leftover = |(k, t): (u8, i64)| TurnState::leftover(k, t);
    let mut piggybacks = 0u32;
    for _ in 0..games {
        let mut side = [start, start];
        let mut mover = 0;
        // The leftover the last bank offers the mover: (dice, points).
        let mut offer: Option<(u8, i64)> = None;
        let winner = loop {
            let (a, b) = (side[mover], side[1 - mover]);
            let (me, them) = (sides.side(a), sides.side(b));
            let sol = turns.entry((a, b)).or_insert_with(|| values.turn(a, b));
            let counts = |t: i64, s: Side| s.on_board || t >= rules.turn.entry;
            // Piggyback when the solved value of rolling the leftover beats a fresh turn.
            let from = offer
                .filter(|&(k, t)| {
                    let r = values.offers.as_ref().and_then(|o| o.piggyback(a, b, usize::from(k), (t / g) as usize));
                    r.is_some_and(|r| r > values.at(a, b))
                })
                .map_or(TurnState::start(), leftover);
            piggybacks += u32::from(from.dice < 6);
            let (ended, left) = play_turn_from(sol, from, &mut rng);
            offer = None;
            match ended {
                Ended::Instant => break mover,
                Ended::Farkle => side[mover] = sides.after_farkle(a),
                Ended::Bank(t) if counts(t, me) => {
                    let x = me.total + t;
                    let left_over = (rules.turn.piggyback && (1..=5).contains(&left)).then_some((left, t));
                    if x >= goal {
                        // The other player's last turn: pass or lose,
                        // on the leftover when that passes more often.
                        let need = x - them.total;
                        let last = last_turn(model, them.on_board, need);
                        let from = left_over
                            .map(leftover)
                            .filter(|s| last.roll_value(s).unwrap() > last.start_value())
                            .unwrap_or(TurnState::start());
                        break match play_turn_from(&last, from, &mut rng).0 {
                            Ended::Instant => 1 - mover,
                            Ended::Bank(t2) if counts(t2, them) && t2 > need => 1 - mover,
                            _ => mover,
                        };
                    }
                    side[mover] = sides.index(Side { total: x, on_board: true, farkles: 0 }).unwrap();
                    offer = left_over;
                }
                Ended::Bank(_) => side[mover] = sides.index(Side { farkles: 0, ..me }).unwrap(),
            }
            mover = 1 - mover;
        };
        first_wins += u32::from(winner == 0);
    }
    // The piggyback rule is played, not only solved.
    assert_eq!(piggybacks > 100, rules.turn.piggyback, "{piggybacks} piggyback turns");
    let p = values.first();
    let observed = f64::from(first_wins) / f64::from(games);
    let se = (p * (1.0 - p) / f64::from(games)).sqrt();
    assert!((observed - p).abs() < 4.0 * se, "observed {observed}, solved {p}, standard error {se}");
}

/// A turn's margin is what the penalty solver trusts it to be: when every
/// value its turn reads moves by less than half of it, the turn solved
/// again has the same policy, so the same row of ends; moved by a few
/// margins, some rows change (the margin is not merely safe).
#[test]
fn inputs_moved_by_less_than_half_the_margin_keep_the_policy() {
    let g = game(with_penalty(small(1000, 200), 500));
    let (values, _, _) = solve(&g, &crate::progress::Silent).expect("solves");
    let m = values.len();
    let row_of = |v: &WinValues, a: usize, b: usize| {
        let (farkle, pass) = v.farkle_and_pass(a, b);
        let (sol, _) = v.solve_turns(&[(a, b, farkle, pass)]).remove(0);
        let row = v.row(a, b, &sol.ends(v.start));
        (sol.margin, row.constant.to_bits(), row.states, row.weights)
    };
    // Every value moved by `scale` of `margin` at most, up or down.
    let moved = |k: usize, margin: f64, scale: f64| {
        let mut moved = values.clone();
        for (i, w) in moved.w.iter_mut().enumerate() {
            let sign = if (i * 7919 + k).is_multiple_of(3) { -1.0 } else { 1.0 };
            *w += sign * scale * margin * (0.5 + 0.5 * ((i * 104_729) % 1000) as f64 / 1000.0);
        }
        moved
    };
    let (mut tried, mut changed) = (0, 0);
    for k in 0..40 {
        let (a, b) = ((k * 37 + 5) % m, (k * 11 + 3) % m);
        let (margin, constant, states, weights) = row_of(&values, a, b);
        assert!(margin >= 0.0, "({a}, {b}): {margin}");
        if margin == 0.0 || margin.is_infinite() {
            continue;
        }
        let (_, constant2, states2, weights2) = row_of(&moved(k, margin, 0.45), a, b);
        assert_eq!((constant, &states, &weights), (constant2, &states2, &weights2), "({a}, {b})");
        let (_, constant4, states4, weights4) = row_of(&moved(k, margin, 4.0), a, b);
        if (constant, &states, &weights) != (constant4, &states4, &weights4) {
            changed += 1;
        }
        tried += 1;
    }
    // Most turns have a margin to trust.
    assert!(tried >= 30 && changed >= 1, "{tried} {changed}");
}

/// `piggyback=return` by hand. Goal 100 without last turns: the opponent
/// at 50 banked 50 and left one die, and the mover at 0 rolls it. A 1 or
/// a 5 (2 in 6) scores, and banking then reaches the goal and wins; any
/// other face (4 in 6) is a farkle, which hands the opponent their 50
/// once more, to the goal: they win. So the roll is worth exactly 1/3.
/// Without the return the farkle leaves the opponent to move at 50-0:
/// 1/3 + 2/3 (1 - W(50, 0)).
#[test]
fn piggyback_return_by_hand() {
    let rules = |back: bool| {
        let mut r = with_piggyback(small(100, 0), false);
        r.game.last_turn = false;
        r.turn.piggyback_return = back;
        r.validate().expect("valid rules");
        r
    };
    for back in [true, false] {
        let g = game(rules(back));
        let (values, _, _) = solve(&g, &crate::progress::Silent).expect("solves");
        let side = |total| values.sides.of_question(total, 0).expect("a side");
        let r = values.offers.as_ref().expect("piggyback").piggyback(side(0), side(50), 1, 1).expect("allowed");
        let by_hand = if back { 1.0 / 3.0 } else { 1.0 / 3.0 + 2.0 / 3.0 * (1.0 - values.at(side(50), side(0))) };
        assert!((r - by_hand).abs() < 1e-15, "return {back}: {r} against {by_hand}");
        // The game facts follow farkles that keep every total: not under the return.
        assert_eq!(values.has_game_facts(), !back);
    }
}

/// Farkle's return: the turns on a leftover, solved side by side below a
/// lowered top whose effect on the reads the lanes bound, read what each
/// turn solved alone to the top advice uses reads (every level within
/// 1e-16 of the limit), to rounding.
#[test]
fn the_returns_lowered_tops_read_what_turns_solved_alone_read() {
    let mut rules = with_return(with_piggyback(farkle::base(), false));
    rules.game.goal = 2000;
    rules.validate().expect("valid rules");
    let g = game(rules);
    let (values, _, _) = solve(&g, &crate::progress::Silent).expect("solves");
    let m = values.model;
    let side = |total| values.sides.of_question(total, 0).expect("a side");
    let contexts: Vec<(usize, usize)> =
        (1..=offers::LEFTOVER_DICE).filter_map(|k| last_turn::leftover_context(m, k).map(|c| (k, c))).collect();
    let (mut batches, mut lowered, mut compared) = (0, 0, 0);
    for (a, b) in [(0, 1500), (500, 1000), (1000, 1950), (1900, 600), (1950, 1950), (250, 1800)] {
        let (a, b) = (side(a), side(b));
        let (_, pass) = values.farkle_and_pass(a, b);
        let most = usize::try_from(values.sides.side(b).total / m.grid).expect("positive");
        let farkles: Vec<f64> =
            (1..=most).map(|l| values.returned_farkle(a, b, crate::pushluck::level_total(l, m.grid))).collect();
        let mut read = vec![];
        lowered += values.solve_farkles_down_to(a, b, &farkles, pass, |i, sol| {
            let t = crate::pushluck::level_total(i + 1, m.grid);
            read.push(contexts.iter().map(|&(_, c)| sol.roll_value_at(t, c)).collect::<Vec<f64>>());
        });
        batches += most.div_ceil(crate::pushluck::lanes::LANES);
        for (i, got) in read.iter().enumerate() {
            let (alone, _) = values.solve_turn(a, b, farkles[i], pass);
            let t = crate::pushluck::level_total(i + 1, m.grid);
            for (&(_, c), &r) in contexts.iter().zip(got) {
                let want = alone.roll_value_at(t, c);
                assert!((r - want).abs() < 1e-15, "({a}, {b}) t = {t}, context {c}: {r} against {want}");
                compared += 1;
            }
        }
    }
    // Nearly every batch is done below the shared top.
    assert!(compared > 500 && lowered * 10 >= batches * 9, "{lowered} of {batches} batches, {compared} values");
}

/// The return is refused where the win solve does not take it yet (with
/// the three-farkle penalty), in one line, before anything is solved.
#[test]
fn piggyback_return_with_the_penalty_is_refused() {
    let g = game(with_return(with_piggyback(with_penalty(small(200, 0), 100), false)));
    let Err(e) = solve(&g, &crate::progress::Silent) else { panic!("refused") };
    let e = e.to_string();
    assert!(e.contains("piggyback=return") && e.contains("penalty") && !e.contains('\n'), "{e}");
}
