//! Where a push-your-luck session's values come from, turn by turn.
//!
//! - Two players: P(win) from the game's win table ([`Valuing::Pair`]);
//!   each turn is the turn `advise` solves for the two totals, a last turn
//!   the chase past the leader's total. A missing table that takes longer
//!   than the auto-solve budget is an error, as it is for `advise`.
//! - Three to six players whose table of every state exists or solves
//!   within the auto-solve budget ([`Valuing::Table`]): each player's own
//!   P(win). An ordinary turn is the turn `advise --opponents B,C,...`
//!   ranks (the table's turn, solved again up to the points at stake once
//!   a turn runs past the goal, as advise solves it); a chaser's last turn
//!   with others still to come is the chase of
//!   [`crate::pushluck::win::players`], the last chaser's the last turn
//!   past the highest total. At each turn start every player's chance is
//!   the table's (or the chase's) for the totals then.
//! - Otherwise ([`Valuing::Points`]): one player, or a table of three and
//!   more that is not there to read within the budget (seven and more
//!   players, rules the solver does not take, a goal whose table takes
//!   long): the expected points of each turn, and the session says so
//!   once, and why ([`Valuing::judging`]). A last turn is still valued by
//!   the chance of passing the highest total, which needs no table.
//!
//! Each roll is ranked by `advise`'s own ranking (`rank`): what it lists
//! is exactly what the session allows.

use std::path::Path;
use std::sync::Arc;

use super::Table;
use crate::error::{Error, WinError};
use crate::progress::Progress;
use crate::pushluck::model::Params;
use crate::pushluck::solution::Solution;
use crate::pushluck::win::players::advice::{asked_turn_in, chances_at, load_or_solve};
use crate::pushluck::win::players::PlayersValues;
use crate::pushluck::win::table::load as load_win;
use crate::pushluck::win::{self, Side, WinValues};
use crate::pushluck::PushLuckGame;
use crate::session::notes::Mode;
use crate::vocabulary::Objective;

/// What the session's values are.
pub(super) enum Valuing<'g> {
    /// Two players: the win table.
    Pair(WinValues<'g>),
    /// Three to six players: the table of every state, or of the states
    /// a game from the start reaches where no whole table fits (then the
    /// sentence that says so).
    Table(PlayersValues<'g>, Option<String>),
    /// Expected points of each turn; a last turn, the chance of passing.
    Points {
        /// Why not P(win) (several players only): a sentence.
        why: Option<String>,
        /// Turns solved on the rules compiled for the win objective (every
        /// set-aside kept), so that a record's legality is checked as the
        /// win objective's session would check it.
        win_model: bool,
    },
}

/// What a turn is valued by.
pub(super) struct TurnValues<'g> {
    pub(super) sol: Arc<Solution<'g>>,
    /// Win objective, not a last turn: the expected-score turn.
    pub(super) ev: Option<Arc<Solution<'g>>>,
    /// Under `piggyback=return` with the win objective, the offered
    /// leftover's own turn.
    pub(super) on_leftover: Option<Arc<Solution<'g>>>,
    /// Three or more players: `advise`'s sentence on whose total is whose.
    pub(super) line: Option<String>,
}

impl<'g> Valuing<'g> {
    /// The values of a game of `game` between `players`, read from
    /// `tables` (or solved there first, when that is quick); with
    /// `check_only`, expected points whatever the player count (values
    /// that need no table, for a record's legality).
    ///
    /// # Errors
    /// A damaged table; two players whose missing win table takes long to
    /// solve.
    pub(super) fn new(
        game: &'g PushLuckGame,
        players: usize,
        tables: &Path,
        progress: &dyn Progress,
        check_only: bool,
    ) -> Result<Valuing<'g>, Error> {
        if check_only || players == 1 {
            return Ok(Valuing::Points { why: None, win_model: players > 1 });
        }
        if players == 2 {
            return Ok(Valuing::Pair(load_win(game, tables, progress)?));
        }
        let found = if win::players::PLAYERS.contains(&players) {
            load_or_solve(game, players, tables, progress)
        } else {
            Err(win::players::count_refused(Some(game), players))
        };
        match found {
            Ok(values) => Ok(Valuing::Table(values, None)),
            // A table to solve first: said without the time it would take
            // on this machine now, so that a game and its reopening say
            // the same.
            Err(Error::Win(WinError::NeedsSolve { command, .. })) => Ok(Valuing::Points {
                why: Some(format!("its table is not solved yet: `{command}` solves it")),
                win_model: false,
            }),
            // No whole table fits, but the states a game from the start
            // reaches (the only ones a game in play meets) do: exact.
            Err(Error::Win(_) | Error::TooLarge(_))
                if win::players::start::answers(game, players, &vec![0; players]) =>
            {
                let start = win::players::start::solve(game, players, progress)?;
                let states = if start.states == 1 {
                    "the one turn-start state".to_string()
                } else {
                    format!("the {} turn-start states", start.states)
                };
                let from = format!(
                    "exact over {states} a game from the start reaches (no whole table of {players} players fits: it \
                     would have {} states), solved when the game began",
                    start.of
                );
                Ok(Valuing::Table(start.values, Some(from)))
            }
            // Out of reach here (not taken, too large, too long): judged by
            // expected points, saying why.
            Err(e @ (Error::Win(_) | Error::TooLarge(_))) => {
                Ok(Valuing::Points { why: Some(e.to_string()), win_model: false })
            }
            Err(e) => Err(e),
        }
    }

    pub(super) fn mode(&self) -> Mode {
        match self {
            Valuing::Pair(_) => Mode::ZeroSum,
            Valuing::Table(..) => Mode::Chances,
            Valuing::Points { .. } => Mode::Own,
        }
    }

    pub(super) fn objective(&self) -> Objective {
        match self {
            Valuing::Pair(_) | Valuing::Table(..) => Objective::Win,
            Valuing::Points { .. } => Objective::TurnScore,
        }
    }

    /// Whether the values are P(win).
    pub(super) fn wins(&self) -> bool {
        !matches!(self, Valuing::Points { .. })
    }

    /// Where the chances are exact over the states a game from the start
    /// reaches (no whole table fits): the sentence that says so.
    pub(super) fn exact_from(&self) -> Option<String> {
        match self {
            Valuing::Table(_, from) => from.clone(),
            _ => None,
        }
    }

    /// Where a game of several players is judged by expected points: the
    /// sentence that says so, and why.
    pub(super) fn judging(&self) -> Option<String> {
        let Valuing::Points { why: Some(why), .. } = self else { return None };
        Some(format!(
            "Values: expected points of each turn, not the chance of winning, because no win table is at hand for \
             this game ({why}). A last turn is still played to pass: its values are the chance of ending above the \
             highest total."
        ))
    }
}

