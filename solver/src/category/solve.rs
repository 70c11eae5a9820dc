//! The level-by-level solve of a whole category game, and its table file.
//!
//! States with every box filled are worth 0 (bonuses are paid when earned).
//! Level `k` (masks with `k` boxes filled) needs only level `k + 1`, so the
//! solve walks down from the full sheet; within a level the masks are
//! independent and run in parallel (rayon), each mask's lanes together.

use std::path::{Path, PathBuf};
use std::time::Instant;

use indicatif::ProgressBar;
use rayon::prelude::*;

use super::game::Game;
use super::turn::{Scratch, TurnModel};
use crate::table::{fingerprint, write_table, Table, TableError, TableSpec, Verify};

/// A solved game: the value (expected points still to come) of every
/// reachable turn-start state, in [`super::states::StateIndex`] order.
pub struct Solution {
    /// Exact DP values (f64; the table stores them as f32).
    pub values: Vec<f64>,
    /// Optimal expected final score of a new game.
    pub expected: f64,
    pub seconds: f64,
}

/// Solves `game` exactly. `progress` is advanced once per mask.
pub fn solve(model: &TurnModel, progress: &ProgressBar) -> Solution {
    let start = Instant::now();
    let index = &model.index;
    let ncat = index.categories();
    let mut values = vec![0f64; index.len() as usize];
    progress.set_length(1 << ncat);
    progress.inc(1); // the full sheet: all zeros
    for level in (0..ncat).rev() {
        let masks = index.level(level);
        let results: Vec<Vec<f64>> = masks
            .par_iter()
            .map_init(Scratch::default, |scratch, &mask| {
                let lanes: Vec<usize> = (0..index.lanes(mask)).collect();
                let mut out = vec![0f64; lanes.len()];
                model.solve_mask(values.as_slice(), mask, &lanes, scratch, &mut out);
                progress.inc(1);
                out
            })
            .collect();
        for (&mask, vals) in masks.iter().zip(results) {
            let at = index.offset(mask);
            values[at..at + vals.len()].copy_from_slice(&vals);
        }
    }
    let expected = values[index.offset(0)];
    Solution { values, expected, seconds: start.elapsed().as_secs_f64() }
}

/// File name of a game's table inside the tables directory, e.g.
/// `yahtzee.joker=forced.sixdice`.
pub fn table_path(dir: &Path, game: &Game) -> PathBuf {
    let mut name = game.id.to_string();
    for o in &game.options {
        name.push('.');
        name.push_str(o);
    }
    dir.join(format!("{name}.sixdice"))
}

/// What a valid table of `game` must look like.
pub fn table_spec(model: &TurnModel) -> TableSpec {
    TableSpec {
        game: model.game.id.to_string(),
        fingerprint: fingerprint(&model.game.canonical_rules()),
        shape: vec![model.index.len()],
    }
}

/// Writes a solution as the game's table; returns the path.
pub fn save(dir: &Path, model: &TurnModel, sol: &Solution) -> Result<PathBuf, TableError> {
    let path = table_path(dir, model.game);
    let meta = serde_json::json!({
        "kind": "category",
        "game": model.game.id,
        "title": model.game.title,
        "options": model.game.options,
        "expected_score": sol.expected,
        "states": model.index.len(),
        "solve_seconds": sol.seconds,
        "sixdice_version": env!("CARGO_PKG_VERSION"),
    });
    let stored: Vec<f32> = sol.values.iter().map(|&v| v as f32).collect();
    write_table(&path, &table_spec(model), &meta, &stored)?;
    Ok(path)
}

/// Opens the game's table from `dir`, checking it against the rules.
pub fn open(dir: &Path, model: &TurnModel) -> Result<Table, TableError> {
    Table::open(&table_path(dir, model.game), &table_spec(model), Verify::Auto)
}
