//! Writing a record in its canonical form: the version line, the header
//! (game, options, rules file, players, seed), then every line as it was
//! read, words one space apart, dice written together. What this writes
//! parses back to the same record, and writes again byte for byte.

use std::fmt;

use super::{Action, Line, Record, Step, Then, Turn, RECORD_VERSION};

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "sixdice-record {RECORD_VERSION}")?;
        writeln!(f, "game {}", self.game)?;
        for o in &self.options {
            writeln!(f, "option {o}")?;
        }
        if let Some(r) = &self.rules {
            writeln!(f, "rules {r}")?;
        }
        writeln!(f, "players {}", self.players.join(" "))?;
        if let Some(s) = self.seed {
            writeln!(f, "seed {s}")?;
        }
        for line in &self.lines {
            match line {
                Line::Turn(t) => writeln!(f, "{t}")?,
                Line::Comment { text } => writeln!(f, "#{text}")?,
                Line::Blank => writeln!(f)?,
            }
        }
        Ok(())
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.player)?;
        for (i, step) in self.steps.iter().enumerate() {
            f.write_str(if i == 0 { " " } else { "; " })?;
            write!(f, "{step}")?;
        }
        if let Some(c) = &self.comment {
            write!(f, " #{c}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Take => f.write_str("take"),
            Step::Fresh => f.write_str("fresh"),
            Step::Roll { dice, action, real } => {
                let real = if *real { "real " } else { "" };
                write!(f, "{real}{} {action}", Faces(dice))
            }
            Step::Points { points } => write!(f, "points {points}"),
        }
    }
}

/// What was done, in a record's words (`keep 15 roll`, `score fives`).
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Farkle => f.write_str("farkle"),
            Action::SetAside { dice, then } => {
                write!(f, "keep {} {}", Faces(dice), if *then == Then::Roll { "roll" } else { "bank" })
            }
            Action::Keep { dice } => write!(f, "keep {}", Faces(dice)),
            Action::Lock { dice } => write!(f, "lock {}", Faces(dice)),
            Action::Score { category } => write!(f, "score {category}"),
        }
    }
}

/// Faces written together, in the order given; `-` for none (kept dice).
struct Faces<'a>(&'a [u8]);

impl fmt::Display for Faces<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("-");
        }
        self.0.iter().try_for_each(|d| write!(f, "{d}"))
    }
}
