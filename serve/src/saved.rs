//! Games kept on disk: a game in play survives a reload, a phone that
//! dropped its tab and a restart of the server.
//!
//! Each game is its record (docs/records.md), the file `ID.rec` in the
//! games directory the server owns (by default `games/` inside the tables
//! directory), written whole after every change through a temporary file
//! and a rename, so that a crash leaves the last whole record. A game not
//! in memory (the server restarted, or it sat idle past the session
//! timeout) is resumed from its record by the library (`Session::resume`:
//! the same players, rules and seed; dice rolled at the table are marked
//! `real`). A finished game stays listed, its record there to review, until
//! it is deleted; at most [`SAVED_GAMES`] are kept (the oldest finished
//! make room).
//!
//! Nothing a client sends names a file: an id is 16 lowercase hex digits
//! (as the server makes them) or it is no game. A game played with house
//! rules sent as text keeps that text beside its record (`ID.rules.toml`,
//! written before the record's first line, removed with it): its record
//! names the rules by their label only, so the game is built again from
//! the record's game and options and the kept text.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::Serialize;
use solver::Record;

use crate::error::ApiError;
use crate::limits::{BODY_BYTES, RECORD_BODY_BYTES, SAVED_GAMES};

/// The games directory.
#[derive(Debug, Clone)]
pub(crate) struct Saved {
    dir: PathBuf,
}

/// A game on disk, as the list shows it.
#[derive(Debug, Serialize)]
pub(crate) struct SavedGame {
    pub(crate) id: String,
    /// The game as the record names it, and its options.
    pub(crate) game: String,
    pub(crate) option: Vec<String>,
    pub(crate) players: Vec<String>,
    /// Turns played so far.
    pub(crate) turns: usize,
    pub(crate) over: bool,
    /// Seconds since the Unix epoch of the last change.
    pub(crate) changed: u64,
}

