//! Exact maximum-expected-turn-score solver.
//!
//! ## State
//!
//! A turn is in a *decision state* after a set-aside: turn points `t`, dice
//! that may be rolled next `k` (1..=6; 0 becomes 6 with hot dice), and the
//! extra state the rules need, the *context*:
//! - the roll class `r`: rolls made so far (only when the rules limit rolls),
//!   or just "first roll / later" (only when something scores on the first
//!   roll only); otherwise rolls are not counted at all;
//! - for Van't Hof, how many 1s were set aside as 1s and what they earned
//!   (the pairs reachable from a fresh turn, found once by search), or "done".
//!
//! Parameters fixed for a whole turn, not state: on the board or not, whether
//! a farkle now is the third in a row (then it is worth minus the penalty,
//! else 0), and the points still missing to the goal (instant wins, exact goal).
//!
//! The value is `V(t, ctx) = max(bank(t), R(t, ctx))` with
//! `R(t, ctx) = sum over rolls o of k dice of P(o) * (farkle value, or the best
//! set-aside's successor value)`. Banking is worth `t`, 0 below the entry
//! threshold when off the board, is not allowed below `min-bank` once on,
//! and is worth 0 past the goal under the exact-goal rule.
//!
//! ## The unbounded horizon (hot dice)
//!
//! Every set-aside scores more than 0 points, so `t` strictly grows along a
//! turn and `V` can be computed level by level from high `t` down to 0 on the
//! grid of multiples of the gcd of all point values: exact, no iteration,
//! once the values above some `T*` are known. They are known in closed form:
//! - Exact goal: above `goal - score` every bank is worth 0, so `V = 0` there.
//! - Otherwise, for large `t`, banking is worth `t`, an instant win is worth
//!   `t` too, and for a context where some roll is a farkle (probability
//!   `q > 0`) one more roll loses `q * t` while its gain `A` does not depend
//!   on `t`: rolling once and then banking is worse than banking as soon as
//!   `t >= A / q + farkle value`. Contexts where no roll can farkle (only
//!   possible with a "nothing scores" bonus) always roll; their excess over
//!   `t` is a constant `W` found by fixed-point iteration (to 1e-12; rules
//!   where a turn can never end are rejected). `T*` is the largest of these
//!   thresholds, the entry and min-bank thresholds and (with instant wins)
//!   the points missing to the goal. Above `T*` the set of states where
//!   one-step look-ahead says "bank" is closed (points only grow), so by the
//!   monotone-case theorem of optimal stopping banking is optimal there and
//!   `V(t, ctx) = t + W(ctx)` exactly. Nothing is truncated or approximated.
//!
//! All sums are in `f64`; a full solve of any built-in rule set visits a few
//! hundred levels of a few dozen contexts.

use std::time::Instant;

use crate::dice::{dice_count, Counts, Multisets};

use super::rules::RuleSet;
use super::scoring::{Scorer, Variant};
use std::collections::HashMap;

/// Why a rule set cannot be solved or a state is impossible.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TurnError {
    #[error("under these rules a turn never has to end: every roll of {0} dice scores, so a player can roll on forever without risk")]
    EndlessTurn(usize),
    #[error("{0}")]
    Impossible(String),
}

/// What is fixed for a whole turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Params {
    /// The player is on the board (entry threshold already met).
    pub on_board: bool,
    /// A farkle now would be the third in a row (costs the penalty).
    pub last_chance: bool,
    /// Goal minus the player's game total (instant wins, exact goal).
    pub goal_left: i64,
}

/// A decision state as a player describes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnState {
    /// Points set aside this turn, at stake.
    pub points: i64,
    /// Dice to roll next (1..=6).
    pub dice: u8,
    /// Rolls made so far this turn.
    pub rolls: u32,
    /// 1s set aside as 1s so far this turn (Van't Hof; 6 or more: bonus taken).
    pub ones: u8,
    /// What those 1s earned.
    pub ones_points: i64,
}

impl TurnState {
    /// The very start of a turn: six dice, nothing set aside.
    pub fn start() -> TurnState {
        TurnState { points: 0, dice: 6, rolls: 0, ones: 0, ones_points: 0 }
    }
}

/// A set-aside option inside the solver (dominated ones removed).
#[derive(Debug, Clone, Copy)]
struct Opt {
    used: u8,
    points: i64,
    ones: u8,
    ones_points: i64,
    instant: bool,
}

#[derive(Debug, Clone)]
struct Outcome {
    prob: f64,
    opts: Vec<Opt>,
}

