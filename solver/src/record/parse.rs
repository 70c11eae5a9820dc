//! Reading a record: line by line, word by word, every refusal naming the
//! line, the column (counted in characters from 1) and what was expected
//! there. Nothing is half-read: a record either parses whole or not at all.

use serde::{Deserialize, Serialize};

use super::{Action, Line, Record, Step, Then, Turn, RECORD_VERSION};
use crate::limits::{TABLE_PLAYERS_MAX, TURN_POINTS_MAX};
use userio::{cut, Quoted};

/// The largest record read (a game of hundreds of turns is a few tens of
/// kilobytes).
pub(crate) const MAX_RECORD_BYTES: usize = 4 << 20;
/// The longest player name.
const MAX_NAME: usize = 40;
/// The most dice in one roll.
const MAX_DICE: usize = 6;

/// Why a text is not a record: where, and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: expected {expected}{}", found_part(.found))]
pub struct RecordError {
    pub line: usize,
    pub column: usize,
    pub expected: String,
    /// What stood there instead (absent at the end of a line).
    pub found: Option<String>,
}

fn found_part(found: &Option<String>) -> String {
    found
        .as_ref()
        .map_or_else(|| ", found the end of the line".into(), |f| format!(", found {}", Quoted(&cut(f, FOUND_CHARS))))
}

/// The most characters of what stood there that an error echoes.
const FOUND_CHARS: usize = 60;

/// A word of a line and the column it starts at.
#[derive(Debug, Clone, Copy)]
struct Word<'a> {
    text: &'a str,
    column: usize,
}

/// The words of one line (its comment removed), and the comment.
struct Words<'a> {
    line: usize,
    words: Vec<Word<'a>>,
    next: usize,
    /// Column just past the last character before the comment.
    end: usize,
}

impl<'a> Words<'a> {
    fn error(&self, column: usize, expected: &str, found: Option<&str>) -> RecordError {
        RecordError { line: self.line, column, expected: expected.into(), found: found.map(String::from) }
    }

    fn peek(&self) -> Option<Word<'a>> {
        self.words.get(self.next).copied()
    }

    /// The next word, or an error saying what was expected.
    fn word(&mut self, expected: &str) -> Result<Word<'a>, RecordError> {
        match self.peek() {
            Some(w) => {
                self.next += 1;
                Ok(w)
            }
            None => Err(self.error(self.end, expected, None)),
        }
    }

    /// The next word if it is `text`.
    fn eat(&mut self, text: &str) -> bool {
        if self.peek().is_some_and(|w| w.text == text) {
            self.next += 1;
            true
        } else {
            false
        }
    }

    /// Refuses anything left on the line.
    fn done(&self) -> Result<(), RecordError> {
        match self.peek() {
            Some(w) => Err(self.error(w.column, "the end of the line", Some(w.text))),
            None => Ok(()),
        }
    }
}

/// Splits a line into words at spaces and tabs (`;` and a trailing `:` of
/// a name stand as words of their own), and its comment from `#` on.
/// Control characters other than the tab are refused where they stand.
fn split(line_no: usize, line: &str) -> Result<(Words<'_>, Option<&str>), RecordError> {
    let (body, comment) = match line.find('#') {
        Some(i) => (&line[..i], Some(&line[i + 1..])),
        None => (line, None),
    };
    let mut words = vec![];
    let mut start: Option<(usize, usize)> = None; // byte offset, column
    let mut column = 0;
    for (i, c) in body.char_indices() {
        column += 1;
        if c.is_control() && c != '\t' {
            return Err(RecordError {
                line: line_no,
                column,
                expected: "a word, a space or a tab".into(),
                found: Some(c.to_string()),
            });
        }
        let separator = c == ' ' || c == '\t';
        let own_word = c == ';' || c == ':';
        if separator || own_word {
            if let Some((s, col)) = start.take() {
                words.push(Word { text: &body[s..i], column: col });
            }
            if own_word {
                words.push(Word { text: &body[i..i + 1], column });
            }
        } else if start.is_none() {
            start = Some((i, column));
        }
    }
    if let Some((s, col)) = start {
        words.push(Word { text: &body[s..], column: col });
    }
    if let Some(c) = comment {
        if let Some((j, ch)) = c.char_indices().find(|(_, ch)| ch.is_control() && *ch != '\t') {
            return Err(RecordError {
                line: line_no,
                column: body.chars().count() + 2 + c[..j].chars().count(),
                expected: "comment text".into(),
                found: Some(ch.to_string()),
            });
        }
    }
    let end = body.trim_end_matches([' ', '\t']).chars().count() + 1;
    Ok((Words { line: line_no, words, next: 0, end }, comment))
}

