//! Per-state bands of chances over needed scores, shared by the two
//! solves that carry them through the game: the target objective (the
//! best chance of reaching each score, [`crate::category::target`]) and
//! the final-score distribution under the expected-score play (the chance
//! of reaching each score when playing for points,
//! [`crate::category::distribution`]).
//!
//! A state's band holds the chance of the points still to come reaching
//! `t` for `lo < t <= hi`: 1 at and below `lo`, 0 above `hi`, so only the
//! band is solved and stored.
//!
//! - [`solution`]: a solve's bands in memory (one f64 array in state
//!   order) and the cell chunks the turn DP takes.
//! - [`file`]: the table file of bands (f32, memory-mapped).

pub(crate) mod file;
pub(crate) mod solution;

pub(crate) use solution::{chunks, offsets, Arrays, BandSolution, Bounds, CELLS};
