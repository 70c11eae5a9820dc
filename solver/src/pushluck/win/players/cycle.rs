//! One mover's turn in a game of several players, and the exact solve of a
//! *rotation class*: the states `(a, b, c)`, `(b, c, a)`, `(c, a, b)` that
//! a farkle passes the turn around (every total unchanged).
//!
//! ## A turn
//! The mover maximises their own chance: the turn DP of the two-player
//! solver runs on the mover's component (a bank below the goal to `x` is
//! worth the mover's chance at `(b, c, x)`, one past it what the last turns
//! give, [`super::chase`]). Ties go to banking (the DP banks when banking is
//! at least as good as rolling), then to the first best set-aside. The
//! others' chances follow that policy: one backward pass along the DP's
//! choices gives the expectation `A` of every player's chance over the
//! turn's ends that are not farkles, and the probability `p` of a farkle
//! (or of a stop that scores nothing, which leaves every total as a farkle
//! does).
//!
//! ## A class
//! With the policies fixed, each state's chances are
//! `V_i = A_i + p_i R V_{i+1}`, where `R` renumbers the players from the
//! next mover's point of view and `i + 1` is the state the farkle leads to
//! (the class is closed). Around the class, `V_0 = S + Q R^m V_0` with
//! `S = sum_j (p_0 ... p_{j-1}) R^j A_j`, `Q = p_0 ... p_{m-1}`, solved in
//! closed form (`R^m` has order `k = N / gcd(m, N)`, so
//! `(I - Q R^m)^-1 = sum_{j<k} (Q R^m)^j / (1 - Q^k)`), then back around.
//! Each turn's DP also says by how much its farkle value may move before
//! any decision of its policy changes (its policy range, as in the pair
//! solve). If every new farkle value is within its turn's range, every
//! policy is the mover's best reply at the values it produces: the class is
//! solved exactly. Otherwise the turns whose farkle value left its range
//! are solved again at the new values (policy iteration).

use super::chase::Odds;
use super::{inside_arrays, PlayersValues};
use crate::error::{Error, WinError};
use crate::pushluck::ends::Worth;
use crate::pushluck::level_total;
use crate::pushluck::model::Params;
use crate::pushluck::rules::Stop;

/// A class that has not settled after this many rounds is a bug (policy
/// iteration settles in a few).
const ROUNDS_MAX: usize = 200;

/// Each player's expectation over the turn's non-farkle ends, and the
/// chance of a farkle: `[A_0, A_1, A_2, p]`.
type Ends = [f64; 4];

/// A mixed play's farkle value is the boundary to this much.
const MIX_TOL: f64 = 1e-13;

/// A class solved: every state's chances, how many movers mix, turn DPs.
pub(super) struct Solved {
    pub(super) odds: Vec<Odds>,
    /// Positions in the class of the movers who mix.
    pub(super) mixed: Vec<usize>,
    pub(super) dps: usize,
}

/// What a mover plays: one policy, or two between which they are
/// indifferent, mixed (a turn played by `a` with probability `share`).
#[derive(Clone)]
enum Play {
    Pure(Turn),
    Mixed { a: Turn, b: Turn, at: f64, share: f64 },
}

impl Play {
    /// Whether the play is a best reply at farkle value `f`: a pure policy
    /// in its range; a mix at its boundary, or all of one side that holds.
    fn holds(&self, f: f64) -> bool {
        match self {
            Play::Pure(t) => t.holds(f),
            Play::Mixed { a, b, at, share } => {
                (f - at).abs() <= MIX_TOL || (*share == 1.0 && a.holds(f)) || (*share == 0.0 && b.holds(f))
            }
        }
    }

    fn ends(&self) -> Ends {
        match self {
            Play::Pure(t) => t.ends,
            Play::Mixed { a, b, share, .. } => std::array::from_fn(|k| share * a.ends[k] + (1.0 - share) * b.ends[k]),
        }
    }
}

/// One mover's turn solved at one farkle value.
#[derive(Clone)]
struct Turn {
    farkle: f64,
    /// The changes of the farkle value over which the policy stays best.
    range: (f64, f64),
    ends: Ends,
}

impl Turn {
    /// Whether the policy stays best at farkle value `f`.
    fn holds(&self, f: f64) -> bool {
        let d = f - self.farkle;
        self.range.0 <= d && d <= self.range.1
    }

    /// The farkle value where this turn's policy stops being best and
    /// `other`'s starts, when the two ranges meet there (the policies are
    /// neighbours).
    fn boundary_with(&self, other: &Turn) -> Option<f64> {
        let (up, down) = if other.farkle > self.farkle { (self, other) } else { (other, self) };
        let (top, bottom) = (up.farkle + up.range.1, down.farkle + down.range.0);
        ((top - bottom).abs() <= 1e-12).then_some(0.5 * (top + bottom))
    }
}

