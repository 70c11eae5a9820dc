//! `solve` and `info`: the facts of a solve and its table file.

use solver::{Objective, TableReport};

use crate::output::TextTable;

/// Why a win table has no game facts: the cases the library leaves
/// them out in.
pub const NOT_COMPUTED: &str = "piggyback with the three-farkle penalty, piggyback=return, or too large to solve along";

pub fn table(r: &TableReport) -> String {
    let s = &r.solved;
    let mut t = TextTable::new(["game", &s.game.title]);
    t.row(["objective".to_string(), s.objective.describe().to_string()]);
    if s.variants.is_empty() {
        t.row(["optimal expected score".to_string(), format!("{:.4}", s.expected_score)]);
    }
    let everyone = if r.seats.is_some() { "every player" } else { "both" };
    for v in &s.variants {
        t.row(if s.objective == Objective::Win {
            [format!("P(win), {}, {everyone} playing optimally", v.variant), format!("{:.10}", v.expected_score)]
        } else {
            [format!("optimal expected score, {}", v.variant), format!("{:.4}", v.expected_score)]
        });
    }
    if let Some(g) = &r.target {
        t.row([
            "chances stored".to_string(),
            format!("{} ({}, each within {:.1e} of the f64 solve)", g.entries, g.stored, g.largest_rounding),
        ]);
        t.row(["widest band of needed scores".to_string(), g.widest_band.to_string()]);
        t.row([
            "from the empty sheet".to_string(),
            format!("at least {} is certain, at most {} is possible", g.guaranteed, g.most),
        ]);
        for c in &g.start {
            t.row([format!("best P(final >= {})", c.score), format!("{:.12}", c.chance)]);
        }
    }
    if let Some(g) = &r.distribution {
        t.row([
            "chances stored".to_string(),
            format!("{} ({}, each within {:.1e} of the f64 solve)", g.entries, g.stored, g.largest_rounding),
        ]);
        t.row(["widest band of scores".to_string(), g.widest_band.to_string()]);
        let d = &g.start;
        t.row(["final score from the empty sheet".to_string(), format!("mean {:.12}, sd {:.6}", d.mean, d.sd)]);
        let q: Vec<String> = d.quantiles.iter().map(|q| format!("{}%: {}", 100.0 * q.share, q.score)).collect();
        t.row(["quantiles".to_string(), q.join(", ")]);
        t.row(["lowest and highest possible".to_string(), format!("{} and {}", d.lowest, d.highest)]);
        let from = d.quantiles.first().map_or(d.lowest, |q| q.score).div_ceil(25) * 25;
        let to = d.quantiles.last().map_or(d.highest, |q| q.score);
        for s in (from..=to).step_by(25) {
            t.row([format!("P(final >= {s})"), format!("{:.12}", d.chance_at_least(s))]);
        }
    }
    if let Some(p) = &r.position {
        let at = if p.sheet.is_empty() { "the empty sheet".to_string() } else { format!("sheet {}", p.sheet) };
        t.row([format!("from {at}"), format!("{} points so far, before the turn", p.points_so_far)]);
        if let (Some(goal), Some(c)) = (p.target, p.best_chance) {
            t.row([format!("best P(final >= {goal})"), format!("{c:.8} (playing for {goal}; the table's f32)")]);
        }
        if let Some(e) = p.expected_score {
            t.row(["playing for points: expected final score".to_string(), format!("{e:.4}")]);
        }
        match (p.target, p.expected_play_chance) {
            (Some(goal), Some(c)) => {
                t.row([format!("playing for points: P(final >= {goal})"), format!("{c:.8}")]);
            }
            (Some(_), None) => {
                t.row([
                    "playing for points: P(final >= target)".to_string(),
                    "no distribution table (solve --distribution makes it)".to_string(),
                ]);
            }
            _ => {}
        }
        if let Some(d) = p.distribution.as_ref().filter(|_| p.target.is_none()) {
            t.row(["final score, playing for points".to_string(), format!("mean {:.6}, sd {:.6}", d.mean, d.sd)]);
            let q: Vec<String> = d.quantiles.iter().map(|q| format!("{}%: {}", 100.0 * q.share, q.score)).collect();
            t.row(["quantiles".to_string(), q.join(", ")]);
        }
    }
    if let Some(w) = &r.win {
        t.row(["turn solves".to_string(), w.turn_solves.to_string()]);
        t.row(["largest fixed-point residual".to_string(), format!("{:.1e}", w.residual)]);
        t.row(["truncation bound".to_string(), format!("{:.1e}", w.truncation)]);
    }
    if r.win.is_some() && r.game_facts.is_none() {
        t.row([
            "game facts (head start, turns, against expected-score play)".to_string(),
            format!("not computed: {NOT_COMPUTED}"),
        ]);
    }
    if let Some(g) = &r.game_facts {
        t.row([
            "fair head start for the second player".to_string(),
            format!("{} points (P(first wins) {:.4})", g.head_start, g.head_start_first_wins),
        ]);
        t.row(["expected turns per player".to_string(), format!("{:.2}", g.turns_per_player)]);
        t.row([
            "P(win-optimal beats expected-score player)".to_string(),
            format!("{:.4} going first, {:.4} going second", g.optimal_first_vs_ev, 1.0 - g.ev_first_vs_optimal),
        ]);
    }
    if let Some(f) = &r.seats {
        let seats: Vec<String> = (2..=f.players).map(|k| format!("seat {k}")).collect();
        let heads: Vec<String> = f.head_starts.iter().map(|h| format!("{h}")).collect();
        let odds: Vec<String> = f.head_start_seats.iter().map(|p| format!("{p:.4}")).collect();
        t.row([
            format!("fair head starts ({})", seats.join(", ")),
            format!("{} points (P(win) per seat {})", heads.join(", "), odds.join(", ")),
        ]);
        t.row(["expected turns per player".to_string(), format!("{:.2}", f.turns_per_player)]);
        t.row(["turn solves".to_string(), f.turn_solves.to_string()]);
        t.row([
            "states where the mover mixes two policies".to_string(),
            format!("{} ({} rotation classes searched)", f.mixed_states, f.searched_classes),
        ]);
    }
    if let Some(max) = r.max_score {
        t.row(["maximum possible score".to_string(), max.to_string()]);
    }
    t.row(["states".to_string(), s.states.to_string()]);
    let rate = if s.solve_seconds > 0.0 {
        format!(" ({:.0} states/s)", s.states as f64 / s.solve_seconds)
    } else {
        String::new()
    };
    t.row(["solve time".to_string(), format!("{:.3} s{rate}", s.solve_seconds)]);
    t.row(["table".to_string(), r.table.path.display().to_string()]);
    let checked = if r.table.verified { "checksum verified" } else { "header checked; data not hashed (use --verify)" };
    t.row(["table size".to_string(), format!("{} bytes, shape {:?}, {checked}", r.table.bytes, r.table.shape)]);
    let mut out = t.render();
    if !r.levels.is_empty() {
        let mut l = TextTable::new(["level (boxes filled)", "states", "solve time", "states/s"]);
        let mut levels = r.levels.clone();
        levels.sort_by_key(|l| l.level);
        for f in &levels {
            let rate = if f.seconds > 0.0 { format!("{:.0}", f.states as f64 / f.seconds) } else { "-".into() };
            let time = if f.seconds > 0.0 { format!("{:.1} s", f.seconds) } else { "-".into() };
            l.row([f.level.to_string(), f.states.to_string(), time, rate]);
        }
        out.push('\n');
        out.push_str(&l.render());
    }
    out
}
