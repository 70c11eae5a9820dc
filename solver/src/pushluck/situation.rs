//! A question about a push-your-luck turn, and the checks that it describes
//! a situation that can happen under the rules.
//!
//! A question is either a roll just made (the dice, the points already at
//! stake, which roll of the turn) or, with piggyback, the previous player's
//! leftover dice and turn points. Besides the player's total, the farkle
//! count and the Van't Hof 1s. Everything is checked before anything is
//! solved: ranges, the points grid, and whether the dice, the roll number
//! and the points at stake fit together (every roll after the first set
//! aside at least one scoring die, worth at least the cheapest set-aside).

use crate::dice::{dice_count, Counts, Multisets};
use crate::error::Field;
use crate::limits::{SCORE_MIN, TURN_POINTS_MAX};

use super::model::{Params, TurnState};
use super::rules::RuleSet;
use super::scoring::Scorer;

/// What the player has in front of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// The dice just rolled.
    Roll(Counts),
    /// Piggyback: the previous player's leftover dice, as a number.
    Leftover(u8),
}

/// A question about a push-your-luck turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PushLuckQuestion {
    pub start: Start,
    /// Points set aside earlier this turn and still at stake (with a
    /// leftover: the points the previous player left).
    pub banked: i64,
    /// The player's game total; `None`: on the board, a whole goal away.
    pub score: Option<i64>,
    /// Farkles in a row so far (three-farkle penalty).
    pub farkles: u32,
    /// 1s set aside as 1s this turn (Van't Hof), taken to have scored as singles.
    pub ones: u32,
    /// Which roll of the turn this is (1 = first); `None`: inferred.
    pub roll: Option<u32>,
    /// Win objective: the opponent's game total (at or past the goal: this
    /// is the player's last turn).
    pub opponent: Option<i64>,
    /// Win objective, three-farkle penalty: the opponent's farkles in a row.
    pub opponent_farkles: u32,
    /// Maximise the probability of winning the two-player game (rather than
    /// the expected score of this turn).
    pub win: bool,
}

impl PushLuckQuestion {
    /// A plain roll with nothing else given.
    pub fn roll(dice: Counts, banked: i64) -> PushLuckQuestion {
        PushLuckQuestion {
            start: Start::Roll(dice),
            banked,
            score: None,
            farkles: 0,
            ones: 0,
            roll: None,
            opponent: None,
            opponent_farkles: 0,
            win: false,
        }
    }
}

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
}

impl SituationError {
    /// The part of the question that is wrong.
    pub fn field(&self) -> Field {
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
            | E::InheritedAboveBank { .. } => Field::Banked,
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
            E::OpponentWon { .. } | E::PastExactGoal { .. } | E::OpponentRange { .. } => Field::Opponent,
        }
    }
}

/// A checked question: the turn parameters and the decision state before
/// the roll in question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Situation {
    pub params: Params,
    /// The state the roll was (or is to be) made from.
    pub state: TurnState,
    /// Which roll of the turn (1-based).
    pub roll: u32,
    /// Farkles in a row before this turn (three-farkle penalty; else 0).
    pub farkles: u32,
}

/// The cheapest points of setting aside dice, for consistency checks:
/// `per_set_aside` the cheapest single set-aside, `for_dice[d]` the cheapest
/// way to set aside `d` dice in total over any number of rolls.
struct Cheapest {
    per_set_aside: i64,
    for_dice: [i64; 7],
}

fn cheapest(scorer: &Scorer) -> Cheapest {
    let ms = Multisets::new(6);
    // Cheapest reading of any set-aside of exactly j dice, on any roll.
    let mut of_size = [i64::MAX; 7];
    for i in ms.of_size(1).start..ms.len() {
        for first in [false, true] {
            for v in scorer.readings(ms.counts(i), first).iter().filter(|v| !v.instant_win) {
                let j = ms.size(i);
                of_size[j] = of_size[j].min(v.points);
            }
        }
    }
    let per_set_aside = of_size[1..].iter().copied().min().unwrap_or(i64::MAX);
    let mut for_dice = [i64::MAX; 7];
    for_dice[0] = 0;
    for d in 1..=6 {
        for j in 1..=d {
            if of_size[j] < i64::MAX && for_dice[d - j] < i64::MAX {
                for_dice[d] = for_dice[d].min(for_dice[d - j] + of_size[j]);
            }
        }
    }
    Cheapest { per_set_aside, for_dice }
}

