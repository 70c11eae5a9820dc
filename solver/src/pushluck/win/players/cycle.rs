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
//! solved exactly.
//!
//! ## Best replies, mixes and the search
//! Otherwise the movers reply in turn ([`PlayersValues::best_reply`]): a
//! mover's farkle value depends only on the others' plays, and their best
//! replies form a staircase over it, one policy per interval. A reply
//! marches to the policy of the value produced, then bisects between two
//! policies that send the value across each other; where two neighbours
//! do, the mover mixes them on their boundary ([`Play::Mixed`]). When the
//! replies of several movers chase each other round a cycle, the staircases
//! are completed over the values in play and every profile is tried
//! ([`super::search`]). A class can have several equilibria; which
//! one is reached depends on the first farkle values ([`Start`]).

use std::sync::Arc;

use super::chase::Odds;
use super::{row_payoff, Beyond, Mix, PlayersValues, Start};
use crate::error::{Error, WinError};

use crate::pushluck::ends::Worth;
use crate::pushluck::level_total;
use crate::pushluck::model::Params;
use crate::pushluck::rules::Stop;
use crate::pushluck::solution::Solution;

/// A class that has not settled after this many rounds is a bug (policy
/// iteration settles in a few).
const ROUNDS_MAX: usize = 200;

/// Each player's expectation over the turn's non-farkle ends, and the
/// chance of a farkle: `[A_0, A_1, A_2, p]`.
pub(super) type Ends = [f64; 4];

/// Two policies' intervals meet when their ends are this close.
pub(super) const BOUNDARY_TOL: f64 = 1e-12;

/// A mixed play's farkle value is the boundary to this much.
pub(super) const MIX_TOL: f64 = 1e-13;

