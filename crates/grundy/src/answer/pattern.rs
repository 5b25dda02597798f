//! `pattern`: the simplest rule that fits every value computed, how far it
//! was checked, whether a theorem proves it, and the first counterexample
//! of every simpler candidate; for a family with a parameter, one rule for
//! each class of its members; for a table of partizan values, a rule along
//! each row. Which of these a question asks, and so which values are
//! computed, is decided here, by [`pattern()`] of a [`PatternQuestion`], for
//! every front end.
//!
//! ```
//! use grundy::answer::pattern::PatternAnswer;
//! use grundy::table::Entry;
//!
//! // Nim: G(n) = n.
//! let values: Vec<Entry> = (0..20).map(Entry::Nimber).collect();
//! let found = grundy::pattern::find_sequence(&values, None, None);
//! let answer = PatternAnswer::new("nim", &found);
//! assert!(answer.found);
//! assert_eq!(answer.checked_to, Some(grundy::answer::pattern::Position::Heap(19)));
//! ```

use std::ops::RangeInclusive;

use schemars::JsonSchema;
use serde::{Serialize, Serializer};

use crate::error::{Error, Result};
use crate::memory;
use crate::pattern::values::{find_value_rows, RowRule, ValuePattern};
use crate::pattern::{self, At, FamilyPattern, Parity, Pattern, Rejected};
use crate::period::Proof;
use crate::registry::Rulesets;
use crate::sequence::{MethodChoice, Sequence};
use crate::table::Entry;

use super::table::{
    entry, has_values, only_values, two_number_table, value_table, TableEntry, Tabulated,
};
use super::{searching, OnProgress, Progress};

/// A question of `pattern`: a ruleset, and which of its positions to
/// read the rule from.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PatternQuestion {
    /// The ruleset, e.g. `bash(3)`, `wythoff`; of [`PatternOf::Family`],
    /// the family alone, e.g. `lieges`.
    pub ruleset: String,
    /// Which positions.
    pub of: PatternOf,
    /// What each position of a table of partizan values contributes (its
    /// value by default; cooled, its atomic weight, ...): a number, or the
    /// row has no rule.
    pub tabulated: Tabulated,
}

/// Which positions a [`PatternQuestion`] reads the rule from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatternOf {
    /// The positions 0..=to of a ruleset whose positions are one number
    /// (`--to N`).
    Heaps {
        /// The largest position.
        to: usize,
    },
    /// The positions 0..=to of each member `ruleset(k)` of a family, one
    /// rule for them all or one for odd and one for even k (`--to N --k
    /// A..B`).
    Family {
        /// The members' parameters k; at most [`MAX_MEMBERS`] of them.
        ks: RangeInclusive<u64>,
        /// The largest position of each.
        to: usize,
    },
    /// The positions (a, b) of a table, a in `rows` and b in `cols`
    /// (`--rows A..B --cols C..D`): of nimbers, or of a partizan family
    /// with values a rule along each row.
    Table {
        /// The values of a.
        rows: RangeInclusive<u64>,
        /// The values of b.
        cols: RangeInclusive<u64>,
    },
}

impl PatternQuestion {
    /// The question a front end's arguments ask: `to` (with `ks`, a
    /// family), or `rows` with `cols`. Any other choice of them (none, or
    /// `rows` without `cols`, or both `to` and a table) is bad input, as
    /// the command line's usage says.
    pub fn new(
        ruleset: &str,
        to: Option<usize>,
        ks: Option<RangeInclusive<u64>>,
        rows: Option<RangeInclusive<u64>>,
        cols: Option<RangeInclusive<u64>>,
    ) -> Result<PatternQuestion> {
        let of = match (to, ks, rows, cols) {
            (Some(to), None, None, None) => PatternOf::Heaps { to },
            (Some(to), Some(ks), None, None) => PatternOf::Family { ks, to },
            (None, None, Some(rows), Some(cols)) => PatternOf::Table { rows, cols },
            _ => {
                return Err(Error::Parse {
                    column: 1,
                    message: "pattern needs --to N, or --rows A..B with --cols C..D".into(),
                })
            }
        };
        Ok(PatternQuestion {
            ruleset: ruleset.to_string(),
            of,
            tabulated: Tabulated::Value,
        })
    }

