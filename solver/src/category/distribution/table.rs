//! The distribution table: every turn-start state's band of chances of
//! the points still to come under the expected-score play, in the band
//! file of [`crate::category::bands::file`] (f32, memory-mapped), with the
//! distribution from the empty sheet as metadata; solve and save, open,
//! `info`.
//!
//! The play is read from the game's expected-score table (solved first
//! when missing), so the table belongs with that one: same game, same
//! options.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::solve::{solve_distribution, DistributionSolution};
use super::summary::summarize;
use crate::auto_solve::Making;
use crate::category::bands::file::{BandTable, TableBands, LAYOUT};
use crate::category::bands::Bounds;
use crate::category::model::CategoryGame;
use crate::category::table::{open_or_solve as open_or_solve_values, Storage};
use crate::category::turn::{Indexed, TurnDp};
use crate::error::{AdviseError, Error};
use crate::limits::{check_solve_size, WHOLE_SOLVE_BYTES};
use crate::progress::Progress;
use crate::report::{DistributionFacts, Solved, TableFile, TableReport};
use crate::table::{self, fingerprint, write_table, TableSpec, Verify};
use crate::vocabulary::Objective;

/// Changes whenever the distribution table's values or layout change.
const DISTRIBUTION_ENGINE: u32 = 1;

/// File of the game's distribution table in `dir`, e.g.
/// `yatzy.distribution.sixdice`.
pub(crate) fn distribution_path(dir: &Path, game: &CategoryGame) -> PathBuf {
    dir.join(table::file_name(&format!("{}.distribution", game.id), &game.options, None))
}

fn spec(game: &CategoryGame, values: Option<u64>) -> TableSpec {
    TableSpec {
        game: game.id.to_string(),
        fingerprint: fingerprint(&(game.canonical(), "distribution", DISTRIBUTION_ENGINE)),
        shape: values.map(|n| vec![n]),
    }
}

/// Cells per second of the distribution solve on the reference machine
/// (2 cores; measured on classic Yahtzee without bonus: 47.6 million in
/// 20 s), for the time a solve is announced to take.
const CELLS_PER_SECOND: f64 = 2.3e6;

/// The seconds a distribution solve of `game` takes at the reference
/// speed, from the target's bands (the distribution's lie inside `(0,
/// hi]`, and are about as wide as the target's: measured within 1%).
fn solve_seconds(game: &CategoryGame, bounds: &Bounds) -> f64 {
    #[allow(clippy::cast_precision_loss)]
    let cells = (0..bounds.lo.len()).map(|s| u64::from(bounds.width(s))).sum::<u64>() as f64;
    // Six dice have twice the multisets of five.
    let speed = if game.dice >= 6 { CELLS_PER_SECOND / 2.5 } else { CELLS_PER_SECOND };
    cells / speed
}

/// A distribution table, open.
pub(crate) type DistributionTable = BandTable<DistributionMeta>;

/// A distribution table's bands, by mask and lane.
pub(crate) type DistributionBands<'a> = TableBands<'a, DistributionMeta>;

/// A distribution table's metadata: the solve's facts and the
/// distribution's own.
#[derive(Serialize, Deserialize)]
pub(crate) struct DistributionMeta {
    #[serde(flatten)]
    solved: Solved,
    distribution: DistributionFacts,
}

/// Opens the game's distribution table from `dir` and checks it.
pub(crate) fn open(dir: &Path, game: &CategoryGame, states: u64, verify: Verify) -> Result<DistributionTable, Error> {
    BandTable::open(&distribution_path(dir, game), &spec(game, None), states, verify)
}

fn facts(sol: &DistributionSolution, rounding: f64) -> DistributionFacts {
    DistributionFacts {
        entries: sol.entries(),
        widest_band: sol.widest(),
        stored: "f32".into(),
        largest_rounding: rounding,
        start: summarize(0, &sol.start()),
    }
}

