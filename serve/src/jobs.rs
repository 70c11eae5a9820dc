//! Background work: every blocking library call runs here, on a bounded
//! pool of workers, with a progress collector the page can poll.
//!
//! Work goes in one of two lanes ([`Lane`]): quick answers ([`WORKERS`] at
//! once: advice, facts, a game's moves, which read tables the library
//! keeps solved turns of) and long work ([`SOLVE_WORKERS`] at once: whole
//! solves, comparisons, simulations, sheets, reviews), so that an answer
//! from a table never waits for a worker behind a solve of minutes (an
//! answer that must first solve a quick table still waits for a solve in
//! progress: the library solves one table at a time). Each lane admits
//! its own bounded queue (its workers run at once, [`QUEUE`] more answers
//! or [`SOLVE_QUEUE`] more long pieces of work wait; beyond that the answer
//! is 503 at once, so that long work piling up never refuses an answer),
//! runs
//! on tokio's blocking threads (the library computes; it never awaits), and
//! reports through [`JobProgress`], the library's [`Progress`] turned into
//! shared state. The request waits up to [`ANSWER_WAIT`] for the answer:
//! most answers (advise on an existing table) come long before, and go out
//! as they are. Work still running then becomes a *job*: the answer is
//! `202 {"job": ID}`, the work goes on, and `GET /api/jobs/ID` shows its
//! stage, done/total, an ETA and notes, then its result (kept
//! [`JOB_KEPT`]). At most [`JOBS`] finished jobs are kept (the oldest make
//! room); unfinished ones are bounded by the queue itself.
//!
//! Nothing here holds a std mutex across an await: the locks guard plain
//! data, taken and released within one call. A panic in the work is
//! caught where the task is joined and becomes a 500 (logged); the server
//! goes on. A solve in progress at shutdown is abandoned with the process:
//! the library writes a table through a temporary file renamed when whole,
//! so none is left half-written.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::Value;
use solver::Progress;
use tokio::sync::{watch, Semaphore};

use crate::error::ApiError;
use crate::limits::{JOBS, JOB_KEPT, QUEUE, SOLVE_QUEUE, SOLVE_WORKERS, WORKERS};

/// A finished request's answer.
#[derive(Debug, Clone)]
pub(crate) enum Answer {
    /// A JSON body with its status (200, or 201 for a new session).
    Json(StatusCode, Value),
    /// A picture (`/api/*/picture`); in a job's result it is the SVG text
    /// as a JSON string.
    Svg(String),
}

impl Answer {
    /// A report as `200` JSON, serialized as the CLI's `--json` does.
    pub(crate) fn report<R: serde::Serialize>(report: &R) -> Result<Answer, ApiError> {
        serde_json::to_value(report)
            .map(|v| Answer::Json(StatusCode::OK, v))
            .map_err(|e| ApiError::internal(format!("a report did not serialize: {e}")))
    }

    fn result_json(&self) -> Value {
        match self {
            Answer::Json(_, v) => v.clone(),
            Answer::Svg(s) => Value::String(s.clone()),
        }
    }
}

