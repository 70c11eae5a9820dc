//! Scoring functions of the category games against plain definitions
//! written from the rules texts over a sorted list of faces (property tests),
//! and the optimal value of classic Yahtzee against its published value.

use crate::category::model::CategoryGame as Game;
use crate::category::solve::solve;
use crate::category::turn::TurnDp;
use crate::dice::counts_of;
use crate::progress::Silent;
use crate::registry::testing::category;
use proptest::prelude::*;

fn game(name: &str, opts: &[&str]) -> Game {
    category(name, opts)
}

fn score(game: &Game, name: &str, dice: &[u8]) -> u32 {
    let c = game.category_index(name).unwrap_or_else(|| panic!("no box {name}"));
    (game.categories[c].score)(&counts_of(dice))
}

/// How many dice show each value, largest groups first.
fn groups(dice: &[u8]) -> Vec<usize> {
    let mut g: Vec<usize> = (1..=6).map(|f| dice.iter().filter(|&&d| d == f).count()).filter(|&n| n > 0).collect();
    g.sort_unstable_by(|a, b| b.cmp(a));
    g
}

fn contains_run(dice: &[u8], from: u8, to: u8) -> bool {
    (from..=to).all(|f| dice.contains(&f))
}

fn sum(dice: &[u8]) -> u32 {
    dice.iter().map(|&d| u32::from(d)).sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn yahtzee_boxes(dice in prop::collection::vec(1u8..=6, 5)) {
        let g = game("yahtzee", &[]);
        let gr = groups(&dice);
        for f in 1..=6u8 {
            let name = ["ones", "twos", "threes", "fours", "fives", "sixes"][f as usize - 1];
            prop_assert_eq!(score(&g, name, &dice), dice.iter().filter(|&&d| d == f).count() as u32 * u32::from(f));
        }
        prop_assert_eq!(score(&g, "three-kind", &dice), if gr[0] >= 3 { sum(&dice) } else { 0 });
        prop_assert_eq!(score(&g, "four-kind", &dice), if gr[0] >= 4 { sum(&dice) } else { 0 });
        prop_assert_eq!(score(&g, "full-house", &dice), if gr == vec![3, 2] { 25 } else { 0 });
        let small = contains_run(&dice, 1, 4) || contains_run(&dice, 2, 5) || contains_run(&dice, 3, 6);
        prop_assert_eq!(score(&g, "small-straight", &dice), if small { 30 } else { 0 });
        let large = contains_run(&dice, 1, 5) || contains_run(&dice, 2, 6);
        prop_assert_eq!(score(&g, "large-straight", &dice), if large { 40 } else { 0 });
        prop_assert_eq!(score(&g, "yahtzee", &dice), if gr[0] == 5 { 50 } else { 0 });
        prop_assert_eq!(score(&g, "chance", &dice), sum(&dice));
    }

    #[test]
    fn deluxe_boxes(dice in prop::collection::vec(1u8..=6, 6)) {
        let g = game("yahtzee-deluxe", &[]);
        let gr = groups(&dice);
        prop_assert_eq!(score(&g, "fours", &dice), 4 * dice.iter().filter(|&&d| d == 4).count() as u32);
        let pairs = gr == vec![2, 2, 2] || gr == vec![4, 2] || gr == vec![6];
        prop_assert_eq!(score(&g, "three-pairs", &dice), if pairs { 20 } else { 0 });
        let triplets = gr == vec![3, 3] || gr == vec![6];
        prop_assert_eq!(score(&g, "two-triplets", &dice), if triplets { 30 } else { 0 });
        let four_two = gr == vec![4, 2] || gr == vec![6];
        prop_assert_eq!(score(&g, "full-house", &dice), if four_two { 40 } else { 0 });
        prop_assert_eq!(score(&g, "straight", &dice), if contains_run(&dice, 1, 6) { 50 } else { 0 });
        prop_assert_eq!(score(&g, "yahtzee", &dice), if gr[0] == 6 { 60 } else { 0 });
        let small = contains_run(&dice, 1, 5) || contains_run(&dice, 2, 6);
        prop_assert_eq!(score(&g, "small-straight", &dice), if small { sum(&dice) } else { 0 });
        prop_assert_eq!(score(&g, "small-yahtzee", &dice), if gr[0] >= 5 { sum(&dice) } else { 0 });
        prop_assert_eq!(score(&g, "chance", &dice), sum(&dice));
    }

    #[test]
    fn yatzy_boxes(dice in prop::collection::vec(1u8..=6, 5)) {
        let g = game("yatzy", &[]);
        let count = |f: u8| dice.iter().filter(|&&d| d == f).count();
        let best_n = |n: usize| (1..=6u8).rev().find(|&f| count(f) >= n).map_or(0, |f| n as u32 * u32::from(f));
        prop_assert_eq!(score(&g, "one-pair", &dice), best_n(2));
        prop_assert_eq!(score(&g, "three-kind", &dice), best_n(3));
        prop_assert_eq!(score(&g, "four-kind", &dice), best_n(4));
        let pair_faces: Vec<u32> = (1..=6u8).rev().filter(|&f| count(f) >= 2).map(u32::from).collect();
        let two_pairs = if pair_faces.len() >= 2 { 2 * (pair_faces[0] + pair_faces[1]) } else { 0 };
        prop_assert_eq!(score(&g, "two-pairs", &dice), two_pairs);
        let mut sorted = dice.clone();
        sorted.sort_unstable();
        prop_assert_eq!(score(&g, "small-straight", &dice), if sorted == [1, 2, 3, 4, 5] { 15 } else { 0 });
        prop_assert_eq!(score(&g, "large-straight", &dice), if sorted == [2, 3, 4, 5, 6] { 20 } else { 0 });
        prop_assert_eq!(score(&g, "full-house", &dice), if groups(&dice) == vec![3, 2] { sum(&dice) } else { 0 });
        prop_assert_eq!(score(&g, "yatzy", &dice), if groups(&dice)[0] == 5 { 50 } else { 0 });
    }
}

