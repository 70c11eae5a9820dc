//! The last turns of a game of three: once a bank reaches the goal, each
//! other player in turn order gets one more turn and must end it strictly
//! above the highest total so far.
//!
//! The last chaser plays for passing and nothing else: their chance is the
//! two-player [`LastTurn`] table's `P_pass`. The middle chaser (the player
//! after the leader) plays for their own win, which is passing the leader
//! *and* then not being passed by the last chaser: a turn DP whose bank to
//! `y` past the leader is worth `1 - P_pass(y - c)` (`c` the last chaser's
//! total) and whose every other end is worth 0. That turn depends on the
//! leader only through the points the middle chaser needs (`x - b`) and on
//! the last chaser only through the gap `c - b` and whether each is on the
//! board, so it is solved once per such key and kept ([`Chase::middle`]).
//! From it: the middle chaser's chance `W_b`, and the chance `F_b` that they
//! fail (a farkle, or a bank not past the leader); then the leader wins
//! with `F_b (1 - P_pass(x - c))`, and the last chaser with the rest.
//!
//! Where the middle chaser's turn stops being solved: rolling in a context
//! with farkle probability `q` is worth at most `1 - q` (a farkle is worth
//! 0 to a chaser, anything else at most 1), and a bank past the leader is
//! worth `1 - P_pass`, which only grows with the total; so from the first
//! total where `P_pass <= q_min` (the smallest farkle probability of any
//! context) banking is optimal, and the turn is solved exactly below it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use rayon::prelude::*;

use super::super::last_turn::LastTurn;
use super::super::Sides;
use super::{row_payoff, Beyond};
use crate::pushluck::ends::Worth;
use crate::pushluck::level_total;
use crate::pushluck::model::{Model, Params};
use crate::pushluck::rules::Stop;
use crate::pushluck::solution::Solution;

/// The most players whose chances one [`Odds`] holds: the exact solve
/// takes up to the rules texts' six, the last round up to eight.
pub(crate) const MOST: usize = 8;

/// Win probabilities of every player, counted from the mover: `[mover,
/// next, the one after, ...]` (0 past the players).
pub(crate) type Odds = [f64; MOST];

/// Odds with `first` to the first place and nothing to the others.
pub(crate) fn all_to_first(first: f64) -> Odds {
    let mut o = [0.0; MOST];
    o[0] = first;
    o
}

/// Keys of the middle chaser's turn kept: needs up to this many grid
/// levels past the goal's distance (more are solved when asked, not kept).
const NEEDS_KEPT_PAST_GOAL: usize = 200;

/// Rolls' reach past the goal whose banks' middle-chaser turns are solved
/// ahead ([`Chase::solve_ahead`]) where the middle chaser is within one
/// reach of the goal (one reach elsewhere).
///
/// Every turn's ends run from its total to its top, at or past the goal,
/// plus one roll's reach: the banks from the goal to one reach past it are
/// asked for at every state. A mover rolls on further past the goal only
/// while the chasers are near it. Measured on Farkle for three: with two
/// reaches everywhere, at goal 600 5,412 of the 6,206 turns the solve
/// needs were solved ahead and none it did not need (one reach: 2,728),
/// but at goal 5,000 1,170 turns it did not need, far behind the goal and
/// so long (51.7 s against 46.4 s with one reach). As now: 112 turns too
/// many there, 44.7 s; Van't Hof to 600, 27.0 s (two reaches everywhere
/// 26.7 s, one 33.1 s); to 1,500, 65.0 s (61.8 s, 69.2 s).
const AHEAD_REACHES: usize = 2;

/// The last turns after a bank at or past the goal, for any number of
/// players (three chasers or more: [`super::chain`]).
pub(super) struct Chase<'m> {
    pub(super) model: &'m Model,
    last: Arc<LastTurn>,
    /// The players' sides: totals below the goal, on the board or not.
    sides: Sides,
    /// Totals per player below the goal, in grid levels.
    levels: usize,
    pub(super) reach: usize,
    pub(super) start: usize,
    /// The smallest farkle probability of any context (positive).
    pub(super) q_min: f64,
    /// Needs (grid levels) whose middle chaser's turn is kept: `0..needs`.
    needs: usize,
    /// The middle chaser's `[W_b, F_b]` per key (see [`Self::key`]).
    middle: Vec<OnceLock<[f64; 2]>>,
    /// With instant wins and no exact goal: the need (grid levels) from
    /// which a chaser's chances no longer move ([`Self::settled`]).
    settles: Option<usize>,
    /// The first chaser's turns of three chasers or more, kept as solved
    /// ([`super::chain`]).
    pub(super) chains: Chains,
}

