//! A game session: a whole game played through its rules, one roll and one
//! decision at a time, with the solver's value of every position on the way.
//!
//! `play` drives a session from the terminal and `review` replays a record
//! through one; any other front end can do either through the public
//! [`Session`] (`owned.rs`), which owns its game and hands every call to
//! the game in play, [`Play`], which borrows it: [`Play::new`] starts a
//! game, [`Play::prompt`] says what is needed next (a roll, a decision,
//! take-or-fresh at a leftover), [`Play::roll`] and [`Play::decide`] apply
//! them and return what happened, [`Play::choices`] lists the legal
//! decisions ranked, [`Play::play_computer`] moves for a seat sixdice
//! plays, [`Play::hint`] is `advise`'s answer for the position in play,
//! and [`Play::record`] is the game so far as a [`Record`].
//!
//! Each family has its own table (`pushluck`, `category`): the state of the
//! game, what its rules allow, and where the values come from. A table
//! reports what happens as [`Note`]s; this module keeps the record, the
//! events and each player's *ledger* from them.
//!
//! ## Values, luck and loss
//! Every position has a value under the session's objective: the
//! probability of winning (push-your-luck games of two players, from the
//! win table, and of three, from the table of three where it exists or
//! solves within the auto-solve budget), the expected points of the turn
//! (push-your-luck games of one player, or of several without such a
//! table: four and more players, rules the solver of three does not take,
//! a goal whose table takes long; the session then says so once, and why,
//! [`Play::judging`]), or the expected final score (category games,
//! from the game's table). A last turn of a push-your-luck game is always
//! valued by the chance of ending above the highest total: it needs no
//! table. A player's ledger follows their value through the game:
//! - a roll moves it from the value before the roll to the value of the
//!   best play with the dice that came: that difference is the roll's
//!   *luck* (the average roll is worth the value before it, so luck
//!   averages 0);
//! - a decision moves it down by its *loss*: the best play's value less
//!   the value of the play made (0 for the best play);
//! - in a two-player game every change of one player's P(win) is the
//!   opposite change of the other's: the opponent's rolls are luck too,
//!   and the opponent's losses are *gifts*;
//! - in a game of three each player's P(win) is their own: the mover's
//!   rolls and decisions move the mover's value only, and at each turn's
//!   start every seat's value is read again from the table (in the last
//!   turns from the chase: the middle chaser's turn, the last chaser's
//!   chance of passing). What moved a seat's value since it was last set
//!   (the other players' turns: their luck, their losses, who they
//!   passed) is booked as that seat's *gifts*, and so is, at the game's
//!   end, the step to its result.
//!
//! So for every player, exactly (up to rounding),
//! `result = start + luck - loss + gifts`, where the result is 1 or 0 (the
//! game won or lost: there is one winner, ties going to whoever reached the
//! total first), the final score, or the points of the turns played (a
//! last turn valued by the chance of passing counts 1 if it passed, else
//! 0); `start` is the value at the start (of the game, or summed over the
//! turns for turn points). Values chain: the value before a roll is the
//! value the previous decision left, so the identity holds by construction
//! and a test checks the bookkeeping to 1e-9; the values themselves are the
//! solver's (the table's value of a turn-start state may differ from the
//! turn's own expectation in the last bits, f32 tables in the 6th digit:
//! that difference sits in the next roll's luck).
//!
//! A record is replayed ([`Play::replay`]) twice: first with values that
//! need no table, which checks every line's legality, then with the real
//! values.

mod category;
mod choices;
mod estimates;
pub(crate) mod owned;
mod pushluck;
mod sheet_values;

#[cfg(test)]
mod estimate_tests;
#[cfg(test)]
mod fuzz_tests;
#[cfg(test)]
mod score_tests;
#[cfg(test)]
pub(crate) mod tests;
#[cfg(test)]
mod three_tests;
#[cfg(test)]
mod undo_tests;

mod notes;
mod play;
pub(crate) mod replay;
mod undo;
mod words;

pub(crate) use notes::MomentKind;
pub(crate) use play::Play;
pub(crate) use replay::header_game;
