//! The turn DP: from the values of the states after this turn to the value
//! of a turn-start state, for all lanes (states) of one mask at once.
//!
//! [`TurnDp`] is the one interface: the level-by-level solve asks it for
//! turn-start values ([`TurnDp::turn_start`]), advice asks it for the value
//! of every choice in the middle of a turn ([`TurnDp::choices`]). The steps
//! behind them are private, and which ones run is chosen by the game's keep
//! rule:
//!
//! - [`last_roll`] (every keep rule): the value of each final roll scored in
//!   its best box, from one successor vector per (open box, points);
//! - [`reroll`] (Yahtzee family, kept dice may be re-rolled later): the
//!   earlier rolls over the lattice of dice multisets;
//! - [`locked`] (Six Hundred, set-aside dice stay set aside): the earlier
//!   rolls over (locked dice, dice showing), walked per full roll.
//!
//! Both keep rules share one skeleton: the last roll's values, then "keep
//! values" (the value of keeping/locking each multiset before a roll, one
//! row per multiset) stepped back one roll at a time, then for the first
//! roll the best keep among the sub-multisets of each full roll.
//!
//! All steps work on rows of `stride` lanes (the states of one mask, padded
//! to a multiple of 16) so that the innermost loops vectorise; every
//! arithmetic step is an add, multiply or max over a row.
//!
//! Precision: the rows are generic over [`Real`]. The default is f64: in
//! f32 the maxima pick up rounding noise with an upward bias (classic
//! Yahtzee came out 2e-4 high, outside the published value's 1e-4). f32
//! halves the memory the kernel streams through, which is what bounds Six
//! Hundred's locked-dice step, so its whole-game solve runs in f32 (1.6×
//! faster measured; reduced games differ from f64 by about 1e-4 points).
//! Values between turns are f64 either way, and the first roll's average
//! is summed in f64.

mod last_roll;
mod locked;
mod locked_policy;
mod policy;
mod reroll;
mod rows;
mod target;

pub(crate) use policy::{first_best, LanePolicy};
pub(crate) use rows::Real;
pub(crate) use target::{Band, BandValues, Bands, Run};

use super::model::{CategoryGame, KeepRule, Scored};
use super::states::{StateIndex, DEAD};
use crate::dice::{Counts, Multisets};

/// Turn-start values the turn DP reads as successors: lane `lane` of mask
/// `mask`. A whole game's values are one array in state-number order
/// ([`Indexed`]); a sub-game keeps only the masks below its sheet.
pub(crate) trait Values: Sync {
    fn at(&self, mask: u32, lane: usize) -> f64;

    /// All lanes of `mask` as one slice, where they are stored that way:
    /// the turn DP then reads runs of consecutive successors without a
    /// call per lane (the default, [`MaskValues::Scattered`], reads them
    /// one by one with [`Values::at`]).
    fn mask_values(&self, mask: u32) -> MaskValues<'_> {
        let _ = mask;
        MaskValues::Scattered
    }
}

/// How the lanes of one mask are stored ([`Values::mask_values`]).
#[derive(Clone, Copy)]
pub(crate) enum MaskValues<'a> {
    F64(&'a [f64]),
    F32(&'a [f32]),
    Scattered,
}

/// Values of every state, in [`StateIndex`] order (the solve's own f64
/// buffer, or a table's f32 values).
pub(crate) struct Indexed<'a, T> {
    pub(crate) index: &'a StateIndex,
    pub(crate) values: &'a [T],
}

impl Values for Indexed<'_, f64> {
    #[inline]
    fn at(&self, mask: u32, lane: usize) -> f64 {
        self.values[self.index.offset(mask) + lane]
    }
    fn mask_values(&self, mask: u32) -> MaskValues<'_> {
        MaskValues::F64(&self.values[self.index.offset(mask)..][..self.index.lanes(mask)])
    }
}
impl Values for Indexed<'_, f32> {
    #[inline]
    fn at(&self, mask: u32, lane: usize) -> f64 {
        f64::from(self.values[self.index.offset(mask) + lane])
    }
    fn mask_values(&self, mask: u32) -> MaskValues<'_> {
        MaskValues::F32(&self.values[self.index.offset(mask)..][..self.index.lanes(mask)])
    }
}

