//! The library's error type: one enum over every module's typed errors.
//!
//! Messages are one line, in the games' own words (no command-line flags:
//! a front end phrases those, using [`Error::field`] to learn which part of
//! a question was wrong). Anything a message echoes from the user is escaped
//! ([`userio::Quoted`]).

mod category;
mod field;
mod game;
mod pushluck;
mod request;
mod review;
mod session;

pub use crate::computer::PlayersError;
pub use category::{AdviseError, BonusProblem, SheetError, SimulateError, SolveNeeds};
pub use field::Field;
pub use game::GameError;
pub use pushluck::{RulesError, SituationError, TurnError, WinError};
pub use request::RequestError;
pub use review::ReviewError;
pub use session::{Refusal, SessionError};

use crate::dice::DiceError;
use crate::limits::TooLarge;
use crate::options::OptionError;
use crate::table::TableError;
use crate::vocabulary::Family;
use userio::FileError;

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
    Simulate(#[from] SimulateError),
    #[error(transparent)]
    Players(#[from] PlayersError),
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    #[error(transparent)]
    Win(#[from] WinError),
    #[error(transparent)]
    Session(#[from] SessionError),
    #[error(transparent)]
    Review(#[from] ReviewError),
    #[error(transparent)]
    Request(#[from] RequestError),
    #[error(transparent)]
    Record(#[from] crate::record::RecordError),
    #[error("record file {0}")]
    RecordFile(FileError),
    #[error("{what} is for {}s; {game} is a {}", .for_family.describe(), .family.describe())]
    WrongFamily { what: &'static str, game: String, family: Family, for_family: Family },
    /// The `rules` command asked of a category game, which has no rules
    /// file to print.
    #[error("the `rules` command is for push-your-luck games; {game} is a category game, whose variants are options")]
    NoRulesFile { game: String },
    #[error("the number of games must be between 1 and {max} (got {games})")]
    GameCount { games: u64, max: u64 },
    /// One record of several (a summary) failed: which one, and why.
    #[error("{file}: {error}")]
    InRecord { file: String, error: Box<Error> },
}

impl Error {
    /// Refuses a number of games outside `1..=max`.
    pub(crate) fn check_games(games: u64, max: u64) -> Result<(), Error> {
        if games == 0 || games > max {
            return Err(Error::GameCount { games, max });
        }
        Ok(())
    }

    /// `what` asked of `game`, which is of the other family.
    pub(crate) fn wrong_family(
        what: &'static str,
        game: &crate::vocabulary::GameRef,
        for_family: crate::vocabulary::Family,
    ) -> Error {
        Error::WrongFamily { what, game: game.title.clone(), family: game.family, for_family }
    }

    /// The part of a question this error is about, if it is about one.
    pub fn field(&self) -> Option<Field> {
        match self {
            Error::Dice(_) => Some(Field::Dice),
            Error::Sheet(_) => Some(Field::Sheet),
            Error::Advise(e) => e.field(),
            Error::Situation(e) => Some(e.field()),
            Error::GameCount { .. } => Some(Field::Games),
            Error::Players(_) => Some(Field::Players),
            Error::Win(WinError::BoundaryDice(_)) => Some(Field::Dice),
            Error::Review(e) => e.field(),
            Error::Request(e) => e.field(),
            Error::Session(e) => e.field(),
            Error::Game(GameError::Unknown { .. }) => Some(Field::Game),
            Error::Game(GameError::RulesFileNotSupported { .. }) | Error::Rules(_) | Error::File(_) => {
                Some(Field::Rules)
            }
            Error::Option(_) => Some(Field::Option),
            Error::Record(_) => Some(Field::Record),
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

impl From<Refusal> for Error {
    fn from(r: Refusal) -> Self {
        Error::Session(SessionError::Refused(r))
    }
}
