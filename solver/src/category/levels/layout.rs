//! The level files: their names, metadata and sizes, and what a whole
//! level solve needs (disk, memory, time).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::codec::{packed_words, Quantum};
use crate::category::model::CategoryGame;
use crate::category::states::StateIndex;
use crate::category::turn::TurnDp;
use crate::error::SolveNeeds;
use crate::report::LevelFacts;
use crate::table::{self, fingerprint, Table, TableError, TableSpec, Verify};
use crate::vocabulary::GameRef;

/// Core-microseconds per state of a level solve, measured on the whole of
/// Six Hundred (Zen 5, 2 threads: 1.36 µs per state over every level,
/// successor reads and level writes included, in one run of 75 minutes on
/// a busy day of the shared machine): the basis of the solve's time
/// estimate.
const CORE_MICROS_PER_STATE: f64 = 2.7;

/// Bytes per checksummed block of a compact level.
pub(crate) const BLOCK_BYTES: usize = 64 << 10;

/// Directory of a game's level files in `tables`, e.g. `sixhundred.levels`.
pub(crate) fn levels_dir(tables: &Path, game: &CategoryGame) -> PathBuf {
    let name = table::file_name(game.id, &game.options, None);
    tables.join(name.replace(&format!(".{}", table::EXTENSION), ".levels"))
}

/// The two files of a level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Precision {
    /// The solve's own values, input of the level below.
    F32,
    /// The compact table ([`CODE_BITS`] bits per state).
    Compact,
}

impl Precision {
    fn tag(self) -> &'static str {
        match self {
            Precision::F32 => "f32",
            Precision::Compact => "packed-codes",
        }
    }
    /// Bytes of the data of a level of `states` states.
    pub(crate) fn bytes(self, states: u64) -> u64 {
        let element = match self {
            Precision::F32 => 4,
            Precision::Compact => 2,
        };
        element * self.elements(states)
    }
    /// Number of elements of a level file of `states` states.
    fn elements(self, states: u64) -> u64 {
        match self {
            Precision::F32 => states,
            Precision::Compact => packed_words(states),
        }
    }
}

/// File of level `k` in `dir`.
pub(crate) fn level_path(dir: &Path, k: usize, p: Precision) -> PathBuf {
    match p {
        Precision::Compact => dir.join(format!("level-{k:02}.{}", table::EXTENSION)),
        Precision::F32 => dir.join(format!("level-{k:02}.f32.{}", table::EXTENSION)),
    }
}

/// The first state number and the number of states of level `k`.
pub(crate) fn level_range(index: &StateIndex, k: usize) -> (u64, u64) {
    let start = |k: usize| index.level(k).first().map_or(index.len(), |&m| index.offset(m) as u64);
    let first = start(k);
    let end = if k < index.categories() { start(k + 1) } else { index.len() };
    (first, end - first)
}

/// What level `k`'s file must be.
pub(crate) fn level_spec(game: &CategoryGame, k: usize, p: Precision, states: Option<u64>) -> TableSpec {
    TableSpec {
        game: game.id.to_string(),
        fingerprint: fingerprint(&(game.canonical(), "level", k, p.tag())),
        shape: states.map(|n| vec![p.elements(n)]),
    }
}

/// The metadata of a level file.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub(crate) struct LevelMeta {
    pub(crate) game: GameRef,
    /// Boxes filled in this level's states.
    pub(crate) level: usize,
    pub(crate) states: u64,
    /// State number of the level's first state.
    pub(crate) first_state: u64,
    /// Level 0 only: the optimal expected final score of a new game, from
    /// the f32 solve.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) expected_score: Option<f64>,
    /// Compact levels: value = `lo + q * step`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) quantum: Option<Quantum>,
    /// Compact levels: XXH3-64 of each [`BLOCK_BYTES`] block of the data,
    /// 16 hex digits each, concatenated.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub(crate) block_sums: String,
    pub(crate) sixdice_version: String,
}

/// The outcome of a level solve.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub(crate) struct LevelsSolved {
    pub(crate) dir: PathBuf,
    pub(crate) expected_score: f64,
    pub(crate) states: u64,
    pub(crate) levels: Vec<LevelFacts>,
    /// Seconds of this run.
    pub(crate) seconds: f64,
    /// Bytes of the compact table (all level files).
    pub(crate) bytes: u64,
}

/// Opens level `k` of `dp`'s game from `dir`.
pub(crate) fn open_level(dp: &TurnDp, dir: &Path, k: usize, p: Precision, verify: Verify) -> Result<Table, TableError> {
    let (_, states) = level_range(dp.index(), k);
    Table::open(&level_path(dir, k, p), &level_spec(dp.game(), k, p, Some(states)), verify)
}

/// Disk, memory and time a level solve of `dp`'s game needs (bytes, bytes,
/// seconds on `threads` threads).
pub(crate) fn needs(dp: &TurnDp, threads: usize) -> (u64, u64, f64) {
    let index = dp.index();
    let ncat = index.categories();
    let sizes: Vec<u64> = (0..=ncat).map(|k| level_range(index, k).1).collect();
    let pair = (0..ncat).map(|k| sizes[k] + sizes[k + 1]).max().unwrap_or(0);
    let disk = (0..ncat).map(|k| Precision::Compact.bytes(sizes[k])).sum::<u64>() + Precision::F32.bytes(pair);
    let memory = Precision::F32.bytes(pair);
    #[allow(clippy::cast_precision_loss)]
    let seconds = index.len() as f64 * CORE_MICROS_PER_STATE * 1e-6 / threads.max(1) as f64;
    (disk, memory, seconds)
}

/// [`SolveNeeds`] of `dp`'s game.
pub(crate) fn needs_in_words(dp: &TurnDp) -> SolveNeeds {
    let (disk, memory, seconds) = needs(dp, 2);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let minutes = (seconds / 60.0).ceil() as u64;
    // The working levels are the f32 pair `needs` counts as memory too.
    SolveNeeds { minutes, table: disk - memory, working: memory }
}
