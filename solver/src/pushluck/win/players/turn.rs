//! One mover's turn in a game of several players.
//!
//! The mover maximises their own chance: the turn DP of the two-player
//! solver runs on the mover's component (a bank below the goal to `x` is
//! worth the mover's chance at `(b, c, x)`, one past it what the last turns
//! give, [`super::chase`]). Ties go to banking (the DP banks when banking is
//! at least as good as rolling), then to the set-aside with the fewest
//! points at stake (the model's [`crate::pushluck::model::Ties`]). The
//! others' chances follow that policy: one backward pass along the DP's
//! choices gives the expectation `A` of every player's chance over the
//! turn's ends that are not farkles, and the probability `p` of a farkle
//! (or of a stop that scores nothing, which leaves every total as a farkle
//! does); and along with them the expected number of turns after a
//! non-farkle end (the game facts' turns per player).
//!
//! The turn is solved up to the lowest level past the goal from which
//! every level provably banks, found in two steps:
//! - a first bound: rolling in a context with farkle probability `q` is
//!   worth at most `q F + 1 - q`, and a bank to `x` is worth at least the
//!   product of `1 - P_pass` over the chasers, which only grows with `x`;
//!   from the first level where that beats the best roll, every level banks;
//! - then down from there, level by level: if every level above banks, a
//!   roll is worth what banking each of its outcomes at once is worth, so
//!   a level where that is no better than banking, in every context, banks
//!   too. The first level where some roll beats banking is where the
//!   policy itself rolls: the top can go no lower. The check costs a few
//!   sums a context, against a level of the DP; at goal 3,000 it cut the
//!   levels solved from 88 a turn to 68 (30 of them below the goal).
//!
//! Each check also bounds how far the farkle value may rise before that
//! roll could overtake the bank (its slope is the context's farkle
//! chance), which caps the turn's policy range with the first bound's.
//!
//! With instant wins and no exact goal the first bound is not enough: far
//! past the goal a bank tends to `B = (1 - i)^chasers` (`i` the chance of
//! an instant win rolling on for one), not to 1, so for a mover whose
//! farkle is worth more than `1 - (1 - B) / q_min` (0.984 for Dice 10000)
//! no bank ever beats `q F + 1 - q`. For those (only) a roll is bounded
//! by `q F + p + (1 - q - p) B` (`p` its chance of an instant win), which
//! a bank beats from somewhere on for every farkle value below about `B -
//! p (1 - B) / q`. And where every chaser needs more than the last-turn table
//! holds, every bank is worth the same: if no roll beats it with its
//! outcomes banked, banking is best there and above (that bank is a fixed
//! point of the turn's step, which shrinks by `1 - q_min` a roll); if one
//! does, the mover would roll on past every total, which the solve
//! refuses (no state of the seed goals does).

use std::sync::Arc;

use super::chase::MOST;
use super::plays::{Ends, Turn, FARKLE, TURNS};
use super::{row_payoff, Beyond, PlayersValues};
use crate::pushluck::ends::Worth;
use crate::pushluck::lanes::{fill_lanes_carrying, Carry, LANES};
use crate::pushluck::level_total;
use crate::pushluck::model::{Params, RollReach};
use crate::pushluck::rules::Stop;
use crate::pushluck::solution::Solution;

/// What an end at turn level `l` carries besides the mover's chance: the
/// next player's chance and the turns left (nothing where the turn cannot
/// stop).
fn carried_end(ends: &[Option<Ends>], l: usize) -> [f64; 2] {
    ends.get(l).copied().flatten().map_or([0.0; 2], |e| [e[1], e[TURNS]])
}

