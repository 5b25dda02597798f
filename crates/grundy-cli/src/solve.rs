//! `grundy solve RULESET`: strongly solves a ruleset from its start: how
//! many positions are reachable, how many of them are won, lost, tied or
//! drawn for the player to move, and the start's value and remoteness. An
//! impartial script is played out this way too (`DynRuleset::solvable`).
//! With `--all-starts`, every vertex of a graph file instead (starts.rs).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Instant;

use grundy::retrograde::Counts as SolveCounts;
use grundy::strong::DynStrong;
use grundy::tier::{Plan, Progress};
use grundy::value::Solution;
use grundy::Error;
use serde::Serialize;

use crate::report::{Failure, Output};
use crate::strong::{with_progress, with_progress_of, JsonSolution};

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
}

#[derive(Serialize)]
struct Json<'a> {
    ruleset: &'a str,
    positions: u64,
    counts: Counts,
    start: JsonSolution,
    seconds: f64,
    /// With `--tiers`: each tier, first to last.
    #[serde(skip_serializing_if = "Option::is_none")]
    tiers: Option<Vec<JsonTier>>,
}

#[derive(Serialize)]
struct JsonTier {
    tier: usize,
    /// Ranks of the tier, reachable or not.
    ranks: u64,
    positions: u64,
    counts: Counts,
    /// Whether it was read back from DIR rather than solved.
    read_back: bool,
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
    if let Some(dir) = &args.tiers {
        return tiered(strong, dir, &args, started, out);
    }
    let solved = with_progress(args.progress, |options, progress| {
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
            counts: c.into(),
            start: solved.start.into(),
            seconds,
            tiers: None,
        })
    } else {
        out.text(&text(
            &solved.ruleset,
            solved.positions,
            c,
            solved.start,
            seconds,
        ))
    }
}

/// The summary as text.
fn text(ruleset: &str, positions: u64, c: SolveCounts, start: Solution, seconds: f64) -> String {
    format!(
        "ruleset:   {ruleset}\npositions: {positions}\nwin:       {}\nlose:      {}\n\
         tie:       {}\ndraw:      {}\nstart:     {start} ({})\nseconds:   {seconds:.2}\n",
        c.win,
        c.lose,
        c.tie,
        c.draw,
        start.standing.explanation()
    )
}

impl From<SolveCounts> for Counts {
    fn from(c: SolveCounts) -> Counts {
        Counts {
            win: c.win,
            lose: c.lose,
            tie: c.tie,
            draw: c.draw,
        }
    }
}

/// `--tiers DIR`: the plan on stderr where progress is drawn, the tiered
/// solve, and the summary with each tier's counts.
fn tiered(
    strong: &dyn DynStrong,
    dir: &Path,
    args: &Args,
    started: Instant,
    out: &mut Output,
) -> Result<(), Failure> {
    let failure = Failure::about(&args.ruleset);
    let shown = args.progress || std::io::stderr().is_terminal();
    let disk_free = crate::machine::disk_free(dir);
    let describe = |p: &Progress| {
        format!(
            "{} tier {} of {}: {} of {} ranks",
            p.pass.verb(),
            p.tier,
            p.tiers - 1,
            p.done,
            p.size
        )
    };
    let solved = with_progress_of(args.progress, describe, |options, progress| {
        let mut plan = |plan: &Plan| {
            if shown {
                eprintln!(
                    "about {} MiB of memory (budget {} MiB) and {} MiB of disk; {}",
                    plan.memory.div_ceil(1 << 20),
                    options.memory >> 20,
                    plan.disk.div_ceil(1 << 20),
                    plan.describe_sizes()
                );
            }
        };
        strong.solve_tiers(dir, options, disk_free, &mut plan, progress)
    })
    .map_err(failure)?;
    let seconds = started.elapsed().as_secs_f64();
    let summary = &solved.summary;
    let c = summary.counts();
    if args.json {
        let tiers = (summary.tiers.iter().enumerate())
            .map(|(tier, t)| JsonTier {
                tier,
                ranks: t.size,
                positions: t.positions,
                counts: t.counts.into(),
                read_back: t.read_back,
            })
            .collect();
        out.json(&Json {
            ruleset: &solved.ruleset,
            positions: summary.positions(),
            counts: c.into(),
            start: summary.start.into(),
            seconds,
            tiers: Some(tiers),
        })
    } else {
        let read_back = summary.tiers.iter().filter(|t| t.read_back).count();
        let mut text = text(
            &solved.ruleset,
            summary.positions(),
            c,
            summary.start,
            seconds,
        );
        text.push_str(&format!(
            "tiers:     {} in {} ({read_back} read back)\n",
            summary.tiers.len(),
            dir.display()
        ));
        out.text(&text)
    }
}
