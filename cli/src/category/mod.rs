//! Commands for category (score-sheet) games.

pub mod advise;
pub mod info;
pub mod solve;

use solver::category::{game::Game, games, solve as csolve, turn::TurnModel};
use solver::table::{Table, TableError};

use crate::args::{Cli, GameSel};
use crate::output::progress_bar;

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

/// Adds the `sixdice solve` command that fixes a table error.
pub fn table_error(e: TableError, game: &Game) -> anyhow::Error {
    crate::output::table_error(e, &solve_command(game))
}

/// Solves and saves the game's table, with a progress bar on stderr.
pub fn solve_and_save(cli: &Cli, model: &TurnModel) -> anyhow::Result<(csolve::Solution, std::path::PathBuf)> {
    let pb = progress_bar(0, &format!("solving {}", model.game.title));
    let sol = csolve::solve(model, &pb);
    pb.finish_and_clear();
    let path = csolve::save(&cli.tables, model, &sol)?;
    Ok((sol, path))
}

/// Opens the game's table; when there is none yet, solves the game first
/// (every category game here solves in a few seconds).
pub fn open_or_solve(cli: &Cli, model: &TurnModel) -> anyhow::Result<Table> {
    match csolve::open(&cli.tables, model) {
        Ok(t) => Ok(t),
        Err(TableError::Missing { path }) => {
            eprintln!("note: no table at {}; solving {} now (a few seconds)", path.display(), model.game.title);
            solve_and_save(cli, model)?;
            csolve::open(&cli.tables, model).map_err(|e| table_error(e, model.game))
        }
        Err(e) => Err(table_error(e, model.game)),
    }
}
