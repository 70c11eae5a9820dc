//! The last round with three chasers or more (a table of four or more).
//!
//! Once a bank reaches the goal every other player in turn order gets one
//! more turn and must end it strictly above the highest total so far. The
//! chasers' totals do not move until their turn, so the round's state is
//! the highest total and who holds it, and who is still to come. The first
//! chaser to come plays for their own win: passing the highest total and
//! then not being passed by any chaser after them. Their turn is a DP whose
//! bank to `y` past the highest total is worth what the rest of the round
//! leaves to whoever holds `y` (the chase of one chaser fewer, from `y`:
//! two chasers are the middle and last chaser of [`super::chase`], more
//! recurse here), and whose every other end (a farkle, a bank not past
//! the highest total) is worth 0 to them and leaves the round to the next
//! chaser against the old highest total.
//!
//! From the DP's policy one pass gives the chance `F` that the first
//! chaser fails and, over their banks, each later chaser's expected
//! chance; the holder of the old highest total wins with `F` times their
//! chance against the later chasers alone, and each later chaser adds `F`
//! times theirs.
//!
//! Where the turn stops being solved: a chaser's roll is worth at most
//! `1 - q` (a farkle is worth 0 to them), and a bank to `y` at least the
//! product of `1 - P_pass` over the later chasers (each must pass `y`,
//! and none passes with more than their `P_pass`), which only grows with
//! `y`; from the first level where that product reaches `1 - q_min` every
//! level banks. With instant wins and no exact goal `P_pass` never falls
//! below the chance of an instant win and that product may never get
//! there: those rules are refused for four players or more.
//!
//! The turn depends on the first chaser's total only through the points
//! they need, the later chasers' gaps to them and who is on the board, so
//! it is kept under that key ([`super::chase::Chains`]).

use std::sync::Arc;

use super::chase::{Chase, Key, Odds, MOST};
use super::{row_payoff, Beyond};
use crate::pushluck::ends::Worth;
use crate::pushluck::level_total;
use crate::pushluck::model::Params;
use crate::pushluck::rules::Stop;
use crate::pushluck::solution::Solution;

/// A first chaser's end: what it is worth to them, and `[failed, the later
/// chasers' chances...]` (`None` where stopping is not allowed).
type ChainEnd = Option<(f64, [f64; MOST])>;

impl<'m> Chase<'m> {
    /// Every player's chance when the leader banked to `x` and three or
    /// more chasers at `others` (in turn order) are still to come:
    /// `[leader, first chaser, ...]`.
    pub(super) fn chain(&self, x: i64, others: &[i64]) -> Odds {
        let key = self.chain_key(x, others);
        if let Some(odds) = self.chains.get(&key) {
            return odds;
        }
        let odds = self.solve_chain(x, others);
        self.chains.keep(key, odds);
        odds
    }

    fn chain_key(&self, x: i64, others: &[i64]) -> Key {
        let g = self.model.grid;
        let b = others[0];
        let mut gaps = [0; MOST];
        for (gap, &t) in gaps.iter_mut().zip(others) {
            *gap = (t - b) / g;
        }
        let on = others.iter().enumerate().fold(0u16, |on, (k, &t)| on | u16::from(self.on_board(t)) << k);
        Key { need: (x - b) / g, gaps, on, chasers: u8::try_from(others.len()).expect("a few players") }
    }

    /// [`Self::chain`] solved (see the module's documentation).
    fn solve_chain(&self, x: i64, others: &[i64]) -> Odds {
        let k = others.len();
        let (sol, ends) = self.chain_turn_ends(x, others);
        let bank =
            |l: usize, _left: usize| -> [f64; MOST] { ends.get(l).copied().flatten().map_or([0.0; MOST], |e| e.1) };
        let mut farkle = [0.0; MOST];
        farkle[0] = 1.0;
        let worth = Worth { bank: &bank, by_left: false, tail: &|_| [0.0; MOST], instant: [0.0; MOST], farkle };
        let expected = sol.expect_rolls(&worth, 0, &[])[self.start];
        let failed = expected[0];
        // The round when the first chaser fails: the leader still holds `x`.
        let behind = self.after_goal(x, &others[1..]);
        let mut odds = [0.0; MOST];
        odds[0] = failed * behind[0];
        odds[1] = sol.roll_values[self.start];
        for j in 1..k {
            odds[j + 1] = expected[j] + failed * behind[j];
        }
        odds
    }

    /// The first of the chasers at `others` (three or more, in turn order)
    /// to come, when the highest total is `x`: their turn, as they play it.
    pub(super) fn chain_turn(&self, x: i64, others: &[i64]) -> Solution<'m> {
        self.chain_turn_ends(x, others).0
    }

    /// The first chaser's turn solved, and each end per level.
    fn chain_turn_ends(&self, x: i64, others: &[i64]) -> (Solution<'m>, Vec<ChainEnd>) {
        let m = self.model;
        let g = m.grid;
        let (b, rest) = (others[0], &others[1..]);
        let on_b = self.on_board(b);
        let need = usize::try_from((x - b) / g).expect("the highest total is past the chaser");
        let mut failed = [0.0; MOST];
        failed[0] = 1.0;
        let end = |l: usize| -> ChainEnd {
            if l == 0 {
                return None;
            }
            match m.rules.turn.stop(on_b, level_total(l, g)) {
                Stop::Forbidden => None,
                Stop::ScoresNothing => Some((0.0, failed)),
                Stop::Counts if l <= need => Some((0.0, failed)),
                Stop::Counts => {
                    let w = self.after_goal(b + level_total(l, g), rest);
                    let mut later = [0.0; MOST];
                    later[1..=rest.len()].copy_from_slice(&w[1..=rest.len()]);
                    Some((w[0], later))
                }
            }
        };
        let mut top = need + 1;
        while !(matches!(m.rules.turn.stop(on_b, level_total(top, g)), Stop::Counts)
            && self.mover_at_least(b + level_total(top, g), rest) >= 1.0 - self.q_min)
        {
            top += 1;
        }
        let ends: Vec<ChainEnd> = (0..=top + self.reach).map(end).collect();
        let banks = ends.iter().map(|e| e.map_or(f64::NAN, |e| e.0)).collect();
        let farkle_like = ends.iter().map(|e| e.is_some_and(|e| e.1[0] == 1.0)).collect();
        let chasers = rest.iter().map(|&t| (t, self.on_board(t))).collect();
        let beyond = Beyond::Leader { last: Arc::clone(self.last()), grid: g, mover: b, chasers };
        let payoff = row_payoff(0.0, banks, farkle_like, beyond);
        let params = Params { on_board: on_b, last_chance: false, goal_left: m.rules.game.goal };
        (m.solve_payoff(params, payoff, top, self.reach), ends)
    }
}
