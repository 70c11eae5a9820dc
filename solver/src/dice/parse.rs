//! Parsing dice given by a user, e.g. `--dice 1,1,2,3,5,5`.
//!
//! Exactly two spellings are accepted, as the user guide writes them: faces
//! 1-6 separated by commas, each comma with or without ASCII spaces around
//! it (`1,1,2,3,5,5`, `1, 1, 2`), or faces written together (`112355`);
//! ASCII spaces at either end are ignored. Anything else between faces (a
//! tab, a carriage return, a non-breaking space, a space with no comma) is
//! refused and named, escaped: dropping it silently would read a mistyped
//! roll as some other roll.

use super::{Counts, FACES};
use userio::Quoted;

/// The most dice any game here rolls.
pub(crate) const MAX_DICE: usize = 6;

/// How dice are written, for error messages.
const SPELLING: &str = "dice are faces 1-6 separated by commas, with or without spaces around them (1,1,2 or 1, 1, 2), or written together (112)";

/// Why a dice list was rejected.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum DiceError {
    #[error("dice must be faces 1-6 separated by commas (e.g. 1,1,2,3,5,5); {} is not a die", Quoted(.0))]
    NotADie(String),
    #[error("no dice given (e.g. 1,1,2,3,5,5)")]
    Empty,
    #[error("a comma with no die on one side; {SPELLING}")]
    MissingDie,
    #[error("`{}` between faces: {SPELLING}", shown(*.0))]
    Separator(char),
    #[error("{got} dice given; no game here rolls more than {MAX_DICE}")]
    TooMany { got: usize },
}

/// A character as an error names it: printable ASCII as it is, anything
/// else escaped (`\t`, `\u{a0}`), so that an invisible one is seen.
fn shown(c: char) -> String {
    if c.is_ascii_graphic() || c == ' ' {
        c.to_string()
    } else if c.is_control() {
        c.escape_debug().to_string()
    } else {
        c.escape_unicode().to_string()
    }
}

/// Whether `c` reads as a separator (white space or a control character)
/// rather than as a mistyped die.
fn separator_like(c: char) -> bool {
    c.is_whitespace() || c.is_control() || matches!(c, '\u{200b}' | '\u{2060}' | '\u{feff}')
}

/// Parses `"1,1,2,3,5,5"` or `"112355"` (see the module docs) into face
/// counts: at most [`MAX_DICE`] dice (each game checks its own count).
pub fn parse_dice(text: &str) -> Result<Counts, DiceError> {
    let text = text.trim_matches(' ');
    if text.is_empty() {
        return Err(DiceError::Empty);
    }
    let tokens: Vec<&str> = if text.contains(',') {
        text.split(',').map(|t| t.trim_matches(' ')).collect()
    } else {
        text.char_indices().map(|(i, ch)| &text[i..i + ch.len_utf8()]).collect()
    };
    for t in &tokens {
        if t.is_empty() {
            return Err(DiceError::MissingDie);
        }
        if let Some(c) = t.chars().find(|&c| separator_like(c)) {
            return Err(DiceError::Separator(c));
        }
    }
    if tokens.len() > MAX_DICE {
        return Err(DiceError::TooMany { got: tokens.len() });
    }
    let mut c = [0u8; FACES];
    for t in tokens {
        match t {
            "1" | "2" | "3" | "4" | "5" | "6" => c[usize::from(t.as_bytes()[0] - b'1')] += 1,
            _ => return Err(DiceError::NotADie(t.to_string())),
        }
    }
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_two_spellings() {
        assert_eq!(parse_dice("1,1,2,3,5,5").unwrap(), [2, 1, 1, 0, 2, 0]);
        assert_eq!(parse_dice("112355").unwrap(), [2, 1, 1, 0, 2, 0]);
        assert_eq!(parse_dice("6, 6 ,1").unwrap(), [1, 0, 0, 0, 0, 2]);
        assert_eq!(parse_dice("  6,  6  ,1 ").unwrap(), [1, 0, 0, 0, 0, 2]);
        assert_eq!(parse_dice(" 661").unwrap(), [1, 0, 0, 0, 0, 2]);
        assert_eq!(parse_dice("3").unwrap(), [0, 0, 1, 0, 0, 0]);
    }

    #[test]
    fn rejects_non_dice() {
        assert!(matches!(parse_dice("1,7"), Err(DiceError::NotADie(t)) if t == "7"));
        assert!(matches!(parse_dice("0"), Err(DiceError::NotADie(_))));
        assert!(matches!(parse_dice("+1"), Err(DiceError::NotADie(t)) if t == "+"));
        assert!(matches!(parse_dice("01,2"), Err(DiceError::NotADie(t)) if t == "01"));
        assert_eq!(parse_dice(""), Err(DiceError::Empty));
        assert_eq!(parse_dice("   "), Err(DiceError::Empty));
        assert!(matches!(parse_dice("a,b"), Err(DiceError::NotADie(t)) if t == "a"));
        assert!(matches!(parse_dice("1,2,-3"), Err(DiceError::NotADie(t)) if t == "-3"));
        assert!(matches!(parse_dice("1,1,1,1,1,1,1"), Err(DiceError::TooMany { got: 7 })));
        assert!(matches!(parse_dice(&"1".repeat(300)), Err(DiceError::TooMany { got: 300 })));
        for text in ["1,,2", "1,2,", ",1", ","] {
            assert_eq!(parse_dice(text), Err(DiceError::MissingDie), "{text:?}");
        }
    }

    /// Tabs, carriage returns, vertical tabs, non-breaking and zero-width
    /// spaces, and spaces with no comma are refused, naming the character.
    #[test]
    fn refuses_other_separators_naming_them() {
        for (text, named) in [
            ("1,1,2,3,5,\t5", "`\\t`"),
            ("1,1\r,2", "`\\r`"),
            ("1\u{b},2", "`\\u{b}`"),
            ("1,\u{a0}2", "`\\u{a0}`"),
            ("1\u{200b}2", "`\\u{200b}`"),
            ("1\n2", "`\\n`"),
            ("1 2", "` `"),
            ("1 1,2", "` `"),
            ("1\u{3000}2", "`\\u{3000}`"),
        ] {
            let e = parse_dice(text).unwrap_err();
            let message = e.to_string();
            assert!(matches!(e, DiceError::Separator(_)), "{text:?}: {e:?}");
            assert!(message.starts_with(&format!("{named} between faces: ")), "{text:?}: {message}");
            assert_eq!(message.lines().count(), 1);
        }
    }
}
