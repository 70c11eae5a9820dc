//! Table files: solved values on disk, read back zero-copy.
//!
//! A table is a small fixed header, a JSON metadata block, and then the raw
//! little-endian values (`f32`; `u16` for compact tables; `f64` for win
//! probabilities), starting at an
//! offset that is a multiple of 64 so that the memory-mapped bytes can be
//! viewed as a slice without copying.
//!
//! ```text
//! offset  size  field
//!      0     8  magic "SIXDICE\x1a"
//!      8     4  format version (u32)            -- see FORMAT_VERSION
//!     12     4  header length = data offset (u32, multiple of 64)
//!     16     8  rules fingerprint (u64)         -- game, options, solver version
//!     24     8  data checksum (u64, XXH3-64 of the data bytes)
//!     32     8  number of values (u64)
//!     40    32  game id (UTF-8, zero padded)
//!     72     4  element type (u32, 0 = f32, 1 = u16, 2 = f64)
//!     76     4  number of dimensions (u32, 1..=4)
//!     80    32  dimensions (4 x u64, unused ones 0)
//!    112     4  metadata length (u32)
//!    116     4  reserved (0)
//!    120     8  header checksum (XXH3-64 of bytes 0..120 and the metadata)
//!    128     m  metadata, JSON (solve facts: expected score, state count, time)
//!  128+m     -  zero padding up to the header length
//! ```
//!
//! Tables are written to a temporary file beside the target and renamed into
//! place ([`userio::write_output`]: only over a regular file, never
//! over anything else that has the name), so a reader never sees a
//! half-written table; a temporary file left by a killed writer is removed
//! by the next write into that directory. They are created as ordinary
//! files are (mode 0666 less the umask), so that a tables directory can be
//! shared. Commands check that the table can be written before they solve
//! it ([`check_writable`]). On
//! open, everything in the header is checked (magic, version, header
//! checksum, game, fingerprint, size); the data checksum is checked too
//! unless the table is very large. The metadata is a typed struct of the
//! family that wrote the table (`serde`), read back with [`Table::meta`].
//!
//! File names: [`file_name`] gives `GAME[.OPTION...].sixdice` for a built-in
//! game with options, and `GAME.rules-HASH.sixdice` for a push-your-luck
//! game under a house-rules file (HASH: 16 hex digits of the rules
//! fingerprint).

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use bytemuck::{Pod, Zeroable};
use memmap2::Mmap;
use serde::{de::DeserializeOwned, Serialize};
use xxhash_rust::xxh3::{xxh3_64, Xxh3};

use crate::progress::Progress;
use userio::Quoted;
use userio::{self as files, OutputError};

pub(crate) mod part_sums;

#[cfg(not(target_endian = "little"))]
compile_error!("sixdice table files are little-endian and read zero-copy; big-endian targets are not supported");

/// Bytes 0..8 of every table file.
pub(crate) const MAGIC: [u8; 8] = *b"SIXDICE\x1a";
/// Bumped whenever the layout of the file changes.
pub(crate) const FORMAT_VERSION: u32 = 1;
/// Tables larger than this are opened without hashing all their data (use
/// [`Verify::Full`] to force it).
pub(crate) const FULL_VERIFY_LIMIT: u64 = 256 << 20;
/// Extension of table files.
pub(crate) const EXTENSION: &str = "sixdice";

const HEADER_FIXED: usize = 128;

#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable, Debug)]
struct RawHeader {
    magic: [u8; 8],
    version: u32,
    header_len: u32,
    fingerprint: u64,
    data_checksum: u64,
    count: u64,
    game: [u8; 32],
    dtype: u32,
    ndim: u32,
    dims: [u64; 4],
    meta_len: u32,
    reserved: u32,
    header_checksum: u64,
}

const _: () = assert!(std::mem::size_of::<RawHeader>() == HEADER_FIXED);

/// A value type a table can hold.
pub(crate) trait Element: Pod {
    /// Its code in the header's element-type field.
    const DTYPE: u32;
}
impl Element for f32 {
    const DTYPE: u32 = 0;
}
impl Element for u16 {
    const DTYPE: u32 = 1;
}
impl Element for f64 {
    const DTYPE: u32 = 2;
}

