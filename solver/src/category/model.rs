//! The data model of a category (score-sheet) game.
//!
//! A [`CategoryGame`] is plain data: dice, rolls per turn, the keep rule, the
//! boxes with their scoring functions and the upper-section bonus. Whatever
//! a game adds beyond that (classic Yahtzee's bonus box and jokers) comes as
//! an [`ExtraRules`] hook the game file supplies. The engine
//! ([`super::states`], [`super::turn`], [`super::solve`]) is written once
//! against this model; each file in [`super::games`] only builds a game.

use serde::Serialize;

use crate::dice::{Counts, Multisets};
use crate::error::SheetError;
use crate::vocabulary::{Family, GameRef};

/// Scoring function of one box: points for a final roll, ignoring any rule
/// that depends on the rest of the sheet (those belong to [`ExtraRules`]).
pub(crate) type ScoreFn = fn(&Counts) -> u32;

/// One box on the score sheet.
#[derive(Clone)]
pub(crate) struct Category {
    /// Canonical name as typed in `--sheet`, e.g. `full-house`.
    pub(crate) name: &'static str,
    /// Other accepted spellings, e.g. `fh`.
    pub(crate) aliases: &'static [&'static str],
    /// `Some(face)` for an upper-section box that scores the sum of that face.
    pub(crate) upper_face: Option<u8>,
    pub(crate) score: ScoreFn,
}

impl std::fmt::Debug for Category {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// Which dice may be re-rolled later in a turn; it chooses the turn DP's
/// kernel ([`super::turn`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum KeepRule {
    /// Yahtzee family: before each re-roll the player keeps any sub-multiset
    /// of the current dice; kept dice may still be re-rolled on a later roll.
    /// The turn DP then only needs the dice showing as state between rolls.
    Reroll,
    /// Six Hundred: dice set aside are locked for the rest of the turn, so
    /// the state between rolls is (dice locked, dice showing). Stopping early
    /// is locking every die.
    Locked,
}

/// Bonus for the upper section (Ones..Sixes) totalling at least `threshold`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) struct UpperBonus {
    pub(crate) threshold: u32,
    pub(crate) points: u32,
}

/// What scoring a box does, as the game's extra rules see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Scored {
    /// The extra state after.
    pub(crate) extra: usize,
    /// The points actually written in the box: the roll's points, or 0 where
    /// the rules refuse them in this state (Six Hundred's rung that does not
    /// fit). They count toward the upper total like any box's points.
    pub(crate) points: u32,
    /// Points earned besides the box (e.g. a bonus for completing the sheet).
    pub(crate) bonus: u32,
}

impl Scored {
    /// The roll's points written as they are, nothing else changing.
    pub(crate) fn plain(extra: usize, points: u32) -> Scored {
        Scored { extra, points, bonus: 0 }
    }
}

