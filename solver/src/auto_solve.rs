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
//!
//! One solve at a time in a process ([`one_solve_at_a_time`]): a server
//! answering several requests that need the same missing table solves it
//! once; the others wait, then open the table the first one wrote. (One
//! at a time for every table, not only the same one: a solve already takes
//! every core.)

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
    open: impl Fn() -> Result<T, Error>,
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
            // Another caller may have made it while this one waited.
            one_solve_at_a_time(|| match open() {
                Err(Error::Table(TableError::Missing { .. })) => {
                    progress.note(&format!("no {} yet: solving it first ({time}, once)", m.what));
                    solve()
                }
                other => other,
            })
        }
        other => other,
    }
}

/// The process's solves, one at a time.
static SOLVING: std::sync::Mutex<()> = std::sync::Mutex::new(());

thread_local! {
    /// This thread is inside [`one_solve_at_a_time`] already (a solve that
    /// opens or solves another table on its way: no deadlock with itself).
    static HOLDING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` (a solve, with the check that its table is still missing)
/// while no other thread of the process solves: a second caller waits for
/// the first, then finds its table written. Re-entrant on one thread.
pub(crate) fn one_solve_at_a_time<R>(f: impl FnOnce() -> R) -> R {
    if HOLDING.with(std::cell::Cell::get) {
        return f();
    }
    // A solve that panicked leaves nothing half-written (tables are written
    // whole, then renamed), so its poisoned lock is taken over.
    let _guard = SOLVING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    HOLDING.with(|h| h.set(true));
    struct Release;
    impl Drop for Release {
        fn drop(&mut self) {
            HOLDING.with(|h| h.set(false));
        }
    }
    let _release = Release;
    f()
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

    /// Two threads asking for the same missing table at once: the first
    /// solves it, the second waits and opens what the first wrote; it is
    /// solved once. (Ordered by the threads' own steps, not by time: the
    /// first solve finishes only once the second has seen the table
    /// missing and gone to wait.)
    #[test]
    fn a_table_two_callers_need_is_solved_once() {
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
        let written = AtomicBool::new(false);
        let opens = AtomicUsize::new(0);
        let solves = AtomicUsize::new(0);
        let open = || {
            opens.fetch_add(1, Ordering::SeqCst);
            if written.load(Ordering::SeqCst) {
                Ok(1)
            } else {
                missing()
            }
        };
        let solve = || {
            solves.fetch_add(1, Ordering::SeqCst);
            // The first caller opened twice (before and under the lock);
            // wait for the second's first open (bounded: a hang detector).
            for _ in 0..2_000_000_000u64 {
                if opens.load(Ordering::SeqCst) >= 3 {
                    break;
                }
                std::thread::yield_now();
            }
            written.store(true, Ordering::SeqCst);
            Ok(1)
        };
        std::thread::scope(|scope| {
            let a = scope.spawn(|| open_or_solve(open, || making(1.0), solve, &Silent).unwrap());
            // The second starts once the first is solving.
            while solves.load(Ordering::SeqCst) == 0 {
                std::thread::yield_now();
            }
            let b = scope.spawn(|| open_or_solve(open, || making(1.0), solve, &Silent).unwrap());
            assert_eq!((a.join().unwrap(), b.join().unwrap()), (1, 1));
        });
        assert_eq!(solves.load(Ordering::SeqCst), 1, "solved once");
    }
}
