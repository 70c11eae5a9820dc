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
//! Without the penalty both are solved along with the win values, pair by
//! pair ([`PairFacts`]): the ends of states of higher totals are known, and
//! a pair's two turns lead to each other only through a farkle, so each
//! quantity is a 2 x 2 linear system per pair, solved exactly. A turn's
//! expectations are three: turns, P(win), and the probability of handing
//! the turn over at the same totals. Without piggyback the pair's DP
//! carries the first two along its choices ([`PairFacts::optimal_carry`]:
//! what each end is worth to them is known before the turn is solved, from
//! the states of higher totals), and the third is the turn's slope in its
//! farkle value; otherwise (and for a turn solved alone) they come from one
//! backward pass over its recorded choices ([`Solution::expect_rolls`],
//! [`PairFacts::optimal_turn`]), the same sums.
//!
//! Under piggyback a state is also an *offer*: the mover at `(a, b)` is
//! offered `k` leftover dice and `t` points (laid out as [`Offers`]). Each
//! policy decides whether to roll them as `simulate` plays it: the optimal
//! player when its piggyback value beats a fresh turn, the expected-score
//! player when its expected turn score does. Rolling them hands over only
//! by a farkle, to the opponent's fresh turn of the same pair, so once the
//! pair's 2 x 2 systems are solved every offer of the pair is one line:
//! `Q_offer = L + q Q_other` (declined: the fresh turn's own value). The
//! same backward pass gives `L` and `q` at every offer state (the rolls of
//! `k` dice at every level), and a bank that leaves dice reads the
//! opponent's offer state. The expected-score player's turn, which ignores
//! the game, is walked the same way with its own recorded choices, per pair
//! (its ends are worth the optimal player's values there). This keeps three
//! numbers per piggyback value; above [`OFFER_FACTS_BYTES`] of them the
//! facts are not solved (none of the built-in rule sets comes near).
//!
//! Under the penalty they are swept in the solver's layer order
//! (Gauss-Seidel) until nothing moves by 1e-13 (turns: 1e-11), with the
//! penalty solver's own rows of the optimal player.

use rayon::prelude::*;

use super::offers;
use super::penalty::layers;
use super::rows::FlatRows;
use super::{leftover_context, End, WinValues};
use crate::error::Error;
use crate::progress::Progress;
use crate::pushluck::ends::{Lanes, TurnEnds, Worth};
use crate::pushluck::lanes::Carry;
use crate::pushluck::level_total;
use crate::pushluck::model::{Params, TurnState};
use crate::pushluck::solution::{Payoff, Solution};
use crate::pushluck::PushLuckGame;
use crate::report::GameFacts;

const TOL: f64 = 1e-13;
/// Expected turns are counts of tens: their sweeps stop at 1e-11 turns
/// (rounding alone moves sums of that size by about 1e-14 a sweep).
const TURNS_TOL: f64 = 1e-11;
const SWEEPS_MAX: usize = 1_000_000;
/// Digits of convergence each of the two sweeps' progress counts: from
/// moves of about 10 (turns; P(win) about 1) down to its tolerance.
const DIGITS: u32 = 13;

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
pub(crate) struct PairFacts<'m> {
    pub(super) quantities: Quantities,
    /// Under piggyback, the same at every offer state (the mover at
    /// `(a, b)` offered `k` leftover dice and `t` points), laid out as
    /// [`Offers`]: `[a][b][k - 1][t / grid - 1]`.
    pub(super) offered: Option<Quantities>,
    /// Without piggyback: the expected-score policy's turn ends per side
    /// (its turn depends on the mover's side only).
    pub(super) ev_ends: Vec<TurnEnds>,
    /// Under piggyback: the expected-score policy's turns themselves.
    pub(super) ev: Option<EvTurns<'m>>,
}

/// Bytes of the offer states' quantities a solve may keep (three numbers
/// per piggyback value): above it, the game facts are not solved under
/// piggyback.
const OFFER_FACTS_BYTES: u64 = 3 << 29;

