//! Games of three (`simulate --seats 3`): the three players asked for,
//! seated every distinct way, each seating's games counted per seat.
//!
//! - `optimal` plays the equilibrium of the table of three
//!   ([`crate::pushluck::win::players`]): its turn at every state, drawing
//!   which policy to play where the mover mixes two; as the middle chaser
//!   it plays to pass the leader and then not be passed, as the last
//!   chaser to pass.
//! - `ev` plays the expected-score policy for its total; in a last turn it
//!   plays to pass the highest total so far (the exact last turn of a game
//!   of two, also as the middle chaser, who does not look further).
//! - `threshold=N` sets aside every scoring die and banks from N points;
//!   in a last turn it rolls on until it passes the highest total.
//!
//! The rules are those the solver of three takes (the table of three must
//! exist, or be quick to solve, only when an `optimal` player sits).
//! The optimal player's turns are solved when a game reaches a state and
//! kept up to [`super::arena::KEPT_TURNS`] of them (a game of goal 10,000 has 8 million
//! states: beyond that they are solved again when reached).

use std::sync::Mutex;

use rand::rngs::SmallRng;
use rand::Rng;

use super::arena::{cached, play, Cache, Dice, Ended, Player, TURNS_MAX};
use crate::error::Error;
use crate::pushluck::model::Params;
use crate::pushluck::rules::Stop;
use crate::pushluck::win::players::PlayersValues;
use crate::pushluck::win::{last_turn, Side, Sides};
use crate::pushluck::PushLuckGame;

/// What the players of a run of games of three need, built once.
pub(super) struct Seats<'g> {
    game: &'g PushLuckGame,
    /// The players' sides: totals below the goal, on the board or not.
    sides: Sides,
    values: Option<PlayersValues<'g>>,
    win_dice: Dice<'g>,
    dice: Dice<'g>,
    /// The optimal mover's turns per (state, which of two mixed policies).
    turns: Cache<'g, (usize, bool)>,
    /// The middle chaser's per (leader's total, theirs, the last chaser's).
    middles: Cache<'g, (i64, i64, i64)>,
    /// Last turns per (on the board, points needed).
    lasts: Cache<'g, (bool, i64)>,
    /// Expected-score turns per total.
    ev: Cache<'g, i64>,
}

