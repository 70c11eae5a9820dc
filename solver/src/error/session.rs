//! Errors of game sessions and records read against the rules.

use crate::record::RecordError;

use super::field::Field;

/// A decision, a roll or a record that the game's rules do not allow, or a
/// record whose header does not make a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// A roll or a decision the rules refuse here ([`Refusal`] says which
    /// kind, and why).
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// Typed words that are not a decision.
    #[error("{0}")]
    Words(RecordError),
    /// A record's line breaks the rules: its step (1-based, and the
    /// step's words) when one step is to blame, and why.
    #[error("line {line}: {}{refusal}", step_part(.step))]
    AtLine { line: usize, step: Option<(usize, String)>, refusal: Refusal },
    /// `resume`: the game named is not the record's.
    #[error("the record is a game of {record}, not {given}")]
    NotTheRecordsGame { record: String, given: String },
    /// `resume`: the record's dice are not its seed's from this line on.
    #[error("the dice do not follow the record's seed from line {line}: the seed cannot say what comes next")]
    OffSeed { line: usize },
    /// `resume`: the record's game is over.
    #[error("the record's game is over: there is nothing to resume")]
    NothingToResume,
    /// `undo`: no person has made a decision yet.
    #[error("there is no decision of a player's to take back yet")]
    NothingToUndo,
    /// A player list with an empty name (`,optimal`).
    #[error("player {seat} of {players} has no name: the players are names separated by commas (e.g. me,optimal)")]
    NoName { seat: usize, players: usize },
    /// The record's header names no game sixdice knows, or options it refuses.
    #[error("line {line}: {why}")]
    Header { line: usize, why: String },
    #[error("the game is over")]
    Over,
    #[error("{players} players: a game has 1 to {most}")]
    PlayerCount { players: usize, most: usize },
    #[error("`{name}` is not a player sixdice can play{why}")]
    Computer { name: String, why: String },
    #[error("seat {seat} is a person's: sixdice does not move for them")]
    PersonSeat { seat: usize },
    #[error("seat {seat} is sixdice's: it plays its own turns")]
    ComputerSeat { seat: usize },
    /// sixdice's seats went on moving without a person's turn: a bug.
    #[error("sixdice's seats made {moves} moves without a person's turn")]
    Runaway { moves: usize },
    /// An estimate by rollouts asked of a game or a moment that has none:
    /// its values are exact chances, or the game is one of points, or it
    /// is in its last round (valued exactly by the chance of passing).
    #[error("no estimate by rollouts here: {why}")]
    NotEstimated { why: String },
}

