//! The built-in games' options: what each writes, how a failed check of
//! the finished rules is blamed, and options over a rules file.

use super::ten_thousand::alternative_patterns;
use super::*;
use crate::options::{OptionKind, RuleOption};
use crate::registry::{Builder, GAMES};

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
    r.turn.piggyback_return = true;
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
                OptionKind::SwitchOr { words } => &["yes", "no", words[0]],
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
    crate::registry::testing::push_luck_rules(game, options, file)
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
    assert_eq!(message("farkle", &["goal=1"], None), "option `goal=1`: the goal 1 is below the entry threshold 500");
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
        "rules file `g.toml`: rules key `turn.min-bank`: value -5 is out of range: allowed from 0 to 100000"
    );
}

/// `piggyback=return` is piggyback with the return (and `piggyback` alone
/// over a file that returns turns the return off); it cannot meet an
/// exact goal, and a word other than `return` is named as wrong.
#[test]
fn piggyback_return_is_a_way_of_piggyback() {
    let r = resolve("farkle", &["piggyback=return"], None).unwrap();
    assert!(r.turn.piggyback && r.turn.piggyback_return);
    let file = "[turn]\npiggyback = true\npiggyback-return = true\n";
    let r = resolve("farkle", &["piggyback"], Some(file)).unwrap();
    assert!(r.turn.piggyback && !r.turn.piggyback_return);
    let r = resolve("ten-thousand", &["piggyback=return"], None).unwrap();
    assert!(r.turn.piggyback_return && r.turn.piggyback_needs_board);
    assert_eq!(
        message("farkle", &["piggyback=return", "exact-goal"], None),
        "option `piggyback=return`: cannot be combined with an exact goal"
    );
    let e = message("farkle", &["piggyback=back"], None);
    assert!(e.contains("`back`") && e.contains("return"), "{e}");
    // Off the fingerprints of the rules without it: their tables stay.
    let plain = toml::to_string(&resolve("farkle", &["piggyback"], None).unwrap()).unwrap();
    assert!(!plain.contains("piggyback-return"), "{plain}");
}
