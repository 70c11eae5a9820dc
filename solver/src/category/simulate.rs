//! Seeded simulation of a category game played optimally from its table.
//!
//! Each game is played out turn by turn: at the start of a turn the turn
//! DP of that one state is solved from the table's values of the states
//! after it ([`TurnDp::plan`]), which gives the value of every keep with
//! each number of rolls left; the dice are rolled with a generator seeded
//! from the run's seed and the game's number, the best keep (lock) is
//! taken after each roll and the best box after the last. Ties go to the
//! first alternative, as `advise` lists them. So the simulated player is
//! exactly the player `advise` describes, and a run is reproducible: the
//! same seed gives the same games whatever the number of threads.
//!
//! The mean of the final scores estimates the table's optimal expected
//! score; the report gives both, so that a reader can check the one
//! against the other (within a few standard errors).

use std::path::Path;
use std::time::Instant;

use rand::rngs::SmallRng;
use rand::SeedableRng;
use rayon::prelude::*;

use super::levels::{self, AllLevels};
use super::model::Sheet;
use super::model::{CategoryGame, KeepRule};
use super::solve::solve;
use super::table::open_or_solve;
use super::turn::{Indexed, Scratch, TurnDp, Values};
use crate::category::table::Storage;
use crate::dice::{dice_count, roll_onto, FACES};
use crate::error::Error;
use crate::error::SimulateError;
use crate::limits::WHOLE_SOLVE_STATES_MAX;
use crate::progress::Progress;
use crate::question::SimulateQuestion;
use crate::report::{BoxZeros, Percentile, Rate, SimulationReport};
use crate::table;
use crate::vocabulary::Objective;

/// One simulated game.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Played {
    pub(crate) score: u32,
    upper_bonus: bool,
    other_bonus: bool,
    /// Boxes that ended at 0.
    zeros: u32,
}

/// Plays `q.games` games of `game` optimally with its table in `tables`
/// (solving it first when that takes seconds).
pub(crate) fn simulate(
    game: &CategoryGame,
    tables: &Path,
    q: &SimulateQuestion,
    progress: &dyn Progress,
) -> Result<SimulationReport, Error> {
    let setup = Instant::now();
    let dp = TurnDp::new(game);
    let states = dp.index().len();
    if Storage::of(game) == Storage::Table {
        let table = open_or_solve(tables, &dp, progress)?;
        return Ok(play_all(&dp, &Indexed { index: dp.index(), values: table.values() }, q, setup, progress));
    }
    let dir = levels::levels_dir(tables, game);
    let mut all = AllLevels::open(&dp, &dir)?;
    if all.is_none() && states <= WHOLE_SOLVE_STATES_MAX {
        progress.note(&format!("no table at {}; solving {} now (a few seconds)", dir.display(), game.title));
        if let Err(e) = levels::check_writable(&dir) {
            // The levels cannot be kept: play from values in memory.
            table::note_unsaved(progress, &e);
            let values = solve(&dp, progress).values;
            return Ok(play_all(&dp, &Indexed { index: dp.index(), values: values.as_slice() }, q, setup, progress));
        }
        levels::solve_levels(&dp, &dir, progress)?;
        all = AllLevels::open(&dp, &dir)?;
    }
    match all {
        Some(values) => Ok(play_all(&dp, &values, q, setup, progress)),
        None => Err(SimulateError::NeedsTable {
            game: game.title.clone(),
            command: game.reference().solve_command(Objective::FinalScore),
            needs: levels::needs_in_words(&dp),
        }
        .into()),
    }
}

