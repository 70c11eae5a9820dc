//! The registry of category games and the parsing of their options.

use std::cell::RefCell;

use super::game::Game;
use super::{deluxe, yahtzee, yatzy};
use crate::options::RuleOption;

/// Every category game name, canonical names first, then aliases.
pub const NAMES: &[&str] = &["yahtzee-deluxe", "yahtzee", "yatzy", "deluxe"];

/// The canonical id of a category game name or alias.
pub fn lookup(name: &str) -> Option<&'static str> {
    match name.to_ascii_lowercase().as_str() {
        "yahtzee-deluxe" | "deluxe" => Some(deluxe::ID),
        "yahtzee" => Some(yahtzee::ID),
        "yatzy" => Some(yatzy::ID),
        _ => None,
    }
}

/// Builds a game from its name and options.
pub fn build(name: &str, options: &[RuleOption]) -> Result<Game, GameError> {
    let id = lookup(name).ok_or_else(|| GameError::UnknownGame(name.to_string()))?;
    let opts = OptionSet::new(id, options)?;
    match id {
        deluxe::ID => deluxe::build(&opts),
        yahtzee::ID => yahtzee::build(&opts),
        yatzy::ID => yatzy::build(&opts),
        _ => unreachable!("lookup returns only known ids"),
    }
}

/// Why a game could not be built.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum GameError {
    #[error("unknown category game `{0}`")]
    UnknownGame(String),
    #[error("unknown option `{option}` for {game}{}", known_list(.known))]
    UnknownOption { game: String, option: String, known: Vec<String> },
    #[error("option `{option}` for {game}: {why}")]
    BadValue { game: String, option: String, why: String },
    #[error("option `{option}` given twice")]
    Repeated { option: String },
    #[error("options for {game} contradict each other: {why}")]
    Contradiction { game: String, why: String },
}

fn known_list(known: &[String]) -> String {
    if known.is_empty() {
        " (it has no options)".to_string()
    } else {
        format!(" (known: {})", known.join(", "))
    }
}

/// Options given for one game. Each game's `build` takes the options it
/// knows, then calls [`OptionSet::finish`], which rejects anything left over.
pub struct OptionSet {
    game: &'static str,
    given: Vec<RuleOption>,
    taken: RefCell<Vec<String>>,
}

impl OptionSet {
    fn new(game: &'static str, options: &[RuleOption]) -> Result<OptionSet, GameError> {
        let mut seen = std::collections::BTreeSet::new();
        for o in options {
            if !seen.insert(o.name.clone()) {
                return Err(GameError::Repeated { option: o.name.clone() });
            }
        }
        Ok(OptionSet { game, given: options.to_vec(), taken: RefCell::new(Vec::new()) })
    }

    fn find(&self, name: &str) -> Option<&RuleOption> {
        self.taken.borrow_mut().push(name.to_string());
        self.given.iter().find(|o| o.name == name)
    }

    /// Whether option `name` was given at all.
    pub fn given(&self, name: &str) -> bool {
        self.given.iter().any(|o| o.name == name)
    }

    /// A `NAME=VALUE` option with a value from `allowed`.
    pub fn choice(&self, name: &str, allowed: &[&str], default: &str) -> Result<String, GameError> {
        match self.find(name) {
            None => Ok(default.to_string()),
            Some(RuleOption { value: Some(v), .. }) if allowed.contains(&v.to_ascii_lowercase().as_str()) => {
                Ok(v.to_ascii_lowercase())
            }
            Some(o) => Err(GameError::BadValue {
                game: self.game.into(),
                option: o.name.clone(),
                why: format!("value must be one of {}", allowed.join(", ")),
            }),
        }
    }

    /// A plain switch `NAME` (no value; `NAME=yes|no|true|false|on|off` accepted).
    pub fn flag(&self, name: &str) -> Result<bool, GameError> {
        match self.find(name) {
            None => Ok(false),
            Some(RuleOption { value: None, .. }) => Ok(true),
            Some(RuleOption { value: Some(v), .. }) => match v.to_ascii_lowercase().as_str() {
                "yes" | "true" | "on" | "1" => Ok(true),
                "no" | "false" | "off" | "0" => Ok(false),
                _ => Err(GameError::BadValue {
                    game: self.game.into(),
                    option: name.into(),
                    why: "a switch takes no value (or yes/no)".into(),
                }),
            },
        }
    }

    /// Rejects options no one asked for.
    pub fn finish(&self) -> Result<(), GameError> {
        let taken = self.taken.borrow();
        match self.given.iter().find(|o| !taken.contains(&o.name)) {
            None => Ok(()),
            Some(o) => {
                Err(GameError::UnknownOption { game: self.game.into(), option: o.name.clone(), known: taken.clone() })
            }
        }
    }
}
