//! The win objective's strategy sheet, and the data of its pictures.
//!
//! The exact policy to win banks at a turn total that depends on both
//! scores, the dice left and (with the penalty) the farkle counts: far too
//! much to print. The sheet keeps one number per number of dice and band
//! of score difference (my total minus the opponent's): bank at this turn
//! total or more. A turn that would bring my total to the goal has its own
//! number per number of dice: bank once the lead after banking reaches it
//! (a small lead leaves the opponent's last turn an easy pass, and the
//! exact policy rolls on in about a third of these decisions in Farkle).
//! The last turn (the opponent has reached the goal) rolls until it passes
//! the leader, as the exact last turn does.
//!
//! ## How the numbers are chosen, and how good they are
//! The decisions that matter are the ones optimal players meet, so the
//! sheet is fitted to them: seeded games of optimal against optimal play
//! ([`crate::pushluck::simulate`]) record every bank-or-roll decision of
//! the exact policy (where banking is allowed). For each row and band (and
//! each row's goal lead) the threshold is the one that agrees with the most
//! of those decisions. Its
//! agreement is then measured on a second, independent set of games (other
//! seeds), so the reported rate is not flattered by the fit.
//!
//! ## Pictures
//! [`win_map`] gathers the turn-start win probabilities over (my score,
//! opponent's score); [`bank_boundary`] the exact bank-from totals for a
//! number of dice against my score, per opponent score. Both are read from
//! the win table; [`crate::pictures`] draws them.

use rayon::prelude::*;

use crate::error::{Error, WinError};
use crate::limits::SHEET_GAMES_MAX;
use crate::pushluck::simulate::arena::{optimal_decisions, Decision};
use crate::pushluck::win::WinValues;
use crate::pushluck::PushLuckGame;
use crate::question::StrategyQuestion;
use crate::report::{
    band_of, BankBoundary, BoundaryCurve, GoalRow, ScoreBand, SheetAgreement, SheetRules, WinMap, WinSheet,
    WinSheetRow, WinSheetSection,
};

/// The fixed bands of score difference, scaled to the goal: within 5% of
/// the goal either way counts as level; then 5-15%, 15-30% and beyond.
fn bands(goal: i64, grid: i64) -> Vec<ScoreBand> {
    let edge = |f: i64| ((goal * f / 100) / grid) * grid;
    let edges = [-edge(30), -edge(15), -edge(5), edge(5), edge(15), edge(30)];
    let mut out = vec![ScoreBand { from: None, to: Some(edges[0]) }];
    for w in edges.windows(2) {
        out.push(ScoreBand { from: Some(w[0]), to: Some(w[1]) });
    }
    out.push(ScoreBand { from: edges.last().copied(), to: None });
    out
}

/// Where a decision goes on the sheet: section and band (its row is its
/// dice and roll class); `None` when the
/// turn reaches the goal (the row's goal lead decides it).
struct Place {
    section: usize,
    band: usize,
}

fn place(values: &WinValues, bands: &[ScoreBand], d: &Decision) -> Option<Place> {
    let (me, them) = (values.sides.side(d.a), values.sides.side(d.b));
    if me.total + d.turn_total >= values.model.rules.game.goal {
        return None;
    }
    let entry = values.model.rules.turn.entry > 0;
    Some(Place { section: usize::from(entry && me.on_board), band: band_of(bands, me.total - them.total) })
}

/// The mover's lead over the opponent if it banks now.
fn lead_after(values: &WinValues, d: &Decision) -> i64 {
    values.sides.side(d.a).total + d.turn_total - values.sides.side(d.b).total
}

/// The threshold that agrees with most of `cell` (turn total, exact
/// banks); ties to the lowest. `None`: never bank.
fn best_threshold(cell: &mut [(i64, bool)]) -> Option<i64> {
    cell.sort_unstable();
    // Threshold above everything: every roll agrees.
    let rolls = cell.iter().filter(|x| !x.1).count();
    let (mut best, mut best_at) = (rolls, None);
    // Threshold at cell[i].0: rolls below it and banks at or above it agree.
    let mut rolls_below = 0;
    let mut i = 0;
    let banks_total = cell.len() - rolls;
    let mut banks_below = 0;
    while i < cell.len() {
        let t = cell[i].0;
        let agree = rolls_below + (banks_total - banks_below);
        if agree > best {
            best = agree;
            best_at = Some(t);
        }
        while i < cell.len() && cell[i].0 == t {
            if cell[i].1 {
                banks_below += 1;
            } else {
                rolls_below += 1;
            }
            i += 1;
        }
    }
    best_at
}

/// Checks a win-sheet question before anything is loaded or solved: the
/// games to fit and measure the sheet on, the dice of the boundary.
///
/// # Errors
/// A game count out of bounds, `dice` outside 1..=6.
pub(crate) fn check(q: &StrategyQuestion) -> Result<(), Error> {
    Error::check_games(q.games, SHEET_GAMES_MAX)?;
    match q.dice {
        Some(k) if !(1..=6).contains(&k) => Err(WinError::BoundaryDice(k).into()),
        _ => Ok(()),
    }
}

