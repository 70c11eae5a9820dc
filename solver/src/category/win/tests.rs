//! Playing to win against other sheets, checked against other ways of
//! computing the same chances: the target advice one score at a time, the
//! distribution advice, the best other score by a plain sum over every
//! pair of other final scores, and seeded games played out.

use super::advise::{advise_win, WinQuestion};
use super::field::best_of;
use crate::category::distribution::summary::summarize;
use crate::category::model::{CategoryGame, Sheet};
use crate::category::target::advise::advise_target;
use crate::category::turn::{Band, BandValues, Position};
use crate::progress::Silent;
use crate::report::{CategoryAdvice, ScoreDistribution, WinRule};

/// Classic Yahtzee without its bonus, cut to its first eight boxes: every
/// table solves in well under a second.
fn reduced() -> CategoryGame {
    let mut game = crate::registry::testing::category("yahtzee", &["no-bonus"]);
    game.categories.truncate(8);
    game
}

fn win(
    game: &CategoryGame,
    dir: &std::path::Path,
    sheet: &str,
    at: Option<&Position>,
    others: &[&str],
) -> CategoryAdvice {
    let sheet = Sheet::parse(game, sheet).unwrap();
    let opponents: Vec<String> = others.iter().map(|s| (*s).to_string()).collect();
    let q = WinQuestion { sheet: &sheet, position: at, opponents: &opponents, distribution: true };
    advise_win(game, dir, &q, &Silent).unwrap()
}

fn target(game: &CategoryGame, dir: &std::path::Path, sheet: &str, at: Option<&Position>, t: u32) -> CategoryAdvice {
    advise_target(game, dir, &Sheet::parse(game, sheet).unwrap(), at, t, &Silent).unwrap()
}

/// Full sheets of 85 and 71 points (upper boxes short of the bonus).
const FULL_85: &str = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=12 three-of-a-kind=28 four-of-a-kind=x";
const FULL_71: &str = "ones=2 twos=4 threes=9 fours=8 fives=10 sixes=18 three-of-a-kind=20 four-of-a-kind=x";
const PLAYER: &str = "ones=3 twos=x threes=9 fours=12 fives=x";

#[test]
fn against_full_sheets_the_chance_is_the_target_optimum() {
    let game = reduced();
    let dir = tempfile::tempdir().unwrap();
    let at = Position { roll: 2, dice: crate::dice::counts_of(&[2, 3, 6, 6, 6]), locked: [0; 6] };
    let report = win(&game, dir.path(), PLAYER, Some(&at), &[FULL_71, FULL_85]);
    let to_win = report.to_win.as_ref().unwrap();
    assert_eq!((to_win.to_beat, to_win.rule), (Some(85), WinRule::Exact));
    assert_eq!(to_win.best_opponent.mean, 85.0);
    let beat = target(&game, dir.path(), PLAYER, Some(&at), 86);
    let level = target(&game, dir.path(), PLAYER, Some(&at), 85);
    let plain = crate::category::ask::advise(
        &game,
        dir.path(),
        &crate::question::CategoryQuestion {
            sheet: PLAYER.into(),
            dice: Some(at.dice),
            roll: Some(2),
            locked: None,
            target: None,
            distribution: true,
            opponents: vec![],
        },
        &Silent,
    )
    .unwrap();
    assert_eq!(report.alternatives.len(), beat.alternatives.len());
    for alt in &report.alternatives {
        let w = alt.win.unwrap();
        let by = |r: &CategoryAdvice| r.alternatives.iter().find(|a| a.action == alt.action).cloned().unwrap();
        assert!((w.chance - by(&beat).chance.unwrap()).abs() < 1e-12, "{}", alt.description);
        assert!((w.win_or_tie - by(&level).chance.unwrap()).abs() < 1e-12, "{}", alt.description);
        let d = by(&plain).distribution.unwrap();
        assert!((w.expected_play - d.chance_at_least(86)).abs() < 1e-12);
        assert!((w.expected_play_tie - d.chance_of(85)).abs() < 1e-12);
        // Playing for the win does at least as well as the expected score.
        assert!(w.chance >= w.expected_play - 1e-12 && w.win_or_tie >= w.expected_play + w.expected_play_tie - 1e-12);
    }
    let chances: Vec<f64> = report.alternatives.iter().map(|a| a.win.unwrap().chance).collect();
    assert!(chances.windows(2).all(|w| w[0] >= w[1]), "ranked by the chance: {chances:?}");
    assert_eq!(report.chance, Some(chances[0]));
    assert_eq!(report.chance, beat.chance);
}

