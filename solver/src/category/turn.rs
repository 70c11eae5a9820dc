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
//! `stride` lanes (the states of one mask, padded to a multiple of 16) so the
//! innermost loops vectorise; every arithmetic step is an add, multiply or max
//! over a row. The DP runs in f64: in f32 the maxima pick up rounding noise
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

/// One successor vector: value after scoring `points` in box `cat`, per lane,
/// including `points` themselves unless `shift` says to add them per roll.
struct Succ {
    cat: u8,
    points: u32,
    at: usize,
}

/// Reusable working memory for one mask's turn DP.
#[derive(Default)]
pub struct Scratch {
    pub stride: usize,
    /// `ms.len() * stride` values: one row per multiset.
    pub rows: Vec<f64>,
    succ: Vec<f64>,
    succ_index: Vec<Succ>,
    /// Per lane: (effective upper, extra).
    lanes: Vec<(u16, u8)>,
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

    /// Prepares `s` for `mask` and the given lanes of it.
    pub fn begin(&self, mask: u32, lanes: &[usize], s: &mut Scratch) {
        s.stride = Self::stride(lanes.len());
        s.rows.resize(self.ms.len() * s.stride, 0.0);
        s.lanes.clear();
        s.lanes.extend(lanes.iter().map(|&l| self.index.lane_state(mask, l)));
        s.succ.clear();
        s.succ_index.clear();
    }

    /// Value per lane of scoring `points` in `cat` from (`mask`, lanes):
    /// points, upper bonus if crossed, and the successor state's value.
    fn successor<V: Values + ?Sized>(&self, values: &V, mask: u32, cat: usize, points: u32, s: &mut Scratch) -> usize {
        if let Some(x) = s.succ_index.iter().find(|x| x.cat as usize == cat && x.points == points) {
            return x.at;
        }
        let game = self.game;
        let next = mask | 1 << cat;
        let base = self.index.offset(next);
        let at = s.succ.len();
        s.succ.resize(at + s.stride, 0.0);
        let upper = game.categories[cat].upper_face.is_some();
        let bonus = game.upper_bonus.map_or(0, |b| b.points) as f64;
        let threshold = self.index.threshold() as u16;
        for (i, &(eff, extra)) in s.lanes.iter().enumerate() {
            let (eff2, mut add) = if upper {
                let e2 = self.index.advance_upper(next, eff, points);
                let crossed = eff != DEAD && eff < threshold && e2 == threshold && self.index.threshold() > 0;
                (e2, points as f64 + if crossed { bonus } else { 0.0 })
            } else {
                (eff, points as f64)
            };
            let extra2 = match &game.yahtzee_bonus {
                Some(yb) if yb.category == cat => (points > 0) as u8,
                _ => extra,
            };
            let lane = self.index.lane_of(next, eff2, extra2).expect("successor state is indexed");
            add += values.at(base + lane);
            s.succ[at + i] = add;
        }
        s.succ_index.push(Succ { cat: cat as u8, points, at });
        at
    }

    /// Step 1: final-roll values into the full-roll rows. `values` must hold
    /// the solved values of every state with one more box filled.
    pub fn final_roll<V: Values + ?Sized>(&self, values: &V, mask: u32, s: &mut Scratch) {
        let game = self.game;
        let ncat = game.categories.len();
        let stride = s.stride;
        let first = self.ms.rolls().start;
        let mut choices: Vec<(usize, u32)> = Vec::with_capacity(ncat);
        for (ri, r) in self.ms.rolls().enumerate() {
            choices.clear();
            let special = game.yahtzee_bonus.is_some() && self.yahtzee_roll[ri];
            if special {
                game.choices(mask, self.ms.counts(r), |c, p| choices.push((c, p)));
            } else {
                let sc = &self.scores[ri * ncat..(ri + 1) * ncat];
                choices.extend((0..ncat).filter(|&c| mask >> c & 1 == 0).map(|c| (c, sc[c] as u32)));
            }
            let row_at = (first + ri) * stride;
            s.rows[row_at..row_at + stride].fill(f64::NEG_INFINITY);
            for &(c, p) in &choices {
                let at = self.successor(values, mask, c, p, s);
                let (row, succ) = (&mut s.rows[row_at..row_at + stride], &s.succ[at..at + stride]);
                for i in 0..stride {
                    row[i] = fmax(row[i], succ[i]);
                }
            }
            if special {
                if let Some(yb) = &game.yahtzee_bonus {
                    if mask >> yb.category & 1 == 1 {
                        let row = &mut s.rows[row_at..row_at + stride];
                        for (i, &(_, extra)) in s.lanes.iter().enumerate() {
                            if extra == 1 {
                                row[i] += yb.points as f64;
                            }
                        }
                    }
                }
            }
        }
    }

