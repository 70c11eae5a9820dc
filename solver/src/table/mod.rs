//! Table files: solved values on disk, read back zero-copy.
//!
//! A table is a small fixed header, a JSON metadata block, and then the raw
//! little-endian `f32` values, starting at an offset that is a multiple of 64
//! so that the memory-mapped bytes can be viewed as `&[f32]` without copying.
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
//!     72     4  element type (u32, 0 = f32)
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
//! place, so a reader never sees a half-written table. On open, everything in
//! the header is checked (magic, version, header checksum, game, fingerprint,
//! size); the data checksum is checked too unless the table is very large.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use bytemuck::{Pod, Zeroable};
use memmap2::Mmap;
use xxhash_rust::xxh3::xxh3_64;

#[cfg(not(target_endian = "little"))]
compile_error!("sixdice table files are little-endian and read zero-copy; big-endian targets are not supported");

/// Bytes 0..8 of every table file.
pub const MAGIC: [u8; 8] = *b"SIXDICE\x1a";
/// Bumped whenever the layout of the file changes.
pub const FORMAT_VERSION: u32 = 1;
/// Tables larger than this are opened without hashing all their data (use
/// [`Verify::Full`] to force it).
pub const FULL_VERIFY_LIMIT: u64 = 256 << 20;

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

/// What a table must be to be usable: which game, under which rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableSpec {
    /// Game id, e.g. `yahtzee` (at most 32 bytes).
    pub game: String,
    /// Fingerprint of everything that changes the values: rules, options,
    /// solver version. See [`fingerprint`].
    pub fingerprint: u64,
    /// Array shape; the product is the number of values.
    pub shape: Vec<u64>,
}

/// Fingerprint of a canonical description of the rules (stable across runs
/// and machines: XXH3 of the UTF-8 text).
pub fn fingerprint(canonical_rules: &str) -> u64 {
    xxh3_64(canonical_rules.as_bytes())
}

/// How much of a table to check when opening it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verify {
    /// Header checks always; data checksum when the data is at most
    /// [`FULL_VERIFY_LIMIT`] bytes.
    Auto,
    /// Header and data checksum, whatever the size.
    Full,
}

/// Why a table could not be written or used.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error("no table at {path}")]
    Missing { path: PathBuf },
    #[error("table {path} is truncated ({actual} bytes, expected {expected})")]
    Truncated { path: PathBuf, actual: u64, expected: u64 },
    #[error("table {path} is corrupt ({why})")]
    Corrupt { path: PathBuf, why: String },
    #[error("table {path} is stale ({why})")]
    Stale { path: PathBuf, why: String },
    /// The OS error is part of the message (not a `source`), so that a
    /// report that prints the cause chain does not print it twice.
    #[error("cannot {action} {path}: {err}")]
    Io { action: &'static str, path: PathBuf, err: std::io::Error },
}

impl TableError {
    /// True when solving again would fix it (everything but other I/O failures).
    pub fn needs_regeneration(&self) -> bool {
        !matches!(self, TableError::Io { .. })
    }
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
/// rename). Creates the parent directory if needed.
pub fn write_table(path: &Path, spec: &TableSpec, meta: &serde_json::Value, data: &[f32]) -> Result<(), TableError> {
    assert!(spec.game.len() <= 32, "game id too long");
    assert!((1..=4).contains(&spec.shape.len()), "1 to 4 dimensions");
    assert_eq!(spec.shape.iter().product::<u64>(), data.len() as u64, "shape does not match data");
    let meta_bytes = serde_json::to_vec(meta).expect("metadata serialises");
    let header_len = (HEADER_FIXED + meta_bytes.len()).div_ceil(64) * 64;
    let data_bytes: &[u8] = bytemuck::cast_slice(data);
    let mut raw = RawHeader::zeroed();
    raw.magic = MAGIC;
    raw.version = FORMAT_VERSION;
    raw.header_len = header_len as u32;
    raw.fingerprint = spec.fingerprint;
    raw.data_checksum = xxh3_64(data_bytes);
    raw.count = data.len() as u64;
    raw.game[..spec.game.len()].copy_from_slice(spec.game.as_bytes());
    raw.dtype = 0;
    raw.ndim = spec.shape.len() as u32;
    for (d, &s) in raw.dims.iter_mut().zip(&spec.shape) {
        *d = s;
    }
    raw.meta_len = meta_bytes.len() as u32;
    raw.header_checksum = header_checksum(&raw, &meta_bytes);

    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io_err("create the tables directory", dir))?;
    }
    let tmp = path.with_extension(format!("tmp.{}", std::process::id()));
    let result = (|| -> std::io::Result<()> {
        let mut f = std::io::BufWriter::with_capacity(1 << 20, File::create(&tmp)?);
        f.write_all(bytemuck::bytes_of(&raw))?;
        f.write_all(&meta_bytes)?;
        f.write_all(&vec![0u8; header_len - HEADER_FIXED - meta_bytes.len()])?;
        f.write_all(data_bytes)?;
        let f = f.into_inner().map_err(|e| e.into_error())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(TableError::Io { action: "write table", path: path.to_path_buf(), err: e });
    }
    Ok(())
}

