//! Reading files named by users, safely.
//!
//! A path from a user may name anything: a FIFO (opening it blocks until a
//! writer appears), a device (`/dev/zero` never ends), a directory, or a huge
//! file. Rules files and tables are only ever regular files, so anything
//! else is refused before it is opened, and what is read is capped.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::text::Quoted;

/// Why a user's file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("{} does not exist", Quoted(&.0.display().to_string()))]
    Missing(PathBuf),
    #[error("{} is not a regular file", Quoted(&.0.display().to_string()))]
    NotRegular(PathBuf),
    #[error("{} is larger than {limit} bytes", Quoted(&.path.display().to_string()))]
    TooLarge { path: PathBuf, limit: u64 },
    #[error("{} is not UTF-8 text", Quoted(&.0.display().to_string()))]
    NotText(PathBuf),
    /// The OS error is part of the message (not a `source`), so that a
    /// report that prints the cause chain does not print it twice.
    #[error("cannot read {}: {err}", Quoted(&.path.display().to_string()))]
    Io { path: PathBuf, err: std::io::Error },
}

/// Checks that `path` is a regular file (following symlinks) before anything
/// opens it.
pub fn check_regular(path: &Path) -> Result<std::fs::Metadata, FileError> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => Ok(m),
        Ok(_) => Err(FileError::NotRegular(path.to_path_buf())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(FileError::Missing(path.to_path_buf())),
        Err(err) => Err(FileError::Io { path: path.to_path_buf(), err }),
    }
}

/// Reads a small UTF-8 text file: a regular file of at most `limit` bytes.
pub fn read_small_text(path: &Path, limit: u64) -> Result<String, FileError> {
    let io = |err| FileError::Io { path: path.to_path_buf(), err };
    let meta = check_regular(path)?;
    if meta.len() > limit {
        return Err(FileError::TooLarge { path: path.to_path_buf(), limit });
    }
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    // The file may grow between the check and the read: read at most one
    // byte past the limit to notice.
    file.take(limit + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(FileError::TooLarge { path: path.to_path_buf(), limit });
    }
    String::from_utf8(bytes).map_err(|_| FileError::NotText(path.to_path_buf()))
}

impl FileError {
    /// The underlying I/O error (other kinds as an `Other` I/O error).
    pub fn into_io(self) -> std::io::Error {
        match self {
            FileError::Io { err, .. } => err,
            other => std::io::Error::other(other.to_string()),
        }
    }
}
