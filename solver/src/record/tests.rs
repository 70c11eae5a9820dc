use proptest::prelude::*;

use super::*;

const FARKLE: &str = "\
sixdice-record 1
game farkle
option three-farkle-penalty
option goal=5000
players ann optimal
seed 7
# the first turn
ann: 112355 keep 1 roll; 23446 farkle
optimal: 155234 keep 155 bank # 200 points

ann: take; 23 keep - roll
optimal: 155234 keep 155 bank
ann: points 450 # typed at the table
optimal: 23466 farkle
ann: take; points 0
";

const YAHTZEE: &str = "\
sixdice-record 1
game sixhundred
players solo
solo: 122556 lock 55; 1255 lock 555; 126 score fives
solo: 22556 keep 2255; 22553 keep -; 44444 score yahtzee
";

#[test]
fn canonical_records_round_trip_byte_for_byte() {
    for text in [FARKLE, YAHTZEE] {
        let r = parse_record(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.to_string(), text);
    }
    let r = parse_record(FARKLE).unwrap();
    assert_eq!(r.players, ["ann", "optimal"]);
    assert_eq!(r.options, ["three-farkle-penalty", "goal=5000"]);
    assert_eq!(r.seed, Some(7));
    let turns: Vec<&Turn> = r.turns().collect();
    assert_eq!(turns.len(), 7);
    assert_eq!(turns[4].steps, [Step::Points { points: 450 }]);
    assert_eq!(turns[4].comment.as_deref(), Some(" typed at the table"));
    assert_eq!(turns[6].steps, [Step::Take, Step::Points { points: 0 }]);
    assert_eq!(
        turns[0].steps,
        [
            Step::Roll {
                dice: vec![1, 1, 2, 3, 5, 5],
                action: Action::SetAside { dice: vec![1], then: Then::Roll },
                real: false,
            },
            Step::Roll { dice: vec![2, 3, 4, 4, 6], action: Action::Farkle, real: false },
        ]
    );
    assert_eq!(turns[1].comment.as_deref(), Some(" 200 points"));
    assert_eq!(turns[2].steps[0], Step::Take);
}

#[test]
fn a_hand_written_record_is_read_and_written_in_canonical_form() {
    let hand =
        "# at the club\r\nsixdice-record 1\r\ngame  farkle\r\nplayers ann\tbob\r\nann:1,1,2,3,5,5 keep 1,5 bank;\r\n";
    // The `;` at the end wants another roll.
    let e = parse_record(hand).unwrap_err();
    assert_eq!((e.line, e.column), (5, 31), "{e}");
    let hand = hand.replace("bank;", "bank   # 150");
    let r = parse_record(&hand).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        r.to_string(),
        "sixdice-record 1\ngame farkle\nplayers ann bob\n# at the club\nann: 112355 keep 15 bank # 150\n"
    );
    assert_eq!(parse_record(&r.to_string()).unwrap(), r);
}

/// A rules file's name with spaces (the label of house rules sent as
/// text is `house rules`) is written and read back whole.
#[test]
fn a_rules_name_with_spaces_round_trips() {
    let text = "sixdice-record 1\ngame farkle\nrules house rules\nplayers ann bob\nann: 23446 farkle\n";
    let r = parse_record(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.rules.as_deref(), Some("house rules"));
    assert_eq!(r.to_string(), text);
    let spaced = parse_record(&text.replace("rules house rules", "rules   my  rules.toml ")).unwrap();
    assert_eq!(spaced.rules.as_deref(), Some("my rules.toml"));
}

