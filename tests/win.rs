//! The win objective end to end: solve and info of a win table, advice
//! with win odds (solving the table first when that is quick), the last
//! turn, and the questions that cannot happen.

use crate::util::Env;

const SMALL: [&str; 2] = ["-o", "goal=1500"];

fn args<'a>(head: &[&'a str], tail: &[&'a str]) -> Vec<&'a str> {
    head.iter().chain(&SMALL).chain(tail).copied().collect()
}

#[test]
fn solve_and_info_report_the_first_players_odds() {
    let env = Env::new();
    let solved = env.json(&args(&["solve", "farkle"], &["--objective", "win"]));
    assert_eq!(solved["objective"], "win");
    let p = solved["expected_score"].as_f64().unwrap();
    assert!(p > 0.5 && p < 0.7, "{p}");
    let second = solved["variants"][1]["expected_score"].as_f64().unwrap();
    assert!((p + second - 1.0).abs() < 1e-12);
    assert!(solved["win"]["residual"].as_f64().unwrap() <= 1e-14);
    assert_eq!(solved["table"]["shape"], serde_json::json!([30, 30]));
    // info reads the same facts back, and the expected-score table is another file.
    let info = env.json(&args(&["info", "farkle"], &["--objective", "win"]));
    assert_eq!(info["expected_score"], solved["expected_score"]);
    env.user_error(&args(&["info", "farkle"], &[]), "sixdice solve farkle -o goal=1500`");
    let text = env.ok(&args(&["info", "farkle"], &["--objective", "win"]));
    assert!(text.contains("P(win), first player, from 0-0"), "{text}");
}

#[test]
fn advice_ranks_by_win_probability_and_solves_first_when_quick() {
    let env = Env::new();
    let q = args(
        &["advise", "farkle"],
        &["--dice", "1,1,2,3,5,5", "--banked", "300", "--score", "900", "--opponent", "1200"],
    );
    let j = env.json(&q);
    assert_eq!(j["objective"], "win");
    let alts = j["alternatives"].as_array().unwrap();
    let values: Vec<f64> = alts.iter().map(|a| a["expected_score"].as_f64().unwrap()).collect();
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "ranked best first");
    assert!(values.iter().all(|v| (0.0..=1.0).contains(v)));
    let line = j["situation"].as_str().unwrap();
    assert!(
        line.contains("your total 900") && line.contains("opponent's 1200") && line.contains("not a last turn"),
        "{line}"
    );
    // The table now exists: asking again reads it and gives the same answer.
    assert!(env.path().join("farkle.win.goal=1500.sixdice").exists());
    assert_eq!(env.json(&q), j);
    // The text form shows probabilities.
    let text = env.ok(&q);
    assert!(text.contains("Probability of winning: ") && text.contains("P(win)"), "{text}");
    // Without --opponent or --objective win the advice is today's expected score.
    let score = env.json(&args(&["advise", "farkle"], &["--dice", "1,1,2,3,5,5", "--banked", "300"]));
    assert_eq!(score["objective"], "turn-score");
}

