//! Files named by users, read and written safely.
//!
//! A path from a user may name anything: a FIFO (opening it blocks until a
//! writer appears), a device (`/dev/zero` never ends), a directory, or a huge
//! file. Rules files and tables are only ever regular files, so anything
//! else is refused before it is opened, and what is read is capped.
//!
//! Outputs (tables, pictures) are written through a temporary file beside
//! the target, synced, and renamed over it, so that no reader ever sees half
//! a file. A rename replaces whatever has the name, so the target is checked
//! first: only a path that is absent or a regular file is written; a
//! symbolic link is written through (the file it points to is replaced, the
//! link stays), and anything else (a directory, FIFO, socket or device) is
//! refused, never replaced. [`check_output`] does this, and tries creating
//! a file in the target's directory, before the work that makes the output
//! starts; [`write_output`] checks again when it writes. Errors carry the OS
//! reason alone ([`os_reason`]): never the name of a temporary file, which
//! means nothing to the user.

use std::fs::File;
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

/// Why an output file cannot be written. The message is the reason alone:
/// the caller says which file (`cannot write the picture P: {reason}`).
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// The path (or what a symbolic link there points to) exists and is
    /// not a regular file; `what` says what it is, e.g. "a FIFO".
    #[error("it is {what}, not a regular file")]
    NotRegular { what: String },
    #[error("it is a symbolic link to a missing file")]
    Dangling,
    #[error("no directory {}", Quoted(&.0.display().to_string()))]
    NoDirectory(PathBuf),
    #[error("it names no file")]
    NoFileName,
    /// The OS's reason ([`os_reason`]).
    #[error("{0}")]
    Io(std::io::Error),
}

impl From<std::io::Error> for OutputError {
    fn from(e: std::io::Error) -> OutputError {
        OutputError::Io(os_reason(&e))
    }
}

/// The OS's reason for `e`, without what a wrapper added (such as the
/// name of the file it happened to).
pub fn os_reason(e: &std::io::Error) -> std::io::Error {
    match e.raw_os_error() {
        Some(code) => std::io::Error::from_raw_os_error(code),
        None => std::io::Error::new(e.kind(), e.to_string()),
    }
}

/// What a file type is, for messages ("a FIFO").
fn describe(t: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
    }
    if t.is_dir() {
        "a directory"
    } else if t.is_symlink() {
        "a symbolic link"
    } else if t.is_file() {
        "a regular file"
    } else {
        "a special file"
    }
}

/// The directory a file at `path` is in.
pub fn dir_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// The file that writing to `path` replaces: `path` itself when it is
/// absent (in an existing directory) or a regular file, the file a
/// symbolic link points to (every link resolved) when that is a regular
/// file. Anything else is refused.
pub fn output_target(path: &Path) -> Result<PathBuf, OutputError> {
    let absent = |path: &Path| {
        let dir = dir_of(path);
        if path.file_name().is_none() {
            Err(OutputError::NoFileName)
        } else if dir.is_dir() {
            Ok(path.to_path_buf())
        } else {
            Err(OutputError::NoDirectory(dir.to_path_buf()))
        }
    };
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_file() => Ok(path.to_path_buf()),
        Ok(m) if m.file_type().is_symlink() => match std::fs::canonicalize(path) {
            Ok(target) => match std::fs::metadata(&target) {
                Ok(t) if t.is_file() => Ok(target),
                Ok(t) => {
                    Err(OutputError::NotRegular { what: format!("a symbolic link to {}", describe(t.file_type())) })
                }
                Err(e) => Err(e.into()),
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(OutputError::Dangling),
            Err(e) => Err(e.into()),
        },
        Ok(m) => Err(OutputError::NotRegular { what: describe(m.file_type()).to_string() }),
        // A missing path, or one under something that is not a directory
        // (`file/p.svg`): the directory says which.
        Err(e) if matches!(e.kind(), std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory) => absent(path),
        Err(e) => Err(e.into()),
    }
}

