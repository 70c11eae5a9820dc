//! What the router tests share: a server on a temporary tables directory,
//! and requests sent through the router.

use std::time::Duration;

use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use axum::Router;
use serde_json::Value;
use tower::ServiceExt;

/// A router over its own empty tables directory.
pub struct Server {
    pub app: Router,
    pub tables: tempfile::TempDir,
}

impl Server {
    /// Every request waits for its answer (a wait far longer than any
    /// here takes): the answers do not depend on the machine's speed.
    pub fn new() -> Server {
        Server::with(false, Duration::from_secs(3600))
    }

    /// `allow_full_solve`, and the wait before a request becomes a job.
    pub fn with(allow_full_solve: bool, wait: Duration) -> Server {
        let tables = tempfile::tempdir().expect("a temporary directory");
        let state = serve::AppState::with_answer_wait(tables.path(), allow_full_solve, wait);
        Server { app: serve::router(state), tables }
    }

    /// Sends a request; the answer's status, headers and body.
    pub async fn send(&self, method: Method, uri: &str, body: impl Into<Body>) -> Reply {
        send(&self.app, method, uri, body).await
    }

    pub async fn get(&self, uri: &str) -> Reply {
        self.send(Method::GET, uri, Body::empty()).await
    }

    pub async fn post(&self, uri: &str, body: &Value) -> Reply {
        self.send(Method::POST, uri, body.to_string()).await
    }

    /// Polls a job until it is no longer running (bounded by polls).
    pub async fn finish_job(&self, id: &str) -> Value {
        for _ in 0..20_000 {
            let r = self.get(&format!("/api/jobs/{id}")).await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.text());
            let v = r.json();
            if v["state"] != "running" {
                return v;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        panic!("job {id} still running after 20,000 polls");
    }
}

/// Sends a request to any router.
pub async fn send(app: &Router, method: Method, uri: &str, body: impl Into<Body>) -> Reply {
    // As the page sends them: to the server's own name, POSTs as JSON.
    let mut request = Request::builder().uri(uri).header("host", "localhost:8080");
    if method == Method::POST {
        request = request.header("content-type", "application/json");
    }
    let request = request.method(method).body(body.into()).expect("a request");
    let response = app.clone().oneshot(request).await.expect("the router always answers");
    let status = response.status();
    let headers = response.headers().clone();
    let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body").to_vec();
    Reply { status, headers, body }
}

/// An answer.
pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }

    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
    }

    /// Asserts the API's error shape and status; the error's `field`.
    pub fn error(&self, status: StatusCode) -> Value {
        assert_eq!(self.status, status, "{}", self.text());
        assert!(self.header("content-type").starts_with("application/json"), "{:?}", self.headers);
        let v = self.json();
        let message = v["error"].as_str().expect("an error line");
        assert!(!message.is_empty() && !message.contains('\n'), "{message:?}");
        assert!(v.as_object().is_some_and(|o| o.len() == 2), "{v}");
        v["field"].clone()
    }
}

/// A report's JSON as the CLI prints it, from the library.
pub fn report<R: serde::Serialize>(r: &R) -> Value {
    serde_json::to_value(r).expect("reports serialize")
}

/// `v` without the fields that time the run (seconds, rates), which differ
/// between two runs of the same question.
pub fn untimed(mut v: Value) -> Value {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(o) => {
                o.retain(|k, _| !k.contains("seconds") && !k.ends_with("per_second"));
                o.values_mut().for_each(strip);
            }
            Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut v);
    v
}
