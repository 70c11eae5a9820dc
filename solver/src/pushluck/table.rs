//! Push-your-luck table files: the expected-turn-score values of every
//! decision state, for each table variant, and the solve-and-save and
//! open-and-check steps behind `solve` and `info`.
//!
//! Layout: `[variant][level][context]`, turn total = `level * grid`; the
//! variants are those of [`table_variants`].

use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::Serialize;

use super::model::Params;
use super::rules::RuleSet;
use super::PushLuckGame;
use crate::error::Error;
use crate::progress::Progress;
use crate::report::{Objective, Solved, TableFile, TableReport, VariantValue};
use crate::table::{self, fingerprint, write_table, Table, TableSpec, Verify};

/// Version of the solver's table layout and semantics, part of every fingerprint.
pub const SOLVER_VERSION: u32 = 2;

/// The turn parameters a table holds, with their names: on and off the
/// board, and with the penalty rule also "a farkle now is the third in a
/// row". A player with no game total given is a whole goal away.
pub fn table_variants(rules: &RuleSet) -> Vec<(String, Params)> {
    let base = Params { on_board: true, last_chance: false, goal_left: rules.game.goal };
    let mut v =
        vec![("on the board".to_string(), base), ("off the board".to_string(), Params { on_board: false, ..base })];
    if rules.turn.three_farkle_penalty > 0 {
        v.push(("on the board, two farkles in a row".into(), Params { last_chance: true, ..base }));
        v.push(("off the board, two farkles in a row".into(), Params { on_board: false, last_chance: true, ..base }));
    }
    v
}

/// What the fingerprint of a push-your-luck table covers.
#[derive(Serialize)]
struct Canonical<'a> {
    solver: u32,
    objective: Objective,
    game: &'a str,
    rules: &'a RuleSet,
}

/// Fingerprint of `game`'s rules under the expected-turn-score objective.
fn rules_fingerprint(game: &PushLuckGame) -> u64 {
    fingerprint(&Canonical {
        solver: SOLVER_VERSION,
        objective: Objective::TurnScore,
        game: game.id,
        rules: &game.rules,
    })
}

/// What a valid table of `game` must look like (shape from the header).
pub fn table_spec(game: &PushLuckGame) -> TableSpec {
    TableSpec { game: game.id.to_string(), fingerprint: rules_fingerprint(game), shape: None }
}

/// File of the game's table in `dir`: `farkle.sixdice`,
/// `farkle.vant-hof-6=3000.sixdice`, or `farkle.rules-HASH.sixdice` under a
/// house-rules file.
pub fn table_path(dir: &Path, game: &PushLuckGame) -> PathBuf {
    let hash = game.rules_file.is_some().then(|| rules_fingerprint(game));
    dir.join(table::file_name(game.id, &game.options, hash))
}

/// Solves every table variant of `game` and writes the table into `dir`.
pub fn solve_and_save(game: &PushLuckGame, dir: &Path, progress: &dyn Progress) -> Result<TableReport, Error> {
    let started = Instant::now();
    let variants = table_variants(&game.rules);
    progress.stage(&format!("solving {}", game.title()), variants.len() as u64);
    let model = game.model();
    let params: Vec<Params> = variants.iter().map(|(_, p)| *p).collect();
    let sols = model.solve_all(&params)?;
    progress.advance(variants.len() as u64);
    progress.finish();
    let levels = sols.iter().map(super::solution::Solution::levels).max().unwrap_or(1);
    let contexts = model.contexts();
    #[allow(clippy::cast_possible_truncation)] // tables store f32 on purpose
    let data: Vec<f32> = sols.iter().flat_map(|s| s.table_values(levels)).map(|v| v as f32).collect();
    let shape = vec![sols.len() as u64, levels as u64, contexts as u64];
    let solve_seconds = started.elapsed().as_secs_f64();
    let solved = Solved {
        game: game.reference(),
        objective: Objective::TurnScore,
        expected_score: sols[0].start_value(),
        variants: variants
            .iter()
            .zip(&sols)
            .map(|((name, _), s)| VariantValue {
                variant: name.clone(),
                expected_score: s.start_value(),
                bank_always_from: Some(s.top),
            })
            .collect(),
        states: data.len() as u64,
        solve_seconds,
        layout: format!("[variant][level: turn total = level * {}][context]; {}", model.grid, model.context_layout()),
        sixdice_version: env!("CARGO_PKG_VERSION").into(),
    };
    let path = table_path(dir, game);
    let spec = TableSpec { shape: Some(shape.clone()), ..table_spec(game) };
    write_table(&path, &spec, &solved, &data)?;
    Ok(TableReport { table: TableFile::written(&path, shape), solved, max_score: None, levels: vec![] })
}

/// `info`: the facts of an existing table, without solving anything.
pub fn info(dir: &Path, game: &PushLuckGame, verify: Verify) -> Result<TableReport, Error> {
    let table = Table::open(&table_path(dir, game), &table_spec(game), verify)?;
    let solved = table.meta::<Solved>()?;
    Ok(TableReport { table: TableFile::of(&table), solved, max_score: None, levels: vec![] })
}
