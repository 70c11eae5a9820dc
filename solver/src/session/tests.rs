//! Sessions played out: computer seats against each other and against a
//! random legal player, records written and read back, rules enforced.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::Play;
use crate::dice::counts_of;
use crate::options::RuleOption;
use crate::progress::Silent;
use crate::question::PlayQuestion;
use crate::record::parse_record;
use crate::registry::{resolve, Game};
use crate::report::{Advice, CategoryAction, Prompt, Then};

pub(crate) fn game(name: &str, options: &[&str]) -> Game {
    let o: Vec<RuleOption> = options.iter().map(|s| RuleOption::parse(s)).collect();
    resolve(name, &o, None).expect("a game")
}

/// The words of a random legal decision, from the hint's alternatives.
pub(crate) fn random_words(s: &Play, rng: &mut SmallRng) -> String {
    match s.hint().expect("a decision is due") {
        Advice::Piggyback(_) => if rng.gen_bool(0.5) { "take" } else { "fresh" }.into(),
        Advice::PushLuck(a) => {
            let alt = &a.alternatives[rng.gen_range(0..a.alternatives.len())];
            let dice: String = alt.set_aside.iter().map(|d| d.to_string()).collect();
            format!("keep {dice} {}", if alt.then == Then::Roll { "roll" } else { "bank" })
        }
        Advice::Category(a) => {
            let alt = &a.alternatives[rng.gen_range(0..a.alternatives.len())];
            let faces =
                |d: &[u8]| if d.is_empty() { "-".to_string() } else { d.iter().map(|x| x.to_string()).collect() };
            match &alt.action {
                CategoryAction::Keep { keep, .. } => format!("keep {}", faces(keep)),
                CategoryAction::Lock { lock, .. } => format!("lock {}", faces(lock)),
                CategoryAction::Score { category, .. } => format!("score {category}"),
            }
        }
    }
}

/// The line `advise` prints for its best set-aside, after `Best: `.
pub(crate) fn best_line(a: &crate::report::PushLuckAdvice) -> String {
    let b = &a.alternatives[0];
    let dice: Vec<String> = b.set_aside.iter().map(ToString::to_string).collect();
    let then = if b.then == Then::Roll {
        format!("then {} with {} at stake", b.then_text(), b.at_stake)
    } else {
        format!("then {}", b.then_text())
    };
    format!("set aside {} ({}, {} points), {then}", dice.join(","), b.counted_as, b.points)
}

/// Plays `s` to its end: computer seats move themselves, people choose
/// at random among the legal plays (and, in category games, sometimes
/// stand pat in a random open box).
pub(crate) fn play_out(s: &mut Play, rng: &mut SmallRng) {
    for _ in 0..100_000 {
        let prompt = s.prompt();
        let Some(seat) = prompt.seat() else { return };
        if s.is_computer(seat) {
            s.play_computer(None).expect("a computer's move is legal");
            continue;
        }
        match prompt {
            // Near an exact goal a random number of the dice.
            Prompt::Roll { dice, fewer: true, .. } => {
                s.roll_some(rng.gen_range(1..=dice)).expect("the session rolls some of the dice");
            }
            Prompt::Roll { .. } => {
                s.roll(None).expect("the session rolls");
            }
            _ => {
                let words = random_words(s, rng);
                s.decide(&words).unwrap_or_else(|e| panic!("`{words}` was offered as legal: {e}"));
            }
        }
    }
    panic!("a game longer than 100,000 moves");
}

fn start<'g>(g: &'g Game, players: &[&str], seed: u64, dir: &std::path::Path) -> Play<'g> {
    let q = PlayQuestion {
        players: players.iter().map(ToString::to_string).collect(),
        seed: Some(seed),
        rollouts: Default::default(),
    };
    Play::new(g, &q, dir, &Silent).expect("a session")
}

/// Checks every player's ledger: `result = start + luck - loss + gifts`.
pub(crate) fn check_identity(s: &Play) {
    for (i, l) in s.ledgers().iter().enumerate() {
        let result = l.settled + if l.open { l.running } else { 0.0 };
        let sum = l.start + l.luck - l.loss + l.gifts;
        let scale = result.abs().max(1.0);
        assert!((result - sum).abs() <= 1e-9 * scale, "seat {i}: result {result} against {sum} ({l:?})");
    }
}

