//! Score-sheet (category) games.
pub mod games;
