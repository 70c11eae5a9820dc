//! What a solved win table says about the game beyond P(first player wins),
//! exactly (no simulation): the fair head start, the expected length of an
//! optimal game, and what playing to win gains over the expected-score
//! policy.
//!
//! Each player's turn at each state is walked forwards for its policy's end
//! probabilities ([`crate::pushluck::ends`]), which makes every quantity
//! here the solution of a linear system over the states (the same rows the
//! penalty solver evaluates, [`super::penalty`]):
//! - turns: `T(s) = 1 + P(a bank that gives a last turn) + sum p_j T(j)`;
//! - optimal against expected-score: `X(s) = c_O(s) - sum p_j Y(j)` for the
//!   optimal player to move, `Y(s) = c_E(s) - sum p_j X(j)` for the
//!   expected-score player to move, where `c` holds the ends' values that
//!   do not depend on who moves next (instant wins, banks past the goal,
//!   whose last turn both players play for the pass, as in
//!   [`super::LastTurn`]).
//!
//! Both are swept in the solver's layer order (Gauss-Seidel) until nothing
//! moves by 1e-13 (turns: 1e-11). The optimal player's rows are the
//! penalty solver's own where it made them; else each turn is solved once
//! more.

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::penalty::{layers, Row};
use super::WinValues;
use crate::error::Error;
use crate::pushluck::model::{Params, TurnState};
use crate::pushluck::PushLuckGame;

const TOL: f64 = 1e-13;
/// Expected turns are counts of tens: their sweeps stop at 1e-11 turns
/// (rounding alone moves sums of that size by about 1e-14 a sweep).
const TURNS_TOL: f64 = 1e-11;
const SWEEPS_MAX: usize = 1_000_000;

/// The game facts of a win table (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct GameFacts {
    /// Points given to the second player at the start that bring P(first
    /// player wins) closest to 1/2 ...
    pub head_start: i64,
    /// ... and P(first player wins) with it.
    pub head_start_first_wins: f64,
    /// Expected turns per player in a game both play to win (the last turn
    /// included).
    pub turns_per_player: f64,
    /// P(first player wins) when the first plays to win and the second
    /// plays the expected-score policy ...
    pub optimal_first_vs_ev: f64,
    /// ... and when the first plays the expected-score policy against a
    /// second who plays to win.
    pub ev_first_vs_optimal: f64,
    /// Expected score of a turn on the board by the expected-score policy.
    pub ev_turn_score: f64,
}

/// Gauss-Seidel sweeps of `x(s) = f(s, x)` in `order` until no value moves
/// by [`TOL`].
fn sweep(x: &mut [f64], order: &[Vec<u32>], tol: f64, mut f: impl FnMut(usize, &[f64]) -> f64) {
    for _ in 0..SWEEPS_MAX {
        let mut change: f64 = 0.0;
        for &s in order.iter().flatten() {
            let s = s as usize;
            let v = f(s, x);
            change = change.max((v - x[s]).abs());
            x[s] = v;
        }
        if change <= tol {
            return;
        }
    }
}

/// Computes the game facts of `values` (solved win values of `game`).
///
/// # Errors
/// A turn of the expected-score policy over the solve budget (not for any
/// rule set whose win table solved).
pub fn game_facts(game: &PushLuckGame, values: &WinValues) -> Result<GameFacts, Error> {
    let m = values.len();
    let sides = &values.sides;
    let rules = &game.rules;
    let start = sides.of_question(0, 0).expect("0 is a total");

    // The fair head start: the second player starts at h.
    let mut head = (0i64, values.at(start, start));
    let g = values.model.grid;
    let mut h = g;
    while h < rules.game.goal {
        if let Some(b) = sides.of_question(h, 0) {
            let p = values.at(start, b);
            if (p - 0.5).abs() < (head.1 - 0.5).abs() {
                head = (h, p);
            }
        }
        h += g;
    }

    // The optimal player's rows: the solve's own, or from every turn solved again.
    let solved_again: Vec<Row>;
    let optimal: &[Row] = match &values.policy {
        Some(rows) => rows,
        None => {
            solved_again = (0..m * m)
                .into_par_iter()
                .map(|s| {
                    let (a, b) = (s / m, s % m);
                    let sol = values.turn(a, b);
                    values.row(a, b, &sol.ends(values.start))
                })
                .collect();
            &solved_again
        }
    };
    // The expected-score player's rows: its turn depends on its own side only.
    let model = game.model();
    let ev_start = model.context_of(&TurnState::start()).ok().flatten().expect("a fresh turn rolls");
    let penalty = rules.turn.three_farkle_penalty > 0;
    let ev_turns: Vec<crate::pushluck::ends::TurnEnds> = (0..m)
        .into_par_iter()
        .map(|a| {
            let s = sides.side(a);
            let params = Params {
                on_board: s.on_board,
                last_chance: penalty && s.farkles == 2,
                goal_left: rules.game.goal - s.total,
            };
            model.solve(params).map(|sol| sol.ends(ev_start))
        })
        .collect::<Result<_, _>>()?;
    // Ends are on the expected-score model's grid; rows read totals in points.
    let scale = usize::try_from(model.grid / g).expect("the win grid divides the game's");
    let ev: Vec<Row> = (0..m * m)
        .into_par_iter()
        .map(|s| {
            let (a, b) = (s / m, s % m);
            let mut ends = ev_turns[a].clone();
            if scale > 1 {
                let mut banks = vec![0.0; ends.banks.len() * scale];
                for (l, &p) in ends.banks.iter().enumerate() {
                    banks[l * scale] = p;
                }
                ends.banks = banks;
            }
            values.row(a, b, &ends)
        })
        .collect();

    let order = layers(values);
    let mut turns = vec![0.0; m * m];
    sweep(&mut turns, &order, TURNS_TOL, |s, t| {
        let r = &optimal[s];
        1.0 + r.last_turn + r.states.iter().zip(&r.weights).map(|(&j, &p)| p * t[j as usize]).sum::<f64>()
    });
    // x: optimal to move against ev; y: ev to move against optimal.
    let (mut x, mut y) = (values.w.clone(), values.w.clone());
    for _ in 0..SWEEPS_MAX {
        let mut change: f64 = 0.0;
        for &s in order.iter().flatten() {
            let s = s as usize;
            let (vx, vy) = (optimal[s].value(&y), ev[s].value(&x));
            change = change.max((vx - x[s]).abs()).max((vy - y[s]).abs());
            x[s] = vx;
            y[s] = vy;
        }
        if change <= TOL {
            break;
        }
    }
    let on = Params { on_board: true, last_chance: false, goal_left: rules.game.goal };
    Ok(GameFacts {
        head_start: head.0,
        head_start_first_wins: head.1,
        turns_per_player: turns[start * m + start] / 2.0,
        optimal_first_vs_ev: x[start * m + start],
        ev_first_vs_optimal: y[start * m + start],
        ev_turn_score: model.solve(on)?.start_value(),
    })
}

