//! The games sixdice knows, as a front end lists them (`listing.rs`
//! fills them in from the registry): each game's names,
//! its options with their allowed values (the form a house-rules editor is
//! built from), the variants `compare` sets beside it, and for category
//! games the boxes of the score sheet.

use serde::Serialize;

use crate::vocabulary::Family;

/// One game of the registry.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameListing {
    pub id: &'static str,
    pub aliases: &'static [&'static str],
    pub family: Family,
    pub name: &'static str,
    pub summary: &'static str,
    /// Dice rolled at once (under the default options).
    pub dice: usize,
    pub options: Vec<OptionListing>,
    /// The variants `compare` sets beside the base rules by default.
    pub compare_variants: &'static [&'static str],
    /// Category games: the boxes of the score sheet in order (under the
    /// default options), as the sheet syntax names them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub boxes: Option<Vec<&'static str>>,
}

/// One rule option.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OptionListing {
    pub name: &'static str,
    /// How it is written: `goal=N`, `piggyback[=return]`.
    pub usage: String,
    /// Its values in words: `N in 0..=100000, default 750`.
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