impl IntoResponse for Answer {
    fn into_response(self) -> Response {
        match self {
            Answer::Json(status, v) => (status, axum::Json(v)).into_response(),
            Answer::Svg(svg) => {
                ([(header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml"))], svg).into_response()
            }
        }
    }
}

/// What a request gets: the answer, or a job to poll.
pub(crate) enum Reply {
    /// Answered before any work started (refused at the door).
    Now(Result<Answer, ApiError>),
    /// Answered within the wait, with the time it spent waiting for a
    /// worker and working.
    Timed(Result<Answer, ApiError>, Spent),
    Later(String),
}

/// Where a request's time went: waiting for a worker, then the library's
/// work. Sent as `Server-Timing: wait;dur=MS, work;dur=MS` beside the
/// router's whole `app;dur=MS`.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Spent {
    pub(crate) wait: Duration,
    pub(crate) work: Duration,
}

impl IntoResponse for Reply {
    fn into_response(self) -> Response {
        match self {
            Reply::Now(Ok(answer)) => answer.into_response(),
            Reply::Now(Err(e)) => e.into_response(),
            Reply::Timed(outcome, spent) => {
                let mut r = Reply::Now(outcome).into_response();
                let ms = |d: Duration| d.as_secs_f64() * 1000.0;
                let timing = format!("wait;dur={:.3}, work;dur={:.3}", ms(spent.wait), ms(spent.work));
                if let Ok(v) = HeaderValue::from_str(&timing) {
                    r.headers_mut().append("server-timing", v);
                }
                r
            }
            Reply::Later(id) => {
                let location = HeaderValue::from_str(&format!("/api/jobs/{id}"));
                let mut r = (StatusCode::ACCEPTED, axum::Json(Started { job: &id })).into_response();
                if let Ok(l) = location {
                    r.headers_mut().insert(header::LOCATION, l);
                }
                r
            }
        }
    }
}

/// The library's progress reports, kept for whoever polls. `advance` is
/// called from the solver's worker threads, often: done and total are
/// atomics, only the stage's name and the notes take a lock.
pub(crate) struct JobProgress {
    done: AtomicU64,
    total: AtomicU64,
    text: Mutex<ProgressText>,
    /// What the work told so far beyond its progress, for the page to
    /// show before the end (a comparison's plan and its rows as each is
    /// known: the library's `CompareEvent`s, as JSON).
    events: Mutex<Vec<Value>>,
}

struct ProgressText {
    stage: String,
    stage_started: Instant,
    notes: Vec<String>,
}

/// Notes kept per job (a solve of many tables notes each; the page shows
/// the last few).
const NOTES: usize = 20;

/// Events kept per job: a comparison's plan, its rows and its end (the
/// variants a request may ask for are far fewer).
const EVENTS: usize = 256;

impl JobProgress {
    fn new(stage: &str) -> JobProgress {
        JobProgress {
            done: AtomicU64::new(0),
            total: AtomicU64::new(0),
            text: Mutex::new(ProgressText { stage: stage.into(), stage_started: Instant::now(), notes: vec![] }),
            events: Mutex::new(vec![]),
        }
    }

    /// Keeps `event` (a report told as it comes) for the pollers: shown
    /// with the progress while the job runs (at most [`EVENTS`]; the whole
    /// result replaces them at the end).
    pub(crate) fn tell<E: serde::Serialize>(&self, event: &E) {
        let mut events = self.events.lock().unwrap_or_else(PoisonError::into_inner);
        if events.len() < EVENTS {
            if let Ok(v) = serde_json::to_value(event) {
                events.push(v);
            }
        }
    }

    fn text(&self) -> std::sync::MutexGuard<'_, ProgressText> {
        // The guarded data stays whole whatever panicked while it was held.
        self.text.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The running state as polled.
    fn view(&self) -> JobView {
        let (done, total) = (self.done.load(Ordering::Relaxed), self.total.load(Ordering::Relaxed));
        let t = self.text();
        JobView::Running {
            stage: t.stage.clone(),
            done,
            total,
            eta_seconds: eta_seconds(t.stage_started.elapsed(), done, total),
            notes: t.notes.clone(),
            events: self.events.lock().unwrap_or_else(PoisonError::into_inner).clone(),
        }
    }
}

/// A job as `GET /api/jobs/ID` answers it: running (its stage, progress,
/// ETA, notes and what it told so far), done (the result) or failed (the
/// error's status, line and field).
#[derive(Debug, Serialize)]
#[serde(tag = "state", rename_all = "kebab-case")]
pub(crate) enum JobView {
    Running { stage: String, done: u64, total: u64, eta_seconds: Option<f64>, notes: Vec<String>, events: Vec<Value> },
    Done { result: Value },
    Failed { status: u16, error: String, field: Option<String> },
}

/// The answer that starts a job: `202 {"job": ID}`.
#[derive(Serialize)]
struct Started<'a> {
    job: &'a str,
}

/// Seconds left in a stage at the pace so far: the elapsed time scaled by
/// the units left over the units done. Unknown (`None`) until a unit is
/// done, or when the stage has no known total.
pub(crate) fn eta_seconds(elapsed: Duration, done: u64, total: u64) -> Option<f64> {
    if done == 0 || total == 0 || done > total {
        return None;
    }
    #[allow(clippy::cast_precision_loss)]
    let left = (total - done) as f64 / done as f64;
    Some((elapsed.as_secs_f64() * left * 10.0).round() / 10.0)
}

impl Progress for JobProgress {
    fn stage(&self, what: &str, total: u64) {
        let mut t = self.text();
        t.stage = what.to_string();
        t.stage_started = Instant::now();
        self.done.store(0, Ordering::Relaxed);
        self.total.store(total, Ordering::Relaxed);
    }

