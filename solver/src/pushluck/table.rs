//! Push-your-luck table files: the expected-turn-score values of every
//! decision state, for each table variant, and the solve-and-save and
//! open-and-check steps behind `solve` and `info`.
//!
//! Layout: `[variant][level][context]`, turn total = `level * grid`; the
//! variants are those of [`table_variants`].
//!
//! Win-objective tables (`GAME.win[.OPTIONS].sixdice`) hold `W(a, b)` for
//! every pair of totals below the goal as `f64`, and the last-turn pass
//! probabilities in their metadata; see [`super::win`].

use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::Serialize;

use super::model::Params;
use super::rules::RuleSet;
use super::PushLuckGame;
use crate::error::Error;
use crate::progress::Progress;
use crate::report::{Solved, TableFile, TableReport, VariantValue};
use crate::table::{self, fingerprint, write_table, Table, TableSpec, Verify};
use crate::vocabulary::Objective;

/// Version of the solver's table layout and semantics, part of every fingerprint.
pub(crate) const SOLVER_VERSION: u32 = 3;

/// The turn parameters a table holds, with their names: on and off the
/// board, and with the penalty rule also "a farkle now is the third in a
/// row". A player with no game total given is a whole goal away.
pub(crate) fn table_variants(rules: &RuleSet) -> Vec<(String, Params)> {
    let base = Params { on_board: true, last_chance: false, goal_left: rules.game.goal };
    let mut v =
        vec![("on the board".to_string(), base), ("off the board".to_string(), Params { on_board: false, ..base })];
    if rules.turn.three_farkle_penalty > 0 {
        v.push(("on the board, two farkles in a row".into(), Params { last_chance: true, ..base }));
        v.push(("off the board, two farkles in a row".into(), Params { on_board: false, last_chance: true, ..base }));
    }
    v
}

/// Changes of the solver that touch only some rule sets, part of the
/// fingerprint of those (so that their older tables are stale, not
/// silently different) without making every other table stale.
fn revisions(game: &PushLuckGame, objective: Objective) -> Vec<&'static str> {
    let rules = &game.rules;
    let mut out = vec![];
    if objective == Objective::Win && rules.turn.piggyback {
        // Piggyback win tables carry the game facts (see `win::facts`).
        out.push("piggyback-game-facts");
    }
    if rules.game.exact_goal && rules.has_instant_win() {
        // Past an exact goal a player rolls on for an instant win (the
        // chase, see `model::Model::chase`); it was worth 0.
        out.push("exact-goal-chase");
    }
    if rules.game.exact_goal && rules.turn.three_farkle_penalty > 0 {
        // A bust past an exact goal is a farkle in the expected-score turn
        // too (it was worth 0, not the penalty): the expected-score tables
        // and the win tables' game facts.
        out.push("exact-goal-bust-is-a-farkle");
    }
    out
}

/// What the fingerprint of a push-your-luck table covers.
#[derive(Serialize)]
struct Canonical<'a> {
    solver: u32,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    revisions: Vec<&'static str>,
    objective: Objective,
    game: &'a str,
    rules: &'a RuleSet,
}

/// Fingerprint of `game`'s rules under `objective`.
pub(crate) fn rules_fingerprint(game: &PushLuckGame, objective: Objective) -> u64 {
    let revisions = revisions(game, objective);
    fingerprint(&Canonical { solver: SOLVER_VERSION, revisions, objective, game: game.id, rules: &game.rules })
}

/// What a valid table of `game` under `objective` (`TurnScore` or `Win`)
/// must look like (shape from the header).
pub(crate) fn table_spec(game: &PushLuckGame, objective: Objective) -> TableSpec {
    TableSpec { game: game.id.to_string(), fingerprint: rules_fingerprint(game, objective), shape: None }
}

/// File of the game's table in `dir`: `farkle.sixdice`,
/// `farkle.vant-hof-6=3000.sixdice`, or `farkle.rules-HASH.sixdice` under a
/// house-rules file; win tables insert `.win` (`farkle.win.goal=1000.sixdice`).
pub(crate) fn table_path(dir: &Path, game: &PushLuckGame, objective: Objective) -> PathBuf {
    let hash = game.rules_file.is_some().then(|| rules_fingerprint(game, objective));
    let stem = match objective {
        Objective::Win => format!("{}.win", game.id),
        _ => game.id.to_string(),
    };
    dir.join(table::file_name(&stem, &game.options, hash))
}

