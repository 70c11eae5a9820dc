//! `strategy`: the strategy sheet of a push-your-luck game.

use solver::{Strategy, StrategyReport, StrategySection};

use crate::output::{value, TextTable};

/// Either sheet: the score objective's, or the sheet to win.
pub fn strategy(r: &Strategy) -> String {
    match r {
        Strategy::Score(r) => score_sheet(r),
        Strategy::Win(r) => super::win_strategy(r),
    }
}

fn score_sheet(r: &StrategyReport) -> String {
    let mut out = format!("{}: strategy for the highest expected score per turn\n", r.game.title);
    for s in &r.sections {
        section(&mut out, r, s);
    }
    if let Some(lr) = &r.long_run {
        out.push_str(&format!(
            "\nLong run: the strategy for the most points per turn over a long game, where a farkle also moves the \
             count towards the penalty: {} points per turn on average; 1 farkle in a row is worth {}, 2 in a row {} \
             (relative to none).\n",
            value(lr.points_per_turn),
            value(lr.farkle_count_value[1]),
            value(lr.farkle_count_value[2])
        ));
        for s in &r.long_run_sections {
            section(&mut out, r, s);
        }
    }
    out.push_str("\nSet-aside choices depend on the roll: ask `sixdice advise`.\n");
    out
}

fn section(out: &mut String, r: &StrategyReport, s: &StrategySection) {
    out.push('\n');
    let long_run = s.long_run;
    let mut name = if long_run {
        s.variant.clone()
    } else if s.on_board {
        "on the board".to_string()
    } else {
        "not yet on the board".to_string()
    };
    if s.two_farkles_in_a_row {
        name.push_str(&format!(", after two farkles in a row (a farkle costs {})", r.penalty));
    }
    let what =
        if long_run { "value of a turn (points, plus the farkle count it leaves)" } else { "expected score of a turn" };
    out.push_str(&format!("{name}\n  {what}: {}\n", value(s.expected_score)));
    if !s.on_board {
        out.push_str(&format!("  (a turn under {} scores 0)\n", r.entry));
    } else if r.min_bank > 0 {
        out.push_str(&format!("  (no bank below {})\n", r.min_bank));
    }
    let mut t = if r.counts_rolls {
        TextTable::new(["  next roll", "dice", "bank at or above"]).right(1)
    } else {
        TextTable::new(["  dice to roll", "bank at or above"])
    };
    for row in &s.bank_at {
        let mut bank = match row.bank_from {
            Some(f) => f.to_string(),
            None => "never (always roll)".into(),
        };
        if !row.also_bank_at.is_empty() {
            let list: Vec<String> = row.also_bank_at.iter().map(ToString::to_string).collect();
            bank.push_str(&format!(" (also at {})", list.join(", ")));
        }
        let dice =
            if row.dice_to_roll == 6 && r.hot_dice { "6 (hot dice)".to_string() } else { row.dice_to_roll.to_string() };
        if r.counts_rolls {
            t.row([format!("  {} of {}", row.rolls_made + 1, r.max_rolls), dice, bank]);
        } else {
            t.row([format!("  {dice}"), bank]);
        }
    }
    out.push_str(&t.render());
    if !s.piggyback_from.is_empty() {
        out.push_str("  piggyback on the previous player's leftover dice when inheriting at least:\n");
        let mut t = TextTable::new(["    leftover dice", "inherited points"]);
        for p in &s.piggyback_from {
            t.row([
                format!("    {}", p.leftover_dice),
                p.inherited_from.map_or("never".to_string(), |f| f.to_string()),
            ]);
        }
        out.push_str(&t.render());
    }
}