/// A class solved: every state's chances, how many movers mix, turn DPs.
pub(super) struct Solved {
    pub(super) odds: Vec<Odds>,
    /// The movers who mix: their position in the class, the farkle values
    /// their two policies were solved at, and the share of the first.
    pub(super) mixed: Vec<(usize, Mix)>,
    pub(super) dps: usize,
    /// Whether the movers' replies turned in a cycle ([`super::search`]).
    pub(super) searched: bool,
}

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
    fn mixes(&self) -> bool {
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
    fn same(&self, other: &Turn) -> bool {
        self.farkle == other.farkle && self.ends == other.ends
    }

    /// Where `f` lies against the policy's range: -1 below, 0 in it, 1 above.
    fn side(&self, f: f64) -> i8 {
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

impl<'m> PlayersValues<'m> {
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
    pub(super) fn turn(&self, totals: &[usize], farkle: f64, ends: &mut Vec<Option<Ends>>) -> Turn {
        let (sol, slack) = self.solve_turn(totals, farkle, ends);
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
        let (lo, hi) = sol.policy_range;
        Turn { farkle, range: (lo, hi.min(slack)), ends: e }
    }

    /// The mover's turn at `totals` with farkle value `farkle`, solved with
    /// slopes, and how far the farkle value may rise before the banks above
    /// its top could stop being best (`ends`: what each end is worth, kept
    /// across calls).
    pub(super) fn solve_turn(
        &self,
        totals: &[usize],
        farkle: f64,
        ends: &mut Vec<Option<Ends>>,
    ) -> (Solution<'m>, f64) {
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
        let chasers = others.iter().map(|&t| (t, self.chase.on_board(t))).collect();
        let beyond = Beyond::Leader { last: Arc::clone(self.chase.last()), grid: g, mover: at, chasers };
        let payoff = row_payoff(farkle, banks, farkle_like, beyond);
        let params = Params { on_board: on, last_chance: false, goal_left: m.rules.game.goal - at };
        let sol = m.solve_payoff_sloped(params, payoff, top, self.reach, true);
        // The banks above the top stay better than any roll while the
        // farkle value rises by less than this.
        (sol, (floor - threshold) / self.q_min)
    }

    /// The chances at every state of the rotation class `class` (each the
    /// rotation of the one before, the last's rotation the first), which
    /// of its movers mix two policies, and the turn DPs it took: each
    /// mover in turn replies exactly to the others' plays
    /// ([`Self::best_reply`]) until every play is a best reply.
    ///
    /// # Errors
    /// [`WinError::Unsettled`]: the movers' replies still turn with each
    /// other after [`ROUNDS_MAX`] rounds.
    pub(super) fn solve_class(&self, class: &[Vec<usize>]) -> Result<Solved, Error> {
        let m = class.len();
        let mut ends: Vec<Vec<Option<Ends>>> = vec![vec![]; m];
        let mut plays: Vec<Play> = class
            .iter()
            .zip(&mut ends)
            .map(|(totals, ends)| Play::Pure(self.turn(totals, self.guess(totals), ends)))
            .collect();
        let mut dps = m;
        // The plays after each round, to see the replies turn in a cycle.
        let mut rounds: Vec<Vec<Play>> = vec![];
        let mut searched = false;
        for _ in 0..ROUNDS_MAX {
            if rounds.iter().any(|r| same_plays(r, &plays)) {
                // Two or more movers' replies turn with each other: search
                // the profiles of the policies they played (and those
                // between) for one where every play is a best reply.
                let (found, used) = self.search(class, &rounds, &plays, &mut ends);
                dps += used;
                searched = true;
                if let Some(found) = found {
                    plays = found;
                }
                rounds.clear();
            }
            rounds.push(plays.clone());
            let mut moved = false;
            for i in 0..m {
                let f = self.implied(&plays, i);
                if plays[i].holds(f) {
                    continue;
                }
                let (play, used) = self.best_reply(&class[i], i, &plays, f, &mut ends[i]);
                plays[i] = play;
                dps += used;
                moved = true;
            }
            if !moved {
                let odds = self.around(&plays.iter().map(Play::ends).collect::<Vec<_>>());
                let mixed = (0..m)
                    .filter_map(|i| match &plays[i] {
                        Play::Mixed { a, b, share, .. } if plays[i].mixes() => {
                            Some((i, Mix { a: a.farkle, b: b.farkle, share: *share }))
                        }
                        _ => None,
                    })
                    .collect();
                return Ok(Solved { odds, mixed, dps, searched });
            }
        }
        Err(WinError::Unsettled { state: self.describe(&class[0]), rounds: ROUNDS_MAX }.into())
    }

    /// Mover `i`'s farkle value when the class plays `plays`.
    pub(super) fn implied(&self, plays: &[Play], i: usize) -> f64 {
        let m = plays.len();
        self.around(&plays.iter().map(Play::ends).collect::<Vec<_>>())[(i + 1) % m][self.players - 1]
    }

    /// Mover `i`'s exact reply to the others' plays, when its own play no
    /// longer holds at its farkle value `f`: a play whose farkle value,
    /// the others' plays fixed, lies in its own range (and the turn DPs
    /// it took).
    ///
    /// From the current policy the reply marches: the turn solved at the
    /// value its policy produces, until that value stays in the range or
    /// comes back across. Coming back, the answer lies between the last two
    /// policies and is bisected for (one turn DP a step, at the middle of
    /// the gap between their ranges): a policy whose value lies in its own
    /// range, or two neighbouring policies (their ranges meet) each of
    /// which sends the value to the other's side. There no single policy
    /// is a best reply to itself: the mover, indifferent between the two at
    /// their boundary, mixes them in the one share that puts the value on
    /// it.
    fn best_reply(
        &self,
        totals: &[usize],
        i: usize,
        plays: &[Play],
        f: f64,
        ends: &mut Vec<Option<Ends>>,
    ) -> (Play, usize) {
        let with = |p: Play| {
            let mut trial = plays.to_vec();
            trial[i] = p;
            self.implied(&trial, i)
        };
        let mut t = match &plays[i] {
            Play::Pure(t) => t.clone(),
            Play::Mixed { a, b, at, .. } => {
                // The same two policies, in a new share, if that still works.
                if let Some(mix) = mix(a, b, *at, &with) {
                    return (mix, 0);
                }
                if f > *at {
                    b.clone()
                } else {
                    a.clone()
                }
            }
        };
        let mut f = f;
        let mut dps = 0;
        for _ in 0..ROUNDS_MAX {
            let u = self.turn(totals, f, ends);
            dps += 1;
            let back = with(Play::Pure(u.clone()));
            let side = u.side(back);
            if side == 0 {
                return (Play::Pure(u), dps);
            }
            let came = t.side(f);
            if side == came || came == 0 {
                // Still moving the same way (or starting).
                (t, f) = (u, back);
                continue;
            }
            // `low` sends the value above its range, `high` below its own.
            let (mut low, mut high) = if side < 0 { (t, u) } else { (u, t) };
            for _ in 0..ROUNDS_MAX {
                if let Some(at) = low.boundary_with(&high) {
                    let mixed = mix(&low, &high, at, &with);
                    return (mixed.expect("a change of side across the boundary"), dps);
                }
                let mid = 0.5 * (low.farkle + low.range.1 + high.farkle + high.range.0);
                let w = self.turn(totals, mid, ends);
                dps += 1;
                let v = with(Play::Pure(w.clone()));
                match w.side(v) {
                    0 => return (Play::Pure(w), dps),
                    1 => low = w,
                    _ => high = w,
                }
            }
            break;
        }
        unreachable!("a mover's reply settles within its rounds")
    }

    /// A first farkle value for the mover at `totals`: the mover's chance
    /// at the state the farkle leads to, extrapolated linearly from the
    /// solved states one and two levels up along each player's total (the
    /// mean over the players where both are solved), or an even share.
    /// With [`Start::Above`], the chance at that state with the mover one
    /// level up.
    fn guess(&self, totals: &[usize]) -> f64 {
        let n = self.players;
        let mut next: Vec<usize> = totals[1..].to_vec();
        next.push(totals[0]);
        let at = |k: usize, up: usize| -> Option<f64> {
            let mut s = next.clone();
            s[k] += up;
            (s[k] < self.levels).then(|| self.odds(&s)[n - 1])
        };
        let (mut sum, mut count) = (0.0, 0);
        if self.start_from == Start::Above {
            return at(n - 1, 1).unwrap_or(1.0 / n as f64);
        }
        for k in 0..n {
            if let (Some(one), Some(two)) = (at(k, 1), at(k, 2)) {
                sum += 2.0 * one - two;
                count += 1;
            }
        }
        if count > 0 {
            return sum / f64::from(count);
        }
        (0..n).find_map(|k| at(k, 1)).unwrap_or(1.0 / n as f64)
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

/// The mix of `a` (whose policy sends the farkle value above the boundary
/// `at`) and `b` (below it) that puts the value on `at`, by bisection of the
/// share (the value moves continuously with it); `None` when both send it
/// to one side (the others' plays have moved).
fn mix(a: &Turn, b: &Turn, at: f64, with: &impl Fn(Play) -> f64) -> Option<Play> {
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
fn same_plays(x: &[Play], y: &[Play]) -> bool {
    x.iter().zip(y).all(|pair| match pair {
        (Play::Pure(a), Play::Pure(b)) => a.same(b),
        (Play::Mixed { a, b, share: s, .. }, Play::Mixed { a: c, b: d, share: t, .. }) => {
            a.same(c) && b.same(d) && s == t
        }
        _ => false,
    })
}
