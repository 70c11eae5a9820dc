//! The exact maximum-expected-turn-score DP.
//!
//! The value of a decision state is `V(t, ctx) = max(bank(t), R(t, ctx))`
//! with `R(t, ctx) = sum over rolls o of the context's dice of P(o) * (farkle
//! value, or the best set-aside's successor value)`. Banking is worth `t`, 0
//! below the entry threshold when off the board, is not allowed below
//! `min-bank` once on, and past the goal under the exact-goal rule busts the
//! turn as a farkle would (worth 0, or minus the three-farkle penalty when
//! it is the third farkle in a row).
//!
//! ## The unbounded horizon (hot dice)
//!
//! Every set-aside scores more than 0 points, so `t` strictly grows along a
//! turn and `V` can be computed level by level from high `t` down to 0 on the
//! grid of multiples of the gcd of all point values: exact, no iteration,
//! once the values above some `T*` are known. They are known in closed form:
//! - Exact goal: above `goal - score` every bank busts (the farkle value), so
//!   `V` is the farkle value there; with instant wins a player there can
//!   still roll on for one (never worse than busting), a problem over the
//!   contexts alone (the total no longer matters), solved once by value
//!   iteration ([`Solution::past_goal`]).
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

use rayon::prelude::*;

use super::model::{dice_of, hot_end, Group, Model, Params, Succ, Ties, HOT_END, HOT_INSTANT};
use super::solution::{Payoff, Solution, Step, WinPayoff};
use super::{level_total, value_of};
use crate::error::Error;
use crate::error::TurnError;
use crate::limits::{check_solve_size, TURN_SOLVE_BYTES};

