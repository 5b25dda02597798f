//! What the subcommands share: the help on expressions, the one writer every
//! answer goes through, and how an error is
//! shown and turned into an exit status.

use std::io::{self, BufWriter, ErrorKind as IoErrorKind, StdoutLock, Write};
use std::process::ExitCode;

use grundy::answer::ErrorAnswer;
use grundy::functions::Function;
use grundy::{Error, FAMILIES};
use serde::Serialize;

/// The help text on the expression language, with every family of the
/// registry.
pub fn expression_help() -> String {
    let mut text = String::from(
        "Expressions:\n  A game is a sum of components, COMPONENT + COMPONENT + ...; a move is made in\n  \
         exactly one of them. A component is FAMILY[(PARAMETERS)] POSITION...; heap\n  \
         families take any number of heaps, each its own component. Parameters go in\n  \
         parentheses right after the family; quote a file path with spaces or commas.\n\n\
         Values (partizan families, literals such as {1|0}, 3/4, *2, ^) are added and\n  \
         subtracted, G - H, and given to functions of values, whose arguments are\n  \
         expressions:",
    );
    for f in Function::ALL {
        text.push_str(&format!(" {}({})", f.name(), f.parameters().join(", ")));
    }
    text.push_str(".\n\nFamilies:\n");
    let width = FAMILIES.iter().map(|f| f.usage.len()).max().unwrap_or(0);
    for f in FAMILIES {
        text.push_str(&format!("  {:width$}  {}\n", f.usage, f.summary));
    }
    text.push_str("\nExamples:\n");
    for f in FAMILIES {
        text.push_str(&format!("  grundy analyze '{}'\n", f.example));
    }
    text.push_str("  grundy analyze 'nim 3 4 5 + subtraction(1,3,4) 10' --json\n");
    text.push_str("  grundy analyze 'nim 3 5 1' --misere\n");
    text.push_str("  grundy analyze --batch examples/positions.txt --outcome-only\n");
    text
}

/// Standard output, locked once and buffered: every answer of every
/// subcommand is written through it, so that a closed pipe (`| head`) ends
/// the run quietly instead of panicking as `println!` does, and so that a
/// batch of 10^5 answers is not one system call each.
pub struct Output {
    out: BufWriter<StdoutLock<'static>>,
    /// Whether an answer has been written: stdout then holds that answer,
    /// and a later error goes to stderr alone (see `Failure::report`).
    answered: bool,
}

impl Output {
    pub fn stdout() -> Output {
        Output {
            out: BufWriter::new(io::stdout().lock()),
            answered: false,
        }
    }

    /// Writes `text` as it is.
    pub fn text(&mut self, text: &str) -> Result<(), Failure> {
        self.answered = true;
        self.out.write_all(text.as_bytes()).map_err(Failure::Output)
    }

    /// Writes `text` and a newline.
    pub fn line(&mut self, text: &str) -> Result<(), Failure> {
        self.text(text)?;
        self.text("\n")
    }

    /// Writes `value` as one line of JSON.
    pub fn json(&mut self, value: &impl Serialize) -> Result<(), Failure> {
        self.line(&serde_json::to_string(value).expect("answers serialise"))
    }

    /// Writes out what the buffer holds; a run ends with this, so that a
    /// failed write is seen (dropping the buffer would ignore it).
    /// The writer itself, for answers written piece by piece (the values
    /// of `sequence --values`, never held whole).
    pub fn writer(&mut self) -> &mut dyn Write {
        self.answered = true;
        &mut self.out
    }

    pub fn flush(&mut self) -> Result<(), Failure> {
        self.out.flush().map_err(Failure::Output)
    }
}

/// Why a subcommand did not answer, or not in full.
pub enum Failure {
    /// The engine's error, with the expression it concerns if any.
    Error {
        error: Error,
        expression: Option<String>,
    },
    /// Some lines of a batch failed; each was answered with its error.
    Lines {
        /// How many lines failed.
        failed: u64,
        /// The line number of the first.
        first: u64,
        /// The worst exit status among them.
        status: u8,
    },
    /// Standard output could not be written: closed by its reader, or
    /// broken.
    Output(io::Error),
    /// Something else of the system failed (the server cannot start its
    /// threads): what was being done, and why.
    Io { what: String, error: io::Error },
    /// The command line's own arguments, read but not usable (a directory
    /// that is not there, an address that cannot be listened on): bad
    /// input, as clap's usage errors are.
    Usage(String),
    /// A failure another process tells (under mpirun, process 0 writes
    /// the error of a solve they share): only this exit status.
    Told(u8),
}

