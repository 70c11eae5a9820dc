//! The level solve itself: level by level from the full sheet down,
//! resuming from the levels already on disk, each level written in f32 for
//! the level below and in the compact code for readers.

use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;

use super::codec::{Packed, Quantum, CODE_BITS};
use super::layout::{
    level_path, level_range, level_spec, needs, open_level, LevelMeta, LevelsSolved, Precision, BLOCK_BYTES,
};
use super::read::Zero;
use crate::category::model::Sheet;
use crate::category::states::StateIndex;
use crate::category::turn::{MaskValues, Scratch, TurnDp, Values, CHUNK};
use crate::error::Error;
use crate::limits::bytes;
use crate::progress::Progress;
use crate::report::LevelFacts;
use crate::table::part_sums;
use crate::table::{write_table, TableError, Verify};
use userio as files;

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
    let (compact_ok, start) = resume_point(dp, dir);
    let missing: u64 = (0..start).map(|k| Precision::Compact.bytes(size(k))).sum::<u64>()
        + (0..ncat).filter(|&k| !compact_ok[k]).map(|k| Precision::Compact.bytes(size(k))).sum::<u64>()
        + if start > 0 { memory } else { 0 };
    free_space_for(dir, missing.min(disk))?;
    let mut times = read_times(dir);
    times.resize(ncat, None);
    let mut facts = keep_resumed(dp, dir, start, &compact_ok, &times, progress)?;
    let mut remaining: u64 = (0..start).map(size).sum();
    let mut done_here = (0u64, 0f64);
    for k in (0..start).rev() {
        let states = size(k);
        #[allow(clippy::cast_precision_loss)]
        let left = if done_here.0 == 0 {
            remaining as f64 / index.len() as f64 * estimate
        } else {
            remaining as f64 * done_here.1 / done_here.0 as f64
        };
        let secs = solve_and_write(dp, dir, k, left, progress)?;
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

/// Which levels have a sound compact file, and the level to resume from:
/// levels `start..` are done (each has a compact file or its f32 file), and
/// `start` has its f32 file (the input of `start - 1`).
fn resume_point(dp: &TurnDp, dir: &Path) -> (Vec<bool>, usize) {
    let ncat = dp.index().categories();
    let compact_ok: Vec<bool> =
        (0..ncat).map(|k| open_level(dp, dir, k, Precision::Compact, Verify::Full).is_ok()).collect();
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
    (compact_ok, start)
}

/// The levels from `start` up, already solved: each one's compact file
/// written where missing and its f32 file removed unless the next level
/// solved reads it. Returns their facts.
fn keep_resumed(
    dp: &TurnDp,
    dir: &Path,
    start: usize,
    compact_ok: &[bool],
    times: &[Option<f64>],
    progress: &dyn Progress,
) -> Result<Vec<LevelFacts>, Error> {
    let index = dp.index();
    let mut facts = vec![];
    for k in (start..index.categories()).rev() {
        if !compact_ok[k] {
            let work = open_level(dp, dir, k, Precision::F32, Verify::Full)?;
            write_compact(dp, dir, k, work.values())?;
        }
        if k > start {
            remove(&level_path(dir, k, Precision::F32));
        }
        let states = level_range(index, k).1;
        let seconds = times[k].unwrap_or(0.0);
        facts.push(LevelFacts { level: k, states, seconds, resumed: true });
        progress.note(&format!("level {k}: {states} states already solved (verified), skipped"));
    }
    Ok(facts)
}

/// Solves level `k` from the level above's f32 file (`left`: the seconds
/// the solve is expected to take still), writes it in f32 and compact, and
/// removes the level above's f32 file. Returns the seconds the solve took.
fn solve_and_write(dp: &TurnDp, dir: &Path, k: usize, left: f64, progress: &dyn Progress) -> Result<f64, Error> {
    let begin = Instant::now();
    let (game, index) = (dp.game(), dp.index());
    let ncat = index.categories();
    let states = level_range(index, k).1;
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
    Ok(secs)
}

/// Removes a file that is no longer needed (a failure only wastes disk).
fn remove(path: &Path) {
    let _ = std::fs::remove_file(path);
}

fn meta(dp: &TurnDp, k: usize, quantum: Option<Quantum>, block_sums: String) -> LevelMeta {
    let index = dp.index();
    let (first, states) = level_range(index, k);
    LevelMeta {
        game: dp.game().reference(),
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

/// Refuses to start when the disk under `dir` has less than `need` bytes
/// free.
fn free_space_for(dir: &Path, need: u64) -> Result<(), Error> {
    match files::free_bytes(dir) {
        Some(free) if free < need => Err(Error::Table(TableError::Io {
            action: "solve into",
            path: dir.to_path_buf(),
            err: std::io::Error::other(format!("only {} of disk free, the solve needs {}", bytes(free), bytes(need))),
        })),
        _ => Ok(()),
    }
}
