//! The target solve against a plain brute force on small games: every
//! reachable state, every needed score in and around its band.

use std::collections::HashMap;
use std::sync::Arc;

use super::solve::solve_target;
use crate::category::bands::Bounds;
use crate::category::games::yahtzee::{Joker, YahtzeeBonus};
use crate::category::model::{CategoryGame, Sheet};
use crate::category::solve::solve;
use crate::category::states::State;
use crate::category::tests::bruteforce::{all_outcomes, reachable_raw, scored, toy_game, Toy};
use crate::category::turn::TurnDp;
use crate::dice::counts_of;
use crate::progress::Silent;

/// Best chance that the points still to come reach `needed`, by recursion
/// over turns with every subset of dice positions kept and every ordered
/// outcome rolled; raw upper totals, the bonus rules read as plain data.
struct Brute<'g> {
    game: &'g CategoryGame,
    bonus: Option<&'g YahtzeeBonus>,
    memo: HashMap<(u32, u32, u8, i64), f64>,
}

impl Brute<'_> {
    fn chance(&mut self, mask: u32, upper: u32, flag: u8, needed: i64) -> f64 {
        if mask == self.game.full_mask() {
            return if needed <= 0 { 1.0 } else { 0.0 };
        }
        if let Some(&v) = self.memo.get(&(mask, upper, flag, needed)) {
            return v;
        }
        let mut turn = HashMap::new();
        let outcomes = all_outcomes(self.game.dice);
        let total: f64 = outcomes
            .iter()
            .map(|d| self.best(d.clone(), self.game.rolls - 1, (mask, upper, flag), needed, &mut turn))
            .sum();
        let v = total / outcomes.len() as f64;
        self.memo.insert((mask, upper, flag, needed), v);
        v
    }

    fn score_now(&mut self, dice: &[u8], (mask, upper, flag): (u32, u32, u8), needed: i64) -> f64 {
        let c = counts_of(dice);
        let mut opts = Vec::new();
        self.game.choices(mask, &c, |cat, pts| opts.push((cat, pts)));
        let mut best = 0f64;
        for (cat, pts) in opts {
            let (gained, upper2, flag2) = scored(self.game, self.bonus, &c, (mask, upper, flag), cat, pts);
            best = best.max(self.chance(mask | 1 << cat, upper2, flag2, needed - i64::from(gained)));
        }
        best
    }

    fn best(
        &mut self,
        mut dice: Vec<u8>,
        rolls_left: usize,
        state: (u32, u32, u8),
        needed: i64,
        memo: &mut HashMap<(Vec<u8>, usize), f64>,
    ) -> f64 {
        dice.sort_unstable();
        if let Some(&v) = memo.get(&(dice.clone(), rolls_left)) {
            return v;
        }
        let mut best = self.score_now(&dice, state, needed);
        if rolls_left > 0 {
            let n = dice.len();
            for keep_bits in 0u32..(1 << n) {
                let kept: Vec<u8> = (0..n).filter(|i| keep_bits >> i & 1 == 1).map(|i| dice[i]).collect();
                let outcomes = all_outcomes(n - kept.len());
                let mut sum = 0.0;
                for o in &outcomes {
                    let d = [kept.clone(), o.clone()].concat();
                    sum += self.best(d, rolls_left - 1, state, needed, memo);
                }
                best = best.max(sum / outcomes.len() as f64);
            }
        }
        memo.insert((dice, rolls_left), best);
        best
    }
}

