//! A review's decisions judged by P(win) estimated by rollouts, in a game
//! of three to eight players that no exact table fits (its values, and the
//! rest of the review, are expected points).
//!
//! Each decision the rollouts can judge (a set-aside of an ordinary turn
//! with more than one play) has its roll's every alternative played out on
//! the same dice (`pushluck::rollout`); the decision's loss is the best's
//! estimate less the played one's, with the 95% interval of that paired
//! difference. A loss is classed (doubtful, mistake, blunder, on the win
//! thresholds) only where the interval lies above 0: a play the rollouts do
//! not tell from the best is never called a mistake.
//!
//! ## Budget
//! With a count, every decision gets exactly that many rollouts. Without,
//! each gets [`PER_DECISION`] until [`BUDGET_SECONDS`] of the game's
//! estimates have passed; the decisions after that are left unestimated,
//! and the report says how many were estimated.

use std::time::Instant;

use super::{default_thresholds, rate};
use crate::error::Error;
use crate::progress::{Progress, Silent};
use crate::pushluck::rollout::Rollouts;
use crate::question::RolloutAsk;
use crate::report::{DecisionClass, DecisionEstimate, PlayerEstimate, ReviewEstimates, ReviewedDecision};
use crate::session::{MomentKind, Play};
use crate::vocabulary::Objective;

/// Rollouts per decision without a count.
pub(crate) const PER_DECISION: u64 = 2_000;

/// The seconds of estimates a game gets without a count.
pub(crate) const BUDGET_SECONDS: f64 = 60.0;

/// Judges `decisions` (the review's, in the order played) by rollouts
/// where the session's chances are estimated; `None` elsewhere.
///
/// # Errors
/// A pair table missing and slow to solve; a damaged table.
pub(crate) fn estimate(
    session: &Play,
    decisions: &mut [ReviewedDecision],
    ask: &RolloutAsk,
    progress: &dyn Progress,
) -> Result<Option<ReviewEstimates>, Error> {
    let Some(reason) = session.estimable() else { return Ok(None) };
    let Some((game, tables)) = session.rollouts_source() else { return Ok(None) };
    let kept: Vec<(usize, _)> = session
        .moments()
        .iter()
        .filter_map(|m| match &m.kind {
            MomentKind::Decision(j) => Some(j),
            _ => None,
        })
        .enumerate()
        .filter_map(|(i, j)| j.rollout_at.as_deref().filter(|_| j.choices > 1).map(|at| (i, at)))
        .collect();
    let rollouts = Rollouts::load(&game, &tables, progress)?;
    let count = ask.count.unwrap_or(PER_DECISION);
    let each = RolloutAsk { force: false, count: Some(count), seed: ask.seed };
    let budget = ask.count.is_none().then_some(BUDGET_SECONDS);
    let thresholds = default_thresholds(Objective::Win);
    let started = Instant::now();
    progress.stage("judging decisions by rollouts", u64::try_from(kept.len()).unwrap_or(u64::MAX));
    let mut estimated = 0;
    let mut policy = "";
    for (i, at) in kept.iter().copied() {
        if budget.is_some_and(|b| started.elapsed().as_secs_f64() >= b) {
            break;
        }
        let j = session.judge_kept(&rollouts, at, &each, &Silent)?;
        policy = j.summary.policy;
        let class = if j.separated { super::class(Objective::Win, thresholds, j.loss.estimate, false) } else { None };
        decisions[i].estimate =
            Some(DecisionEstimate { loss: j.loss, separated: j.separated, class, best: j.best, rollouts: count });
        estimated += 1;
        progress.advance(1);
    }
    progress.finish();
    if policy.is_empty() {
        policy = rollouts.policy_words();
    }
    let players = session
        .names()
        .iter()
        .enumerate()
        .map(|(seat, name)| player(name, decisions.iter().filter(|d| d.seat == seat)))
        .collect();
    Ok(Some(ReviewEstimates {
        reason: reason.to_string(),
        policy,
        seed: ask.seed,
        rollouts: count,
        budget_seconds: budget,
        estimable: kept.len(),
        estimated,
        seconds: started.elapsed().as_secs_f64(),
        thresholds,
        players,
    }))
}

/// A player's estimated decisions summed.
fn player<'a>(name: &str, mine: impl Iterator<Item = &'a ReviewedDecision>) -> PlayerEstimate {
    let judged: Vec<&DecisionEstimate> = mine.filter_map(|d| d.estimate.as_ref()).collect();
    let count = |c: DecisionClass| judged.iter().filter(|e| e.class == Some(c)).count();
    // Only the losses the rollouts tell from 0 count: the best by the
    // estimate is the largest of noisy values, so the others' distances
    // from it are positive on average even for plays as good, and summing
    // them would rate the best player as losing. (Sums start from +0: an
    // empty f64 sum is -0.)
    let total_loss = judged.iter().filter(|e| e.separated).fold(0.0, |a, e| a + e.loss.estimate);
    let (mean_loss, rating) = rate(Objective::Win, total_loss, judged.len());
    PlayerEstimate {
        player: name.to_string(),
        estimated: judged.len(),
        separated: judged.iter().filter(|e| e.separated).count(),
        doubtful: count(DecisionClass::Doubtful),
        mistakes: count(DecisionClass::Mistake),
        blunders: count(DecisionClass::Blunder),
        total_loss,
        mean_loss,
        rating,
    }
}
