//! Helpers shared by the end-to-end tests: running the binary in a
//! temporary tables directory, reading its JSON, checking user errors.

use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The binary under test.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sixdice"))
}

/// A temporary tables directory, removed when dropped.
pub struct Env {
    dir: tempfile::TempDir,
}

impl Env {
    pub fn new() -> Env {
        Env { dir: tempfile::Builder::new().prefix("sixdice-e2e-").tempdir().expect("temporary directory") }
    }
    pub fn path(&self) -> &Path {
        self.dir.path()
    }
    pub fn run(&self, args: &[&str]) -> Output {
        run_in(self.path(), args)
    }
    pub fn ok(&self, args: &[&str]) -> String {
        ok_in(self.path(), args)
    }
    pub fn json(&self, args: &[&str]) -> serde_json::Value {
        json_in(self.path(), args)
    }
    /// Asserts a user error mentioning `needle`; returns the message.
    pub fn user_error(&self, args: &[&str], needle: &str) -> String {
        assert_user_error(&self.run(args), args, needle)
    }
    /// A file in the directory with `text` in it.
    pub fn file(&self, name: &str, text: &str) -> PathBuf {
        let p = self.path().join(name);
        std::fs::write(&p, text).expect("write test file");
        p
    }
}

pub fn run_in(tables: &Path, args: &[&str]) -> Output {
    bin().args(args).arg("--tables").arg(tables).output().expect("sixdice runs")
}

pub fn ok_in(tables: &Path, args: &[&str]) -> String {
    let out = run_in(tables, args);
    assert!(out.status.success(), "{args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

pub fn json_in(tables: &Path, args: &[&str]) -> serde_json::Value {
    let mut a = args.to_vec();
    a.push("--json");
    serde_json::from_str(&ok_in(tables, &a)).expect("JSON output")
}

/// Asserts exit code 2 and a single-line error containing `needle`, with no
/// control characters; returns the message.
pub fn assert_user_error(out: &Output, args: &[&str], needle: &str) -> String {
    let all = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{args:?}: stderr: {all}");
    // A stage that ran over a second (off a terminal) has said so first.
    let err: String = all.lines().filter(|l| !l.starts_with("progress: ")).map(|l| format!("{l}\n")).collect();
    assert!(err.starts_with("error: ") && err.ends_with('\n'), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: one line expected: {err}");
    assert!(!err.trim_end().chars().any(char::is_control), "{args:?}: control characters in {err:?}");
    assert!(err.contains(needle), "{args:?}: `{needle}` not in: {err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// A tables directory with classic Yahtzee (free joker and no-bonus) and
/// Yatzy solved once for all tests of this process (kept under the target
/// directory, solved afresh by each run; one directory per process, so
/// that test runners that start a process per test do not race on it).
pub fn solved() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("e2e-solved-tables-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        for args in [&["solve", "yatzy"][..], &["solve", "yahtzee"], &["solve", "yahtzee", "-o", "no-bonus"]] {
            ok_in(&d, args);
        }
        d
    })
}

/// Linux's error numbers (the same on every architecture) of the reasons
/// the tests expect.
pub const EACCES: i32 = 13;
pub const ENOTDIR: i32 = 20;
pub const ENOSPC: i32 = 28;
pub const EROFS: i32 = 30;

/// The OS's words for error `code`.
pub fn os(code: i32) -> String {
    std::io::Error::from_raw_os_error(code).to_string()
}

pub fn mkfifo(path: &Path) {
    assert!(Command::new("mkfifo").arg(path).status().expect("mkfifo runs").success());
}

pub fn is_fifo(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

/// Whether the tests run as root (who may make device nodes and mounts,
/// and whom permissions do not stop).
pub fn root(env: &Env) -> bool {
    let probe = env.file(".whoami", "");
    std::fs::metadata(probe).expect("probe").uid() == 0
}

/// A directory in which no file can be created: without write permission,
/// or as root a read-only file system mounted on it (unmounted when
/// dropped). `reason` is the OS's word for it.
pub struct Unwritable {
    pub path: PathBuf,
    mounted: bool,
    pub reason: String,
}

impl Unwritable {
    pub fn new(env: &Env, name: &str) -> Option<Unwritable> {
        let path = env.path().join(name);
        std::fs::create_dir(&path).expect("directory");
        if root(env) {
            let mounted = Command::new("mount")
                .args(["-t", "tmpfs", "-o", "ro,size=64k", "sixdice-test"])
                .arg(&path)
                .stderr(std::process::Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            if !mounted {
                eprintln!("skipped: as root, an unwritable directory needs a read-only mount, and mount failed");
                return None;
            }
            Some(Unwritable { path, mounted, reason: os(EROFS) })
        } else {
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o555)).expect("chmod");
            Some(Unwritable { path, mounted: false, reason: os(EACCES) })
        }
    }
}

impl Drop for Unwritable {
    fn drop(&mut self) {
        if self.mounted {
            let _ = Command::new("umount").arg(&self.path).status();
        } else {
            let _ = std::fs::set_permissions(&self.path, std::fs::Permissions::from_mode(0o755));
        }
    }
}
