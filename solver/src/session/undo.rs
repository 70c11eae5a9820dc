//! Taking back a decision: the game as it stood before the last decision
//! a person made.
//!
//! A session's state is a replay of its record (that is how `resume`
//! works), so undo is a shorter record replayed: the record is cut at
//! the step of that decision, so the decision, everything after it in its
//! turn and every later turn (sixdice's moves included) go, and the game is
//! resumed from what is left. The dice of the cut step were rolled before
//! the decision, so they are rolled again, the same dice: a seeded session's
//! generator stands where it stood before that roll, so its next roll is
//! that roll; typed dice are given again. Nothing is valued by hand: every
//! value after an undo is the replay's, the same as if the decision had
//! never been made.

use crate::dice::counts_of;
use crate::error::{Error, SessionError};
use crate::record::{Action, Line, Record, Step};

use super::play::Play;

/// Where an undo goes back to.
pub(crate) struct UndoPoint {
    /// The record without the decision and what followed it.
    pub(crate) record: Record,
    /// The dice rolled before the decision, to roll again (`None`: the
    /// decision was taking or declining a leftover, made before any roll).
    pub(crate) dice: Option<Vec<u8>>,
}

impl Play<'_> {
    /// Whether a person has made a decision to take back.
    pub(crate) fn can_undo(&self) -> bool {
        self.last_decision().is_some()
    }

    /// The record and roll an undo goes back to.
    ///
    /// # Errors
    /// No person has made a decision yet.
    pub(crate) fn undo_point(&self) -> Result<UndoPoint, Error> {
        let (line, step) = self.last_decision().ok_or(SessionError::NothingToUndo)?;
        let mut record = self.record().clone();
        record.lines.truncate(line + 1);
        let Some(Line::Turn(turn)) = record.lines.last_mut() else {
            unreachable!("last_decision points at a turn line")
        };
        let cut = turn.steps.drain(step..).next();
        turn.comment = None;
        if turn.steps.is_empty() {
            record.lines.pop();
        }
        let dice = match cut {
            Some(Step::Roll { dice, .. }) => Some(dice),
            _ => None,
        };
        Ok(UndoPoint { record, dice })
    }

    /// The last decision a person made: the index of its line in the
    /// record and of its step in that line's turn. A roll that scored
    /// nothing was no decision.
    fn last_decision(&self) -> Option<(usize, usize)> {
        let record = self.record();
        record.lines.iter().enumerate().rev().find_map(|(i, line)| {
            let Line::Turn(turn) = line else { return None };
            let seat = self.seat_named(&turn.player)?;
            if self.is_computer(seat) {
                return None;
            }
            let step = turn.steps.iter().rposition(|s| !matches!(s, Step::Roll { action: Action::Farkle, .. }))?;
            Some((i, step))
        })
    }

    /// The seat of the player a record's turn names.
    fn seat_named(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// Rolls again the dice of an undone step: typed dice given again, or
    /// as many dice rolled with the seed (which rolls the same ones, its
    /// generator standing where it stood before them).
    ///
    /// # Errors
    /// The rules refuse them (not the number of dice due).
    pub(crate) fn roll_again(&mut self, dice: &[u8]) -> Result<(), Error> {
        if self.rng.is_some() {
            self.roll_some(dice.len())?;
        } else {
            self.roll(Some(counts_of(dice)))?;
        }
        Ok(())
    }
}
