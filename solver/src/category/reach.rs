//! `info --target T` and `info --distribution --sheet S`: the chances
//! from one sheet before its turn, read from the tables that are there
//! (nothing is solved). The target table gives the best chance of a final
//! score of at least `T`; the distribution table what playing for points
//! gets, and the expected-score table that play's expected final score.

use std::path::Path;

use super::advise::{locate, rank};
use super::distribution::summary::summarize;
use super::distribution::table as distribution;
use super::model::{CategoryGame, Sheet};
use super::table::GameValues;
use super::target::table as target;
use super::turn::{Indexed, TurnDp};
use crate::error::{Error, SheetError};
use crate::report::{PositionFacts, TableReport};
use crate::table::{TableError, Verify};

/// A table that is not there is `None`; any other failure is the answer.
fn if_there<T>(r: Result<T, Error>) -> Result<Option<T>, Error> {
    match r {
        Err(Error::Table(TableError::Missing { .. })) => Ok(None),
        other => other.map(Some),
    }
}

/// The facts of the target table (with `target`) or else of the
/// distribution table, and the chances from `sheet` (`None`: the empty
/// sheet).
pub(crate) fn info(
    dir: &Path,
    game: &CategoryGame,
    verify: Verify,
    goal: Option<u32>,
    sheet: Option<&str>,
) -> Result<TableReport, Error> {
    let dp = TurnDp::new(game);
    let text = sheet.unwrap_or("");
    let sheet = Sheet::parse(game, text)?;
    if sheet.is_full() {
        return Err(SheetError::Full.into());
    }
    let (mask, lane) = locate(&dp, &sheet)?;
    let states = dp.index().len();
    let so_far = sheet.total(game);
    // The table asked about is opened once, checked as `verify` says; the
    // distribution table beside a target one only if it is there.
    let (mut report, best, spread) = match goal {
        Some(_) => {
            target::refuse_locked(game)?;
            let table = target::open(dir, game, states, verify)?;
            let spread = if_there(distribution::open(dir, game, states, Verify::Auto))?;
            (target::report(&table), Some(table), spread)
        }
        None => {
            distribution::refuse_locked(game)?;
            let table = distribution::open(dir, game, states, verify)?;
            (distribution::report(&table), None, Some(table))
        }
    };
    let mut facts = PositionFacts {
        sheet: text.trim().to_string(),
        points_so_far: so_far,
        target: goal,
        best_chance: None,
        expected_score: None,
        expected_play_chance: None,
        distribution: None,
    };
    if let (Some(t), Some(table)) = (goal, &best) {
        // The table holds every turn-start state's band: the sheet's own.
        let needed = i64::from(t) - i64::from(so_far);
        facts.best_chance = Some(table.band(dp.index().offset(mask) + lane).at(needed));
    }
    if let Some(table) = &spread {
        let d = summarize(so_far, &table.band(dp.index().offset(mask) + lane));
        facts.expected_play_chance = goal.map(|t| d.chance_at_least(t));
        facts.distribution = Some(d);
    }
    if let Some((values, _)) = if_there(super::table::open(dir, game, Some(states), Verify::Auto))? {
        let values = GameValues::Table(values);
        let ev = Indexed { index: dp.index(), values: values.values() };
        facts.expected_score = Some(rank(&dp, &ev, &sheet, None)?.expected_score);
    }
    report.position = Some(facts);
    Ok(report)
}
