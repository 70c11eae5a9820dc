//! Head-to-head simulation of a push-your-luck game between policies:
//! every ordered pairing of the players asked for, with win rates, 95%
//! confidence intervals and game lengths.
//!
//! ## Players
//! - `optimal`: plays to win (the win table, [`super::win`]); its last turn
//!   maximises the chance of passing the leader.
//! - `ev`: the expected-score policy of the game's own tables (this turn's
//!   points; with the three-farkle penalty, a third farkle costs its
//!   penalty in the turn).
//! - `threshold=N`: sets aside every scoring die (the set-aside that scores
//!   most) and banks as soon as the turn's points reach N and a bank
//!   counts.
//! - `human`: follows the printed strategy sheet (`sixdice strategy`): banks
//!   where the sheet's row for its dice says so, and sets aside every
//!   scoring die.
//! - `win-sheet`: banks where the sheet to win says so (`sixdice strategy
//!   --objective win`, fitted with its default games and seed: its row for
//!   the dice and the score difference) and sets aside as the exact policy
//!   does (the sheet is about banking only; `advise` answers set-asides),
//!   so that it measures what the sheet's simplification of the bank
//!   decision costs.
//!
//! With piggyback a bank that leaves 1 to 5 dice not set aside offers them,
//! with the turn's points, to the next player, who either starts fresh or
//! rolls them: `optimal` (and `win-sheet`) when the win table values the
//! roll higher than a fresh turn, `ev` when its expected turn score is
//! higher, `human` from the sheet's "piggyback from" row for that many
//! dice, and `threshold=N` when the inherited points reach its N. The
//! report counts the turns started on a leftover.
//!
//! The last turn (the opponent has reached the goal) is played for a pass:
//! `optimal` and `ev` play it exactly (the turn that maximises the chance
//! of passing the leader, as the win solver values it, so that `ev` here is
//! the player `compare` evaluates exactly); `threshold=N` and `human` set
//! aside every scoring die and roll on until their turn total passes the
//! leader, then bank (as does `win-sheet`). On the leader's leftover, the
//! exact last turn rolls it when that passes more often; the others start
//! fresh.
//!
//! ## Speed
//! Turns are walked on the compiled turn model ([`super::model`]): a roll
//! is one draw against the context's cumulative probabilities of its
//! outcome classes, a set-aside one pick among that class's encoded
//! successors, so a roll costs a few dozen nanoseconds. The optimal
//! player's turn at each pair of sides is solved the first time a game
//! reaches it and kept (its value array only) for the rest of the run.
//!
//! ## Reproducibility
//! Game `i` of a pairing draws its dice from a generator seeded by the
//! run's seed, the pairing and `i`: the same seed plays the same games
//! whatever the number of threads.

use std::collections::HashMap;
use std::path::Path;
use std::sync::OnceLock;
use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use super::level_total;
use super::model::{dice_of, hot_end, Model, Params, TurnState, HOT_END, HOT_INSTANT};
use super::rules::Stop;
use super::solution::{leftover_class, Solution};
use super::strategy::strategy;
use super::win::sheet::win_sheet;
use super::win::table::{game_facts_with, load as load_win};
use super::win::{self, last_turn, leftover_context, Side, Sides, WinValues};
use super::PushLuckGame;
use crate::error::Error;
use crate::error::PlayersError;
use crate::limits::PLAYERS_MAX;
use crate::limits::SHEET_GAMES;
use crate::progress::Progress;
use crate::question::{SimulateQuestion, StrategyQuestion};
use crate::report::Objective;
use crate::report::StrategySection;
use crate::report::WinSheet;
use crate::report::{Pairing, PlayersReport};

/// A game still running after this many turns is stopped and counted as
/// unfinished (no built-in rule set comes near it).
const TURNS_MAX: u32 = 100_000;

/// A policy to simulate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Player {
    Optimal,
    Ev,
    Threshold(i64),
    Human,
    /// Follows the sheet to win (`strategy --objective win`).
    WinSheet,
}

