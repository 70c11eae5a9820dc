//! Play sessions: whole games kept on the server, one library
//! [`Session`] each, played through `/api/play/ID/...`.
//!
//! The library plays the game (rolls, rules, values, the computer's moves,
//! and after every request its seats until a person must act); this
//! module keeps sessions in a map under random ids, and answers with the
//! session's state (the library's `PlayState`), its id and what happened
//! in the request ([`PlayAnswer`]). Bounds: at most
//! [`SESSIONS`] at once (503 beyond), each gone after [`SESSION_IDLE`]
//! untouched (404).
//!
//! Locking: the map's lock is held only to find or insert a session; a
//! session's own lock is taken inside the blocking worker that calls the
//! library, never across an await, so two requests for one game run one
//! after the other and requests for different games in parallel. A
//! session whose lock was poisoned (a panic in the library while it was
//! held) may be half-changed: it is dropped, and the request says so.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use solver::{parse_dice, Event, PlayRequest, PlayState, Request, RolloutAsk, Session, Silent};

use crate::changes::Changes;
use crate::error::ApiError;
use crate::jobs::{new_id, Lane, Reply};
use crate::json::Body;
use crate::limits::{DECISION_CHARS, ROLLOUT_SESSIONS, SESSIONS, SESSION_IDLE};
use crate::saved::{Saved, SavedGame};
use crate::AppState;

/// A game in play.
pub(crate) struct Game {
    session: Session,
    /// The house rules it is played with, sent as text (kept beside its
    /// record: [`crate::saved`]).
    rules_text: Option<String>,
    /// Its version and the events of its latest moves, for the phones
    /// following it.
    changes: Changes,
}

impl Game {
    fn new(session: Session, rules_text: Option<String>) -> Game {
        Game { session, rules_text, changes: Changes::new() }
    }
}

/// A session in the map.
struct Slot {
    game: Mutex<Game>,
    last_used: Mutex<Instant>,
}

/// The sessions in play.
#[derive(Default)]
pub(crate) struct Sessions {
    map: Mutex<HashMap<String, Arc<Slot>>>,
    /// The sessions that keep the rollouts' tables and solved turns (a few
    /// hundred megabytes each over a game of four to 10,000), the latest
    /// used last; at most [`ROLLOUT_SESSIONS`].
    rolling: Mutex<std::collections::VecDeque<String>>,
}

impl Sessions {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Slot>>> {
        self.map.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Sessions in play now (the expired ones swept out first).
    pub(crate) fn count(&self) -> usize {
        self.sweep();
        self.map().len()
    }

    /// Forgets sessions idle longer than [`SESSION_IDLE`].
    pub(crate) fn sweep(&self) {
        self.map().retain(|_, s| s.last_used.lock().unwrap_or_else(PoisonError::into_inner).elapsed() < SESSION_IDLE);
    }

    /// The session `id`, marked as used now; 404 when there is none or it
    /// expired.
    fn get(&self, id: &str) -> Result<Arc<Slot>, ApiError> {
        let mut map = self.map();
        let slot = map.get(id).cloned().ok_or_else(|| no_session(id))?;
        let mut used = slot.last_used.lock().unwrap_or_else(PoisonError::into_inner);
        if used.elapsed() >= SESSION_IDLE {
            drop(used);
            map.remove(id);
            return Err(no_session(id));
        }
        *used = Instant::now();
        drop(used);
        Ok(slot)
    }

    /// Adds a new session under `id` (a new one when `None`); 503 when
    /// the cap is reached. A session already there under `id` (two
    /// requests resumed it at once) is kept: the first one in wins.
    fn insert(&self, id: Option<String>, game: Game) -> Result<String, ApiError> {
        self.sweep();
        let mut map = self.map();
        if map.len() >= SESSIONS {
            return Err(full());
        }
        let id = id.unwrap_or_else(new_id);
        map.entry(id.clone())
            .or_insert_with(|| Arc::new(Slot { game: Mutex::new(game), last_used: Mutex::new(Instant::now()) }));
        Ok(id)
    }

    fn remove(&self, id: &str) -> bool {
        self.map().remove(id).is_some()
    }

