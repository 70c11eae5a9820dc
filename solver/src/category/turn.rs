//! The turn DP: from the values of the states after this turn to the value
//! of a turn-start state, for all lanes (states) of one mask at once.
//!
//! Within a turn the only state is the current dice (Yahtzee keep rule), so
//! the DP runs over the multiset lattice of [`Multisets`]:
//!
//! 1. **Final roll**: for each roll `R`, the best box to score it in:
//!    `V(R) = max_c [points + upper bonus if it crosses + value after]`, plus
//!    any bonus that does not depend on the box (Yahtzee bonus).
//! 2. **Keep expectation**: the value of keeping `K` and rolling the rest,
//!    built down the lattice one die at a time: `E(K) = 1/6 sum_f E(K+f)`,
//!    with `E(R) = V(R)` for full rolls (keeping everything = stopping).
//! 3. **Best keep**: `B(S) = max(E(S), max_f B(S - f))`, built up the
//!    lattice, is the best keep among all sub-multisets of `S`; for a full
//!    roll it is the value of that roll one roll earlier. This replaces the
//!    enumeration of all (roll, keep) pairs (4368 for five dice, 12376 for
//!    six) by at most six maxima per multiset.
//!
//! Steps 2-3 repeat once per extra roll; the turn-start value is the
//! probability-weighted sum over first rolls. All steps work on rows of
//! `stride` lanes (the states of one mask, padded to a multiple of [`PAD`])
//! so the innermost loops vectorise; every arithmetic step is an add,
//! multiply or max over a row. (Measured alternatives that were slower or no
//! faster: rows stored chunk-major so each 8-lane chunk's lattice stays in L1,
//! where per-row index overhead then dominated; padding to 4 lanes.) The DP runs in f64: in f32 the maxima pick up rounding noise
//! with an upward bias (classic Yahtzee came out 2e-4 high), and f64 measured
//! no slower here, as the kernel is bound by control overhead rather than
//! vector width. Tables store f32.

use super::game::Game;
use super::states::{StateIndex, DEAD};
use crate::dice::{Counts, Multisets, NONE};

/// Lane padding: rows are a multiple of this many values.
const PAD: usize = 8;

/// Successor values: the solve's own f64 buffer, or a table's f32 values.
pub trait Values: Sync {
    fn at(&self, i: usize) -> f64;
}
impl Values for [f64] {
    #[inline]
    fn at(&self, i: usize) -> f64 {
        self[i]
    }
}
impl Values for [f32] {
    #[inline]
    fn at(&self, i: usize) -> f64 {
        self[i] as f64
    }
}