fn element_size(dtype: u32) -> Option<u64> {
    match dtype {
        0 => Some(4),
        1 => Some(2),
        2 => Some(8),
        _ => None,
    }
}

/// What a table must be to be usable: which game, under which rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TableSpec {
    /// Game id, e.g. `yahtzee` (at most 32 bytes).
    pub(crate) game: String,
    /// Fingerprint of everything that changes the values: rules, options,
    /// objective, solver version. See [`fingerprint`].
    pub(crate) fingerprint: u64,
    /// Array shape; the product is the number of values. `None` when opening
    /// a table whose shape is not known in advance: the header's shape is
    /// then used once the fingerprint matches.
    pub(crate) shape: Option<Vec<u64>>,
}

/// Fingerprint of a canonical serialisation of the rules: XXH3 of its JSON
/// text (struct fields in declaration order), stable across runs and machines.
pub(crate) fn fingerprint(canonical: &impl Serialize) -> u64 {
    xxh3_64(&serde_json::to_vec(canonical).expect("rules serialise"))
}

/// Table file name: `GAME[.OPTION...].sixdice`, or `GAME.rules-HASH.sixdice`
/// when the rules come from a house-rules file (`rules_hash`).
pub(crate) fn file_name(game: &str, options: &[String], rules_hash: Option<u64>) -> String {
    let mut name = game.to_string();
    match rules_hash {
        Some(h) => name.push_str(&format!(".rules-{h:016x}")),
        None => {
            for o in options {
                name.push('.');
                name.push_str(o);
            }
        }
    }
    format!("{name}.{EXTENSION}")
}

/// How much of a table to check when opening it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verify {
    /// Header checks always; data checksum when the data is at most
    /// [`FULL_VERIFY_LIMIT`] bytes.
    Auto,
    /// Header and data checksum, whatever the size.
    Full,
}

