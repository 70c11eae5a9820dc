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
    advise(
        &[&dice[..], &["--roll", "1", "--locked", "5,5"]].concat(),
        "--locked: dice are locked only between rolls: locked dice go with roll 2, not with roll 1",
    );
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
    // Kill it once the upper levels are written and before the last one.
    // Bounded by the solve's own progress, not by time: the solve ending
    // without level 6 fails at once; the clock only catches a hang, far
    // above any honest run on a busy machine. A watcher starved long
    // enough for the solve to end first tries again, from nothing.
    let mut attempts = 0;
    loop {
        let mut child = crate::util::bin()
            .args(args)
            .arg("--tables")
            .arg(killed.path())
            .stderr(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let start = Instant::now();
        let level_6 = dir(&killed).join("level-06.sixdice");
        while !level_6.exists() {
            let ended = child.try_wait().unwrap().is_some();
            assert!(!ended || level_6.exists(), "the solve ended without writing level 6");
            assert!(start.elapsed() < Duration::from_secs(900), "hung: no level 6 after 15 minutes");
            std::thread::sleep(Duration::from_millis(1));
        }
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        if !dir(&killed).join("level-00.sixdice").exists() {
            break;
        }
        attempts += 1;
        assert!(attempts < 5, "the solve ended before it was killed, {attempts} times");
        std::fs::remove_dir_all(dir(&killed)).unwrap();
    }
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

/// `simulate` on a short card: seeded (the same seed plays the same games),
/// the mean within 4 standard errors of the table's optimum, the rates in
/// range; bad game counts refused.
#[test]
fn simulate_plays_the_table_reproducibly() {
    let env = Env::new();
    let args = ["simulate", "--game", "sixhundred", "-o", "card=mini", "--games", "3000", "--seed", "5"];
    let a = env.json(&args);
    let b = env.json(&[&args[..], &["--threads", "1"]].concat());
    for field in ["mean", "std_dev", "min", "max", "percentiles", "zeros", "other_bonus_rate"] {
        assert_eq!(a[field], b[field], "{field} with another thread count");
    }
    let (mean, se, expected) =
        (a["mean"].as_f64().unwrap(), a["std_error"].as_f64().unwrap(), a["expected_score"].as_f64().unwrap());
    assert!((mean - expected).abs() < 4.0 * se, "mean {mean} ± {se} vs optimum {expected}");
    let c = env.json(&["simulate", "--game", "sixhundred", "-o", "card=mini", "--games", "3000", "--seed", "6"]);
    assert_ne!(a["mean"], c["mean"], "another seed plays other games");
    for z in a["zeros"].as_array().unwrap() {
        let r = z["rate"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&r));
    }
    env.user_error(
        &["simulate", "--game", "sixhundred", "-o", "card=mini", "--games", "0"],
        "--games: the number of games must be between 1",
    );
    env.user_error(
        &["simulate", "--game", "sixhundred", "--games", "10"],
        "needs its whole table: run `sixdice solve sixhundred`",
    );
    env.user_error(
        &["simulate", "--game", "sixhundred", "-o", "card=mini", "--players", "optimal,ev"],
        "--players: score-sheet games play head to head only as to-win,points",
    );
    env.user_error(&["simulate", "--game", "yahtzee", "--threads", "0"], "0");
}

/// Opt-in, because the whole table takes about an hour to make: with
/// `SIXDICE_FULL_TABLES=DIR` naming a tables directory that holds the whole
/// Six Hundred table (`sixdice solve sixhundred --tables DIR`), `advise`
/// from it agrees with the exact sub-game solve (no table) on late-game
/// sheets, choice by choice, to within the table's rounding.
///
/// `SIXDICE_FULL_TABLES=tables cargo test --release --test e2e -- --ignored full_table`
#[test]
#[ignore = "needs the whole Six Hundred table (SIXDICE_FULL_TABLES=DIR)"]
fn full_table_agrees_with_subgame_solves() {
    // A relative DIR is from the workspace root, where the command above
    // is typed (tests run in the binary's crate directory).
    let dir = std::env::var("SIXDICE_FULL_TABLES").expect("SIXDICE_FULL_TABLES=DIR");
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(dir);
    let none = Env::new();
    let info = crate::util::json_in(&full, &["info", "sixhundred"]);
    assert_eq!(info["max_score"], 599);
    for (sheet, dice, roll) in [
        (LATE, "1,2,2,5,5,6", "1"),
        ("ones=3 twos=6 threes=9 fours=12 fives=15 rung1=10 rung2=20 four-kind=24 five-kind=25 odd=20 even=24 singles=30 pairs=30", "1,2,2,5,5,6", "2"),
        ("ones=3 twos=6 threes=9 fours=12 fives=15 rung1=10 rung2=20 four-kind=24 five-kind=25 odd=20 even=24", "3,3,4,4,6,6", "3"),
        ("ones=3 twos=6 threes=9 rung1=10 four-kind=24 five-kind=25 odd=20 even=24 pairs=0", "1,2,2,5,5,6", "1"),
    ] {
        let args = ["advise", "--game", "sixhundred", "--sheet", sheet, "--dice", dice, "--roll", roll];
        let (a, b) = (crate::util::json_in(&full, &args), none.json(&args));
        let (a, b) = (a["alternatives"].as_array().unwrap(), b["alternatives"].as_array().unwrap());
        assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(b) {
            let (vx, vy) = (x["expected_score"].as_f64().unwrap(), y["expected_score"].as_f64().unwrap());
            // f32 solve and 14-bit codes (half a step: at most 0.0065).
            assert!((vx - vy).abs() < 0.01, "{sheet}: {x} vs {y}");
        }
        assert_eq!(a[0]["description"], b[0]["description"], "{sheet}: the best choice");
    }
}

