//! `sixdice solve GAME` for category games.

use solver::category::turn::TurnModel;

use crate::args::{Cli, GameSel};
use crate::output::{print_json, TextTable};

pub fn run(cli: &Cli, name: &str, sel: &GameSel) -> anyhow::Result<()> {
    let game = super::game(name, sel)?;
    let model = TurnModel::new(&game);
    let (sol, path) = super::solve_and_save(cli, &model)?;
    let states = model.index.len();
    if cli.json {
        print_json(&serde_json::json!({
            "game": game.id,
            "title": game.title,
            "options": game.options,
            "expected_score": sol.expected,
            "states": states,
            "solve_seconds": sol.seconds,
            "states_per_second": states as f64 / sol.seconds,
            "table": path,
        }));
    } else {
        let mut t = TextTable::new(["game", &game.title]);
        t.row(["optimal expected score".to_string(), format!("{:.4}", sol.expected)]);
        t.row(["states".to_string(), states.to_string()]);
        t.row([
            "solve time".to_string(),
            format!("{:.3} s ({:.0} states/s)", sol.seconds, states as f64 / sol.seconds),
        ]);
        t.row(["table".to_string(), path.display().to_string()]);
        print!("{}", t.render());
    }
    Ok(())
}
