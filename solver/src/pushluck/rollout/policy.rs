//! The rollout policy: how every seat plays when a position is played out.
//!
//! Below the goal each seat plays the exact two-player win policy against
//! its strongest opponent (the highest other total): the pair table's turn
//! at (its total, that total). In the last round each chaser plays the turn
//! that maximises its chance of ending above the best total so far (the
//! exact last turn of a game of two: it does not look at the chasers after
//! it). With two players this is the exact equilibrium, so rollouts there
//! estimate the pair table's own values; with more it is a stated
//! approximation whose distance from exact is measured in the tests and
//! in `docs/how-it-works.md`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rand::rngs::SmallRng;
use rand::Rng;

use crate::pushluck::rules::Stop;
use crate::pushluck::simulate::arena::{cached, keep_decisions, play, Cache, Dice, Ended, PairTurns};
use crate::pushluck::solution::Solution;
use crate::pushluck::win::players::PlayersValues;
use crate::pushluck::win::{last_turn, WinValues};
use crate::pushluck::PushLuckGame;

/// The most players a rollout seats (the turn order's totals are kept in
/// an array of this size).
pub(crate) const SEATS_MOST: usize = 8;

/// What a seat's turn began with when the position was asked about: the
/// first turn's end is an alternative's, later turns the policy's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Opening {
    /// A fresh turn by the policy.
    Fresh,
    /// The turn ends now with this many points banked.
    Bank(i64),
    /// An instant win.
    Instant,
    /// The turn rolls on from this decision state of the policy's turn
    /// (`level`, context of that turn's model).
    Roll { level: usize, ctx: usize },
}

/// The seats' policy, built for an estimate and shared by its threads; its
/// solved turns are kept in a [`PolicyCache`], which may outlive it (a game
/// in play estimates turn after turn on the same cache).
pub(crate) struct SeatPolicy<'v, 'g> {
    game: &'g PushLuckGame,
    values: &'v WinValues<'g>,
    dice: Dice<'g>,
    cache: &'v PolicyCache<'g>,
    /// The table of three, where there is one: below the goal each seat
    /// then plays it against its two strongest opponents.
    three: Option<Three<'v, 'g>>,
}

/// The turns a policy solved, kept for the next estimate.
pub(crate) struct PolicyCache<'g> {
    /// The pair turns per (mover's side, strongest opponent's side),
    /// kept whole (a cap of 4,096 kept turns solved most of them again
    /// and again: 87% of the time).
    turns: PairTurns<'g>,
    /// Last turns per (on the board, points needed).
    lasts: Cache<'g, (bool, i64)>,
    /// Turns of the table of three per (state, which of two mixed
    /// policies), kept up to [`THREE_KEPT`].
    three: Mutex<HashMap<(usize, bool), Arc<Solution<'g>>>>,
}

impl<'g> PolicyCache<'g> {
    /// An empty cache for the policy of the pair table `values`.
    pub(crate) fn new(values: &WinValues<'g>) -> PolicyCache<'g> {
        PolicyCache { turns: PairTurns::new(values.sides.len()), lasts: Cache::default(), three: Mutex::default() }
    }
}

/// The table of three as the policy reads it.
struct Three<'v, 'g> {
    values: &'v PlayersValues<'g>,
    /// Where its mover mixes two policies: the first one's share, by state.
    mixed: HashMap<usize, f64>,
}

/// Turns of the table of three kept at once (a few tens of kilobytes each),
/// and the most states a table of three may have for the rollouts to play
/// it (see [`super::table_of_three`]).
pub(crate) const THREE_KEPT: usize = 16_384;

impl<'v, 'g> SeatPolicy<'v, 'g> {
    /// The policy of the pair table `values` (and the table of three,
    /// where given), keeping its turns in `cache` (made for `values`).
    pub(crate) fn new(
        game: &'g PushLuckGame,
        values: &'v WinValues<'g>,
        three: Option<&'v PlayersValues<'g>>,
        cache: &'v PolicyCache<'g>,
    ) -> SeatPolicy<'v, 'g> {
        SeatPolicy {
            game,
            values,
            dice: Dice::new(values.model),
            cache,
            three: three.map(|v| Three { values: v, mixed: v.mixed.iter().map(|&(i, m)| (i, m.share)).collect() }),
        }
    }

    /// The game's goal.
    pub(crate) fn goal(&self) -> i64 {
        self.game.rules.game.goal
    }

    /// The points' grid of the pair table (every total is on it).
    pub(crate) fn grid(&self) -> i64 {
        self.values.model.grid
    }

    /// Whether the seats play the table of three.
    pub(crate) fn plays_three(&self) -> bool {
        self.three.is_some()
    }

