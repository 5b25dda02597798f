//! `grundy serve`: the local web explorer. One page (no internet needed:
//! everything it loads is served from here) and the HTTP API it uses, which
//! scripts can use too. The API answers with the same JSON as the command
//! line (`api.rs`); the page is three files embedded at build time
//! (`page.rs`). Listens on the loopback address unless `--host` says
//! otherwise.

mod api;
mod page;
mod refusal;
mod work;

use std::net::IpAddr;
use std::path::PathBuf;

use grundy::strong::SolvedTable;

use crate::machine::MemoryLimit;
use crate::report::{Failure, Output};

/// A local web explorer: type a game, see who wins and every move, click a
/// move to go there, play against the perfect player.
#[derive(clap::Args)]
#[command(
    after_help = "The API (every answer is JSON; errors are {\"error\": {...}} as the \
    command line prints them, with HTTP 400 for bad input and 422 for a question past a \
    limit or not supported):\n  \
    GET /api/families                    the families, with usage, summary and an example\n  \
    GET /api/analyze?expr=E[&misere=true][&every=true][&moves=N][&outcome_only=true]\n                                       \
    exactly what `grundy analyze E --json` prints\n  \
    GET /api/moves?expr=E[&misere=true]   every move with its value for the mover (play --hint)\n  \
    GET /api/engine?expr=E[&misere=true]  the perfect player's move (as grundy play makes it)\n  \
    GET /api/graph?expr=E[&depth=N]      the game graph as SVG (`grundy graph E --format svg`)\n  \
    GET /api/sequence?ruleset=R&to=N[&values=true][&full=true], /api/plot?ruleset=R&to=N\n  \
    GET /api/table?ruleset=R&rows=A..B&cols=C..D, /api/heatmap?..., /api/thermograph?expr=E\n\n\
    README.md has the whole API."
)]
pub struct Args {
    /// The port to listen on; 0 picks a free one. The address is printed
    /// at start.
    #[arg(long, default_value_t = 8080)]
    port: u16,

    /// The address to listen on. The default serves this machine alone;
    /// another address (0.0.0.0: every interface) lets other machines ask
    /// questions, which read the scripts and graph files they name.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,

    /// Print errors as JSON.
    #[arg(long)]
    json: bool,

    /// Answer the positions of one ruleset solved strongly (the one the
    /// table holds) from the table `grundy solve --db FILE` wrote or the
    /// directory `grundy solve --tiers DIR` wrote, reading only the blocks
    /// each position and its moves are in; every other question is
    /// answered as without it.
    #[arg(long, value_name = "FILE|DIR")]
    db: Option<PathBuf>,
}

/// Serves until Ctrl-C.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    // The table's ruleset is read before the server starts: a path that
    // holds no table is bad input now, not at the first question.
    let table = match &args.db {
        Some(path) => {
            let path = path.display().to_string();
            let table = SolvedTable::new(path.clone(), MemoryLimit::file_bytes());
            let ruleset = table.ruleset()?;
            Some((path, ruleset))
        }
        None => None,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|error| Failure::Io {
            what: "cannot start the server's threads".into(),
            error,
        })?;
    let served = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((args.host, args.port))
            .await
            .map_err(|error| Failure::Io {
                what: format!("cannot listen on {}:{}", args.host, args.port),
                error,
            })?;
        let address = listener.local_addr().map_err(Failure::Output)?;
        out.line(&format!(
            "grundy serve: http://{address}/ (Ctrl-C stops it)"
        ))?;
        if let Some((path, ruleset)) = &table {
            out.line(&format!("positions of {ruleset} are answered from {path}"))?;
        }
        out.flush()?;
        // One computation a core at once, each within its share of the
        // memory; the others wait their turn.
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let at_once = cores.max(2);
        crate::machine::share_memory(at_once as u64);
        let server = work::Server::new(at_once, table);
        axum::serve(listener, api::router(server.clone()))
            .with_graceful_shutdown(async move { server.stopped_by_ctrl_c().await })
            .await
            .map_err(|error| Failure::Io {
                what: "the server stopped".into(),
                error,
            })
    });
    // A computation that reports no progress is not waited for.
    runtime.shutdown_background();
    served
}
