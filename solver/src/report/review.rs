//! The report of `review`: every decision of a game with its loss, every
//! roll with its luck, and each player's totals.

use serde::Serialize;

use super::{Advice, Interval, TableView};
use crate::vocabulary::{GameRef, Objective, Thresholds};

/// A whole game reviewed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReviewReport {
    pub game: GameRef,
    /// What the values are: P(win) (push-your-luck games of two, and of
    /// three where the table of three is at hand; values and losses are
    /// probabilities, 0 to 1), the expected points of a turn (one player,
    /// or several without such a table), or the expected final score.
    pub objective: Objective,
    /// Where P(win) is exact over the states a game from the start
    /// reaches, no whole table of the players fitting: the sentence that
    /// says so.
    pub exact_from: Option<String>,
    /// The error classes' lower bounds, in the unit the text shows:
    /// percentage points of P(win), or points.
    pub thresholds: Thresholds,
    /// The record ends with the game over.
    pub finished: bool,
    /// The turns the record plays (its turn lines).
    pub turns_played: usize,
    /// The winners' seats (none while the game goes on).
    pub winners: Vec<usize>,
    /// A seeded record whose dice are not what its seed rolls: the first
    /// line where they are not (edited by hand, or rolled otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed_mismatch: Option<usize>,
    pub players: Vec<PlayerReview>,
    pub decisions: Vec<ReviewedDecision>,
    pub rolls: Vec<ReviewedRoll>,
    /// The costliest decisions (at most five with a loss), costliest first:
    /// positions in `decisions`.
    pub costliest: Vec<usize>,
    /// Every player's value after each turn: what `--plot` draws.
    pub turns: Vec<TurnValues>,
    /// The decisions asked for with their position and alternatives
    /// (`ReviewQuestion::decision`, `all_decisions`): positions in
    /// `decisions`, whose `position` and `advice` are filled.
    pub shown: Vec<usize>,
    /// A game of three to eight players that no exact table fits: its
    /// decisions judged by P(win) estimated by rollouts (each decision's
    /// `estimate`), beside the points the values are in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimates: Option<ReviewEstimates>,
}

/// One player's game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerReview {
    pub player: String,
    pub decisions: usize,
    /// Decisions with one legal play.
    pub forced: usize,
    pub doubtful: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// Sum of the losses (the objective's unit).
    pub total_loss: f64,
    /// Mean loss per unforced decision (0 with none).
    pub mean_loss: f64,
    /// Win objective: the same decisions' losses in expected points of
    /// their turns.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_points_loss: Option<f64>,
    /// The rating of `mean_loss` on the documented scale; none without an
    /// unforced decision.
    pub rating: Option<&'static str>,
    /// The value at the start (summed over the turns, for turn points).
    pub start: f64,
    /// Luck of every roll that moved this player's value.
    pub luck: f64,
    /// Two players: the opponent's losses, which raised this player's value;
    /// three: how the other players' turns moved this player's chances.
    pub gifts: f64,
    /// 1 or 0 (won, lost), the final score, or the points of the turns
    /// played; while the game goes on, the value now.
    pub result: f64,
    /// The result less the luck (`start - total_loss + gifts`): what the
    /// player's decisions (and the opponent's) made of the start.
    pub luck_adjusted: f64,
}

/// How bad a decision was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DecisionClass {
    Doubtful,
    Mistake,
    Blunder,
}

/// One decision.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReviewedDecision {
    /// The decision's number, from 1 in the order played (what
    /// `ReviewQuestion::decision` asks for).
    pub number: usize,
    /// The record's line of the turn.
    pub line: usize,
    /// The turn, counted from 1 in the order played.
    pub turn: usize,
    pub seat: usize,
    pub player: String,
    pub played: String,
    pub best: String,
    pub value_played: f64,
    pub value_best: f64,
    pub loss: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points_loss: Option<f64>,
    pub forced: bool,
    /// None below the doubtful bound, and for a forced decision.
    pub class: Option<DecisionClass>,
    /// The dice decided on (none at a leftover's take or fresh).
    pub dice: Vec<u8>,
    /// Push-your-luck: the points set aside before these dice.
    pub at_stake: Option<i64>,
    /// Every player's game total before the decision, in seat order.
    pub totals: Vec<i64>,
    /// Only for the decisions asked for (see `ReviewReport::shown`): the
    /// table as the players saw it before the decision.
    pub position: Option<TableView>,
    /// Only for the decisions asked for: every alternative, ranked as
    /// `advise` ranks them there.
    pub advice: Option<Advice>,
    /// A game whose chances are estimated by rollouts (no exact table): the
    /// decision's loss of P(win) by them, where it was estimated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimate: Option<DecisionEstimate>,
}

