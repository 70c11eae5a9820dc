//! The data model of a category (score-sheet) game.
//!
//! A [`Game`] is plain data: dice, rolls per turn, the keep rule, the
//! categories with their scoring functions, the upper-section bonus, and the
//! optional Yahtzee bonus/joker machinery. The engine ([`super::states`],
//! [`super::turn`], [`super::solve`]) is written once against this model; each
//! game file ([`super::yahtzee`], [`super::deluxe`], [`super::yatzy`]) only
//! builds a `Game`.

use crate::dice::{Counts, Multisets};

/// Scoring function of one category: points for a final roll, ignoring any
/// rule that depends on the rest of the sheet (jokers are applied separately).
pub type ScoreFn = fn(&Counts) -> u32;

/// One box on the score sheet.
#[derive(Clone)]
pub struct Category {
    /// Canonical name as typed in `--sheet`, e.g. `full-house`.
    pub name: &'static str,
    /// Other accepted spellings, e.g. `fh`.
    pub aliases: &'static [&'static str],
    /// `Some(face)` for an upper-section box that scores the sum of that face.
    pub upper_face: Option<u8>,
    pub score: ScoreFn,
}

impl std::fmt::Debug for Category {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// Which dice may be re-rolled later in a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeepRule {
    /// Yahtzee family: before each re-roll the player keeps any sub-multiset
    /// of the current dice; kept dice may still be re-rolled on a later roll.
    /// The turn DP then only needs the full roll as state between rolls.
    Reroll,
    // Six Hundred's rule (set-aside dice stay locked for the rest of the turn)
    // adds the locked multiset to the in-turn state; it is a separate kernel in
    // the turn DP and arrives with that game.
}

/// Bonus for the upper section (Ones..Sixes) totalling at least `threshold`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UpperBonus {
    pub threshold: u32,
    pub points: u32,
}

/// How a Yahtzee rolled after the Yahtzee box is filled may be placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Joker {
    /// Any open box; the joker scores (full value for `joker_scores` boxes)
    /// apply once the Yahtzee box and the matching upper box are filled.
    Free,
    /// Official order: the matching upper box if open; else any open lower
    /// box, at joker scores; else any open upper box (scoring 0).
    Forced,
}

/// Classic Yahtzee's extra rules around a second Yahtzee.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YahtzeeBonus {
    /// Index of the Yahtzee category.
    pub category: usize,
    /// Points per extra Yahtzee while the Yahtzee box holds a positive score.
    pub points: u32,
    pub joker: Joker,
    /// Lower boxes that score a fixed value with a joker (Full House 25,
    /// Small Straight 30, Large Straight 40), as (category, points). Other
    /// lower boxes score their usual function of the dice.
    pub joker_scores: Vec<(usize, u32)>,
}

/// A category game, fully specified.
#[derive(Debug, Clone)]
pub struct Game {
    /// Table/game id, e.g. `yahtzee`.
    pub id: &'static str,
    /// Human title with options, e.g. `Yahtzee (joker=free)`.
    pub title: String,
    /// Options in canonical form (sorted, defaults spelled out), e.g. `joker=free`.
    pub options: Vec<String>,
    pub dice: usize,
    pub rolls: usize,
    pub keep_rule: KeepRule,
    pub categories: Vec<Category>,
    pub upper_bonus: Option<UpperBonus>,
    pub yahtzee_bonus: Option<YahtzeeBonus>,
}

/// Bumped whenever a change to the engine changes solved values; part of the
/// rules fingerprint, so old tables read as stale.
pub const ENGINE_VERSION: u32 = 1;

impl Game {
    /// Canonical text of everything that determines the solved values; its
    /// hash is the table fingerprint.
    pub fn canonical_rules(&self) -> String {
        let cats: Vec<String> = self
            .categories
            .iter()
            .map(|c| match c.upper_face {
                Some(f) => format!("{}:upper{}", c.name, f),
                None => c.name.to_string(),
            })
            .collect();
        format!(
            "category-game engine={} id={} dice={} rolls={} keep={:?} categories=[{}] upper_bonus={:?} yahtzee_bonus={:?} options=[{}]",
            ENGINE_VERSION,
            self.id,
            self.dice,
            self.rolls,
            self.keep_rule,
            cats.join(","),
            self.upper_bonus,
            self.yahtzee_bonus,
            self.options.join(",")
        )
    }

    /// Bit mask with every category filled.
    pub fn full_mask(&self) -> u32 {
        (1u32 << self.categories.len()) - 1
    }

