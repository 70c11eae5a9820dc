//! How the binary says what went wrong: always one line.
//!
//! Library errors are phrased here for the command line: an error about one
//! part of a question names the flag that gave it (`--banked: ...`), and a
//! missing, damaged or stale table names the `sixdice solve` command that
//! makes it.

use solver::error::{Error, Field};
use solver::registry::GameRef;
use solver::table::TableError;

/// The flag that gives `field`.
fn flag(field: Field) -> &'static str {
    match field {
        Field::Dice => "--dice",
        Field::Roll => "--roll",
        Field::Sheet => "--sheet",
        Field::Banked => "--banked",
        Field::Score => "--score",
        Field::Farkles => "--farkles",
        Field::Ones => "--ones",
        Field::Leftover => "--leftover",
        Field::Locked => "--locked",
    }
}

/// `--flag: message`.
pub fn phrase_with_flag(flag: &str, message: &str) -> String {
    format!("{flag}: {message}")
}

/// A library error as a command-line error (`game`: the game it concerns).
pub fn phrase(e: Error, game: Option<&GameRef>) -> anyhow::Error {
    if let Some(field) = e.field() {
        return anyhow::anyhow!("{}", phrase_with_flag(flag(field), &e.to_string()));
    }
    match (e.table_needs_regeneration(), game) {
        (Some(TableError::Missing { .. }), Some(g)) => anyhow::anyhow!("{e}; create it with `{}`", g.solve_command()),
        (Some(_), Some(g)) => anyhow::anyhow!("{e}; regenerate it with `{}`", g.solve_command()),
        _ => anyhow::Error::new(e),
    }
}
