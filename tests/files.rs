//! Output files: pictures and tables are written only where a regular file
//! may be, checked before the work, with the user's path and the OS reason
//! in every error; a table that cannot be saved does not cost the answer;
//! files are created as ordinary files are (the umask applies).
//!
//! Special files are made in temporary directories only: a FIFO, symbolic
//! links, and (as root) a device node like `/dev/full`. A directory that
//! takes no new file is one without write permission, or as root (who
//! ignores permissions) a read-only mount; tests that need one say so on
//! stderr and return when neither can be had.

use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::Path;
use std::process::{Command, Output};

use crate::util::{assert_user_error, is_fifo, mkfifo, os, root, run_in, Env, Unwritable, EACCES, ENOSPC, ENOTDIR};

/// A small win game: its table solves in well under a second.
const WIN: [&str; 5] = ["farkle", "-o", "goal=1000", "--objective", "win"];

fn win_sheet(plot: &Path) -> Vec<String> {
    let mut a: Vec<String> = ["strategy", "farkle", "-o", "goal=1000", "--objective", "win", "--dice", "3", "--plot"]
        .map(String::from)
        .to_vec();
    a.push(plot.display().to_string());
    a
}

fn run(tables: &Path, args: &[String]) -> Output {
    run_in(tables, &args.iter().map(String::as_str).collect::<Vec<_>>())
}

fn user_error(tables: &Path, args: &[String], expected: &str) {
    let a: Vec<&str> = args.iter().map(String::as_str).collect();
    let err = assert_user_error(&run_in(tables, &a), &a, expected);
    assert_eq!(err.trim_end(), format!("error: {expected}"));
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = match std::fs::read_dir(dir) {
        Ok(entries) => entries.map(|e| e.expect("entry").file_name().to_string_lossy().into_owned()).collect(),
        Err(_) => vec![],
    };
    v.sort();
    v
}

/// `--plot` takes only an absent path or a regular file (through a
/// symbolic link too), and refuses anything else in one line before any
/// work: nothing is solved, the special file is left as it was.
#[test]
fn pictures_go_only_where_a_regular_file_may_be() {
    let env = Env::new();
    let tables = env.path().join("tables");
    let p = |name: &str| env.path().join(name);
    let refused = |name: &str, what: &str| {
        let path = p(name);
        user_error(&tables, &win_sheet(&path), &format!("cannot write the picture {}: it is {what}", path.display()));
        assert!(names(&tables).is_empty(), "{name}: nothing solved before the refusal: {:?}", names(&tables));
    };
    mkfifo(&p("fifo"));
    refused("fifo", "a FIFO, not a regular file");
    assert!(is_fifo(&p("fifo")), "the FIFO stays");
    std::fs::create_dir(p("dir")).unwrap();
    refused("dir", "a directory, not a regular file");
    std::os::unix::fs::symlink("fifo", p("to-fifo")).unwrap();
    refused("to-fifo", "a symbolic link to a FIFO, not a regular file");
    std::os::unix::fs::symlink("missing.svg", p("dangling")).unwrap();
    refused("dangling", "a symbolic link to a missing file");
    assert!(!p("missing.svg").exists());
    let under_file = env.file("file", "a file").join("p.svg");
    user_error(
        &tables,
        &win_sheet(&under_file),
        &format!("cannot write the picture {}: no directory `{}`", under_file.display(), p("file").display()),
    );
    // compare checks its picture the same way.
    let mut compare: Vec<String> =
        ["compare", "farkle", "-o", "goal=1000", "--no-defaults", "--plot"].map(String::from).to_vec();
    compare.push(p("fifo").display().to_string());
    user_error(
        &tables,
        &compare,
        &format!("cannot write the picture {}: it is a FIFO, not a regular file", p("fifo").display()),
    );
    assert!(names(&tables).is_empty());

    if root(&env) {
        // What `--plot /dev/full` did to /dev/full: replaced it with a picture.
        let dev = p("dev");
        assert!(Command::new("mknod").arg(&dev).args(["c", "1", "7"]).status().unwrap().success());
        refused("dev", "a character device, not a regular file");
        assert!(std::fs::symlink_metadata(&dev).unwrap().file_type().is_char_device(), "the device stays");
    } else {
        eprintln!("skipped the device node: mknod needs root");
    }

    // A symbolic link to a regular file is written through: the link stays.
    let old = env.file("old.svg", "old picture");
    std::os::unix::fs::symlink(&old, p("link.svg")).unwrap();
    let out = run(&tables, &win_sheet(&p("link.svg")));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(std::fs::symlink_metadata(p("link.svg")).unwrap().file_type().is_symlink(), "the link stays");
    assert!(std::fs::read_to_string(&old).unwrap().starts_with("<svg"), "the picture replaced its target");
    let mut left = names(env.path());
    left.retain(|n| n.starts_with('.') && n != ".whoami");
    assert!(left.is_empty(), "no temporary file left: {left:?}");
}

