//! P(win) by rollouts in a game whose values are expected points: a table
//! of three to eight players that no exact table fits (or whose table is
//! not solved yet).
//!
//! The session's ledger stays in expected points there, where luck, loss
//! and gifts add up exactly; rollouts are noisy, so they stand beside it
//! rather than in it, and are made only when asked: every seat's chance at
//! the start of the turn in play ([`Table::estimate_seats`]), the roll in
//! play ranked ([`Table::advise_by_rollouts`]), a decision judged against
//! the best on the same dice ([`Table::judge_by_rollouts`]), and, for
//! `review`, each decision's position kept as the rollouts ask it
//! (`notes::RolloutAt`). The policy, the common dice and the intervals are
//! `pushluck::rollout`'s.

use super::{Phase, Table};
use crate::dice::{counts_of, Counts};
use crate::error::{Error, SessionError};
use crate::progress::Progress;
use crate::pushluck::ranking::{choices, situation_line};
use crate::pushluck::rollout::{self, advise::Asked, Rollouts};
use crate::pushluck::situation::Situation;
use crate::pushluck::win::players::advice::place_of;
use crate::question::RolloutAsk;
use crate::record::{Action, Decision, Then};
use crate::report::{ChoiceEstimate, Interval, PushLuckAdvice, RolloutSummary};
use crate::session::notes::RolloutAt;

impl<'g> Table<'g> {
    /// Where the tables are read.
    pub(in crate::session) fn tables(&self) -> &std::path::Path {
        &self.tables
    }

    /// Why this game's chances are estimated rather than exact, where they
    /// can be: three to eight players without an exact table, on rules the
    /// rollouts play.
    pub(in crate::session) fn estimable(&self) -> Option<&str> {
        self.estimable.as_deref()
    }

    /// The seat whose turn is in play.
    pub(in crate::session) fn mover(&self) -> usize {
        self.mover
    }

    fn reason(&self) -> Result<&str, Error> {
        self.estimable().ok_or_else(|| {
            let why = if self.valuing.wins() {
                "the values are the exact chances of the game's table"
            } else if self.players.len() < 3 {
                "a game of one player is played for points"
            } else {
                "the rollouts do not play these rules"
            };
            SessionError::NotEstimated { why: why.into() }.into()
        })
    }

    /// The mover's total and the others' in turn order from the next.
    fn totals_from_mover(&self) -> (i64, Vec<i64>) {
        (self.players[self.mover].total, self.others())
    }

    /// Every seat's chance (in seat order) with the mover about to start
    /// the turn in play, by rollouts.
    ///
    /// # Errors
    /// No estimate here (see [`Self::reason`]), or in the last round, whose
    /// turns are valued exactly by the chance of passing; a pair table
    /// missing and slow to solve.
    pub(in crate::session) fn estimate_seats(
        &self,
        r: &Rollouts,
        ask: &RolloutAsk,
        progress: &dyn Progress,
    ) -> Result<(Vec<Interval>, RolloutSummary), Error> {
        let reason = self.reason()?.to_string();
        if self.over {
            return Err(SessionError::Over.into());
        }
        if self.ending.is_some() {
            let why = "in the last round each turn is valued exactly by its chance of passing the best total".into();
            return Err(SessionError::NotEstimated { why }.into());
        }
        let (mine, others) = self.totals_from_mover();
        let totals: Vec<i64> = std::iter::once(mine).chain(others).collect();
        let est = rollout::seats::seats_with(&r.policy(), &totals, ask, reason, progress)?;
        let n = totals.len();
        let mut seats = est.seats.clone();
        for (i, s) in est.seats.iter().enumerate() {
            seats[(self.mover + i) % n] = *s;
        }
        Ok((seats, est.summary))
    }

    /// The roll in play as the rollouts ask it.
    fn asked_roll(&self) -> Result<(Situation, Counts), Error> {
        self.reason()?;
        let turn = self.turn.as_ref().ok_or(SessionError::Over)?;
        if turn.need.is_some() {
            let why = "a last turn is valued exactly by its chance of passing the best total".into();
            return Err(SessionError::NotEstimated { why }.into());
        }
        match &turn.phase {
            Phase::Decide { dice, .. } => Ok((self.situation(), *dice)),
            _ => {
                let why = "the rollouts rank the plays of a roll: roll first".into();
                Err(SessionError::NotEstimated { why }.into())
            }
        }
    }

    /// The roll in play, every play ranked by its P(win) by rollouts.
    ///
    /// # Errors
    /// No roll to decide on, or no estimate here; a pair table missing and
    /// slow to solve.
    pub(in crate::session) fn advise_by_rollouts(
        &self,
        r: &Rollouts,
        ask: &RolloutAsk,
        progress: &dyn Progress,
    ) -> Result<PushLuckAdvice, Error> {
        let (situation, dice) = self.asked_roll()?;
        let (mine, others) = self.totals_from_mover();
        let at = RolloutAt { mine, others, situation, dice, keep: dice, then: Then::Bank };
        self.rolled_out(r, &at, ask, progress)
    }

