//! Parsing dice given by a user, e.g. `--dice 1,1,2,3,5,5`.

use super::{Counts, FACES};
use crate::text::Quoted;

/// The most dice any game here rolls.
pub const MAX_DICE: usize = 6;

/// Why a dice list was rejected.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum DiceError {
    #[error("dice must be faces 1-6 separated by commas (e.g. 1,1,2,3,5,5); {} is not a die", Quoted(.0))]
    NotADie(String),
    #[error("{got} dice given; no game here rolls more than {MAX_DICE}")]
    TooMany { got: usize },
}

/// Parses `"1,1,2,3,5,5"` (commas, spaces or nothing between faces: `"112355"`)
/// into face counts: at most [`MAX_DICE`] dice (each game checks its own count).
pub fn parse_dice(text: &str) -> Result<Counts, DiceError> {
    let mut c = [0u8; FACES];
    let tokens: Vec<&str> = if text.contains(',') || text.contains(' ') {
        text.split([',', ' ']).filter(|t| !t.is_empty()).collect()
    } else {
        text.char_indices().map(|(i, ch)| &text[i..i + ch.len_utf8()]).collect()
    };
    if tokens.is_empty() {
        return Err(DiceError::NotADie(text.to_string()));
    }
    if tokens.len() > MAX_DICE {
        return Err(DiceError::TooMany { got: tokens.len() });
    }
    for t in tokens {
        match t.trim().parse::<u8>() {
            Ok(f @ 1..=6) => c[usize::from(f - 1)] += 1,
            _ => return Err(DiceError::NotADie(t.to_string())),
        }
    }
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_common_spellings() {
        assert_eq!(parse_dice("1,1,2,3,5,5").unwrap(), [2, 1, 1, 0, 2, 0]);
        assert_eq!(parse_dice("112355").unwrap(), [2, 1, 1, 0, 2, 0]);
        assert_eq!(parse_dice("6, 6 ,1").unwrap(), [1, 0, 0, 0, 0, 2]);
    }

    #[test]
    fn rejects_non_dice() {
        assert!(matches!(parse_dice("1,7"), Err(DiceError::NotADie(t)) if t == "7"));
        assert!(matches!(parse_dice("0"), Err(DiceError::NotADie(_))));
        assert!(matches!(parse_dice(""), Err(DiceError::NotADie(_))));
        assert!(matches!(parse_dice("a,b"), Err(DiceError::NotADie(t)) if t == "a"));
        assert!(matches!(parse_dice("1,,2,-3"), Err(DiceError::NotADie(t)) if t == "-3"));
        assert!(matches!(parse_dice("1,1,1,1,1,1,1"), Err(DiceError::TooMany { got: 7 })));
        assert!(matches!(parse_dice(&"1".repeat(300)), Err(DiceError::TooMany { got: 300 })));
        assert_eq!(parse_dice("1\n2").unwrap_err().to_string().lines().count(), 1);
    }
}
