//! How long a win solve will take, said before it starts: `compare` lists
//! what it must solve with the total, each solve announces its own
//! estimate, and advice decides from it whether to solve a missing table on
//! the spot or to name the `solve` command.
//!
//! An estimate is the solve's work counted from the rules ([`work`]: turn
//! DPs x levels per DP x successor reads per level) times this machine's
//! speed *now* on that work: a sample of the game's own turn DP kernel,
//! timed for a few milliseconds ([`nanos_per_read`]). Timing the machine at
//! the moment of asking matters: a shared machine's speed drifts by up to
//! twice from one day to the next (the same Farkle penalty solve took 323 s
//! and 546 s on two quiet days), which no constant can follow. What a solve
//! costs beyond its kernel reads (the walks, the game facts, the pair
//! steps, two threads sharing caches) is a factor per kind of solve,
//! measured once against whole solves ([`OVERHEAD`]).

use std::sync::Arc;
use std::time::Instant;

use super::sides::{self, Sides};
use super::{max_turn_levels, LastTurn};
use crate::pushluck::lanes::{fill_lanes, LANES};
use crate::pushluck::model::{Model, Params};
use crate::pushluck::solution::{SameBeyond, WinPayoff};
use crate::pushluck::{level_total, PushLuckGame};

/// Seconds the win solve of `game` should take on this machine now, with
/// the threads the solve will use.
pub(crate) fn solve_seconds(game: &PushLuckGame) -> f64 {
    let model = game.win_model();
    let threads = rayon::current_num_threads().max(1) as f64;
    work(model) * nanos_per_read(model) * 1e-9 * overhead(model) / threads
}

/// The seconds the win solve of `game` takes at a fixed reference speed
/// (the 2-core development machine on a quiet day), with the threads the
/// solve will use: what decides whether advice solves a missing table on
/// the spot. Unlike [`solve_seconds`] it does not move with the machine's
/// load, so the same question gets the same kind of answer on a busy
/// machine as on a quiet one (and no test depends on the machine's speed).
pub(crate) fn reference_seconds(game: &PushLuckGame) -> f64 {
    let model = game.win_model();
    let threads = rayon::current_num_threads().max(1) as f64;
    // The reference speed is of the kernel as solves run it: the sample's
    // own slowness on forced ends (see `OVERHEAD`) does not apply.
    let overhead = if forced_ends(model) { OVERHEAD.plain } else { overhead(model) };
    work(model) * REFERENCE_NANOS_PER_READ * 1e-9 * overhead / threads
}

/// Nanoseconds per kernel read of the sampled turn DP on the development
/// machine on a quiet day (the lane kernel's sample: 0.96 to 1.2 for
/// Farkle, 0.84 for Van't Hof). At 1.0 the built-in variants solved on
/// the spot (at most 75 s on 2 threads) are every base game, Yahtzix's
/// options, Van't Hof and piggyback; not the penalty.
const REFERENCE_NANOS_PER_READ: f64 = 1.0;

/// Whole-solve time per kernel read (both threads' time, the kernel's own
/// included) over the sampled kernel's time per read, by kind of solve:
/// the solve without the penalty and piggyback (pair rounds, the game
/// facts along), the same with many rolls that end the turn (Yahtzix's
/// roll classes), with Van't Hof's 1s (60 contexts whose DPs miss the
/// cache more than the sample's), with piggyback (offers read off every
/// turn, the facts over every offer state), piggyback with many forced
/// ends (Yahtzix's `go-for-it`), with the penalty (policy iteration: a
/// walk of each policy's ends where it changed). Fitted to the built-in
/// variants' whole solves on the 2-core development machine (`scripts/bench
/// win`, 2026-11-26), where each kind's ratios spread by at most 1.5
/// (plain: 0.82 for Dice 10000's exact goal to 1.37 for its alternative
/// scoring); plain, forced ends, piggyback with forced ends and the
/// penalty refitted after the faster game facts and the penalty's margins
/// (the second before/after run of 2026-11-26: measured over estimate
/// 0.71 to 0.85, 0.79, 0.69 and 0.70 before); piggyback and piggyback
/// with forced ends refitted after its turns were cut lower and its steps
/// accepted on their ranges (`scripts/win-before-after`, 2026-11-28:
/// measured over estimate 1.99 and 2.20 for Farkle's and Dice 10000's
/// piggyback, 1.65 for Yahtzix's `go-for-it`, with the factors before);
/// piggyback again after the goal banks were valued without cloning an
/// `Arc` both threads count (the same script, later on 2026-11-28:
/// measured over estimate 0.49 and 0.57); plain, forced ends and Van't Hof
/// after the pair's DP carried the game facts (the same script, the next
/// session of 2026-11-28: measured over estimate 0.75 to 1.04, 1.03 to
/// 1.15 and 0.78, each kind's mean taken).
/// See docs/how-it-works.md, "How long a solve will take".
const OVERHEAD: Overhead = Overhead {
    plain: 0.58,
    forced_ends: 0.72,
    vant_hof: 0.80,
    piggyback: 0.94,
    piggyback_forced_ends: 1.45,
    penalty: 0.42,
};