/// Number of lanes the solve hands the turn DP at once: enough for the
/// row operations to vectorise and for the locked step to load four
/// vectors per address, few enough that a row per multiset (924 for six
/// dice) and the locked step's two levels stay near the core's L2 cache
/// (measured on Six Hundred, f32: 16 lanes 2.3 µs/state, 32 2.0, 64 1.2,
/// 128 1.9).
pub(crate) const CHUNK: usize = 64;

/// A choice in the middle of a turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Choice {
    /// Keep these dice and re-roll the others (keeping all = stand pat).
    Keep(Counts),
    /// Score the roll in this box for these points.
    Score { category: usize, points: u32 },
}

/// Where in a turn a question is asked: after roll `roll` (1-based), with
/// `dice` showing, of which `locked` were locked before this roll (locked
/// keep rule only; empty otherwise).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Position {
    pub(crate) roll: u32,
    pub(crate) dice: Counts,
    pub(crate) locked: Counts,
}

/// One way to end a turn, as [`TurnDp::after_scoring`] computes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Step {
    /// Lane of the state after, in the mask with the box filled.
    pub(crate) lane: usize,
    /// Points earned: the box's, the upper bonus, any other bonus.
    pub(crate) gained: f64,
    /// Points written in the box.
    pub(crate) written: u32,
}

/// Reusable working memory of the turn DP (one per thread), in the DP's
/// precision `F`.
pub(crate) struct Scratch<F = f64> {
    /// One row of `successors.stride` values per dice multiset.
    rows: Vec<F>,
    /// The locked rule's second set of rows and its walk rows.
    rows2: Vec<F>,
    levels: [Vec<F>; 2],
    successors: last_roll::Successors<F>,
}

impl<F> Default for Scratch<F> {
    fn default() -> Self {
        Scratch { rows: vec![], rows2: vec![], levels: [vec![], vec![]], successors: last_roll::Successors::default() }
    }
}

/// The turn DP of one game.
pub(crate) struct TurnDp<'g> {
    game: &'g CategoryGame,
    index: StateIndex,
    ms: Multisets,
    /// Per box: the scores it can hold, ascending (one successor vector each).
    scores_of: Vec<Vec<u32>>,
    /// Per box, per points (dense up to its maximum): position in `scores_of`.
    score_pos: Vec<Vec<u16>>,
    /// `roll_scores[r * boxes + c]`: points of full roll `r` (relative index) in box `c`.
    roll_scores: Vec<u32>,
    /// Full rolls that may earn a bonus whatever box they go in.
    bonus_rolls: Vec<bool>,
    /// Per box: whether its points depend on the state (asked once, as the
    /// last roll asks it per roll and box).
    state_points: Vec<bool>,
    /// The locked rule's walk (built for that rule only).
    lattice: Option<locked::LockedLattice>,
    /// Per full roll, its sub-multisets (made when a fixed play is first
    /// written down, [`TurnDp::policies`]).
    roll_subsets: std::sync::OnceLock<Vec<Vec<u16>>>,
    /// The locked rule's pairs of a lock and a roll (made when a fixed play
    /// is first written down under that rule).
    locked_pairs: std::sync::OnceLock<locked_policy::LockedPairs>,
}

