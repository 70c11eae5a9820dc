//! The web page of `sixdice serve` in a real browser: Debian's chromium
//! driven through its chromedriver (WebDriver), against the binary's own
//! server on loopback. A person taps dice and buttons here as at a table;
//! the answers the page shows are checked against `--json` of the CLI, and
//! each screen is photographed at phone and laptop size under
//! `target/screenshots/` for a person to look at.
//!
//! These take a minute or more (solves of win tables, a whole game played
//! by clicking), so they are in the extended tier. Without chromedriver
//! they fail with a message saying what to install, never pass silently.

use std::io::{BufRead, BufReader};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

use crate::util::{bin, Env};

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";
const PHONE: (u32, u32) = (390, 844);
/// The narrowest phone the page is made for.
const NARROW: (u32, u32) = (320, 640);
const LAPTOP: (u32, u32) = (1366, 900);

/// Polls of a condition before the test gives up: a hang detector far
/// above any honest run (at 100 ms a poll: ten minutes), never a speed
/// assertion.
const MAX_POLLS: u32 = 6000;

/// A child process killed when the test ends, however it ends.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `sixdice serve` on a free loopback port, with its own tables.
struct Server {
    _process: Running,
    url: String,
    tables: Env,
}

fn serve() -> Server {
    serve_at(0, Env::new())
}

/// `sixdice serve` on `port` (0: a free one) with these tables (a restart
/// takes the port and tables of the server it replaces).
fn serve_at(port: u16, tables: Env) -> Server {
    let mut child = bin()
        .args(["serve", "--port", &port.to_string(), "--quiet", "--tables"])
        .arg(tables.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("sixdice serve starts");
    let stdout = child.stdout.take().expect("piped stdout");
    let process = Running(child);
    // The first line is the URL; the rest is read (and dropped) on a thread
    // so the server never blocks on a full pipe.
    let mut lines = BufReader::new(stdout).lines();
    let url = lines.next().expect("serve prints a line").expect("UTF-8 line").trim().to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "the first line is the URL: {url}");
    std::thread::spawn(move || lines.for_each(drop));
    Server { _process: process, url: url.trim_end_matches('/').to_string(), tables }
}

/// chromedriver on a free port, and a headless chromium session that
/// touches no network but the server's (the flags the machine's notes give).
struct Browser {
    client: Client,
    _driver: Running,
    _profile: tempfile::TempDir,
}

