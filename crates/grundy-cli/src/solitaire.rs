//! `grundy analyze` of a one-player game (a solitaire): Win in k moves
//! with one shortest path, Draw or Lose (text, one line, JSON).

use grundy::component::SolitaireAnalysis;
use grundy::solitaire::SolitaireOutcome;
use serde::Serialize;

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

#[derive(Serialize)]
pub struct Json<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
    expression: &'a str,
    play: &'static str,
    /// `Win`, `Draw` or `Lose`.
    outcome: &'static str,
    /// The moves of the shortest win; `null` for a draw or a loss.
    moves: Option<usize>,
    /// The positions of the shortest win, the start first; left out with
    /// `--outcome-only`.
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<&'a [String]>,
}

impl<'a> Json<'a> {
    pub fn new(a: &'a SolitaireAnalysis, outcome_only: bool, line: Option<u64>) -> Json<'a> {
        Json {
            line,
            expression: &a.expression,
            play: "solitaire",
            outcome: a.outcome.word(),
            moves: moves(a),
            path: (!outcome_only).then_some(&a.path[..]),
        }
    }
}