impl<'m> PairFacts<'m> {
    /// Room for `values`' states, with the expected-score turns of `game`;
    /// `None` under piggyback when the offer states' quantities would take
    /// more than [`OFFER_FACTS_BYTES`].
    ///
    /// # Errors
    /// As [`ev_ends`].
    pub(super) fn new(game: &'m PushLuckGame, values: &WinValues) -> Result<Option<PairFacts<'m>>, Error> {
        let states = values.len() * values.len();
        let room = |len: usize| Quantities {
            turns: vec![f64::NAN; len],
            optimal_vs_ev: vec![f64::NAN; len],
            ev_vs_optimal: vec![f64::NAN; len],
        };
        let Some(offers) = &values.offers else {
            return Ok(Some(PairFacts {
                quantities: room(states),
                offered: None,
                ev_ends: ev_ends(game, values)?,
                ev: None,
            }));
        };
        let len = offers.len();
        if (len as u64).saturating_mul(3 * 8) > OFFER_FACTS_BYTES {
            return Ok(None);
        }
        Ok(Some(PairFacts {
            quantities: room(states),
            offered: Some(room(len)),
            ev_ends: vec![],
            ev: Some(EvTurns::new(game, values)?),
        }))
    }

    /// What ending a turn in `end` is worth to the game facts when the
    /// mover plays `who` against the other policy: `Some` of what the
    /// opponent moving next leaves the mover (`turns`, P(win)), `None` for
    /// an end that hands the turn over at the same totals, or at or past
    /// the goal the last turn (1 or 0 turns) and its value.
    fn after(&self, values: &WinValues, end: Option<End>, who: Policy) -> Option<Lanes> {
        let f = &self.quantities;
        // The opponent's quantity: the expected-score player's when the
        // mover is optimal, and the other way round.
        let theirs = |q: &Quantities, i: usize| match who {
            Policy::Optimal => [q.turns[i], 1.0 - q.ev_vs_optimal[i]],
            Policy::Ev => [q.turns[i], 1.0 - q.optimal_vs_ev[i]],
        };
        let game = &values.model.rules.game;
        match end? {
            End::Lose(i) => Some(theirs(f, i)),
            // Inherited points past the offers table (a piggyback turn that
            // scored more than one turn can) are not offered: a fresh turn,
            // as the solve values them (`WinValues::offered`).
            End::Offer { next, k, t_level } => {
                let n = values.len();
                match values.offers.as_ref().and_then(|o| o.index(next / n, next % n, k, t_level)) {
                    Some(i) => Some(theirs(self.offered.as_ref().expect("offer states under piggyback"), i)),
                    None => Some(theirs(f, next)),
                }
            }
            // At or past the goal: the opponent's last turn, played for the
            // pass by either policy.
            End::Value(v) => Some([if game.last_turn && !game.exact_goal { 1.0 } else { 0.0 }, v]),
            End::Farkle | End::Pass => None,
        }
    }
}

/// The values of `sol`'s stationary tail above its levels, if any.
fn tail_of<'s>(sol: &'s Solution) -> Option<&'s [f64]> {
    match &sol.payoff {
        Payoff::Win(w) => w.above.as_deref(),
        _ => None,
    }
}

/// Which policy moves, for [`PairFacts::after`].
#[derive(Clone, Copy)]
enum Policy {
    Optimal,
    Ev,
}

/// The expected-score player's turns under piggyback: its policy per side
/// (the DP's choices recorded, [`Solution::record_choices`]) and the offers
/// it takes (as the `ev` player of [`crate::pushluck::simulate`] does: when
/// its expected turn score from the leftover is higher than a fresh turn's).
#[derive(Debug, Clone)]
pub(super) struct EvTurns<'m> {
    /// The distinct turns ([`distinct_ev_turns`]).
    turns: Vec<Solution<'m>>,
    /// Per side: its turn in `turns`.
    of_side: Vec<usize>,
    /// Per side, `[k - 1][t_level - 1]`: it rolls that leftover.
    takes: Vec<Vec<bool>>,
    /// The expected-score model's context of a fresh turn, and of a roll of
    /// `k` leftover dice (`[k - 1]`).
    start: usize,
    leftover: Vec<Option<usize>>,
    /// Win grid levels per grid level of the expected-score model.
    scale: usize,
}

