//! The win table of a game of three: every turn-start state's chances on
//! disk, one table per rule set and player count
//! (`GAME.win3[.OPTIONS].sixdice`), with the same header discipline as
//! every table (the fingerprint covers the rules, the solver and the
//! player count), and in its metadata what the solve found: each seat's
//! chance, the fair head starts, the turns of a game, where movers mix
//! (play needs the two policies and the share) and the last-turn table.
//!
//! `compare` reads only the metadata, so a warm comparison opens headers;
//! advice reads the values.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use serde::{Deserialize, Serialize};

pub(crate) use super::check;
use super::{solve, Mix, PlayersValues, Start, Store};
use crate::error::Error;
use crate::progress::Progress;
use crate::pushluck::table::{as_asked, rules_fingerprint};
use crate::pushluck::win::{table::about, LastTurn};
use crate::pushluck::PushLuckGame;
use crate::report::{SeatFacts, Solved, TableFile, TableReport, VariantValue};
use crate::table::{self, fingerprint, write_table, Table, TableError, TableSpec, Verify};
use crate::vocabulary::Objective;

/// Version of this table's layout and meaning, part of its fingerprint.
const PLAYERS_TABLE_VERSION: u32 = 2;

/// The metadata of a table of several players.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct PlayersMeta {
    solved: Solved,
    seats: SeatFacts,
    /// Totals per player below the goal (the table is `levels^players x 3`).
    levels: u64,
    /// Where movers mix: the state, the farkle values of the two policies,
    /// the share of the first.
    mixed: Vec<(u64, Mix)>,
    last: LastTurn,
}

/// What the fingerprint of a table of several players covers.
#[derive(Serialize)]
struct Canonical {
    rules: u64,
    players: usize,
    version: u32,
}

fn spec(game: &PushLuckGame, players: usize) -> TableSpec {
    let rules = rules_fingerprint(game, Objective::Win);
    let fingerprint = fingerprint(&Canonical { rules, players, version: PLAYERS_TABLE_VERSION });
    TableSpec { game: game.id.to_string(), fingerprint, shape: None }
}

/// The table's file in `dir`: `farkle.win3.sixdice`, options and a rules
/// file named as for the two-player table.
pub(crate) fn path(dir: &Path, game: &PushLuckGame, players: usize) -> PathBuf {
    let hash = game.rules_file.is_some().then(|| spec(game, players).fingerprint);
    dir.join(table::file_name(&format!("{}.win{players}", game.id), &game.options, hash))
}

/// How long the solve of `game` for `players` should take on this machine
/// now ([`crate::pushluck::win::players_seconds`]).
pub(crate) fn solve_estimate(game: &PushLuckGame, players: usize) -> f64 {
    crate::pushluck::win::players_seconds(game, players)
}

/// `solve --players N`: solves the game for `players` and writes the table
/// into `dir` (checked writable, and the solve checked to fit, first).
pub(crate) fn solve_and_save(
    game: &PushLuckGame,
    players: usize,
    dir: &Path,
    progress: &dyn Progress,
) -> Result<TableReport, Error> {
    check(game, players)?;
    let path = path(dir, game, players);
    table::check_writable(&path)?;
    let estimate = solve_estimate(game, players);
    progress.note(&format!("solving {} to win, {players} players: about {}", game.title(), about(estimate)));
    let started = Instant::now();
    let values = solve(game, players, progress)?;
    let seconds = started.elapsed().as_secs_f64();
    let meta = meta_of(game, &values, seconds);
    let report = write(&path, game, &values, &meta)?;
    Ok(TableReport { estimated_seconds: Some(estimate), ..report })
}

/// The facts of a solve: each seat's chance, the fair head starts, the
/// turns of a game, how the solve went.
fn meta_of(game: &PushLuckGame, values: &PlayersValues, seconds: f64) -> PlayersMeta {
    let n = values.players;
    let seats = values.seats();
    let (head_starts, head_start_seats) = fair_head_starts(values);
    let facts = SeatFacts {
        players: n,
        seats: seats.clone(),
        head_starts,
        head_start_seats,
        turns_per_player: values.turns_per_game() / n as f64,
        turn_solves: values.turn_dps as u64,
        mixed_states: values.mixed.len() as u64,
        searched_classes: values.searched as u64,
    };
    let g = values.model.grid;
    let state = vec!["0"; n].join("-");
    let solved = Solved {
        game: game.reference(),
        objective: Objective::Win,
        expected_score: seats[0],
        variants: (0..n)
            .map(|k| VariantValue {
                variant: format!("seat {}, from {state}", k + 1),
                expected_score: seats[k],
                bank_always_from: None,
            })
            .collect(),
        states: values.states() as u64,
        solve_seconds: seconds,
        layout: format!(
            "{dims}[player]: P(that player wins) at the turn start where the mover has the first total and the others \
             follow in turn order (total = index * {g}), players counted from the mover, f64",
            dims = if n <= 3 {
                (0..n).map(|k| format!("[total {}]", k + 1)).collect::<String>()
            } else {
                let l = values.levels;
                let digits: Vec<String> = (0..n).map(|k| format!("total {} * {l}^{}", k + 1, n - 1 - k)).collect();
                format!("[state = {}]", digits.join(" + "))
            }
        ),
        sixdice_version: env!("CARGO_PKG_VERSION").into(),
    };
    PlayersMeta {
        solved,
        seats: facts,
        levels: values.levels as u64,
        mixed: values.mixed.iter().map(|&(i, m)| (i as u64, m)).collect(),
        last: LastTurn::clone(values.chase.last()),
    }
}

