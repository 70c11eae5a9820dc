//! A category game at the table: one score sheet per player, the turn in
//! play (which roll, the dice showing, the dice kept or locked), the rules
//! of keeping, locking and scoring, and the values that rank them.
//!
//! Values are the expected final score, from the game's table (held in
//! memory for the whole game) or, for Six Hundred, from its level files or
//! the sub-game below the sheet, exactly as `advise` finds them; in a game
//! of several players, where the tables for it are at hand, each player's
//! chance to win against the other sheets ([`super::sheet_values`]). Every
//! roll is ranked by `advise`'s own ranking: a decision is legal when it is
//! among the ranked alternatives. Two extras a player expects:
//! - `score BOX` before the last roll *stands pat*: the dice are kept and
//!   scored in BOX at once, valued as that box with these dice on the last
//!   roll;
//! - keeping (or locking) every die skips the roll of no dice: the next
//!   roll's decision comes with the same dice.

use std::path::Path;

use super::notes::{Judged, Mode, Note};
use super::sheet_values::{chance_before, rank_seat, Valuing};
use crate::category::advise::{advise_sheet, rank};
use crate::category::model::{CategoryGame, KeepRule, Sheet};
use crate::category::table::{open_or_solve, GameValues, Storage};
use crate::category::turn::{Indexed, Position, TurnDp};
use crate::computer::Player;
use crate::dice::{counts_of, dice_count, faces_of, format_dice, Counts};
use crate::error::{Error, Refusal};
use crate::progress::{Progress, Silent};
use crate::record::{Action, Decision, Step};
use crate::report::{
    Advice, BoxView, CategoryAction, CategoryAdvice, CategoryAlternative, Prompt, SeatView, SheetView, TableView,
    TurnEnd, TurnView, UpperView,
};
use crate::vocabulary::Objective;

enum Phase {
    Roll,
    Decide(Box<CategoryAdvice>),
}

pub(super) struct Table<'g> {
    game: &'g CategoryGame,
    dp: TurnDp<'g>,
    dir: std::path::PathBuf,
    /// The game's values in memory (games with a table).
    values: Option<GameValues>,
    sheets: Vec<Sheet>,
    /// Points earned besides the sheet's boxes and entries (a full card).
    bonus: Vec<u32>,
    mover: usize,
    roll: u32,
    hand: Counts,
    /// Dice kept (re-roll games) or locked (Six Hundred) for the next roll.
    kept: Counts,
    phase: Phase,
    over: bool,
    valuing: Valuing,
}

