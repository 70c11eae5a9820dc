//! `sixdice play`: a whole game in the terminal, on the library's
//! [`Session`]. This file only reads lines and writes text: the session
//! rolls, checks every decision against the rules, moves for sixdice's
//! players and values every play.
//!
//! Input comes through `rustyline` (history and line editing on a
//! terminal; plain lines from a pipe, which is how the tests script it).
//! The record is written after every move when `--record` names a file, so
//! Ctrl-C or the end of input leaves the game so far on disk; without
//! `--record` it is printed when the session ends.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use rustyline::error::ReadlineError;
use rustyline::DefaultEditor;
use solver::{
    parse_dice, ChoiceEstimate, Counts, Event, Game, Objective, PlayQuestion, PlayState, Progress, Prompt, Record,
    RolloutAsk, Session, TableView,
};
use userio::cut;

use crate::render;

/// How the session is played.
pub struct Options<'a> {
    pub record: Option<&'a Path>,
    /// The record of a stopped game to continue (its file is `record`).
    pub resume: Option<&'a Record>,
    pub dice_from_me: bool,
    pub coach: bool,
    pub json: bool,
}

/// The exit code of a game stopped before its end (`quit`, Ctrl-C, the
/// end of input); its record is kept. 0 is a game played to its end, 2 an
/// error.
pub const STOPPED_EXIT: i32 = 3;

/// The game stopped before its end: everything is written, the record
/// saved; the binary exits with [`STOPPED_EXIT`].
#[derive(Debug)]
pub struct Stopped;

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the game stopped before its end")
    }
}

impl std::error::Error for Stopped {}

/// The longest piece of a player's line echoed back (a refusal quotes
/// what was typed; a pasted page would drown the terminal).
const ECHO_CHARS: usize = 120;
/// The longest refusal shown (it may quote what was typed).
const MESSAGE_CHARS: usize = 400;

/// Plays the game (a new one, or the stopped one `o.resume` holds);
/// everything is written as it happens. A game stopped before its end
/// returns [`Stopped`] once its record is saved.
pub fn run(
    game: Arc<Game>,
    q: &PlayQuestion,
    tables: &Path,
    progress: &dyn Progress,
    o: &Options,
) -> anyhow::Result<Vec<u8>> {
    let mut session = match o.resume {
        Some(record) => Session::resume(game, record, tables, progress)?,
        None => Session::new(game, q, tables, progress)?,
    };
    let mut out = Out { json: o.json };
    let ask = Ask { rollouts: q.rollouts, progress, failed: std::cell::Cell::new(false) };
    let mut editor = DefaultEditor::new()?;
    out.text(&intro(&session.state(), q, o));
    if let (Some(record), Some(path)) = (o.resume, o.record) {
        let turns = record.lines.iter().filter(|l| matches!(l, solver::Line::Turn(_))).count();
        out.text(&format!("Resumed from {} ({turns} turn lines):\n{}", path.display(), board(&session.state().view)));
    }
    let ended = loop {
        // sixdice's seats move until a person must act.
        // (A turn at a time where the chances are estimated after each.)
        let by_turn = session.state().estimated.is_some();
        loop {
            let events = if by_turn { session.advance_turn()? } else { session.advance()? };
            if events.is_empty() {
                break;
            }
            out.events(&session.state().view, &events, o.coach);
            estimate_after(&mut session, &events, &ask, &mut out)?;
            if let Some(path) = o.record {
                crate::records::save(path, &session)?;
            }
            if !by_turn {
                break;
            }
        }
        let state = session.state();
        let Some(seat) = state.prompt.seat() else { break true };
        let events = match &state.prompt {
            // Dice typed at the table: the dice sixdice's seat rolls (near
            // an exact goal its policy may keep some back).
            Prompt::Roll { player, dice, .. } if state.view.seats[seat].computer => {
                let n = state.computer_dice.unwrap_or(*dice);
                // (No points here: sixdice's seat has no points entry.)
                match read_dice(&session, &mut editor, &mut out, &ask, player, n..=n)? {
                    Some(Typed::Dice(d)) => (session.roll(Some(d))?, None),
                    _ => break false,
                }
            }
            prompt => match person(&mut session, prompt, &mut editor, &mut out, o, &ask)? {
                Some(moved) => moved,
                None => break false,
            },
        };
        let (events, judged) = events;
        out.events_judged(&session.state().view, &events, o.coach, judged.as_ref());
        estimate_after(&mut session, &events, &ask, &mut out)?;
        if let Some(path) = o.record {
            crate::records::save(path, &session)?;
        }
    };
    if !ended {
        out.text("the game stops here");
    }
    if let Some(path) = o.record {
        crate::records::save(path, &session)?;
        out.text(&format!("the record is in {} (sixdice review {0} shows what each decision cost)", path.display()));
        if !ended {
            out.text(&format!("sixdice play --resume {} continues the game", path.display()));
        }
    } else if !o.json {
        out.text(&format!("\nThe game's record:\n{}", session.record()));
    }
    if ended {
        Ok(vec![])
    } else {
        out.json(&serde_json::json!({ "event": "stopped", "record": o.record.map(|p| p.display().to_string()) }));
        Err(Stopped.into())
    }
}

