//! Advice for one roll: every set-aside, each followed by banking or rolling
//! on, ranked by expected turn score; or, with piggyback, whether to roll the
//! previous player's leftover dice.
//!
//! Under the expected-turn-score objective a turn solves in milliseconds,
//! so advice solves the situation's own turn parameters (board, farkles,
//! points to the goal) in memory: no table or set-up needed, and exact
//! `f64` values. Under the win objective the turn's payoff comes from the
//! game's win table (solved first when that is quick,
//! [`super::table::load_win`]); the player's last turn needs no table. The
//! ranking ([`super::ranking`]) is the same code for both: it reads a
//! [`Solution`].

use super::ranking::{add_long_run, near_goal_note, piggyback, rank, situation_line};
use super::rollout;
use super::situation::{check, check_totals, Situation};
use super::solution::Solution;
use super::solved_turns::{self, Turns};
use super::table::table_path;
use super::win;
use super::win::table::load as load_win;
use super::PushLuckGame;
use crate::dice::Counts;
use crate::error::Error;
use crate::error::SituationError;
use crate::progress::Progress;
use crate::question::{PushLuckQuestion, Start};
use crate::report::Advice;
use crate::vocabulary::Objective;
use std::path::Path;
use std::sync::Arc;

/// Answers `q` for `game`; win-objective questions read (or first solve)
/// the win table in `tables`.
pub(crate) fn advise(
    game: &Arc<PushLuckGame>,
    tables: &Path,
    q: &PushLuckQuestion,
    progress: &dyn Progress,
) -> Result<Advice, Error> {
    solved_turns::with(game, |game, turns| advise_with(game, turns, tables, q, progress))
}

/// [`advise`], reading the turns solved before from `turns` (and keeping
/// those it solves there).
pub(super) fn advise_with<'g>(
    game: &'g PushLuckGame,
    turns: &Turns<'_, 'g>,
    tables: &Path,
    q: &PushLuckQuestion,
    progress: &dyn Progress,
) -> Result<Advice, Error> {
    if q.wants_win() {
        return advise_win(game, turns, tables, q, progress);
    }
    if q.inherited.is_some() {
        return Err(SituationError::InheritedWithoutReturn.into());
    }
    let model = game.model();
    let s = check(&game.rules, &model.scorer, model.grid, q)?;
    let sol = turns.points(s.params, || model.solve(s.params))?;
    Ok(match q.start {
        Start::Roll(dice) => {
            let line = situation_line(game, &s, Some(&dice));
            let note = near_goal_note(game, &sol, &s);
            let mut advice = rank(game, &sol, &s, &dice, Objective::TurnScore, line, note)?;
            if game.rules.turn.three_farkle_penalty > 0 && s.params.on_board {
                add_long_run(game, &s, &dice, &mut advice)?;
            }
            Advice::PushLuck(advice)
        }
        Start::Leftover(k) => Advice::Piggyback(piggyback(game, &sol, &sol, &s, k)?),
    })
}

