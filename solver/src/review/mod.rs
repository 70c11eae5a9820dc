//! `review`: a game record replayed through its rules, every decision
//! valued against the best play and every roll against the average roll.
//!
//! The replay is a [`Play`] fed the record's rolls and decisions (so a
//! decision the rules forbid is refused at its line, as `play` refuses
//! it); the session's ledgers and moments (see `crate::session`) are the
//! review's figures. This module classes the losses, rates the players and
//! picks the costliest decisions.
//!
//! ## Classes and rating
//! A decision's loss is the best play's value less the value of the play
//! made: percentage points of P(win) for two-player push-your-luck games,
//! points otherwise (expected points of the turn, or of the final score).
//! Unforced decisions (more than one legal play) with a loss of at least a
//! threshold are *doubtful*, *mistakes* or *blunders*. The defaults
//! ([`default_thresholds`]) and the rating scale ([`RATINGS`]) are in
//! docs/guide.md.
//!
//! ## Positions and alternatives
//! The session keeps each decision's position and `advise`'s ranking
//! there (`session::Before`); the report carries them only for the
//! decisions asked for (`--decision N`, `--all`), since a long game's
//! every ranking is large. Every decision carries its dice, points at
//! stake and the totals, which the costliest-decisions table shows.
//!
//! Several records together are summed per player in [`summary`].

use std::path::Path;

use crate::error::{Error, ReviewError};
use crate::progress::Progress;
use crate::question::ReviewQuestion;
use crate::record::{parse_with_lines, RecordLines};
use crate::report::{DecisionClass, PlayerReview, ReviewReport, ReviewedDecision, ReviewedRoll, TurnValues};
use crate::session::{header_game, MomentKind, Play};
use crate::vocabulary::{Objective, Thresholds};

mod estimate;
#[cfg(test)]
mod estimate_tests;
pub(crate) mod summary;
#[cfg(test)]
mod tests;

/// The error classes' defaults, per objective, in the unit shown:
/// percentage points of P(win), or points.
pub(crate) fn default_thresholds(objective: Objective) -> Thresholds {
    match objective {
        Objective::Win | Objective::Target => Thresholds { doubtful: 0.2, mistake: 1.0, blunder: 4.0 },
        Objective::TurnScore => Thresholds { doubtful: 5.0, mistake: 25.0, blunder: 100.0 },
        Objective::FinalScore => Thresholds { doubtful: 0.5, mistake: 2.0, blunder: 6.0 },
    }
}

/// The rating scale: the name of a mean loss per unforced decision up to
/// each bound, per objective (win: percentage points; else points).
pub(crate) const RATINGS: [(&str, f64, f64, f64); 6] = [
    // (name, win pp, turn points, final-score points)
    ("world class", 0.02, 0.5, 0.1),
    ("expert", 0.1, 2.0, 0.4),
    ("advanced", 0.3, 5.0, 1.0),
    ("intermediate", 0.7, 10.0, 2.0),
    ("casual", 1.5, 20.0, 4.0),
    ("beginner", f64::INFINITY, f64::INFINITY, f64::INFINITY),
];

/// The highest error-class bound `--thresholds` takes.
const THRESHOLD_MAX: f64 = 1e6;

/// Refuses error-class bounds that are not each positive (a zero bound
/// would class every best play) and strictly rising.
pub(crate) fn check_thresholds(t: Option<Thresholds>) -> Result<(), Error> {
    let Some(t) = t else { return Ok(()) };
    let ok = [t.doubtful, t.mistake, t.blunder].iter().all(|v| v.is_finite() && *v > 0.0 && *v <= THRESHOLD_MAX)
        && t.doubtful < t.mistake
        && t.mistake < t.blunder;
    if ok {
        Ok(())
    } else {
        Err(ReviewError::Thresholds { doubtful: t.doubtful, mistake: t.mistake, blunder: t.blunder }.into())
    }
}

/// The mean loss per unforced decision and its rating (none without an
/// unforced decision: nothing to rate).
pub(crate) fn rate(objective: Objective, total_loss: f64, unforced: usize) -> (f64, Option<&'static str>) {
    if unforced == 0 {
        return (0.0, None);
    }
    #[allow(clippy::cast_precision_loss)]
    let mean = total_loss / unforced as f64;
    let shown = if objective == Objective::Win { 100.0 * mean } else { mean };
    (mean, Some(rating(objective, shown)))
}

