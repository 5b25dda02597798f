//! What the subcommands share about rulesets solved strongly (mnk,
//! connect4): the solver's options and progress on stderr, and how a
//! position's answer is printed by `grundy analyze`.

use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::Duration;

use grundy::retrograde::{Options, Phase, Progress};
use grundy::strong::{DynStrong, Source, StrongAnalysis};
use grundy::value::Solution;
use grundy::word::Word;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;

use crate::machine::{self, MemoryLimit};

/// Solves with the memory the machine has, progress on stderr (where it is
/// a terminal, or always with `forced`) and Ctrl-C stopping cleanly.
///
/// The solver checks its own estimate of what it holds against the budget;
/// at each report the memory actually left is read too, and the solve
/// stops before it runs out (an estimate cannot see how the allocator
/// fragments, which doubled what positions of long texts took).
pub fn with_progress<T>(
    forced: bool,
    solve: impl FnOnce(&Options, &mut dyn FnMut(Progress) -> bool) -> grundy::Result<T>,
) -> grundy::Result<T> {
    let describe = |progress: &Progress| {
        let phase = match progress.phase {
            Phase::Generating => "generating",
            Phase::Propagating => "solving",
            Phase::Searching => "searching",
        };
        format!(
            "{phase}: {} of {} positions",
            progress.done, progress.reached
        )
    };
    with_progress_of(forced, describe, solve)
}

/// [`with_progress`] for any solver's reports, each drawn as `describe`
/// says (a tiered solve reports tiers, not positions).
pub fn with_progress_of<P, T>(
    forced: bool,
    describe: impl Fn(&P) -> String,
    solve: impl FnOnce(&Options, &mut dyn FnMut(P) -> bool) -> grundy::Result<T>,
) -> grundy::Result<T> {
    let limit = MemoryLimit::now();
    let options = Options::for_available_memory(Some(limit.bytes));
    let reserve = limit.bytes / 8;
    let mut ran_low = None;
    let interrupted = machine::interrupted_flag();
    let bar = ProgressBar::new_spinner();
    if forced {
        let stderr = Box::new(console::Term::stderr());
        bar.set_draw_target(ProgressDrawTarget::term_like_with_hz(stderr, 20));
    }
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} ({elapsed})").expect("a valid template"),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    let solved = solve(&options, &mut |progress| {
        bar.set_message(describe(&progress));
        let left = MemoryLimit::now();
        if left.bytes < reserve {
            ran_low = Some(left);
            return false;
        }
        !interrupted.load(Ordering::SeqCst)
    });
    bar.finish_and_clear();
    match (solved, ran_low) {
        (Err(_), Some(left)) => Err(grundy::Error::Limit(format!(
            "the solve stopped with {} MiB left of {}, less than an eighth of the {} MiB \
             there were when it started (its memory budget was {} MiB)",
            left.bytes >> 20,
            left.source,
            limit.bytes >> 20,
            options.memory >> 20
        ))),
        (solved, _) => solved,
    }
}

/// A `--db` table: a file's bytes, or a directory of tiers
/// (`grundy solve --tiers DIR`), read a block at a time.
pub enum Table<'a> {
    File(&'a Path, &'a [u8]),
    Tiers(&'a Path),
}

/// The answer of `grundy analyze` for one position of a ruleset solved
/// strongly: from a `--db` table, or from a solve (kept by the
/// ruleset for the next question of a batch); with `outcome_only` the
/// standing alone, which a search that stops at the first winning move
/// finds without a solve (see `DynStrong::outcome`).
pub fn analysis(
    strong: &dyn DynStrong,
    position: &[Word],
    db: Option<Table>,
    outcome_only: bool,
) -> grundy::Result<StrongAnalysis> {
    let path = match &db {
        Some(Table::File(p, _)) => p.display().to_string(),
        _ => String::new(),
    };
    let source = match db {
        Some(Table::File(_, bytes)) => Source::Db { path: &path, bytes },
        Some(Table::Tiers(dir)) => Source::Tiers { dir },
        None => Source::Solve,
    };
    with_progress(false, |options, progress| match outcome_only {
        true => strong.outcome(position, source, options, progress),
        false => strong.analyze(position, source, options, progress),
    })
}

/// A solution as JSON names it: the outcome letter and the remoteness.
#[derive(Serialize)]
pub struct JsonSolution {
    pub outcome: &'static str,
    pub remoteness: Option<u32>,
}

impl From<Solution> for JsonSolution {
    fn from(s: Solution) -> JsonSolution {
        JsonSolution {
            outcome: s.standing.letter(),
            remoteness: s.remoteness,
        }
    }
}

/// The JSON object of a position solved strongly (README.md has the
/// schema).
#[derive(Serialize)]
pub struct Json<'a> {
    /// The line of a batch the answer is for.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
    expression: &'a str,
    #[serde(flatten)]
    solution: JsonSolution,
    /// Left out with `--outcome-only`.
    #[serde(skip_serializing_if = "Option::is_none")]
    best_moves: Option<Vec<JsonMove<'a>>>,
}

#[derive(Serialize)]
struct JsonMove<'a> {
    to: &'a str,
    /// The value after the move, for the opponent who moves there.
    #[serde(flatten)]
    after: JsonSolution,
}

impl<'a> Json<'a> {
    pub fn new(a: &'a StrongAnalysis, outcome_only: bool, line: Option<u64>) -> Json<'a> {
        let best_moves = (!outcome_only).then(|| {
            (a.best_moves.iter())
                .map(|(to, after)| JsonMove {
                    to,
                    after: (*after).into(),
                })
                .collect()
        });
        Json {
            line,
            expression: &a.expression,
            solution: a.solution.into(),
            best_moves,
        }
    }
}

/// The answer as text: the position, its outcome and remoteness, and
/// unless `outcome_only` its best moves.
pub fn text(a: &StrongAnalysis, outcome_only: bool) -> String {
    let s = &a.solution;
    let mut out = format!(
        "{}\noutcome: {} ({})\n",
        a.expression,
        s.standing.letter(),
        s.standing.explanation()
    );
    if let Some(r) = s.remoteness {
        out.push_str(&format!("remoteness: {r} moves\n"));
    }
    if outcome_only {
        return out;
    }
    if a.best_moves.is_empty() {
        out.push_str("best moves: none (the game is over)\n");
    } else {
        out.push_str(&format!("best moves ({}):\n", a.best_moves.len()));
        for (to, after) in &a.best_moves {
            out.push_str(&format!("  => {to}  (then {after} for the opponent)\n"));
        }
    }
    out
}

/// The answer on one line of a batch: `mnk(3,3,3) x.o/.x./...: W in 3`,
/// then unless `outcome_only` its best moves, each with the value after
/// it for the opponent, separated by `; `.
pub fn one_line(a: &StrongAnalysis, outcome_only: bool) -> String {
    let mut text = format!("{}: {}", a.expression, a.solution);
    if outcome_only {
        return text;
    }
    let count = a.best_moves.len();
    if count == 0 {
        text.push_str(", no move (the game is over)");
        return text;
    }
    let noun = if count == 1 { "move" } else { "moves" };
    let moves: Vec<String> = (a.best_moves.iter())
        .map(|(to, after)| format!("=> {to} (then {after})"))
        .collect();
    text.push_str(&format!(", {count} best {noun}: {}", moves.join("; ")));
    text
}
