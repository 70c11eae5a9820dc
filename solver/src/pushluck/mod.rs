//! Push-your-luck games (Farkle, Dice 10000, Yahtzix).
//!
//! One engine serves every game: a rule set is data ([`rules::RuleSet`]),
//! the built-in games and their named options are values of it
//! ([`builtin`]), a house-rules TOML file overrides any part of it, and the
//! scoring engine ([`scoring`]) and the turn solver ([`turn`]) only read it.
//! There is no per-game code path below the rule data.
//!
//! The objective solved here is the *expected score of one turn*: maximise
//! the expected points banked this turn (a farkle scores 0, or minus the
//! three-farkle penalty when it is the third in a row). Game-level rules
//! (goal, last turn, piggyback) stay in the rule data for a later
//! win-probability solver; the turn solver uses what matters within a turn:
//! - an instant win is worth reaching the goal from the player's total;
//! - exact goal: a bank that passes the goal scores 0;
//! - piggyback: a turn may start from leftover dice with inherited points
//!   ([`turn::Solution::roll_value`] of that start state; the leftover roll is
//!   never the turn's first roll, so Yahtzix premiums do not count on it).
//!
//! [`simulate`] plays a solved policy with dice rolled at random (seeded), to
//! check the solver's expectations.

pub mod builtin;
pub mod rules;
pub mod scoring;
pub mod simulate;
pub mod turn;

/// Names (and aliases) of the built-in push-your-luck rule sets.
pub const GAME_NAMES: &[&str] = &["farkle", "ten-thousand", "10000", "dice10000", "yahtzix"];

/// True if `name` is a built-in push-your-luck game or an alias of one.
pub fn is_game(name: &str) -> bool {
    builtin::canonical(name).is_some()
}

#[cfg(test)]
mod tests;
