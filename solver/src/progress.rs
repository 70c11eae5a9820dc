//! Progress of long computations, as a callback.
//!
//! The library never draws anything: a solve reports what it is doing to a
//! [`Progress`] the caller passes in. The `sixdice` binary shows it as a
//! progress bar on stderr; tests and other front ends pass [`Silent`].

/// Receives progress reports. Every method has a do-nothing default.
pub trait Progress: Sync {
    /// A new stage starts: `what` is shown to people, `total` is the number
    /// of work units it has (0 when unknown).
    fn stage(&self, what: &str, total: u64) {
        let _ = (what, total);
    }
    /// `units` more units of the current stage are done.
    fn advance(&self, units: u64) {
        let _ = units;
    }
    /// A one-line remark for people (e.g. "solving first: no table yet").
    fn note(&self, text: &str) {
        let _ = text;
    }
    /// The work is done; hide any display.
    fn finish(&self) {}
}

/// Ignores all progress.
pub struct Silent;

impl Progress for Silent {}