    /// The same question of what `tabulated` holds of each position (see
    /// [`Tabulated`]): only a table of partizan values holds anything but
    /// the value, and a question of other positions that asks for more is
    /// an error when it is answered.
    pub fn holding(mut self, tabulated: Tabulated) -> PatternQuestion {
        self.tabulated = tabulated;
        self
    }
}

/// What `pattern` found: the rule of one ruleset's values, of a family's
/// members, or along the rows of a table of partizan values. It is
/// written as the answer of its kind ([`PatternAnswer`],
/// [`FamilyPatternAnswer`], [`ValuePatternAnswer`]); a front end that
/// shows it as text reads what was found, which says also which positions
/// were checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatternFound {
    /// The rule of one ruleset's values: of positions of one number, or of
    /// a table of nimbers (or outcomes).
    One {
        /// The ruleset as an expression writes it.
        ruleset: String,
        /// The rule found.
        pattern: Pattern,
    },
    /// The rules of a family's members.
    Family {
        /// The family as written.
        ruleset: String,
        /// The rules found.
        family: FamilyPattern,
    },
    /// A rule along each row of a table of partizan values.
    Values {
        /// The ruleset as an expression writes it.
        ruleset: String,
        /// What each value is of its position.
        of: Tabulated,
        /// The rules found.
        rows: ValuePattern,
    },
}

impl Serialize for PatternFound {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        match self {
            PatternFound::One { ruleset, pattern } => {
                PatternAnswer::new(ruleset, pattern).serialize(serializer)
            }
            PatternFound::Family { ruleset, family } => {
                FamilyPatternAnswer::new(ruleset, family).serialize(serializer)
            }
            PatternFound::Values { ruleset, of, rows } => ValuePatternAnswer::new(ruleset, rows)
                .holding(*of)
                .serialize(serializer),
        }
    }
}

/// The answer of `question`, reporting to `progress`, which stops it by
/// answering `false`. Positions of one number are a heap game's
/// nim-sequence (with the proof of its period where a theorem gives one),
/// or the values of any other ruleset of one number (fibonacci, a script
/// with cycles) analysed position by position; a family's members are
/// each read so, and described together; a table's cells are nimbers (or
/// outcomes) read by [`two_number_table`], or of a partizan family with
/// values numbers read by [`value_table`], whose rows are described one by
/// one.
///
/// ```
/// use grundy::answer::pattern::{pattern, PatternFound, PatternQuestion};
///
/// let question = PatternQuestion::new("wythoff", None, None, Some(0..=20), Some(0..=20)).unwrap();
/// let PatternFound::One { pattern, .. } = pattern(&question, &mut |_| true).unwrap() else {
///     panic!("one rule")
/// };
/// assert!(pattern.description.contains("floor(k*phi^2)"), "{}", pattern.description);
/// ```
pub fn pattern(question: &PatternQuestion, progress: OnProgress) -> Result<PatternFound> {
    let ruleset = &question.ruleset;
    let tabulated = question.tabulated;
    let of_values = matches!(question.of, PatternOf::Table { .. }) && has_values(ruleset)?;
    if !of_values {
        only_values(ruleset, tabulated)?;
    }
    match &question.of {
        PatternOf::Heaps { to } => {
            let (name, pattern) = one_number(ruleset, *to, progress)?;
            Ok(PatternFound::One {
                ruleset: name,
                pattern,
            })
        }
        PatternOf::Family { ks, to } => Ok(PatternFound::Family {
            ruleset: ruleset.clone(),
            family: family(ruleset, ks.clone(), *to, progress)?,
        }),
        PatternOf::Table { rows, cols } if of_values => {
            let (name, table) =
                value_table(ruleset, rows.clone(), cols.clone(), progress, |games, g| {
                    Ok(tabulated
                        .of(games, g)?
                        .and_then(|held| games.number_value(held)))
                })?;
            Ok(PatternFound::Values {
                ruleset: name,
                of: tabulated,
                rows: find_value_rows(&table),
            })
        }
        PatternOf::Table { rows, cols } => {
            let (name, table) = two_number_table(ruleset, rows.clone(), cols.clone(), progress)?;
            Ok(PatternFound::One {
                ruleset: name,
                pattern: pattern::find_table(&table),
            })
        }
    }
}

