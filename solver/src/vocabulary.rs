//! The shared vocabulary of questions, reports and errors: which game,
//! which family, what the values maximise, how losses are classed.
//!
//! Plain types at the bottom of the library: the layers that ask
//! (`question`), answer (`report`) and refuse (`error`) all speak of them,
//! and none of those layers needs another to do so.

use serde::{Deserialize, Serialize};

/// What the solved values maximise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Objective {
    /// The expected final score of a game (category games).
    FinalScore,
    /// The expected score of one turn (push-your-luck games).
    TurnScore,
    /// The probability of winning a two-player game (push-your-luck games).
    Win,
    /// The probability that a score-sheet game's final score reaches a
    /// given score (category games).
    Target,
}

impl Objective {
    /// The win objective, or the score objective of a game of `family`
    /// (what a front end that asks "score or win" means by score).
    pub fn of(win: bool, family: Family) -> Objective {
        match (win, family) {
            (true, _) => Objective::Win,
            (false, Family::Category) => Objective::FinalScore,
            (false, Family::PushLuck) => Objective::TurnScore,
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Objective::FinalScore => "expected final score",
            Objective::TurnScore => "expected turn score",
            Objective::Win => "probability of winning",
            Objective::Target => "probability of reaching a score",
        }
    }
}

/// The two kinds of game sixdice solves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Score-sheet games: maximise the expected final score.
    Category,
    /// Push-your-luck games: maximise the expected score of a turn.
    PushLuck,
}

impl Family {
    pub fn describe(self) -> &'static str {
        match self {
            Family::Category => "category game",
            Family::PushLuck => "push-your-luck game",
        }
    }
}

/// A game as reports name it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRef {
    /// Canonical id, e.g. `farkle`.
    pub id: String,
    /// Name with options, e.g. `Farkle (vant-hof-6=3000)`.
    pub title: String,
    pub family: Family,
    /// Options in canonical form.
    pub options: Vec<String>,
    /// House-rules file, as given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules_file: Option<String>,
}

impl GameRef {
    /// Game `id` of `family`, titled `title` (name and options), with its
    /// canonical options and the house-rules file it was built with.
    pub(crate) fn new(
        id: &str,
        family: Family,
        title: String,
        options: &[String],
        rules_file: Option<&str>,
    ) -> GameRef {
        GameRef {
            id: id.to_string(),
            title,
            family,
            options: options.to_vec(),
            rules_file: rules_file.map(ToString::to_string),
        }
    }

    /// The `sixdice solve ...` command that (re)creates this game's table
    /// under `objective` (the one place that spells it).
    pub fn solve_command(&self, objective: Objective) -> String {
        let mut cmd = format!("sixdice solve {}", self.id);
        for o in &self.options {
            cmd.push_str(" -o ");
            cmd.push_str(o);
        }
        if let Some(f) = &self.rules_file {
            cmd.push_str(" --rules ");
            cmd.push_str(f);
        }
        match objective {
            Objective::Win => cmd.push_str(" --objective win"),
            Objective::Target => cmd.push_str(" --objective target"),
            Objective::FinalScore | Objective::TurnScore => {}
        }
        cmd
    }
}

/// Lower bounds of the error classes, in the unit the text shows
/// (percentage points of P(win), or points).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Thresholds {
    pub doubtful: f64,
    pub mistake: f64,
    pub blunder: f64,
}
