//! # sixdice serve: the web page and its JSON API
//!
//! `sixdice serve` answers a browser at the table: the page's files
//! (compiled in, [`assets`]) and a JSON API that mirrors the library
//! (docs/api.md). The library owns everything but reading requests and
//! writing answers; this crate only routes, queues and keeps state:
//!
//! - [`api`]: one endpoint per CLI command; the body is the library's
//!   request type (field names are the CLI's flags), the answer the report
//!   the CLI's `--json` prints.
//! - [`jobs`]: all library work on a bounded pool of blocking workers, with
//!   progress; work that outlives a short wait becomes a job to poll.
//! - [`play`]: play sessions kept between requests, the computer's seats
//!   played by the server between a person's moves.
//! - [`error`]: one JSON error shape and its statuses; [`json`]: bodies
//!   read into request types; [`limits`]: every bound in one place.
//!
//! Layers around every route: a body limit (64 KiB; 4 MiB for a record to
//! review), a `Server-Timing` header with the time the server spent on the
//! request (what the load test in `scripts/bench` reports), and a panic
//! catcher that answers 500 in the API's error shape and logs the panic,
//! so the server keeps serving.
//!
//! [`Server`] binds and serves: the CLI prints [`Server::url`] first, then
//! [`Server::run`] serves until its shutdown future (Ctrl-C or SIGTERM,
//! [`shutdown_signal`]) ends, lets requests in flight finish within a
//! grace period, and returns. Long solves still running are abandoned with
//! the process (see [`jobs`]).

mod api;
mod assets;
mod changes;
mod error;
mod follow;
pub use follow::terminal_qr;
mod guard;
mod jobs;
mod json;
pub mod limits;
mod play;
mod saved;

use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use tower_http::catch_panic::CatchPanicLayer;

use tower_http::timeout::RequestBodyTimeoutLayer;

use crate::assets::Asset;
use crate::error::ApiError;
use crate::guard::{Guard, Hosts};
use crate::jobs::Jobs;
use crate::limits::{
    ANSWER_WAIT, BODY_BYTES, BODY_READ, CONNECTIONS, HEADER_READ, RECORD_BODY_BYTES, SHUTDOWN_GRACE, SWEEP_EVERY,
};
use crate::play::Sessions;
use crate::saved::Saved;

/// The games directory inside the tables directory (`saved`).
pub const GAMES_DIR: &str = "games";

/// What the server shares between requests.
#[derive(Clone)]
pub struct AppState {
    /// The tables directory, fixed at start: no request names another.
    tables: Arc<Path>,
    /// Whether `/api/solve` may start Six Hundred's whole solve.
    allow_full_solve: bool,
    jobs: Arc<Jobs>,
    sessions: Arc<Sessions>,
    /// The games kept on disk ([`saved`]).
    saved: Saved,
    /// Who may ask, and the large bodies' places ([`guard`]).
    guard: Guard,
    /// Set when the server stops: the event streams end ([`follow`]).
    closing: Arc<tokio::sync::watch::Sender<bool>>,
    /// The server's addresses another device can open (`Server::urls`);
    /// none on loopback.
    urls: Arc<Vec<String>>,
}

impl AppState {
    pub fn new(tables: &Path, allow_full_solve: bool) -> AppState {
        AppState::with_answer_wait(tables, allow_full_solve, ANSWER_WAIT)
    }

    /// As [`AppState::new`] with another wait before a request becomes a
    /// job (zero: always a job; for tests). Such a state, without a
    /// socket, takes requests addressed to a loopback name on any port.
    pub fn with_answer_wait(tables: &Path, allow_full_solve: bool, answer_wait: Duration) -> AppState {
        AppState {
            tables: Arc::from(tables),
            allow_full_solve,
            jobs: Arc::new(Jobs::new(answer_wait)),
            sessions: Arc::new(Sessions::default()),
            saved: Saved::new(&tables.join(GAMES_DIR)),
            guard: Guard::new(Hosts::loopback(None)),
            closing: Arc::new(tokio::sync::watch::channel(false).0),
            urls: Arc::new(vec![]),
        }
    }
}

