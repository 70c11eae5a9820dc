//! Rule sets as data: the scoring table, the turn rules and the game rules of
//! a push-your-luck game, their TOML form, and their validation.
//!
//! A [`RuleSet`] is complete: every built-in game is one value of it (see
//! [`super::builtin`]), a house-rules file is an overlay merged over it
//! ([`RuleSet::overlaid`]): the file's TOML tables are merged key by key
//! into the rule set's own TOML value (arrays, such as a face's points or
//! the pattern list, are replaced whole), and the result is deserialised
//! with unknown keys denied; named options then edit the result (the
//! command line is the last word, see [`crate::registry::resolve`]). Every key is declared
//! once, as a field below; its doc comment is the comment [`to_toml`] prints
//! above it, so `sixdice rules GAME` output documents itself and can be
//! edited and passed back.
//!
//! Validation happens once, on the finished rule set ([`RuleSet::validate`]),
//! checks every value against its range ([`crate::limits`]) and names the
//! offending key ([`RulesError::keys`] lists every key a failed check read,
//! so that a front end can blame whoever set them); the solver relies on it (every combination scores a
//! positive number of points, so turn points strictly grow).

use documented::{DocumentedFieldsOpt, DocumentedOpt};
use serde::{Deserialize, Serialize};

use crate::error::RulesError;
use crate::limits::{GOAL_MAX, MAX_ROLLS_MAX, NAME_CHARS_MAX, PATTERNS_MAX, POINTS_MAX};
use userio::{cut, Quoted};

/// Points for 1, 2, 3, 4, 5, 6 dice of one face set aside together from one
/// roll; 0 = not a scoring set. Per face and set-aside, at most one set of
/// two or more dice; further dice of that face score as singles.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, DocumentedOpt, DocumentedFieldsOpt)]
#[serde(deny_unknown_fields)]
pub(crate) struct FaceTable {
    pub(crate) ones: [i64; 6],
    pub(crate) twos: [i64; 6],
    pub(crate) threes: [i64; 6],
    pub(crate) fours: [i64; 6],
    pub(crate) fives: [i64; 6],
    pub(crate) sixes: [i64; 6],
}

/// TOML key of each face's row.
pub(crate) const FACE_KEYS: [&str; 6] = ["ones", "twos", "threes", "fours", "fives", "sixes"];

impl FaceTable {
    /// A table where nothing scores.
    pub(crate) fn empty() -> FaceTable {
        FaceTable { ones: [0; 6], twos: [0; 6], threes: [0; 6], fours: [0; 6], fives: [0; 6], sixes: [0; 6] }
    }
    /// Row of face `f` (0-based).
    pub(crate) fn row(&self, f: usize) -> &[i64; 6] {
        [&self.ones, &self.twos, &self.threes, &self.fours, &self.fives, &self.sixes][f]
    }
    pub(crate) fn row_mut(&mut self, f: usize) -> &mut [i64; 6] {
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
    pub(crate) fn points(&self, f: usize, n: usize) -> i64 {
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

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(p: &i64) -> bool {
    *p == 0
}

/// Patterns: `faces` = these faces, one die each (straights); `groups` =
/// groups of equal dice (three pairs: [2, 2, 2]). Remove a pattern to drop it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, DocumentedOpt, DocumentedFieldsOpt)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Pattern {
    /// Shown in advice, e.g. `three pairs`.
    pub(crate) name: String,
    /// Exact faces, one die each, e.g. `[1, 2, 3, 4, 5]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) faces: Vec<u8>,
    /// Sizes of groups of equal dice, e.g. `[2, 2, 2]` for three pairs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) groups: Vec<u8>,
    /// The groups must show different faces (without it, [2, 2, 2] also
    /// matches 4+2 and six alike).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) distinct_faces: bool,
    /// Points (leave out for an instant win).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub(crate) points: i64,
    /// Counts only on the first roll of a turn.
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) first_roll_only: bool,
    /// Wins the game at once instead of scoring points (for the
    /// expected-score objective: worth reaching the goal).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) instant_win: bool,
}

/// What scores.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, DocumentedOpt, DocumentedFieldsOpt)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Scoring {
    /// Points for six dice of one roll where nothing scores (0 = that is a farkle).
    pub(crate) no_score_bonus: i64,
    /// Points when all six dice of a six-dice roll score, unless the parts
    /// are worth more (0 = none).
    pub(crate) all_six_premium: i64,
    /// The all-six premium counts on the first roll of a turn only.
    pub(crate) all_six_premium_first_roll_only: bool,
    /// Sets of one face, on any roll.
    pub(crate) kinds: FaceTable,
    /// Like `kinds`, but only on the first roll of a turn (the better value
    /// counts).
    pub(crate) first_roll_kinds: FaceTable,
    /// Patterns of several dice of one roll.
    pub(crate) patterns: Vec<Pattern>,
}