/// Where a set-aside leads, independent of the turn total.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Succ {
    /// A decision state `gain` points higher in context `ctx`.
    Ctx { gain: i64, ctx: u32 },
    /// The turn ends with `gain` more points (no dice or rolls left).
    End { gain: i64 },
    /// The game is won at once.
    Instant,
}

/// The rolls of one context with, per roll, the successors of its
/// set-asides (dominated ones removed): what the DP's inner loop reads.
#[derive(Debug, Clone, Default)]
struct ContextTable {
    /// `(probability, range in succ)`; an empty range is a farkle.
    rolls: Vec<(f64, u32, u32)>,
    succ: Vec<Succ>,
    /// Probability of a farkle.
    farkle: f64,
    /// `succ` encoded for the solve's inner loop, see [`encode_hot`].
    hot: Vec<u32>,
}

/// Flag of a [`ContextTable::hot`] entry that is not a decision state.
const HOT_END: u32 = 1 << 31;
/// A [`ContextTable::hot`] entry for an instant win.
const HOT_INSTANT: u32 = u32::MAX;

/// A successor as one `u32`: a decision state is `gain / grid * contexts +
/// ctx`, the offset of its value from the current level's row in the value
/// array; a forced end is `HOT_END | gain / grid`.
fn encode_hot(s: Succ, grid: i64, contexts: usize) -> u32 {
    match s {
        Succ::Ctx { gain, ctx } => {
            let off = (gain / grid) as usize * contexts + ctx as usize;
            assert!(off < HOT_END as usize, "successor offset fits");
            off as u32
        }
        Succ::End { gain } => HOT_END | (gain / grid) as u32,
        Succ::Instant => HOT_INSTANT,
    }
}

/// A rule set compiled for solving: contexts and roll tables.
#[derive(Debug, Clone)]
pub struct Model {
    pub rules: RuleSet,
    pub scorer: Scorer,
    /// Points come in multiples of this.
    pub grid: i64,
    /// Number of roll classes.
    roll_classes: usize,
    /// Van't Hof states `(ones, points)`; the last entry is "done" when tracked.
    vh: Vec<(u8, i64)>,
    /// `outcomes[first][k]`: rolls of `k` dice with their set-asides.
    outcomes: [Vec<Vec<Outcome>>; 2],
    /// Dominated set-asides were dropped (not under the exact-goal rule,
    /// where more points can be worse).
    pub prune: bool,
    /// Per context: rolls and successors.
    tables: Vec<ContextTable>,
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// Rolls of `k` dice with their probabilities.
fn rolls_of(ms: &Multisets, k: usize) -> impl Iterator<Item = (Counts, f64)> + '_ {
    ms.of_size(k).map(move |i| (*ms.counts(i), ms.prob(i)))
}