    /// The state of the table of three of the mover at `mine` and the two
    /// strongest of `others` (the highest totals, the earlier in turn
    /// order first among equals), kept in turn order; `None` without the
    /// table, or with one other player.
    fn three_state(&self, mine: i64, others: &[i64]) -> Option<(&Three<'v, 'g>, [usize; 3])> {
        let three = self.three.as_ref()?;
        if others.len() < 2 {
            return None;
        }
        let (mut a, mut b) = (0, 1);
        if others[b] > others[a] {
            (a, b) = (b, a);
        }
        for k in 2..others.len() {
            if others[k] > others[a] {
                (a, b) = (k, a);
            } else if others[k] > others[b] {
                b = k;
            }
        }
        let (p, q) = (a.min(b), a.max(b));
        let g = self.values.model.grid;
        let level = |t: i64| usize::try_from(t / g).expect("a total below the goal, on the grid");
        Some((three, [level(mine), level(others[p]), level(others[q])]))
    }

    /// [`Self::three_state`]'s levels.
    #[cfg(test)]
    pub(super) fn three_levels(&self, mine: i64, others: &[i64]) -> Option<[usize; 3]> {
        self.three_state(mine, others).map(|(_, l)| l)
    }

    /// The turn of the table of three at `levels`, policy `pick` where
    /// its mover mixes: its decisions only, kept while there is room.
    fn three_turn(&self, three: &Three<'v, 'g>, levels: [usize; 3], pick: bool) -> Arc<Solution<'g>> {
        let key = (three.values.index(&levels), pick);
        if let Some(s) = self.cache.three.lock().expect("not poisoned").get(&key) {
            return Arc::clone(s);
        }
        let mut s = three.values.turn_played(&levels, |_| pick);
        keep_decisions(&mut s);
        let s = Arc::new(s);
        let mut kept = self.cache.three.lock().expect("not poisoned");
        if kept.len() < THREE_KEPT {
            kept.insert(key, Arc::clone(&s));
        }
        s
    }

    /// Plays the turn of the mover at `mine` (against `others`, all below
    /// the goal): the table of three's where there is one (a mixing mover
    /// draws its policy from `rng`), else the pair table's.
    fn play_turn(&self, mine: i64, others: &[i64], rng: &mut SmallRng) -> Ended {
        match self.three_state(mine, others) {
            Some((three, levels)) => {
                let i = three.values.index(&levels);
                let pick = three.mixed.get(&i).is_some_and(|&share| rng.gen::<f64>() < share);
                play(&self.dice, &self.three_turn(three, levels, pick), None, rng)
            }
            None => play(&self.dice, self.turn(mine, others), None, rng),
        }
    }

    /// [`Self::play_turn`], adding the turn's luck by the pair table to
    /// `luck` where the pair table plays it.
    fn play_turn_luck(&self, mine: i64, others: &[i64], rng: &mut SmallRng, luck: &mut f64) -> Ended {
        if self.three_state(mine, others).is_some() {
            return self.play_turn(mine, others, rng);
        }
        let (a, b) = self.pair(mine, others);
        let sol = self.turn(mine, others);
        let ended = play(&self.dice, sol, None, rng);
        let after = match ended {
            Ended::Instant => 1.0,
            Ended::Farkle => sol.farkle_score(),
            Ended::Bank(t, left) => sol.bank_leaving(t, usize::from(left)).unwrap_or_else(|| sol.farkle_score()),
        };
        *luck += after - self.values.at(a, b);
        ended
    }

    fn side(&self, total: i64) -> usize {
        self.values.sides.of_question(total, 0).expect("a total below the goal, on the grid")
    }

    fn on_board(&self, total: i64) -> bool {
        self.values.sides.side(self.side(total)).on_board
    }

    /// The sides of the mover at `mine` and the strongest of `others`.
    fn pair(&self, mine: i64, others: &[i64]) -> (usize, usize) {
        let strongest = others.iter().copied().max().expect("one other player at least");
        (self.side(mine), self.side(strongest))
    }

