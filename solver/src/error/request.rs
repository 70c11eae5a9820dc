//! Errors of a request: what only the shape of a request can get wrong
//! (fields that exclude each other, a list that is no list, a word that is
//! no objective). As every library error, the message leaves out the field
//! it is about ([`RequestError::field`]; a front end names it); another
//! field it mentions is written as the command line's flag, whose name is
//! also the request's field name over JSON (`--leftover` is `"leftover"`).

use super::field::Field;
use crate::dice::DiceError;
use userio::Quoted;

/// A request the library cannot turn into a question.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RequestError {
    #[error("name the game (see the list of games)")]
    NoGame,
    #[error("give the house rules one way: a file or the text")]
    TwoRules,
    #[error("`{}` is not score, win or target", Quoted(.0))]
    Objective(String),
    #[error(
        "the target objective (reaching a final score) is for score-sheet games; push-your-luck games play to win"
    )]
    TargetForPushLuck,
    #[error("the target objective needs the final score to reach: add --target POINTS")]
    TargetMissing,
    #[error("must be at least 1 (the number of alternatives to list)")]
    Top,
    #[error("{source}")]
    Dice { field: Field, source: DiceError },
    #[error("cannot be used with --{other}")]
    Conflict { other: &'static str, field: Field },
    #[error("needs {needs}")]
    Needs { needs: &'static str, field: Field },
    #[error("the dice (or --leftover with piggyback) are needed for a push-your-luck game")]
    NoStart,
    #[error("the other players' totals matter only with --objective win")]
    TotalsWithScore { field: Field },
    #[error("the opponent's farkles matter only with --objective win")]
    FarklesWithScore,
    #[error("`{}` is not a list of totals, the next player first (e.g. 5000,7200)", Quoted(.0))]
    Opponents(String),
    #[error("{0} is not a number of dice to roll (1 to 6)")]
    BoundaryDice(u64),
    #[error("is for the win sheet: add --objective win")]
    WinSheetOnly { field: Field },
    #[error("`{}` names no option (e.g. \"on-the-board=750,piggyback\")", Quoted(.0))]
    EmptyVariant(String),
    #[error("name at least one player")]
    NoPlayers,
    #[error("the dice are typed (--dice-from-me); there is nothing to seed")]
    SeedWithTypedDice,
    #[error("three numbers, rising, as doubtful,mistake,blunder (e.g. 0.2,1,4), not `{}`", Quoted(.0))]
    Thresholds(String),
    #[error("{bytes} bytes is longer than the {max} bytes allowed")]
    TooLong { bytes: usize, max: u64, field: Field },
    #[error("{value} is out of range ({range})")]
    Range { value: u64, range: &'static str, field: Field },
}

impl RequestError {
    /// The part of the request the error is about.
    pub(crate) fn field(&self) -> Option<Field> {
        Some(match self {
            RequestError::NoGame => Field::Game,
            RequestError::TwoRules => Field::Rules,
            RequestError::Objective(_) | RequestError::TargetForPushLuck | RequestError::TargetMissing => {
                Field::Objective
            }
            RequestError::Top => Field::Top,
            RequestError::Dice { field, .. }
            | RequestError::Conflict { field, .. }
            | RequestError::Needs { field, .. }
            | RequestError::WinSheetOnly { field, .. }
            | RequestError::TooLong { field, .. }
            | RequestError::TotalsWithScore { field }
            | RequestError::Range { field, .. } => *field,
            RequestError::NoStart | RequestError::BoundaryDice(_) => Field::Dice,
            RequestError::Opponents(_) => Field::Opponents,
            RequestError::FarklesWithScore => Field::OpponentFarkles,
            RequestError::EmptyVariant(_) => Field::Variant,
            RequestError::NoPlayers => Field::Players,
            RequestError::SeedWithTypedDice => Field::Seed,
            RequestError::Thresholds(_) => Field::Thresholds,
        })
    }
}
