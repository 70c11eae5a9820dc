//! Writing a picture the library drew.

use std::path::Path;

/// Writes `svg` to `path` (through a temporary file beside it, so a failed
/// write leaves no half picture).
pub fn write(path: &Path, svg: &str) -> anyhow::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let fail = |e: &dyn std::fmt::Display| anyhow::anyhow!("cannot write the picture {}: {e}", path.display());
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(|e| fail(&e))?;
    std::io::Write::write_all(&mut tmp, svg.as_bytes()).map_err(|e| fail(&e))?;
    tmp.persist(path).map_err(|e| fail(&e.error))?;
    Ok(())
}