impl Player {
    /// `optimal`, `ev`, `threshold=N` or `human`.
    pub(crate) fn parse(s: &str) -> Result<Player, PlayersError> {
        match s.trim() {
            "optimal" => Ok(Player::Optimal),
            "ev" => Ok(Player::Ev),
            "human" => Ok(Player::Human),
            "win-sheet" => Ok(Player::WinSheet),
            t => match t.strip_prefix("threshold=") {
                Some(n) => n
                    .parse::<i64>()
                    .ok()
                    .filter(|v| (1..=100_000).contains(v))
                    .map(Player::Threshold)
                    .ok_or_else(|| PlayersError::Threshold(n.into())),
                None => Err(PlayersError::Unknown(t.into())),
            },
        }
    }

    pub(crate) fn name(&self) -> String {
        match self {
            Player::Optimal => "optimal".into(),
            Player::Ev => "ev".into(),
            Player::Threshold(n) => format!("threshold={n}"),
            Player::Human => "human".into(),
            Player::WinSheet => "win-sheet".into(),
        }
    }
}

/// Draws rolls of a model's contexts: per context the farkle probability
/// then the cumulative probabilities of its outcome classes.
struct Dice<'m> {
    model: &'m Model,
    cumulative: Vec<Vec<f64>>,
    start: usize,
}

impl<'m> Dice<'m> {
    fn new(model: &'m Model) -> Dice<'m> {
        let cumulative = model
            .tables
            .iter()
            .map(|t| {
                let mut acc = t.farkle;
                t.rolls
                    .iter()
                    .map(|r| {
                        acc += r.0;
                        acc
                    })
                    .collect()
            })
            .collect();
        let start = model.context_of(&TurnState::start()).ok().flatten().expect("a fresh turn rolls");
        Dice { model, cumulative, start }
    }

    /// The successors of one roll in context `c`, or `None` for a farkle.
    fn roll(&self, c: usize, rng: &mut SmallRng) -> Option<&'m [u32]> {
        let t = &self.model.tables[c];
        let u: f64 = rng.gen();
        if u < t.farkle {
            return None;
        }
        let cum = &self.cumulative[c];
        let i = cum.partition_point(|&x| x <= u).min(cum.len() - 1);
        let (_, a, b) = t.rolls[i];
        Some(&t.hot[a as usize..b as usize])
    }

    /// Plays a turn from `from` (a fresh start, or the level and context of
    /// a piggyback roll): `pick` chooses among a roll's encoded successors
    /// at a level, `stop` says whether to bank at a decision state.
    fn walk(
        &self,
        rng: &mut SmallRng,
        from: Option<(usize, usize)>,
        mut pick: impl FnMut(usize, &[u32]) -> u32,
        mut stop: impl FnMut(usize, usize) -> bool,
    ) -> Ended {
        let n = self.model.contexts();
        let g = self.model.grid;
        let (mut level, mut c) = from.unwrap_or((0, self.start));
        let left = |k: usize| u8::try_from(leftover_class(k)).expect("at most five dice");
        loop {
            let Some(hot) = self.roll(c, rng) else { return Ended::Farkle };
            let x = pick(level, hot);
            if x == HOT_INSTANT {
                return Ended::Instant;
            }
            if x & HOT_END != 0 {
                let (gain, k) = hot_end(x);
                return Ended::Bank(level_total(level + gain, g), left(k));
            }
            level += x as usize / n;
            c = x as usize % n;
            if stop(level, c) {
                return Ended::Bank(level_total(level, g), left(dice_of(c)));
            }
        }
    }

    /// Where a piggyback roll on `k` leftover dice with `t` inherited
    /// points starts in this model: (level, context).
    fn leftover_start(&self, k: u8, t: i64) -> Option<(usize, usize)> {
        let g = self.model.grid;
        if t <= 0 || t % g != 0 {
            return None;
        }
        Some((usize::try_from(t / g).ok()?, leftover_context(self.model, usize::from(k))?))
    }

