//! The game from the start alone: the states a game from every total at 0
//! can reach, solved exactly where the table of every state does not fit.
//!
//! A total below the goal is reached only by banks the rules count: with
//! an entry threshold a player's first bank must make it, so the totals
//! between 0 and the threshold never happen in a game from the start
//! (Farkle to 500 with 500 to get on the board: every total below the
//! goal is 0). The whole table still holds them, because a head start may
//! put a player there; the seats' chances from the start do not need
//! them. A state whose every total can be reached leads only to such
//! states (a bank the rules count, a farkle, the last round), so the solve
//! of those alone is the whole table's solve restricted to them: the same
//! values (within 1e-12 in the tests: a rotation class's iteration starts
//! from a guess extrapolated from the states solved above it, and fewer
//! are solved, so it may end an ulp or two away).

use super::{check_shape, check_solve_time, decode, solve_states, PlayersValues, Start};
use crate::error::Error;
use crate::limits::PLAYERS_SOLVE_SECONDS;
use crate::progress::Progress;
use crate::pushluck::level_total;
use crate::pushluck::model::Model;
use crate::pushluck::rules::Stop;
use crate::pushluck::win::{players_reference_seconds_on, Sides};
use crate::pushluck::PushLuckGame;

/// Which totals below the goal (grid levels) a game from 0 can reach: 0,
/// and every total a counted bank makes from one reached.
pub(crate) fn reachable_levels(model: &Model) -> Vec<bool> {
    let sides = Sides::new(model, 0);
    let levels = sides.len();
    let mut reached = vec![false; levels];
    reached[0] = true;
    for from in 0..levels {
        if !reached[from] {
            continue;
        }
        let on_board = sides.side(from).on_board;
        for l in 1..levels - from {
            if matches!(model.rules.turn.stop(on_board, level_total(l, model.grid)), Stop::Counts) {
                reached[from + l] = true;
            }
        }
    }
    reached
}

/// The chances from the start of a game of `players`, solved over the
/// states a game from the start reaches.
pub(crate) struct StartSolve<'m> {
    /// The solve: NaN at the states left out.
    pub(crate) values: PlayersValues<'m>,
    /// Totals a player can reach below the goal, of all the table's.
    pub(crate) reached_levels: usize,
    /// Turn-start states solved ...
    pub(crate) states: u64,
    /// ... of the whole table's.
    pub(crate) of: u64,
}

/// What [`solve`] of `game` for `players` takes on the 2-core development
/// machine (as the budget counts it).
pub(crate) fn reference_seconds(game: &PushLuckGame, players: usize) -> f64 {
    let reached = reachable_levels(game.win_model()).iter().filter(|&&r| r).count();
    players_reference_seconds_on(game, players, reached)
}

/// Whether the chances at these totals (every player's, below the goal)
/// are to come from [`solve`]: the whole table of `players` is refused
/// for its time alone, every total is one a game from the start reaches,
/// and that solve is as quick as a table solved unasked. The one gate of
/// `compare`, `advise` and a game in play.
pub(crate) fn answers(game: &PushLuckGame, players: usize, totals: &[i64]) -> bool {
    let model = game.win_model();
    let reached = reachable_levels(model);
    let g = model.grid;
    check_shape(game, players).is_ok()
        && super::players_reference_seconds(game, players) > PLAYERS_SOLVE_SECONDS
        && totals.iter().all(|&t| usize::try_from(t / g).ok().and_then(|l| reached.get(l)).copied().unwrap_or(false))
        && reference_seconds(game, players) <= crate::auto_solve::AUTO_SOLVE_SECONDS
}

