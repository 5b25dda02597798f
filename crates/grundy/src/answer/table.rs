//! `table`: what is known of each position (a, b) of a ruleset whose
//! positions can be two numbers (Wythoff, Euclid, scripts of pairs `a,b`):
//! its nimber, or where none is known its outcome; for a partizan family
//! with values (`cutcake`, `domineering` of a rows and b columns,
//! `hackenbush` stalks, `clobber` checkerboards) each position's canonical
//! form, or what [`Tabulated`] asks of it.
//!
//! ```
//! use grundy::answer::table::{table, Tabulated};
//!
//! let answer = table("wythoff", 0..=2, 0..=2, Tabulated::Value, &mut |_| true).unwrap();
//! // Wythoff's P-positions (0, 0), (1, 2), (2, 1) have nimber 0.
//! assert_eq!(serde_json::to_string(&answer.values).unwrap(), "[[0,1,2],[1,2,0],[2,0,1]]");
//! ```

use std::ops::RangeInclusive;

use schemars::JsonSchema;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::interrupt::interruptible;
use crate::partizan::{Dyadic, GameId, Games};
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
            let value = games.sum(parts.iter().map(|p| p.value));
            games.check()?;
            cell(&mut games, value)
        })?;
        Ok((name, table))
    })
}

/// What a table of partizan values holds in each cell (`--of`): the
/// position's canonical form, or one thing the theory derives from it
/// (each defined where `partizan` computes it). Written as the front ends
/// take it: `value`, `reduced`, `freeze`, `cool(T)` (T a number above
/// -1), `atomic_weight` (of all-small positions only; others have none),
/// `left_stop`, `right_stop`, `mean`, `temperature`, `birthday`; a `-`
/// may stand for each `_`.
///
/// ```
/// use grundy::answer::table::Tabulated;
///
/// let cooled: Tabulated = "cool(1/2)".parse().unwrap();
/// assert_eq!(cooled.to_string(), "cool(1/2)");
/// assert_eq!("atomic-weight".parse::<Tabulated>().unwrap(), Tabulated::AtomicWeight);
/// assert!("cool(-1)".parse::<Tabulated>().is_err());
/// assert_eq!("cool(-1/2)".parse::<Tabulated>().unwrap().to_string(), "cool(-1/2)");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Tabulated {
    /// The canonical form.
    #[default]
    Value,
    /// The reduced canonical form.
    Reduced,
    /// Cooled by its temperature.
    Freeze,
    /// Cooled by t > -1.
    Cool(Dyadic),
    /// The atomic weight, where the position is all-small.
    AtomicWeight,
    /// The Left stop.
    LeftStop,
    /// The Right stop.
    RightStop,
    /// The mean.
    Mean,
    /// The temperature.
    Temperature,
    /// The birthday.
    Birthday,
}

/// The names [`Tabulated`] reads, each with what it is.
const TABULATED: [(&str, Tabulated); 9] = [
    ("value", Tabulated::Value),
    ("reduced", Tabulated::Reduced),
    ("freeze", Tabulated::Freeze),
    ("atomic_weight", Tabulated::AtomicWeight),
    ("left_stop", Tabulated::LeftStop),
    ("right_stop", Tabulated::RightStop),
    ("mean", Tabulated::Mean),
    ("temperature", Tabulated::Temperature),
    ("birthday", Tabulated::Birthday),
];

impl std::str::FromStr for Tabulated {
    type Err = Error;

    fn from_str(text: &str) -> Result<Tabulated> {
        let name = text.trim().replace('-', "_");
        if let Some((_, t)) = TABULATED.iter().find(|(n, _)| *n == name) {
            return Ok(*t);
        }
        // T as written: its sign is no underscore.
        let cooled = text.trim().strip_prefix("cool(");
        if let Some(t) = cooled.and_then(|t| t.strip_suffix(')')) {
            // The column of T in the text as given.
            let column = text.find('(').map_or(1, |i| i + 2);
            let mut games = Games::new();
            let t = games
                .read(t.trim(), column)
                .ok()
                .and_then(|g| games.number_value(g))
                .filter(|&t| t > Dyadic::integer(-1))
                .ok_or_else(|| Error::Parse {
                    column,
                    message: format!(
                        "cool(T) takes a dyadic number T above -1, such as 1/2 or 3, not '{t}'"
                    ),
                })?;
            return Ok(Tabulated::Cool(t));
        }
        let names: Vec<&str> = TABULATED.iter().map(|(n, _)| *n).collect();
        Err(Error::Parse {
            column: 1,
            message: format!(
                "a table holds one of {}, or cool(T); not '{text}'",
                names.join(", ")
            ),
        })
    }
}