/// Checks, before the work that makes it, that an output can be written
/// at `path`: [`output_target`] accepts it, a file can be created in its
/// directory (tried: permissions, a read-only file system, ...), and an
/// existing file there could be written. Returns the target.
pub fn check_output(path: &Path) -> Result<PathBuf, OutputError> {
    let target = output_target(path)?;
    check_dir_writable(dir_of(&target))?;
    check_existing_writable(&target)?;
    Ok(target)
}

/// Checks that the existing file `target` (a regular file, by
/// [`output_target`]) could be written: opened for writing, not truncated.
/// An absent one passes.
fn check_existing_writable(target: &Path) -> Result<(), OutputError> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true);
    #[cfg(unix)]
    {
        // Should a FIFO have taken its place since, fail instead of
        // waiting for a reader.
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    match options.open(target) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// Checks that a file can be created in `dir` by creating one (and
/// removing it): only trying tells, whatever permissions, mount options or
/// access control lists say.
pub fn check_dir_writable(dir: &Path) -> Result<(), OutputError> {
    TempFile::create(dir, ".sixdice-check-", "")?;
    Ok(())
}

/// Writes the output at `path` through a temporary file beside its target
/// (named `PREFIX RANDOM SUFFIX`), which `write` fills: synced, then renamed
/// over the target once that is checked again (it must still be absent or
/// a regular file). On any error the temporary file is removed and the
/// target left as it was.
pub fn write_output(
    path: &Path,
    prefix: &str,
    suffix: &str,
    write: impl FnOnce(&mut File) -> std::io::Result<()>,
) -> Result<(), OutputError> {
    // Poisoned only by a panic inside another write, whose temporary file
    // its drop removed.
    let _writing = WRITES.read().unwrap_or_else(std::sync::PoisonError::into_inner);
    let target = output_target(path)?;
    check_existing_writable(&target)?;
    let mut tmp = TempFile::create(dir_of(&target), prefix, suffix)?;
    write(&mut tmp.file)?;
    tmp.file.sync_all()?;
    // The work may have taken long: what is at the target now?
    match std::fs::symlink_metadata(&target) {
        Ok(m) if !m.is_file() => return Err(OutputError::NotRegular { what: describe(m.file_type()).to_string() }),
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e.into()),
        _ => {}
    }
    tmp.persist(&target)
}

/// Outputs being written hold this shared; [`stop_writes`] takes it whole.
static WRITES: std::sync::RwLock<()> = std::sync::RwLock::new(());

/// Waits until every output being written ([`write_output`]: tables,
/// records, pictures) is whole and in place, then holds back any other
/// until the process ends. A front end that exits while work is still
/// running (a server stopped mid-solve) calls it last: the solve is
/// abandoned, and no temporary file is left in the tables directory,
/// because none is being written when the process ends. (A solve computes
/// in memory and writes its table at the end, in well under a second.)
pub fn stop_writes() {
    let held = WRITES.write().unwrap_or_else(std::sync::PoisonError::into_inner);
    std::mem::forget(held);
}

/// A file created new (never an existing one), as ordinary files are
/// (mode 0666 less the umask), removed when dropped unless persisted.
struct TempFile {
    path: PathBuf,
    file: File,
    persisted: bool,
}

