//! `compare`: one row per rule variant, then the highlights in words.
//!
//! The table grows as `compare` answers ([`CompareStream`]): its columns
//! have widths fixed before the first row (the variants' labels are known
//! from the plan, every number has a fixed format), so each row is printed
//! the moment it is known and the whole table reads as if printed at once.
//! The same columns render a finished report ([`compare`]).

use std::io::Write;

use solver::{CompareEvent, CompareReport, CompareRow, FactColumns, GameRef, SeatOdds, VariantOdds};

/// A whole comparison as text: the table, its notes, the highlights.
pub fn compare(r: &CompareReport) -> String {
    let labels: Vec<&str> = r.rows.iter().map(|row| row.variant.as_str()).collect();
    let columns = Columns::new(&r.game, r.players, &labels);
    let mut out = columns.head();
    for row in &r.rows {
        out.push_str(&columns.line(row));
    }
    out.push_str(&tail(r));
    out
}

/// How `compare` is written as it goes: text rows, one JSON object a line,
/// or (`--json`) the whole report at the end.
pub enum CompareStream {
    Text(Option<Columns>),
    JsonLines,
    Json,
}

impl CompareStream {
    pub fn new(json: bool, json_lines: bool) -> CompareStream {
        if json_lines {
            CompareStream::JsonLines
        } else if json {
            CompareStream::Json
        } else {
            CompareStream::Text(None)
        }
    }

    /// Writes what `event` adds to standard output now. A closed output
    /// is left for the final write to notice (the solves go on: each table
    /// finished is kept).
    pub fn event(&mut self, event: &CompareEvent) {
        let text = match (&mut *self, event) {
            (CompareStream::JsonLines, e) => {
                let mut line = serde_json::to_vec(e).expect("events serialise");
                line.push(b'\n');
                line
            }
            (CompareStream::Text(columns), CompareEvent::Plan(p)) => {
                let labels: Vec<&str> = p.order.iter().map(|v| v.variant.as_str()).collect();
                let c = Columns::new(&p.game, p.players, &labels);
                let head = c.head();
                *columns = Some(c);
                head.into_bytes()
            }
            (CompareStream::Text(Some(c)), CompareEvent::Row(r)) => c.line(&r.row).into_bytes(),
            _ => return,
        };
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(&text).and_then(|()| out.flush());
    }

    /// What is left to write once the comparison is done.
    pub fn rest(&self, r: &CompareReport) -> Vec<u8> {
        match self {
            CompareStream::Text(Some(_)) => tail(r).into_bytes(),
            CompareStream::Text(None) => compare(r).into_bytes(),
            CompareStream::JsonLines => vec![],
            CompareStream::Json => crate::output::json(r),
        }
    }
}

/// The table's columns, their widths fixed before any row.
pub struct Columns {
    title: String,
    players: usize,
    headers: Vec<String>,
    width: Vec<usize>,
    /// Numbers are right-aligned (every column but the variant's).
    last: usize,
}

impl Columns {
    fn new(game: &GameRef, players: usize, labels: &[&str]) -> Columns {
        let n = players;
        // Each column as wide as its header and its widest number (a
        // change of -12.34 pts, a solve of 9999.9 s, n chances of 0.3333).
        let (headers, numbers): (Vec<String>, Vec<usize>) = if n > 2 {
            let mut h: Vec<(String, usize)> = vec![("variant".into(), 0)];
            h.extend((0..n).map(|k| (format!("P({} wins)", seat(k)), 6)));
            h.extend([
                ("change".into(), 10),
                ("fair head starts".into(), (n - 1) * 8 - 3),
                ("P(win) with them".into(), n * 9 - 3),
                ("turns/player".into(), 6),
                ("solve".into(), 8),
            ]);
            h.into_iter().unzip()
        } else {
            [
                ("variant", 0),
                ("P(first wins)", 6),
                ("change", 10),
                ("fair head start", 13),
                ("turns/player", 6),
                ("EV turn score", 6),
                ("opt vs EV: 1st", 6),
                ("2nd", 6),
                ("solve", 8),
            ]
            .into_iter()
            .map(|(h, w)| (h.to_string(), w))
            .unzip()
        };
        let label = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let width = headers
            .iter()
            .zip(&numbers)
            .enumerate()
            .map(|(i, (h, &w))| h.chars().count().max(if i == 0 { label } else { w }))
            .collect();
        let last = headers.len() - 1;
        Columns { title: game.title.clone(), players, headers, width, last }
    }