    /// Finds a category by name or alias (case-insensitive, `_` = `-`).
    pub fn category_index(&self, name: &str) -> Option<usize> {
        let n = name.trim().to_ascii_lowercase().replace('_', "-");
        self.categories.iter().position(|c| c.name == n || c.aliases.contains(&n.as_str()))
    }

    /// Points a final roll earns whatever box it goes in: the Yahtzee bonus,
    /// for a Yahtzee while the Yahtzee box holds a positive score (`flag`).
    pub fn roll_bonus(&self, mask: u32, roll: &Counts, flag: u8) -> u32 {
        match &self.yahtzee_bonus {
            Some(yb) if flag == 1 && mask >> yb.category & 1 == 1 && roll.iter().any(|&c| c as usize == self.dice) => {
                yb.points
            }
            _ => 0,
        }
    }

    /// The legal ways to score final roll `roll` with open categories
    /// `!mask`: calls `f(category, points)` for each. Applies the joker rules.
    pub fn choices(&self, mask: u32, roll: &Counts, mut f: impl FnMut(usize, u32)) {
        let yahtzee_face = roll.iter().position(|&c| c as usize == self.dice);
        if let (Some(yb), Some(face)) = (&self.yahtzee_bonus, yahtzee_face) {
            if mask & (1 << yb.category) != 0 {
                return self.joker_choices(yb, mask, roll, face, f);
            }
        }
        for (i, c) in self.categories.iter().enumerate() {
            if mask & (1 << i) == 0 {
                f(i, (c.score)(roll));
            }
        }
    }

    fn joker_choices(&self, yb: &YahtzeeBonus, mask: u32, roll: &Counts, face: usize, mut f: impl FnMut(usize, u32)) {
        let upper_of_face = self.categories.iter().position(|c| c.upper_face == Some(face as u8 + 1));
        let upper_filled = upper_of_face.is_none_or(|u| mask & (1 << u) != 0);
        let lower_score = |i: usize| -> u32 {
            match yb.joker_scores.iter().find(|&&(c, _)| c == i) {
                Some(&(_, pts)) if upper_filled => pts,
                _ => (self.categories[i].score)(roll),
            }
        };
        let open = |i: usize| mask & (1 << i) == 0;
        match yb.joker {
            Joker::Free => {
                for (i, c) in self.categories.iter().enumerate() {
                    if open(i) {
                        f(i, if c.upper_face.is_some() { (c.score)(roll) } else { lower_score(i) });
                    }
                }
            }
            Joker::Forced => {
                if let Some(u) = upper_of_face.filter(|&u| open(u)) {
                    return f(u, (self.categories[u].score)(roll));
                }
                let mut any_lower = false;
                for (i, c) in self.categories.iter().enumerate() {
                    if open(i) && c.upper_face.is_none() {
                        any_lower = true;
                        f(i, lower_score(i));
                    }
                }
                if !any_lower {
                    for (i, c) in self.categories.iter().enumerate() {
                        if open(i) && c.upper_face.is_some() {
                            f(i, 0);
                        }
                    }
                }
            }
        }
    }

    /// Every score a category can hold on a sheet (including 0 and joker
    /// values), ascending. Used to validate sheets typed by users.
    pub fn possible_scores(&self, cat: usize) -> Vec<u32> {
        let ms = Multisets::new(self.dice);
        let mut v: Vec<u32> = ms.rolls().map(|r| (self.categories[cat].score)(ms.counts(r))).collect();
        v.push(0);
        if let Some(yb) = &self.yahtzee_bonus {
            v.extend(yb.joker_scores.iter().filter(|&&(c, _)| c == cat).map(|&(_, p)| p));
        }
        v.sort_unstable();
        v.dedup();
        v
    }
}

// ---- scoring helpers shared by the game files ----

/// Sum of all dice.
pub fn total(c: &Counts) -> u32 {
    crate::dice::pip_sum(c)
}

/// Largest number of dice showing one face.
pub fn most_alike(c: &Counts) -> u8 {
    *c.iter().max().unwrap_or(&0)
}

/// Longest run of consecutive faces present.
pub fn longest_run(c: &Counts) -> usize {
    let (mut best, mut run) = (0, 0);
    for &x in c {
        run = if x > 0 { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
}

/// Sum of the dice showing face `face` (1-based).
pub fn sum_of_face(c: &Counts, face: u8) -> u32 {
    c[face as usize - 1] as u32 * face as u32
}
