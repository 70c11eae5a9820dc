//! `compare` and `strategy --objective win` with their pictures, on small
//! goals (each win table solves in well under a second).

use crate::util::Env;

/// Rows of a comparison by variant name.
fn row<'a>(r: &'a serde_json::Value, variant: &str) -> &'a serde_json::Value {
    r["rows"].as_array().unwrap().iter().find(|x| x["variant"] == variant).unwrap_or_else(|| panic!("{variant}: {r}"))
}

/// Cold, the missing tables are solved; warm, the same numbers are read
/// back without solving; the base row agrees with `info`; the change is
/// the difference; piggyback has its game facts too; a
/// variant too large to solve here stays as a row that says why; the
/// picture is an SVG that names the game.
#[test]
fn compare_solves_what_is_missing_then_reads_the_tables() {
    let env = Env::new();
    let args = [
        "compare",
        "farkle",
        "-o",
        "goal=1500",
        "--no-defaults",
        "--variant",
        "on-the-board=500",
        "--variant",
        "min-bank=350,vant-hof-6",
        "--variant",
        "piggyback",
        "--variant",
        "goal=1000000",
    ];
    let cold = env.json(&args);
    assert_eq!(cold["rows"].as_array().unwrap().len(), 5);
    let base = row(&cold, "base rules")["odds"].clone();
    let info = env.json(&["info", "farkle", "-o", "goal=1500", "--objective", "win"]);
    assert_eq!(base["first_wins"], info["expected_score"]);
    assert_eq!(base["head_start"], info["game_facts"]["head_start"], "info shows the same game facts");
    assert_eq!(base["turns_per_player"], info["game_facts"]["turns_per_player"]);
    assert!(base.get("first_wins_change").is_none());
    for v in ["on-the-board=500", "min-bank=350,vant-hof-6"] {
        let o = &row(&cold, v)["odds"];
        let change = o["first_wins"].as_f64().unwrap() - base["first_wins"].as_f64().unwrap();
        // The raw difference of probabilities, not percentage points.
        assert!((o["first_wins_change"].as_f64().unwrap() - change).abs() < 1e-15, "{v}: {o}");
        assert!(o["solve_seconds"].as_f64().unwrap() > 0.0, "{v} was solved now");
        let first = o["optimal_vs_ev_first"].as_f64().unwrap();
        let second = o["optimal_vs_ev_second"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&first) && (0.0..=1.0).contains(&second));
        assert!(((first + second) / 2.0 - 0.5 - o["optimal_edge"].as_f64().unwrap()).abs() < 1e-12);
        // The fair head start leaves the game closer to even than none.
        let even = (o["head_start_first_wins"].as_f64().unwrap() - 0.5).abs();
        assert!(even <= (o["first_wins"].as_f64().unwrap() - 0.5).abs(), "{o}");
        assert!(o["turns_per_player"].as_f64().unwrap() > 1.0);
    }
    // Piggyback is solved with its game facts (over the offer states too).
    let pig = &row(&cold, "piggyback")["odds"];
    let p = pig["first_wins"].as_f64().unwrap();
    assert!(p > 0.5 && p < 1.0 && pig["first_wins_change"].is_f64(), "{pig}");
    assert!(pig["turns_per_player"].as_f64().unwrap() > 1.0, "{pig}");
    let even = (pig["head_start_first_wins"].as_f64().unwrap() - 0.5).abs();
    assert!(even <= (p - 0.5).abs(), "{pig}");
    assert!(pig["optimal_edge"].as_f64().unwrap() > 0.0, "{pig}");
    let huge = row(&cold, "goal=1000000");
    assert!(huge.get("odds").is_none());
    assert!(huge["not_solved"].as_str().unwrap().contains("goal 1000000"), "{huge}");
    // The highlights are the renderer's words, not the report's data.
    assert!(cold.get("highlights").is_none(), "{cold}");
    let text = env.ok(&args);
    assert!(text.contains("Under the base rules the first player wins"), "{text}");
    assert!(!text.contains("are not computed"), "{text}");

    let svg = env.path().join("compare.svg");
    let warm = env.json(&[&args[..], &["--plot", svg.to_str().unwrap()]].concat());
    for (a, b) in cold["rows"].as_array().unwrap().iter().zip(warm["rows"].as_array().unwrap()) {
        if let Some(o) = b.get("odds") {
            assert_eq!(o["solve_seconds"].as_f64(), Some(0.0), "read from the table: {b}");
            assert_eq!(o["first_wins"], a["odds"]["first_wins"]);
            assert_eq!(o["head_start"], a["odds"]["head_start"]);
        }
    }
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.contains("Farkle (goal=1500)") && picture.contains("piggyback"));

    let text = env.ok(&args);
    assert!(text.contains("on-the-board=500") && text.contains("not solved"), "{text}");
    // The change in percentage points, in the table and on the picture.
    let pig = row(&cold, "piggyback")["odds"]["first_wins_change"].as_f64().unwrap();
    let pts = format!("{:+.2} pts", 100.0 * pig);
    assert!(text.contains(&pts) && picture.contains(&format!("({pts})")), "{pts}: {text}");
}

