//! End-to-end tests of `sixdice` for push-your-luck games: the binary as a
//! user runs it, each test in its own temporary tables directory.

use std::path::PathBuf;
use std::process::{Command, Output};

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sixdice-pushluck-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run(dir: &PathBuf, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sixdice"))
        .current_dir(dir)
        .arg("--tables")
        .arg(dir.join("tables"))
        .args(args)
        .output()
        .expect("binary runs")
}

fn ok(dir: &PathBuf, args: &[&str]) -> String {
    let out = run(dir, args);
    assert!(out.status.success(), "{args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn json(dir: &PathBuf, args: &[&str]) -> serde_json::Value {
    let mut a = vec!["--json"];
    a.extend_from_slice(args);
    serde_json::from_str(&ok(dir, &a)).expect("JSON output")
}

/// A user error: exit code 2 and exactly one line on stderr.
fn user_error(dir: &PathBuf, args: &[&str]) -> String {
    let out = run(dir, args);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: expected exit code 2, stderr: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: expected one line, got: {err}");
    assert!(err.starts_with("error: "), "{err}");
    err
}

#[test]
fn the_issue_example_works_as_written_with_no_set_up() {
    let d = tmp("example");
    let out = ok(&d, &["advise", "--game", "farkle", "--dice", "1,1,2,3,5,5", "--banked", "300"]);
    let first = out.lines().next().unwrap();
    assert!(first.contains("300 points at stake") && first.contains("1,1,2,3,5,5"), "{first}");
    assert!(out.lines().nth(1).unwrap().starts_with("Best: set aside "), "{out}");
    let j = json(&d, &["advise", "--game", "farkle", "--dice", "1,1,2,3,5,5", "--banked", "300"]);
    let alts = j["alternatives"].as_array().unwrap();
    let values: Vec<f64> = alts.iter().map(|a| a["expected_turn_score"].as_f64().unwrap()).collect();
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "ranked best first");
    assert_eq!(j["best"], alts[0]);
    // Banking everything that scores is one alternative, worth exactly its points.
    let bank_all = alts
        .iter()
        .find(|a| a["then"] == "bank" && a["set_aside"] == serde_json::json!([1, 1, 5, 5]))
        .expect("bank 1,1,5,5 listed");
    assert_eq!(bank_all["expected_turn_score"].as_f64().unwrap(), 600.0);
    assert!(values[0] >= 600.0);
}

#[test]
fn advise_handles_farkles_premiums_and_turn_ends() {
    let d = tmp("cases");
    let j = json(&d, &["advise", "--game", "farkle", "--dice", "2,3,4,6", "--banked", "400"]);
    assert_eq!(j["farkle"], true);
    assert_eq!(j["turn_score"].as_f64().unwrap(), 0.0);
    let j = json(
        &d,
        &[
            "advise",
            "--game",
            "farkle",
            "-o",
            "three-farkle-penalty",
            "--farkles",
            "2",
            "--dice",
            "2,3",
            "--banked",
            "400",
        ],
    );
    assert_eq!(j["turn_score"].as_f64().unwrap(), -1000.0);
    // Yahtzix: a straight counts on the first roll only.
    let j = json(&d, &["advise", "--game", "yahtzix", "--dice", "1,2,3,4,5,6"]);
    assert_eq!(j["best"]["points"], 200);
    let j = json(&d, &["advise", "--game", "yahtzix", "--dice", "2,3,4,6,6", "--banked", "10", "--roll", "2"]);
    assert_eq!(j["farkle"], true);
    // On the last Yahtzix roll the turn ends after the set-aside.
    let j = json(&d, &["advise", "--game", "yahtzix", "--dice", "1,5", "--banked", "30", "--roll", "3"]);
    assert_eq!(j["best"]["then"], "ends");
    assert_eq!(j["best"]["expected_turn_score"].as_f64().unwrap(), 45.0);
    // Dice 10000: six of a kind wins at once, worth the points to the goal.
    let j = json(&d, &["advise", "--game", "10000", "--dice", "3,3,3,3,3,3", "--score", "7000"]);
    assert_eq!(j["best"]["instant_win"], true);
    assert_eq!(j["best"]["expected_turn_score"].as_f64().unwrap(), 3000.0);
}