/// Rules of one turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, DocumentedOpt, DocumentedFieldsOpt)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct TurnRules {
    /// When all six dice have scored, roll all six again (or bank).
    pub(crate) hot_dice: bool,
    /// Rolls per turn (0 = no limit).
    pub(crate) max_rolls: u32,
    /// Points needed in one turn to get on the board (a smaller bank scores 0).
    pub(crate) entry: i64,
    /// Once on the board, a turn may not stop with fewer points (0 = no minimum).
    pub(crate) min_bank: i64,
    /// Six 1s set aside as 1s in one turn score this in place of their points (0 = off).
    pub(crate) vant_hof: i64,
    /// The third farkle in a row costs this much (0 = off).
    pub(crate) three_farkle_penalty: i64,
    /// Start a turn from the previous player's leftover dice and turn points.
    pub(crate) piggyback: bool,
    /// Only players on the board may piggyback.
    pub(crate) piggyback_needs_board: bool,
    /// A farkle on a turn started from leftover dice gives the inherited
    /// points to the player who left them (once more).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) piggyback_return: bool,
}

/// What stopping a turn does under the entry threshold and min-bank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// On the board, below min-bank: not allowed.
    Forbidden,
    /// Off the board, below the entry threshold: allowed, scores nothing.
    ScoresNothing,
    /// The turn's points count.
    Counts,
}

impl TurnRules {
    /// Smallest turn total whose stop counts: min-bank on the board, the
    /// entry threshold off it.
    pub(crate) fn counts_from(&self, on_board: bool) -> i64 {
        if on_board {
            self.min_bank
        } else {
            self.entry
        }
    }

    /// What stopping at turn total `t` does.
    pub(crate) fn stop(&self, on_board: bool, t: i64) -> Stop {
        if t >= self.counts_from(on_board) {
            Stop::Counts
        } else if on_board {
            Stop::Forbidden
        } else {
            Stop::ScoresNothing
        }
    }
}

/// Rules of the whole game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, DocumentedOpt, DocumentedFieldsOpt)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct GameRules {
    /// Points to win.
    pub(crate) goal: i64,
    /// A bank that would pass the goal scores nothing.
    pub(crate) exact_goal: bool,
    /// The others get one more turn when someone reaches the goal.
    pub(crate) last_turn: bool,
    /// Under an exact goal, a player whose total is at most this far below
    /// the goal chooses before each roll how many of the dice that could be
    /// rolled to roll (the others stay for later rolls), and may count six
    /// dice that all score by their parts instead of the all-six premium
    /// (Yahtzix's variation L). 0: never.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub(crate) choose_dice_within: i64,
}

/// A complete push-your-luck rule set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, DocumentedOpt, DocumentedFieldsOpt)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct RuleSet {
    /// Display name.
    pub(crate) name: String,
    pub(crate) scoring: Scoring,
    pub(crate) turn: TurnRules,
    pub(crate) game: GameRules,
}

fn invalid(key: impl Into<String>, why: impl Into<String>) -> RulesError {
    RulesError::Invalid { key: key.into(), why: why.into() }
}

/// Checks a point value against `0..=POINTS_MAX`.
fn points_in_range(key: impl Fn() -> String, p: i64, what: &str) -> Result<(), RulesError> {
    if (0..=POINTS_MAX).contains(&p) {
        Ok(())
    } else {
        Err(invalid(key(), format!("{what} {p} is out of range: allowed from 0 to {POINTS_MAX}")))
    }
}

