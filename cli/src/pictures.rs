//! Writing a picture the library drew.
//!
//! A picture goes only where a file may be replaced: an absent path in an
//! existing directory, or a regular file; a symbolic link is written
//! through (the file it points to is replaced, the link stays). A
//! directory, FIFO, socket or device is refused, before any work
//! ([`check_path`]) and again when writing ([`write`]), never replaced
//! (the library's [`userio::check_output`] has the rules).

use std::path::Path;

use userio::OutputError;

/// The bytes read to tell an SVG picture from any other file.
const SNIFF: u64 = 4096;

/// Refuses, before any work, a picture path that would replace one of the
/// command's `inputs` (the same file by any name) or an existing file that
/// is not an SVG picture (an earlier picture may be replaced; a record,
/// say, may not).
pub fn check_not_an_input(path: &Path, inputs: &[std::path::PathBuf]) -> anyhow::Result<()> {
    use std::io::Read;
    use std::os::unix::fs::MetadataExt;
    let Ok(meta) = std::fs::metadata(path) else { return Ok(()) };
    let same = |input: &std::path::PathBuf| {
        std::fs::metadata(input).is_ok_and(|m| m.dev() == meta.dev() && m.ino() == meta.ino())
    };
    if inputs.iter().any(same) {
        anyhow::bail!("--plot {}: that is a record being reviewed; name a new .svg file", path.display());
    }
    if meta.is_file() {
        let mut head = vec![];
        let read = std::fs::File::open(path).and_then(|f| f.take(SNIFF).read_to_end(&mut head));
        let svg = read.is_ok() && {
            let head = String::from_utf8_lossy(&head);
            let t = head.trim_start_matches('\u{feff}').trim_start();
            (t.starts_with("<svg") || t.starts_with("<?xml")) && t.contains("<svg")
        };
        if !svg {
            anyhow::bail!(
                "--plot {}: the file exists and is not an SVG picture; only an earlier picture is replaced",
                path.display()
            );
        }
    }
    Ok(())
}

fn cannot(path: &Path, why: &OutputError) -> anyhow::Error {
    anyhow::anyhow!("cannot write the picture {}: {why}", path.display())
}

/// Checks, before any work, that the picture can be written at `path`:
/// what is there may be replaced, its directory takes a new file, and an
/// existing file could be written (so that a long solve does not end in a
/// failed write).
pub fn check_path(path: &Path) -> anyhow::Result<()> {
    userio::check_output(path).map(drop).map_err(|e| cannot(path, &e))
}

/// Writes `svg` to `path` (through a temporary file beside it, so a failed
/// write leaves no half picture and the old one in place).
pub fn write(path: &Path, svg: &str) -> anyhow::Result<()> {
    userio::write_output(path, ".sixdice-picture-", ".svg.tmp", |f| std::io::Write::write_all(f, svg.as_bytes()))
        .map_err(|e| cannot(path, &e))
}
