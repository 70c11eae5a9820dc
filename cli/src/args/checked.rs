//! The checked command line: each subcommand's raw flags become the
//! library's request for it, which resolves the game and checks the
//! values; what is left is one typed [`Command`].

use std::path::PathBuf;

use anyhow::bail;
use solver::{
    AdviseQuestion, AdviseRequest, CompareQuestion, CompareRequest, Family, Game, GameHead, InfoQuestion, InfoRequest,
    Objective, PlayQuestion, PlayRequest, Record, Request, ReviewQuestion, ReviewRequest, SimulateQuestion,
    SimulateRequest, SolveQuestion, SolveRequest, StrategyQuestion, StrategyRequest,
};

use crate::records::RecordSlot;

use super::raw::{AdviseArgs, Cli, CompareArgs, GameSel, PlayArgs, RawCommand, ReviewArgs, StrategyArgs};

/// The checked command line.
pub struct Args {
    pub tables: PathBuf,
    pub json: bool,
    pub threads: Option<usize>,
    pub quiet: bool,
    pub command: Command,
}

/// A command with its game resolved and its parameters typed.
pub enum Command {
    Solve {
        game: Game,
        question: SolveQuestion,
    },
    Info {
        game: Game,
        question: InfoQuestion,
        plot: Option<PathBuf>,
    },
    Advise {
        game: Game,
        question: AdviseQuestion,
        top: usize,
        plot: Option<PathBuf>,
    },
    Simulate {
        game: Game,
        question: SimulateQuestion,
    },
    Compare {
        game: Game,
        question: CompareQuestion,
        plot: Option<PathBuf>,
        json_lines: bool,
    },
    Strategy {
        game: Game,
        question: StrategyQuestion,
        plot: Option<PathBuf>,
    },
    Rules(Game),
    Play {
        game: Game,
        question: PlayQuestion,
        record: Option<PathBuf>,
        /// `--resume`: the stopped game's record (its file is `record`).
        resume: Option<Record>,
        dice_from_me: bool,
        coach: bool,
    },
    Review {
        files: Vec<PathBuf>,
        question: ReviewQuestion,
        plot: Option<PathBuf>,
    },
    Serve {
        host: std::net::IpAddr,
        port: u16,
        allow_full_solve: bool,
    },
    Completions(clap_complete::Shell),
}

impl Command {
    /// The game the command is about.
    pub fn game(&self) -> Option<&Game> {
        match self {
            Command::Rules(game)
            | Command::Solve { game, .. }
            | Command::Info { game, .. }
            | Command::Advise { game, .. }
            | Command::Simulate { game, .. }
            | Command::Compare { game, .. }
            | Command::Strategy { game, .. }
            | Command::Play { game, .. } => Some(game),
            Command::Completions(_) | Command::Review { .. } | Command::Serve { .. } => None,
        }
    }

    /// The objective of the table the command reads or writes.
    pub fn objective(&self) -> Objective {
        match self {
            Command::Solve { question, .. } if question.objective == Objective::Target => return Objective::Target,
            Command::Info { question, .. } if question.objective == Objective::Target => return Objective::Target,
            Command::Advise { question: AdviseQuestion::Category(q), .. } if q.target.is_some() => {
                return Objective::Target
            }
            _ => {}
        }
        let win = match self {
            Command::Solve { question, .. } => question.objective == Objective::Win,
            Command::Info { question, .. } => question.objective == Objective::Win,
            Command::Advise { question: AdviseQuestion::PushLuck(q), .. } => q.objective == Objective::Win,
            Command::Strategy { question, .. } => question.objective == Objective::Win,
            Command::Compare { .. } => true,
            Command::Play { question, .. } => question.players.len() == 2,
            _ => false,
        };
        Objective::of(win, self.game().map_or(Family::PushLuck, Game::family))
    }

    /// Whether the table the command reads or writes is the final-score
    /// distribution's.
    pub fn distribution(&self) -> bool {
        match self {
            Command::Solve { question, .. } => question.distribution,
            Command::Info { question, .. } => question.distribution,
            Command::Advise { question: AdviseQuestion::Category(q), .. } => q.distribution,
            _ => false,
        }
    }

    /// The players of the win table the command reads or writes (2 but for
    /// a table of three).
    pub fn table_players(&self) -> usize {
        match self {
            Command::Solve { question, .. } => question.players,
            Command::Info { question, .. } => question.players,
            Command::Compare { question, .. } => question.players,
            Command::Advise { question: AdviseQuestion::PushLuck(q), .. } => 2 + q.later_opponents.len(),
            Command::Simulate { question, .. } => question.seats,
            _ => 2,
        }
    }

    /// The `sixdice solve ...` command that makes the table this command
    /// reads.
    pub fn solve_command(&self) -> Option<String> {
        let command = self.game()?.reference().solve_command(self.objective());
        if self.distribution() {
            return Some(format!("{command} --distribution"));
        }
        Some(match self.table_players() {
            n if n > 2 && self.objective() == Objective::Win => format!("{command} --players {n}"),
            _ => command,
        })
    }
}