/// How estimates by rollouts are asked for, where the session has them.
struct Ask<'a> {
    rollouts: RolloutAsk,
    progress: &'a dyn Progress,
    /// An estimate failed (its tables out of reach here): said once, and
    /// the game goes on without them.
    failed: std::cell::Cell<bool>,
}

/// A move's events, and the coach's judgement of it by rollouts.
type Moved = (Vec<Event>, Option<ChoiceEstimate>);

/// After a turn ends, where the chances are estimated by rollouts (no
/// exact table): every seat's P(win) with its interval, before the next
/// turn (not in the last round, whose turns are valued exactly).
fn estimate_after(session: &mut Session, events: &[Event], ask: &Ask, out: &mut Out) -> anyhow::Result<()> {
    let state = session.state();
    let turn_over = events.iter().any(|e| matches!(e, Event::TurnOver { .. }));
    if !turn_over || state.estimated.is_none() || state.over || state.view.last_turns.is_some() || ask.failed.get() {
        return Ok(());
    }
    let e = match session.estimate_seats(&ask.rollouts, ask.progress) {
        Ok(e) => e,
        Err(e) => {
            ask.failed.set(true);
            out.refused("estimate", "", &format!("no estimate of the chances in this game: {e}"));
            return Ok(());
        }
    };
    let seats: Vec<String> = e
        .seats
        .iter()
        .zip(&state.view.seats)
        .map(|(c, s)| format!("{} {}", s.player, render::interval_pct(c)))
        .collect();
    let text =
        format!("chances now, by {} rollouts (seed {}): {}", e.summary.rollouts, e.summary.seed, seats.join(" | "));
    out.answer("estimate", "estimate", &e, &text);
    Ok(())
}

/// What a line typed at a prompt asks besides the move itself.
enum Word {
    /// The line is the move (a decision, dice, a count).
    Move,
    /// Answered (help, board, a hint); ask again.
    Answered,
    /// `quit`: stop the game.
    Quit,
}

/// Answers the words every prompt takes: `help`, `board`, `?`/`hint`
/// (advice once the dice are rolled: `at_roll` says they are not yet),
/// `quit`/`exit`.
fn words(session: &Session, out: &mut Out, ask: &Ask, line: &str, at_roll: bool) -> anyhow::Result<Word> {
    Ok(match line {
        "quit" | "exit" => Word::Quit,
        "help" => {
            out.answer("help", "text", &HELP, HELP);
            Word::Answered
        }
        "board" | "sheet" => {
            let v = session.state().view;
            out.answer("board", "view", &v, &board(&v));
            Word::Answered
        }
        "?" | "hint" if at_roll => {
            out.refused("hint", line, "advice comes after the roll: roll first, then ? ranks the choices");
            Word::Answered
        }
        "?" | "hint" => {
            // Where no exact table gives chances, the plays are ranked by
            // P(win) by rollouts (a last turn's values are exact chances).
            let by_rollouts = if session.state().estimated.is_some() {
                session.hint_by_rollouts(&ask.rollouts, ask.progress).ok()
            } else {
                None
            };
            let advice = match by_rollouts {
                Some(a) => a,
                None => session.hint()?,
            };
            out.answer("advice", "advice", &advice, &render::advice(&advice, 8));
            Word::Answered
        }
        _ => Word::Move,
    })
}

