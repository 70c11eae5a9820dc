//! Every seat's P(win) from a position at the start of a turn, by
//! rollouts: `compare --players N` from zero (with the fair head starts),
//! and a game in play.

use std::path::Path;

use super::head_starts::fair_head_starts;
use super::policy::{Opening, SeatPolicy, SEATS_MOST};
use super::tally::interval;
use super::{roll_out, summary, Position, Rollouts};
use crate::error::{Error, WinError};
use crate::progress::Progress;
use crate::pushluck::PushLuckGame;
use crate::question::RolloutAsk;
use crate::report::{HeadStartEstimate, SeatEstimate};

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

/// The rollouts of `game` for `players`, its rules checked first.
fn checked<'g>(
    game: &'g PushLuckGame,
    players: usize,
    tables: &Path,
    progress: &dyn Progress,
) -> Result<Rollouts<'g>, Error> {
    if !(2..=SEATS_MOST).contains(&players) {
        return Err(WinError::PlayersCount(players).into());
    }
    if let Some(what) = crate::pushluck::win::players::refusal(game.win_model(), players) {
        return Err(WinError::RolloutRules { game: game.title(), players, what }.into());
    }
    Rollouts::load(game, tables, progress)
}

/// Each seat's chance when the player at `totals[0]` is about to start a
/// turn (the others in turn order after them, every total below the
/// goal and on its grid), under `policy`.
pub(crate) fn seats_with(
    policy: &SeatPolicy,
    totals: &[i64],
    ask: &RolloutAsk,
    reason: String,
    progress: &dyn Progress,
) -> Result<SeatEstimate, Error> {
    let players = totals.len();
    let turn = policy.turn(totals[0], &totals[1..]);
    let position = Position { totals, openings: &[Opening::Fresh], turn };
    let (tally, seconds) = roll_out(policy, &position, ask, progress);
    // Each chance controlled by the seats' lucks (see `tally`).
    let seats = (0..players).map(|s| interval(tally.seat_controlled(s))).collect();
    Ok(SeatEstimate { seats, summary: summary(policy, &tally, ask, reason, seconds) })
}