/// Checks a name: not empty, not too long, no control characters (names
/// are printed in advice).
fn check_name(key: &str, name: &str) -> Result<(), RulesError> {
    if name.trim().is_empty() {
        return Err(invalid(key, "must not be empty"));
    }
    if name.chars().count() > NAME_CHARS_MAX {
        return Err(invalid(key, format!("longer than {NAME_CHARS_MAX} characters")));
    }
    if name.chars().any(|c| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')) {
        return Err(invalid(key, format!("{} contains control characters", Quoted(name))));
    }
    Ok(())
}

/// Checks a pattern's shape (faces or groups, at most six dice) and its
/// points; `key` names a field of it.
fn check_pattern(p: &Pattern, key: &dyn Fn(&str) -> String) -> Result<(), RulesError> {
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
        if std::mem::replace(&mut seen[usize::from(f) - 1], true) {
            return Err(invalid(key("faces"), format!("face {f} is listed twice (list each face of a straight once)")));
        }
    }
    if p.groups.contains(&0) {
        return Err(invalid(key("groups"), "a group has at least one die"));
    }
    let dice: usize = p.faces.len() + p.groups.iter().map(|&g| usize::from(g)).sum::<usize>();
    if dice > 6 {
        return Err(invalid(key("groups"), format!("uses {dice} dice; a roll has at most 6")));
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
    } else {
        points_in_range(|| key("points"), p.points, "worth")?;
    }
    Ok(())
}

impl RuleSet {
    /// Checks that the rules make sense and every value is in its range; the
    /// error names the first bad key.
    pub(crate) fn validate(&self) -> Result<(), RulesError> {
        check_name("name", &self.name)?;
        self.validate_scoring()?;
        self.validate_turn()?;
        self.validate_game()
    }

    /// Checks the scoring: the kinds' points, the patterns, the premium and
    /// bonus, and that something scores.
    fn validate_scoring(&self) -> Result<(), RulesError> {
        let s = &self.scoring;
        for (table, key) in [(&s.kinds, "kinds"), (&s.first_roll_kinds, "first-roll-kinds")] {
            for (f, face) in FACE_KEYS.iter().enumerate() {
                for (n, &p) in table.row(f).iter().enumerate() {
                    points_in_range(|| format!("scoring.{key}.{face}"), p, &format!("{} of a kind is worth", n + 1))?;
                }
            }
        }
        if s.patterns.len() > PATTERNS_MAX {
            return Err(invalid("scoring.patterns", format!("{} patterns; at most {PATTERNS_MAX}", s.patterns.len())));
        }
        let mut names = std::collections::HashSet::new();
        for (i, p) in s.patterns.iter().enumerate() {
            check_name(&format!("scoring.patterns[{i}].name"), &p.name)?;
            let key = |field: &str| format!("scoring.patterns[{i}].{field} ({})", p.name);
            if !names.insert(p.name.as_str()) {
                return Err(invalid(key("name"), "two patterns have this name"));
            }
            check_pattern(p, &key)?;
        }
        points_in_range(|| "scoring.all-six-premium".into(), s.all_six_premium, "premium")?;
        points_in_range(|| "scoring.no-score-bonus".into(), s.no_score_bonus, "bonus")?;
        if s.kinds.is_empty() && s.first_roll_kinds.is_empty() && s.patterns.is_empty() {
            return Err(invalid("scoring.kinds", "nothing scores"));
        }
        Ok(())
    }

