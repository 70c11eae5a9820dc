//! Scandinavian Yatzy: 5 dice, 3 rolls, 15 boxes, bonus 50 at 63.
//!
//! One Pair, Two Pairs (two different faces), Three and Four of a Kind score
//! the dice that form them (the highest such when several fit); Small
//! Straight is exactly 1-2-3-4-5 (15), Large Straight exactly 2-3-4-5-6 (20);
//! Full House is three of one face and two of another, scoring the sum;
//! Chance the sum; Yatzy (five alike) 50. No Yatzy bonus, no joker, no options.

use std::sync::Arc;

use super::upper_categories;
use crate::category::model::{total, Category, CategoryGame, KeepRule, NoExtra, UpperBonus};
use crate::dice::Counts;
use crate::error::Error;
use crate::options::{OptionSet, OptionSpec};

pub(crate) const ID: &str = "yatzy";
/// Yatzy has no options.
pub(crate) const OPTIONS: &[OptionSpec] = &[];

/// Highest face with at least `n` dice, as points `n * face`.
fn n_kind(c: &Counts, n: u8) -> u32 {
    (0..6u8).rev().find(|&f| c[usize::from(f)] >= n).map_or(0, |f| u32::from(n) * u32::from(f + 1))
}

fn two_pairs(c: &Counts) -> u32 {
    let pairs: Vec<u32> = (1..=6u32).rev().filter(|&f| c[f as usize - 1] >= 2).collect();
    if pairs.len() >= 2 {
        2 * (pairs[0] + pairs[1])
    } else {
        0
    }
}

fn full_house(c: &Counts) -> u32 {
    if c.contains(&3) && c.contains(&2) {
        total(c)
    } else {
        0
    }
}

pub(crate) fn build(_: &OptionSet) -> Result<CategoryGame, Error> {
    let mut cats = upper_categories();
    cats.extend([
        Category { name: "one-pair", aliases: &["pair", "1p"], upper_face: None, score: |c| n_kind(c, 2) },
        Category { name: "two-pairs", aliases: &["2p"], upper_face: None, score: two_pairs },
        Category { name: "three-kind", aliases: &["3k", "three-of-a-kind"], upper_face: None, score: |c| n_kind(c, 3) },
        Category { name: "four-kind", aliases: &["4k", "four-of-a-kind"], upper_face: None, score: |c| n_kind(c, 4) },
        Category {
            name: "small-straight",
            aliases: &["ss"],
            upper_face: None,
            score: |c| if c[..5].iter().all(|&x| x == 1) { 15 } else { 0 },
        },
        Category {
            name: "large-straight",
            aliases: &["ls"],
            upper_face: None,
            score: |c| if c[1..].iter().all(|&x| x == 1) { 20 } else { 0 },
        },
        Category { name: "full-house", aliases: &["fh"], upper_face: None, score: full_house },
        Category { name: "chance", aliases: &["c"], upper_face: None, score: total },
        Category {
            name: "yatzy",
            aliases: &["y", "yahtzee"],
            upper_face: None,
            score: |c| if c.contains(&5) { 50 } else { 0 },
        },
    ]);
    Ok(CategoryGame {
        id: ID,
        title: "Yatzy".into(),
        options: vec![],
        dice: 5,
        rolls: 3,
        keep_rule: KeepRule::Reroll,
        categories: cats,
        upper_bonus: Some(UpperBonus { threshold: 63, points: 50 }),
        more_points_never_hurt: true,
        zero_only_when_forced: false,
        extra: Arc::new(NoExtra),
    })
}
