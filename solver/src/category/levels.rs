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

use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use crate::table::part_sums::{self, PartSums};

use super::model::CategoryGame;
use super::sheet::Sheet;
use super::states::StateIndex;
use super::table::game_ref;
use super::turn::{MaskValues, Scratch, TurnDp, Values, CHUNK};
use crate::error::Error;
use crate::files;
use crate::limits::bytes;
use crate::progress::Progress;
use crate::report::GameRef;
use crate::report::{LevelFacts, SolveNeeds};
use crate::report::{Objective, Solved, TableFile, TableReport};
use crate::table::{self, fingerprint, write_table, Table, TableError, TableSpec, Verify};

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

/// Bits of a compact level's code per state.
///
/// Why 14: the compact table is the one the user keeps on disk (Six
/// Hundred: 3.28 billion states), and the bound set for it is 6 GB; 16
/// bits per state took 6.56 GB, 14 take 5.74. The levels' value ranges are
/// at most 213 points wide (level 9: 54.9 to 267.8), so the step is at most
/// 213 / 16,383 = 0.013 points and the largest rounding error half that
/// (measured effect on advise's ranking: README, "Six Hundred").
pub(crate) const CODE_BITS: u32 = 14;

/// Number of 16-bit words that hold `states` codes of [`CODE_BITS`] bits
/// ([`Packed::words_for`]).
pub(crate) fn packed_words(states: u64) -> u64 {
    Packed::words_for(states, CODE_BITS)
}

/// How a compact level's codes map to values: code 0 is `lo`, the top
/// code `hi`, evenly spaced.
///
/// The metadata holds only the ends (the level's own f32 values) and the
/// width ([`QuantumMeta`]); the step is computed from them when the
/// metadata is read. An f32 comes back exactly from JSON, where an f64
/// such as a step may come back one ulp off (serde_json's default parser),
/// and the reader must decode the codes exactly as the writer chose them.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq)]
#[serde(from = "QuantumMeta", into = "QuantumMeta")]
pub(crate) struct Quantum {
    pub(crate) lo: f32,
    pub(crate) hi: f32,
    /// Bits per code.
    pub(crate) bits: u32,
    /// Points between neighbouring codes, from the three above (computed
    /// once: decoding is on the path of every successor a reader asks for).
    step: f64,
}

/// What a [`Quantum`] keeps in a level's metadata.
#[derive(Serialize, Deserialize)]
struct QuantumMeta {
    lo: f32,
    hi: f32,
    bits: u32,
}

impl From<QuantumMeta> for Quantum {
    fn from(m: QuantumMeta) -> Quantum {
        Quantum::new(m.lo, m.hi, m.bits)
    }
}

impl From<Quantum> for QuantumMeta {
    fn from(q: Quantum) -> QuantumMeta {
        QuantumMeta { lo: q.lo, hi: q.hi, bits: q.bits }
    }
}

impl Quantum {
    /// Codes of `bits` bits (1 to 16, the widths [`Packed`] holds) from `lo`
    /// to `hi`; the step is 1 when they are equal (every code is then 0).
    fn new(lo: f32, hi: f32, bits: u32) -> Quantum {
        let step = if hi > lo { (f64::from(hi) - f64::from(lo)) / f64::from(Self::top(bits)) } else { 1.0 };
        Quantum { lo, hi, bits, step }
    }
    /// The range of `values` over `2^bits − 1` steps.
    pub(crate) fn of(values: &[f32], bits: u32) -> Quantum {
        let (lo, hi) = values.iter().fold((f32::INFINITY, f32::NEG_INFINITY), |(l, h), &v| (l.min(v), h.max(v)));
        if values.is_empty() {
            return Quantum::new(0.0, 0.0, bits);
        }
        Quantum::new(lo, hi, bits)
    }
    #[cfg(test)]
    /// Points between neighbouring codes.
    pub(crate) fn step(self) -> f64 {
        self.step
    }
    /// The largest code.
    fn top(bits: u32) -> u32 {
        (1 << bits) - 1
    }
    /// The nearest code of `v`.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // in 0..=top by construction
    pub(crate) fn encode(self, v: f32) -> u32 {
        ((f64::from(v) - f64::from(self.lo)) / self.step).round().clamp(0.0, f64::from(Self::top(self.bits))) as u32
    }
    #[inline]
    pub(crate) fn decode(self, q: u32) -> f64 {
        f64::from(self.lo) + f64::from(q) * self.step
    }
}

