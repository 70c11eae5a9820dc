//! How the binary says what went wrong: always one line.
//!
//! Library errors are phrased here for the command line: an error about one
//! part of a question names the flag that gave it (`--banked: ...`), and a
//! missing, damaged or stale table names the `sixdice solve` command that
//! makes it.

use solver::{Error, Field, TableError};

/// The flag that gives `field`.
fn flag(field: Field) -> &'static str {
    match field {
        Field::Dice => "--dice",
        Field::Roll => "--roll",
        Field::Sheet => "--sheet",
        Field::Banked => "--banked",
        Field::Score => "--score",
        Field::Opponent => "--opponent",
        Field::OpponentFarkles => "--opponent-farkles",
        Field::Farkles => "--farkles",
        Field::Ones => "--ones",
        Field::Leftover => "--leftover",
        Field::Inherited => "--inherited",
        Field::Held => "--held",
        Field::Locked => "--locked",
        Field::Games => "--games",
        Field::Players => "--players",
        Field::Thresholds => "--thresholds",
        Field::Decision => "--decision",
        // Decisions at the table are typed, not given as a flag.
        Field::Choice => "decision",
    }
}

/// `--flag: message`.
pub fn phrase_with_flag(flag: &str, message: &str) -> String {
    format!("{flag}: {message}")
}

/// A library error as a command-line error (`solve`: the command that
/// makes the table the command reads).
pub fn phrase(e: Error, solve: Option<&str>) -> anyhow::Error {
    if let Some(field) = e.field() {
        return anyhow::anyhow!("{}", phrase_with_flag(flag(field), &e.to_string()));
    }
    match (e.table_needs_regeneration(), solve) {
        (Some(TableError::Missing { .. }), Some(c)) => anyhow::anyhow!("{e}; create it with `{c}`"),
        (Some(_), Some(c)) => anyhow::anyhow!("{e}; regenerate it with `{c}`"),
        _ => anyhow::Error::new(e),
    }
}
