//! The players sixdice plays itself, by name: `optimal` (the solved
//! strategy of the objective in play), `ev` (the best expected score of
//! each turn), `threshold=N` (bank at N or more), `human` (the strategy
//! sheet's rules of thumb) and `win-sheet` (the sheet to win).
//!
//! Both families' sessions and the push-your-luck simulator seat them; this
//! shared layer names them, so that neither family imports the other's
//! code to do so. How each plays is its family's business.

use crate::error::PlayersError;

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
