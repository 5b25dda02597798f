//! `grundy analyze --every`: a sum played Every-SG (each turn moves in every
//! component that can move; the last move wins), as a table, one line, or
//! JSON: each component's step, the largest, the outcome, and the winning
//! moves, listed and, compactly, by the largest step each leaves.

use grundy::sum::EveryAnalysis;
use num_bigint::BigUint;
use serde::Serialize;
use serde_json::Value;

use crate::report::exact;

/// The answer as a table.
pub fn text(a: &EveryAnalysis, outcome_only: bool) -> String {
    let outcome = format!("outcome: {} ({})\n", a.outcome, a.outcome.explanation());
    let rule = format!(
        "largest step: {} ({}: the player to move wins exactly when it is odd)\n",
        a.step,
        if a.step % 2 == 1 { "odd" } else { "even" }
    );
    if outcome_only {
        return format!("{rule}{outcome}");
    }
    let width = (a.components.iter())
        .map(|(c, _)| c.chars().count())
        .filter(|&n| n <= 40)
        .fold("component".len(), usize::max);
    let mut out = format!("{:width$}  step\n", "component");
    for (c, step) in &a.components {
        out.push_str(&format!("{c:width$}  {step}\n"));
    }
    out.push('\n');
    out.push_str(&rule);
    out.push_str(&outcome);
    if a.winning_move_count == BigUint::ZERO {
        out.push_str("winning moves: none\n");
        return out;
    }
    let listed = a.winning_moves.len();
    let count = &a.winning_move_count;
    if BigUint::from(listed) == *count {
        out.push_str(&format!(
            "winning moves ({listed}; each moves in every component that can move):\n"
        ));
    } else {
        out.push_str(&format!(
            "winning moves ({listed} of {count}; each moves in every component that can move):\n"
        ));
    }
    for (m, to) in &a.winning_moves {
        out.push_str(&format!("  {m}  => {to}\n"));
    }
    if BigUint::from(listed) != *count {
        out.push_str(&format!(
            "  ... and {} more (--moves N lists N)\n",
            count - BigUint::from(listed)
        ));
    }
    out.push_str("a move wins when the largest step after it is even:\n");
    for c in &a.choices {
        let noun = if c.count == BigUint::from(1u32) {
            "move"
        } else {
            "moves"
        };
        out.push_str(&format!(
            "  to largest step {}: {} {noun}; options of step at most {} in every component, \
             exactly {} in at least one\n",
            c.step, c.count, c.step, c.step
        ));
    }
    out
}

/// The answer on one line, for `--batch`.
pub fn one_line(a: &EveryAnalysis, outcome_only: bool) -> String {
    let mut text = format!("{}: {}, every, step {}", a.expression, a.outcome, a.step);
    if outcome_only {
        return text;
    }
    let count = &a.winning_move_count;
    if *count == BigUint::ZERO {
        text.push_str(", no winning move");
        return text;
    }
    let noun = if *count == BigUint::from(1u32) {
        "move"
    } else {
        "moves"
    };
    text.push_str(&format!(", {count} winning {noun}"));
    if BigUint::from(a.winning_moves.len()) != *count {
        text.push_str(&format!(", first {}", a.winning_moves.len()));
    }
    let moves: Vec<String> = (a.winning_moves.iter())
        .map(|(m, to)| format!("{m} => {to}"))
        .collect();
    if !moves.is_empty() {
        text.push_str(": ");
        text.push_str(&moves.join(" | "));
    }
    text
}

/// The JSON object: the keys of `analyze`'s (`convention` is `normal`, the
/// last move wins; `play` is `every`; `nimber` is `null`, as no nimber
/// decides it), with `step` for the sum and each component, and `choices`.
#[derive(Serialize)]
pub struct Json<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
    expression: &'a str,
    convention: &'static str,
    play: &'static str,
    outcome: &'static str,
    nimber: Value,
    step: u64,
    #[serde(flatten)]
    moves: Option<JsonMoves<'a>>,
}

#[derive(Serialize)]
struct JsonMoves<'a> {
    components: Vec<JsonComponent<'a>>,
    winning_move_count: Value,
    winning_move_count_is_lower_bound: bool,
    winning_moves: Vec<JsonMove<'a>>,
    choices: Vec<JsonChoices<'a>>,
}

#[derive(Serialize)]
struct JsonComponent<'a> {
    component: &'a str,
    nimber: Value,
    step: u64,
}

#[derive(Serialize)]
struct JsonMove<'a> {
    #[serde(rename = "move")]
    description: &'a str,
    to: &'a str,
}

/// The winning moves that leave `step` as the largest step.
#[derive(Serialize)]
struct JsonChoices<'a> {
    step: u64,
    count: Value,
    components: Vec<JsonComponentChoices<'a>>,
}

#[derive(Serialize)]
struct JsonComponentChoices<'a> {
    /// From 1, as the moves number components.
    component: usize,
    option_count: u64,
    options: Vec<JsonOption<'a>>,
}

#[derive(Serialize)]
struct JsonOption<'a> {
    to: &'a str,
    step: u64,
}

impl<'a> Json<'a> {
    pub fn new(a: &'a EveryAnalysis, outcome_only: bool, line: Option<u64>) -> Json<'a> {
        let moves = (!outcome_only).then(|| JsonMoves {
            components: (a.components.iter())
                .map(|(component, step)| JsonComponent {
                    component,
                    nimber: Value::Null,
                    step: *step,
                })
                .collect(),
            winning_move_count: exact(&a.winning_move_count),
            winning_move_count_is_lower_bound: false,
            winning_moves: (a.winning_moves.iter())
                .map(|(description, to)| JsonMove { description, to })
                .collect(),
            choices: (a.choices.iter())
                .map(|c| JsonChoices {
                    step: c.step,
                    count: exact(&c.count),
                    components: (c.components.iter())
                        .map(|cc| JsonComponentChoices {
                            component: cc.component + 1,
                            option_count: cc.option_count,
                            options: (cc.options.iter())
                                .map(|(to, step)| JsonOption { to, step: *step })
                                .collect(),
                        })
                        .collect(),
                })
                .collect(),
        });
        Json {
            line,
            expression: &a.expression,
            convention: "normal",
            play: "every",
            outcome: a.outcome.letter(),
            nimber: Value::Null,
            step: a.step,
            moves,
        }
    }
}
