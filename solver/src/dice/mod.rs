//! Dice as canonical multisets.
//!
//! Every solver in sixdice reasons about *which faces* show, never about which
//! physical die shows them, so a roll of `k` dice is a multiset: a count for
//! each face 1..=6. [`Multisets`] enumerates all multisets of size `0..=n` once
//! and gives each a dense index (ordered by size, then lexicographically by
//! counts), so that solver state can live in flat arrays.
//!
//! For six dice there are 924 multisets of size 0..=6 (462 of size 6); for
//! five dice 462 (252 of size 5). The same index serves for "rolls" (size `n`)
//! and for "keeps" (any size): a keep plus one more die is again a multiset,
//! and [`Multisets::add`] is that edge of the *keep lattice*. Because dice are
//! independent, the value of keeping `K` and rolling the rest is the average
//! over one more die: `E(K) = 1/6 * sum_f E(K + f)`, built up from full rolls
//! (the first test below walks through it).

pub(crate) mod parse;

pub(crate) use parse::{parse_dice, DiceError};

/// Number of faces on a die.
pub(crate) const FACES: usize = 6;

/// Face counts: `counts[f]` is how many dice show face `f + 1`.
pub type Counts = [u8; FACES];

/// `onto` with `n` more dice rolled at random (simulations).
pub(crate) fn roll_onto(rng: &mut impl rand::Rng, n: usize, onto: &Counts) -> Counts {
    let mut c = *onto;
    for _ in 0..n {
        c[rng.gen_range(0..FACES)] += 1;
    }
    c
}

/// Marker for "no such multiset" in [`Multisets::add`] / [`Multisets::remove`].
pub(crate) const NONE: u16 = u16::MAX;

/// All multisets of `0..=n` dice with dense indices and their lattice edges.
#[derive(Debug, Clone)]
pub(crate) struct Multisets {
    n: usize,
    counts: Vec<Counts>,
    /// `size_start[k]..size_start[k+1]` are the indices of size-`k` multisets.
    size_start: Vec<usize>,
    add: Vec<[u16; FACES]>,
    remove: Vec<[u16; FACES]>,
    prob: Vec<f64>,
    /// Lookup from a base-(n+1) encoding of counts to the dense index.
    lookup: Vec<u16>,
}

fn encode(c: &Counts, base: usize) -> usize {
    c.iter().fold(0usize, |acc, &x| acc * base + x as usize)
}

fn factorial(k: usize) -> f64 {
    (1..=k).map(|x| x as f64).product()
}