    /// The successor that scores most (every scoring die set aside); an
    /// instant win first.
    fn most_points(&self, hot: &[u32]) -> u32 {
        let n = self.model.contexts() as u32;
        let gain = |x: u32| -> u32 {
            if x == HOT_INSTANT {
                u32::MAX
            } else if x & HOT_END != 0 {
                hot_end(x).0 as u32
            } else {
                x / n
            }
        };
        let mut best = hot[0];
        for &x in hot {
            if gain(x) > gain(best) {
                best = x;
            }
        }
        best
    }
}

/// How a turn ended.
/// A bank-or-roll decision of the optimal player in a simulated game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Decision {
    /// The mover's side and the opponent's ([`Sides`] indices).
    pub(crate) a: usize,
    pub(crate) b: usize,
    pub(crate) turn_total: i64,
    /// Dice to roll next.
    pub(crate) dice: u8,
    /// Roll class of the turn model (rolls made, for games that count them).
    pub(crate) roll_class: u8,
    /// The exact policy banks.
    pub(crate) bank: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ended {
    Farkle,
    /// Turn points, and dice left not set aside (0: none to take over).
    Bank(i64, u8),
    Instant,
}

/// Everything the players of one run need, built once.
struct Arena<'g> {
    game: &'g PushLuckGame,
    sides: Sides,
    /// Sides of the expected-score model (totals and farkles are the same
    /// game facts; the optimal player's are those of the win table).
    win: Option<WinValues<'g>>,
    /// The optimal player's turn per pair of sides, solved on first use.
    turns: Vec<OnceLock<Solution<'g>>>,
    /// Last turns of the optimal player per (on the board, points needed).
    last: std::sync::Mutex<HashMap<(bool, i64), std::sync::Arc<Solution<'g>>>>,
    win_dice: Dice<'g>,
    dice: Dice<'g>,
    /// Expected-score turns per (on the board, two farkles, points to the goal).
    ev: HashMap<Params, Solution<'g>>,
    /// The strategy sheet's sections (human player).
    sheet: Vec<StrategySection>,
    /// The sheet to win (win-sheet player).
    win_sheet: Option<WinSheet>,
}

impl<'g> Arena<'g> {
    fn ev_key(&self, s: Side) -> Params {
        s.turn_params(&self.game.rules)
    }

