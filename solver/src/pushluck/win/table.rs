//! The win table: a two-player game's turn-start win probabilities on disk,
//! with what the solve found (its facts, the last-turn table, the game
//! facts) as metadata and, under piggyback, the offers after the values;
//! solved, written, read back, and solved on the spot for an answer when
//! that is quick.

use std::path::Path;
use std::sync::Arc;

use serde::Serialize;

use super::facts::game_facts;
use super::{LastTurn, Offers, WinValues};
use crate::auto_solve::Making;
use crate::error::Error;
use crate::progress::Progress;
use crate::pushluck::table::{as_asked, table_path, table_spec};
use crate::pushluck::win;
use crate::pushluck::PushLuckGame;
use crate::report::{GameFacts, Solved, TableFile, TableReport, VariantValue, WinFacts};
use crate::table::{self, write_table_parts, Table, TableError, TableSpec, Verify};
use crate::vocabulary::Objective;

/// The metadata of a win-objective table: the facts, and the last-turn
/// table the values were solved with (advice needs it past the goal).
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
struct WinMeta {
    solved: Solved,
    facts: WinFacts,
    /// Sides per player (the table is `n` x `n`): totals below the goal,
    /// and with the penalty farkle counts and board status ([`win::Sides`]).
    n: u64,
    /// Lowest total (three-farkle penalty; else 0).
    #[serde(default)]
    floor: i64,
    /// What the table says about the game (`compare`; not yet under
    /// piggyback).
    #[serde(default)]
    game: Option<GameFacts>,
    last: LastTurn,
    /// With piggyback: the offers stored after the `n` x `n` values.
    #[serde(default)]
    offers: Option<OffersMeta>,
}

/// Where a win table keeps its piggyback values ([`win::offers`]).
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
struct OffersMeta {
    /// Inherited turn totals `grid ..= t_levels * grid`.
    t_levels: u64,
    /// XXH3 of each mover's block of values (checked on first use).
    row_sums: Vec<u64>,
}

/// Solves the win objective of `game` and writes its table into `dir`
/// (checked writable first).
pub(crate) fn solve_and_save(game: &PushLuckGame, dir: &Path, progress: &dyn Progress) -> Result<TableReport, Error> {
    table::check_writable(&table_path(dir, game, Objective::Win))?;
    let estimate = win_solve_estimate(game);
    progress.note(&format!("solving {} to win: about {}", game.title(), about(estimate)));
    let (values, meta) = solve_win(game, progress)?;
    Ok(TableReport { estimated_seconds: Some(estimate), ..write_win(game, dir, &values, &meta)? })
}

/// Solves the win objective to answer a question: the table is saved when
/// it can be written; when not, a note says why and the values answer from
/// memory. Returns the values and the game facts.
fn solve_win_to_answer<'g>(
    game: &'g PushLuckGame,
    dir: &Path,
    progress: &dyn Progress,
) -> Result<(WinValues<'g>, Option<GameFacts>), Error> {
    let writable = table::check_writable(&table_path(dir, game, Objective::Win));
    if let Err(e) = &writable {
        table::note_unsaved(progress, e);
    }
    let (values, meta) = solve_win(game, progress)?;
    if writable.is_ok() {
        if let Err(e) = write_win(game, dir, &values, &meta) {
            table::note_unsaved(progress, &e);
        }
    }
    Ok((values, meta.game))
}

