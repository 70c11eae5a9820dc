//! Every kind of bad input: one line on stderr, exit code 2, and the message
//! it should say (a needle per case).

use crate::util::{assert_user_error, bin, solved, Env};

#[test]
fn bad_category_questions() {
    let env = Env::new();
    let d = solved();
    let advise = |extra: &[&str], needle: &str| {
        let mut a = vec!["advise", "--game", "yahtzee"];
        a.extend_from_slice(extra);
        let out = crate::util::run_in(d, &a);
        assert_user_error(&out, &a, needle)
    };
    advise(&["--dice", "1,2,3,4,7"], "--dice: dice must be faces 1-6");
    advise(&["--dice", "1,2,x,4,5"], "`x` is not a die");
    advise(&["--dice", "1,2,3,4"], "--dice: Yahtzee (joker=free) uses 5 dice, got 4");
    advise(&["--dice", "1,2,3,4,5,6"], "uses 5 dice, got 6");
    advise(&["--dice", "1,2,3,4,5", "--roll", "4"], "--roll: roll 4 does not exist");
    advise(&["--dice", "1,2,3,4,5", "--roll", "0"], "--roll: roll 0 does not exist");
    advise(&["--dice", "1,2,3,4,5", "--sheet", "bananas=3"], "--sheet: unknown box `bananas`");
    advise(&["--dice", "1,2,3,4,5", "--sheet", "fives=7"], "fives=7 is impossible: fives can hold 0, 5, 10");
    advise(&["--dice", "1,2,3,4,5", "--sheet", "full-house=20"], "full-house=20 is impossible");
    advise(
        &["--dice", "1,2,3,4,5", "--sheet", "ones=100000000000000000000"],
        "ones=100000000000000000000 is impossible",
    );
    advise(&["--dice", "1,2,3,4,5", "--sheet", "ones=1 aces=2"], "box `ones` appears twice");
    advise(&["--dice", "1,2,3,4,5", "--sheet", "ones"], "not of the form box=points");
    advise(&["--dice", "1,2,3,4,5", "--sheet", "yahtzee=0 bonus=100"], "Yahtzee bonuses need yahtzee=50");
    advise(
        &["--dice", "1,2,3,4,5", "--banked", "300"],
        "--banked is for push-your-luck games; yahtzee is a category game",
    );
    advise(&["--dice", "1,2,3,4,5", "--score", "300"], "--score is for push-your-luck games");
    advise(&["--leftover", "3"], "--leftover is for push-your-luck games");
    let full = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 3k=20 4k=x fh=25 ss=30 ls=40 chance=20 yahtzee=x";
    advise(&["--dice", "1,2,3,4,5", "--sheet", full], "--sheet: the sheet is full");
    advise(&["--sheet", "ones=3", "--roll", "2"], "--roll: roll 2 does not exist");
    env.user_error(
        &["advise", "--game", "parcheesi", "--dice", "1"],
        "unknown game `parcheesi`; games: yahtzee-deluxe",
    );
    env.user_error(&["solve", "yatzy", "--rules", "x.toml"], "Yatzy is a category game and takes no rules file");
    env.user_error(&["strategy", "yatzy"], "a strategy sheet is for push-your-luck games; Yatzy is a category game");
    env.user_error(
        &["rules", "yahtzee"],
        "the `rules` command is for push-your-luck games; Yahtzee (joker=free) is a category game, whose variants are options",
    );
    env.user_error(
        &["rules", "deluxe"],
        "the `rules` command is for push-your-luck games; Yahtzee Deluxe is a category",
    );
}

