//! The exact solve of a *rotation class*: the states `(a, b, c)`,
//! `(b, c, a)`, `(c, a, b)` that a farkle passes the turn around (every
//! total unchanged), which depend on each other and on higher sums only.
//!
//! With the movers' plays fixed the class's chances follow in closed form
//! ([`super::plays`]). Each turn's DP also says by how much its farkle
//! value may move before any decision of its policy changes (its policy
//! range, as in the pair solve). If every farkle value the class produces
//! is within its turn's range, every policy is the mover's best reply at
//! the values it produces: the class is solved exactly.
//!
//! Otherwise the movers reply in turn ([`PlayersValues::best_reply`]): a
//! mover's farkle value depends only on the others' plays, and their best
//! replies form a staircase over it, one policy per interval. A reply
//! marches to the policy of the value produced, then bisects between two
//! policies that send the value across each other; where two neighbours
//! do, the mover mixes them on their boundary ([`Play::Mixed`]). When the
//! replies of several movers chase each other round a cycle, the staircases
//! are completed over the values in play and every profile is tried
//! ([`super::search`]). A class can have several equilibria; which one is
//! reached depends on the first farkle values ([`Start`]).
//!
//! Nearly every reply takes one turn DP, in the first round, at the value
//! the others' first plays give (at goal 3,000: 69,176 of the 71,950 turn
//! DPs past each mover's first). Those are solved ahead, side by side in
//! SIMD lanes like the first turns: the first rounds (up to
//! [`ROUNDS_AHEAD`]) are played forwards for every class of a task at
//! once, one batch of lanes per mover replying, as long as each reply is a
//! single turn (its value lies in its range). The rounds then take each
//! such turn where its value is the one solved at, bit for bit (it always
//! is: the same plays give the same value; and a turn is a function of
//! the totals and the farkle value). A turn solved in lanes is the turn
//! solved alone, its ends bit for bit (its range as wide or wider, where
//! cells proved to bank were not solved: `lanes::bounds::Proof`), so the
//! iteration and its answer are what they were. Foreseeing the later rounds too (Dice 10000, exact
//! goal 3,000) took the turns solved one at a time from 10.5% of the
//! profile to 6.3%, for the same turn DPs and the same table.

use std::collections::VecDeque;

use super::chase::Odds;
use super::plays::{mix, same_plays, Ends, Play, Turn};
use super::turn::TurnAsked;
use super::{after_turn, Mix, PlayersValues, Start};
use crate::error::{Error, WinError};

/// A class that has not settled after this many rounds is a bug (policy
/// iteration settles in a few).
const ROUNDS_MAX: usize = 200;

/// Rounds of replies foreseen and solved ahead in lanes.
const ROUNDS_AHEAD: usize = 4;

/// A class solved: every state's chances, how many movers mix, turn DPs.
pub(super) struct Solved {
    pub(super) odds: Vec<Odds>,
    /// Expected turns left in the game (the mover's included).
    pub(super) turns: Vec<f64>,
    /// The movers who mix: their position in the class, the farkle values
    /// their two policies were solved at, and the share of the first.
    pub(super) mixed: Vec<(usize, Mix)>,
    pub(super) dps: usize,
    /// Whether the movers' replies turned in a cycle ([`super::search`]).
    pub(super) searched: bool,
}

impl<'m> PlayersValues<'m> {
    /// [`Self::solve_class_from`] of each of `classes` (each a rotation
    /// class: each state the rotation of the one before, the last's
    /// rotation the first), from their movers' first turns at
    /// [`Self::guess`]'s farkle values, solved side by side.
    pub(super) fn solve_classes(&self, classes: &[Vec<Vec<usize>>]) -> Vec<Result<Solved, Error>> {
        let mut ends: Vec<Vec<Vec<Option<Ends>>>> = classes.iter().map(|c| vec![vec![]; c.len()]).collect();
        let firsts: Vec<Turn> = {
            let mut turns: Vec<TurnAsked<'_>> = classes
                .iter()
                .zip(ends.iter_mut())
                .flat_map(|(class, ends)| class.iter().zip(ends.iter_mut()))
                .map(|(totals, ends)| (&totals[..], self.guess(totals), ends))
                .collect();
            self.turns_in_lanes(&mut turns)
        };
        let mut firsts = firsts.into_iter();
        let plays: Vec<Vec<Play>> = classes
            .iter()
            .map(|class| class.iter().map(|_| Play::Pure(firsts.next().expect("a first turn each"))).collect())
            .collect();
        let mut ahead = self.replies_ahead(&plays, classes, &mut ends);
        classes
            .iter()
            .zip(plays)
            .zip(ends)
            .zip(ahead.iter_mut())
            .map(|(((class, plays), ends), ahead)| self.solve_class_from(class, plays, ends, ahead))
            .collect()
    }

