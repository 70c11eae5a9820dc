//! The earlier rolls of a turn under the locked keep rule (Six Hundred):
//! dice set aside stay set aside for the rest of the turn.
//!
//! Between rolls the state is the multiset `L` of locked dice (the dice
//! showing beside them are re-rolled anyway), so the DP again runs over the
//! multiset lattice, one row of lanes per `L`. With `E(L)` the value of
//! having locked `L` before a roll, one roll earlier the value is
//!
//! ```text
//! E'(L) = sum over rolls T of the n − |L| free dice of P(T) · G(L, T),
//! G(L, T) = max over S ⊆ T of E(L + S)
//!         = max(E(L), max over faces f in T of G(L + f, T − f))
//! ```
//!
//! (roll the free dice, see `T`, lock any part `S` of them). The pairs
//! (L, T) with |L| + |T| = n (12,376 for six dice) are computed level by
//! level, |L| from n down to 0: level `s` reads only level `s + 1`, and the
//! maxima over `f` are 26,208 per lane in all (one per distinct face of
//! `T`), with one multiply-add per pair.
//!
//! Why this order (measured): an earlier walk per full roll `D = L + T`
//! touched the 924-row arrays `E` and `E'` at scattered rows for every pair
//! and spent most of its time waiting for them. Here `E(L)` and the sum
//! `E'(L)` stay in registers while `T` runs over a level, and the `G` rows it
//! reads, `G(L + f, ·)`, are one contiguous block per face: the kernel
//! streams through memory the hardware prefetches. Within a level the `T`
//! are ordered by their number of distinct faces, so the inner loop runs in
//! at most six runs of a fixed number of sources.
//!
//! The first roll has nothing locked: its value per full roll is the best
//! `E(L)` over `L ⊆ D`, the same "best sub-multiset" pass as the Yahtzee rule
//! ([`super::reroll::best_keeps`]).

use super::rows::{fmax, Real, PAD};
use crate::dice::{Counts, Multisets, NONE};

/// The pairs (L, T) with `|L| = s`, as the step reads and writes them.
struct Level {
    /// The locked multisets `L` of size `s` (dense indices); `G(L, ·)` is the
    /// block of rows `position × tails`.
    keeps: Vec<u16>,
    /// Number of rolls `T` of the `n − s` free dice.
    tails: usize,
    /// Per `L` and face: the first row of the block `G(L + f, ·)` in the
    /// level above (for `s = n − 1`, the row of `L + f` in `E`).
    kid_block: Vec<[u32; 6]>,
    /// The `T` in their order within a block, grouped into runs of equal
    /// number of distinct faces: `(faces, count)`.
    runs: Vec<(u8, u16)>,
    /// Per `T`: P(the free dice show `T`).
    prob: Vec<f64>,
    /// Per `T`, one entry per distinct face `f`: (f, position of `T − f`
    /// within a block of the level above).
    kids: Vec<(u8, u16)>,
}

/// Index lists of the step, per level.
pub(super) struct LockedLattice {
    /// `levels[s]` for `s` in `0..n`; level `n` (everything locked) is `E`.
    levels: Vec<Level>,
    /// The multisets of size `n` (where `E' = E`).
    full: std::ops::Range<usize>,
    /// Most rows of one level.
    widest: usize,
}

