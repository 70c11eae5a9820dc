//! What sixdice's players choose at the table, and which ranked
//! alternative a typed choice is: a choice is legal exactly when it is
//! among `advise`'s ranked alternatives for the roll.

use super::{Phase, Table};
use crate::dice::{counts_of, format_dice, Counts};
use crate::error::{Error, Refusal};
use crate::pushluck::model::TurnState;
use crate::pushluck::rules::Stop;
use crate::pushluck::simulate::arena::{sheet_banks, sheet_takes, Player};
use crate::pushluck::solution::Solution;
use crate::pushluck::win::Side;
use crate::record::{Decision, Then};
use crate::report::{PushLuckAdvice, PushLuckAlternative, StrategySection, Then as AltThen};

impl Table<'_> {
    pub(in crate::session) fn computer(&self, player: Player) -> Result<Decision, Error> {
        let turn = self.turn();
        let me = self.players[self.mover];
        let last = turn.need.is_some();
        let counts = |t: i64| self.game.rules.turn.stop(me.on_board, t) == Stop::Counts;
        match &turn.phase {
            Phase::Offer { k, t } => {
                let left = TurnState::leftover(*k, *t);
                // The leftover's roll by its own turn (piggyback=return),
                // a fresh start by the turn's.
                let better =
                    |on: &Solution, fresh: &Solution| on.roll_value(&left).is_ok_and(|v| v > fresh.start_value());
                let take = match player {
                    Player::Ev if !last => {
                        let ev = turn.ev.as_ref().unwrap_or(&turn.sol);
                        better(ev, ev)
                    }
                    Player::Optimal | Player::Ev | Player::WinSheet => {
                        better(turn.on_leftover.as_ref().unwrap_or(&turn.sol), &turn.sol)
                    }
                    Player::Threshold(n) => *t >= n,
                    Player::Human => sheet_takes(self.section(me), *k, *t),
                };
                Ok(if take { Decision::Take } else { Decision::Fresh })
            }
            Phase::Roll => Err(Refusal::NotYet { first: "roll".into() }.into()),
            Phase::Decide { advice, ev, .. } => {
                let alt = match player {
                    Player::Ev if !last => &ev.as_deref().unwrap_or(advice).alternatives[0],
                    Player::Optimal | Player::Ev | Player::WinSheet => &advice.alternatives[0],
                    Player::Threshold(n) => {
                        let bank = |t: i64| counts(t) && turn.need.map_or(t >= n, |need| t > need);
                        most_points(advice, bank)
                    }
                    Player::Human => {
                        let section = self.section(me);
                        let limited = self.game.rules.turn.max_rolls > 0;
                        let rolls_made = if limited { turn.state.rolls + 1 } else { 1 };
                        most_points(advice, |t| {
                            counts(t)
                                && match turn.need {
                                    Some(need) => t > need,
                                    None => {
                                        // The dice left (the most offered to roll).
                                        let k = advice
                                            .alternatives
                                            .iter()
                                            .filter(|a| a.at_stake == t && a.then == AltThen::Roll)
                                            .filter_map(|a| a.roll_dice)
                                            .max()
                                            .map_or(0, usize::from);
                                        sheet_banks(section, k, rolls_made, t)
                                    }
                                }
                        })
                    }
                };
                Ok(Decision::Act(alt.record_action()))
            }
        }
    }

    fn section(&self, me: Side) -> &StrategySection {
        let p = me.turn_params(&self.game.rules);
        self.sheet
            .iter()
            .find(|s| s.on_board == p.on_board && s.two_farkles_in_a_row == p.last_chance)
            .expect("the sheet has every section")
    }
}

/// The ranked alternative that sets aside `keep` from `dice`, then rolls
/// or banks (an end of the turn counts as a bank, or as a roll when it is
/// the only way on); the best reading when there are several.
pub(super) fn choose<'a>(
    advice: &'a PushLuckAdvice,
    dice: &Counts,
    keep: &Counts,
    then: Then,
) -> Result<&'a PushLuckAlternative, Error> {
    if keep.iter().zip(dice).any(|(k, d)| k > d) {
        return Err(
            Refusal::NotAmongDice { what: "set aside", dice: format_dice(keep), rolled: format_dice(dice) }.into()
        );
    }
    let same: Vec<&PushLuckAlternative> =
        advice.alternatives.iter().filter(|a| counts_of(&a.set_aside) == *keep).collect();
    if same.is_empty() {
        let mut scoring: Vec<String> = vec![];
        for a in &advice.alternatives {
            let t = format_dice(&counts_of(&a.set_aside));
            if !scoring.contains(&t) {
                scoring.push(t);
            }
        }
        return Err(Refusal::DoesNotScore {
            dice: format_dice(keep),
            rolled: format_dice(dice),
            scoring: scoring.join(", "),
        }
        .into());
    }
    let wanted = |a: &&&PushLuckAlternative| match then {
        Then::Roll => a.then == AltThen::Roll,
        Then::Bank => a.then == AltThen::Bank || a.then == AltThen::Ends,
    };
    if let Some(a) = same.iter().find(wanted) {
        return Ok(a);
    }
    if let Some(a) = same.iter().find(|a| a.then == AltThen::Ends) {
        return Ok(a);
    }
    let at = same[0].at_stake;
    Err(match then {
        Then::Bank => Refusal::BankForbidden { points: at },
        Then::Roll => Refusal::NothingToRoll,
    }
    .into())
}

/// The set-aside with the most points (an instant win first), then bank
/// where `bank` says so and the rules allow it, else roll on.
fn most_points(advice: &PushLuckAdvice, bank: impl Fn(i64) -> bool) -> &PushLuckAlternative {
    let top = advice
        .alternatives
        .iter()
        .max_by_key(|a| (a.instant_win, a.points))
        .expect("a roll that scores has alternatives");
    let same = |a: &&PushLuckAlternative| a.set_aside == top.set_aside && a.reading == top.reading;
    let find = |then: AltThen| advice.alternatives.iter().filter(same).find(|a| a.then == then);
    if let Some(a) = find(AltThen::Ends) {
        return a;
    }
    match (find(AltThen::Bank), find(AltThen::Roll)) {
        (Some(b), _) if bank(b.at_stake) => b,
        (_, Some(r)) => r,
        (Some(b), None) => b,
        (None, None) => top,
    }
}

/// `set aside 15, roll 4 dice`.
pub(super) fn alternative_text(a: &PushLuckAlternative) -> String {
    format!("set aside {}, {}", format_dice(&counts_of(&a.set_aside)), a.then_text())
}
