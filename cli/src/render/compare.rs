//! `compare`: one row per rule variant, then the highlights in words.

use solver::{percentage_points, CompareReport, CompareRow, FactColumns, VariantOdds};

use crate::output::TextTable;

pub fn compare(r: &CompareReport) -> String {
    let mut t = TextTable::new([
        "variant",
        "P(first wins)",
        "change",
        "fair head start",
        "turns/player",
        "EV turn score",
        "opt vs EV: 1st",
        "2nd",
        "solve",
    ])
    .right_span(1, 8);
    let mut notes = vec![];
    for row in &r.rows {
        match (&row.odds, &row.not_solved) {
            (Some(o), _) => {
                let facts = |f: &dyn Fn(&FactColumns) -> String| o.facts.as_ref().map_or_else(|| "-".to_string(), f);
                t.row([
                    row.variant.clone(),
                    format!("{:.4}", o.first_wins),
                    o.first_wins_change.map_or_else(|| "-".to_string(), percentage_points),
                    facts(&|f| format!("{} ({:.4})", f.head_start, f.head_start_first_wins)),
                    facts(&|f| format!("{:.2}", f.turns_per_player)),
                    facts(&|f| format!("{:.1}", f.ev_turn_score)),
                    facts(&|f| format!("{:.4}", f.optimal_vs_ev_first)),
                    facts(&|f| format!("{:.4}", f.optimal_vs_ev_second)),
                    if o.solve_seconds > 0.0 { format!("{:.1} s", o.solve_seconds) } else { "table".into() },
                ])
            }
            (None, why) => {
                notes.push(format!("{}: {}", row.variant, why.as_deref().unwrap_or("not solved")));
                t.row([row.variant.clone(), "not solved".into()]);
            }
        }
    }
    let mut out = format!("{}: rule variants, both players playing to win (exact)\n", r.game.title);
    out.push_str(&t.render());
    for n in notes {
        out.push_str(&format!("  {n}\n"));
    }
    out.push('\n');
    for h in highlights(&r.rows) {
        out.push_str(&h);
        out.push('\n');
    }
    out.push_str(&format!(
        "\nchange: of P(first wins) from the base rules, in percentage points (pts);\n\
         fair head start: points for the second player that bring P(first wins) closest to 1/2 (and what it leaves);\n\
         opt vs EV: P(the win-optimal player beats the expected-score player), going 1st / 2nd; {:.2} s in all\n",
        r.seconds
    ));
    out
}

/// A change of P(first wins) in words.
fn pp(x: f64) -> String {
    format!("{:+.1} percentage points", 100.0 * x)
}

/// A few sentences on the biggest effects.
fn highlights(rows: &[CompareRow]) -> Vec<String> {
    let mut out = vec![];
    let solved: Vec<(&CompareRow, VariantOdds)> = rows.iter().filter_map(|r| r.odds.map(|o| (r, o))).collect();
    if let Some(b) = rows[0].odds {
        match b.facts {
            Some(f) => out.push(format!(
                "Under the base rules the first player wins {:.1}% of games both play to win; a head start of {} \
                 points for the second player makes it {:.1}%.",
                100.0 * b.first_wins,
                f.head_start,
                100.0 * f.head_start_first_wins
            )),
            None => out.push(format!(
                "Under the base rules the first player wins {:.1}% of games both play to win.",
                100.0 * b.first_wins
            )),
        }
    }
    let mut moved: Vec<&(&CompareRow, VariantOdds)> =
        solved.iter().filter(|(_, o)| o.first_wins_change.is_some()).collect();
    moved.sort_by(|x, y| {
        y.1.first_wins_change.unwrap_or(0.0).abs().total_cmp(&x.1.first_wins_change.unwrap_or(0.0).abs())
    });
    let named: Vec<String> = moved
        .iter()
        .take(2)
        .map(|(r, o)| {
            format!("{} ({}, to {:.1}%)", r.variant, pp(o.first_wins_change.unwrap_or(0.0)), 100.0 * o.first_wins)
        })
        .collect();
    if !named.is_empty() {
        out.push(format!("The first player's odds move most under {}.", named.join(" and ")));
    }
    let edges = solved.iter().filter_map(|(r, o)| o.facts.map(|f| (r, f.optimal_edge)));
    if let Some((r, edge)) = edges.max_by(|x, y| x.1.total_cmp(&y.1)) {
        out.push(format!(
            "Playing to win instead of for points matters most under {}: the win-optimal player beats the \
             expected-score player in {:.1}% of games, seats alternating.",
            r.variant,
            100.0 * (0.5 + edge)
        ));
    }
    let factless: Vec<&str> =
        solved.iter().filter(|(_, o)| o.facts.is_none()).map(|(r, _)| r.variant.as_str()).collect();
    if !factless.is_empty() {
        out.push(format!(
            "Head start, game length and the expected-score match-up are not computed under {} ({}): only \
             P(first wins) is shown.",
            factless.join(", "),
            super::table::NOT_COMPUTED
        ));
    }
    let missing: Vec<&str> = rows.iter().filter(|r| r.odds.is_none()).map(|r| r.variant.as_str()).collect();
    if !missing.is_empty() {
        out.push(format!("Not solved under the win objective: {} (see the row).", missing.join(", ")));
    }
    out
}
