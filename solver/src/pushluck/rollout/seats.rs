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

/// The rollouts of `game` for `players`, its rules checked first.
pub(super) fn checked<'g>(
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
    let seats = (0..players).map(|s| interval(tally.seat_controlled(0, s))).collect();
    Ok(SeatEstimate { seats, summary: summary(policy, &tally, ask, reason, seconds) })
}