impl From<Error> for Failure {
    fn from(error: Error) -> Failure {
        Failure::Error {
            error,
            expression: None,
        }
    }
}

impl Failure {
    /// Turns an engine error about `expression` into a failure that shows
    /// the expression (with a caret under the column of a parse error).
    pub fn about(expression: &str) -> impl Fn(Error) -> Failure + Copy + '_ {
        move |error| Failure::Error {
            error,
            expression: Some(expression.to_string()),
        }
    }

    /// Shows the failure and gives the exit status: 2 for bad input, 1 for a
    /// question the engine cannot answer (a limit reached, or a case not
    /// supported yet) or an answer that cannot be written, and 0 when stdout
    /// was closed by its reader, which has all it wants.
    ///
    /// The error always goes to stderr as a line of text, pointing at the
    /// column of a parse error. With `--json` it also goes to stdout as
    /// `{"error": {...}}`, unless stdout holds an answer already (an
    /// interrupted `sequence` reports what it found): stdout holds one JSON
    /// answer, or the error.
    pub fn report(&self, json: bool, out: &mut Output) -> ExitCode {
        match self {
            Failure::Error { error, expression } => {
                let mut text = format!("error: {error}\n");
                if let (Some(column), Some(expression)) = (error.column(), expression) {
                    text.push_str(&format!("  {expression}\n"));
                    text.push_str(&format!("  {}^\n", " ".repeat(column.saturating_sub(1))));
                }
                warn(&text);
                json_error(json, out, &ErrorAnswer::new(error));
                ExitCode::from(error.kind().exit_status())
            }
            Failure::Lines {
                failed,
                first,
                status,
            } => {
                let lines = if *failed == 1 { "line" } else { "lines" };
                warn(&format!(
                    "error: {failed} {lines} failed, the first at line {first}; \
                     each is answered with its error\n"
                ));
                ExitCode::from(*status)
            }
            Failure::Output(error) if error.kind() == IoErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Failure::Output(error) => {
                warn(&format!("error: cannot write the answer: {error}\n"));
                ExitCode::from(1)
            }
            Failure::Io { what, error } => {
                let message = format!("{what}: {error}");
                warn(&format!("error: {message}\n"));
                // The machine's limit (threads, open files), not the input's.
                let answer = ErrorAnswer::new(&Error::Limit(message));
                json_error(json, out, &answer);
                ExitCode::from(1)
            }
            Failure::Usage(message) => {
                warn(&format!("error: {message}\n"));
                json_error(json, out, &ErrorAnswer::usage(message.clone()));
                ExitCode::from(2)
            }
            Failure::Told(status) => ExitCode::from(*status),
        }
    }
}

/// Writes `answer` to stdout where the run was asked for JSON and stdout
/// holds no answer yet.
fn json_error(json: bool, out: &mut Output, answer: &ErrorAnswer) {
    if json && !out.answered {
        // A closed stdout has no reader left to tell.
        let _ = out.json(answer).and_then(|()| out.flush());
    }
}

/// A usage error of the command line as `--json` writes it: bad input
/// without a column, in clap's words up to its usage note.
pub fn report_usage(error: &clap::Error) {
    let rendered = error.render().to_string();
    let words: Vec<&str> = rendered
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    let message = words.join(" ").trim_start_matches("error: ").to_string();
    let answer = ErrorAnswer::usage(message);
    let mut out = Output::stdout();
    let _ = out.json(&answer).and_then(|()| out.flush());
}

/// Writes to stderr, ignoring a stderr that cannot be written (there is no
/// one left to tell), where `eprintln!` would panic.
pub fn warn(text: &str) {
    let _ = io::stderr().write_all(text.as_bytes());
}
