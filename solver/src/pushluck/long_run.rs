//! The long-run objective under the three-farkle penalty: the policy that
//! maximises the average points per turn over a long game.
//!
//! With the penalty a farkle's cost carries into later turns (it moves the
//! farkle counter towards the penalty), so maximising each turn's expected
//! score is myopic. Over a long game, on the board and far from the goal,
//! the turn-to-turn state is the counter `c` (farkles in a row: 0, 1, 2),
//! and the problem is an average-reward one: find the average `rho` and
//! relative values `h(c)` (`h(0) = 0`) with
//! `h(c) + rho = V_c`, where `V_c` is the best turn from counter `c` when a
//! bank is worth its points (the counter goes back to 0) and a farkle is
//! worth `h(c + 1)`, or minus the penalty at `c = 2` (the counter resets).
//! `V_2` does not depend on `h`; then `h(2) = V_2 - rho`,
//! `h(1) = V_1(h(2)) - rho`, and `rho = V_0(h(1))`: one equation in `rho`,
//! whose residual `V_0(V_1(V_2 - rho) - rho) - rho` is strictly decreasing
//! (each `V` is non-decreasing in the farkle value with slope below 1), so
//! bisection finds it to 1e-12.

use super::model::Params;
use super::solution::Solution;
use super::PushLuckGame;
use crate::error::Error;
use crate::report::LongRunSummary;

/// The long-run solution: average points per turn and, per farkle count,
/// the turn solved with the farkle valued by its effect on later turns.
#[derive(Debug, Clone)]
pub(crate) struct LongRun<'m> {
    /// Average points per turn under the long-run optimal policy.
    pub(crate) average: f64,
    /// `h(c)`: how much better starting a turn with `c` farkles in a row is
    /// than with none, in points over the rest of a long game.
    pub(crate) relative: [f64; 3],
    /// The turn from each farkle count, for `params`' board and goal.
    pub(crate) turns: Vec<Solution<'m>>,
}

impl LongRun<'_> {
    pub(crate) fn summary(&self) -> LongRunSummary {
        LongRunSummary { points_per_turn: self.average, farkle_count_value: self.relative }
    }
}

/// Solves the long-run objective of `game` (which has the penalty) on the
/// board, a whole goal away; `params` gives the board and goal of the turns
/// returned (their farkle values are those of the long run).
pub(crate) fn solve<'m>(game: &'m PushLuckGame, params: Params) -> Result<LongRun<'m>, Error> {
    let model = game.model();
    let penalty = game.rules.turn.three_farkle_penalty as f64;
    let far = Params { on_board: true, last_chance: false, goal_left: game.rules.game.goal };
    // Each turn's start value by farkle value, kept: the root's last
    // residual has solved the turn `h(1)` reads.
    let solved = std::cell::RefCell::new(Vec::<(f64, f64)>::new());
    let value = |farkle: f64| -> Result<f64, Error> {
        if let Some(&(_, v)) = solved.borrow().iter().find(|&&(f, _)| f == farkle) {
            return Ok(v);
        }
        let v = model.solve_with_farkle(far, farkle)?.start_value();
        solved.borrow_mut().push((farkle, v));
        Ok(v)
    };
    let v2 = value(-penalty)?;
    let residual = |rho: f64| -> Result<f64, Error> {
        let h2 = v2 - rho;
        let h1 = value(h2)? - rho;
        Ok(value(h1)? - rho)
    };
    // rho lies between the worst turn (a certain penalty) and the best
    // turn without any farkle cost.
    let rho = root(residual, -penalty, value(0.0)?)?;
    let h2 = v2 - rho;
    let h1 = value(h2)? - rho;
    let relative = [0.0, h1, h2];
    let turns = [relative[1], relative[2], -penalty]
        .iter()
        .map(|&f| model.solve_with_farkle(params, f))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(LongRun { average: rho, relative, turns })
}