    fn advance(&self, units: u64) {
        self.done.fetch_add(units, Ordering::Relaxed);
    }

    fn note(&self, text: &str) {
        let mut t = self.text();
        if t.notes.len() == NOTES {
            t.notes.remove(0);
        }
        t.notes.push(text.to_string());
    }
}

/// One piece of work and, once it ends, its outcome.
struct Job {
    progress: JobProgress,
    outcome: Mutex<Option<Result<Answer, ApiError>>>,
    spent: Mutex<Spent>,
    /// Set once the outcome is in; a request or poller waits on it.
    finished: watch::Receiver<bool>,
    finished_at: Mutex<Option<Instant>>,
}

impl Job {
    fn outcome(&self) -> Option<Result<Answer, ApiError>> {
        self.outcome.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }
}

/// Which workers a piece of work waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lane {
    /// Answers from tables (solving first only what the library solves on
    /// the spot: seconds at most).
    Answer,
    /// Work of minutes: whole solves, comparisons, simulations, sheets,
    /// reviews.
    Solve,
}

/// One lane's workers and its bounded queue.
struct Queue {
    workers: Arc<Semaphore>,
    /// Work admitted and not yet finished (running or waiting).
    admitted: Arc<AtomicUsize>,
    running: usize,
    waiting: usize,
}

impl Queue {
    fn new(running: usize, waiting: usize) -> Queue {
        Queue { workers: Arc::new(Semaphore::new(running)), admitted: Arc::new(AtomicUsize::new(0)), running, waiting }
    }

    /// A place in the queue, or 503 when it is full.
    fn admit(&self) -> Result<Admission, ApiError> {
        let before = self.admitted.fetch_add(1, Ordering::AcqRel);
        let admission = Admission(self.admitted.clone());
        if before >= self.running + self.waiting {
            return Err(ApiError::busy(format!(
                "the server is busy ({} requests running and {} waiting): try again shortly",
                self.running, self.waiting
            )));
        }
        Ok(admission)
    }
}

/// The work queue and the jobs kept for polling.
pub(crate) struct Jobs {
    answers: Queue,
    solves: Queue,
    kept: Mutex<HashMap<String, Arc<Job>>>,
    /// How long a request waits before answering with a job; zero always
    /// answers with a job (the tests' way to reach that path without
    /// depending on how fast the machine is).
    answer_wait: Duration,
}

/// Gives back a place in the queue when the work ends, however it ends.
struct Admission(Arc<AtomicUsize>);

impl Drop for Admission {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Jobs {
    pub(crate) fn new(answer_wait: Duration) -> Jobs {
        Jobs {
            answers: Queue::new(WORKERS, QUEUE),
            solves: Queue::new(SOLVE_WORKERS, SOLVE_QUEUE),
            kept: Mutex::new(HashMap::new()),
            answer_wait,
        }
    }

    #[cfg(test)]
    /// Work admitted and not yet finished: running, or waiting for a
    /// worker.
    pub(crate) fn load(&self) -> usize {
        self.answers.admitted.load(Ordering::Acquire) + self.solves.admitted.load(Ordering::Acquire)
    }