impl<'g> TurnDp<'g> {
    pub(crate) fn new(game: &'g CategoryGame) -> TurnDp<'g> {
        let ms = Multisets::new(game.dice);
        let index = StateIndex::new(game);
        let scores_of: Vec<Vec<u32>> = (0..game.categories.len()).map(|c| game.possible_scores(c)).collect();
        let score_pos = scores_of
            .iter()
            .map(|s| {
                let mut pos = vec![u16::MAX; s.last().map_or(0, |&m| m as usize) + 1];
                for (i, &p) in s.iter().enumerate() {
                    pos[p as usize] = u16::try_from(i).expect("few scores per box");
                }
                pos
            })
            .collect();
        let mut roll_scores = Vec::with_capacity(ms.rolls().len() * game.categories.len());
        let mut bonus_rolls = Vec::with_capacity(ms.rolls().len());
        for r in ms.rolls() {
            let c = ms.counts(r);
            roll_scores.extend(game.categories.iter().map(|cat| (cat.score)(c)));
            bonus_rolls.push(game.extra.roll_bonus_possible(c));
        }
        let lattice = (game.keep_rule == KeepRule::Locked).then(|| locked::LockedLattice::new(&ms));
        let state_points = (0..game.categories.len()).map(|c| game.extra.points_depend_on_state(c)).collect();
        TurnDp {
            game,
            index,
            ms,
            scores_of,
            score_pos,
            roll_scores,
            bonus_rolls,
            state_points,
            lattice,
            roll_subsets: std::sync::OnceLock::new(),
            locked_pairs: std::sync::OnceLock::new(),
        }
    }

    /// Scoring the roll's `points` in open box `cat` from the state (upper
    /// total `eff`, `extra`) of `mask`: the state after and what it earns.
    pub(crate) fn after_scoring(&self, mask: u32, eff: u16, extra: usize, cat: usize, points: u32) -> Step {
        self.after_scored(mask, eff, cat, self.game.extra.score(mask, extra, cat, points))
    }

    /// [`TurnDp::after_scoring`] once the game's rules have scored the
    /// points (`scored`, which depends on the extra state only).
    fn after_scored(&self, mask: u32, eff: u16, cat: usize, scored: Scored) -> Step {
        let game = self.game;
        let next = mask | 1 << cat;
        let mut gained = f64::from(scored.points) + f64::from(scored.bonus);
        let eff2 = self.upper_after(next, eff, cat, scored.points);
        let threshold = self.index.threshold();
        if threshold > 0 && eff != DEAD && u32::from(eff) < threshold && u32::from(eff2) == threshold {
            gained += game.upper_bonus.map_or(0.0, |b| f64::from(b.points));
        }
        let lane = self.index.lane_of(next, eff2, scored.extra).expect("successor state is indexed");
        Step { lane, gained, written: scored.points }
    }

    /// The effective upper total after writing `points` in box `cat` (only
    /// an upper box moves it), the sheet then being `next`.
    pub(crate) fn upper_after(&self, next: u32, eff: u16, cat: usize, points: u32) -> u16 {
        match self.game.categories[cat].upper_face {
            Some(_) => self.index.advance_upper(next, eff, points),
            None => eff,
        }
    }

    /// Per box: the scores it can hold, ascending.
    pub(crate) fn scores_of(&self, cat: usize) -> &[u32] {
        &self.scores_of[cat]
    }

    pub(crate) fn game(&self) -> &'g CategoryGame {
        self.game
    }

    /// The game's state index.
    pub(crate) fn index(&self) -> &StateIndex {
        &self.index
    }

    pub(crate) fn score_position(&self, cat: usize, points: u32) -> usize {
        let p = self.score_pos[cat].get(points as usize).copied().unwrap_or(u16::MAX);
        assert!(p != u16::MAX, "box {cat} cannot score {points}");
        usize::from(p)
    }

    /// Prepares `s` for `lanes` of `mask`: successor vectors and row space.
    fn prepare<F: Real, V: Values + ?Sized>(&self, after: &V, mask: u32, lanes: &[usize], s: &mut Scratch<F>) {
        s.successors.build(self, after, mask, lanes);
        s.rows.resize(self.ms.len() * s.successors.stride, F::default());
    }

