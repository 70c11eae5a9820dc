//! Output helpers: aligned text tables for people, JSON for programs.

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

/// Prints a JSON value, pretty.
pub fn print_json(v: &serde_json::Value) {
    println!("{}", serde_json::to_string_pretty(v).expect("JSON serialises"));
}

/// A progress bar on stderr, hidden when stderr is not a terminal.
pub fn progress_bar(len: u64, msg: &str) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let pb = indicatif::ProgressBar::new(len);
    pb.set_style(
        indicatif::ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} {elapsed_precise} eta {eta}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    pb.set_message(msg.to_string());
    pb
}

/// A table error with the command that fixes it: "create it with" for a
/// missing table, "regenerate it with" for a damaged or stale one.
pub fn table_error(e: solver::table::TableError, solve_command: &str) -> anyhow::Error {
    use solver::table::TableError;
    match e {
        TableError::Missing { .. } => anyhow::anyhow!("{e}; create it with `{solve_command}`"),
        e if e.needs_regeneration() => anyhow::anyhow!("{e}; regenerate it with `{solve_command}`"),
        e => anyhow::Error::new(e),
    }
}