/// Solves the win objective: the values, and the metadata of their table.
fn solve_win<'g>(game: &'g PushLuckGame, progress: &dyn Progress) -> Result<(WinValues<'g>, WinMeta), Error> {
    let (values, facts, seconds) = win::solve(game, progress)?;
    let game_facts = if values.has_game_facts() { Some(game_facts(game, &values, progress)?) } else { None };
    let n = values.len() as u64;
    let first = values.first();
    let solved = Solved {
        game: game.reference(),
        objective: Objective::Win,
        expected_score: first,
        variants: vec![
            VariantValue { variant: "first player, from 0-0".into(), expected_score: first, bank_always_from: None },
            VariantValue {
                variant: "second player, from 0-0".into(),
                expected_score: 1.0 - first,
                bank_always_from: None,
            },
        ],
        states: n * n,
        solve_seconds: seconds,
        layout: if values.sides.penalty() {
            let offers = values.offers.as_ref().map_or(String::new(), |o| {
                format!(
                    "; then [mover's side][opponent's side / 3, on the board only ({b})][leftover dice - 1 (5)]\
                     [inherited points / {g} - 1 ({t})]: P(the player to move wins) rolling that leftover, f64, \
                     NaN where not allowed",
                    b = values.sides.bankers().0,
                    g = game.win_model().grid,
                    t = o.t_levels
                )
            });
            format!(
                "[mover's side][opponent's side]: P(the player to move wins), f64; side = (total - {floor}) / {g} * 3 \
                 + farkles in a row on the board, then (off the board) -total / {p} * 3 + farkles after the last{offers}",
                floor = values.sides.floor(),
                g = game.win_model().grid,
                p = game.rules.turn.three_farkle_penalty
            )
        } else if let Some(o) = &values.offers {
            format!(
                "[mover's total / {g}][opponent's total / {g}]: P(the player to move wins), f64; then \
                 [mover's total / {g}][opponent's total / {g}][leftover dice - 1 (5)][inherited points / {g} - 1 ({t})]: \
                 P(the player to move wins) rolling that leftover, f64, NaN where not allowed",
                g = game.win_model().grid,
                t = o.t_levels
            )
        } else {
            format!(
                "[mover's total / {g}][opponent's total / {g}]: P(the player to move wins), f64",
                g = game.win_model().grid
            )
        },
        sixdice_version: env!("CARGO_PKG_VERSION").into(),
    };
    let meta = WinMeta {
        solved,
        facts,
        n,
        floor: values.sides.floor(),
        game: game_facts,
        last: LastTurn::clone(&values.last),
        offers: values.offers.as_ref().map(|o| OffersMeta { t_levels: o.t_levels as u64, row_sums: o.row_sums() }),
    };
    Ok((values, meta))
}

/// Writes the win table of `values` into `dir`.
fn write_win(game: &PushLuckGame, dir: &Path, values: &WinValues, meta: &WinMeta) -> Result<TableReport, TableError> {
    let offers = values.offers.as_ref().map(|o| o.as_slice()).unwrap_or_default();
    let n = meta.n;
    let shape = if offers.is_empty() { vec![n, n] } else { vec![(values.w.len() + offers.len()) as u64] };
    let path = table_path(dir, game, Objective::Win);
    let spec = TableSpec { shape: Some(shape.clone()), ..table_spec(game, Objective::Win) };
    write_table_parts(&path, &spec, meta, &[&values.w, offers])?;
    Ok(TableReport {
        win: Some(meta.facts),
        game_facts: meta.game,
        ..TableReport::of(TableFile::written(&path, shape), meta.solved.clone())
    })
}

/// `info --objective win`: the facts of an existing win table.
pub(crate) fn info(dir: &Path, game: &PushLuckGame, verify: Verify) -> Result<TableReport, Error> {
    let table = Table::open(&table_path(dir, game, Objective::Win), &table_spec(game, Objective::Win), verify)?;
    let meta = table.meta::<WinMeta>()?;
    Ok(TableReport {
        win: Some(meta.facts),
        game_facts: meta.game,
        ..TableReport::of(TableFile::of(&table), as_asked(meta.solved, game))
    })
}

/// How long the win solve of `game` should take on this machine now
/// ([`win::solve_seconds`]).
pub(crate) fn win_solve_estimate(game: &PushLuckGame) -> f64 {
    win::solve_seconds(game)
}

pub(crate) use crate::auto_solve::about;

/// Whether `game`'s win table is in `dir` (not opened: `compare`'s list of
/// what it must solve).
pub(crate) fn present(game: &PushLuckGame, dir: &Path) -> bool {
    table_path(dir, game, Objective::Win).is_file()
}