    /// The asker's turn, whole (every roll's value too: the alternatives
    /// are read from it): the pair table's, or the table of three's (where
    /// its mover mixes, the policy of the larger share).
    pub(crate) fn asked_turn(&self, mine: i64, others: &[i64]) -> Solution<'g> {
        if let Some((three, levels)) = self.three_state(mine, others) {
            let i = three.values.index(&levels);
            let pick = three.mixed.get(&i).is_some_and(|&share| share >= 0.5);
            return three.values.turn_played(&levels, |_| pick);
        }
        let (a, b) = self.pair(mine, others);
        self.values.turn(a, b)
    }

    /// The turn the mover at `mine` plays against the strongest of
    /// `others` (all below the goal): its decisions only, kept.
    pub(crate) fn turn(&self, mine: i64, others: &[i64]) -> &Solution<'g> {
        let (a, b) = self.pair(mine, others);
        self.cache.turns.get(self.values, a, b)
    }

    /// The points of `ended` that count for a player at `total`.
    fn banked(&self, total: i64, ended: Ended) -> Option<i64> {
        match ended {
            Ended::Bank(t, _) if self.game.rules.turn.stop(self.on_board(total), t) == Stop::Counts => Some(t),
            _ => None,
        }
    }

    /// A chaser's last turn at `total` against the best total `high`:
    /// `Some(new total)` when it ends above it, `None` otherwise; `Err` for
    /// an instant win (the game is theirs).
    fn last_turn(&self, total: i64, high: i64, rng: &mut SmallRng) -> Result<Option<i64>, ()> {
        let on = self.on_board(total);
        let need = high - total;
        let sol = cached(&self.cache.lasts, (on, need), || last_turn(self.values.model, on, need));
        match play(&self.dice, &sol, None, rng) {
            Ended::Instant => Err(()),
            ended => Ok(self.banked(total, ended).map(|t| total + t).filter(|&y| y > high)),
        }
    }

    /// Plays the game on from a position: `totals` in turn order from the
    /// mover (`n` of them), whose turn begins with `opening`. Returns the
    /// winning seat (0: the mover), or `None` when the game runs past
    /// `turns_most` turns.
    pub(crate) fn play_out(
        &self,
        start: &[i64],
        opening: Opening,
        opening_turn: &Solution<'g>,
        rng: &mut SmallRng,
        turns_most: u32,
    ) -> Option<usize> {
        self.play_out_luck(start, opening, opening_turn, rng, turns_most, None)
    }

    /// [`Self::play_out`], adding to `luck[s]` (where given) seat `s`'s
    /// luck in each ordinary turn it plays by the pair table: the pair
    /// table's value after the turn less its value before it. The turn is
    /// that value's own DP, so each term has mean 0 given the state before
    /// the turn, and the sums are control variates of known mean 0
    /// ([`super::tally`]). Turns by the table of three, the opening and
    /// the last round add nothing (still mean 0, just less explained).
    pub(crate) fn play_out_luck(
        &self,
        start: &[i64],
        opening: Opening,
        opening_turn: &Solution<'g>,
        rng: &mut SmallRng,
        turns_most: u32,
        mut luck: Option<&mut [f64; SEATS_MOST]>,
    ) -> Option<usize> {
        let rules = &self.game.rules;
        let goal = rules.game.goal;
        let n = start.len();
        let mut total = [0i64; SEATS_MOST];
        total[..n].copy_from_slice(start);
        let mut mover = 0;
        let mut others = [0i64; SEATS_MOST];
        for turn in 0..turns_most {
            let ended = match (turn, opening) {
                (0, Opening::Bank(t)) => Ended::Bank(t, 0),
                (0, Opening::Instant) => Ended::Instant,
                (0, Opening::Roll { level, ctx }) => play(&self.dice, opening_turn, Some((level, ctx)), rng),
                _ => {
                    for k in 1..n {
                        others[k - 1] = total[(mover + k) % n];
                    }
                    match luck.as_deref_mut() {
                        Some(l) => self.play_turn_luck(total[mover], &others[..n - 1], rng, &mut l[mover]),
                        None => self.play_turn(total[mover], &others[..n - 1], rng),
                    }
                }
            };
            if ended == Ended::Instant {
                return Some(mover);
            }
            if let Some(t) = self.banked(total[mover], ended) {
                let x = total[mover] + t;
                if rules.game.exact_goal && x > goal {
                    // A bust counts as a farkle: every total stays.
                } else if x >= goal {
                    if !rules.game.last_turn || rules.game.exact_goal {
                        return Some(mover);
                    }
                    return Some(self.last_round(&total[..n], mover, x, rng));
                } else {
                    total[mover] = x;
                }
            }
            mover = (mover + 1) % n;
        }
        None
    }

    /// The last round after `mover` reached `x`: every other player in turn
    /// order gets one turn to end above the best total. Returns the seat
    /// that holds it at the end.
    fn last_round(&self, total: &[i64], mover: usize, x: i64, rng: &mut SmallRng) -> usize {
        let n = total.len();
        let (mut high, mut holder) = (x, mover);
        for k in 1..n {
            let p = (mover + k) % n;
            match self.last_turn(total[p], high, rng) {
                Err(()) => return p,
                Ok(Some(y)) => (high, holder) = (y, p),
                Ok(None) => {}
            }
        }
        holder
    }
}
