//! Six Hundred through the binary: advise without a table (sub-game
//! solves), locked dice, and its bad inputs.

use crate::util::Env;

/// 15 of 18 boxes filled: Numbers 3..15, rungs 1, 2 and 4, every cluster and two patterns.
const LATE: &str = "ones=3 twos=6 threes=9 fours=12 fives=15 rung1=10 rung2=20 rung4=30 \
                    four-kind=24 five-kind=25 odd=20 even=24 singles=30 pairs=30 triplets=30";

#[test]
fn advise_locks_dice_and_keeps_those_already_locked() {
    let env = Env::new();
    let a =
        ["advise", "--game", "six-hundred", "--dice", "1,2,2,5,5,6", "--roll", "2", "--locked", "5,5", "--sheet", LATE];
    let j = env.json(&a);
    assert_eq!(j["locked"], serde_json::json!([5, 5]));
    let alts = j["alternatives"].as_array().unwrap();
    // Every superset of 5,5 within the dice: (1+1)(2+1)(0+1)(1+1) = 12 choices.
    assert_eq!(alts.len(), 12);
    for alt in alts {
        assert_eq!(alt["action"], "lock");
        let lock = alt["lock"].as_array().unwrap();
        assert!(lock.iter().filter(|d| **d == 5).count() >= 2, "{alt}");
    }
    let values: Vec<f64> = alts.iter().map(|a| a["expected_score"].as_f64().unwrap()).collect();
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "best first");
    // Locking everything is standing pat: its value is the best box for these dice.
    let all = alts.iter().find(|a| a["lock"].as_array().unwrap().len() == 6).unwrap();
    let mut last = a.to_vec();
    last[6] = "3";
    last.truncate(7);
    last.extend(["--sheet", LATE]);
    let boxes = env.json(&last);
    assert_eq!(boxes["alternatives"][0]["action"], "score");
    assert!(
        (boxes["alternatives"][0]["expected_score"].as_f64().unwrap() - all["expected_score"].as_f64().unwrap()).abs()
            < 1e-9
    );
    // The value of the sheet before the turn is the mean over first rolls: it
    // lies between the worst and best roll-1 answers for some dice.
    let before = env.json(&["advise", "--game", "sixhundred", "--sheet", LATE]);
    assert!(before["alternatives"].as_array().unwrap().is_empty());
    assert!(before["expected_score"].as_f64().unwrap() > f64::from(before["points_so_far"].as_u64().unwrap() as u32));
}

#[test]
fn a_rung_that_does_not_fit_scores_0() {
    let env = Env::new();
    // rung3 must lie strictly between 20 and 30; the dice total 21.
    let j = env.json(&["advise", "--game", "sixhundred", "--dice", "1,2,3,4,5,6", "--roll", "3", "--sheet", LATE]);
    let rung3 = j["alternatives"].as_array().unwrap().iter().find(|a| a["category"] == "rung3").unwrap();
    assert_eq!(rung3["points"], 21);
    let low = env.json(&["advise", "--game", "sixhundred", "--dice", "1,1,1,2,2,3", "--roll", "3", "--sheet", LATE]);
    let rung3 = low["alternatives"].as_array().unwrap().iter().find(|a| a["category"] == "rung3").unwrap();
    assert_eq!(rung3["points"], 0, "a total of 10 does not fit between 20 and 30");
}

#[test]
fn zero_only_when_forced_removes_zero_choices() {
    let env = Env::new();
    let args = |forced: bool| {
        let mut a = vec!["advise", "--game", "sixhundred", "--dice", "1,1,1,2,2,3", "--roll", "3", "--sheet", LATE];
        if forced {
            a.extend(["-o", "zero-only-when-forced"]);
        }
        a
    };
    let free = env.json(&args(false));
    let forced = env.json(&args(true));
    let n = |j: &serde_json::Value| j["alternatives"].as_array().unwrap().len();
    assert_eq!(n(&free), 3, "sixes, rung3 and sextet are open");
    // Sixes scores nothing and rung3 does not fit; no box scores: all three zeros stay.
    assert_eq!(n(&forced), 3);
    let scoring = |forced: bool| {
        let mut a = vec!["advise", "--game", "sixhundred", "--dice", "6,6,1,2,2,3", "--roll", "3", "--sheet", LATE];
        if forced {
            a.extend(["-o", "zero-only-when-forced"]);
        }
        env.json(&a)
    };
    assert_eq!(n(&scoring(false)), 3);
    let only = scoring(true);
    assert_eq!(n(&only), 1, "sixes scores 12: the only legal choice");
    assert_eq!(only["alternatives"][0]["category"], "sixes");
}

