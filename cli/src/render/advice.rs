//! `advise`: the situation, the best choice, and the ranked alternatives.

use solver::{Advice, CategoryAdvice, Objective, PiggybackAdvice, PushLuckAdvice, RolloutSummary, ScoreDistribution};

use crate::output::{more, value, TextTable};

/// The advice as text, listing `top` alternatives.
pub fn advice(a: &Advice, top: usize) -> String {
    match a {
        Advice::Category(c) => category(c, top),
        Advice::PushLuck(p) => roll(p, top),
        Advice::Piggyback(p) => piggyback(p),
    }
}

fn category(a: &CategoryAdvice, top: usize) -> String {
    if let Some(to_win) = &a.to_win {
        return super::sheets_win::category_win(a, to_win, top);
    }
    if let (Some(target), Some(chance)) = (a.target, a.chance) {
        return category_target(a, target, chance, top);
    }
    let mut out = format!("{}\n", a.situation);
    let Some(best) = a.alternatives.first() else {
        out.push_str(&format!("expected final score: {:.2}\n", a.expected_score));
        if let Some(d) = &a.distribution {
            out.push_str(&distribution_lines(d));
        }
        return out;
    };
    out.push_str(&format!("best: {} -> expected final score {:.2}\n", best.description, best.expected_score));
    if let Some(d) = &a.distribution {
        out.push_str(&distribution_lines(d));
    }
    out.push('\n');
    let every = a.alternatives.iter().all(|r| r.distribution.is_some());
    let mut heads = vec!["#", "action", "expected final", "vs best"];
    if every {
        heads.extend(["sd", "5%", "median", "95%"]);
    }
    let mut t = TextTable::new(heads).right(0);
    for c in 2..if every { 8 } else { 4 } {
        t = t.right(c);
    }
    for (i, r) in a.alternatives.iter().take(top).enumerate() {
        let diff = if i == 0 { String::new() } else { format!("{:+.2}", r.expected_score - best.expected_score) };
        let mut row = vec![(i + 1).to_string(), r.description.clone(), format!("{:.2}", r.expected_score), diff];
        if let Some(d) = r.distribution.as_ref().filter(|_| every) {
            row.extend([format!("{:.2}", d.sd), quantile(d, 0.05), quantile(d, 0.5), quantile(d, 0.95)]);
        }
        t.row(row);
    }
    out.push_str(&t.render());
    if every {
        out.push_str("sd, 5%, median, 95%: of the final score, exact, playing for points from then on\n");
    }
    more(&mut out, a.alternatives.len(), top);
    out
}

/// The final-score distribution in two lines: its summary, and the chance
/// of each round score between its 1% and 99% quantiles.
fn distribution_lines(d: &ScoreDistribution) -> String {
    let mut out = format!(
        "final score (exact, playing for points): mean {:.4}, sd {:.2}, median {}, 90% between {} and {}, \
         lowest {}, highest {}\n",
        d.mean,
        d.sd,
        quantile(d, 0.5),
        quantile(d, 0.05),
        quantile(d, 0.95),
        d.lowest,
        d.highest
    );
    let (from, to) = (quantile_score(d, 0.01), quantile_score(d, 0.99));
    let step = if to - from > 200 { 50 } else { 25 };
    let marks: Vec<String> = (from.div_ceil(step) * step..=to)
        .step_by(step as usize)
        .map(|s| format!("{s}: {:.2}%", 100.0 * d.chance_at_least(s)))
        .collect();
    if !marks.is_empty() {
        out.push_str(&format!("P(final >= s): {}\n", marks.join(", ")));
    }
    out
}

fn quantile_score(d: &ScoreDistribution, share: f64) -> u32 {
    d.quantiles.iter().find(|q| (q.share - share).abs() < 1e-9).map_or(d.lowest, |q| q.score)
}

fn quantile(d: &ScoreDistribution, share: f64) -> String {
    quantile_score(d, share).to_string()
}

/// Playing to reach `target`: each play's best chance (8 digits: the
/// table's f32 bands put it within 3e-8 of the solve), beside its expected
/// final score.
fn category_target(a: &CategoryAdvice, target: u32, chance: f64, top: usize) -> String {
    let mut out = format!("{}\n", a.situation);
    out.push_str(&format!(
        "objective: a final score of at least {target}, each play valued by its exact best chance of it \
         (playing for {target} from then on)\n"
    ));
    let Some(best) = a.alternatives.first() else {
        out.push_str(&format!("best chance of at least {target}: {chance:.8} ({:.4}%)\n", 100.0 * chance));
        out.push_str(&format!("expected final score when playing for points instead: {:.2}\n", a.expected_score));
        return out;
    };
    out.push_str(&format!(
        "best: {} -> P(final >= {target}) = {chance:.8} ({:.4}%)\n\n",
        best.description,
        100.0 * chance
    ));
    let mut t = TextTable::new(["#", "action", &format!("P(>= {target})"), "vs best", "expected final"])
        .right(0)
        .right(2)
        .right(3)
        .right(4);
    for (i, r) in a.alternatives.iter().take(top).enumerate() {
        let c = r.chance.unwrap_or(0.0);
        let diff = if i == 0 { String::new() } else { format!("{:+.4} pp", 100.0 * (c - chance)) };
        t.row([
            (i + 1).to_string(),
            r.description.clone(),
            format!("{:.4}%", 100.0 * c),
            diff,
            format!("{:.2}", r.expected_score),
        ]);
    }
    out.push_str(&t.render());
    out.push_str("expected final: the play's expected score when playing for points from then on\n");
    more(&mut out, a.alternatives.len(), top);
    out
}

