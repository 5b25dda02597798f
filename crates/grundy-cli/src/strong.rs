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
use crate::report::{Failure, Output};

/// Solves with the memory the machine has, progress on stderr (where it is
/// a terminal, or always with `forced`) and Ctrl-C stopping cleanly.
pub fn with_progress<T>(
    forced: bool,
    solve: impl FnOnce(&Options, &mut dyn FnMut(Progress) -> bool) -> grundy::Result<T>,
) -> grundy::Result<T> {
    let options = Options::for_available_memory(Some(MemoryLimit::now().bytes));
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
        let phase = match progress.phase {
            Phase::Generating => "generating",
            Phase::Propagating => "solving",
        };
        bar.set_message(format!(
            "{phase}: {} of {} positions",
            progress.done, progress.reached
        ));
        !interrupted.load(Ordering::SeqCst)
    });
    bar.finish_and_clear();
    solved
}

/// Answers `grundy analyze` for one position of a ruleset solved strongly,
/// from a fresh solve or from a `--db` file.
pub fn analyze(
    strong: &dyn DynStrong,
    expression: &str,
    position: &[Word],
    db: Option<&Path>,
    json: bool,
    out: &mut Output,
) -> Result<(), Failure> {
    let failure = Failure::about(expression);
    // A table is decoded in memory: it is read only up to half the memory
    // a computation may take (a device such as /dev/zero has no length).
    let bytes = match db {
        Some(path) => {
            let limit = MemoryLimit::now().bytes / 2;
            let path = path.display().to_string();
            Some(grundy::file::read_at_most(&path, limit, "table").map_err(failure)?)
        }
        None => None,
    };
    let path = db.map(|p| p.display().to_string()).unwrap_or_default();
    let source = match &bytes {
        Some(bytes) => Source::Db { path: &path, bytes },
        None => Source::Solve,
    };
    let analysis = with_progress(false, |options, progress| {
        strong.analyze(position, source, options, progress)
    })
    .map_err(failure)?;
    if json {
        out.json(&Json::from(&analysis))
    } else {
        out.text(&text(&analysis))
    }
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

#[derive(Serialize)]
struct Json<'a> {
    expression: &'a str,
    #[serde(flatten)]
    solution: JsonSolution,
    best_moves: Vec<JsonMove<'a>>,
}

#[derive(Serialize)]
struct JsonMove<'a> {
    to: &'a str,
    /// The value after the move, for the opponent who moves there.
    #[serde(flatten)]
    after: JsonSolution,
}

impl<'a> From<&'a StrongAnalysis> for Json<'a> {
    fn from(a: &'a StrongAnalysis) -> Json<'a> {
        Json {
            expression: &a.expression,
            solution: a.solution.into(),
            best_moves: a
                .best_moves
                .iter()
                .map(|(to, after)| JsonMove {
                    to,
                    after: (*after).into(),
                })
                .collect(),
        }
    }
}

fn text(a: &StrongAnalysis) -> String {
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
