//! A table of four on one game, each on a phone of their own (a browser
//! session each): the game joined by its link, dice typed at the table,
//! every phone following every move, one phone reloaded and the server
//! restarted in the middle.

use super::*;

/// The game as a phone shows it: the board, the turn's lines (the roll,
/// the points at stake, what is asked) and the dice rolled.
async fn board(c: &Client) -> String {
    let text = c
        .execute(
            "const turn = [...document.querySelectorAll('#play-turn > p')].map(p => p.innerText);
             const dice = [...document.querySelectorAll('#play-dice .die')].map(d => d.textContent);
             return [document.getElementById('play-board').innerText, ...turn, dice.join(',')].join('|')",
            vec![],
        )
        .await
        .expect("the board");
    text.as_str().unwrap_or_default().to_string()
}

/// Waits until every phone shows the same board; returns it.
async fn same_everywhere(phones: &[Browser]) -> String {
    for _ in 0..MAX_POLLS {
        let mut boards = vec![];
        for p in phones {
            boards.push(board(&p.client).await);
        }
        if !boards[0].is_empty() && boards.iter().all(|b| *b == boards[0]) {
            return boards.swap_remove(0);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the phones never showed the same board");
}

/// The seat to move on the board, by the "— to play" mark (none when the
/// game is over: then any phone ends the loop).
async fn mover(c: &Client) -> usize {
    let v = c
        .execute(
            "return [...document.querySelectorAll('#play-board .seat')].findIndex(s => s.classList.contains('mover'))",
            vec![],
        )
        .await
        .expect("the mover");
    usize::try_from(v.as_i64().expect("an index")).unwrap_or(0)
}

/// Four phones, each a browser of its own, on game `id` by its link.
async fn four_phones(server: &Server, id: &str) -> Vec<Browser> {
    let mut phones = vec![];
    for _ in 0..4 {
        let b = browser().await;
        b.client.goto(&format!("{}/#play/{id}", server.url)).await.expect("page loads");
        until(&b.client, "the game", "return document.getElementById('play-game').dataset.step || null").await;
        phones.push(b);
    }
    phones
}

/// Notes the state phone `c` shows, for [`moved`].
async fn before_move(c: &Client) {
    c.execute("window.stepBefore = document.getElementById('play-game').dataset.step; return 1", vec![])
        .await
        .expect("the step");
}

/// Waits until phone `c` shows a state after the one [`before_move`]
/// noted: the move's answer has come (every phone still showing the old
/// state alike is no sign that the move was made).
async fn moved(c: &Client) {
    until(
        c,
        "the move's answer",
        "return document.getElementById('play-game').dataset.step !== window.stepBefore ? 1 : null",
    )
    .await;
}

/// One move on phone `c`: a typed roll (faces from `faces`), or the
/// hint's play; false when the game is over. Returns once the phone shows
/// the state after it.
async fn one_move(c: &Client, faces: &mut impl Iterator<Item = u8>) -> bool {
    let shown = shown_prompt(c, &["play-enter", "play-farkle", "play-dice"]).await;
    before_move(c).await;
    match shown.as_str() {
        "over" => return false,
        "play-enter" => {
            let n = c
                .execute("return Number((document.getElementById('play-turn').innerText.match(/type the (\\d) dice/) || [])[1] || 0)", vec![])
                .await
                .expect("the count");
            for _ in 0..n.as_u64().expect("a count") {
                let f = faces.next().expect("faces");
                click(c, &format!("#play-turn .pad .face:nth-child({f})")).await;
            }
            click(c, "#play-enter").await;
        }
        "play-farkle" => click(c, "#play-farkle").await,
        "play-dice" => {
            click(c, "#play-hint").await;
            let hint = until(
                c,
                "the hint",
                "const h = document.getElementById('play-hint-out'); return !h.hidden && h.dataset.dice ? [h.dataset.dice, h.dataset.then] : null",
            )
            .await;
            for face in hint[0].as_str().expect("dice").split(',') {
                click(c, &format!("#play-dice .die[data-face='{face}'][aria-pressed='false']")).await;
            }
            click(c, if hint[1] == "bank" { "#play-bank" } else { "#play-roll-on" }).await;
        }
        other => panic!("the play screen offers nothing to do ({other})"),
    }
    moved(c).await;
    true
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "extended tier"]
async fn browser_four_phones_follow_one_game() {
    let mut server = serve();
    let port: u16 = server.url.rsplit(':').next().and_then(|p| p.parse().ok()).expect("a port");
    // The game is made by one phone's request and joined by its link.
    let body = json!({"game": "farkle", "option": ["goal=1500"], "players": "ann,bob,cy,dee", "dice-from-me": true});
    let made = post_json(port, "/api/play", &body);
    let id = made["id"].as_str().expect("an id").to_string();
    let phones = four_phones(&server, &id).await;
    same_everywhere(&phones).await;
    // The game's options came back into the Game screen's form with it.
    let form = phones[0]
        .client
        .execute(
            "return [document.getElementById('game-select').value, document.getElementById('opt-goal').value,
                     document.getElementById('game-line').textContent]",
            vec![],
        )
        .await
        .expect("the form");
    assert_eq!(form, json!(["farkle", "1500", "Farkle (goal=1500)"]), "the restored game's options");
    // The page's files are kept by its service worker (installable, and
    // there for a moment the server is out of reach).
    until(
        &phones[0].client,
        "the service worker",
        "return navigator.serviceWorker.controller ? navigator.serviceWorker.controller.scriptURL : null",
    )
    .await;
    click(&phones[0].client, "#play-join summary").await;
    until(&phones[0].client, "the join link", "return document.getElementById('play-join-out').innerText || null")
        .await;
    photograph(&phones[0].client, "play-join").await;
    // Faces typed at the table: a fixed stream, so the game is the same
    // every run.
    let mut faces = std::iter::successors(Some(7u64), |x| {
        Some(x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407))
    })
    .skip(1)
    .map(|x| u8::try_from((x >> 33) % 6 + 1).expect("a face"));
    let (mut moves, mut reloaded, mut restarted) = (0, false, false);
    while moves < 60 {
        // The phone of the player to move moves; the others follow.
        let seat = mover(&phones[0].client).await;
        if !one_move(&phones[seat].client, &mut faces).await {
            break;
        }
        moves += 1;
        same_everywhere(&phones).await;
        if moves == 10 && !reloaded {
            phones[2].client.refresh().await.expect("reloads");
            until(
                &phones[2].client,
                "the game again",
                "return document.getElementById('play-game').dataset.step || null",
            )
            .await;
            same_everywhere(&phones).await;
            reloaded = true;
        }
        if moves == 20 && !restarted {
            // A restart: the process killed, a new one on the same port
            // and tables; each phone's stream reconnects by itself.
            let before = same_everywhere(&phones).await;
            let Server { _process, tables, .. } = server;
            drop(_process);
            server = serve_at(port, tables);
            // A move after the restart reaches every phone.
            let seat = mover(&phones[0].client).await;
            assert!(one_move(&phones[seat].client, &mut faces).await, "the game goes on after a restart");
            moves += 1;
            let after = same_everywhere(&phones).await;
            assert_ne!(before, after, "the move after the restart shows everywhere");
            restarted = true;
        }
    }
    assert!(reloaded && restarted && moves >= 21, "{moves} moves");
    photograph(&phones[1].client, "play-four-phones").await;
}

