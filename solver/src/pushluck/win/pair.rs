//! The pair solve (no penalty): pairs of totals by decreasing total, each
//! pair's farkle cycle `(a, b)`, `(b, a)` solved by Newton's method with
//! the turns' exact slopes (see the win module's documentation).

use rayon::prelude::*;

use super::turn::Start;
use super::values::WinValues;
use super::{facts, last_turn::leftover_context, offers};
use crate::progress::Progress;
use crate::pushluck::lanes::LANES;
use crate::pushluck::level_total;
use crate::pushluck::solution::Solution;
use crate::report::WinFacts;

/// A fixed point is accepted when `|x - f(1 - g(1 - x))|` is below this.
pub(crate) const RESIDUAL: f64 = 1e-14;
/// One evaluation of a pair at the estimates `(x, y)` of `(W(a, b),
/// W(b, a))`: the turn of `(a, b)` with farkle value `1 - y` and the turn of
/// `(b, a)` with farkle value `1 - x` (none when `a == b`: `y = x`).
struct Eval<'m> {
    x: f64,
    y: f64,
    ab: Start<'m>,
    ba: Option<Start<'m>>,
}

impl Eval<'_> {
    /// How far the estimates are from what the turns give back.
    fn residual(&self) -> f64 {
        let rx = (self.ab.value - self.x).abs();
        self.ba.as_ref().map_or(rx, |ba| rx.max((ba.value - self.y).abs()))
    }

    /// The Newton step: where the two turns' value lines (each exact along
    /// its policy) meet the estimates, `x = f0 + f' (y0 - y)`, `y = g0 + g'
    /// (x0 - x)`.
    fn step(&self) -> (f64, f64) {
        let (f0, fs) = (self.ab.value, self.ab.slope);
        match &self.ba {
            // x = f0 + f' (x0 - x).
            None => {
                let x = (f0 + fs * self.x) / (1.0 + fs);
                (x, x)
            }
            Some(ba) => {
                let (g0, gs) = (ba.value, ba.slope);
                let x = (f0 + fs * (self.y - g0 - gs * self.x)) / (1.0 - fs * gs);
                (x, g0 + gs * (self.x - x))
            }
        }
    }

    /// The residual at `(x2, y2)` along this evaluation's policies, when
    /// both stay optimal there (inside their policy ranges).
    fn certified(&self, (x2, y2): (f64, f64)) -> Option<f64> {
        let inside = |d: f64, r: (f64, f64)| r.0 <= d && d <= r.1;
        let d_ab = self.y - y2; // (1 - y2) - (1 - y)
        inside(d_ab, self.ab.sol.policy_range).then_some(())?;
        let x3 = self.ab.value + self.ab.slope * d_ab;
        let y3 = match &self.ba {
            None => x3,
            Some(ba) => {
                let d_ba = self.x - x2;
                inside(d_ba, ba.sol.policy_range).then_some(())?;
                ba.value + ba.slope * d_ba
            }
        };
        Some((x3 - x2).abs().max((y3 - y2).abs()))
    }
}

/// A pair on its way to its fixed point.
struct Pending<'m> {
    a: usize,
    b: usize,
    /// The estimates the next evaluation is made at.
    next: (f64, f64),
    /// Newton steps while they make progress, plain steps after.
    newton: bool,
    /// The evaluation with the smallest residual so far.
    best: Option<Eval<'m>>,
    last_residual: f64,
    rounds: usize,
    facts: WinFacts,
}

/// A solved pair: its values `at`, and the evaluation whose policies are
/// optimal there (with `offers`, the piggyback offers to read off it).
struct Done<'m> {
    a: usize,
    b: usize,
    at: (f64, f64),
    facts: WinFacts,
    eval: Eval<'m>,
    offers: bool,
}

/// Pairs whose turns are solved and held at once (four batches of lanes:
/// work for both threads, and a few megabytes of turns).
const SLICE_PAIRS: usize = 16;

/// Rounds of evaluations a pair gets before its best is taken.
const ROUNDS_MAX: usize = 200;

