//! The turn a player asks advice about in a game of three, solved for
//! their own chance of winning, and who is where: advice ranks its
//! choices ([`crate::pushluck::advise`]).
//!
//! The totals are the asker's, then the others' in turn order (the next
//! player first). Where they stand decides the turn:
//! - every total below the goal: the asker is the mover, and the turn is
//!   the solve's own (the mover's farkle value read off the table of
//!   three, the ends worth the table's chances), solved up to at least the
//!   points at stake so that every choice's value is the DP's, exact;
//! - the player before the asker reached the goal: the asker is the middle
//!   chaser, who wins by ending above the leader and then not being passed
//!   by the next player ([`Chase::middle_turn`]);
//! - the next player reached the goal: the asker is the last chaser, whose
//!   last turn must end above the highest total (the two-player last turn).
//!
//! Where a mover mixes two policies they are indifferent between them:
//! their own chances are the same under both, which is what advice shows.

use std::path::Path;
use std::sync::Arc;

use super::chase::{Chase, Odds};
use super::table::{last_turns, load, solve_and_save, solve_estimate};
use super::{PLAYERS, TABLE_PLAYERS};
use crate::auto_solve::Making;
use crate::error::{Error, SituationError, WinError};
use crate::limits::TURN_POINTS_MAX;
use crate::progress::Progress;
use crate::pushluck::solution::Solution;
use crate::pushluck::win::{checked_last_turn, Sides};
use crate::pushluck::PushLuckGame;
use crate::vocabulary::Objective;

/// The asker's turn, whether they are on the board, and a sentence on
/// whose total is whose and who still has a last turn.
pub(crate) struct AskedTurn<'g> {
    pub(crate) sol: Solution<'g>,
    pub(crate) on_board: bool,
    pub(crate) line: String,
}

/// The turn of the player at total `mine` with the others at `others` (in
/// turn order, the next player first), `stake` points at stake; the table
/// of three is read from `tables` (solved first when that is quick).
///
/// # Errors
/// A player count or rules the solver does not take; totals that do not
/// fit a game in progress; a missing table that takes long to solve.
pub(crate) fn asked_turn<'g>(
    game: &'g PushLuckGame,
    tables: &Path,
    mine: i64,
    others: &[i64],
    stake: i64,
    progress: &dyn Progress,
) -> Result<AskedTurn<'g>, Error> {
    let players = others.len() + 1;
    if !TABLE_PLAYERS.contains(&players) {
        return Err(super::count_refused(Some(game), players));
    }
    let model = game.win_model();
    let place = Place::of(model, others);
    let line = place.line(model, mine, others);
    let on = on_board(model, mine);
    match place {
        // The last round needs no table of every state.
        Place::Chaser { to_come } => {
            let best = highest(others);
            if to_come == 0 {
                return Ok(AskedTurn { sol: checked_last_turn(model, on, best - mine)?, on_board: on, line });
            }
            chain_allowed(game, players, to_come)?;
            let q_min = model.tables.iter().map(|t| t.farkle).fold(1.0, f64::min);
            let last = Arc::new(last_turns(game, players, tables));
            let chase = Chase::new(model, players, Sides::new(model, 0), last, q_min);
            Ok(AskedTurn { sol: chaser_turn(&chase, best, mine, &others[..to_come]), on_board: on, line })
        }
        Place::Mover => {
            if !PLAYERS.contains(&players) {
                return Err(super::count_refused(Some(game), players));
            }
            let all: Vec<i64> = std::iter::once(mine).chain(others.iter().copied()).collect();
            if super::start::answers(game, players, &all) {
                // No whole table fits, but the states from the start do.
                let start = super::start::solve(game, players, progress)?;
                let states = if start.states == 1 {
                    "one turn-start state".into()
                } else {
                    format!("{} turn-start states", start.states)
                };
                let line = format!(
                    "{line}; exact over the {states} a game from the start reaches (of the whole table's {}), solved \
                     now",
                    start.of
                );
                return Ok(AskedTurn { sol: mover_turn(&start.values, mine, others, stake), on_board: on, line });
            }
            super::check(game, players)?;
            let values = load_or_solve(game, players, tables, progress)?;
            Ok(AskedTurn { sol: mover_turn(&values, mine, others, stake), on_board: on, line })
        }
    }
}

