//! A table of five at Farkle to 10,000 on one shared phone, which no exact
//! table fits: after every turn the page shows each player's chance to win
//! estimated by rollouts with its 95% interval, now and in the score table,
//! and the hint ranks the plays by that estimate.

use super::extended_table::post_json;
use super::*;

/// The chances the page shows now (`#play-chances`): for each seat, the
/// estimate and its interval's ends, in percent.
async fn chances_now(c: &Client) -> Vec<[f64; 3]> {
    let v = c
        .execute(
            "const ps = s => Number(s.replace('%', ''));
             return [...document.querySelectorAll('#play-chances li')].map(li => {
               const [lo, hi] = li.querySelector('.interval').textContent.split('–').map(ps);
               return [ps(li.querySelector('strong').textContent), lo, hi];
             })",
            vec![],
        )
        .await
        .expect("the chances");
    serde_json::from_value(v).expect("numbers")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "extended tier"]
async fn browser_a_table_of_five_sees_every_chance_estimated_after_every_turn() {
    let server = serve();
    let port: u16 = server.url.rsplit(':').next().and_then(|p| p.parse().ok()).expect("a port");
    let body = json!({"game": "farkle", "players": "ann,bob,cy,dee,eve", "seed": 4});
    let made = post_json(port, "/api/play", &body);
    assert!(made["estimated"].as_str().is_some_and(|w| w.contains("too large")), "{made}");
    let id = made["id"].as_str().expect("an id").to_string();
    let b = browser().await;
    let c = &b.client;
    c.goto(&format!("{}/#play/{id}", server.url)).await.expect("page loads");
    until(c, "the game", "return document.getElementById('play-game').dataset.step || null").await;
    for turn in 1..=6_usize {
        // The roll, then its decision (or a farkle, which ends the turn).
        until(c, "the roll", "return document.getElementById('play-roll') ? 1 : null").await;
        click(c, "#play-roll").await;
        let shown = until(
            c,
            "the rolled dice",
            "return document.getElementById('play-farkle') ? 'farkle' : document.getElementById('play-dice') ? 'dice' : null",
        )
        .await;
        if shown == "farkle" {
            click(c, "#play-farkle").await;
        } else {
            // The hint ranks by rollouts: its note says so.
            click(c, "#play-hint").await;
            let hint = until(
                c,
                "the hint",
                "const h = document.getElementById('play-hint-out');
                 return !h.hidden && h.dataset.dice && h.querySelector('.estimate') ? h.dataset.dice : null",
            )
            .await;
            if turn == 1 {
                photograph_at(c, "play-five-hint", Some("#play-hint-out")).await;
            }
            for face in hint.as_str().expect("dice").split(',') {
                click(c, &format!("#play-dice .die[data-face='{face}'][aria-pressed='false']")).await;
            }
            // Banked at once: every turn ends on its first decision.
            click(c, "#play-bank").await;
        }
        // The estimate after the turn: in the score table (the turn's cell
        // with its player's chance and interval) and as the chances now.
        let script = format!(
            "return document.querySelectorAll('#play-scores .chance .interval').length === {turn}
               && document.querySelectorAll('#play-chances li').length === 5 ? 1 : null"
        );
        until(c, "the estimate after the turn", &script).await;
        let seats = chances_now(c).await;
        assert_eq!(seats.len(), 5);
        for [p, lo, hi] in &seats {
            assert!(0.0 <= *lo && lo <= p && p <= hi && *hi <= 100.0, "{seats:?}");
        }
        let sum: f64 = seats.iter().map(|s| s[0]).sum();
        assert!((sum - 100.0).abs() < 0.06, "one winner a rollout: the shown chances add up to {sum}");
    }
    let caption = css(c, "#play-scores-caption").await.text().await.expect("text");
    assert!(caption.contains("estimated by rollouts"), "{caption}");
    photograph_at(c, "play-five", Some("#play-board")).await;
    photograph_at(c, "play-five-scores", Some("#play-scores")).await;
    b.client.clone().close().await.expect("close the session");
}

