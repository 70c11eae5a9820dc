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
//! ranking is the same code for both: it reads a [`Solution`].

use super::long_run;
use super::rollout;
use super::scoring::Variant;
use super::situation::{check, check_totals, Situation};
use super::solution::{Next, Solution};
use super::solved_turns::{self, Turns};
use super::table::table_path;
use super::win;
use super::win::table::load as load_win;
use super::{value_of, PushLuckGame};
use crate::dice::{counts_of, dice_count, faces_of, format_dice, Counts};
use crate::error::Error;
use crate::error::SituationError;
use crate::progress::Progress;
use crate::question::{PushLuckQuestion, Start};
use crate::report::{Advice, PiggybackAdvice, PushLuckAdvice, PushLuckAlternative, Then};
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
    if let Some(reason) = win::players::advice::estimate_reason(game, &others, q.rollouts.force)? {
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

/// Ranks the alternatives of the roll `dice` by the solved turn `sol`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn rank(
    game: &PushLuckGame,
    sol: &Solution,
    s: &Situation,
    dice: &Counts,
    objective: Objective,
    situation: String,
    note: Option<String>,
) -> Result<PushLuckAdvice, Error> {
    let alts = choices(game, sol, s, dice)?.into_iter().map(|(a, _)| a).collect();
    Ok(ranked(game, s, dice, objective, situation, note, alts, sol.farkle_score()))
}

/// Where an alternative leaves the turn: what a valuation other than the
/// solve's own (rollouts) plays on from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum After {
    /// The turn ends by itself with these turn points (an instant win, or
    /// no dice or rolls left).
    Ends { instant: bool, points: i64 },
    /// Bank these turn points.
    Bank(i64),
    /// Roll on from decision context `ctx` of `sol`'s model with these
    /// turn points; `chosen`: with a choice of dice, how many are rolled.
    Roll { points: i64, ctx: usize, chosen: Option<u8> },
}

/// Every alternative of the roll `dice`, valued by `sol`, with where it
/// leaves the turn (unsorted).
pub(crate) fn choices(
    game: &PushLuckGame,
    sol: &Solution,
    s: &Situation,
    dice: &Counts,
) -> Result<Vec<(PushLuckAlternative, After)>, Error> {
    let rules = &game.rules;
    // The turn's own model: near an exact goal with a choice of dice, its
    // scorer also reads six scoring dice by their parts.
    let set_asides = sol.model.scorer.set_asides(dice, s.roll == 1);
    let mut alts = Vec::new();
    for sa in &set_asides {
        let readings: Vec<&Variant> = if rules.turn.vant_hof > 0 || sol.model.chooses_dice {
            sa.variants.iter().collect()
        } else {
            // Without Van't Hof only the best reading (and an instant win) matters.
            sa.variants.iter().filter(|v| v.instant_win).chain(sa.best_points()).collect()
        };
        for v in readings {
            let alt = |at_stake, then, roll_dice, ends_because, value| PushLuckAlternative {
                set_aside: faces_of(&sa.keep),
                reading: v.parts.clone(),
                counted_as: reading_text(v),
                points: v.points,
                instant_win: v.instant_win,
                at_stake,
                then,
                roll_dice,
                ends_because,
                expected_score: value,
                long_run_score: None,
                estimate: None,
            };
            match sol.after(&s.state, &sa.keep, v)? {
                Next::Ends(value) => {
                    let why = if v.instant_win { "instant win" } else { "no dice or rolls left" };
                    let points = s.state.points + v.points;
                    alts.push((
                        alt(points, Then::Ends, None, Some(why), value),
                        After::Ends { instant: v.instant_win, points },
                    ));
                }
                Next::Decide { points, dice, ctx, bank, roll } => {
                    if let Some(b) = bank {
                        alts.push((alt(points, Then::Bank, None, None, b), After::Bank(points)));
                    }
                    let by_dice = sol.roll_values_by_dice(points, ctx);
                    if by_dice.is_empty() {
                        let after = After::Roll { points, ctx, chosen: None };
                        alts.push((alt(points, Then::Roll, Some(dice), None, roll), after));
                    }
                    // With a choice of dice, each number of them to roll.
                    for (rolled, value) in by_dice {
                        let after = After::Roll { points, ctx, chosen: Some(rolled) };
                        alts.push((alt(points, Then::Roll, Some(rolled), None, value), after));
                    }
                }
            }
        }
    }
    Ok(alts)
}

/// The advice of the valued alternatives `alts`: best first (among equals
/// fewer dice set aside); `farkle_value` is the turn's value when nothing
/// scores.
#[allow(clippy::too_many_arguments)]
pub(crate) fn ranked(
    game: &PushLuckGame,
    s: &Situation,
    dice: &Counts,
    objective: Objective,
    situation: String,
    note: Option<String>,
    mut alts: Vec<PushLuckAlternative>,
    farkle_value: f64,
) -> PushLuckAdvice {
    // Best first; among equals, fewer dice set aside.
    alts.sort_by(|x, y| {
        y.expected_score
            .partial_cmp(&x.expected_score)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(x.set_aside.len().cmp(&y.set_aside.len()))
    });
    let farkle = alts.is_empty();
    PushLuckAdvice {
        game: game.reference(),
        objective,
        situation,
        dice: faces_of(dice),
        banked: s.state.points,
        roll: s.roll,
        on_board: s.params.on_board,
        farkle,
        expected_score: alts.first().map_or(farkle_value, |a| a.expected_score),
        note,
        alternatives: alts,
        long_run: None,
        rollouts: None,
    }
}

