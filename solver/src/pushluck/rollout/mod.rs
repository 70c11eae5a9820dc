//! P(win) at tables the exact solve does not fit, by rollouts: the
//! position played out many times under a stated policy for every seat,
//! the way backgammon programs analyse positions.
//!
//! ## The policy ([`policy`])
//! Below the goal every seat plays the exact two-player win policy against
//! its strongest opponent (the pair table's turn at its total and the
//! highest other total); in the last round each chaser plays the exact
//! turn that best ends above the best total so far. With two players that
//! is the equilibrium itself, so rollouts estimate the pair table's
//! values (which the tests use to check the intervals' coverage); with
//! more it is an approximation, measured against the exact tables where
//! they exist.
//!
//! ## Common dice
//! Rollout `i` draws its dice from a generator seeded by the seed and `i`,
//! the same for every alternative: the alternatives are compared on the
//! same dice, and a difference between two is estimated from the paired
//! outcomes ([`tally`]), with a far narrower interval than either chance.
//! The counts are integers, so the same seed and count give the same
//! numbers whatever the threads.
//!
//! ## Budget
//! Without a count the rollouts run in batches until two seconds have
//! passed (the count reached is reported, so that `--rollouts N --seed S`
//! reproduces the answer); with a count, exactly that many.

pub(crate) mod advise;
pub(crate) mod head_starts;
pub(crate) mod policy;
pub(crate) mod seats;
pub(crate) mod tally;
#[cfg(test)]
mod tests;

pub(crate) use advise::advise_by_rollouts;
pub(crate) use head_starts::seats_and_head_starts;

use std::path::Path;
use std::time::Instant;

use rand::rngs::SmallRng;
use rand::SeedableRng;
use rayon::prelude::*;

use crate::error::Error;
use crate::limits::{ROLLOUTS_MAX, ROLLOUT_SECONDS};
use crate::progress::Progress;
use crate::pushluck::simulate::arena::{game_seed, TURNS_MAX};
use crate::pushluck::solution::Solution;
use crate::pushluck::win::players::table as players_table;
use crate::pushluck::win::players::PlayersValues;
use crate::pushluck::win::table::load as load_win;
use crate::pushluck::win::WinValues;
use crate::pushluck::PushLuckGame;
use crate::question::RolloutAsk;
use crate::report::RolloutSummary;
use crate::table::TableError;
use policy::{Opening, PolicyCache, SeatPolicy, SEATS_MOST};
use tally::Tally;

/// The policy as the reports state it.
pub(crate) const POLICY: &str =
    "below the goal every seat plays the exact two-player win policy against its strongest \
                                 opponent (the highest other total); in the last round each chaser plays the turn \
                                 that best ends above the best total so far";

/// The policy where the game's table of three is there.
pub(crate) const POLICY_THREE: &str = "below the goal every seat plays the exact equilibrium of the table of three \
                                       against its two strongest opponents (the highest other totals); in the last \
                                       round each chaser plays the turn that best ends above the best total so far";

/// Rollouts per batch under the time budget (the budget is checked
/// between batches).
const BATCH: u64 = 512;

/// A position to play out: the totals in turn order from the mover, the
/// mover's alternatives (how their turn begins), and the turn the
/// alternatives that roll on continue with.
pub(crate) struct Position<'a, 'g> {
    pub(crate) totals: &'a [i64],
    pub(crate) openings: &'a [Opening],
    pub(crate) turn: &'a Solution<'g>,
}

