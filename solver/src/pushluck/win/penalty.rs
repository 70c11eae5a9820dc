//! The win objective under the three-farkle penalty: modified policy
//! iteration over every pair of sides.
//!
//! ## Why not pairs by decreasing total
//! Without the penalty a farkle leaves both totals as they are and a bank
//! raises one, so pairs of totals can be solved from the top down. With it
//! a third farkle lowers the mover's total by the penalty, and banks lead
//! back up: states of different totals depend on each other in cycles, so
//! the values are a fixed point over the whole state space.
//!
//! ## The iteration
//! States are `(mover's side, opponent's side)` ([`super::Sides`]: total,
//! on the board, farkles in a row). They are visited in *layers*: by
//! decreasing sum of the two totals, then by decreasing sum of the two
//! farkle counts. A bank raises the sum; a farkle that is not the third
//! keeps it and raises the counts; so a state reads states of earlier
//! layers except through a penalty (lower sum) or a pass under the entry
//! threshold (counts reset). In that order:
//! 1. *Improvement sweep*: every state's turn is solved by the turn DP with
//!    the current values (the states of a layer in parallel; later layers
//!    see the new values: Gauss-Seidel). Besides its value the solved turn
//!    yields its policy's ends ([`crate::pushluck::ends`]): the probability
//!    of a farkle, a pass, an instant win and a bank at each turn total, so
//!    the policy's value is a linear function of the values of the states
//!    its turn leads to.
//! 2. If no value moved by more than [`SWEEP_TOL`] (and the evaluation
//!    before was exact), stop: the values are a fixed point of the
//!    optimality equations to that tolerance.
//! 3. *Evaluation*: the fixed policies' linear equations are swept in the
//!    same order (cheap: a few dozen terms per state) until no value moves
//!    by more than a thousandth of what the improvement sweep moved
//!    ([`EVAL_SHARE`]; at most [`EVAL_TOL`] once that sweep moved values by
//!    [`SWEEP_TOL`] or less); then back to 1.
//!
//! An improvement sweep solves a state's turn again only when its inputs
//! (its farkle and pass successors, the banks it can reach) may have moved
//! by more than [`STALE_TOL`] since it was last solved (bounded by adding up
//! each round's moves); otherwise its turn, and so its policy's value, is
//! within that of what solving it again would give. Late sweeps solve a few
//! hundred states instead of all.
//!
//! Nor is it solved when its policy provably stays the best: the turn's
//! every value is an expectation of its inputs, so inputs that moved by at
//! most `e` move every option's value by at most `e` and a gap between two
//! by at most `2 e`. A turn solved in lanes knows its *margin*, the
//! smallest lead of a decision's choice over its runner-up
//! ([`crate::pushluck::solution::Solution::margin`]); while its inputs
//! moved by less than half of it since (the rounds' moves, and the moves of
//! the states solved earlier in this sweep), solving it again would give
//! the same policy, so the same row: its value is the evaluation's. After
//! the first few sweeps this skips most turns (Farkle: two thirds of the
//! fourth sweep's, nearly all of the fifth's), exactly.
//!
//! The first sweep starts from the values of the same rules without the
//! penalty (solved exactly by pairs, fast), with totals below 0 read as 0,
//! and then from those of the policies that game plays, each state's turn
//! played as at its totals there, evaluated under the penalty: the farkles
//! in a row then count. Close enough that the first sweep's policy is
//! nearly optimal, so few improvement sweeps follow (from a flat 1/2,
//! about twice as many; from the values without the penalty alone, 1.23
//! times as many turns: Farkle at goal 3,000, 437,889 against 356,035).
//!
//! Evaluation carries the slow part (a penalty's effect travels around a
//! cycle of many turns); the improvement sweeps, each as costly as a turn
//! DP per state, are few, as in policy iteration. Ends with a probability
//! below [`TINY`] are folded into the row's constant at their current value
//! (their effect on an evaluation is below 1e-15; the improvement sweep
//! recomputes them).

use rayon::prelude::*;

use super::rows::{FlatRows, Row};
use super::sweep::sweep_positions;
use super::{solve_pairs, End, LastTurn, Sides, WinFacts, WinValues};
use crate::progress::Progress;
use crate::pushluck::ends::TurnEnds;
use crate::pushluck::lanes::LANES;
use crate::pushluck::model::Model;

