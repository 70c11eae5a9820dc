//! `compare`: how the optional rules change who wins.
//!
//! One row per rule variant (the base rules, each of the game's seed
//! options alone, and any combinations or house-rules files asked for),
//! each read from the variant's win table, solved first where it is
//! missing (and then kept, so a second run only reads table headers). Every
//! number is exact, computed from the solved win probabilities: P(first
//! player wins) under both players' optimal play, and the game facts the
//! solve stores with the table ([`super::win::facts`]): the fair head start,
//! the expected number of turns, and optimal play against the
//! expected-score policy from either seat.
//!
//! A variant too large to solve here stays in the table as a row that says
//! so, so the comparison shows every variant asked for.

use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::Serialize;

use super::table::{win_summary, WinSummary};
use super::PushLuckGame;
use crate::error::Error;
use crate::options::RuleOption;
use crate::progress::Progress;
use crate::registry::{self, Game, GameRef, HouseRules};

/// What to compare.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CompareQuestion {
    /// Options under every row (the base rules are the game with these).
    pub options: Vec<RuleOption>,
    /// Extra variants, each a set of options on top of the base, e.g.
    /// `on-the-board=750,piggyback`.
    pub variants: Vec<Vec<RuleOption>>,
    /// Extra variants from house-rules files, each on top of the base.
    pub rules_files: Vec<PathBuf>,
    /// Leave out the game's default variants (only the base and the
    /// variants asked for).
    pub no_defaults: bool,
}

/// One variant's exact numbers.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct VariantOdds {
    /// P(first player wins) from 0-0, both playing to win.
    pub first_wins: f64,
    /// `first_wins` minus the base rules' `first_wins`: a difference of
    /// probabilities (0.0057), not percentage points (absent for the base
    /// row).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_wins_change: Option<f64>,
    /// The game facts, where the table has them (all but a piggyback game
    /// too large to solve them along, see [`super::win::facts`]).
    #[serde(flatten)]
    pub facts: Option<FactColumns>,
    /// Seconds spent solving this variant now (0 when its table was there).
    pub solve_seconds: f64,
}

/// A variant's game facts, as `compare` shows them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct FactColumns {
    /// Points given to the second player at the start that bring the game
    /// closest to even ...
    pub head_start: i64,
    /// ... and P(first player wins) with them.
    pub head_start_first_wins: f64,
    /// Expected turns per player in an optimal game (last turn included).
    pub turns_per_player: f64,
    /// Expected score of a turn (on the board) by the expected-score policy.
    pub ev_turn_score: f64,
    /// P(the win-optimal player beats the expected-score player) when the
    /// win-optimal player goes first ...
    pub optimal_vs_ev_first: f64,
    /// ... and when it goes second.
    pub optimal_vs_ev_second: f64,
    /// Its edge: the mean of those two, minus 1/2.
    pub optimal_edge: f64,
}

/// One row of the comparison.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CompareRow {
    /// The variant as asked: `base rules`, the options on top of the base,
    /// or the house-rules file.
    pub variant: String,
    pub game: GameRef,
    /// The numbers, when the variant is solved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub odds: Option<VariantOdds>,
    /// Why there are no numbers (the variant is too large to solve here).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_solved: Option<String>,
}

/// The comparison of a game's rule variants.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CompareReport {
    /// The base rules.
    pub game: GameRef,
    pub rows: Vec<CompareRow>,
    /// The biggest effects, in words.
    pub highlights: Vec<String>,
    /// Wall time of the whole comparison (solves included).
    pub seconds: f64,
}

/// Compares the variants of `base` (a push-your-luck game resolved from
/// `name` with `q.options`): every game is resolved before anything is
/// solved, so a bad option fails at once.
///
/// # Errors
/// An unknown option or a bad value in a variant, an unreadable or invalid
/// rules file, a damaged table.
pub fn compare(
    name: &str,
    q: &CompareQuestion,
    tables: &Path,
    progress: &dyn Progress,
) -> Result<CompareReport, Error> {
    let started = Instant::now();
    let entry = registry::find(name)?;
    let mut asked: Vec<(String, Vec<RuleOption>, Option<&Path>)> = vec![("base rules".into(), vec![], None)];
    if !q.no_defaults {
        for v in entry.compare_variants {
            asked.push(((*v).to_string(), vec![RuleOption::parse(v)], None));
        }
    }
    for v in &q.variants {
        let label = v.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
        asked.push((label, v.clone(), None));
    }
    for f in &q.rules_files {
        asked.push((f.display().to_string(), vec![], Some(f.as_path())));
    }
    let games: Vec<(String, Box<PushLuckGame>)> = asked
        .into_iter()
        .map(|(label, extra, file)| Ok((label, resolve(name, &q.options, &extra, file)?)))
        .collect::<Result<_, Error>>()?;

    let mut rows = Vec::with_capacity(games.len());
    for (label, game) in &games {
        let (odds, not_solved) = match win_summary(game, tables, progress) {
            Ok(s) => (Some(odds_of(&s)), None),
            Err(e @ Error::TooLarge(_)) => (None, Some(e.to_string())),
            Err(e) => return Err(e),
        };
        rows.push(CompareRow { variant: label.clone(), game: game.reference(), odds, not_solved });
    }
    let base = rows[0].odds.map(|o| o.first_wins);
    for row in &mut rows[1..] {
        if let (Some(o), Some(b)) = (row.odds.as_mut(), base) {
            o.first_wins_change = Some(o.first_wins - b);
        }
    }
    let highlights = highlights(&rows);
    Ok(CompareReport { game: games[0].1.reference(), rows, highlights, seconds: started.elapsed().as_secs_f64() })
}

