//! The exact distribution of a final score (score-sheet games, the player
//! playing for the best expected score from the position on).

use serde::{Deserialize, Serialize};

/// The distribution of the final score from one position: computed over
/// every reachable state, not simulated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScoreDistribution {
    /// The mean final score (the expected-score value of the position).
    pub mean: f64,
    /// The standard deviation of the final score.
    pub sd: f64,
    /// The lowest and the highest final score with a chance above 0.
    pub lowest: u32,
    pub highest: u32,
    /// For each share `q`, the lowest final score `s` with P(final ≤ s) ≥ q.
    pub quantiles: Vec<Quantile>,
    /// `at_least[i]`: P(final ≥ lowest + i), for every score from `lowest`
    /// (1) to `highest`.
    pub at_least: Vec<f64>,
}

/// One quantile of a [`ScoreDistribution`].
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Quantile {
    pub share: f64,
    pub score: u32,
}

impl ScoreDistribution {
    /// P(final ≥ `score`), for any score.
    #[must_use]
    pub fn chance_at_least(&self, score: u32) -> f64 {
        if score <= self.lowest {
            1.0
        } else {
            self.at_least.get((score - self.lowest) as usize).copied().unwrap_or(0.0)
        }
    }

    /// P(final = `score`).
    #[must_use]
    pub fn chance_of(&self, score: u32) -> f64 {
        if score < self.lowest {
            return 0.0;
        }
        (self.chance_at_least(score) - self.chance_at_least(score + 1)).max(0.0)
    }
}

/// The facts of a distribution table: how much it holds, how it is
/// stored, and the distribution from the empty sheet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DistributionFacts {
    /// Chances stored: per state, one per score in its band.
    pub entries: u64,
    /// The widest band (scores of one state).
    pub widest_band: u32,
    /// How the chances are stored (`f32`).
    pub stored: String,
    /// The largest difference between a stored chance and the solve's f64.
    pub largest_rounding: f64,
    /// From the empty sheet, from the solve's f64.
    pub start: ScoreDistribution,
}
