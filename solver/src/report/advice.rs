//! The reports of `advise`: the best choice and every alternative, ranked.

use serde::Serialize;

use super::distribution::ScoreDistribution;
use super::rollout::{AlternativeEstimate, RolloutSummary};
use super::sheets_win::{ToWin, WinChance};
use crate::record::{Action, Then as RecordThen};
use crate::vocabulary::{GameRef, Objective};

/// What a choice does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum CategoryAction {
    /// Keep these dice and re-roll the rest.
    Keep { keep: Vec<u8>, reroll: usize },
    /// Locked rule: lock these dice (those locked before included) and
    /// re-roll the rest.
    Lock { lock: Vec<u8>, reroll: usize },
    /// Score the roll in a box.
    Score { category: String, points: u32 },
}

/// One choice and its value.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CategoryAlternative {
    #[serde(flatten)]
    pub action: CategoryAction,
    /// For people, e.g. `keep 2,2 (re-roll 3)`, `keep all, then score 20 in three-pairs`.
    pub description: String,
    /// Expected final score (points on the sheet so far included), playing
    /// for the best expected score from then on.
    pub expected_score: f64,
    /// Playing to reach a score (`target`): the best chance of a final
    /// score of at least the target after this choice.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance: Option<f64>,
    /// With `distribution` asked: the exact distribution of the final score
    /// after this choice, playing for the best expected score from then on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distribution: Option<ScoreDistribution>,
    /// Playing to win against other sheets: this choice's chances.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win: Option<WinChance>,
}

/// The answer to a [`CategoryQuestion`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CategoryAdvice {
    pub game: GameRef,
    pub objective: Objective,
    /// One line restating the question.
    pub situation: String,
    /// The dice (absent: the value of the sheet before the turn).
    pub dice: Option<Vec<u8>>,
    /// Locked rule: dice locked before this roll (absent when none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub locked: Option<Vec<u8>>,
    pub roll: u32,
    pub rolls: usize,
    pub filled_boxes: usize,
    pub boxes: usize,
    /// Points on the sheet, bonuses earned included.
    pub points_so_far: u32,
    /// Expected final score under optimal play from here.
    pub expected_score: f64,
    /// Every choice, best first (empty without dice).
    pub alternatives: Vec<CategoryAlternative>,
    /// Playing to reach a score: the final score to reach, and the best
    /// chance of reaching it from here (alternatives ranked by theirs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance: Option<f64>,
    /// The exact distribution of the final score under the expected-score
    /// play: of the best play (before the turn, of the sheet), where the
    /// game's distribution table is there or was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distribution: Option<ScoreDistribution>,
    /// Playing to win against other sheets (objective `win`): the sheets,
    /// and what the alternatives' chances mean (`chance`: the best one's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_win: Option<ToWin>,
}

/// What happens after a set-aside.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Then {
    /// Bank the turn total.
    Bank,
    /// Roll the remaining dice.
    Roll,
    /// The turn ends by itself (instant win, no dice or rolls left).
    Ends,
}

/// One set-aside followed by banking or rolling on, and its value.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PushLuckAlternative {
    /// The dice set aside.
    pub set_aside: Vec<u8>,
    /// How they are counted, e.g. `["single 1", "three 5s"]`.
    pub reading: Vec<String>,
    /// The same, compact: `2 x single 1 + three 5s`.
    pub counted_as: String,
    pub points: i64,
    pub instant_win: bool,
    /// Turn points after the set-aside.
    pub at_stake: i64,
    pub then: Then,
    /// Dice to roll when `then` is `roll`.
    pub roll_dice: Option<u8>,
    /// Why the turn ends when `then` is `ends`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ends_because: Option<&'static str>,
    pub expected_score: f64,
    /// With the three-farkle penalty, on the board: the long-run value
    /// (this turn's points plus the value of the farkle count it leaves,
    /// relative to none; see [`super::long_run`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub long_run_score: Option<f64>,
    /// Estimated by rollouts: `expected_score` is the estimate, this its
    /// interval and its distance below the best.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimate: Option<AlternativeEstimate>,
}

impl PushLuckAlternative {
    /// `bank`, `roll 5 dice`, `turn ends (instant win)`.
    pub fn then_text(&self) -> String {
        match (self.then, self.roll_dice) {
            (Then::Roll, Some(k)) => format!("roll {k} {}", if k == 1 { "die" } else { "dice" }),
            (Then::Ends, _) => format!("turn ends ({})", self.ends_because.unwrap_or("")),
            _ => "bank".into(),
        }
    }

    /// This play in a record's words: the set-aside, then roll on or bank
    /// (a turn that ends by itself is written as a bank).
    pub(crate) fn record_action(&self) -> Action {
        let then = if self.then == Then::Roll { RecordThen::Roll } else { RecordThen::Bank };
        Action::SetAside { dice: self.set_aside.clone(), then }
    }
}

impl CategoryAction {
    /// This play in a record's words.
    pub(crate) fn record_action(&self) -> Action {
        match self {
            CategoryAction::Keep { keep, .. } => Action::Keep { dice: keep.clone() },
            CategoryAction::Lock { lock, .. } => Action::Lock { dice: lock.clone() },
            CategoryAction::Score { category, .. } => Action::Score { category: category.clone() },
        }
    }
}

/// The answer to a question about a roll.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PushLuckAdvice {
    pub game: GameRef,
    pub objective: Objective,
    /// One line restating the situation.
    pub situation: String,
    pub dice: Vec<u8>,
    pub banked: i64,
    pub roll: u32,
    pub on_board: bool,
    /// Nothing scores: the turn is lost.
    pub farkle: bool,
    /// The best alternative's value under `objective`: an expected score,
    /// or under the win objective the probability of winning (a farkle's
    /// value when nothing scores).
    pub expected_score: f64,
    /// A caveat about this advice (e.g. near the goal).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Every alternative, best first.
    pub alternatives: Vec<PushLuckAlternative>,
    /// With the three-farkle penalty, on the board: the long-run objective's
    /// facts (each alternative then has its `long_run_score`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub long_run: Option<LongRunSummary>,
    /// Estimated by rollouts (no exact table fits, or asked): how.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rollouts: Option<RolloutSummary>,
}

/// The answer to a piggyback question.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PiggybackAdvice {
    pub game: GameRef,
    pub objective: Objective,
    pub situation: String,
    pub leftover: u8,
    pub inherited: i64,
    pub piggyback_expected_score: f64,
    pub fresh_expected_score: f64,
    /// `piggyback` or `start fresh`.
    pub best: &'static str,
    pub expected_score: f64,
}

/// The long-run objective under the three-farkle penalty, in short.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct LongRunSummary {
    /// Average points per turn, long-run optimal policy.
    pub points_per_turn: f64,
    /// Relative value of 0, 1, 2 farkles in a row (0 for none).
    pub farkle_count_value: [f64; 3],
}

/// The answer of `advise`, tagged by its `kind`: a category game's choices,
/// a push-your-luck roll's set-asides, or whether to piggyback on the
/// previous player's leftover dice.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Advice {
    Category(CategoryAdvice),
    PushLuck(PushLuckAdvice),
    Piggyback(PiggybackAdvice),
}
