//! Errors of game sessions and records read against the rules.

use crate::record::RecordError;

/// A decision, a roll or a record that the game's rules do not allow, or a
/// record whose header does not make a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// A move the rules forbid here (`why` says what and why).
    #[error("{0}")]
    Illegal(String),
    /// Typed words that are not a decision.
    #[error("{0}")]
    Words(RecordError),
    /// A record's line breaks the rules.
    #[error("line {line}: {why}")]
    AtLine { line: usize, why: String },
    /// The record's header names no game sixdice knows, or options it refuses.
    #[error("line {line}: {why}")]
    Header { line: usize, why: String },
    #[error("the game is over")]
    Over,
    #[error("{players} players: a game has 1 to {most}")]
    PlayerCount { players: usize, most: usize },
    #[error("`{name}` is not a player sixdice can play{why}")]
    Computer { name: String, why: String },
    #[error("seat {seat} is a person's: sixdice does not move for them")]
    PersonSeat { seat: usize },
}