/// Rules a game adds beyond boxes and the upper bonus: an *extra* part of
/// the turn-start state (a small number per filled-box mask), the
/// transitions of that part, points a roll earns whatever box it goes in,
/// restricted choices of box, extra sheet entries. Games without such rules
/// use [`NoExtra`].
pub(crate) trait ExtraRules: Send + Sync + std::fmt::Debug {
    /// Number of extra values a state with boxes `mask` filled can have.
    fn extras(&self, mask: u32) -> usize {
        let _ = mask;
        1
    }
    /// Scoring `points` in box `cat` from a state (`mask`, `extra`).
    fn score(&self, mask: u32, extra: usize, cat: usize, points: u32) -> Scored {
        let _ = (mask, cat);
        Scored::plain(extra, points)
    }
    /// True when the points box `cat` takes for a roll depend on the state
    /// (see [`Scored::points`]); the turn DP then never assumes that more
    /// points in that box are better than a 0.
    fn points_depend_on_state(&self, cat: usize) -> bool {
        let _ = cat;
        false
    }
    /// Points final roll `roll` earns whatever box it goes in.
    fn roll_bonus(&self, mask: u32, extra: usize, roll: &Counts) -> u32 {
        let _ = (mask, extra, roll);
        0
    }
    /// Whether [`ExtraRules::roll_bonus`] can be more than 0 for `roll` in
    /// some state (the turn DP asks only for those rolls).
    fn roll_bonus_possible(&self, roll: &Counts) -> bool {
        let _ = roll;
        false
    }
    /// The legal (box, points) choices for final roll `roll` when they are
    /// not simply "every open box, scoring its function of the dice"
    /// (`None`). They may depend on the mask, not on the extra state.
    fn restricted_choices(&self, game: &CategoryGame, mask: u32, roll: &Counts) -> Option<Vec<(usize, u32)>> {
        let _ = (game, mask, roll);
        None
    }
    /// Scores box `cat` can hold beyond the values of its scoring function.
    fn extra_scores(&self, cat: usize) -> Vec<u32> {
        let _ = cat;
        vec![]
    }
    /// Names of sheet entries that are not boxes (e.g. `bonus`).
    fn sheet_entries(&self) -> &'static [&'static str] {
        &[]
    }
    /// Points on the sheet from entries that are not boxes.
    fn sheet_bonus_points(&self, sheet: &Sheet) -> u32 {
        let _ = sheet;
        0
    }
    /// The extra state of a typed sheet, or why the sheet is impossible.
    fn extra_of_sheet(&self, game: &CategoryGame, sheet: &Sheet) -> Result<usize, SheetError> {
        let _ = (game, sheet);
        Ok(0)
    }
    /// Everything about these rules that changes solved values, for the
    /// table fingerprint.
    fn canonical(&self) -> serde_json::Value {
        serde_json::Value::Null
    }
}

/// A game with no rules beyond boxes and the upper bonus.
#[derive(Debug)]
pub(crate) struct NoExtra;

impl ExtraRules for NoExtra {}

/// A category game, fully specified.
#[derive(Debug, Clone)]
pub(crate) struct CategoryGame {
    /// Table/game id, e.g. `yahtzee`.
    pub(crate) id: &'static str,
    /// Human title with options, e.g. `Yahtzee (joker=free)`.
    pub(crate) title: String,
    /// Options in canonical form (defaults spelled out), e.g. `joker=free`.
    pub(crate) options: Vec<String>,
    pub(crate) dice: usize,
    pub(crate) rolls: usize,
    pub(crate) keep_rule: KeepRule,
    pub(crate) categories: Vec<Category>,
    pub(crate) upper_bonus: Option<UpperBonus>,
    /// True when scoring more points in a box is never worse than scoring 0
    /// in it (more upper total never hurts, and so on). The turn DP then
    /// finds the best box for a roll from the boxes that score with it plus
    /// one "best zero" per mask (see [`super::turn`]).
    pub(crate) more_points_never_hurt: bool,
    /// A 0 may be written only when no open box would score (Six Hundred's
    /// option `zero-only-when-forced`); otherwise any roll may go in any
    /// open box, scoring 0 where it does not qualify.
    pub(crate) zero_only_when_forced: bool,
    pub(crate) extra: std::sync::Arc<dyn ExtraRules>,
}

/// Bumped whenever a change to the engine changes solved values; part of the
/// rules fingerprint, so old tables read as stale.
pub(crate) const ENGINE_VERSION: u32 = 2;

/// What the table fingerprint of a category game covers.
#[derive(Serialize)]
struct Canonical<'a> {
    engine: u32,
    id: &'a str,
    dice: usize,
    rolls: usize,
    keep: KeepRule,
    /// (name, upper face) per box, in sheet order.
    categories: Vec<(&'a str, Option<u8>)>,
    upper_bonus: Option<UpperBonus>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    zero_only_when_forced: bool,
    extra: serde_json::Value,
    options: &'a [String],
}

