//! The earlier rolls of a turn under the locked keep rule (Six Hundred):
//! dice set aside stay set aside for the rest of the turn.
//!
//! Between rolls the state is the multiset `L` of locked dice (the dice
//! showing beside them are re-rolled anyway), so the DP again runs over the
//! multiset lattice, one row of lanes per `L`. With `E(L)` the value of
//! having locked `L` before a roll, one roll earlier the value is
//!
//! ```text
//! E'(L) = sum over full rolls D ⊇ L of P(D − L) · H(L, D),
//! H(L, D) = max over L ⊆ L' ⊆ D of E(L')
//! ```
//!
//! (roll the unlocked dice, see `D`, lock any `L'` between `L` and `D`).
//! Enumerating (L, rolled dice) pairs and every `L'` costs 18,564 pairs and
//! 37,128 maxima per lane. Instead, for each full roll `D` (462 of them) the
//! sub-lattice of `D` is walked from the top: `H(L, D) = max(E(L), H(L + f,
//! D))` over the faces `f` with `L + f ⊆ D`, which visits the 12,376 pairs
//! (L ⊆ D) once with 26,208 maxima, and accumulates `P(D − L) · H(L, D)`
//! into `E'(L)` in the same pass ([`LockedLattice::step`]). The walk's index
//! lists are built once per game ([`LockedLattice::new`]).
//!
//! The first roll has nothing locked: its value per full roll is the best
//! `E(L)` over `L ⊆ D`, the same "best sub-multiset" pass as the Yahtzee rule
//! ([`super::reroll::best_keeps`]).

use super::rows::PAD;
use crate::dice::{Multisets, NONE};

/// Index lists of the walk over every full roll's sub-lattice.
pub(super) struct LockedLattice {
    /// Per full roll (relative index): its entries `start[d]..start[d + 1]`.
    start: Vec<u32>,
    /// Per entry: the locked multiset `L` (dense index), largest `L` first
    /// within a roll.
    keep: Vec<u16>,
    /// Per entry: P(the unlocked dice show `D − L`).
    prob: Vec<f64>,
    /// Per entry: its children `child_start[e]..child_start[e + 1]`.
    child_start: Vec<u32>,
    /// Children (`L + f ⊆ D`) as positions within the roll's entries; they
    /// come before the entry, as larger multisets come first.
    child: Vec<u8>,
    /// Most entries of one roll (64: six different faces).
    widest: usize,
}

impl LockedLattice {
    pub(super) fn new(ms: &Multisets) -> LockedLattice {
        let mut lat = LockedLattice {
            start: vec![0],
            keep: vec![],
            prob: vec![],
            child_start: vec![0],
            child: vec![],
            widest: 0,
        };
        for d in ms.rolls() {
            let full = ms.counts(d);
            let mut subs = ms.subsets(full);
            subs.sort_by_key(|&l| std::cmp::Reverse(ms.size(l)));
            lat.widest = lat.widest.max(subs.len());
            for &l in &subs {
                let lc = ms.counts(l);
                let rest: [u8; 6] = std::array::from_fn(|f| full[f] - lc[f]);
                lat.keep.push(u16::try_from(l).expect("multiset indices fit u16"));
                lat.prob.push(ms.prob(ms.index(&rest).expect("sub-multiset")));
                for &up in ms.add(l) {
                    if up == NONE {
                        continue;
                    }
                    if let Some(pos) = subs.iter().position(|&s| s == usize::from(up)) {
                        lat.child.push(u8::try_from(pos).expect("at most 64 sub-multisets"));
                    }
                }
                lat.child_start.push(u32::try_from(lat.child.len()).expect("few children"));
            }
            lat.start.push(u32::try_from(lat.keep.len()).expect("few entries"));
        }
        lat
    }

    /// Number of (L ⊆ D) pairs the walk visits.
    pub(super) fn pairs(&self) -> usize {
        self.keep.len()
    }

    /// One roll earlier: from `e` (a row per multiset: the value of having
    /// locked it before a roll) to `out` (the same one roll before), using
    /// `h` as the walk's working rows.
    pub(super) fn step(&self, e: &[f64], out: &mut [f64], h: &mut Vec<f64>, stride: usize) {
        out.fill(0.0);
        h.resize(self.widest * stride, 0.0);
        for d in 0..self.start.len() - 1 {
            let (first, end) = (self.start[d] as usize, self.start[d + 1] as usize);
            for entry in first..end {
                let j = entry - first;
                let l = usize::from(self.keep[entry]);
                let kids = &self.child[self.child_start[entry] as usize..self.child_start[entry + 1] as usize];
                let (done, rest) = h.split_at_mut(j * stride);
                let mut srcs: [&[f64]; 6] = [&[]; 6];
                for (s, &k) in srcs.iter_mut().zip(kids) {
                    *s = &done[usize::from(k) * stride..][..stride];
                }
                lock_row(
                    &mut rest[..stride],
                    &e[l * stride..][..stride],
                    &srcs[..kids.len()],
                    &mut out[l * stride..][..stride],
                    self.prob[entry],
                );
            }
        }
    }
}

/// `h = max(e, kids...)`, `out += p * h`, elementwise: one entry of the walk.
#[inline]
fn lock_row(h: &mut [f64], e: &[f64], kids: &[&[f64]], out: &mut [f64], p: f64) {
    // Specialised on the number of children so the source loop unrolls.
    match kids.len() {
        0 => lock_row_n::<0>(h, e, kids, out, p),
        1 => lock_row_n::<1>(h, e, kids, out, p),
        2 => lock_row_n::<2>(h, e, kids, out, p),
        3 => lock_row_n::<3>(h, e, kids, out, p),
        4 => lock_row_n::<4>(h, e, kids, out, p),
        5 => lock_row_n::<5>(h, e, kids, out, p),
        _ => lock_row_n::<6>(h, e, kids, out, p),
    }
}

#[inline(always)]
fn lock_row_n<const N: usize>(h: &mut [f64], e: &[f64], kids: &[&[f64]], out: &mut [f64], p: f64) {
    let kids: [&[f64]; N] = std::array::from_fn(|i| &kids[i][..h.len()]);
    for (j, (hc, oc)) in h.chunks_exact_mut(PAD).zip(out.chunks_exact_mut(PAD)).enumerate() {
        let mut acc: [f64; PAD] = e[j * PAD..(j + 1) * PAD].try_into().expect("PAD-wide chunk");
        for kid in kids {
            let c: &[f64; PAD] = kid[j * PAD..(j + 1) * PAD].try_into().expect("PAD-wide chunk");
            for k in 0..PAD {
                acc[k] = if c[k] > acc[k] { c[k] } else { acc[k] };
            }
        }
        hc.copy_from_slice(&acc);
        for k in 0..PAD {
            oc[k] += p * acc[k];
        }
    }
}
