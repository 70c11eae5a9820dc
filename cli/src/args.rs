//! Command-line arguments (clap derive).

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use solver::options::RuleOption;

#[derive(Parser, Debug)]
#[command(name = "sixdice", version, about = "Exactly optimal strategies for six-dice games")]
pub struct Cli {
    /// Directory of table files.
    #[arg(long, global = true, env = "SIXDICE_TABLES", default_value = "tables")]
    pub tables: PathBuf,
    /// Machine-readable JSON output.
    #[arg(long, global = true)]
    pub json: bool,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve a game exactly and write its table.
    Solve(SolveArgs),
    /// Show facts about an existing table.
    Info(GameArgs),
    /// What to do with this roll: best action and ranked alternatives.
    Advise(AdviseArgs),
    /// A strategy sheet for a push-your-luck game.
    Strategy(GameArgs),
    /// Print the effective rules of a push-your-luck game as an editable TOML file.
    Rules(GameArgs),
    /// Print shell completions.
    Completions(CompletionsArgs),
}

/// Which game, with which options.
#[derive(Args, Debug, Clone)]
pub struct GameSel {
    /// Rule option NAME or NAME=VALUE (repeatable), e.g. `-o joker=forced`.
    #[arg(short = 'o', long = "option", value_name = "NAME[=VALUE]")]
    pub options: Vec<RuleOption>,
    /// House rules file (TOML) overriding a push-your-luck rule set.
    #[arg(long = "rules", value_name = "FILE")]
    pub rules_file: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Game to solve (see README for the list).
    pub game: String,
    #[command(flatten)]
    pub sel: GameSel,
}

#[derive(Args, Debug)]
pub struct GameArgs {
    /// Game name.
    #[arg(value_name = "GAME", required_unless_present = "game_flag")]
    pub game: Option<String>,
    /// Game name (alternative to the positional argument).
    #[arg(long = "game", value_name = "GAME", conflicts_with = "game")]
    pub game_flag: Option<String>,
    #[command(flatten)]
    pub sel: GameSel,
}

impl GameArgs {
    pub fn game(&self) -> &str {
        self.game.as_deref().or(self.game_flag.as_deref()).expect("clap requires a game")
    }
}

#[derive(Args, Debug)]
pub struct AdviseArgs {
    /// Game name.
    #[arg(long)]
    pub game: String,
    #[command(flatten)]
    pub sel: GameSel,
    /// The dice just rolled, e.g. 2,2,5,5,6,6.
    #[arg(long, required_unless_present = "leftover", default_value = "")]
    pub dice: String,
    /// Which roll of the turn this is (1 = first).
    #[arg(long)]
    pub roll: Option<u32>,
    /// Category games: the score sheet so far, e.g. "ones=3 twos=x chance=22" (see README).
    #[arg(long, default_value = "")]
    pub sheet: String,
    /// Push-your-luck: points set aside earlier in this turn and still at stake.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = points_parser())]
    pub banked: i64,
    /// Push-your-luck: the player's game total (default: already on the board).
    #[arg(long, allow_negative_numbers = true, value_parser = points_parser())]
    pub score: Option<i64>,
    /// Push-your-luck: consecutive farkles so far.
    #[arg(long, default_value_t = 0)]
    pub farkles: u32,
    /// Push-your-luck (vant-hof-6): ones set aside earlier in this turn.
    #[arg(long, default_value_t = 0)]
    pub ones: u32,
    /// Push-your-luck (piggyback / go-for-it): instead of a roll, weigh
    /// starting the turn with this many dice left by the previous player
    /// (inheriting --banked points) against a fresh start.
    #[arg(long, value_name = "N", conflicts_with = "dice")]
    pub leftover: Option<u8>,
    /// How many alternatives to list.
    #[arg(long, default_value_t = 8)]
    pub top: usize,
}

/// Points given on the command line: bounded far beyond any game's goal so
/// that sums of points can never overflow.
fn points_parser() -> clap::builder::RangedI64ValueParser<i64> {
    clap::value_parser!(i64).range(-1_000_000_000..=1_000_000_000)
}

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// Shell to generate completions for.
    pub shell: clap_complete::Shell,
}