impl<'g> Seats<'g> {
    pub(super) fn new(game: &'g PushLuckGame, values: Option<PlayersValues<'g>>) -> Seats<'g> {
        Seats {
            game,
            sides: Sides::new(game.win_model(), 0),
            values,
            win_dice: Dice::new(game.win_model()),
            dice: Dice::new(game.model()),
            turns: Mutex::default(),
            middles: Mutex::default(),
            lasts: Mutex::default(),
            ev: Mutex::default(),
        }
    }

    /// Whether a player at `total` (below the goal) is on the board.
    fn on_board(&self, total: i64) -> bool {
        let level = usize::try_from(total / self.game.win_model().grid).expect("a total of 0 or more");
        self.sides.side(level).on_board
    }

    fn values(&self) -> &PlayersValues<'g> {
        self.values.as_ref().expect("loaded for an optimal player")
    }

    /// `who`'s turn as the mover at `totals` (theirs first, then the
    /// others' in turn order).
    fn turn(&self, who: Player, totals: [i64; 3], rng: &mut SmallRng) -> Ended {
        let on = self.on_board(totals[0]);
        match who {
            Player::Optimal => {
                let v = self.values();
                let g = v.model.grid;
                let levels: Vec<usize> = totals.iter().map(|&t| usize::try_from(t / g).expect("a total")).collect();
                let i = v.index(&levels);
                let share = v.mixed.iter().find(|m| m.0 == i).map(|m| m.1.share);
                let pick = share.is_some_and(|s| rng.gen::<f64>() < s);
                let sol = cached(&self.turns, (i, pick), || v.turn_played(&levels, |_| pick));
                play(&self.win_dice, &sol, None, rng)
            }
            Player::Ev => {
                let params: Params = Side { total: totals[0], on_board: on, farkles: 0 }.turn_params(&self.game.rules);
                let sol =
                    cached(&self.ev, totals[0], || self.game.model().solve(params).expect("a turn the game solves"));
                play(&self.dice, &sol, None, rng)
            }
            Player::Threshold(n) => {
                let counts = |t: i64| self.game.rules.turn.stop(on, t) == Stop::Counts;
                self.dice.greedy(rng, None, |t| t >= n && counts(t))
            }
            Player::Human | Player::WinSheet => unreachable!("refused for games of three"),
        }
    }

    /// The points a turn ended with that count, if any.
    fn banked(&self, total: i64, ended: Ended) -> Option<i64> {
        match ended {
            Ended::Bank(t, _) if self.game.rules.turn.stop(self.on_board(total), t) == Stop::Counts => Some(t),
            _ => None,
        }
    }

    /// `who`'s last turn at `total`, the highest total so far `high`, the
    /// later chaser at `later` (the middle chaser's, `None` for the last
    /// chaser): their new total when it passes `high`.
    fn last_turn(&self, who: Player, total: i64, high: i64, later: Option<i64>, rng: &mut SmallRng) -> Option<i64> {
        let on = self.on_board(total);
        let ended = match (who, later) {
            (Player::Optimal, Some(c)) => {
                let sol = cached(&self.middles, (high, total, c), || self.values().middle_turn(high, total, c));
                play(&self.win_dice, &sol, None, rng)
            }
            (Player::Optimal | Player::Ev, _) => {
                let need = high - total;
                let sol = cached(&self.lasts, (on, need), || last_turn(self.win_dice.model, on, need));
                play(&self.win_dice, &sol, None, rng)
            }
            _ => {
                let counts = |t: i64| self.game.rules.turn.stop(on, t) == Stop::Counts;
                self.dice.greedy(rng, None, |t| total + t > high && counts(t))
            }
        };
        self.banked(total, ended).map(|t| total + t).filter(|&y| y > high)
    }

    /// One game of `players` in seat order: the winning seat (`None`:
    /// unfinished) and the turns played (last turns included).
    pub(super) fn game(&self, players: [Player; 3], rng: &mut SmallRng) -> (Option<usize>, u32) {
        let rules = &self.game.rules;
        let goal = rules.game.goal;
        let mut total = [0i64; 3];
        let mut mover = 0;
        for turn in 1..=TURNS_MAX {
            let totals = [total[mover], total[(mover + 1) % 3], total[(mover + 2) % 3]];
            let ended = self.turn(players[mover], totals, rng);
            if let Some(t) = self.banked(total[mover], ended) {
                let x = total[mover] + t;
                if rules.game.exact_goal && x > goal {
                    // A bust counts as a farkle: every total stays.
                    mover = (mover + 1) % 3;
                    continue;
                }
                if x >= goal {
                    if !rules.game.last_turn || rules.game.exact_goal {
                        return (Some(mover), turn);
                    }
                    let (b, c) = ((mover + 1) % 3, (mover + 2) % 3);
                    let passed = self.last_turn(players[b], total[b], x, Some(total[c]), rng);
                    let high = passed.unwrap_or(x);
                    let last = self.last_turn(players[c], total[c], high, None, rng);
                    let winner = if last.is_some() {
                        c
                    } else if passed.is_some() {
                        b
                    } else {
                        mover
                    };
                    return (Some(winner), turn + 2);
                }
                total[mover] = x;
            }
            mover = (mover + 1) % 3;
        }
        (None, TURNS_MAX)
    }
}

/// Refuses players that play games of two only.
///
/// # Errors
/// [`crate::error::PlayersError::OnlyTwo`].
pub(super) fn check(players: &[Player]) -> Result<(), Error> {
    match players.iter().find(|p| matches!(p, Player::Human | Player::WinSheet)) {
        Some(p) => Err(crate::error::PlayersError::OnlyTwo(p.name()).into()),
        None => Ok(()),
    }
}
