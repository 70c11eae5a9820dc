//! A record replayed through a session: for `review`, every seat played by
//! a person and every line valued ([`Play::replay`]), and for
//! `play --resume`, the seats as the record names them and the game
//! continued where the record stops ([`Play::resume`]).
//!
//! A game stopped mid-turn (Ctrl-C, the end of a pipe) leaves a record
//! whose last turn line stops before its turn ends: after a set-aside with
//! `roll` next, after `take`, after dice kept. Only the last line may stop
//! so; any other line that stops mid-turn is refused, as before.
//!
//! ## The seed
//! A seeded session draws one face per die rolled from its generator, in
//! the order the dice are rolled, and nothing else draws from it. Replaying
//! a seeded record draws the same faces for each roll (as many as the roll
//! rolled), so that after the replay the generator stands where the game
//! stopped and a resumed game rolls what the seed would have rolled next.
//! The draws double as a check: the first line whose dice are not the
//! seed's is kept ([`Play::seed_mismatch`]); `review` says so, and a
//! resume refuses, since the seed can no longer say what comes next.
//!
//! A roll made but not yet decided on is not in the record (a step is a
//! roll *and* its decision), so a game stopped there resumes by rolling
//! the same dice again.

use std::path::Path;

use super::notes::{Note, Seat};
use super::play::{check_count, draw, each, faces, seats, Play};
use crate::computer::Player;
use crate::dice::counts_of;
use crate::error::{Error, Refusal, SessionError};
use crate::options::RuleOption;
use crate::progress::Progress;
use crate::record::{parse_with_lines, Action, Decision, Line, Record, RecordLines, Step, Turn};
use crate::registry::{resolve, Game, GameKind, HouseRules};
use crate::report::Prompt;

/// The game a record's header names: its game, its options and its rules
/// file (read relative to `record_dir`, as `review` reads it; without it a
/// record naming a rules file is refused), or, with `rules_text`, the
/// house rules that text is (a front end that kept the rules a game was
/// played with: no file is read).
///
/// # Errors
/// A game or options sixdice does not take, an unreadable rules file,
/// rules text with a record that names no rules; the
/// message names the header's line as sixdice writes records.
pub fn record_game(record: &Record, record_dir: Option<&Path>, rules_text: Option<&str>) -> Result<Game, Error> {
    header_game(record, &lines_of(record), record_dir, rules_text)
}

/// [`record_game`], its errors at the header's lines in `lines` (those of
/// the text the record was read from).
/// With `rules_text`, the house rules the header's `rules` names are that
/// text (no file is read).
pub(crate) fn header_game(
    record: &Record,
    lines: &RecordLines,
    record_dir: Option<&Path>,
    rules_text: Option<&str>,
) -> Result<Game, Error> {
    let options: Vec<RuleOption> = record.options.iter().map(|o| RuleOption::parse(o)).collect();
    if let Some(text) = rules_text {
        let Some(label) = &record.rules else {
            return Err(SessionError::Header {
                line: lines.game,
                why: "house rules were given with a record that names no rules".into(),
            }
            .into());
        };
        return resolve(&record.game, &options, Some(HouseRules::Text { label, text }))
            .map_err(|e| SessionError::Header { line: lines.rules, why: e.to_string() }.into());
    }
    // A rules file named by the record is read only where the caller
    // allows it (the record's directory given): text from others names no
    // file of this machine.
    let rules = match (&record.rules, record_dir) {
        (Some(r), Some(dir)) => Some(dir.join(r)),
        (Some(_), None) => {
            return Err(SessionError::Header {
                line: lines.rules,
                why: "this record names a rules file, which is read only from a record file given by path".into(),
            }
            .into())
        }
        (None, _) => None,
    };
    resolve(&record.game, &options, rules.as_deref().map(HouseRules::File))
        .map_err(|e| SessionError::Header { line: lines.game, why: e.to_string() }.into())
}

/// Where the record's lines stand as sixdice writes it (the form `play`
/// keeps its record file in).
fn lines_of(record: &Record) -> RecordLines {
    parse_with_lines(&record.to_string()).map(|(_, l)| l).unwrap_or_default()
}