/// A picture that cannot be written fails before the work, naming the
/// user's path and the OS reason (not a temporary file).
#[test]
fn an_unwritable_picture_fails_before_the_work() {
    let env = Env::new();
    let tables = env.path().join("tables");
    let Some(ro) = Unwritable::new(&env, "ro") else { return };
    let svg = ro.path.join("p.svg");
    user_error(&tables, &win_sheet(&svg), &format!("cannot write the picture {}: {}", svg.display(), ro.reason));
    assert!(names(&tables).is_empty(), "nothing solved: {:?}", names(&tables));
    if !root(&env) {
        // An existing picture that may not be written is not replaced.
        let old = env.file("read-only.svg", "old");
        std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o444)).unwrap();
        user_error(&tables, &win_sheet(&old), &format!("cannot write the picture {}: {}", old.display(), os(EACCES)));
        assert_eq!(std::fs::read_to_string(&old).unwrap(), "old");
    }
}

/// A write that fails (the disk full) is reported as a failed write, and
/// the old picture stays. As root only: a tiny file system mounted.
#[test]
fn a_failed_picture_write_is_an_error() {
    let env = Env::new();
    if !root(&env) {
        eprintln!("skipped: a full file system needs a mount (root)");
        return;
    }
    let small = env.path().join("small");
    std::fs::create_dir(&small).unwrap();
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=4k", "sixdice-test"])
        .arg(&small)
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!("skipped: mount failed");
        return;
    }
    struct Umount<'a>(&'a Path);
    impl Drop for Umount<'_> {
        fn drop(&mut self) {
            let _ = Command::new("umount").arg(self.0).status();
        }
    }
    let _guard = Umount(&small);
    let svg = small.join("p.svg");
    std::fs::write(&svg, "old").unwrap();
    let tables = env.path().join("tables");
    // The table first, so that the error is all stderr says.
    crate::util::ok_in(&tables, &[&["solve"][..], &WIN].concat());
    user_error(&tables, &win_sheet(&svg), &format!("cannot write the picture {}: {}", svg.display(), os(ENOSPC)));
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), "old");
    assert_eq!(names(&small), ["p.svg"], "no temporary file left");
}

