//! The raw command line as clap parses it: the global flags, one struct
//! of flags per subcommand, and the help texts that list the games and
//! the score sheets' boxes (built from the library's listing, only when a
//! help text is asked for).

use std::path::PathBuf;

use clap::{Args as ClapArgs, CommandFactory, FromArgMatches, Parser, Subcommand};
use solver::{Family, GameHead, GameListing, RuleOption};

#[derive(Parser, Debug)]
#[command(name = "sixdice", version, about = "Exactly optimal strategies for six-dice games")]
pub struct Cli {
    /// Directory of table files.
    #[arg(long, global = true, env = "SIXDICE_TABLES", default_value = "tables")]
    pub tables: PathBuf,
    /// Machine-readable JSON output (every command but `completions`).
    #[arg(long, global = true)]
    pub json: bool,
    /// Worker threads for solves and simulations (default: one per core).
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// No progress on stderr (notes and errors still show). Off a terminal,
    /// every stage longer than a second prints a `progress:` line.
    #[arg(long, global = true)]
    pub quiet: bool,
    #[command(subcommand)]
    pub command: RawCommand,
}

#[derive(Subcommand, Debug)]
pub enum RawCommand {
    /// Solve a game exactly and write its table.
    Solve(SolveArgs),
    /// Show facts about an existing table (solves nothing).
    Info(InfoArgs),
    /// What to do with this roll: best action and ranked alternatives.
    Advise(Box<AdviseArgs>),
    /// Play many games optimally (seeded) and show the final scores.
    Simulate(SimulateArgs),
    /// How the optional rules change who wins: one row per rule variant
    /// (push-your-luck games; solves the win tables that are missing).
    Compare(CompareArgs),
    /// A strategy sheet for a push-your-luck game.
    Strategy(StrategyArgs),
    /// Print the effective rules of a push-your-luck game as an editable TOML file.
    Rules(GameSel),
    /// Play a whole game in the terminal: against sixdice's players, or at
    /// a real table with the solver beside you; writes a game record.
    Play(PlayArgs),
    /// Review a game record: what each decision cost, and how much was luck.
    Review(ReviewArgs),
    /// Serve the web page and its JSON API (advise, play, review, compare)
    /// on this machine, for phones and laptops at the table.
    Serve(ServeArgs),
    /// Print shell completions (plain text; no --json).
    Completions(CompletionsArgs),
}

/// The game's name, as `GAME` or `--game GAME`, and its rule options:
/// every command takes them the same way.
#[derive(ClapArgs, Debug, Clone)]
#[group(skip)]
pub struct GameName {
    /// Game name (see the list below).
    #[arg(value_name = "GAME", required_unless_present = "game_flag", conflicts_with = "game_flag")]
    pub game: Option<String>,
    /// Game name, as an option (the same as GAME).
    #[arg(long = "game", value_name = "GAME")]
    pub game_flag: Option<String>,
    /// Rule option NAME or NAME=VALUE (repeatable), e.g. `-o joker=forced`.
    #[arg(short = 'o', long = "option", value_name = "NAME[=VALUE]")]
    pub options: Vec<RuleOption>,
}

impl GameName {
    fn name(&self) -> &str {
        self.game.as_deref().or(self.game_flag.as_deref()).expect("clap requires a game")
    }

    /// The game as every request names it (no house rules).
    pub(super) fn head(&self) -> GameHead {
        GameHead { name: self.name().to_string(), options: self.options.clone(), rules_text: None, rules_file: None }
    }
}

/// Which game, with which options and house rules.
#[derive(ClapArgs, Debug, Clone)]
#[group(skip)]
pub struct GameSel {
    #[command(flatten)]
    pub name: GameName,
    /// House-rules file (TOML) over a push-your-luck game's rules.
    #[arg(long = "rules", value_name = "FILE")]
    pub rules_file: Option<PathBuf>,
}

/// The words `--objective` takes: the game's score (a category game's
/// final score, a push-your-luck turn's points), winning a two-player
/// game (push-your-luck) or reaching a final score (category games: the
/// target table), the library's [`Objective`].
const OBJECTIVES: [&str; 3] = ["score", "win", "target"];