impl Model {
    /// Compiles a (validated) rule set.
    pub fn new(rules: &RuleSet) -> Result<Model, TurnError> {
        let scorer = Scorer::new(rules);
        let mut grid = scorer.point_values().into_iter().fold(0, gcd);
        if rules.turn.vant_hof > 0 {
            grid = gcd(grid, rules.turn.vant_hof);
        }
        let grid = grid.max(1);
        let roll_classes = if rules.turn.max_rolls > 0 {
            rules.turn.max_rolls as usize
        } else if rules.has_first_roll_scoring() {
            2
        } else {
            1
        };
        let prune = !rules.game.exact_goal;
        let ms = Multisets::new(6);
        // Readings of every multiset, once (a roll's set-asides are its
        // sub-multisets that have a reading).
        let first_matters = rules.has_first_roll_scoring();
        let later: Vec<Vec<Variant>> = (0..ms.len()).map(|i| scorer.readings(ms.counts(i), false)).collect();
        let first_readings: Vec<Vec<Variant>> = if first_matters {
            (0..ms.len()).map(|i| scorer.readings(ms.counts(i), true)).collect()
        } else {
            later.clone()
        };
        let mut outcomes: [Vec<Vec<Outcome>>; 2] = [vec![vec![]; 7], vec![vec![]; 7]];
        for first in [false, true] {
            let readings = if first { &first_readings } else { &later };
            for (k, slot) in outcomes[first as usize].iter_mut().enumerate().skip(1) {
                *slot = rolls_of(&ms, k)
                    .map(|(roll, prob)| {
                        let mut opts: Vec<Opt> = Vec::new();
                        let mut set_asides: Vec<(usize, &[Variant])> = ms
                            .subsets(&roll)
                            .into_iter()
                            .filter(|&i| ms.size(i) > 0 && !readings[i].is_empty())
                            .map(|i| (ms.size(i), readings[i].as_slice()))
                            .collect();
                        let bonus;
                        if set_asides.is_empty() {
                            bonus = scorer.set_asides(&roll, first);
                            set_asides.extend(bonus.iter().map(|sa| (dice_count(&sa.keep), sa.variants.as_slice())));
                        }
                        for (used, variants) in set_asides {
                            let used = used as u8;
                            for v in variants {
                                let o = Opt {
                                    used,
                                    points: v.points,
                                    ones: v.ones,
                                    ones_points: v.ones_points,
                                    instant: v.instant_win,
                                };
                                if !scorer.tracks_ones() {
                                    // Without Van't Hof, 1s need no accounting.
                                    let o = Opt { ones: 0, ones_points: 0, ..o };
                                    opts.push(o);
                                } else {
                                    opts.push(o);
                                }
                            }
                        }
                        if prune {
                            // V is non-decreasing in t without an exact goal:
                            // of two set-asides leaving the same state, the one
                            // with more points is at least as good.
                            let mut kept: Vec<Opt> = Vec::new();
                            for o in opts {
                                let same = |x: &Opt| {
                                    x.used == o.used
                                        && x.ones == o.ones
                                        && x.ones_points == o.ones_points
                                        && x.instant == o.instant
                                };
                                match kept.iter_mut().find(|x| same(x)) {
                                    Some(x) if o.points > x.points => *x = o,
                                    Some(_) => {}
                                    None => kept.push(o),
                                }
                            }
                            opts = kept;
                        }
                        Outcome { prob, opts }
                    })
                    .collect();
            }
        }
        // Van't Hof states reachable from a fresh turn.
        let mut vh = vec![(0u8, 0i64)];
        if rules.turn.vant_hof > 0 {
            let mut i = 0;
            while i < vh.len() {
                let (o, p) = vh[i];
                for out in outcomes.iter().flatten().flatten() {
                    for opt in &out.opts {
                        let next = (o + opt.ones, p + opt.ones_points);
                        if opt.ones > 0 && next.0 < 6 && !vh.contains(&next) {
                            vh.push(next);
                        }
                    }
                }
                i += 1;
            }
            vh.push((6, 0)); // done
        }
        let mut m = Model { rules: rules.clone(), scorer, grid, roll_classes, vh, outcomes, prune, tables: vec![] };
        m.tables = (0..m.contexts()).map(|c| m.context_table(c)).collect();
        let n = m.contexts();
        for t in &mut m.tables {
            t.hot = t.succ.iter().map(|&s| encode_hot(s, grid, n)).collect();
        }
        Ok(m)
    }

    fn context_table(&self, c: usize) -> ContextTable {
        let (k, r, vh) = self.unctx(c);
        let mut t = ContextTable::default();
        let mut seen: HashMap<Vec<Succ>, usize> = HashMap::new();
        for o in &self.outcomes[(r == 0) as usize][k] {
            let start = t.succ.len();
            for opt in &o.opts {
                let s = self.transition(k, r, vh, opt);
                if !self.prune {
                    t.succ.push(s);
                    continue;
                }
                // V is non-decreasing in t (no exact goal): of two ways to the
                // same context, the one gaining more is at least as good.
                let same = |x: &Succ| match (x, &s) {
                    (Succ::Ctx { ctx: a, .. }, Succ::Ctx { ctx: b, .. }) => a == b,
                    (Succ::End { .. }, Succ::End { .. }) | (Succ::Instant, Succ::Instant) => true,
                    _ => false,
                };
                match t.succ[start..].iter_mut().find(|x| same(x)) {
                    Some(x) => {
                        let gain = |x: &Succ| match x {
                            Succ::Ctx { gain, .. } | Succ::End { gain } => *gain,
                            Succ::Instant => 0,
                        };
                        if gain(&s) > gain(x) {
                            *x = s;
                        }
                    }
                    None => t.succ.push(s),
                }
            }
            if t.succ.len() == start {
                t.farkle += o.prob;
                continue;
            }
            // Rolls with the same successors are one outcome to the DP
            // (e.g. every six-dice roll with one 1, one 5 and nothing else
            // that scores): merging them is most of the solve's speed.
            t.succ[start..].sort_unstable();
            let list = t.succ[start..].to_vec();
            match seen.get(&list) {
                Some(&i) => {
                    t.rolls[i].0 += o.prob;
                    t.succ.truncate(start);
                }
                None => {
                    seen.insert(list, t.rolls.len());
                    t.rolls.push((o.prob, start as u32, t.succ.len() as u32));
                }
            }
        }
        t
    }