/// The win sheet of `game` from its solved win `values`.
///
/// # Errors
/// A game count out of bounds, `dice` outside 1..=6.
pub(crate) fn win_sheet<'g>(
    game: &'g PushLuckGame,
    values: WinValues<'g>,
    q: &StrategyQuestion,
) -> Result<WinSheet, Error> {
    check(q)?;
    let goal = game.rules.game.goal;
    let grid = values.model.grid;
    let bands = bands(goal, grid);
    let boundary = q.dice.map(|k| bank_boundary(game, &values, k));
    let sets = optimal_decisions(game, values.clone(), q.games, &[q.seed, q.seed ^ 0x5EED_5EED_5EED_5EED])?;
    let (fit, check) = (&sets[0], &sets[1]);
    let rows = sheet_rows(fit, check);
    let sections = if game.rules.turn.entry > 0 { 2 } else { 1 };
    let (cells, goal_cells) = sort_into_cells(&values, &bands, &rows, sections, fit);
    // No data: always bank; all rolls (never seen: a game ends with a bank): never.
    let goal_rows: Vec<Option<i64>> = goal_cells
        .into_iter()
        .map(|mut c| (!c.is_empty()).then(|| best_threshold(&mut c).unwrap_or(i64::MAX)))
        .collect();
    let met: Vec<Vec<Vec<bool>>> =
        cells.iter().map(|sec| sec.iter().map(|row| row.iter().map(|c| !c.is_empty()).collect()).collect()).collect();
    let sheet = fit_cells(cells);

    let counts_rolls = game.rules.turn.max_rolls > 0;
    let sections = sheet_sections(sheet, met, &rows, sections, counts_rolls);
    let reaching_goal = rows
        .iter()
        .zip(goal_rows)
        .map(|(&(k, r), lead_from)| GoalRow {
            dice_to_roll: k,
            rolls_made: if counts_rolls { u32::from(r) } else { 1 },
            lead_from,
        })
        .collect();
    let rules = SheetRules { goal, counts_rolls, bands, sections, reaching_goal };
    let agreement = SheetAgreement {
        rate: agreement_rate(&values, &rules, check),
        decisions: check.len() as u64,
        games: q.games,
        fitted_rate: agreement_rate(&values, &rules, fit),
    };
    let map = q.map.then(|| win_map(game, &values));
    Ok(WinSheet { game: game.reference(), rules, agreement, seed: q.seed, boundary, map })
}

/// A cell's decisions: (turn total, whether the exact policy banks).
type Cell = Vec<(i64, bool)>;

/// The sheet's rows (dice to roll, roll class) met in either set: by roll
/// class, then most dice first.
fn sheet_rows(fit: &[Decision], check: &[Decision]) -> Vec<(u8, u8)> {
    let mut rows: Vec<(u8, u8)> = fit.iter().chain(check).map(|d| (d.dice, d.roll_class)).collect();
    rows.sort_unstable();
    rows.dedup();
    rows.sort_by_key(|&(k, r)| (r, std::cmp::Reverse(k)));
    rows
}

/// The decisions of `fit` in their cells, `[section][row][band]`, and those
/// of turns reaching the goal per row (by the lead after banking).
fn sort_into_cells(
    values: &WinValues,
    bands: &[ScoreBand],
    rows: &[(u8, u8)],
    sections: usize,
    fit: &[Decision],
) -> (Vec<Vec<Vec<Cell>>>, Vec<Cell>) {
    let mut cells = vec![vec![vec![Cell::new(); bands.len()]; rows.len()]; sections];
    let mut goal_cells = vec![Cell::new(); rows.len()];
    for d in fit {
        let r = rows.iter().position(|&x| x == (d.dice, d.roll_class)).expect("every row listed");
        match place(values, bands, d) {
            Some(p) => cells[p.section][r][p.band].push((d.turn_total, d.bank)),
            None => goal_cells[r].push((lead_after(values, d), d.bank)),
        }
    }
    (cells, goal_cells)
}

