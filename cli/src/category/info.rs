//! `sixdice info GAME` for category games: facts from an existing table.

use solver::category::{solve as csolve, turn::TurnModel};

use crate::args::{Cli, GameSel};
use crate::output::{print_json, TextTable};

pub fn run(cli: &Cli, name: &str, sel: &GameSel) -> anyhow::Result<()> {
    let game = super::game(name, sel)?;
    let model = TurnModel::new(&game);
    let table = csolve::open(&cli.tables, &model).map_err(|e| super::table_error(e, &game))?;
    let meta = table.meta();
    if cli.json {
        print_json(&serde_json::json!({
            "game": game.id,
            "title": game.title,
            "options": game.options,
            "expected_score": meta["expected_score"],
            "states": meta["states"],
            "solve_seconds": meta["solve_seconds"],
            "table": table.path(),
            "table_bytes": table.file_size(),
        }));
    } else {
        let num = |k: &str| meta[k].as_f64().unwrap_or(f64::NAN);
        let mut t = TextTable::new(["game", &game.title]);
        t.row(["optimal expected score".to_string(), format!("{:.4}", num("expected_score"))]);
        t.row(["states".to_string(), meta["states"].to_string()]);
        t.row(["solve time".to_string(), format!("{:.3} s", num("solve_seconds"))]);
        t.row(["table".to_string(), table.path().display().to_string()]);
        t.row(["table size".to_string(), format!("{} bytes", table.file_size())]);
        print!("{}", t.render());
    }
    Ok(())
}
