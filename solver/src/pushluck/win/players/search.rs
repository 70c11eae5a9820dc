//! The search for an equilibrium of a rotation class whose movers' best
//! replies chase each other round a cycle ([`super::cycle`]): each mover's
//! staircase of best policies over their farkle value is completed where
//! the values are in play, then every profile of plays is tried (one
//! policy per mover, or two neighbours mixed on their boundary, the mixing
//! movers' shares solved together).

use super::plays::{Ends, Play, Turn, BOUNDARY_TOL, MIX_TOL};
use super::PlayersValues;

/// Rounds of completing the movers' staircases in [`PlayersValues::search`],
/// the most profiles it tries, and the most turns it solves.
const SEARCH_ROUNDS: usize = 20;
const SEARCH_PROFILES: usize = 20_000;
const SEARCH_TURNS: usize = 2_000;

impl<'m> PlayersValues<'m> {
    /// A profile of plays where every mover's play is a best reply, when
    /// the movers' replies turn in a cycle (`rounds`, then `plays`), and
    /// the turn DPs it took.
    ///
    /// Each mover's best replies form a staircase over their farkle value:
    /// one policy per interval, the intervals meeting at boundaries (a
    /// policy's value grows linearly with the farkle value, the best value
    /// is convex, so each policy is best on one interval). The staircases
    /// are completed over the farkle values that the profiles of known
    /// policies give each mover (a turn solved in every gap, until the
    /// intervals meet), then every profile is tried: each mover plays one
    /// policy, or mixes two that meet at their boundary (the mixing
    /// movers' shares solved together, [`Self::shares`]), the fewest
    /// mixing first.
    pub(super) fn search(
        &self,
        class: &[Vec<usize>],
        rounds: &[Vec<Play>],
        plays: &[Play],
        ends: &mut [Vec<Option<Ends>>],
    ) -> (Option<Vec<Play>>, usize) {
        let m = plays.len();
        let mut dps = 0;
        let mut known: Vec<Staircase> = vec![Staircase::default(); m];
        for r in rounds.iter().chain(std::iter::once(&plays.to_vec())) {
            for (i, p) in r.iter().enumerate() {
                match p {
                    Play::Pure(t) => known[i].add(t),
                    Play::Mixed { a, b, .. } => {
                        known[i].add(a);
                        known[i].add(b);
                    }
                }
            }
        }
        for _ in 0..SEARCH_ROUNDS {
            // The farkle values the pure profiles give each mover.
            let profiles: usize = known.iter().map(|k| k.steps.len()).product();
            if profiles > SEARCH_PROFILES {
                return (None, dps);
            }
            let mut span = vec![(f64::INFINITY, f64::NEG_INFINITY); m];
            for n in 0..profiles {
                let profile = nth_profile(&known, n, |s| s.steps.iter().cloned().map(Play::Pure).collect());
                for (span, f) in span.iter_mut().zip(self.implied_all(&profile)) {
                    *span = (span.0.min(f), span.1.max(f));
                }
            }
            let mut grew = false;
            for i in 0..m {
                while let Some(f) = known[i].gap(span[i]) {
                    let t = self.turn(&class[i], f, &mut ends[i]);
                    dps += 1;
                    known[i].add(&t);
                    grew = true;
                    if dps > SEARCH_TURNS {
                        return (None, dps);
                    }
                }
            }
            if !grew {
                break;
            }
        }
        // Every profile, by how many movers mix.
        let options: Vec<Vec<Play>> = known.iter().map(Staircase::options).collect();
        let count: usize = options.iter().map(Vec::len).product();
        if count > SEARCH_PROFILES {
            return (None, dps);
        }
        let mut order: Vec<(usize, usize)> = (0..count)
            .map(|n| {
                let p = nth_profile(&known, n, Staircase::options);
                (p.iter().filter(|p| matches!(p, Play::Mixed { .. })).count(), n)
            })
            .collect();
        order.sort_unstable();
        for (mixes, n) in order {
            let mut profile = nth_profile(&known, n, Staircase::options);
            if mixes > 0 {
                let mixing: Vec<usize> = (0..m).filter(|&i| matches!(profile[i], Play::Mixed { .. })).collect();
                if !self.shares(&mut profile, &mixing) {
                    continue;
                }
            }
            if profile.iter().zip(self.implied_all(&profile)).all(|(p, f)| p.holds(f)) {
                return (Some(profile), dps);
            }
        }
        (None, dps)
    }

