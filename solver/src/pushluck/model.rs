//! A rule set compiled for solving: the states of a turn and where each
//! set-aside leads.
//!
//! A turn is in a *decision state* after a set-aside: turn points `t`, dice
//! that may be rolled next `k` (1..=6; 0 becomes 6 with hot dice), and the
//! extra state the rules need, the *context*:
//! - the roll class `r`: rolls made so far (only when the rules limit rolls),
//!   or just "first roll / later" (only when something scores on the first
//!   roll only); otherwise rolls are not counted at all;
//! - for Van't Hof, how many 1s were set aside as 1s and what they earned
//!   (the pairs reachable from a fresh turn, found once by search), or "done".
//!
//! Parameters fixed for a whole turn, not state ([`Params`]): on the board or
//! not, whether a farkle now is the third in a row, and the points still
//! missing to the goal.
//!
//! For each context, [`Model`] lists the rolls of its dice with, per roll,
//! where each useful set-aside leads ([`Succ`]): another context some points
//! higher, the end of the turn, or an instant win. Set-asides that another
//! one of the same roll dominates are dropped (unless the exact-goal rule
//! makes more points possibly worse), and rolls with the same successors are
//! merged: that is most of the solve's speed.

use std::collections::HashMap;

use crate::dice::{dice_count, Multisets};

use super::rules::RuleSet;
use super::scoring::{Scorer, Variant};
use crate::error::TurnError;

/// What is fixed for a whole turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Params {
    /// The player is on the board (entry threshold already met).
    pub(crate) on_board: bool,
    /// A farkle now would be the third in a row (costs the penalty).
    pub(crate) last_chance: bool,
    /// Goal minus the player's game total (instant wins, exact goal).
    pub(crate) goal_left: i64,
}

/// A decision state as a player describes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TurnState {
    /// Points set aside this turn, at stake.
    pub(crate) points: i64,
    /// Dice to roll next (1..=6).
    pub(crate) dice: u8,
    /// Rolls made so far this turn.
    pub(crate) rolls: u32,
    /// 1s set aside as 1s so far this turn (Van't Hof; 6 or more: bonus taken).
    pub(crate) ones: u8,
    /// What those 1s earned.
    pub(crate) ones_points: i64,
}

impl TurnState {
    /// The very start of a turn: six dice, nothing set aside.
    pub(crate) fn start() -> TurnState {
        TurnState { points: 0, dice: 6, rolls: 0, ones: 0, ones_points: 0 }
    }

    /// A piggyback roll on `dice` leftover dice with `points` inherited:
    /// never the turn's first roll, no 1s set aside yet.
    pub(crate) fn leftover(dice: u8, points: i64) -> TurnState {
        TurnState { points, dice, rolls: 1, ones: 0, ones_points: 0 }
    }
}

/// A set-aside option inside the solver.
#[derive(Debug, Clone, Copy)]
pub(super) struct Opt {
    pub(super) used: u8,
    pub(super) points: i64,
    pub(super) ones: u8,
    pub(super) ones_points: i64,
    pub(super) instant: bool,
}

impl Opt {
    /// The solver's view of reading `v` of a set-aside of `used` dice.
    pub(super) fn of(used: usize, v: &Variant, track_ones: bool) -> Opt {
        let used = u8::try_from(used).expect("at most six dice");
        if track_ones {
            Opt { used, points: v.points, ones: v.ones, ones_points: v.ones_points, instant: v.instant_win }
        } else {
            // Without Van't Hof, 1s need no accounting.
            Opt { used, points: v.points, ones: 0, ones_points: 0, instant: v.instant_win }
        }
    }
}

#[derive(Debug, Clone)]
struct Outcome {
    prob: f64,
    opts: Vec<Opt>,
}

