//! Estimates by rollouts in a game in play (four players of Farkle to
//! 1,500, whose exact table is not solved: the values are expected points
//! and the chances are estimated): every seat's chance with its interval,
//! the roll ranked, a decision judged, and what undo keeps.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use super::owned::Session;
use super::tests::game;
use crate::error::{Error, SessionError};
use crate::progress::Silent;
use crate::question::{PlayQuestion, RolloutAsk};
use crate::report::{Advice, Prompt};

const GOAL: &str = "goal=1500";

/// One directory for the tests here: the pair table the rollouts play is
/// solved into it on first use.
fn tables() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().expect("a temporary directory")).path()
}

fn four(seed: u64) -> Session {
    let players = ["ann", "bob", "cat", "dan"].iter().map(ToString::to_string).collect();
    let q = PlayQuestion { players, seed: Some(seed), rollouts: RolloutAsk::default() };
    Session::new(Arc::new(game("farkle", &[GOAL])), &q, tables(), &Silent).expect("a session")
}

fn count(n: u64) -> RolloutAsk {
    RolloutAsk { force: false, count: Some(n), seed: 3 }
}

/// Rolls for the person to move until a decision is due.
fn to_decision(s: &mut Session) {
    for _ in 0..100 {
        match s.state().prompt {
            Prompt::Roll { .. } => {
                s.roll(None).expect("the session rolls");
            }
            Prompt::Decide { .. } => return,
            p => panic!("no decision came: {p:?}"),
        }
    }
    panic!("a hundred rolls without a decision");
}

#[test]
fn four_players_without_a_table_are_estimated_seat_by_seat_and_kept_in_the_score_table() {
    let mut s = four(5);
    let state = s.state();
    assert!(state.estimated.as_deref().is_some_and(|w| w.contains("not solved yet")), "{:?}", state.estimated);
    let e = s.estimate_seats(&count(600), &Silent).expect("estimates");
    assert_eq!((e.turn, e.mover, e.seats.len(), e.summary.rollouts), (1, 0, 4, 600));
    for c in &e.seats {
        assert!(c.low <= c.estimate && c.estimate <= c.high && c.low >= 0.0 && c.high <= 1.0, "{c:?}");
    }
    // One winner a rollout: the seats' shares add up to one.
    let sum: f64 = e.seats.iter().map(|c| c.estimate).sum();
    assert!((sum - 1.0).abs() < 1e-9, "{sum}");
    // The same count and seed give the same numbers, from a fresh session
    // too (the turns kept between estimates change nothing).
    assert_eq!(s.estimate_seats(&count(600), &Silent).expect("estimates").seats, e.seats);
    assert_eq!(four(5).estimate_seats(&count(600), &Silent).expect("estimates").seats, e.seats);
    // A turn played: the next estimate is kept as the chances after it.
    to_decision(&mut s);
    let best = match s.hint().expect("a hint") {
        Advice::PushLuck(a) => a.alternatives[0].record_action().to_string(),
        a => panic!("{a:?}"),
    };
    let bank = best.replace(" roll", " bank");
    s.decide(&bank).expect("a legal bank");
    while s.state().turns.is_empty() {
        to_decision(&mut s);
        s.decide(&bank).ok();
    }
    let after = s.estimate_seats(&count(300), &Silent).expect("estimates");
    let turns = s.state().turns;
    assert_eq!(turns.last().and_then(|t| t.estimates.clone()), Some(after.seats.clone()));
    assert_eq!(after.mover, 1);
}

#[test]
fn the_roll_in_play_is_ranked_by_rollouts_and_a_decision_judged_against_the_best_on_the_same_dice() {
    let mut s = four(11);
    to_decision(&mut s);
    let Advice::PushLuck(exact) = s.hint().expect("a hint") else { panic!("push-your-luck") };
    let Advice::PushLuck(by) = s.hint_by_rollouts(&count(800), &Silent).expect("ranked") else { panic!() };
    // The same plays, each with its estimate; the first is the best by it.
    let plays = |a: &crate::report::PushLuckAdvice| {
        let mut v: Vec<String> = a.alternatives.iter().map(|x| x.record_action().to_string()).collect();
        v.sort();
        v
    };
    assert_eq!(plays(&exact), plays(&by));
    assert!(by.alternatives.iter().all(|a| a.estimate.is_some()));
    assert!(by.alternatives.windows(2).all(|w| w[0].expected_score >= w[1].expected_score));
    assert_eq!(by.rollouts.as_ref().map(|r| r.rollouts), Some(800));
    for alt in &by.alternatives {
        let words = alt.record_action().to_string();
        let j = s.judge_by_rollouts(&words, &count(800), &Silent).expect("judged");
        match alt.estimate.and_then(|e| e.below_best) {
            // The judgement is the ranking's own difference, on the same dice.
            Some(d) => {
                assert_eq!(j.loss, d, "{words}");
                assert_eq!(j.separated, d.low > 0.0, "{words}");
                assert!(j.verdict.contains(if j.separated { "that cost" } else { "holds 0" }), "{}", j.verdict);
            }
            None => {
                assert_eq!((j.loss.estimate, j.separated), (0.0, false), "{words}");
                assert!(j.verdict.starts_with("the best play"), "{}", j.verdict);
            }
        }
    }
    // Judging does not play: the decision is still due.
    assert!(matches!(s.state().prompt, Prompt::Decide { .. }));
    // Words that are no set-aside are refused in one line.
    let e = s.judge_by_rollouts("fresh", &count(10), &Silent).expect_err("not a set-aside");
    assert!(matches!(e, Error::Session(SessionError::NotEstimated { .. })), "{e}");
}