/// Every route of the page and the API, with the layers the module docs
/// list.
pub fn router(state: AppState) -> Router {
    let record_limit = || DefaultBodyLimit::max(RECORD_BODY_BYTES);
    let mut router = Router::new()
        .route("/api/games", get(api::games))
        .route("/api/game", post(api::game))
        .route("/api/advise", post(api::advise))
        .route("/api/compare", post(api::compare))
        .route("/api/compare/picture", post(api::compare_picture))
        .route("/api/strategy", post(api::strategy))
        .route("/api/simulate", post(api::simulate))
        .route("/api/review", post(api::review).layer(record_limit()))
        .route("/api/review/picture", post(api::review_picture).layer(record_limit()))
        .route("/api/rules", post(api::rules))
        .route("/api/info", post(api::info))
        .route("/api/solve", post(api::solve))
        .route("/api/jobs/{id}", get(api::job))
        .route("/api/play", post(play::create).get(play::list))
        .route("/api/play/{id}", get(play::show).delete(play::delete))
        .route("/api/play/{id}/roll", post(play::roll))
        .route("/api/play/{id}/decide", post(play::decide))
        .route("/api/play/{id}/undo", post(play::undo))
        .route("/api/play/{id}/score", post(play::score))
        .route("/api/play/{id}/hint", get(play::hint))
        .route("/api/play/{id}/estimate", post(play::estimate))
        .route("/api/play/{id}/choices", get(play::choices))
        .route("/api/play/{id}/record", get(play::record))
        .route("/api/play/{id}/events", get(follow::events))
        .route("/api/play/{id}/join", get(follow::join));
    for (i, asset) in assets::ASSETS.iter().enumerate() {
        router = router.route(asset.path, get(move |headers: HeaderMap| async move { Asset::response(i, &headers) }));
    }
    let guard = state.guard.clone();
    with_layers(router.with_state(state))
        .layer(RequestBodyTimeoutLayer::new(BODY_READ))
        .layer(middleware::from_fn_with_state(guard, guard::guard))
}

/// The answers for what no route takes, and the layers every route gets
/// (public so that a test can put a route of its own, e.g. one that
/// panics, under the same layers).
pub fn with_layers(router: Router) -> Router {
    router
        .fallback(error::no_route)
        .method_not_allowed_fallback(|| async {
            ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "this endpoint takes another method (see docs/api.md)")
        })
        // Route layers (records' limit) are inside this one, so they win.
        .layer(DefaultBodyLimit::max(BODY_BYTES))
        .layer(middleware::from_fn(server_timing))
        .layer(CatchPanicLayer::custom(panic_answer))
}

/// Adds `Server-Timing: app;dur=MS`: the time from the request reaching
/// the router to its answer, queueing for a worker included (then the
/// job's own parts, when it reported them).
async fn server_timing(req: Request, next: Next) -> Response {
    let start = Instant::now();
    let mut response = next.run(req).await;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    // One header line, the whole first: `app;dur=MS` and the parts a job
    // reported (`wait`, `work`; see `jobs::Spent`).
    let mut timing = format!("app;dur={ms:.3}");
    for part in response.headers().get_all("server-timing") {
        if let Ok(p) = part.to_str() {
            timing.push_str(", ");
            timing.push_str(p);
        }
    }
    if let Ok(v) = HeaderValue::from_str(&timing) {
        response.headers_mut().insert("server-timing", v);
    }
    response
}

/// A handler that panicked: 500 in the API's shape, logged (the panic's
/// own message went to stderr through the panic hook as it happened).
fn panic_answer(payload: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let what = ApiError::panic_message(payload.as_ref());
    ApiError::internal(format!("the request stopped on a bug: {what}")).into_response()
}

/// Where and how to serve.
#[derive(Debug, Clone)]
pub struct Config {
    pub host: IpAddr,
    /// 0: any free port.
    pub port: u16,
    pub tables: PathBuf,
    pub allow_full_solve: bool,
}

/// A bound server, not yet serving.
pub struct Server {
    listener: tokio::net::TcpListener,
    state: AppState,
    /// The addresses a browser may use ([`Server::urls`]).
    addresses: Vec<IpAddr>,
}

impl Server {
    /// Binds the address (the port chosen now when 0). Requests are taken
    /// only when addressed to a loopback name or to the address bound; on
    /// an address of every interface (`0.0.0.0`, `::`), to any of this
    /// machine's addresses.
    ///
    /// # Errors
    /// The address cannot be bound (in use, not this machine's).
    pub async fn bind(config: &Config) -> std::io::Result<Server> {
        let listener = tokio::net::TcpListener::bind(SocketAddr::new(config.host, config.port)).await?;
        let port = listener.local_addr()?.port();
        let addresses =
            if config.host.is_unspecified() { machine_addresses(config.host.is_ipv6()) } else { vec![config.host] };
        let mut state = AppState::new(&config.tables, config.allow_full_solve);
        state.guard = Guard::new(Hosts::with_addresses(port, &addresses));
        let mut server = Server { listener, state, addresses };
        server.state.urls = Arc::new(server.urls()?);
        Ok(server)
    }

