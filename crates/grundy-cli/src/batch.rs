//! `grundy analyze --batch [FILE|-]`: many questions in one run, one
//! expression a line and one answer a line. The lines share one
//! `grundy::Rulesets`, so a ruleset is built once, with one solver whose
//! table grows over the whole batch (a ruleset solved strongly keeps the
//! tables it solved, and answers a position in one of them without solving
//! again), and the answers go through one buffered writer.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;

use grundy::answer::analyze::Analyzed;
use grundy::answer::{AnalyzeAnswer, ErrorAnswer};
use grundy::{Analysis, Convention, Error, Rulesets};

use crate::analyze::{count_text, nimber_text, Question};
use crate::lines::{self, Line, Lines};
use crate::report::{Failure, Output};
use crate::{every, solitaire, strong, values};

pub fn run(
    source: &Path,
    question: &Question,
    json: bool,
    out: &mut Output,
) -> Result<(), Failure> {
    let name = source.display().to_string();
    let read_error = |error: io::Error| {
        Failure::from(Error::File {
            path: name.clone(),
            message: error.to_string(),
        })
    };
    let input: Box<dyn BufRead> = if source == Path::new("-") {
        Box::new(io::stdin().lock())
    } else {
        Box::new(BufReader::new(File::open(source).map_err(read_error)?))
    };
    let mut lines = Lines::new(input);
    let mut rulesets = Rulesets::new();
    let mut failures = Failures::default();
    let mut number = 0;
    while let Some(line) = lines.next_line().map_err(read_error)? {
        number += 1;
        let line = match line {
            Line::Text(line) => line,
            Line::TooLong => {
                let error = lines::too_long();
                answer_error(out, &mut failures, json, number, "(a long line)", &error)?;
                continue;
            }
        };
        // A line that is not UTF-8 is answered with the parse error at its
        // first replaced character.
        let shown = line.trim();
        if shown.is_empty() || shown.starts_with('#') {
            continue;
        }
        // The whole line is parsed, so that a column counts from its start.
        let outcome_only = question.outcome_only();
        match question.answer(&mut rulesets, &line) {
            Ok(a) if json => out.json(&AnalyzeAnswer::new(&a, outcome_only).at_line(number))?,
            Ok(a) => out.line(&one_line(&a, outcome_only))?,
            Err(error) => {
                let shown = lines::abbreviated(shown);
                answer_error(out, &mut failures, json, number, &shown, &error)?
            }
        }
        // Each answer leaves at once: one given is never lost in a buffer
        // when a later line fails or the process is stopped.
        out.flush()?;
    }
    failures.into_result()
}

/// The answer of a line that failed, and its count for the exit status.
fn answer_error(
    out: &mut Output,
    failures: &mut Failures,
    json: bool,
    number: u64,
    shown: &str,
    error: &Error,
) -> Result<(), Failure> {
    failures.add(number, error);
    if json {
        out.json(&ErrorAnswer::new(error).at_line(number))?;
    } else {
        out.line(&format!("{shown}: error: line {number}: {error}"))?;
    }
    out.flush()
}

/// The lines that failed, for the exit status.
#[derive(Default)]
struct Failures {
    count: u64,
    first: u64,
    /// The worst exit status of a line: 2 (bad input) over 1 (a limit).
    status: u8,
}

impl Failures {
    fn add(&mut self, line: u64, error: &Error) {
        if self.count == 0 {
            self.first = line;
        }
        self.count += 1;
        self.status = self.status.max(error.kind().exit_status());
    }

    fn into_result(self) -> Result<(), Failure> {
        if self.count == 0 {
            return Ok(());
        }
        Err(Failure::Lines {
            failed: self.count,
            first: self.first,
            status: self.status,
        })
    }
}

/// An answer on one line, to be read by grep and cut (see `sum_line`).
fn one_line(analyzed: &Analyzed, outcome_only: bool) -> String {
    match analyzed {
        Analyzed::Sum(a) => sum_line(a, outcome_only),
        Analyzed::Strong(a) => strong::one_line(a, outcome_only),
        Analyzed::Values(a) => values::one_line(a, outcome_only),
        Analyzed::MisereValues(a) => values::misere_one_line(a, outcome_only),
        Analyzed::Searched {
            expression,
            searched,
        } => values::searched_one_line(expression, searched),
        Analyzed::Loopy { expression, value } => values::loopy_one_line(expression, value),
        Analyzed::Every(a) => every::one_line(a, outcome_only),
        Analyzed::Solitaire(a) => solitaire::one_line(a, outcome_only),
    }
}

/// A sum's answer on one line:
/// `nim 3 4 5: N, nimber 2, 1 winning move: heap 1: 3 -> 1 => nim 1 4 5`,
/// with several moves separated by `; `. Under misère play `misere` stands
/// where the nimber would be.
fn sum_line(a: &Analysis, outcome_only: bool) -> String {
    let value = match a.convention {
        Convention::Normal => format!("nimber {}", nimber_text(&a.nimber)),
        Convention::Misere => "misere".to_string(),
    };
    let mut text = format!("{}: {}, {value}", a.expression, a.outcome);
    if outcome_only {
        return text;
    }
    let count = a.winning_move_count;
    let noun = if count.number() == 1 { "move" } else { "moves" };
    if count.number() == 0 {
        text.push_str(", no winning move");
        return text;
    }
    text.push_str(&format!(", {} winning {noun}", count_text(count)));
    if a.winning_moves.is_empty() {
        return text;
    }
    if a.winning_moves.len() as u64 != count.number() {
        text.push_str(&format!(", first {}", a.winning_moves.len()));
    }
    let moves: Vec<String> = (a.winning_moves.iter())
        .map(|(m, to)| format!("{m} => {to}"))
        .collect();
    text.push_str(": ");
    text.push_str(&moves.join("; "));
    text
}
