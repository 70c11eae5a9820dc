//! Playing a score-sheet game to reach a score: the best chance, from every
//! turn-start state, that the points still to come reach `t`.
//!
//! - [`bounds`]: per state, the band of needed scores whose chance is not
//!   0 or 1 for certain.
//! - [`solve`]: the whole game's target solve, level by level.

pub(crate) mod bounds;
pub(crate) mod solve;

#[cfg(test)]
mod premise;

#[cfg(test)]
mod tests;
