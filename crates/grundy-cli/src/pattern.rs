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
    parity_name, FamilyPatternAnswer, PatternAnswer, ValuePatternAnswer,
};
use grundy::answer::table::{entry, has_values, two_number_table, value_table};
use grundy::pattern::values::{find_value_rows, ValuePattern};
use grundy::pattern::{self, FamilyPattern, Pattern};
use grundy::sequence::{MethodChoice, Sequence};
use grundy::table::Entry;
use grundy::{Error, Rulesets};

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

/// The most members of a family `--k` computes.
const MAX_MEMBERS: u64 = 64;

pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    if let (Some(rows), Some(cols)) = (&args.rows, &args.cols) {
        let failure = Failure::about(&args.ruleset);
        if has_values(&args.ruleset).map_err(failure)? {
            let (name, table) = watched(false, &MemoryLimit::now(), |progress| {
                value_table(
                    &args.ruleset,
                    rows.clone(),
                    cols.clone(),
                    progress,
                    |games, g| games.number_value(g),
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
            let (name, table) = two_number_table(&args.ruleset, rows.clone(), cols.clone())
                .map_err(Failure::about(&args.ruleset))?;
            (name, Found::One(pattern::find_table(&table)))
        }
        (_, _, Some(to), Some(ks)) => family(&args.ruleset, ks.clone(), to)?,
        (_, _, Some(to), None) => {
            let (name, pattern) = one_number(&args.ruleset, to)?;
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

/// The values G(0..=to) of a ruleset whose positions are one number, and
/// the description found. A heap game's nim-sequence comes from the
/// sequence engine, with the proof of its period where a theorem gives one;
/// any other ruleset of one number (fibonacci, a script with cycles) is
/// analysed position by position, through one registry so that one solver
/// serves them all.
fn one_number(ruleset: &str, to: usize) -> Result<(String, Pattern), Failure> {
    let (name, entries, proof) = one_number_values(ruleset, to)?;
    let proof = proof.as_ref().map(|p| (p.regularity, p.theorem.as_str()));
    Ok((name, pattern::find_sequence(&entries, None, proof)))
}

fn one_number_values(
    ruleset: &str,
    to: usize,
) -> Result<(String, Vec<Entry>, Option<grundy::period::Proof>), Failure> {
    let failure = Failure::about(ruleset);
    let mut rulesets = Rulesets::new();
    let built = rulesets.ruleset(ruleset).map_err(failure)?;
    let name = built.name();
    if let Some(game) = built.heap_game() {
        let mut sequence = Sequence::new(game, MethodChoice::Auto).map_err(failure)?;
        sequence.compute(to, true, &mut |_| true);
        // A script whose moves are not all to smaller heaps (one that
        // grows, or goes round a cycle) is no nim-sequence, and its values
        // after the failure are wrong: it is analysed position by position,
        // which also reports a script's own error.
        if game.failure().is_none() {
            let report = sequence.report();
            let values = sequence.values();
            let entries = (0..values.len())
                .map(|n| Entry::Nimber(values.get(n).into()))
                .collect();
            return Ok((name, entries, report.proof));
        }
    }
    let entries = (0..=to)
        .map(|n| entry(&rulesets.parse_sum(&format!("{ruleset} {n}"))?))
        .collect::<grundy::Result<Vec<Entry>>>()
        .map_err(|error| {
            failure(Error::Parse {
                column: 1,
                message: format!(
                    "{name} is not a game of one number n (a heap) here: {error}; \
                     --rows and --cols are for two numbers"
                ),
            })
        })?;
    Ok((name, entries, None))
}

/// `family(k)` for each k in `ks`, each to `to`, described together.
fn family(family: &str, ks: RangeInclusive<u64>, to: usize) -> Result<(String, Found), Failure> {
    let count = ks.end() - ks.start() + 1;
    if count > MAX_MEMBERS {
        return Err(Failure::from(Error::Limit(format!(
            "--k {}..{} is {count} members; at most {MAX_MEMBERS}",
            ks.start(),
            ks.end()
        ))));
    }
    let mut members = Vec::new();
    for k in ks {
        let (_, entries, _) = one_number_values(&format!("{family}({k})"), to)?;
        members.push((k, entries));
    }
    let members: Vec<(u64, &[Entry])> = members.iter().map(|(k, e)| (*k, &e[..])).collect();
    Ok((
        family.to_string(),
        Found::Family(pattern::find_by_parity(&members)),
    ))
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
