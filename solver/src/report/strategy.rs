//! The reports of `strategy`: the expected-score sheet of a push-your-luck
//! game, and the sheet to win a two-player game with the data of its
//! pictures.

use serde::Serialize;

use super::advice::LongRunSummary;
use crate::vocabulary::{GameRef, Objective};

/// One row of the sheet: with `dice` to roll after `rolls_made` rolls, bank
/// from `bank_from` on (and at the totals in `also_bank_at`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BankRow {
    pub rolls_made: u32,
    pub dice_to_roll: u8,
    /// `None`: never bank (always roll).
    pub bank_from: Option<i64>,
    /// Lower totals where banking is optimal too (entry thresholds, goals).
    pub also_bank_at: Vec<i64>,
}

/// Piggyback on `leftover_dice` dice when inheriting at least `inherited_from`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PiggybackRow {
    pub leftover_dice: u8,
    /// `None`: never.
    pub inherited_from: Option<i64>,
}

/// One section of the sheet: one set of turn parameters.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StrategySection {
    /// E.g. `on the board`.
    pub variant: String,
    /// The long-run objective's sheet under the three-farkle penalty (its
    /// values count what a farkle does to later turns), not one turn's.
    pub long_run: bool,
    pub on_board: bool,
    pub two_farkles_in_a_row: bool,
    pub expected_score: f64,
    pub bank_at: Vec<BankRow>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub piggyback_from: Vec<PiggybackRow>,
}

/// The strategy sheet.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StrategyReport {
    pub game: GameRef,
    pub objective: Objective,
    /// Rolls are counted (Yahtzix): rows are per roll.
    pub counts_rolls: bool,
    /// Rolls per turn (0 = no limit).
    pub max_rolls: u32,
    /// Six dice may be rolled again after all scored.
    pub hot_dice: bool,
    /// No bank below this once on the board (0: none).
    pub min_bank: i64,
    /// A turn under this scores 0 off the board.
    pub entry: i64,
    pub penalty: i64,
    pub sections: Vec<StrategySection>,
    /// With the three-farkle penalty: the long-run objective (average
    /// points per turn over a long game), whose sheet is in `long_run_sections`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub long_run: Option<LongRunSummary>,
    /// Per farkle count, on the board: the sheet of the long-run policy
    /// (`expected_score`: this turn's points plus the value of the farkle
    /// count it leaves, relative to none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub long_run_sections: Vec<StrategySection>,
}

/// A band of score differences (my total minus the opponent's):
/// `from <= difference < to`, open where `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ScoreBand {
    pub from: Option<i64>,
    pub to: Option<i64>,
}

/// One row of the sheet: `bank_from[band]` is the turn total at which to
/// bank (`None`: never bank, roll).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WinSheetRow {
    pub dice_to_roll: u8,
    /// Rolls made so far (games that count rolls; else 1).
    pub rolls_made: u32,
    pub bank_from: Vec<Option<i64>>,
    /// Per band: whether the fitting games met this row there at all (a
    /// band they did not meet takes its nearest met neighbour's number).
    pub met: Vec<bool>,
}

/// A turn that would bring the total to the goal: bank once the lead over
/// the opponent after banking reaches `lead_from` (a smaller lead leaves
/// the opponent's last turn an easy pass, so the exact policy often rolls
/// on); `None`: always bank (no game met the row); `i64::MAX`: never.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GoalRow {
    pub dice_to_roll: u8,
    /// Rolls made so far (games that count rolls; else 1).
    pub rolls_made: u32,
    pub lead_from: Option<i64>,
}

/// The rows for players on the board or not (entry threshold).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WinSheetSection {
    pub on_board: bool,
    pub rows: Vec<WinSheetRow>,
}

/// How well the sheet matches the exact policy.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SheetAgreement {
    /// Share of the measuring games' decisions where the sheet decides as
    /// the exact policy ...
    pub rate: f64,
    /// ... out of this many decisions ...
    pub decisions: u64,
    /// ... in this many games (seeds other than the fitting games').
    pub games: u64,
    /// The same share in the fitting games.
    pub fitted_rate: f64,
}

/// What the sheet says, as rules a player can follow ([`SheetRules::banks`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SheetRules {
    pub goal: i64,
    /// Rows are per roll made (games that count rolls); else per dice only.
    pub counts_rolls: bool,
    pub bands: Vec<ScoreBand>,
    pub sections: Vec<WinSheetSection>,
    /// Turns that reach the goal, per dice to roll.
    pub reaching_goal: Vec<GoalRow>,
}

impl SheetRules {
    /// What the sheet says at a decision: bank (`true`) or roll, for a
    /// player at `total` (on the board or not) against `opponent`, with
    /// `turn_total` at stake and `dice` to roll after `rolls` rolls (the
    /// roll class). A turn that reaches the goal banks once the lead its row
    /// names is reached (always, when it has none); a row the sheet lacks
    /// rolls.
    pub(crate) fn banks(
        &self,
        total: i64,
        on_board: bool,
        opponent: i64,
        turn_total: i64,
        dice: u8,
        rolls: u32,
    ) -> bool {
        if total + turn_total >= self.goal {
            let row = self
                .reaching_goal
                .iter()
                .find(|r| r.dice_to_roll == dice && (!self.counts_rolls || r.rolls_made == rolls));
            return row.and_then(|r| r.lead_from).is_none_or(|l| total + turn_total - opponent >= l);
        }
        let section = self.sections.iter().find(|s| s.on_board == on_board).or(self.sections.first());
        let row = section.and_then(|s| {
            s.rows.iter().find(|r| r.dice_to_roll == dice && (!self.counts_rolls || r.rolls_made == rolls))
        });
        let band = band_of(&self.bands, total - opponent);
        row.and_then(|r| r.bank_from[band]).is_some_and(|t| turn_total >= t)
    }
}

/// The win objective's strategy sheet.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WinSheet {
    pub game: GameRef,
    #[serde(flatten)]
    pub rules: SheetRules,
    pub agreement: SheetAgreement,
    pub seed: u64,
    /// The exact bank/roll boundary, when asked for a number of dice.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub boundary: Option<BankBoundary>,
    /// The turn-start win probabilities, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub map: Option<WinMap>,
}

/// Turn-start win probabilities on a grid of scores (both players on the
/// board, no farkles in a row).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WinMap {
    pub game: GameRef,
    /// Cell size in points.
    pub step: i64,
    /// Lower edges of the cells, on both axes.
    pub scores: Vec<i64>,
    /// `p[i * scores.len() + j]`: P(win) for the player to move at
    /// `scores[i]` against `scores[j]`.
    pub p: Vec<f64>,
}

/// One opponent score's curve: `(my score, bank from)`, `None` where the
/// exact policy never banks with these dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoundaryCurve {
    pub opponent: i64,
    pub points: Vec<(i64, Option<i64>)>,
}

/// The exact bank/roll boundary for one number of dice to roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BankBoundary {
    pub game: GameRef,
    pub dice: u8,
    pub rolls_made: u32,
    /// Spacing of my scores, in points.
    pub step: i64,
    pub curves: Vec<BoundaryCurve>,
}

pub(crate) fn band_of(bands: &[ScoreBand], difference: i64) -> usize {
    bands.iter().position(|b| b.to.is_none_or(|t| difference < t)).unwrap_or(bands.len() - 1)
}

/// The answer of `strategy`: the sheet for the game's score objective, or
/// the sheet to win.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Strategy {
    Score(Box<StrategyReport>),
    Win(Box<WinSheet>),
}
