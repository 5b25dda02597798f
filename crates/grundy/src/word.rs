//! A word of input and the column where it starts: what every layer that
//! reads text (a family's parameters and positions, the expression language)
//! points at in its errors. It sits at the bottom so that families can read
//! their own words without knowing the expression language.
//!
//! ```
//! use grundy::word::{quote_if_needed, Word};
//!
//! let heap = Word { text: "300".into(), column: 5 };
//! assert_eq!(heap.number::<u16>("a heap").unwrap(), 300);
//! // 300 does not fit a byte: the error points at the word's column.
//! assert_eq!(heap.number::<u8>("a heap").unwrap_err().column(), Some(5));
//! // A parameter with a space is written back in quotes.
//! assert_eq!(quote_if_needed("my rules.rhai"), "\"my rules.rhai\"");
//! assert_eq!(quote_if_needed("0.07"), "0.07");
//! ```

use std::str::FromStr;

use num_bigint::BigUint;

use crate::error::{Error, Result};

/// A piece of an expression and the 1-based column where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    /// The characters of the word, as written (quotes removed).
    pub text: String,
    /// The 1-based character column in the expression where the word starts.
    pub column: usize,
}

impl Word {
    /// A word at column 1: a whole argument on its own, or a word made by
    /// the program rather than read from an expression.
    pub fn new(text: impl Into<String>) -> Word {
        Word {
            text: text.into(),
            column: 1,
        }
    }

    /// An error about this word.
    pub fn error(&self, message: impl Into<String>) -> Error {
        Error::Parse {
            column: self.column,
            message: message.into(),
        }
    }

    /// An error met in this word's text, placed in the expression: the
    /// column of an [`Error::Parse`], counted from 1 within the word,
    /// becomes a column of the expression, and an [`Error::Parameter`]
    /// points at the word. Other errors are returned as they are.
    pub fn locate(&self, error: Error) -> Error {
        match error {
            Error::Parse { column, message } => Error::Parse {
                column: self.column + column - 1,
                message,
            },
            Error::Parameter(message) => self.error(message),
            other => other,
        }
    }

    /// The word as an integer of any size.
    pub fn big(&self, what: &str) -> Result<BigUint> {
        if self.text.is_empty() || !self.text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.error(format!(
                "expected {what} (a non-negative integer), found {:?}",
                self.text
            )));
        }
        // Decimal conversion takes time quadratic in the digits, both ways.
        if self.text.len() > MAX_DIGITS {
            return Err(Error::Limit(format!(
                "column {}: {what} of {} digits; at most {MAX_DIGITS} digits are read",
                self.column,
                self.text.len()
            )));
        }
        Ok(BigUint::from_str(&self.text).expect("digits parse"))
    }

    /// The word as a machine integer, for parameters and searched positions.
    pub fn number<T: TryFrom<BigUint>>(&self, what: &str) -> Result<T> {
        let value = self.big(what)?;
        T::try_from(value).map_err(|_| {
            self.error(format!(
                "{what} {} is too large (at most {} bits)",
                self.text,
                8 * std::mem::size_of::<T>()
            ))
        })
    }
}

/// The most digits a number of an expression may have: reading and writing
/// 10^5 digits takes hundredths of a second, 10^7 took two minutes.
pub const MAX_DIGITS: usize = 100_000;

/// A parameter as an expression writes it back: quoted when it would not read
/// back as one parameter.
pub fn quote_if_needed(text: &str) -> String {
    let plain = !text.is_empty()
        && !text
            .chars()
            .any(|c| c.is_whitespace() || matches!(c, ',' | '(' | ')' | '"' | '\\' | '+'));
    if plain {
        text.to_string()
    } else {
        format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_check_their_range() {
        let w = Word {
            text: "300".into(),
            column: 4,
        };
        assert_eq!(w.number::<u16>("heap").unwrap(), 300);
        assert!(w.number::<u8>("heap").is_err());
        let bad = Word {
            text: "-3".into(),
            column: 2,
        };
        assert!(matches!(
            bad.big("heap"),
            Err(Error::Parse { column: 2, .. })
        ));
    }

    #[test]
    fn errors_inside_a_word_point_into_the_expression() {
        // `octal(0.08)`: the code starts at column 7, its bad digit is the
        // code's fourth character.
        let code = Word {
            text: "0.08".into(),
            column: 7,
        };
        let inside = Error::Parse {
            column: 4,
            message: "'8' is not an octal digit".into(),
        };
        assert_eq!(code.locate(inside).column(), Some(10));
        let parameter = Error::Parameter("the board must have between 1 and 64 cells".into());
        assert_eq!(code.locate(parameter).column(), Some(7));
        let limit = Error::Limit("too many".into());
        assert_eq!(code.locate(limit.clone()), limit);
    }
}