/// Checks `q` against `rules` (compiled in `scorer`, points on a grid of
/// `grid`) and returns the situation it describes.
pub fn check(rules: &RuleSet, scorer: &Scorer, grid: i64, q: &PushLuckQuestion) -> Result<Situation, SituationError> {
    let turn = &rules.turn;
    let goal = rules.game.goal;
    let dice = match q.start {
        Start::Roll(d) => {
            let k = dice_count(&d);
            if !(1..=6).contains(&k) {
                return Err(SituationError::DiceCount(k));
            }
            Some(k)
        }
        Start::Leftover(k) => {
            if !turn.piggyback {
                return Err(SituationError::NoPiggyback { game: rules.name.clone() });
            }
            if !(1..=5).contains(&k) {
                return Err(SituationError::LeftoverCount(k));
            }
            if q.banked <= 0 {
                return Err(SituationError::LeftoverNeedsPoints);
            }
            if q.ones > 0 {
                return Err(SituationError::OnesOnPiggyback);
            }
            None
        }
    };
    if !(0..=TURN_POINTS_MAX).contains(&q.banked) {
        return Err(SituationError::BankedRange { points: q.banked });
    }
    if q.banked % grid != 0 {
        return Err(SituationError::OffGrid { points: q.banked, grid });
    }
    let (on_board, goal_left) = match q.score {
        None => (true, goal),
        Some(s) if s >= goal => return Err(SituationError::ScorePastGoal { score: s, goal }),
        Some(s) if s < SCORE_MIN => return Err(SituationError::ScoreRange { score: s, goal }),
        Some(s) => (s > 0, goal - s),
    };
    if q.farkles > 0 && turn.three_farkle_penalty == 0 {
        return Err(SituationError::FarklesWithoutPenalty);
    }
    if q.farkles >= 3 {
        return Err(SituationError::TooManyFarkles(q.farkles));
    }
    let params = Params { on_board, last_chance: turn.three_farkle_penalty > 0 && q.farkles == 2, goal_left };

    let max_rolls = turn.max_rolls;
    let roll = match (q.roll, dice) {
        (Some(0), _) => return Err(SituationError::RollZero),
        (Some(n), _) => n,
        // A piggyback start is never the turn's first roll.
        (None, None) => 2,
        (None, Some(6)) if q.banked == 0 => 1,
        (None, Some(_)) if max_rolls > 0 => {
            return Err(SituationError::RollNeeded { game: rules.name.clone(), max: max_rolls })
        }
        (None, Some(_)) => 2,
    };
    if max_rolls > 0 && roll > max_rolls {
        return Err(SituationError::RollPastLimit { roll, game: rules.name.clone(), max: max_rolls });
    }
    let cheap = cheapest(scorer);
    if let Some(k) = dice {
        if roll == 1 && (q.banked != 0 || k != 6) {
            return Err(SituationError::FirstRoll);
        }
        if roll > 1 && q.banked == 0 {
            return Err(SituationError::NothingAtStake { roll });
        }
        if roll > 1 && !turn.hot_dice {
            // Each earlier roll set at least one die aside.
            let most = 6usize.saturating_sub(roll as usize - 1);
            if k > most {
                return Err(SituationError::TooManyDiceForRoll { dice: k, roll, most });
            }
        }
        if roll > 1 {
            // The dice set aside so far: 6 - k, or (hot dice) all six.
            let aside = 6 - k % 6;
            let least = cheap.for_dice[aside];
            if q.banked < least {
                return Err(SituationError::TooFewPointsForDice { points: q.banked, dice: k, aside, least });
            }
        }
    }
    if roll > 1 && dice.is_some() {
        let earlier = roll - 1;
        let least = cheap.per_set_aside.saturating_mul(i64::from(earlier));
        if q.banked < least {
            return Err(SituationError::TooFewPointsForRoll { points: q.banked, roll, earlier, least });
        }
    }
    if q.ones > 0 && turn.vant_hof == 0 {
        return Err(SituationError::OnesWithoutVantHof);
    }
    if q.ones > 0 && roll == 1 {
        return Err(SituationError::OnesOnFirstRoll(q.ones));
    }
    if q.ones > 6 {
        return Err(SituationError::TooManyOnes(q.ones));
    }
    let ones = u8::try_from(q.ones).expect("at most 6");
    // 1s set aside earlier are taken to have scored as singles (the usual
    // case; sets of 1s on earlier rolls cannot be described in a question).
    let ones_points = if ones >= 6 { 0 } else { i64::from(ones) * rules.scoring.kinds.points(0, 1) };
    if ones < 6 && ones_points > q.banked {
        return Err(SituationError::OnesExceedBanked { ones, least: ones_points, banked: q.banked });
    }
    if let Start::Leftover(_) = q.start {
        if turn.piggyback_needs_board && !on_board {
            return Err(SituationError::PiggybackNeedsBoard { game: rules.name.clone() });
        }
    }
    let k = match q.start {
        Start::Roll(d) => dice_count(&d),
        Start::Leftover(k) => usize::from(k),
    };
    let state = TurnState {
        points: q.banked,
        dice: u8::try_from(k).expect("at most six dice"),
        rolls: roll - 1,
        ones,
        ones_points,
    };
    Ok(Situation { params, state, roll, farkles: q.farkles })
}

/// Checks the two totals of a win-objective question (`score`, `opponent`,
/// both 0 when not given): on the grid, not below 0, the player below the
/// goal (or they would have won), the opponent below it or, when the rules
/// give a last turn, at or past it. Returns them.
pub fn check_totals(
    rules: &RuleSet,
    grid: i64,
    floor: i64,
    q: &PushLuckQuestion,
) -> Result<(i64, i64), SituationError> {
    let goal = rules.game.goal;
    let (a, b) = (q.score.unwrap_or(0), q.opponent.unwrap_or(0));
    let penalty = rules.turn.three_farkle_penalty > 0;
    if q.opponent_farkles > 0 && !penalty {
        return Err(SituationError::OpponentFarklesWithoutPenalty);
    }
    if q.opponent_farkles >= 3 {
        return Err(SituationError::OpponentFarkles(q.opponent_farkles));
    }
    for (opponent, total) in [(false, a), (true, b)] {
        if total < 0 && !penalty {
            return Err(SituationError::NegativeTotal { opponent, total });
        }
        if total < floor {
            return Err(SituationError::BelowFloor { opponent, total, floor });
        }
        if total % grid != 0 {
            return Err(SituationError::TotalOffGrid { opponent, total, grid });
        }
    }
    if a >= goal {
        return Err(SituationError::ScorePastGoal { score: a, goal });
    }
    if b >= goal && !rules.game.last_turn {
        return Err(SituationError::OpponentWon { total: b, goal });
    }
    if b > goal.saturating_add(TURN_POINTS_MAX) {
        return Err(SituationError::OpponentRange { total: b, most: goal.saturating_add(TURN_POINTS_MAX) });
    }
    if b > goal && rules.game.exact_goal {
        return Err(SituationError::PastExactGoal { total: b, goal });
    }
    Ok((a, b))
}
