//! Writing a picture the library drew.

use std::path::Path;

/// The directory a picture at `path` goes into.
fn dir_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// A picture's path must be in an existing directory: checked before any
/// work, so a long solve does not end in a failed write.
pub fn check_path(path: &Path) -> anyhow::Result<()> {
    let dir = dir_of(path);
    if !dir.is_dir() {
        anyhow::bail!("cannot write the picture {}: no directory {}", path.display(), dir.display());
    }
    if path.is_dir() {
        anyhow::bail!("cannot write the picture {}: it is a directory", path.display());
    }
    Ok(())
}

/// Writes `svg` to `path` (through a temporary file beside it, so a failed
/// write leaves no half picture).
pub fn write(path: &Path, svg: &str) -> anyhow::Result<()> {
    let dir = dir_of(path);
    let fail = |e: &dyn std::fmt::Display| anyhow::anyhow!("cannot write the picture {}: {e}", path.display());
    let mut tmp = temp_file(dir).map_err(|e| fail(&e))?;
    std::io::Write::write_all(&mut tmp, svg.as_bytes()).map_err(|e| fail(&e))?;
    tmp.persist(path).map_err(|e| fail(&e.error))?;
    Ok(())
}

/// A temporary file in `dir` created as an ordinary file is (mode 0666
/// less the umask), not private as temporary files are by default.
fn temp_file(dir: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let mut b = tempfile::Builder::new();
    b.prefix(".sixdice-picture-");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        b.permissions(std::fs::Permissions::from_mode(0o666));
    }
    b.tempfile_in(dir)
}
