//! Turns entered by their result (`Session::score`): what the rules refuse
//! changes nothing, what they take moves the totals as the same turn played
//! roll by roll does, with the same chances after it; the record replays to
//! the same game; a correction replays what follows; undo takes it back.

use std::path::Path;
use std::sync::Arc;

use super::owned::Session;
use super::tests::game;
use crate::dice::counts_of;
use crate::error::{Error, Refusal, SessionError};
use crate::progress::Silent;
use crate::question::PlayQuestion;
use crate::report::{PlayState, Prompt, TurnEnd};
use crate::vocabulary::Objective;

fn session(name: &str, options: &[&str], players: &[&str], dir: &Path) -> Session {
    let q = PlayQuestion {
        players: players.iter().map(ToString::to_string).collect(),
        seed: None,
        rollouts: Default::default(),
    };
    Session::new(Arc::new(game(name, options)), &q, dir, &Silent).expect("a session")
}

fn refused_points(e: Error) -> String {
    match e {
        Error::Session(SessionError::Refused(Refusal::Points { why })) => why,
        Error::Session(SessionError::AtLine { refusal: Refusal::Points { why }, .. }) => why,
        e => panic!("not a refusal of the points: {e}"),
    }
}

fn json(s: &PlayState) -> String {
    serde_json::to_string(s).unwrap()
}

/// Farkle of two to 1,000 (entry 500, scores in 50s): refused entries
/// change nothing; 0 is a farkle, 550 a bank that puts the player on the
/// board; the chances after an entered bank are the chances after the same
/// bank rolled (1000 from three 1s): the values depend on the position only.
#[test]
fn points_are_checked_and_bank_as_the_same_turn_rolled() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = session("farkle", &["goal=1000"], &["ann", "bob"], dir.path());
    assert_eq!(s.state().objective, Objective::Win);
    let entry = s.state().points_entry.expect("ann may enter her turn");
    assert_eq!((entry.seat, entry.unit, entry.least, entry.most), (0, 50, 500, None));
    let before = json(&s.state());
    for (bad, says) in
        [(55, "multiple of 50"), (450, "from 500 (to get on the board)"), (-50, "0 to"), (20_000_000, "0 to")]
    {
        let why = refused_points(s.score(bad).unwrap_err());
        assert!(why.contains(says), "{bad}: {why}");
        assert_eq!(json(&s.state()), before, "a refused entry changes nothing");
    }
    let events = s.score(0).unwrap();
    assert!(events.iter().any(|e| matches!(e, crate::report::Event::TurnOver { how: TurnEnd::Farkle { .. }, .. })));
    s.score(550).unwrap();
    let state = s.state();
    assert_eq!(state.view.seats[1].total, 550);
    assert_eq!(state.turns.len(), 2);
    assert!(state.turns.iter().all(|t| t.entered));
    assert_eq!(state.turns[1].how, TurnEnd::Bank { points: 550, counted: true });
    assert_eq!(s.record().to_string().lines().rev().take(2).collect::<Vec<_>>(), ["bob: points 550", "ann: points 0"]);
    // On the board now, bob may bank any multiple of 50 (Farkle has no
    // minimum bank); ann, not yet on the board, still needs 500.
    assert_eq!(s.state().points_entry.unwrap().least, 500);

    // A farkle rolled and a farkle entered leave the same chances.
    let mut rolled = session("farkle", &["goal=1000"], &["ann", "bob"], dir.path());
    rolled.roll(Some(counts_of(&[2, 2, 3, 4, 6, 6]))).unwrap();
    let mut entered = session("farkle", &["goal=1000"], &["ann", "bob"], dir.path());
    entered.score(0).unwrap();
    let (r, e) = (rolled.state(), entered.state());
    assert_eq!(r.prompt, e.prompt);
    let (vr, ve) = (r.turns[0].chances.clone().unwrap(), e.turns[0].chances.clone().unwrap());
    for (x, y) in vr.iter().zip(&ve) {
        assert!((x - y).abs() < 1e-12, "rolled {vr:?}, entered {ve:?}");
    }
    assert!((ve[0] + ve[1] - 1.0).abs() < 1e-9, "two players' chances sum to 1: {ve:?}");
    assert_eq!(ve, e.view.seats.iter().map(|x| x.value).collect::<Vec<_>>());
}

/// A bank of 1,000 rolled (four 1s) and entered: the same chances.
#[test]
fn an_entered_bank_has_the_chances_of_the_bank_rolled() {
    let dir = tempfile::tempdir().unwrap();
    let mut rolled = session("farkle", &["goal=2000"], &["ann", "bob"], dir.path());
    rolled.roll(Some(counts_of(&[1, 1, 1, 1, 2, 3]))).unwrap();
    rolled.decide("keep 1111 bank").unwrap();
    let mut entered = session("farkle", &["goal=2000"], &["ann", "bob"], dir.path());
    entered.score(1000).unwrap();
    let (r, e) = (rolled.state(), entered.state());
    assert_eq!(r.view.seats[0].total, 1000);
    assert_eq!(e.view.seats[0].total, 1000);
    assert_eq!(r.prompt, e.prompt);
    assert!(!r.turns[0].entered && e.turns[0].entered);
    let (vr, ve) = (r.turns[0].chances.clone().unwrap(), e.turns[0].chances.clone().unwrap());
    for (x, y) in vr.iter().zip(&ve) {
        assert!((x - y).abs() < 1e-12, "rolled {vr:?}, entered {ve:?}");
    }
    assert!(ve[0] > 0.5, "1,000 of 2,000 up: ann is the favourite ({ve:?})");
}