/// Whether `id` is one the server makes: 16 lowercase hex digits.
pub(crate) fn valid_id(id: &str) -> bool {
    id.len() == 16 && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

impl Saved {
    pub(crate) fn new(dir: &Path) -> Saved {
        Saved { dir: dir.to_path_buf() }
    }

    fn path(&self, id: &str, over: bool) -> Option<PathBuf> {
        valid_id(id).then(|| self.dir.join(if over { format!("{id}.over.rec") } else { format!("{id}.rec") }))
    }

    fn rules_path(&self, id: &str) -> Option<PathBuf> {
        valid_id(id).then(|| self.dir.join(format!("{id}.rules.toml")))
    }

    /// Keeps the house rules (TOML text) game `id` is played with, for
    /// the game to be built again from its record after a restart.
    pub(crate) fn save_rules(&self, id: &str, text: &str) -> Result<(), ApiError> {
        let Some(path) = self.rules_path(id) else { return Ok(()) };
        std::fs::create_dir_all(&self.dir).map_err(|e| self.failed(&e))?;
        userio::write_output(&path, ".", ".toml.tmp", |f| std::io::Write::write_all(f, text.as_bytes()))
            .map_err(|e| ApiError::internal(format!("cannot keep game {id}'s rules in {}: {e}", self.dir.display())))
    }

    /// The house rules game `id` is played with, if it has any kept.
    pub(crate) fn rules(&self, id: &str) -> Result<Option<String>, ApiError> {
        let Some(path) = self.rules_path(id).filter(|p| p.exists()) else { return Ok(None) };
        userio::read_small_text(&path, BODY_BYTES as u64)
            .map(Some)
            .map_err(|e| ApiError::internal(format!("game {id}: {e}")))
    }

    /// Writes the game's record (a finished game under its finished name,
    /// the one in play removed).
    pub(crate) fn save(&self, id: &str, record: &Record, over: bool) -> Result<(), ApiError> {
        let Some(path) = self.path(id, over) else { return Ok(()) };
        std::fs::create_dir_all(&self.dir).map_err(|e| self.failed(&e))?;
        // Room is made for a game's first file only, not at every move.
        if !over && !path.exists() {
            self.make_room(id)?;
        }
        let text = record.to_string();
        userio::write_output(&path, ".", ".rec.tmp", |f| std::io::Write::write_all(f, text.as_bytes()))
            .map_err(|e| ApiError::internal(format!("cannot keep game {id} in {}: {e}", self.dir.display())))?;
        if over {
            self.remove_file(id, false);
        }
        Ok(())
    }

    fn failed(&self, e: &std::io::Error) -> ApiError {
        ApiError::internal(format!("cannot keep games in {}: {}", self.dir.display(), userio::os_reason(e)))
    }

    /// The record of game `id` and whether it is over; `None` when there
    /// is none on disk.
    pub(crate) fn load(&self, id: &str) -> Result<Option<(Record, bool)>, ApiError> {
        for over in [false, true] {
            let Some(path) = self.path(id, over) else { return Ok(None) };
            if !path.exists() {
                continue;
            }
            let text = userio::read_small_text(&path, RECORD_BODY_BYTES as u64)
                .map_err(|e| ApiError::internal(format!("game {id}: {e}")))?;
            let record = text
                .parse::<Record>()
                .map_err(|e| ApiError::internal(format!("game {id}: its record on disk does not read: {e}")))?;
            return Ok(Some((record, over)));
        }
        Ok(None)
    }

    /// Deletes game `id`; whether there was one.
    pub(crate) fn remove(&self, id: &str) -> bool {
        let a = self.remove_file(id, false);
        let b = self.remove_file(id, true);
        self.remove_rules(id);
        a || b
    }

    fn remove_rules(&self, id: &str) {
        if let Some(p) = self.rules_path(id) {
            let _ = std::fs::remove_file(p);
        }
    }

    fn remove_file(&self, id: &str, over: bool) -> bool {
        self.path(id, over).is_some_and(|p| std::fs::remove_file(p).is_ok())
    }

    /// The games' files, by their names and times alone (nothing read),
    /// the last changed first.
    fn entries(&self) -> Vec<Entry> {
        let Ok(entries) = std::fs::read_dir(&self.dir) else { return vec![] };
        let mut games: Vec<Entry> = entries
            .filter_map(Result::ok)
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                let (id, over) = match name.strip_suffix(".over.rec") {
                    Some(id) => (id.to_string(), true),
                    None => (name.strip_suffix(".rec")?.to_string(), false),
                };
                if !valid_id(&id) {
                    return None;
                }
                let changed = e
                    .metadata()
                    .and_then(|m| m.modified())
                    .ok()
                    .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
                    .map_or(0, |d| d.as_secs());
                Some(Entry { id, over, changed, path: e.path() })
            })
            .collect();
        games.sort_by(|a, b| b.changed.cmp(&a.changed).then_with(|| a.id.cmp(&b.id)));
        games
    }

    /// Every game on disk whose record reads, the last changed first.
    pub(crate) fn list(&self) -> Vec<SavedGame> {
        self.entries()
            .into_iter()
            .filter_map(|e| {
                let text = userio::read_small_text(&e.path, RECORD_BODY_BYTES as u64).ok()?;
                let record = text.parse::<Record>().ok()?;
                Some(SavedGame {
                    id: e.id,
                    turns: record.lines.iter().filter(|l| matches!(l, solver::Line::Turn(_))).count(),
                    game: record.game,
                    option: record.options,
                    players: record.players,
                    over: e.over,
                    changed: e.changed,
                })
            })
            .collect()
    }

    /// Below [`SAVED_GAMES`] files: the oldest finished games go; with
    /// none finished, a new game is refused.
    fn make_room(&self, id: &str) -> Result<(), ApiError> {
        let games = self.entries();
        self.sweep_rules(&games, id);
        if games.len() < SAVED_GAMES {
            return Ok(());
        }
        let finished: Vec<&Entry> = games.iter().rev().filter(|g| g.over).collect();
        if finished.is_empty() {
            return Err(ApiError::busy(format!(
                "{SAVED_GAMES} games in play are kept on this server: delete one before starting another"
            )));
        }
        for g in finished.iter().take(games.len() + 1 - SAVED_GAMES) {
            self.remove_file(&g.id, true);
            self.remove_rules(&g.id);
        }
        Ok(())
    }
}

