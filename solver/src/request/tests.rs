//! Requests read from JSON as the command line's flags: the issue's
//! example body, each refusal naming its field, files never named by JSON.

use super::advise::AdviseRequest;
use super::commands::{CompareRequest, InfoRequest, PlayRequest, ReviewRequest, SimulateRequest, StrategyRequest};
use super::*;
use crate::error::Field;
use crate::question::{AdviseQuestion, Start};

fn advise(json: &str) -> Result<(Game, AdviseQuestion), Error> {
    let r: AdviseRequest = serde_json::from_str(json).expect("a request");
    r.question()
}

fn field_of(json: &str) -> Option<Field> {
    advise(json).expect_err("refused").field()
}

#[test]
fn a_json_body_is_the_flags_question() {
    let (game, q) = advise(r#"{"game":"farkle","dice":"1,1,2,3,5,5","banked":300}"#).unwrap();
    assert_eq!(game.reference().id, "farkle");
    let AdviseQuestion::PushLuck(q) = q else { panic!("a push-your-luck question") };
    assert_eq!(q.start, Start::Roll(parse_dice("112355").unwrap()));
    assert_eq!((q.banked, q.objective), (300, Objective::TurnScore));
    // Several totals: the win objective of three, the next player first.
    let (_, q) = advise(r#"{"game":"farkle","dice":"115","opponents":"5000,7200","option":["goal=8000"]}"#).unwrap();
    let AdviseQuestion::PushLuck(q) = q else { panic!("a push-your-luck question") };
    assert_eq!((q.opponent, q.later_opponents.clone(), q.objective), (Some(5000), vec![7200], Objective::Win));
    assert_eq!(game.dice(), 6);
}

#[test]
fn each_refusal_names_its_field() {
    let cases: &[(&str, Field)] = &[
        (r#"{"dice":"1"}"#, Field::Game),
        (r#"{"game":"nope","dice":"1"}"#, Field::Game),
        (r#"{"game":"farkle","option":["nope"],"dice":"1"}"#, Field::Option),
        (r#"{"game":"farkle","dice":"7"}"#, Field::Dice),
        (r#"{"game":"farkle"}"#, Field::Dice),
        (r#"{"game":"farkle","dice":"1","leftover":2}"#, Field::Leftover),
        (r#"{"game":"farkle","dice":"1","opponent":1,"opponents":"1,2"}"#, Field::Opponent),
        (r#"{"game":"farkle","dice":"1","opponents":"1,x"}"#, Field::Opponents),
        (r#"{"game":"farkle","dice":"1","objective":"fun"}"#, Field::Objective),
        (r#"{"game":"farkle","dice":"1","objective":"score","opponent":3}"#, Field::Opponent),
        (r#"{"game":"farkle","dice":"1","objective":"score","opponents":"3"}"#, Field::Opponents),
        (r#"{"game":"farkle","dice":"1","top":0}"#, Field::Top),
        (r#"{"game":"yatzy","locked":"55"}"#, Field::Locked),
        (r#"{"game":"farkle","dice":"1","rules-text":"[turn\n"}"#, Field::Rules),
    ];
    for (json, field) in cases {
        assert_eq!(field_of(json), Some(*field), "{json}");
    }
    let big = format!(r#"{{"game":"farkle","dice":"1","rules-text":"{}"}}"#, "#".repeat(2 << 20));
    assert_eq!(field_of(&big), Some(Field::Rules));
}

#[test]
fn json_never_names_a_file() {
    for json in [
        r#"{"game":"farkle","dice":"1","rules-file":"/etc/passwd"}"#,
        r#"{"game":"farkle","dice":"1","rules_file":"/etc/passwd"}"#,
        r#"{"game":"farkle","dice":"1","rules":"/etc/passwd"}"#,
    ] {
        assert!(serde_json::from_str::<AdviseRequest>(json).is_err(), "{json}");
    }
    assert!(serde_json::from_str::<CompareRequest>(r#"{"game":"farkle","rules":["/etc/passwd"]}"#).is_err());
    assert!(serde_json::from_str::<ReviewRequest>(r#"{"record":"","record-dir":"/"}"#).is_err());
    let q =
        serde_json::from_str::<ReviewRequest>(r#"{"record":"x","thresholds":"1,2,3"}"#).unwrap().question().unwrap();
    assert_eq!(q.record_dir, None, "a record's rules header is refused, not read");
}

#[test]
fn house_rules_come_as_text() {
    let toml =
        crate::commands::rules(&resolve("farkle", &[RuleOption::parse("goal=3000")], None).unwrap()).unwrap().toml;
    let body = serde_json::json!({ "game": "farkle", "dice": "115", "rules-text": toml }).to_string();
    let (game, _) = advise(&body).unwrap();
    assert_eq!(game.reference().rules_file.as_deref(), Some(RULES_TEXT_LABEL));
}

#[test]
fn the_other_commands_read_their_flags() {
    let (_, q) = serde_json::from_str::<CompareRequest>(
        r#"{"game":"farkle","variant":["piggyback, min-bank=350"],"no-defaults":true}"#,
    )
    .unwrap()
    .question()
    .unwrap();
    assert_eq!((q.variants[0].len(), q.no_defaults, q.players), (2, true, 2));
    let e = serde_json::from_str::<CompareRequest>(r#"{"game":"farkle","variant":[" , "]}"#).unwrap().question();
    assert_eq!(e.unwrap_err().field(), Some(Field::Variant));
    let e = serde_json::from_str::<StrategyRequest>(r#"{"game":"farkle","dice":3}"#).unwrap().question();
    assert_eq!(e.unwrap_err().field(), Some(Field::Dice));
    let e =
        serde_json::from_str::<StrategyRequest>(r#"{"game":"farkle","objective":"win","dice":9}"#).unwrap().question();
    assert_eq!(e.unwrap_err().field(), Some(Field::Dice));
    let (_, q) = serde_json::from_str::<PlayRequest>(r#"{"game":"farkle","players":"ann, optimal","seed":4}"#)
        .unwrap()
        .question()
        .unwrap();
    assert_eq!((q.players.clone(), q.seed), (vec!["ann".to_string(), "optimal".to_string()], Some(4)));
    let e =
        serde_json::from_str::<PlayRequest>(r#"{"game":"farkle","seed":4,"dice-from-me":true}"#).unwrap().question();
    assert_eq!(e.unwrap_err().field(), Some(Field::Seed));
    let (_, q) = serde_json::from_str::<SimulateRequest>(r#"{"game":"farkle","players":"optimal,ev","games":10}"#)
        .unwrap()
        .question()
        .unwrap();
    assert_eq!((q.games, q.seed, q.players.len(), q.seats), (10, 1, 2, 2));
    let e = serde_json::from_str::<ReviewRequest>(r#"{"record":"x","thresholds":"1,2"}"#).unwrap().question();
    assert_eq!(e.unwrap_err().field(), Some(Field::Thresholds));
    let (_, q) = serde_json::from_str::<InfoRequest>(r#"{"game":"farkle","players":3}"#).unwrap().question().unwrap();
    assert_eq!(q.objective, Objective::Win, "a table of three is a win table");
}

#[test]
fn a_rules_text_error_quotes_a_long_line_cut() {
    // A whole page pasted on one line: as an unknown key, and as a line
    // TOML cannot read. The error names its start and length, not all of it.
    let long = "x".repeat(60_000);
    for text in [format!("{long} = 3\n"), format!("[turn]\nentry = {long}\n")] {
        let body = serde_json::json!({ "game": "farkle", "dice": "115", "rules-text": text }).to_string();
        let e = advise(&body).expect_err("refused").to_string();
        assert!(e.len() < 600, "{} bytes: {}", e.len(), &e[..600.min(e.len())]);
        assert!(e.contains("characters in all"), "{e}");
    }
}
