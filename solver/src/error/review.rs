//! `review`'s refusals of its question and of several records together.

use super::field::Field;

#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// Error-class bounds that are not positive and strictly rising.
    #[error(
        "{doubtful}, {mistake}, {blunder}: the doubtful, mistake and blunder bounds must each be above 0, at most \
         1000000, and rise strictly (e.g. 0.2,1,4)"
    )]
    Thresholds { doubtful: f64, mistake: f64, blunder: f64 },
    /// A decision number the game does not have.
    #[error("{number}: the game has {} (decisions are numbered from 1)", decisions_in(*.decisions))]
    NoDecision { number: usize, decisions: usize },
    /// One decision (or all) is shown for one record, not for a summary.
    #[error("one game's decisions are shown for one record, not for {records}")]
    DecisionsOfMany { records: usize },
    /// A summary needs at least one record.
    #[error("no record to review")]
    NoRecords,
    /// Records whose values are in different units cannot be summed.
    #[error("{first} is reviewed in {}, {other} in {}: a summary adds up records of one unit", .first_unit, .other_unit)]
    MixedUnits { first: String, first_unit: &'static str, other: String, other_unit: &'static str },
}

fn decisions_in(n: usize) -> String {
    match n {
        0 => "no decisions".into(),
        1 => "1 decision".into(),
        n => format!("{n} decisions"),
    }
}

impl ReviewError {
    pub(crate) fn field(&self) -> Option<Field> {
        match self {
            ReviewError::Thresholds { .. } => Some(Field::Thresholds),
            ReviewError::NoDecision { .. } | ReviewError::DecisionsOfMany { .. } => Some(Field::Decision),
            _ => None,
        }
    }
}
