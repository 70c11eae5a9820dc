//! [`Session`]: a game in play that owns its game, so that a front end can
//! keep it as long as it likes (a server's map of sessions, a Python
//! object) without holding a borrow of the game.
//!
//! The game's solved turns and tables borrow the game's rules; the session
//! keeps the game in an [`Arc`] beside the state that borrows it (a
//! self-referential pair, made safe by `self_cell`). Every method hands
//! over to the borrowing [`Play`], whose docs say what it does.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use super::play::Play;
use crate::dice::Counts;
use crate::error::{Error, Refusal, SessionError};
use crate::progress::{Progress, Silent};
use crate::pushluck::rollout::Rollouts;
use crate::pushluck::PushLuckGame;
use crate::question::{PlayQuestion, RolloutAsk};
use crate::record::{Decision, Record, Step};
use crate::registry::Game;
use crate::report::{Advice, Choice, ChoiceEstimate, Event, PlayState, TableEstimate};

self_cell::self_cell!(
    struct Owned {
        owner: Arc<Game>,
        #[covariant]
        dependent: Play,
    }
);

self_cell::self_cell!(
    /// The rollouts' tables of a game whose chances are estimated, with
    /// the turns solved so far (kept apart from the game in play: their
    /// caches are not covariant).
    struct KeptRollouts {
        owner: Arc<PushLuckGame>,
        #[not_covariant]
        dependent: Rollouts,
    }
);

