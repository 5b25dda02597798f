//! How the API runs a question: on a blocking thread once a core is free
//! (at most one question a core at a time, so that a huge question never
//! holds up the server itself), stopped when the request that asked has
//! gone or the server is stopping.
//!
//! Cheap questions are answered while expensive ones run. Whether a
//! question is cheap is not known before it runs, so every question starts
//! as a short one on any free core; one still running after [`SLICE`] is
//! long from its next progress report on, and a long question holds one
//! of the long permits besides its core. There is one long permit fewer
//! than cores, so a core is always left to the short questions; a question
//! waiting for a long permit gives its core back meanwhile (and waits for
//! one again after), so that never more questions run than there are
//! cores. A computation that reports no progress is never made long: it
//! keeps its core until it ends.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use grundy::answer::{ErrorAnswer, Progress};
use grundy::strong::SolvedTable;
use tokio::runtime::Handle;
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};

use super::refusal::{json, Refusal};
use crate::machine::MemoryLimit;

/// How long a question runs as a short one before it needs a long permit.
pub const SLICE: Duration = Duration::from_millis(250);

/// What the handlers share: the permits of the computations that may run
/// at once, the stop of them all, and the table solved before (`--db`)
/// with its ruleset.
#[derive(Clone)]
pub struct Server {
    /// A permit a question running: one a core.
    cores: Arc<Semaphore>,
    /// A permit a long question running: one fewer than cores.
    long: Arc<Semaphore>,
    /// Set at the first Ctrl-C: every computation stops.
    stopping: Stop,
    table: Option<Arc<(String, String)>>,
}

impl Server {
    /// A server running at most `at_once` computations at a time (at
    /// least two: one is kept for short questions), answering the
    /// positions of `ruleset` from the table at `path` where `table` is
    /// `Some((path, ruleset))`.
    pub fn new(at_once: usize, table: Option<(String, String)>) -> Server {
        let at_once = at_once.max(2);
        Server {
            cores: Arc::new(Semaphore::new(at_once)),
            long: Arc::new(Semaphore::new(at_once - 1)),
            stopping: Stop::default(),
            table: table.map(Arc::new),
        }
    }

    /// The table for one question: positions of its ruleset are answered
    /// from it, every other question as without it.
    pub fn table(&self) -> Option<SolvedTable> {
        let (path, ruleset) = self.table.as_deref()?;
        let table = SolvedTable::new(path.clone(), MemoryLimit::file_bytes());
        Some(table.only_for(ruleset.clone()))
    }

    /// Ends at the first Ctrl-C, when the server is to shut down: every
    /// computation then stops at its next progress report, so that the
    /// requests still open are answered soon. A second Ctrl-C ends the
    /// process at once, whatever still runs.
    pub async fn stopped_by_ctrl_c(&self) {
        let _ = tokio::signal::ctrl_c().await;
        self.stopping.set();
        tokio::spawn(async {
            let _ = tokio::signal::ctrl_c().await;
            eprintln!("grundy serve: stopped at the second Ctrl-C");
            std::process::exit(130);
        });
    }
}

/// Runs `work` on a blocking thread once a core is free. The permits go
/// with the work, so they are held until the work ends even when the
/// request that asked has gone.
///
/// A request closed before its answer drops this future, which sets the
/// work's stop: work that reports progress (a solve, a search of values or
/// of nimbers, a misère or Every-SG analysis, a sequence, a table, the
/// moves of a game) then stops at its next report.
pub async fn compute<T: Send + 'static>(
    server: &Server,
    work: impl FnOnce(&Question) -> grundy::Result<T> + Send + 'static,
) -> Result<T, Refusal> {
    let core = (server.cores.clone().acquire_owned().await).expect("never closed");
    let question = Question {
        server: server.clone(),
        closed: Stop::default(),
        started: Instant::now(),
        permits: Mutex::new(Permits {
            core: Some(core),
            long: None,
        }),
        runtime: Handle::current(),
    };
    let _closed = StopOnDrop(question.closed.clone());
    let joined = tokio::task::spawn_blocking(move || work(&question)).await;
    match joined {
        Ok(answer) => Ok(answer?),
        Err(_) => Err(Refusal {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            // A panic is a bug, not a limit; no kind of the schema is
            // nearer than "unsupported".
            answer: ErrorAnswer::new(&grundy::Error::Unsupported(
                "the computation failed (a bug: please report it)".into(),
            )),
        }),
    }
}

/// One question being computed: what its progress callback watches.
pub struct Question {
    server: Server,
    /// Set when the request that asked has gone.
    closed: Stop,
    started: Instant,
    permits: Mutex<Permits>,
    /// The server's runtime, on which the question waits for permits.
    runtime: Handle,
}

/// The permits a question holds: a core, and once it is long a long
/// permit.
struct Permits {
    core: Option<OwnedSemaphorePermit>,
    long: Option<OwnedSemaphorePermit>,
}

impl Question {
    /// The progress callback of the computation: go on while the request
    /// is there and the server is not stopping; past [`SLICE`], wait for
    /// a long permit first (see the module's documentation).
    pub fn going(&self) -> impl FnMut(Progress) -> bool + '_ {
        |_| self.go_on()
    }

    fn go_on(&self) -> bool {
        if self.stopped() {
            return false;
        }
        let mut permits = self.permits.lock().expect("permits lock");
        if permits.long.is_none() && self.started.elapsed() >= SLICE {
            permits.core = None;
            permits.long = self.wait_for(&self.server.long);
            if permits.long.is_none() {
                return false;
            }
            permits.core = self.wait_for(&self.server.cores);
            return permits.core.is_some();
        }
        true
    }

    fn stopped(&self) -> bool {
        self.closed.is_set() || self.server.stopping.is_set()
    }

    /// A permit of `permits`, once one is free; `None` where the question
    /// is stopped meanwhile.
    fn wait_for(&self, permits: &Arc<Semaphore>) -> Option<OwnedSemaphorePermit> {
        self.runtime.block_on(async {
            tokio::select! {
                biased;
                () = self.closed.wait() => None,
                () = self.server.stopping.wait() => None,
                permit = permits.clone().acquire_owned() => Some(permit.expect("never closed")),
            }
        })
    }
}

/// A stop, set once, which computations read at their progress reports
/// and waiting questions wait for.
#[derive(Clone)]
struct Stop(Arc<watch::Sender<bool>>);

impl Default for Stop {
    fn default() -> Stop {
        Stop(Arc::new(watch::channel(false).0))
    }
}

impl Stop {
    fn set(&self) {
        self.0.send_replace(true);
    }

    fn is_set(&self) -> bool {
        *self.0.borrow()
    }

    /// Ends once the stop is set.
    async fn wait(&self) {
        // The sender lives as long as `self`, so the wait ends only when set.
        let _ = self.0.subscribe().wait_for(|&set| set).await;
    }
}

/// Sets its `Stop` when dropped: when the request's future is dropped
/// (closed), or when it ends (the work is done by then).
struct StopOnDrop(Stop);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.set();
    }
}

/// A JSON answer made by `work` on a blocking thread (see `compute`).
pub async fn respond(
    server: &Server,
    work: impl FnOnce(&Question) -> grundy::Result<String> + Send + 'static,
) -> Result<impl IntoResponse, Refusal> {
    Ok(json(compute(server, work).await?))
}

/// An SVG picture made by `work` on a blocking thread.
pub async fn picture(
    server: &Server,
    work: impl FnOnce(&Question) -> grundy::Result<String> + Send + 'static,
) -> Result<impl IntoResponse, Refusal> {
    let svg = compute(server, work).await?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg))
}
