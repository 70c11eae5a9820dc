//! `compare`: one row per rule variant, then the highlights in words.

use solver::{percentage_points, CompareReport, CompareRow, FactColumns, SeatOdds, VariantOdds};

use crate::output::TextTable;

pub fn compare(r: &CompareReport) -> String {
    if r.players > 2 {
        return seats(r);
    }
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

/// Seat `k` (0-based) for people: `seat 2`.
fn seat(k: usize) -> String {
    format!("seat {}", k + 1)
}

/// `compare --players N` (N > 2): one row per variant, each seat's P(win).
fn seats(r: &CompareReport) -> String {
    let n = r.players;
    let mut head = vec!["variant".to_string()];
    head.extend((0..n).map(|k| format!("P({} wins)", seat(k))));
    head.extend(["change".into(), "fair head starts".into(), "P(win) with them".into(), "turns/player".into()]);
    head.push("solve".into());
    let last = head.len() - 1;
    let mut t = TextTable::new(head).right_span(1, last);
    let mut notes = vec![];
    for row in &r.rows {
        match (&row.seats, &row.not_solved) {
            (Some(o), _) => {
                let mut cells = vec![row.variant.clone()];
                cells.extend(o.seats.iter().map(|p| format!("{p:.4}")));
                cells.push(o.first_wins_change.map_or_else(|| "-".to_string(), percentage_points));
                cells.push(o.head_starts.iter().map(|h| format!("+{h}")).collect::<Vec<_>>().join(" / "));
                cells.push(o.head_start_seats.iter().map(|p| format!("{p:.4}")).collect::<Vec<_>>().join(" / "));
                cells.push(format!("{:.2}", o.turns_per_player));
                cells.push(if o.solve_seconds > 0.0 { format!("{:.1} s", o.solve_seconds) } else { "table".into() });
                t.row(cells);
            }
            (None, why) => {
                notes.push(format!("{}: {}", row.variant, why.as_deref().unwrap_or("not solved")));
                t.row(vec![row.variant.clone(), "not solved".into()]);
            }
        }
    }
    let mut out = format!("{}: rule variants, {n} players each playing to win (exact)\n", r.game.title);
    out.push_str(&t.render());
    for note in notes {
        out.push_str(&format!("  {note}\n"));
    }
    out.push('\n');
    for h in seat_highlights(&r.rows) {
        out.push_str(&h);
        out.push('\n');
    }
    let later: Vec<String> = (1..n).map(seat).collect();
    out.push_str(&format!(
        "\nchange: of P(seat 1 wins) from the base rules, in percentage points (pts);\n\
         fair head starts: points for {} at the start that bring every seat closest to 1/{n} (and what they leave);\n\
         turns/player: expected turns a player takes in a game (last turns included); {:.2} s in all\n",
        later.join(" and "),
        r.seconds
    ));
    out
}

/// A few sentences on a comparison of several players.
fn seat_highlights(rows: &[CompareRow]) -> Vec<String> {
    let mut out = vec![];
    let percent = |ps: &[f64]| ps.iter().map(|p| format!("{:.1}%", 100.0 * p)).collect::<Vec<_>>().join(", ");
    if let Some(b) = &rows[0].seats {
        let heads: Vec<String> =
            b.head_starts.iter().enumerate().map(|(k, h)| format!("{h} points for {}", seat(k + 1))).collect();
        out.push(format!(
            "Under the base rules the seats win {} of games (first to last); {} make it {}.",
            percent(&b.seats),
            heads.join(" and "),
            percent(&b.head_start_seats)
        ));
    }
    let mut moved: Vec<(&CompareRow, &SeatOdds)> = rows
        .iter()
        .filter_map(|r| r.seats.as_ref().map(|s| (r, s)))
        .filter(|(_, s)| s.first_wins_change.is_some())
        .collect();
    moved.sort_by(|x, y| {
        y.1.first_wins_change.unwrap_or(0.0).abs().total_cmp(&x.1.first_wins_change.unwrap_or(0.0).abs())
    });
    let named: Vec<String> = moved
        .iter()
        .take(2)
        .map(|(r, o)| {
            format!("{} ({}, to {:.1}%)", r.variant, pp(o.first_wins_change.unwrap_or(0.0)), 100.0 * o.seats[0])
        })
        .collect();
    if !named.is_empty() {
        out.push(format!("The first seat's odds move most under {}.", named.join(" and ")));
    }
    let missing: Vec<&str> = rows.iter().filter(|r| r.seats.is_none()).map(|r| r.variant.as_str()).collect();
    if !missing.is_empty() {
        out.push(format!("Not solved for this many players: {} (see the row).", missing.join(", ")));
    }
    out
}
