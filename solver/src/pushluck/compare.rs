//! `compare`: how the optional rules change who wins.
//!
//! One row per rule variant (the base rules, each of the game's seed
//! options alone, and any combinations or house-rules files asked for:
//! [`crate::registry::compare_variants`] resolves them), each read from the
//! variant's win table, solved first where it is missing (and then kept,
//! so a second run only reads table headers). Every number is exact,
//! computed from the solved win probabilities: P(first player wins) under
//! both players' optimal play, and the game facts the solve stores with
//! the table ([`super::win::facts`]): the fair head start, the expected
//! number of turns, and optimal play against the expected-score policy from
//! either seat.
//!
//! With three players each row is read from the variant's table of three
//! ([`super::win::players::table`]): each seat's P(win), the fair head
//! starts of the later seats, the turns of a game.
//!
//! A variant too large to solve here, or whose rules are not solved for
//! the players asked yet, stays in the table as a row that says so, so the
//! comparison shows every variant asked for. Variants that are the same
//! rules (Farkle's `on-the-board=500` is its base entry threshold with
//! `min-bank=350`) are one row named by each, solved once.

use std::path::Path;
use std::time::Instant;

use super::rollout;
use super::win::players::{self, table as players_table};
use super::win::table::{about, present, summary, win_solve_estimate, WinSummary};
use super::PushLuckGame;
use crate::error::{Error, WinError};
use crate::progress::Progress;
use crate::question::RolloutAsk;
use crate::report::{
    CompareEvent, ComparePlan, CompareReport, CompareRow, CompareRowDone, FactColumns, PlannedRow, SeatEstimate,
    SeatOdds, StartSeats, VariantOdds,
};

/// Compares `variants` (label and game; the first is the base rules), each
/// from its win table in `tables`, solving those that are missing, and
/// tells `each` as it goes: the plan, every row as soon as it is known, then
/// the whole report (which it also returns).
///
/// The order answers early: the base rules first (every other row's change
/// is against it, and its solve is among the quickest), then every variant
/// whose table is there (a header read each), then the missing ones from
/// the quickest solve to the slowest. Each solve writes its table whole
/// and renames it into place, so a comparison stopped half way (Ctrl-C)
/// keeps every table finished before it and leaves no partial one (a
/// temporary file of a killed writer is swept by the next write).
///
/// # Errors
/// A damaged table, a table that cannot be written.
pub(crate) fn compare(
    variants: &[(String, &PushLuckGame)],
    players: usize,
    ask: &RolloutAsk,
    tables: &Path,
    progress: &dyn Progress,
    each: &mut dyn FnMut(&CompareEvent),
) -> Result<CompareReport, Error> {
    let started = Instant::now();
    let (variants, named) = &merge_same_rules(variants);
    let plan = plan(variants, players, tables);
    announce(&plan, variants.len(), progress);
    each(&CompareEvent::Plan(plan.clone()));
    let mut rows: Vec<Option<CompareRow>> = vec![None; variants.len()];
    // Measured against estimated, over the solves so far: scales the
    // estimates of those still to come.
    let (mut measured, mut estimated) = (0.0, 0.0);
    let mut solved_so_far = 0;
    let base = |rows: &[Option<CompareRow>]| rows[0].as_ref().and_then(|r| r.odds.map(|o| o.first_wins));
    let base_seat = |rows: &[Option<CompareRow>]| rows[0].as_ref().and_then(|r| r.seats.as_ref().map(|s| s.seats[0]));
    for (done, planned) in plan.order.iter().enumerate() {
        let (label, game) = &variants[planned.index];
        // The solves after this row, as estimated in the plan: summed
        // afresh (not a running difference), so none left is exactly 0.
        let left: f64 = plan.order[done + 1..].iter().filter_map(|p| p.estimated_seconds).sum();
        if let Some(e) = planned.estimated_seconds {
            solved_so_far += 1;
            let scale = pace(measured, estimated);
            let after = left * scale;
            progress.note(&format!(
                "solving {label} ({} of {} to solve): about {}{}",
                solved_so_far,
                plan.to_solve,
                about(e * scale),
                if after > 0.0 { format!(", then about {} for the rest", about(after)) } else { String::new() }
            ));
        }
        let mut row = one_row(label, game, players, ask, tables, progress)?;
        row.variants.clone_from(&named[planned.index]);
        if let Some(e) = planned.estimated_seconds {
            let took = row.odds.map(|o| o.solve_seconds).or(row.seats.as_ref().map(|s| s.solve_seconds));
            if let Some(took) = took.filter(|&t| t > 0.0) {
                measured += took;
                estimated += e;
            }
        }
        if planned.index > 0 {
            if let (Some(o), Some(b)) = (row.odds.as_mut(), base(&rows)) {
                o.first_wins_change = Some(o.first_wins - b);
            }
            if let (Some(s), Some(b)) = (row.seats.as_mut(), base_seat(&rows)) {
                s.first_wins_change = Some(s.seats[0] - b);
            }
        }
        progress.finish();
        each(&CompareEvent::Row(Box::new(CompareRowDone {
            index: planned.index,
            done: done + 1,
            of: variants.len(),
            row: row.clone(),
            seconds: started.elapsed().as_secs_f64(),
            remaining_seconds: left * pace(measured, estimated),
        })));
        rows[planned.index] = Some(row);
    }
    let report = CompareReport {
        game: variants[0].1.reference(),
        players,
        rows: rows.into_iter().map(|r| r.expect("every variant has its row")).collect(),
        seconds: started.elapsed().as_secs_f64(),
    };
    each(&CompareEvent::Done(report.clone()));
    Ok(report)
}

