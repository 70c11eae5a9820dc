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
//! Why this order (measured on Six Hundred, 64 lanes of f32): a walk per
//! full roll `D = L + T` touched the 924-row arrays `E` and `E'` at
//! scattered rows for every pair and spent most of its time waiting for
//! them. Here `E(L)` and the sum `E'(L)` stay in registers while `T` runs
//! over a level. But whole levels are too large for the core's L2 cache
//! (the two middle ones, 3,136 and 2,646 rows of 256 bytes, take 1.4 MiB),
//! and the level above was read from L3. The pairs of one full roll only
//! ever read pairs of the same full roll, so the full rolls are cut into
//! *tiles* (consecutive in multiset order, where neighbours share most
//! sub-multisets), and the cascade of levels runs tile by tile, each level
//! of a tile at most [`TILE_ROWS`] rows: `E(L)` is then loaded once per
//! tile that holds `L`, `E'(L)` summed over the tiles, and the rows the
//! kernel reads stay in L2 (13% faster than whole levels). Within a level
//! of a tile the `T` of one `L` are ordered by their number of distinct
//! faces, so the inner loop runs in at most six runs of a fixed number of
//! sources.
//!
//! The first roll has nothing locked: its value per full roll is the best
//! `E(L)` over `L ⊆ D`, the same "best sub-multiset" pass as the Yahtzee rule
//! ([`super::reroll::best_keeps`]).

use super::rows::{fmax, Real, PAD};
use crate::dice::{Counts, Multisets};

/// The pairs (L, T) with `|L| = s` whose full roll `L + T` is in one tile.
#[derive(Default)]
struct Level {
    /// Per locked multiset `L` with pairs here: (L, number of its runs).
    keeps: Vec<(u16, u16)>,
    /// Per run, `L` by `L`: (distinct faces of its `T`s, number of `T`s).
    /// A run's `T`s are consecutive rows.
    runs: Vec<(u8, u16)>,
    /// Per pair (row): P(the free dice show `T`).
    prob: Vec<f64>,
    /// Per pair, one entry per distinct face `f` of `T`: the row of
    /// `G(L + f, T − f)` in the level above (for `s = n − 1`, the multiset
    /// `L + f`, a row of `E`).
    kids: Vec<u16>,
    /// Number of pairs.
    rows: usize,
}

/// The pairs of a group of full rolls, level by level (`levels[s]`).
struct Tile {
    levels: Vec<Level>,
}

/// Index lists of the step: the full rolls in tiles, each tile's pairs
/// per level.
pub(super) struct LockedLattice {
    tiles: Vec<Tile>,
    /// Sizes `0..n` (where `E'` accumulates over the tiles).
    partial: std::ops::Range<usize>,
    /// The multisets of size `n` (where `E' = E`).
    full: std::ops::Range<usize>,
    /// Most rows of one level of one tile.
    widest: usize,
}

/// Most pairs of one level of one tile: with 64 lanes of f32 (256 bytes a
/// row), two levels in 450 KiB, which leaves room in a 1 MiB L2 cache for
/// the rows of `E` and `E'` that the tile reads and accumulates.
const TILE_ROWS: usize = 900;

impl LockedLattice {
    pub(super) fn new(ms: &Multisets) -> LockedLattice {
        let n = ms.dice();
        let len = ms.len();
        // Full rolls into tiles, in multiset order (rolls next to each other
        // share many sub-multisets), while every level stays within TILE_ROWS.
        let subsets_by_size = |d: usize| -> Vec<usize> {
            let mut per = vec![0; n + 1];
            for l in ms.subsets(ms.counts(d)) {
                per[ms.size(l)] += 1;
            }
            per
        };
        let mut groups: Vec<Vec<usize>> = vec![];
        let mut load = vec![0; n + 1];
        for d in ms.of_size(n) {
            let per = subsets_by_size(d);
            if groups.is_empty() || (0..n).any(|s| load[s] + per[s] > TILE_ROWS) {
                groups.push(vec![]);
                load.iter_mut().for_each(|x| *x = 0);
            }
            groups.last_mut().expect("a group").push(d);
            (0..=n).for_each(|s| load[s] += per[s]);
        }
        let mut tiles = vec![];
        for group in &groups {
            // The tile's pairs per level, as (L, T, the roll's place in the
            // tile): each full roll's sub-multisets, in the order the kernel
            // runs them (by L, then T's distinct faces, then T).
            let mut pairs: Vec<Vec<(usize, usize, usize)>> = vec![vec![]; n];
            for (place, &d) in group.iter().enumerate() {
                let dc = ms.counts(d);
                for l in ms.subsets(dc).into_iter().filter(|&l| ms.size(l) < n) {
                    let lc = ms.counts(l);
                    let t: Counts = std::array::from_fn(|f| dc[f] - lc[f]);
                    pairs[ms.size(l)].push((l, ms.index(&t).expect("a sub-multiset"), place));
                }
            }
            // Row of the pair (L, D − L) in its level, by (place of D, L).
            let mut row = vec![u16::MAX; group.len() * len];
            let mut levels: Vec<Level> = (0..n).map(|_| Level::default()).collect();
            for s in (0..n).rev() {
                let mut level = Level::default();
                let list = &mut pairs[s];
                // Keys are unique (L and T fix the pair), so any sort gives
                // this order; the key's face count computed once per pair.
                list.sort_by_cached_key(|&(l, t, _)| (l, distinct(ms.counts(t)), t));
                let mut first_run = 0;
                for (i, &(l, t, place)) in list.iter().enumerate() {
                    if i == 0 || list[i - 1].0 != l {
                        if i > 0 {
                            let runs = u16::try_from(level.runs.len() - first_run).expect("few runs");
                            level.keeps.push((u16::try_from(list[i - 1].0).expect("few multisets"), runs));
                        }
                        first_run = level.runs.len();
                    }
                    // Runs of equal distinct faces: a fixed number of
                    // sources in the inner loop.
                    let c = ms.counts(t);
                    let k = u8::try_from(distinct(c)).expect("at most six faces");
                    let same = level.runs.len() > first_run && level.runs.last().is_some_and(|r| r.0 == k);
                    match level.runs.last_mut() {
                        Some(r) if same => r.1 += 1,
                        _ => level.runs.push((k, 1)),
                    }
                    row[place * len + l] = u16::try_from(level.rows).expect("few rows a level");
                    level.rows += 1;
                    level.prob.push(ms.prob(t));
                    for f in (0..6).filter(|&f| c[f] > 0) {
                        let up = usize::from(ms.add(l)[f]);
                        let kid = if s + 1 == n { up } else { usize::from(row[place * len + up]) };
                        level.kids.push(u16::try_from(kid).expect("few rows a level"));
                    }
                }
                if let Some(&(l, _, _)) = list.last() {
                    let runs = u16::try_from(level.runs.len() - first_run).expect("few runs");
                    level.keeps.push((u16::try_from(l).expect("few multisets"), runs));
                }
                levels[s] = level;
            }
            tiles.push(Tile { levels });
        }
        let widest = tiles.iter().flat_map(|t| t.levels.iter().map(|l| l.rows)).max().unwrap_or(0);
        LockedLattice { tiles, partial: 0..ms.of_size(n).start, full: ms.of_size(n), widest }
    }

