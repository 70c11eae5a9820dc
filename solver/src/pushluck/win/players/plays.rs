//! What a mover plays, and what a class's plays make of everyone's
//! chances.
//!
//! A mover plays a policy (a turn solved at one farkle value, [`Turn`]:
//! the policy's expectations over the turn's ends and the range of farkle
//! values over which it stays best), or mixes two neighbouring policies on
//! their boundary ([`Play::Mixed`]).
//!
//! With the plays fixed, each state's chances are `V_i = A_i + p_i R V_{i+1}`
//! (`A_i` every player's expectation over the mover's ends that are not
//! farkles, `p_i` the farkle probability, `R` renumbering the players from
//! the next mover's point of view, `i + 1` the state the farkle leads to;
//! the class is closed). Around the class, `V_0 = S + Q R^m V_0` with
//! `S = sum_j (p_0 ... p_{j-1}) R^j A_j`, `Q = p_0 ... p_{m-1}`, solved in
//! closed form (`R^m` has order `k = N / gcd(m, N)`, so
//! `(I - Q R^m)^-1 = sum_{j<k} (Q R^m)^j / (1 - Q^k)`), then back around
//! ([`PlayersValues::around`]).

use super::chase::{Odds, MOST};
use super::PlayersValues;

/// Each player's expectation over the turn's non-farkle ends (the mover's
/// first, [`MOST`] places, 0 past the players), the chance of a farkle,
/// and the expected turns after this one over the non-farkle ends: `[A_0,
/// A_1, ..., p, E]` (the turns ride along: the game facts).
pub(super) type Ends = [f64; MOST + 2];

/// Where [`Ends`] holds the farkle probability ...
pub(super) const FARKLE: usize = MOST;
/// ... and the expected turns after a non-farkle end.
pub(super) const TURNS: usize = MOST + 1;

/// Two policies' intervals meet when their ends are this close.
pub(super) const BOUNDARY_TOL: f64 = 1e-12;

/// A mixed play's farkle value is the boundary to this much.
pub(super) const MIX_TOL: f64 = 1e-13;

/// What a mover plays: one policy, or two between which they are
/// indifferent, mixed (a turn played by `a` with probability `share`).
#[derive(Clone)]
pub(super) enum Play {
    Pure(Turn),
    Mixed { a: Turn, b: Turn, at: f64, share: f64 },
}

impl Play {
    /// Whether the play is a best reply at farkle value `f`: a pure policy
    /// in its range, a mix on its boundary (or all of one side, in its
    /// range).
    pub(super) fn holds(&self, f: f64) -> bool {
        match self {
            Play::Pure(t) => t.holds(f),
            Play::Mixed { a, b, at, share } => {
                (f - at).abs() <= MIX_TOL || (*share == 1.0 && a.holds(f)) || (*share == 0.0 && b.holds(f))
            }
        }
    }

    /// A mix strictly between its two policies.
    pub(super) fn mixes(&self) -> bool {
        matches!(self, Play::Mixed { share, .. } if *share > 0.0 && *share < 1.0)
    }

    pub(super) fn ends(&self) -> Ends {
        match self {
            Play::Pure(t) => t.ends,
            Play::Mixed { a, b, share, .. } => std::array::from_fn(|k| share * a.ends[k] + (1.0 - share) * b.ends[k]),
        }
    }
}

/// One mover's turn solved at one farkle value.
#[derive(Clone)]
pub(super) struct Turn {
    pub(super) farkle: f64,
    /// The changes of the farkle value over which the policy stays best.
    pub(super) range: (f64, f64),
    pub(super) ends: Ends,
}

impl Turn {
    /// Whether the policy stays best at farkle value `f`.
    pub(super) fn holds(&self, f: f64) -> bool {
        let d = f - self.farkle;
        self.range.0 <= d && d <= self.range.1
    }

    /// The same turn: solved at the same farkle value, with the same policy.
    pub(super) fn same(&self, other: &Turn) -> bool {
        self.farkle == other.farkle && self.ends == other.ends
    }

    /// Where `f` lies against the policy's range: -1 below, 0 in it, 1 above.
    pub(super) fn side(&self, f: f64) -> i8 {
        let d = f - self.farkle;
        if d < self.range.0 {
            -1
        } else if d > self.range.1 {
            1
        } else {
            0
        }
    }

    /// The farkle value where this turn's policy stops being best and
    /// `other`'s starts, when the two ranges meet there (the policies are
    /// neighbours).
    pub(super) fn boundary_with(&self, other: &Turn) -> Option<f64> {
        let (up, down) = if other.farkle > self.farkle { (self, other) } else { (other, self) };
        let (top, bottom) = (up.farkle + up.range.1, down.farkle + down.range.0);
        ((top - bottom).abs() <= BOUNDARY_TOL).then_some(0.5 * (top + bottom))
    }
}

