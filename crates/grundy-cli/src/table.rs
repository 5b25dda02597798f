//! `grundy table RULESET --rows A..B --cols C..D`: what is known of each
//! position (a, b) of a ruleset whose positions can be two numbers
//! (Wythoff, Euclid, scripts of pairs `a,b`): its nimber, or where none is
//! known its outcome; as a text grid, JSON, or a heat map. For a partizan
//! family with values (`cutcake` and `domineering` of a rows and b
//! columns, `hackenbush` stalks of a blue and b red edges) each position's
//! canonical form, as text or JSON.

use std::ops::RangeInclusive;
use std::path::PathBuf;

use std::sync::atomic::Ordering;

use grundy::partizan::{GameId, Games};
use grundy::registry::{self, Parsed};
use grundy::table::{Entry, Table};
use grundy::{Error, Rulesets};
use serde::Serialize;
use serde_json::Value;

use crate::machine;
use crate::report::{Failure, Output};

/// The values of a ruleset whose positions can be two numbers, as a table.
#[derive(clap::Args)]
pub struct Args {
    /// The ruleset, e.g. 'wythoff', 'euclid', or a script whose positions
    /// are pairs written a,b: 'script(examples/wythoff.rhai)'.
    #[arg(value_name = "RULESET")]
    ruleset: String,

    /// The first numbers a, from A to B.
    #[arg(long, value_name = "A..B", value_parser = parse_range)]
    rows: RangeInclusive<u64>,

    /// The second numbers b, from C to D.
    #[arg(long, value_name = "C..D", value_parser = parse_range)]
    cols: RangeInclusive<u64>,

    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,

    /// Draw the table as a heat map (SVG) in FILE, P-positions black.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// `A..B` with A <= B, both included.
pub fn parse_range(text: &str) -> Result<RangeInclusive<u64>, String> {
    let (first, last) = text
        .split_once("..")
        .ok_or_else(|| format!("expected FIRST..LAST, such as 0..20, not '{text}'"))?;
    let number = |s: &str| {
        s.trim()
            .parse::<u64>()
            .map_err(|e| format!("'{s}' is not a number: {e}"))
    };
    let (first, last) = (number(first)?, number(last)?);
    if last < first {
        return Err(format!(
            "{first}..{last} is empty: the first must not exceed the last"
        ));
    }
    Ok(first..=last)
}

/// The table of `ruleset` (one whose positions can be two numbers: see
/// `DynRuleset::pair_text`) and the ruleset's name. One registry builds
/// every position, so that one solver and its cache serve them all.
pub fn two_number_table(
    ruleset: &str,
    rows: RangeInclusive<u64>,
    cols: RangeInclusive<u64>,
) -> Result<(String, Table), Failure> {
    let failure = Failure::about(ruleset);
    let mut rulesets = Rulesets::new();
    let built = rulesets.ruleset(ruleset).map_err(failure)?;
    let name = built.name();
    let table = Table::new(rows, cols, |a, b| {
        let position = built.pair_text(a, b).ok_or_else(|| Error::Parse {
            column: 1,
            message: format!("{name} does not have positions of two numbers, so it has no table"),
        })?;
        entry(&rulesets.parse_sum(&format!("{ruleset} {position}"))?)
    })
    .map_err(failure)?;
    Ok((name, table))
}

/// The nimber of `sum` where known, else its outcome.
pub fn entry(sum: &grundy::Sum) -> grundy::Result<Entry> {
    let analysis = grundy::analyze_listing(sum, 0)?;
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

/// An entry as JSON: its nimber, or its outcome's letter.
pub fn entry_json(entry: Entry) -> Value {
    match entry {
        Entry::Nimber(g) => Value::from(g),
        Entry::Outcome(o) => Value::from(o.letter()),
    }
}

#[derive(Serialize)]
struct Json<'a> {
    ruleset: &'a str,
    rows: [u64; 2],
    cols: [u64; 2],
    /// Row by row: `values[i][j]` is position (A + i, C + j).
    values: Vec<Vec<Value>>,
}

/// What `cell` reads of the value of each position (a, b) of a partizan
/// family with values (its text, or the number it is), all valued in one
/// table of games; Ctrl-C stops it.
pub fn value_table<E: Clone>(
    ruleset: &str,
    rows: RangeInclusive<u64>,
    cols: RangeInclusive<u64>,
    mut cell: impl FnMut(&mut Games, GameId) -> E,
) -> Result<(String, Table<E>), Failure> {
    let failure = Failure::about(ruleset);
    let mut rulesets = Rulesets::new();
    let built = rulesets.ruleset(ruleset).map_err(failure)?;
    let name = built.name();
    let interrupted = machine::interrupted_flag();
    let mut games = Games::new();
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
        let Parsed::Values(terms) = rulesets.parse_question(&format!("{ruleset} {position}"))?
        else {
            return Err(Error::Unsupported(format!(
                "{name} {position} has no value"
            )));
        };
        let parts = registry::valued(&terms, &mut games, &mut |_| {
            !interrupted.load(Ordering::SeqCst)
        })?;
        let value = parts
            .iter()
            .fold(games.zero(), |sum, p| games.add(sum, p.value));
        Ok(cell(&mut games, value))
    })
    .map_err(failure)?;
    Ok((name, table))
}

pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    if has_values(&args.ruleset)? {
        return run_values(args, out);
    }
    let (name, table) = two_number_table(&args.ruleset, args.rows, args.cols)?;
    if let Some(path) = &args.svg {
        let title = format!("{name}: the value of each position (a, b)");
        crate::files::write_bytes(path, grundy::picture::heat_map(&title, &table).as_bytes())?;
    }
    show(&name, &table, args.json, |&e| entry_json(e), out)
}

/// A table of values: text or JSON (a heat map colours nimbers only).
fn run_values(args: Args, out: &mut Output) -> Result<(), Failure> {
    if args.svg.is_some() {
        return Err(Failure::about(&args.ruleset)(Error::Unsupported(
            "the heat map colours nimbers and outcomes; a table of values is text or JSON".into(),
        )));
    }
    let (name, table) = value_table(&args.ruleset, args.rows, args.cols, |games, g| {
        games.write(g)
    })?;
    show(&name, &table, args.json, |v| Value::from(v.as_str()), out)
}

/// The table as JSON, each entry by `json`, or as a text grid.
fn show<E: Clone + std::fmt::Display>(
    name: &str,
    table: &Table<E>,
    as_json: bool,
    json: impl Fn(&E) -> Value,
    out: &mut Output,
) -> Result<(), Failure> {
    if !as_json {
        return out.text(&grid(table));
    }
    let (rows, cols) = (table.rows(), table.cols());
    out.json(&Json {
        ruleset: name,
        rows: [*rows.start(), *rows.end()],
        cols: [*cols.start(), *cols.end()],
        values: rows
            .map(|a| table.row(a).iter().map(&json).collect())
            .collect(),
    })
}

/// Whether `ruleset` is a partizan family with values (its tables and
/// patterns are of canonical forms, not nimbers).
pub fn has_values(ruleset: &str) -> Result<bool, Failure> {
    let built = Rulesets::new()
        .ruleset(ruleset)
        .map_err(Failure::about(ruleset))?;
    Ok(built.short().is_some())
}

/// The table as text: b across the top, a down the left, each column as
/// wide as its widest entry.
fn grid<E: Clone + std::fmt::Display>(table: &Table<E>) -> String {
    let corner = "a\\b";
    let mut widths: Vec<usize> = table.cols().map(|b| b.to_string().len()).collect();
    for (_, b, e) in table.iter() {
        let j = (b - table.cols().start()) as usize;
        widths[j] = widths[j].max(e.to_string().chars().count());
    }
    let left = table
        .rows()
        .map(|a| a.to_string().len())
        .max()
        .unwrap_or(1)
        .max(corner.len());
    let mut text = format!("{corner:>left$} |");
    for (b, width) in table.cols().zip(&widths) {
        text.push_str(&format!(" {b:>width$}"));
    }
    text.push('\n');
    let line: usize = widths.iter().map(|w| w + 1).sum();
    text.push_str(&format!("{}-+{}\n", "-".repeat(left), "-".repeat(line)));
    for a in table.rows() {
        text.push_str(&format!("{a:>left$} |"));
        for (e, width) in table.row(a).iter().zip(&widths) {
            text.push_str(&format!(" {:>width$}", e.to_string()));
        }
        text.push('\n');
    }
    text
}