/// Parses a record (see the module docs of [`super`] and docs/records.md).
///
/// # Errors
/// The first place the text is not a record: its line and column, what
/// was expected there and what stood there.
pub(crate) fn parse_record(text: &str) -> Result<Record, RecordError> {
    parse_with_lines(text).map(|(r, _)| r)
}

impl std::str::FromStr for Record {
    type Err = RecordError;

    /// A record's text, as [`parse_record`] reads it.
    fn from_str(text: &str) -> Result<Record, RecordError> {
        parse_record(text)
    }
}

/// Where a record's lines were: the header's `game` line and each turn's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct RecordLines {
    pub(crate) game: usize,
    /// The `rules` line (0: none).
    pub(crate) rules: usize,
    pub(crate) turns: Vec<usize>,
}

/// [`parse_record`], with the lines of the game and of every turn.
pub(crate) fn parse_with_lines(text: &str) -> Result<(Record, RecordLines), RecordError> {
    let mut lines = RecordLines::default();
    if text.len() > MAX_RECORD_BYTES {
        return Err(RecordError {
            line: 1,
            column: 1,
            expected: format!("a record of at most {} MiB", MAX_RECORD_BYTES >> 20),
            found: Some(format!("{} bytes", text.len())),
        });
    }
    // A byte-order mark (editors on Windows write one) is not part of the
    // text: skipped, so that it is neither refused nor counted in columns.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let text = text.strip_suffix('\n').unwrap_or(text);
    let mut record =
        Record { game: String::new(), options: vec![], rules: None, players: vec![], seed: None, lines: vec![] };
    let mut version_seen = false;
    let mut header_done = false;
    let mut last_line = 0;
    for (i, raw) in text.split('\n').enumerate() {
        let line_no = i + 1;
        last_line = line_no;
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let (mut words, comment) = split(line_no, raw)?;
        let Some(first) = words.peek() else {
            // A blank line, or a comment alone: kept (one before the
            // version line is written back after the header).
            record.lines.push(match comment {
                Some(c) => Line::Comment { text: c.to_string() },
                None => Line::Blank,
            });
            continue;
        };
        if !version_seen {
            version(&mut words)?;
            version_seen = true;
            continue;
        }
        let is_turn = words.words.get(1).is_some_and(|w| w.text == ":");
        if !is_turn && !header_done {
            if first.text == "game" {
                lines.game = line_no;
            }
            if first.text == "rules" {
                lines.rules = line_no;
            }
            header(&mut words, &mut record)?;
            continue;
        }
        if !header_done {
            if record.game.is_empty() {
                return Err(words.error(first.column, "a `game` line before the first turn", Some(first.text)));
            }
            if record.players.is_empty() {
                return Err(words.error(first.column, "a `players` line before the first turn", Some(first.text)));
            }
            header_done = true;
        }
        if !is_turn {
            return Err(words.error(
                first.column,
                "a turn (NAME: ...); header lines come before the first turn",
                Some(first.text),
            ));
        }
        let turn = turn(&mut words, &record.players, comment)?;
        record.lines.push(Line::Turn(turn));
        lines.turns.push(line_no);
    }
    if !version_seen {
        return Err(RecordError {
            line: 1,
            column: 1,
            expected: format!("`sixdice-record {RECORD_VERSION}`"),
            found: None,
        });
    }
    if record.game.is_empty() || record.players.is_empty() {
        let what = if record.game.is_empty() { "a `game` line" } else { "a `players` line" };
        return Err(RecordError { line: last_line + 1, column: 1, expected: what.into(), found: None });
    }
    // Blank lines and comments after the last turn are kept as written; a
    // single final newline is the file's end, not a blank line.
    Ok((record, lines))
}

