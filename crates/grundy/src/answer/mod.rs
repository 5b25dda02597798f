//! The typed answers of every question, and the one JSON schema they make.
//!
//! Each question a front end asks (`analyze`, `solve`, `sequence`, `table`,
//! `pattern`, `quotient`, `thermograph`, `compare`, the moves of a game
//! being played) has a front-door function here that takes the expression
//! text and typed options and returns an owned, serialisable answer. The command line
//! prints `serde_json::to_string` of it for `--json`; other front ends
//! return or serve the same value, so every front end speaks one schema:
//! [`schema`], checked in as
//! `schema/grundy.schema.json`, versioned by [`SCHEMA_VERSION`].
//!
//! ```
//! use grundy::answer::{self, AnalyzeAnswer, AnalyzeOptions};
//!
//! let options = AnalyzeOptions::default();
//! let answer = answer::analyze(&mut grundy::Rulesets::new(), "nim 3 4 5", &options).unwrap();
//! let AnalyzeAnswer::Sum(sum) = &answer else { panic!("a sum") };
//! assert_eq!(sum.outcome, "N");
//! let json = serde_json::to_string(&answer).unwrap();
//! assert!(json.starts_with(r#"{"expression":"nim 3 4 5","convention":"normal","outcome":"N","nimber":2,"#));
//! ```
//!
//! This layer knows the questions and their answers, not the terminal:
//! whatever only the machine knows (the memory available, how many bytes of
//! a file may be read, Ctrl-C) comes in as plain numbers and as the
//! progress callback's answer.

pub mod analyze;
pub mod compare;
pub mod families;
pub mod graph;
pub mod pattern;
pub mod plan;
pub mod play;
pub mod quotient;
pub mod sequence;
pub mod solve;
pub mod table;
pub mod thermograph;
pub mod values;

use std::borrow::Cow;

use num_bigint::BigUint;
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Serialize, Serializer};

use crate::error::{Error, ErrorCause};

pub use analyze::{analysis, analyze, analyze_with_progress, AnalyzeAnswer, AnalyzeOptions};

/// The version of the schema of the answers: raised whenever an answer
/// changes in a way that a reader could notice (a key added, removed or
/// retyped). The schema file carries it as `version` and in its `$id`.
///
/// Version 2 added the error's `cause`, the lines of `grundy play --json`
/// and the explorer's answers of moves, of the engine's move and of the
/// families. Version 3 added a value's stops, confusion interval,
/// birthday and flags; version 4 its atomic weight, reduced canonical
/// form and incentives, and the player (`side`, `player`) of a sum of
/// values played; version 5 the answer of a sum of values under misère
/// play (`misere_form`); version 7 a misère quotient's proof, presentation
/// and stability, its table only up to [`quotient::TABLE_WRITTEN`] elements;
/// version 8 a loopy game's sides (`onside`, `offside`) and the answer of
/// `solve --plan`; version 9 the count of a sum of values' winning moves,
/// under normal and misère play (`left_move_count`, `right_move_count`),
/// of which `--moves` are listed, and a null value after a move where it
/// is too long to write; version 10 the answer of `compare`; version 11
/// the answer of `db build` and `db show`; version 12 whether a sum under
/// misère play is dead-ending (`dead_ending`).
pub const SCHEMA_VERSION: &str = "12";

