//! Every alternative of a roll valued by a solved turn and ranked: each
//! set-aside of the dice (each reading of it), followed by banking or
//! rolling on, with its value, points, dice and what follows; the
//! situation's line for people; piggyback's take-or-fresh. `advise` asks
//! with the turn it solved, a session with the turn in play, the rollouts
//! with the alternatives' openings ([`After`]).

use super::long_run;
use super::scoring::Variant;
use super::situation::Situation;
use super::solution::{Next, Solution};
use super::{value_of, PushLuckGame};
use crate::dice::{counts_of, dice_count, faces_of, format_dice, Counts};
use crate::error::Error;
use crate::report::{PiggybackAdvice, PushLuckAdvice, PushLuckAlternative, Then};
use crate::vocabulary::Objective;

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
pub(super) fn add_long_run(
    game: &PushLuckGame,
    s: &Situation,
    dice: &Counts,
    advice: &mut PushLuckAdvice,
) -> Result<(), Error> {
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
pub(super) fn near_goal_note(game: &PushLuckGame, sol: &Solution, s: &Situation) -> Option<String> {
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
