//! The questions the library answers: one type per command.
//!
//! A front end resolves a game once ([`crate::resolve`]) and asks it
//! questions; each command of [`crate::commands`] takes the game and one of
//! these. They are plain data, checked by the library when asked (ranges,
//! what the rules allow), so any front end gets the same checks and the
//! same errors. They derive `Deserialize`, so a front end can take them as
//! JSON; the fields that name files (house-rules files, a record's
//! directory) are never read from JSON (`serde(skip)`): a file is named by
//! the caller, not by whoever sent the question.

use std::path::PathBuf;

use serde::Deserialize;

use crate::dice::Counts;
use crate::options::RuleOption;
use crate::vocabulary::{Objective, Thresholds};

/// `solve`: which table to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct SolveQuestion {
    /// [`Objective::Win`] for the win table (push-your-luck games); either
    /// score objective for the game's own.
    pub objective: Objective,
    /// Win objective: the players at the table (2 or 3; the win table of
    /// each count is its own).
    pub players: usize,
    /// Score-sheet games: the final-score distribution's table (under the
    /// expected score).
    pub distribution: bool,
    /// Start a whole solve that takes longer than a front end starts
    /// unasked (Six Hundred's, hours of both cores): the caller's choice,
    /// never the asker's (not read from JSON).
    #[serde(skip)]
    pub allow_long: bool,
}

/// `info`: which table to read, and how thoroughly.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct InfoQuestion {
    /// As in [`SolveQuestion`].
    pub objective: Objective,
    /// Check every data checksum, however large the table.
    pub verify: bool,
    /// As in [`SolveQuestion`].
    pub players: usize,
    /// As in [`SolveQuestion`].
    pub distribution: bool,
    /// Score-sheet games: the final score to reach (the target table): its
    /// best chance from `sheet`, beside the expected-score play's.
    pub target: Option<u32>,
    /// Score-sheet games, with `target` or `distribution`: the sheet to
    /// read the chances at (`None`: the empty sheet, and the table's facts).
    pub sheet: Option<String>,
}

/// `advise`: a question in the form of the game's family.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum AdviseQuestion {
    Category(CategoryQuestion),
    PushLuck(PushLuckQuestion),
}

/// A question about a category game.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct CategoryQuestion {
    /// The score sheet so far, in the sheet syntax of [`super::sheet`].
    pub sheet: String,
    /// The dice just rolled; `None` asks for the value of the sheet before
    /// the turn's first roll.
    pub dice: Option<Counts>,
    /// Which roll of the turn the dice are (1-based; default 1).
    pub roll: Option<u32>,
    /// Locked keep rule: the dice among `dice` that were locked before this
    /// roll (only on a middle roll).
    pub locked: Option<Counts>,
    /// The final score to reach: rank by the best chance of reaching it
    /// (`None`: by expected final score).
    pub target: Option<u32>,
    /// The exact final-score distribution of every alternative (expected
    /// score only; solved first when its table is missing and quick).
    pub distribution: bool,
    /// Playing to win: the other players' sheets (full, or still in play
    /// before their next turn), in the sheet syntax; empty: not playing to
    /// win.
    pub opponents: Vec<String>,
}

/// What the player has in front of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Start {
    /// The dice just rolled.
    Roll(Counts),
    /// Piggyback: the previous player's leftover dice, as a number.
    Leftover(u8),
}

/// A question about a push-your-luck turn.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct PushLuckQuestion {
    pub start: Start,
    /// Points set aside earlier this turn and still at stake (with a
    /// leftover: the points the previous player left).
    pub banked: i64,
    /// The player's game total; `None`: on the board, a whole goal away.
    pub score: Option<i64>,
    /// Farkles in a row so far (three-farkle penalty).
    pub farkles: u32,
    /// 1s set aside as 1s this turn (Van't Hof), taken to have scored as singles.
    pub ones: u32,
    /// Which roll of the turn this is (1 = first); `None`: inferred.
    pub roll: Option<u32>,
    /// Win objective: the opponent's game total (at or past the goal: this
    /// is the player's last turn).
    pub opponent: Option<i64>,
    /// Win objective, three-farkle penalty: the opponent's farkles in a row.
    pub opponent_farkles: u32,
    /// Win objective under `piggyback=return`: this turn began on the
    /// opponent's leftover with these points inherited (a farkle gives
    /// them back to the opponent); `None`: a fresh turn.
    pub inherited: Option<i64>,
    /// Win objective, a game of more than two: the totals of the players
    /// after `opponent` (the next player), in turn order; empty in a game
    /// of two.
    pub later_opponents: Vec<i64>,
    /// Near an exact goal where the rules let a player roll fewer dice
    /// (Yahtzix's variation L): dice that could have been rolled but were
    /// kept back for a later roll; 0 otherwise.
    pub held: u8,
    /// [`Objective::Win`]: maximise the probability of winning the
    /// two-player game (implied by an opponent's total); else the expected
    /// score of this turn.
    pub objective: Objective,
    /// Win objective, a game of more than two: how to estimate by
    /// rollouts where no exact table fits (or always, when forced).
    #[serde(default)]
    pub rollouts: RolloutAsk,
}

/// How an estimate by rollouts is asked for: the position played out many
/// times under a stated policy for every seat (see `docs/how-it-works.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(default)]
pub struct RolloutAsk {
    /// Roll out even where an exact table answers (to check one against
    /// the other).
    pub force: bool,
    /// Exactly this many rollouts per alternative (the same count and seed
    /// give the same numbers); `None`: as many as a two-second budget
    /// allows.
    pub count: Option<u64>,
    /// The dice's seed.
    pub seed: u64,
}

