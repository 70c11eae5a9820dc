//! `review`: each decision with its position and alternatives, the
//! luck-adjusted result, several records summed, and the refusals (bad
//! thresholds, a picture path that is a record or not a picture).

use std::path::{Path, PathBuf};

use crate::util::{assert_user_error, Env};

/// A recorded game sixdice plays against itself (goal 1500: its win
/// table solves in a moment), with mistakes from the threshold player.
fn game(env: &Env, name: &str, seed: &str, players: &str) -> PathBuf {
    let rec = env.path().join(name);
    let args = ["play", "farkle", "-o", "goal=1500", "--players", players, "--seed", seed, "--record"];
    env.ok(&[&args[..], &[rec.to_str().unwrap()]].concat());
    rec
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `--decision N` shows decision N (numbered as the costliest table numbers
/// them) with its position and every alternative, through the advice
/// renderer; the JSON carries them for that decision only; `--all` for every
/// decision.
#[test]
fn a_decision_shows_its_position_and_every_alternative() {
    let env = Env::new();
    let rec = game(&env, "g.rec", "2", "threshold=300,optimal");
    let text = env.ok(&["review", s(&rec)]);
    assert!(text.contains("`--decision N` shows it"), "{text}");
    let r = env.json(&["review", s(&rec)]);
    let decisions = r["decisions"].as_array().unwrap();
    assert!(decisions.iter().all(|d| d["position"].is_null() && d["advice"].is_null()));
    let worst = r["costliest"][0].as_u64().expect("a costly decision") as usize;
    let d = &decisions[worst];
    let n = d["number"].as_u64().unwrap();
    assert_eq!(n as usize, worst + 1);
    // The costliest table shows the decision's number, dice and totals.
    let dice: String = d["dice"].as_array().unwrap().iter().map(|x| x.to_string()).collect();
    let row = text.lines().find(|l| l.trim_start().starts_with(&format!("{n} "))).expect("its row");
    assert!(row.contains(&dice), "{row}");
    let totals: Vec<String> = d["totals"].as_array().unwrap().iter().map(|x| x.to_string()).collect();
    assert!(row.contains(&totals.join(", ")), "{row}");

    let one = env.json(&["review", s(&rec), "--decision", &n.to_string()]);
    assert_eq!(one["shown"], serde_json::json!([worst]));
    let shown = &one["decisions"][worst];
    let alternatives = shown["advice"]["alternatives"].as_array().unwrap();
    assert!(alternatives.len() > 1);
    assert_eq!(alternatives[0]["expected_score"], shown["value_best"]);
    assert!(alternatives.windows(2).all(|w| w[0]["expected_score"].as_f64() >= w[1]["expected_score"].as_f64()));
    assert_eq!(shown["position"]["seats"].as_array().unwrap().len(), 2);
    let text = env.ok(&["review", s(&rec), "--decision", &n.to_string()]);
    assert!(text.contains(&format!("Decision {n} of {}", decisions.len())), "{text}");
    assert!(text.contains("Every alternative") && text.contains("P(win)") && text.contains("set aside"), "{text}");
    assert!(!text.contains("more alternatives"), "all listed: {text}");

    let all = env.ok(&["review", s(&rec), "--all"]);
    assert_eq!(all.matches("Every alternative").count(), decisions.len(), "{all}");
    let e = env.user_error(&["review", s(&rec), "--decision", "100000"], "--decision");
    assert!(e.contains("100000") && e.contains(&format!("{} decisions", decisions.len())), "{e}");
}

/// Beside each rating: the luck (in the objective's unit) and the result
/// less the luck; under P(win) the expected points figure is explained.
#[test]
fn the_luck_adjusted_result_is_shown_beside_the_rating() {
    let env = Env::new();
    let rec = game(&env, "g.rec", "2", "threshold=300,optimal");
    let r = env.json(&["review", s(&rec)]);
    let text = env.ok(&["review", s(&rec)]);
    assert!(text.contains("luck (pp)") && text.contains("result - luck"), "{text}");
    assert!(text.contains("Not a loss of P(win)"), "{text}");
    for p in r["players"].as_array().unwrap() {
        let f = |k: &str| p[k].as_f64().unwrap();
        assert!((f("luck_adjusted") - (f("result") - f("luck"))).abs() < 1e-12);
        assert!((f("luck_adjusted") - (f("start") - f("total_loss") + f("gifts"))).abs() < 1e-9);
        let name = p["player"].as_str().unwrap();
        let row = text.lines().find(|l| l.starts_with(name)).unwrap();
        assert!(row.contains(&format!("{:+.2}", 100.0 * f("luck"))), "{row}");
        assert!(row.contains(&format!("{:.1}%", 100.0 * f("luck_adjusted"))), "{row}");
    }
}

/// `--thresholds 0,0,0` (or any bound not above 0, or not rising) is
/// refused with its values; `class` is always in the JSON.
#[test]
fn thresholds_are_checked_and_class_is_always_there() {
    let env = Env::new();
    let rec = game(&env, "g.rec", "2", "ev,optimal");
    for bad in ["0,0,0", "0,1,4", "1,1,4", "-1,2,3"] {
        let e = env.user_error(&["review", s(&rec), &format!("--thresholds={bad}")], "--thresholds");
        let shown: Vec<String> = bad.split(',').map(|v| v.parse::<f64>().unwrap().to_string()).collect();
        assert!(e.contains(&shown.join(", ")), "{e}");
    }
    let r = env.json(&["review", s(&rec)]);
    for d in r["decisions"].as_array().unwrap() {
        assert!(d.as_object().unwrap().contains_key("class"), "{d}");
    }
}

/// A record with no decisions: no rating, no `-0.00`, and its turns
/// counted.
#[test]
fn a_record_without_decisions_says_so() {
    let env = Env::new();
    let head = "sixdice-record 1\ngame farkle\noption goal=1500\nplayers a b\n";
    let empty = env.file("empty.rec", head);
    let one = env.file("one.rec", &format!("{head}a: 234346 farkle\n"));
    for (rec, turns) in [(empty, "0 turns"), (one, "1 turn,")] {
        let text = env.ok(&["review", s(&rec)]);
        assert!(text.contains(turns), "{text}");
        assert!(text.contains("No decisions in the record"), "{text}");
        assert!(!text.contains("-0.0") && !text.contains("world class") && !text.contains(" -0"), "{text}");
        let r = env.json(&["review", s(&rec)]);
        assert!(r["players"][0]["rating"].is_null());
    }
}

/// `--plot` never replaces a record being read (by any name) nor any file
/// that is not a picture, refused before any work; an earlier picture is
/// replaced.
#[test]
fn the_picture_never_replaces_the_input() {
    let env = Env::new();
    let rec = game(&env, "g.rec", "2", "ev,optimal");
    let before = std::fs::read(&rec).unwrap();
    let e = assert_user_error(&env.run(&["review", s(&rec), "--plot", s(&rec)]), &[], "--plot");
    assert!(e.contains("record"), "{e}");
    let link = env.path().join("link.svg");
    std::os::unix::fs::symlink(&rec, &link).unwrap();
    assert_user_error(&env.run(&["review", s(&rec), "--plot", s(&link)]), &[], "--plot");
    let other = game(&env, "h.rec", "3", "ev,optimal");
    let other_before = std::fs::read(&other).unwrap();
    let e = assert_user_error(&env.run(&["review", s(&rec), "--plot", s(&other)]), &[], "not an SVG");
    assert!(e.contains("h.rec"), "{e}");
    assert_eq!(std::fs::read(&rec).unwrap(), before);
    assert_eq!(std::fs::read(&other).unwrap(), other_before);
    let svg = env.path().join("g.svg");
    env.ok(&["review", s(&rec), "--plot", s(&svg)]);
    env.ok(&["review", s(&rec), "--plot", s(&svg)]);
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
}

/// Several records: each player's sums by name in text, JSON and a
/// picture; one record still gives the one-game report.
#[test]
fn several_records_are_summed_per_player() {
    let env = Env::new();
    let a = game(&env, "a.rec", "2", "threshold=300,optimal");
    let b = game(&env, "b.rec", "5", "optimal,threshold=300");
    let one_a = env.json(&["review", s(&a)]);
    let one_b = env.json(&["review", s(&b)]);
    let svg = env.path().join("sum.svg");
    let r = env.json(&["review", s(&a), s(&b), "--plot", s(&svg)]);
    assert_eq!(r["games"].as_array().unwrap().len(), 2);
    for p in r["players"].as_array().unwrap() {
        let name = p["player"].as_str().unwrap();
        assert_eq!(p["games"], 2);
        let of = |one: &serde_json::Value, k: &str| -> f64 {
            one["players"].as_array().unwrap().iter().find(|x| x["player"] == name).unwrap()[k].as_f64().unwrap()
        };
        for k in ["decisions", "blunders", "total_loss", "luck", "result", "luck_adjusted"] {
            let sum = of(&one_a, k) + of(&one_b, k);
            assert!((p[k].as_f64().unwrap() - sum).abs() < 1e-9, "{name} {k}: {} against {sum}", p[k]);
        }
    }
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.contains("loss per decision") && picture.contains("luck"));
    let text = env.ok(&["review", s(&a), s(&b)]);
    assert!(
        text.contains("Review of 2 games") && text.contains("games won") && text.contains("Game by game"),
        "{text}"
    );
    assert!(env.ok(&["review", s(&a)]).contains("Review of Farkle"));
    env.user_error(&["review", s(&a), s(&b), "--all"], "one record");
}

/// A game of four that no exact table fits (its table of four to 1,500 is
/// not solved): besides the points, each decision the rollouts can judge
/// is judged by P(win), and only losses they separate from 0 are classed
/// (that the same count and seed give the same numbers is the library's
/// test).
#[test]
fn a_game_of_four_is_judged_by_rollouts_beside_the_points() {
    let env = Env::new();
    let rec = game(&env, "four.rec", "6", "optimal,threshold=300,ev,threshold=600");
    let args = ["review", s(&rec), "--rollouts", "300", "--seed", "2"];
    let text = env.ok(&args);
    assert!(text.contains("values are each turn's expected points"), "{text}");
    assert!(text.contains("By P(win), estimated by rollouts") && text.contains("300 rollouts each (seed 2)"), "{text}");
    assert!(text.contains("Rollout policy: "), "{text}");
    let j = env.json(&args);
    let e = &j["estimates"];
    assert_eq!((e["rollouts"].as_u64(), e["seed"].as_u64()), (Some(300), Some(2)), "{e}");
    assert_eq!(e["estimated"], e["estimable"], "a count judges every decision: {e}");
    assert!(e["estimable"].as_u64().unwrap() > 0, "{e}");
    for d in j["decisions"].as_array().unwrap() {
        let Some(x) = d.get("estimate") else { continue };
        let low = x["loss"]["low"].as_f64().unwrap();
        assert_eq!(x["separated"].as_bool(), Some(low > 0.0), "{x}");
        assert!(x["class"].is_null() || low > 0.0, "classed within the noise: {x}");
    }
    // A count out of range is refused before anything is read.
    let out = env.run(&["review", s(&rec), "--rollouts", "0"]);
    assert_user_error(&out, &["review", "--rollouts", "0"], "1 to 10,000,000");
}
