//! `grundy solve RULESET`: strongly solves a ruleset from its start: how
//! many positions are reachable, how many of them are won, lost, tied or
//! drawn for the player to move, and the start's value and remoteness. An
//! impartial script is played out this way too (`DynRuleset::solvable`).
//! With `--all-starts`, every vertex of a graph file instead (starts.rs).

use std::path::PathBuf;
use std::time::Instant;

use grundy::Error;
use serde::Serialize;

use crate::report::{Failure, Output};
use grundy::answer::analyze::SolutionAnswer;

use crate::progress::solving;

/// Strongly solves a ruleset (mnk, connect4, partizan-graph, a script with
/// fn start) from its start.
#[derive(clap::Args)]
pub struct Args {
    /// The ruleset, e.g. 'mnk(3,3,3)' or 'connect4(5,4)'.
    #[arg(value_name = "RULESET")]
    ruleset: String,

    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,

    /// Write the solved table to FILE (format in
    /// crates/grundy/src/retrograde/db.rs), for `grundy analyze --db FILE`.
    #[arg(long, value_name = "FILE")]
    db: Option<PathBuf>,

    /// Draw the progress on stderr even when it is not a terminal.
    #[arg(long)]
    progress: bool,

    /// Answer every vertex of a graph file as a start, from one solve of
    /// the whole graph: for partizan-graph(FILE) its value with Left and
    /// with Right moving first, for graph(FILE) its value and outcome.
    #[arg(long, conflicts_with = "db")]
    all_starts: bool,
}

#[derive(Serialize)]
struct Json<'a> {
    ruleset: &'a str,
    positions: u64,
    counts: Counts,
    start: SolutionAnswer,
    seconds: f64,
}

#[derive(Serialize)]
struct Counts {
    win: u64,
    lose: u64,
    tie: u64,
    draw: u64,
}

pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let failure = Failure::about(&args.ruleset);
    let ruleset = grundy::ruleset(&args.ruleset).map_err(failure)?;
    if args.all_starts {
        return crate::starts::run(
            ruleset.as_ref(),
            &args.ruleset,
            args.progress,
            args.json,
            out,
        );
    }
    let strong = ruleset.solvable().ok_or_else(|| {
        failure(Error::Unsupported(format!(
            "{} is not solved strongly; `grundy analyze` and `grundy sequence` answer it",
            ruleset.name()
        )))
    })?;
    let started = Instant::now();
    let solved = solving(args.progress, |options, progress| {
        strong.solve(options, progress, args.db.is_some())
    })
    .map_err(failure)?;
    let seconds = started.elapsed().as_secs_f64();
    if let (Some(path), Some(bytes)) = (&args.db, &solved.db) {
        crate::files::write_bytes(path, bytes)?;
    }
    let c = solved.counts;
    if args.json {
        out.json(&Json {
            ruleset: &solved.ruleset,
            positions: solved.positions,
            counts: Counts {
                win: c.win,
                lose: c.lose,
                tie: c.tie,
                draw: c.draw,
            },
            start: solved.start.into(),
            seconds,
        })
    } else {
        out.text(&format!(
            "ruleset:   {}\npositions: {}\nwin:       {}\nlose:      {}\ntie:       {}\n\
             draw:      {}\nstart:     {} ({})\nseconds:   {seconds:.2}\n",
            solved.ruleset,
            solved.positions,
            c.win,
            c.lose,
            c.tie,
            c.draw,
            solved.start,
            solved.start.standing.explanation()
        ))
    }
}
