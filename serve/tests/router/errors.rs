//! Every error class: its status, the JSON shape, its field; and that the
//! server keeps serving after each.

use axum::body::Body;
use axum::http::{Method, StatusCode};
use axum::routing::get;
use axum::Router;
use serde_json::{json, Value};
use serve::limits::{BODY_BYTES, RECORD_BODY_BYTES, SESSIONS};

use crate::common::{send, Server};

#[tokio::test]
async fn bodies_that_are_not_the_request_are_400() {
    let s = Server::new();
    let send_raw = |body: &'static str| s.send(Method::POST, "/api/advise", body);
    send_raw("{\"game\": ").await.error(StatusCode::BAD_REQUEST);
    let unknown = send_raw(r#"{"game": "farkle", "dise": "1,1"}"#).await;
    unknown.error(StatusCode::BAD_REQUEST);
    assert!(unknown.text().contains("dise"), "{}", unknown.text());
    let wrong = send_raw(r#"{"game": "farkle", "dice": "1,5", "banked": "three hundred"}"#).await;
    assert_eq!(wrong.error(StatusCode::BAD_REQUEST), json!("banked"));
    assert_eq!(send_raw("[1, 2]").await.error(StatusCode::BAD_REQUEST), Value::Null);
}

#[tokio::test]
async fn values_the_library_refuses_are_422_with_their_field() {
    let s = Server::new();
    let r = s.post("/api/advise", &json!({"game": "farkle", "dice": "1,1,2,3,5,7"})).await;
    assert_eq!(r.error(StatusCode::UNPROCESSABLE_ENTITY), json!("dice"));
    assert!(r.json()["error"].as_str().is_some_and(|e| e.starts_with("dice: ")));
    let r = s.post("/api/advise", &json!({"game": "farkle", "dice": "1,5", "banked": -50})).await;
    assert_eq!(r.error(StatusCode::UNPROCESSABLE_ENTITY), json!("banked"));
    let r = s.post("/api/advise", &json!({"game": "no-such-game", "dice": "1,1,2,3,5,5"})).await;
    r.error(StatusCode::UNPROCESSABLE_ENTITY);
    let r = s.post("/api/simulate", &json!({"game": "farkle", "games": 0})).await;
    assert_eq!(r.error(StatusCode::UNPROCESSABLE_ENTITY), json!("games"));
}

#[tokio::test]
async fn unknown_routes_jobs_sessions_and_methods() {
    let s = Server::new();
    assert_eq!(s.get("/nope").await.error(StatusCode::NOT_FOUND), Value::Null);
    s.get("/api/jobs/0123456789abcdef").await.error(StatusCode::NOT_FOUND);
    s.get("/api/play/0123456789abcdef").await.error(StatusCode::NOT_FOUND);
    s.post("/api/play/0123456789abcdef/roll", &json!({})).await.error(StatusCode::NOT_FOUND);
    s.send(Method::DELETE, "/api/play/x", Body::empty()).await.error(StatusCode::NOT_FOUND);
    s.get("/api/advise").await.error(StatusCode::METHOD_NOT_ALLOWED);
    // No path reaches a file beside the page's own.
    s.get("/../Cargo.toml").await.error(StatusCode::NOT_FOUND);
    s.get("/page/index.html").await.error(StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn bodies_over_their_limit_are_413() {
    let s = Server::new();
    let big = format!("{{\"game\": \"farkle\", \"rules-text\": \"{}\"}}", "#".repeat(BODY_BYTES));
    s.send(Method::POST, "/api/advise", big).await.error(StatusCode::PAYLOAD_TOO_LARGE);
    // A record may be larger (then refused as a record, not for its size)...
    let record = format!("{{\"record\": \"{}\"}}", "x".repeat(2 * BODY_BYTES));
    s.send(Method::POST, "/api/review", record).await.error(StatusCode::UNPROCESSABLE_ENTITY);
    // ... up to the CLI's limit on a record file.
    let record = format!("{{\"record\": \"{}\"}}", "x".repeat(RECORD_BODY_BYTES));
    s.send(Method::POST, "/api/review", record).await.error(StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(s.get("/api/games").await.status, StatusCode::OK);
}

#[tokio::test]
async fn sessions_are_capped() {
    let s = Server::new();
    let one = json!({"game": "farkle", "players": "me", "seed": 1});
    for _ in 0..SESSIONS {
        assert_eq!(s.post("/api/play", &one).await.status, StatusCode::CREATED);
    }
    s.post("/api/play", &one).await.error(StatusCode::SERVICE_UNAVAILABLE);
}

async fn boom() -> &'static str {
    panic!("on purpose")
}

#[tokio::test]
async fn a_panic_is_a_500_and_the_server_goes_on() {
    let s = Server::new();
    let app = serve::with_layers(Router::new().route("/boom", get(boom)).merge(s.app.clone()));
    let r = send(&app, Method::GET, "/boom", Body::empty()).await;
    assert_eq!(r.error(StatusCode::INTERNAL_SERVER_ERROR), Value::Null);
    assert!(r.text().contains("on purpose"));
    assert_eq!(send(&app, Method::GET, "/api/games", Body::empty()).await.status, StatusCode::OK);
}