#[test]
fn bad_arguments_and_options() {
    let env = Env::new();
    env.user_error(&["advise", "--game", "yahtzee", "--dice", "1,2,3,4,5", "--roll", "x"], "--roll");
    env.user_error(&["advise", "--dice", "1,2,3,4,5"], "--game GAME");
    env.user_error(&["sovle", "yahtzee"], "unrecognized subcommand 'sovle'");
    env.user_error(&["solve", "yahtzee", "--game", "yatzy"], "cannot be used with");
    env.user_error(&["solve", "yahtzee", "-o", "joker=maybe"], "option `joker`: `maybe` is not one of free, forced");
    env.user_error(
        &["solve", "yahtzee", "-o", "wild"],
        "unknown option `wild` for yahtzee; options: joker=free|forced, no-bonus",
    );
    env.user_error(&["solve", "yatzy", "-o", "no-bonus"], "unknown option `no-bonus` for yatzy; it has no options");
    env.user_error(&["solve", "yahtzee", "-o", "no-bonus", "-o", "joker=free"], "cannot be combined");
    env.user_error(&["solve", "farkle", "-o", "goal=0"], "option `goal`: 0 is out of range: allowed from 1 to 1000000");
    env.user_error(&["solve", "farkle", "-o", "vant-hof-6", "-o", "vant-hof-6"], "option `vant-hof-6` is given twice");
    env.user_error(
        &["strategy", "farkle", "-o", "alternative-scoring"],
        "unknown option `alternative-scoring` for farkle",
    );
    env.user_error(&["solve", "farkle", "-o", "piggyback=7"], "option `piggyback`: `7` is not yes, no or return");
    env.user_error(&["solve", "farkle", "-o", "exact-goal=7"], "option `exact-goal`: takes no value");
    env.user_error(&["solve", "farkle", "-o", "goal"], "option `goal`: needs a value");
    env.user_error(&["solve", "farkle", "-o", "min-bank=lots"], "`lots` is not a whole number");
    env.user_error(
        &["solve", "farkle", "-o", "on-the-board=20000", "-o", "goal=10000"],
        "options `on-the-board=20000` and `goal=10000`: the entry threshold 20000 is above the goal 10000",
    );
    env.user_error(
        &["strategy", "farkle", "-o", "goal=1"],
        "option `goal=1`: the goal 1 is below the entry threshold 500",
    );
    // The key came from the file: the file and its key are named.
    let goal = env.file("goal-100.toml", "[game]\ngoal = 100\n");
    env.user_error(
        &["strategy", "farkle", "--rules", goal.to_str().unwrap(), "-o", "piggyback"],
        "goal-100.toml`: rules key `turn.entry`: 500 is above the goal 100",
    );
    // The option set the key, over the file's entry threshold.
    let entry = env.file("entry-2000.toml", "[turn]\nentry = 2000\n");
    env.user_error(
        &["strategy", "farkle", "--rules", entry.to_str().unwrap(), "-o", "goal=1000"],
        "option `goal=1000`: the goal 1000 is below the entry threshold 2000",
    );
    env.user_error(&["solve", "yahtzee", "-o", "joker"], "option `joker`: needs a value: one of free, forced");
    env.user_error(&["solve", "yahtzee", "-o", "joker="], "option `joker`: needs a value: one of free, forced");
    env.user_error(&["solve", "farkle", "-o", "goal="], "option `goal`: needs a value");
    env.user_error(&["advise", "farkle", "--dice", "1,5", "--top", "0"], "--top: must be at least 1");
    env.user_error(&["completions", "bash", "--json"], "completions prints a shell script; --json does not apply");
}

