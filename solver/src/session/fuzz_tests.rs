//! Hostile input against sessions and review: typed words, dice and
//! records that are not what the game asks for. Each is answered with a
//! one-line refusal (nothing changed) or taken as a legal move; none
//! panics. The counts are bounded (work, not time).

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::tests::{game, random_words};
use super::Play;
use crate::dice::Counts;
use crate::progress::Silent;
use crate::question::{PlayQuestion, ReviewQuestion};
use crate::report::Prompt;
use crate::review::review;

/// Words a player might type, or an attacker: garbage, near misses of
/// legal words, numbers out of every range, prose with wrong numbers.
fn hostile_words(legal: &str, rng: &mut SmallRng) -> String {
    let pick = |rng: &mut SmallRng, xs: &[&str]| xs[rng.gen_range(0..xs.len())].to_string();
    match rng.gen_range(0..12) {
        0 => (0..rng.gen_range(0..40)).map(|_| char::from(rng.gen_range(0u8..128))).collect(),
        1 => legal.chars().map(|c| if c.is_ascii_digit() && rng.gen_bool(0.4) { '9' } else { c }).collect(),
        2 => format!("{legal} {}", pick(rng, &["roll", "bank", "now", ";", "# x", "then roll 7 dice"])),
        3 => legal.replace("roll", "bank").replace("keep", "lock"),
        4 => format!(
            "set aside {}, then roll {} dice with {} at stake",
            &legal[legal.len() / 2..],
            rng.gen::<u32>(),
            rng.gen::<i64>()
        ),
        5 => format!(
            "score {} in {}",
            rng.gen::<u64>(),
            pick(rng, &["chance", "fives", "", "yahtzee", "x".repeat(300).as_str()])
        ),
        6 => "1".repeat(rng.gen_range(7..100_000)),
        7 => format!("keep {} roll", "123456".repeat(rng.gen_range(1..50))),
        8 => pick(
            rng,
            &["", " ", "\t", "keep", "keep -", "take", "fresh", "farkle", "piggyback", "start", "Best:", "->"],
        ),
        9 => format!("take the {} leftover dice and {} points", rng.gen::<u8>(), rng.gen::<i64>()),
        10 => pick(rng, &["ünïcödé", "\u{202e}keep 1 roll", "keep\u{0}1 roll", "keep 1\u{2028}roll", "keep 1,,5 roll"]),
        _ => legal.split_whitespace().rev().collect::<Vec<_>>().join(" "),
    }
}

fn hostile_dice(rng: &mut SmallRng) -> Counts {
    let mut c = [0u8; 6];
    for x in &mut c {
        *x = if rng.gen_bool(0.1) { rng.gen() } else { rng.gen_range(0..3) };
    }
    c
}

/// Plays random games of several families, throwing hostile words and
/// dice at every position before a legal move: each refusal is one line
/// and leaves the record as it was.
#[test]
fn hostile_words_and_dice_are_refused_in_one_line_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut tried = 0;
    let mut rng = SmallRng::seed_from_u64(5);
    for (name, options, players) in [
        ("farkle", &["goal=1500", "piggyback"][..], &["ann", "optimal"][..]),
        ("farkle", &["goal=1000", "min-bank=350", "three-farkle-penalty"][..], &["ann", "bob", "ev"][..]),
        ("yahtzix", &["goal=300", "exact-goal"][..], &["ann"][..]),
        ("yahtzee", &[][..], &["ann", "optimal"][..]),
    ] {
        let g = game(name, options);
        let q = PlayQuestion {
            players: players.iter().map(ToString::to_string).collect(),
            seed: Some(3),
            rollouts: Default::default(),
        };
        let mut s = Play::new(&g, &q, dir.path(), &Silent).unwrap();
        for _ in 0..100_000 {
            let prompt = s.prompt();
            let Some(seat) = prompt.seat() else { break };
            for _ in 0..4 {
                let before = s.record().clone();
                let words = match &prompt {
                    Prompt::Decide { .. } | Prompt::Offer { .. } => {
                        hostile_words(&random_words(&s, &mut rng), &mut rng)
                    }
                    _ => hostile_words("keep 1 roll", &mut rng),
                };
                tried += 1;
                if let Err(e) = s.decide(&words) {
                    assert!(!e.to_string().contains('\n'), "{name}: one line for {words:?}: {e}");
                    assert!(e.to_string().len() < 2_000, "{name}: the echo of {} bytes is cut", words.len());
                    assert_eq!(s.record(), &before, "{name}: `{words}` was refused yet changed the game");
                }
                if s.prompt() != prompt {
                    break;
                }
                tried += 1;
                let dice = hostile_dice(&mut rng);
                if let Err(e) = s.roll(Some(dice)) {
                    assert!(!e.to_string().contains('\n'));
                    assert_eq!(s.record(), &before);
                }
                if s.prompt() != prompt {
                    break;
                }
                tried += 1;
                let _ = s.roll_some(rng.gen_range(0..usize::MAX));
            }
            let Some(seat) = s.prompt().seat().filter(|&x| x == seat) else { continue };
            if s.is_computer(seat) {
                s.play_computer(None).unwrap();
                continue;
            }
            match s.prompt() {
                Prompt::Roll { .. } => drop(s.roll(None).unwrap()),
                _ => {
                    let w = random_words(&s, &mut rng);
                    s.decide(&w).unwrap();
                }
            }
        }
    }
    assert!(tried > 1_000, "{tried} hostile inputs");
    eprintln!("hostile inputs against sessions: {tried}");
}

/// Records with random tokens replaced, lines dropped or repeated:
/// review answers each with a report or a one-line error.
#[test]
fn mutated_records_review_or_are_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let g = game("farkle", &["goal=1000"]);
    let q = PlayQuestion { players: vec!["ann".into(), "bob".into()], seed: Some(9), rollouts: Default::default() };
    let mut s = Play::new(&g, &q, dir.path(), &Silent).unwrap();
    super::tests::play_out(&mut s, &mut SmallRng::seed_from_u64(9));
    let text = s.record().to_string();
    let tokens = [
        "keep",
        "roll",
        "bank",
        "farkle",
        "take",
        "fresh",
        ";",
        ":",
        "ann",
        "bob",
        "-",
        "666666",
        "0",
        "1",
        "99999999999999999999",
        "game",
        "seed",
        "option",
        "players",
        "rules",
        "# x",
        "\u{feff}",
        "score",
    ];
    let mut rng = SmallRng::seed_from_u64(17);
    let (mut refused, mut taken) = (0, 0);
    for _ in 0..400 {
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        for _ in 0..rng.gen_range(1..4) {
            let i = rng.gen_range(0..lines.len());
            match rng.gen_range(0..4) {
                0 => {
                    lines.remove(i);
                }
                1 => lines.insert(i, lines[i].clone()),
                _ => {
                    let mut words: Vec<String> = lines[i].split(' ').map(String::from).collect();
                    let w = rng.gen_range(0..words.len());
                    words[w] = tokens[rng.gen_range(0..tokens.len())].to_string();
                    lines[i] = words.join(" ");
                }
            }
            if lines.is_empty() {
                break;
            }
        }
        let mutated = lines.join("\n");
        match review(&mutated, &ReviewQuestion::default(), dir.path(), &Silent) {
            Ok(_) => taken += 1,
            Err(e) => {
                assert!(!e.to_string().contains('\n'), "one line: {e}");
                refused += 1;
            }
        }
    }
    assert!(refused > 100 && taken > 0, "{refused} refused, {taken} reviewed");
    eprintln!("mutated records: {refused} refused, {taken} reviewed");
}