#[test]
fn undo_keeps_the_estimates_of_the_turns_it_keeps_and_exact_games_refuse_estimates() {
    let mut s = four(2);
    // Two turns, each followed by an estimate.
    for _ in 0..2 {
        let before = s.state().turns.len();
        while s.state().turns.len() == before {
            to_decision(&mut s);
            // The fewest points banked: no turn reaches the goal.
            let Advice::PushLuck(a) = s.hint().expect("a hint") else { panic!() };
            let least = a.alternatives.iter().min_by_key(|x| x.at_stake).expect("a play");
            s.decide(&least.record_action().to_string().replace(" roll", " bank")).expect("legal");
        }
        s.estimate_seats(&count(100), &Silent).expect("estimates");
    }
    to_decision(&mut s);
    let Advice::PushLuck(a) = s.hint().expect("a hint") else { panic!() };
    s.decide(&a.alternatives[0].record_action().to_string()).expect("legal");
    let undone = s.undo(tables(), &Silent).expect("undoes");
    let was = s.state().turns;
    let now = undone.state().turns;
    assert!(!now.is_empty());
    for (n, w) in now.iter().zip(&was) {
        assert_eq!(n.estimates, w.estimates, "turn {}", n.turn);
        assert!(n.estimates.is_some());
    }
    // Two players: the values are the win table's exact chances.
    let q = PlayQuestion { players: vec!["ann".into(), "bob".into()], seed: Some(1), rollouts: RolloutAsk::default() };
    let mut two = Session::new(Arc::new(game("farkle", &["goal=500"])), &q, tables(), &Silent).expect("a session");
    assert_eq!(two.state().estimated, None);
    let e = two.estimate_seats(&count(10), &Silent).expect_err("exact");
    assert!(e.to_string().starts_with("no estimate by rollouts here"), "{e}");
}

/// Four `optimal` seats at estimated chances: every decision a seat makes
/// on an ordinary turn is the rollouts' policy's (the pair table's best
/// against the strongest opponent), which in a whole game differs from
/// the play for expected points (measured: once in 23); the state says so.
#[test]
fn at_estimated_chances_an_optimal_seat_plays_the_rollouts_policy() {
    use super::play::{Play, Table};
    use crate::computer::Player;
    use crate::pushluck::rollout::Rollouts;
    use crate::record::{Decision, Step};
    use crate::registry::GameKind;

    let g = game("farkle", &[GOAL]);
    let players = ["optimal"; 4].iter().map(ToString::to_string).collect();
    let q = PlayQuestion { players, seed: Some(8), rollouts: RolloutAsk::default() };
    let session = Session::new(Arc::new(g.clone()), &q, tables(), &Silent).expect("a session");
    let how = session.state().optimal_plays.expect("said");
    assert!(how.contains("rollouts' policy") && how.contains("strongest opponent"), "{how}");
    let mut play = Play::new(&g, &q, tables(), &Silent).expect("a game");
    assert!(play.wants_policy());
    let GameKind::PushLuck(pg) = &g.0 else { unreachable!("Farkle") };
    let r = Rollouts::load(pg, tables(), &Silent).expect("the pair table");
    let (mut by_policy, mut differ) = (0, 0);
    for _ in 0..crate::limits::COMPUTER_MOVES {
        match play.prompt() {
            Prompt::Over => break,
            Prompt::Decide { .. } => {
                let Table::PushLuck(t) = &play.table else { unreachable!("Farkle") };
                let policy = t.policy_choice(&r).expect("ranks");
                let points = t.computer(Player::Optimal).expect("decides");
                play.play_computer_with(None, Some(&r)).expect("moves");
                let made = match play.record.turns().last().and_then(|l| l.steps.last()) {
                    Some(Step::Roll { action, .. }) => Decision::Act(action.clone()),
                    other => panic!("a roll's decision: {other:?}"),
                };
                if let Some(p) = policy {
                    assert_eq!(made, p);
                    by_policy += 1;
                    differ += usize::from(p != points);
                } else {
                    assert_eq!(made, points, "a last turn: played to pass");
                }
            }
            _ => {
                play.play_computer_with(None, Some(&r)).expect("rolls");
            }
        }
    }
    assert!(matches!(play.prompt(), Prompt::Over), "the game ends");
    eprintln!("{by_policy} decisions by the policy, {differ} unlike the play for points");
    assert!(by_policy >= 20 && differ >= 1, "{by_policy} decisions, {differ} unlike");
}