impl Model {
    /// Solves the turn for `params`.
    pub(crate) fn solve(&self, params: Params) -> Result<Solution<'_>, Error> {
        self.solve_like(params, None)
    }

    /// Solves the turn for `params` with a farkle worth `farkle` points
    /// (the long-run objective, [`super::long_run`]).
    pub(crate) fn solve_with_farkle(&self, params: Params, farkle: f64) -> Result<Solution<'_>, Error> {
        self.solve_shared(params, Payoff::PointsFarkle(farkle), None)
    }

    /// Solves several sets of turn parameters in parallel (they are
    /// independent), in order.
    pub(crate) fn solve_all(&self, params: &[Params]) -> Result<Vec<Solution<'_>>, Error> {
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
            if let Some(k) = full.iter().position(|&j| j == i) {
                out.push(solved[k].clone())
            } else {
                let like = solved
                    .iter()
                    .find(|s| s.params.on_board && same_above_board(&s.params, p))
                    .expect("an on-board twin");
                out.push(self.solve_like(*p, Some(like))?);
            }
        }
        Ok(out)
    }

    /// Solves `params`, copying the values of `like` where both must agree:
    /// at turn totals from which a bank is worth the total under both.
    fn solve_like<'a>(&'a self, params: Params, like: Option<&Solution<'a>>) -> Result<Solution<'a>, Error> {
        self.solve_shared(params, Payoff::Points, like)
    }

    fn solve_shared<'a>(
        &'a self,
        params: Params,
        payoff: Payoff,
        like: Option<&Solution<'a>>,
    ) -> Result<Solution<'a>, Error> {
        let started = Instant::now();
        let mut sol = Solution::empty(self, params);
        sol.payoff = payoff;
        let n = self.contexts();
        let levels = if self.rules.game.exact_goal {
            if self.chase.is_some() {
                let instant = value_of(params.goal_left.max(0));
                // A stop past the goal busts, as a farkle: rolling on for
                // the instant win is never worse.
                let bust = sol.farkle_score();
                sol.past_goal = self.stationary_values(bust, instant, |_| bust, |_| Some(bust));
            }
            params.goal_left.max(0) / self.grid + 1
        } else {
            sol.asymptotics()?;
            sol.top / self.grid + 2
        };
        // Two f64 arrays of levels x contexts values.
        let states = u64::try_from(levels).unwrap_or(u64::MAX).saturating_mul(n as u64);
        check_solve_size(
            || format!("{} (turn totals 0 to {} in steps of {})", self.rules.name, (levels - 1) * self.grid, self.grid),
            states,
            states.saturating_mul(16),
            TURN_SOLVE_BYTES,
        )?;
        sol.levels = usize::try_from(levels).expect("within the memory budget");
        sol.values = vec![0.0; sol.levels * n];
        sol.roll_values = vec![0.0; sol.levels * n];
        let mut todo = sol.levels;
        if let Some(like) = like.filter(|l| l.levels == sol.levels && l.excess == sol.excess) {
            let r = &self.rules.turn;
            let shared = (r.entry.max(r.min_bank) + self.grid - 1) / self.grid;
            todo = usize::try_from(shared).unwrap_or(usize::MAX).min(sol.levels);
            sol.values[todo * n..].copy_from_slice(&like.values[todo * n..]);
            sol.roll_values[todo * n..].copy_from_slice(&like.roll_values[todo * n..]);
        }
        sol.fill_levels(todo);
        sol.seconds = started.elapsed().as_secs_f64();
        Ok(sol)
    }

    /// Solves one turn under the win objective: `payoff` says what every
    /// end of the turn is worth, and banking is optimal from turn total
    /// `levels * grid` on (the caller, [`super::win`], has shown that).
    /// The `reach` levels above are filled in first, so that the inner loop
    /// reads every successor from the array.
    /// Its choices are recorded (see [`Solution::choices`]).
    pub(super) fn solve_payoff(&self, params: Params, payoff: WinPayoff, levels: usize, reach: usize) -> Solution<'_> {
        let mut sol = self.prepare_payoff(params, payoff, levels, reach, false);
        sol.fill_levels_recording::<true>(levels);
        sol
    }

    /// [`Self::solve_payoff`], with the slopes of every value (see
    /// [`Solution::slopes`]) when `slopes` is set (they cost about a third
    /// more).
    pub(super) fn solve_payoff_sloped(
        &self,
        params: Params,
        payoff: WinPayoff,
        levels: usize,
        reach: usize,
        slopes: bool,
    ) -> Solution<'_> {
        let mut sol = self.prepare_payoff(params, payoff, levels, reach, slopes);
        if slopes {
            sol.fill_levels_sloped(levels);
        } else {
            sol.fill_levels(levels);
        }
        sol
    }

    /// A win-objective turn ready for its DP: the values above the solved
    /// levels (and their slopes when `slopes` is set) filled in, the
    /// solved levels still 0 (see [`Self::solve_payoff_sloped`], and
    /// [`super::lanes`], which solves several prepared turns at once).
    pub(super) fn prepare_payoff(
        &self,
        params: Params,
        payoff: WinPayoff,
        levels: usize,
        reach: usize,
        slopes: bool,
    ) -> Solution<'_> {
        let mut sol = Solution::empty(self, params);
        sol.payoff = Payoff::Win(payoff);
        sol.levels = levels;
        sol.top = level_total(levels, self.grid);
        let n = self.contexts();
        let cells = || (levels..levels + reach).flat_map(move |l| (0..n).map(move |c| (l, c)));
        // (Each array allocated once at its length: growing them was a
        // reallocation a turn.)
        let mut values = Vec::with_capacity((levels + reach) * n);
        values.resize(levels * n, 0.0);
        values.extend(cells().map(|(l, c)| sol.decision_value(level_total(l, self.grid), c)));
        sol.values = values;
        sol.roll_values = vec![0.0; levels * n];
        if !slopes {
            sol.policy_range = (0.0, 0.0); // nothing known beyond this farkle value
            return sol;
        }
        // Up there the value is a bank (slope 0 or 1) or the stationary
        // tail's, whose slope is taken as 0: the slopes only aim the fixed
        // point's steps, its residual is what is checked.
        let mut slopes = Vec::with_capacity((levels + reach) * n);
        slopes.resize(levels * n, 0.0);
        match &sol.payoff {
            Payoff::Win(w) if w.above.is_none() => slopes.extend(cells().map(|(l, c)| w.bank_slope(l, dice_of(c)))),
            // The chase past an exact goal: known (see `Model::chase`).
            Payoff::Win(w) if !w.above_slopes.is_empty() => slopes.extend(cells().map(|(_, c)| w.above_slopes[c])),
            _ => slopes.resize((levels + reach) * n, 0.0),
        }
        sol.slopes = slopes;
        sol.roll_slopes = vec![0.0; levels * n];
        sol
    }
}

/// Ranges are only looked for this far: a pair's Newton step is smaller
/// (from a good first guess) or is checked by another evaluation, and
/// small ranges let most rolls skip their second look.
const RANGE_CAP: f64 = 1e-3;