#[test]
fn off_the_board_banks_below_the_entry_score_nothing() {
    let d = tmp("board");
    let j = json(&d, &["advise", "--game", "farkle", "--dice", "1,5", "--banked", "300", "--score", "0"]);
    assert!(j["alternatives"]
        .as_array()
        .unwrap()
        .iter()
        .all(|a| a["then"] != "bank" || a["expected_turn_score"].as_f64().unwrap() == 0.0));
    assert_eq!(j["on_board"], false);
}

#[test]
fn strategy_sheet_and_piggyback() {
    let d = tmp("strategy");
    let text = ok(&d, &["strategy", "--game", "farkle"]);
    assert!(text.contains("expected score of a turn"));
    let j = json(&d, &["strategy", "farkle", "-o", "piggyback"]);
    let on = &j["sections"][0];
    assert_eq!(on["on_board"], true);
    let ev = on["expected_turn_score"].as_f64().unwrap();
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
        json(&d, &["advise", "--game", "farkle", "-o", "piggyback", "--leftover", "3", "--banked", &from3.to_string()]);
    assert_eq!(j["best"], "piggyback");
    let below = (from3 - 50).to_string();
    let j = json(&d, &["advise", "--game", "farkle", "-o", "piggyback", "--leftover", "3", "--banked", &below]);
    assert_eq!(j["best"], "start fresh");
    // Yahtzix rows per roll.
    let j = json(&d, &["strategy", "yahtzix"]);
    assert_eq!(j["sections"][0]["bank_at"].as_array().unwrap().len(), 2 * 5);
}

#[test]
fn solve_writes_a_table_info_reads_it_and_damage_is_caught() {
    let d = tmp("solve");
    let j = json(&d, &["solve", "farkle"]);
    let path = PathBuf::from(j["table"].as_str().unwrap());
    assert!(path.exists());
    let advised = json(&d, &["strategy", "farkle"])["sections"][0]["expected_turn_score"].as_f64().unwrap();
    assert!((j["expected_turn_score"].as_f64().unwrap() - advised).abs() < 1e-9);
    let info = json(&d, &["info", "farkle"]);
    assert_eq!(info["meta"]["game"], "farkle");
    // Another option set is another table; info without it says how to make it.
    let e = user_error(&d, &["info", "farkle", "-o", "vant-hof-6"]);
    assert!(e.contains("sixdice solve farkle -o vant-hof-6"), "{e}");
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x10;
    std::fs::write(&path, &bytes).unwrap();
    user_error(&d, &["info", "farkle"]);
}

#[test]
fn rules_print_edit_and_pass_back() {
    let d = tmp("rules");
    let text = ok(&d, &["rules", "farkle", "-o", "vant-hof-6", "-o", "on-the-board"]);
    let file = d.join("mine.toml");
    std::fs::write(&file, &text).unwrap();
    let f = file.to_str().unwrap();
    assert_eq!(ok(&d, &["rules", "farkle", "--rules", f]), text);
    let by_option = json(&d, &["solve", "farkle", "-o", "vant-hof-6", "-o", "on-the-board"])["expected_turn_score"]
        .as_f64()
        .unwrap();
    let by_file = json(&d, &["solve", "farkle", "--rules", f])["expected_turn_score"].as_f64().unwrap();
    assert_eq!(by_option, by_file);
}

#[test]
fn a_house_scoring_table_solves_and_advises_without_code_changes() {
    let d = tmp("house");
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
    let file = d.join("house.toml");
    std::fs::write(&file, house).unwrap();
    let f = file.to_str().unwrap();
    let base = json(&d, &["solve", "farkle"])["expected_turn_score"].as_f64().unwrap();
    let solved = json(&d, &["solve", "farkle", "--rules", f]);
    assert_ne!(solved["expected_turn_score"].as_f64().unwrap(), base);
    let j = json(&d, &["advise", "--game", "farkle", "--rules", f, "--dice", "2,2,2,3,3,3", "--banked", "0"]);
    // No two triplets: the best reading of all six is 300 + 200, or three
    // pairs is not possible; the whole roll is two triples of different faces.
    assert_eq!(
        j["alternatives"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| a["set_aside"].as_array().unwrap().len() == 6)
            .map(|a| a["points"].as_i64().unwrap())
            .max(),
        Some(500)
    );
    let j = json(&d, &["advise", "--game", "farkle", "--rules", f, "--dice", "4,4,4,4,4", "--banked", "300"]);
    assert_eq!(j["alternatives"].as_array().unwrap().iter().map(|a| a["points"].as_i64().unwrap()).max(), Some(1200));
}

