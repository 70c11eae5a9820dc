//! Playing a score-sheet game to win: the other players' sheets as the
//! advice takes them, and each choice's chances against them.

use serde::Serialize;

use super::distribution::ScoreDistribution;

/// Playing to win against the other sheets: who they are, what their best
/// final score may be, and what the chances mean.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToWin {
    /// Every other player's sheet, in the order given.
    pub opponents: Vec<OpponentSheet>,
    /// The best final score among the other players: its distribution,
    /// each unfinished sheet played for the best expected score,
    /// independently of the others.
    pub best_opponent: ScoreDistribution,
    /// Every other sheet is full: the score to beat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_beat: Option<u32>,
    /// What the alternatives' `chance` is.
    pub rule: WinRule,
}

/// What a choice's chance to win is, and what it takes for granted besides
/// the rules: a tie with the best other score is never a win (counted
/// apart), and every sheet still in play is played for the best expected
/// score, independently of the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum WinRule {
    /// Every other sheet is full: the exact best chance of a final score
    /// above the score to beat.
    Exact,
    /// The chance to win if the best other final score were known now
    /// (each score it may be played for on its own), weighted by that
    /// score's chance: no play does better; the best play's chance lies
    /// between it and the expected-score play's.
    IfBestKnown,
}

/// One other player's sheet.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OpponentSheet {
    /// The sheet, as read.
    pub sheet: String,
    /// Points on it, bonuses earned included.
    pub points_so_far: u32,
    pub finished: bool,
    /// The final score's distribution, played for the best expected score
    /// from the sheet on (a full sheet: its total).
    pub distribution: ScoreDistribution,
}

/// One choice's chances against the other sheets. Win: a final score above
/// every other player's; a tie with the best of them is counted apart.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct WinChance {
    /// What the choice is ranked by. Every other sheet full: the exact best
    /// chance to win. Otherwise the rule's value: the best chance to win
    /// if the best other final score were known now (each one played for
    /// on its own), averaged over that score's distribution; no play
    /// does better.
    pub chance: f64,
    /// The same for a final score at least level with the best other one
    /// (a win or a tie), played for that.
    pub win_or_tie: f64,
    /// Playing for the best expected score from then on: the exact chance
    /// to win, and of a tie.
    pub expected_play: f64,
    pub expected_play_tie: f64,
}
