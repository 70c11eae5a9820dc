//! The distribution of the final score beside expected-score advice: for
//! the best play (or the sheet before the turn) and, when asked, for every
//! alternative, each played for the best expected score from then on.
//!
//! The bands come from the distribution table, or for Six Hundred from
//! the sub-game below the sheet ([`crate::category::subgame::bands`]).
//! Before the turn the state's band is read from them. In the middle of a
//! turn the turn is run for the player's one state with its choices fixed
//! to the expected-score play ([`TurnDp::policies`], the same choices
//! `advise` ranks first), over every score from 1 to the most the sheet
//! can still give, the bands as successors; each alternative's chances
//! are then cut to their own band (the leading chances that are exactly
//! 1, the trailing ones that are exactly 0).

use super::summary::{summarize, trimmed};
use crate::category::advise::{action_of, locate};
use crate::category::model::Sheet;
use crate::category::turn::{Band, BandValues, Bands, Position, Run, Scratch, TurnDp, Values};
use crate::error::Error;
use crate::report::CategoryAdvice;

/// Adds to `report` (the expected-score advice at `position` from `sheet`,
/// `None`: before the turn, ranked with the values `ev`) the distribution
/// of the best play, and with `every` that of every alternative.
pub(crate) fn attach<V: Values + ?Sized, B: Bands + ?Sized>(
    dp: &TurnDp,
    bands: &B,
    ev: &V,
    sheet: &Sheet,
    position: Option<&Position>,
    every: bool,
    report: &mut CategoryAdvice,
) -> Result<(), Error> {
    let game = dp.game();
    let (mask, lane) = locate(dp, sheet)?;
    let so_far = sheet.total(game);
    let Some(position) = position else {
        report.distribution = Some(summarize(so_far, &bands.band(mask, lane)));
        return Ok(());
    };
    let policy = dp.policies(ev, mask, &[lane], &mut Scratch::<f64>::default()).remove(0);
    let most = dp.most_to_come(bands, mask, lane);
    let run = Run { lane, first: 1, len: most as usize };
    let chances = dp.policy_choices(bands, mask, run, &policy, position);
    let count = if every { report.alternatives.len() } else { 1 };
    for alt in report.alternatives.iter_mut().take(count) {
        let Some((_, values)) = chances.iter().find(|(c, _)| alt.action == action_of(game, c)) else {
            continue;
        };
        let (lo, hi, values) = trimmed(values);
        alt.distribution = Some(summarize(so_far, &Band { lo, hi, values: BandValues::F64(values) }));
    }
    report.distribution = report.alternatives.first().and_then(|a| a.distribution.clone());
    Ok(())
}
