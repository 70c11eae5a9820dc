//! The library's progress callback as a progress bar on stderr, hidden when
//! stderr is not a terminal.

use std::io::IsTerminal;
use std::sync::RwLock;

use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use solver::Progress;

/// A progress bar per stage.
pub struct Bar {
    bar: RwLock<ProgressBar>,
    visible: bool,
}

impl Bar {
    pub fn new() -> Bar {
        Bar { bar: RwLock::new(ProgressBar::hidden()), visible: std::io::stderr().is_terminal() }
    }
}

impl Progress for Bar {
    fn stage(&self, what: &str, total: u64) {
        if !self.visible {
            return;
        }
        let pb = ProgressBar::new(total);
        pb.set_style(
            ProgressStyle::with_template("{msg} [{bar:30}] {human_pos}/{human_len} {rate} {elapsed_precise} eta {eta}")
                .expect("valid template")
                // indicatif's own {per_sec} prints fractions of a state; whole states read better.
                .with_key("rate", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.0}/s", s.per_sec());
                })
                .progress_chars("=> "),
        );
        pb.set_message(what.to_string());
        let mut slot = self.bar.write().expect("progress lock");
        slot.finish_and_clear();
        *slot = pb;
    }

    fn advance(&self, units: u64) {
        self.bar.read().expect("progress lock").inc(units);
    }

    fn note(&self, text: &str) {
        // A note is worth showing even when no bar is (a solve may take seconds).
        let text = format!("note: {}", solver::Escaped(text));
        self.bar.read().expect("progress lock").suspend(|| {
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "{text}");
        });
    }

    fn finish(&self) {
        self.bar.read().expect("progress lock").finish_and_clear();
    }
}