impl<'m> Chase<'m> {
    pub(super) fn new(model: &'m Model, players: usize, sides: Sides, last: Arc<LastTurn>, q_min: f64) -> Chase<'m> {
        let levels = sides.len();
        let (reach, start) = (super::super::reach(model), super::super::start_context(model));
        let rules = &model.rules;
        let settles =
            (rules.has_instant_win() && !rules.game.exact_goal && rules.game.last_turn).then(|| last.fresh.len() + 1);
        // Every need up to where the chances settle is kept.
        let needs = (levels + NEEDS_KEPT_PAST_GOAL).max(settles.unwrap_or(0)) + 1;
        let kept = if players >= 3 { needs * (2 * levels - 1) * 4 } else { 0 };
        let middle = (0..kept).map(|_| OnceLock::new()).collect();
        let chains = Chains::default();
        Chase { model, last, sides, levels, needs, reach, start, q_min, middle, settles, chains }
    }

    fn grid(&self) -> i64 {
        self.model.grid
    }

    /// Whether a player at `total` (below the goal) is on the board.
    pub(super) fn on_board(&self, total: i64) -> bool {
        self.sides.side(usize::try_from(total / self.grid()).expect("a total of 0 or more")).on_board
    }

    /// The last-turn table (`P_pass` for every need).
    pub(super) fn last(&self) -> &Arc<LastTurn> {
        &self.last
    }

    /// `P_pass` of a player at `total` who must end above `x`.
    pub(super) fn pass(&self, total: i64, x: i64) -> f64 {
        self.last.pass(self.on_board(total), x - total, self.grid())
    }

    /// What the mover's bank to `x` (at or past the goal) is worth to each
    /// player, the others at `others` (in turn order).
    pub(super) fn after_goal(&self, x: i64, others: &[i64]) -> Odds {
        if !self.model.rules.game.last_turn {
            return all_to_first(1.0);
        }
        let mut odds = [0.0; MOST];
        match *others {
            [] => odds[0] = 1.0,
            [b] => {
                let p = self.pass(b, x);
                odds[..2].copy_from_slice(&[1.0 - p, p]);
            }
            [b, c] => {
                let [win_b, fail_b] = self.middle(x - b, c - b, self.on_board(b), self.on_board(c));
                let leader = fail_b * (1.0 - self.pass(c, x));
                odds[..3].copy_from_slice(&[leader, win_b, 1.0 - leader - win_b]);
            }
            _ => odds = self.chain(x, others),
        }
        odds
    }

    /// A lower bound of what a bank to `x` is worth to the mover that only
    /// grows with `x`: no chaser passes with more than their `P_pass`.
    pub(super) fn mover_at_least(&self, x: i64, others: &[i64]) -> f64 {
        if !self.model.rules.game.last_turn {
            return 1.0;
        }
        others.iter().map(|&t| 1.0 - self.pass(t, x)).product()
    }

    /// With instant wins and no exact goal, the most a bank past the goal
    /// is worth to the mover, whatever its total, against `chasers`:
    /// `(1 - i)^chasers`, `i` the chance of an instant win rolling on for
    /// one. Each chaser wins with at least `i` (the last one passes with at
    /// least `i`; the middle one's chance to win, at least `i`, is at most
    /// their chance not to fail). It is also the limit of that bank far
    /// past the goal, where nothing but instant wins is left to the chasers.
    pub(super) fn bank_most(&self, chasers: usize) -> f64 {
        (1.0 - self.last.instant).powi(i32::try_from(chasers).expect("a few players"))
    }

    /// Whether the rules have instant wins and last turns without an exact
    /// goal: far past the goal a bank then tends to [`Self::bank_most`].
    pub(super) fn instant_tail(&self) -> bool {
        self.settles.is_some()
    }

    /// Whether a bank to `x` is worth what every bank past it is (with
    /// instant wins and no exact goal): every chaser needs more than the
    /// last-turn table holds, where their chance of passing no longer moves
    /// (within [`super::super::last_turn::TAIL`] of its limit, as the pair
    /// solver reads it), and the middle chaser's turn is the one solved at
    /// that need ([`Self::middle`]).
    pub(super) fn settled(&self, x: i64, others: &[i64]) -> bool {
        self.settles.is_some_and(|s| others.iter().all(|&t| (x - t) / self.grid() >= s as i64))
    }

    /// Where `(need, gap, on_b, on_c)` is kept in `middle`, if it is. The
    /// need varies fastest: a turn's banks past the goal ask for one need
    /// after another, which then share cache lines (with the need slowest
    /// each was a cache miss of its own).
    fn key(&self, need: usize, gap: i64, on_b: bool, on_c: bool) -> Option<usize> {
        let (l, needs) = (self.levels, self.needs);
        let gap = usize::try_from(gap + i64::try_from(l).ok()? - 1).ok()?;
        if need >= needs || gap >= 2 * l - 1 {
            return None;
        }
        let i = ((gap * 2 + usize::from(on_b)) * 2 + usize::from(on_c)) * needs + need;
        (i < self.middle.len()).then_some(i)
    }

    /// The need (grid levels) whose middle chaser's turn stands for `need`:
    /// itself, or with instant wins and no exact goal at most where the
    /// chances settle. Past the last-turn table's needs the middle chaser's
    /// chances are within its tail of their limit: `W_b` moves by no more
    /// than the chance of passing the need (what the last-turn row gives),
    /// less its limit, and so by less than `TAIL`.
    fn solved_need(&self, need: usize) -> usize {
        self.settles.map_or(need, |s| need.min(s))
    }

    /// The middle chaser's `[W_b, F_b]` when they need more than `need`
    /// points and the last chaser's total is `gap` above theirs.
    pub(super) fn middle(&self, need: i64, gap: i64, on_b: bool, on_c: bool) -> [f64; 2] {
        let g = self.grid();
        let need = self.solved_need(usize::try_from(need / g).expect("a leader's total is past the chaser's"));
        let gap = gap / g;
        match self.key(need, gap, on_b, on_c) {
            Some(i) => *self.middle[i].get_or_init(|| self.solve_middle(need, gap, on_b, on_c)),
            None => self.solve_middle(need, gap, on_b, on_c),
        }
    }

    /// Solves ahead, on every core, the middle chaser's turns that banks
    /// past the goal ask for at states whose chasers are at `pairs` (grid
    /// levels, `(b, c)` in turn order; how far past: [`AHEAD_REACHES`]),
    /// those kept and not solved yet. Asked for only as the states
    /// are solved, two threads often wanted the same turn, and one waited
    /// while the other solved it. The values are the same either way: each
    /// turn is solved once, by whichever asks first.
    pub(super) fn solve_ahead(&self, pairs: &[(usize, usize)]) {
        if self.middle.is_empty() || !self.model.rules.game.last_turn || self.model.rules.game.exact_goal {
            return;
        }
        let level = |l: usize| i64::try_from(l).expect("a few levels");
        // (key, need, gap, on the board).
        let mut keys: Vec<(usize, usize, i64, [bool; 2])> = vec![];
        for &(b, c) in pairs {
            let on = [self.sides.side(b).on_board, self.sides.side(c).on_board];
            let gap = level(c) - level(b);
            let to_goal = self.levels - b;
            let reaches = if to_goal <= self.reach { AHEAD_REACHES } else { 1 };
            for need in to_goal..=to_goal + reaches * self.reach {
                let need = self.solved_need(need);
                if let Some(i) = self.key(need, gap, on[0], on[1]).filter(|&i| self.middle[i].get().is_none()) {
                    keys.push((i, need, gap, on));
                }
            }
        }
        keys.sort_unstable_by_key(|k| k.0);
        keys.dedup_by_key(|k| k.0);
        keys.par_iter().for_each(|&(i, need, gap, [on_b, on_c])| {
            self.middle[i].get_or_init(|| self.solve_middle(need, gap, on_b, on_c));
        });
    }

    /// The middle chaser's `[W_b, F_b]`: their turn solved (see the
    /// module's documentation), and the chance of failing along its choices.
    fn solve_middle(&self, need: usize, gap: i64, on_b: bool, on_c: bool) -> [f64; 2] {
        // (Its DP recorded its choices.)
        let (sol, ends) = self.middle_turn_ends(need, gap, on_b, on_c);
        let bank = |l: usize, _left: usize| -> [f64; 1] { [ends.get(l).copied().flatten().map_or(0.0, |e| e[1])] };
        let worth = Worth { bank: &bank, by_left: false, tail: &|_| [0.0], instant: [0.0], farkle: [1.0] };
        let fail = sol.expect_rolls(&worth, 0, &[])[self.start][0];
        [sol.roll_values[self.start], fail]
    }

    /// The middle chaser's turn when the leader banked to `x` and the
    /// middle and last chasers are at `b` and `c`: what they play.
    pub(super) fn middle_turn(&self, x: i64, b: i64, c: i64) -> Solution<'m> {
        let g = self.grid();
        let need = usize::try_from((x - b) / g).expect("the leader is past the chaser");
        self.middle_turn_ends(need, (c - b) / g, self.on_board(b), self.on_board(c)).0
    }

