//! The other players' final scores: each sheet's distribution (a full
//! sheet: its total; otherwise its exact distribution under the
//! expected-score play, from the distribution table), and the
//! distribution of the best of them, the sheets taken as independent.

use crate::category::advise::locate;
use crate::category::distribution::summary::summarize;
use crate::category::distribution::table::DistributionTable;
use crate::category::model::Sheet;
use crate::category::turn::{Band, BandValues, TurnDp};
use crate::error::{AdviseError, Error};
use crate::report::{OpponentSheet, ScoreDistribution};

/// A distribution that is one score for certain.
pub(crate) fn certain(score: u32) -> ScoreDistribution {
    summarize(score, &Band { lo: 0, hi: 0, values: BandValues::F64(&[]) })
}

/// One other player's sheet, read: where its state is when it is still
/// in play.
pub(crate) struct ReadSheet {
    text: String,
    so_far: u32,
    state: Option<(u32, usize)>,
}

impl ReadSheet {
    pub(crate) fn finished(&self) -> bool {
        self.state.is_none()
    }
}

/// Reads the other players' sheets (`texts`, in the order given): a wrong
/// or unreachable one is refused by its place in the list (1-based).
pub(crate) fn read(dp: &TurnDp, texts: &[String]) -> Result<Vec<ReadSheet>, Error> {
    let game = dp.game();
    texts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let which = i + 1;
            let sheet = Sheet::parse(game, text).map_err(|source| AdviseError::OpponentSheet { which, source })?;
            of_sheet(dp, text.trim().to_string(), &sheet)
                .map_err(|_| AdviseError::OpponentUnreachable { which, game: game.title.clone() }.into())
        })
        .collect()
}

/// A sheet already read (`text`: how to show it): refused when it is not
/// a reachable state.
pub(crate) fn of_sheet(dp: &TurnDp, text: String, sheet: &Sheet) -> Result<ReadSheet, Error> {
    let state = if sheet.is_full() { None } else { Some(locate(dp, sheet)?) };
    Ok(ReadSheet { text, so_far: sheet.total(dp.game()), state })
}

/// Each sheet of `read` with its final score's distribution (a sheet in
/// play: its band in `table`).
pub(crate) fn opponents(dp: &TurnDp, table: &DistributionTable, read: &[ReadSheet]) -> Vec<OpponentSheet> {
    read.iter()
        .map(|r| {
            let distribution = match r.state {
                None => certain(r.so_far),
                Some((mask, lane)) => summarize(r.so_far, &table.band(dp.index().offset(mask) + lane)),
            };
            OpponentSheet { sheet: r.text.clone(), points_so_far: r.so_far, finished: r.finished(), distribution }
        })
        .collect()
}

/// The distribution of the best final score among `finals`, taken as
/// independent: `P(M ≥ t) = 1 − Π (1 − P(F_i ≥ t))`.
pub(crate) fn best_of(finals: &[&ScoreDistribution]) -> ScoreDistribution {
    let lowest = finals.iter().map(|d| d.lowest).max().unwrap_or(0);
    let highest = finals.iter().map(|d| d.highest).max().unwrap_or(0);
    let at_least: Vec<f64> = (lowest + 1..=highest)
        .map(|t| 1.0 - finals.iter().map(|d| 1.0 - d.chance_at_least(t)).product::<f64>())
        .collect();
    summarize(0, &Band { lo: lowest, hi: highest, values: BandValues::F64(&at_least) })
}
