//! [`Session`]: a game in play that owns its game, so that a front end can
//! keep it as long as it likes (a server's map of sessions, a Python
//! object) without holding a borrow of the game.
//!
//! The game's solved turns and tables borrow the game's rules; the session
//! keeps the game in an [`Arc`] beside the state that borrows it (a
//! self-referential pair, made safe by `self_cell`). Every method hands
//! over to the borrowing [`Play`], whose docs say what it does.

use std::path::Path;
use std::sync::Arc;

use super::play::Play;
use crate::dice::Counts;
use crate::error::{Error, Refusal};
use crate::progress::Progress;
use crate::question::PlayQuestion;
use crate::record::{Decision, Record, Step};
use crate::registry::Game;
use crate::report::{Advice, Choice, Event, PlayState};

self_cell::self_cell!(
    struct Owned {
        owner: Arc<Game>,
        #[covariant]
        dependent: Play,
    }
);

/// A whole game played through its rules, a roll and a decision at a
/// time, with the solver's value of every position (see the module docs
/// of `session` in the code: values, luck and loss).
pub struct Session(Owned);

impl Session {
    /// Starts a game of `game` between `q.players` (people's names, or the
    /// players sixdice plays: `optimal`, `ev`, `threshold=N`, `human`),
    /// reading (or, where quick, first solving) the tables its values
    /// need from `tables`.
    ///
    /// # Errors
    /// A player list the game cannot seat, a table that is missing and too
    /// long to solve here, a damaged table.
    pub fn new(game: Arc<Game>, q: &PlayQuestion, tables: &Path, progress: &dyn Progress) -> Result<Session, Error> {
        Owned::try_new(game, |g| Play::new(g, q, tables, progress)).map(Session)
    }

    /// Continues the game of `record` (a game stopped before its end) with
    /// its players, rules and seed; `game` must be the game its header
    /// names ([`crate::record_game`]).
    ///
    /// # Errors
    /// Another game; a line the rules refuse; dice that do not follow the
    /// record's seed; a game that is over.
    pub fn resume(game: Arc<Game>, record: &Record, tables: &Path, progress: &dyn Progress) -> Result<Session, Error> {
        Owned::try_new(game, |g| Play::resume(g, record, tables, progress)).map(Session)
    }

    /// The game of `record` again as a session, as [`Session::resume`]
    /// makes it, or, for a finished game, showing its end (a front end that
    /// keeps its games, e.g. a server restarted, opens each again).
    ///
    /// # Errors
    /// As [`Session::resume`], but a game that is over.
    pub fn reopen(game: Arc<Game>, record: &Record, tables: &Path, progress: &dyn Progress) -> Result<Session, Error> {
        Owned::try_new(game, |g| Play::reopen(g, record, tables, progress, true)).map(Session)
    }

    /// The game as it stood before the last decision a person made (a
    /// new session; this one is left as it was): that decision and every
    /// move after it taken back, sixdice's included, and the dice rolled
    /// before it rolled again, the same dice. Every value is the replay's.
    ///
    /// # Errors
    /// No person has made a decision yet; a table that cannot be read.
    pub fn undo(&self, tables: &Path, progress: &dyn Progress) -> Result<Session, Error> {
        let point = self.play().undo_point()?;
        let mut s = Session::resume(Arc::clone(self.0.borrow_owner()), &point.record, tables, progress)?;
        if let Some(dice) = &point.dice {
            s.0.with_dependent_mut(|_, p| p.roll_again(dice))?;
        }
        Ok(s)
    }

