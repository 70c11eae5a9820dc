//! Every number win advice shows is the solve's own: each alternative's
//! P(win) is checked against a direct one-step evaluation from the solved
//! values, on thousands of random positions (totals, dice, points at stake
//! from none to far past the goal), and the exact bank/roll boundary of the
//! win sheet against the same evaluation.
//!
//! The direct evaluation reads only the turn-start values `W` and, past the
//! goal, the chaser's last turn solved afresh for that exact need: a bank is
//! `1 - W(b, a + t)` below the goal and `1 - P_pass(b, a + t)` at or past
//! it; rolling `k` dice is the expectation over every roll of the best
//! set-aside, each worth the better of banking there (directly) and rolling
//! on (the solved turn's value of that state). A stand-in value for banks
//! past where a turn's solve stops (the bug this guards against) breaks the
//! first; a sheet read off anything but those values breaks the second.

use std::collections::HashMap;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::super::{last_turn, solve, WinValues};
use crate::commands;
use crate::dice::{dice_count, Counts, Multisets};
use crate::progress::Silent;
use crate::pushluck::games::{farkle, ten_thousand};
use crate::pushluck::model::TurnState;
use crate::pushluck::rules::{RuleSet, Stop};
use crate::pushluck::scoring::Scorer;
use crate::pushluck::solution::Solution;
use crate::pushluck::{level_total, PushLuckGame};
use crate::question::{AdviseQuestion, PushLuckQuestion, Start};
use crate::registry::{Game, GameKind};
use crate::report::{Advice, Then};
use crate::vocabulary::Objective;

/// The direct evaluation of one mover's turn at sides `(a, b)`.
struct Direct<'v, 'm> {
    values: &'v WinValues<'m>,
    scorer: Scorer,
    ms: Multisets,
    a: usize,
    b: usize,
    /// The solved turn, for the value of rolling on from a later state.
    turn: Solution<'m>,
    /// P_pass by (chaser on the board, need), each a last turn solved alone.
    pass: HashMap<(bool, i64), f64>,
}

impl<'v, 'm> Direct<'v, 'm> {
    fn new(values: &'v WinValues<'m>, a: usize, b: usize) -> Self {
        let rules = &values.model.rules;
        Direct {
            values,
            scorer: Scorer::new(rules),
            ms: Multisets::new(6),
            a,
            b,
            turn: values.turn(a, b),
            pass: HashMap::new(),
        }
    }

    fn rules(&self) -> &'m RuleSet {
        &self.values.model.rules
    }

    /// A farkle (and a stop that scores nothing): the opponent moves at
    /// `(b, a)` (no penalty here).
    fn farkle(&self) -> f64 {
        1.0 - self.values.at(self.b, self.a)
    }

    /// Banking `t` points; `None` where stopping is not allowed.
    fn bank(&mut self, t: i64) -> Option<f64> {
        let (me, them) = (self.values.sides.side(self.a), self.values.sides.side(self.b));
        match self.rules().turn.stop(me.on_board, t) {
            Stop::Forbidden => None,
            Stop::ScoresNothing => Some(self.farkle()),
            Stop::Counts => {
                let x = me.total + t;
                if x < self.rules().game.goal {
                    let after = self.values.sides.after_bank(x);
                    return Some(1.0 - self.values.at(self.b, after));
                }
                let need = x - them.total;
                let model = self.values.model;
                let p = *self
                    .pass
                    .entry((them.on_board, need))
                    .or_insert_with(|| last_turn(model, them.on_board, need).start_value());
                Some(1.0 - p)
            }
        }
    }

    /// Rolling `k` dice with `t` points at stake (not the turn's first roll).
    fn roll(&mut self, t: i64, k: usize) -> f64 {
        let hot_dice = self.rules().turn.hot_dice;
        let mut total = 0.0;
        for i in self.ms.of_size(k) {
            let roll: Counts = *self.ms.counts(i);
            let mut best = f64::NEG_INFINITY;
            for sa in self.scorer.set_asides(&roll, false) {
                for v in &sa.variants {
                    let value = if v.instant_win {
                        1.0
                    } else {
                        let t2 = t + v.points;
                        let left = k - dice_count(&sa.keep);
                        if left == 0 && !hot_dice {
                            self.bank(t2).unwrap_or_else(|| self.farkle())
                        } else {
                            let dice = if left == 0 { 6 } else { left };
                            self.decision(t2, dice)
                        }
                    };
                    best = best.max(value);
                }
            }
            total += self.ms.prob(i) * if best == f64::NEG_INFINITY { self.farkle() } else { best };
        }
        total
    }

    /// A decision state: the better of banking (directly) and rolling on
    /// (the solved turn's value).
    fn decision(&mut self, t: i64, dice: usize) -> f64 {
        let state =
            TurnState { points: t, dice: u8::try_from(dice).expect("a die count"), rolls: 2, ones: 0, ones_points: 0 };
        let go = self.turn.roll_value(&state).expect("a state with a roll left");
        self.bank(t).map_or(go, |b| b.max(go))
    }
}