/// What a turn's ends are worth to the two sums its policy's
/// expectations need ([`Solution::expect_rolls`], or carried by the DP):
/// a bank's (or forced end's) by `bank`; nothing for an instant win, which
/// ends the game, for a farkle (the next player's chance and the turns
/// left are the DP's own there) or for a stationary tail.
fn worth_of<'a>(bank: &'a dyn Fn(usize, usize) -> [f64; 2]) -> Worth<'a, 2> {
    fn nothing(_: usize) -> [f64; 2] {
        [0.0; 2]
    }
    Worth { bank, by_left: false, tail: &nothing, instant: [0.0; 2], farkle: [0.0; 2] }
}

/// A mover's turn to solve: the totals, the farkle value, and what each
/// end is worth (kept across calls, filled as needed).
pub(super) type TurnAsked<'a> = (&'a [usize], f64, &'a mut Vec<Option<Ends>>);

/// An end worth the farkle value: every total unchanged (a stop that
/// scores nothing, a bust past an exact goal).
const FARKLE_END: Ends = {
    let mut e = [0.0; MOST + 2];
    e[FARKLE] = 1.0;
    e
};

/// The most a roll can be worth in each context, once every level above
/// banks, and how fast that grows with the farkle value: `(most, q)` a
/// context (or one for all, the largest).
struct Bound(Vec<(f64, f64)>);

impl Bound {
    /// Every context's roll with farkle value `farkle` when every outcome
    /// it reaches is worth at most `best_above` ([`RollReach::bound`]).
    fn by_rolls(reaches: &[RollReach], farkle: f64, best_above: f64) -> Bound {
        Bound(reaches.iter().map(|r| (r.bound(farkle, |_| best_above), r.farkle)).collect())
    }

    /// If a bank worth `bank` beats every roll: by how much the farkle
    /// value may rise before one could overtake it.
    fn slack(&self, bank: f64) -> Option<f64> {
        self.0.iter().try_fold(f64::INFINITY, |slack, &(most, q)| {
            (bank >= most).then(|| if q > 0.0 { slack.min((bank - most) / q) } else { slack })
        })
    }
}

