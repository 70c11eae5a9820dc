//! # sixdice solver library
//!
//! Exact optimal strategies for six-dice games. The library has no CLI code;
//! the `sixdice` binary is a thin front end over it.
//!
//! - [`dice`]: canonical dice multisets, roll probabilities, the keep lattice.
//! - [`category`]: score-sheet games (Yahtzee family, Six Hundred): reachable
//!   state index, the turn DP, the level-by-level solve, one file per game.
//! - [`pushluck`]: push-your-luck games (Farkle, Dice 10000, Yahtzix): a
//!   data-driven scoring engine, rule sets as data, turn solvers.
//! - [`table`]: the on-disk table format (versioned header + raw f32 values,
//!   memory-mapped).
//! - [`options`]: `NAME[=VALUE]` rule options as given on the command line.

pub mod category;
pub mod dice;
pub mod options;
pub mod pushluck;
pub mod table;
