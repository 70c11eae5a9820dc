//! Six Hundred turn-DP throughput, for `scripts/bench sixhundred`.
//!
//! 1. Solves reduced variants whole (real successors, real layout) and
//!    prints states per second.
//! 2. Runs the full game's turn DP on a sample of masks from its widest
//!    level (successor values all 0: the kernel's work does not depend on
//!    them) on every thread, and extrapolates the whole solve's time and
//!    the memory its two largest adjacent levels need in f32.
//!
//! Both in f64 and f32 (the whole game's precision). Environment:
//! `STEP=N` samples every N-th mask (default 97), `PRECISION=f32|f64` runs
//! one precision, `SKIP_REDUCED=1` skips the reduced solves (for profiling).
//!
//! The code is the library's (`category::bench::kernel`, behind the
//! `internals` feature): it drives the turn DP's insides, which are not
//! part of the library's face.

fn main() {
    solver::internals::kernel();
}