/// The sentence on whose total is whose, and whether the asker at `mine`
/// is on the board (for an answer by rollouts).
pub(crate) fn place_of(game: &PushLuckGame, mine: i64, others: &[i64]) -> (String, bool) {
    let model = game.win_model();
    (Place::of(model, others).line(model, mine, others), on_board(model, mine))
}

/// Why the asker's turn at these totals (the others at `others`) is to be
/// estimated by rollouts: `Some(reason)` where the mover's exact table of
/// this many players is over the budget or not built (or `force`), `None`
/// where the answer is exact (the table, the last round, or the states a
/// game from the start reaches: [`super::start::answers`]).
///
/// # Errors
/// Rules the rollouts do not take (those the exact solve does not); an
/// estimate forced in the last round, whose answer is exact without a
/// table.
pub(crate) fn estimate_reason(
    game: &PushLuckGame,
    mine: i64,
    others: &[i64],
    force: bool,
) -> Result<Option<String>, Error> {
    let players = others.len() + 1;
    let model = game.win_model();
    if let Place::Chaser { .. } = Place::of(model, others) {
        return if force { Err(WinError::EstimateInLastRound.into()) } else { Ok(None) };
    }
    if let Some(what) = super::refusal(model, players) {
        return Err(WinError::RolloutRules { game: game.title(), players, what }.into());
    }
    if force {
        return Ok(Some("estimated as asked (--estimate)".into()));
    }
    let goal = model.rules.game.goal;
    let all: Vec<i64> = std::iter::once(mine).chain(others.iter().copied()).collect();
    if super::start::answers(game, players, &all) {
        return Ok(None);
    }
    match super::check(game, players) {
        Ok(_) => Ok(None),
        Err(Error::TooLarge(t)) => {
            Ok(Some(format!("no exact table of {players} players fits at goal {goal} ({} turn-start states)", t.states)))
        }
        Err(Error::Win(WinError::PlayersNotBuilt { states, .. })) => Ok(Some(format!(
            "the exact solve is built for 2 to 6 players (at goal {goal} {players} would have {states} turn-start states)"
        ))),
        Err(Error::Win(WinError::PlayersTooLong { about, .. })) => Ok(Some(format!(
            "no exact table of {players} players fits at goal {goal} (its solve would take about {about} on a 2-core \
             machine)"
        ))),
        Err(e) => Err(e),
    }
}

/// Refuses the turn of a chaser with `to_come` chasers after them when the
/// last round cannot be solved for them: with instant wins and no exact
/// goal, past two chasers ([`super::chain`]).
fn chain_allowed(game: &PushLuckGame, players: usize, to_come: usize) -> Result<(), Error> {
    let r = &game.win_model().rules;
    if to_come >= 2 && r.has_instant_win() && !r.game.exact_goal {
        let what = "instant wins without an exact goal for four players or more";
        return Err(
            crate::error::WinError::PlayersRules { game: game.title(), players, what, size: String::new() }.into()
        );
    }
    Ok(())
}

/// The highest total of the others: the one to pass in the last round.
fn highest(others: &[i64]) -> i64 {
    others.iter().copied().max().expect("one other player at least")
}

/// The turn of a chaser at `mine` who must end above `best`, with the
/// chasers at `to_come` (one or more, in turn order) still to come.
fn chaser_turn<'g>(chase: &Chase<'g>, best: i64, mine: i64, to_come: &[i64]) -> Solution<'g> {
    if let [c] = to_come {
        chase.middle_turn(best, mine, *c)
    } else {
        let mut chasers = vec![mine];
        chasers.extend_from_slice(to_come);
        chase.chain_turn(best, &chasers)
    }
}

