//! Dice 10000: sets that double with each die past three, six of a kind
//! winning at once, and its options (`alternative-scoring`; piggyback only
//! for players on the table).

use super::{apply_options, common_options, hot_dice_game, pattern_faces, pattern_groups};
use crate::options::{OptionError, OptionKind, OptionSet, OptionSpec};
use crate::pushluck::rules::{FaceTable, Pattern, RuleSet};

/// The registry's id of the game.
pub(crate) const ID: &str = "ten-thousand";

/// Dice 10000: a set doubles with each die beyond three; six of a kind wins
/// the game at once. Three pairs also matches four of a kind plus a pair
/// (players count the four as two pairs).
pub(crate) fn base() -> RuleSet {
    let mut kinds = FaceTable::empty();
    for (f, face) in (1..=6i64).enumerate() {
        let triple = if face == 1 { 1000 } else { 100 * face };
        let r = kinds.row_mut(f);
        r[2] = triple;
        r[3] = triple * 2;
        r[4] = triple * 4;
    }
    kinds.ones[0] = 100;
    kinds.fives[0] = 50;
    let mut six_alike = pattern_groups("six of a kind", &[6], false, 0);
    six_alike.instant_win = true;
    hot_dice_game(
        "Dice 10000",
        kinds,
        vec![
            pattern_faces("straight 1-6", &[1, 2, 3, 4, 5, 6], 2000),
            pattern_groups("three pairs", &[2, 2, 2], false, 750),
            six_alike,
        ],
        550,
    )
}

/// Dice 10000's options.
pub(crate) const OPTIONS: &[OptionSpec] = common_options!(OptionSpec {
    name: "alternative-scoring",
    kind: OptionKind::Switch,
    help: "small straights (1-5, 2-6) 1000, full house 750",
});

/// The patterns `alternative-scoring` adds.
pub(super) fn alternative_patterns() -> [Pattern; 3] {
    [
        pattern_faces("small straight 1-5", &[1, 2, 3, 4, 5], 1000),
        pattern_faces("small straight 2-6", &[2, 3, 4, 5, 6], 1000),
        pattern_groups("full house", &[3, 2], true, 750),
    ]
}

/// Dice 10000's options, applied over `r`.
///
/// # Errors
/// None today; the signature is every game's.
pub(crate) fn options(r: &mut RuleSet, opts: &OptionSet) -> Result<(), OptionError> {
    if let Some(on) = opts.switch_given("alternative-scoring") {
        // By name, so that over a rules file that has one of them already
        // the option neither doubles it (two patterns of one name are
        // refused) nor leaves it out when switched off.
        let ours = alternative_patterns();
        r.scoring.patterns.retain(|p| !ours.iter().any(|o| o.name == p.name));
        if on {
            r.scoring.patterns.extend(ours);
        }
    }
    apply_options(r, opts);
    if let Some(on) = opts.switch_given("piggyback") {
        // Dice 10000: piggyback is "only for players on the table".
        r.turn.piggyback_needs_board = on;
    }
    Ok(())
}
