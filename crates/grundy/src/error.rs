//! The errors of the engine. Every one says what the user must change.

use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum Error {
    /// The text of an expression or a parameter is malformed. `column` is the
    /// 1-based character column in the expression where the problem starts.
    #[error("column {column}: {message}")]
    Parse { column: usize, message: String },

    /// A file named in an expression cannot be read or is malformed.
    #[error("{path}: {message}")]
    File { path: String, message: String },

    /// A game graph that must be acyclic has a cycle through these positions.
    #[error("the game has a cycle, so it is not a finite game: {}", .positions.join(" -> "))]
    Cycle { positions: Vec<String> },

    /// The position is too large for this family: it has no closed form and
    /// searching it would not finish.
    #[error("{0}")]
    TooLarge(String),

    /// A computation stopped because it reached one of its limits.
    #[error("limit reached: {0}")]
    Limit(String),

    /// The question has no answer in the engine yet (say what is missing).
    #[error("not supported: {0}")]
    Unsupported(String),
}

impl Error {
    /// Whether the error is the user's input, as opposed to a well-formed
    /// question the engine cannot answer: a limit reached, or a case it does
    /// not support yet. The command line maps bad input to exit status 2 and
    /// the others to 1.
    pub fn is_bad_input(&self) -> bool {
        !matches!(self, Error::Limit(_) | Error::Unsupported(_))
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
