//! Monte Carlo play of a solved policy, to check the solver's expectations.
//!
//! The simulator rolls real dice (a seeded generator), asks the solution
//! only for *decisions* (which set-aside, bank or roll on) and applies the
//! turn rules itself: hot dice, the roll limit, Van't Hof, entry and minimum
//! bank, the exact goal, the farkle penalty. So a mistake in the solver's
//! transition or value arithmetic shows up as a mean that disagrees with the
//! solver's expected value by more than the standard error allows.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::dice::{dice_count, Multisets, FACES};

use super::scoring::SetAside;
use super::turn::{Next, Solution, TurnError, TurnState};

/// Mean turn score over many simulated turns.
#[derive(Debug, Clone, Copy)]
pub struct SimResult {
    pub turns: usize,
    pub mean: f64,
    /// Standard error of the mean.
    pub std_err: f64,
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
pub fn simulate(sol: &Solution, start: TurnState, turns: usize, seed: u64) -> Result<SimResult, TurnError> {
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
            for _ in 0..s.dice {
                roll[rng.gen_range(0..FACES)] += 1;
            }
            let idx = ms.index(&roll).expect("at most six dice");
            let options = &table[(s.rolls == 0) as usize][idx];
            if options.is_empty() {
                break sol.farkle_score();
            }
            // The policy: the set-aside whose successor is worth most.
            let mut best: Option<(f64, &SetAside, usize, Next)> = None;
            for sa in options {
                for (vi, v) in sa.variants.iter().enumerate() {
                    let next = sol.after(&s, &sa.keep, v)?;
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
                Next::Decide { points, dice, bank, roll } => {
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
    Ok(SimResult { turns, mean, std_err: (var / n).sqrt() })
}
