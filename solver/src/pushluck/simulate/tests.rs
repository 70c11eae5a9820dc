//! Simulated play against what the win table computes exactly.

use super::*;
use crate::pushluck::games::{farkle, ten_thousand, yahtzix};
use crate::registry;

/// Farkle to 1500 with a 300-point entry: optimal against optimal and
/// against the expected-score player either way, each within 4 standard
/// errors of the exact value; the mean game length within 4 standard
/// errors of the exact expected turns; optimal beats ev from either seat.
#[test]
fn head_to_head_agrees_with_the_exact_facts() {
    let mut rules = farkle::base();
    rules.game.goal = 1500;
    rules.turn.entry = 300;
    agrees_with_the_exact_facts("farkle", rules);
}

/// The same under the three-farkle penalty (Farkle to 600, a third
/// farkle in a row costs 300).
#[test]
fn head_to_head_agrees_with_the_exact_facts_under_the_penalty() {
    agrees_with_the_exact_facts("farkle", farkle_with_penalty());
}

/// Farkle to 600 with no entry threshold; a third farkle in a row
/// costs 300.
fn farkle_with_penalty() -> crate::pushluck::RuleSet {
    let mut rules = farkle::base();
    rules.game.goal = 600;
    rules.turn.entry = 0;
    rules.turn.three_farkle_penalty = 300;
    rules
}

/// The same under piggyback (Farkle to 1000), whose facts are solved
/// over the offer states too.
#[test]
fn head_to_head_agrees_with_the_exact_facts_under_piggyback() {
    let mut rules = farkle::base();
    rules.game.goal = 1000;
    rules.turn.entry = 0;
    rules.turn.piggyback = true;
    agrees_with_the_exact_facts("farkle", rules);
}

/// And under Yahtzix's go-for-it (to 400), where a turn on a leftover
/// can bank more than one turn scores (past the offers table: the next
/// player starts fresh).
#[test]
fn head_to_head_agrees_with_the_exact_facts_under_go_for_it() {
    let mut rules = yahtzix::base();
    rules.game.goal = 400;
    rules.turn.piggyback = true;
    agrees_with_the_exact_facts("yahtzix", rules);
}

/// Dice 10000 to 1000 with an exact goal, no entry threshold.
fn ten_thousand_exact_goal() -> crate::pushluck::RuleSet {
    let mut rules = ten_thousand::base();
    rules.game.goal = 1000;
    rules.turn.entry = 0;
    rules.game.exact_goal = true;
    rules
}

/// Dice 10000 with an exact goal (to 1000): past the goal a player
/// rolls on for six of a kind.
#[test]
fn head_to_head_agrees_with_the_exact_facts_with_exact_goal_and_instant_wins() {
    agrees_with_the_exact_facts("ten-thousand", ten_thousand_exact_goal());
}

/// And with the three-farkle penalty too (a third farkle in a row costs
/// 300): a bust past the goal is a farkle, so the expected-score player
/// also rolls on for six of a kind there.
#[test]
fn head_to_head_agrees_with_the_exact_facts_with_exact_goal_instant_wins_and_penalty() {
    let mut rules = ten_thousand_exact_goal();
    rules.turn.three_farkle_penalty = 300;
    agrees_with_the_exact_facts("ten-thousand", rules);
}

/// Under piggyback (Farkle to 1000): every player takes over leftover
/// dice, optimal against optimal agrees with the exact P(first player
/// wins) within 4 standard errors, and optimal wins more than half of
/// its games (both seats together) against each other player, by more
/// than 4 standard errors.
#[test]
fn head_to_head_under_piggyback_agrees_with_the_exact_odds() {
    let mut rules = farkle::base();
    rules.game.goal = 1000;
    rules.turn.entry = 0;
    rules.turn.piggyback = true;
    let (r, ..) = played("farkle", rules, "optimal,ev,threshold=300,human", 5);
    let rate = |first: &str, second: &str| {
        r.pairings.iter().find(|p| p.first == first && p.second == second).expect("every pairing")
    };
    let both = rate("optimal", "optimal");
    let exact = both.exact.expect("optimal against optimal is exact");
    let n = both.games as f64;
    let se = (exact * (1.0 - exact) / n).sqrt();
    assert!((both.first_win_rate - exact).abs() < 4.0 * se, "{} simulated, {exact} exact", both.first_win_rate);
    for other in ["ev", "threshold=300", "human"] {
        let won = (rate("optimal", other).first_win_rate + 1.0 - rate(other, "optimal").first_win_rate) / 2.0;
        let se = (0.25 / (2.0 * n)).sqrt();
        assert!(won > 0.5 + 4.0 * se, "optimal wins {won} of its games against {other}");
    }
    for p in &r.pairings {
        let pig = p.piggybacks_per_game.expect("counted under piggyback");
        assert!(pig > 0.01, "{} vs {}: {pig} piggybacks a game", p.first, p.second);
        assert_eq!(p.unfinished, 0);
    }
}

