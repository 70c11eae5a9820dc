//! Push-your-luck games end to end: advise, strategy, piggyback, solve and
//! info, rules files, house scoring tables.

use std::path::PathBuf;

use crate::util::Env;

#[test]
fn the_issue_example_works_as_written_with_no_set_up() {
    let env = Env::new();
    let out = env.ok(&["advise", "--game", "farkle", "--dice", "1,1,2,3,5,5", "--banked", "300"]);
    let first = out.lines().next().unwrap();
    assert!(first.contains("300 points at stake") && first.contains("1,1,2,3,5,5"), "{first}");
    assert!(out.lines().nth(1).unwrap().starts_with("Best: set aside "), "{out}");
    let j = env.json(&["advise", "--game", "farkle", "--dice", "1,1,2,3,5,5", "--banked", "300"]);
    assert_eq!(j["objective"], "turn-score");
    let alts = j["alternatives"].as_array().unwrap();
    let values: Vec<f64> = alts.iter().map(|a| a["expected_score"].as_f64().unwrap()).collect();
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "ranked best first");
    assert_eq!(j["expected_score"], alts[0]["expected_score"]);
    // Banking everything that scores is one alternative, worth exactly its points.
    let bank_all = alts
        .iter()
        .find(|a| a["then"] == "bank" && a["set_aside"] == serde_json::json!([1, 1, 5, 5]))
        .expect("bank 1,1,5,5 listed");
    assert_eq!(bank_all["expected_score"].as_f64().unwrap(), 600.0);
    assert!(values[0] >= 600.0);
}

#[test]
fn advise_handles_farkles_premiums_and_turn_ends() {
    let env = Env::new();
    let j = env.json(&["advise", "--game", "farkle", "--dice", "2,3,4,6", "--banked", "400"]);
    assert_eq!(j["farkle"], true);
    assert_eq!(j["expected_score"].as_f64().unwrap(), 0.0);
    let penalty =
        ["advise", "farkle", "-o", "three-farkle-penalty", "--farkles", "2", "--dice", "2,3", "--banked", "400"];
    assert_eq!(env.json(&penalty)["expected_score"].as_f64().unwrap(), -1000.0);
    // Yahtzix: a straight counts on the first roll only.
    let j = env.json(&["advise", "--game", "yahtzix", "--dice", "1,2,3,4,5,6"]);
    assert_eq!(j["alternatives"][0]["points"], 200);
    let j = env.json(&["advise", "--game", "yahtzix", "--dice", "2,3,4,6,6", "--banked", "10", "--roll", "2"]);
    assert_eq!(j["farkle"], true);
    // On the last Yahtzix roll the turn ends after the set-aside.
    let j = env.json(&["advise", "--game", "yahtzix", "--dice", "1,5", "--banked", "30", "--roll", "3"]);
    assert_eq!(j["alternatives"][0]["then"], "ends");
    assert_eq!(j["expected_score"].as_f64().unwrap(), 45.0);
    // Dice 10000: six of a kind wins at once, worth the points to the goal.
    let j = env.json(&["advise", "--game", "10000", "--dice", "3,3,3,3,3,3", "--score", "7000"]);
    assert_eq!(j["alternatives"][0]["instant_win"], true);
    assert_eq!(j["expected_score"].as_f64().unwrap(), 3000.0);
}

#[test]
fn near_the_goal_the_advice_says_its_objective_may_mislead() {
    let env = Env::new();
    let j = env.json(&["advise", "--game", "ten-thousand", "--dice", "1,1,1,1,1,1", "--score", "9000"]);
    let note = j["note"].as_str().expect("a note near the goal");
    assert!(note.contains("1000 points from the goal") && note.contains("chance of winning"), "{note}");
    let text = env.ok(&["advise", "--game", "ten-thousand", "--dice", "1,1,1,1,1,1", "--score", "9000"]);
    assert!(text.contains("Note: 1000 points from the goal"), "{text}");
    // Far from the goal (or with no total given) there is no note.
    let j = env.json(&["advise", "--game", "ten-thousand", "--dice", "1,1,1,1,1,1", "--score", "1000"]);
    assert!(j.get("note").is_none());
    let j = env.json(&["advise", "--game", "ten-thousand", "--dice", "1,1,1,1,1,1"]);
    assert!(j.get("note").is_none());
}

