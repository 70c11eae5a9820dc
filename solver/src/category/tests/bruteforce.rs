//! Cross-checks of the category engine against plain, independent
//! computations: a brute-force game solver over ordered dice and every keep
//! of dice *positions* on small games, and a breadth-first enumeration of
//! reachable sheets against the state index.

use std::collections::{HashMap, HashSet};

use std::sync::Arc;

use crate::category::games::yahtzee::{Joker, YahtzeeBonus};
use crate::category::model::{Category, CategoryGame, KeepRule, NoExtra, UpperBonus};
use crate::category::solve::solve;
use crate::category::states::{State, DEAD};
use crate::category::turn::TurnDp;
use crate::dice::{counts_of, Counts};
use crate::progress::Silent;

/// A game and, when it has them, its Yahtzee bonus rules (read by the brute
/// force as plain data, not through the engine's hook).
pub(crate) struct Toy {
    pub(crate) game: CategoryGame,
    pub(crate) bonus: Option<YahtzeeBonus>,
}

/// Plain brute force: the value of every sheet state, by recursion over
/// turns; within a turn every subset of dice positions may be kept and every
/// ordered outcome of the re-rolled dice is enumerated.
struct Brute<'g> {
    game: &'g CategoryGame,
    bonus: Option<&'g YahtzeeBonus>,
    memo_state: HashMap<(u32, u32, u8), f64>,
}

impl<'g> Brute<'g> {
    fn state_value(&mut self, mask: u32, upper: u32, flag: u8) -> f64 {
        if mask == self.game.full_mask() {
            return 0.0;
        }
        if let Some(&v) = self.memo_state.get(&(mask, upper, flag)) {
            return v;
        }
        let n = self.game.dice;
        let mut memo_turn: HashMap<(Vec<u8>, usize), f64> = HashMap::new();
        let mut total = 0.0;
        let outcomes = all_outcomes(n);
        for dice in &outcomes {
            total += self.best(dice.clone(), self.game.rolls - 1, mask, upper, flag, &mut memo_turn);
        }
        let v = total / outcomes.len() as f64;
        self.memo_state.insert((mask, upper, flag), v);
        v
    }

    fn score_now(&mut self, dice: &[u8], mask: u32, upper: u32, flag: u8) -> f64 {
        let c: Counts = counts_of(dice);
        let mut opts = Vec::new();
        self.game.choices(mask, &c, |cat, pts| opts.push((cat, pts)));
        let mut best = f64::NEG_INFINITY;
        for (cat, pts) in opts {
            let (gained, upper2, flag2) = scored(self.game, self.bonus, &c, (mask, upper, flag), cat, pts);
            let v = f64::from(gained) + self.state_value(mask | 1 << cat, upper2, flag2);
            best = best.max(v);
        }
        best
    }

    fn best(
        &mut self,
        mut dice: Vec<u8>,
        rolls_left: usize,
        mask: u32,
        upper: u32,
        flag: u8,
        memo: &mut HashMap<(Vec<u8>, usize), f64>,
    ) -> f64 {
        dice.sort_unstable();
        if let Some(&v) = memo.get(&(dice.clone(), rolls_left)) {
            return v;
        }
        let mut best = self.score_now(&dice, mask, upper, flag);
        if rolls_left > 0 {
            let n = dice.len();
            for keep_bits in 0u32..(1 << n) {
                let kept: Vec<u8> = (0..n).filter(|i| keep_bits >> i & 1 == 1).map(|i| dice[i]).collect();
                let outcomes = all_outcomes(n - kept.len());
                let mut sum = 0.0;
                for o in &outcomes {
                    let mut d = kept.clone();
                    d.extend(o);
                    sum += self.best(d, rolls_left - 1, mask, upper, flag, memo);
                }
                best = best.max(sum / outcomes.len() as f64);
            }
        }
        memo.insert((dice, rolls_left), best);
        best
    }
}

/// Scoring `pts` of roll `c` in box `cat` from raw state (mask, upper,
/// flag), the rules read as plain data: the points earned (box, upper
/// bonus, extra Yahtzee) and the upper total and Yahtzee flag after.
pub(crate) fn scored(
    game: &CategoryGame,
    bonus: Option<&YahtzeeBonus>,
    c: &Counts,
    (mask, upper, flag): (u32, u32, u8),
    cat: usize,
    pts: u32,
) -> (u32, u32, u8) {
    let mut gained = pts;
    let mut upper2 = upper;
    if game.categories[cat].upper_face.is_some() {
        upper2 += pts;
        if let Some(UpperBonus { threshold, points }) = game.upper_bonus {
            if upper < threshold && upper2 >= threshold {
                gained += points;
            }
        }
    }
    let mut flag2 = flag;
    if let Some(yb) = bonus {
        let yahtzee = c.iter().any(|&x| x as usize == game.dice);
        if yahtzee && mask >> yb.category & 1 == 1 && flag == 1 {
            gained += yb.points;
        }
        if cat == yb.category {
            flag2 = u8::from(pts > 0);
        }
    }
    (gained, upper2, flag2)
}