struct Overhead {
    plain: f64,
    forced_ends: f64,
    vant_hof: f64,
    piggyback: f64,
    piggyback_forced_ends: f64,
    penalty: f64,
}

fn overhead(model: &Model) -> f64 {
    let turn = &model.rules.turn;
    if turn.three_farkle_penalty > 0 {
        OVERHEAD.penalty
    } else if turn.piggyback && forced_ends(model) {
        OVERHEAD.piggyback_forced_ends
    } else if turn.piggyback {
        OVERHEAD.piggyback
    } else if turn.vant_hof > 0 {
        OVERHEAD.vant_hof
    } else if forced_ends(model) {
        OVERHEAD.forced_ends
    } else {
        OVERHEAD.plain
    }
}

/// Seconds the win solve of `game` for `players` (more than two) should
/// take on this machine now, with the threads the solve will use:
/// [`players_work`] x this machine's time per read now.
pub(crate) fn players_seconds(game: &PushLuckGame, players: usize) -> f64 {
    let model = game.win_model();
    let threads = rayon::current_num_threads().max(1) as f64;
    players_work(model, players) / threads * nanos_per_read(model) * 1e-9
}

/// Seconds the win solve of `game` for `players` takes on the 2-core
/// development machine on a quiet day ([`REFERENCE_NANOS_PER_READ`], 2
/// threads): what decides whether it fits the budget
/// ([`crate::limits::PLAYERS_SOLVE_SECONDS`]). Like [`reference_seconds`]
/// it does not move with the machine's load or its thread count, so the
/// same rules are refused or taken on any day and any machine.
pub(crate) fn players_reference_seconds(game: &PushLuckGame, players: usize) -> f64 {
    players_work(game.win_model(), players) / 2.0 * REFERENCE_NANOS_PER_READ * 1e-9
}

/// [`players_reference_seconds`] of a solve of only the states whose
/// totals are among `levels` totals a player (the states a game from the
/// start reaches: [`super::players::start`]).
pub(crate) fn players_reference_seconds_on(game: &PushLuckGame, players: usize, levels: usize) -> f64 {
    players_work_on(game.win_model(), players, levels as f64) / 2.0 * REFERENCE_NANOS_PER_READ * 1e-9
}

/// The work of a win solve of `players`, in successor reads, shared by
/// the threads: states x [`PLAYERS_LEVELS_PER_STATE`], and with three
/// players [`PLAYERS_CHASE_LEVELS`], each x successor reads per level, x
/// [`PLAYERS_VANT_HOF`] under Van't Hof's 1s.
fn players_work(model: &Model, players: usize) -> f64 {
    players_work_on(model, players, Sides::new(model, 0).len() as f64)
}

/// [`players_work`] with `levels` totals a player.
fn players_work_on(model: &Model, players: usize, levels: f64) -> f64 {
    let states = levels.powi(i32::try_from(players).unwrap_or(i32::MAX));
    let kind = if model.rules.turn.vant_hof > 0 { PLAYERS_VANT_HOF } else { 1.0 };
    let reads = reads_per_level(model) as f64 * kind;
    let chase = if players > 2 { PLAYERS_CHASE_LEVELS } else { 0.0 };
    (states * PLAYERS_LEVELS_PER_STATE + chase) * reads + chain_reads(levels, players)
}

