//! How often the compact (u16) Six Hundred table changes `advise`'s
//! ranking, against the solve's own f32 values.
//!
//! Usage: `sixhundred_rounding COMPACT_DIR F32_DIR [POSITIONS]`: COMPACT_DIR
//! holds the compact level files (`level-KK.sixdice`), F32_DIR the f32 ones
//! (`level-KK.f32.sixdice`, e.g. hard links kept from a solve). For a
//! seeded sample of positions (a random state of a random level, a random
//! roll, random dice, on roll 2 a random locked part) it ranks every choice
//! with each table as the successors and reports how often the best choice
//! differs, how much that costs (by the f32 values), how often the whole
//! order differs, and the largest value difference.
//!
//! `BITS=N` ranks instead with the f32 values rounded to codes of N bits
//! the way the compact table rounds them (to weigh other code widths
//! without writing tables; with `BITS` equal to the table's width the
//! result is the compact table's).
//!
//! The code is the library's (`category::bench::rounding`, behind the
//! `internals` feature): it drives the turn DP's insides, which are not
//! part of the library's face.

fn main() {
    solver::internals::rounding();
}
