//! `table`: what is known of each position (a, b) of a ruleset whose
//! positions can be two numbers (Wythoff, Euclid, scripts of pairs `a,b`):
//! its nimber, or where none is known its outcome; for a partizan family
//! with values (`cutcake`, `domineering` of a rows and b columns,
//! `hackenbush` stalks) each position's canonical form.
//!
//! ```
//! use grundy::answer::table::table;
//!
//! let answer = table("wythoff", 0..=2, 0..=2, &mut |_| true).unwrap();
//! // Wythoff's P-positions (0, 0), (1, 2), (2, 1) have nimber 0.
//! assert_eq!(serde_json::to_string(&answer.values).unwrap(), "[[0,1,2],[1,2,0],[2,0,1]]");
//! ```

use std::ops::RangeInclusive;

use schemars::JsonSchema;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::interrupt::interruptible;
use crate::partizan::{GameId, Games};
use crate::registry::{self, Parsed, Rulesets};
use crate::sum::{analyze_listing, Sum};
use crate::table::{Entry, Table};

use crate::solver::OnSearched;

use super::{searching, OnProgress, Progress};

/// The table of `ruleset` (one whose positions can be two numbers: see
/// `DynRuleset::pair_text`) and the ruleset's name. One registry builds
/// every position, so that one solver and its cache serve them all. The
/// searches report [`Progress::Searching`] to `progress`, as does every
/// 64th cell (with the count of cells), which stops the
/// table by answering `false`.
pub fn two_number_table(
    ruleset: &str,
    rows: RangeInclusive<u64>,
    cols: RangeInclusive<u64>,
    progress: OnProgress,
) -> Result<(String, Table)> {
    let mut rulesets = Rulesets::new();
    let built = rulesets.ruleset(ruleset)?;
    let name = built.name();
    let mut searched = 0;
    let table = Table::new(rows, cols, |a, b| {
        let position = built.pair_text(a, b).ok_or_else(|| Error::Parse {
            column: 1,
            message: format!("{name} does not have positions of two numbers, so it has no table"),
        })?;
        let sum = rulesets.parse_sum(&format!("{ruleset} {position}"))?;
        searched += 1;
        // A cell whose value is known without a search reports nothing,
        // so every cell is counted too.
        if searched % CELLS_A_REPORT == 0
            && !progress(Progress::Searching {
                positions: searched,
            })
        {
            return Err(Error::Limit(format!(
                "the table was stopped after {searched} positions"
            )));
        }
        entry(&sum, &mut searching(progress))
    })?;
    Ok((name, table))
}

/// How many cells of a table are computed between two reports of its
/// progress.
const CELLS_A_REPORT: u64 = 1 << 6;

/// The nimber of `sum` where known, else its outcome; a search of nimbers
/// reports its progress to `progress`, which stops it by answering `false`.
pub fn entry(sum: &Sum, progress: OnSearched) -> Result<Entry> {
    let analysis = analyze_listing(sum, 0, progress)?;
    match analysis.nimber {
        Some(g) => u64::try_from(&g).map(Entry::Nimber).map_err(|_| {
            Error::Limit(format!(
                "the nimber of {} does not fit in 64 bits",
                analysis.expression
            ))
        }),
        None => Ok(Entry::Outcome(analysis.outcome)),
    }
}

