//! Rule sets as data: the scoring table, the turn rules and the game rules of
//! a push-your-luck game, their TOML form, and their validation.
//!
//! A [`RuleSet`] is complete: every built-in game is one value of it (see
//! [`super::builtin`]), named options edit it, and a house-rules file is an
//! *overlay*: every key in the file replaces the same key of the rule set it is
//! applied to, keys the file does not mention are kept. Arrays (a face's
//! points, the pattern list) are replaced whole. [`to_toml`] prints a complete
//! rule set in the same format, with comments, so `sixdice rules GAME` output
//! can be edited and passed back with `--rules`.
//!
//! Validation happens once, on the finished rule set ([`RuleSet::validate`]),
//! and names the offending key; the solver relies on it (every combination
//! scores a positive number of points, so turn points strictly grow).

use serde::{Deserialize, Serialize};

/// Points for `n` dice of each face set aside together, `n` = 1..=6
/// (index `n - 1`). 0 means "not a scoring set".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FaceTable {
    pub ones: [i64; 6],
    pub twos: [i64; 6],
    pub threes: [i64; 6],
    pub fours: [i64; 6],
    pub fives: [i64; 6],
    pub sixes: [i64; 6],
}

/// TOML key of each face's row.
pub const FACE_KEYS: [&str; 6] = ["ones", "twos", "threes", "fours", "fives", "sixes"];

impl FaceTable {
    /// A table where nothing scores.
    pub fn empty() -> FaceTable {
        FaceTable { ones: [0; 6], twos: [0; 6], threes: [0; 6], fours: [0; 6], fives: [0; 6], sixes: [0; 6] }
    }
    /// Row of face `f` (0-based).
    pub fn row(&self, f: usize) -> &[i64; 6] {
        [&self.ones, &self.twos, &self.threes, &self.fours, &self.fives, &self.sixes][f]
    }
    pub fn row_mut(&mut self, f: usize) -> &mut [i64; 6] {
        match f {
            0 => &mut self.ones,
            1 => &mut self.twos,
            2 => &mut self.threes,
            3 => &mut self.fours,
            4 => &mut self.fives,
            _ => &mut self.sixes,
        }
    }
    /// Points of `n` dice of face `f` (0-based) as one set; 0 if not a set.
    pub fn points(&self, f: usize, n: usize) -> i64 {
        if n == 0 {
            0
        } else {
            self.row(f)[n - 1]
        }
    }
    fn is_empty(&self) -> bool {
        (0..6).all(|f| self.row(f).iter().all(|&p| p == 0))
    }
}

/// A scoring pattern made of several dice of one roll: a straight, three
/// pairs, a full house...
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Pattern {
    /// Shown in advice, e.g. `three pairs`.
    pub name: String,
    /// Exact faces, one die each (straights), e.g. `[1, 2, 3, 4, 5]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faces: Vec<u8>,
    /// Sizes of groups of equal dice, e.g. `[2, 2, 2]` for three pairs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<u8>,
    /// Groups must show different faces (a full house of five equal dice is
    /// not a full house). When false, `[2, 2, 2]` also matches 4+2 and six alike.
    #[serde(default)]
    pub distinct_faces: bool,
    #[serde(default)]
    pub points: i64,
    /// Counts only on the first roll of a turn (Yahtzix premiums).
    #[serde(default)]
    pub first_roll_only: bool,
    /// Wins the game at once instead of scoring points (Dice 10000's six of a
    /// kind). For the expected-score objective it is worth reaching the goal.
    #[serde(default)]
    pub instant_win: bool,
}

/// Everything about what scores.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scoring {
    /// Sets of one face, on any roll.
    pub kinds: FaceTable,
    /// Sets of one face that count only on a turn's first roll (on that roll
    /// the better of the two tables applies).
    pub first_roll_kinds: FaceTable,
    pub patterns: Vec<Pattern>,
    /// Points when all six dice of a six-dice roll are set aside and score
    /// ("all count"), unless the parts are worth more. 0 = no such premium.
    pub all_six_premium: i64,
    pub all_six_premium_first_roll_only: bool,
    /// A six-dice roll where nothing scores is worth this instead of a farkle
    /// (all six dice count as set aside). 0 = no such bonus.
    pub no_score_bonus: i64,
}

