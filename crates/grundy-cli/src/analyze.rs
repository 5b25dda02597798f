//! `grundy analyze EXPR`: the outcome, the nimber and the winning moves; with
//! `--batch`, the same for every line of a file (see `batch`).

use std::path::{Path, PathBuf};

use grundy::answer::analyze::{Analyzed, SolvedTable};
use grundy::answer::{self, AnalyzeAnswer, AnalyzeOptions};
use grundy::{Analysis, Convention, Count, Outcome, Rulesets};
use num_bigint::BigUint;

use crate::machine::MemoryLimit;
use crate::progress::watched;
use crate::report::{Failure, Output};
use crate::{every, solitaire, strong, values};

/// Who wins a sum of games, its nimber, and its winning moves.
#[derive(clap::Args)]
pub struct Args {
    /// The game, e.g. 'nim 3 4 5' or 'nim 3 + subtraction(1,3,4) 10'. Several
    /// arguments are joined with spaces; the first may start with a minus
    /// ('-1 + {1|}').
    // The first word alone takes values with a leading '-' (a flag-like
    // value after it would take every later flag as a word too): flags
    // after the expression stay flags.
    #[arg(
        required_unless_present = "batch",
        allow_hyphen_values = true,
        value_name = "EXPR"
    )]
    expression: Option<String>,

    /// The rest of the expression's words.
    #[arg(
        num_args = 0..,
        allow_negative_numbers = true,
        hide = true,
        requires = "expression"
    )]
    more: Vec<String>,

    /// Answer every line of FILE (standard input when FILE is - or left
    /// out): one expression a line, blank lines and lines starting with #
    /// skipped, one answer a line (JSON Lines with --json). A bad line is
    /// answered with its error and the run goes on; the exit status is the
    /// worst of the lines.
    #[arg(
        long,
        value_name = "FILE",
        num_args = 0..=1,
        default_missing_value = "-",
        conflicts_with_all = ["expression", "more"]
    )]
    batch: Option<PathBuf>,

    /// Print JSON instead of the table: one object, or one a line with
    /// --batch. Errors are JSON too.
    #[arg(long)]
    json: bool,

    /// Misère play: who cannot move wins (who makes the last move loses).
    /// Sums of Nim heaps by the anti-Nim rule, sums of tame components by
    /// the tame rule (from each component's genus, shown), sums of heaps of
    /// one heap game from its misère quotient, other sums by exhaustive
    /// search while they are small enough. No nimber is reported.
    #[arg(long)]
    misere: bool,

    /// Every-SG play: each turn moves in every component that can still
    /// move, and whoever makes the last move wins. Answered from each
    /// component's step (suspense number: the winner of a component plays
    /// it slowly, the loser quickly), found by searching that component
    /// alone: the player to move wins exactly when the largest step is odd.
    /// A winning move chooses an option in every component that can move.
    #[arg(long, conflicts_with_all = ["misere", "db"])]
    every: bool,

    /// List at most N winning moves (each repeats the whole position); the
    /// answer always says how many there are in all.
    #[arg(long, value_name = "N", default_value_t = 100)]
    moves: usize,

    /// Only the outcome and the nimber: no components, no winning moves.
    #[arg(long, conflicts_with = "moves")]
    outcome_only: bool,

    /// Answer a position of a ruleset solved strongly (mnk, connect4) from
    /// the table `grundy solve --db FILE` wrote, without solving again; or
    /// from the directory `grundy solve --tiers DIR` wrote, reading only
    /// the blocks the position and its moves are in.
    #[arg(long, value_name = "FILE|DIR")]
    db: Option<PathBuf>,

    #[command(flatten)]
    pub values: crate::db::Values,
}

impl Args {
    /// The file of a `--batch` run, which `batch::run` answers line by line.
    pub fn batch_file(&self) -> Option<&Path> {
        self.batch.as_deref()
    }

    /// What is asked of every expression, with the memory the machine has
    /// now.
    pub fn question(&self) -> Question {
        let available = MemoryLimit::now();
        let mut options = AnalyzeOptions::default();
        options.misere = self.misere;
        options.every = self.every;
        options.moves = self.moves;
        options.outcome_only = self.outcome_only;
        options.memory = Some(available.bytes);
        options.db = (self.db.as_ref())
            .map(|path| SolvedTable::new(path.display().to_string(), MemoryLimit::file_bytes()));
        Question { options, available }
    }

    pub fn json(&self) -> bool {
        self.json
    }
}