impl PlayersValues<'_> {
    /// Mover `i`'s farkle value when the class plays `plays`.
    pub(super) fn implied(&self, plays: &[Play], i: usize) -> f64 {
        self.implied_all(plays)[i]
    }

    /// Every mover's farkle value when the class plays `plays` (their chance
    /// at the state their farkle leads to), from one closed form.
    pub(super) fn implied_all(&self, plays: &[Play]) -> Vec<f64> {
        self.implied_ends(&plays.iter().map(Play::ends).collect::<Vec<_>>())
    }

    /// Every mover's farkle value when the movers' turns have `ends`.
    pub(super) fn implied_ends(&self, ends: &[Ends]) -> Vec<f64> {
        let m = ends.len();
        let odds = self.around(ends);
        (0..m).map(|i| odds[(i + 1) % m][self.players - 1]).collect()
    }

    /// The chances of every state of a class whose turns' policies are
    /// fixed (see the module's documentation).
    pub(super) fn around(&self, turns: &[Ends]) -> Vec<Odds> {
        let n = self.players;
        let m = turns.len();
        // `R^j u`: the chances renumbered `j` movers on.
        let rot = |u: &Odds, j: usize| -> Odds {
            let mut r = [0.0; MOST];
            for (k, r) in r.iter_mut().enumerate().take(n) {
                *r = u[(k + n * m - j % n) % n];
            }
            r
        };
        let a = |i: usize| -> Odds { std::array::from_fn(|k| turns[i][k]) };
        let p = |i: usize| turns[i][FARKLE];
        // S and Q.
        let mut s = [0.0; MOST];
        let mut q = 1.0;
        for j in 0..m {
            let r = rot(&a(j), j);
            for k in 0..n {
                s[k] += q * r[k];
            }
            q *= p(j);
        }
        // `(I - Q R^m)^-1 S`.
        let order = n / gcd(m, n);
        let mut v0 = [0.0; MOST];
        let mut qj = 1.0;
        for j in 0..order {
            let r = rot(&s, (j * m) % n);
            for k in 0..n {
                v0[k] += qj * r[k];
            }
            qj *= q;
        }
        for v in &mut v0[..n] {
            *v /= 1.0 - qj;
        }
        // Back around: `V_i = A_i + p_i R V_{i+1}`.
        let mut odds = vec![[0.0; MOST]; m];
        odds[0] = v0;
        let mut next = v0;
        for i in (1..m).rev() {
            let r = rot(&next, 1);
            let ai = a(i);
            let mut v = [0.0; MOST];
            for k in 0..n {
                v[k] = ai[k] + p(i) * r[k];
            }
            odds[i] = v;
            next = v;
        }
        odds
    }

    /// The expected turns left in the game (this one included) at every
    /// state of a class whose turns' policies are fixed: `T_i = 1 + E_i +
    /// p_i T_{i+1}` around the class, in closed form as [`Self::around`].
    pub(super) fn turns_around(turns: &[Ends]) -> Vec<f64> {
        let m = turns.len();
        let (mut s, mut q) = (0.0, 1.0);
        for t in turns {
            s += q * (1.0 + t[TURNS]);
            q *= t[FARKLE];
        }
        let mut out = vec![0.0; m];
        out[0] = s / (1.0 - q);
        for i in (1..m).rev() {
            let next = out[(i + 1) % m];
            out[i] = 1.0 + turns[i][TURNS] + turns[i][FARKLE] * next;
        }
        out
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The mix of `a` (whose policy sends the farkle value above the boundary
/// `at`) and `b` (below it) that puts the value on `at`, by bisection of the
/// share (the value moves continuously with it); `None` when both send it
/// to one side (the others' plays have moved).
pub(super) fn mix(a: &Turn, b: &Turn, at: f64, with: &impl Fn(Play) -> f64) -> Option<Play> {
    let value = |share: f64| with(Play::Mixed { a: a.clone(), b: b.clone(), at, share }) - at;
    if !(value(1.0) > 0.0 && value(0.0) < 0.0) {
        return None;
    }
    let (mut lo, mut hi) = (0.0, 1.0);
    for _ in 0..64 {
        let mid = 0.5 * (lo + hi);
        if value(mid) > 0.0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(Play::Mixed { a: a.clone(), b: b.clone(), at, share: 0.5 * (lo + hi) })
}

/// Whether two rounds' plays are the same: the same turns solved at the
/// same farkle values (a policy solved again elsewhere, with a new range,
/// is progress, not a repeat), mixed in the same shares.
pub(super) fn same_plays(x: &[Play], y: &[Play]) -> bool {
    x.iter().zip(y).all(|pair| match pair {
        (Play::Pure(a), Play::Pure(b)) => a.same(b),
        (Play::Mixed { a, b, share: s, .. }, Play::Mixed { a: c, b: d, share: t, .. }) => {
            a.same(c) && b.same(d) && s == t
        }
        _ => false,
    })
}
