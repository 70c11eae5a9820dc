//! The built-in rule sets (Farkle, Dice 10000, Yahtzix) exactly as
//! `shared/RULINGS.md` reads the seed texts, and their named options.
//!
//! Every game and option is plain data handed to the one scoring engine; the
//! choices the rulings leave open are documented on each function and in the
//! README section on push-your-luck games.

use super::rules::{FaceTable, GameRules, Pattern, RuleSet, RulesError, Scoring, TurnRules};
use crate::options::RuleOption;

/// Canonical id of a game name or alias (`10000` -> `ten-thousand`).
pub fn canonical(name: &str) -> Option<&'static str> {
    match name.to_ascii_lowercase().as_str() {
        "farkle" => Some("farkle"),
        "ten-thousand" | "10000" | "dice10000" => Some("ten-thousand"),
        "yahtzix" => Some("yahtzix"),
        _ => None,
    }
}

/// The base rules of a game by name or alias.
pub fn base(name: &str) -> Option<RuleSet> {
    match canonical(name)? {
        "farkle" => Some(farkle()),
        "ten-thousand" => Some(ten_thousand()),
        _ => Some(yahtzix()),
    }
}

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
pub fn farkle() -> RuleSet {
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
pub fn ten_thousand() -> RuleSet {
    let mut kinds = FaceTable::empty();
    for f in 0..6 {
        let triple = if f == 0 { 1000 } else { 100 * (f as i64 + 1) };
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
pub fn yahtzix() -> RuleSet {
    let mut kinds = FaceTable::empty();
    kinds.ones[0] = 10;
    kinds.fives[0] = 5;
    let mut first = FaceTable::empty();
    for f in 0..6 {
        first.row_mut(f)[2] = if f == 0 { 30 } else { 10 * (f as i64 + 1) };
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

/// Named options with a one-line description, per game.
pub fn option_names(game: &str) -> Vec<(&'static str, &'static str)> {
    let mut v = vec![
        ("on-the-board[=N]", "entry threshold N (default 750) and, once on, min-bank 350"),
        ("min-bank=N", "once on the board, a turn may not stop below N (default 350)"),
        ("vant-hof-6[=N]", "six 1s set aside in one turn score N (default 3000) instead of their points"),
        ("piggyback", "a turn may start from the previous player's leftover dice and turn points"),
        ("three-farkle-penalty[=N]", "the third farkle in a row costs N (default 1000)"),
        ("goal=N", "game goal"),
        ("exact-goal", "a bank that would pass the goal scores nothing"),
    ];
    match canonical(game) {
        Some("ten-thousand") => v.push(("alternative-scoring", "small straights (1-5, 2-6) 1000, full house 750")),
        Some("yahtzix") => v.push(("go-for-it", "Yahtzix's name for piggyback (the first own roll is roll 2)")),
        _ => {}
    }
    v
}

fn number(o: &RuleOption, default: Option<i64>) -> Result<i64, RulesError> {
    let bad = |why: String| RulesError::BadOption { name: o.name.clone(), why };
    match (&o.value, default) {
        (None, Some(d)) => Ok(d),
        (None, None) => Err(bad("needs a value, e.g. `-o goal=5000`".into())),
        (Some(v), _) => v.parse::<i64>().map_err(|_| bad(format!("`{v}` is not a whole number"))),
    }
}

fn flag(o: &RuleOption) -> Result<(), RulesError> {
    match &o.value {
        None => Ok(()),
        Some(v) => Err(RulesError::BadOption { name: o.name.clone(), why: format!("takes no value (got `{v}`)") }),
    }
}

/// Applies named options to the base rules of `game`, in a fixed order
/// (`on-the-board` first, so that an explicit `min-bank` wins), and validates.
pub fn with_options(game: &str, options: &[RuleOption]) -> Result<RuleSet, RulesError> {
    let id = canonical(game).ok_or_else(|| RulesError::UnknownOption {
        name: game.into(),
        game: "push-your-luck games".into(),
        known: "farkle, ten-thousand, yahtzix".into(),
    })?;
    let mut r = base(id).expect("canonical name");
    let mut seen = std::collections::HashSet::new();
    for o in options {
        if !seen.insert(o.name.as_str()) {
            return Err(RulesError::BadOption { name: o.name.clone(), why: "given twice".into() });
        }
    }
    let mut ordered: Vec<&RuleOption> = options.iter().filter(|o| o.name == "on-the-board").collect();
    ordered.extend(options.iter().filter(|o| o.name != "on-the-board"));
    for o in ordered {
        let positive = |v: i64| -> Result<i64, RulesError> {
            if v < 0 {
                Err(RulesError::BadOption { name: o.name.clone(), why: format!("{v} is negative") })
            } else {
                Ok(v)
            }
        };
        match (o.name.as_str(), id) {
            ("on-the-board", _) => {
                r.turn.entry = positive(number(o, Some(750))?)?;
                r.turn.min_bank = 350;
            }
            ("min-bank", _) => r.turn.min_bank = positive(number(o, Some(350))?)?,
            ("vant-hof-6", _) => r.turn.vant_hof = positive(number(o, Some(3000))?)?,
            ("three-farkle-penalty", _) => r.turn.three_farkle_penalty = positive(number(o, Some(1000))?)?,
            ("goal", _) => {
                let g = number(o, None)?;
                if g <= 0 {
                    return Err(RulesError::BadOption {
                        name: o.name.clone(),
                        why: format!("goal {g} must be more than 0"),
                    });
                }
                r.game.goal = g;
            }
            ("exact-goal", _) => {
                flag(o)?;
                r.game.exact_goal = true;
            }
            ("piggyback", _) | ("go-for-it", "yahtzix") => {
                flag(o)?;
                r.turn.piggyback = true;
                // Dice 10000: "only for players on the table".
                r.turn.piggyback_needs_board = id == "ten-thousand";
            }
            ("alternative-scoring", "ten-thousand") => {
                flag(o)?;
                r.scoring.patterns.push(pattern_faces("small straight 1-5", &[1, 2, 3, 4, 5], 1000));
                r.scoring.patterns.push(pattern_faces("small straight 2-6", &[2, 3, 4, 5, 6], 1000));
                r.scoring.patterns.push(pattern_groups("full house", &[3, 2], true, 750));
            }
            _ => {
                return Err(RulesError::UnknownOption {
                    name: o.name.clone(),
                    game: id.into(),
                    known: option_names(id).iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", "),
                })
            }
        }
    }
    r.validate().map_err(|e| RulesError::BadOption {
        name: options.iter().map(|o| o.to_string()).collect::<Vec<_>>().join(" "),
        why: e.to_string(),
    })?;
    Ok(r)
}
