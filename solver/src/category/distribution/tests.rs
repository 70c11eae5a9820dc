//! The distribution solve against independent computations: an
//! enumeration of every dice outcome following the simulator's own play
//! (`TurnDp::plan`, the play `simulate` and `play` make), the expected
//! score at every state, the advice's choices and their distributions,
//! and a seeded simulation.

use std::collections::HashMap;
use std::sync::Arc;

use super::solve::solve_distribution;
use crate::category::bands::{Arrays, BandSolution};
use crate::category::games::yahtzee::{Joker, YahtzeeBonus};
use crate::category::model::{CategoryGame, KeepRule};
use crate::category::solve::solve;
use crate::category::tests::bruteforce::{all_outcomes, toy_game};
use crate::category::turn::{Choice, Indexed, Position, Run, Scratch, TurnDp};
use crate::dice::{counts_of, dice_count, Counts, Multisets};
use crate::progress::Silent;

/// The game's expected-score values as its table stores them.
fn table_values(dp: &TurnDp) -> (Vec<f64>, Vec<f32>) {
    let ev = solve(dp, &Silent).values;
    #[allow(clippy::cast_possible_truncation)]
    let stored = ev.iter().map(|&v| v as f32).collect();
    (ev, stored)
}

/// The chance of every number of points still to come from state (mask,
/// lane), by playing out every ordered outcome of the dice with the
/// simulator's choices: `mass[r]` = P(exactly r more points).
struct Enumeration<'a> {
    dp: &'a TurnDp<'a>,
    values: Indexed<'a, f32>,
    memo: HashMap<(u32, usize), Vec<f64>>,
}

impl Enumeration<'_> {
    fn mass(&mut self, mask: u32, lane: usize) -> Vec<f64> {
        let game = self.dp.game();
        if mask == game.full_mask() {
            return vec![1.0];
        }
        if let Some(m) = self.memo.get(&(mask, lane)) {
            return m.clone();
        }
        let plan = self.dp.plan(&self.values, mask, lane);
        let mut out = vec![];
        let first = all_outcomes(game.dice);
        for dice in &first {
            let (dice, weight) = (counts_of(dice), 1.0 / first.len() as f64);
            self.turn(&plan, (mask, lane), (dice, [0; 6]), game.rolls - 1, weight, &mut out);
        }
        self.memo.insert((mask, lane), out.clone());
        out
    }

    /// Adds the outcomes of the turn from `dice` (of which `locked` were
    /// locked before this roll, under the locked rule) with `left` rolls to
    /// come, weighted by `weight`, into `out`.
    fn turn(
        &mut self,
        plan: &crate::category::turn::TurnPlan,
        (mask, lane): (u32, usize),
        (dice, locked): (Counts, Counts),
        left: usize,
        weight: f64,
        out: &mut Vec<f64>,
    ) {
        let dp = self.dp;
        let game = dp.game();
        if left == 0 {
            let (cat, points, _) = plan.best_box(dp, &dice);
            let (eff, extra) = dp.index().lane_state(mask, lane);
            let step = dp.after_scoring(mask, eff, extra, cat, points);
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let gained = step.gained as usize + game.extra.roll_bonus(mask, extra, &dice) as usize;
            let after = self.mass(mask | 1 << cat, step.lane);
            if out.len() < gained + after.len() {
                out.resize(gained + after.len(), 0.0);
            }
            for (r, p) in after.iter().enumerate() {
                out[gained + r] += weight * p;
            }
            return;
        }
        let keep = plan.best_keep(dp, &dice, &locked, left);
        // Under the locked rule what is kept stays locked.
        let locked = if game.keep_rule == KeepRule::Locked { keep } else { [0; 6] };
        let rolled = all_outcomes(game.dice - dice_count(&keep));
        for o in &rolled {
            let mut next = keep;
            for &f in o {
                next[usize::from(f - 1)] += 1;
            }
            self.turn(plan, (mask, lane), (next, locked), left - 1, weight / rolled.len() as f64, out);
        }
    }
}

