//! How the API runs a question: on a blocking thread once one of the
//! permits is free (at most one a core at a time, so that a huge question
//! never holds up the server itself), stopped when the request that asked
//! has gone.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use grundy::answer::{ErrorAnswer, Progress};
use grundy::strong::SolvedTable;
use tokio::sync::Semaphore;

use super::refusal::{json, Refusal};
use crate::machine::MemoryLimit;

/// What the handlers share: the permits of the computations that may run
/// at once, and the table solved before (`--db`) with its ruleset.
#[derive(Clone)]
pub struct Server {
    permits: Arc<Semaphore>,
    table: Option<Arc<(String, String)>>,
}

impl Server {
    /// A server running at most `at_once` computations at a time,
    /// answering the positions of `ruleset` from the table at `path` where
    /// `table` is `Some((path, ruleset))`.
    pub fn new(at_once: usize, table: Option<(String, String)>) -> Server {
        Server {
            permits: Arc::new(Semaphore::new(at_once)),
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
}

/// Runs `work` on a blocking thread once a permit is free. The permit goes
/// with the work, so it is held until the work ends even when the request
/// that asked has gone.
///
/// A request closed before its answer drops this future, which sets the
/// work's `Stop`: work that reports progress (a strong solve, a search of
/// values, a sequence, a table) then stops at its next report.
pub async fn compute<T: Send + 'static>(
    server: &Server,
    work: impl FnOnce(&Stop) -> grundy::Result<T> + Send + 'static,
) -> Result<T, Refusal> {
    let permit = (server.permits.clone().acquire_owned().await).expect("never closed");
    let stop = Stop::default();
    let _closed = StopOnDrop(stop.clone());
    let joined = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work(&stop)
    })
    .await;
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

/// Set when the request that asked for a computation has gone.
#[derive(Clone, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// The progress callback of a computation: go on while the request is
    /// there.
    pub fn going(&self) -> impl FnMut(Progress) -> bool + '_ {
        |_| !self.0.load(Ordering::Relaxed)
    }
}

/// Sets its `Stop` when dropped: when the request's future is dropped
/// (closed), or when it ends (the work is done by then).
struct StopOnDrop(Stop);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0 .0.store(true, Ordering::Relaxed);
    }
}

/// A JSON answer made by `work` on a blocking thread (see `compute`).
pub async fn respond(
    server: &Server,
    work: impl FnOnce(&Stop) -> grundy::Result<String> + Send + 'static,
) -> Result<impl IntoResponse, Refusal> {
    Ok(json(compute(server, work).await?))
}

/// An SVG picture made by `work` on a blocking thread.
pub async fn picture(
    server: &Server,
    work: impl FnOnce(&Stop) -> grundy::Result<String> + Send + 'static,
) -> Result<impl IntoResponse, Refusal> {
    let svg = compute(server, work).await?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg))
}
