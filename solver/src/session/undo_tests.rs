//! Undo: after any decision a person made (and the moves sixdice made
//! after it), undo gives back exactly the position before it: the same
//! record, the same prompt and dice, the same ranked choices with the
//! same values, with seeded and with typed dice.

use std::sync::Arc;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::owned::Session;
use super::tests::game;
use crate::dice::counts_of;
use crate::error::{Error, SessionError};
use crate::progress::Silent;
use crate::question::PlayQuestion;
use crate::report::Prompt;

/// What a person sees before deciding: everything undo must give back.
fn position(s: &Session) -> String {
    format!(
        "{}\n{}\n{}",
        s.record(),
        serde_json::to_string(&s.state().prompt).unwrap(),
        serde_json::to_string(&s.choices().unwrap()).unwrap()
    )
}

/// Moves until a person must decide: sixdice's seats move, the dice are
/// rolled (seeded) or typed from `dice_rng` (sixdice's as many as it
/// rolls). `false`: the game is over.
fn to_decision(s: &mut Session, dice_rng: Option<&mut SmallRng>) -> bool {
    let mut dice_rng = dice_rng;
    loop {
        s.advance().expect("sixdice moves");
        let state = s.state();
        if state.over {
            return false;
        }
        if let Prompt::Roll { dice, .. } = state.prompt {
            let n = state.computer_dice.unwrap_or(dice);
            let typed = dice_rng.as_mut().map(|r| counts_of(&(0..n).map(|_| r.gen_range(1..=6)).collect::<Vec<u8>>()));
            s.roll(typed).expect("a roll of the dice due");
            continue;
        }
        return true;
    }
}

fn check_undo(name: &str, options: &[&str], players: &[&str], seed: Option<u64>) -> usize {
    let dir = tempfile::tempdir().unwrap();
    let g = Arc::new(game(name, options));
    let q =
        PlayQuestion { players: players.iter().map(ToString::to_string).collect(), seed, rollouts: Default::default() };
    let mut s = Session::new(Arc::clone(&g), &q, dir.path(), &Silent).expect("a session");
    assert!(!s.state().can_undo);
    assert!(matches!(s.undo(dir.path(), &Silent), Err(Error::Session(SessionError::NothingToUndo))));
    let mut pick = SmallRng::seed_from_u64(7);
    let mut typed = seed.is_none().then(|| SmallRng::seed_from_u64(11));
    let mut undone = 0;
    for _ in 0..400 {
        if !to_decision(&mut s, typed.as_mut()) {
            break;
        }
        let before = position(&s);
        let choices = s.choices().unwrap();
        let choice = &choices[pick.gen_range(0..choices.len())];
        s.apply(choice.decision.clone()).expect("a listed choice is legal");
        assert!(s.state().can_undo);
        let mut after = s;
        to_decision(&mut after, typed.as_mut());
        let back = after.undo(dir.path(), &Silent).expect("undo");
        assert_eq!(position(&back), before, "{name}: undo after decision {undone}");
        undone += 1;
        // Play on from the position given back.
        s = back;
    }
    undone
}

#[test]
fn undo_gives_back_the_position_before_a_persons_decision() {
    assert!(check_undo("farkle", &["goal=1000"], &["ann", "optimal"], Some(3)) > 10);
    assert!(check_undo("farkle", &["goal=800", "piggyback"], &["ann", "bob", "threshold=300"], Some(5)) > 10);
    assert!(check_undo("yahtzix", &["goal=120", "exact-goal"], &["ann", "optimal"], Some(9)) > 5);
    assert!(check_undo("yatzy", &[], &["ann"], Some(1)) > 10);
    // Dice typed at the table: the undone roll's dice are given again.
    assert!(check_undo("farkle", &["goal=1000"], &["ann", "optimal"], None) > 10);
}
