//! The requests of the commands other than `advise`: each its flags, and
//! the game and question they make.

use std::path::PathBuf;

use serde::Deserialize;

use super::{request, two, GameHead, Request};
use crate::error::{Error, Field, RequestError};
use crate::limits::{RULES_FILE_BYTES, SHEET_GAMES};
use crate::options::RuleOption;
use crate::question::{
    CompareQuestion, InfoQuestion, PlayQuestion, ReviewQuestion, RolloutAsk, SimulateQuestion, SolveQuestion,
    StrategyQuestion,
};
use crate::registry::Game;
use crate::vocabulary::{Objective, Thresholds};

request! {
    /// `solve`: which table to make.
    pub struct SolveRequest {
        /// `score` or `win`.
        pub objective: Option<String>,
        /// The players at the table (2 or 3; default 2).
        pub players: Option<usize>,
        /// Score-sheet games: the table of the final-score distribution
        /// under the expected-score play (beside the game's own).
        pub distribution: bool,
        /// Start a solve longer than [`crate::limits::LONG_SOLVE_SECONDS`]
        /// at the reference speed: the caller's choice (never read from
        /// JSON; the command line allows it, a server as it was started).
        #[serde(skip)]
        pub allow_long: bool,
    }
}

impl Request for SolveRequest {
    type Question = (Game, SolveQuestion);

    /// # Errors
    /// An unknown game or option, a word that is no objective.
    fn question(&self) -> Result<(Game, SolveQuestion), Error> {
        let (game, objective, players) = table_of(&self.game, self.objective.as_deref(), self.players)?;
        check_distribution(&game, objective, self.distribution)?;
        Ok((game, SolveQuestion { objective, players, distribution: self.distribution, allow_long: self.allow_long }))
    }
}

request! {
    /// `info`: which table to read.
    pub struct InfoRequest {
        pub objective: Option<String>,
        /// Check every data checksum, however large the table.
        pub verify: bool,
        pub players: Option<usize>,
        /// As in [`SolveRequest`].
        pub distribution: bool,
        /// Score-sheet games: the final score to reach (implies the target
        /// table).
        pub target: Option<u32>,
        /// Score-sheet games, with `target` or `distribution`: the sheet to
        /// read the chances at.
        pub sheet: Option<String>,
    }
}

impl Request for InfoRequest {
    type Question = (Game, InfoQuestion);

    /// # Errors
    /// An unknown game or option, a word that is no objective.
    fn question(&self) -> Result<(Game, InfoQuestion), Error> {
        let objective_named = self.objective.as_deref();
        if self.target.is_some() && objective_named.is_some_and(|o| o != "target") {
            return Err(RequestError::Conflict { other: "objective", field: Field::Target }.into());
        }
        let named = if self.target.is_some() { Some("target") } else { objective_named };
        let (game, objective, players) = table_of(&self.game, named, self.players)?;
        check_distribution(&game, objective, self.distribution)?;
        if self.target.is_some() && game.family() != crate::vocabulary::Family::Category {
            return Err(RequestError::TargetForPushLuck.into());
        }
        if self.sheet.is_some() && self.target.is_none() && !self.distribution {
            return Err(RequestError::Needs { needs: "--target T or --distribution", field: Field::Sheet }.into());
        }
        Ok((
            game,
            InfoQuestion {
                objective,
                verify: self.verify,
                players,
                distribution: self.distribution,
                target: self.target,
                sheet: self.sheet.clone(),
            },
        ))
    }
}

/// The distribution table is a score-sheet game's, under the expected
/// score.
fn check_distribution(game: &Game, objective: Objective, distribution: bool) -> Result<(), Error> {
    if !distribution {
        return Ok(());
    }
    if game.family() != crate::vocabulary::Family::Category {
        return Err(super::advise::wrong_family("--distribution", game, crate::vocabulary::Family::Category));
    }
    if objective != Objective::FinalScore {
        return Err(RequestError::Conflict { other: "objective", field: Field::Distribution }.into());
    }
    Ok(())
}

/// The table `solve` makes and `info` reads: the game, its objective
/// (named, or with more than two players the win table) and the players
/// (two unless said).
fn table_of(
    head: &GameHead,
    objective: Option<&str>,
    players: Option<usize>,
) -> Result<(Game, Objective, usize), Error> {
    let game = head.question()?;
    let players = players.unwrap_or_else(two);
    let objective = super::players_objective(objective, players, game.family())?;
    Ok((game, objective, players))
}