impl<'g> Table<'g> {
    /// The expected-score turn for `params`, solved on first use (on the
    /// rules compiled for the win objective when the valuing says so).
    pub(super) fn ev_turn(&mut self, params: Params) -> Result<Arc<Solution<'g>>, Error> {
        if let Some(sol) = self.ev_turns.get(&params) {
            return Ok(Arc::clone(sol));
        }
        let model = match self.valuing {
            Valuing::Points { win_model: true, .. } => self.game.win_model(),
            _ => self.game.model(),
        };
        let sol = Arc::new(model.solve(params)?);
        self.ev_turns.insert(params, Arc::clone(&sol));
        Ok(sol)
    }

    /// The totals of the other seats in turn order, the next first.
    pub(super) fn others(&self) -> Vec<i64> {
        let n = self.players.len();
        (1..n).map(|i| self.players[(self.mover + i) % n].total).collect()
    }

    /// The values of the mover's turn: a last turn needs more than `need`
    /// points; `offer` is the leftover offered (points `t`).
    pub(super) fn turn_values(&mut self, need: Option<i64>, offer: Option<(u8, i64)>) -> Result<TurnValues<'g>, Error> {
        let game = self.game;
        let me = self.players[self.mover];
        let params = me.turn_params(&game.rules);
        let plain = |sol| TurnValues { sol, ev: None, on_leftover: None, line: None };
        match (&self.valuing, need) {
            (Valuing::Table(values, _), _) => {
                let turn = asked_turn_in(values, me.total, &self.others(), 0)?;
                let ev = if need.is_none() { Some(self.ev_turn(params)?) } else { None };
                Ok(TurnValues { sol: Arc::new(turn.sol), ev, on_leftover: None, line: Some(turn.line) })
            }
            // A last turn is the chase past the highest total, whatever the
            // values of the other turns: it needs no table.
            (_, Some(need)) => Ok(plain(Arc::new(win::checked_last_turn(game.win_model(), me.on_board, need)?))),
            (Valuing::Pair(values), None) => {
                let other = self.players[1 - self.mover];
                let (a, b) = (self.side_index(me)?, self.side_index(other)?);
                if let Some(o) = &values.offers {
                    o.check(&[b])?;
                }
                let on_leftover = offer
                    .filter(|_| game.rules.turn.piggyback_return)
                    .map(|(_, t)| Arc::new(values.turn_on_leftover(a, b, t)));
                let sol = Arc::new(values.turn(a, b));
                Ok(TurnValues { sol, ev: Some(self.ev_turn(params)?), on_leftover, line: None })
            }
            (Valuing::Points { .. }, None) => Ok(plain(self.ev_turn(params)?)),
        }
    }

    /// Three or more players, an ordinary turn: the turn solved again up to the
    /// points at stake when the stake runs past what it was solved for
    /// (advise solves the asked turn up to the points at stake; below the
    /// goal's distance that is the turn solved at the turn's start).
    pub(super) fn resolve_for(&mut self, stake: i64) -> Result<(), Error> {
        let Valuing::Table(values, _) = &self.valuing else { return Ok(()) };
        let turn = self.turn.as_ref().expect("in play");
        if turn.need.is_some() {
            return Ok(());
        }
        let g = values.model.grid;
        let me = self.players[self.mover];
        let goal_level = ((values.model.rules.game.goal - me.total + g - 1) / g).max(1);
        if stake / g <= goal_level || turn.solved_stake >= stake {
            return Ok(());
        }
        let sol = asked_turn_in(values, me.total, &self.others(), stake)?.sol;
        let turn = self.turn.as_mut().expect("in play");
        turn.sol = Arc::new(sol);
        turn.solved_stake = stake;
        Ok(())
    }

    /// Three or more players: every seat's chance at the start of the mover's turn
    /// (in seat order), the mover's turn starting at `start`.
    pub(super) fn chances(&self, start: f64) -> Option<Vec<f64>> {
        let Valuing::Table(values, _) = &self.valuing else { return None };
        let n = self.players.len();
        let me: Side = self.players[self.mover];
        let from_mover = chances_at(values, me.total, &self.others(), start);
        let mut seats = vec![0.0; n];
        for (i, p) in from_mover.iter().take(n).enumerate() {
            seats[(self.mover + i) % n] = *p;
        }
        Some(seats)
    }
}
