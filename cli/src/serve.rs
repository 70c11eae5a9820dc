//! `sixdice serve`: the web page and its JSON API, served from this
//! process until Ctrl-C or SIGTERM (the `serve` crate does the serving).
//!
//! The first line on stdout is the URL, flushed at once, so a script (or
//! the test suite) that started the server with `--port 0` learns the
//! port chosen. A host other than loopback gets one warning line on
//! stderr: the server has no login. On a stop, requests in flight get a
//! short grace; then any table being written is finished
//! ([`userio::stop_writes`], which holds back every later write) and the
//! runtime is shut down without waiting for a long solve on a worker: it
//! ends with the process, leaving neither a half-written table nor a
//! temporary file.

use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::Path;
use std::time::Duration;

/// How long the runtime waits, after serving ends, for its tasks.
const RUNTIME_STOP: Duration = Duration::from_millis(200);

/// Serves until stopped; prints nothing but the URL (and the warning).
/// Errors carry their OS reason in the one line (the binary prints no
/// cause chain).
pub fn run(host: IpAddr, port: u16, allow_full_solve: bool, tables: &Path) -> anyhow::Result<Vec<u8>> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let config = serve::Config { host, port, tables: tables.to_path_buf(), allow_full_solve };
    let served = runtime.block_on(async {
        let server = serve::Server::bind(&config)
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", SocketAddr::new(host, port)))?;
        let mut out = std::io::stdout().lock();
        writeln!(out, "{}", server.url()?)?;
        out.flush()?;
        drop(out);
        if !host.is_loopback() {
            let urls = server.urls()?;
            if !urls.is_empty() {
                let mut out = std::io::stdout().lock();
                writeln!(out, "phones on this network open: {}", urls.join("  "))?;
                if let Some(qr) = serve::terminal_qr(&urls[0]) {
                    writeln!(out, "{qr}")?;
                }
                out.flush()?;
            }
            eprintln!("warning: listening on {host}: anyone on that network can use this server, there is no login");
        }
        server.run(serve::shutdown_signal()).await.map_err(|e| anyhow::anyhow!("the server stopped: {e}"))
    });
    // A table being written is finished first, then no other starts: the
    // solves still running end with the process, leaving nothing behind.
    userio::stop_writes();
    runtime.shutdown_timeout(RUNTIME_STOP);
    served.map(|()| vec![])
}