impl LockedLattice {
    pub(super) fn new(ms: &Multisets) -> LockedLattice {
        let n = ms.dice();
        // Per size: the rolls T in block order (by distinct faces), and the
        // position of each multiset in that order.
        let mut order: Vec<Vec<usize>> = vec![];
        let mut pos = vec![u16::MAX; ms.len()];
        for t in 0..=n {
            let mut ts: Vec<usize> = ms.of_size(t).collect();
            ts.sort_by_key(|&x| distinct(ms.counts(x)));
            for (p, &x) in ts.iter().enumerate() {
                pos[x] = u16::try_from(p).expect("few multisets");
            }
            order.push(ts);
        }
        let mut levels = vec![];
        for s in 0..n {
            let tails = order[n - s].len();
            let above = order[n - s - 1].len();
            let keeps: Vec<u16> = ms.of_size(s).map(|l| u16::try_from(l).expect("few multisets")).collect();
            let kid_block = keeps
                .iter()
                .map(|&l| {
                    std::array::from_fn(|f| {
                        let up = ms.add(usize::from(l))[f];
                        assert!(up != NONE, "a keep below n dice can grow");
                        let up = usize::from(up);
                        let row = if s + 1 == n { up } else { (up - ms.of_size(s + 1).start) * above };
                        u32::try_from(row).expect("rows fit u32")
                    })
                })
                .collect();
            let mut runs: Vec<(u8, u16)> = vec![];
            let mut prob = vec![];
            let mut kids = vec![];
            for &t in &order[n - s] {
                let c = ms.counts(t);
                let k = u8::try_from(distinct(c)).expect("at most six faces");
                match runs.last_mut() {
                    Some(r) if r.0 == k => r.1 += 1,
                    _ => runs.push((k, 1)),
                }
                prob.push(ms.prob(t));
                for f in (0..6).filter(|&f| c[f] > 0) {
                    let rest = ms.remove(t)[f];
                    kids.push((u8::try_from(f).expect("face"), pos[usize::from(rest)]));
                }
            }
            levels.push(Level { keeps, tails, kid_block, runs, prob, kids });
        }
        let widest = levels.iter().map(|l| l.keeps.len() * l.tails).max().unwrap_or(0);
        LockedLattice { levels, full: ms.of_size(n), widest }
    }

    /// Number of (L, T) pairs one step computes per lane.
    pub(super) fn pairs(&self) -> usize {
        self.levels.iter().map(|l| l.keeps.len() * l.tails).sum::<usize>() + self.full.len()
    }

    /// One roll earlier: from `e` (a row per multiset: the value of having
    /// locked it before a roll) to `out` (the same one roll before), using
    /// `g` as two levels' working rows.
    pub(super) fn step<F: Real>(&self, e: &[F], out: &mut [F], g: &mut [Vec<F>; 2], stride: usize) {
        // With every die locked nothing is rolled.
        let full = self.full.start * stride..self.full.end * stride;
        out[full.clone()].copy_from_slice(&e[full]);
        // The lanes in groups of WIDE chunks where they fill them (each
        // source address then serves several vectors), the whole cascade
        // of levels per group, so that the two levels' rows of one group
        // stay in the core's L2 cache.
        let chunks = stride / PAD;
        let mut j = 0;
        while j < chunks {
            if chunks - j >= WIDE {
                self.cascade::<F, { WIDE * PAD }>(e, out, g, stride, j * PAD);
                j += WIDE;
            } else {
                self.cascade::<F, PAD>(e, out, g, stride, j * PAD);
                j += 1;
            }
        }
    }

    /// Every level for the `W` lanes from lane `lanes`; `G` rows are `W` wide.
    fn cascade<F: Real, const W: usize>(
        &self,
        e: &[F],
        out: &mut [F],
        g: &mut [Vec<F>; 2],
        stride: usize,
        lanes: usize,
    ) {
        for buf in g.iter_mut() {
            buf.resize(self.widest * W, F::default());
        }
        let [a, b] = g;
        let (mut above, mut here) = (&mut *a, &mut *b);
        for (s, level) in self.levels.iter().enumerate().rev() {
            // The level just below everything locked reads `E` itself.
            let (src, pitch): (&[F], usize) =
                if s + 1 == self.levels.len() { (&e[lanes..], stride) } else { (above, W) };
            level.lanes::<F, W>(e, src, pitch, here, out, stride, lanes);
            std::mem::swap(&mut above, &mut here);
        }
    }
}

