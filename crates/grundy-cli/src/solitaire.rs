//! `grundy analyze` of a one-player game (a solitaire): Win in k moves
//! with one shortest path, Draw or Lose (text, one line).

use grundy::component::SolitaireAnalysis;
use grundy::solitaire::SolitaireOutcome;

/// The moves of a win: one fewer than the positions of its path.
fn moves(a: &SolitaireAnalysis) -> Option<usize> {
    (a.outcome == SolitaireOutcome::Win).then(|| a.path.len() - 1)
}

/// What the outcome says: `Win in 3 moves`, `Draw (...)`, `Lose (...)`.
fn outcome_text(a: &SolitaireAnalysis) -> String {
    match (a.outcome, moves(a)) {
        (SolitaireOutcome::Win, Some(1)) => "Win in 1 move".to_string(),
        (SolitaireOutcome::Win, Some(k)) => format!("Win in {k} moves"),
        (SolitaireOutcome::Draw, _) => {
            "Draw (no goal can be reached, but play can go on forever)".to_string()
        }
        _ => "Lose (no goal can be reached, and every line of play ends)".to_string(),
    }
}

pub fn text(a: &SolitaireAnalysis, outcome_only: bool) -> String {
    let mut out = format!(
        "solitaire: {}\noutcome:   {}\n",
        a.expression,
        outcome_text(a)
    );
    if !outcome_only && !a.path.is_empty() {
        out.push_str(&format!("path:      {}\n", a.path.join(" -> ")));
    }
    out
}

pub fn one_line(a: &SolitaireAnalysis, outcome_only: bool) -> String {
    let mut line = format!("{}: {}", a.expression, outcome_text(a));
    if !outcome_only && !a.path.is_empty() {
        line.push_str(&format!(": {}", a.path.join(" -> ")));
    }
    line
}