impl<'m> PlayersValues<'m> {
    /// The first bound of a turn's top with farkle value `farkle` against
    /// `chasers`: rolling in a context with farkle probability `q` is worth
    /// at most `q F + (1 - q)`, at most `1 - q_min (1 - F)` in any. With
    /// instant wins (and no exact goal) that can be too weak: far past the
    /// goal a bank tends to `B` ([`super::chase::Chase::bank_most`]), not
    /// to 1, which that bound may pass. Then a roll is bounded by `q F + p +
    /// (1 - q - p) B` (`p` its chance of an instant win), once every level
    /// above banks.
    fn first_bound(&self, farkle: f64, chasers: usize) -> Bound {
        let plain = 1.0 - self.q_min * (1.0 - farkle);
        let most = self.chase.bank_most(chasers);
        match self.model.roll_reaches.as_deref() {
            // (Where the plain bound is met, it is kept: a bound by `B` is
            // met lower, where the bank beats it by a hair, and then the
            // turn's policy range is that hair. At Dice 10000's
            // alternative scoring, goal 10,000, the replies at
            // 6050-8100-7750 still turned after 200 rounds with ranges so
            // narrow; with the plain bound they settle.)
            Some(reaches) if self.chase.instant_tail() && plain >= most => Bound::by_rolls(reaches, farkle, most),
            _ => Bound(vec![(plain, self.q_min)]),
        }
    }

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
            Stop::ScoresNothing => Some(FARKLE_END),
            Stop::Counts => {
                let x = at + t;
                let n = self.players;
                if x < self.model.rules.game.goal {
                    // The next state is `(b, c, x)`: the mover is its last.
                    // (`after_turn`'s index, without its vector.)
                    let next = self.index(&totals[1..]) * self.levels + totals[0] + l;
                    let u = self.odds_at(next);
                    let mut e = [0.0; MOST + 2];
                    for (k, e) in e.iter_mut().enumerate().take(n) {
                        *e = u[(k + n - 1) % n];
                    }
                    // Values read from a table keep no turns (advice does not
                    // read this lane): unknown there.
                    e[TURNS] = self.turns.get(next).copied().unwrap_or(f64::NAN);
                    Some(e)
                } else if self.model.rules.game.exact_goal {
                    // On the goal the mover wins at once (nobody can pass
                    // it); past it the bank busts and counts as a farkle.
                    Some(if x == self.model.rules.game.goal {
                        let mut won = [0.0; MOST + 2];
                        won[0] = 1.0;
                        won
                    } else {
                        FARKLE_END
                    })
                } else {
                    // (On the stack: this runs for every level past the goal.)
                    let mut others = [0; MOST];
                    for (o, &t) in others.iter_mut().zip(&totals[1..]) {
                        *o = level_total(t, g);
                    }
                    let others = &others[..n - 1];
                    let odds = self.chase.after_goal(x, others);
                    let mut e = [0.0; MOST + 2];
                    e[..MOST].copy_from_slice(&odds);
                    // Each other player's last turn, when the rules give it.
                    e[TURNS] = if self.model.rules.game.last_turn { others.len() as f64 } else { 0.0 };
                    Some(e)
                }
            }
        }
    }

    /// The mover's turn at `totals` with farkle value `farkle`: solved with
    /// slopes, its policy's [`Ends`], and its policy range.
    pub(super) fn turn(&self, totals: &[usize], farkle: f64, ends: &mut Vec<Option<Ends>>) -> Turn {
        let (sol, slack) = self.solve_turn(totals, farkle, 0, ends);
        self.played(&sol, slack, farkle, ends)
    }

    /// [`Self::turn`] of several movers at once: `turns` holds each one's
    /// totals, farkle value and ends (kept across calls). Their DPs run
    /// side by side in SIMD lanes ([`crate::pushluck::lanes`]), with the
    /// same results as one at a time.
    ///
    /// A batch runs up to its highest turn's top, and a lane whose top is
    /// lower idles above it. So the turns are prepared first and batched
    /// by their tops, lowest first: at Dice 10000's exact goal 4,000 the
    /// cells solved (each for all eight lanes) fell from 31.6 to 25.1
    /// million, a solved cell's lanes busy 91% of the time (74% in the
    /// order asked), and the solve took 0.82 of the CPU time.
    pub(super) fn turns_in_lanes(&self, turns: &mut [TurnAsked<'_>]) -> Vec<Turn> {
        if self.players > 3 {
            // At a table of four or more the lanes carry too few sums, and
            // the pass over every player's chance needs the choices a turn
            // solved alone records.
            return turns.iter_mut().map(|(totals, farkle, ends)| self.turn(totals, *farkle, ends)).collect();
        }
        let mut prepared: Vec<Option<(Solution<'m>, f64)>> =
            turns.iter_mut().map(|(totals, farkle, ends)| Some(self.prepare_turn(totals, *farkle, 0, ends))).collect();
        let mut order: Vec<usize> = (0..turns.len()).collect();
        order.sort_by_key(|&k| prepared[k].as_ref().map_or(0, |(sol, _)| sol.levels));
        let mut out: Vec<Option<Turn>> = vec![None; turns.len()];
        for batch in order.chunks(LANES) {
            let (mut sols, slacks): (Vec<Solution<'m>>, Vec<f64>) =
                batch.iter().map(|&k| prepared[k].take().expect("each turn in one batch")).unzip();
            let carried = self.fill_in_lanes(&mut sols, batch.iter().map(|&k| turns[k].2.as_slice()));
            for (((&k, sol), slack), carried) in batch.iter().zip(&sols).zip(slacks).zip(carried) {
                let (_, farkle, ends) = &turns[k];
                out[k] = Some(match carried {
                    Some(row) => self.played_as(sol, slack, *farkle, row[self.start]),
                    None => self.played(sol, slack, *farkle, ends),
                });
            }
        }
        out.into_iter().map(|t| t.expect("every turn solved")).collect()
    }

    /// At most [`LANES`] turns prepared and solved side by side, in the
    /// order given: their solutions (as [`fill_lanes_carrying`] leaves
    /// them), how far each one's farkle value may rise before its banks
    /// above the top could stop being best, and what each carries at its
    /// start (`None`: solved alone).
    #[cfg(test)]
    #[allow(clippy::type_complexity)]
    pub(super) fn batch_in_lanes(
        &self,
        batch: &mut [TurnAsked<'_>],
    ) -> (Vec<Solution<'m>>, Vec<f64>, Vec<Option<Vec<[f64; 2]>>>) {
        let (mut sols, slacks): (Vec<Solution<'m>>, Vec<f64>) =
            batch.iter_mut().map(|(totals, farkle, ends)| self.prepare_turn(totals, *farkle, 0, ends)).unzip();
        let carried = self.fill_in_lanes(&mut sols, batch.iter().map(|(_, _, ends)| ends.as_slice()));
        (sols, slacks, carried)
    }

    /// Prepared turns (at most [`LANES`]) solved side by side, each
    /// carrying what its `ends` give along its choices.
    fn fill_in_lanes<'e>(
        &self,
        sols: &mut [Solution<'m>],
        ends: impl Iterator<Item = &'e [Option<Ends>]>,
    ) -> Vec<Option<Vec<[f64; 2]>>> {
        let carry: Vec<Carry> = sols
            .iter()
            .zip(ends)
            .map(|(sol, ends)| {
                let bank = |l: usize, _left: usize| carried_end(ends, l);
                sol.carry(&worth_of(&bank))
            })
            .collect();
        fill_lanes_carrying(sols, &carry)
    }

    /// The [`Turn`] a solved turn plays: its ends' expectation along its
    /// choices, and its policy range (capped by `slack`).
    ///
    /// The DP already gives two of the five expectations: its start value
    /// is `A_mover + p F` and its slope is `p` (the farkle-like ends are
    /// the ones whose derivative is 1). The pass along the choices adds the
    /// next player's chance and the turns; the last player's chance is what
    /// is left of 1, as every end's chances and farkle share sum to 1. Two
    /// sums a state instead of five: the pass was a sixth of the solve.
    /// Turns solved in lanes carry those two sums through the DP itself
    /// ([`Self::turns_in_lanes`]), the same to the bit: the pass had grown
    /// to a quarter of the solve once the DP ran in lanes.
    fn played(&self, sol: &Solution<'m>, slack: f64, farkle: f64, ends: &[Option<Ends>]) -> Turn {
        if self.players > 3 {
            return self.played_by_many(sol, slack, farkle, ends);
        }
        let bank = |l: usize, _left: usize| carried_end(ends, l);
        self.played_as(sol, slack, farkle, sol.expect_rolls(&worth_of(&bank), 0, &[])[self.start])
    }

    /// [`Self::played`] at a table of four or more: one pass sums every
    /// player's chance after the mover's but the last's (the rest of 1)
    /// and the turns.
    fn played_by_many(&self, sol: &Solution<'m>, slack: f64, farkle: f64, ends: &[Option<Ends>]) -> Turn {
        fn nothing(_: usize) -> [f64; MOST] {
            [0.0; MOST]
        }
        let n = self.players;
        // `[next, ..., the one before the last, turns]`.
        let bank = |l: usize, _left: usize| -> [f64; MOST] {
            let mut sums = [0.0; MOST];
            if let Some(e) = ends.get(l).copied().flatten() {
                sums[..n - 2].copy_from_slice(&e[1..n - 1]);
                sums[n - 2] = e[TURNS];
            }
            sums
        };
        let worth = Worth { bank: &bank, by_left: false, tail: &nothing, instant: [0.0; MOST], farkle: [0.0; MOST] };
        let sums = sol.expect_rolls(&worth, 0, &[])[self.start];
        let p = sol.roll_slopes[self.start];
        let mover = sol.roll_values[self.start] - farkle * p;
        let mut e = [0.0; MOST + 2];
        e[0] = mover;
        e[1..n - 1].copy_from_slice(&sums[..n - 2]);
        e[n - 1] = 1.0 - p - e[..n - 1].iter().sum::<f64>();
        e[FARKLE] = p;
        e[TURNS] = sums[n - 2];
        let (lo, hi) = sol.policy_range;
        Turn { farkle, range: (lo, hi.min(slack)), ends: e }
    }

    /// [`Self::played`] with the turn's expectation of the next player's
    /// chance and the turns left, `[next, turns]`, known (carried by the
    /// DP in lanes, [`crate::pushluck::lanes::Carry`]).
    fn played_as(&self, sol: &Solution<'m>, slack: f64, farkle: f64, [next, turns]: [f64; 2]) -> Turn {
        let p = sol.roll_slopes[self.start];
        let mover = sol.roll_values[self.start] - farkle * p;
        let last = if self.players == 3 { 1.0 - mover - next - p } else { 0.0 };
        let (lo, hi) = sol.policy_range;
        let mut ends = [0.0; MOST + 2];
        ends[..3].copy_from_slice(&[mover, next, last]);
        (ends[FARKLE], ends[TURNS]) = (p, turns);
        Turn { farkle, range: (lo, hi.min(slack)), ends }
    }

    /// The mover's turn at `totals` with farkle value `farkle`, solved with
    /// slopes up to turn level `min_top` at least (advice: the points at
    /// stake, so that every choice there is the DP's), and how far the
    /// farkle value may rise before the banks above its top could stop
    /// being best (`ends`: what each end is worth, kept across calls).
    pub(super) fn solve_turn(
        &self,
        totals: &[usize],
        farkle: f64,
        min_top: usize,
        ends: &mut Vec<Option<Ends>>,
    ) -> (Solution<'m>, f64) {
        let (mut sol, slack) = self.prepare_turn(totals, farkle, min_top, ends);
        sol.fill_alone(true);
        (sol, slack)
    }

    /// [`Self::solve_turn`] ready for its DP (see
    /// [`crate::pushluck::model::Model::prepare_payoff`]).
    pub(super) fn prepare_turn(
        &self,
        totals: &[usize],
        farkle: f64,
        min_top: usize,
        ends: &mut Vec<Option<Ends>>,
    ) -> (Solution<'m>, f64) {
        let m = self.model;
        let g = m.grid;
        let at = level_total(totals[0], g);
        let others: Vec<i64> = totals[1..].iter().map(|&o| level_total(o, g)).collect();
        let goal_level = usize::try_from((m.rules.game.goal - at + g - 1) / g).expect("below the goal");
        let exact = m.rules.game.exact_goal;
        // Past an exact goal with instant wins a turn rolls on for one (see
        // below): the goal's own level, where a bank wins, is solved.
        let mut top = if m.chase.is_some() { goal_level + 1 } else { goal_level.max(1) };
        let on = self.chase.on_board(at);
        let first = self.first_bound(farkle, others.len());
        let mut slack = loop {
            let x = at + level_total(top, g);
            if top >= min_top && matches!(m.rules.turn.stop(on, level_total(top, g)), Stop::Counts) {
                // Past an exact goal every end is worth the farkle value (a
                // bust or a farkle), whatever the play: a bank there is as
                // good as any roll, at every farkle value.
                if exact {
                    break f64::INFINITY;
                }
                let least = self.chase.mover_at_least(x, &others);
                if let Some(slack) = first.slack(least) {
                    break slack;
                }
                if self.chase.settled(x, &others) {
                    // Every bank from here on is worth the same: banking is
                    // best here if no roll beats it with every outcome
                    // banked there, and then at every level above.
                    let bank = self.chase.after_goal(x, &others)[0];
                    let tail = m.roll_reaches.as_deref().map(|r| Bound::by_rolls(r, farkle, bank));
                    if let Some(slack) = tail.and_then(|t| t.slack(bank)) {
                        break slack;
                    }
                    // Some roll beats that bank: the mover would roll on
                    // past every total. Not solved for several players: the
                    // solve is refused where it meets one.
                    self.rolls_on.get_or_init(|| format!("{} at a farkle value of {farkle}", self.describe(totals)));
                    break 0.0;
                }
            }
            top += 1;
        };
        // Ends do not depend on the farkle value: kept across rounds.
        let len = top + self.reach + 1;
        ends.reserve(len.saturating_sub(ends.len()));
        while ends.len() < len {
            let e = self.end(totals, ends.len());
            ends.push(e);
        }
        if !exact {
            (top, slack) = self.lower_top(top, goal_level.max(min_top).max(1), farkle, slack, ends);
        }
        let len = top + self.reach + 1;
        let banks = ends[..len].iter().map(|e| e.map_or(f64::NAN, |e| e[0] + e[FARKLE] * farkle)).collect();
        let farkle_like = ends[..len].iter().map(|e| e.is_some_and(|e| e[FARKLE] == 1.0)).collect();
        let chasers = others.iter().map(|&t| (t, self.chase.on_board(t))).collect();
        let beyond = if exact {
            Beyond::Bust
        } else {
            Beyond::Leader { last: Arc::clone(self.chase.last()), grid: g, mover: at, chasers }
        };
        let mut payoff = row_payoff(farkle, banks, farkle_like, beyond);
        if let Some((values, slopes)) = super::super::rolling_on_past_goal(m, farkle) {
            // Past an exact goal the player rolls on for an instant win. Its
            // chances (all the mover's) and the farkle share are all the
            // ends up there, so the others' chances and the turns are 0
            // there (`played`'s tail).
            payoff.above = Some(values);
            payoff.above_slopes = slopes;
        }
        let params = Params { on_board: on, last_chance: false, goal_left: m.rules.game.goal - at };
        let sol = m.prepare_payoff(params, payoff, top, self.reach, true);
        // The banks above the top stay better than any roll while the
        // farkle value rises by less than this.
        (sol, slack)
    }

    /// The lowest top at or above `lowest` (and below `top`, where banking
    /// is proved best by the first bound) such that at every level from it
    /// to `top`, in every context, a bank beats the roll whose every
    /// outcome is banked at once: by induction from `top` down, every level
    /// there banks. Each roll is bounded by its largest gain's bank (the
    /// most a bank up to there is worth). Also the slack: how far the
    /// farkle value may rise before one of those rolls could overtake.
    fn lower_top(&self, top: usize, lowest: usize, farkle: f64, mut slack: f64, ends: &[Option<Ends>]) -> (usize, f64) {
        let Some(reaches) = &self.roll_reaches else { return (top, slack) };
        if lowest >= top {
            return (top, slack);
        }
        let bank = |l: usize| ends[l].filter(|e| e[FARKLE] == 0.0).map(|e| e[0]);
        // The most a bank from `lowest` up to each level is worth.
        let mut most = vec![f64::NAN; top + self.reach + 1];
        let mut run = f64::NEG_INFINITY;
        for (l, most) in most.iter_mut().enumerate().skip(lowest) {
            let Some(b) = bank(l) else { return (top, slack) };
            run = run.max(b);
            *most = run;
        }
        let mut t = top;
        while t > lowest {
            let l = t - 1;
            let b = bank(l).expect("checked above");
            let mut s = slack;
            for r in reaches {
                let roll = r.bound(farkle, |g| most[l + g]);
                if roll > b {
                    return (t, slack);
                }
                if r.farkle > 0.0 {
                    s = s.min((b - roll) / r.farkle);
                }
            }
            (t, slack) = (l, s);
        }
        (t, slack)
    }
}
