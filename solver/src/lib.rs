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
//!   time, with every position valued ([`Session`]), and review a game
//!   record ([`parse_record`], [`review`]);
//! - draw a report's picture ([`draw_compare`], [`draw_win_map`],
//!   [`draw_bank_boundary`], [`draw_review`]) and write it safely
//!   ([`write_output`]);
//! - errors are one [`Error`] type whose [`Error::field`] says which part
//!   of a question was wrong.
//!
//! Inside, shared layers sit below the two game families and never import
//! them: `dice`, `options`, `text`, `limits`, `progress`, `files`, `table`
//! (the file container), `record` (game records), `report` and `question`
//! (the API's types) and `error`. The families are `category/` (each game
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

mod category;
mod commands;
mod dice;
mod error;
mod files;
mod limits;
mod options;
mod pictures;
mod progress;
mod pushluck;
mod question;
mod record;
mod registry;
mod report;
mod review;
mod session;
mod table;
mod text;

pub use commands::{advise, compare, info, rules, simulate, solve, strategy, use_threads};
pub use dice::{parse_dice, Counts, DiceError};
pub use error::{
    AdviseError, BonusProblem, Error, Field, GameError, PlayersError, RulesError, SessionError, SheetError,
    SimulateError, SituationError, TurnError, WinError,
};
pub use files::{check_output, write_output, OutputError};
pub use limits::SHEET_GAMES;
pub use options::{OptionKind, OptionSpec, RuleOption};
pub use pictures::{draw_bank_boundary, draw_compare, draw_review, draw_win_map, PictureError};
pub use progress::{Progress, Silent};
pub use question::*;
pub use record::{parse_record, Action, Line, Record, RecordError, Step, Then, Turn, RECORD_VERSION};
pub use registry::{find, resolve, Game, GameEntry, HouseRules, SheetNames, GAMES};
pub use report::*;
pub use review::{read_record, review};
pub use session::Session;
pub use table::TableError;
pub use text::{percentage_points, Escaped};

/// The engine's insides that the Six Hundred benchmarks in `examples/`
/// drive (feature `internals`): not part of the library's face.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod internals {
    pub use crate::category::bench::kernel::main as kernel;
    pub use crate::category::bench::rounding::main as rounding;
}