/// Codes of `bits` bits (at most 16) packed end to end into 16-bit words:
/// code `i` is bits `i·bits .. (i+1)·bits` of the stream, word `w` holds
/// stream bits `16w .. 16w + 16` (low bits first). So code `i` lies in the
/// two words from `i·bits / 16`, read as one 32-bit number.
pub(crate) struct Packed<'a> {
    pub(crate) words: &'a [u16],
    pub(crate) bits: u32,
}

impl Packed<'_> {
    /// Number of words that hold `len` codes of `bits` bits, with one word
    /// of padding so that [`Packed::get`] always reads two whole words.
    pub(crate) fn words_for(len: u64, bits: u32) -> u64 {
        (len * u64::from(bits)).div_ceil(16) + 1
    }

    /// The words that a read of codes `first .. first + len` touches (the
    /// word after the last one included).
    pub(crate) fn words_read(first: usize, len: usize, bits: u32) -> std::ops::Range<usize> {
        let bits = bits as usize;
        first * bits / 16..((first + len) * bits).div_ceil(16) + 1
    }

    /// Code `i`.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> u32 {
        let bit = i * self.bits as usize;
        let (w, shift) = (bit / 16, bit % 16);
        let pair = u32::from(self.words[w]) | u32::from(self.words[w + 1]) << 16;
        (pair >> shift) & ((1 << self.bits) - 1)
    }

    /// Packs `codes` (each below `2^bits`) into [`packed_words`] words; in
    /// parallel, 16 codes (`bits` whole words) at a time.
    pub(crate) fn pack(codes: &[u32], bits: u32) -> Vec<u16> {
        let per = bits as usize;
        let len = usize::try_from(Self::words_for(codes.len() as u64, bits)).expect("a level fits in memory");
        let mut words = vec![0u16; len];
        words.par_chunks_mut(per).zip(codes.par_chunks(16)).for_each(|(out, group)| {
            let mut acc = 0u64;
            let mut have = 0;
            let mut w = 0;
            for &c in group {
                acc |= u64::from(c) << have;
                have += bits;
                while have >= 16 {
                    #[allow(clippy::cast_possible_truncation)] // the low 16 bits
                    {
                        out[w] = acc as u16;
                    }
                    acc >>= 16;
                    have -= 16;
                    w += 1;
                }
            }
            if have > 0 {
                #[allow(clippy::cast_possible_truncation)] // the last partial word
                {
                    out[w] = acc as u16;
                }
            }
        });
        words
    }
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

/// Values of one level from its f32 file.
struct F32Level<'a> {
    index: &'a StateIndex,
    first: u64,
    values: &'a [f32],
}

impl Values for F32Level<'_> {
    #[inline]
    fn at(&self, mask: u32, lane: usize) -> f64 {
        f64::from(self.values[self.index.offset(mask) - self.first as usize + lane])
    }
    fn mask_values(&self, mask: u32) -> MaskValues<'_> {
        MaskValues::F32(&self.values[self.index.offset(mask) - self.first as usize..][..self.index.lanes(mask)])
    }
}

/// One level's f32 file (a solve's intermediate; kept only while the level
/// below needs it), as values (the rounding check of the `internals`
/// benchmarks reads them).
#[cfg(feature = "internals")]
pub(crate) struct F32Table<'a> {
    index: &'a StateIndex,
    first: u64,
    table: Table,
}

#[cfg(feature = "internals")]
impl<'a> F32Table<'a> {
    /// Opens the f32 file of level `k` in `dir` (checked in full).
    pub(crate) fn open(dp: &'a TurnDp, dir: &Path, k: usize) -> Result<Self, TableError> {
        let table = open_level(dp, dir, k, Precision::F32, Verify::Full)?;
        Ok(F32Table { index: dp.index(), first: level_range(dp.index(), k).0, table })
    }

    /// The level's values in state-index order.
    pub(crate) fn values(&self) -> &[f32] {
        self.table.values()
    }
}