/// A person's move: a roll (sixdice's dice, or typed ones) or a decision,
/// with hints and the board on request. `None`: input ended.
fn person(
    session: &mut Session,
    prompt: &Prompt,
    editor: &mut DefaultEditor,
    out: &mut Out,
    o: &Options,
    ask: &Ask,
) -> anyhow::Result<Option<Moved>> {
    if let Prompt::Roll { player, dice, fewer, .. } = prompt {
        let least = if *fewer { 1 } else { *dice };
        if !o.dice_from_me {
            if !*fewer {
                return Ok(Some((session.roll(None)?, None)));
            }
            let Some(n) = read_count(session, editor, out, ask, player, *dice)? else { return Ok(None) };
            return Ok(Some((session.roll_some(n)?, None)));
        }
        loop {
            match read_dice(session, editor, out, ask, player, least..=*dice)? {
                None => return Ok(None),
                Some(Typed::Dice(d)) => return Ok(Some((session.roll(Some(d))?, None))),
                Some(Typed::Points(p)) => match session.score(p) {
                    Ok(events) => return Ok(Some((events, None))),
                    Err(e) => out.refused("points", &format!("points {p}"), &e.to_string()),
                },
            }
        }
    }
    out.text(&situation(&session.state().view, prompt));
    loop {
        let Some(line) = read(editor, &format!("{}> ", player_of(prompt)))? else { return Ok(None) };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        match words(session, out, ask, line, false)? {
            Word::Quit => return Ok(None),
            Word::Answered => continue,
            Word::Move => {}
        }
        if line.chars().count() > ECHO_CHARS {
            // No decision is that long: refused without quoting it all.
            let why = format!("a line of {} characters is no decision", line.chars().count());
            out.refused("decision", line, &format!("{why} (? for the choices, help for the words)"));
            continue;
        }
        // The coach judges by rollouts where no exact table gives chances:
        // before the decision is made, on the roll in play (a decision the
        // rollouts do not judge, a take or a fresh start, is judged by
        // points only).
        let judged = if o.coach && session.state().estimated.is_some() {
            session.judge_by_rollouts(line, &ask.rollouts, ask.progress).ok()
        } else {
            None
        };
        match session.decide(line) {
            Ok(events) => return Ok(Some((events, judged))),
            Err(e) => out.refused("decision", line, &format!("{e} (? for the choices, help for the words)")),
        }
    }
}

const HELP: &str = "Decisions, in the words of a game record:
  keep 15 roll   set aside 1 and 5, roll the rest      keep 15 bank   set aside 1 and 5, bank
  take / fresh   roll the leftover dice, or start fresh
  keep 2255      keep these dice, re-roll the others   keep -         re-roll every die
  lock 55        Six Hundred: lock these dice          score fives    score the dice in a box
  (short forms: `15 roll`, `15 bank`, `2255`, `fives`)
Other words: ? or hint (the choices, ranked), board (every player), quit (stop; the record is kept)
Dice typed at the table: 112355, 1 1 2 3 5 5 or 1,1,2,3,5,5
  points 450     instead of the dice: the whole turn's result, 450 banked (points 0: a farkle)";

/// What is typed at a roll with dice from the table.
enum Typed {
    Dice(Counts),
    /// The whole turn's result (`points 450`).
    Points(i64),
}