/// Each bad record: the line and column of the refusal, and what it says.
#[test]
fn a_bad_record_is_refused_where_it_goes_wrong() {
    let head = "sixdice-record 1\ngame farkle\nplayers ann bob\n";
    let cases: &[(&str, (usize, usize), &str)] = &[
        ("", (1, 1), "expected `sixdice-record 1`, found the end of the line"),
        ("sixdice-record 2\n", (1, 16), "version 1"),
        ("sixdice record 1\n", (1, 1), "expected `sixdice-record 1`, found `sixdice`"),
        ("sixdice-record 1\nplayers ann\nann: 1 farkle\n", (3, 1), "a `game` line before the first turn"),
        ("sixdice-record 1\ngame farkle\n", (3, 1), "a `players` line"),
        ("sixdice-record 1\ngame farkle\ngame yatzy\n", (3, 1), "one `game` line only"),
        ("sixdice-record 1\ngame farkle\nplayers ann ann\n", (3, 13), "a player not named already"),
        ("sixdice-record 1\ngame farkle\nseed -1\n", (3, 6), "a seed"),
        ("sixdice-record 1\ngame farkle\nseed 18446744073709551616\n", (3, 6), "below 2^64"),
        ("sixdice-record 1\ngame farkle\nplayers a b c d e f g h i\n", (3, 25), "at most 8 players"),
        ("sixdice-record 1\ngame far\u{1b}kle\n", (2, 9), "found `\\u{1b}`"),
        ("sixdice-record 1\ngame farkle\ncolour red\n", (3, 1), "a header line"),
        ("carol: 1 farkle\n", (4, 1), "one of the players (ann, bob)"),
        ("ann 1 farkle\n", (4, 1), "a header line"),
        ("ann: 1127 farkle\n", (4, 6), "one to 6 faces 1-6"),
        ("ann: 1111111 farkle\n", (4, 6), "one to 6 faces 1-6"),
        ("ann: 1,,2 farkle\n", (4, 6), "faces 1-6"),
        ("ann: 112355\n", (4, 12), "what was done"),
        ("ann: 112355 hold 1\n", (4, 13), "keep, lock, score or farkle"),
        ("ann: 112355 keep 1 roll 23446 farkle\n", (4, 25), "`;` before the next roll"),
        ("ann: 112355 keep\n", (4, 17), "the dice kept"),
        ("ann: 112355 score\n", (4, 18), "a box"),
        ("ann: 112355 farkle; take\n", (4, 21), "the dice rolled"),
        ("ann: 112355 farkle # caf\u{7}\n", (4, 25), "comment text"),
        ("game yatzy\n", (4, 1), "one `game` line only"),
        ("ann: 1 farkle\nseed 3\n", (5, 1), "header lines come before the first turn"),
        ("ann: points\n", (4, 12), "the points banked"),
        ("ann: points -50\n", (4, 13), "0 to 10000000"),
        ("ann: points +50\n", (4, 13), "0 to 10000000"),
        ("ann: points 99999999999\n", (4, 13), "0 to 10000000"),
        ("ann: points 4.5\n", (4, 13), "the points banked"),
    ];
    for (tail, (line, column), says) in cases {
        let text =
            if tail.starts_with("sixdice") || tail.is_empty() { tail.to_string() } else { format!("{head}{tail}") };
        let e = parse_record(&text).expect_err(&text);
        let message = e.to_string();
        assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {message}");
        assert!(message.contains(says), "{text:?}: `{says}` not in: {message}");
        assert!(!message.contains('\n') && !message.chars().any(char::is_control), "{message:?}");
    }
}

proptest! {
    /// Any text at all: a record or one refusal, never a panic; and every
    /// record written out reads back the same and writes the same bytes.
    #[test]
    fn any_text_is_a_record_or_a_refusal(text in "(sixdice-record 1\n|game farkle\n|players a b\n|option x\n|seed 3\n|a: |b: |[1-7]{1,7} |keep |lock |score ones|roll|bank|farkle|take|fresh|; |#c|\n|\t| |[\u{0}-\u{7f}]){0,40}") {
        if let Ok(r) = parse_record(&text) {
            let written = r.to_string();
            let again = parse_record(&written).unwrap_or_else(|e| panic!("{written:?}: {e}"));
            prop_assert_eq!(&again, &r);
            prop_assert_eq!(again.to_string(), written);
        }
    }
}

proptest! {
    /// Turn lines built from the format's own words, after a valid header:
    /// many are records, and each of those round-trips.
    #[test]
    fn turn_lines_round_trip(tail in "((a|b): (take; |fresh; )?(points [0-9]{1,4}|[1-6]{1,6} (farkle|keep [1-6]{1,3} (roll|bank)?|keep -|lock [1-6]{1,2}|score ones)(; )?){1,4}( #[ a-z]{0,5})?\n|# x\n|\n){0,6}") {
        let text = format!("sixdice-record 1\ngame farkle\nplayers a b\n{tail}");
        if let Ok(r) = parse_record(&text) {
            let written = r.to_string();
            prop_assert_eq!(&parse_record(&written).unwrap(), &r);
            prop_assert_eq!(parse_record(&written).unwrap().to_string(), written);
        }
    }
}

