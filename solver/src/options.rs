//! Rule options, one system for every game.
//!
//! Users write options as `NAME` or `NAME=VALUE` (`-o joker=forced`,
//! `-o on-the-board=500`). Each game declares the options it knows as a
//! table of [`OptionSpec`]s in the registry ([`crate::registry`]): the name,
//! the kind of value with its default and its allowed range, and a line of
//! help. [`OptionSet::parse`] checks what a user gave against that table, in
//! one place and with one wording for every game, and the game's builder then
//! reads typed values from the set. So `--help`, error messages and the
//! option tables of the user guide all come from the same declaration.

use std::collections::BTreeMap;

use userio::Quoted;

/// One option as given, e.g. `joker=forced` or `no-bonus` (in JSON, that
/// string).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Deserialize)]
#[serde(from = "String")]
pub struct RuleOption {
    pub name: String,
    pub value: Option<String>,
}

impl RuleOption {
    /// Splits `NAME[=VALUE]`; names are lower-cased and trimmed.
    pub fn parse(text: &str) -> RuleOption {
        match text.split_once('=') {
            Some((n, v)) => RuleOption { name: n.trim().to_ascii_lowercase(), value: Some(v.trim().to_string()) },
            None => RuleOption { name: text.trim().to_ascii_lowercase(), value: None },
        }
    }
}

impl std::fmt::Display for RuleOption {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.value {
            Some(v) => write!(f, "{}={}", self.name, v),
            None => write!(f, "{}", self.name),
        }
    }
}

impl From<String> for RuleOption {
    fn from(text: String) -> Self {
        RuleOption::parse(&text)
    }
}

impl std::str::FromStr for RuleOption {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(RuleOption::parse(s))
    }
}

/// The value an option takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum OptionKind {
    /// A switch: `NAME` alone (or `NAME=yes|no`).
    Switch,
    /// A switch that may also be given one of `words` (`piggyback=return`):
    /// on, in that way.
    SwitchOr { words: &'static [&'static str] },
    /// A whole number in `min..=max`; `default` when given as `NAME` alone
    /// (`None`: the value is required).
    Number { default: Option<i64>, min: i64, max: i64 },
    /// One of a list of words; `default` applies when the option is not given.
    Choice { choices: &'static [&'static str], default: &'static str },
}

/// An option a game knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct OptionSpec {
    pub(crate) name: &'static str,
    pub(crate) kind: OptionKind,
    /// One line for `--help` and the user guide.
    pub(crate) help: &'static str,
}

impl OptionSpec {
    /// How the option is written: `joker=free|forced`, `goal=N`, `vant-hof-6[=N]`.
    pub(crate) fn usage(&self) -> String {
        match self.kind {
            OptionKind::Switch => self.name.to_string(),
            OptionKind::SwitchOr { words } => format!("{}[={}]", self.name, words.join("|")),
            OptionKind::Number { default: Some(_), .. } => format!("{}[=N]", self.name),
            OptionKind::Number { default: None, .. } => format!("{}=N", self.name),
            OptionKind::Choice { choices, .. } => format!("{}={}", self.name, choices.join("|")),
        }
    }

    /// The allowed values and the default, e.g. `N from 0 to 100000, default 750`.
    pub(crate) fn range(&self) -> String {
        match self.kind {
            OptionKind::Switch => "on or off".into(),
            OptionKind::SwitchOr { words } => format!("on or off, or {}", words.join(" or ")),
            OptionKind::Number { default, min, max } => {
                let d = default.map(|d| format!(", default {d}")).unwrap_or_default();
                format!("N from {min} to {max}{d}")
            }
            OptionKind::Choice { default, .. } => format!("default {default}"),
        }
    }
}

/// Why options were rejected. The same wording for every game.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum OptionError {
    #[error("unknown option {} for {game}; {}", Quoted(.option), known_list(.known))]
    Unknown { game: String, option: String, known: Vec<String> },
    #[error("option {}: {why}", Quoted(.option))]
    BadValue { option: String, why: ValueProblem },
    #[error("option {} is given twice", Quoted(.option))]
    Repeated { option: String },
    #[error("options {} and {} cannot be combined: {why}", Quoted(.first), Quoted(.second))]
    Conflict { first: String, second: String, why: &'static str },
    /// The rules these options made (over a game's rules or a rules file)
    /// fail a check of the rules: `options` as given, canonical.
    #[error("{} {}: {why}", if .options.len() == 1 { "option" } else { "options" }, and_list(.options))]
    MakesInvalidRules { options: Vec<String>, why: String },
}

