//! `sixdice info GAME` for push-your-luck games: what the table on disk holds.

use solver::table::{Table, Verify};

use crate::args::{Cli, GameSel};
use crate::output::{print_json, TextTable};

pub fn run(cli: &Cli, game: &str, sel: &GameSel) -> anyhow::Result<()> {
    let r = super::resolve(game, sel)?;
    let path = super::table_path(&cli.tables, &r);
    // The table's shape follows from the rules (it is a solve of a few
    // milliseconds), so the file is checked against exactly what these rules
    // produce: game, rules fingerprint, shape and checksums.
    let model = super::model(&r)?;
    let shape = super::solve::table_shape(&model, &r.rules)?;
    let table = Table::open(&path, &super::table_spec(&r, shape), Verify::Auto).map_err(|e| {
        let cmd = format!("sixdice solve {} {}", r.id, r.options.join(" "));
        crate::output::table_error(e, cmd.trim())
    })?;
    let meta = table.meta().clone();
    if cli.json {
        print_json(&serde_json::json!({
            "table": path,
            "bytes": table.file_size(),
            "shape": table.shape(),
            "meta": meta,
        }));
        return Ok(());
    }
    let mut t = TextTable::new(["", ""]);
    t.row(["game".to_string(), r.label.clone()]);
    t.row(["table".to_string(), format!("{} ({} bytes)", path.display(), table.file_size())]);
    t.row(["shape".to_string(), format!("{:?} (variant, turn total / {}, context)", table.shape(), model.grid)]);
    if let Some(vs) = meta["variants"].as_array() {
        for v in vs {
            t.row([
                format!("expected turn score, {}", v["variant"].as_str().unwrap_or("?")),
                v["expected_turn_score"].as_f64().map(super::fmt_value).unwrap_or_default(),
            ]);
        }
    }
    if let Some(s) = meta["solve_seconds"].as_f64() {
        t.row(["solve time".to_string(), format!("{:.1} ms", s * 1000.0)]);
    }
    print!("{}", t.render().trim_start());
    Ok(())
}