    /// Notes that `id` keeps rollouts now; the session that used them
    /// longest ago, past [`ROLLOUT_SESSIONS`], lets its go (to be loaded
    /// again on its next estimate). A session busy now keeps them this time.
    fn rolled(&self, id: &str) {
        let evicted = {
            let mut r = self.rolling.lock().unwrap_or_else(PoisonError::into_inner);
            r.retain(|x| x != id);
            r.push_back(id.to_string());
            if r.len() > ROLLOUT_SESSIONS {
                r.pop_front()
            } else {
                None
            }
        };
        let Some(old) = evicted else { return };
        let slot = self.map().get(&old).cloned();
        if let Some(slot) = slot {
            if let Ok(mut g) = slot.game.try_lock() {
                g.session.forget_rollouts();
            }
        }
    }
}

fn no_session(id: &str) -> ApiError {
    ApiError::not_found(format!("no game {} on this server", userio::Escaped(&userio::cut(id, 40))))
}

fn full() -> ApiError {
    ApiError::busy(format!("{SESSIONS} games are in play on this server: try again when one ends"))
}

/// The session `id`: in memory, or else resumed from its record on disk
/// (a restart, a long pause) and put back in memory.
async fn slot(s: &AppState, id: &str) -> Result<Arc<Slot>, ApiError> {
    if let Ok(slot) = s.sessions.get(id) {
        return Ok(slot);
    }
    let (saved, tables, key) = (s.saved.clone(), s.tables.clone(), id.to_string());
    let game = s
        .jobs
        .run_now(move || {
            let Some((record, _)) = saved.load(&key)? else { return Err(no_session(&key)) };
            // House rules sent as text: the record names them by their
            // label only, and they are the text kept beside it.
            let rules_text = saved.rules(&key)?;
            let game = solver::record_game(&record, None, rules_text.as_deref()).map_err(ApiError::from)?;
            let session = Session::reopen(Arc::new(game), &record, &tables, &Silent).map_err(ApiError::from)?;
            Ok(Game::new(session, rules_text))
        })
        .await?;
    s.sessions.insert(Some(id.to_string()), game)?;
    s.sessions.get(id)
}

/// Runs `f` on the session `id` in a blocking worker, its lock held only
/// there; a poisoned session is dropped (see the module docs).
pub(crate) async fn with_game<T: Send + 'static>(
    s: &AppState,
    id: &str,
    f: impl FnOnce(&mut Game) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let slot = slot(s, id).await?;
    let held = slot.clone();
    let result = s
        .jobs
        .run_now(move || match held.game.lock() {
            Ok(mut game) => f(&mut game),
            Err(_) => Err(ApiError::internal("this game stopped on a bug in an earlier request: start a new one")),
        })
        .await;
    // A panic while the game was held may have left it half-changed.
    if slot.game.is_poisoned() {
        s.sessions.remove(id);
    }
    result
}

/// A state as the API answers it: the game's id, its version (raised by
/// every move, for the phones following it to order what they get), its
/// position (what a phone says it saw when it moves), what happened in
/// the request, house rules sent as text, and the session's state.
#[derive(Serialize)]
struct PlayAnswer<'a> {
    id: &'a str,
    version: u64,
    position: String,
    events: &'a [Event],
    /// House rules the game is played with, sent as text (for a phone to
    /// put them back in its form).
    #[serde(skip_serializing_if = "Option::is_none")]
    rules_text: Option<&'a str>,
    #[serde(flatten)]
    state: PlayState,
}

/// The state as it is, with `events`.
fn state_json(id: &str, game: &Game, events: &[Event]) -> Result<Value, ApiError> {
    let state = game.session.state();
    let position = position(game, &state)?;
    let answer = PlayAnswer {
        id,
        version: game.changes.version(),
        position,
        events,
        rules_text: game.rules_text.as_deref(),
        state,
    };
    serde_json::to_value(answer).map_err(|e| ApiError::internal(format!("a state did not serialize: {e}")))
}