impl RolloutAsk {
    /// Exactly `count` rollouts (or a two-second budget) on the dice of
    /// `seed` (default 0), the count bounded before anything is played.
    ///
    /// # Errors
    /// A count outside 1 to 10,000,000.
    pub fn counted(count: Option<u64>, seed: Option<u64>) -> Result<RolloutAsk, crate::error::Error> {
        use crate::error::{Field, RequestError};
        if let Some(n) = count.filter(|n| !(1..=crate::limits::ROLLOUTS_MAX).contains(n)) {
            return Err(RequestError::Range { value: n, range: "1 to 10,000,000", field: Field::Rollouts }.into());
        }
        Ok(RolloutAsk { force: false, count, seed: seed.unwrap_or(0) })
    }
}

impl PushLuckQuestion {
    /// Whether the question is about winning the game: asked so, or an
    /// opponent's total or farkles given.
    pub(crate) fn wants_win(&self) -> bool {
        self.objective == Objective::Win
            || self.opponent.is_some()
            || self.opponent_farkles > 0
            || !self.later_opponents.is_empty()
    }

    /// A plain roll with nothing else given (the engines' tests).
    #[cfg(test)]
    pub(crate) fn roll(dice: Counts, banked: i64) -> PushLuckQuestion {
        PushLuckQuestion {
            start: Start::Roll(dice),
            banked,
            score: None,
            farkles: 0,
            ones: 0,
            roll: None,
            opponent: None,
            opponent_farkles: 0,
            later_opponents: vec![],
            inherited: None,
            held: 0,
            objective: Objective::TurnScore,
            rollouts: crate::question::RolloutAsk::default(),
        }
    }
}

/// `simulate`: how many games, from which seed, and (push-your-luck games)
/// between which players.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct SimulateQuestion {
    pub games: u64,
    /// The same seed plays the same games.
    pub seed: u64,
    /// Push-your-luck: the players, each `optimal`, `ev`, `threshold=N`,
    /// `human` or `win-sheet`; every ordered pairing is played (empty:
    /// `optimal` and `ev`). Category games take none.
    pub players: Vec<String>,
    /// Push-your-luck: players at each table: 2 (every ordered pairing of
    /// `players`), or 3 (the three `players`, seated every distinct way).
    pub seats: usize,
}

/// What to compare.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct CompareQuestion {
    /// The players at the table, each playing to win (2 to 8).
    pub players: usize,
    /// Extra variants, each a set of options on top of the base, e.g.
    /// `on-the-board=750,piggyback`.
    pub variants: Vec<Vec<RuleOption>>,
    /// Extra variants from house-rules files, each on top of the base.
    #[serde(skip)]
    pub rules_files: Vec<PathBuf>,
    /// Leave out the game's default variants (only the base and the
    /// variants asked for).
    pub no_defaults: bool,
    /// Rows whose exact table of this many players does not fit: how to
    /// estimate each seat's chance by rollouts (`force` is not used here).
    #[serde(default)]
    pub rollouts: RolloutAsk,
}

impl Default for CompareQuestion {
    /// Two players, the game's default variants.
    fn default() -> Self {
        CompareQuestion {
            players: 2,
            variants: vec![],
            rules_files: vec![],
            no_defaults: false,
            rollouts: RolloutAsk::default(),
        }
    }
}

/// `strategy`: the sheet for the game's score objective, or the sheet to win
/// a two-player game (push-your-luck games).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct StrategyQuestion {
    pub objective: Objective,
    /// Win objective: also the exact bank/roll boundary with this many dice
    /// to roll (1 to 6).
    pub dice: Option<u8>,
    /// Win objective: games of optimal play to fit the sheet to, and as many
    /// again (other seeds) to measure it on.
    pub games: u64,
    /// Win objective: seed of those games.
    pub seed: u64,
    /// Win objective: with the turn-start win probabilities over both scores
    /// (a heat map's data).
    pub map: bool,
}

/// `play`: who sits at the table, and the seed of the dice sixdice rolls.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct PlayQuestion {
    /// In seat order: people's names, or the players sixdice plays
    /// (`optimal`, `ev`, `threshold=N`, `human`; category games:
    /// `optimal`).
    pub players: Vec<String>,
    /// The seed of the dice the session rolls; `None`: every roll is given
    /// (dice rolled at a real table).
    pub seed: Option<u64>,
    /// Where the chances are estimated by rollouts (three to eight players
    /// without an exact table): how a front end asks for them.
    #[serde(default)]
    pub rollouts: RolloutAsk,
}

/// `review`: the error classes' thresholds, and where the record's rules
/// file is.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
pub struct ReviewQuestion {
    /// Losses at least these are doubtful, mistakes, blunders: in
    /// percentage points of P(win) for two-player push-your-luck games, in
    /// points otherwise. `None`: the documented defaults of the objective.
    pub thresholds: Option<Thresholds>,
    /// A `rules` file named in the record's header is read relative to
    /// this directory (the record's own); `None`: such a record is refused,
    /// no file is read (a front end that takes records from others).
    #[serde(skip)]
    pub record_dir: Option<PathBuf>,
    /// The house rules the record's `rules` header names, as text (a
    /// front end that kept the rules a game was played with): read in
    /// place of a file; a record that names no rules refuses them.
    pub rules_text: Option<String>,
    /// Show this decision (numbered from 1 in the order played) with its
    /// position and every alternative ranked as `advise` ranks them.
    pub decision: Option<usize>,
    /// Show every decision so.
    pub all_decisions: bool,
    /// A game whose chances are estimated by rollouts (three to eight
    /// players, no exact table): exactly `count` rollouts per decision, or
    /// 2,000 each within a per-game budget of a minute; the seed.
    #[serde(default)]
    pub rollouts: RolloutAsk,
}