/// The range of farkle-value changes `d` a policy stays optimal over, as
/// the DP narrows it: `-lo <= d <= hi`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Range {
    /// How far the farkle value may fall (as a positive number) and rise.
    pub(super) lo: f64,
    pub(super) hi: f64,
}

impl Range {
    pub(super) fn new((lo, hi): (f64, f64)) -> Range {
        Range { lo: (-lo).min(RANGE_CAP), hi: hi.min(RANGE_CAP) }
    }

    pub(super) fn get(self) -> (f64, f64) {
        (-self.lo, self.hi)
    }

    /// Whether an option `gap` behind the chosen one can narrow the range
    /// at all: slopes are probabilities, so |slope gap| <= 1 and its bound
    /// `gap / |slope gap|` is at least `gap`. Most options (and, by their
    /// runner-up, most rolls) are ruled out by this one well-predicted
    /// comparison, without a division.
    #[inline]
    pub(super) fn may_narrow(&self, gap: f64) -> bool {
        gap < self.limit()
    }

    /// The gap below which an option may narrow the range.
    #[inline]
    pub(super) fn limit(&self) -> f64 {
        self.lo.max(self.hi)
    }

    /// Narrows the range to the changes for which a chosen option `gap >= 0`
    /// ahead of an alternative, with a slope `slope_gap` steeper, stays
    /// ahead: `gap + slope_gap * d >= 0`.
    #[inline]
    pub(super) fn narrow(&mut self, gap: f64, slope_gap: f64) {
        if self.may_narrow(gap) {
            if slope_gap > 0.0 {
                self.lo = self.lo.min(gap / slope_gap);
            } else if slope_gap < 0.0 {
                self.hi = self.hi.min(-gap / slope_gap);
            }
        }
    }
}

/// The value of decision state `(level, c)` of a win-objective turn whose
/// roll is worth `roll` (value, slope): banking when allowed and at least
/// as good, else rolling, with the chosen one's slope; `range` narrowed to
/// where that choice stays the better.
pub(super) fn bank_or_roll(
    ties: Ties,
    w: &WinPayoff,
    level: usize,
    c: usize,
    (roll, slope): (f64, f64),
    range: &mut Range,
) -> (f64, f64) {
    match w.bank(level, dice_of(c)) {
        Some(b) => {
            let bank_slope = w.bank_slope(level, dice_of(c));
            if b > roll || (b == roll && ties.bank) {
                range.narrow(b - roll, bank_slope - slope);
                (b, bank_slope)
            } else {
                range.narrow(roll - b, slope - bank_slope);
                (roll, slope)
            }
        }
        None => (roll, slope),
    }
}

/// True when `a` (on the board) and `b` differ only in being on the board.
fn same_above_board(a: &Params, b: &Params) -> bool {
    a.last_chance == b.last_chance && a.goal_left == b.goal_left
}