impl<'m> WinValues<'m> {
    /// Solves the pairs `(a, b)`, `(b, a)` of one total from guesses of
    /// their values (the neighbours' trend), all together: both values,
    /// and with piggyback the offer blocks read off the turns of the
    /// evaluation accepted.
    ///
    /// Each round evaluates every pair not yet solved at its estimates
    /// `(x, y)`: the turn of `(a, b)` with farkle value `1 - y` and the
    /// turn of `(b, a)` with farkle value `1 - x`, the round's turns solved
    /// side by side in SIMD lanes ([`WinValues::starts`], movers of
    /// similar totals together) and the lanes' batches in parallel. Along
    /// fixed policies both turns' start values are linear in their farkle
    /// values (the slopes the DP tracks), so a Newton step to where the
    /// two lines meet solves the pair exactly when those policies are
    /// optimal there; each turn's DP says over which range of farkle values
    /// that holds ([`Solution::policy_range`]), so a step inside both
    /// ranges is accepted without evaluating again (most pairs: one
    /// round). Otherwise the step is the next round's estimate; a Newton
    /// step that does not shrink the residual is followed by plain steps
    /// (the map's slopes are below 1 in size). A pair stops at a certified
    /// step or a residual below [`RESIDUAL`].
    pub(super) fn solve_total(&self, guesses: Vec<(usize, usize, (f64, f64))>) -> Vec<Solved> {
        let new_facts = || WinFacts { truncation: 0.0, residual: 0.0, turn_solves: 0 };
        let mut pending: Vec<Pending<'m>> = guesses
            .into_iter()
            .map(|(a, b, next)| Pending {
                a,
                b,
                next,
                newton: true,
                best: None,
                last_residual: f64::INFINITY,
                rounds: 0,
                facts: new_facts(),
            })
            .collect();
        let mut solved = Vec::with_capacity(pending.len());
        while !pending.is_empty() {
            // The round in slices of pairs: each slice's turns are solved,
            // decided, and what the accepted ones say is read off them
            // before the next slice's (only a slice's turns are held at
            // once); the pairs left over go to the next round together.
            let mut still = vec![];
            let mut rest = pending;
            while !rest.is_empty() {
                let later = rest.split_off(rest.len().min(SLICE_PAIRS));
                let slice = std::mem::replace(&mut rest, later);
                let (done, left) = self.round(slice);
                // What the accepted turns say beyond the values (the game
                // facts, the piggyback offers), pair by pair in parallel.
                solved.par_extend(done.into_par_iter().map(|d| self.accept(d)));
                still.extend(left);
            }
            pending = still;
        }
        solved
    }

