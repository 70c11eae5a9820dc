//! Category games' table files: which file, what it must match, and the
//! solve-and-save and open-and-check steps behind `solve`, `info` and `advise`.
//!
//! The values are indexed by state number ([`super::states::StateIndex`]):
//! masks in order of filled count and then value, and within a mask
//! `extra * uppers + upper position`.

use std::path::{Path, PathBuf};

use super::levels;
use super::model::{CategoryGame, KeepRule};
use super::solve::{solve, Solution};
use super::turn::TurnDp;
use crate::auto_solve::Making;
use crate::error::Error;
use crate::limits::{check_solve_size, WHOLE_SOLVE_BYTES};
use crate::progress::Progress;
use crate::report::{Solved, TableFile, TableReport};
use crate::table::{self, fingerprint, write_table, Table, TableSpec, Verify};
use crate::vocabulary::Objective;

/// File of the game's table in `dir`, e.g. `yahtzee.joker=forced.sixdice`.
pub(crate) fn table_path(dir: &Path, game: &CategoryGame) -> PathBuf {
    dir.join(table::file_name(game.id, &game.options, None))
}

/// What a valid table of `game` must look like (`states`: its shape, when known).
pub(crate) fn table_spec(game: &CategoryGame, states: Option<u64>) -> TableSpec {
    TableSpec { game: game.id.to_string(), fingerprint: fingerprint(&game.canonical()), shape: states.map(|n| vec![n]) }
}

/// Where a category game's values live, decided here once for every
/// command: one table file (games solved whole, in memory, in seconds), or
/// level files written level by level and resumable (the locked-dice rule:
/// Six Hundred, whose 3.3 billion states do not fit one in-memory solve;
/// its shorter cards are kept the same way).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Storage {
    Table,
    Levels,
}

impl Storage {
    pub(crate) fn of(game: &CategoryGame) -> Storage {
        match game.keep_rule {
            KeepRule::Locked => Storage::Levels,
            KeepRule::Reroll => Storage::Table,
        }
    }
}

/// Solves `game` and writes its table into `dir`.
pub(crate) fn solve_and_save(game: &CategoryGame, dir: &Path, progress: &dyn Progress) -> Result<TableReport, Error> {
    let dp = TurnDp::new(game);
    if Storage::of(game) == Storage::Levels {
        let solved = levels::solve_levels(&dp, &levels::levels_dir(dir, game), progress)?;
        return Ok(levels::report(&dp, &solved));
    }
    // The in-memory solve holds every state in f64 plus the f32 copy it writes.
    let states = dp.index().len();
    check_solve_size(
        || format!("{} as one in-memory solve", game.title),
        states,
        states.saturating_mul(12),
        WHOLE_SOLVE_BYTES,
    )?;
    table::check_writable(&table_path(dir, game))?;
    let sol = solve(&dp, progress);
    save(dir, &dp, &sol, &stored(&sol))
}

/// The seconds a whole solve of `game` takes at the reference speed: the
/// level-by-level solve's estimate (Six Hundred); a game solved in
/// memory takes seconds.
pub(crate) fn whole_solve_seconds(game: &CategoryGame) -> f64 {
    match Storage::of(game) {
        Storage::Levels => 60.0 * levels::needs_in_words(&TurnDp::new(game)).minutes as f64,
        Storage::Table => 0.0,
    }
}

/// The values as the table stores them.
fn stored(sol: &Solution) -> Vec<f32> {
    #[allow(clippy::cast_possible_truncation)] // tables store f32 on purpose (see turn.rs)
    sol.values.iter().map(|&v| v as f32).collect()
}

fn save(dir: &Path, dp: &TurnDp, sol: &Solution, stored: &[f32]) -> Result<TableReport, Error> {
    let game = dp.game();
    let path = table_path(dir, game);
    let states = dp.index().len();
    let solved = Solved {
        game: game.reference(),
        objective: Objective::FinalScore,
        expected_score: sol.expected,
        variants: vec![],
        states,
        solve_seconds: sol.seconds,
        layout: "[state]: masks by filled count then value; within a mask extra * uppers + upper position".into(),
        sixdice_version: env!("CARGO_PKG_VERSION").into(),
    };
    let spec = table_spec(game, Some(states));
    write_table(&path, &spec, &solved, stored)?;
    Ok(TableReport::of(TableFile::written(&path, vec![states]), solved))
}

/// Opens the game's table from `dir` and checks it against the rules (and
/// against `states`, the size the state index gives, when known).
pub(crate) fn open(
    dir: &Path,
    game: &CategoryGame,
    states: Option<u64>,
    verify: Verify,
) -> Result<(Table, Solved), Error> {
    let table = Table::open(&table_path(dir, game), &table_spec(game, states), verify)?;
    let solved = table.meta::<Solved>()?;
    Ok((table, solved))
}

/// `info`: the facts of an existing table, without solving anything.
pub(crate) fn info(dir: &Path, game: &CategoryGame, verify: Verify) -> Result<TableReport, Error> {
    if Storage::of(game) == Storage::Levels {
        let dp = TurnDp::new(game);
        return levels::info(&dp, &levels::levels_dir(dir, game), verify);
    }
    let (table, solved) = open(dir, game, None, verify)?;
    Ok(TableReport::of(TableFile::of(&table), solved))
}

/// A game's values: from its table, or solved just now.
pub(crate) enum GameValues {
    Table(Table),
    /// Solved just now (and saved, when the table could be written).
    Solved(Vec<f32>),
}

impl GameValues {
    /// The values in state-index order, as the table stores them.
    pub(crate) fn values(&self) -> &[f32] {
        match self {
            GameValues::Table(t) => t.values(),
            GameValues::Solved(v) => v,
        }
    }
}

/// Opens the table; when there is none yet, solves the game first (every
/// category game this is called for solves in seconds: [`crate::table::auto`]
/// decides, as for every kind of table) and says so through `progress`.
/// The table is saved when it can be; when not, the values answer from
/// memory and a note says why the table was not saved.
pub(crate) fn open_or_solve(dir: &Path, dp: &TurnDp, progress: &dyn Progress) -> Result<GameValues, Error> {
    let game = dp.game();
    let states = Some(dp.index().len());
    let path = table_path(dir, game);
    let making = || Making {
        what: format!("table at {} ({})", path.display(), game.title),
        reference_seconds: 0.0,
        seconds: None,
        command: format!("sixdice solve {}", game.id),
    };
    let solve = || {
        let writable = table::check_writable(&path);
        if let Err(e) = &writable {
            table::note_unsaved(progress, e);
        }
        let sol = solve(dp, progress);
        let values = stored(&sol);
        if writable.is_ok() {
            match save(dir, dp, &sol, &values) {
                Ok(_) => {}
                Err(Error::Table(e)) => table::note_unsaved(progress, &e),
                Err(e) => return Err(e),
            }
        }
        Ok(GameValues::Solved(values))
    };
    let open = || open(dir, game, states, Verify::Auto).map(|(table, _)| GameValues::Table(table));
    crate::auto_solve::open_or_solve(open, making, solve, progress)
}
