//! Writing a picture the library drew.
//!
//! A picture goes only where a file may be replaced: an absent path in an
//! existing directory, or a regular file; a symbolic link is written
//! through (the file it points to is replaced, the link stays). A
//! directory, FIFO, socket or device is refused, before any work
//! ([`check_path`]) and again when writing ([`write`]), never replaced
//! (the library's [`solver::check_output`] has the rules).

use std::path::Path;

use solver::OutputError;

fn cannot(path: &Path, why: &OutputError) -> anyhow::Error {
    anyhow::anyhow!("cannot write the picture {}: {why}", path.display())
}

/// Checks, before any work, that the picture can be written at `path`:
/// what is there may be replaced, its directory takes a new file, and an
/// existing file could be written (so that a long solve does not end in a
/// failed write).
pub fn check_path(path: &Path) -> anyhow::Result<()> {
    solver::check_output(path).map(drop).map_err(|e| cannot(path, &e))
}

/// Writes `svg` to `path` (through a temporary file beside it, so a failed
/// write leaves no half picture and the old one in place).
pub fn write(path: &Path, svg: &str) -> anyhow::Result<()> {
    solver::write_output(path, ".sixdice-picture-", ".svg.tmp", |f| std::io::Write::write_all(f, svg.as_bytes()))
        .map_err(|e| cannot(path, &e))
}
