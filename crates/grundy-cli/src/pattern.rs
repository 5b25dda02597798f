//! `grundy pattern RULESET --to N` (or `--rows A..B --cols C..D`): the
//! simplest description that fits every value computed, as the notes find
//! the rule behind a new game, with how far it was checked, whether a
//! theorem proves it, and the first counterexample of every simpler
//! candidate. The library decides which values answer the question and
//! finds their rule (`grundy::answer::pattern::pattern`); this module reads
//! the arguments and shows what was found. A partizan family with values
//! (`cutcake`, `hackenbush`) gets a rule along each row of its table of
//! numbers (`grundy::pattern::values`).

use std::ops::RangeInclusive;

use grundy::answer::pattern::{parity_name, pattern, PatternFound, PatternQuestion};
use grundy::answer::table::Tabulated;
use grundy::pattern::values::ValuePattern;
use grundy::pattern::{FamilyPattern, Pattern};

use crate::machine::MemoryLimit;
use crate::progress::watched;
use crate::report::{Failure, Output};
use crate::table::{parse_of, parse_range};

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

    /// For a partizan family with values: the rule of what each position
    /// holds instead of its value, as `grundy table --of` takes it, e.g.
    /// 'cool(1)', 'atomic_weight', 'mean'.
    #[arg(long, value_name = "WHAT", value_parser = parse_of, requires = "rows", default_value = "value")]
    of: Tabulated,

    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    pub values: crate::db::Values,
}

pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let failure = Failure::about(&args.ruleset);
    let question = PatternQuestion::new(&args.ruleset, args.to, args.k, args.rows, args.cols)
        .map_err(Failure::from)?
        .holding(args.of);
    let found = watched(false, &MemoryLimit::now(), |progress| {
        pattern(&question, progress)
    })
    .map_err(failure)?;
    if args.json {
        return out.json(&found);
    }
    match &found {
        PatternFound::One { ruleset, pattern } => {
            out.text(&format!("ruleset:  {ruleset}\n{}", text(pattern)))
        }
        PatternFound::Family { ruleset, family } => out.text(&family_text(ruleset, family)),
        PatternFound::Values { ruleset, of, rows } => out.text(&value_text(ruleset, *of, rows)),
    }
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
fn value_text(name: &str, of: Tabulated, found: &ValuePattern) -> String {
    let mut text = format!("ruleset:  {name}\n");
    if of != Tabulated::Value {
        text.push_str(&format!("of:       {of}\n"));
    }
    text.push_str(&format!(
        "pattern:  {}\nchecked:  {}\nproven:   no\n",
        found.description, found.checked_to
    ));
    for (a, rule) in &found.rows {
        match rule {
            Ok(rule) => text.push_str(&format!("  a = {a}: {rule}\n")),
            Err(why) => text.push_str(&format!("  a = {a}: none ({why})\n")),
        }
    }
    text
}
