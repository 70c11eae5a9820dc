//! The library's error type: one enum over every module's typed errors.
//!
//! Messages are one line, in the games' own words (no command-line flags:
//! a front end phrases those, using [`Error::field`] to learn which part of
//! a question was wrong). Anything a message echoes from the user is escaped
//! ([`crate::text::Quoted`]).

mod category;
mod game;
mod pushluck;
mod request;
mod review;
mod session;

pub use category::{AdviseError, BonusProblem, SheetError, SimulateError};
pub use game::GameError;
pub use pushluck::{PlayersError, RulesError, SituationError, TurnError, WinError};
pub use request::RequestError;
pub use review::ReviewError;
pub use session::{Refusal, SessionError};

use crate::dice::DiceError;
use crate::files::FileError;
use crate::limits::TooLarge;
use crate::options::OptionError;
use crate::report::Family;
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
    /// Push-your-luck: the points inherited from a leftover this turn began on.
    Inherited,
    /// Push-your-luck: dice kept back from a roll near an exact goal.
    Held,
    /// Locked dice rule: dice locked before this roll.
    Locked,
    /// The number of games to play.
    Games,
    /// The players of a head-to-head run.
    Players,
    /// `review`: the error classes' bounds.
    Thresholds,
    /// `review`: the decision to show.
    Decision,
    /// A decision typed at the table (a game session).
    Choice,
    /// The game's name.
    Game,
    /// A rule option.
    Option,
    /// House rules (a file, or their text).
    Rules,
    /// What the values maximise.
    Objective,
    /// How many alternatives to list.
    Top,
    /// Push-your-luck, a game of three: the other players' totals.
    Opponents,
    /// `compare`: a variant.
    Variant,
    /// The seed of the dice.
    Seed,
    /// Players at each table of a simulation.
    Seats,
    /// A game record.
    Record,
    /// `strategy`: the heat map of P(win).
    Map,
}

impl Field {
    /// The field's name: the command line's flag without its dashes, and
    /// the field of a request over JSON (`opponent-farkles`).
    pub fn name(self) -> &'static str {
        match self {
            Field::Dice => "dice",
            Field::Roll => "roll",
            Field::Sheet => "sheet",
            Field::Banked => "banked",
            Field::Score => "score",
            Field::Opponent => "opponent",
            Field::OpponentFarkles => "opponent-farkles",
            Field::Farkles => "farkles",
            Field::Ones => "ones",
            Field::Leftover => "leftover",
            Field::Inherited => "inherited",
            Field::Held => "held",
            Field::Locked => "locked",
            Field::Games => "games",
            Field::Players => "players",
            Field::Thresholds => "thresholds",
            Field::Decision => "decision",
            // What the front ends call it (the CLI's prompt, `/decide`'s body).
            Field::Choice => "decision",
            Field::Game => "game",
            Field::Option => "option",
            Field::Rules => "rules",
            Field::Objective => "objective",
            Field::Top => "top",
            Field::Opponents => "opponents",
            Field::Variant => "variant",
            Field::Seed => "seed",
            Field::Seats => "seats",
            Field::Record => "record",
            Field::Map => "map",
        }
    }
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
        game: &crate::report::GameRef,
        for_family: crate::report::Family,
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