#[inline(always)]
fn fmax(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

/// `dst = max(dst, srcs...)` elementwise. Rows are a multiple of [`PAD`]
/// long; working on fixed `PAD`-wide chunks lets the compiler keep each chunk
/// in vector registers across all sources (a plain indexed loop over a
/// variable number of sources stayed scalar).
#[inline]
fn max_rows(dst: &mut [f64], srcs: &[&[f64]]) {
    // Specialised on the number of sources so the source loop unrolls.
    match srcs.len() {
        1 => max_rows_n::<1>(dst, srcs),
        2 => max_rows_n::<2>(dst, srcs),
        3 => max_rows_n::<3>(dst, srcs),
        4 => max_rows_n::<4>(dst, srcs),
        5 => max_rows_n::<5>(dst, srcs),
        6 => max_rows_n::<6>(dst, srcs),
        _ => {}
    }
}

#[inline(always)]
fn max_rows_n<const N: usize>(dst: &mut [f64], srcs: &[&[f64]]) {
    let srcs: [&[f64]; N] = std::array::from_fn(|i| &srcs[i][..dst.len()]);
    for (j, d) in dst.chunks_exact_mut(PAD).enumerate() {
        let mut acc: [f64; PAD] = d.try_into().expect("PAD-wide chunk");
        for src in srcs {
            let c: &[f64; PAD] = src[j * PAD..(j + 1) * PAD].try_into().expect("PAD-wide chunk");
            for k in 0..PAD {
                acc[k] = fmax(acc[k], c[k]);
            }
        }
        d.copy_from_slice(&acc);
    }
}

/// `dst = (sum of the six rows) / 6` elementwise, in `PAD`-wide chunks.
#[inline]
fn average_rows(dst: &mut [f64], srcs: [&[f64]; 6]) {
    let sixth = 1.0 / 6.0;
    for (j, d) in dst.chunks_exact_mut(PAD).enumerate() {
        let c: [&[f64; PAD]; 6] =
            std::array::from_fn(|f| srcs[f][j * PAD..(j + 1) * PAD].try_into().expect("PAD-wide chunk"));
        for k in 0..PAD {
            d[k] = (((c[0][k] + c[1][k]) + (c[2][k] + c[3][k])) + (c[4][k] + c[5][k])) * sixth;
        }
    }
}

/// `dst = max(dst, src + add)` elementwise, in `PAD`-wide chunks.
#[inline]
fn max_shifted(dst: &mut [f64], src: &[f64], add: f64) {
    for (d, c) in dst.chunks_exact_mut(PAD).zip(src.chunks_exact(PAD)) {
        for k in 0..PAD {
            d[k] = fmax(d[k], c[k] + add);
        }
    }
}

/// Everything about a game the kernel needs, precomputed once.
pub struct TurnModel<'g> {
    pub game: &'g Game,
    pub ms: Multisets,
    pub index: StateIndex,
    /// `scores[r * ncat + c]`: points of full roll `r` (relative index) in box `c`.
    scores: Vec<u16>,
    /// Rolls that are a Yahtzee (all dice alike), by relative roll index.
    yahtzee_roll: Vec<bool>,
}

/// Reusable working memory for one mask's turn DP.
#[derive(Default)]
pub struct Scratch {
    pub stride: usize,
    /// `ms.len() * stride` values: one row per multiset.
    pub rows: Vec<f64>,
    /// Successor vectors, `stride` values each (see [`TurnModel::prepare`]).
    succ: Vec<f64>,
    /// Per box: where its successor vectors start in `succ`.
    slot: Vec<usize>,
    /// Per lane: (effective upper, extra).
    lanes: Vec<(u16, u8)>,
    /// Per lane: the best value of scoring 0 in some open box (see
    /// [`TurnModel::final_roll`]).
    zero_best: Vec<f64>,
}

