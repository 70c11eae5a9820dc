//! Only the table can use the server: who may ask, and how much of the
//! server a request may hold.
//!
//! The server has no login: it is meant for the people at one table, on
//! one machine or one home network. What keeps everyone else out:
//!
//! - **Host.** A request must name one of the server's own addresses in
//!   its `Host` header (with the port it listens on): a web page on
//!   another site that points a name of its own at this machine (DNS
//!   rebinding) is refused, since the browser sends that name.
//! - **Origin.** A request a browser sends for another site's page (its
//!   `Origin` is not one of the server's own, or `Sec-Fetch-Site` says
//!   `cross-site`) is refused; a browser's own navigation sends neither.
//! - **JSON only.** Every `POST` must say `Content-Type: application/json`:
//!   a form on another site cannot send that type without the browser
//!   asking this server first (a preflight, which it does not answer).
//! - **Large bodies.** A body over the usual 64 KiB (a record to review)
//!   waits for one of [`LARGE_BODIES`] places before it is read, so a
//!   flood of 4 MiB reviews holds at most that many in memory at once (the
//!   place is kept by the work the body becomes, [`LargePlace`], until it
//!   ends); one that finds no place within [`LARGE_BODY_WAIT`] is answered
//!   503.
//!
//! Slow clients are dropped where connections are served (`lib.rs`):
//! headers not sent within [`HEADER_READ`](crate::limits::HEADER_READ)
//! close the connection, a body not sent within
//! [`BODY_READ`](crate::limits::BODY_READ) ends the request.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::ApiError;
use crate::limits::{BODY_BYTES, LARGE_BODIES, LARGE_BODY_WAIT};

/// The names and port a request may address this server by.
#[derive(Debug, Clone)]
pub(crate) struct Hosts {
    /// Host names and addresses, lower case, IPv6 without brackets.
    names: Vec<String>,
    /// The port listened on; `None` (a router without a socket, in tests):
    /// any port.
    port: Option<u16>,
}

impl Hosts {
    /// The loopback names: `localhost`, `127.0.0.1`, `::1`.
    pub(crate) fn loopback(port: Option<u16>) -> Hosts {
        Hosts { names: vec!["localhost".into(), "127.0.0.1".into(), "::1".into()], port }
    }

    /// The loopback names and `addresses` (the address bound, or every
    /// address of the machine when it listens on all of them).
    pub(crate) fn with_addresses(port: u16, addresses: &[IpAddr]) -> Hosts {
        let mut hosts = Hosts::loopback(Some(port));
        for a in addresses {
            let name = a.to_string().to_ascii_lowercase();
            if !hosts.names.contains(&name) {
                hosts.names.push(name);
            }
        }
        hosts
    }

    /// Whether `host` (a `Host` header: `name`, `name:port`, `[v6]:port`)
    /// is one of ours.
    fn allows(&self, host: &str) -> bool {
        let Some((name, port)) = split_host(host) else { return false };
        let port_ok = match (self.port, port) {
            (None, _) => true,
            (Some(ours), Some(theirs)) => ours == theirs,
            (Some(ours), None) => ours == 80,
        };
        port_ok && self.names.iter().any(|n| n.eq_ignore_ascii_case(name))
    }

    /// Whether `origin` (`http://host[:port]`) is one of ours.
    fn allows_origin(&self, origin: &str) -> bool {
        origin.strip_prefix("http://").is_some_and(|host| self.allows(host))
    }
}

/// `name[:port]` or `[v6][:port]` split; `None` when it is neither.
fn split_host(host: &str) -> Option<(&str, Option<u16>)> {
    let (name, port) = if let Some(rest) = host.strip_prefix('[') {
        let (name, after) = rest.split_once(']')?;
        match after {
            "" => (name, None),
            p => (name, Some(p.strip_prefix(':')?)),
        }
    } else {
        match host.split_once(':') {
            Some((name, p)) => (name, Some(p)),
            None => (host, None),
        }
    };
    let port = match port {
        Some(p) => Some(p.parse::<u16>().ok()?),
        None => None,
    };
    (!name.is_empty()).then_some((name, port))
}

/// What the guard shares between requests.
#[derive(Debug, Clone)]
pub(crate) struct Guard {
    pub(crate) hosts: Arc<Hosts>,
    large_bodies: Arc<Semaphore>,
}

impl Guard {
    pub(crate) fn new(hosts: Hosts) -> Guard {
        Guard { hosts: Arc::new(hosts), large_bodies: Arc::new(Semaphore::new(LARGE_BODIES)) }
    }
}