/// Where a set-aside leads, independent of the turn total.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Succ {
    /// A decision state `gain` points higher in context `ctx`.
    Ctx { gain: i64, ctx: u32 },
    /// The turn ends with `gain` more points (no dice or rolls left):
    /// `left` dice were not set aside (a leftover, with piggyback).
    End { gain: i64, left: u8 },
    /// The game is won at once.
    Instant,
}

impl Succ {
    /// Points gained on the way (0 for an instant win).
    fn gain(self) -> i64 {
        match self {
            Succ::Ctx { gain, .. } | Succ::End { gain, .. } => gain,
            Succ::Instant => 0,
        }
    }

    /// Same destination (ignoring the points gained).
    fn same_place(self, other: Succ) -> bool {
        match (self, other) {
            (Succ::Ctx { ctx: a, .. }, Succ::Ctx { ctx: b, .. }) => a == b,
            (Succ::End { .. }, Succ::End { .. }) | (Succ::Instant, Succ::Instant) => true,
            _ => false,
        }
    }
}

/// One way to roll in a context: how many dice, which of the context's
/// rolls are theirs, and the chance that they farkle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Group {
    /// Dice rolled (the context's dice, unless the player chose fewer).
    pub(super) dice: u8,
    /// The group's rolls: `rolls[start..end]` of its context.
    pub(super) start: u32,
    pub(super) end: u32,
    /// Probability that nothing scores.
    pub(super) farkle: f64,
}

