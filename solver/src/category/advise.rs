//! Advice for one roll: rank every choice by expected final score.
//!
//! The table holds the value of every turn-start state. For one state the
//! turn DP is cheap (one lane, microseconds), so advice re-runs it for the
//! player's state with the table's values as successors, and reads the
//! ranked choices off the rows: after the last roll, the boxes; before it,
//! every keep (sub-multiset of the dice) by its expected value.

use super::game::Game;
use super::sheet::Sheet;
use super::turn::{Scratch, TurnModel, Values};
use crate::dice::{dice_count, Counts};

/// One possible action for the roll.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Keep these dice and re-roll the others (keeping all = stand pat).
    Keep { keep: Counts },
    /// Score the roll in this box for these points.
    Score { category: usize, points: u32 },
}

/// An action and its expected final score (points on the sheet so far
/// included).
#[derive(Debug, Clone, PartialEq)]
pub struct Ranked {
    pub action: Action,
    pub expected: f64,
}

/// Why advice could not be given.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AdviseError {
    #[error("{game} uses {expected} dice, got {got}")]
    DiceCount { game: String, expected: usize, got: usize },
    #[error("--roll must be 1..={rolls} for {game}, got {got}")]
    Roll { game: String, rolls: usize, got: u32 },
    #[error("the sheet is full: the game is over")]
    Full,
    #[error("this sheet is not a reachable state of {0}")]
    Unreachable(String),
}

/// Checks that `dice` on roll `roll` with `sheet` is a question the game can
/// answer (callers may check before loading or solving a table).
pub fn validate(game: &Game, sheet: &Sheet, dice: &Counts, roll: u32) -> Result<(), AdviseError> {
    if dice_count(dice) != game.dice {
        return Err(AdviseError::DiceCount { game: game.title.clone(), expected: game.dice, got: dice_count(dice) });
    }
    if roll == 0 || roll as usize > game.rolls {
        return Err(AdviseError::Roll { game: game.title.clone(), rolls: game.rolls, got: roll });
    }
    if sheet.is_full() {
        return Err(AdviseError::Full);
    }
    Ok(())
}

/// Ranks all actions for `dice` on roll `roll` (1-based) with `sheet`,
/// best first. `values` are the game's solved state values.
pub fn advise<V: Values + ?Sized>(
    model: &TurnModel,
    values: &V,
    sheet: &Sheet,
    dice: &Counts,
    roll: u32,
) -> Result<Vec<Ranked>, AdviseError> {
    let game: &Game = model.game;
    validate(game, sheet, dice, roll)?;
    let state = sheet.state(game);
    let number = model.index.state_number(&state).ok_or_else(|| AdviseError::Unreachable(game.title.clone()))?;
    let lane = number - model.index.offset(state.mask);
    let so_far = sheet.total(game) as f64;
    let mut s = Scratch::default();
    model.prepare(values, state.mask, &[lane], &mut s);
    let mut ranked: Vec<Ranked> = if roll as usize == game.rolls {
        model
            .score_options(state.mask, dice, &s)
            .into_iter()
            .map(|(category, points, v)| Ranked { action: Action::Score { category, points }, expected: so_far + v })
            .collect()
    } else {
        model.final_roll(state.mask, &mut s);
        for _ in (roll as usize + 1)..game.rolls {
            model.expect(&mut s);
            model.best_keep(&mut s);
        }
        model.expect(&mut s);
        model
            .ms
            .subsets(dice)
            .into_iter()
            .map(|k| {
                let keep = *model.ms.counts(k);
                Ranked { action: Action::Keep { keep }, expected: so_far + model.row(&s, &keep)[0] }
            })
            .collect()
    };
    ranked.sort_by(|a, b| b.expected.total_cmp(&a.expected));
    Ok(ranked)
}