impl Level {
    /// Computes `G(L, ·)` for every `L` of this level and the `W` lanes from
    /// lane `lanes` into `here` (rows `W` wide), reading the level above
    /// from `above` (rows `pitch` apart), and `E'(L)` into `out`.
    #[allow(clippy::too_many_arguments)] // the kernel's operands, kept flat for speed
    fn lanes<F: Real, const W: usize>(
        &self,
        e: &[F],
        above: &[F],
        pitch: usize,
        here: &mut [F],
        out: &mut [F],
        stride: usize,
        lanes: usize,
    ) {
        let prob: Vec<F> = self.prob.iter().map(|&p| F::of(p)).collect();
        for (lp, (&l, blocks)) in self.keeps.iter().zip(&self.kid_block).enumerate() {
            let l = usize::from(l);
            let el: [F; W] = e[l * stride + lanes..][..W].try_into().expect("W lanes");
            let blocks: [usize; 6] = std::array::from_fn(|f| blocks[f] as usize * pitch);
            let mut acc = [F::default(); W];
            let (mut t, mut kid) = (0, 0);
            for &(faces, count) in &self.runs {
                let count = usize::from(count);
                let (ps, ks) = (&prob[t..t + count], &self.kids[kid..]);
                let h = &mut here[(lp * self.tails + t) * W..];
                match faces {
                    1 => run::<F, 1, W>(&el, &mut acc, above, h, ps, ks, &blocks, pitch),
                    2 => run::<F, 2, W>(&el, &mut acc, above, h, ps, ks, &blocks, pitch),
                    3 => run::<F, 3, W>(&el, &mut acc, above, h, ps, ks, &blocks, pitch),
                    4 => run::<F, 4, W>(&el, &mut acc, above, h, ps, ks, &blocks, pitch),
                    5 => run::<F, 5, W>(&el, &mut acc, above, h, ps, ks, &blocks, pitch),
                    _ => run::<F, 6, W>(&el, &mut acc, above, h, ps, ks, &blocks, pitch),
                }
                t += count;
                kid += count * usize::from(faces);
            }
            out[l * stride + lanes..][..W].copy_from_slice(&acc);
        }
    }
}

/// Chunks of lanes the kernel handles per source address.
const WIDE: usize = 4;

/// One run of `T`s with `N` distinct faces each, `C` chunks of lanes:
/// `G = max(E(L), G(L + f, T − f) for f in T)` into `here` (one row per
/// `T`), `acc += P(T) · G`.
#[inline(always)]
#[allow(clippy::too_many_arguments)] // the kernel's operands, kept flat for speed
fn run<F: Real, const N: usize, const W: usize>(
    el: &[F; W],
    acc: &mut [F; W],
    above: &[F],
    here: &mut [F],
    prob: &[F],
    kids: &[(u8, u16)],
    blocks: &[usize; 6],
    pitch: usize,
) {
    for (i, &p) in prob.iter().enumerate() {
        let mut v = *el;
        for &(f, rest) in &kids[i * N..(i + 1) * N] {
            let src: &[F; W] =
                above[blocks[usize::from(f)] + usize::from(rest) * pitch..][..W].try_into().expect("W lanes");
            for q in 0..W {
                v[q] = fmax(v[q], src[q]);
            }
        }
        here[i * W..][..W].copy_from_slice(&v);
        for q in 0..W {
            acc[q] += p * v[q];
        }
    }
}

/// Number of different faces in `c`.
fn distinct(c: &Counts) -> usize {
    c.iter().filter(|&&x| x > 0).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The step against its definition, `E'(L) = Σ_T P(T) max_{S ⊆ T} E(L + S)`,
    /// on every dice count and pseudo-random values in every lane.
    #[test]
    fn step_matches_definition() {
        for n in 1..=6 {
            let ms = Multisets::new(n);
            let lat = LockedLattice::new(&ms);
            let stride = 2 * PAD;
            let mut seed = 12345u64 + n as u64;
            let e: Vec<f64> = (0..ms.len() * stride)
                .map(|_| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    (seed >> 40) as f64 / 1e3
                })
                .collect();
            let mut out = vec![0.0; e.len()];
            lat.step(&e, &mut out, &mut [vec![], vec![]], stride);
            for l in 0..ms.len() {
                let lc = ms.counts(l);
                let free = n - ms.size(l);
                for lane in 0..stride {
                    let mut want = 0.0;
                    for t in ms.of_size(free) {
                        let tc = ms.counts(t);
                        let best = ms
                            .subsets(tc)
                            .into_iter()
                            .map(|s| {
                                let sc = ms.counts(s);
                                let both: Counts = std::array::from_fn(|f| lc[f] + sc[f]);
                                e[ms.index(&both).unwrap() * stride + lane]
                            })
                            .fold(f64::NEG_INFINITY, f64::max);
                        want += ms.prob(t) * best;
                    }
                    let got = out[l * stride + lane];
                    assert!((got - want).abs() < 1e-9, "n {n} L {lc:?} lane {lane}: {got} vs {want}");
                }
            }
        }
    }
}
