//! The built-in rule sets (Farkle, Dice 10000, Yahtzix) as `docs/rules.md`
//! states them, and their named options.
//!
//! Every game and option is plain data handed to the one scoring engine; the
//! choices the rules leave open are documented on each function and in
//! `docs/rules.md`. Each game's options are declared once, in its
//! `*_OPTIONS` table (listed by [`crate::registry`]), and applied by
//! [`apply_options`].

use super::rules::{FaceTable, GameRules, Pattern, RuleSet, Scoring, TurnRules};
use crate::error::Error;
use crate::limits::{GOAL_MAX, POINTS_MAX};
use crate::options::{OptionKind, OptionSet, OptionSpec};

fn pattern_faces(name: &str, faces: &[u8], points: i64) -> Pattern {
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

fn pattern_groups(name: &str, groups: &[u8], distinct: bool, points: i64) -> Pattern {
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
fn hot_dice_game(name: &str, kinds: FaceTable, patterns: Vec<Pattern>, entry: i64) -> RuleSet {
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
        },
        game: GameRules { goal: 10_000, exact_goal: false, last_turn: true },
    }
}

/// Farkle base rules. Decisions where the ruling is silent: three pairs also
/// matches four of a kind plus a pair and six alike (it is worth the same
/// 1500 as four-plus-a-pair, so it only matters in house rules); two triplets
/// also matches six alike (six of a kind is worth more anyway).
pub fn farkle_base() -> RuleSet {
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

/// Dice 10000: a set doubles with each die beyond three; six of a kind wins
/// the game at once. Three pairs also matches four of a kind plus a pair
/// (players count the four as two pairs).
pub fn ten_thousand_base() -> RuleSet {
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

/// Yahtzix: singles on every roll, premiums on the first roll only, three
/// rolls, no hot dice. Two triplets also matches six alike ("always the
/// highest count of a roll is used"); four or five alike on the first roll
/// score as a triple plus singles, as the seed lists no larger sets.
pub fn yahtzix_base() -> RuleSet {
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
        },
        game: GameRules { goal: 2000, exact_goal: false, last_turn: true },
    }
}

const fn points(default: Option<i64>) -> OptionKind {
    OptionKind::Number { default, min: 0, max: POINTS_MAX }
}

/// Options every push-your-luck game has.
macro_rules! common_options {
    ($($extra:expr),*) => {
        &[
            OptionSpec {
                name: "on-the-board",
                kind: points(Some(750)),
                help: "entry threshold N, and once on the board min-bank 350",
            },
            OptionSpec { name: "min-bank", kind: points(Some(350)), help: "once on the board, a turn may not stop below N" },
            OptionSpec {
                name: "vant-hof-6",
                kind: points(Some(3000)),
                help: "six 1s set aside in one turn score N instead of their points",
            },
            OptionSpec {
                name: "three-farkle-penalty",
                kind: points(Some(1000)),
                help: "the third farkle in a row costs N",
            },
            OptionSpec {
                name: "piggyback",
                kind: OptionKind::Switch,
                help: "a turn may start from the previous player's leftover dice and turn points",
            },
            OptionSpec { name: "goal", kind: OptionKind::Number { default: None, min: 1, max: GOAL_MAX }, help: "the game's goal" },
            OptionSpec { name: "exact-goal", kind: OptionKind::Switch, help: "a bank that would pass the goal scores nothing" },
            $($extra),*
        ]
    };
}

/// Farkle's options.
pub const FARKLE_OPTIONS: &[OptionSpec] = common_options!();
/// Dice 10000's options.
pub const TEN_THOUSAND_OPTIONS: &[OptionSpec] = common_options!(OptionSpec {
    name: "alternative-scoring",
    kind: OptionKind::Switch,
    help: "small straights (1-5, 2-6) 1000, full house 750",
});
/// Yahtzix's options.
pub const YAHTZIX_OPTIONS: &[OptionSpec] = common_options!(OptionSpec {
    name: "go-for-it",
    kind: OptionKind::Switch,
    help: "Yahtzix's name for piggyback (the first own roll is roll 2)",
});

/// Farkle with its options.
pub fn farkle(opts: &OptionSet) -> Result<RuleSet, Error> {
    validated(apply_options(farkle_base(), opts))
}

/// Dice 10000 with its options.
pub fn ten_thousand(opts: &OptionSet) -> Result<RuleSet, Error> {
    let mut r = ten_thousand_base();
    if opts.switch("alternative-scoring") {
        r.scoring.patterns.push(pattern_faces("small straight 1-5", &[1, 2, 3, 4, 5], 1000));
        r.scoring.patterns.push(pattern_faces("small straight 2-6", &[2, 3, 4, 5, 6], 1000));
        r.scoring.patterns.push(pattern_groups("full house", &[3, 2], true, 750));
    }
    // Dice 10000: piggyback is "only for players on the table".
    let mut r = apply_options(r, opts);
    r.turn.piggyback_needs_board = r.turn.piggyback;
    validated(r)
}

/// Yahtzix with its options.
pub fn yahtzix(opts: &OptionSet) -> Result<RuleSet, Error> {
    let mut r = apply_options(yahtzix_base(), opts);
    r.turn.piggyback |= opts.switch("go-for-it");
    validated(r)
}

fn validated(r: RuleSet) -> Result<RuleSet, Error> {
    r.validate()?;
    Ok(r)
}

/// Applies the options every game has, `on-the-board` first (so that an
/// explicit `min-bank` wins).
fn apply_options(mut r: RuleSet, opts: &OptionSet) -> RuleSet {
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
    r.game.exact_goal |= opts.switch("exact-goal");
    r.turn.piggyback |= opts.switch("piggyback");
    r
}
