//! The win objective for more than two players (three today; two as a
//! check against the pair solver), solved exactly.
//!
//! ## State
//! A turn starts at the totals of every player, the mover's first and the
//! others' in turn order: `(a, b, c)`, each on the points grid below the
//! goal. Each player maximises their own chance of winning; a state's
//! value is every player's chance ([`Odds`], counted from the mover), the
//! others' following from the mover's policy. A bank below the goal leads
//! to `(b, c, a + t)`; a farkle to `(b, c, a)`; a bank at or past the goal
//! to the others' last turns ([`chase`]), where each must end strictly
//! above the highest total so far (so among equal totals the player who
//! reached it first wins).
//!
//! ## Order
//! A bank raises the sum of the totals, a farkle keeps it: states are solved
//! by decreasing sum, and within one sum by rotation classes (the states a
//! farkle passes the turn around), which depend only on higher sums and on
//! each other: [`cycle`] solves each class exactly ([`search`] when the
//! movers' best replies chase each other), the classes of one sum in
//! parallel, a few to a task so that their movers' first turns (and the
//! first round's replies) run side by side in SIMD lanes
//! ([`crate::pushluck::lanes`]).
//!
//! ## Rules
//! The turn is the two-player solver's turn DP, so every rule of the turn
//! (scoring, entry threshold, min-bank, the exact goal and its choice of
//! dice) carries over; at an exact goal a bank to the goal wins at once and
//! one past it busts, and with instant wins (Dice 10000) a turn past it
//! rolls on for one, valued exactly as the pair solver does. With instant
//! wins and no exact goal a bank past the goal is worth at most what the
//! chasers' instant wins leave, so the turn's top is found with rolls
//! bounded by that, or where every chaser's chance has settled ([`turn`]);
//! a turn whose mover would roll on past every total there is refused at
//! the state where the solve meets it (none does at the seed goals). Not
//! yet taken for three players: the three-farkle penalty and piggyback (a
//! player's state is more than a total) and contexts that cannot farkle
//! (where the turn's top is found); they are refused in one line. Van't
//! Hof's 1s are taken (their many close policies are why [`search`] rules
//! profiles out by the corners), and any solve whose estimated work is over
//! [`PLAYERS_SOLVE_SECONDS`] is refused with the largest goal that fits.

pub(crate) mod advice;
mod chain;
mod chase;
mod cycle;
#[cfg(test)]
mod plain;
mod plays;
mod search;
pub(crate) mod start;
pub(crate) mod table;
#[cfg(test)]
mod tests;
mod turn;

use std::sync::Arc;

use rayon::prelude::*;

use chase::Chase;
pub(crate) use chase::{Odds, MOST};

use super::last_turn::LastTurn;
use super::table::about;
use super::{players_reference_seconds, reach, start_context, Sides};
use crate::error::{Error, WinError};
use crate::limits::{bytes, check_solve_size, PLAYERS_SOLVE_SECONDS, WIN_SOLVE_STATES};
use crate::progress::Progress;
use crate::pushluck::level_total;
use crate::pushluck::model::Model;
use crate::pushluck::solution::{BanksBeyond, WinPayoff};
use crate::pushluck::PushLuckGame;

/// Rotation classes solved by one task: their first turns (three a class,
/// mostly) fill the eight SIMD lanes twelve times over, and the first
/// round's replies solved ahead (about one a class, a batch per mover
/// replying, [`cycle`]) fill them more than with fewer classes, where a
/// batch of two or three turns costs nearly what one of eight does.
const CLASSES_A_TASK: usize = 32;

/// Player counts the exact solve takes (where the budget allows): up to
/// the largest table the rules texts are written for (three to six).
pub(crate) const PLAYERS: std::ops::RangeInclusive<usize> = 2..=6;

/// Player counts the last round is solved for exactly, and rollouts
/// estimate ([`MOST`]).
pub(crate) const TABLE_PLAYERS: std::ops::RangeInclusive<usize> = 2..=MOST;