/// Reads the dice rolled at the table, as many as `counts` allows (one
/// number, or near an exact goal 1 to the dice left), or, where the
/// session takes a turn's result (a person's turn before its first roll),
/// that (`points 450`). `None`: input ended.
fn read_dice(
    session: &Session,
    editor: &mut DefaultEditor,
    out: &mut Out,
    ask: &Ask,
    player: &str,
    counts: std::ops::RangeInclusive<usize>,
) -> anyhow::Result<Option<Typed>> {
    let n = *counts.end();
    let how_many = if counts.start() == counts.end() { n.to_string() } else { format!("{}-{n}", counts.start()) };
    let entry = session.state().points_entry.is_some();
    loop {
        let or_points = if entry { " (or points N)" } else { "" };
        let prompt = format!("{player} rolls {how_many} {}{or_points}: ", if n == 1 { "die" } else { "dice" });
        let Some(line) = read(editor, &prompt)? else {
            return Ok(None);
        };
        let line = line.trim();
        match words(session, out, ask, line, true)? {
            Word::Quit => return Ok(None),
            Word::Answered => continue,
            Word::Move => {}
        }
        if let Some(rest) = line.strip_prefix("points") {
            match rest.trim().parse::<i64>() {
                Ok(p) if entry && rest.starts_with(char::is_whitespace) => return Ok(Some(Typed::Points(p))),
                _ if !entry => out.refused(
                    "points",
                    line,
                    "a turn is typed as its points before its first roll, by a person: type the dice",
                ),
                _ => out.refused("points", line, "type the points banked, e.g. points 450 (points 0: a farkle)"),
            }
            continue;
        }
        // Dice as play prints them (`1 1 2 3 5 5`) are dice too.
        let dice: String = line.split_whitespace().collect();
        match parse_dice(&dice) {
            Ok(c) if counts.contains(&c.iter().map(|&x| usize::from(x)).sum::<usize>()) => {
                return Ok(Some(Typed::Dice(c)))
            }
            Ok(_) => out.refused(
                "dice",
                line,
                &format!("type {how_many} faces 1-6, e.g. {}", "123456".get(..n).unwrap_or("1")),
            ),
            Err(e) => out.refused("dice", line, &format!("not dice: {e}")),
        }
    }
}

/// Near an exact goal: how many of the `n` dice the player rolls (the
/// others stay for later rolls); an empty line rolls them all. `None`:
/// input ended.
fn read_count(
    session: &Session,
    editor: &mut DefaultEditor,
    out: &mut Out,
    ask: &Ask,
    player: &str,
    n: usize,
) -> anyhow::Result<Option<usize>> {
    loop {
        let Some(line) = read(editor, &format!("{player} rolls how many of the {n} dice (1-{n}, Enter: all)? "))?
        else {
            return Ok(None);
        };
        let line = line.trim();
        match words(session, out, ask, line, true)? {
            Word::Quit => return Ok(None),
            Word::Answered => continue,
            Word::Move => {}
        }
        match line {
            "" => return Ok(Some(n)),
            t => match t.parse::<usize>() {
                Ok(k) if (1..=n).contains(&k) => return Ok(Some(k)),
                _ => out.refused("count", t, &format!("type a number from 1 to {n}, or Enter for all {n}")),
            },
        }
    }
}

