//! `grundy table RULESET --rows A..B --cols C..D`: what is known of each
//! position (a, b) of a ruleset whose positions can be two numbers
//! (Wythoff, Euclid, scripts of pairs `a,b`): its nimber, or where none is
//! known its outcome; as a text grid, JSON, or a heat map. For a partizan
//! family with values (`cutcake` and `domineering` of a rows and b
//! columns, `hackenbush` stalks of a blue and b red edges, `clobber`
//! checkerboards) each position's canonical form, or what `--of` asks of
//! it (cooled, its atomic weight, its mean, ...), as text or JSON.

use std::ops::RangeInclusive;
use std::path::PathBuf;

use grundy::answer::table::{
    has_values, only_values, two_number_table, values_of, TableAnswer, TableEntry, Tabulated,
};
use grundy::table::Table;
use grundy::Error;

use crate::machine::MemoryLimit;
use crate::progress::watched;
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

    /// For a partizan family with values, what each cell holds: 'value'
    /// (the canonical form), 'reduced', 'freeze', 'cool(T)',
    /// 'atomic_weight' ('-' where the position is not all-small),
    /// 'left_stop', 'right_stop', 'mean', 'temperature' or 'birthday'.
    #[arg(long, value_name = "WHAT", value_parser = parse_of, default_value = "value")]
    of: Tabulated,

    #[command(flatten)]
    pub values: crate::db::Values,
}

/// What a table of partizan values holds (`--of`), as the library reads
/// it.
pub fn parse_of(text: &str) -> Result<Tabulated, String> {
    text.parse().map_err(|e: Error| e.to_string())
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

pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let failure = Failure::about(&args.ruleset);
    if has_values(&args.ruleset).map_err(failure)? {
        return run_values(args, out);
    }
    only_values(&args.ruleset, args.of).map_err(failure)?;
    let (name, table) = watched(false, &MemoryLimit::now(), |progress| {
        two_number_table(&args.ruleset, args.rows, args.cols, progress)
    })
    .map_err(failure)?;
    if let Some(path) = &args.svg {
        let title = format!("{name}: the value of each position (a, b)");
        crate::files::write_bytes(path, grundy::picture::heat_map(&title, &table).as_bytes())?;
    }
    match args.json {
        true => out.json(&TableAnswer::new(&name, &table, |&e| TableEntry::from(e))),
        false => out.text(&grid(&table)),
    }
}

/// A table of values: text or JSON (a heat map colours nimbers only);
/// Ctrl-C stops it.
fn run_values(args: Args, out: &mut Output) -> Result<(), Failure> {
    let failure = Failure::about(&args.ruleset);
    if args.svg.is_some() {
        return Err(failure(Error::Unsupported(
            "the heat map colours nimbers and outcomes; a table of values is text or JSON".into(),
        )));
    }
    let (name, table) = watched(false, &MemoryLimit::now(), |progress| {
        values_of(&args.ruleset, args.rows, args.cols, args.of, progress)
    })
    .map_err(failure)?;
    let entry = |v: &Option<String>| match v {
        Some(text) => TableEntry::Text(text.clone()),
        None => TableEntry::Undefined,
    };
    match args.json {
        true => out.json(&TableAnswer::new(&name, &table, entry).holding(args.of)),
        false => {
            // Where it is not defined, a dash.
            let cells = Table::new(table.rows(), table.cols(), |a, b| {
                Ok(table.get(a, b).flatten().unwrap_or_else(|| "-".into()))
            })
            .map_err(failure)?;
            out.text(&grid(&cells))
        }
    }
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