/// The solve stops after an improvement sweep that moves no value by more
/// than this.
pub(crate) const SWEEP_TOL: f64 = 1e-11;
/// Policy evaluation sweeps until no value moves by more than this.
const EVAL_TOL: f64 = 1e-14;
/// ... or, after an improvement sweep that moved values by `change`, by
/// more than this share of it (see `solve`).
const EVAL_SHARE: f64 = 1e-3;
const EVAL_SWEEPS_MAX: usize = 1_000_000;
const SWEEPS_MAX: usize = 100;
/// A state's turn is solved again in an improvement sweep only when its
/// inputs may have moved by more than this since it was last solved.
const STALE_TOL: f64 = 1e-13;
/// The work of a whole solve (every improvement sweep) in sweeps that
/// solve every state's turn, as measured for Farkle's penalty: what the
/// progress bar's length assumes. (Late sweeps solve the long turns of low
/// totals, whose policies settle last: the work is counted in turn levels,
/// not turns.)
const FULL_SWEEPS: f64 = 3.3;
/// The start's evaluation (see `start_without_penalty`) stops when no
/// value moves by more than this: the first sweep moves values by a tenth
/// and more.
const START_TOL: f64 = 1e-9;
/// Ends less likely than this are kept as constants in a row.
const TINY: f64 = 1e-17;

/// States in layers: by decreasing sum of totals, then of farkle counts.
pub(super) fn layers(values: &WinValues) -> Vec<Vec<u32>> {
    let m = values.len();
    let sides: Vec<_> = (0..m).map(|i| values.sides.side(i)).collect();
    let mut keyed: Vec<(i64, u8, u32)> = (0..m * m)
        .map(|s| {
            let (a, b) = (sides[s / m], sides[s % m]);
            (a.total + b.total, a.farkles + b.farkles, u32::try_from(s).expect("states fit in u32"))
        })
        .collect();
    keyed.sort_unstable_by(|x, y| (y.0, y.1, x.2).cmp(&(x.0, x.1, y.2)));
    let mut out: Vec<Vec<u32>> = vec![];
    let mut key = None;
    for (sum, counts, s) in keyed {
        if key != Some((sum, counts)) {
            out.push(vec![]);
            key = Some((sum, counts));
        }
        out.last_mut().expect("pushed").push(s);
    }
    out
}

impl WinValues<'_> {
    /// The linear row of the policy whose ends are `ends`, at `(a, b)`.
    pub(super) fn row(&self, a: usize, b: usize, ends: &TurnEnds) -> Row {
        let m = self.len();
        let farkle = self.next(b, self.sides.after_farkle(a));
        let pass = self.next(b, self.sides.after_pass(a));
        let mut row = Row { constant: ends.instant + ends.tail, ..Row::default() };
        let game = &self.model.rules.game;
        let last_turn = game.last_turn && !game.exact_goal;
        let mut add = |e: End, p: f64| {
            // Under piggyback an offer is worth `1 - max(W, R)` to the
            // mover: linear in the next state's `W`, with the offer's edge
            // `max(0, R - W)` held at its current value. (The evaluation
            // moves `R` along with `W`, see `Books::evaluate`; only the improvement
            // sweep, which solves the turns, decides the fixed point.)
            let mut edge = 0.0;
            let state = match e {
                End::Value(v) => {
                    // Only banks at or past the goal end in a value.
                    row.constant += p * v;
                    if last_turn {
                        row.last_turn += p;
                    }
                    return;
                }
                End::Lose(i) => i,
                End::Offer { next, k, t_level } => {
                    edge = self.offered(next / m, next % m, k, t_level) - self.w[next];
                    next
                }
                End::Farkle => farkle,
                End::Pass => pass,
            };
            row.constant += p * (1.0 - edge);
            let state = u32::try_from(state).expect("states fit in u32");
            if p < TINY {
                row.constant -= p * self.w[state as usize];
            } else if row.states.last() == Some(&state) {
                // Banks at one total leaving different dice lead to the
                // same state: one term.
                *row.weights.last_mut().expect("a term") += p;
            } else {
                row.states.push(state);
                row.weights.push(p);
            }
        };
        add(End::Farkle, ends.farkle);
        let g = self.model.grid;
        let t = |level: usize| i64::try_from(level).expect("small") * g;
        // A forced end where stopping is forbidden is a farkle.
        if self.offers.is_some() {
            for (i, &p) in ends.banks_leaving.iter().enumerate().filter(|(_, &p)| p > 0.0) {
                add(self.end_leaving(a, b, t(i / 7), i % 7).unwrap_or(End::Farkle), p);
            }
        } else {
            for (level, &p) in ends.banks.iter().enumerate().filter(|(_, &p)| p > 0.0) {
                add(self.end_at(a, b, t(level)).unwrap_or(End::Farkle), p);
            }
        }
        row
    }
}