fn rating(objective: Objective, mean: f64) -> &'static str {
    RATINGS
        .iter()
        .find(|(_, w, t, f)| {
            mean <= match objective {
                Objective::Win | Objective::Target => *w,
                Objective::TurnScore => *t,
                Objective::FinalScore => *f,
            }
        })
        .map_or("beginner", |r| r.0)
}

/// Reviews the record `text` (see the module docs), reading the win or
/// score tables its values need from `tables` (solved first where quick,
/// as `advise` does).
///
/// # Errors
/// A text that is not a record (its line and column), a header that names
/// no game or options sixdice takes, a decision or roll the rules forbid
/// (its line), a missing table too long to solve here; thresholds that
/// are not positive and rising, a decision number the game does not have.
pub fn review(text: &str, q: &ReviewQuestion, tables: &Path, progress: &dyn Progress) -> Result<ReviewReport, Error> {
    check_thresholds(q.thresholds)?;
    let (record, lines) = parse_with_lines(text)?;
    let game = header_game(&record, &lines, q.record_dir.as_deref(), q.rules_text.as_deref())?;
    let session = Play::replay(&game, &record, &lines.turns, tables, progress)?;
    let mut r = summarise(&session, &lines, q.thresholds);
    r.estimates = estimate::estimate(&session, &mut r.decisions, &q.rollouts, progress)?;
    let decisions = r.decisions.len();
    r.shown = match q.decision {
        Some(n) if (1..=decisions).contains(&n) => vec![n - 1],
        Some(number) => return Err(ReviewError::NoDecision { number, decisions }.into()),
        None if q.all_decisions => (0..decisions).collect(),
        None => vec![],
    };
    let befores: Vec<_> = session
        .moments()
        .iter()
        .filter_map(|m| match m.kind {
            MomentKind::Decision(_) => Some(m.before.as_deref()),
            MomentKind::Roll { .. } | MomentKind::Points { .. } => None,
        })
        .collect();
    for &i in &r.shown {
        if let Some(b) = befores[i] {
            r.decisions[i].position = Some(b.view.clone());
            r.decisions[i].advice.clone_from(&b.advice);
        }
    }
    Ok(r)
}

/// Reads a record file (a regular file of at most 4 MiB, as text).
///
/// # Errors
/// A path that is not a regular file, too large, unreadable, not UTF-8.
pub fn read_record(path: &Path) -> Result<String, Error> {
    userio::read_small_text(path, crate::record::MAX_RECORD_BYTES as u64).map_err(Error::RecordFile)
}

/// The report of a replayed game.
pub(crate) fn summarise(session: &Play, lines: &RecordLines, thresholds: Option<Thresholds>) -> ReviewReport {
    let objective = session.objective();
    let thresholds = thresholds.unwrap_or_else(|| default_thresholds(objective));
    let Reviewed { decisions, rolls, turns } = reviewed_moments(session, lines, objective, thresholds);
    let finished = session.winners().is_some();
    let players = player_reviews(session, objective, &decisions);
    let order = costliest(&decisions);
    ReviewReport {
        game: session.game().reference(),
        objective,
        exact_from: session.exact_from(),
        thresholds,
        finished,
        turns_played: lines.turns.len(),
        winners: session.winners().map(<[usize]>::to_vec).unwrap_or_default(),
        seed_mismatch: session.seed_mismatch(),
        players,
        decisions,
        rolls,
        costliest: order,
        turns,
        shown: vec![],
        estimates: None,
    }
}

/// The session's moments as the report shows them.
struct Reviewed {
    decisions: Vec<ReviewedDecision>,
    rolls: Vec<ReviewedRoll>,
    /// Each turn's values, with its worst decision's class.
    turns: Vec<TurnValues>,
}

