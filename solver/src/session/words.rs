//! What a session says of what happened, in sentences: every front end
//! (the terminal's `play`, the page) prints these, so they word a game
//! the same way. Each event carries its sentence ([`crate::report::Event`]'s
//! `text`), and a decision its verdict.

use crate::report::TurnEnd;
use crate::vocabulary::Objective;

/// `ann rolls 1 1 2 3 5 5`, with `: farkle!` when nothing scores.
pub(super) fn rolled(player: &str, dice: &[u8], farkle: bool) -> String {
    format!("{player} rolls {}{}", faces(dice), if farkle { ": farkle!" } else { "" })
}

/// `ann: set aside 1,5, roll 4 dice`.
pub(super) fn decided(player: &str, played: &str) -> String {
    format!("{player}: {played}")
}

/// A decision judged: the only play, the best play, or what it cost
/// under `objective` and what was best.
pub(super) fn verdict(objective: Objective, forced: bool, loss: f64, best: &str) -> String {
    if forced {
        "the only play".into()
    } else if loss > 0.0 {
        let cost = match objective {
            Objective::Win => format!("{:.2} percentage points of P(win)", 100.0 * loss),
            Objective::Target => format!("{:.2} percentage points of the chance", 100.0 * loss),
            Objective::TurnScore | Objective::FinalScore => format!("{loss:.2} points"),
        };
        format!("that cost {cost}; best was: {best}")
    } else {
        "the best play".into()
    }
}

/// How a turn ended, and the total after it.
pub(super) fn turn_over(player: &str, how: &TurnEnd, total: i64) -> String {
    match how {
        TurnEnd::Bank { points, counted: true } => format!("{player} banks {points}: total {total}"),
        TurnEnd::Bank { points, counted: false } => {
            format!("{player} stops with {points}, which scores nothing here: total {total}")
        }
        TurnEnd::Farkle { penalty: 0 } => format!("{player} scores nothing this turn: total {total}"),
        TurnEnd::Farkle { penalty } => format!("{player}'s third farkle in a row costs {penalty}: total {total}"),
        TurnEnd::Returned { points } => {
            format!("{player} gets the {points} points of that leftover back: total {total}")
        }
        TurnEnd::InstantWin => format!("{player} wins at once!"),
        TurnEnd::Scored { category, points, bonus } => format!(
            "{player} scores {points} in {category}{}: total {total}",
            if *bonus > 0 { format!(" (and a bonus of {bonus})") } else { String::new() }
        ),
    }
}

/// `Game over: ann wins (ann 10250, optimal 9100)`; equal category
/// scores tie.
pub(super) fn game_over(names: &[String], winners: &[usize], totals: &[i64]) -> String {
    let w: Vec<&str> = winners.iter().map(|&i| names[i].as_str()).collect();
    let scores: Vec<String> = names.iter().zip(totals).map(|(n, t)| format!("{n} {t}")).collect();
    format!("Game over: {} {} ({})", w.join(" and "), if w.len() == 1 { "wins" } else { "tie" }, scores.join(", "))
}

/// Dice as the table says them: `1 1 2 3 5 5`.
fn faces(dice: &[u8]) -> String {
    dice.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_verdict_names_the_cost_in_the_objective_s_unit() {
        assert_eq!(
            verdict(Objective::Win, false, 0.0015, "set aside 1, roll 5 dice"),
            "that cost 0.15 percentage points of P(win); best was: set aside 1, roll 5 dice"
        );
        assert_eq!(verdict(Objective::TurnScore, false, 12.5, "bank"), "that cost 12.50 points; best was: bank");
        assert_eq!(verdict(Objective::Win, true, 0.0, "x"), "the only play");
        assert_eq!(verdict(Objective::FinalScore, false, 0.0, "x"), "the best play");
        assert_eq!(game_over(&["a".into(), "b".into()], &[1], &[900, 10_050]), "Game over: b wins (a 900, b 10050)");
    }
}
