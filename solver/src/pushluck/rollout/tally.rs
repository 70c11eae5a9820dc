//! What a run of rollouts counted, and the 95% intervals it gives.
//!
//! Every rollout plays each alternative once on the same dice (the same
//! generator seed), so the difference between two alternatives is
//! estimated from paired outcomes: its variance is that of `X_j - X_k`
//! per rollout, which common dice make much smaller than the sum of the
//! two variances wherever the alternatives' games run alike.
//!
//! ## Luck as a control variate
//! Each rollout also sums, after each alternative, each seat's luck by the
//! pair table over the rollout (see `SeatPolicy::play_out_luck`): `n`
//! numbers of known mean 0 an alternative. A seat's win `X` is regressed on
//! them, and its chance estimated as `mean(X) - β·mean(L)` with the
//! variance left after the regression: measured from the start of Farkle
//! to 10,000 (40,000 rollouts), the lucks explained 59% of the variance
//! with four players and 54% with six (seat 0's luck alone 43% and 45%),
//! so an interval as narrow takes about 2.4 times fewer rollouts. An
//! alternative's chance is controlled by its own lucks, and the paired
//! difference of two by both's (`2n` controls): at 20 drawn mid-game rolls
//! of four players to 10,000 (4,000 rollouts each) they left 0.69 of a
//! chance's variance and 0.74 of the best two's difference's (the asker's
//! own lucks alone 0.79 and 0.82). Below [`CONTROLLED_FROM`] rollouts the
//! regression is too loose to trust and the plain intervals are given.

use crate::interval::wilson;
use crate::report::Interval;

/// 1.96: the two-sided 95% point of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// The fewest rollouts whose chances are controlled by luck.
pub(crate) const CONTROLLED_FROM: u64 = 1_000;

/// Sums of the seats' lucks over a run: control `c = j * n + s` is seat
/// `s`'s luck after alternative `j` (`mn` of them); `l[c]`, `ll[c * mn +
/// d]`, and `xl[r * mn + c]` (outcome `r = j * n + s`: seat `s` won after
/// alternative `j`, times control `c`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Luck {
    l: Vec<f64>,
    ll: Vec<f64>,
    xl: Vec<f64>,
}

/// Counts over `m` alternatives and `n` seats.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Tally {
    m: usize,
    n: usize,
    pub(crate) rollouts: u64,
    /// `seats[j * n + s]`: rollouts of alternative `j` that seat `s` won.
    seats: Vec<u64>,
    /// `beat[j * m + k]`: rollouts where the asker won after `j` and lost
    /// after `k`.
    beat: Vec<u64>,
    /// Games stopped unfinished (counted as won by nobody).
    pub(crate) unfinished: u64,
    /// The lucks' sums, where the rollouts summed them.
    luck: Option<Luck>,
}

/// An estimate and its 95% interval.
pub(crate) type Estimate = (f64, [f64; 2]);

/// An estimate as the reports give it.
pub(crate) fn interval((estimate, [low, high]): Estimate) -> Interval {
    Interval { estimate, low, high }
}

impl Tally {
    /// Counts without lucks.
    pub(crate) fn new(m: usize, n: usize) -> Tally {
        Tally { m, n, rollouts: 0, seats: vec![0; m * n], beat: vec![0; m * m], unfinished: 0, luck: None }
    }

    /// Counts with the lucks' sums ([`Self::add_lucky`]).
    pub(crate) fn with_luck(m: usize, n: usize) -> Tally {
        let mn = m * n;
        let luck = Some(Luck { l: vec![0.0; mn], ll: vec![0.0; mn * mn], xl: vec![0.0; mn * mn] });
        Tally { luck, ..Tally::new(m, n) }
    }

    /// Counts one rollout with the seats' lucks after each alternative
    /// (`luck[j * n + s]`).
    pub(crate) fn add_lucky(&mut self, winners: &[Option<usize>], luck: &[f64]) {
        self.add(winners);
        let (n, mn) = (self.n, self.m * self.n);
        let Some(sums) = self.luck.as_mut() else { return };
        for (c, &x) in luck.iter().enumerate() {
            sums.l[c] += x;
            for (s, &y) in sums.ll[c * mn..(c + 1) * mn].iter_mut().zip(luck) {
                *s += x * y;
            }
        }
        for (j, w) in winners.iter().enumerate() {
            if let Some(s) = w {
                let r = j * n + s;
                for (s, &x) in sums.xl[r * mn..(r + 1) * mn].iter_mut().zip(luck) {
                    *s += x;
                }
            }
        }
    }

