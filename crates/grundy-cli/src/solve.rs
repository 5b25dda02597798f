//! `grundy solve RULESET`: strongly solves a ruleset from its start: how
//! many positions are reachable, how many of them are won, lost, tied or
//! drawn for the player to move, and the start's value and remoteness. An
//! impartial script is played out this way too (`DynRuleset::solvable`).
//! With `--all-starts`, every vertex of a graph file instead (starts.rs).

use std::path::PathBuf;

use grundy::answer::plan::{self, PlanAnswer};
use grundy::answer::solve::{self, SolveAnswer, SolveOptions};
use grundy::tier::team::{Alone, Team};

use crate::machine::MemoryLimit;
use crate::progress::watched;
use crate::report::{Failure, Output};

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

    /// Solve a tier at a time (connect4: a tier is the discs on the
    /// board), writing each tier to DIR (made if missing) as it is
    /// finished; a rerun with the same DIR reads the finished tiers back.
    /// `grundy analyze --db DIR` answers from it. Format in
    /// crates/grundy/src/tier/file.rs.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["db", "all_starts"])]
    tiers: Option<PathBuf>,

    /// With --tiers: the ranks of a piece of a tier (rounded up to a
    /// multiple of 64; default 2^31). A tier is solved a piece at a time,
    /// each piece written as it is finished: smaller pieces take less
    /// memory, and a solve stopped resumes nearer where it was.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    piece_ranks: Option<u64>,

    /// Print what a solve a tier at a time needs, without solving: each
    /// tier's ranks, and for each process the memory, the disk and the
    /// bytes exchanged with the others (bounds where they depend on the
    /// positions reached).
    #[arg(long, conflicts_with_all = ["db", "all_starts", "tiers"])]
    plan: bool,

    /// With --plan: how many processes solve together (`mpirun -np N`).
    #[arg(long, value_name = "N", requires = "plan", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    processes: u64,
}

pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let failure = Failure::about(&args.ruleset);
    if args.plan {
        let answer = plan::plan(&args.ruleset, args.processes as usize, args.piece_ranks);
        let answer = answer.map_err(&failure)?;
        return match args.json {
            true => out.json(&answer),
            false => out.text(&plan_text(&answer)),
        };
    }
    if args.piece_ranks.is_some() && args.tiers.is_none() {
        return Err(failure(grundy::Error::Parameter(
            "--piece-ranks is of a solve a tier at a time: give --tiers DIR (or --plan)".into(),
        )));
    }
    let available = MemoryLimit::now();
    // Under mpirun (the feature `mpi`), the processes it started solve
    // together; process 0 alone writes the directory, draws the progress
    // and prints the answer or the error.
    #[cfg(feature = "mpi")]
    let processes = crate::mpi::started();
    #[cfg(feature = "mpi")]
    let team: &dyn Team = match &processes {
        Some(processes) => processes,
        None => &Alone,
    };
    #[cfg(not(feature = "mpi"))]
    let team: &dyn Team = &Alone;
    if args.all_starts && team.count() == 1 {
        return crate::starts::run(&args.ruleset, args.progress, &available, args.json, out);
    }
    let mut options = SolveOptions::default();
    options.db = args.db.is_some();
    options.memory = Some(available.bytes);
    #[cfg(feature = "mpi")]
    if let Some(processes) = &processes {
        options.memory = Some(processes.least(available.bytes));
    }
    if team.leader() {
        options.disk_free = args.tiers.as_deref().and_then(grundy::machine::disk_free);
    }
    options.tiers = args.tiers.clone();
    options.piece = args.piece_ranks;
    // Under mpirun, every process waits for process 0 to show the error
    // before any exits: mpirun ends them all once one exits with an
    // error, which could cut process 0 off before it is shown.
    let shown = || team.sum(&mut [0]);
    if !team.leader() {
        return match solve::solved_in_team(&args.ruleset, &options, team, &mut |_| true) {
            Ok(_) => Ok(()),
            Err(error) => {
                shown();
                Err(Failure::Told(error.kind().exit_status()))
            }
        };
    }
    let solved = watched(args.progress, &available, |progress| {
        solve::solved_in_team(&args.ruleset, &options, team, progress)
    });
    let solved = match solved {
        Ok(solved) => solved,
        Err(error) if team.count() > 1 => {
            let status = error.kind().exit_status();
            failure(error).report(args.json, out);
            shown();
            return Err(Failure::Told(status));
        }
        Err(error) => return Err(failure(error)),
    };
    if let (Some(path), Some(bytes)) = (&args.db, &solved.solve.db) {
        crate::files::write_bytes(path, bytes)?;
    }
    if args.json {
        return out.json(&SolveAnswer::new(&solved));
    }
    let (s, c) = (&solved.solve, solved.solve.counts);
    let mut text = format!(
        "ruleset:   {}\npositions: {}\nwin:       {}\nlose:      {}\ntie:       {}\n\
         draw:      {}\nstart:     {} ({})\nseconds:   {:.2}\n",
        s.ruleset,
        s.positions,
        c.win,
        c.lose,
        c.tie,
        c.draw,
        s.start,
        s.start.standing.explanation(),
        solved.seconds
    );
    if let (Some(summary), Some(dir)) = (&solved.tiers, &args.tiers) {
        let read_back = summary.tiers.iter().filter(|t| t.read_back).count();
        text.push_str(&format!(
            "tiers:     {} in {} ({read_back} read back)\n",
            summary.tiers.len(),
            dir.display()
        ));
    }
    out.text(&text)
}

/// A plan as text: each tier's ranks and bytes, then what each process
/// takes.
fn plan_text(p: &PlanAnswer) -> String {
    let mut text = format!(
        "ruleset:   {}\nprocesses: {}\npieces:    {}\ntiers:     {}, {} ranks in all, a cell {} \
         byte{}\n\n",
        p.ruleset,
        p.processes,
        match p.piece_ranks {
            Some(ranks) => format!("{ranks} ranks a piece (one process)"),
            None => "none: each process holds its share of each tier".to_string(),
        },
        p.tiers.len(),
        p.ranks,
        p.cell_bytes,
        if p.cell_bytes == 1 { "" } else { "s" }
    );
    text.push_str("tier  ranks             bits        cells at most  traffic at most\n");
    for t in &p.tiers {
        text.push_str(&format!(
            "{:<5} {:<17} {:<11} {:<14} {}\n",
            t.tier,
            t.ranks,
            bytes(t.bits_bytes),
            bytes(t.cells_bytes_at_most),
            bytes(t.traffic_at_most)
        ));
    }
    text.push_str(&format!(
        "\neach process: memory {} reaching, {} solving at most; traffic {} at most\n\
         disk: {} free to start, {} at most\n",
        bytes(p.reaching_memory),
        bytes(p.solving_memory_at_most),
        bytes(p.traffic_at_most),
        bytes(p.disk_at_least),
        bytes(p.disk_at_most)
    ));
    text
}

/// Bytes in the largest binary unit that keeps a whole number before the
/// point: `512 B`, `1.5 KiB`, `3.2 TiB`.
fn bytes(n: u64) -> String {
    const UNITS: [&str; 6] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
    let mut value = n as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    match unit {
        0 => format!("{n} B"),
        _ => format!("{value:.1} {}", UNITS[unit]),
    }
}
