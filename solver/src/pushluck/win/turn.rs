//! One mover's turn under the win objective, set up from the value store:
//! the banks it may reach, where its solve stops (the first total from
//! which banking is provably optimal, or the stationary tail past the
//! goal), and the turn DP run on that payoff, with the slopes and policy
//! range the pair solve steps by.

use std::sync::Arc;

use super::last_turn::TAIL;
use super::params;
use super::values::{End, WinValues};
use crate::pushluck::lanes::{fill_lanes_carrying, fill_lanes_down_to, fill_lanes_read_below, Carry, LANES};
use crate::pushluck::level_total;
use crate::pushluck::model::{dice_of, Succ};
use crate::pushluck::solution::{leftover_class, Solution, WinPayoff};

/// How far above the goal (or the levels read) a batch of the return's
/// turns on a leftover is first solved, in a roll's reach: 4/3. Farkle's
/// six-dice contexts bank from some levels past the goal on (a bank that
/// leaves no dice nearly wins there), and a turn with fewer dice reaches
/// six within one roll's reach, so the reads stop depending on the levels
/// above a band about a reach wide. Measured with Farkle (a reach of 61
/// levels, six of a kind): 60 levels past, 17% of the batches were
/// solved again (goal 4,000); 80, 0.06% (goal 6,000); 100, 0.02%; 120,
/// none, and 11% more time than 80. (3/2, 91 levels, took 3% longer
/// than 4/3, 81, for the whole of Farkle's return.)
const LOWER_TOP: (usize, usize) = (4, 3);

/// One pair's turn, ready to solve: the banks it may reach and where it stops.
pub(super) struct TurnSetup {
    pub(super) payoff: WinPayoff,
    pub(super) levels: usize,
    /// How far the values above the top may be off (0 when banking there is
    /// provably optimal).
    pub(super) loss: f64,
    /// The changes of the farkle value over which banking stays provably
    /// optimal above the top (see [`Solution::policy_range`]).
    pub(super) range: (f64, f64),
    /// By how much the banks above the top beat the best one-roll
    /// look-ahead (infinite when the top does not depend on the values):
    /// a decision margin, as [`Solution::margin`].
    pub(super) slack: f64,
    /// With a stationary tail above the top: the banks there, per leftover
    /// class (see [`WinValues::tail_values`]).
    pub(super) tail: Option<Vec<f64>>,
    /// The lowest level a tail may begin at (the first total past the
    /// goal, or where banking first counts).
    pub(super) first: usize,
}

/// Where a turn's solve stops, and what it takes above that.
struct Stop {
    /// The first turn total not solved.
    top: i64,
    /// As [`TurnSetup::loss`].
    loss: f64,
    /// The values per context above the top, when not simply the bank, and
    /// their slopes (as [`WinPayoff::above`], [`WinPayoff::above_slopes`]).
    above: Option<Vec<f64>>,
    above_slopes: Vec<f64>,
    /// As [`TurnSetup::range`], [`TurnSetup::slack`], [`TurnSetup::tail`].
    range: (f64, f64),
    slack: f64,
    tail: Option<Vec<f64>>,
}

impl Stop {
    /// A stop at `top` above which the banks are read as they are.
    fn at(top: i64) -> Stop {
        Stop {
            top,
            loss: 0.0,
            above: None,
            above_slopes: vec![],
            range: (f64::NEG_INFINITY, f64::INFINITY),
            slack: f64::INFINITY,
            tail: None,
        }
    }
}

