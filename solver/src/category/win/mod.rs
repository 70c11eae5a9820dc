//! Playing a score-sheet game to win against the other players' sheets.
//!
//! Win: a final score above every other player's; a tie with the best of
//! them is counted apart. The other sheets' final scores are taken as
//! independent, each unfinished sheet played for the best expected score
//! (its exact distribution from the distribution table), so the best of
//! them, `M`, has `P(M ≤ m) = Π P(F_i ≤ m)` ([`field`]).
//!
//! When every other sheet is full, `M` is one number and the chance to
//! win is exactly the target objective at `M + 1`: the advice is that
//! optimum. Before that the true best play would follow the other sheets
//! as they fill, which is a game of several players that is not solved
//! here; the advice ranks by a rule instead ([`advise`]): the chance to
//! win if `M` were known now, `Σ_m P(M = m) · V(m + 1)`, with `V(t)` the
//! target table's best chance of reaching `t`. No play does better than
//! that (knowing `M` can only help), and the expected-score play's exact
//! chance, shown beside it, is one play's: the best play's chance lies
//! between the two.

pub(crate) mod advise;
pub(crate) mod duel;
pub(crate) mod field;

#[cfg(test)]
mod tests;