    /// The title and the header line.
    fn head(&self) -> String {
        let what = if self.players > 2 {
            format!("{} players each playing to win", self.players)
        } else {
            "both players playing to win".to_string()
        };
        let how = if self.players > 2 { "exact where its table fits, else estimated by rollouts" } else { "exact" };
        format!("{}: rule variants, {what} ({how})\n{}", self.title, self.cells(&self.headers))
    }

    /// One row's line.
    fn line(&self, row: &CompareRow) -> String {
        self.cells(&cells(row, self.players))
    }

    /// Cells padded to the widths, numbers to the right.
    fn cells(&self, cells: &[String]) -> String {
        let mut line = String::new();
        for (i, c) in cells.iter().enumerate().take(self.last + 1) {
            let pad = self.width[i].saturating_sub(c.chars().count());
            if i > 0 {
                line.push_str("  ");
                line.push_str(&" ".repeat(pad));
                line.push_str(c);
            } else {
                line.push_str(c);
                line.push_str(&" ".repeat(pad));
            }
        }
        format!("{}\n", line.trim_end())
    }
}

/// A row's cells: the numbers, or that it is not solved.
fn cells(row: &CompareRow, players: usize) -> Vec<String> {
    let solve = |s: f64| if s > 0.0 { format!("{s:.1} s") } else { "table".into() };
    if players > 2 {
        if let (None, Some(e)) = (&row.seats, &row.estimate) {
            // Estimated: each seat's chance with its 95% interval's half-width.
            let mut cells = vec![row.variant.clone()];
            match &row.from_start {
                // Exact from the start: those numbers (the estimate follows the table).
                Some(x) => cells.extend(x.seats.iter().map(|p| format!("{p:.4}"))),
                None => {
                    cells.extend(e.seats.iter().map(|p| format!("{:.3}±{:.3}", p.estimate, (p.high - p.low) / 2.0)));
                }
            }
            cells.push("-".into());
            match &row.head_starts {
                Some(f) => {
                    cells.push(f.head_starts.iter().map(|h| format!("+{h}")).collect::<Vec<_>>().join(" / "));
                    // The chances with the largest half-width once (each
                    // seat's interval follows the table).
                    let half = f.seats.iter().map(|p| (p.high - p.low) / 2.0).fold(0.0, f64::max);
                    let chances: Vec<String> = f.seats.iter().map(|p| format!("{:.3}", p.estimate)).collect();
                    cells.push(format!("{} ±{half:.3}", chances.join(" / ")));
                }
                None => cells.extend(["-", "-"].map(String::from)),
            }
            match &row.from_start {
                Some(x) => {
                    cells.push(format!("{:.2}", x.turns_per_player));
                    cells.push(format!("{:.1} s, {} rollouts", x.solve_seconds, e.summary.rollouts));
                }
                None => {
                    cells.push("-".into());
                    cells.push(format!("{} rollouts", e.summary.rollouts));
                }
            }
            return cells;
        }
        let Some(o) = &row.seats else { return vec![row.variant.clone(), "not solved".into()] };
        let mut cells = vec![row.variant.clone()];
        cells.extend(o.seats.iter().map(|p| format!("{p:.4}")));
        cells.push(o.first_wins_change.map_or_else(|| "-".to_string(), percentage_points));
        cells.push(o.head_starts.iter().map(|h| format!("+{h}")).collect::<Vec<_>>().join(" / "));
        cells.push(o.head_start_seats.iter().map(|p| format!("{p:.4}")).collect::<Vec<_>>().join(" / "));
        cells.push(format!("{:.2}", o.turns_per_player));
        cells.push(solve(o.solve_seconds));
        return cells;
    }
    let Some(o) = &row.odds else { return vec![row.variant.clone(), "not solved".into()] };
    let facts = |f: &dyn Fn(&FactColumns) -> String| o.facts.as_ref().map_or_else(|| "-".to_string(), f);
    vec![
        row.variant.clone(),
        format!("{:.4}", o.first_wins),
        o.first_wins_change.map_or_else(|| "-".to_string(), percentage_points),
        facts(&|f| format!("{} ({:.4})", f.head_start, f.head_start_first_wins)),
        facts(&|f| format!("{:.2}", f.turns_per_player)),
        facts(&|f| format!("{:.1}", f.ev_turn_score)),
        facts(&|f| format!("{:.4}", f.optimal_vs_ev_first)),
        facts(&|f| format!("{:.4}", f.optimal_vs_ev_second)),
        solve(o.solve_seconds),
    ]
}

