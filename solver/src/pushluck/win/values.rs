//! The value store of the win objective: `W(a, b)` for every pair of
//! sides, the last-turn table and (with piggyback) the offers, and what
//! ending a turn is worth in terms of them ([`End`]): a bank below the goal
//! hands the opponent the next turn, a bank at or past it the last turn
//! ([`GoalBank`]).

use std::sync::{Arc, OnceLock};

use super::last_turn::LastTurn;
use super::{climb_at, climb_chances, facts, max_turn_levels, reach, risks, rows, start_context, Offers, Sides};
use crate::pushluck::level_total;
use crate::pushluck::model::Model;
use crate::pushluck::rules::Stop;
use crate::pushluck::solution::{leftover_class, BanksBeyond};

/// The win probabilities of every turn-start state of a game.
#[derive(Debug, Clone)]
pub(crate) struct WinValues<'m> {
    pub(crate) model: &'m Model,
    /// Each player's state between turns ([`Sides`]): without the penalty
    /// the totals `0, grid, ..., goal - grid`.
    pub(crate) sides: Sides,
    /// `w[a * sides.len() + b]`: P(the mover, at side `a`, wins against an
    /// opponent at side `b`).
    pub(crate) w: Vec<f64>,
    /// Shared with every turn's payoff, which values banks past the goal
    /// from it ([`GoalBank`]).
    pub(crate) last: Arc<LastTurn>,
    /// Per context: farkle probability, chance of an instant win.
    pub(super) risks: Vec<(f64, f64)>,
    /// Per number of levels: the most likely a turn climbs that far
    /// ([`climb_chances`]), made on first use (only the solve's turns read
    /// it: a table loaded for advice never does).
    climbs: Arc<OnceLock<Vec<f64>>>,
    /// Largest gain of a set-aside, in grid levels.
    pub(super) reach: usize,
    /// The context of a fresh turn.
    pub(super) start: usize,
    /// Most grid levels one turn can score, when bounded.
    pub(super) max_turn: Option<usize>,
    /// The optimal policy's linear rows, when the solve made them (the
    /// penalty solver does; [`facts`] reuses them instead of solving every
    /// turn again).
    pub(super) policy: Option<std::sync::Arc<rows::FlatRows>>,
    /// With piggyback: the value of rolling the previous player's leftover.
    pub(crate) offers: Option<Offers>,
    /// Without the penalty: the game facts' quantities, solved along with
    /// the values.
    pub(super) pair_facts: Option<facts::PairFacts<'m>>,
}

/// What ending the mover's turn is worth, in terms of the value table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum End {
    /// A known probability (a bank past the goal, an instant win).
    Value(f64),
    /// `1 - w[i]`: the opponent moves next from state `i`.
    Lose(usize),
    /// With piggyback: the opponent moves next from state `next`, offered
    /// `k` leftover dice and `t_level` grid levels of points (`1 -` the
    /// better of that and a fresh turn, [`WinValues::offered`]).
    Offer { next: usize, k: usize, t_level: usize },
    /// The turn's farkle value.
    Farkle,
    /// A stop that scores nothing (under the entry threshold).
    Pass,
}

/// What a bank that reaches the goal is worth to a mover at total `mover`:
/// the opponent's last turn must pass it ([`LastTurn`]), or, at an exact
/// goal, it wins on the goal and busts past it. Every turn's payoff values
/// banks past its arrays with this, so that advice far past the goal shows
/// each bank's own value.
#[derive(Debug, Clone)]
pub(super) struct GoalBank {
    pub(super) last: Arc<LastTurn>,
    pub(super) at: GoalRule,
}

/// A [`GoalBank`] without its last-turn table: what a bank at the goal is
/// worth given that table. (The turn setups value thousands of banks each,
/// from both threads: cloning the shared table's `Arc` for each, an atomic
/// count both cores write, was most of their time.)
#[derive(Debug, Clone, Copy)]
pub(super) struct GoalRule {
    pub(super) mover: i64,
    pub(super) chaser: i64,
    pub(super) chaser_on_board: bool,
    pub(super) goal: i64,
    pub(super) grid: i64,
    pub(super) exact_goal: bool,
    pub(super) last_turn: bool,
}

impl GoalBank {
    /// Banking `t` points (to at least the goal), leaving a leftover of
    /// class `class` (0: nothing the chaser may take over).
    pub(super) fn end(&self, t: i64, class: usize) -> End {
        self.at.end(&self.last, t, class)
    }
}