/// Solves `game` for `players` over the states a game from the start
/// reaches.
///
/// # Errors
/// The player counts and rules [`super::check`] refuses; those states'
/// solve over the time budget; the whole table's store over the size
/// budget (the solve keeps the whole table's layout).
pub(crate) fn solve<'m>(
    game: &'m PushLuckGame,
    players: usize,
    progress: &dyn Progress,
) -> Result<StartSolve<'m>, Error> {
    let all = check_shape(game, players)?;
    let model = game.win_model();
    let reached = reachable_levels(model);
    let reached_levels = reached.iter().filter(|&&r| r).count();
    let n = u32::try_from(players).expect("a few players");
    let levels = Sides::new(model, 0).len();
    check_solve_time(game, players, reference_seconds(game, players))?;
    let values = solve_states(game, model, players, Start::Extrapolated, all, Some(&reached), progress)?;
    let states = (reached_levels as u64).pow(n);
    debug_assert_eq!(
        (0..all).filter(|&i| decode(i, players, levels).iter().all(|&t| reached[t])).count() as u64,
        states
    );
    Ok(StartSolve { values, reached_levels, states, of: all as u64 })
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::{game, small};
    use super::super::plain::Plain;
    use super::super::{solve as solve_whole, Odds};
    use super::*;
    use crate::progress::Silent;

    #[test]
    fn an_entry_threshold_leaves_the_totals_below_it_out() {
        // Small Farkle to 300 with 150 to get on the board: 0, 150, 200, 250.
        let g = game(small(300, 150));
        assert_eq!(reachable_levels(g.win_model()), [true, false, false, true, true, true]);
        // Without a threshold every total is reached.
        assert!(reachable_levels(game(small(300, 0)).win_model()).iter().all(|&r| r));
        // Farkle to 500 with 500 to get on the board: only 0 below the goal.
        let farkle = crate::registry::testing::push_luck("farkle", &["goal=500"], None);
        let reached = reachable_levels(farkle.win_model());
        assert_eq!(reached.iter().filter(|&&r| r).count(), 1, "{reached:?}");
    }

    /// Every state a game from the start reaches has the whole table's
    /// chances; the others are left NaN.
    #[test]
    fn the_states_from_the_start_are_the_whole_tables() {
        for (rules, players) in [(small(400, 150), 3), (small(300, 150), 4)] {
            let g = game(rules);
            let whole = solve_whole(&g, players, &Silent).expect("solves");
            let start = solve(&g, players, &Silent).expect("solves");
            let reached = reachable_levels(g.win_model());
            let n = reached.iter().filter(|&&r| r).count();
            assert_eq!(start.reached_levels, n);
            assert_eq!(start.states, (n as u64).pow(players as u32));
            assert_eq!(start.of, whole.states() as u64);
            let mut solved = 0;
            for i in 0..whole.states() {
                let kept = decode(i, players, whole.levels).iter().all(|&t| reached[t]);
                let (a, b): (Odds, Odds) = (whole.odds_at(i), start.values.odds_at(i));
                if kept {
                    let off = (0..players).map(|k| (a[k] - b[k]).abs()).fold(0.0, f64::max);
                    assert!(off < 1e-12, "state {i}: {a:?} against {b:?}");
                    assert!((whole.turns[i] - start.values.turns[i]).abs() < 1e-9, "turns at {i}");
                    solved += 1;
                } else {
                    assert!(b[..players].iter().all(|v| v.is_nan()), "state {i} left out");
                }
            }
            assert_eq!(solved as u64, start.states);
            let seats = start.values.seats().iter().zip(whole.seats()).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
            assert!(seats < 1e-12, "seats {seats:e} apart");
        }
    }

    /// Six players, where the whole table is the largest: the plain sweep
    /// (its own recursion over every chaser of the last round) agrees at
    /// the start and where every player is at 250 (0 and 250 a player: 64
    /// states of 46,656 solved). Its
    /// turns are cut at the goal + 4000, which moves a mover's chance by a
    /// few 1e-9 (with three and four players; the bound allows for more).
    #[test]
    fn six_players_from_the_start_are_an_equilibrium_by_a_plain_sweep() {
        let rules = small(300, 250);
        let g = game(rules.clone());
        let start = solve(&g, 6, &Silent).expect("solves");
        let reached = reachable_levels(g.win_model());
        let v = &start.values;
        let solved: Vec<usize> =
            (0..v.states()).filter(|&i| decode(i, 6, v.levels).iter().all(|&t| reached[t])).collect();
        assert_eq!(solved.len() as u64, start.states);
        let odds: Vec<Odds> = (0..v.states()).map(|i| v.odds_at(i)).collect();
        // The start and the state with every player at 250 (the plain
        // sweep's recursion takes a while a state).
        let states = [solved[0], *solved.last().expect("states")];
        let swept = Plain::new(rules, 6).sweep(&odds, &states);
        for (&i, p) in states.iter().zip(&swept) {
            assert!((p[0] - odds[i][0]).abs() < 1e-7, "state {i}: {} against {}", p[0], odds[i][0]);
            let sum: f64 = odds[i][..6].iter().sum();
            assert!((sum - 1.0).abs() < 1e-12, "chances sum to {sum}");
        }
        let seats = v.seats();
        assert!(seats[0] > seats[1], "{seats:?}");
    }
}

/// Extended tier: Farkle to 500 for five, the whole table (about six
/// minutes) against the start's one state.
#[cfg(test)]
mod extended {
    use super::*;
    use crate::progress::Silent;

    #[test]
    #[ignore = "extended tier"]
    fn extended_five_players_to_500_from_the_start_are_the_whole_tables() {
        let g = crate::registry::testing::push_luck("farkle", &["goal=500"], None);
        let start = solve(&g, 5, &Silent).expect("solves");
        assert_eq!(start.states, 1);
        let whole = super::super::solve(&g, 5, &Silent).expect("solves");
        let seats = start.values.seats();
        eprintln!("five to 500 from the start: {seats:?}");
        for (a, b) in seats.iter().zip(whole.seats()) {
            assert!((a - b).abs() < 1e-12, "{a} against {b}");
        }
    }
}