/// `sixdice-record 1`.
fn version(words: &mut Words) -> Result<(), RecordError> {
    let expected = format!("`sixdice-record {RECORD_VERSION}`");
    let w = words.word(&expected)?;
    if w.text != "sixdice-record" {
        return Err(words.error(w.column, &expected, Some(w.text)));
    }
    let v = words.word("the format's version")?;
    match v.text.parse::<u32>() {
        Ok(RECORD_VERSION) => words.done(),
        Ok(_) => {
            Err(words.error(v.column, &format!("version {RECORD_VERSION} (this sixdice reads no other)"), Some(v.text)))
        }
        Err(_) => Err(words.error(v.column, "the format's version (a number)", Some(v.text))),
    }
}

/// One header line: `game ID`, `option O`, `rules PATH`, `players A B`,
/// `seed N`.
fn header(words: &mut Words, record: &mut Record) -> Result<(), RecordError> {
    let key = words.word("a header line")?;
    match key.text {
        "game" if record.game.is_empty() => {
            record.game = name(words, "a game (e.g. farkle)")?.to_string();
        }
        "option" => {
            let o = words.word("an option (e.g. piggyback, goal=5000)")?;
            record.options.push(o.text.to_string());
        }
        "rules" if record.rules.is_none() => {
            // The rest of the line: a file's name may hold spaces, as the
            // label of house rules sent as text does (`house rules`).
            let mut p = words.word("a rules file")?.text.to_string();
            while let Some(w) = words.peek() {
                words.next += 1;
                p.push(' ');
                p.push_str(w.text);
            }
            record.rules = Some(p);
        }
        "players" if record.players.is_empty() => {
            while words.peek().is_some() {
                let n = name(words, "a player")?;
                if record.players.iter().any(|p| p == n) {
                    return Err(words.error(words.words[words.next - 1].column, "a player not named already", Some(n)));
                }
                if record.players.len() == TABLE_PLAYERS_MAX {
                    return Err(words.error(
                        words.words[words.next - 1].column,
                        &format!("at most {TABLE_PLAYERS_MAX} players"),
                        Some(n),
                    ));
                }
                record.players.push(n.to_string());
            }
            if record.players.is_empty() {
                return Err(words.error(words.end, "the players' names", None));
            }
        }
        "seed" if record.seed.is_none() => {
            let s = words.word("a seed (a number)")?;
            record.seed = Some(
                s.text
                    .parse()
                    .map_err(|_| words.error(s.column, "a seed (a whole number below 2^64)", Some(s.text)))?,
            );
        }
        "game" | "rules" | "players" | "seed" => {
            return Err(words.error(key.column, &format!("one `{}` line only", key.text), Some(key.text)));
        }
        _ => {
            return Err(words.error(
                key.column,
                "a header line (game, option, rules, players, seed) or a turn (NAME: ...)",
                Some(key.text),
            ))
        }
    }
    words.done()
}

/// A name: letters, digits and `_ . = - '`, at most [`MAX_NAME`]
/// characters (an apostrophe for names like O'Brien).
fn name<'a>(words: &mut Words<'a>, expected: &str) -> Result<&'a str, RecordError> {
    let w = words.word(expected)?;
    if valid_name(w.text) {
        Ok(w.text)
    } else {
        Err(words.error(
            w.column,
            &format!("{expected}: letters, digits, _ . = - ', at most {MAX_NAME} characters"),
            Some(w.text),
        ))
    }
}