#[test]
fn off_the_board_banks_below_the_entry_score_nothing() {
    let env = Env::new();
    let j = env.json(&["advise", "--game", "farkle", "--dice", "1,5", "--banked", "300", "--score", "0"]);
    assert!(j["alternatives"]
        .as_array()
        .unwrap()
        .iter()
        .all(|a| a["then"] != "bank" || a["expected_score"].as_f64().unwrap() == 0.0));
    assert_eq!(j["on_board"], false);
}

#[test]
fn strategy_sheet_and_piggyback() {
    let env = Env::new();
    let text = env.ok(&["strategy", "--game", "farkle"]);
    assert!(text.contains("expected score of a turn"));
    let j = env.json(&["strategy", "farkle", "-o", "piggyback"]);
    let on = &j["sections"][0];
    assert_eq!(on["on_board"], true);
    let ev = on["expected_score"].as_f64().unwrap();
    assert!(ev > 400.0 && ev < 700.0, "{ev}");
    let rows = on["bank_at"].as_array().unwrap();
    assert_eq!(rows.len(), 6);
    // Fewer dice: bank sooner (one die is the exception only by a step).
    let at = |dice: u64| rows.iter().find(|r| r["dice_to_roll"] == dice).unwrap()["bank_from"].as_i64().unwrap();
    assert!(at(3) < at(4) && at(4) < at(5) && at(5) < at(6));
    let pig = on["piggyback_from"].as_array().unwrap();
    assert_eq!(pig.len(), 5);
    // The advise --leftover answer agrees with the sheet's threshold.
    let from3 = pig[2]["inherited_from"].as_i64().unwrap();
    let j =
        env.json(&["advise", "--game", "farkle", "-o", "piggyback", "--leftover", "3", "--banked", &from3.to_string()]);
    assert_eq!(j["best"], "piggyback");
    let below = (from3 - 50).to_string();
    let j = env.json(&["advise", "--game", "farkle", "-o", "piggyback", "--leftover", "3", "--banked", &below]);
    assert_eq!(j["best"], "start fresh");
    // Yahtzix rows per roll.
    let j = env.json(&["strategy", "yahtzix"]);
    assert_eq!(j["sections"][0]["bank_at"].as_array().unwrap().len(), 2 * 5);
}

#[test]
fn solve_writes_a_table_info_reads_it_and_damage_is_caught() {
    let env = Env::new();
    let j = env.json(&["solve", "farkle"]);
    let path = PathBuf::from(j["table"]["path"].as_str().unwrap());
    assert_eq!(path.file_name().unwrap(), "farkle.sixdice");
    assert!(path.exists());
    let advised = env.json(&["strategy", "farkle"])["sections"][0]["expected_score"].as_f64().unwrap();
    assert!((j["expected_score"].as_f64().unwrap() - advised).abs() < 1e-9);
    // info has the same shape as for a category game, and solves nothing.
    let info = env.json(&["info", "farkle"]);
    assert_eq!(info["game"]["id"], "farkle");
    assert_eq!(info["expected_score"], j["expected_score"]);
    assert_eq!(info["table"]["shape"], j["table"]["shape"]);
    // Options name the table file.
    let j = env.json(&["solve", "farkle", "-o", "vant-hof-6", "-o", "on-the-board=500"]);
    assert!(j["table"]["path"].as_str().unwrap().ends_with("farkle.on-the-board=500.vant-hof-6=3000.sixdice"), "{j}");
    // Another option set is another table; info without it says how to make it.
    let e = env.user_error(&["info", "farkle", "-o", "min-bank"], "no table");
    assert!(e.contains("create it with `sixdice solve farkle -o min-bank=350`"), "{e}");
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x10;
    std::fs::write(&path, &bytes).unwrap();
    let e = env.user_error(&["info", "farkle"], "corrupt");
    assert!(e.contains("regenerate it with `sixdice solve farkle`"), "{e}");
}