    /// The replies of the first [`ROUNDS_AHEAD`] rounds solved ahead in
    /// lanes: per class and mover, in order, each value at which the
    /// mover's play did not hold and the turn solved there.
    fn replies_ahead(
        &self,
        plays: &[Vec<Play>],
        classes: &[Vec<Vec<usize>>],
        ends: &mut [Vec<Vec<Option<Ends>>>],
    ) -> Vec<Vec<VecDeque<(f64, Turn)>>> {
        let mut ahead: Vec<Vec<VecDeque<(f64, Turn)>>> = plays.iter().map(|p| vec![VecDeque::new(); p.len()]).collect();
        // The rounds as they will go, per class: the plays so far, the next
        // mover to look at (`None`: nothing more is foreseen), the rounds
        // begun, and whether a play changed in this one.
        let mut round: Vec<(Vec<Play>, Option<usize>, usize, bool)> =
            plays.iter().map(|p| (p.clone(), Some(0), 1, false)).collect();
        loop {
            // Each class's next mover whose play does not hold, and its value.
            let mut wanted: Vec<(usize, usize, f64)> = vec![];
            for (k, (plays, next, rounds, moved)) in round.iter_mut().enumerate() {
                while let Some(i) = *next {
                    if i == plays.len() {
                        // A round without a change settles the class.
                        *next = (*moved && *rounds < ROUNDS_AHEAD).then_some(0);
                        (*rounds, *moved) = (*rounds + 1, false);
                        continue;
                    }
                    let f = self.implied(plays, i);
                    if plays[i].holds(f) {
                        *next = Some(i + 1);
                    } else {
                        wanted.push((k, i, f));
                        break;
                    }
                }
            }
            if wanted.is_empty() {
                return ahead;
            }
            let mut asked: Vec<TurnAsked<'_>> = Vec::with_capacity(wanted.len());
            let mut by_class = ends.iter_mut().enumerate();
            for &(k, i, f) in &wanted {
                let ends = by_class.find(|(j, _)| *j == k).expect("one mover a class").1;
                asked.push((&classes[k][i][..], f, &mut ends[i]));
            }
            let solved = self.turns_in_lanes(&mut asked);
            for ((k, i, f), u) in wanted.into_iter().zip(solved) {
                let (plays, next, _, moved) = &mut round[k];
                // The round takes this turn as its reply when the value
                // it produces lies in its range (one turn DP); otherwise
                // the reply marches on from it, and what follows is not
                // foreseen.
                let mut trial = plays.clone();
                trial[i] = Play::Pure(u.clone());
                let back = self.implied(&trial, i);
                *next = (u.side(back) == 0).then(|| {
                    *plays = trial;
                    *moved = true;
                    i + 1
                });
                ahead[k][i].push_back((f, u));
            }
        }
    }

    /// The chances at every state of the rotation class `class`, which of
    /// its movers mix two policies, and the turn DPs it took, from its
    /// movers' first `plays` (with the ends their turns computed): each
    /// mover in turn replies exactly to the others' plays
    /// ([`Self::best_reply`]) until every play is a best reply.
    ///
    /// `ahead` holds the first round's replies solved ahead (taken, and
    /// counted, here).
    ///
    /// # Errors
    /// [`WinError::Unsettled`]: the movers' replies still turn with each
    /// other after [`ROUNDS_MAX`] rounds.
    fn solve_class_from(
        &self,
        class: &[Vec<usize>],
        mut plays: Vec<Play>,
        mut ends: Vec<Vec<Option<Ends>>>,
        ahead: &mut [VecDeque<(f64, Turn)>],
    ) -> Result<Solved, Error> {
        let m = class.len();
        // The first turns, and the replies solved ahead, used or not.
        let mut dps = m + ahead.iter().map(VecDeque::len).sum::<usize>();
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
                // Solved ahead at this very value (a turn is a function of
                // the totals and the farkle value), or of no more use.
                let first = ahead[i].pop_front().filter(|(at, _)| at.to_bits() == f.to_bits()).map(|(_, t)| t);
                if first.is_none() {
                    ahead[i].clear();
                }
                let (play, used) = self.best_reply(&class[i], i, &plays, f, &mut ends[i], first);
                plays[i] = play;
                dps += used;
                moved = true;
            }
            if !moved {
                let ends: Vec<Ends> = plays.iter().map(Play::ends).collect();
                let (odds, turns) = (self.around(&ends), Self::turns_around(&ends));
                let mixed = (0..m)
                    .filter_map(|i| match &plays[i] {
                        Play::Mixed { a, b, share, .. } if plays[i].mixes() => {
                            Some((i, Mix { a: a.farkle, b: b.farkle, share: *share }))
                        }
                        _ => None,
                    })
                    .collect();
                return Ok(Solved { odds, turns, mixed, dps, searched });
            }
        }
        Err(WinError::Unsettled { state: self.describe(&class[0]), rounds: ROUNDS_MAX }.into())
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
    /// it. `first`: the turn at `f`, when it was solved ahead (its DP is
    /// not counted here).
    fn best_reply(
        &self,
        totals: &[usize],
        i: usize,
        plays: &[Play],
        f: f64,
        ends: &mut Vec<Option<Ends>>,
        mut first: Option<Turn>,
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
            let u = match first.take() {
                Some(u) => u,
                None => {
                    dps += 1;
                    self.turn(totals, f, ends)
                }
            };
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
        let next = after_turn(totals, 0);
        let at = |k: usize, up: usize| -> Option<f64> {
            let mut s = next.clone();
            s[k] += up;
            // (NaN: a state a solve of the start's states leaves out.)
            (s[k] < self.levels).then(|| self.odds(&s)[n - 1]).filter(|v| !v.is_nan())
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
}