    fn play(&self) -> &Play<'_> {
        self.0.borrow_dependent()
    }

    /// The game as a front end shows it now: what is needed next (whose
    /// move, and what kind), the table, what the values are, whether a
    /// decision can be taken back.
    pub fn state(&self) -> PlayState {
        self.play().state()
    }

    /// Moves for every seat sixdice plays until a person must act: a
    /// person's roll or decision, the end, or (dice typed at the table) a
    /// roll of sixdice's seat, whose dice [`Session::roll`] then takes.
    /// Returns what happened.
    ///
    /// # Errors
    /// A table that cannot be read.
    pub fn advance(&mut self) -> Result<Vec<Event>, Error> {
        self.0.with_dependent_mut(|_, p| p.advance())
    }

    /// Rolls the dice the prompt asks for: `dice` as rolled at the table,
    /// or `None` to roll them with the session's seed.
    ///
    /// # Errors
    /// No roll is due, or the dice are not the number to roll.
    pub fn roll(&mut self, dice: Option<Counts>) -> Result<Vec<Event>, Error> {
        self.0.with_dependent_mut(|_, p| p.roll(dice))
    }

    /// Rolls `count` of the dice the prompt asks for with the session's
    /// seed (near an exact goal where the rules allow fewer).
    ///
    /// # Errors
    /// No roll is due, the count is not allowed, or there is no seed.
    pub fn roll_some(&mut self, count: usize) -> Result<Vec<Event>, Error> {
        self.0.with_dependent_mut(|_, p| p.roll_some(count))
    }

    /// Applies a decision typed by the player whose turn it is: a record's
    /// words, their short forms, or `advise`'s own words for a play; numbers
    /// typed with it must match what it gives.
    ///
    /// # Errors
    /// Words that are not a decision, or one the rules refuse here.
    pub fn decide(&mut self, words: &str) -> Result<Vec<Event>, Error> {
        self.0.with_dependent_mut(|_, p| p.decide(words))
    }

    /// Applies a typed decision (one of [`Session::choices`], or any other
    /// the rules may refuse).
    ///
    /// # Errors
    /// A decision the rules refuse here; nothing changes then.
    pub fn apply(&mut self, decision: Decision) -> Result<Vec<Event>, Error> {
        self.0.with_dependent_mut(|_, p| p.apply(decision))
    }

    /// Enters the turn of the person to move by its result, as a score pad
    /// keeps it: `points` banked, 0 for a farkle (push-your-luck games,
    /// before the turn's first roll; [`PlayState::points_entry`] says what
    /// the rules allow). Written `points N` in the record; nothing in such
    /// a turn is judged.
    ///
    /// # Errors
    /// A category game, sixdice's seat, a turn already rolled, or points
    /// the rules refuse (the message names the rule); nothing changes then.
    pub fn score(&mut self, points: i64) -> Result<Vec<Event>, Error> {
        self.0.with_dependent_mut(|_, p| p.score(points))
    }

    /// The game with turn `turn` (1-based, in the order played), a turn
    /// entered by its points, corrected to `points` (a new session; this
    /// one is left as it was). The record keeps the correction in the
    /// line's comment (`corrected from 450`); every turn after it is
    /// replayed, and every value is the replay's.
    ///
    /// # Errors
    /// No such turn, a turn not entered by its points, points the rules
    /// refuse there, or a later line the corrected game no longer allows
    /// (its line named).
    pub fn correct(&self, turn: usize, points: i64, tables: &Path, progress: &dyn Progress) -> Result<Session, Error> {
        let mut record = self.record().clone();
        let turns = record.turns().count();
        let Some(line) = record.turns_mut().nth(turn.wrapping_sub(1)) else {
            return Err(Refusal::Points { why: format!("no turn {turn}: the game has had {turns}") }.into());
        };
        let Some(Step::Points { points: was }) = line.steps.last_mut() else {
            return Err(
                Refusal::Points { why: format!("turn {turn} was played roll by roll: undo it to change it") }.into()
            );
        };
        if *was != points {
            let note = format!("corrected from {was}");
            *was = points;
            line.comment = Some(match line.comment.take() {
                Some(c) => format!("{}; {note}", c.trim_end()),
                None => format!(" {note}"),
            });
        }
        Session::reopen(Arc::clone(self.0.borrow_owner()), &record, tables, progress)
    }

    /// `advise`'s answer for the position in play.
    ///
    /// # Errors
    /// No decision is due, or the game is over.
    pub fn hint(&self) -> Result<Advice, Error> {
        self.play().hint()
    }

    /// The legal decisions of the position in play, best first, with their
    /// values.
    ///
    /// # Errors
    /// No decision is due, or the game is over.
    pub fn choices(&self) -> Result<Vec<Choice>, Error> {
        self.play().choices()
    }

    /// The game so far as a record.
    pub fn record(&self) -> &Record {
        self.play().record()
    }
}
