//! The library's error type: one enum over every module's typed errors.
//!
//! Messages are one line, in the games' own words (no command-line flags:
//! a front end phrases those, using [`Error::field`] to learn which part of
//! a question was wrong). Anything a message echoes from the user is escaped
//! ([`userio::Quoted`]).

pub(crate) mod category;
pub(crate) mod field;
pub(crate) mod game;
pub(crate) mod pushluck;
pub(crate) mod request;
pub(crate) mod review;
pub(crate) mod session;

pub(crate) use crate::computer::PlayersError;
pub(crate) use category::{AdviseError, BonusProblem, SheetError, SimulateError, SolveNeeds};
pub(crate) use field::Field;
pub(crate) use game::GameError;
pub(crate) use pushluck::{RulesError, SituationError, TurnError, WinError};
pub(crate) use request::RequestError;
pub(crate) use review::ReviewError;
pub(crate) use session::{Refusal, SessionError};

use crate::dice::DiceError;
use crate::limits::TooLarge;
use crate::options::OptionError;
use crate::table::TableError;
use crate::vocabulary::Family;
use userio::FileError;

/// What kind of error it is, by who can mend it: a front end picks its
/// answer from this (a server its HTTP status), never from the variants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorClass {
    /// A value of the question is refused: the asker mends it
    /// ([`Error::field`] says which).
    Invalid,
    /// The question is fine, but its answer needs a table that is missing,
    /// damaged or stale and longer to solve than a question may take (or a
    /// whole solve that long, not asked for on purpose): solving it once
    /// mends it.
    NeedsSolve,
    /// The library's own files (the tables directory) cannot be read or
    /// written: whoever runs it mends it.
    Io,
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
    /// A whole solve that takes longer than a front end starts unless
    /// asked to on purpose ([`crate::SolveRequest::allow_long`]).
    #[error("the whole solve of {game} takes {about} of both cores: it is started only on purpose")]
    LongSolve { game: String, about: String },
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

    /// Whose move it is to mend this error: see [`ErrorClass`].
    pub fn class(&self) -> ErrorClass {
        match self {
            Error::Table(t) if t.needs_regeneration() => ErrorClass::NeedsSolve,
            Error::Table(_) => ErrorClass::Io,
            Error::Advise(AdviseError::NeedsTable { .. })
            | Error::Simulate(SimulateError::NeedsTable { .. })
            | Error::Win(WinError::NeedsSolve { .. })
            | Error::LongSolve { .. } => ErrorClass::NeedsSolve,
            Error::InRecord { error, .. } => error.class(),
            _ => ErrorClass::Invalid,
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
