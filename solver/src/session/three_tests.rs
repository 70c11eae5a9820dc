//! Games of three (and more) through sessions: P(win) from the table of
//! three, the ledger of three, expected points where no table is at hand
//! (last turns still played to pass), legality checked before any table is
//! solved.

use std::cell::Cell;
use std::path::Path;
use std::sync::OnceLock;

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::tests::{check_identity, game, random_words};
use super::Play;
use crate::commands;
use crate::dice::counts_of;
use crate::progress::Silent;
use crate::question::{AdviseQuestion, PlayQuestion, PushLuckQuestion};
use crate::record::parse_with_lines;
use crate::report::{Advice, Event, Prompt, Then, TurnEnd};
use crate::vocabulary::Objective;

/// The goal of the games of three: its table solves in about a second.
const GOAL: &str = "goal=1000";

/// A directory holding Farkle's table of three to [`GOAL`], solved once
/// for every test here (the tests run side by side wait for it).
fn tables() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let g = game("farkle", &[GOAL]);
        let crate::registry::GameKind::PushLuck(p) = &g.0 else { unreachable!("Farkle is push-your-luck") };
        crate::pushluck::win::players::table::solve_and_save(p, 3, dir.path(), &Silent).expect("solves");
        dir
    })
    .path()
}

fn start<'g>(g: &'g crate::registry::Game, players: &[&str], seed: u64, dir: &Path) -> Play<'g> {
    let q = PlayQuestion {
        players: players.iter().map(ToString::to_string).collect(),
        seed: Some(seed),
        rollouts: Default::default(),
    };
    Play::new(g, &q, dir, &Silent).expect("a session")
}

/// Plays `s` out (computer seats themselves, people at random), calling
/// `watch` before every move with the session as it is.
fn play_watching(s: &mut Play, rng: &mut SmallRng, mut watch: impl FnMut(&Play), mut after: impl FnMut(&[Event])) {
    for _ in 0..100_000 {
        watch(s);
        let prompt = s.prompt();
        let Some(seat) = prompt.seat() else { return };
        let events = if s.is_computer(seat) {
            s.play_computer(None).expect("a computer's move is legal")
        } else if let Prompt::Roll { .. } = prompt {
            s.roll(None).expect("the session rolls")
        } else {
            let words = random_words(s, rng);
            s.decide(&words).unwrap_or_else(|e| panic!("`{words}` was offered as legal: {e}"))
        };
        after(&events);
    }
    panic!("a game longer than 100,000 moves");
}

/// Every bank of a last turn in `events` passes the highest total, when
/// `leader_total` is the highest total at the turn's start (`None`: not a
/// last turn).
fn banks_pass(events: &[Event], leader_total: Option<i64>, mover: usize) -> bool {
    let Some(high) = leader_total else { return true };
    events.iter().all(|e| match e {
        Event::TurnOver { seat, how: TurnEnd::Bank { .. }, total, .. } if *seat == mover => *total > high,
        _ => true,
    })
}

/// Three `optimal` players of Farkle to 1,000, the table of three solved:
/// the values are P(win), no decision loses anything (reviewed), a last
/// turn never banks below what passes, every result is 1 or 0 and the
/// luck identity holds for every seat.
#[test]
fn three_optimal_players_lose_nothing_by_their_chances_and_pass_in_last_turns() {
    optimal_players_lose_nothing(&game("farkle", &[GOAL]), 3, tables());
}

/// The same with four `optimal` players of Farkle to 300 without an entry
/// threshold (the table of four, 1,296 states, solved here in a few
/// seconds): the last round with two chasers still to come is the chain's.
#[test]
fn four_optimal_players_lose_nothing_by_their_chances_and_pass_in_last_turns() {
    let g = game("farkle", &["goal=300", "on-the-board=0"]);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let crate::registry::GameKind::PushLuck(p) = &g.0 else { unreachable!("Farkle is push-your-luck") };
    crate::pushluck::win::players::table::solve_and_save(p, 4, dir.path(), &Silent).expect("solves");
    optimal_players_lose_nothing(&g, 4, dir.path());
}