    /// One roll earlier: from `e` (a row per multiset: the value of having
    /// locked it before a roll) to `out` (the same one roll before), using
    /// `g` as two levels' working rows.
    pub(super) fn step<F: Real>(&self, e: &[F], out: &mut [F], g: &mut [Vec<F>; 2], stride: usize) {
        // With every die locked nothing is rolled.
        let full = self.full.start * stride..self.full.end * stride;
        out[full.clone()].copy_from_slice(&e[full]);
        out[self.partial.start * stride..self.partial.end * stride].fill(F::default());
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

    /// Every tile's levels for the `W` lanes from lane `lanes`; `G` rows
    /// are `W` wide.
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
        for tile in &self.tiles {
            let (mut above, mut here) = (&mut *a, &mut *b);
            for (s, level) in tile.levels.iter().enumerate().rev() {
                // The level just below everything locked reads `E` itself.
                let (src, pitch): (&[F], usize) =
                    if s + 1 == tile.levels.len() { (&e[lanes..], stride) } else { (above, W) };
                level.lanes::<F, W>(e, src, pitch, here, out, stride, lanes);
                std::mem::swap(&mut above, &mut here);
            }
        }
    }
}

impl Level {
    /// Computes `G(L, ·)` for every pair of this level and the `W` lanes
    /// from lane `lanes` into `here` (rows `W` wide), reading the level
    /// above from `above` (rows `pitch` apart), and adds each `L`'s share
    /// of `E'(L)` into `out`.
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
        let (mut run, mut pair, mut kid) = (0, 0, 0);
        for &(l, runs) in &self.keeps {
            let l = usize::from(l);
            let el: [F; W] = e[l * stride + lanes..][..W].try_into().expect("W lanes");
            let mut acc = [F::default(); W];
            for &(faces, count) in &self.runs[run..run + usize::from(runs)] {
                let count = usize::from(count);
                let (ps, ks) = (&self.prob[pair..pair + count], &self.kids[kid..]);
                let h = &mut here[pair * W..];
                match faces {
                    1 => run_of::<F, 1, W>(&el, &mut acc, above, h, ps, ks, pitch),
                    2 => run_of::<F, 2, W>(&el, &mut acc, above, h, ps, ks, pitch),
                    3 => run_of::<F, 3, W>(&el, &mut acc, above, h, ps, ks, pitch),
                    4 => run_of::<F, 4, W>(&el, &mut acc, above, h, ps, ks, pitch),
                    5 => run_of::<F, 5, W>(&el, &mut acc, above, h, ps, ks, pitch),
                    _ => run_of::<F, 6, W>(&el, &mut acc, above, h, ps, ks, pitch),
                }
                pair += count;
                kid += count * usize::from(faces);
            }
            run += usize::from(runs);
            let o: &mut [F; W] = (&mut out[l * stride + lanes..][..W]).try_into().expect("W lanes");
            for q in 0..W {
                o[q] += acc[q];
            }
        }
    }
}

/// Chunks of lanes the kernel handles per source address.
const WIDE: usize = 4;

/// One run of `T`s with `N` distinct faces each, `W` lanes:
/// `G = max(E(L), G(L + f, T − f) for f in T)` into `here` (one row per
/// `T`), `acc += P(T) · G`.
#[inline(always)]
fn run_of<F: Real, const N: usize, const W: usize>(
    el: &[F; W],
    acc: &mut [F; W],
    above: &[F],
    here: &mut [F],
    prob: &[f64],
    kids: &[u16],
    pitch: usize,
) {
    for ((i, &p), ks) in prob.iter().enumerate().zip(kids.chunks_exact(N)) {
        let mut v = *el;
        for &k in ks {
            let src: &[F; W] = above[usize::from(k) * pitch..][..W].try_into().expect("W lanes");
            for q in 0..W {
                v[q] = fmax(v[q], src[q]);
            }
        }
        here[i * W..][..W].copy_from_slice(&v);
        let p = F::of(p);
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
