//! The games sixdice knows, as a front end lists them: each game's names,
//! its options with their allowed values (the form a house-rules editor is
//! built from), the variants `compare` sets beside it, and for category
//! games the boxes of the score sheet.

use serde::Serialize;

use crate::options::{OptionKind, OptionSpec};
use crate::registry::{resolve, GameEntry, GAMES};
use crate::report::Family;

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

impl OptionListing {
    fn of(spec: &OptionSpec) -> OptionListing {
        let kind = match spec.kind {
            OptionKind::Switch => OptionValue::Switch { words: &[] },
            OptionKind::SwitchOr { words } => OptionValue::Switch { words },
            OptionKind::Number { default, min, max } => OptionValue::Number { default, min, max },
            OptionKind::Choice { choices, default } => OptionValue::Choice { choices, default },
        };
        OptionListing { name: spec.name, usage: spec.usage(), range: spec.range(), help: spec.help, kind }
    }
}

impl GameListing {
    fn of(entry: &GameEntry) -> GameListing {
        let dice = resolve(entry.id, &[], None).map_or(0, |g| g.dice());
        GameListing {
            id: entry.id,
            aliases: entry.aliases,
            family: entry.family,
            name: entry.name,
            summary: entry.summary,
            dice,
            options: entry.options.iter().map(OptionListing::of).collect(),
            compare_variants: entry.compare_variants,
            boxes: entry.sheet_names().map(|s| s.boxes.iter().map(|(name, _)| *name).collect()),
        }
    }
}

/// Every game sixdice knows, in the registry's order.
pub fn games() -> Vec<GameListing> {
    GAMES.iter().map(GameListing::of).collect()
}
