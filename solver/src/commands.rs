//! One function per `sixdice` command, each returning a typed report.
//!
//! This is the whole surface a front end needs: resolve a game with
//! [`crate::registry::resolve`], then call one of these. Each dispatches on
//! the game's family to the family's own step (`table`, `advise`,
//! `strategy`), which all follow the same shape.

use std::path::Path;

use serde::Serialize;

use crate::category::simulate::{SimulateQuestion, SimulationReport};
use crate::category::{self, CategoryAdvice, CategoryQuestion};
use crate::error::Error;
use crate::progress::Progress;
use crate::pushluck::compare::{CompareQuestion, CompareReport};
use crate::pushluck::simulate::{PlayersQuestion, PlayersReport};
use crate::pushluck::win::sheet::{WinSheet, WinSheetQuestion};
use crate::pushluck::{self, strategy::StrategyReport, PushLuckAnswer, PushLuckQuestion};
use crate::registry::{Family, Game};
use crate::report::{RulesReport, TableReport};
use crate::table::Verify;

/// `solve`: solves the game exactly and writes its table into `tables`;
/// `win` selects the two-player win objective (push-your-luck games).
///
/// # Errors
/// A solve over its size budget, or a table that cannot be written.
pub fn solve(game: &Game, win: bool, tables: &Path, progress: &dyn Progress) -> Result<TableReport, Error> {
    match game {
        Game::Category(_) if win => Err(category_win(game)),
        Game::Category(g) => category::table::solve_and_save(g, tables, progress),
        Game::PushLuck(g) if win => pushluck::table::solve_and_save_win(g, tables, progress),
        Game::PushLuck(g) => pushluck::table::solve_and_save(g, tables, progress),
    }
}

/// `info`: the facts of the game's existing table (nothing is solved), the
/// win table with `win`. `verify` checks every data checksum, however
/// large the table.
///
/// # Errors
/// A missing, truncated, corrupt or stale table.
pub fn info(game: &Game, win: bool, tables: &Path, verify: bool) -> Result<TableReport, Error> {
    let verify = if verify { Verify::Full } else { Verify::Auto };
    match game {
        Game::Category(_) if win => Err(category_win(game)),
        Game::Category(g) => category::table::info(tables, g, verify),
        Game::PushLuck(g) if win => pushluck::table::info_win(tables, g, verify),
        Game::PushLuck(g) => pushluck::table::info(tables, g, verify),
    }
}

fn category_win(game: &Game) -> Error {
    Error::Win(pushluck::win::WinError::CategoryGame { game: game.reference().title })
}

/// A question for `advise`, in the form of the game's family.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Question {
    Category(CategoryQuestion),
    PushLuck(PushLuckQuestion),
}

/// The answer of `advise`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Advice {
    Category(CategoryAdvice),
    PushLuck(PushLuckAnswer),
}

/// `advise`: the best choice and every alternative, ranked. Category games
/// read (or, when missing, first solve) their table in `tables`;
/// push-your-luck games solve the situation in memory (the win objective
/// reads, or first solves, the game's win table).
///
/// # Errors
/// A question that does not fit the game or its rules (the error's
/// [`Error::field`] says which part), or a damaged table.
pub fn advise(game: &Game, tables: &Path, question: &Question, progress: &dyn Progress) -> Result<Advice, Error> {
    match (game, question) {
        (Game::Category(g), Question::Category(q)) => {
            Ok(Advice::Category(category::advise::advise(g, tables, q, progress)?))
        }
        (Game::PushLuck(g), Question::PushLuck(q)) => {
            Ok(Advice::PushLuck(pushluck::advise::advise(g, tables, q, progress)?))
        }
        (g, Question::Category(_)) => Err(Error::wrong_family("a score-sheet question", g, Family::Category)),
        (g, Question::PushLuck(_)) => Err(Error::wrong_family("a push-your-luck question", g, Family::PushLuck)),
    }
}

/// What `simulate` plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimulationQuestion {
    pub games: u64,
    pub seed: u64,
    /// Push-your-luck: the players, e.g. `optimal,ev,threshold=350`
    /// (default `optimal,ev`).
    pub players: Option<String>,
}