    fn kept(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Job>>> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn queue(&self, lane: Lane) -> &Queue {
        match lane {
            Lane::Answer => &self.answers,
            Lane::Solve => &self.solves,
        }
    }

    /// Runs `work` on a blocking worker and waits for it to the end: for
    /// the quick calls of a play session, which must answer in order.
    pub(crate) async fn run_now<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let admission = self.answers.admit()?;
        on_a_worker(self.answers.workers.clone(), admission, work).await
    }

    /// Runs `work` in the background on a worker of `lane` and answers
    /// within the wait: its answer, or a job to poll.
    pub(crate) async fn run(
        &self,
        lane: Lane,
        work: impl FnOnce(&JobProgress) -> Result<Answer, ApiError> + Send + 'static,
    ) -> Reply {
        let queue = self.queue(lane);
        let admission = match queue.admit() {
            Ok(a) => a,
            Err(e) => return Reply::Now(Err(e)),
        };
        let (tx, rx) = watch::channel(false);
        let job = Arc::new(Job {
            progress: JobProgress::new("waiting for a free worker"),
            outcome: Mutex::new(None),
            spent: Mutex::new(Spent::default()),
            finished: rx,
            finished_at: Mutex::new(None),
        });
        let (workers, runner) = (queue.workers.clone(), job.clone());
        tokio::spawn(async move {
            let (queued, inner) = (Instant::now(), runner.clone());
            let outcome = on_a_worker(workers, admission, move || {
                let (wait, start) = (queued.elapsed(), Instant::now());
                let outcome = work(&inner.progress);
                *inner.spent.lock().unwrap_or_else(PoisonError::into_inner) = Spent { wait, work: start.elapsed() };
                outcome
            })
            .await;
            *runner.outcome.lock().unwrap_or_else(PoisonError::into_inner) = Some(outcome);
            *runner.finished_at.lock().unwrap_or_else(PoisonError::into_inner) = Some(Instant::now());
            let _ = tx.send(true);
        });
        if !self.answer_wait.is_zero() {
            let mut finished = job.finished.clone();
            let wait = tokio::time::timeout(self.answer_wait, finished.wait_for(|&f| f)).await;
            if matches!(wait, Ok(Ok(_))) {
                if let Some(outcome) = job.outcome() {
                    return Reply::Timed(outcome, *job.spent.lock().unwrap_or_else(PoisonError::into_inner));
                }
            }
        }
        Reply::Later(self.keep(job))
    }

    /// Keeps a job for its poller under a new id, the oldest finished
    /// jobs making room.
    fn keep(&self, job: Arc<Job>) -> String {
        let id = new_id();
        let mut kept = self.kept();
        while kept.len() >= JOBS {
            let oldest = kept
                .iter()
                .filter_map(|(id, j)| (*j.finished_at.lock().unwrap_or_else(PoisonError::into_inner)).map(|t| (t, id)))
                .min()
                .map(|(_, id)| id.clone());
            match oldest {
                Some(old) => kept.remove(&old),
                // All unfinished: bounded by the queue, so kept beyond JOBS.
                None => break,
            };
        }
        kept.insert(id.clone(), job);
        id
    }

    /// A job as polled: running (with progress), done (the result) or
    /// failed (status and error).
    pub(crate) fn view(&self, id: &str) -> Result<JobView, ApiError> {
        let job = self.kept().get(id).cloned().ok_or_else(|| {
            ApiError::not_found(format!("no job {} (finished jobs are kept 5 minutes)", userio::cut(id, 40)))
        })?;
        Ok(match job.outcome() {
            None => job.progress.view(),
            Some(Ok(answer)) => JobView::Done { result: answer.result_json() },
            Some(Err(e)) => {
                let e = e.cut();
                JobView::Failed { status: e.status.as_u16(), error: e.message, field: e.field }
            }
        })
    }