/// The last round's turns of three chasers or more ([`super::players`]'s
/// chain), in reads at [`REFERENCE_NANOS_PER_READ`] on 2 threads: their
/// keys grow as the chasers' gaps, `(2 levels)^(players - 2)`, and each
/// costs more with every chaser it recurses over. Fitted to Farkle on the
/// 2-core machine, where the chain took all but a few seconds: four
/// players to 500, 19.0 s (10 levels); to 1,000, 93.5 s; five to 500,
/// 703 s: `0.04 s (players - 3) (2 levels)^(players - 2)`.
fn chain_reads(levels: f64, players: usize) -> f64 {
    if players < 4 {
        return 0.0;
    }
    let keys = (2.0 * levels).powi(i32::try_from(players).unwrap_or(i32::MAX) - 2);
    let seconds = PLAYERS_CHAIN_SECONDS * (players - 3) as f64 * keys;
    seconds * 2.0 / (REFERENCE_NANOS_PER_READ * 1e-9)
}

/// Seconds a chain key costs, fitted (see [`chain_reads`]).
const PLAYERS_CHAIN_SECONDS: f64 = 0.04;

/// The middle chaser's turns for needs up to 200 levels past the goal's
/// distance are solved at any goal, and at small goals they are nearly the
/// whole solve: about this many levels' reads, on both cores (most are
/// solved ahead, a sum of totals at a time). Farkle for three to 600
/// takes 1.5 s, Van't Hof's 30.0 s of wall time (39.5 s of CPU), where
/// the states' share says 0.02 s and 0.6 s. (Solved as the states asked
/// for them, one thread often waited for the other's: 39.3 s.)
const PLAYERS_CHASE_LEVELS: f64 = 2.6e6;

/// A turn-start state of a game of three costs about this many turn DP
/// levels' reads in all: its turn DPs (about 1.3 a state, each from the
/// mover's total to past the goal, where the last turns make banking
/// certain), the middle chaser's last turns, the classes' closed forms.
/// Fitted to whole solves at goal 10,000 (8 million states) on the
/// 2-core development machine, with the time per read sampled there: with
/// turns batched by their tops, 165 (the constant before) said 16 minutes
/// for Farkle's base rules (11.8 taken), 15 with an exact goal (12.4) and
/// 12 for Dice 10000's (13.7); 145, their geometric mean's fit, says about
/// 14, 13 and 10.5 (the sampled time per read moves from run to run, and does
/// not follow the goal exactly).
const PLAYERS_LEVELS_PER_STATE: f64 = 145.0;

/// Van't Hof's 1s cost a game of three this many times the levels' reads
/// the rest of the estimate counts. Its turns have 60 contexts where the
/// plain rules have 6, and beyond that they take more turn DPs a state
/// (2.0 against 1.0 at goal 3,000: the replies' staircases are finer).
/// Fitted to whole solves of Farkle alone on the 2-core development
/// machine: at goal 3,000 Van't Hof took 24.3 times the base rules' wall
/// time (330.5 s against 13.6 s; 1.9 cores busy), where the estimate
/// without this factor says 10.1 times. (It was 3.0 while the middle
/// chaser's turns were solved as asked for and one thread often waited:
/// 542 s then, 1.1 to 1.4 cores busy.)
const PLAYERS_VANT_HOF: f64 = 2.4;

/// Whether more than a tenth of the rolls have a set-aside that ends the
/// turn (or wins): the sampled turn runs those slower than a solve does.
fn forced_ends(model: &Model) -> bool {
    let all: usize = model.tables.iter().map(|t| t.rolls.len()).sum();
    let mixed: usize = model.tables.iter().map(|t| t.decisions_only.iter().filter(|&&d| !d).count()).sum();
    mixed * 10 > all
}

/// Successor reads of one turn DP level: every roll of every context, and
/// the hot-dice reads.
fn reads_per_level(model: &Model) -> usize {
    model.tables.iter().map(|t| t.hot.len() + t.rolls.len()).sum()
}

