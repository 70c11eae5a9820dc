//! The reports of a game session (`play`): what the session asks for next,
//! what just happened, and the table as the players see it.

use serde::Serialize;

use crate::record::Decision;
use crate::vocabulary::{GameRef, Objective};

/// What the session needs next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "prompt", rename_all = "kebab-case")]
pub enum Prompt {
    /// The previous player left dice: `take` them (with their points) or
    /// start `fresh`.
    Offer { seat: usize, player: String, dice: u8, points: i64 },
    /// Dice to roll: the session rolls them, or they are typed. `fewer`:
    /// near an exact goal the player may roll only some of them (1 to
    /// `dice`), keeping the others for later rolls.
    Roll { seat: usize, player: String, dice: usize, fewer: bool },
    /// A roll to decide on, in the words of a record's step. `locked`:
    /// the dice among `dice` locked on an earlier roll (Six Hundred's
    /// locked dice), which every play keeps.
    Decide { seat: usize, player: String, dice: Vec<u8>, roll: u32, locked: Vec<u8> },
    /// The game is over.
    Over,
}

impl Prompt {
    /// The seat that acts next, if the game goes on.
    pub fn seat(&self) -> Option<usize> {
        match self {
            Prompt::Offer { seat, .. } | Prompt::Roll { seat, .. } | Prompt::Decide { seat, .. } => Some(*seat),
            Prompt::Over => None,
        }
    }
}

/// A game in play as a front end shows it after every move: what is
/// needed next, the table, and what the values are.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayState {
    pub prompt: Prompt,
    pub view: TableView,
    /// What the values are: P(win), or expected points.
    pub objective: Objective,
    /// Where a game of several is judged by expected points rather than
    /// the chance of winning: the sentence that says so, and why.
    pub judging: Option<String>,
    /// Where the chances are exact over the states a game from the start
    /// reaches, no whole table of the players fitting: the sentence that
    /// says so (the values are then not "from the win table").
    pub exact_from: Option<String>,
    /// Where each seat's P(win) is to be had by rollouts only (three to
    /// eight players, no exact table): why. [`crate::Session::estimate_seats`],
    /// [`crate::Session::hint_by_rollouts`] and
    /// [`crate::Session::judge_by_rollouts`] answer then.
    pub estimated: Option<String>,
    /// Where the chances are estimated and sixdice plays an `optimal`
    /// seat: how it plays (the rollouts' policy, to win, or, where their
    /// tables cannot be had, for expected points).
    pub optimal_plays: Option<String>,
    pub over: bool,
    /// The seed of the dice the session rolls (`None`: every roll is
    /// typed, as rolled at a real table).
    pub seed: Option<u64>,
    /// The dice are rolled at the table and typed.
    pub dice_from_me: bool,
    /// A person has made a decision that can be taken back.
    pub can_undo: bool,
    /// Dice typed at the table, a seat sixdice plays to roll: how many
    /// dice it rolls now (near an exact goal its policy may keep some
    /// back); `None` otherwise.
    pub computer_dice: Option<usize>,
    /// Push-your-luck, a person's turn not yet rolled: the turn may be
    /// entered by its result ([`crate::Session::score`]), within these
    /// bounds; `None` otherwise.
    pub points_entry: Option<PointsEntry>,
    /// Every turn played, in order: the round-by-round table.
    pub turns: Vec<TurnResult>,
}

/// What a turn entered by its result may bank: a multiple of `unit`,
/// 0 (a farkle) or from `least` up to `most` (where the rules cap it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PointsEntry {
    pub seat: usize,
    pub player: String,
    /// Every score is a multiple of this.
    pub unit: i64,
    /// The fewest points that bank: the entry threshold off the board,
    /// the minimum bank on it, above a leftover's points once taken.
    pub least: i64,
    /// The most that may be banked (an exact goal: what reaches it).
    pub most: Option<i64>,
    /// The rules in one sentence, for the person typing.
    pub text: String,
}

/// One turn as the score table shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TurnResult {
    /// The turn's number, from 1, in the order played.
    pub turn: usize,
    pub seat: usize,
    pub player: String,
    pub how: TurnEnd,
    /// The player's total after it.
    pub total: i64,
    /// Entered by its result (`points N`), not roll by roll.
    pub entered: bool,
    /// Each seat's P(win) after the turn, where the values are chances
    /// (two and three players); `None` where they are expected points.
    pub chances: Option<Vec<f64>>,
    /// Where no exact table gives chances: each seat's P(win) after the
    /// turn estimated by rollouts, once a front end asked for it
    /// ([`crate::Session::estimate_seats`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimates: Option<Vec<crate::report::Interval>>,
}

