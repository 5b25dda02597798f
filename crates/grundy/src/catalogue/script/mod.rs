//! Games whose rules a user writes in a script: `script(FILE)`, where FILE
//! is a [Rhai](https://rhai.rs) script. The script only lists moves; grundy
//! remembers the positions it has seen and solves them itself (memoised
//! search, the XOR rule for sums, winning moves), so a script game mixes in
//! sums with every built-in family.
//!
//! What a script says (`examples/README.md` has the same with examples):
//!
//! - `fn moves(p)` (required) returns an array of the options of position
//!   `p`. An option is a position, or a sum of positions written
//!   `sum([a, b, ...])` (a move that splits a heap in two is
//!   `sum([a, n - a])`), never of none. No options: the player to move has
//!   lost.
//! - A position is an integer, an array of integers (a tuple, such as the
//!   two piles `[3, 5]`) or a string.
//! - `fn parts(p)` (optional) returns an array of positions whose sum `p`
//!   is: the independent parts of a position, such as the rows of a board
//!   that never interact. Every position that `moves` returns is split into
//!   its parts, so that each part is solved once, however it is combined.
//!   A position with no parts (`[]`) stays whole.
//! - `fn parse(text)` and `fn show(p)` (optional) read a position from one
//!   word of an expression and write it back; `show(parse(text))` must read
//!   back as the same position. By default an integer is written `7`, a
//!   tuple `3,5` (a tuple of one `7,`) and a string as itself.
//! - Constants at the top level (`const K = 2;`) are seen by every function.
//!   Functions cannot change them: an answer depends on the position alone.
//! - `print` and `debug` write to the standard error.
//!
//! Names kept for what comes next: a script that defines `left`, `right` or
//! `result` is refused for now. Partizan scripts will list each player's
//! moves as `fn left(p)` and `fn right(p)` instead of `moves`, and say how a
//! finished position ends with `fn result(p)`; an impartial script keeps its
//! `moves`, so the scripts of today keep working unchanged.
//!
//! In an expression each word after `script(FILE)` is one position (one
//! component): `script(examples/wythoff.rhai) 3,5 + nim 2`. In
//! `grundy sequence` a script is a heap game: heap `n` is the integer `n`,
//! and every part of every option must be a smaller heap. In `grundy table`
//! position (a, b) is the tuple `[a, b]`, where the script reads it back.
//!
//! Moves may go round a cycle (`examples/cycle.rhai`): play can then go on
//! forever, and the positions reachable are answered by their generalized
//! Sprague-Grundy values (`∞(K)` where infinite, draws among the outcomes),
//! as `graph(FILE)` is, as long as every move on the way leads to one
//! position: a cycle that passes a split is not supported (exit status 1).
//!
//! Sandbox: a script reads no file and loads no module; each call of one of
//! its functions is limited in operations, call depth and the size of its
//! values ([`engine`] lists the limits). Hitting a limit is
//! [`Error::Limit`]; a script that is wrong (a syntax error, an error while
//! running, a value that is not an option) is bad input. Either way the
//! error names the file, the line and column where there is one, and the
//! position being expanded.

mod engine;
mod position;

use std::sync::Mutex;

use rhai::{Array, Dynamic};

pub use position::Position;