impl<'m> EvTurns<'m> {
    fn new(game: &'m PushLuckGame, values: &WinValues) -> Result<EvTurns<'m>, Error> {
        let model = game.model();
        let t_levels = values.offers.as_ref().map_or(0, |o| o.t_levels);
        let scale = usize::try_from(model.grid / values.model.grid).expect("the win grid divides the game's");
        let (keys, of_side) = distinct_ev_turns(game, values);
        let turns: Vec<Solution<'m>> = keys
            .par_iter()
            .map(|&params| {
                let mut sol = model.solve(params)?;
                sol.record_choices();
                Ok(sol)
            })
            .collect::<Result<_, Error>>()?;
        let takes = (0..values.len())
            .map(|a| {
                let sol = &turns[of_side[a]];
                let fresh = sol.start_value();
                let mut row = vec![false; offers::LEFTOVER_DICE * t_levels];
                if values.may_piggyback(a) {
                    for k in 1..=offers::LEFTOVER_DICE {
                        for l in 1..=t_levels {
                            let t = level_total(l, values.model.grid);
                            let state = TurnState::leftover(k as u8, t);
                            // Totals off this model's grid are never offered.
                            let on_grid = t % model.grid == 0;
                            row[(k - 1) * t_levels + l - 1] =
                                on_grid && sol.roll_value(&state).is_ok_and(|v| v > fresh);
                        }
                    }
                }
                row
            })
            .collect();
        let start = model.context_of(&TurnState::start()).ok().flatten().expect("a fresh turn rolls");
        let leftover = (1..=offers::LEFTOVER_DICE).map(|k| leftover_context(model, k)).collect();
        Ok(EvTurns { turns, of_side, takes, start, leftover, scale })
    }
}

/// What one turn contributes to [`PairFacts`]: the expectations of turns
/// left and of P(win against the other policy) over the ends that do not
/// hand the turn over, and the probability of those that do (a farkle, or
/// a stop worth the same), from the turn's start and, under piggyback,
/// from each offer (`[k - 1][t_level - 1]`) the mover takes (`None`: it
/// starts fresh).
pub(super) struct TurnLanes {
    pub(super) start: (Lanes, f64),
    pub(super) offers: Vec<Option<(Lanes, f64)>>,
}

/// What one pair's turns contribute to [`PairFacts`]: the optimal player's
/// ([`WinValues::turn_lanes`]) and, under piggyback, the expected-score
/// player's ([`PairFacts::ev_turn`]), at `(a, b)` and `(b, a)` (`None`
/// when `a == b`).
pub(super) struct PairLanes {
    pub(super) ab: TurnLanes,
    pub(super) ba: Option<TurnLanes>,
    pub(super) ev_ab: Option<TurnLanes>,
    pub(super) ev_ba: Option<TurnLanes>,
}

impl PairFacts<'_> {
    /// The turn of the optimal player at `(a, b)` (solution `sol`, whose
    /// offer values are `offers`, `W(a, b) = w`), from the states of higher
    /// totals.
    pub(super) fn optimal_turn(
        &self,
        values: &WinValues,
        a: usize,
        b: usize,
        sol: &Solution,
        offers: &[f64],
        w: f64,
    ) -> TurnLanes {
        let bank = |level: usize, left: usize| -> [f64; 3] {
            match self.optimal_bank(values, a, b, level, left) {
                Some([t, x]) => [t, x, 0.0],
                None => [0.0, 0.0, 1.0],
            }
        };
        let above = tail_of(sol);
        let tail = |c: usize| [0.0, above.map_or(0.0, |v| v[c]), 0.0];
        let by_left = values.offers.is_some();
        let worth = Worth { bank: &bank, by_left, tail: &tail, instant: [0.0, 1.0, 0.0], farkle: [0.0, 0.0, 1.0] };
        let t_levels = offers.len() / offers::LEFTOVER_DICE;
        // The rolls of leftover dice at every level, under piggyback only.
        let keep: Vec<usize> = if by_left {
            (1..=offers::LEFTOVER_DICE).filter_map(|k| leftover_context(values.model, k)).collect()
        } else {
            vec![]
        };
        let rolls = sol.expect_rolls(&worth, t_levels + 1, &keep);
        let split = |v: [f64; 3]| ([v[0], v[1]], v[2]);
        let n = values.model.contexts();
        let offers = (0..offers.len())
            .map(|j| {
                let (k, l) = (j / t_levels + 1, j % t_levels + 1);
                // As `optimal` plays: the leftover when it is worth more.
                let takes = offers[j] > w;
                let c = leftover_context(values.model, k).filter(|_| takes)?;
                Some(split(rolls[l * n + c]))
            })
            .collect();
        TurnLanes { start: split(rolls[values.start]), offers }
    }

