//! `advise` as flags: one field per flag of either family, turned into the
//! question of the game's family, the other family's flags refused.

use super::Request;
use crate::error::{Error, Field, RequestError};
use crate::question::{AdviseQuestion, CategoryQuestion, PushLuckQuestion, RolloutAsk, Start};
use crate::registry::Game;
use crate::vocabulary::{Family, Objective};

super::request! {
    /// `advise`: what to do with this roll, as the flags of `sixdice advise`.
    pub struct AdviseRequest {
        /// The dice just rolled: `2,2,5,5,6,6` or `225566`.
        pub dice: Option<String>,
        pub roll: Option<u32>,
        pub sheet: Option<String>,
        pub locked: Option<String>,
        pub banked: Option<i64>,
        pub score: Option<i64>,
        pub opponent: Option<i64>,
        /// Every other player's total in turn order, the next player first:
        /// `5000,7200`.
        pub opponents: Option<String>,
        /// `score`, `win` or (category games) `target`.
        pub objective: Option<String>,
        /// Category games: the final score to reach (ranks by the chance).
        pub target: Option<u32>,
        pub farkles: Option<u32>,
        pub opponent_farkles: Option<u32>,
        pub ones: Option<u32>,
        pub leftover: Option<u8>,
        pub inherited: Option<i64>,
        pub held: Option<u8>,
        /// How many alternatives a text rendering lists (the report has all).
        pub top: Option<usize>,
        /// Category games: the exact final-score distribution of every
        /// alternative (expected-score play).
        pub distribution: bool,
        /// Category games, playing to win: every other player's sheet.
        pub opponent_sheet: Vec<String>,
        /// Push-your-luck, a game of more than two: estimate by rollouts
        /// even where an exact table answers.
        pub estimate: bool,
        /// Rollouts per alternative (else as many as two seconds allow).
        pub rollouts: Option<u64>,
        /// The rollouts' dice seed (default 0).
        pub seed: Option<u64>,
    }
}

impl Request for AdviseRequest {
    type Question = (Game, AdviseQuestion);

    /// The game and the question in its family's form.
    ///
    /// # Errors
    /// An unknown game or option, flags of the other family or that
    /// exclude each other, dice or lists that do not read.
    fn question(&self) -> Result<(Game, AdviseQuestion), Error> {
        if self.top == Some(0) {
            return Err(RequestError::Top.into());
        }
        let conflicts = [
            (self.opponent.is_some() && self.opponents.is_some(), Field::Opponent, "opponents"),
            (self.dice.is_some() && self.leftover.is_some(), Field::Leftover, "dice"),
            (self.inherited.is_some() && self.leftover.is_some(), Field::Inherited, "leftover"),
            (self.held.is_some() && self.leftover.is_some(), Field::Held, "leftover"),
        ];
        if let Some(&(_, field, other)) = conflicts.iter().find(|c| c.0) {
            return Err(RequestError::Conflict { other, field }.into());
        }
        if self.locked.is_some() && self.dice.is_none() {
            return Err(RequestError::Needs { needs: "--dice", field: Field::Locked }.into());
        }
        let game = self.game.question()?;
        let question = match game.family() {
            Family::Category => AdviseQuestion::Category(self.category(&game)?),
            Family::PushLuck => AdviseQuestion::PushLuck(self.push_luck(&game)?),
        };
        Ok((game, question))
    }
}