/// The variants with those of the same rules as an earlier one merged
/// into its row (labelled by each, joined with ` = `), in the order asked,
/// and each row's labels as asked.
fn merge_same_rules<'a>(
    variants: &[(String, &'a PushLuckGame)],
) -> (Vec<(String, &'a PushLuckGame)>, Vec<Vec<String>>) {
    let mut rows: Vec<(&'a PushLuckGame, Vec<String>)> = vec![];
    for (label, game) in variants {
        match rows.iter_mut().find(|(g, _)| g.rules == game.rules) {
            Some((_, labels)) => labels.push(label.clone()),
            None => rows.push((game, vec![label.clone()])),
        }
    }
    rows.into_iter().map(|(game, labels)| ((labels.join(" = "), game), labels)).unzip()
}

/// Measured over estimated time of the solves so far, as if 30 s more
/// had gone as estimated (a solve of a second is mostly start-up and
/// says little of the solves of minutes to come), kept within 1/2 and 2
/// (one solve that ran beside other work should not swing the rest).
fn pace(measured: f64, estimated: f64) -> f64 {
    const PRIOR: f64 = 30.0;
    ((measured + PRIOR) / (estimated + PRIOR)).clamp(0.5, 2.0)
}

/// One variant's row: read from its table, or solved first; a variant too
/// large to solve here, or whose rules are not solved for this many
/// players, is a row that says why.
fn one_row(
    label: &str,
    game: &PushLuckGame,
    players: usize,
    ask: &RolloutAsk,
    tables: &Path,
    progress: &dyn Progress,
) -> Result<CompareRow, Error> {
    let mut row = CompareRow {
        variant: label.to_string(),
        variants: vec![label.to_string()],
        game: game.reference(),
        odds: None,
        seats: None,
        not_solved: None,
        estimate: None,
        head_starts: None,
        from_start: None,
    };
    let solved = if players == 2 {
        summary(game, tables, progress).map(|s| row.odds = Some(odds_of(&s)))
    } else {
        players_table::summary(game, players, tables, progress).map(|s| row.seats = Some(seats_of(s)))
    };
    match solved {
        Ok(()) => {}
        // Too large for an exact table of several: estimated instead.
        Err(
            e @ (Error::TooLarge(_) | Error::Win(WinError::PlayersTooLong { .. } | WinError::PlayersNotBuilt { .. })),
        ) if players > 2 => {
            row.not_solved = Some(e.to_string());
            let reason = "no exact table of this many players fits";
            let (seats, fair) = rollout::seats_and_head_starts(game, tables, players, ask, reason, progress)?;
            row.from_start = from_start(game, players, &seats, progress)?;
            row.estimate = Some(seats);
            row.head_starts = Some(fair);
        }
        Err(
            e @ (Error::TooLarge(_)
            | Error::Win(
                WinError::PlayersRules { .. }
                | WinError::PlayersTooLong { .. }
                | WinError::Unsettled { .. }
                | WinError::RollsOnPastGoal { .. },
            )),
        ) => {
            row.not_solved = Some(e.to_string());
        }
        Err(e) => return Err(e),
    }
    Ok(row)
}

/// Each seat's exact chance from the start where the states a game from
/// the start reaches fit the exact solve ([`players::start::answers`]),
/// else `None`.
///
/// # Errors
/// None today but the solve's own (the refusals are `None`).
fn from_start(
    game: &PushLuckGame,
    players: usize,
    estimate: &SeatEstimate,
    progress: &dyn Progress,
) -> Result<Option<StartSeats>, Error> {
    if !players::start::answers(game, players, &vec![0; players]) {
        return Ok(None);
    }
    let started = Instant::now();
    match players::start::solve(game, players, progress) {
        Ok(s) => {
            let v = &s.values;
            let seats = v.seats();
            let estimate_holds = estimate.seats.iter().zip(&seats).all(|(e, &p)| e.low <= p && p <= e.high);
            Ok(Some(StartSeats {
                estimate_holds,
                seats,
                turns_per_player: v.turns_per_game() / players as f64,
                reached_totals: s.reached_levels,
                totals: v.levels,
                states: s.states,
                of: s.of,
                turn_solves: v.turn_dps as u64,
                solve_seconds: started.elapsed().as_secs_f64(),
            }))
        }
        Err(Error::TooLarge(_) | Error::Win(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The order of the rows (see [`compare`]) and what must be solved.
fn plan(variants: &[(String, &PushLuckGame)], players: usize, tables: &Path) -> ComparePlan {
    let missing = |g: &PushLuckGame| {
        if players == 2 {
            // A variant over the size budget is refused at once, not solved.
            let floor = super::win::sides::default_floor(g.win_model());
            !present(g, tables) && super::win::check_size(g, floor).is_ok()
        } else {
            // Only the variants the solver takes are solved.
            players_table::check(g, players).is_ok() && !players_table::present(g, players, tables)
        }
    };
    let estimate = |g: &PushLuckGame| {
        if players == 2 {
            win_solve_estimate(g)
        } else {
            players_table::solve_estimate(g, players)
        }
    };
    let mut order: Vec<PlannedRow> = variants
        .iter()
        .enumerate()
        .map(|(index, (label, g))| {
            let estimated_seconds = missing(g).then(|| estimate(g));
            PlannedRow { index, variant: label.clone(), solve: estimated_seconds.is_some(), estimated_seconds }
        })
        .collect();
    // Stable: the base first, tables there in the order asked, then the
    // quickest solves.
    order[1..].sort_by(|x, y| match (x.estimated_seconds, y.estimated_seconds) {
        (None, None) => std::cmp::Ordering::Equal,
        (None, Some(_)) => std::cmp::Ordering::Less,
        (Some(_), None) => std::cmp::Ordering::Greater,
        (Some(a), Some(b)) => a.total_cmp(&b),
    });
    let to_solve = order.iter().filter(|p| p.solve).count();
    let estimated_seconds = order.iter().filter_map(|p| p.estimated_seconds).sum();
    ComparePlan { game: variants[0].1.reference(), players, order, to_solve, estimated_seconds }
}

fn seats_of(s: players_table::Summary) -> SeatOdds {
    SeatOdds {
        seats: s.seats.seats,
        first_wins_change: None,
        head_starts: s.seats.head_starts,
        head_start_seats: s.seats.head_start_seats,
        turns_per_player: s.seats.turns_per_player,
        solve_seconds: s.solved_seconds,
        estimated_seconds: s.estimated_seconds,
    }
}

fn odds_of(s: &WinSummary) -> VariantOdds {
    let facts = s.game.map(|f| {
        let second = 1.0 - f.ev_first_vs_optimal;
        FactColumns {
            head_start: f.head_start,
            head_start_first_wins: f.head_start_first_wins,
            turns_per_player: f.turns_per_player,
            ev_turn_score: f.ev_turn_score,
            optimal_vs_ev_first: f.optimal_first_vs_ev,
            optimal_vs_ev_second: second,
            optimal_edge: (f.optimal_first_vs_ev + second) / 2.0 - 0.5,
        }
    });
    VariantOdds {
        first_wins: s.first_wins,
        first_wins_change: None,
        facts,
        solve_seconds: s.solved_seconds,
        estimated_seconds: s.estimated_seconds,
    }
}

/// Says, before anything is solved, which variants have no table yet and
/// what solving them all should take, so that a person knows whether to
/// wait (each solve then says its own estimate as it starts, from the
/// machine's speed at that moment: a few milliseconds again per solve of
/// seconds or minutes).
fn announce(plan: &ComparePlan, variants: usize, progress: &dyn Progress) {
    if plan.to_solve == 0 {
        return;
    }
    let labels: Vec<&str> = plan.order.iter().filter(|p| p.solve).map(|p| p.variant.as_str()).collect();
    progress.note(&format!(
        "{} of {} variants to solve first ({}, in that order): about {} in all",
        plan.to_solve,
        variants,
        labels.join(", "),
        about(plan.estimated_seconds)
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Silent;
    use crate::registry::testing::push_luck;

    /// The rows come as they are known: the base first, then a table that
    /// is there, then the missing ones from the quickest solve; each row
    /// told is the report's row, its change against the base; the plan
    /// names what is solved; the report keeps the order asked; two
    /// variants that are the same rules are one row, solved once; no
    /// temporary file is left beside the tables.
    #[test]
    fn compare_answers_as_it_goes() {
        let base = push_luck("farkle", &["goal=600"], None);
        let vant = push_luck("farkle", &["goal=600", "vant-hof-6"], None);
        let board = push_luck("farkle", &["goal=600", "on-the-board=200"], None);
        let pig = push_luck("farkle", &["goal=600", "piggyback"], None);
        let huge = push_luck("farkle", &["goal=1000000"], None);
        // Farkle's entry threshold is 500 already: on-the-board=500 only
        // adds its minimum bank of 350.
        let board_500 = push_luck("farkle", &["goal=600", "on-the-board=500"], None);
        let bank_350 = push_luck("farkle", &["goal=600", "min-bank=350"], None);
        let dir = tempfile::tempdir().expect("temporary directory");
        summary(&pig, dir.path(), &Silent).expect("piggyback solves");
        let variants: Vec<(String, &PushLuckGame)> = vec![
            ("base rules".into(), &base),
            ("vant-hof-6".into(), &vant),
            ("huge".into(), &huge),
            ("on-the-board=200".into(), &board),
            ("piggyback".into(), &pig),
            ("on-the-board=500".into(), &board_500),
            ("min-bank=350".into(), &bank_350),
        ];
        let mut events = vec![];
        let report =
            compare(&variants, 2, &RolloutAsk::default(), dir.path(), &Silent, &mut |e| events.push(e.clone()))
                .expect("compares");
        let CompareEvent::Plan(plan) = &events[0] else { panic!("the plan first: {:?}", events[0]) };
        let order: Vec<usize> = plan.order.iter().map(|p| p.index).collect();
        // The base first, then what needs no solve in the order asked (the
        // one too large, the one whose table is there), then the solves,
        // the quickest first by the plan's own estimates (measured on this
        // machine, so which of the two is quicker is not asserted).
        assert_eq!(order[..3], [0, 2, 4]);
        let mut solves = order[3..].to_vec();
        solves.sort_unstable();
        assert_eq!(solves, [1, 3, 5]);
        let estimates: Vec<f64> = plan.order[3..].iter().map(|p| p.estimated_seconds.expect("a solve")).collect();
        assert!(estimates[0] <= estimates[1], "the quickest solve first: {estimates:?}");
        assert_eq!(plan.to_solve, 4);
        assert!(!plan.order[1].solve && plan.order[1].estimated_seconds.is_none(), "too large: not solved");
        let told: Vec<&CompareRowDone> = events
            .iter()
            .filter_map(|e| match e {
                CompareEvent::Row(r) => Some(&**r),
                _ => None,
            })
            .collect();
        assert_eq!(told.len(), 6);
        for (k, r) in told.iter().enumerate() {
            assert_eq!((r.index, r.done, r.of), (order[k], k + 1, 6));
            assert_eq!(r.row, report.rows[r.index], "the row told is the report's");
        }
        // Rows with solves still after them have time left; the others
        // none (an empty sum, not a running difference of times).
        for (k, r) in told.iter().enumerate() {
            let solves_after = plan.order[k + 1..].iter().any(|p| p.estimated_seconds.is_some());
            assert_eq!(r.remaining_seconds > 0.0, solves_after, "row {k}: {}", r.remaining_seconds);
        }
        let CompareEvent::Done(done) = events.last().expect("events") else { panic!("the report last") };
        assert_eq!(done, &report);
        let labels: Vec<&str> = report.rows.iter().map(|r| r.variant.as_str()).collect();
        assert_eq!(
            labels,
            ["base rules", "vant-hof-6", "huge", "on-the-board=200", "piggyback", "on-the-board=500 = min-bank=350"]
        );
        assert_eq!(report.rows[5].variants, ["on-the-board=500", "min-bank=350"]);
        assert_eq!(report.rows[1].variants, ["vant-hof-6"]);
        let first = report.rows[0].odds.expect("base solved").first_wins;
        for row in &report.rows[1..] {
            if let Some(o) = row.odds {
                assert_eq!(o.first_wins_change, Some(o.first_wins - first), "{}", row.variant);
            }
        }
        assert!(report.rows[2].not_solved.is_some());
        assert_eq!(report.rows[4].odds.expect("read").solve_seconds, 0.0, "piggyback's table was there");
        let names: Vec<String> =
            std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        assert_eq!(names.len(), 5, "one table per row solved, nothing else: {names:?}");
    }
}
