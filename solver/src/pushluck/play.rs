//! Playing a turn by a solved policy with random dice: the check that a
//! solve's values are what its policy earns (seeded simulations in the
//! tests), and the engine of push-your-luck simulations.

use rand::Rng;

use super::model::TurnState;
use super::solution::{Next, Solution};
use crate::dice::{roll_onto, FACES};

/// How a turn ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ended {
    /// Nothing scored.
    Farkle,
    /// The turn stopped with these points (banked, or no dice or rolls left).
    Bank(i64),
    /// An instant win.
    Instant,
}

/// The best choice after a roll so far: its value, and how the turn ends
/// with the dice it leaves, or the state it goes on from.
type Choice = (f64, Option<(Ended, u8)>, TurnState);

/// Plays one turn from a fresh start by `sol`'s policy: after each roll,
/// the set-aside and then bank or roll on with the highest value (the
/// first found among equals).
pub(crate) fn play_turn(sol: &Solution, rng: &mut impl Rng) -> Ended {
    play_turn_from(sol, TurnState::start(), rng).0
}

/// Plays a turn from `state` (a fresh start, or a piggyback roll) by
/// `sol`'s policy, as [`play_turn`]; also says how many dice the turn
/// left not set aside (what the next player may piggyback on).
pub(crate) fn play_turn_from(sol: &Solution, start: TurnState, rng: &mut impl Rng) -> (Ended, u8) {
    let model = sol.model;
    let mut state = start;
    loop {
        let rolled = sol.dice_to_roll(&state).expect("a state with a roll left");
        let roll = roll_onto(rng, usize::from(rolled), &[0; FACES]);
        let mut best: Option<Choice> = None;
        for sa in sol.model.scorer.set_asides(&roll, state.rolls == 0) {
            for v in &sa.variants {
                let mut offer = |value: f64, end: Option<(Ended, u8)>, next: TurnState| {
                    if best.as_ref().is_none_or(|b| value > b.0) {
                        best = Some((value, end, next));
                    }
                };
                match sol.after(&state, &sa.keep, v).expect("a set-aside of this roll") {
                    Next::Ends(value) => {
                        let end = if v.instant_win { Ended::Instant } else { Ended::Bank(state.points + v.points) };
                        let left = state.dice - u8::try_from(crate::dice::dice_count(&sa.keep)).expect("few dice");
                        offer(value, Some((end, left)), state);
                    }
                    Next::Decide { points, dice, bank, roll, .. } => {
                        if let Some(b) = bank {
                            offer(b, Some((Ended::Bank(points), dice)), state);
                        }
                        let ones = if model.scorer.tracks_ones() { state.ones + v.ones } else { 0 };
                        let ones_points =
                            if model.scorer.tracks_ones() { state.ones_points + v.ones_points } else { 0 };
                        offer(roll, None, TurnState { points, dice, rolls: state.rolls + 1, ones, ones_points });
                    }
                }
            }
        }
        match best {
            None => return (Ended::Farkle, 0),
            Some((_, Some(end), _)) => return end,
            Some((_, None, next)) => state = next,
        }
    }
}
