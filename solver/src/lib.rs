//! # sixdice solver library
//!
//! Exact optimal strategies for six-dice games: category games (score
//! sheets: Six Hundred, Yahtzee Deluxe, and the reference games classic
//! Yahtzee and Scandinavian Yatzy) and push-your-luck games (Farkle, Dice
//! 10000, Yahtzix). The library owns everything but parsing command lines
//! and rendering: games and their registry, options, rules, solvers, table
//! files, checks of questions, advice, the wording of a game in play, and
//! a typed `Serialize` report of every result. The `sixdice` binary is a
//! thin front end over it; any other front end (a web page, a Python
//! binding, an interactive session) can do all it does through this face
//! alone:
//!
//! - a command's [`Request`] (its flags or JSON fields: [`AdviseRequest`],
//!   ..., each naming its game with one [`GameHead`]) turns into the game
//!   and the command's question; one function per command answers it:
//!   [`solve`], [`info`], [`advise`], [`simulate`], [`compare`],
//!   [`strategy`], [`rules`], each returning its report;
//! - [`games`] lists every game, [`describe`] one under the options chosen:
//!   its sheet, locked dice, counted rolls, the fields of a question, the
//!   players sixdice seats, a long solve's time and command
//!   ([`describe_in`]: and whether its table is in a tables directory);
//! - play a whole game through its rules, a roll and a decision at a
//!   time, with every position valued ([`Session`]: [`Session::advance`]
//!   moves sixdice's seats until a person must act, [`Session::state`] is
//!   what a front end shows, every [`Event`] carries its sentence), and
//!   review a game record or several ([`review`], [`review_summary`]);
//! - draw a report's picture ([`Picture`]);
//! - errors are one [`Error`] type whose [`Error::field`] says which part
//!   of a question was wrong and [`Error::class`] who can mend it.
//!
//! Inside, shared layers sit below the two game families and never import
//! them: `vocabulary` (the plain types questions, reports and errors share),
//! `dice`, `options`, `limits`, `progress`, `table` (the file container),
//! `record` (game records), `computer` (the players sixdice plays, by
//! name), `report` and `question` (the API's types) and `error`; users'
//! text and files are the `userio` crate's. The families are `category/`
//! (each game in `category/games/`) and `pushluck/` (each game in
//! `pushluck/games/`); `auto_solve` (the rule for a missing table) sits
//! between. `registry` (the one table of games), `listing`, `request`,
//! `commands` and `session` (whole games) sit above them, and `review`
//! above `session`. Every `pub` item is named once, here: the modules
//! below re-export only within the crate. `docs/development.md` has the
//! map.
//!
//! ```
//! use solver::{strategy, GameHead, Request, Silent, Strategy, StrategyRequest};
//!
//! let request =
//!     StrategyRequest { game: GameHead { name: "farkle".into(), ..GameHead::default() }, ..StrategyRequest::default() };
//! let (game, question) = request.question().unwrap();
//! let Strategy::Score(sheet) = strategy(&game, &question, std::path::Path::new("tables"), &Silent).unwrap() else {
//!     unreachable!("the score objective's sheet")
//! };
//! assert!(sheet.sections[0].expected_score > 500.0);
//! ```

// Every `pub` item is reachable from this root, the library's face; the
// rest is `pub(crate)` (clippy's -D warnings makes this an error).
#![warn(unreachable_pub)]

mod auto_solve;
mod category;
mod commands;
mod computer;
mod dice;
mod error;
mod interval;
mod limits;
mod listing;
mod options;
mod pictures;
mod progress;
mod pushluck;
mod question;
mod record;
mod registry;
mod report;
mod request;
mod review;
mod session;
mod table;
mod vocabulary;

// The face: one `pub use` per module of the library, what a front end
// names. Commands: one function per command, each taking its question and
// returning its report; `review` reads records.
pub use commands::{advise, compare, info, rules, simulate, solve, strategy, use_threads};
pub use review::{read_record, review, summary::review_summary};

// Games: a resolved game, and how a front end lists them.
pub use listing::{describe, describe_in, games};
pub use registry::Game;

