//! The target table: every turn-start state's band of best chances, in
//! the band file of [`crate::category::bands::file`] (f32, memory-mapped),
//! with the target's facts as metadata; solve and save, open, `info`.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::solve::solve_target;
use crate::auto_solve::Making;
use crate::category::bands::file::{stored, BandTable, TableBands, LAYOUT};
use crate::category::bands::{BandSolution, Bounds};
use crate::category::model::CategoryGame;
use crate::category::solve::solve;
use crate::category::turn::TurnDp;
use crate::error::Error;
use crate::limits::{check_solve_size, WHOLE_SOLVE_BYTES};
use crate::progress::Progress;
use crate::report::{Solved, TableFile, TableReport, TargetChance, TargetFacts};
use crate::table::{self, fingerprint, write_table, TableSpec, Verify};
use crate::vocabulary::Objective;

/// Changes whenever the target table's values or layout change.
const TARGET_ENGINE: u32 = 1;

/// File of the game's target table in `dir`, e.g. `yatzy.target.sixdice`.
pub(crate) fn target_path(dir: &Path, game: &CategoryGame) -> PathBuf {
    dir.join(table::file_name(&format!("{}.target", game.id), &game.options, None))
}

fn spec(game: &CategoryGame, values: Option<u64>) -> TableSpec {
    TableSpec {
        game: game.id.to_string(),
        fingerprint: fingerprint(&(game.canonical(), "target", TARGET_ENGINE)),
        shape: values.map(|n| vec![n]),
    }
}

/// Cells per second of the target solve on the reference machine (2 cores;
/// measured on classic Yahtzee without bonus: 47.1 million in 26 s), for
/// the time a solve is announced to take.
const CELLS_PER_SECOND: f64 = 1.8e6;

/// Six dice have twice the multisets of five, and a cell's turn costs
/// about that much more.
fn cells_per_second(game: &CategoryGame) -> f64 {
    if game.dice >= 6 {
        CELLS_PER_SECOND / 2.5
    } else {
        CELLS_PER_SECOND
    }
}

/// The seconds a target solve of `game` with these bands takes at the
/// reference speed.
pub(crate) fn solve_seconds(game: &CategoryGame, bounds: &Bounds) -> f64 {
    #[allow(clippy::cast_precision_loss)]
    let cells = (0..bounds.lo.len()).map(|s| u64::from(bounds.width(s))).sum::<u64>() as f64;
    cells / cells_per_second(game)
}

/// A target table, open.
pub(crate) type TargetTable = BandTable<TargetMeta>;

/// A target table's metadata: the solve's facts and the target's own.
#[derive(Serialize, Deserialize)]
pub(crate) struct TargetMeta {
    #[serde(flatten)]
    solved: Solved,
    target: TargetFacts,
}

/// Opens the game's target table from `dir` and checks it.
pub(crate) fn open(dir: &Path, game: &CategoryGame, states: u64, verify: Verify) -> Result<TargetTable, Error> {
    BandTable::open(&target_path(dir, game), &spec(game, None), states, verify)
}

/// A target table's bands, by mask and lane.
pub(crate) type TargetBands<'a> = TableBands<'a, TargetMeta>;

/// The facts of a solve worth keeping with its table.
fn facts(sol: &BandSolution, rounding: f64) -> TargetFacts {
    let n = sol.bounds.lo.len();
    let widest = (0..n).map(|s| sol.bounds.width(s)).max().unwrap_or(0);
    let start = sol.band(0);
    // From the empty sheet, every 50 points the chance is not yet tiny.
    let chances = (1..)
        .map(|k| 50 * k)
        .take_while(|&t| t <= start.hi)
        .map(|score| TargetChance { score, chance: start.at(i64::from(score)) })
        .filter(|c| c.chance >= 1e-9)
        .collect();
    TargetFacts {
        entries: sol.values.len() as u64,
        widest_band: widest,
        guaranteed: start.lo,
        most: start.hi,
        stored: "f32".into(),
        largest_rounding: rounding,
        start: chances,
    }
}

