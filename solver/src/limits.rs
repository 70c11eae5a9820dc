//! Ranges of every value a user can give, and the budget of a solve.
//!
//! Values from users (options, rules files, situations) scale the work and
//! memory of a solve, so each has a documented range that covers what the
//! games plausibly need, checked before anything is allocated. On top of
//! that, a solve estimates its size from the rules before it allocates, and
//! refuses anything over its budget (e.g. [`TURN_SOLVE_BYTES`]) with one line
//! that says by how much it is over. The user guide lists the same ranges.

/// Any point value in push-your-luck rules: a combination's points, a
/// premium or bonus, the entry threshold, the minimum bank, Van't Hof's
/// bonus, the three-farkle penalty.
pub(crate) const POINTS_MAX: i64 = 100_000;
/// The goal of a push-your-luck game.
pub(crate) const GOAL_MAX: i64 = 1_000_000;
/// A player's game total may be given in `-GOAL_MAX..goal`.
pub(crate) const SCORE_MIN: i64 = -GOAL_MAX;
/// Turn points at stake in a situation given to `advise`.
pub(crate) const TURN_POINTS_MAX: i64 = 10_000_000;
/// Rolls per turn in a rules file (0 = no limit).
pub(crate) const MAX_ROLLS_MAX: u32 = 50;
/// Patterns in a rules file.
pub(crate) const PATTERNS_MAX: usize = 32;
/// Length of a name in a rules file (the rule set's or a pattern's).
pub(crate) const NAME_CHARS_MAX: usize = 64;
/// Size of a rules file.
pub(crate) const RULES_FILE_BYTES: u64 = 1 << 20;
/// Memory the expected-turn-score solve of one set of turn parameters may
/// use (its estimate, before it allocates): 16 million states, a few
/// seconds. Built-in rule sets need well under 1 MiB.
pub(crate) const TURN_SOLVE_BYTES: u64 = 256 << 20;

/// Pairs of totals a win-objective solve may have (goal / grid squared):
/// 16 million pairs, 128 MiB of values; the built-in games have at most
/// 160,000.
pub(crate) const WIN_SOLVE_STATES: u64 = 16 << 20;
/// The longest win solve of three players `solve` starts: an hour on the
/// 2-core development machine, by the solve's work alone
/// (`pushluck::win::players_reference_seconds`, the same on any machine
/// and day). Every rule set taken at the seed goals needs 15 minutes or
/// less; Van't Hof's 1s at goal 10,000 would need hours, and are refused
/// with their estimate and the goal that fits.
pub(crate) const PLAYERS_SOLVE_SECONDS: f64 = 3600.0;
/// Most bytes of piggyback values a win solve keeps (see
/// `pushluck::win::offers`), on top of the pairs' values.
pub(crate) const WIN_OFFER_BYTES: u64 = 5 << 29;

/// The most games one `simulate` run plays (per pairing of players): a
/// bound on the memory of the results.
pub(crate) const GAMES_MAX: u64 = 100_000_000;
/// Most rollouts an estimate may be asked to play per alternative.
pub(crate) const ROLLOUTS_MAX: u64 = 10_000_000;
/// An estimate by rollouts without a count plays for this long.
pub(crate) const ROLLOUT_SECONDS: f64 = 2.0;
/// Games each for fitting the win sheet and for measuring it, by default.
pub const SHEET_GAMES: u64 = 20_000;
/// The most games each the win sheet is fitted to and measured on.
pub(crate) const SHEET_GAMES_MAX: u64 = 1_000_000;
/// The most players in one head-to-head run.
pub(crate) const PLAYERS_MAX: usize = 8;
/// The most players at one table: a game record, a session (the rules
/// texts say three to six; two more are generous).
pub(crate) const TABLE_PLAYERS_MAX: usize = 8;
/// A whole solve longer than this at the reference speed (the 2-core
/// development machine) is started only on purpose (`SolveQuestion`'s
/// `allow_long`): Six Hundred's, over an hour; every push-your-luck table
/// takes minutes at most.
pub(crate) const LONG_SOLVE_SECONDS: f64 = 1800.0;
/// Moves sixdice's seats may make before a person must act: far more than
/// a whole game of computers takes, so reaching it is a bug, not a game.
pub(crate) const COMPUTER_MOVES: usize = 100_000;

/// States below a sheet that `advise` solves on the spot when the game has
/// no table: about 2 seconds of solving on 2 cores (measured about 1.5 µs
/// per state and core for Six Hundred).
pub(crate) const SUBGAME_STATES_MAX: u64 = 1_000_000;

/// States below a sheet whose target or distribution bands `advise`
/// solves on the spot for a game without those tables (Six Hundred): about
/// 10 seconds on 2 cores. Measured on Six Hundred, release build: about
/// 0.4–0.5 ms per state for a target and 1.35 times that for a
/// distribution (17,584 states: 6.2 s and 8.4 s; 69,040 states: 26 s and
/// 35 s), because each state carries a whole band of cells, not one value.
pub(crate) const BANDS_BELOW_STATES_MAX: u64 = 20_000;

/// Games up to this many states are solved whole (and saved) when `advise`
/// finds no table: every category game but Six Hundred.
pub(crate) const WHOLE_SOLVE_STATES_MAX: u64 = 50_000_000;

/// Memory budget of a category game's whole solve held in memory (values
/// in f64 and the f32 copy written to the table).
pub(crate) const WHOLE_SOLVE_BYTES: u64 = 8 << 30;

/// A request whose solve would be too large.
#[derive(Debug, Clone, thiserror::Error, PartialEq)]
#[error("{what} is too large to solve: it needs about {} for {states} states, {factor:.1} times the budget of {}", bytes(*.needed), bytes(*.budget))]
pub struct TooLarge {
    /// What makes it large, e.g. "Farkle (turn totals up to 1000000 in steps of 1)".
    pub what: String,
    pub states: u64,
    pub needed: u64,
    pub budget: u64,
    pub factor: f64,
}

/// Refuses a solve of `states` states needing `needed` bytes when that is
/// over `budget`.
pub(crate) fn check_solve_size(
    what: impl FnOnce() -> String,
    states: u64,
    needed: u64,
    budget: u64,
) -> Result<(), TooLarge> {
    if needed <= budget {
        return Ok(());
    }
    Err(TooLarge { what: what(), states, needed, budget, factor: needed as f64 / budget as f64 })
}

/// `1.5 GiB`, `300 MiB`, `12 KiB`, `80 bytes`.
pub(crate) fn bytes(n: u64) -> String {
    const UNITS: [(&str, u64); 4] = [("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)];
    for (unit, size) in UNITS {
        if n >= size {
            return format!("{:.1} {unit}", n as f64 / size as f64);
        }
    }
    format!("{n} bytes")
}
