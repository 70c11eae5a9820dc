//! `review`: each player's decisions, losses and luck, then the costliest
//! decisions with their positions and what should have been done; the
//! decisions asked for with every alternative (through the advice
//! renderer); and for several records, each player's sums.

use solver::{DecisionClass, Objective, PlayerReview, ReviewReport, ReviewSummary, ReviewedDecision, TableView};

use crate::output::TextTable;

/// How a report's numbers read under its objective.
struct Units {
    win: bool,
}

impl Units {
    fn of(o: Objective) -> Units {
        Units { win: o == Objective::Win }
    }
    /// A value: a percentage, or points.
    fn value(&self, v: f64) -> String {
        if self.win {
            format!("{:.1}%", 100.0 * v + 0.0)
        } else {
            format!("{:.1}", v + 0.0)
        }
    }
    /// A change of value: percentage points, or points, signed.
    fn change(&self, v: f64) -> String {
        if self.win {
            format!("{:+.2}", 100.0 * v + 0.0)
        } else {
            format!("{:+.1}", v + 0.0)
        }
    }
    /// A loss (adding 0 turns a -0 into 0: never `-0.00`).
    fn loss(&self, v: f64) -> String {
        if self.win {
            format!("{:.2}", 100.0 * v + 0.0)
        } else {
            format!("{:.2}", v + 0.0)
        }
    }
    fn unit(&self) -> &'static str {
        if self.win {
            "percentage points of P(win)"
        } else {
            "points"
        }
    }
    /// The luck column's head, in its unit.
    fn luck_head(&self) -> &'static str {
        if self.win {
            "luck (pp)"
        } else {
            "luck (points)"
        }
    }
}

