//! Every value of `tests/fixtures/golden.json` — recorded from the binary
//! before the architecture change — reproduced by the current binary: solve
//! values, strategy thresholds, and every advise alternative in its ranked
//! order (alternatives of exactly equal value may swap).

use serde_json::Value;

use crate::util::Env;

fn label_category(a: &Value) -> String {
    if a["action"] == "keep" {
        let keep: Vec<String> = a["keep"].as_array().unwrap().iter().map(std::string::ToString::to_string).collect();
        format!("keep {}", keep.join(","))
    } else {
        format!("score {} in {}", a["points"], a["category"].as_str().unwrap())
    }
}

fn label_pushluck(a: &Value) -> String {
    let dice: Vec<String> = a["set_aside"].as_array().unwrap().iter().map(std::string::ToString::to_string).collect();
    let reading: Vec<&str> = a["reading"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    let then = match &a["roll_dice"] {
        Value::Null => a["then"].as_str().unwrap().to_string(),
        k => format!("{}{k}", a["then"].as_str().unwrap()),
    };
    format!("{} ({}) {then}", dice.join(","), reading.join("+"))
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or(-1.0)
}

/// (label, value) pairs of an output, in the fixture's vocabulary.
fn values(cmd: &str, j: &Value) -> Vec<(String, f64)> {
    let category = j["game"]["family"] == "category";
    match cmd {
        "solve" if category => {
            vec![("expected_score".into(), num(&j["expected_score"])), ("states".into(), num(&j["states"]))]
        }
        "solve" => {
            let vs = j["variants"].as_array().unwrap();
            let turn =
                vs.iter().map(|v| (format!("turn {}", v["variant"].as_str().unwrap()), num(&v["expected_score"])));
            let top =
                vs.iter().map(|v| (format!("top {}", v["variant"].as_str().unwrap()), num(&v["bank_always_from"])));
            turn.chain(top).collect()
        }
        "strategy" => {
            let mut out = Vec::new();
            for s in j["sections"].as_array().unwrap() {
                let key = format!(
                    "board={} two_farkles={}",
                    if s["on_board"] == true { "True" } else { "False" },
                    if s["two_farkles_in_a_row"] == true { "True" } else { "False" }
                );
                out.push((format!("{key} turn"), num(&s["expected_score"])));
                for b in s["bank_at"].as_array().unwrap() {
                    let k = format!("{key} rolls={} dice={}", b["rolls_made"], b["dice_to_roll"]);
                    out.push((format!("{k} bank_from"), num(&b["bank_from"])));
                    for t in b["also_bank_at"].as_array().unwrap() {
                        out.push((format!("{k} also"), num(t)));
                    }
                }
                for p in s["piggyback_from"].as_array().into_iter().flatten() {
                    out.push((format!("{key} piggyback {}", p["leftover_dice"]), num(&p["inherited_from"])));
                }
            }
            out
        }
        _ if category => j["alternatives"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| (label_category(a), num(&a["expected_score"])))
            .collect(),
        _ if j.get("leftover").is_some() => vec![
            ("piggyback".into(), num(&j["piggyback_expected_score"])),
            ("fresh".into(), num(&j["fresh_expected_score"])),
            (format!("best {}", j["best"].as_str().unwrap()), 0.0),
        ],
        _ if j["farkle"] == true => vec![("farkle".into(), num(&j["expected_score"]))],
        _ => j["alternatives"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| (label_pushluck(a), num(&a["expected_score"])))
            .collect(),
    }
}

#[test]
fn values_and_rankings_are_those_recorded_before_the_architecture_change() {
    let fixture: Value =
        serde_json::from_str(include_str!("fixtures/golden.json")).expect("the golden fixture is JSON");
    let env = Env::new();
    let cases = fixture["cases"].as_array().unwrap();
    assert!(cases.len() > 150);
    for case in cases {
        let args: Vec<&str> = case["args"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
        let expected: Vec<(String, f64)> = case["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p[0].as_str().unwrap().to_string(), num(&p[1])))
            .collect();
        let got = values(args[0], &env.json(&args));
        assert_eq!(got.len(), expected.len(), "{args:?}");
        // The same values in the same order (to the last bits: the fixture
        // was recorded as shortest decimals and read back exactly, and a
        // sum taken in another order moves the last bit, as in Yahtzix's
        // exact goal by one unit in the last place)...
        let same = |x: f64, y: f64| (x - y).abs() <= 1e-14 * x.abs().max(1.0);
        let order = |v: &[(String, f64)]| v.iter().map(|p| p.1).collect::<Vec<f64>>();
        let (a, b) = (order(&got), order(&expected));
        assert!(a.iter().zip(&b).all(|(x, y)| same(*x, *y)), "{args:?}: {a:?} against {b:?}");
        // ... for the same alternatives (equal values may swap places).
        let sorted = |v: &[(String, f64)]| {
            let mut v = v.to_vec();
            v.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
            v
        };
        let (a, b) = (sorted(&got), sorted(&expected));
        let agree = a.iter().zip(&b).all(|(x, y)| x.0 == y.0 && same(x.1, y.1));
        assert!(agree, "{args:?}: {a:?} against {b:?}");
    }
}
