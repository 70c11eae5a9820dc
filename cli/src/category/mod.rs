//! Commands for category (score-sheet) games.

pub mod advise;
pub mod info;
pub mod solve;

use anyhow::Context;
use solver::category::{game::Game, games};
use solver::table::TableError;

use crate::args::GameSel;

/// Builds the game from its name and `-o` options (house-rules files are for
/// push-your-luck games only).
pub fn game(name: &str, sel: &GameSel) -> anyhow::Result<Game> {
    if sel.rules_file.is_some() {
        anyhow::bail!("--rules files are for push-your-luck games; `{name}` takes -o options (see README)");
    }
    Ok(games::build(name, &sel.options)?)
}

/// The `sixdice solve ...` command line that regenerates `game`'s table.
pub fn solve_command(game: &Game) -> String {
    let mut cmd = format!("sixdice solve {}", game.id);
    for o in &game.options {
        cmd.push_str(&format!(" -o {o}"));
    }
    cmd
}

/// Adds the "how to regenerate" hint to a table error.
pub fn table_error(e: TableError, game: &Game) -> anyhow::Error {
    if e.needs_regeneration() {
        anyhow::anyhow!("{e}; regenerate it with `{}`", solve_command(game))
    } else {
        anyhow::Error::new(e).context("cannot read table")
    }
}

