//! What a family's table tells the session as a game goes on ([`Note`]),
//! and what the session keeps of it: each player's [`Ledger`] of luck and
//! loss, and the valued [`Moment`]s a review reads (see the module docs of
//! `session`).

use crate::computer::Player;
use crate::dice::Counts;
use crate::pushluck::situation::Situation;
use crate::record::{Step, Then};
use crate::report::{Advice, TableView, TurnEnd};

/// Who plays a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Seat {
    /// A person: decisions are typed (or read from a record).
    Person,
    /// sixdice plays it with this policy.
    Computer(Player),
}

/// What a table reports to the session.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Note {
    /// A seat's value starts (again) from `value`: the game's start, or
    /// (turn points) a turn's start.
    Start { seat: usize, value: f64 },
    /// Every seat's value at a turn's start, as the table has it (each
    /// player's own P(win) in a game of three): the first starts every
    /// ledger, each later one books what moved since as gifts.
    Chances { values: Vec<f64> },
    /// A new turn line for `seat` in the record.
    TurnBegins { seat: usize },
    /// Dice rolled; `post` is the mover's value with them (the best play's).
    Roll { seat: usize, dice: Vec<u8>, post: f64, farkle: bool },
    /// A decision, judged.
    Decision { seat: usize, judged: Judged },
    /// A turn entered by its result: `points` banked (0: a farkle); `post`
    /// is the mover's value at the turn's end.
    Points { seat: usize, points: i64, post: f64 },
    /// A step of the record's current turn.
    Step(Step),
    /// A turn ended; `settle` (turn points) closes the seat's value there.
    TurnOver { seat: usize, how: TurnEnd, total: i64, settle: bool },
    /// The game ended; `results` (per seat) close every ledger.
    GameOver { winners: Vec<usize>, totals: Vec<i64>, results: Option<Vec<f64>> },
}

/// How the players' values relate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Two players, P(win): one's gain is the other's loss.
    ZeroSum,
    /// Each player's own P(win) (three players): the mover's followed
    /// through their turn, every seat's read again at each turn start.
    Chances,
    /// Each player's own value (expected points).
    Own,
}

/// One player's value through the game (see the module docs).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Ledger {
    pub(crate) start: f64,
    pub(crate) luck: f64,
    pub(crate) loss: f64,
    pub(crate) gifts: f64,
    /// The value now.
    pub(crate) running: f64,
    /// Results of closed stretches (turns, or the game).
    pub(crate) settled: f64,
    /// The value is being followed (a stretch started and not settled).
    pub(crate) open: bool,
}

/// One valued moment of the game, for review.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Moment {
    pub(crate) seat: usize,
    /// The turn (1-based, in the order played).
    pub(crate) turn: usize,
    pub(crate) kind: MomentKind,
    /// Every seat's value after the moment.
    pub(crate) values: Vec<f64>,
    /// A decision's position just before it was applied (see [`Before`]).
    pub(crate) before: Option<Box<Before>>,
}

/// What a decision faced, kept by [`Play::apply`] for review: the table
/// as the players saw it, the dice decided on (none at a leftover's take
/// or fresh), and `advise`'s ranking of every alternative there (none if
/// the table could not rank them).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Before {
    pub(crate) view: TableView,
    pub(crate) dice: Vec<u8>,
    pub(crate) advice: Option<Advice>,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum MomentKind {
    Roll {
        dice: Vec<u8>,
        farkle: bool,
        /// The mover's value before and after.
        before: f64,
        after: f64,
    },
    Decision(Judged),
    /// A turn entered by its result (nothing in it judged): the mover's
    /// value before and after.
    Points {
        points: i64,
        before: f64,
        after: f64,
    },
}

/// A decision: the best play's value and text, and the one played's.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Judged {
    pub(crate) best: f64,
    pub(crate) chosen: f64,
    /// The number of legal plays (1: forced).
    pub(crate) choices: usize,
    pub(crate) best_text: String,
    pub(crate) played_text: String,
    /// Under the win objective: the same decision's loss in expected
    /// points of the turn.
    pub(crate) points_loss: Option<f64>,
    /// Where the chances are estimated by rollouts: the decision's
    /// position as they ask it (`review` judges it so).
    pub(crate) rollout_at: Option<Box<RolloutAt>>,
}

/// A decision of an ordinary turn as the rollouts ask it: the mover's
/// total, the others' in turn order from the next, the roll, and the
/// play made.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RolloutAt {
    pub(crate) mine: i64,
    pub(crate) others: Vec<i64>,
    pub(crate) situation: Situation,
    pub(crate) dice: Counts,
    pub(crate) keep: Counts,
    pub(crate) then: Then,
}