/// Solves every table variant of `game` and writes the table into `dir`.
pub(crate) fn solve_and_save(game: &PushLuckGame, dir: &Path, progress: &dyn Progress) -> Result<TableReport, Error> {
    let path = table_path(dir, game, Objective::TurnScore);
    table::check_writable(&path)?;
    let started = Instant::now();
    let variants = table_variants(&game.rules);
    progress.stage(&format!("solving {}", game.title()), variants.len() as u64);
    let model = game.model();
    let params: Vec<Params> = variants.iter().map(|(_, p)| *p).collect();
    let sols = model.solve_all(&params)?;
    progress.advance(variants.len() as u64);
    progress.finish();
    let levels = sols.iter().map(super::solution::Solution::levels).max().unwrap_or(1);
    let contexts = model.contexts();
    #[allow(clippy::cast_possible_truncation)] // tables store f32 on purpose
    let data: Vec<f32> = sols.iter().flat_map(|s| s.table_values(levels)).map(|v| v as f32).collect();
    let shape = vec![sols.len() as u64, levels as u64, contexts as u64];
    let solve_seconds = started.elapsed().as_secs_f64();
    let solved = Solved {
        game: game.reference(),
        objective: Objective::TurnScore,
        expected_score: sols[0].start_value(),
        variants: variants
            .iter()
            .zip(&sols)
            .map(|((name, _), s)| VariantValue {
                variant: name.clone(),
                expected_score: s.start_value(),
                bank_always_from: Some(s.top),
            })
            .collect(),
        states: data.len() as u64,
        solve_seconds,
        layout: format!("[variant][level: turn total = level * {}][context]; {}", model.grid, model.context_layout()),
        sixdice_version: env!("CARGO_PKG_VERSION").into(),
    };
    let spec = TableSpec { shape: Some(shape.clone()), ..table_spec(game, Objective::TurnScore) };
    write_table(&path, &spec, &solved, &data)?;
    Ok(TableReport::of(TableFile::written(&path, shape), solved))
}

/// `info`: the facts of an existing table, without solving anything.
pub(crate) fn info(dir: &Path, game: &PushLuckGame, verify: Verify) -> Result<TableReport, Error> {
    let table =
        Table::open(&table_path(dir, game, Objective::TurnScore), &table_spec(game, Objective::TurnScore), verify)?;
    let solved = as_asked(table.meta::<Solved>()?, game);
    Ok(TableReport::of(TableFile::of(&table), solved))
}

/// A table's report naming the game as asked. A table under a rules file
/// is named by the rules it holds, so it may have been solved under
/// another description of them (another file, or options over a file);
/// the fingerprint has checked that the rules are the same.
pub(crate) fn as_asked(mut solved: Solved, game: &PushLuckGame) -> Solved {
    solved.game = game.reference();
    solved
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::testing::push_luck;

    fn with_file(options: &[&str], text: &str) -> Box<PushLuckGame> {
        push_luck("farkle", options, Some(text))
    }

    /// Under a rules file a table is named by the rules solved, however
    /// they were given: a file with an option over it names the same table
    /// as one file of the same rules, and not the file's own (a table
    /// solved when the file overruled the option is not reused for them).
    #[test]
    fn a_table_under_a_rules_file_is_named_by_the_effective_rules() {
        let dir = Path::new("tables");
        let over = with_file(&["goal=500"], "[game]\ngoal = 10000\n");
        let whole = with_file(&[], &crate::pushluck::rules::to_toml(&over.rules));
        let file_alone = with_file(&[], "[game]\ngoal = 10000\n");
        assert_eq!(over.rules.game.goal, 500);
        assert_eq!(over.title(), "Farkle (goal=500, rules file g.toml)");
        for objective in [Objective::TurnScore, Objective::Win] {
            let path = table_path(dir, &over, objective);
            assert!(path.to_string_lossy().contains(".rules-"), "{}", path.display());
            assert_eq!(path, table_path(dir, &whole, objective));
            assert_ne!(path, table_path(dir, &file_alone, objective));
            assert_eq!(table_spec(&over, objective).fingerprint, table_spec(&whole, objective).fingerprint);
        }
    }
}