impl Solution<'_> {
    /// Solves a prepared win-objective turn alone, as [`super::lanes`]
    /// would: with slopes and the policy range when `sloped`, the choices
    /// recorded either way. Its margin is 0 (not known: its callers then
    /// solve it again rather than trust an old policy).
    pub(super) fn fill_alone(&mut self, sloped: bool) {
        if sloped {
            self.fill_levels_sloped(self.levels);
        } else {
            self.fill_levels_recording::<true>(self.levels);
            self.margin = 0.0;
        }
    }

    /// Computes levels `todo - 1` down to 0: the value of rolling, then the
    /// better of that and banking.
    fn fill_levels(&mut self, todo: usize) {
        self.fill_levels_recording::<false>(todo);
    }

    /// [`Self::fill_levels`], recording every roll's choice (the first
    /// best set-aside, as [`Solution::choices`] keeps them) when `RECORD`.
    fn fill_levels_recording<const RECORD: bool>(&mut self, todo: usize) {
        let n = self.model.contexts();
        let rolls = self.model.roll_starts[n];
        let mut choices = if RECORD { vec![0; todo * rolls] } else { vec![] };
        for level in (0..todo).rev() {
            let t = level_total(level, self.model.grid);
            for c in 0..n {
                let chosen = if RECORD {
                    let at = level * rolls + self.model.roll_starts[c];
                    &mut choices[at..at + self.model.tables[c].rolls.len()]
                } else {
                    &mut []
                };
                let roll = self.roll_value_recording::<RECORD>(level, c, chosen);
                self.roll_values[level * n + c] = roll;
                self.values[level * n + c] = match self.bank_leaving(t, dice_of(c)) {
                    Some(b) => b.max(roll),
                    None => roll,
                };
            }
        }
        if RECORD {
            self.choices = choices;
        }
    }

    /// [`Self::fill_levels`] of a win-objective turn, with the derivative of
    /// every value with respect to the farkle value along the policy found,
    /// and the range of farkle values over which that policy stays optimal
    /// ([`Solution::policy_range`]).
    fn fill_levels_sloped(&mut self, todo: usize) {
        let n = self.model.contexts();
        let mut range = Range::new(self.policy_range);
        let rolls = self.model.roll_starts[n];
        let mut choices = vec![0; todo * rolls];
        for level in (0..todo).rev() {
            for c in 0..n {
                let at = level * rolls + self.model.roll_starts[c];
                let chosen = &mut choices[at..at + self.model.tables[c].rolls.len()];
                let (roll, slope) = self.roll_value_sloped(level, c, &mut range, chosen);
                let i = level * n + c;
                self.roll_values[i] = roll;
                self.roll_slopes[i] = slope;
                let Payoff::Win(w) = &self.payoff else { unreachable!("a win-objective turn") };
                (self.values[i], self.slopes[i]) =
                    bank_or_roll(self.model.ties, w, level, c, (roll, slope), &mut range);
            }
        }
        self.policy_range = range.get();
        self.choices = choices;
    }

    /// [`Self::roll_value_recording`] with its slope (the chosen successor's),
    /// narrowing `range` to where each roll's choice stays the best (and,
    /// with a choice of dice, the number of dice rolled).
    fn roll_value_sloped(&self, level: usize, c: usize, range: &mut Range, chosen: &mut [u8]) -> (f64, f64) {
        let groups = &self.model.tables[c].groups;
        if let [all] = groups[..] {
            return self.group_value_sloped(level, c, all, range, chosen);
        }
        // The first best number of dice, as `Self::rolled_group` finds it.
        let each: Vec<(f64, f64)> =
            groups.iter().map(|&g| self.group_value_sloped(level, c, g, range, chosen)).collect();
        let best = each.iter().fold(each[0], |b, &x| if x.0 > b.0 { x } else { b });
        for &(v, s) in &each {
            range.narrow(best.0 - v, best.1 - s);
        }
        best
    }

    /// The value and slope of rolling group `g`'s dice in context `c` at
    /// `level` (see [`Self::roll_value_sloped`]); `chosen` is the context's
    /// choices, of which the group's rolls are set.
    fn group_value_sloped(&self, level: usize, c: usize, g: Group, range: &mut Range, chosen: &mut [u8]) -> (f64, f64) {
        let m = self.model;
        let table = &m.tables[c];
        let n = m.contexts();
        let base = level * n;
        let (values, slopes) = (&self.values[..], &self.slopes[..]);
        let mut total = self.farkle_score() * g.farkle;
        let mut slope = g.farkle;
        let rolls = g.rolls();
        for ((&(prob, start, end), choice), &decisions_only) in
            table.rolls[rolls.clone()].iter().zip(&mut chosen[rolls.clone()]).zip(&table.decisions_only[rolls])
        {
            let options = &table.hot[start as usize..end as usize];
            if decisions_only {
                // The common case, without branches on the values (an
                // argmax's branches are hard to predict): the best, the
                // runner-up and the best's position.
                let at = |x: u32| base + x as usize;
                let (mut best, mut second, mut pick) = (values[at(options[0])], f64::NEG_INFINITY, 0);
                for (k, &x) in options.iter().enumerate().skip(1) {
                    let v = values[at(x)];
                    let ahead = v > best;
                    let behind = if ahead { best } else { v };
                    second = if behind > second { behind } else { second };
                    best = if ahead { v } else { best };
                    pick = if ahead { k } else { pick };
                }
                *choice = u8::try_from(pick).expect("at most 64 set-asides a roll");
                let best_slope = slopes[at(options[pick])];
                // A second look, as below.
                if range.may_narrow(best - second) {
                    for &x in options {
                        range.narrow(best - values[at(x)], best_slope - slopes[at(x)]);
                    }
                }
                total += prob * best;
                slope += prob * best_slope;
                continue;
            }
            // Some set-aside ends the turn or wins at once: outside the
            // arrays. The best successor's index in the arrays (or
            // usize::MAX: one outside them, with its slope in `outside`):
            // its slope is read once, after the search.
            let (mut best, mut arg, mut outside) = (f64::NEG_INFINITY, usize::MAX, 0.0);
            // The runner-up's value, and the best's position among the options.
            let (mut second, mut pick) = (f64::NEG_INFINITY, 0);
            for (k, &x) in options.iter().enumerate() {
                let i = base + x as usize;
                if i < values.len() {
                    let v = values[i];
                    if v > best {
                        (second, best, arg, pick) = (best, v, i, k);
                    } else if v > second {
                        second = v;
                    }
                } else {
                    let (v, s) = self.hot_sloped_outside(level, x);
                    if v > best {
                        (second, best, arg, outside, pick) = (best, v, usize::MAX, s, k);
                    } else if v > second {
                        second = v;
                    }
                }
            }
            *choice = u8::try_from(pick).expect("at most 64 set-asides a roll");
            let best_slope = if arg == usize::MAX { outside } else { slopes[arg] };
            // A second look, now that the best is known, unless the
            // runner-up is too far behind to matter (see `Range::narrow`):
            // how far the farkle value may move before another option
            // overtakes the best (the options are few, and in cache).
            if range.may_narrow(best - second) {
                for &x in options {
                    let i = base + x as usize;
                    let (v, s) =
                        if i < values.len() { (values[i], slopes[i]) } else { self.hot_sloped_outside(level, x) };
                    range.narrow(best - v, best_slope - s);
                }
            }
            total += prob * best;
            slope += prob * best_slope;
        }
        (total, slope)
    }

    /// [`Self::hot_value_outside`] with its slope, for the successor `x`
    /// of a state at grid level `level` (a win-objective turn).
    pub(super) fn hot_sloped_outside(&self, level: usize, x: u32) -> (f64, f64) {
        let Payoff::Win(w) = &self.payoff else { unreachable!("a win-objective turn") };
        if x == HOT_INSTANT {
            (1.0, 0.0)
        } else if x & HOT_END != 0 {
            // A forced end: the bank there, or a farkle where stopping is
            // not allowed (as `forced_end`, by level, without dividing).
            let (gain, left) = hot_end(x);
            let at = level + gain;
            (w.bank(at, left).unwrap_or(w.farkle), w.bank_slope(at, left))
        } else {
            // A decision state above the reach: never read (see `solve_payoff`).
            (self.hot_value_outside(level_total(level, self.model.grid), x), 0.0)
        }
    }

    /// The value of rolling in context `c` at grid level `level`, for the
    /// solve's inner loop: successors as level offsets (the encoded
    /// [`super::model::ContextTable::hot`] list), no division, values of
    /// higher levels read straight from the array. Equal to
    /// [`Solution::roll_value_at`] at that level. Each roll's choice goes
    /// into `chosen` (the context's choices) when `RECORD`.
    fn roll_value_recording<const RECORD: bool>(&self, level: usize, c: usize, chosen: &mut [u8]) -> f64 {
        let groups = &self.model.tables[c].groups;
        if let [all] = groups[..] {
            return self.group_value_recording::<RECORD>(level, c, all, chosen);
        }
        groups
            .iter()
            .map(|&g| self.group_value_recording::<RECORD>(level, c, g, chosen))
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// The value of rolling group `g`'s dice in context `c` at `level` (see
    /// [`Self::roll_value_recording`]).
    pub(super) fn group_value_level(&self, level: usize, c: usize, g: Group) -> f64 {
        self.group_value_recording::<false>(level, c, g, &mut [])
    }

    /// [`Self::group_value_level`], writing each roll's choice into
    /// `chosen` (the context's choices) when `RECORD`.
    fn group_value_recording<const RECORD: bool>(&self, level: usize, c: usize, g: Group, chosen: &mut [u8]) -> f64 {
        let m = self.model;
        let table = &m.tables[c];
        let n = m.contexts();
        let t = level_total(level, m.grid);
        let base = level * n;
        let values = &self.values[..];
        let mut total = self.farkle_score() * g.farkle;
        // Under the win objective the arrays reach above the solved levels
        // as far as one set-aside goes (see `solve_payoff_sloped`).
        let win = matches!(self.payoff, Payoff::Win(_));
        let rolls = g.rolls();
        for (r, (&(prob, start, end), &decisions_only)) in
            rolls.clone().zip(table.rolls[rolls.clone()].iter().zip(&table.decisions_only[rolls]))
        {
            let options = &table.hot[start as usize..end as usize];
            if win && decisions_only {
                // Without branches on the values, as in `roll_value_sloped`.
                let (mut best, mut pick) = (values[base + options[0] as usize], 0);
                for (k, &x) in options.iter().enumerate().skip(1) {
                    let v = values[base + x as usize];
                    if RECORD {
                        pick = if v > best { k } else { pick };
                    }
                    best = if v > best { v } else { best };
                }
                if RECORD {
                    chosen[r] = u8::try_from(pick).expect("at most 64 set-asides a roll");
                }
                total += prob * best;
                continue;
            }
            let (mut best, mut pick) = (f64::NEG_INFINITY, 0);
            for (k, &x) in options.iter().enumerate() {
                let i = base + x as usize;
                let v = if i < values.len() { values[i] } else { self.hot_value_outside(t, x) };
                if v > best {
                    (best, pick) = (v, k);
                }
            }
            if RECORD {
                chosen[r] = u8::try_from(pick).expect("at most 64 set-asides a roll");
            }
            total += prob * best;
        }
        total
    }

    /// Value of the encoded successor `x` from turn total `t` when it is
    /// not a decision state in the value array: a decision state above it,
    /// an instant win or a forced end.
    pub(super) fn hot_value_outside(&self, t: i64, x: u32) -> f64 {
        let m = self.model;
        let (n, g) = (m.contexts(), m.grid);
        if x & HOT_END == 0 {
            self.decision_value(t + level_total(x as usize / n, g), x as usize % n)
        } else if x == HOT_INSTANT {
            self.instant_win_value(t)
        } else {
            let (gain, left) = hot_end(x);
            self.forced_end(t + level_total(gain, g), left)
        }
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
            match self.step(big, s) {
                Step::Decide { points, ctx } => value_of(points - big) + excess[ctx],
                Step::End(v) => v - value_of(big),
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
        // Contexts where no roll can farkle always roll on; [`Model::new`]
        // has checked that every policy leaves them with positive
        // probability, so this iteration converges geometrically.
        let riskless: Vec<usize> = (0..n).filter(|&c| q[c] == 0.0).collect();
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
                    return Err(TurnError::EndlessTurn { dice: m.unctx(riskless[0]).0 });
                }
            }
        }
        let mut top: f64 = 0.0;
        for c in (0..n).filter(|&c| q[c] > 0.0) {
            top = top.max(roll_gain(c, &excess) / q[c] + self.farkle_score());
        }
        let rules = &m.rules;
        // `top` is bounded by the rules' ranges (points at most
        // limits::POINTS_MAX, farkle probabilities at least 6^-6).
        #[allow(clippy::cast_possible_truncation)]
        let mut top = top.ceil() as i64;
        top = top.max(if self.params.on_board { rules.turn.min_bank } else { rules.turn.entry });
        if rules.has_instant_win() {
            top = top.max(self.params.goal_left);
        }
        self.top = top.max(0);
        self.excess = excess;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pushluck::games::ten_thousand;

    /// Past an exact goal with instant wins the expected-score turn rolls
    /// on for six of a kind: its values there are the points missing to
    /// the goal times the chase's chance, which the win solver's chase (in
    /// turn checked against a plain value iteration, `super::super::win`)
    /// gives on the same contexts.
    #[test]
    fn past_an_exact_goal_the_turn_chases_the_instant_win() {
        let mut rules = ten_thousand::base();
        rules.game.exact_goal = true;
        rules.validate().expect("valid rules");
        let model = Model::new(&rules).expect("compiles");
        let chase = model.chase.clone().expect("a chase");
        let sol = model.solve(Params { on_board: true, last_chance: false, goal_left: 100 }).expect("solves");
        assert!(chase.iter().any(|&u| u > 1e-4), "{chase:?}");
        for (c, &u) in chase.iter().enumerate() {
            assert!((sol.decision_value(400, c) - 100.0 * u).abs() < 1e-12, "context {c}");
        }
        // Without it the turn would be worth 0 up there.
        let none = Model::new(&ten_thousand::base()).expect("compiles");
        assert!(none.chase.is_none());
    }
}