impl<'g> Play<'g> {
    /// Replays `record` (whose header made `game`) through the rules,
    /// valuing every position; `lines[i]` is the line of the record's
    /// `i`-th turn, for errors. Every seat is a person's.
    ///
    /// A push-your-luck record is first replayed with values that need no
    /// table (expected points of each turn, solved in milliseconds), which
    /// checks every line's legality: an illegal record is refused before
    /// any win table is read or solved. (A category game's values all come
    /// from its table, read once.)
    pub(crate) fn replay(
        game: &'g Game,
        record: &Record,
        lines: &[usize],
        tables: &Path,
        progress: &dyn Progress,
    ) -> Result<Play<'g>, Error> {
        let names = record.players.clone();
        check_count(names.len())?;
        let seats = vec![Seat::Person; names.len()];
        Play::replay_seated(game, seats, names, record, lines, tables, progress)
    }

    /// Continues the game of `record` (a game stopped before its end) with
    /// its players, rules and seed: sixdice moves for the seats its players
    /// hold (`optimal`, `ev`, `threshold=N`, `human`, and `optimal-2` for a
    /// second `optimal`), and a seeded game rolls on what its seed rolls
    /// next. `game` is the game the record's header names
    /// ([`record_game`]). The session's record is `record`, continued.
    ///
    /// # Errors
    /// `game` is not the record's game; a line the rules refuse (its line
    /// as sixdice writes the record); dice that do not follow the record's
    /// seed; a game that is over; what [`Play::new`] refuses.
    pub(crate) fn resume(
        game: &'g Game,
        record: &Record,
        tables: &Path,
        progress: &dyn Progress,
    ) -> Result<Play<'g>, Error> {
        Play::reopen(game, record, tables, progress, false)
    }

    /// [`Play::resume`]; with `over_too`, a finished game is taken as well
    /// (its session shows the end: a front end that kept the game).
    pub(crate) fn reopen(
        game: &'g Game,
        record: &Record,
        tables: &Path,
        progress: &dyn Progress,
        over_too: bool,
    ) -> Result<Play<'g>, Error> {
        let named = if record.rules.is_none() { Some(record_game(record, None, None)?.reference()) } else { None };
        let given = game.reference();
        let same = match named {
            Some(named) => named == given,
            None => given.rules_file == record.rules,
        };
        if !same {
            return Err(SessionError::NotTheRecordsGame { record: record_title(record), given: given.title }.into());
        }
        let (seats, names) = record_seats(game, &record.players)?;
        let lines = lines_of(record);
        let mut s = Play::replay_seated(game, seats, names, record, &lines.turns, tables, progress)?;
        if let Some(line) = s.seed_mismatch {
            return Err(SessionError::OffSeed { line }.into());
        }
        if s.winners.is_some() && !over_too {
            return Err(SessionError::NothingToResume.into());
        }
        s.keep_lines(record);
        Ok(s)
    }

    #[allow(clippy::too_many_arguments)]
    fn replay_seated(
        game: &'g Game,
        seats: Vec<Seat>,
        names: Vec<String>,
        record: &Record,
        lines: &[usize],
        tables: &Path,
        progress: &dyn Progress,
    ) -> Result<Play<'g>, Error> {
        let header = Record { lines: vec![], ..record.clone() };
        let passes: &[bool] = match game.0 {
            GameKind::PushLuck(_) => &[true, false],
            GameKind::Category(_) => &[false],
        };
        let count = record.turns().count();
        let mut replayed = None;
        for &check_only in passes {
            let (seats, names, header) = (seats.clone(), names.clone(), header.clone());
            let mut s = Play::start(game, seats, names, header, record.seed, tables, progress, check_only)?;
            for (i, turn) in record.turns().enumerate() {
                let line = lines.get(i).copied().unwrap_or(0);
                s.replay_turn(turn, i + 1 == count).map_err(|e| at_line(line, e))?;
                if s.off_seed && s.seed_mismatch.is_none() {
                    s.seed_mismatch = Some(line);
                }
            }
            replayed = Some(s);
        }
        Ok(replayed.expect("one pass at least"))
    }

    /// The session's record takes the comments and blank lines of
    /// `record`, the one replayed, in their places, and each turn's comment
    /// at its line's end (the replay wrote its turns alone). A last turn
    /// still going on moves after any lines that follow it, so that the
    /// steps still to come join it.
    fn keep_lines(&mut self, record: &Record) {
        let mut turns = self.record.turns().cloned().collect::<Vec<_>>().into_iter();
        if turns.len() != record.turns().count() {
            return;
        }
        let mut lines: Vec<Line> = record
            .lines
            .iter()
            .map(|l| match l {
                Line::Turn(kept) => {
                    let mut t = turns.next().expect("as many turns");
                    t.comment.clone_from(&kept.comment);
                    Line::Turn(t)
                }
                other => other.clone(),
            })
            .collect();
        let ongoing = self.pending_turn.is_none() && self.turns_over < self.turns;
        if ongoing {
            if let Some(i) = lines.iter().rposition(|l| matches!(l, Line::Turn(_))) {
                let last = lines.remove(i);
                lines.push(last);
            }
        }
        self.record.lines = lines;
    }

    fn replay_turn(&mut self, turn: &Turn, last: bool) -> Result<(), Error> {
        let Some(seat) = self.prompt().seat() else {
            return Err(Refusal::AfterTheEnd { named: turn.player.clone() }.into());
        };
        if self.names[seat] != turn.player {
            return Err(Refusal::NotTheirTurn { turn: self.names[seat].clone(), named: turn.player.clone() }.into());
        }
        let before = self.turns_over;
        for (j, step) in turn.steps.iter().enumerate() {
            if self.turns_over > before {
                return Err(Refusal::LineGoesOn { step: j, ended_by: turn.steps[j - 1].to_string() }.into());
            }
            // A refusal names the step it refuses, and then its line.
            // (`at_line` puts the line in.)
            self.replay_step(step, j).map_err(|e| match e {
                Error::Session(SessionError::Refused(refusal)) => {
                    SessionError::AtLine { line: 0, step: Some((j + 1, step.to_string())), refusal }.into()
                }
                e => e,
            })?;
        }
        // The last line may stop mid-turn: the game stopped there.
        if self.turns_over == before && !last {
            return Err(Refusal::TurnNotOver { expecting: self.expecting() }.into());
        }
        Ok(())
    }

    fn replay_step(&mut self, step: &Step, j: usize) -> Result<(), Error> {
        match step {
            Step::Take | Step::Fresh if j > 0 => Err(Refusal::TakeNotFirst.into()),
            Step::Take => self.apply(Decision::Take).map(drop),
            Step::Fresh => self.apply(Decision::Fresh).map(drop),
            Step::Points { points } => {
                self.fresh_if_offered()?;
                self.score(*points).map(drop)
            }
            Step::Roll { dice, action, real } => {
                self.fresh_if_offered()?;
                let (Prompt::Roll { .. } | Prompt::Decide { .. }) = self.prompt() else {
                    return Err(Refusal::WrongKind { why: self.expecting() }.into());
                };
                self.roll_real = *real;
                let notes = each!(&mut self.table, t => t.record_roll(dice))?;
                self.follow_seed(&notes);
                self.absorb(notes);
                match (action, self.prompt()) {
                    (Action::Farkle, Prompt::Decide { .. }) => Err(Refusal::NotAFarkle { dice: faces(dice) }.into()),
                    (Action::Farkle, _) => Ok(()),
                    (_, Prompt::Decide { .. }) => self.apply(Decision::Act(action.clone())).map(drop),
                    (_, _) => Err(Refusal::Farkled { dice: faces(dice) }.into()),
                }
            }
        }
    }

    /// A record that says nothing at a leftover (its turn begins with a
    /// roll or its points) started fresh.
    fn fresh_if_offered(&mut self) -> Result<(), Error> {
        if let Prompt::Offer { .. } = self.prompt() {
            self.apply(Decision::Fresh)?;
        }
        Ok(())
    }

    /// Draws from the seed the dice of each roll in `notes` (as many as
    /// were rolled: a hand's kept dice are not rolled) and notes a roll
    /// that is not what the seed rolls. Dice rolled at the table (`real`)
    /// draw nothing, as in play.
    fn follow_seed(&mut self, notes: &[Note]) {
        if self.roll_real {
            return;
        }
        let Some(rng) = &mut self.rng else { return };
        for note in notes {
            if let Note::Roll { dice, .. } = note {
                if draw(rng, dice.len()) != counts_of(dice) {
                    self.off_seed = true;
                }
            }
        }
    }
}