/// `` `a` ``, `` `a` and `b` ``, `` `a`, `b` and `c` ``.
fn and_list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|i| Quoted(i).to_string()).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => quoted.concat(),
    }
}

/// What is wrong with an option's value.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum ValueProblem {
    #[error("takes no value (got {})", Quoted(.0))]
    NotASwitchValue(String),
    #[error("{} is not yes, no or {}", Quoted(.value), .words.join(" or "))]
    NotASwitchWord { value: String, words: Vec<String> },
    #[error("needs a value, e.g. `{0}=N`")]
    Missing(String),
    #[error("needs a value: one of {}", .0.join(", "))]
    MissingChoice(Vec<String>),
    #[error("{} is not a whole number", Quoted(.0))]
    NotANumber(String),
    #[error("{value} is out of range: allowed from {min} to {max}")]
    OutOfRange { value: i128, min: i64, max: i64 },
    #[error("{} is not one of {}", Quoted(.value), .choices.join(", "))]
    NotAChoice { value: String, choices: Vec<String> },
}

fn known_list(known: &[String]) -> String {
    if known.is_empty() {
        "it has no options".to_string()
    } else {
        format!("options: {}", known.join(", "))
    }
}

/// A checked value of one option.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Value {
    Switch(bool),
    /// A [`OptionKind::SwitchOr`] given one of its words.
    Word(&'static str),
    Number(i64),
    Choice(&'static str),
}

/// The options given for one game, checked against its [`OptionSpec`]s.
#[derive(Debug, Clone)]
pub(crate) struct OptionSet {
    specs: &'static [OptionSpec],
    /// Given options by name, in the order of `specs`.
    values: BTreeMap<&'static str, Value>,
}

impl OptionSet {
    /// Checks `given` against `specs` (the options of game `game`).
    pub(crate) fn parse(
        game: &str,
        specs: &'static [OptionSpec],
        given: &[RuleOption],
    ) -> Result<OptionSet, OptionError> {
        let mut values = BTreeMap::new();
        for o in given {
            let spec = specs.iter().find(|s| s.name == o.name).ok_or_else(|| OptionError::Unknown {
                game: game.to_string(),
                option: o.name.clone(),
                known: specs.iter().map(OptionSpec::usage).collect(),
            })?;
            let bad = |why| OptionError::BadValue { option: spec.name.to_string(), why };
            // `NAME=` says no more than `NAME`: a value is still missing.
            let switch = matches!(spec.kind, OptionKind::Switch | OptionKind::SwitchOr { .. });
            let given = o.value.as_ref().filter(|v| !v.is_empty() || switch);
            let value = match (spec.kind, given) {
                (OptionKind::Switch | OptionKind::SwitchOr { .. }, None) => Value::Switch(true),
                (OptionKind::Switch | OptionKind::SwitchOr { .. }, Some(v)) => match v.to_ascii_lowercase().as_str() {
                    "yes" | "true" | "on" => Value::Switch(true),
                    "no" | "false" | "off" => Value::Switch(false),
                    w => match spec.kind {
                        OptionKind::SwitchOr { words } => match words.iter().find(|x| **x == w) {
                            Some(x) => Value::Word(x),
                            None => {
                                return Err(bad(ValueProblem::NotASwitchWord {
                                    value: v.clone(),
                                    words: words.iter().map(ToString::to_string).collect(),
                                }))
                            }
                        },
                        _ => return Err(bad(ValueProblem::NotASwitchValue(v.clone()))),
                    },
                },
                (OptionKind::Number { default: Some(d), .. }, None) => Value::Number(d),
                (OptionKind::Number { default: None, .. }, None) => {
                    return Err(bad(ValueProblem::Missing(spec.name.to_string())))
                }
                (OptionKind::Number { min, max, .. }, Some(v)) => {
                    // Parsed wide so that a huge value is "out of range", not "not a number".
                    let n: i128 = v.parse().map_err(|_| bad(ValueProblem::NotANumber(v.clone())))?;
                    if n < i128::from(min) || n > i128::from(max) {
                        return Err(bad(ValueProblem::OutOfRange { value: n, min, max }));
                    }
                    Value::Number(i64::try_from(n).expect("within an i64 range"))
                }
                (OptionKind::Choice { choices, .. }, None) => {
                    return Err(bad(ValueProblem::MissingChoice(choices.iter().map(ToString::to_string).collect())))
                }
                (OptionKind::Choice { choices, .. }, Some(v)) => {
                    let v = v.to_ascii_lowercase();
                    match choices.iter().find(|c| **c == v) {
                        Some(c) => Value::Choice(c),
                        None => {
                            return Err(bad(ValueProblem::NotAChoice {
                                value: v,
                                choices: choices.iter().map(ToString::to_string).collect(),
                            }))
                        }
                    }
                }
            };
            if values.insert(spec.name, value).is_some() {
                return Err(OptionError::Repeated { option: spec.name.to_string() });
            }
        }
        Ok(OptionSet { specs, values })
    }

    fn spec(&self, name: &str) -> &OptionSpec {
        self.specs.iter().find(|s| s.name == name).unwrap_or_else(|| panic!("option `{name}` is not declared"))
    }

    /// Whether option `name` was given at all.
    pub(crate) fn given(&self, name: &str) -> bool {
        self.values.contains_key(self.spec(name).name)
    }

    /// A switch: on when given (and not `=no`).
    pub(crate) fn switch(&self, name: &str) -> bool {
        matches!(self.values.get(self.spec(name).name), Some(Value::Switch(true) | Value::Word(_)))
    }

    /// A number option's value, `None` when it was not given.
    pub(crate) fn number(&self, name: &str) -> Option<i64> {
        match self.values.get(self.spec(name).name) {
            Some(Value::Number(n)) => Some(*n),
            _ => None,
        }
    }

    /// A choice option's value, its default when not given.
    pub(crate) fn choice(&self, name: &str) -> &'static str {
        let spec = self.spec(name);
        match (self.values.get(spec.name), spec.kind) {
            (Some(Value::Choice(c)), _) => c,
            (_, OptionKind::Choice { default, .. }) => default,
            _ => panic!("option `{name}` is not a choice"),
        }
    }

    /// The names of the options given, in declaration order.
    pub(crate) fn given_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.specs.iter().map(|s| s.name).filter(|n| self.values.contains_key(n))
    }

    /// A switch's value when it was given (`NAME` or `NAME=yes`: on,
    /// `NAME=no`: off), `None` when not given.
    pub(crate) fn switch_given(&self, name: &str) -> Option<bool> {
        match self.values.get(self.spec(name).name) {
            Some(Value::Switch(on)) => Some(*on),
            Some(Value::Word(_)) => Some(true),
            _ => None,
        }
    }

    /// The word a [`OptionKind::SwitchOr`] was given (`piggyback=return`),
    /// `None` when it was given otherwise or not at all.
    pub(crate) fn switch_word(&self, name: &str) -> Option<&'static str> {
        match self.values.get(self.spec(name).name) {
            Some(Value::Word(w)) => Some(w),
            _ => None,
        }
    }

    /// Option `name` as given, in canonical form (`goal=500`, `piggyback`,
    /// `piggyback=no`); `None` when it was not given.
    pub(crate) fn shown(&self, name: &str) -> Option<String> {
        let spec = self.spec(name);
        Some(match self.values.get(spec.name)? {
            Value::Switch(true) => spec.name.to_string(),
            Value::Switch(false) => format!("{}=no", spec.name),
            Value::Word(w) => format!("{}={w}", spec.name),
            Value::Number(n) => format!("{}={n}", spec.name),
            Value::Choice(c) => format!("{}={c}", spec.name),
        })
    }

    /// The options in canonical form, in declaration order: switches that
    /// are on, numbers with their value, choices with their value (defaults
    /// spelled out only when `with_defaults`). Used for titles, table names
    /// and fingerprints, so `-o a -o b` and `-o b -o a` are the same rules.
    pub(crate) fn canonical(&self, with_defaults: bool) -> Vec<String> {
        let mut out = Vec::new();
        for spec in self.specs {
            match (self.values.get(spec.name), spec.kind) {
                (Some(Value::Switch(false)), _) => {}
                (Some(_), _) => out.extend(self.shown(spec.name)),
                (None, OptionKind::Choice { default, .. }) if with_defaults => {
                    out.push(format!("{}={default}", spec.name));
                }
                _ => {}
            }
        }
        out
    }

    /// Every option given, in canonical form and declaration order, a
    /// switch given off as `NAME=no`: over a rules file that turns the
    /// switch on, an `=no` changes the rules, so a title must show it.
    pub(crate) fn all_given(&self) -> Vec<String> {
        self.specs.iter().filter_map(|spec| self.shown(spec.name)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptionSpec] = &[
        OptionSpec {
            name: "joker",
            kind: OptionKind::Choice { choices: &["free", "forced"], default: "free" },
            help: "",
        },
        OptionSpec { name: "no-bonus", kind: OptionKind::Switch, help: "" },
        OptionSpec { name: "goal", kind: OptionKind::Number { default: None, min: 1, max: 100 }, help: "" },
        OptionSpec { name: "entry", kind: OptionKind::Number { default: Some(50), min: 0, max: 100 }, help: "" },
    ];

    fn parse(given: &[&str]) -> Result<OptionSet, OptionError> {
        let given: Vec<RuleOption> = given.iter().map(|s| RuleOption::parse(s)).collect();
        OptionSet::parse("demo", SPECS, &given)
    }

    #[test]
    fn reads_typed_values_and_defaults() {
        let o = parse(&["goal=40", "entry", "no-bonus"]).unwrap();
        assert_eq!(o.number("goal"), Some(40));
        assert_eq!(o.number("entry"), Some(50));
        assert!(o.switch("no-bonus"));
        assert_eq!(o.choice("joker"), "free");
        assert_eq!(o.canonical(true), ["joker=free", "no-bonus", "goal=40", "entry=50"]);
        assert_eq!(o.canonical(false), ["no-bonus", "goal=40", "entry=50"]);
        assert!(!parse(&["no-bonus=no"]).unwrap().switch("no-bonus"));
    }

    #[test]
    fn rejects_with_one_wording() {
        assert!(matches!(parse(&["wild"]), Err(OptionError::Unknown { .. })));
        let e = parse(&["wild"]).unwrap_err().to_string();
        assert!(e.contains("joker=free|forced") && e.contains("goal=N") && e.contains("entry[=N]"), "{e}");
        assert!(matches!(parse(&["goal"]), Err(OptionError::BadValue { why: ValueProblem::Missing(_), .. })));
        assert!(matches!(parse(&["goal=x"]), Err(OptionError::BadValue { why: ValueProblem::NotANumber(_), .. })));
        assert!(matches!(
            parse(&["goal=99999999999999999999999"]),
            Err(OptionError::BadValue { why: ValueProblem::OutOfRange { .. }, .. })
        ));
        assert!(matches!(
            parse(&["goal=0"]),
            Err(OptionError::BadValue { why: ValueProblem::OutOfRange { value: 0, min: 1, max: 100 }, .. })
        ));
        assert!(matches!(
            parse(&["joker=maybe"]),
            Err(OptionError::BadValue { why: ValueProblem::NotAChoice { .. }, .. })
        ));
        assert!(matches!(
            parse(&["no-bonus=7"]),
            Err(OptionError::BadValue { why: ValueProblem::NotASwitchValue(_), .. })
        ));
        assert!(matches!(parse(&["goal=3", "goal=4"]), Err(OptionError::Repeated { .. })));
        assert!(matches!(parse(&["goal="]), Err(OptionError::BadValue { why: ValueProblem::Missing(_), .. })));
        for given in ["joker", "joker="] {
            assert_eq!(
                parse(&[given]).unwrap_err().to_string(),
                "option `joker`: needs a value: one of free, forced",
                "{given}"
            );
        }
    }

    #[test]
    fn shows_options_as_given() {
        let o = parse(&["no-bonus=no", "goal=40"]).unwrap();
        assert_eq!(o.canonical(false), ["goal=40"]);
        assert_eq!(o.all_given(), ["no-bonus=no", "goal=40"]);
        assert_eq!(o.shown("goal").as_deref(), Some("goal=40"));
        assert_eq!(o.shown("entry"), None);
        assert_eq!(o.switch_given("no-bonus"), Some(false));
        assert_eq!(o.given_names().collect::<Vec<_>>(), ["no-bonus", "goal"]);
        let e =
            OptionError::MakesInvalidRules { options: vec!["a=1".into(), "b".into(), "c".into()], why: "no".into() };
        assert_eq!(e.to_string(), "options `a=1`, `b` and `c`: no");
    }
}
