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

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::upper_categories;
use crate::category::model::Sheet;
use crate::category::model::{
    longest_run, most_alike, total, Category, CategoryGame, ExtraRules, KeepRule, Scored, UpperBonus,
};
use crate::dice::Counts;
use crate::error::Error;
use crate::error::{BonusProblem, SheetError};
use crate::options::{OptionError, OptionKind, OptionSet, OptionSpec};

pub(crate) const ID: &str = "yahtzee";

/// Classic Yahtzee's options.
pub(crate) const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "joker",
        kind: OptionKind::Choice { choices: &["free", "forced"], default: "free" },
        help: "where a Yahtzee may go once the Yahtzee box is filled: any open box, or the official order",
    },
    OptionSpec { name: "no-bonus", kind: OptionKind::Switch, help: "no Yahtzee bonus and no joker" },
];

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

pub(crate) fn build(opts: &OptionSet) -> Result<CategoryGame, Error> {
    let joker = opts.choice("joker");
    let no_bonus = opts.switch("no-bonus");
    if no_bonus && opts.given("joker") {
        return Err(OptionError::Conflict {
            first: "no-bonus".into(),
            second: "joker".into(),
            why: "without the Yahtzee bonus there is no joker",
        }
        .into());
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
    let extra: Arc<dyn ExtraRules> = if no_bonus {
        Arc::new(crate::category::model::NoExtra)
    } else {
        Arc::new(YahtzeeBonus {
            category: idx("yahtzee"),
            points: 100,
            joker: if joker == "forced" { Joker::Forced } else { Joker::Free },
            joker_scores: vec![(idx("full-house"), 25), (idx("small-straight"), 30), (idx("large-straight"), 40)],
        })
    };
    let options = if no_bonus { vec!["no-bonus".to_string()] } else { vec![format!("joker={joker}")] };
    Ok(CategoryGame {
        id: ID,
        title: format!("Yahtzee ({})", options.join(", ")),
        options,
        dice: 5,
        rolls: 3,
        keep_rule: KeepRule::Reroll,
        categories: cats,
        upper_bonus: Some(UpperBonus { threshold: 63, points: 35 }),
        // A 50 in the Yahtzee box only adds bonuses; more upper total only helps.
        more_points_never_hurt: true,
        zero_only_when_forced: false,
        extra,
    })
}

/// How a Yahtzee rolled after the Yahtzee box is filled may be placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Joker {
    /// Any open box; the joker scores (full value for `joker_scores` boxes)
    /// apply once the Yahtzee box and the matching upper box are filled.
    Free,
    /// Official order: the matching upper box if open; else any open lower
    /// box, at joker scores; else any open upper box (scoring 0).
    Forced,
}

/// Classic Yahtzee's rules around a second Yahtzee, as the game's extra
/// state: the *flag* (extra 1) says the Yahtzee box holds 50, so that a
/// further Yahtzee earns the bonus. States whose Yahtzee box is open have
/// extra 0 only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct YahtzeeBonus {
    /// Index of the Yahtzee box.
    pub(crate) category: usize,
    /// Points per extra Yahtzee while the Yahtzee box holds a positive score.
    pub(crate) points: u32,
    pub(crate) joker: Joker,
    /// Lower boxes that score a fixed value with a joker (Full House 25,
    /// Small Straight 30, Large Straight 40), as (box, points). Other lower
    /// boxes score their usual function of the dice.
    pub(crate) joker_scores: Vec<(usize, u32)>,
}

/// The face of a Yahtzee (all dice alike), if `roll` is one.
fn yahtzee_face(roll: &Counts) -> Option<usize> {
    let dice: u8 = roll.iter().sum();
    roll.iter().position(|&c| c == dice)
}

impl ExtraRules for YahtzeeBonus {
    fn extras(&self, mask: u32) -> usize {
        if mask >> self.category & 1 == 1 {
            2
        } else {
            1
        }
    }