impl GameSel {
    fn resolve(&self) -> anyhow::Result<Game> {
        self.head().question().map_err(phrase)
    }

    /// The game as every request names it: built here once, for each
    /// command's request.
    fn head(&self) -> GameHead {
        GameHead { rules_file: self.rules_file.clone(), ..self.name.head() }
    }
}

impl Args {
    /// Checks the raw arguments and resolves the game, once: each command
    /// through the library's request for it, as `sixdice serve` does with
    /// a JSON body.
    pub fn from_cli(cli: Cli) -> anyhow::Result<Args> {
        let command = match cli.command {
            RawCommand::Solve(a) => {
                // Asked for by name: a solve of hours is the user's to start.
                let (game, question) = SolveRequest {
                    game: a.sel.head(),
                    objective: a.objective,
                    players: Some(a.players.into()),
                    distribution: a.distribution,
                    allow_long: true,
                }
                .question()
                .map_err(phrase)?;
                Command::Solve { game, question }
            }
            RawCommand::Info(a) => {
                let (game, question) = InfoRequest {
                    game: a.sel.head(),
                    objective: a.objective,
                    verify: a.verify,
                    players: Some(a.players.into()),
                    distribution: a.distribution,
                    target: a.target,
                    sheet: a.sheet,
                }
                .question()
                .map_err(phrase)?;
                if let Some(p) = &a.plot {
                    crate::pictures::check_path(p)?;
                }
                Command::Info { game, question, plot: a.plot }
            }
            RawCommand::Advise(a) => {
                let top = a.top;
                if let Some(p) = &a.plot {
                    crate::pictures::check_path(p)?;
                }
                let plot = a.plot.clone();
                let (game, question) = advise(*a).question().map_err(phrase)?;
                Command::Advise { game, question, top, plot }
            }
            RawCommand::Simulate(a) => {
                let (game, question) = SimulateRequest {
                    game: a.sel.head(),
                    games: Some(a.games),
                    seed: Some(a.seed),
                    players: a.players,
                    seats: Some(a.seats.into()),
                }
                .question()
                .map_err(phrase)?;
                Command::Simulate { game, question }
            }
            RawCommand::Compare(a) => compare(a)?,
            RawCommand::Strategy(a) => strategy(a)?,
            RawCommand::Rules(sel) => Command::Rules(sel.resolve()?),
            RawCommand::Play(a) => play(a)?,
            RawCommand::Review(a) => review(a)?,
            RawCommand::Serve(_) if cli.json => bail!("serve answers in JSON over HTTP; --json does not apply"),
            RawCommand::Serve(a) => Command::Serve { host: a.host, port: a.port, allow_full_solve: a.allow_full_solve },
            RawCommand::Completions(_) if cli.json => {
                bail!("completions prints a shell script; --json does not apply")
            }
            RawCommand::Completions(a) => Command::Completions(a.shell),
        };
        Ok(Args {
            tables: cli.tables,
            json: cli.json,
            threads: cli.threads.map(usize::from),
            quiet: cli.quiet,
            command,
        })
    }
}

/// A library error about a request, phrased with the flag it is about.
fn phrase(e: solver::Error) -> anyhow::Error {
    crate::errors::phrase(e, None)
}

/// `advise`'s flags as the library's request.
fn advise(a: AdviseArgs) -> AdviseRequest {
    AdviseRequest {
        game: a.sel.head(),
        dice: a.dice,
        roll: a.roll,
        sheet: a.sheet,
        locked: a.locked,
        banked: a.banked,
        score: a.score,
        opponent: a.opponent,
        opponents: a.opponents,
        objective: a.objective,
        target: a.target,
        farkles: a.farkles,
        opponent_farkles: a.opponent_farkles,
        ones: a.ones,
        leftover: a.leftover,
        inherited: a.inherited,
        held: a.held,
        top: Some(a.top),
        distribution: a.distribution,
        opponent_sheet: a.opponent_sheet,
        estimate: a.estimate,
        rollouts: a.rollouts,
        seed: a.seed,
    }
}

/// `strategy`: the expected-score sheet, or with `--objective win` the
/// sheet to play to win (whose flags the other refuses).
fn strategy(a: StrategyArgs) -> anyhow::Result<Command> {
    let win = a.objective.as_deref() == Some("win");
    match &a.plot {
        Some(p) if win => crate::pictures::check_path(p)?,
        Some(_) => bail!("--plot is for the win sheet: add --objective win"),
        None => {}
    }
    let (game, question) = StrategyRequest {
        game: a.sel.head(),
        objective: a.objective,
        dice: a.dice,
        games: Some(a.games),
        seed: Some(a.seed),
        map: a.plot.is_some() && a.dice.is_none(),
    }
    .question()
    .map_err(phrase)?;
    Ok(Command::Strategy { game, question, plot: a.plot })
}