/// Why a table could not be written or used.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error("no table at {}", show(.path))]
    Missing { path: PathBuf },
    #[error("table {} is not a regular file", show(.path))]
    NotRegular { path: PathBuf },
    #[error("table {} is truncated ({actual} bytes, expected {expected})", show(.path))]
    Truncated { path: PathBuf, actual: u64, expected: u64 },
    #[error("table {} is corrupt ({why})", show(.path))]
    Corrupt { path: PathBuf, why: String },
    #[error("table {} is stale ({why})", show(.path))]
    Stale { path: PathBuf, why: String },
    /// The table cannot be written there (checked before a solve).
    #[error("cannot write table {}: {why}", show(.path))]
    Unwritable { path: PathBuf, why: OutputError },
    /// No file can be created in the directory (`what`: which one it is).
    #[error("cannot write into {what} {}: {why}", show(.dir))]
    DirUnwritable { what: &'static str, dir: PathBuf, why: OutputError },
    /// The OS error is part of the message (not a `source`), so that a
    /// report that prints the cause chain does not print it twice.
    #[error("cannot {action} {}: {err}", show(.path))]
    Io { action: &'static str, path: PathBuf, err: std::io::Error },
}

fn show(p: &Path) -> String {
    Quoted(&p.display().to_string()).to_string()
}

impl TableError {
    /// True when solving again would fix it (everything but failures to
    /// read or write).
    pub(crate) fn needs_regeneration(&self) -> bool {
        !matches!(self, TableError::Io { .. } | TableError::Unwritable { .. } | TableError::DirUnwritable { .. })
    }
}

/// The directory of the table at `path`, created when missing.
fn create_dir(path: &Path) -> Result<&Path, TableError> {
    let dir = files::dir_of(path);
    std::fs::create_dir_all(dir).map_err(|e| TableError::Io {
        action: "create the tables directory",
        path: dir.to_path_buf(),
        err: files::os_reason(&e),
    })?;
    Ok(dir)
}

/// Checks, before a solve, that its table can be written at `path`: the
/// directory is created when missing and must take a new file, and what
/// has the name must be absent or a regular file
/// ([`files::output_target`]).
pub(crate) fn check_writable(path: &Path) -> Result<(), TableError> {
    create_dir(path)?;
    let target = files::output_target(path).map_err(|why| TableError::Unwritable { path: path.to_path_buf(), why })?;
    let dir = files::dir_of(&target);
    files::check_dir_writable(dir).map_err(|why| TableError::DirUnwritable {
        what: "the tables directory",
        dir: dir.to_path_buf(),
        why,
    })
}

/// Says through `progress` that the table a command solved to answer
/// could not be saved (`e`), and that the answer comes from memory.
pub(crate) fn note_unsaved(progress: &dyn Progress, e: &TableError) {
    progress.note(&format!("{e}; answering from memory, the table is not saved"));
}

fn io_err<'a>(action: &'static str, path: &'a Path) -> impl FnOnce(std::io::Error) -> TableError + 'a {
    move |err| TableError::Io { action, path: path.to_path_buf(), err }
}

fn header_checksum(raw: &RawHeader, meta: &[u8]) -> u64 {
    let bytes = bytemuck::bytes_of(raw);
    let mut buf = Vec::with_capacity(120 + meta.len());
    buf.extend_from_slice(&bytes[..120]);
    buf.extend_from_slice(meta);
    xxh3_64(&buf)
}

/// Writes `data` as a table at `path` atomically (temporary file, fsync,
/// rename). Creates the parent directory if needed. `spec.shape` must be
/// given and match `data`.
pub(crate) fn write_table<T: Element>(
    path: &Path,
    spec: &TableSpec,
    meta: &impl Serialize,
    data: &[T],
) -> Result<(), TableError> {
    write_table_parts(path, spec, meta, &[data])
}

/// [`write_table`] of the values `parts` one after the other (no copy into
/// one array first).
pub(crate) fn write_table_parts<T: Element>(
    path: &Path,
    spec: &TableSpec,
    meta: &impl Serialize,
    parts: &[&[T]],
) -> Result<(), TableError> {
    let shape = spec.shape.as_deref().expect("a table is written with its shape");
    assert!(spec.game.len() <= 32, "game id too long");
    assert!((1..=4).contains(&shape.len()), "1 to 4 dimensions");
    let count: usize = parts.iter().map(|p| p.len()).sum();
    assert_eq!(shape.iter().product::<u64>(), count as u64, "shape does not match data");
    let meta_bytes = serde_json::to_vec(meta).expect("metadata serialises");
    let header_len = (HEADER_FIXED + meta_bytes.len()).div_ceil(64) * 64;
    let mut checksum = Xxh3::new();
    for part in parts {
        checksum.update(bytemuck::cast_slice(part));
    }
    let mut raw = RawHeader::zeroed();
    raw.magic = MAGIC;
    raw.version = FORMAT_VERSION;
    raw.header_len = u32::try_from(header_len).expect("metadata is small");
    raw.fingerprint = spec.fingerprint;
    raw.data_checksum = checksum.digest();
    raw.count = count as u64;
    raw.game[..spec.game.len()].copy_from_slice(spec.game.as_bytes());
    raw.dtype = T::DTYPE;
    raw.ndim = shape.len() as u32;
    for (d, &s) in raw.dims.iter_mut().zip(shape) {
        *d = s;
    }
    raw.meta_len = u32::try_from(meta_bytes.len()).expect("metadata is small");
    raw.header_checksum = header_checksum(&raw, &meta_bytes);

    sweep_temporaries(create_dir(path)?);
    let file_name = path.file_name().and_then(|n| n.to_str()).unwrap_or("table");
    files::write_output(path, &format!("{file_name}.{}.", std::process::id()), TMP_SUFFIX, |file| {
        let mut f = std::io::BufWriter::with_capacity(1 << 20, file);
        f.write_all(bytemuck::bytes_of(&raw))?;
        f.write_all(&meta_bytes)?;
        f.write_all(&vec![0u8; header_len - HEADER_FIXED - meta_bytes.len()])?;
        for part in parts {
            f.write_all(bytemuck::cast_slice(part))?;
        }
        f.flush()
    })
    .map_err(|why| TableError::Unwritable { path: path.to_path_buf(), why })
}

const TMP_SUFFIX: &str = ".tmp";

/// Removes temporary table files whose writer is gone (killed mid-write).
/// Their names are `TABLE.PID.RANDOM.tmp`; a writer is gone when no process
/// has that id (checked in `/proc`; elsewhere nothing is removed).
fn sweep_temporaries(dir: &Path) {
    let proc = Path::new("/proc/self");
    if !proc.exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(stem) = name.strip_suffix(TMP_SUFFIX) else { continue };
        let mut parts = stem.rsplitn(3, '.');
        let (_random, pid, table) = (parts.next(), parts.next(), parts.next());
        let (Some(pid), Some(table)) = (pid.and_then(|p| p.parse::<u32>().ok()), table) else { continue };
        if table.ends_with(&format!(".{EXTENSION}")) && !Path::new("/proc").join(pid.to_string()).exists() {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// A table file mapped into memory.
#[derive(Debug)]
pub(crate) struct Table {
    path: PathBuf,
    mmap: Mmap,
    header_len: usize,
    count: usize,
    dtype: u32,
    shape: Vec<u64>,
    meta_len: usize,
    verified: bool,
}

impl Table {
    /// Opens and checks the table at `path` against `spec`.
    pub(crate) fn open(path: &Path, spec: &TableSpec, verify: Verify) -> Result<Table, TableError> {
        let corrupt = |why: &str| TableError::Corrupt { path: path.to_path_buf(), why: why.to_string() };
        let stale = |why: String| TableError::Stale { path: path.to_path_buf(), why };
        // Only regular files are opened: opening a FIFO would block.
        match userio::check_regular(path) {
            Ok(_) => {}
            Err(userio::FileError::Missing(_)) => return Err(TableError::Missing { path: path.to_path_buf() }),
            Err(userio::FileError::NotRegular(_)) => return Err(TableError::NotRegular { path: path.to_path_buf() }),
            Err(e) => return Err(TableError::Io { action: "open table", path: path.to_path_buf(), err: e.into_io() }),
        }
        let file = File::open(path).map_err(io_err("open table", path))?;
        let len = file.metadata().map_err(io_err("read table", path))?.len();
        if len < HEADER_FIXED as u64 {
            return Err(TableError::Truncated { path: path.to_path_buf(), actual: len, expected: HEADER_FIXED as u64 });
        }
        // SAFETY: tables are only ever replaced by rename, never modified in
        // place, so the mapped bytes cannot change under us.
        let mmap = unsafe { Mmap::map(&file) }.map_err(io_err("map table", path))?;
        let raw: RawHeader = bytemuck::pod_read_unaligned(&mmap[..HEADER_FIXED]);
        if raw.magic != MAGIC {
            return Err(corrupt("not a sixdice table: bad magic bytes"));
        }
        if raw.version != FORMAT_VERSION {
            return Err(stale(format!(
                "format version {}, this sixdice reads version {}",
                raw.version, FORMAT_VERSION
            )));
        }
        let header_len = raw.header_len as usize;
        let meta_end = HEADER_FIXED + raw.meta_len as usize;
        if !header_len.is_multiple_of(64) || meta_end > header_len || header_len as u64 > len {
            return Err(corrupt("bad header length"));
        }
        let meta_bytes = &mmap[HEADER_FIXED..meta_end];
        if header_checksum(&raw, meta_bytes) != raw.header_checksum {
            return Err(corrupt("header checksum mismatch"));
        }
        let game_len = raw.game.iter().position(|&b| b == 0).unwrap_or(32);
        let game = std::str::from_utf8(&raw.game[..game_len]).map_err(|_| corrupt("game id is not UTF-8"))?;
        if game != spec.game {
            return Err(stale(format!("it holds game {}, not {}", Quoted(game), Quoted(&spec.game))));
        }
        if raw.fingerprint != spec.fingerprint {
            return Err(stale("it was made under other rules or options, or by another solver version".into()));
        }
        let Some(size) = element_size(raw.dtype).filter(|_| (1..=4).contains(&raw.ndim)) else {
            return Err(corrupt("unknown element type or shape"));
        };
        let shape: Vec<u64> = raw.dims[..raw.ndim as usize].to_vec();
        if shape.iter().try_fold(1u64, |a, &d| a.checked_mul(d)) != Some(raw.count) {
            return Err(corrupt("shape does not match value count"));
        }
        if let Some(expected) = &spec.shape {
            if &shape != expected {
                return Err(stale(format!("shape {shape:?}, expected {expected:?}")));
            }
        }
        let Some(expected) = raw.count.checked_mul(size).and_then(|b| b.checked_add(header_len as u64)) else {
            return Err(corrupt("its header counts more bytes than a file can hold"));
        };
        if len < expected {
            return Err(TableError::Truncated { path: path.to_path_buf(), actual: len, expected });
        }
        if len > expected {
            // Not a table cut short: something was added, or the header is wrong.
            return Err(corrupt(&format!("it has {} bytes more than its header says", len - expected)));
        }
        let data = &mmap[header_len..];
        let verified = verify == Verify::Full || (data.len() as u64) <= FULL_VERIFY_LIMIT;
        if verified && xxh3_64(data) != raw.data_checksum {
            return Err(corrupt("data checksum mismatch"));
        }
        let count = usize::try_from(raw.count).map_err(|_| corrupt("too many values for this machine"))?;
        Ok(Table {
            path: path.to_path_buf(),
            mmap,
            header_len,
            count,
            dtype: raw.dtype,
            shape,
            meta_len: raw.meta_len as usize,
            verified,
        })
    }

    /// The values of an `f32` table, zero-copy from the mapping.
    ///
    /// # Panics
    /// When the table holds another element type (its fingerprint says
    /// which, so a caller that opened it by its spec knows).
    pub(crate) fn values(&self) -> &[f32] {
        self.elements().expect("an f32 table")
    }
    /// The values as `T`, when that is the table's element type.
    pub(crate) fn elements<T: Element>(&self) -> Option<&[T]> {
        (self.dtype == T::DTYPE).then(|| bytemuck::cast_slice(self.data()))
    }
    /// The raw data bytes (for checksums over parts of them).
    pub(crate) fn data(&self) -> &[u8] {
        let size = element_size(self.dtype).expect("checked on open") as usize;
        &self.mmap[self.header_len..self.header_len + self.count * size]
    }
    /// The metadata block, as the typed struct its writer used.
    pub(crate) fn meta<M: DeserializeOwned>(&self) -> Result<M, TableError> {
        serde_json::from_slice(&self.mmap[HEADER_FIXED..HEADER_FIXED + self.meta_len])
            .map_err(|e| TableError::Corrupt { path: self.path.clone(), why: format!("unreadable metadata: {e}") })
    }
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }
    pub(crate) fn shape(&self) -> &[u64] {
        &self.shape
    }
    /// Size of the file in bytes.
    pub(crate) fn file_size(&self) -> u64 {
        self.mmap.len() as u64
    }
    /// Whether the data checksum was checked on opening.
    pub(crate) fn verified(&self) -> bool {
        self.verified
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize, serde::Deserialize, PartialEq, Debug)]
    struct Meta {
        expected: f64,
    }

    fn spec() -> TableSpec {
        TableSpec { game: "demo".into(), fingerprint: fingerprint(&"demo rules v1"), shape: Some(vec![3, 5]) }
    }

    #[test]
    fn round_trip() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("demo.sixdice");
        let data: Vec<f32> = (0..15).map(|x| x as f32 * 0.5).collect();
        write_table(&p, &spec(), &Meta { expected: 1.5 }, &data).unwrap();
        let t = Table::open(&p, &spec(), Verify::Full).unwrap();
        assert_eq!(t.values(), &data[..]);
        assert_eq!(t.meta::<Meta>().unwrap(), Meta { expected: 1.5 });
        assert_eq!(t.shape(), &[3, 5]);
        assert_eq!(t.file_size() % 4, 0);
        // Opening without a known shape takes the header's.
        let t = Table::open(&p, &TableSpec { shape: None, ..spec() }, Verify::Auto).unwrap();
        assert_eq!(t.shape(), &[3, 5]);
        // Nothing but the table is left in the directory.
        assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 1);
    }

    #[test]
    fn detects_damage_and_staleness() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("demo.sixdice");
        let data = vec![1.0f32; 15];
        write_table(&p, &spec(), &Meta { expected: 0.0 }, &data).unwrap();
        let bytes = std::fs::read(&p).unwrap();

        let mut other = spec();
        other.fingerprint ^= 1;
        assert!(matches!(Table::open(&p, &other, Verify::Auto), Err(TableError::Stale { .. })));
        let mut other = spec();
        other.shape = Some(vec![15]);
        assert!(matches!(Table::open(&p, &other, Verify::Auto), Err(TableError::Stale { .. })));
        let mut other = spec();
        other.game = "else".into();
        assert!(matches!(Table::open(&p, &other, Verify::Auto), Err(TableError::Stale { .. })));

        std::fs::write(&p, &bytes[..bytes.len() - 4]).unwrap();
        assert!(matches!(Table::open(&p, &spec(), Verify::Auto), Err(TableError::Truncated { .. })));
        // Bytes added at the end: corrupt, not truncated.
        std::fs::write(&p, [&bytes[..], b"extra"].concat()).unwrap();
        let e = Table::open(&p, &spec(), Verify::Auto).unwrap_err();
        assert!(matches!(e, TableError::Corrupt { .. }), "{e}");
        assert!(e.to_string().ends_with("is corrupt (it has 5 bytes more than its header says)"), "{e}");

        let mut flipped = bytes.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 0x40;
        std::fs::write(&p, &flipped).unwrap();
        assert!(matches!(Table::open(&p, &spec(), Verify::Auto), Err(TableError::Corrupt { .. })));

        let mut flipped = bytes.clone();
        flipped[20] ^= 1; // fingerprint byte: caught by the header checksum
        std::fs::write(&p, &flipped).unwrap();
        assert!(matches!(Table::open(&p, &spec(), Verify::Auto), Err(TableError::Corrupt { .. })));

        std::fs::write(&p, b"hello").unwrap();
        assert!(matches!(Table::open(&p, &spec(), Verify::Auto), Err(TableError::Truncated { .. })));
        assert!(matches!(Table::open(&d.path().join("nope"), &spec(), Verify::Auto), Err(TableError::Missing { .. })));
        assert!(matches!(Table::open(d.path(), &spec(), Verify::Auto), Err(TableError::NotRegular { .. })));
    }

    /// A directory where the table belongs is refused, not replaced, before
    /// a solve and when writing; so is a tables path that cannot be a
    /// directory.
    #[test]
    fn only_regular_files_are_replaced() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("demo.sixdice");
        std::fs::create_dir(&p).unwrap();
        let why = format!("cannot write table `{}`: it is a directory, not a regular file", p.display());
        assert_eq!(check_writable(&p).unwrap_err().to_string(), why);
        let e = write_table(&p, &spec(), &Meta { expected: 0.0 }, &[0.0; 15]).unwrap_err();
        assert_eq!(e.to_string(), why);
        assert!(p.is_dir());

        let file = d.path().join("file");
        std::fs::write(&file, b"not a directory").unwrap();
        let e = check_writable(&file.join("tables").join("demo.sixdice")).unwrap_err();
        assert!(
            e.to_string()
                .starts_with(&format!("cannot create the tables directory `{}`: ", file.join("tables").display())),
            "{e}"
        );
        assert_eq!(std::fs::read(&file).unwrap(), b"not a directory");
    }

    #[test]
    fn temporaries_of_dead_writers_are_swept() {
        let d = tempfile::tempdir().unwrap();
        // No process has id 4194305 (above Linux's pid_max); ours is alive.
        let dead = d.path().join("demo.sixdice.4194305.abc123.tmp");
        let alive = d.path().join(format!("demo.sixdice.{}.abc123.tmp", std::process::id()));
        let other = d.path().join("notes.4194305.x.tmp");
        for f in [&dead, &alive, &other] {
            std::fs::write(f, b"partial").unwrap();
        }
        write_table(&d.path().join("demo.sixdice"), &spec(), &Meta { expected: 0.0 }, &[0.0; 15]).unwrap();
        assert!(!dead.exists());
        assert!(alive.exists() && other.exists());
    }
}