/// One state's turn, solved in an improvement sweep.
struct Turn {
    s: usize,
    value: f64,
    /// The policy's row, `None` when it is the one the state has (the
    /// same policy: see [`crate::pushluck::solution::Solution::policy_key`]).
    row: Option<Row>,
    key: Option<u128>,
    loss: f64,
    margin: f64,
    /// Under piggyback, when the opponent's side can bank: the mover's
    /// piggyback values ([`WinValues::offer_block`]).
    offers: Option<Vec<f64>>,
}

/// Solves every state of `values` (sides with farkle counts) in place.
pub(super) fn solve(values: &mut WinValues, progress: &dyn Progress) -> WinFacts {
    let m = values.len();
    let order = layers(values);
    start_without_penalty(values, progress);
    let mut books = Books::new(m * m);
    let mut facts = WinFacts { truncation: 0.0, residual: f64::INFINITY, turn_solves: 0 };
    let mut bar = Bar::new(values, progress);
    // Whether the last evaluation was to `EVAL_TOL` (the start values are
    // no evaluation).
    let mut tight = false;
    for _sweep in 1..=SWEEPS_MAX {
        let mut change: f64 = 0.0;
        for layer in &order {
            let todo = books.to_solve(values, layer);
            let solved = solve_batches(values, &todo, &books.keys);
            facts.turn_solves += solved.len() as u64;
            bar.advance(&solved);
            books.keep(values, solved, &mut change, &mut facts);
        }
        facts.residual = change;
        // The values are a fixed point only when the states not solved
        // again hold their policy's exact value: after a tight evaluation.
        if change <= SWEEP_TOL && tight {
            break;
        }
        // An evaluation after a sweep that moved values by `change` need
        // not be exact: the next sweep moves them by about as much again.
        // A thousandth of it keeps the turns solved as many and the
        // evaluation sweeps a third as many (Farkle at goal 5,000: 49 in
        // eight evaluations instead of 134 in six).
        let tol = (change * EVAL_SHARE).max(EVAL_TOL);
        tight = tol <= EVAL_TOL;
        books.evaluate(values, &order, tol);
    }
    bar.finish();
    values.policy = Some(std::sync::Arc::new(FlatRows::from_rows(books.rows, &order)));
    facts
}

/// What the iteration keeps per state between sweeps.
struct Books {
    /// The row of the policy of its last solve.
    rows: Vec<Row>,
    /// The key of the policy its row is of (`None`: made afresh each time).
    keys: Vec<Option<u128>>,
    /// A bound on how far its inputs moved since its turn was last solved
    /// (infinite: never solved).
    stale: Vec<f64>,
    /// How far the last improvement sweep moved its value or (piggyback)
    /// any of its piggyback values (0 when it was not solved).
    improve_moved: Vec<f64>,
    /// Its last solve's margin (0: none known, or its row is made afresh
    /// each time).
    margins: Vec<f64>,
}

impl Books {
    fn new(states: usize) -> Books {
        Books {
            rows: vec![Row::default(); states],
            keys: vec![None; states],
            stale: vec![f64::INFINITY; states],
            improve_moved: vec![0.0f64; states],
            margins: vec![0.0f64; states],
        }
    }

    /// The layer's stale states whose policy may change, movers of similar
    /// totals side by side (their turns are as long).
    fn to_solve(&self, v: &WinValues, layer: &[u32]) -> Vec<usize> {
        let m = v.len();
        let (stale, margins) = (&self.stale, &self.margins);
        let mut todo: Vec<usize> = layer
            .iter()
            .map(|&s| s as usize)
            .filter(|&s| {
                stale[s] > STALE_TOL
                    && !(2.0 * stale[s] < margins[s]
                        && 2.0 * (stale[s] + v.inputs_moved(s, &self.improve_moved)) < margins[s])
            })
            .collect();
        todo.sort_by_key(|&s| (v.sides.side(s / m).total, s));
        todo
    }

