//! How a score-sheet game at the table is valued: by each player's chance
//! to win against the other sheets (two or more players, where the game's
//! target and distribution tables are at hand or solve within the
//! auto-solve budget), else by the expected final score.
//!
//! The chance to win is `advise --opponent-sheet`'s: exact once every
//! other sheet is full, before that the rule of [`crate::category::win`]
//! (the chance if the best other final score were known now, the other
//! sheets played for points, independently). Each player's chance is
//! their own (the session's `Mode::Chances`): it moves with their rolls
//! and decisions, and every seat's is read again at each turn's start.

use std::path::Path;

use crate::category::model::{CategoryGame, Sheet};
use crate::category::table::Storage;
use crate::category::turn::{Position, TurnDp, Values};
use crate::category::win::advise::{rank_to_win, WinTables};
use crate::category::win::field::{best_of, of_sheet, opponents, ReadSheet};
use crate::error::{Error, WinError};
use crate::progress::Progress;
use crate::report::CategoryAdvice;

/// What a category game's values are.
pub(super) enum Valuing {
    /// The expected final score; `why` says why a game of several players
    /// is not valued by the chance to win.
    Points { why: Option<String> },
    /// Each player's chance to win.
    ToWin(Box<WinTables>),
}

impl Valuing {
    /// The valuing of a game of `players`: to win where it can be (the
    /// tables opened, or solved first when quick).
    pub(super) fn of(
        game: &CategoryGame,
        dp: &TurnDp,
        players: usize,
        tables: &Path,
        progress: &dyn Progress,
    ) -> Result<Valuing, Error> {
        if players < 2 {
            return Ok(Valuing::Points { why: None });
        }
        if Storage::of(game) != Storage::Table {
            let why = format!("playing to win is not solved for {} yet", game.title);
            return Ok(Valuing::Points { why: Some(why) });
        }
        match WinTables::open_or_solve(tables, dp, progress) {
            Ok(t) => Ok(Valuing::ToWin(Box::new(t))),
            Err(Error::Win(e @ WinError::NeedsSolve { .. })) => Ok(Valuing::Points { why: Some(e.to_string()) }),
            Err(e) => Err(e),
        }
    }

    /// The sentence that says a game of several players is valued by
    /// points, and why.
    pub(super) fn judging(&self) -> Option<String> {
        let Valuing::Points { why: Some(why) } = self else { return None };
        Some(format!("Values: the expected final score of each player, not the chance of winning ({why})."))
    }
}

/// `seat`'s chance to win before its turn (a full sheet: of staying above
/// every other final score).
pub(super) fn chance_before<V: Values + ?Sized>(
    dp: &TurnDp,
    tables: &WinTables,
    ev: &V,
    sheets: &[Sheet],
    seat: usize,
) -> Result<f64, Error> {
    if !sheets[seat].is_full() {
        return Ok(rank_seat(dp, tables, ev, sheets, seat, None)?.chance.unwrap_or(0.0));
    }
    let others = opponents(dp, &tables.distribution, &other_sheets(dp, sheets, seat)?);
    let best = best_of(&others.iter().map(|o| &o.distribution).collect::<Vec<_>>());
    Ok(1.0 - best.chance_at_least(sheets[seat].total(dp.game())))
}

fn other_sheets(dp: &TurnDp, sheets: &[Sheet], seat: usize) -> Result<Vec<ReadSheet>, Error> {
    sheets
        .iter()
        .enumerate()
        .filter(|&(k, _)| k != seat)
        .map(|(k, s)| of_sheet(dp, format!("seat {}", k + 1), s))
        .collect()
}

/// `seat`'s choices at `position` (`None`: before the turn) ranked by the
/// chance to win against every other sheet of `sheets`.
pub(super) fn rank_seat<V: Values + ?Sized>(
    dp: &TurnDp,
    tables: &WinTables,
    ev: &V,
    sheets: &[Sheet],
    seat: usize,
    position: Option<&Position>,
) -> Result<CategoryAdvice, Error> {
    let others = opponents(dp, &tables.distribution, &other_sheets(dp, sheets, seat)?);
    rank_to_win(dp, tables, ev, &sheets[seat], position, others, false)
}
