//! End-to-end tests of `sixdice` on category games: solve, info, advise,
//! and the one-line error with exit code 2 for every kind of bad input.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sixdice"))
}

fn run(args: &[&str], tables: &Path) -> Output {
    bin().args(args).arg("--tables").arg(tables).output().expect("sixdice runs")
}

fn fresh_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sixdice-e2e-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A tables directory with yatzy and classic Yahtzee (free joker and
/// no-bonus) solved once for all tests of this file.
fn solved() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = fresh_dir("solved");
        for args in [&["solve", "yatzy"][..], &["solve", "yahtzee"], &["solve", "yahtzee", "-o", "no-bonus"]] {
            let out = run(args, &d);
            assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        }
        d
    })
}

/// Asserts exit code 2 and a single-line error mentioning `needle`.
fn assert_user_error(out: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line expected: {err}");
    assert!(err.contains(needle), "`{needle}` not in: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn solve_reports_the_published_value_and_info_repeats_it() {
    let d = solved();
    let out = run(&["info", "yahtzee", "--json"], d);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!((v["expected_score"].as_f64().unwrap() - 254.5896).abs() < 1e-4);
    assert!(v["states"].as_u64().unwrap() > 100_000);
    assert!(v["table_bytes"].as_u64().unwrap() > 4 * v["states"].as_u64().unwrap());
    let text = String::from_utf8(run(&["info", "yahtzee"], d).stdout).unwrap();
    assert!(text.contains("254.5896"), "{text}");
}

#[test]
fn advise_ranks_keeps_and_boxes() {
    let d = solved();
    let out = run(&["advise", "--game", "yatzy", "--dice", "6,6,6,2,1", "--json"], d);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["best"]["action"], "keep");
    let alts = v["alternatives"].as_array().unwrap();
    assert!(alts.len() > 3);
    let e: Vec<f64> = alts.iter().map(|a| a["expected_final_score"].as_f64().unwrap()).collect();
    assert!(e.windows(2).all(|w| w[0] >= w[1]), "ranked best first: {e:?}");
    // On the first roll of a new game the best action's value is above the
    // game's average (this roll is better than average: three sixes).
    assert!(e[0] > 240.0 && e[0] < 300.0, "{e:?}");

    // Standing pat names its box, and is worth exactly what scoring that box
    // on the last roll is worth.
    let first = run(&["advise", "--game", "yatzy", "--dice", "6,6,6,6,6", "--json"], d);
    let last = run(&["advise", "--game", "yatzy", "--dice", "6,6,6,6,6", "--roll", "3", "--json"], d);
    let first: serde_json::Value = serde_json::from_slice(&first.stdout).unwrap();
    let last: serde_json::Value = serde_json::from_slice(&last.stdout).unwrap();
    assert_eq!(first["best"]["description"], "keep all, then score 50 in yatzy");
    assert_eq!(last["best"]["description"], "score 50 in yatzy");
    let (a, b) = (
        first["best"]["expected_final_score"].as_f64().unwrap(),
        last["best"]["expected_final_score"].as_f64().unwrap(),
    );
    assert!((a - b).abs() < 1e-9, "{a} vs {b}");

    // Last roll: choose a box. A full house with Full House open: 25 points is best late in the game.
    let sheet = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 three-kind=20 four-kind=x small-straight=30 large-straight=40 chance=20 yahtzee=x";
    let out = run(&["advise", "--game", "yahtzee", "--dice", "3,3,3,5,5", "--roll", "3", "--sheet", sheet], d);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let best = text.lines().find(|l| l.starts_with("best:")).unwrap();
    assert!(best.contains("score 25 in full-house"), "{text}");
    // 63 in the upper section: the 35 bonus is counted in the points so far
    // (63 + 35 + 20 + 30 + 40 + 20).
    assert!(text.contains("208 points so far"), "{text}");
}