    /// Takes in the turns solved: their values, piggyback values, rows and
    /// margins; raises `change` to the largest move.
    fn keep(&mut self, values: &mut WinValues, solved: Vec<Turn>, change: &mut f64, facts: &mut WinFacts) {
        let m = values.len();
        for Turn { s, value, row, key, loss, margin, offers } in solved {
            self.margins[s] = margin;
            let mut moved = (value - values.w[s]).abs();
            values.w[s] = value;
            if let (Some(block), Some(o)) = (offers, values.offers.as_mut()) {
                let old = o.pair_mut(s / m, s % m);
                for (r, new) in old.iter_mut().zip(block) {
                    // NaN (not allowed) stays NaN; a first value moves
                    // by infinity.
                    if !(r.is_nan() && new.is_nan()) {
                        moved = moved.max((new - *r).abs());
                    }
                    *r = new;
                }
            }
            *change = change.max(moved);
            self.improve_moved[s] = moved;
            if let Some(row) = row {
                self.rows[s] = row;
            }
            self.keys[s] = key;
            self.stale[s] = 0.0;
            facts.truncation = facts.truncation.max(loss);
        }
    }

    /// Evaluates the fixed policies to `tol`, moves the piggyback values
    /// along, and adds the round's moves to each state's staleness.
    fn evaluate(&mut self, values: &mut WinValues, order: &[Vec<u32>], tol: f64) {
        let m = values.len();
        let improved = values.w.clone();
        evaluate(&mut values.w, &self.rows, order, tol);
        if let Some(o) = values.offers.as_mut() {
            // The rows held each offer's edge over a fresh turn fixed: the
            // piggyback values move with the fresh turn's.
            for (s, (&now, &before)) in values.w.iter().zip(&improved).enumerate() {
                if !o.keeps(s % m) {
                    continue;
                }
                o.pair_mut(s / m, s % m).iter_mut().for_each(|r| *r += now - before);
            }
        }
        // How far each value moved in this round (improvement, then
        // evaluation), piggyback values with their state's.
        let moved: Vec<f64> = (0..m * m).map(|s| self.improve_moved[s] + (values.w[s] - improved[s]).abs()).collect();
        values.add_input_moves(&moved, &mut self.stale);
        self.improve_moved.fill(0.0);
    }
}

/// Solves the turns of `todo` in SIMD lanes ([`WinValues::solve_turns`]),
/// the batches in parallel; `keys` are the states' policy keys.
fn solve_batches(v: &WinValues, todo: &[usize], keys: &[Option<u128>]) -> Vec<Turn> {
    let m = v.len();
    todo.par_chunks(LANES)
        // A batch a task: turns of low totals are the long ones,
        // and halves of a sorted layer left one core waiting.
        .with_max_len(1)
        .flat_map_iter(|chunk| {
            let turns: Vec<_> = chunk
                .iter()
                .map(|&s| {
                    let (a, b) = (s / m, s % m);
                    let (farkle, pass) = v.farkle_and_pass(a, b);
                    (a, b, farkle, pass)
                })
                .collect();
            let sols = v.solve_turns(&turns);
            chunk.iter().zip(sols).map(move |(&s, (sol, loss))| {
                let (a, b) = (s / m, s % m);
                // Under piggyback a row holds the offers' current
                // edges, and with a stationary tail its current
                // value: rows are made afresh there.
                let fixed = v.offers.is_none() && !sol.has_tail();
                let key = sol.policy_key().filter(|_| fixed);
                let row = (key.is_none() || key != keys[s]).then(|| v.row(a, b, &sol.ends(v.start)));
                let offers = v.offers.as_ref().filter(|o| o.keeps(b)).map(|_| v.offer_block(a, &sol, 0.0));
                // A row made afresh each time reads current
                // values: it cannot be kept on a margin.
                let margin = if key.is_some() { sol.margin } else { 0.0 };
                Turn { s, value: sol.roll_values[v.start], row, key, loss, margin, offers }
            })
        })
        .collect()
}

