//! The search for an equilibrium of a rotation class whose movers' best
//! replies chase each other round a cycle ([`super::cycle`]): each mover's
//! staircase of best policies over their farkle value is completed where
//! the values are in play, then every profile of plays is tried (one
//! policy per mover, or two neighbours mixed on their boundary, the mixing
//! movers' shares solved together).
//!
//! Under Van't Hof's 1s a turn has many policies, close together: at goal
//! 1,500 one class's staircases held 73, 63 and 5 steps, so 163,000
//! profiles, each with up to three shares to solve. Most are ruled out
//! without solving any share (`PlayersValues::may_hold`): when a class is a
//! whole rotation (as many states as players) every share enters each
//! mover's farkle value at most linearly, above and below the fraction, so
//! that value is monotone in each share and its extremes over the shares
//! lie at the corners, where each mixing mover plays one of its two
//! policies. A pure play whose range misses the corners' span, or a mix
//! whose boundary lies outside it, cannot hold at any shares.

use super::plays::{Ends, Play, Turn, BOUNDARY_TOL, MIX_TOL};
use super::PlayersValues;

/// Rounds of completing the movers' staircases in [`PlayersValues::search`],
/// the most profiles it tries (each ruled out by at most eight closed forms
/// of the class, most by one or two), and the most turns it solves.
const SEARCH_ROUNDS: usize = 20;
const SEARCH_PROFILES: usize = 2_000_000;
const SEARCH_TURNS: usize = 2_000;

/// Two turns whose ends differ by no more than this are one policy: a
/// policy solved in lanes and alone sums its ends in another order.
const SAME_POLICY: f64 = 1e-13;

/// A span of farkle values is widened by this much before a play is ruled
/// out against it (the closed forms' rounding).
const PRUNE_SLACK: f64 = 1e-12;

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
            let mut profile: Vec<Ends> = vec![[0.0; super::chase::MOST + 2]; m];
            for n in 0..profiles {
                for ((e, k), s) in profile.iter_mut().zip(&known).zip(digits(n, known.iter().map(|k| k.steps.len()))) {
                    *e = k.steps[s].ends;
                }
                for (span, f) in span.iter_mut().zip(self.implied_ends(&profile)) {
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
        let options: Vec<Vec<Choice>> = known.iter().map(Staircase::options).collect();
        let count: usize = options.iter().map(Vec::len).product();
        if count > SEARCH_PROFILES {
            return (None, dps);
        }
        // Corners' spans are exact bounds only when each share enters the
        // closed form once (a class that is a whole rotation).
        let prune = m.is_multiple_of(self.players);
        // Each profile's mixing movers, counted once (up to 2 million
        // profiles, tried by that count).
        let mixes_of: Vec<u8> = (0..count)
            .map(|n| {
                let picks = options.iter().zip(digits(n, options.iter().map(Vec::len)));
                let mixes = picks.filter(|(o, d)| matches!(o[*d], Choice::Mixed(..))).count();
                u8::try_from(mixes).expect("a class of a few states")
            })
            .collect();
        for mixes in 0..=m {
            for n in (0..count).filter(|&n| usize::from(mixes_of[n]) == mixes) {
                let candidate = Candidate::nth(&options, n);
                if prune && !self.may_hold(&known, &candidate) {
                    continue;
                }
                let mut profile = candidate.plays(&known);
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
        }
        (None, dps)
    }

    /// Whether `candidate` can hold at some shares of its mixing movers:
    /// every mover's farkle value over the corners (each mixing mover
    /// playing one of its two policies) spans some of a pure play's range,
    /// or a mix's boundary.
    fn may_hold(&self, known: &[Staircase], candidate: &Candidate) -> bool {
        let m = candidate.0.len();
        let mixing: Vec<usize> = (0..m).filter(|&i| matches!(candidate.0[i], Choice::Mixed(..))).collect();
        let mut span = vec![(f64::INFINITY, f64::NEG_INFINITY); m];
        let mut corner: Vec<Ends> = candidate
            .0
            .iter()
            .zip(known)
            .map(|(o, k)| match *o {
                Choice::Pure(s) | Choice::Mixed(s, _) => k.steps[s].ends,
            })
            .collect();
        for c in 0..1usize << mixing.len() {
            for (bit, &i) in mixing.iter().enumerate() {
                if let Choice::Mixed(s, _) = candidate.0[i] {
                    corner[i] = known[i].steps[s + (c >> bit & 1)].ends;
                }
            }
            for (span, f) in span.iter_mut().zip(self.implied_ends(&corner)) {
                *span = (span.0.min(f), span.1.max(f));
            }
        }
        candidate.0.iter().zip(known).zip(span).all(|((o, k), (lo, hi))| {
            let (lo, hi) = (lo - PRUNE_SLACK, hi + PRUNE_SLACK);
            match *o {
                Choice::Pure(s) => {
                    let t = &k.steps[s];
                    t.farkle + t.range.0 <= hi && lo <= t.farkle + t.range.1
                }
                Choice::Mixed(_, at) => lo <= at && at <= hi,
            }
        })
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
        let same = |s: &Turn| s.ends.iter().zip(&t.ends).all(|(x, y)| (x - y).abs() <= SAME_POLICY);
        if let Some(s) = self.steps.iter_mut().find(|s| same(s)) {
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
    fn options(&self) -> Vec<Choice> {
        let mut o: Vec<Choice> = (0..self.steps.len()).map(Choice::Pure).collect();
        for (s, pair) in self.steps.windows(2).enumerate() {
            if let Some(at) = pair[0].boundary_with(&pair[1]) {
                o.push(Choice::Mixed(s, at));
            }
        }
        o
    }
}

/// One play of a staircase, by its steps: a policy, or steps `s` and `s +
/// 1` mixed at their boundary.
#[derive(Clone, Copy)]
enum Choice {
    Pure(usize),
    Mixed(usize, f64),
}

/// One option per mover.
struct Candidate(Vec<Choice>);

impl Candidate {
    /// Profile `n` of the product of every mover's `options`.
    fn nth(options: &[Vec<Choice>], n: usize) -> Self {
        Self(options.iter().zip(digits(n, options.iter().map(Vec::len))).map(|(o, d)| o[d]).collect())
    }

    /// The plays, mixes at an even share.
    fn plays(&self, known: &[Staircase]) -> Vec<Play> {
        self.0
            .iter()
            .zip(known)
            .map(|(o, k)| match *o {
                Choice::Pure(s) => Play::Pure(k.steps[s].clone()),
                Choice::Mixed(s, at) => {
                    Play::Mixed { a: k.steps[s].clone(), b: k.steps[s + 1].clone(), at, share: 0.5 }
                }
            })
            .collect()
    }
}

/// The digits of `n` in the mixed radix `radices`, the first fastest: which
/// of each mover's options profile `n` of their product takes.
fn digits(n: usize, radices: impl Iterator<Item = usize>) -> impl Iterator<Item = usize> {
    let mut rest = n;
    radices.map(move |r| {
        let d = rest % r;
        rest /= r;
        d
    })
}