/// Whether `text` is a name a record takes (a player, a game, a box).
pub(crate) fn valid_name(text: &str) -> bool {
    !text.is_empty()
        && text.chars().count() <= MAX_NAME
        && text.chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '=' | '-' | '\''))
}

/// `NAME: STEP; STEP; ...`.
fn turn(words: &mut Words, players: &[String], comment: Option<&str>) -> Result<Turn, RecordError> {
    let who = words.word("a player")?;
    if !players.iter().any(|p| p == who.text) {
        return Err(words.error(who.column, &format!("one of the players ({})", players.join(", ")), Some(who.text)));
    }
    words.word(":")?;
    let mut steps = vec![];
    loop {
        steps.push(step(words, steps.is_empty())?);
        if words.peek().is_none() {
            break;
        }
        let w = words.word("`;`")?;
        if w.text != ";" {
            return Err(words.error(w.column, "`;` before the next roll, or the end of the line", Some(w.text)));
        }
    }
    Ok(Turn { player: who.text.to_string(), steps, comment: comment.map(String::from) })
}

/// One step: `take`, `fresh` (first only), `points N`, or
/// `[real] DICE ACTION`.
fn step(words: &mut Words, first: bool) -> Result<Step, RecordError> {
    if first && words.eat("take") {
        return Ok(Step::Take);
    }
    if first && words.eat("fresh") {
        return Ok(Step::Fresh);
    }
    if words.eat("points") {
        let w = words.word("the points banked (0 for a farkle)")?;
        return match w.text.parse::<i64>() {
            Ok(points) if (0..=TURN_POINTS_MAX).contains(&points) && !w.text.starts_with('+') => {
                Ok(Step::Points { points })
            }
            _ => Err(words.error(w.column, &format!("the points banked: 0 to {TURN_POINTS_MAX}"), Some(w.text))),
        };
    }
    let real = words.eat("real");
    let rolled = dice(words, "the dice rolled (e.g. 112355)")?;
    let Step::Roll { action, .. } = step_after_dice(words)? else { unreachable!("a roll's action") };
    Ok(Step::Roll { dice: rolled, action, real })
}

/// Kept dice: faces, or `-` for none (a category roll kept nothing).
fn dice_or_none(words: &mut Words) -> Result<Vec<u8>, RecordError> {
    if words.eat("-") {
        return Ok(vec![]);
    }
    dice(words, "the dice kept (e.g. 155), or - for none")
}

/// Dice: faces 1-6 written together (`112355`) or with commas
/// (`1,1,2,3,5,5`), one to six of them.
fn dice(words: &mut Words, expected: &str) -> Result<Vec<u8>, RecordError> {
    let w = words.word(expected)?;
    let faces: Option<Vec<u8>> = if w.text.contains(',') {
        w.text.split(',').map(face).collect()
    } else {
        w.text.chars().map(|c| face(c.encode_utf8(&mut [0; 4]))).collect()
    };
    match faces {
        Some(f) if !f.is_empty() && f.len() <= MAX_DICE => Ok(f),
        _ => Err(words.error(w.column, &format!("{expected}: one to {MAX_DICE} faces 1-6"), Some(w.text))),
    }
}

fn face(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [d @ b'1'..=b'6'] => Some(d - b'0'),
        _ => None,
    }
}

/// A decision at the table: take over or decline a leftover, or what was
/// done with a roll (a record step's words after the dice).
///
/// `FromStr` reads the record's words (`keep 15 roll`, `keep 15 bank`,
/// `keep 2255`, `keep -`, `lock 55`, `score fives`, `take`, `fresh`) and
/// their short forms (`15 roll`, `15 bank`, `2255`, a box's name alone);
/// `Display` writes the record's words back. Whether a decision is one the
/// game's rules allow in a position is the session's question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "kebab-case")]
pub enum Decision {
    /// Roll the previous player's leftover dice with their points.
    Take,
    /// Decline the leftover: a fresh turn with every die.
    Fresh,
    /// What was done with the dice just rolled.
    Act(Action),
}