/// Estimated seats' 95% intervals, in seat order.
fn intervals(seats: &[solver::Interval]) -> String {
    seats.iter().map(|p| format!("{:.3}-{:.3}", p.low, p.high)).collect::<Vec<_>>().join(", ")
}

/// An estimated row's exact chances from the start, and whether the
/// estimate holds them.
fn from_start_line(x: &solver::StartSeats) -> String {
    let seats: Vec<String> = x.seats.iter().map(|p| format!("{p:.12}")).collect();
    let holds = if x.estimate_holds { "every" } else { "not every" };
    let states = if x.states == 1 { "the one state".to_string() } else { format!("the {} states", x.states) };
    format!(
        "    exact from the start (the columns): {}, solved in {:.1} s over {states} a game from the start reaches \
         ({} of the {} totals below the goal a player can have; the whole table, for head starts, has {} states); \
         {holds} seat's interval above holds its exact chance\n",
        seats.join(", "),
        x.solve_seconds,
        x.reached_totals,
        x.totals,
        x.of,
    )
}

/// An estimated row's fair head starts: how they were found and what they
/// leave each seat.
fn head_start_line(f: &solver::HeadStartEstimate, players: usize) -> String {
    let games: u64 = f.search.iter().map(|r| r.rollouts).sum();
    let verdict = if f.fair_within {
        format!("every interval holds 1/{players}")
    } else if f.search_each < f.summary.rollouts {
        format!(
            "not every interval holds 1/{players}: the estimate is finer than the search's rounds of {} rollouts can \
             place a head start",
            f.search_each
        )
    } else {
        format!("not every interval holds 1/{players}")
    };
    let again = if f.reproduce {
        format!("; --rollouts {} --seed {} gives the same", f.summary.rollouts, f.summary.seed)
    } else {
        String::new()
    };
    format!(
        "    fair head starts {} found in {} rounds ({games} games, {:.1} s, seed {}); with them, by {} rollouts \
         afresh, the seats' 95% intervals: {} ({verdict}){again}\n",
        f.head_starts.iter().map(|h| format!("+{h}")).collect::<Vec<_>>().join(" / "),
        f.search.len(),
        f.seconds,
        f.summary.seed,
        f.summary.rollouts,
        intervals(&f.seats),
    )
}

/// What follows the table: why rows are not solved, the highlights, the
/// columns explained.
fn tail(r: &CompareReport) -> String {
    let mut out = String::new();
    for row in r.rows.iter().filter(|row| row.odds.is_none() && row.seats.is_none()) {
        out.push_str(&format!("  {}: {}\n", row.variant, row.not_solved.as_deref().unwrap_or("not solved")));
        if let Some(e) = &row.estimate {
            let s = &e.summary;
            out.push_str(&format!(
                "    estimated instead by {} rollouts in {:.1} s (seed {}; --rollouts {} --seed {} gives the same \
                 numbers); the seats' 95% intervals: {}\n",
                s.rollouts,
                s.seconds,
                s.seed,
                s.rollouts,
                s.seed,
                intervals(&e.seats)
            ));
        }
        if let Some(x) = &row.from_start {
            out.push_str(&from_start_line(x));
        }
        if let Some(f) = &row.head_starts {
            out.push_str(&head_start_line(f, r.players));
        }
    }
    if let Some(e) = r.rows.iter().find_map(|row| row.estimate.as_ref()) {
        out.push_str(&format!(
            "  Rollout policy: {}. Fair head starts by rollouts: Newton rounds on the seats' chances (each seat's head \
             start raised a twentieth of the goal on the same dice gives the slopes), then a polish a grid step at a \
             time, on dice of their own; the chances with them are estimated afresh.\n",
            e.summary.policy
        ));
    }
    out.push('\n');
    let highlights = if r.players > 2 { seat_highlights(&r.rows) } else { highlights(&r.rows) };
    for h in highlights {
        out.push_str(&h);
        out.push('\n');
    }
    if r.players > 2 {
        let n = r.players;
        let later: Vec<String> = (1..n).map(seat).collect();
        out.push_str(&format!(
            "\nchange: of P(seat 1 wins) from the base rules, in percentage points (pts);\n\
             fair head starts: points for {} at the start that bring every seat closest to 1/{n} (and what they leave);\n\
             turns/player: expected turns a player takes in a game (last turns included); {:.2} s in all\n",
            later.join(" and "),
            r.seconds
        ));
    } else {
        out.push_str(&format!(
            "\nchange: of P(first wins) from the base rules, in percentage points (pts);\n\
             fair head start: points for the second player that bring P(first wins) closest to 1/2 (and what it leaves);\n\
             opt vs EV: P(the win-optimal player beats the expected-score player), going 1st / 2nd; {:.2} s in all\n",
            r.seconds
        ));
    }
    out
}

