//! `advise --target` and `advise --distribution` for a game without those
//! tables (Six Hundred): everything from the sub-game below the sheet.
//!
//! The sheet's reachable states are found ([`Reach`]) and solved three
//! times over: the expected score ([`super::solve`]), which ranks the
//! choices and is the play the distribution follows; then the target
//! bands or the distribution bands ([`super::bands`]). One set of
//! expected-score values serves both, so the distribution is that of the
//! play the report ranks first. A sheet with more states below it than
//! [`BANDS_BELOW_STATES_MAX`] is refused in one line: the chances come
//! from sheets nearer the end.

use super::bands::{solve_distribution_below, solve_target_below};
use super::{solve, Reach};
use crate::category::advise::{locate, rank};
use crate::category::distribution::advise::attach;
use crate::category::model::{CategoryGame, Sheet};
use crate::category::target::advise::rank_by_target;
use crate::category::turn::{Position, TurnDp};
use crate::error::{AdviseError, Error};
use crate::limits::BANDS_BELOW_STATES_MAX;
use crate::progress::Progress;
use crate::report::CategoryAdvice;

/// What is asked of the sub-game besides the expected score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Below {
    /// The best chance of a final score of at least this.
    Target(u32),
    /// The final-score distribution, of the best play or (`true`) of
    /// every alternative.
    Distribution(bool),
}

/// Answers `asked` at `position` of a turn from `sheet` (`None`: before
/// the turn's first roll) from the sub-game below the sheet.
pub(crate) fn advise_below(
    game: &CategoryGame,
    sheet: &Sheet,
    position: Option<&Position>,
    asked: Below,
    progress: &dyn Progress,
) -> Result<CategoryAdvice, Error> {
    let dp = TurnDp::new(game);
    let (mask, lane) = locate(&dp, sheet)?;
    let what = match asked {
        Below::Target(_) => "the chance to reach a score",
        Below::Distribution(_) => "the final-score distribution",
    };
    let reach = Reach::new(&dp, mask, lane, BANDS_BELOW_STATES_MAX)
        .ok_or_else(|| AdviseError::BelowTooLarge { game: game.title.clone(), what })?;
    let ev = solve(&dp, &reach, progress);
    let mut report = rank(&dp, &ev, sheet, position)?;
    match asked {
        Below::Target(target) => {
            let bands = solve_target_below(&dp, &reach, progress);
            report = rank_by_target(&dp, &bands, sheet, position, target, report)?;
        }
        Below::Distribution(every) => {
            let bands = solve_distribution_below(&dp, &ev, &reach, progress);
            attach(&dp, &bands, &ev, sheet, position, every, &mut report)?;
        }
    }
    Ok(report)
}
