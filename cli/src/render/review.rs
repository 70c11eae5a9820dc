//! `review`: each player's decisions, losses and luck, then the costliest
//! decisions with what should have been done.

use solver::{ErrorClass, Objective, ReviewReport};

use crate::output::TextTable;

/// The review as text.
pub fn review(r: &ReviewReport) -> String {
    let win = r.objective == Objective::Win;
    // Win: values as percentages, changes in percentage points.
    let value = |v: f64| if win { format!("{:.1}%", 100.0 * v) } else { format!("{v:.1}") };
    let change = |v: f64| if win { format!("{:+.2}", 100.0 * v) } else { format!("{v:+.1}") };
    let unit = if win { "percentage points of P(win)" } else { "points" };
    let names: Vec<&str> = r.players.iter().map(|p| p.player.as_str()).collect();
    let outcome = match (r.finished, r.winners.as_slice()) {
        (false, _) => "the record stops before the end".to_string(),
        (true, [w]) => format!("{} won", names[*w]),
        (true, ws) => format!("{} tied", ws.iter().map(|&w| names[w]).collect::<Vec<_>>().join(" and ")),
    };
    let turns = r.turns.last().map_or(0, |t| t.turn);
    let what = match r.objective {
        Objective::Win => "values are P(win) from the win table",
        Objective::TurnScore => "values are each turn's expected points",
        Objective::FinalScore => "values are the expected final score",
    };
    let th = r.thresholds;
    let mut out = format!(
        "Review of {}: {}, {turns} turns, {outcome}.\n{what}; losses in {unit} (doubtful from {}, mistake from {}, \
         blunder from {}).\n\n",
        r.game.title,
        names.join(" against "),
        th.doubtful,
        th.mistake,
        th.blunder
    );
    let mut t = TextTable::new([
        "player",
        "decisions",
        "forced",
        "doubtful",
        "mistakes",
        "blunders",
        "loss",
        "per decision",
        "rating",
    ])
    .right_span(1, 7);
    let shown = |v: f64| if win { format!("{:.2}", 100.0 * v) } else { format!("{v:.2}") };
    for p in &r.players {
        t.row([
            p.player.clone(),
            p.decisions.to_string(),
            p.forced.to_string(),
            p.doubtful.to_string(),
            p.mistakes.to_string(),
            p.blunders.to_string(),
            shown(p.total_loss),
            shown(p.mean_loss),
            p.rating.to_string(),
        ]);
    }
    out.push_str(&t.render());
    if win {
        let lost: Vec<String> =
            r.players.iter().filter_map(|p| p.total_points_loss.map(|x| format!("{} {x:.0}", p.player))).collect();
        out.push_str(&format!("The same decisions in expected points of their turns: {} lost.\n", lost.join(", ")));
    }
    out.push_str(&format!(
        "\nLuck and skill ({}: result = start + luck - loss{}):\n",
        if win { "P(win)" } else { "points" },
        if r.players.len() == 2 && win { " + the opponent's losses" } else { "" }
    ));
    let mut t = TextTable::new(["player", "start", "luck", "loss", "gifts", "result"]).right_span(1, 5);
    for p in &r.players {
        t.row([
            p.player.clone(),
            value(p.start),
            change(p.luck),
            change(-p.total_loss),
            change(p.gifts),
            value(p.result),
        ]);
    }
    out.push_str(&t.render());
    // The rolls that moved their roller's value most, each way.
    let by_luck = |a: &&solver::ReviewedRoll, b: &&solver::ReviewedRoll| a.luck.total_cmp(&b.luck);
    if let (Some(best), Some(worst)) = (r.rolls.iter().max_by(by_luck), r.rolls.iter().min_by(by_luck)) {
        let roll = |x: &solver::ReviewedRoll| {
            let dice: String = x.dice.iter().map(ToString::to_string).collect();
            format!("line {}, {} rolled {dice} ({})", x.line, x.player, change(x.luck))
        };
        out.push_str(&format!("Luckiest roll: {}; unluckiest: {}.\n", roll(best), roll(worst)));
    }
    if r.costliest.is_empty() {
        out.push_str("\nNo decision lost anything: every play was the best.\n");
        return out;
    }
    out.push_str("\nThe costliest decisions:\n");
    let mut t = TextTable::new(["line", "player", "played", "best", "loss", "class"]).right(0).right(4);
    for &i in &r.costliest {
        let d = &r.decisions[i];
        let class = match d.class {
            Some(ErrorClass::Blunder) => "blunder",
            Some(ErrorClass::Mistake) => "mistake",
            Some(ErrorClass::Doubtful) => "doubtful",
            None => "",
        };
        t.row([
            d.line.to_string(),
            d.player.clone(),
            format!("{} ({})", d.played, value(d.value_played)),
            format!("{} ({})", d.best, value(d.value_best)),
            shown(d.loss),
            class.to_string(),
        ]);
    }
    out.push_str(&t.render());
    out
}
