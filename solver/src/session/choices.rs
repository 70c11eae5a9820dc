//! The legal decisions of a position, ranked with their values, and the
//! check of numbers that typed words claim.
//!
//! Both read the session's own advice for the position ([`Play::hint`],
//! `advise`'s ranking), so the list is exactly what the rules allow and
//! what the session would play: where a set-aside has several readings,
//! the session plays the first ranked, so the list keeps that one.

use super::play::{Play, Table};
use crate::dice::{counts_of, format_dice};
use crate::error::{Error, Refusal};
use crate::record::{Action, Claims, Decision};
use crate::report::{Advice, CategoryAction, Choice, Then as AltThen};

impl Play<'_> {
    /// The legal decisions of the position in play, best first, each with
    /// its value under the session's objective (the ranking `advise`
    /// gives; a decision listed is one [`Play::decide`] takes).
    ///
    /// # Errors
    /// No decision is due (a roll is), or the game is over.
    pub(crate) fn choices(&self) -> Result<Vec<Choice>, Error> {
        let mut out: Vec<Choice> = vec![];
        match self.hint()? {
            Advice::PushLuck(a) => {
                for alt in &a.alternatives {
                    let decision = Decision::Act(alt.record_action());
                    if out.iter().any(|c| same(&c.decision, &decision)) {
                        continue;
                    }
                    out.push(Choice {
                        words: decision.to_string(),
                        decision,
                        description: format!(
                            "set aside {}, then {}",
                            format_dice(&counts_of(&alt.set_aside)),
                            // The turn ends as a bank does (record words).
                            if alt.then == AltThen::Ends {
                                format!("bank ({})", alt.ends_because.unwrap_or("the turn ends"))
                            } else {
                                alt.then_text()
                            }
                        ),
                        value: alt.expected_score,
                        roll_dice: alt.roll_dice.filter(|_| alt.then == AltThen::Roll),
                        at_stake: Some(alt.at_stake),
                        score: None,
                    });
                }
            }
            Advice::Piggyback(p) => {
                let take = Choice {
                    decision: Decision::Take,
                    words: Decision::Take.to_string(),
                    description: format!("take the {} leftover dice and {} points", p.leftover, p.inherited),
                    value: p.piggyback_expected_score,
                    roll_dice: Some(p.leftover),
                    at_stake: Some(p.inherited),
                    score: None,
                };
                let fresh = Choice {
                    decision: Decision::Fresh,
                    words: Decision::Fresh.to_string(),
                    description: "start fresh".into(),
                    value: p.fresh_expected_score,
                    roll_dice: None,
                    at_stake: Some(0),
                    score: None,
                };
                // A tie starts fresh, as the advice's `best` says.
                out = if take.value > fresh.value { vec![take, fresh] } else { vec![fresh, take] };
            }
            Advice::Category(c) => {
                for alt in &c.alternatives {
                    let score = match &alt.action {
                        CategoryAction::Score { points, .. } => Some(*points),
                        CategoryAction::Keep { .. } | CategoryAction::Lock { .. } => None,
                    };
                    let decision = Decision::Act(alt.action.record_action());
                    out.push(Choice {
                        words: decision.to_string(),
                        decision,
                        description: alt.description.clone(),
                        value: alt.expected_score,
                        roll_dice: None,
                        at_stake: None,
                        score,
                    });
                }
            }
        }
        Ok(out)
    }

    /// Refuses `d` when the numbers typed with it contradict what it
    /// gives here (`then roll 4 dice` where five are rolled, `score 99 in
    /// chance` where it scores 13). A decision that is not among the
    /// choices is left to the rules to refuse.
    pub(super) fn check_claims(&self, d: &Decision, claims: Claims) -> Result<(), Error> {
        if let Some(s) = claims.score {
            self.check_score(d, s)?;
        }
        if claims.dice.is_none() && claims.points.is_none() {
            return Ok(());
        }
        let Ok(choices) = self.choices() else { return Ok(()) };
        let Some(c) = choices.iter().find(|c| same(&c.decision, d)) else { return Ok(()) };
        let contradicts = |claimed: String, actual: String| -> Result<(), Error> {
            Err(Refusal::Contradicts { decision: c.words.clone(), claimed, actual }.into())
        };
        let dice = |n: u32| format!("{n} {} to roll", if n == 1 { "die" } else { "dice" });
        if let Some(n) = claims.dice {
            let actual = c.roll_dice.map(u32::from);
            if actual != Some(n) {
                return contradicts(dice(n), actual.map_or_else(|| "no roll".into(), dice));
            }
        }
        if let (Some(p), Some(actual)) = (claims.points, c.at_stake) {
            if p != actual {
                return contradicts(format!("{p} points"), format!("{actual} points"));
            }
        }
        Ok(())
    }

    /// Refuses a box's score typed with `d` that is not what the box
    /// would get (standing pat on an earlier roll included).
    fn check_score(&self, d: &Decision, claimed: i64) -> Result<(), Error> {
        let (Decision::Act(Action::Score { category }), Table::Category(t)) = (d, &self.table) else {
            return Ok(());
        };
        match t.score_of(category) {
            Some(actual) if i64::from(actual) == claimed => Ok(()),
            Some(actual) => Err(Refusal::Contradicts {
                decision: d.to_string(),
                claimed: format!("a score of {claimed}"),
                actual: format!("a score of {actual}"),
            }
            .into()),
            // A box the rules refuse: the session says why.
            None => Ok(()),
        }
    }
}

