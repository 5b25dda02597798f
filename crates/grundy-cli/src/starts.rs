//! `grundy solve RULESET --all-starts`: every vertex of a graph file as a
//! start, from one solve of the whole graph (`DynRuleset::all_starts`): a
//! row a vertex, as text or as one JSON array, written row by row.

use grundy::starts::AllStarts;
use grundy::{DynRuleset, Error};
use serde::Serialize;

use crate::report::{Failure, Output};
use grundy::answer::analyze::SolutionAnswer;

use crate::progress::solving;

pub fn run(
    ruleset: &dyn DynRuleset,
    expression: &str,
    progress: bool,
    json: bool,
    out: &mut Output,
) -> Result<(), Failure> {
    let failure = Failure::about(expression);
    let name = ruleset.name();
    let starts = solving(progress, |options, report| {
        ruleset.all_starts(options, report).unwrap_or_else(|| {
            Err(Error::Parse {
                column: 1,
                message: format!(
                    "{name} has no list of starts: --all-starts answers every vertex of \
                     graph(FILE) and partizan-graph(FILE)"
                ),
            })
        })
    })
    .map_err(failure)?;
    let rows: Box<dyn Iterator<Item = (String, String)>> = match &starts {
        AllStarts::Partizan(rows) => Box::new(rows.iter().enumerate().map(|(v, [left, right])| {
            let row = PartizanRow {
                vertex: v,
                left_first: (*left).into(),
                right_first: (*right).into(),
            };
            (
                json_text(&row),
                format!("{v:<7} {:<11} {right}", left.to_string()),
            )
        })),
        AllStarts::Impartial(values) => Box::new(values.iter().enumerate().map(|(v, value)| {
            let outcome = value.outcome().letter();
            let row = ImpartialRow {
                vertex: v,
                value: value.to_string(),
                nimber: value.nimber(),
                outcome,
            };
            (json_text(&row), format!("{v:<7} {outcome:<8} {value}"))
        })),
    };
    if json {
        out.text("[")?;
        for (i, (row, _)) in rows.enumerate() {
            if i > 0 {
                out.text(",")?;
            }
            out.text(&row)?;
        }
        return out.line("]");
    }
    let header = match starts {
        AllStarts::Partizan(_) => "vertex  Left first  Right first",
        AllStarts::Impartial(_) => "vertex  outcome  value",
    };
    out.text(&format!("ruleset:  {name}\n{header}\n"))?;
    for (_, row) in rows {
        out.line(&row)?;
    }
    Ok(())
}

fn json_text(row: &impl Serialize) -> String {
    serde_json::to_string(row).expect("rows serialise")
}

/// A vertex of a partizan graph: its value with Left to move first, and
/// with Right.
#[derive(Serialize)]
struct PartizanRow {
    vertex: usize,
    left_first: SolutionAnswer,
    right_first: SolutionAnswer,
}

/// A vertex of an impartial graph: its generalized value (`null` nimber
/// where it is infinite) and outcome.
#[derive(Serialize)]
struct ImpartialRow {
    vertex: usize,
    value: String,
    nimber: Option<u64>,
    outcome: &'static str,
}
