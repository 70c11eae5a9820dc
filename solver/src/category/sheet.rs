//! Score sheets typed by users.
//!
//! Syntax: entries separated by spaces or commas, each `box=value`, where
//! `value` is the points written in the box, or `x` / `-` for a box crossed
//! out (a 0). Boxes not mentioned are open. Box names are those of the game
//! (`ones`, `full-house`, ...) or their aliases, case-insensitive. A game's
//! extra rules may add entries that are not boxes (classic Yahtzee's
//! `bonus=N`: points already earned from extra Yahtzees). Example:
//! `ones=3 twos=x threes=9 chance=22`.

use super::model::{CategoryGame, Sheet};
use super::states::State;
use crate::error::SheetError;

fn describe(scores: &[u32]) -> String {
    if scores.len() > 12 {
        format!("0 or {}..{}", scores[1], scores[scores.len() - 1])
    } else {
        scores.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
    }
}

impl Sheet {
    /// An empty sheet (new game).
    pub(crate) fn empty(game: &CategoryGame) -> Sheet {
        let mut sheet = Sheet { entries: vec![None; game.categories.len()], extra_entries: vec![], extra: 0 };
        sheet.extra = game.extra.extra_of_sheet(game, &sheet).expect("the empty sheet is legal");
        sheet
    }

    pub(crate) fn parse(game: &CategoryGame, text: &str) -> Result<Sheet, SheetError> {
        let mut sheet = Sheet::empty(game);
        for entry in text.split([' ', ',', ';', '\t', '\n']).filter(|e| !e.is_empty()) {
            let (name, value) = entry.split_once('=').ok_or_else(|| SheetError::Syntax(entry.to_string()))?;
            let value = value.trim().to_ascii_lowercase();
            // Any run of digits is a number of points (possible or not).
            let points: Option<u32> = match value.as_str() {
                "x" | "-" => Some(0),
                v if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => v.parse().ok(),
                _ => return Err(SheetError::Syntax(entry.to_string())),
            };
            let lname = name.trim().to_ascii_lowercase();
            if let Some(&extra_name) = game.extra.sheet_entries().iter().find(|&&n| n == lname) {
                if sheet.extra_entries.iter().any(|&(n, _)| n == extra_name) {
                    return Err(SheetError::Repeated(lname));
                }
                let points = points.ok_or_else(|| SheetError::Syntax(entry.to_string()))?;
                sheet.extra_entries.push((extra_name, points));
                continue;
            }
            let cat = game.category_index(&lname).ok_or_else(|| SheetError::UnknownBox {
                name: name.to_string(),
                game: game.id.to_string(),
                known: game.categories.iter().map(|c| c.name.to_string()).collect(),
            })?;
            let box_name = game.categories[cat].name;
            if sheet.entries[cat].is_some() {
                return Err(SheetError::Repeated(box_name.to_string()));
            }
            let allowed = game.possible_scores(cat);
            match points.filter(|p| allowed.contains(p)) {
                Some(p) => sheet.entries[cat] = Some(p),
                None => {
                    return Err(SheetError::Impossible {
                        name: box_name.to_string(),
                        points: value.clone(),
                        allowed: describe(&allowed),
                    })
                }
            }
        }
        sheet.extra = game.extra.extra_of_sheet(game, &sheet)?;
        Ok(sheet)
    }

    /// Bit mask of the filled boxes.
    pub(crate) fn mask(&self) -> u32 {
        self.entries.iter().enumerate().filter(|(_, e)| e.is_some()).fold(0, |m, (i, _)| m | 1 << i)
    }

    /// Number of filled boxes.
    pub(crate) fn filled(&self) -> usize {
        self.entries.iter().filter(|e| e.is_some()).count()
    }

    /// True when every box is filled (the game is over).
    pub(crate) fn is_full(&self) -> bool {
        self.entries.iter().all(Option::is_some)
    }

    /// Upper-section total.
    pub(crate) fn upper_total(&self, game: &CategoryGame) -> u32 {
        game.categories.iter().zip(&self.entries).filter(|(c, _)| c.upper_face.is_some()).filter_map(|(_, e)| *e).sum()
    }

    /// The turn-start state this sheet is in.
    pub(crate) fn state(&self, game: &CategoryGame) -> State {
        State { mask: self.mask(), upper: self.upper_total(game), extra: self.extra }
    }

    /// Points on the sheet so far, including bonuses already earned.
    pub(crate) fn total(&self, game: &CategoryGame) -> u32 {
        let boxes: u32 = self.entries.iter().flatten().sum();
        let upper_bonus = match game.upper_bonus {
            Some(b) if self.upper_total(game) >= b.threshold => b.points,
            _ => 0,
        };
        boxes + upper_bonus + game.extra.sheet_bonus_points(self)
    }
}