/// What a long computation reports every so often. The callback that gets
/// it answers whether to go on: `false` stops the computation, which then
/// ends with a limit error (or, for a sequence, reports what it has).
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Progress {
    /// A strong solve (retrograde analysis) or the search of one position's
    /// outcome.
    Solving(crate::retrograde::SolveProgress),
    /// The search for values of partizan positions: how many are valued.
    Valuing {
        /// Positions valued so far.
        positions: u64,
    },
    /// The search of the nimbers of impartial positions (a sum's
    /// components, a table's cells, the moves of a game being played): how
    /// many positions it met.
    Searching {
        /// Positions met so far.
        positions: u64,
    },
    /// A nim-sequence: the heaps computed so far.
    Sequence(crate::sequence::SequenceProgress),
    /// A misère quotient: the heap being added, the elements so far, and
    /// the trial quotients made for that heap.
    Quotient {
        /// The heap being added (the quotient so far is that of the heaps
        /// before it).
        heap: usize,
        /// The quotient's order so far.
        order: usize,
        /// The trial quotients made for `heap` so far (0 while it is tried
        /// as an element of the quotient so far).
        trials: usize,
        /// The elements of the latest trial (0 before the first).
        trial_order: usize,
    },
    /// A solve a tier at a time, before it starts: what it needs, once.
    Planned {
        /// Bytes of memory at the peak of reaching (two tiers' bits);
        /// solving takes a cell more for each position reached, known
        /// once reached.
        memory: u64,
        /// Bytes of memory the solve may take.
        budget: u64,
        /// Bytes on disk of every tier's bits; the cells add one a
        /// position reached.
        disk: u64,
        /// How many tiers.
        tiers: usize,
    },
    /// A solve a tier at a time: the tier and pass, and the ranks done.
    Tier(crate::tier::TieredSolveProgress),
}

/// The callback of a long computation: gets its [`Progress`], answers
/// whether to go on.
pub type OnProgress<'a> = &'a mut dyn FnMut(Progress) -> bool;

/// `progress` as the callback of a search of nimbers
/// ([`crate::solver::OnSearched`]), which reports [`Progress::Searching`].
fn searching(progress: OnProgress<'_>) -> impl FnMut(u64) -> bool + '_ {
    |positions| progress(Progress::Searching { positions })
}

/// The largest integer below which every integer is a JSON number that jq
/// and JavaScript read exactly: they read numbers as 64-bit floats, which
/// have 53 bits of mantissa, so 2^53 + 1 would be read as 2^53.
const EXACT_LIMIT: u64 = 1 << 53;

/// A whole number written so that every reader gets it exactly: a JSON
/// number below 2^53, a string of its decimal digits from 2^53 on (a nimber
/// of a huge Nim heap, a count of winning moves).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Exact(pub BigUint);

impl From<u64> for Exact {
    fn from(n: u64) -> Exact {
        Exact(BigUint::from(n))
    }
}

impl Serialize for Exact {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match u64::try_from(&self.0) {
            Ok(small) if small < EXACT_LIMIT => serializer.serialize_u64(small),
            _ => serializer.collect_str(&self.0),
        }
    }
}

impl JsonSchema for Exact {
    fn schema_name() -> Cow<'static, str> {
        "Exact".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A whole number written exactly: a JSON number below 2^53, \
                            a string of its decimal digits from 2^53 on.",
            "anyOf": [
                { "type": "integer", "minimum": 0, "maximum": EXACT_LIMIT - 1 },
                { "type": "string", "pattern": "^[0-9]+$" }
            ]
        })
    }
}

/// One move: how it reads, and the whole position after it as an
/// expression that parses again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct MoveTo {
    /// How the move reads, e.g. `heap 1: 3 -> 1`.
    #[serde(rename = "move")]
    pub description: String,
    /// The whole position after the move, as an expression.
    pub to: String,
}

impl MoveTo {
    /// The moves of an analysis, as (description, position after) pairs.
    pub fn list(moves: &[(String, String)]) -> Vec<MoveTo> {
        (moves.iter())
            .map(|(description, to)| MoveTo {
                description: description.clone(),
                to: to.clone(),
            })
            .collect()
    }
}

/// The answer of a question that failed: `{"error": {...}}`, and in a batch
/// `{"line": N, "error": {...}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct ErrorAnswer {
    /// The line of a batch (`analyze --batch`) that failed, counted from 1;
    /// left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// What went wrong.
    pub error: ErrorDetail,
}

/// What went wrong, and whose it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct ErrorDetail {
    /// The error as the command line shows it.
    pub message: String,
    /// Whose the error is: `bad_input` (the input must change; the command
    /// line exits with 2), `limit` (a well-formed question beyond a limit)
    /// or `unsupported` (a question not answered yet; both exit with 1).
    #[schemars(extend("enum" = ["bad_input", "limit", "unsupported"]))]
    pub kind: String,
    /// What the error is about, finer than `kind` (new in version 2 of
    /// the schema): which input or which limit.
    pub cause: ErrorCause,
    /// The 1-based character column of the expression where a parse error
    /// starts; `null` for other errors.
    pub column: Option<usize>,
}

