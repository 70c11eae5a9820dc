//! Yahtzix's variation L (`exact-goal`): within 50 points of the goal each
//! roll may use any number of the dice that could be rolled, and six dice
//! that all score may count by their parts. The solver's turn values against
//! a plain recursion over (points, dice, rolls made) written here, which
//! tries every number of dice before every roll.

use std::collections::HashMap;

use crate::dice::{counts_of, dice_count, Multisets};
use crate::pushluck::model::{Model, Params, TurnState};
use crate::pushluck::rules::RuleSet;
use crate::pushluck::scoring::Scorer;
use crate::registry::testing::push_luck;

/// Expected score of a turn `goal_left` points from an exact goal (on the
/// board), by plain recursion; `choose`: whether fewer dice may be rolled.
struct Plain<'a> {
    rules: &'a RuleSet,
    scorer: &'a Scorer,
    ms: Multisets,
    goal_left: i64,
    choose: bool,
    memo: HashMap<(i64, usize, u32), f64>,
}

impl Plain<'_> {
    /// A stop with `t` points: they count, unless they pass the goal.
    fn stop(&self, t: i64) -> f64 {
        if t > self.goal_left {
            0.0
        } else {
            t as f64
        }
    }

    /// Rolling from `t` points with `dice` dice that could be rolled after
    /// `rolls` rolls: the best number of them to roll.
    fn roll(&mut self, t: i64, dice: usize, rolls: u32) -> f64 {
        if let Some(&v) = self.memo.get(&(t, dice, rolls)) {
            return v;
        }
        let counts: Vec<usize> = if self.choose { (1..=dice).collect() } else { vec![dice] };
        let best = counts.into_iter().map(|n| self.roll_some(t, dice, rolls, n)).fold(f64::NEG_INFINITY, f64::max);
        self.memo.insert((t, dice, rolls), best);
        best
    }

    /// [`Self::roll`] rolling `rolled` of the dice, the rest kept back.
    fn roll_some(&mut self, t: i64, dice: usize, rolls: u32, rolled: usize) -> f64 {
        let mut value = 0.0;
        for i in self.ms.of_size(rolled) {
            let roll = *self.ms.counts(i);
            let mut outcome = 0.0; // nothing scores: the turn is lost
            for sa in self.scorer.set_asides(&roll, rolls == 0) {
                for v in &sa.variants {
                    let t2 = t + v.points;
                    let left = dice - dice_count(&sa.keep);
                    let after = if left == 0 || rolls + 1 == self.rules.turn.max_rolls {
                        self.stop(t2)
                    } else {
                        self.stop(t2).max(self.roll(t2, left, rolls + 1))
                    };
                    outcome = f64::max(outcome, after);
                }
            }
            value += self.ms.prob(i) * outcome;
        }
        value
    }
}

#[test]
fn a_turn_near_an_exact_goal_matches_a_plain_recursion_over_every_number_of_dice() {
    let rules = push_luck("yahtzix", &["exact-goal"], None).rules;
    assert_eq!(rules.game.choose_dice_within, 50);
    let model = Model::new(&rules).expect("compiles");
    let near = Scorer::choosing(&rules);
    let far = Scorer::new(&rules);
    for goal_left in [5, 10, 25, 40, 45, 50, 55, 80] {
        let choose = goal_left <= 50;
        let scorer = if choose { &near } else { &far };
        let mut plain = Plain { rules: &rules, scorer, ms: Multisets::new(6), goal_left, choose, memo: HashMap::new() };
        let sol = model.solve(Params { on_board: true, last_chance: false, goal_left }).expect("solves");
        let want = plain.roll(0, 6, 0);
        let got = sol.start_value();
        assert!((got - want).abs() < 1e-12, "{goal_left} to go: solver {got}, recursion {want}");
        // Later states too: every total, dice and roll the recursion met.
        for (&(t, dice, rolls), &v) in &plain.memo {
            let s = TurnState { points: t, dice: u8::try_from(dice).unwrap(), rolls, ones: 0, ones_points: 0 };
            let got = sol.roll_value(&s).expect("a state with a roll left");
            assert!((got - v).abs() < 1e-12, "{goal_left} to go, {s:?}: solver {got}, recursion {v}");
        }
        assert!(plain.memo.len() > 10, "{goal_left} to go: states checked");
        if choose {
            // Rolling every die is never worse for the turn's points: any
            // set-aside of fewer dice can be made from all of them, leaving
            // the same dice to roll, and where the fewer dice score nothing
            // all of them score nothing either or offer a stop, worth at
            // least the bust (0). So the choice leaves the best value alone.
            let mut all = Plain { choose: false, memo: HashMap::new(), ..plain };
            let without = all.roll(0, 6, 0);
            assert!((without - want).abs() < 1e-12, "{goal_left} to go: {want} with the choice, {without} without");
            // Yet fewer dice are offered, each valued exactly, and worth less.
            let mut plain = Plain { choose: true, memo: HashMap::new(), ..all };
            let by_dice = sol.roll_values_of(&TurnState::start()).expect("the start");
            assert_eq!(by_dice.iter().map(|x| x.0).collect::<Vec<_>>(), vec![6, 5, 4, 3, 2, 1]);
            for (dice, v) in by_dice {
                let once = plain.roll_some(0, 6, 0, usize::from(dice));
                assert!((v - once).abs() < 1e-12, "{goal_left} to go, {dice} dice: {v} against {once}");
                assert!(v <= want + 1e-12);
            }
            assert!(plain.roll_some(0, 6, 0, 1) < want - 1.0, "{goal_left} to go: one die is worse");
        }
    }
}

#[test]
fn six_scoring_dice_may_count_by_their_parts_near_the_goal() {
    let rules = push_luck("yahtzix", &["exact-goal"], None).rules;
    // 1,2,2,2,5,5: three 2s (20), a 1 (10) and two 5s (10) are 40; all six
    // scoring is 100.
    let roll = counts_of(&[1, 2, 2, 2, 5, 5]);
    let readings = |s: &Scorer| -> Vec<i64> {
        let all = s.set_asides(&roll, true).into_iter().find(|sa| sa.keep == roll).expect("all six");
        all.variants.iter().map(|v| v.points).collect()
    };
    assert_eq!(readings(&Scorer::new(&rules)), vec![100]);
    assert_eq!(readings(&Scorer::choosing(&rules)), vec![100, 40]);
    // Exactly 40 to go: the first roll shows it; counted by its parts the
    // six dice end the turn on the goal.
    let model = Model::new(&rules).expect("compiles");
    let sol = model.solve(Params { on_board: true, last_chance: false, goal_left: 40 }).expect("solves");
    let all = Scorer::choosing(&rules).set_asides(&roll, true).into_iter().find(|sa| sa.keep == roll).unwrap();
    let by_parts = all.variants.iter().find(|v| v.points == 40).unwrap();
    let next = sol.after(&TurnState::start(), &roll, by_parts).expect("allowed");
    assert_eq!(next.value(), 40.0);
}