#[test]
fn bad_six_hundred_questions() {
    let env = Env::new();
    let advise = |extra: &[&str], needle: &str| {
        let mut a = vec!["advise", "--game", "sixhundred"];
        a.extend_from_slice(extra);
        env.user_error(&a, needle);
    };
    let dice = ["--dice", "1,2,2,5,5,6"];
    advise(
        &[&dice[..], &["--roll", "2", "--locked", "5,5,5"]].concat(),
        "--locked: locked dice 5,5,5 are not among the dice",
    );
    advise(&[&dice[..], &["--roll", "1", "--locked", "5,5"]].concat(), "--locked goes with --roll 2, not with roll 1");
    advise(&[&dice[..], &["--roll", "3", "--locked", "5,5"]].concat(), "not with roll 3");
    advise(&[&dice[..], &["--locked", "5,5"]].concat(), "not with roll 1");
    advise(&["--sheet", "rung1=30 rung3=20"], "rung1=30 and rung3=20: rungs holding points must ascend");
    advise(&["--sheet", "rung2=25 rung3=25"], "rungs holding points must ascend");
    advise(&["--sheet", "fives=7"], "fives=7 is impossible");
    advise(&["--sheet", "rung1=5"], "rung1=5 is impossible");
    advise(&["--sheet", "sextet=30"], "sextet=30 is impossible");
    advise(&["-o", "zero-only-when-forced", "--sheet", "sextet=0"], "sextet=0 cannot arise with zero-only-when-forced");
    let full = format!("{LATE} sixes=12 rung3=25 sextet=0");
    advise(&["--sheet", &full], "the sheet is full");
    advise(&["--sheet", "ones=3"], "run `sixdice solve sixhundred` once");
    env.user_error(
        &["advise", "--game", "yahtzee", "--dice", "1,2,2,5,5", "--roll", "2", "--locked", "5,5"],
        "--locked: Yahtzee (joker=free) has no locked dice",
    );
    env.user_error(
        &["advise", "--game", "farkle", "--dice", "1,2,2,5,5", "--locked", "5,5"],
        "--locked is for category games",
    );
}

#[test]
fn forced_zero_sheets_that_could_arise_are_accepted() {
    let env = Env::new();
    // 1,1,1,2,2,3 scores 0 in pairs, triplets... and sextet (open), so pairs=0 could be written.
    let sheet = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 rung1=10 rung2=20 rung3=25 rung4=30 \
                 four-kind=24 five-kind=25 odd=20 even=24 pairs=0";
    let j = env.json(&["advise", "--game", "sixhundred", "-o", "zero-only-when-forced", "--sheet", sheet]);
    assert!(j["expected_score"].as_f64().unwrap() > 0.0);
}

/// A solve killed part-way (SIGKILL) and run again resumes at the first
/// unfinished level and leaves the same files, byte for byte, as a solve
/// that was never interrupted.
#[test]
fn killed_solve_resumes_to_the_same_bytes() {
    use std::time::{Duration, Instant};
    let (killed, clean) = (Env::new(), Env::new());
    let args = ["solve", "sixhundred", "-o", "card=short"];
    crate::util::ok_in(clean.path(), &args);
    let dir = |e: &Env| e.path().join("sixhundred.card=short.levels");
    let mut child = crate::util::bin()
        .args(args)
        .arg("--tables")
        .arg(killed.path())
        .stderr(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Kill it once the upper levels are written and before the last one.
    let start = Instant::now();
    while !dir(&killed).join("level-06.sixdice").exists() {
        assert!(start.elapsed() < Duration::from_secs(60), "the solve never wrote level 6");
        std::thread::sleep(Duration::from_millis(1));
    }
    child.kill().unwrap(); // SIGKILL on Unix
    child.wait().unwrap();
    assert!(!dir(&killed).join("level-00.sixdice").exists(), "killed before the end");
    let out = crate::util::run_in(killed.path(), &args);
    assert!(out.status.success());
    let notes = String::from_utf8_lossy(&out.stderr);
    assert!(notes.contains("level 9: 1") && notes.contains("skipped"), "resumed: {notes}");
    for k in 0..10 {
        let name = format!("level-{k:02}.sixdice");
        let (a, b) =
            (std::fs::read(dir(&killed).join(&name)).unwrap(), std::fs::read(dir(&clean).join(&name)).unwrap());
        assert!(a == b, "{name} differs after resuming");
    }
}

/// One corrupt level: `info --verify` and the `advise` that needs it refuse
/// it in one line naming the command that regenerates it; positions that
/// need other levels still answer.
#[test]
fn corrupt_level_is_refused_and_others_still_answer() {
    let env = Env::new();
    env.ok(&["solve", "sixhundred", "-o", "card=mini"]);
    let level = env.path().join("sixhundred.card=mini.levels").join("level-03.sixdice");
    let mut bytes = std::fs::read(&level).unwrap();
    let n = bytes.len();
    bytes[n - 3] ^= 0x10;
    std::fs::write(&level, bytes).unwrap();
    let verify = env.user_error(&["info", "sixhundred", "-o", "card=mini", "--verify"], "corrupt");
    assert!(verify.contains("sixdice solve sixhundred"), "{verify}");
    // Two boxes filled: its successors are level 3.
    let needs3 =
        ["advise", "--game", "sixhundred", "-o", "card=mini", "--sheet", "ones=3 sixes=18", "--dice", "1,2,3,4,5,6"];
    let msg = env.user_error(&needs3, "corrupt");
    assert!(msg.contains("sixdice solve sixhundred"), "{msg}");
    // Four boxes filled: level 5.
    let j = env.json(&[
        "advise",
        "--game",
        "sixhundred",
        "-o",
        "card=mini",
        "--sheet",
        "ones=3 sixes=18 rung1=10 rung2=20",
        "--dice",
        "1,2,3,4,5,6",
    ]);
    assert!(j["alternatives"].as_array().unwrap().len() > 1);
}