/// With two opponents advice reads (or first solves) the table of three,
/// says whose total is whose and who still has a last turn, and ranks by
/// P(win); as the last chaser it matches the two-player last turn; totals
/// that do not fit a game of three are refused in one line.
#[test]
fn advice_with_two_opponents_reads_the_table_of_three() {
    let env = Env::new();
    let three = ["-o", "goal=600"];
    let ask = |tail: &[&str]| -> Vec<String> {
        ["advise", "farkle", "--dice", "1,1,2,3,5,5"].iter().chain(&three).chain(tail).map(|s| s.to_string()).collect()
    };
    let run = |tail: &[&str]| env.json(&ask(tail).iter().map(String::as_str).collect::<Vec<_>>());
    let j = run(&["--score", "150", "--opponents", "300,450"]);
    assert!(env.path().join("farkle.win3.goal=600.sixdice").exists(), "solved first: quick");
    assert_eq!(j["objective"], "win");
    let line = j["situation"].as_str().unwrap();
    assert!(line.contains("your total 150, the next player's 300, then 450") && line.contains("last turn"), "{line}");
    let values: Vec<f64> =
        j["alternatives"].as_array().unwrap().iter().map(|a| a["expected_score"].as_f64().unwrap()).collect();
    assert!(values.windows(2).all(|w| w[0] >= w[1]) && values.iter().all(|v| (0.0..=1.0).contains(v)));
    // The next player led with 650 and the one before passed with 700:
    // the last turn of the game, as in a game of two against 700.
    let last = run(&["--score", "150", "--banked", "300", "--opponents", "650,700"]);
    assert!(last["situation"].as_str().unwrap().contains("only a total above 700 wins"), "{last}");
    let two = run(&["--score", "150", "--banked", "300", "--opponent", "700"]);
    assert_eq!(last["alternatives"], two["alternatives"]);
    let middle = run(&["--score", "150", "--banked", "300", "--opponents", "300,650"]);
    assert!(middle["situation"].as_str().unwrap().contains("the player before you reached the goal"), "{middle}");
    let refuse = |tail: &[&str], needle: &str| {
        env.user_error(&ask(tail).iter().map(String::as_str).collect::<Vec<_>>(), needle);
    };
    refuse(&["--opponents", "100,200,300,100,200,300,100,200"], "2 to 8 players");
    refuse(&["--opponents", "100,x"], "not a list of totals");
    refuse(&["--opponents", "100,-50"], "below 0");
    refuse(&["--opponents", "100,125"], "125");
    refuse(&["--score", "600", "--opponents", "100,200"], "600");
    refuse(&["--opponents", "100,99999950"], "out of range");
    refuse(&["--banked", "9999950", "--opponents", "100,200"], "--banked: with several opponents");
    refuse(&["--opponents", "100,200", "--objective", "score"], "only with --objective win");
}

/// Where no exact table fits (four players to 10,000, six, eight), advice
/// is estimated by rollouts: every alternative with its 95% interval and
/// its distance below the best, the count and seed said (and giving the
/// same numbers again), the policy stated. `--estimate` forces rollouts
/// beside an exact table (three to 600), whose best play it then agrees
/// with where separated; bad counts are refused in one line.
#[test]
fn advice_at_tables_too_large_to_solve_is_estimated_by_rollouts() {
    let env = Env::new();
    let ask = |tail: &[&str]| -> Vec<String> {
        ["advise", "farkle", "--dice", "1,1,2,3,4,5"].iter().chain(tail).map(|s| s.to_string()).collect()
    };
    let run = |tail: &[&str]| env.json(&ask(tail).iter().map(String::as_str).collect::<Vec<_>>());
    let four = ["--score", "5000", "--opponents", "6000,7000,4000", "--rollouts", "400", "--seed", "3"];
    let j = run(&four);
    let r = &j["rollouts"];
    assert_eq!(r["rollouts"], 400);
    assert_eq!(r["seed"], 3);
    assert!(r["reason"].as_str().unwrap().contains("no exact table of 4 players fits"), "{r}");
    assert!(r["policy"].as_str().unwrap().contains("strongest opponent"), "{r}");
    let alts = j["alternatives"].as_array().unwrap();
    assert!(alts.len() >= 2);
    for (i, a) in alts.iter().enumerate() {
        let e = &a["estimate"];
        let (p, lo, hi) = (
            e["chance"]["estimate"].as_f64().unwrap(),
            e["chance"]["low"].as_f64().unwrap(),
            e["chance"]["high"].as_f64().unwrap(),
        );
        assert!(lo <= p && p <= hi && (0.0..=1.0).contains(&lo) && hi <= 1.0, "{a}");
        assert_eq!(a["expected_score"].as_f64(), Some(p));
        // The best has no distance below itself; the others are at or below it.
        assert_eq!(e.get("below_best").is_none(), i == 0, "{a}");
        if i > 0 {
            assert!(e["below_best"]["estimate"].as_f64().unwrap() >= 0.0, "{a}");
        }
    }
    assert_eq!(run(&four)["alternatives"], j["alternatives"], "the same seed and count, the same numbers");
    let text = env.ok(&ask(&four).iter().map(String::as_str).collect::<Vec<_>>());
    assert!(
        text.contains("estimated by 400 rollouts") && text.contains("95% interval") && text.contains("Rollout policy"),
        "{text}"
    );
    // Eight players (no exact solve of every state is built for them).
    let eight = run(&["--score", "5000", "--opponents", "100,200,300,100,200,300,9000", "--rollouts", "100"]);
    assert_eq!(eight["rollouts"]["rollouts"], 100);
    // Forced beside an exact table of three (to 600, solved first).
    let small = ["-o", "goal=600", "--score", "150"];
    let exact = run(&[&small[..], &["--opponents", "300,450"]].concat());
    let estimated = run(&[&small[..], &["--opponents", "300,450", "--estimate", "--rollouts", "3000"]].concat());
    assert!(exact.get("rollouts").is_none());
    assert_eq!(estimated["rollouts"]["reason"], "estimated as asked (--estimate)");
    if estimated["rollouts"]["separated"] == true {
        assert_eq!(estimated["alternatives"][0]["set_aside"], exact["alternatives"][0]["set_aside"]);
    }
    let refuse = |tail: &[&str], needle: &str| {
        env.user_error(&ask(tail).iter().map(String::as_str).collect::<Vec<_>>(), needle);
    };
    refuse(&["--score", "5000", "--opponents", "6000,7000", "--rollouts", "0"], "out of range");
    refuse(&["--score", "5000", "--opponents", "6000,7000", "--rollouts", "10000001"], "out of range");
    refuse(&["--score", "5000", "--opponent", "6000", "--estimate"], "a game of three or more");
    refuse(&["--score", "5000", "--opponents", "10000,7000", "--estimate"], "in the last round the answer is exact");
    refuse(&["-o", "piggyback", "--score", "5000", "--opponents", "6000,7000,4000"], "piggyback");
}

