//! `sixdice solve GAME` for push-your-luck games: solves the expected-turn-
//! score objective for every table variant and writes one small table.

use std::time::Instant;

use solver::pushluck::rules::RuleSet;
use solver::pushluck::turn::Model;
use solver::table::write_table;

use crate::args::{Cli, GameSel};
use crate::output::{print_json, TextTable};

/// Shape of the table of these rules: `[variants, turn totals, contexts]`.
pub fn table_shape(model: &Model, rules: &RuleSet) -> anyhow::Result<Vec<u64>> {
    let variants = super::table_variants(rules);
    let params: Vec<_> = variants.iter().map(|(_, p)| *p).collect();
    let levels = model.solve_all(&params)?.iter().map(|s| s.levels()).max().unwrap_or(1);
    Ok(vec![variants.len() as u64, levels as u64, model.contexts() as u64])
}

pub fn run(cli: &Cli, game: &str, sel: &GameSel) -> anyhow::Result<()> {
    let r = super::resolve(game, sel)?;
    let started = Instant::now();
    let model = super::model(&r)?;
    let model_seconds = started.elapsed().as_secs_f64();
    let variants = super::table_variants(&r.rules);
    let params: Vec<_> = variants.iter().map(|(_, p)| *p).collect();
    let sols: Vec<_> = variants.iter().map(|(name, _)| name.clone()).zip(model.solve_all(&params)?).collect();
    let solve_seconds = started.elapsed().as_secs_f64();
    let levels = sols.iter().map(|(_, s)| s.levels()).max().unwrap_or(1);
    let contexts = model.contexts();
    let mut data = Vec::with_capacity(sols.len() * levels * contexts);
    for (_, sol) in &sols {
        for level in 0..levels {
            for c in 0..contexts {
                data.push(sol.value_at(level as i64 * model.grid, c) as f32);
            }
        }
    }
    let spec = super::table_spec(&r, vec![sols.len() as u64, levels as u64, contexts as u64]);
    let path = super::table_path(&cli.tables, &r);
    let expected: Vec<serde_json::Value> = sols
        .iter()
        .map(|(name, s)| serde_json::json!({ "variant": name, "expected_turn_score": s.start_value(), "bank_always_from": s.top }))
        .collect();
    let meta = serde_json::json!({
        "family": "pushluck",
        "objective": "expected turn score",
        "game": r.id,
        "name": r.rules.name,
        "options": r.options,
        "grid": model.grid,
        "layout": format!("[variant][level: turn total = level * {}][context]; {}", model.grid, model.context_layout()),
        "variants": expected,
        "solve_seconds": solve_seconds,
    });
    write_table(&path, &spec, &meta, &data)?;
    let on_board = sols[0].1.start_value();
    if cli.json {
        print_json(&serde_json::json!({
            "game": r.id,
            "name": r.rules.name,
            "options": r.options,
            "expected_turn_score": on_board,
            "variants": expected,
            "states": data.len(),
            "solve_seconds": solve_seconds,
            "model_seconds": model_seconds,
            "dp_seconds": sols.iter().map(|(_, s)| s.seconds).collect::<Vec<_>>(),
            "table": path,
        }));
    } else {
        let mut t = TextTable::new(["", ""]);
        t.row(["game".to_string(), r.label.clone()]);
        for (name, s) in &sols {
            t.row([format!("expected turn score, {name}"), super::fmt_value(s.start_value())]);
        }
        t.row([
            "states".to_string(),
            format!("{} ({} turn totals x {} contexts x {} variants)", data.len(), levels, contexts, sols.len()),
        ]);
        t.row(["solve time".to_string(), format!("{:.1} ms", solve_seconds * 1000.0)]);
        t.row(["table".to_string(), path.display().to_string()]);
        print!("{}", t.render().trim_start());
    }
    Ok(())
}
