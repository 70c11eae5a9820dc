//! Head to head: the to-win rule of [`super::advise`] against the
//! expected-score play, in seeded games of two seats (the rule's seat
//! first in even games, second in odd ones).
//!
//! Every turn of the rule's seat reads the other seat's sheet as it stands
//! (its final score's exact distribution under the expected-score play,
//! which is how that seat plays; a full sheet its total) and makes, on
//! every roll, the choice `advise --opponent-sheet` ranks first: the
//! highest value of the rule, the first of equal ones in the turn's order
//! of choices. The other seat plays as `simulate` does. The run counts
//! wins, ties and losses and how many of the rule's choices differ from
//! the expected-score play's, which the rule's seat also computes.
//!
//! Needed scores at or below 0 are reached by every play and those above
//! the most the sheet can still give by none, so the run of needed scores
//! the turn DP goes through is cut to what lies between: the values, and
//! so the choices, are the same.

use std::path::Path;
use std::time::Instant;

use rand::rngs::SmallRng;
use rand::SeedableRng;
use rayon::prelude::*;

use super::advise::WinTables;
use super::field::certain;
use crate::category::distribution::summary::summarize;
use crate::category::model::CategoryGame;
use crate::category::table::{open_or_solve as open_or_solve_values, Storage};
use crate::category::target::table::TargetBands;
use crate::category::turn::Indexed;
use crate::category::turn::{first_best, Choice, Position, Run, TurnDp, Values};
use crate::dice::{dice_count, roll_onto, Counts, FACES};
use crate::error::{AdviseError, Error};
use crate::interval::wilson;
use crate::progress::Progress;
use crate::question::SimulateQuestion;
use crate::report::{DuelResults, ScoreDistribution, SheetDuelReport};

/// One seat's sheet as the game goes.
#[derive(Clone, Copy)]
pub(super) struct Seat {
    mask: u32,
    lane: usize,
    total: f64,
}

impl Seat {
    fn start(dp: &TurnDp) -> Seat {
        let game = dp.game();
        let state = crate::category::model::Sheet::empty(game).state(game);
        let number = dp.index().state_number(&state).expect("the empty sheet is a state");
        Seat { mask: state.mask, lane: number - dp.index().offset(state.mask), total: 0.0 }
    }

    /// The seat of a sheet (reachable, checked by the caller).
    #[cfg(test)]
    pub(super) fn of_sheet(dp: &TurnDp, sheet: &crate::category::model::Sheet) -> Seat {
        let (mask, lane) = crate::category::advise::locate(dp, sheet).expect("a reachable sheet");
        Seat { mask, lane, total: f64::from(sheet.total(dp.game())) }
    }

    fn full(&self, dp: &TurnDp) -> bool {
        self.mask == dp.game().full_mask()
    }

    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // whole points
    fn points(&self) -> u32 {
        self.total.round() as u32
    }

    /// Scores `dice` in box `cat` for `points` (the rules' points).
    fn score(&mut self, dp: &TurnDp, dice: &Counts, cat: usize, points: u32) {
        let (eff, extra) = dp.index().lane_state(self.mask, self.lane);
        let step = dp.after_scoring(self.mask, eff, extra, cat, points);
        self.total += step.gained + f64::from(dp.game().extra.roll_bonus(self.mask, extra, dice));
        self.mask |= 1 << cat;
        self.lane = step.lane;
    }
}

/// How a run of games went, from the rule's seat.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    pub(crate) games: u64,
    /// Games the rule's seat won, tied, as first and as second seat.
    pub(crate) wins: [u64; 2],
    pub(crate) ties: [u64; 2],
    /// The rule's choices, and those that differ from the expected-score
    /// play's.
    pub(crate) choices: u64,
    pub(crate) differing: u64,
}

impl Tally {
    fn add(mut self, o: Tally) -> Tally {
        self.games += o.games;
        for k in 0..2 {
            self.wins[k] += o.wins[k];
            self.ties[k] += o.ties[k];
        }
        self.choices += o.choices;
        self.differing += o.differing;
        self
    }
}

/// The other seat's final score as the rule takes it.
fn other_final(dp: &TurnDp, tables: &WinTables, seat: &Seat) -> ScoreDistribution {
    if seat.full(dp) {
        certain(seat.points())
    } else {
        summarize(seat.points(), &tables.distribution.band(dp.index().offset(seat.mask) + seat.lane))
    }
}

/// The rule's value of a choice from its best chances over the needed
/// scores of a run: `Σ_m P(M = m) · V(m + 1 − so far)`, as a constant (the
/// scores the run starts above, reached for certain) and a weight per cell
/// (scores past the run: reached by no play).
struct Weights {
    certain: f64,
    cells: Vec<f64>,
}