impl Multisets {
    /// The multisets of `0..=n` dice, built once per process (questions
    /// answered in a fraction of a millisecond would otherwise spend a
    /// tenth of it enumerating them again). `n` must be 1..=6.
    pub(crate) fn shared(n: usize) -> &'static Multisets {
        static SHARED: [std::sync::OnceLock<Multisets>; 6] = [const { std::sync::OnceLock::new() }; 6];
        SHARED[n - 1].get_or_init(|| Multisets::new(n))
    }

    /// Enumerates every multiset of `0..=n` dice. `n` must be 1..=6.
    pub(crate) fn new(n: usize) -> Self {
        assert!((1..=6).contains(&n), "dice count must be 1..=6");
        let base = n + 1;
        let mut counts = Vec::new();
        let mut size_start = Vec::with_capacity(n + 2);
        for k in 0..=n {
            size_start.push(counts.len());
            // Lexicographic order over counts (face 1 count first, descending).
            let mut c = [0u8; FACES];
            fn rec(f: usize, left: u8, c: &mut Counts, out: &mut Vec<Counts>) {
                if f == FACES - 1 {
                    c[f] = left;
                    out.push(*c);
                    return;
                }
                for x in (0..=left).rev() {
                    c[f] = x;
                    rec(f + 1, left - x, c, out);
                }
            }
            rec(0, k as u8, &mut c, &mut counts);
        }
        size_start.push(counts.len());
        let mut lookup = vec![NONE; base.pow(FACES as u32)];
        for (i, c) in counts.iter().enumerate() {
            lookup[encode(c, base)] = i as u16;
        }
        let find = |c: &Counts| -> u16 {
            if c.iter().map(|&x| x as usize).sum::<usize>() > n {
                NONE
            } else {
                lookup[encode(c, base)]
            }
        };
        let mut add = Vec::with_capacity(counts.len());
        let mut remove = Vec::with_capacity(counts.len());
        let mut prob = Vec::with_capacity(counts.len());
        for c in &counts {
            let mut a = [NONE; FACES];
            let mut r = [NONE; FACES];
            for f in 0..FACES {
                let mut d = *c;
                d[f] += 1;
                a[f] = find(&d);
                if c[f] > 0 {
                    let mut d = *c;
                    d[f] -= 1;
                    r[f] = find(&d);
                }
            }
            add.push(a);
            remove.push(r);
            let k: usize = c.iter().map(|&x| x as usize).sum();
            let ways = factorial(k) / c.iter().map(|&x| factorial(x as usize)).product::<f64>();
            prob.push(ways / 6f64.powi(k as i32));
        }
        Multisets { n, counts, size_start, add, remove, prob, lookup }
    }

    /// Largest multiset size (the number of dice).
    pub(crate) fn dice(&self) -> usize {
        self.n
    }
    /// Total number of multisets of size `0..=n`.
    pub(crate) fn len(&self) -> usize {
        self.counts.len()
    }
    /// Dense index range of multisets of exactly `k` dice.
    pub(crate) fn of_size(&self, k: usize) -> std::ops::Range<usize> {
        self.size_start[k]..self.size_start[k + 1]
    }
    /// Dense index range of full rolls (size `n`).
    pub(crate) fn rolls(&self) -> std::ops::Range<usize> {
        self.of_size(self.n)
    }
    pub(crate) fn counts(&self, i: usize) -> &Counts {
        &self.counts[i]
    }
    /// Index of `i` plus one die showing face `f` (0-based), or [`NONE`] at size `n`.
    pub(crate) fn add(&self, i: usize) -> &[u16; FACES] {
        &self.add[i]
    }
    /// Index of `i` minus one die showing face `f`, or [`NONE`] if it has none.
    pub(crate) fn remove(&self, i: usize) -> &[u16; FACES] {
        &self.remove[i]
    }
    /// Probability that `size(i)` fair dice show exactly multiset `i`.
    pub(crate) fn prob(&self, i: usize) -> f64 {
        self.prob[i]
    }
    /// Number of dice in multiset `i`.
    pub(crate) fn size(&self, i: usize) -> usize {
        self.counts[i].iter().map(|&x| x as usize).sum()
    }
    /// Dense index of a multiset, or `None` if it has more than `n` dice.
    pub(crate) fn index(&self, c: &Counts) -> Option<usize> {
        if c.iter().map(|&x| x as usize).sum::<usize>() > self.n {
            return None;
        }
        Some(self.lookup[encode(c, self.n + 1)] as usize)
    }
    /// The sub-multisets of `c` that keep every die of `kept` (Six
    /// Hundred's locks: what is locked stays locked), in [`Self::subsets`]
    /// order.
    pub(crate) fn subsets_keeping(&self, c: &Counts, kept: &Counts) -> impl Iterator<Item = usize> + '_ {
        let kept = *kept;
        self.subsets(c).into_iter().filter(move |&k| self.counts(k).iter().zip(&kept).all(|(a, b)| a >= b))
    }

    /// Every sub-multiset of `c` (including empty and `c` itself), as dense indices.
    pub(crate) fn subsets(&self, c: &Counts) -> Vec<usize> {
        let mut out = Vec::new();
        let mut k = [0u8; FACES];
        fn rec(f: usize, c: &Counts, k: &mut Counts, m: &Multisets, out: &mut Vec<usize>) {
            if f == FACES {
                out.push(m.index(k).expect("sub-multiset fits"));
                return;
            }
            for x in 0..=c[f] {
                k[f] = x;
                rec(f + 1, c, k, m, out);
            }
        }
        rec(0, c, &mut k, self, &mut out);
        out
    }
}