impl Group {
    /// The group's rolls as indices into its context's rolls.
    pub(super) fn rolls(&self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// The rolls of one context with, per roll, the successors of its
/// set-asides: what the DP's inner loop reads.
#[derive(Debug, Clone, Default)]
pub(super) struct ContextTable {
    /// `(probability, range in succ)`; an empty range is a farkle.
    pub(super) rolls: Vec<(f64, u32, u32)>,
    pub(super) succ: Vec<Succ>,
    /// Probability of a farkle when every die is rolled.
    pub(super) farkle: f64,
    /// The ways to roll: one (every die) unless the player chooses how many
    /// dice to roll ([`Model::for_turn`]), then one per number of dice,
    /// every die first (so that ties go to the plain roll).
    pub(super) groups: Vec<Group>,
    /// `succ` encoded for the solve's inner loop, see [`encode_hot`].
    pub(super) hot: Vec<u32>,
    /// Per roll: every set-aside leads to a decision state (no end of the
    /// turn, no instant win), so the win DP reads them all from its arrays.
    pub(super) decisions_only: Vec<bool>,
}

/// Flag of a [`ContextTable::hot`] entry that is not a decision state.
pub(super) const HOT_END: u32 = 1 << 31;
/// A [`ContextTable::hot`] entry for an instant win.
pub(super) const HOT_INSTANT: u32 = u32::MAX;

/// Dice to roll in context `c` (the context layout's last part, see
/// [`Model::ctx`]): what a bank there leaves.
pub(super) fn dice_of(c: usize) -> usize {
    c % 6 + 1
}

/// A forced end's entry ([`HOT_END`] set, not [`HOT_INSTANT`]) as
/// `(gain in grid levels, dice left)`.
pub(super) fn hot_end(x: u32) -> (usize, usize) {
    let rest = x & !HOT_END;
    ((rest & ((1 << HOT_LEFT_SHIFT) - 1)) as usize, (rest >> HOT_LEFT_SHIFT) as usize)
}

/// Bits of a forced end's [`ContextTable::hot`] entry below the dice left.
const HOT_LEFT_SHIFT: u32 = 27;

/// A successor as one `u32`: a decision state is `gain / grid * contexts +
/// ctx`, the offset of its value from the current level's row in the value
/// array; a forced end is `HOT_END | left << 27 | gain / grid` (read back by
/// [`hot_end`]). The rules' ranges ([`crate::limits`]) keep both far below
/// `HOT_END`.
fn encode_hot(s: Succ, grid: i64, contexts: usize) -> u32 {
    let steps = |gain: i64| usize::try_from(gain / grid).expect("gains are positive");
    match s {
        Succ::Ctx { gain, ctx } => {
            let off = steps(gain) * contexts + ctx as usize;
            u32::try_from(off).ok().filter(|&o| o < HOT_END).expect("successor offset fits")
        }
        Succ::End { gain, left } => {
            let steps = u32::try_from(steps(gain)).ok().filter(|&s| s < 1 << HOT_LEFT_SHIFT).expect("gain fits");
            HOT_END | u32::from(left) << HOT_LEFT_SHIFT | steps
        }
        Succ::Instant => HOT_INSTANT,
    }
}

/// Adds `item` to `kept[from..]` unless an item going to the same place
/// already gains at least as much; replaces it when `item` gains more. The
/// one dominance rule of the solver: the value is non-decreasing in the turn
/// total (without an exact goal), so of two ways to the same place, the one
/// gaining more points is at least as good.
fn keep_dominant<T: Copy>(
    kept: &mut Vec<T>,
    from: usize,
    item: T,
    same: impl Fn(T, T) -> bool,
    gain: impl Fn(T) -> i64,
) {
    match kept[from..].iter_mut().find(|x| same(**x, item)) {
        Some(x) if gain(item) > gain(*x) => *x = item,
        Some(_) => {}
        None => kept.push(item),
    }
}

/// How a turn's DP breaks exact ties between plays worth the same to the
/// mover. With two players a tie for one is a tie for the other; in a game
/// of three the others' chances can differ, so the rule is part of the
/// answer (`docs/rules.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Ties {
    /// Bank when banking is worth exactly as much as rolling on (else roll).
    pub(crate) bank: bool,
    /// Among set-asides worth the same, the one with the most points at
    /// stake (else the fewest), then the fewest dice left to roll (else
    /// the most).
    pub(crate) most_points: bool,
}

impl Ties {
    /// The solver's rule: bank, then the most points at stake (as players
    /// keep what they can when it costs them nothing).
    pub(crate) const SOLVER: Ties = Ties { bank: true, most_points: true };
}

/// A rule set compiled for solving: contexts and roll tables.
#[derive(Debug, Clone)]
pub(crate) struct Model {
    pub(crate) rules: RuleSet,
    pub(crate) scorer: Scorer,
    /// Points come in multiples of this.
    pub(crate) grid: i64,
    /// Number of roll classes.
    roll_classes: usize,
    /// Van't Hof states `(ones, points)`; the last entry is "done" when tracked.
    vh: Vec<(u8, i64)>,
    /// Dominated set-asides were dropped (not under the exact-goal rule or
    /// the win objective, where more points can be worse).
    pub(crate) prune: bool,
    /// Per context: rolls and successors.
    pub(super) tables: Vec<ContextTable>,
    /// Per context: where its rolls start in a list of every context's
    /// rolls in order; the last entry is their number (one grid level's
    /// worth of choices, see [`super::solution::Solution::choices`]).
    pub(super) roll_starts: Vec<usize>,
    /// Under an exact goal with instant wins, per context: the chance of an
    /// instant win for a player past the goal, who can bank nothing more
    /// and rolls on for one (each roll taking the set-aside that keeps the
    /// best chance; a farkle or a forced end loses it). Past the goal a
    /// turn's value is this *chase* in closed form (see [`super::dp`]).
    pub(super) chase: Option<Vec<f64>>,
    /// Whether each roll may use fewer than the context's dice: this is the
    /// model of a turn near an exact goal (see [`Model::for_turn`]).
    pub(crate) chooses_dice: bool,
    /// The model of turns near the goal, where the player chooses how many
    /// dice to roll, when the rules have such turns.
    near_goal: Option<Box<Model>>,
    /// How ties between plays worth the same are broken.
    pub(crate) ties: Ties,
    /// Per context, what each roll reaches when its every outcome is
    /// banked at once (bounds on a roll's worth): `None` where a player
    /// chooses how many dice to roll.
    pub(crate) roll_reaches: Option<Vec<RollReach>>,
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

impl Model {
    /// Compiles a (validated) rule set for the expected-score objective;
    /// refuses rules under which a turn never has to end.
    pub(crate) fn new(rules: &RuleSet) -> Result<Model, TurnError> {
        Self::compile(rules, !rules.game.exact_goal, false)
    }

