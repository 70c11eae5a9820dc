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
//! - [`lanes`]: several win-objective turn DPs at once, one per SIMD lane;
//! - [`solution`]: a solved turn and the questions asked of it;
//! - [`table`]: the table file (`solve`, `info`);
//! - [`situation`]: a question about a turn and its checks;
//! - [`advise`]: ranking the alternatives for one roll;
//! - [`strategy`]: the strategy sheet;
//! - [`long_run`]: the average-points objective under the penalty;
//! - [`play`]: a turn played by a solved policy with random dice;
//! - [`win`]: the two-player win objective (its own solve and table);
//! - [`simulate`]: players head to head;
//! - [`rollout`]: P(win) at tables too large to solve, estimated by playing positions out;
//! - [`compare`]: how the rule options change who wins.

pub(crate) mod advise;
pub(crate) mod compare;
pub(crate) mod dp;
pub(crate) mod ends;
pub(crate) mod games;
mod lanes;
pub(crate) mod long_run;
pub(crate) mod model;
#[cfg(test)]
mod play;
pub(crate) mod ranking;
pub(crate) mod rollout;
pub(crate) mod rules;
pub(crate) mod scoring;
pub(crate) mod simulate;
pub(crate) mod situation;
pub(crate) mod solution;
mod solved_turns;
pub(crate) mod strategy;
pub(crate) mod table;
pub(crate) mod win;
pub(crate) mod win_sheet;

pub(crate) use model::Model;
pub(crate) use rules::RuleSet;

use crate::error::Error;
use crate::vocabulary::{Family, GameRef};

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
pub(crate) struct PushLuckGame {
    /// Canonical id, e.g. `ten-thousand`.
    pub(crate) id: &'static str,
    pub(crate) rules: RuleSet,
    /// The options given, in canonical form.
    pub(crate) options: Vec<String>,
    /// The house-rules file applied on top, as the user named it (or the
    /// label of house rules given as text).
    pub(crate) rules_file: Option<String>,
    /// Those house rules as they were read: what a variant of this game
    /// (`compare`) is built over, without reading the file again.
    pub(crate) house_rules: Option<String>,
    model: Model,
    /// The rules compiled for the win objective, when first needed.
    win_model: std::sync::OnceLock<Model>,
}

impl PushLuckGame {
    /// Compiles `rules` (validated) for game `entry`; refuses rules under
    /// which a turn never has to end, naming the rules file if there is one.
    pub(crate) fn new(
        id: &'static str,
        rules: RuleSet,
        options: Vec<String>,
        rules_file: Option<String>,
    ) -> Result<PushLuckGame, Error> {
        let model = Model::new(&rules).map_err(|e| match &rules_file {
            Some(file) => Error::Rules(crate::error::RulesError::File { file: file.clone(), why: e.to_string() }),
            None => Error::Turn(e),
        })?;
        Ok(PushLuckGame {
            id,
            rules,
            options,
            rules_file,
            house_rules: None,
            model,
            win_model: std::sync::OnceLock::new(),
        })
    }

    /// The rules compiled for solving the expected turn score.
    pub(crate) fn model(&self) -> &Model {
        &self.model
    }

    /// The rules compiled for the win objective (every set-aside kept).
    pub(crate) fn win_model(&self) -> &Model {
        self.win_model
            .get_or_init(|| Model::for_win(&self.rules).expect("the same rules compiled for the score objective"))
    }

    /// E.g. `Farkle (base rules)`, `Farkle (vant-hof-6=3000, rules file mine.toml)`.
    pub(crate) fn title(&self) -> String {
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
    pub(crate) fn reference(&self) -> GameRef {
        GameRef::new(self.id, Family::PushLuck, self.title(), &self.options, self.rules_file.as_deref())
    }
}

#[cfg(test)]
mod tests;
