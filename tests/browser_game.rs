//! A whole game on the page: two players' Farkle against `optimal`,
//! played by tapping dice, then its record reviewed.

use super::*;

/// A whole two-player Farkle game against `optimal`, seeded, played by
/// tapping dice as the hint says; one undo; the record fetched from the
/// link the page gives and reviewed, by the CLI and on the page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "extended tier"]
async fn browser_play_a_whole_game_then_review_it() {
    let server = serve();
    let b = browser().await;
    let c = &b.client;
    open(c, &server, "play").await;
    // A person named like one of sixdice's players is asked about, not
    // seated as sixdice.
    let name = css(c, "#seat-list .seat-row input").await;
    name.clear().await.expect("clear");
    name.send_keys("optimal").await.expect("type");
    click(c, "#play-start").await;
    until(
        c,
        "the question about the name",
        "return document.getElementById('status').textContent.includes('sixdice would play') || null",
    )
    .await;
    assert_eq!(
        c.execute("return document.getElementById('play-game').hidden", vec![]).await.expect("hidden"),
        Value::Bool(true)
    );
    name.clear().await.expect("clear");
    name.send_keys("o'brien").await.expect("type");
    set_number(c, "play-seed", "3").await;
    photograph(c, "play-setup").await;
    click(c, "#play-start").await;
    until(c, "the game", "return document.getElementById('play-game').dataset.step || null").await;

    let mut undone = false;
    let mut hint_photo = false;
    let mut decisions = 0;
    let mut against_hint = false;
    let mut reloaded = false;
    let mut lines_before_decision = 0;
    // A whole Farkle game to 10,000 is some dozens of turns; a bound far
    // above that catches a page that never ends the game.
    for _ in 0..5000 {
        if decisions == 4 && !reloaded {
            // A reload mid-game comes back to the same position: the
            // game is in the address and kept on the server.
            let board = "return document.getElementById('play-board').innerText";
            let before = c.execute(board, vec![]).await.expect("the board");
            let url = c.current_url().await.expect("a URL");
            assert!(url.fragment().is_some_and(|f| f.starts_with("play/")), "{url}");
            c.refresh().await.expect("reloads");
            until(c, "the game again", "return document.getElementById('play-game').dataset.step || null").await;
            assert_eq!(c.execute(board, vec![]).await.expect("the board"), before, "the same board after a reload");
            reloaded = true;
        }
        let step = c.execute("return document.getElementById('play-game').dataset.step", vec![]).await.expect("step");
        match shown_prompt(c, &["play-roll", "play-farkle", "play-dice"]).await.as_str() {
            "over" => break,
            "play-roll" => click(c, "#play-roll").await,
            "play-farkle" => click(c, "#play-farkle").await,
            "play-dice" => {
                lines_before_decision = log_lines(c).await;
                if hint_photo {
                    click(c, "#play-hint").await;
                } else {
                    // The first hint on the narrowest phone, its button
                    // at the bottom of the screen: the hint opens below
                    // the fold and is brought into view.
                    size_viewport(c, NARROW.0, NARROW.1).await;
                    let button = css(c, "#play-hint").await;
                    c.execute("arguments[0].scrollIntoView({block: 'end'})", vec![json!(button)])
                        .await
                        .expect("scrolls");
                    button.click().await.expect("the hint button");
                }
                let hint = until(
                    c,
                    "the hint",
                    "const h = document.getElementById('play-hint-out'); return !h.hidden && h.dataset.dice ? [h.dataset.dice, h.dataset.then] : null",
                )
                .await;
                if !hint_photo {
                    let seen = c
                        .execute(
                            "const r = document.getElementById('play-hint-out').getBoundingClientRect();
                             const top = document.querySelector('header').getBoundingClientRect().bottom;
                             return [r.top, top, window.innerHeight]",
                            vec![],
                        )
                        .await
                        .expect("where the hint is");
                    let [box_top, header, height] = [0, 1, 2].map(|i| seen[i].as_f64().expect("a number"));
                    assert!(box_top >= header - 1.0 && box_top < height, "the hint is in view: {seen}");
                    size_viewport(c, PHONE.0, PHONE.1).await;
                    photograph(c, "play-hint").await;
                    hint_photo = true;
                }
                let dice = hint[0].as_str().expect("dice").to_string();
                let then = hint[1].as_str().expect("then").to_string();
                for face in dice.split(',') {
                    click(c, &format!("#play-dice .die[data-face='{face}'][aria-pressed='false']")).await;
                    // The roll is drawn again at each tap: the focus
                    // stays on the die tapped.
                    let focused = c
                        .execute("return document.activeElement.dataset.key || document.activeElement.tagName", vec![])
                        .await
                        .expect("the focus");
                    assert!(
                        focused.as_str().is_some_and(|k| k.starts_with("die-")),
                        "the focus after a tap: {focused}"
                    );
                }
                let (hinted, other) =
                    if then == "bank" { ("#play-bank", "#play-roll-on") } else { ("#play-roll-on", "#play-bank") };
                if decisions == 2 {
                    // Once, against the hint (the same dice, the other
                    // way on): the coach's verdict and the review then
                    // have a costly decision to show. Where the rules
                    // refuse that play, the page says so and the hint's
                    // play follows.
                    click(c, other).await;
                    let script = format!(
                        "return document.getElementById('play-game').dataset.step !== {step} || !document.getElementById('status').hidden"
                    );
                    until(c, "the play or its refusal", &script).await;
                    let refused =
                        c.execute("return !document.getElementById('status').hidden", vec![]).await.expect("status");
                    if refused == Value::Bool(true) {
                        click(c, hinted).await;
                    } else {
                        against_hint = true;
                    }
                } else {
                    click(c, hinted).await;
                }
                decisions += 1;
            }
            other => panic!("the play screen offers nothing to do ({other})"),
        }
        let script = format!("return document.getElementById('play-game').dataset.step !== {step}");
        until(c, "the next state", &script).await;
        if decisions == 1 && !undone {
            // Undo the first decision once: the same roll comes back.
            let undo_step =
                c.execute("return document.getElementById('play-game').dataset.step", vec![]).await.expect("step");
            click(c, "#play-undo").await;
            until(
                c,
                "the undone state and its line in the log",
                &format!(
                    "return document.getElementById('play-game').dataset.step !== {undo_step}
                       && document.getElementById('play-log').innerText.includes('Undone')"
                ),
            )
            .await;
            let log = css(c, "#play-log").await.text().await.expect("log");
            assert!(log.contains("Undone"), "the log says the decision was undone: {log}");
            // The undone lines are gone: the log as it was before the
            // decision, and the line that says it was undone.
            assert_eq!(log_lines(c).await, lines_before_decision + 1, "{log}");
            undone = true;
        }
    }
    assert!(undone && decisions > 2, "a game with decisions and an undo");
    assert!(reloaded, "the page was reloaded mid-game");
    let over = css(c, "#play-log").await.text().await.expect("log");
    assert!(over.contains("Game over"), "the game ended: {over}");
    photograph(c, "play-over").await;

    // The record, from the link the page offers.
    let href = css(c, "#play-record").await.attr("href").await.expect("href").expect("a link");
    let record = c
        .execute_async(
            "const done = arguments[arguments.length - 1]; fetch(arguments[0]).then(r => r.text()).then(done);",
            vec![json!(href)],
        )
        .await
        .expect("record fetched");
    let record = record.as_str().expect("record text").to_string();
    assert!(record.starts_with("sixdice-record"), "a record: {record}");
    let file = server.tables.file("played.rec", &record);
    let review = server.tables.json(&["review", file.to_str().expect("UTF-8 path")]);
    assert_eq!(review["finished"], true, "the record is of a finished game");

    // The page's own review of it.
    click(c, "#play-review").await;
    until(c, "the review", "return document.querySelector('#review-players') !== null").await;
    until(c, "the chart", "return document.querySelector('#review-out figure img') !== null").await;
    let players =
        c.execute("return document.querySelectorAll('#review-players tbody tr').length", vec![]).await.expect("rows");
    assert_eq!(players, json!(2));
    // The luck analysis: each player's numbers are the CLI's.
    for (i, p) in review["players"].as_array().expect("players").iter().enumerate() {
        for field in ["start", "luck", "total_loss", "gifts", "result", "luck_adjusted"] {
            let shown = c
                .execute(
                    &format!("return document.querySelector(\"#review-luck tbody tr:nth-child({}) td[data-field='{field}']\").dataset.value", i + 1),
                    vec![],
                )
                .await
                .expect("a luck cell");
            let shown: f64 = shown.as_str().expect("text").parse().expect("a number");
            assert_eq!(shown, p[field].as_f64().expect("a number"), "{} {field}", p["player"]);
        }
    }
    if against_hint {
        let costly = css(c, "#review-costliest").await.text().await.expect("costliest");
        assert!(costly.contains("best"), "the costliest decisions with their positions: {costly}");
    }
    // A costliest decision opens onto every play there was: the CLI's
    // alternatives of that decision, all of them.
    if let Some(first) = review["costliest"].as_array().expect("costliest").first() {
        let number =
            review["decisions"][first.as_u64().expect("an index") as usize]["number"].as_u64().expect("a number");
        click(c, "#review-costliest details.alts summary").await;
        let rows = until(
            c,
            "every play of the decision",
            &format!(
                "return document.querySelectorAll('#review-alts-{number} table.alternatives tbody tr').length || null"
            ),
        )
        .await;
        let one =
            server.tables.json(&["review", file.to_str().expect("UTF-8 path"), "--decision", &number.to_string()]);
        let shown = &one["decisions"][one["shown"][0].as_u64().expect("shown") as usize];
        let alternatives = shown["advice"]["alternatives"].as_array().expect("alternatives");
        assert_eq!(rows, json!(alternatives.len()), "every alternative of decision {number}");
        let best = css(c, &format!("#review-alts-{number} .best")).await.attr("data-value").await.expect("attr");
        let best: f64 = best.expect("a value").parse().expect("a number");
        assert_eq!(best, alternatives[0]["expected_score"].as_f64().expect("a value"), "the best play's value");
    }
    photograph(c, "review").await;
    c.execute("document.getElementById('review-costliest').scrollIntoView({block: 'center'})", vec![])
        .await
        .expect("scroll");
    photograph(c, "review-costliest").await;
    c.execute("document.getElementById('review-luck').scrollIntoView({block: 'center'})", vec![])
        .await
        .expect("scroll");
    photograph(c, "review-luck").await;
    b.client.clone().close().await.expect("close the session");
}
