//! The errors of the engine. Every one says what the user must change, and
//! its [`ErrorKind`] says whose it is: the input's, or a limit's.
//!
//! ```
//! use grundy::error::{Error, ErrorCause, ErrorKind};
//!
//! // A heap must be a number: the error points at column 5, where "x4"
//! // starts, and is the input's fault (exit status 2).
//! let error = grundy::parse_sum("nim x4").unwrap_err();
//! assert_eq!(error.kind(), ErrorKind::BadInput);
//! assert_eq!(error.cause(), ErrorCause::Parse);
//! assert_eq!(error.column(), Some(5));
//! assert!(matches!(error, Error::Parse { .. }));
//! ```

use schemars::JsonSchema;
use serde::Serialize;
use thiserror::Error;

/// An error met while reading an expression or answering a question about
/// it.
///
/// Its [`Display`](std::fmt::Display) is a message for the user that says
/// what to change, with the place where there is one ("column 5: ...",
/// "rules.rhai:3:7: ..."). Programs branch on [`Error::kind`] (whose fault:
/// the input's, a limit's, or a gap in the engine), which alone decides the
/// command line's exit status, or on [`Error::cause`] (which variant),
/// and read the place from [`Error::column`] or the variant's fields.
///
/// The enum is `#[non_exhaustive]`: new variants may come with new kinds
/// of input, so a `match` on it needs a `_` arm, and code that only needs
/// whose fault an error is should match on [`ErrorKind`] instead.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The text of an expression or a parameter is malformed: a word that
    /// is not a number, an unknown family, a position its family cannot
    /// read or that play cannot reach.
    #[error("column {column}: {message}")]
    Parse {
        /// The 1-based character (not byte) column in the expression where
        /// the problem starts.
        column: usize,
        /// What is wrong and what was expected, without the column.
        message: String,
    },

    /// A file named in an expression (a graph, a solved table) cannot be
    /// opened or read, is not UTF-8, or does not follow its format.
    #[error("{path}: {message}")]
    File {
        /// The path as the expression wrote it.
        path: String,
        /// What is wrong, with the line where the format is broken.
        message: String,
    },

    /// A script named in an expression is wrong at a place in it: a syntax
    /// error, or an error while one of its functions ran.
    #[error("{path}:{line}:{column}: {message}")]
    Script {
        /// The script's path as the expression wrote it.
        path: String,
        /// The 1-based line in the script.
        line: usize,
        /// The 1-based column in that line.
        column: usize,
        /// The script engine's message, or what the script's function
        /// returned that is not allowed.
        message: String,
    },

    /// A game graph that must be acyclic has a cycle: the game may never
    /// end, so it has no Sprague-Grundy values (a loopy solve, where the
    /// question allows one, answers instead).
    #[error("the game has a cycle, so it is not a finite game: {}", describe_cycle(.positions, *.length))]
    Cycle {
        /// The cycle's first positions, at most [`CYCLE_POSITIONS_SHOWN`],
        /// then the one it returns to, each as its family writes it.
        positions: Vec<String>,
        /// The number of moves around the cycle.
        length: usize,
    },

    /// The position is too large for this family: it has no closed form and
    /// searching it would not finish. The message names the bound.
    #[error("limit reached: {0}")]
    TooLarge(String),

    /// A computation stopped because it reached one of its limits (the
    /// memory budget of [`memory`](crate::memory), a count of positions or
    /// options); the message names the limit and, where it can be raised,
    /// how.
    #[error("limit reached: {0}")]
    Limit(String),

    /// The question is well formed but has no answer in the engine yet (a
    /// strongly solved board inside a sum); the message says what is
    /// missing.
    #[error("not supported: {0}")]
    Unsupported(String),

    /// A parameter given in code, not written in an expression, is out of
    /// range (a board of no cells): bad input with no column to point at.
    /// [`Word::locate`](crate::word::Word::locate) turns it into a
    /// [`Error::Parse`] at the word that wrote the parameter.
    #[error("{0}")]
    Parameter(String),
}

/// Whose an error is, which decides the command line's exit status (and the
/// `kind` of its JSON errors). Finer distinctions (a file, a script, a
/// cycle) are the variants of [`enum@Error`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input is wrong: exit status 2.
    BadInput,
    /// A well-formed question beyond one of the limits: exit status 1.
    Limit,
    /// A well-formed question the engine cannot answer yet: exit status 1.
    Unsupported,
}

impl ErrorKind {
    /// The kind as JSON names it: `bad_input`, `limit`, `unsupported`.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::BadInput => "bad_input",
            ErrorKind::Limit => "limit",
            ErrorKind::Unsupported => "unsupported",
        }
    }

    /// The exit status of the command line: 2 for bad input, else 1.
    pub fn exit_status(self) -> u8 {
        match self {
            ErrorKind::BadInput => 2,
            ErrorKind::Limit | ErrorKind::Unsupported => 1,
        }
    }
}