use super::{parameter_count, Family, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::game::{Arity, Game, HeapGame, Ruleset};
use crate::word::{quote_if_needed, Word};
use engine::Sum;

pub const FAMILY: Family = Family {
    name: "script",
    usage: "script(FILE) POSITION...",
    summary: "rules written in a Rhai script FILE: fn moves(p) lists the options \
              (see examples/README.md)",
    example: "script(examples/subtraction.rhai) 10 + nim 3",
    build,
};

fn build(written: &FamilyText) -> Result<RulesetRef> {
    parameter_count(written, 1, FAMILY.usage)?;
    Ok(ruleset_ref(ScriptGame::load(&written.parameters[0].text)?))
}

/// A game whose moves come from a script.
pub struct ScriptGame {
    script: engine::Script,
    has_parts: bool,
    /// Whether the script reads and writes positions itself (`parse` and
    /// `show`), rather than by the default spelling.
    spells: bool,
    /// The first error met while `grundy sequence` visited options, which
    /// cannot fail (see [`HeapGame::failure`]).
    heap_failure: Mutex<Option<Error>>,
}

/// The functions grundy calls, with one parameter each.
const FUNCTIONS: [&str; 4] = ["moves", "parts", "parse", "show"];
/// Names kept for partizan scripts.
const RESERVED: [&str; 3] = ["left", "right", "result"];

impl ScriptGame {
    /// Loads the script at `path` (as an expression names it).
    pub fn load(path: &str) -> Result<ScriptGame> {
        ScriptGame::new(engine::Script::load(path)?)
    }

    /// A script game from the text of a script; `path` names it.
    pub fn from_text(path: &str, text: &str) -> Result<ScriptGame> {
        ScriptGame::new(engine::Script::compile(path, text)?)
    }

    fn new(script: engine::Script) -> Result<ScriptGame> {
        for name in FUNCTIONS {
            match script.function(name) {
                Some(1) | None => {}
                Some(n) => {
                    return Err(script.value_error(format!(
                        "fn {name} takes one parameter, the {}, not {n}",
                        if name == "parse" { "text" } else { "position" }
                    )))
                }
            }
        }
        if script.function("moves").is_none() {
            return Err(script.value_error(
                "the script defines no fn moves(p), which lists the options of position p".into(),
            ));
        }
        if script.function("parse").is_some() != script.function("show").is_some() {
            return Err(script.value_error(
                "define both fn parse(text) and fn show(p), or neither: what show writes in \
                 a winning move must read back"
                    .into(),
            ));
        }
        if let Some(name) = RESERVED.iter().find(|n| script.function(n).is_some()) {
            return Err(Error::Unsupported(format!(
                "{}: fn {name} is kept for partizan scripts, which are not supported yet",
                script.path
            )));
        }
        Ok(ScriptGame {
            has_parts: script.function("parts").is_some(),
            spells: script.function("show").is_some(),
            heap_failure: Mutex::new(None),
            script,
        })
    }

    /// Reads a position the script gave in answer to `call`.
    fn position(&self, value: Dynamic, call: &dyn Fn() -> String) -> Result<Position> {
        let position = Position::from_dynamic(value)
            .map_err(|m| self.script.value_error(format!("{}: {m}", call())))?;
        if !self.spells {
            if let Some(problem) = position.default_spelling_problem() {
                return Err(self.script.value_error(format!("{}: {problem}", call())));
            }
        }
        Ok(position)
    }

    /// The independent parts of a position that `moves` gave. A position
    /// with no parts stays whole: it is worth 0 either way, and an option
    /// must keep a position to be written in an expression.
    fn parts(&self, position: Position) -> Result<Vec<Position>> {
        if !self.has_parts {
            return Ok(vec![position]);
        }
        let call = || format!("parts({})", self.format_position(&position));
        let value = self.script.call("parts", position.to_dynamic(), call)?;
        let Some(items) = value.clone().try_cast::<Array>() else {
            return Err(self.script.value_error(format!(
                "{}: expected an array of positions, found {}",
                call(),
                position::describe(&value)
            )));
        };
        if items.is_empty() {
            return Ok(vec![position]);
        }
        items
            .into_iter()
            .map(|item| self.position(item, &call))
            .collect()
    }

    /// One option as `moves` wrote it: a position or a sum of positions.
    fn option(&self, value: Dynamic, call: &dyn Fn() -> String) -> Result<Vec<Position>> {
        let parts = match value.clone().try_cast::<Sum>() {
            Some(Sum(parts)) if parts.is_empty() => {
                return Err(self.script.value_error(format!(
                    "{}: sum([]) leaves nothing to write; a move that ends the game leads to \
                     a position with no moves, such as 0",
                    call()
                )))
            }
            Some(Sum(parts)) => parts,
            None => vec![value],
        };
        let mut option = Vec::new();
        for part in parts {
            let position = self.position(part, call)?;
            option.extend(self.parts(position)?);
        }
        Ok(option)
    }
}

impl Game for ScriptGame {
    type Position = Position;

    fn options(&self, position: &Position) -> Result<Vec<Vec<Position>>> {
        let call = || format!("moves({})", self.format_position(position));
        let value = self.script.call("moves", position.to_dynamic(), call)?;
        let Some(options) = value.clone().try_cast::<Array>() else {
            return Err(self.script.value_error(format!(
                "{}: expected an array of options, found {}",
                call(),
                position::describe(&value)
            )));
        };
        options
            .into_iter()
            .map(|option| self.option(option, &call))
            .collect()
    }

    fn format_position(&self, position: &Position) -> String {
        if self.spells {
            let call = String::new;
            let shown = self.script.call("show", position.to_dynamic(), call);
            // A failing `show` must not hide the answer: the default
            // spelling stands in (and `parse` says so if it cannot read it).
            if let Ok(Some(text)) = shown.map(|v| v.into_immutable_string().ok()) {
                return text.to_string();
            }
        }
        position.default_text()
    }
}

impl Ruleset for ScriptGame {
    fn name(&self) -> String {
        format!("script({})", quote_if_needed(&self.script.path))
    }

    fn noun(&self) -> &'static str {
        "position"
    }

    fn arity(&self) -> Arity {
        Arity::Each(1)
    }

    /// Reads one word by the script's `parse`, or else by the default
    /// spelling; a position the script writes with `show` must read back.
    fn parse_position(&self, words: &[Word]) -> Result<Position> {
        let word = &words[0];
        if !self.spells {
            return Ok(Position::from_default_text(&word.text));
        }
        let in_word = |e: Error| match e {
            Error::Limit(_) => e,
            e => word.error(format!("the script cannot read {:?}: {e}", word.text)),
        };
        let call = || format!("parse({:?})", word.text);
        let value = self
            .script
            .call("parse", Dynamic::from(word.text.clone()), call)
            .map_err(in_word)?;
        let position = self.position(value, &call).map_err(in_word)?;
        let shown = self.format_position(&position);
        let again = self.script.call("parse", Dynamic::from(shown.clone()), || {
            format!("parse({shown:?})")
        });
        match again.map(Position::from_dynamic) {
            Ok(Ok(again)) if again == position => Ok(position),
            _ => Err(word.error(format!(
                "the script writes the position read from {:?} as {shown:?}, which its parse \
                 does not read back as the same position",
                word.text
            ))),
        }
    }

    /// A script's positions can be pairs when the tuple [a, b], written as
    /// the script writes positions (`a,b` by default), reads back as itself.
    fn pair_text(&self, a: u64, b: u64) -> Option<String> {
        let pair = Position::Tuple([a.try_into().ok()?, b.try_into().ok()?].into());
        let text = self.format_position(&pair);
        let word = Word { text, column: 1 };
        (self.parse_position(std::slice::from_ref(&word)).ok()? == pair).then_some(word.text)
    }

    fn heap_game(&self) -> Option<&dyn HeapGame> {
        Some(self)
    }
}