/// The chances of every turn-start state of a game of `players`.
pub(crate) struct PlayersValues<'m> {
    pub(crate) model: &'m Model,
    pub(crate) players: usize,
    /// Totals per player: `0, grid, ..., (levels - 1) grid`.
    pub(crate) levels: usize,
    /// Every state's chances, states indexed by [`Self::index`].
    odds: Store,
    /// Expected turns left in the game at each state, the mover's included
    /// (empty in values read from a table).
    turns: Vec<f64>,
    chase: Chase<'m>,
    reach: usize,
    start: usize,
    /// The smallest farkle probability of any context.
    q_min: f64,
    /// Where each class's iteration starts.
    start_from: Start,
    /// Turn DPs the solve ran.
    pub(crate) turn_dps: usize,
    roll_reaches: Option<Vec<crate::pushluck::model::RollReach>>,
    /// Rotation classes whose movers' replies turned in a cycle, solved by
    /// the search over their policies ([`search`]).
    pub(crate) searched: usize,
    /// Turn-start states where the mover mixes two policies ([`cycle`]),
    /// and how.
    pub(crate) mixed: Vec<(usize, Mix)>,
    /// The first turn met whose mover would roll on past every total for
    /// an instant win (with instant wins and no exact goal): not solved,
    /// the solve is refused ([`turn`]).
    rolls_on: std::sync::OnceLock<String>,
}

/// Where the chances live: solved here, or in a mapped table; either way
/// one `f64` per player a state, in the order of [`Odds`] (advice reads
/// the few it needs).
pub(crate) enum Store {
    Solved(Vec<f64>),
    Mapped(Arc<crate::table::Table>),
}

/// How a mover mixes two policies: the farkle values they were solved
/// at (each gives its policy) and the share of the first.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Mix {
    pub(crate) a: f64,
    pub(crate) b: f64,
    pub(crate) share: f64,
}

/// Where each class's policy iteration starts: its movers' first farkle
/// values. A game of three can have several equilibria, and which one the
/// iteration reaches can depend on where it starts (see
/// docs/how-it-works.md): the solve's answer is the one reached from
/// [`Start::Extrapolated`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Start {
    /// Extrapolated linearly from the solved states above.
    Extrapolated,
    /// The solved state with the mover one level up.
    Above,
}

/// A turn's payoff: one bank value per level (no leftover classes),
/// covering every level its DP reads; past them (a turn played on, never
/// the DP) `beyond`.
fn row_payoff(farkle: f64, banks: Vec<f64>, farkle_like: Vec<bool>, beyond: Beyond) -> WinPayoff {
    WinPayoff { farkle, banks, stride: 1, beyond: Arc::new(beyond), above: None, above_slopes: vec![], farkle_like }
}

/// The banks past a turn's arrays, all past the goal, where banking is
/// optimal (the arrays end above each turn's top).
#[derive(Debug)]
enum Beyond {
    /// The middle chaser's bank `t` past the leader: worth `1 - P_pass` of
    /// the last chaser, `t - gap` short of them; exact.
    Middle { last: Arc<LastTurn>, grid: i64, gap: i64, last_on_board: bool },
    /// The leader's bank from `mover`: valued at its lower bound (the
    /// product of `1 - P_pass` over the chasers, at their totals and on the
    /// board or not), which is above every roll there, so that a turn
    /// played on banks as it does with the exact value. Only play reads it.
    Leader { last: Arc<LastTurn>, grid: i64, mover: i64, chasers: Vec<(i64, bool)> },
    /// Past an exact goal: a bust, worth the farkle value.
    Bust,
}

impl BanksBeyond for Beyond {
    fn bank(&self, level: usize, _class: usize, farkle: f64) -> f64 {
        match self {
            Beyond::Middle { last, grid, gap, last_on_board } => {
                1.0 - last.pass(*last_on_board, level_total(level, *grid) - gap * grid, *grid)
            }
            Beyond::Leader { last, grid, mover, chasers } => {
                let x = mover + level_total(level, *grid);
                chasers.iter().map(|&(t, on)| 1.0 - last.pass(on, x - t, *grid)).product()
            }
            Beyond::Bust => farkle,
        }
    }
}