// Requests (each command's question as its flags and JSON fields give it)
// and the questions they turn into.
pub use question::{
    AdviseQuestion, CategoryQuestion, CompareQuestion, InfoQuestion, PlayQuestion, PushLuckQuestion, ReviewQuestion,
    RolloutAsk, SimulateQuestion, SolveQuestion, Start, StrategyQuestion,
};
pub use request::{
    advise::AdviseRequest,
    commands::{
        CompareRequest, InfoRequest, PlayRequest, ReviewRequest, SimulateRequest, SolveRequest, StrategyRequest,
    },
    GameHead, Request,
};

// Reports: every command's result with the types nested in it, a game in
// play as shown, and the shared vocabulary (which game, which family,
// what the values maximise).
pub use report::{
    advice::{
        Advice, CategoryAction, CategoryAdvice, CategoryAlternative, LongRunSummary, PiggybackAdvice, PushLuckAdvice,
        PushLuckAlternative,
    },
    compare::{
        CompareEvent, ComparePlan, CompareReport, CompareRow, CompareRowDone, FactColumns, PlannedRow, SeatOdds,
        StartSeats, VariantOdds,
    },
    distribution::{DistributionFacts, Quantile, ScoreDistribution},
    games::{BoxListing, ComputerListing, GameListing, OptionListing, OptionValue, SheetListing},
    review::{
        DecisionClass, DecisionEstimate, GameSummary, PlayerEstimate, PlayerReview, PlayerSummary, ReviewEstimates,
        ReviewReport, ReviewSummary, ReviewedDecision, ReviewedRoll, TurnValues,
    },
    rollout::{
        AlternativeEstimate, ChoiceEstimate, HeadStartEstimate, Interval, RolloutSummary, SearchRound, SeatEstimate,
        TableEstimate,
    },
    session::{
        BoxView, Choice, Event, LastTurns, PlayState, PointsEntry, Prompt, SeatView, SheetView, TableView, TurnEnd,
        TurnResult, TurnView, UpperView,
    },
    sheets_win::{OpponentSheet, ToWin, WinChance, WinRule},
    simulation::{
        BoxZeros, DuelResults, Pairing, Percentile, PlayersReport, Rate, Seating, SheetDuelReport, Simulation,
        SimulationReport,
    },
    strategy::{
        BankBoundary, BankRow, BoundaryCurve, GoalRow, PiggybackRow, ScoreBand, SheetAgreement, SheetRules, Strategy,
        StrategyReport, StrategySection, WinMap, WinSheet, WinSheetRow, WinSheetSection,
    },
    table::{
        GameFacts, LevelFacts, PositionFacts, RulesReport, SeatFacts, Solved, TableFile, TableReport, VariantValue,
        WinFacts,
    },
};
pub use vocabulary::{Family, GameRef, Objective, Thresholds};

// Sessions and records: a whole game played a roll and a decision at a
// time, and its record (the record's `Then` is what follows a set-aside).
pub use record::{
    parse::{Decision, RecordError},
    Action, Line, Record, Step, Then, Turn,
};
pub use session::{owned::Session, replay::record_game};

// Pictures of reports.
pub use pictures::{Picture, PictureError};

// Value types a front end reads, writes or passes: dice, options, the
// default sheet games, progress.
pub use dice::{
    parse::{parse_dice, DiceError},
    Counts,
};
pub use limits::{TooLarge, SHEET_GAMES};
pub use options::{OptionError, RuleOption, ValueProblem};
pub use progress::{Progress, Silent};

// Errors: the one `Error`, which part of a question it is about, its
// class, and every typed error inside it (those of the shared layers
// above, where they are raised, and these).
pub use computer::PlayersError;
pub use error::{
    category::{AdviseError, BonusProblem, SheetError, SimulateError, SolveNeeds},
    field::Field,
    game::GameError,
    pushluck::{RulesError, SituationError, TurnError, WinError},
    request::RequestError,
    review::ReviewError,
    session::{Refusal, SessionError},
    Error, ErrorClass,
};
pub use table::TableError;
pub use userio::FileError;

/// The engine's insides that the Six Hundred benchmarks in `examples/`
/// drive (feature `internals`): not part of the library's face.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod internals {
    pub use crate::category::bench::kernel::main as kernel;
    pub use crate::category::bench::rounding::main as rounding;
}