/// A table file mapped into memory.
#[derive(Debug)]
pub struct Table {
    path: PathBuf,
    mmap: Mmap,
    header_len: usize,
    count: usize,
    shape: Vec<u64>,
    meta: serde_json::Value,
}

impl Table {
    /// Opens and checks the table at `path` against `spec`.
    pub fn open(path: &Path, spec: &TableSpec, verify: Verify) -> Result<Table, TableError> {
        let corrupt = |why: &str| TableError::Corrupt { path: path.to_path_buf(), why: why.to_string() };
        let stale = |why: String| TableError::Stale { path: path.to_path_buf(), why };
        let file = match File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(TableError::Missing { path: path.to_path_buf() })
            }
            Err(e) => return Err(io_err("open table", path)(e)),
        };
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
            return Err(stale(format!("it holds game `{game}`, not `{}`", spec.game)));
        }
        if raw.fingerprint != spec.fingerprint {
            return Err(stale("it was made under other rules or options, or by another solver version".into()));
        }
        if raw.dtype != 0 || !(1..=4).contains(&raw.ndim) {
            return Err(corrupt("unknown element type or shape"));
        }
        let shape: Vec<u64> = raw.dims[..raw.ndim as usize].to_vec();
        if shape.iter().product::<u64>() != raw.count {
            return Err(corrupt("shape does not match value count"));
        }
        if shape != spec.shape {
            return Err(stale(format!("shape {:?}, expected {:?}", shape, spec.shape)));
        }
        let expected = header_len as u64 + raw.count * 4;
        if len != expected {
            return Err(TableError::Truncated { path: path.to_path_buf(), actual: len, expected });
        }
        let data = &mmap[header_len..];
        let full = verify == Verify::Full || (data.len() as u64) <= FULL_VERIFY_LIMIT;
        if full && xxh3_64(data) != raw.data_checksum {
            return Err(corrupt("data checksum mismatch"));
        }
        let meta = serde_json::from_slice(meta_bytes).map_err(|_| corrupt("metadata is not JSON"))?;
        Ok(Table { path: path.to_path_buf(), mmap, header_len, count: raw.count as usize, shape, meta })
    }

    /// The values, zero-copy from the mapping.
    pub fn values(&self) -> &[f32] {
        bytemuck::cast_slice(&self.mmap[self.header_len..self.header_len + self.count * 4])
    }
    pub fn meta(&self) -> &serde_json::Value {
        &self.meta
    }
    pub fn path(&self) -> &Path {
        &self.path
    }
    pub fn shape(&self) -> &[u64] {
        &self.shape
    }
    /// Size of the file in bytes.
    pub fn file_size(&self) -> u64 {
        self.mmap.len() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tmpdir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("sixdice-table-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn spec() -> TableSpec {
        TableSpec { game: "demo".into(), fingerprint: fingerprint("demo rules v1"), shape: vec![3, 5] }
    }

    #[test]
    fn round_trip() {
        let d = tmpdir("rt");
        let p = d.join("demo.sixdice");
        let data: Vec<f32> = (0..15).map(|x| x as f32 * 0.5).collect();
        write_table(&p, &spec(), &serde_json::json!({"expected": 1.5}), &data).unwrap();
        let t = Table::open(&p, &spec(), Verify::Full).unwrap();
        assert_eq!(t.values(), &data[..]);
        assert_eq!(t.meta()["expected"], 1.5);
        assert_eq!(t.shape(), &[3, 5]);
        assert_eq!(t.file_size() % 4, 0);
    }

    #[test]
    fn detects_damage_and_staleness() {
        let d = tmpdir("bad");
        let p = d.join("demo.sixdice");
        let data = vec![1.0f32; 15];
        write_table(&p, &spec(), &serde_json::json!({}), &data).unwrap();
        let bytes = std::fs::read(&p).unwrap();

        let mut other = spec();
        other.fingerprint ^= 1;
        assert!(matches!(Table::open(&p, &other, Verify::Auto), Err(TableError::Stale { .. })));
        let mut other = spec();
        other.game = "else".into();
        assert!(matches!(Table::open(&p, &other, Verify::Auto), Err(TableError::Stale { .. })));

        std::fs::write(&p, &bytes[..bytes.len() - 4]).unwrap();
        assert!(matches!(Table::open(&p, &spec(), Verify::Auto), Err(TableError::Truncated { .. })));

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
        assert!(matches!(Table::open(&d.join("nope"), &spec(), Verify::Auto), Err(TableError::Missing { .. })));
    }
}