/// Something that happened at the table, with its sentence (`text`):
/// every front end says it in the same words.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// Dice were rolled (`farkle`: nothing in them scores).
    Rolled { seat: usize, player: String, dice: Vec<u8>, farkle: bool, text: String },
    /// A decision: what was played, the best play, and what the
    /// difference cost under the session's objective (0 for the best).
    Decided {
        seat: usize,
        player: String,
        played: String,
        best: String,
        value_played: f64,
        value_best: f64,
        loss: f64,
        /// Only one legal play.
        forced: bool,
        text: String,
        /// The decision judged, for a coach: `the best play`, `the only
        /// play`, or `that cost 0.15 percentage points of P(win); best
        /// was: ...`.
        verdict: String,
    },
    /// A turn ended: how, and the player's total after it.
    TurnOver { seat: usize, player: String, how: TurnEnd, total: i64, text: String },
    /// The game ended; `winners` are seats (several only for equal
    /// category scores).
    GameOver { winners: Vec<usize>, totals: Vec<i64>, text: String },
}

impl Event {
    /// The event in words.
    pub fn text(&self) -> &str {
        match self {
            Event::Rolled { text, .. }
            | Event::Decided { text, .. }
            | Event::TurnOver { text, .. }
            | Event::GameOver { text, .. } => text,
        }
    }
}

/// How a turn ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "how", rename_all = "kebab-case")]
pub enum TurnEnd {
    /// Banked points (push-your-luck); `counted` false when the bank
    /// scored nothing (under the entry threshold, past an exact goal).
    Bank { points: i64, counted: bool },
    /// Nothing scored; `penalty` is what a third farkle in a row cost.
    Farkle { penalty: i64 },
    /// Under `piggyback=return`: a farkle on this player's leftover gave
    /// them back the inherited `points` (not their turn: another's end).
    Returned { points: i64 },
    /// An instant win.
    InstantWin,
    /// A box scored (category games), with any bonus it earned.
    Scored { category: String, points: u32, bonus: u32 },
}

/// The table as the players see it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableView {
    pub game: GameRef,
    /// What the session's values are: P(win) for two-player push-your-luck
    /// games, else expected points (of the turn, or of the final score).
    pub objective: Objective,
    pub seats: Vec<SeatView>,
    /// Whose turn it is (none once the game is over).
    pub mover: Option<usize>,
    /// The turn in play: points at stake, dice, roll number.
    pub turn: Option<TurnView>,
    /// Someone reached the goal: the others' last turns (push-your-luck).
    pub last_turns: Option<LastTurns>,
    pub over: bool,
}

/// One seat.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatView {
    pub player: String,
    /// Played by sixdice (`optimal`, `ev`, `threshold=N`, `human`).
    pub computer: bool,
    /// Points banked (push-your-luck) or on the sheet, bonuses included.
    pub total: i64,
    /// Push-your-luck: on the board (past the entry threshold).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_board: Option<bool>,
    /// Push-your-luck with the three-farkle penalty: farkles in a row.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub farkles: Option<u8>,
    /// Category games: the sheet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sheet: Option<SheetView>,
    /// The player's value now under the session's objective (P(win), or
    /// the expected final score; for a turn's expected points, that of the
    /// turn in play).
    pub value: f64,
}

/// A score sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SheetView {
    pub boxes: Vec<BoxView>,
    /// Upper section so far, its bonus threshold and whether it is earned.
    pub upper: Option<UpperView>,
    /// Bonus points besides boxes (extra Yahtzees, a full card).
    pub bonus: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoxView {
    pub name: String,
    pub points: Option<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct UpperView {
    pub total: u32,
    pub threshold: u32,
    pub bonus: u32,
}

/// The turn in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TurnView {
    /// Which roll of the turn comes next or was just made (1-based).
    pub roll: u32,
    /// Push-your-luck: points set aside this turn, at stake.
    pub at_stake: i64,
    /// Dice to roll next, or just rolled.
    pub dice: usize,
    /// Category games: the dice kept or locked so far this turn.
    pub kept: Vec<u8>,
}

/// The last turns after someone reached the goal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LastTurns {
    pub leader: usize,
    pub leader_total: i64,
}

/// One legal decision of the position in play, with its value: a
/// session's [`crate::Session::choices`] lists them ranked as `advise`
/// ranks them, best first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Choice {
    pub decision: Decision,
    /// The decision in a record's words (`keep 15 roll`, `score fives`).
    pub words: String,
    /// For people, in `advise`'s words (`set aside 1,5, then roll 4 dice`).
    pub description: String,
    /// Its value under the session's objective (P(win), or expected points).
    pub value: f64,
    /// Push-your-luck: the dice rolled next (a leftover taken: its dice).
    pub roll_dice: Option<u8>,
    /// Push-your-luck: the turn's points at stake after it.
    pub at_stake: Option<i64>,
    /// Category games: the points a box scored now gets.
    pub score: Option<u32>,
}
