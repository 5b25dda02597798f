//! `grundy analyze EXPR`: the outcome, the nimber and the winning moves; with
//! `--batch`, the same for every line of a file (see `batch`).

use std::cell::OnceCell;
use std::path::{Path, PathBuf};

use grundy::component::SolitaireAnalysis;
use grundy::registry::Parsed;
use grundy::short::ValueAnalysis;
use grundy::strong::StrongAnalysis;
use grundy::sum::{analyze_every_listing, analyze_every_outcome, EveryAnalysis};
use grundy::{
    analyze_listing, analyze_misere_listing, Analysis, Convention, Count, Outcome, Rulesets,
};
use num_bigint::BigUint;
use serde::Serialize;
use serde_json::Value;

use crate::machine::MemoryLimit;
use crate::report::{exact, Failure, Output};
use crate::{every, solitaire, strong, values};

/// Who wins a sum of games, its nimber, and its winning moves.
#[derive(clap::Args)]
pub struct Args {
    /// The game, e.g. 'nim 3 4 5' or 'nim 3 + subtraction(1,3,4) 10'. Several
    /// arguments are joined with spaces.
    #[arg(required_unless_present = "batch", num_args = 1.., value_name = "EXPR")]
    expression: Vec<String>,

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
        conflicts_with = "expression"
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
}

impl Args {
    /// The file of a `--batch` run, which `batch::run` answers line by line.
    pub fn batch_file(&self) -> Option<&Path> {
        self.batch.as_deref()
    }

    /// What is asked of every expression.
    pub fn question(&self) -> Question {
        Question {
            misere: self.misere,
            every: self.every,
            moves: self.moves,
            outcome_only: self.outcome_only,
            db: self.db.clone(),
            db_bytes: OnceCell::new(),
        }
    }

    pub fn json(&self) -> bool {
        self.json
    }
}

/// Answers one expression (`--batch` is `batch::run`).
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let question = args.question();
    let expression = args.expression.join(" ");
    let answer = question
        .answer(&mut Rulesets::new(), &expression)
        .map_err(|error| Failure::Error {
            error,
            expression: Some(expression.clone()),
        })?;
    let outcome_only = question.outcome_only;
    match (&answer, args.json) {
        (Answer::Sum(a), true) => out.json(&Json::new(a, &question, None)),
        (Answer::Sum(a), false) => out.text(&table(a, &question)),
        (Answer::Strong(a), true) => out.json(&strong::Json::new(a, outcome_only, None)),
        (Answer::Strong(a), false) => out.text(&strong::text(a, outcome_only)),
        (Answer::Values(a), true) => out.json(&values::Json::new(a, outcome_only, None)),
        (Answer::Values(a), false) => out.text(&values::text(a, outcome_only)),
        (Answer::Every(a), true) => out.json(&every::Json::new(a, outcome_only, None)),
        (Answer::Every(a), false) => out.text(&every::text(a, outcome_only)),
        (Answer::Solitaire(a), true) => out.json(&solitaire::Json::new(a, outcome_only, None)),
        (Answer::Solitaire(a), false) => out.text(&solitaire::text(a, outcome_only)),
    }
}

/// What is asked of every expression: the convention, and how much of the
/// answer.
pub struct Question {
    pub misere: bool,
    /// Every-SG play: every component that can move is moved in each turn.
    pub every: bool,
    /// The most winning moves listed.
    pub moves: usize,
    /// Only the outcome and the nimber (or remoteness).
    pub outcome_only: bool,
    /// The table to answer positions solved strongly from.
    db: Option<PathBuf>,
    /// The table's bytes, read at the first position that needs them.
    db_bytes: OnceCell<Vec<u8>>,
}

/// The answer to a question: a sum's, a position solved strongly, or a
/// sum of values.
pub enum Answer {
    Sum(Analysis),
    Strong(StrongAnalysis),
    Values(ValueAnalysis),
    Every(EveryAnalysis),
    Solitaire(SolitaireAnalysis),
}

impl Question {
    /// The answer about `expression`, read once, with rulesets from
    /// `rulesets`, so that the questions of a batch share their solvers and
    /// tables. A position solved strongly (win, lose, tie, draw) has an
    /// answer of its own; anything else is a sum.
    pub fn answer(&self, rulesets: &mut Rulesets, expression: &str) -> grundy::Result<Answer> {
        match rulesets.parse_question(expression)? {
            Parsed::Sum(sum) if self.every => {
                let analysis = match self.outcome_only {
                    true => analyze_every_outcome(&sum),
                    false => analyze_every_listing(&sum, self.moves),
                };
                analysis.map(Answer::Every)
            }
            Parsed::Strong { .. } | Parsed::Values(_) if self.every => {
                Err(grundy::Error::Unsupported(
                    "every-move play (--every) is for sums of impartial games: a position \
                     solved strongly (win, lose, tie, draw) or a partizan value has no step"
                        .into(),
                ))
            }
            Parsed::Solitaire { family, .. } if self.misere || self.every => {
                Err(family.error(format!(
                    "{} is for games of two players; a solitaire (one player makes every \
                     move) is answered without it",
                    if self.misere { "--misere" } else { "--every" }
                )))
            }
            Parsed::Solitaire {
                ruleset,
                family,
                position,
            } => {
                let solitaire = ruleset.solitaire().expect("a solitaire");
                solitaire.analyze(&family, &position).map(Answer::Solitaire)
            }
            Parsed::Strong { ruleset, position } => {
                // The outcome alone of a position of a ruleset with values
                // comes from its value, without a search of both players'
                // moves.
                if let ([word], true, None) = (&position[..], self.outcome_only, &self.db) {
                    if let Some(answer) = values::outcome(&ruleset, word)? {
                        return Ok(Answer::Strong(answer));
                    }
                }
                let strong = ruleset.strong().expect("a strong ruleset");
                let db = match &self.db {
                    Some(dir) if dir.is_dir() => Some(strong::Table::Tiers(dir)),
                    Some(path) => Some(strong::Table::File(path, self.db_bytes(path)?)),
                    None => None,
                };
                strong::analysis(strong, &position, db, self.outcome_only).map(Answer::Strong)
            }
            Parsed::Sum(sum) => {
                let most = if self.outcome_only { 0 } else { self.moves };
                let analysis = match self.misere {
                    true => analyze_misere_listing(&sum, most),
                    false => analyze_listing(&sum, most),
                };
                analysis.map(Answer::Sum)
            }
            Parsed::Values(_) if self.misere => Err(grundy::Error::Unsupported(
                "misère play of partizan games and game literals is not supported: their \
                 values are those of normal play"
                    .into(),
            )),
            Parsed::Values(terms) => values::analysis(&terms).map(Answer::Values),
        }
    }

