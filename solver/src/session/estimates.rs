//! Estimates by rollouts in a game in play whose values are expected
//! points (see `pushluck::estimate`): what a front end asks of the
//! session, and where each seat's estimated chance after a turn is kept
//! (the score table's [`crate::report::TurnResult::estimates`]).

use super::notes::RolloutAt;
use super::play::{Play, Table};
use crate::error::{Error, SessionError};
use crate::progress::Progress;
use crate::pushluck::rollout::Rollouts;
use crate::pushluck::PushLuckGame;
use crate::question::RolloutAsk;
use crate::record::parse_decision;
use crate::registry::GameKind;
use crate::report::{Advice, ChoiceEstimate, TableEstimate, TurnResult};

impl<'g> Play<'g> {
    /// Why the chances of this game are estimated by rollouts, where they
    /// can be (push-your-luck games of three to eight players without an
    /// exact table, on rules the rollouts play).
    pub(crate) fn estimable(&self) -> Option<&str> {
        match &self.table {
            Table::PushLuck(t) => t.estimable(),
            Table::Category(_) => None,
        }
    }

    fn push_luck(&self) -> Result<&super::pushluck::Table<'g>, Error> {
        match &self.table {
            Table::PushLuck(t) if self.winners.is_none() => Ok(t),
            Table::PushLuck(_) => Err(SessionError::Over.into()),
            Table::Category(_) => {
                Err(SessionError::NotEstimated { why: "a score-sheet game is valued by its own tables".into() }.into())
            }
        }
    }

    /// Every seat's chance at the start of the turn in play, by rollouts;
    /// kept as the chances after the turn before it.
    ///
    /// # Errors
    /// No estimate here (exact values, one player, rules the rollouts do
    /// not play, the last round, a game over); a pair table missing and
    /// slow to solve.
    pub(crate) fn estimate_seats(
        &mut self,
        r: &Rollouts,
        ask: &RolloutAsk,
        progress: &dyn Progress,
    ) -> Result<TableEstimate, Error> {
        let t = self.push_luck()?;
        let mover = t.mover();
        let (seats, summary) = t.estimate_seats(r, ask, progress)?;
        if let Some(last) = self.turn_log.last_mut() {
            last.estimates = Some(seats.clone());
        }
        Ok(TableEstimate { turn: self.turns, mover, seats, summary })
    }

    /// Takes the estimates kept in `earlier` (the score table of this game
    /// before an undo or a correction) for the turns that are still the
    /// same here.
    pub(crate) fn keep_estimates(&mut self, earlier: &[TurnResult]) {
        for (now, was) in self.turn_log.iter_mut().zip(earlier) {
            if now.estimates.is_none() && (now.turn, now.seat, now.total) == (was.turn, was.seat, was.total) {
                now.estimates.clone_from(&was.estimates);
            }
        }
    }

    /// The roll in play ranked by rollouts: `advise`'s answer by estimate.
    ///
    /// # Errors
    /// No roll to decide on; no estimate here; a pair table missing and
    /// slow to solve.
    pub(crate) fn hint_by_rollouts(
        &self,
        r: &Rollouts,
        ask: &RolloutAsk,
        progress: &dyn Progress,
    ) -> Result<Advice, Error> {
        Ok(Advice::PushLuck(self.push_luck()?.advise_by_rollouts(r, ask, progress)?))
    }

    /// The decision `words` on the roll in play judged by rollouts,
    /// without making it (a coach asks before the decision is played).
    ///
    /// # Errors
    /// Words that are not a decision, or not a set-aside of the roll; as
    /// [`Self::hint_by_rollouts`].
    pub(crate) fn judge_by_rollouts(
        &self,
        r: &Rollouts,
        words: &str,
        ask: &RolloutAsk,
        progress: &dyn Progress,
    ) -> Result<ChoiceEstimate, Error> {
        let (d, claims) = parse_decision(words).map_err(SessionError::Words)?;
        self.check_claims(&d, claims)?;
        self.push_luck()?.judge_by_rollouts(r, &d, ask, progress)
    }

    /// The game and where its tables are, for the rollouts' tables
    /// ([`Rollouts::load`]); `None` where nothing is estimated.
    pub(crate) fn rollouts_source(&self) -> Option<(std::sync::Arc<PushLuckGame>, std::path::PathBuf)> {
        let Table::PushLuck(t) = &self.table else { return None };
        t.estimable()?;
        let GameKind::PushLuck(g) = &self.game.0 else { return None };
        Some((std::sync::Arc::clone(g), t.tables().to_path_buf()))
    }
}

impl Play<'_> {
    /// The decision kept in `at` (a moment's [`super::notes::Judged`])
    /// judged by rollouts: `review`'s estimate of a decision.
    ///
    /// # Errors
    /// As [`Self::judge_by_rollouts`].
    pub(crate) fn judge_kept(
        &self,
        r: &Rollouts,
        at: &RolloutAt,
        ask: &RolloutAsk,
        progress: &dyn Progress,
    ) -> Result<ChoiceEstimate, Error> {
        match &self.table {
            Table::PushLuck(t) => t.judge_at(r, at, ask, progress),
            Table::Category(_) => Err(SessionError::NotEstimated { why: "a score-sheet game".into() }.into()),
        }
    }
}
