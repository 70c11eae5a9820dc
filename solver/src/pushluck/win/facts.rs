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
//! Without the penalty or piggyback both are solved along with the win
//! values, pair by pair ([`PairFacts`]): the ends of states of higher totals
//! are known, and a pair's two turns lead to each other only through a
//! farkle, so each quantity is a 2 x 2 linear system per pair, solved
//! exactly. Under the penalty they are swept in the solver's layer order
//! (Gauss-Seidel) until nothing moves by 1e-13 (turns: 1e-11), with the
//! penalty solver's own rows of the optimal player.

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::penalty::{layers, Row};
use super::{End, WinValues};
use crate::pushluck::ends::{Lanes, TurnEnds};
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

/// The game facts' quantities per state, `[mover * sides + opponent]`.
#[derive(Debug, Clone)]
pub(super) struct Quantities {
    /// Expected turns left in a game both play to win (`T` above).
    pub(super) turns: Vec<f64>,
    /// P(the mover wins) when the mover plays to win and the opponent
    /// plays the expected-score policy (`X`) ...
    pub(super) optimal_vs_ev: Vec<f64>,
    /// ... and the other way round (`Y`).
    pub(super) ev_vs_optimal: Vec<f64>,
}

/// The game facts' quantities solved along with the win values (see the
/// module documentation).
#[derive(Debug, Clone)]
pub struct PairFacts {
    pub(super) quantities: Quantities,
    /// The expected-score policy's turn ends per side (its turn depends on
    /// the mover's side only).
    pub(super) ev_ends: Vec<TurnEnds>,
}

impl PairFacts {
    /// Room for `values`' states, with the expected-score turns of `game`.
    ///
    /// # Errors
    /// As [`ev_ends`].
    pub(super) fn new(game: &PushLuckGame, values: &WinValues) -> Result<PairFacts, Error> {
        let states = values.len() * values.len();
        Ok(PairFacts {
            quantities: Quantities {
                turns: vec![f64::NAN; states],
                optimal_vs_ev: vec![f64::NAN; states],
                ev_vs_optimal: vec![f64::NAN; states],
            },
            ev_ends: ev_ends(game, values)?,
        })
    }
}

/// What one pair's two optimal turns contribute to [`PairFacts`]: per turn
/// ([`WinValues::turn_lanes`]) the expectations of turns left and of
/// P(win against the expected-score player) over the ends that do not hand
/// the turn over, and the probability of those that do (a farkle, or a stop
/// worth the same).
pub(super) struct PairLanes {
    pub(super) ab: (Lanes, f64),
    /// `None` when `a == b`.
    pub(super) ba: Option<(Lanes, f64)>,
}

impl PairFacts {
    /// The expected-score player to move at side `e` against the optimal
    /// player at side `o`: P(win) over the ends that do not hand the turn
    /// over (from the optimal player's values at higher totals), and the
    /// probability of those that do.
    fn ev_lanes(&self, values: &WinValues, e: usize, o: usize) -> (f64, f64) {
        let ends = &self.ev_ends[e];
        let (mut value, mut handed_over) = (ends.instant + ends.tail, ends.farkle);
        let g = values.model.grid;
        for (level, &p) in ends.banks.iter().enumerate().filter(|(_, &p)| p > 0.0) {
            let t = i64::try_from(level).expect("small") * g;
            match values.end_at(e, o, t) {
                Some(End::Lose(i)) => value += p * (1.0 - self.quantities.optimal_vs_ev[i]),
                Some(End::Value(v)) => value += p * v,
                // A forced end where stopping is forbidden is a farkle.
                Some(End::Farkle | End::Pass) | None => handed_over += p,
            }
        }
        (value, handed_over)
    }

    /// Solves the pair `(a, b)`, `(b, a)` from its optimal turns' lanes,
    /// once every state of a higher total is in: a farkle of `(a, b)` hands
    /// the turn to `(b, a)` with both totals unchanged (no penalty), so
    /// each quantity is a 2 x 2 linear system.
    pub(super) fn settle(&mut self, values: &WinValues, a: usize, b: usize, lanes: &PairLanes) {
        let n = values.len();
        let (ab, ba) = (a * n + b, b * n + a);
        let (lab, qab) = lanes.ab;
        let (lba, qba) = lanes.ba.unwrap_or(lanes.ab);
        // Turns: T_ab = 1 + L_ab + q_ab T_ba, and the same with ab, ba swapped.
        let turns = &mut self.quantities.turns;
        turns[ab] = (1.0 + lab[0] + qab * (1.0 + lba[0])) / (1.0 - qab * qba);
        turns[ba] = 1.0 + lba[0] + qba * turns[ab];
        // Optimal at (a, b) against the expected-score player, whose farkle
        // hands the turn back: X_ab = L_ab + q_ab (1 - Y_ba),
        // Y_ba = Y0_ba + e_ba (1 - X_ab); then the same for (b, a).
        for (mover, opponent, l, q) in [(a, b, lab, qab), (b, a, lba, qba)] {
            let (x, y) = (mover * n + opponent, opponent * n + mover);
            let (y0, e) = self.ev_lanes(values, opponent, mover);
            let f = &mut self.quantities;
            f.optimal_vs_ev[x] = (l[1] + q * (1.0 - y0 - e)) / (1.0 - q * e);
            f.ev_vs_optimal[y] = y0 + e * (1.0 - f.optimal_vs_ev[x]);
        }
    }
}