impl PlayersValues<'_> {
    /// What ending the mover's turn at `totals` (in grid levels, mover
    /// first) at turn level `l` is worth, as [`Ends`]: `None` where the
    /// rules forbid stopping.
    fn end(&self, totals: &[usize], l: usize) -> Option<Ends> {
        let g = self.model.grid;
        let t = level_total(l, g);
        let at = level_total(totals[0], g);
        if t <= 0 {
            return None;
        }
        match self.model.rules.turn.stop(self.chase.on_board(at), t) {
            Stop::Forbidden => None,
            Stop::ScoresNothing => Some([0.0, 0.0, 0.0, 1.0]),
            Stop::Counts => {
                let x = at + t;
                let n = self.players;
                if x < self.model.rules.game.goal {
                    // The next state is `(b, c, x)`: the mover is its last.
                    let mut next: Vec<usize> = totals[1..].to_vec();
                    next.push(totals[0] + l);
                    let u = self.odds(&next);
                    let mut e = [0.0; 4];
                    for (k, e) in e.iter_mut().enumerate().take(n) {
                        *e = u[(k + n - 1) % n];
                    }
                    Some(e)
                } else {
                    let others: Vec<i64> = totals[1..].iter().map(|&o| level_total(o, g)).collect();
                    let [a, b, c] = self.chase.after_goal(x, &others);
                    Some([a, b, c, 0.0])
                }
            }
        }
    }

    /// The mover's turn at `totals` with farkle value `farkle`: solved with
    /// slopes, its policy's [`Ends`], and its policy range.
    fn turn(&self, totals: &[usize], farkle: f64, ends: &mut Vec<Option<Ends>>) -> Turn {
        let m = self.model;
        let g = m.grid;
        let at = level_total(totals[0], g);
        let others: Vec<i64> = totals[1..].iter().map(|&o| level_total(o, g)).collect();
        // Rolling in a context with farkle probability q is worth at most
        // q F + (1 - q); past the goal a bank is worth at least
        // `mover_at_least`, which grows with the total: from the first
        // level where that beats the best roll, banking is optimal.
        let threshold = 1.0 - self.q_min * (1.0 - farkle);
        let goal_level = usize::try_from((m.rules.game.goal - at + g - 1) / g).expect("below the goal");
        let mut top = goal_level.max(1);
        let on = self.chase.on_board(at);
        let floor = loop {
            let x = at + level_total(top, g);
            let least = self.chase.mover_at_least(x, &others);
            if matches!(m.rules.turn.stop(on, level_total(top, g)), Stop::Counts) && least >= threshold {
                break least;
            }
            top += 1;
        };
        // Ends do not depend on the farkle value: kept across rounds.
        let len = top + self.reach + 1;
        while ends.len() < len {
            let e = self.end(totals, ends.len());
            ends.push(e);
        }
        let banks = ends[..len].iter().map(|e| e.map_or(f64::NAN, |e| e[0] + e[3] * farkle)).collect();
        let farkle_like = ends[..len].iter().map(|e| e.is_some_and(|e| e[3] == 1.0)).collect();
        let payoff = inside_arrays(farkle, banks, farkle_like);
        let params = Params { on_board: on, last_chance: false, goal_left: m.rules.game.goal - at };
        let sol = m.solve_payoff_sloped(params, payoff, top, self.reach, true);
        let bank = |l: usize, _left: usize| ends.get(l).copied().flatten().unwrap_or([0.0; 4]);
        let worth = Worth {
            bank: &bank,
            by_left: false,
            tail: &|_| [0.0; 4],
            instant: [1.0, 0.0, 0.0, 0.0],
            farkle: [0.0, 0.0, 0.0, 1.0],
        };
        let e = sol.expect_rolls(&worth, 0, &[])[self.start];
        debug_assert!((e[0] + e[3] * farkle - sol.roll_values[self.start]).abs() < 1e-12);
        // The banks above the top stay better than any roll while the
        // farkle value rises by less than this.
        let (lo, hi) = sol.policy_range;
        let hi = hi.min((floor - threshold) / self.q_min);
        Turn { farkle, range: (lo, hi), ends: e }
    }

    /// The chances at every state of the rotation class `class` (each the
    /// rotation of the one before, the last's rotation the first), which
    /// of its movers mix two policies, and the turn DPs it took.
    ///
    /// # Errors
    /// [`WinError::Unsettled`]: the movers' replies still turn with each
    /// other after [`ROUNDS_MAX`] rounds (an equilibrium in which several
    /// movers of one class mix at once is not searched for yet).
    pub(super) fn solve_class(&self, class: &[Vec<usize>]) -> Result<Solved, Error> {
        let m = class.len();
        let last = self.players - 1;
        let mut ends: Vec<Vec<Option<Ends>>> = vec![vec![]; m];
        let mut farkle: Vec<f64> = class.iter().map(|s| self.guess(s)).collect();
        let mut plays: Vec<Option<Play>> = (0..m).map(|_| None).collect();
        let mut dps = 0;
        // The policies each mover has played, by their ends.
        let mut played: Vec<Vec<Ends>> = vec![vec![]; m];
        for _ in 0..ROUNDS_MAX {
            for i in 0..m {
                if plays[i].is_none() {
                    plays[i] = Some(Play::Pure(self.turn(&class[i], farkle[i], &mut ends[i])));
                    dps += 1;
                }
            }
            let mut plays_now: Vec<Play> = plays.iter().map(|p| p.clone().expect("solved")).collect();
            let odds = self.settle_mixes(&mut plays_now);
            let mut stale = false;
            for i in 0..m {
                let f = odds[(i + 1) % m][last];
                match &plays_now[i] {
                    Play::Pure(t) if !stale && !t.holds(f) => {
                        let t = t.clone();
                        let (mut play, used) = self.reply(&class[i], i, t.clone(), f, &plays_now, &mut ends[i]);
                        dps += used;
                        // Back to a policy played before: this mover's
                        // reply turns with another's; mix where the two
                        // policies meet, and let the shares settle together.
                        if let Play::Pure(u) = play.clone() {
                            let again = played[i].contains(&u.ends);
                            played[i].push(u.ends);
                            if let (true, Some(at)) = (again, t.boundary_with(&u)) {
                                let (a, b) = if u.farkle > t.farkle { (t, u) } else { (u, t) };
                                play = Play::Mixed { a, b, at, share: 0.5 };
                            }
                        }
                        plays[i] = Some(play);
                        farkle[i] = f;
                        stale = true;
                    }
                    Play::Mixed { a, b, share, .. } if !stale && !plays_now[i].holds(f) => {
                        // The mix has moved off its boundary: the side it
                        // ended on replies anew.
                        let t = if *share >= 0.5 { a.clone() } else { b.clone() };
                        let (play, used) = self.reply(&class[i], i, t, f, &plays_now, &mut ends[i]);
                        dps += used;
                        plays[i] = Some(play);
                        farkle[i] = f;
                        stale = true;
                    }
                    p => plays[i] = Some(p.clone()),
                }
            }
            if !stale {
                let mixed = (0..m)
                    .filter(|&i| matches!(plays_now[i], Play::Mixed { share, .. } if share > 0.0 && share < 1.0))
                    .collect();
                return Ok(Solved { odds, mixed, dps });
            }
        }
        Err(WinError::Unsettled { state: self.describe(&class[0]), rounds: ROUNDS_MAX }.into())
    }

    /// Mover `i`'s new play (and the turn DPs it took) when its farkle value has left the range of
    /// `t`'s policy for `f`, the others playing `plays`: the turn solved at
    /// `f`, unless that policy's value sends the farkle value back past
    /// `t`'s: then the value where a policy is a best reply to itself lies
    /// between the two, and it is bisected for (one turn DP a step): a
    /// policy whose value falls in its own range, or two neighbouring
    /// policies each of whose value lies on the other's side of their
    /// boundary, which the mover then mixes.
    fn reply(
        &self,
        totals: &[usize],
        i: usize,
        t: Turn,
        f: f64,
        plays: &[Play],
        ends: &mut Vec<Option<Ends>>,
    ) -> (Play, usize) {
        let m = plays.len();
        let last = self.players - 1;
        let implied = |u: &Turn| {
            let mut trial = plays.to_vec();
            trial[i] = Play::Pure(u.clone());
            self.around(&trial.iter().map(Play::ends).collect::<Vec<_>>())[(i + 1) % m][last]
        };
        let u = self.turn(totals, f, ends);
        let mut dps = 1;
        let back = implied(&u);
        if u.holds(back) || (back - f) * (f - t.farkle) > 0.0 {
            return (Play::Pure(u), dps);
        }
        // `low` sends the value above its range, `high` below its own.
        let (mut low, mut high) = if f > t.farkle { (t, u) } else { (u, t) };
        for _ in 0..ROUNDS_MAX {
            if let Some(at) = low.boundary_with(&high) {
                return (Play::Mixed { a: low, b: high, at, share: 0.5 }, dps);
            }
            let mid = 0.5 * (low.farkle + low.range.1 + high.farkle + high.range.0);
            let w = self.turn(totals, mid, ends);
            dps += 1;
            let v = implied(&w);
            if w.holds(v) {
                return (Play::Pure(w), dps);
            }
            if v > mid {
                low = w;
            } else {
                high = w;
            }
        }
        unreachable!("the bisection ends at a boundary between two policies")
    }

    /// The chances of a class whose pure plays are fixed, the shares of its
    /// mixed plays found so that each mixing mover's farkle value is the
    /// boundary where they are indifferent: Newton's method on the shares
    /// together (each mover's value depends on the others' shares), kept
    /// within `[0, 1]` (an end means that side's policy, pure).
    fn settle_mixes(&self, plays: &mut [Play]) -> Vec<Odds> {
        let m = plays.len();
        let last = self.players - 1;
        let mixes: Vec<usize> = (0..m).filter(|&i| matches!(plays[i], Play::Mixed { .. })).collect();
        let k = mixes.len();
        let residual = |plays: &[Play]| -> Vec<f64> {
            let odds = self.around(&plays.iter().map(Play::ends).collect::<Vec<_>>());
            mixes
                .iter()
                .map(|&i| match plays[i] {
                    Play::Mixed { at, .. } => odds[(i + 1) % m][last] - at,
                    Play::Pure(_) => unreachable!("a mix"),
                })
                .collect()
        };
        let set = |plays: &mut [Play], shares: &[f64]| {
            for (&i, &x) in mixes.iter().zip(shares) {
                if let Play::Mixed { share, .. } = &mut plays[i] {
                    *share = x;
                }
            }
        };
        let mut shares: Vec<f64> =
            mixes.iter().map(|&i| if let Play::Mixed { share, .. } = plays[i] { share } else { 0.5 }).collect();
        for _ in 0..if k > 0 { ROUNDS_MAX } else { 0 } {
            set(plays, &shares);
            let r = residual(plays);
            // The Jacobian by differences (the residual is a ratio of
            // polynomials in the shares, smooth on the box).
            let h = 1e-6;
            let mut jac = vec![vec![0.0; k]; k];
            for j in 0..k {
                let mut moved = shares.clone();
                moved[j] += if moved[j] + h <= 1.0 { h } else { -h };
                set(plays, &moved);
                let r2 = residual(plays);
                for (row, (a, b)) in jac.iter_mut().zip(r2.iter().zip(&r)) {
                    row[j] = (a - b) / (moved[j] - shares[j]);
                }
            }
            let step = solve_linear(jac, r.iter().map(|x| -x).collect());
            let next: Vec<f64> = shares.iter().zip(&step).map(|(s, d)| (s + d).clamp(0.0, 1.0)).collect();
            let change = next.iter().zip(&shares).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
            shares = next;
            if change < 1e-16 {
                break;
            }
        }
        set(plays, &shares);
        self.around(&plays.iter().map(Play::ends).collect::<Vec<_>>())
    }

    /// A first farkle value for the mover at `totals`: the mover's chance
    /// at the state the farkle leads to, with the mover one level higher
    /// (solved), or an even share.
    fn guess(&self, totals: &[usize]) -> f64 {
        let n = self.players;
        if totals[0] + 1 < self.levels {
            let mut next: Vec<usize> = totals[1..].to_vec();
            next.push(totals[0] + 1);
            return self.odds(&next)[n - 1];
        }
        1.0 / n as f64
    }

    /// The chances of every state of a class whose turns' policies are
    /// fixed (see the module's documentation).
    fn around(&self, turns: &[Ends]) -> Vec<Odds> {
        let n = self.players;
        let m = turns.len();
        // `R^j u`: the chances renumbered `j` movers on.
        let rot = |u: &Odds, j: usize| -> Odds {
            let mut r = [0.0; 3];
            for (k, r) in r.iter_mut().enumerate().take(n) {
                *r = u[(k + n * m - j % n) % n];
            }
            r
        };
        let a = |i: usize| -> Odds { [turns[i][0], turns[i][1], turns[i][2]] };
        let p = |i: usize| turns[i][3];
        // S and Q.
        let mut s = [0.0; 3];
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
        let mut v0 = [0.0; 3];
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
        let mut odds = vec![[0.0; 3]; m];
        odds[0] = v0;
        let mut next = v0;
        for i in (1..m).rev() {
            let r = rot(&next, 1);
            let ai = a(i);
            let mut v = [0.0; 3];
            for k in 0..n {
                v[k] = ai[k] + p(i) * r[k];
            }
            odds[i] = v;
            next = v;
        }
        odds
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
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