/// The seats of a record's players: sixdice plays the seats its players
/// hold. Two of one kind are written `optimal`, `optimal-2` (as
/// [`seats`] names them), read back as that player when the names come out
/// the same; otherwise the names are read as they stand (`optimal-2` alone
/// is a person's name).
fn record_seats(game: &Game, players: &[String]) -> Result<(Vec<Seat>, Vec<String>), Error> {
    let kinds: Vec<String> = players
        .iter()
        .map(|p| match p.rsplit_once('-') {
            Some((kind, k)) if k.parse::<usize>().is_ok_and(|k| k >= 2) && Player::parse(kind).is_ok() => {
                kind.to_string()
            }
            _ => p.clone(),
        })
        .collect();
    match seats(game, &kinds) {
        Ok((seats, names)) if names == players => Ok((seats, names)),
        _ => seats(game, players),
    }
}

/// The game a record names, as its header says it (for errors).
fn record_title(record: &Record) -> String {
    let mut t = record.game.clone();
    if !record.options.is_empty() {
        t.push_str(&format!(" ({})", record.options.join(", ")));
    }
    if let Some(r) = &record.rules {
        t.push_str(&format!(" with the rules file {}", userio::Quoted(r)));
    }
    t
}

/// Puts a replay's error at its record line.
fn at_line(line: usize, e: Error) -> Error {
    match e {
        Error::Session(SessionError::Refused(refusal)) => SessionError::AtLine { line, step: None, refusal }.into(),
        Error::Session(SessionError::AtLine { line: 0, step, refusal }) => {
            SessionError::AtLine { line, step, refusal }.into()
        }
        e => e,
    }
}

#[cfg(test)]
#[path = "resume_tests.rs"]
mod tests;
