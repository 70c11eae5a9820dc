//! Fair head starts by rollouts, where no exact table of this many
//! players fits: the points each seat after the first starts with so
//! that every seat's chance is as close to `1 / players` as the grid
//! allows.
//!
//! ## The search
//! Estimates are noisy, so the exact table's search (every grid point,
//! the smallest largest distance from even) cannot be copied: the
//! smallest of thousands of noisy distances is mostly noise. Instead a
//! few Newton rounds on the seats' chances as functions of the head
//! starts. Each round plays the current head starts and, on the same
//! dice, each seat's head start raised by one step (a twentieth of the
//! goal): the paired differences give every seat's change of chance per
//! point of its head start, far less noisy than the chances themselves,
//! pooled into one slope ([`slopes`]). The step that this linear model
//! says brings every seat to even is taken, snapped to the grid; then a
//! polish tries each head start a grid step up and down on the same dice
//! and moves to the fairest, until none is fairer ([`POLISH_ROUNDS`] at
//! most).
//!
//! The rounds use more rollouts each ([`NEWTON`], [`POLISH`]), on dice of
//! their own, so the search is the same for the same seed whatever the
//! time budget.
//!
//! Measured against the exact tables: three players to 1,000, the exact
//! best head starts (+200 / +400); four players to 500 with the seats
//! playing the table of three, the exact best (+100 / +250 / +350) from
//! each of four seeds; playing the pair table, head starts the exact
//! table rates 0.019 to 0.023 from even (its best 0.0026): the policy's
//! own distance from the equilibrium at so short a goal, which the
//! rollouts cannot see. At eight players to 10,000 the Newton rounds
//! with a slope per pair of seats were thrown about by noise; the pooled
//! slope found head starts whose fresh intervals all hold 1/8.
//!
//! ## The answer
//! The head starts found are then played out afresh (on the asked seed's
//! own dice, never the search's, so the intervals are not narrowed by
//! having picked the head starts that looked best on them), as many
//! rollouts as the budget or `--rollouts` says: every seat's chance with
//! its 95% interval, and whether every interval holds `1 / players`.

use std::path::Path;
use std::time::Instant;

use rayon::prelude::*;

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::policy::{Opening, SeatPolicy};
use super::seats::{checked, seats_with};
use super::tally::{solve, Tally};
use crate::error::Error;
use crate::progress::Progress;
use crate::pushluck::simulate::arena::{game_seed, TURNS_MAX};
use crate::pushluck::PushLuckGame;
use crate::question::RolloutAsk;
use crate::report::{HeadStartEstimate, SearchRound, SeatEstimate};

/// Rollouts of each Newton round of the search (each plays `players` sets
/// of head starts on the same dice) and of each round of the polish; with
/// `--rollouts N`, at most `N` a round, so that any count from 32,000 on
/// searches alike and the same count and seed give the same answer.
const NEWTON: [u64; 3] = [2_000, 8_000, 32_000];
const POLISH: u64 = 32_000;

/// The most rounds of the polish.
const POLISH_ROUNDS: usize = 3;

/// The rollouts of the search's rounds: the Newton rounds', the polish's.
fn counts(count: Option<u64>) -> ([u64; 3], u64) {
    match count {
        None => (NEWTON, POLISH),
        Some(n) => (NEWTON.map(|c| c.min(n)), POLISH.min(n)),
    }
}

/// The search's dice: a stream apart from every estimate's.
const SEARCH_STREAM: u64 = 0x4845_4144;

/// `compare --players N`'s estimate: each seat's chance from zero and the
/// fair head starts ([`fair_head_starts`]), on one set of kept turns.
///
/// # Errors
/// Rules the rollouts do not take; a count of players outside 2 to 8; a
/// pair table that is missing and slow to solve.
pub(crate) fn seats_and_head_starts(
    game: &PushLuckGame,
    tables: &Path,
    players: usize,
    ask: &RolloutAsk,
    reason: &str,
    progress: &dyn Progress,
) -> Result<(SeatEstimate, HeadStartEstimate), Error> {
    let rollouts = checked(game, players, tables, progress)?;
    let policy = rollouts.policy();
    // The head starts first: their search solves most of the turns the
    // estimate from zero then meets (warm, it plays far more rollouts).
    let fair = fair_head_starts(&policy, players, ask, reason.to_string(), progress)?;
    let seats = seats_with(&policy, &vec![0; players], ask, reason.to_string(), progress)?;
    Ok((seats, fair))
}

