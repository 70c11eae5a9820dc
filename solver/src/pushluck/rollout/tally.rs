//! What a run of rollouts counted, and the 95% intervals it gives.
//!
//! Every rollout plays each alternative once on the same dice (the same
//! generator seed), so the difference between two alternatives is
//! estimated from paired outcomes: its variance is that of `X_j - X_k`
//! per rollout, which common dice make much smaller than the sum of the
//! two variances wherever the alternatives' games run alike.

use crate::interval::wilson;
use crate::report::Interval;

/// 1.96: the two-sided 95% point of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Counts over `m` alternatives and `n` seats.
#[derive(Debug, Clone, PartialEq, Eq)]
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
}

/// An estimate and its 95% interval.
pub(crate) type Estimate = (f64, [f64; 2]);

/// An estimate as the reports give it.
pub(crate) fn interval((estimate, [low, high]): Estimate) -> Interval {
    Interval { estimate, low, high }
}

impl Tally {
    pub(crate) fn new(m: usize, n: usize) -> Tally {
        Tally { m, n, rollouts: 0, seats: vec![0; m * n], beat: vec![0; m * m], unfinished: 0 }
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

    /// The asker's (seat 0's) chance after alternative `j`.
    pub(crate) fn chance(&self, j: usize) -> Estimate {
        self.seat(j, 0)
    }

    /// The asker's chance after `j` minus after `k`, with its interval
    /// from the paired outcomes (normal approximation: the difference of
    /// two shares of the same rollouts).
    #[allow(clippy::cast_precision_loss)]
    pub(crate) fn difference(&self, j: usize, k: usize) -> Estimate {
        let n = self.rollouts as f64;
        let (up, down) = (self.beat[j * self.m + k] as f64, self.beat[k * self.m + j] as f64);
        let mean = (up - down) / n;
        // Per rollout the difference is +1, -1 or 0.
        let var = ((up + down) / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
        let half = Z95 * (var / n).sqrt();
        (mean, [mean - half, mean + half])
    }
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