/// [`asked_turn`] with the table of every state already read (`values`):
/// the same turn, the same sentence (a game session asks at every turn).
///
/// # Errors
/// A last turn whose need is too large to solve here; a last round the
/// rules do not allow solving.
pub(crate) fn asked_turn_in<'g>(
    values: &super::PlayersValues<'g>,
    mine: i64,
    others: &[i64],
    stake: i64,
) -> Result<AskedTurn<'g>, Error> {
    let model = values.model;
    let place = Place::of(model, others);
    let line = place.line(model, mine, others);
    let on = on_board(model, mine);
    let sol = match place {
        Place::Chaser { to_come: 0 } => checked_last_turn(model, on, highest(others) - mine)?,
        Place::Chaser { to_come } => chaser_turn(&values.chase, highest(others), mine, &others[..to_come]),
        Place::Mover => mover_turn(values, mine, others, stake),
    };
    Ok(AskedTurn { sol, on_board: on, line })
}

/// Every player's chance at the start of the turn of the player at `mine`
/// (the others at `others`, in turn order), counted from the mover: the
/// table's below the goal; in the last round the chase's from the mover on
/// (what the highest total is worth to each, the mover the first of the
/// chasers to come), `pass` (the last chaser's chance of passing, their
/// turn's own start value) when the mover is the last chaser. The holder
/// of the highest total (among equal totals the one who reached it first:
/// the leader, then in turn order) has what the chasers leave; the players
/// who already had their last turn and do not hold it, nothing.
pub(crate) fn chances_at(values: &super::PlayersValues, mine: i64, others: &[i64], pass: f64) -> Odds {
    let model = values.model;
    match Place::of(model, others) {
        Place::Chaser { to_come } => {
            let best = highest(others);
            // The holder: from the leader on, the first at the highest total.
            let holder = (to_come..others.len()).find(|&j| others[j] == best).expect("the highest total is held");
            let mut odds = [0.0; super::MOST];
            if to_come == 0 {
                odds[0] = pass;
                odds[1 + holder] = 1.0 - pass;
                return odds;
            }
            let mut chasers = vec![mine];
            chasers.extend_from_slice(&others[..to_come]);
            let round = values.chase.after_goal(best, &chasers);
            odds[..=to_come].copy_from_slice(&round[1..=to_come + 1]);
            odds[1 + holder] = round[0];
            odds
        }
        Place::Mover => {
            let level = |t: i64| usize::try_from(t / model.grid).expect("on the grid, 0 or more");
            let totals: Vec<usize> = std::iter::once(mine).chain(others.iter().copied()).map(level).collect();
            values.odds(&totals)
        }
    }
}

/// Where the asker stands (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Every total below the goal: the turn of the table of every state.
    Mover,
    /// In the last round, with this many chasers (the next players in turn
    /// order, up to the leader) still to come after the asker.
    Chaser { to_come: usize },
}

impl Place {
    fn of(model: &crate::pushluck::model::Model, others: &[i64]) -> Place {
        let goal = model.rules.game.goal;
        // The leader is the first at or past the goal in turn order from
        // the next player: the players after them had their last turns,
        // the ones before are still to come (none of them can be past the
        // goal, or they would have been the leader).
        match others.iter().position(|&t| t >= goal) {
            Some(to_come) => Place::Chaser { to_come },
            None => Place::Mover,
        }
    }

    /// Advice's sentence on whose total is whose and who still has a last
    /// turn.
    fn line(self, model: &crate::pushluck::model::Model, mine: i64, others: &[i64]) -> String {
        let names = names(mine, others);
        match self {
            Place::Chaser { to_come: 0 } => format!(
                "; {names}: the next player reached the goal, and this is the last turn of the game: only a total \
                 above {} wins",
                highest(others)
            ),
            Place::Chaser { to_come } => {
                let who = if to_come + 1 == others.len() { "the player before you" } else { "a player before you" };
                let after = if to_come == 1 {
                    "the next player in their last turn".to_string()
                } else {
                    format!("any of the next {to_come} players in their last turns")
                };
                format!(
                    "; {names}: {who} reached the goal; this is your last turn, and you win by ending above {} and \
                     then not being passed by {after}",
                    highest(others)
                )
            }
            Place::Mover => {
                let rules = &model.rules.game;
                let ending = if rules.exact_goal {
                    "a bank to the goal wins at once, one past it busts"
                } else if rules.last_turn {
                    "a bank at or past the goal gives each of them a last turn"
                } else {
                    "a bank at or past the goal wins at once"
                };
                format!("; {names} (the next player moves after you); {ending}")
            }
        }
    }
}

