//! `sixdice completions SHELL`: shell completion scripts from the clap model.

use clap::CommandFactory;

use crate::args::{Cli, CompletionsArgs};

pub fn run(a: &CompletionsArgs) -> anyhow::Result<()> {
    clap_complete::generate(a.shell, &mut Cli::command(), "sixdice", &mut std::io::stdout());
    Ok(())
}
