//! A front end that is not the CLI: a whole game played, advised, reviewed
//! and compared through the library's public face (`solver::`) alone, with
//! the questions received as JSON, as a web page or a binding would.

use std::sync::Arc;

use solver::{
    advise, compare, review, Advice, AdviseQuestion, CompareQuestion, Decision, Error, GameHead, PlayQuestion, Prompt,
    PushLuckQuestion, Request, ReviewQuestion, Session, SessionError, Silent,
};

#[test]
fn a_front_end_plays_advises_reviews_and_compares_through_the_face() {
    let dir = tempfile::tempdir().unwrap();
    let head = GameHead { name: "farkle".into(), options: vec!["goal=1000".parse().unwrap()], ..GameHead::default() };
    let game = Arc::new(head.question().unwrap());

    // Play: the person always takes the first of the ranked choices, which
    // is the hint's best play; the computer plays itself.
    let q: PlayQuestion = serde_json::from_str(r#"{"players": ["ann", "optimal"], "seed": 7}"#).unwrap();
    let mut s = Session::new(Arc::clone(&game), &q, dir.path(), &Silent).unwrap();
    let mut decisions = 0;
    loop {
        s.advance().unwrap();
        let state = s.state();
        if state.over {
            break;
        }
        if let Prompt::Roll { .. } = state.prompt {
            s.roll(None).unwrap();
            continue;
        }
        let choices = s.choices().unwrap();
        let best = choices[0].decision.clone();
        // The record's words read back as the same decision.
        assert_eq!(choices[0].words.parse::<Decision>().unwrap(), best);
        if let Advice::PushLuck(a) = s.hint().unwrap() {
            assert_eq!(a.alternatives[0].expected_score, choices[0].value, "choices rank as the hint does");
        }
        s.apply(best).unwrap();
        decisions += 1;
    }
    assert!(decisions > 0);

    // Review: the record as text; best play every time loses nothing.
    let text = s.record().to_string();
    let r = review(&text, &ReviewQuestion::default(), dir.path(), &Silent).unwrap();
    assert!(r.finished);
    let ann = r.players.iter().find(|p| p.player == "ann").unwrap();
    assert_eq!(ann.decisions, decisions);
    assert!(ann.total_loss.abs() < 1e-12, "ann lost {}", ann.total_loss);

    // A record that names a rules file is refused when the caller gave no
    // directory to read it from: text from others names no file.
    let named = text.replacen("players", "rules mine.toml\nplayers", 1);
    let e = review(&named, &ReviewQuestion::default(), dir.path(), &Silent).unwrap_err();
    assert!(matches!(e, Error::Session(SessionError::Header { .. })), "{e}");

    // Advise, the question as JSON.
    let q: PushLuckQuestion = serde_json::from_str(
        r#"{"start": {"Roll": [2, 0, 1, 1, 2, 0]}, "banked": 300, "score": null, "farkles": 0, "ones": 0,
            "roll": null, "opponent": 500, "opponent_farkles": 0, "inherited": null, "later_opponents": [],
            "held": 0, "objective": "win"}"#,
    )
    .unwrap();
    let Advice::PushLuck(a) = advise(&game, &AdviseQuestion::PushLuck(q), dir.path(), &Silent).unwrap() else {
        panic!("push-your-luck advice")
    };
    assert!(a.alternatives.len() > 1);

    // Compare, the question as JSON (no file can be named there).
    let q: CompareQuestion =
        serde_json::from_str(r#"{"players": 2, "variants": [["on-the-board=500"]], "no_defaults": true}"#).unwrap();
    let c = compare(&game, &q, dir.path(), &Silent, &mut |_| {}).unwrap();
    assert_eq!(c.rows.len(), 2);
}