/// One line from the player; `None` at the end of input or Ctrl-C/Ctrl-D.
fn read(editor: &mut DefaultEditor, prompt: &str) -> anyhow::Result<Option<String>> {
    match editor.readline(prompt) {
        Ok(line) => {
            if !line.trim().is_empty() {
                let _ = editor.add_history_entry(line.as_str());
            }
            Ok(Some(line))
        }
        Err(ReadlineError::Eof | ReadlineError::Interrupted) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

fn player_of(p: &Prompt) -> String {
    match p {
        Prompt::Offer { player, .. } | Prompt::Roll { player, .. } | Prompt::Decide { player, .. } => player.clone(),
        Prompt::Over => String::new(),
    }
}

/// What a score-sheet game's chances to win are, and what they assume.
pub(crate) const SHEETS_TO_WIN: &str = "each player's chance to win against the other sheets (a tie counted apart), \
     as advise --opponent-sheet ranks plays: exact once every other sheet is full, before that the chance if the best \
     other final score were known now, the sheets still in play taken as played for points, independently";

fn intro(s: &PlayState, q: &PlayQuestion, o: &Options) -> String {
    let v = &s.view;
    let sheets = v.game.family == solver::Family::Category;
    let values = match s.objective {
        Objective::Win if sheets => SHEETS_TO_WIN,
        Objective::Win => "P(win) of each player, from the win table",
        Objective::TurnScore => "expected points of each turn",
        Objective::FinalScore => "expected final score",
        Objective::Target => "chance of reaching the target score",
    };
    let dice = match q.seed {
        Some(seed) => format!("seed {seed}"),
        None => "your dice".into(),
    };
    // A game of several judged by expected points says so, and why.
    let values = match (&s.judging, &s.exact_from) {
        (Some(judging), _) => judging.clone(),
        (None, Some(from)) => format!("Values: P(win) of each player, {from}."),
        (None, None) => format!("Values: {values}."),
    };
    let mut t = format!(
        "{}: {} ({dice}). {values} Type help for the words, ? for the choices.",
        v.game.title,
        v.seats.iter().map(|s| s.player.as_str()).collect::<Vec<_>>().join(" against "),
    );
    if o.coach {
        t.push_str(" Coach on: a decision that was not the best is answered with its cost.");
    }
    if s.estimated.is_some() {
        t.push_str(
            " No exact table gives this table's chances: after each turn every player's P(win) is estimated by \
             rollouts, with its 95% interval; ? ranks the plays by it, and the coach judges by it too, calling a \
             play worse only where the rollouts tell it from the best.",
        );
    }
    if let Some(how) = &s.optimal_plays {
        t.push_str(&format!(" {how}."));
    }
    t
}

/// What the player needs to decide: everyone's totals, then the roll.
fn situation(v: &TableView, prompt: &Prompt) -> String {
    let mut t = String::new();
    let category = v.seats.iter().any(|s| s.sheet.is_some());
    if category {
        if let Some(m) = v.mover {
            t.push_str(&sheet(v, m));
        }
    } else {
        let totals: Vec<String> = v.seats.iter().map(|s| seat_line(v, s)).collect();
        t.push_str(&totals.join(" | "));
        if let Some(l) = &v.last_turns {
            t.push_str(&format!(
                "\nlast turns: {} leads with {}; pass it to win",
                v.seats[l.leader].player, l.leader_total
            ));
        }
    }
    t.push('\n');
    match (prompt, &v.turn) {
        (Prompt::Offer { player, dice, points, .. }, _) => {
            t.push_str(&format!("{player}: {dice} leftover dice with {points} points: take or fresh?"))
        }
        (Prompt::Decide { player, dice, roll, .. }, Some(turn)) if category => t.push_str(&format!(
            "{player}, roll {roll}: {}{}",
            faces(dice),
            if turn.kept.is_empty() { String::new() } else { format!(" (kept {})", faces(&turn.kept)) }
        )),
        (Prompt::Decide { player, dice, roll, .. }, Some(turn)) => {
            t.push_str(&format!("{player}, roll {roll}: {} with {} at stake", faces(dice), turn.at_stake))
        }
        _ => {}
    }
    t
}

fn seat_line(v: &TableView, s: &solver::SeatView) -> String {
    let mut x = format!("{} {}", s.player, s.total);
    if s.on_board == Some(false) {
        x.push_str(" (not on the board)");
    }
    if let Some(f) = s.farkles.filter(|&f| f > 0) {
        x.push_str(&format!(" ({f} farkle{} in a row)", if f == 1 { "" } else { "s" }));
    }
    if v.objective == Objective::Win {
        x.push_str(&format!(" P(win) {:.1}%", 100.0 * s.value));
        // In a game of three a seat's chance is read at each turn's start
        // and followed through its own turns only: another seat's is the
        // value at this turn's start, and says so.
        let mover = v.mover.map(|m| &v.seats[m].player);
        if v.seats.len() > 2 && mover.is_some_and(|m| *m != s.player) {
            x.push_str(" at this turn's start");
        }
    }
    x
}

/// A seat's sheet in a few lines.
fn sheet(v: &TableView, seat: usize) -> String {
    let s = &v.seats[seat];
    let Some(sh) = &s.sheet else { return String::new() };
    let boxes: Vec<String> = sh
        .boxes
        .iter()
        .map(|b| match b.points {
            Some(p) => format!("{} {p}", b.name),
            None => format!("{} -", b.name),
        })
        .collect();
    let mut t = format!("{}'s sheet: {}", s.player, boxes.join(", "));
    if let Some(u) = sh.upper {
        t.push_str(&format!("; upper {}/{} for {}", u.total, u.threshold, u.bonus));
    }
    if sh.bonus > 0 {
        t.push_str(&format!("; bonus {}", sh.bonus));
    }
    t.push_str(&format!("; total {} (expected final {:.1})", s.total, s.value));
    t
}

fn board(v: &TableView) -> String {
    if v.seats.iter().any(|s| s.sheet.is_some()) {
        (0..v.seats.len()).map(|i| sheet(v, i)).collect::<Vec<_>>().join("\n")
    } else {
        v.seats.iter().map(|s| seat_line(v, s)).collect::<Vec<_>>().join("\n")
    }
}

fn faces(d: &[u8]) -> String {
    d.iter().map(|f| f.to_string()).collect::<Vec<_>>().join(" ")
}

/// A refused line, as a JSON line (`--json`).
#[derive(serde::Serialize)]
struct Refused<'a> {
    event: &'a str,
    field: &'a str,
    input: &'a str,
    error: &'a str,
}

/// Where the transcript goes: text lines, or one JSON object a line.
struct Out {
    json: bool,
}

impl Out {
    fn text(&mut self, t: &str) {
        if !self.json {
            let _ = writeln!(std::io::stdout(), "{t}");
        }
    }

    /// One JSON line (only with `--json`).
    fn json(&mut self, value: &serde_json::Value) {
        if self.json {
            let _ = writeln!(std::io::stdout(), "{value}");
        }
    }

    /// The answer to a word (`help`, `board`, `?`): `text` on a terminal,
    /// `{"event": EVENT, KEY: value}` with `--json`.
    fn answer<T: serde::Serialize>(&mut self, event: &str, key: &str, value: &T, text: &str) {
        if self.json {
            // Written by hand so that `event` comes first, as in the events.
            let value = serde_json::to_string(value).unwrap_or_default();
            let _ = writeln!(std::io::stdout(), "{{\"event\":\"{event}\",\"{key}\":{value}}}");
        } else {
            self.text(text);
        }
    }

    /// A line refused (`field`: what the prompt asked for: a decision,
    /// dice, a count, a hint), and why; what was typed is echoed cut short
    /// and escaped.
    fn refused(&mut self, field: &str, input: &str, why: &str) {
        let why = cut(&userio::Escaped(why).to_string(), MESSAGE_CHARS).into_owned();
        if self.json {
            let input = cut(input, ECHO_CHARS);
            let line = Refused { event: "refused", field, input: &input, error: &why };
            let _ = writeln!(std::io::stdout(), "{}", serde_json::to_string(&line).unwrap_or_default());
        } else if field == "decision" {
            self.text(&format!("not allowed: {why}"));
        } else {
            self.text(&why);
        }
    }

    /// What happened, in the session's words; with `coach`, a person's
    /// decision that was not the best is answered with its verdict.
    fn events(&mut self, view: &TableView, events: &[Event], coach: bool) {
        self.events_judged(view, events, coach, None);
    }

    /// [`Self::events`], the person's decision also judged by rollouts
    /// (`judged`), said right after it where it was not the best.
    fn events_judged(&mut self, view: &TableView, events: &[Event], coach: bool, judged: Option<&ChoiceEstimate>) {
        for e in events {
            let decided = matches!(e, Event::Decided { .. });
            if self.json {
                let _ = writeln!(std::io::stdout(), "{}", serde_json::to_string(e).unwrap_or_default());
            } else {
                let mut t = e.text().to_string();
                if let Event::Decided { seat, loss, verdict, .. } = e {
                    if coach && !view.seats[*seat].computer && *loss > 0.0 {
                        t.push_str(&format!("\n  coach: {verdict}"));
                    }
                }
                self.text(&t);
            }
            if let Some(j) = judged.filter(|j| decided && j.played != j.best) {
                self.answer("coach", "estimate", j, &format!("  coach, by P(win): {}", j.verdict));
            }
        }
    }
}
