//! The errors of the engine. Every one says what the user must change, and
//! its [`ErrorKind`] says whose it is: the input's, or a limit's.
//!
//! ```
//! use grundy::error::{Error, ErrorKind};
//!
//! // A heap must be a number: the error points at column 5, where "x4"
//! // starts, and is the input's fault (exit status 2).
//! let error = grundy::parse_sum("nim x4").unwrap_err();
//! assert_eq!(error.kind(), ErrorKind::BadInput);
//! assert_eq!(error.column(), Some(5));
//! assert!(matches!(error, Error::Parse { .. }));
//! ```

use thiserror::Error;

/// An error met while reading an expression or answering a question about
/// it.
///
/// Its [`Display`](std::fmt::Display) is a message for the user that says
/// what to change, with the place where there is one ("column 5: ...",
/// "rules.rhai:3:7: ..."). Programs branch on [`Error::kind`] (whose fault:
/// the input's, a limit's, or a gap in the engine), which alone decides the
/// command line's exit status, and read the place from [`Error::column`] or
/// the variant's fields.
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

impl Error {
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
