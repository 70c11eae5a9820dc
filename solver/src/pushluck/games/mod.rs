//! The built-in push-your-luck games, one file each: [`farkle`],
//! [`ten_thousand`] (Dice 10000) and [`yahtzix`], as `docs/rules.md` states
//! them, with their named options.
//!
//! A game is plain data handed to the one scoring engine: its `base()`
//! rule set, its `OPTIONS` table (listed by [`crate::registry`]) and its
//! `options` function, which applies them over the game's rules or a rules
//! file over them (the order is [`crate::registry::resolve`]'s). The
//! choices the rules leave open are documented on each function and in
//! `docs/rules.md`. The options every game has, and [`check`] of the
//! finished rules (which blames a failure on whoever set the keys it read),
//! are here.

pub(crate) mod farkle;
pub(crate) mod ten_thousand;
pub(crate) mod yahtzix;

use crate::error::Error;
use crate::error::RulesError;
use crate::limits::POINTS_MAX;
use crate::options::{OptionError, OptionKind, OptionSet};
use crate::pushluck::rules::{FaceTable, GameRules, Pattern, RuleSet, Scoring, TurnRules};

pub(super) fn pattern_faces(name: &str, faces: &[u8], points: i64) -> Pattern {
    Pattern {
        name: name.into(),
        faces: faces.to_vec(),
        groups: vec![],
        distinct_faces: false,
        points,
        first_roll_only: false,
        instant_win: false,
    }
}

pub(super) fn pattern_groups(name: &str, groups: &[u8], distinct: bool, points: i64) -> Pattern {
    Pattern {
        name: name.into(),
        faces: vec![],
        groups: groups.to_vec(),
        distinct_faces: distinct,
        points,
        first_roll_only: false,
        instant_win: false,
    }
}

/// A game in the Farkle family: hot dice, no roll limit, no first-roll-only
/// scoring, goal 10,000 with a last turn for the others.
pub(super) fn hot_dice_game(name: &str, kinds: FaceTable, patterns: Vec<Pattern>, entry: i64) -> RuleSet {
    RuleSet {
        name: name.into(),
        scoring: Scoring {
            kinds,
            first_roll_kinds: FaceTable::empty(),
            patterns,
            all_six_premium: 0,
            all_six_premium_first_roll_only: false,
            no_score_bonus: 0,
        },
        turn: TurnRules {
            hot_dice: true,
            max_rolls: 0,
            entry,
            min_bank: 0,
            vant_hof: 0,
            three_farkle_penalty: 0,
            piggyback: false,
            piggyback_needs_board: false,
            piggyback_return: false,
        },
        game: GameRules { goal: 10_000, exact_goal: false, last_turn: true, choose_dice_within: 0 },
    }
}

pub(super) const fn points(default: Option<i64>) -> OptionKind {
    OptionKind::Number { default, min: 0, max: POINTS_MAX }
}

/// Options every push-your-luck game has.
macro_rules! common_options {
    ($($extra:expr),*) => {
        &[
            $crate::options::OptionSpec {
                name: "on-the-board",
                kind: $crate::pushluck::games::points(Some(750)),
                help: "entry threshold N, and once on the board min-bank 350",
            },
            $crate::options::OptionSpec { name: "min-bank", kind: $crate::pushluck::games::points(Some(350)), help: "once on the board, a turn may not stop below N" },
            $crate::options::OptionSpec {
                name: "vant-hof-6",
                kind: $crate::pushluck::games::points(Some(3000)),
                help: "six 1s set aside in one turn score N instead of their points",
            },
            $crate::options::OptionSpec {
                name: "three-farkle-penalty",
                kind: $crate::pushluck::games::points(Some(1000)),
                help: "the third farkle in a row costs N",
            },
            $crate::options::OptionSpec {
                name: "piggyback",
                kind: $crate::options::OptionKind::SwitchOr { words: &["return"] },
                help: "a turn may start from the previous player's leftover dice and turn points (`return`: a farkle gives those points back)",
            },
            $crate::options::OptionSpec { name: "goal", kind: $crate::options::OptionKind::Number { default: None, min: 1, max: $crate::limits::GOAL_MAX }, help: "the game's goal" },
            $crate::options::OptionSpec { name: "exact-goal", kind: $crate::options::OptionKind::Switch, help: "a bank that would pass the goal scores nothing" },
            $($extra),*
        ]
    };
}