    /// The address bound.
    ///
    /// # Errors
    /// The socket cannot say (it always can once bound).
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// `http://HOST:PORT/` (an IPv6 host in brackets): the address bound,
    /// or on an address of every interface, the loopback one.
    ///
    /// # Errors
    /// As [`Server::local_addr`].
    pub fn url(&self) -> std::io::Result<String> {
        let mut addr = self.local_addr()?;
        if addr.ip().is_unspecified() {
            addr.set_ip(if addr.is_ipv6() {
                IpAddr::from([0u16, 0, 0, 0, 0, 0, 0, 1])
            } else {
                IpAddr::from([127, 0, 0, 1])
            });
        }
        Ok(format!("http://{addr}/"))
    }

    /// The addresses another device on the network can open: one URL per
    /// address of this machine that is not loopback (none when the server
    /// listens on loopback only).
    ///
    /// # Errors
    /// As [`Server::local_addr`].
    pub fn urls(&self) -> std::io::Result<Vec<String>> {
        let port = self.local_addr()?.port();
        Ok(self
            .addresses
            .iter()
            .filter(|a| !a.is_loopback() && !a.is_unspecified())
            .map(|&a| format!("http://{}/", SocketAddr::new(a, port)))
            .collect())
    }

    /// Serves until `shutdown` ends, then lets requests in flight finish
    /// for up to [`SHUTDOWN_GRACE`].
    ///
    /// Each connection is served by hyper directly (not `axum::serve`) for
    /// the bounds `axum::serve` does not set: a connection that sends no
    /// headers within [`HEADER_READ`] is closed, and at most
    /// [`CONNECTIONS`] are open at once.
    ///
    /// # Errors
    /// The listener failed.
    pub async fn run(self, shutdown: impl Future<Output = ()> + Send + 'static) -> std::io::Result<()> {
        let state = self.state.clone();
        let sweeper = tokio::spawn(async move {
            let mut every = tokio::time::interval(SWEEP_EVERY);
            loop {
                every.tick().await;
                state.sessions.sweep();
                state.jobs.sweep();
            }
        });
        let closing = self.state.closing.clone();
        let app = router(self.state);
        let open = Arc::new(tokio::sync::Semaphore::new(CONNECTIONS));
        let graceful = hyper_util::server::graceful::GracefulShutdown::new();
        let mut shutdown = std::pin::pin!(shutdown);
        loop {
            let (stream, _) = tokio::select! {
                accepted = self.listener.accept() => match accepted {
                    Ok(a) => a,
                    // Out of descriptors and the like: a moment, then on.
                    Err(_) => {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                },
                () = &mut shutdown => break,
            };
            let Ok(place) = open.clone().try_acquire_owned() else { continue };
            let _ = stream.set_nodelay(true);
            let service = hyper_util::service::TowerToHyperService::new(app.clone());
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(HEADER_READ)
                .serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            let connection = graceful.watch(connection);
            tokio::spawn(async move {
                let _ = connection.await;
                drop(place);
            });
        }
        drop(self.listener);
        sweeper.abort();
        closing.send_replace(true);
        tokio::select! {
            () = graceful.shutdown() => {}
            () = tokio::time::sleep(SHUTDOWN_GRACE) => {}
        }
        Ok(())
    }
}

/// This machine's addresses of one family (IPv6 too when listening on
/// `::`, which takes both), loopback first; loopback alone when the
/// interfaces cannot be listed.
fn machine_addresses(v6: bool) -> Vec<IpAddr> {
    let mut addresses: Vec<IpAddr> = if_addrs::get_if_addrs()
        .map(|all| all.into_iter().map(|i| i.ip()).filter(|ip| v6 || ip.is_ipv4()).collect())
        .unwrap_or_default();
    addresses.sort_by_key(|a| (!a.is_loopback(), a.is_ipv6()));
    addresses.dedup();
    addresses
}

/// Ends at Ctrl-C or (on Unix) SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        // A failure to install the handler leaves SIGTERM (and kill).
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}
