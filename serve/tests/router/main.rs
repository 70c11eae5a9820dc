//! Router tests: every endpoint and every error class, through the router
//! itself (tower's `oneshot`, no socket), with tables in a fresh temporary
//! directory. Answers are compared with the library's own report for the
//! same question, serialized as the CLI's `--json` serializes it.
//!
//! Nothing here depends on how fast the machine is: waits are bounded by
//! counts of polls, the path of a long request is reached with a zero
//! answer wait (every request a job), and the games played are small
//! (Farkle to 2,000, whose tables solve in moments).

mod api;
mod common;
mod errors;
mod play;
