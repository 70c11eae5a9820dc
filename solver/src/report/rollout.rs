//! Estimates by rollouts: a position played out many times under a stated
//! policy for every seat, and what that gives with its 95% interval.

use serde::Serialize;

/// How an estimate was made.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RolloutSummary {
    /// Games played out per alternative (each alternative on the same dice).
    pub rollouts: u64,
    /// The dice's seed: the same seed and count give the same numbers.
    pub seed: u64,
    /// The policy every seat played from the position on, in words.
    pub policy: &'static str,
    /// Why the answer is an estimate (no exact table of this many players
    /// fits, or rollouts were asked for).
    pub reason: String,
    /// Advice: whether the best alternative is above the second by more
    /// than the 95% interval of their difference (absent with one
    /// alternative or none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub separated: Option<bool>,
    /// Wall time of the rollouts.
    pub seconds: f64,
}

/// An estimated chance and its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Interval {
    pub estimate: f64,
    pub low: f64,
    pub high: f64,
}

/// An alternative's estimate: its chance's interval, and how far below the
/// best alternative it is (on the same dice), with that difference's
/// interval (absent for the best).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct AlternativeEstimate {
    pub chance: Interval,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub below_best: Option<Interval>,
}

/// Every seat's chance from a position, estimated by rollouts.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatEstimate {
    /// Each seat's P(win), in turn order from the seat to move.
    pub seats: Vec<Interval>,
    #[serde(flatten)]
    pub summary: RolloutSummary,
}

/// Fair head starts estimated by rollouts: the points each seat after the
/// first starts with that a search over estimates found to bring every
/// seat closest to `1 / players`, and every seat's chance with them,
/// estimated afresh on dice the search never saw.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HeadStartEstimate {
    /// Points for the second seat, the third, and so on.
    pub head_starts: Vec<i64>,
    /// Each seat's P(win) with those head starts, in seat order.
    pub seats: Vec<Interval>,
    /// Whether every seat's interval holds `1 / players`.
    pub fair_within: bool,
    /// Whether `--rollouts {rollouts} --seed {seed}` gives these head
    /// starts and chances again (the search plays at most the count a
    /// round: a budget that reached fewer than its rounds play searched
    /// otherwise).
    pub reproduce: bool,
    /// The search's rounds, in order (on dice of their own), and the
    /// rollouts of each set of head starts its last rounds played (32,000,
    /// or the count asked where it is smaller).
    pub search: Vec<SearchRound>,
    pub search_each: u64,
    /// The fresh estimate at the head starts found.
    #[serde(flatten)]
    pub summary: RolloutSummary,
    /// Wall time of the search and the estimate together.
    #[serde(rename = "head_start_seconds")]
    pub seconds: f64,
}

/// A round of the head starts' search: where it stood, the chances it
/// found there (point estimates), and the games it played (every set of
/// head starts it tried counted).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchRound {
    pub head_starts: Vec<i64>,
    pub chances: Vec<f64>,
    pub rollouts: u64,
}

/// Every seat's chance at the start of the turn in play of a game whose
/// values are expected points (no exact table fits), estimated by
/// rollouts.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableEstimate {
    /// The turn the estimate starts (numbered from 1, in the order
    /// played) and its mover's seat.
    pub turn: usize,
    pub mover: usize,
    /// Each seat's P(win), in seat order.
    pub seats: Vec<Interval>,
    #[serde(flatten)]
    pub summary: RolloutSummary,
}

/// A decision judged by rollouts: every alternative of the roll played
/// out on the same dice, and how far below the best the one played is.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChoiceEstimate {
    pub played: String,
    pub best: String,
    /// The best's estimated P(win) less the played one's, with the 95%
    /// interval of that difference (0 when the played one is the best).
    pub loss: Interval,
    /// The interval of `loss` lies above 0: the rollouts tell the two
    /// apart (a play not separated from the best is never classed as a
    /// mistake).
    pub separated: bool,
    /// The judgement in words, for a coach.
    pub verdict: String,
    #[serde(flatten)]
    pub summary: RolloutSummary,
}