/// Where the game stands, as 16 hex digits: a hash of its record and its
/// state (the dice of a roll not yet decided on included, which the record
/// does not hold yet). Equal positions are the same game to move in: a
/// phone that saw this one may move, even after a restart of the server
/// (the game resumed from its record stands where it stood), and a phone
/// that saw any other is refused ([`check_position`]).
fn position(game: &Game, state: &PlayState) -> Result<String, ApiError> {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    game.session.record().to_string().hash(&mut h);
    // An estimate of the chances moves nothing: a phone that saw the game
    // before it still stands where the game stands.
    let mut state = state.clone();
    for t in &mut state.turns {
        t.estimates = None;
    }
    serde_json::to_string(&state)
        .map_err(|e| ApiError::internal(format!("a state did not serialize: {e}")))?
        .hash(&mut h);
    Ok(format!("{:016x}", h.finish()))
}

/// The session's state after a request (`events`: what happened in it;
/// `moved`: the request changed the game), the seats sixdice plays moved
/// first until a person must act. A change is noted for the followers.
fn answer(id: &str, game: &mut Game, mut events: Vec<Event>, moved: bool) -> Result<Value, ApiError> {
    events.extend(game.session.advance().map_err(ApiError::from)?);
    if moved || !events.is_empty() {
        game.changes.note(&events);
    }
    state_json(id, game, &events)
}

/// [`answer`] after a move, the game kept on disk first (see
/// [`crate::saved`]; whether it is over read from the answer's state, not
/// made again).
fn changed(s: &Saved, id: &str, game: &mut Game, events: Vec<Event>) -> Result<Value, ApiError> {
    let answer = answer(id, game, events, true)?;
    s.save(id, game.session.record(), answer["over"].as_bool() == Some(true))?;
    Ok(answer)
}

/// A move said to be made at `seen` (the position the phone showed):
/// refused with the fresh state when the game stands elsewhere now
/// (another phone moved first). A move that names no position is taken
/// as it comes.
fn check_position(id: &str, game: &Game, seen: Option<&str>) -> Result<(), ApiError> {
    match seen {
        Some(p) if p != position(game, &game.session.state())? => Err(ApiError::conflict(state_json(id, game, &[])?)),
        _ => Ok(()),
    }
}

/// A move on game `id`, said to be made at `position` (see
/// [`check_position`]): `f` makes it (given the tables, for the moves that
/// replay the game) and returns what happened; the answer is the state
/// after it, the game kept on disk first.
async fn a_move(
    s: &AppState,
    id: String,
    position: Option<String>,
    f: impl FnOnce(&mut Game, &std::path::Path) -> Result<Vec<Event>, ApiError> + Send + 'static,
) -> Result<axum::Json<Value>, ApiError> {
    let (key, tables, saved) = (id.clone(), s.tables.clone(), s.saved.clone());
    with_game(s, &key, move |g| {
        check_position(&id, g, position.as_deref())?;
        let events = f(g, &tables)?;
        changed(&saved, &id, g, events)
    })
    .await
    .map(axum::Json)
}

/// What a phone following the game is sent: the state with the events of
/// the moves after the version it saw, and the version now.
pub(crate) fn followed(id: &str, game: &Game, seen: Option<u64>) -> Result<(Value, u64), ApiError> {
    Ok((state_json(id, game, &game.changes.since(seen))?, game.changes.version()))
}

/// A signal at every move of the game; it ends when the game leaves memory.
pub(crate) fn subscribe(game: &Game) -> tokio::sync::watch::Receiver<u64> {
    game.changes.subscribe()
}

/// `POST /api/play`: a new game (`201` + its state), the computer's seats
/// played up to the first person's turn. Starting may solve a table where
/// that is quick, so it goes through the jobs (a `202` job whose result is
/// the state, when it takes long).
pub(crate) async fn create(State(s): State<AppState>, Body(req): Body<PlayRequest>) -> Reply {
    if s.sessions.count() >= SESSIONS {
        return Reply::Now(Err(full()));
    }
    let (tables, state_) = (s.tables.clone(), s.clone());
    s.jobs
        .run(Lane::Answer, move |progress| {
            let (game, q) = req.question()?;
            let session = Session::new(Arc::new(game), &q, &tables, progress).map_err(ApiError::from)?;
            let mut game = Game::new(session, req.game.rules_text.clone());
            let id = new_id();
            let started = (|| -> Result<Value, ApiError> {
                if let Some(text) = &req.game.rules_text {
                    state_.saved.save_rules(&id, text)?;
                }
                let first = changed(&state_.saved, &id, &mut game, vec![])?;
                state_.sessions.insert(Some(id.clone()), game)?;
                Ok(first)
            })();
            // A game that did not start leaves no file behind.
            if started.is_err() {
                state_.saved.remove(&id);
            }
            Ok(crate::jobs::Answer::Json(StatusCode::CREATED, started?))
        })
        .await
}