#[cfg(feature = "internals")]
impl Values for F32Table<'_> {
    #[inline]
    fn at(&self, mask: u32, lane: usize) -> f64 {
        f64::from(self.table.values()[self.index.offset(mask) - self.first as usize + lane])
    }
    fn mask_values(&self, mask: u32) -> MaskValues<'_> {
        MaskValues::F32(&self.table.values()[self.index.offset(mask) - self.first as usize..][..self.index.lanes(mask)])
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

/// Checks, before a level solve, that its level files can be written in
/// `dir`: the directory is created when missing and must take a new file.
pub(crate) fn check_writable(dir: &Path) -> Result<(), TableError> {
    std::fs::create_dir_all(dir).map_err(|e| TableError::Io {
        action: "create the directory",
        path: dir.to_path_buf(),
        err: files::os_reason(&e),
    })?;
    files::check_dir_writable(dir).map_err(|why| TableError::DirUnwritable {
        what: "the directory of level files",
        dir: dir.to_path_buf(),
        why,
    })
}

/// Solves `dp`'s game level by level into `dir`, resuming from the levels
/// already there.
pub(crate) fn solve_levels(dp: &TurnDp, dir: &Path, progress: &dyn Progress) -> Result<LevelsSolved, Error> {
    let clock = Instant::now();
    let game = dp.game();
    let index = dp.index();
    let ncat = index.categories();
    check_writable(dir)?;
    let threads = rayon::current_num_threads();
    let (disk, memory, estimate) = needs(dp, threads);
    progress.note(&format!(
        "{}: {} states in {ncat} levels; needs {} of disk, about {} of memory, about {:.0} min on {threads} threads",
        game.title,
        index.len(),
        bytes(disk),
        bytes(memory),
        estimate / 60.0,
    ));
    let size = |k: usize| level_range(index, k).1;
    let compact_ok: Vec<bool> =
        (0..ncat).map(|k| open_level(dp, dir, k, Precision::Compact, Verify::Full).is_ok()).collect();
    // Levels `start..ncat` are done: each has a compact file or its f32
    // file, and `start` has its f32 file (the input of `start - 1`).
    let lowest_usable = (0..=ncat)
        .rev()
        .take_while(|&k| k == ncat || compact_ok[k] || level_path(dir, k, Precision::F32).exists())
        .last()
        .unwrap_or(ncat);
    let start = if compact_ok.iter().all(|&c| c) {
        0
    } else {
        (lowest_usable..ncat).find(|&k| open_level(dp, dir, k, Precision::F32, Verify::Full).is_ok()).unwrap_or(ncat)
    };
    let missing: u64 = (0..start).map(|k| Precision::Compact.bytes(size(k))).sum::<u64>()
        + (0..ncat).filter(|&k| !compact_ok[k]).map(|k| Precision::Compact.bytes(size(k))).sum::<u64>()
        + if start > 0 { memory } else { 0 };
    free_space_for(dir, missing.min(disk))?;
    let mut times = read_times(dir);
    times.resize(ncat, None);
    let mut facts = vec![];
    for k in (start..ncat).rev() {
        if !compact_ok[k] {
            let work = open_level(dp, dir, k, Precision::F32, Verify::Full)?;
            write_compact(dp, dir, k, work.values())?;
        }
        if k > start {
            remove(&level_path(dir, k, Precision::F32));
        }
        let seconds = times[k].unwrap_or(0.0);
        facts.push(LevelFacts { level: k, states: size(k), seconds, resumed: true });
        progress.note(&format!("level {k}: {} states already solved (verified), skipped", size(k)));
    }
    let mut remaining: u64 = (0..start).map(size).sum();
    let mut done_here = (0u64, 0f64);
    for k in (0..start).rev() {
        let states = size(k);
        let begin = Instant::now();
        #[allow(clippy::cast_precision_loss)]
        let left = if done_here.0 == 0 {
            remaining as f64 / index.len() as f64 * estimate
        } else {
            remaining as f64 * done_here.1 / done_here.0 as f64
        };
        let above = if k + 1 < ncat { Some(open_level(dp, dir, k + 1, Precision::F32, Verify::Auto)?) } else { None };
        let mut out = vec![0f32; usize::try_from(states).expect("a level fits in memory")];
        progress.stage(
            &format!("level {k} of {}: about {:.0} min left for the whole solve; states", ncat - 1, left / 60.0),
            states,
        );
        match &above {
            Some(t) => {
                let after = F32Level { index, first: level_range(index, k + 1).0, values: t.values() };
                solve_level(dp, k, &after, &mut out, progress);
            }
            None => solve_level(dp, k, &Zero, &mut out, progress),
        }
        drop(above);
        progress.finish();
        let secs = begin.elapsed().as_secs_f64();
        write_table(
            &level_path(dir, k, Precision::F32),
            &level_spec(game, k, Precision::F32, Some(states)),
            &meta(dp, k, None, String::new()),
            &out,
        )?;
        write_compact(dp, dir, k, &out)?;
        if k + 1 < ncat {
            remove(&level_path(dir, k + 1, Precision::F32));
        }
        times[k] = Some(secs);
        write_times(dir, &times)?;
        remaining -= states;
        done_here = (done_here.0 + states, done_here.1 + secs);
        #[allow(clippy::cast_precision_loss)]
        let rate = done_here.0 as f64 / done_here.1.max(1e-9);
        #[allow(clippy::cast_precision_loss)]
        let eta = remaining as f64 / rate;
        progress.note(&format!(
            "level {k}: {states} states in {secs:.1} s ({:.0} states/s); about {:.0} min to go",
            states as f64 / secs.max(1e-9),
            eta / 60.0
        ));
        facts.push(LevelFacts { level: k, states, seconds: secs, resumed: false });
    }
    remove(&level_path(dir, 0, Precision::F32));
    let zero = open_level(dp, dir, 0, Precision::Compact, Verify::Auto)?;
    let expected = zero.meta::<LevelMeta>()?.expected_score.expect("level 0 holds the expected score");
    let bytes =
        (0..ncat).filter_map(|k| std::fs::metadata(level_path(dir, k, Precision::Compact)).ok()).map(|m| m.len()).sum();
    Ok(LevelsSolved {
        dir: dir.to_path_buf(),
        expected_score: expected,
        states: index.len(),
        levels: facts,
        seconds: clock.elapsed().as_secs_f64(),
        bytes,
    })
}