/// POSTs JSON to the server; the answer's JSON (201). Work that outlives
/// the server's short wait is a job (202): it is polled to its end, so
/// that the answer does not depend on the machine's speed.
pub(super) fn post_json(port: u16, path: &str, body: &Value) -> Value {
    let (head, answer) = request(port, "POST", path, &body.to_string());
    if !head.starts_with("HTTP/1.1 202") {
        assert!(head.starts_with("HTTP/1.1 201"), "{head}\n{answer}");
        return answer;
    }
    let job = format!("/api/jobs/{}", answer["job"].as_str().expect("a job id"));
    // A hang detector, far above any honest run: 6,000 polls, 100 ms apart.
    for _ in 0..6000 {
        let (head, view) = request(port, "GET", &job, "");
        assert!(head.starts_with("HTTP/1.1 200"), "{head}\n{view}");
        match view["state"].as_str() {
            Some("running") => std::thread::sleep(Duration::from_millis(100)),
            Some("done") => return view["result"].clone(),
            _ => panic!("{path}: {view}"),
        }
    }
    panic!("{path}: the job {job} is still running after 6,000 polls");
}

/// One request to the server: the status line and headers, and the
/// answer's JSON.
fn request(port: u16, method: &str, path: &str, body: &str) -> (String, Value) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    std::io::Write::write_all(&mut stream, request.as_bytes()).expect("sends");
    let mut answer = String::new();
    std::io::Read::read_to_string(&mut stream, &mut answer).expect("an answer");
    let (head, json) = answer.split_once("\r\n\r\n").expect("headers and a body");
    (head.to_string(), serde_json::from_str(json).expect("JSON"))
}