impl Weights {
    fn new(best: &ScoreDistribution, so_far: u32, run: Run) -> Weights {
        let mut w = Weights { certain: 0.0, cells: vec![0.0; run.len] };
        for m in best.lowest..=best.highest {
            let needed = i64::from(m) + 1 - i64::from(so_far);
            let p = best.chance_of(m);
            if needed < run.first {
                w.certain += p;
            } else if let Some(c) = usize::try_from(needed - run.first).ok().and_then(|i| w.cells.get_mut(i)) {
                *c += p;
            }
        }
        w
    }

    fn value(&self, chances: &[f64]) -> f64 {
        self.certain + self.cells.iter().zip(chances).map(|(w, v)| w * v).sum::<f64>()
    }
}

/// The rule for one turn of the rule's seat against the other seat as it
/// stands: the needed scores that matter, and their weights.
pub(super) struct TurnRule<'a> {
    bands: TargetBands<'a>,
    mask: u32,
    lane: usize,
    run: Run,
    weights: Weights,
}

impl<'a> TurnRule<'a> {
    pub(super) fn new(dp: &'a TurnDp, tables: &'a WinTables, seat: &Seat, other: &Seat) -> TurnRule<'a> {
        let best = other_final(dp, tables, other);
        let so_far = seat.points();
        let bands = TargetBands { index: dp.index(), table: &tables.target };
        let most = i64::from(dp.most_to_come(&bands, seat.mask, seat.lane));
        let first = (i64::from(best.lowest) + 1 - i64::from(so_far)).max(1);
        let last = (i64::from(best.highest) + 1 - i64::from(so_far)).min(most);
        let run = Run { lane: seat.lane, first, len: usize::try_from(last - first + 1).unwrap_or(0) };
        let weights = Weights::new(&best, so_far, run);
        TurnRule { bands, mask: seat.mask, lane: seat.lane, run, weights }
    }

    /// The rule's choice at `at`, ranked as `advise` ranks (the rule's
    /// value, then the expected score, then the order of the choices),
    /// and the expected-score play's.
    pub(super) fn choose<V: Values + ?Sized>(&self, dp: &TurnDp, ev: &V, at: &Position) -> (Choice, Choice) {
        let by_ev = dp.choices(ev, self.mask, self.lane, at);
        let ev_choice = by_ev[first_best(0..by_ev.len(), |i| by_ev[i].1).expect("a choice")].0.clone();
        if self.run.len == 0 {
            // Every play wins for certain, or none can.
            return (ev_choice.clone(), ev_choice);
        }
        let chances = dp.target_run_choices(&self.bands, self.mask, self.run, at);
        let value = |c: &Choice| by_ev.iter().find(|(d, _)| d == c).map_or(f64::NEG_INFINITY, |d| d.1);
        let mut top: Option<(&Choice, f64, f64)> = None;
        for (c, v) in &chances {
            let (u, e) = (self.weights.value(v), value(c));
            if top.is_none_or(|(_, tu, te)| u > tu || (u == tu && e > te)) {
                top = Some((c, u, e));
            }
        }
        (top.expect("a choice").0.clone(), ev_choice)
    }
}

/// One turn of the rule's seat against `other`, with the dice of `rng`;
/// counts its choices into `tally`.
#[allow(clippy::too_many_arguments)] // one turn's whole question
fn rule_turn<V: Values + ?Sized>(
    dp: &TurnDp,
    ev: &V,
    tables: &WinTables,
    seat: &mut Seat,
    other: &Seat,
    rng: &mut SmallRng,
    tally: &mut Tally,
) {
    let game = dp.game();
    let rule = TurnRule::new(dp, tables, seat, other);
    let mut decide = |at: &Position| -> Choice {
        let (chosen, ev_choice) = rule.choose(dp, ev, at);
        tally.choices += 1;
        tally.differing += u64::from(chosen != ev_choice);
        chosen
    };
    let mut dice = roll_onto(rng, game.dice, &[0; FACES]);
    for roll in 1..game.rolls {
        let at = Position { roll: u32::try_from(roll).expect("few rolls"), dice, locked: [0; FACES] };
        let Choice::Keep(keep) = decide(&at) else { unreachable!("a keep before the last roll") };
        dice = roll_onto(rng, game.dice - dice_count(&keep), &keep);
    }
    let at = Position { roll: u32::try_from(game.rolls).expect("few rolls"), dice, locked: [0; FACES] };
    let Choice::Score { category, points } = decide(&at) else { unreachable!("a box on the last roll") };
    seat.score(dp, &dice, category, points);
}