#[derive(ClapArgs, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub sel: GameSel,
    /// What to maximise (default: score).
    #[arg(long, value_parser = OBJECTIVES)]
    pub objective: Option<String>,
    /// Win objective: the players at the table (2 or 3).
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    /// Score-sheet games: the table of the exact final-score distribution
    /// under the expected-score play (the game's own table first, when
    /// missing).
    #[arg(long)]
    pub distribution: bool,
}

#[derive(ClapArgs, Debug)]
pub struct InfoArgs {
    #[command(flatten)]
    pub sel: GameSel,
    /// Which table: the expected-score one (default) or the win one.
    #[arg(long, value_parser = OBJECTIVES)]
    pub objective: Option<String>,
    /// Check every data checksum, however large the table.
    #[arg(long)]
    pub verify: bool,
    /// Win objective: the players at the table (2 or 3).
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    /// Score-sheet games: the distribution table (the exact final-score
    /// distribution from the empty sheet, playing for points).
    #[arg(long)]
    pub distribution: bool,
    /// With --distribution: draw P(final score >= s) into this SVG file.
    #[arg(long, value_name = "FILE", requires = "distribution")]
    pub plot: Option<PathBuf>,
    /// Score-sheet games: the best chance of a final score of at least T
    /// (the target table), beside what playing for points gets.
    #[arg(long, value_name = "T")]
    pub target: Option<u32>,
    /// With --target or --distribution: the chances from this sheet before
    /// its turn (default: the empty sheet).
    #[arg(long, value_name = "SHEET")]
    pub sheet: Option<String>,
}

#[derive(ClapArgs, Debug)]
pub struct AdviseArgs {
    #[command(flatten)]
    pub sel: GameSel,
    /// The dice just rolled: faces 1-6 separated by commas (spaces around a
    /// comma allowed), e.g. 2,2,5,5,6,6, or together, e.g. 225566 (category
    /// games: leave out for the value of the sheet before the turn).
    #[arg(long)]
    pub dice: Option<String>,
    /// Which roll of the turn this is (1 = first).
    #[arg(long)]
    pub roll: Option<u32>,
    /// Category games: the score sheet so far, e.g. "ones=3 twos=x chance=22".
    #[arg(long)]
    pub sheet: Option<String>,
    /// Six Hundred, roll 2: the dice among --dice locked after roll 1,
    /// written as --dice, e.g. 5,5.
    #[arg(long, requires = "dice")]
    pub locked: Option<String>,
    /// Push-your-luck: points set aside earlier in this turn and still at stake.
    #[arg(long, allow_negative_numbers = true)]
    pub banked: Option<i64>,
    /// Push-your-luck: the player's game total (default: on the board, a
    /// whole goal away; under the win objective 0).
    #[arg(long, allow_negative_numbers = true)]
    pub score: Option<i64>,
    /// Push-your-luck: the opponent's game total (selects the win
    /// objective; at or past the goal: this is your last turn).
    #[arg(long, allow_negative_numbers = true, conflicts_with = "opponents")]
    pub opponent: Option<i64>,
    /// Push-your-luck, a game of three to eight: every other player's
    /// total in turn order, the next player first, comma-separated (e.g.
    /// 5000,7200; selects the win objective).
    #[arg(long, value_name = "TOTALS")]
    pub opponents: Option<String>,
    /// What to maximise: score (this turn's expected points) or win (the
    /// probability of winning the two-player game).
    #[arg(long, value_parser = OBJECTIVES)]
    pub objective: Option<String>,
    /// Category games: the final score to reach; ranks every play by its
    /// exact best chance of a final score of at least this (target table).
    #[arg(long, value_name = "POINTS")]
    pub target: Option<u32>,
    /// Push-your-luck: consecutive farkles so far (three-farkle-penalty).
    #[arg(long)]
    pub farkles: Option<u32>,
    /// Push-your-luck, win objective with three-farkle-penalty: the
    /// opponent's consecutive farkles so far.
    #[arg(long)]
    pub opponent_farkles: Option<u32>,
    /// Push-your-luck: 1s set aside as 1s earlier in this turn (vant-hof-6).
    #[arg(long)]
    pub ones: Option<u32>,
    /// Push-your-luck (piggyback / go-for-it): instead of a roll, weigh
    /// rolling the previous player's N leftover dice for --banked points
    /// against a fresh start.
    #[arg(long, value_name = "N", conflicts_with = "dice")]
    pub leftover: Option<u8>,
    /// Push-your-luck, win objective under piggyback=return: this turn
    /// began on the opponent's leftover with P points inherited (a farkle
    /// gives them back).
    #[arg(long, value_name = "P", conflicts_with = "leftover")]
    pub inherited: Option<i64>,
    /// Push-your-luck, near an exact goal where the rules let a player roll
    /// fewer dice (Yahtzix's exact-goal): N dice were kept back from this
    /// roll for later.
    #[arg(long, value_name = "N", conflicts_with = "leftover")]
    pub held: Option<u8>,
    /// How many alternatives to list, at least 1 (--json lists all).
    #[arg(long, default_value_t = 8)]
    pub top: usize,
    /// Category games: the exact final-score distribution of every
    /// alternative, playing for points from then on (solved first when its
    /// table is missing and quick). Without it, the best play's is shown
    /// where the table is there.
    #[arg(long)]
    pub distribution: bool,
    /// With --distribution: draw P(final score >= s) of the best plays
    /// into this SVG file.
    #[arg(long, value_name = "FILE", requires = "distribution")]
    pub plot: Option<PathBuf>,
    /// Category games, playing to win: another player's sheet (full, or
    /// before their next turn); once per player. Each play is then ranked
    /// by its chance to win.
    #[arg(long, value_name = "SHEET")]
    pub opponent_sheet: Vec<String>,
    /// Push-your-luck, three players or more: estimate by rollouts even
    /// where an exact table answers (to check one against the other).
    /// Without it, rollouts answer where no exact table fits.
    #[arg(long)]
    pub estimate: bool,
    /// With an estimate: play out exactly N rollouts per alternative
    /// (default: as many as two seconds allow; the answer says how many).
    #[arg(long, value_name = "N")]
    pub rollouts: Option<u64>,
    /// With an estimate: the dice's seed (default 0); the same seed and
    /// --rollouts give the same numbers.
    #[arg(long)]
    pub seed: Option<u64>,
}

