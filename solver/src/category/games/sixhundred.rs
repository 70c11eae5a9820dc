//! Six Hundred (Reiner Knizia, 1990): 6 dice, 3 rolls with set-aside dice
//! locked for the rest of the turn, 18 boxes (`docs/rules.md`).
//!
//! - Numbers (`ones`..`sixes`): the sum of that face; 35 more when the six
//!   total at least 80 (the engine's upper bonus).
//! - Rungs (`rung1`..`rung4`): the sum of all dice. Among rungs holding a
//!   positive score the values strictly ascend from Rung 1 to Rung 4; a
//!   total that does not fit between a rung's filled neighbours may still be
//!   entered there and scores 0; a rung holding 0 constrains nothing.
//! - Clusters: `four-kind`, `five-kind` (the sum if at least 4 / 5 alike),
//!   `odd`, `even` (the sum if all six dice are odd / even).
//! - Patterns: `singles` (1-2-3-4-5-6) 30, `pairs` (three pairs; 4+2 and six
//!   alike count) 30, `triplets` (two triplets; six alike counts) 30,
//!   `sextet` (six alike) 36.
//! - Full card 36: when the last box is filled, every box holds more than
//!   0, or Sextet is the only 0.
//! - Option `zero-only-when-forced`: a 0 may be written only when no open
//!   box would score.
//!
//! # The extra state: rungs and the full card
//!
//! What the filled rungs mean for the future is, per open rung, the open
//! interval its nearest filled *positive* neighbours leave (5 and 37 at the
//! ends: every total is 6..36). Open rungs between the same two positive
//! rungs form a *run* and share one interval; intervals too narrow to hold
//! any total are all the same ("this rung can only take 0"). The raw rung
//! values are otherwise forgotten, which is exact: two sheets with the same
//! intervals have the same futures. Per set of filled rungs ([`RungStates`])
//! the distinct interval tuples are numbered, and the transitions of
//! entering a total in a rung are tabulated.
//!
//! The full card is a flag: still winnable (no 0 yet except in Sextet, and
//! every run can still give each of its open rungs a different positive
//! total) or lost. The extra state of a mask is `flag × rung state`: the
//! lost states first (every rung state), then the winnable ones (only rung
//! states reached with positive rungs and room in every run).

use std::sync::Arc;

mod rungs;

use super::upper_categories;
use crate::category::model::Sheet;
use crate::category::model::{most_alike, three_pairs, total, two_triplets, Category, CategoryGame, ExtraRules};
use crate::category::model::{KeepRule, Scored, UpperBonus};
use crate::dice::{Counts, Multisets};
use crate::error::Error;
use crate::error::SheetError;
use crate::options::{OptionKind, OptionSet, OptionSpec};
pub(crate) use rungs::RungStates;
use rungs::{intervals, rung_set_of, NO_ROOM};

pub(crate) const ID: &str = "sixhundred";

/// Six Hundred's options.
pub(crate) const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "zero-only-when-forced",
        kind: OptionKind::Switch,
        help: "a 0 may be written only when no open box would score",
    },
    OptionSpec {
        name: "card",
        kind: OptionKind::Choice { choices: &["full", "short", "mini"], default: "full" },
        help: "a shorter sheet for quick games and tests: short = ones fives sixes, the rungs, four-kind odd pairs; mini = ones sixes, the rungs, four-kind sextet",
    },
];

/// The boxes of `card=short`.
pub(crate) const SHORT_CARD: &[&str] =
    &["ones", "fives", "sixes", "rung1", "rung2", "rung3", "rung4", "four-kind", "odd", "pairs"];
/// The boxes of `card=mini`.
pub(crate) const MINI_CARD: &[&str] = &["ones", "sixes", "rung1", "rung2", "rung3", "rung4", "four-kind", "sextet"];

/// Points of the full-card bonus.
pub(crate) const FULL_CARD: u32 = 36;

fn sum_if(c: &Counts, ok: bool) -> u32 {
    if ok {
        total(c)
    } else {
        0
    }
}

