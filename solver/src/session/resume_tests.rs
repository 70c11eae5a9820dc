//! Games stopped anywhere and resumed from their records; seeded records
//! whose dice were edited; records that stop mid-turn.

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::super::tests::{game, random_words};
use super::Play;
use crate::progress::Silent;
use crate::question::PlayQuestion;
use crate::record::{parse_record, parse_with_lines, Line, Record, Step};
use crate::registry::Game;
use crate::report::Prompt;

/// One move of `s`: sixdice's seats move themselves, people roll with the
/// seed (near an exact goal a random count) and decide at random among the
/// legal plays. `false` once the game is over.
fn step(s: &mut Play, rng: &mut SmallRng) -> bool {
    let prompt = s.prompt();
    let Some(seat) = prompt.seat() else { return false };
    if s.is_computer(seat) {
        s.play_computer(None).expect("a computer's move is legal");
        return true;
    }
    match prompt {
        // Near an exact goal some of the dice, as many as the record's
        // length says: a roll not yet decided on is not in the record, so a
        // resumed game rolls it again, and must choose the same count
        // without the test's generator.
        Prompt::Roll { dice, fewer: true, .. } => {
            drop(s.roll_some(1 + s.record().to_string().len() % dice).expect("rolls"));
        }
        Prompt::Roll { .. } => drop(s.roll(None).expect("rolls")),
        _ => {
            let words = random_words(s, rng);
            s.decide(&words).unwrap_or_else(|e| panic!("`{words}` was offered as legal: {e}"));
        }
    }
    true
}

fn start<'g>(g: &'g Game, players: &[&str], seed: u64, dir: &std::path::Path) -> Play<'g> {
    let q = PlayQuestion {
        players: players.iter().map(ToString::to_string).collect(),
        seed: Some(seed),
        rollouts: Default::default(),
    };
    Play::new(g, &q, dir, &Silent).expect("a session")
}

/// A game stopped after any move (mid-turn, after a roll not yet decided
/// on, at a leftover offer, between turns) and resumed from its record's
/// text plays on exactly as the game played without a stop: the same dice
/// from the seed, the same seats played by sixdice, the same record.
#[test]
fn a_game_stopped_anywhere_resumes_to_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &[&str], &[&str]); 5] = [
        // Two `optimal`s: the record names them optimal and optimal-2.
        ("farkle", &["goal=800", "piggyback=return"], &["ann", "optimal", "optimal"]),
        ("farkle", &["goal=1000"], &["ann", "threshold=300"]),
        ("yahtzix", &["goal=120", "exact-goal"], &["ann", "optimal"]),
        ("sixhundred", &["card=mini"], &["ann", "optimal"]),
        ("yatzy", &[], &["ann"]),
    ];
    let mut resumed = 0;
    for (name, options, players) in cases {
        let g = game(name, options);
        for seed in 0..2u64 {
            // The game without a stop.
            let mut whole = start(&g, players, seed, dir.path());
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut moves = 0;
            while step(&mut whole, &mut rng) {
                moves += 1;
            }
            let expected = whole.record().to_string();
            // Stopped after move k, resumed from the record's text alone.
            for k in [1, 2, 3, moves / 3, moves / 2, moves - 1] {
                let mut s = start(&g, players, seed, dir.path());
                let mut rng = SmallRng::seed_from_u64(seed);
                for _ in 0..k {
                    step(&mut s, &mut rng);
                }
                let text = s.record().to_string();
                let record = parse_record(&text).unwrap();
                let mut r = Play::resume(&g, &record, dir.path(), &Silent)
                    .unwrap_or_else(|e| panic!("{name} seed {seed} after move {k}: {e}\n{text}"));
                let seated = |s: &Play| (0..players.len()).map(|i| s.is_computer(i)).collect::<Vec<_>>();
                assert_eq!(seated(&r), seated(&s), "{name}: sixdice plays the same seats");
                while step(&mut r, &mut rng) {}
                assert_eq!(r.record().to_string(), expected, "{name} seed {seed} stopped after move {k}");
                resumed += 1;
            }
        }
    }
    assert_eq!(resumed, 60);
}