#[test]
fn advise_solves_a_missing_table_first() {
    let d = fresh_dir("autosolve");
    // Only Small Straight (exactly 1-5) is open: keep 1,2,3,4 and roll for the 5.
    let sheet = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 one-pair=12 two-pairs=x three-kind=x four-kind=x large-straight=x full-house=x chance=20 yatzy=x";
    let out = run(&["advise", "--game", "yatzy", "--dice", "1,2,3,4,6", "--roll", "2", "--sheet", sheet], &d);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(d.join("yatzy.sixdice").exists());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("best: keep 1,2,3,4"), "{text}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let d = solved();
    let advise = |extra: &[&str]| {
        let mut a = vec!["advise", "--game", "yahtzee"];
        a.extend_from_slice(extra);
        run(&a, d)
    };
    assert_user_error(&advise(&["--dice", "1,2,3,4,7"]), "not a die");
    assert_user_error(&advise(&["--dice", "1,2,x,4,5"]), "not a die");
    assert_user_error(&advise(&["--dice", "1,2,3,4"]), "uses 5 dice");
    assert_user_error(&advise(&["--dice", "1,2,3,4,5,6"]), "uses 5 dice");
    assert_user_error(&advise(&["--dice", "1,2,3,4,5", "--roll", "4"]), "--roll");
    assert_user_error(&advise(&["--dice", "1,2,3,4,5", "--roll", "0"]), "--roll");
    assert_user_error(&advise(&["--dice", "1,2,3,4,5", "--sheet", "bananas=3"]), "unknown box");
    assert_user_error(&advise(&["--dice", "1,2,3,4,5", "--sheet", "fives=7"]), "impossible");
    assert_user_error(&advise(&["--dice", "1,2,3,4,5", "--sheet", "full-house=20"]), "impossible");
    assert_user_error(&advise(&["--dice", "1,2,3,4,5", "--sheet", "ones=1 aces=2"]), "twice");
    assert_user_error(&advise(&["--dice", "1,2,3,4,5", "--sheet", "ones"]), "box=points");
    assert_user_error(&advise(&["--dice", "1,2,3,4,5", "--sheet", "yahtzee=0 bonus=100"]), "bonus");
    assert_user_error(&advise(&["--dice", "1,2,3,4,5", "--banked", "300"]), "push-your-luck");
    let full = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 3k=20 4k=x fh=25 ss=30 ls=40 chance=20 yahtzee=x";
    assert_user_error(&advise(&["--dice", "1,2,3,4,5", "--sheet", full]), "full");
    assert_user_error(&run(&["advise", "--game", "parcheesi", "--dice", "1"], d), "unknown game");
    // Argument errors found by the parser are one line too.
    assert_user_error(&advise(&["--dice", "1,2,3,4,5", "--roll", "x"]), "--roll");
    assert_user_error(&run(&["advise", "--dice", "1,2,3,4,5"], d), "--game");
    assert_user_error(&run(&["sovle", "yahtzee"], d), "sovle");
    assert_user_error(&run(&["solve", "yahtzee", "-o", "joker=maybe"], d), "joker");
    assert_user_error(&run(&["solve", "yahtzee", "-o", "wild"], d), "unknown option");
    assert_user_error(&run(&["solve", "yatzy", "-o", "no-bonus"], d), "unknown option");
}

#[test]
fn stale_and_damaged_tables_are_refused_with_a_hint() {
    let d = fresh_dir("damaged");
    let src = solved();
    // A table made under other rules, put where the default rules' table belongs.
    std::fs::copy(src.join("yahtzee.no-bonus.sixdice"), d.join("yahtzee.joker=free.sixdice")).unwrap();
    let out = run(&["advise", "--game", "yahtzee", "--dice", "1,2,3,4,5"], &d);
    assert_user_error(&out, "stale");
    assert!(String::from_utf8_lossy(&out.stderr).contains("sixdice solve yahtzee -o joker=free"));

    let good = std::fs::read(src.join("yatzy.sixdice")).unwrap();
    let target = d.join("yatzy.sixdice");
    std::fs::write(&target, &good[..good.len() / 2]).unwrap();
    assert_user_error(&run(&["info", "yatzy"], &d), "truncated");
    let mut flipped = good.clone();
    let i = flipped.len() - 1000;
    flipped[i] ^= 0x10;
    std::fs::write(&target, &flipped).unwrap();
    assert_user_error(&run(&["advise", "--game", "yatzy", "--dice", "1,2,3,4,5"], &d), "corrupt");
    std::fs::write(&target, [b'x'; 300]).unwrap();
    assert_user_error(&run(&["info", "yatzy"], &d), "corrupt");
    std::fs::remove_file(&target).unwrap();
    assert_user_error(&run(&["info", "yatzy"], &d), "no table");
}

#[test]
fn completions_are_generated() {
    let out = bin().args(["completions", "bash"]).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("sixdice"));
}
