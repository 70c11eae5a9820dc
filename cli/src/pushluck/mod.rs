//! Commands for push-your-luck games (Farkle, Dice 10000, Yahtzix).
//!
//! Every command builds the effective rule set the same way: the built-in
//! game, then `-o` options, then a `--rules` house-rules file on top. Solves
//! take milliseconds, so `advise` and `strategy` solve in memory and need no
//! table; `solve` writes the table for other tools and `info` reads it back.

pub mod advise;
pub mod info;
pub mod rules;
pub mod solve;
pub mod strategy;

use std::path::{Path, PathBuf};

use anyhow::Context;
use solver::pushluck::builtin;
use solver::pushluck::rules::{to_toml, RuleSet};
use solver::pushluck::turn::{Model, Params};
use solver::table::{fingerprint, TableSpec};

use crate::args::GameSel;

/// Version of the solver's table layout and semantics, part of every fingerprint.
const SOLVER_VERSION: &str = "pushluck-turn-1";

/// The game, its options and house rules, resolved.
pub struct Resolved {
    /// Canonical game id (`ten-thousand` for `10000`).
    pub id: &'static str,
    pub rules: RuleSet,
    /// How to say which rules these are, e.g. `Farkle (-o vant-hof-6)`.
    pub label: String,
    /// The options and rules file as given.
    pub options: Vec<String>,
}

/// Builds the effective rules from `game`, `-o` options and `--rules FILE`.
pub fn resolve(game: &str, sel: &GameSel) -> anyhow::Result<Resolved> {
    let id = builtin::canonical(game).with_context(|| format!("`{game}` is not a push-your-luck game"))?;
    let mut rules = builtin::with_options(id, &sel.options)?;
    let mut options: Vec<String> = sel.options.iter().map(|o| format!("-o {o}")).collect();
    if let Some(path) = &sel.rules_file {
        let text = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("cannot read rules file {}: {e}", path.display()))?;
        rules.apply_toml(&text, &path.display().to_string())?;
        options.push(format!("--rules {}", path.display()));
    }
    let label = if options.is_empty() {
        format!("{} (base rules)", rules.name)
    } else {
        format!("{} ({})", rules.name, options.join(" "))
    };
    Ok(Resolved { id, rules, label, options })
}

/// Compiles the rules for solving.
pub fn model(r: &Resolved) -> anyhow::Result<Model> {
    Ok(Model::new(&r.rules)?)
}

/// Turn parameters of a player on the board with no game total given (used
/// by `solve` and `strategy`): the goal is a whole goal away.
pub fn default_params(rules: &RuleSet) -> Params {
    Params { on_board: true, last_chance: false, goal_left: rules.game.goal }
}

/// The table variants `solve` writes: on / off the board, and with the
/// penalty rule also "a farkle now is the third in a row".
pub fn table_variants(rules: &RuleSet) -> Vec<(String, Params)> {
    let base = default_params(rules);
    let mut v =
        vec![("on the board".to_string(), base), ("off the board".to_string(), Params { on_board: false, ..base })];
    if rules.turn.three_farkle_penalty > 0 {
        v.push(("on the board, two farkles in a row".into(), Params { last_chance: true, ..base }));
        v.push(("off the board, two farkles in a row".into(), Params { on_board: false, last_chance: true, ..base }));
    }
    v
}

/// Table identity: game id, fingerprint of the canonical rules text.
pub fn table_spec(r: &Resolved, shape: Vec<u64>) -> TableSpec {
    let canonical = format!("{SOLVER_VERSION}\n{}", to_toml(&r.rules));
    TableSpec { game: r.id.to_string(), fingerprint: fingerprint(&canonical), shape }
}

/// Where the table of these rules lives: `farkle.sixdice` for the base
/// rules, `farkle-<fingerprint>.sixdice` for any other rules.
pub fn table_path(dir: &Path, r: &Resolved) -> PathBuf {
    let base = builtin::base(r.id).expect("built-in game");
    if base == r.rules {
        dir.join(format!("{}.sixdice", r.id))
    } else {
        let fp = table_spec(r, vec![1]).fingerprint;
        dir.join(format!("{}-{:016x}.sixdice", r.id, fp))
    }
}

/// Rounds for display.
pub fn fmt_value(v: f64) -> String {
    format!("{v:.2}")
}
