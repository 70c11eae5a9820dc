//! Whole-game solves too large for memory (Six Hundred: 3.3 billion
//! states), level by level on disk, resumable, into a compact table.
//!
//! Level `k` (the masks with `k` boxes filled) needs only level `k + 1`, and
//! the state index keeps each level contiguous. So the solve walks down
//! from the full sheet, one level at a time, and writes each finished level
//! twice, atomically, with the usual header (magic, version, rules
//! fingerprint with the level number, shape, data checksum):
//!
//! * `level-KK.f32.sixdice`, the level's values in the solve's own
//!   precision (the turn DP runs in f32, [`crate::category::turn::Real`]):
//!   the input of the level below, deleted once that level is written;
//! * `level-KK.sixdice`, the compact table `advise` reads: [`CODE_BITS`]
//!   bits per state, `lo + q * step` with `q` the state's code and `lo`,
//!   `step` the level's range over `2^CODE_BITS − 1` steps, the codes packed
//!   end to end into 16-bit words (see [`Packed`]), and the XXH3 of every
//!   64 KiB block of the data in the metadata, so that a reader can check
//!   just the blocks it reads.
//!
//! In memory are only the level being written (f32) and the f32 level it
//! reads (memory-mapped): for Six Hundred the two largest adjacent levels,
//! 5.2 GiB. On disk at most the compact table and two f32 levels.
//!
//! Resuming: a solve started again keeps every level whose compact file
//! verifies in full, finds the lowest of them whose f32 file is still there
//! too, and goes on below it. Each level is computed only from the f32 file
//! of the level above, and quantised only from its own, so a resumed solve
//! gives the same bytes as an uninterrupted one (the turn DP is
//! deterministic and a state's value does not depend on the thread that
//! computes it). The optimal expected score of a new game is kept from the
//! f32 solve, not from the compact table.
//!
//! Verification is lazy: opening a compact level checks its header only;
//! `advise` checks the blocks that hold the masks it reads, `simulate` and
//! `info --verify` whole levels.
//!
//! Here: the level files' names and metadata, what a solve needs, and the
//! report of a level solve; [`codec`] the compact code, [`solve`] the
//! resumable solve, [`read`] reading levels back.

pub(crate) mod codec;
mod read;
mod solve;

pub(crate) use codec::{packed_words, Quantum};
#[cfg(feature = "internals")]
pub(crate) use read::F32Table;
pub(crate) use read::{successors_of, AllLevels, CompactLevel};
pub(crate) use solve::{check_writable, read_times, solve_levels};

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::model::CategoryGame;
use super::states::StateIndex;
use super::table::game_ref;
use super::turn::TurnDp;
use crate::error::Error;
use crate::report::GameRef;
use crate::report::{LevelFacts, SolveNeeds};
use crate::report::{Objective, Solved, TableFile, TableReport};
use crate::table::{self, fingerprint, Table, TableError, TableSpec, Verify};

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
    fn bytes(self, states: u64) -> u64 {
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

/// The table report of a level solve.
pub(crate) fn report(dp: &TurnDp, solved: &LevelsSolved) -> TableReport {
    let game = dp.game();
    let sizes: Vec<u64> = (0..dp.index().categories()).map(|k| level_range(dp.index(), k).1).collect();
    TableReport {
        solved: Solved {
            game: game_ref(game),
            objective: Objective::FinalScore,
            expected_score: solved.expected_score,
            variants: vec![],
            states: solved.states,
            solve_seconds: solved.levels.iter().map(|l| l.seconds).sum(),
            layout: "one file per level (boxes filled): [state] in state-index order from the level's first state, \
                     14-bit codes packed into u16 words, value = lo + code * (hi - lo) / 16383 (per level)"
                .into(),
            sixdice_version: env!("CARGO_PKG_VERSION").into(),
        },
        table: TableFile { path: solved.dir.clone(), bytes: solved.bytes, shape: sizes, verified: true },
        max_score: crate::category::games::sixhundred::max_score(game),
        levels: solved.levels.clone(),
        win: None,
        game_facts: None,
    }
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

/// `info` of a level table: every level opened (and with [`Verify::Full`]
/// checked in full), the expected score from level 0, sizes and times.
pub(crate) fn info(dp: &TurnDp, dir: &Path, verify: Verify) -> Result<TableReport, Error> {
    let ncat = dp.index().categories();
    let mut facts = vec![];
    let mut all_verified = true;
    let mut bytes = 0;
    let times = read_times(dir);
    for k in (0..ncat).rev() {
        let level = CompactLevel::open(dp, dir, k, verify)?;
        if verify == Verify::Full {
            level.sums.check_all(level.table.data()).map_err(|b| TableError::Corrupt {
                path: level.table.path().to_path_buf(),
                why: format!("checksum mismatch in block {b}"),
            })?;
        }
        all_verified &= level.table.verified();
        bytes += level.table.file_size();
        let seconds = times.get(k).copied().flatten().unwrap_or(0.0);
        facts.push(LevelFacts { level: k, states: level_range(dp.index(), k).1, seconds, resumed: true });
    }
    let zero = open_level(dp, dir, 0, Precision::Compact, Verify::Auto)?;
    let expected = zero.meta::<LevelMeta>()?.expected_score.ok_or_else(|| TableError::Corrupt {
        path: level_path(dir, 0, Precision::Compact),
        why: "level 0 does not hold the expected score".into(),
    })?;
    let solved = LevelsSolved {
        dir: dir.to_path_buf(),
        expected_score: expected,
        states: dp.index().len(),
        levels: facts,
        seconds: 0.0,
        bytes,
    };
    let mut report = report(dp, &solved);
    report.table.verified = all_verified;
    Ok(report)
}

#[cfg(test)]
mod tests;