#[derive(ClapArgs, Debug)]
pub struct SimulateArgs {
    #[command(flatten)]
    pub sel: GameSel,
    /// Number of games.
    #[arg(long, default_value_t = 100_000)]
    pub games: u64,
    /// Seed of the dice: the same seed plays the same games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Push-your-luck: players, comma-separated, every ordered pairing is
    /// played: optimal (plays to win), ev (expected-score policy),
    /// threshold=N (banks at N), human (follows the strategy sheet),
    /// win-sheet (follows the sheet to win).
    /// Default: optimal,ev. Score-sheet games: to-win,points (playing to
    /// win against the other sheet, against playing for points), each
    /// player first in half the games.
    #[arg(long, value_name = "P1,P2,...")]
    pub players: Option<String>,
    /// Push-your-luck: players at each table: 2 (every ordered pairing of
    /// --players) or 3 (the three --players, seated every distinct way).
    #[arg(long, default_value_t = 2)]
    pub seats: u8,
}

#[derive(ClapArgs, Debug)]
pub struct StrategyArgs {
    #[command(flatten)]
    pub sel: GameSel,
    /// What the sheet plays for: score (this turn's expected points,
    /// default) or win (the two-player game).
    #[arg(long, value_parser = OBJECTIVES)]
    pub objective: Option<String>,
    /// Win objective: also the exact bank/roll boundary with this many
    /// dice to roll (1-6), against both scores.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=6))]
    pub dice: Option<u8>,
    /// Win objective: games of optimal play to fit the sheet to, and as many
    /// again (other seeds) to measure it on.
    #[arg(long, default_value_t = solver::SHEET_GAMES)]
    pub games: u64,
    /// Win objective: seed of those games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Win objective: draw a picture (SVG): with --dice the bank/roll
    /// boundary, else P(win) over both scores as a heat map.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
}

