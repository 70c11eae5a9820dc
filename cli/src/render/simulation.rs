//! `simulate`: the distribution of final scores of optimally played
//! category games, or push-your-luck players head to head.

use solver::{DuelResults, PlayersReport, SheetDuelReport, Simulation, SimulationReport};

use crate::output::TextTable;

pub fn simulation(r: &Simulation) -> String {
    match r {
        Simulation::Category(r) => final_scores(r),
        Simulation::PushLuck(r) => head_to_head(r),
        Simulation::SheetDuel(r) => sheet_duel(r),
    }
}

/// Playing to win against playing for points, each seat in turn.
fn sheet_duel(r: &SheetDuelReport) -> String {
    let mut out = format!(
        "{}: to-win (advise --opponent-sheet's rule) against points (the expected-score play), seed {}\n",
        r.game.title, r.seed
    );
    let interval = |c: [f64; 2]| format!("{:.4}%..{:.4}%", 100.0 * c[0], 100.0 * c[1]);
    let mut t =
        TextTable::new(["to-win plays", "games", "to-win wins", "95% interval", "ties", "points wins", "95% interval"])
            .right(1)
            .right(2)
            .right(4)
            .right(5);
    let row = |t: &mut TextTable, name: &str, d: &DuelResults| {
        #[allow(clippy::cast_precision_loss)]
        let ties = 100.0 * d.ties as f64 / d.games.max(1) as f64;
        t.row([
            name.to_string(),
            d.games.to_string(),
            format!("{:.4}%", 100.0 * d.win_rate),
            interval(d.ci95),
            format!("{ties:.3}%"),
            format!("{:.4}%", 100.0 * d.loss_rate),
            interval(d.loss_ci95),
        ]);
    };
    row(&mut t, "first", &r.first);
    row(&mut t, "second", &r.second);
    row(&mut t, "either", &r.all);
    out.push_str(&t.render());
    #[allow(clippy::cast_precision_loss)]
    let share = 100.0 * r.differing as f64 / r.choices.max(1) as f64;
    out.push_str(&format!(
        "to-win's choices: {} ({:.3}%) of {} differ from the expected-score play's\n",
        r.differing, share, r.choices
    ));
    out.push_str(&format!(
        "{:.1} s ({:.0} games/s), after {:.1} s reading the tables\n",
        r.seconds, r.games_per_second, r.setup_seconds
    ));
    out
}

fn head_to_head(r: &PlayersReport) -> String {
    if !r.seatings.is_empty() {
        return tables_of_three(r);
    }
    let piggyback = r.pairings.iter().any(|p| p.piggybacks_per_game.is_some());
    let mut head =
        vec!["first player", "second player", "games", "P(first wins)", "95% interval", "exact", "turns per game"];
    if piggyback {
        head.push("piggybacks per game");
    }
    let mut t = TextTable::new(head);
    for p in &r.pairings {
        let mut row = vec![
            p.first.clone(),
            p.second.clone(),
            p.games.to_string(),
            format!("{:.4}", p.first_win_rate),
            format!("{:.4} to {:.4}", p.ci95[0], p.ci95[1]),
            p.exact.map_or_else(|| "-".to_string(), |e| format!("{e:.4}")),
            format!("{:.2} ± {:.2}", p.mean_turns, p.mean_turns_std_error),
        ];
        if let Some(pig) = p.piggybacks_per_game {
            row.push(format!("{pig:.2}"));
        }
        t.row(row);
    }
    let unfinished: u64 = r.pairings.iter().map(|p| p.unfinished).sum();
    let mut out = format!("{}: players head to head, every ordered pairing (seed {})\n", r.game.title, r.seed);
    out.push_str(&t.render());
    if unfinished > 0 {
        out.push_str(&format!("{unfinished} games stopped unfinished (counted as not won by the first player)\n"));
    }
    out.push_str(&format!(
        "set-up {:.2} s (win table, facts, sheet); games {:.2} s, {:.0} games/s\n",
        r.setup_seconds, r.seconds, r.games_per_second
    ));
    out
}

/// Games of three: one row per seat of each seating.
fn tables_of_three(r: &PlayersReport) -> String {
    let mut t =
        TextTable::new(["seating", "seat", "player", "games", "P(win)", "95% interval", "exact", "turns per game"]);
    for (k, s) in r.seatings.iter().enumerate() {
        for seat in 0..s.players.len() {
            t.row([
                if seat == 0 { (k + 1).to_string() } else { String::new() },
                (seat + 1).to_string(),
                s.players[seat].clone(),
                s.games.to_string(),
                format!("{:.4}", s.win_rates[seat]),
                format!("{:.4} to {:.4}", s.ci95[seat][0], s.ci95[seat][1]),
                s.exact.as_ref().map_or_else(|| "-".to_string(), |e| format!("{:.4}", e[seat])),
                if seat == 0 { format!("{:.2} ± {:.2}", s.mean_turns, s.mean_turns_std_error) } else { String::new() },
            ]);
        }
    }
    let unfinished: u64 = r.seatings.iter().map(|s| s.unfinished).sum();
    let mut out = format!("{}: games of three, every distinct seating (seed {})\n", r.game.title, r.seed);
    out.push_str(&t.render());
    if unfinished > 0 {
        out.push_str(&format!("{unfinished} games stopped unfinished (won by nobody)\n"));
    }
    out.push_str(&format!(
        "set-up {:.2} s (table of three); games {:.2} s, {:.0} games/s\n",
        r.setup_seconds, r.seconds, r.games_per_second
    ));
    out
}

fn final_scores(r: &SimulationReport) -> String {
    let mut t = TextTable::new(["game", &r.game.title]);
    t.row(["games (seed)".to_string(), format!("{} (seed {})", r.games, r.seed)]);
    t.row(["optimal expected score (table)".to_string(), format!("{:.4}", r.expected_score)]);
    t.row(["mean final score".to_string(), format!("{:.3} ± {:.3} (standard error)", r.mean, r.std_error)]);
    t.row(["standard deviation".to_string(), format!("{:.2}", r.std_dev)]);
    t.row(["lowest / highest".to_string(), format!("{} / {}", r.min, r.max)]);
    let pct: Vec<String> = r.percentiles.iter().map(|p| format!("{}%: {}", p.percent, p.score)).collect();
    t.row(["percentiles".to_string(), pct.join(", ")]);
    if let Some(b) = r.upper_bonus {
        t.row([format!("upper bonus ({}) won", b.points), format!("{:.2}%", 100.0 * b.rate)]);
    }
    t.row(["other bonuses won".to_string(), format!("{:.2}%", 100.0 * r.other_bonus_rate)]);
    let zeros: Vec<String> = r.zeros.iter().map(|z| format!("{} {:.2}%", z.category, 100.0 * z.rate)).collect();
    t.row(["boxes ending at 0".to_string(), zeros.join(", ")]);
    t.row([
        "time".to_string(),
        format!(
            "set-up {:.2} s (table); games {:.2} s ({:.0} games/s)",
            r.setup_seconds, r.seconds, r.games_per_second
        ),
    ]);
    t.render()
}