request! {
    /// `simulate`: how many games, from which seed, between which players.
    pub struct SimulateRequest {
        /// Default 100,000.
        pub games: Option<u64>,
        /// Default 1.
        pub seed: Option<u64>,
        /// Comma-separated: `optimal,ev` (the default).
        pub players: Option<String>,
        /// Players at each table (2 or 3; default 2).
        pub seats: Option<usize>,
    }
}

/// The games `simulate` plays when not told.
const SIMULATE_GAMES: u64 = 100_000;

impl Request for SimulateRequest {
    type Question = (Game, SimulateQuestion);

    /// # Errors
    /// An unknown game or option.
    fn question(&self) -> Result<(Game, SimulateQuestion), Error> {
        let game = self.game.question()?;
        let question = SimulateQuestion {
            games: self.games.unwrap_or(SIMULATE_GAMES),
            seed: self.seed.unwrap_or(1),
            players: self.players.as_deref().map(super::list).unwrap_or_default(),
            seats: self.seats.unwrap_or_else(two),
        };
        Ok((game, question))
    }
}

request! {
    /// `compare`: the base game and the variants beside it.
    pub struct CompareRequest {
        /// Variants to add, each options on top of the base, comma-separated:
        /// `on-the-board=750,piggyback`.
        pub variant: Vec<String>,
        /// House-rules files, each one more variant (named by the caller,
        /// never read from JSON).
        #[serde(skip)]
        pub rules: Vec<PathBuf>,
        /// Leave out the game's default variants.
        pub no_defaults: bool,
        /// The players at the table (2 to 8; default 2).
        pub players: Option<usize>,
        /// Rows estimated by rollouts: exactly this many per row (else as
        /// many as two seconds allow).
        pub rollouts: Option<u64>,
        /// The rollouts' dice seed (default 0).
        pub seed: Option<u64>,
    }
}

impl Request for CompareRequest {
    type Question = (Game, CompareQuestion);

    /// # Errors
    /// An unknown game or option, a variant naming no option.
    fn question(&self) -> Result<(Game, CompareQuestion), Error> {
        let game = self.game.question()?;
        let variants = self
            .variant
            .iter()
            .map(|v| {
                let options: Vec<RuleOption> = super::list(v).iter().map(|o| RuleOption::parse(o)).collect();
                if options.is_empty() {
                    return Err(RequestError::EmptyVariant(userio::cut(v, 60).into_owned()));
                }
                Ok(options)
            })
            .collect::<Result<_, _>>()?;
        let question = CompareQuestion {
            players: self.players.unwrap_or_else(two),
            variants,
            rules_files: self.rules.clone(),
            no_defaults: self.no_defaults,
            rollouts: RolloutAsk::counted(self.rollouts, self.seed)?,
        };
        Ok((game, question))
    }
}

request! {
    /// `strategy`: the sheet for the score, or the sheet to win.
    pub struct StrategyRequest {
        pub objective: Option<String>,
        /// Win objective: the exact bank/roll boundary with this many dice (1-6).
        pub dice: Option<u8>,
        /// Win objective: games to fit the sheet to (default the library's).
        pub games: Option<u64>,
        /// Win objective: their seed (default 1).
        pub seed: Option<u64>,
        /// Win objective: with P(win) over both scores (a heat map's data).
        pub map: bool,
    }
}

impl Request for StrategyRequest {
    type Question = (Game, StrategyQuestion);

    /// # Errors
    /// An unknown game or option; the win sheet's fields without the win
    /// objective; a boundary of no number of dice.
    fn question(&self) -> Result<(Game, StrategyQuestion), Error> {
        let game = self.game.question()?;
        let objective = super::objective(self.objective.as_deref(), game.family())?;
        if objective != Objective::Win {
            for (field, given) in [(Field::Dice, self.dice.is_some()), (Field::Map, self.map)] {
                if given {
                    return Err(RequestError::WinSheetOnly { field }.into());
                }
            }
        }
        if let Some(d) = self.dice.filter(|d| !(1..=6).contains(d)) {
            return Err(RequestError::BoundaryDice(d.into()).into());
        }
        let question = StrategyQuestion {
            objective,
            dice: self.dice,
            games: self.games.unwrap_or(SHEET_GAMES),
            seed: self.seed.unwrap_or(1),
            map: self.map,
        };
        Ok((game, question))
    }
}