/// Removes a file that is no longer needed (a failure only wastes disk).
fn remove(path: &Path) {
    let _ = std::fs::remove_file(path);
}

fn meta(dp: &TurnDp, k: usize, quantum: Option<Quantum>, block_sums: String) -> LevelMeta {
    let index = dp.index();
    let (first, states) = level_range(index, k);
    LevelMeta {
        game: game_ref(dp.game()),
        level: k,
        states,
        first_state: first,
        expected_score: None,
        quantum,
        block_sums,
        sixdice_version: env!("CARGO_PKG_VERSION").into(),
    }
}

/// Writes level `k`'s compact file from its f32 values.
fn write_compact(dp: &TurnDp, dir: &Path, k: usize, values: &[f32]) -> Result<(), Error> {
    let game = dp.game();
    let quantum = Quantum::of(values, CODE_BITS);
    let codes: Vec<u32> = values.par_iter().map(|&v| quantum.encode(v)).collect();
    let words = Packed::pack(&codes, CODE_BITS);
    drop(codes);
    let sums = part_sums::sums_of(bytemuck::cast_slice::<u16, u8>(&words), BLOCK_BYTES);
    let mut m = meta(dp, k, Some(quantum), part_sums::to_hex(&sums));
    if k == 0 {
        let s = dp.index().state_number(&Sheet::empty(game).state(game)).expect("the empty sheet is a state");
        m.expected_score = Some(f64::from(values[s - m.first_state as usize]));
    }
    write_table(
        &level_path(dir, k, Precision::Compact),
        &level_spec(game, k, Precision::Compact, Some(values.len() as u64)),
        &m,
        &words,
    )?;
    Ok(())
}

/// File of the seconds each level took when it was computed: kept apart
/// from the level files so that those are the same bytes however often
/// the solve was interrupted.
fn times_path(dir: &Path) -> PathBuf {
    dir.join("times.json")
}

/// Per level, the seconds it took, where known.
pub(crate) fn read_times(dir: &Path) -> Vec<Option<f64>> {
    std::fs::read(times_path(dir)).ok().and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or_default()
}