impl<'m> PlayersValues<'m> {
    /// Values of a game of `players` under `model` holding `odds` (NaN
    /// where not solved yet), the last turns solved.
    fn new(model: &'m Model, players: usize, start_from: Start, odds: Store, last: Arc<LastTurn>) -> Self {
        let levels = Sides::new(model, 0).len();
        let q_min = model.tables.iter().map(|t| t.farkle).fold(1.0, f64::min);
        PlayersValues {
            model,
            players,
            levels,
            odds,
            turns: vec![],
            chase: Chase::new(model, players, Sides::new(model, 0), last, q_min),
            reach: reach(model),
            start: start_context(model),
            q_min,
            start_from,
            turn_dps: 0,
            roll_reaches: model.roll_reaches.clone(),
            mixed: vec![],
            searched: 0,
            rolls_on: std::sync::OnceLock::new(),
        }
    }

    /// The dense index of the state with these totals (grid levels, the
    /// mover's first).
    pub(crate) fn index(&self, totals: &[usize]) -> usize {
        totals.iter().fold(0, |i, &t| i * self.levels + t)
    }

    /// Every player's chance at `totals`, counted from the mover.
    pub(crate) fn odds(&self, totals: &[usize]) -> Odds {
        self.odds_at(self.index(totals))
    }

    /// Every player's chance at state `i`.
    pub(crate) fn odds_at(&self, i: usize) -> Odds {
        let n = self.players;
        let d = match &self.odds {
            Store::Solved(v) => &v[n * i..n * i + n],
            Store::Mapped(t) => &t.elements::<f64>().expect("checked f64 on loading")[n * i..n * i + n],
        };
        let mut odds = [0.0; MOST];
        odds[..n].copy_from_slice(d);
        odds
    }

    /// The number of turn-start states.
    pub(crate) fn states(&self) -> usize {
        self.levels.pow(u32::try_from(self.players).expect("a few players"))
    }

    /// The totals of a state, for messages: `0-150-300 (mover first)`.
    pub(super) fn describe(&self, totals: &[usize]) -> String {
        let g = self.model.grid;
        let t: Vec<String> = totals.iter().map(|&t| (t as i64 * g).to_string()).collect();
        format!("{} (mover first)", t.join("-"))
    }

    /// The mover's turn at `totals` as the solve's equilibrium plays it:
    /// solved at the state's farkle value, or, where the mover mixes, at
    /// the value of the policy `pick` chooses (`true`: the first, with
    /// probability [`Mix::share`]).
    pub(crate) fn turn_played(
        &self,
        totals: &[usize],
        pick: impl FnOnce(f64) -> bool,
    ) -> crate::pushluck::solution::Solution<'m> {
        let i = self.index(totals);
        let farkle = match self.mixed.iter().find(|m| m.0 == i) {
            Some(&(_, mix)) => {
                if pick(mix.share) {
                    mix.a
                } else {
                    mix.b
                }
            }
            None => self.odds(&after_turn(totals, 0))[self.players - 1],
        };
        self.solve_turn(totals, farkle, 0, &mut vec![]).0
    }

    /// The middle chaser's turn when the leader banked to `x` and the
    /// middle and last chasers are at `b` and `c`: what they play.
    pub(crate) fn middle_turn(&self, x: i64, b: i64, c: i64) -> crate::pushluck::solution::Solution<'m> {
        self.chase.middle_turn(x, b, c)
    }

    /// Expected turns in a game from its start, every player's last turn
    /// included (solved values only: a table keeps it in its facts).
    pub(crate) fn turns_per_game(&self) -> f64 {
        self.turns[0]
    }

    /// Each seat's chance from the start of a game: the first player's,
    /// the second's, ...
    pub(crate) fn seats(&self) -> Vec<f64> {
        self.odds(&vec![0; self.players])[..self.players].to_vec()
    }
}