impl GoalRule {
    /// [`GoalBank::end`], with the last-turn table `last`.
    pub(super) fn end(&self, last: &LastTurn, t: i64, class: usize) -> End {
        let x = self.mover + t;
        debug_assert!(x >= self.goal, "a bank below the goal is read from the value table");
        if self.exact_goal && x > self.goal {
            return End::Farkle;
        }
        if !self.last_turn || self.exact_goal {
            return End::Value(1.0);
        }
        let offer = (class > 0).then_some((class, t));
        End::Value(1.0 - last.pass_offered(self.chaser_on_board, x - self.chaser, offer, self.grid))
    }
}

impl BanksBeyond for GoalBank {
    fn bank(&self, level: usize, class: usize, farkle: f64) -> f64 {
        match self.end(level_total(level, self.at.grid), class) {
            End::Value(v) => v,
            End::Farkle => farkle,
            e => unreachable!("a bank at the goal ends the game: {e:?}"),
        }
    }
}

impl<'m> WinValues<'m> {
    /// Bytes of values held in memory (what a memo of them weighs).
    pub(crate) fn bytes(&self) -> usize {
        self.w.len() * std::mem::size_of::<f64>() + self.offers.as_ref().map_or(0, Offers::owned_bytes)
    }

    /// Values `w` (`n` x `n`) with their last-turn table, for `model`.
    pub(crate) fn new(model: &'m Model, sides: Sides, w: Vec<f64>, last: LastTurn) -> WinValues<'m> {
        WinValues {
            model,
            sides,
            w,
            last: Arc::new(last),
            risks: risks(model),
            climbs: Arc::default(),
            reach: reach(model),
            start: start_context(model),
            max_turn: max_turn_levels(model),
            policy: None,
            pair_facts: None,
            offers: None,
        }
    }

    /// Inherited turn totals the offers table covers, in grid levels: at
    /// most the opponent's total (below the goal, above the floor), and at
    /// most one turn.
    pub(crate) fn offer_levels(model: &Model, sides: &Sides) -> usize {
        let most = sides.bankers().0.saturating_sub(1);
        max_turn_levels(model).map_or(most, |t| t.min(most))
    }

    /// The most likely a turn climbs `levels` grid levels or more (an
    /// upper bound; 1 for none).
    pub(super) fn climb(&self, levels: usize) -> f64 {
        climb_at(self.climbs.get_or_init(|| climb_chances(self.model)), levels)
    }

    /// The highest level of a pair's turn the solve reads: its start, and
    /// under piggyback the value of rolling a leftover at each inherited
    /// total the offers keep (under the return those are turns of their
    /// own, see [`Self::returned_offer_block`]).
    pub(super) fn solve_reads(&self) -> usize {
        match &self.offers {
            Some(o) if !self.model.rules.turn.piggyback_return => o.t_levels,
            _ => 0,
        }
    }

    /// Whether [`facts::game_facts`] can be computed: always, except under
    /// piggyback when the offer states' quantities were too large to solve
    /// along (see [`facts::PairFacts::new`]) and under `piggyback=return`.
    pub(crate) fn has_game_facts(&self) -> bool {
        self.offers.is_none() || self.pair_facts.is_some()
    }

    /// Whether the mover at side `a` may piggyback (the rules have it, and
    /// Dice 10000's "only players on the table").
    pub(crate) fn may_piggyback(&self, a: usize) -> bool {
        let turn = &self.model.rules.turn;
        turn.piggyback && (!turn.piggyback_needs_board || self.sides.side(a).on_board)
    }

    /// P(the mover at `(a, b)` wins) when offered `k` leftover dice and
    /// `t_level` grid levels of turn points: the better of starting fresh
    /// and piggybacking.
    pub(crate) fn offered(&self, a: usize, b: usize, k: usize, t_level: usize) -> f64 {
        let w = self.at(a, b);
        match self.offers.as_ref().and_then(|o| o.piggyback(a, b, k, t_level)) {
            Some(r) => r.max(w),
            None => w,
        }
    }

    pub(super) fn grid(&self) -> i64 {
        self.model.grid
    }

    /// Sides (players' states between turns).
    pub(crate) fn len(&self) -> usize {
        self.sides.len()
    }

    /// P(the mover wins) at sides `(a, b)`.
    pub(crate) fn at(&self, a: usize, b: usize) -> f64 {
        self.w[a * self.len() + b]
    }

    /// P(the first player wins) from the start of a game (0-0, no farkles).
    pub(crate) fn first(&self) -> f64 {
        let start = self.sides.of_question(0, 0).expect("0 is a total of every game");
        self.at(start, start)
    }

    /// Index into `w` of the opponent's turn at `(b, a)`.
    pub(super) fn next(&self, b: usize, a: usize) -> usize {
        b * self.len() + a
    }

    /// What banking `t` points to total `x` against opponent `b` is worth,
    /// leaving `left` dice not set aside (a leftover with piggyback).
    pub(super) fn bank_to(&self, x: i64, b: usize, t: i64, left: usize) -> End {
        let rules = &self.model.rules.game;
        let g = self.grid();
        let k = if self.offers.is_some() { leftover_class(left) } else { 0 };
        let t_level = usize::try_from(t / g).unwrap_or(0);
        if x < rules.goal {
            let xa = self.sides.after_bank(x);
            if k > 0 {
                return End::Offer { next: self.next(b, xa), k, t_level };
            }
            return End::Lose(self.next(b, xa));
        }
        self.goal_rule(x - t, b).end(&self.last, t, k)
    }

    /// How a mover at total `mover` values banks that reach the goal
    /// against the opponent at side `b`.
    pub(super) fn goal_bank(&self, mover: i64, b: usize) -> GoalBank {
        GoalBank { last: Arc::clone(&self.last), at: self.goal_rule(mover, b) }
    }

    /// [`Self::goal_bank`] without the last-turn table.
    fn goal_rule(&self, mover: i64, b: usize) -> GoalRule {
        let rules = &self.model.rules.game;
        let chaser = self.sides.side(b);
        GoalRule {
            mover,
            chaser: chaser.total,
            chaser_on_board: chaser.on_board,
            goal: rules.goal,
            grid: self.grid(),
            exact_goal: rules.exact_goal,
            last_turn: rules.last_turn,
        }
    }

    /// What ending the mover's turn at `(a, b)` at turn total `t > 0`,
    /// leaving nothing to piggyback on, is worth: `None` where the rules
    /// forbid stopping there.
    pub(super) fn end_at(&self, a: usize, b: usize, t: i64) -> Option<End> {
        self.end_leaving(a, b, t, 0)
    }

    /// [`Self::end_at`] with `left` dice not set aside.
    pub(super) fn end_leaving(&self, a: usize, b: usize, t: i64, left: usize) -> Option<End> {
        let s = self.sides.side(a);
        match self.model.rules.turn.stop(s.on_board, t) {
            Stop::Forbidden => None,
            Stop::ScoresNothing => Some(End::Pass),
            Stop::Counts => Some(self.bank_to(s.total + t, b, t, left)),
        }
    }

    /// The value of an end, with the turn's farkle and pass values.
    pub(super) fn end_value(&self, e: End, farkle: f64, pass: f64) -> f64 {
        match e {
            End::Value(v) => v,
            End::Lose(i) => 1.0 - self.w[i],
            End::Offer { next, k, t_level } => 1.0 - self.offered(next / self.len(), next % self.len(), k, t_level),
            End::Farkle => farkle,
            End::Pass => pass,
        }
    }

    /// Under `piggyback=return`: what a farkle is worth to the mover at
    /// side `a` on a turn begun on the leftover of the opponent at side
    /// `b`, with `t` points inherited. The opponent adds those points to
    /// their total once more: below the goal they move next from there
    /// (their total already held the `t` of their bank, so it is always a
    /// higher total, solved before); at or past it their return ends the
    /// game like a bank, and the mover, the one other player, has the last
    /// turn.
    pub(crate) fn returned_farkle(&self, a: usize, b: usize, t: i64) -> f64 {
        let game = &self.model.rules.game;
        let (sa, sb) = (self.sides.side(a), self.sides.side(b));
        let x = sb.total + t;
        if x < game.goal {
            return 1.0 - self.at(self.sides.after_bank(x), self.sides.after_farkle(a));
        }
        if game.last_turn {
            self.last.pass(sa.on_board, x - sa.total, self.grid())
        } else {
            0.0
        }
    }

    /// The farkle and pass values of the mover's turn at `(a, b)` from the table.
    pub(super) fn farkle_and_pass(&self, a: usize, b: usize) -> (f64, f64) {
        let f = 1.0 - self.at(b, self.sides.after_farkle(a));
        let p = 1.0 - self.at(b, self.sides.after_pass(a));
        (f, p)
    }
}