    /// Fills the rows with keep values for the lanes prepared in `s`: the
    /// value of keeping (locking) each multiset with `left` ≥ 1 rolls still
    /// to come.
    fn keep_values_with<F: Real>(&self, mask: u32, left: usize, s: &mut Scratch<F>) {
        let stride = s.successors.stride;
        s.successors.last_roll(self, mask, &mut s.rows);
        reroll::keep_values(&self.ms, &mut s.rows, stride);
        for _ in 1..left {
            match &self.lattice {
                None => {
                    reroll::best_keeps(&self.ms, &mut s.rows, stride);
                    reroll::keep_values(&self.ms, &mut s.rows, stride);
                }
                Some(lattice) => {
                    s.rows2.resize(s.rows.len(), F::default());
                    lattice.step(&s.rows, &mut s.rows2, &mut s.levels, stride);
                    std::mem::swap(&mut s.rows, &mut s.rows2);
                }
            }
        }
    }

    /// The value of turn-start states `lanes` of `mask` (expected points
    /// still to come), from `after`, the values of the states after this
    /// turn. Writes one value per lane into `out`.
    pub(crate) fn turn_start<F: Real, V: Values + ?Sized>(
        &self,
        after: &V,
        mask: u32,
        lanes: &[usize],
        s: &mut Scratch<F>,
        out: &mut [f64],
    ) {
        self.prepare(after, mask, lanes, s);
        self.first_roll_average(mask, s, out);
    }

    /// The target objective's [`TurnDp::turn_start`]: the best chance of
    /// each cell of `runs` (a lane of `mask` and a needed score), from
    /// `after`, the chances of the states after this turn. Writes one
    /// value per cell, in the order of `runs`, into `out`.
    pub(crate) fn target_turn_start<F: Real, B: Bands + ?Sized>(
        &self,
        after: &B,
        mask: u32,
        runs: &[Run],
        s: &mut Scratch<F>,
        out: &mut [f64],
    ) {
        s.successors.build_target(self, after, mask, runs);
        s.rows.resize(self.ms.len() * s.successors.stride, F::default());
        self.first_roll_average(mask, s, out);
    }

    /// The rest of a turn-start value once the successors are prepared:
    /// every roll's best play, then the first roll's average.
    fn first_roll_average<F: Real>(&self, mask: u32, s: &mut Scratch<F>, out: &mut [f64]) {
        let stride = s.successors.stride;
        if self.game.rolls > 1 {
            // Nothing is kept before the first roll: each full roll is worth
            // its best keep (under either rule).
            self.keep_values_with(mask, self.game.rolls - 1, s);
            reroll::best_keeps(&self.ms, &mut s.rows, stride);
        } else {
            s.successors.last_roll(self, mask, &mut s.rows);
        }
        // The first roll's average in f64 whatever the rows' precision.
        out.fill(0.0);
        for r in self.ms.rolls() {
            let p = self.ms.prob(r);
            for (o, &v) in out.iter_mut().zip(&s.rows[r * stride..]) {
                *o += p * v.get();
            }
        }
    }

    /// Every choice for the dice of `position` in state `lane` of `mask`,
    /// with its value (expected points still to come, this roll's included):
    /// on the last roll (or with every die locked) the boxes, before it
    /// every keep; under the locked rule only keeps that keep the dice
    /// already locked.
    pub(crate) fn choices<V: Values + ?Sized>(
        &self,
        after: &V,
        mask: u32,
        lane: usize,
        position: &Position,
    ) -> Vec<(Choice, f64)> {
        let mut s = Scratch::<f64>::default();
        self.prepare(after, mask, &[lane], &mut s);
        if self.scores_now(position) {
            return s
                .successors
                .score_options(self, mask, &position.dice)
                .into_iter()
                .map(|(category, _, points, v)| (Choice::Score { category, points }, v))
                .collect();
        }
        self.keep_choices(mask, position, &mut s)
    }

    /// Whether the dice of `position` go in a box now: after the last roll,
    /// or with every die locked.
    fn scores_now(&self, position: &Position) -> bool {
        let all_locked = self.game.keep_rule == KeepRule::Locked && position.locked == position.dice;
        position.roll as usize >= self.game.rolls || all_locked
    }

    /// Every keep of the dice of `position` before a later roll (under the
    /// locked rule only keeps that keep the dice already locked), valued by
    /// the rows of the one cell or lane prepared in `s`.
    fn keep_choices(&self, mask: u32, position: &Position, s: &mut Scratch<f64>) -> Vec<(Choice, f64)> {
        self.keep_vectors(mask, position, 1, s).into_iter().map(|(c, v)| (c, v[0])).collect()
    }