pub(crate) fn all_outcomes(k: usize) -> Vec<Vec<u8>> {
    let mut out = vec![vec![]];
    for _ in 0..k {
        out = out.into_iter().flat_map(|v| (1..=6u8).map(move |f| [v.clone(), vec![f]].concat())).collect();
    }
    out
}

fn upper(face: u8) -> Category {
    const FNS: [fn(&Counts) -> u32; 6] = [
        |c| u32::from(c[0]),
        |c| 2 * u32::from(c[1]),
        |c| 3 * u32::from(c[2]),
        |c| 4 * u32::from(c[3]),
        |c| 5 * u32::from(c[4]),
        |c| 6 * u32::from(c[5]),
    ];
    const NAMES: [&str; 6] = ["ones", "twos", "threes", "fours", "fives", "sixes"];
    Category { name: NAMES[face as usize - 1], aliases: &[], upper_face: Some(face), score: FNS[face as usize - 1] }
}

pub(crate) fn toy_game(dice: usize, rolls: usize, with_yahtzee: Option<Joker>) -> Toy {
    let mut categories = vec![
        upper(2),
        upper(5),
        upper(6),
        Category {
            name: "pair",
            aliases: &[],
            upper_face: None,
            score: |c| if c.iter().any(|&x| x >= 2) { 12 } else { 0 },
        },
        Category {
            name: "chance",
            aliases: &[],
            upper_face: None,
            score: |c| c.iter().enumerate().map(|(f, &x)| (f as u32 + 1) * u32::from(x)).sum(),
        },
    ];
    let mut yahtzee_bonus = None;
    if let Some(joker) = with_yahtzee {
        categories.push(Category {
            name: "yahtzee",
            aliases: &[],
            upper_face: None,
            score: |c| if c.iter().filter(|&&x| x > 0).count() == 1 { 50 } else { 0 },
        });
        yahtzee_bonus = Some(YahtzeeBonus { category: 5, points: 100, joker, joker_scores: vec![(3, 25)] });
    }
    let game = CategoryGame {
        id: "toy",
        title: "toy".into(),
        options: vec![],
        dice,
        rolls,
        keep_rule: KeepRule::Reroll,
        categories,
        upper_bonus: Some(UpperBonus { threshold: 14, points: 20 }),
        more_points_never_hurt: true,
        zero_only_when_forced: false,
        extra: match &yahtzee_bonus {
            Some(yb) => Arc::new(yb.clone()),
            None => Arc::new(NoExtra),
        },
    };
    Toy { game, bonus: yahtzee_bonus }
}

fn check_against_brute(toy: &Toy) {
    let game = &toy.game;
    let dp = TurnDp::new(game);
    let sol = solve(&dp, &Silent);
    let mut brute = Brute { game, bonus: toy.bonus.as_ref(), memo_state: HashMap::new() };
    // Every raw (mask, upper, flag) state reached by play must agree.
    let reach = reachable_raw(toy);
    assert!(reach.len() > 20);
    for &(mask, up, flag) in &reach {
        let b = brute.state_value(mask, up, flag);
        let i = dp.index().state_number(&State { mask, upper: up, extra: usize::from(flag) }).expect("indexed");
        assert!(
            (b - sol.values[i]).abs() < 1e-9,
            "mask {mask:b} upper {up} flag {flag}: brute {b} engine {}",
            sol.values[i]
        );
    }
    assert!((sol.expected - brute.state_value(0, 0, 0)).abs() < 1e-9);
}

#[test]
fn turn_dp_matches_brute_force_three_dice() {
    check_against_brute(&toy_game(3, 3, None));
}

#[test]
fn turn_dp_matches_brute_force_two_rolls_four_dice() {
    // Fewer boxes keep the brute force (16 position keeps x 1296 outcomes) quick.
    let mut toy = toy_game(4, 2, None);
    toy.game.categories.retain(|c| ["twos", "sixes", "chance"].contains(&c.name));
    check_against_brute(&toy);
}

