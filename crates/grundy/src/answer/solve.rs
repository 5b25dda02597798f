//! `solve`: a ruleset solved strongly from its start (how many positions,
//! how many of them each standing, the start's value), and every vertex
//! of a graph file as a start.
//!
//! ```
//! use grundy::answer::solve::{solve, SolveOptions};
//!
//! // Tic-tac-toe's little brother: 1 x 3 board, two in a row wins.
//! let answer = solve("mnk(1,3,2)", &SolveOptions::default(), &mut |_| true).unwrap();
//! assert_eq!((answer.start.outcome, answer.start.remoteness), ("W", Some(3)));
//! ```

use std::path::PathBuf;
use std::time::Instant;

use schemars::JsonSchema;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::retrograde::Options;
use crate::starts::AllStarts;
use crate::strong::{DynStrong, Solve};
use crate::tier;
use crate::tier::team::{Alone, Team};

use super::analyze::SolutionAnswer;
use super::{OnProgress, Progress};

/// What `solve` is asked.
#[derive(Debug, Default)]
#[non_exhaustive]
pub struct SolveOptions {
    /// Keep the solved table's bytes (`Solved::db`), to be written to a file
    /// that `analyze` answers from.
    pub db: bool,
    /// The memory the machine has available, in bytes, of which the solve
    /// takes at most three quarters; `None`: 4 GiB.
    pub memory: Option<u64>,
    /// Solve a tier at a time into this directory (made if missing; the
    /// tiers already there are read back), where the ruleset has tiers.
    pub tiers: Option<PathBuf>,
    /// The bytes free on the disk of [`SolveOptions::tiers`], where known:
    /// a tiered solve needing more is refused before it starts.
    pub disk_free: Option<u64>,
    /// The ranks of a piece of a tier in a tiered solve by one process
    /// (rounded up to a multiple of 64); `None`: [`tier::PIECE`].
    pub piece: Option<u64>,
}

/// A ruleset solved strongly, in the engine's types, and how long it took.
#[derive(Debug)]
#[non_exhaustive]
pub struct Solved {
    /// What the solve found (with the table's bytes where asked).
    pub solve: Solve,
    /// Seconds the solve took.
    pub seconds: f64,
    /// Each tier's counts, where it was solved a tier at a time.
    pub tiers: Option<tier::Summary>,
}

/// Solves `ruleset` (an expression naming one ruleset, such as
/// `mnk(3,3,3)`) from its start, reporting [`Progress::Solving`].
pub fn solved(ruleset: &str, options: &SolveOptions, progress: OnProgress) -> Result<Solved> {
    solved_in_team(ruleset, options, &Alone, progress)
}

/// [`solved`] by one member of a team of processes (`mpirun`): a solve a
/// tier at a time ([`SolveOptions::tiers`]) shared among them
/// ([`tier::team`]), each member with the same answer; any other solve is
/// refused where the team has more than one member.
pub fn solved_in_team(
    ruleset: &str,
    options: &SolveOptions,
    team: &dyn Team,
    progress: OnProgress,
) -> Result<Solved> {
    let built = crate::registry::ruleset(ruleset)?;
    let strong = built.solvable().ok_or_else(|| {
        Error::Unsupported(format!(
            "{} is not solved strongly; `grundy analyze` and `grundy sequence` answer it",
            built.name()
        ))
    })?;
    let started = Instant::now();
    let solve_options = Options::for_available_memory(options.memory);
    if let Some(dir) = &options.tiers {
        return tiered(
            strong,
            dir,
            &solve_options,
            options,
            team,
            progress,
            started,
        );
    }
    if team.count() > 1 {
        return Err(Error::Unsupported(format!(
            "{} processes solve together only a tier at a time (--tiers DIR)",
            team.count()
        )));
    }
    refuse_in_memory_past_budget(strong, &built.name(), solve_options.memory)?;
    let mut stopped = false;
    let report = &mut |p| {
        stopped = !progress(Progress::Solving(p));
        !stopped
    };
    let solve =
        (strong.solve(&solve_options, report, options.db)).map_err(|error| match error {
            // Past a limit (not stopped), a ruleset in tiers may still be
            // solved: a tier at a time, on disk.
            Error::Limit(message) if !stopped && strong.tier_plan().is_ok() => {
                Error::Limit(format!(
                    "{message}; {} can be solved a tier at a time into a directory instead, \
                     with far less memory (`grundy solve --tiers DIR` on the command line, \
                     `grundy.solve(..., tiers=DIR)` in Python)",
                    built.name()
                ))
            }
            other => other,
        })?;
    Ok(Solved {
        solve,
        seconds: started.elapsed().as_secs_f64(),
        tiers: None,
    })
}