#[test]
fn optimal_players_lose_nothing_and_two_player_results_are_won_or_lost() {
    let dir = tempfile::tempdir().unwrap();
    for (options, seeds) in [(&["goal=2000"][..], 20), (&["goal=800", "piggyback=return"], 30)] {
        optimal_players_lose_nothing(&game("farkle", options), seeds, dir.path());
    }
    // Near Yahtzix's exact goal the optimal players also choose how many
    // dice to roll, and lose nothing by it.
    optimal_players_lose_nothing(&game("yahtzix", &["goal=150", "exact-goal"]), 20, dir.path());
}

fn optimal_players_lose_nothing(g: &Game, seeds: u64, dir: &std::path::Path) {
    for seed in 0..seeds {
        let mut s = start(g, &["optimal", "optimal"], seed, dir);
        play_out(&mut s, &mut SmallRng::seed_from_u64(seed));
        let winners = s.winners().expect("over").to_vec();
        assert_eq!(winners.len(), 1);
        for (i, l) in s.ledgers().iter().enumerate() {
            assert!(l.loss.abs() < 1e-12, "seed {seed}: optimal seat {i} lost {}", l.loss);
            assert_eq!(l.settled, if winners[0] == i { 1.0 } else { 0.0 });
        }
        check_identity(&s);
    }
}

#[test]
fn random_players_keep_the_luck_identity_in_every_family() {
    let dir = tempfile::tempdir().unwrap();
    // Yatzy (over a second a game of two) is in the extended tier's luck
    // identity; Yahtzee and Six Hundred stand for the score-sheet games
    // here.
    let cases: [(&str, &[&str], &[&str], u64); 11] = [
        ("farkle", &["goal=1500"], &["ann", "optimal"], 10),
        ("farkle", &["goal=800", "piggyback=return"], &["ann", "optimal"], 10),
        ("farkle", &["goal=600", "piggyback=return"], &["ann", "bob", "cy"], 5),
        ("farkle", &["goal=800", "three-farkle-penalty=300", "on-the-board=300"], &["ann", "bob"], 10),
        ("farkle", &["goal=1000", "piggyback"], &["ann", "threshold=300"], 10),
        ("ten-thousand", &["goal=1000"], &["ann", "human", "ev"], 5),
        ("yahtzix", &["goal=400", "go-for-it"], &["ann"], 5),
        ("yahtzix", &["goal=120", "exact-goal"], &["ann", "optimal"], 5),
        ("yahtzee", &["joker=forced"], &["ann"], 3),
        ("sixhundred", &["card=mini"], &["ann", "bob"], 3),
        ("sixhundred", &["card=mini"], &["ann", "optimal"], 3),
    ];
    for (name, options, players, games) in cases {
        let g = game(name, options);
        for seed in 0..games {
            let mut s = start(&g, players, seed, dir.path());
            play_out(&mut s, &mut SmallRng::seed_from_u64(seed));
            assert!(s.winners().is_some(), "{name}: the game ended");
            check_identity(&s);
            // The record reads back, writes the same text, and replays to
            // the same values.
            let text = s.record().to_string();
            let back = parse_record(&text).expect("a record");
            assert_eq!(&back, s.record());
            assert_eq!(back.to_string(), text);
            let (_, lines) = crate::record::parse_with_lines(&text).unwrap();
            let r = Play::replay(&g, &back, &lines.turns, dir.path(), &Silent)
                .unwrap_or_else(|e| panic!("{name} seed {seed}: {e}\n{text}"));
            assert_eq!(r.winners(), s.winners());
            assert_eq!(r.ledgers().len(), s.ledgers().len());
            for (a, b) in r.ledgers().iter().zip(s.ledgers()) {
                assert!((a.loss - b.loss).abs() < 1e-9 && (a.luck - b.luck).abs() < 1e-9, "{name} seed {seed}");
            }
        }
    }
}

/// Under `piggyback=return` a farkle on a leftover gives its points back:
/// random players who take every leftover see it happen, the seat that
/// left the dice gains exactly the points it left, and a return to the
/// goal gives the others their last turns (every game ends, in two-player
/// and three-player games).
#[test]
fn a_farkle_on_a_leftover_gives_its_points_back() {
    use crate::report::{Event, TurnEnd};
    let dir = tempfile::tempdir().unwrap();
    let mut returned = 0;
    for players in [&["ann", "bob"][..], &["ann", "bob", "cy"]] {
        let g = game("farkle", &["goal=700", "piggyback=return"]);
        for seed in 0..30 {
            let mut s = start(&g, players, seed, dir.path());
            let mut rng = SmallRng::seed_from_u64(seed);
            for _ in 0..100_000 {
                let prompt = s.prompt();
                if prompt.seat().is_none() {
                    break;
                }
                let before: Vec<i64> = s.view().seats.iter().map(|seat| seat.total).collect();
                let events = match prompt {
                    Prompt::Roll { .. } => s.roll(None).expect("rolls"),
                    Prompt::Offer { .. } => s.decide("take").expect("takes"),
                    _ => {
                        let words = random_words(&s, &mut rng);
                        s.decide(&words).expect("legal")
                    }
                };
                for e in events {
                    if let Event::TurnOver { seat, how: TurnEnd::Returned { points }, total, .. } = e {
                        assert_eq!(total, before[seat] + points, "seed {seed}: the leaver gets what it left");
                        returned += 1;
                    }
                }
            }
            assert!(s.winners().is_some(), "seed {seed}: the game ended");
            check_identity(&s);
        }
    }
    assert!(returned > 10, "{returned} returns");
}