/// Sum of the pips of a multiset.
pub(crate) fn pip_sum(c: &Counts) -> u32 {
    c.iter().enumerate().map(|(f, &x)| (f as u32 + 1) * u32::from(x)).sum()
}

/// Number of dice in a multiset.
pub(crate) fn dice_count(c: &Counts) -> usize {
    c.iter().map(|&x| x as usize).sum()
}

/// Counts from a list of faces 1..=6 (panics on other faces; parse user input
/// with [`parse_dice`]).
pub(crate) fn counts_of(faces: &[u8]) -> Counts {
    let mut c = [0u8; FACES];
    for &f in faces {
        c[(f - 1) as usize] += 1;
    }
    c
}

/// The faces of a multiset in ascending order, e.g. `[1, 1, 5]`.
pub(crate) fn faces_of(c: &Counts) -> Vec<u8> {
    let mut v = Vec::new();
    for (f, &x) in c.iter().enumerate() {
        v.extend(std::iter::repeat_n(f as u8 + 1, x as usize));
    }
    v
}

/// Formats a multiset as `1,1,5` (or `-` for no dice).
pub(crate) fn format_dice(c: &Counts) -> String {
    let v = faces_of(c);
    if v.is_empty() {
        return "-".to_string();
    }
    v.iter().map(std::string::ToString::to_string).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {

    /// The index, the roll probabilities and the lattice, on one example.
    #[test]
    fn rolls_keeps_and_the_lattice() {
        let six = Multisets::new(6);
        assert_eq!(six.rolls().len(), 462);
        let roll = six.index(&parse_dice("1,1,2,3,5,5").unwrap()).unwrap();
        // 6! / (2! 2!) orders of these faces out of 6^6.
        assert!((six.prob(roll) - 180.0 / 46656.0).abs() < 1e-15);
        // Keeping 1,1 and adding a 5 is the keep 1,1,5.
        let keep = six.index(&parse_dice("1,1").unwrap()).unwrap();
        let plus_five = six.add(keep)[4] as usize;
        assert_eq!(six.counts(plus_five), &parse_dice("1,1,5").unwrap());
    }

    use super::*;

    fn binom(n: usize, k: usize) -> usize {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    #[test]
    fn sizes_match_stars_and_bars() {
        for n in 1..=6 {
            let m = Multisets::new(n);
            for k in 0..=n {
                assert_eq!(m.of_size(k).len(), binom(k + 5, 5));
            }
            assert_eq!(m.len(), binom(n + 6, 6));
        }
        assert_eq!(Multisets::new(6).rolls().len(), 462);
        assert_eq!(Multisets::new(6).len(), 924);
        assert_eq!(Multisets::new(5).rolls().len(), 252);
    }

    #[test]
    fn roll_probabilities_sum_to_one_and_match_enumeration() {
        let m = Multisets::new(4);
        let mut hits = vec![0usize; m.len()];
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                for c in 1..=6u8 {
                    for d in 1..=6u8 {
                        hits[m.index(&counts_of(&[a, b, c, d])).unwrap()] += 1;
                    }
                }
            }
        }
        for i in m.of_size(4) {
            assert!((m.prob(i) - hits[i] as f64 / 1296.0).abs() < 1e-15);
        }
        for k in 0..=4 {
            let total: f64 = m.of_size(k).map(|i| m.prob(i)).sum();
            assert!((total - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn lattice_edges_are_consistent() {
        let m = Multisets::new(6);
        for i in 0..m.len() {
            assert_eq!(m.index(m.counts(i)), Some(i));
            for f in 0..FACES {
                let a = m.add(i)[f];
                if m.size(i) == 6 {
                    assert_eq!(a, NONE);
                } else {
                    assert_eq!(m.remove(a as usize)[f] as usize, i);
                }
            }
        }
        let subs = m.subsets(&counts_of(&[1, 1, 2, 6]));
        assert_eq!(subs.len(), 3 * 2 * 2);
    }
}
