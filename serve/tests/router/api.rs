//! The page's files and the command endpoints: each answer equals the
//! library's report for the same request (what the CLI's `--json` prints).

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{json, Value};
use solver::{Request, Silent};

use crate::common::{report, untimed, Server};

/// The request type `T` read from `body`, as the server reads it.
fn request<T: serde::de::DeserializeOwned>(body: &Value) -> T {
    serde_json::from_value(body.clone()).expect("a valid request")
}

#[tokio::test]
async fn the_page_is_served_from_the_binary() {
    let s = Server::new();
    for (path, media) in
        [("/", "text/html"), ("/style.css", "text/css"), ("/app.js", "text/javascript"), ("/icon.svg", "image/svg+xml")]
    {
        let r = s.get(path).await;
        assert_eq!(r.status, StatusCode::OK, "{path}");
        assert!(r.header("content-type").starts_with(media), "{path}: {:?}", r.headers);
        assert!(!r.body.is_empty());
    }
}

#[tokio::test]
async fn games_lists_the_library_games() {
    let r = Server::new().get("/api/games").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.json(), report(&solver::games()));
}

/// One game's listing is the library's for the server's tables directory:
/// a long solve with its time and command, and whether the table is there
/// (not in an empty directory; a quick game's once it is solved).
#[tokio::test]
async fn a_game_is_listed_with_its_table_here() {
    let s = Server::new();
    let listed = |body: Value| {
        let game = request::<solver::GameHead>(&body).question().expect("a game");
        report(&solver::describe_in(&game, s.tables.path()))
    };
    let six = json!({"game": "sixhundred"});
    let r = s.post("/api/game", &six).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let v = r.json();
    assert_eq!(v, listed(six));
    assert_eq!((&v["long_solve"], &v["table_present"]), (&json!(true), &json!(false)), "{v}");
    assert!(v["long_solve_seconds"].as_f64().is_some_and(|s| s > 3600.0), "{v}");
    assert_eq!(v["solve_command"], "sixdice solve sixhundred");
    let mini = s.post("/api/game", &json!({"game": "sixhundred", "option": ["card=mini"]})).await.json();
    assert_eq!((&mini["long_solve"], &mini["long_solve_seconds"]), (&json!(false), &Value::Null), "{mini}");

    let yahtzee = json!({"game": "yahtzee"});
    assert_eq!(s.post("/api/game", &yahtzee).await.json()["table_present"], false);
    assert_eq!(s.post("/api/solve", &yahtzee).await.status, StatusCode::OK);
    let v = s.post("/api/game", &yahtzee).await.json();
    assert_eq!((v["table_present"].clone(), v.clone()), (json!(true), listed(yahtzee)));
    // The listing of every game knows no tables directory.
    assert!(s.get("/api/games").await.json()[0].get("table_present").is_none());
}

