//! The exact distribution of the final score of a score-sheet game when
//! the player plays for the best expected score: from every turn-start
//! state, the chance of every final score, computed over every reachable
//! state (not simulated).
//!
//! - [`solve`]: the whole game's distribution, level by level.
//! - [`table`]: the distribution table: solve and save, open, `info`.
//! - [`summary`]: mean, standard deviation, quantiles from the chances.
//! - [`advise`]: the distribution of each play beside the advice.
//!
//! Only the Yahtzee keep rule (Yatzy, classic Yahtzee, Yahtzee Deluxe):
//! Six Hundred's locked dice are refused in one line.

pub(crate) mod advise;
pub(crate) mod solve;
pub(crate) mod summary;
pub(crate) mod table;

#[cfg(test)]
mod premise;

#[cfg(test)]
mod tests;