#[test]
fn user_errors_are_one_line_with_exit_code_2() {
    let d = tmp("errors");
    user_error(&d, &["advise", "--game", "farkle", "--dice", "1,1,7"]);
    user_error(&d, &["advise", "--game", "farkle", "--dice", "1,1,1,1,1,1,1"]);
    user_error(&d, &["advise", "--game", "farkle", "-o", "no-such-option", "--dice", "1"]);
    user_error(&d, &["advise", "--game", "farkle", "--dice", "1,5", "--banked", "30"]);
    user_error(&d, &["advise", "--game", "farkle", "--dice", "1,5", "--banked=-50"]);
    user_error(&d, &["advise", "--game", "farkle", "--dice", "1,5", "--banked", "0"]);
    user_error(&d, &["advise", "--game", "farkle", "--dice", "1,5", "--farkles", "1"]);
    user_error(
        &d,
        &[
            "advise",
            "--game",
            "farkle",
            "-o",
            "three-farkle-penalty",
            "--dice",
            "1,5",
            "--banked",
            "50",
            "--farkles",
            "3",
        ],
    );
    user_error(&d, &["advise", "--game", "yahtzix", "--dice", "1,5", "--banked", "20"]);
    user_error(&d, &["advise", "--game", "yahtzix", "--dice", "1,5,5,5,5,5", "--banked", "20", "--roll", "2"]);
    user_error(&d, &["advise", "--game", "farkle", "--dice", "1,5", "--score", "10000", "--banked", "50"]);
    user_error(&d, &["advise", "--game", "farkle", "--leftover", "3", "--banked", "300"]);
    user_error(
        &d,
        &["advise", "--game", "10000", "-o", "piggyback", "--leftover", "3", "--banked", "300", "--score", "0"],
    );
    user_error(&d, &["solve", "farkle", "-o", "goal=0"]);
    user_error(&d, &["solve", "farkle", "-o", "vant-hof-6", "-o", "vant-hof-6"]);
    user_error(&d, &["strategy", "farkle", "-o", "alternative-scoring"]);
    for (name, text) in [
        ("unknown-key.toml", "[turn]\nhot-dice = true\nno-such-key = 1\n"),
        ("malformed.toml", "[turn\nhot-dice = true\n"),
        ("negative.toml", "[scoring.kinds]\nfives = [-50, 0, 500, 1000, 2000, 3000]\n"),
        ("zero-straight.toml", "[[scoring.patterns]]\nname = \"straight\"\nfaces = [1,2,3,4,5,6]\npoints = 0\n"),
        ("goal.toml", "[game]\ngoal = -5\n"),
        ("wrong-type.toml", "[turn]\nmax-rolls = \"three\"\n"),
        ("endless.toml", "[scoring.kinds]\ntwos = [20,0,0,0,0,0]\nthrees = [30,0,0,0,0,0]\nfours = [40,0,0,0,0,0]\nsixes = [60,0,0,0,0,0]\n"),
    ] {
        let file = d.join(name);
        std::fs::write(&file, text).unwrap();
        let e = user_error(&d, &["solve", "farkle", "--rules", file.to_str().unwrap()]);
        if name == "unknown-key.toml" {
            assert!(e.contains("no-such-key"), "{e}");
        }
        if name == "negative.toml" {
            assert!(e.contains("scoring.kinds.fives"), "{e}");
        }
    }
    user_error(&d, &["solve", "farkle", "--rules", "/no/such/file.toml"]);
}
