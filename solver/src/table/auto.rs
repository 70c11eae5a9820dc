//! Opening a table, or solving it on the spot when that is quick: the one
//! rule every command and session that needs values follows, whichever
//! kind of table it is (a category game's, the win table of two or of
//! three players).
//!
//! A missing table is solved first when its solve takes at most
//! [`AUTO_SOLVE_SECONDS`] at the reference speed (the 2-core development
//! machine on a quiet day): the decision does not move with the machine's
//! load, so the same question gets the same kind of answer on a busy
//! machine as on a quiet one, and no test depends on the machine's speed.
//! The time announced is this machine's own estimate. A longer solve is
//! refused with the command that makes the table and its time.

use crate::error::{Error, WinError};
use crate::progress::Progress;
use crate::table::TableError;

/// A missing table is solved on the spot when that takes at most this long
/// ("about a minute") at the reference speed.
pub(crate) const AUTO_SOLVE_SECONDS: f64 = 75.0;

/// What making a missing table takes.
pub(crate) struct Making {
    /// What it is, for the note: `win table for Farkle`.
    pub(crate) what: String,
    /// The solve's seconds at the reference speed (the decision).
    pub(crate) reference_seconds: f64,
    /// The solve's seconds on this machine now (the announcement; `None`:
    /// a few seconds, not estimated).
    pub(crate) seconds: Option<f64>,
    /// The command that makes it.
    pub(crate) command: String,
}

/// Opens a table (`open`); when it is missing and quick to make
/// (`making`, asked only then), says so through `progress` and makes it
/// with `solve` (which saves it where it can).
///
/// # Errors
/// A missing table that takes longer ([`WinError::NeedsSolve`]); what
/// `open` or `solve` return.
pub(crate) fn open_or_solve<T>(
    open: impl FnOnce() -> Result<T, Error>,
    making: impl FnOnce() -> Making,
    solve: impl FnOnce() -> Result<T, Error>,
    progress: &dyn Progress,
) -> Result<T, Error> {
    match open() {
        Err(Error::Table(TableError::Missing { .. })) => {
            let m = making();
            if m.reference_seconds > AUTO_SOLVE_SECONDS {
                let about = about(m.seconds.unwrap_or(m.reference_seconds));
                return Err(WinError::NeedsSolve { command: m.command, about }.into());
            }
            let time = m.seconds.map_or_else(|| "a few seconds".to_string(), |s| format!("about {}", about(s)));
            progress.note(&format!("no {} yet: solving it first ({time}, once)", m.what));
            solve()
        }
        other => other,
    }
}

/// A solve's time for people: `40 s`, `6 min`, `5.3 hours`.
pub(crate) fn about(seconds: f64) -> String {
    if seconds < 120.0 {
        format!("{seconds:.0} s")
    } else if seconds < 7200.0 {
        format!("{:.0} min", seconds / 60.0)
    } else {
        format!("{:.1} hours", seconds / 3600.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Silent;
    use std::cell::Cell;

    fn missing() -> Result<u32, Error> {
        Err(TableError::Missing { path: "t".into() }.into())
    }

    fn making(reference_seconds: f64) -> Making {
        Making {
            what: "a table".into(),
            reference_seconds,
            seconds: Some(3.0 * reference_seconds),
            command: "make".into(),
        }
    }

    #[test]
    fn a_missing_table_is_made_only_within_the_budget() {
        let solved = Cell::new(0);
        let solve = || {
            solved.set(solved.get() + 1);
            Ok(7)
        };
        assert_eq!(open_or_solve(missing, || making(AUTO_SOLVE_SECONDS), solve, &Silent).unwrap(), 7);
        let over = open_or_solve(missing, || making(AUTO_SOLVE_SECONDS + 1.0), solve, &Silent);
        assert!(matches!(over, Err(Error::Win(WinError::NeedsSolve { .. }))), "{over:?}");
        assert_eq!(solved.get(), 1, "over the budget nothing is solved");
        // An open table, or another error, is returned as it is.
        assert_eq!(open_or_solve(|| Ok(1), || unreachable!(), || unreachable!(), &Silent).unwrap(), 1);
        let other = open_or_solve(
            || Err::<u32, _>(Error::GameCount { games: 0, max: 1 }),
            || unreachable!(),
            || unreachable!(),
            &Silent,
        );
        assert!(other.is_err());
    }
}