/// Win objective: the turn with the win table's payoff, or the last turn.
fn advise_win<'g>(
    game: &'g PushLuckGame,
    turns: &Turns<'_, 'g>,
    tables: &Path,
    q: &PushLuckQuestion,
    progress: &dyn Progress,
) -> Result<Advice, Error> {
    if !q.later_opponents.is_empty() {
        return advise_players(game, tables, q, progress);
    }
    let model = game.win_model();
    if let Some(points) = q.inherited {
        check_inherited(game, model.grid, q, points)?;
    }
    let sides = win::Sides::new(model, win::sides::default_floor(model));
    let (a, b) = check_totals(&game.rules, model.grid, sides.floor(), q)?;
    if let Some(points) = q.inherited.filter(|&t| t > b) {
        return Err(SituationError::InheritedOverOpponent { points, opponent: b }.into());
    }
    let q = PushLuckQuestion { score: Some(a), opponent: Some(b), ..q.clone() };
    let mut s = check(&game.rules, &model.scorer, model.grid, &q)?;
    let farkles = u8::try_from(q.farkles).expect("checked: 0..=2");
    let me = sides.of_question(a, farkles).expect("checked: a side");
    s.params.on_board = sides.side(me).on_board;
    let dice = rolled_or_leftover(&q, &s, b, sides.floor())?;
    let goal = game.rules.game.goal;
    let last = b >= goal;
    let mut line = match dice {
        Some(d) => situation_line(game, &s, Some(&d)),
        None => String::new(),
    };
    if last {
        line.push_str(&format!(
            "; your total {a}, the leader's {b}: this is your last turn, and only a total above {b} wins"
        ));
        // (On the leader's leftover a farkle loses either way: what it
        // gives back changes nothing.)
        let sol = win::checked_last_turn(model, s.params.on_board, b - a)?;
        return answer_win(game, &sol, &sol, &s, dice, line);
    }
    let path = table_path(tables, game, Objective::Win);
    let values = turns.win_values(&path, || load_win(game, tables, progress))?;
    let (ai, bi) = pair_of(&values, &q, (a, b), dice.is_some())?;
    line.push_str(&totals_line(game, &values, &q, (a, b)));
    if let Some(o) = &values.offers {
        // The turn reads the opponent's piggyback values after each bank.
        o.check(&[bi])?;
    }
    // Under piggyback=return a turn on a leftover is its own turn: its
    // farkle gives the inherited points back.
    let inherited = match dice {
        Some(_) => q.inherited,
        None => Some(s.state.points).filter(|_| game.rules.turn.piggyback_return),
    };
    let Some(t) = inherited else {
        let sol = turns.pair(&values, ai, bi);
        return answer_win(game, &sol, &sol, &s, dice, line);
    };
    let on_leftover = values.turn_on_leftover(ai, bi, t);
    match dice {
        Some(_) => {
            line.push_str(&format!("; this turn began on your opponent's leftover: a farkle gives them {t} points"));
            answer_win(game, &on_leftover, &on_leftover, &s, dice, line)
        }
        // The leftover weighed against a fresh turn, the pair's own.
        None => answer_win(game, &turns.pair(&values, ai, bi), &on_leftover, &s, dice, line),
    }
}

/// The dice rolled, or `None` on a leftover: its points within the
/// opponent's bank `b` (made from a total of `floor` at least), and no
/// farkle of theirs since.
fn rolled_or_leftover(q: &PushLuckQuestion, s: &Situation, b: i64, floor: i64) -> Result<Option<Counts>, Error> {
    match q.start {
        Start::Roll(dice) => Ok(Some(dice)),
        // The opponent's bank is where the leftover's points come from:
        // from a total of 0 at least, or under the penalty the floor.
        Start::Leftover(_) if s.state.points > b - floor => {
            let (points, opponent) = (s.state.points, b);
            Err(if floor < 0 {
                SituationError::InheritedAboveBank { points, opponent, floor }
            } else {
                SituationError::InheritedAboveOpponent { points, opponent }
            }
            .into())
        }
        Start::Leftover(_) if q.opponent_farkles > 0 => {
            Err(SituationError::LeftoverAfterFarkles(q.opponent_farkles).into())
        }
        Start::Leftover(_) => Ok(None),
    }
}

/// The pair of sides of the totals `(a, b)` in the win table: the asker's
/// and the opponent's (on a leftover, the opponent just banked: on the
/// board, no farkles).
fn pair_of(
    values: &win::WinValues,
    q: &PushLuckQuestion,
    (a, b): (i64, i64),
    rolled: bool,
) -> Result<(usize, usize), SituationError> {
    let farkles = u8::try_from(q.farkles).expect("checked: 0..=2");
    let opponent_farkles = u8::try_from(q.opponent_farkles).expect("checked: 0..=2");
    let found = |index: Option<usize>, total, opponent| {
        index.ok_or(SituationError::BelowFloor { opponent, total, floor: values.sides.floor() })
    };
    let theirs = if rolled {
        values.sides.of_question(b, opponent_farkles)
    } else {
        // The opponent who left the dice just banked: on the board.
        values.sides.index(win::Side { total: b, on_board: true, farkles: 0 })
    };
    Ok((found(values.sides.of_question(a, farkles), a, false)?, found(theirs, b, true)?))
}

/// The totals `(a, b)` for the situation's line, with the farkles in a row
/// where the penalty counts them.
fn totals_line(game: &PushLuckGame, values: &win::WinValues, q: &PushLuckQuestion, (a, b): (i64, i64)) -> String {
    let counts = |n: u32| match n {
        0 => String::new(),
        1 => " (1 farkle in a row)".into(),
        n => format!(" ({n} farkles in a row)"),
    };
    let (mine, theirs) =
        if values.sides.penalty() { (counts(q.farkles), counts(q.opponent_farkles)) } else { Default::default() };
    format!(
        "; your total {a}{mine}, your opponent's {b}{theirs} (the opponent moves next){}",
        if game.rules.game.last_turn { ", not a last turn" } else { "" }
    )
}