/// Every decision valued and classed, every roll's luck, and each turn's
/// values, in the order played.
fn reviewed_moments(session: &Play, lines: &RecordLines, objective: Objective, thresholds: Thresholds) -> Reviewed {
    let names = session.names();
    let category = session.game().reference().family == crate::vocabulary::Family::Category;
    let line_of = |turn: usize| lines.turns.get(turn.wrapping_sub(1)).copied().unwrap_or(0);
    let mut decisions = vec![];
    let mut rolls = vec![];
    let mut turns: Vec<TurnValues> = vec![];
    for m in session.moments() {
        let (line, player) = (line_of(m.turn), names[m.seat].clone());
        let mut worst = None;
        match &m.kind {
            MomentKind::Roll { dice, farkle, before, after } => rolls.push(ReviewedRoll {
                line,
                turn: m.turn,
                seat: m.seat,
                player,
                dice: dice.clone(),
                farkle: *farkle,
                value_before: *before,
                value_after: *after,
                luck: after - before,
            }),
            // A turn entered by its points has no rolls or decisions to
            // show: it moves the values (the chart) and the player's luck.
            MomentKind::Points { .. } => {}
            MomentKind::Decision(j) => {
                let loss = (j.best - j.chosen).max(0.0);
                let forced = j.choices == 1;
                worst = class(objective, thresholds, loss, forced);
                let before = m.before.as_deref();
                decisions.push(ReviewedDecision {
                    number: decisions.len() + 1,
                    line,
                    turn: m.turn,
                    seat: m.seat,
                    player,
                    played: j.played_text.clone(),
                    best: j.best_text.clone(),
                    value_played: j.chosen,
                    value_best: j.best,
                    loss,
                    points_loss: j.points_loss,
                    forced,
                    class: worst,
                    dice: before.map(|b| b.dice.clone()).unwrap_or_default(),
                    at_stake: before.and_then(|b| b.view.turn.as_ref()).filter(|_| !category).map(|t| t.at_stake),
                    totals: before.map(|b| b.view.seats.iter().map(|s| s.total).collect()).unwrap_or_default(),
                    position: None,
                    advice: None,
                    estimate: None,
                });
            }
        }
        let entered = matches!(m.kind, MomentKind::Points { .. });
        match turns.last_mut() {
            Some(t) if t.turn == m.turn => {
                t.values.clone_from(&m.values);
                t.worst = t.worst.max(worst);
                t.entered |= entered;
            }
            _ => turns.push(TurnValues { turn: m.turn, line, seat: m.seat, values: m.values.clone(), worst, entered }),
        }
    }
    Reviewed { decisions, rolls, turns }
}

/// A decision's error class: none when forced or below every threshold.
fn class(objective: Objective, thresholds: Thresholds, loss: f64, forced: bool) -> Option<DecisionClass> {
    // Losses are compared in the unit shown.
    let l = if objective == Objective::Win { 100.0 * loss } else { loss };
    if forced {
        None
    } else if l >= thresholds.blunder {
        Some(DecisionClass::Blunder)
    } else if l >= thresholds.mistake {
        Some(DecisionClass::Mistake)
    } else if l >= thresholds.doubtful {
        Some(DecisionClass::Doubtful)
    } else {
        None
    }
}

/// Each player's counts, losses, rating and luck.
fn player_reviews(session: &Play, objective: Objective, decisions: &[ReviewedDecision]) -> Vec<PlayerReview> {
    let names = session.names();
    session
        .ledgers()
        .iter()
        .enumerate()
        .map(|(seat, l)| {
            let mine: Vec<&ReviewedDecision> = decisions.iter().filter(|d| d.seat == seat).collect();
            let forced = mine.iter().filter(|d| d.forced).count();
            let unforced = mine.len() - forced;
            // Sums start from +0 (an empty f64 sum is -0, shown `-0.00`).
            let total_loss: f64 = mine.iter().fold(0.0, |a, d| a + d.loss);
            let count = |c: DecisionClass| mine.iter().filter(|d| d.class == Some(c)).count();
            let (mean_loss, rating) = rate(objective, total_loss, unforced);
            // Push-your-luck decisions say what they cost in turn points;
            // a score-sheet game's do not.
            let push_luck = session.game().reference().family == crate::vocabulary::Family::PushLuck;
            let total_points_loss = (objective == Objective::Win && push_luck)
                .then(|| mine.iter().filter_map(|d| d.points_loss).fold(0.0, |a, x| a + x));
            let result = l.settled + if l.open { l.running } else { 0.0 };
            PlayerReview {
                player: names[seat].clone(),
                decisions: mine.len(),
                forced,
                doubtful: count(DecisionClass::Doubtful),
                mistakes: count(DecisionClass::Mistake),
                blunders: count(DecisionClass::Blunder),
                total_loss,
                mean_loss,
                total_points_loss,
                rating,
                start: l.start,
                luck: l.luck,
                gifts: l.gifts,
                result,
                luck_adjusted: result - l.luck,
            }
        })
        .collect()
}

/// The five costliest decisions (by loss, earlier first on a tie).
fn costliest(decisions: &[ReviewedDecision]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..decisions.len()).filter(|&i| decisions[i].loss > 0.0).collect();
    order.sort_by(|&a, &b| decisions[b].loss.total_cmp(&decisions[a].loss).then(a.cmp(&b)));
    order.truncate(5);
    order
}