fn check_against_brute(toy: &Toy) {
    let game = &toy.game;
    let dp = TurnDp::new(game);
    let sol = solve_target(&dp, Bounds::of(&dp), &Silent);
    let mut brute = Brute { game, bonus: toy.bonus.as_ref(), memo: HashMap::new() };
    let reach = reachable_raw(toy);
    let mut checked = 0;
    for &(mask, up, flag) in &reach {
        if mask == game.full_mask() {
            continue;
        }
        let i = dp.index().state_number(&State { mask, upper: up, extra: usize::from(flag) }).expect("indexed");
        let band = sol.band(i);
        // Around both edges and a few points inside (every needed score of
        // the band is reached by the recursion from the earlier states).
        let (lo, hi) = (i64::from(band.lo), i64::from(band.hi));
        let mut needed: Vec<i64> = (lo - 2..=lo + 2).chain(hi - 2..=hi + 2).chain((lo..=hi).step_by(7)).collect();
        needed.sort_unstable();
        needed.dedup();
        for needed in needed {
            let b = brute.chance(mask, up, flag, needed);
            let e = band.at(needed);
            assert!(
                (b - e).abs() < 1e-12,
                "mask {mask:b} upper {up} flag {flag} needing {needed}: brute {b}, solve {e}"
            );
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked} cells checked");
}

#[test]
fn target_solve_matches_brute_force_three_dice() {
    let mut toy = toy_game(3, 3, None);
    // Two rolls: the toy with the Yahtzee bonus below has three.
    toy.game.categories.retain(|c| ["twos", "sixes", "chance"].contains(&c.name));
    toy.game.rolls = 2;
    check_against_brute(&toy);
}

#[test]
fn target_solve_matches_brute_force_with_yahtzee_bonus_and_jokers() {
    for joker in [Joker::Free, Joker::Forced] {
        // Four boxes keep the brute force quick: a Numbers box, the joker's
        // box, a box every roll scores in, and the Yahtzee.
        let mut toy = toy_game(2, 3, Some(joker));
        toy.game.categories.retain(|c| ["twos", "pair", "chance", "yahtzee"].contains(&c.name));
        let at = |name: &str| toy.game.categories.iter().position(|c| c.name == name).expect("kept");
        let bonus = YahtzeeBonus { category: at("yahtzee"), points: 100, joker, joker_scores: vec![(at("pair"), 25)] };
        toy.game.extra = Arc::new(bonus.clone());
        toy.bonus = Some(bonus);
        check_against_brute(&toy);
    }
}

/// The bands' edges are what they claim: the best chance is 1 at the
/// guaranteed minimum and below 1 just above it, positive at the most the
/// boxes can give and 0 beyond (checked on every state of a real game).
#[test]
fn bands_are_tight_and_chances_fall_with_the_needed_score() {
    let game = crate::registry::testing::category("yahtzee", &["no-bonus"]);
    let mut game = game;
    // Fewer boxes: the test solves a reduced classic Yahtzee whole.
    game.categories.truncate(9);
    let dp = TurnDp::new(&game);
    let sol = solve_target(&dp, Bounds::of(&dp), &Silent);
    let ev = solve(&dp, &Silent);
    let bounds = Bounds::of(&dp);
    for s in 0..dp.index().len() as usize {
        let band = sol.band(s);
        let (lo, hi) = (i64::from(band.lo), i64::from(band.hi));
        assert_eq!(band.at(lo), 1.0);
        assert_eq!((bounds.lo[s], bounds.hi[s]), (band.lo, band.hi));
        if hi > lo {
            assert!(band.at(lo + 1) < 1.0, "state {s}: the guaranteed minimum is {lo}, yet {} is sure", lo + 1);
            assert!(band.at(hi) > 0.0, "state {s}: {hi} is possible yet its chance is 0");
        }
        assert_eq!(band.at(hi + 1), 0.0);
        let mut sum = 0.0;
        for t in lo + 1..=hi {
            assert!(band.at(t) <= band.at(t - 1) + 1e-15, "state {s}: the chance rises from {} to {t}", t - 1);
            sum += band.at(t);
        }
        // Playing each needed score on its own does at least as well as the
        // expected-score play, whose tail sum is its expected score.
        let tail_sum = lo as f64 + sum;
        assert!(tail_sum >= ev.values[s] - 1e-9, "state {s}: {tail_sum} < {}", ev.values[s]);
    }
}

/// The table the solve writes answers `advise --target` as the solve does:
/// every stored chance within f32 rounding of the solve's, and the chance
/// before a turn equal to the average over the first roll of the best
/// play's chance, as the advice ranks the plays of each roll.
#[test]
fn advice_from_the_table_agrees_with_the_solve() {
    use super::advise::advise_target;
    use super::table::{open, solve_and_save};
    use crate::category::turn::Position;
    use crate::dice::Multisets;
    use crate::table::Verify;

    let mut game = crate::registry::testing::category("yahtzee", &["no-bonus"]);
    game.categories.truncate(8);
    let dir = tempfile::tempdir().unwrap();
    let report = solve_and_save(&game, dir.path(), &Silent).unwrap();
    let dp = TurnDp::new(&game);
    let sol = solve_target(&dp, Bounds::of(&dp), &Silent);
    let table = open(dir.path(), &game, dp.index().len(), Verify::Full).unwrap();
    let facts = report.target.expect("target facts");
    for s in 0..dp.index().len() as usize {
        let (stored, exact) = (table.band(s), sol.band(s));
        assert_eq!((stored.lo, stored.hi), (exact.lo, exact.hi));
        for t in i64::from(exact.lo)..=i64::from(exact.hi) + 1 {
            assert!((stored.at(t) - exact.at(t)).abs() <= facts.largest_rounding);
        }
    }
    assert!(facts.largest_rounding > 0.0 && facts.largest_rounding < 3.0e-8);
    for c in &facts.start {
        assert_eq!(c.chance, sol.band(0).at(i64::from(c.score)));
    }
    // A sheet with five boxes filled, 40 points on it.
    let sheet = Sheet::parse(&game, "ones=3 twos=x threes=9 fours=12 fives=x").unwrap();
    let ms = Multisets::new(game.dice);
    for target in [80, 110] {
        let before = advise_target(&game, dir.path(), &sheet, None, target, &Silent).unwrap();
        let state = dp.index().state_number(&sheet.state(&game)).unwrap();
        let exact = sol.band(state).at(i64::from(target - sheet.total(&game)));
        let chance = before.chance.unwrap();
        assert!((chance - exact).abs() < 1e-7, "target {target}: {chance} from the table, {exact} solved");
        let mut average = 0.0;
        for r in ms.rolls() {
            let at = Position { roll: 1, dice: *ms.counts(r), locked: [0; 6] };
            let advice = advise_target(&game, dir.path(), &sheet, Some(&at), target, &Silent).unwrap();
            let chances: Vec<f64> = advice.alternatives.iter().map(|a| a.chance.unwrap()).collect();
            assert!(chances.windows(2).all(|w| w[0] >= w[1]), "ranked by chance: {chances:?}");
            assert_eq!(advice.chance, Some(chances[0]));
            average += ms.prob(r) * chances[0];
        }
        assert!((average - chance).abs() < 1e-12, "target {target}: {average} vs {chance}");
    }
}

/// Every state after the last box: the game is over, the points to come
/// are 0 (a band with nothing stored).
struct GameOver;

impl crate::category::turn::Bands for GameOver {
    fn band(&self, _: u32, _: usize) -> crate::category::turn::Band<'_> {
        crate::category::turn::Band { lo: 0, hi: 0, values: crate::category::turn::BandValues::F64(&[]) }
    }
}