    /// [`TurnDp::keep_choices`] for the first `cells` cells prepared in
    /// `s`: each keep with its value in every one of them.
    pub(super) fn keep_vectors(
        &self,
        mask: u32,
        position: &Position,
        cells: usize,
        s: &mut Scratch<f64>,
    ) -> Vec<(Choice, Vec<f64>)> {
        self.keep_values_with(mask, self.game.rolls - position.roll as usize, s);
        self.keep_rows(position, &s.rows, s.successors.stride, cells)
    }

    /// Every keep of the dice of `position` that keeps the dice locked,
    /// with the first `cells` values of its row in `rows`.
    pub(super) fn keep_rows(
        &self,
        position: &Position,
        rows: &[f64],
        stride: usize,
        cells: usize,
    ) -> Vec<(Choice, Vec<f64>)> {
        self.ms
            .subsets_keeping(&position.dice, &position.locked)
            .map(|k| (Choice::Keep(*self.ms.counts(k)), rows[k * stride..k * stride + cells].to_vec()))
            .collect()
    }

    /// The legal boxes for final roll `counts` in a state of `mask` with
    /// extra `extra`, as (box, points the rules score, points written): the
    /// game's choices, with `zero-only-when-forced` applied (only boxes
    /// that take points, or every box for 0 when none does).
    pub(crate) fn legal_scores(&self, mask: u32, extra: usize, counts: &Counts) -> Vec<(usize, u32, u32)> {
        let game = self.game;
        let mut choices = Vec::new();
        game.choices(mask, counts, |c, p| choices.push((c, p, game.extra.score(mask, extra, c, p).points)));
        if game.zero_only_when_forced {
            if choices.iter().any(|&(_, _, written)| written > 0) {
                choices.retain(|&(_, _, written)| written > 0);
            } else {
                choices.iter_mut().for_each(|ch| ch.1 = 0);
            }
        }
        choices
    }

    /// The optimal play of one whole turn from state `lane` of `mask`, for
    /// playing it out (simulations): the turn DP of that one state, kept.
    pub(crate) fn plan<V: Values + ?Sized>(&self, after: &V, mask: u32, lane: usize) -> TurnPlan {
        let mut s = Scratch::<f64>::default();
        self.prepare(after, mask, &[lane], &mut s);
        let stride = s.successors.stride;
        let column = |rows: &[f64]| rows.iter().step_by(stride).copied().collect::<Vec<f64>>();
        let mut keep = vec![];
        for left in 1..self.game.rolls {
            self.keep_values_with(mask, left, &mut s);
            keep.push(column(&s.rows));
        }
        TurnPlan { mask, keep, s }
    }
}

/// One state's turn, solved: the value of every keep with each number of
/// rolls left, and the successors for scoring ([`TurnDp::plan`]).
pub(crate) struct TurnPlan {
    mask: u32,
    /// `keep[left - 1][keep]`.
    keep: Vec<Vec<f64>>,
    s: Scratch<f64>,
}

impl TurnPlan {
    /// The best dice to keep (lock) from `dice` with `left` rolls still to
    /// come, keeping `locked`; the first of equally good keeps, as `advise`
    /// ranks them.
    pub(crate) fn best_keep(&self, dp: &TurnDp, dice: &Counts, locked: &Counts, left: usize) -> Counts {
        let values = &self.keep[left - 1];
        let allowed = dp.ms.subsets_keeping(dice, locked);
        *dp.ms.counts(first_best(allowed, |k| values[k]).expect("keeping everything is always allowed"))
    }

    /// The best box for final roll `dice`: (box, points the rules score,
    /// points written), the first of equally good boxes.
    pub(crate) fn best_box(&self, dp: &TurnDp, dice: &Counts) -> (usize, u32, u32) {
        let best = first_best(self.s.successors.score_options(dp, self.mask, dice), |o| o.3).expect("an open box");
        (best.0, best.1, best.2)
    }
}