fn write_times(dir: &Path, times: &[Option<f64>]) -> Result<(), Error> {
    let path = times_path(dir);
    let text = serde_json::to_vec_pretty(times).expect("times serialise");
    files::write_output(&path, ".times.", ".tmp", |f| std::io::Write::write_all(f, &text))
        .map_err(|why| Error::Table(TableError::Unwritable { path, why }))
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

/// Refuses to start when the disk under `dir` has less than `need` bytes
/// free.
fn free_space_for(dir: &Path, need: u64) -> Result<(), Error> {
    match free_bytes(dir) {
        Some(free) if free < need => Err(Error::Table(TableError::Io {
            action: "solve into",
            path: dir.to_path_buf(),
            err: std::io::Error::other(format!("only {} of disk free, the solve needs {}", bytes(free), bytes(need))),
        })),
        _ => Ok(()),
    }
}

/// Free bytes on the file system of `dir`, where the OS says.
pub(crate) fn free_bytes(dir: &Path) -> Option<u64> {
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

/// One compact level, memory-mapped, its blocks checked the first time they
/// are asked for.
pub(crate) struct CompactLevel<'a> {
    index: &'a StateIndex,
    first: u64,
    quantum: Quantum,
    sums: PartSums,
    table: Table,
}

impl<'a> CompactLevel<'a> {
    /// Opens level `k` (header checks only; see [`Self::check_masks`]).
    pub(crate) fn open(dp: &'a TurnDp, dir: &Path, k: usize, verify: Verify) -> Result<Self, TableError> {
        let table = open_level(dp, dir, k, Precision::Compact, verify)?;
        let meta: LevelMeta = table.meta()?;
        let corrupt = |why: &str| TableError::Corrupt { path: table.path().to_path_buf(), why: why.into() };
        let quantum = meta.quantum.ok_or_else(|| corrupt("no quantum in the metadata"))?;
        if quantum.bits != CODE_BITS {
            return Err(corrupt("codes of another width than this version's"));
        }
        let sums = part_sums::from_hex(&meta.block_sums)
            .and_then(|s| PartSums::new(s, BLOCK_BYTES, table.data().len(), table.verified()))
            .ok_or_else(|| corrupt("block checksums do not match the data size"))?;
        Ok(CompactLevel { index: dp.index(), first: level_range(dp.index(), k).0, quantum, sums, table })
    }

    /// Checks the blocks that hold the states of `masks` (each once).
    pub(crate) fn check_masks(&self, masks: impl IntoIterator<Item = u32>) -> Result<(), TableError> {
        for mask in masks {
            let first = self.index.offset(mask) - self.first as usize;
            let words = Packed::words_read(first, self.index.lanes(mask), self.quantum.bits);
            let (from, to) = (words.start * 2, words.end * 2);
            if self.index.lanes(mask) > 0 {
                let blocks = self.sums.part_of(from)..=self.sums.part_of(to - 1);
                self.sums.check(self.table.data(), blocks).map_err(|b| TableError::Corrupt {
                    path: self.table.path().to_path_buf(),
                    why: format!("checksum mismatch in block {b}"),
                })?;
            }
        }
        Ok(())
    }

    #[cfg(test)]
    /// How the level's codes map to values.
    pub(crate) fn quantum(&self) -> Quantum {
        self.quantum
    }

    /// The codes of the level.
    fn codes(&self) -> Packed<'_> {
        let words = self.table.elements::<u16>().expect("a table of u16 words (checked by its fingerprint)");
        Packed { words, bits: self.quantum.bits }
    }
}

impl Values for CompactLevel<'_> {
    #[inline]
    fn at(&self, mask: u32, lane: usize) -> f64 {
        self.quantum.decode(self.codes().get(self.index.offset(mask) - self.first as usize + lane))
    }
}

/// The values `advise` needs for the sheet of `mask`: those of the level
/// below it (its successors), with the blocks it reads checked. `Ok(None)`
/// when that level has not been solved (no file); an error when its file is
/// there but unusable.
pub(crate) fn successors_of<'a>(dp: &'a TurnDp, dir: &Path, mask: u32) -> Result<Option<Box<dyn Values + 'a>>, Error> {
    let ncat = dp.index().categories();
    let k = mask.count_ones() as usize + 1;
    if k == ncat {
        return Ok(Some(Box::new(Zero)));
    }
    match CompactLevel::open(dp, dir, k, Verify::Auto) {
        Ok(level) => {
            level.check_masks((0..ncat).filter(|c| mask & (1 << c) == 0).map(|c| mask | (1 << c)))?;
            Ok(Some(Box::new(level)))
        }
        Err(TableError::Missing { .. }) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// Every level of a solved game, each checked in full, as one `Values`
/// (for simulations, which read all over the table).
pub(crate) struct AllLevels<'a> {
    levels: Vec<CompactLevel<'a>>,
}

