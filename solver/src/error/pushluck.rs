//! What can be wrong with push-your-luck rules or a question about a
//! push-your-luck game, or keep it from being answered.

use super::field::Field;
use crate::limits::{SCORE_MIN, TURN_POINTS_MAX};
use userio::{Escaped, Quoted};

/// Why a question describes no situation the rules allow.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum SituationError {
    #[error("{0} dice: a roll has 1 to 6 dice")]
    DiceCount(usize),
    #[error("{points} points at stake: they are set aside this turn, 0 to {TURN_POINTS_MAX}")]
    BankedRange { points: i64 },
    #[error("{points} points cannot be at stake under these rules (points come in steps of {grid})")]
    OffGrid { points: i64, grid: i64 },
    #[error("a total of {score} is below the lowest allowed, {SCORE_MIN}")]
    ScoreRange { score: i64, goal: i64 },
    #[error("a total of {score} is at or past the goal {goal}: the game is over for this player")]
    ScorePastGoal { score: i64, goal: i64 },
    #[error("farkles in a row matter only with the three-farkle-penalty option")]
    FarklesWithoutPenalty,
    #[error("{0} farkles in a row: the count starts again after the third, so it is 0, 1 or 2")]
    TooManyFarkles(u32),
    #[error("roll 0: rolls count from 1 (the first roll of the turn)")]
    RollZero,
    #[error("{game} counts rolls: say which roll of the turn this is (1 to {max})")]
    RollNeeded { game: String, max: u32 },
    #[error("roll {roll}: {game} allows at most {max} rolls per turn")]
    RollPastLimit { roll: u32, game: String, max: u32 },
    #[error("roll 1 is the turn's first roll: six dice and nothing at stake (a piggyback roll counts as roll 2)")]
    FirstRoll,
    #[error("on roll {roll} there must be points at stake: every earlier roll set some aside")]
    NothingAtStake { roll: u32 },
    #[error("{dice} dice on roll {roll}: without hot dice, each earlier roll set at least one die aside, leaving at most {most}")]
    TooManyDiceForRoll { dice: usize, roll: u32, most: usize },
    #[error("{points} points at stake on roll {roll}: the {earlier} earlier set-asides are worth at least {least}")]
    TooFewPointsForRoll { points: i64, roll: u32, earlier: u32, least: i64 },
    #[error("{points} points at stake with {dice} dice to roll: setting aside the other {aside} dice earns at least {least}")]
    TooFewPointsForDice { points: i64, dice: usize, aside: usize, least: i64 },
    #[error("1s set aside matter only with the vant-hof-6 option")]
    OnesWithoutVantHof,
    #[error("{0} 1s set aside: nothing is set aside before the first roll")]
    OnesOnFirstRoll(u32),
    #[error("{0} 1s set aside: the Van't Hof count stops at 6")]
    TooManyOnes(u32),
    #[error("{ones} 1s set aside earn at least {least} points, more than the {banked} at stake")]
    OnesExceedBanked { ones: u8, least: i64, banked: i64 },
    #[error("{ones} 1s worth {points} cannot have been set aside in one turn")]
    ImpossibleOnes { ones: u8, points: i64 },
    #[error("the previous player's 1s do not count toward this player's Van't Hof")]
    OnesOnPiggyback,
    #[error("{game} has no piggyback here (it is an option)")]
    NoPiggyback { game: String },
    #[error("{0} leftover dice: between 1 and 5 (six left over would be hot dice, which the previous player rolls)")]
    LeftoverCount(u8),
    #[error("a piggyback inherits the previous player's turn points: there must be points at stake")]
    LeftoverNeedsPoints,
    #[error("in {game} only players on the board may piggyback")]
    PiggybackNeedsBoard { game: String },
    #[error("no roll is left this turn")]
    NoRollLeft,
    #[error("{used} dice set aside from a roll of {rolled}")]
    TooManySetAside { used: usize, rolled: usize },
    #[error("a total of {total} is not on the points grid (totals come in steps of {grid})")]
    TotalOffGrid { opponent: bool, total: i64, grid: i64 },
    #[error("a total of {total}: without the three-farkle penalty totals never fall below 0")]
    NegativeTotal { opponent: bool, total: i64 },
    #[error("a total of {total} is below {floor}, the lowest total the win solver keeps (a penalty there leaves the total at {floor})")]
    BelowFloor { opponent: bool, total: i64, floor: i64 },
    #[error("{0} farkles in a row for the opponent: the count starts again after the third, so it is 0, 1 or 2")]
    OpponentFarkles(u32),
    #[error("the opponent's farkles in a row matter only with the three-farkle-penalty option")]
    OpponentFarklesWithoutPenalty,
    #[error("the opponent's {total} reached the goal {goal} and these rules give no last turn: the game is over")]
    OpponentWon { total: i64, goal: i64 },
    #[error("a total of {total} is out of range: a leader's total is at most {most}")]
    OpponentRange { total: i64, most: i64 },
    #[error("the totals of later players need the next player's total first (--opponents lists them all, the next player first)")]
    LaterWithoutNext,
    #[error(
        "with several opponents advice takes points at stake up to {most} (your total at most 10000 past the goal)"
    )]
    StakePastGoal { most: i64 },
    #[error("piggyback is not solved for more than two players: a leftover cannot be advised with several opponents")]
    LeftoverWithPlayers,
    #[error("a total of {total} is past the exact goal {goal}: no bank can make it")]
    PastExactGoal { total: i64, goal: i64 },
    #[error("{points} inherited points are more than the opponent's total {opponent}, which includes them")]
    InheritedAboveOpponent { points: i64, opponent: i64 },
    #[error("{points} inherited points are more than the opponent's bank to {opponent} can have scored: their total was at least {floor}, the lowest total")]
    InheritedAboveBank { points: i64, opponent: i64, floor: i64 },
    #[error(
        "{0} farkles in a row for the opponent who just banked the leftover: a bank starts the count again, so it is 0"
    )]
    LeftoverAfterFarkles(u32),
    #[error("inherited points matter only to the win objective under piggyback=return (a farkle gives them back)")]
    InheritedWithoutReturn,
    #[error("with a leftover to weigh the inherited points are the points at stake (--banked)")]
    InheritedWithLeftover,
    #[error(
        "{points} inherited points: they are more than 0 and at most the {banked} points at stake, which include them"
    )]
    InheritedRange { points: i64, banked: i64 },
    #[error("{points} inherited points are not on the points grid (points come in steps of {grid})")]
    InheritedOffGrid { points: i64, grid: i64 },
    #[error("{points} inherited points are more than the opponent's total {opponent}, which includes them")]
    InheritedOverOpponent { points: i64, opponent: i64 },
    #[error("{game} never lets a player keep dice back from a roll (only within reach of an exact goal, where the rules allow it)")]
    HeldWithoutChoice { game: String },
    #[error("dice may be kept back only within {within} points of the goal; the player is {left} away (--score)")]
    HeldFarFromGoal { within: i64, left: i64 },
    #[error("{rolled} dice rolled and {held} kept back are more than six")]
    HeldTooMany { rolled: usize, held: u8 },
    #[error("dice kept back go with a roll (--dice), not with a leftover")]
    HeldWithLeftover,
}

