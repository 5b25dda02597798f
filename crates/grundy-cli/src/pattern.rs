//! `grundy pattern RULESET --to N` (or `--rows A..B --cols C..D`): the
//! simplest description that fits every value computed, as the notes find
//! the rule behind a new game, with how far it was checked, whether a
//! theorem proves it, and the first counterexample of every simpler
//! candidate. The finder is `grundy::pattern`; this module computes the
//! values it reads. A partizan family with values (`cutcake`,
//! `hackenbush`) gets a rule along each row of its table of numbers
//! (`grundy::pattern::values`).

use std::ops::RangeInclusive;

use grundy::answer::pattern::{
    family, one_number, parity_name, FamilyPatternAnswer, PatternAnswer, ValuePatternAnswer,
};
use grundy::answer::table::{has_values, two_number_table, value_table};
use grundy::pattern::values::{find_value_rows, ValuePattern};
use grundy::pattern::{self, FamilyPattern, Pattern};

use crate::machine::MemoryLimit;
use crate::progress::watched;
use crate::report::{Failure, Output};
use crate::table::parse_range;

/// The simplest rule that fits every computed value of a ruleset.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("positions").required(true).args(["to", "rows"])))]
pub struct Args {
    /// The ruleset, e.g. 'bash(3)', 'subtraction(1,3,4)', 'wythoff'; with
    /// --k, the family alone, e.g. 'lieges'.
    #[arg(value_name = "RULESET")]
    ruleset: String,

    /// The largest position n of one number to compute (heap games, and
    /// rulesets such as fibonacci whose position is one number).
    #[arg(long, value_name = "N")]
    to: Option<usize>,

    /// For positions of two numbers: the first numbers a, from A to B.
    #[arg(long, value_name = "A..B", value_parser = parse_range, requires = "cols")]
    rows: Option<RangeInclusive<u64>>,

    /// For positions of two numbers: the second numbers b, from C to D.
    #[arg(long, value_name = "C..D", value_parser = parse_range, requires = "rows")]
    cols: Option<RangeInclusive<u64>>,

    /// A family with a parameter K: compute RULESET(K) for each K from A
    /// to B and find one rule for them all, or one for odd and one for
    /// even K.
    #[arg(long, value_name = "A..B", value_parser = parse_range, requires = "to")]
    k: Option<RangeInclusive<u64>>,

    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let failure = Failure::about(&args.ruleset);
    if let (Some(rows), Some(cols)) = (&args.rows, &args.cols) {
        if has_values(&args.ruleset).map_err(failure)? {
            let (name, table) = watched(false, &MemoryLimit::now(), |progress| {
                value_table(
                    &args.ruleset,
                    rows.clone(),
                    cols.clone(),
                    progress,
                    |games, g| Ok(games.number_value(g)),
                )
            })
            .map_err(failure)?;
            let found = find_value_rows(&table);
            return match args.json {
                true => out.json(&ValuePatternAnswer::new(&name, &found)),
                false => out.text(&value_text(&name, &found)),
            };
        }
    }
    let (name, found) = match (&args.rows, &args.cols, args.to, &args.k) {
        (Some(rows), Some(cols), _, _) => {
            let (name, table) = watched(false, &MemoryLimit::now(), |progress| {
                two_number_table(&args.ruleset, rows.clone(), cols.clone(), progress)
            })
            .map_err(failure)?;
            (name, Found::One(pattern::find_table(&table)))
        }
        (_, _, Some(to), Some(ks)) => {
            let found = watched(false, &MemoryLimit::now(), |progress| {
                family(&args.ruleset, ks.clone(), to, progress)
            })
            .map_err(failure)?;
            (args.ruleset.clone(), Found::Family(found))
        }
        (_, _, Some(to), None) => {
            let (name, pattern) = watched(false, &MemoryLimit::now(), |progress| {
                one_number(&args.ruleset, to, progress)
            })
            .map_err(failure)?;
            (name, Found::One(pattern))
        }
        _ => {
            return Err(Failure::from(grundy::Error::Parse {
                column: 1,
                message: "pattern needs --to N, or --rows A..B with --cols C..D".into(),
            }))
        }
    };
    match found {
        Found::One(pattern) if args.json => out.json(&PatternAnswer::new(&name, &pattern)),
        Found::One(pattern) => out.text(&format!("ruleset:  {name}\n{}", text(&pattern))),
        Found::Family(family) if args.json => out.json(&FamilyPatternAnswer::new(&name, &family)),
        Found::Family(family) => out.text(&family_text(&name, &family)),
    }
}

enum Found {
    One(Pattern),
    Family(FamilyPattern),
}

/// A pattern as text: the description, how far it was checked, whether it
/// is proven, and each rejected candidate with its first counterexample.
fn text(pattern: &Pattern) -> String {
    let mut text = format!("pattern:  {}\n", pattern.description);
    text.push_str(&format!("checked:  {}\n", pattern.checked_to));
    let last = pattern.checked_to.last().map(|at| at.to_string());
    let proven = match (&pattern.proven, pattern.formula.is_some(), last) {
        (Some(theorem), _, _) => format!("yes, by the {theorem}"),
        (None, true, Some(last)) => format!("no, observed up to {last}"),
        (None, _, _) => "no".to_string(),
    };
    text.push_str(&format!("proven:   {proven}\n"));
    if !pattern.rejected.is_empty() {
        text.push_str("rejected:\n");
    }
    for r in &pattern.rejected {
        let k = r.k.map(|k| format!(" (k = {k})")).unwrap_or_default();
        text.push_str(&format!(
            "  {}: fails at {}{k}: says {}, is {}\n",
            r.candidate, r.at, r.expected, r.found
        ));
    }
    text
}

fn family_text(name: &str, family: &FamilyPattern) -> String {
    let mut out = format!("family:   {name}\npattern:  {}\n", family.description);
    for class in &family.classes {
        let ks: Vec<String> = class.ks.iter().map(u64::to_string).collect();
        out.push_str(&format!(
            "\n{} k ({}):\n{}",
            parity_name(class.parity),
            ks.join(", "),
            text(&class.pattern)
        ));
    }
    out
}

/// A rule along each row of a table of values, as text.
fn value_text(name: &str, found: &ValuePattern) -> String {
    let mut text = format!(
        "ruleset:  {name}\npattern:  {}\nchecked:  {}\nproven:   no\n",
        found.description, found.checked_to
    );
    for (a, rule) in &found.rows {
        match rule {
            Ok(rule) => text.push_str(&format!("  a = {a}: {rule}\n")),
            Err(why) => text.push_str(&format!("  a = {a}: none ({why})\n")),
        }
    }
    text
}