impl<'m> WinValues<'m> {
    /// The mover's turn at `(a, b)` with farkle value `farkle` and pass
    /// value `pass` (the same without the penalty).
    ///
    /// `reads`: the highest level anything reads of the solved turn (the
    /// solve reads its start and the piggyback values, at most
    /// [`Self::solve_reads`]), or `None` when any level may be read
    /// (advice). Where the turn ends in a stationary tail, it may then end
    /// lower: see [`Self::climb`].
    pub(super) fn setup(&self, a: usize, b: usize, farkle: f64, pass: f64, reads: Option<usize>) -> TurnSetup {
        let g = self.grid();
        let rules = &self.model.rules;
        let sa = self.sides.side(a);
        let at = sa.total;
        let theta = rules.turn.counts_from(sa.on_board);
        // First turn total where banking is optimal.
        let top = (rules.game.goal - at).max(theta).max(g);
        let first = usize::try_from(top / g).expect("positive");
        let stop = if let Some((values, slopes)) = super::rolling_on_past_goal(self.model, farkle) {
            // Past an exact goal the player rolls on for an instant win.
            // The turn is solved up to the goal itself (a bank there wins).
            Stop { top: top.max(rules.game.goal - at + g), above: Some(values), above_slopes: slopes, ..Stop::at(top) }
        } else if rules.game.last_turn && !rules.game.exact_goal {
            self.last_turn_stop(a, b, farkle, pass, reads, top)
        } else {
            Stop::at(top)
        };
        let Stop { top, loss, above, above_slopes, range, slack, tail } = stop;
        // Levels no turn reaches need no solving (bounded turns).
        let levels = usize::try_from(top / g).expect("positive").min(self.max_turn.map_or(usize::MAX, |l| l + 1));
        let (banks, farkle_like) = self.banks(a, b, farkle, pass, levels);
        // Bank values per leftover class (one without piggyback).
        let stride = if self.offers.is_some() { 6 } else { 1 };
        let beyond = Arc::new(self.goal_bank(at, b));
        let payoff = WinPayoff { farkle, banks, stride, beyond, above, above_slopes, farkle_like };
        TurnSetup { payoff, levels, loss, range, slack, tail, first }
    }

    /// Bank value at turn total `t` leaving leftover class `class` for the
    /// mover at `(a, b)`; `NaN` where stopping is not allowed.
    fn bank(&self, a: usize, b: usize, t: i64, class: usize, farkle: f64, pass: f64) -> f64 {
        if t <= 0 {
            return f64::NAN; // a turn's start, never a stop
        }
        self.end_leaving(a, b, t, class).map_or(f64::NAN, |e| self.end_value(e, farkle, pass))
    }

    /// Where the turn of the mover at `(a, b)` stops when the opponent has
    /// a last turn: the first total from `top` up where every bank beats the
    /// best one-roll look-ahead, or where the banks above no longer matter
    /// to the levels read (the stationary tail).
    fn last_turn_stop(&self, a: usize, b: usize, farkle: f64, pass: f64, reads: Option<usize>, top: i64) -> Stop {
        let g = self.grid();
        let (sa, sb) = (self.sides.side(a), self.sides.side(b));
        let (at, bt) = (sa.total, sb.total);
        // Bank values per leftover class (one without piggyback).
        let stride = if self.offers.is_some() { 6 } else { 1 };
        let worst_bank =
            |t: i64| (0..stride).map(|c| self.bank(a, b, t, c, farkle, pass)).fold(f64::INFINITY, f64::min);
        // The best one-roll look-ahead can do, in any context.
        let look_ahead = self
            .risks
            .iter()
            .map(|&(q, p)| q * farkle + p + (1.0 - q - p) * (1.0 - self.last.instant))
            .fold(0.0, f64::max);
        let on_b = sb.on_board;
        // Past the chaser's thresholds, a bank's value only grows with
        // the total (a piggyback's chance does not change with it).
        let settled = self.last.settled(g);
        let mut top = top;
        loop {
            let need = at + top - bt;
            let worst = worst_bank(top);
            if worst >= look_ahead && (stride == 1 || need >= settled) {
                // The look-ahead grows with the farkle value, at most
                // at the largest farkle probability; the banks up here
                // do not move with it (they count).
                let steepest = self.risks.iter().map(|r| r.0).fold(0.0, f64::max);
                let fixed = (0..stride)
                    .all(|c| !matches!(self.end_leaving(a, b, top, c), Some(End::Farkle | End::Pass) | None));
                let range = if !fixed {
                    (0.0, 0.0)
                } else if steepest > 0.0 {
                    (f64::NEG_INFINITY, (worst - look_ahead) / steepest)
                } else {
                    (f64::NEG_INFINITY, f64::INFINITY)
                };
                return Stop { range, slack: worst - look_ahead, ..Stop::at(top) };
            }
            // How far the banks above may still rise: the chaser's
            // chance to pass above its limit.
            let rise = self.last.rise(on_b, need, g);
            // What freezing them here could change in the levels read.
            // (Only where turns are unbounded: a bounded turn's levels
            // stop short of its top, and what is read above them comes
            // from the banks there.)
            let effect = reads
                .filter(|_| self.max_turn.is_none())
                .map_or(rise, |r| rise * self.climb(usize::try_from(top / g).expect("positive").saturating_sub(r)));
            if self.last.in_tail(on_b, need, g) || effect <= TAIL {
                // In the tail a bank's value no longer depends on the
                // total: what is left is a problem over contexts only.
                // (Short of it, the banks above are taken at their value
                // here: each is within `rise` of it, and a turn climbs
                // here from the levels read with a chance of at most
                // `climb`, so no value read moves by more than
                // `effect`.)
                let banks: Vec<f64> = (0..stride).map(|c| self.bank(a, b, top, c, farkle, pass)).collect();
                let (values, slopes, tail_range) = self.tail_sloped(&banks, farkle);
                // Its values move with the farkle value along its
                // policy's slopes, over the range that policy holds.
                return Stop {
                    above: Some(values),
                    above_slopes: slopes,
                    tail: Some(banks),
                    loss: effect.min(rise),
                    range: tail_range,
                    ..Stop::at(top)
                };
            }
            top += g;
        }
    }