/// The records and the error docs/records.md shows are what the code reads
/// and says.
#[test]
fn the_documented_examples_are_read_as_documented() {
    let doc = include_str!("../../../docs/records.md");
    let blocks: Vec<&str> = doc.split("```text\n").skip(1).map(|b| b.split("```").next().unwrap()).collect();
    let records: Vec<&&str> = blocks.iter().filter(|b| b.starts_with("sixdice-record")).collect();
    assert_eq!(records.len(), 3);
    for text in records {
        let r = parse_record(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(parse_record(&r.to_string()).unwrap(), r);
    }
    let shown = blocks.iter().find(|b| b.trim_start().starts_with("line ")).expect("an error example").trim();
    let e = parse_record("sixdice-record 1\ngame farkle\nplayers ann\nann: 1127 farkle\n").unwrap_err();
    assert_eq!(e.to_string(), shown);
}

/// Decisions typed in `play`: the record's words, their short forms, and
/// `advise`'s own words for a play.
#[test]
fn decisions_are_read_in_the_words_of_records_and_of_advise() {
    use super::{parse_decision, Decision};
    let set_aside = |d: &[u8], then| Decision::Act(Action::SetAside { dice: d.to_vec(), then });
    for (text, want) in [
        ("keep 15 roll", set_aside(&[1, 5], Then::Roll)),
        ("15 bank", set_aside(&[1, 5], Then::Bank)),
        ("set aside 1,5, then roll 4 dice", set_aside(&[1, 5], Then::Roll)),
        ("set aside 1, then bank", set_aside(&[1], Then::Bank)),
        ("keep 2,2,5,5 (re-roll 1)", Decision::Act(Action::Keep { dice: vec![2, 2, 5, 5] })),
        ("re-roll all 5", Decision::Act(Action::Keep { dice: vec![] })),
        ("lock 5,5 (re-roll 4)", Decision::Act(Action::Lock { dice: vec![5, 5] })),
        ("score 25 in full-house", Decision::Act(Action::Score { category: "full-house".into() })),
        ("fives", Decision::Act(Action::Score { category: "fives".into() })),
        ("take", Decision::Take),
        ("fresh", Decision::Fresh),
    ] {
        assert_eq!(parse_decision(text).map(|(d, _)| d), Ok(want), "{text}");
    }
    for bad in ["", "keep 7 roll", "keep 15 roll now", "score", "\u{7}"] {
        assert!(parse_decision(bad).is_err(), "{bad:?}");
    }
}

/// The hint's own lines are taken back as decisions, with the numbers
/// they claim (a session checks those against the dice).
#[test]
fn hint_lines_are_decisions_with_their_claims() {
    use super::{parse_decision, Claims, Decision};
    let set_aside = |d: &[u8], then| Decision::Act(Action::SetAside { dice: d.to_vec(), then });
    let score = |c: &str| Decision::Act(Action::Score { category: c.into() });
    for (text, want, claims) in [
        (
            "Best: set aside 1 (single 1, 100 points), then roll 5 dice with 400 at stake",
            set_aside(&[1], Then::Roll),
            Claims { dice: Some(5), points: Some(400), score: None },
        ),
        ("set aside 1, then roll 4 dice", set_aside(&[1], Then::Roll), Claims { dice: Some(4), ..Claims::default() }),
        ("set aside 1,1,5,5, then bank", set_aside(&[1, 1, 5, 5], Then::Bank), Claims::default()),
        ("keep all, then score 50 in straight", score("straight"), Claims { score: Some(50), ..Claims::default() }),
        (
            "best: keep 2,3,4,5,6 (re-roll 1) -> expected final score 254.87",
            Decision::Act(Action::Keep { dice: vec![2, 3, 4, 5, 6] }),
            Claims::default(),
        ),
        ("score 99 in chance", score("chance"), Claims { score: Some(99), ..Claims::default() }),
        (
            "take the 3 leftover dice and 1,000 points",
            Decision::Take,
            Claims { dice: Some(3), points: Some(1000), score: None },
        ),
        ("piggyback", Decision::Take, Claims::default()),
        ("start fresh with six dice", Decision::Fresh, Claims::default()),
    ] {
        assert_eq!(parse_decision(text), Ok((want, claims)), "{text}");
    }
}

/// `Decision` reads the record's words and writes them back.
#[test]
fn decisions_read_and_write_the_records_words() {
    use super::Decision;
    for text in
        ["keep 15 roll", "keep 15 bank", "keep 2255", "keep -", "lock 55", "score fives", "take", "fresh", "farkle"]
    {
        let d: Decision = text.parse().unwrap();
        assert_eq!(d.to_string(), text);
    }
    assert_eq!("15 bank".parse::<Decision>().unwrap().to_string(), "keep 15 bank");
    assert!("keep 15 roll with 400 at stake".parse::<Decision>().is_err());
    let json = serde_json::to_string(&"keep 15 roll".parse::<Decision>().unwrap()).unwrap();
    assert_eq!(serde_json::from_str::<Decision>(&json).unwrap().to_string(), "keep 15 roll");
}

#[test]
fn a_name_may_have_an_apostrophe() {
    let text = "sixdice-record 1\ngame farkle\nplayers o'brien optimal\no'brien: 23446 farkle\n";
    let r = parse_record(text).unwrap();
    assert_eq!(r.players[0], "o'brien");
    assert_eq!(r.to_string(), text);
    assert!(valid_name("O'Brien") && !valid_name("o brien") && !valid_name("a:b"));
}
