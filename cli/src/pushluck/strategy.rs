//! `sixdice strategy --game farkle [-o ...]`: a strategy sheet for the
//! expected-score objective: the expected score of a turn, and for each
//! number of dice left the turn total from which to bank.

use solver::pushluck::turn::{Params, Solution, TurnState};

use crate::args::{Cli, GameSel};
use crate::output::{print_json, TextTable};

use super::fmt_value;

/// One row of the sheet: with `dice` to roll after `rolls` rolls, bank from
/// `bank_from` on (and at the listed lower totals too).
struct Row {
    rolls: u32,
    dice: u8,
    bank_from: Option<i64>,
    also: Vec<i64>,
}

fn rows(sol: &Solution) -> Vec<Row> {
    let rules = &sol.model.rules;
    let roll_counts: Vec<u32> = if rules.turn.max_rolls > 0 { (1..rules.turn.max_rolls).collect() } else { vec![1] };
    let max_dice = if rules.turn.hot_dice { 6 } else { 5 };
    let mut out = Vec::new();
    for &rolls in &roll_counts {
        for dice in 1..=max_dice {
            let bank_from = sol.bank_from(dice, rolls);
            let also = bank_from.map(|f| sol.banks_below(dice, rolls, f)).unwrap_or_default();
            out.push(Row { rolls, dice, bank_from, also });
        }
    }
    out
}

/// For each number of leftover dice, the smallest inherited total from which
/// piggybacking beats a fresh turn (scanning turn totals on the grid).
fn piggyback_from(sol: &Solution) -> Vec<(u8, Option<i64>)> {
    let fresh = sol.start_value();
    let g = sol.model.grid;
    let limit = (sol.top.max(sol.model.rules.game.goal) / g + 1) * g;
    (1..=5u8)
        .map(|dice| {
            let mut from = None;
            let mut t = limit;
            while t >= g {
                let s = TurnState { points: t, dice, rolls: 1, ones: 0, ones_points: 0 };
                match sol.roll_value(&s) {
                    Ok(v) if v > fresh => from = Some(t),
                    _ => break,
                }
                t -= g;
            }
            (dice, from)
        })
        .collect()
}

fn section_name(p: &Params, penalty: i64) -> String {
    let mut s = if p.on_board { "on the board".to_string() } else { "not yet on the board".to_string() };
    if p.last_chance {
        s.push_str(&format!(", after two farkles in a row (a farkle costs {penalty})"));
    }
    s
}

pub fn run(cli: &Cli, game: &str, sel: &GameSel) -> anyhow::Result<()> {
    let r = super::resolve(game, sel)?;
    let model = super::model(&r)?;
    let rules = &r.rules;
    let mut sections = Vec::new();
    for (_, params) in super::table_variants(rules) {
        let sol = model.solve(params)?;
        let rows = rows(&sol);
        let pig = if rules.turn.piggyback && (params.on_board || !rules.turn.piggyback_needs_board) {
            piggyback_from(&sol)
        } else {
            vec![]
        };
        sections.push((params, sol.start_value(), rows, pig));
    }
    let counts_rolls = rules.turn.max_rolls > 0;
    if cli.json {
        let js: Vec<serde_json::Value> = sections
            .iter()
            .map(|(p, ev, rows, pig)| {
                serde_json::json!({
                    "on_board": p.on_board,
                    "two_farkles_in_a_row": p.last_chance,
                    "expected_turn_score": ev,
                    "bank_at": rows.iter().map(|row| serde_json::json!({
                        "rolls_made": row.rolls,
                        "dice_to_roll": row.dice,
                        "bank_from": row.bank_from,
                        "also_bank_at": row.also,
                    })).collect::<Vec<_>>(),
                    "piggyback_from": pig.iter().map(|(d, f)| serde_json::json!({"leftover_dice": d, "inherited_from": f})).collect::<Vec<_>>(),
                })
            })
            .collect();
        print_json(&serde_json::json!({
            "game": r.id,
            "name": rules.name,
            "options": r.options,
            "objective": "expected turn score",
            "sections": js,
        }));
        return Ok(());
    }
    println!("{}: strategy for the highest expected score per turn", r.label);
    for (p, ev, rows, pig) in &sections {
        println!();
        println!("{}", section_name(p, rules.turn.three_farkle_penalty));
        println!("  expected score of a turn: {}", fmt_value(*ev));
        if !p.on_board {
            println!("  (a turn under {} scores 0)", rules.turn.entry);
        } else if rules.turn.min_bank > 0 {
            println!("  (no bank below {})", rules.turn.min_bank);
        }
        let mut t = if counts_rolls {
            TextTable::new(["  next roll", "dice", "bank at or above"]).right(1)
        } else {
            TextTable::new(["  dice to roll", "bank at or above"])
        };
        for row in rows {
            let mut bank = match row.bank_from {
                Some(f) => f.to_string(),
                None => "never (always roll)".into(),
            };
            if !row.also.is_empty() {
                let list: Vec<String> = row.also.iter().map(|x| x.to_string()).collect();
                bank.push_str(&format!(" (also at {})", list.join(", ")));
            }
            let dice =
                if row.dice == 6 && rules.turn.hot_dice { "6 (hot dice)".to_string() } else { row.dice.to_string() };
            if counts_rolls {
                t.row([format!("  {} of {}", row.rolls + 1, rules.turn.max_rolls), dice, bank]);
            } else {
                t.row([format!("  {dice}"), bank]);
            }
        }
        print!("{}", t.render());
        if !pig.is_empty() {
            println!("  piggyback on the previous player's leftover dice when inheriting at least:");
            let mut t = TextTable::new(["    leftover dice", "inherited points"]);
            for (d, f) in pig {
                t.row([format!("    {d}"), f.map_or("never".to_string(), |f| f.to_string())]);
            }
            print!("{}", t.render());
        }
    }
    println!();
    println!("Set-aside choices depend on the roll: ask `sixdice advise`.");
    Ok(())
}