/// One turn of the expected-score seat, as `simulate` plays it.
fn points_turn<V: Values + ?Sized>(dp: &TurnDp, ev: &V, seat: &mut Seat, rng: &mut SmallRng) {
    let game = dp.game();
    let plan = dp.plan(ev, seat.mask, seat.lane);
    let mut dice = roll_onto(rng, game.dice, &[0; FACES]);
    for roll in 1..game.rolls {
        let keep = plan.best_keep(dp, &dice, &[0; FACES], game.rolls - roll);
        dice = roll_onto(rng, game.dice - dice_count(&keep), &keep);
    }
    let (cat, points, _) = plan.best_box(dp, &dice);
    seat.score(dp, &dice, cat, points);
}

/// The generator of seat `seat` (0: the rule's) in game `game` of the run
/// seeded `seed`.
fn rng_of(seed: u64, game: u64, seat: u64) -> SmallRng {
    SmallRng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (game << 1 | seat))
}

/// Game `i` of the run seeded `seed`: the rule's seat first when `i` is
/// even.
fn play_game<V: Values + ?Sized>(dp: &TurnDp, ev: &V, tables: &WinTables, seed: u64, i: u64) -> Tally {
    let mut tally = Tally { games: 1, ..Tally::default() };
    let mut seats = [Seat::start(dp); 2];
    let mut rngs = [rng_of(seed, i, 0), rng_of(seed, i, 1)];
    let rule_first = i.is_multiple_of(2);
    let order = if rule_first { [0, 1] } else { [1, 0] };
    while !seats[1].full(dp) {
        for &k in &order {
            if k == 0 {
                let other = seats[1];
                rule_turn(dp, ev, tables, &mut seats[0], &other, &mut rngs[0], &mut tally);
            } else {
                points_turn(dp, ev, &mut seats[1], &mut rngs[1]);
            }
        }
    }
    let (a, b) = (seats[0].points(), seats[1].points());
    let k = usize::from(!rule_first);
    tally.wins[k] += u64::from(a > b);
    tally.ties[k] += u64::from(a == b);
    tally
}

/// Plays `games` games of the run seeded `seed`, in parallel (the same
/// tally whatever the threads).
pub(crate) fn duel<V: Values + ?Sized>(
    dp: &TurnDp,
    ev: &V,
    tables: &WinTables,
    games: u64,
    seed: u64,
    progress: &dyn Progress,
) -> Tally {
    progress.stage(&format!("playing {games} games head to head"), games);
    let tally = (0..games)
        .into_par_iter()
        .map(|i| {
            let t = play_game(dp, ev, tables, seed, i);
            progress.advance(1);
            t
        })
        .reduce(Tally::default, Tally::add);
    progress.finish();
    tally
}

/// The players of a score-sheet game head to head: to-win and points, in
/// either order.
pub(crate) fn asks_duel(players: &[String]) -> bool {
    let mut names: Vec<&str> = players.iter().map(String::as_str).collect();
    names.sort_unstable();
    names == ["points", "to-win"]
}

/// `simulate GAME --players to-win,points`: `q.games` games head to head,
/// the tables read (or solved first, when that is quick).
pub(crate) fn simulate(
    game: &CategoryGame,
    dir: &Path,
    q: &SimulateQuestion,
    progress: &dyn Progress,
) -> Result<SheetDuelReport, Error> {
    if Storage::of(game) != Storage::Table {
        return Err(AdviseError::WinNotInGame(game.title.clone()).into());
    }
    let setup = Instant::now();
    let dp = TurnDp::new(game);
    let tables = WinTables::open_or_solve(dir, &dp, progress)?;
    let values = open_or_solve_values(dir, &dp, progress)?;
    let ev = Indexed { index: dp.index(), values: values.values() };
    let started = Instant::now();
    let tally = duel(&dp, &ev, &tables, q.games, q.seed, progress);
    let seconds = started.elapsed().as_secs_f64();
    let results = |games: u64, wins: u64, ties: u64| {
        let losses = games - wins - ties;
        #[allow(clippy::cast_precision_loss)]
        let share = |k: u64| k as f64 / games.max(1) as f64;
        DuelResults {
            games,
            wins,
            ties,
            win_rate: share(wins),
            ci95: wilson(wins, games),
            losses,
            loss_rate: share(losses),
            loss_ci95: wilson(losses, games),
        }
    };
    let firsts = q.games.div_ceil(2);
    #[allow(clippy::cast_precision_loss)]
    let games_per_second = q.games as f64 / seconds.max(1e-9);
    Ok(SheetDuelReport {
        game: game.reference(),
        seed: q.seed,
        all: results(q.games, tally.wins[0] + tally.wins[1], tally.ties[0] + tally.ties[1]),
        first: results(firsts, tally.wins[0], tally.ties[0]),
        second: results(q.games - firsts, tally.wins[1], tally.ties[1]),
        choices: tally.choices,
        differing: tally.differing,
        setup_seconds: (started - setup).as_secs_f64(),
        seconds,
        games_per_second,
    })
}