    /// What the optimal player's turn at `(a, b)` (prepared as `sol`)
    /// carries along its choices for the game facts without piggyback:
    /// [`Self::optimal_turn`]'s first two lanes, turns and P(win), the
    /// ends worth the same. (The third, the chance of handing the turn
    /// over at the same totals, is the turn's slope: the ends whose
    /// derivative in the farkle value is 1.)
    pub(super) fn optimal_carry(&self, values: &WinValues, a: usize, b: usize, sol: &Solution) -> Carry {
        let bank = |level: usize, left: usize| self.optimal_bank(values, a, b, level, left).unwrap_or([0.0; 2]);
        let above = tail_of(sol);
        let tail = |c: usize| [0.0, above.map_or(0.0, |v| v[c])];
        sol.carry(&Worth { bank: &bank, by_left: false, tail: &tail, instant: [0.0, 1.0], farkle: [0.0; 2] })
    }

    /// What a bank (or forced end) of the optimal player's turn at
    /// `(a, b)` at `level` leaving `left` dice is worth to the game facts,
    /// turns and P(win): `None` where it hands the turn over at the same
    /// totals (a farkle, a pass; level 0 is the turn's start).
    fn optimal_bank(&self, values: &WinValues, a: usize, b: usize, level: usize, left: usize) -> Option<Lanes> {
        let end = if level == 0 { None } else { values.end_leaving(a, b, level_total(level, values.model.grid), left) };
        self.after(values, end, Policy::Optimal)
    }

    /// The turn of the expected-score player at `(e, o)` against the
    /// optimal player, from the states of higher totals (under piggyback).
    pub(super) fn ev_turn(&self, values: &WinValues, e: usize, o: usize) -> TurnLanes {
        let ev = self.ev.as_ref().expect("under piggyback");
        let sol = &ev.turns[ev.of_side[e]];
        let g = sol.model.grid;
        let bank = |level: usize, left: usize| -> [f64; 2] {
            let end = if level == 0 { None } else { values.end_leaving(e, o, level_total(level, g), left) };
            self.after(values, end, Policy::Ev).map_or([0.0, 1.0], |[_, y]| [y, 0.0])
        };
        let worth =
            Worth { bank: &bank, by_left: true, tail: &|_| [0.0, 0.0], instant: [1.0, 0.0], farkle: [0.0, 1.0] };
        let t_levels = values.offers.as_ref().map_or(0, |o| o.t_levels);
        let keep: Vec<usize> = ev.leftover.iter().flatten().copied().collect();
        let rolls = sol.expect_rolls(&worth, t_levels / ev.scale + 1, &keep);
        let n = sol.model.contexts();
        let lanes = |v: [f64; 2]| ([0.0, v[0]], v[1]);
        let offers = ev.takes[e]
            .iter()
            .enumerate()
            .map(|(j, &takes)| {
                let (k, l) = (j / t_levels + 1, j % t_levels + 1);
                let c = ev.leftover[k - 1].filter(|_| takes)?;
                Some(lanes(rolls[l / ev.scale * n + c]))
            })
            .collect();
        TurnLanes { start: lanes(rolls[ev.start]), offers }
    }

