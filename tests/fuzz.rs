//! A seeded fuzz test of the binary: thousands of random invocations of
//! `advise`, `strategy`, `rules`, `solve` and `info` over every game, with
//! random valid and invalid dice, sheets, situations, options with values
//! from tiny to `i64::MAX`, and random rules files. Every run must end with
//! exit code 0 or 2 (no panic, no abort), a one-line error without control
//! characters on exit 2, valid JSON under `--json`, and within a few seconds.

use std::process::Output;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::util::{bin, Env};

/// Invocations per run of the test.
const RUNS: usize = 6000;
/// The longest any one invocation may take: a hang detector, not a
/// benchmark. The slowest cases (large Van't Hof bonuses, about 2.3 s alone)
/// share two cores with the other end-to-end tests (solves, simulations),
/// which can more than double them.
const MAX_RUN: Duration = Duration::from_secs(15);

/// splitmix64: a small seeded generator, enough to pick cases.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const GAMES: &[&str] = &[
    "yahtzee-deluxe",
    "deluxe",
    "yahtzee",
    "yatzy",
    "farkle",
    "ten-thousand",
    "10000",
    "dice10000",
    "yahtzix",
    "FARKLE",
    "parcheesi",
    "",
    "far\nkle",
    "yaht\u{1b}zee",
];

const OPTIONS: &[&str] = &[
    "joker",
    "no-bonus",
    "on-the-board",
    "min-bank",
    "vant-hof-6",
    "three-farkle-penalty",
    "piggyback",
    "goal",
    "exact-goal",
    "alternative-scoring",
    "go-for-it",
    "wild",
    "",
    "go\nal",
];

/// A number from tiny to huge, sometimes not a number at all.
fn number(r: &mut Rng) -> String {
    match r.below(14) {
        0 => "0".into(),
        1 => "1".into(),
        2 => "-1".into(),
        3 => i64::MAX.to_string(),
        4 => i64::MIN.to_string(),
        5 => "100000000000000000000".into(),
        6 => "x".into(),
        7 => String::new(),
        8 => format!("{}", r.below(100) * 50),
        9 => format!("{}", r.below(20_000)),
        10 => format!("{}", r.below(2_000_000)),
        11 => "1e9".into(),
        12 => "5\r".into(),
        _ => format!("{}", r.below(1000) * 10),
    }
}

fn option(r: &mut Rng) -> String {
    let name = r.pick(OPTIONS);
    match r.below(4) {
        0 => name.to_string(),
        1 if name == "joker" => format!("joker={}", r.pick(&["free", "forced", "maybe", "FREE"])),
        _ => format!("{name}={}", number(r)),
    }
}

fn dice(r: &mut Rng, max: usize) -> String {
    match r.below(12) {
        0 => "1,2,3,4,5,6,7".into(),
        1 => "0".into(),
        2 => "1".repeat(300),
        3 => "a,b".into(),
        4 => "1\n2".into(),
        5 => String::new(),
        _ => {
            let n = 1 + r.below(max);
            (0..n).map(|_| (1 + r.below(6)).to_string()).collect::<Vec<_>>().join(",")
        }
    }
}