/// The best other score by the plain sum over every pair of final scores,
/// against the product of the chances.
#[test]
fn best_other_score_sums_every_pair() {
    let band = |lo: u32, values: &[f64]| {
        let hi = lo + u32::try_from(values.len()).unwrap();
        summarize(40, &Band { lo, hi, values: BandValues::F64(values) })
    };
    let a = band(10, &[0.9, 0.7, 0.4, 0.4, 0.1]);
    let b = band(12, &[0.6, 0.5, 0.2]);
    let c = summarize(53, &Band { lo: 0, hi: 0, values: BandValues::F64(&[]) });
    let m = best_of(&[&a, &b, &c]);
    let mass = |d: &ScoreDistribution| (d.lowest..=d.highest).map(|s| (s, d.chance_of(s))).collect::<Vec<_>>();
    for s in m.lowest.saturating_sub(3)..=m.highest + 3 {
        let mut p = 0.0;
        for (x, px) in mass(&a) {
            for (y, py) in mass(&b) {
                for (z, pz) in mass(&c) {
                    if x.max(y).max(z) == s {
                        p += px * py * pz;
                    }
                }
            }
        }
        assert!((m.chance_of(s) - p).abs() < 1e-12, "P(M = {s}): {} vs {p}", m.chance_of(s));
    }
    assert_eq!((m.lowest, m.highest), (53, 55));
}

/// Against sheets still in play: the rule's value per choice is the
/// target advice's chance at every score the best other one may be,
/// weighted by its chance; the expected-score play's chance is the
/// distribution's; before the turn the rule's value is at least the first
/// roll's average of the best choices' (knowing the score within the turn
/// only helps).
#[test]
fn against_sheets_in_play_the_rule_weighs_the_target_chances() {
    let game = reduced();
    let dir = tempfile::tempdir().unwrap();
    let others =
        ["ones=2 twos=4 threes=9 fours=8 fives=10 sixes=18", "ones=3 twos=6 threes=x fours=12 fives=15 sixes=24"];
    let at = Position { roll: 1, dice: crate::dice::counts_of(&[1, 4, 4, 5, 6]), locked: [0; 6] };
    let report = win(&game, dir.path(), PLAYER, Some(&at), &others);
    let to_win = report.to_win.as_ref().unwrap();
    assert_eq!((to_win.to_beat, to_win.rule), (None, WinRule::IfBestKnown));
    let best = &to_win.best_opponent;
    assert!(best.highest > best.lowest + 20, "a spread of best other scores: {}..{}", best.lowest, best.highest);
    let mut weighted = vec![0.0; report.alternatives.len()];
    for m in best.lowest..=best.highest {
        let p = best.chance_of(m);
        if p == 0.0 {
            continue;
        }
        let t = target(&game, dir.path(), PLAYER, Some(&at), m + 1);
        for (w, alt) in weighted.iter_mut().zip(&report.alternatives) {
            let a = t.alternatives.iter().find(|a| a.action == alt.action).unwrap();
            *w += p * a.chance.unwrap();
        }
    }
    for (w, alt) in weighted.iter().zip(&report.alternatives) {
        let chance = alt.win.unwrap();
        assert!((chance.chance - w).abs() < 1e-12, "{}: {} vs {w}", alt.description, chance.chance);
        assert!(chance.chance >= chance.expected_play - 1e-12);
        let d = alt.distribution.as_ref().unwrap();
        let exact: f64 = (best.lowest..=best.highest).map(|m| best.chance_of(m) * d.chance_at_least(m + 1)).sum();
        assert!((chance.expected_play - exact).abs() < 1e-12);
    }
    let before = win(&game, dir.path(), PLAYER, None, &others).chance.unwrap();
    let ms = crate::dice::Multisets::new(game.dice);
    let average: f64 = ms
        .rolls()
        .map(|r| {
            let at = Position { roll: 1, dice: *ms.counts(r), locked: [0; 6] };
            ms.prob(r) * win(&game, dir.path(), PLAYER, Some(&at), &others).chance.unwrap()
        })
        .sum();
    assert!(before >= average - 1e-12 && before < average + 0.05, "before the turn {before}, rolls' average {average}");
}

