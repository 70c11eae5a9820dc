//! `sixdice`: solve six-dice games exactly and ask what to do with a roll.
//!
//! The binary is a thin layer over the `solver` library, as a pipeline:
//! parse the arguments into one checked [`args::Args`] (the game resolved
//! once), run the command through one of the library's commands, render its report
//! as text or JSON, write it. Every error ends as one line on stderr and
//! exit code 2; a closed output pipe ends the program quietly.

mod args;
mod completions;
mod errors;
mod output;
mod pictures;
mod play;
mod progress;
mod records;
mod render;
mod serve;

use std::io::Write;

use clap::error::ErrorKind;
use solver::{Picture, Strategy};

use args::{Args, Command};
use output::Written;

/// Runs the command and returns its output.
fn run(args: &Args) -> anyhow::Result<Vec<u8>> {
    if let Some(n) = args.threads {
        solver::use_threads(n)?;
    }
    let bar = progress::Bar::new(args.quiet);
    let solve_command = args.command.solve_command();
    let fail = |e| errors::phrase(e, solve_command.as_deref());
    let (json, tables) = (args.json, args.tables.as_path());
    Ok(match &args.command {
        Command::Solve { game, question } => {
            emit(json, &solver::solve(game, question, tables, &bar).map_err(fail)?, render::table)
        }
        Command::Info { game, question, plot } => {
            let r = solver::info(game, question, tables).map_err(fail)?;
            if let Some(path) = plot {
                pictures::write(path, &r.draw()?)?;
            }
            emit(json, &r, render::table)
        }
        Command::Advise { game, question, top, plot } => {
            let r = solver::advise(game, question, tables, &bar).map_err(fail)?;
            if let (Some(path), solver::Advice::Category(a)) = (plot, &r) {
                pictures::write(path, &a.draw()?)?;
            }
            emit(json, &r, |r| render::advice(r, *top))
        }
        Command::Simulate { game, question } => {
            emit(json, &solver::simulate(game, question, tables, &bar).map_err(fail)?, render::simulation)
        }
        Command::Compare { game, question, plot, json_lines } => {
            // Rows are written as they come; what is left after them at the end.
            let mut stream = render::CompareStream::new(json, *json_lines);
            let r = solver::compare(game, question, tables, &bar, &mut |e| stream.event(e)).map_err(fail)?;
            if let Some(path) = plot {
                pictures::write(path, &r.draw()?)?;
            }
            stream.rest(&r)
        }
        Command::Strategy { game, question, plot } => {
            let r = solver::strategy(game, question, tables, &bar).map_err(fail)?;
            if let (Some(path), Strategy::Win(sheet)) = (plot, &r) {
                let svg = match (&sheet.boundary, &sheet.map) {
                    (Some(b), _) => b.draw()?,
                    (None, Some(m)) => m.draw()?,
                    (None, None) => anyhow::bail!("no picture in the report (ask for --dice N or the map)"),
                };
                pictures::write(path, &svg)?;
            }
            emit(json, &r, render::strategy)
        }
        Command::Rules(game) => emit(json, &solver::rules(game).map_err(fail)?, |r| r.toml.clone()),
        Command::Play { game, question, record, resume, dice_from_me, coach } => {
            let o = play::Options {
                record: record.as_deref(),
                resume: resume.as_ref(),
                dice_from_me: *dice_from_me,
                coach: *coach,
                json,
            };
            // The session owns its game (as any front end's would).
            play::run(std::sync::Arc::new(game.clone()), question, tables, &bar, &o).map_err(|e| match e
                .downcast::<solver::Error>()
            {
                Ok(e) => fail(e),
                Err(e) => e,
            })?
        }
        Command::Review { files, question, plot } => match files.as_slice() {
            [file] => {
                let text = solver::read_record(file)?;
                let r = solver::review(&text, question, tables, &bar).map_err(fail)?;
                if let Some(path) = plot {
                    pictures::write(path, &r.draw()?)?;
                }
                emit(json, &r, render::review)
            }
            _ => {
                let r = solver::review_summary(files, question, tables, &bar).map_err(fail)?;
                if let Some(path) = plot {
                    pictures::write(path, &r.draw()?)?;
                }
                emit(json, &r, render::review_summary)
            }
        },
        Command::Serve { host, port, allow_full_solve } => serve::run(*host, *port, *allow_full_solve, tables)?,
        Command::Completions(shell) => completions::script(*shell),
    })
}

/// A report as JSON, or as the text its renderer makes.
fn emit<R: serde::Serialize>(json: bool, report: &R, text: impl FnOnce(&R) -> String) -> Vec<u8> {
    if json {
        output::json(report)
    } else {
        text(report).into_bytes()
    }
}

fn main() {
    let cli = args::parse().unwrap_or_else(|e| usage_error(e));
    let result = Args::from_cli(cli).and_then(|args| run(&args)).and_then(|out| output::write_stdout(&out));
    match result {
        Ok(Written::Done | Written::Closed) => {}
        // A game stopped before its end has said so, and kept its record.
        Err(e) if e.is::<play::Stopped>() => {
            let _ = std::io::stdout().flush();
            std::process::exit(play::STOPPED_EXIT)
        }
        // Every message is complete in itself: no cause chain to print.
        Err(e) => fail(&e.to_string()),
    }
}

/// Prints `error: MESSAGE` as one line (control characters escaped) and exits 2.
fn fail(message: &str) -> ! {
    let line = userio::Escaped(message).to_string();
    let _ = writeln!(std::io::stderr(), "error: {line}");
    std::process::exit(2)
}

/// Help and version go out as clap prints them; any other argument error is
/// folded into one line (clap's message up to its usage block), exit code 2.
fn usage_error(e: clap::Error) -> ! {
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let text = e.render().to_string();
        match output::write_stdout(text.as_bytes()) {
            Ok(_) => std::process::exit(0),
            Err(e) => fail(&e.to_string()),
        }
    }
    let text = e.render().to_string();
    let line: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty())
        .collect();
    let mut message = line.join(" ").trim_start_matches("error: ").trim_end_matches(':').to_string();
    if message.contains("<GAME>") {
        message.push_str(" (the game: GAME or --game GAME)");
    }
    fail(&format!("{message} (see `sixdice --help`)"))
}