impl std::str::FromStr for Decision {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Decision, RecordError> {
        let (mut words, _) = split(1, text)?;
        decision_words(&mut words)
    }
}

impl std::fmt::Display for Decision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Decision::Take => f.write_str("take"),
            Decision::Fresh => f.write_str("fresh"),
            Decision::Act(a) => write!(f, "{a}"),
        }
    }
}

/// Numbers that typed words claim about a decision's outcome (advise's
/// and the coach's prose carries them: `then roll 4 dice`, `with 400 at
/// stake`, `score 26 in small-straight`, `take the 3 leftover dice and
/// 400 points`). A session refuses a decision whose claims contradict what
/// it would do, rather than silently playing something else.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Claims {
    /// The dice rolled next (`roll N dice`), or the leftover dice taken.
    pub(crate) dice: Option<u32>,
    /// The turn's points at stake after the decision, or a leftover's points.
    pub(crate) points: Option<i64>,
    /// A box's score (`score N in BOX`).
    pub(crate) score: Option<i64>,
}

/// Reads a decision typed in `play`: the record's words and short forms
/// (as [`Decision`]'s `FromStr`), or `advise`'s and the coach's own prose
/// for a play (`Best: set aside 1 (single 1, 100 points), then roll 5
/// dice with 400 at stake`, `keep all, then score 26 in small-straight`,
/// `take the 3 leftover dice and 400 points`, `start fresh`), with the
/// numbers that prose claims. Columns count in the text as rewritten.
///
/// # Errors
/// Where the text stops being a decision, as for a record's line 1.
pub(crate) fn parse_decision(text: &str) -> Result<(Decision, Claims), RecordError> {
    let (text, claims) = from_advise_words(text);
    let (mut words, _) = split(1, &text)?;
    Ok((decision_words(&mut words)?, claims))
}

/// A decision in the record's words, the whole line.
fn decision_words(words: &mut Words) -> Result<Decision, RecordError> {
    let first = words.word("a decision: keep, lock, score, take or fresh")?;
    let decision = match first.text {
        "take" => Decision::Take,
        "fresh" => Decision::Fresh,
        "farkle" => Decision::Act(Action::Farkle),
        "keep" | "lock" | "score" => {
            words.next -= 1;
            let Step::Roll { action, .. } = step_after_dice(words)? else { unreachable!("a roll's action") };
            Decision::Act(action)
        }
        t if t.chars().all(|c| c.is_ascii_digit() || c == ',') || t == "-" => {
            words.next -= 1;
            let kept = dice_or_none(words)?;
            if words.eat("roll") {
                Decision::Act(Action::SetAside { dice: kept, then: Then::Roll })
            } else if words.eat("bank") {
                Decision::Act(Action::SetAside { dice: kept, then: Then::Bank })
            } else {
                Decision::Act(Action::Keep { dice: kept })
            }
        }
        _ => {
            words.next -= 1;
            Decision::Act(Action::Score { category: name(words, "a decision or a box's name")?.to_string() })
        }
    };
    words.done()?;
    Ok(decision)
}

/// A whole number written in prose (`400`, `1,000`).
fn number(word: Option<&&str>) -> Option<i64> {
    let w = word?.trim_end_matches(',');
    if w.is_empty() || !w.chars().all(|c| c.is_ascii_digit() || c == ',') || w.starts_with(',') {
        return None;
    }
    w.replace(',', "").parse().ok()
}

