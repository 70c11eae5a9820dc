//! The library's progress callback on stderr: a progress bar per stage on a
//! terminal; otherwise (a log file, a pipe, CI) a plain line for every
//! stage that runs longer than a second.
//!
//! Plain lines come from a watcher thread rather than from `advance`,
//! because some stages never advance until they end (a fixed point, the
//! games behind a strategy sheet) and still deserve to be seen: once a
//! stage has run a second the watcher prints where it is and what is left,
//! again every half minute while it runs, and how long it took when it
//! ends. Every such line starts with `progress: `, so that a log reader can
//! tell them from notes and errors.

use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex, RwLock, Weak};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use solver::Progress;

/// How the progress is shown.
pub enum Bar {
    /// A progress bar per stage (stderr is a terminal).
    Terminal(RwLock<ProgressBar>),
    /// Plain lines (stderr is not a terminal).
    Plain(Arc<Mutex<Option<Stage>>>),
    /// Nothing but notes (`--quiet`).
    Quiet,
}

/// The stage under way, for plain lines.
pub struct Stage {
    what: String,
    total: u64,
    done: u64,
    started: Instant,
    /// When its last plain line was printed (`None`: not yet).
    shown: Option<Instant>,
}

/// A stage shorter than this prints no plain line.
const FIRST_LINE_AFTER: Duration = Duration::from_secs(1);
/// The share of a stage done before its time left is guessed.
const ETA_FROM: f64 = 0.1;
/// While a stage runs, a plain line this often.
const LINE_EVERY: Duration = Duration::from_secs(30);

impl Bar {
    pub fn new(quiet: bool) -> Bar {
        if quiet {
            Bar::Quiet
        } else if std::io::stderr().is_terminal() {
            Bar::Terminal(RwLock::new(ProgressBar::hidden()))
        } else {
            let current = Arc::new(Mutex::new(None));
            let watched = Arc::downgrade(&current);
            // The watcher ends with the `Bar` (its weak pointer fails).
            std::thread::spawn(move || watch(&watched));
            Bar::Plain(current)
        }
    }
}

/// Every quarter of a second, prints a line for the current stage when it
/// is due.
fn watch(current: &Weak<Mutex<Option<Stage>>>) {
    loop {
        std::thread::sleep(Duration::from_millis(250));
        let Some(current) = current.upgrade() else { return };
        let mut slot = lock(&current);
        if let Some(stage) = slot.as_mut() {
            let due = match stage.shown {
                None => stage.started.elapsed() >= FIRST_LINE_AFTER,
                Some(at) => at.elapsed() >= LINE_EVERY,
            };
            if due {
                line(&running(stage, stage.started.elapsed()));
                stage.shown = Some(Instant::now());
            }
        }
    }
}

/// Where a running stage is: done of total (when known), time so far and
/// the time left at the rate so far (once a tenth is done).
fn running(s: &Stage, elapsed: Duration) -> String {
    let elapsed = elapsed.as_secs_f64();
    let mut text = format!("progress: {}: ", s.what);
    if s.total > 0 {
        let share = s.done as f64 / s.total as f64;
        text += &format!("{:.0}% ({}/{}), ", 100.0 * share, s.done, s.total);
        text += &format!("{} so far", seconds(elapsed));
        // The rate of the first few percent says little (a penalty sweep's
        // first states go twice as fast as its average): no time left is
        // guessed before a tenth is done.
        if share >= ETA_FROM && s.done < s.total {
            text += &format!(", about {} left", seconds(elapsed * (1.0 - share) / share));
        }
    } else {
        text += &format!("{} so far", seconds(elapsed));
    }
    text
}

/// A duration for people: `12 s`, `3.4 min`.
fn seconds(s: f64) -> String {
    if s < 120.0 {
        format!("{s:.0} s")
    } else {
        format!("{:.1} min", s / 60.0)
    }
}

/// One line on stderr (its parts escaped by the caller).
fn line(text: &str) {
    let _ = writeln!(std::io::stderr(), "{text}");
}

/// Ends the plain stage in `slot`: says how long it took if it was shown.
fn end_plain(slot: &mut Option<Stage>) {
    if let Some(s) = slot.take() {
        if s.shown.is_some() {
            line(&format!("progress: {}: done in {}", s.what, seconds(s.started.elapsed().as_secs_f64())));
        }
    }
}

/// The current stage (a panic elsewhere while printing leaves it usable).
fn lock(current: &Mutex<Option<Stage>>) -> std::sync::MutexGuard<'_, Option<Stage>> {
    current.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Progress for Bar {
    fn stage(&self, what: &str, total: u64) {
        match self {
            Bar::Terminal(bar) => {
                // The old bar is cleared before the new one draws: two bars
                // drawn at once (no MultiProgress) leave lines behind.
                let mut slot = bar.write().expect("progress lock");
                slot.finish_and_clear();
                let pb = ProgressBar::new(total);
                pb.set_style(
                    ProgressStyle::with_template(
                        "{msg} [{bar:30}] {human_pos}/{human_len} {rate} {elapsed_precise} eta {eta}",
                    )
                    .expect("valid template")
                    // indicatif's own {per_sec} prints fractions of a state; whole states read better.
                    .with_key("rate", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{:.0}/s", s.per_sec());
                    })
                    .progress_chars("=> "),
                );
                pb.set_message(what.to_string());
                *slot = pb;
            }
            Bar::Plain(current) => {
                let mut slot = lock(current);
                end_plain(&mut slot);
                let what = userio::Escaped(what).to_string();
                *slot = Some(Stage { what, total, done: 0, started: Instant::now(), shown: None });
            }
            Bar::Quiet => {}
        }
    }

    fn advance(&self, units: u64) {
        match self {
            Bar::Terminal(bar) => bar.read().expect("progress lock").inc(units),
            Bar::Plain(current) => {
                if let Some(s) = lock(current).as_mut() {
                    s.done += units;
                }
            }
            Bar::Quiet => {}
        }
    }

    fn note(&self, text: &str) {
        // A note is worth showing even when no bar is (a solve may take seconds).
        let text = format!("note: {}", userio::Escaped(text));
        match self {
            Bar::Terminal(bar) => bar.read().expect("progress lock").suspend(|| line(&text)),
            Bar::Plain(current) => {
                let _held = lock(current);
                line(&text);
            }
            Bar::Quiet => line(&text),
        }
    }

    fn finish(&self) {
        match self {
            Bar::Terminal(bar) => bar.read().expect("progress lock").finish_and_clear(),
            Bar::Plain(current) => end_plain(&mut lock(current)),
            Bar::Quiet => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stage(total: u64, done: u64) -> Stage {
        Stage { what: "pairs of totals".into(), total, done, started: Instant::now(), shown: None }
    }

    /// The line is a function of the stage and the time it has run, given
    /// here: no clock is read.
    #[test]
    fn a_running_stage_says_where_it_is_and_what_is_left() {
        let secs = Duration::from_secs;
        assert_eq!(
            running(&stage(100, 25), secs(10)),
            "progress: pairs of totals: 25% (25/100), 10 s so far, about 30 s left"
        );
        // Less than a tenth done, or no count: no time left is guessed.
        assert_eq!(running(&stage(100, 0), secs(3)), "progress: pairs of totals: 0% (0/100), 3 s so far");
        assert_eq!(running(&stage(100, 9), secs(3)), "progress: pairs of totals: 9% (9/100), 3 s so far");
        assert_eq!(running(&stage(0, 0), secs(200)), "progress: pairs of totals: 3.3 min so far");
    }
}