/// `solve` checks that it can write the table before solving: an
/// unwritable directory, a path that cannot be a directory, and a FIFO or
/// a directory where the table belongs are refused in one line, and the
/// special file stays.
#[test]
fn solve_checks_its_table_can_be_written() {
    let env = Env::new();
    let solve = |tables: &Path, expected: &str| {
        let a = [&["solve"][..], &WIN].concat();
        let err = assert_user_error(&run_in(tables, &a), &a, expected);
        assert_eq!(err.trim_end(), format!("error: {expected}"));
    };
    let under_file = env.file("file", "a file").join("tables");
    solve(&under_file, &format!("cannot create the tables directory `{}`: {}", under_file.display(), os(ENOTDIR)));
    let tables = env.path().join("tables");
    std::fs::create_dir(&tables).unwrap();
    let table = tables.join("farkle.win.goal=1000.sixdice");
    mkfifo(&table);
    solve(&tables, &format!("cannot write table `{}`: it is a FIFO, not a regular file", table.display()));
    assert!(is_fifo(&table), "the FIFO stays");
    std::fs::remove_file(&table).unwrap();
    std::fs::create_dir(&table).unwrap();
    solve(&tables, &format!("cannot write table `{}`: it is a directory, not a regular file", table.display()));
    assert!(table.is_dir());
    let a = ["solve", "yahtzee"];
    let category = tables.join("yahtzee.joker=free.sixdice");
    mkfifo(&category);
    let err = assert_user_error(&run_in(&tables, &a), &a, "");
    assert_eq!(
        err.trim_end(),
        format!("error: cannot write table `{}`: it is a FIFO, not a regular file", category.display())
    );

    let Some(ro) = Unwritable::new(&env, "ro") else { return };
    solve(&ro.path, &format!("cannot write into the tables directory `{}`: {}", ro.path.display(), ro.reason));
}