impl ScriptGame {
    /// The options of heap `n` as heaps, for the nim-sequence engine: every
    /// part must be a heap smaller than `n`.
    fn heap_options(&self, n: usize) -> Result<Vec<Vec<usize>>> {
        let heap = Position::Integer(n as rhai::INT);
        let mut options = Vec::new();
        for option in self.options(&heap)? {
            let parts = option.iter().map(|part| match part {
                Position::Integer(h) if (0..n as rhai::INT).contains(h) => Ok(*h as usize),
                other => Err(self.script.value_error(format!(
                    "moves({n}) leads to {}, but a nim-sequence needs every part of every \
                     option of heap {n} to be a smaller heap (an integer from 0 on)",
                    self.format_position(other)
                ))),
            });
            options.push(parts.collect::<Result<Vec<usize>>>()?);
        }
        Ok(options)
    }
}

impl HeapGame for ScriptGame {
    /// After an error, visits nothing: the sequence engine stops at the end
    /// of its chunk and reports the error (`failure`).
    fn visit_options(&self, n: usize, visit: &mut dyn FnMut(&[usize])) {
        let mut failure = self.heap_failure.lock().expect("failure lock");
        if failure.is_some() {
            return;
        }
        match self.heap_options(n) {
            Ok(options) => options.iter().for_each(|o| visit(o)),
            Err(error) => *failure = Some(error),
        }
    }

    fn failure(&self) -> Option<Error> {
        self.heap_failure.lock().expect("failure lock").clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> Result<ScriptGame> {
        ScriptGame::from_text("test.rhai", text)
    }

    #[test]
    fn functions_take_one_parameter() {
        let error = game("fn moves(a, b) { [] }").err().unwrap();
        assert!(error.to_string().contains("fn moves takes one parameter"));
        let error = game("fn moves(n) { [] } fn parts() { [] }").err().unwrap();
        assert!(error.to_string().contains("fn parts takes one parameter"));
    }

    #[test]
    fn values_that_are_not_options_or_parts_are_errors() {
        let cases = [
            (
                "fn moves(n) { 3 }",
                "expected an array of options, found i64 3",
            ),
            ("fn moves(n) { }", "found () (nothing"),
            ("fn moves(n) { [[]] }", "at least one"),
            ("fn moves(n) { [\"a b\"] }", "cannot be written as one word"),
            ("fn moves(n) { [\"12\"] }", "would read back as a number"),
            ("fn moves(n) { [sum([])] }", "sum([]) leaves nothing"),
            (
                "fn moves(n) { [n - 1] } fn parts(p) { 5 }",
                "parts(4): expected an array",
            ),
        ];
        for (text, expected) in cases {
            let error = game(text)
                .unwrap()
                .options(&Position::Integer(5))
                .unwrap_err();
            assert!(error.to_string().contains(expected), "{text}: {error}");
        }
    }

    #[test]
    fn constants_are_seen_by_functions_but_not_changed() {
        let g = game("const K = 3; fn moves(n) { if n >= K { [n - K] } else { [] } }").unwrap();
        assert_eq!(
            g.options(&Position::Integer(5)).unwrap(),
            [[Position::Integer(2)]]
        );
        let g = game("let k = 1; fn moves(n) { k += 1; [] }").unwrap();
        let error = g.options(&Position::Integer(5)).unwrap_err();
        assert!(matches!(error, Error::Script { line: 1, .. }), "{error}");
    }
}
