//! `grundy pattern RULESET --to N` (or `--rows A..B --cols C..D`): the
//! simplest description that fits every value computed, as the notes find
//! the rule behind a new game, with how far it was checked, whether a
//! theorem proves it, and the first counterexample of every simpler
//! candidate. The finder is `grundy::pattern`; this module computes the
//! values it reads. A partizan family with values (`cutcake`,
//! `hackenbush`) gets a rule along each row of its table of numbers
//! (`grundy::pattern::values`).

use std::ops::RangeInclusive;

use grundy::pattern::values::{find_value_rows, RowRule, ValuePattern};
use grundy::pattern::{self, At, FamilyPattern, Parity, Pattern, Rejected};
use grundy::sequence::{MethodChoice, Sequence};
use grundy::table::Entry;
use grundy::{Error, Rulesets};
use serde::Serialize;
use serde_json::Value;

use crate::report::{Failure, Output};
use crate::table::{entry, entry_json, has_values, parse_range, two_number_table, value_table};

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
        if has_values(&args.ruleset)? {
            let (name, table) =
                value_table(&args.ruleset, rows.clone(), cols.clone(), |games, g| {
                    games.number_value(g)
                })?;
            let found = find_value_rows(&table);
            return match args.json {
                true => out.json(&ValueJson::new(&name, &found)),
                false => out.text(&value_text(&name, &found)),
            };
        }
    }
    let (name, found) = match (&args.rows, &args.cols, args.to, &args.k) {
        (Some(rows), Some(cols), _, _) => {
            let (name, table) = two_number_table(&args.ruleset, rows.clone(), cols.clone())?;
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
        Found::One(pattern) if args.json => out.json(&Json::new(&name, &pattern)),
        Found::One(pattern) => out.text(&format!("ruleset:  {name}\n{}", text(&pattern))),
        Found::Family(family) if args.json => out.json(&FamilyJson::new(&name, &family)),
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

/// The JSON object of `grundy pattern`.
#[derive(Serialize)]
struct Json<'a> {
    ruleset: &'a str,
    /// The description, or why there is none.
    pattern: &'a str,
    /// Whether a formula fits every value.
    found: bool,
    /// The last position checked: n, or [a, b].
    checked_to: Option<Value>,
    proven: bool,
    /// The theorem that proves it for every position.
    theorem: Option<&'a str>,
    rejected: Vec<JsonRejected<'a>>,
}

impl<'a> Json<'a> {
    fn new(ruleset: &'a str, pattern: &'a Pattern) -> Json<'a> {
        Json {
            ruleset,
            pattern: &pattern.description,
            found: pattern.formula.is_some(),
            checked_to: pattern.checked_to.last().map(at_json),
            proven: pattern.proven.is_some(),
            theorem: pattern.proven.as_deref(),
            rejected: pattern.rejected.iter().map(JsonRejected::from).collect(),
        }
    }
}

#[derive(Serialize)]
struct JsonRejected<'a> {
    candidate: &'a str,
    /// The member of the family it failed on, with `--k`.
    #[serde(skip_serializing_if = "Option::is_none")]
    k: Option<u64>,
    /// The first position it fails at: n, or [a, b].
    n: Value,
    expected: Value,
    found: Value,
}

impl<'a> From<&'a Rejected> for JsonRejected<'a> {
    fn from(r: &'a Rejected) -> JsonRejected<'a> {
        JsonRejected {
            candidate: &r.candidate,
            k: r.k,
            n: at_json(r.at),
            expected: entry_json(r.expected),
            found: entry_json(r.found),
        }
    }
}

fn at_json(at: At) -> Value {
    match at {
        At::Heap(n) => Value::from(n),
        At::Pair(a, b) => Value::from(vec![a, b]),
    }
}

/// `--k`: the family's description and one object per class of members.
#[derive(Serialize)]
struct FamilyJson<'a> {
    ruleset: &'a str,
    pattern: &'a str,
    classes: Vec<ClassJson<'a>>,
}

#[derive(Serialize)]
struct ClassJson<'a> {
    /// "every", "odd" or "even".
    k: &'static str,
    ks: &'a [u64],
    #[serde(flatten)]
    pattern: Json<'a>,
}

impl<'a> FamilyJson<'a> {
    fn new(ruleset: &'a str, family: &'a FamilyPattern) -> FamilyJson<'a> {
        FamilyJson {
            ruleset,
            pattern: &family.description,
            classes: family
                .classes
                .iter()
                .map(|c| ClassJson {
                    k: parity_name(c.parity),
                    ks: &c.ks,
                    pattern: Json::new(ruleset, &c.pattern),
                })
                .collect(),
        }
    }
}

fn parity_name(parity: Parity) -> &'static str {
    match parity {
        Parity::Every => "every",
        Parity::Odd => "odd",
        Parity::Even => "even",
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

/// The JSON object of `grundy pattern` on a table of values.
#[derive(Serialize)]
struct ValueJson<'a> {
    ruleset: &'a str,
    pattern: &'a str,
    /// The last position checked, [a, b].
    checked_to: Option<Value>,
    rows: Vec<RowJson>,
}

/// One row's rule: `"periodic"` (v(a, b + period) = v(a, b) + saltus from
/// b = from on) or `"halving"` (each step half the one before from b =
/// from on, toward `limit`), or `"none"` with why.
#[derive(Serialize)]
struct RowJson {
    a: u64,
    rule: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    period: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    saltus: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    why: Option<String>,
}

impl<'a> ValueJson<'a> {
    fn new(ruleset: &'a str, found: &'a ValuePattern) -> ValueJson<'a> {
        let row = |a: u64, rule: &Result<RowRule, String>| {
            let mut row = RowJson {
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
        };
        ValueJson {
            ruleset,
            pattern: &found.description,
            checked_to: found.checked_to.last().map(at_json),
            rows: found.rows.iter().map(|(a, r)| row(*a, r)).collect(),
        }
    }
}
