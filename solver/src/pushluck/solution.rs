//! A solved turn and the questions asked of it: the value of a decision
//! state, of rolling, of a set-aside's outcome, and the banking thresholds.
//!
//! Values are stored per grid level up to the top `T*` of [`super::dp`];
//! above it they are `t + excess` in closed form. One accessor answers each
//! question: [`Solution::decision_value`] (bank or roll, whichever is
//! better), [`Solution::roll_value_at`] (rolling), [`Solution::after`] (a
//! set-aside), [`Solution::bank`] (stopping).
//!
//! What a turn's end is worth is the solution's [`Payoff`]: its points (the
//! expected-turn-score objective), or the probability of winning the game
//! that the banked total leads to (the win objective, [`super::win`]). The
//! DP, the accessors and advice are the same for both.

use crate::dice::{dice_count, Counts};

use super::model::{dice_of, Group, Model, Opt, Params, Succ, TurnState};
use super::rules::Stop;
use super::scoring::Variant;

use super::{level_total, value_of};
use crate::error::SituationError;

/// Values of every decision state for one set of turn parameters.
#[derive(Debug, Clone)]
pub(crate) struct Solution<'m> {
    pub(crate) model: &'m Model,
    pub(crate) params: Params,
    pub(super) levels: usize,
    /// `values[level * contexts + ctx]`: value when playing on optimally.
    pub(super) values: Vec<f64>,
    /// Same layout: value of rolling (then playing optimally).
    pub(super) roll_values: Vec<f64>,
    /// Win objective only, same layouts as `values` and `roll_values`: the
    /// derivative of each value with respect to the turn's farkle value,
    /// for the policy found (the probability that the turn ends in a farkle
    /// or a stop worth the same). `win` steps its fixed points by them.
    pub(super) slopes: Vec<f64>,
    pub(super) roll_slopes: Vec<f64>,
    /// Win objective with slopes only: the changes `d` of the farkle value
    /// for which the policy found stays optimal, `lo <= d <= hi` (every
    /// decision's choice still at least as good as each alternative when
    /// all values move along their slopes). Over that range every value is
    /// exactly `value + slope * d`: what lets `win` accept a Newton step
    /// without evaluating the turn again.
    pub(super) policy_range: (f64, f64),
    /// Win objective with slopes only: the policy's choice for each roll,
    /// as a position among the roll's set-asides,
    /// `[level * rolls + model.roll_starts[ctx] + roll]`, so that the
    /// policy's expectations ([`Solution::expect_rolls`]) do not search again.
    pub(super) choices: Vec<u8>,
    /// Solved in lanes without slopes ([`super::lanes`], the penalty's
    /// sweeps): the smallest margin by which a
    /// decision's choice (a roll's set-aside, bank or roll past the start)
    /// beats its best alternative, over every decision state solved. If no
    /// payoff value moves by more than half of it, every choice stays the
    /// best: the policy is optimal as it is. 0 when not known.
    pub(super) margin: f64,
    /// Above `top`, `V(t, ctx) = t + excess[ctx]`.
    pub(super) excess: Vec<f64>,
    /// Under an exact goal with instant wins, past the goal (expected-score
    /// objectives): `V(t, ctx) = past_goal[ctx]`, rolling on for an instant
    /// win, never worth less than the bust (a farkle) a bank is there (see
    /// [`Model::stationary_values`]). Empty otherwise: `V` is the farkle
    /// value there.
    pub(super) past_goal: Vec<f64>,
    /// `T*`: banking is optimal (where a farkle is possible) from here on.
    pub(crate) top: i64,
    pub(crate) seconds: f64,
    /// What the end of the turn is worth.
    pub(super) payoff: Payoff,
}

/// What the end of a turn is worth.
#[derive(Debug, Clone)]
pub(super) enum Payoff {
    /// Its points (expected-turn-score objective).
    Points,
    /// Its points, with a farkle worth this instead (the long-run
    /// objective under the three-farkle penalty, [`super::long_run`]).
    PointsFarkle(f64),
    /// The probability of winning the game from where it leaves the player.
    Win(WinPayoff),
}

