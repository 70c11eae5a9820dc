//! The games sixdice knows, as a front end lists them (`listing.rs` fills
//! them in from the registry and the games): each game's names, its
//! options with their allowed values (the form a house-rules editor is
//! built from), the variants `compare` sets beside it, and what its rules
//! (under the options chosen) let a question or a table hold.

use serde::Serialize;

use crate::vocabulary::Family;

/// One game, as its options make it: what a front end needs to ask about
/// it (its dice, its sheet, which questions its rules take) without
/// knowing any game by name.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameListing {
    pub id: &'static str,
    pub aliases: &'static [&'static str],
    pub family: Family,
    pub name: &'static str,
    pub summary: &'static str,
    /// The game with its options, e.g. `Farkle (goal=5000)`.
    pub title: String,
    /// Dice rolled at once.
    pub dice: usize,
    pub options: Vec<OptionListing>,
    /// The variants `compare` sets beside the base rules by default.
    pub compare_variants: &'static [&'static str],
    /// Category games: the score sheet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sheet: Option<SheetListing>,
    /// Dice set aside stay set aside (Six Hundred's locked dice): a
    /// question names them (`locked`), a session keeps them.
    pub locked_dice: bool,
    /// The rolls a turn has at most, when the rules count them (a
    /// question then says which roll it is); `None`: no limit.
    pub rolls: Option<u32>,
    /// The whole solve of the game's table takes longer than a front end
    /// starts unasked (hours of both cores).
    pub long_solve: bool,
    /// When `long_solve`: the seconds that solve is estimated to take on 2
    /// cores at the reference speed, the estimate the library's refusal of
    /// it ([`crate::Error::LongSolve`]) quotes; `None` otherwise.
    pub long_solve_seconds: Option<f64>,
    /// The command that makes the game's table (under the objective the
    /// listing is for: final score, or a push-your-luck game's turn
    /// score), e.g. `sixdice solve sixhundred -o card=short`.
    pub solve_command: String,
    /// Whether that table is in the tables directory and opens as this
    /// game's current table (what `info` reads; nothing is solved): only
    /// in a listing made for a tables directory ([`crate::describe_in`]),
    /// `None` (left out) elsewhere.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table_present: Option<bool>,
    /// The fields of an `advise` request this game takes under these rules
    /// (`farkles` only with the three-farkle penalty, `leftover` only with
    /// piggyback, ...), in the request's names.
    pub advise_fields: Vec<&'static str>,
    /// The players sixdice plays at this game's table (`play`).
    pub computer_players: Vec<ComputerListing>,
}

/// A category game's score sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SheetListing {
    /// The boxes in sheet order, as a sheet names them.
    pub boxes: Vec<BoxListing>,
    /// Entries of a sheet that are not boxes, each written `NAME=POINTS`
    /// (classic Yahtzee's `bonus`).
    pub entries: &'static [&'static str],
}

/// A box of a score sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoxListing {
    pub name: &'static str,
    /// Other spellings a sheet takes.
    pub aliases: &'static [&'static str],
}

/// A player sixdice plays.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ComputerListing {
    /// As a player list names it: `optimal`, `threshold=350`.
    pub name: String,
    /// What it plays for, in a few words.
    pub plays: &'static str,
}

/// One rule option.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OptionListing {
    pub name: &'static str,
    /// How it is written: `goal=N`, `piggyback[=return]`.
    pub usage: String,
    /// Its values in words: `N from 0 to 100000, default 750`.
    pub range: String,
    pub help: &'static str,
    /// The kind of value, for an editor: a switch (with its words), a
    /// number (with bounds and the value a bare name gives), or a choice.
    pub kind: OptionValue,
}

/// The value an option takes.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum OptionValue {
    Switch { words: &'static [&'static str] },
    Number { default: Option<i64>, min: i64, max: i64 },
    Choice { choices: &'static [&'static str], default: &'static str },
}