pub(super) use common_options;

/// Applies the options every game has, `on-the-board` first (so that an
/// explicit `min-bank` wins). A switch given as `NAME=no` turns its rule
/// off (a rules file may have turned it on). [`keys_set_by`] lists the keys
/// each option writes.
pub(super) fn apply_options(r: &mut RuleSet, opts: &OptionSet) {
    if let Some(entry) = opts.number("on-the-board") {
        r.turn.entry = entry;
        r.turn.min_bank = 350;
    }
    if let Some(v) = opts.number("min-bank") {
        r.turn.min_bank = v;
    }
    if let Some(v) = opts.number("vant-hof-6") {
        r.turn.vant_hof = v;
    }
    if let Some(v) = opts.number("three-farkle-penalty") {
        r.turn.three_farkle_penalty = v;
    }
    if let Some(g) = opts.number("goal") {
        r.game.goal = g;
    }
    if let Some(on) = opts.switch_given("exact-goal") {
        r.game.exact_goal = on;
        if !on {
            // The choice of dice near the goal is part of the exact goal.
            r.game.choose_dice_within = 0;
        }
    }
    if let Some(on) = opts.switch_given("piggyback") {
        set_piggyback(r, on);
        r.turn.piggyback_return = opts.switch_word("piggyback") == Some("return");
    }
}

/// Piggyback on or off; off takes its "only on the board" condition and
/// its return along (which would otherwise be set without piggyback).
pub(super) fn set_piggyback(r: &mut RuleSet, on: bool) {
    r.turn.piggyback = on;
    if !on {
        r.turn.piggyback_needs_board = false;
        r.turn.piggyback_return = false;
    }
}

/// The rules keys option `name` writes (as [`RulesError::keys`] names
/// them), so that a failed check of the finished rules is blamed on an
/// option that set a key it read. A test holds this to what the options do.
fn keys_set_by(name: &str) -> &'static [&'static str] {
    match name {
        "on-the-board" => &["turn.entry", "turn.min-bank"],
        "min-bank" => &["turn.min-bank"],
        "vant-hof-6" => &["turn.vant-hof"],
        "three-farkle-penalty" => &["turn.three-farkle-penalty"],
        "piggyback" => &["turn.piggyback", "turn.piggyback-needs-board", "turn.piggyback-return"],
        "go-for-it" => &["turn.piggyback", "turn.piggyback-needs-board", "turn.piggyback-return"],
        "goal" => &["game.goal"],
        "exact-goal" => &["game.exact-goal", "game.choose-dice-within"],
        "alternative-scoring" => &["scoring.patterns"],
        _ => &[],
    }
}

/// Checks the finished rules (the game's, a rules file's named `file`
/// over them, `opts` over both). A failed check that read a key one of the
/// options set is that option's error, named as the user gave it (`option
/// `goal=1`: the goal 1 is below the entry threshold 500`); any other is
/// the rules file's, naming its key.
///
/// # Errors
/// The first failed check, blamed as above.
pub(crate) fn check(rules: &RuleSet, opts: &OptionSet, file: Option<&str>) -> Result<(), Error> {
    let Err(e) = rules.validate() else { return Ok(()) };
    let keys = e.keys();
    let mut options = vec![];
    let mut blamed = vec![];
    for name in opts.given_names() {
        let hit: Vec<&str> = keys_set_by(name).iter().copied().filter(|k| keys.contains(k)).collect();
        if !hit.is_empty() {
            options.extend(opts.shown(name));
            blamed.extend(hit);
        }
    }
    if !options.is_empty() {
        return Err(OptionError::MakesInvalidRules { options, why: e.reason(&blamed) }.into());
    }
    Err(match file {
        Some(file) => RulesError::File { file: file.to_string(), why: e.to_string() },
        None => e,
    }
    .into())
}

#[cfg(test)]
mod tests;