fn refused(status: StatusCode, message: &str) -> ApiError {
    ApiError::new(status, message)
}

/// The layer: refuses what the module docs list, then holds a large
/// body's place until its answer is made.
pub(crate) async fn guard(State(g): State<Guard>, req: Request, next: Next) -> Response {
    if let Err(refusal) = check(&g.hosts, req.method(), req.headers()) {
        return refusal.into_response();
    }
    let mut req = req;
    if is_large(req.headers()) {
        match tokio::time::timeout(LARGE_BODY_WAIT, g.large_bodies.clone().acquire_owned()).await {
            Ok(Ok(place)) => {
                req.extensions_mut().insert(LargePlace(Arc::new(place)));
            }
            _ => {
                return refused(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "the server is reading other large requests: try again in a moment",
                )
                .into_response()
            }
        }
    }
    next.run(req).await
}

/// A large body's place, held by the request until its answer is made
/// and by the work that reads the body (a handler moves it into its job)
/// until that work ends: what waits for a worker holds its body too.
#[derive(Debug, Clone)]
pub(crate) struct LargePlace(#[allow(dead_code)] Arc<OwnedSemaphorePermit>);

/// Host, origin and content type, as the module docs say.
fn check(hosts: &Hosts, method: &Method, headers: &HeaderMap) -> Result<(), ApiError> {
    let text = |name: header::HeaderName| headers.get(name).map(|v| v.to_str().unwrap_or("\u{0}"));
    match text(header::HOST) {
        Some(host) if hosts.allows(host) => {}
        Some(_) => {
            return Err(refused(
                StatusCode::MISDIRECTED_REQUEST,
                "this server answers only to its own addresses (the Host of the request is not one)",
            ))
        }
        None => return Err(refused(StatusCode::BAD_REQUEST, "a request names the server it is for (Host)")),
    }
    let cross_site = headers.get("sec-fetch-site").is_some_and(|v| v.as_bytes() == b"cross-site");
    if cross_site || text(header::ORIGIN).is_some_and(|o| !hosts.allows_origin(o)) {
        return Err(refused(StatusCode::FORBIDDEN, "this server answers its own page only, not another site's"));
    }
    if method == Method::POST {
        let json = text(header::CONTENT_TYPE)
            .is_some_and(|t| t.split(';').next().is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json")));
        if !json {
            return Err(refused(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "a POST's body is JSON (Content-Type: application/json)",
            ));
        }
    }
    Ok(())
}

/// A body that may be over the usual limit: longer by its length, or of
/// a length it does not say (chunked).
fn is_large(headers: &HeaderMap) -> bool {
    match headers.get(header::CONTENT_LENGTH) {
        Some(len) => len.to_str().ok().and_then(|l| l.parse::<usize>().ok()).is_none_or(|l| l > BODY_BYTES),
        None => headers.contains_key(header::TRANSFER_ENCODING),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_is_ours_by_name_and_port() {
        let h = Hosts::with_addresses(8080, &["192.168.1.20".parse().unwrap(), "fe80::1".parse().unwrap()]);
        for ok in
            ["localhost:8080", "LOCALHOST:8080", "127.0.0.1:8080", "[::1]:8080", "192.168.1.20:8080", "[fe80::1]:8080"]
        {
            assert!(h.allows(ok), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "localhost:8081",
            "localhost",
            "192.168.1.21:8080",
            "localhost.evil.example:8080",
            "[::1",
            "::1:8080",
            "localhost:99999",
            "",
            ":8080",
        ] {
            assert!(!h.allows(bad), "{bad}");
        }
        assert!(Hosts::with_addresses(80, &[]).allows("localhost"));
        assert!(Hosts::loopback(None).allows("localhost:1234"));
    }

    #[test]
    fn an_origin_is_ours_over_http_only() {
        let h = Hosts::loopback(Some(8080));
        assert!(h.allows_origin("http://localhost:8080"));
        for bad in ["null", "https://localhost:8080", "http://evil.example:8080", "http://localhost:8080/x", "file://"]
        {
            assert!(!h.allows_origin(bad), "{bad}");
        }
    }

    #[test]
    fn a_body_of_unknown_length_counts_as_large() {
        let mut h = HeaderMap::new();
        assert!(!is_large(&h));
        h.insert(header::TRANSFER_ENCODING, "chunked".parse().unwrap());
        assert!(is_large(&h));
        h.insert(header::CONTENT_LENGTH, "100".parse().unwrap());
        assert!(!is_large(&h));
        h.insert(header::CONTENT_LENGTH, (BODY_BYTES + 1).to_string().parse().unwrap());
        assert!(is_large(&h));
    }
}