impl<'g> TurnModel<'g> {
    pub fn new(game: &'g Game) -> TurnModel<'g> {
        let ms = Multisets::new(game.dice);
        let index = StateIndex::new(game);
        let ncat = game.categories.len();
        let mut scores = Vec::with_capacity(ms.rolls().len() * ncat);
        let mut yahtzee_roll = Vec::new();
        for r in ms.rolls() {
            let c = ms.counts(r);
            scores.extend(game.categories.iter().map(|cat| (cat.score)(c) as u16));
            yahtzee_roll.push(c.iter().any(|&x| x as usize == game.dice));
        }
        TurnModel { game, ms, index, scores, yahtzee_roll }
    }

    /// Number of lanes of the row layout for `lanes` states.
    fn stride(lanes: usize) -> usize {
        lanes.div_ceil(PAD) * PAD
    }

    /// Prepares `s` for `mask` and the given lanes of it: the row layout,
    /// and for every open box the value, per lane, of the state after it.
    ///
    /// A lower box leads to the same upper total whatever it scores, so one
    /// vector serves all its scores (the points are added per roll); the
    /// Yahtzee box has two (0 or positive: the bonus flag). An upper box has
    /// one vector per count of its face (0..=dice), with the points and any
    /// upper bonus folded in.
    pub fn prepare<V: Values + ?Sized>(&self, values: &V, mask: u32, lanes: &[usize], s: &mut Scratch) {
        let game = self.game;
        s.stride = Self::stride(lanes.len());
        s.rows.resize(self.ms.len() * s.stride, 0.0);
        s.lanes.clear();
        s.lanes.extend(lanes.iter().map(|&l| self.index.lane_state(mask, l)));
        s.succ.clear();
        s.slot.clear();
        let threshold = self.index.threshold() as u16;
        let bonus = game.upper_bonus.map_or(0.0, |b| b.points as f64);
        let extra_cat = game.yahtzee_bonus.as_ref().map(|y| y.category);
        for (cat, c) in game.categories.iter().enumerate() {
            s.slot.push(s.succ.len());
            if mask >> cat & 1 == 1 {
                continue;
            }
            let next = mask | 1 << cat;
            let base = self.index.offset(next);
            let variants: Vec<(u32, u8)> = match c.upper_face {
                Some(face) => (0..=game.dice as u32).map(|k| (k * face as u32, 0)).collect(),
                None if extra_cat == Some(cat) => vec![(0, 0), (0, 1)],
                None => vec![(0, 0)],
            };
            for (points, positive) in variants {
                for &(eff, extra) in &s.lanes {
                    let (eff2, mut v) = match c.upper_face {
                        Some(_) => {
                            let e2 = self.index.advance_upper(next, eff, points);
                            let crossed = threshold > 0 && eff != DEAD && eff < threshold && e2 == threshold;
                            (e2, points as f64 + if crossed { bonus } else { 0.0 })
                        }
                        None => (eff, 0.0),
                    };
                    let extra2 = if extra_cat == Some(cat) { positive } else { extra };
                    let lane = self.index.lane_of(next, eff2, extra2).expect("successor state is indexed");
                    v += values.at(base + lane);
                    s.succ.push(v);
                }
                let pad = s.stride - s.lanes.len();
                s.succ.extend(std::iter::repeat_n(0.0, pad));
            }
        }
        s.zero_best.clear();
        s.zero_best.resize(s.stride, f64::NEG_INFINITY);
        for cat in (0..game.categories.len()).filter(|&c| mask >> c & 1 == 0) {
            // Slot 0 is the zero-points vector of every box (count 0 of an
            // upper face, or the Yahtzee box's 0).
            let zero = &s.succ[s.slot[cat]..s.slot[cat] + s.stride];
            for (z, &v) in s.zero_best.iter_mut().zip(zero) {
                *z = fmax(*z, v);
            }
        }
    }

    /// Where the successor vector of scoring `points` in `cat` starts, and
    /// the points still to add to it.
    #[inline]
    fn successor(&self, slot: &[usize], stride: usize, cat: usize, points: u32) -> (usize, f64) {
        let c = &self.game.categories[cat];
        match c.upper_face {
            Some(face) => (slot[cat] + (points / face as u32) as usize * stride, 0.0),
            None => {
                let positive = self.game.yahtzee_bonus.as_ref().is_some_and(|y| y.category == cat) && points > 0;
                (slot[cat] + positive as usize * stride, points as f64)
            }
        }
    }

    /// Step 1: final-roll values into the full-roll rows.
    ///
    /// Points are never negative, so the best over all boxes equals the best
    /// of (a) the best zero-point successor over every open box, computed once
    /// per mask, and (b) the boxes that score more than 0 with this roll:
    /// a box scoring 0 contributes exactly its zero-point successor, and a box
    /// scoring p > 0 contributes its own successor plus p, which is at least
    /// its zero-point successor. Most boxes score 0 on most rolls, so this
    /// halves the work. Rolls whose choices are restricted (a forced joker)
    /// take the plain path over their legal choices.
    pub fn final_roll(&self, mask: u32, s: &mut Scratch) {
        let game = self.game;
        let ncat = game.categories.len();
        let stride = s.stride;
        let first = self.ms.rolls().start;
        let open: Vec<usize> = (0..ncat).filter(|&c| mask >> c & 1 == 0).collect();
        let mut choices: Vec<(usize, u32)> = Vec::with_capacity(ncat);
        for (ri, r) in self.ms.rolls().enumerate() {
            let special = game.yahtzee_bonus.is_some() && self.yahtzee_roll[ri];
            let row_at = (first + ri) * stride;
            let row = &mut s.rows[row_at..row_at + stride];
            if !special {
                row.copy_from_slice(&s.zero_best);
                let sc = &self.scores[ri * ncat..(ri + 1) * ncat];
                for &c in &open {
                    if sc[c] > 0 {
                        let (at, add) = self.successor(&s.slot, stride, c, sc[c] as u32);
                        max_shifted(row, &s.succ[at..at + stride], add);
                    }
                }
                continue;
            }
            choices.clear();
            game.choices(mask, self.ms.counts(r), |c, p| choices.push((c, p)));
            row.fill(f64::NEG_INFINITY);
            for &(c, p) in &choices {
                let (at, add) = self.successor(&s.slot, stride, c, p);
                max_shifted(row, &s.succ[at..at + stride], add);
            }
            for (v, &(_, extra)) in row.iter_mut().zip(&s.lanes) {
                *v += game.roll_bonus(mask, self.ms.counts(r), extra) as f64;
            }
        }
    }

    /// Step 2: keep values `E(K)` for every keep smaller than a full roll.
    pub fn expect(&self, s: &mut Scratch) {
        let stride = s.stride;
        let n = self.ms.dice();
        for k in (0..n).rev() {
            for kk in self.ms.of_size(k) {
                let add = self.ms.add(kk);
                let (lo, hi) = s.rows.split_at_mut((kk + 1) * stride);
                let base = (kk + 1) * stride;
                let srcs: [&[f64]; 6] = std::array::from_fn(|f| &hi[add[f] as usize * stride - base..][..stride]);
                average_rows(&mut lo[kk * stride..][..stride], srcs);
            }
        }
    }

    /// Step 3: best keep among the sub-multisets, `B(S)`, for every multiset:
    /// one pass per row over all its one-die-smaller sources (1 to 6).
    pub fn best_keep(&self, s: &mut Scratch) {
        let stride = s.stride;
        for kk in self.ms.of_size(1).start..self.ms.len() {
            let (lo, hi) = s.rows.split_at_mut(kk * stride);
            let mut src: [&[f64]; 6] = [&[]; 6];
            let mut n = 0;
            for &r in self.ms.remove(kk).iter().filter(|&&r| r != NONE) {
                src[n] = &lo[r as usize * stride..][..stride];
                n += 1;
            }
            max_rows(&mut hi[..stride], &src[..n]);
        }
    }

    /// Expected value of the first roll, per lane: the probability-weighted
    /// sum of the full-roll rows. `out` holds one value per lane.
    pub fn first_roll(&self, s: &Scratch, out: &mut [f64]) {
        out.fill(0.0);
        for r in self.ms.rolls() {
            let p = self.ms.prob(r);
            for (o, &v) in out.iter_mut().zip(&s.rows[r * s.stride..]) {
                *o += p * v;
            }
        }
    }

    /// The whole turn DP for `lanes` of `mask`; writes one value per lane.
    pub fn solve_mask<V: Values + ?Sized>(
        &self,
        values: &V,
        mask: u32,
        lanes: &[usize],
        s: &mut Scratch,
        out: &mut [f64],
    ) {
        self.prepare(values, mask, lanes, s);
        self.final_roll(mask, s);
        for _ in 1..self.game.rolls {
            self.expect(s);
            self.best_keep(s);
        }
        self.first_roll(s, out);
    }

    /// Row of multiset `counts` (for inspection by `advise`).
    pub fn row<'s>(&self, s: &'s Scratch, counts: &Counts) -> &'s [f64] {
        let i = self.ms.index(counts).expect("multiset within the dice count");
        &s.rows[i * s.stride..(i + 1) * s.stride]
    }

    /// Per choice of box for final roll `counts` from lane 0 of `s` (after
    /// [`TurnModel::prepare`]): (box, points, value including points,
    /// bonuses and the value after).
    pub fn score_options(&self, mask: u32, counts: &Counts, s: &Scratch) -> Vec<(usize, u32, f64)> {
        let mut choices = Vec::new();
        self.game.choices(mask, counts, |c, p| choices.push((c, p)));
        let extra_bonus = self.game.roll_bonus(mask, counts, s.lanes[0].1) as f64;
        choices
            .into_iter()
            .map(|(c, p)| {
                let (at, add) = self.successor(&s.slot, s.stride, c, p);
                (c, p, s.succ[at] + add + extra_bonus)
            })
            .collect()
    }
}