    /// Compiles a rule set for the win objective: no set-aside is dropped
    /// for scoring fewer points, since near the goal fewer points can be
    /// better (landing just on the goal hands the opponent an easy last turn).
    pub(crate) fn for_win(rules: &RuleSet) -> Result<Model, TurnError> {
        Self::compile(rules, false, false)
    }

    /// [`Self::for_win`] breaking ties by `ties` (to measure what the
    /// solver's own rule, [`Ties::SOLVER`], does to a game of three).
    #[cfg(test)]
    pub(crate) fn for_win_with_ties(rules: &RuleSet, ties: Ties) -> Result<Model, TurnError> {
        Self::compile_with_ties(rules, false, false, ties)
    }

    /// The model a turn with `params` is solved on: this one, or near an
    /// exact goal with a choice of dice, the model where each roll may use
    /// fewer dice. Both have the same contexts and grid, so a turn's
    /// arrays read alike under either.
    pub(crate) fn for_turn(&self, params: Params) -> &Model {
        match &self.near_goal {
            Some(near) if params.goal_left <= self.rules.game.choose_dice_within => near,
            _ => self,
        }
    }

    /// The model of turns near the goal with a choice of dice, if the
    /// rules have such turns.
    pub(crate) fn near_goal(&self) -> Option<&Model> {
        self.near_goal.as_deref()
    }

    fn compile(rules: &RuleSet, prune: bool, chooses_dice: bool) -> Result<Model, TurnError> {
        Self::compile_with_ties(rules, prune, chooses_dice, Ties::SOLVER)
    }

    fn compile_with_ties(rules: &RuleSet, prune: bool, chooses_dice: bool, ties: Ties) -> Result<Model, TurnError> {
        let scorer = if chooses_dice { Scorer::choosing(rules) } else { Scorer::new(rules) };
        let mut grid = scorer.point_values().into_iter().fold(0, gcd);
        if rules.turn.vant_hof > 0 {
            grid = gcd(grid, rules.turn.vant_hof);
        }
        if !prune && rules.turn.three_farkle_penalty > 0 {
            // The win objective keeps totals after a penalty on the grid.
            grid = gcd(grid, rules.turn.three_farkle_penalty);
        }
        let grid = grid.max(1);
        let roll_classes = if rules.turn.max_rolls > 0 {
            rules.turn.max_rolls as usize
        } else if rules.has_first_roll_scoring() {
            2
        } else {
            1
        };
        let outcomes = Self::outcomes(rules, &scorer, prune);
        // Van't Hof states reachable from a fresh turn.
        let mut vh = vec![(0u8, 0i64)];
        if rules.turn.vant_hof > 0 {
            let mut i = 0;
            while i < vh.len() {
                let (o, p) = vh[i];
                for out in outcomes.iter().flatten().flatten() {
                    for opt in &out.opts {
                        let next = (o + opt.ones, p + opt.ones_points);
                        if opt.ones > 0 && next.0 < 6 && !vh.contains(&next) {
                            vh.push(next);
                        }
                    }
                }
                i += 1;
            }
            vh.push((6, 0)); // done
        }
        let mut m = Model {
            rules: rules.clone(),
            scorer,
            grid,
            roll_classes,
            vh,
            prune,
            tables: vec![],
            roll_starts: vec![],
            chase: None,
            chooses_dice,
            near_goal: None,
            ties,
            roll_reaches: None,
        };
        m.tables = (0..m.contexts()).map(|c| m.context_table(c, &outcomes)).collect();
        let n = m.contexts();
        for t in &mut m.tables {
            t.hot = t.succ.iter().map(|&s| encode_hot(s, grid, n)).collect();
            t.decisions_only =
                t.rolls.iter().map(|r| t.hot[r.1 as usize..r.2 as usize].iter().all(|&x| x & HOT_END == 0)).collect();
            // A roll's choices are set-asides of at most six dice.
            debug_assert!(t.rolls.iter().all(|r| r.2 - r.1 <= 64));
        }
        m.roll_starts = std::iter::once(0)
            .chain(m.tables.iter().scan(0, |sum, t| {
                *sum += t.rolls.len();
                Some(*sum)
            }))
            .collect();
        m.roll_reaches = roll_reaches(&m);
        if !chooses_dice {
            // (Rolling every die is one of the choices, so a turn that could
            // never end is found on the plain model.)
            m.check_turns_end()?;
        }
        if rules.game.exact_goal && rules.has_instant_win() {
            m.chase = Some(m.stationary_values(0.0, 1.0, |_| 0.0, |_| None));
        }
        if !chooses_dice && rules.game.choose_dice_within > 0 {
            m.near_goal = Some(Box::new(Self::compile_with_ties(rules, prune, true, ties)?));
        }
        Ok(m)
    }

