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

use crate::pushluck::rules::{FaceTable, GameRules, Pattern, RuleSet, Scoring, TurnRules};
use crate::error::Error;
use crate::limits::POINTS_MAX;
use crate::options::{OptionError, OptionKind, OptionSet};
use crate::error::{RulesError};

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
        },
        game: GameRules { goal: 10_000, exact_goal: false, last_turn: true },
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
                kind: $crate::options::OptionKind::Switch,
                help: "a turn may start from the previous player's leftover dice and turn points",
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
    }
    if let Some(on) = opts.switch_given("piggyback") {
        set_piggyback(r, on);
    }
}

/// Piggyback on or off; off takes its "only on the board" condition along
/// (which would otherwise be set without piggyback).
pub(super) fn set_piggyback(r: &mut RuleSet, on: bool) {
    r.turn.piggyback = on;
    if !on {
        r.turn.piggyback_needs_board = false;
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
        "piggyback" | "go-for-it" => &["turn.piggyback", "turn.piggyback-needs-board"],
        "goal" => &["game.goal"],
        "exact-goal" => &["game.exact-goal"],
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
mod tests {
    use super::*;
    use crate::options::{OptionKind, RuleOption};
    use crate::registry::{self, Builder, GAMES};

    /// The keys (`table.key`, arrays whole) where `a` and `b` differ.
    fn changed_keys(a: &RuleSet, b: &RuleSet) -> Vec<String> {
        fn walk(prefix: &str, a: &toml::Table, b: &toml::Table, out: &mut Vec<String>) {
            for (k, va) in a {
                let path = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
                match (va, b.get(k)) {
                    (toml::Value::Table(ta), Some(toml::Value::Table(tb))) => walk(&path, ta, tb, out),
                    (va, Some(vb)) if va == vb => {}
                    _ => out.push(path),
                }
            }
        }
        let (ta, tb) = (toml::Table::try_from(a).unwrap(), toml::Table::try_from(b).unwrap());
        let mut out = vec![];
        walk("", &ta, &tb, &mut out);
        out
    }

    /// Every rule a switch can turn off, on (and Dice 10000's alternative
    /// patterns there), as a rules file could have them.
    fn all_on(mut r: RuleSet) -> RuleSet {
        r.turn.piggyback = true;
        r.turn.piggyback_needs_board = true;
        r.game.exact_goal = true;
        r.scoring.patterns.extend(alternative_patterns());
        r
    }

    /// `keys_set_by` is what the options do: applied alone over the base
    /// rules (and over rules with every switch on), each option changes
    /// some key, and only keys it declares.
    #[test]
    fn each_option_writes_only_the_keys_it_declares() {
        for g in GAMES {
            let Builder::PushLuck { base, options } = g.build else { continue };
            for spec in g.options {
                let values: &[&str] = match spec.kind {
                    OptionKind::Switch => &["yes", "no"],
                    _ => &["1234"],
                };
                for value in values {
                    let given = [RuleOption::parse(&format!("{}={value}", spec.name))];
                    let set = OptionSet::parse(g.id, g.options, &given).unwrap();
                    let mut any_change = false;
                    for before in [base(), all_on(base())] {
                        let mut after = before.clone();
                        options(&mut after, &set).unwrap();
                        let changed = changed_keys(&before, &after);
                        for k in &changed {
                            assert!(keys_set_by(spec.name).contains(&k.as_str()), "{} {:?} writes {k}", g.id, given);
                        }
                        any_change |= !changed.is_empty();
                    }
                    assert!(any_change, "{} {:?} changes nothing", g.id, given);
                }
            }
        }
    }

    fn resolve(game: &str, options: &[&str], file: Option<&str>) -> Result<RuleSet, Error> {
        let options: Vec<RuleOption> = options.iter().map(|o| RuleOption::parse(o)).collect();
        let house = file.map(|text| registry::HouseRules::Text { label: "g.toml", text });
        match registry::resolve(game, &options, house)? {
            registry::Game::PushLuck(g) => Ok(g.rules),
            registry::Game::Category(_) => unreachable!("{game} is a push-your-luck game"),
        }
    }

    fn message(game: &str, options: &[&str], file: Option<&str>) -> String {
        resolve(game, options, file).unwrap_err().to_string()
    }

    #[test]
    fn options_apply_over_the_rules_file() {
        let r = resolve("farkle", &["goal=500"], Some("[game]\ngoal = 10000\n")).unwrap();
        assert_eq!(r.game.goal, 500);
        let r = resolve("farkle", &["on-the-board=750", "min-bank=200"], Some("[turn]\nentry = 300\nmin-bank = 100\n"))
            .unwrap();
        assert_eq!((r.turn.entry, r.turn.min_bank), (750, 200));
        let file = "[turn]\npiggyback = true\npiggyback-needs-board = true\n[game]\nexact-goal = true\n";
        let r = resolve("farkle", &["piggyback=no", "exact-goal=no"], Some(file)).unwrap();
        assert!(!r.turn.piggyback && !r.turn.piggyback_needs_board && !r.game.exact_goal);
        let r = resolve("yahtzix", &["go-for-it=no"], Some("[turn]\npiggyback = true\n")).unwrap();
        assert!(!r.turn.piggyback);
        // A file whose patterns (replacing the game's whole) include one of
        // the alternative ones: replaced by the option's, not doubled.
        let file = "[[scoring.patterns]]\nname = \"full house\"\ngroups = [3, 2]\npoints = 500\n";
        let r = resolve("ten-thousand", &["alternative-scoring"], Some(file)).unwrap();
        let houses: Vec<i64> = r.scoring.patterns.iter().filter(|p| p.name == "full house").map(|p| p.points).collect();
        assert_eq!(houses, [750]);
        assert_eq!(r.scoring.patterns.len(), 3);
        let r = resolve("ten-thousand", &["alternative-scoring=no"], Some(file)).unwrap();
        assert!(r.scoring.patterns.is_empty());
    }

    #[test]
    fn a_failed_check_names_the_option_that_set_its_key() {
        assert_eq!(
            message("farkle", &["goal=1"], None),
            "option `goal=1`: the goal 1 is below the entry threshold 500"
        );
        assert_eq!(
            message("farkle", &["goal=1000"], Some("[turn]\nentry = 2000\n")),
            "option `goal=1000`: the goal 1000 is below the entry threshold 2000"
        );
        assert_eq!(
            message("farkle", &["on-the-board=20000", "goal=10000"], None),
            "options `on-the-board=20000` and `goal=10000`: the entry threshold 20000 is above the goal 10000"
        );
        assert_eq!(
            message("farkle", &["on-the-board=2000"], Some("[game]\ngoal = 1500\n")),
            "option `on-the-board=2000`: the entry threshold 2000 is above the goal 1500"
        );
        assert_eq!(
            message("farkle", &["vant-hof-6"], Some("[scoring.kinds]\nones = [0, 0, 0, 0, 0, 0]\n")),
            "option `vant-hof-6=3000`: 1s never score as 1s, so six of them can never be set aside"
        );
        assert!(message("yahtzix", &["piggyback", "go-for-it=no"], None).contains("cannot be combined"));
    }

    #[test]
    fn a_failed_check_of_the_file_alone_names_the_file_and_its_key() {
        assert_eq!(
            message("farkle", &["piggyback"], Some("[game]\ngoal = 100\n")),
            "rules file `g.toml`: rules key `turn.entry`: 500 is above the goal 100"
        );
        assert_eq!(
            message("farkle", &["goal=5000"], Some("[turn]\nmin-bank = -5\n")),
            "rules file `g.toml`: rules key `turn.min-bank`: value -5 is out of range: allowed 0..=100000"
        );
    }
}
