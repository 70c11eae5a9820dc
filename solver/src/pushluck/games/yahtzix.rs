//! Yahtzix: three rolls a turn, singles on every roll, premiums on the
//! first roll only, no hot dice, goal 2000, and its options (`go-for-it`,
//! Yahtzix's name for piggyback).

use super::{apply_options, common_options, pattern_faces, pattern_groups, set_piggyback};
use crate::options::{OptionError, OptionKind, OptionSet, OptionSpec};
use crate::pushluck::rules::{FaceTable, GameRules, Pattern, RuleSet, Scoring, TurnRules};

/// The registry's id of the game.
pub(crate) const ID: &str = "yahtzix";

/// Yahtzix: singles on every roll, premiums on the first roll only, three
/// rolls, no hot dice. Two triplets also matches six alike ("always the
/// highest count of a roll is used"); four or five alike on the first roll
/// score as a triple plus singles, as the seed lists no larger sets.
pub(crate) fn base() -> RuleSet {
    let mut kinds = FaceTable::empty();
    kinds.ones[0] = 10;
    kinds.fives[0] = 5;
    let mut first = FaceTable::empty();
    for (f, face) in (1..=6i64).enumerate() {
        first.row_mut(f)[2] = if face == 1 { 30 } else { 10 * face };
    }
    let premium = |mut p: Pattern| {
        p.first_roll_only = true;
        p
    };
    RuleSet {
        name: "Yahtzix".into(),
        scoring: Scoring {
            kinds,
            first_roll_kinds: first,
            patterns: vec![
                premium(pattern_groups("two triplets", &[3, 3], false, 150)),
                premium(pattern_faces("five straight 1-5", &[1, 2, 3, 4, 5], 150)),
                premium(pattern_faces("five straight 2-6", &[2, 3, 4, 5, 6], 150)),
                premium(pattern_faces("six straight", &[1, 2, 3, 4, 5, 6], 200)),
            ],
            all_six_premium: 100,
            all_six_premium_first_roll_only: true,
            no_score_bonus: 0,
        },
        turn: TurnRules {
            hot_dice: false,
            max_rolls: 3,
            entry: 30,
            min_bank: 0,
            vant_hof: 0,
            three_farkle_penalty: 0,
            piggyback: false,
            piggyback_needs_board: false,
            piggyback_return: false,
        },
        game: GameRules { goal: 2000, exact_goal: false, last_turn: true, choose_dice_within: 0 },
    }
}

/// How close to an exact goal a player may choose how many dice to roll.
pub(crate) const CHOOSE_DICE_WITHIN: i64 = 50;

/// Yahtzix's options.
pub(crate) const OPTIONS: &[OptionSpec] = common_options!(OptionSpec {
    name: "go-for-it",
    kind: OptionKind::Switch,
    help: "Yahtzix's name for piggyback (the first own roll is roll 2)",
});

/// Yahtzix's options, applied over `r`.
///
/// # Errors
/// `piggyback` and its Yahtzix name `go-for-it` given with different values.
pub(crate) fn options(r: &mut RuleSet, opts: &OptionSet) -> Result<(), OptionError> {
    let go_for_it = opts.switch_given("go-for-it");
    if let (Some(a), Some(b)) = (opts.switch_given("piggyback"), go_for_it) {
        if a != b {
            return Err(OptionError::Conflict {
                first: opts.shown("piggyback").unwrap_or_default(),
                second: opts.shown("go-for-it").unwrap_or_default(),
                why: "go-for-it is Yahtzix's name for piggyback",
            });
        }
    }
    apply_options(r, opts);
    if opts.switch_given("exact-goal") == Some(true) {
        // Variation L: within 50 points of going out a player rolls only
        // as many dice as they choose.
        r.game.choose_dice_within = CHOOSE_DICE_WITHIN.min(r.game.goal);
    }
    if let Some(on) = go_for_it {
        set_piggyback(r, on);
    }
    Ok(())
}
