//! Requests: a command's question as the command line and JSON give it,
//! turned into the library's checked question in one place.
//!
//! A request has one field per flag of its command, named as the flag
//! (`opponent-farkles` for `--opponent-farkles`), with the flag's syntax
//! for values (dice as `1,1,2,3,5,5`, lists comma-separated). The `sixdice`
//! binary builds one from its arguments, and `sixdice serve` reads one
//! from a JSON body (`{"game":"farkle","dice":"1,1,2,3,5,5","banked":300}`);
//! both then call the request's `question`, which resolves the game and
//! checks everything only the request's shape can get wrong (fields that
//! exclude each other, a list that is no list, flags of the other game
//! family). So the two front ends cannot disagree on what a question
//! means, nor on what is refused, and the server's answer to a body is by
//! construction the CLI's answer to the same flags. The values themselves
//! are checked later by the commands, as for any other caller.
//!
//! Every request that names a game starts with the same [`GameHead`]
//! (game, options, house rules): declared once, and read from JSON as the
//! request's own first fields (`{"game": "farkle", "option": [...],
//! "dice": ...}`). serde's `flatten` cannot refuse unknown fields, so the
//! [`request!`] macro declares each request once and reads it through a
//! flat private twin that does: a misspelt field is refused, naming the
//! fields there are.
//!
//! Fields that name files (`--rules FILE`) are never read from JSON
//! (`serde(skip)`): only the caller sets them. House rules may come as
//! text instead (`rules-text`).

pub(crate) mod advise;
pub(crate) mod commands;
#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::dice::{parse_dice, Counts};
use crate::error::{Error, Field, RequestError};
use crate::limits::RULES_FILE_BYTES;
use crate::options::RuleOption;
use crate::registry::{resolve, Game, HouseRules};
use crate::vocabulary::{Family, Objective};

/// A command's question as its flags (or JSON fields) give it: turned into
/// the checked question the command takes.
pub trait Request {
    /// What the request becomes: the game and the command's question.
    type Question;

    /// Resolves the game and checks what only the request's shape can get
    /// wrong (fields that exclude each other, a list that is no list,
    /// flags of the other game family).
    ///
    /// # Errors
    /// An unknown game or option, house rules that do not read, and each
    /// request's own refusals (its docs say which).
    fn question(&self) -> Result<Self::Question, Error>;
}

/// The game a request is about: its name, its rule options, and house
/// rules (a file the caller names, or TOML text; not both). Read from
/// JSON as `game`, `option` and `rules-text`; the file never (`rules_file`
/// is the caller's). Alone it is the `rules` command's request, and its
/// question is the game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct GameHead {
    /// The game's id or alias, e.g. `farkle`, `600`.
    #[serde(rename = "game")]
    pub name: String,
    /// Rule options, each `NAME` or `NAME=VALUE`.
    #[serde(rename = "option")]
    pub options: Vec<RuleOption>,
    /// House rules as TOML text (push-your-luck games).
    pub rules_text: Option<String>,
    /// A house-rules file, named by the caller (never read from JSON).
    #[serde(skip)]
    pub rules_file: Option<PathBuf>,
}

impl Request for GameHead {
    type Question = Game;

    /// # Errors
    /// No game named, an unknown game or option, house rules given twice,
    /// too long, or that do not read.
    fn question(&self) -> Result<Game, Error> {
        game(&self.name, &self.options, self.rules_file.as_deref(), self.rules_text.as_deref())
    }
}

/// Declares a request that names a game: the struct with its [`GameHead`]
/// (field `game`) and the fields listed, and its `Deserialize`, which
/// reads the head's fields and the request's own from one flat JSON object
/// through a private twin that refuses unknown fields. A field's doc
/// comments go on the request; its `#[serde(...)]` on the twin.
macro_rules! request {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                $(#[doc = $doc:literal])*
                $(#[serde($($serde:tt)*)])?
                pub $field:ident: $ty:ty,
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default, PartialEq, Eq)]
        pub struct $name {
            /// The game, its options and house rules.
            pub game: $crate::request::GameHead,
            $( $(#[doc = $doc])* pub $field: $ty, )*
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                /// The request as JSON has it: the head's fields first.
                #[derive(Default, serde::Deserialize)]
                #[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
                struct Flat {
                    game: String,
                    option: Vec<$crate::options::RuleOption>,
                    rules_text: Option<String>,
                    $( $(#[serde($($serde)*)])? $field: $ty, )*
                }
                let flat = Flat::deserialize(d)?;
                Ok($name {
                    game: $crate::request::GameHead {
                        name: flat.game,
                        options: flat.option,
                        rules_text: flat.rules_text,
                        rules_file: None,
                    },
                    $( $field: flat.$field, )*
                })
            }
        }
    };
}
use request;

/// The label house rules given as text carry in titles and errors.
const RULES_TEXT_LABEL: &str = "house rules";

/// Resolves the game a request names, with its options and house rules
/// (a file the caller named, or text from the request; not both).
fn game(
    name: &str,
    options: &[RuleOption],
    rules_file: Option<&Path>,
    rules_text: Option<&str>,
) -> Result<Game, Error> {
    if name.trim().is_empty() {
        return Err(RequestError::NoGame.into());
    }
    let rules = match (rules_file, rules_text) {
        (Some(_), Some(_)) => return Err(RequestError::TwoRules.into()),
        (Some(path), None) => Some(HouseRules::File(path)),
        (None, Some(text)) if text.len() as u64 > RULES_FILE_BYTES => {
            return Err(RequestError::TooLong { bytes: text.len(), max: RULES_FILE_BYTES, field: Field::Rules }.into())
        }
        (None, Some(text)) => Some(HouseRules::Text { label: RULES_TEXT_LABEL, text }),
        (None, None) => None,
    };
    resolve(name, options, rules)
}

/// The objective a request's `objective` word names for `family`: `score`
/// (or nothing) the family's score, `win` the win objective.
fn objective(word: Option<&str>, family: Family) -> Result<Objective, Error> {
    match (word, family) {
        (Some("target"), Family::Category) => Ok(Objective::Target),
        (Some("target"), Family::PushLuck) => Err(RequestError::TargetForPushLuck.into()),
        _ => Ok(Objective::of(asks_win(word)?, family)),
    }
}

/// Whether the `objective` word asks for the win objective (`target` does
/// not: it is checked where it applies).
fn asks_win(word: Option<&str>) -> Result<bool, Error> {
    match word {
        None | Some("score" | "target") => Ok(false),
        Some("win") => Ok(true),
        Some(other) => Err(RequestError::Objective(userio::cut(other, 40).into_owned()).into()),
    }
}

/// The objective of `solve` and `info`: as named, and with more than two
/// players and none named the win table (the one a player count is for).
fn players_objective(word: Option<&str>, players: usize, family: Family) -> Result<Objective, Error> {
    if word.is_none() && players > 2 {
        return Ok(Objective::Win);
    }
    objective(word, family)
}

/// Dice in the flags' syntax, an error naming `field`.
fn dice(text: &str, field: Field) -> Result<Counts, Error> {
    parse_dice(text).map_err(|source| RequestError::Dice { field, source }.into())
}

/// A comma-separated list: its items, trimmed, empty ones left out.
fn list(text: &str) -> Vec<String> {
    text.split(',').map(str::trim).filter(|x| !x.is_empty()).map(String::from).collect()
}

/// The default player count of the commands that take one.
fn two() -> usize {
    2
}