#[test]
fn rules_print_edit_and_pass_back() {
    let env = Env::new();
    let text = env.ok(&["rules", "farkle", "-o", "vant-hof-6", "-o", "on-the-board"]);
    assert!(text.contains("# Six 1s set aside as 1s in one turn score this"), "{text}");
    let file = env.file("mine.toml", &text);
    let f = file.to_str().unwrap();
    // Over any base game the file gives the same rules back.
    assert_eq!(env.ok(&["rules", "farkle", "--rules", f]), text);
    let by_option = env.json(&["solve", "farkle", "-o", "vant-hof-6", "-o", "on-the-board"])["expected_score"].clone();
    let by_file = env.json(&["solve", "farkle", "--rules", f]);
    assert_eq!(by_option, by_file["expected_score"]);
    let name = PathBuf::from(by_file["table"]["path"].as_str().unwrap());
    let name = name.file_name().unwrap().to_str().unwrap();
    assert!(
        name.starts_with("farkle.rules-")
            && name.ends_with(".sixdice")
            && name.len() == "farkle.rules-.sixdice".len() + 16,
        "{name}"
    );
    // Reworded comments do not change the rules, nor the table.
    let reworded = env.file("reworded.toml", &text.replace("# ", "# (reworded) "));
    let again = env.json(&["solve", "farkle", "--rules", reworded.to_str().unwrap()]);
    assert_eq!(again["table"]["path"], by_file["table"]["path"]);
}

/// An option given with a rules file that sets the same key applies over
/// the file, and titles, `rules`, `solve` and `info` show the rules solved:
/// the same values and table as the rules written whole in one file.
#[test]
fn options_apply_over_a_rules_file_and_are_shown() {
    let env = Env::new();
    let file = env.file("g.toml", "[game]\ngoal = 10000\n");
    let f = file.to_str().unwrap();
    let rules = env.ok(&["rules", "farkle", "--rules", f, "-o", "goal=500"]);
    assert!(rules.lines().any(|l| l == "goal = 500"), "{rules}");
    assert!(!rules.contains("goal = 10000"), "{rules}");
    // Dice 10000: six alike wins at once, so the goal moves a turn's value.
    let args = ["ten-thousand", "--rules", f, "-o", "goal=1000"];
    let over = env.json(&[&["solve"][..], &args].concat());
    let title = over["game"]["title"].as_str().unwrap();
    assert!(title.starts_with("Dice 10000 (goal=1000, rules file ") && title.ends_with("g.toml)"), "{title}");
    assert_eq!(over["game"]["options"], serde_json::json!(["goal=1000"]));
    let whole = env.file("whole.toml", &env.ok(&["rules", "ten-thousand", "-o", "goal=1000"]));
    let by_file = env.json(&["solve", "ten-thousand", "--rules", whole.to_str().unwrap()]);
    assert_eq!(over["expected_score"], by_file["expected_score"]);
    assert_eq!(over["variants"], by_file["variants"]);
    assert_eq!(over["table"]["path"], by_file["table"]["path"], "named by the rules solved");
    let file_alone = env.json(&["solve", "ten-thousand", "--rules", f]);
    assert_ne!(over["expected_score"], file_alone["expected_score"], "the goal matters here");
    assert_ne!(over["table"]["path"], file_alone["table"]["path"]);
    let info = env.json(&[&["info"][..], &args].concat());
    assert_eq!(info["game"]["title"], over["game"]["title"]);
    assert_eq!(info["expected_score"], over["expected_score"]);
}