/// `your total 300, the next player's 450, then 650` (and `, then ...`).
fn names(mine: i64, others: &[i64]) -> String {
    let mut s = format!("your total {mine}, the next player's {}", others[0]);
    for t in &others[1..] {
        s.push_str(&format!(", then {t}"));
    }
    s
}

/// Whether a player at `total` is on the board (a total at or past the
/// goal is).
fn on_board(model: &crate::pushluck::model::Model, total: i64) -> bool {
    total >= model.rules.game.goal
        || Sides::new(model, 0).side(usize::try_from(total / model.grid).expect("checked")).on_board
}

/// The mover's turn of the table of every state at these totals, solved up
/// to at least the points at stake.
fn mover_turn<'g>(values: &super::PlayersValues<'g>, mine: i64, others: &[i64], stake: i64) -> Solution<'g> {
    let g = values.model.grid;
    let level = |t: i64| usize::try_from(t / g).expect("checked: on the grid, 0 or more");
    let totals: Vec<usize> = std::iter::once(mine).chain(others.iter().copied()).map(level).collect();
    let farkle = values.odds(&super::after_turn(&totals, 0))[values.players - 1];
    values.solve_turn(&totals, farkle, level(stake.max(0)), &mut vec![]).0
}

/// The values of `game`'s table of `players` in `tables`; when it is
/// missing and quick to solve ([`crate::table::auto`]), solved first (and
/// saved).
///
/// # Errors
/// A missing table that takes longer; a damaged or stale one; one that
/// cannot be written.
pub(crate) fn load_or_solve<'g>(
    game: &'g PushLuckGame,
    players: usize,
    tables: &Path,
    progress: &dyn Progress,
) -> Result<super::PlayersValues<'g>, Error> {
    let making = || Making {
        what: format!("win table of {players} players for {}", game.title()),
        reference_seconds: crate::pushluck::win::players_reference_seconds(game, players),
        seconds: Some(solve_estimate(game, players)),
        command: format!("{} --players {players}", game.reference().solve_command(Objective::Win)),
    };
    let solve = || {
        solve_and_save(game, players, tables, progress)?;
        load(game, players, tables)
    };
    crate::auto_solve::open_or_solve(|| load(game, players, tables), making, solve, progress)
}

/// Points past the goal the asker's total and the points at stake may
/// reach: the mover's turn is solved up to the points at stake, each level
/// past the goal a last turn of the middle chaser.
const STAKE_PAST_GOAL: i64 = 10_000;