/// The inner-loop work of a whole win solve, in successor reads: states x
/// turn DPs per state x levels per turn (half the goal on average, or the
/// most a bounded turn scores; with piggyback also the last turn's tail) x
/// successor reads per level. Turn DPs per state, weighted by what each
/// costs (measured: Farkle, Van't Hof, Yahtzix): without the penalty and
/// piggyback about 1.1 evaluations of each turn (most pair steps are
/// accepted on their policy ranges), each DP with slopes and ranges, plus
/// one backward pass for the game facts; with piggyback every step is
/// evaluated, the offers are read off the turns, and the game facts walk
/// both players' turns per pair; with the penalty, policy iteration (about
/// 4 plain DPs per state, each walked for its ends).
pub(crate) fn work(model: &Model) -> f64 {
    let sides = Sides::new(model, sides::default_floor(model));
    let n = (model.rules.game.goal - sides.floor() + model.grid - 1) / model.grid;
    let mut levels = (n as f64 / 2.0).max(1.0);
    let piggyback = model.rules.turn.piggyback;
    if piggyback {
        // Every turn is solved past the goal until freezing the banks
        // above can no longer change what is read (see `tail_levels`);
        // those levels cost about REGION_COST of a level below the goal.
        levels += REGION_COST * tail_levels(model) as f64;
    }
    if let Some(most) = max_turn_levels(model) {
        levels = levels.min(most as f64 + 1.0);
    }
    let m = sides.len() as f64;
    let states = m * m;
    let mut turns = if sides.penalty() {
        states * 8.0
    } else if piggyback {
        states * 4.8
    } else {
        states * 2.5
    };
    if model.rules.turn.piggyback_return {
        // A turn per inherited total of each pair (up to the opponent's
        // total: half the totals on average), solved eight side by side
        // down to its inherited total only, sharing one setup: RETURN_TURN
        // turns' reads each.
        turns += states * n as f64 / 2.0 * RETURN_TURN;
    }
    turns * levels * reads_per_level(model) as f64
}

/// What a level past the goal costs under piggyback, against one below it
/// (fewer contexts are reached up there), and what a turn on a leftover
/// under the return costs against a pair's turn (eight of them share a
/// pass of the kernel and one setup serves all of a pair's): the second
/// fitted to Farkle's return on 2026-11-28 (256 s measured, where the
/// factor of before, 1.1, announced about 17 minutes), and again the same
/// day after its turns on a leftover were cut lower still (117.5 s, where
/// 0.24 announced 264 s).
const REGION_COST: f64 = 0.7;
const RETURN_TURN: f64 = 0.19;

/// Levels a turn is solved past the last level read before its stationary
/// tail begins, about: the first `d` where the most likely climb of `d`
/// levels times the chaser's chance to pass (above its limit) a need of
/// `d` levels is within [`super::last_turn::TAIL`] (the top `setup` looks
/// for, for a player and an opponent of equal totals).
fn tail_levels(model: &Model) -> usize {
    let last = LastTurn::solve(model);
    let climbs = super::climb_chances(model);
    let rise = |d: usize| last.fresh_at(d) - last.instant;
    (0..last.fresh.len())
        .find(|&d| rise(d) * super::climb_at(&climbs, d) <= super::last_turn::TAIL)
        .unwrap_or(last.fresh.len())
}

/// Levels of the sampled turn DP: enough reads (about two million) to be
/// timed to a few percent, few enough to take milliseconds.
fn sample_levels(model: &Model) -> usize {
    (2_000_000 / reads_per_level(model).max(1)).clamp(20, 4000)
}

