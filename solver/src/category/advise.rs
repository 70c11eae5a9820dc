//! Advice for one roll: every choice ranked by expected final score.
//!
//! The table holds the value of every turn-start state. For one state the
//! turn DP is cheap (one lane, microseconds), so advice re-runs it for the
//! player's state with the table's values as successors and reads the ranked
//! choices off it: after the last roll, the boxes; before it, every keep
//! (sub-multiset of the dice). Without dice, the answer is the value of the
//! sheet before the turn's first roll.

use std::path::Path;

use serde::Serialize;

use super::model::CategoryGame;
use super::sheet::{Sheet, SheetError};
use super::table::{game_ref, open_or_solve};
use super::turn::{Choice, Indexed, Position, TurnDp, Values};
use crate::dice::{dice_count, faces_of, format_dice, Counts};
use crate::error::{Error, Field};
use crate::progress::Progress;
use crate::registry::GameRef;
use crate::report::Objective;

/// A question about a category game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryQuestion {
    /// The score sheet so far, in the sheet syntax of [`super::sheet`].
    pub sheet: String,
    /// The dice just rolled; `None` asks for the value of the sheet before
    /// the turn's first roll.
    pub dice: Option<Counts>,
    /// Which roll of the turn the dice are (1-based; default 1).
    pub roll: Option<u32>,
}

/// Why a question about a category game cannot be answered.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum AdviseError {
    #[error("{game} uses {expected} dice, got {got}")]
    DiceCount { game: String, expected: usize, got: usize },
    #[error("roll {got} does not exist: {game} has rolls 1 to {rolls}")]
    Roll { game: String, rolls: usize, got: u32 },
    #[error("this sheet is not a reachable state of {0}")]
    Unreachable(String),
}

impl AdviseError {
    /// The part of the question that is wrong.
    pub fn field(&self) -> Field {
        match self {
            AdviseError::DiceCount { .. } => Field::Dice,
            AdviseError::Roll { .. } => Field::Roll,
            AdviseError::Unreachable(_) => Field::Sheet,
        }
    }
}

/// What a choice does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum CategoryAction {
    /// Keep these dice and re-roll the rest.
    Keep { keep: Vec<u8>, reroll: usize },
    /// Score the roll in a box.
    Score { category: String, points: u32 },
}

/// One choice and its value.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CategoryAlternative {
    #[serde(flatten)]
    pub action: CategoryAction,
    /// For people, e.g. `keep 2,2 (re-roll 3)`, `keep all, then score 20 in three-pairs`.
    pub description: String,
    /// Expected final score (points on the sheet so far included).
    pub expected_score: f64,
}

/// The answer to a [`CategoryQuestion`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CategoryAdvice {
    pub game: GameRef,
    pub objective: Objective,
    /// One line restating the question.
    pub situation: String,
    /// The dice (absent: the value of the sheet before the turn).
    pub dice: Option<Vec<u8>>,
    pub roll: u32,
    pub rolls: usize,
    pub filled_boxes: usize,
    pub boxes: usize,
    /// Points on the sheet, bonuses earned included.
    pub points_so_far: u32,
    /// Expected final score under optimal play from here.
    pub expected_score: f64,
    /// Every choice, best first (empty without dice).
    pub alternatives: Vec<CategoryAlternative>,
}

/// Checks a question against the game, before any table is opened or solved.
pub fn check(game: &CategoryGame, q: &CategoryQuestion) -> Result<(Sheet, u32), Error> {
    let sheet = Sheet::parse(game, &q.sheet)?;
    if let Some(dice) = &q.dice {
        if dice_count(dice) != game.dice {
            return Err(AdviseError::DiceCount {
                game: game.title.clone(),
                expected: game.dice,
                got: dice_count(dice),
            }
            .into());
        }
    }
    let roll = q.roll.unwrap_or(1);
    if roll == 0 || roll as usize > game.rolls || (q.dice.is_none() && roll != 1) {
        return Err(AdviseError::Roll { game: game.title.clone(), rolls: game.rolls, got: roll }.into());
    }
    if sheet.is_full() {
        return Err(SheetError::Full.into());
    }
    Ok((sheet, roll))
}