/// The progress bar: one stage for the whole iteration, in levels of the
/// turns solved, so that its time left covers every sweep and evaluation
/// to come. Its length is the work a solve takes, measured (see
/// `FULL_SWEEPS`); the bar ends when the values do.
struct Bar<'p> {
    progress: &'p dyn Progress,
    /// The movers' totals, per side.
    sides: Vec<i64>,
    grid: i64,
    goal: i64,
    expected: u64,
    done: u64,
}

impl<'p> Bar<'p> {
    fn new(values: &WinValues, progress: &'p dyn Progress) -> Bar<'p> {
        let m = values.len();
        let sides: Vec<i64> = (0..m).map(|a| values.sides.side(a).total).collect();
        let mut bar =
            Bar { progress, sides, grid: values.model.grid, goal: values.model.rules.game.goal, expected: 0, done: 0 };
        let full: u64 = (0..m * m).map(|s| bar.turn_levels(s)).sum();
        bar.expected = (FULL_SWEEPS * full as f64) as u64;
        progress.stage("improving the strategy until no change helps (work so far, of about)", bar.expected);
        bar
    }

    /// A turn's levels, about: those below the goal.
    fn turn_levels(&self, s: usize) -> u64 {
        let m = self.sides.len();
        u64::try_from((self.goal - self.sides[s / m]) / self.grid).unwrap_or(1).max(1)
    }

    fn advance(&mut self, solved: &[Turn]) {
        // Past the expected length the bar waits at its end.
        let levels: u64 = solved.iter().map(|t| self.turn_levels(t.s)).sum();
        let step = levels.min(self.expected.saturating_sub(self.done + 1));
        self.done += step;
        self.progress.advance(step);
    }

    fn finish(&self) {
        self.progress.advance(self.expected.saturating_sub(self.done));
    }
}

impl WinValues<'_> {
    /// How far the inputs of state `s`'s turn moved by `moved` (per
    /// state): its farkle and pass successors and every bank below the
    /// goal it can reach (as [`Self::add_input_moves`] bounds them).
    fn inputs_moved(&self, s: usize, moved: &[f64]) -> f64 {
        let m = self.len();
        let sides = &self.sides;
        let (a, b) = (s / m, s % m);
        let g = self.model.grid;
        let goal = self.model.rules.game.goal;
        let mut most = moved[self.next(b, sides.after_farkle(a))].max(moved[self.next(b, sides.after_pass(a))]);
        let mut x = sides.side(a).total + g;
        while x < goal {
            most = most.max(moved[b * m + sides.after_bank(x)]);
            x += g;
        }
        most
    }

    /// Adds to `stale[s]` how far the inputs of state `s`'s turn moved
    /// (`moved` per state): its farkle and pass successors and every bank
    /// below the goal it could reach.
    fn add_input_moves(&self, moved: &[f64], stale: &mut [f64]) {
        let m = self.len();
        let sides = &self.sides;
        let g = self.model.grid;
        let goal = self.model.rules.game.goal;
        let floor = sides.floor();
        let levels = usize::try_from((goal - floor) / g).expect("positive");
        // banks[b][l]: the most any bank to an on-board total at level l or
        // above (opponent b to move next) moved.
        let banks: Vec<Vec<f64>> = (0..m)
            .into_par_iter()
            .map(|b| {
                let mut out = vec![0.0f64; levels + 1];
                for l in (0..levels).rev() {
                    let x = floor + i64::try_from(l).expect("small") * g;
                    out[l] = out[l + 1].max(moved[b * m + sides.after_bank(x)]);
                }
                out
            })
            .collect();
        stale.par_iter_mut().enumerate().for_each(|(s, d)| {
            let (a, b) = (s / m, s % m);
            let from = self.sides.side(a).total + g;
            let l = usize::try_from((from - floor) / g).expect("at or above the floor").min(levels);
            let bank = banks[b][l];
            let farkle = moved[self.next(b, sides.after_farkle(a))];
            let pass = moved[self.next(b, sides.after_pass(a))];
            *d += bank.max(farkle).max(pass);
        });
    }
}

