//! The report of `compare`: how the rule variants of a push-your-luck game
//! change who wins, exactly.

use serde::Serialize;

use super::rollout::{HeadStartEstimate, SeatEstimate};

use crate::vocabulary::GameRef;

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
    /// or the house-rules file; variants asked that are the same rules are
    /// one row, named by each, joined with ` = ` (`on-the-board=500 =
    /// min-bank=350`).
    pub variant: String,
    /// Each variant asked that this row's rules are, in the order asked
    /// (one, unless several are the same rules: solved once).
    pub variants: Vec<String>,
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
    /// Where the exact table does not fit: each seat's chance from the
    /// start estimated by rollouts, with its interval.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimate: Option<SeatEstimate>,
    /// With the estimate: the fair head starts by a search over rollouts,
    /// and each seat's chance with them, with its interval.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub head_starts: Option<HeadStartEstimate>,
    /// With the estimate, where the states a game from the start reaches
    /// fit the exact solve though the whole table does not: each seat's
    /// exact chance from the start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_start: Option<StartSeats>,
}

/// Each seat's exact chance from the start, solved over the states a game
/// from the start reaches (with an entry threshold a total between 0 and
/// it never happens; the whole table holds them for head starts).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StartSeats {
    /// P(win) of each seat from the start: the first player's, ...
    pub seats: Vec<f64>,
    /// Expected turns per player (every last turn included).
    pub turns_per_player: f64,
    /// Totals below the goal a game from the start reaches, a player ...
    pub reached_totals: usize,
    /// ... of the whole table's.
    pub totals: usize,
    /// Turn-start states solved ...
    pub states: u64,
    /// ... of the whole table's.
    pub of: u64,
    /// Turn DPs the solve ran.
    pub turn_solves: u64,
    /// Seconds it took.
    pub solve_seconds: f64,
    /// Whether every seat's 95% interval in the row's estimate holds its
    /// exact chance (a check of the rollouts).
    pub estimate_holds: bool,
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

/// What `compare` says as it goes ([`crate::compare_stream`]): first its
/// plan, then each row as soon as it is known, then the whole report. With
/// `--json-lines` the binary writes each as one JSON object on a line,
/// told apart by `kind`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CompareEvent {
    /// Before anything is read or solved.
    Plan(ComparePlan),
    /// One variant's row, finished.
    Row(Box<CompareRowDone>),
    /// The end: every row, in the order the variants were asked for.
    Done(CompareReport),
}

/// The order in which `compare` answers, and what it must solve.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ComparePlan {
    /// The base rules.
    pub game: GameRef,
    /// The players at the table.
    pub players: usize,
    /// Every variant in the order its row will come: the base rules first
    /// (every other row's change is against it), then the variants whose
    /// tables are there, then the rest from the quickest solve to the
    /// slowest.
    pub order: Vec<PlannedRow>,
    /// How many variants must be solved first.
    pub to_solve: usize,
    /// What solving them should take in all on this machine now (0 when
    /// nothing is to solve).
    pub estimated_seconds: f64,
}

/// One variant in the plan.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlannedRow {
    /// Its position among the report's rows (the order asked).
    pub index: usize,
    /// The variant as asked (as the row names it).
    pub variant: String,
    /// Its table must be solved first; `estimated_seconds` says how long
    /// that should take.
    pub solve: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimated_seconds: Option<f64>,
}

/// A finished row, as it comes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CompareRowDone {
    /// Its position among the report's rows (the order asked).
    pub index: usize,
    /// Rows finished so far, this one included ...
    pub done: usize,
    /// ... of this many.
    pub of: usize,
    pub row: CompareRow,
    /// Seconds since the comparison started.
    pub seconds: f64,
    /// What the solves still to come should take: their estimates, scaled
    /// by how the solves so far measured against theirs (0 when nothing
    /// is left to solve).
    pub remaining_seconds: f64,
}