impl CategoryGame {
    /// Who the game is, for reports.
    pub(crate) fn reference(&self) -> GameRef {
        GameRef::new(self.id, Family::Category, self.title.clone(), &self.options, None)
    }

    /// Canonical description of everything that determines the solved
    /// values; its hash is the table fingerprint.
    pub(crate) fn canonical(&self) -> impl Serialize + '_ {
        Canonical {
            engine: ENGINE_VERSION,
            id: self.id,
            dice: self.dice,
            rolls: self.rolls,
            keep: self.keep_rule,
            categories: self.categories.iter().map(|c| (c.name, c.upper_face)).collect(),
            upper_bonus: self.upper_bonus,
            zero_only_when_forced: self.zero_only_when_forced,
            extra: self.extra.canonical(),
            options: &self.options,
        }
    }

    /// Bit mask with every box filled.
    pub(crate) fn full_mask(&self) -> u32 {
        (1u32 << self.categories.len()) - 1
    }

    /// Finds a box by name or alias (case-insensitive, `_` = `-`).
    pub(crate) fn category_index(&self, name: &str) -> Option<usize> {
        let n = name.trim().to_ascii_lowercase().replace('_', "-");
        self.categories.iter().position(|c| c.name == n || c.aliases.contains(&n.as_str()))
    }

    /// The legal ways to score final roll `roll` with open boxes `!mask`:
    /// calls `f(box, points)` for each.
    pub(crate) fn choices(&self, mask: u32, roll: &Counts, mut f: impl FnMut(usize, u32)) {
        if let Some(list) = self.extra.restricted_choices(self, mask, roll) {
            list.into_iter().for_each(|(c, p)| f(c, p));
            return;
        }
        for (i, c) in self.categories.iter().enumerate() {
            if mask & (1 << i) == 0 {
                f(i, (c.score)(roll));
            }
        }
    }

    /// Every score box `cat` can hold on a sheet (including 0 and values the
    /// extra rules allow), ascending.
    pub(crate) fn possible_scores(&self, cat: usize) -> Vec<u32> {
        let ms = Multisets::new(self.dice);
        let mut v: Vec<u32> = ms.rolls().map(|r| (self.categories[cat].score)(ms.counts(r))).collect();
        v.push(0);
        v.extend(self.extra.extra_scores(cat));
        v.sort_unstable();
        v.dedup();
        v
    }
}

// ---- scoring helpers shared by the game files ----

/// Sum of all dice.
pub(crate) fn total(c: &Counts) -> u32 {
    crate::dice::pip_sum(c)
}

/// Largest number of dice showing one face.
pub(crate) fn most_alike(c: &Counts) -> u8 {
    *c.iter().max().unwrap_or(&0)
}

/// Longest run of consecutive faces present.
pub(crate) fn longest_run(c: &Counts) -> usize {
    let (mut best, mut run) = (0, 0);
    for &x in c {
        run = if x > 0 { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
}

/// True when the dice split into three pairs (2+2+2, 4+2 and six alike count).
pub(crate) fn three_pairs(c: &Counts) -> bool {
    c.iter().all(|&x| x % 2 == 0)
}

/// True when the dice split into two triplets (six alike counts).
pub(crate) fn two_triplets(c: &Counts) -> bool {
    c.iter().all(|&x| x % 3 == 0)
}

/// Sum of the dice showing face `face` (1-based).
pub(crate) fn sum_of_face(c: &Counts, face: u8) -> u32 {
    u32::from(c[usize::from(face) - 1]) * u32::from(face)
}

/// A parsed, validated score sheet (its parsing, checks and totals are
/// in `sheet`): the data the game's extra rules read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Sheet {
    /// Points per box, `None` when open.
    pub(crate) entries: Vec<Option<u32>>,
    /// Entries that are not boxes (name, points), as the game's extra rules
    /// declare them.
    pub(crate) extra_entries: Vec<(&'static str, u32)>,
    /// The game-specific extra state of this sheet.
    pub(crate) extra: usize,
}
