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
//! Fields that name files (`--rules FILE`) are never read from JSON
//! (`serde(skip)`): only the caller sets them. House rules may come as
//! text instead (`rules-text`).

mod advise;
mod commands;
#[cfg(test)]
mod tests;

pub use advise::AdviseRequest;
pub use commands::{
    CompareRequest, InfoRequest, PlayRequest, ReviewRequest, RulesRequest, SimulateRequest, SolveRequest,
    StrategyRequest,
};

use std::path::Path;

use crate::dice::{parse_dice, Counts};
use crate::error::{Error, Field, RequestError};
use crate::limits::RULES_FILE_BYTES;
use crate::options::RuleOption;
use crate::registry::{resolve, Game, HouseRules};
use crate::vocabulary::{Family, Objective};

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
    Ok(Objective::of(asks_win(word)?, family))
}

/// Whether the `objective` word asks for the win objective.
fn asks_win(word: Option<&str>) -> Result<bool, Error> {
    match word {
        None | Some("score") => Ok(false),
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