    /// The bytes of the `--db` table, read once, up to
    /// `MemoryLimit::file_bytes`.
    fn db_bytes(&self, path: &Path) -> grundy::Result<&[u8]> {
        if self.db_bytes.get().is_none() {
            let limit = MemoryLimit::file_bytes();
            let path = path.display().to_string();
            let bytes = grundy::file::read_at_most(&path, limit, "table")?;
            let _ = self.db_bytes.set(bytes);
        }
        Ok(self.db_bytes.get().expect("read above"))
    }
}

/// The JSON object of an answer (README.md has the schema).
#[derive(Serialize)]
pub struct Json<'a> {
    /// The line of a batch the answer is for.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
    expression: &'a str,
    convention: &'static str,
    outcome: &'static str,
    /// `null` where no nimber is known (a lone huge Wythoff position) or
    /// none decides play (misère play).
    nimber: Value,
    /// Left out with `--outcome-only`.
    #[serde(flatten)]
    moves: Option<JsonMoves<'a>>,
}

#[derive(Serialize)]
struct JsonMoves<'a> {
    components: Vec<JsonComponent<'a>>,
    winning_move_count: Value,
    /// Whether the count is a lower bound: a component may have more winning
    /// moves than can be counted (a huge take-and-break heap).
    winning_move_count_is_lower_bound: bool,
    winning_moves: Vec<JsonMove<'a>>,
    /// Only for a draw: the moves that keep it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    best_moves: Vec<JsonMove<'a>>,
}

#[derive(Serialize)]
struct JsonComponent<'a> {
    component: &'a str,
    nimber: Value,
    /// The generalized value: the nimber, or `∞(0,2)`.
    value: Option<&'a str>,
    /// Under misère play only: the genus (`2^1420`), `null` where its search
    /// did not finish within its limits.
    #[serde(skip_serializing_if = "Option::is_none")]
    genus: Option<Value>,
    /// Under misère play only: whether the component is tame, `null` where
    /// its genus is unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    tame: Option<Value>,
    /// Only where the player to move wins at once in it (then `nimber` is
    /// `null`): `true`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    wins_at_once: bool,
}

#[derive(Serialize)]
struct JsonMove<'a> {
    #[serde(rename = "move")]
    description: &'a str,
    to: &'a str,
}

fn json_moves(moves: &[(String, String)]) -> Vec<JsonMove<'_>> {
    (moves.iter())
        .map(|(description, to)| JsonMove { description, to })
        .collect()
}

fn nimber_json(nimber: &Option<BigUint>) -> Value {
    nimber.as_ref().map_or(Value::Null, exact)
}

impl<'a> Json<'a> {
    pub fn new(a: &'a Analysis, question: &Question, line: Option<u64>) -> Json<'a> {
        let moves = (!question.outcome_only).then(|| JsonMoves {
            components: a
                .components
                .iter()
                .map(|c| {
                    let misere = a.convention == Convention::Misere;
                    JsonComponent {
                        component: &c.expression,
                        nimber: nimber_json(&c.nimber),
                        value: c.value.as_deref(),
                        genus: misere.then(|| {
                            (c.genus.as_ref()).map_or(Value::Null, |g| g.to_string().into())
                        }),
                        tame: misere.then(|| c.tame.map_or(Value::Null, Value::Bool)),
                        wins_at_once: c.wins_at_once,
                    }
                })
                .collect(),
            winning_move_count: exact(&BigUint::from(a.winning_move_count.number())),
            winning_move_count_is_lower_bound: matches!(a.winning_move_count, Count::AtLeast(_)),
            winning_moves: json_moves(&a.winning_moves),
            best_moves: json_moves(&a.best_moves),
        });
        Json {
            line,
            expression: &a.expression,
            convention: a.convention.name(),
            outcome: a.outcome.letter(),
            nimber: nimber_json(&a.nimber),
            moves,
        }
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
fn table(a: &Analysis, question: &Question) -> String {
    if question.outcome_only {
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
/// is tame), and the convention.
fn genus_table(a: &Analysis) -> String {
    let rows: Vec<(&str, String)> = (a.components.iter())
        .map(|c| {
            let genus = match (&c.genus, c.tame) {
                (Some(g), Some(true)) => format!("{g} (tame)"),
                (Some(g), _) => g.to_string(),
                (None, _) => "unknown (its search reached a limit)".to_string(),
            };
            (c.expression.as_str(), genus)
        })
        .collect();
    let width = column_width(rows.iter().map(|(c, _)| *c), "component".len());
    let mut out = format!("{}  genus\n", padded("component", width));
    for (c, g) in &rows {
        out.push_str(&format!("{}  {g}\n", padded(c, width)));
    }
    out.push('\n');
    out.push_str(&convention_line(a.convention));
    out
}

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
