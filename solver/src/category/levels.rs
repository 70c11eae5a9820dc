//! Whole-game solves too large for memory (Six Hundred: 3.3 billion
//! states), level by level on disk, resumable.
//!
//! Level `k` (the masks with `k` boxes filled) needs only level `k + 1`, and
//! the state index keeps each level contiguous. So the solve walks down
//! from the full sheet and writes every finished level as a table file of
//! its own (`level-KK.sixdice` in the game's levels directory, the usual
//! header: magic, version, rules fingerprint with the level number, shape,
//! data checksum), atomically. In memory are only the level being written
//! (f32) and the level it reads (memory-mapped): for Six Hundred the two
//! largest adjacent levels, 5.2 GiB.
//!
//! Resuming: a solve started again skips every level whose file opens and
//! verifies in full and restarts at the first one that does not. Each level
//! is computed only from the file of the level above, so a resumed solve
//! gives the same bytes as an uninterrupted one (the turn DP is
//! deterministic and each state's value does not depend on the thread that
//! computes it).
//!
//! The turn DP runs in f32 here ([`crate::category::turn::Real`]), and the
//! values between levels are stored in f32; the level files are what
//! `advise` reads.

use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::model::CategoryGame;
use super::sheet::Sheet;
use super::states::StateIndex;
use super::table::game_ref;
use super::turn::{Scratch, TurnDp, Values, CHUNK};
use crate::error::Error;
use crate::limits::bytes;
use crate::progress::Progress;
use crate::registry::GameRef;
use crate::report::{Objective, Solved, TableFile, TableReport};
use crate::table::{self, fingerprint, write_table, Table, TableError, TableSpec, Verify};

/// Core-microseconds per state of the f32 turn DP, measured on Six Hundred
/// (`scripts/bench sixhundred`, Zen 5), plus a third for reading successors
/// from the level above: the basis of the solve's time estimate.
const CORE_MICROS_PER_STATE: f64 = 3.2;

/// Directory of a game's level files in `tables`, e.g. `sixhundred.levels`.
pub fn levels_dir(tables: &Path, game: &CategoryGame) -> PathBuf {
    let name = table::file_name(game.id, &game.options, None);
    tables.join(name.replace(&format!(".{}", table::EXTENSION), ".levels"))
}

/// File of level `k` in `dir`.
pub fn level_path(dir: &Path, k: usize) -> PathBuf {
    dir.join(format!("level-{k:02}.{}", table::EXTENSION))
}

/// The first state number and the number of states of level `k`.
pub fn level_range(index: &StateIndex, k: usize) -> (u64, u64) {
    let start = |k: usize| index.level(k).first().map_or(index.len(), |&m| index.offset(m) as u64);
    let first = start(k);
    let end = if k + 1 < index.categories() + 1 { start(k + 1) } else { index.len() };
    (first, end - first)
}

/// What level `k`'s file must be.
pub fn level_spec(game: &CategoryGame, k: usize, states: Option<u64>) -> TableSpec {
    TableSpec {
        game: game.id.to_string(),
        fingerprint: fingerprint(&(game.canonical(), "level", k, "f32")),
        shape: states.map(|n| vec![n]),
    }
}

/// The metadata of a level file.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct LevelMeta {
    pub game: GameRef,
    /// Boxes filled in this level's states.
    pub level: usize,
    pub states: u64,
    /// State number of the level's first state.
    pub first_state: u64,
    /// Level 0 only: the optimal expected final score of a new game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_score: Option<f64>,
    pub sixdice_version: String,
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

/// The outcome of a level solve.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct LevelsSolved {
    pub dir: PathBuf,
    pub expected_score: f64,
    pub states: u64,
    pub levels: Vec<LevelFacts>,
    /// Seconds of this run.
    pub seconds: f64,
    /// Bytes of all level files.
    pub bytes: u64,
}