/// `players` `optimal` players of `g` with its table in `dir`, four games.
fn optimal_players_lose_nothing(g: &crate::registry::Game, players: usize, dir: &Path) {
    let mut last_turns = 0;
    for seed in 0..4 {
        let mut s = start(g, &vec!["optimal"; players], seed, dir);
        assert_eq!(s.objective(), Objective::Win);
        assert_eq!(s.judging(), None);
        let (leader, mover) = (Cell::new(None), Cell::new(0));
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut passes = true;
        play_watching(
            &mut s,
            &mut rng,
            |s| {
                let v = s.view();
                mover.set(v.mover.unwrap_or(0));
                leader.set(v.last_turns.filter(|l| l.leader != mover.get()).map(|l| l.leader_total));
            },
            |events| {
                let ended = events.iter().any(|e| matches!(e, Event::TurnOver { .. }));
                last_turns += usize::from(leader.get().is_some() && ended);
                passes &= banks_pass(events, leader.get(), mover.get());
            },
        );
        assert!(passes, "seed {seed}: a last turn banked below what passes");
        let winners = s.winners().expect("over").to_vec();
        assert_eq!(winners.len(), 1);
        for (i, l) in s.ledgers().iter().enumerate() {
            assert!(l.loss.abs() < 1e-12, "seed {seed}: optimal seat {i} lost {}", l.loss);
            assert_eq!(l.settled, if winners[0] == i { 1.0 } else { 0.0 }, "seed {seed}: seat {i}");
        }
        check_identity(&s);
        // The review of the game says the same.
        let text = s.record().to_string();
        let (_, lines) = parse_with_lines(&text).expect("a record");
        let report = crate::review::summarise(&s, &lines, None);
        assert_eq!(report.objective, Objective::Win);
        for p in &report.players {
            assert!(p.total_loss.abs() < 1e-12, "seed {seed}: {} lost {}", p.player, p.total_loss);
        }
    }
    assert!(last_turns > 0, "the games reached their last turns");
}

/// A person's seat in a game of three, and the computers' too: at every
/// decision the session's ranked alternatives (values, best play, every
/// choice) are `advise --opponents B,C`'s for the same position, and the
/// replayed record gives every seat the same ledger.
#[test]
fn every_decision_of_three_is_valued_as_advise_values_it() {
    let g = game("farkle", &[GOAL]);
    let (mut asked, mut in_last_turns) = (0, 0);
    for seed in 0..3 {
        let mut s = start(&g, &["ann", "optimal", "ev"], seed, tables());
        let mut rng = SmallRng::seed_from_u64(100 + seed);
        play_watching(
            &mut s,
            &mut rng,
            |s| {
                let Prompt::Decide { seat, roll, dice, .. } = s.prompt() else { return };
                let Ok(Advice::PushLuck(hint)) = s.hint() else { panic!("a roll's hint") };
                let v = s.view();
                in_last_turns += usize::from(v.last_turns.is_some());
                let total = |i: usize| v.seats[(seat + i) % 3].total;
                let q = PushLuckQuestion {
                    score: Some(total(0)),
                    opponent: Some(total(1)),
                    later_opponents: vec![total(2)],
                    roll: Some(roll),
                    objective: Objective::Win,
                    ..PushLuckQuestion::roll(counts_of(&dice), v.turn.expect("a turn").at_stake)
                };
                let Advice::PushLuck(a) =
                    commands::advise(&g, &AdviseQuestion::PushLuck(q), tables(), &Silent).expect("advice")
                else {
                    panic!("a roll's advice")
                };
                assert_eq!(a.alternatives, hint.alternatives, "seed {seed}: {}", a.situation);
                asked += 1;
            },
            |_| {},
        );
        check_identity(&s);
        let text = s.record().to_string();
        let (record, lines) = parse_with_lines(&text).expect("a record");
        let r = Play::replay(&g, &record, &lines.turns, tables(), &Silent).expect("replays");
        for (a, b) in r.ledgers().iter().zip(s.ledgers()) {
            assert!((a.loss - b.loss).abs() < 1e-12 && (a.luck - b.luck).abs() < 1e-12, "seed {seed}");
            assert!((a.gifts - b.gifts).abs() < 1e-12, "seed {seed}");
        }
    }
    assert!(asked > 30 && in_last_turns > 0, "{asked} decisions compared, {in_last_turns} in last turns");
}