fn game(rules: RuleSet, id: &'static str) -> PushLuckGame {
    PushLuckGame::new(id, rules, vec![], None).expect("solvable")
}

/// Random positions of `game` asked of `advise` (through the library's
/// command, its table in a temporary directory): every alternative's value
/// within 1e-12 of the direct evaluation. Returns how many alternatives
/// were checked, and how many banked past the goal.
fn check_advice(game: &PushLuckGame, positions: usize, seed: u64) -> (usize, usize) {
    let (values, _, _) = solve(game, &Silent).expect("solves");
    let dir = tempfile::tempdir().expect("temporary directory");
    let wrapped = Game(GameKind::PushLuck(std::sync::Arc::new(game.clone())));
    let model = values.model;
    let (g, goal) = (model.grid, model.rules.game.goal);
    let n = values.len();
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut asked, mut checked, mut past_goal) = (0, 0, 0);
    let mut directs: HashMap<(usize, usize), Direct> = HashMap::new();
    while asked < positions {
        let (a, b) = (rng.gen_range(0..n), rng.gen_range(0..n));
        let (me, them) = (values.sides.side(a), values.sides.side(b));
        let to_goal = goal - me.total;
        // From a fresh turn to far past the goal.
        let stake = match rng.gen_range(0..4) {
            0 => 0,
            1 => g * rng.gen_range(1..60),
            2 => (to_goal + g * rng.gen_range(-20..20)).max(g),
            _ => to_goal + g * rng.gen_range(0..2 * goal / g),
        };
        let k = if stake == 0 { 6 } else { rng.gen_range(1..=6) };
        let dice: Counts = crate::dice::roll_onto(&mut rng, k, &[0; 6]);
        let q = PushLuckQuestion {
            start: Start::Roll(dice),
            banked: stake,
            score: Some(me.total),
            opponent: Some(them.total),
            roll: Some(if stake == 0 { 1 } else { 2 }),
            objective: Objective::Win,
            ..PushLuckQuestion::roll(dice, stake)
        };
        // Positions the rules cannot reach (too few points for the dice
        // left) are refused by advise: not counted.
        let Ok(Advice::PushLuck(advice)) =
            commands::advise(&wrapped, &AdviseQuestion::PushLuck(q), dir.path(), &Silent)
        else {
            continue;
        };
        asked += 1;
        let direct = directs.entry((a, b)).or_insert_with(|| Direct::new(&values, a, b));
        for alt in &advice.alternatives {
            let want = match alt.then {
                Then::Bank => direct.bank(alt.at_stake).expect("advice banks only where allowed"),
                Then::Roll => direct.roll(alt.at_stake, usize::from(alt.roll_dice.expect("dice to roll"))),
                Then::Ends if alt.instant_win => 1.0,
                Then::Ends => direct.bank(alt.at_stake).unwrap_or_else(|| direct.farkle()),
            };
            assert!(
                (alt.expected_score - want).abs() <= 1e-12,
                "{}: {} against {} ({} points at stake, {} dice): {:?} is worth {want}, advice says {}",
                game.title(),
                me.total,
                them.total,
                stake,
                k,
                alt.counted_as,
                alt.expected_score
            );
            checked += 1;
            past_goal += usize::from(alt.then == Then::Bank && me.total + alt.at_stake >= goal);
        }
    }
    (checked, past_goal)
}

/// The exact bank/roll boundary of the win sheet for `dice` dice agrees
/// with the direct evaluation: from each curve's bank-from total on,
/// banking is at least as good as rolling (checked over the next 60 totals
/// and far past the goal), and just below it rolling is better.
fn check_boundary(game: &PushLuckGame, values: &WinValues<'_>, dice: u8) -> usize {
    let boundary = crate::pushluck::win_sheet::bank_boundary(game, values, dice);
    let g = values.model.grid;
    let goal = values.model.rules.game.goal;
    let k = usize::from(dice);
    let mut checked = 0;
    for curve in &boundary.curves {
        for &(mine, from) in curve.points.iter().step_by(7) {
            let a = values.sides.of_question(mine, 0).expect("a total");
            let b = values.sides.of_question(curve.opponent, 0).expect("a total");
            let mut d = Direct::new(values, a, b);
            let banks = |d: &mut Direct, t: i64| d.bank(t).is_some_and(|x| x > 0.0 && x >= d.roll(t, k));
            let Some(from) = from else {
                // Never banks from some total on: rolling wins at the top
                // the turn's solve reached.
                let top = level_total(d.turn.levels(), g);
                assert!(!banks(&mut d, top), "{mine} against {}: banks at {top}", curve.opponent);
                continue;
            };
            let far = (goal - mine + 3000..goal - mine + 3100).step_by(usize::try_from(g).expect("grid"));
            for t in (from..from + 60 * g).step_by(usize::try_from(g).expect("grid")).chain(far) {
                assert!(banks(&mut d, t), "{mine} against {}: the sheet banks from {from}, not at {t}", curve.opponent);
                checked += 1;
            }
            if from > g {
                assert!(!banks(&mut d, from - g), "{mine} against {}: banks below {from}", curve.opponent);
            }
        }
    }
    checked
}

