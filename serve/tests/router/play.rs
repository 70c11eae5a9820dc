//! Play sessions through the API: a whole game against `optimal` with a
//! hint, the choices and an undo; dice typed at the table, the computer's
//! included; the record; the end of a session.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use crate::common::Server;

/// Farkle to 2,000: a whole game in a few dozen requests.
fn small_game(extra: Value) -> Value {
    let mut body = json!({"game": "farkle", "option": ["goal=2000"], "players": "me,optimal"});
    if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
        b.extend(e.clone());
    }
    body
}

const STATE_KEYS: [&str; 18] = [
    "id",
    "prompt",
    "view",
    "events",
    "objective",
    "judging",
    "exact_from",
    "estimated",
    "optimal_plays",
    "over",
    "seed",
    "dice_from_me",
    "can_undo",
    "computer_dice",
    "points_entry",
    "turns",
    "version",
    "position",
];

fn check_state(v: &Value) {
    let o = v.as_object().expect("a state object");
    assert_eq!(o.len(), STATE_KEYS.len(), "{v}");
    for key in STATE_KEYS {
        assert!(o.contains_key(key), "{key} in {v}");
    }
}

#[tokio::test]
async fn a_whole_game_against_optimal() {
    let s = Server::new();
    let r = s.post("/api/play", &small_game(json!({"seed": 7}))).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text());
    let mut state = r.json();
    check_state(&state);
    let id = state["id"].as_str().expect("an id").to_string();
    assert_eq!(
        (state["seed"].as_u64(), &state["dice_from_me"], &state["can_undo"]),
        (Some(7), &json!(false), &json!(false))
    );
    assert_eq!(s.get(&format!("/api/play/{id}")).await.json()["prompt"], state["prompt"]);

    let (mut undone, mut computer_moved) = (false, false);
    for _ in 0..2_000 {
        if state["over"] == true {
            break;
        }
        let prompt = &state["prompt"];
        assert_eq!(prompt["seat"], 0, "the person's turn after every request: {state}");
        let next = match prompt["prompt"].as_str() {
            Some("roll") => s.post(&format!("/api/play/{id}/roll"), &json!({})).await,
            Some("decide" | "offer") => {
                let choices = s.get(&format!("/api/play/{id}/choices")).await.json();
                let best = choices[0]["words"].as_str().expect("a choice's words").to_string();
                let hint = s.get(&format!("/api/play/{id}/hint")).await;
                assert_eq!(hint.status, StatusCode::OK, "{}", hint.text());
                let r = s.post(&format!("/api/play/{id}/decide"), &json!({"decision": best})).await;
                if !undone && r.json()["can_undo"] == true {
                    // Undo once: the same position comes back to decide.
                    let back = s.post(&format!("/api/play/{id}/undo"), &json!({})).await;
                    assert_eq!(back.status, StatusCode::OK, "{}", back.text());
                    assert_eq!(back.json()["prompt"], *prompt);
                    undone = true;
                    s.post(&format!("/api/play/{id}/decide"), &json!({"decision": best})).await
                } else {
                    r
                }
            }
            other => panic!("no such prompt {other:?}: {state}"),
        };
        assert_eq!(next.status, StatusCode::OK, "{}", next.text());
        state = next.json();
        check_state(&state);
        let events = state["events"].as_array().expect("events");
        computer_moved |= events.iter().any(|e| e["seat"] == 1);
    }
    assert_eq!(state["over"], true, "the game ends");
    assert!(undone && computer_moved);

    let r = s.get(&format!("/api/play/{id}/record")).await;
    assert!(r.header("content-type").starts_with("text/plain"));
    assert!(r.header("content-disposition").starts_with("attachment"));
    assert!(r.text().lines().count() > 3, "{}", r.text());
    // Nothing to decide once it is over: the library's refusal.
    s.get(&format!("/api/play/{id}/hint")).await.error(StatusCode::UNPROCESSABLE_ENTITY);

    assert_eq!(s.send(Method::DELETE, &format!("/api/play/{id}"), Body::empty()).await.status, StatusCode::NO_CONTENT);
    s.get(&format!("/api/play/{id}")).await.error(StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn dice_typed_at_the_table() {
    let s = Server::new();
    let r = s.post("/api/play", &small_game(json!({"dice-from-me": true}))).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text());
    let state = r.json();
    let id = state["id"].as_str().expect("an id").to_string();
    assert_eq!((&state["seed"], &state["dice_from_me"]), (&Value::Null, &json!(true)));
    // No seed: the session cannot roll for us.
    s.post(&format!("/api/play/{id}/roll"), &json!({})).await.error(StatusCode::UNPROCESSABLE_ENTITY);
    let field = s.post(&format!("/api/play/{id}/roll"), &json!({"dice": "1,2,3,4,5,9"})).await;
    assert_eq!(field.error(StatusCode::UNPROCESSABLE_ENTITY), json!("dice"));
    let both = s.post(&format!("/api/play/{id}/roll"), &json!({"dice": "2,2,3,4,6,6", "count": 6})).await;
    assert_eq!(both.error(StatusCode::UNPROCESSABLE_ENTITY), json!("count"));

    // A farkle (nothing scores) passes the turn to the computer, whose
    // roll then waits for its dice.
    let r = s.post(&format!("/api/play/{id}/roll"), &json!({"dice": "2,2,3,4,6,6"})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let state = r.json();
    assert_eq!((&state["prompt"]["prompt"], &state["prompt"]["seat"]), (&json!("roll"), &json!(1)), "{state}");
    assert_eq!(state["computer_dice"], 6);
    let r = s.post(&format!("/api/play/{id}/roll"), &json!({"dice": "1,1,1,5,5,2"})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let state = r.json();
    assert!(state["events"].as_array().is_some_and(|e| !e.is_empty()), "{state}");
}

#[tokio::test]
async fn a_decision_the_rules_refuse_names_the_decision() {
    let s = Server::new();
    let id = s.post("/api/play", &small_game(json!({"seed": 1}))).await.json()["id"].as_str().expect("id").to_string();
    // A roll is due, not a decision.
    let r = s.post(&format!("/api/play/{id}/decide"), &json!({"decision": "keep 15 roll"})).await;
    r.error(StatusCode::UNPROCESSABLE_ENTITY);
    let long = s.post(&format!("/api/play/{id}/decide"), &json!({"decision": "x".repeat(500)})).await;
    assert_eq!(long.error(StatusCode::UNPROCESSABLE_ENTITY), json!("decision"));
    s.post(&format!("/api/play/{id}/roll"), &json!({})).await;
    let r = s.post(&format!("/api/play/{id}/decide"), &json!({"decision": "no such words"})).await;
    assert_eq!(r.error(StatusCode::UNPROCESSABLE_ENTITY), json!("decision"));
    // Nothing was undone yet.
    s.post(&format!("/api/play/{id}/undo"), &json!({})).await.error(StatusCode::UNPROCESSABLE_ENTITY);
}

/// Two phones at one game: each move says the position its phone showed;
/// the first one in is played, the other is refused (409) with the game as
/// it is now, and moves from there. A move that says nothing is taken.
#[tokio::test]
async fn the_first_phone_to_move_wins() {
    let s = Server::new();
    let state = s.post("/api/play", &small_game(json!({"seed": 5}))).await.json();
    let id = state["id"].as_str().expect("an id").to_string();
    let seen = state["position"].as_str().expect("a position").to_string();
    assert_eq!(seen.len(), 16);
    assert_eq!(s.get(&format!("/api/play/{id}")).await.json()["position"], json!(seen), "a look changes nothing");
    let first = s.post(&format!("/api/play/{id}/roll"), &json!({"position": seen})).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text());
    let second = s.post(&format!("/api/play/{id}/roll"), &json!({"position": seen})).await;
    assert_eq!(second.status, StatusCode::CONFLICT, "{}", second.text());
    let refused = second.json();
    assert_eq!(refused["field"], "position");
    assert!(refused["error"].as_str().is_some_and(|e| e.contains("another phone moved first")), "{refused}");
    let fresh = &refused["state"];
    assert_eq!(fresh["position"], first.json()["position"], "the refusal carries the game as it is");
    assert_eq!(fresh["prompt"], first.json()["prompt"]);
    assert!(first.json()["version"].as_u64() > state["version"].as_u64(), "a move raises the version");
    // From the fresh position the second phone moves on.
    let choices = s.get(&format!("/api/play/{id}/choices")).await.json();
    let words = choices[0]["words"].as_str().expect("words");
    let body = json!({"decision": words, "position": fresh["position"]});
    assert_eq!(s.post(&format!("/api/play/{id}/decide"), &body).await.status, StatusCode::OK);
}

/// Score kept by points: a turn entered by its result (the rules' refusals
/// name the points), the round-by-round turns with each seat's chance, an
/// entered turn corrected, and the record writing both.
#[tokio::test]
async fn turns_entered_by_their_points() {
    let s = Server::new();
    let body = json!({"game": "farkle", "option": ["goal=2000"], "players": "ann,bob", "dice-from-me": true});
    let state = s.post("/api/play", &body).await.json();
    check_state(&state);
    let id = state["id"].as_str().expect("an id").to_string();
    assert_eq!(state["points_entry"]["least"], 500, "{state}");
    assert_eq!(state["points_entry"]["unit"], 50);
    let score = format!("/api/play/{id}/score");
    let r = s.post(&score, &json!({"points": 420})).await;
    assert_eq!(r.error(StatusCode::UNPROCESSABLE_ENTITY), json!("points"));
    s.post(&score, &json!({"points": "many"})).await.error(StatusCode::BAD_REQUEST);
    s.post(&score, &json!({"points": 600, "extra": 1})).await.error(StatusCode::BAD_REQUEST);
    let r = s.post(&score, &json!({"points": 600, "position": state["position"]})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let after = r.json();
    check_state(&after);
    assert_eq!(after["view"]["seats"][0]["total"], 600);
    let turns = after["turns"].as_array().expect("turns");
    assert_eq!(turns.len(), 1);
    assert_eq!(turns[0]["entered"], true);
    let chances = turns[0]["chances"].as_array().expect("chances");
    let sum: f64 = chances.iter().map(|c| c.as_f64().expect("a chance")).sum();
    assert!((sum - 1.0).abs() < 1e-9, "{chances:?}");
    // The old position is refused: a second phone typed the same turn.
    let again = s.post(&score, &json!({"points": 600, "position": state["position"]})).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(s.post(&score, &json!({"points": 0})).await.status, StatusCode::OK);
    let fixed = s.post(&score, &json!({"points": 700, "turn": 1})).await;
    assert_eq!(fixed.status, StatusCode::OK, "{}", fixed.text());
    assert_eq!(fixed.json()["view"]["seats"][0]["total"], 700);
    assert_eq!(fixed.json()["turns"].as_array().map(Vec::len), Some(2));
    let r = s.post(&score, &json!({"points": 700, "turn": 9})).await;
    assert_eq!(r.error(StatusCode::UNPROCESSABLE_ENTITY), json!("points"));
    let record = s.get(&format!("/api/play/{id}/record")).await.text();
    assert!(record.contains("ann: points 700 # corrected from 600\nbob: points 0\n"), "{record}");
}

/// A game of house rules sent as text survives a restart of the server:
/// the text is kept beside its record, and the game resumed from both
/// (a new router over the same tables directory, nothing in memory)
/// stands where it stood, under the same rules; deleting it removes both.
#[tokio::test]
async fn a_game_of_house_rules_sent_as_text_survives_a_restart() {
    let s = Server::new();
    let rules = "[game]\ngoal = 1500\n";
    let body = json!({"game": "farkle", "rules-text": rules, "players": "ann,bob", "dice-from-me": true});
    let r = s.post("/api/play", &body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text());
    let id = r.json()["id"].as_str().expect("an id").to_string();
    let rolled = s.post(&format!("/api/play/{id}/roll"), &json!({"dice": "1,1,5,2,3,4"})).await;
    assert_eq!(rolled.status, StatusCode::OK, "{}", rolled.text());
    // A decision puts the roll in the record (a roll not decided on yet
    // is in memory only).
    let moved = s.post(&format!("/api/play/{id}/decide"), &json!({"decision": "keep 115 roll"})).await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.text());
    let before = moved.json();
    assert!(before["view"]["game"]["title"].as_str().is_some_and(|t| t.contains("house rules")), "{before}");

    let again = serve::router(serve::AppState::with_answer_wait(s.tables.path(), false, Duration::from_secs(3600)));
    let r = crate::common::send(&again, Method::GET, &format!("/api/play/{id}"), Body::empty()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let after = r.json();
    for key in ["prompt", "view", "turns", "points_entry", "judging", "can_undo", "position"] {
        assert_eq!(after[key], before[key], "{key} after the restart");
    }
    assert_eq!(after["rules_text"], rules, "the rules for a phone's form");
    // Its record reviews with the kept rules given as text (alone it is
    // refused: it names rules no server reads from a file).
    let record = crate::common::send(&again, Method::GET, &format!("/api/play/{id}/record"), Body::empty()).await;
    let record = record.text();
    let alone = crate::common::send(&again, Method::POST, "/api/review", json!({"record": record}).to_string()).await;
    assert_eq!(alone.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", alone.text());
    let review = json!({"record": record, "rules-text": rules}).to_string();
    let reviewed = crate::common::send(&again, Method::POST, "/api/review", review).await;
    assert_eq!(reviewed.status, StatusCode::OK, "{}", reviewed.text());
    assert_eq!(reviewed.json()["decisions"].as_array().map(Vec::len), Some(1), "{}", reviewed.text());
    let games = s.tables.path().join("games");
    assert!(games.join(format!("{id}.rules.toml")).exists());
    let r = crate::common::send(&again, Method::DELETE, &format!("/api/play/{id}"), Body::empty()).await;
    assert!(r.status.is_success(), "{}", r.text());
    assert!(!games.join(format!("{id}.rules.toml")).exists() && !games.join(format!("{id}.rec")).exists());
}
