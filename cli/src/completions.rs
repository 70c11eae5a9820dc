//! `sixdice completions SHELL`: shell completion scripts from the clap model.

/// The completion script, generated into memory (so that a failed write is
/// the caller's error to report, not a panic inside the generator).
pub fn script(shell: clap_complete::Shell) -> Vec<u8> {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut crate::args::command(false), "sixdice", &mut buf);
    buf
}