/// Rules of one turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnRules {
    /// When every die has scored, the player may roll all six again.
    pub hot_dice: bool,
    /// At most this many rolls per turn; 0 = no limit.
    pub max_rolls: u32,
    /// A player off the board needs this many points in one turn to bank.
    pub entry: i64,
    /// A player on the board may not stop a turn with fewer points.
    pub min_bank: i64,
    /// Van't Hof: six 1s set aside (as 1s) across one turn score this in place
    /// of what those 1s earned. 0 = off.
    pub vant_hof: i64,
    /// The third farkle in a row costs this many points. 0 = off.
    pub three_farkle_penalty: i64,
    /// A turn may start from the previous player's leftover dice and turn points.
    pub piggyback: bool,
    /// Only players on the board may piggyback.
    pub piggyback_needs_board: bool,
}

/// Rules of the whole game (used by the turn solver only where a turn's score
/// depends on them: instant wins and an exact goal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRules {
    pub goal: i64,
    /// A bank that would pass the goal scores nothing (Yahtzix variation L).
    pub exact_goal: bool,
    /// When someone reaches the goal the others get one more turn.
    pub last_turn: bool,
}

/// A complete push-your-luck rule set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleSet {
    /// Display name, e.g. `Farkle`.
    pub name: String,
    pub scoring: Scoring,
    pub turn: TurnRules,
    pub game: GameRules,
}

/// Why a rule set or a rules file was rejected. Always one line.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RulesError {
    #[error("rules key `{key}`: {why}")]
    Invalid { key: String, why: String },
    #[error("{file}: {why}")]
    File { file: String, why: String },
    #[error("unknown option `{name}` for {game}; options: {known}")]
    UnknownOption { name: String, game: String, known: String },
    #[error("option `{name}`: {why}")]
    BadOption { name: String, why: String },
}

fn invalid(key: impl Into<String>, why: impl Into<String>) -> RulesError {
    RulesError::Invalid { key: key.into(), why: why.into() }
}