    /// The optimal player's turn at sides `(a, b)`, solved on first use.
    fn optimal_turn(&self, a: usize, b: usize) -> &Solution<'g> {
        let values = self.win.as_ref().expect("loaded for an optimal player");
        self.turns[a * self.sides.len() + b].get_or_init(|| {
            let mut s = values.turn(a, b);
            s.roll_values = Vec::new(); // play reads decision values only
            s
        })
    }

    /// Whether the mover at side `a` may take over leftover dice.
    fn may_piggyback(&self, me: Side) -> bool {
        let turn = &self.game.rules.turn;
        turn.piggyback && (me.on_board || !turn.piggyback_needs_board)
    }

    /// Where `who`'s turn at `(a, b)` starts on `dice`'s model when the
    /// previous bank offers `offer` (leftover dice, inherited points):
    /// `Some` to piggyback (see the module documentation), `None` to start
    /// fresh.
    fn piggyback_start(
        &self,
        who: Player,
        a: usize,
        b: usize,
        offer: Option<(u8, i64)>,
        dice: &Dice,
    ) -> Option<(usize, usize)> {
        let (k, t) = offer?;
        let me = self.sides.side(a);
        if !self.may_piggyback(me) {
            return None;
        }
        let start = dice.leftover_start(k, t)?;
        let takes = match who {
            Player::Optimal | Player::WinSheet => {
                let values = self.win.as_ref().expect("loaded for an optimal player");
                let level = usize::try_from(t / values.model.grid).ok()?;
                let roll = values.offers.as_ref().and_then(|o| o.piggyback(a, b, usize::from(k), level));
                roll.is_some_and(|r| r > values.at(a, b))
            }
            Player::Ev => {
                let sol = &self.ev[&self.ev_key(me)];
                sol.roll_value(&TurnState::leftover(k, t)).is_ok_and(|v| v > sol.start_value())
            }
            Player::Threshold(n) => t >= n,
            Player::Human => self
                .section(me)
                .piggyback_from
                .iter()
                .any(|row| row.leftover_dice == k && row.inherited_from.is_some_and(|from| t >= from)),
        };
        takes.then_some(start)
    }

    /// The strategy sheet's section for a player at side `me` (human player).
    fn section(&self, me: Side) -> &StrategySection {
        let p = self.ev_key(me);
        self.sheet
            .iter()
            .find(|s| s.on_board == p.on_board && s.two_farkles_in_a_row == p.last_chance)
            .expect("the sheet has every section")
    }

    /// The dice (turn model) `who` plays on.
    fn dice_for(&self, who: Player) -> &Dice<'g> {
        match who {
            Player::Optimal | Player::WinSheet => &self.win_dice,
            Player::Ev | Player::Threshold(_) | Player::Human => &self.dice,
        }
    }

    /// Plays `who`'s turn at sides `(a, b)`, from `from` (a fresh start,
    /// or a piggyback roll on [`Self::dice_for`]'s model); `watch` sees the
    /// optimal player's bank-or-roll decisions.
    fn turn(
        &self,
        who: Player,
        (a, b): (usize, usize),
        from: Option<(usize, usize)>,
        rng: &mut SmallRng,
        watch: Option<&mut dyn FnMut(Decision)>,
    ) -> Ended {
        let me = self.sides.side(a);
        let counts = |t: i64| self.game.rules.turn.stop(me.on_board, t) == Stop::Counts;
        match who {
            Player::Optimal => {
                let sol = self.optimal_turn(a, b);
                let Some(watch) = watch else { return play(&self.win_dice, sol, from, rng) };
                let model = self.win_dice.model;
                self.win_dice.walk(
                    rng,
                    from,
                    |level, hot| sol.best_successor(level, hot),
                    |level, c| {
                        let bank = sol.stops_at(level, c);
                        let t = level_total(level, model.grid);
                        if counts(t) {
                            let (dice, rolls, _) = model.unctx(c);
                            watch(Decision { a, b, turn_total: t, dice: dice as u8, roll_class: rolls as u8, bank });
                        }
                        bank
                    },
                )
            }
            Player::Ev => play(&self.dice, &self.ev[&self.ev_key(me)], from, rng),
            Player::Threshold(n) => {
                let g = self.dice.model.grid;
                self.dice.walk(
                    rng,
                    from,
                    |_, hot| self.dice.most_points(hot),
                    |l, _| {
                        let t = level_total(l, g);
                        t >= n && counts(t)
                    },
                )
            }
            Player::WinSheet => {
                let sheet = self.win_sheet.as_ref().expect("fitted for a win-sheet player");
                let them = self.sides.side(b);
                let sol = self.optimal_turn(a, b);
                let m = self.win_dice.model;
                self.win_dice.walk(
                    rng,
                    from,
                    |level, hot| sol.best_successor(level, hot),
                    |l, c| {
                        let t = level_total(l, m.grid);
                        let (k, r, _) = m.unctx(c);
                        counts(t) && sheet.rules.banks(me.total, me.on_board, them.total, t, k as u8, r as u32)
                    },
                )
            }
            Player::Human => {
                let section = self.section(me);
                let m = self.dice.model;
                let g = m.grid;
                let limited = self.game.rules.turn.max_rolls > 0;
                self.dice.walk(
                    rng,
                    from,
                    |_, hot| self.dice.most_points(hot),
                    |l, c| {
                        let t = level_total(l, g);
                        let (k, r, _) = m.unctx(c);
                        let rolls_made = if limited { r as u32 } else { 1 };
                        let row = section
                            .bank_at
                            .iter()
                            .find(|row| usize::from(row.dice_to_roll) == k && row.rolls_made == rolls_made);
                        counts(t)
                            && row.is_some_and(|row| {
                                row.bank_from.is_some_and(|f| t >= f) || row.also_bank_at.contains(&t)
                            })
                    },
                )
            }
        }
    }

    /// Plays `who`'s last turn: it wins by ending above `need` points;
    /// `offer` is the leader's leftover, if any.
    fn last_turn(&self, who: Player, me: Side, need: i64, offer: Option<(u8, i64)>, rng: &mut SmallRng) -> bool {
        let rules = &self.game.rules;
        let counts = |t: i64| rules.turn.stop(me.on_board, t) == Stop::Counts;
        let ended = match who {
            Player::Optimal | Player::Ev => {
                let sol = {
                    let mut cache = self.last.lock().expect("not poisoned");
                    cache
                        .entry((me.on_board, need))
                        .or_insert_with(|| {
                            let model = self.win_dice.model;
                            std::sync::Arc::new(last_turn(model, me.on_board, need))
                        })
                        .clone()
                };
                // Roll the leader's leftover when that passes more often.
                let from = offer.filter(|_| self.may_piggyback(me)).and_then(|(k, t)| {
                    let better = sol.roll_value(&TurnState::leftover(k, t)).is_ok_and(|v| v > sol.start_value());
                    better.then(|| self.win_dice.leftover_start(k, t)).flatten()
                });
                play(&self.win_dice, &sol, from, rng)
            }
            _ => {
                let g = self.dice.model.grid;
                self.dice.walk(
                    rng,
                    None,
                    |_, hot| self.dice.most_points(hot),
                    |l, _| {
                        let t = level_total(l, g);
                        t > need && counts(t)
                    },
                )
            }
        };
        match ended {
            Ended::Instant => true,
            Ended::Bank(t, _) => counts(t) && t > need,
            Ended::Farkle => false,
        }
    }

    /// One game: the winner (0 = first player; `None` unfinished), the
    /// number of turns and the number of turns started on a leftover.
    fn game(
        &self,
        players: [Player; 2],
        rng: &mut SmallRng,
        mut watch: Option<&mut dyn FnMut(Decision)>,
    ) -> (Option<usize>, u32, u32) {
        let rules = &self.game.rules;
        let goal = rules.game.goal;
        let start = self.sides.of_question(0, 0).expect("0 is a total");
        let mut side = [start, start];
        let mut mover = 0;
        // What the previous bank left to take over: (dice, points).
        let mut offer: Option<(u8, i64)> = None;
        let mut piggybacks = 0;
        for turn in 1..=TURNS_MAX {
            let (a, b) = (side[mover], side[1 - mover]);
            let me = self.sides.side(a);
            let watching: Option<&mut dyn FnMut(Decision)> = match &mut watch {
                Some(w) => Some(&mut **w),
                None => None,
            };
            let who = players[mover];
            let from = self.piggyback_start(who, a, b, offer.take(), self.dice_for(who));
            piggybacks += u32::from(from.is_some());
            let ended = self.turn(who, (a, b), from, rng, watching);
            match ended {
                Ended::Instant => return (Some(mover), turn, piggybacks),
                Ended::Farkle => side[mover] = self.sides.after_farkle(a),
                Ended::Bank(t, left) => match rules.turn.stop(me.on_board, t) {
                    // A forced end where no bank is allowed scores nothing, like a farkle.
                    Stop::Forbidden => side[mover] = self.sides.after_farkle(a),
                    Stop::ScoresNothing => side[mover] = self.sides.after_pass(a),
                    Stop::Counts => {
                        let x = me.total + t;
                        let leftover = (rules.turn.piggyback && left > 0).then_some((left, t));
                        if rules.game.exact_goal && x > goal {
                            side[mover] = self.sides.after_pass(a);
                        } else if x >= goal {
                            if !rules.game.last_turn || rules.game.exact_goal {
                                return (Some(mover), turn, piggybacks);
                            }
                            let them = self.sides.side(b);
                            let passes = self.last_turn(players[1 - mover], them, x - them.total, leftover, rng);
                            return (Some(if passes { 1 - mover } else { mover }), turn + 1, piggybacks);
                        } else {
                            side[mover] = self.sides.after_bank(x);
                            offer = leftover;
                        }
                    }
                },
            }
            mover = 1 - mover;
        }
        (None, TURNS_MAX, piggybacks)
    }
}