/// The values G(0..=to) of a ruleset whose positions are one number, and
/// the description found, with the ruleset's name. A heap game's
/// nim-sequence comes from the sequence engine, with the proof of its
/// period where a theorem gives one; any other ruleset of one number
/// (fibonacci, a script with cycles) is analysed position by position,
/// through one registry so that one solver serves them all. Either reports
/// its progress to `progress`, which stops it by answering `false`.
fn one_number(ruleset: &str, to: usize, progress: OnProgress) -> Result<(String, Pattern)> {
    let (name, entries, proof) = one_number_values(ruleset, to, 1, progress)?;
    if !progress(Progress::Searching {
        positions: entries.len() as u64,
    }) {
        return Err(stopped(&name, entries.len()));
    }
    let proof = proof.as_ref().map(|p| (p.regularity, p.theorem.as_str()));
    Ok((name, pattern::find_sequence(&entries, None, proof)))
}

/// The error of values stopped after `heaps` heaps.
fn stopped(name: &str, heaps: usize) -> Error {
    Error::Limit(format!(
        "the values of {name} were stopped after {heaps} heaps"
    ))
}

/// How many values are listed between two questions to go on: listing
/// thirty million took over a second in a debug build, unstoppable.
const LISTED_BETWEEN_ASKS: usize = 1 << 20;

/// The values of `ruleset` to `to`, for the pattern finder; `members`
/// such lists are held at once (a family's), which with the finder's own
/// memory must fit the budget, checked before any is listed.
fn one_number_values(
    ruleset: &str,
    to: usize,
    members: u64,
    progress: OnProgress,
) -> Result<(String, Vec<Entry>, Option<Proof>)> {
    let mut rulesets = Rulesets::new();
    let built = rulesets.ruleset(ruleset)?;
    let name = built.name();
    let count = to.saturating_add(1);
    let held = (count as u64)
        .saturating_mul(std::mem::size_of::<Entry>() as u64)
        .saturating_mul(members)
        .saturating_add(pattern::bytes_beyond(count));
    if held > memory::budget() {
        return Err(Error::Limit(format!(
            "the values of {name} to {to}{}, listed and described, take {}, more than \
             the memory budget of {}: ask for fewer",
            match members {
                1 => String::new(),
                m => format!(" for {m} members"),
            },
            memory::Size(held),
            memory::Size(memory::budget())
        )));
    }
    if let Some(game) = built.heap_game() {
        let mut sequence = Sequence::new(game, MethodChoice::Auto)?;
        if sequence.compute(to, true, &mut |p| progress(Progress::Sequence(*p))) {
            return Err(stopped(&name, sequence.values().len()));
        }
        // A script whose moves are not all to smaller heaps (one that
        // grows, or goes round a cycle) is no nim-sequence, and its values
        // after the failure are wrong: it is analysed position by position,
        // which also reports a script's own error.
        if game.failure().is_none() {
            let report = sequence.report();
            let values = sequence.values();
            let mut entries = Vec::with_capacity(values.len());
            while entries.len() < values.len() {
                if !progress(Progress::Searching {
                    positions: entries.len() as u64,
                }) {
                    return Err(stopped(&name, entries.len()));
                }
                let end = (entries.len() + LISTED_BETWEEN_ASKS).min(values.len());
                entries.extend((entries.len()..end).map(|n| Entry::Nimber(values.get(n).into())));
            }
            return Ok((name, entries, report.proof));
        }
    }
    // A search stopped by `progress` is no sign of a ruleset of two
    // numbers: its error is said as it is.
    let mut stopped = false;
    let mut search = searching(progress);
    let mut watched = |positions| {
        stopped |= !search(positions);
        !stopped
    };
    let entries = (0..=to)
        .map(|n| {
            let sum = rulesets.parse_sum(&format!("{ruleset} {n}"))?;
            entry(&sum, &mut watched)
        })
        .collect::<Result<Vec<Entry>>>()
        .map_err(|error| match stopped {
            true => error,
            false => Error::Parse {
                column: 1,
                message: format!(
                    "{name} is not a game of one number n (a heap) here: {error}; \
                 --rows and --cols are for two numbers"
                ),
            },
        })?;
    Ok((name, entries, None))
}