#[test]
fn turn_dp_matches_brute_force_with_yahtzee_bonus_and_jokers() {
    check_against_brute(&toy_game(2, 3, Some(Joker::Free)));
    check_against_brute(&toy_game(2, 3, Some(Joker::Forced)));
}

/// Every (mask, raw upper total, Yahtzee flag) reachable by play. Forward
/// propagation over masks in order of filled boxes: a state is reachable when
/// some legal (box, points) move for some roll leads to it from a reachable
/// state. Raw upper totals of one (mask, flag) are a bit set (all < 128).
pub(crate) fn reachable_raw(toy: &Toy) -> HashSet<(u32, u32, u8)> {
    let mut out = HashSet::new();
    for (mask, flag, bits) in reachable_bits(toy) {
        for u in (0..128).filter(|u| bits >> u & 1 == 1) {
            out.insert((mask, u, flag));
        }
    }
    out
}

fn reachable_bits(toy: &Toy) -> Vec<(u32, u8, u128)> {
    let game = &toy.game;
    let ms = crate::dice::Multisets::new(game.dice);
    let rolls: Vec<Counts> = ms.rolls().map(|r| *ms.counts(r)).collect();
    let full = game.full_mask();
    let mut reach = vec![[0u128; 2]; full as usize + 1];
    reach[0][0] = 1;
    let mut masks: Vec<u32> = (0..=full).collect();
    masks.sort_by_key(|m| m.count_ones());
    for &mask in &masks {
        if reach[mask as usize] == [0, 0] {
            continue;
        }
        let mut moves = HashSet::new();
        for r in &rolls {
            game.choices(mask, r, |c, p| {
                moves.insert((c, p));
            });
        }
        for (c, p) in moves {
            let next = (mask | 1 << c) as usize;
            for flag in 0..2u8 {
                let bits = reach[mask as usize][flag as usize];
                if bits == 0 {
                    continue;
                }
                let shifted = if game.categories[c].upper_face.is_some() { bits << p } else { bits };
                let flag2 = match &toy.bonus {
                    Some(yb) if yb.category == c => u8::from(p > 0),
                    _ => flag,
                };
                reach[next][flag2 as usize] |= shifted;
            }
        }
    }
    let mut out = Vec::new();
    for (mask, r) in reach.iter().enumerate() {
        for flag in 0..2u8 {
            if r[flag as usize] != 0 {
                out.push((mask as u32, flag, r[flag as usize]));
            }
        }
    }
    out
}

/// Independent collapse of an upper total: at/over the threshold, or unable
/// to reach it with the open upper boxes at their maximum, or as is.
fn collapse(game: &CategoryGame, mask: u32, up: u32) -> u32 {
    let t = game.upper_bonus.map_or(0, |b| b.threshold);
    let room: u32 = game
        .categories
        .iter()
        .enumerate()
        .filter(|(i, c)| mask >> i & 1 == 0 && c.upper_face.is_some())
        .map(|(_, c)| u32::from(c.upper_face.unwrap()) * game.dice as u32)
        .sum();
    if up >= t {
        t
    } else if up + room < t {
        u32::from(DEAD)
    } else {
        up
    }
}

fn check_state_count(toy: &Toy) {
    let game = &toy.game;
    let dp = TurnDp::new(game);
    let index = dp.index();
    let mut collapsed = HashSet::new();
    let mut hit = vec![false; index.len() as usize];
    for (mask, extra, bits) in reachable_bits(toy) {
        for upper in (0..128).filter(|u| bits >> u & 1 == 1) {
            collapsed.insert((mask, collapse(game, mask, upper), extra));
            let state = State { mask, upper, extra: usize::from(extra) };
            let i = index.state_number(&state).expect("reachable state is indexed");
            hit[i] = true;
        }
    }
    assert_eq!(collapsed.len() as u64, index.len(), "{}: index vs enumeration", game.title);
    assert!(hit.iter().all(|&h| h), "{}: an indexed state is never reached", game.title);
}

#[test]
fn reachable_state_counts_match_enumeration() {
    for (name, opts) in
        [("yahtzee", vec![]), ("yahtzee", vec!["no-bonus"]), ("yatzy", vec![]), ("yahtzee-deluxe", vec![])]
    {
        let game = crate::registry::testing::category(name, &opts);
        let bonus = game.extra.canonical();
        let bonus: Option<YahtzeeBonus> = serde_json::from_value(bonus).ok();
        check_state_count(&Toy { game, bonus });
    }
    check_state_count(&toy_game(3, 3, Some(Joker::Free)));
}