/// Three players: cold, the tables of three are solved; warm, read back;
/// `info` shows the same seats; the seats' chances add up to 1 and the
/// fair head starts leave the game closer to even; a rule the solver
/// does not take for three stays as a row that says so; the picture
/// draws the first seat against an even third.
#[test]
fn compare_three_players_reads_each_seat_off_its_table() {
    let env = Env::new();
    let args = [
        "compare",
        "farkle",
        "-o",
        "goal=600",
        "--players",
        "3",
        "--no-defaults",
        "--variant",
        "on-the-board=200",
        "--variant",
        "piggyback",
    ];
    env.user_error(&["info", "farkle", "-o", "goal=600", "--players", "3"], "--objective win --players 3`");
    let cold = env.json(&args);
    assert_eq!(cold["players"], 3);
    let base = row(&cold, "base rules")["seats"].clone();
    let seats: Vec<f64> = base["seats"].as_array().unwrap().iter().map(|p| p.as_f64().unwrap()).collect();
    assert_eq!(seats.len(), 3);
    assert!((seats.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{base}");
    assert!(seats[0] > seats[1] && seats[1] > seats[2], "earlier seats win more: {base}");
    let spread = |v: &serde_json::Value| {
        v.as_array().unwrap().iter().map(|p| (p.as_f64().unwrap() - 1.0 / 3.0).abs()).fold(0.0, f64::max)
    };
    assert!(spread(&base["head_start_seats"]) < spread(&base["seats"]), "{base}");
    assert_eq!(base["head_starts"].as_array().unwrap().len(), 2);
    assert!(base["turns_per_player"].as_f64().unwrap() > 1.0);
    let info = env.json(&["info", "farkle", "-o", "goal=600", "--players", "3"]);
    assert_eq!(info["objective"], "win");
    assert_eq!(info["seats"]["seats"], base["seats"]);
    assert_eq!(info["seats"]["head_starts"], base["head_starts"]);
    let board = &row(&cold, "on-the-board=200")["seats"];
    let change = board["seats"][0].as_f64().unwrap() - seats[0];
    assert!((board["first_wins_change"].as_f64().unwrap() - change).abs() < 1e-15, "{board}");
    let pig = row(&cold, "piggyback");
    assert!(pig.get("seats").is_none());
    assert!(pig["not_solved"].as_str().unwrap().contains("piggyback"), "{pig}");

    let svg = env.path().join("three.svg");
    let warm = env.json(&[&args[..], &["--plot", svg.to_str().unwrap()]].concat());
    assert_eq!(row(&warm, "base rules")["seats"]["solve_seconds"].as_f64(), Some(0.0), "read from the table");
    assert_eq!(row(&warm, "base rules")["seats"]["seats"], base["seats"]);
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.contains("3 players") && picture.contains("even game (33%)"), "{picture}");
    let text = env.ok(&args);
    assert!(text.contains("P(seat 3 wins)") && text.contains("Under the base rules the seats win"), "{text}");
}

/// Dice 10000 for three: its instant wins are taken with an exact goal and
/// without one (each seat read off its table), and the exact goal moves
/// the seats.
#[test]
fn compare_three_players_of_dice_10000_takes_instant_wins() {
    let env = Env::new();
    let seats_of = |options: &[&str]| -> Vec<f64> {
        let args =
            [&["compare", "dice10000", "-o", "goal=600"], options, &["--players", "3", "--no-defaults"]].concat();
        let report = env.json(&args);
        let seats: Vec<f64> = row(&report, "base rules")["seats"]["seats"]
            .as_array()
            .unwrap_or_else(|| panic!("{report}"))
            .iter()
            .map(|p| p.as_f64().unwrap())
            .collect();
        let total: f64 = seats.iter().sum();
        assert!((total - 1.0).abs() < 1e-9, "{seats:?}");
        seats
    };
    let exact = seats_of(&["-o", "exact-goal"]);
    let open = seats_of(&[]);
    assert!((exact[0] - open[0]).abs() > 1e-3, "{exact:?} against {open:?}");
}

#[test]
fn bad_compare_questions_are_refused() {
    let env = Env::new();
    // Four players to 10,000 do not fit: the row says so, and why, and is
    // estimated by rollouts instead (a count and seed give the same numbers).
    let args = ["compare", "farkle", "--players", "4", "--no-defaults", "--rollouts", "300", "--seed", "2"];
    let four = env.ok(&args);
    assert!(four.contains("base rules: ") && four.contains("1600000000 states"), "{four}");
    assert!(four.contains("estimated instead by 300 rollouts") && four.contains("Rollout policy"), "{four}");
    let json = env.json(&args);
    let estimate = &row(&json, "base rules")["estimate"];
    let seats = estimate["seats"].as_array().unwrap_or_else(|| panic!("{json}"));
    assert_eq!(seats.len(), 4);
    let sum: f64 = seats.iter().map(|s| s["estimate"].as_f64().unwrap()).sum();
    assert!((sum - 1.0).abs() < 1e-9, "every rollout has a winner: {estimate}");
    assert!(seats
        .iter()
        .all(|s| s["low"].as_f64() <= s["estimate"].as_f64() && s["estimate"].as_f64() <= s["high"].as_f64()));
    assert_eq!(estimate["rollouts"], 300);
    assert_eq!(env.json(&args)["rows"][0]["estimate"]["seats"], estimate["seats"], "seeded");
    // Its fair head starts, searched on rollouts, and every seat's chance
    // with them, with its interval.
    let fair = &row(&json, "base rules")["head_starts"];
    let head: Vec<i64> = fair["head_starts"]
        .as_array()
        .unwrap_or_else(|| panic!("{json}"))
        .iter()
        .map(|h| h.as_i64().unwrap())
        .collect();
    assert_eq!(head.len(), 3, "{fair}");
    assert!(head.iter().all(|h| h % 50 == 0 && (0..10_000).contains(h)), "{fair}");
    let with: Vec<f64> = fair["seats"].as_array().unwrap().iter().map(|s| s["estimate"].as_f64().unwrap()).collect();
    assert!((with.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{fair}");
    assert_eq!(fair["rollouts"], 300);
    assert_eq!(fair["reproduce"], true);
    assert!(!fair["search"].as_array().unwrap().is_empty(), "{fair}");
    let shown = head.iter().map(|h| format!("+{h}")).collect::<Vec<_>>().join(" / ");
    assert!(four.contains(&format!("fair head starts {shown} found in")), "{four}");
    // Six players to 500: the whole table does not fit, but with 500 to
    // get on the board every total below the goal is 0 in a game from the
    // start: that one state is solved exactly beside the estimate.
    let args = ["compare", "farkle", "--players", "6", "--no-defaults", "-o", "goal=500", "--rollouts", "500"];
    let six = env.json(&args);
    let base = row(&six, "base rules");
    let start = &base["from_start"];
    let exact: Vec<f64> =
        start["seats"].as_array().unwrap_or_else(|| panic!("{six}")).iter().map(|s| s.as_f64().unwrap()).collect();
    assert_eq!(exact.len(), 6);
    assert!((exact.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{start}");
    assert!(exact.windows(2).all(|w| w[0] > w[1]), "each seat wins less often than the one before: {start}");
    assert_eq!((start["states"].as_u64(), start["of"].as_u64()), (Some(1), Some(1_000_000)), "{start}");
    assert_eq!(start["reached_totals"], 1);
    assert_eq!(base["estimate"]["seats"].as_array().map(Vec::len), Some(6), "the estimate beside it");
    let text = env.ok(&args);
    let shown = exact.iter().map(|p| format!("{p:.12}")).collect::<Vec<_>>().join(", ");
    assert!(text.contains(&format!("exact from the start (the columns): {shown}")), "{text}");
    assert!(text.contains("over the one state a game from the start reaches"), "{text}");
    // Seven players: no exact solve is built for them; estimated.
    let seven = env.json(&["compare", "farkle", "--players", "7", "--no-defaults", "--rollouts", "100"]);
    assert_eq!(row(&seven, "base rules")["estimate"]["seats"].as_array().map(Vec::len), Some(7), "{seven}");
    env.user_error(&["compare", "farkle", "--players", "1"], "2 to 8 players");
    env.user_error(&["compare", "farkle", "--players", "9"], "2 to 8 players");
    env.user_error(&["compare", "farkle", "--players", "4", "--rollouts", "0"], "out of range");
    // Van't Hof's 1s at goal 10,000 would take hours: refused before any work.
    env.user_error(
        &["solve", "farkle", "--objective", "win", "--players", "3", "-o", "vant-hof-6"],
        "over the budget of 60 min; a goal of",
    );
    env.user_error(&["compare", "farkle", "--players", "100000"], "players");
    env.user_error(&["solve", "farkle", "--players", "3", "--objective", "score"], "for the win objective");
    let env = Env::new();
    env.user_error(&["compare", "farkle", "--variant", "no-such-rule"], "no-such-rule");
    env.user_error(&["compare", "farkle", "--variant", " , "], "names no option");
    env.user_error(&["compare", "yatzy"], "compare is for push-your-luck games");
    env.user_error(&["compare", "farkle", "--variant", "goal=0"], "goal");
    env.user_error(&["compare", "farkle", "--rules", "/no/such/file.toml"], "file.toml");
    let svg = env.path().join("no-such-dir").join("x.svg");
    env.user_error(
        &["compare", "farkle", "-o", "goal=500", "--no-defaults", "--plot", svg.to_str().unwrap()],
        "cannot write the picture",
    );
}

/// The win sheet on a small goal: every row has a number (or "roll") per
/// band, it agrees with the exact policy in most decisions, seeded runs
/// repeat, and the boundary and heat-map pictures are drawn.
#[test]
fn the_win_sheet_agrees_with_the_exact_policy() {
    let env = Env::new();
    let args = ["strategy", "farkle", "-o", "goal=2000", "--objective", "win", "--games", "4000", "--seed", "9"];
    let a = env.json(&args);
    let b = env.json(&args);
    assert_eq!(a, b, "seeded");
    let bands = a["bands"].as_array().unwrap().len();
    assert_eq!(bands, 7);
    for s in a["sections"].as_array().unwrap() {
        for r in s["rows"].as_array().unwrap() {
            assert_eq!(r["bank_from"].as_array().unwrap().len(), bands);
        }
    }
    let rows = a["sections"][0]["rows"].as_array().unwrap().len();
    assert_eq!(a["reaching_goal"].as_array().unwrap().len(), rows, "a goal lead per row");
    let rate = a["agreement"]["rate"].as_f64().unwrap();
    assert!(rate > 0.85 && rate <= 1.0, "agreement {rate}");
    assert!(a["agreement"]["decisions"].as_u64().unwrap() > 10_000);
    // Under piggyback too: the games it is fitted on take over leftovers.
    let pig = env.json(&[
        "strategy",
        "farkle",
        "-o",
        "goal=2000",
        "-o",
        "piggyback",
        "--objective",
        "win",
        "--games",
        "4000",
    ]);
    let rate = pig["agreement"]["rate"].as_f64().unwrap();
    assert!(rate > 0.85 && rate <= 1.0, "agreement {rate} under piggyback");

    let svg = env.path().join("boundary.svg");
    let r = env.json(&[&args[..], &["--dice", "3", "--plot", svg.to_str().unwrap()]].concat());
    let curves = r["boundary"]["curves"].as_array().unwrap();
    assert_eq!(curves.len(), 5);
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.contains("when to bank with 3 dice"));
    let map = env.path().join("map.svg");
    env.ok(&[&args[..], &["--plot", map.to_str().unwrap()]].concat());
    assert!(std::fs::read_to_string(&map).unwrap().contains("P(win) at the start of my turn"));

    let text = env.ok(&args);
    assert!(text.contains("strategy to win") && text.contains("agrees"), "{text}");

    env.user_error(&["strategy", "farkle", "--dice", "3"], "--objective win");
    env.user_error(&["strategy", "farkle", "--objective", "win", "--dice", "7"], "7");
    env.user_error(&["strategy", "farkle", "-o", "goal=2000", "--objective", "win", "--games", "0"], "--games");
    env.user_error(&["strategy", "yatzy", "--objective", "win"], "push-your-luck");
}

/// `piggyback=return` is a variant of its own: solved cold, its P(first
/// wins) apart from plain piggyback's, and its game facts said not to be
/// computed (a farkle on a leftover moves the other player's total).
#[test]
fn compare_takes_piggyback_return() {
    let env = Env::new();
    let args = [
        "compare",
        "farkle",
        "-o",
        "goal=800",
        "--no-defaults",
        "--variant",
        "piggyback",
        "--variant",
        "piggyback=return",
    ];
    let r = env.json(&args);
    let (plain, back) = (&row(&r, "piggyback")["odds"], &row(&r, "piggyback=return")["odds"]);
    let (p, q) = (plain["first_wins"].as_f64().unwrap(), back["first_wins"].as_f64().unwrap());
    assert!(q > 0.5 && q < 1.0 && (p - q).abs() > 1e-6, "{plain} {back}");
    assert!(back.get("head_start").is_none() && plain.get("head_start").is_some(), "{back}");
    let text = env.ok(&args);
    assert!(text.contains("not computed under piggyback=return") && text.contains("piggyback=return,"), "{text}");
}

/// `--json-lines`: the plan, each row as it is known (the base first, the
/// missing variants from the quickest solve), then the whole report, one
/// JSON object a line; the text table, written as it grows, has every
/// row under aligned columns.
#[test]
fn compare_json_lines_tells_each_row_as_it_comes() {
    let env = Env::new();
    let args =
        ["compare", "farkle", "-o", "goal=600", "--no-defaults", "--variant", "vant-hof-6", "--variant", "piggyback"];
    let out = env.ok(&[&args[..], &["--json-lines"]].concat());
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    let kinds: Vec<&str> = lines.iter().map(|l| l["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["plan", "row", "row", "row", "done"], "{out}");
    assert_eq!(lines[0]["to_solve"], 3);
    let told: Vec<&str> = lines[1..4].iter().map(|l| l["row"]["variant"].as_str().unwrap()).collect();
    assert_eq!(told[0], "base rules");
    let report = &lines[4];
    for l in &lines[1..4] {
        let k = l["index"].as_u64().unwrap() as usize;
        assert_eq!(l["row"], report["rows"][k], "the row told is the report's");
    }
    let text = env.ok(&args);
    let table: Vec<&str> = text.lines().skip(1).take(4).collect();
    let at = table[0].find("P(first wins)").unwrap() + "P(first wins)".len();
    for line in &table[1..] {
        assert!(line[..at].ends_with(|c: char| c.is_ascii_digit()), "aligned: {text}");
    }
}