/// Every state's band against the enumeration (every score, both edges
/// tight), and its mean against the expected-score solve.
fn check_against_enumeration(game: &CategoryGame, tolerance: f64) {
    let dp = TurnDp::new(game);
    let (ev, stored) = table_values(&dp);
    let values = Indexed { index: dp.index(), values: stored.as_slice() };
    let sol = solve_distribution(&dp, &values, &Silent).flatten();
    let mut e =
        Enumeration { dp: &dp, values: Indexed { index: dp.index(), values: stored.as_slice() }, memo: HashMap::new() };
    let index = dp.index();
    let mut checked = 0;
    for level in 0..index.categories() {
        for &mask in index.level(level) {
            for lane in 0..index.lanes(mask) {
                let state = index.offset(mask) + lane;
                let band = sol.band(state);
                let mass = e.mass(mask, lane);
                let at_least = |t: usize| mass.iter().skip(t).sum::<f64>();
                for t in 0..=mass.len() + 1 {
                    let (x, y) = (at_least(t), band.at(t as i64));
                    assert!((x - y).abs() < tolerance, "mask {mask:b} lane {lane} t {t}: enumerated {x}, solved {y}");
                    checked += 1;
                }
                let lowest = mass.iter().position(|&p| p > 0.0).unwrap();
                let highest = mass.iter().rposition(|&p| p > 0.0).unwrap();
                assert_eq!((band.lo as usize, band.hi as usize), (lowest, highest), "mask {mask:b} lane {lane}");
                let mean: f64 = mass.iter().enumerate().map(|(r, p)| r as f64 * p).sum();
                assert!(
                    (mean - ev[state]).abs() < 1e-6,
                    "mask {mask:b} lane {lane}: mean {mean}, expected {}",
                    ev[state]
                );
            }
        }
    }
    assert!(checked > 100, "{checked} chances checked");
}

#[test]
fn distribution_matches_enumeration_three_dice() {
    let mut toy = toy_game(3, 3, None);
    toy.game.categories.retain(|c| ["twos", "sixes", "chance"].contains(&c.name));
    toy.game.rolls = 2;
    check_against_enumeration(&toy.game, 1e-12);
}

#[test]
fn distribution_matches_enumeration_with_yahtzee_bonus_and_jokers() {
    for joker in [Joker::Free, Joker::Forced] {
        let mut toy = toy_game(2, 3, Some(joker));
        toy.game.categories.retain(|c| ["twos", "pair", "chance", "yahtzee"].contains(&c.name));
        let at = |name: &str| toy.game.categories.iter().position(|c| c.name == name).expect("kept");
        let bonus = YahtzeeBonus { category: at("yahtzee"), points: 100, joker, joker_scores: vec![(at("pair"), 25)] };
        toy.game.extra = Arc::new(bonus);
        check_against_enumeration(&toy.game, 1e-12);
    }
}

/// Six Hundred's rule on a toy game of `boxes`: dice set aside stay
/// locked.
fn check_locked(boxes: &[&str]) {
    let mut toy = toy_game(3, 3, None);
    toy.game.categories.retain(|c| boxes.contains(&c.name));
    assert_eq!(toy.game.categories.len(), boxes.len());
    toy.game.keep_rule = KeepRule::Locked;
    // Every roll of the free dice is played out, locked or not: up to ten
    // million ordered outcomes summed per state, whose rounding reaches
    // 1e-11 (the enumeration's P(final >= 0) is 1 - 6e-12 at worst).
    check_against_enumeration(&toy.game, 1e-10);
}

#[test]
fn distribution_matches_enumeration_under_locked_dice() {
    check_locked(&["twos", "pair", "chance"]);
}

/// Four boxes: about 13 seconds of enumeration.
#[test]
#[ignore = "extended: four boxes of locked dice enumerated"]
fn extended_distribution_matches_enumeration_under_locked_dice_four_boxes() {
    check_locked(&["twos", "sixes", "pair", "chance"]);
}

/// A reduced classic Yahtzee without bonus (the first nine boxes), solved
/// whole.
fn reduced_yahtzee() -> CategoryGame {
    let mut game = crate::registry::testing::category("yahtzee", &["no-bonus"]);
    game.categories.truncate(9);
    game
}

/// The tie rule in one place: at every roll of sampled states, the choice
/// the distribution's play makes, the one the simulator makes and the
/// one `advise` ranks first are the same.
#[test]
fn advice_simulation_and_distribution_choose_alike() {
    let game = reduced_yahtzee();
    let dp = TurnDp::new(&game);
    let (stored, _) = solved(&dp);
    let values = Indexed { index: dp.index(), values: stored.as_slice() };
    let ms = Multisets::new(game.dice);
    let index = dp.index();
    let mut compared = 0;
    for level in 0..index.categories() {
        // A few masks of each level, every lane.
        for &mask in index.level(level).iter().step_by(7) {
            let lanes: Vec<usize> = (0..index.lanes(mask)).collect();
            let policies = dp.policies(&values, mask, &lanes, &mut Scratch::default());
            for (lane, policy) in lanes.iter().zip(&policies) {
                let plan = dp.plan(&values, mask, *lane);
                for (ri, r) in ms.rolls().enumerate().step_by(5) {
                    let dice = *ms.counts(r);
                    let (c, p, _) = plan.best_box(&dp, &dice);
                    assert_eq!((c, p), (usize::from(policy.finals[ri].0), u32::from(policy.finals[ri].1)));
                    let last = Position { roll: 3, dice, locked: [0; 6] };
                    let advised = first_choice(&dp, &values, mask, *lane, &last);
                    assert_eq!(advised, Choice::Score { category: c, points: p });
                    for left in 1..game.rolls {
                        let keep = plan.best_keep(&dp, &dice, &[0; 6], left);
                        assert_eq!(ms.index(&keep), Some(usize::from(policy.keeps[left - 1][ri])));
                        let at = Position { roll: u32::try_from(game.rolls - left).unwrap(), dice, locked: [0; 6] };
                        assert_eq!(first_choice(&dp, &values, mask, *lane, &at), Choice::Keep(keep));
                        compared += 1;
                    }
                }
            }
        }
    }
    assert!(compared > 1000, "{compared} choices compared");
}