/// Plays `position` out as `ask` says; returns the counts and the seconds
/// taken.
pub(crate) fn roll_out<'g>(
    policy: &SeatPolicy<'_, 'g>,
    position: &Position<'_, 'g>,
    ask: &RolloutAsk,
    progress: &dyn Progress,
) -> (Tally, f64) {
    let started = Instant::now();
    let (m, n) = (position.openings.len(), position.totals.len());
    // Each rollout's winners and lucks, counted in the rollouts' order:
    // the lucks' float sums then do not depend on how the threads split
    // the work, so a count and seed give the same numbers bit for bit.
    let batch = |from: u64, to: u64| -> Tally {
        let played: Vec<(Vec<Option<usize>>, Vec<f64>)> = (from..to)
            .into_par_iter()
            .map(|i| {
                let mut winners = vec![None; m];
                let mut lucks = vec![0.0; m * n];
                for ((w, &opening), l) in winners.iter_mut().zip(position.openings).zip(lucks.chunks_mut(n)) {
                    // The same dice for every alternative; each one's
                    // seats' lucks too.
                    let mut rng = SmallRng::seed_from_u64(game_seed(ask.seed, 0, i));
                    let mut luck = [0.0; SEATS_MOST];
                    *w = policy.play_out_luck(
                        position.totals,
                        opening,
                        position.turn,
                        &mut rng,
                        TURNS_MAX,
                        Some(&mut luck),
                    );
                    l.copy_from_slice(&luck[..n]);
                }
                (winners, lucks)
            })
            .collect();
        let mut t = Tally::with_luck(m, n);
        for (winners, lucks) in &played {
            t.add_lucky(winners, lucks);
        }
        t
    };
    let mut tally = Tally::with_luck(m, n);
    match ask.count {
        Some(count) => {
            progress.stage("rolling out", count);
            let mut done = 0;
            while done < count {
                let to = (done + BATCH).min(count);
                tally = tally.merge(&batch(done, to));
                progress.advance(to - done);
                done = to;
            }
        }
        None => {
            // Progress in milliseconds of the budget.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let budget_ms = (ROLLOUT_SECONDS * 1000.0) as u64;
            progress.stage("rolling out for two seconds", budget_ms);
            let mut shown = 0;
            while tally.rollouts < ROLLOUTS_MAX {
                let from = tally.rollouts;
                tally = tally.merge(&batch(from, from + BATCH));
                let ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX).min(budget_ms);
                progress.advance(ms - shown);
                shown = ms;
                if ms >= budget_ms {
                    break;
                }
            }
        }
    }
    progress.finish();
    (tally, started.elapsed().as_secs_f64())
}

/// The report's account of a run.
pub(crate) fn summary(
    policy: &SeatPolicy,
    tally: &Tally,
    ask: &RolloutAsk,
    reason: String,
    seconds: f64,
) -> RolloutSummary {
    let policy = if policy.plays_three() { POLICY_THREE } else { POLICY };
    RolloutSummary { rollouts: tally.rollouts, seed: ask.seed, policy, reason, separated: None, seconds }
}

/// What the rollouts read, owned: the pair table, the table of three where
/// the seats play it, and the turns solved so far, which later estimates
/// reuse (at the start of a game of four at 10,000, 500 rollouts took 2.0
/// s and 20,000 took 4.4 s: most of a short estimate is solving turns
/// met for the first time).
pub(crate) struct Rollouts<'g> {
    game: &'g PushLuckGame,
    values: WinValues<'g>,
    three: Option<PlayersValues<'g>>,
    cache: PolicyCache<'g>,
}

impl<'g> Rollouts<'g> {
    /// The pair table read from `tables` (or solved first when that is
    /// quick) and the table of three where the seats play it.
    ///
    /// # Errors
    /// A pair table missing and slow to solve; a damaged table.
    pub(crate) fn load(game: &'g PushLuckGame, tables: &Path, progress: &dyn Progress) -> Result<Rollouts<'g>, Error> {
        let values = load_win(game, tables, progress)?;
        let three = table_of_three(game, tables)?;
        let cache = PolicyCache::new(&values);
        Ok(Rollouts { game, values, three, cache })
    }

    /// The policy in the reports' words.
    pub(crate) fn policy_words(&self) -> &'static str {
        if self.three.is_some() {
            POLICY_THREE
        } else {
            POLICY
        }
    }

    /// The seats' policy, on the kept turns.
    pub(crate) fn policy(&self) -> SeatPolicy<'_, 'g> {
        SeatPolicy::new(self.game, &self.values, self.three.as_ref(), &self.cache)
    }
}

/// The game's table of three where it is there and small enough that
/// every turn of it can be kept (each seat then plays it against its two
/// strongest opponents), else `None`: a larger one would have each game
/// solve turns of states never met before (Farkle to 10,000, 8 million
/// states: 4,000 rollouts took 89 s and 2.3 GB, against 0.2 s by the pair
/// table).
///
/// # Errors
/// A table that is there but damaged or stale.
pub(crate) fn table_of_three<'g>(game: &'g PushLuckGame, tables: &Path) -> Result<Option<PlayersValues<'g>>, Error> {
    match players_table::load(game, 3, tables) {
        Ok(v) if v.states() <= policy::THREE_KEPT => Ok(Some(v)),
        Ok(_) => Ok(None),
        // Missing, or not to be had for these rules: the pair table plays.
        Err(Error::Table(TableError::Missing { .. }) | Error::Win(_) | Error::TooLarge(_)) => Ok(None),
        Err(e) => Err(e),
    }
}