/// Without its table, a position of the whole game that is too large to
/// solve on the spot is refused in one line that blames no flag (the
/// question is fine; the table is missing) and quotes the table's size as
/// the README does, and the disk the solve needs besides while it runs.
#[test]
fn a_position_that_needs_the_whole_table_is_refused_plainly() {
    let env = Env::new();
    let e = env.user_error(
        &["advise", "--game", "sixhundred", "--dice", "1,2,2,5,5,6"],
        "run `sixdice solve sixhundred` once (about ",
    );
    assert!(e.starts_with("error: this position of Six Hundred needs its whole table"), "{e}");
    assert!(e.contains("the table takes 5.3 GiB of disk, and the solve needs 5.2 GiB more while it runs"), "{e}");
}

/// Playing to reach a score from a late sheet, solved below it on the spot:
/// no play does better than the best chance, and that chance is at least
/// the points play's own chance of the score (read off its exact
/// distribution), because the target play may choose differently.
#[test]
fn target_and_distribution_from_a_late_sheet() {
    let env = Env::new();
    let base = ["advise", "--game", "sixhundred", "--sheet", LATE, "--dice", "1,2,3,4,5,6", "--roll", "2"];
    let with = |extra: &[&str]| env.json(&[&base[..], extra].concat());
    let dist = with(&["--distribution", "--top", "100"]);
    assert_eq!(dist["objective"], "final-score");
    let d = &dist["distribution"];
    let at_least = |d: &serde_json::Value, s: u64| {
        let lowest = d["lowest"].as_u64().unwrap();
        let i = s.saturating_sub(lowest) as usize;
        d["at_least"].as_array().unwrap().get(i).map_or(0.0, |v| v.as_f64().unwrap())
    };
    assert_eq!(d["lowest"], dist["points_so_far"], "boxes may all score 0");
    assert!((d["mean"].as_f64().unwrap() - dist["expected_score"].as_f64().unwrap()).abs() < 1e-9);
    for alt in dist["alternatives"].as_array().unwrap() {
        assert!((alt["distribution"]["mean"].as_f64().unwrap() - alt["expected_score"].as_f64().unwrap()).abs() < 1e-9);
    }
    for target in [300u64, 360, 370, 400] {
        let t = with(&["--target", &target.to_string(), "--top", "100"]);
        assert_eq!(t["objective"], "target");
        let best = t["chance"].as_f64().unwrap();
        let alts = t["alternatives"].as_array().unwrap();
        assert_eq!(alts.len(), dist["alternatives"].as_array().unwrap().len(), "the same plays");
        assert!((alts[0]["chance"].as_f64().unwrap() - best).abs() < 1e-12);
        for a in alts {
            let c = a["chance"].as_f64().unwrap();
            assert!((0.0..=best + 1e-12).contains(&c), "{target}: {a}");
        }
        let points = at_least(d, target);
        assert!(best >= points - 1e-9, "{target}: {best} below the points play's {points}");
    }
    // Every score up to what is on the sheet is certain; past the top, none is.
    assert!((with(&["--target", "288"])["chance"].as_f64().unwrap() - 1.0).abs() < 1e-12);
    let top = d["highest"].as_u64().unwrap();
    assert_eq!(with(&["--target", &(top + 1).to_string()])["chance"].as_f64().unwrap(), 0.0);
}

/// From a sheet with too much game left below it, a target or distribution
/// is refused in one line naming --sheet, and nothing is written.
#[test]
fn target_and_distribution_from_an_early_sheet_are_refused() {
    let env = Env::new();
    let extras: [&[&str]; 2] = [&["--target", "300"], &["--distribution"]];
    for extra in extras {
        let args = [&["advise", "--game", "sixhundred", "--sheet", "ones=3"][..], extra].concat();
        let e = env.user_error(&args, "states below them");
        assert!(e.starts_with("error: --sheet: Six Hundred:"), "{e}");
    }
    assert!(std::fs::read_dir(env.path()).map_or(true, |mut d| d.next().is_none()), "nothing written");
}
