//! Score sheets typed by users.
//!
//! Syntax: entries separated by spaces or commas, each `box=value`, where
//! `value` is the points written in the box, or `x` / `-` for a box crossed
//! out (a 0). Boxes not mentioned are open. Box names are those of the game
//! (`ones`, `full-house`, ...) or their aliases, case-insensitive. Classic
//! Yahtzee also takes `bonus=N`: points already earned from extra Yahtzees
//! (a multiple of 100; needs `yahtzee=50`). Example:
//! `ones=3 twos=x threes=9 chance=22`.

use super::game::Game;
use super::states::State;

/// A parsed, validated score sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    /// Points per box, `None` when open.
    pub entries: Vec<Option<u32>>,
    /// Points from Yahtzee bonuses already earned.
    pub bonus_points: u32,
}

/// Why a sheet was rejected.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SheetError {
    #[error("sheet entry `{0}` is not of the form box=points (or box=x for a crossed-out box)")]
    Syntax(String),
    #[error("unknown box `{name}` for {game}; boxes: {known}")]
    UnknownBox { name: String, game: String, known: String },
    #[error("box `{0}` appears twice on the sheet")]
    Repeated(String),
    #[error("`{name}={points}` is impossible: {name} can hold {allowed}")]
    Impossible { name: String, points: u32, allowed: String },
    #[error("`bonus={0}` is impossible: {1}")]
    BadBonus(u32, String),
}

fn describe(scores: &[u32]) -> String {
    if scores.len() > 12 {
        format!("0 or {}..{}", scores[1], scores[scores.len() - 1])
    } else {
        scores.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
    }
}

impl Sheet {
    /// An empty sheet (new game).
    pub fn empty(game: &Game) -> Sheet {
        Sheet { entries: vec![None; game.categories.len()], bonus_points: 0 }
    }

    pub fn parse(game: &Game, text: &str) -> Result<Sheet, SheetError> {
        let mut sheet = Sheet::empty(game);
        let mut bonus_seen = false;
        for entry in text.split([' ', ',', ';', '\t', '\n']).filter(|e| !e.is_empty()) {
            let (name, value) = entry.split_once('=').ok_or_else(|| SheetError::Syntax(entry.to_string()))?;
            let value = value.trim().to_ascii_lowercase();
            let points = match value.as_str() {
                "x" | "-" => 0,
                v => v.parse::<u32>().map_err(|_| SheetError::Syntax(entry.to_string()))?,
            };
            let lname = name.trim().to_ascii_lowercase();
            if game.yahtzee_bonus.is_some() && (lname == "bonus" || lname == "yahtzee-bonus") {
                if bonus_seen {
                    return Err(SheetError::Repeated(lname));
                }
                bonus_seen = true;
                sheet.bonus_points = points;
                continue;
            }
            let cat = game.category_index(&lname).ok_or_else(|| SheetError::UnknownBox {
                name: name.to_string(),
                game: game.id.to_string(),
                known: game.categories.iter().map(|c| c.name).collect::<Vec<_>>().join(" "),
            })?;
            if sheet.entries[cat].is_some() {
                return Err(SheetError::Repeated(game.categories[cat].name.to_string()));
            }
            let allowed = game.possible_scores(cat);
            if !allowed.contains(&points) {
                return Err(SheetError::Impossible {
                    name: game.categories[cat].name.to_string(),
                    points,
                    allowed: describe(&allowed),
                });
            }
            sheet.entries[cat] = Some(points);
        }
        if let Some(yb) = &game.yahtzee_bonus {
            if !sheet.bonus_points.is_multiple_of(yb.points) {
                return Err(SheetError::BadBonus(
                    sheet.bonus_points,
                    format!("it must be a multiple of {}", yb.points),
                ));
            }
            let extra_yahtzees = sheet.bonus_points / yb.points;
            if extra_yahtzees > 0 && sheet.entries[yb.category].is_none_or(|p| p == 0) {
                return Err(SheetError::BadBonus(sheet.bonus_points, "Yahtzee bonuses need yahtzee=50".into()));
            }
            // Each extra Yahtzee fills one more box after the Yahtzee box.
            let filled = sheet.entries.iter().filter(|e| e.is_some()).count() as u32;
            if extra_yahtzees + 1 > filled.max(1) {
                return Err(SheetError::BadBonus(sheet.bonus_points, "more extra Yahtzees than filled boxes".into()));
            }
        }
        Ok(sheet)
    }

    /// Bit mask of the filled boxes.
    pub fn mask(&self) -> u32 {
        self.entries.iter().enumerate().filter(|(_, e)| e.is_some()).fold(0, |m, (i, _)| m | 1 << i)
    }

    /// True when every box is filled (the game is over).
    pub fn is_full(&self) -> bool {
        self.entries.iter().all(|e| e.is_some())
    }

    /// Upper-section total.
    pub fn upper_total(&self, game: &Game) -> u32 {
        game.categories.iter().zip(&self.entries).filter(|(c, _)| c.upper_face.is_some()).filter_map(|(_, e)| *e).sum()
    }

    /// The turn-start state this sheet is in.
    pub fn state(&self, game: &Game) -> State {
        let extra = match &game.yahtzee_bonus {
            Some(yb) => self.entries[yb.category].is_some_and(|p| p > 0) as u8,
            None => 0,
        };
        State { mask: self.mask(), upper: self.upper_total(game), extra }
    }

    /// Points on the sheet so far, including bonuses already earned.
    pub fn total(&self, game: &Game) -> u32 {
        let boxes: u32 = self.entries.iter().flatten().sum();
        let upper_bonus = match game.upper_bonus {
            Some(b) if self.upper_total(game) >= b.threshold => b.points,
            _ => 0,
        };
        boxes + upper_bonus + self.bonus_points
    }
}
