//! The reports of `simulate`: a category game's final scores, or
//! push-your-luck players head to head.

use serde::Serialize;

use crate::vocabulary::GameRef;

/// The final scores of the simulated games and what made them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SimulationReport {
    pub game: GameRef,
    pub games: u64,
    pub seed: u64,
    /// The optimal expected final score by the table (a new game).
    pub expected_score: f64,
    pub mean: f64,
    /// Standard error of the mean.
    pub std_error: f64,
    /// Standard deviation of the final score.
    pub std_dev: f64,
    pub min: u32,
    pub max: u32,
    pub percentiles: Vec<Percentile>,
    /// Share of games that won the upper (Numbers) bonus, where the game has one.
    pub upper_bonus: Option<Rate>,
    /// Share of games that earned any other bonus (Six Hundred: the
    /// full-card bonus; Yahtzee: extra-Yahtzee bonuses).
    pub other_bonus_rate: f64,
    /// Per box: the share of games in which it ended at 0.
    pub zeros: Vec<BoxZeros>,
    /// Seconds before the first game: reading (or solving) the table.
    pub setup_seconds: f64,
    /// Seconds playing the games, and their rate.
    pub seconds: f64,
    pub games_per_second: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Percentile {
    pub percent: u32,
    pub score: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rate {
    pub points: u32,
    pub rate: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BoxZeros {
    pub category: String,
    pub rate: f64,
}

/// One ordered pairing: `first` moves first in every game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pairing {
    pub first: String,
    pub second: String,
    pub games: u64,
    pub first_wins: u64,
    /// Share of games the first player won.
    pub first_win_rate: f64,
    /// 95% confidence interval of that share (Wilson score interval).
    pub ci95: [f64; 2],
    /// Exact P(first player wins) from the win table, for the pairings it
    /// knows: optimal against optimal, optimal against ev either way.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<f64>,
    /// Mean number of turns per game (both players', last turn included) ...
    pub mean_turns: f64,
    /// ... and its standard error.
    pub mean_turns_std_error: f64,
    /// Games stopped unfinished (see the module documentation).
    pub unfinished: u64,
    /// With piggyback: turns started on the previous player's leftover
    /// dice, per game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piggybacks_per_game: Option<f64>,
}

/// One seating of a game of three: `players[0]` moves first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Seating {
    pub players: Vec<String>,
    pub games: u64,
    /// Games won per seat ...
    pub wins: Vec<u64>,
    /// ... their shares ...
    pub win_rates: Vec<f64>,
    /// ... with 95% confidence intervals (Wilson score intervals).
    pub ci95: Vec<[f64; 2]>,
    /// Exact P(win) per seat from the table of three, when every player
    /// is `optimal`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<Vec<f64>>,
    /// Mean number of turns per game (every player's, last turns
    /// included) ...
    pub mean_turns: f64,
    /// ... and its standard error.
    pub mean_turns_std_error: f64,
    /// Games stopped unfinished.
    pub unfinished: u64,
}

/// A head-to-head run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayersReport {
    pub game: GameRef,
    pub players: Vec<String>,
    pub seed: u64,
    pub pairings: Vec<Pairing>,
    /// Games of three (`seats` 3): every distinct seating of the players.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub seatings: Vec<Seating>,
    /// Seconds before the first game: reading (or solving) the win table,
    /// the game facts, fitting a win sheet.
    pub setup_seconds: f64,
    /// Seconds playing the games, and their rate.
    pub seconds: f64,
    pub games_per_second: f64,
}

/// A score-sheet game head to head (`--players to-win,points`): the
/// to-win rule of `advise --opponent-sheet` against the expected-score
/// play, in two-player games, the to-win player first in half of them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SheetDuelReport {
    pub game: GameRef,
    pub seed: u64,
    /// The to-win player's results over every game, then as the first and
    /// as the second player.
    pub all: DuelResults,
    pub first: DuelResults,
    pub second: DuelResults,
    /// The to-win player's choices (every keep and box), and how many of
    /// them differ from what the expected-score play would have chosen.
    pub choices: u64,
    pub differing: u64,
    pub setup_seconds: f64,
    pub seconds: f64,
    pub games_per_second: f64,
}

/// Games of the to-win player: won, tied (same final score) and lost.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct DuelResults {
    pub games: u64,
    pub wins: u64,
    pub ties: u64,
    pub win_rate: f64,
    /// 95% confidence interval of the win rate (Wilson score interval).
    pub ci95: [f64; 2],
    /// The expected-score player's win rate, for comparison: its losses.
    pub losses: u64,
    pub loss_rate: f64,
    pub loss_ci95: [f64; 2],
}

/// A `simulate` report: a category game's final scores, a push-your-luck
/// game's head-to-head results, or a score-sheet game's.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Simulation {
    Category(SimulationReport),
    PushLuck(PlayersReport),
    SheetDuel(SheetDuelReport),
}
