//! Advice for one roll: every choice ranked by expected final score.
//!
//! The table holds the value of every turn-start state. For one state the
//! turn DP is cheap (one lane, microseconds), so advice re-runs it for the
//! player's state with the table's values as successors and reads the ranked
//! choices off it: after the last roll, the boxes; before it, every keep
//! (sub-multiset of the dice). Without dice, the answer is the value of the
//! sheet before the turn's first roll.
//!
//! Where the values come from: the game's table when it exists; else, for
//! a game small enough to solve whole in seconds, a table solved on the
//! spot (saved when the tables directory takes it, else answered from
//! memory with a note); else (Six Hundred) the exact solve of the sub-game below the
//! player's sheet ([`super::subgame`]) when that is small enough to take a
//! few seconds, and otherwise one line naming `sixdice solve`.

use std::path::Path;

use super::levels;
use super::model::Sheet;
use super::model::{CategoryGame, KeepRule};
use super::solve::solve;
use super::subgame::{self, Reach};
use super::table::open_or_solve;
use super::turn::{Choice, Indexed, Position, Scratch, TurnDp, Values};
use crate::category::table::Storage;
use crate::dice::{dice_count, faces_of, format_dice, Counts};
use crate::error::Error;
use crate::error::{AdviseError, SheetError};
use crate::limits::{SUBGAME_STATES_MAX, WHOLE_SOLVE_STATES_MAX};
use crate::progress::Progress;
use crate::question::CategoryQuestion;
use crate::report::{CategoryAction, CategoryAdvice, CategoryAlternative};
use crate::table;
use crate::vocabulary::Objective;

/// Checks a question against the game, before any table is opened or
/// solved: the sheet, the roll and the locked dice.
pub(crate) fn check(game: &CategoryGame, q: &CategoryQuestion) -> Result<(Sheet, u32, Counts), Error> {
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
    let locked = match (q.locked, &q.dice) {
        (None, _) => [0; 6],
        (Some(_), _) if game.keep_rule != KeepRule::Locked => {
            return Err(AdviseError::LockedNotInGame { game: game.title.clone() }.into())
        }
        (Some(_), _) if roll == 1 || roll as usize >= game.rolls || q.dice.is_none() => {
            return Err(AdviseError::LockedRoll { roll, rolls: game.rolls }.into())
        }
        (Some(l), Some(d)) if l.iter().zip(d).any(|(a, b)| a > b) => {
            return Err(AdviseError::LockedNotInDice { locked: format_dice(&l), dice: format_dice(d) }.into())
        }
        (Some(l), _) => l,
    };
    Ok((sheet, roll, locked))
}

/// Ranks every choice at `position` of a turn from `sheet` (`None`: the
/// sheet's value before the turn's first roll), with the values of the
/// game's table, its level files, or the sub-game below the sheet (see the
/// module docs).
pub(crate) fn advise_sheet(
    game: &CategoryGame,
    dir: &Path,
    sheet: &Sheet,
    position: Option<&Position>,
    progress: &dyn Progress,
) -> Result<CategoryAdvice, Error> {
    let dp = TurnDp::new(game);
    let states = dp.index().len();
    if Storage::of(game) == Storage::Table {
        let table = open_or_solve(dir, &dp, progress)?;
        return rank(&dp, &Indexed { index: dp.index(), values: table.values() }, sheet, position);
    }
    // Too large to solve here (Six Hundred): the level files of a level
    // solve, where the one this sheet needs is there; else the sub-game.
    let level_dir = levels::levels_dir(dir, game);
    let (mask, lane) = locate(&dp, sheet)?;
    let in_memory: Vec<f64>;
    let mut solved = levels::successors_of(&dp, &level_dir, mask)?;
    if solved.is_none() && states <= WHOLE_SOLVE_STATES_MAX {
        // A short card: solve it whole (seconds) and keep its levels, or
        // when they cannot be written, answer from memory.
        progress.note(&format!("no table at {}; solving {} now (a few seconds)", level_dir.display(), game.title));
        match levels::check_writable(&level_dir) {
            Ok(()) => {
                levels::solve_levels(&dp, &level_dir, progress)?;
                solved = levels::successors_of(&dp, &level_dir, mask)?;
            }
            Err(e) => {
                table::note_unsaved(progress, &e);
                in_memory = solve(&dp, progress).values;
                solved = Some(Box::new(Indexed { index: dp.index(), values: in_memory.as_slice() }));
            }
        }
    }
    match solved {
        Some(values) => rank(&dp, values.as_ref(), sheet, position),
        None => {
            let Some(reach) = Reach::new(&dp, mask, lane, SUBGAME_STATES_MAX) else {
                return Err(AdviseError::NeedsTable {
                    game: game.title.clone(),
                    command: game.reference().solve_command(Objective::FinalScore),
                    needs: levels::needs_in_words(&dp),
                }
                .into());
            };
            let sub = subgame::solve(&dp, &reach, progress);
            rank(&dp, &sub, sheet, position)
        }
    }
}

