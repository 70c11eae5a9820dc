//! The category games, one file each. A game file declares its options
//! (`OPTIONS`, listed in [`crate::registry`]) and builds a
//! [`super::CategoryGame`] from them (`build`); rules beyond boxes and the
//! upper bonus come as an [`super::model::ExtraRules`] hook.

pub(crate) mod deluxe;
pub(crate) mod sixhundred;
pub(crate) mod yahtzee;
pub(crate) mod yatzy;

use super::model::sum_of_face;
use super::model::Category;
use crate::dice::Counts;

/// Ones to Sixes, as every game here has them.
pub(crate) fn upper_categories() -> Vec<Category> {
    const NAMES: [(&str, &[&str]); 6] = [
        ("ones", &["1s", "aces"]),
        ("twos", &["2s"]),
        ("threes", &["3s"]),
        ("fours", &["4s"]),
        ("fives", &["5s"]),
        ("sixes", &["6s"]),
    ];
    const FNS: [fn(&Counts) -> u32; 6] = [
        |c| sum_of_face(c, 1),
        |c| sum_of_face(c, 2),
        |c| sum_of_face(c, 3),
        |c| sum_of_face(c, 4),
        |c| sum_of_face(c, 5),
        |c| sum_of_face(c, 6),
    ];
    (0..6u8)
        .map(|i| Category {
            name: NAMES[usize::from(i)].0,
            aliases: NAMES[usize::from(i)].1,
            upper_face: Some(i + 1),
            score: FNS[usize::from(i)],
        })
        .collect()
}