impl<'g> Arena<'g> {
    /// The arena for `players` (`win`: the win table, for `optimal`).
    fn new(game: &'g PushLuckGame, win: Option<WinValues<'g>>, players: &[Player]) -> Result<Arena<'g>, Error> {
        let model = game.win_model();
        let sides = match &win {
            Some(v) => v.sides,
            None => Sides::new(model, win::sides::default_floor(model)),
        };
        let m = sides.len();
        let mut arena = Arena {
            game,
            sides,
            turns: if win.is_some() { (0..m * m).map(|_| OnceLock::new()).collect() } else { vec![] },
            win,
            last: std::sync::Mutex::new(HashMap::new()),
            win_dice: Dice::new(model),
            dice: Dice::new(game.model()),
            ev: HashMap::new(),
            sheet: vec![],
            win_sheet: None,
        };
        if players.contains(&Player::Ev) {
            for i in 0..m {
                let key = arena.ev_key(sides.side(i));
                if let std::collections::hash_map::Entry::Vacant(e) = arena.ev.entry(key) {
                    e.insert(game.model().solve(key)?);
                }
            }
        }
        if players.contains(&Player::Human) {
            arena.sheet = strategy(game)?.sections;
        }
        if players.contains(&Player::WinSheet) {
            let values = arena.win.clone().expect("loaded for a win-sheet player");
            let q = StrategyQuestion { objective: Objective::Win, games: SHEET_GAMES, seed: 1, dice: None, map: false };
            arena.win_sheet = Some(win_sheet(game, values, &q)?);
        }
        Ok(arena)
    }
}

