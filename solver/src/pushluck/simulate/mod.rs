//! Head-to-head simulation of a push-your-luck game between policies:
//! every ordered pairing of the players asked for, with win rates, 95%
//! confidence intervals and game lengths.
//!
//! ## Players
//! - `optimal`: plays to win (the win table, [`super::win`]); its last turn
//!   maximises the chance of passing the leader.
//! - `ev`: the expected-score policy of the game's own tables (this turn's
//!   points; with the three-farkle penalty, a third farkle costs its
//!   penalty in the turn).
//! - `threshold=N`: sets aside every scoring die (the set-aside that scores
//!   most) and banks as soon as the turn's points reach N and a bank
//!   counts.
//! - `human`: follows the printed strategy sheet (`sixdice strategy`): banks
//!   where the sheet's row for its dice says so, and sets aside every
//!   scoring die.
//! - `win-sheet`: banks where the sheet to win says so (`sixdice strategy
//!   --objective win`, fitted with its default games and seed: its row for
//!   the dice and the score difference) and sets aside as the exact policy
//!   does (the sheet is about banking only; `advise` answers set-asides),
//!   so that it measures what the sheet's simplification of the bank
//!   decision costs.
//!
//! With piggyback a bank that leaves 1 to 5 dice not set aside offers them,
//! with the turn's points, to the next player, who either starts fresh or
//! rolls them: `optimal` (and `win-sheet`) when the win table values the
//! roll higher than a fresh turn, `ev` when its expected turn score is
//! higher, `human` from the sheet's "piggyback from" row for that many
//! dice, and `threshold=N` when the inherited points reach its N. The
//! report counts the turns started on a leftover. Under `piggyback=return`
//! a farkle on a leftover gives its points back to the player who left it
//! (at the goal that ends the game like a bank, and the player who
//! farkled has the last turn); `optimal` plays such a turn with that
//! farkle's own value (a turn solved per inherited total, kept).
//!
//! The last turn (the opponent has reached the goal) is played for a pass:
//! `optimal` and `ev` play it exactly (the turn that maximises the chance
//! of passing the leader, as the win solver values it, so that `ev` here is
//! the player `compare` evaluates exactly); `threshold=N` and `human` set
//! aside every scoring die and roll on until their turn total passes the
//! leader, then bank (as does `win-sheet`). On the leader's leftover, the
//! exact last turn rolls it when that passes more often; the others start
//! fresh.
//!
//! ## Speed
//! Turns are walked on the compiled turn model ([`super::model`]): a roll
//! is one draw against the context's cumulative probabilities of its
//! outcome classes, a set-aside one pick among that class's encoded
//! successors, so a roll costs a few dozen nanoseconds. The optimal
//! player's turn at each pair of sides is solved the first time a game
//! reaches it and kept (its value array only) for the rest of the run.
//!
//! ## Reproducibility
//! Game `i` of a pairing draws its dice from a generator seeded by the
//! run's seed, the pairing and `i`: the same seed plays the same games
//! whatever the number of threads.

pub(crate) mod arena;
mod seats;
#[cfg(test)]
mod tests;

use arena::{game_seed, Arena, Player};
use seats::Seats;

use std::path::Path;
use std::time::Instant;

use rand::rngs::SmallRng;
use rand::SeedableRng;
use rayon::prelude::*;

use super::win::table::{game_facts_with, load as load_win};
use super::win::WinValues;
use super::win_sheet::win_sheet;
use super::PushLuckGame;
use crate::error::Error;
use crate::error::PlayersError;
use crate::interval::wilson;
use crate::limits::PLAYERS_MAX;
use crate::limits::SHEET_GAMES;
use crate::progress::Progress;
use crate::question::{SimulateQuestion, StrategyQuestion};
use crate::report::{Pairing, PlayersReport, Seating};
use crate::vocabulary::Objective;