impl ErrorAnswer {
    /// The answer of `error`.
    pub fn new(error: &Error) -> ErrorAnswer {
        ErrorAnswer {
            line: None,
            error: ErrorDetail {
                message: error.to_string(),
                kind: error.kind().name().to_string(),
                cause: error.cause(),
                column: error.column(),
            },
        }
    }

    /// A usage error of a front end (arguments it could not read): bad
    /// input, without a column.
    pub fn usage(message: String) -> ErrorAnswer {
        ErrorAnswer {
            line: None,
            error: ErrorDetail {
                message,
                kind: crate::error::ErrorKind::BadInput.name().to_string(),
                cause: ErrorCause::Usage,
                column: None,
            },
        }
    }

    /// The same answer, for line `line` of a batch.
    pub fn at_line(mut self, line: u64) -> ErrorAnswer {
        self.line = Some(line);
        self
    }
}

/// Any answer of any question: the root type of the schema. It is written
/// without a tag (each answer is the object its question prints), so a
/// reader tells them apart by the question it asked, or by their keys.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(untagged)]
#[non_exhaustive]
pub enum Answer {
    /// `analyze`: a sum, a position solved strongly, a sum of values, an
    /// Every-SG sum or a solitaire.
    Analyze(AnalyzeAnswer),
    /// `solve`: a ruleset solved strongly from its start.
    Solve(solve::SolveAnswer),
    /// `solve --all-starts`: every vertex of a graph as a start.
    Starts(solve::StartsAnswer),
    /// `solve --plan`: what a solve a tier at a time needs.
    Plan(plan::PlanAnswer),
    /// `sequence`: a nim-sequence and its period.
    Sequence(sequence::SequenceAnswer),
    /// `table`: the values of the positions (a, b) of a ruleset.
    Table(table::TableAnswer),
    /// `pattern`: the rule that fits a ruleset's values.
    Pattern(pattern::PatternAnswer),
    /// `pattern --k`: the rules of a family's members.
    FamilyPattern(pattern::FamilyPatternAnswer),
    /// `pattern` of a table of values: a rule along each row.
    ValuePattern(pattern::ValuePatternAnswer),
    /// `quotient`: a misère quotient.
    Quotient(quotient::QuotientAnswer),
    /// `thermograph --format json`: a thermograph as exact numbers.
    Thermograph(thermograph::ThermographAnswer),
    /// `compare`: how two games compare.
    Compare(compare::CompareAnswer),
    /// `db build` and `db show`: a database of values.
    Values(values::ValuesAnswer),
    /// `play --json`: a line of a game played against the perfect player.
    Play(play::PlayLine),
    /// The explorer's `/api/moves`: every move of a position, valued.
    Moves(play::MovesAnswer),
    /// The explorer's `/api/engine`: the perfect player's move.
    EngineMove(play::ValuedMove),
    /// The explorer's `/api/families`: the families of the registry.
    Families(Vec<families::FamilyAnswer>),
    /// A question that failed.
    Error(ErrorAnswer),
}

/// The JSON schema of [`Answer`] (draft 2020-12), with [`SCHEMA_VERSION`]
/// as `version` and in `$id`: what `schema/grundy.schema.json` holds.
pub fn schema() -> serde_json::Value {
    // What is written, not what would be read: a key left out where empty
    // is not required, an `Option` written as `null` is.
    let generator = schemars::generate::SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    let mut schema = generator.into_root_schema_for::<Answer>().to_value();
    let object = schema.as_object_mut().expect("a schema is an object");
    object.insert(
        "$id".into(),
        format!("urn:grundy:answer-schema:{SCHEMA_VERSION}").into(),
    );
    object.insert("version".into(), SCHEMA_VERSION.into());
    schema
}