/// `GET /api/play/ID`: the state (no events).
pub(crate) async fn show(State(s): State<AppState>, Path(id): Path<String>) -> Result<axum::Json<Value>, ApiError> {
    let key = id.clone();
    with_game(&s, &key, move |g| answer(&id, g, vec![], false)).await.map(axum::Json)
}

/// `GET /api/play`: the games kept on disk, the last changed first.
pub(crate) async fn list(State(s): State<AppState>) -> Result<axum::Json<Vec<SavedGame>>, ApiError> {
    let saved = s.saved.clone();
    s.jobs.run_now(move || Ok(saved.list())).await.map(axum::Json)
}

/// `DELETE /api/play/ID`: the game is gone, from memory and disk (`204`).
pub(crate) async fn delete(State(s): State<AppState>, Path(id): Path<String>) -> Result<StatusCode, ApiError> {
    let in_memory = s.sessions.remove(&id);
    if s.saved.remove(&id) || in_memory {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(no_session(&id))
    }
}

/// `/roll`'s body: typed dice, a count of the dice to roll (near an exact
/// goal), or neither (the session rolls them all with its seed).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RollBody {
    dice: Option<String>,
    count: Option<usize>,
    /// The position the phone showed (see [`check_position`]).
    position: Option<String>,
}

/// `POST /api/play/ID/roll`.
pub(crate) async fn roll(
    State(s): State<AppState>,
    Path(id): Path<String>,
    Body(body): Body<RollBody>,
) -> Result<axum::Json<Value>, ApiError> {
    let dice = match (&body.dice, body.count) {
        (Some(_), Some(_)) => {
            return Err(ApiError::about(
                StatusCode::UNPROCESSABLE_ENTITY,
                "count",
                "give the dice or a count, not both",
            ))
        }
        (Some(d), None) => {
            Some(parse_dice(d).map_err(|e| ApiError::about(StatusCode::UNPROCESSABLE_ENTITY, "dice", e))?)
        }
        _ => None,
    };
    a_move(&s, id, body.position, move |g, _| {
        match body.count {
            Some(n) => g.session.roll_some(n),
            None => g.session.roll(dice),
        }
        .map_err(ApiError::from)
    })
    .await
}

/// `/decide`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DecideBody {
    decision: String,
    /// The position the phone showed (see [`check_position`]).
    position: Option<String>,
}

/// `/undo`'s body: nothing, or the position the phone showed.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct UndoBody {
    position: Option<String>,
}

/// `POST /api/play/ID/decide`: a decision in a record's words, their
/// short forms or `advise`'s own words.
pub(crate) async fn decide(
    State(s): State<AppState>,
    Path(id): Path<String>,
    Body(body): Body<DecideBody>,
) -> Result<axum::Json<Value>, ApiError> {
    let chars = body.decision.chars().count();
    if chars > DECISION_CHARS {
        return Err(ApiError::about(
            StatusCode::UNPROCESSABLE_ENTITY,
            "decision",
            format!("{chars} characters are no decision (at most {DECISION_CHARS})"),
        ));
    }
    a_move(&s, id, body.position, move |g, _| {
        // The decision is all the body holds: whatever the library refuses
        // here is about it.
        g.session.decide(body.decision.trim()).map_err(|e| ApiError::from(e).or_field("decision"))
    })
    .await
}

/// `POST /api/play/ID/undo`: the game as it was before the last decision
/// a person made.
pub(crate) async fn undo(
    State(s): State<AppState>,
    Path(id): Path<String>,
    Body(body): Body<UndoBody>,
) -> Result<axum::Json<Value>, ApiError> {
    a_move(&s, id, body.position, |g, tables| {
        g.session = g.session.undo(tables, &Silent).map_err(ApiError::from)?;
        Ok(vec![])
    })
    .await
}