/// The root of the strictly decreasing `residual` between `lo` and `hi`
/// (positive at `lo`, negative at `hi`, or zero at either), to 1e-12 of
/// its size.
///
/// Regula falsi with the Illinois step: each residual is two turn DPs, and
/// the residual is piecewise linear (each turn's value is, in its farkle
/// value), so the secant through the bracket lands on the root once both
/// ends are on its piece: a dozen evaluations where bisection took fifty.
/// Its slope is at most -1 (`V_0' (-V_1' - 1) - 1`, every `V'` a
/// probability), so a residual within 1e-12 of 0 puts `rho` within 1e-12
/// of the root.
fn root(mut residual: impl FnMut(f64) -> Result<f64, Error>, lo: f64, hi: f64) -> Result<f64, Error> {
    let ((mut lo, mut r_lo), (mut hi, mut r_hi)) = ((lo, residual(lo)?), (hi, residual(hi)?));
    // The side kept last: a second keep halves its residual (Illinois).
    let mut kept = 0i8;
    for _ in 0..ROOT_STEPS {
        let tol = 1e-12 * lo.abs().max(hi.abs()).max(1.0);
        if r_lo <= tol {
            return Ok(lo);
        }
        if -r_hi <= tol {
            return Ok(hi);
        }
        if hi - lo <= tol {
            break;
        }
        let x = (hi - r_hi * (hi - lo) / (r_hi - r_lo)).clamp(lo, hi);
        let r = residual(x)?;
        if r.abs() <= tol {
            return Ok(x);
        }
        if r > 0.0 {
            (lo, r_lo) = (x, r);
            if kept == 1 {
                r_hi *= 0.5;
            }
            kept = 1;
        } else {
            (hi, r_hi) = (x, r);
            if kept == -1 {
                r_lo *= 0.5;
            }
            kept = -1;
        }
    }
    Ok(0.5 * (lo + hi))
}

/// Regula falsi's steps at most: the Illinois step at least halves the
/// bracket every few, so this is far above what 1e-12 takes from any
/// bracket of points.
const ROOT_STEPS: usize = 400;

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    use super::*;
    use crate::pushluck::play::{play_turn, Ended};
    use crate::registry::testing::push_luck;

    fn farkle_with_penalty() -> PushLuckGame {
        *push_luck("farkle", &["three-farkle-penalty"], None)
    }

    /// On a piecewise linear decreasing residual with slopes at most -1 the
    /// root is found to 1e-12 in far fewer evaluations than bisection's 50.
    #[test]
    fn regula_falsi_finds_a_piecewise_linear_root_in_few_steps() {
        for root_at in [-250.0, 0.0, 17.3, 401.25, 899.0] {
            let mut calls = 0;
            let residual = |x: f64| -> Result<f64, Error> {
                calls += 1;
                // Kinks at -100, 50 and 600, slopes -1.5, -1, -3, -1.2.
                let kinked = |x: f64| {
                    -1.5 * x.min(-100.0)
                        - (x.clamp(-100.0, 50.0))
                        - 3.0 * (x.clamp(50.0, 600.0) - 50.0)
                        - 1.2 * (x.max(600.0) - 600.0)
                };
                Ok(kinked(x) - kinked(root_at))
            };
            let x = root(residual, -1000.0, 1500.0).unwrap();
            assert!((x - root_at).abs() < 1e-9, "{x} against {root_at}");
            assert!(calls <= 20, "{calls} evaluations for {root_at}");
        }
    }

    #[test]
    fn the_average_and_relative_values_solve_the_equations() {
        let g = farkle_with_penalty();
        let far = Params { on_board: true, last_chance: false, goal_left: g.rules.game.goal };
        let lr = solve(&g, far).unwrap();
        for c in 0..3 {
            let v = lr.turns[c].start_value();
            assert!(
                (lr.relative[c] + lr.average - v).abs() < 1e-6,
                "count {c}: {} + {} vs {v}",
                lr.relative[c],
                lr.average
            );
        }
        // Farkles in a row only hurt, and the penalty costs points per turn.
        assert!(lr.relative[2] < lr.relative[1] && lr.relative[1] < 0.0);
        let free = g.model().solve(far).unwrap().start_value();
        assert!(lr.average < free);
    }

    #[test]
    fn playing_the_long_run_policy_earns_its_average() {
        let g = farkle_with_penalty();
        let far = Params { on_board: true, last_chance: false, goal_left: g.rules.game.goal };
        let lr = solve(&g, far).unwrap();
        let penalty = g.rules.turn.three_farkle_penalty as f64;
        let mut rng = SmallRng::seed_from_u64(11);
        let (mut count, turns) = (0usize, 200_000u32);
        let (mut sum, mut sum2) = (0.0, 0.0);
        for _ in 0..turns {
            let points = match play_turn(&lr.turns[count], &mut rng) {
                Ended::Bank(t) => {
                    count = 0;
                    t as f64
                }
                Ended::Farkle if count == 2 => {
                    count = 0;
                    -penalty
                }
                Ended::Farkle => {
                    count += 1;
                    0.0
                }
                Ended::Instant => unreachable!("Farkle has no instant win"),
            };
            sum += points;
            sum2 += points * points;
        }
        let n = f64::from(turns);
        let mean = sum / n;
        // Turns are nearly independent (the count links them weakly): a
        // generous standard error from the plain variance.
        let se = ((sum2 / n - mean * mean) / n).sqrt();
        eprintln!("long run: played {mean:.2} per turn, solved {:.2}, standard error {se:.2}", lr.average);
        assert!((mean - lr.average).abs() < 4.0 * se, "played {mean}, solved {}, standard error {se}", lr.average);
    }
}
