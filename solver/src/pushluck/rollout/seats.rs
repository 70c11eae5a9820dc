//! Every seat's P(win) from a position at the start of a turn, by
//! rollouts: `compare --players N` from zero, and a game in play.

use std::path::Path;

use super::policy::{Opening, SeatPolicy, SEATS_MOST};
use super::tally::interval;
use super::{roll_out, summary, Position, Rollouts};
use crate::error::{Error, WinError};
use crate::progress::Progress;
use crate::pushluck::PushLuckGame;
use crate::question::RolloutAsk;
use crate::report::SeatEstimate;

/// Each seat's chance when the player at `totals[0]` is about to start a
/// turn (the others in turn order after them, every total below the
/// goal and on its grid).
///
/// # Errors
/// Rules the rollouts do not take; a count of players outside 2 to 8; a
/// pair table that is missing and slow to solve.
pub(crate) fn seats_by_rollouts(
    game: &PushLuckGame,
    tables: &Path,
    totals: &[i64],
    ask: &RolloutAsk,
    reason: String,
    progress: &dyn Progress,
) -> Result<SeatEstimate, Error> {
    let players = totals.len();
    if !(2..=SEATS_MOST).contains(&players) {
        return Err(WinError::PlayersCount(players).into());
    }
    if let Some(what) = crate::pushluck::win::players::refusal(game.win_model(), players) {
        return Err(WinError::RolloutRules { game: game.title(), players, what }.into());
    }
    seats_with(&Rollouts::load(game, tables, progress)?.policy(), totals, ask, reason, progress)
}

/// [`seats_by_rollouts`] under `policy`, the totals checked.
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
    let seats = (0..players).map(|s| interval(tally.seat(0, s))).collect();
    Ok(SeatEstimate { seats, summary: summary(policy, &tally, ask, reason, seconds) })
}
