//! `play` scripted through a pipe for every game, and `review` of what it
//! wrote: text, JSON, the picture, and one-line refusals.

use std::io::Write;
use std::process::{Output, Stdio};

use crate::util::{assert_user_error, bin, Env};

/// Runs `sixdice play ARGS` in `env` with `input` on stdin.
pub fn play(env: &Env, args: &[&str], input: &str) -> Output {
    let mut child = bin()
        .arg("play")
        .args(args)
        .arg("--tables")
        .arg(env.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sixdice runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn text(out: &Output) -> String {
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// A push-your-luck game with dice typed at the table: my rolls of 111555
/// reach the goal, the computer farkles (its last turn too); on the way a
/// bad decision is refused, `help` and `?` answer.
#[test]
fn a_push_your_luck_game_typed_at_the_table() {
    let env = Env::new();
    let hot = "111555\nhelp\nkeep 9 roll\n?\nkeep 111555 roll\n111555\nkeep 111555 bank\n223466\n";
    let hot_record = "me: 111555 keep 111555 roll; 111555 keep 111555 bank\noptimal: 223466 farkle\n";
    // Yahtzix has no hot dice: two turns of 150 reach its goal of 300.
    let two = "111555\nhelp\nkeep 9 roll\n?\nkeep 111555 bank\n223466\n111555\nkeep 111555 bank\n223466\n";
    let two_record =
        "me: 111555 keep 111555 bank\noptimal: 223466 farkle\nme: 111555 keep 111555 bank\noptimal: 223466 farkle\n";
    for (game, opts, input, written) in [
        ("farkle", "goal=2000", hot, hot_record),
        ("ten-thousand", "goal=2000", hot, hot_record),
        ("yahtzix", "goal=300", two, two_record),
    ] {
        // One record each: a record never replaces another game's.
        let rec = env.path().join(format!("{game}.rec"));
        let args = ["--game", game, "-o", opts, "--dice-from-me", "--coach", "--record", rec.to_str().unwrap()];
        let out = text(&play(&env, &args, input));
        assert!(out.contains("me rolls 1 1 1 5 5 5"), "{game}: {out}");
        assert!(out.contains("not allowed:"), "{game}: the bad decision is refused: {out}");
        assert!(out.contains("Best:"), "{game}: the hint is advise's answer: {out}");
        assert!(out.contains("optimal rolls 2 2 3 4 6 6: farkle!"), "{game}: {out}");
        assert!(out.contains("Game over: me wins"), "{game}: {out}");
        let record = std::fs::read_to_string(&rec).unwrap();
        assert!(record.ends_with(written), "{game}: {record}");
        assert!(!record.contains("\nseed "), "typed dice have no seed: {record}");
        let review = env.ok(&["review", rec.to_str().unwrap()]);
        assert!(review.contains("Review of"), "{review}");
    }
}

/// A score pad at the table: every turn typed as its points (`points N`),
/// a refused one said in one line and typed again, the record writing
/// `points N`, and the review charting the turns it did not judge.
#[test]
fn turns_typed_as_their_points() {
    let env = Env::new();
    let rec = env.path().join("pad.rec");
    let args =
        ["farkle", "-o", "goal=1000", "--players", "ann,bob", "--dice-from-me", "--record", rec.to_str().unwrap()];
    // 300 and bob's 400 are refused (off the board, the entry is 500).
    let input = "points 300\npoints 500\npoints 0\npoints 1000\npoints 400\npoints 600\n";
    let out = text(&play(&env, &args, input));
    assert!(out.contains("from 500 (to get on the board)"), "{out}");
    assert!(out.contains("Game over: ann wins"), "{out}");
    let record = std::fs::read_to_string(&rec).unwrap();
    assert!(record.ends_with("ann: points 500\nbob: points 0\nann: points 1000\nbob: points 600\n"), "{record}");
    let r = env.json(&["review", rec.to_str().unwrap()]);
    assert_eq!(r["finished"], true);
    assert_eq!(r["decisions"].as_array().map(Vec::len), Some(0));
    assert!(r["turns"].as_array().unwrap().iter().all(|t| t["entered"] == true), "{r}");
}

/// sixdice plays both seats: the whole game from an empty stdin, recorded,
/// reviewed with no loss.
#[test]
fn computer_players_play_a_whole_game() {
    let env = Env::new();
    let auto = |rec: &std::path::Path| {
        let args = ["farkle", "-o", "goal=1500", "--players", "optimal,threshold=300", "--seed", "4", "--record"];
        text(&play(&env, &[&args[..], &[rec.to_str().unwrap()]].concat(), ""))
    };
    let rec = env.path().join("auto.rec");
    let out = auto(&rec);
    assert!(out.contains("Game over:"), "{out}");
    let r = env.json(&["review", rec.to_str().unwrap()]);
    assert_eq!(r["finished"], true);
    assert!(r["players"][0]["total_loss"].as_f64().unwrap().abs() < 1e-12);
    // The same seed plays the same game.
    let again = env.path().join("again.rec");
    auto(&again);
    assert_eq!(std::fs::read(&rec).unwrap(), std::fs::read(&again).unwrap());
}

/// Solitaire category games typed at the table: each turn one hand, then
/// every box name in turn until one takes it (standing pat).
#[test]
fn category_games_typed_at_the_table() {
    let env = Env::new();
    // Every box name of every category game (a card's boxes are among them).
    let mut boxes: Vec<&str> = vec![];
    for g in solver::games() {
        for b in g.sheet.map(|s| s.boxes).unwrap_or_default() {
            if !boxes.contains(&b.name) {
                boxes.push(b.name);
            }
        }
    }
    for (game, opts, dice) in [
        ("yatzy", "", "12345"),
        ("yahtzee", "joker=forced", "22222"),
        ("sixhundred", "card=mini", "112233"),
        ("yahtzee-deluxe", "", "123456"),
    ] {
        let rec = env.path().join(format!("{game}.rec"));
        let mut input = String::new();
        for _ in 0..20 {
            input.push_str(&format!("{dice}\n"));
            for b in &boxes {
                input.push_str(&format!("score {b}\n"));
            }
        }
        let mut args = vec!["--game", game, "--players", "me", "--dice-from-me", "--record", rec.to_str().unwrap()];
        if !opts.is_empty() {
            args.extend(["-o", opts]);
        }
        let out = play(&env, &args, &input);
        let out = text(&out);
        assert!(out.contains("Game over: me wins"), "{game}: {out}");
        let r = env.json(&["review", rec.to_str().unwrap()]);
        assert_eq!(r["finished"], true, "{game}");
        let p = &r["players"][0];
        let sum = p["start"].as_f64().unwrap() + p["luck"].as_f64().unwrap() - p["total_loss"].as_f64().unwrap();
        assert!((sum - p["result"].as_f64().unwrap()).abs() < 1e-6, "{game}: {p}");
    }
}

#[test]
fn review_draws_the_game_and_refuses_bad_records_in_one_line() {
    let env = Env::new();
    let rec = env.path().join("g.rec");
    text(&play(
        &env,
        &["farkle", "-o", "goal=1500", "--players", "ev,optimal", "--seed", "2", "--record", rec.to_str().unwrap()],
        "",
    ));
    let svg = env.path().join("g.svg");
    let out = env.ok(&["review", rec.to_str().unwrap(), "--plot", svg.to_str().unwrap(), "--thresholds", "0.1,0.5,2"]);
    assert!(out.contains("The costliest decisions") || out.contains("every play was the best"), "{out}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.contains("the game turn by turn"));

    let bad =
        env.file("bad.rec", "sixdice-record 1\ngame farkle\noption goal=1500\nplayers a b\na: 123466 keep 2 bank\n");
    let m = assert_user_error(&env.run(&["review", bad.to_str().unwrap()]), &[], "line 5");
    assert!(m.contains("does not score"), "{m}");
    let bad = env
        .file("bad2.rec", "sixdice-record 1\ngame farkle\noption goal=1500\nplayers a b\nb: 111111 keep 1111 roll\n");
    assert_user_error(&env.run(&["review", bad.to_str().unwrap()]), &[], "it is a's turn, not b's");
    let bad = env.file("bad3.rec", "sixdice-record 1\ngame farkel\nplayers a b\n");
    assert_user_error(&env.run(&["review", bad.to_str().unwrap()]), &[], "line 2");
    assert_user_error(&env.run(&["review", "/dev/null/x"]), &[], "record file");
    assert_user_error(&env.run(&["review", rec.to_str().unwrap(), "--thresholds", "3,2,1"]), &[], "--thresholds");
    let fifo = env.path().join("fifo");
    crate::util::mkfifo(&fifo);
    assert_user_error(&env.run(&["review", fifo.to_str().unwrap()]), &[], "record file");
    for (args, needle) in [
        (&["farkle", "--players", "optimal,win-sheet"][..], "win-sheet"),
        (&["yahtzee", "--players", "me,ev"][..], "optimal"),
        (&["farkle", "--players", "a,b,c,d,e,f,g,h,i"][..], "9 players"),
        (&["farkle", "--players", "me,threshold=x"][..], "threshold"),
        (&["farkle", "--record", "/dev/null"][..], "cannot write the record"),
        (&["farkle", "--seed", "3", "--dice-from-me"][..], "--seed"),
    ] {
        assert_user_error(&play(&env, args, ""), args, needle);
    }
}

/// Near Yahtzix's exact goal a roll may use fewer dice: typed at the table,
/// three 1s on three dice (three kept back), then one die at a time to land
/// on the goal of 40 exactly; the record holds the dice as rolled.
#[test]
fn near_an_exact_goal_fewer_dice_are_rolled() {
    let env = Env::new();
    let rec = env.path().join("near.rec");
    let input = "111\nkeep 111 roll\n5\nkeep 5 roll\n5\nkeep 5 bank\n";
    let args = ["yahtzix", "-o", "goal=40", "-o", "exact-goal", "--dice-from-me", "--record", rec.to_str().unwrap()];
    let out = text(&play(&env, &args, input));
    assert!(out.contains("me rolls 1 1 1"), "{out}");
    assert!(out.contains("Game over: me wins"), "{out}");
    let record = std::fs::read_to_string(&rec).unwrap();
    assert!(record.ends_with("me: 111 keep 111 roll; 5 keep 5 roll; 5 keep 5 bank\n"), "{record}");
    let review = env.ok(&["review", rec.to_str().unwrap()]);
    assert!(review.contains("roll 3 of the 6 dice"), "the count is judged: {review}");
}

/// A game of three is played by P(win) from the table of three: every
/// seat's chance is shown, another player's as the value at this turn's
/// start (it is read again at each turn's start), the mover's as it is now.
#[test]
fn a_game_of_three_shows_each_players_chances() {
    let env = Env::new();
    let out = play(&env, &["farkle", "-o", "goal=1000", "--players", "me,optimal,optimal", "--seed", "4"], "quit\n");
    assert_eq!(out.status.code(), Some(3), "a game stopped before its end");
    let t = String::from_utf8(out.stdout).unwrap();
    assert!(t.contains("Values: P(win) of each player"), "{t}");
    let line = t.lines().find(|l| l.starts_with("me 0")).unwrap_or_else(|| panic!("a line of totals: {t}"));
    let seats: Vec<&str> = line.split(" | ").collect();
    assert_eq!(seats.len(), 3, "{line}");
    assert!(seats[0].contains("P(win)") && !seats[0].contains("at this turn's start"), "{line}");
    assert!(seats[1..].iter().all(|s| s.contains("P(win)") && s.ends_with("at this turn's start")), "{line}");
}

/// A table of four that no exact table fits (Farkle to 1,500, its table of
/// four not solved): the values are expected points, and after each turn
/// every player's P(win) is estimated by rollouts with its interval; `?`
/// ranks the plays by it and the coach judges by it too. With `--json` the
/// estimates are lines of their own.
#[test]
fn a_table_of_four_is_estimated_by_rollouts_turn_by_turn() {
    let env = Env::new();
    let args = ["farkle", "-o", "goal=1500", "--players", "ann,optimal,bob,ev", "--seed", "3", "--rollouts", "300"];
    let mut coached = args.to_vec();
    coached.push("--coach");
    // ann (seed 3 rolls 1 1 3 3 3 5): the hint, then a bank of 500 where
    // rolling on with 550 is far better; then the others' turns.
    let input = "?\nkeep 11333 bank\nquit\n";
    let out = play(&env, &coached, input);
    assert_eq!(out.status.code(), Some(3), "stopped: {}", String::from_utf8_lossy(&out.stderr));
    let t = String::from_utf8(out.stdout).unwrap();
    assert!(t.contains("every player's P(win) is estimated by rollouts"), "{t}");
    assert!(t.contains("estimated by 300 rollouts (seed 0)") && t.contains("95% interval"), "{t}");
    let coach = t.lines().find(|l| l.starts_with("  coach, by P(win): ")).unwrap_or_else(|| panic!("{t}"));
    assert!(coach.contains("by 300 rollouts that cost") && coach.contains("best was: set aside 1,1,3,3,3,5"), "{t}");
    let chances: Vec<&str> = t.lines().filter(|l| l.starts_with("chances now, by 300 rollouts (seed 0): ")).collect();
    assert!(chances.len() >= 2, "an estimate after each turn, ann's and optimal's: {t}");
    for line in &chances {
        let seats: Vec<&str> = line.split(": ").nth(1).unwrap().split(" | ").collect();
        assert_eq!(seats.len(), 4, "{line}");
        assert!(seats.iter().all(|s| s.ends_with("%)") && s.contains("% (")), "{line}");
    }
    // JSON: an estimate line after each turn, the same numbers as the text
    // (same count and seed).
    let mut json = args.to_vec();
    json.push("--json");
    let out = play(&env, &json, "keep 11333 bank\nquit\n");
    let lines: Vec<serde_json::Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    let estimates: Vec<&serde_json::Value> = lines.iter().filter(|v| v["event"] == "estimate").collect();
    assert!(!estimates.is_empty(), "{lines:?}");
    let e = &estimates[0]["estimate"];
    assert_eq!((e["rollouts"].as_u64(), e["seats"].as_array().map(Vec::len)), (Some(300), Some(4)), "{e}");
    let sum: f64 = e["seats"].as_array().unwrap().iter().map(|s| s["estimate"].as_f64().unwrap()).sum();
    assert!((sum - 1.0).abs() < 1e-9, "one winner a rollout: {sum}");
}