/// Why a session refuses a roll or a decision: typed, so that a front end
/// can tell the kinds apart ([`Refusal::field`]: the dice or the decision);
/// each message is one line in the games' words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Dice were given where the session waits for something else.
    #[error("no roll is due: {expecting}")]
    NoRollDue { expecting: String },
    /// Advice or a decision asked for where none is due.
    #[error("no decision is due: {expecting}")]
    NoDecisionDue { expecting: String },
    /// A decision was given where something else comes first (a roll, or
    /// taking or declining a leftover).
    #[error("{first} first")]
    NotYet { first: String },
    /// The wrong number of dice for the roll (`allowed`: `5`, `1 to 5`).
    #[error("{allowed} {} to roll, not {got}{}", if .allowed == "1" { "die" } else { "dice" }, dice_part(.dice))]
    DiceCount { allowed: String, got: usize, dice: Option<String> },
    /// A category roll written as a hand that does not hold the dice
    /// kept or locked before it.
    #[error("the hand {hand} does not hold the dice {how} ({held})")]
    HandMissesKept { hand: String, held: String, how: &'static str },
    /// A category roll written as a hand of the wrong size.
    #[error("{hand} has {got} dice, not {want} (a category roll is written as the whole hand)")]
    HandSize { hand: String, got: usize, want: usize },
    /// A session without a seed was asked to roll.
    #[error("this session has no seed: give the dice rolled")]
    NoSeed,
    /// Dice named in a decision that are not among the dice in play.
    #[error("{what} {dice} is not among the dice rolled ({rolled})")]
    NotAmongDice { what: &'static str, dice: String, rolled: String },
    /// A decision of a kind the position does not take (`why` says what
    /// it takes).
    #[error("{why}")]
    WrongKind { why: String },
    /// A set-aside that does not score.
    #[error("setting aside {dice} from {rolled} does not score (set-asides that do: {scoring})")]
    DoesNotScore { dice: String, rolled: String, scoring: String },
    /// Dice to keep or lock that are not among the choices.
    #[error("{verb} {dice} is not a choice here")]
    NotAChoice { verb: &'static str, dice: String },
    /// Locked dice (Six Hundred) cannot be unlocked.
    #[error("locked dice stay locked: lock {locked} and the dice added now")]
    Unlocked { locked: String },
    /// A bank the rules do not allow (below an entry or minimum).
    #[error("banking {points} points is not allowed here")]
    BankForbidden { points: i64 },
    /// Rolling on with no dice or rolls left.
    #[error("no dice or rolls are left to roll")]
    NothingToRoll,
    /// A box the game does not have.
    #[error("no box `{name}` in {game} (boxes: {boxes})")]
    NoSuchBox { name: String, game: String, boxes: String },
    /// A box already filled.
    #[error("{name} is filled already ({points})")]
    BoxFilled { name: String, points: u32 },
    /// A box the dice cannot go in under the rules.
    #[error("{dice} cannot go in {name} under the rules (boxes it can: {boxes})")]
    BoxNotAllowed { dice: String, name: String, boxes: String },
    /// Typed words claim a number the decision does not give (`roll 4
    /// dice` where five would be rolled, `score 99 in chance`).
    #[error("{decision} gives {actual}, not {claimed} as typed")]
    Contradicts { decision: String, claimed: String, actual: String },
    /// A total the win table does not reach.
    #[error("a total of {total} is outside the win table")]
    OffTable { total: i64 },
    /// A record's turn for a player whose turn it is not.
    #[error("it is {turn}'s turn, not {named}'s")]
    NotTheirTurn { turn: String, named: String },
    /// A record's turn after the game ended.
    #[error("the game is over; {named} has no turn")]
    AfterTheEnd { named: String },
    /// A record's line going on after its turn ended.
    #[error("the turn ended at step {step} ({ended_by}), yet the line goes on")]
    LineGoesOn { step: usize, ended_by: String },
    /// A record's turn line that stops before its turn is over (only the
    /// last line of an unfinished game may).
    #[error(
        "the turn is not over at the end of the line: {expecting} (only the record's last line may stop mid-turn)"
    )]
    TurnNotOver { expecting: String },
    /// A record's `take` or `fresh` after the turn's first step.
    #[error("take and fresh come first in a turn")]
    TakeNotFirst,
    /// A record's `farkle` on a roll that scores.
    #[error("{dice} needs a decision: `farkle` is for a roll where nothing scores")]
    NotAFarkle { dice: String },
    /// A turn entered by its points that the rules refuse (`why` says
    /// which rule, and what to enter instead).
    #[error("{why}")]
    Points { why: String },
    /// A record's decision on a roll where nothing scores.
    #[error("nothing in {dice} scores: a farkle")]
    Farkled { dice: String },
}

fn step_part(step: &Option<(usize, String)>) -> String {
    step.as_ref().map_or_else(String::new, |(j, s)| format!("step {j} ({s}): "))
}

fn dice_part(dice: &Option<String>) -> String {
    dice.as_ref().map_or_else(String::new, |d| format!(" ({d})"))
}

impl SessionError {
    /// The part of a question the error is about: a refused roll's dice or
    /// decision; the players; a record.
    pub(crate) fn field(&self) -> Option<Field> {
        match self {
            SessionError::Refused(r) => Some(r.field()),
            SessionError::Words(_) => Some(Field::Choice),
            SessionError::NoName { .. } | SessionError::PlayerCount { .. } | SessionError::Computer { .. } => {
                Some(Field::Players)
            }
            SessionError::AtLine { .. }
            | SessionError::NotTheRecordsGame { .. }
            | SessionError::OffSeed { .. }
            | SessionError::Header { .. } => Some(Field::Record),
            _ => None,
        }
    }
}

impl Refusal {
    /// Which input was refused: the dice rolled, or the decision.
    pub(crate) fn field(&self) -> Field {
        match self {
            Refusal::NoRollDue { .. }
            | Refusal::DiceCount { .. }
            | Refusal::HandMissesKept { .. }
            | Refusal::HandSize { .. }
            | Refusal::NoSeed
            | Refusal::OffTable { .. } => Field::Dice,
            Refusal::Points { .. } => Field::Points,
            _ => Field::Choice,
        }
    }
}