impl SituationError {
    /// The part of the question that is wrong.
    pub(crate) fn field(&self) -> Field {
        use SituationError as E;
        match self {
            E::DiceCount(_) | E::TooManyDiceForRoll { .. } | E::TooManySetAside { .. } => Field::Dice,
            E::BankedRange { .. }
            | E::OffGrid { .. }
            | E::NothingAtStake { .. }
            | E::TooFewPointsForRoll { .. }
            | E::TooFewPointsForDice { .. }
            | E::LeftoverNeedsPoints
            | E::InheritedAboveOpponent { .. }
            | E::InheritedAboveBank { .. }
            | E::StakePastGoal { .. } => Field::Banked,
            E::ScoreRange { .. } | E::ScorePastGoal { .. } | E::PiggybackNeedsBoard { .. } => Field::Score,
            E::FarklesWithoutPenalty | E::TooManyFarkles(_) => Field::Farkles,
            E::RollZero | E::RollNeeded { .. } | E::RollPastLimit { .. } | E::FirstRoll | E::NoRollLeft => Field::Roll,
            E::OnesWithoutVantHof
            | E::OnesOnFirstRoll(_)
            | E::TooManyOnes(_)
            | E::OnesExceedBanked { .. }
            | E::ImpossibleOnes { .. }
            | E::OnesOnPiggyback => Field::Ones,
            E::NoPiggyback { .. } | E::LeftoverCount(_) => Field::Leftover,
            E::InheritedWithoutReturn
            | E::InheritedWithLeftover
            | E::InheritedRange { .. }
            | E::InheritedOffGrid { .. }
            | E::InheritedOverOpponent { .. } => Field::Inherited,
            E::HeldWithoutChoice { .. } | E::HeldFarFromGoal { .. } | E::HeldTooMany { .. } | E::HeldWithLeftover => {
                Field::Held
            }
            E::OpponentFarkles(_) | E::OpponentFarklesWithoutPenalty | E::LeftoverAfterFarkles(_) => {
                Field::OpponentFarkles
            }
            E::TotalOffGrid { opponent, .. } | E::NegativeTotal { opponent, .. } | E::BelowFloor { opponent, .. } => {
                if *opponent {
                    Field::Opponent
                } else {
                    Field::Score
                }
            }
            E::OpponentWon { .. }
            | E::PastExactGoal { .. }
            | E::OpponentRange { .. }
            | E::LaterWithoutNext
            | E::LeftoverWithPlayers => Field::Opponent,
        }
    }
}

