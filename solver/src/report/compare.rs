//! The report of `compare`: how the rule variants of a push-your-luck game
//! change who wins, exactly.

use serde::Serialize;

use super::GameRef;

/// One variant's exact numbers.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct VariantOdds {
    /// P(first player wins) from 0-0, both playing to win.
    pub first_wins: f64,
    /// `first_wins` minus the base rules' `first_wins`: a difference of
    /// probabilities (0.0057), not percentage points (absent for the base
    /// row).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_wins_change: Option<f64>,
    /// The game facts, where the table has them (all but a piggyback game
    /// too large to solve them along, see [`super::win::facts`]).
    #[serde(flatten)]
    pub facts: Option<FactColumns>,
    /// Seconds spent solving this variant now (0 when its table was there).
    pub solve_seconds: f64,
    /// What the solve was estimated to take before it started (absent when
    /// the table was there).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimated_seconds: Option<f64>,
}

/// A variant's game facts, as `compare` shows them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct FactColumns {
    /// Points given to the second player at the start that bring the game
    /// closest to even ...
    pub head_start: i64,
    /// ... and P(first player wins) with them.
    pub head_start_first_wins: f64,
    /// Expected turns per player in an optimal game (last turn included).
    pub turns_per_player: f64,
    /// Expected score of a turn (on the board) by the expected-score policy.
    pub ev_turn_score: f64,
    /// P(the win-optimal player beats the expected-score player) when the
    /// win-optimal player goes first ...
    pub optimal_vs_ev_first: f64,
    /// ... and when it goes second.
    pub optimal_vs_ev_second: f64,
    /// Its edge: the mean of those two, minus 1/2.
    pub optimal_edge: f64,
}

/// One variant's exact numbers in a game of several players, each playing
/// to win.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatOdds {
    /// P(win) of each seat from the start.
    pub seats: Vec<f64>,
    /// The first seat's P(win) minus the base rules' (absent for the base
    /// row).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_wins_change: Option<f64>,
    /// Points given at the start to each seat after the first that bring
    /// the game closest to even ...
    pub head_starts: Vec<i64>,
    /// ... and each seat's P(win) with them.
    pub head_start_seats: Vec<f64>,
    /// Expected turns per player (every last turn included).
    pub turns_per_player: f64,
    /// Seconds spent solving this variant now (0 when its table was there).
    pub solve_seconds: f64,
    /// What the solve was estimated to take before it started (absent when
    /// the table was there).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimated_seconds: Option<f64>,
}

/// One row of the comparison.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CompareRow {
    /// The variant as asked: `base rules`, the options on top of the base,
    /// or the house-rules file.
    pub variant: String,
    pub game: GameRef,
    /// The numbers of a two-player game, when the variant is solved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub odds: Option<VariantOdds>,
    /// The numbers of a game of more players, when the variant is solved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seats: Option<SeatOdds>,
    /// Why there are no numbers (the variant is too large to solve here,
    /// or its rules are not solved for this many players yet).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_solved: Option<String>,
}

/// The comparison of a game's rule variants.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CompareReport {
    /// The base rules.
    pub game: GameRef,
    /// The players at the table.
    pub players: usize,
    pub rows: Vec<CompareRow>,
    /// Wall time of the whole comparison (solves included).
    pub seconds: f64,
}