    /// The regression of an outcome on the controls `active` (those that
    /// vary): `with_x[c]` is `sum(X L_c) / R`, `mean` the outcome's mean.
    /// Returns the controlled estimate and the variance it leaves per
    /// rollout, or `None` where the lucks cannot be used.
    #[allow(clippy::cast_precision_loss)]
    fn regress(&self, controls: &[usize], with_x: impl Fn(usize) -> f64, mean: f64, var: f64) -> Option<(f64, f64)> {
        let sums = self.luck.as_ref().filter(|_| self.rollouts >= CONTROLLED_FROM)?;
        let (mn, big) = (self.m * self.n, self.rollouts as f64);
        let mu = |c: usize| sums.l[c] / big;
        // Only the lucks that vary (a seat that never played a pair turn
        // has none).
        let active: Vec<usize> =
            controls.iter().copied().filter(|&c| sums.ll[c * mn + c] / big - mu(c) * mu(c) > 1e-12).collect();
        if active.is_empty() {
            return None;
        }
        let cov: Vec<Vec<f64>> = active
            .iter()
            .map(|&c| active.iter().map(|&d| sums.ll[c * mn + d] / big - mu(c) * mu(d)).collect())
            .collect();
        let with_x: Vec<f64> = active.iter().map(|&c| with_x(c) - mean * mu(c)).collect();
        let beta = solve(cov, with_x.clone())?;
        let estimate = mean - beta.iter().zip(&active).map(|(b, &c)| b * mu(c)).sum::<f64>();
        let explained: f64 = beta.iter().zip(&with_x).map(|(b, c)| b * c).sum();
        let dof = (big - active.len() as f64 - 1.0).max(1.0);
        Some((estimate, (var - explained).max(0.0) * big / dof))
    }

    /// The controls of alternative `j`: every seat's luck after it.
    fn controls_of(&self, j: usize) -> std::ops::Range<usize> {
        j * self.n..(j + 1) * self.n
    }

    /// Seat `s`'s chance after alternative `j`, controlled by the seats'
    /// lucks after it (see the module docs), with its 95% interval; the
    /// plain [`Self::seat`] below [`CONTROLLED_FROM`] rollouts or without
    /// lucks.
    #[allow(clippy::cast_precision_loss)]
    pub(crate) fn seat_controlled(&self, j: usize, s: usize) -> Estimate {
        let plain = self.seat(j, s);
        let p = plain.0;
        let (mn, big) = (self.m * self.n, self.rollouts as f64);
        let controls: Vec<usize> = self.controls_of(j).collect();
        let r = j * self.n + s;
        let row = |c: usize| self.luck.as_ref().map_or(0.0, |l| l.xl[r * mn + c] / big);
        let Some((estimate, left)) = self.regress(&controls, row, p, p * (1.0 - p)) else { return plain };
        let half = Z95 * (left / big).sqrt();
        (estimate.clamp(0.0, 1.0), [(estimate - half).max(0.0), (estimate + half).min(1.0)])
    }

    /// Counts one rollout: the winning seat after each alternative.
    pub(crate) fn add(&mut self, winners: &[Option<usize>]) {
        debug_assert_eq!(winners.len(), self.m);
        self.rollouts += 1;
        for (j, w) in winners.iter().enumerate() {
            match w {
                Some(s) => self.seats[j * self.n + s] += 1,
                None => self.unfinished += 1,
            }
        }
        for (j, wj) in winners.iter().enumerate() {
            if *wj != Some(0) {
                continue;
            }
            for (k, wk) in winners.iter().enumerate() {
                if *wk != Some(0) {
                    self.beat[j * self.m + k] += 1;
                }
            }
        }
    }

    /// Adds another run's counts (of the same alternatives and seats).
    pub(crate) fn merge(mut self, other: &Tally) -> Tally {
        if self.luck.is_none() {
            self.luck = other.luck.as_ref().map(|b| Luck {
                l: vec![0.0; b.l.len()],
                ll: vec![0.0; b.ll.len()],
                xl: vec![0.0; b.xl.len()],
            });
        }
        if let (Some(a), Some(b)) = (self.luck.as_mut(), other.luck.as_ref()) {
            for (x, y) in
                a.l.iter_mut().chain(a.ll.iter_mut()).chain(a.xl.iter_mut()).zip(b.l.iter().chain(&b.ll).chain(&b.xl))
            {
                *x += y;
            }
        }
        self.rollouts += other.rollouts;
        self.unfinished += other.unfinished;
        for (a, b) in self.seats.iter_mut().zip(&other.seats) {
            *a += b;
        }
        for (a, b) in self.beat.iter_mut().zip(&other.beat) {
            *a += b;
        }
        self
    }