/// The mean of `n` counts whose sum is `sum` and sum of squares `squares`,
/// and its standard error (from the sample variance).
fn mean_and_error(sum: u64, squares: u64, n: u64) -> (f64, f64) {
    let n = n as f64;
    let mean = sum as f64 / n;
    let variance = (squares as f64 / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
    (mean, (variance / n).sqrt())
}

/// Plays every ordered pairing of `q.players`, `q.games` games each.
///
/// # Errors
/// Unknown players, a game count out of range, or (with an optimal player)
/// a win table that is missing and slow to solve.
pub(crate) fn simulate(
    game: &PushLuckGame,
    tables: &Path,
    q: &SimulateQuestion,
    progress: &dyn Progress,
) -> Result<PlayersReport, Error> {
    let setup = Instant::now();
    let named: Vec<&str> =
        if q.players.is_empty() { vec!["optimal", "ev"] } else { q.players.iter().map(String::as_str).collect() };
    let players: Vec<Player> = named.into_iter().map(Player::parse).collect::<Result<_, _>>()?;
    if players.is_empty() || players.len() > PLAYERS_MAX {
        return Err(PlayersError::Count(players.len()).into());
    }
    match q.seats {
        2 => {}
        3 => return simulate_seats(game, tables, q, &players, progress),
        n => return Err(PlayersError::Seats(n).into()),
    }
    let needs_win = players.contains(&Player::Optimal) || players.contains(&Player::WinSheet);
    let win = if needs_win { Some(load_win(game, tables, progress)?) } else { None };
    let facts = match &win {
        Some(values) if players.contains(&Player::Ev) => game_facts_with(game, tables, values, progress)?,
        _ => None,
    };
    // The win-sheet player follows the sheet fitted to optimal play.
    let sheet = match (&win, players.contains(&Player::WinSheet)) {
        (Some(values), true) => {
            let q = StrategyQuestion { objective: Objective::Win, games: SHEET_GAMES, seed: 1, dice: None, map: false };
            Some(win_sheet(game, values.clone(), &q)?)
        }
        _ => None,
    };
    let arena = Arena::new(game, win, sheet, &players)?;
    let pairs: Vec<(Player, Player)> = players.iter().flat_map(|&x| players.iter().map(move |&y| (x, y))).collect();
    let started = Instant::now();
    progress.stage("games", q.games * pairs.len() as u64);
    let mut out = Vec::with_capacity(pairs.len());
    for (p, &(x, y)) in pairs.iter().enumerate() {
        let chunk = 4096u64;
        let (wins, turns, squares, unfinished, piggybacks) = (0..q.games.div_ceil(chunk))
            .into_par_iter()
            .map(|c| {
                let (mut wins, mut turns, mut squares, mut unfinished, mut piggybacks) = (0u64, 0u64, 0u64, 0u64, 0u64);
                let end = ((c + 1) * chunk).min(q.games);
                for i in c * chunk..end {
                    let mut rng = SmallRng::seed_from_u64(game_seed(q.seed, p as u64, i));
                    let (winner, t, pig) = arena.game([x, y], &mut rng, None);
                    wins += u64::from(winner == Some(0));
                    unfinished += u64::from(winner.is_none());
                    turns += u64::from(t);
                    squares += u64::from(t) * u64::from(t);
                    piggybacks += u64::from(pig);
                }
                progress.advance(end - c * chunk);
                (wins, turns, squares, unfinished, piggybacks)
            })
            .reduce(|| (0, 0, 0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2, a.3 + b.3, a.4 + b.4));
        let exact = match (x, y) {
            (Player::Optimal, Player::Optimal) => arena.win.as_ref().map(WinValues::first),
            (Player::Optimal, Player::Ev) => facts.map(|f| f.optimal_first_vs_ev),
            (Player::Ev, Player::Optimal) => facts.map(|f| f.ev_first_vs_optimal),
            _ => None,
        };
        let n = q.games as f64;
        let (mean_turns, turns_se) = mean_and_error(turns, squares, q.games);
        out.push(Pairing {
            first: x.name(),
            second: y.name(),
            games: q.games,
            first_wins: wins,
            first_win_rate: wins as f64 / q.games as f64,
            ci95: wilson(wins, q.games),
            exact,
            mean_turns,
            mean_turns_std_error: turns_se,
            unfinished,
            piggybacks_per_game: game.rules.turn.piggyback.then(|| piggybacks as f64 / n),
        });
    }
    progress.finish();
    let seconds = started.elapsed().as_secs_f64();
    Ok(PlayersReport {
        game: game.reference(),
        players: players.iter().map(Player::name).collect(),
        seed: q.seed,
        games_per_second: (q.games * pairs.len() as u64) as f64 / seconds.max(1e-9),
        setup_seconds: (started - setup).as_secs_f64(),
        seconds,
        pairings: out,
        seatings: vec![],
    })
}

/// Games of three: the three `players`, seated every distinct way, each
/// seating `q.games` games.
///
/// # Errors
/// Players that play games of two only, rules the solver of three does not
/// take, a missing table of three that is slow to solve.
fn simulate_seats(
    game: &PushLuckGame,
    tables: &Path,
    q: &SimulateQuestion,
    players: &[Player],
    progress: &dyn Progress,
) -> Result<PlayersReport, Error> {
    let setup = Instant::now();
    seats::check(players)?;
    let n = players.len();
    if n != 3 {
        return Err(PlayersError::SeatCount(n).into());
    }
    crate::pushluck::win::players::check(game, n)?;
    let values = if players.contains(&Player::Optimal) {
        Some(crate::pushluck::win::players::advice::load_or_solve(game, n, tables, progress)?)
    } else {
        None
    };
    let exact_seats = values.as_ref().map(|v| v.seats());
    let run = Seats::new(game, values);
    let mut seatings: Vec<[Player; 3]> = vec![];
    for order in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
        let s = order.map(|k| players[k]);
        if !seatings.contains(&s) {
            seatings.push(s);
        }
    }
    let started = Instant::now();
    progress.stage("games", q.games * seatings.len() as u64);
    let mut out = vec![];
    for (p, seating) in seatings.iter().enumerate() {
        let chunk = 1024u64;
        let (wins, turns, squares, unfinished) = (0..q.games.div_ceil(chunk))
            .into_par_iter()
            .map(|c| {
                let (mut wins, mut turns, mut squares, mut unfinished) = ([0u64; 3], 0u64, 0u64, 0u64);
                let end = ((c + 1) * chunk).min(q.games);
                for i in c * chunk..end {
                    let mut rng = SmallRng::seed_from_u64(game_seed(q.seed, p as u64, i));
                    let (winner, t) = run.game(*seating, &mut rng);
                    match winner {
                        Some(w) => wins[w] += 1,
                        None => unfinished += 1,
                    }
                    turns += u64::from(t);
                    squares += u64::from(t) * u64::from(t);
                }
                progress.advance(end - c * chunk);
                (wins, turns, squares, unfinished)
            })
            .reduce(
                || ([0; 3], 0, 0, 0),
                |a, b| ([a.0[0] + b.0[0], a.0[1] + b.0[1], a.0[2] + b.0[2]], a.1 + b.1, a.2 + b.2, a.3 + b.3),
            );
        let games = q.games as f64;
        let (mean_turns, turns_se) = mean_and_error(turns, squares, q.games);
        let all_optimal = seating.iter().all(|&p| p == Player::Optimal);
        out.push(Seating {
            players: seating.iter().map(Player::name).collect(),
            games: q.games,
            wins: wins.to_vec(),
            win_rates: wins.iter().map(|&w| w as f64 / games).collect(),
            ci95: wins.iter().map(|&w| wilson(w, q.games)).collect(),
            exact: exact_seats.clone().filter(|_| all_optimal),
            mean_turns,
            mean_turns_std_error: turns_se,
            unfinished,
        });
    }
    progress.finish();
    let seconds = started.elapsed().as_secs_f64();
    Ok(PlayersReport {
        game: game.reference(),
        players: players.iter().map(Player::name).collect(),
        seed: q.seed,
        games_per_second: (q.games * seatings.len() as u64) as f64 / seconds.max(1e-9),
        setup_seconds: (started - setup).as_secs_f64(),
        seconds,
        pairings: vec![],
        seatings: out,
    })
}
