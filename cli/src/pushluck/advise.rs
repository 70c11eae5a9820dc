//! `sixdice advise --game farkle --dice 1,1,2,3,5,5 --banked 300`: the best
//! set-aside and whether to bank or roll on, with every alternative ranked by
//! its expected turn score. With `--leftover N`: piggyback or start fresh.
//!
//! The solve behind it takes milliseconds, so advise solves the situation's
//! own turn parameters (board, farkles, points to the goal) in memory: no
//! table or set-up needed, and exact `f64` values.

use anyhow::bail;
use solver::dice::{dice_count, format_dice, parse_dice, Counts};
use solver::pushluck::scoring::{SetAside, Variant};
use solver::pushluck::turn::{Next, Params, Solution, TurnState};

use crate::args::{AdviseArgs, Cli};
use crate::output::{print_json, TextTable};

use super::{fmt_value, Resolved};

/// What happens after a set-aside.
#[derive(Debug, Clone, PartialEq)]
enum Then {
    Bank,
    Roll(u8),
    /// The turn ends by itself (instant win, no dice or rolls left).
    Ends(&'static str),
}

struct Alt {
    keep: Counts,
    reading: Variant,
    /// Turn points after the set-aside (before the turn ends).
    at_stake: i64,
    then: Then,
    value: f64,
}

/// Validated situation from the command line.
struct Situation {
    params: Params,
    state: TurnState,
    roll_number: u32,
}

fn situation(a: &AdviseArgs, r: &Resolved, dice: Option<usize>) -> anyhow::Result<Situation> {
    let rules = &r.rules;
    if a.banked < 0 {
        bail!("--banked {} is negative: it is the points set aside this turn", a.banked);
    }
    let goal = rules.game.goal;
    let (on_board, goal_left) = match a.score {
        None => (true, goal),
        Some(s) if s >= goal => bail!("--score {s} is at or past the goal {goal}: the game is over for this player"),
        Some(s) => (s > 0, goal - s),
    };
    let penalty = rules.turn.three_farkle_penalty;
    if a.farkles > 0 && penalty == 0 {
        bail!("--farkles matters only with the three-farkle-penalty option (add -o three-farkle-penalty)");
    }
    if a.farkles >= 3 {
        bail!("--farkles {}: the count starts again after the third farkle, so it is 0, 1 or 2", a.farkles);
    }
    let params = Params { on_board, last_chance: penalty > 0 && a.farkles == 2, goal_left };

    let max_rolls = rules.turn.max_rolls;
    let roll_number = match (a.roll, dice) {
        (Some(0), _) => bail!("--roll counts from 1 (the first roll of the turn)"),
        (Some(n), _) => n,
        // A piggyback start is never the turn's first roll.
        (None, None) => 2,
        (None, Some(6)) if a.banked == 0 => 1,
        (None, Some(_)) if max_rolls > 0 => {
            bail!("{} counts rolls: say which roll of the turn this is with --roll (1 to {max_rolls})", rules.name)
        }
        (None, Some(_)) => 2,
    };
    if max_rolls > 0 && roll_number > max_rolls {
        bail!("--roll {roll_number}: {} allows at most {max_rolls} rolls per turn", rules.name);
    }
    if let Some(k) = dice {
        if roll_number == 1 && (a.banked != 0 || k != 6) {
            bail!("roll 1 is the turn's first roll: six dice and nothing at stake (a piggyback roll counts as roll 2)");
        }
        if roll_number > 1 && a.banked == 0 {
            bail!("on roll {roll_number} there must be points at stake (--banked): every earlier roll set some aside");
        }
        if roll_number > 1 && k == 6 && !rules.turn.hot_dice {
            bail!("six dice after the first roll needs hot dice, which {} does not have", rules.name);
        }
    }
    if a.ones > 0 && rules.turn.vant_hof == 0 {
        bail!("--ones matters only with the vant-hof-6 option (add -o vant-hof-6)");
    }
    if a.ones > 0 && roll_number == 1 {
        bail!("--ones {}: nothing is set aside before the first roll", a.ones);
    }
    if a.ones > 6 {
        bail!("--ones {}: the Van't Hof count stops at 6", a.ones);
    }
    let ones = a.ones as u8;
    // 1s set aside earlier are taken to have scored as singles (the usual
    // case; sets of 1s on earlier rolls cannot be described on the command line).
    let ones_points = if ones >= 6 { 0 } else { ones as i64 * rules.scoring.kinds.points(0, 1) };
    if ones < 6 && ones_points > a.banked {
        bail!("--ones {ones} means at least {ones_points} points set aside, but --banked is {}", a.banked);
    }
    let state =
        TurnState { points: a.banked, dice: dice.unwrap_or(6) as u8, rolls: roll_number - 1, ones, ones_points };
    Ok(Situation { params, state, roll_number })
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

fn then_text(t: &Then) -> String {
    match t {
        Then::Bank => "bank".into(),
        Then::Roll(k) => format!("roll {k} {}", if *k == 1 { "die" } else { "dice" }),
        Then::Ends(why) => format!("turn ends ({why})"),
    }
}

fn alternatives(
    sol: &Solution,
    before: &TurnState,
    set_asides: &[SetAside],
    vant_hof: bool,
) -> anyhow::Result<Vec<Alt>> {
    let mut alts = Vec::new();
    for sa in set_asides {
        let readings: Vec<&Variant> = if vant_hof {
            sa.variants.iter().collect()
        } else {
            // Without Van't Hof only the best reading (and an instant win) matters.
            sa.variants.iter().filter(|v| v.instant_win).chain(sa.best_points()).collect()
        };
        for v in readings {
            let at_stake = before.points + v.points;
            match sol.after(before, &sa.keep, v)? {
                Next::Ends(value) => {
                    let why = if v.instant_win { "instant win" } else { "no dice or rolls left" };
                    alts.push(Alt { keep: sa.keep, reading: v.clone(), at_stake, then: Then::Ends(why), value });
                }
                Next::Decide { points, dice, bank, roll } => {
                    if let Some(b) = bank {
                        alts.push(Alt {
                            keep: sa.keep,
                            reading: v.clone(),
                            at_stake: points,
                            then: Then::Bank,
                            value: b,
                        });
                    }
                    alts.push(Alt {
                        keep: sa.keep,
                        reading: v.clone(),
                        at_stake: points,
                        then: Then::Roll(dice),
                        value: roll,
                    });
                }
            }
        }
    }
    // Best first; among equals, fewer dice set aside, then banking.
    alts.sort_by(|x, y| {
        y.value
            .partial_cmp(&x.value)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(dice_count(&x.keep).cmp(&dice_count(&y.keep)))
    });
    Ok(alts)
}

fn describe(r: &Resolved, s: &Situation, dice: Option<&Counts>) -> String {
    let rules = &r.rules;
    let st = &s.state;
    let mut parts = vec![format!("{} points at stake", st.points)];
    if let Some(d) = dice {
        let k = dice_count(d);
        let roll = if rules.turn.max_rolls > 0 {
            format!("roll {} of {}", s.roll_number, rules.turn.max_rolls)
        } else if s.roll_number == 1 {
            "first roll".into()
        } else if k == 6 {
            "six dice again after hot dice".into()
        } else {
            "a later roll".into()
        };
        parts.push(format!("rolled {} ({k} {}, {roll})", format_dice(d), if k == 1 { "die" } else { "dice" }));
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
    if rules.has_instant_win() || rules.game.exact_goal {
        parts.push(format!("{} points to the goal", s.params.goal_left));
    }
    format!("{}: {}", r.label, parts.join(", "))
}

pub fn run(cli: &Cli, a: &AdviseArgs) -> anyhow::Result<()> {
    let r = super::resolve(&a.game, &a.sel)?;
    let model = super::model(&r)?;
    if let Some(k) = a.leftover {
        return piggyback(cli, a, &r, &model, k);
    }
    let dice = parse_dice(&a.dice)?;
    let k = dice_count(&dice);
    if !(1..=6).contains(&k) {
        bail!("expected 1 to 6 dice, got {k} (--dice {})", a.dice);
    }
    let s = situation(a, &r, Some(k))?;
    let sol = model.solve(s.params)?;
    let set_asides = model.scorer.set_asides(&dice, s.roll_number == 1);
    let line = describe(&r, &s, Some(&dice));
    if set_asides.is_empty() {
        let score = sol.farkle_score();
        if cli.json {
            print_json(&serde_json::json!({
                "situation": line,
                "farkle": true,
                "turn_score": score,
            }));
        } else {
            println!("{line}");
            println!("Farkle: no scoring dice. The turn scores {score}.");
        }
        return Ok(());
    }
    // The value of the situation itself is checked too (bad --banked etc.).
    let alts = alternatives(&sol, &s.state, &set_asides, r.rules.turn.vant_hof > 0)?;
    let best = &alts[0];
    if cli.json {
        let alt_json = |x: &Alt| {
            serde_json::json!({
                "set_aside": solver::dice::faces_of(&x.keep),
                "reading": x.reading.parts,
                "points": x.reading.points,
                "instant_win": x.reading.instant_win,
                "at_stake": x.at_stake,
                "then": match &x.then { Then::Bank => "bank".to_string(), Then::Roll(_) => "roll".into(), Then::Ends(_) => "ends".into() },
                "roll_dice": match &x.then { Then::Roll(k) => Some(*k), _ => None },
                "expected_turn_score": x.value,
            })
        };
        print_json(&serde_json::json!({
            "game": r.id,
            "options": r.options,
            "situation": line,
            "banked": s.state.points,
            "dice": solver::dice::faces_of(&dice),
            "roll": s.roll_number,
            "on_board": s.params.on_board,
            "farkle": false,
            "best": alt_json(best),
            "alternatives": alts.iter().map(alt_json).collect::<Vec<_>>(),
        }));
        return Ok(());
    }
    println!("{line}");
    println!(
        "Best: set aside {} ({}, {} points), then {} with {} at stake",
        format_dice(&best.keep),
        reading_text(&best.reading),
        best.reading.points,
        then_text(&best.then),
        best.at_stake
    );
    println!("Expected turn score: {}", fmt_value(best.value));
    println!();
    let mut t = TextTable::new(["#", "set aside", "counted as", "points", "then", "at stake", "expected"])
        .right(0)
        .right(3)
        .right(5)
        .right(6);
    for (i, x) in alts.iter().take(a.top.max(1)).enumerate() {
        t.row([
            (i + 1).to_string(),
            format_dice(&x.keep),
            reading_text(&x.reading),
            x.reading.points.to_string(),
            then_text(&x.then),
            x.at_stake.to_string(),
            fmt_value(x.value),
        ]);
    }
    print!("{}", t.render());
    if alts.len() > a.top.max(1) {
        println!("({} more alternatives; --top N lists more)", alts.len() - a.top.max(1));
    }
    Ok(())
}

/// `--leftover N`: roll the previous player's leftover dice for their turn
/// points, or start fresh with six dice.
fn piggyback(
    cli: &Cli,
    a: &AdviseArgs,
    r: &Resolved,
    model: &solver::pushluck::turn::Model,
    k: u8,
) -> anyhow::Result<()> {
    let rules = &r.rules;
    if !rules.turn.piggyback {
        bail!("{} has no piggyback here; add -o piggyback (Yahtzix: -o go-for-it)", rules.name);
    }
    if !(1..=6).contains(&k) {
        bail!("--leftover {k}: between 1 and 6 dice");
    }
    if a.banked <= 0 {
        bail!("--leftover needs --banked: the previous player's turn points you would inherit");
    }
    if a.ones > 0 {
        bail!("--ones: the previous player's 1s do not count toward your Van't Hof");
    }
    let s = situation(a, r, None)?;
    if rules.turn.piggyback_needs_board && !s.params.on_board {
        bail!("in {} only players on the board may piggyback", rules.name);
    }
    let state = TurnState { dice: k, ..s.state };
    let sol = model.solve(s.params)?;
    let pig = sol.roll_value(&state)?;
    let fresh = sol.start_value();
    let choice = if pig > fresh { "piggyback" } else { "start fresh" };
    let line = format!(
        "{}: piggyback on {k} leftover {} with {} points to inherit, {}",
        r.label,
        if k == 1 { "die" } else { "dice" },
        a.banked,
        if s.params.on_board { "on the board" } else { "not on the board yet" }
    );
    if cli.json {
        print_json(&serde_json::json!({
            "situation": line,
            "piggyback_expected_turn_score": pig,
            "fresh_expected_turn_score": fresh,
            "best": choice,
        }));
    } else {
        println!("{line}");
        println!("Best: {choice}");
        let mut t = TextTable::new(["choice", "expected"]).right(1);
        t.row([format!("piggyback: roll {k} for {}", a.banked), fmt_value(pig)]);
        t.row(["start fresh with six dice".to_string(), fmt_value(fresh)]);
        print!("{}", t.render());
    }
    Ok(())
}