/// The table report of a level solve.
pub fn report(dp: &TurnDp, solved: &LevelsSolved) -> TableReport {
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
            layout: "one file per level (boxes filled): [state] in state-index order from the level's first state"
                .into(),
            sixdice_version: env!("CARGO_PKG_VERSION").into(),
        },
        table: TableFile { path: solved.dir.clone(), bytes: solved.bytes, shape: sizes, verified: true },
    }
}

/// Values of one level, read from its memory-mapped file.
pub struct LevelValues<'a> {
    index: &'a StateIndex,
    first: u64,
    values: &'a [f32],
}

impl Values for LevelValues<'_> {
    #[inline]
    fn at(&self, mask: u32, lane: usize) -> f64 {
        f64::from(self.values[self.index.offset(mask) - self.first as usize + lane])
    }
}

/// Values of the full sheet's level: every state is worth 0.
struct Zero;
impl Values for Zero {
    fn at(&self, _: u32, _: usize) -> f64 {
        0.0
    }
}

/// Opens level `k` of `dp`'s game from `dir`.
pub fn open_level(dp: &TurnDp, dir: &Path, k: usize, verify: Verify) -> Result<Table, TableError> {
    let (_, states) = level_range(dp.index(), k);
    Table::open(&level_path(dir, k), &level_spec(dp.game(), k, Some(states)), verify)
}

/// Disk, memory and time a level solve of `dp`'s game needs (bytes, bytes,
/// seconds on `threads` threads).
pub fn needs(dp: &TurnDp, threads: usize) -> (u64, u64, f64) {
    let index = dp.index();
    let ncat = index.categories();
    let sizes: Vec<u64> = (0..=ncat).map(|k| level_range(index, k).1).collect();
    let disk = index.len() * 4;
    let memory = (0..ncat).map(|k| sizes[k] + sizes[k + 1]).max().unwrap_or(0) * 4;
    #[allow(clippy::cast_precision_loss)]
    let seconds = index.len() as f64 * CORE_MICROS_PER_STATE * 1e-6 / threads.max(1) as f64;
    (disk, memory, seconds)
}