/// Six players to 500: no whole table fits, but with 500 to get on the
/// board a game from the start has every total at 0 until it ends, and
/// advice there is exact (that one state solved on the spot); a total no
/// game from the start has (a head start's 300) is estimated.
#[test]
fn advice_at_six_to_500_from_the_start_is_exact() {
    let env = Env::new();
    let ask = ["advise", "farkle", "-o", "goal=500", "--dice", "1,1,2,3,5,5", "--banked", "300"];
    let at = |others: &'static str| -> Vec<&'static str> {
        ask.iter().copied().chain(["--opponents", others, "--rollouts", "300"]).collect()
    };
    let exact = env.json(&at("0,0,0,0,0"));
    assert!(exact.get("rollouts").is_none(), "{exact}");
    let alts = exact["alternatives"].as_array().unwrap();
    assert!(
        alts.len() > 2 && alts.windows(2).all(|w| w[0]["expected_score"].as_f64() >= w[1]["expected_score"].as_f64())
    );
    let text = env.ok(&at("0,0,0,0,0"));
    assert!(text.contains("exact over the one turn-start state a game from the start reaches"), "{text}");
    let head_start = env.json(&at("0,0,0,0,300"));
    assert!(
        head_start["rollouts"]["reason"].as_str().unwrap().contains("no exact table of 6 players fits"),
        "{head_start}"
    );
    // A game played from the start meets only those states: played and
    // reviewed by P(win), exactly.
    let record = env.path().join("six.record");
    let record = record.to_str().unwrap();
    let six = "optimal,optimal,optimal,optimal,optimal,optimal";
    let played = env.ok(&["play", "farkle", "-o", "goal=500", "--players", six, "--seed", "4", "--record", record]);
    let from_start = "exact over the one turn-start state a game from the start reaches (no whole table of 6 \
                      players fits: it would have 1000000 states)";
    assert!(played.contains(&format!("Values: P(win) of each player, {from_start}")), "{played}");
    assert!(!played.contains("from the win table") && played.contains("Game over"), "{played}");
    let review = env.ok(&["review", record]);
    assert!(review.contains(&format!("values are P(win), {from_start}")), "{review}");
    assert!(review.contains("every play was the best"), "{review}");
    let json = env.json(&["review", record]);
    assert!(json["exact_from"].as_str().unwrap().starts_with("exact over the one turn-start state"), "{json}");
}