#[test]
fn bad_push_your_luck_questions() {
    let env = Env::new();
    let e = |args: &[&str], needle: &str| {
        let mut a = vec!["advise"];
        a.extend_from_slice(args);
        env.user_error(&a, needle);
    };
    e(&["farkle", "--dice", "1,1,7"], "--dice: dice must be faces 1-6");
    e(&["farkle", "--dice", "1,1,1,1,1,1,1"], "--dice: 7 dice given; no game here rolls more than 6");
    e(&["farkle", "--dice", &"1".repeat(300)], "300 dice given");
    // Only commas (spaces around them allowed) or faces together.
    for (dice, named) in [
        ("1,1,2,3,5,\t5", "`\\t`"),
        ("1,1,2,3,5\r,5", "`\\r`"),
        ("1,1,2,3,5,\u{b}5", "`\\u{b}`"),
        ("1,1,2,3,5,\u{a0}5", "`\\u{a0}`"),
        ("1 1 2 3 5 5", "` `"),
    ] {
        e(
            &["farkle", "--dice", dice],
            &format!("--dice: {named} between faces: dice are faces 1-6 separated by commas"),
        );
    }
    e(&["farkle", "--dice", "1,,5"], "--dice: a comma with no die on one side");
    e(&["farkle", "--dice", ""], "--dice: no dice given");
    assert_eq!(
        env.json(&["advise", "farkle", "--dice", " 1, 1 ,2,3,5,5 "])["alternatives"],
        env.json(&["advise", "farkle", "--dice", "112355"])["alternatives"]
    );
    e(&["farkle", "-o", "no-such-option", "--dice", "1"], "unknown option `no-such-option` for farkle");
    e(
        &["farkle", "--dice", "1,5", "--banked", "30"],
        "--banked: 30 points cannot be at stake under these rules (points come in steps of 50)",
    );
    e(&["farkle", "--dice", "2,2,3,3,4,6", "--banked", "75"], "--banked: 75 points cannot be at stake");
    e(&["farkle", "--dice", "1,5", "--banked=-50"], "--banked: -50 points at stake");
    e(&["farkle", "--dice", "1,5", "--banked", "0"], "--banked: on roll 2 there must be points at stake");
    e(
        &["farkle", "--dice", "1,5", "--farkles", "1"],
        "--farkles: farkles in a row matter only with the three-farkle-penalty option",
    );
    e(
        &["farkle", "-o", "three-farkle-penalty", "--dice", "1,5", "--banked", "250", "--farkles", "3"],
        "--farkles: 3 farkles in a row",
    );
    e(&["yahtzix", "--dice", "1,5", "--banked", "20"], "--roll: Yahtzix counts rolls");
    e(&["yahtzix", "--dice", "1,5,5,5,5,5", "--banked", "20", "--roll", "2"], "--dice: 6 dice on roll 2");
    e(
        &["yahtzix", "--dice", "1,2,3,4,5", "--banked", "5", "--roll", "3"],
        "--dice: 5 dice on roll 3: without hot dice",
    );
    e(
        &["yahtzix", "--dice", "1,2,3,4,5", "--banked", "5", "--roll", "4"],
        "--roll: roll 4: Yahtzix allows at most 3 rolls",
    );
    e(&["farkle", "--dice", "1,2,3,4,6", "--roll", "999"], "--banked: on roll 999 there must be points at stake");
    e(
        &["farkle", "--dice", "1,2,3,4,6", "--roll", "999", "--banked", "300"],
        "--banked: 300 points at stake on roll 999",
    );
    e(
        &["farkle", "--dice", "1,2,3,4,5,6", "--banked", "50"],
        "--banked: 50 points at stake with 6 dice to roll: setting aside the other 6 dice earns at least 300",
    );
    e(
        &["farkle", "--dice", "1,5", "--score", "10000", "--banked", "50"],
        "--score: a total of 10000 is at or past the goal 10000",
    );
    e(
        &["ten-thousand", "--dice", "1,5", "--score", "-1000000000", "--banked", "50"],
        "--score: a total of -1000000000 is below the lowest allowed",
    );
    e(&["farkle", "--dice", "1,5", "--banked", "100000000000"], "--banked: 100000000000 points at stake");
    e(&["farkle", "--leftover", "3", "--banked", "300"], "--leftover: Farkle has no piggyback here");
    e(
        &["10000", "-o", "piggyback", "--leftover", "3", "--banked", "300", "--score", "0"],
        "--score: in Dice 10000 only players on the board may piggyback",
    );
    e(&["farkle", "-o", "piggyback", "--leftover", "6", "--banked", "300"], "--leftover: 6 leftover dice");
    e(
        &["farkle", "-o", "vant-hof-6", "--dice", "1,5", "--banked", "300", "--ones", "4"],
        "--ones: 4 1s set aside earn at least 400 points, more than the 300 at stake",
    );
    e(
        &["farkle", "--dice", "1,5", "--banked", "300", "--ones", "1"],
        "--ones: 1s set aside matter only with the vant-hof-6 option",
    );
    e(
        &["farkle", "--dice", "1,5", "--sheet", "ones=3"],
        "--sheet is for category games; farkle is a push-your-luck game",
    );
    e(&["farkle", "--roll", "2"], "--dice: the dice (or --leftover with piggyback) are needed");
}