/// Solves `dp`'s game level by level into `dir`, resuming from the levels
/// already there.
pub fn solve_levels(dp: &TurnDp, dir: &Path, progress: &dyn Progress) -> Result<LevelsSolved, Error> {
    let clock = Instant::now();
    let game = dp.game();
    let index = dp.index();
    let ncat = index.categories();
    std::fs::create_dir_all(dir).map_err(|err| TableError::Io {
        action: "create the directory",
        path: dir.to_path_buf(),
        err,
    })?;
    let (disk, memory, seconds) = needs(dp, rayon::current_num_threads());
    progress.note(&format!(
        "{}: {} states in {ncat} levels; needs {} of disk, about {} of memory, about {:.0} min on {} threads",
        game.title,
        index.len(),
        bytes(disk),
        bytes(memory),
        seconds / 60.0,
        rayon::current_num_threads()
    ));
    let missing: u64 = (0..ncat).filter(|&k| !level_path(dir, k).exists()).map(|k| level_range(index, k).1 * 4).sum();
    free_space_for(dir, missing)?;
    let mut times = read_times(dir);
    let mut facts = vec![];
    let mut remaining: u64 = (0..ncat).map(|k| level_range(index, k).1).sum();
    let mut done_here = (0u64, 0f64);
    for k in (0..ncat).rev() {
        let (first, states) = level_range(index, k);
        if open_level(dp, dir, k, Verify::Full).is_ok() {
            let seconds = times.get(k).copied().flatten().unwrap_or(0.0);
            facts.push(LevelFacts { level: k, states, seconds, resumed: true });
            remaining -= states;
            progress.note(&format!("level {k}: {states} states already solved (verified), skipped"));
            continue;
        }
        free_space_for(dir, states * 4 + 4096)?;
        let start = Instant::now();
        let above = if k + 1 < ncat { Some(open_level(dp, dir, k + 1, Verify::Auto)?) } else { None };
        let mut out = vec![0f32; usize::try_from(states).expect("a level fits in memory")];
        progress.stage(&format!("level {k} of {}: {states} states", ncat - 1), states);
        match &above {
            Some(t) => {
                let (above_first, _) = level_range(index, k + 1);
                let after = LevelValues { index, first: above_first, values: t.values() };
                solve_level(dp, k, &after, &mut out, progress);
            }
            None => solve_level(dp, k, &Zero, &mut out, progress),
        }
        drop(above);
        progress.finish();
        let secs = start.elapsed().as_secs_f64();
        let expected = (k == 0).then(|| {
            let s = index.state_number(&Sheet::empty(game).state(game)).expect("the empty sheet is a state");
            f64::from(out[s - first as usize])
        });
        let meta = LevelMeta {
            game: game_ref(game),
            level: k,
            states,
            first_state: first,
            expected_score: expected,
            sixdice_version: env!("CARGO_PKG_VERSION").into(),
        };
        write_table(&level_path(dir, k), &level_spec(game, k, Some(states)), &meta, &out)?;
        times.resize(ncat, None);
        times[k] = Some(secs);
        write_times(dir, &times)?;
        remaining -= states;
        done_here = (done_here.0 + states, done_here.1 + secs);
        #[allow(clippy::cast_precision_loss)]
        let rate = done_here.0 as f64 / done_here.1.max(1e-9);
        #[allow(clippy::cast_precision_loss)]
        let eta = remaining as f64 / rate;
        progress.note(&format!(
            "level {k}: {states} states in {secs:.1} s ({rate:.0} states/s so far); about {:.0} min to go",
            eta / 60.0
        ));
        facts.push(LevelFacts { level: k, states, seconds: secs, resumed: false });
    }
    let zero = open_level(dp, dir, 0, Verify::Auto)?;
    let expected = zero.meta::<LevelMeta>()?.expected_score.expect("level 0 holds the expected score");
    let bytes = (0..ncat).filter_map(|k| std::fs::metadata(level_path(dir, k)).ok()).map(|m| m.len()).sum();
    Ok(LevelsSolved {
        dir: dir.to_path_buf(),
        expected_score: expected,
        states: index.len(),
        levels: facts,
        seconds: clock.elapsed().as_secs_f64(),
        bytes,
    })
}

/// File of the seconds each level took when it was computed: kept apart
/// from the level files so that those are the same bytes however often
/// the solve was interrupted.
fn times_path(dir: &Path) -> PathBuf {
    dir.join("times.json")
}

/// Per level, the seconds it took, where known.
pub fn read_times(dir: &Path) -> Vec<Option<f64>> {
    std::fs::read(times_path(dir)).ok().and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or_default()
}

fn write_times(dir: &Path, times: &[Option<f64>]) -> Result<(), Error> {
    let path = times_path(dir);
    let text = serde_json::to_vec_pretty(times).expect("times serialise");
    std::fs::write(&path, text).map_err(|err| Error::Table(TableError::Io { action: "write", path, err }))
}

/// Level `k`'s values into `out` (its states in index order), from `after`.
fn solve_level<V: Values>(dp: &TurnDp, k: usize, after: &V, out: &mut [f32], progress: &dyn Progress) {
    let index = dp.index();
    // Each mask's slice of `out`, so that the threads write in place.
    let mut slices = Vec::with_capacity(index.level(k).len());
    let mut rest = out;
    for &mask in index.level(k) {
        let (mine, tail) = rest.split_at_mut(index.lanes(mask));
        slices.push((mask, mine));
        rest = tail;
    }
    slices.into_par_iter().for_each_init(
        || (Scratch::<f32>::default(), vec![0f64; CHUNK]),
        |(scratch, buf), (mask, values)| {
            let lanes: Vec<usize> = (0..values.len()).collect();
            for (ls, vs) in lanes.chunks(CHUNK).zip(values.chunks_mut(CHUNK)) {
                let buf = &mut buf[..ls.len()];
                dp.turn_start(after, mask, ls, scratch, buf);
                for (v, &b) in vs.iter_mut().zip(buf.iter()) {
                    #[allow(clippy::cast_possible_truncation)] // levels are stored in f32
                    {
                        *v = b as f32;
                    }
                }
            }
            progress.advance(values.len() as u64);
        },
    );
}