/// The fair head starts for `players` seats by the search above, and every
/// seat's chance with them estimated afresh as `ask` says.
///
/// # Errors
/// None of its own: those of [`seats_with`].
pub(crate) fn fair_head_starts(
    policy: &SeatPolicy,
    players: usize,
    ask: &RolloutAsk,
    reason: String,
    progress: &dyn Progress,
) -> Result<HeadStartEstimate, Error> {
    let started = Instant::now();
    let (newton, polished) = counts(ask.count);
    let search = search(policy, players, ask.seed, (newton, polished), progress);
    let head = search.last().map_or_else(|| vec![0; players], |r| r.next.clone());
    let estimate = seats_with(policy, &head, ask, reason, progress)?;
    let even = 1.0 / players as f64;
    let fair = estimate.seats.iter().all(|p| p.low <= even && even <= p.high);
    // The count reached reproduces the search too where the search never
    // played more a round.
    let reproduce = ask.count.is_some() || estimate.summary.rollouts >= POLISH;
    Ok(HeadStartEstimate {
        reproduce,
        head_starts: head[1..].to_vec(),
        seats: estimate.seats,
        fair_within: fair,
        search_each: polished,
        search: search
            .into_iter()
            .map(|r| SearchRound { head_starts: r.at[1..].to_vec(), chances: r.chances, rollouts: r.rollouts })
            .collect(),
        summary: estimate.summary,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// One round of the search: the head starts it played (seat 0 first, at
/// 0), the chances it found there, and the head starts it moves to.
#[derive(Debug, Clone)]
pub(crate) struct Round {
    pub(crate) at: Vec<i64>,
    pub(crate) chances: Vec<f64>,
    pub(crate) next: Vec<i64>,
    pub(crate) rollouts: u64,
}

/// The Newton rounds from no head starts.
pub(crate) fn search(
    policy: &SeatPolicy,
    players: usize,
    seed: u64,
    (newton, polished): ([u64; 3], u64),
    progress: &dyn Progress,
) -> Vec<Round> {
    let (goal, grid) = (policy.goal(), policy.grid());
    let most = goal - grid;
    let step = ((goal / 20) / grid).max(1) * grid;
    let even = 1.0 / players as f64;
    let mut at = vec![0i64; players];
    let mut rounds = Vec::new();
    progress.stage("searching for fair head starts", newton.iter().sum::<u64>() + polished * POLISH_ROUNDS as u64);
    for (r, &count) in newton.iter().enumerate() {
        // The head starts, then each seat's raised by a step (or lowered
        // where it cannot rise).
        let mut starts = vec![at.clone()];
        let mut steps = vec![0; players];
        for k in 1..players {
            let mut s = at.clone();
            steps[k] = if at[k] + step <= most { step } else { -step };
            s[k] += steps[k];
            starts.push(s);
        }
        let tally = play_starts(policy, &starts, count, game_seed(seed, SEARCH_STREAM, r as u64));
        let chances: Vec<f64> = (0..players).map(|s| tally.seat(0, s).0).collect();
        let slope = slopes(&tally, &chances, &steps);
        let want: Vec<f64> = chances[1..].iter().map(|p| even - p).collect();
        let moved = solve(slope, want).unwrap_or_else(|| vec![0.0; players - 1]);
        let mut next = at.clone();
        for k in 1..players {
            // At most a quarter of the goal a round: a slope that noise
            // made nearly flat must not throw the search off the board.
            let d = moved[k - 1].clamp(-(goal as f64) / 4.0, goal as f64 / 4.0);
            #[allow(clippy::cast_possible_truncation)]
            let snapped = ((at[k] as f64 + d) / grid as f64).round() as i64 * grid;
            next[k] = snapped.clamp(0, most);
        }
        progress.advance(count);
        rounds.push(Round { at: at.clone(), chances, next: next.clone(), rollouts: count * players as u64 });
        at = next;
    }
    for r in 0..POLISH_ROUNDS {
        let round = polish(policy, &at, polished, game_seed(seed, SEARCH_STREAM, (newton.len() + r) as u64));
        progress.advance(polished);
        let still = round.next == round.at;
        at = round.next.clone();
        rounds.push(round);
        if still {
            break;
        }
    }
    progress.finish();
    rounds
}

/// The linear model of the seats' chances in the head starts:
/// `slope[j][k]`, seat `j + 1`'s change of chance per point of seat
/// `k + 1`'s head start. One slope `σ` for every seat, pooled over every
/// raise (a seat's own gain per point), and each raise taken evenly from
/// the other seats (`-σ / (players - 1)` each): estimated one by one, the
/// `(players - 1)²` slopes were noise-ridden at eight players (a round
/// threw the head starts to +800 and the next back to +350), the pooled
/// one is the raises' average.
fn slopes(tally: &Tally, chances: &[f64], steps: &[i64]) -> Vec<Vec<f64>> {
    let m = chances.len() - 1;
    let gained: f64 = (1..=m).map(|k| (tally.seat(k, k).0 - chances[k]) * steps[k].signum() as f64).sum();
    let points: i64 = steps[1..].iter().map(|s| s.abs()).sum();
    let sigma = gained / points as f64;
    let share = if m > 0 { -sigma / m as f64 } else { 0.0 };
    (0..m).map(|j| (0..m).map(|k| if j == k { sigma } else { share }).collect()).collect()
}

/// A round of the polish: `at` and each seat's head start a grid step up
/// and down, on the same dice; the one whose largest distance from even
/// is smallest is next (`at` itself among equals).
fn polish(policy: &SeatPolicy, at: &[i64], count: u64, seed: u64) -> Round {
    let (n, grid, most) = (at.len(), policy.grid(), policy.goal() - policy.grid());
    let even = 1.0 / n as f64;
    let mut starts = vec![at.to_vec()];
    for k in 1..n {
        for d in [-grid, grid] {
            if (0..=most).contains(&(at[k] + d)) {
                let mut s = at.to_vec();
                s[k] += d;
                starts.push(s);
            }
        }
    }
    let tally = play_starts(policy, &starts, count, seed);
    let distance = |j: usize| (0..n).map(|s| (tally.seat(j, s).0 - even).abs()).fold(0.0, f64::max);
    let best = (1..starts.len()).fold(0, |b, j| if distance(j) < distance(b) { j } else { b });
    Round {
        at: at.to_vec(),
        chances: (0..n).map(|s| tally.seat(0, s).0).collect(),
        next: starts[best].clone(),
        rollouts: count * starts.len() as u64,
    }
}

/// Each set of head starts in `starts` (seat 0 first) played from its
/// first turn, `count` times, every set on the same dice.
pub(crate) fn play_starts(policy: &SeatPolicy, starts: &[Vec<i64>], count: u64, seed: u64) -> Tally {
    let (m, n) = (starts.len(), starts[0].len());
    let turns: Vec<_> = starts.iter().map(|s| policy.turn(s[0], &s[1..])).collect();
    (0..count)
        .into_par_iter()
        .fold(
            || (Tally::new(m, n), vec![None; m]),
            |(mut t, mut winners), i| {
                for ((w, s), turn) in winners.iter_mut().zip(starts).zip(&turns) {
                    let mut rng = SmallRng::seed_from_u64(game_seed(seed, 0, i));
                    *w = policy.play_out(s, Opening::Fresh, turn, &mut rng, TURNS_MAX);
                }
                t.add(&winners);
                (t, winners)
            },
        )
        .map(|(t, _)| t)
        .reduce(|| Tally::new(m, n), |a, b| a.merge(&b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Silent;
    use crate::pushluck::games::farkle;
    use crate::pushluck::rollout::policy::PolicyCache;
    use crate::pushluck::win::players::PlayersValues;
    use crate::pushluck::win::{self, players};
    use crate::pushluck::PushLuckGame;

    #[test]
    fn solve_inverts_a_small_system() {
        let a = vec![vec![2.0, 1.0, 0.0], vec![1.0, 3.0, 1.0], vec![0.0, 1.0, 4.0]];
        let x = [1.0, -2.0, 0.5];
        let b: Vec<f64> = a.iter().map(|r| r.iter().zip(&x).map(|(p, q)| p * q).sum()).collect();
        let got = solve(a, b).expect("regular");
        for (g, w) in got.iter().zip(&x) {
            assert!((g - w).abs() < 1e-12, "{got:?}");
        }
        assert!(solve(vec![vec![1.0, 2.0], vec![2.0, 4.0]], vec![1.0, 1.0]).is_none(), "singular");
    }

    /// Farkle's base rules to `goal`.
    fn farkle_to(goal: i64) -> PushLuckGame {
        let mut rules = farkle::base();
        rules.game.goal = goal;
        PushLuckGame::new("farkle", rules, vec![], None).expect("solvable")
    }

    /// The exact table's largest distance from even at head starts `head`
    /// (seat 0 first).
    fn exact_distance(exact: &PlayersValues, head: &[i64], grid: i64) -> f64 {
        let n = head.len();
        let levels: Vec<usize> = head.iter().map(|&h| usize::try_from(h / grid).expect("on the grid")).collect();
        exact.odds(&levels)[..n].iter().map(|p| (p - 1.0 / n as f64).abs()).fold(0.0, f64::max)
    }

    /// The search at `goal` for `players` from `seeds`, each found head
    /// starts' exact distance from even beside the exact table's best.
    /// With `three`, the seats play the table of three.
    fn against_exact(
        goal: i64,
        players: usize,
        seeds: std::ops::Range<u64>,
        three: bool,
    ) -> (f64, Vec<(Vec<i64>, f64)>) {
        let g = farkle_to(goal);
        let exact = players::solve(&g, players, &Silent).expect("solves");
        let (values, _, _) = win::solve(&g, &Silent).expect("solves");
        let of_three = three.then(|| players::solve(&g, 3, &Silent).expect("solves"));
        let cache = PolicyCache::new(&values);
        let policy = SeatPolicy::new(&g, &values, of_three.as_ref(), &cache);
        let grid = policy.grid();
        let (best, _) = players::table::fair_head_starts(&exact);
        let best: Vec<i64> = std::iter::once(0).chain(best).collect();
        let found = seeds
            .map(|seed| {
                let rounds = search(&policy, players, seed, counts(None), &Silent);
                assert!(rounds.len() > NEWTON.len() && rounds.len() <= NEWTON.len() + POLISH_ROUNDS);
                let head = rounds.last().expect("rounds").next.clone();
                assert!(head.iter().all(|&h| h % grid == 0 && (0..goal).contains(&h)), "{head:?}");
                let d = exact_distance(&exact, &head, grid);
                (head, d)
            })
            .collect();
        (exact_distance(&exact, &best, grid), found)
    }

    /// Three players to 1,000 (where the policy is close to the exact
    /// equilibrium): the search finds head starts the exact table rates
    /// as fair as its own best, within half a percentage point.
    #[test]
    fn the_search_finds_head_starts_as_fair_as_the_exact_tables() {
        let (best, found) = against_exact(1000, 3, 0..1, false);
        for (head, d) in found {
            assert!(d <= best + 0.005, "{head:?}: {d} against the exact best {best}");
        }
    }

    /// Four players to 500, a count given: the same count and seed give
    /// the same answer, every seat's chances add up to one, and the head
    /// starts lie on the grid below the goal.
    #[test]
    fn head_starts_by_a_count_are_reproduced_by_it() {
        let g = farkle_to(500);
        let (values, _, _) = win::solve(&g, &Silent).expect("solves");
        let cache = PolicyCache::new(&values);
        let policy = SeatPolicy::new(&g, &values, None, &cache);
        let ask = |seed| RolloutAsk { force: false, count: Some(3_000), seed };
        let run = |seed| fair_head_starts(&policy, 4, &ask(seed), "asked".into(), &Silent).expect("estimates");
        let (a, b, c) = (run(5), run(5), run(6));
        assert_eq!(a.head_starts, b.head_starts);
        assert_eq!(a.seats, b.seats);
        assert!(a.reproduce);
        assert_ne!(a.seats, c.seats, "another seed, other dice");
        assert_eq!(a.head_starts.len(), 3);
        assert!(a.head_starts.iter().all(|&h| h % 50 == 0 && (0..500).contains(&h)), "{:?}", a.head_starts);
        let sum: f64 = a.seats.iter().map(|p| p.estimate).sum();
        assert!((sum - 1.0).abs() < 1e-9, "{:?}", a.seats);
        assert!(a.search.iter().all(|r| r.rollouts > 0 && r.chances.len() == 4 && r.head_starts.len() == 3));
        assert_eq!(a.summary.rollouts, 3_000);
        let even = 0.25;
        assert_eq!(a.fair_within, a.seats.iter().all(|p| p.low <= even && even <= p.high));
    }

    /// Four players to 500 (the extended tier prints it): how fair the
    /// exact table rates the head starts the search finds, against its
    /// own best. The policy (each seat playing the pair table against its
    /// strongest opponent) is further from the equilibrium at so short a
    /// goal, so this measures the policy as much as the search.
    #[test]
    #[ignore = "extended tier"]
    fn extended_head_starts_of_four_at_500_against_exact() {
        for three in [false, true] {
            let (best, found) = against_exact(500, 4, 0..4, three);
            eprintln!(
                "four players to 500 (table of three: {three}): the exact best is {best:.4} from even; {found:?}"
            );
            // Measured: 0.019 to 0.023 by the pair table (its policy's
            // own distance from the equilibrium at so short a goal); by
            // the table of three every seed at the exact best, 0.0026.
            let bound = if three { 0.01 } else { 0.04 };
            assert!(found.iter().all(|(_, d)| *d < bound), "{found:?}");
        }
    }
}
