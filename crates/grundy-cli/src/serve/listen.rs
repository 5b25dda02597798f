//! The connections: accepted while fewer than the most the server keeps
//! are open (the others wait in the system's queue until one closes), each
//! served by hyper with a timeout on reading a request's head, which also
//! closes a connection idle between requests. So no number of idle or
//! half-sent connections locks others out, and the server never runs out
//! of open files on them.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// The open files kept for other than connections: the files questions
/// read, the table, the runtime's own.
const FILES_KEPT: u64 = 64;

/// The most connections kept open where the open files allow more.
const MOST_CONNECTIONS: u64 = 10_000;

/// How many connections are kept open at once: the open files the
/// process may have (`open_files`, `ulimit -n`) less those kept for other
/// work, at least 8 and at most [`MOST_CONNECTIONS`].
pub fn most_connections(open_files: Option<u64>) -> usize {
    let most = open_files.map_or(MOST_CONNECTIONS, |n| n.saturating_sub(FILES_KEPT));
    most.clamp(8, MOST_CONNECTIONS) as usize
}

/// Serves `router` on `listener` until `stop` ends: at most `most`
/// connections at once, each closed when it takes longer than `timeout`
/// to send a request's head or stays idle that long between requests.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    most: usize,
    timeout: Duration,
    stop: impl Future<Output = ()>,
) {
    let slots = Arc::new(Semaphore::new(most));
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(timeout)
        .max_headers(super::gate::MAX_HEADERS_PARSED);
    let accepting = async {
        loop {
            let slot = (slots.clone().acquire_owned().await).expect("never closed");
            let stream = match listener.accept().await {
                Ok((stream, _)) => stream,
                // Out of open files, or a connection reset before it was
                // accepted: a while later the next may be accepted.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            let connection = http.serve_connection(
                TokioIo::new(stream),
                TowerToHyperService::new(router.clone()),
            );
            tokio::spawn(async move {
                // A connection closed by its client or its timeout ends
                // here; either way its slot is free again.
                let _ = connection.await;
                drop(slot);
            });
        }
    };
    tokio::select! {
        _ = accepting => {}
        () = stop => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_are_kept_below_the_open_files() {
        assert_eq!(most_connections(Some(256)), 192);
        assert_eq!(most_connections(Some(10)), 8);
        assert_eq!(most_connections(Some(1 << 40)), 10_000);
        assert_eq!(most_connections(None), 10_000);
    }
}