impl RuleSet {
    /// Checks that the rules make sense; the error names the first bad key.
    pub fn validate(&self) -> Result<(), RulesError> {
        let s = &self.scoring;
        for (table, key) in [(&s.kinds, "kinds"), (&s.first_roll_kinds, "first-roll-kinds")] {
            for (f, face) in FACE_KEYS.iter().enumerate() {
                for (n, &p) in table.row(f).iter().enumerate() {
                    if p < 0 {
                        return Err(invalid(
                            format!("scoring.{key}.{face}"),
                            format!("{} of a kind is worth {p}; points must not be negative", n + 1),
                        ));
                    }
                }
            }
        }
        let mut names = std::collections::HashSet::new();
        for (i, p) in s.patterns.iter().enumerate() {
            let key = |field: &str| format!("scoring.patterns[{i}].{field} ({})", p.name);
            if p.name.trim().is_empty() {
                return Err(invalid(format!("scoring.patterns[{i}].name"), "a pattern needs a name"));
            }
            if !names.insert(p.name.as_str()) {
                return Err(invalid(key("name"), "two patterns have this name"));
            }
            match (p.faces.is_empty(), p.groups.is_empty()) {
                (true, true) => return Err(invalid(key("faces"), "give either `faces` or `groups`")),
                (false, false) => return Err(invalid(key("groups"), "give either `faces` or `groups`, not both")),
                _ => {}
            }
            if p.faces.iter().any(|&f| !(1..=6).contains(&f)) {
                return Err(invalid(key("faces"), "faces are 1 to 6"));
            }
            let mut seen = [false; 6];
            for &f in &p.faces {
                if std::mem::replace(&mut seen[f as usize - 1], true) {
                    return Err(invalid(
                        key("faces"),
                        format!("face {f} is listed twice (list each face of a straight once)"),
                    ));
                }
            }
            if p.groups.contains(&0) {
                return Err(invalid(key("groups"), "a group has at least one die"));
            }
            let dice: usize = p.faces.len() + p.groups.iter().map(|&g| g as usize).sum::<usize>();
            if dice > 6 {
                return Err(invalid(key("groups"), format!("uses {dice} dice; a roll has at most 6")));
            }
            if p.distinct_faces && p.groups.len() > 6 {
                return Err(invalid(key("groups"), "more groups than faces"));
            }
            if p.instant_win {
                if p.points != 0 {
                    return Err(invalid(key("points"), "an instant win scores no points; leave `points` out"));
                }
            } else if p.points <= 0 {
                return Err(invalid(
                    key("points"),
                    format!("worth {}; a listed pattern must be worth more than 0 (remove it instead)", p.points),
                ));
            }
        }
        if s.all_six_premium < 0 {
            return Err(invalid("scoring.all-six-premium", "points must not be negative"));
        }
        if s.no_score_bonus < 0 {
            return Err(invalid("scoring.no-score-bonus", "points must not be negative"));
        }
        if s.kinds.is_empty() && s.first_roll_kinds.is_empty() && s.patterns.is_empty() {
            return Err(invalid("scoring.kinds", "nothing scores"));
        }
        let t = &self.turn;
        for (v, key) in [
            (t.entry, "turn.entry"),
            (t.min_bank, "turn.min-bank"),
            (t.vant_hof, "turn.vant-hof"),
            (t.three_farkle_penalty, "turn.three-farkle-penalty"),
        ] {
            if v < 0 {
                return Err(invalid(key, format!("{v} is negative")));
            }
        }
        if t.max_rolls > 50 {
            return Err(invalid("turn.max-rolls", "at most 50 (0 = no limit)"));
        }
        if t.vant_hof > 0 && (1..=6).all(|n| s.kinds.points(0, n) == 0 && s.first_roll_kinds.points(0, n) == 0) {
            return Err(invalid("turn.vant-hof", "1s never score as 1s, so six of them can never be set aside"));
        }
        if t.piggyback_needs_board && !t.piggyback {
            return Err(invalid("turn.piggyback-needs-board", "set, but `piggyback` is off"));
        }
        if self.game.goal <= 0 {
            return Err(invalid("game.goal", format!("{} must be more than 0", self.game.goal)));
        }
        if t.entry > self.game.goal {
            return Err(invalid("turn.entry", format!("{} is above the goal {}", t.entry, self.game.goal)));
        }
        if self.name.trim().is_empty() {
            return Err(invalid("name", "must not be empty"));
        }
        Ok(())
    }

    /// True when some combination counts only on a turn's first roll.
    pub fn has_first_roll_scoring(&self) -> bool {
        let s = &self.scoring;
        !s.first_roll_kinds.is_empty()
            || s.patterns.iter().any(|p| p.first_roll_only)
            || (s.all_six_premium > 0 && s.all_six_premium_first_roll_only)
    }

    /// True when some pattern wins the game outright.
    pub fn has_instant_win(&self) -> bool {
        self.scoring.patterns.iter().any(|p| p.instant_win)
    }
}

