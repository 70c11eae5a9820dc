//! The pair solve (no penalty): pairs of totals by decreasing total, each
//! pair's farkle cycle `(a, b)`, `(b, a)` solved by Newton's method with
//! the turns' exact slopes (see the win module's documentation).

use rayon::prelude::*;

use super::turn::Start;
use super::values::WinValues;
use super::{facts, last_turn::leftover_context, offers};
use crate::progress::Progress;
use crate::pushluck::level_total;
use crate::pushluck::solution::Solution;
use crate::report::WinFacts;

/// A fixed point is accepted when `|x - f(1 - g(1 - x))|` is below this.
pub(crate) const RESIDUAL: f64 = 1e-14;
impl<'m> WinValues<'m> {
    /// Solves the pair `(a, b)`, `(b, a)` from a guess of `W(a, b)` (the
    /// neighbours' trend): both values, and with piggyback the offer blocks
    /// of `(a, b)` and `(b, a)` read off the turns of the evaluation
    /// accepted.
    ///
    /// Newton steps on `x = phi(x)`, `phi(x) = f(1 - g(1 - x))`, with
    /// `phi`'s slope `f'(1 - y) g'(1 - x)` from the two turns' policies
    /// (tracked by the DP). Along fixed policies `f` and `g` are linear, so
    /// the step solves the pair exactly when those policies are optimal at
    /// its farkle values; each turn's DP says over which range of farkle
    /// values that holds ([`Solution::policy_range`]), so a step inside
    /// both ranges is accepted without evaluating `phi` again (most pairs:
    /// one evaluation). Otherwise `phi` is evaluated at the step; a Newton
    /// step that does not shrink the residual is followed by a plain
    /// fixed-point step (`phi`'s slope is below 1 in size). It stops at a
    /// certified step or a residual below [`RESIDUAL`].
    pub(super) fn pair(&self, a: usize, b: usize, guess: f64) -> Solved {
        let mut facts = WinFacts { truncation: 0.0, residual: 0.0, turn_solves: 0 };
        // One evaluation of phi at x: the turn of (b, a) with farkle value
        // 1 - x gives y (with a == b, y = x), then the turn of (a, b) with
        // farkle value 1 - y gives phi(x).
        struct Eval<'s> {
            x: f64,
            ab: Start<'s>,
            ba: Option<Start<'s>>,
        }
        impl Eval<'_> {
            pub(super) fn y(&self) -> f64 {
                self.ba.as_ref().map_or(self.x, |s| s.value)
            }
            pub(super) fn residual(&self) -> f64 {
                (self.ab.value - self.x).abs()
            }
            /// phi's slope (with a == b the map is x -> f(1 - x): -f').
            pub(super) fn slope(&self) -> f64 {
                self.ab.slope * self.ba.as_ref().map_or(-1.0, |s| s.slope)
            }
            /// The pair's values at `x2` along this evaluation's policies,
            /// when both stay optimal there: `(x, y, residual)`.
            pub(super) fn certified(&self, x2: f64) -> Option<(f64, f64, f64)> {
                let inside = |d: f64, r: (f64, f64)| r.0 <= d && d <= r.1;
                let y2 = match &self.ba {
                    None => x2,
                    Some(ba) => {
                        let d = self.x - x2; // (1 - x2) - (1 - x)
                        inside(d, ba.sol.policy_range).then_some(ba.value + ba.slope * d)?
                    }
                };
                let d = self.y() - y2;
                let x3 = self.ab.value + self.ab.slope * d;
                inside(d, self.ab.sol.policy_range).then_some((x2, y2, (x3 - x2).abs()))
            }
        }
        let piggyback = self.offers.is_some();
        let mut phi = |x: f64| -> Eval<'m> {
            let ba = (a != b).then(|| self.start(b, a, 1.0 - x));
            let y = ba.as_ref().map_or(x, |s| s.value);
            let ab = self.start(a, b, 1.0 - y);
            for s in std::iter::once(&ab).chain(ba.as_ref()) {
                facts.truncation = facts.truncation.max(s.loss);
                facts.turn_solves += 1;
            }
            Eval { x, ab, ba }
        };
        // Every evaluation, the best (smallest residual) marked.
        let mut evals = vec![phi(guess.clamp(0.0, 1.0))];
        let mut best = 0;
        let mut newton = true;
        for _ in 0..200 {
            if evals[best].residual() <= RESIDUAL {
                break;
            }
            let e = evals.last().expect("one evaluation at least");
            let step = e.x + (e.ab.value - e.x) / (1.0 - e.slope().clamp(-1.0, 0.999_999));
            let step_ok = newton && step.is_finite() && (0.0..=1.0).contains(&step);
            // With piggyback the offers are read off the turns themselves:
            // they need an evaluation at the fixed point.
            if let Some((x, y, residual)) = step_ok.then(|| e.certified(step)).flatten().filter(|_| !piggyback) {
                facts.residual = residual;
                let lanes = self.pair_lanes(&e.ab, e.ba.as_ref(), a, b, None, (x, y));
                return Solved { a, b, x, y, facts, offers: None, lanes };
            }
            let next = if step_ok { step } else { e.ab.value };
            let before = e.residual();
            evals.push(phi(next));
            let now = evals.last().expect("just pushed").residual();
            // Newton again only while it makes progress.
            newton = now < before;
            if now < evals[best].residual() {
                best = evals.len() - 1;
            }
        }
        let e = evals.swap_remove(best);
        facts.residual = e.residual();
        let (x, y) = (e.x, e.y());
        let offers = piggyback.then(|| {
            let ab = self.offer_block(a, &e.ab.sol);
            let ba = e.ba.as_ref().map_or_else(|| ab.clone(), |s| self.offer_block(b, &s.sol));
            (ab, ba)
        });
        let lanes = self.pair_lanes(&e.ab, e.ba.as_ref(), a, b, offers.as_ref(), (x, y));
        Solved { a, b, x, y, facts, offers, lanes }
    }

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
        Some(facts::PairLanes {
            ab: f.optimal_turn(self, a, b, &ab.sol, offers_ab, x),
            ba: ba.map(|s| f.optimal_turn(self, b, a, &s.sol, offers_ba, y)),
            ev_ab: piggyback.then(|| f.ev_turn(self, a, b)),
            ev_ba: (piggyback && a != b).then(|| f.ev_turn(self, b, a)),
        })
    }

    /// The piggyback values of the mover at side `a`, read off its turn
    /// `sol` (solved at the pair's fixed point): `[k - 1][t / grid - 1]`,
    /// `NaN` where the mover may not piggyback (see [`offers`]).
    pub(super) fn offer_block(&self, a: usize, sol: &Solution) -> Vec<f64> {
        let m = self.model;
        let t_levels = self.offers.as_ref().map_or(0, |o| o.t_levels);
        let mut out = vec![f64::NAN; offers::LEFTOVER_DICE * t_levels];
        if !self.may_piggyback(a) {
            return out;
        }
        for k in 1..=offers::LEFTOVER_DICE {
            let Some(c) = leftover_context(m, k) else { continue };
            for l in 1..=t_levels {
                out[(k - 1) * t_levels + l - 1] = sol.roll_value_at(level_total(l, m.grid), c);
            }
        }
        out
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
    let pairs = (n * (n + 1) / 2) as u64;
    progress.stage("pairs of totals", pairs);
    let mut facts = WinFacts { truncation: 0.0, residual: 0.0, turn_solves: 0 };
    for total in (0..=2 * (n - 1)).rev() {
        let lo = total.saturating_sub(n - 1);
        let hi = total / 2;
        let v = &*values;
        let solved: Vec<Solved> = (lo..=hi)
            .into_par_iter()
            .map(|a| {
                let b = total - a;
                // The neighbours' trend continued (a close guess keeps the
                // policies of the first evaluation those of the fixed point,
                // so that its Newton step is accepted at once).
                let guess = if a + 2 < n && b + 2 < n {
                    // The 3 x 3 block of solved pairs above: the weights
                    // that reproduce every quadratic in the two totals
                    // with the least sum of squares (a smooth surface is
                    // continued to about 1e-6 where one-total trends
                    // miss by 1e-5).
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
                    // At the goal's edge: along the opponent's total, and
                    // (where there is room) along the mover's, their mean.
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
                .clamp(0.0, 1.0);
                v.pair(a, b, guess)
            })
            .collect();
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
        progress.advance((hi + 1 - lo) as u64);
    }
    facts
}