/// The head starts of the seats after the first (points, on the grid,
/// below the goal) that bring every seat's chance closest to even: the
/// smallest largest distance from `1 / players`, ties to the smallest
/// head starts; and each seat's chance with them.
pub(crate) fn fair_head_starts(values: &PlayersValues) -> (Vec<i64>, Vec<f64>) {
    let n = values.players;
    let even = 1.0 / n as f64;
    let mut best: Option<(f64, Vec<usize>)> = None;
    let states = values.levels.pow(u32::try_from(n - 1).expect("a few players"));
    for i in 0..states {
        let mut totals = vec![0; n];
        let mut rest = i;
        for t in totals[1..].iter_mut().rev() {
            *t = rest % values.levels;
            rest /= values.levels;
        }
        let odds = values.odds(&totals);
        let distance = odds[..n].iter().map(|p| (p - even).abs()).fold(0.0, f64::max);
        if best.as_ref().is_none_or(|(d, _)| distance < *d) {
            best = Some((distance, totals));
        }
    }
    let totals = best.expect("one state at least").1;
    let g = values.model.grid;
    let head: Vec<i64> = totals[1..].iter().map(|&t| t as i64 * g).collect();
    (head, values.odds(&totals)[..n].to_vec())
}

fn write(path: &Path, game: &PushLuckGame, values: &PlayersValues, meta: &PlayersMeta) -> Result<TableReport, Error> {
    let n = values.players;
    let l = values.levels as u64;
    // A table holds four dimensions at most: from four players on, the
    // states in one (the layout says how they are indexed).
    let mut shape = if n <= 3 { vec![l; n] } else { vec![values.states() as u64] };
    shape.push(n as u64);
    let data: Vec<f64> = (0..values.states()).flat_map(|i| values.odds_at(i)[..n].to_vec()).collect();
    let spec = TableSpec { shape: Some(shape.clone()), ..spec(game, n) };
    write_table(path, &spec, meta, &data)?;
    Ok(TableReport {
        seats: Some(meta.seats.clone()),
        ..TableReport::of(TableFile::written(path, shape), meta.solved.clone())
    })
}

/// `info --players N`: the facts of an existing table.
pub(crate) fn info(dir: &Path, game: &PushLuckGame, players: usize, verify: Verify) -> Result<TableReport, Error> {
    check(game, players)?;
    let table = Table::open(&path(dir, game, players), &spec(game, players), verify)?;
    let meta = table.meta::<PlayersMeta>()?;
    Ok(TableReport { seats: Some(meta.seats), ..TableReport::of(TableFile::of(&table), as_asked(meta.solved, game)) })
}

/// Whether `game`'s table for `players` is in `dir` (not opened).
pub(crate) fn present(game: &PushLuckGame, players: usize, dir: &Path) -> bool {
    path(dir, game, players).is_file()
}

/// What `compare` reports of one variant: the table's facts, and the
/// seconds spent solving it now with the estimate (when it was missing).
pub(crate) struct Summary {
    pub(crate) seats: SeatFacts,
    pub(crate) solved_seconds: f64,
    pub(crate) estimated_seconds: Option<f64>,
}

/// The facts of `game`'s table for `players` in `dir` (its metadata only),
/// solving and saving it first when it is missing.
///
/// # Errors
/// Rules or a size the solver does not take; a damaged table; a table that
/// cannot be written.
pub(crate) fn summary(
    game: &PushLuckGame,
    players: usize,
    dir: &Path,
    progress: &dyn Progress,
) -> Result<Summary, Error> {
    check(game, players)?;
    let open = || Table::open(&path(dir, game, players), &spec(game, players), Verify::Auto);
    let opened = |table: Table| {
        Ok(Summary { seats: table.meta::<PlayersMeta>()?.seats, solved_seconds: 0.0, estimated_seconds: None })
    };
    match open() {
        Ok(table) => opened(table),
        // Solved once, whoever else asks meanwhile (they wait, then open it).
        Err(TableError::Missing { .. }) => crate::auto_solve::one_solve_at_a_time(|| match open() {
            Ok(table) => opened(table),
            Err(TableError::Missing { .. }) => {
                let report = solve_and_save(game, players, dir, progress)?;
                Ok(Summary {
                    seats: report.seats.expect("a table of several players"),
                    solved_seconds: report.solved.solve_seconds,
                    estimated_seconds: report.estimated_seconds,
                })
            }
            Err(e) => Err(e.into()),
        }),
        Err(e) => Err(e.into()),
    }
}