/// Why a rule set cannot be solved.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum TurnError {
    #[error("under these rules a turn never has to end: every roll of {dice} {} scores, so a player can roll on forever without risk (see `scoring.kinds`, `scoring.patterns` and `scoring.no-score-bonus`)", if *.dice == 1 { "die" } else { "dice" })]
    EndlessTurn { dice: usize },
}

/// Why a rule set or a rules file was rejected. Always one line.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum RulesError {
    #[error("rules key `{key}`: {why}")]
    Invalid { key: String, why: String },
    /// The one check across keys: nobody could ever get on the board.
    #[error("rules key `turn.entry`: {entry} is above the goal {goal}")]
    EntryAboveGoal { entry: i64, goal: i64 },
    #[error("rules file {}: {}", Quoted(.file), Escaped(.why))]
    File { file: String, why: String },
}

/// Why a rule set's win objective cannot be solved here.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum WinError {
    #[error("{game} is a category game: its objective is the expected final score (the win objective is for push-your-luck games)")]
    CategoryGame { game: String },
    #[error("the table this needs is missing and solving it takes about {about}: run `{command}` first")]
    NeedsSolve { command: String, about: String },
    #[error("a bank/roll boundary is for 1 to 6 dice to roll (got {0})")]
    BoundaryDice(u8),
    #[error("{0} players: the win objective is for 2 to 8 players (the exact solve of every state for 2 to 6)")]
    PlayersCount(usize),
    #[error("{game}: a player count is for the win objective (add --objective win); a turn's expected score has no opponents")]
    PlayersForScore { game: String },
    #[error("{game} with {players} players: the exact win solve does not take {what} yet (two players do){size}")]
    PlayersRules {
        game: String,
        players: usize,
        what: &'static str,
        /// What the solve would take, where its state is larger than the
        /// totals (`; ...`), or empty.
        size: String,
    },
    #[error("{game} with {players} players: the exact win solve of every state is built for 2 to 6 players; at goal {goal} it would have {states} turn-start states, {size}")]
    PlayersNotBuilt {
        game: String,
        players: usize,
        goal: i64,
        states: u64,
        /// What they would take against the budget.
        size: String,
    },
    #[error("{game} with {players} players: at goal {goal} the exact win solve would take about {about} on a 2-core machine, over the budget of {budget}; {}", if *.fits >= 500 { format!("a goal of {} or less fits", .fits) } else { "no goal of 500 or more fits".to_string() })]
    PlayersTooLong {
        game: String,
        players: usize,
        goal: i64,
        about: String,
        budget: String,
        /// The largest goal (a multiple of 500) whose solve fits.
        fits: i64,
    },
    #[error("{game} with {players} players: the estimate by rollouts does not take {what} yet")]
    RolloutRules { game: String, players: usize, what: &'static str },
    #[error("in the last round the answer is exact (the chase of the players still to come), with no table to estimate instead: ask without --estimate")]
    EstimateInLastRound,
    #[error("{game} with {players} players: at {state} the mover would roll on past every total for an instant win, a turn the exact win solve of several players does not take yet (two players do)")]
    RollsOnPastGoal { game: String, players: usize, state: String },
    #[error("{game}: the win solve does not take {what} yet")]
    Unsolved { game: String, what: &'static str },
    #[error("the players' best replies at {state} still turn with each other after {rounds} rounds: no equilibrium found there")]
    Unsettled { state: String, rounds: usize },
}

impl RulesError {
    /// The rules keys whose values the failed check read (none for a file
    /// that could not be read as rules). A key may carry an index and a
    /// label, e.g. `scoring.patterns[2].points (three pairs)`.
    pub(crate) fn keys(&self) -> Vec<&str> {
        match self {
            RulesError::Invalid { key, .. } => vec![key.as_str()],
            RulesError::EntryAboveGoal { .. } => vec!["turn.entry", "game.goal"],
            RulesError::File { .. } => vec![],
        }
    }

    /// What is wrong, without naming a key, in the words of whoever set
    /// `blamed` (keys among [`RulesError::keys`]): for a named option.
    pub(crate) fn reason(&self, blamed: &[&str]) -> String {
        match self {
            RulesError::Invalid { why, .. } | RulesError::File { why, .. } => why.clone(),
            RulesError::EntryAboveGoal { entry, goal } if !blamed.contains(&"turn.entry") => {
                format!("the goal {goal} is below the entry threshold {entry}")
            }
            RulesError::EntryAboveGoal { entry, goal } => {
                format!("the entry threshold {entry} is above the goal {goal}")
            }
        }
    }
}