    /// Seat `s`'s chance after alternative `j`, with its Wilson interval.
    #[allow(clippy::cast_precision_loss)]
    pub(crate) fn seat(&self, j: usize, s: usize) -> Estimate {
        let k = self.seats[j * self.n + s];
        (k as f64 / self.rollouts as f64, wilson(k, self.rollouts))
    }

    /// The asker's (seat 0's) chance after alternative `j`, controlled by
    /// the lucks from [`CONTROLLED_FROM`] rollouts.
    pub(crate) fn chance(&self, j: usize) -> Estimate {
        self.seat_controlled(j, 0)
    }

    /// The asker's chance after `j` minus after `k`, with its interval
    /// from the paired outcomes (normal approximation: the difference of
    /// two shares of the same rollouts), controlled by the lucks after
    /// both from [`CONTROLLED_FROM`] rollouts.
    #[allow(clippy::cast_precision_loss)]
    pub(crate) fn difference(&self, j: usize, k: usize) -> Estimate {
        let n = self.rollouts as f64;
        let (up, down) = (self.beat[j * self.m + k] as f64, self.beat[k * self.m + j] as f64);
        let mean = (up - down) / n;
        // Per rollout the difference is +1, -1 or 0.
        let var = ((up + down) / n - mean * mean).max(0.0);
        let controls: Vec<usize> = self.controls_of(j).chain(self.controls_of(k)).collect();
        let mn = self.m * self.n;
        let (rj, rk) = (j * self.n, k * self.n);
        let row = |c: usize| self.luck.as_ref().map_or(0.0, |l| (l.xl[rj * mn + c] - l.xl[rk * mn + c]) / n);
        let (mean, var) = if j == k {
            (mean, var)
        } else {
            self.regress(&controls, row, mean, var).unwrap_or((mean, var * n / (n - 1.0).max(1.0)))
        };
        let half = Z95 * (var / n).sqrt();
        (mean, [mean - half, mean + half])
    }
}

/// `x` with `a x = b` by Gaussian elimination with partial pivoting;
/// `None` when `a` is (nearly) singular or the answer is not finite.
pub(crate) fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let m = b.len();
    for c in 0..m {
        let p = (c..m).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))?;
        if a[p][c].abs() < 1e-15 {
            return None;
        }
        a.swap(c, p);
        b.swap(c, p);
        for r in c + 1..m {
            let f = a[r][c] / a[c][c];
            let (above, below) = a.split_at_mut(r);
            for (x, y) in below[0][c..].iter_mut().zip(&above[c][c..]) {
                *x -= f * y;
            }
            b[r] -= f * b[c];
        }
    }
    let mut x = vec![0.0; m];
    for c in (0..m).rev() {
        let s: f64 = (c + 1..m).map(|k| a[c][k] * x[k]).sum();
        x[c] = (b[c] - s) / a[c][c];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paired_differences_count_only_the_rollouts_that_differ() {
        let mut t = Tally::new(2, 2);
        // 60 rollouts both win, 30 both lose, 10 only the first wins.
        for _ in 0..60 {
            t.add(&[Some(0), Some(0)]);
        }
        for _ in 0..30 {
            t.add(&[Some(1), Some(1)]);
        }
        for _ in 0..10 {
            t.add(&[Some(0), Some(1)]);
        }
        assert_eq!(t.chance(0).0, 0.7);
        assert_eq!(t.chance(1).0, 0.6);
        let (d, [lo, hi]) = t.difference(0, 1);
        assert!((d - 0.1).abs() < 1e-12);
        // Var per rollout 0.1 - 0.01 = 0.09 (times 100/99), over 100.
        let half = Z95 * (0.09 * 100.0 / 99.0 / 100.0_f64).sqrt();
        assert!((hi - lo - 2.0 * half).abs() < 1e-12, "{lo} {hi}");
        assert!(lo > 0.0, "ten rollouts apart and none the other way are separated");
        let (back, _) = t.difference(1, 0);
        assert!((back + 0.1).abs() < 1e-12);
        // Merging two halves gives the whole.
        let half_a = {
            let mut a = Tally::new(2, 2);
            a.add(&[Some(0), Some(1)]);
            a
        };
        let merged = Tally::new(2, 2).merge(&half_a).merge(&half_a);
        assert_eq!(merged.rollouts, 2);
        assert_eq!(merged.difference(0, 1).0, 1.0);
    }
}