/// Why `game` cannot be solved for `players` yet, if it cannot.
pub(crate) fn refusal(model: &Model, players: usize) -> Option<&'static str> {
    let r = &model.rules;
    if r.turn.three_farkle_penalty > 0 {
        Some("the three-farkle penalty")
    } else if r.turn.piggyback {
        Some("piggyback")
    } else if r.has_instant_win() && !r.game.exact_goal && model.roll_reaches.is_none() {
        // Far past the goal a bank's worth tends to what the chasers'
        // instant wins leave: the bound of a roll that finds the top there
        // is by its outcomes' gains, which a choice of dice to roll has not.
        Some("instant wins without an exact goal where a player chooses how many dice to roll")
    } else if model.tables.iter().any(|t| t.farkle <= 0.0) {
        Some("rolls that cannot farkle")
    } else if players > 3 && r.has_instant_win() && !r.game.exact_goal && r.game.last_turn {
        // The last round's chasers would chase on past every total
        // ([`chain`]).
        Some("instant wins without an exact goal for four players or more")
    } else {
        None
    }
}

/// What a solve of `players` would take under the three-farkle penalty
/// (every player's farkles in a row, totals down to the pair solver's
/// floor) or piggyback (a leftover offered to the next player, its dice
/// and points, on top of every state of `states`), against the budget,
/// for the refusal: `; ...`, or empty for the rules whose state is the
/// totals alone.
fn larger_state(model: &Model, players: usize, states: u64) -> String {
    let turn = &model.rules.turn;
    let (how, states) = if turn.three_farkle_penalty > 0 {
        let sides = Sides::new(model, super::sides::default_floor(model)).len() as u64;
        ("every player's farkles in a row", sides.saturating_pow(u32::try_from(players).expect("a few players")))
    } else if turn.piggyback {
        let offers = super::offers::LEFTOVER_DICE as u64
            * super::values::WinValues::offer_levels(model, &Sides::new(model, 0)) as u64;
        ("the leftovers (their dice and points) a state may offer", states.saturating_mul(1 + offers))
    } else {
        return String::new();
    };
    // As the solve keeps them: every player's chance and the turns, 32
    // bytes a state (the same budget as `check`'s).
    format!("; counting {how}, it would have {states} states, {}", against_budget(states, states.saturating_mul(32)))
}

/// `needed` bytes for `states` against the budget of the solve of three:
/// `within the budget`, or how far over it.
fn against_budget(states: u64, needed: u64) -> String {
    match check_solve_size(String::new, states, needed, WIN_SOLVE_STATES * 32) {
        Ok(()) => "within the budget".to_string(),
        Err(over) => {
            format!("about {}, {:.1} times the budget of {}", bytes(over.needed), over.factor, bytes(over.budget))
        }
    }
}

/// The refusal of a player count outside [`PLAYERS`]: for the win
/// objective of a push-your-luck `game` and a count the rules are written
/// for (up to six), with what its solve would take.
pub(crate) fn count_refused(game: Option<&PushLuckGame>, players: usize) -> Error {
    let Some(game) = game.filter(|_| (*PLAYERS.end() + 1..=*TABLE_PLAYERS.end()).contains(&players)) else {
        return WinError::PlayersCount(players).into();
    };
    let model = game.win_model();
    let levels = Sides::new(model, 0).len() as u64;
    let states = levels.saturating_pow(u32::try_from(players).expect("at most eight"));
    // As the solve of three keeps them: every player's chance and the
    // turns, 8 bytes each, a state.
    let size = against_budget(states, states.saturating_mul(8 * (players as u64 + 1)));
    WinError::PlayersNotBuilt { game: game.title(), players, goal: model.rules.game.goal, states, size }.into()
}

/// Refuses, before anything is allocated, a solve of `game` for
/// `players` that the solver does not take or that is over the budget;
/// else the number of turn-start states.
///
/// # Errors
/// [`WinError::PlayersCount`], [`WinError::PlayersRules`],
/// [`Error::TooLarge`].
pub(crate) fn check(game: &PushLuckGame, players: usize) -> Result<usize, Error> {
    let states = check_shape(game, players)?;
    check_solve_time(game, players, players_reference_seconds(game, players))?;
    Ok(states)
}