/// Totals that do not fit a game of three in progress: off the grid or
/// below 0, the asker's at or past the goal (the game would be over, or
/// they the leader), another's further past the goal than a turn scores;
/// points at stake that take the asker more than [`STAKE_PAST_GOAL`] past
/// it.
///
/// # Errors
/// [`SituationError`] naming the total.
pub(crate) fn check_totals(
    grid: i64,
    (goal, last_turns): (i64, bool),
    mine: i64,
    others: &[i64],
    stake: i64,
) -> Result<(), Error> {
    for (opponent, total) in std::iter::once((false, mine)).chain(others.iter().map(|&t| (true, t))) {
        if total < 0 {
            return Err(SituationError::NegativeTotal { opponent, total }.into());
        }
        if total % grid != 0 {
            return Err(SituationError::TotalOffGrid { opponent, total, grid }.into());
        }
    }
    if mine >= goal {
        return Err(SituationError::ScorePastGoal { score: mine, goal }.into());
    }
    // Without last turns (an exact goal too) a total on the goal has won.
    if let Some(&total) = others.iter().find(|&&t| t >= goal && !last_turns) {
        return Err(SituationError::OpponentWon { total, goal }.into());
    }
    let most = goal.saturating_add(TURN_POINTS_MAX);
    if let Some(&total) = others.iter().find(|&&t| t > most) {
        return Err(SituationError::OpponentRange { total, most }.into());
    }
    if mine.saturating_add(stake) > goal + STAKE_PAST_GOAL {
        return Err(SituationError::StakePastGoal { most: goal + STAKE_PAST_GOAL - mine }.into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands;
    use crate::dice::Multisets;
    use crate::progress::Silent;
    use crate::pushluck::ranking::rank;
    use crate::pushluck::rules::Stop;
    use crate::pushluck::situation::check;
    use crate::question::{AdviseQuestion, PushLuckQuestion};
    use crate::registry::{testing::push_luck, Game, GameKind};
    use crate::report::{Advice, Then};

    /// P(win) of a fresh turn by the advice: every first roll of six dice
    /// ranked on the asked turn (solved once), its best alternative's value
    /// weighted by the roll's chance (a farkle: the farkle's value,
    /// `farkle`); each bank's value checked with `bank`; and every 40th
    /// roll asked of `advise` itself (through the library's command), which
    /// must give the same alternatives.
    fn by_advice(
        game: &Game,
        dir: &Path,
        mine: i64,
        others: &[i64],
        farkle: f64,
        bank: &dyn Fn(i64) -> Option<f64>,
    ) -> f64 {
        let GameKind::PushLuck(g) = &game.0 else { unreachable!("a push-your-luck game") };
        let model = g.win_model();
        let turn = asked_turn(g, dir, mine, others, 0, &Silent).expect("a turn");
        let rolls = Multisets::new(6);
        let mut sum = 0.0;
        for (n, i) in rolls.of_size(6).enumerate() {
            let dice = *rolls.counts(i);
            let q = PushLuckQuestion {
                score: Some(mine),
                opponent: Some(others[0]),
                later_opponents: others[1..].to_vec(),
                inherited: None,
                held: 0,
                ..PushLuckQuestion::roll(dice, 0)
            };
            let mut s = check(&g.rules, &model.scorer, model.grid, &q).expect("a situation");
            s.params.on_board = turn.on_board;
            let a = rank(g, &turn.sol, &s, &dice, Objective::Win, String::new(), None).expect("ranks");
            if n % 40 == 0 {
                let Advice::PushLuck(asked) =
                    commands::advise(game, &AdviseQuestion::PushLuck(q), dir, &Silent).expect("advice")
                else {
                    unreachable!("a roll's advice")
                };
                assert_eq!(asked.alternatives, a.alternatives, "{dice:?}");
            }
            for alt in a.alternatives.iter().filter(|a| a.then == Then::Bank) {
                if let Some(want) = bank(alt.at_stake) {
                    assert!(
                        (alt.expected_score - want).abs() < 1e-12,
                        "bank {}: {want} {}",
                        alt.at_stake,
                        alt.expected_score
                    );
                }
            }
            sum += rolls.prob(i) * a.alternatives.first().map_or(farkle, |b| b.expected_score);
        }
        sum
    }

    /// For each of `states` (totals in grid levels, the mover's first), the
    /// mover's chance by the advice ([`by_advice`]) is the table's, to
    /// 1e-12; each bank below the goal is checked against the table's
    /// chance of the state it leads to, and under an exact goal each bank
    /// on it (a win) and past it (a bust, worth the farkle) too.
    fn movers_add_up(game: &Game, dir: &Path, values: &super::super::PlayersValues, states: &[Vec<usize>]) {
        let grid = values.model.grid;
        let total = |l: usize| l as i64 * grid;
        let exact = values.model.rules.game.exact_goal;
        for totals in states {
            let farkle = values.odds(&super::super::after_turn(totals, 0))[2];
            let others = [total(totals[1]), total(totals[2])];
            let on = values.chase.on_board(total(totals[0]));
            let bank = |t: i64| {
                let x = totals[0] + usize::try_from(t / grid).unwrap();
                match values.model.rules.turn.stop(on, t) {
                    Stop::Counts if x < values.levels => Some(values.odds(&[totals[1], totals[2], x])[2]),
                    Stop::Counts => exact.then_some(if x == values.levels { 1.0 } else { farkle }),
                    Stop::ScoresNothing => Some(farkle),
                    Stop::Forbidden => None,
                }
            };
            let p = by_advice(game, dir, total(totals[0]), &others, farkle, &bank);
            let want = values.odds(totals)[0];
            assert!((p - want).abs() < 1e-12, "{totals:?}: advice {p}, table {want}");
        }
    }

    /// Advice in a game of three is the solve's: over every first roll the
    /// best choices' P(win) add up to the table's chance of the mover (at a
    /// state where the mover mixes too), each bank below the goal is worth
    /// the table's chance of the state it leads to; as the middle chaser
    /// the best choices add up to the chase's value, and as the last
    /// chaser to the two-player `P_pass`.
    #[test]
    fn advice_of_three_adds_up_to_the_table() {
        let g = push_luck("farkle", &["goal=600"], None);
        let game = Game(GameKind::PushLuck(std::sync::Arc::new((*g).clone())));
        let dir = tempfile::tempdir().expect("temporary directory");
        solve_and_save(&g, 3, dir.path(), &Silent).expect("solves");
        let values = load(&g, 3, dir.path()).expect("reads");
        let grid = values.model.grid;
        let mixed = super::super::decode(values.mixed[0].0, 3, values.levels);
        movers_add_up(&game, dir.path(), &values, &[vec![0, 0, 0], vec![2, 5, 9], mixed]);
        // The middle chaser: the leader (before them) banked to 650.
        let (b, c, x) = (300, 450, 650);
        let [win_b, _] = values.chase.middle(x - b, c - b, true, true);
        let p = by_advice(&game, dir.path(), b, &[c, x], 0.0, &|_| None);
        assert!((p - win_b).abs() < 1e-12, "middle chaser: advice {p}, chase {win_b}");
        // The last chaser: the next player led with 700, the one before
        // passed with 750.
        let pass = values.chase.last().pass(true, 750 - 200, grid);
        let p = by_advice(&game, dir.path(), 200, &[700, 750], 0.0, &|_| None);
        assert!((p - pass).abs() < 1e-12, "last chaser: advice {p}, P_pass {pass}");
    }

    /// The last round at a table of six with no table of every state: the
    /// first of three chasers still to come (two players after the leader
    /// have had their last turns) is advised by the chain, and over every
    /// first roll the best choices add up to the chain's chance for them;
    /// the chances of everyone at the start of that turn sum to 1, and the
    /// players who had their last turn below the highest total have none.
    #[test]
    fn a_chaser_with_three_to_come_is_advised_by_the_chain() {
        let g = push_luck("farkle", &["goal=600"], None);
        let game = Game(GameKind::PushLuck(std::sync::Arc::new((*g).clone())));
        let dir = tempfile::tempdir().expect("temporary directory");
        let model = g.win_model();
        // Me at 300; then 450, 200, 100 to come; the leader at 650; then
        // one at 500 who failed to pass.
        let (me, others) = (300, [450, 200, 100, 650, 500]);
        let q_min = model.tables.iter().map(|t| t.farkle).fold(1.0, f64::min);
        let last = Arc::new(crate::pushluck::win::LastTurn::solve(model));
        let chase = Chase::new(model, 6, Sides::new(model, 0), last, q_min);
        let round = chase.after_goal(650, &[me, 450, 200, 100]);
        let p = by_advice(&game, dir.path(), me, &others, 0.0, &|_| None);
        assert!((p - round[1]).abs() < 1e-12, "first chaser: advice {p}, chain {}", round[1]);
        let sum: f64 = round[..5].iter().sum();
        assert!((sum - 1.0).abs() < 1e-12, "the round's chances sum to {sum}");
        assert!(round.iter().all(|&c| (0.0..=1.0).contains(&c)), "{round:?}");
    }

    /// The same under an exact goal: a bank to the goal wins at once, one
    /// past it busts (worth the farkle), and a total on the goal has won.
    #[test]
    fn advice_of_three_adds_up_to_the_table_at_an_exact_goal() {
        let g = push_luck("farkle", &["goal=600", "exact-goal"], None);
        let game = Game(GameKind::PushLuck(std::sync::Arc::new((*g).clone())));
        let dir = tempfile::tempdir().expect("temporary directory");
        solve_and_save(&g, 3, dir.path(), &Silent).expect("solves");
        let values = load(&g, 3, dir.path()).expect("reads");
        movers_add_up(&game, dir.path(), &values, &[vec![0, 0, 0], vec![2, 5, 9], vec![10, 3, 8]]);
        assert!(check_totals(values.model.grid, (600, false), 0, &[600, 100], 0).is_err(), "the game is over");
    }
}