/// Commands that solve a missing table only to answer still answer when
/// the table cannot be saved, with one note on stderr that says so and why.
#[test]
fn answers_do_not_need_a_writable_tables_directory() {
    let env = Env::new();
    let Some(ro) = Unwritable::new(&env, "ro") else { return };
    let note = format!(
        "note: cannot write into the tables directory `{}`: {}; answering from memory, the table is not saved",
        ro.path.display(),
        ro.reason
    );
    let answers = |args: &[&str], notes: usize| -> String {
        let out = run_in(&ro.path, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {err}");
        assert_eq!(err.lines().filter(|l| *l == note).count(), notes, "{args:?}: {err}");
        assert!(!err.lines().any(|l| l.starts_with("error")), "{args:?}: {err}");
        String::from_utf8(out.stdout).unwrap()
    };
    // The same answer as from a saved table.
    let advise = ["advise", "yahtzee", "--dice", "1,2,3,4,4", "--sheet", "ones=3"];
    let from_memory = answers(&advise, 1);
    assert!(from_memory.contains("best:"), "{from_memory}");
    assert_eq!(from_memory, env.ok(&advise));
    answers(&["simulate", "yahtzee", "--games", "200"], 1);
    answers(&["advise", "farkle", "-o", "goal=1000", "--dice", "1,5,2,3,4,6", "--opponent", "500"], 1);
    answers(&[&["strategy"][..], &WIN, &["--dice", "3"]].concat(), 1);
    // Solved once (not again for the game facts).
    answers(&["simulate", "farkle", "-o", "goal=1000", "--games", "200"], 1);
    answers(&["compare", "farkle", "-o", "goal=1000", "--no-defaults", "--variant", "piggyback"], 2);
    // Six Hundred's level files (a short card).
    let out = run_in(&ro.path, &["simulate", "sixhundred", "-o", "card=mini", "--games", "200"]);
    let levels = ro.path.join("sixhundred.card=mini.levels");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let expected = format!(
        "note: cannot create the directory `{}`: {}; answering from memory, the table is not saved",
        levels.display(),
        ro.reason
    );
    assert!(err.lines().any(|l| l == expected), "{err}");
    assert!(names(&ro.path).is_empty());
}

/// Tables and pictures are created as ordinary files are: mode 0666 less
/// the umask (a tables directory can be shared).
#[test]
fn files_are_created_with_the_umask() {
    let env = Env::new();
    let svg = env.path().join("p.svg");
    for (umask, mode) in [("027", 0o640), ("022", 0o644)] {
        let tables = env.path().join(format!("tables-{umask}"));
        let mut args: Vec<String> = win_sheet(&svg);
        args.extend(["--tables".to_string(), tables.display().to_string()]);
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("umask {umask} && exec \"$0\" \"$@\""))
            .arg(env!("CARGO_BIN_EXE_sixdice"))
            .args(&args)
            .output()
            .expect("sh runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let table = tables.join("farkle.win.goal=1000.sixdice");
        assert_eq!(std::fs::metadata(&table).unwrap().mode() & 0o777, mode, "table, umask {umask}");
        assert_eq!(std::fs::metadata(&svg).unwrap().mode() & 0o777, mode, "picture, umask {umask}");
        std::fs::remove_file(&svg).unwrap();
    }
}

/// A table with bytes added at its end is corrupt (not "truncated"), and
/// refused.
#[test]
fn a_table_too_long_is_corrupt() {
    let env = Env::new();
    env.ok(&[&["solve"][..], &WIN].concat());
    let table = env.path().join("farkle.win.goal=1000.sixdice");
    let mut bytes = std::fs::read(&table).unwrap();
    bytes.extend_from_slice(b"appended");
    std::fs::write(&table, bytes).unwrap();
    let expected = format!(
        "error: table `{}` is corrupt (it has 8 bytes more than its header says); \
         regenerate it with `sixdice solve farkle -o goal=1000 --objective win`",
        table.display()
    );
    for args in [
        [&["info"][..], &WIN].concat(),
        vec!["advise", "farkle", "-o", "goal=1000", "--dice", "1,5,2,3,4,6", "--opponent", "500"],
    ] {
        let err = env.user_error(&args, "corrupt");
        assert_eq!(err.trim_end(), expected);
    }
}

/// `play --record` writes only over nothing or a record of its own game:
/// a table, any other file or another game's record is refused before the
/// game starts and left as it was; a record of the game is replaced only
/// with `--force` (or continued with `--resume`).
#[test]
fn a_game_record_never_destroys_a_file() {
    let env = Env::new();
    let tables = env.path().join("tables");
    std::fs::create_dir(&tables).unwrap();
    let tables = tables.to_str().unwrap();
    let farkle = ["play", "farkle", "-o", "goal=1000", "--players", "optimal,ev", "--seed", "2"];
    let play = |record: &Path, extra: &[&str]| {
        let mut a: Vec<&str> = farkle.to_vec();
        a.extend(["--record", record.to_str().unwrap(), "--tables", tables]);
        a.extend(extra);
        let out = crate::util::bin().args(&a).output().expect("sixdice runs");
        (a.iter().map(ToString::to_string).collect::<Vec<_>>(), out)
    };
    // A table of this very game, solved by `play` itself.
    let (_, out) = play(&env.path().join("first.rec"), &[]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let table = Path::new(tables).join("farkle.win.goal=1000.sixdice");
    let bytes = std::fs::read(&table).expect("the win table");
    for (file, why) in [
        (table.clone(), "something other than a game record (data that is not text)"),
        (
            env.file("notes.txt", "dice night: bring snacks\n"),
            "something other than a game record (text that is not a record)",
        ),
        (
            env.file("other.rec", "sixdice-record 1\ngame yahtzee\nplayers ann\n"),
            "the record of another game (yahtzee)",
        ),
    ] {
        let before = std::fs::read(&file).unwrap();
        for force in [&[][..], &["--force"]] {
            let (a, out) = play(&file, force);
            let a: Vec<&str> = a.iter().map(String::as_str).collect();
            assert_user_error(&out, &a, &format!("cannot write the record {}: it holds {why}", file.display()));
            assert_eq!(std::fs::read(&file).unwrap(), before, "{} is left alone", file.display());
        }
    }
    assert_eq!(std::fs::read(&table).unwrap(), bytes);
    // The game's own record: refused, then replaced with --force.
    let first = env.path().join("first.rec");
    let (a, out) = play(&first, &[]);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    assert_user_error(&out, &a, "it holds a record of this game already: continue it with --resume");
    let (_, out) = play(&first, &["--force"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // An empty file holds nothing to lose.
    let (_, out) = play(&env.file("empty.rec", ""), &[]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}