/// Every box of the game, in sheet order.
fn all_categories() -> Vec<Category> {
    let mut cats = upper_categories();
    cats.extend([
        Category { name: "rung1", aliases: &["r1"], upper_face: None, score: total },
        Category { name: "rung2", aliases: &["r2"], upper_face: None, score: total },
        Category { name: "rung3", aliases: &["r3"], upper_face: None, score: total },
        Category { name: "rung4", aliases: &["r4"], upper_face: None, score: total },
        Category {
            name: "four-kind",
            aliases: &["4k", "four-of-a-kind"],
            upper_face: None,
            score: |c| sum_if(c, most_alike(c) >= 4),
        },
        Category {
            name: "five-kind",
            aliases: &["5k", "five-of-a-kind"],
            upper_face: None,
            score: |c| sum_if(c, most_alike(c) >= 5),
        },
        Category {
            name: "odd",
            aliases: &[],
            upper_face: None,
            score: |c| sum_if(c, c[1] == 0 && c[3] == 0 && c[5] == 0),
        },
        Category {
            name: "even",
            aliases: &[],
            upper_face: None,
            score: |c| sum_if(c, c[0] == 0 && c[2] == 0 && c[4] == 0),
        },
        Category {
            name: "singles",
            aliases: &["straight"],
            upper_face: None,
            score: |c| if c.iter().all(|&x| x == 1) { 30 } else { 0 },
        },
        Category {
            name: "pairs",
            aliases: &["three-pairs"],
            upper_face: None,
            score: |c| 30 * u32::from(three_pairs(c)),
        },
        Category {
            name: "triplets",
            aliases: &["two-triplets"],
            upper_face: None,
            score: |c| 30 * u32::from(two_triplets(c)),
        },
        Category {
            name: "sextet",
            aliases: &["6k"],
            upper_face: None,
            score: |c| if most_alike(c) == 6 { 36 } else { 0 },
        },
    ]);
    cats
}

/// Names of every box, in sheet order.
pub(crate) fn box_names() -> Vec<&'static str> {
    all_categories().iter().map(|c| c.name).collect()
}

pub(crate) fn build(opts: &OptionSet) -> Result<CategoryGame, Error> {
    let forced = opts.switch("zero-only-when-forced");
    Ok(match opts.choice("card") {
        "short" => named(build_reduced(SHORT_CARD, forced), opts),
        "mini" => named(build_reduced(MINI_CARD, forced), opts),
        _ => build_reduced(&box_names(), forced),
    })
}

/// The highest final score `game` (Six Hundred on any card) allows: each
/// box its best roll, the rungs the highest strictly ascending totals, and
/// the bonuses those earn. `None` for other games.
pub(crate) fn max_score(game: &CategoryGame) -> Option<u32> {
    if game.id != ID {
        return None;
    }
    let ms = Multisets::new(game.dice);
    let best = |cat: &Category| ms.rolls().map(|r| (cat.score)(ms.counts(r))).max().unwrap_or(0);
    let numbers: u32 = game.categories.iter().filter(|c| c.upper_face.is_some()).map(best).sum();
    let others: u32 = game.categories.iter().filter(|c| c.upper_face.is_none() && !is_rung(c.name)).map(best).sum();
    let rungs = game.categories.iter().filter(|c| is_rung(c.name)).count() as u32;
    // The highest totals six dice show are 36, 35, ...: one per rung.
    let rung_points: u32 = (0..rungs).map(|i| 36 - i).sum();
    let bonus = game.upper_bonus.filter(|b| numbers >= b.threshold).map_or(0, |b| b.points);
    Some(numbers + bonus + others + rung_points + FULL_CARD)
}

fn is_rung(name: &str) -> bool {
    name.starts_with("rung")
}

/// A shorter card named by its options (table names, titles).
fn named(mut game: CategoryGame, opts: &OptionSet) -> CategoryGame {
    game.options = opts.canonical(false);
    game.title = format!("Six Hundred ({})", game.options.join(", "));
    game
}