/// Where no table of every state is at hand (four players to 1,000,
/// whose table takes longer than the auto-solve budget; three under
/// piggyback, which the solver of three does not take), the session says
/// once that it judges by expected points, and why; a last turn is still
/// valued by the chance of passing: a bank at or below the highest total is
/// worth 0, one above it 1, and `optimal` never banks below what passes.
#[test]
fn without_a_table_of_three_last_turns_are_played_to_pass() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for (options, players, why) in [
        // The table of four to 1,000 takes longer than the auto-solve budget.
        (&["goal=1000"][..], &["optimal", "optimal", "ann", "optimal"][..], "--players 4"),
        (&["goal=1000", "piggyback"], &["optimal", "ann", "optimal"], "piggyback"),
    ] {
        let g = game("farkle", options);
        let mut last_decisions = 0;
        for seed in 0..4 {
            let mut s = start(&g, players, seed, dir.path());
            assert_eq!(s.objective(), Objective::TurnScore);
            let judging = s.judging().expect("says how it judges");
            assert!(judging.contains("expected points") && judging.contains(why), "{judging}");
            // Nothing of this machine's momentary speed: a game and its
            // reopening say the same.
            assert!(why != "--players 4" || !judging.contains("takes about"), "{judging}");
            // The highest total at a computer's last turn.
            let (leader, mover_cell) = (Cell::new(None), Cell::new(0));
            let mut passes = true;
            play_watching(
                &mut s,
                &mut SmallRng::seed_from_u64(seed),
                |s| {
                    let v = s.view();
                    let mover = v.mover.unwrap_or(0);
                    mover_cell.set(mover);
                    let last = v.last_turns.filter(|l| l.leader != mover).map(|l| l.leader_total);
                    leader.set(last.filter(|_| s.is_computer(mover)));
                    let (Some(high), Prompt::Decide { .. }) = (last, s.prompt()) else { return };
                    let Ok(Advice::PushLuck(a)) = s.hint() else { return };
                    assert_eq!(a.objective, Objective::Win, "a last turn is valued by the chance of passing");
                    let total = v.seats[mover].total;
                    for alt in a.alternatives.iter().filter(|a| a.then == Then::Bank) {
                        let want = if total + alt.at_stake > high { 1.0 } else { 0.0 };
                        assert_eq!(alt.expected_score, want, "bank {} at {total} behind {high}", alt.at_stake);
                    }
                    if a.alternatives.iter().any(|x| x.then == Then::Bank && total + x.at_stake > high) {
                        assert_eq!(a.alternatives[0].expected_score, 1.0, "the best play passes");
                    }
                    last_decisions += 1;
                },
                |events| passes &= banks_pass(events, leader.get(), mover_cell.get()),
            );
            assert!(passes, "{why} seed {seed}: optimal banked below what passes");
            check_identity(&s);
        }
        assert!(last_decisions > 0, "{why}: the games reached their last turns");
    }
    assert!(std::fs::read_dir(dir.path()).expect("reads").next().is_none(), "no table was solved");
}

/// A record with an illegal line is refused before any win table is
/// solved: the tables directory stays empty (two players, three).
#[test]
fn an_illegal_record_is_refused_before_a_win_table_is_solved() {
    let g = game("farkle", &["goal=2000"]);
    for players in ["ann bob", "ann bob cy"] {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let text = format!(
            "sixdice-record 1\ngame farkle\noption goal=2000\nplayers {players}\nann: 123356 keep 5 bank\nbob: 222346 \
             keep 23 bank\n"
        );
        let (record, lines) = parse_with_lines(&text).expect("a record");
        let e = Play::replay(&g, &record, &lines.turns, dir.path(), &Silent).err().expect("refused");
        assert!(e.to_string().contains("line 6"), "{e}");
        assert!(std::fs::read_dir(dir.path()).expect("reads").next().is_none(), "{players}: a table was solved");
    }
}

/// Under `min-bank`, a stop below it is what advise lists: refused on the
/// board (advise lists no bank), and off the board (below the entry
/// threshold, where a stop is allowed and scores nothing) taken, as advise
/// lists it, worth nothing.
#[test]
fn a_stop_below_min_bank_is_legal_exactly_where_advise_lists_it() {
    let g = game("farkle", &["min-bank=350", "goal=2000"]);
    let dir = tempfile::tempdir().expect("a temporary directory");
    for on_board in [true, false] {
        let mut s = start(&g, &["me"], 1, dir.path());
        if on_board {
            // 1000 with four 1s, banked: on the board.
            s.roll(Some(counts_of(&[1, 1, 1, 1, 2, 3]))).expect("rolls");
            s.decide("keep 1111 bank").expect("banks 1000");
            assert_eq!(s.view().seats[0].on_board, Some(true));
        }
        s.roll(Some(counts_of(&[1, 5, 2, 3, 3, 6]))).expect("rolls");
        let Ok(Advice::PushLuck(hint)) = s.hint() else { panic!("a roll's hint") };
        let q = PushLuckQuestion {
            score: Some(if on_board { 1000 } else { 0 }),
            ..PushLuckQuestion::roll(counts_of(&[1, 5, 2, 3, 3, 6]), 0)
        };
        let Advice::PushLuck(a) = commands::advise(&g, &AdviseQuestion::PushLuck(q), dir.path(), &Silent).unwrap()
        else {
            panic!("a roll's advice")
        };
        assert_eq!(a.alternatives, hint.alternatives);
        let listed = a.alternatives.iter().any(|x| x.set_aside == [5] && x.then == Then::Bank);
        assert_eq!(listed, !on_board);
        let taken = s.decide("keep 5 bank");
        assert_eq!(taken.is_ok(), listed, "on the board: {on_board}: {taken:?}");
    }
}
