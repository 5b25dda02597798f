//! Partizan scripts (`fn left`, `fn right`, no `fn result`) as short games
//! with values: each position written alone is valued by
//! [`crate::partizan::Valuer`], split into its parts by `fn parts`. Every
//! option must be one position; a script's error, which option lists
//! cannot return, is kept and handed to the search as the game's failure.

use std::sync::Arc;

use super::strong::single;
use super::{FirstError, Position, Rules};
use crate::error::{Error, Result};
use crate::partizan::{Part, ShortGame};
use crate::short::ShortRules;
use crate::word::Word;

pub struct ShortScript {
    rules: Arc<Rules>,
    failure: FirstError,
}

impl ShortScript {
    pub(super) fn new(rules: Arc<Rules>) -> ShortScript {
        ShortScript {
            rules,
            failure: FirstError::default(),
        }
    }

    fn options(&self, function: &str, position: &Position) -> Vec<Position> {
        let rules = &*self.rules;
        self.failure.or_default(|| {
            rules.options(function, position, |option, call| {
                single(rules, option, call)
            })
        })
    }
}

impl ShortGame for ShortScript {
    type Position = Position;

    fn left_options(&self, position: &Position) -> Vec<Position> {
        self.options("left", position)
    }

    fn right_options(&self, position: &Position) -> Vec<Position> {
        self.options("right", position)
    }

    fn parts(&self, position: &Position) -> Vec<Part<Position>> {
        let parts = match self.rules.defines("parts") {
            true => self
                .failure
                .or_default(|| self.rules.parts(position.clone())),
            false => vec![position.clone()],
        };
        parts
            .into_iter()
            .map(|key| Part {
                key,
                negated: false,
            })
            .collect()
    }

    fn heap_bytes(&self, position: &Position) -> usize {
        position.heap_bytes() as usize
    }

    fn may_repeat(&self) -> bool {
        true
    }

    /// The error, leaving none: the next question starts afresh (the
    /// search remembers nothing it valued after the error).
    fn failure(&self) -> Option<Error> {
        self.failure.take()
    }
}

impl ShortRules for ShortScript {
    fn name(&self) -> String {
        self.rules.name()
    }

    fn parse_position(&self, word: &Word) -> Result<Position> {
        if let Some(at) = word.text.find('@') {
            return Err(Error::Parse {
                column: word.column + word.text[..at].chars().count(),
                message: format!(
                    "{} with a player to move is solved strongly, alone; in a sum of values \
                     write the position without @",
                    word.text
                ),
            });
        }
        self.rules.parse(word)
    }

    fn show(&self, position: &Position) -> String {
        self.rules.format(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::partizan::toads_frogs;
    use crate::catalogue::script::engine::Script;
    use crate::partizan::{Games, Valuer};

    const TOADS_FROGS: &str = include_str!("../../../../../examples/toads_frogs.rhai");

    fn script(text: &str) -> ShortScript {
        let script = Script::compile("test.rhai", text).unwrap();
        ShortScript::new(Arc::new(Rules::new(script).unwrap()))
    }

    fn word(text: &str) -> Word {
        Word::new(text)
    }

    /// The value of `position` under `rules`, as text.
    fn value<G: ShortRules>(rules: G, position: &str) -> Result<String> {
        let mut games = Games::new();
        let p = rules.parse_position(&word(position))?;
        let g = Valuer::new(rules).value(&mut games, &p, &mut |_| true)?;
        games.write(g)
    }

    /// The example script and the built-in family are written apart; every
    /// row of up to 6 cells has the same value in both.
    #[test]
    fn the_example_script_has_the_values_of_toads_frogs() {
        for len in 1..=6u32 {
            for code in 0..3u32.pow(len) {
                let row: String = (0..len)
                    .map(|i| ['.', 'T', 'F'][(code / 3u32.pow(i) % 3) as usize])
                    .collect();
                let by_script = value(script(TOADS_FROGS), &row).unwrap();
                let built_in = value(toads_frogs::TOADS_FROGS, &row).unwrap();
                assert_eq!(by_script, built_in, "{row}");
            }
        }
    }

    /// Rows joined by `|` never interact: valued by their parts or whole,
    /// the value is the same.
    #[test]
    fn parts_give_the_value_of_the_whole() {
        let with_parts = format!("{TOADS_FROGS}\nfn parts(row) {{ row.split('|') }}");
        for row in ["T.F|T..F", "TT..FF|.T.|F.", "T.TFF|TT.FF|T..F.F"] {
            assert_eq!(
                value(script(&with_parts), row).unwrap(),
                value(script(TOADS_FROGS), row).unwrap(),
                "{row}"
            );
        }
    }

    #[test]
    fn a_position_that_comes_back_has_no_value() {
        let error = value(script("fn left(p) { [p] } fn right(p) { [] }"), "1").unwrap_err();
        assert!(error.to_string().contains("comes back"), "{error}");
        let error = value(script("fn left(p) { [1 - p] } fn right(p) { [] }"), "0").unwrap_err();
        assert!(error.to_string().contains("comes back"), "{error}");
    }

    #[test]
    fn a_script_error_stops_the_search_and_is_reported() {
        let rules = "fn left(p) { if p == 2 { throw \"no\" } if p > 0 { [p - 1] } else { [] } } \
                     fn right(p) { [] }";
        let error = value(script(rules), "5").unwrap_err();
        assert!(error.to_string().contains("left(2)"), "{error}");
        // A counting game: Left's n moves one by one are the integer n.
        let count = "fn left(p) { if p > 0 { [p - 1] } else { [] } } fn right(p) { [] }";
        assert_eq!(value(script(count), "5").unwrap(), "5");
        assert!(value(script(count), "5@Left").is_err());
    }
}