/// Solves `game`'s target objective and writes its table into `dir`.
pub(crate) fn solve_and_save(game: &CategoryGame, dir: &Path, progress: &dyn Progress) -> Result<TableReport, Error> {
    refuse_locked(game)?;
    let dp = TurnDp::new(game);
    let path = target_path(dir, game);
    table::check_writable(&path)?;
    progress.stage(&format!("bounds of {}", game.title), 0);
    let clock = std::time::Instant::now();
    let bounds = Bounds::of(&dp);
    let bounds_seconds = clock.elapsed().as_secs_f64();
    let entries: u64 = (0..bounds.lo.len()).map(|s| u64::from(bounds.width(s))).sum();
    // Every band in f64 while solving, then the f32 copy written.
    check_solve_size(
        || format!("{}'s target table", game.title),
        entries,
        entries.saturating_mul(12),
        WHOLE_SOLVE_BYTES,
    )?;
    progress.note(&format!(
        "{}: {} states, {entries} chances to solve (about {:.0} s at the reference speed), a table of {}",
        game.title,
        dp.index().len(),
        solve_seconds(game, &bounds),
        crate::limits::bytes(4 * (entries + 2 * dp.index().len())),
    ));
    let ev = solve(&dp, progress).expected;
    let sol = solve_target(&dp, bounds, progress);
    let (stored, rounding) = stored(&sol);
    let target = facts(&sol, rounding);
    let solved = Solved {
        game: game.reference(),
        objective: Objective::Target,
        expected_score: ev,
        variants: vec![],
        states: dp.index().len(),
        solve_seconds: bounds_seconds + sol.seconds,
        layout: LAYOUT.into(),
        sixdice_version: env!("CARGO_PKG_VERSION").into(),
    };
    let shape = vec![stored.len() as u64];
    drop(sol);
    let meta = TargetMeta { solved: solved.clone(), target: target.clone() };
    write_table(&path, &spec(game, Some(shape[0])), &meta, &stored)?;
    let mut report = TableReport::of(TableFile::written(&path, shape), solved);
    report.target = Some(target);
    Ok(report)
}

/// `info --objective target`: the facts of an existing target table.
pub(crate) fn info(dir: &Path, game: &CategoryGame, verify: Verify) -> Result<TableReport, Error> {
    refuse_locked(game)?;
    let dp = TurnDp::new(game);
    let table = open(dir, game, dp.index().len(), verify)?;
    Ok(report(&table))
}

/// The facts of an open target table, as `info` gives them.
pub(crate) fn report(table: &TargetTable) -> TableReport {
    let mut report = TableReport::of(TableFile::of(table.table()), table.meta().solved.clone());
    report.target = Some(table.meta().target.clone());
    report
}

/// Opens the game's target table; when there is none yet, solves it first
/// if that is quick at the reference speed ([`crate::auto_solve`]), else
/// refuses with the command that makes it.
pub(crate) fn open_or_solve(dir: &Path, dp: &TurnDp, progress: &dyn Progress) -> Result<TargetTable, Error> {
    let game = dp.game();
    let states = dp.index().len();
    let path = target_path(dir, game);
    let open = || open(dir, game, states, Verify::Auto);
    let making = || {
        let seconds = solve_seconds(game, &Bounds::of(dp));
        Making {
            what: format!("target table at {} ({})", path.display(), game.title),
            reference_seconds: seconds,
            seconds: Some(seconds),
            command: game.reference().solve_command(Objective::Target),
        }
    };
    let solve = || {
        solve_and_save(game, dir, progress)?;
        open()
    };
    crate::auto_solve::open_or_solve(open, making, solve, progress)
}

/// Six Hundred (locked dice, 3.3 billion states) has no target table.
pub(crate) fn refuse_locked(game: &CategoryGame) -> Result<(), Error> {
    if crate::category::table::Storage::of(game) == crate::category::table::Storage::Table {
        Ok(())
    } else {
        Err(crate::error::AdviseError::TargetNotInGame(game.title.clone()).into())
    }
}