/// Dice rolled at the table in a game sixdice rolls with its seed (a
/// person's real dice, typed; sixdice's seats on the seed): the record
/// marks them `real`, a replay draws nothing for them, and a game stopped
/// anywhere resumes to the same game, its seat's later rolls the seed's.
#[test]
fn typed_dice_in_a_seeded_game_resume_to_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    // The person's dice, typed on every other roll: drawn from the
    // record's length, so a resumed game types the same dice again.
    let typed_step = |s: &mut Play, rng: &mut SmallRng| -> bool {
        let prompt = s.prompt();
        match prompt {
            Prompt::Roll { dice, fewer: false, .. }
                if prompt.seat().is_some_and(|seat| !s.is_computer(seat))
                    && s.record().to_string().len().is_multiple_of(2) =>
            {
                let mut by_length = SmallRng::seed_from_u64(s.record().to_string().len() as u64);
                drop(s.roll(Some(super::super::play::draw(&mut by_length, dice))).expect("rolls"));
                true
            }
            _ => step(s, rng),
        }
    };
    let cases: [(&str, &[&str], &[&str]); 3] = [
        ("farkle", &["goal=1000"], &["ann", "optimal"]),
        ("yahtzix", &["goal=120"], &["ann", "ev"]),
        ("sixhundred", &["card=mini"], &["ann", "optimal"]),
    ];
    let (mut resumed, mut real) = (0, 0);
    for (name, options, players) in cases {
        let g = game(name, options);
        let mut whole = start(&g, players, 5, dir.path());
        let mut rng = SmallRng::seed_from_u64(5);
        let mut moves = 0;
        while typed_step(&mut whole, &mut rng) {
            moves += 1;
        }
        let expected = whole.record().to_string();
        real += expected.matches(" real ").count();
        let reread = parse_record(&expected).unwrap();
        let (_, lines) = parse_with_lines(&expected).unwrap();
        let replayed = Play::replay(&g, &reread, &lines.turns, dir.path(), &Silent).unwrap();
        assert_eq!(replayed.seed_mismatch(), None, "{name}: typed dice are not the seed's to follow\n{expected}");
        for k in [1, 2, moves / 3, moves / 2, moves - 1] {
            let mut s = start(&g, players, 5, dir.path());
            let mut rng = SmallRng::seed_from_u64(5);
            for _ in 0..k {
                typed_step(&mut s, &mut rng);
            }
            let text = s.record().to_string();
            let mut r = Play::resume(&g, &parse_record(&text).unwrap(), dir.path(), &Silent)
                .unwrap_or_else(|e| panic!("{name} after move {k}: {e}\n{text}"));
            while typed_step(&mut r, &mut rng) {}
            assert_eq!(r.record().to_string(), expected, "{name} stopped after move {k}");
            resumed += 1;
        }
    }
    assert_eq!(resumed, 15);
    assert!(real > 10, "only {real} rolls were typed");
}

/// The comments of a resumed record stay in their places; a last turn
/// still going on moves past those after it, so that its steps join it.
#[test]
fn a_resumed_record_keeps_its_comments() {
    let dir = tempfile::tempdir().unwrap();
    let g = game("farkle", &["goal=1000"]);
    let text = "sixdice-record 1\ngame farkle\noption goal=1000\nplayers ann bob\nseed 3\n# the club\n\
                ann: 113335 keep 1 roll\n# stopped for tea\n";
    let record = parse_record(text).unwrap();
    let mut s = Play::resume(&g, &record, dir.path(), &Silent).unwrap();
    s.roll(None).unwrap();
    s.decide("keep 5 bank").unwrap();
    assert_eq!(
        s.record().to_string(),
        "sixdice-record 1\ngame farkle\noption goal=1000\nplayers ann bob\nseed 3\n# the club\n# stopped for tea\n\
         ann: 113335 keep 1 roll; 24566 keep 5 bank\n"
    );
}