fn class_name(c: Option<DecisionClass>) -> &'static str {
    match c {
        Some(DecisionClass::Blunder) => "blunder",
        Some(DecisionClass::Mistake) => "mistake",
        Some(DecisionClass::Doubtful) => "doubtful",
        None => "",
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn faces(d: &[u8]) -> String {
    d.iter().map(ToString::to_string).collect()
}

/// The review as text.
pub fn review(r: &ReviewReport) -> String {
    let u = Units::of(r.objective);
    let names: Vec<&str> = r.players.iter().map(|p| p.player.as_str()).collect();
    let outcome = match (r.finished, r.winners.as_slice()) {
        (false, _) => "the record stops before the end".to_string(),
        (true, [w]) => format!("{} won", names[*w]),
        (true, ws) => format!("{} tied", ws.iter().map(|&w| names[w]).collect::<Vec<_>>().join(" and ")),
    };
    let sheets = r.game.family == solver::Family::Category;
    let sheets_to_win = format!("values are {}", crate::play::SHEETS_TO_WIN);
    let from_start = r.exact_from.as_ref().map(|f| format!("values are P(win), {f}"));
    let what = match (r.objective, &from_start) {
        (Objective::Win, Some(from)) => from.as_str(),
        (Objective::Win, None) if sheets => sheets_to_win.as_str(),
        (Objective::Win, _) => "values are P(win) from the win table",
        (Objective::TurnScore, _) => "values are each turn's expected points",
        (Objective::FinalScore, _) => "values are the expected final score",
        (Objective::Target, _) => "values are the chance of reaching the target score",
    };
    let th = r.thresholds;
    let mut out = format!(
        "Review of {}: {}, {}, {outcome}.\n{what}; losses in {} (doubtful from {}, mistake from {}, blunder from \
         {}).\n\n",
        r.game.title,
        names.join(" against "),
        plural(r.turns_played, "turn", "turns"),
        u.unit(),
        th.doubtful,
        th.mistake,
        th.blunder
    );
    if let Some(line) = r.seed_mismatch {
        out.insert_str(out.len() - 1, &format!("the dice do not follow the record's seed from line {line}.\n"));
    }
    // One decision asked for: it alone, after the header.
    if let [i] = r.shown.as_slice() {
        if r.shown.len() < r.decisions.len() || r.decisions.len() == 1 {
            out.push_str(&decision(r, &r.decisions[*i]));
            return out;
        }
    }
    if r.decisions.is_empty() {
        out.push_str("No decisions in the record: nothing to rate.\n");
    } else {
        out.push_str(&players_table(&u, &r.players, None));
        out.push_str(&points_note(&u, &r.players));
    }
    if let Some(e) = &r.estimates {
        out.push_str(&estimates(r, e));
    }
    out.push_str(&identity(&u, r));
    // The rolls that moved their roller's value most, each way.
    let by_luck = |a: &&solver::ReviewedRoll, b: &&solver::ReviewedRoll| a.luck.total_cmp(&b.luck);
    if let (Some(best), Some(worst)) = (r.rolls.iter().max_by(by_luck), r.rolls.iter().min_by(by_luck)) {
        let roll = |x: &solver::ReviewedRoll| {
            format!("line {}, {} rolled {} ({})", x.line, x.player, faces(&x.dice), u.change(x.luck))
        };
        out.push_str(&format!("Luckiest roll: {}; unluckiest: {}.\n", roll(best), roll(worst)));
    }
    if !r.decisions.is_empty() {
        out.push_str(&costliest(&u, r));
    }
    for &i in &r.shown {
        out.push('\n');
        out.push_str(&decision(r, &r.decisions[i]));
    }
    out
}

/// Each player's decisions, classes, loss, rating, luck and luck-adjusted
/// result. A summary gives each player's `games`, and its results are sums:
/// under P(win), games won (a result of 1 is a game won).
fn players_table(u: &Units, players: &[PlayerReview], games: Option<&[usize]>) -> String {
    let sum = |v: f64| if u.win { format!("{:.2}", v + 0.0) } else { u.value(v) };
    let result = |v: f64| if games.is_some() { sum(v) } else { u.value(v) };
    let mut head = vec!["player"];
    if games.is_some() {
        head.push("games");
    }
    let shift = head.len() - 1;
    head.extend([
        "decisions",
        "forced",
        "doubtful",
        "mistakes",
        "blunders",
        "loss",
        "per decision",
        "rating",
        u.luck_head(),
        if games.is_some() && u.win { "games won" } else { "result" },
        "result - luck",
    ]);
    let mut t = TextTable::new(head).right_span(1, 7 + shift).right_span(9 + shift, 11 + shift);
    for (k, p) in players.iter().enumerate() {
        let mut row = vec![p.player.clone()];
        if let Some(g) = games {
            row.push(g[k].to_string());
        }
        row.extend([
            p.decisions.to_string(),
            p.forced.to_string(),
            p.doubtful.to_string(),
            p.mistakes.to_string(),
            p.blunders.to_string(),
            u.loss(p.total_loss),
            u.loss(p.mean_loss),
            p.rating.unwrap_or("none (no unforced decision)").to_string(),
            u.change(p.luck),
            result(p.result),
            result(p.luck_adjusted),
        ]);
        t.row(row);
    }
    t.render()
}

/// A decision's estimated loss of P(win) in words.
fn estimated_loss(e: &solver::DecisionEstimate) -> String {
    let pp = |x: f64| format!("{:.2}", 100.0 * x + 0.0);
    if e.loss.estimate <= 0.0 && e.loss.high <= 0.0 {
        return format!("the best play by {} rollouts", e.rollouts);
    }
    let told = match class_name(e.class) {
        _ if !e.separated => "not told apart from the best".to_string(),
        "" => "told apart from the best, under the doubtful bound".to_string(),
        c => format!("a {c}"),
    };
    format!(
        "{} percentage points below the best ({}) by {} rollouts, 95% interval {} to {}: {told}",
        pp(e.loss.estimate),
        e.best,
        e.rollouts,
        pp(e.loss.low),
        pp(e.loss.high)
    )
}

/// A game judged by P(win) estimated by rollouts: each player's losses by
/// it, and the decisions it classes worst.
fn estimates(r: &ReviewReport, e: &solver::ReviewEstimates) -> String {
    let th = e.thresholds;
    let budget = match e.budget_seconds {
        Some(b) if e.estimated < e.estimable => {
            format!("; the {b:.0}-second budget ran out after {} (--rollouts N judges every one)", e.estimated)
        }
        _ => String::new(),
    };
    let mut out = format!(
        "\nBy P(win), estimated by rollouts ({}): {} of {} decisions judged, {} rollouts each (seed {}){budget}. A \
         loss is classed, and counted in a player's loss, only where its 95% interval lies above 0 (percentage \
         points: doubtful from {}, mistake from {}, blunder from {}).\n",
        e.reason, e.estimated, e.estimable, e.rollouts, e.seed, th.doubtful, th.mistake, th.blunder
    );
    let mut t = TextTable::new([
        "player",
        "judged",
        "told apart",
        "doubtful",
        "mistakes",
        "blunders",
        "loss (pp)",
        "per decision",
        "rating",
    ])
    .right_span(1, 7);
    for p in &e.players {
        t.row([
            p.player.clone(),
            p.estimated.to_string(),
            p.separated.to_string(),
            p.doubtful.to_string(),
            p.mistakes.to_string(),
            p.blunders.to_string(),
            format!("{:.2}", 100.0 * p.total_loss + 0.0),
            format!("{:.2}", 100.0 * p.mean_loss + 0.0),
            p.rating.unwrap_or("none (nothing judged)").to_string(),
        ]);
    }
    out.push_str(&t.render());
    let mut worst: Vec<&ReviewedDecision> =
        r.decisions.iter().filter(|d| d.estimate.as_ref().is_some_and(|x| x.separated)).collect();
    worst.sort_by(|a, b| {
        let l = |d: &ReviewedDecision| d.estimate.as_ref().map_or(0.0, |x| x.loss.estimate);
        l(b).total_cmp(&l(a)).then(a.number.cmp(&b.number))
    });
    worst.truncate(5);
    if worst.is_empty() {
        out.push_str("The rollouts told no decision apart from the best.\n");
    } else {
        out.push_str("The decisions the rollouts tell apart from the best, costliest first:\n");
        let mut t = TextTable::new(["#", "line", "player", "played", "best", "loss (pp)", "95% interval", "class"])
            .right_span(0, 1);
        for d in worst {
            let x = d.estimate.as_ref().expect("filtered");
            t.row([
                d.number.to_string(),
                d.line.to_string(),
                d.player.clone(),
                d.played.clone(),
                x.best.clone(),
                format!("{:.2}", 100.0 * x.loss.estimate),
                format!("{:.2} to {:.2}", 100.0 * x.loss.low, 100.0 * x.loss.high),
                class_name(x.class).to_string(),
            ]);
        }
        out.push_str(&t.render());
    }
    out.push_str(&format!("Rollout policy: {}.\n", e.policy));
    out
}

/// Under P(win): the same decisions in expected points, and what that
/// figure means.
fn points_note(u: &Units, players: &[PlayerReview]) -> String {
    if !u.win {
        return String::new();
    }
    let lost: Vec<String> =
        players.iter().filter_map(|p| p.total_points_loss.map(|x| format!("{} {:.0}", p.player, x + 0.0))).collect();
    if lost.is_empty() {
        return String::new();
    }
    format!(
        "Expected points of their turns given up by the same decisions: {}. Not a loss of P(win): playing to win \
         banks early or pushes on where points alone would not, so even the best play for P(win) gives some up.\n",
        lost.join(", ")
    )
}

/// The luck identity's terms per player, and the luck-adjusted result.
fn identity(u: &Units, r: &ReviewReport) -> String {
    let mut out = format!(
        "\nLuck and skill ({}: result = start + luck - loss{}; result - luck is the result on average luck):\n",
        if u.win { "P(win), luck in percentage points" } else { "points" },
        match (r.players.len(), u.win) {
            // Score-sheet games read every seat's chance at each turn.
            (2, true) if r.game.family != solver::Family::Category => " + the opponent's losses",
            (_, true) => " + gifts, how the other players' turns moved each one's chances",
            _ => "",
        }
    );
    let mut t =
        TextTable::new(["player", "start", "luck", "loss", "gifts", "result", "result - luck"]).right_span(1, 6);
    for p in &r.players {
        t.row([
            p.player.clone(),
            u.value(p.start),
            u.change(p.luck),
            u.change(-p.total_loss),
            u.change(p.gifts),
            u.value(p.result),
            u.value(p.luck_adjusted),
        ]);
    }
    out.push_str(&t.render());
    out
}

/// The costliest decisions, with their positions.
fn costliest(u: &Units, r: &ReviewReport) -> String {
    if r.costliest.is_empty() {
        return "\nNo decision lost anything: every play was the best. (`--decision N` shows decision N with every \
                alternative.)\n"
            .into();
    }
    let names: Vec<&str> = r.players.iter().map(|p| p.player.as_str()).collect();
    let stakes = r.costliest.iter().any(|&i| r.decisions[i].at_stake.is_some());
    let mut out = "\nThe costliest decisions (# is the decision's number: `--decision N` shows it with every \
                   alternative, `--all` shows them all):\n"
        .to_string();
    let totals_head = format!("totals ({})", names.join(", "));
    let mut head = vec!["#", "line", "player", "dice"];
    if stakes {
        head.push("at stake");
    }
    head.extend([totals_head.as_str(), "played", "best", "loss", "class"]);
    let n = head.len();
    let mut t = TextTable::new(head).right(0).right(1).right(n - 2);
    if stakes {
        t = t.right(4);
    }
    for &i in &r.costliest {
        let d = &r.decisions[i];
        let mut row = vec![d.number.to_string(), d.line.to_string(), d.player.clone(), dice_or_offer(d)];
        if stakes {
            row.push(d.at_stake.map_or(String::new(), |s| s.to_string()));
        }
        row.extend([
            d.totals.iter().map(ToString::to_string).collect::<Vec<_>>().join(", "),
            format!("{} ({})", d.played, u.value(d.value_played)),
            format!("{} ({})", d.best, u.value(d.value_best)),
            u.loss(d.loss),
            class_name(d.class).to_string(),
        ]);
        t.row(row);
    }
    out.push_str(&t.render());
    out
}

fn dice_or_offer(d: &ReviewedDecision) -> String {
    if d.dice.is_empty() {
        "leftover".into()
    } else {
        faces(&d.dice)
    }
}

/// One decision: where it was, what was played against the best, and
/// every alternative as `advise` shows them.
fn decision(r: &ReviewReport, d: &ReviewedDecision) -> String {
    let u = Units::of(r.objective);
    let mut out =
        format!("Decision {} of {} (line {}, turn {}): {}", d.number, r.decisions.len(), d.line, d.turn, d.player);
    match (d.dice.is_empty(), d.at_stake) {
        (true, _) => out.push_str(" at a leftover: take it or start fresh"),
        (false, Some(s)) => out.push_str(&format!(" rolled {} with {s} at stake", faces(&d.dice))),
        (false, None) => out.push_str(&format!(" rolled {}", faces(&d.dice))),
    }
    out.push_str(".\n");
    if let Some(v) = &d.position {
        out.push_str(&position(&u, v));
    }
    let class = match class_name(d.class) {
        "" if d.forced => " (forced: the only legal play)".to_string(),
        "" => String::new(),
        c => format!(": {c}"),
    };
    out.push_str(&format!(
        "Played: {} ({}); best: {} ({}); loss {} {}{class}.\n",
        d.played,
        u.value(d.value_played),
        d.best,
        u.value(d.value_best),
        u.loss(d.loss),
        u.unit()
    ));
    if let Some(e) = &d.estimate {
        out.push_str(&format!("By P(win), estimated: {}.\n", estimated_loss(e)));
    }
    match &d.advice {
        Some(a) => {
            out.push_str("Every alternative, as `advise` ranks them:\n");
            out.push_str(&super::advice(a, usize::MAX));
        }
        None => out.push_str("(no ranking of the alternatives here)\n"),
    }
    out
}

/// The table before a decision: every player's total (and sheet), and the
/// roll in play.
fn position(u: &Units, v: &TableView) -> String {
    let mut out = String::new();
    for s in &v.seats {
        let mut line = format!("  {}: {}", s.player, s.total);
        if s.on_board == Some(false) {
            line.push_str(" (not on the board)");
        }
        if let Some(f) = s.farkles.filter(|&f| f > 0) {
            line.push_str(&format!(" ({} in a row)", plural(usize::from(f), "farkle", "farkles")));
        }
        line.push_str(&format!(", value {}", u.value(s.value)));
        if let Some(sheet) = &s.sheet {
            let boxes: Vec<String> = sheet
                .boxes
                .iter()
                .map(|b| format!("{} {}", b.name, b.points.map_or("-".to_string(), |p| p.to_string())))
                .collect();
            line.push_str(&format!("; sheet: {}", boxes.join(", ")));
            if let Some(up) = sheet.upper {
                line.push_str(&format!("; upper {}/{}", up.total, up.threshold));
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    if let Some(t) = &v.turn {
        out.push_str(&format!("  roll {} of the turn", t.roll));
        if !t.kept.is_empty() {
            out.push_str(&format!(", kept before this roll {}", faces(&t.kept)));
        }
        out.push('\n');
    }
    if let Some(l) = &v.last_turns {
        out.push_str(&format!("  last turns: {} leads with {}\n", v.seats[l.leader].player, l.leader_total));
    }
    out
}

/// Several games: each player's sums, then each game.
pub fn review_summary(r: &ReviewSummary) -> String {
    let u = Units::of(r.objective);
    let th = r.thresholds;
    let mut out = format!(
        "Review of {} games; losses in {} (doubtful from {}, mistake from {}, blunder from {}).\n\n",
        r.games.len(),
        u.unit(),
        th.doubtful,
        th.mistake,
        th.blunder
    );
    let totals: Vec<PlayerReview> = r.players.iter().map(|p| p.totals.clone()).collect();
    let games: Vec<usize> = r.players.iter().map(|p| p.games).collect();
    out.push_str(&players_table(&u, &totals, Some(&games)));
    if u.win {
        out.push_str(&format!(
            "Games won less luck (in games: percentage points / 100) is what each would have won on average luck.\n{}",
            points_note(&u, &totals)
        ));
    }
    out.push_str("\nGame by game:\n");
    let mut t =
        TextTable::new(["game", "record", "turns", "winner", "player", "loss", "per decision", "luck", "result"])
            .right(0)
            .right(2)
            .right_span(5, 8);
    for (k, g) in r.games.iter().enumerate() {
        for (j, p) in g.players.iter().enumerate() {
            let first = j == 0;
            let winner = if !g.finished { "not over".to_string() } else { g.winners.join(", ") };
            t.row([
                if first { (k + 1).to_string() } else { String::new() },
                if first { g.file.clone() } else { String::new() },
                if first { g.turns_played.to_string() } else { String::new() },
                if first { winner } else { String::new() },
                p.player.clone(),
                u.loss(p.total_loss),
                u.loss(p.mean_loss),
                u.change(p.luck),
                u.value(p.result),
            ]);
        }
    }
    out.push_str(&t.render());
    out
}
