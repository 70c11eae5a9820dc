//! `advise` for a score-sheet game: which question it is, and who answers
//! it. Playing to win against other sheets goes to
//! [`super::win::advise`]; playing to reach a score to [`super::target::advise`]; the
//! expected score to [`super::advise`], with the final-score distribution
//! of [`super::distribution::advise`] beside it where the game has it.
//! Kept apart from the ranking so that the answers below it can use the
//! ranking without a circle of imports.

use std::path::Path;

use super::advise::{advise_sheet, check, rank};
use super::model::CategoryGame;
use super::subgame::advise::{advise_below, Below};
use super::table::{open_or_solve, Storage};
use super::turn::{Indexed, Position, TurnDp};
use super::win::advise::{advise_win, WinQuestion};
use crate::error::Error;
use crate::progress::Progress;
use crate::question::CategoryQuestion;
use crate::report::CategoryAdvice;
use crate::table;

/// Answers `q`, with the tables from `dir` (or solves on the spot: see
/// [`super::advise`]'s module docs).
pub(crate) fn advise(
    game: &CategoryGame,
    dir: &Path,
    q: &CategoryQuestion,
    progress: &dyn Progress,
) -> Result<CategoryAdvice, Error> {
    let (sheet, roll, locked) = check(game, q)?;
    let at = Position { roll, dice: q.dice.unwrap_or_default(), locked };
    let position = q.dice.is_some().then_some(&at);
    if !q.opponents.is_empty() {
        let question = WinQuestion { sheet: &sheet, position, opponents: &q.opponents, distribution: q.distribution };
        return advise_win(game, dir, &question, progress);
    }
    if Storage::of(game) != Storage::Table {
        // No target or distribution table (Six Hundred): those come from
        // the sub-game below the sheet.
        let asked = match (q.target, q.distribution) {
            (Some(target), _) => Below::Target(target),
            (None, true) => Below::Distribution(true),
            (None, false) => return advise_sheet(game, dir, &sheet, position, progress),
        };
        return advise_below(game, &sheet, position, asked, progress);
    }
    if let Some(target) = q.target {
        return super::target::advise::advise_target(game, dir, &sheet, position, target, progress);
    }
    // A game with a table: the expected-score advice, and the final-score
    // distribution beside it where its table is there (or, when asked for,
    // solved first).
    let dp = TurnDp::new(game);
    let distribution = if q.distribution {
        Some(super::distribution::table::open_or_solve(dir, &dp, progress)?)
    } else {
        let states = dp.index().len();
        match super::distribution::table::open(dir, game, states, table::Verify::Auto) {
            Err(Error::Table(table::TableError::Missing { .. })) => None,
            other => Some(other?),
        }
    };
    let values = open_or_solve(dir, &dp, progress)?;
    let ev = Indexed { index: dp.index(), values: values.values() };
    let mut report = rank(&dp, &ev, &sheet, position)?;
    if let Some(table) = &distribution {
        let bands = super::distribution::table::DistributionBands { index: dp.index(), table };
        super::distribution::advise::attach(&dp, &bands, &ev, &sheet, position, q.distribution, &mut report)?;
    }
    Ok(report)
}