#[test]
fn joker_rules() {
    let free = game("yahtzee", &[]);
    let forced = game("yahtzee", &["joker=forced"]);
    let idx = |g: &Game, n: &str| g.category_index(n).unwrap();
    let fives = counts_of(&[5, 5, 5, 5, 5]);
    let choices = |g: &Game, filled: &[&str]| {
        let mask = filled.iter().fold(0u32, |m, n| m | 1 << idx(g, n));
        let mut v = Vec::new();
        g.choices(mask, &fives, |c, p| v.push((g.categories[c].name, p)));
        v
    };
    // Yahtzee box open: no joker, a Yahtzee is not a full house.
    assert!(choices(&free, &[]).contains(&("full-house", 0)));
    // Yahtzee box filled but Fives open: free choice, no joker scores yet.
    assert!(choices(&free, &["yahtzee"]).contains(&("full-house", 0)));
    assert_eq!(choices(&forced, &["yahtzee"]), vec![("fives", 25)]);
    // Fives filled too: joker scores apply.
    let c = choices(&free, &["yahtzee", "fives"]);
    assert!(c.contains(&("full-house", 25)) && c.contains(&("large-straight", 40)) && c.contains(&("ones", 0)));
    let c = choices(&forced, &["yahtzee", "fives"]);
    assert!(c.contains(&("small-straight", 30)) && !c.iter().any(|(n, _)| *n == "ones"));
    // Every lower box filled: forced into an upper box for 0.
    let lower =
        ["three-kind", "four-kind", "full-house", "small-straight", "large-straight", "yahtzee", "chance", "fives"];
    assert!(choices(&forced, &lower)
        .iter()
        .all(|&(n, p)| p == 0 && ["ones", "twos", "threes", "fours", "sixes"].contains(&n)));
}

/// Verhoeff's published optimal expected score for solitaire Yahtzee with
/// the Yahtzee bonus and a freely placed joker: 254.5896.
#[test]
fn classic_yahtzee_matches_published_optimum() {
    let g = game("yahtzee", &[]);
    let sol = solve(&TurnDp::new(&g), &Silent);
    assert!((sol.expected - 254.5896).abs() < 1e-4, "got {}", sol.expected);
}