    /// The banks the turn of the mover at `(a, b)`, solved over `levels`
    /// levels, reads (per level and leftover class), and which of them are
    /// worth the farkle value.
    fn banks(&self, a: usize, b: usize, farkle: f64, pass: f64, levels: usize) -> (Vec<f64>, Vec<bool>) {
        let g = self.grid();
        let at = self.sides.side(a).total;
        let stride = if self.offers.is_some() { 6 } else { 1 };
        // Banks are read up to `reach` levels above the solved ones, and
        // above the piggyback values read off the turn; they cover every
        // total below the goal, so that each bank past them reaches it
        // (valued by `GoalBank` when asked).
        let offer_levels = self.offers.as_ref().map_or(0, |o| o.t_levels);
        let goal_levels =
            usize::try_from((self.model.rules.game.goal - at + g - 1) / g).expect("totals below the goal");
        let len = levels.max(offer_levels).max(goal_levels) + self.reach + 1;
        let ends: Vec<Option<End>> = (0..len)
            .flat_map(|l| (0..stride).map(move |c| (level_total(l, g), c)))
            .map(|(t, c)| if t > 0 { self.end_leaving(a, b, t, c) } else { None })
            .collect();
        let banks: Vec<f64> = ends.iter().map(|e| e.map_or(f64::NAN, |e| self.end_value(e, farkle, pass))).collect();
        // Stops worth the farkle value (scoring nothing), for the slopes.
        let farkle_like: Vec<bool> = ends.iter().map(|e| matches!(e, Some(End::Farkle | End::Pass))).collect();
        (banks, farkle_like)
    }

    /// How far the banks of the mover at `(a, b)` may still rise above
    /// turn total `top` (past the goal): the chaser's chance to pass there
    /// above its limit. `None` short of the chaser's thresholds under
    /// piggyback, where a bank's value may also fall with the total (the
    /// chance to pass on a leftover grows with the points inherited).
    fn rise_above(&self, a: usize, b: usize, top: i64) -> Option<f64> {
        let g = self.grid();
        let (sa, sb) = (self.sides.side(a), self.sides.side(b));
        let need = sa.total + top - sb.total;
        (self.offers.is_none() || need >= self.last.settled(g)).then(|| self.last.rise(sb.on_board, need, g))
    }

    /// The values above a turn's top in its stationary tail, per context,
    /// for farkle value `farkle`: banks there are worth `banks` (per
    /// leftover class, or one), whatever the total.
    fn tail_values(&self, banks: &[f64], farkle: f64) -> Vec<f64> {
        let by_left = |left: usize| banks[if banks.len() > 1 { leftover_class(left) } else { 0 }];
        self.model.stationary_values(farkle, 1.0, by_left, |left| Some(by_left(left)))
    }