/// The optimal player's bank-or-roll decisions in `games` seeded games of
/// optimal against optimal play (`values`: the solved win table), one set
/// of games per seed.
///
/// # Errors
/// None in practice (the arena of optimal players solves nothing up front).
pub(crate) fn optimal_decisions<'g>(
    game: &'g PushLuckGame,
    values: WinValues<'g>,
    games: u64,
    seeds: &[u64],
) -> Result<Vec<Vec<Decision>>, Error> {
    let arena = Arena::new(game, Some(values), &[Player::Optimal])?;
    let chunk = 1024u64;
    Ok(seeds
        .iter()
        .map(|&seed| {
            (0..games.div_ceil(chunk))
                .into_par_iter()
                .flat_map_iter(|c| {
                    let mut seen = vec![];
                    for i in c * chunk..((c + 1) * chunk).min(games) {
                        let mut rng = SmallRng::seed_from_u64(game_seed(seed, 0, i));
                        arena.game([Player::Optimal, Player::Optimal], &mut rng, Some(&mut |d| seen.push(d)));
                    }
                    seen
                })
                .collect()
        })
        .collect())
}

/// Plays a turn by a solved policy, from `from` (see [`Dice::walk`]).
fn play(dice: &Dice, sol: &Solution, from: Option<(usize, usize)>, rng: &mut SmallRng) -> Ended {
    dice.walk(rng, from, |level, hot| sol.best_successor(level, hot), |level, c| sol.stops_at(level, c))
}

/// The seed of game `i` of pairing `p`.
fn game_seed(seed: u64, p: u64, i: u64) -> u64 {
    let mix = |x: u64| x.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    seed ^ mix(i) ^ mix(p).rotate_left(32)
}

