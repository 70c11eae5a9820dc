//! The games sixdice knows, as a front end lists them: each game's names,
//! its options with their allowed values, the variants `compare` sets
//! beside it, and for category games the boxes of the score sheet; read
//! from the registry and the games themselves, so no front end keeps a
//! list of its own.

use crate::options::{OptionKind, OptionSpec};
use crate::registry::{resolve, GameEntry, GAMES};
use crate::report::{GameListing, OptionListing, OptionValue};

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