    /// [`Self::tail_values`] with each value's slope with respect to the
    /// farkle value along the tail's policy, and the changes of the farkle
    /// value over which that policy stays optimal (as a turn's
    /// [`Solution::policy_range`]): the tail is a turn over contexts alone,
    /// so the same argument holds. Along a fixed policy its values solve
    /// linear equations; where every choice (each roll's set-aside, bank or
    /// roll) stays at least as good as each alternative when all move along
    /// their slopes, those values satisfy the optimality equations at the
    /// moved farkle value, whose solution is unique (every policy's turn
    /// ends: see `Model::check_turns_end`).
    fn tail_sloped(&self, banks: &[f64], farkle: f64) -> (Vec<f64>, Vec<f64>, (f64, f64)) {
        let m = self.model;
        let by_left = |left: usize| banks[if banks.len() > 1 { leftover_class(left) } else { 0 }];
        let v = self.tail_values(banks, farkle);
        let n = m.contexts();
        let value_of = |s: &Succ| match *s {
            Succ::Instant => 1.0,
            Succ::End { left, .. } => by_left(usize::from(left)),
            Succ::Ctx { ctx, .. } => v[ctx as usize],
        };
        // Per context: each roll's chosen set-aside (the first of the best,
        // as the values were taken), and whether the context banks.
        let mut chosen: Vec<Vec<usize>> = Vec::with_capacity(n);
        let mut rolls_value = Vec::with_capacity(n);
        for t in &m.tables[..n] {
            let mut picks = Vec::with_capacity(t.rolls.len());
            let mut roll = t.farkle * farkle;
            for &(p, from, to) in &t.rolls {
                let options = &t.succ[from as usize..to as usize];
                let mut best = (f64::NEG_INFINITY, 0);
                for (i, o) in options.iter().enumerate() {
                    let x = value_of(o);
                    if x > best.0 {
                        best = (x, i);
                    }
                }
                picks.push(best.1);
                roll += p * best.0;
            }
            chosen.push(picks);
            rolls_value.push(roll);
        }
        let banking: Vec<bool> = (0..n).map(|c| by_left(dice_of(c)) >= rolls_value[c]).collect();
        // The policy's slopes: a farkle moves with the farkle value, the
        // ends and the banks do not.
        let mut slopes = vec![0.0; n];
        let roll_slope = |c: usize, slopes: &[f64]| -> f64 {
            let t = &m.tables[c];
            t.farkle
                + t.rolls
                    .iter()
                    .zip(&chosen[c])
                    .map(|(&(p, from, _), &i)| match t.succ[from as usize + i] {
                        Succ::Ctx { ctx, .. } => p * slopes[ctx as usize],
                        _ => 0.0,
                    })
                    .sum::<f64>()
        };
        for _ in 0..100_000 {
            let mut delta: f64 = 0.0;
            for c in 0..n {
                let x = if banking[c] { 0.0 } else { roll_slope(c, &slopes) };
                delta = delta.max((x - slopes[c]).abs());
                slopes[c] = x;
            }
            if delta < 1e-18 {
                break;
            }
        }
        let slope_of = |s: &Succ| match *s {
            Succ::Ctx { ctx, .. } => slopes[ctx as usize],
            _ => 0.0,
        };
        // The range: every choice against every alternative.
        let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
        let mut narrow = |gap: f64, slope_gap: f64| {
            if slope_gap > 0.0 {
                lo = lo.max(-gap / slope_gap);
            } else if slope_gap < 0.0 {
                hi = hi.min(gap / -slope_gap);
            }
        };
        for c in 0..n {
            let t = &m.tables[c];
            for (&(_, from, to), &i) in t.rolls.iter().zip(&chosen[c]) {
                let options = &t.succ[from as usize..to as usize];
                let (best, best_slope) = (value_of(&options[i]), slope_of(&options[i]));
                for o in options {
                    narrow(best - value_of(o), best_slope - slope_of(o));
                }
            }
            let (bank, roll, rs) = (by_left(dice_of(c)), rolls_value[c], roll_slope(c, &slopes));
            if banking[c] {
                narrow(bank - roll, -rs);
            } else {
                narrow(roll - bank, rs);
            }
        }
        (v, slopes, (lo.min(0.0), hi.max(0.0)))
    }

    /// The mover's turn at `(a, b)` with farkle value `farkle` and pass
    /// value `pass`, solved, and what its top could have lost.
    pub(super) fn solve_turn(&self, a: usize, b: usize, farkle: f64, pass: f64) -> (Solution<'m>, f64) {
        self.solve_turn_sloped(a, b, farkle, pass, false, None)
    }