/// A seeded record whose dice were changed: the replay names the first
/// line that does not follow the seed, and a resume is refused; the record
/// as played follows it.
#[test]
fn dice_that_do_not_follow_the_seed_are_found() {
    let dir = tempfile::tempdir().unwrap();
    let g = game("farkle", &["goal=3000"]);
    let mut s = start(&g, &["optimal", "ev"], 7, dir.path());
    while step(&mut s, &mut SmallRng::seed_from_u64(0)) {}
    let played = s.record().clone();
    let replayed = |r: &Record| {
        let (_, lines) = parse_with_lines(&r.to_string()).unwrap();
        Play::replay(&g, r, &lines.turns, dir.path(), &Silent).unwrap().seed_mismatch()
    };
    assert_eq!(replayed(&played), None);
    // The third turn's first roll, read backwards: the same dice, another
    // order, still the seed's; then one die changed where the rules let it.
    let mut edited = played.clone();
    let turn_lines: Vec<usize> =
        (0..edited.lines.len()).filter(|&i| matches!(edited.lines[i], Line::Turn(_))).collect();
    assert!(turn_lines.len() > 3, "{played}");
    let Line::Turn(t) = &mut edited.lines[turn_lines[2]] else { unreachable!() };
    let Step::Roll { dice, .. } = &mut t.steps[0] else { unreachable!() };
    dice.reverse();
    assert_eq!(replayed(&edited), None, "the order of the dice is not the seed's to say");
    // Every record line is its own text line here: version, game, option,
    // players, seed, then the lines. Each edit the rules take (a die not
    // set aside changed) is found at its line.
    let mut checked = 0;
    for (&at, i, face) in
        turn_lines.iter().skip(1).flat_map(|t| (0..6).flat_map(move |i| (1..=6u8).map(move |f| (t, i, f))))
    {
        let line = 6 + at;
        let mut e = played.clone();
        let Line::Turn(t) = &mut e.lines[at] else { unreachable!() };
        let Step::Roll { dice, .. } = &mut t.steps[0] else { unreachable!() };
        if dice.get(i).is_none_or(|&d| d == face) {
            continue;
        }
        dice[i] = face;
        let (_, lines) = parse_with_lines(&e.to_string()).unwrap();
        let Ok(r) = Play::replay(&g, &e, &lines.turns, dir.path(), &Silent) else { continue };
        assert_eq!(r.seed_mismatch(), Some(line), "{e}");
        let stopped = Record { lines: e.lines[..=at].to_vec(), ..e.clone() };
        let Err(err) = Play::resume(&g, &stopped, dir.path(), &Silent) else {
            panic!("a resume of edited dice is refused")
        };
        assert!(err.to_string().contains(&format!("do not follow the record's seed from line {line}")), "{err}");
        checked += 1;
    }
    assert!(checked > 0);
}

/// Only the last line of a record may stop mid-turn; a finished game is
/// not resumed.
#[test]
fn only_the_last_line_may_stop_mid_turn() {
    let dir = tempfile::tempdir().unwrap();
    let g = game("farkle", &["goal=1000"]);
    let head = "sixdice-record 1\ngame farkle\noption goal=1000\nplayers ann bob\n";
    let replay = |text: &str| {
        let (r, lines) = parse_with_lines(text).unwrap();
        Play::replay(&g, &r, &lines.turns, dir.path(), &Silent).map(|s| s.prompt())
    };
    let stopped = replay(&format!("{head}ann: 113335 keep 1 roll\n")).unwrap();
    assert_eq!(stopped, Prompt::Roll { seat: 0, player: "ann".into(), dice: 5, fewer: false });
    let err = replay(&format!("{head}ann: 113335 keep 1 roll\nbob: 22346 farkle\n")).unwrap_err();
    assert!(err.to_string().starts_with("line 5: the turn is not over at the end of the line"), "{err}");
    // A whole game played out is over: nothing to resume.
    let mut s = start(&g, &["optimal", "ev"], 1, dir.path());
    while step(&mut s, &mut SmallRng::seed_from_u64(1)) {}
    let err = Play::resume(&g, s.record(), dir.path(), &Silent).err().expect("refused");
    assert!(err.to_string().contains("over"), "{err}");
    // Another game's record is not resumed as this one.
    let other = game("farkle", &["goal=2000"]);
    let err =
        Play::resume(&other, &parse_record(&format!("{head}ann: 113335 keep 1 roll\n")).unwrap(), dir.path(), &Silent)
            .err()
            .expect("refused");
    assert!(err.to_string().contains("not Farkle (goal=2000)"), "{err}");
}

/// Empty names in a player list are refused, not dropped.
#[test]
fn empty_player_names_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let g = game("farkle", &["goal=1000"]);
    for players in [&["", "optimal"][..], &["ann", " ", "optimal"]] {
        let q = PlayQuestion {
            players: players.iter().map(ToString::to_string).collect(),
            seed: Some(1),
            rollouts: Default::default(),
        };
        let err = Play::new(&g, &q, dir.path(), &Silent).err().expect("refused");
        assert!(err.to_string().contains("has no name"), "{err}");
    }
}

/// A byte-order mark before the record (editors on Windows write one) is
/// skipped, and columns count from after it.
#[test]
fn a_byte_order_mark_is_skipped() {
    let text = "sixdice-record 1\ngame farkle\nplayers ann bob\nann: 113335 keep 1 bank\n";
    assert_eq!(parse_record(&format!("\u{feff}{text}")).unwrap(), parse_record(text).unwrap());
    let err = parse_record("\u{feff}sixdice-record 2\n").unwrap_err();
    assert_eq!((err.line, err.column), (1, 16));
}