#[test]
fn decisions_the_rules_forbid_are_refused_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let g = game("farkle", &["goal=2000", "min-bank"]);
    let mut s = start(&g, &["ann", "bob"], 1, dir.path());
    assert!(s.decide("keep 1 roll").is_err(), "a decision before the roll");
    s.roll(Some(counts_of(&[1, 2, 3, 4, 6, 6]))).unwrap();
    for words in ["keep 2 roll", "keep 11 roll", "keep 66 bank", "score fives", "take", "farkle", "keep 7 roll"] {
        let before = s.record().clone();
        assert!(s.decide(words).is_err(), "`{words}` is refused");
        assert_eq!(s.record(), &before);
    }
    s.decide("keep 1 roll").unwrap();
    assert_eq!(s.prompt(), Prompt::Roll { seat: 0, player: "ann".into(), dice: 5, fewer: false });
    assert!(s.roll(Some(counts_of(&[1, 2, 3]))).is_err(), "5 dice are due");

    let y = game("yahtzee", &[]);
    let mut s = start(&y, &["ann"], 1, dir.path());
    s.roll(Some(counts_of(&[2, 2, 5, 5, 6]))).unwrap();
    for words in ["keep 33", "score nothing", "lock 22", "keep 22 roll"] {
        assert!(s.decide(words).is_err(), "`{words}` is refused");
    }
    // Any roll may go in any open box (for 0): standing pat on roll 1.
    s.decide("score full-house").unwrap();
    let sheet = s.view().seats[0].sheet.clone().unwrap();
    assert_eq!(sheet.boxes.iter().find(|b| b.name == "full-house").unwrap().points, Some(0));
    assert!(s.decide("score full-house").is_err(), "a roll is due");
}

/// Near Yahtzix's exact goal a roll may use fewer dice: the counts
/// allowed, each roll's count judged as a decision, and kept-back dice
/// rolled later.
#[test]
fn near_an_exact_goal_a_player_rolls_some_of_the_dice() {
    let dir = tempfile::tempdir().unwrap();
    let g = game("yahtzix", &["goal=40", "exact-goal"]);
    let mut s = start(&g, &["ann", "bob"], 3, dir.path());
    // Everyone is within 50 of a 40-point goal: from the first roll.
    assert_eq!(s.prompt(), Prompt::Roll { seat: 0, player: "ann".into(), dice: 6, fewer: true });
    for bad in [0, 7] {
        assert!(s.roll_some(bad).is_err(), "{bad} dice");
    }
    assert!(s.roll(Some(counts_of(&[]))).is_err(), "no dice");
    // Three dice rolled, three kept back: the count is judged.
    let events = s.roll(Some(counts_of(&[1, 2, 3]))).expect("three of the six");
    let judged = events.iter().find_map(|e| match e {
        crate::report::Event::Decided { played, forced, .. } => Some((played.clone(), *forced)),
        _ => None,
    });
    assert_eq!(judged, Some(("roll 3 of the 6 dice".to_string(), false)));
    // Setting the 1 aside leaves five dice: the two rolled and the three kept.
    s.decide("keep 1 roll").expect("legal");
    assert_eq!(s.prompt(), Prompt::Roll { seat: 0, player: "ann".into(), dice: 5, fewer: true });
    s.roll(Some(counts_of(&[5]))).expect("one of the five");
    s.decide("keep 5 roll").expect("legal");
    assert_eq!(s.prompt(), Prompt::Roll { seat: 0, player: "ann".into(), dice: 4, fewer: true });
    // The record holds the dice rolled, and with them how many (typed in
    // a seeded game: rolled at the table, marked real).
    let text = s.record().to_string();
    assert!(text.contains("real 123 keep 1 roll; real 5 keep 5 roll"), "{text}");
}