/// This machine's time now per successor read of `model`'s turn DP kernel
/// (the sloped win DP, eight turns side by side in lanes, on one thread;
/// per read of one turn), in nanoseconds: the best of seven
/// timed runs of a made-up turn whose banks grow from worth little to
/// nearly a win, so that it rolls low and banks high as a real turn does.
/// The best of several: now and then a whole run of a few milliseconds is
/// slowed by half or more (another process, the hypervisor), and the solve
/// that follows runs for seconds, over which such moments average out.
fn nanos_per_read(model: &Model) -> f64 {
    let levels = sample_levels(model);
    let reach = super::reach(model);
    let stride = if model.rules.turn.piggyback { 6 } else { 1 };
    let top = (levels + reach + 1) as f64;
    let banks: Vec<f64> = (0..(levels + reach + 1) * stride).map(|i| 0.2 + 0.75 * (i / stride) as f64 / top).collect();
    let payoff = WinPayoff {
        farkle: 0.3,
        banks,
        stride,
        beyond: Arc::new(SameBeyond(vec![0.95; stride])),
        above: None,
        above_slopes: vec![],
        farkle_like: vec![],
    };
    let params = Params {
        on_board: true,
        last_chance: false,
        goal_left: level_total(levels + reach, model.grid) + model.rules.game.goal,
    };
    // The solves run turns side by side in lanes: so does the sample.
    let reads = (LANES * levels * reads_per_level(model)) as f64;
    let mut best = f64::INFINITY;
    for run in 0..8 {
        let started = Instant::now();
        let mut sols: Vec<_> =
            (0..LANES).map(|_| model.prepare_payoff(params, payoff.clone(), levels, reach, true)).collect();
        fill_lanes::<true>(&mut sols);
        std::hint::black_box(sols[0].start_value());
        // The first run warms the caches and is not counted.
        if run > 0 {
            best = best.min(started.elapsed().as_secs_f64() * 1e9 / reads);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use crate::registry::testing::push_luck;

    /// The estimate grows with the work: a larger goal, Van't Hof's 1s, the
    /// penalty's policy iteration each cost more than the base game.
    #[test]
    fn estimates_follow_the_work() {
        let base = super::work(push_luck("farkle", &[], None).win_model());
        let larger = super::work(push_luck("farkle", &["goal=20000"], None).win_model());
        let vant_hof = super::work(push_luck("farkle", &["vant-hof-6"], None).win_model());
        let penalty = super::work(push_luck("farkle", &["three-farkle-penalty"], None).win_model());
        assert!(larger > 3.0 * base && vant_hof > 5.0 * base && penalty > 20.0 * base, "{base} {larger} {vant_hof}");
        let seconds = super::solve_seconds(&push_luck("farkle", &[], None));
        assert!(seconds.is_finite() && seconds > 0.0, "{seconds}");
    }

    /// Which missing tables advice solves on the spot is decided at the
    /// reference speed, by the work alone: the same on any day. Printed
    /// for the record of which built-in variants are solved on the spot
    /// (on 2 threads).
    #[test]
    fn the_solve_on_the_spot_is_decided_by_the_work() {
        let seconds = |name: &str, options: &[&str]| super::reference_seconds(&push_luck(name, options, None));
        let threads = rayon::current_num_threads() as f64;
        for (name, options) in [
            ("farkle", &[][..]),
            ("farkle", &["vant-hof-6"]),
            ("farkle", &["piggyback"]),
            ("farkle", &["three-farkle-penalty"]),
            ("ten-thousand", &[]),
            ("ten-thousand", &["piggyback"]),
            ("yahtzix", &[]),
            ("yahtzix", &["go-for-it"]),
        ] {
            eprintln!("{name} {options:?}: {:.1} s on 2 threads", seconds(name, options) * threads / 2.0);
        }
        assert_eq!(seconds("farkle", &[]), seconds("farkle", &[]));
        assert!(seconds("farkle", &[]) * threads < 2.0 * 30.0);
        assert!(seconds("farkle", &["three-farkle-penalty"]) * threads > 2.0 * 120.0);
        // The built-in decisions (on 2 threads), as documented above.
        let on_the_spot = |name: &str, options: &[&str]| seconds(name, options) * threads / 2.0 <= 75.0;
        assert!(on_the_spot("farkle", &[]) && on_the_spot("yahtzix", &["go-for-it"]));
        assert!(on_the_spot("farkle", &["vant-hof-6"]) && on_the_spot("ten-thousand", &["piggyback"]));
        assert!(!on_the_spot("farkle", &["three-farkle-penalty"]));
    }
}