/// The most members of a family [`PatternOf::Family`] computes.
pub const MAX_MEMBERS: u64 = 64;

/// `family(k)` for each k in `ks`, each to `to`, described together,
/// reporting to `progress`, which stops it by answering `false`.
fn family(
    family: &str,
    ks: RangeInclusive<u64>,
    to: usize,
    progress: OnProgress,
) -> Result<FamilyPattern> {
    let count = ks.end() - ks.start() + 1;
    if count > MAX_MEMBERS {
        return Err(Error::Limit(format!(
            "--k {}..{} is {count} members; at most {MAX_MEMBERS}",
            ks.start(),
            ks.end()
        )));
    }
    let mut members = Vec::new();
    for k in ks {
        let (_, entries, _) = one_number_values(&format!("{family}({k})"), to, count, progress)?;
        members.push((k, entries));
    }
    let members: Vec<(u64, &[Entry])> = members.iter().map(|(k, e)| (*k, &e[..])).collect();
    Ok(pattern::find_by_parity(&members))
}

/// The rule found for the values of one ruleset.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct PatternAnswer {
    /// The ruleset as an expression writes it.
    pub ruleset: String,
    /// The rule in words, or why there is none.
    pub pattern: String,
    /// Whether a rule fits every value.
    pub found: bool,
    /// The last position checked; `null` where none was.
    pub checked_to: Option<Position>,
    /// Whether a theorem proves the rule for every position.
    pub proven: bool,
    /// The theorem that proves it; `null` where unproven.
    pub theorem: Option<String>,
    /// Each simpler candidate, with its first counterexample.
    pub rejected: Vec<RejectedAnswer>,
}

/// A position of one number (a heap n) or of two ([a, b]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
#[non_exhaustive]
pub enum Position {
    /// A heap n.
    Heap(usize),
    /// A position (a, b), as [a, b].
    Pair([u64; 2]),
}

impl From<At> for Position {
    fn from(at: At) -> Position {
        match at {
            At::Heap(n) => Position::Heap(n),
            At::Pair(a, b) => Position::Pair([a, b]),
        }
    }
}

/// A candidate rule that a value refutes.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct RejectedAnswer {
    /// The candidate, in short.
    pub candidate: String,
    /// The member of the family it failed on, with `--k`; left out
    /// otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub k: Option<u64>,
    /// The first position it fails at.
    pub n: Position,
    /// What the candidate says there.
    pub expected: TableEntry,
    /// What was computed there.
    pub found: TableEntry,
}

impl From<&Rejected> for RejectedAnswer {
    fn from(r: &Rejected) -> RejectedAnswer {
        RejectedAnswer {
            candidate: r.candidate.clone(),
            k: r.k,
            n: r.at.into(),
            expected: r.expected.into(),
            found: r.found.into(),
        }
    }
}

impl PatternAnswer {
    /// The answer of `pattern`, found for `ruleset`.
    pub fn new(ruleset: &str, pattern: &Pattern) -> PatternAnswer {
        PatternAnswer {
            ruleset: ruleset.to_string(),
            pattern: pattern.description.clone(),
            found: pattern.formula.is_some(),
            checked_to: pattern.checked_to.last().map(Position::from),
            proven: pattern.proven.is_some(),
            theorem: pattern.proven.clone(),
            rejected: pattern.rejected.iter().map(RejectedAnswer::from).collect(),
        }
    }
}

/// `--k`: one rule for a family's members, or one for each class of them.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct FamilyPatternAnswer {
    /// The family as written.
    pub ruleset: String,
    /// The rules in words.
    pub pattern: String,
    /// One rule for each class of members.
    pub classes: Vec<ClassAnswer>,
}

