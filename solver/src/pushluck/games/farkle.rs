//! Farkle (the seed's rules; `docs/rules.md`): hot dice, 500 to get on
//! the board, goal 10,000, and its options.

use super::{apply_options, common_options, hot_dice_game, pattern_faces, pattern_groups};
use crate::options::{OptionError, OptionSet, OptionSpec};
use crate::pushluck::rules::{FaceTable, RuleSet};

/// The registry's id of the game.
pub(crate) const ID: &str = "farkle";

/// Farkle's base rules. Decisions where the ruling is silent: three pairs also
/// matches four of a kind plus a pair and six alike (it is worth the same
/// 1500 as four-plus-a-pair, so it only matters in house rules); two triplets
/// also matches six alike (six of a kind is worth more anyway).
pub(crate) fn base() -> RuleSet {
    let kinds = FaceTable {
        ones: [100, 0, 300, 1000, 2000, 3000],
        twos: [0, 0, 200, 1000, 2000, 3000],
        threes: [0, 0, 300, 1000, 2000, 3000],
        fours: [0, 0, 400, 1000, 2000, 3000],
        fives: [50, 0, 500, 1000, 2000, 3000],
        sixes: [0, 0, 600, 1000, 2000, 3000],
    };
    hot_dice_game(
        "Farkle",
        kinds,
        vec![
            pattern_faces("straight 1-6", &[1, 2, 3, 4, 5, 6], 1500),
            pattern_groups("three pairs", &[2, 2, 2], false, 1500),
            pattern_groups("four of a kind + a pair", &[4, 2], true, 1500),
            pattern_groups("two triplets", &[3, 3], false, 2500),
        ],
        500,
    )
}

/// Farkle's options.
pub(crate) const OPTIONS: &[OptionSpec] = common_options!();

/// Farkle's options, applied over `r` (the game's rules, or a rules file
/// over them).
///
/// # Errors
/// None today; the signature is every game's.
pub(crate) fn options(r: &mut RuleSet, opts: &OptionSet) -> Result<(), OptionError> {
    apply_options(r, opts);
    Ok(())
}