/// The win values of `game` from its table in `dir`; when there is none and
/// the solve is quick ([`crate::table::auto`]), solves it first (and saves
/// it when the directory takes it: [`solve_win_to_answer`]).
pub(crate) fn load<'g>(game: &'g PushLuckGame, dir: &Path, progress: &dyn Progress) -> Result<WinValues<'g>, Error> {
    let path = table_path(dir, game, Objective::Win);
    let making = || Making {
        what: format!("win table for {}", game.title()),
        reference_seconds: win::reference_seconds(game),
        seconds: Some(win_solve_estimate(game)),
        command: game.reference().solve_command(Objective::Win),
    };
    /// The table as opened, or the values just solved (the table's: no
    /// need to read it back).
    enum Found<'g> {
        Opened(Table),
        Solved(Box<WinValues<'g>>),
    }
    let open = || Ok(Found::Opened(Table::open(&path, &table_spec(game, Objective::Win), Verify::Auto)?));
    let solve = || Ok(Found::Solved(Box::new(solve_win_to_answer(game, dir, progress)?.0)));
    let table = match crate::auto_solve::open_or_solve(open, making, solve, progress)? {
        Found::Opened(table) => table,
        Found::Solved(values) => return Ok(*values),
    };
    let meta = table.meta::<WinMeta>()?;
    let all = table
        .elements::<f64>()
        .ok_or_else(|| table::TableError::Corrupt { path: path.clone(), why: "the values are not f64".into() })?;
    let model = game.win_model();
    let sides = win::Sides::new(model, meta.floor);
    let n = sides.len();
    let bad_shape = || table::TableError::Corrupt { path: path.clone(), why: "shape does not match the rules".into() };
    // The offers are there exactly when the rules have piggyback.
    let t_levels = WinValues::offer_levels(model, &sides);
    let offers_len = match &meta.offers {
        Some(o) if model.rules.turn.piggyback && o.t_levels == t_levels as u64 && o.row_sums.len() == n => {
            Offers::len_for(&sides, t_levels)
        }
        None if !model.rules.turn.piggyback => 0,
        _ => return Err(bad_shape().into()),
    };
    if meta.floor > 0
        || meta.floor % model.grid != 0
        || u64::try_from(n).ok() != Some(meta.n)
        || all.len() != n * n + offers_len
    {
        return Err(bad_shape().into());
    }
    let w = all[..n * n].to_vec();
    let offers =
        meta.offers.map(|o| Offers::mapped(Arc::new(table), n * n, &sides, t_levels, o.row_sums)).transpose()?;
    let mut values = WinValues::new(model, sides, w, meta.last);
    values.offers = offers;
    Ok(values)
}

/// What `compare` reports of one variant.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub(crate) struct WinSummary {
    pub(crate) first_wins: f64,
    /// `None` for a piggyback game too large to solve them along.
    pub(crate) game: Option<GameFacts>,
    /// Seconds spent solving now (0 when the table was there).
    pub(crate) solved_seconds: f64,
    /// The solve's estimate ([`win_solve_estimate`]) when it was solved now.
    pub(crate) estimated_seconds: Option<f64>,
}

