//! How the binary says what went wrong: always one line.
//!
//! Library errors are phrased here for the command line: an error about one
//! part of a question names the flag that gave it (`--banked: ...`), and a
//! missing, damaged or stale table names the `sixdice solve` command that
//! makes it.

use solver::{Error, Field, TableError};

/// The flag that gives `field`, as the message's prefix; `None` where the
/// message names its subject itself (an unknown game or option, a rules
/// file, a record).
fn flag(field: Field) -> Option<String> {
    match field {
        Field::Game | Field::Option | Field::Rules | Field::Record => None,
        // Decisions at the table are typed, not given as a flag.
        Field::Choice | Field::Points => Some(field.name().into()),
        // `review --all` and `advise --dice` are the flags of these.
        field => Some(format!("--{}", field.name())),
    }
}

/// `--flag: message`.
pub fn phrase_with_flag(flag: &str, message: &str) -> String {
    format!("{flag}: {message}")
}

/// A library error as a command-line error (`solve`: the command that
/// makes the table the command reads).
pub fn phrase(e: Error, solve: Option<&str>) -> anyhow::Error {
    if let Some(flag) = e.field().and_then(flag) {
        return anyhow::anyhow!("{}", phrase_with_flag(&flag, &e.to_string()));
    }
    match (e.table_needs_regeneration(), solve) {
        (Some(TableError::Missing { .. }), Some(c)) => anyhow::anyhow!("{e}; create it with `{c}`"),
        (Some(_), Some(c)) => anyhow::anyhow!("{e}; regenerate it with `{c}`"),
        _ => anyhow::Error::new(e),
    }
}
