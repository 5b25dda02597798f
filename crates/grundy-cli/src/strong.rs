//! How `grundy analyze` prints the answer of a position of a ruleset
//! solved strongly (mnk, connect4) as text.

use grundy::strong::StrongAnalysis;

/// The answer as text: the position, its outcome and remoteness, and
/// unless `outcome_only` its best moves.
pub fn text(a: &StrongAnalysis, outcome_only: bool) -> String {
    let s = &a.solution;
    let mut out = format!(
        "{}\noutcome: {} ({})\n",
        a.expression,
        s.standing.letter(),
        s.standing.explanation()
    );
    if let Some(r) = s.remoteness {
        out.push_str(&format!("remoteness: {r} moves\n"));
    }
    if outcome_only {
        return out;
    }
    if a.best_moves.is_empty() {
        out.push_str("best moves: none (the game is over)\n");
    } else {
        out.push_str(&format!("best moves ({}):\n", a.best_moves.len()));
        for (to, after) in &a.best_moves {
            out.push_str(&format!("  => {to}  (then {after} for the opponent)\n"));
        }
    }
    out
}

/// The answer on one line of a batch: `mnk(3,3,3) x.o/.x./...: W in 3`,
/// then unless `outcome_only` its best moves, each with the value after
/// it for the opponent, separated by `; `.
pub fn one_line(a: &StrongAnalysis, outcome_only: bool) -> String {
    let mut text = format!("{}: {}", a.expression, a.solution);
    if outcome_only {
        return text;
    }
    let count = a.best_moves.len();
    if count == 0 {
        text.push_str(", no move (the game is over)");
        return text;
    }
    let noun = if count == 1 { "move" } else { "moves" };
    let moves: Vec<String> = (a.best_moves.iter())
        .map(|(to, after)| format!("=> {to} (then {after})"))
        .collect();
    text.push_str(&format!(", {count} best {noun}: {}", moves.join("; ")));
    text
}
