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
//! comparison shows every variant asked for.

use std::path::Path;
use std::time::Instant;

use super::win::players::table as players_table;
use super::win::table::{about, present, summary, win_solve_estimate, WinSummary};
use super::PushLuckGame;
use crate::error::{Error, WinError};
use crate::progress::Progress;
use crate::report::{CompareReport, CompareRow, FactColumns, SeatOdds, VariantOdds};

/// Compares `variants` (label and game; the first is the base rules), each
/// from its win table in `tables`, solving those that are missing.
///
/// # Errors
/// A damaged table, a table that cannot be written.
pub(crate) fn compare(
    variants: &[(String, &PushLuckGame)],
    players: usize,
    tables: &Path,
    progress: &dyn Progress,
) -> Result<CompareReport, Error> {
    let started = Instant::now();
    announce(variants, players, tables, progress);
    let mut rows = Vec::with_capacity(variants.len());
    for (label, game) in variants {
        let mut row =
            CompareRow { variant: label.clone(), game: game.reference(), odds: None, seats: None, not_solved: None };
        let solved = if players == 2 {
            summary(game, tables, progress).map(|s| row.odds = Some(odds_of(&s)))
        } else {
            players_table::summary(game, players, tables, progress).map(|s| row.seats = Some(seats_of(s)))
        };
        match solved {
            Ok(()) => {}
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
        rows.push(row);
    }
    let base = rows[0].odds.map(|o| o.first_wins);
    let base_seat = rows[0].seats.as_ref().map(|s| s.seats[0]);
    for row in &mut rows[1..] {
        if let (Some(o), Some(b)) = (row.odds.as_mut(), base) {
            o.first_wins_change = Some(o.first_wins - b);
        }
        if let (Some(s), Some(b)) = (row.seats.as_mut(), base_seat) {
            s.first_wins_change = Some(s.seats[0] - b);
        }
    }
    Ok(CompareReport { game: variants[0].1.reference(), players, rows, seconds: started.elapsed().as_secs_f64() })
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
fn announce(variants: &[(String, &PushLuckGame)], players: usize, tables: &Path, progress: &dyn Progress) {
    let missing: Vec<&(String, &PushLuckGame)> = if players == 2 {
        variants.iter().filter(|(_, g)| !present(g, tables)).collect()
    } else {
        // Only the variants the solver takes are solved.
        let solvable = |g: &PushLuckGame| players_table::check(g, players).is_ok();
        variants.iter().filter(|(_, g)| solvable(g) && !players_table::present(g, players, tables)).collect()
    };
    if missing.is_empty() {
        return;
    }
    let estimate = |g: &PushLuckGame| {
        if players == 2 {
            win_solve_estimate(g)
        } else {
            players_table::solve_estimate(g, players)
        }
    };
    let total: f64 = missing.iter().map(|(_, g)| estimate(g)).sum();
    let labels: Vec<&str> = missing.iter().map(|(l, _)| l.as_str()).collect();
    progress.note(&format!(
        "{} of {} variants to solve first ({}): about {} in all",
        missing.len(),
        variants.len(),
        labels.join(", "),
        about(total)
    ));
}