#[tokio::test]
async fn advise_answers_as_the_library_with_its_server_time() {
    let s = Server::new();
    // The issue's own example body.
    let body = json!({"game": "farkle", "dice": "1,1,2,3,5,5", "banked": 300});
    let r = s.post("/api/advise", &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let (game, q) = request::<solver::AdviseRequest>(&body).question().expect("a question");
    let expected = solver::advise(&game, &q, s.tables.path(), &Silent).expect("advice");
    assert_eq!(r.json(), report(&expected));
    let timing = r.header("server-timing");
    assert!(timing.starts_with("app;dur="), "{timing}");
    let parts: Vec<_> = timing.split(", ").map(|p| p.split_once(";dur=").expect("NAME;dur=MS")).collect();
    assert_eq!(parts.iter().map(|p| p.0).collect::<Vec<_>>(), ["app", "wait", "work"], "{timing}");
    assert!(parts.iter().all(|p| p.1.parse::<f64>().is_ok_and(|ms| ms >= 0.0)), "{timing}");
}

#[tokio::test]
async fn every_command_answers_as_the_library() {
    let s = Server::new();
    let t = s.tables.path();
    let small = json!(["goal=2000"]);

    let body = json!({"game": "farkle"});
    let r = s.post("/api/strategy", &body).await;
    let (game, q) = request::<solver::StrategyRequest>(&body).question().expect("a question");
    assert_eq!(r.json(), report(&solver::strategy(&game, &q, t, &Silent).expect("a sheet")));

    let r = s.post("/api/rules", &json!({"game": "farkle", "option": small})).await;
    let game = request::<solver::GameHead>(&json!({"game": "farkle", "option": small})).question().expect("a game");
    assert_eq!(r.json(), report(&solver::rules(&game).expect("rules")));
    assert!(r.json()["toml"].as_str().is_some_and(|t| t.contains("2000")));

    // No table yet: info says so (503, a table this server has not made);
    // solve makes it, and info then reads it.
    let body = json!({"game": "farkle", "option": small});
    s.post("/api/info", &body).await.error(StatusCode::SERVICE_UNAVAILABLE);
    let r = s.post("/api/solve", &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let (game, q) = request::<solver::SolveRequest>(&body).question().expect("a question");
    assert_eq!(untimed(r.json()), untimed(report(&solver::solve(&game, &q, t, &Silent).expect("solved"))));
    let r = s.post("/api/info", &body).await;
    let (game, q) = request::<solver::InfoRequest>(&body).question().expect("a question");
    assert_eq!(untimed(r.json()), untimed(report(&solver::info(&game, &q, t).expect("facts"))));

    let body = json!({"game": "farkle", "option": small, "players": "optimal,ev", "games": 200, "seed": 1});
    let r = s.post("/api/simulate", &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let (game, q) = request::<solver::SimulateRequest>(&body).question().expect("a question");
    assert_eq!(untimed(r.json()), untimed(report(&solver::simulate(&game, &q, t, &Silent).expect("a run"))));

    let body = json!({"game": "farkle", "option": small, "variant": ["vant-hof-6"], "no-defaults": true});
    let r = s.post("/api/compare", &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let (game, q) = request::<solver::CompareRequest>(&body).question().expect("a question");
    let expected = solver::compare(&game, &q, t, &Silent, &mut |_| {}).expect("a comparison");
    assert_eq!(untimed(r.json()), untimed(report(&expected)));
    let r = s.post("/api/compare/picture", &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.header("content-type"), "image/svg+xml");
    assert_eq!(r.text(), solver::Picture::draw(&expected).expect("a picture"));
}

#[tokio::test]
async fn review_of_a_record_sent_as_text() {
    let s = Server::new();
    // A whole game of sixdice's players, played as the session starts.
    let play = json!({"game": "farkle", "option": ["goal=2000"], "players": "optimal,ev", "seed": 3});
    let r = s.post("/api/play", &play).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text());
    let state = r.json();
    assert_eq!(state["over"], true);
    let record = s.get(&format!("/api/play/{}/record", state["id"].as_str().expect("an id"))).await.text();

    let body = json!({"record": record, "thresholds": "0.2,1,4"});
    let r = s.post("/api/review", &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let req = request::<solver::ReviewRequest>(&body);
    let q = req.question().expect("a question");
    let expected = solver::review(&record, &q, s.tables.path(), &Silent).expect("a review");
    assert_eq!(untimed(r.json()), untimed(report(&expected)));
    let r = s.post("/api/review/picture", &body).await;
    assert_eq!(r.header("content-type"), "image/svg+xml");
    assert!(r.text().starts_with("<svg"), "{}", r.text());

    // A record naming a rules file is refused: no request reads a file.
    let named = record.replacen("game farkle\n", "game farkle\nrules /etc/passwd\n", 1);
    assert_ne!(named, record);
    let r = s.post("/api/review", &json!({"record": named})).await;
    r.error(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.text().contains("rules file"), "{}", r.text());
}

#[tokio::test]
async fn six_hundreds_whole_solve_needs_the_servers_leave() {
    let s = Server::new();
    let field = s.post("/api/solve", &json!({"game": "sixhundred"})).await.error(StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(field, Value::Null);
    assert!(!s.tables.path().join("sixhundred.levels").exists());
}

/// Six Hundred plays to reach a score from a late sheet, solved on the
/// spot as the library solves it; an early sheet is refused beside the
/// sheet field.
#[tokio::test]
async fn six_hundreds_target_from_a_late_sheet() {
    let s = Server::new();
    let late = "ones=3 twos=6 threes=9 fours=12 fives=15 rung1=10 rung2=20 rung4=30 four-kind=24 five-kind=25 \
                odd=20 even=24 singles=30 pairs=30 triplets=30";
    for extra in [json!({"target": 370}), json!({"distribution": true})] {
        let mut body = json!({"game": "sixhundred", "sheet": late, "dice": "1,2,3,4,5,6", "roll": 2});
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        let r = s.post("/api/advise", &body).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text());
        let (game, q) = request::<solver::AdviseRequest>(&body).question().expect("a question");
        assert_eq!(r.json(), report(&solver::advise(&game, &q, s.tables.path(), &Silent).expect("advice")));
    }
    let field = s.post("/api/advise", &json!({"game": "sixhundred", "sheet": "ones=3", "target": 300})).await;
    assert_eq!(field.error(StatusCode::UNPROCESSABLE_ENTITY), json!("sheet"));
}

#[tokio::test]
async fn a_long_request_is_a_job_to_poll() {
    // A zero wait: every request is answered with a job.
    let s = Server::with(false, Duration::ZERO);
    let body = json!({"game": "farkle", "dice": "1,1,2,3,5,5", "banked": 300});
    let r = s.post("/api/advise", &body).await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{}", r.text());
    let id = r.json()["job"].as_str().expect("a job id").to_string();
    assert_eq!(r.header("location"), format!("/api/jobs/{id}"));
    let done = s.finish_job(&id).await;
    assert_eq!(done["state"], "done", "{done}");
    let (game, q) = request::<solver::AdviseRequest>(&body).question().expect("a question");
    assert_eq!(done["result"], report(&solver::advise(&game, &q, s.tables.path(), &Silent).expect("advice")));

    // A refusal found by the job is its failure, with status and field.
    let r = s.post("/api/advise", &json!({"game": "farkle", "dice": "1,1,2,3,5,9"})).await;
    let failed = s.finish_job(r.json()["job"].as_str().expect("a job id")).await;
    assert_eq!(failed["state"], "failed");
    assert_eq!((failed["status"].as_u64(), &failed["field"]), (Some(422), &json!("dice")));

    // A solve that takes a moment reports its stage while it runs (when
    // the poll comes in time) and then its table.
    let r = s.post("/api/solve", &json!({"game": "farkle", "option": ["goal=2000"], "objective": "win"})).await;
    let id = r.json()["job"].as_str().expect("a job id").to_string();
    let first = s.get(&format!("/api/jobs/{id}")).await.json();
    if first["state"] == "running" {
        for key in ["stage", "done", "total", "eta_seconds", "notes"] {
            assert!(first.get(key).is_some(), "{key} in {first}");
        }
    }
    assert_eq!(s.finish_job(&id).await["state"], "done");
}
