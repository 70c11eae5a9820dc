//! One function per `sixdice` command: the library's whole surface.
//!
//! A front end resolves a game once ([`crate::resolve`]), then asks it one
//! of these, each with the command's question type ([`crate::question`]),
//! the directory of table files, and a [`Progress`] for long work; each
//! returns the command's typed report ([`crate::report`]). Each dispatches
//! on the game's family to that family's own step, and the families all
//! follow the same shape: a table module (solve, info, where the values
//! live), advise, simulate, strategy.

use std::path::Path;

use crate::category;
use crate::error::{Error, PlayersError, WinError};
use crate::limits::LONG_SOLVE_SECONDS;
use crate::progress::Progress;
use crate::pushluck;
use crate::pushluck::win::players::table as players_table;
use crate::question::{
    AdviseQuestion, CompareQuestion, InfoQuestion, SimulateQuestion, SolveQuestion, StrategyQuestion,
};
use crate::registry::{self, Game, GameKind};
use crate::report::{Advice, CompareEvent, CompareReport, RulesReport, Simulation, Strategy, TableReport};
use crate::table::Verify;
use crate::vocabulary::{Family, Objective};

/// `solve`: solves the game exactly and writes its table into `tables`
/// (under the win objective, the two-player win table).
///
/// # Errors
/// The win objective for a category game, a solve over its size budget, a
/// table that cannot be written.
pub fn solve(game: &Game, q: &SolveQuestion, tables: &Path, progress: &dyn Progress) -> Result<TableReport, Error> {
    let win = q.objective == Objective::Win;
    check_players(game, win, q.players)?;
    let long = long_solve_seconds(game, q.objective, q.players).filter(|_| !q.allow_long && !q.distribution);
    if let Some(seconds) = long {
        return Err(Error::LongSolve { game: game.reference().title, about: crate::auto_solve::about(seconds) });
    }
    match &game.0 {
        GameKind::Category(_) if win => Err(category_win(game)),
        GameKind::Category(g) if q.objective == Objective::Target => {
            category::target::table::solve_and_save(g, tables, progress)
        }
        GameKind::Category(g) if q.distribution => category::distribution::table::solve_and_save(g, tables, progress),
        GameKind::Category(g) => category::table::solve_and_save(g, tables, progress),
        GameKind::PushLuck(g) if win && q.players > 2 => players_table::solve_and_save(g, q.players, tables, progress),
        GameKind::PushLuck(g) if win => pushluck::win::table::solve_and_save(g, tables, progress),
        GameKind::PushLuck(g) => pushluck::table::solve_and_save(g, tables, progress),
    }
}

/// `info`: the facts of the game's existing table (nothing is solved).
///
/// # Errors
/// A missing, truncated, corrupt or stale table.
pub fn info(game: &Game, q: &InfoQuestion, tables: &Path) -> Result<TableReport, Error> {
    let verify = if q.verify { Verify::Full } else { Verify::Auto };
    let win = q.objective == Objective::Win;
    check_players(game, win, q.players)?;
    match &game.0 {
        GameKind::Category(_) if win => Err(category_win(game)),
        GameKind::Category(g) if q.target.is_some() || q.sheet.is_some() => {
            category::reach::info(tables, g, verify, q.target, q.sheet.as_deref())
        }
        GameKind::Category(g) if q.objective == Objective::Target => category::target::table::info(tables, g, verify),
        GameKind::Category(g) if q.distribution => category::distribution::table::info(tables, g, verify),
        GameKind::Category(g) => category::table::info(tables, g, verify),
        GameKind::PushLuck(g) if win && q.players > 2 => players_table::info(tables, g, q.players, verify),
        GameKind::PushLuck(g) if win => pushluck::win::table::info(tables, g, verify),
        GameKind::PushLuck(g) => pushluck::table::info(tables, g, verify),
    }
}

/// The seconds of the whole solve of `game`'s table under `objective`
/// (and `players`) at the reference speed, when it is longer than
/// [`LONG_SOLVE_SECONDS`]: such a solve is started only on purpose.
pub(crate) fn long_solve_seconds(game: &Game, objective: Objective, players: usize) -> Option<f64> {
    let seconds = match &game.0 {
        // A target solve takes minutes at most; Six Hundred's is refused.
        GameKind::Category(_) if objective == Objective::Target => 0.0,
        GameKind::Category(g) => category::table::whole_solve_seconds(g),
        GameKind::PushLuck(g) if objective == Objective::Win && players > 2 => {
            pushluck::win::players_reference_seconds(g, players)
        }
        GameKind::PushLuck(g) if objective == Objective::Win => pushluck::win::reference_seconds(g),
        GameKind::PushLuck(_) => 0.0,
    };
    (seconds > LONG_SOLVE_SECONDS).then_some(seconds)
}

/// A player count is for the win objective of a push-your-luck game, and
/// one the solver takes.
fn check_players(game: &Game, win: bool, players: usize) -> Result<(), Error> {
    if !pushluck::win::players::PLAYERS.contains(&players) {
        let game = match &game.0 {
            GameKind::PushLuck(g) if win => Some(&**g),
            _ => None,
        };
        return Err(pushluck::win::players::count_refused(game, players));
    }
    if players != 2 && !win {
        return Err(WinError::PlayersForScore { game: game.reference().title }.into());
    }
    Ok(())
}