    /// One round of `pending` pairs: each evaluated at its estimates (the
    /// turns side by side in lanes), then solved (a certified step, a
    /// residual small enough, or out of rounds) or given its next
    /// estimates.
    fn round(&self, pending: Vec<Pending<'m>>) -> (Vec<Done<'m>>, Vec<Pending<'m>>) {
        let piggyback = self.offers.is_some();
        let mut done: Vec<Done<'m>> = vec![];
        // This round's turns, by mover (lanes of similar lengths).
        let mut turns: Vec<(usize, usize, f64, usize, bool)> = vec![];
        for (i, p) in pending.iter().enumerate() {
            let (x, y) = p.next;
            turns.push((p.a, p.b, 1.0 - y, i, true));
            if p.a != p.b {
                turns.push((p.b, p.a, 1.0 - x, i, false));
            }
        }
        turns.sort_by_key(|t| (t.0, t.1));
        let batches: Vec<&[_]> = turns.chunks(LANES).collect();
        // The longest batch beside the shortest, and so on: the halves
        // the threads split the list into hold as much work each.
        let order: Vec<usize> =
            (0..batches.len().div_ceil(2)).flat_map(|i| [i, batches.len() - 1 - i]).take(batches.len()).collect();
        let mut solved: Vec<(usize, Vec<Start<'m>>)> = order
            .par_iter()
            .map(|&i| {
                let batch: Vec<(usize, usize, f64)> = batches[i].iter().map(|t| (t.0, t.1, t.2)).collect();
                // Without piggyback the game facts ride along the DP (with
                // it they need the turns' values and choices).
                let starts = match self.pair_facts.as_ref().filter(|_| !piggyback) {
                    Some(f) => self.starts_carrying(&batch, |a, b, sol| f.optimal_carry(self, a, b, sol)),
                    None => self.starts(&batch),
                };
                (i, starts)
            })
            .collect();
        solved.sort_by_key(|(i, _)| *i);
        let starts = solved.into_iter().flat_map(|(_, s)| s);
        let mut evals: Vec<(Option<Start<'m>>, Option<Start<'m>>)> = (0..pending.len()).map(|_| (None, None)).collect();
        for (t, mut s) in turns.iter().zip(starts) {
            // What a pair reads of a turn from here on: its start and policy
            // range, its values and choices (the game facts, the offers),
            // and with piggyback the roll values' slopes (the offers of a
            // step accepted on its ranges move along them); the other
            // slopes would only take memory.
            s.sol.slopes = vec![];
            if !piggyback {
                s.sol.roll_slopes = vec![];
            }
            let e = &mut evals[t.3];
            if t.4 {
                e.0 = Some(s);
            } else {
                e.1 = Some(s);
            }
        }
        let mut still = Vec::with_capacity(pending.len());
        for (mut p, (ab, ba)) in pending.into_iter().zip(evals) {
            let (x, y) = p.next;
            let e = Eval { x, y, ab: ab.expect("every pair's turn"), ba };
            for s in std::iter::once(&e.ab).chain(e.ba.as_ref()) {
                p.facts.truncation = p.facts.truncation.max(s.loss);
                p.facts.turn_solves += 1;
            }
            p.rounds += 1;
            let residual = e.residual();
            let step = e.step();
            let step_ok = p.newton
                && step.0.is_finite()
                && step.1.is_finite()
                && (0.0..=1.0).contains(&step.0)
                && (0.0..=1.0).contains(&step.1);
            // With piggyback the offers are read off the turns themselves,
            // moved along their slopes to the step: only where every offer
            // read is inside the turn's solved levels (their slopes known).
            if residual > RESIDUAL && (!piggyback || self.offers_inside(p.a, p.b, &e)) {
                if let Some(r) = step_ok.then(|| e.certified(step)).flatten() {
                    p.facts.residual = r;
                    done.push(Done { a: p.a, b: p.b, at: step, facts: p.facts, eval: e, offers: piggyback });
                    continue;
                }
            }
            // Newton again only while it makes progress.
            p.newton = residual < p.last_residual;
            p.last_residual = residual;
            p.next =
                if step_ok && p.newton { step } else { (e.ab.value, e.ba.as_ref().map_or(e.ab.value, |s| s.value)) };
            if p.best.as_ref().is_none_or(|b| residual < b.residual()) {
                p.best = Some(e);
            }
            let best = p.best.as_ref().expect("just set").residual();
            if best <= RESIDUAL || p.rounds >= ROUNDS_MAX {
                let Pending { a, b, best, mut facts, .. } = p;
                let eval = best.expect("one evaluation at least");
                facts.residual = eval.residual();
                done.push(Done { a, b, at: (eval.x, eval.y), facts, eval, offers: piggyback });
            } else {
                still.push(p);
            }
        }
        (done, still)
    }

    /// A pair's values `d.at`, with what its accepted evaluation's turns
    /// say beyond them.
    fn accept(&self, d: Done<'m>) -> Solved {
        let Done { a, b, at: (x, y), mut facts, eval: e, offers } = d;
        let offers = offers.then(|| {
            if self.model.rules.turn.piggyback_return {
                // A farkle on a leftover is worth another value per
                // inherited total: each is its own turn (the pass values,
                // a stop that scores nothing, are the pair's), counted
                // with the pair's turn DPs.
                let (ab, n_ab) = self.returned_offer_block(a, b, 1.0 - y);
                let (ba, n_ba) = if a == b { (ab.clone(), 0) } else { self.returned_offer_block(b, a, 1.0 - x) };
                facts.turn_solves += n_ab + n_ba;
                return (ab, ba);
            }
            // The turns' farkle values moved from the evaluation's to the
            // fixed point's by these (0 for an evaluation at the fixed point).
            let ab = self.offer_block(a, &e.ab.sol, e.y - y);
            let ba = e.ba.as_ref().map_or_else(|| ab.clone(), |s| self.offer_block(b, &s.sol, e.x - x));
            (ab, ba)
        });
        let lanes = self.pair_lanes(&e.ab, e.ba.as_ref(), a, b, offers.as_ref(), (x, y));
        Solved { a, b, x, y, facts, offers, lanes }
    }
}

impl<'m> WinValues<'m> {
    /// What the turns `ab` of `(a, b)` and `ba` of `(b, a)` contribute to
    /// the game facts, when they are solved along ([`facts::PairFacts`]):
    /// with piggyback, from the pair's offer blocks `offers` and values
    /// `(W(a, b), W(b, a))`.
    pub(super) fn pair_lanes(
        &self,
        ab: &Start,
        ba: Option<&Start>,
        a: usize,
        b: usize,
        offers: Option<&(Vec<f64>, Vec<f64>)>,
        (x, y): (f64, f64),
    ) -> Option<facts::PairLanes> {
        let f = self.pair_facts.as_ref()?;
        let none = (vec![], vec![]);
        let (offers_ab, offers_ba) = offers.unwrap_or(&none);
        let piggyback = f.offered.is_some();
        // A turn that carried the facts along its DP is read off that.
        let optimal = |mover: usize, other: usize, s: &Start, offers: &[f64], w: f64| match s.carried {
            Some(c) => facts::TurnLanes { start: (c, s.slope), offers: vec![] },
            None => f.optimal_turn(self, mover, other, &s.sol, offers, w),
        };
        Some(facts::PairLanes {
            ab: optimal(a, b, ab, offers_ab, x),
            ba: ba.map(|s| optimal(b, a, s, offers_ba, y)),
            ev_ab: piggyback.then(|| f.ev_turn(self, a, b)),
            ev_ba: (piggyback && a != b).then(|| f.ev_turn(self, b, a)),
        })
    }