#[test]
fn a_house_scoring_table_solves_and_advises_without_code_changes() {
    let env = Env::new();
    // Sets add the triple's value again per extra die; three pairs 750; no two triplets.
    let house = r#"
name = "House Farkle"
[scoring.kinds]
ones   = [100, 0, 1000, 2000, 3000, 4000]
twos   = [0, 0, 200, 400, 600, 800]
threes = [0, 0, 300, 600, 900, 1200]
fours  = [0, 0, 400, 800, 1200, 1600]
fives  = [50, 0, 500, 1000, 1500, 2000]
sixes  = [0, 0, 600, 1200, 1800, 2400]

[[scoring.patterns]]
name = "straight 1-6"
faces = [1, 2, 3, 4, 5, 6]
points = 1500

[[scoring.patterns]]
name = "three pairs"
groups = [2, 2, 2]
points = 750
"#;
    let file = env.file("house.toml", house);
    let f = file.to_str().unwrap();
    let base = env.json(&["solve", "farkle"])["expected_score"].as_f64().unwrap();
    let solved = env.json(&["solve", "farkle", "--rules", f]);
    assert_ne!(solved["expected_score"].as_f64().unwrap(), base);
    let j = env.json(&["advise", "--game", "farkle", "--rules", f, "--dice", "2,2,2,3,3,3"]);
    // No two triplets: the whole roll is worth 300 + 200.
    let six = j["alternatives"].as_array().unwrap().iter().filter(|a| a["set_aside"].as_array().unwrap().len() == 6);
    assert_eq!(six.map(|a| a["points"].as_i64().unwrap()).max(), Some(500));
    let j = env.json(&["advise", "--game", "farkle", "--rules", f, "--dice", "4,4,4,4,4", "--banked", "300"]);
    assert_eq!(j["alternatives"].as_array().unwrap().iter().map(|a| a["points"].as_i64().unwrap()).max(), Some(1200));
}

#[test]
fn values_at_the_ends_of_their_ranges_solve_exactly_or_are_refused() {
    let env = Env::new();
    // A six-dice straight worth the most a combination may be worth: the
    // first roll alone is worth more than P(straight) * 100000.
    let file = env.file("straight.toml", "[[scoring.patterns]]\nname = \"six straight\"\nfaces = [1, 2, 3, 4, 5, 6]\npoints = 100000\nfirst-roll-only = true\n");
    let j = env.json(&["solve", "yahtzix", "--rules", file.to_str().unwrap()]);
    let p_straight = 720.0 / 46656.0;
    assert!(j["expected_score"].as_f64().unwrap() > p_straight * 100_000.0, "{j}");
    // The largest penalty: a farkle after two costs exactly that.
    let j =
        env.json(&["advise", "farkle", "-o", "three-farkle-penalty=100000", "--farkles", "2", "--dice", "2,3,4,6,6,2"]);
    assert_eq!(j["expected_score"].as_f64().unwrap(), -100_000.0);
    // Every point value at the maximum still solves (every set scores 100000).
    let rows: String = ["ones", "twos", "threes", "fours", "fives", "sixes"]
        .iter()
        .map(|f| format!("{f} = [100000, 100000, 100000, 100000, 100000, 100000]\n"))
        .collect();
    let file = env.file("max.toml", &format!("[scoring]\nall-six-premium = 100000\n[scoring.kinds]\n{rows}"));
    let e = env.user_error(&["solve", "farkle", "--rules", file.to_str().unwrap()], "never has to end");
    assert!(e.contains("max.toml"), "{e}");
    // The largest goal with an exact goal: a million points in steps of 5.
    let j = env.json(&["solve", "yahtzix", "-o", "goal=1000000", "-o", "exact-goal"]);
    assert!((j["expected_score"].as_f64().unwrap() - 44.98).abs() < 0.01, "{j}");
    // The lowest total: a million behind, with Dice 10000's instant win.
    let j = env.json(&["advise", "ten-thousand", "--dice", "3,3,3,3,3,3", "--score", "-1000000"]);
    assert_eq!(j["expected_score"].as_f64().unwrap(), 1_010_000.0);
    // Over the budget: refused before anything is allocated, saying by how much.
    let e = env.user_error(
        &["solve", "farkle", "-o", "vant-hof-6=99999", "-o", "goal=1000000", "-o", "exact-goal"],
        "is too large to solve: it needs about 915.5 MiB for 60000060 states, 3.6 times the budget of 256.0 MiB",
    );
    assert!(e.contains("turn totals 0 to 1000000 in steps of 1"), "{e}");
}