/// Every game under each of its options: a game played to its end by
/// sixdice's players writes a record that reads back to itself, writes the
/// same text, and replays to the same end. (Push-your-luck games alone at
/// a small goal, so no win table is needed; leftovers with two players.)
#[test]
fn records_of_every_game_and_option_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let one = ["optimal"];
    let two = ["optimal", "ev"];
    let mut cases: Vec<(&str, Vec<&str>, &[&str])> = vec![];
    for game in ["farkle", "ten-thousand", "yahtzix"] {
        // Yahtzix scores about 45 a turn: its options at its own scale
        // (on the board also sets min-bank 350, more than its turns make).
        let options: [&[&str]; 5] = if game == "yahtzix" {
            [
                &["on-the-board=50", "min-bank=10"],
                &["min-bank=50"],
                &["vant-hof-6"],
                &["three-farkle-penalty=20"],
                &["exact-goal"],
            ]
        } else {
            [&["on-the-board"], &["min-bank"], &["vant-hof-6"], &["three-farkle-penalty"], &["exact-goal"]]
        };
        let goal = if game == "yahtzix" { "goal=300" } else { "goal=1000" };
        for option in options {
            cases.push((game, [&[goal][..], option].concat(), &one));
        }
        cases.push((game, vec![if game == "yahtzix" { "goal=200" } else { "goal=600" }, "piggyback"], &two));
    }
    cases.push(("ten-thousand", vec!["goal=1000", "alternative-scoring"], &one));
    cases.push(("yahtzix", vec!["goal=200", "go-for-it"], &two));
    for option in ["joker=free", "joker=forced", "no-bonus"] {
        cases.push(("yahtzee", vec![option], &one));
    }
    cases.push(("yatzy", vec![], &["optimal", "optimal"]));
    cases.push(("yahtzee-deluxe", vec![], &one));
    cases.push(("sixhundred", vec!["card=mini", "zero-only-when-forced"], &one));
    cases.push(("sixhundred", vec!["card=short"], &one));
    for (name, options, players) in cases {
        let g = game(name, &options);
        let mut s = start(&g, players, 5, dir.path());
        play_out(&mut s, &mut SmallRng::seed_from_u64(5));
        assert!(s.winners().is_some(), "{name} {options:?}: the game ended");
        let text = s.record().to_string();
        let back = parse_record(&text).unwrap_or_else(|e| panic!("{name} {options:?}: {e}\n{text}"));
        assert_eq!(&back, s.record());
        assert_eq!(back.to_string(), text);
        let (_, lines) = crate::record::parse_with_lines(&text).unwrap();
        let r = Play::replay(&g, &back, &lines.turns, dir.path(), &Silent)
            .unwrap_or_else(|e| panic!("{name} {options:?}: {e}\n{text}"));
        assert_eq!(r.winners(), s.winners(), "{name} {options:?}");
        assert_eq!(r.record().to_string(), text, "{name} {options:?}: the replay writes the same record");
    }
}

/// A score-sheet game of three, its tables at hand, is valued by each
/// player's chance to win: optimal seats lose nothing, people at random
/// do, the ledgers add up, a result is 1 only for a sole winner, and the
/// hint ranks as `advise --opponent-sheet` does.
#[test]
fn score_sheet_games_of_several_are_played_to_win() {
    use crate::registry::GameKind;
    use crate::vocabulary::Objective;
    let mut reduced = crate::registry::testing::category("yahtzee", &["no-bonus"]);
    reduced.categories.truncate(6);
    let g = Game(GameKind::Category(std::sync::Arc::new(reduced)));
    let dir = tempfile::tempdir().unwrap();
    for seed in 0..6 {
        let players: &[&str] = if seed % 2 == 0 { &["optimal", "optimal", "optimal"] } else { &["me", "optimal"] };
        let mut s = start(&g, players, seed, dir.path());
        assert_eq!(s.objective(), Objective::Win);
        assert!(s.judging().is_none());
        play_out(&mut s, &mut SmallRng::seed_from_u64(seed));
        let winners = s.winners().expect("over").to_vec();
        for (i, l) in s.ledgers().iter().enumerate() {
            if players[i] == "optimal" {
                assert!(l.loss.abs() < 1e-12, "seed {seed}: optimal seat {i} lost {}", l.loss);
            }
            assert_eq!(l.settled, if winners == [i] { 1.0 } else { 0.0 }, "seed {seed} seat {i}");
        }
        check_identity(&s);
    }
    // A game of one plays for points.
    let s = start(&g, &["optimal"], 1, dir.path());
    assert_eq!(s.objective(), Objective::FinalScore);
}
