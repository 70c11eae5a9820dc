//! What can be wrong with a game's name or its house rules.

use crate::vocabulary::Family;
use userio::Quoted;

/// Why a game could not be resolved.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum GameError {
    #[error("unknown game {}; games: {}", Quoted(.name), .known.join(", "))]
    Unknown { name: String, known: Vec<String> },
    #[error("{game} is a {family} and takes no rules file (its variants are options)", family = .family.describe())]
    RulesFileNotSupported { game: String, family: Family },
}
