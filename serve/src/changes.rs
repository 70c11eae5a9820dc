//! A game's changes, as the phones following it see them: a version that
//! every move raises, the events each move made, and a signal to wake the
//! followers ([`crate::follow`]).
//!
//! The version orders what a phone following the game gets (which move's
//! state is newer). Versions start from the clock in milliseconds when a
//! game comes into memory (made, or resumed after a restart) and rise by
//! one a move, so the states of a resumed game come after those a phone
//! saw before the restart. (Whether a phone's move is made on the state
//! it showed is the position's business, in `play.rs`.)

use std::collections::VecDeque;
use std::time::{SystemTime, UNIX_EPOCH};

use solver::Event;
use tokio::sync::watch;

use crate::limits::FOLLOW_EVENTS;

/// See the module docs.
pub(crate) struct Changes {
    version: u64,
    /// The events of the latest moves, each with the version it made.
    log: VecDeque<(u64, Event)>,
    tx: watch::Sender<u64>,
}

impl Changes {
    pub(crate) fn new() -> Changes {
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
        let version = u64::try_from(now.as_millis()).unwrap_or(u64::MAX >> 1);
        Changes { version, log: VecDeque::new(), tx: watch::channel(version).0 }
    }

    pub(crate) fn version(&self) -> u64 {
        self.version
    }

    /// A move: the version raised, its events kept (the oldest dropped
    /// beyond [`FOLLOW_EVENTS`]), the followers woken.
    pub(crate) fn note(&mut self, events: &[Event]) {
        self.version += 1;
        for e in events {
            self.log.push_back((self.version, e.clone()));
        }
        while self.log.len() > FOLLOW_EVENTS {
            self.log.pop_front();
        }
        self.tx.send_replace(self.version);
    }

    /// The events of the moves after version `seen`: none for a follower
    /// that saw nothing yet (it starts from the state), or one that saw a
    /// version this game never had in memory (before a restart).
    pub(crate) fn since(&self, seen: Option<u64>) -> Vec<Event> {
        match seen {
            Some(v) if v <= self.version => self.log.iter().filter(|(at, _)| *at > v).map(|(_, e)| e.clone()).collect(),
            _ => vec![],
        }
    }

    /// Wakes at every move; ends when the game leaves memory.
    pub(crate) fn subscribe(&self) -> watch::Receiver<u64> {
        self.tx.subscribe()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rolled(seat: usize) -> Event {
        Event::Rolled { seat, player: "ann".into(), dice: vec![1], farkle: false, text: "ann rolls 1".into() }
    }

    #[test]
    fn a_follower_gets_the_events_it_has_not_seen() {
        let mut c = Changes::new();
        let start = c.version();
        let mut rx = c.subscribe();
        c.note(&[rolled(0), rolled(1)]);
        c.note(&[]);
        c.note(&[rolled(2)]);
        assert!(rx.has_changed().unwrap());
        assert_eq!(*rx.borrow_and_update(), start + 3);
        assert_eq!(c.since(Some(start)).len(), 3);
        assert_eq!(c.since(Some(start + 1)), vec![rolled(2)]);
        assert!(c.since(Some(start + 3)).is_empty());
        assert!(c.since(None).is_empty());
        assert!(c.since(Some(start + 4)).is_empty(), "a version from before a restart");
    }

    #[test]
    fn the_log_is_bounded() {
        let mut c = Changes::new();
        let start = c.version();
        for _ in 0..FOLLOW_EVENTS + 10 {
            c.note(&[rolled(0)]);
        }
        assert_eq!(c.since(Some(start)).len(), FOLLOW_EVENTS);
    }
}