fn category_win(game: &Game) -> Error {
    Error::Win(WinError::CategoryGame { game: game.reference().title })
}

/// `advise`: the best choice and every alternative, ranked. Category games
/// read (or, when missing, first solve) their table in `tables`;
/// push-your-luck games solve the situation in memory (the win objective
/// reads, or first solves, the game's win table).
///
/// # Errors
/// A question that does not fit the game or its rules (the error's
/// [`Error::field`] says which part), or a damaged table.
pub fn advise(game: &Game, q: &AdviseQuestion, tables: &Path, progress: &dyn Progress) -> Result<Advice, Error> {
    match (&game.0, q) {
        (GameKind::Category(g), AdviseQuestion::Category(q)) => {
            Ok(Advice::Category(category::ask::advise(g, tables, q, progress)?))
        }
        (GameKind::PushLuck(g), AdviseQuestion::PushLuck(q)) => pushluck::advise::advise(g, tables, q, progress),
        (_, AdviseQuestion::Category(_)) => {
            Err(Error::wrong_family("a score-sheet question", &game.reference(), Family::Category))
        }
        (_, AdviseQuestion::PushLuck(_)) => {
            Err(Error::wrong_family("a push-your-luck question", &game.reference(), Family::PushLuck))
        }
    }
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
    q: &SimulateQuestion,
    tables: &Path,
    progress: &dyn Progress,
) -> Result<Simulation, Error> {
    Error::check_games(q.games, crate::limits::GAMES_MAX)?;
    match &game.0 {
        GameKind::Category(g) if category::win::duel::asks_duel(&q.players) => {
            Ok(Simulation::SheetDuel(category::win::duel::simulate(g, tables, q, progress)?))
        }
        GameKind::Category(_) if !q.players.is_empty() => {
            Err(Error::Players(PlayersError::ForCategory { game: game.reference().title }))
        }
        GameKind::Category(g) => Ok(Simulation::Category(category::simulate::simulate(g, tables, q, progress)?)),
        GameKind::PushLuck(g) => Ok(Simulation::PushLuck(pushluck::simulate::simulate(g, tables, q, progress)?)),
    }
}

/// `compare`: the rule variants of a push-your-luck game side by side,
/// exactly: the game as given (the base rules), each of the game's seed
/// options alone over it (unless left out) and the variants asked for,
/// from their win tables in `tables` (solving those missing). Every
/// variant is resolved before anything is solved, so a bad one fails at
/// once. As it goes, `tell` hears the plan, every row as soon as it is
/// known (the base rules first, then the variants whose tables are there,
/// then the quickest solves), and the whole report at the end (see
/// [`CompareEvent`]); a front end that waits for the report alone passes
/// `&mut |_| {}`.
///
/// # Errors
/// A category game, an unknown option, a bad rules file, a damaged table;
/// the rows told before an error stand (their tables are kept).
pub fn compare(
    game: &Game,
    q: &CompareQuestion,
    tables: &Path,
    progress: &dyn Progress,
    tell: &mut dyn FnMut(&CompareEvent),
) -> Result<CompareReport, Error> {
    // Up to eight: rows whose exact table does not fit are estimated.
    if !pushluck::win::players::TABLE_PLAYERS.contains(&q.players) {
        return Err(pushluck::win::players::count_refused(None, q.players));
    }
    let variants = registry::compare_variants(game, q)?;
    let games: Vec<(String, &pushluck::PushLuckGame)> = variants.iter().map(|(l, g)| (l.clone(), &**g)).collect();
    pushluck::compare::compare(&games, q.players, &q.rollouts, tables, progress, tell)
}

/// `strategy`: the strategy sheet of a push-your-luck game for its score
/// objective; under the win objective the sheet to win a two-player game,
/// fitted to and measured on seeded optimal games, from the win table in
/// `tables` (solved first when quick).
///
/// # Errors
/// A category game, out-of-range games or dice, a solve over its size
/// budget, a missing win table that takes long to solve, a damaged table.
pub fn strategy(game: &Game, q: &StrategyQuestion, tables: &Path, progress: &dyn Progress) -> Result<Strategy, Error> {
    let g = game.push_luck("a strategy sheet")?;
    if q.objective != Objective::Win {
        return Ok(Strategy::Score(Box::new(pushluck::strategy::strategy(g)?)));
    }
    pushluck::win_sheet::check(q)?;
    let values = pushluck::win::table::load(g, tables, progress)?;
    progress.stage("games of optimal play, for fitting and measuring the sheet", 0);
    let sheet = pushluck::win_sheet::win_sheet(g, values, q);
    progress.finish();
    Ok(Strategy::Win(Box::new(sheet?)))
}

/// `rules`: the effective rules of a push-your-luck game as a TOML file.
///
/// # Errors
/// A category game (its variants are options, not a rules file).
pub fn rules(game: &Game) -> Result<RulesReport, Error> {
    match &game.0 {
        GameKind::PushLuck(g) => Ok(RulesReport { game: g.reference(), toml: pushluck::rules::to_toml(&g.rules) }),
        GameKind::Category(g) => Err(Error::NoRulesFile { game: g.title.clone() }),
    }
}

/// Uses `threads` worker threads for solves and simulations (call once,
/// before any of them).
///
/// # Errors
/// When the thread pool was already set up or cannot be.
pub fn use_threads(threads: usize) -> Result<(), rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build_global()
}