    /// [`Self::solve_turn`], with the values' slopes when `slopes` is set,
    /// for reads up to level `reads` (see [`Self::setup`]).
    pub(super) fn solve_turn_sloped(
        &self,
        a: usize,
        b: usize,
        farkle: f64,
        pass: f64,
        slopes: bool,
        reads: Option<usize>,
    ) -> (Solution<'m>, f64) {
        let TurnSetup { payoff, levels, loss, range, slack, .. } = self.setup(a, b, farkle, pass, reads);
        let p = params(self.model, self.sides.side(a));
        let sol = self.model.solve_payoff_sloped(p, payoff, levels, self.reach, slopes);
        SetupLeft { loss, range, slack }.finish(sol)
    }

    /// The turns `(a, b)` of `turns` with farkle value `farkle` (no
    /// penalty), at most [`LANES`] of them, solved side by side with slopes
    /// (see [`crate::pushluck::lanes`]): each exactly [`Self::start`].
    pub(super) fn starts(&self, turns: &[(usize, usize, f64)]) -> Vec<Start<'m>> {
        let turns: Vec<_> = turns.iter().map(|&(a, b, f)| (a, b, f, f)).collect();
        self.solve_lanes::<true>(&turns, 0, Some(self.solve_reads()))
            .into_iter()
            .map(|(sol, loss)| self.start_of(sol, loss, None))
            .collect()
    }

    /// [`Self::starts`], each turn carrying along its choices what `carry`
    /// gives for it (given the mover, the opponent and the turn prepared),
    /// with what it carries at the turn's start ([`Start::carried`]; `None`
    /// for a turn solved alone, see [`fill_lanes_carrying`], whose choices
    /// are recorded). The turns' values and choices are not kept, only their
    /// start values, slopes and policy ranges (the range as wide as
    /// [`Self::starts`] gives, or wider: cells proved to bank are not
    /// solved).
    pub(super) fn starts_carrying(
        &self,
        turns: &[(usize, usize, f64)],
        carry: impl Fn(usize, usize, &Solution<'m>) -> Carry,
    ) -> Vec<Start<'m>> {
        let turns: Vec<_> = turns.iter().map(|&(a, b, f)| (a, b, f, f)).collect();
        let (mut sols, setups) = self.prepare_lanes(&turns, true, Some(self.solve_reads()));
        let carries: Vec<Carry> = turns.iter().zip(&sols).map(|(&(a, b, ..), sol)| carry(a, b, sol)).collect();
        let carried = fill_lanes_carrying(&mut sols, &carries);
        sols.into_iter()
            .zip(setups)
            .zip(carried)
            .map(|((sol, setup), carried)| {
                let (sol, loss) = setup.finish(sol);
                self.start_of(sol, loss, carried.map(|c| c[self.start]))
            })
            .collect()
    }

    /// The solved turn `sol` (with slopes) read at its start.
    fn start_of(&self, sol: Solution<'m>, loss: f64, carried: Option<[f64; 2]>) -> Start<'m> {
        Start { value: sol.roll_values[self.start], slope: sol.roll_slopes[self.start], loss, sol, carried }
    }

    /// The turns `(a, b)` of `turns` with farkle value `farkle` and pass
    /// value `pass`, at most [`LANES`] of them, solved side by side
    /// without slopes, their choices recorded: each exactly
    /// [`Self::solve_turn`].
    pub(super) fn solve_turns(&self, turns: &[(usize, usize, f64, f64)]) -> Vec<(Solution<'m>, f64)> {
        self.solve_lanes::<false>(turns, 0, Some(self.solve_reads()))
    }

    /// The mover's turns at `(a, b)` for each farkle value of `farkles`,
    /// with stops that score nothing worth `pass`, the turn of `farkles[i]`
    /// read at level `i + 1` only (by `read`, given `i` and the turn):
    /// under the return, a turn on a leftover per inherited total. They are
    /// solved [`LANES`] at a time side by side, each batch down to its
    /// lowest level read. They differ in the farkle value alone, so they
    /// share one setup (most of a short turn's cost), made for the largest:
    /// its top, where a bank beats the best one-roll look-ahead at that
    /// farkle value, is one for the smaller values too (the look-ahead
    /// grows with the farkle value); a top where a stationary tail begins
    /// does not depend on the farkle value at all, only the tail's values
    /// do, which each turn gets for its own. Rules where a bank can be
    /// worth the farkle value (an exact goal) are set up one by one.
    /// (Setting up each turn alone, or each batch, was most of the time of
    /// Farkle's return: its banks valued again and again.)
    ///
    /// A batch is first solved with its tail [`LOWER_TOP`] times a roll's
    /// reach above the goal (or its reads): far below the shared top,
    /// which bounds what any way of playing could climb. The lanes then
    /// follow how far the values read may be off (see
    /// `lanes::fill_lanes_read_below`): the values above that top are
    /// within the banks' rise there, and a cell that banks by more than
    /// its roll's bound is exact, so where every path up from the reads
    /// passes such a cell the reads are exact. If the bound is within
    /// [`TAIL`], as for the tail cut, the batch is done; otherwise it is
    /// solved again up to the shared top. Returns how many batches were
    /// done below it.
    pub(super) fn solve_farkles_down_to(
        &self,
        a: usize,
        b: usize,
        farkles: &[f64],
        pass: f64,
        mut read: impl FnMut(usize, &Solution<'m>),
    ) -> usize {
        let reads = farkles.len();
        let at: Vec<usize> = (0..reads).collect();
        if self.model.rules.game.exact_goal {
            for batch in at.chunks(LANES) {
                let turns: Vec<_> = batch.iter().map(|&i| (a, b, farkles[i], pass)).collect();
                for (&i, (sol, _)) in batch.iter().zip(self.solve_lanes::<false>(&turns, batch[0] + 1, Some(reads))) {
                    read(i, &sol);
                }
            }
            return 0;
        }
        let most = farkles.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let shared = self.setup(a, b, most, pass, Some(reads));
        let p = params(self.model, self.sides.side(a));
        let g = self.grid();
        let past = self.reach * LOWER_TOP.0 / LOWER_TOP.1;
        let prepare = |i: usize, levels: usize| {
            let farkle = farkles[i];
            // The tail's banks at the shared top, or at a lower one (its
            // banks are in the payoff: below the shared top, every level's).
            let above = shared.tail.as_ref().map(|banks| {
                let at = levels * shared.payoff.stride;
                let banks = if levels == shared.levels { banks } else { &shared.payoff.banks[at..at + banks.len()] };
                self.tail_values(banks, farkle)
            });
            let payoff = WinPayoff { farkle, above, ..shared.payoff.clone() };
            self.model.prepare_payoff(p, payoff, levels, self.reach, false)
        };
        let mut lowered = 0;
        for batch in at.chunks(LANES) {
            let last = batch[batch.len() - 1];
            let lower = (shared.first.max(last + 2) + past).min(shared.levels);
            let rise = self.rise_above(a, b, level_total(lower, g));
            if let Some(rise) = rise.filter(|_| shared.tail.is_some() && lower < shared.levels) {
                let mut sols: Vec<Solution<'m>> = batch.iter().map(|&i| prepare(i, lower)).collect();
                let off = fill_lanes_read_below(&mut sols, batch[0] + 1, last + 2, rise);
                if off <= TAIL {
                    for (&i, sol) in batch.iter().zip(&sols) {
                        read(i, sol);
                    }
                    lowered += 1;
                    continue;
                }
            }
            let mut sols: Vec<Solution<'m>> = batch.iter().map(|&i| prepare(i, shared.levels)).collect();
            fill_lanes_read_below(&mut sols, batch[0] + 1, last + 2, 0.0);
            for (&i, sol) in batch.iter().zip(&sols) {
                read(i, sol);
            }
        }
        lowered
    }

    /// [`Self::solve_turn_sloped`] of every turn `(a, b, farkle, pass)`, side
    /// by side, down to level `bottom`.
    fn solve_lanes<const SLOPED: bool>(
        &self,
        turns: &[(usize, usize, f64, f64)],
        bottom: usize,
        reads: Option<usize>,
    ) -> Vec<(Solution<'m>, f64)> {
        let (mut sols, setups) = self.prepare_lanes(turns, SLOPED, reads);
        fill_lanes_down_to::<SLOPED>(&mut sols, bottom);
        sols.into_iter().zip(setups).map(|(sol, setup)| setup.finish(sol)).collect()
    }

    /// The turns `(a, b, farkle, pass)` prepared to solve side by side
    /// (with slopes when `sloped`), with what their setups say besides.
    fn prepare_lanes(
        &self,
        turns: &[(usize, usize, f64, f64)],
        sloped: bool,
        reads: Option<usize>,
    ) -> (Vec<Solution<'m>>, Vec<SetupLeft>) {
        turns
            .iter()
            .map(|&(a, b, farkle, pass)| {
                let TurnSetup { payoff, levels, loss, range, slack, .. } = self.setup(a, b, farkle, pass, reads);
                let p = params(self.model, self.sides.side(a));
                (self.model.prepare_payoff(p, payoff, levels, self.reach, sloped), SetupLeft { loss, range, slack })
            })
            .unzip()
    }

    /// The mover's whole turn at `(a, b)`, solved with the table's values:
    /// what advice ranks.
    pub(crate) fn turn(&self, a: usize, b: usize) -> Solution<'m> {
        let (farkle, pass) = self.farkle_and_pass(a, b);
        self.solve_turn(a, b, farkle, pass).0
    }

    /// [`Self::turn`] of each pair of `pairs` (at most [`LANES`]), solved
    /// side by side: the same solutions, to the bit.
    pub(super) fn turns(&self, pairs: &[(usize, usize)]) -> Vec<Solution<'m>> {
        let turns: Vec<_> = pairs
            .iter()
            .map(|&(a, b)| {
                let (farkle, pass) = self.farkle_and_pass(a, b);
                (a, b, farkle, pass)
            })
            .collect();
        self.solve_lanes::<false>(&turns, 0, None).into_iter().map(|(sol, _)| sol).collect()
    }

    /// The mover's turn at `(a, b)` begun on the opponent's leftover with
    /// `t` points inherited: under `piggyback=return` a farkle there is
    /// worth [`Self::returned_farkle`]; otherwise it is [`Self::turn`].
    pub(crate) fn turn_on_leftover(&self, a: usize, b: usize, t: i64) -> Solution<'m> {
        if !self.model.rules.turn.piggyback_return {
            return self.turn(a, b);
        }
        let (_, pass) = self.farkle_and_pass(a, b);
        self.solve_turn(a, b, self.returned_farkle(a, b, t), pass).0
    }

    /// The mover's turn at `(a, b)` for farkle value `farkle` (no penalty:
    /// a pass is worth the same), solved with slopes: its start value and
    /// that value's derivative with respect to `farkle` along the policy
    /// found (see [`Start`]).
    #[cfg(test)]
    pub(super) fn start(&self, a: usize, b: usize, farkle: f64) -> Start<'m> {
        let (sol, loss) = self.solve_turn_sloped(a, b, farkle, farkle, true, Some(self.solve_reads()));
        self.start_of(sol, loss, None)
    }
}

/// What a turn's setup says beyond its payoff, for the turn once solved.
struct SetupLeft {
    loss: f64,
    range: (f64, f64),
    slack: f64,
}

impl SetupLeft {
    /// The solved turn `sol`, its policy range within the setup's and its
    /// margin within the slack of its top, with what its top could have
    /// lost.
    fn finish<'m>(self, mut sol: Solution<'m>) -> (Solution<'m>, f64) {
        let (lo, hi) = sol.policy_range;
        sol.policy_range = (lo.max(self.range.0), hi.min(self.range.1));
        sol.margin = sol.margin.min(self.slack);
        (sol, self.loss)
    }
}

/// A turn solved with slopes for the pair fixed point ([`WinValues::pair`]).
pub(super) struct Start<'m> {
    /// The turn's start value.
    pub(super) value: f64,
    /// Its derivative with respect to the farkle value, along the policy
    /// (which stays optimal over `sol.policy_range`).
    pub(super) slope: f64,
    /// What the turn's top could have lost.
    pub(super) loss: f64,
    pub(super) sol: Solution<'m>,
    /// What the turn carried to its start along its choices, when solved
    /// carrying ([`WinValues::starts_carrying`]).
    pub(super) carried: Option<[f64; 2]>,
}