/// The points a turn of the score-kept game banks (entry 500: each is 0,
/// a farkle, or 500 and up, in 50s), the same every run.
fn pad_points(turn: usize) -> i64 {
    if turn % 5 == 2 {
        0
    } else {
        500 + 50 * i64::try_from((turn * 7) % 13).expect("small")
    }
}

/// Score kept by points at a table of four, each on their own phone: ten
/// rounds entered as each turn's points (a refused entry said at the
/// bottom of the screen, a farkle by its button), every phone showing the
/// same table, one turn corrected from the round-by-round table, then the
/// game reviewed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "extended tier"]
async fn browser_a_score_kept_game_of_four() {
    let server = serve();
    let port: u16 = server.url.rsplit(':').next().and_then(|p| p.parse().ok()).expect("a port");
    let body = json!({"game": "farkle", "players": "ann,bob,cy,dee", "dice-from-me": true});
    let id = post_json(port, "/api/play", &body)["id"].as_str().expect("an id").to_string();
    let phones = four_phones(&server, &id).await;
    let mut totals = [0i64; 4];
    for turn in 0..40 {
        let seat = mover(&phones[0].client).await;
        assert_eq!(seat, turn % 4, "seats in turn");
        let c = &phones[seat].client;
        let points = pad_points(turn);
        if turn == 1 {
            // Off the board, 450 is refused: said where the person looks.
            set_number(c, "play-points", "450").await;
            click(c, "#play-bank-points").await;
            let said = until(c, "the refusal", "const s = document.getElementById('status'); return !s.hidden && s.classList.contains('error') ? s.textContent : null").await;
            assert!(said.as_str().is_some_and(|s| s.contains("from 500")), "{said}");
            let bottom = c
                .execute("const r = document.getElementById('status').getBoundingClientRect(); return r.bottom <= window.innerHeight && r.top >= 0", vec![])
                .await
                .expect("where the refusal is");
            assert_eq!(bottom, json!(true), "the refusal is on screen");
        }
        before_move(c).await;
        if points == 0 {
            click(c, "#play-farkled").await;
        } else {
            set_number(c, "play-points", &points.to_string()).await;
            click(c, "#play-bank-points").await;
            totals[seat] += points;
        }
        moved(c).await;
        same_everywhere(&phones).await;
        if turn == 5 {
            photograph(c, "play-score-kept-early").await;
        }
    }
    let shown = |c: &Client| {
        let c = c.clone();
        async move {
            let v = c
                .execute(
                    "return [...document.querySelectorAll('#play-board .total')].map(t => Number(t.textContent))",
                    vec![],
                )
                .await
                .expect("totals");
            serde_json::from_value::<Vec<i64>>(v).expect("numbers")
        }
    };
    assert_eq!(shown(&phones[0].client).await, totals);
    let rows = phones[3]
        .client
        .execute("return document.querySelectorAll('#play-scores tbody tr').length", vec![])
        .await
        .expect("rows");
    assert_eq!(rows, json!(10), "ten rounds");
    // Ann's first turn was 500; it was 550: corrected from the table, while
    // another phone is in the points field: redrawn by the correction, it
    // keeps its focus there.
    click(&phones[1].client, "#play-points").await;
    let c = &phones[0].client;
    click(c, "#play-scores tbody tr:last-child td:nth-child(2) button.turn").await;
    set_number(c, "play-correct-points", "550").await;
    click(c, "#play-correct-send").await;
    totals[0] += 550 - pad_points(0);
    for p in &phones {
        let want = totals.to_vec();
        for _ in 0..MAX_POLLS {
            if shown(&p.client).await == want {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(shown(&p.client).await, want, "every phone shows the correction");
    }
    let focused = phones[1].client.execute("return document.activeElement.id", vec![]).await.expect("the focus");
    assert_eq!(focused, json!("play-points"), "the focus after a redraw");
    photograph(&phones[1].client, "play-score-kept").await;
    // Reviewed: the chart of the turns, no decision judged.
    click(c, "#play-review").await;
    until(
        c,
        "the review",
        "const o = document.getElementById('review-out'); return o && o.querySelector('svg, img') ? o.innerText : null",
    )
    .await;
    let record = c.execute("return document.getElementById('review-text').value", vec![]).await.expect("the record");
    assert!(record.as_str().is_some_and(|r| r.contains("ann: points 550 # corrected from 500")), "{record}");
    photograph(c, "review-score-kept").await;
}

/// Taps the faces of `dice` on the typed-dice pad (the focus staying on
/// each face tapped, though the pad is drawn again), then enters the roll.
async fn type_roll(c: &Client, dice: &[u8]) {
    before_move(c).await;
    for f in dice {
        click(c, &format!("#play-turn .pad .face:nth-child({f})")).await;
        let focused = c.execute("return document.activeElement.dataset.key || null", vec![]).await.expect("the focus");
        assert_eq!(focused, json!(format!("face-{f}")), "the focus after a face is typed");
    }
    click(c, "#play-enter").await;
    moved(c).await;
}

/// Dice typed at the table that score nothing pass the turn at once: the
/// page says so in plain words (the farkle, the points lost, who plays
/// next) on the next player's turn, and it is the log's newest line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "extended tier"]
async fn browser_a_typed_farkle_is_said_plainly() {
    let server = serve();
    let port: u16 = server.url.rsplit(':').next().and_then(|p| p.parse().ok()).expect("a port");
    let body = json!({"game": "farkle", "option": ["goal=1500"], "players": "ann,bob", "dice-from-me": true});
    let id = post_json(port, "/api/play", &body)["id"].as_str().expect("an id").to_string();
    let b = browser().await;
    let c = &b.client;
    c.goto(&format!("{}/#play/{id}", server.url)).await.expect("page loads");
    until(c, "the game", "return document.getElementById('play-game').dataset.step || null").await;
    type_roll(c, &[1, 2, 2, 3, 4, 6]).await;
    before_move(c).await;
    click(c, "#play-dice .die[data-face='1']").await;
    click(c, "#play-roll-on").await;
    moved(c).await;
    let none = c.execute("return document.getElementById('play-farkled-note') === null", vec![]).await.expect("note");
    assert_eq!(none, json!(true), "no farkle yet");
    type_roll(c, &[2, 2, 3, 4, 6]).await;
    let said =
        until(c, "the farkle said", "const n = document.getElementById('play-farkled-note'); return n && n.innerText")
            .await;
    let said = said.as_str().expect("text");
    for words in ["Farkle!", "2 2 3 4 6", "ann loses the 100 points at stake", "the turn passes to bob"] {
        assert!(said.contains(words), "`{words}` in: {said}");
    }
    let newest = c.execute("return document.getElementById('play-said').textContent", vec![]).await.expect("said");
    assert_eq!(newest.as_str(), Some(said.trim()), "the farkle is the line screen readers say");
    assert!(board(c).await.contains("bob — to play"), "bob's turn now");
    photograph(c, "play-typed-farkle").await;
}

/// The game phone `c` shows, as the server answers it.
async fn state_of(c: &Client) -> Value {
    c.execute_async(
        "const done = arguments[arguments.length - 1];
         fetch('/api/play/' + location.hash.split('/')[1]).then(r => r.json()).then(done);",
        vec![],
    )
    .await
    .expect("the state")
}

/// Every seat's sheet is on the page, headed by its total and its upper
/// subtotal and bonus as the state has them; the mover's is open.
async fn sheets_match(c: &Client) {
    let st = state_of(c).await;
    let shown = c
        .execute(
            "return [...document.querySelectorAll('#play-turn details.sheet-of')]
               .map(d => [Number(d.dataset.seat), d.open, d.querySelector('summary').innerText])",
            vec![],
        )
        .await
        .expect("the sheets");
    let seats = st["view"]["seats"].as_array().expect("seats");
    let shown = shown.as_array().expect("a list");
    assert_eq!(shown.len(), seats.len(), "every seat's sheet: {shown:?}");
    for (i, s) in seats.iter().enumerate() {
        let u = &s["sheet"]["upper"];
        let head = shown[i][2].as_str().expect("text");
        assert_eq!(shown[i][0], json!(i));
        assert_eq!(shown[i][1], json!(st["view"]["mover"] == json!(i)), "only the mover's sheet is open");
        assert!(
            head.starts_with(&format!("{}: {} points", s["player"].as_str().expect("a name"), s["total"])),
            "{head}"
        );
        let upper = format!("upper {} / {}", u["total"], u["threshold"]);
        assert!(head.contains(&upper) && head.contains(&format!("{} bonus", u["bonus"])), "`{upper}` in {head}");
    }
}

/// One decision of a score-sheet game on phone `c`, the best play: its
/// dice tapped and kept (or locked), or its box tapped (then true: the
/// turn is over).
async fn best_category_play(c: &Client) -> bool {
    let best = c
        .execute_async(
            "const done = arguments[arguments.length - 1];
             fetch('/api/play/' + location.hash.split('/')[1] + '/choices').then(r => r.json())
               .then(cs => done(cs[0].decision));",
            vec![],
        )
        .await
        .expect("the choices");
    if best["action"] == "score" {
        click(c, &format!(".sheet-of.mover .box[data-box='{}']", best["category"].as_str().expect("a box"))).await;
        return true;
    }
    // The dice to tap: those of the play not already picked (locked dice
    // come picked).
    let taps = c
        .execute(
            "const want = [...arguments[0]];
             const dice = [...document.querySelectorAll('#play-dice .die')];
             dice.filter(d => d.getAttribute('aria-pressed') === 'true').forEach(d => {
               const k = want.indexOf(Number(d.dataset.face)); if (k >= 0) want.splice(k, 1); });
             const taps = [];
             dice.forEach((d, i) => { const k = want.indexOf(Number(d.dataset.face));
               if (d.getAttribute('aria-pressed') === 'false' && k >= 0) { want.splice(k, 1); taps.push(i); } });
             return taps;",
            vec![best["dice"].clone()],
        )
        .await
        .expect("the dice to tap");
    for i in taps.as_array().expect("a list") {
        click(c, &format!("#play-dice .die[data-key='die-{i}']")).await;
    }
    click(c, if best["action"] == "lock" { "#play-lock" } else { "#play-keep" }).await;
    false
}

/// Six Hundred on a server without its whole table: the page says so, how
/// long it takes and the command that makes it (from the game's listing)
/// before anything starts (the game cannot be started), and offers the
/// quick cards; the short card chosen, a game of two shows
/// both sheets with their upper subtotal and bonus from the first roll on,
/// equal to the state, through two of my turns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "extended tier"]
async fn browser_score_sheets_and_a_long_solve() {
    let server = serve();
    let b = browser().await;
    let c = &b.client;
    open(c, &server, "game").await;
    c.execute(
        "const s = document.getElementById('game-select'); s.value = 'sixhundred'; s.dispatchEvent(new Event('change'));",
        vec![],
    )
    .await
    .expect("choose Six Hundred");
    let note = until(
        c,
        "the long solve's note",
        "const n = document.getElementById('long-note-game'); return !n.hidden && n.innerText",
    )
    .await;
    let note = note.as_str().expect("text");
    // The listing says how long and the command (nothing asked or started).
    assert!(note.contains("not on this server") && note.contains("sixdice solve sixhundred"), "{note}");
    assert!(note.contains("of 2 cores"), "{note}");
    photograph(c, "game-long-solve").await;
    c.goto(&format!("{}/#play", server.url)).await.expect("page");
    until(c, "the note on Play", "const n = document.getElementById('long-note-play'); return !n.hidden || null").await;
    let start = css(c, "#play-start").await;
    assert_eq!(start.prop("disabled").await.expect("prop"), Some("true".into()), "no game that would be refused");
    c.execute("document.getElementById('long-note-play').scrollIntoView()", vec![]).await.expect("scroll");
    photograph(c, "play-long-solve").await;
    let quick = c
        .execute(
            "return [...document.querySelectorAll('#long-note-play button.quick')].map(b => b.textContent)",
            vec![],
        )
        .await
        .expect("the quick options");
    assert_eq!(quick, json!(["Use Six Hundred (card=short)", "Use Six Hundred (card=mini)"]));
    click(c, "#long-note-play button.quick[data-key='long-note-play-card=mini']").await;
    until(
        c,
        "the quick card chosen",
        "return document.getElementById('long-note-play').hidden && !document.getElementById('play-start').disabled
           && document.getElementById('game-line').textContent === 'Six Hundred (card=mini)'",
    )
    .await;
    set_number(c, "play-seed", "3").await;
    click(c, "#play-start").await;
    until(c, "the game", "return document.getElementById('play-game').dataset.step || null").await;
    // Before the first roll: every sheet already there.
    until(c, "my roll", "return document.getElementById('play-roll') !== null").await;
    sheets_match(c).await;
    photograph(c, "play-sheets").await;
    let mut turns = 0;
    for _ in 0..200 {
        let step = c.execute("return document.getElementById('play-game').dataset.step", vec![]).await.expect("step");
        match shown_prompt(c, &["play-roll", "play-dice"]).await.as_str() {
            "play-roll" if turns == 2 => break,
            "play-roll" => click(c, "#play-roll").await,
            "play-dice" => turns += usize::from(best_category_play(c).await),
            other => panic!("the play screen offers nothing to do ({other})"),
        }
        until(c, "the next state", &format!("return document.getElementById('play-game').dataset.step !== {step}"))
            .await;
        sheets_match(c).await;
    }
    assert_eq!(turns, 2, "two of my turns played");
    photograph(c, "play-sheets-later").await;
}
