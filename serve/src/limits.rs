//! Every bound the server puts on what others can make it do, in one place
//! (docs/api.md lists the same numbers).
//!
//! The values inside a question are bounded by the library's own checks,
//! as for the CLI; these bound what only a server has: bodies, concurrent
//! work, sessions and jobs kept in memory, and how long each is kept.

use std::time::Duration;

/// A game record sent for review: the CLI's own limit on a record file.
pub const RECORD_BODY_BYTES: usize = 4 << 20;
/// Any other request body: a question is a few hundred bytes; house rules
/// as text are the largest part.
pub const BODY_BYTES: usize = 64 << 10;

/// Quick library calls running at once (advice, facts, a game's moves):
/// two per core of the 2-core machines this runs on.
pub const WORKERS: usize = 4;
/// Whole solves, comparisons, simulations, sheets and reviews running at
/// once, beside the quick calls: a lane of their own, so that answers from
/// tables never wait behind them.
pub const SOLVE_WORKERS: usize = 2;
/// Answers waiting for a worker; one more is answered 503 at once. Larger
/// than the 32 clients of the load test, so a burst is queued, not
/// refused.
pub const QUEUE: usize = 64;
/// Long pieces of work waiting for a worker of their own lane; one more is
/// answered 503 at once (answers are never refused for them).
pub const SOLVE_QUEUE: usize = 16;
/// How long a request waits for its answer before it is answered `202` with
/// a job to poll.
pub const ANSWER_WAIT: Duration = Duration::from_secs(1);
/// Jobs kept (running, waiting or finished): the oldest finished ones make
/// room; with all of them unfinished a new long request is refused.
pub const JOBS: usize = 16;
/// How long a finished job's answer is kept for its poller.
pub const JOB_KEPT: Duration = Duration::from_secs(5 * 60);

/// Play sessions at once; one more is refused with 503.
pub const SESSIONS: usize = 64;

/// Sessions that keep the rollouts' tables and solved turns at once (a few
/// hundred megabytes each: a game of four to 10,000 reviewed peaked at 385
/// MB); the one used longest ago lets them go.
pub const ROLLOUT_SESSIONS: usize = 4;
/// Games kept on disk (in play or finished); the oldest finished make
/// room, and with none finished a new game is refused.
pub const SAVED_GAMES: usize = 256;
/// A session untouched this long leaves memory (it is resumed from its
/// record on disk when asked for again).
pub const SESSION_IDLE: Duration = Duration::from_secs(30 * 60);
/// Events of a game's latest moves kept for phones that reconnect to its
/// event stream (a whole game of Farkle makes a few hundred).
pub const FOLLOW_EVENTS: usize = 2000;
/// How often expired sessions and jobs are swept out.
pub const SWEEP_EVERY: Duration = Duration::from_secs(60);
/// The longest decision typed at the table (as the CLI: no decision is
/// longer; a refusal then does not quote a pasted page).
pub const DECISION_CHARS: usize = 120;

/// Bodies over [`BODY_BYTES`] read at once (records to review); the
/// others wait for a place: a flood of 4 MiB reviews holds at most this
/// many in memory.
pub const LARGE_BODIES: usize = 8;
/// How long a large body waits for its place before it is answered 503.
pub const LARGE_BODY_WAIT: Duration = Duration::from_secs(10);
/// A connection that has not sent a request's headers this long after it
/// opened (or after its last answer) is closed.
pub const HEADER_READ: Duration = Duration::from_secs(5);
/// A request whose body has not all come this long after its headers is
/// ended (408).
pub const BODY_READ: Duration = Duration::from_secs(20);
/// Connections open at once; one more is closed as it comes.
pub const CONNECTIONS: usize = 512;
/// The longest error line answered: a message quoting what was sent is
/// cut to its start and length.
pub const ERROR_CHARS: usize = 1000;

/// How long in-flight requests may finish after Ctrl-C or SIGTERM.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);
