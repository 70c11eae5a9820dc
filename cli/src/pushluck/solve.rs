use crate::args::{Cli, GameSel};

pub fn run(_cli: &Cli, game: &str, _sel: &GameSel) -> anyhow::Result<()> {
    anyhow::bail!("`solve` for {game} is not built yet")
}