    /// Checks the turn's rules: their points in range, the roll limit, and
    /// the options that need another.
    fn validate_turn(&self) -> Result<(), RulesError> {
        let (s, t) = (&self.scoring, &self.turn);
        for (v, key) in [
            (t.entry, "turn.entry"),
            (t.min_bank, "turn.min-bank"),
            (t.vant_hof, "turn.vant-hof"),
            (t.three_farkle_penalty, "turn.three-farkle-penalty"),
        ] {
            points_in_range(|| key.into(), v, "value")?;
        }
        if t.max_rolls > MAX_ROLLS_MAX {
            return Err(invalid("turn.max-rolls", format!("at most {MAX_ROLLS_MAX} (0 = no limit)")));
        }
        if t.vant_hof > 0 && (1..=6).all(|n| s.kinds.points(0, n) == 0 && s.first_roll_kinds.points(0, n) == 0) {
            return Err(invalid("turn.vant-hof", "1s never score as 1s, so six of them can never be set aside"));
        }
        if t.piggyback_needs_board && !t.piggyback {
            return Err(invalid("turn.piggyback-needs-board", "set, but `piggyback` is off"));
        }
        if t.piggyback_return && !t.piggyback {
            return Err(invalid("turn.piggyback-return", "set, but `piggyback` is off"));
        }
        if t.piggyback_return && self.game.exact_goal {
            // Returned points could take a player past an exact goal, where
            // no rule says what happens.
            return Err(invalid("turn.piggyback-return", "cannot be combined with an exact goal"));
        }
        Ok(())
    }

    /// Checks the game's rules: the choice of dice near an exact goal, the
    /// goal, and the entry below it.
    fn validate_game(&self) -> Result<(), RulesError> {
        let within = self.game.choose_dice_within;
        if within != 0 {
            if !self.game.exact_goal {
                return Err(invalid("game.choose-dice-within", "set, but `exact-goal` is off"));
            }
            if !(0..=self.game.goal).contains(&within) {
                return Err(invalid(
                    "game.choose-dice-within",
                    format!("{within} is out of range: allowed from 0 to the goal"),
                ));
            }
            if self.has_instant_win() {
                // Past an exact goal an instant win is chased with every
                // die; a choice of dice there is not modelled.
                return Err(invalid("game.choose-dice-within", "cannot be combined with an instant win"));
            }
        }
        if !(1..=GOAL_MAX).contains(&self.game.goal) {
            return Err(invalid(
                "game.goal",
                format!("{} is out of range: allowed from 1 to {GOAL_MAX}", self.game.goal),
            ));
        }
        if self.turn.entry > self.game.goal {
            return Err(RulesError::EntryAboveGoal { entry: self.turn.entry, goal: self.game.goal });
        }
        Ok(())
    }

    /// True when some combination counts only on a turn's first roll.
    pub(crate) fn has_first_roll_scoring(&self) -> bool {
        let s = &self.scoring;
        !s.first_roll_kinds.is_empty()
            || s.patterns.iter().any(|p| p.first_roll_only)
            || (s.all_six_premium > 0 && s.all_six_premium_first_roll_only)
    }

    /// True when some pattern wins the game outright.
    pub(crate) fn has_instant_win(&self) -> bool {
        self.scoring.patterns.iter().any(|p| p.instant_win)
    }

    /// These rules with a house-rules file (TOML `text`, named `file` in
    /// errors) merged over them. Not validated: options may still apply
    /// over the result, and only the finished rules must make sense.
    pub(crate) fn overlaid(&self, text: &str, file: &str) -> Result<RuleSet, RulesError> {
        let fail = |why: String| RulesError::File { file: file.to_string(), why };
        let overlay: toml::Table = text.parse().map_err(|e: toml::de::Error| fail(syntax_error(text, &e)))?;
        let mut merged = toml::Table::try_from(self).expect("rule sets serialise to TOML");
        merge(&mut merged, overlay);
        let rules: RuleSet = toml::Value::Table(merged)
            .try_into()
            .map_err(|e: toml::de::Error| fail(cut(e.to_string().trim(), QUOTED_CHARS).replace('\n', " ")))?;
        Ok(rules)
    }
}

/// Merges `overlay` into `base`: tables key by key, anything else replaced.
fn merge(base: &mut toml::Table, overlay: toml::Table) {
    for (key, value) in overlay {
        match (base.get_mut(&key), value) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge(b, o),
            (_, v) => {
                base.insert(key, v);
            }
        }
    }
}

/// The most characters of a rules text an error quotes: a line pasted by
/// mistake (a whole page on one line) is named by its start and length.
const QUOTED_CHARS: usize = 200;

