//! # sixdice solver library
//!
//! Exact optimal strategies for six-dice games: category games (score
//! sheets: Six Hundred, Yahtzee Deluxe, and the reference games classic
//! Yahtzee and Scandinavian Yatzy) and push-your-luck games (Farkle, Dice
//! 10000, Yahtzix). The library owns everything but parsing command lines
//! and rendering: games and their registry, options, rules, solvers, table
//! files, checks of questions, advice, and a typed `Serialize` report of
//! every result. The `sixdice` binary is a thin front end over it; any
//! other front end (a web page, a Python binding, an interactive session)
//! can do all it does through this face alone:
//!
//! - [`resolve`] a game by name, options and house rules ([`GAMES`] lists
//!   them), then ask it one command: [`solve`], [`info`], [`advise`],
//!   [`simulate`], [`compare`], [`strategy`], [`rules`], each taking the
//!   command's question type and returning its report;
//! - play a whole game through its rules, a roll and a decision at a
//!   time, with every position valued ([`Session`], which owns its game:
//!   its legal [`Decision`]s ranked by [`Session::choices`], a refusal a
//!   typed [`Refusal`]; [`Session::resume`] continues a stopped game), and
//!   review a game record or several ([`parse_record`], [`review`],
//!   [`review_summary`]);
//! - draw a report's picture ([`draw_compare`], [`draw_win_map`],
//!   [`draw_bank_boundary`], [`draw_review`]) and write it safely
//!   ([`write_output`]);
//! - errors are one [`Error`] type whose [`Error::field`] says which part
//!   of a question was wrong.
//!
//! Inside, shared layers sit below the two game families and never import
//! them: `dice`, `options`, `text`, `limits`, `progress`, `files`, `table`
//! (the file container, and the one rule for a missing table), `record`
//! (game records), `computer` (the players sixdice plays, by name),
//! `report` and `question` (the API's types) and `error`. The families are `category/` (each game
//! in `category/games/`) and `pushluck/` (each game in `pushluck/games/`);
//! `registry` (the one table of games), `commands` and `session` (whole
//! games) sit above them, and `review` above `session`. `docs/development.md`
//! has the map.
//!
//! ```
//! use solver::{resolve, strategy, Objective, Silent, Strategy, StrategyQuestion};
//!
//! let game = resolve("farkle", &[], None).unwrap();
//! let q = StrategyQuestion { objective: Objective::TurnScore, dice: None, games: 0, seed: 0, map: false };
//! let Strategy::Score(sheet) = strategy(&game, &q, std::path::Path::new("tables"), &Silent).unwrap() else {
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

// The face, item by item. Commands: one function per command, each
// taking its question and returning its report (`review` reads a record).
pub use commands::{advise, compare, compare_stream, info, rules, simulate, solve, strategy, use_threads};
pub use review::{read_record, review, review_summary};

// Games: the registry and a resolved game; the list a front end shows.
pub use listing::games;
pub use registry::{resolve, Game, GameEntry, HouseRules, SheetNames, GAMES};
pub use report::{GameListing, OptionListing, OptionValue};

// Questions: one type per command, and their parts.
pub use question::{
    AdviseQuestion, CategoryQuestion, CompareQuestion, InfoQuestion, PlayQuestion, PushLuckQuestion, ReviewQuestion,
    SimulateQuestion, SolveQuestion, Start, StrategyQuestion,
};

// Requests: each command's question as its flags (and JSON fields) give
// it, turned into the game and the question above.
pub use request::{
    AdviseRequest, CompareRequest, GameHead, InfoRequest, PlayRequest, Request, ReviewRequest, SimulateRequest,
    SolveRequest, StrategyRequest,
};

// Reports: every command's result with the types nested in it, and the
// shared vocabulary (which game, which family, what the values maximise).
pub use vocabulary::{Family, GameRef, Objective, Thresholds};

// `solve`, `info`, `rules`.
pub use report::{
    GameFacts, LevelFacts, RulesReport, SeatFacts, Solved, TableFile, TableReport, VariantValue, WinFacts,
};

// `advise` (and a session's hint).
pub use report::{
    Advice, CategoryAction, CategoryAdvice, CategoryAlternative, LongRunSummary, PiggybackAdvice, PushLuckAdvice,
    PushLuckAlternative,
};

// `simulate`.
pub use report::{BoxZeros, Pairing, Percentile, PlayersReport, Rate, Seating, Simulation, SimulationReport};

// `compare`.
pub use report::{
    CompareEvent, ComparePlan, CompareReport, CompareRow, CompareRowDone, FactColumns, PlannedRow, SeatOdds,
    VariantOdds,
};

// `strategy`.
pub use report::{
    BankBoundary, BankRow, BoundaryCurve, GoalRow, PiggybackRow, ScoreBand, SheetAgreement, SheetRules, Strategy,
    StrategyReport, StrategySection, WinMap, WinSheet, WinSheetRow, WinSheetSection,
};

// `review`.
pub use report::{
    ErrorClass, GameSummary, PlayerReview, PlayerSummary, ReviewReport, ReviewSummary, ReviewedDecision, ReviewedRoll,
    TurnValues,
};

// Value types a front end reads, writes or passes: dice, options, the
// default sheet games, progress, and text echoed from users.
pub use dice::{parse_dice, Counts};
pub use limits::SHEET_GAMES;
pub use options::{OptionKind, OptionSpec, RuleOption};
pub use progress::{Progress, Silent};

// Errors: the one `Error`, which part of a question it is about, and the
// typed errors inside it or returned alone.
pub use dice::DiceError;
pub use error::{
    AdviseError, BonusProblem, Error, Field, GameError, PlayersError, Refusal, RequestError, ReviewError, RulesError,
    SessionError, SheetError, SimulateError, SituationError, SolveNeeds, TurnError, WinError,
};
pub use table::TableError;

// Pictures of reports, and writing them (or any output) safely.
pub use pictures::{draw_bank_boundary, draw_compare, draw_review, draw_review_summary, draw_win_map, PictureError};

// Records and sessions: a whole game played a roll and a decision at a
// time, and its record (the record's `Then` is what follows a set-aside).
pub use record::{parse_record, Action, Decision, Line, Record, RecordError, Step, Then, Turn};
pub use report::{
    BoxView, Choice, Event, LastTurns, Prompt, SeatView, SheetView, TableView, TurnEnd, TurnView, UpperView,
};
pub use session::{record_game, Session};

/// The engine's insides that the Six Hundred benchmarks in `examples/`
/// drive (feature `internals`): not part of the library's face.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod internals {
    pub use crate::category::bench::kernel::main as kernel;
    pub use crate::category::bench::rounding::main as rounding;
}