#[derive(ClapArgs, Debug)]
pub struct CompareArgs {
    /// The game, and options under every row (the base rules are the game
    /// with these).
    #[command(flatten)]
    pub name: GameName,
    /// A variant to add: options on top of the base, comma-separated, e.g.
    /// "on-the-board=750,piggyback" (repeatable).
    #[arg(long = "variant", value_name = "OPTIONS")]
    pub variants: Vec<String>,
    /// A house-rules file (TOML) on top of the base, as one more variant
    /// (repeatable).
    #[arg(long = "rules", value_name = "FILE")]
    pub rules_files: Vec<PathBuf>,
    /// Leave out the game's default variants (each seed option alone).
    #[arg(long)]
    pub no_defaults: bool,
    /// The players at the table, each playing to win (2 to 8; a variant
    /// whose exact table of that many does not fit is estimated by
    /// rollouts).
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    /// Rows estimated by rollouts: play exactly N per row (default: as
    /// many as two seconds allow).
    #[arg(long, value_name = "N")]
    pub rollouts: Option<u64>,
    /// Rows estimated by rollouts: the dice's seed (default 0).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Also draw P(first player wins) per variant as a bar chart (SVG).
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// Write JSON as it goes, one object a line: the plan, each row as soon
    /// as it is known, then the whole report (each told by its "kind").
    #[arg(long)]
    pub json_lines: bool,
}

#[derive(ClapArgs, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub sel: GameSel,
    /// The players in seat order, comma-separated: people's names (e.g.
    /// me, ann) and sixdice's players: optimal, ev, threshold=N, human
    /// (category games: optimal) [default: me,optimal].
    #[arg(long, value_name = "P1,P2,...")]
    pub players: Option<String>,
    /// Seed of the dice sixdice rolls (default: from the clock; the record
    /// keeps it).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Write the game record here, after every move (default: printed at
    /// the end). Only a new file, or a record of this game with --force.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Continue the stopped game recorded in FILE, with its players, rules
    /// and seed, writing on in FILE (GAME may then be left out).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["record", "force"])]
    pub resume: Option<PathBuf>,
    /// Replace the record of this game that --record names.
    #[arg(long, requires = "record")]
    pub force: bool,
    /// Type the dice rolled at the table instead of letting sixdice roll.
    #[arg(long)]
    pub dice_from_me: bool,
    /// Answer each decision at once with its cost when it was not the best.
    #[arg(long)]
    pub coach: bool,
    /// Tables whose chances are estimated by rollouts (three to eight
    /// players, no exact table): play out exactly N per estimate (default:
    /// as many as two seconds allow).
    #[arg(long, value_name = "N")]
    pub rollouts: Option<u64>,
}

#[derive(ClapArgs, Debug)]
pub struct ReviewArgs {
    /// The game record to review; several: each player's sums over the
    /// games.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// Draw the game: P(win) (or the expected final score) turn by turn,
    /// mistakes marked; several records: each player's loss per decision
    /// and luck, game by game (SVG; never one of the records, and an
    /// existing file only if it is an SVG).
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// Show decision N (the `#` of the costliest-decisions table; numbered
    /// from 1 in the order played) with its position and every
    /// alternative, ranked as `advise` ranks them.
    #[arg(long, value_name = "N", conflicts_with = "all")]
    pub decision: Option<usize>,
    /// After the review, show every decision with its position and every
    /// alternative.
    #[arg(long)]
    pub all: bool,
    /// The error classes' lower bounds, doubtful,mistake,blunder: in
    /// percentage points of P(win) for two-player push-your-luck games,
    /// else in points (default: 0.2,1,4 / 5,25,100 per turn / 0.5,2,6 per
    /// game).
    #[arg(long, value_name = "D,M,B")]
    pub thresholds: Option<String>,
    /// Games of three to eight players that no exact table fits, judged by
    /// P(win) estimated by rollouts: play out exactly N per decision
    /// (default: 2,000 each, within a minute per game).
    #[arg(long, value_name = "N")]
    pub rollouts: Option<u64>,
    /// The rollouts' seed (default 0): the same count and seed give the
    /// same numbers.
    #[arg(long)]
    pub seed: Option<u64>,
}