/// Inherited points of a turn begun on a leftover (win objective): only
/// under piggyback=return, with a roll, and within the points at stake.
fn check_inherited(game: &PushLuckGame, grid: i64, q: &PushLuckQuestion, points: i64) -> Result<(), Error> {
    if !game.rules.turn.piggyback_return {
        return Err(SituationError::InheritedWithoutReturn.into());
    }
    if matches!(q.start, Start::Leftover(_)) {
        return Err(SituationError::InheritedWithLeftover.into());
    }
    if points <= 0 || points > q.banked {
        return Err(SituationError::InheritedRange { points, banked: q.banked }.into());
    }
    if points % grid != 0 {
        return Err(SituationError::InheritedOffGrid { points, grid }.into());
    }
    Ok(())
}

/// Win objective, a game of more than two: the asker's turn from the
/// table of their player count, or their last turn.
fn advise_players(
    game: &PushLuckGame,
    tables: &Path,
    q: &PushLuckQuestion,
    progress: &dyn Progress,
) -> Result<Advice, Error> {
    let model = game.win_model();
    let Some(next) = q.opponent else {
        return Err(SituationError::LaterWithoutNext.into());
    };
    let others: Vec<i64> = std::iter::once(next).chain(q.later_opponents.iter().copied()).collect();
    let players = others.len() + 1;
    if !win::players::TABLE_PLAYERS.contains(&players) {
        return Err(win::players::count_refused(Some(game), players));
    }
    let dice = match q.start {
        Start::Roll(dice) => dice,
        Start::Leftover(_) => return Err(SituationError::LeftoverWithPlayers.into()),
    };
    if q.inherited.is_some() {
        return Err(if game.rules.turn.piggyback_return {
            SituationError::LeftoverWithPlayers
        } else {
            SituationError::InheritedWithoutReturn
        }
        .into());
    }
    if q.opponent_farkles > 0 {
        return Err(SituationError::OpponentFarklesWithoutPenalty.into());
    }
    let mine = q.score.unwrap_or(0);
    let game_rules = &game.rules.game;
    let ends = (game_rules.goal, game_rules.last_turn && !game_rules.exact_goal);
    win::players::advice::check_totals(model.grid, ends, mine, &others, q.banked)?;
    // The situation is checked (points at stake bounded, dice that fit)
    // before its turn is solved up to the points at stake.
    let q = PushLuckQuestion { score: Some(mine), ..q.clone() };
    let mut s = check(&game.rules, &model.scorer, model.grid, &q)?;
    if let Some(reason) = win::players::advice::estimate_reason(game, mine, &others, q.rollouts.force)? {
        let (place, on_board) = win::players::advice::place_of(game, mine, &others);
        s.params.on_board = on_board;
        let line = situation_line(game, &s, Some(&dice)) + &place;
        let asked = rollout::advise::Asked { mine, others: &others, situation: &s, dice: &dice, line, reason };
        return Ok(Advice::PushLuck(rollout::advise_by_rollouts(game, tables, &asked, &q.rollouts, progress)?));
    }
    let turn = win::players::advice::asked_turn(game, tables, mine, &others, q.banked, progress)?;
    s.params.on_board = turn.on_board;
    let line = situation_line(game, &s, Some(&dice)) + &turn.line;
    answer_win(game, &turn.sol, &turn.sol, &s, Some(dice), line)
}

/// The win objective's answer from the solved turn `sol`: the ranked
/// alternatives of a roll, or (no dice: a leftover) piggyback, valued by
/// the turn on the leftover `on_leftover` (under piggyback=return its own,
/// else `sol`), or not.
fn answer_win(
    game: &PushLuckGame,
    sol: &Solution,
    on_leftover: &Solution,
    s: &Situation,
    dice: Option<Counts>,
    line: String,
) -> Result<Advice, Error> {
    Ok(match dice {
        Some(dice) => Advice::PushLuck(rank(game, sol, s, &dice, Objective::Win, line, None)?),
        None => {
            let k = s.state.dice;
            let mut advice = piggyback(game, on_leftover, sol, s, k)?;
            advice.objective = Objective::Win;
            advice.situation.push_str(&line);
            Advice::Piggyback(advice)
        }
    })
}
