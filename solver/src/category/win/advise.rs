//! Advice for one roll when the player plays to win against the other
//! sheets: every choice ranked by its chance to win (see the module docs
//! of [`super`] for what the chance is when some sheet is still in play),
//! beside the exact chances of the expected-score play from then on.
//!
//! The best chances come from one run of the target turn DP for the
//! player's state over every needed score the best other final score
//! makes matter (`M + 1` for a win, `M` for a win or a tie); the
//! expected-score play's from the distribution of each alternative
//! ([`crate::category::distribution::advise::attach`]).

use std::path::Path;

use super::field::{best_of, opponents, read};
use crate::category::advise::{action_of, locate, rank};
use crate::category::distribution::advise::attach;
use crate::category::distribution::table::{
    open_or_solve as open_or_solve_distribution, DistributionBands, DistributionTable,
};
use crate::category::model::{CategoryGame, Sheet};
use crate::category::table::{open_or_solve as open_or_solve_values, Storage};
use crate::category::target::table::{open_or_solve as open_or_solve_target, TargetBands, TargetTable};
use crate::category::turn::{Choice, Indexed, Position, Run, Scratch, TurnDp, Values};
use crate::error::{AdviseError, Error};
use crate::progress::Progress;
use crate::report::{CategoryAdvice, CategoryAlternative, OpponentSheet, ScoreDistribution, ToWin, WinChance, WinRule};
use crate::vocabulary::Objective;

/// What the player's turn is asked about: the sheet, the roll (`None`:
/// before the turn), and the other players' sheets.
pub(crate) struct WinQuestion<'a> {
    pub(crate) sheet: &'a Sheet,
    pub(crate) position: Option<&'a Position>,
    pub(crate) opponents: &'a [String],
    /// Keep every alternative's distribution in the report.
    pub(crate) distribution: bool,
}

/// The tables playing to win reads besides the expected-score values: the
/// target table (best chances) and the distribution table (the other
/// sheets' final scores, the expected-score play's chances).
pub(crate) struct WinTables {
    pub(crate) target: TargetTable,
    pub(crate) distribution: DistributionTable,
}

impl WinTables {
    /// Opens both (each solved first when missing and quick, else refused
    /// with the command that makes it).
    pub(crate) fn open_or_solve(dir: &Path, dp: &TurnDp, progress: &dyn Progress) -> Result<WinTables, Error> {
        let target = open_or_solve_target(dir, dp, progress)?;
        let distribution = open_or_solve_distribution(dir, dp, progress)?;
        Ok(WinTables { target, distribution })
    }
}

/// Ranks every choice of `q` by its chance to win.
pub(crate) fn advise_win(
    game: &CategoryGame,
    dir: &Path,
    q: &WinQuestion,
    progress: &dyn Progress,
) -> Result<CategoryAdvice, Error> {
    if Storage::of(game) != Storage::Table {
        return Err(AdviseError::WinNotInGame(game.title.clone()).into());
    }
    let dp = TurnDp::new(game);
    // Every sheet is read before anything is solved.
    locate(&dp, q.sheet)?;
    let read = read(&dp, q.opponents)?;
    let tables = WinTables::open_or_solve(dir, &dp, progress)?;
    let values = open_or_solve_values(dir, &dp, progress)?;
    let ev = Indexed { index: dp.index(), values: values.values() };
    let others = opponents(&dp, &tables.distribution, &read);
    rank_to_win(&dp, &tables, &ev, q.sheet, q.position, others, q.distribution)
}

/// Ranks every choice at `position` of a turn from `sheet` (`None`: before
/// the turn) by its chance to win against `others`, with the
/// expected-score values `ev`; with `every`, each alternative keeps its
/// final-score distribution.
pub(crate) fn rank_to_win<V: Values + ?Sized>(
    dp: &TurnDp,
    tables: &WinTables,
    ev: &V,
    sheet: &Sheet,
    position: Option<&Position>,
    others: Vec<OpponentSheet>,
    every: bool,
) -> Result<CategoryAdvice, Error> {
    let game = dp.game();
    let (mask, lane) = locate(dp, sheet)?;
    let mut report = rank(dp, ev, sheet, position)?;
    let bands = DistributionBands { index: dp.index(), table: &tables.distribution };
    attach(dp, &bands, ev, sheet, position, true, &mut report)?;
    let best = best_of(&others.iter().map(|o| &o.distribution).collect::<Vec<_>>());

    // The best chances of reaching every score from the lowest best other
    // score to one above the highest.
    let so_far = sheet.total(game);
    let first = i64::from(best.lowest) - i64::from(so_far);
    let len = (best.highest - best.lowest + 2) as usize;
    let run = Run { lane, first, len };
    let bands = TargetBands { index: dp.index(), table: &tables.target };
    let chances: Vec<(Choice, Vec<f64>)> = match position {
        Some(p) => dp.target_run_choices(&bands, mask, run, p),
        None => {
            let mut out = vec![0.0; len];
            dp.target_turn_start(&bands, mask, &[run], &mut Scratch::<f64>::default(), &mut out);
            vec![(Choice::Keep([0; 6]), out)]
        }
    };
    let win = |best_chances: &[f64], expected: &ScoreDistribution| against(&best, best_chances, expected);
    if position.is_some() {
        for alt in &mut report.alternatives {
            let found = chances.iter().find(|(c, _)| alt.action == action_of(game, c));
            if let (Some((_, v)), Some(d)) = (found, &alt.distribution) {
                alt.win = Some(win(v, d));
            }
        }
        // Stable: equal chances keep the expected-score order.
        report.alternatives.sort_by(|a, b| chance_of(b).total_cmp(&chance_of(a)));
        report.chance = report.alternatives.first().map(chance_of);
        report.distribution = report.alternatives.first().and_then(|a| a.distribution.clone());
        if !every {
            report.alternatives.iter_mut().for_each(|a| a.distribution = None);
        }
    } else if let Some(d) = &report.distribution {
        report.chance = Some(win(&chances[0].1, d).chance);
    }
    report.objective = Objective::Win;
    report.to_win = Some(to_win(others, best));
    Ok(report)
}

fn chance_of(alt: &CategoryAlternative) -> f64 {
    alt.win.map_or(0.0, |w| w.chance)
}

/// One choice's chances against the best other score `best`:
/// `best_chances[i]` is the best chance of a final score of at least
/// `best.lowest + i`; `expected` the final score's distribution under the
/// expected-score play.
fn against(best: &ScoreDistribution, best_chances: &[f64], expected: &ScoreDistribution) -> WinChance {
    let mut w = WinChance { chance: 0.0, win_or_tie: 0.0, expected_play: 0.0, expected_play_tie: 0.0 };
    for (i, m) in (best.lowest..=best.highest).enumerate() {
        let p = best.chance_of(m);
        if p == 0.0 {
            continue;
        }
        w.chance += p * best_chances[i + 1];
        w.win_or_tie += p * best_chances[i];
        w.expected_play += p * expected.chance_at_least(m + 1);
        w.expected_play_tie += p * expected.chance_of(m);
    }
    w
}

/// The report's account of the other sheets and of what the chances mean.
fn to_win(opponents: Vec<OpponentSheet>, best: ScoreDistribution) -> ToWin {
    if opponents.iter().all(|o| o.finished) {
        ToWin { opponents, to_beat: Some(best.lowest), best_opponent: best, rule: WinRule::Exact }
    } else {
        ToWin { opponents, to_beat: None, best_opponent: best, rule: WinRule::IfBestKnown }
    }
}