/// The rule of one class of a family's members.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct ClassAnswer {
    /// Which members: `every`, `odd` or `even` k.
    #[schemars(extend("enum" = ["every", "odd", "even"]))]
    pub k: &'static str,
    /// The members' parameters k.
    pub ks: Vec<u64>,
    /// Their rule (the family's name as `ruleset`).
    #[serde(flatten)]
    pub pattern: PatternAnswer,
}

impl FamilyPatternAnswer {
    /// The answer of `family`, found for the family `ruleset`.
    pub fn new(ruleset: &str, family: &FamilyPattern) -> FamilyPatternAnswer {
        FamilyPatternAnswer {
            ruleset: ruleset.to_string(),
            pattern: family.description.clone(),
            classes: (family.classes.iter())
                .map(|c| ClassAnswer {
                    k: parity_name(c.parity),
                    ks: c.ks.clone(),
                    pattern: PatternAnswer::new(ruleset, &c.pattern),
                })
                .collect(),
        }
    }
}

/// A class of members as text: `every`, `odd` or `even`.
pub fn parity_name(parity: Parity) -> &'static str {
    match parity {
        Parity::Every => "every",
        Parity::Odd => "odd",
        Parity::Even => "even",
    }
}

/// A rule along each row of a table of partizan values.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct ValuePatternAnswer {
    /// The ruleset as an expression writes it.
    pub ruleset: String,
    /// What each value is of its position (`value`, `cool(1)`,
    /// `atomic_weight`, ...: see `Tabulated`).
    pub of: String,
    /// Every row's rule in words, or why there is none.
    pub pattern: String,
    /// The last position checked, [a, b]; `null` where none was.
    pub checked_to: Option<Position>,
    /// Each row's rule.
    pub rows: Vec<RowAnswer>,
}

/// One row's rule: `periodic` (v(a, b + period) = v(a, b) + saltus from
/// b = from on) or `halving` (each step half the one before from b = from
/// on, toward `limit`), or `none` with why.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct RowAnswer {
    /// The row.
    pub a: u64,
    /// `periodic`, `halving` or `none`.
    #[schemars(extend("enum" = ["periodic", "halving", "none"]))]
    pub rule: &'static str,
    /// Where the rule starts (b); left out for `none`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<u64>,
    /// The period of a `periodic` rule; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period: Option<u64>,
    /// What a period adds, a dyadic rational; only for `periodic`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub saltus: Option<String>,
    /// What a `halving` row approaches; only for `halving`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<String>,
    /// Why no rule fits; only for `none`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

impl RowAnswer {
    fn new(a: u64, rule: &Result<RowRule, String>) -> RowAnswer {
        let mut row = RowAnswer {
            a,
            rule: "none",
            from: None,
            period: None,
            saltus: None,
            limit: None,
            why: None,
        };
        match rule {
            Ok(RowRule::Periodic {
                from,
                period,
                saltus,
            }) => {
                row.rule = "periodic";
                row.from = Some(*from);
                row.period = Some(*period);
                row.saltus = Some(saltus.to_string());
            }
            Ok(RowRule::Halving { from, limit }) => {
                row.rule = "halving";
                row.from = Some(*from);
                row.limit = Some(limit.to_string());
            }
            Err(why) => row.why = Some(why.clone()),
        }
        row
    }
}

impl ValuePatternAnswer {
    /// The answer of `found`, for `ruleset`.
    pub fn new(ruleset: &str, found: &ValuePattern) -> ValuePatternAnswer {
        ValuePatternAnswer {
            ruleset: ruleset.to_string(),
            of: Tabulated::Value.to_string(),
            pattern: found.description.clone(),
            checked_to: found.checked_to.last().map(Position::from),
            rows: (found.rows.iter())
                .map(|(a, rule)| RowAnswer::new(*a, rule))
                .collect(),
        }
    }

    /// The same answer, saying its values are what `of` holds.
    pub fn holding(mut self, of: Tabulated) -> ValuePatternAnswer {
        self.of = of.to_string();
        self
    }
}