    /// The expected-score player to move at side `e` against the optimal
    /// player at side `o`, without piggyback: P(win) over the ends that do
    /// not hand the turn over (from the optimal player's values at higher
    /// totals), and the probability of those that do.
    fn ev_lanes(&self, values: &WinValues, e: usize, o: usize) -> (f64, f64) {
        let ends = &self.ev_ends[e];
        let (mut value, mut handed_over) = (ends.instant + ends.tail, ends.farkle);
        let g = values.model.grid;
        for (level, &p) in ends.banks.iter().enumerate().filter(|(_, &p)| p > 0.0) {
            let t = i64::try_from(level).expect("small") * g;
            match self.after(values, values.end_at(e, o, t), Policy::Ev) {
                Some([_, y]) => value += p * y,
                // A forced end where stopping is forbidden is a farkle.
                None => handed_over += p,
            }
        }
        (value, handed_over)
    }

    /// Solves the pair `(a, b)`, `(b, a)` from its turns' lanes, once every
    /// state of a higher total is in: a farkle of `(a, b)` hands the turn
    /// to `(b, a)` with both totals unchanged (no penalty), so each
    /// quantity is a 2 x 2 linear system; then, under piggyback, the offer
    /// states of the pair, whose turns hand over to the same two states.
    pub(super) fn settle(&mut self, values: &WinValues, a: usize, b: usize, lanes: &PairLanes) {
        let n = values.len();
        let (ab, ba) = (a * n + b, b * n + a);
        let (lab, qab) = lanes.ab.start;
        let (lba, qba) = lanes.ba.as_ref().unwrap_or(&lanes.ab).start;
        // Turns: T_ab = 1 + L_ab + q_ab T_ba, and the same with ab, ba swapped.
        let turns = &mut self.quantities.turns;
        turns[ab] = (1.0 + lab[0] + qab * (1.0 + lba[0])) / (1.0 - qab * qba);
        turns[ba] = 1.0 + lba[0] + qba * turns[ab];
        // Optimal at (a, b) against the expected-score player, whose farkle
        // hands the turn back: X_ab = L_ab + q_ab (1 - Y_ba),
        // Y_ba = Y0_ba + e_ba (1 - X_ab); then the same for (b, a).
        let ev_ba = lanes.ev_ba.as_ref().or(lanes.ev_ab.as_ref());
        for (mover, opponent, l, q, ev) in [(a, b, lab, qab, ev_ba), (b, a, lba, qba, lanes.ev_ab.as_ref())] {
            let (x, y) = (mover * n + opponent, opponent * n + mover);
            let (y0, e) = ev.map_or_else(|| self.ev_lanes(values, opponent, mover), |t| (t.start.0[1], t.start.1));
            let f = &mut self.quantities;
            f.optimal_vs_ev[x] = (l[1] + q * (1.0 - y0 - e)) / (1.0 - q * e);
            f.ev_vs_optimal[y] = y0 + e * (1.0 - f.optimal_vs_ev[x]);
        }
        let Some(offered) = self.offered.as_mut() else { return };
        let f = &self.quantities;
        let turns_ba = lanes.ba.as_ref().unwrap_or(&lanes.ab);
        let ev_ba = lanes.ev_ba.as_ref().or(lanes.ev_ab.as_ref()).expect("under piggyback");
        let ev_ab = lanes.ev_ab.as_ref().expect("under piggyback");
        let table = values.offers.as_ref().expect("under piggyback");
        for (mover, opponent, optimal, ev) in [(a, b, &lanes.ab, ev_ab), (b, a, turns_ba, ev_ba)] {
            let (s, other) = (mover * n + opponent, opponent * n + mover);
            let t_levels = table.t_levels;
            for (j, (opt, ev)) in optimal.offers.iter().zip(&ev.offers).enumerate() {
                let i = table.index(mover, opponent, j / t_levels + 1, j % t_levels + 1).expect("in the table");
                // Rolling the leftover hands over only by a farkle, to the
                // opponent's fresh turn; declining is the fresh turn itself.
                (offered.turns[i], offered.optimal_vs_ev[i]) = match opt {
                    Some((l, q)) => (1.0 + l[0] + q * f.turns[other], l[1] + q * (1.0 - f.ev_vs_optimal[other])),
                    None => (f.turns[s], f.optimal_vs_ev[s]),
                };
                offered.ev_vs_optimal[i] = match ev {
                    Some((l, q)) => l[1] + q * (1.0 - f.optimal_vs_ev[other]),
                    None => f.ev_vs_optimal[s],
                };
            }
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
    let model = game.model();
    let ev_start = model.context_of(&TurnState::start()).ok().flatten().expect("a fresh turn rolls");
    // Ends are on the expected-score model's grid; the win grid divides it.
    let scale = usize::try_from(model.grid / values.model.grid).expect("the win grid divides the game's");
    let (turns, of_side) = distinct_ev_turns(game, values);
    let ends: Vec<TurnEnds> = turns
        .par_iter()
        .map(|&params| {
            let mut ends = model.solve(params)?.ends(ev_start);
            if scale > 1 {
                let mut banks = vec![0.0; ends.banks.len() * scale];
                let mut leaving = vec![0.0; ends.banks_leaving.len() * scale];
                for (l, &p) in ends.banks.iter().enumerate() {
                    banks[l * scale] = p;
                    let at = l * scale * 7;
                    leaving[at..at + 7].copy_from_slice(&ends.banks_leaving[l * 7..l * 7 + 7]);
                }
                ends.banks = banks;
                ends.banks_leaving = leaving;
            }
            Ok(ends)
        })
        .collect::<Result<_, Error>>()?;
    Ok(of_side.into_iter().map(|t| ends[t].clone()).collect())
}

/// The expected-score turns of `values`' sides, each distinct one once
/// ([`super::Side::turn_params`]): their parameters, and per side its turn
/// among them.
fn distinct_ev_turns(game: &PushLuckGame, values: &WinValues) -> (Vec<Params>, Vec<usize>) {
    let mut turns: Vec<Params> = vec![];
    let of_side = (0..values.len())
        .map(|a| {
            let params = values.sides.side(a).turn_params(&game.rules);
            turns.iter().position(|&p| p == params).unwrap_or_else(|| {
                turns.push(params);
                turns.len() - 1
            })
        })
        .collect();
    (turns, of_side)
}

/// Computes the game facts of `values` (solved win values of `game`).
///
/// # Errors
/// A turn of the expected-score policy over the solve budget (not for any
/// rule set whose win table solved).
pub(crate) fn game_facts(game: &PushLuckGame, values: &WinValues, progress: &dyn Progress) -> Result<GameFacts, Error> {
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
            swept_values = swept(game, values, progress)?;
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
/// Its progress counts the digits the sweeps have converged: they converge
/// geometrically, so digits come at a steady rate and the time left read
/// off it holds.
///
/// # Errors
/// As [`ev_ends`].
fn swept(game: &PushLuckGame, values: &WinValues, progress: &dyn Progress) -> Result<Quantities, Error> {
    progress
        .stage("the game's facts: head start, turns, against expected points (digits settled)", u64::from(2 * DIGITS));
    let mut done = 0;
    // After a sweep that moved values by at most `change`, of the sweeps
    // toward `tol` (the `part`-th: 0 or 1).
    let mut digits = |part: u32, change: f64, tol: f64| {
        let left = (change / tol).log10().ceil().clamp(0.0, f64::from(DIGITS));
        // A whole number of digits from 0 to DIGITS.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let now = part * DIGITS + DIGITS - left as u32;
        if now > done {
            progress.advance(u64::from(now - done));
            done = now;
        }
    };
    let m = values.len();
    let order = layers(values);
    // The optimal player's rows: the solve's own, or from every turn solved
    // again (both in the order of `order`).
    let solved_again: FlatRows;
    let optimal: &FlatRows = match &values.policy {
        Some(rows) => rows,
        None => {
            solved_again = FlatRows::build(&order, |s| {
                let (a, b) = (s / m, s % m);
                let sol = values.turn(a, b);
                values.row(a, b, &sol.ends(values.start))
            });
            &solved_again
        }
    };
    // The expected-score player's rows: its turn depends on its own side only.
    let ev_turns = ev_ends(game, values)?;
    let ev = FlatRows::build(&order, |s| {
        let (a, b) = (s / m, s % m);
        values.row(a, b, &ev_turns[a])
    });

    let mut turns = vec![0.0; m * m];
    optimal.sweep(&mut turns, TURNS_TOL, SWEEPS_MAX, |p, t| [optimal.turns(p, t)], &mut |change| {
        digits(0, change, TURNS_TOL)
    });
    // x: optimal to move against ev; y: ev to move against optimal.
    // Both at once, as one vector: x then y.
    let n = m * m;
    let mut xy = [values.w.clone(), values.w.clone()].concat();
    optimal.sweep(
        &mut xy,
        TOL,
        SWEEPS_MAX,
        |p, xy| {
            let (x, y) = xy.split_at(n);
            [optimal.value(p, y), ev.value(p, x)]
        },
        &mut |change| digits(1, change, TOL),
    );
    let y = xy.split_off(n);
    let x = xy;
    Ok(Quantities { turns, optimal_vs_ev: x, ev_vs_optimal: y })
}

#[cfg(test)]
mod tests {
    //! The facts solved pair by pair along with the values against the
    //! same quantities swept to convergence over rows of the optimal
    //! policy built from every turn solved again (the penalty solver's
    //! route), state by state.

    use super::*;
    use crate::pushluck::games::{farkle, ten_thousand, yahtzix};
    use crate::pushluck::rules::RuleSet;
    use crate::registry;

    fn check(game_name: &str, mut rules: RuleSet, goal: i64, tweak: impl Fn(&mut RuleSet)) {
        rules.game.goal = goal;
        tweak(&mut rules);
        rules.validate().expect("valid rules");
        let entry = registry::find(game_name).expect("built in");
        let game = PushLuckGame::new(entry.id, rules, vec![], None).expect("solvable");
        let (values, _, _) = super::super::solve(&game, &crate::progress::Silent).expect("solves");
        let f = &values.pair_facts.as_ref().expect("solved along without penalty or piggyback").quantities;
        let Quantities { turns, optimal_vs_ev: x, ev_vs_optimal: y } =
            swept(&game, &values, &crate::progress::Silent).expect("sweeps");
        for s in 0..values.w.len() {
            assert!((f.turns[s] - turns[s]).abs() < 1e-9, "{game_name} turns at {s}: {} vs {}", f.turns[s], turns[s]);
            assert!(
                (f.optimal_vs_ev[s] - x[s]).abs() < 1e-9,
                "{game_name} X at {s}: {} vs {}",
                f.optimal_vs_ev[s],
                x[s]
            );
            assert!(
                (f.ev_vs_optimal[s] - y[s]).abs() < 1e-9,
                "{game_name} Y at {s}: {} vs {}",
                f.ev_vs_optimal[s],
                y[s]
            );
        }
        // Not a trivial agreement: the expected-score player loses ground.
        let start = values.sides.of_question(0, 0).expect("0 is a total");
        let s = start * values.len() + start;
        assert!(f.optimal_vs_ev[s] > values.w[s] && f.ev_vs_optimal[s] < values.w[s]);
    }

    #[test]
    fn pair_facts_match_the_swept_rows() {
        check("farkle", farkle::base(), 1500, |_| {});
        check("farkle", farkle::base(), 1500, |r| r.turn.entry = 500);
        check("farkle", farkle::base(), 1500, |r| r.game.exact_goal = true);
        check("farkle", farkle::base(), 1500, |r| r.game.last_turn = false);
        // Instant wins (six of a kind), and bounded turns.
        check("ten-thousand", ten_thousand::base(), 1500, |_| {});
        check("yahtzix", yahtzix::base(), 600, |_| {});
    }
}
