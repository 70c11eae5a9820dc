//! The command endpoints: one per command of the CLI, each a library
//! request read from the body, its question asked on a worker, the report
//! answered as the CLI's `--json` prints it.
//!
//! Every handler is the same three steps and nothing else: the library's
//! request type (`AdviseRequest`, ...; field names are the CLI's flags)
//! turns the body into the game and the checked question, the command
//! runs through [`crate::jobs`] (200 with the report when quick, else a
//! 202 job), and the report is serialized with serde as the CLI does. So
//! the server cannot answer otherwise than the CLI for the same question.
//!
//! Nothing a request gives names a file: the tables directory is the one
//! fixed at start, house rules come as text (`rules-text`), and a record's
//! `rules PATH` header is refused (its `record_dir` stays `None`).

use std::path::Path;
use std::sync::Arc;

use axum::extract::{Path as UrlPath, State};
use axum::Extension;
use solver::{
    AdviseRequest, CompareEvent, CompareRequest, GameHead, InfoRequest, Picture, Request, ReviewRequest,
    SimulateRequest, SolveRequest, StrategyRequest,
};

use crate::error::ApiError;
use crate::guard::LargePlace;
use crate::jobs::{Answer, JobProgress, Lane, Reply};
use crate::json::Body;
use crate::AppState;

/// Runs `ask` (a library call with the server's tables directory and the
/// job's progress) as a job in `lane`.
async fn ask(
    s: &AppState,
    lane: Lane,
    ask: impl FnOnce(&Path, &JobProgress) -> Result<Answer, ApiError> + Send + 'static,
) -> Reply {
    let tables: Arc<Path> = s.tables.clone();
    s.jobs.run(lane, move |progress| ask(&tables, progress)).await
}

/// `GET /api/games`: every game, its options and default variants.
pub(crate) async fn games() -> Result<Answer, ApiError> {
    Answer::report(&solver::games())
}

/// `POST /api/game`: one game as its options and house rules make it
/// (its sheet, locked dice, counted rolls, the fields of a question, the
/// players sixdice seats, a long solve's time and command) and whether
/// its table is in the server's tables directory; `GET /api/games` lists
/// them under their default options.
pub(crate) async fn game(State(s): State<AppState>, Body(req): Body<GameHead>) -> Reply {
    ask(&s, Lane::Answer, move |tables, _| Answer::report(&solver::describe_in(&req.question()?, tables))).await
}

/// `POST /api/advise`.
pub(crate) async fn advise(State(s): State<AppState>, Body(req): Body<AdviseRequest>) -> Reply {
    ask(&s, Lane::Answer, move |tables, progress| {
        let (game, q) = req.question()?;
        Answer::report(&solver::advise(&game, &q, tables, progress)?)
    })
    .await
}

/// `POST /api/compare`: the report at the end; while it runs, a job's
/// poll shows the plan and each row as it is known (the library's
/// `compare_stream`, as the CLI's `--json-lines` writes it).
pub(crate) async fn compare(State(s): State<AppState>, Body(req): Body<CompareRequest>) -> Reply {
    ask(&s, Lane::Solve, move |tables, progress| {
        let (game, q) = req.question()?;
        let mut tell = |event: &CompareEvent| {
            if !matches!(event, CompareEvent::Done(_)) {
                progress.tell(event);
            }
        };
        Answer::report(&solver::compare(&game, &q, tables, progress, &mut tell)?)
    })
    .await
}

/// `POST /api/compare/picture`: the chart `compare --plot` draws.
pub(crate) async fn compare_picture(State(s): State<AppState>, Body(req): Body<CompareRequest>) -> Reply {
    ask(&s, Lane::Solve, move |tables, progress| {
        let (game, q) = req.question()?;
        let report = solver::compare(&game, &q, tables, progress, &mut |_| {})?;
        report.draw().map(Answer::Svg).map_err(|e| ApiError::internal(e.to_string()))
    })
    .await
}

/// `POST /api/strategy`.
pub(crate) async fn strategy(State(s): State<AppState>, Body(req): Body<StrategyRequest>) -> Reply {
    ask(&s, Lane::Solve, move |tables, progress| {
        let (game, q) = req.question()?;
        Answer::report(&solver::strategy(&game, &q, tables, progress)?)
    })
    .await
}

/// `POST /api/simulate`.
pub(crate) async fn simulate(State(s): State<AppState>, Body(req): Body<SimulateRequest>) -> Reply {
    ask(&s, Lane::Solve, move |tables, progress| {
        let (game, q) = req.question()?;
        Answer::report(&solver::simulate(&game, &q, tables, progress)?)
    })
    .await
}

/// `POST /api/review`: a record's text, reviewed.
pub(crate) async fn review(
    State(s): State<AppState>,
    place: Option<Extension<LargePlace>>,
    Body(req): Body<ReviewRequest>,
) -> Reply {
    ask(&s, Lane::Solve, move |tables, progress| {
        let _place = place;
        let q = req.question()?;
        Answer::report(&solver::review(&req.record, &q, tables, progress)?)
    })
    .await
}

/// `POST /api/review/picture`: the chart `review --plot` draws.
pub(crate) async fn review_picture(
    State(s): State<AppState>,
    place: Option<Extension<LargePlace>>,
    Body(req): Body<ReviewRequest>,
) -> Reply {
    ask(&s, Lane::Solve, move |tables, progress| {
        let _place = place;
        let q = req.question()?;
        let report = solver::review(&req.record, &q, tables, progress)?;
        report.draw().map(Answer::Svg).map_err(|e| ApiError::internal(e.to_string()))
    })
    .await
}

/// `POST /api/rules`: the rules of a push-your-luck game as TOML.
pub(crate) async fn rules(State(s): State<AppState>, Body(req): Body<GameHead>) -> Reply {
    ask(&s, Lane::Answer, move |_, _| Answer::report(&solver::rules(&req.question()?)?)).await
}

/// `POST /api/info`: the facts of an existing table (nothing is solved).
pub(crate) async fn info(State(s): State<AppState>, Body(req): Body<InfoRequest>) -> Reply {
    ask(&s, Lane::Answer, move |tables, _| {
        let (game, q) = req.question()?;
        Answer::report(&solver::info(&game, &q, tables)?)
    })
    .await
}

/// `POST /api/solve`: makes a table (usually a job to poll). A whole solve
/// longer than the library starts unasked (Six Hundred's, hours of both
/// cores) only where the server allows it.
pub(crate) async fn solve(State(s): State<AppState>, Body(mut req): Body<SolveRequest>) -> Reply {
    req.allow_long = s.allow_full_solve;
    ask(&s, Lane::Solve, move |tables, progress| {
        let (game, q) = req.question()?;
        solver::solve(&game, &q, tables, progress)
            .map_err(|e| match e {
                e @ solver::Error::LongSolve { .. } => {
                    ApiError::from(e).with_note("this server was not started with --allow-full-solve")
                }
                e => ApiError::from(e),
            })
            .and_then(|r| Answer::report(&r))
    })
    .await
}

/// `GET /api/jobs/ID`: a long request's progress, then its answer.
pub(crate) async fn job(
    State(s): State<AppState>,
    UrlPath(id): UrlPath<String>,
) -> Result<axum::Json<crate::jobs::JobView>, ApiError> {
    s.jobs.view(&id).map(axum::Json)
}
