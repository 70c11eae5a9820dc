//! `simulate` of a push-your-luck game: players head to head, on a small
//! goal (the win table solves in a fraction of a second).

use crate::util::Env;

const GAME: [&str; 4] = ["--game", "farkle", "-o", "goal=1500"];

fn run(env: &Env, extra: &[&str]) -> serde_json::Value {
    let mut a = vec!["simulate"];
    a.extend(GAME);
    a.extend(extra);
    env.json(&a)
}

fn pairing<'a>(r: &'a serde_json::Value, first: &str, second: &str) -> &'a serde_json::Value {
    r["pairings"].as_array().unwrap().iter().find(|p| p["first"] == first && p["second"] == second).unwrap()
}

#[test]
fn optimal_play_wins_as_often_as_solved_and_beats_the_others() {
    let env = Env::new();
    let r = run(&env, &["--players", "optimal,ev,threshold=350,win-sheet", "--games", "40000", "--seed", "3"]);
    assert_eq!(r["pairings"].as_array().unwrap().len(), 16, "every ordered pairing");
    let same = pairing(&r, "optimal", "optimal");
    let exact = same["exact"].as_f64().unwrap();
    let rate = same["first_win_rate"].as_f64().unwrap();
    let se = (exact * (1.0 - exact) / 40000.0).sqrt();
    assert!((rate - exact).abs() < 4.0 * se, "simulated {rate}, exact {exact}, standard error {se}");
    // Against each other player, optimal wins more than half of the games
    // over both seats: its rates beat the other's in the mirrored pairing.
    for other in ["ev", "threshold=350", "win-sheet"] {
        let as_first = pairing(&r, "optimal", other);
        let as_second = pairing(&r, other, "optimal");
        let wins = as_first["first_win_rate"].as_f64().unwrap() + 1.0 - as_second["first_win_rate"].as_f64().unwrap();
        // The 95% intervals, both seats: the lower end of optimal's share.
        let low = as_first["ci95"][0].as_f64().unwrap() + 1.0 - as_second["ci95"][1].as_f64().unwrap();
        assert!(low / 2.0 > 0.5, "optimal against {other}: {} of games, at least {}", wins / 2.0, low / 2.0);
    }
    assert!(r["games_per_second"].as_f64().unwrap() > 0.0);
}

#[test]
fn a_seed_plays_the_same_games_on_any_number_of_threads() {
    let env = Env::new();
    let args = ["--players", "ev,human", "--games", "5000", "--seed", "9"];
    let mut one = vec!["simulate"];
    one.extend(GAME);
    one.extend(args);
    one.extend(["--threads", "1"]);
    let a = env.json(&one);
    let b = run(&env, &args);
    assert_eq!(a["pairings"], b["pairings"]);
    let c = run(&env, &["--players", "ev,human", "--games", "5000", "--seed", "10"]);
    assert_ne!(a["pairings"], c["pairings"], "another seed plays other games");
    // The text form: one row per pairing.
    let mut text = vec!["simulate"];
    text.extend(GAME);
    text.extend(args);
    let out = env.ok(&text);
    let rows = out.lines().filter(|l| l.starts_with("ev ") || l.starts_with("human ")).count();
    assert!(rows == 4 && out.contains("games/s"), "{out}");
}

#[test]
fn bad_players_and_game_counts_are_one_line() {
    let env = Env::new();
    let bad = |extra: &[&str], needle: &str| {
        let mut a = vec!["simulate"];
        a.extend(GAME);
        a.extend(extra);
        env.user_error(&a, needle);
    };
    bad(&["--players", "optimal,robot"], "unknown player `robot`");
    bad(&["--players", "threshold=abc"], "threshold=N needs a number of points");
    bad(&["--players", "threshold=0"], "threshold=N needs a number of points");
    bad(&["--players", "ev", "--games", "0"], "--games: the number of games must be between 1 and");
    bad(&["--players", "ev,ev,ev,ev,ev,ev,ev,ev,ev"], "9 players: a run has 1 to 8");
    env.user_error(
        &["simulate", "--game", "yatzy", "--players", "ev"],
        "--players: score-sheet games play head to head only as to-win,points",
    );
}