/// The end of a turn under the win objective, for one turn-start state:
/// everything the game's value function says about this turn, as numbers.
#[derive(Debug, Clone)]
pub(super) struct WinPayoff {
    /// A farkle (or a bank that scores nothing).
    pub(super) farkle: f64,
    /// Value of banking at turn total `level * grid`,
    /// `banks[level * stride + class]`; `NaN` where the rules forbid
    /// stopping (min-bank). Without piggyback the stride is 1; with it 6:
    /// class 0 leaves nothing to piggyback on, class `k` (1 to 5) leaves `k`
    /// dice (see [`leftover_class`]). The DP reads only these; past their
    /// end (advice far past the goal, a long turn played out) `beyond`
    /// values each bank exactly.
    pub(super) banks: Vec<f64>,
    pub(super) stride: usize,
    pub(super) beyond: std::sync::Arc<dyn BanksBeyond>,
    /// Values per context above the solved levels, when they are not
    /// simply the bank (a stationary tail, see [`super::win`]).
    pub(super) above: Option<Vec<f64>>,
    /// Per context, the slopes of `above` with respect to the farkle value
    /// when they are known (empty: taken as 0, see `super::dp`).
    pub(super) above_slopes: Vec<f64>,
    /// Same layout as `banks` (or empty: none): the banks worth the
    /// farkle value (a stop that scores nothing), whose derivative with
    /// respect to it is 1 (see `Solution::slopes`).
    pub(super) farkle_like: Vec<bool>,
}

/// Which bank value applies when a turn ends with `left` dice not set
/// aside: 1 to 5 are a leftover the next player may piggyback on; none, or
/// six (hot dice, which the player who scored them rolls), are class 0.
pub(super) fn leftover_class(left: usize) -> usize {
    if (1..=5).contains(&left) {
        left
    } else {
        0
    }
}

/// The banks of a win turn past its arrays, valued when asked: each is
/// exact, however far past the goal (two banks there are never given one
/// stand-in value: a higher total leaves the opponent's last turn more to
/// pass).
pub(super) trait BanksBeyond: std::fmt::Debug + Send + Sync {
    /// The value of banking at grid level `level` in leftover class
    /// `class`, in a turn whose farkle value is `farkle`.
    fn bank(&self, level: usize, class: usize, farkle: f64) -> f64;
}

/// Every bank past the arrays is worth the same, per leftover class (the
/// chaser's last turn: every bank there passes the leader).
#[derive(Debug, Clone)]
pub(super) struct SameBeyond(pub(super) Vec<f64>);

impl BanksBeyond for SameBeyond {
    fn bank(&self, _level: usize, class: usize, _farkle: f64) -> f64 {
        self.0[class]
    }
}

impl WinPayoff {
    /// Where the bank at `level` leaving `left` dice is in `banks`, and
    /// its leftover class.
    fn cell(&self, level: usize, left: usize) -> (usize, usize) {
        let class = if self.stride > 1 { leftover_class(left) } else { 0 };
        (level * self.stride + class, class)
    }

    pub(super) fn bank(&self, level: usize, left: usize) -> Option<f64> {
        let (i, class) = self.cell(level, left);
        let v = match self.banks.get(i) {
            Some(&v) => v,
            None => self.beyond.bank(level, class, self.farkle),
        };
        (!v.is_nan()).then_some(v)
    }

    /// The derivative of `bank(level, left)` (or, where stopping is not
    /// allowed, of the farkle value it falls back to) with respect to the
    /// farkle value: 1 or 0.
    pub(super) fn bank_slope(&self, level: usize, left: usize) -> f64 {
        if self.farkle_like.is_empty() {
            return 0.0;
        }
        // The DP reads slopes inside the arrays only (`solve_payoff_sloped`
        // sizes them so); past their end the last level's stands in, as
        // slopes only aim the fixed point's steps (its residual is checked).
        let (i, class) = self.cell(level, left);
        let i = i.min(self.banks.len() - self.stride + class);
        if self.farkle_like[i] || self.banks[i].is_nan() {
            1.0
        } else {
            0.0
        }
    }
}

/// Where a successor leads at a given turn total.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Step {
    /// A decision state.
    Decide { points: i64, ctx: usize },
    /// The turn ends with this value.
    End(f64),
}

/// Where a set-aside leads.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Next {
    /// The turn ends now with this score (instant win, no dice or rolls left).
    Ends(f64),
    /// A decision state (context `ctx`): bank (if allowed) or roll `dice`
    /// dice (or, with a choice of dice, some of them: see
    /// [`Solution::roll_values_by_dice`]); `roll` is the best roll's value.
    Decide { points: i64, dice: u8, ctx: usize, bank: Option<f64>, roll: f64 },
}

impl Next {
    #[cfg(test)]
    /// Value when playing on optimally.
    pub(crate) fn value(&self) -> f64 {
        match *self {
            Next::Ends(v) => v,
            Next::Decide { bank, roll, .. } => bank.map_or(roll, |b| b.max(roll)),
        }
    }
}

