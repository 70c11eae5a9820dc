//! Score-sheet (category) games: Yahtzee Deluxe, classic Yahtzee, Yatzy.
//!
//! Objective: maximise the expected final score, exactly, by dynamic
//! programming over every reachable score-sheet state.
//!
//! - [`game`]: the data model (categories, bonuses, jokers, keep rule).
//! - one file per game: [`deluxe`], [`yahtzee`], [`yatzy`]; [`games`] is
//!   the registry by name and option parsing.
//! - [`states`]: dense index of reachable turn-start states.
//! - [`turn`]: the turn DP over the dice-multiset lattice (the hot loop).
//! - [`solve`]: the level-by-level solve and the table file.
//! - [`sheet`]: reading a score sheet typed by a user into a state.
//! - [`advise`]: ranking the choices for one roll from a solved table.
//!
//! ```
//! use solver::category::{games, solve::solve, turn::TurnModel};
//!
//! // Classic Yahtzee with the free joker: Verhoeff's 254.5896.
//! let game = games::build("yahtzee", &[]).unwrap();
//! let model = TurnModel::new(&game);
//! let solution = solve(&model, &indicatif::ProgressBar::hidden());
//! assert!((solution.expected - 254.5896).abs() < 1e-4);
//! ```

pub mod advise;
pub mod deluxe;
pub mod game;
pub mod games;
pub mod sheet;
pub mod solve;
pub mod states;
pub mod turn;
pub mod yahtzee;
pub mod yatzy;