/// `play`: a new game (its record path checked before it starts: a record
/// never replaces anything but a record of the same game, and that only
/// with `--force`), or with `--resume` the stopped game of a record.
fn play(a: PlayArgs) -> anyhow::Result<Command> {
    if a.resume.is_some() {
        return resume(a);
    }
    let (game, question) = PlayRequest {
        game: a.sel.head(),
        players: a.players,
        seed: a.seed,
        dice_from_me: a.dice_from_me,
        rollouts: a.rollouts,
    }
    .question()
    .map_err(phrase)?;
    if let Some(path) = &a.record {
        let cannot = |why: &dyn std::fmt::Display| anyhow::anyhow!("cannot write the record {}: {why}", path.display());
        match crate::records::slot(path, &game.reference()) {
            Ok(RecordSlot::Free) => {}
            Ok(RecordSlot::SameGame) if a.force => {}
            Ok(RecordSlot::SameGame) => {
                return Err(cannot(&format_args!(
                    "it holds a record of this game already: continue it with --resume {}, or replace it with \
                     --force",
                    path.display()
                )))
            }
            Err(e) => return Err(cannot(&e)),
        }
    }
    Ok(Command::Play { game, question, record: a.record, resume: None, dice_from_me: a.dice_from_me, coach: a.coach })
}

/// `play --resume FILE`: the record's game, players and seed; whatever the
/// command line says of them must agree with the record.
fn resume(a: PlayArgs) -> anyhow::Result<Command> {
    let path = a.resume.expect("resume given");
    let shown = path.display().to_string();
    let text = solver::read_record(&path)?;
    let record = text.parse::<Record>().map_err(|e| anyhow::anyhow!("--resume {shown}: {e}"))?;
    let game =
        solver::record_game(&record, path.parent(), None).map_err(|e| anyhow::anyhow!("--resume {shown}: {e}"))?;
    let named = game.reference();
    if a.sel.name.game.is_some() || a.sel.name.game_flag.is_some() {
        let given = a.sel.resolve()?.reference();
        let same_rules = match (&given.rules_file, &named.rules_file) {
            (None, None) => true,
            (Some(g), Some(n)) => {
                std::fs::canonicalize(g).ok().is_some_and(|g| std::fs::canonicalize(n).ok() == Some(g))
            }
            _ => false,
        };
        if given.id != named.id || given.options != named.options || !same_rules {
            bail!("--resume {shown}: the record is a game of {}, not of {}", named.title, given.title);
        }
    } else if !a.sel.name.options.is_empty() || a.sel.rules_file.is_some() {
        bail!("--resume {shown}: rule options and --rules come from the record (name the game too to check them)");
    }
    if let Some(text) = &a.players {
        let given: Vec<String> = text.split(',').map(|p| p.trim().to_string()).collect();
        if given != record.players {
            bail!("--players: the record's players are {}, not {}", record.players.join(","), userio::Escaped(text));
        }
    }
    match (a.seed, record.seed) {
        (Some(s), Some(r)) if s != r => bail!("--seed: the record's seed is {r}, not {s}"),
        (Some(_), None) => bail!("--seed: the record's dice were typed at the table; it has no seed"),
        _ => {}
    }
    if a.dice_from_me && record.seed.is_some() {
        bail!("--dice-from-me: the record's dice are rolled from its seed, and go on so");
    }
    userio::check_output(&path).map_err(|e| anyhow::anyhow!("cannot write the record {shown}: {e}"))?;
    let rollouts = solver::RolloutAsk::counted(a.rollouts, None)?;
    let question = PlayQuestion { players: record.players.clone(), seed: record.seed, rollouts };
    Ok(Command::Play {
        game,
        question,
        record: Some(path),
        dice_from_me: record.seed.is_none(),
        resume: Some(record),
        coach: a.coach,
    })
}

fn review(a: ReviewArgs) -> anyhow::Result<Command> {
    if let Some(path) = &a.plot {
        crate::pictures::check_not_an_input(path, &a.files)?;
        crate::pictures::check_path(path)?;
    }
    let record_dir = match a.files.as_slice() {
        [one] => one.parent().map(std::path::Path::to_path_buf),
        _ => None,
    };
    let question = ReviewRequest {
        record: String::new(),
        thresholds: a.thresholds,
        decision: a.decision,
        all: a.all,
        record_dir,
        rules_text: None,
        rollouts: a.rollouts,
        seed: a.seed,
    }
    .question()
    .map_err(phrase)?;
    Ok(Command::Review { files: a.files, question, plot: a.plot })
}

/// `compare`: the base game resolved (so a bad game or option fails before
/// any variant), each variant split into its options.
fn compare(a: CompareArgs) -> anyhow::Result<Command> {
    if let Some(p) = &a.plot {
        crate::pictures::check_path(p)?;
    }
    let (game, question) = CompareRequest {
        game: a.name.head(),
        variant: a.variants,
        rules: a.rules_files,
        no_defaults: a.no_defaults,
        players: Some(a.players.into()),
        rollouts: a.rollouts,
        seed: a.seed,
    }
    .question()
    .map_err(phrase)?;
    Ok(Command::Compare { game, question, plot: a.plot, json_lines: a.json_lines })
}