impl std::fmt::Display for Tabulated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Tabulated::Cool(t) => write!(f, "cool({t})"),
            other => {
                let (name, _) = TABULATED.iter().find(|(_, t)| t == other).expect("named");
                f.write_str(name)
            }
        }
    }
}

impl Tabulated {
    /// What this holds of g, in `games`; `None` where it is not defined
    /// (the atomic weight of a game that is not all-small).
    pub fn of(self, games: &mut Games, g: GameId) -> Result<Option<GameId>> {
        let thermograph = |games: &mut Games| games.thermograph(g);
        let held = match self {
            Tabulated::Value => g,
            Tabulated::Reduced => games.reduced(g)?,
            Tabulated::Freeze => games.freeze(g)?,
            Tabulated::Cool(t) => games.cool(g, t)?,
            Tabulated::AtomicWeight if !games.is_all_small(g) => return Ok(None),
            Tabulated::AtomicWeight => games.atomic_weight(g)?,
            Tabulated::LeftStop => games.number(games.stops(g).0),
            Tabulated::RightStop => games.number(games.stops(g).1),
            Tabulated::Mean => {
                let mean = thermograph(games).mean;
                games.number(mean)
            }
            Tabulated::Temperature => {
                let temperature = thermograph(games).temperature;
                games.number(temperature)
            }
            Tabulated::Birthday => {
                let birthday = i128::try_from(games.birthday(g)).unwrap_or(i128::MAX);
                games.number(Dyadic::integer(birthday))
            }
        };
        games.check()?;
        Ok(Some(held))
    }
}

/// Whether `ruleset` is a partizan family with values (its tables and
/// patterns are of canonical forms, not nimbers).
pub fn has_values(ruleset: &str) -> Result<bool> {
    Ok(Rulesets::new().ruleset(ruleset)?.short().is_some())
}

/// The table of `ruleset` over rows `rows` and columns `cols`: nimbers (or
/// outcomes), or for a family with values what `of` holds of each
/// position (its canonical form, cooled, ...). `of` other than
/// [`Tabulated::Value`] asks for a family with values.
pub fn table(
    ruleset: &str,
    rows: RangeInclusive<u64>,
    cols: RangeInclusive<u64>,
    of: Tabulated,
    progress: OnProgress,
) -> Result<TableAnswer> {
    if has_values(ruleset)? {
        let (name, table) = values_of(ruleset, rows, cols, of, progress)?;
        return Ok(TableAnswer::new(&name, &table, |v| match v {
            Some(text) => TableEntry::Text(text.clone()),
            None => TableEntry::Undefined,
        })
        .holding(of));
    }
    only_values(ruleset, of)?;
    let (name, table) = two_number_table(ruleset, rows, cols, progress)?;
    Ok(TableAnswer::new(&name, &table, |&e| TableEntry::from(e)))
}

/// What `of` holds of each position (a, b) of a partizan family with
/// values, written (`None` where it is not defined), and the family's
/// name: the table of [`value_table`].
pub fn values_of(
    ruleset: &str,
    rows: RangeInclusive<u64>,
    cols: RangeInclusive<u64>,
    of: Tabulated,
    progress: OnProgress,
) -> Result<(String, Table<Option<String>>)> {
    value_table(ruleset, rows, cols, progress, |games, g| {
        of.of(games, g)?.map(|held| games.write(held)).transpose()
    })
}

/// An error unless `of` is the value itself: what else a table may hold
/// is derived from partizan values, which `ruleset` does not have.
pub fn only_values(ruleset: &str, of: Tabulated) -> Result<()> {
    match of {
        Tabulated::Value => Ok(()),
        _ => Err(Error::Unsupported(format!(
            "{of} is of partizan values (domineering, clobber, cutcake, hackenbush); \
             {ruleset} has nimbers or outcomes"
        ))),
    }
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
    /// What each cell holds (`value`, `cool(1)`, `atomic_weight`, ...:
    /// see `Tabulated`); `value` for nimbers and outcomes.
    pub of: String,
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
    /// for a family with values its canonical form (or what the table
    /// holds of it), written as an expression reads it.
    Text(String),
    /// `null`: what the table holds is not defined at this position (the
    /// atomic weight of a position that is not all-small).
    Undefined,
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
            of: Tabulated::Value.to_string(),
            values: rows
                .map(|a| table.row(a).iter().map(&entry).collect())
                .collect(),
        }
    }

    /// The same answer, saying it holds `of`.
    pub fn holding(mut self, of: Tabulated) -> TableAnswer {
        self.of = of.to_string();
        self
    }
}