/// A change of P(first wins) in words.
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
                "Under the base rules the first player wins {:.1}% of games both play to win; a head start of {} \
                 points for the second player makes it {:.1}%.",
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
            "Playing to win instead of for points matters most under {}: the win-optimal player beats the \
             expected-score player in {:.1}% of games, seats alternating.",
            r.variant,
            100.0 * (0.5 + edge)
        ));
    }
    let factless: Vec<&str> =
        solved.iter().filter(|(_, o)| o.facts.is_none()).map(|(r, _)| r.variant.as_str()).collect();
    if !factless.is_empty() {
        out.push(format!(
            "Head start, game length and the expected-score match-up are not computed under {} ({}): only \
             P(first wins) is shown.",
            factless.join(", "),
            super::table::NOT_COMPUTED
        ));
    }
    let missing: Vec<&str> = rows.iter().filter(|r| r.odds.is_none()).map(|r| r.variant.as_str()).collect();
    if !missing.is_empty() {
        out.push(format!("Not solved under the win objective: {} (see the row).", missing.join(", ")));
    }
    out
}

/// Seat `k` (0-based) for people: `seat 2`.
fn seat(k: usize) -> String {
    format!("seat {}", k + 1)
}

/// A few sentences on a comparison of several players.
fn seat_highlights(rows: &[CompareRow]) -> Vec<String> {
    let mut out = vec![];
    let percent = |ps: &[f64]| ps.iter().map(|p| format!("{:.1}%", 100.0 * p)).collect::<Vec<_>>().join(", ");
    if let Some(b) = &rows[0].seats {
        let heads: Vec<String> =
            b.head_starts.iter().enumerate().map(|(k, h)| format!("{h} points for {}", seat(k + 1))).collect();
        out.push(format!(
            "Under the base rules the seats win {} of games (first to last); {} make it {}.",
            percent(&b.seats),
            heads.join(" and "),
            percent(&b.head_start_seats)
        ));
    }
    let mut moved: Vec<(&CompareRow, &SeatOdds)> = rows
        .iter()
        .filter_map(|r| r.seats.as_ref().map(|s| (r, s)))
        .filter(|(_, s)| s.first_wins_change.is_some())
        .collect();
    moved.sort_by(|x, y| {
        y.1.first_wins_change.unwrap_or(0.0).abs().total_cmp(&x.1.first_wins_change.unwrap_or(0.0).abs())
    });
    let named: Vec<String> = moved
        .iter()
        .take(2)
        .map(|(r, o)| {
            format!("{} ({}, to {:.1}%)", r.variant, pp(o.first_wins_change.unwrap_or(0.0)), 100.0 * o.seats[0])
        })
        .collect();
    if !named.is_empty() {
        out.push(format!("The first seat's odds move most under {}.", named.join(" and ")));
    }
    let missing: Vec<&str> =
        rows.iter().filter(|r| r.seats.is_none() && r.estimate.is_none()).map(|r| r.variant.as_str()).collect();
    if !missing.is_empty() {
        out.push(format!("Not solved for this many players: {} (see the row).", missing.join(", ")));
    }
    out
}

/// A change of a probability in percentage points, short, e.g. `+0.57
/// pts` (as the compare chart labels its bars).
fn percentage_points(change: f64) -> String {
    format!("{:+.2} pts", 100.0 * change)
}