    fn score(&self, _mask: u32, extra: usize, cat: usize, points: u32) -> Scored {
        Scored::plain(if cat == self.category { usize::from(points > 0) } else { extra }, points)
    }

    fn roll_bonus(&self, mask: u32, extra: usize, roll: &Counts) -> u32 {
        if extra == 1 && mask >> self.category & 1 == 1 && yahtzee_face(roll).is_some() {
            self.points
        } else {
            0
        }
    }

    fn roll_bonus_possible(&self, roll: &Counts) -> bool {
        yahtzee_face(roll).is_some()
    }

    fn restricted_choices(&self, game: &CategoryGame, mask: u32, roll: &Counts) -> Option<Vec<(usize, u32)>> {
        let face = yahtzee_face(roll)?;
        if mask & (1 << self.category) == 0 {
            return None;
        }
        let cats = &game.categories;
        let upper_of_face = cats.iter().position(|c| c.upper_face.map(usize::from) == Some(face + 1));
        let upper_filled = upper_of_face.is_none_or(|u| mask & (1 << u) != 0);
        let lower_score = |i: usize| -> u32 {
            match self.joker_scores.iter().find(|&&(c, _)| c == i) {
                Some(&(_, pts)) if upper_filled => pts,
                _ => (cats[i].score)(roll),
            }
        };
        let open = |i: usize| mask & (1 << i) == 0;
        let mut out = Vec::new();
        match self.joker {
            Joker::Free => {
                for (i, c) in cats.iter().enumerate().filter(|&(i, _)| open(i)) {
                    out.push((i, if c.upper_face.is_some() { (c.score)(roll) } else { lower_score(i) }));
                }
            }
            Joker::Forced => {
                if let Some(u) = upper_of_face.filter(|&u| open(u)) {
                    return Some(vec![(u, (cats[u].score)(roll))]);
                }
                out.extend(
                    cats.iter()
                        .enumerate()
                        .filter(|&(i, c)| open(i) && c.upper_face.is_none())
                        .map(|(i, _)| (i, lower_score(i))),
                );
                if out.is_empty() {
                    out.extend(
                        cats.iter()
                            .enumerate()
                            .filter(|&(i, c)| open(i) && c.upper_face.is_some())
                            .map(|(i, _)| (i, 0)),
                    );
                }
            }
        }
        Some(out)
    }

    fn extra_scores(&self, cat: usize) -> Vec<u32> {
        self.joker_scores.iter().filter(|&&(c, _)| c == cat).map(|&(_, p)| p).collect()
    }

    fn sheet_entries(&self) -> &'static [&'static str] {
        &["bonus", "yahtzee-bonus"]
    }

    fn sheet_bonus_points(&self, sheet: &Sheet) -> u32 {
        sheet.extra_entries.iter().map(|&(_, p)| p).sum()
    }

    fn extra_of_sheet(&self, _game: &CategoryGame, sheet: &Sheet) -> Result<usize, SheetError> {
        let bonus = self.sheet_bonus_points(sheet);
        if !bonus.is_multiple_of(self.points) {
            return Err(SheetError::BadBonus { points: bonus, why: BonusProblem::NotAMultiple(self.points) });
        }
        let extra_yahtzees = bonus / self.points;
        let box_points = sheet.entries[self.category];
        if extra_yahtzees > 0 && box_points.is_none_or(|p| p == 0) {
            return Err(SheetError::BadBonus { points: bonus, why: BonusProblem::NeedsYahtzee });
        }
        // Each extra Yahtzee fills one more box after the Yahtzee box.
        let filled = sheet.entries.iter().filter(|e| e.is_some()).count() as u32;
        if extra_yahtzees + 1 > filled.max(1) {
            return Err(SheetError::BadBonus { points: bonus, why: BonusProblem::TooMany });
        }
        Ok(usize::from(box_points.is_some_and(|p| p > 0)))
    }

    fn canonical(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("serialises")
    }
}
