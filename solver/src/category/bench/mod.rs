//! Benchmarks and checks of Six Hundred's turn DP and table that drive the
//! engine's insides, compiled only with the `internals` feature, for the
//! examples `scripts/bench sixhundred` runs.

pub(crate) mod kernel;
pub(crate) mod rounding;