#[test]
fn bad_rules_files() {
    let env = Env::new();
    for (name, text, needle) in [
        ("unknown-key.toml", "[turn]\nhot-dice = true\nno-such-key = 1\n", "unknown field `no-such-key`"),
        ("malformed.toml", "[turn\nhot-dice = true\n", "line 1"),
        ("negative.toml", "[scoring.kinds]\nfives = [-50, 0, 500, 1000, 2000, 3000]\n", "rules key `scoring.kinds.fives`: 1 of a kind is worth -50 is out of range"),
        ("seven.toml", "[scoring.kinds]\nfives = [50, 0, 500, 1000, 2000, 3000, 4000]\n", "invalid length 7"),
        ("zero-straight.toml", "[[scoring.patterns]]\nname = \"straight\"\nfaces = [1,2,3,4,5,6]\npoints = 0\n", "a listed pattern must be worth more than 0"),
        ("goal.toml", "[game]\ngoal = -5\n", "rules key `game.goal`: -5 is out of range"),
        ("wrong-type.toml", "[turn]\nmax-rolls = \"three\"\n", "invalid type: string \"three\", expected u32"),
        ("endless.toml", "[scoring.kinds]\ntwos = [20,0,0,0,0,0]\nthrees = [30,0,0,0,0,0]\nfours = [40,0,0,0,0,0]\nsixes = [60,0,0,0,0,0]\n", "endless.toml`: under these rules a turn never has to end"),
        ("huge.toml", "[[scoring.patterns]]\nname = \"straight\"\nfaces = [1,2,3,4,5,6]\npoints = 9223372036854775807\n", "is out of range: allowed from 0 to 100000"),
        ("control.toml", "name = \"Evil\\u001b[31m\\r\\u2028\"\n", "rules key `name`: `Evil\\u{1b}[31m\\r\\u{2028}` contains control characters"),
    ] {
        let file = env.file(name, text);
        env.user_error(&["solve", "farkle", "--rules", file.to_str().unwrap()], needle);
    }
    env.user_error(
        &["solve", "farkle", "--rules", "/no/such/file.toml"],
        "rules file `/no/such/file.toml` does not exist",
    );
    env.user_error(&["solve", "farkle", "--rules", "/dev/zero"], "rules file `/dev/zero` is not a regular file");
    env.user_error(&["solve", "farkle", "--rules", env.path().to_str().unwrap()], "is not a regular file");
}

#[test]
fn echoed_input_is_escaped_onto_one_line() {
    let env = Env::new();
    env.user_error(&["advise", "--game", "far\nkle", "--dice", "1"], "unknown game `far\\nkle`");
    env.user_error(&["advise", "--game", "farkle", "--dice", "1\n2"], "--dice: `\\n` between faces");
    env.user_error(&["solve", "farkle", "-o", "go\u{1b}al=5"], "unknown option `go\\u{1b}al`");
    env.user_error(&["solve", "farkle", "-o", "goal=5\r"], "goal");
    env.user_error(&["advise", "yahtzee", "--sheet", "ones\u{7}=3"], "unknown box `ones\\u{7}`");
    let file = env.file("bad\nname.toml", "[turn\n");
    env.user_error(&["solve", "farkle", "--rules", file.to_str().unwrap()], "bad\\nname.toml");
}

#[test]
fn a_closed_pipe_is_quiet_and_a_failed_write_is_an_error() {
    use std::io::Read;
    use std::process::Stdio;
    for args in [&["strategy", "farkle"][..], &["completions", "bash"], &["rules", "farkle"], &["--help"]] {
        // Reading one byte and closing the pipe: exit 0, nothing on stderr.
        for _ in 0..5 {
            let mut child = bin().args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
            let mut byte = [0u8; 1];
            child.stdout.take().unwrap().read_exact(&mut byte).unwrap();
            let out = child.wait_with_output().unwrap();
            assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
            let err = String::from_utf8_lossy(&out.stderr);
            // Nothing but progress lines (a stage over a second, off a terminal).
            assert!(err.lines().all(|l| l.starts_with("progress: ")), "{args:?}: {err}");
        }
        // A full disk: one line, exit 2.
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = bin().args(args).stdout(full).output().unwrap();
        assert_user_error(&out, args, "cannot write the output");
    }
}