/// 40,000 seeded games of every pairing of `players` under `rules` of
/// `game_name`, with the game and the tables directory they used.
fn played(
    game_name: &str,
    rules: crate::pushluck::RuleSet,
    players: &str,
    seed: u64,
) -> (PlayersReport, PushLuckGame, tempfile::TempDir) {
    rules.validate().expect("valid rules");
    let entry = registry::find(game_name).expect("built in");
    let game = PushLuckGame::new(entry.id, rules, vec![], None).expect("solvable");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let q = SimulateQuestion { players: players.split(',').map(String::from).collect(), games: 40_000, seed, seats: 2 };
    let r = simulate(&game, dir.path(), &q, &crate::progress::Silent).expect("simulates");
    (r, game, dir)
}

fn agrees_with_the_exact_facts(game_name: &str, rules: crate::pushluck::RuleSet) {
    let (r, game, dir) = played(game_name, rules, "optimal,ev", 3);
    let facts = crate::pushluck::win::table::summary(&game, dir.path(), &crate::progress::Silent)
        .expect("a table")
        .game
        .expect("game facts");
    let rate = |first: &str, second: &str| {
        r.pairings.iter().find(|p| p.first == first && p.second == second).expect("every pairing")
    };
    for p in &r.pairings {
        assert_eq!(p.unfinished, 0);
        let Some(exact) = p.exact else { continue };
        let se = (exact * (1.0 - exact) / p.games as f64).sqrt();
        assert!(
            (p.first_win_rate - exact).abs() < 4.0 * se,
            "{} vs {}: {} simulated, {exact} exact, standard error {se}",
            p.first,
            p.second,
            p.first_win_rate
        );
    }
    let both = rate("optimal", "optimal");
    let turns = 2.0 * facts.turns_per_player;
    assert!(
        (both.mean_turns - turns).abs() < 4.0 * both.mean_turns_std_error,
        "{} ± {} turns simulated, {turns} exact",
        both.mean_turns,
        both.mean_turns_std_error
    );
    assert_eq!(rate("optimal", "ev").exact, Some(facts.optimal_first_vs_ev));
    assert_eq!(rate("ev", "optimal").exact, Some(facts.ev_first_vs_optimal));
    assert!(rate("ev", "ev").exact.is_none());
    // Playing to win gains from either seat.
    assert!(facts.optimal_first_vs_ev > both.exact.unwrap());
    assert!(1.0 - facts.ev_first_vs_optimal > 1.0 - both.exact.unwrap());
}

/// Games of three optimal players (Farkle to 600, where movers mix at six
/// states: they draw which policy to play) agree with the table of three:
/// each seat within 4 standard errors of its exact P(win), the mean game
/// length within 4 standard errors of the exact expected turns.
#[test]
fn games_of_three_agree_with_the_table_of_three() {
    let mixed = games_of_three_agree("farkle", &["goal=600"], 29);
    assert!(mixed > 0, "movers mix in this game");
}

/// The same with an exact goal (Farkle to 600): a bank to the goal wins at
/// once, one past it busts.
#[test]
fn games_of_three_with_an_exact_goal_agree_with_the_table_of_three() {
    games_of_three_agree("farkle", &["goal=600", "exact-goal"], 31);
}

/// The same with Dice 10000's instant win under an exact goal (to 1,000):
/// six of a kind ends the game, and past the goal a turn rolls on for it.
#[test]
fn games_of_three_with_instant_wins_agree_with_the_table_of_three() {
    games_of_three_agree("dice10000", &["goal=1000", "exact-goal"], 37);
}

/// Plays 20,000 seeded games of three optimal players of `name` with
/// `options` against the table of three; returns its mixed states.
fn games_of_three_agree(name: &str, options: &[&str], seed: u64) -> u64 {
    let game = registry::testing::push_luck(name, options, None);
    let dir = tempfile::tempdir().expect("temporary directory");
    let q = SimulateQuestion { players: vec!["optimal".into(); 3], games: 20_000, seed, seats: 3 };
    let r = simulate(&game, dir.path(), &q, &crate::progress::Silent).expect("plays");
    assert_eq!(r.seatings.len(), 1, "one distinct seating");
    let s = &r.seatings[0];
    let exact = s.exact.clone().expect("every player optimal");
    let n = s.games as f64;
    for (seat, (&p, &seen)) in exact.iter().zip(&s.win_rates).enumerate() {
        let se = (p * (1.0 - p) / n).sqrt();
        assert!((seen - p).abs() < 4.0 * se, "seat {}: {seen} won, {p} exact ({se} standard error)", seat + 1);
    }
    let facts = crate::pushluck::win::players::table::info(dir.path(), &game, 3, crate::table::Verify::Full)
        .expect("the table of three was solved first")
        .seats
        .expect("its facts");
    let turns = 3.0 * facts.turns_per_player;
    assert!(
        (s.mean_turns - turns).abs() < 4.0 * s.mean_turns_std_error,
        "{} turns a game ({} standard error), {turns} exact",
        s.mean_turns,
        s.mean_turns_std_error
    );
    assert_eq!(s.unfinished, 0);
    facts.mixed_states
}

