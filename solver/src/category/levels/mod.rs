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
mod layout;
mod read;
mod solve;

pub(crate) use layout::{
    level_path, level_range, levels_dir, needs_in_words, open_level, LevelMeta, LevelsSolved, Precision,
};
#[cfg(feature = "internals")]
pub(crate) use read::F32Table;
pub(crate) use read::{successors_of, AllLevels, CompactLevel};
pub(crate) use solve::{check_writable, read_times, solve_levels};

use std::path::Path;

use super::turn::TurnDp;
use crate::error::Error;
use crate::report::LevelFacts;
use crate::report::{Solved, TableFile, TableReport};
use crate::table::{TableError, Verify};
use crate::vocabulary::Objective;

/// The table report of a level solve.
pub(crate) fn report(dp: &TurnDp, solved: &LevelsSolved) -> TableReport {
    let game = dp.game();
    let sizes: Vec<u64> = (0..dp.index().categories()).map(|k| level_range(dp.index(), k).1).collect();
    TableReport {
        solved: Solved {
            game: game.reference(),
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
        target: None,
        distribution: None,
        position: None,
        max_score: crate::category::games::sixhundred::max_score(game),
        levels: solved.levels.clone(),
        win: None,
        game_facts: None,
        seats: None,
        estimated_seconds: None,
    }
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