/// What an error is about, finer than its [`ErrorKind`]: the variant of
/// [`enum@Error`] it is, one cause a variant, and a front end's own
/// arguments. JSON errors write it as `cause`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ErrorCause {
    /// [`Error::Parse`]: the text of an expression or a parameter (bad
    /// input).
    Parse,
    /// [`Error::File`]: a file named in an expression (bad input).
    File,
    /// [`Error::Script`]: a script named in an expression (bad input).
    Script,
    /// [`Error::Cycle`]: a cycle in a game that must end (bad input).
    Cycle,
    /// [`Error::Parameter`]: a parameter given in code, out of range (bad
    /// input).
    Parameter,
    /// A front end's own arguments, which it could not read (`--moves x`,
    /// a query string): bad input, and no variant of [`enum@Error`].
    Usage,
    /// [`Error::TooLarge`]: a position too large for its family (a limit).
    TooLarge,
    /// [`Error::Limit`]: a computation reached one of its limits.
    Limit,
    /// [`Error::Unsupported`]: a question not answered yet.
    Unsupported,
}

impl ErrorCause {
    /// Every cause, in the order of the enum.
    pub const ALL: [ErrorCause; 9] = [
        ErrorCause::Parse,
        ErrorCause::File,
        ErrorCause::Script,
        ErrorCause::Cycle,
        ErrorCause::Parameter,
        ErrorCause::Usage,
        ErrorCause::TooLarge,
        ErrorCause::Limit,
        ErrorCause::Unsupported,
    ];

    /// The cause as JSON names it: `parse`, `file`, `script`, `cycle`,
    /// `parameter`, `usage`, `too_large`, `limit`, `unsupported`.
    pub fn name(self) -> &'static str {
        match self {
            ErrorCause::Parse => "parse",
            ErrorCause::File => "file",
            ErrorCause::Script => "script",
            ErrorCause::Cycle => "cycle",
            ErrorCause::Parameter => "parameter",
            ErrorCause::Usage => "usage",
            ErrorCause::TooLarge => "too_large",
            ErrorCause::Limit => "limit",
            ErrorCause::Unsupported => "unsupported",
        }
    }
}

impl Error {
    /// Which variant the error is, as JSON errors write it.
    pub fn cause(&self) -> ErrorCause {
        match self {
            Error::Parse { .. } => ErrorCause::Parse,
            Error::File { .. } => ErrorCause::File,
            Error::Script { .. } => ErrorCause::Script,
            Error::Cycle { .. } => ErrorCause::Cycle,
            Error::Parameter(_) => ErrorCause::Parameter,
            Error::TooLarge(_) => ErrorCause::TooLarge,
            Error::Limit(_) => ErrorCause::Limit,
            Error::Unsupported(_) => ErrorCause::Unsupported,
        }
    }

    /// Whose the error is: this one place decides every exit status.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Parse { .. }
            | Error::File { .. }
            | Error::Script { .. }
            | Error::Cycle { .. }
            | Error::Parameter(_) => ErrorKind::BadInput,
            Error::TooLarge(_) | Error::Limit(_) => ErrorKind::Limit,
            Error::Unsupported(_) => ErrorKind::Unsupported,
        }
    }

    /// The column of the expression the error points at, if any.
    pub fn column(&self) -> Option<usize> {
        match self {
            Error::Parse { column, .. } => Some(*column),
            _ => None,
        }
    }
}

/// How many positions of a cycle an error names: a cycle through 200,000
/// positions is told by its length, its first few and the one it returns to.
pub const CYCLE_POSITIONS_SHOWN: usize = 8;

fn describe_cycle(positions: &[String], length: usize) -> String {
    match positions {
        [first @ .., last] if first.len() < length => {
            format!(
                "{} -> ... -> {last} ({length} moves in all)",
                first.join(" -> ")
            )
        }
        _ => positions.join(" -> "),
    }
}

/// The result of everything in the engine that can fail: `E` is [`enum@Error`]
/// unless said otherwise.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    /// The name a front end passes on (Python's `.cause`) is the one the
    /// JSON writes.
    #[test]
    fn each_cause_is_named_as_json_writes_it() {
        for cause in ErrorCause::ALL {
            assert_eq!(serde_json::to_value(cause).unwrap(), cause.name());
        }
    }

    #[test]
    fn a_long_cycle_is_named_by_its_length_and_a_few_positions() {
        let positions: Vec<String> = (0..8).chain([0]).map(|v| v.to_string()).collect();
        let message = Error::Cycle {
            positions,
            length: 200_000,
        }
        .to_string();
        assert!(
            message.ends_with(
                "0 -> 1 -> 2 -> 3 -> 4 -> 5 -> 6 -> 7 -> ... -> 0 (200000 moves in all)"
            ),
            "{message}"
        );
        let short = Error::Cycle {
            positions: ["v1", "v2", "v1"].map(String::from).to_vec(),
            length: 2,
        };
        assert!(short.to_string().ends_with("v1 -> v2 -> v1"));
    }
}
