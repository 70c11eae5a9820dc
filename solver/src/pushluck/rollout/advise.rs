//! Advice by rollouts: every alternative of a roll played out on the same
//! dice, ranked by its estimated P(win), each with its 95% interval and its
//! distance below the best with that difference's interval.

use std::path::Path;

use super::policy::{Opening, SeatPolicy};
use super::tally::interval;
use super::{roll_out, summary, Position, Rollouts};
use crate::dice::Counts;
use crate::error::{Error, WinError};
use crate::progress::Progress;
use crate::pushluck::ranking::{choices, ranked, After};
use crate::pushluck::situation::Situation;
use crate::pushluck::PushLuckGame;
use crate::question::RolloutAsk;
use crate::report::{AlternativeEstimate, PushLuckAdvice};
use crate::vocabulary::Objective;

/// What an answer by rollouts is about: the asker's total, the others' in
/// turn order from the next player, the situation (checked) and the roll.
pub(crate) struct Asked<'a> {
    pub(crate) mine: i64,
    pub(crate) others: &'a [i64],
    pub(crate) situation: &'a Situation,
    pub(crate) dice: &'a Counts,
    /// The situation's line for people.
    pub(crate) line: String,
    /// Why the answer is estimated.
    pub(crate) reason: String,
}

/// Ranks the alternatives of `asked` by rollouts (the policy's pair table
/// read from `tables`, or solved first when that is quick).
///
/// # Errors
/// A pair table that is missing and slow to solve; a choice of dice to
/// roll (which the rollouts do not play).
pub(crate) fn advise_by_rollouts(
    game: &PushLuckGame,
    tables: &Path,
    asked: &Asked,
    ask: &RolloutAsk,
    progress: &dyn Progress,
) -> Result<PushLuckAdvice, Error> {
    advise_with(game, &Rollouts::load(game, tables, progress)?.policy(), asked, ask, progress)
}

/// Ranks the alternatives of `asked` by rollouts under `policy`.
///
/// # Errors
/// A choice of dice to roll (which the rollouts do not play).
pub(crate) fn advise_with(
    game: &PushLuckGame,
    policy: &SeatPolicy,
    asked: &Asked,
    ask: &RolloutAsk,
    progress: &dyn Progress,
) -> Result<PushLuckAdvice, Error> {
    let turn = policy.asked_turn(asked.mine, asked.others);
    let alts = choices(game, &turn, asked.situation, asked.dice)?;
    let grid = turn.model.grid;
    let mut openings: Vec<Opening> = Vec::with_capacity(alts.len().max(1));
    for (_, after) in &alts {
        let Some(opening) = opening_of(*after, grid) else {
            let players = asked.others.len() + 1;
            let what = "a choice of how many dice to roll";
            return Err(WinError::RolloutRules { game: game.title(), players, what }.into());
        };
        openings.push(opening);
    }
    // Nothing scores: the turn ends with the totals as they were.
    let farkle = alts.is_empty();
    if farkle {
        openings.push(Opening::Bank(0));
    }
    let mut totals = vec![asked.mine];
    totals.extend_from_slice(asked.others);
    let position = Position { totals: &totals, openings: &openings, turn: &turn };
    let (tally, seconds) = roll_out(policy, &position, ask, progress);
    // The best by its estimate; among equals, fewer dice set aside (as
    // the ranking orders them).
    let best = (0..alts.len())
        .max_by(|&x, &y| {
            let (ex, ey) = (tally.chance(x).0, tally.chance(y).0);
            ex.total_cmp(&ey).then(alts[y].0.set_aside.len().cmp(&alts[x].0.set_aside.len()))
        })
        .unwrap_or(0);
    let mut valued = Vec::with_capacity(alts.len());
    let mut second: Option<usize> = None;
    for (j, (mut alt, _)) in alts.into_iter().enumerate() {
        alt.expected_score = tally.chance(j).0;
        let below_best = (j != best).then(|| interval(tally.difference(best, j)));
        alt.estimate = Some(AlternativeEstimate { chance: interval(tally.chance(j)), below_best });
        if j != best && second.is_none_or(|k| tally.chance(j).0 > tally.chance(k).0) {
            second = Some(j);
        }
        valued.push(alt);
    }
    let separated = second.map(|k| tally.difference(best, k).1[0] > 0.0);
    let note = (separated == Some(false)).then(|| {
        format!(
            "the best two alternatives are not separated by {} rollouts (their difference's 95% interval holds 0): \
             either may be the better; more rollouts (--rollouts) may tell them apart",
            tally.rollouts
        )
    });
    let line = format!("{}; estimated by {} rollouts (seed {})", asked.line, tally.rollouts, ask.seed);
    let farkle_value = tally.chance(0).0;
    let mut advice = ranked(game, asked.situation, asked.dice, Objective::Win, line, note, valued, farkle_value);
    let mut s = summary(policy, &tally, ask, asked.reason.clone(), seconds);
    s.separated = separated;
    advice.rollouts = Some(s);
    Ok(advice)
}

/// How an alternative's turn goes on in a rollout, on a turn of the grid
/// `grid`; `None` for a choice of how many dice to roll, which the
/// rollouts do not play.
pub(super) fn opening_of(after: After, grid: i64) -> Option<Opening> {
    Some(match after {
        After::Ends { instant: true, .. } => Opening::Instant,
        After::Ends { points, .. } | After::Bank(points) => Opening::Bank(points),
        After::Roll { points, ctx, chosen: None } => {
            Opening::Roll { level: usize::try_from(points / grid).expect("points on the grid"), ctx }
        }
        After::Roll { chosen: Some(_), .. } => return None,
    })
}