/// [`check`] but for the time: the player count, the rules and the whole
/// table's size (the solve of [`start`] keeps that layout too).
///
/// # Errors
/// As [`check`], but for [`WinError::PlayersTooLong`].
fn check_shape(game: &PushLuckGame, players: usize) -> Result<usize, Error> {
    if !PLAYERS.contains(&players) {
        return Err(count_refused(Some(game), players));
    }
    let model = game.win_model();
    let levels = Sides::new(model, 0).len();
    let states = (levels as u64).saturating_pow(u32::try_from(players).expect("a few players"));
    if let Some(what) = refusal(model, players) {
        let size = larger_state(model, players, states);
        return Err(WinError::PlayersRules { game: game.title(), players, what, size }.into());
    }
    let g = model.grid;
    let goal = model.rules.game.goal;
    // Per state: every player's chance and the expected turns, 8 bytes each.
    check_solve_size(
        || format!("{} to win, {players} players (goal {goal} in steps of {g}: {states} states)", game.title()),
        states,
        states.saturating_mul(8 * (players as u64 + 1)),
        WIN_SOLVE_STATES * 32,
    )?;
    Ok(usize::try_from(states).expect("checked against the budget"))
}

/// Refuses a solve of `game` for `players` whose work would take longer
/// than [`PLAYERS_SOLVE_SECONDS`] on the development machine, naming the
/// largest goal that fits: the work grows as the totals' count to the
/// power of the players, so the goal that fits is about the goal times the
/// budget's share of the work to the `1 / players`, rounded down to 500.
fn check_solve_time(game: &PushLuckGame, players: usize, seconds: f64) -> Result<(), Error> {
    if seconds <= PLAYERS_SOLVE_SECONDS {
        return Ok(());
    }
    let goal = game.win_model().rules.game.goal;
    let scale = (PLAYERS_SOLVE_SECONDS / seconds).powf(1.0 / players as f64);
    // `as`: a goal below the one asked, which is at most `GOAL_MAX`.
    #[allow(clippy::cast_possible_truncation)]
    let fits = ((goal as f64 * scale / 500.0).floor() as i64 * 500).max(0);
    Err(WinError::PlayersTooLong {
        game: game.title(),
        players,
        goal,
        about: about(seconds),
        budget: about(PLAYERS_SOLVE_SECONDS),
        fits,
    }
    .into())
}

/// Solves the win objective of `game` for `players` players: every
/// turn-start state.
///
/// # Errors
/// A player count or rules the solver does not take; a goal too large for
/// the budget.
pub(crate) fn solve<'m>(
    game: &'m PushLuckGame,
    players: usize,
    progress: &dyn Progress,
) -> Result<PlayersValues<'m>, Error> {
    solve_from(game, players, Start::Extrapolated, progress)
}

/// [`solve`], each class's iteration starting as `start_from` says.
///
/// # Errors
/// As [`solve`].
pub(crate) fn solve_from<'m>(
    game: &'m PushLuckGame,
    players: usize,
    start_from: Start,
    progress: &dyn Progress,
) -> Result<PlayersValues<'m>, Error> {
    solve_on(game, game.win_model(), players, start_from, progress)
}

/// [`solve_from`] on `model`: `game`'s rules compiled with other
/// [`crate::pushluck::model::Ties`] (to measure what the solver's own
/// rule does).
///
/// # Errors
/// As [`solve`].
pub(crate) fn solve_on<'m>(
    game: &PushLuckGame,
    model: &'m Model,
    players: usize,
    start_from: Start,
    progress: &dyn Progress,
) -> Result<PlayersValues<'m>, Error> {
    let states = check(game, players)?;
    solve_states(game, model, players, start_from, states, None, progress)
}