    /// Sets the shares of the mixing movers `mixing` to an equilibrium of
    /// theirs: each either mixes with their farkle value on their boundary,
    /// or plays all of the side their value is on. Every combination of
    /// "mixes", "all `a`" and "all `b`" is tried (at most 27), the mixing
    /// ones' shares by Newton's method (each value is a ratio of
    /// polynomials in the shares). `false` when none holds.
    fn shares(&self, plays: &mut [Play], mixing: &[usize]) -> bool {
        let k = mixing.len();
        let at: Vec<f64> = mixing
            .iter()
            .map(|&i| match plays[i] {
                Play::Mixed { at, .. } => at,
                Play::Pure(_) => unreachable!("a mix"),
            })
            .collect();
        let set = |plays: &mut [Play], shares: &[f64]| {
            for (&i, &x) in mixing.iter().zip(shares) {
                if let Play::Mixed { share, .. } = &mut plays[i] {
                    *share = x;
                }
            }
        };
        for case in 0..3usize.pow(u32::try_from(k).expect("at most three")) {
            // Per mover: 0 mixes, 1 all `a` (share 1), 2 all `b` (share 0).
            let kinds: Vec<usize> = (0..k).map(|j| case / 3usize.pow(u32::try_from(j).expect("small")) % 3).collect();
            let free: Vec<usize> = (0..k).filter(|&j| kinds[j] == 0).collect();
            let mut shares: Vec<f64> = kinds.iter().map(|&c| [0.5, 1.0, 0.0][c]).collect();
            let residual = |plays: &mut [Play], shares: &[f64]| -> Vec<f64> {
                set(plays, shares);
                let f = self.implied_all(plays);
                free.iter().map(|&j| f[mixing[j]] - at[j]).collect()
            };
            let mut ok = true;
            for _ in 0..60 {
                let r = residual(plays, &shares);
                if r.iter().all(|x| x.abs() <= MIX_TOL * 0.01) {
                    break;
                }
                let h = 1e-7;
                let mut jac = vec![vec![0.0; free.len()]; free.len()];
                for (c, &j) in free.iter().enumerate() {
                    let mut moved = shares.clone();
                    moved[j] += h;
                    let r2 = residual(plays, &moved);
                    for (row, (x, y)) in jac.iter_mut().zip(r2.iter().zip(&r)) {
                        row[c] = (x - y) / h;
                    }
                }
                let step = solve_linear(jac, r.iter().map(|x| -x).collect());
                for (&j, d) in free.iter().zip(step) {
                    shares[j] = (shares[j] + d).clamp(-0.5, 1.5);
                }
            }
            ok &= free.iter().all(|&j| shares[j] > 0.0 && shares[j] < 1.0);
            set(plays, &shares);
            let f = self.implied_all(plays);
            ok &= mixing.iter().all(|&i| plays[i].holds(f[i]));
            if ok {
                return true;
            }
        }
        false
    }
}

/// `x` with `a x = b` (Gaussian elimination with partial pivoting; a
/// singular system gives no step).
fn solve_linear(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for c in 0..n {
        let p = (c..n).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs())).expect("rows");
        if a[p][c].abs() < 1e-300 {
            return vec![0.0; n];
        }
        a.swap(c, p);
        b.swap(c, p);
        let pivot = a[c].clone();
        for r in c + 1..n {
            let f = a[r][c] / pivot[c];
            for (x, p) in a[r][c..].iter_mut().zip(&pivot[c..]) {
                *x -= f * p;
            }
            b[r] -= f * b[c];
        }
    }
    let mut x = vec![0.0; n];
    for r in (0..n).rev() {
        let s: f64 = (r + 1..n).map(|j| a[r][j] * x[j]).sum();
        x[r] = (b[r] - s) / a[r][r];
    }
    x
}

/// One mover's known policies, each with the interval of farkle values
/// where it is best, in order; a policy met again widens its interval.
#[derive(Clone, Default)]
struct Staircase {
    steps: Vec<Turn>,
}

impl Staircase {
    fn add(&mut self, t: &Turn) {
        let (lo, hi) = (t.farkle + t.range.0, t.farkle + t.range.1);
        if let Some(s) = self.steps.iter_mut().find(|s| s.ends == t.ends) {
            // Best at both: best between (see `PlayersValues::search`).
            let (slo, shi) = (s.farkle + s.range.0, s.farkle + s.range.1);
            s.range = (slo.min(lo) - s.farkle, shi.max(hi) - s.farkle);
        } else {
            self.steps.push(t.clone());
        }
        self.steps.sort_by(|a, b| (a.farkle + a.range.0).total_cmp(&(b.farkle + b.range.0)));
    }

    /// A farkle value in `[lo, hi]` no known policy covers, if any: an end
    /// of the span, or the middle of the first gap.
    fn gap(&self, (lo, hi): (f64, f64)) -> Option<f64> {
        let covers = |f: f64| self.steps.iter().any(|s| s.holds(f));
        if !covers(lo) {
            return Some(lo);
        }
        if !covers(hi) {
            return Some(hi);
        }
        let mut reached = f64::NEG_INFINITY;
        for s in &self.steps {
            let (slo, shi) = (s.farkle + s.range.0, s.farkle + s.range.1);
            if shi < lo {
                continue;
            }
            if reached > f64::NEG_INFINITY && slo > reached + BOUNDARY_TOL {
                return Some(0.5 * (reached + slo));
            }
            reached = reached.max(shi);
            if reached >= hi {
                return None;
            }
        }
        None
    }

    /// Every play of this staircase: each policy, and each two neighbours
    /// mixed at their boundary.
    fn options(&self) -> Vec<Play> {
        let mut o: Vec<Play> = self.steps.iter().cloned().map(Play::Pure).collect();
        for pair in self.steps.windows(2) {
            if let Some(at) = pair[0].boundary_with(&pair[1]) {
                o.push(Play::Mixed { a: pair[0].clone(), b: pair[1].clone(), at, share: 0.5 });
            }
        }
        o
    }
}

/// Profile `n` of the product of every mover's plays (`plays` of each).
fn nth_profile(known: &[Staircase], n: usize, plays: impl Fn(&Staircase) -> Vec<Play>) -> Vec<Play> {
    let mut rest = n;
    known
        .iter()
        .map(|k| {
            let o = plays(k);
            let p = o[rest % o.len()].clone();
            rest /= o.len();
            p
        })
        .collect()
}
