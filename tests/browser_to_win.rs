//! Score-sheet games played to win on the page: the advice against the
//! other sheets, every chance and expected score equal to the CLI's
//! `--json` for the question the page sent.

use super::*;

/// The CLI's arguments for a question the page sent to `/api/advise`
/// (a score-sheet game's fields).
fn cli_question(body: &Value) -> Vec<String> {
    let mut args = vec!["advise".to_string(), body["game"].as_str().expect("game").to_string()];
    for o in body["option"].as_array().expect("options") {
        args.extend(["-o".into(), o.as_str().expect("an option").into()]);
    }
    for field in ["sheet", "dice"] {
        if let Some(v) = body[field].as_str() {
            args.extend([format!("--{field}"), v.into()]);
        }
    }
    if let Some(r) = body["roll"].as_u64() {
        args.extend(["--roll".into(), r.to_string()]);
    }
    for o in body["opponent-sheet"].as_array().expect("the other sheets") {
        args.extend(["--opponent-sheet".into(), o.as_str().expect("a sheet").into()]);
    }
    args
}

/// The page's answer to the question it sent last is the CLI's
/// `--json` for it: every chance and expected score (the numbers the
/// rows carry, and the digits shown), the other sheets, the rule.
/// Returns the CLI's answer.
async fn to_win_matches_the_cli(c: &Client, server: &Server) -> Value {
    let body = sent_advise(c).await;
    let args = cli_question(&body);
    let cli = server.tables.json(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(cli["objective"], "win", "{args:?}");
    let w = &cli["to_win"];
    let page = c
        .execute(
            "const n = (x) => x === undefined ? null : Number(x);
             const rows = [...document.querySelectorAll('#advise-out table.to-win tbody tr')].map(r => ({
               values: [r.dataset.chance, r.dataset.winOrTie, r.dataset.pointsWin, r.dataset.pointsTie, r.dataset.expected].map(n),
               texts: [...r.cells].map(td => td.textContent) }));
             const best = document.querySelector('#advise-out .best');
             const others = [...document.querySelectorAll('#advise-out .others-list li')].map(li => [li.dataset.finished === 'true', n(li.dataset.points), li.textContent]);
             return { rows, chance: n(best.dataset.chance), others,
                      bestOther: (document.querySelector('#advise-out .rival') || {}).textContent || null,
                      goal: document.querySelector('#advise-out .goal').textContent, how: document.querySelector('#advise-out .how').textContent }",
            vec![],
        )
        .await
        .expect("the answer shown");
    let pct = |v: &Value| format!("{:.4}%", 100.0 * v.as_f64().expect("a chance"));
    // Numbers compared as numbers (the browser gives 0 for 0.0).
    let f = |v: &Value| v.as_f64().unwrap_or(f64::NAN);
    assert_eq!(f(&page["chance"]), f(&cli["chance"]), "the chance to win");
    let alternatives = cli["alternatives"].as_array().expect("alternatives");
    let rows = page["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), alternatives.len(), "every play");
    for (i, (row, alt)) in rows.iter().zip(alternatives).enumerate() {
        let win = &alt["win"];
        let want = [
            &win["chance"],
            &win["win_or_tie"],
            &win["expected_play"],
            &win["expected_play_tie"],
            &alt["expected_score"],
        ];
        let values: Vec<f64> = row["values"].as_array().expect("values").iter().map(f).collect();
        assert_eq!(values, want.map(f), "play {}: {}", i + 1, alt["description"]);
        let texts = row["texts"].as_array().expect("cells");
        assert_eq!(texts[1], alt["description"]);
        let behind = if i == 0 {
            "best".to_string()
        } else {
            let d = 100.0 * (win["chance"].as_f64().expect("a chance") - cli["chance"].as_f64().expect("a chance"));
            format!("{d:.4}").replace('-', "\u{2212}")
        };
        let shown = [&texts[2], &texts[3], &texts[4], &texts[5], &texts[6], &texts[7]];
        let digits = [
            pct(&win["chance"]),
            behind,
            pct(&win["win_or_tie"]),
            pct(&win["expected_play"]),
            pct(&win["expected_play_tie"]),
            format!("{:.2}", alt["expected_score"].as_f64().expect("a score")),
        ];
        assert_eq!(shown.map(|t| t.as_str().expect("text").to_string()), digits, "play {}", i + 1);
    }
    let others = page["others"].as_array().expect("the other sheets");
    let opponents = w["opponents"].as_array().expect("opponents");
    assert_eq!(others.len(), opponents.len());
    for (shown, o) in others.iter().zip(opponents) {
        assert_eq!((&shown[0], &shown[1]), (&o["finished"], &o["points_so_far"]), "{shown}");
        let text = shown[2].as_str().expect("text");
        if o["finished"] == true {
            assert!(text.ends_with(&format!("finished with {}", o["points_so_far"])), "{text}");
        } else {
            assert!(
                text.contains(&format!("mean {:.2}", o["distribution"]["mean"].as_f64().expect("a mean"))),
                "{text}"
            );
        }
    }
    let goal = page["goal"].as_str().expect("text");
    let how = page["how"].as_str().expect("text");
    if w["rule"] == "exact" {
        assert!(goal.contains(&format!("above {}", w["to_beat"])) && how.contains("exact"), "{goal} {how}");
        assert_eq!(page["bestOther"], Value::Null, "no best other score to guess at");
    } else {
        assert_eq!(w["rule"], "if-best-known");
        let mean = format!("mean {:.2}", w["best_opponent"]["mean"].as_f64().expect("a mean"));
        assert!(page["bestOther"].as_str().is_some_and(|t| t.contains(&mean)), "{}", page["bestOther"]);
        assert!(
            how.contains("were known now") && how.contains("Assumed: each sheet still in play is played for points"),
            "{how}"
        );
    }
    assert!(goal.contains("A tie") && goal.contains("counted apart"), "{goal}");
    cli
}

/// Playing to win against other sheets on the Advise screen: the sheets
/// typed in rows (one still in play, one finished), and taken from the
/// game in play; every chance shown is the CLI's `--json` for the same
/// question, with the plays, with the exact rule and without dice.
/// Solves Yahtzee (no-bonus)'s tables of the three kinds on the way
/// (each some seconds to a quarter of a minute).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "extended: solves three Yahtzee tables"]
async fn extended_browser_advise_to_win_matches_the_cli() {
    let server = serve();
    let b = browser().await;
    let c = &b.client;
    open(c, &server, "game").await;
    choose(c, &server, "yahtzee", &["no-bonus"]).await;
    c.goto(&format!("{}/#advise", server.url)).await.expect("page");
    until(c, "the other players", "return !document.getElementById('advise-others').hidden").await;
    record_advise_bodies(c).await;
    tap_dice(c, &[2, 3, 6, 6, 6]).await;
    set_number(c, "advise-roll", "2").await;
    for (bx, v) in [("ones", "3"), ("twos", "x"), ("threes", "9"), ("fours", "12"), ("fives", "x")] {
        css(c, &format!("#advise-sheet input[data-box='{bx}']")).await.send_keys(v).await.expect("my sheet");
    }
    // One other player still in play: the rule if the best were known.
    let in_play = "ones=2 twos=4 threes=9 fours=8 fives=10 sixes=18 chance=20";
    click(c, "#advise-other-add").await;
    css(c, "#advise-other-0").await.send_keys(in_play).await.expect("type");
    ask(c).await;
    let body = sent_advise(c).await;
    assert_eq!(body["opponent-sheet"], json!([in_play]));
    assert_eq!(body["sheet"], "ones=3 twos=x threes=9 fours=12 fives=x");
    let cli = to_win_matches_the_cli(c, &server).await;
    assert_eq!(cli["to_win"]["rule"], "if-best-known");
    photograph_at(c, "advise-to-win", Some("#advise-out")).await;
    photograph_at(c, "advise-to-win-table", Some("#advise-out .table-wrap")).await;

    // A finished player beside it, then alone: the exact rule.
    let full = "ones=2 twos=4 threes=9 fours=8 fives=10 sixes=18 chance=20 3k=20 4k=0 fh=25 ss=30 ls=40 yahtzee=0";
    click(c, "#advise-other-add").await;
    css(c, "#advise-other-1").await.send_keys(full).await.expect("type");
    ask(c).await;
    let cli = to_win_matches_the_cli(c, &server).await;
    assert_eq!(cli["to_win"]["opponents"][1]["finished"], true);
    click(c, "#advise-other-list .other-row:nth-child(1) .other-remove").await;
    ask(c).await;
    assert_eq!(sent_advise(c).await["opponent-sheet"], json!([full]));
    let cli = to_win_matches_the_cli(c, &server).await;
    assert_eq!((&cli["to_win"]["rule"], &cli["to_win"]["to_beat"]), (&json!("exact"), &json!(186)));
    photograph_at(c, "advise-to-win-exact", Some("#advise-out")).await;

    // No dice: the chance from the sheet before the turn.
    for _ in 0..5 {
        click(c, "#advise-dice .die").await;
    }
    ask(c).await;
    let body = sent_advise(c).await;
    assert!(body.get("dice").is_none() && body.get("roll").is_none(), "{body}");
    let cli = to_win_matches_the_cli(c, &server).await;
    assert_eq!(cli["alternatives"], json!([]));
    let best = css(c, "#advise-out .best").await.text().await.expect("text");
    let chance = format!("{:.4}%", 100.0 * cli["chance"].as_f64().expect("a chance"));
    assert!(best.contains("before the turn") && best.contains(&chance), "{best}");
    photograph_at(c, "advise-to-win-before", Some("#advise-out")).await;

    // The sheets of a game in play: me against sixdice's optimal,
    // seeded; my first roll written in a box, then optimal's turn.
    c.goto(&format!("{}/#play", server.url)).await.expect("page");
    set_number(c, "play-seed", "3").await;
    click(c, "#play-start").await;
    // Every die rolled again until the last roll, which a box takes.
    for roll in 1..=3 {
        until(c, "my roll", "return document.getElementById('play-roll') !== null").await;
        click(c, "#play-roll").await;
        let next = until(
            c,
            "a decision",
            "return document.querySelector('#play-turn .sheet-of.mover .box[data-box]') ? 'box'
               : document.getElementById('play-keep') ? 'keep' : null",
        )
        .await;
        if next == "box" {
            click(c, "#play-turn .sheet-of.mover .box[data-box]").await;
            break;
        }
        assert!(roll < 3, "the last roll is scored");
        if roll == 1 {
            // The hint of a game of two is to win against the other
            // sheet, called by its seat's name.
            click(c, "#play-hint").await;
            let other = until(
                c,
                "the hint to win",
                "const li = document.querySelector('#play-hint-out .others-list li'); return li && li.textContent",
            )
            .await;
            assert!(other.as_str().is_some_and(|t| t.starts_with("optimal: 0 so far")), "{other}");
            let rows = c
                .execute("return document.querySelectorAll('#play-hint-out table.to-win tbody tr').length", vec![])
                .await
                .expect("rows");
            assert!(rows.as_u64().is_some_and(|n| (1..=5).contains(&n)), "at most five plays: {rows}");
            photograph_at(c, "play-hint-to-win", Some("#play-hint-out")).await;
        }
        click(c, "#play-keep").await;
    }
    let seated = until(
        c,
        "my next turn, after optimal's",
        "return document.getElementById('play-roll') && document.querySelectorAll('#play-turn .sheet-of .box.filled').length === 2",
    )
    .await;
    assert_eq!(seated, Value::Bool(true));
    let state = c
        .execute_async(
            "const done = arguments[arguments.length - 1];
             fetch('/api/play/' + location.hash.split('/')[1]).then(r => r.json()).then(done);",
            vec![],
        )
        .await
        .expect("the game's state");
    let sheet_words = |seat: &Value| -> String {
        let boxes = seat["sheet"]["boxes"].as_array().expect("boxes");
        let words: Vec<String> = boxes
            .iter()
            .filter(|b| !b["points"].is_null())
            .map(|b| format!("{}={}", b["name"].as_str().expect("a name"), b["points"]))
            .collect();
        words.join(" ")
    };
    let theirs = sheet_words(&state["view"]["seats"][1]);
    assert!(!theirs.is_empty(), "optimal wrote a box: {state}");
    c.goto(&format!("{}/#advise", server.url)).await.expect("page");
    until(c, "the offer of the game's sheets", "return !document.getElementById('advise-from-game').hidden").await;
    let chosen = c.execute("return document.getElementById('advise-me').value", vec![]).await.expect("mine");
    assert_eq!(chosen, json!("0"), "the seat to play is mine");
    click(c, "#advise-take").await;
    let rows = c
        .execute(
            "return [...document.querySelectorAll('#advise-other-list .other-row')].map(r => [r.querySelector('label').textContent, r.querySelector('textarea').value])",
            vec![],
        )
        .await
        .expect("rows");
    assert_eq!(rows, json!([["optimal's sheet", theirs]]), "the other seat's sheet, by its name");
    photograph_at(c, "advise-to-win-from-game", Some("#advise-others")).await;
    let mine = sheet_words(&state["view"]["seats"][0]);
    for i in c.find_all(Locator::Css("#advise-sheet input[data-box]")).await.expect("boxes") {
        i.clear().await.expect("clear");
    }
    let (bx, v) = mine.split_once('=').expect("my box");
    css(c, &format!("#advise-sheet input[data-box='{bx}']")).await.send_keys(v).await.expect("my sheet");
    tap_dice(c, &[1, 1, 4, 5, 6]).await;
    set_number(c, "advise-roll", "1").await;
    ask(c).await;
    let body = sent_advise(c).await;
    assert_eq!((&body["opponent-sheet"], &body["sheet"]), (&json!([theirs]), &json!(mine)), "{body}");
    let cli = to_win_matches_the_cli(c, &server).await;
    let named = css(c, "#advise-out .others-list li").await.text().await.expect("text");
    assert!(named.starts_with("optimal: "), "the sheet called by its seat: {named}");
    assert_eq!(cli["to_win"]["rule"], "if-best-known");
    b.client.clone().close().await.expect("close the session");
}