    /// Step 2: keep values `E(K)` for every keep smaller than a full roll.
    pub fn expect(&self, s: &mut Scratch) {
        let stride = s.stride;
        let n = self.ms.dice();
        let sixth = 1.0f64 / 6.0;
        for k in (0..n).rev() {
            for kk in self.ms.of_size(k) {
                let add = self.ms.add(kk);
                let (lo, hi) = s.rows.split_at_mut((kk + 1) * stride);
                let dst = &mut lo[kk * stride..];
                let base = (kk + 1) * stride;
                let row = |f: usize| &hi[add[f] as usize * stride - base..][..stride];
                let (r0, r1, r2, r3, r4, r5) = (row(0), row(1), row(2), row(3), row(4), row(5));
                for i in 0..stride {
                    dst[i] = (((r0[i] + r1[i]) + (r2[i] + r3[i])) + (r4[i] + r5[i])) * sixth;
                }
            }
        }
    }

    /// Step 3: best keep among the sub-multisets, `B(S)`, for every multiset.
    pub fn best_keep(&self, s: &mut Scratch) {
        let stride = s.stride;
        for kk in self.ms.of_size(1).start..self.ms.len() {
            let rem = self.ms.remove(kk);
            let (lo, hi) = s.rows.split_at_mut(kk * stride);
            let dst = &mut hi[..stride];
            for &r in rem.iter().filter(|&&r| r != NONE) {
                let src = &lo[r as usize * stride..][..stride];
                for i in 0..stride {
                    dst[i] = fmax(dst[i], src[i]);
                }
            }
        }
    }

    /// Expected value of the first roll: probability-weighted full-roll rows.
    pub fn first_roll(&self, s: &Scratch, out: &mut [f64]) {
        let stride = s.stride;
        let mut acc = vec![0f64; stride];
        for r in self.ms.rolls() {
            let p = self.ms.prob(r);
            let row = &s.rows[r * stride..][..stride];
            for i in 0..stride {
                acc[i] += p * row[i] as f64;
            }
        }
        for (o, a) in out.iter_mut().zip(acc) {
            *o = a as f64;
        }
    }

    /// The whole turn DP for `lanes` of `mask`; writes one value per lane.
    pub fn solve_mask<V: Values + ?Sized>(&self, values: &V, mask: u32, lanes: &[usize], s: &mut Scratch, out: &mut [f64]) {
        self.begin(mask, lanes, s);
        self.final_roll(values, mask, s);
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

    /// Per choice of box for final roll `counts` from lane 0 of `s`: (box,
    /// points, value including points, bonuses and the value after).
    pub fn score_options<V: Values + ?Sized>(&self, values: &V, mask: u32, counts: &Counts, s: &mut Scratch) -> Vec<(usize, u32, f64)> {
        let mut choices = Vec::new();
        self.game.choices(mask, counts, |c, p| choices.push((c, p)));
        let extra_bonus = match &self.game.yahtzee_bonus {
            Some(yb) if mask >> yb.category & 1 == 1 && counts.iter().any(|&x| x as usize == self.game.dice) && s.lanes[0].1 == 1 => {
                yb.points as f64
            }
            _ => 0.0,
        };
        choices
            .into_iter()
            .map(|(c, p)| {
                let at = self.successor(values, mask, c, p, s);
                (c, p, s.succ[at] + extra_bonus)
            })
            .collect()
    }
}
