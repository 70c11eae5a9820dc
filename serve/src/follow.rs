//! `GET /api/play/ID/events`: every phone at the table follows the game.
//!
//! A server-sent event stream: at once the game's state, then after every
//! move (whichever phone made it, and sixdice's seats) the state again
//! with the events of the moves since the last one sent. Each message is
//! `event: state`, its `id` the game's version ([`crate::changes`]), its
//! data the JSON `GET /api/play/ID` answers, events included. A phone
//! that reconnects sends the last id it saw (`Last-Event-ID`, as browsers
//! do by themselves) and catches up: the first message then holds every
//! event it missed (of the latest moves kept in memory).
//!
//! `GET /api/play/ID/join` gives the links another phone opens to join the
//! game (the server's addresses on the network, when it listens on one)
//! and a QR code of the first, drawn by the `qrcode` crate.
//!
//! The stream ends when the game leaves memory (deleted, idle, a restart:
//! the browser reconnects and the game is resumed from disk) and when the
//! server stops. A comment every 15 s keeps idle connections open through
//! proxies and phones' networks.

use std::convert::Infallible;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use futures_util::stream::{self, Stream};
use serde::Serialize;
use tokio::sync::watch;

use crate::error::ApiError;
use crate::play::{followed, subscribe, with_game};
use crate::AppState;

/// `/join`'s answer.
#[derive(Serialize)]
pub(crate) struct Join {
    /// The game's page at each address of the server a phone can reach.
    links: Vec<String>,
    /// A QR code of the first link, as SVG; `null` without links.
    qr: Option<String>,
    /// Why there are no links, in words; `null` with links.
    why: Option<&'static str>,
}

/// `GET /api/play/ID/join`.
pub(crate) async fn join(State(s): State<AppState>, Path(id): Path<String>) -> Result<axum::Json<Join>, ApiError> {
    // The game must exist (in memory or on disk): no link to nothing.
    with_game(&s, &id, |_| Ok(())).await?;
    let links: Vec<String> = s.urls.iter().map(|u| format!("{u}#play/{id}")).collect();
    let qr = match links.first() {
        Some(link) => Some(qr_svg(link)?),
        None => None,
    };
    let why = links.is_empty().then_some(
        "this server listens on this machine only: start it with --host 0.0.0.0 for the other phones to join",
    );
    Ok(axum::Json(Join { links, qr, why }))
}

/// `text` as a QR code in SVG.
fn qr_svg(text: &str) -> Result<String, ApiError> {
    let code = qrcode::QrCode::new(text.as_bytes()).map_err(|e| ApiError::internal(format!("a QR code: {e}")))?;
    Ok(code.render::<qrcode::render::svg::Color>().min_dimensions(200, 200).build())
}

/// `text` as a QR code for a terminal (two rows of modules a line), drawn
/// for a dark background: the light modules and the quiet zone are the
/// blocks (a camera reads the frame they make).
pub fn terminal_qr(text: &str) -> Option<String> {
    use qrcode::render::unicode::Dense1x2;
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    Some(code.render::<Dense1x2>().dark_color(Dense1x2::Light).light_color(Dense1x2::Dark).build())
}

/// A phone following a game.
struct Follower {
    s: AppState,
    id: String,
    moves: watch::Receiver<u64>,
    closing: watch::Receiver<bool>,
    /// The last version sent (or the one the phone said it saw).
    seen: Option<u64>,
    first: bool,
}

/// The handler: see the module docs.
pub(crate) async fn events(
    State(s): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = Result<SseEvent, Infallible>>>, ApiError> {
    let moves = with_game(&s, &id, |g| Ok(subscribe(g))).await?;
    let seen = headers.get("last-event-id").and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<u64>().ok());
    let closing = s.closing.subscribe();
    let follower = Follower { s, id, moves, closing, seen, first: true };
    let stream = stream::unfold(follower, next);
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}

/// The next message: at once for the first, then at the next move.
async fn next(mut f: Follower) -> Option<(Result<SseEvent, Infallible>, Follower)> {
    if !f.first {
        tokio::select! {
            moved = f.moves.changed() => moved.ok()?,
            _ = f.closing.wait_for(|&stop| stop) => return None,
        }
    }
    f.first = false;
    f.moves.mark_unchanged();
    let (id, seen) = (f.id.clone(), f.seen);
    let (state, version) = with_game(&f.s, &f.id, move |g| followed(&id, g, seen)).await.ok()?;
    f.seen = Some(version);
    let message = SseEvent::default().event("state").id(version.to_string()).json_data(state).ok()?;
    Some((Ok(message), f))
}
