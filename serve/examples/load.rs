//! The load test of `scripts/bench serve`: concurrent clients on loopback
//! posting `/api/advise` to a running `sixdice serve`, bounded in requests
//! and in time.
//!
//! `load URL PID [CLIENTS] [REQUESTS_EACH] [SECONDS]` (defaults 32, 200,
//! 120). Each client keeps one connection and sends its requests one after
//! the other (keep-alive), cycling through three questions on Farkle's
//! existing tables: a roll by expected points, a roll by P(win), a first
//! roll. The server's time per request comes from its `Server-Timing`
//! header: the time from the router to the answer (`app`), and its parts,
//! waiting for a worker (`wait`) and the library's work (`work`); the
//! client's round trip is printed beside it. Resident
//! memory is read from `/proc/PID/status`: idle after one warm-up request
//! (the tables mapped), after the load, and the peak (`VmHWM`, the
//! highest the process ever had).
//!
//! A plain HTTP/1.1 client over tokio's TCP stream, so that the load needs
//! nothing beyond the crate's own dependencies; every answer must be 200.

use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// The questions, in turn.
const BODIES: [&str; 3] = [
    r#"{"game":"farkle","dice":"1,1,2,3,5,5","banked":300}"#,
    r#"{"game":"farkle","dice":"1,1,2,3,5,5","banked":300,"score":7500,"opponent":9100,"objective":"win"}"#,
    r#"{"game":"farkle","dice":"1,2,3,4,6,6"}"#,
];

type Result<T> = std::result::Result<T, Box<dyn std::error::Error + Send + Sync>>;

/// One request's times, in milliseconds: the server's and the round trip.
struct Timing {
    /// From the router to the answer (`app`), of which waiting for a
    /// worker (`wait`) and the library's work (`work`).
    app: f64,
    wait: f64,
    work: f64,
    client: f64,
}

/// A connection that posts advise questions.
struct Client {
    reader: BufReader<tokio::net::tcp::OwnedReadHalf>,
    writer: tokio::net::tcp::OwnedWriteHalf,
    host: String,
}

impl Client {
    async fn connect(host: &str) -> Result<Client> {
        let stream = TcpStream::connect(host).await?;
        stream.set_nodelay(true)?;
        let (r, w) = stream.into_split();
        Ok(Client { reader: BufReader::new(r), writer: w, host: host.to_string() })
    }

    async fn advise(&mut self, body: &str) -> Result<Timing> {
        let request = format!(
            "POST /api/advise HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.host,
            body.len()
        );
        let start = Instant::now();
        self.writer.write_all(request.as_bytes()).await?;
        let mut line = String::new();
        self.reader.read_line(&mut line).await?;
        if !line.starts_with("HTTP/1.1 200") {
            return Err(format!("answer {}", line.trim()).into());
        }
        let (mut length, mut timing) = (0usize, String::new());
        loop {
            line.clear();
            if self.reader.read_line(&mut line).await? == 0 {
                return Err("the connection closed".into());
            }
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            let (name, value) = l.split_once(':').unwrap_or((l, ""));
            match name.to_ascii_lowercase().as_str() {
                "content-length" => length = value.trim().parse()?,
                "server-timing" => timing = value.trim().to_string(),
                _ => {}
            }
        }
        let mut answer = vec![0; length];
        self.reader.read_exact(&mut answer).await?;
        let client = start.elapsed().as_secs_f64() * 1e3;
        let metric = |name: &str| -> Result<f64> {
            let part = timing.split(", ").find_map(|p| p.strip_prefix(name)).ok_or("no Server-Timing header")?;
            Ok(part.trim_start_matches(";dur=").parse()?)
        };
        Ok(Timing { app: metric("app")?, wait: metric("wait")?, work: metric("work")?, client })
    }
}

/// A value of `/proc/PID/status` in MiB (`VmRSS`, `VmHWM`).
fn status_mib(pid: u32, key: &str) -> Option<f64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// The `p`-th percentile of sorted values (nearest rank).
fn percentile(sorted: &[f64], p: f64) -> f64 {
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, clippy::cast_precision_loss)]
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

#[tokio::main]
async fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: load URL PID [CLIENTS] [REQUESTS_EACH] [SECONDS]";
    let url = args.get(1).ok_or(usage)?;
    let host = url.trim_start_matches("http://").trim_end_matches('/').to_string();
    let pid: u32 = args.get(2).ok_or(usage)?.parse()?;
    let number = |i: usize, default: u64| args.get(i).map_or(Ok(default), |a| a.parse::<u64>());
    let (clients, each, seconds) = (number(3, 32)?, number(4, 200)?, number(5, 120)?);

    // Warm up: the tables mapped, then the idle footprint.
    let mut warm = Client::connect(&host).await?;
    for body in BODIES {
        warm.advise(body).await?;
    }
    drop(warm);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let idle = status_mib(pid, "VmRSS:").ok_or("no /proc status for the server")?;

    let deadline = Instant::now() + Duration::from_secs(seconds);
    let start = Instant::now();
    let mut tasks = vec![];
    for c in 0..clients {
        let host = host.clone();
        tasks.push(tokio::spawn(async move {
            let mut client = Client::connect(&host).await?;
            let mut times = vec![];
            #[allow(clippy::cast_possible_truncation)]
            for i in 0..each as usize {
                if Instant::now() >= deadline {
                    break;
                }
                times.push(client.advise(BODIES[(c as usize + i) % BODIES.len()]).await?);
            }
            Result::Ok(times)
        }));
    }
    let mut times = vec![];
    for t in tasks {
        times.extend(t.await??);
    }
    let wall = start.elapsed().as_secs_f64();
    let busy = status_mib(pid, "VmRSS:").unwrap_or(0.0);
    let hwm = status_mib(pid, "VmHWM:").unwrap_or(0.0);

    let sorted = |f: fn(&Timing) -> f64| {
        let mut v: Vec<f64> = times.iter().map(f).collect();
        v.sort_by(f64::total_cmp);
        v
    };
    #[allow(clippy::cast_precision_loss)]
    let rate = times.len() as f64 / wall;
    println!(
        "serve load: {clients} clients x {each} requests, POST /api/advise on Farkle's tables: {} answered in \
         {wall:.1} s ({rate:.0}/s)",
        times.len()
    );
    for (label, v) in [
        ("server time (Server-Timing app: router to answer)", sorted(|t| t.app)),
        ("  of which waiting for a worker (wait)", sorted(|t| t.wait)),
        ("  of which the library's work (work)", sorted(|t| t.work)),
        ("client round trip", sorted(|t| t.client)),
    ] {
        println!(
            "serve load: {label:50} median {:7.3} ms  p99 {:7.3} ms  max {:7.3} ms",
            percentile(&v, 50.0),
            percentile(&v, 99.0),
            percentile(&v, 100.0)
        );
    }
    println!("serve load: RSS idle {idle:.1} MiB (tables mapped, after warm-up), after the load {busy:.1} MiB, peak {hwm:.1} MiB");
    Ok(())
}