/// The last turn of a real game, one box open (`open`, with `upper` on the
/// Numbers and the Yahtzee `flag`), against the brute force over every roll
/// of every roll stage: the chance before the turn and the best play's at
/// each stage from a few rolls, for each of `needed`.
fn check_last_turn(name: &str, opts: &[&str], (open, upper, flag): (&str, u32, u8), needed: &[i64]) {
    use crate::category::turn::{Position, Run, Scratch};
    let game = crate::registry::testing::category(name, opts);
    let dp = TurnDp::new(&game);
    let open_box = game.category_index(open).unwrap();
    let mask = game.full_mask() & !(1 << open_box);
    let bonus: Option<YahtzeeBonus> = serde_json::from_value(game.extra.canonical()).ok();
    let mut brute = Brute { game: &game, bonus: bonus.as_ref(), memo: HashMap::new() };
    let state = State { mask, upper, extra: usize::from(flag) };
    let lane = dp.index().state_number(&state).expect("indexed") - dp.index().offset(mask);
    for &needed in needed {
        let mut out = [0.0];
        let run = Run { lane, first: needed, len: 1 };
        dp.target_turn_start(&GameOver, mask, &[run], &mut Scratch::<f64>::default(), &mut out);
        let b = brute.chance(mask, upper, flag, needed);
        assert!((out[0] - b).abs() < 1e-12, "{name} {opts:?} needing {needed}: {} vs brute {b}", out[0]);
        let mut turn = HashMap::new();
        for faces in [[6u8, 6, 6, 2, 1], [5, 5, 5, 5, 5], [1, 2, 3, 4, 5]] {
            let dice = counts_of(&faces);
            for roll in 1..=3u32 {
                let at = Position { roll, dice, locked: [0; 6] };
                let choices = dp.target_choices(&GameOver, mask, lane, needed, &at);
                let best = choices.iter().map(|c| c.1).fold(0.0, f64::max);
                let b = brute.best(faces.to_vec(), 3 - roll as usize, (mask, upper, flag), needed, &mut turn);
                assert!((best - b).abs() < 1e-12, "{name} needing {needed}, roll {roll} of {faces:?}: {best} vs {b}");
            }
        }
    }
}

/// Classic Yahtzee's last box with the upper bonus 11 points away and an
/// extra Yahtzee worth 100.
#[test]
fn last_turn_matches_brute_force() {
    check_last_turn("yahtzee", &[], ("sixes", 52, 1), &[0, 13, 48]);
}

/// [`last_turn_matches_brute_force`] on every game and more needed scores.
#[test]
#[ignore = "extended: about four minutes of brute force"]
fn extended_last_turn_matches_brute_force() {
    let needed = [-1, 0, 1, 5, 12, 13, 25, 30, 36, 48, 75, 100, 130, 200];
    check_last_turn("yahtzee", &[], ("sixes", 52, 1), &needed);
    check_last_turn("yahtzee", &["joker=forced"], ("chance", 63, 1), &needed);
    check_last_turn("yahtzee", &["no-bonus"], ("full-house", 40, 0), &needed);
    check_last_turn("yatzy", &[], ("fives", 50, 0), &needed);
}
