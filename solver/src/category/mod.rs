//! Score-sheet (category) games: Yahtzee Deluxe, classic Yahtzee, Yatzy.
//!
//! Objective: maximise the expected final score, exactly, by dynamic
//! programming over every reachable score-sheet state.
//!
//! - [`model`]: the data model (boxes, upper bonus, keep rule, and the
//!   [`model::ExtraRules`] hook for game-specific state such as classic
//!   Yahtzee's bonus box and jokers).
//! - [`games`]: one file per game, each declaring its options and building
//!   its [`CategoryGame`].
//! - [`states`]: dense index of reachable turn-start states.
//! - [`turn`]: the turn DP (the hot loop), behind one interface chosen by
//!   the keep rule.
//! - [`solve`]: the level-by-level solve.
//! - [`table`]: the table file: solve and save, open and check, `info`.
//! - [`sheet`]: reading a score sheet typed by a user into a state.
//! - [`advise`]: ranking the choices for one roll from a solved table.
//! - [`target`], [`distribution`], [`win`]: playing to reach a score, the
//!   final score's distribution, playing to win against other sheets.
//! - [`reach`]: `info --target` from a sheet: one position's chances.
//! - [`ask`]: which of the answers below a question of `advise` goes to.

pub(crate) mod advise;
pub(crate) mod ask;
pub(crate) mod bands;
pub(crate) mod distribution;
pub(crate) mod games;
pub(crate) mod levels;
pub(crate) mod model;
pub(crate) mod reach;
pub(crate) mod sheet;
pub(crate) mod simulate;
pub(crate) mod solve;
pub(crate) mod states;
pub(crate) mod subgame;
pub(crate) mod table;
pub(crate) mod target;
pub(crate) mod turn;
pub(crate) mod win;

pub(crate) use model::CategoryGame;

#[cfg(test)]
mod tests;

#[cfg(feature = "internals")]
pub(crate) mod bench;