/// Plays the games from `values`; the set-up (table read or solved) began
/// at `setup`.
fn play_all<V: Values + ?Sized>(
    dp: &TurnDp,
    values: &V,
    q: &SimulateQuestion,
    setup: Instant,
    progress: &dyn Progress,
) -> SimulationReport {
    let game = dp.game();
    let clock = Instant::now();
    progress.stage(&format!("simulating {} games", q.games), q.games);
    let games = usize::try_from(q.games).expect("bounded by GAMES_MAX");
    let mut played: Vec<Played> = (0..games)
        .into_par_iter()
        .with_min_len(64)
        .map(|i| {
            let g = play(dp, values, game_seed(q.seed, i as u64));
            progress.advance(1);
            g
        })
        .collect();
    progress.finish();
    let seconds = clock.elapsed().as_secs_f64();

    let (mask, lane) = start_state(dp);
    let mut out = [0.0];
    dp.turn_start(values, mask, &[lane], &mut Scratch::<f64>::default(), &mut out);

    #[allow(clippy::cast_precision_loss)]
    let n = played.len() as f64;
    let mean = played.iter().map(|g| f64::from(g.score)).sum::<f64>() / n;
    let var = played.iter().map(|g| (f64::from(g.score) - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    #[allow(clippy::cast_precision_loss)]
    let share = |count: usize| count as f64 / n;
    let upper_bonus = game
        .upper_bonus
        .map(|b| Rate { points: b.points, rate: share(played.iter().filter(|g| g.upper_bonus).count()) });
    let other_bonus_rate = share(played.iter().filter(|g| g.other_bonus).count());
    let zeros = game
        .categories
        .iter()
        .enumerate()
        .map(|(c, cat)| BoxZeros {
            category: cat.name.to_string(),
            rate: share(played.iter().filter(|g| g.zeros & (1 << c) != 0).count()),
        })
        .collect();
    played.sort_unstable_by_key(|g| g.score);
    let percentiles = [1, 5, 10, 25, 50, 75, 90, 95, 99]
        .into_iter()
        .map(|percent| Percentile { percent, score: nearest_rank(&played, percent) })
        .collect();
    SimulationReport {
        game: game.reference(),
        games: q.games,
        seed: q.seed,
        expected_score: out[0],
        mean,
        std_error: (var / n).sqrt(),
        std_dev: var.sqrt(),
        min: played.first().map_or(0, |g| g.score),
        max: played.last().map_or(0, |g| g.score),
        percentiles,
        upper_bonus,
        other_bonus_rate,
        zeros,
        setup_seconds: (clock - setup).as_secs_f64(),
        seconds,
        games_per_second: n / seconds.max(1e-9),
    }
}

/// The nearest-rank percentile of sorted games.
fn nearest_rank(sorted: &[Played], percent: u32) -> u32 {
    let n = sorted.len() as u64;
    let rank = (u64::from(percent) * n).div_ceil(100).clamp(1, n);
    sorted[usize::try_from(rank - 1).expect("fits")].score
}

/// The seed of game `i` of a run: independent of how games are spread
/// over threads.
fn game_seed(seed: u64, i: u64) -> u64 {
    seed ^ (i.wrapping_add(1)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

fn start_state(dp: &TurnDp) -> (u32, usize) {
    let game = dp.game();
    let state = Sheet::empty(game).state(game);
    let number = dp.index().state_number(&state).expect("the empty sheet is a state");
    (state.mask, number - dp.index().offset(state.mask))
}

/// One game, optimally, with the dice of `seed`.
pub(crate) fn play<V: Values + ?Sized>(dp: &TurnDp, values: &V, seed: u64) -> Played {
    let game = dp.game();
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut mask, mut lane) = start_state(dp);
    let (mut total, mut boxes, mut upper, mut zeros) = (0f64, 0u32, 0u32, 0u32);
    let locked_rule = game.keep_rule == KeepRule::Locked;
    while mask != game.full_mask() {
        let plan = dp.plan(values, mask, lane);
        let mut dice = roll_onto(&mut rng, game.dice, &[0; FACES]);
        let mut locked = [0; FACES];
        for r in 1..game.rolls {
            if locked_rule && locked == dice {
                break; // every die locked: the turn stops here
            }
            let keep = plan.best_keep(dp, &dice, &locked, game.rolls - r);
            if locked_rule {
                locked = keep;
            }
            dice = roll_onto(&mut rng, game.dice - dice_count(&keep), &keep);
        }
        let (cat, points, written) = plan.best_box(dp, &dice);
        let (eff, extra) = dp.index().lane_state(mask, lane);
        let step = dp.after_scoring(mask, eff, extra, cat, points);
        total += step.gained + f64::from(game.extra.roll_bonus(mask, extra, &dice));
        boxes += written;
        if game.categories[cat].upper_face.is_some() {
            upper += written;
        }
        if written == 0 {
            zeros |= 1 << cat;
        }
        mask |= 1 << cat;
        lane = step.lane;
    }
    let upper_bonus = game.upper_bonus.is_some_and(|b| upper >= b.threshold);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // whole points
    let score = total.round() as u32;
    let bonus_points = game.upper_bonus.filter(|_| upper_bonus).map_or(0, |b| b.points);
    Played { score, upper_bonus, other_bonus: score > boxes + bonus_points, zeros }
}
