//! The library's error type: one enum over every module's typed errors.
//!
//! Messages are one line, in the games' own words (no command-line flags:
//! a front end phrases those, using [`Error::field`] to learn which part of
//! a question was wrong). Anything a message echoes from the user is escaped
//! ([`crate::text::Quoted`]).

use crate::category::advise::AdviseError;
use crate::category::sheet::SheetError;
use crate::dice::DiceError;
use crate::files::FileError;
use crate::limits::TooLarge;
use crate::options::OptionError;
use crate::pushluck::rules::RulesError;
use crate::pushluck::situation::SituationError;
use crate::pushluck::TurnError;
use crate::registry::{Family, GameError};
use crate::table::TableError;

/// Which part of a question an error is about: a front end names it (the
/// CLI as the flag that gave it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// The dice just rolled.
    Dice,
    /// Which roll of the turn.
    Roll,
    /// A category game's score sheet.
    Sheet,
    /// Push-your-luck: turn points at stake.
    Banked,
    /// Push-your-luck: the player's game total.
    Score,
    /// Push-your-luck: the opponent's game total (win objective).
    Opponent,
    /// Push-your-luck: the opponent's farkles in a row (win objective).
    OpponentFarkles,
    /// Push-your-luck: farkles in a row so far.
    Farkles,
    /// Push-your-luck: 1s set aside this turn (Van't Hof).
    Ones,
    /// Push-your-luck: the previous player's leftover dice.
    Leftover,
    /// Locked dice rule: dice locked before this roll.
    Locked,
}

/// Everything that can go wrong in the library.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Game(#[from] GameError),
    #[error(transparent)]
    Option(#[from] OptionError),
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error("rules file {0}")]
    File(#[from] FileError),
    #[error(transparent)]
    Dice(#[from] DiceError),
    #[error(transparent)]
    Sheet(#[from] SheetError),
    #[error(transparent)]
    Advise(#[from] AdviseError),
    #[error(transparent)]
    Situation(#[from] SituationError),
    #[error(transparent)]
    Turn(#[from] TurnError),
    #[error(transparent)]
    Table(#[from] TableError),
    #[error(transparent)]
    Simulate(#[from] crate::category::simulate::SimulateError),
    #[error(transparent)]
    Players(#[from] crate::pushluck::simulate::PlayersError),
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    #[error(transparent)]
    Win(#[from] crate::pushluck::win::WinError),
    #[error("{what} is for {}s; {game} is a {}", .for_family.describe(), .family.describe())]
    WrongFamily { what: &'static str, game: String, family: Family, for_family: Family },
    /// The `rules` command asked of a category game, which has no rules
    /// file to print.
    #[error("the `rules` command is for push-your-luck games; {game} is a category game, whose variants are options")]
    NoRulesFile { game: String },
}

impl Error {
    /// `what` asked of `game`, which is of the other family.
    pub fn wrong_family(
        what: &'static str,
        game: &crate::registry::Game,
        for_family: crate::registry::Family,
    ) -> Error {
        Error::WrongFamily { what, game: game.reference().title, family: game.family(), for_family }
    }

    /// The part of a question this error is about, if it is about one.
    pub fn field(&self) -> Option<Field> {
        match self {
            Error::Dice(_) => Some(Field::Dice),
            Error::Sheet(_) => Some(Field::Sheet),
            Error::Advise(e) => e.field(),
            Error::Situation(e) => Some(e.field()),
            _ => None,
        }
    }

    /// A table error that solving again would fix (missing, damaged, stale).
    pub fn table_needs_regeneration(&self) -> Option<&TableError> {
        match self {
            Error::Table(t) if t.needs_regeneration() => Some(t),
            _ => None,
        }
    }
}