/// `/score`'s body: the points a turn banked (0: a farkle); with `turn`,
/// the correction of that earlier turn (1-based), one entered by its points.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ScoreBody {
    points: i64,
    turn: Option<usize>,
    /// The position the phone showed (see [`check_position`]).
    position: Option<String>,
}

/// `POST /api/play/ID/score`: the turn of the person to move entered by its
/// result, or (`turn`) an earlier entered turn corrected, the game after it
/// replayed. The library checks the points against the rules.
pub(crate) async fn score(
    State(s): State<AppState>,
    Path(id): Path<String>,
    Body(body): Body<ScoreBody>,
) -> Result<axum::Json<Value>, ApiError> {
    a_move(&s, id, body.position, move |g, tables| match body.turn {
        Some(turn) => {
            g.session = g.session.correct(turn, body.points, tables, &Silent).map_err(ApiError::from)?;
            Ok(vec![])
        }
        None => g.session.score(body.points).map_err(ApiError::from),
    })
    .await
}

/// `GET /api/play/ID/hint`: `advise`'s answer for the position in play;
/// where the chances are estimated (no exact table), the plays ranked by
/// P(win) by rollouts (a two-second budget), else (a last turn, a leftover
/// to take) the session's own ranking.
pub(crate) async fn hint(State(s): State<AppState>, Path(id): Path<String>) -> Result<crate::jobs::Answer, ApiError> {
    let answer = with_game(&s, &id, |g| {
        let estimated = g.session.state().estimated.is_some();
        let by_rollouts =
            if estimated { g.session.hint_by_rollouts(&RolloutAsk::default(), &Silent).ok() } else { None };
        let advice = match by_rollouts {
            Some(a) => a,
            None => g.session.hint().map_err(ApiError::from)?,
        };
        crate::jobs::Answer::report(&advice).map(|a| (a, estimated))
    })
    .await?;
    if answer.1 {
        s.sessions.rolled(&id);
    }
    Ok(answer.0)
}

/// `/estimate`'s body: nothing (a two-second budget), or a count.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct EstimateBody {
    rollouts: Option<u64>,
}

/// `POST /api/play/ID/estimate`: where the chances are estimated (no exact
/// table), every seat's P(win) at the start of the turn in play by
/// rollouts, with its interval; kept in the score table as the chances
/// after the turn before it, and sent to the phones following the game.
/// The answer is the state with `estimate`.
pub(crate) async fn estimate(
    State(s): State<AppState>,
    Path(id): Path<String>,
    Body(body): Body<EstimateBody>,
) -> Result<axum::Json<Value>, ApiError> {
    let ask = RolloutAsk::counted(body.rollouts, None).map_err(|e| ApiError::from(e).or_field("rollouts"))?;
    let key = id.clone();
    let answer = with_game(&s, &key, move |g| {
        let estimate = g.session.estimate_seats(&ask, &Silent).map_err(ApiError::from)?;
        g.changes.note(&[]);
        let mut answer = state_json(&id, g, &[])?;
        answer["estimate"] =
            serde_json::to_value(&estimate).map_err(|e| ApiError::internal(format!("no JSON: {e}")))?;
        Ok(answer)
    })
    .await?;
    s.sessions.rolled(&key);
    Ok(axum::Json(answer))
}

/// `GET /api/play/ID/choices`: the legal decisions, best first.
pub(crate) async fn choices(
    State(s): State<AppState>,
    Path(id): Path<String>,
) -> Result<crate::jobs::Answer, ApiError> {
    with_game(&s, &id, |g| crate::jobs::Answer::report(&g.session.choices().map_err(ApiError::from)?)).await
}

/// `GET /api/play/ID/record`: the game so far as a record (text, to save).
pub(crate) async fn record(State(s): State<AppState>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let (text, game) =
        with_game(&s, &id, |g| Ok((g.session.record().to_string(), g.session.record().game.clone()))).await?;
    // The game's id is the registry's (letters, digits, dashes): safe in
    // a header; anything else falls back to a plain name.
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"sixdice-{game}.rec\""))
        .unwrap_or_else(|_| HeaderValue::from_static("attachment; filename=\"sixdice-game.rec\""));
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8")),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}