/// Wilson score interval for `k` successes in `n` trials, 95%.
fn wilson(k: u64, n: u64) -> [f64; 2] {
    let (k, n) = (k as f64, n as f64);
    let z = 1.959_963_984_540_054;
    let p = k / n;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// Plays every ordered pairing of `q.players`, `q.games` games each.
///
/// # Errors
/// Unknown players, a game count out of range, or (with an optimal player)
/// a win table that is missing and slow to solve.
pub(crate) fn simulate(
    game: &PushLuckGame,
    tables: &Path,
    q: &SimulateQuestion,
    progress: &dyn Progress,
) -> Result<PlayersReport, Error> {
    let setup = Instant::now();
    let named: Vec<&str> =
        if q.players.is_empty() { vec!["optimal", "ev"] } else { q.players.iter().map(String::as_str).collect() };
    let players: Vec<Player> = named.into_iter().map(Player::parse).collect::<Result<_, _>>()?;
    if players.is_empty() || players.len() > PLAYERS_MAX {
        return Err(PlayersError::Count(players.len()).into());
    }
    let needs_win = players.contains(&Player::Optimal) || players.contains(&Player::WinSheet);
    let win = if needs_win { Some(load_win(game, tables, progress)?) } else { None };
    let facts = match &win {
        Some(values) if players.contains(&Player::Ev) => game_facts_with(game, tables, values)?,
        _ => None,
    };
    let arena = Arena::new(game, win, &players)?;
    let pairs: Vec<(Player, Player)> = players.iter().flat_map(|&x| players.iter().map(move |&y| (x, y))).collect();
    let started = Instant::now();
    progress.stage("games", q.games * pairs.len() as u64);
    let mut out = Vec::with_capacity(pairs.len());
    for (p, &(x, y)) in pairs.iter().enumerate() {
        let chunk = 4096u64;
        let (wins, turns, squares, unfinished, piggybacks) = (0..q.games.div_ceil(chunk))
            .into_par_iter()
            .map(|c| {
                let (mut wins, mut turns, mut squares, mut unfinished, mut piggybacks) = (0u64, 0u64, 0u64, 0u64, 0u64);
                let end = ((c + 1) * chunk).min(q.games);
                for i in c * chunk..end {
                    let mut rng = SmallRng::seed_from_u64(game_seed(q.seed, p as u64, i));
                    let (winner, t, pig) = arena.game([x, y], &mut rng, None);
                    wins += u64::from(winner == Some(0));
                    unfinished += u64::from(winner.is_none());
                    turns += u64::from(t);
                    squares += u64::from(t) * u64::from(t);
                    piggybacks += u64::from(pig);
                }
                progress.advance(end - c * chunk);
                (wins, turns, squares, unfinished, piggybacks)
            })
            .reduce(|| (0, 0, 0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2, a.3 + b.3, a.4 + b.4));
        let exact = match (x, y) {
            (Player::Optimal, Player::Optimal) => arena.win.as_ref().map(WinValues::first),
            (Player::Optimal, Player::Ev) => facts.map(|f| f.optimal_first_vs_ev),
            (Player::Ev, Player::Optimal) => facts.map(|f| f.ev_first_vs_optimal),
            _ => None,
        };
        let n = q.games as f64;
        let mean_turns = turns as f64 / n;
        let variance = (squares as f64 / n - mean_turns * mean_turns).max(0.0) * n / (n - 1.0).max(1.0);
        out.push(Pairing {
            first: x.name(),
            second: y.name(),
            games: q.games,
            first_wins: wins,
            first_win_rate: wins as f64 / q.games as f64,
            ci95: wilson(wins, q.games),
            exact,
            mean_turns,
            mean_turns_std_error: (variance / n).sqrt(),
            unfinished,
            piggybacks_per_game: game.rules.turn.piggyback.then(|| piggybacks as f64 / n),
        });
    }
    progress.finish();
    let seconds = started.elapsed().as_secs_f64();
    Ok(PlayersReport {
        game: game.reference(),
        players: players.iter().map(Player::name).collect(),
        seed: q.seed,
        games_per_second: (q.games * pairs.len() as u64) as f64 / seconds.max(1e-9),
        setup_seconds: (started - setup).as_secs_f64(),
        seconds,
        pairings: out,
    })
}

#[cfg(test)]
mod tests;