/// Five players to 2,000 on the Compare screen, which no exact table fits:
/// the row is estimated, and its fair head starts found by rollouts come
/// with every seat's interval with them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "extended tier"]
async fn browser_compare_at_five_shows_estimated_fair_head_starts() {
    let server = serve();
    let b = browser().await;
    let c = &b.client;
    open(c, &server, "game").await;
    css(c, "#opt-goal").await.send_keys("2000").await.expect("goal");
    c.execute("document.getElementById('opt-goal').dispatchEvent(new Event('change'))", vec![]).await.expect("change");
    c.goto(&format!("{}/#compare", server.url)).await.expect("page");
    c.execute(
        "document.querySelectorAll('#variant-list input').forEach((b) => { b.checked = false; }); \
         document.getElementById('compare-players').value = '5';",
        vec![],
    )
    .await
    .expect("the base rules, five players");
    click(c, "#compare-go").await;
    let cell = until(
        c,
        "the estimated row",
        "const r = document.querySelector('#compare-table tr.estimated .head-starts'); \
         return r && r.textContent.includes('rollouts') ? r.innerText : null",
    )
    .await;
    let cell = cell.as_str().expect("text");
    assert_eq!(cell.matches('+').count(), 4, "four head starts: {cell}");
    assert_eq!(cell.matches('%').count(), 5, "five intervals: {cell}");
    assert!(cell.contains("even share"), "{cell}");
    let caption = c.execute("return document.querySelector('#compare-table caption').textContent", vec![]).await;
    assert!(caption.expect("caption").as_str().is_some_and(|t| t.contains("5 players")));
    photograph_at(c, "compare-five", Some("#compare-table")).await;
    // The head starts' column, the table scrolled to it.
    c.execute(
        "const w = document.querySelector('#compare-out .table-wrap');          w.scrollLeft = document.querySelector('#compare-table tr.estimated .head-starts').offsetLeft - 20;",
        vec![],
    )
    .await
    .expect("scrolls");
    photograph_at(c, "compare-five-head-starts", Some("#compare-table")).await;
}

/// Six players to 500 on the Compare screen: no whole table fits, but the
/// one state a game from the start reaches (every total below the goal is
/// 0 with 500 to get on the board) is solved exactly: each seat's cell
/// shows that chance with the estimate's interval under it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "extended tier"]
async fn browser_compare_at_six_shows_the_exact_start() {
    let server = serve();
    let b = browser().await;
    let c = &b.client;
    open(c, &server, "game").await;
    css(c, "#opt-goal").await.send_keys("500").await.expect("goal");
    c.execute("document.getElementById('opt-goal').dispatchEvent(new Event('change'))", vec![]).await.expect("change");
    c.goto(&format!("{}/#compare", server.url)).await.expect("page");
    c.execute(
        "document.querySelectorAll('#variant-list input').forEach((b) => { b.checked = false; }); \
         document.getElementById('compare-players').value = '6';",
        vec![],
    )
    .await
    .expect("the base rules, six players");
    click(c, "#compare-go").await;
    let cells = until(
        c,
        "the exact start",
        "const r = [...document.querySelectorAll('#compare-table tr.estimated td.exact-start')]; \
         return r.length ? r.map((td) => td.innerText) : null",
    )
    .await;
    let cells: Vec<&str> = cells.as_array().expect("cells").iter().map(|v| v.as_str().expect("text")).collect();
    assert_eq!(cells.len(), 6, "{cells:?}");
    assert!(cells.iter().all(|t| t.contains("est.") && t.matches('%').count() == 2), "{cells:?}");
    let how =
        c.execute("return document.querySelector('#compare-table tr.estimated th small').textContent", vec![]).await;
    assert!(how.expect("row").as_str().is_some_and(|t| t.contains("exact from the start (the one state")));
    photograph_at(c, "compare-six-start", Some("#compare-table")).await;
}

/// A table of six at Farkle to 500, whose whole table does not fit: the
/// game from the start is exact, and the page says over what.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "extended tier"]
async fn browser_a_table_of_six_to_500_is_exact_from_the_start() {
    let server = serve();
    let port: u16 = server.url.rsplit(':').next().and_then(|p| p.parse().ok()).expect("a port");
    let body = json!({"game": "farkle", "option": ["goal=500"], "players": "ann,bob,cy,dee,eve,fay", "seed": 4});
    let made = post_json(port, "/api/play", &body);
    let from = made["exact_from"].as_str().unwrap_or_default().to_string();
    assert!(from.starts_with("exact over the one turn-start state a game from the start reaches"), "{made}");
    assert_eq!(made["estimated"], Value::Null, "{made}");
    let id = made["id"].as_str().expect("an id").to_string();
    let b = browser().await;
    let c = &b.client;
    c.goto(&format!("{}/#play/{id}", server.url)).await.expect("page loads");
    let shown = until(
        c,
        "the sentence",
        "const p = document.getElementById('play-exact-from'); return p ? p.textContent : null",
    )
    .await;
    assert_eq!(shown.as_str().expect("text"), format!("Chances to win: {from}."));
    photograph_at(c, "play-six-start", Some("#play-board")).await;
    b.client.clone().close().await.expect("close the session");
}