request! {
    /// `play`: the game, who sits at the table, and the seed of the dice.
    pub struct PlayRequest {
        /// In seat order, comma-separated: people's names and sixdice's
        /// players (default `me,optimal`).
        pub players: Option<String>,
        /// The seed of the dice the session rolls (default: from the clock).
        pub seed: Option<u64>,
        /// The dice are rolled at the table and typed: nothing to seed.
        pub dice_from_me: bool,
        /// Where chances are estimated by rollouts: exactly this many per
        /// estimate (default: a two-second budget).
        pub rollouts: Option<u64>,
    }
}

/// The players `play` seats when not told.
const DEFAULT_PLAYERS: &str = "me,optimal";

impl Request for PlayRequest {
    type Question = (Game, PlayQuestion);

    /// # Errors
    /// An unknown game or option, no players, a seed for typed dice.
    fn question(&self) -> Result<(Game, PlayQuestion), Error> {
        let game = self.game.question()?;
        let seed = match (self.seed, self.dice_from_me) {
            (Some(_), true) => return Err(RequestError::SeedWithTypedDice.into()),
            (None, true) => None,
            (Some(s), false) => Some(s),
            (None, false) => {
                let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
                Some(now.as_secs() ^ u64::from(now.subsec_nanos()))
            }
        };
        // Empty names are the session's to refuse (`,optimal` is a slip,
        // not a table of one).
        let text = self.players.as_deref().unwrap_or(DEFAULT_PLAYERS);
        if text.trim().is_empty() {
            return Err(RequestError::NoPlayers.into());
        }
        let players = text.split(',').map(|p| p.trim().to_string()).collect();
        Ok((game, PlayQuestion { players, seed, rollouts: RolloutAsk::counted(self.rollouts, None)? }))
    }
}

/// `review`: a record and how to judge it.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct ReviewRequest {
    /// The record's text (over JSON; the command line reads files).
    pub record: String,
    /// The error classes' lower bounds: `doubtful,mistake,blunder`.
    pub thresholds: Option<String>,
    /// Show this decision (numbered from 1) with every alternative.
    pub decision: Option<usize>,
    /// Show every decision so.
    pub all: bool,
    /// The record's directory, where a `rules PATH` header is read (set
    /// by the caller; `None` refuses such a header).
    #[serde(skip)]
    pub record_dir: Option<PathBuf>,
    /// The house rules the record's `rules` header names, as TOML text
    /// (a front end that kept them; over JSON `rules-text`).
    pub rules_text: Option<String>,
    /// Chances estimated by rollouts: exactly this many per decision
    /// (default: 2,000 each within a minute per game), and their seed.
    pub rollouts: Option<u64>,
    pub seed: Option<u64>,
}

impl Request for ReviewRequest {
    type Question = ReviewQuestion;

    /// # Errors
    /// Thresholds that are not three numbers; a decision and all of them.
    fn question(&self) -> Result<ReviewQuestion, Error> {
        if self.all && self.decision.is_some() {
            return Err(RequestError::Conflict { other: "all", field: Field::Decision }.into());
        }
        // Three numbers here; the review checks they are positive and rising.
        let thresholds = match self.thresholds.as_deref() {
            None => None,
            Some(text) => {
                let v: Vec<f64> = text
                    .split(',')
                    .map(|x| x.trim().parse::<f64>().ok().filter(|v| v.is_finite()))
                    .collect::<Option<_>>()
                    .filter(|v: &Vec<f64>| v.len() == 3)
                    .ok_or_else(|| RequestError::Thresholds(userio::cut(text, 40).into_owned()))?;
                Some(Thresholds { doubtful: v[0], mistake: v[1], blunder: v[2] })
            }
        };
        if let Some(text) = self.rules_text.as_ref().filter(|t| t.len() as u64 > RULES_FILE_BYTES) {
            return Err(RequestError::TooLong { bytes: text.len(), max: RULES_FILE_BYTES, field: Field::Rules }.into());
        }
        Ok(ReviewQuestion {
            thresholds,
            record_dir: self.record_dir.clone(),
            rules_text: self.rules_text.clone(),
            decision: self.decision,
            all_decisions: self.all,
            rollouts: RolloutAsk::counted(self.rollouts, self.seed)?,
        })
    }
}