/// Under piggyback the players take over leftover dice: the report counts
/// those turns per game, in JSON and as a column of the text table.
#[test]
fn piggyback_games_are_played_and_counted() {
    let env = Env::new();
    let args =
        ["simulate", "--game", "farkle", "-o", "goal=1000", "-o", "piggyback", "--players", "optimal,threshold=300"];
    let mut json = args.to_vec();
    json.extend(["--games", "4000", "--seed", "2"]);
    let r = env.json(&json);
    for p in r["pairings"].as_array().unwrap() {
        assert!(p["piggybacks_per_game"].as_f64().unwrap() > 0.05, "{p}");
    }
    let mut text = args.to_vec();
    text.extend(["--games", "1000", "--seed", "2"]);
    assert!(env.ok(&text).contains("piggybacks per game"));
    // Without piggyback there is no such column.
    let plain = env.ok(&["simulate", "--game", "farkle", "-o", "goal=1000", "--players", "ev", "--games", "100"]);
    assert!(!plain.contains("piggybacks"));
}

/// The time a simulation reports is split: the set-up (here the win table
/// solved first, and the win sheet fitted on its own games) and the games;
/// the games' rate counts the games alone.
#[test]
fn simulate_reports_its_set_up_beside_the_games() {
    let env = Env::new();
    let r = run(&env, &["--players", "win-sheet,ev", "--games", "100"]);
    let (setup, games) = (r["setup_seconds"].as_f64().unwrap(), r["seconds"].as_f64().unwrap());
    assert!(setup > 0.0 && games > 0.0, "set-up {setup} s, games {games} s");
    let rate = r["games_per_second"].as_f64().unwrap();
    assert!((rate * games - 400.0).abs() < 1e-6 * rate.max(1.0), "{rate} games/s over {games} s for 400 games");
    let mut a = vec!["simulate"];
    a.extend(GAME);
    a.extend(["--players", "ev", "--games", "10"]);
    assert!(env.ok(&a).contains("set-up "), "the text says what took the time");
    let category = env.json(&["simulate", "yatzy", "--games", "50"]);
    assert!(category["setup_seconds"].as_f64().unwrap() > 0.0, "the Yatzy table was solved first");
}

/// `--seats 3`: games of three, one row a seat of every distinct seating,
/// the same games for the same seed, the exact chances beside an
/// all-optimal table; the text names the seats.
#[test]
fn games_of_three_report_every_seat() {
    let env = Env::new();
    let three = ["simulate", "--game", "farkle", "-o", "goal=600", "--seats", "3", "--games", "400", "--seed", "5"];
    let mixed = env.json(&[&three[..], &["--players", "optimal,ev,ev"]].concat());
    let seatings = mixed["seatings"].as_array().unwrap();
    assert_eq!(seatings.len(), 3, "{mixed}");
    assert!(mixed.get("pairings").is_none_or(|p| p.as_array().unwrap().is_empty()));
    for s in seatings {
        let wins: u64 = s["wins"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).sum();
        assert_eq!(wins + s["unfinished"].as_u64().unwrap(), 400, "{s}");
        assert!(s.get("exact").is_none());
    }
    assert_eq!(env.json(&[&three[..], &["--players", "optimal,ev,ev"]].concat())["seatings"], mixed["seatings"]);
    let optimal = env.json(&[&three[..], &["--players", "optimal,optimal,optimal"]].concat());
    let exact = optimal["seatings"][0]["exact"].as_array().unwrap();
    assert_eq!(exact.len(), 3);
    let text = env.ok(&[&three[..], &["--players", "optimal,ev,threshold=300"]].concat());
    assert!(text.contains("games of three, every distinct seating") && text.contains("threshold=300"), "{text}");
    env.user_error(&[&three[..], &["--players", "optimal,human,ev"]].concat(), "games of two only");
    env.user_error(&[&three[..], &["--players", "optimal,ev"]].concat(), "not 2");
}