/// Refuses at once, naming the solve a tier at a time, to solve in memory a
/// ruleset in tiers whose ranks (its positions, and some never reached: of
/// Connect Four 6 x 5's 9,918,556,649 ranks, 2,818,972,642 are reached)
/// would take more than `budget` bytes there, rather than after the budget
/// is spent: a plan of tiers knows its size before it starts.
fn refuse_in_memory_past_budget(strong: &dyn DynStrong, name: &str, budget: u64) -> Result<()> {
    let Ok(plan) = strong.tier_plan() else {
        return Ok(());
    };
    let ranks = plan
        .sizes
        .iter()
        .fold(0u64, |sum, &size| sum.saturating_add(size));
    let least = crate::retrograde::least_bytes(ranks);
    if least <= budget {
        return Ok(());
    }
    let gib = |bytes: u64| bytes as f64 / (1u64 << 30) as f64;
    let tiered = match plan.memory > budget {
        true => format!(
            "; a tier at a time it takes {:.1} GiB, also past the budget",
            gib(plan.memory)
        ),
        false => format!("; a tier at a time it takes {:.1} GiB", gib(plan.memory)),
    };
    Err(Error::Limit(format!(
        "{name} ranks {ranks} positions, some never reached: solved in memory, at the \
         {} bytes the least position takes, they would need up to {:.1} GiB, past the memory \
         budget of {:.1} GiB. It can be solved a tier at a time into a directory instead \
         (`grundy solve --tiers DIR` on the command line, `grundy.solve(..., tiers=DIR)` in \
         Python){tiered}",
        crate::retrograde::least_bytes(1),
        gib(least),
        gib(budget),
    )))
}

/// [`solved`] a tier at a time into `dir`: the plan reported first
/// ([`Progress::Planned`]), then each tier ([`Progress::Tier`]).
fn tiered(
    strong: &dyn DynStrong,
    dir: &std::path::Path,
    solve_options: &Options,
    options: &SolveOptions,
    team: &dyn Team,
    progress: OnProgress,
    started: Instant,
) -> Result<Solved> {
    let setup = tier::Setup {
        disk_free: options.disk_free,
        piece: options.piece,
    };
    let plan = setup.plan(strong.tier_plan()?, team.count());
    progress(Progress::Planned {
        memory: plan.memory,
        budget: solve_options.memory,
        disk: plan.disk,
        tiers: plan.sizes.len(),
    });
    let report = &mut |p| progress(Progress::Tier(p));
    let solved = strong.solve_tiers_in_team(dir, solve_options, &setup, team, report)?;
    let summary = solved.summary;
    Ok(Solved {
        solve: Solve {
            ruleset: solved.ruleset,
            positions: summary.positions(),
            counts: summary.counts(),
            start: summary.start,
            db: None,
        },
        seconds: started.elapsed().as_secs_f64(),
        tiers: Some(summary),
    })
}

/// [`solved`], as the answer of the schema.
pub fn solve(ruleset: &str, options: &SolveOptions, progress: OnProgress) -> Result<SolveAnswer> {
    solved(ruleset, options, progress).map(|s| SolveAnswer::new(&s))
}

/// A ruleset solved strongly from its start.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct SolveAnswer {
    /// The ruleset as an expression writes it.
    pub ruleset: String,
    /// How many positions are reachable from the start.
    pub positions: u64,
    /// How many of them are won, lost, tied and drawn for the player to
    /// move.
    pub counts: SolveCounts,
    /// The start's value for the player to move.
    pub start: SolutionAnswer,
    /// Seconds the solve took.
    pub seconds: f64,
    /// Solved a tier at a time (`--tiers DIR`): each tier, first to last.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tiers: Option<Vec<TierAnswer>>,
}

/// One tier of a solve a tier at a time.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct TierAnswer {
    /// The tier, counted from 0 (connect4: the discs on the board).
    pub tier: usize,
    /// The ranks of the tier, positions reachable or not.
    pub ranks: u64,
    /// The positions of the tier reachable from the start.
    pub positions: u64,
    /// How many of them have each standing.
    pub counts: SolveCounts,
    /// Whether the tier was read back from the directory, not solved.
    pub read_back: bool,
}