    /// Forgets finished jobs kept longer than [`JOB_KEPT`].
    pub(crate) fn sweep(&self) {
        self.kept().retain(|_, j| {
            j.finished_at.lock().unwrap_or_else(PoisonError::into_inner).is_none_or(|t| t.elapsed() < JOB_KEPT)
        });
    }
}

/// The steps all work takes once admitted: a free worker (waited for),
/// `work` on tokio's blocking threads, the worker and the place in the
/// queue given back when the work ends (held by the work itself, so that
/// a request dropped while its work runs gives back neither early), a
/// panic turned into a 500.
async fn on_a_worker<T: Send + 'static>(
    workers: Arc<Semaphore>,
    admission: Admission,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let permit = workers.acquire_owned().await.map_err(|_| ApiError::busy("the server is stopping"))?;
    let joined = tokio::task::spawn_blocking(move || {
        let _held = (permit, admission);
        work()
    })
    .await;
    joined.unwrap_or_else(|e| Err(panicked(e)))
}

/// A worker that panicked (or was cancelled at shutdown), as a 500; the
/// panic's message went to stderr when it happened, and is logged again
/// here with what it became.
fn panicked(e: tokio::task::JoinError) -> ApiError {
    if e.is_panic() {
        let what = ApiError::panic_message(e.into_panic().as_ref());
        ApiError::internal(format!("the work stopped on a bug: {what}"))
    } else {
        ApiError::busy("the server is stopping")
    }
}

