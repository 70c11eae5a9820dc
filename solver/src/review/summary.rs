//! Several records reviewed together: each is reviewed alone (its own
//! rules file beside it), then each player's figures are added up by name
//! over the games they played. The records must share one unit (P(win),
//! points of a turn, or points of a final score): a sum of percentage
//! points and points means nothing.

use std::path::{Path, PathBuf};

use super::{check_thresholds, rate, read_record, review};
use crate::error::{Error, ReviewError};
use crate::progress::Progress;
use crate::question::ReviewQuestion;
use crate::report::{GameSummary, PlayerReview, PlayerSummary, ReviewReport, ReviewSummary};
use crate::vocabulary::Objective;

/// Reviews the record files `paths` (each as [`review`] does, its rules
/// file read beside it) and sums each player's decisions, error classes,
/// losses, luck and results over the games.
///
/// # Errors
/// No record; a decision asked for (that is for one record); thresholds
/// that are not positive and rising; a record that cannot be read or
/// reviewed (the message names its file); records in different units.
pub fn review_summary(
    paths: &[PathBuf],
    q: &ReviewQuestion,
    tables: &Path,
    progress: &dyn Progress,
) -> Result<ReviewSummary, Error> {
    check_thresholds(q.thresholds)?;
    if paths.is_empty() {
        return Err(ReviewError::NoRecords.into());
    }
    if q.decision.is_some() || q.all_decisions {
        return Err(ReviewError::DecisionsOfMany { records: paths.len() }.into());
    }
    let mut reports: Vec<(String, ReviewReport)> = vec![];
    for path in paths {
        let file = path.display().to_string();
        let one = ReviewQuestion {
            thresholds: q.thresholds,
            record_dir: path.parent().map(Path::to_path_buf),
            ..ReviewQuestion::default()
        };
        let r = read_record(path)
            .and_then(|text| review(&text, &one, tables, progress))
            .map_err(|e| Error::InRecord { file: file.clone(), error: Box::new(e) })?;
        if let Some((first, f)) = reports.first() {
            if f.objective != r.objective {
                return Err(ReviewError::MixedUnits {
                    first: first.clone(),
                    first_unit: unit(f.objective),
                    other: file,
                    other_unit: unit(r.objective),
                }
                .into());
            }
        }
        reports.push((file, r));
    }
    Ok(sum(&reports))
}

fn unit(o: Objective) -> &'static str {
    match o {
        Objective::Win => "P(win)",
        Objective::Target => "P(reaching the score)",
        Objective::TurnScore => "points of a turn",
        Objective::FinalScore => "points of final score",
    }
}

/// The summary of reviewed games (at least one, of one objective).
pub(crate) fn sum(reports: &[(String, ReviewReport)]) -> ReviewSummary {
    let objective = reports[0].1.objective;
    let mut players: Vec<PlayerSummary> = vec![];
    for (_, r) in reports {
        for p in &r.players {
            match players.iter_mut().find(|s| s.totals.player == p.player) {
                Some(s) => {
                    s.games += 1;
                    add(&mut s.totals, p);
                }
                None => players.push(PlayerSummary { games: 1, totals: p.clone() }),
            }
        }
    }
    for s in &mut players {
        let t = &mut s.totals;
        (t.mean_loss, t.rating) = rate(objective, t.total_loss, t.decisions - t.forced);
    }
    let games = reports
        .iter()
        .map(|(file, r)| GameSummary {
            file: file.clone(),
            game: r.game.clone(),
            turns_played: r.turns_played,
            finished: r.finished,
            winners: r.winners.iter().map(|&w| r.players[w].player.clone()).collect(),
            players: r.players.clone(),
        })
        .collect();
    ReviewSummary { objective, thresholds: reports[0].1.thresholds, games, players }
}

/// Adds one game's figures to a player's sums (the mean and rating are
/// recomputed from the sums after).
fn add(t: &mut PlayerReview, p: &PlayerReview) {
    t.decisions += p.decisions;
    t.forced += p.forced;
    t.doubtful += p.doubtful;
    t.mistakes += p.mistakes;
    t.blunders += p.blunders;
    t.total_loss += p.total_loss;
    t.total_points_loss = match (t.total_points_loss, p.total_points_loss) {
        (Some(a), Some(b)) => Some(a + b),
        (a, b) => a.or(b),
    };
    t.start += p.start;
    t.luck += p.luck;
    t.gifts += p.gifts;
    t.result += p.result;
    t.luck_adjusted += p.luck_adjusted;
}