/// How many positions have each standing, for the player to move.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct SolveCounts {
    /// Won.
    pub win: u64,
    /// Lost.
    pub lose: u64,
    /// Tied.
    pub tie: u64,
    /// Drawn: play goes on forever.
    pub draw: u64,
}

impl SolveAnswer {
    /// The answer of a solve.
    pub fn new(solved: &Solved) -> SolveAnswer {
        let s = &solved.solve;
        let tiers = solved.tiers.as_ref().map(|summary| {
            (summary.tiers.iter().enumerate())
                .map(|(tier, t)| TierAnswer {
                    tier,
                    ranks: t.size,
                    positions: t.positions,
                    counts: t.counts.into(),
                    read_back: t.read_back,
                })
                .collect()
        });
        SolveAnswer {
            ruleset: s.ruleset.clone(),
            positions: s.positions,
            counts: s.counts.into(),
            start: s.start.into(),
            seconds: solved.seconds,
            tiers,
        }
    }
}

impl From<crate::retrograde::Counts> for SolveCounts {
    fn from(c: crate::retrograde::Counts) -> SolveCounts {
        SolveCounts {
            win: c.win,
            lose: c.lose,
            tie: c.tie,
            draw: c.draw,
        }
    }
}

/// Every vertex of `ruleset`'s graph file as a start (`graph(FILE)`,
/// `partizan-graph(FILE)`), from one solve of the whole graph, with
/// `memory` available (see [`SolveOptions::memory`]); with the ruleset's
/// name.
pub fn all_starts(
    ruleset: &str,
    memory: Option<u64>,
    progress: OnProgress,
) -> Result<(String, AllStarts)> {
    let built = crate::registry::ruleset(ruleset)?;
    let name = built.name();
    let options = Options::for_available_memory(memory);
    let report = &mut |p| progress(Progress::Solving(p));
    let starts = built.all_starts(&options, report).unwrap_or_else(|| {
        Err(Error::Parse {
            column: 1,
            message: format!(
                "{name} has no list of starts: --all-starts answers every vertex of \
                 graph(FILE) and partizan-graph(FILE)"
            ),
        })
    })?;
    Ok((name, starts))
}

/// Every vertex of a graph as a start: an array, a row a vertex.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(untagged)]
#[non_exhaustive]
pub enum StartsAnswer {
    /// A partizan graph: each vertex with Left and with Right moving first.
    Partizan(Vec<PartizanStart>),
    /// An impartial graph: each vertex's generalized value and outcome.
    Impartial(Vec<ImpartialStart>),
}

/// A vertex of a partizan graph: its value with Left to move first, and
/// with Right.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct PartizanStart {
    /// The vertex, counted from 0.
    pub vertex: usize,
    /// Its value with Left to move.
    pub left_first: SolutionAnswer,
    /// Its value with Right to move.
    pub right_first: SolutionAnswer,
}

/// A vertex of an impartial graph.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct ImpartialStart {
    /// The vertex, counted from 0.
    pub vertex: usize,
    /// Its generalized Sprague-Grundy value: the nimber, or `∞(0,2)`.
    pub value: String,
    /// Its nimber; `null` where the value is infinite.
    pub nimber: Option<u64>,
    /// `P`, `N`, or `D` for a draw.
    #[schemars(extend("enum" = ["P", "N", "D"]))]
    pub outcome: &'static str,
}

impl StartsAnswer {
    /// The answer of every start.
    pub fn new(starts: &AllStarts) -> StartsAnswer {
        match starts {
            AllStarts::Partizan(rows) => StartsAnswer::Partizan(
                (rows.iter().enumerate())
                    .map(|(vertex, [left, right])| PartizanStart {
                        vertex,
                        left_first: (*left).into(),
                        right_first: (*right).into(),
                    })
                    .collect(),
            ),
            AllStarts::Impartial(values) => StartsAnswer::Impartial(
                (values.iter().enumerate())
                    .map(|(vertex, value)| ImpartialStart {
                        vertex,
                        value: value.to_string(),
                        nimber: value.nimber(),
                        outcome: value.outcome().letter(),
                    })
                    .collect(),
            ),
        }
    }
}