/// Sets `values` to those of the same rules without the penalty, totals
/// below 0 read as 0 (the lowest total on the board for players on it).
fn start_without_penalty(values: &mut WinValues, progress: &dyn Progress) {
    let mut rules = values.model.rules.clone();
    rules.turn.three_farkle_penalty = 0;
    let Ok(model) = Model::for_win(&rules) else {
        values.w.fill(0.5);
        return;
    };
    let plain = Sides::new(&model, 0);
    let n = plain.len();
    let mut base = WinValues::new(&model, plain, vec![f64::NAN; n * n], LastTurn::solve(&model));
    solve_pairs(&mut base, progress);
    let g0 = model.grid;
    // A total below 0 is read as 0 with the opponent that much further
    // ahead (what matters most is the difference).
    let lowest = if rules.turn.entry > 0 { g0 } else { 0 };
    let top = model.rules.game.goal - g0;
    let near = |a: super::Side, b: super::Side| -> f64 {
        let shift = a.total.min(b.total).min(0);
        let total = |s: super::Side| {
            let t = ((s.total - shift) / g0 * g0).min(top);
            let on = s.on_board || rules.turn.entry == 0;
            let t = if on { t.max(lowest) } else { 0 };
            plain.index(super::Side { total: t, on_board: on, farkles: 0 }).unwrap_or(0)
        };
        base.at(total(a), total(b))
    };
    let m = values.len();
    let sides: Vec<super::Side> = (0..m).map(|i| values.sides.side(i)).collect();
    for a in 0..m {
        for b in 0..m {
            values.w[a * m + b] = near(sides[a], sides[b]);
        }
    }
    if values.offers.is_some() {
        // Rows under piggyback hold the offers' edges, which the start
        // does not have.
        return;
    }
    // Those values ignore the farkles in a row: a player two farkles from
    // the penalty is valued as one with none. Each state's row under the
    // penalty for the policy the game without it plays at its totals (its
    // ends: farkle, pass, banks at each turn total, as any policy's),
    // evaluated, values the farkles. Any policy gives a start; this one
    // halves the first sweep's move (Farkle at goal 3,000: 0.37 to 0.16)
    // and the turns solved after it by a third.
    let pair = |s: super::Side| {
        let t = (s.total / g0 * g0).min(top);
        let on = s.on_board || rules.turn.entry == 0;
        let t = if on { t.max(lowest) } else { 0 };
        plain.index(super::Side { total: t, on_board: on, farkles: 0 }).unwrap_or(0)
    };
    // (Eight turns side by side: the same policies as solving each alone;
    // Farkle's start took 14.5 s alone, 12.0 s so.)
    let pairs: Vec<(usize, usize)> = (0..n * n).map(|p| (p / n, p % n)).collect();
    let ends: Vec<TurnEnds> = pairs
        .par_chunks(LANES)
        .flat_map_iter(|chunk| base.turns(chunk).into_iter().map(|sol| sol.ends(base.start)))
        .collect();
    let order = layers(values);
    let v = &*values;
    let rows: Vec<Row> = (0..m * m)
        .into_par_iter()
        .map(|s| {
            let (a, b) = (s / m, s % m);
            v.row(a, b, &ends[pair(sides[a]) * n + pair(sides[b])])
        })
        .collect();
    evaluate(&mut values.w, &rows, &order, START_TOL);
}

/// Sweeps of the fixed policies' equations until no value moves by more
/// than `tol` ([`sweep_layers`]).
fn evaluate(w: &mut [f64], rows: &[Row], order: &[Vec<u32>], tol: f64) {
    sweep_layers(w, order, tol, EVAL_SWEEPS_MAX, |s, w| rows[s].value(w), &mut |_| {});
}

/// Sweeps `x[s] = f(s, x)` over every state until no value moves by more
/// than `tol` (at most `max` sweeps), layer by layer ([`layers`]), as
/// [`sweep_positions`] does. `swept` hears each sweep's largest move.
pub(super) fn sweep_layers(
    x: &mut [f64],
    order: &[Vec<u32>],
    tol: f64,
    max: usize,
    f: impl Fn(usize, &[f64]) -> f64 + Sync,
    swept: &mut dyn FnMut(f64),
) {
    let mut first = 0;
    let layers: Vec<(usize, &[u32])> = order
        .iter()
        .map(|layer| {
            first += layer.len();
            (first - layer.len(), layer.as_slice())
        })
        .collect();
    sweep_positions(x, &layers, tol, max, |_, s, x| [f(s, x)], swept);
}
