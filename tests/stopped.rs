//! `play` stopped before its end and resumed; what a stopped game's exit
//! code says; the words every prompt takes, with `--json` an answer a line;
//! records with a byte-order mark or with dice their seed did not roll.
//!
//! The games are two-player Farkle to 1,500 (its win table solves in about
//! a second) with seed 3, whose first rolls for `ann` are 113335 and then
//! (after setting a 1 aside) 24566: the scripts below are written for them.

use std::process::Output;

use crate::play::play;
use crate::util::{assert_user_error, Env};

const GAME: [&str; 7] = ["farkle", "-o", "goal=1500", "--players", "ann,optimal", "--seed", "3"];

fn with_record<'a>(args: &[&'a str], rec: &'a str) -> Vec<&'a str> {
    [args, &["--record", rec]].concat()
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// Asserts the exit code of a game stopped before its end.
fn stopped(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(3), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    stdout(out)
}

/// A game stopped mid-turn exits 3 with its record kept; that record is
/// reviewed (unfinished), and `--resume` plays on with the dice the seed
/// rolls next: the record is the one a game played without the stop
/// writes. A game played to its end exits 0.
#[test]
fn a_game_stopped_mid_turn_is_reviewed_and_resumed() {
    let env = Env::new();
    let rec = env.path().join("stopped.rec");
    let rec = rec.to_str().unwrap();
    let out = stopped(&play(&env, &with_record(&GAME, rec), "keep 1 roll\n"));
    assert!(out.contains("the game stops here") && out.contains("--resume"), "{out}");
    assert!(std::fs::read_to_string(rec).unwrap().ends_with("\nann: 113335 keep 1 roll\n"));
    let r = env.json(&["review", rec]);
    assert_eq!(r["finished"], false);
    assert_eq!(r["decisions"].as_array().unwrap().len(), 1);
    assert!(r.get("seed_mismatch").is_none(), "{r}");

    // Resumed: ann's 24566, a bank, optimal's whole turn, ann's next roll.
    let out = stopped(&play(&env, &["--resume", rec], "keep 5 bank\n"));
    assert!(out.contains("ann rolls 2 4 5 6 6"), "the seed's next dice: {out}");
    assert!(out.contains("optimal banks"), "{out}");
    // The same game without a stop.
    let whole = env.path().join("whole.rec");
    stopped(&play(&env, &with_record(&GAME, whole.to_str().unwrap()), "keep 1 roll\nkeep 5 bank\n"));
    let resumed = std::fs::read_to_string(rec).unwrap();
    assert_eq!(resumed, std::fs::read_to_string(&whole).unwrap());
    assert!(resumed.contains("\noptimal: "), "{resumed}");

    // `quit` stops too; a game played to its end exits 0.
    stopped(&play(&env, &["--resume", rec, "farkle", "-o", "goal=1500"], "quit\n"));
    let done = env.path().join("done.rec");
    let args = ["farkle", "-o", "goal=1500", "--players", "optimal,ev", "--seed", "3"];
    let out = play(&env, &with_record(&args, done.to_str().unwrap()), "");
    assert_eq!(out.status.code(), Some(0));
    assert_user_error(&play(&env, &["--resume", done.to_str().unwrap()], ""), &[], "over");
}

/// `--resume` takes its game, players and seed from the record; the same
/// named beside it must agree, and dice that do not follow the record's
/// seed are found by `review` and refused by `--resume`.
#[test]
fn resume_agrees_with_its_record_and_its_seed() {
    let env = Env::new();
    let rec = env.path().join("g.rec");
    let rec = rec.to_str().unwrap();
    stopped(&play(&env, &with_record(&GAME, rec), "keep 1 roll\nkeep 5 bank\n"));
    for (args, needle) in [
        (&["farkle"][..], "the record is a game of Farkle (goal=1500), not of Farkle (base rules)"),
        (&["farkle", "-o", "goal=2000"], "not of Farkle (goal=2000)"),
        (&["-o", "goal=1500"], "come from the record"),
        (&["--players", "ann,bob"], "the record's players are ann,optimal"),
        (&["--seed", "4"], "the record's seed is 3, not 4"),
        (&["--dice-from-me"], "--dice-from-me"),
        (&["--record", "x.rec"], "--record"),
    ] {
        let a = [&["--resume", rec][..], args].concat();
        assert_user_error(&play(&env, &a, ""), &a, needle);
    }
    // ann's 24566 made 24556: the dice leave the seed at line 6 (the version,
    // game, option, players and seed lines first).
    let text = std::fs::read_to_string(rec).unwrap();
    let edited = env.file("edited.rec", &text.replace("24566 keep 5 bank", "24556 keep 5 bank"));
    let edited = edited.to_str().unwrap();
    assert_eq!(env.json(&["review", rec]).get("seed_mismatch"), None);
    assert_eq!(env.json(&["review", edited])["seed_mismatch"], 6);
    let said = env.ok(&["review", edited]);
    assert!(said.contains("the dice do not follow the record's seed from line 6."), "{said}");
    assert!(!env.ok(&["review", rec]).contains("do not follow"));
    assert_user_error(&play(&env, &["--resume", edited], ""), &[], "do not follow the record's seed from line 6");
    // A byte-order mark (an editor's) is skipped.
    let bom = env.file("bom.rec", &format!("\u{feff}{text}"));
    assert_eq!(env.json(&["review", bom.to_str().unwrap()])["finished"], false);
}

/// At the dice prompts of `--dice-from-me` the words of the other prompts
/// are answered (`?` says advice comes after the roll) and dice are read
/// as play writes them; `quit` there stops the game.
#[test]
fn dice_prompts_take_the_words_and_dice_with_spaces() {
    let env = Env::new();
    let args = ["farkle", "-o", "goal=1500", "--players", "ann,optimal", "--dice-from-me"];
    let out = stopped(&play(&env, &args, "help\n?\nboard\n1 1 2 3 5 5\nkeep 1 roll\n2, 4, 5, 6, 6\nquit\n"));
    assert!(out.contains("Dice typed at the table"), "help: {out}");
    assert!(out.contains("advice comes after the roll"), "{out}");
    assert!(out.contains("ann 0 (not on the board) P(win)"), "board: {out}");
    assert!(out.contains("ann rolls 1 1 2 3 5 5") && out.contains("ann rolls 2 4 5 6 6"), "{out}");
    assert!(!out.contains("not dice"), "{out}");
    assert!(out.contains("ann: 112355 keep 1 roll\n"), "the record so far: {out}");
}

/// `--json` answers every line with one JSON object: the advice for `?`,
/// the table for `board`, the help, a refusal with what was refused;
/// `stopped` last.
#[test]
fn json_answers_every_line() {
    let env = Env::new();
    let out = play(&env, &[&GAME[..], &["--json"]].concat(), "?\nboard\nhelp\nkeep 9 roll\nkeep 1 roll\n");
    let lines: Vec<serde_json::Value> =
        stopped(&out).lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    let events: Vec<&str> = lines.iter().map(|l| l["event"].as_str().expect("an event")).collect();
    assert_eq!(events, ["rolled", "advice", "board", "help", "refused", "decided", "rolled", "stopped"]);
    assert_eq!(lines[1]["advice"]["kind"], "push-luck");
    assert!(lines[1]["advice"]["alternatives"].as_array().is_some_and(|a| !a.is_empty()));
    assert_eq!(lines[2]["view"]["seats"][1]["player"], "optimal");
    assert_eq!(lines[4]["field"], "decision");
    assert_eq!(lines[4]["input"], "keep 9 roll");
    assert!(lines[4]["error"].as_str().unwrap().contains("expected the dice kept"));
}

/// Player lists with an empty name are refused; a pasted page is refused
/// without being echoed back whole.
#[test]
fn empty_names_and_long_lines_are_refused_briefly() {
    let env = Env::new();
    for players in [",optimal", "ann,,optimal", "ann, "] {
        let args = ["farkle", "-o", "goal=1500", "--players", players];
        assert_user_error(&play(&env, &args, ""), &args, "has no name");
    }
    let page = "x".repeat(3_000_000);
    let out = stopped(&play(&env, &GAME, &format!("{page}\n")));
    assert!(out.len() < 5_000, "{} bytes of output", out.len());
    assert!(out.contains("a line of 3000000 characters is no decision"), "{out}");
}