fn small_farkle() -> PushLuckGame {
    let mut r = farkle::base();
    r.game.goal = 2000;
    r.validate().expect("valid rules");
    game(r, "farkle")
}

#[test]
fn win_advice_is_exact_for_a_small_goal() {
    let (checked, past_goal) = check_advice(&small_farkle(), 2000, 1);
    // Not vacuous: many banks far past where the turn's solve stops.
    assert!(checked > 8000 && past_goal > 2000, "{checked} alternatives, {past_goal} past the goal");
}

#[test]
fn win_advice_is_exact_with_instant_wins() {
    let mut r = ten_thousand::base();
    r.game.goal = 3000;
    r.validate().expect("valid rules");
    let (checked, past_goal) = check_advice(&game(r, "ten-thousand"), 1000, 2);
    assert!(checked > 4000 && past_goal > 800, "{checked} alternatives, {past_goal} past the goal");
}

#[test]
#[ignore = "extended: full Farkle to 10,000, about 12 seconds"]
fn extended_win_advice_is_exact_for_full_farkle() {
    let (checked, past_goal) = check_advice(&game(farkle::base(), "farkle"), 1000, 3);
    assert!(checked > 4000 && past_goal > 500, "{checked} alternatives, {past_goal} past the goal");
}

#[test]
fn the_win_sheets_boundary_is_advices_decision() {
    let g = small_farkle();
    let (values, _, _) = solve(&g, &Silent).expect("solves");
    for dice in [6, 3, 1] {
        assert!(check_boundary(&g, &values, dice) > 100);
    }
}

/// The extended tier (`cargo test --release --workspace -- --ignored
/// extended`, run by CI).
mod extended {
    use super::*;

    /// The same on full Farkle to 10,000.
    #[test]
    #[ignore = "extended tier"]
    fn the_win_sheets_boundary_is_advices_decision_for_full_farkle() {
        let g = game(farkle::base(), "farkle");
        let (values, _, _) = solve(&g, &Silent).expect("solves");
        assert!(check_boundary(&g, &values, 6) > 1000);
    }
}

/// Under `piggyback=return` (Farkle's 1s, 5s and sets to 600, no entry
/// threshold) the table's value of rolling a leftover is what `advise`
/// shows for that turn: over every roll of the `k` leftover dice, the best
/// alternative advice ranks with `inherited` (the roll scores) or, for a
/// roll that scores nothing, the farkle that gives the points back, to
/// 1e-12. And the piggyback question shows the table's value itself.
#[test]
fn piggyback_return_advice_is_the_tables_leftover_value() {
    let mut rules = farkle::base();
    rules.scoring.patterns.clear();
    rules.game.goal = 600;
    rules.turn.entry = 0;
    rules.turn.piggyback = true;
    rules.turn.piggyback_return = true;
    rules.validate().expect("valid rules");
    let g = game(rules, "farkle");
    let (values, _, _) = solve(&g, &Silent).expect("solves");
    let dir = tempfile::tempdir().expect("temporary directory");
    let wrapped = Game(GameKind::PushLuck(std::sync::Arc::new(g.clone())));
    let offers = values.offers.as_ref().expect("piggyback values");
    let ms = Multisets::new(6);
    let mut checked = 0;
    for (mine, theirs, k, t) in [(0, 300, 1, 300), (250, 550, 2, 200), (400, 500, 3, 500), (500, 200, 5, 150)] {
        let side = |total| values.sides.of_question(total, 0).expect("a side");
        let (a, b) = (side(mine), side(theirs));
        let table = offers.piggyback(a, b, k, usize::try_from(t / 50).unwrap()).expect("allowed");
        let ask = |start, inherited| {
            let q = PushLuckQuestion {
                start,
                banked: t,
                score: Some(mine),
                opponent: Some(theirs),
                roll: Some(2),
                inherited,
                objective: Objective::Win,
                ..PushLuckQuestion::roll([0; 6], t)
            };
            commands::advise(&wrapped, &AdviseQuestion::PushLuck(q), dir.path(), &Silent).expect("advice")
        };
        let Advice::Piggyback(p) = ask(Start::Leftover(u8::try_from(k).unwrap()), None) else { panic!("a leftover") };
        assert!((p.piggyback_expected_score - table).abs() < 1e-12, "{p:?} against {table}");
        let farkle = values.returned_farkle(a, b, t);
        let mut total = 0.0;
        for i in ms.of_size(k) {
            let Advice::PushLuck(advice) = ask(Start::Roll(*ms.counts(i)), Some(t)) else { panic!("a roll") };
            total += ms.prob(i) * advice.alternatives.first().map_or(farkle, |alt| alt.expected_score);
            checked += 1;
        }
        assert!((total - table).abs() < 1e-12, "{mine}-{theirs}, {k} dice, {t}: {total} against {table}");
    }
    assert!(checked > 100);
}
