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

pub(crate) mod advice;
pub(crate) mod compare;
pub(crate) mod distribution;
pub(crate) mod games;
pub(crate) mod review;
pub(crate) mod rollout;
pub(crate) mod session;
pub(crate) mod sheets_win;
pub(crate) mod simulation;
pub(crate) mod strategy;
pub(crate) mod table;

pub(crate) use advice::{
    Advice, CategoryAction, CategoryAdvice, CategoryAlternative, LongRunSummary, PiggybackAdvice, PushLuckAdvice,
    PushLuckAlternative,
};
// A set-aside's `then`: part of `PushLuckAlternative`, not named at the
// root, where `Then` is a record's.
pub(crate) use advice::Then;
pub(crate) use compare::{
    CompareEvent, ComparePlan, CompareReport, CompareRow, CompareRowDone, FactColumns, PlannedRow, SeatOdds,
    StartSeats, VariantOdds,
};
pub(crate) use distribution::{DistributionFacts, Quantile, ScoreDistribution};
pub(crate) use games::{BoxListing, ComputerListing, GameListing, OptionListing, OptionValue, SheetListing};
pub(crate) use review::{
    DecisionClass, DecisionEstimate, GameSummary, PlayerEstimate, PlayerReview, PlayerSummary, ReviewEstimates,
    ReviewReport, ReviewSummary, ReviewedDecision, ReviewedRoll, TurnValues,
};
pub(crate) use rollout::{
    AlternativeEstimate, ChoiceEstimate, HeadStartEstimate, Interval, RolloutSummary, SearchRound, SeatEstimate,
    TableEstimate,
};
pub(crate) use session::{
    BoxView, Choice, Event, LastTurns, PlayState, PointsEntry, Prompt, SeatView, SheetView, TableView, TurnEnd,
    TurnResult, TurnView, UpperView,
};
pub(crate) use sheets_win::{OpponentSheet, ToWin, WinChance, WinRule};
pub(crate) use simulation::{
    BoxZeros, DuelResults, Pairing, Percentile, PlayersReport, Rate, Seating, SheetDuelReport, Simulation,
    SimulationReport,
};
pub(crate) use strategy::band_of;
pub(crate) use strategy::{
    BankBoundary, BankRow, BoundaryCurve, GoalRow, PiggybackRow, ScoreBand, SheetAgreement, SheetRules, Strategy,
    StrategyReport, StrategySection, WinMap, WinSheet, WinSheetRow, WinSheetSection,
};
pub(crate) use table::{
    GameFacts, LevelFacts, PositionFacts, RulesReport, SeatFacts, Solved, TableFile, TableReport, TargetChance,
    TargetFacts, VariantValue, WinFacts,
};