    /// Values per context of a turn where the total no longer matters: a
    /// farkle is worth `farkle`, an end with no roll left `end(dice left)`,
    /// an instant win `instant`, and stopping with `k` dice to roll (when
    /// allowed) `stop(k)`. Value iteration from below (so every iterate is
    /// a lower bound, given a lower bound to start from: the stops, or 0)
    /// until it moves by less than 1e-18.
    pub(super) fn stationary_values(
        &self,
        farkle: f64,
        instant: f64,
        end: impl Fn(usize) -> f64,
        stop: impl Fn(usize) -> Option<f64>,
    ) -> Vec<f64> {
        let n = self.contexts();
        let stops: Vec<Option<f64>> = (0..n).map(|c| stop(dice_of(c))).collect();
        let mut v: Vec<f64> = stops.iter().map(|s| s.unwrap_or(0.0)).collect();
        for _ in 0..100_000 {
            let mut delta: f64 = 0.0;
            for c in 0..n {
                let t = &self.tables[c];
                let roll: f64 = t.farkle * farkle
                    + t.rolls
                        .iter()
                        .map(|&(p, a, b)| {
                            p * t.succ[a as usize..b as usize]
                                .iter()
                                .map(|s| match *s {
                                    Succ::Instant => instant,
                                    Succ::End { left, .. } => end(usize::from(left)),
                                    Succ::Ctx { ctx, .. } => v[ctx as usize],
                                })
                                .fold(f64::NEG_INFINITY, f64::max)
                        })
                        .sum::<f64>();
                let x = stops[c].map_or(roll, |s| roll.max(s));
                delta = delta.max((x - v[c]).abs());
                v[c] = x;
            }
            if delta < 1e-18 {
                break;
            }
        }
        v
    }

