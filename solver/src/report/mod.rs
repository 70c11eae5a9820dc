//! Every typed result of the library: what each command answers.
//!
//! Every command's result is a `Serialize` struct: front ends print it as
//! text or serialise it (`--json`). The vocabulary is the same across
//! families: `game` says which game and options, `objective` what the
//! numbers maximise, and `expected_score` is always the optimal expected
//! value under that objective (final score for category games, score of one
//! turn for push-your-luck games). A report with a shape per family says
//! which in its `kind`.
//!
//! This layer sits below the game families, which fill its types in; it
//! holds data and the rules a player can follow from it (a sheet's
//! bank-or-roll rule), never prose: renderers write the words.

mod advice;
mod compare;
mod games;
mod review;
mod session;
mod simulation;
mod strategy;
mod table;

pub use advice::{
    Advice, CategoryAction, CategoryAdvice, CategoryAlternative, LongRunSummary, PiggybackAdvice, PushLuckAdvice,
    PushLuckAlternative,
};
// A set-aside's `then`: part of `PushLuckAlternative`, not named at the
// root, where `Then` is a record's.
pub(crate) use advice::Then;
pub use compare::{
    CompareEvent, ComparePlan, CompareReport, CompareRow, CompareRowDone, FactColumns, PlannedRow, SeatOdds,
    VariantOdds,
};
pub use games::{games, GameListing, OptionListing, OptionValue};
pub use review::{
    ErrorClass, GameSummary, PlayerReview, PlayerSummary, ReviewReport, ReviewSummary, ReviewedDecision, ReviewedRoll,
    Thresholds, TurnValues,
};
pub use session::{
    BoxView, Choice, Event, LastTurns, Prompt, SeatView, SheetView, TableView, TurnEnd, TurnView, UpperView,
};
pub use simulation::{BoxZeros, Pairing, Percentile, PlayersReport, Rate, Seating, Simulation, SimulationReport};
pub(crate) use strategy::band_of;
pub use strategy::{
    BankBoundary, BankRow, BoundaryCurve, GoalRow, PiggybackRow, ScoreBand, SheetAgreement, SheetRules, Strategy,
    StrategyReport, StrategySection, WinMap, WinSheet, WinSheetRow, WinSheetSection,
};
pub use table::{
    GameFacts, LevelFacts, RulesReport, SeatFacts, SolveNeeds, Solved, TableFile, TableReport, VariantValue, WinFacts,
};

use serde::{Deserialize, Serialize};

/// What the solved values maximise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Objective {
    /// The expected final score of a game (category games).
    FinalScore,
    /// The expected score of one turn (push-your-luck games).
    TurnScore,
    /// The probability of winning a two-player game (push-your-luck games).
    Win,
}

impl Objective {
    /// The win objective, or the score objective of a game of `family`
    /// (what a front end that asks "score or win" means by score).
    pub fn of(win: bool, family: Family) -> Objective {
        match (win, family) {
            (true, _) => Objective::Win,
            (false, Family::Category) => Objective::FinalScore,
            (false, Family::PushLuck) => Objective::TurnScore,
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Objective::FinalScore => "expected final score",
            Objective::TurnScore => "expected turn score",
            Objective::Win => "probability of winning",
        }
    }
}

/// The two kinds of game sixdice solves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Score-sheet games: maximise the expected final score.
    Category,
    /// Push-your-luck games: maximise the expected score of a turn.
    PushLuck,
}

impl Family {
    pub fn describe(self) -> &'static str {
        match self {
            Family::Category => "category game",
            Family::PushLuck => "push-your-luck game",
        }
    }
}

/// A game as reports name it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRef {
    /// Canonical id, e.g. `farkle`.
    pub id: String,
    /// Name with options, e.g. `Farkle (vant-hof-6=3000)`.
    pub title: String,
    pub family: Family,
    /// Options in canonical form.
    pub options: Vec<String>,
    /// House-rules file, as given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules_file: Option<String>,
}

impl GameRef {
    /// Game `id` of `family`, titled `title` (name and options), with its
    /// canonical options and the house-rules file it was built with.
    pub(crate) fn new(
        id: &str,
        family: Family,
        title: String,
        options: &[String],
        rules_file: Option<&str>,
    ) -> GameRef {
        GameRef {
            id: id.to_string(),
            title,
            family,
            options: options.to_vec(),
            rules_file: rules_file.map(ToString::to_string),
        }
    }

    /// The `sixdice solve ...` command that (re)creates this game's table
    /// under `objective` (the one place that spells it).
    pub fn solve_command(&self, objective: Objective) -> String {
        let mut cmd = format!("sixdice solve {}", self.id);
        for o in &self.options {
            cmd.push_str(" -o ");
            cmd.push_str(o);
        }
        if let Some(f) = &self.rules_file {
            cmd.push_str(" --rules ");
            cmd.push_str(f);
        }
        if objective == Objective::Win {
            cmd.push_str(" --objective win");
        }
        cmd
    }
}