/// A TOML syntax error as one line with its line number.
fn syntax_error(text: &str, e: &toml::de::Error) -> String {
    let msg = cut(e.message().trim(), QUOTED_CHARS).replace('\n', " ");
    match e.span() {
        Some(span) => {
            let line_no = text[..span.start.min(text.len())].matches('\n').count() + 1;
            let line = text.lines().nth(line_no - 1).unwrap_or("").trim();
            if line.is_empty() {
                format!("line {line_no}: {msg}")
            } else {
                format!("line {line_no} ({}): {msg}", Quoted(&cut(line, QUOTED_CHARS)))
            }
        }
        None => msg,
    }
}

/// The complete rule set as a TOML file with each key's documentation as a
/// comment; [`RuleSet::overlaid`] of it onto any rule set gives back
/// exactly these rules.
pub(crate) fn to_toml(r: &RuleSet) -> String {
    let plain = toml::to_string(r).expect("rule sets serialise to TOML");
    let mut doc: toml_edit::DocumentMut = plain.parse().expect("TOML from toml parses");
    let header = format!(
        "# Rules of {}: edit and pass back as a house-rules file (--rules FILE).\n\
         # Every key may be left out of a house-rules file (it then keeps its value\n\
         # from the game it is applied to); arrays are replaced whole.\n",
        r.name
    );
    annotate::<RuleSet>(doc.as_table_mut());
    if let Some(mut k) = doc.as_table_mut().key_mut("name") {
        let existing = k.leaf_decor().prefix().and_then(|p| p.as_str()).unwrap_or("").to_string();
        k.leaf_decor_mut().set_prefix(format!("{header}{existing}"));
    }
    for (key, docs) in [("scoring", Scoring::DOCS), ("turn", TurnRules::DOCS), ("game", GameRules::DOCS)] {
        let Some(table) = doc.get_mut(key).and_then(|t| t.as_table_mut()) else { continue };
        table.decor_mut().set_prefix(format!("\n{}", comment(docs.unwrap_or(""))));
        match key {
            "scoring" => annotate::<Scoring>(table),
            "turn" => annotate::<TurnRules>(table),
            _ => annotate::<GameRules>(table),
        }
    }
    let scoring = doc.get_mut("scoring").and_then(|t| t.as_table_mut()).expect("a scoring table");
    for key in ["kinds", "first-roll-kinds"] {
        if let Some(table) = scoring.get_mut(key).and_then(|t| t.as_table_mut()) {
            let field_doc = Scoring::get_field_docs(key.replace('-', "_")).unwrap_or("");
            let docs = if key == "kinds" {
                format!("{}\n{}", FaceTable::DOCS.unwrap_or(""), field_doc)
            } else {
                field_doc.into()
            };
            table.decor_mut().set_prefix(format!("\n{}", comment(&docs)));
        }
    }
    if let Some(patterns) = scoring.get_mut("patterns").and_then(|t| t.as_array_of_tables_mut()) {
        for (i, table) in patterns.iter_mut().enumerate() {
            if i == 0 {
                table.decor_mut().set_prefix(format!("\n{}", comment(Pattern::DOCS.unwrap_or(""))));
                annotate::<Pattern>(table);
            } else {
                table.decor_mut().set_prefix("\n");
            }
        }
    }
    doc.to_string()
}

/// `# line` for each line of `docs`.
fn comment(docs: &str) -> String {
    docs.lines().filter(|l| !l.trim().is_empty()).map(|l| format!("# {}\n", l.trim())).collect()
}

/// Puts each key's field documentation above it.
fn annotate<T: DocumentedFieldsOpt>(table: &mut toml_edit::Table) {
    let keys: Vec<String> = table.iter().filter(|(_, v)| v.is_value()).map(|(k, _)| k.to_string()).collect();
    for key in keys {
        if let Ok(docs) = T::get_field_docs(key.replace('-', "_")) {
            if let Some(mut k) = table.key_mut(&key) {
                k.leaf_decor_mut().set_prefix(comment(docs));
            }
        }
    }
}