/// A decision's loss of P(win) estimated by rollouts: every alternative of
/// the roll played out on the same dice.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DecisionEstimate {
    /// The best's estimated P(win) less the played one's, with the 95%
    /// interval of the difference (0 for the best by the estimate).
    pub loss: Interval,
    /// The interval lies above 0: the rollouts tell the play from the best.
    pub separated: bool,
    /// The class of the loss under the win thresholds (`estimates`), only
    /// where separated: a play not told apart from the best is never a
    /// mistake.
    pub class: Option<DecisionClass>,
    /// The best by the estimate, in words.
    pub best: String,
    /// Rollouts per alternative (with the report's seed: the same numbers
    /// again from `advise --rollouts N --seed S`).
    pub rollouts: u64,
}

/// How a review estimated P(win) by rollouts, and what it found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReviewEstimates {
    /// Why estimated (no exact table fits, or none is solved).
    pub reason: String,
    pub policy: &'static str,
    pub seed: u64,
    /// Rollouts per alternative of each decision.
    pub rollouts: u64,
    /// The per-game budget in seconds (none when a count was given): the
    /// decisions past it are left unestimated, and said so.
    pub budget_seconds: Option<f64>,
    /// Decisions the rollouts can judge (a set-aside of an ordinary turn,
    /// more than one play), and how many of them were estimated.
    pub estimable: usize,
    pub estimated: usize,
    pub seconds: f64,
    /// The classes' bounds, in percentage points of P(win).
    pub thresholds: Thresholds,
    /// Each player's estimated losses, in seat order.
    pub players: Vec<PlayerEstimate>,
}

/// A player's decisions judged by rollouts.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerEstimate {
    pub player: String,
    pub estimated: usize,
    /// Decisions the rollouts told apart from the best.
    pub separated: usize,
    pub doubtful: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// The sum of the estimated losses the rollouts tell from 0 (P(win),
    /// 0 to 1): a loss within the noise counts 0, since the best by the
    /// estimate is the largest of noisy values and the others' distances
    /// from it are positive on average even for plays as good.
    pub total_loss: f64,
    /// The mean per estimated decision, and its rating on the win scale.
    pub mean_loss: f64,
    pub rating: Option<&'static str>,
}

/// One roll: what it was worth against the average roll there.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReviewedRoll {
    pub line: usize,
    pub turn: usize,
    pub seat: usize,
    pub player: String,
    pub dice: Vec<u8>,
    pub farkle: bool,
    /// The roller's value before the roll (the average roll's) and after
    /// it (the best play's with these dice).
    pub value_before: f64,
    pub value_after: f64,
    pub luck: f64,
}

/// Every player's value after one turn.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TurnValues {
    pub turn: usize,
    pub line: usize,
    /// Who played the turn.
    pub seat: usize,
    pub values: Vec<f64>,
    /// The worst class of the turn's decisions, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worst: Option<DecisionClass>,
    /// The turn was entered by its points (`points N`): nothing in it
    /// was judged.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub entered: bool,
}

/// Several games reviewed together (`review a.rec b.rec ...`): each game's
/// players, and each player's (by name) sums over the games.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReviewSummary {
    /// The records' one objective (a summary adds up one unit).
    pub objective: Objective,
    pub thresholds: Thresholds,
    /// In the order given.
    pub games: Vec<GameSummary>,
    /// In the order they first appear.
    pub players: Vec<PlayerSummary>,
}

/// One game of a summary.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameSummary {
    /// The record's path as given.
    pub file: String,
    pub game: GameRef,
    pub turns_played: usize,
    pub finished: bool,
    /// The winners' names.
    pub winners: Vec<String>,
    /// Each player's review of this game.
    pub players: Vec<PlayerReview>,
}

/// One player's sums over the games they played: `games`, and the fields
/// of [`PlayerReview`] added up (`mean_loss` and `rating` over all their
/// unforced decisions; `result` adds up to the games won under P(win)).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerSummary {
    pub games: usize,
    #[serde(flatten)]
    pub totals: PlayerReview,
}