/// Adds the long-run values to expected-score advice under the
/// three-farkle penalty (on the board): the same alternatives ranked by the
/// turn solved with farkles valued by their effect on later turns.
fn add_long_run(game: &PushLuckGame, s: &Situation, dice: &Counts, advice: &mut PushLuckAdvice) -> Result<(), Error> {
    let lr = long_run::solve(game, s.params)?;
    let c = usize::try_from(s.farkles).expect("checked: 0..=2");
    let other = rank(game, &lr.turns[c], s, dice, Objective::TurnScore, String::new(), None)?;
    for a in &mut advice.alternatives {
        a.long_run_score = other
            .alternatives
            .iter()
            .find(|b| b.set_aside == a.set_aside && b.reading == a.reading && b.then == a.then)
            .map(|b| b.expected_score);
    }
    let best = other.alternatives.first();
    if let (Some(lb), Some(mb)) = (best, advice.alternatives.first()) {
        if lb.set_aside != mb.set_aside || lb.then != mb.then {
            let text = format!(
                "over a long game (counting what a farkle does to the farkle count) the best play is: set aside {}, \
                 then {}",
                format_dice(&counts_of(&lb.set_aside)),
                lb.then_text()
            );
            advice.note = Some(advice.note.take().map_or(text.clone(), |n| format!("{n}; {text}")));
        }
    }
    advice.long_run = Some(lr.summary());
    Ok(())
}

/// Near the goal the best play for winning differs from the best play for
/// points: say so when this turn could plausibly reach the goal, that is
/// when the goal is at most the points at stake plus two average turns away
/// (only when the player's total was given).
fn near_goal_note(game: &PushLuckGame, sol: &Solution, s: &Situation) -> Option<String> {
    if s.params.goal_left >= game.rules.game.goal {
        return None;
    }
    let reach = value_of(s.state.points) + 2.0 * sol.start_value();
    (value_of(s.params.goal_left) <= reach).then(|| {
        format!(
            "{} points from the goal: this advice maximises the points of this turn, and near the goal the play that \
             maximises the chance of winning can differ (ask with the win objective and the opponent's total)",
            s.params.goal_left
        )
    })
}

/// Piggyback or start fresh: the leftover's roll valued by its turn
/// `on_leftover`, a fresh start by `fresh` (the same turn, except where a
/// farkle on the leftover is worth another value: piggyback=return).
pub(crate) fn piggyback(
    game: &PushLuckGame,
    on_leftover: &Solution,
    fresh: &Solution,
    s: &Situation,
    k: u8,
) -> Result<PiggybackAdvice, Error> {
    let pig = on_leftover.roll_value(&s.state)?;
    let fresh = fresh.start_value();
    let best = if pig > fresh { "piggyback" } else { "start fresh" };
    let situation = format!(
        "{}: piggyback on {k} leftover {} with {} points to inherit, {}",
        game.title(),
        if k == 1 { "die" } else { "dice" },
        s.state.points,
        if s.params.on_board { "on the board" } else { "not on the board yet" }
    );
    Ok(PiggybackAdvice {
        game: game.reference(),
        objective: Objective::TurnScore,
        situation,
        leftover: k,
        inherited: s.state.points,
        piggyback_expected_score: pig,
        fresh_expected_score: fresh,
        best,
        expected_score: pig.max(fresh),
    })
}

/// "single 1, single 1, three 5s" -> "2 x single 1 + three 5s".
fn reading_text(v: &Variant) -> String {
    let mut out: Vec<(String, usize)> = Vec::new();
    for p in &v.parts {
        match out.iter_mut().find(|(q, _)| q == p) {
            Some((_, n)) => *n += 1,
            None => out.push((p.clone(), 1)),
        }
    }
    out.iter().map(|(p, n)| if *n > 1 { format!("{n} x {p}") } else { p.clone() }).collect::<Vec<_>>().join(" + ")
}

pub(crate) fn situation_line(game: &PushLuckGame, s: &Situation, dice: Option<&Counts>) -> String {
    let rules = &game.rules;
    let st = &s.state;
    let mut parts = vec![format!("{} points at stake", st.points)];
    if let Some(d) = dice {
        let k = dice_count(d);
        let roll = if rules.turn.max_rolls > 0 {
            format!("roll {} of {}", s.roll, rules.turn.max_rolls)
        } else if s.roll == 1 {
            "first roll".into()
        } else if k == 6 {
            "six dice again after hot dice".into()
        } else {
            "a later roll".into()
        };
        // Near an exact goal a roll may leave some of the dice unrolled.
        let held = usize::from(st.dice).saturating_sub(k);
        let kept = if held > 0 { format!(", {held} kept back") } else { String::new() };
        parts.push(format!("rolled {} ({k} {}{kept}, {roll})", format_dice(d), if k == 1 { "die" } else { "dice" }));
    }
    if s.params.on_board {
        if rules.turn.min_bank > 0 {
            parts.push(format!("on the board (no bank below {})", rules.turn.min_bank));
        } else {
            parts.push("on the board".into());
        }
    } else {
        parts.push(format!("not on the board yet (a turn under {} scores 0)", rules.turn.entry));
    }
    if rules.turn.three_farkle_penalty > 0 {
        parts.push(if s.params.last_chance {
            format!("two farkles in a row (a farkle now costs {})", rules.turn.three_farkle_penalty)
        } else {
            "fewer than two farkles in a row (a farkle scores 0)".into()
        });
    }
    if rules.turn.vant_hof > 0 {
        parts.push(format!("{} 1s set aside this turn", st.ones));
    }
    if rules.has_instant_win() || rules.game.exact_goal || s.params.goal_left < rules.game.goal {
        parts.push(format!("{} points to the goal", s.params.goal_left));
    }
    if s.params.goal_left <= rules.game.choose_dice_within {
        parts.push("each roll may use fewer of the dice".into());
    }
    format!("{}: {}", game.title(), parts.join(", "))
}