impl AdviseRequest {
    fn category(&self, game: &Game) -> Result<CategoryQuestion, Error> {
        let wrong = |what| wrong_family(what, game, Family::PushLuck);
        let to_win = !self.opponent_sheet.is_empty();
        if super::asks_win(self.objective.as_deref())? && !to_win {
            return Err(wrong("--objective win without --opponent-sheet"));
        }
        if self.objective.as_deref() == Some("target") && self.target.is_none() {
            return Err(RequestError::TargetMissing.into());
        }
        if to_win {
            // Against other sheets the objective is winning: not a score to
            // reach, not the expected score.
            let other = match self.objective.as_deref() {
                _ if self.target.is_some() => Some("target"),
                Some("score" | "target") => Some("objective"),
                _ => None,
            };
            if let Some(other) = other {
                return Err(RequestError::Conflict { other, field: Field::OpponentSheet }.into());
            }
            let most = crate::limits::TABLE_PLAYERS_MAX - 1;
            if self.opponent_sheet.len() > most {
                let value = self.opponent_sheet.len() as u64;
                return Err(
                    RequestError::Range { value, range: "from 1 to 7 sheets", field: Field::OpponentSheet }.into()
                );
            }
        }
        if self.distribution && self.target.is_some() {
            // The distribution is the expected-score play's, not the target's.
            return Err(RequestError::Conflict { other: "target", field: Field::Distribution }.into());
        }
        let given = [
            ("--banked", self.banked.is_some()),
            ("--score", self.score.is_some()),
            ("--farkles", self.farkles.is_some()),
            ("--ones", self.ones.is_some()),
            ("--leftover", self.leftover.is_some()),
            ("--opponent", self.opponent.is_some()),
            ("--opponents", self.opponents.is_some()),
            ("--opponent-farkles", self.opponent_farkles.is_some()),
            ("--inherited", self.inherited.is_some()),
            ("--held", self.held.is_some()),
            ("--estimate", self.estimate),
            ("--rollouts", self.rollouts.is_some()),
            ("--seed", self.seed.is_some()),
        ];
        if let Some((flag, _)) = given.iter().find(|g| g.1) {
            return Err(wrong(flag));
        }
        Ok(CategoryQuestion {
            sheet: self.sheet.clone().unwrap_or_default(),
            dice: self.dice.as_deref().map(|d| super::dice(d, Field::Dice)).transpose()?,
            roll: self.roll,
            locked: self.locked.as_deref().map(|d| super::dice(d, Field::Locked)).transpose()?,
            target: self.target,
            distribution: self.distribution,
            opponents: self.opponent_sheet.clone(),
        })
    }

    fn push_luck(&self, game: &Game) -> Result<PushLuckQuestion, Error> {
        let given = [
            ("--sheet", self.sheet.is_some()),
            ("--locked", self.locked.is_some()),
            ("--target", self.target.is_some()),
            ("--distribution", self.distribution),
            ("--opponent-sheet", !self.opponent_sheet.is_empty()),
        ];
        if let Some((flag, _)) = given.iter().find(|g| g.1) {
            return Err(wrong_family(flag, game, Family::Category));
        }
        let start = match (&self.dice, self.leftover) {
            (Some(d), None) => Start::Roll(super::dice(d, Field::Dice)?),
            (None, Some(k)) => Start::Leftover(k),
            _ => return Err(RequestError::NoStart.into()),
        };
        let score_only = self.objective.as_deref() == Some("score");
        if score_only && (self.opponent.is_some() || self.opponents.is_some()) {
            let field = if self.opponent.is_some() { Field::Opponent } else { Field::Opponents };
            return Err(RequestError::TotalsWithScore { field }.into());
        }
        if score_only && self.opponent_farkles.is_some() {
            return Err(RequestError::FarklesWithScore.into());
        }
        let (opponent, later_opponents) = match self.opponents.as_deref() {
            None => (self.opponent, vec![]),
            Some(text) => {
                let totals = text
                    .split(',')
                    .map(|t| t.trim().parse::<i64>())
                    .collect::<Result<Vec<i64>, _>>()
                    .map_err(|_| RequestError::Opponents(userio::cut(text, 40).into_owned()))?;
                (totals.first().copied(), totals[1..].to_vec())
            }
        };
        let win = super::asks_win(self.objective.as_deref())? || opponent.is_some() || self.opponent_farkles.is_some();
        let rollouts = self.rollout_ask(later_opponents.is_empty())?;
        Ok(PushLuckQuestion {
            start,
            banked: self.banked.unwrap_or(0),
            score: self.score,
            farkles: self.farkles.unwrap_or(0),
            ones: self.ones.unwrap_or(0),
            roll: self.roll,
            opponent,
            opponent_farkles: self.opponent_farkles.unwrap_or(0),
            later_opponents,
            inherited: self.inherited,
            held: self.held.unwrap_or(0),
            objective: Objective::of(win, Family::PushLuck),
            rollouts,
        })
    }

    /// The estimate's flags, bounded; refused in a game of two (`two`),
    /// whose win table is always exact.
    fn rollout_ask(&self, two: bool) -> Result<RolloutAsk, Error> {
        let given = [
            (self.estimate, Field::Estimate),
            (self.rollouts.is_some(), Field::Rollouts),
            (self.seed.is_some(), Field::Seed),
        ];
        if let Some(&(_, field)) = given.iter().find(|g| g.0).filter(|_| two) {
            return Err(RequestError::Needs {
                needs: "--opponents with two totals or more (a game of three or more)",
                field,
            }
            .into());
        }
        Ok(RolloutAsk { force: self.estimate, ..RolloutAsk::counted(self.rollouts, self.seed)? })
    }
}

/// A flag of the other family's questions, named with the game's id (as
/// typed).
pub(super) fn wrong_family(what: &'static str, game: &Game, for_family: Family) -> Error {
    Error::WrongFamily { what, game: game.reference().id, family: game.family(), for_family }
}