    /// Where `opt` leads from context `(k, r, vh)`.
    fn transition(&self, k: usize, r: usize, vh: usize, opt: &Opt) -> Succ {
        if opt.instant {
            return Succ::Instant;
        }
        let mut gain = opt.points;
        let mut vh2 = vh;
        if self.vant_hof_on() && vh + 1 < self.vh.len() && opt.ones > 0 {
            let (o, p) = self.vh[vh];
            let (o2, p2) = (o + opt.ones, p + opt.ones_points);
            if o2 >= 6 {
                gain += (self.rules.turn.vant_hof - p2).max(0);
                vh2 = self.vh.len() - 1;
            } else {
                vh2 = self.vh_index(o2, p2).expect("reachable Van't Hof state");
            }
        }
        let mut k2 = k - opt.used as usize;
        if k2 == 0 {
            if !self.rules.turn.hot_dice {
                return Succ::End { gain };
            }
            k2 = 6;
        }
        // Rolls made after this one: r + 1 (classes saturate when unlimited).
        match self.roll_class(r as u32 + 1) {
            Some(r2) => Succ::Ctx { gain, ctx: self.ctx(k2, r2, vh2) as u32 },
            None => Succ::End { gain },
        }
    }

    /// Number of decision contexts (dice x roll class x Van't Hof state).
    pub fn contexts(&self) -> usize {
        self.vh.len() * self.roll_classes * 6
    }

    /// Human-readable layout of a context index, for table metadata.
    pub fn context_layout(&self) -> String {
        format!(
            "context = (vant_hof_state * {} + roll_class) * 6 + (dice - 1); roll classes {}; Van't Hof states {:?}",
            self.roll_classes, self.roll_classes, self.vh
        )
    }

    fn ctx(&self, k: usize, r: usize, vh: usize) -> usize {
        (vh * self.roll_classes + r) * 6 + (k - 1)
    }

    fn unctx(&self, c: usize) -> (usize, usize, usize) {
        let k = c % 6 + 1;
        let r = (c / 6) % self.roll_classes;
        (k, r, c / 6 / self.roll_classes)
    }

    fn vant_hof_on(&self) -> bool {
        self.rules.turn.vant_hof > 0
    }

    /// Roll class of a state that has made `rolls` rolls; `None` when no
    /// roll is left.
    fn roll_class(&self, rolls: u32) -> Option<usize> {
        let max = self.rules.turn.max_rolls;
        if max > 0 {
            (rolls < max).then_some(rolls as usize)
        } else {
            Some((rolls as usize).min(self.roll_classes - 1))
        }
    }

    fn vh_index(&self, ones: u8, ones_points: i64) -> Option<usize> {
        if !self.vant_hof_on() {
            return Some(0);
        }
        if ones >= 6 {
            return Some(self.vh.len() - 1);
        }
        self.vh.iter().position(|&s| s == (ones, ones_points))
    }

    /// Context of a decision state, or why it cannot happen.
    fn context_of(&self, s: &TurnState) -> Result<Option<usize>, TurnError> {
        if !(1..=6).contains(&s.dice) {
            return Err(TurnError::Impossible(format!("{} dice to roll; between 1 and 6", s.dice)));
        }
        let vh = self.vh_index(s.ones, s.ones_points).ok_or_else(|| {
            TurnError::Impossible(format!(
                "{} 1s worth {} cannot have been set aside in one turn",
                s.ones, s.ones_points
            ))
        })?;
        Ok(self.roll_class(s.rolls).map(|r| self.ctx(s.dice as usize, r, vh)))
    }