/// A fresh id for a job or a session: 64 random bits from the OS-seeded
/// generator, so that one person cannot guess another's.
pub(crate) fn new_id() -> String {
    format!("{:016x}", rand::random::<u64>())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn viewed(p: &JobProgress) -> Value {
        serde_json::to_value(p.view()).expect("a view serializes")
    }

    #[test]
    fn eta_scales_the_time_so_far() {
        assert_eq!(eta_seconds(Duration::from_secs(10), 25, 100), Some(30.0));
        assert_eq!(eta_seconds(Duration::from_secs(10), 0, 100), None);
        assert_eq!(eta_seconds(Duration::from_secs(10), 5, 0), None);
    }

    #[test]
    fn progress_is_kept_as_reported() {
        let p = JobProgress::new("waiting");
        p.stage("solving", 8);
        p.advance(2);
        p.note("solving first: no table yet");
        let v = viewed(&p);
        assert_eq!(v["stage"], "solving");
        assert_eq!((v["done"].as_u64(), v["total"].as_u64()), (Some(2), Some(8)));
        assert_eq!(v["notes"][0], "solving first: no table yet");
        assert!(v["eta_seconds"].is_number());
        assert_eq!(v["events"], json!([]));
    }

    #[test]
    fn events_are_shown_while_the_job_runs_and_bounded() {
        let p = JobProgress::new("waiting");
        p.tell(&json!({"kind": "plan", "to_solve": 2}));
        p.tell(&json!({"kind": "row", "index": 0}));
        assert_eq!(viewed(&p)["events"], json!([{"kind": "plan", "to_solve": 2}, {"kind": "row", "index": 0}]));
        for i in 0..2 * EVENTS {
            p.tell(&i);
        }
        assert_eq!(viewed(&p)["events"].as_array().map(Vec::len), Some(EVENTS));
    }

    #[tokio::test]
    async fn a_panic_is_a_500_and_the_queue_goes_on() {
        let jobs = Jobs::new(Duration::from_secs(600));
        let Reply::Timed(Err(e), _) = jobs.run(Lane::Answer, |_| panic!("on purpose")).await else {
            panic!("an answer")
        };
        assert_eq!(e.status, StatusCode::INTERNAL_SERVER_ERROR);
        let Reply::Timed(Ok(_), _) = jobs.run(Lane::Answer, |_| Answer::report(&1)).await else { panic!("an answer") };
        assert_eq!(jobs.load(), 0);
    }

    #[tokio::test]
    async fn a_zero_wait_answers_with_a_job() {
        let jobs = Jobs::new(Duration::ZERO);
        let Reply::Later(id) = jobs.run(Lane::Answer, |_| Answer::report(&7)).await else { panic!("a job") };
        let mut finished = jobs.kept().get(&id).expect("kept").finished.clone();
        finished.wait_for(|&f| f).await.expect("finishes");
        assert_eq!(serde_json::to_value(jobs.view(&id).expect("kept")).unwrap(), json!({"state": "done", "result": 7}));
        assert_eq!(jobs.view("nope").expect_err("none").status, StatusCode::NOT_FOUND);
    }

    /// `n` pieces of work in `lane`, each held until a message on the
    /// sender (or ten minutes: a hang detector, not a wait).
    fn hold(
        jobs: &Arc<Jobs>,
        lane: Lane,
        n: usize,
    ) -> (std::sync::mpsc::Sender<()>, Vec<tokio::task::JoinHandle<Reply>>) {
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let wait = Arc::new(Mutex::new(wait));
        let held = (0..n)
            .map(|_| {
                let (jobs, wait) = (jobs.clone(), wait.clone());
                tokio::spawn(async move {
                    jobs.run(lane, move |_| {
                        let _ = wait.lock().map(|w| w.recv_timeout(Duration::from_secs(600)));
                        Answer::report(&0)
                    })
                    .await
                })
            })
            .collect();
        (release, held)
    }

    /// Every solve worker busy and the long work's queue full: one more
    /// solve is refused at once, an answer and a move are still worked on
    /// at once, in their own lane (a bound of minutes on each: a hang
    /// detector, since a merged lane would wait ten minutes here).
    #[tokio::test]
    async fn answers_do_not_wait_behind_solves() {
        const FULL: usize = SOLVE_WORKERS + SOLVE_QUEUE;
        let jobs = Arc::new(Jobs::new(Duration::from_secs(3600)));
        let (release, held) = hold(&jobs, Lane::Solve, FULL);
        for _ in 0..100_000 {
            if jobs.load() == FULL && jobs.solves.workers.available_permits() == 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        assert_eq!(jobs.solves.workers.available_permits(), 0, "every solve worker taken");
        let Reply::Now(Err(e)) = jobs.run(Lane::Solve, |_| Answer::report(&1)).await else { panic!("refused") };
        assert_eq!(e.status, StatusCode::SERVICE_UNAVAILABLE);
        // Answered while every solve still waits for its release.
        let bound = Duration::from_secs(300);
        let answered = tokio::time::timeout(bound, jobs.run(Lane::Answer, |_| Answer::report(&5))).await;
        let Ok(Reply::Timed(Ok(Answer::Json(_, v)), _)) = answered else { panic!("answered") };
        assert_eq!(v, json!(5));
        let moved = tokio::time::timeout(bound, jobs.run_now(|| Ok(6))).await;
        assert_eq!(moved.expect("a move answered").expect("a move"), 6);
        for _ in 0..FULL {
            let _ = release.send(());
        }
        for h in held {
            assert!(matches!(h.await.expect("the work ends"), Reply::Timed(Ok(_), _)));
        }
    }

    /// Every worker and every place in the queue taken: one more is
    /// refused at once (503), and once they end, work is taken again.
    #[tokio::test]
    async fn a_full_queue_refuses_at_once_and_frees_up() {
        let jobs = Arc::new(Jobs::new(Duration::from_secs(3600)));
        const ADMITTED: usize = WORKERS + QUEUE;
        let (release, held) = hold(&jobs, Lane::Answer, ADMITTED);
        // Every one is admitted before its task awaits a worker.
        for _ in 0..100_000 {
            if jobs.load() == ADMITTED {
                break;
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        assert_eq!(jobs.load(), ADMITTED);
        let Reply::Now(Err(e)) = jobs.run(Lane::Answer, |_| Answer::report(&1)).await else {
            panic!("refused at once")
        };
        assert_eq!(e.status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(matches!(jobs.run_now(|| Ok(1)).await, Err(ApiError { status: StatusCode::SERVICE_UNAVAILABLE, .. })));
        for _ in 0..ADMITTED {
            let _ = release.send(());
        }
        for h in held {
            assert!(matches!(h.await.expect("the work ends"), Reply::Timed(Ok(_), _) | Reply::Later(_)));
        }
        assert_eq!(jobs.load(), 0);
        assert_eq!(jobs.run_now(|| Ok(2)).await.expect("taken again"), 2);
    }
}