/// The game `name` under the rules file, if any, with the base options
/// and `extra` over it (an option named again takes its new value).
fn resolve(
    name: &str,
    base: &[RuleOption],
    extra: &[RuleOption],
    file: Option<&Path>,
) -> Result<Box<PushLuckGame>, Error> {
    let mut options: Vec<RuleOption> =
        base.iter().filter(|o| !extra.iter().any(|e| e.name == o.name)).cloned().collect();
    options.extend(extra.iter().cloned());
    let game = registry::resolve(name, &options, file.map(HouseRules::File))?;
    match game {
        Game::PushLuck(g) => Ok(g),
        g => Err(Error::wrong_family("compare", &g, registry::Family::PushLuck)),
    }
}

fn odds_of(s: &WinSummary) -> VariantOdds {
    let facts = s.game.map(|f| {
        let second = 1.0 - f.ev_first_vs_optimal;
        FactColumns {
            head_start: f.head_start,
            head_start_first_wins: f.head_start_first_wins,
            turns_per_player: f.turns_per_player,
            ev_turn_score: f.ev_turn_score,
            optimal_vs_ev_first: f.optimal_first_vs_ev,
            optimal_vs_ev_second: second,
            optimal_edge: (f.optimal_first_vs_ev + second) / 2.0 - 0.5,
        }
    });
    VariantOdds { first_wins: s.first_wins, first_wins_change: None, facts, solve_seconds: s.solved_seconds }
}

/// A change of a probability in percentage points, short, e.g. `+0.57
/// pts` (the compare table and its picture).
pub fn percentage_points(change: f64) -> String {
    format!("{:+.2} pts", 100.0 * change)
}

fn pp(x: f64) -> String {
    format!("{:+.1} percentage points", 100.0 * x)
}

/// A few sentences on the biggest effects.
fn highlights(rows: &[CompareRow]) -> Vec<String> {
    let mut out = vec![];
    let solved: Vec<(&CompareRow, VariantOdds)> = rows.iter().filter_map(|r| r.odds.map(|o| (r, o))).collect();
    if let Some(b) = rows[0].odds {
        match b.facts {
            Some(f) => out.push(format!(
                "Under the base rules the first player wins {:.1}% of games both play to win; a head start of {} points for the second player makes it {:.1}%.",
                100.0 * b.first_wins,
                f.head_start,
                100.0 * f.head_start_first_wins
            )),
            None => out.push(format!(
                "Under the base rules the first player wins {:.1}% of games both play to win.",
                100.0 * b.first_wins
            )),
        }
    }
    let mut moved: Vec<&(&CompareRow, VariantOdds)> =
        solved.iter().filter(|(_, o)| o.first_wins_change.is_some()).collect();
    moved.sort_by(|x, y| {
        y.1.first_wins_change.unwrap_or(0.0).abs().total_cmp(&x.1.first_wins_change.unwrap_or(0.0).abs())
    });
    let named: Vec<String> = moved
        .iter()
        .take(2)
        .map(|(r, o)| {
            format!("{} ({}, to {:.1}%)", r.variant, pp(o.first_wins_change.unwrap_or(0.0)), 100.0 * o.first_wins)
        })
        .collect();
    if !named.is_empty() {
        out.push(format!("The first player's odds move most under {}.", named.join(" and ")));
    }
    let edges = solved.iter().filter_map(|(r, o)| o.facts.map(|f| (r, f.optimal_edge)));
    if let Some((r, edge)) = edges.max_by(|x, y| x.1.total_cmp(&y.1)) {
        out.push(format!(
            "Playing to win instead of for points matters most under {}: the win-optimal player beats the expected-score player in {:.1}% of games, seats alternating.",
            r.variant,
            100.0 * (0.5 + edge)
        ));
    }
    let factless: Vec<&str> =
        solved.iter().filter(|(_, o)| o.facts.is_none()).map(|(r, _)| r.variant.as_str()).collect();
    if !factless.is_empty() {
        out.push(format!(
            "Head start, game length and the expected-score match-up are not computed under {} ({}): only P(first wins) is shown.",
            factless.join(", "),
            super::win::facts::NOT_COMPUTED
        ));
    }
    let missing: Vec<&str> = rows.iter().filter(|r| r.odds.is_none()).map(|r| r.variant.as_str()).collect();
    if !missing.is_empty() {
        out.push(format!("Not solved under the win objective: {} (see the row).", missing.join(", ")));
    }
    out
}
