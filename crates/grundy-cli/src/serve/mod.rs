//! `grundy serve`: the local web explorer. One page (no internet needed:
//! everything it loads is served from here) and the HTTP API it uses, which
//! scripts can use too. The API answers with the same JSON as the command
//! line (`api.rs`); the page is three files embedded at build time
//! (`page.rs`). Listens on the loopback address unless `--host` says
//! otherwise; answers only requests addressed to it (`gate.rs`), reads
//! only the files under the directories `--files` gives, and keeps its
//! connections within its open files and timeouts (`listen.rs`).

mod api;
mod gate;
mod listen;
mod page;
mod refusal;
mod work;

use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use grundy::file::Within;

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
    (both with &player=left|right, the player to move, for a position with a value\n  \
    such as domineering 3x3, which says none)\n  \
    GET /api/graph?expr=E[&depth=N]      the game graph as SVG (`grundy graph E --format svg`)\n  \
    GET /api/sequence?ruleset=R&to=N[&values=true][&full=true], /api/plot?ruleset=R&to=N\n  \
    GET /api/table?ruleset=R&rows=A..B&cols=C..D[&of=WHAT], /api/heatmap?..., /api/thermograph?expr=E\n\n\
    Only requests to localhost, an IP address or a name given with --allow-host are \
    answered (others: 403), only from the server's own page; a URI past 8 KiB is 414, \
    more than 100 headers or past 16 KiB 431. Expressions name files only under the --files directories; \
    any other file, or one that is not a regular file, is refused with one message that \
    does not say why, and no error quotes what a file holds.\n\n\
    README.md has the whole API."
)]
pub struct Args {
    /// The port to listen on; 0 picks a free one. The address is printed
    /// at start.
    #[arg(long, default_value_t = 8080)]
    port: u16,

    /// The address to listen on. The default serves this machine alone;
    /// another address (0.0.0.0: every interface) lets other machines ask
    /// questions, which take its cores and read the files under --files
    /// (a warning says so at start).
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,

    /// A name the server is reached by besides localhost and its IP
    /// addresses (this machine's name, for other machines); give it again
    /// for more. Requests to any other name are refused (403), so that a
    /// page elsewhere cannot reach the server by a name of its own.
    #[arg(long, value_name = "NAME")]
    allow_host: Vec<String>,

    /// A directory whose files expressions may name (graph files,
    /// scripts), with its subdirectories; give it again for more. Only
    /// regular files under them are read. [default: examples/ of the
    /// working directory, where there is one; else no file is read]
    #[arg(long = "files", value_name = "DIR")]
    files: Vec<PathBuf>,

    /// Seconds a connection may take to send a request's head, or stay
    /// idle between requests, before the server closes it.
    #[arg(long, value_name = "SECONDS", default_value_t = 10)]
    idle_timeout: u64,

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

    #[command(flatten)]
    pub values: crate::db::Values,
}

/// The directories expressions may name files in: those given, or
/// examples/ of the working directory where there is one.
fn served_files(args: &Args) -> Result<Within, Failure> {
    let default = Path::new("examples");
    let dirs = match &args.files[..] {
        [] if default.is_dir() => vec![default.to_path_buf()],
        dirs => dirs.to_vec(),
    };
    Within::new(&dirs).map_err(|error| Failure::Usage(format!("--files {error}")))
}

/// Serves until Ctrl-C.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let within = served_files(&args)?;
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
        // An address or port that cannot be listened on is the
        // arguments' to change: not this machine's, taken, or privileged.
        let listener = tokio::net::TcpListener::bind((args.host, args.port))
            .await
            .map_err(|error| {
                Failure::Usage(format!(
                    "cannot listen on {}:{}: {error}",
                    args.host, args.port
                ))
            })?;
        let address = listener.local_addr().map_err(Failure::Output)?;
        out.line(&format!(
            "grundy serve: http://{address}/ (Ctrl-C stops it)"
        ))?;
        if let Some((path, ruleset)) = &table {
            out.line(&format!("positions of {ruleset} are answered from {path}"))?;
        }
        out.line(&describe_files(&within))?;
        out.flush()?;
        if !args.host.is_loopback() {
            crate::report::warn(&format!(
                "warning: listening on {}, not a loopback address: any machine that reaches \
                 it can ask questions, which take this machine's cores and memory and read \
                 the files under --files\n",
                args.host
            ));
        }
        grundy::file::restrict(within);
        // One computation a core at once, each within its share of the
        // memory; the others wait their turn.
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let at_once = cores.max(2);
        crate::machine::share_memory(at_once as u64);
        let server = work::Server::new(at_once, table);
        let stop = {
            let server = server.clone();
            async move { server.stopped_by_ctrl_c().await }
        };
        let gate = gate::Gate::new(address.port(), args.allow_host.clone());
        let most = listen::most_connections(crate::machine::open_files_limit());
        let timeout = Duration::from_secs(args.idle_timeout);
        listen::serve(listener, api::router(server, gate), most, timeout, stop).await;
        Ok(())
    });
    // A computation that reports no progress is not waited for.
    runtime.shutdown_background();
    served
}

/// What the start says of the files expressions may name.
fn describe_files(within: &Within) -> String {
    let dirs: Vec<String> = (within.dirs().iter())
        .map(|dir| dir.display().to_string())
        .collect();
    match &dirs[..] {
        [] => "no files are read (no examples/ here; --files DIR serves one)".into(),
        _ => format!(
            "files named in expressions are read under {}",
            dirs.join(", ")
        ),
    }
}