/// Refuses to start a level when the disk under `dir` has less than `need`
/// bytes free.
fn free_space_for(dir: &Path, need: u64) -> Result<(), Error> {
    match free_bytes(dir) {
        Some(free) if free < need => Err(Error::Table(TableError::Io {
            action: "write a level into",
            path: dir.to_path_buf(),
            err: std::io::Error::other(format!("only {} free, the level needs {}", bytes(free), bytes(need))),
        })),
        _ => Ok(()),
    }
}

/// Free bytes on the file system of `dir`, where the OS says.
pub fn free_bytes(dir: &Path) -> Option<u64> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let path = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
        let mut st = std::mem::MaybeUninit::<libc::statvfs>::uninit();
        // SAFETY: `path` is a valid C string and `st` is written by statvfs
        // before it is read (only when it returns 0).
        let st = unsafe {
            if libc::statvfs(path.as_ptr(), st.as_mut_ptr()) != 0 {
                return None;
            }
            st.assume_init()
        };
        #[allow(clippy::useless_conversion)] // the field types differ by platform
        Some(u64::from(st.f_bavail) * u64::from(st.f_frsize))
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        None
    }
}

/// One level's values from its file, as the successors of the level below.
pub struct LevelTable<'a> {
    index: &'a StateIndex,
    first: u64,
    table: Table,
}

impl Values for LevelTable<'_> {
    #[inline]
    fn at(&self, mask: u32, lane: usize) -> f64 {
        f64::from(self.table.values()[self.index.offset(mask) - self.first as usize + lane])
    }
}

/// The values `advise` needs for a sheet with `filled` boxes filled: those
/// of level `filled + 1` (its successors). `Ok(None)` when that level has not
/// been solved (no file); an error when its file is there but unusable.
///
/// Opening checks the header always and the data checksum of levels up to
/// [`table::FULL_VERIFY_LIMIT`] bytes, so that `advise` stays quick; `sixdice
/// info --verify` checks every level in full.
pub fn successors_of<'a>(dp: &'a TurnDp, dir: &Path, filled: usize) -> Result<Option<Box<dyn Values + 'a>>, Error> {
    let k = filled + 1;
    if k == dp.index().categories() {
        return Ok(Some(Box::new(Zero)));
    }
    match open_level(dp, dir, k, Verify::Auto) {
        Ok(table) => Ok(Some(Box::new(LevelTable { index: dp.index(), first: level_range(dp.index(), k).0, table }))),
        Err(TableError::Missing { .. }) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// `info` of a level table: every level opened (and with [`Verify::Full`]
/// checked in full), the expected score from level 0, sizes and times.
pub fn info(dp: &TurnDp, dir: &Path, verify: Verify) -> Result<TableReport, Error> {
    let ncat = dp.index().categories();
    let mut facts = vec![];
    let mut all_verified = true;
    let mut bytes = 0;
    let times = read_times(dir);
    for k in (0..ncat).rev() {
        let t = open_level(dp, dir, k, verify)?;
        all_verified &= t.verified();
        bytes += t.file_size();
        let seconds = times.get(k).copied().flatten().unwrap_or(0.0);
        facts.push(LevelFacts { level: k, states: level_range(dp.index(), k).1, seconds, resumed: true });
    }
    let zero = open_level(dp, dir, 0, Verify::Auto)?;
    let expected = zero.meta::<LevelMeta>()?.expected_score.ok_or_else(|| TableError::Corrupt {
        path: level_path(dir, 0),
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