/// (mask, lane) of the turn-start state of `sheet`.
pub(crate) fn locate(dp: &TurnDp, sheet: &Sheet) -> Result<(u32, usize), Error> {
    let game = dp.game();
    let state = sheet.state(game);
    let index = dp.index();
    let number = index.state_number(&state).ok_or_else(|| AdviseError::Unreachable(game.title.clone()))?;
    Ok((state.mask, number - index.offset(state.mask)))
}

/// Ranks every choice with `values` as the turn-start values of the game,
/// at `position` in the turn (`None`: before the first roll).
pub(crate) fn rank<V: Values + ?Sized>(
    dp: &TurnDp,
    values: &V,
    sheet: &Sheet,
    position: Option<&Position>,
) -> Result<CategoryAdvice, Error> {
    let game = dp.game();
    let (mask, lane) = locate(dp, sheet)?;
    let so_far = sheet.total(game);
    let roll = position.map_or(1, |p| p.roll);
    let dice = position.map(|p| &p.dice);
    let situation = situation_line(game, sheet, position);
    let mut report = CategoryAdvice {
        game: game.reference(),
        objective: Objective::FinalScore,
        situation,
        dice: dice.map(faces_of),
        locked: position.filter(|p| dice_count(&p.locked) > 0).map(|p| faces_of(&p.locked)),
        roll,
        rolls: game.rolls,
        filled_boxes: sheet.filled(),
        boxes: game.categories.len(),
        points_so_far: so_far,
        expected_score: 0.0,
        alternatives: vec![],
        target: None,
        chance: None,
        distribution: None,
        to_win: None,
    };
    let Some(position) = position else {
        let mut out = [0.0];
        dp.turn_start(values, mask, &[lane], &mut Scratch::<f64>::default(), &mut out);
        report.expected_score = f64::from(so_far) + out[0];
        return Ok(report);
    };
    let dice = &position.dice;
    let mut ranked = dp.choices(values, mask, lane, position);
    // Stable: among equal values the order of the choices stays.
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    // Standing pat is best only if it stays best on every later roll (fewer
    // rolls left only make re-rolling worse), so it ends in the box that is
    // best for these dice on the last roll: name it.
    let stand_pat_box = if (roll as usize) < game.rolls && position.locked != *dice {
        let last = Position { roll: u32::try_from(game.rolls).expect("few rolls"), dice: *dice, locked: *dice };
        let mut boxes = dp.choices(values, mask, lane, &last);
        boxes.sort_by(|a, b| b.1.total_cmp(&a.1));
        boxes.first().map(|(c, _)| describe(game, c, ""))
    } else {
        None
    };
    report.alternatives = ranked
        .into_iter()
        .map(|(choice, v)| CategoryAlternative {
            description: describe(game, &choice, stand_pat_box.as_deref().unwrap_or("")),
            action: action_of(game, &choice),
            expected_score: f64::from(so_far) + v,
            chance: None,
            distribution: None,
            win: None,
        })
        .collect();
    report.expected_score = report.alternatives[0].expected_score;
    Ok(report)
}

/// A choice as the report states it.
pub(crate) fn action_of(game: &CategoryGame, choice: &Choice) -> CategoryAction {
    match choice {
        Choice::Keep(keep) if game.keep_rule == KeepRule::Locked => {
            CategoryAction::Lock { lock: faces_of(keep), reroll: game.dice - dice_count(keep) }
        }
        Choice::Keep(keep) => CategoryAction::Keep { keep: faces_of(keep), reroll: game.dice - dice_count(keep) },
        Choice::Score { category, points } => {
            CategoryAction::Score { category: game.categories[*category].name.to_string(), points: *points }
        }
    }
}

fn describe(game: &CategoryGame, choice: &Choice, stand_pat_box: &str) -> String {
    let verb = if game.keep_rule == KeepRule::Locked { "lock" } else { "keep" };
    match choice {
        Choice::Keep(keep) if dice_count(keep) == game.dice => format!("{verb} all, then {stand_pat_box}"),
        Choice::Keep(keep) if dice_count(keep) == 0 => format!("re-roll all {}", game.dice),
        Choice::Keep(keep) => format!("{verb} {} (re-roll {})", format_dice(keep), game.dice - dice_count(keep)),
        Choice::Score { category, points } => format!("score {points} in {}", game.categories[*category].name),
    }
}

fn situation_line(game: &CategoryGame, sheet: &Sheet, position: Option<&Position>) -> String {
    let boxes =
        format!("{} of {} boxes filled, {} points so far", sheet.filled(), game.categories.len(), sheet.total(game));
    match position {
        Some(p) if dice_count(&p.locked) > 0 => format!(
            "{}: roll {} of {}, dice {} with {} locked, {boxes}",
            game.title,
            p.roll,
            game.rolls,
            format_dice(&p.dice),
            format_dice(&p.locked)
        ),
        Some(p) => format!("{}: roll {} of {}, dice {}, {boxes}", game.title, p.roll, game.rolls, format_dice(&p.dice)),
        None => format!("{}: before the first roll, {boxes}", game.title),
    }
}
