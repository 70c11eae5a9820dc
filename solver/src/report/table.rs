//! What a solve found and where its table is: the reports of `solve` and
//! `info` (the same shape for every game), and of `rules`.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::distribution::{DistributionFacts, ScoreDistribution};
use crate::table::Table;
use crate::vocabulary::{GameRef, Objective};

/// The value of one variant of a solve (push-your-luck: on or off the
/// board, after two farkles, ...).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VariantValue {
    /// E.g. `on the board`.
    pub variant: String,
    pub expected_score: f64,
    /// Turn total from which banking is optimal in every state.
    pub bank_always_from: Option<i64>,
}

/// What a solve found; stored as the table's metadata and reported by
/// `solve` and `info` alike.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Solved {
    pub game: GameRef,
    pub objective: Objective,
    /// The headline value: a new game (category), a fresh turn on the board
    /// (push-your-luck).
    pub expected_score: f64,
    /// Per variant, when the table holds several.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variants: Vec<VariantValue>,
    /// Number of values in the table.
    pub states: u64,
    pub solve_seconds: f64,
    /// How the table's values are laid out.
    pub layout: String,
    pub sixdice_version: String,
}

/// A table file on disk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableFile {
    pub path: PathBuf,
    pub bytes: u64,
    pub shape: Vec<u64>,
    /// Whether the data checksum was checked when the table was opened.
    pub verified: bool,
}

impl TableFile {
    pub(crate) fn of(table: &Table) -> TableFile {
        TableFile {
            path: table.path().to_path_buf(),
            bytes: table.file_size(),
            shape: table.shape().to_vec(),
            verified: table.verified(),
        }
    }

    /// Facts of a table just written (its data was checksummed as written).
    pub(crate) fn written(path: &Path, shape: Vec<u64>) -> TableFile {
        let bytes = std::fs::metadata(path).map_or(0, |m| m.len());
        TableFile { path: path.to_path_buf(), bytes, shape, verified: true }
    }
}

/// The result of `solve` and `info`: the solve's facts and the table file.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableReport {
    #[serde(flatten)]
    pub solved: Solved,
    pub table: TableFile,
    /// The highest final score the rules allow, where known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_score: Option<u32>,
    /// Tables stored level by level (Six Hundred): each level's facts.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub levels: Vec<LevelFacts>,
    /// Win-objective tables: how the solve went.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win: Option<WinFacts>,
    /// Win-objective tables: what they say about the game (see `compare`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_facts: Option<GameFacts>,
    /// Win tables of three players: what they say about the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seats: Option<SeatFacts>,
    /// Win solves: what the whole solve (game facts included) was estimated
    /// to take before it started, beside `solve_seconds`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimated_seconds: Option<f64>,
    /// Target tables (score-sheet games played to reach a score).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<TargetFacts>,
    /// Distribution tables (the final score under the expected-score play).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distribution: Option<DistributionFacts>,
    /// `info --target T` or `--sheet S`: the chances from that position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<PositionFacts>,
}

/// The facts of a target table: how much it holds, how it is stored, and
/// the best chances from the empty sheet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TargetFacts {
    /// Chances stored: per state, one per needed score in its band.
    pub entries: u64,
    /// The widest band (needed scores of one state).
    pub widest_band: u32,
    /// From the empty sheet: the final score the best play guarantees, and
    /// the most the rules allow.
    pub guaranteed: u32,
    pub most: u32,
    /// How the chances are stored (`f32`).
    pub stored: String,
    /// The largest difference between a stored chance and the solve's f64.
    pub largest_rounding: f64,
    /// From the empty sheet: the best chance of each final score (every 50
    /// points while it is at least 1e-9), the solve's f64.
    pub start: Vec<TargetChance>,
}

/// The best chance of a final score of at least `score`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TargetChance {
    pub score: u32,
    pub chance: f64,
}

impl TableReport {
    /// The report of a table and its solve, with nothing more to say (no
    /// levels, no win facts, no estimate).
    pub(crate) fn of(table: TableFile, solved: Solved) -> TableReport {
        TableReport {
            solved,
            table,
            max_score: None,
            levels: vec![],
            win: None,
            game_facts: None,
            seats: None,
            estimated_seconds: None,
            target: None,
            distribution: None,
            position: None,
        }
    }
}

/// What the win table of a game of several players says about the game
/// (every player playing to win), and how its solve went.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatFacts {
    pub players: usize,
    /// P(win) of each seat from the start: the first player's, the
    /// second's, ...
    pub seats: Vec<f64>,
    /// Points given at the start to each seat after the first that bring
    /// the game closest to even (the smallest largest distance of a seat's
    /// P(win) from `1 / players`) ...
    pub head_starts: Vec<i64>,
    /// ... and each seat's P(win) with them.
    pub head_start_seats: Vec<f64>,
    /// Expected turns per player (every last turn included).
    pub turns_per_player: f64,
    /// Turn DPs the solve ran.
    pub turn_solves: u64,
    /// Turn-start states where the mover mixes two policies (no single
    /// policy is an equilibrium there).
    pub mixed_states: u64,
    /// Rotation classes whose players' best replies turned in a cycle,
    /// solved by the search over their policies.
    pub searched_classes: u64,
}

/// The result of `rules`: a push-your-luck rule set as an editable TOML file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RulesReport {
    pub game: GameRef,
    pub toml: String,
}

/// One level of a level solve.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct LevelFacts {
    pub level: usize,
    pub states: u64,
    /// Seconds it took (in the run that computed it).
    pub seconds: f64,
    /// True when this run found it on disk, verified, and did not compute it.
    pub resumed: bool,
}

/// What a win solve found, beyond the values.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct WinFacts {
    /// Largest value a forced bank past the goal could have lost (0 when
    /// every turn was cut where banking is provably optimal).
    pub truncation: f64,
    /// Largest fixed-point residual accepted.
    pub residual: f64,
    /// Turn DPs run.
    pub turn_solves: u64,
}

/// The game facts of a win table (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct GameFacts {
    /// Points given to the second player at the start that bring P(first
    /// player wins) closest to 1/2 ...
    pub head_start: i64,
    /// ... and P(first player wins) with it.
    pub head_start_first_wins: f64,
    /// Expected turns per player in a game both play to win (the last turn
    /// included).
    pub turns_per_player: f64,
    /// P(first player wins) when the first plays to win and the second
    /// plays the expected-score policy ...
    pub optimal_first_vs_ev: f64,
    /// ... and when the first plays the expected-score policy against a
    /// second who plays to win.
    pub ev_first_vs_optimal: f64,
    /// Expected score of a turn on the board by the expected-score policy.
    pub ev_turn_score: f64,
}

/// `info --target T` or `info --distribution` from a sheet (`--sheet`):
/// one position's chances, read from the tables (nothing is solved).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PositionFacts {
    /// The sheet, as read (empty: the empty sheet).
    pub sheet: String,
    /// Points on it, bonuses earned included.
    pub points_so_far: u32,
    /// The final score to reach, and its best chance from the sheet before
    /// the turn (from the target table's f32 bands).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_chance: Option<f64>,
    /// Playing for points from the sheet: the expected final score, where
    /// the expected-score table is there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_score: Option<f64>,
    /// Playing for points: the chance of reaching the target, and the
    /// final score's distribution, where the distribution table is there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_play_chance: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distribution: Option<ScoreDistribution>,
}