    /// Whether every piggyback value the pair `(a, b)` reads off the turns
    /// of `e` is inside their solved levels, where the DP knows its slope.
    fn offers_inside(&self, a: usize, b: usize, e: &Eval) -> bool {
        let t_levels = self.offers.as_ref().map_or(0, |o| o.t_levels);
        let inside = |mover: usize, s: &Start| {
            !self.may_piggyback(mover) || (t_levels < s.sol.levels && !s.sol.roll_slopes.is_empty())
        };
        inside(a, &e.ab) && e.ba.as_ref().is_none_or(|s| inside(b, s))
    }

    /// The piggyback values of the mover at side `a`, read off its turn
    /// `sol`: `[k - 1][t / grid - 1]`, `NaN` where the mover may not
    /// piggyback (see [`offers`]). `moved` is how far the pair's fixed
    /// point moved the turn's farkle value from the one it was solved at,
    /// inside its policy range (0: solved at the fixed point): each value
    /// moves along its slope, exactly, as the policy stays optimal.
    pub(super) fn offer_block(&self, a: usize, sol: &Solution, moved: f64) -> Vec<f64> {
        let m = self.model;
        let t_levels = self.offers.as_ref().map_or(0, |o| o.t_levels);
        let mut out = vec![f64::NAN; offers::LEFTOVER_DICE * t_levels];
        if !self.may_piggyback(a) {
            return out;
        }
        for k in 1..=offers::LEFTOVER_DICE {
            let Some(c) = leftover_context(m, k) else { continue };
            for l in 1..=t_levels {
                let mut r = sol.roll_value_at(level_total(l, m.grid), c);
                if moved != 0.0 {
                    r += moved * sol.roll_slopes[l * m.contexts() + c];
                }
                out[(k - 1) * t_levels + l - 1] = r;
            }
        }
        out
    }
}

impl WinValues<'_> {
    /// Under `piggyback=return`, the piggyback values of the mover at side
    /// `a` against the opponent at side `b` (laid out as
    /// [`Self::offer_block`]): per inherited total `t`, the mover's turn
    /// solved with a farkle worth [`Self::returned_farkle`] and a stop that
    /// scores nothing worth `pass`, read at turn total `t`. Inherited totals
    /// above the opponent's total (which includes them) cannot be offered
    /// and stay `NaN`. Also returns the number of turn DPs solved.
    pub(super) fn returned_offer_block(&self, a: usize, b: usize, pass: f64) -> (Vec<f64>, u64) {
        let m = self.model;
        let t_levels = self.offers.as_ref().map_or(0, |o| o.t_levels);
        let mut out = vec![f64::NAN; offers::LEFTOVER_DICE * t_levels];
        if !self.may_piggyback(a) {
            return (out, 0);
        }
        let most = usize::try_from(self.sides.side(b).total / m.grid).unwrap_or(0).min(t_levels);
        let farkles: Vec<f64> = (1..=most).map(|l| self.returned_farkle(a, b, level_total(l, m.grid))).collect();
        let contexts: Vec<(usize, usize)> =
            (1..=offers::LEFTOVER_DICE).filter_map(|k| leftover_context(m, k).map(|c| (k, c))).collect();
        self.solve_farkles_down_to(a, b, &farkles, pass, |i, sol| {
            // Each is read at its inherited total only.
            let l = i + 1;
            for &(k, c) in &contexts {
                out[(k - 1) * t_levels + l - 1] = sol.roll_value_at(level_total(l, m.grid), c);
            }
        });
        (out, most as u64)
    }
}

