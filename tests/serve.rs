//! `sixdice serve` as a process: the URL as the first line, the API's
//! answers equal to `--json`'s for the same questions (flags and JSON
//! fields of the same names), and a clean stop on SIGTERM. The server
//! listens on 127.0.0.1 with a port the system picks; every request is
//! one connection, bounded loops only.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::Duration;

use serde_json::{json, Value};

use crate::util::{bin, json_in, Env};

/// A running server, stopped (SIGTERM) when dropped.
struct Served {
    child: Child,
    host: String,
}

impl Served {
    fn start(env: &Env) -> Served {
        let mut child = bin()
            .args(["serve", "--port", "0", "--tables"])
            .arg(env.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("sixdice serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("the first line");
        let host = line.trim().strip_prefix("http://").and_then(|h| h.strip_suffix('/')).expect("a URL").to_string();
        assert!(host.starts_with("127.0.0.1:"), "{line}");
        Served { child, host }
    }

    /// POSTs `body`; the status and the answer's JSON. Work that outlives
    /// the server's short wait is a job (202): it is polled to its end, so
    /// that the answer does not depend on the machine's speed.
    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let (status, answer) = self.send("POST", path, &body.to_string());
        if status != 202 {
            return (status, answer);
        }
        let job = format!("/api/jobs/{}", answer["job"].as_str().expect("a job id"));
        // A hang detector, far above any honest run: 6,000 polls, 100 ms apart.
        for _ in 0..6000 {
            let (status, view) = self.send("GET", &job, "");
            assert_eq!(status, 200, "{view}");
            match view["state"].as_str() {
                Some("running") => std::thread::sleep(Duration::from_millis(100)),
                Some("done") => return (200, view["result"].clone()),
                _ => return (view["status"].as_u64().and_then(|s| u16::try_from(s).ok()).unwrap_or(0), view),
            }
        }
        panic!("{path}: the job {job} is still running after 6,000 polls");
    }

    /// Sends one request; the status and the answer's JSON.
    fn send(&self, method: &str, path: &str, body: &str) -> (u16, Value) {
        let headers = format!("Host: {}\r\nContent-Type: application/json", self.host);
        self.send_with(method, path, &headers, body)
    }

    /// Sends one request with these header lines (`\r\n` between them).
    fn send_with(&self, method: &str, path: &str, headers: &str, body: &str) -> (u16, Value) {
        let mut stream = TcpStream::connect(&self.host).expect("connects");
        stream.set_read_timeout(Some(Duration::from_secs(600))).expect("a timeout");
        let request = format!(
            "{method} {path} HTTP/1.1\r\n{headers}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        stream.write_all(request.as_bytes()).expect("sends");
        let mut answer = String::new();
        stream.read_to_string(&mut answer).expect("an answer");
        let (head, json) = answer.split_once("\r\n\r\n").expect("headers and a body");
        let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).expect("a status");
        if json.is_empty() {
            return (status, Value::Null);
        }
        (status, serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {json}")))
    }

    fn stop(&mut self) -> Option<i32> {
        let pid = libc::pid_t::try_from(self.child.id()).expect("a pid");
        // SAFETY: kill(2) on the child's own pid, which has not been reaped.
        unsafe { libc::kill(pid, libc::SIGTERM) };
        for _ in 0..3000 {
            if let Some(status) = self.child.try_wait().expect("the child") {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        None
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// `v` without the fields that time a run.
fn untimed(mut v: Value) -> Value {
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

#[test]
fn the_api_answers_as_json_does_and_stops_on_sigterm() {
    let env = Env::new();
    json_in(env.path(), &["solve", "farkle", "-o", "goal=2000"]);
    let mut served = Served::start(&env);
    let cases: [(&str, Value, &[&str]); 6] = [
        (
            "/api/advise",
            json!({"game": "farkle", "dice": "1,1,2,3,5,5", "banked": 300}),
            &["advise", "--game", "farkle", "--dice", "1,1,2,3,5,5", "--banked", "300"],
        ),
        ("/api/strategy", json!({"game": "farkle"}), &["strategy", "farkle"]),
        ("/api/rules", json!({"game": "farkle", "option": ["goal=2000"]}), &["rules", "farkle", "-o", "goal=2000"]),
        ("/api/info", json!({"game": "farkle", "option": ["goal=2000"]}), &["info", "farkle", "-o", "goal=2000"]),
        (
            "/api/simulate",
            json!({"game": "farkle", "option": ["goal=2000"], "players": "optimal,ev", "games": 200, "seed": 1}),
            &["simulate", "farkle", "-o", "goal=2000", "--players", "optimal,ev", "--games", "200", "--seed", "1"],
        ),
        (
            "/api/advise",
            json!({"game": "yahtzee", "dice": "2,2,5,5,6", "roll": 2, "sheet": "ones=3 twos=6"}),
            &["advise", "yahtzee", "--dice", "2,2,5,5,6", "--roll", "2", "--sheet", "ones=3 twos=6"],
        ),
    ];
    for (path, body, args) in cases {
        // The CLI first: a table it solves on the way is then the server's.
        let cli = json_in(env.path(), args);
        let (status, api) = served.post(path, &body);
        assert_eq!(status, 200, "{path} {body}: {api}");
        assert_eq!(untimed(api), untimed(cli), "{path} {body} against {args:?}");
    }
    let (status, error) = served.post("/api/advise", &json!({"game": "farkle", "dice": "1,1,2,3,5,7"}));
    assert_eq!((status, &error["field"]), (422, &json!("dice")), "{error}");
    assert_eq!(served.stop(), Some(0), "a clean stop on SIGTERM");
    let leftovers: Vec<_> = std::fs::read_dir(env.path())
        .expect("the tables directory")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|name| name.starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// Only the table: a request to another name (DNS rebinding), from
/// another site's page, or a POST that is not JSON is refused; a client
/// that never finishes its headers is dropped.
#[test]
fn only_requests_from_the_table_are_answered() {
    let env = Env::new();
    let mut served = Served::start(&env);
    let port = served.host.rsplit_once(':').expect("a port").1.to_string();
    let body = json!({"game": "farkle", "dice": "1,1,2,3,5,5"}).to_string();
    let own = format!("Host: {}", served.host);
    let cases = [
        (format!("Host: evil.example:{port}\r\nContent-Type: application/json"), 421),
        (format!("Host: localhost:{}\r\nContent-Type: application/json", port.parse::<u16>().unwrap() ^ 1), 421),
        (format!("{own}\r\nContent-Type: application/json\r\nOrigin: http://evil.example"), 403),
        (format!("{own}\r\nContent-Type: application/json\r\nSec-Fetch-Site: cross-site"), 403),
        (format!("{own}\r\nContent-Type: text/plain"), 415),
        (format!("{own}\r\nContent-Type: application/x-www-form-urlencoded"), 415),
        (format!("Host: localhost:{port}\r\nContent-Type: application/json\r\nOrigin: http://localhost:{port}"), 200),
    ];
    for (headers, status) in cases {
        let (got, answer) = served.send_with("POST", "/api/advise", &headers, &body);
        assert_eq!(got, status, "{headers}: {answer}");
        if status != 200 {
            assert!(answer["error"].as_str().is_some_and(|e| !e.is_empty()), "{answer}");
        }
    }
    // Headers begun and never finished: the server closes the connection
    // (after a few seconds; the read's limit is a hang detector far above).
    let mut slow = TcpStream::connect(&served.host).expect("connects");
    slow.set_read_timeout(Some(Duration::from_secs(300))).expect("a timeout");
    slow.write_all(format!("GET / HTTP/1.1\r\n{own}\r\n").as_bytes()).expect("sends");
    let mut rest = Vec::new();
    let closed = slow.read_to_end(&mut rest);
    assert!(closed.is_ok(), "the half-sent request is still held open: {closed:?}");
    assert_eq!(served.stop(), Some(0), "a clean stop on SIGTERM");
}

/// A game survives a restart of the server: kept on disk as its record
/// after every move (typed dice marked real), listed, and after the
/// restart `GET /api/play/ID` answers the same state, and play goes on.
#[test]
fn a_game_in_play_survives_a_restart() {
    let env = Env::new();
    let mut served = Served::start(&env);
    let body = json!({"game": "farkle", "option": ["goal=500"], "players": "ann,optimal", "seed": 3});
    let (status, state) = served.post("/api/play", &body);
    assert!(status == 201 || status == 200, "{status} {state}");
    let id = state["id"].as_str().expect("an id").to_string();
    let play = |suffix: &str| format!("/api/play/{id}{suffix}");
    // A few moves: typed dice, then the best choice, until ann has moved.
    for step in 0..6 {
        let (_, now) = served.send("GET", &play(""), "");
        match now["prompt"]["prompt"].as_str() {
            Some("roll") if step % 2 == 0 => {
                let dice = "1,1,5,2,3,4"[..now["prompt"]["dice"].as_u64().unwrap() as usize * 2 - 1].to_string();
                let (status, after) = served.post(&play("/roll"), &json!({"dice": dice}));
                assert_eq!(status, 200, "{after}");
            }
            Some("roll") => assert_eq!(served.post(&play("/roll"), &json!({})).0, 200),
            Some("decide" | "offer") => {
                let (_, choices) = served.send("GET", &play("/choices"), "");
                let words = choices[0]["words"].as_str().expect("words").to_string();
                assert_eq!(served.post(&play("/decide"), &json!({"decision": words})).0, 200);
            }
            _ => break,
        }
    }
    let (_, before) = served.send("GET", &play(""), "");
    let (_, listed) = served.send("GET", "/api/play", "");
    assert_eq!(listed[0]["id"], json!(id), "{listed}");
    let kept = std::fs::read_to_string(env.path().join("games").join(format!("{id}.rec"))).expect("kept on disk");
    assert!(kept.contains(" real "), "typed dice are marked real:\n{kept}");
    assert_eq!(served.stop(), Some(0));

    let mut again = Served::start(&env);
    let (status, after) = again.send("GET", &play(""), "");
    assert_eq!(status, 200, "{after}");
    // The same state, at the same position (a phone that saw it may move);
    // only the version, which orders a stream's messages, starts anew.
    let same = |mut v: Value| {
        let o = v.as_object_mut().expect("a state");
        o.remove("events");
        o.remove("version");
        v
    };
    assert_eq!(same(after), same(before), "the same state after a restart");
    let (_, choices) = again.send("GET", &play("/choices"), "");
    if let Some(words) = choices[0]["words"].as_str() {
        assert_eq!(again.post(&play("/decide"), &json!({"decision": words})).0, 200, "play goes on");
    }
    assert_eq!(again.send("DELETE", &play(""), "").0, 204);
    assert_eq!(again.send("GET", &play(""), "").0, 404);
    assert_eq!(again.stop(), Some(0));
}

/// Every phone follows the game: the event stream sends the state at once,
/// then after a move made by another connection the state with the move's
/// events; a phone that reconnects with the last id it saw catches up.
#[test]
fn phones_follow_the_game_on_its_event_stream() {
    let env = Env::new();
    let mut served = Served::start(&env);
    let body = json!({"game": "farkle", "option": ["goal=500"], "players": "ann,bob", "seed": 3});
    let (_, state) = served.post("/api/play", &body);
    let id = state["id"].as_str().expect("an id").to_string();
    let open = |last: Option<u64>| {
        let mut stream = TcpStream::connect(&served.host).expect("connects");
        stream.set_read_timeout(Some(Duration::from_secs(300))).expect("a timeout");
        let last = last.map(|v| format!("Last-Event-ID: {v}\r\n")).unwrap_or_default();
        let request = format!("GET /api/play/{id}/events HTTP/1.1\r\nHost: {}\r\n{last}\r\n", served.host);
        stream.write_all(request.as_bytes()).expect("sends");
        BufReader::new(stream)
    };
    // The next message's data (a hang detector: the read's timeout).
    let message = |r: &mut BufReader<TcpStream>| -> Value {
        let mut line = String::new();
        loop {
            line.clear();
            assert!(r.read_line(&mut line).expect("a line") > 0, "the stream ended");
            if let Some(data) = line.strip_prefix("data: ") {
                return serde_json::from_str(data.trim()).expect("JSON");
            }
        }
    };
    let mut phone = open(None);
    let first = message(&mut phone);
    assert_eq!((first["id"].as_str(), first["events"].as_array().map(Vec::len)), (Some(id.as_str()), Some(0)));
    let (status, moved) = served.post(&format!("/api/play/{id}/roll"), &json!({"position": first["position"]}));
    assert_eq!(status, 200, "{moved}");
    let second = message(&mut phone);
    assert_eq!(second["version"], moved["version"]);
    assert_eq!(second["events"], moved["events"], "the move's events reach the phone");
    // A phone that saw the first state and reconnects catches up.
    let mut late = open(first["version"].as_u64());
    assert_eq!(message(&mut late)["events"], moved["events"]);
    drop((phone, late));
    assert_eq!(served.stop(), Some(0));
}

/// A table of four that no exact table fits (Farkle to 1,500, its table
/// of four not solved): `/estimate` gives every seat's P(win) with its
/// interval and keeps it in the score table after the turn, without moving
/// the position; its count is bounded; a game of two (exact) has none.
#[test]
fn a_table_of_four_is_estimated_on_request() {
    let env = Env::new();
    let s = Served::start(&env);
    let body = json!({"game": "farkle", "option": ["goal=1500"], "players": "ann,bob,cy,dee", "seed": 3});
    let (status, made) = s.post("/api/play", &body);
    assert_eq!(status, 201, "{made}");
    assert!(made["estimated"].as_str().is_some_and(|w| w.contains("not solved yet")), "{made}");
    let id = made["id"].as_str().expect("an id").to_string();
    let path = |p: &str| format!("/api/play/{id}{p}");
    let (status, e) = s.post(&path("/estimate"), &json!({"rollouts": 400}));
    assert_eq!(status, 200, "{e}");
    assert_eq!((e["estimate"]["rollouts"].as_u64(), e["estimate"]["turn"].as_u64()), (Some(400), Some(1)), "{e}");
    let seats = e["estimate"]["seats"].as_array().expect("seats");
    assert_eq!(seats.len(), 4);
    let sum: f64 = seats.iter().map(|c| c["estimate"].as_f64().unwrap()).sum();
    assert!((sum - 1.0).abs() < 1e-9, "{sum}");
    // The estimate moved nothing: the position is the one before it.
    assert_eq!(e["position"], made["position"]);
    // ann's turn: the roll, then a bank of the first play; the estimate
    // after it is kept in the score table.
    let (_, rolled) = s.post(&path("/roll"), &json!({}));
    let (_, choices) = s.send("GET", &path("/choices"), "");
    let words = choices
        .as_array()
        .and_then(|c| c.iter().find(|x| x["decision"]["then"] == "bank"))
        .map(|c| c["words"].as_str().unwrap().to_string());
    if let Some(words) = words {
        let (status, after) = s.post(&path("/decide"), &json!({ "decision": words, "position": rolled["position"] }));
        assert_eq!(status, 200, "{after}");
    }
    let (_, e) = s.post(&path("/estimate"), &json!({"rollouts": 300}));
    let turns = e["turns"].as_array().expect("turns");
    assert!(!turns.is_empty(), "{e}");
    assert_eq!(turns.last().unwrap()["estimates"], e["estimate"]["seats"], "{e}");
    // A count out of its bounds is refused before anything is played.
    let (status, refused) = s.post(&path("/estimate"), &json!({"rollouts": 0}));
    assert_eq!(status, 422, "{refused}");
    // A game of two has the win table's exact chances: nothing to estimate.
    let two = json!({"game": "farkle", "option": ["goal=500"], "players": "ann,bob", "seed": 1});
    let (_, made) = s.post("/api/play", &two);
    let (status, refused) = s.post(&format!("/api/play/{}/estimate", made["id"].as_str().unwrap()), &json!({}));
    assert!((400..500).contains(&status), "{status} {refused}");
    assert!(refused.to_string().contains("no estimate by rollouts here"), "{refused}");
}
