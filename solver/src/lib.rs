//! # sixdice solver library
//!
//! Exact optimal strategies for six-dice games. The library owns everything
//! but parsing command lines and rendering: games and their registry,
//! options, rules, solvers, table files, checks of questions, advice, and a
//! typed `Serialize` report of every result. The `sixdice` binary is a thin
//! front end over [`commands`]; any other front end can do all it does.
//!
//! - [`registry`]: the one table of games, and [`registry::resolve`].
//! - [`options`]: rule options, one system for every game.
//! - [`commands`]: one function per command, returning a report ([`report`]).
//! - [`category`]: score-sheet games (Yahtzee Deluxe, Yahtzee, Yatzy).
//! - [`pushluck`]: push-your-luck games (Farkle, Dice 10000, Yahtzix).
//! - [`dice`]: canonical dice multisets, roll probabilities, the keep lattice.
//! - [`table`]: the on-disk table format (memory-mapped, checked).
//! - [`limits`]: the ranges of user values and the budget of a solve.
//! - [`error`]: the error type; [`progress`]: the progress callback.
//!
//! ```
//! use solver::{commands, registry};
//!
//! let game = registry::resolve("farkle", &[], None).unwrap();
//! let sheet = commands::strategy(&game).unwrap();
//! assert!(sheet.sections[0].expected_score > 500.0);
//! ```

pub mod category;
pub mod commands;
pub mod dice;
pub mod error;
pub mod files;
pub mod limits;
pub mod options;
pub mod pictures;
pub mod progress;
pub mod pushluck;
pub mod registry;
pub mod report;
pub mod table;
pub mod text;

pub use error::Error;
