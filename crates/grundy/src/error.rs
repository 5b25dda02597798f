//! The errors of the engine. Every one says what the user must change, and
//! its [`ErrorKind`] says whose it is: the input's, or a limit's.

use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The text of an expression or a parameter is malformed. `column` is the
    /// 1-based character column in the expression where the problem starts.
    #[error("column {column}: {message}")]
    Parse { column: usize, message: String },

    /// A file named in an expression cannot be read or is malformed.
    #[error("{path}: {message}")]
    File { path: String, message: String },

    /// A script named in an expression is wrong at a place in it: a syntax
    /// error, or an error while one of its functions ran. `line` and
    /// `column` are 1-based.
    #[error("{path}:{line}:{column}: {message}")]
    Script {
        path: String,
        line: usize,
        column: usize,
        message: String,
    },

    /// A game graph that must be acyclic has a cycle. `positions` are the
    /// cycle's first positions (at most [`CYCLE_POSITIONS_SHOWN`]) and then
    /// the one it returns to; `length` is the number of moves around it.
    #[error("the game has a cycle, so it is not a finite game: {}", describe_cycle(.positions, *.length))]
    Cycle {
        positions: Vec<String>,
        length: usize,
    },

    /// The position is too large for this family: it has no closed form and
    /// searching it would not finish.
    #[error("limit reached: {0}")]
    TooLarge(String),

    /// A computation stopped because it reached one of its limits.
    #[error("limit reached: {0}")]
    Limit(String),

    /// The question has no answer in the engine yet (say what is missing).
    #[error("not supported: {0}")]
    Unsupported(String),

    /// A parameter given in code, not written in an expression, is out of
    /// range (a board of no cells): bad input with no column to point at.
    /// [`Word::locate`](crate::word::Word::locate) turns it into a
    /// [`Error::Parse`] at the word that wrote the parameter.
    #[error("{0}")]
    Parameter(String),
}

/// Whose an error is, which decides the command line's exit status.
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
