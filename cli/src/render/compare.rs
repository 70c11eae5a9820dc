//! `compare`: one row per rule variant, then the highlights in words.

use solver::pushluck::compare::CompareReport;

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
    .right(1)
    .right(2)
    .right(3)
    .right(4)
    .right(5)
    .right(6)
    .right(7)
    .right(8);
    let mut notes = vec![];
    for row in &r.rows {
        match (&row.odds, &row.not_solved) {
            (Some(o), _) => {
                let facts = |f: &dyn Fn(&solver::pushluck::compare::FactColumns) -> String| {
                    o.facts.as_ref().map_or_else(|| "-".to_string(), f)
                };
                t.row([
                    row.variant.clone(),
                    format!("{:.4}", o.first_wins),
                    o.first_wins_change.map_or_else(|| "-".to_string(), solver::pushluck::compare::percentage_points),
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
    for h in &r.highlights {
        out.push_str(h);
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