/// Against full sheets, before the turn the chance is the first roll's
/// average of the best choices' chances (the rule is then exact).
#[test]
fn against_full_sheets_the_turn_averages_its_rolls() {
    let game = reduced();
    let dir = tempfile::tempdir().unwrap();
    let others = [FULL_85];
    let before = win(&game, dir.path(), PLAYER, None, &others).chance.unwrap();
    let ms = crate::dice::Multisets::new(game.dice);
    let average: f64 = ms
        .rolls()
        .map(|r| {
            let at = Position { roll: 1, dice: *ms.counts(r), locked: [0; 6] };
            ms.prob(r) * win(&game, dir.path(), PLAYER, Some(&at), &others).chance.unwrap()
        })
        .sum();
    assert!((before - average).abs() < 1e-12, "before the turn {before}, rolls' average {average}");
}

#[test]
fn wrong_sheets_are_refused_by_their_place() {
    let game = reduced();
    let dir = tempfile::tempdir().unwrap();
    let sheet = Sheet::parse(&game, PLAYER).unwrap();
    let ask = |others: &[&str]| {
        let opponents: Vec<String> = others.iter().map(|s| (*s).to_string()).collect();
        let q = WinQuestion { sheet: &sheet, position: None, opponents: &opponents, distribution: false };
        advise_win(&game, dir.path(), &q, &Silent).unwrap_err()
    };
    let e = ask(&[FULL_85, "ones=7"]);
    assert_eq!(e.field(), Some(crate::error::Field::OpponentSheet));
    assert!(e.to_string().starts_with("sheet 2: ones=7 is impossible"), "{e}");
    let e = ask(&["chance=3"]);
    assert!(e.to_string().starts_with("sheet 1: unknown box"), "{e}");
    // Nothing was solved for a refused question.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// The tables a duel reads, solved into `dir`.
fn solved_tables(
    dp: &crate::category::turn::TurnDp,
    dir: &std::path::Path,
) -> (super::advise::WinTables, crate::category::table::GameValues) {
    let tables = super::advise::WinTables::open_or_solve(dir, dp, &Silent).unwrap();
    (tables, crate::category::table::open_or_solve(dir, dp, &Silent).unwrap())
}

/// The duel's to-win player makes the choice `advise --opponent-sheet`
/// ranks first, against a sheet in play and a full one, on every roll of
/// sampled dice.
#[test]
fn the_duel_chooses_what_advise_ranks_first() {
    use super::duel::{Seat, TurnRule};
    use crate::category::advise::action_of;
    use crate::category::turn::{Indexed, TurnDp};

    let game = reduced();
    let dir = tempfile::tempdir().unwrap();
    let dp = TurnDp::new(&game);
    let (tables, values) = solved_tables(&dp, dir.path());
    let ev = Indexed { index: dp.index(), values: values.values() };
    let ms = crate::dice::Multisets::new(game.dice);
    let mut compared = 0;
    for other in ["ones=2 twos=4 threes=9 fours=8 fives=10 sixes=18", FULL_85, FULL_71] {
        let seat = Seat::of_sheet(&dp, &Sheet::parse(&game, PLAYER).unwrap());
        let rival = Seat::of_sheet(&dp, &Sheet::parse(&game, other).unwrap_or_else(|_| unreachable!()));
        let rule = TurnRule::new(&dp, &tables, &seat, &rival);
        for r in ms.rolls().step_by(9) {
            for roll in 1..=3 {
                let at = Position { roll, dice: *ms.counts(r), locked: [0; 6] };
                let (chosen, _) = rule.choose(&dp, &ev, &at);
                let advice = win(&game, dir.path(), PLAYER, Some(&at), &[other]);
                assert_eq!(action_of(&game, &chosen), advice.alternatives[0].action, "against {other}, roll {roll}");
                compared += 1;
            }
        }
    }
    assert!(compared > 60, "{compared} positions compared");
}

/// A duel's tally is the same on one thread as on several, and adds up.
#[test]
fn the_duel_is_the_same_on_any_number_of_threads() {
    use super::duel::duel;
    use crate::category::turn::{Indexed, TurnDp};

    let game = reduced();
    let dir = tempfile::tempdir().unwrap();
    let dp = TurnDp::new(&game);
    let (tables, values) = solved_tables(&dp, dir.path());
    let ev = Indexed { index: dp.index(), values: values.values() };
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let alone = one.install(|| duel(&dp, &ev, &tables, 300, 5, &Silent));
    let together = duel(&dp, &ev, &tables, 300, 5, &Silent);
    assert_eq!(alone, together);
    assert_eq!(alone.games, 300);
    assert_eq!(alone.choices, 300 * 8 * 3);
    assert!(alone.wins[0] + alone.ties[0] <= 150 && alone.wins[1] + alone.ties[1] <= 150);
    assert!(alone.differing > 0 && alone.differing < alone.choices);
}