impl Saved {
    /// Removes house rules kept for no game on disk (a game whose start
    /// failed after they were written, a crash between the two), but those
    /// of game `saving`, whose first record is being written.
    fn sweep_rules(&self, games: &[Entry], saving: &str) {
        let Ok(files) = std::fs::read_dir(&self.dir) else { return };
        for f in files.filter_map(Result::ok) {
            let name = f.file_name().to_string_lossy().into_owned();
            if let Some(id) = name.strip_suffix(".rules.toml").filter(|id| valid_id(id)) {
                if id != saving && !games.iter().any(|g| g.id == id) {
                    let _ = std::fs::remove_file(f.path());
                }
            }
        }
    }
}

/// A game's file in the games directory.
struct Entry {
    id: String,
    over: bool,
    /// Seconds since the Unix epoch of the last change.
    changed: u64,
    path: PathBuf,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_servers_own_ids_name_a_file() {
        assert!(valid_id("0123456789abcdef"));
        for bad in
            ["", "../../etc/passwd", "0123456789ABCDEF", "0123456789abcde", "0123456789abcdef0", "0123456789abcdeg"]
        {
            assert!(!valid_id(bad), "{bad}");
        }
        let dir = tempfile::tempdir().unwrap();
        let saved = Saved::new(dir.path());
        assert!(saved.path("../x", false).is_none());
        assert!(saved.load("../../etc/passwd").unwrap().is_none());
    }

    #[test]
    fn a_game_is_kept_then_finished_then_removed() {
        let dir = tempfile::tempdir().unwrap();
        let saved = Saved::new(&dir.path().join("games"));
        let record: Record = "sixdice-record 1\ngame farkle\nplayers ann bob\nann: 23446 farkle\n".parse().unwrap();
        let id = "00000000000000aa";
        saved.save(id, &record, false).unwrap();
        assert_eq!(saved.load(id).unwrap(), Some((record.clone(), false)));
        let listed = saved.list();
        assert_eq!((listed.len(), listed[0].turns, listed[0].over), (1, 1, false));
        saved.save(id, &record, true).unwrap();
        assert_eq!(saved.load(id).unwrap(), Some((record, true)));
        assert_eq!(saved.list().len(), 1, "the game in play's file went with its end");
        assert!(saved.remove(id));
        assert!(saved.list().is_empty());
        assert!(!saved.remove(id));
    }

    #[test]
    fn house_rules_are_kept_beside_their_record_and_go_with_it() {
        let dir = tempfile::tempdir().unwrap();
        let saved = Saved::new(dir.path());
        let id = "00000000000000bb";
        assert_eq!(saved.rules(id).unwrap(), None);
        saved.save_rules(id, "[game]\ngoal = 2000\n").unwrap();
        let record: Record = "sixdice-record 1\ngame farkle\nplayers ann bob\n".parse().unwrap();
        saved.save(id, &record, false).unwrap();
        assert_eq!(saved.rules(id).unwrap().as_deref(), Some("[game]\ngoal = 2000\n"));
        assert_eq!(saved.list().len(), 1, "the rules file is no game of its own");
        assert!(saved.remove(id));
        assert_eq!(saved.rules(id).unwrap(), None);
        assert!(saved.save_rules("../x", "no").is_ok() && !dir.path().join("../x.rules.toml").exists());
        // Rules of no game are swept when room is made for a new one.
        saved.save_rules(id, "[game]\ngoal = 2000\n").unwrap();
        saved.save("00000000000000cc", &record, false).unwrap();
        assert_eq!(saved.rules(id).unwrap(), None, "swept");
    }

    #[test]
    fn a_full_directory_makes_room_from_the_finished_games_only() {
        let dir = tempfile::tempdir().unwrap();
        let saved = Saved::new(dir.path());
        let record: Record = "sixdice-record 1\ngame farkle\nplayers ann bob\n".parse().unwrap();
        let id = |k: usize| format!("{k:016x}");
        for k in 0..SAVED_GAMES {
            saved.save(&id(k), &record, false).unwrap();
        }
        // A move of a game already kept needs no room.
        saved.save(&id(0), &record, false).unwrap();
        let refused = saved.save(&id(SAVED_GAMES), &record, false).expect_err("no room");
        assert_eq!(refused.status, axum::http::StatusCode::SERVICE_UNAVAILABLE);
        saved.save(&id(7), &record, true).unwrap();
        saved.save(&id(SAVED_GAMES), &record, false).unwrap();
        assert!(saved.load(&id(7)).unwrap().is_none(), "the finished game made room");
        assert_eq!(saved.list().len(), SAVED_GAMES);
    }
}