// ---------------------------------------------------------------------------
// House-rules files: an overlay whose every key is optional.

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RuleSetOverlay {
    name: Option<String>,
    scoring: Option<ScoringOverlay>,
    turn: Option<TurnOverlay>,
    game: Option<GameOverlay>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct FaceTableOverlay {
    ones: Option<[i64; 6]>,
    twos: Option<[i64; 6]>,
    threes: Option<[i64; 6]>,
    fours: Option<[i64; 6]>,
    fives: Option<[i64; 6]>,
    sixes: Option<[i64; 6]>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct ScoringOverlay {
    kinds: Option<FaceTableOverlay>,
    first_roll_kinds: Option<FaceTableOverlay>,
    patterns: Option<Vec<Pattern>>,
    all_six_premium: Option<i64>,
    all_six_premium_first_roll_only: Option<bool>,
    no_score_bonus: Option<i64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct TurnOverlay {
    hot_dice: Option<bool>,
    max_rolls: Option<u32>,
    entry: Option<i64>,
    min_bank: Option<i64>,
    vant_hof: Option<i64>,
    three_farkle_penalty: Option<i64>,
    piggyback: Option<bool>,
    piggyback_needs_board: Option<bool>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct GameOverlay {
    goal: Option<i64>,
    exact_goal: Option<bool>,
    last_turn: Option<bool>,
}

fn set<T>(target: &mut T, value: Option<T>) {
    if let Some(v) = value {
        *target = v;
    }
}

fn apply_faces(table: &mut FaceTable, o: FaceTableOverlay) {
    for (f, row) in [o.ones, o.twos, o.threes, o.fours, o.fives, o.sixes].into_iter().enumerate() {
        set(table.row_mut(f), row);
    }
}

/// One line for a TOML error: the message plus where it is in the file.
fn toml_error_line(text: &str, e: &toml::de::Error) -> String {
    let msg = e.message().trim().replace('\n', " ");
    match e.span() {
        Some(span) => {
            let line_no = text[..span.start.min(text.len())].matches('\n').count() + 1;
            let line = text.lines().nth(line_no - 1).unwrap_or("").trim();
            if line.is_empty() {
                format!("line {line_no}: {msg}")
            } else {
                format!("line {line_no} (`{line}`): {msg}")
            }
        }
        None => msg,
    }
}

impl RuleSet {
    /// Applies a house-rules file (TOML text) on top of these rules and
    /// validates the result. `file` names the file in errors.
    pub fn apply_toml(&mut self, text: &str, file: &str) -> Result<(), RulesError> {
        let o: RuleSetOverlay = toml::from_str(text)
            .map_err(|e| RulesError::File { file: file.to_string(), why: toml_error_line(text, &e) })?;
        set(&mut self.name, o.name);
        if let Some(s) = o.scoring {
            if let Some(k) = s.kinds {
                apply_faces(&mut self.scoring.kinds, k);
            }
            if let Some(k) = s.first_roll_kinds {
                apply_faces(&mut self.scoring.first_roll_kinds, k);
            }
            set(&mut self.scoring.patterns, s.patterns);
            set(&mut self.scoring.all_six_premium, s.all_six_premium);
            set(&mut self.scoring.all_six_premium_first_roll_only, s.all_six_premium_first_roll_only);
            set(&mut self.scoring.no_score_bonus, s.no_score_bonus);
        }
        if let Some(t) = o.turn {
            set(&mut self.turn.hot_dice, t.hot_dice);
            set(&mut self.turn.max_rolls, t.max_rolls);
            set(&mut self.turn.entry, t.entry);
            set(&mut self.turn.min_bank, t.min_bank);
            set(&mut self.turn.vant_hof, t.vant_hof);
            set(&mut self.turn.three_farkle_penalty, t.three_farkle_penalty);
            set(&mut self.turn.piggyback, t.piggyback);
            set(&mut self.turn.piggyback_needs_board, t.piggyback_needs_board);
        }
        if let Some(g) = o.game {
            set(&mut self.game.goal, g.goal);
            set(&mut self.game.exact_goal, g.exact_goal);
            set(&mut self.game.last_turn, g.last_turn);
        }
        self.validate().map_err(|e| RulesError::File { file: file.to_string(), why: e.to_string() })
    }
}

fn toml_str(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn row(r: &[i64; 6]) -> String {
    format!("[{}]", r.iter().map(|p| format!("{p:>5}")).collect::<Vec<_>>().join(","))
}

/// The complete rule set as a commented TOML file; [`RuleSet::apply_toml`] of
/// it onto any rule set gives back exactly these rules.
pub fn to_toml(r: &RuleSet) -> String {
    let s = &r.scoring;
    let t = &r.turn;
    let g = &r.game;
    let mut out = String::new();
    let mut line = |l: String| {
        out.push_str(&l);
        out.push('\n');
    };
    line(format!("# Rules of {}: edit and pass back with --rules FILE.", r.name));
    line("# Every key may be left out of a house-rules file (it then keeps its value from".into());
    line("# the game given with --game); arrays are replaced whole.".into());
    line(format!("name = {}", toml_str(&r.name)));
    line(String::new());
    line("[scoring]".into());
    line("# Points for six dice of one roll where nothing scores (0 = that is a farkle).".into());
    line(format!("no-score-bonus = {}", s.no_score_bonus));
    line("# Points when all six dice of a six-dice roll score, unless the parts are worth more (0 = none).".into());
    line(format!("all-six-premium = {}", s.all_six_premium));
    line(format!("all-six-premium-first-roll-only = {}", s.all_six_premium_first_roll_only));
    line(String::new());
    line("# Points for 1, 2, 3, 4, 5, 6 dice of one face set aside together from one roll;".into());
    line("# 0 = not a scoring set. Per face and set-aside, at most one set of two or".into());
    line("# more dice; further dice of that face score as singles.".into());
    line("[scoring.kinds]".into());
    for (f, key) in FACE_KEYS.iter().enumerate() {
        line(format!("{key:<6} = {}", row(s.kinds.row(f))));
    }
    line(String::new());
    line("# Like [scoring.kinds], but only on the first roll of a turn (the better value counts).".into());
    line("[scoring.first-roll-kinds]".into());
    for (f, key) in FACE_KEYS.iter().enumerate() {
        line(format!("{key:<6} = {}", row(s.first_roll_kinds.row(f))));
    }
    line(String::new());
    line("# Patterns: `faces` = these faces, one die each; `groups` = groups of equal dice".into());
    line("# (distinct-faces: the groups must show different faces). Optional flags:".into());
    line("# first-roll-only, instant-win (wins the game; no points). Remove a pattern to drop it.".into());
    for p in &s.patterns {
        line("[[scoring.patterns]]".into());
        line(format!("name = {}", toml_str(&p.name)));
        if !p.faces.is_empty() {
            line(format!("faces = {:?}", p.faces));
        }
        if !p.groups.is_empty() {
            line(format!("groups = {:?}", p.groups));
            line(format!("distinct-faces = {}", p.distinct_faces));
        }
        if !p.instant_win {
            line(format!("points = {}", p.points));
        }
        if p.first_roll_only {
            line("first-roll-only = true".into());
        }
        if p.instant_win {
            line("instant-win = true".into());
        }
        line(String::new());
    }
    line("[turn]".into());
    line("# When all six dice have scored, roll all six again (or bank).".into());
    line(format!("hot-dice = {}", t.hot_dice));
    line("# Rolls per turn (0 = no limit).".into());
    line(format!("max-rolls = {}", t.max_rolls));
    line("# Points needed in one turn to get on the board (a smaller bank scores 0).".into());
    line(format!("entry = {}", t.entry));
    line("# Once on the board, a turn may not stop with fewer points (0 = no minimum).".into());
    line(format!("min-bank = {}", t.min_bank));
    line("# Six 1s set aside as 1s in one turn score this in place of their points (0 = off).".into());
    line(format!("vant-hof = {}", t.vant_hof));
    line("# The third farkle in a row costs this much (0 = off).".into());
    line(format!("three-farkle-penalty = {}", t.three_farkle_penalty));
    line("# Start a turn from the previous player's leftover dice and turn points.".into());
    line(format!("piggyback = {}", t.piggyback));
    line(format!("piggyback-needs-board = {}", t.piggyback_needs_board));
    line(String::new());
    line("[game]".into());
    line(format!("goal = {}", g.goal));
    line("# A bank that would pass the goal scores nothing.".into());
    line(format!("exact-goal = {}", g.exact_goal));
    line("# The others get one more turn when someone reaches the goal.".into());
    line(format!("last-turn = {}", g.last_turn));
    out
}
