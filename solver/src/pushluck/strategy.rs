//! The strategy sheet for the expected-score objective: per table variant
//! (on / off the board, after two farkles), the expected score of a turn and,
//! for each number of dice left, the turn total from which to bank; with
//! piggyback, the inherited total from which to roll the previous player's
//! leftover dice. With the three-farkle penalty, also the sheet of the
//! long-run objective ([`super::long_run`]), whose farkles cost what they do
//! to later turns.

use super::long_run;
use super::model::{Params, TurnState};
use super::solution::Solution;
use super::table::table_variants;
use super::PushLuckGame;
use crate::error::Error;
use crate::report::{BankRow, PiggybackRow, StrategyReport, StrategySection};
use crate::vocabulary::Objective;

/// Builds the strategy sheet of `game`.
pub(crate) fn strategy(game: &PushLuckGame) -> Result<StrategyReport, Error> {
    let model = game.model();
    let rules = &game.rules;
    let variants = table_variants(rules);
    let params: Vec<Params> = variants.iter().map(|(_, p)| *p).collect();
    let sols = model.solve_all(&params)?;
    let sections = variants
        .into_iter()
        .zip(&sols)
        .map(|((variant, params), sol)| {
            let pig = rules.turn.piggyback && (params.on_board || !rules.turn.piggyback_needs_board);
            StrategySection {
                variant,
                long_run: false,
                on_board: params.on_board,
                two_farkles_in_a_row: params.last_chance,
                expected_score: sol.start_value(),
                bank_at: bank_rows(sol),
                piggyback_from: if pig { piggyback_from(sol) } else { vec![] },
            }
        })
        .collect();
    let (long_run, long_run_sections) = if rules.turn.three_farkle_penalty > 0 {
        let on = Params { on_board: true, last_chance: false, goal_left: rules.game.goal };
        let lr = long_run::solve(game, on)?;
        let sections = lr
            .turns
            .iter()
            .enumerate()
            .map(|(c, sol)| StrategySection {
                variant: format!("long run, on the board, {c} farkle{} in a row", if c == 1 { "" } else { "s" }),
                long_run: true,
                on_board: true,
                two_farkles_in_a_row: c == 2,
                expected_score: sol.start_value(),
                bank_at: bank_rows(sol),
                piggyback_from: vec![],
            })
            .collect();
        (Some(lr.summary()), sections)
    } else {
        (None, vec![])
    };
    Ok(StrategyReport {
        game: game.reference(),
        objective: Objective::TurnScore,
        counts_rolls: rules.turn.max_rolls > 0,
        max_rolls: rules.turn.max_rolls,
        hot_dice: rules.turn.hot_dice,
        min_bank: rules.turn.min_bank,
        entry: rules.turn.entry,
        penalty: rules.turn.three_farkle_penalty,
        sections,
        long_run,
        long_run_sections,
    })
}

fn bank_rows(sol: &Solution) -> Vec<BankRow> {
    let rules = &sol.model.rules;
    let roll_counts: Vec<u32> = if rules.turn.max_rolls > 0 { (1..rules.turn.max_rolls).collect() } else { vec![1] };
    let max_dice = if rules.turn.hot_dice { 6 } else { 5 };
    let mut out = Vec::new();
    for &rolls in &roll_counts {
        for dice in 1..=max_dice {
            let bank_from = sol.bank_from(dice, rolls);
            let also = bank_from.map(|f| sol.banks_below(dice, rolls, f)).unwrap_or_default();
            out.push(BankRow { rolls_made: rolls, dice_to_roll: dice, bank_from, also_bank_at: also });
        }
    }
    out
}

/// For each number of leftover dice, the smallest inherited total from which
/// piggybacking beats a fresh turn (scanning turn totals on the grid down
/// from above the top, where rolling is never better than banking).
pub(crate) fn piggyback_from(sol: &Solution) -> Vec<PiggybackRow> {
    let fresh = sol.start_value();
    let g = sol.model.grid;
    let limit = (sol.top.max(sol.model.rules.game.goal) / g + 1) * g;
    (1..=5u8)
        .map(|dice| {
            let mut from = None;
            let mut t = limit;
            while t >= g {
                let s = TurnState::leftover(dice, t);
                match sol.roll_value(&s) {
                    Ok(v) if v > fresh => from = Some(t),
                    _ => break,
                }
                t -= g;
            }
            PiggybackRow { leftover_dice: dice, inherited_from: from }
        })
        .collect()
}