/// The values of `game`'s table for `players` in `dir`, for play and
/// advice.
///
/// # Errors
/// Rules the solver does not take; a missing, damaged or stale table.
pub(crate) fn load<'g>(game: &'g PushLuckGame, players: usize, dir: &Path) -> Result<PlayersValues<'g>, Error> {
    let states = check(game, players)?;
    let path = path(dir, game, players);
    let table = Table::open(&path, &spec(game, players), Verify::Auto)?;
    let meta = table.meta::<PlayersMeta>()?;
    let model = game.win_model();
    let bad = |why: &str| TableError::Corrupt { path: path.clone(), why: why.into() };
    let data = table.elements::<f64>().ok_or_else(|| bad("the values are not f64"))?;
    if data.len() != states * players || meta.levels as usize != crate::pushluck::win::Sides::new(model, 0).len() {
        return Err(bad("shape does not match the rules").into());
    }
    if meta.mixed.iter().any(|&(i, m)| i as usize >= states || !(0.0..=1.0).contains(&m.share)) {
        return Err(bad("a mixed state out of range").into());
    }
    let store = Store::Mapped(Arc::new(table));
    let mut values = PlayersValues::new(model, players, Start::Extrapolated, store, Arc::new(meta.last));
    values.mixed = meta.mixed.iter().map(|&(i, m)| (i as usize, m)).collect();
    values.turn_dps = meta.seats.turn_solves as usize;
    values.searched = meta.seats.searched_classes as usize;
    Ok(values)
}

/// The last-turn table of `game`: from its table of `players` in `dir`
/// when there is one (the metadata alone is read), else solved.
pub(crate) fn last_turns(game: &PushLuckGame, players: usize, dir: &Path) -> LastTurn {
    Table::open(&path(dir, game, players), &spec(game, players), Verify::Auto)
        .ok()
        .and_then(|t| t.meta::<PlayersMeta>().ok())
        .map_or_else(|| LastTurn::solve(game.win_model()), |m| m.last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Silent;
    use crate::registry::testing::push_luck;

    /// A table of three reads back as solved (values, mixes, facts), is
    /// named apart from the two-player table, and a table of another
    /// player count or rule set is not taken for it.
    #[test]
    fn a_table_of_three_round_trips_and_is_its_own() {
        let game = push_luck("farkle", &["goal=600"], None);
        let dir = tempfile::tempdir().expect("temporary directory");
        let report = solve_and_save(&game, 3, dir.path(), &Silent).expect("solves");
        let p = path(dir.path(), &game, 3);
        assert!(p.ends_with("farkle.win3.goal=600.sixdice"), "{}", p.display());
        let solved = solve(&game, 3, &Silent).expect("solves");
        let loaded = load(&game, 3, dir.path()).expect("reads back");
        assert!((0..solved.states()).all(|i| loaded.odds_at(i) == solved.odds_at(i)));
        assert_eq!(loaded.mixed, solved.mixed);
        let seats = report.seats.expect("facts");
        assert_eq!(seats.seats, solved.seats());
        assert_eq!(seats.turns_per_player, solved.turns_per_game() / 3.0);
        assert_eq!(info(dir.path(), &game, 3, Verify::Full).expect("info").seats, Some(seats));
        // Another player count's or rule set's table under this one's name is stale.
        let other = push_luck("farkle", &["goal=700"], None);
        std::fs::copy(&p, path(dir.path(), &other, 3)).expect("copies");
        let e = load(&other, 3, dir.path()).err().expect("refused").to_string();
        assert!(e.contains("stale") || e.contains("fingerprint"), "{e}");
        assert_ne!(spec(&game, 2).fingerprint, spec(&game, 3).fingerprint);
    }

    /// The fair head starts are the table's closest-to-even state among
    /// every head start (checked by brute force over the stored chances).
    #[test]
    fn fair_head_starts_are_the_closest_to_even() {
        let game = push_luck("farkle", &["goal=700"], None);
        let values = solve(&game, 3, &Silent).expect("solves");
        let (head, seats) = fair_head_starts(&values);
        let g = values.model.grid;
        let spread = |o: &[f64]| o.iter().map(|p| (p - 1.0 / 3.0).abs()).fold(0.0, f64::max);
        let found = spread(&seats);
        for b in 0..values.levels {
            for c in 0..values.levels {
                assert!(spread(&values.odds(&[0, b, c])) >= found, "{b} {c}");
            }
        }
        assert_eq!(values.odds(&[0, (head[0] / g) as usize, (head[1] / g) as usize])[..3], seats[..]);
        assert!(found < spread(&values.seats()), "a head start evens the game");
    }
}