/// Answers one expression (`--batch` is `batch::run`).
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let question = args.question();
    let words = args.expression.iter().chain(&args.more);
    let expression = words.cloned().collect::<Vec<_>>().join(" ");
    let analyzed = question
        .answer(&mut Rulesets::new(), &expression)
        .map_err(|error| Failure::Error {
            error,
            expression: Some(expression.clone()),
        })?;
    let outcome_only = question.outcome_only();
    match args.json {
        true => out.json(&AnalyzeAnswer::new(&analyzed, outcome_only)),
        false => out.text(&text(&analyzed, outcome_only)),
    }
}

/// What is asked of every expression (`grundy::answer::AnalyzeOptions`),
/// and the memory there was when it was asked.
pub struct Question {
    options: AnalyzeOptions,
    available: MemoryLimit,
}

impl Question {
    /// The answer about `expression`, read once, with rulesets from
    /// `rulesets`, so that the questions of a batch share their solvers and
    /// tables; a long solve or search of values shows its progress, and
    /// stops on Ctrl-C.
    pub fn answer(&self, rulesets: &mut Rulesets, expression: &str) -> grundy::Result<Analyzed> {
        watched(false, &self.available, |progress| {
            answer::analysis(rulesets, expression, &self.options, progress)
        })
    }

    /// Whether only the outcome and the nimber (or remoteness) are asked.
    pub fn outcome_only(&self) -> bool {
        self.options.outcome_only
    }
}

/// The answer as text: a table, or for the answers of their own, theirs.
fn text(analyzed: &Analyzed, outcome_only: bool) -> String {
    match analyzed {
        Analyzed::Sum(a) => table(a, outcome_only),
        Analyzed::Strong(a) => strong::text(a, outcome_only),
        Analyzed::Values(a) => values::text(a, outcome_only),
        Analyzed::MisereValues(a) => values::misere_text(a, outcome_only),
        Analyzed::Searched {
            expression,
            searched,
        } => values::searched_text(expression, searched),
        Analyzed::Loopy { expression, value } => values::loopy_text(expression, value),
        Analyzed::Every(a) => every::text(a, outcome_only),
        Analyzed::Solitaire(a) => solitaire::text(a, outcome_only),
    }
}

/// A nimber for the text; "unknown" where the engine has none (the outcome
/// then comes from the winning moves).
pub fn nimber_text(nimber: &Option<BigUint>) -> String {
    nimber
        .as_ref()
        .map_or_else(|| "unknown".to_string(), ToString::to_string)
}

/// How many winning moves there are: `17`, or `at least 17`.
pub fn count_text(count: Count) -> String {
    match count {
        Count::Exactly(n) => n.to_string(),
        Count::AtLeast(n) => format!("at least {n}"),
    }
}

/// Columns of a table are aligned up to this width; a longer cell (a heap
/// of a thousand digits) sticks out, rather than pushing every other row
/// that far right.
const ALIGN_AT_MOST: usize = 40;

/// The width that aligns a column of `cells`.
fn column_width<'a>(cells: impl Iterator<Item = &'a str>, least: usize) -> usize {
    cells
        .map(|c| c.chars().count())
        .filter(|&n| n <= ALIGN_AT_MOST)
        .fold(least, usize::max)
}

/// `cell` and the spaces that fill it to `width`. Written by hand, not with
/// `{:width$}`, whose width may not pass 65,535.
fn padded(cell: &str, width: usize) -> String {
    let fill = width.saturating_sub(cell.chars().count());
    format!("{cell}{}", " ".repeat(fill))
}

/// The answer as a table: under normal play the components with their
/// nimbers; under misère play, which no nimber decides, the components alone
/// and the convention. With `--outcome-only`, the nimber and outcome alone.
fn table(a: &Analysis, outcome_only: bool) -> String {
    if outcome_only {
        let first = match a.convention {
            Convention::Normal => format!("nimber:  {}", nimber_text(&a.nimber)),
            Convention::Misere => convention_line(a.convention),
        };
        return format!(
            "{first}\noutcome: {} ({})\n",
            a.outcome,
            a.outcome.explanation()
        );
    }
    let mut out = match a.convention {
        Convention::Normal => nimber_table(a),
        Convention::Misere => genus_table(a),
    };
    out.push_str(&format!(
        "\noutcome: {} ({})\n",
        a.outcome,
        a.outcome.explanation()
    ));
    out.push_str(&moves_table(a));
    out
}

fn convention_line(convention: Convention) -> String {
    format!(
        "convention: {} ({})",
        convention.name(),
        convention.explanation()
    )
}

