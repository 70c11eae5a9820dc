//! Writing results: aligned text tables for people, JSON for programs, and
//! stdout handled so that a closed pipe ends the program quietly (as
//! `sixdice strategy farkle | head -1` does) and any other failed write is a
//! one-line error.

use std::io::Write;

use serde::Serialize;

/// A text table whose columns are padded to their widest cell; columns
/// marked with [`TextTable::right`] (numbers) are right-aligned.
pub struct TextTable {
    headers: Vec<String>,
    rows: Vec<Vec<String>>,
    right: Vec<bool>,
}

impl TextTable {
    pub fn new<S: Into<String>>(headers: impl IntoIterator<Item = S>) -> TextTable {
        let headers: Vec<String> = headers.into_iter().map(Into::into).collect();
        let right = vec![false; headers.len()];
        TextTable { headers, rows: Vec::new(), right }
    }
    /// Right-align column `i` (numbers).
    pub fn right(mut self, i: usize) -> TextTable {
        self.right[i] = true;
        self
    }
    /// Right-align columns `from..=to` (a run of numbers).
    pub fn right_span(mut self, from: usize, to: usize) -> TextTable {
        for r in &mut self.right[from..=to] {
            *r = true;
        }
        self
    }
    pub fn row<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>) {
        self.rows.push(cells.into_iter().map(Into::into).collect());
    }
    pub fn render(&self) -> String {
        let n = self.headers.len();
        let mut width = vec![0usize; n];
        for r in std::iter::once(&self.headers).chain(&self.rows) {
            for (i, c) in r.iter().enumerate().take(n) {
                width[i] = width[i].max(c.chars().count());
            }
        }
        let mut out = String::new();
        for r in std::iter::once(&self.headers).chain(&self.rows) {
            let mut line = String::new();
            for (i, c) in r.iter().enumerate().take(n) {
                let pad = width[i] - c.chars().count();
                if i > 0 {
                    line.push_str("  ");
                }
                if self.right[i] {
                    line.push_str(&" ".repeat(pad));
                    line.push_str(c);
                } else {
                    line.push_str(c);
                    if i + 1 < n {
                        line.push_str(&" ".repeat(pad));
                    }
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// A report as pretty JSON, with a final newline.
pub fn json(report: &impl Serialize) -> Vec<u8> {
    let mut v = serde_json::to_vec_pretty(report).expect("reports serialise");
    v.push(b'\n');
    v
}

/// How writing the output ended.
pub enum Written {
    Done,
    /// The reader went away (closed pipe): stop quietly.
    Closed,
}

/// Writes `bytes` to stdout and flushes.
pub fn write_stdout(bytes: &[u8]) -> anyhow::Result<Written> {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(Written::Done),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(Written::Closed),
        Err(e) => Err(anyhow::anyhow!("cannot write the output: {e}")),
    }
}

/// Formats a value for display.
pub fn value(v: f64) -> String {
    format!("{v:.2}")
}

/// Under a list cut at `top` of `n` alternatives: how many more there are,
/// and how to see them.
pub fn more(out: &mut String, n: usize, top: usize) {
    if n > top {
        out.push_str(&format!("({} more alternatives; --top N lists more)\n", n - top));
    }
}
