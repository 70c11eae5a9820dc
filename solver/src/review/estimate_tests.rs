//! A review of a game of four that no exact table fits: its decisions
//! judged by P(win) estimated by rollouts beside the points.

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::review;
use crate::progress::Silent;
use crate::question::{PlayQuestion, ReviewQuestion, RolloutAsk};
use crate::session::tests::{game, play_out};
use crate::session::Play;

/// Four people of Farkle to 1,500 (its table of four not solved) playing
/// at random, reviewed with `count` rollouts a decision.
#[test]
fn a_game_of_four_is_reviewed_by_rollouts_and_only_separated_losses_are_classed() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let g = game("farkle", &["goal=1500"]);
    let players = ["ann", "bob", "cat", "dan"].iter().map(ToString::to_string).collect();
    let q = PlayQuestion { players, seed: Some(8), rollouts: RolloutAsk::default() };
    let mut s = Play::new(&g, &q, dir.path(), &Silent).expect("a session");
    play_out(&mut s, &mut SmallRng::seed_from_u64(8));
    let text = s.record().to_string();
    let ask = RolloutAsk { force: false, count: Some(300), seed: 4 };
    let q = ReviewQuestion { rollouts: ask, ..ReviewQuestion::default() };
    let r = review(&text, &q, dir.path(), &Silent).expect("reviews");
    let e = r.estimates.as_ref().expect("estimated: no exact table of four is solved");
    assert_eq!((e.rollouts, e.seed, e.budget_seconds), (300, 4, None));
    // Every decision the rollouts can judge is judged (a count: no budget).
    assert!(e.estimable > 0 && e.estimated == e.estimable, "{} of {}", e.estimated, e.estimable);
    let judged: Vec<_> = r.decisions.iter().filter_map(|d| d.estimate.as_ref().map(|x| (d, x))).collect();
    assert_eq!(judged.len(), e.estimated);
    assert!(judged.iter().all(|(d, _)| !d.forced), "forced decisions are not judged");
    for (d, x) in &judged {
        assert!(x.loss.low <= x.loss.estimate && x.loss.estimate <= x.loss.high, "#{}", d.number);
        assert_eq!(x.separated, x.loss.low > 0.0, "#{}", d.number);
        // Only what the rollouts separate is classed.
        assert!(x.class.is_none() || x.separated, "#{} classed within the noise", d.number);
    }
    // Random play loses: some losses are told apart, and classed.
    assert!(judged.iter().any(|(_, x)| x.separated && x.class.is_some()), "random play made no mistake?");
    // Each player's sums are of their separated losses.
    for (seat, p) in e.players.iter().enumerate() {
        let mine: Vec<_> = judged.iter().filter(|(d, _)| d.seat == seat).collect();
        assert_eq!(p.estimated, mine.len());
        let sum: f64 = mine.iter().filter(|(_, x)| x.separated).map(|(_, x)| x.loss.estimate).sum();
        assert!((p.total_loss - sum).abs() < 1e-12, "{}: {} {sum}", p.player, p.total_loss);
        let mistakes = mine.iter().filter(|(_, x)| x.class == Some(crate::report::DecisionClass::Mistake)).count();
        assert_eq!(p.mistakes, mistakes);
    }
    // The same count and seed give the same review (but its time).
    let again = review(&text, &q, dir.path(), &Silent).expect("reviews");
    let mut a = again.estimates.clone().expect("estimated");
    a.seconds = e.seconds;
    assert_eq!(&a, e);
    let losses = |r: &crate::report::ReviewReport| r.decisions.iter().map(|d| d.estimate.clone()).collect::<Vec<_>>();
    assert_eq!(losses(&again), losses(&r));
    // A game of two has exact values: nothing estimated.
    let q2 = PlayQuestion { players: vec!["ann".into(), "bob".into()], seed: Some(1), rollouts: RolloutAsk::default() };
    let g2 = game("farkle", &["goal=500"]);
    let mut two = Play::new(&g2, &q2, dir.path(), &Silent).expect("a session");
    play_out(&mut two, &mut SmallRng::seed_from_u64(1));
    let r2 = review(&two.record().to_string(), &q, dir.path(), &Silent).expect("reviews");
    assert!(r2.estimates.is_none() && r2.decisions.iter().all(|d| d.estimate.is_none()));
}