/// `advise`'s words for a play, as a record writes it, and the numbers
/// they claim: `set aside 1,5, then roll 4 dice` is `keep 15 roll` (4
/// dice claimed), `score 25 in full-house` is `score full-house` (25
/// claimed), `re-roll all 5` is `keep -`, `keep 2,2,5,5 (re-roll 1)` is
/// `keep 2255`, `keep all, then score ...` is `score ...`, a leading
/// `Best:` and a trailing `-> expected ...` are dropped. A record's own
/// words pass unchanged.
fn from_advise_words(text: &str) -> (String, Claims) {
    let mut claims = Claims::default();
    let text = text.split("->").next().unwrap_or(text);
    let mut bare = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => bare.push(c),
            _ => {}
        }
    }
    let mut words: Vec<&str> = bare.split_whitespace().collect();
    if words.first().is_some_and(|w| w.eq_ignore_ascii_case("best:")) {
        words.remove(0);
    }
    let lower = |i: usize| words.get(i).map(|x| x.trim_end_matches(',').to_ascii_lowercase());
    let mut out: Vec<String> = vec![];
    let mut i = 0;
    while i < words.len() {
        let w = lower(i).unwrap_or_default();
        let next = lower(i + 1);
        match (w.as_str(), next.as_deref()) {
            ("set", Some("aside")) => {
                out.push("keep".into());
                i += 1;
            }
            ("then", _) => {}
            ("keep", Some("all"))
                if lower(i + 2).as_deref() == Some("then") || lower(i + 2).as_deref() == Some("score") =>
            {
                // Keeping every die and scoring: the score says it all.
                i += 1;
            }
            ("re-roll", Some("all")) => {
                out.extend(["keep".into(), "-".into()]);
                i += 1 + usize::from(words.get(i + 2).is_some_and(|x| x.chars().all(|c| c.is_ascii_digit())));
            }
            ("score", Some(_)) if number(words.get(i + 1)).is_some() && lower(i + 2).as_deref() == Some("in") => {
                claims.score = number(words.get(i + 1));
                out.push("score".into());
                i += 2;
            }
            ("roll", Some(_)) if number(words.get(i + 1)).is_some() => {
                claims.dice = number(words.get(i + 1)).and_then(|n| u32::try_from(n).ok());
                out.push("roll".into());
                i += 1 + usize::from(matches!(lower(i + 2).as_deref(), Some("dice" | "die")));
            }
            ("with", Some(_)) if number(words.get(i + 1)).is_some() && lower(i + 2).as_deref() == Some("at") => {
                // `with 400 at stake`.
                claims.points = number(words.get(i + 1));
                i += 2 + usize::from(lower(i + 3).as_deref() == Some("stake"));
            }
            ("piggyback", None) => out.push("take".into()),
            ("start", Some("fresh")) => {
                // `start fresh`, `start fresh with six dice`.
                out.push("fresh".into());
                i = words.len();
            }
            ("take", Some("the")) if out.is_empty() => {
                // `take the 3 leftover dice and 400 points`.
                claims.dice = number(words.get(i + 2)).and_then(|n| u32::try_from(n).ok());
                claims.points =
                    words.iter().position(|x| x.eq_ignore_ascii_case("and")).and_then(|j| number(words.get(j + 1)));
                out.push("take".into());
                i = words.len();
            }
            _ => out.push(words[i].trim_end_matches(',').to_string()),
        }
        i += 1;
    }
    (out.join(" "), claims)
}

/// The action words of a step whose dice are known (`keep ...`, `lock
/// ...`, `score ...`).
fn step_after_dice(words: &mut Words) -> Result<Step, RecordError> {
    let w = words.word("what was done: keep, lock, score, farkle")?;
    let action = match w.text {
        "farkle" => Action::Farkle,
        "keep" => {
            let kept = dice_or_none(words)?;
            if words.eat("roll") {
                Action::SetAside { dice: kept, then: Then::Roll }
            } else if words.eat("bank") {
                Action::SetAside { dice: kept, then: Then::Bank }
            } else {
                Action::Keep { dice: kept }
            }
        }
        "lock" => Action::Lock { dice: dice_or_none(words)? },
        "score" => Action::Score { category: name(words, "a box")?.to_string() },
        _ => return Err(words.error(w.column, "what was done: keep, lock, score or farkle", Some(w.text))),
    };
    Ok(Step::Roll { dice: vec![], action, real: false })
}
