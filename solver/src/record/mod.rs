//! Game records: a whole game as text a person can write at the table and
//! sixdice writes, for `play` to save and `review` to read.
//!
//! The format (`docs/records.md` describes it for players) is line based:
//! a version line, header lines (the game, its options or rules file, the
//! players, the seed), then one line per turn: the player's name, a colon,
//! and the turn's steps separated by `;`, each a roll and what was done
//! with it. `#` starts a comment, to the end of the line; blank lines and
//! comments are kept, so that a record read and written again keeps them.
//!
//! ```text
//! sixdice-record 1
//! game farkle
//! option three-farkle-penalty
//! players ann bob
//! ann: 112355 keep 1 roll; 23446 farkle
//! bob: 155234 keep 155 bank   # 200 points
//! ```
//!
//! This module is the record's shape and its text only: [`parse`] refuses
//! what is not a record (naming the line, the column and what was
//! expected), and [`Record`]'s `Display` writes the canonical text, which
//! parses back to the same record and writes again byte for byte. Whether
//! each decision is one the game's rules allow is the game session's
//! question, not the format's.

pub(crate) mod parse;
mod write;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

#[cfg(test)]
pub(crate) use parse::parse_record;
pub(crate) use parse::{parse_decision, parse_with_lines, valid_name, Claims, RecordLines, MAX_RECORD_BYTES};
pub(crate) use parse::{Decision, RecordError};

/// The record format's version, the number on its first line.
pub(crate) const RECORD_VERSION: u32 = 1;

/// A whole game: its header and its lines, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The game as named (an id or an alias).
    pub game: String,
    /// Rule options, each `NAME` or `NAME=VALUE`, in order.
    pub options: Vec<String>,
    /// A house-rules file, as written.
    pub rules: Option<String>,
    /// The players in seat order: names, or the players `simulate` knows
    /// (`optimal`, `ev`, `threshold=N`, `human`).
    pub players: Vec<String>,
    /// The seed sixdice rolled with, when it rolled.
    pub seed: Option<u64>,
    /// The lines after the header: turns, comments, blank lines.
    pub lines: Vec<Line>,
}

/// One line after the header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Line {
    Turn(Turn),
    /// A whole-line comment (the text after `#`).
    Comment {
        text: String,
    },
    Blank,
}

/// One player's turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub player: String,
    pub steps: Vec<Step>,
    /// A comment at the end of the line (the text after `#`).
    pub comment: Option<String>,
}

/// One step of a turn: a roll and what was done with it, or (first in a
/// push-your-luck turn) whether the previous player's leftover dice were
/// taken over.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "kebab-case")]
pub enum Step {
    /// The leftover dice and points were taken over (piggyback, go-for-it).
    Take,
    /// The leftover was declined: a fresh turn with every die.
    Fresh,
    /// Dice were rolled (faces in the order written) and `action` done.
    /// `real`: in a game sixdice rolls with its seed, these dice were
    /// rolled at the table and typed in (written `real 112355 ...`): the
    /// seed did not roll them, and a replay draws nothing for them.
    Roll {
        dice: Vec<u8>,
        action: Action,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        real: bool,
    },
    /// Push-your-luck, real dice: the turn entered by its result alone,
    /// the points banked (0: a farkle), written `points 450`. Its rolls
    /// and decisions were not typed, so nothing in it is judged.
    Points { points: i64 },
}

/// What was done with a roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Action {
    /// Nothing scored: the turn is over (push-your-luck).
    Farkle,
    /// Push-your-luck: these dice set aside, then roll the rest or bank.
    SetAside { dice: Vec<u8>, then: Then },
    /// Category games: these dice kept, the others rolled again.
    Keep { dice: Vec<u8> },
    /// Six Hundred: these dice locked, the others rolled again.
    Lock { dice: Vec<u8> },
    /// Category games: the roll scored in this box (its name as written).
    Score { category: String },
}

/// After a set-aside.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Then {
    Roll,
    Bank,
}

impl Record {
    /// The turns, in order.
    pub(crate) fn turns(&self) -> impl Iterator<Item = &Turn> {
        self.lines.iter().filter_map(|l| match l {
            Line::Turn(t) => Some(t),
            _ => None,
        })
    }

    pub(crate) fn turns_mut(&mut self) -> impl Iterator<Item = &mut Turn> {
        self.lines.iter_mut().filter_map(|l| match l {
            Line::Turn(t) => Some(t),
            _ => None,
        })
    }
}
