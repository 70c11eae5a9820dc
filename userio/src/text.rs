//! Text from users, echoed safely.
//!
//! Error messages quote what the user typed (dice, names, option values,
//! paths, keys from a rules file). Quoting goes through [`Quoted`], which
//! escapes newlines, other control characters and Unicode line separators
//! the way Rust's `escape_debug` does, so an error is always one line and
//! never carries terminal escape sequences.

use std::fmt;

/// Displays a string between backticks with control characters escaped.
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("`")?;
        write_escaped(f, self.0)?;
        f.write_str("`")
    }
}

/// Displays a string with control characters escaped, without quotes.
pub struct Escaped<'a>(pub &'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_escaped(f, self.0)
    }
}

fn write_escaped(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    for c in s.chars() {
        // `escape_debug` leaves printable characters (and quotes inside a
        // string) as they are; it escapes control characters and the
        // Unicode line and paragraph separators.
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
            write!(f, "{}", c.escape_debug())?;
        } else {
            write!(f, "{c}")?;
        }
    }
    Ok(())
}

/// `text` cut to its first `most` characters, marked when cut with how
/// long it was: an echo of a pasted page shows its start and its length,
/// not the page.
pub fn cut(text: &str, most: usize) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(most) {
        Some((i, _)) => format!("{}… ({} characters in all)", &text[..i], text.chars().count()).into(),
        None => text.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_would_break_a_line_or_a_terminal() {
        assert_eq!(Quoted("a\nb").to_string(), "`a\\nb`");
        assert_eq!(Quoted("x\r\u{1b}[31m").to_string(), "`x\\r\\u{1b}[31m`");
        assert_eq!(Quoted("line\u{2028}sep").to_string(), "`line\\u{2028}sep`");
        assert_eq!(Quoted("ünïcode 'ok'").to_string(), "`ünïcode 'ok'`");
    }
}