#[test]
fn the_last_turn_is_played_to_pass_the_leader() {
    let env = Env::new();
    // Needing more than 350 with 300 at stake: banking 1,1,5,5 (600 in all, 900 + 600 = 1500) is not
    // enough against 1550; the leader must be passed.
    let q = args(
        &["advise", "farkle"],
        &["--dice", "1,1,2,3,5,5", "--banked", "300", "--score", "900", "--opponent", "1550"],
    );
    let j = env.json(&q);
    assert!(j["situation"].as_str().unwrap().contains("this is your last turn"), "{}", j["situation"]);
    for a in j["alternatives"].as_array().unwrap() {
        if a["then"] == "bank" {
            let total = 900 + a["at_stake"].as_i64().unwrap();
            let p = a["expected_score"].as_f64().unwrap();
            assert_eq!(p, if total > 1550 { 1.0 } else { 0.0 }, "{a}");
        }
    }
    // No table is needed for a last turn.
    assert!(!env.path().join("farkle.win.goal=1500.sixdice").exists());
}

#[test]
fn impossible_win_questions_are_refused() {
    let env = Env::new();
    let dice = ["--dice", "1,2,3,4,6,6"];
    let ask = |extra: &[&str]| -> Vec<String> {
        let mut v: Vec<String> = args(&["advise", "farkle"], &dice).iter().map(|s| s.to_string()).collect();
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    let run = |extra: &[&str], needle: &str| {
        let a = ask(extra);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        env.user_error(&a, needle);
    };
    run(&["--score", "120", "--opponent", "0"], "--score: a total of 120 is not on the points grid");
    // Inherited points of a turn begun on a leftover: only where a farkle gives them back.
    run(&["--banked", "400", "--inherited", "400", "--opponent", "500"], "--inherited: inherited points matter only");
    let back = ["-o", "piggyback=return", "--banked", "400", "--opponent", "500"];
    run(&[&back[..], &["--inherited", "450"]].concat(), "--inherited: 450 inherited points: they are more than 0");
    run(&[&back[..], &["--inherited", "375"]].concat(), "--inherited: 375 inherited points are not on the points grid");
    run(
        &["-o", "piggyback=return", "--banked", "600", "--inherited", "600", "--opponent", "500"],
        "--inherited: 600 inherited points are more than the opponent's total 500",
    );
    run(&["--opponent", "75"], "--opponent: a total of 75 is not on the points grid");
    run(&["--score", "1500", "--opponent", "0"], "is at or past the goal");
    run(&["--score", "-100", "--objective", "win"], "never fall below 0");
    run(
        &["--opponent", "100", "--objective", "score"],
        "--opponent: the other players' totals matter only with --objective win",
    );
    env.user_error(
        &[
            "advise",
            "farkle",
            "-o",
            "piggyback",
            "-o",
            "three-farkle-penalty",
            "--dice",
            "1,2,3,4,6,6",
            "--opponent",
            "100",
        ],
        "run `sixdice solve farkle -o three-farkle-penalty=1000 -o piggyback --objective win` first",
    );
    // Under the penalty a bank can score more than the banker's total (from
    // below 0), down to the floor; and a bank starts its farkle count again.
    let pig = ["advise", "farkle", "-o", "piggyback", "-o", "three-farkle-penalty", "--leftover", "2"];
    env.user_error(
        &[&pig[..], &["--banked", "3500", "--opponent", "200"]].concat(),
        "--banked: 3500 inherited points are more than the opponent's bank to 200 can have scored: their total was at least -3000",
    );
    env.user_error(
        &[&pig[..], &["--banked", "500", "--opponent", "600", "--opponent-farkles", "1"]].concat(),
        "--opponent-farkles: 1 farkles in a row for the opponent who just banked the leftover",
    );
    run(
        &["--opponent-farkles", "1"],
        "--opponent-farkles: the opponent's farkles in a row matter only with the three-farkle-penalty option",
    );
    run(
        &["--opponent-farkles", "1", "--objective", "score"],
        "--opponent-farkles: the opponent's farkles matter only with --objective win",
    );
    let penalty = |extra: &[&str], needle: &str| {
        let mut a = vec!["advise", "farkle", "-o", "three-farkle-penalty", "--dice", "1,2,3,4,6,6"];
        a.extend(extra);
        env.user_error(&a, needle);
    };
    penalty(&["--opponent-farkles", "3", "--opponent", "0"], "--opponent-farkles: 3 farkles in a row for the opponent");
    penalty(&["--score", "-3050", "--opponent", "0"], "--score: a total of -3050 is below -3000, the lowest total");
    // The full game with the penalty takes minutes: named, not solved on the fly.
    penalty(&["--opponent", "100"], "run `sixdice solve farkle -o three-farkle-penalty=1000 --objective win` first");
    env.user_error(&["solve", "yatzy", "--objective", "win"], "is a category game");
    // A missing table that takes more than about a minute is not solved on
    // the fly (the estimate, about 5 minutes on one thread of the
    // development machine, divides by the threads: one here, so that a
    // machine with many cores decides the same).
    env.user_error(
        &[
            "advise",
            "farkle",
            "-o",
            "vant-hof-6",
            "-o",
            "goal=15000",
            "--dice",
            "1,2,3,4,6,6",
            "--opponent",
            "100",
            "--threads",
            "1",
        ],
        "run `sixdice solve farkle -o vant-hof-6=3000 -o goal=15000 --objective win` first",
    );
    // A game without a last turn ends when a player reaches the goal.
    let rules = env.file("nolast.toml", "[game]\nlast-turn = false\ngoal = 1000\n");
    let r = rules.to_str().unwrap();
    env.user_error(
        &["advise", "farkle", "--rules", r, "--dice", "1,2,3,4,6,6", "--opponent", "1000"],
        "these rules give no last turn: the game is over",
    );
}

/// P(a roll of `k` Farkle dice scores): some 1 or 5, or three of a kind
/// (five dice or fewer make no other pattern), counted over every roll.
fn farkle_scoring_chance(k: u32) -> f64 {
    let rolls = 6u32.pow(k);
    let scoring = (0..rolls)
        .filter(|&r| {
            let mut counts = [0; 6];
            let mut x = r;
            for _ in 0..k {
                counts[(x % 6) as usize] += 1;
                x /= 6;
            }
            counts[0] > 0 || counts[4] > 0 || counts.iter().any(|&c| c >= 3)
        })
        .count();
    scoring as f64 / f64::from(rolls)
}

/// Piggyback together with the three-farkle penalty (to 600, a penalty of
/// 100): solved on the fly, then read back the same; a bank from below 0
/// may leave more points than the banker's total; a leftover and a fresh
/// turn are both worth something, and the rolls after it are ranked too.
#[test]
fn piggyback_with_the_penalty_is_solved_on_the_fly() {
    let env = Env::new();
    let game = ["advise", "farkle", "-o", "piggyback", "-o", "three-farkle-penalty=100", "-o", "goal=600"];
    let q = [&game[..], &["--leftover", "2", "--banked", "300", "--score", "150", "--opponent", "200"]].concat();
    let j = env.json(&q);
    let (pig, fresh) = (j["piggyback_expected_score"].as_f64().unwrap(), j["fresh_expected_score"].as_f64().unwrap());
    assert!(pig > 0.0 && pig < fresh && fresh < 1.0, "{j}");
    assert!(env.path().join("farkle.win.three-farkle-penalty=100.piggyback.goal=600.sixdice").exists());
    assert_eq!(env.json(&q), j, "read back from the table");
    // `info` says the game facts are not computed for this combination.
    let info = env.run(&[
        "info",
        "farkle",
        "-o",
        "piggyback",
        "-o",
        "three-farkle-penalty=100",
        "-o",
        "goal=600",
        "--objective",
        "win",
    ]);
    let text = String::from_utf8(info.stdout).unwrap();
    assert!(info.status.success() && text.contains("not computed: piggyback with the three-farkle penalty"), "{text}");
    let roll = env.json(
        &[&game[..], &["--dice", "1,1,5,2,3,4", "--score", "150", "--opponent", "200", "--farkles", "2"]].concat(),
    );
    let alts = roll["alternatives"].as_array().unwrap();
    assert!(
        alts.len() > 1 && alts.windows(2).all(|w| w[0]["expected_score"].as_f64() >= w[1]["expected_score"].as_f64()),
        "{roll}"
    );
}

/// Piggyback under the win objective: a leftover is weighed against a
/// fresh turn by P(win), read back from the table unchanged; in a last turn
/// an inherited total already above the leader wins whenever the leftover
/// scores; leftovers that cannot be are refused.
#[test]
fn piggyback_is_weighed_by_the_chance_of_winning() {
    let env = Env::new();
    let q = args(
        &["advise", "farkle", "-o", "piggyback"],
        &["--leftover", "2", "--banked", "600", "--score", "300", "--opponent", "900"],
    );
    let j = env.json(&q);
    assert_eq!(j["objective"], "win");
    let (pig, fresh) = (j["piggyback_expected_score"].as_f64().unwrap(), j["fresh_expected_score"].as_f64().unwrap());
    assert!((0.0..=1.0).contains(&pig) && (0.0..=1.0).contains(&fresh), "{j}");
    assert_eq!(j["expected_score"].as_f64().unwrap(), pig.max(fresh));
    assert_eq!(j["best"], if pig > fresh { "piggyback" } else { "start fresh" });
    assert!(j["situation"].as_str().unwrap().contains("your opponent's 900"), "{j}");
    // Solved in memory the first time, read from the table the second.
    assert!(env.path().join("farkle.win.piggyback.goal=1500.sixdice").exists());
    assert_eq!(env.json(&q), j);
    // A roll under piggyback is ranked by P(win) too.
    let roll = env.json(&args(
        &["advise", "farkle", "-o", "piggyback"],
        &["--dice", "1,1,2,3,5,5", "--banked", "300", "--score", "900", "--opponent", "1200"],
    ));
    assert!(roll["alternatives"]
        .as_array()
        .unwrap()
        .iter()
        .all(|a| (0.0..=1.0).contains(&a["expected_score"].as_f64().unwrap())));

    // Last turn: 1000 + 600 inherited already passes the leader's 1550, so
    // rolling k leftover dice wins exactly when they score.
    for k in [1u32, 5] {
        let last = env.json(&args(
            &["advise", "farkle", "-o", "piggyback"],
            &["--leftover", &k.to_string(), "--banked", "600", "--score", "1000", "--opponent", "1550"],
        ));
        let p = last["piggyback_expected_score"].as_f64().unwrap();
        assert!((p - farkle_scoring_chance(k)).abs() < 1e-12, "{k} dice: {p} vs {}", farkle_scoring_chance(k));
        assert!(last["situation"].as_str().unwrap().contains("this is your last turn"), "{last}");
    }

    env.user_error(
        &args(&["advise", "farkle", "-o", "piggyback"], &["--leftover", "2", "--banked", "1000", "--opponent", "900"]),
        "1000 inherited points are more than the opponent's total 900",
    );
    env.user_error(
        &[
            "advise",
            "ten-thousand",
            "-o",
            "piggyback",
            "--leftover",
            "2",
            "--banked",
            "300",
            "--score",
            "0",
            "--opponent",
            "600",
        ],
        "only players on the board may piggyback",
    );
    env.user_error(
        &args(&["advise", "farkle", "-o", "piggyback"], &["--leftover", "6", "--banked", "300", "--opponent", "900"]),
        "6 leftover dice",
    );
}

#[test]
fn a_game_without_a_last_turn_is_won_by_reaching_the_goal() {
    let env = Env::new();
    let rules = env.file("nolast.toml", "[game]\nlast-turn = false\ngoal = 1000\n");
    let r = rules.to_str().unwrap();
    // 700 + 350 at stake passes the goal: banking wins outright.
    let j = env.json(&[
        "advise",
        "farkle",
        "--rules",
        r,
        "--dice",
        "5,2,3,4,6,6",
        "--banked",
        "300",
        "--score",
        "700",
        "--opponent",
        "950",
    ]);
    let bank = j["alternatives"].as_array().unwrap().iter().find(|a| a["then"] == "bank").expect("bank listed");
    assert_eq!(bank["expected_score"].as_f64().unwrap(), 1.0);
}

#[test]
fn random_win_questions_end_in_an_answer_or_one_line() {
    let env = Env::new();
    // A small seeded generator (xorshift), enough to pick cases.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut pick = |n: usize| -> usize {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let games: [&[&str]; 3] =
        [&["farkle", "-o", "goal=1000"], &["ten-thousand", "-o", "goal=1000"], &["yahtzix", "-o", "goal=200"]];
    let totals = [
        "0",
        "50",
        "5",
        "950",
        "995",
        "1000",
        "1050",
        "200",
        "-50",
        "123",
        "99999999",
        "-9223372036854775808",
        "9223372036854775807",
    ];
    let dice = ["1,1,2,3,5,5", "2,3,4,6", "1", "5,5,5", "1,2,3,4,5,6", "6,6,6,6,6,6", "1,1,1,1,1,1,1"];
    let banked = ["0", "50", "300", "1000", "25"];
    for _ in 0..300 {
        let mut args: Vec<&str> = vec!["advise"];
        args.extend_from_slice(games[pick(games.len())]);
        args.extend(["--dice", dice[pick(dice.len())], "--banked", banked[pick(banked.len())]]);
        if pick(3) > 0 {
            args.extend(["--score", totals[pick(totals.len())]]);
        }
        if pick(4) > 0 {
            args.extend(["--opponent", totals[pick(totals.len())]]);
        } else {
            args.extend(["--objective", "win"]);
        }
        if pick(3) == 0 {
            args.extend(["--roll", ["1", "2", "3"][pick(3)]]);
        }
        let out = env.run(&args);
        match out.status.code() {
            Some(0) => {}
            Some(2) => {
                crate::util::assert_user_error(&out, &args, "");
            }
            other => panic!("{args:?}: exit {other:?}: {}", String::from_utf8_lossy(&out.stderr)),
        }
    }
}

#[test]
fn advice_with_the_three_farkle_penalty_knows_both_counts() {
    let env = Env::new();
    let opts = ["-o", "goal=1000", "-o", "three-farkle-penalty=500"];
    let ask = |extra: &[&str]| -> serde_json::Value {
        let mut a = vec!["advise", "farkle"];
        a.extend(opts);
        a.extend(["--dice", "1,2,3,4,6,6", "--banked", "300"]);
        a.extend(extra);
        env.json(&a)
    };
    let calm = ask(&["--score", "-500", "--opponent", "600"]);
    let line = calm["situation"].as_str().unwrap();
    assert!(line.contains("your total -500, your opponent's 600"), "{line}");
    // Two farkles in a row make a farkle now cost 500 more: the chance of
    // winning falls; the opponent's two farkles make it rise.
    let mine = ask(&["--score", "-500", "--opponent", "600", "--farkles", "2"]);
    assert!(mine["situation"].as_str().unwrap().contains("your total -500 (2 farkles in a row)"));
    let theirs = ask(&["--score", "-500", "--opponent", "600", "--opponent-farkles", "2"]);
    let p = |j: &serde_json::Value| j["expected_score"].as_f64().unwrap();
    assert!(p(&mine) < p(&calm) && p(&calm) < p(&theirs), "{} {} {}", p(&mine), p(&calm), p(&theirs));
    let info = env.json(&["info", "farkle", "-o", "goal=1000", "-o", "three-farkle-penalty=500", "--objective", "win"]);
    assert!(info["win"]["residual"].as_f64().unwrap() <= 1e-11);
}
