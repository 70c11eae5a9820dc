//! `sixdice`: solve six-dice games exactly and ask what to do with a roll.
//!
//! The binary is a thin layer over the `solver` library: parse arguments,
//! resolve the game and its options, open or build a table, print the answer
//! (aligned text, or JSON with `--json`). Every error ends as one line on
//! stderr and exit code 2.

mod args;
mod category;
mod completions;
mod games;
mod output;
mod pushluck;

use clap::error::ErrorKind;
use clap::Parser;

use args::{Cli, Command};
use games::Family;

/// Resolves the game's family, then hands over to that family's command.
fn run(cli: &Cli) -> anyhow::Result<()> {
    match &cli.command {
        Command::Solve(a) => match games::family(&a.game)? {
            Family::Category => category::solve::run(cli, &a.game, &a.sel),
            Family::PushLuck => pushluck::solve::run(cli, &a.game, &a.sel),
        },
        Command::Info(a) => match games::family(a.game())? {
            Family::Category => category::info::run(cli, a.game(), &a.sel),
            Family::PushLuck => pushluck::info::run(cli, a.game(), &a.sel),
        },
        Command::Advise(a) => match games::family(&a.game)? {
            Family::Category => category::advise::run(cli, a),
            Family::PushLuck => pushluck::advise::run(cli, a),
        },
        Command::Strategy(a) => match games::family(a.game())? {
            Family::Category => anyhow::bail!(
                "`strategy` is for push-your-luck games; `{}` is a category game (use `advise`)",
                a.game()
            ),
            Family::PushLuck => pushluck::strategy::run(cli, a.game(), &a.sel),
        },
        Command::Rules(a) => match games::family(a.game())? {
            Family::Category => anyhow::bail!(
                "`rules` prints push-your-luck rule sets; `{}` is a category game (its options are in README.md)",
                a.game()
            ),
            Family::PushLuck => pushluck::rules::run(cli, a.game(), &a.sel),
        },
        Command::Completions(a) => completions::run(a),
    }
}

fn main() {
    let cli = Cli::try_parse().unwrap_or_else(|e| usage_error(e));
    let result = run(&cli);
    if let Err(e) = result {
        // One line: the chain of causes joined, as anyhow's alternate format does.
        eprintln!("error: {e:#}");
        std::process::exit(2);
    }
}

/// Help and version go out as clap prints them; any other argument error is
/// folded into one line (clap's message up to its usage block), exit code 2.
fn usage_error(e: clap::Error) -> ! {
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit()
    }
    let text = e.render().to_string();
    let line: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty())
        .collect();
    eprintln!("{} (see `sixdice --help`)", line.join(" ").trim_end_matches(':'));
    std::process::exit(2)
}