/// The solve of [`solve_on`] for `states` turn-start states, of them only
/// those whose every total is `reached` where that is given (the rest left
/// NaN: [`start`]).
fn solve_states<'m>(
    game: &PushLuckGame,
    model: &'m Model,
    players: usize,
    start_from: Start,
    states: usize,
    reached: Option<&[bool]>,
    progress: &dyn Progress,
) -> Result<PlayersValues<'m>, Error> {
    let levels = Sides::new(model, 0).len();
    progress.stage("the last turns after the goal", 1);
    let last = Arc::new(LastTurn::solve(model));
    progress.advance(1);
    let mut values =
        PlayersValues::new(model, players, start_from, Store::Solved(vec![f64::NAN; states * players]), last);
    values.turns = vec![f64::NAN; states];
    let mut classes = classes_by_sum(players, levels);
    if let Some(reached) = reached {
        for sum in &mut classes {
            sum.retain(|&first| decode(first, players, levels).iter().all(|&t| reached[t]));
        }
    }
    let solving =
        classes.iter().flatten().map(|&first| rotations(&decode(first, players, levels)).len()).sum::<usize>();
    progress.stage("every turn's start: each player's total", solving as u64);
    for sum in classes.iter().rev() {
        // The middle chaser's turns this sum's banks past the goal ask
        // for, solved first on both cores.
        if players == 3 {
            let mut pairs: Vec<(usize, usize)> = sum
                .iter()
                .flat_map(|&first| rotations(&decode(first, players, levels)))
                .map(|t| (t[1], t[2]))
                .collect();
            pairs.sort_unstable();
            pairs.dedup();
            values.chase.solve_ahead(&pairs);
        }
        // A few classes to a task: their first turns fill the SIMD lanes.
        let solved: Vec<(Vec<Vec<usize>>, cycle::Solved)> = sum
            .par_chunks(CLASSES_A_TASK)
            .flat_map_iter(|firsts| {
                let classes: Vec<Vec<Vec<usize>>> =
                    firsts.iter().map(|&first| rotations(&decode(first, players, levels))).collect();
                let solved = values.solve_classes(&classes);
                classes.into_iter().zip(solved).map(|(class, solved)| solved.map(|s| (class, s)))
            })
            .collect::<Result<_, Error>>()?;
        if let Some(state) = values.rolls_on.get() {
            return Err(WinError::RollsOnPastGoal { game: game.title(), players, state: state.clone() }.into());
        }
        let mut done = 0;
        for (class, solved) in solved {
            for ((s, o), t) in class.iter().zip(solved.odds).zip(solved.turns) {
                let i = values.index(s);
                let Store::Solved(odds) = &mut values.odds else { unreachable!("a solve's own store") };
                odds[players * i..players * (i + 1)].copy_from_slice(&o[..players]);
                values.turns[i] = t;
            }
            done += class.len();
            values.turn_dps += solved.dps;
            values.searched += usize::from(solved.searched);
            let mixed: Vec<(usize, Mix)> =
                solved.mixed.iter().map(|&(k, mix)| (values.index(&class[k]), mix)).collect();
            values.mixed.extend(mixed);
        }
        progress.advance(done as u64);
    }
    progress.finish();
    Ok(values)
}

/// The totals of state `i`.
fn decode(mut i: usize, players: usize, levels: usize) -> Vec<usize> {
    let mut t = vec![0; players];
    for t in t.iter_mut().rev() {
        *t = i % levels;
        i /= levels;
    }
    t
}

/// The state the mover's turn at `totals` leads to when it raises their
/// total by `gain` levels (0: a farkle, or a stop that scores nothing): the
/// next player moves, the mover is last.
fn after_turn(totals: &[usize], gain: usize) -> Vec<usize> {
    let mut next = totals[1..].to_vec();
    next.push(totals[0] + gain);
    next
}

/// The distinct rotations of `totals`: each the one before with its mover
/// moved to the end (where a farkle leads).
fn rotations(totals: &[usize]) -> Vec<Vec<usize>> {
    let mut out = vec![totals.to_vec()];
    loop {
        let next = after_turn(out.last().expect("one at least"), 0);
        if next == totals {
            return out;
        }
        out.push(next);
    }
}

/// Per sum of totals (grid levels), the index of each rotation class's
/// least state.
fn classes_by_sum(players: usize, levels: usize) -> Vec<Vec<usize>> {
    let mut by_sum = vec![vec![]; players * (levels - 1) + 1];
    let states = levels.pow(u32::try_from(players).expect("a few players"));
    for i in 0..states {
        let t = decode(i, players, levels);
        if rotations(&t).iter().all(|r| *r >= t) {
            by_sum[t.iter().sum::<usize>()].push(i);
        }
    }
    by_sum
}