/// What `cell` reads of the value of each position (a, b) of a partizan
/// family with values (its text, or the number it is), all valued in one
/// table of games, reporting [`Progress::Valuing`]; interruptible
/// ([`crate::interrupt`]), so that the sums and what `cell` computes stop
/// when `progress` says so, as the search does.
pub fn value_table<E: Clone + Send>(
    ruleset: &str,
    rows: RangeInclusive<u64>,
    cols: RangeInclusive<u64>,
    progress: OnProgress,
    mut cell: impl FnMut(&mut Games, GameId) -> Result<E> + Send,
) -> Result<(String, Table<E>)> {
    let progress = &mut |positions| progress(Progress::Valuing { positions });
    interruptible(progress, |interrupt| {
        let mut rulesets = Rulesets::new();
        let built = rulesets.ruleset(ruleset)?;
        let name = built.name();
        let mut games = Games::new();
        games.interrupt_on(Some(interrupt.clone()));
        let pairs = built.pair_text(*rows.start(), *cols.start()).is_some();
        let table = Table::new(rows, cols, |a, b| {
            let position = built.pair_text(a, b).ok_or_else(|| match pairs {
                true => Error::Limit(format!(
                    "{name} has no position ({a}, {b}): it is beyond the largest {name} plays"
                )),
                false => Error::Parse {
                    column: 1,
                    message: format!(
                        "{name} does not have positions of two numbers, so it has no table"
                    ),
                },
            })?;
            let Parsed::Values(terms) =
                rulesets.parse_question(&format!("{ruleset} {position}"))?
            else {
                return Err(Error::Unsupported(format!(
                    "{name} {position} has no value"
                )));
            };
            let parts = registry::valued(&terms, &mut games, &mut |positions| {
                interrupt.report(positions)
            })?;
            let value = parts
                .iter()
                .fold(games.zero(), |sum, p| games.add(sum, p.value));
            games.check()?;
            cell(&mut games, value)
        })?;
        Ok((name, table))
    })
}

/// Whether `ruleset` is a partizan family with values (its tables and
/// patterns are of canonical forms, not nimbers).
pub fn has_values(ruleset: &str) -> Result<bool> {
    Ok(Rulesets::new().ruleset(ruleset)?.short().is_some())
}

/// The table of `ruleset` over rows `rows` and columns `cols`: nimbers (or
/// outcomes), or for a family with values canonical forms.
pub fn table(
    ruleset: &str,
    rows: RangeInclusive<u64>,
    cols: RangeInclusive<u64>,
    progress: OnProgress,
) -> Result<TableAnswer> {
    if has_values(ruleset)? {
        let (name, table) = value_table(ruleset, rows, cols, progress, |games, g| games.write(g))?;
        return Ok(TableAnswer::new(&name, &table, |v| {
            TableEntry::Text(v.clone())
        }));
    }
    let (name, table) = two_number_table(ruleset, rows, cols, progress)?;
    Ok(TableAnswer::new(&name, &table, |&e| TableEntry::from(e)))
}

/// A table of the positions (a, b) of a ruleset.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct TableAnswer {
    /// The ruleset as an expression writes it.
    pub ruleset: String,
    /// The first numbers a: [A, B], both included.
    pub rows: [u64; 2],
    /// The second numbers b: [C, D], both included.
    pub cols: [u64; 2],
    /// Row by row: `values[i][j]` is position (A + i, C + j).
    pub values: Vec<Vec<TableEntry>>,
}

/// What is known of one position of a table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
#[non_exhaustive]
pub enum TableEntry {
    /// Its nimber.
    Nimber(u64),
    /// Its outcome's letter where no nimber is known (`P`, `N`, `D`), or
    /// for a family with values its canonical form.
    Text(String),
}

impl From<Entry> for TableEntry {
    fn from(entry: Entry) -> TableEntry {
        match entry {
            Entry::Nimber(g) => TableEntry::Nimber(g),
            Entry::Outcome(o) => TableEntry::Text(o.letter().to_string()),
        }
    }
}

impl TableAnswer {
    /// The answer of `table` of `ruleset`, each entry by `entry`.
    pub fn new<E: Clone>(
        ruleset: &str,
        table: &Table<E>,
        entry: impl Fn(&E) -> TableEntry,
    ) -> TableAnswer {
        let (rows, cols) = (table.rows(), table.cols());
        TableAnswer {
            ruleset: ruleset.to_string(),
            rows: [*rows.start(), *rows.end()],
            cols: [*cols.start(), *cols.end()],
            values: rows
                .map(|a| table.row(a).iter().map(&entry).collect())
                .collect(),
        }
    }
}
