//! `grundy solve RULESET --all-starts`: every vertex of a graph file as a
//! start, from one solve of the whole graph (`grundy::answer::solve::all_starts`):
//! a row a vertex, as text or as one JSON array.

use grundy::answer::solve::{all_starts, StartsAnswer};
use grundy::starts::AllStarts;

use crate::machine::MemoryLimit;
use crate::progress::watched;
use crate::report::{Failure, Output};

pub fn run(
    expression: &str,
    progress: bool,
    available: &MemoryLimit,
    json: bool,
    out: &mut Output,
) -> Result<(), Failure> {
    let failure = Failure::about(expression);
    let (name, starts) = watched(progress, available, |report| {
        all_starts(expression, Some(available.bytes), report)
    })
    .map_err(failure)?;
    if json {
        return out.json(&StartsAnswer::new(&starts));
    }
    let (header, rows): (_, Vec<String>) = match &starts {
        AllStarts::Partizan(rows) => (
            "vertex  Left first  Right first",
            (rows.iter().enumerate())
                .map(|(v, [left, right])| format!("{v:<7} {:<11} {right}", left.to_string()))
                .collect(),
        ),
        AllStarts::Impartial(values) => (
            "vertex  outcome  value",
            (values.iter().enumerate())
                .map(|(v, value)| format!("{v:<7} {:<8} {value}", value.outcome().letter()))
                .collect(),
        ),
    };
    out.text(&format!("ruleset:  {name}\n{header}\n"))?;
    for row in rows {
        out.line(&row)?;
    }
    Ok(())
}