#[test]
fn fifos_and_devices_are_refused_not_opened() {
    let env = Env::new();
    let fifo = env.path().join("rules.fifo");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    env.user_error(&["solve", "farkle", "--rules", fifo.to_str().unwrap()], "is not a regular file");
    // A FIFO where a table belongs.
    let table = env.path().join("farkle.sixdice");
    assert!(std::process::Command::new("mkfifo").arg(&table).status().unwrap().success());
    let e = env.user_error(&["info", "farkle"], "is not a regular file");
    assert!(e.contains("regenerate it with `sixdice solve farkle`"), "{e}");
}

#[test]
fn the_penalty_adds_the_long_run_objective_to_strategy_and_advice() {
    let env = Env::new();
    let s = env.json(&["strategy", "farkle", "-o", "three-farkle-penalty"]);
    let per_turn = s["long_run"]["points_per_turn"].as_f64().unwrap();
    let one_turn = s["sections"][0]["expected_score"].as_f64().unwrap();
    assert!(per_turn > 0.0 && per_turn < one_turn, "{per_turn} vs {one_turn}");
    assert_eq!(s["long_run_sections"].as_array().unwrap().len(), 3);
    let j = env.json(&["advise", "farkle", "-o", "three-farkle-penalty", "--dice", "1,2,2,3,5,6", "--banked", "1000"]);
    assert_eq!(j["long_run"]["points_per_turn"], s["long_run"]["points_per_turn"]);
    for a in j["alternatives"].as_array().unwrap() {
        let lr = a["long_run_score"].as_f64().unwrap();
        if a["then"] == "bank" {
            // A bank resets the count: worth its points in both objectives.
            assert_eq!(lr, a["expected_score"].as_f64().unwrap());
        } else {
            // Rolling risks moving the count towards the penalty.
            assert!(lr < a["expected_score"].as_f64().unwrap(), "{a}");
        }
    }
    // Without the penalty there is no long-run objective.
    let plain = env.json(&["advise", "farkle", "--dice", "1,2,2,3,5,6", "--banked", "1000"]);
    assert!(plain.get("long_run").is_none() && plain["alternatives"][0].get("long_run_score").is_none());
}

/// Yahtzix's exact goal (variation L): within 50 points of it a roll may
/// use fewer of the dice (`--held` says how many were kept back), and
/// every number of dice to roll next is an alternative of its own.
#[test]
fn near_an_exact_goal_rolls_may_keep_dice_back() {
    let env = Env::new();
    let near = ["advise", "yahtzix", "-o", "exact-goal", "--score", "1960", "--roll", "2", "--banked", "10"];
    let j = env.json(&[&near[..], &["--dice", "1,2,3", "--held", "2"]].concat());
    assert!(j["situation"].as_str().unwrap().contains("2 kept back"), "{j}");
    // Setting the 1 aside leaves the two unrolled dice and two rolled ones.
    let rolls: Vec<i64> = j["alternatives"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["set_aside"] == serde_json::json!([1]) && a["then"] == "roll")
        .map(|a| a["roll_dice"].as_i64().unwrap())
        .collect();
    let mut sorted = rolls.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, vec![1, 2, 3, 4], "{j}");
    // Refused in one line.
    let held = |extra: &[&str], needle: &str| {
        env.user_error(&[&near[..], &["--dice", "1,2,3"], extra].concat(), needle);
    };
    held(&["--held", "4"], "--held: 3 dice rolled and 4 kept back are more than six");
    let far = ["advise", "yahtzix", "-o", "exact-goal", "--score", "1900", "--roll", "2", "--banked", "10"];
    env.user_error(
        &[&far[..], &["--dice", "1,2,3", "--held", "1"]].concat(),
        "--held: dice may be kept back only within 50",
    );
    env.user_error(
        &["advise", "yahtzix", "--roll", "2", "--banked", "10", "--dice", "1,2,3", "--held", "1"],
        "--held: Yahtzix never lets a player keep dice back",
    );
}