/// A whole game played through its rules, a roll and a decision at a
/// time, with the solver's value of every position (see the module docs
/// of `session` in the code: values, luck and loss).
pub struct Session(Owned, Arc<OnceLock<KeptRollouts>>);

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
        Owned::try_new(game, |g| Play::new(g, q, tables, progress)).map(Session::of).map(|s| s.policy_loaded(progress))
    }

    /// Continues the game of `record` (a game stopped before its end) with
    /// its players, rules and seed; `game` must be the game its header
    /// names ([`crate::record_game`]).
    ///
    /// # Errors
    /// Another game; a line the rules refuse; dice that do not follow the
    /// record's seed; a game that is over.
    pub fn resume(game: Arc<Game>, record: &Record, tables: &Path, progress: &dyn Progress) -> Result<Session, Error> {
        Session::resumed(game, record, tables, progress).map(|s| s.policy_loaded(progress))
    }

    /// [`Session::resume`] without the rollouts' tables (an undo shares
    /// the earlier session's).
    fn resumed(game: Arc<Game>, record: &Record, tables: &Path, progress: &dyn Progress) -> Result<Session, Error> {
        Owned::try_new(game, |g| Play::resume(g, record, tables, progress)).map(Session::of)
    }

    /// This session with the rollouts' tables loaded where an `optimal`
    /// seat sixdice plays at estimated chances plays their policy (shown
    /// with `progress` here, rather than as a pause in its first move);
    /// where they cannot be had it plays for points, as the state says.
    fn policy_loaded(self, progress: &dyn Progress) -> Session {
        if self.play().wants_policy() {
            let _ = self.rollouts(progress);
        }
        self
    }

    /// The game of `record` again as a session, as [`Session::resume`]
    /// makes it, or, for a finished game, showing its end (a front end that
    /// keeps its games, e.g. a server restarted, opens each again).
    ///
    /// # Errors
    /// As [`Session::resume`], but a game that is over.
    pub fn reopen(game: Arc<Game>, record: &Record, tables: &Path, progress: &dyn Progress) -> Result<Session, Error> {
        Session::reopened(game, record, tables, progress).map(|s| s.policy_loaded(progress))
    }

    /// [`Session::reopen`] without the rollouts' tables (a correction
    /// shares the earlier session's).
    fn reopened(game: Arc<Game>, record: &Record, tables: &Path, progress: &dyn Progress) -> Result<Session, Error> {
        Owned::try_new(game, |g| Play::reopen(g, record, tables, progress, true)).map(Session::of)
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
        let mut s = Session::resumed(Arc::clone(self.0.borrow_owner()), &point.record, tables, progress)?;
        if let Some(dice) = &point.dice {
            s.0.with_dependent_mut(|_, p| p.roll_again(dice))?;
        }
        Ok(s.keeping_estimates(self))
    }

    fn of(owned: Owned) -> Session {
        Session(owned, Arc::default())
    }

    /// The rollouts' tables, loaded on the first estimate and kept.
    fn rollouts(&self, progress: &dyn Progress) -> Result<&KeptRollouts, Error> {
        if let Some(r) = self.1.get() {
            return Ok(r);
        }
        let why = || SessionError::NotEstimated { why: "its values are not estimated by rollouts".into() };
        let (game, tables) = self.play().rollouts_source().ok_or_else(why)?;
        let kept = KeptRollouts::try_new(game, |g| Rollouts::load(g, &tables, progress))?;
        Ok(self.1.get_or_init(|| kept))
    }

    fn play(&self) -> &Play<'_> {
        self.0.borrow_dependent()
    }

    /// The game as a front end shows it now: what is needed next (whose
    /// move, and what kind), the table, what the values are, whether a
    /// decision can be taken back.
    pub fn state(&self) -> PlayState {
        let mut state = self.play().state();
        if self.play().wants_policy() {
            // Loaded again where a front end let them go (from disk: the
            // first load saved them), so that what is said is what the
            // next move plays.
            state.optimal_plays = Some(match self.rollouts(&Silent).ok() {
                Some(k) => format!(
                    "The seats sixdice plays as optimal play to win by the rollouts' policy: {}",
                    k.with_dependent(|_, r| r.policy_words())
                ),
                None => {
                    "The seats sixdice plays as optimal play for expected points: the rollouts' tables are not at hand \
                         (an estimate says why)"
                        .to_string()
                }
            });
        }
        state
    }

    /// Moves for every seat sixdice plays until a person must act: a
    /// person's roll or decision, the end, or (dice typed at the table) a
    /// roll of sixdice's seat, whose dice [`Session::roll`] then takes.
    /// Returns what happened.
    ///
    /// # Errors
    /// A table that cannot be read.
    pub fn advance(&mut self) -> Result<Vec<Event>, Error> {
        self.advance_until(false)
    }

    /// [`Session::advance`], stopping also where a turn ends: a front end
    /// that shows every seat's chances after each turn
    /// ([`Session::estimate_seats`]) moves sixdice's seats a turn at a time.
    /// Returns what happened (nothing: a person must act, or the game is
    /// over).
    ///
    /// # Errors
    /// As [`Session::advance`].
    pub fn advance_turn(&mut self) -> Result<Vec<Event>, Error> {
        self.advance_until(true)
    }

    /// sixdice's seats moved on; where the chances are estimated, an
    /// `optimal` seat plays the rollouts' policy (their tables loaded if
    /// they were let go: from disk, where the first load saved them),
    /// else, where they cannot be had, for expected points (the state's
    /// `optimal_plays` says which).
    fn advance_until(&mut self, turn_end: bool) -> Result<Vec<Event>, Error> {
        if self.play().wants_policy() {
            // An error here is the estimate's to tell: the seat plays on
            // for points.
            let _ = self.rollouts(&Silent);
        }
        let Session(owned, kept) = self;
        match kept.get() {
            Some(k) => k.with_dependent(|_, r| owned.with_dependent_mut(|_, p| p.advance_until(turn_end, Some(r)))),
            None => owned.with_dependent_mut(|_, p| p.advance_until(turn_end, None)),
        }
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
        // Turns from the corrected one on are new: their estimates go.
        let kept = Session::reopened(Arc::clone(self.0.borrow_owner()), &record, tables, progress)?;
        let mut earlier = self.state().turns;
        earlier.truncate(turn - 1);
        let mut kept = kept.keeping_log(&earlier);
        kept.1 = Arc::clone(&self.1);
        Ok(kept)
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

    /// Every seat's P(win) at the start of the turn in play, estimated by
    /// rollouts (a game of three to eight players that no exact table
    /// fits: [`PlayState::estimated`] says so), each with its 95%
    /// interval; kept in the score table as the chances after the turn
    /// before. `ask` sets the count and seed (a two-second budget without a
    /// count).
    ///
    /// # Errors
    /// No estimate here (exact values, one player, the last round, a game
    /// over); a pair table missing and slow to solve.
    pub fn estimate_seats(&mut self, ask: &RolloutAsk, progress: &dyn Progress) -> Result<TableEstimate, Error> {
        self.rollouts(progress)?;
        let Session(owned, kept) = self;
        let kept = kept.get().expect("loaded above");
        kept.with_dependent(|_, r| owned.with_dependent_mut(|_, p| p.estimate_seats(r, ask, progress)))
    }

    /// The roll in play, every play ranked by its P(win) estimated by
    /// rollouts (each with its interval and its distance below the best).
    ///
    /// # Errors
    /// No roll to decide on; no estimate here.
    pub fn hint_by_rollouts(&self, ask: &RolloutAsk, progress: &dyn Progress) -> Result<Advice, Error> {
        self.rollouts(progress)?.with_dependent(|_, r| self.play().hint_by_rollouts(r, ask, progress))
    }

    /// The decision `words` on the roll in play judged by rollouts against
    /// the best on the same dice, without making it: a coach's verdict
    /// that calls a play worse only where the rollouts tell it apart.
    ///
    /// # Errors
    /// Words that are not a set-aside of the roll; as
    /// [`Session::hint_by_rollouts`].
    pub fn judge_by_rollouts(
        &self,
        words: &str,
        ask: &RolloutAsk,
        progress: &dyn Progress,
    ) -> Result<ChoiceEstimate, Error> {
        self.rollouts(progress)?.with_dependent(|_, r| self.play().judge_by_rollouts(r, words, ask, progress))
    }

    /// Lets the rollouts' tables and solved turns go (a front end keeping
    /// many games holds them for a few); the next estimate loads them again.
    pub fn forget_rollouts(&mut self) {
        self.1 = Arc::default();
    }

    /// This session with the estimates `earlier` kept for the same turns,
    /// and its rollouts' solved turns.
    fn keeping_estimates(mut self, earlier: &Session) -> Session {
        self.1 = Arc::clone(&earlier.1);
        self.keeping_log(&earlier.state().turns)
    }

    fn keeping_log(mut self, log: &[crate::report::TurnResult]) -> Session {
        self.0.with_dependent_mut(|_, p| p.keep_estimates(log));
        self
    }
}