/// One pair's values, as [`solve_pairs`] collects them.
pub(super) struct Solved {
    pub(super) a: usize,
    pub(super) b: usize,
    pub(super) x: f64,
    pub(super) y: f64,
    pub(super) facts: WinFacts,
    /// With piggyback: the offer blocks of `(a, b)` and `(b, a)`.
    pub(super) offers: Option<(Vec<f64>, Vec<f64>)>,
    /// With [`facts::PairFacts`]: what the pair's optimal turns contribute.
    /// (A step accepted by its policy ranges has the policies of the
    /// evaluation it stepped from, optimal at the fixed point too.)
    pub(super) lanes: Option<facts::PairLanes>,
}

/// Without the penalty: pairs of totals by decreasing total, each pair's
/// farkle cycle by Newton's method (see the module documentation).
pub(super) fn solve_pairs(values: &mut WinValues, progress: &dyn Progress) -> WinFacts {
    let n = values.len();
    // Progress in turn levels (what a pair's turns cost), so that the time
    // left read off the rate so far holds: the pairs near the goal, solved
    // first, have short turns, but are evaluated more often (see
    // `evaluations`).
    let max_turn = values.max_turn;
    let work = |total: usize| -> u64 {
        let lo = total.saturating_sub(n - 1);
        let per_pair = evaluations(total, n);
        // Whole numbers of levels (a share of a level is no work unit).
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        (lo..=total / 2).map(|a| (pair_work(n, max_turn, a, total - a) as f64 * per_pair) as u64).sum()
    };
    progress.stage("every pair of players' totals (work so far)", (0..=2 * (n - 1)).map(work).sum());
    let mut facts = WinFacts { truncation: 0.0, residual: 0.0, turn_solves: 0 };
    for total in (0..=2 * (n - 1)).rev() {
        let lo = total.saturating_sub(n - 1);
        let hi = total / 2;
        let v = &*values;
        // The neighbours' trend continued (a close guess keeps the
        // policies of the first evaluation those of the fixed point, so
        // that its Newton step is accepted at once).
        let guesses = (lo..=hi).map(|a| (a, total - a, (guess(v, a, total - a), guess(v, total - a, a)))).collect();
        let solved = v.solve_total(guesses);
        let mut lanes = Vec::new();
        for Solved { a, b, x, y, facts: f, offers, lanes: l } in solved {
            values.w[a * n + b] = x;
            values.w[b * n + a] = y;
            lanes.extend(l.map(|l| (a, b, l)));
            if let (Some(o), Some((ab, ba))) = (values.offers.as_mut(), offers) {
                o.pair_mut(a, b).copy_from_slice(&ab);
                o.pair_mut(b, a).copy_from_slice(&ba);
            }
            facts.truncation = facts.truncation.max(f.truncation);
            facts.residual = facts.residual.max(f.residual);
            facts.turn_solves += f.turn_solves;
        }
        if let Some(mut f) = values.pair_facts.take() {
            for (a, b, l) in &lanes {
                f.settle(values, *a, *b, l);
            }
            values.pair_facts = Some(f);
        }
        progress.advance(work(total));
    }
    facts
}