/// The win summary of `game` from its table in `dir`, solving the table
/// first when it is missing (whatever it takes: `compare` solves what is
/// missing).
pub(crate) fn summary(game: &PushLuckGame, dir: &Path, progress: &dyn Progress) -> Result<WinSummary, Error> {
    let path = table_path(dir, game, Objective::Win);
    let open = || Table::open(&path, &table_spec(game, Objective::Win), Verify::Auto);
    let opened = |table: Table| {
        let meta = table.meta::<WinMeta>()?;
        let facts = match meta.game {
            Some(f) => Some(f),
            None if game.rules.turn.piggyback => None,
            // A table from before these facts: compute them from its values.
            None => Some(game_facts(game, &load(game, dir, progress)?, progress)?),
        };
        Ok(WinSummary {
            first_wins: meta.solved.expected_score,
            game: facts,
            solved_seconds: 0.0,
            estimated_seconds: None,
        })
    };
    match open() {
        Ok(table) => opened(table),
        // Solved once, whoever else asks meanwhile (they wait, then open it).
        Err(table::TableError::Missing { .. }) => crate::auto_solve::one_solve_at_a_time(|| match open() {
            Ok(table) => opened(table),
            Err(table::TableError::Missing { .. }) => {
                win::check_size(game, win::sides::default_floor(game.win_model()))?;
                // `compare`, the one caller, has said what it solves and
                // how long that should take.
                let estimate = win_solve_estimate(game);
                let started = std::time::Instant::now();
                let (values, facts) = solve_win_to_answer(game, dir, progress)?;
                Ok(WinSummary {
                    first_wins: values.first(),
                    game: facts,
                    solved_seconds: started.elapsed().as_secs_f64(),
                    estimated_seconds: Some(estimate),
                })
            }
            Err(e) => Err(e.into()),
        }),
        Err(e) => Err(e.into()),
    }
}

/// The game facts of `game` when its win `values` are at hand: from the
/// win table's metadata, else from the values (so that a table that could
/// not be saved is not solved a second time).
pub(crate) fn game_facts_with(
    game: &PushLuckGame,
    dir: &Path,
    values: &WinValues,
    progress: &dyn Progress,
) -> Result<Option<GameFacts>, Error> {
    if let Ok(table) =
        Table::open(&table_path(dir, game, Objective::Win), &table_spec(game, Objective::Win), Verify::Auto)
    {
        if let Some(f) = table.meta::<WinMeta>()?.game {
            return Ok(Some(f));
        }
    }
    Ok(if values.has_game_facts() { Some(game_facts(game, values, progress)?) } else { None })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Silent;
    use crate::registry::testing::push_luck;
    use crate::table::write_table;

    /// A piggyback win table reads back as solved, and a mover's row of
    /// piggyback values that does not match its checksum is refused when
    /// used while the other rows still answer (large tables are not hashed
    /// whole on opening, so this is what catches damage there).
    #[test]
    fn piggyback_values_round_trip_and_damaged_rows_are_refused() {
        let game = push_luck("farkle", &["piggyback", "goal=600"], None);
        let dir = tempfile::tempdir().expect("temporary directory");
        let (solved, facts) = solve_win_to_answer(&game, dir.path(), &Silent).expect("solves");
        assert!(facts.is_some(), "game facts under piggyback");
        let loaded = load(&game, dir.path(), &Silent).expect("reads back");
        assert_eq!(loaded.w, solved.w);
        let (a, b) = (solved.offers.as_ref().unwrap(), loaded.offers.as_ref().unwrap());
        assert_eq!(a.as_slice(), b.as_slice());
        let n = loaded.len();
        b.check(&(0..n).collect::<Vec<_>>()).expect("every row is intact");
        assert_eq!(loaded.turn(1, 2).start_value(), solved.turn(1, 2).start_value());

        // The same data under a metadata whose checksum of row 2 is wrong.
        let path = table_path(dir.path(), &game, Objective::Win);
        let table = Table::open(&path, &table_spec(&game, Objective::Win), Verify::Full).expect("opens");
        let mut meta = table.meta::<WinMeta>().expect("metadata");
        meta.offers.as_mut().unwrap().row_sums[2] ^= 1;
        let spec = TableSpec { shape: Some(table.shape().to_vec()), ..table_spec(&game, Objective::Win) };
        let data = table.elements::<f64>().unwrap().to_vec();
        drop(table);
        write_table(&path, &spec, &meta, &data).expect("writes");
        let damaged = load(&game, dir.path(), &Silent).expect("opens: the rows are checked on use");
        let offers = damaged.offers.as_ref().unwrap();
        offers.check(&[0, 1, 3]).expect("other rows answer");
        let err = offers.check(&[2]).expect_err("row 2 is refused");
        assert!(err.to_string().contains("piggyback values of row 2"), "{err}");
    }
}
