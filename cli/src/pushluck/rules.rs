//! `sixdice rules GAME [-o ...] [--rules FILE]`: the effective rules as a
//! TOML file a user can copy, edit and pass back with `--rules`.

use solver::pushluck::rules::to_toml;

use crate::args::{Cli, GameSel};
use crate::output::print_json;

pub fn run(cli: &Cli, game: &str, sel: &GameSel) -> anyhow::Result<()> {
    let r = super::resolve(game, sel)?;
    let text = to_toml(&r.rules);
    if cli.json {
        print_json(&serde_json::json!({ "game": r.id, "name": r.rules.name, "options": r.options, "toml": text }));
    } else {
        print!("{text}");
    }
    Ok(())
}