/// How many times, about, a pair of sum of totals `total` (of `n`
/// totals each) has its turns evaluated, relative to a pair that needs one
/// evaluation: near the goal the guesses are poorer and the policy ranges
/// narrower, so fewer steps are certified at once. Measured on Farkle
/// with Van't Hof: 2.0 evaluations a pair at the top, 1.6 at three
/// quarters of the way, 1.2 halfway, 1.03 at a quarter: `1 + x^2`, `x` the
/// pair's share of the largest sum.
fn evaluations(total: usize, n: usize) -> f64 {
    let x = total as f64 / (2 * n - 1) as f64;
    1.0 + x * x
}

/// The work of the pair `(a, b)` of `n` totals, in turn levels: a turn
/// is solved to the goal from its mover's total (or as far as a turn can
/// score, `max_turn` levels, when bounded), and its setup and game facts
/// cost about as much as [`SETUP_LEVELS`] levels more (they cover the
/// levels a set-aside reaches above the turn's; fitted so that the time
/// left holds from a few seconds into Van't Hof's solve).
fn pair_work(n: usize, max_turn: Option<usize>, a: usize, b: usize) -> u64 {
    let turn = |x: usize| ((n - x).min(max_turn.map_or(usize::MAX, |l| l + 1)) + SETUP_LEVELS) as u64;
    if a == b {
        turn(a)
    } else {
        turn(a) + turn(b)
    }
}

/// See [`pair_work`].
const SETUP_LEVELS: usize = 60;

/// A guess of `W(a, b)` from the solved pairs of higher totals: their
/// trend continued.
fn guess(v: &WinValues, a: usize, b: usize) -> f64 {
    let n = v.len();
    if a + 2 < n && b + 2 < n {
        // The 3 x 3 block of solved pairs above: the weights that
        // reproduce every quadratic in the two totals with the least sum
        // of squares (a smooth surface is continued to about 1e-6 where
        // one-total trends miss by 1e-5).
        const NEIGHBOURS: [(usize, usize, f64); 8] = [
            (0, 1, 8.0),
            (0, 2, -1.0),
            (1, 0, 8.0),
            (1, 1, -4.0),
            (1, 2, -4.0),
            (2, 0, -1.0),
            (2, 1, -4.0),
            (2, 2, 5.0),
        ];
        NEIGHBOURS.iter().map(|&(i, j, w)| w * v.at(a + i, b + j)).sum::<f64>() / 7.0
    } else {
        // At the goal's edge: along the opponent's total, and (where there
        // is room) along the mover's, their mean.
        let trend = |at: &dyn Fn(usize) -> f64, room: usize| match room {
            0 => None,
            1 => Some(at(1)),
            2 => Some(2.0 * at(1) - at(2)),
            _ => Some(3.0 * at(1) - 3.0 * at(2) + at(3)),
        };
        let along_b = trend(&|i| v.at(a, b + i), n - 1 - b);
        let along_a = trend(&|i| v.at(a + i, b), n - 1 - a);
        match (along_b, along_a) {
            (Some(x), Some(y)) => (x + y) / 2.0,
            (Some(x), None) | (None, Some(x)) => x,
            (None, None) => 0.5,
        }
    }
    .clamp(0.0, 1.0)
}