/// Six Hundred with only the boxes named in `boxes` (any subset, in any
/// order; unknown names are ignored): the same rules on a shorter sheet,
/// for tests and benchmarks. The full card then means every one of these
/// boxes. Its id is `sixhundred` only with every box.
///
/// # Panics
/// If `boxes` names no box of the game.
pub(crate) fn build_reduced(boxes: &[&str], zero_only_when_forced: bool) -> CategoryGame {
    let cats: Vec<Category> = all_categories().into_iter().filter(|c| boxes.contains(&c.name)).collect();
    assert!(!cats.is_empty(), "a reduced Six Hundred needs at least one box");
    let full = cats.len() == 18;
    let rungs: Vec<usize> = (0..cats.len()).filter(|&i| cats[i].name.starts_with("rung")).collect();
    let sextet = cats.iter().position(|c| c.name == "sextet");
    let mut options = vec![];
    if zero_only_when_forced {
        options.push("zero-only-when-forced".to_string());
    }
    if !full {
        options.push(format!("boxes={}", cats.iter().map(|c| c.name).collect::<Vec<_>>().join("+")));
    }
    let title =
        if options.is_empty() { "Six Hundred".to_string() } else { format!("Six Hundred ({})", options.join(", ")) };
    let full_mask = (1u32 << cats.len()) - 1;
    CategoryGame {
        id: ID,
        title,
        options,
        dice: 6,
        rolls: 3,
        keep_rule: KeepRule::Locked,
        upper_bonus: Some(UpperBonus { threshold: 80, points: 35 }),
        // Rungs excepted (their points depend on the state): more points in
        // a box leave a higher Numbers total and keep the full card alive.
        more_points_never_hurt: true,
        zero_only_when_forced,
        extra: Arc::new(RungsAndCard {
            rungs: RungStates::new(rungs.len()),
            rung_set_lo: (0..1u32 << 9).map(|m| rung_set_of(&rungs, m)).collect(),
            rung_set_hi: (0..1u32 << 9).map(|m| rung_set_of(&rungs, m << 9)).collect(),
            rung_boxes: rungs,
            sextet,
            full_mask,
        }),
        categories: cats,
    }
}

/// Six Hundred's rules beyond boxes and the Numbers bonus, as the engine's
/// extra state (see the module docs).
#[derive(Debug)]
struct RungsAndCard {
    rungs: RungStates,
    /// Box index of each rung, Rung 1 first.
    rung_boxes: Vec<usize>,
    /// Filled-rung set of the low and high nine bits of a mask.
    rung_set_lo: Vec<u8>,
    rung_set_hi: Vec<u8>,
    sextet: Option<usize>,
    full_mask: u32,
}

impl RungsAndCard {
    fn rung_set(&self, mask: u32) -> usize {
        // The turn DP asks this for every successor: one lookup per half mask.
        self.rung_set_lo[(mask & 0x1ff) as usize] as usize | self.rung_set_hi[(mask >> 9) as usize] as usize
    }

    /// (card still winnable, rung state) of extra `extra` with rungs `set` filled.
    fn decode(&self, set: usize, extra: usize) -> (bool, usize) {
        let lost = self.rungs.count(set);
        if extra < lost {
            (false, extra)
        } else {
            (true, self.rungs.winnable_states[set][extra - lost] as usize)
        }
    }

    fn encode(&self, set: usize, winnable: bool, state: usize) -> usize {
        let pos = self.rungs.winnable_pos[set][state];
        if winnable && pos != u32::MAX {
            self.rungs.count(set) + pos as usize
        } else {
            state
        }
    }
}

impl ExtraRules for RungsAndCard {
    fn extras(&self, mask: u32) -> usize {
        let set = self.rung_set(mask);
        self.rungs.count(set) + self.rungs.winnable_count(set)
    }

    fn score(&self, mask: u32, extra: usize, cat: usize, points: u32) -> Scored {
        let set = self.rung_set(mask);
        let (mut winnable, state) = self.decode(set, extra);
        let (set2, state2, written) = match self.rung_boxes.iter().position(|&b| b == cat) {
            Some(i) => {
                let t = usize::try_from(points).expect("small").min(37 - 1);
                let (next, fits) = self.rungs.next[set][state][i][t];
                winnable &= fits;
                (set | 1 << i, next as usize, if fits { points } else { 0 })
            }
            None => {
                winnable &= points > 0 || Some(cat) == self.sextet;
                (set, state, points)
            }
        };
        // A winnable flag stays only where the rung state leaves room.
        winnable &= self.rungs.winnable[set2][state2];
        let last = mask | 1 << cat == self.full_mask;
        Scored {
            extra: self.encode(set2, winnable, state2),
            points: written,
            bonus: if last && winnable { FULL_CARD } else { 0 },
        }
    }