    /// The middle chaser's turn solved, and what each end is worth to them
    /// and whether it fails, per level (`None` where stopping is not
    /// allowed).
    fn middle_turn_ends(&self, need: usize, gap: i64, on_b: bool, on_c: bool) -> (Solution<'m>, Vec<Option<[f64; 2]>>) {
        let m = self.model;
        let g = m.grid;
        // The last chaser must end above the middle chaser's total `b + t`:
        // needs `t - gap` more than their own.
        let pass_c = |l: usize| self.last.pass(on_c, level_total(l, g) - gap * g, g);
        // What each end is worth: `[to the middle chaser, failed]`, `None`
        // where stopping is not allowed.
        let end = |l: usize| -> Option<[f64; 2]> {
            if l == 0 {
                return None;
            }
            match m.rules.turn.stop(on_b, level_total(l, g)) {
                Stop::Forbidden => None,
                Stop::ScoresNothing => Some([0.0, 1.0]),
                Stop::Counts if l <= need => Some([0.0, 1.0]),
                Stop::Counts => Some([1.0 - pass_c(l), 0.0]),
            }
        };
        let mut top = need + 1;
        while !(matches!(m.rules.turn.stop(on_b, level_total(top, g)), Stop::Counts) && pass_c(top) <= self.q_min) {
            top += 1;
        }
        let ends: Vec<Option<[f64; 2]>> = (0..=top + self.reach).map(end).collect();
        let banks = ends.iter().map(|e| e.map_or(f64::NAN, |e| e[0])).collect();
        let farkle_like = ends.iter().map(|e| e.is_some_and(|e| e[1] == 1.0)).collect();
        let beyond = Beyond::Middle { last: Arc::clone(&self.last), grid: g, gap, last_on_board: on_c };
        let payoff = row_payoff(0.0, banks, farkle_like, beyond);
        let params = Params { on_board: on_b, last_chance: false, goal_left: m.rules.game.goal };
        (m.solve_payoff(params, payoff, top, self.reach), ends)
    }
}

/// Turns kept at most: about 200 bytes each, 400 MB. Past it a turn is
/// solved again each time it is asked (the values are the same).
const CHAINS_KEPT: usize = 2_000_000;

/// What a first chaser's turn depends on: the points they need (grid
/// levels), the later chasers' totals less theirs (grid levels, in turn
/// order; 0 past them), who is on the board (a bit per chaser, the first
/// chaser's lowest) and how many chasers there are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Key {
    pub(super) need: i64,
    pub(super) gaps: [i64; MOST],
    pub(super) on: u16,
    pub(super) chasers: u8,
}

/// The first chaser's turns solved so far (`chain.rs` solves them): every player's chance from
/// there, as [`Chase::after_goal`] gives it.
#[derive(Default)]
pub(super) struct Chains(Mutex<HashMap<Key, Odds>>);

impl Chains {
    pub(super) fn get(&self, key: &Key) -> Option<Odds> {
        self.0.lock().expect("no panic while held").get(key).copied()
    }

    pub(super) fn keep(&self, key: Key, odds: Odds) {
        let mut kept = self.0.lock().expect("no panic while held");
        if kept.len() < CHAINS_KEPT {
            kept.insert(key, odds);
        }
    }
}
