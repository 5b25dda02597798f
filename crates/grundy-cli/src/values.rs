//! `grundy analyze` of a sum of values (partizan positions, game literals,
//! differences): the search with progress on stderr and Ctrl-C, and the
//! answer as a table, one line, or JSON.

use std::sync::atomic::Ordering;
use std::time::Duration;

use grundy::partizan::Games;
use grundy::registry::{self, ValueTerm};
use grundy::short::{self, ValueAnalysis, ValueMove};
use grundy::strong::StrongAnalysis;
use grundy::word::Word;
use grundy::RulesetRef;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::machine;

/// Values the parts and analyzes their sum (see `valuing`).
pub fn analysis(terms: &[ValueTerm]) -> grundy::Result<ValueAnalysis> {
    valuing(|games, progress| {
        let parts = registry::valued(terms, games, progress)?;
        Ok(short::analyze_values(games, &parts))
    })
}

/// Who wins a position with its player to move, from its value, where
/// its ruleset has values (`registry::outcome_by_value`; see `valuing`).
pub fn outcome(ruleset: &RulesetRef, position: &Word) -> grundy::Result<Option<StrongAnalysis>> {
    valuing(|games, progress| registry::outcome_by_value(ruleset, position, games, progress))
}

/// Runs a search of values with a spinner that counts the positions
/// valued where stderr is a terminal; Ctrl-C stops the search.
fn valuing<T>(
    search: impl FnOnce(&mut Games, &mut dyn FnMut(u64) -> bool) -> grundy::Result<T>,
) -> grundy::Result<T> {
    let interrupted = machine::interrupted_flag();
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} ({elapsed})").expect("a valid template"),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    let mut games = Games::new();
    let answer = search(&mut games, &mut |valued| {
        bar.set_message(format!("valuing: {valued} positions"));
        !interrupted.load(Ordering::SeqCst)
    });
    bar.finish_and_clear();
    answer
}

/// The JSON object of the answer (README.md has the schema).
#[derive(Serialize)]
pub struct Json<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
    expression: &'a str,
    /// The canonical form of the sum, as grundy reads it back.
    value: &'a str,
    outcome: String,
    is_number: bool,
    mean: String,
    temperature: String,
    #[serde(flatten)]
    moves: Option<JsonMoves<'a>>,
}

#[derive(Serialize)]
struct JsonMoves<'a> {
    parts: Vec<JsonPart<'a>>,
    left_moves: Vec<JsonMove<'a>>,
    right_moves: Vec<JsonMove<'a>>,
    /// Parts whose moves were too many to list: the moves above are
    /// those of the other parts.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    unlisted: Vec<JsonUnlisted>,
}

#[derive(Serialize)]
struct JsonUnlisted {
    part: usize,
    options: u64,
}

#[derive(Serialize)]
struct JsonPart<'a> {
    part: &'a str,
    value: &'a str,
}

#[derive(Serialize)]
struct JsonMove<'a> {
    /// The part moved in, counted from 0.
    part: usize,
    /// The part after the move.
    to: &'a str,
    /// The canonical form of the sum after the move.
    value: &'a str,
}

fn json_moves(moves: &[ValueMove]) -> Vec<JsonMove<'_>> {
    moves
        .iter()
        .map(|m| JsonMove {
            part: m.part,
            to: &m.to,
            value: &m.value,
        })
        .collect()
}

impl<'a> Json<'a> {
    pub fn new(a: &'a ValueAnalysis, outcome_only: bool, line: Option<u64>) -> Json<'a> {
        Json {
            line,
            expression: &a.expression,
            value: &a.value,
            outcome: a.outcome.letter().to_string(),
            is_number: a.is_number,
            mean: a.mean.to_string(),
            temperature: a.temperature.to_string(),
            moves: (!outcome_only).then(|| JsonMoves {
                parts: a
                    .parts
                    .iter()
                    .map(|(part, value)| JsonPart { part, value })
                    .collect(),
                left_moves: json_moves(&a.left_moves),
                right_moves: json_moves(&a.right_moves),
                unlisted: a
                    .unlisted
                    .iter()
                    .map(|&(part, options)| JsonUnlisted { part, options })
                    .collect(),
            }),
        }
    }
}

/// The answer as a table: each part's value and the sum's, who wins, the
/// mean and temperature, and each player's winning moves moving first.
pub fn text(a: &ValueAnalysis, outcome_only: bool) -> String {
    let mut out = String::new();
    if !outcome_only {
        let mut rows: Vec<(&str, &str)> = a
            .parts
            .iter()
            .map(|(p, v)| (p.as_str(), v.as_str()))
            .collect();
        if rows.len() > 1 {
            rows.push(("sum", &a.value));
        }
        let width = rows
            .iter()
            .map(|(p, _)| p.chars().count())
            .filter(|&n| n <= 40)
            .fold(4, usize::max);
        out.push_str(&format!("{:width$}  value\n", "part"));
        for (p, v) in rows {
            out.push_str(&format!("{p:width$}  {v}\n"));
        }
        out.push('\n');
    } else {
        out.push_str(&format!("value: {}\n", a.value));
    }
    out.push_str(&format!(
        "outcome: {} ({})\n",
        a.outcome.letter(),
        a.outcome.explanation()
    ));
    if outcome_only {
        return out;
    }
    out.push_str(&format!(
        "number: {}  mean: {}  temperature: {}\n",
        if a.is_number { "yes" } else { "no" },
        a.mean,
        a.temperature
    ));
    for &(part, options) in &a.unlisted {
        out.push_str(&format!(
            "part {}: {options} options, too many to list: its moves are left out below\n",
            part + 1
        ));
    }
    for (player, moves) in [("Left", &a.left_moves), ("Right", &a.right_moves)] {
        if moves.is_empty() {
            out.push_str(&format!("{player} moving first: no winning move\n"));
            continue;
        }
        out.push_str(&format!(
            "{player} moving first wins by ({}):\n",
            moves.len()
        ));
        for m in moves.iter() {
            out.push_str(&format!(
                "  part {}: {}  => {}\n",
                m.part + 1,
                m.to,
                m.value
            ));
        }
    }
    out
}

/// The answer on one line, for `--batch`.
pub fn one_line(a: &ValueAnalysis, outcome_only: bool) -> String {
    let mut line = format!("{}: {} {}", a.expression, a.outcome.letter(), a.value);
    if !outcome_only {
        line.push_str(&format!(
            " (mean {}, temperature {}, {} winning moves for Left, {} for Right)",
            a.mean,
            a.temperature,
            a.left_moves.len(),
            a.right_moves.len()
        ));
    }
    line
}