impl<'g> Table<'g> {
    pub(super) fn new(
        game: &'g CategoryGame,
        players: usize,
        tables: &Path,
        progress: &dyn Progress,
        notes: &mut Vec<Note>,
    ) -> Result<Table<'g>, Error> {
        let dp = TurnDp::new(game);
        let values =
            if Storage::of(game) == Storage::Table { Some(open_or_solve(tables, &dp, progress)?) } else { None };
        let valuing = Valuing::of(game, &dp, players, tables, progress)?;
        let t = Table {
            game,
            dp,
            dir: tables.to_path_buf(),
            values,
            sheets: vec![Sheet::empty(game); players],
            bonus: vec![0; players],
            mover: 0,
            roll: 1,
            hand: [0; 6],
            kept: [0; 6],
            phase: Phase::Roll,
            over: false,
            valuing,
        };
        if matches!(t.valuing, Valuing::ToWin(_)) {
            notes.push(Note::Chances { values: t.chances()? });
        } else {
            let start = t.rank(0, None, progress)?.expected_score;
            for seat in 0..players {
                notes.push(Note::Start { seat, value: start });
            }
        }
        notes.push(Note::TurnBegins { seat: 0 });
        Ok(t)
    }

    pub(super) fn objective(&self) -> Objective {
        match self.valuing {
            Valuing::ToWin(_) => Objective::Win,
            Valuing::Points { .. } => Objective::FinalScore,
        }
    }

    /// How the players' values relate: each player's own either way.
    pub(super) fn mode(&self) -> Mode {
        match self.valuing {
            Valuing::ToWin(_) => Mode::Chances,
            Valuing::Points { .. } => Mode::Own,
        }
    }

    /// Why a game of several players is valued by points, where it is.
    pub(super) fn judging(&self) -> Option<String> {
        self.valuing.judging()
    }

    /// `advise`'s ranking at `position` of a turn of `seat` (to win:
    /// against the other sheets).
    fn rank(&self, seat: usize, position: Option<&Position>, progress: &dyn Progress) -> Result<CategoryAdvice, Error> {
        let sheet = &self.sheets[seat];
        match (&self.values, &self.valuing) {
            (Some(v), Valuing::ToWin(tables)) => {
                let ev = Indexed { index: self.dp.index(), values: v.values() };
                rank_seat(&self.dp, tables, &ev, &self.sheets, seat, position)
            }
            (Some(v), _) => rank(&self.dp, &Indexed { index: self.dp.index(), values: v.values() }, sheet, position),
            (None, _) => advise_sheet(self.game, &self.dir, sheet, position, progress),
        }
    }

    /// An alternative's value under the session's objective.
    fn worth(a: &CategoryAlternative) -> f64 {
        a.win.map_or(a.expected_score, |w| w.chance)
    }

    /// The value of a position (its best play's) under the objective.
    fn advice_worth(a: &CategoryAdvice) -> f64 {
        if a.to_win.is_some() {
            a.chance.unwrap_or(0.0)
        } else {
            a.expected_score
        }
    }

    /// Every seat's chance to win before the turn, read again (to win).
    fn chances(&self) -> Result<Vec<f64>, Error> {
        let (Some(v), Valuing::ToWin(tables)) = (&self.values, &self.valuing) else { return Ok(vec![]) };
        let ev = Indexed { index: self.dp.index(), values: v.values() };
        (0..self.sheets.len()).map(|seat| chance_before(&self.dp, tables, &ev, &self.sheets, seat)).collect()
    }

    fn locked_rule(&self) -> bool {
        self.game.keep_rule == KeepRule::Locked
    }

    fn position(&self) -> Position {
        let locked = if self.locked_rule() { self.kept } else { [0; 6] };
        Position { roll: self.roll, dice: self.hand, locked }
    }

    pub(super) fn prompt(&self, names: &[String]) -> Prompt {
        if self.over {
            return Prompt::Over;
        }
        let (seat, player) = (self.mover, names[self.mover].clone());
        match &self.phase {
            Phase::Roll => Prompt::Roll { seat, player, dice: self.game.dice - dice_count(&self.kept), fewer: false },
            Phase::Decide(_) => {
                let locked = if self.locked_rule() { faces_of(&self.kept) } else { vec![] };
                Prompt::Decide { seat, player, dice: faces_of(&self.hand), roll: self.roll, locked }
            }
        }
    }

    /// A record's roll is the whole hand: the dice kept and those rolled.
    pub(super) fn record_roll(&mut self, hand: &[u8]) -> Result<Vec<Note>, Error> {
        let hand = counts_of(hand);
        if dice_count(&hand) != self.game.dice {
            return Err(
                Refusal::HandSize { hand: format_dice(&hand), got: dice_count(&hand), want: self.game.dice }.into()
            );
        }
        if self.kept.iter().zip(&hand).any(|(k, h)| k > h) {
            return Err(Refusal::HandMissesKept {
                hand: format_dice(&hand),
                held: format_dice(&self.kept),
                how: if self.locked_rule() { "locked" } else { "kept" },
            }
            .into());
        }
        if matches!(self.phase, Phase::Decide(_)) && dice_count(&self.kept) == self.game.dice {
            // Every die was kept: this roll rolled none.
            return Ok(vec![]);
        }
        let mut rolled = hand;
        for (r, k) in rolled.iter_mut().zip(&self.kept) {
            *r -= k;
        }
        self.roll(&rolled)
    }

    pub(super) fn roll(&mut self, rolled: &Counts) -> Result<Vec<Note>, Error> {
        let n = self.game.dice - dice_count(&self.kept);
        if !matches!(self.phase, Phase::Roll) {
            return Err(Refusal::NoRollDue { expecting: "a decision is".into() }.into());
        }
        if dice_count(rolled) != n {
            let dice = Some(format_dice(rolled));
            return Err(Refusal::DiceCount { allowed: n.to_string(), got: dice_count(rolled), dice }.into());
        }
        for (h, (k, r)) in self.hand.iter_mut().zip(self.kept.iter().zip(rolled)) {
            *h = k + r;
        }
        let advice = self.rank(self.mover, Some(&self.position()), &Silent)?;
        let post = Self::advice_worth(&advice);
        let notes = vec![Note::Roll { seat: self.mover, dice: faces_of(rolled), post, farkle: false }];
        self.phase = Phase::Decide(Box::new(advice));
        Ok(notes)
    }

    /// The boxes the hand can go in now, ranked: as on the last roll
    /// (standing pat on an earlier roll ends the turn there).
    fn standing_pat(&self) -> Result<CategoryAdvice, Error> {
        let at =
            Position { roll: u32::try_from(self.game.rolls).expect("few rolls"), dice: self.hand, locked: self.hand };
        self.rank(self.mover, Some(&at), &Silent)
    }

    /// What scoring the hand in the box `name` would write in it now, if
    /// the rules allow it (`None` otherwise, or when no decision is due).
    pub(super) fn score_of(&self, name: &str) -> Option<u32> {
        if !matches!(self.phase, Phase::Decide(_)) {
            return None;
        }
        let cat = self.game.category_index(name)?;
        let boxes = self.standing_pat().ok()?;
        boxes.alternatives.iter().find_map(|a| match &a.action {
            CategoryAction::Score { category, points } if category == self.game.categories[cat].name => Some(*points),
            _ => None,
        })
    }

    pub(super) fn decide(&mut self, d: &Decision) -> Result<Vec<Note>, Error> {
        let Phase::Decide(advice) = &self.phase else {
            return Err(Refusal::NotYet { first: "roll".into() }.into());
        };
        let advice = advice.clone();
        let action = match d {
            Decision::Act(a) => a,
            Decision::Take | Decision::Fresh => {
                return Err(Refusal::WrongKind { why: "take and fresh are for push-your-luck games".into() }.into())
            }
        };
        let last = self.roll as usize == self.game.rolls;
        let verb = if self.locked_rule() { "lock" } else { "keep" };
        let (chosen, stand_pat): (CategoryAlternative, bool) = match action {
            Action::Lock { .. } if !self.locked_rule() => {
                return Err(Refusal::WrongKind {
                    why: format!(
                        "{} keeps dice (keep DICE, or keep - for none): locking is Six Hundred's rule",
                        self.game.title
                    ),
                }
                .into())
            }
            Action::Keep { dice } | Action::Lock { dice } => (self.chosen_keep(&advice, dice, last, verb)?, false),
            Action::Score { category } => (self.chosen_box(&advice, category, last)?, !last),
            Action::Farkle | Action::SetAside { .. } => {
                return Err(Refusal::WrongKind {
                    why: format!("{verb} dice (e.g. {verb} 55) or score a box (e.g. score fives)"),
                }
                .into())
            }
        };
        let best = &advice.alternatives[0];
        let seat = self.mover;
        let played_text =
            if stand_pat { format!("{} (standing pat)", chosen.description) } else { chosen.description.clone() };
        let judged = Judged {
            best: Self::worth(best),
            chosen: Self::worth(&chosen),
            choices: advice.alternatives.len(),
            best_text: best.description.clone(),
            played_text,
            points_loss: None,
            rollout_at: None,
        };
        let mut notes = vec![Note::Decision { seat, judged }];
        notes.push(Note::Step(Step::Roll {
            dice: faces_of(&self.hand),
            action: chosen.action.record_action(),
            real: false,
        }));
        self.carry_out(seat, &chosen.action, &mut notes)?;
        Ok(notes)
    }

    /// The alternative that keeps (or locks) `dice`, checked against the
    /// roll, the hand and the dice locked already.
    fn chosen_keep(
        &self,
        advice: &CategoryAdvice,
        dice: &[u8],
        last: bool,
        verb: &'static str,
    ) -> Result<CategoryAlternative, Error> {
        if last {
            return Err(
                Refusal::WrongKind { why: format!("roll {} is the last: score a box (score BOX)", self.roll) }.into()
            );
        }
        let keep = counts_of(dice);
        if keep.iter().zip(&self.hand).any(|(k, h)| k > h) {
            return Err(Refusal::NotAmongDice {
                what: verb,
                dice: format_dice(&keep),
                rolled: format_dice(&self.hand),
            }
            .into());
        }
        if self.locked_rule() && self.kept.iter().zip(&keep).any(|(l, k)| l > k) {
            return Err(Refusal::Unlocked { locked: format_dice(&self.kept) }.into());
        }
        let found = advice.alternatives.iter().find(|a| match &a.action {
            CategoryAction::Keep { keep: k, .. } | CategoryAction::Lock { lock: k, .. } => counts_of(k) == keep,
            CategoryAction::Score { .. } => false,
        });
        match found {
            Some(a) => Ok(a.clone()),
            None => Err(Refusal::NotAChoice { verb, dice: format_dice(&keep) }.into()),
        }
    }

    /// The alternative that scores the hand in the box `category`, checked
    /// against the sheet; before the last roll, standing pat.
    fn chosen_box(&self, advice: &CategoryAdvice, category: &str, last: bool) -> Result<CategoryAlternative, Error> {
        let Some(cat) = self.game.category_index(category) else {
            let known: Vec<&str> = self.game.categories.iter().map(|c| c.name).collect();
            return Err(Refusal::NoSuchBox {
                name: userio::Escaped(category).to_string(),
                game: self.game.title.to_string(),
                boxes: known.join(", "),
            }
            .into());
        };
        let name = self.game.categories[cat].name;
        if let Some(p) = self.sheets[self.mover].entries[cat] {
            return Err(Refusal::BoxFilled { name: name.to_string(), points: p }.into());
        }
        let standing;
        let boxes = if last {
            advice
        } else {
            standing = self.standing_pat()?;
            &standing
        };
        let found = boxes
            .alternatives
            .iter()
            .find(|a| matches!(&a.action, CategoryAction::Score { category: c, .. } if c == name));
        match found {
            Some(a) => Ok(a.clone()),
            None => Err(Refusal::BoxNotAllowed {
                dice: format_dice(&self.hand),
                name: name.to_string(),
                boxes: boxes
                    .alternatives
                    .iter()
                    .filter_map(|a| match &a.action {
                        CategoryAction::Score { category, .. } => Some(category.as_str()),
                        _ => None,
                    })
                    .collect::<Vec<_>>()
                    .join(", "),
            }
            .into()),
        }
    }

    /// Carries out `seat`'s chosen `action`: the dice kept for the next
    /// roll, or the box scored and the turn passed on.
    fn carry_out(&mut self, seat: usize, action: &CategoryAction, notes: &mut Vec<Note>) -> Result<(), Error> {
        match action {
            CategoryAction::Keep { keep: k, .. } | CategoryAction::Lock { lock: k, .. } => {
                self.kept = counts_of(k);
                self.roll += 1;
                self.phase = Phase::Roll;
                if dice_count(&self.kept) == self.game.dice {
                    // Every die kept: the next roll rolls none.
                    let advice = self.rank(seat, Some(&self.position()), &Silent)?;
                    self.phase = Phase::Decide(Box::new(advice));
                }
            }
            CategoryAction::Score { category, points } => {
                let cat = self.game.category_index(category).expect("a box of the game");
                let (written, bonus) = self.score(seat, cat, *points);
                let total = self.total(seat);
                notes.push(Note::TurnOver {
                    seat,
                    how: TurnEnd::Scored { category: category.clone(), points: written, bonus },
                    total,
                    settle: false,
                });
                self.next_turn(notes)?;
            }
        }
        Ok(())
    }

    /// Writes `points` in box `cat` of `seat`'s sheet with the hand in
    /// play, as the game's extra rules score it; returns the points written
    /// and the bonus earned besides.
    fn score(&mut self, seat: usize, cat: usize, points: u32) -> (u32, u32) {
        let extra_rules = &self.game.extra;
        let sheet = &mut self.sheets[seat];
        let (mask, extra) = (sheet.mask(), sheet.extra);
        let roll_bonus = extra_rules.roll_bonus(mask, extra, &self.hand);
        let scored = extra_rules.score(mask, extra, cat, points);
        sheet.entries[cat] = Some(scored.points);
        sheet.extra = scored.extra;
        if roll_bonus > 0 {
            let name = extra_rules.sheet_entries()[0];
            match sheet.extra_entries.iter_mut().find(|(n, _)| *n == name) {
                Some((_, p)) => *p += roll_bonus,
                None => sheet.extra_entries.push((name, roll_bonus)),
            }
        }
        self.bonus[seat] += scored.bonus;
        (scored.points, roll_bonus + scored.bonus)
    }

    fn total(&self, seat: usize) -> i64 {
        i64::from(self.sheets[seat].total(self.game) + self.bonus[seat])
    }

    fn next_turn(&mut self, notes: &mut Vec<Note>) -> Result<(), Error> {
        let n = self.sheets.len();
        self.mover = (self.mover + 1) % n;
        self.roll = 1;
        self.kept = [0; 6];
        self.hand = [0; 6];
        self.phase = Phase::Roll;
        if self.sheets[self.mover].is_full() {
            self.over = true;
            let totals: Vec<i64> = (0..n).map(|s| self.total(s)).collect();
            let top = totals.iter().copied().max().unwrap_or(0);
            let winners: Vec<usize> = (0..n).filter(|&s| totals[s] == top).collect();
            #[allow(clippy::cast_precision_loss)]
            let results = match self.valuing {
                // A tie with the best other total is not a win.
                Valuing::ToWin(_) => (0..n).map(|s| f64::from(u8::from(winners == [s]))).collect(),
                Valuing::Points { .. } => totals.iter().map(|&t| t as f64).collect(),
            };
            notes.push(Note::GameOver { winners, totals, results: Some(results) });
        } else {
            notes.push(Note::TurnBegins { seat: self.mover });
            if matches!(self.valuing, Valuing::ToWin(_)) {
                notes.push(Note::Chances { values: self.chances()? });
            }
        }
        Ok(())
    }

    pub(super) fn computer(&self, player: Player) -> Result<Decision, Error> {
        debug_assert_eq!(player, Player::Optimal, "category games seat optimal players only");
        let Phase::Decide(advice) = &self.phase else {
            return Err(Refusal::NotYet { first: "roll".into() }.into());
        };
        Ok(Decision::Act(advice.alternatives[0].action.record_action()))
    }

    pub(super) fn hint(&self) -> Result<Advice, Error> {
        match &self.phase {
            Phase::Decide(a) => Ok(Advice::Category((**a).clone())),
            Phase::Roll => Err(Refusal::NotYet { first: "roll".into() }.into()),
        }
    }

    pub(super) fn view(&self, names: &[String]) -> TableView {
        let game = self.game;
        let seats = self
            .sheets
            .iter()
            .enumerate()
            .map(|(seat, sheet)| SeatView {
                player: names[seat].clone(),
                computer: false,
                total: self.total(seat),
                on_board: None,
                farkles: None,
                sheet: Some(SheetView {
                    boxes: game
                        .categories
                        .iter()
                        .zip(&sheet.entries)
                        .map(|(c, e)| BoxView { name: c.name.to_string(), points: *e })
                        .collect(),
                    upper: game.upper_bonus.map(|b| UpperView {
                        total: sheet.upper_total(game),
                        threshold: b.threshold,
                        bonus: b.points,
                    }),
                    bonus: game.extra.sheet_bonus_points(sheet) + self.bonus[seat],
                }),
                value: 0.0,
            })
            .collect();
        TableView {
            game: game.reference(),
            objective: self.objective(),
            seats,
            mover: (!self.over).then_some(self.mover),
            turn: (!self.over).then(|| TurnView {
                roll: self.roll,
                at_stake: 0,
                dice: match self.phase {
                    Phase::Roll => game.dice - dice_count(&self.kept),
                    Phase::Decide(_) => game.dice,
                },
                kept: faces_of(&self.kept),
            }),
            last_turns: None,
            over: self.over,
        }
    }
}