impl<'a> AllLevels<'a> {
    /// `Ok(None)` when some level has not been solved.
    pub(crate) fn open(dp: &'a TurnDp, dir: &Path) -> Result<Option<Self>, Error> {
        let mut levels = vec![];
        for k in 0..dp.index().categories() {
            match CompactLevel::open(dp, dir, k, Verify::Full) {
                Ok(l) => levels.push(l),
                Err(TableError::Missing { .. }) => return Ok(None),
                Err(e) => return Err(e.into()),
            }
        }
        Ok(Some(AllLevels { levels }))
    }
}

impl Values for AllLevels<'_> {
    #[inline]
    fn at(&self, mask: u32, lane: usize) -> f64 {
        match self.levels.get(mask.count_ones() as usize) {
            Some(level) => level.at(mask, lane),
            None => 0.0, // the full sheet
        }
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
/// Quantisation check: `values` (f32) against their compact codes.
pub(crate) fn largest_rounding_error(values: &[f32]) -> f64 {
    let q = Quantum::of(values, CODE_BITS);
    values.iter().map(|&v| (q.decode(q.encode(v)) - f64::from(v)).abs()).fold(0.0, f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Packing and reading back, for every width and lengths that end
    /// anywhere within a group of 16 codes.
    #[test]
    fn packed_codes_read_back() {
        let mut seed = 99u64;
        for bits in 1..=16u32 {
            for len in [0usize, 1, 15, 16, 17, 100, 1021] {
                let codes: Vec<u32> = (0..len)
                    .map(|_| {
                        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        u32::try_from(seed >> 40).unwrap() & ((1 << bits) - 1)
                    })
                    .collect();
                let words = Packed::pack(&codes, bits);
                // Reading every code stays within the words written.
                assert_eq!(Packed::words_read(0, len, bits).end, words.len(), "bits {bits} len {len}");
                let packed = Packed { words: &words, bits };
                for (i, &c) in codes.iter().enumerate() {
                    assert_eq!(packed.get(i), c, "bits {bits} len {len} code {i}");
                }
            }
        }
    }

    /// Every value decodes to within half a step, the ends exactly.
    #[test]
    fn codes_round_to_half_a_step() {
        let values: Vec<f32> = (0..10_000u16).map(|i| 54.9 + f32::from(i) * 0.0213).collect();
        let q = Quantum::of(&values, CODE_BITS);
        assert!((q.step() - (values[9999] - values[0]) as f64 / 16383.0).abs() < 1e-9);
        for &v in &values {
            assert!((q.decode(q.encode(v)) - f64::from(v)).abs() <= q.step() / 2.0 + 1e-9);
        }
        assert_eq!(q.encode(values[0]), 0);
        assert_eq!(q.encode(values[9999]), 16383);
        assert!(largest_rounding_error(&values) <= q.step() / 2.0 + 1e-9);
    }

    /// A quantum read back from a level's JSON metadata decodes every code
    /// to the very value the writer meant (an f64 step written there could
    /// come back one ulp off).
    #[test]
    fn quantum_survives_the_metadata() {
        let mut seed = 7u64;
        for _ in 0..10_000 {
            let mut next = || {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                #[allow(clippy::cast_precision_loss)]
                let x = (seed >> 11) as f64 / (1u64 << 53) as f64;
                #[allow(clippy::cast_possible_truncation)]
                let v = (x * 400.0) as f32;
                v
            };
            let (a, b) = (next(), next());
            let q = Quantum::of(&[a, b], CODE_BITS);
            let back: Quantum = serde_json::from_str(&serde_json::to_string(&q).unwrap()).unwrap();
            assert_eq!(back, q);
            assert_eq!(back.step().to_bits(), q.step().to_bits());
        }
    }
}