/// The winning moves, headed by how many are listed of how many in all; for
/// a draw, the moves that keep it.
fn moves_table(a: &Analysis) -> String {
    if a.outcome == Outcome::D {
        let mut out = format!("moves that keep the draw ({}):\n", a.best_moves.len());
        let width = column_width(a.best_moves.iter().map(|(m, _)| m.as_str()), 0);
        for (m, to) in &a.best_moves {
            out.push_str(&format!("  {}  => {to}\n", padded(m, width)));
        }
        return out;
    }
    let listed = a.winning_moves.len() as u64;
    let count = a.winning_move_count;
    if count == Count::Exactly(0) {
        return "winning moves: none\n".to_string();
    }
    let mut out = if count == Count::Exactly(listed) {
        format!("winning moves ({listed}):\n")
    } else {
        format!("winning moves ({listed} of {}):\n", count_text(count))
    };
    let width = column_width(a.winning_moves.iter().map(|(m, _)| m.as_str()), 0);
    for (m, to) in &a.winning_moves {
        out.push_str(&format!("  {}  => {to}\n", padded(m, width)));
    }
    if count != Count::Exactly(listed) {
        let more = match count {
            Count::Exactly(n) => format!("{} more", n - listed),
            Count::AtLeast(n) if n > listed => format!("at least {} more", n - listed),
            Count::AtLeast(_) => "perhaps more".to_string(),
        };
        out.push_str(&format!("  ... and {more} (--moves N lists N)\n"));
    }
    out
}

/// Under misère play: the components with their genera (and whether each
/// is tame) and misère canonical forms, and the convention.
fn genus_table(a: &Analysis) -> String {
    let rows: Vec<(&str, String, String)> = (a.components.iter())
        .map(|c| {
            let genus = match (&c.genus, c.tame) {
                (Some(g), Some(true)) => format!("{g} (tame)"),
                (Some(g), _) => g.to_string(),
                (None, _) => UNKNOWN.to_string(),
            };
            let form = match &c.misere_form {
                Some(form) if form.chars().count() <= LONGEST_FORM_SHOWN => form.clone(),
                Some(form) => format!("{} characters (--json gives it)", form.chars().count()),
                None => UNKNOWN.to_string(),
            };
            (c.expression.as_str(), genus, form)
        })
        .collect();
    let width = column_width(rows.iter().map(|(c, _, _)| *c), "component".len());
    let genus_width = column_width(rows.iter().map(|(_, g, _)| g.as_str()), "genus".len());
    let mut out = format!(
        "{}  {}  misère form\n",
        padded("component", width),
        padded("genus", genus_width)
    );
    for (c, g, form) in &rows {
        out.push_str(&format!(
            "{}  {}  {form}\n",
            padded(c, width),
            padded(g, genus_width)
        ));
    }
    out.push('\n');
    out.push_str(&convention_line(a.convention));
    out
}

/// A genus or misère form not known.
const UNKNOWN: &str = "unknown (not searched, or beyond its search's limits)";

/// The longest misère form the text shows; a longer one is counted.
const LONGEST_FORM_SHOWN: usize = 40;

/// The components and their nimbers, or their generalized values where one
/// is infinite.
fn nimber_table(a: &Analysis) -> String {
    let loopy = a.is_loopy();
    let mut rows: Vec<(&str, String)> = a
        .components
        .iter()
        .map(|c| match (loopy, &c.value) {
            (true, Some(value)) => (c.expression.as_str(), value.clone()),
            _ if c.wins_at_once => (c.expression.as_str(), "wins at once".to_string()),
            _ => (c.expression.as_str(), nimber_text(&c.nimber)),
        })
        .collect();
    if rows.len() > 1 && loopy {
        let total = a.loopy_value.as_ref().map_or_else(
            || "none: two infinite parts draw".to_string(),
            ToString::to_string,
        );
        rows.push(("sum", total));
    } else if rows.len() > 1 && a.components.iter().any(|c| c.wins_at_once) {
        rows.push(("sum", "N: a part wins at once".to_string()));
    } else if rows.len() > 1 {
        rows.push(("sum (XOR)", nimber_text(&a.nimber)));
    }
    let heading = if loopy { "value" } else { "nimber" };
    let width = column_width(rows.iter().map(|(c, _)| *c), "component".len());
    let mut out = format!("{}  {heading}\n", padded("component", width));
    for (c, g) in &rows {
        out.push_str(&format!("{}  {g}\n", padded(c, width)));
    }
    out
}
