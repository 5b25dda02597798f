//! `grundy analyze --every`: a sum played Every-SG (each turn moves in every
//! component that can move; the last move wins), as a table or one line: each component's step, the largest, the outcome, and the winning
//! moves, listed and, compactly, by the largest step each leaves.

use grundy::sum::EveryAnalysis;
use num_bigint::BigUint;

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