impl TempFile {
    fn create(dir: &Path, prefix: &str, suffix: &str) -> std::io::Result<TempFile> {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o666);
        }
        let mut attempts = 0;
        loop {
            let path = dir.join(format!("{prefix}{:012x}{suffix}", rand::random::<u64>() >> 16));
            match options.open(&path) {
                Ok(file) => return Ok(TempFile { path, file, persisted: false }),
                // A name taken already (by chance): another one.
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && attempts < 100 => attempts += 1,
                Err(e) => return Err(e),
            }
        }
    }

    fn persist(mut self, target: &Path) -> Result<(), OutputError> {
        std::fs::rename(&self.path, target)?;
        self.persisted = true;
        Ok(())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.persisted {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Free bytes on the file system of `dir`, where the OS says.
pub fn free_bytes(dir: &Path) -> Option<u64> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let path = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
        let mut st = std::mem::MaybeUninit::<libc::statvfs>::uninit();
        // SAFETY: `path` is a valid C string and `st` is written by statvfs
        // before it is read (only when it returns 0).
        let st = unsafe {
            if libc::statvfs(path.as_ptr(), st.as_mut_ptr()) != 0 {
                return None;
            }
            st.assume_init()
        };
        #[allow(clippy::useless_conversion)] // the field types differ by platform
        Some(u64::from(st.f_bavail) * u64::from(st.f_frsize))
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mkfifo(path: &Path) {
        use std::os::unix::ffi::OsStrExt;
        let c = std::ffi::CString::new(path.as_os_str().as_bytes()).expect("no NUL");
        // SAFETY: `c` is a valid C string.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0, "mkfifo");
    }

    fn write(path: &Path, text: &str) -> Result<(), OutputError> {
        write_output(path, ".test-", ".tmp", |f| std::io::Write::write_all(f, text.as_bytes()))
    }

    /// Only what is absent or a regular file is written; a link is written
    /// through; nothing else is replaced, and no temporary file is left.
    #[test]
    fn outputs_replace_only_regular_files() {
        let d = tempfile::tempdir().unwrap();
        let at = |name: &str| d.path().join(name);
        write(&at("new"), "one").unwrap();
        assert_eq!(std::fs::read_to_string(at("new")).unwrap(), "one");
        write(&at("new"), "two").unwrap();
        assert_eq!(std::fs::read_to_string(at("new")).unwrap(), "two");

        std::os::unix::fs::symlink("new", at("link")).unwrap();
        write(&at("link"), "three").unwrap();
        assert!(std::fs::symlink_metadata(at("link")).unwrap().file_type().is_symlink(), "the link stays");
        assert_eq!(std::fs::read_to_string(at("new")).unwrap(), "three");

        mkfifo(&at("fifo"));
        std::fs::create_dir(at("dir")).unwrap();
        std::os::unix::fs::symlink("fifo", at("to-fifo")).unwrap();
        std::os::unix::fs::symlink("missing", at("dangling")).unwrap();
        for (name, reason) in [
            ("fifo", "it is a FIFO, not a regular file"),
            ("dir", "it is a directory, not a regular file"),
            ("to-fifo", "it is a symbolic link to a FIFO, not a regular file"),
            ("dangling", "it is a symbolic link to a missing file"),
        ] {
            assert_eq!(check_output(&at(name)).unwrap_err().to_string(), reason);
            assert_eq!(write(&at(name), "x").unwrap_err().to_string(), reason);
        }
        use std::os::unix::fs::FileTypeExt;
        assert!(std::fs::symlink_metadata(at("fifo")).unwrap().file_type().is_fifo(), "the FIFO stays");
        assert!(!at("missing").exists(), "nothing created through a dangling link");
        assert_eq!(
            check_output(&at("new/sub")).unwrap_err().to_string(),
            format!("no directory `{}`", at("new").display())
        );
        let mut left: Vec<String> =
            std::fs::read_dir(d.path()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        left.sort();
        assert_eq!(left, ["dangling", "dir", "fifo", "link", "new", "to-fifo"]);
    }

    /// A failed write keeps the old file and names no temporary file.
    #[test]
    fn a_failed_write_leaves_the_old_file() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("out");
        write(&p, "old").unwrap();
        let e =
            write_output(&p, ".test-", ".tmp", |_| Err(std::io::Error::from_raw_os_error(libc::ENOSPC))).unwrap_err();
        assert_eq!(e.to_string(), std::io::Error::from_raw_os_error(libc::ENOSPC).to_string());
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "old");
        assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 1);
    }
}