/// The record of entered turns replays to the same game; a correction
/// replays what follows it and says so in the line; undo takes an entered
/// turn back; a turn already rolled, sixdice's seat and a category game
/// take no points.
#[test]
fn entered_turns_replay_correct_and_undo() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = session("farkle", &["goal=10000"], &["ann", "bob", "cy", "dee"], dir.path());
    // Four players to 10,000: their table is over the size budget (a
    // refusal that does not depend on the machine's speed, as the estimate
    // of a table that merely takes long does).
    assert_eq!(s.state().objective, Objective::TurnScore, "four players: expected points");
    for p in [500, 0, 650, 1000, 300, 0, 0, 700] {
        s.score(p).unwrap();
    }
    let state = s.state();
    assert_eq!(state.view.seats.iter().map(|x| x.total).collect::<Vec<_>>(), [800, 0, 650, 1700]);
    assert!(state.turns.iter().all(|t| t.chances.is_none()), "no chances where values are points");
    let g = Arc::new(game("farkle", &["goal=10000"]));
    let again = Session::reopen(Arc::clone(&g), s.record(), dir.path(), &Silent).unwrap();
    assert_eq!(json(&again.state()), json(&state));

    let fixed = s.correct(3, 600, dir.path(), &Silent).unwrap();
    assert_eq!(fixed.state().view.seats[2].total, 600);
    assert!(fixed.record().to_string().contains("cy: points 600 # corrected from 650"));
    assert_eq!(s.state().view.seats[2].total, 650, "the session corrected is left as it was");
    let why = refused_points(s.correct(3, 450, dir.path(), &Silent).err().unwrap_or_else(|| panic!("450 < entry")));
    assert!(why.contains("from 500"), "{why}");
    assert!(refused_points(s.correct(99, 600, dir.path(), &Silent).err().unwrap()).contains("no turn 99"));

    let undone = s.undo(dir.path(), &Silent).unwrap();
    assert_eq!(undone.state().view.seats[3].total, 1000);
    assert!(matches!(undone.state().prompt, Prompt::Roll { seat: 3, .. }));

    s.roll(Some(counts_of(&[1, 2, 3, 4, 6, 6]))).unwrap();
    assert!(s.state().points_entry.is_none());
    assert!(refused_points(s.score(500).unwrap_err()).contains("has begun"));
    let mut rolled = session("farkle", &["goal=10000"], &["ann", "bob"], dir.path());
    rolled.roll(Some(counts_of(&[2, 2, 3, 4, 6, 6]))).unwrap();
    assert!(refused_points(rolled.correct(1, 500, dir.path(), &Silent).err().unwrap()).contains("roll by roll"));

    let mut cpu = session("farkle", &["goal=10000"], &["optimal", "ann"], dir.path());
    assert!(cpu.state().points_entry.is_none());
    assert!(matches!(cpu.score(500), Err(Error::Session(SessionError::ComputerSeat { seat: 0 }))));
    let mut yz = session("yatzy", &[], &["ann"], dir.path());
    assert!(yz.state().points_entry.is_none());
    assert!(refused_points(yz.score(50).unwrap_err()).contains("category"));
}

/// Rules that cap or reshape a bank: an exact goal refuses what passes it;
/// three farkles entered as 0 pay the penalty; a leftover taken over
/// needs more than its points.
#[test]
fn exact_goals_penalties_and_leftovers_bound_the_points() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = session("farkle", &["goal=1000", "exact-goal", "three-farkle-penalty"], &["ann"], dir.path());
    s.score(800).unwrap();
    let entry = s.state().points_entry.unwrap();
    assert_eq!(entry.most, Some(200));
    assert!(refused_points(s.score(250).unwrap_err()).contains("up to 200"));
    for _ in 0..3 {
        s.score(0).unwrap();
    }
    let state = s.state();
    let TurnEnd::Farkle { penalty } = state.turns[3].how else { panic!("a farkle") };
    assert!(penalty > 0 && matches!(state.turns[2].how, TurnEnd::Farkle { penalty: 0 }));
    assert_eq!(state.view.seats[0].total, 800 - penalty, "the third farkle in a row pays the penalty");
    s.score(200 + penalty).unwrap();
    assert!(s.state().over, "reaching 1,000 exactly ends the game");

    let mut p = session("farkle", &["goal=3000", "piggyback"], &["ann", "bob", "cy"], dir.path());
    // (Taking over needs the board: everyone gets on it first.)
    for points in [500, 500, 500] {
        p.score(points).unwrap();
    }
    p.roll(Some(counts_of(&[1, 1, 1, 1, 5, 2]))).unwrap();
    p.decide("keep 11115 bank").unwrap();
    assert!(matches!(p.state().prompt, Prompt::Offer { dice: 1, points: 1050, .. }), "{:?}", p.state().prompt);
    assert!(p.state().points_entry.is_none(), "take or fresh first");
    assert!(matches!(p.score(1200), Err(Error::Session(SessionError::Refused(Refusal::NotYet { .. })))));
    p.decide("take").unwrap();
    let entry = p.state().points_entry.unwrap();
    assert_eq!(entry.least, 1100);
    assert!(refused_points(p.score(1050).unwrap_err()).contains("from 1100 (more than the 1050"));
    p.score(1200).unwrap();
    assert_eq!(p.state().view.seats[1].total, 1700);
    assert!(p.record().to_string().contains("bob: take; points 1200"));
    let g = Arc::new(game("farkle", &["goal=3000", "piggyback"]));
    let again = Session::reopen(g, p.record(), dir.path(), &Silent).unwrap();
    assert_eq!(json(&again.state()), json(&p.state()));
}