/// Answers `q`, with the table from `dir` (solved first when missing).
pub fn advise(
    game: &CategoryGame,
    dir: &Path,
    q: &CategoryQuestion,
    progress: &dyn Progress,
) -> Result<CategoryAdvice, Error> {
    let (sheet, roll) = check(game, q)?;
    let dp = TurnDp::new(game);
    let (table, _) = open_or_solve(dir, &dp, progress)?;
    rank(&dp, &Indexed { index: dp.index(), values: table.values() }, &sheet, q.dice.as_ref(), roll)
}

/// Ranks every choice with `values` as the turn-start values of the game.
pub fn rank<V: Values + ?Sized>(
    dp: &TurnDp,
    values: &V,
    sheet: &Sheet,
    dice: Option<&Counts>,
    roll: u32,
) -> Result<CategoryAdvice, Error> {
    let game = dp.game();
    let state = sheet.state(game);
    let index = dp.index();
    let number = index.state_number(&state).ok_or_else(|| AdviseError::Unreachable(game.title.clone()))?;
    let lane = number - index.offset(state.mask);
    let so_far = sheet.total(game);
    let situation = situation_line(game, sheet, dice, roll);
    let mut report = CategoryAdvice {
        game: game_ref(game),
        objective: Objective::FinalScore,
        situation,
        dice: dice.map(faces_of),
        roll,
        rolls: game.rolls,
        filled_boxes: sheet.filled(),
        boxes: game.categories.len(),
        points_so_far: so_far,
        expected_score: 0.0,
        alternatives: vec![],
    };
    let Some(dice) = dice else {
        let mut out = [0.0];
        dp.turn_start(values, state.mask, &[lane], &mut Default::default(), &mut out);
        report.expected_score = f64::from(so_far) + out[0];
        return Ok(report);
    };
    let mut ranked = dp.choices(values, state.mask, lane, &Position { roll, dice: *dice, locked: [0; 6] });
    // Stable: among equal values the order of the choices stays.
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    // Standing pat is best only if it stays best on every later roll (fewer
    // rolls left only make re-rolling worse), so it ends in the box that is
    // best for these dice on the last roll: name it.
    let stand_pat_box = if (roll as usize) < game.rolls {
        let last = Position { roll: u32::try_from(game.rolls).expect("few rolls"), dice: *dice, locked: [0; 6] };
        let mut boxes = dp.choices(values, state.mask, lane, &last);
        boxes.sort_by(|a, b| b.1.total_cmp(&a.1));
        boxes.first().map(|(c, _)| describe(game, c, ""))
    } else {
        None
    };
    report.alternatives = ranked
        .into_iter()
        .map(|(choice, v)| CategoryAlternative {
            description: describe(game, &choice, stand_pat_box.as_deref().unwrap_or("")),
            action: match choice {
                Choice::Keep(keep) => {
                    CategoryAction::Keep { keep: faces_of(&keep), reroll: game.dice - dice_count(&keep) }
                }
                Choice::Score { category, points } => {
                    CategoryAction::Score { category: game.categories[category].name.to_string(), points }
                }
            },
            expected_score: f64::from(so_far) + v,
        })
        .collect();
    report.expected_score = report.alternatives[0].expected_score;
    Ok(report)
}

fn describe(game: &CategoryGame, choice: &Choice, stand_pat_box: &str) -> String {
    match choice {
        Choice::Keep(keep) if dice_count(keep) == game.dice => format!("keep all, then {stand_pat_box}"),
        Choice::Keep(keep) if dice_count(keep) == 0 => format!("re-roll all {}", game.dice),
        Choice::Keep(keep) => format!("keep {} (re-roll {})", format_dice(keep), game.dice - dice_count(keep)),
        Choice::Score { category, points } => format!("score {points} in {}", game.categories[*category].name),
    }
}

fn situation_line(game: &CategoryGame, sheet: &Sheet, dice: Option<&Counts>, roll: u32) -> String {
    let boxes =
        format!("{} of {} boxes filled, {} points so far", sheet.filled(), game.categories.len(), sheet.total(game));
    match dice {
        Some(d) => format!("{}: roll {roll} of {}, dice {}, {boxes}", game.title, game.rolls, format_dice(d)),
        None => format!("{}: before the first roll, {boxes}", game.title),
    }
}