fn sheet(r: &mut Rng) -> String {
    const BOXES: &[&str] = &[
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "three-kind",
        "four-kind",
        "full-house",
        "fh",
        "small-straight",
        "large-straight",
        "yahtzee",
        "chance",
        "bonus",
        "three-pairs",
        "two-triplets",
        "straight",
        "small-yahtzee",
        "one-pair",
        "two-pairs",
        "yatzy",
        "bananas",
        "1s",
    ];
    let n = r.below(16);
    (0..n)
        .map(|_| {
            let v = match r.below(6) {
                0 => "x".to_string(),
                1 => number(r),
                _ => (r.below(13) * 5).to_string(),
            };
            format!("{}={v}", r.pick(BOXES))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A random house-rules file: valid keys with random values, sometimes
/// wrong types, unknown keys, wrong array lengths and many patterns.
fn rules_file(r: &mut Rng) -> String {
    let mut t = String::new();
    if r.chance(20) {
        t.push_str(&format!("name = \"{}\"\n", r.pick(&["House", "", "Evil\\u001b[31m", "x\\ny"])));
    }
    if r.chance(50) {
        t.push_str("[scoring]\n");
        for key in ["no-score-bonus", "all-six-premium"] {
            if r.chance(30) {
                t.push_str(&format!("{key} = {}\n", number(r)));
            }
        }
        if r.chance(50) {
            t.push_str("[scoring.kinds]\n");
            for face in ["ones", "twos", "threes", "fours", "fives", "sixes"] {
                if r.chance(40) {
                    let n = if r.chance(85) { 6 } else { 5 + r.below(3) };
                    let row: Vec<String> = (0..n)
                        .map(|_| if r.chance(50) { "0".into() } else { number(r) })
                        .map(|v| if v.parse::<i128>().is_ok() { v } else { "50".into() })
                        .collect();
                    t.push_str(&format!("{face} = [{}]\n", row.join(", ")));
                }
            }
        }
        let patterns = match r.below(10) {
            0 => 40,
            1..=3 => r.below(6),
            _ => 0,
        };
        for i in 0..patterns {
            t.push_str(&format!("[[scoring.patterns]]\nname = \"p{i}\"\n"));
            if r.chance(50) {
                let k = 1 + r.below(6);
                let faces: Vec<String> = (1..=k).map(|f| f.to_string()).collect();
                t.push_str(&format!("faces = [{}]\n", faces.join(", ")));
            } else {
                let k = 1 + r.below(4);
                let groups: Vec<String> = (0..k).map(|_| (1 + r.below(3)).to_string()).collect();
                t.push_str(&format!("groups = [{}]\ndistinct-faces = {}\n", groups.join(", "), r.chance(50)));
            }
            if r.chance(90) {
                let v = number(r);
                let v = if v.parse::<i128>().is_ok() { v } else { "\"many\"".into() };
                t.push_str(&format!("points = {v}\n"));
            }
            if r.chance(10) {
                t.push_str("instant-win = true\n");
            }
        }
    }
    if r.chance(50) {
        t.push_str("[turn]\n");
        for key in ["entry", "min-bank", "vant-hof", "three-farkle-penalty", "max-rolls"] {
            if r.chance(30) {
                let v = number(r);
                let v = if v.parse::<i128>().is_ok() { v } else { "\"three\"".into() };
                t.push_str(&format!("{key} = {v}\n"));
            }
        }
        for key in ["hot-dice", "piggyback", "piggyback-needs-board"] {
            if r.chance(20) {
                t.push_str(&format!("{key} = {}\n", r.chance(50)));
            }
        }
        if r.chance(5) {
            t.push_str("no-such-key = 1\n");
        }
    }
    if r.chance(40) {
        t.push_str("[game]\n");
        if r.chance(70) {
            let v = number(r);
            let v = if v.parse::<i128>().is_ok() { v } else { "5000".into() };
            t.push_str(&format!("goal = {v}\n"));
        }
        if r.chance(30) {
            t.push_str(&format!("exact-goal = {}\n", r.chance(50)));
        }
    }
    if r.chance(5) {
        t.push_str("[turn\n");
    }
    t
}

/// One random command line (and the rules file it refers to, if any).
fn invocation(r: &mut Rng, env: &Env, n: usize) -> Vec<String> {
    // Mostly real games, so that most runs get past the first check.
    let game = if r.chance(85) { r.pick(&GAMES[..9]) } else { r.pick(GAMES) }.to_string();
    let command = match r.below(20) {
        0..=10 => "advise",
        11..=13 => "strategy",
        14..=15 => "rules",
        16..=18 => "solve",
        _ => "info",
    };
    let mut a: Vec<String> = vec![command.into()];
    if r.chance(50) {
        a.push(game.clone());
    } else {
        a.extend(["--game".into(), game.clone()]);
    }
    let category = ["yahtzee-deluxe", "deluxe", "yahtzee", "yatzy"].contains(&game.as_str());
    // Category solves take a fraction of a second each: keep them rare.
    if category && command == "solve" && !r.chance(10) {
        a[0] = "info".into();
    }
    if r.chance(35) {
        for _ in 0..1 + r.below(2) {
            a.extend(["-o".into(), option(r)]);
        }
    }
    if !category && r.chance(25) {
        let file = env.file(&format!("rules-{n}.toml"), &rules_file(r));
        a.extend(["--rules".into(), file.display().to_string()]);
    }
    if command == "advise" && r.chance(60) {
        // A plausible question.
        let faces = |r: &mut Rng, n: usize| (0..n).map(|_| (1 + r.below(6)).to_string()).collect::<Vec<_>>().join(",");
        if category {
            let n = if game.contains("deluxe") { 6 } else { 5 };
            a.extend(["--dice".into(), faces(r, n), "--roll".into(), (1 + r.below(3)).to_string()]);
            if r.chance(50) {
                a.extend(["--sheet".into(), sheet(r)]);
            }
        } else if r.chance(50) {
            a.extend(["--dice".into(), faces(r, 6)]);
        } else {
            let step = if game == "yahtzix" { 5 } else { 50 };
            let k = 1 + r.below(5);
            a.extend(["--dice".into(), faces(r, k), "--banked".into(), (step * (2 + r.below(40))).to_string()]);
            a.extend(["--roll".into(), (2 + r.below(2)).to_string()]);
            if r.chance(30) {
                a.extend(["--score".into(), (r.below(200) * 50).to_string()]);
            }
        }
    } else if command == "advise" {
        if category {
            if r.chance(85) {
                a.extend(["--dice".into(), dice(r, 6)]);
            }
            if r.chance(60) {
                a.extend(["--sheet".into(), sheet(r)]);
            }
        } else if r.chance(90) {
            a.extend(["--dice".into(), dice(r, 6)]);
        } else {
            a.extend(["--leftover".into(), r.below(8).to_string()]);
        }
        for flag in ["--roll", "--banked", "--score", "--farkles", "--ones"] {
            let likely = if category { flag == "--roll" } else { flag != "--farkles" && flag != "--ones" };
            if r.chance(if likely { 45 } else { 8 }) {
                let v = match r.below(3) {
                    0 => number(r),
                    _ => (r.below(if flag == "--roll" { 4 } else { 40 }) * if flag == "--roll" { 1 } else { 50 })
                        .to_string(),
                };
                a.push(format!("{flag}={v}"));
            }
        }
    }
    if r.chance(60) {
        a.push("--json".into());
    }
    a
}

/// Checks one run's outcome; returns a description of what is wrong.
fn check(args: &[String], out: &Output, took: Duration) -> Result<(), String> {
    let err = String::from_utf8_lossy(&out.stderr);
    if took > MAX_RUN {
        return Err(format!("took {took:?}"));
    }
    if err.contains("panicked") {
        return Err(format!("panic: {err}"));
    }
    match out.status.code() {
        Some(0) => {
            if args.iter().any(|a| a == "--json") {
                serde_json::from_slice::<serde_json::Value>(&out.stdout).map_err(|e| format!("bad JSON: {e}"))?;
            }
            Ok(())
        }
        Some(2) => {
            let line = err.trim_end_matches('\n');
            if !line.starts_with("error: ") || line.contains('\n') || line.chars().any(char::is_control) {
                return Err(format!("bad error message: {err:?}"));
            }
            Ok(())
        }
        code => Err(format!("exit code {code:?}, stderr: {err}")),
    }
}

#[test]
fn thousands_of_random_invocations_end_cleanly() {
    let env = Env::new();
    // Category tables first, so that advise reads them.
    for args in [
        &["solve", "yahtzee"][..],
        &["solve", "yahtzee", "-o", "joker=forced"],
        &["solve", "yahtzee", "-o", "no-bonus"],
        &["solve", "yatzy"],
        &["solve", "deluxe"],
    ] {
        env.ok(args);
    }
    let mut rng = Rng(0x5eed_d1ce);
    let cases: Vec<Vec<String>> = (0..RUNS).map(|n| invocation(&mut rng, &env, n)).collect();
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let (ok, errors) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let started = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(args) = cases.get(i) else { break };
                let t = Instant::now();
                let out = bin().args(args).arg("--tables").arg(env.path()).output().expect("sixdice runs");
                let took = t.elapsed();
                match check(args, &out, took) {
                    Ok(()) if out.status.success() => ok.fetch_add(1, Ordering::Relaxed),
                    Ok(()) => errors.fetch_add(1, Ordering::Relaxed),
                    Err(why) => {
                        failures.lock().unwrap().push(format!("{args:?}: {why}"));
                        0
                    }
                };
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{} failures, first: {:#?}", failures.len(), &failures[..failures.len().min(5)]);
    let (ok, errors) = (ok.into_inner(), errors.into_inner());
    eprintln!("fuzz: {RUNS} invocations in {:.1?}: {ok} answered, {errors} user errors", started.elapsed());
    // The mix exercises both paths in earnest.
    assert!(ok > RUNS / 5 && errors > RUNS / 5, "{ok} answered, {errors} errors");
}