    /// `at` ranked by rollouts.
    fn rolled_out(
        &self,
        r: &Rollouts,
        at: &RolloutAt,
        ask: &RolloutAsk,
        progress: &dyn Progress,
    ) -> Result<PushLuckAdvice, Error> {
        let reason = self.reason()?.to_string();
        let (place, _) = place_of(self.game, at.mine, &at.others);
        let line = situation_line(self.game, &at.situation, Some(&at.dice)) + &place;
        let asked = Asked { mine: at.mine, others: &at.others, situation: &at.situation, dice: &at.dice, line, reason };
        rollout::advise::advise_with(self.game, &r.policy(), &asked, ask, progress)
    }

    /// The decision `d` on the roll in play judged by rollouts (it is not
    /// made).
    ///
    /// # Errors
    /// As [`Self::advise_by_rollouts`]; a decision that is not a set-aside
    /// among the roll's plays.
    pub(in crate::session) fn judge_by_rollouts(
        &self,
        r: &Rollouts,
        d: &Decision,
        ask: &RolloutAsk,
        progress: &dyn Progress,
    ) -> Result<ChoiceEstimate, Error> {
        let (situation, dice) = self.asked_roll()?;
        let (keep, then) = set_aside(d)?;
        let (mine, others) = self.totals_from_mover();
        self.judge_at(r, &RolloutAt { mine, others, situation, dice, keep, then }, ask, progress)
    }

    /// The decision kept in `at` judged by rollouts.
    ///
    /// # Errors
    /// As [`Self::advise_by_rollouts`].
    pub(in crate::session) fn judge_at(
        &self,
        r: &Rollouts,
        at: &RolloutAt,
        ask: &RolloutAsk,
        progress: &dyn Progress,
    ) -> Result<ChoiceEstimate, Error> {
        let advice = self.rolled_out(r, at, ask, progress)?;
        let played = super::choose(&advice, &at.dice, &at.keep, at.then)?;
        let best = &advice.alternatives[0];
        let summary = advice.rollouts.clone().expect("an answer by rollouts says how it was made");
        let n = summary.rollouts;
        let (played_text, best_text) = (super::alternative_text(played), super::alternative_text(best));
        let (loss, separated) = match played.estimate.and_then(|e| e.below_best) {
            Some(d) => (d, d.low > 0.0),
            None => (Interval { estimate: 0.0, low: 0.0, high: 0.0 }, false),
        };
        let pp = |x: f64| format!("{:.2}", 100.0 * x);
        let verdict = if std::ptr::eq(played, best) {
            match summary.separated {
                Some(false) => format!("the best play by {n} rollouts, though not separated from the next best"),
                _ => format!("the best play by {n} rollouts"),
            }
        } else if separated {
            format!(
                "by {n} rollouts that cost {} percentage points of P(win) (95%: {} to {}); best was: {best_text}",
                pp(loss.estimate),
                pp(loss.low),
                pp(loss.high)
            )
        } else {
            format!(
                "{} percentage points of P(win) below the best by {n} rollouts (95%: {} to {}, which holds 0): not \
                 told apart from the best ({best_text})",
                pp(loss.estimate),
                pp(loss.low),
                pp(loss.high)
            )
        };
        Ok(ChoiceEstimate { played: played_text, best: best_text, loss, separated, verdict, summary })
    }

    /// The play the rollouts' policy makes on the roll in play (an
    /// `optimal` seat's, where the chances are estimated): the best of the
    /// roll's plays by the policy's own turn (the pair table's P(win)
    /// against the strongest opponent, or the table of three's), fewer
    /// dice set aside among equals; `None` where the policy does not
    /// decide (no roll to decide on, a last turn, exact values).
    ///
    /// # Errors
    /// A roll the policy's turn cannot rank.
    pub(in crate::session) fn policy_choice(&self, r: &Rollouts) -> Result<Option<Decision>, Error> {
        let Ok((situation, dice)) = self.asked_roll() else { return Ok(None) };
        let (mine, others) = self.totals_from_mover();
        let turn = r.policy().asked_turn(mine, &others);
        let alts = choices(self.game, &turn, &situation, &dice)?;
        let best = alts.iter().map(|(a, _)| a).max_by(|x, y| {
            x.expected_score.total_cmp(&y.expected_score).then(y.set_aside.len().cmp(&x.set_aside.len()))
        });
        Ok(best.map(|a| Decision::Act(a.record_action())))
    }

    /// The decision of the roll in play (`keep`, `then`), kept for the
    /// rollouts, where the session's values are estimated and the turn is
    /// an ordinary one.
    pub(super) fn rollout_at(&self, keep: &Counts, then: Then) -> Option<Box<RolloutAt>> {
        let (situation, dice) = self.asked_roll().ok()?;
        let (mine, others) = self.totals_from_mover();
        Some(Box::new(RolloutAt { mine, others, situation, dice, keep: *keep, then }))
    }
}

/// The dice a decision sets aside and what follows.
fn set_aside(d: &Decision) -> Result<(Counts, Then), Error> {
    match d {
        Decision::Act(Action::SetAside { dice, then }) => Ok((counts_of(dice), *then)),
        _ => {
            let why = "the rollouts judge a set-aside of the roll in play (keep DICE roll, keep DICE bank)".into();
            Err(SessionError::NotEstimated { why }.into())
        }
    }
}