    /// A turn is endless when some contexts where no roll can farkle form a
    /// trap: every roll there has a set-aside leading back into the trap.
    /// Finds the largest such set by pruning; it must be empty.
    fn check_turns_end(&self) -> Result<(), TurnError> {
        let riskless: Vec<usize> = (0..self.contexts()).filter(|&c| self.tables[c].farkle == 0.0).collect();
        let mut trap: Vec<bool> = self.tables.iter().map(|t| t.farkle == 0.0).collect();
        loop {
            let mut changed = false;
            for &c in &riskless {
                if !trap[c] {
                    continue;
                }
                let t = &self.tables[c];
                let stays = t.rolls.iter().all(|&(_, a, b)| {
                    t.succ[a as usize..b as usize]
                        .iter()
                        .any(|s| matches!(s, Succ::Ctx { ctx, .. } if trap[*ctx as usize]))
                });
                if !stays {
                    trap[c] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        match (0..self.contexts()).find(|&c| trap[c]) {
            Some(c) => Err(TurnError::EndlessTurn { dice: self.unctx(c).0 }),
            None => Ok(()),
        }
    }

    /// `[first roll?][k]`: the rolls of `k` dice with their set-asides.
    fn outcomes(rules: &RuleSet, scorer: &Scorer, prune: bool) -> [Vec<Vec<Outcome>>; 2] {
        let ms = Multisets::new(6);
        let track = scorer.tracks_ones();
        // Readings of every multiset, once (a roll's set-asides are its
        // sub-multisets that have a reading).
        let later: Vec<Vec<Variant>> = (0..ms.len()).map(|i| scorer.readings(ms.counts(i), false)).collect();
        let first_readings: Vec<Vec<Variant>> = if rules.has_first_roll_scoring() {
            (0..ms.len()).map(|i| scorer.readings(ms.counts(i), true)).collect()
        } else {
            later.clone()
        };
        let mut outcomes: [Vec<Vec<Outcome>>; 2] = [vec![vec![]; 7], vec![vec![]; 7]];
        for first in [false, true] {
            let readings = if first { &first_readings } else { &later };
            for (k, slot) in outcomes[usize::from(first)].iter_mut().enumerate().skip(1) {
                *slot = ms
                    .of_size(k)
                    .map(|i| {
                        let roll = ms.counts(i);
                        let mut opts: Vec<Opt> = Vec::new();
                        let mut offer = |o: Opt| {
                            if prune {
                                let same = |a: Opt, b: Opt| {
                                    (a.used, a.ones, a.ones_points, a.instant)
                                        == (b.used, b.ones, b.ones_points, b.instant)
                                };
                                keep_dominant(&mut opts, 0, o, same, |x| x.points);
                            } else {
                                opts.push(o);
                            }
                        };
                        let set_asides: Vec<usize> = ms
                            .subsets(roll)
                            .into_iter()
                            .filter(|&s| ms.size(s) > 0 && !readings[s].is_empty())
                            .collect();
                        if set_asides.is_empty() {
                            // Nothing scores: a farkle, or the rules' bonus for it.
                            for sa in scorer.set_asides(roll, first) {
                                for v in &sa.variants {
                                    offer(Opt::of(dice_count(&sa.keep), v, track));
                                }
                            }
                        }
                        for s in set_asides {
                            for v in &readings[s] {
                                offer(Opt::of(ms.size(s), v, track));
                            }
                        }
                        Outcome { prob: ms.prob(i), opts }
                    })
                    .collect();
            }
        }
        outcomes
    }

    fn context_table(&self, c: usize, outcomes: &[Vec<Vec<Outcome>>; 2]) -> ContextTable {
        let (k, r, _) = self.unctx(c);
        let mut t = ContextTable::default();
        // Every die first, then fewer (when the player may choose).
        let counts = if self.chooses_dice { 1..=k } else { k..=k };
        for rolled in counts.rev() {
            let start = u32::try_from(t.rolls.len()).expect("few rolls");
            let farkle = self.add_group(&mut t, c, &outcomes[usize::from(r == 0)][rolled]);
            let end = u32::try_from(t.rolls.len()).expect("few rolls");
            let dice = u8::try_from(rolled).expect("at most six dice");
            t.groups.push(Group { dice, start, end, farkle });
        }
        t.farkle = t.groups[0].farkle;
        t
    }

    /// Adds the rolls `outcomes` (of some of the dice of context `c`; a
    /// set-aside leaves the context's other dice to roll) to `t`, as one
    /// group; returns their chance of a farkle.
    fn add_group(&self, t: &mut ContextTable, c: usize, outcomes: &[Outcome]) -> f64 {
        let (k, r, vh) = self.unctx(c);
        let mut farkle = 0.0;
        let mut seen: HashMap<Vec<Succ>, usize> = HashMap::new();
        for o in outcomes {
            let start = t.succ.len();
            for opt in &o.opts {
                let s = self.transition(k, r, vh, opt);
                if self.prune {
                    keep_dominant(&mut t.succ, start, s, Succ::same_place, Succ::gain);
                } else {
                    t.succ.push(s);
                }
            }
            if t.succ.len() == start {
                farkle += o.prob;
                continue;
            }
            // Rolls with the same successors are one outcome to the DP
            // (e.g. every six-dice roll with one 1, one 5 and nothing else
            // that scores): merging them is most of the solve's speed.
            // In order (fewest points first, then fewest dice left; the
            // other way round under the solver's own rule): the DP takes
            // the first of equal values (see `Ties`).
            t.succ[start..].sort_unstable();
            // Identical successors (several set-asides with the same
            // points and dice) are one choice.
            let mut list = t.succ[start..].to_vec();
            list.dedup();
            if self.ties.most_points {
                list.reverse();
            }
            t.succ.truncate(start);
            t.succ.extend_from_slice(&list);
            if let Some(&i) = seen.get(&list) {
                t.rolls[i].0 += o.prob;
                t.succ.truncate(start);
            } else {
                seen.insert(list, t.rolls.len());
                let end = u32::try_from(t.succ.len()).expect("few successors");
                t.rolls.push((o.prob, u32::try_from(start).expect("few successors"), end));
            }
        }
        farkle
    }

    /// Where `opt` leads from context `(k, r, vh)`.
    pub(super) fn transition(&self, k: usize, r: usize, vh: usize, opt: &Opt) -> Succ {
        if opt.instant {
            return Succ::Instant;
        }
        let mut gain = opt.points;
        let mut vh2 = vh;
        if self.vant_hof_on() && vh + 1 < self.vh.len() && opt.ones > 0 {
            let (o, p) = self.vh[vh];
            let (o2, p2) = (o + opt.ones, p + opt.ones_points);
            if o2 >= 6 {
                gain += (self.rules.turn.vant_hof - p2).max(0);
                vh2 = self.vh.len() - 1;
            } else {
                vh2 = self.vh_index(o2, p2).expect("reachable Van't Hof state");
            }
        }
        let mut k2 = k - usize::from(opt.used);
        if k2 == 0 {
            if !self.rules.turn.hot_dice {
                return Succ::End { gain, left: 0 };
            }
            k2 = 6;
        }
        // Rolls made after this one: r + 1 (classes saturate when unlimited).
        match self.roll_class(u32::try_from(r + 1).expect("few rolls")) {
            Some(r2) => Succ::Ctx { gain, ctx: u32::try_from(self.ctx(k2, r2, vh2)).expect("few contexts") },
            // The dice left matter only to a win model with piggyback (the
            // next player may roll them); elsewhere one end is one successor.
            None if !self.prune && self.rules.turn.piggyback => {
                Succ::End { gain, left: u8::try_from(k2).expect("at most six dice") }
            }
            None => Succ::End { gain, left: 0 },
        }
    }

    /// Number of decision contexts (dice x roll class x Van't Hof state).
    pub(crate) fn contexts(&self) -> usize {
        self.vh.len() * self.roll_classes * 6
    }

    /// Human-readable layout of a context index, for table metadata.
    pub(crate) fn context_layout(&self) -> String {
        format!(
            "context = (vant_hof_state * {} + roll_class) * 6 + (dice - 1); roll classes {}; Van't Hof states {:?}",
            self.roll_classes, self.roll_classes, self.vh
        )
    }

    pub(super) fn ctx(&self, k: usize, r: usize, vh: usize) -> usize {
        (vh * self.roll_classes + r) * 6 + (k - 1)
    }

    pub(super) fn unctx(&self, c: usize) -> (usize, usize, usize) {
        let k = dice_of(c);
        let r = (c / 6) % self.roll_classes;
        (k, r, c / 6 / self.roll_classes)
    }

    fn vant_hof_on(&self) -> bool {
        self.rules.turn.vant_hof > 0
    }

    /// Roll class of a state that has made `rolls` rolls; `None` when no
    /// roll is left.
    pub(super) fn roll_class(&self, rolls: u32) -> Option<usize> {
        let max = self.rules.turn.max_rolls;
        if max > 0 {
            (rolls < max).then_some(rolls as usize)
        } else {
            Some((rolls as usize).min(self.roll_classes - 1))
        }
    }

    /// Index of a Van't Hof state, `None` if no turn can reach it.
    pub(super) fn vh_index(&self, ones: u8, ones_points: i64) -> Option<usize> {
        if !self.vant_hof_on() {
            return Some(0);
        }
        if ones >= 6 {
            return Some(self.vh.len() - 1);
        }
        self.vh.iter().position(|&s| s == (ones, ones_points))
    }

    /// Context of a decision state: `Ok(None)` when no roll is left, `Err`
    /// when its Van't Hof part cannot happen. (Situations are checked before
    /// they get here, see [`super::situation`].)
    pub(super) fn context_of(&self, s: &TurnState) -> Result<Option<usize>, ImpossibleOnes> {
        let vh = self.vh_index(s.ones, s.ones_points).ok_or(ImpossibleOnes)?;
        Ok(self.roll_class(s.rolls).map(|r| self.ctx(usize::from(s.dice), r, vh)))
    }
}

/// A count of 1s and their points that no turn can set aside.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ImpossibleOnes;

/// What a roll in one context reaches when every outcome is banked at
/// once: its farkle chance, its chance of an instant win, and the chance
/// of each largest gain (grid levels) among its set-asides.
#[derive(Debug, Clone)]
pub(crate) struct RollReach {
    pub(crate) farkle: f64,
    pub(crate) instant: f64,
    pub(crate) gains: Vec<(usize, f64)>,
}

impl RollReach {
    /// The most a roll here can be worth with farkle value `farkle`, when
    /// `best_up_to(g)` bounds every value from one level up to `g` above.
    pub(crate) fn bound(&self, farkle: f64, best_up_to: impl Fn(usize) -> f64) -> f64 {
        self.gains.iter().fold(self.farkle * farkle + self.instant, |sum, &(g, p)| sum + p * best_up_to(g))
    }
}

/// [`RollReach`] of every context of `m`: `None` where a player chooses
/// how many dice to roll.
fn roll_reaches(m: &Model) -> Option<Vec<RollReach>> {
    if m.tables.iter().any(|t| t.groups.len() != 1) {
        return None;
    }
    let reaches = m
        .tables
        .iter()
        .map(|t| {
            let mut by_gain: Vec<f64> = vec![];
            let mut instant = 0.0;
            for &(p, start, end) in &t.rolls {
                let succ = &t.succ[start as usize..end as usize];
                if succ.iter().any(|s| matches!(s, Succ::Instant)) {
                    instant += p;
                    continue;
                }
                let most = succ.iter().map(|s| match *s {
                    Succ::Ctx { gain, .. } | Succ::End { gain, .. } => gain,
                    Succ::Instant => unreachable!("taken above"),
                });
                let Some(g) = most.max() else { continue };
                let g = usize::try_from(g / m.grid).expect("gains are positive");
                if by_gain.len() <= g {
                    by_gain.resize(g + 1, 0.0);
                }
                by_gain[g] += p;
            }
            let gains = by_gain.into_iter().enumerate().filter(|&(_, p)| p > 0.0).collect();
            RollReach { farkle: t.farkle, instant, gains }
        })
        .collect();
    Some(reaches)
}
