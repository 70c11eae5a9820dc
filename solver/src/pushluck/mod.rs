//! Push-your-luck games (Farkle, Dice 10000, Yahtzix).
//!
//! One engine serves every game: a rule set is data ([`rules::RuleSet`]),
//! the built-in games and their named options are values of it
//! ([`games`]), a house-rules TOML file overrides any part of it (and
//! the named options apply over the file), and the scoring engine ([`scoring`]) and the solver only read it. There is no
//! per-game code path below the rule data.
//!
//! Three objectives share one turn DP ([`dp`]), differing only in what the
//! end of a turn is worth (`solution::Payoff`):
//! - the *expected score of one turn* (a farkle scores 0, or minus the
//!   three-farkle penalty when it is the third in a row);
//! - the *long run* under the three-farkle penalty ([`long_run`]): average
//!   points per turn, a farkle valued by what the farkle count costs later;
//! - the *win objective* for two players ([`win`]): a turn's end is worth
//!   the probability of winning the game from where it leaves the players.
//!
//! - [`model`]: the rules compiled for solving: decision contexts and where
//!   each set-aside leads;
//! - [`dp`]: the exact DP over turn totals (and why it needs no truncation);
//! - [`solution`]: a solved turn and the questions asked of it;
//! - [`table`]: the table file (`solve`, `info`);
//! - [`situation`]: a question about a turn and its checks;
//! - [`advise`]: ranking the alternatives for one roll;
//! - [`strategy`]: the strategy sheet;
//! - [`long_run`]: the average-points objective under the penalty;
//! - [`play`]: a turn played by a solved policy with random dice;
//! - [`win`]: the two-player win objective (its own solve and table);
//! - [`simulate`]: players head to head;
//! - [`compare`]: how the rule options change who wins.

pub mod advise;
pub mod games;
pub mod compare;
pub mod dp;
pub mod ends;
pub mod long_run;
pub mod model;
pub mod play;
pub mod rules;
pub mod scoring;
pub mod simulate;
pub mod situation;
pub mod solution;
pub mod strategy;
pub mod table;
pub mod win;

pub use model::Model;
pub use rules::RuleSet;


use crate::error::Error;
use crate::report::{Family, GameRef};

/// Points as a value (points are `i64`, values `f64` throughout this
/// family). Exact: the ranges of [`crate::limits`] keep every total far
/// below 2^52.
#[allow(clippy::cast_precision_loss)]
pub(crate) fn value_of(points: i64) -> f64 {
    points as f64
}

/// The turn total of grid level `level`.
pub(crate) fn level_total(level: usize, grid: i64) -> i64 {
    i64::try_from(level).expect("levels are bounded by the solve budget") * grid
}

/// A resolved push-your-luck game: its effective rules and where they came
/// from, compiled for solving.
#[derive(Debug, Clone)]
pub struct PushLuckGame {
    /// Canonical id, e.g. `ten-thousand`.
    pub id: &'static str,
    pub rules: RuleSet,
    /// The options given, in canonical form.
    pub options: Vec<String>,
    /// The house-rules file applied on top, as the user named it.
    pub rules_file: Option<String>,
    model: Model,
    /// The rules compiled for the win objective, when first needed.
    win_model: std::sync::OnceLock<Model>,
}

impl PushLuckGame {
    /// Compiles `rules` (validated) for game `entry`; refuses rules under
    /// which a turn never has to end, naming the rules file if there is one.
    pub fn new(
        id: &'static str,
        rules: RuleSet,
        options: Vec<String>,
        rules_file: Option<String>,
    ) -> Result<PushLuckGame, Error> {
        let model = Model::new(&rules).map_err(|e| match &rules_file {
            Some(file) => Error::Rules(crate::error::RulesError::File { file: file.clone(), why: e.to_string() }),
            None => Error::Turn(e),
        })?;
        Ok(PushLuckGame { id, rules, options, rules_file, model, win_model: std::sync::OnceLock::new() })
    }

    /// The rules compiled for solving the expected turn score.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The rules compiled for the win objective (every set-aside kept).
    pub fn win_model(&self) -> &Model {
        self.win_model
            .get_or_init(|| Model::for_win(&self.rules).expect("the same rules compiled for the score objective"))
    }

    /// E.g. `Farkle (base rules)`, `Farkle (vant-hof-6=3000, rules file mine.toml)`.
    pub fn title(&self) -> String {
        let mut parts = self.options.clone();
        if let Some(f) = &self.rules_file {
            parts.push(format!("rules file {f}"));
        }
        if parts.is_empty() {
            format!("{} (base rules)", self.rules.name)
        } else {
            format!("{} ({})", self.rules.name, parts.join(", "))
        }
    }

    /// Who the game is, for reports.
    pub fn reference(&self) -> GameRef {
        GameRef::new(self.id, Family::PushLuck, self.title(), &self.options, self.rules_file.as_deref())
    }
}

#[cfg(test)]
mod tests;
