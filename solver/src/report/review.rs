//! The report of `review`: every decision of a game with its loss, every
//! roll with its luck, and each player's totals.

use serde::Serialize;

use super::{GameRef, Objective};

/// A whole game reviewed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReviewReport {
    pub game: GameRef,
    /// What the values are: P(win) (two-player push-your-luck games; values
    /// and losses are probabilities, 0 to 1), the expected points of a turn
    /// (one player, or three and more), or the expected final score.
    pub objective: Objective,
    /// The error classes' lower bounds, in the unit the text shows:
    /// percentage points of P(win), or points.
    pub thresholds: Thresholds,
    /// The record ends with the game over.
    pub finished: bool,
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
    /// The rating of `mean_loss` on the documented scale.
    pub rating: &'static str,
    /// The value at the start (summed over the turns, for turn points).
    pub start: f64,
    /// Luck of every roll that moved this player's value.
    pub luck: f64,
    /// Two players: the opponent's losses, which raised this player's value.
    pub gifts: f64,
    /// 1 or 0 (won, lost), the final score, or the points of the turns
    /// played; while the game goes on, the value now.
    pub result: f64,
}

/// How bad a decision was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorClass {
    Doubtful,
    Mistake,
    Blunder,
}

/// One decision.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReviewedDecision {
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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<ErrorClass>,
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
    pub worst: Option<ErrorClass>,
}

/// Lower bounds of the error classes, in the unit the text shows
/// (percentage points of P(win), or points).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, serde::Deserialize)]
pub struct Thresholds {
    pub doubtful: f64,
    pub mistake: f64,
    pub blunder: f64,
}