async fn browser() -> Browser {
    assert!(
        Path::new(CHROMEDRIVER).exists() && Path::new(CHROMIUM).exists(),
        "the browser tests need Debian's chromium and chromedriver: apt-get install -y chromium chromium-driver"
    );
    let port = TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().expect("its address").port();
    let driver = Running(
        Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let mut up = false;
    for _ in 0..MAX_POLLS {
        if TcpStream::connect(("127.0.0.1", port)).is_ok() {
            up = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(up, "chromedriver never listened on port {port}");
    let profile = tempfile::Builder::new().prefix("sixdice-chromium-").tempdir().expect("profile directory");
    let args = vec![
        "--headless".to_string(),
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-quic".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
        "--no-first-run".into(),
        "--disable-dev-shm-usage".into(),
        "--hide-scrollbars".into(),
        format!("--window-size={},{}", PHONE.0, PHONE.1),
        format!("--user-data-dir={}", profile.path().display()),
    ];
    let caps = json!({
        "browserName": "chrome",
        "goog:chromeOptions": { "binary": CHROMIUM, "args": args },
    });
    let Value::Object(caps) = caps else { unreachable!("a JSON object literal") };
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a chromium session");
    Browser { client, _driver: driver, _profile: profile }
}

/// Runs `script` (a JavaScript function body) until it returns something
/// other than null or false; returns that.
async fn until(c: &Client, what: &str, script: &str) -> Value {
    for _ in 0..MAX_POLLS {
        let v = c.execute(script, vec![]).await.expect("script runs");
        if !(v.is_null() || v == Value::Bool(false)) {
            return v;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let status = c.execute("return document.getElementById('status').textContent", vec![]).await;
    panic!("waited in vain for {what}; the page's status line: {status:?}");
}

async fn css(c: &Client, selector: &str) -> Element {
    c.find(Locator::Css(selector)).await.unwrap_or_else(|e| panic!("no `{selector}` on the page: {e}"))
}

/// Clicks the element as a person taps it: brought to the middle of the
/// screen first, where the page's sticky header cannot cover it.
async fn click(c: &Client, selector: &str) {
    let e = css(c, selector).await;
    c.execute("arguments[0].scrollIntoView({block: 'center'})", vec![serde_json::to_value(&e).expect("an element")])
        .await
        .expect("scrolls");
    e.click().await.unwrap_or_else(|e| panic!("clicking `{selector}`: {e}"));
}

/// Where screenshots go: target/screenshots/ of this workspace.
fn shots_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/screenshots");
    std::fs::create_dir_all(&dir).expect("screenshots directory");
    dir
}

/// Sizes the window so that the page itself (the viewport) is `w`×`h`: a
/// headless window's height includes a frame of its own, which is added.
/// (Its width does not: the frame's reported width is its minimum width.)
async fn size_viewport(c: &Client, w: u32, h: u32) {
    c.set_window_size(w, h).await.expect("window size");
    let frame = c.execute("return window.outerHeight - window.innerHeight", vec![]).await.expect("frame");
    let dh = frame.as_u64().unwrap_or(0) as u32;
    if dh > 0 {
        c.set_window_size(w, h + dh).await.expect("window size");
    }
}

/// A narrow-phone, a phone and a laptop screenshot of the screen in view,
/// named after it; returns the phone one's path. The page is left at phone
/// size.
async fn photograph(c: &Client, name: &str) -> PathBuf {
    photograph_at(c, name, None).await
}

/// [`photograph`], with the element `at` (a CSS selector) brought to the
/// top of the screen at each size (a narrower page is taller: a scroll made
/// at one size lands elsewhere at another).
async fn photograph_at(c: &Client, name: &str, at: Option<&str>) -> PathBuf {
    let dir = shots_dir();
    let mut phone = PathBuf::new();
    for (size, (w, h)) in [("narrow", NARROW), ("phone", PHONE), ("laptop", LAPTOP)] {
        size_viewport(c, w, h).await;
        if let Some(selector) = at {
            c.execute("document.querySelector(arguments[0]).scrollIntoView({block: 'start'})", vec![json!(selector)])
                .await
                .expect("scrolls");
        }
        // A layout pass at the new size before the picture.
        c.execute("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))", vec![])
            .await
            .expect("a frame");
        let png = c.screenshot().await.expect("screenshot");
        let path = dir.join(format!("{name}-{size}.png"));
        std::fs::write(&path, png).expect("write screenshot");
        if size == "phone" {
            phone = path;
        }
        if size == "laptop" {
            continue;
        }
        // No screen may be wider than a phone: a sideways scroll is a
        // layout break.
        let wide = c
            .execute("return document.documentElement.scrollWidth > window.innerWidth", vec![])
            .await
            .expect("width check");
        assert_eq!(wide, Value::Bool(false), "{name}: the page is wider than a {w}-pixel phone");
    }
    size_viewport(c, PHONE.0, PHONE.1).await;
    // Every control in view has a name a screen reader reads, and none is
    // taken out of the keyboard's reach.
    let unnamed = c
        .execute(
            "return [...document.querySelectorAll('button, input, select, textarea, a[href], summary')]
               .filter(e => e.offsetParent !== null)
               .filter(e => e.tabIndex < 0 || !(e.getAttribute('aria-label') || e.getAttribute('aria-labelledby')
                   || (e.labels && e.labels.length) || e.textContent.trim()))
               .map(e => e.outerHTML.slice(0, 120))",
            vec![],
        )
        .await
        .expect("names check");
    assert_eq!(unnamed, json!([]), "{name}: controls without a name or out of the keyboard's reach");
    phone
}

async fn open(c: &Client, server: &Server, screen: &str) {
    c.goto(&format!("{}/#{screen}", server.url)).await.expect("page loads");
    until(c, "the games list", "return document.querySelectorAll('#game-select option').length > 0").await;
}

/// The page's ranked values (the best play's first) as numbers.
async fn shown_values(c: &Client) -> Vec<f64> {
    let v = c
        .execute(
            "return [...document.querySelectorAll('#advise-out table.alternatives tbody tr')].map(r => r.dataset.value)",
            vec![],
        )
        .await
        .expect("values");
    v.as_array().expect("a list").iter().map(|x| x.as_str().expect("text").parse().expect("a number")).collect()
}

fn cli_values(advice: &Value) -> Vec<f64> {
    advice["alternatives"]
        .as_array()
        .expect("alternatives")
        .iter()
        .map(|a| a["expected_score"].as_f64().expect("value"))
        .collect()
}

async fn tap_dice(c: &Client, dice: &[u8]) {
    for d in dice {
        click(c, &format!("#screen-advise .face[data-face='{d}']")).await;
    }
}

async fn ask(c: &Client) {
    click(c, "#advise-go").await;
    until(c, "advice", "return document.querySelector('#advise-out .best') !== null").await;
}

/// What the play screen asks for: `over`, the first of `ids` on the page
/// (the controls of a roll or a decision), or `none`.
async fn shown_prompt(c: &Client, ids: &[&str]) -> String {
    let script = "if (document.getElementById('play-over')) return 'over';
                  for (const id of arguments[0]) if (document.getElementById(id)) return id;
                  return 'none';";
    let what = c.execute(script, vec![json!(ids)]).await.expect("the prompt");
    what.as_str().expect("text").to_string()
}

/// The lines of the play screen's log.
async fn log_lines(c: &Client) -> u64 {
    let n = c.execute("return document.querySelectorAll('#play-log li').length", vec![]).await.expect("the log");
    n.as_u64().expect("a count")
}

async fn set_number(c: &Client, id: &str, value: &str) {
    let e = css(c, &format!("#{id}")).await;
    e.clear().await.expect("clear");
    e.send_keys(value).await.expect("type");
}

/// Chooses `game` on the Game screen, with the switches `on` (`no-bonus`),
/// and waits for its listing (the game line names the options).
async fn choose(c: &Client, server: &Server, game: &str, on: &[&str]) {
    c.goto(&format!("{}/#game", server.url)).await.expect("page");
    c.execute(
        "const s = document.getElementById('game-select'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));",
        vec![json!(game)],
    )
    .await
    .expect("choose the game");
    for switch in on {
        click(c, &format!("#opt-{switch}")).await;
        let script = format!("return document.getElementById('game-line').textContent.includes('{switch}')");
        until(c, "the options' listing", &script).await;
    }
}

/// Keeps every body the page POSTs to `/api/advise` (newest last) in
/// `window.sentAdvise`, to be read by [`sent_advise`].
async fn record_advise_bodies(c: &Client) {
    c.execute(
        "if (!window.sentAdvise) { window.sentAdvise = []; const f = window.fetch;
           window.fetch = (u, init) => { if (String(u).endsWith('/api/advise')) window.sentAdvise.push(JSON.parse(init.body)); return f(u, init); }; }
         return 1",
        vec![],
    )
    .await
    .expect("fetch recorded");
}

/// The last question the page sent to `/api/advise`.
async fn sent_advise(c: &Client) -> Value {
    let v = c.execute("return (window.sentAdvise || []).slice(-1)[0] || null", vec![]).await.expect("the body");
    assert_ne!(v, Value::Null, "the page sent no advise question");
    v
}

/// Other players' sheets on the Advise screen: offered where the game's
/// listing takes them (Yahtzee, not Farkle), sent as `opponent-sheet` (a
/// blank row too: a player with no box written yet), and a sheet the
/// server refuses is said beside the rows, that row marked, before any
/// table is solved.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_a_bad_other_sheet_is_refused_beside_the_rows() {
    let server = serve();
    let b = browser().await;
    let c = &b.client;
    open(c, &server, "advise").await;
    let hidden = "return document.getElementById('advise-others').hidden";
    if c.execute("return document.getElementById('game-select').value", vec![]).await.expect("game") != json!("yahtzee")
    {
        assert_eq!(
            c.execute(hidden, vec![]).await.expect("hidden"),
            Value::Bool(true),
            "not for a push-your-luck game"
        );
    }
    choose(c, &server, "yahtzee", &[]).await;
    c.goto(&format!("{}/#advise", server.url)).await.expect("page");
    until(c, "the other players", "return !document.getElementById('advise-others').hidden").await;
    record_advise_bodies(c).await;
    tap_dice(c, &[1, 2, 3, 4, 5]).await;
    css(c, "#advise-sheet input[data-box='ones']").await.send_keys("3").await.expect("my sheet");
    for _ in 0..3 {
        click(c, "#advise-other-add").await;
    }
    css(c, "#advise-other-0").await.send_keys("ones=2 twos=x").await.expect("type");
    css(c, "#advise-other-2").await.send_keys("fh=25 ones=99").await.expect("type");
    click(c, "#advise-go").await;
    let error = until(
        c,
        "the refusal beside the rows",
        "const e = document.getElementById('advise-others-error'); return !e.hidden && e.textContent",
    )
    .await;
    let error = error.as_str().expect("text");
    assert!(error.contains("sheet 3") && error.contains("ones=99") && error.contains("opponent-sheet"), "{error}");
    let marked = c
        .execute(
            "return [...document.querySelectorAll('#advise-other-list textarea')].map(t => t.getAttribute('aria-invalid'))",
            vec![],
        )
        .await
        .expect("marks");
    assert_eq!(marked, json!([null, null, "true"]), "the row the message names is marked");
    let status = c.execute("return document.getElementById('status').textContent", vec![]).await.expect("status");
    assert!(status.as_str().is_some_and(|s| s.contains("ones=99")), "the status line too: {status}");
    let body = sent_advise(c).await;
    assert_eq!(body["opponent-sheet"], json!(["ones=2 twos=x", "", "fh=25 ones=99"]), "{body}");
    assert_eq!(
        (&body["game"], &body["sheet"], &body["dice"]),
        (&json!("yahtzee"), &json!("ones=3"), &json!("1,2,3,4,5"))
    );
    // The server's own words for the same question.
    let cli = server.tables.user_error(
        &[
            "advise",
            "yahtzee",
            "--sheet",
            "ones=3",
            "--dice",
            "1,2,3,4,5",
            "--opponent-sheet",
            "ones=2 twos=x",
            "--opponent-sheet",
            "",
            "--opponent-sheet",
            "fh=25 ones=99",
        ],
        "sheet 3",
    );
    let words = cli.trim_start_matches("error: --").trim_end();
    assert!(error.starts_with(words), "the page: {error}; the CLI: {words}");
    photograph_at(c, "advise-other-refused", Some("#advise-others")).await;
    // A row removed: the others are numbered again, the mark goes.
    click(c, "#advise-other-list .other-row:nth-child(2) .other-remove").await;
    let labels = c
        .execute("return [...document.querySelectorAll('#advise-other-list label')].map(l => l.textContent)", vec![])
        .await
        .expect("labels");
    assert_eq!(labels, json!(["Other player 1's sheet", "Other player 2's sheet"]));
    assert_eq!(
        c.execute("return document.getElementById('advise-others-error').hidden", vec![]).await.expect("error"),
        Value::Bool(true)
    );
    b.client.clone().close().await.expect("close the session");
}

#[path = "browser_table.rs"]
mod extended_table;

#[path = "browser_estimate.rs"]
mod extended_estimate;

#[path = "browser_to_win.rs"]
mod extended_to_win;

#[path = "browser_game.rs"]
mod extended_game;

mod extended {
    use super::*;

    /// A Farkle roll entered by tapping dice: the page's best play and
    /// every value equal `advise --json` for the same question, for one
    /// turn's points and for two players' chances to win.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "extended tier"]
    async fn browser_advise_matches_the_cli() {
        let server = serve();
        let b = browser().await;
        let c = &b.client;
        open(c, &server, "game").await;
        photograph(c, "game").await;
        open(c, &server, "advise").await;

        tap_dice(c, &[1, 1, 2, 3, 5, 5]).await;
        // A total of 0 is a player not on the board yet: a bank below the
        // entry of 500 would not count.
        ask(c).await;
        let args = ["advise", "farkle", "--dice", "1,1,2,3,5,5", "--objective", "score"];
        let cli = server.tables.json(&[&args[..], &["--score", "0"]].concat());
        assert_eq!(shown_values(c).await, cli_values(&cli), "one turn's expected points, not on the board");
        set_number(c, "advise-score", "1000").await;
        ask(c).await;
        let cli = server.tables.json(&[&args[..], &["--score", "1000"]].concat());
        assert_eq!(shown_values(c).await, cli_values(&cli), "one turn's expected points, on the board");
        let best = css(c, "#advise-out .best").await.text().await.expect("text");
        assert!(best.contains("Set aside 1 ") && best.contains("roll 5 dice"), "best play shown: {best}");

        // Two players: my 2000 against 3000, 300 at stake (solves the win
        // table, perhaps as background work with progress).
        c.find(Locator::Css("#advise-players option[value='2']")).await.expect("option").click().await.expect("pick");
        set_number(c, "advise-banked", "300").await;
        set_number(c, "advise-score", "2000").await;
        set_number(c, "advise-opp1", "3000").await;
        ask(c).await;
        let cli = server.tables.json(&[
            "advise",
            "farkle",
            "--dice",
            "1,1,2,3,5,5",
            "--banked",
            "300",
            "--score",
            "2000",
            "--opponent",
            "3000",
        ]);
        assert_eq!(cli["objective"], "win");
        assert_eq!(shown_values(c).await, cli_values(&cli), "two players' chances to win");
        let phone = photograph(c, "advise").await;
        let pictures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/pictures/serve-phone.png");
        std::fs::copy(&phone, &pictures).expect("copy the phone screenshot to docs/pictures");

        // Five players: no exact table fits at 10,000, so the page shows
        // the estimate by rollouts: every play's chance with its interval
        // and its distance below the best, and the count and policy.
        c.find(Locator::Css("#advise-players option[value='5']")).await.expect("option").click().await.expect("pick");
        for (k, total) in [(2, "2500"), (3, "4000"), (4, "1000")] {
            set_number(c, &format!("advise-opp{k}"), total).await;
        }
        ask(c).await;
        until(c, "the estimate", "return document.querySelector('#advise-out .estimate') !== null").await;
        let note = css(c, "#advise-out .estimate").await.text().await.expect("text");
        assert!(note.contains("Estimated by") && note.contains("strongest opponent"), "{note}");
        let situation = css(c, "#advise-out .situation").await.text().await.expect("text");
        assert!(situation.contains("then 2500, then 4000, then 1000"), "{situation}");
        // Each play's interval under its chance, its distance below the
        // best under the play (every play but the best).
        let count =
            |selector: &'static str| async move { c.find_all(Locator::Css(selector)).await.expect("cells").len() };
        let plays = count("#advise-out table.alternatives tbody tr").await;
        assert_eq!(count("#advise-out table.alternatives small.interval").await, plays);
        assert_eq!(count("#advise-out table.alternatives small.below-best").await, plays - 1);
        for v in shown_values(c).await {
            assert!((0.0..=1.0).contains(&v), "{v}");
        }
        photograph_at(c, "advise-five", Some("#advise-out")).await;

        // Six Hundred's short sheet: the score sheet to fill and locks.
        c.goto(&format!("{}/#game", server.url)).await.expect("page");
        c.execute(
            "const s = document.getElementById('game-select'); s.value = 'sixhundred'; s.dispatchEvent(new Event('change'));",
            vec![],
        )
        .await
        .expect("choose Six Hundred");
        let card = css(c, "#opt-card").await;
        card.select_by_value("mini").await.expect("card=mini");
        c.goto(&format!("{}/#advise", server.url)).await.expect("page");
        until(c, "the score sheet", "return document.querySelector('#advise-sheet input[data-box]') !== null").await;
        tap_dice(c, &[1, 1, 2, 6, 6, 6]).await;
        set_number(c, "advise-roll", "3").await;
        css(c, "#advise-sheet input[data-box='ones']").await.send_keys("3").await.expect("fill a box");
        ask(c).await;
        let cli = server.tables.json(&[
            "advise",
            "sixhundred",
            "-o",
            "card=mini",
            "--dice",
            "1,1,2,6,6,6",
            "--roll",
            "3",
            "--sheet",
            "ones=3",
        ]);
        photograph(c, "advise-sixhundred").await;
        let situation = css(c, "#advise-out .situation").await.text().await.expect("text");
        assert_eq!(situation, cli["situation"].as_str().expect("situation"), "the same question");
        assert_eq!(shown_values(c).await, cli_values(&cli), "Six Hundred, last roll");
        b.client.clone().close().await.expect("close the session");
    }

    /// Compare: two variants of a short Farkle solved with progress, the
    /// rows as they come, the table and the chart.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "extended tier"]
    async fn browser_compare_variants() {
        let server = serve();
        let b = browser().await;
        let c = &b.client;
        open(c, &server, "game").await;
        // A short game keeps the solves small.
        css(c, "#opt-goal").await.send_keys("2000").await.expect("goal");
        c.execute("document.getElementById('opt-goal').dispatchEvent(new Event('change'))", vec![])
            .await
            .expect("change");
        c.goto(&format!("{}/#compare", server.url)).await.expect("page");
        // Van't Hof's solve takes seconds: the rows before it show first.
        // Farkle's entry is 500 already, so on-the-board=500 is the same
        // rules as min-bank=350: one row named by both, solved once.
        c.execute(
            "document.querySelectorAll('#variant-list input').forEach((b) => { \
             b.checked = ['on-the-board=500', 'min-bank=350', 'vant-hof-6'].includes(b.dataset.variant); });",
            vec![],
        )
        .await
        .expect("three variants");
        click(c, "#compare-go").await;
        let names = "return [...document.querySelectorAll('#compare-table tbody th')].map((t) => t.textContent)";
        let asked = json!(["base rules", "on-the-board=500 = min-bank=350", "vant-hof-6"]);
        // While the solves run, the page shows the rows known so far and
        // those to come (when a poll falls inside them: kept as a picture),
        // in the order asked, as at the end.
        let running = c
            .execute(
                "return new Promise((done) => { const t0 = Date.now(); (function look() { \
                 if (document.querySelector('#compare-table tr.pending')) \
                   done([...document.querySelectorAll('#compare-table tbody th')].map((t) => t.textContent)); \
                 else if (document.querySelector('#compare-out figure') || Date.now() - t0 > 20000) done(null); \
                 else setTimeout(look, 50); })(); })",
                vec![],
            )
            .await
            .expect("look");
        if running != Value::Null {
            assert_eq!(running, asked, "rows in the order asked while the solves run");
            photograph(c, "compare-running").await;
        }
        until(c, "the table", "return document.querySelector('#compare-table') !== null").await;
        until(c, "the chart", "return document.querySelector('#compare-out figure img') !== null").await;
        assert_eq!(c.execute(names, vec![]).await.expect("rows"), asked, "one row of the same rules, none moved");
        let text = c.execute("return document.getElementById('compare-out').innerText", vec![]).await.expect("text");
        let text = text.as_str().expect("text");
        assert!(text.contains("Change (percentage points)"), "{text}");
        assert!(!text.contains("..=") && !text.contains("points of %"), "plain words: {text}");
        photograph(c, "compare").await;
        b.client.clone().close().await.expect("close the session");
    }
}