/// A `simulate` report: a category game's final scores, or a push-your-luck
/// game's head-to-head results.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Simulation {
    Category(SimulationReport),
    PushLuck(PlayersReport),
}

/// `simulate`: category games played optimally from the game's table
/// (solved first when that takes seconds), the distribution of final
/// scores; push-your-luck games played between policies, every ordered
/// pairing. Seeded.
///
/// # Errors
/// A game count out of bounds, unknown players (or players for a category
/// game), a missing table too large to solve here, a damaged table.
pub fn simulate(
    game: &Game,
    tables: &Path,
    q: &SimulationQuestion,
    progress: &dyn Progress,
) -> Result<Simulation, Error> {
    match game {
        Game::Category(g) => {
            if q.players.is_some() {
                return Err(Error::wrong_family("--players", game, Family::PushLuck));
            }
            let cq = SimulateQuestion { games: q.games, seed: q.seed };
            Ok(Simulation::Category(category::simulate::simulate(g, tables, &cq, progress)?))
        }
        Game::PushLuck(g) => {
            let players = q.players.clone().unwrap_or_else(|| "optimal,ev".into());
            let pq = PlayersQuestion { players, games: q.games, seed: q.seed };
            Ok(Simulation::PushLuck(pushluck::simulate::simulate(g, tables, &pq, progress)?))
        }
    }
}

/// `compare`: the rule variants of push-your-luck game `name` side by side,
/// exactly, from their win tables in `tables` (solving those missing).
///
/// # Errors
/// An unknown game or option, a category game, a bad rules file, a damaged
/// table.
pub fn compare(
    name: &str,
    question: &CompareQuestion,
    tables: &Path,
    progress: &dyn Progress,
) -> Result<CompareReport, Error> {
    pushluck::compare::compare(name, question, tables, progress)
}

/// Uses `threads` worker threads for solves and simulations (call once,
/// before any of them).
///
/// # Errors
/// When the thread pool was already set up or cannot be.
pub fn use_threads(threads: usize) -> Result<(), rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build_global()
}

/// `strategy`: the strategy sheet of a push-your-luck game.
///
/// # Errors
/// A category game, or a solve over its size budget.
pub fn strategy(game: &Game) -> Result<StrategyReport, Error> {
    match game {
        Game::PushLuck(g) => pushluck::strategy::strategy(g),
        g => Err(Error::wrong_family("a strategy sheet", g, Family::PushLuck)),
    }
}

/// `strategy --objective win`: the sheet to play to win, fitted to and
/// measured on seeded optimal games, from the win table in `tables`
/// (solved first when quick).
///
/// # Errors
/// A category game, out-of-range games or dice, a missing win table that
/// takes long to solve, a damaged table.
pub fn win_strategy(
    game: &Game,
    tables: &Path,
    question: &WinSheetQuestion,
    progress: &dyn Progress,
) -> Result<WinSheet, Error> {
    let g = push_luck(game, "a strategy sheet")?;
    let values = pushluck::table::load_win(g, tables, progress)?;
    progress.stage("games of optimal play, for fitting and measuring the sheet", 0);
    let sheet = pushluck::win::sheet::win_sheet(g, values, question);
    progress.finish();
    sheet
}

fn push_luck<'g>(game: &'g Game, what: &'static str) -> Result<&'g pushluck::PushLuckGame, Error> {
    match game {
        Game::PushLuck(g) => Ok(g),
        g => Err(Error::wrong_family(what, g, Family::PushLuck)),
    }
}

/// `rules`: the effective rules of a push-your-luck game as a TOML file.
///
/// # Errors
/// A category game (its variants are options, not a rules file).
pub fn rules(game: &Game) -> Result<RulesReport, Error> {
    match game {
        Game::PushLuck(g) => Ok(RulesReport { game: g.reference(), toml: pushluck::rules::to_toml(&g.rules) }),
        Game::Category(g) => Err(Error::NoRulesFile { game: g.title.clone() }),
    }
}
