//! Advice for one roll when the player needs a final score: every choice
//! ranked by its exact best chance of a final score of at least the
//! target, beside its expected final score.
//!
//! The chance comes from the target table (the turn DP run for the
//! player's one state and needed score, the table's bands as
//! successors); the expected score from the expected-score table, as plain
//! `advise` gives it. Both tables are solved first when missing and quick
//! to solve ([`crate::auto_solve`]).

use std::path::Path;

use super::table::{open_or_solve, TargetBands};
use crate::category::advise::{action_of, locate, rank};
use crate::category::model::{CategoryGame, Sheet};
use crate::category::table::open_or_solve as open_or_solve_values;
use crate::category::turn::{Bands, Choice, Indexed, Position, Run, Scratch, TurnDp};
use crate::error::Error;
use crate::progress::Progress;
use crate::report::CategoryAdvice;
use crate::vocabulary::Objective;

/// Ranks every choice at `position` of a turn from `sheet` (`None`: before
/// the turn's first roll) by the best chance of a final score of at least
/// `target`.
pub(crate) fn advise_target(
    game: &CategoryGame,
    dir: &Path,
    sheet: &Sheet,
    position: Option<&Position>,
    target: u32,
    progress: &dyn Progress,
) -> Result<CategoryAdvice, Error> {
    super::table::refuse_locked(game)?;
    let dp = TurnDp::new(game);
    // The target table first: when it is refused, nothing else is solved.
    let table = open_or_solve(dir, &dp, progress)?;
    let values = open_or_solve_values(dir, &dp, progress)?;
    let ev = Indexed { index: dp.index(), values: values.values() };
    let bands = TargetBands { index: dp.index(), table: &table };
    let report = rank(&dp, &ev, sheet, position)?;
    rank_by_target(&dp, &bands, sheet, position, target, report)
}

/// Ranks the expected-score advice `report` (at `position` from `sheet`)
/// by the best chance of a final score of at least `target`, from the
/// target chances `bands` of the states after this turn.
pub(crate) fn rank_by_target<B: Bands + ?Sized>(
    dp: &TurnDp,
    bands: &B,
    sheet: &Sheet,
    position: Option<&Position>,
    target: u32,
    mut report: CategoryAdvice,
) -> Result<CategoryAdvice, Error> {
    let game = dp.game();
    let (mask, lane) = locate(dp, sheet)?;
    let needed = i64::from(target) - i64::from(sheet.total(game));
    let chances: Vec<(Choice, f64)> = match position {
        Some(p) => dp.target_choices(bands, mask, lane, needed, p),
        None => {
            let mut out = [0.0];
            let run = Run { lane, first: needed, len: 1 };
            dp.target_turn_start(bands, mask, &[run], &mut Scratch::<f64>::default(), &mut out);
            vec![(Choice::Keep([0; 6]), out[0])]
        }
    };
    report.objective = Objective::Target;
    report.target = Some(target);
    report.chance = Some(chances.iter().map(|c| c.1).fold(0.0, f64::max));
    if position.is_some() {
        // Each alternative's chance, found by its choice; then the best
        // chance first (stable: equal chances keep the expected-score order).
        for alt in &mut report.alternatives {
            alt.chance = chances.iter().find(|(c, _)| alt.action == action_of(game, c)).map(|c| c.1);
        }
        report.alternatives.sort_by(|a, b| b.chance.unwrap_or(0.0).total_cmp(&a.chance.unwrap_or(0.0)));
    }
    Ok(report)
}
