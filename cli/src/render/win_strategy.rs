//! `strategy --objective win`: the sheet to play to win, as a table per
//! section (rows: dice to roll; columns: bands of score difference).

use solver::{ScoreBand, WinSheet};

use crate::output::TextTable;

fn band(b: &ScoreBand) -> String {
    match (b.from, b.to) {
        (None, Some(t)) => format!("behind {}+", -t),
        (Some(f), None) => format!("ahead {f}+"),
        (Some(f), Some(t)) if f < 0 && t <= 0 => format!("behind {}-{}", -t, -f),
        (Some(f), Some(t)) if f >= 0 => format!("ahead {f}-{t}"),
        (Some(f), Some(t)) => format!("{f} to {t}"),
        (None, None) => "any".into(),
    }
}

pub fn win_strategy(r: &WinSheet) -> String {
    let mut out = format!(
        "{}: strategy to win a two-player game (goal {})\n\
         Bank once this turn's points reach the number in the column of the score difference (your total minus \
         your opponent's); \"roll\": keep rolling.\n\
         On your last turn (your opponent reached the goal) roll until you pass them.\n",
        r.game.title, r.rules.goal
    );
    let counts_rolls = r.rules.sections.iter().flat_map(|s| &s.rows).any(|row| row.rolls_made > 1);
    for s in &r.rules.sections {
        if r.rules.sections.len() > 1 {
            out.push_str(if s.on_board { "\non the board\n" } else { "\nnot yet on the board\n" });
        } else {
            out.push('\n');
        }
        let mut head = vec![if counts_rolls { "dice (roll)".to_string() } else { "dice".to_string() }];
        head.extend(r.rules.bands.iter().map(band));
        let mut t = TextTable::new(head);
        for i in 1..=r.rules.bands.len() {
            t = t.right(i);
        }
        for row in &s.rows {
            let mut cells = vec![if counts_rolls {
                format!("{} (after roll {})", row.dice_to_roll, row.rolls_made)
            } else {
                row.dice_to_roll.to_string()
            }];
            cells.extend(row.bank_from.iter().zip(&row.met).map(|(b, &met)| match (met, b) {
                (false, _) => "-".to_string(),
                (true, None) => "roll".to_string(),
                (true, Some(t)) => t.to_string(),
            }));
            t.row(cells);
        }
        out.push_str(&t.render());
    }
    let goal_rows: Vec<String> = r
        .rules
        .reaching_goal
        .iter()
        .map(|g| {
            let lead = match g.lead_from {
                None => "always".to_string(),
                Some(i64::MAX) => "never".to_string(),
                Some(l) => l.to_string(),
            };
            if counts_rolls {
                format!("{} dice after roll {}: {lead}", g.dice_to_roll, g.rolls_made)
            } else {
                format!("{} dice: {lead}", g.dice_to_roll)
            }
        })
        .collect();
    if !goal_rows.is_empty() {
        out.push_str(&format!(
            "
A turn that brings you to the goal: bank once you would lead by at least ({})
",
            goal_rows.join("; ")
        ));
    }
    let a = &r.agreement;
    out.push_str(&format!(
        "\nThe sheet decides bank-or-roll as the exact policy does in {:.1}% of {} decisions met in {} games of \
         optimal play (seed {}; fitted on as many other games, where it agrees {:.1}%). -: not met in those games.\n",
        100.0 * a.rate,
        a.decisions,
        a.games,
        r.seed,
        100.0 * a.fitted_rate
    ));
    if let Some(b) = &r.boundary {
        out.push_str(&format!(
            "\nExact: bank from this turn total with {} dice to roll (after roll 1), by your score (rows) and your \
             opponent's (columns); \"roll\": never bank there\n",
            b.dice
        ));
        let mut head = vec!["your score".to_string()];
        head.extend(b.curves.iter().map(|c| format!("opp. {}", c.opponent)));
        let mut t = TextTable::new(head);
        for i in 1..=b.curves.len() {
            t = t.right(i);
        }
        let n = b.curves.first().map_or(0, |c| c.points.len());
        let every = n.div_ceil(20).max(1);
        for i in (0..n).step_by(every) {
            let mut cells = vec![b.curves[0].points[i].0.to_string()];
            cells.extend(b.curves.iter().map(|c| c.points[i].1.map_or_else(|| "roll".to_string(), |t| t.to_string())));
            t.row(cells);
        }
        out.push_str(&t.render());
    }
    out
}