impl<'m> Solution<'m> {
    /// A turn with `params` to solve on `model` (or on its model of turns
    /// near the goal, see [`Model::for_turn`]), nothing solved yet.
    pub(super) fn empty(model: &'m Model, params: Params) -> Solution<'m> {
        Solution {
            model: model.for_turn(params),
            params,
            levels: 0,
            values: vec![],
            roll_values: vec![],
            slopes: vec![],
            roll_slopes: vec![],
            policy_range: (f64::NEG_INFINITY, f64::INFINITY),
            choices: vec![],
            margin: 0.0,
            excess: vec![0.0; model.contexts()],
            past_goal: vec![],
            top: 0,
            seconds: 0.0,
            payoff: Payoff::Points,
        }
    }

    /// Bytes of its arrays (what a memo of it weighs).
    pub(crate) fn bytes(&self) -> usize {
        let floats = self.values.len()
            + self.roll_values.len()
            + self.slopes.len()
            + self.roll_slopes.len()
            + self.excess.len()
            + self.past_goal.len()
            + match &self.payoff {
                Payoff::Win(w) => {
                    w.banks.len()
                        + w.above.as_ref().map_or(0, Vec::len)
                        + w.above_slopes.len()
                        + w.farkle_like.len() / 8
                }
                _ => 0,
            };
        floats * std::mem::size_of::<f64>() + self.choices.len()
    }

    /// Whether values above the solved levels are a stationary tail (a
    /// win-objective turn whose top is not where banking is optimal).
    pub(crate) fn has_tail(&self) -> bool {
        matches!(&self.payoff, Payoff::Win(w) if w.above.is_some())
    }

    /// Score of a farkle in this turn (0, or minus the three-farkle penalty).
    pub(crate) fn farkle_score(&self) -> f64 {
        match &self.payoff {
            Payoff::Win(w) => return w.farkle,
            Payoff::PointsFarkle(f) => return *f,
            Payoff::Points => {}
        }
        if self.params.last_chance {
            -value_of(self.model.rules.turn.three_farkle_penalty)
        } else {
            0.0
        }
    }

    /// Value of stopping with `t` points when `left` dice were not set aside
    /// (only the win objective with piggyback tells them apart: the next
    /// player may roll them); `None` if not allowed.
    pub(crate) fn bank_leaving(&self, t: i64, left: usize) -> Option<f64> {
        if let Payoff::Win(w) = &self.payoff {
            return w.bank(usize::try_from(t / self.model.grid).unwrap_or(0), left);
        }
        let rules = &self.model.rules;
        if rules.game.exact_goal && t > self.params.goal_left {
            // Passing an exact goal busts the turn, as a farkle (which
            // costs under the three-farkle penalty).
            return Some(self.farkle_score());
        }
        match rules.turn.stop(self.params.on_board, t) {
            Stop::Counts => Some(value_of(t)),
            Stop::ScoresNothing => Some(0.0),
            Stop::Forbidden => None,
        }
    }

    /// Value when the turn ends because no roll is possible, with `left`
    /// dice not set aside.
    pub(super) fn forced_end(&self, t: i64, left: usize) -> f64 {
        // A forced end below min-bank scores nothing.
        self.bank_leaving(t, left).unwrap_or(match self.payoff {
            Payoff::Points | Payoff::PointsFarkle(_) => 0.0,
            Payoff::Win(ref w) => w.farkle,
        })
    }

    pub(super) fn instant_win_value(&self, t: i64) -> f64 {
        if let Payoff::Win(_) = self.payoff {
            return 1.0;
        }
        let g = self.params.goal_left.max(0);
        if self.model.rules.game.exact_goal {
            value_of(g)
        } else {
            value_of(g.max(t))
        }
    }

    fn level(&self, t: i64) -> Option<usize> {
        usize::try_from(t / self.model.grid).ok().filter(|&l| l < self.levels)
    }

    /// Value of decision context `c` at turn total `t` (bank or roll,
    /// whichever is better): solved, or in closed form above the top.
    pub(super) fn decision_value(&self, t: i64, c: usize) -> f64 {
        if let Payoff::Win(w) = &self.payoff {
            // Above the solved levels banking is optimal, or the values are
            // those of the stationary tail (see `super::win`).
            return match (self.level(t), &w.above) {
                (Some(level), _) => self.values[level * self.model.contexts() + c],
                (None, Some(above)) => above[c],
                // Reachable states up there may bank; unreachable ones (past
                // the most a bounded turn scores) are never read.
                (None, None) => self.bank_leaving(t, dice_of(c)).unwrap_or(w.farkle),
            };
        }
        if self.model.rules.game.exact_goal && t > self.params.goal_left {
            return self.past_goal.get(c).copied().unwrap_or_else(|| self.farkle_score());
        }
        match self.level(t) {
            Some(level) => self.values[level * self.model.contexts() + c],
            None => value_of(t) + self.excess[c],
        }
    }

    /// Value of rolling in context `c` at `t`: solved, or computed from the
    /// successors above the top.
    pub(super) fn roll_value_at(&self, t: i64, c: usize) -> f64 {
        if let Some(level) = self.level(t) {
            return self.roll_values[level * self.model.contexts() + c];
        }
        let groups = &self.model.tables[c].groups;
        groups.iter().map(|&g| self.group_value_above(t, c, g)).fold(f64::NEG_INFINITY, f64::max)
    }

    /// The value of rolling group `g`'s dice in context `c` at `t`.
    pub(super) fn group_value_at(&self, t: i64, c: usize, g: Group) -> f64 {
        match self.level(t) {
            Some(level) => self.group_value_level(level, c, g),
            None => self.group_value_above(t, c, g),
        }
    }

    /// Which of context `c`'s groups of dice ([`Model::for_turn`]) the
    /// policy rolls at `t`: the first of the highest value, as the DP
    /// takes it (the plain roll of every die when there is no choice).
    pub(crate) fn rolled_group(&self, t: i64, c: usize) -> usize {
        let groups = &self.model.tables[c].groups;
        let mut best = (f64::NEG_INFINITY, 0);
        if groups.len() > 1 {
            for (i, &g) in groups.iter().enumerate() {
                let v = self.group_value_at(t, c, g);
                if v > best.0 {
                    best = (v, i);
                }
            }
        }
        best.1
    }

    /// [`Self::group_value_at`] above the solved levels, from the
    /// successors' values there.
    fn group_value_above(&self, t: i64, c: usize, g: Group) -> f64 {
        let table = &self.model.tables[c];
        let mut total = self.farkle_score() * g.farkle;
        for &(prob, start, end) in &table.rolls[g.rolls()] {
            let best = table.succ[start as usize..end as usize]
                .iter()
                .map(|&s| match self.step(t, s) {
                    Step::Decide { points, ctx } => self.decision_value(points, ctx),
                    Step::End(v) => v,
                })
                .fold(f64::NEG_INFINITY, f64::max);
            total += prob * best;
        }
        total
    }

    /// Where successor `s` leads from turn total `t`.
    pub(super) fn step(&self, t: i64, s: Succ) -> Step {
        match s {
            Succ::Instant => Step::End(self.instant_win_value(t)),
            Succ::End { gain, left } => Step::End(self.forced_end(t + gain, usize::from(left))),
            Succ::Ctx { gain, ctx } => Step::Decide { points: t + gain, ctx: ctx as usize },
        }
    }

    /// The context of a decision state that has a roll left.
    fn rolling_context(&self, s: &TurnState) -> Result<usize, SituationError> {
        self.check_grid(s.points)?;
        match self.model.context_of(s) {
            Ok(Some(c)) => Ok(c),
            Ok(None) => Err(SituationError::NoRollLeft),
            Err(_) => Err(SituationError::ImpossibleOnes { ones: s.ones, points: s.ones_points }),
        }
    }

    fn check_grid(&self, t: i64) -> Result<(), SituationError> {
        let g = self.model.grid;
        if t < 0 || t % g != 0 {
            return Err(SituationError::OffGrid { points: t, grid: g });
        }
        Ok(())
    }

    /// Expected turn score of rolling from `s` (the roll is forced: the start
    /// of a turn, or a piggyback start).
    pub(crate) fn roll_value(&self, s: &TurnState) -> Result<f64, SituationError> {
        let c = self.rolling_context(s)?;
        Ok(self.roll_value_at(s.points, c))
    }

    #[cfg(test)]
    /// Expected turn score of a decision state when playing optimally.
    pub(crate) fn value(&self, s: &TurnState) -> Result<f64, SituationError> {
        let roll = self.roll_value(s)?;
        Ok(self.bank_leaving(s.points, usize::from(s.dice)).map_or(roll, |b| b.max(roll)))
    }

    /// How many dice the policy rolls from decision state `s`: every die
    /// that could be rolled, unless a choice near the goal says fewer.
    pub(crate) fn dice_to_roll(&self, s: &TurnState) -> Result<u8, SituationError> {
        let c = self.rolling_context(s)?;
        Ok(self.model.tables[c].groups[self.rolled_group(s.points, c)].dice)
    }

    /// Where the player chooses how many dice to roll, the value of rolling
    /// each number of them from context `c` at `t`, every die first; empty
    /// where there is no choice.
    pub(crate) fn roll_values_by_dice(&self, t: i64, c: usize) -> Vec<(u8, f64)> {
        let groups = &self.model.tables[c].groups;
        if groups.len() < 2 {
            return vec![];
        }
        groups.iter().map(|&g| (g.dice, self.group_value_at(t, c, g))).collect()
    }

    /// [`Self::roll_values_by_dice`] of the decision state `s`.
    pub(crate) fn roll_values_of(&self, s: &TurnState) -> Result<Vec<(u8, f64)>, SituationError> {
        let c = self.rolling_context(s)?;
        Ok(self.roll_values_by_dice(s.points, c))
    }

    /// Expected score of a fresh turn.
    pub(crate) fn start_value(&self) -> f64 {
        self.roll_value(&TurnState::start()).expect("the start state is valid")
    }

    /// Where setting aside `keep` read as `variant` from a roll made in state
    /// `before` (the state before that roll) leads.
    pub(crate) fn after(&self, before: &TurnState, keep: &Counts, variant: &Variant) -> Result<Next, SituationError> {
        let m = self.model;
        let c = self.rolling_context(before)?;
        let (k, r, vh) = m.unctx(c);
        let used = dice_count(keep);
        if used > k {
            return Err(SituationError::TooManySetAside { used, rolled: k });
        }
        let opt = Opt::of(used, variant, m.scorer.tracks_ones());
        match self.step(before.points, m.transition(k, r, vh, &opt)) {
            Step::End(v) => Ok(Next::Ends(v)),
            Step::Decide { points, ctx } => {
                let (k2, _, _) = m.unctx(ctx);
                Ok(Next::Decide {
                    points,
                    dice: u8::try_from(k2).expect("at most six dice"),
                    ctx,
                    bank: self.bank_leaving(points, k2),
                    roll: self.roll_value_at(points, ctx),
                })
            }
        }
    }

    /// Whether banking is optimal at grid level `level` in context `c` (and
    /// worth something): the comparison advice makes, at any level (above
    /// the solved ones, by the closed form there).
    fn banks_at(&self, level: usize, c: usize) -> bool {
        let t = level_total(level, self.model.grid);
        self.bank_leaving(t, dice_of(c)).is_some_and(|b| b > 0.0 && b >= self.decision_value(t, c))
    }

    /// Smallest `t` (on the grid) from which banking is optimal at every
    /// larger `t` with `dice` dice to roll after `rolls` rolls and no 1s
    /// tracked; `None` if the player never banks there. A win turn whose
    /// solve stopped where banking is proven optimal banks at every total
    /// above its solved levels, so its scan starts at the first of them (a
    /// turn that reaches the goal banks there); elsewhere (the expected
    /// score, whose last solved levels are already in the closed form; an
    /// exact goal, past which a bank busts) it starts at the top solved
    /// level.
    pub(crate) fn bank_from(&self, dice: u8, rolls: u32) -> Option<i64> {
        let m = self.model;
        let c = m.ctx(usize::from(dice), m.roll_class(rolls)?, 0);
        let banks_above = matches!(&self.payoff, Payoff::Win(w) if w.above.is_none());
        let top = if banks_above { self.levels } else { self.levels.saturating_sub(1) };
        let mut from = None;
        for level in (1..=top).rev() {
            if !self.banks_at(level, c) {
                break;
            }
            from = Some(level_total(level, m.grid));
        }
        from
    }

    /// Totals below `from` where banking is optimal too (rare: only with
    /// entry thresholds or goals).
    pub(crate) fn banks_below(&self, dice: u8, rolls: u32, from: i64) -> Vec<i64> {
        let m = self.model;
        let Some(r) = m.roll_class(rolls) else { return vec![] };
        let c = m.ctx(usize::from(dice), r, 0);
        (1..self.levels)
            .filter(|&l| level_total(l, m.grid) < from && self.banks_at(l, c))
            .map(|l| level_total(l, m.grid))
            .collect()
    }

    /// Number of grid levels solved (turn totals 0, grid, 2 grid, ...).
    pub(crate) fn levels(&self) -> usize {
        self.levels
    }

    /// Decision values of the first `levels` grid levels, `[level][context]`
    /// (closed form above the top), as a table stores them.
    pub(crate) fn table_values(&self, levels: usize) -> impl Iterator<Item = f64> + '_ {
        let n = self.model.contexts();
        (0..levels).flat_map(move |l| (0..n).map(move |c| self.decision_value(level_total(l, self.model.grid), c)))
    }
}