/// In games of three the seatings are the distinct ones, and players that
/// play games of two only, or a count other than three, are refused.
#[test]
fn games_of_three_seat_three_players_every_distinct_way() {
    let game = registry::testing::push_luck("farkle", &["goal=600"], None);
    let dir = tempfile::tempdir().expect("temporary directory");
    let ask = |players: &str, seats: usize| SimulateQuestion {
        players: players.split(',').map(String::from).collect(),
        games: 200,
        seed: 1,
        seats,
    };
    let r = simulate(&game, dir.path(), &ask("ev,ev,threshold=300", 3), &crate::progress::Silent).expect("plays");
    assert_eq!(r.seatings.len(), 3);
    assert!(r.seatings.iter().all(|s| s.wins.iter().sum::<u64>() + s.unfinished == 200 && s.exact.is_none()));
    for (players, seats, needle) in
        [("optimal,human,ev", 3, "games of two only"), ("optimal,ev", 3, "not 2"), ("optimal,ev", 4, "4 seats")]
    {
        let e = simulate(&game, dir.path(), &ask(players, seats), &crate::progress::Silent).expect_err("refused");
        assert!(e.to_string().contains(needle), "{e}");
    }
}

/// Under `piggyback=return` (Farkle to 400, where the points given back
/// often reach the goal): a farkle on a leftover hands its points back,
/// which can end the game; optimal against optimal (whose turns on a
/// leftover value that farkle as such) agrees with the exact P(first
/// player wins) within 4 standard errors in 160,000 seeded games, with
/// leftovers taken over. Playing out the return matters: the exact odds
/// with and without it are more than 8 standard errors apart.
#[test]
fn head_to_head_under_piggyback_return_agrees_with_the_exact_odds() {
    let game = |back: bool| {
        let mut rules = farkle::base();
        rules.game.goal = 400;
        rules.turn.entry = 0;
        rules.turn.piggyback = true;
        rules.turn.piggyback_return = back;
        rules.validate().expect("valid rules");
        PushLuckGame::new("farkle", rules, vec![], None).expect("solvable")
    };
    let dir = tempfile::tempdir().expect("a temporary directory");
    let q = SimulateQuestion { players: vec!["optimal".into()], games: 160_000, seed: 11, seats: 2 };
    let r = simulate(&game(true), dir.path(), &q, &crate::progress::Silent).expect("simulates");
    let both = &r.pairings[0];
    let exact = both.exact.expect("optimal against optimal is exact");
    let se = (exact * (1.0 - exact) / both.games as f64).sqrt();
    assert!((both.first_win_rate - exact).abs() < 4.0 * se, "{} simulated, {exact} exact", both.first_win_rate);
    assert!(both.piggybacks_per_game.expect("counted under piggyback") > 0.01);
    assert_eq!(both.unfinished, 0);
    // (Another directory: the table's name comes from options, not rules.)
    let other = tempfile::tempdir().expect("a temporary directory");
    let plain = simulate(&game(false), other.path(), &q, &crate::progress::Silent).expect("simulates");
    let without = plain.pairings[0].exact.expect("exact");
    assert!((exact - without).abs() > 8.0 * se, "{exact} with the return, {without} without");
}

/// The extended tier (`cargo test --release --workspace -- --ignored
/// extended`, run by CI): simulations whose solve alone takes most of a
/// minute.
mod extended {
    use super::*;

    /// Piggyback together with the three-farkle penalty (Farkle to 600, a
    /// third farkle in a row costs 300): optimal against optimal agrees
    /// with the exact P(first player wins) within 4 standard errors, with
    /// leftovers taken over.
    #[test]
    #[ignore = "extended tier"]
    fn optimal_play_under_piggyback_and_the_penalty_wins_as_often_as_solved() {
        let mut rules = farkle_with_penalty();
        rules.turn.piggyback = true;
        let (r, ..) = played("farkle", rules, "optimal", 7);
        let both = &r.pairings[0];
        let exact = both.exact.expect("optimal against optimal is exact");
        let se = (exact * (1.0 - exact) / both.games as f64).sqrt();
        assert!((both.first_win_rate - exact).abs() < 4.0 * se, "{} simulated, {exact} exact", both.first_win_rate);
        let pig = both.piggybacks_per_game.expect("counted under piggyback");
        assert!(pig > 0.002, "{pig} piggybacks a game (seldom worth it so near a small goal)");
        assert_eq!(both.unfinished, 0);
    }
}