/// Each cell's best threshold; a band no game reached takes its nearest
/// neighbour's.
fn fit_cells(cells: Vec<Vec<Vec<Cell>>>) -> Vec<Vec<Vec<Option<i64>>>> {
    cells
        .into_par_iter()
        .map(|sec| {
            sec.into_iter()
                .map(|row| {
                    let fitted: Vec<Option<Option<i64>>> =
                        row.into_iter().map(|mut cell| (!cell.is_empty()).then(|| best_threshold(&mut cell))).collect();
                    // A band no game reached takes its nearest neighbour's number.
                    (0..fitted.len())
                        .map(|b| {
                            (0..fitted.len())
                                .filter_map(|o| fitted[o].map(|t| (o.abs_diff(b), t)))
                                .min_by_key(|x| x.0)
                                .and_then(|x| x.1)
                        })
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// The sheet's sections (off the board, on it), a row per dice and roll
/// class with its bank-from totals per band and the bands met.
fn sheet_sections(
    sheet: Vec<Vec<Vec<Option<i64>>>>,
    met: Vec<Vec<Vec<bool>>>,
    rows: &[(u8, u8)],
    sections: usize,
    counts_rolls: bool,
) -> Vec<WinSheetSection> {
    sheet
        .into_iter()
        .zip(met)
        .enumerate()
        .map(|(s, (sec, met))| WinSheetSection {
            on_board: sections == 1 || s == 1,
            rows: sec
                .into_iter()
                .zip(met)
                .zip(rows)
                .map(|((bank_from, met), &(k, r))| WinSheetRow {
                    dice_to_roll: k,
                    rolls_made: if counts_rolls { u32::from(r) } else { 1 },
                    bank_from,
                    met,
                })
                .collect(),
        })
        .collect()
}

/// The share of `set`'s decisions the sheet's `rules` agree with, measured
/// with the rule a player follows (`simulate`'s win-sheet player).
fn agreement_rate(values: &WinValues, rules: &SheetRules, set: &[Decision]) -> f64 {
    let agree = set
        .par_iter()
        .filter(|d| {
            let (me, them) = (values.sides.side(d.a), values.sides.side(d.b));
            let bank = rules.banks(me.total, me.on_board, them.total, d.turn_total, d.dice, u32::from(d.roll_class));
            bank == d.bank
        })
        .count();
    agree as f64 / set.len().max(1) as f64
}

/// Turn-start win probabilities on at most about 80 cells a side.
pub(crate) fn win_map(game: &PushLuckGame, values: &WinValues) -> WinMap {
    let grid = values.model.grid;
    let goal = game.rules.game.goal;
    let levels = usize::try_from(goal / grid).unwrap_or(1).max(1);
    let step = grid * i64::try_from(levels.div_ceil(80)).unwrap_or(1);
    let scores: Vec<i64> = (0..goal).step_by(usize::try_from(step).unwrap_or(1)).collect();
    let idx: Vec<usize> =
        scores.iter().map(|&s| values.sides.of_question(s, 0).expect("totals below the goal")).collect();
    let p = idx.iter().flat_map(|&a| idx.iter().map(move |&b| values.at(a, b))).collect();
    WinMap { game: game.reference(), step, scores, p }
}

/// The exact bank-from totals for `dice` dice to roll after the first roll
/// of a turn: my score across, one curve per opponent score (0, a quarter,
/// half, three quarters and nine tenths of the goal).
pub(crate) fn bank_boundary(game: &PushLuckGame, values: &WinValues, dice: u8) -> BankBoundary {
    let grid = values.model.grid;
    let goal = game.rules.game.goal;
    let levels = usize::try_from(goal / grid).unwrap_or(1).max(1);
    let step = grid * i64::try_from(levels.div_ceil(100)).unwrap_or(1);
    let on_grid = |x: i64| (x / grid) * grid;
    let opponents = [0, on_grid(goal / 4), on_grid(goal / 2), on_grid(goal * 3 / 4), on_grid(goal * 9 / 10)];
    let mine: Vec<i64> = (0..goal).step_by(usize::try_from(step).unwrap_or(1)).collect();
    let curves = opponents
        .iter()
        .map(|&o| {
            let b = values.sides.of_question(o, 0).expect("below the goal");
            let points = mine
                .par_iter()
                .map(|&x| {
                    let a = values.sides.of_question(x, 0).expect("below the goal");
                    (x, values.turn(a, b).bank_from(dice, 1))
                })
                .collect();
            BoundaryCurve { opponent: o, points }
        })
        .collect();
    BankBoundary { game: game.reference(), dice, rolls_made: 1, step, curves }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_threshold_agrees_most() {
        // Rolls below 300, banks from 300: threshold 300 agrees with all.
        let mut cell = vec![(100, false), (350, true), (300, true), (250, false)];
        assert_eq!(best_threshold(&mut cell), Some(300));
        // Only rolls: never bank.
        let mut cell = vec![(100, false), (900, false)];
        assert_eq!(best_threshold(&mut cell), None);
        // Only banks: bank from the lowest.
        let mut cell = vec![(400, true), (200, true)];
        assert_eq!(best_threshold(&mut cell), Some(200));
        // One stray roll high up: the threshold still agrees with 3 of 4.
        let mut cell = vec![(100, false), (300, true), (400, true), (500, false)];
        assert_eq!(best_threshold(&mut cell), Some(300));
    }

    #[test]
    fn bands_cover_every_difference_once() {
        let b = bands(10_000, 50);
        assert_eq!(b.len(), 7);
        assert_eq!(band_of(&b, -1_000_000), 0);
        assert_eq!(band_of(&b, 0), 3);
        assert_eq!(band_of(&b, 499), 3);
        assert_eq!(band_of(&b, 500), 4);
        assert_eq!(band_of(&b, -500), 3);
        assert_eq!(band_of(&b, -501), 2);
        assert_eq!(band_of(&b, 1_000_000), 6);
    }
}