#[derive(ClapArgs, Debug)]
pub struct ServeArgs {
    /// Port to listen on (0: any free port; the first line printed is the URL).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on. Anything but loopback lets anyone on that
    /// network use the server: there is no login.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
    /// Allow requests to start a full solve of Six Hundred (hours of both
    /// cores); without it such a request is refused.
    #[arg(long)]
    pub allow_full_solve: bool,
}

#[derive(ClapArgs, Debug)]
pub struct CompletionsArgs {
    /// Shell to generate completions for.
    pub shell: clap_complete::Shell,
}

/// The games `filter` keeps and their options, for `--help` (the
/// library's listing).
fn games_help(games: &[GameListing], filter: impl Fn(&GameListing) -> bool) -> String {
    let mut out = String::from("Games (aliases in brackets) and their options (-o):\n");
    for g in games.iter().filter(|g| filter(g)) {
        let aliases = if g.aliases.is_empty() { String::new() } else { format!(" [{}]", g.aliases.join(", ")) };
        out.push_str(&format!("  {}{aliases}: {} ({})\n", g.id, g.summary, g.family.describe()));
        for o in &g.options {
            out.push_str(&format!("      {:<28} {} ({})\n", o.usage, o.help, o.range));
        }
    }
    out
}

/// The box names `--sheet` takes, per category game (from the games
/// themselves), wrapped at about 100 columns.
fn sheet_help(games: &[GameListing]) -> String {
    let mut out = String::from(
        "\nScore-sheet boxes for --sheet (box=points, or box=x for a box crossed out; other spellings in brackets):\n",
    );
    for g in games {
        let Some(sheet) = &g.sheet else { continue };
        let mut words: Vec<String> = sheet
            .boxes
            .iter()
            .map(|b| {
                if b.aliases.is_empty() {
                    b.name.to_string()
                } else {
                    format!("{} ({})", b.name, b.aliases.join(", "))
                }
            })
            .collect();
        if !sheet.entries.is_empty() {
            let entries: Vec<String> = sheet.entries.iter().map(|e| format!("{e}=N")).collect();
            words.push(format!("and, not a box, {}", entries.join(" or ")));
        }
        let mut line = format!("  {}:", g.id);
        for w in words {
            if line.len() + 1 + w.len() > 100 {
                out.push_str(&line);
                out.push('\n');
                line = "     ".to_string();
            }
            line.push(' ');
            line.push_str(&w);
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The commands that take only push-your-luck games.
const PUSH_LUCK_COMMANDS: [&str; 3] = ["compare", "strategy", "rules"];

/// The clap command; with `help`, the games listed in every help text that
/// takes one (each command lists the games it takes, `advise` also the
/// boxes of the score sheets). The listing builds every game (tens of
/// milliseconds, more than a whole `advise` on a table): only for a help
/// text.
pub fn command(help: bool) -> clap::Command {
    // `play --resume FILE` reads the game from the record.
    let cmd = Cli::command()
        .mut_subcommand("play", |c| c.mut_arg("game", |a| a.required_unless_present_any(["game_flag", "resume"])));
    if !help {
        return cmd;
    }
    let games = solver::games();
    let every = games_help(&games, |_| true);
    let push_luck = games_help(&games, |g| g.family == Family::PushLuck);
    let mut cmd = cmd.after_long_help(every.clone());
    for name in ["solve", "info", "simulate", "play"] {
        cmd = cmd.mut_subcommand(name, |c| c.after_long_help(every.clone()));
    }
    cmd = cmd.mut_subcommand("advise", |c| c.after_long_help(every.clone() + &sheet_help(&games)));
    for name in PUSH_LUCK_COMMANDS {
        cmd = cmd.mut_subcommand(name, |c| {
            c.mut_arg("options", |a| a.help("Rule option NAME or NAME=VALUE (repeatable), e.g. `-o goal=5000`"))
                .after_long_help(push_luck.clone())
        });
    }
    cmd
}

/// Parses the process arguments (clap errors are returned, not printed).
pub fn parse() -> Result<Cli, clap::Error> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let matches = match command(false).try_get_matches_from(&args) {
        // The games are listed in help texts only.
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelp => command(true).try_get_matches_from(&args)?,
        m => m?,
    };
    Cli::from_arg_matches(&matches)
}
