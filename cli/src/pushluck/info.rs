use crate::args::{Cli, GameSel};

pub fn run(_cli: &Cli, game: &str, _sel: &GameSel) -> anyhow::Result<()> {
    anyhow::bail!("`info` for {game} is not built yet")
}