    /// Solves several sets of turn parameters in parallel (they are
    /// independent), in order.
    pub fn solve_all(&self, params: &[Params]) -> Result<Vec<Solution<'_>>, TurnError> {
        use rayon::prelude::*;
        // On and off the board differ only below the entry / min-bank
        // thresholds (above them a bank is worth t either way, and turns only
        // go up): solve the on-board variants in full, in parallel, and the
        // off-board ones below the thresholds only.
        let full: Vec<usize> = (0..params.len())
            .filter(|&i| params[i].on_board || !params.iter().any(|p| p.on_board && same_above_board(p, &params[i])))
            .collect();
        let solved: Vec<Solution<'_>> = full.par_iter().map(|&i| self.solve(params[i])).collect::<Result<_, _>>()?;
        let mut out = Vec::with_capacity(params.len());
        for (i, p) in params.iter().enumerate() {
            match full.iter().position(|&j| j == i) {
                Some(k) => out.push(solved[k].clone()),
                None => {
                    let like = solved
                        .iter()
                        .find(|s| s.params.on_board && same_above_board(&s.params, p))
                        .expect("an on-board twin");
                    out.push(self.solve_like(*p, Some(like))?);
                }
            }
        }
        Ok(out)
    }

    pub fn solve(&self, params: Params) -> Result<Solution<'_>, TurnError> {
        self.solve_like(params, None)
    }

    /// Solves `params`, copying the values of `like` where both must agree:
    /// at turn totals from which a bank is worth the total under both.
    fn solve_like<'a>(&'a self, params: Params, like: Option<&Solution<'a>>) -> Result<Solution<'a>, TurnError> {
        let started = Instant::now();
        let mut sol = Solution {
            model: self,
            params,
            levels: 0,
            values: vec![],
            roll_values: vec![],
            excess: vec![0.0; self.contexts()],
            top: 0,
            seconds: 0.0,
        };
        let n = self.contexts();
        if self.rules.game.exact_goal {
            sol.levels = (params.goal_left.max(0) / self.grid) as usize + 1;
        } else {
            sol.asymptotics()?;
            sol.levels = (sol.top / self.grid) as usize + 2;
        }
        sol.values = vec![0.0; sol.levels * n];
        sol.roll_values = vec![0.0; sol.levels * n];
        let mut todo = sol.levels;
        if let Some(like) = like.filter(|l| l.levels == sol.levels && l.excess == sol.excess) {
            let r = &self.rules.turn;
            let shared = (r.entry.max(r.min_bank) + self.grid - 1) / self.grid;
            todo = (shared as usize).min(sol.levels);
            sol.values[todo * n..].copy_from_slice(&like.values[todo * n..]);
            sol.roll_values[todo * n..].copy_from_slice(&like.roll_values[todo * n..]);
        }
        for level in (0..todo).rev() {
            let t = level as i64 * self.grid;
            for c in 0..n {
                let roll = sol.roll_value_level(level, c);
                sol.roll_values[level * n + c] = roll;
                sol.values[level * n + c] = match sol.bank(t) {
                    Some(b) => b.max(roll),
                    None => roll,
                };
            }
        }
        sol.seconds = started.elapsed().as_secs_f64();
        Ok(sol)
    }
}

/// True when `a` (on the board) and `b` differ only in being on the board.
fn same_above_board(a: &Params, b: &Params) -> bool {
    a.last_chance == b.last_chance && a.goal_left == b.goal_left
}

/// Where a set-aside leads.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Next {
    /// The turn ends now with this score (instant win, no dice or rolls left).
    Ends(f64),
    /// A decision state: bank (if allowed) or roll `dice` dice.
    Decide { points: i64, dice: u8, bank: Option<f64>, roll: f64 },
}

impl Next {
    /// Value when playing on optimally.
    pub fn value(&self) -> f64 {
        match *self {
            Next::Ends(v) => v,
            Next::Decide { bank, roll, .. } => bank.map_or(roll, |b| b.max(roll)),
        }
    }
}

/// Values of every decision state for one set of turn parameters.
#[derive(Debug, Clone)]
pub struct Solution<'m> {
    pub model: &'m Model,
    pub params: Params,
    levels: usize,
    /// `values[level * contexts + ctx]`: value when playing on optimally.
    values: Vec<f64>,
    /// Same layout: value of rolling (then playing optimally).
    roll_values: Vec<f64>,
    /// Above `top`, `V(t, ctx) = t + excess[ctx]`.
    excess: Vec<f64>,
    /// `T*`: banking is optimal (where a farkle is possible) from here on.
    pub top: i64,
    pub seconds: f64,
}

