//! What can be wrong with a question about a category game, or keep it
//! from being answered.

use super::field::Field;
use crate::limits::{bytes, BANDS_BELOW_STATES_MAX, SUBGAME_STATES_MAX};
use userio::Quoted;

/// Why a sheet was rejected.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum SheetError {
    #[error("sheet entry {} is not of the form box=points (or box=x for a crossed-out box)", Quoted(.0))]
    Syntax(String),
    #[error("unknown box {} for {game}; boxes: {}", Quoted(.name), .known.join(" "))]
    UnknownBox { name: String, game: String, known: Vec<String> },
    #[error("box `{0}` appears twice on the sheet")]
    Repeated(String),
    #[error("{name}={} is impossible: {name} can hold {allowed}", userio::Escaped(.points))]
    Impossible { name: String, points: String, allowed: String },
    #[error("`bonus={points}` is impossible: {why}")]
    BadBonus { points: u32, why: BonusProblem },
    #[error("{lower}={lower_points} and {higher}={higher_points}: rungs holding points must ascend")]
    RungsNotAscending { lower: String, lower_points: u32, higher: String, higher_points: u32 },
    #[error(
        "{name}=0 cannot arise with zero-only-when-forced: no roll scores 0 in every open box and every box holding 0"
    )]
    ZeroNotForced { name: String },
    #[error("the sheet is full: the game is over")]
    Full,
}

/// Why a `bonus=N` sheet entry is impossible.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BonusProblem {
    #[error("it must be a multiple of {0}")]
    NotAMultiple(u32),
    #[error("Yahtzee bonuses need yahtzee=50")]
    NeedsYahtzee,
    #[error("more extra Yahtzees than filled boxes")]
    TooMany,
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
    #[error("{game} has no locked dice: kept dice may be re-rolled")]
    LockedNotInGame { game: String },
    #[error("dice are locked only between rolls: locked dice go with {}, not with roll {roll}", if *.rolls == 3 { "roll 2".to_string() } else { format!("rolls 2 to {}", .rolls - 1) })]
    LockedRoll { roll: u32, rolls: usize },
    #[error("locked dice {locked} are not among the dice {dice}")]
    LockedNotInDice { locked: String, dice: String },
    #[error("this position of {game} needs its whole table (more than {} states below this sheet to solve on the spot): run `{command}` once ({needs})", SUBGAME_STATES_MAX)]
    NeedsTable { game: String, command: String, needs: SolveNeeds },
    #[error("{0} has no table of the chance to reach a score (Yatzy, classic Yahtzee and Yahtzee Deluxe have one); `advise --sheet S --target T` solves it below a sheet near the end of the game")]
    TargetNotInGame(String),
    #[error("{0} has no table of the final-score distribution (Yatzy, classic Yahtzee and Yahtzee Deluxe have one); `advise --sheet S --distribution` solves it below a sheet near the end of the game")]
    DistributionNotInGame(String),
    #[error("{game}: {what} is solved on the spot from sheets with at most {} states below them, and this one has more: ask again from a sheet nearer the end of the game", BANDS_BELOW_STATES_MAX)]
    BelowTooLarge { game: String, what: &'static str },
    #[error("playing to win against other sheets is not solved for {0} yet (Yatzy, classic Yahtzee and Yahtzee Deluxe have it)")]
    WinNotInGame(String),
    #[error("sheet {which}: {source}")]
    OpponentSheet { which: usize, source: SheetError },
    #[error("sheet {which} is not a reachable state of {game}")]
    OpponentUnreachable { which: usize, game: String },
}

impl AdviseError {
    /// The part of the question that is wrong (none: the question is
    /// fine, the table is missing).
    pub(crate) fn field(&self) -> Option<Field> {
        match self {
            AdviseError::DiceCount { .. } => Some(Field::Dice),
            AdviseError::Roll { .. } => Some(Field::Roll),
            AdviseError::Unreachable(_) | AdviseError::BelowTooLarge { .. } => Some(Field::Sheet),
            AdviseError::NeedsTable { .. } => None,
            AdviseError::TargetNotInGame(_) => Some(Field::Objective),
            AdviseError::DistributionNotInGame(_) => Some(Field::Distribution),
            AdviseError::WinNotInGame(_)
            | AdviseError::OpponentSheet { .. }
            | AdviseError::OpponentUnreachable { .. } => Some(Field::OpponentSheet),
            AdviseError::LockedNotInGame { .. }
            | AdviseError::LockedRoll { .. }
            | AdviseError::LockedNotInDice { .. } => Some(Field::Locked),
        }
    }
}

/// Why a simulation cannot run.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum SimulateError {
    #[error("simulating {game} needs its whole table: run `{command}` once ({needs})")]
    NeedsTable { game: String, command: String, needs: SolveNeeds },
}

/// What a whole solve takes, as quoted to a user who needs the table:
/// minutes on 2 cores, the table's size, and the disk the solve needs
/// besides while it runs (the widest pair of adjacent levels in full
/// precision, before they are packed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolveNeeds {
    pub minutes: u64,
    pub table: u64,
    pub working: u64,
}

impl std::fmt::Display for SolveNeeds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "about {} minutes on 2 cores; the table takes {} of disk, and the solve needs {} more while it runs",
            self.minutes,
            bytes(self.table),
            bytes(self.working)
        )
    }
}