/// Whether two decisions are the same play: dice compared as multisets,
/// boxes by name regardless of case.
fn same(a: &Decision, b: &Decision) -> bool {
    match (a, b) {
        (
            Decision::Act(Action::SetAside { dice: x, then: s }),
            Decision::Act(Action::SetAside { dice: y, then: t }),
        ) => s == t && counts_of(x) == counts_of(y),
        (Decision::Act(Action::Keep { dice: x }), Decision::Act(Action::Keep { dice: y }))
        | (Decision::Act(Action::Lock { dice: x }), Decision::Act(Action::Lock { dice: y })) => {
            counts_of(x) == counts_of(y)
        }
        (Decision::Act(Action::Score { category: x }), Decision::Act(Action::Score { category: y })) => {
            x.eq_ignore_ascii_case(y)
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::game;
    use super::super::Play;
    use crate::dice::counts_of;
    use crate::error::{Error, Refusal, SessionError};
    use crate::progress::Silent;
    use crate::question::PlayQuestion;
    use crate::report::Advice;

    fn start<'g>(g: &'g crate::registry::Game, players: &[&str], dir: &std::path::Path) -> Play<'g> {
        let q = PlayQuestion {
            players: players.iter().map(ToString::to_string).collect(),
            seed: Some(1),
            rollouts: Default::default(),
        };
        Play::new(g, &q, dir, &Silent).expect("a session")
    }

    fn contradicts(r: Result<Vec<crate::report::Event>, Error>) -> bool {
        matches!(r, Err(Error::Session(SessionError::Refused(Refusal::Contradicts { .. }))))
    }

    /// The hint's own best line is taken back; numbers that contradict
    /// the dice are refused, not silently dropped.
    #[test]
    fn the_hints_words_are_taken_and_wrong_numbers_refused() {
        let dir = tempfile::tempdir().unwrap();
        let g = game("farkle", &[]);
        let mut s = start(&g, &["ann"], dir.path());
        s.roll(Some(counts_of(&[1, 1, 2, 3, 5, 5]))).unwrap();
        let before = s.record().clone();
        assert!(contradicts(s.decide("set aside 1, then roll 4 dice")), "five dice are rolled after one 1");
        assert!(contradicts(s.decide("set aside 1, then roll 5 dice with 500 at stake")));
        assert_eq!(s.record(), &before, "a refusal changes nothing");
        let Advice::PushLuck(a) = s.hint().unwrap() else { panic!("a push-your-luck roll") };
        let best = format!("Best: {}", super::super::tests::best_line(&a));
        s.decide(&best).unwrap_or_else(|e| panic!("`{best}` is the hint's own line: {e}"));

        let y = game("yahtzee", &[]);
        let mut s = start(&y, &["ann"], dir.path());
        s.roll(Some(counts_of(&[1, 2, 3, 4, 6]))).unwrap();
        assert!(contradicts(s.decide("score 99 in chance")), "1+2+3+4+6 is 16");
        s.decide("keep all, then score 16 in chance").unwrap();
    }

    /// Every listed choice is legal, in its record words and in its
    /// description, and is worth what the hint says.
    #[test]
    fn every_choice_is_taken_as_listed() {
        let dir = tempfile::tempdir().unwrap();
        for (name, dice) in [("farkle", vec![1, 1, 5, 2, 3, 4]), ("yahtzee", vec![2, 2, 5, 5, 6])] {
            let g = game(name, &[]);
            let s = start(&g, &["ann"], dir.path());
            let mut s0 = s;
            s0.roll(Some(counts_of(&dice))).unwrap();
            let choices = s0.choices().unwrap();
            assert!(choices.len() > 2, "{name}: several choices");
            assert!(choices.windows(2).all(|w| w[0].value >= w[1].value), "{name}: ranked");
            for c in &choices {
                for words in [&c.words, &c.description] {
                    let mut t = start(&g, &["ann"], dir.path());
                    t.roll(Some(counts_of(&dice))).unwrap();
                    t.decide(words).unwrap_or_else(|e| panic!("{name}: `{words}` is listed: {e}"));
                    let mut u = start(&g, &["ann"], dir.path());
                    u.roll(Some(counts_of(&dice))).unwrap();
                    u.apply(c.decision.clone()).unwrap();
                    // Keeping every die and scoring now (standing pat)
                    // are two roads to the same box; others play alike.
                    if !c.description.starts_with("keep all") {
                        assert_eq!(t.record(), u.record(), "{name}: `{words}` plays {}", c.words);
                    }
                }
            }
        }
    }
}