impl Solution<'_> {
    fn farkle_value(&self) -> f64 {
        if self.params.last_chance {
            -(self.model.rules.turn.three_farkle_penalty as f64)
        } else {
            0.0
        }
    }

    /// Value of stopping voluntarily with `t` points; `None` if not allowed.
    pub fn bank(&self, t: i64) -> Option<f64> {
        let rules = &self.model.rules;
        if rules.game.exact_goal && t > self.params.goal_left {
            return Some(0.0);
        }
        if self.params.on_board {
            (t >= rules.turn.min_bank).then_some(t as f64)
        } else {
            Some(if t >= rules.turn.entry { t as f64 } else { 0.0 })
        }
    }

    /// Value when the turn ends because no roll is possible.
    fn forced_end(&self, t: i64) -> f64 {
        self.bank(t).unwrap_or(0.0)
    }

    fn instant_win_value(&self, t: i64) -> f64 {
        let g = self.params.goal_left.max(0);
        if self.model.rules.game.exact_goal {
            g as f64
        } else {
            g.max(t) as f64
        }
    }

    /// Value of decision context `c` at `t`.
    fn value_ctx(&self, t: i64, c: usize) -> f64 {
        if self.model.rules.game.exact_goal && t > self.params.goal_left {
            return 0.0;
        }
        let level = (t / self.model.grid) as usize;
        if level < self.levels {
            self.values[level * self.model.contexts() + c]
        } else {
            t as f64 + self.excess[c]
        }
    }

    /// Successor of taking `opt` in context `(k, r, vh)` at `t`:
    /// `Err(value)` when the turn ends, `Ok((t', ctx'))` otherwise.
    fn step(&self, t: i64, k: usize, r: usize, vh: usize, opt: &Opt) -> Result<(i64, usize), f64> {
        self.follow(t, self.model.transition(k, r, vh, opt))
    }

    fn follow(&self, t: i64, s: Succ) -> Result<(i64, usize), f64> {
        match s {
            Succ::Instant => Err(self.instant_win_value(t)),
            Succ::End { gain } => Err(self.forced_end(t + gain)),
            Succ::Ctx { gain, ctx } => Ok((t + gain, ctx as usize)),
        }
    }

    /// Value of rolling in context `c` at `t`: stored when solved, computed
    /// otherwise (above `T*`).
    fn roll_lookup(&self, t: i64, c: usize) -> f64 {
        let level = (t / self.model.grid) as usize;
        if level < self.levels {
            self.roll_values[level * self.model.contexts() + c]
        } else {
            self.roll_value_ctx(t, c)
        }
    }

    /// [`Solution::roll_value_ctx`] at a grid level, for the solve's inner
    /// loop: successors as level offsets, no division, values of higher
    /// levels read straight from the array.
    fn roll_value_level(&self, level: usize, c: usize) -> f64 {
        let m = self.model;
        let table = &m.tables[c];
        let n = m.contexts();
        let g = m.grid;
        let t = level as i64 * g;
        let base = level * n;
        let values = &self.values[..];
        let mut total = self.farkle_value() * table.farkle;
        for &(prob, start, end) in &table.rolls {
            let mut best = f64::NEG_INFINITY;
            for &x in &table.hot[start as usize..end as usize] {
                let i = base + x as usize;
                let v = if i < values.len() {
                    values[i]
                } else if x & HOT_END == 0 {
                    self.value_ctx(t + (x as usize / n) as i64 * g, x as usize % n)
                } else if x == HOT_INSTANT {
                    self.instant_win_value(t)
                } else {
                    self.forced_end(t + (x & !HOT_END) as i64 * g)
                };
                if v > best {
                    best = v;
                }
            }
            total += prob * best;
        }
        total
    }

    fn roll_value_ctx(&self, t: i64, c: usize) -> f64 {
        let table = &self.model.tables[c];
        let mut total = self.farkle_value() * table.farkle;
        for &(prob, start, end) in &table.rolls {
            if start == end {
                continue;
            }
            let mut best = f64::NEG_INFINITY;
            for &s in &table.succ[start as usize..end as usize] {
                let v = match self.follow(t, s) {
                    Ok((t2, c2)) => self.value_ctx(t2, c2),
                    Err(v) => v,
                };
                best = best.max(v);
            }
            total += prob * best;
        }
        total
    }

    /// Computes `excess` (constant surplus over `t` for large `t`) and `top`.
    fn asymptotics(&mut self) -> Result<(), TurnError> {
        let m = self.model;
        let n = m.contexts();
        let q: Vec<f64> = m.tables.iter().map(|t| t.farkle).collect();
        // Gain over t of a successor in the asymptotic regime (t large, so
        // banks are worth t and instant wins add nothing).
        let big: i64 = 1 << 40; // far above any threshold, exact in f64
        let gain = |s: Succ, excess: &[f64]| -> f64 {
            match self.follow(big, s) {
                Ok((t2, c2)) => (t2 - big) as f64 + excess[c2],
                Err(v) => v - big as f64,
            }
        };
        // Expected best gain of one roll in context c (farkles excluded).
        let roll_gain = |c: usize, excess: &[f64]| -> f64 {
            let t = &m.tables[c];
            t.rolls
                .iter()
                .filter(|r| r.1 < r.2)
                .map(|&(p, a, b)| {
                    p * t.succ[a as usize..b as usize]
                        .iter()
                        .map(|&s| gain(s, excess))
                        .fold(f64::NEG_INFINITY, f64::max)
                })
                .sum()
        };
        let riskless: Vec<usize> = (0..n).filter(|&c| q[c] == 0.0).collect();
        // A turn is endless when some riskless contexts form a trap: every roll
        // there has a set-aside leading back into the trap. Find the largest
        // such set by pruning; if it is empty, every policy leaves the
        // riskless contexts with positive probability and the iteration below
        // converges geometrically.
        let mut trap: Vec<bool> = q.iter().map(|&x| x == 0.0).collect();
        loop {
            let mut changed = false;
            for &c in &riskless {
                if !trap[c] {
                    continue;
                }
                let t = &m.tables[c];
                let stays = t.rolls.iter().all(|&(_, a, b)| {
                    t.succ[a as usize..b as usize]
                        .iter()
                        .any(|s| matches!(s, Succ::Ctx { ctx, .. } if trap[*ctx as usize]))
                });
                if !stays {
                    trap[c] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        if let Some(c) = (0..n).find(|&c| trap[c]) {
            return Err(TurnError::EndlessTurn(m.unctx(c).0));
        }
        let mut excess = vec![0.0; n];
        if !riskless.is_empty() {
            let mut iterations = 0;
            loop {
                let mut delta: f64 = 0.0;
                for &c in &riskless {
                    let w = roll_gain(c, &excess);
                    delta = delta.max((w - excess[c]).abs());
                    excess[c] = w;
                }
                iterations += 1;
                if delta < 1e-12 {
                    break;
                }
                if iterations > 100_000 || excess.iter().any(|&w| w > 1e15) {
                    return Err(TurnError::EndlessTurn(m.unctx(riskless[0]).0));
                }
            }
        }
        let mut top: f64 = 0.0;
        for c in (0..n).filter(|&c| q[c] > 0.0) {
            top = top.max(roll_gain(c, &excess) / q[c] + self.farkle_value());
        }
        let rules = &m.rules;
        let mut top = top.ceil() as i64;
        top = top.max(if self.params.on_board { rules.turn.min_bank } else { rules.turn.entry });
        if rules.has_instant_win() {
            top = top.max(self.params.goal_left);
        }
        self.top = top.max(0);
        self.excess = excess;
        Ok(())
    }

    // ---- queries by state -------------------------------------------------

    /// Expected turn score of rolling from `s` (the roll is forced: the start
    /// of a turn, or a piggyback start).
    pub fn roll_value(&self, s: &TurnState) -> Result<f64, TurnError> {
        let c = self.model.context_of(s)?.ok_or_else(|| TurnError::Impossible("no roll is left this turn".into()))?;
        self.check_grid(s.points)?;
        Ok(self.roll_lookup(s.points, c))
    }

    fn check_grid(&self, t: i64) -> Result<(), TurnError> {
        let g = self.model.grid;
        if t < 0 || t % g != 0 {
            return Err(TurnError::Impossible(format!(
                "{t} points cannot be set aside under these rules (turn points come in steps of {g})"
            )));
        }
        Ok(())
    }

    /// Expected turn score of a decision state when playing optimally.
    pub fn value(&self, s: &TurnState) -> Result<f64, TurnError> {
        let roll = self.roll_value(s)?;
        Ok(self.bank(s.points).map_or(roll, |b| b.max(roll)))
    }

    /// Expected score of a fresh turn.
    pub fn start_value(&self) -> f64 {
        self.roll_value(&TurnState::start()).expect("start state is valid")
    }

    /// Where setting aside `keep` read as `variant` from a roll made in state
    /// `before` (the state before that roll) leads.
    pub fn after(&self, before: &TurnState, keep: &Counts, variant: &Variant) -> Result<Next, TurnError> {
        let m = self.model;
        let c = m.context_of(before)?.ok_or_else(|| TurnError::Impossible("no roll is left this turn".into()))?;
        self.check_grid(before.points)?;
        let (k, r, vh) = m.unctx(c);
        let used = dice_count(keep);
        if used > k {
            return Err(TurnError::Impossible(format!("{used} dice set aside from a roll of {k}")));
        }
        let ones = if m.scorer.tracks_ones() { variant.ones } else { 0 };
        let opt = Opt {
            used: used as u8,
            points: variant.points,
            ones,
            ones_points: variant.ones_points,
            instant: variant.instant_win,
        };
        match self.step(before.points, k, r, vh, &opt) {
            Err(v) => Ok(Next::Ends(v)),
            Ok((t2, c2)) => {
                let (k2, _, _) = m.unctx(c2);
                Ok(Next::Decide { points: t2, dice: k2 as u8, bank: self.bank(t2), roll: self.roll_lookup(t2, c2) })
            }
        }
    }

    /// Score of a farkle in this turn (0, or minus the three-farkle penalty).
    pub fn farkle_score(&self) -> f64 {
        self.farkle_value()
    }

    /// Smallest `t` (on the grid) from which banking is optimal at every
    /// larger `t` with `dice` dice to roll after `rolls` rolls and no 1s
    /// tracked; `None` if the player never banks there.
    pub fn bank_from(&self, dice: u8, rolls: u32) -> Option<i64> {
        let m = self.model;
        let r = m.roll_class(rolls)?;
        let c = m.ctx(dice as usize, r, 0);
        let n = m.contexts();
        let banks = |level: usize| {
            let t = level as i64 * m.grid;
            match self.bank(t) {
                Some(b) => b >= self.values[level * n + c] && b > 0.0,
                None => false,
            }
        };
        let mut from = None;
        for level in (1..self.levels).rev() {
            if banks(level) {
                from = Some(level as i64 * m.grid);
            } else {
                break;
            }
        }
        from
    }

    /// Levels where banking is optimal below [`Solution::bank_from`] (rare:
    /// only with entry thresholds or goals).
    pub fn banks_below(&self, dice: u8, rolls: u32, from: i64) -> Vec<i64> {
        let m = self.model;
        let Some(r) = m.roll_class(rolls) else { return vec![] };
        let c = m.ctx(dice as usize, r, 0);
        let n = m.contexts();
        (1..self.levels)
            .map(|l| l as i64 * m.grid)
            .filter(|&t| t < from)
            .filter(|&t| self.bank(t).is_some_and(|b| b > 0.0 && b >= self.values[(t / m.grid) as usize * n + c]))
            .collect()
    }

    /// Value of decision context `ctx` at turn total `t` (a multiple of the
    /// grid), solved or in closed form above the top.
    pub fn value_at(&self, t: i64, ctx: usize) -> f64 {
        self.value_ctx(t, ctx)
    }

    /// Number of levels solved (turn totals 0, grid, 2 grid, ...).
    pub fn levels(&self) -> usize {
        self.levels
    }

    /// All decision-state values, `[level][context]` flattened (for tables).
    pub fn values(&self) -> &[f64] {
        &self.values
    }

    pub fn contexts(&self) -> usize {
        self.model.contexts()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pushluck::builtin;

    fn params() -> Params {
        Params { on_board: true, last_chance: false, goal_left: 10_000 }
    }

    #[test]
    fn one_die_value_by_hand() {
        // With one die left at t, Farkle: bank t, or roll: 1/6 -> t+100 (then
        // six dice again), 1/6 -> t+50 (six dice), else 0. At t = 2000,
        // rolling loses about 2000*2/3 and cannot pay back: bank.
        let rules = builtin::farkle();
        let m = Model::new(&rules).unwrap();
        let sol = m.solve(params()).unwrap();
        let s = TurnState { points: 2000, dice: 1, rolls: 3, ones: 0, ones_points: 0 };
        assert_eq!(sol.value(&s).unwrap(), 2000.0);
        // At t = 50 with one die: rolling gives (V(150,6) + V(100,6)) / 6,
        // each at least t + the six-dice gain, so it beats banking 50.
        let s = TurnState { points: 50, dice: 1, ..s };
        let v6 = |t| sol.value(&TurnState { points: t, dice: 6, rolls: 3, ones: 0, ones_points: 0 }).unwrap();
        let by_hand = (v6(150) + v6(100)) / 6.0;
        assert!((sol.roll_value(&s).unwrap() - by_hand).abs() < 1e-9);
        assert!(sol.value(&s).unwrap() >= 50.0);
    }

    #[test]
    fn values_above_the_top_are_banks() {
        let rules = builtin::farkle();
        let m = Model::new(&rules).unwrap();
        let sol = m.solve(params()).unwrap();
        for k in 1..=6u8 {
            let points = (sol.top / m.grid + 20) * m.grid;
            let s = TurnState { points, dice: k, rolls: 1, ones: 0, ones_points: 0 };
            assert!(sol.roll_value(&s).unwrap() <= s.points as f64 + 1e-9);
        }
        assert!(sol.start_value() > 0.0);
    }

    #[test]
    fn exact_goal_caps_points() {
        let mut rules = builtin::yahtzix();
        rules.game.exact_goal = true;
        let m = Model::new(&rules).unwrap();
        let sol = m.solve(Params { on_board: true, last_chance: false, goal_left: 20 }).unwrap();
        let v = sol.start_value();
        assert!(v > 0.0 && v <= 20.0, "{v}");
    }
}