/// `advise`'s first choice, ranked as `advise` ranks (stable, by value).
fn first_choice(dp: &TurnDp, values: &Indexed<f32>, mask: u32, lane: usize, at: &Position) -> Choice {
    let mut ranked = dp.choices(values, mask, lane, at);
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    ranked.swap_remove(0).0
}

/// The reduced game's table values and distribution, solved once for the
/// tests that read them.
fn solved(dp: &TurnDp) -> &'static (Vec<f32>, BandSolution) {
    static SOLVED: std::sync::OnceLock<(Vec<f32>, BandSolution)> = std::sync::OnceLock::new();
    SOLVED.get_or_init(|| {
        let (_, stored) = table_values(dp);
        let sol = solve_distribution(dp, &Indexed { index: dp.index(), values: stored.as_slice() }, &Silent).flatten();
        (stored, sol)
    })
}

/// Each play's distribution in the middle of a turn (what `advise`
/// shows) against the turn-start bands: the first roll's average of the
/// best plays' chances is the state's band, and each alternative's mean
/// is its expected score.
#[test]
fn choice_distributions_average_to_the_state_band() {
    let game = reduced_yahtzee();
    let dp = TurnDp::new(&game);
    let (stored, sol) = solved(&dp);
    let values = Indexed { index: dp.index(), values: stored.as_slice() };
    let index = dp.index();
    let bands = Arrays { index, bounds: &sol.bounds, offsets: &sol.offsets, values: &sol.values };
    let ms = Multisets::new(game.dice);
    for level in [0, 3, 6, 8] {
        for &mask in index.level(level).iter().step_by(11).take(3) {
            let lane = index.lanes(mask) / 2;
            let policy = dp.policies(&values, mask, &[lane], &mut Scratch::default()).remove(0);
            let most = dp.most_to_come(&bands, mask, lane);
            let run = Run { lane, first: 1, len: most as usize };
            let mut average = vec![0.0; run.len];
            for r in ms.rolls() {
                let at = Position { roll: 1, dice: *ms.counts(r), locked: [0; 6] };
                let chances = dp.policy_choices(&bands, mask, run, &policy, &at);
                let mut ranked = dp.choices(&values, mask, lane, &at);
                for (choice, value) in &ranked {
                    let (_, c) = chances.iter().find(|(c, _)| c == choice).expect("same choices");
                    // The value reads the table's f32 values (a rounding of
                    // up to 7.6e-6 each near 250 points); the mean is exact.
                    let mean: f64 = c.iter().sum();
                    assert!((mean - value).abs() < 2e-5, "mask {mask:b} lane {lane}: mean {mean}, value {value}");
                }
                ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
                let (_, best) = chances.iter().find(|(c, _)| *c == ranked[0].0).expect("the best choice");
                for (a, b) in average.iter_mut().zip(best) {
                    *a += ms.prob(r) * b;
                }
            }
            let band = bands.state_band(index.offset(mask) + lane);
            for (t, a) in average.iter().enumerate() {
                let b = band.at(t as i64 + 1);
                assert!((a - b).abs() < 1e-12, "mask {mask:b} lane {lane} t {}: {a} vs {b}", t + 1);
            }
        }
    }
}

/// The simulator's games agree with the distribution from the empty
/// sheet: at every round score, the share of 40,000 seeded games reaching
/// it within 4.5 standard errors of the exact chance.
#[test]
#[ignore = "extended: 40,000 games, about 11 seconds"]
fn extended_simulated_games_agree_with_the_distribution() {
    let game = reduced_yahtzee();
    let dp = TurnDp::new(&game);
    let (stored, sol) = solved(&dp);
    let values = Indexed { index: dp.index(), values: stored.as_slice() };
    let games = 40_000u64;
    let scores: Vec<u32> = (0..games).map(|i| crate::category::simulate::play(&dp, &values, 17 + i).score).collect();
    let start = sol.band(0);
    for t in (0..=start.hi + 1).step_by(5) {
        let p = start.at(i64::from(t));
        let share = scores.iter().filter(|&&s| s >= t).count() as f64 / games as f64;
        let se = (p * (1.0 - p) / games as f64).sqrt();
        assert!((share - p).abs() <= 4.5 * se + 1e-12, "P(final >= {t}): simulated {share}, exact {p} (se {se})");
    }
}