/// Where the expected-score policy's turn ends, per side of `values`, on
/// the win grid.
///
/// # Errors
/// A turn of the expected-score policy over the solve budget (not for any
/// rule set whose win table solves).
fn ev_ends(game: &PushLuckGame, values: &WinValues) -> Result<Vec<TurnEnds>, Error> {
    let rules = &game.rules;
    let sides = &values.sides;
    let model = game.model();
    let ev_start = model.context_of(&TurnState::start()).ok().flatten().expect("a fresh turn rolls");
    let penalty = rules.turn.three_farkle_penalty > 0;
    // Ends are on the expected-score model's grid; the win grid divides it.
    let scale = usize::try_from(model.grid / values.model.grid).expect("the win grid divides the game's");
    (0..values.len())
        .into_par_iter()
        .map(|a| {
            let s = sides.side(a);
            let params = Params {
                on_board: s.on_board,
                last_chance: penalty && s.farkles == 2,
                goal_left: rules.game.goal - s.total,
            };
            let mut ends = model.solve(params)?.ends(ev_start);
            if scale > 1 {
                let mut banks = vec![0.0; ends.banks.len() * scale];
                for (l, &p) in ends.banks.iter().enumerate() {
                    banks[l * scale] = p;
                }
                ends.banks = banks;
            }
            Ok(ends)
        })
        .collect()
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

    let swept_values;
    let q = match &values.pair_facts {
        Some(f) => &f.quantities,
        None => {
            swept_values = swept(game, values)?;
            &swept_values
        }
    };
    let on = Params { on_board: true, last_chance: false, goal_left: rules.game.goal };
    Ok(GameFacts {
        head_start: head.0,
        head_start_first_wins: head.1,
        turns_per_player: q.turns[start * m + start] / 2.0,
        optimal_first_vs_ev: q.optimal_vs_ev[start * m + start],
        ev_first_vs_optimal: q.ev_vs_optimal[start * m + start],
        ev_turn_score: game.model().solve(on)?.start_value(),
    })
}

/// The game facts' quantities per state (turns, optimal against
/// expected-score and back) by sweeping the policies' rows: the penalty
/// solver's own rows of the optimal player where it made them, else every
/// turn solved again.
///
/// # Errors
/// As [`ev_ends`].
fn swept(game: &PushLuckGame, values: &WinValues) -> Result<Quantities, Error> {
    let m = values.len();
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
    let ev_turns = ev_ends(game, values)?;
    let ev: Vec<Row> = (0..m * m)
        .into_par_iter()
        .map(|s| {
            let (a, b) = (s / m, s % m);
            values.row(a, b, &ev_turns[a])
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
    Ok(Quantities { turns, optimal_vs_ev: x, ev_vs_optimal: y })
}

#[cfg(test)]
mod tests {
    //! The facts solved pair by pair along with the values against the
    //! same quantities swept to convergence over rows of the optimal
    //! policy built from every turn solved again (the penalty solver's
    //! route), state by state.

    use super::*;
    use crate::pushluck::builtin::{farkle_base, ten_thousand_base, yahtzix_base};
    use crate::pushluck::rules::RuleSet;
    use crate::registry;

    fn check(game_name: &str, mut rules: RuleSet, goal: i64, tweak: impl Fn(&mut RuleSet)) {
        rules.game.goal = goal;
        tweak(&mut rules);
        rules.validate().expect("valid rules");
        let entry = registry::find(game_name).expect("built in");
        let game = PushLuckGame::new(entry, rules, vec![], None).expect("solvable");
        let (values, _, _) = super::super::solve(&game, &crate::progress::Silent).expect("solves");
        let f = &values.pair_facts.as_ref().expect("solved along without penalty or piggyback").quantities;
        let Quantities { turns, optimal_vs_ev: x, ev_vs_optimal: y } = swept(&game, &values).expect("sweeps");
        for s in 0..values.w.len() {
            assert!((f.turns[s] - turns[s]).abs() < 1e-9, "{game_name} turns at {s}: {} vs {}", f.turns[s], turns[s]);
            assert!((f.optimal_vs_ev[s] - x[s]).abs() < 1e-9, "{game_name} X at {s}: {} vs {}", f.optimal_vs_ev[s], x[s]);
            assert!((f.ev_vs_optimal[s] - y[s]).abs() < 1e-9, "{game_name} Y at {s}: {} vs {}", f.ev_vs_optimal[s], y[s]);
        }
        // Not a trivial agreement: the expected-score player loses ground.
        let start = values.sides.of_question(0, 0).expect("0 is a total");
        let s = start * values.len() + start;
        assert!(f.optimal_vs_ev[s] > values.w[s] && f.ev_vs_optimal[s] < values.w[s]);
    }

    #[test]
    fn pair_facts_match_the_swept_rows() {
        check("farkle", farkle_base(), 1500, |_| {});
        check("farkle", farkle_base(), 1500, |r| r.turn.entry = 500);
        check("farkle", farkle_base(), 1500, |r| r.game.exact_goal = true);
        check("farkle", farkle_base(), 1500, |r| r.game.last_turn = false);
        // Instant wins (six of a kind), and bounded turns.
        check("ten-thousand", ten_thousand_base(), 1500, |_| {});
        check("yahtzix", yahtzix_base(), 600, |_| {});
    }
}