/// Solves the distribution of `game`'s expected-score play (its table
/// first, when missing) and writes its table into `dir`.
pub(crate) fn solve_and_save(game: &CategoryGame, dir: &Path, progress: &dyn Progress) -> Result<TableReport, Error> {
    refuse_locked(game)?;
    let dp = TurnDp::new(game);
    let path = distribution_path(dir, game);
    table::check_writable(&path)?;
    let clock = std::time::Instant::now();
    // The bands lie inside (0, hi] of the target's bounds: the size check
    // takes that, the announcement the target's widths (about the same).
    let bounds = Bounds::of(&dp);
    let most: u64 = bounds.hi.iter().map(|&h| u64::from(h)).sum();
    check_solve_size(
        || format!("{}'s distribution table", game.title),
        dp.index().len(),
        most.saturating_mul(12),
        WHOLE_SOLVE_BYTES,
    )?;
    progress.note(&format!(
        "{}: {} states, about {:.0} s at the reference speed",
        game.title,
        dp.index().len(),
        solve_seconds(game, &bounds)
    ));
    drop(bounds);
    let values = open_or_solve_values(dir, &dp, progress)?;
    let ev = Indexed { index: dp.index(), values: values.values() };
    let sol = solve_distribution(&dp, &ev, progress);
    progress.note(&format!("{}'s distribution: {} chances in {:.1} s", game.title, sol.entries(), sol.seconds));
    let (stored, rounding) = sol.stored();
    let distribution = facts(&sol, rounding);
    let solved = Solved {
        game: game.reference(),
        objective: Objective::FinalScore,
        expected_score: distribution.start.mean,
        variants: vec![],
        states: dp.index().len(),
        solve_seconds: clock.elapsed().as_secs_f64(),
        layout: LAYOUT.into(),
        sixdice_version: env!("CARGO_PKG_VERSION").into(),
    };
    let shape = stored.len() as u64;
    drop(sol);
    let meta = DistributionMeta { solved: solved.clone(), distribution: distribution.clone() };
    write_table(&path, &spec(game, Some(shape)), &meta, &stored)?;
    let mut report = TableReport::of(TableFile::written(&path, vec![shape]), solved);
    report.distribution = Some(distribution);
    Ok(report)
}

/// `info --distribution`: the facts of an existing distribution table.
pub(crate) fn info(dir: &Path, game: &CategoryGame, verify: Verify) -> Result<TableReport, Error> {
    refuse_locked(game)?;
    let dp = TurnDp::new(game);
    let table = open(dir, game, dp.index().len(), verify)?;
    Ok(report(&table))
}

/// The facts of an open distribution table, as `info` gives them.
pub(crate) fn report(table: &DistributionTable) -> TableReport {
    let mut report = TableReport::of(TableFile::of(table.table()), table.meta().solved.clone());
    report.distribution = Some(table.meta().distribution.clone());
    report
}

/// Opens the game's distribution table; when there is none yet, solves it
/// first if that is quick at the reference speed ([`crate::auto_solve`]),
/// else refuses with the command that makes it.
pub(crate) fn open_or_solve(dir: &Path, dp: &TurnDp, progress: &dyn Progress) -> Result<DistributionTable, Error> {
    let game = dp.game();
    let states = dp.index().len();
    let path = distribution_path(dir, game);
    let open = || open(dir, game, states, Verify::Auto);
    let making = || {
        let seconds = solve_seconds(game, &Bounds::of(dp));
        Making {
            what: format!("distribution table at {} ({})", path.display(), game.title),
            reference_seconds: seconds,
            seconds: Some(seconds),
            command: format!("{} --distribution", game.reference().solve_command(Objective::FinalScore)),
        }
    };
    let solve = || {
        solve_and_save(game, dir, progress)?;
        open()
    };
    crate::auto_solve::open_or_solve(open, making, solve, progress)
}

/// Six Hundred (locked dice) has no distribution table.
pub(crate) fn refuse_locked(game: &CategoryGame) -> Result<(), Error> {
    if Storage::of(game) == Storage::Table {
        Ok(())
    } else {
        Err(AdviseError::DistributionNotInGame(game.title.clone()).into())
    }
}
