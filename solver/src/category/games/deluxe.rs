//! Yahtzee Deluxe: 6 dice, 3 rolls, 14 boxes, upper bonus 50 at 84
//! (`docs/rules.md`). Three Pairs 20 (4+2 and six alike count), Two Triplets 30 (six alike
//! counts), Full House = four of a kind plus a pair 40 (six alike counts),
//! Straight 1-6 50, Yahtzee (six alike) 60, Small Straight (1-5 or 2-6
//! present) sum of the dice, Small Yahtzee (at least five alike) sum, Chance
//! sum. Any open box may take a 0. No Yahtzee bonus, no joker, no options.

use std::sync::Arc;

use super::upper_categories;
use crate::category::model::{
    longest_run, most_alike, three_pairs, total, two_triplets, Category, CategoryGame, KeepRule, NoExtra, UpperBonus,
};
use crate::dice::Counts;
use crate::error::Error;
use crate::options::{OptionSet, OptionSpec};

pub(crate) const ID: &str = "yahtzee-deluxe";
/// Yahtzee Deluxe has no options.
pub(crate) const OPTIONS: &[OptionSpec] = &[];

fn four_and_pair(c: &Counts) -> u32 {
    if (c.contains(&4) && c.contains(&2)) || c.contains(&6) {
        40
    } else {
        0
    }
}

pub(crate) fn build(_: &OptionSet) -> Result<CategoryGame, Error> {
    let mut cats = upper_categories();
    cats.extend([
        Category {
            name: "three-pairs",
            aliases: &["3p", "pairs"],
            upper_face: None,
            score: |c| 20 * u32::from(three_pairs(c)),
        },
        Category {
            name: "two-triplets",
            aliases: &["2t", "triplets"],
            upper_face: None,
            score: |c| 30 * u32::from(two_triplets(c)),
        },
        Category { name: "full-house", aliases: &["fh"], upper_face: None, score: four_and_pair },
        Category {
            name: "straight",
            aliases: &["st"],
            upper_face: None,
            score: |c| if longest_run(c) == 6 { 50 } else { 0 },
        },
        Category {
            name: "yahtzee",
            aliases: &["y"],
            upper_face: None,
            score: |c| if most_alike(c) == 6 { 60 } else { 0 },
        },
        Category {
            name: "small-straight",
            aliases: &["ss"],
            upper_face: None,
            score: |c| if longest_run(c) >= 5 { total(c) } else { 0 },
        },
        Category {
            name: "small-yahtzee",
            aliases: &["sy"],
            upper_face: None,
            score: |c| if most_alike(c) >= 5 { total(c) } else { 0 },
        },
        Category { name: "chance", aliases: &["c"], upper_face: None, score: total },
    ]);
    Ok(CategoryGame {
        id: ID,
        title: "Yahtzee Deluxe".into(),
        options: vec![],
        dice: 6,
        rolls: 3,
        keep_rule: KeepRule::Reroll,
        categories: cats,
        upper_bonus: Some(UpperBonus { threshold: 84, points: 50 }),
        more_points_never_hurt: true,
        zero_only_when_forced: false,
        extra: Arc::new(NoExtra),
    })
}