    fn points_depend_on_state(&self, cat: usize) -> bool {
        self.rung_boxes.contains(&cat)
    }

    fn extra_of_sheet(&self, game: &CategoryGame, sheet: &Sheet) -> Result<usize, SheetError> {
        let values: Vec<Option<u8>> =
            self.rung_boxes.iter().map(|&b| sheet.entries[b].map(|p| u8::try_from(p).unwrap_or(u8::MAX))).collect();
        // Positive rungs must ascend.
        let positive: Vec<(usize, u8)> =
            values.iter().enumerate().filter_map(|(i, v)| v.filter(|&x| x > 0).map(|x| (i, x))).collect();
        for w in positive.windows(2) {
            if w[0].1 >= w[1].1 {
                return Err(SheetError::RungsNotAscending {
                    lower: game.categories[self.rung_boxes[w[0].0]].name.to_string(),
                    lower_points: u32::from(w[0].1),
                    higher: game.categories[self.rung_boxes[w[1].0]].name.to_string(),
                    higher_points: u32::from(w[1].1),
                });
            }
        }
        let state = self.rungs.state_of(&values).expect("ascending rung values have a state") as usize;
        let set = self.rung_set(sheet.mask());
        let no_zero = sheet.entries.iter().enumerate().all(|(i, e)| e.is_none_or(|p| p > 0) || Some(i) == self.sextet);
        let winnable = no_zero && self.rungs.winnable[set][state];
        if game.zero_only_when_forced {
            self.check_forced_zeros(game, sheet, &values)?;
        }
        Ok(self.encode(set, winnable, state))
    }

    fn canonical(&self) -> serde_json::Value {
        serde_json::json!({ "rungs": self.rung_boxes, "sextet": self.sextet, "full_card": FULL_CARD })
    }
}

impl RungsAndCard {
    /// With `zero-only-when-forced`, the zeros on a sheet can have arisen
    /// only if one roll scores 0 in every box holding 0 and every open box.
    ///
    /// Why that is exact: positive entries are always allowed, so some order
    /// of play writes them all first (it leaves the rungs' intervals as
    /// narrow as they will be, which only helps zeros); then each zero needs
    /// a roll scoring 0 in every box still open at its turn, and the first
    /// zero's set of such boxes contains all the later ones'.
    fn check_forced_zeros(
        &self,
        game: &CategoryGame,
        sheet: &Sheet,
        rung_values: &[Option<u8>],
    ) -> Result<(), SheetError> {
        let zeros: Vec<usize> = (0..game.categories.len()).filter(|&i| sheet.entries[i] == Some(0)).collect();
        if zeros.is_empty() {
            return Ok(());
        }
        // Rung intervals with only the positive rungs filled.
        let positives: Vec<Option<u8>> = rung_values.iter().map(|v| v.filter(|&x| x > 0)).collect();
        let iv = intervals(&positives);
        let must_be_zero: Vec<usize> =
            (0..game.categories.len()).filter(|&i| sheet.entries[i].is_none_or(|p| p == 0)).collect();
        let ms = Multisets::new(6);
        let possible = ms.rolls().any(|r| {
            let c = ms.counts(r);
            must_be_zero.iter().all(|&b| match self.rung_boxes.iter().position(|&x| x == b) {
                Some(i) => {
                    let t = u8::try_from(total(c)).expect("small");
                    !(iv[i] != NO_ROOM && iv[i].0 < t && t < iv[i].1)
                }
                None => (game.categories[b].score)(c) == 0,
            })
        });
        if possible {
            Ok(())
        } else {
            Err(SheetError::ZeroNotForced { name: game.categories[zeros[0]].name.to_string() })
        }
    }
}
