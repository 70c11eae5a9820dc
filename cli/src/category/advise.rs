use crate::args::{AdviseArgs, Cli};

pub fn run(_cli: &Cli, a: &AdviseArgs) -> anyhow::Result<()> {
    anyhow::bail!("`advise` for {} is not built yet", a.game)
}
