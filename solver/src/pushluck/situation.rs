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

use crate::dice::{dice_count, Multisets};
use crate::limits::{SCORE_MIN, TURN_POINTS_MAX};

use super::model::{Params, TurnState};
use super::rules::RuleSet;
use super::scoring::Scorer;
use crate::error::SituationError;
use crate::question::{PushLuckQuestion, Start};

/// A checked question: the turn parameters and the decision state before
/// the roll in question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Situation {
    pub(crate) params: Params,
    /// The state the roll was (or is to be) made from.
    pub(crate) state: TurnState,
    /// Which roll of the turn (1-based).
    pub(crate) roll: u32,
    /// Farkles in a row before this turn (three-farkle penalty; else 0).
    pub(crate) farkles: u32,
}

/// The cheapest points of setting aside dice, for consistency checks:
/// `per_set_aside` the cheapest single set-aside, `for_dice[d]` the cheapest
/// way to set aside `d` dice in total over any number of rolls.
struct Cheapest {
    per_set_aside: i64,
    for_dice: [i64; 7],
}

fn cheapest(scorer: &Scorer) -> Cheapest {
    let ms = Multisets::shared(6);
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
pub(crate) fn check(
    rules: &RuleSet,
    scorer: &Scorer,
    grid: i64,
    q: &PushLuckQuestion,
) -> Result<Situation, SituationError> {
    let turn = &rules.turn;
    let rolled = check_start(rules, q)?;
    check_banked(q.banked, grid)?;
    let (on_board, goal_left) = check_score(q.score, rules.game.goal)?;
    check_farkles(rules, q.farkles)?;
    let params = Params { on_board, last_chance: turn.three_farkle_penalty > 0 && q.farkles == 2, goal_left };
    let held = usize::from(q.held);
    let dice = check_held(rules, q, rolled, goal_left)?;
    let roll = check_roll(rules, q, dice)?;
    check_stake(rules, scorer, q, dice, roll)?;
    let (ones, ones_points) = check_ones(rules, q, roll)?;
    if let Start::Leftover(_) = q.start {
        if turn.piggyback_needs_board && !on_board {
            return Err(SituationError::PiggybackNeedsBoard { game: rules.name.clone() });
        }
    }
    let k = match q.start {
        Start::Roll(d) => dice_count(&d) + held,
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

/// The dice rolled (`None` for a piggyback start), after checking the start
/// itself: how many dice, and whether the rules allow a piggyback.
fn check_start(rules: &RuleSet, q: &PushLuckQuestion) -> Result<Option<usize>, SituationError> {
    match q.start {
        Start::Roll(d) => {
            let k = dice_count(&d);
            if !(1..=6).contains(&k) {
                return Err(SituationError::DiceCount(k));
            }
            Ok(Some(k))
        }
        Start::Leftover(k) => {
            if !rules.turn.piggyback {
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
            Ok(None)
        }
    }
}

/// Checks the points at stake are in range and on the grid.
fn check_banked(banked: i64, grid: i64) -> Result<(), SituationError> {
    if !(0..=TURN_POINTS_MAX).contains(&banked) {
        return Err(SituationError::BankedRange { points: banked });
    }
    if banked % grid != 0 {
        return Err(SituationError::OffGrid { points: banked, grid });
    }
    Ok(())
}

/// Whether the player is on the board, and the points left to the goal.
fn check_score(score: Option<i64>, goal: i64) -> Result<(bool, i64), SituationError> {
    match score {
        None => Ok((true, goal)),
        Some(s) if s >= goal => Err(SituationError::ScorePastGoal { score: s, goal }),
        Some(s) if s < SCORE_MIN => Err(SituationError::ScoreRange { score: s, goal }),
        Some(s) => Ok((s > 0, goal - s)),
    }
}

/// Checks the farkles in a row against the three-farkle penalty.
fn check_farkles(rules: &RuleSet, farkles: u32) -> Result<(), SituationError> {
    if farkles > 0 && rules.turn.three_farkle_penalty == 0 {
        return Err(SituationError::FarklesWithoutPenalty);
    }
    if farkles >= 3 {
        return Err(SituationError::TooManyFarkles(farkles));
    }
    Ok(())
}

/// Checks the held dice and returns the dice that could have been rolled:
/// those rolled and those held.
fn check_held(
    rules: &RuleSet,
    q: &PushLuckQuestion,
    dice: Option<usize>,
    goal_left: i64,
) -> Result<Option<usize>, SituationError> {
    let held = usize::from(q.held);
    if held > 0 {
        let within = rules.game.choose_dice_within;
        if dice.is_none() {
            return Err(SituationError::HeldWithLeftover);
        }
        if within == 0 {
            return Err(SituationError::HeldWithoutChoice { game: rules.name.clone() });
        }
        if goal_left > within {
            return Err(SituationError::HeldFarFromGoal { within, left: goal_left });
        }
    }
    match dice {
        Some(k) if k + held > 6 => Err(SituationError::HeldTooMany { rolled: k, held: q.held }),
        d => Ok(d.map(|k| k + held)),
    }
}

/// Which roll of the turn (given, or implied by the dice and points), checked
/// against the rules' roll limit.
fn check_roll(rules: &RuleSet, q: &PushLuckQuestion, dice: Option<usize>) -> Result<u32, SituationError> {
    let max_rolls = rules.turn.max_rolls;
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
    Ok(roll)
}

/// Checks the dice, the roll number and the points at stake fit together:
/// every earlier roll set aside at least one scoring die.
fn check_stake(
    rules: &RuleSet,
    scorer: &Scorer,
    q: &PushLuckQuestion,
    dice: Option<usize>,
    roll: u32,
) -> Result<(), SituationError> {
    let cheap = cheapest(scorer);
    if let Some(k) = dice {
        if roll == 1 && (q.banked != 0 || k != 6) {
            return Err(SituationError::FirstRoll);
        }
        if roll > 1 && q.banked == 0 {
            return Err(SituationError::NothingAtStake { roll });
        }
        if roll > 1 && !rules.turn.hot_dice {
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
    Ok(())
}

/// Checks the Van't Hof 1s set aside this turn and returns their count and
/// the points they scored.
fn check_ones(rules: &RuleSet, q: &PushLuckQuestion, roll: u32) -> Result<(u8, i64), SituationError> {
    if q.ones > 0 && rules.turn.vant_hof == 0 {
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
    Ok((ones, ones_points))
}

/// Checks the two totals of a win-objective question (`score`, `opponent`,
/// both 0 when not given): on the grid, not below 0, the player below the
/// goal (or they would have won), the opponent below it or, when the rules
/// give a last turn, at or past it. Returns them.
pub(crate) fn check_totals(
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
