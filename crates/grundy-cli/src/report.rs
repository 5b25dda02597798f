//! What the subcommands share: the help on expressions, and how an error is
//! shown and turned into an exit status.

use std::process::ExitCode;

use grundy::{Error, FAMILIES};

/// The help text on the expression language, with every family of the
/// registry.
pub fn expression_help() -> String {
    let mut text = String::from(
        "Expressions:\n  A game is a sum of components, COMPONENT + COMPONENT + ...; a move is made in\n  \
         exactly one of them. A component is FAMILY[(PARAMETERS)] POSITION...; heap\n  \
         families take any number of heaps, each its own component. Parameters go in\n  \
         parentheses right after the family; quote a file path with spaces or commas.\n\n\
         Families:\n",
    );
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
    text
}

/// An error of a subcommand, with the expression it concerns if any.
pub struct Failure {
    pub error: Error,
    pub expression: Option<String>,
}

impl From<Error> for Failure {
    fn from(error: Error) -> Failure {
        Failure {
            error,
            expression: None,
        }
    }
}

impl Failure {
    /// Prints the error, pointing at the column of a parse error, and gives
    /// exit status 2 for bad input, 1 for a question the engine cannot answer
    /// (a limit reached, or a case not supported yet).
    pub fn report(&self) -> ExitCode {
        eprintln!("error: {}", self.error);
        if let (Error::Parse { column, .. }, Some(expression)) = (&self.error, &self.expression) {
            eprintln!("  {expression}");
            eprintln!("  {}^", " ".repeat(column.saturating_sub(1)));
        }
        ExitCode::from(self.error.kind().exit_status())
    }
}
