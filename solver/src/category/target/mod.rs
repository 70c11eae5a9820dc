//! Playing a score-sheet game to reach a score: the best chance, from every
//! turn-start state, that the points still to come reach `t`.
//!
//! - [`advise`]: one roll's choices ranked by their chance.
//! - [`bounds`]: per state, the band of needed scores whose chance is not
//!   0 or 1 for certain.
//! - [`solve`]: the whole game's target solve, level by level.
//! - [`table`]: the target table file: solve and save, open, `info`.

pub(crate) mod advise;
pub(crate) mod bounds;
pub(crate) mod solve;
pub(crate) mod table;

#[cfg(test)]
mod premise;

#[cfg(test)]
mod tests;
