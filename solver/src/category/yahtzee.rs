//! Classic Yahtzee: 5 dice, 3 rolls, 13 boxes, 35 bonus at 63, Yahtzee bonus
//! 100 per extra Yahtzee and the joker rule. The reference game: with the free
//! joker the optimal expected score is published (Verhoeff) as 254.5896.
//!
//! Options:
//! - `joker=free` (default): a Yahtzee rolled after the Yahtzee box is filled
//!   may go in any open box; Full House, Small and Large Straight score their
//!   full value with it once the matching upper box is filled too.
//! - `joker=forced`: the official placement order (matching upper box if open,
//!   else any open lower box at joker values, else an upper box for 0).
//! - `no-bonus`: no Yahtzee bonus and no joker at all.
//!
//! A Yahtzee is not a Full House by itself (only as a joker), as in the
//! official rules.

use super::game::{
    longest_run, most_alike, sum_of_face, total, Category, Game, Joker, KeepRule, UpperBonus, YahtzeeBonus,
};
use super::games::{GameError, OptionSet};
use crate::dice::Counts;

pub const ID: &str = "yahtzee";

fn kind_sum(c: &Counts, n: u8) -> u32 {
    if most_alike(c) >= n {
        total(c)
    } else {
        0
    }
}

fn full_house(c: &Counts) -> u32 {
    let three = c.contains(&3);
    let two = c.contains(&2);
    if three && two {
        25
    } else {
        0
    }
}

pub(super) fn upper_categories() -> Vec<Category> {
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
    (0..6)
        .map(|i| Category { name: NAMES[i].0, aliases: NAMES[i].1, upper_face: Some(i as u8 + 1), score: FNS[i] })
        .collect()
}

pub fn build(opts: &OptionSet) -> Result<Game, GameError> {
    let joker = opts.choice("joker", &["free", "forced"], "free")?;
    let no_bonus = opts.flag("no-bonus")?;
    opts.finish()?;
    if no_bonus && opts.given("joker") {
        return Err(GameError::Contradiction {
            game: ID.into(),
            why: "`no-bonus` removes the joker, so `joker=` cannot be set with it".into(),
        });
    }
    let mut cats = upper_categories();
    cats.extend([
        Category {
            name: "three-kind",
            aliases: &["3k", "three-of-a-kind"],
            upper_face: None,
            score: |c| kind_sum(c, 3),
        },
        Category { name: "four-kind", aliases: &["4k", "four-of-a-kind"], upper_face: None, score: |c| kind_sum(c, 4) },
        Category { name: "full-house", aliases: &["fh"], upper_face: None, score: full_house },
        Category {
            name: "small-straight",
            aliases: &["ss", "sm-straight"],
            upper_face: None,
            score: |c| if longest_run(c) >= 4 { 30 } else { 0 },
        },
        Category {
            name: "large-straight",
            aliases: &["ls", "lg-straight"],
            upper_face: None,
            score: |c| if longest_run(c) >= 5 { 40 } else { 0 },
        },
        Category {
            name: "yahtzee",
            aliases: &["y"],
            upper_face: None,
            score: |c| if most_alike(c) == 5 { 50 } else { 0 },
        },
        Category { name: "chance", aliases: &["c"], upper_face: None, score: total },
    ]);
    let idx = |n: &str| cats.iter().position(|c| c.name == n).expect("category exists");
    let yahtzee_bonus = (!no_bonus).then(|| YahtzeeBonus {
        category: idx("yahtzee"),
        points: 100,
        joker: if joker == "forced" { Joker::Forced } else { Joker::Free },
        joker_scores: vec![(idx("full-house"), 25), (idx("small-straight"), 30), (idx("large-straight"), 40)],
    });
    let options = if no_bonus { vec!["no-bonus".to_string()] } else { vec![format!("joker={joker}")] };
    Ok(Game {
        id: ID,
        title: format!("Yahtzee ({})", options.join(", ")),
        options,
        dice: 5,
        rolls: 3,
        keep_rule: KeepRule::Reroll,
        categories: cats,
        upper_bonus: Some(UpperBonus { threshold: 63, points: 35 }),
        yahtzee_bonus,
    })
}
