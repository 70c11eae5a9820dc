//! `advise` against other sheets: each play's chance to win, what that
//! chance is and what it assumes, beside the chances of playing for points.

use solver::{CategoryAdvice, ScoreDistribution, ToWin, WinRule};

use crate::output::{more, TextTable};

/// A chance as a percentage with enough digits to tell close plays apart.
fn percent(p: f64) -> String {
    format!("{:.4}%", 100.0 * p)
}

fn spread(d: &ScoreDistribution) -> String {
    let q = |share: f64| d.quantiles.iter().find(|q| (q.share - share).abs() < 1e-9).map_or(d.lowest, |q| q.score);
    format!("mean {:.2}, 90% between {} and {}", d.mean, q(0.05), q(0.95))
}

pub(super) fn category_win(a: &CategoryAdvice, w: &ToWin, top: usize) -> String {
    let mut out = format!("{}\n", a.situation);
    for (i, o) in w.opponents.iter().enumerate() {
        let state = if o.finished {
            format!("finished with {}", o.points_so_far)
        } else {
            format!("{} so far, final score {}", o.points_so_far, spread(&o.distribution))
        };
        out.push_str(&format!("other sheet {}: {state}\n", i + 1));
    }
    match (w.rule, w.to_beat) {
        (WinRule::Exact, Some(m)) => out.push_str(&format!(
            "objective: to win, a final score above {m} (the best other total): each play valued by its exact \
             best chance of that; a tie at {m} is counted apart\n"
        )),
        _ => {
            out.push_str(&format!("best other final score: {}\n", spread(&w.best_opponent)));
            out.push_str(
                "objective: to win, a final score above every other one; each play valued by its chance to win \
                 if the best other final score were known now (its best chance of passing each score that may \
                 be, weighted by that score's chance): no play does better, and the best play's chance lies \
                 between it and the points play's\n",
            );
            out.push_str(
                "assumed: each sheet still in play is played for points (the best expected score), \
                 independently of the others; a tie is counted apart\n",
            );
        }
    }
    let chance = a.chance.unwrap_or(0.0);
    let Some(best) = a.alternatives.first() else {
        out.push_str(&format!("chance to win from here: {}\n", percent(chance)));
        out.push_str(&format!("expected final score when playing for points instead: {:.2}\n", a.expected_score));
        return out;
    };
    let bw = best.win.expect("every play has its chances");
    out.push_str(&format!(
        "best: {} -> P(win) {}, P(win or tie) {}\n\n",
        best.description,
        percent(bw.chance),
        percent(bw.win_or_tie)
    ));
    let heads = ["#", "action", "P(win)", "vs best", "win or tie", "points play: win", "tie", "expected final"];
    let mut t = TextTable::new(heads).right(0);
    for c in 2..heads.len() {
        t = t.right(c);
    }
    for (i, r) in a.alternatives.iter().take(top).enumerate() {
        let Some(c) = r.win else { continue };
        let diff = if i == 0 { String::new() } else { format!("{:+.4} pp", 100.0 * (c.chance - chance)) };
        t.row([
            (i + 1).to_string(),
            r.description.clone(),
            percent(c.chance),
            diff,
            percent(c.win_or_tie),
            percent(c.expected_play),
            percent(c.expected_play_tie),
            format!("{:.2}", r.expected_score),
        ]);
    }
    out.push_str(&t.render());
    out.push_str(
        "points play: the exact chances to win and to tie when playing for points from then on; \
         expected final: that play's expected score\n",
    );
    more(&mut out, a.alternatives.len(), top);
    out
}