fn roll(a: &PushLuckAdvice, top: usize) -> String {
    let win = a.objective == Objective::Win;
    // Win probabilities as percentages with enough digits to tell close
    // alternatives apart.
    let shown = |v: f64| if win { format!("{:.4}%", v * 100.0) } else { value(v) };
    let mut out = format!("{}\n", a.situation);
    let Some(best) = a.alternatives.first() else {
        if win {
            out.push_str(&format!(
                "Farkle: no scoring dice. Probability of winning now: {}.\n",
                shown(a.expected_score)
            ));
        } else {
            out.push_str(&format!("Farkle: no scoring dice. The turn scores {}.\n", a.expected_score));
        }
        return out;
    };
    out.push_str(&format!(
        "Best: set aside {} ({}, {} points), then {} with {} at stake\n",
        dice(&best.set_aside),
        best.counted_as,
        best.points,
        best.then_text(),
        best.at_stake
    ));
    if let (Some(r), Some(e)) = (&a.rollouts, &best.estimate) {
        out.push_str(&format!(
            "Probability of winning: {} (95% interval {}), estimated\n",
            percent(e.chance.estimate),
            span(e.chance.low, e.chance.high)
        ));
        out.push_str(&rollout_lines(r));
    } else if win {
        out.push_str(&format!("Probability of winning: {}\n", shown(best.expected_score)));
    } else {
        out.push_str(&format!("Expected turn score: {}\n", value(best.expected_score)));
    }
    if let Some(note) = &a.note {
        out.push_str(&format!("Note: {note}.\n"));
    }
    out.push('\n');
    if let Some(lr) = &a.long_run {
        out.push_str(&format!(
            "Long run (three-farkle penalty): {} points per turn on average; \"long run\" is this turn's points \
             plus the value of the farkle count it leaves ({} for one farkle in a row, {} for two)\n",
            value(lr.points_per_turn),
            value(lr.farkle_count_value[1]),
            value(lr.farkle_count_value[2])
        ));
    }
    let mut head =
        vec!["#", "set aside", "counted as", "points", "then", "at stake", if win { "P(win)" } else { "expected" }];
    if a.long_run.is_some() {
        head.push("long run");
    }
    if a.rollouts.is_some() {
        head.extend(["95% interval", "below best (95%)"]);
    }
    let columns = head.len();
    let mut t = TextTable::new(head).right(0).right(3).right(5).right(6);
    if columns > 7 {
        t = t.right(7);
    }
    for (i, x) in a.alternatives.iter().take(top).enumerate() {
        let mut row = vec![
            (i + 1).to_string(),
            dice(&x.set_aside),
            x.counted_as.clone(),
            x.points.to_string(),
            x.then_text(),
            x.at_stake.to_string(),
            if x.estimate.is_some() { percent(x.expected_score) } else { shown(x.expected_score) },
        ];
        if a.long_run.is_some() {
            row.push(x.long_run_score.map_or(String::new(), value));
        }
        if let Some(e) = &x.estimate {
            row.push(span(e.chance.low, e.chance.high));
            row.push(e.below_best.map_or(String::new(), |d| {
                format!("{:+.2} ({:+.2} to {:+.2}) pp", -100.0 * d.estimate, -100.0 * d.high, -100.0 * d.low)
            }));
        }
        t.row(row);
    }
    out.push_str(&t.render());
    more(&mut out, a.alternatives.len(), top);
    out
}

fn piggyback(a: &PiggybackAdvice) -> String {
    let win = a.objective == Objective::Win;
    let shown = |v: f64| if win { format!("{:.4}%", v * 100.0) } else { value(v) };
    let mut out = format!("{}\nBest: {}\n", a.situation, a.best);
    let mut t = TextTable::new(["choice", if win { "P(win)" } else { "expected" }]).right(1);
    let mut rows = [
        (format!("piggyback: roll {} for {}", a.leftover, a.inherited), a.piggyback_expected_score),
        ("start fresh with six dice".to_string(), a.fresh_expected_score),
    ];
    // Best first, as every ranking (a tie is "start fresh", as `best` says).
    if a.fresh_expected_score >= a.piggyback_expected_score {
        rows.swap(0, 1);
    }
    for (choice, v) in rows {
        t.row([choice, shown(v)]);
    }
    out.push_str(&t.render());
    out
}

fn dice(faces: &[u8]) -> String {
    faces.iter().map(ToString::to_string).collect::<Vec<_>>().join(",")
}

/// An estimated chance as a percentage: two decimals, as far as rollouts
/// tell them apart.
fn percent(p: f64) -> String {
    format!("{:.2}%", 100.0 * p)
}

/// A 95% interval of a chance: `30.81-31.62%`.
fn span(low: f64, high: f64) -> String {
    format!("{:.2}-{:.2}%", 100.0 * low, 100.0 * high)
}

/// An estimated chance with its 95% interval: `27.31% (26.12-28.50%)`.
pub fn interval_pct(i: &solver::Interval) -> String {
    format!("{} ({})", percent(i.estimate), span(i.low, i.high))
}

/// How an estimate by rollouts was made, for people.
pub(crate) fn rollout_lines(r: &RolloutSummary) -> String {
    format!(
        "Estimated by {} rollouts in {:.1} s (seed {}; --rollouts {} --seed {} gives the same numbers): {}.\nRollout \
         policy: {}.\n",
        r.rollouts, r.seconds, r.seed, r.rollouts, r.seed, r.reason, r.policy
    )
}
