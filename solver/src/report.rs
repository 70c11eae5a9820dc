//! Typed results shared by both game families.
//!
//! Every command's result is a `Serialize` struct: front ends print it as
//! text or serialise it (`--json`). The vocabulary is the same across
//! families: `game` says which game and options, `objective` what the
//! numbers maximise, and `expected_score` is always the optimal expected
//! value under that objective (final score for category games, score of one
//! turn for push-your-luck games).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::registry::GameRef;
use crate::table::Table;

/// What the solved values maximise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Objective {
    /// The expected final score of a game (category games).
    FinalScore,
    /// The expected score of one turn (push-your-luck games).
    TurnScore,
    /// The probability of winning a two-player game (push-your-luck games).
    Win,
}

impl Objective {
    pub fn describe(self) -> &'static str {
        match self {
            Objective::FinalScore => "expected final score",
            Objective::TurnScore => "expected turn score",
            Objective::Win => "probability of winning",
        }
    }
}

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
    pub fn of(table: &Table) -> TableFile {
        TableFile {
            path: table.path().to_path_buf(),
            bytes: table.file_size(),
            shape: table.shape().to_vec(),
            verified: table.verified(),
        }
    }

    /// Facts of a table just written (its data was checksummed as written).
    pub fn written(path: &Path, shape: Vec<u64>) -> TableFile {
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
    pub levels: Vec<crate::category::levels::LevelFacts>,
    /// Win-objective tables: how the solve went.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win: Option<crate::pushluck::win::WinFacts>,
    /// Win-objective tables: what they say about the game (see `compare`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_facts: Option<crate::pushluck::win::facts::GameFacts>,
}

/// The result of `rules`: a push-your-luck rule set as an editable TOML file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RulesReport {
    pub game: GameRef,
    pub toml: String,
}
