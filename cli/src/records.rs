//! Where `play` writes its game record: only over nothing, or over a record
//! of the same game (continued with `--resume`, or replaced with
//! `--force`), never over anything else (a table, a picture, notes); and
//! written whole after every move, through a temporary file renamed over
//! the record (userio's `write_output`), so a stop at any moment leaves the
//! game so far on disk.

use std::path::Path;

use solver::{Error, GameRef, Session};
use userio::FileError;

/// What the path a game record is to be written to holds now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordSlot {
    /// Nothing: the path is absent, or an empty file.
    Free,
    /// A record of the same game (its game, options and rules file).
    SameGame,
}

/// Says whether a record of `game` may be written to `path`, before the
/// game starts: only where an output may be written, and only over nothing
/// or over a record of the same game (whether to continue or to replace
/// that one is the caller's question). The error is the reason alone:
/// the caller names the file.
pub fn slot(path: &Path, game: &GameRef) -> Result<RecordSlot, String> {
    let target = userio::check_output(path).map_err(|e| e.to_string())?;
    let left_alone = |what: &str| format!("it holds something other than a game record ({what}), and is left alone");
    let text = match solver::read_record(&target) {
        Ok(text) => text,
        Err(Error::RecordFile(FileError::Missing(_))) => return Ok(RecordSlot::Free),
        Err(Error::RecordFile(FileError::TooLarge { limit, .. })) => {
            return Err(left_alone(&format!("more than {limit} bytes")))
        }
        Err(Error::RecordFile(FileError::NotText(_))) => return Err(left_alone("data that is not text")),
        Err(Error::RecordFile(FileError::Io { err, .. })) => return Err(err.to_string()),
        Err(e) => return Err(e.to_string()),
    };
    if text.is_empty() {
        return Ok(RecordSlot::Free);
    }
    let record = text.parse::<solver::Record>().map_err(|_| left_alone("text that is not a record"))?;
    let other = || {
        let mut named = record.game.clone();
        if !record.options.is_empty() {
            named.push_str(&format!(" with {}", record.options.join(", ")));
        }
        if let Some(rules) = &record.rules {
            named.push_str(&format!(" under the rules file {rules}"));
        }
        format!("it holds the record of another game ({}), and is left alone", userio::Escaped(&named))
    };
    let named = solver::record_game(&record, Some(userio::dir_of(&target)), None).map_err(|_| other())?.reference();
    if named.id == game.id && named.options == game.options && record.rules == game.rules_file {
        Ok(RecordSlot::SameGame)
    } else {
        Err(other())
    }
}

/// Writes the game so far to `path`, whole.
pub fn save(path: &Path, session: &Session) -> anyhow::Result<()> {
    let text = session.record().to_string();
    userio::write_output(path, ".sixdice-record-", ".tmp", |f| std::io::Write::write_all(f, text.as_bytes()))
        .map_err(|e| anyhow::anyhow!("cannot write the record {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record is written only over nothing or a record of its own game.
    #[test]
    fn a_record_replaces_only_a_record_of_its_game() {
        let d = tempfile::tempdir().unwrap();
        let at = |name: &str, text: &[u8]| {
            let p = d.path().join(name);
            std::fs::write(&p, text).unwrap();
            p
        };
        let head = solver::GameHead {
            name: "farkle".into(),
            options: vec![solver::RuleOption::parse("goal=2000")],
            ..solver::GameHead::default()
        };
        let game = solver::Request::question(&head).unwrap().reference();
        let record = "sixdice-record 1\ngame farkle\noption goal=2000\nplayers ann bob\n";
        assert_eq!(slot(&d.path().join("new.rec"), &game).unwrap(), RecordSlot::Free);
        assert_eq!(slot(&at("empty", b""), &game).unwrap(), RecordSlot::Free);
        assert_eq!(slot(&at("same.rec", record.as_bytes()), &game).unwrap(), RecordSlot::SameGame);
        // The game as named, resolved: names are case-insensitive.
        let named = record.replace("farkle", "Farkle");
        assert_eq!(slot(&at("named.rec", named.as_bytes()), &game).unwrap(), RecordSlot::SameGame);
        for (name, text, why) in [
            (
                "table.sixdice",
                &b"SIXDICE\0\x01\xff\xfe"[..],
                "something other than a game record (data that is not text)",
            ),
            ("notes.txt", b"shopping: dice\n", "something other than a game record (text that is not a record)"),
            (
                "other.rec",
                record.replace("goal=2000", "goal=3000").as_bytes(),
                "the record of another game (farkle with goal=3000)",
            ),
        ] {
            let p = at(name, text);
            let err = slot(&p, &game).unwrap_err();
            assert!(err.contains(why), "{name}: {err}");
            assert_eq!(std::fs::read(&p).unwrap(), text, "{name} is left alone");
        }
    }
}
