//! The players sixdice plays itself, by name: `optimal` (the solved
//! strategy of the objective in play), `ev` (the best expected score of
//! each turn), `threshold=N` (bank at N or more), `human` (the strategy
//! sheet's rules of thumb) and `win-sheet` (the sheet to win).
//!
//! Both families' sessions and the push-your-luck simulator seat them; this
//! shared layer names them, so that neither family imports the other's
//! code to do so. How each plays is its family's business.

use crate::limits::PLAYERS_MAX;

/// The threshold player a table offers by name (`threshold=350`): the
/// classic advice to bank at 350.
const THRESHOLD_AT_THE_TABLE: i64 = 350;

/// A computer player: a policy sixdice plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Player {
    Optimal,
    Ev,
    Threshold(i64),
    Human,
    /// Follows the sheet to win (`strategy --objective win`).
    WinSheet,
}

impl Player {
    /// `optimal`, `ev`, `threshold=N` or `human`.
    pub(crate) fn parse(s: &str) -> Result<Player, PlayersError> {
        match s.trim() {
            "optimal" => Ok(Player::Optimal),
            "ev" => Ok(Player::Ev),
            "human" => Ok(Player::Human),
            "win-sheet" => Ok(Player::WinSheet),
            t => match t.strip_prefix("threshold=") {
                Some(n) => n
                    .parse::<i64>()
                    .ok()
                    .filter(|v| (1..=100_000).contains(v))
                    .map(Player::Threshold)
                    .ok_or_else(|| PlayersError::Threshold(n.into())),
                None => Err(PlayersError::Unknown(t.into())),
            },
        }
    }

    /// The players a game's table seats, each with what it plays for in a
    /// few words: a category game's `optimal` alone; a push-your-luck
    /// game's every one but `win-sheet` (which `simulate` seats).
    pub(crate) fn at_the_table(category: bool) -> Vec<(Player, &'static str)> {
        if category {
            return vec![(Player::Optimal, "the best expected final score")];
        }
        vec![
            (Player::Optimal, "plays to win, exactly"),
            (Player::Ev, "the most points each turn"),
            (Player::Threshold(THRESHOLD_AT_THE_TABLE), "banks at 350 or more"),
            (Player::Human, "the strategy sheet's rules of thumb"),
        ]
    }

    pub(crate) fn name(&self) -> String {
        match self {
            Player::Optimal => "optimal".into(),
            Player::Ev => "ev".into(),
            Player::Threshold(n) => format!("threshold={n}"),
            Player::Human => "human".into(),
            Player::WinSheet => "win-sheet".into(),
        }
    }
}

/// Why a head-to-head run cannot start.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum PlayersError {
    #[error("unknown player `{0}`: players are optimal, ev, threshold=N, human and win-sheet")]
    Unknown(String),
    #[error("threshold=N needs a number of points from 1 to 100000, not `{0}`")]
    Threshold(String),
    #[error("{0} players: a run has 1 to {PLAYERS_MAX}")]
    Count(usize),
    #[error(
        "score-sheet games play head to head only as to-win,points (playing to win against playing for points); {game} takes no other players"
    )]
    ForCategory { game: String },
    #[error("{0} plays games of two only: games of three take optimal, ev and threshold=N")]
    OnlyTwo(String),
    #[error("games of three seat three players, not {0}: name them in seat order (e.g. optimal,optimal,ev)")]
    SeatCount(usize),
    #[error("{0} seats: games are of 2 or 3 players")]
    Seats(usize),
}
