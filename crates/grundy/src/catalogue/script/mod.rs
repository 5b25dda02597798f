//! Games whose rules a user writes in a script: `script(FILE)`, where FILE
//! is a [Rhai](https://rhai.rs) script. The script only lists moves (and,
//! where the rules end a game before a player is stuck, how it ends);
//! grundy remembers the positions it has seen and solves them itself.
//!
//! The functions a script defines say which game it is:
//!
//! - `fn moves(p)`: an impartial game, solved by nimbers (memoised search,
//!   the XOR rule for sums, winning moves), so a script game mixes in sums
//!   with every built-in family. `grundy solve` plays it out from
//!   `fn start()` as well: win, lose or draw for the player to move, with
//!   remoteness, where every option must be one position (no `sum`).
//! - `fn moves(p)` and `fn result(p)`: an impartial game that the rules may
//!   end in a win, a loss or a tie, solved strongly like `mnk`: `analyze`
//!   and `solve` answer W, L, T or D with remoteness and best moves, moves
//!   that make a cycle are draws, and a position is no part of a sum.
//! - `fn left(p)` and `fn right(p)`: a partizan game, each player with moves
//!   of their own. A position written with who moves, `P@Left` or
//!   `P@Right`, is solved strongly over (position, player to move) pairs
//!   (`retrograde::Turns`), and `solve` starts with Left to move. Without
//!   `fn result`, a position written alone is a short game with a value
//!   (canonical form, `crate::partizan`), a part of a sum of values; a
//!   position that comes back makes it no short game (exit status 1).
//!
//! What a script says (`examples/README.md` has the same with examples):
//!
//! - `fn moves(p)` returns an array of the options of position `p`. An
//!   option is a position, or a sum of positions written `sum([a, b, ...])`
//!   (a move that splits a heap in two is `sum([a, n - a])`), never of none.
//!   No options: the player to move has lost.
//! - `emit(option)` in `moves`, `left` or `right` gives one option without
//!   an array (arrays stop at 4,096 items): options emitted come first,
//!   then those of the array returned, if any ([`engine`] has the limits).
//! - `fn nimber(p)` (optional, `moves` scripts without `result`) states a
//!   closed form for the Grundy value, checked against search before its
//!   first answer on the positions of `fn checks()` (or heaps 0 to 100)
//!   and their followers ([`closed`]); `fn outcome(p)` ("P" or "N")
//!   instead states who wins a position alone.
//! - `fn wins_at_once(p)` (optional, `moves` scripts without `result` or a
//!   closed form): `true` where the player to move wins at once, ending
//!   the whole sum; the options are then the safe moves ([`at_once`]).
//! - `fn goal(p)` (optional, with `moves` alone) makes the script a
//!   solitaire: one player makes every move and has won where `goal` is
//!   true; a position is answered Win (with a shortest path), Draw or Lose,
//!   alone ([`solitaire`], `crate::solitaire`).
//! - `fn left(p)` and `fn right(p)` (instead of `moves`, and never one
//!   without the other) return the arrays of Left's and of Right's options,
//!   each one position. Who cannot move loses.
//! - `fn result(p)` (optional) returns `()` while play goes on, and where
//!   the rules end the game: `"win"`, `"lose"` or `"tie"` for the player to
//!   move, in a `moves` script; `"Left"` or `"Right"` (the winner) or
//!   `"tie"` in a partizan one. The moves of a finished position are not
//!   asked for.
//! - `fn start()` (optional, no parameter) returns the position
//!   `grundy solve` starts from.
//! - A position is an integer, an array of integers (a tuple, such as the
//!   two piles `[3, 5]`) or a string.
//! - `fn parts(p)` (optional, scripts without `result`) returns an
//!   array of positions whose sum `p` is: the independent parts of a
//!   position, such as the rows of a board that never interact. Every
//!   position that `moves` (or, for values, `left` and `right`) returns is
//!   split into its parts, so that each part is solved once, however it is
//!   combined. A position with no parts (`[]`) stays whole. `solve` and
//!   positions with a player to move keep positions whole.
//! - `fn parse(text)` and `fn show(p)` (optional) read a position from one
//!   word of an expression and write it back; `show(parse(text))` must read
//!   back as the same position. By default an integer is written `7`, a
//!   tuple `3,5` (a tuple of one `7,`) and a string as itself.
//! - Constants at the top level (`const K = 2;`) are seen by every function.
//!   Functions cannot change them: an answer depends on the position alone.
//!   `script(FILE, m=3)` adds the integer constant `m` (a script that
//!   declares `m` itself is refused); the parameters are part of the
//!   ruleset's name and of its digest.
//! - `print` and `debug` write to the standard error.
//!
//! In an expression each word after `script(FILE)` is one position (one
//! component): `script(examples/wythoff.rhai) 3,5 + nim 2`; a script solved
//! strongly takes one position alone. In
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
//! Sandbox: a script reads no file, loads no module and cannot sleep
//! (Rhai's `sleep` blocks where no limit reaches); each call of one of
//! its functions is limited in operations, call depth and the size of its
//! values ([`engine`] lists the limits). Hitting a limit is
//! [`Error::Limit`]; a script that is wrong (a syntax error, an error while
//! running, a value that is not an option) is bad input. Either way the
//! error names the file, the line and column where there is one, and the
//! position being expanded.

mod at_once;
mod closed;
mod engine;
mod position;
mod short;
mod solitaire;
mod strong;

use std::sync::{Arc, Mutex};

use num_bigint::BigUint;
use rhai::{Array, Dynamic};

use at_once::WinsAtOnce;
use closed::ClosedForm;
pub use position::Position;
use short::ShortScript;
use solitaire::SolitaireScript;
use strong::{PartizanScript, StrongScript};

use super::{Family, FamilyText};
use crate::component::{
    ruleset_ref, ruleset_ref_played_out, solitaire_ruleset_ref, strong_and_short_ruleset_ref,
    strong_ruleset_ref, RulesetRef,
};
use crate::error::{Error, Result};
use crate::game::{Arity, Game, HeapGame, Listed, Ruleset};
use crate::retrograde::{Player, Turns};
use crate::value::Outcome;
use crate::word::{quote_if_needed, Word};
use position::Sum;

pub const FAMILY: Family = Family {
    name: "script",
    usage: "script(FILE[, NAME=INTEGER...]) POSITION...",
    summary: "rules written in a Rhai script FILE: fn moves(p) lists the options, or \
              fn left(p) and fn right(p) each player's; NAME=INTEGER parameters are \
              constants of the script (see examples/README.md)",
    example: "script(examples/subtraction.rhai) 10 + nim 3",
    build,
};

fn build(written: &FamilyText) -> Result<RulesetRef> {
    let Some((path, rest)) = written.parameters.split_first() else {
        return Err(Error::Parse {
            column: written.family.column,
            message: format!("script takes the script's file first: {}", FAMILY.usage),
        });
    };
    let mut parameters: Vec<(String, rhai::INT)> = Vec::new();
    for word in rest {
        let parameter = script_parameter(word)?;
        if parameters.iter().any(|(name, _)| *name == parameter.0) {
            return Err(word.error(format!("the parameter {} is given twice", parameter.0)));
        }
        parameters.push(parameter);
    }
    ruleset(engine::Script::load(&path.text, &parameters)?)
}

/// A parameter of a script, `NAME=INTEGER`: NAME a Rhai identifier.
fn script_parameter(word: &Word) -> Result<(String, rhai::INT)> {
    let bad = || {
        word.error(
            "a script parameter is NAME=INTEGER, such as m=3 (NAME a letter or _, then \
             letters, digits or _)"
                .to_string(),
        )
    };
    let (name, value) = word.text.split_once('=').ok_or_else(bad)?;
    let (name, value) = (name.trim(), value.trim());
    let identifier = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !identifier {
        return Err(bad());
    }
    let value = value.parse::<rhai::INT>().map_err(|_| bad())?;
    Ok((name.to_string(), value))
}

/// The ruleset a script describes, by the functions it defines.
fn ruleset(script: engine::Script) -> Result<RulesetRef> {
    let rules = Arc::new(Rules::new(script)?);
    Ok(if rules.defines("left") && !rules.ends {
        // Positions with a player to move (`P@Left`) are solved strongly;
        // positions alone have values, and add up.
        let strong = Turns::new(PartizanScript::new(rules.clone()), Player::Left);
        strong_and_short_ruleset_ref(strong, ShortScript::new(rules))
    } else if rules.defines("left") {
        let game = PartizanScript::new(rules);
        strong_ruleset_ref(Turns::new(game, Player::Left))
    } else if rules.ends {
        strong_ruleset_ref(StrongScript::new(rules))
    } else if rules.defines("goal") {
        solitaire_ruleset_ref(SolitaireScript::new(rules))
    } else if rules.defines("wins_at_once") {
        // Played out move by move, a win at once would be one more ending
        // than `solve` knows: its positions are answered in sums alone.
        ruleset_ref(ScriptGame::with_rules(rules))
    } else {
        // Its positions are components of sums; `grundy solve` plays it
        // out from its start as well.
        ruleset_ref_played_out(
            ScriptGame::with_rules(rules.clone()),
            StrongScript::new(rules),
        )
    })
}

/// The functions grundy calls with one parameter.
const FUNCTIONS: [&str; 11] = [
    "moves",
    "left",
    "right",
    "result",
    "parts",
    "parse",
    "show",
    "nimber",
    "outcome",
    "wins_at_once",
    "goal",
];

/// The functions grundy calls with none.
const WITHOUT_PARAMETERS: [(&str, &str); 2] = [
    ("start", "it returns the position play starts from"),
    ("checks", "it lists the positions fn nimber is checked on"),
];

/// What every kind of script game shares: the script, and how positions
/// are read from it, checked, and written in expressions.
struct Rules {
    script: engine::Script,
    /// Whether the script reads and writes positions itself (`parse` and
    /// `show`), rather than by the default spelling.
    spells: bool,
    /// Whether the rules end some games (`result`).
    ends: bool,
}

impl Rules {
    /// Checks that the script defines a game: one way to list moves, and
    /// functions with the parameters grundy passes.
    fn new(script: engine::Script) -> Result<Rules> {
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
        for (name, what) in WITHOUT_PARAMETERS {
            if let Some(n @ 1..) = script.function(name) {
                return Err(
                    script.value_error(format!("fn {name} takes no parameter, not {n}: {what}"))
                );
            }
        }
        let defines = |name| script.function(name).is_some();
        let partizan = defines("left") || defines("right");
        if defines("left") != defines("right") {
            let (has, lacks) = match defines("left") {
                true => ("left", "right"),
                false => ("right", "left"),
            };
            return Err(script.value_error(format!(
                "the script defines fn {has}(p) but not fn {lacks}(p): a partizan script lists \
                 the options of each player, Left's with fn left(p) and Right's with fn right(p)"
            )));
        }
        if partizan && defines("moves") {
            return Err(script.value_error(
                "the script defines fn moves(p) and also fn left(p) and fn right(p): an \
                 impartial game lists its options with moves, a partizan one each player's \
                 with left and right, not both"
                    .into(),
            ));
        }
        if !partizan && !defines("moves") {
            return Err(script.value_error(
                "the script defines no fn moves(p), which lists the options of position p \
                 (or fn left(p) and fn right(p), each player's options, for a partizan game)"
                    .into(),
            ));
        }
        if defines("parts") && defines("result") {
            return Err(script.value_error(
                "fn parts splits positions into sums, but a script with fn result is solved \
                 strongly, one whole position at a time: leave parts out"
                    .into(),
            ));
        }
        let closed = defines("nimber") || defines("outcome");
        if (closed || defines("checks")) && (partizan || defines("result")) {
            return Err(script.value_error(
                "fn nimber and fn outcome state the Grundy values or the outcomes of an \
                 impartial game that lists its options with fn moves alone (no fn result, no \
                 fn left and fn right)"
                    .into(),
            ));
        }
        let others = [
            "left",
            "right",
            "result",
            "parts",
            "nimber",
            "outcome",
            "wins_at_once",
        ];
        if let Some(other) = others.iter().find(|name| defines("goal") && defines(name)) {
            return Err(script.value_error(format!(
                "fn goal makes the script a solitaire (one player makes every move, with fn \
                 moves, and wins where goal is true), which fn {other} has no place in"
            )));
        }
        if defines("wins_at_once") && (partizan || defines("result")) {
            return Err(script.value_error(
                "fn wins_at_once marks the positions of an impartial game (fn moves, no fn \
                 result, no fn left and fn right) from which the player to move wins at once"
                    .into(),
            ));
        }
        if defines("wins_at_once") && closed {
            return Err(script.value_error(
                "fn wins_at_once and a closed form (fn nimber or fn outcome) cannot be used \
                 together yet: leave the closed form out, and grundy searches the safe moves"
                    .into(),
            ));
        }
        if defines("nimber") && defines("outcome") {
            return Err(script.value_error(
                "define fn nimber or fn outcome, not both: the nimber says who wins (P where \
                 it is 0)"
                    .into(),
            ));
        }
        if defines("checks") && !closed {
            return Err(script.value_error(
                "fn checks lists the positions fn nimber or fn outcome is checked on, but \
                 the script defines neither"
                    .into(),
            ));
        }
        if defines("parse") != defines("show") {
            return Err(script.value_error(
                "define both fn parse(text) and fn show(p), or neither: what show writes in \
                 a winning move must read back"
                    .into(),
            ));
        }
        Ok(Rules {
            spells: defines("show"),
            ends: defines("result"),
            script,
        })
    }

    fn defines(&self, name: &str) -> bool {
        self.script.function(name).is_some()
    }

    /// The ruleset as an expression writes it.
    fn name(&self) -> String {
        let parameters: String = (self.script.parameters.iter())
            .map(|(name, value)| format!(", {name}={value}"))
            .collect();
        format!("script({}{parameters})", quote_if_needed(&self.script.path))
    }

    /// The digest of the script's text, which a solved table records.
    fn digest(&self) -> String {
        self.script.digest.clone()
    }

    /// Reads a position the script gave in answer to `call`.
    fn position(&self, value: Dynamic, call: &dyn Fn() -> String) -> Result<Position> {
        let position = Position::from_dynamic(value)
            .map_err(|m| self.script.value_error(format!("{}: {m}", call())))?;
        let problem = if self.spells {
            self.spelling_problem(&position)
        } else {
            position.default_spelling_problem()
        };
        match problem {
            Some(problem) => Err(self.script.value_error(format!("{}: {problem}", call()))),
            None => Ok(position),
        }
    }

    /// What keeps `show`'s spelling of `position` from standing in an
    /// expression: `show` fails or writes no text, writes what is not one
    /// word, or writes what `parse` does not read back as the position. A
    /// move is listed as what `show` writes, and must read back.
    fn spelling_problem(&self, position: &Position) -> Option<String> {
        let shown = match self
            .script
            .call("show", (position.to_dynamic(),), String::new)
        {
            Ok(value) => match value.into_immutable_string() {
                Ok(text) => text.to_string(),
                Err(found) => {
                    return Some(format!("show writes a position as a {found}, not text"))
                }
            },
            Err(e) => return Some(format!("show fails on {}: {e}", position.default_text())),
        };
        if let Some(problem) = position::word_problem(&shown) {
            return Some(format!("show writes a position as {problem}"));
        }
        let again = self
            .script
            .call("parse", (Dynamic::from(shown.clone()),), String::new);
        match again.map(Position::from_dynamic) {
            Ok(Ok(again)) if again == *position => None,
            _ => Some(format!(
                "show writes a position as {shown:?}, which parse does not read back as the \
                 same position"
            )),
        }
    }

    /// The options that `function` (`moves`, `left` or `right`) gives for
    /// `position`, emitted or returned, each read by `read`.
    fn options<T>(
        &self,
        function: &str,
        position: &Position,
        read: impl Fn(Dynamic, &dyn Fn() -> String) -> Result<T>,
    ) -> Result<Vec<T>> {
        let call = || format!("{function}({})", self.brief(position));
        self.options_of(function, (position.to_dynamic(),), call, read)
            .map_err(|e| self.integer_hint(function, position, e))
    }

    /// The items that `function` gives when called on `arguments`, emitted
    /// or returned; more than [`engine::MAX_EMITTED_OPTIONS`] are too many
    /// to list. `call` names the call in errors.
    fn options_of<T>(
        &self,
        function: &str,
        arguments: impl rhai::FuncArgs,
        call: impl Fn() -> String,
        read: impl Fn(Dynamic, &dyn Fn() -> String) -> Result<T>,
    ) -> Result<Vec<T>> {
        let most = engine::MAX_EMITTED_OPTIONS;
        let (items, complete) = self.first_of(function, arguments, &call, most, read)?;
        if !complete {
            return Err(Error::TooLarge(format!(
                "{} gives more than {most} options, too many to list",
                call()
            )));
        }
        Ok(items)
    }

    /// The first `most` options that `function` gives for `position` (the
    /// emitted ones, then those returned), and whether they are all.
    fn first_options<T>(
        &self,
        function: &str,
        position: &Position,
        most: usize,
        read: impl Fn(Dynamic, &dyn Fn() -> String) -> Result<T>,
    ) -> Result<(Vec<T>, bool)> {
        let call = || format!("{function}({})", self.brief(position));
        self.first_of(function, (position.to_dynamic(),), &call, most, read)
            .map_err(|e| self.integer_hint(function, position, e))
    }

    fn first_of<T>(
        &self,
        function: &str,
        arguments: impl rhai::FuncArgs,
        call: &dyn Fn() -> String,
        most: usize,
        read: impl Fn(Dynamic, &dyn Fn() -> String) -> Result<T>,
    ) -> Result<(Vec<T>, bool)> {
        let called = self.script.call_options(function, arguments, call, most)?;
        let mut items = called.emitted;
        let mut complete = !called.truncated;
        // A script that emits may end without returning an array.
        let value = called.value;
        if complete && !(value.is_unit() && self.script.emits) {
            // Taken out of the value without a copy; the value is kept for
            // the message only where it is no array.
            let returned = match value.is_array() {
                true => value.into_array().expect("an array"),
                false => {
                    return Err(self.script.value_error(format!(
                        "{}: expected an array of {}{}, found {}",
                        call(),
                        match function {
                            "checks" => "positions",
                            _ => "options",
                        },
                        match self.script.emits {
                            true => " or ()",
                            false => "",
                        },
                        position::describe(&value)
                    )))
                }
            };
            complete = items.len() + returned.len() <= most;
            items.extend(returned.into_iter().take(most - items.len()));
        }
        let items = items.into_iter().map(|item| read(item, call));
        Ok((items.collect::<Result<_>>()?, complete))
    }

    /// What the script's `function` returns for `position` (see
    /// [`engine::Script::call`]; `call` names the call in errors).
    fn call_on(
        &self,
        function: &str,
        position: &Position,
        call: impl Fn() -> String,
    ) -> Result<Dynamic> {
        (self.script.call(function, (position.to_dynamic(),), call))
            .map_err(|e| self.integer_hint(function, position, e))
    }

    /// `error`, met calling `function` on `position`, with what may have
    /// caused it where the position is an integer and the function indexes
    /// its position: Rhai indexes an integer bit by bit (`5[0]` is 1),
    /// which a script written for tuples does not expect. Nothing is
    /// refused before the call: a script may index its position only where
    /// it is a tuple (`type_of(p) == "array"`) and take integers too.
    fn integer_hint(&self, function: &str, position: &Position, error: Error) -> Error {
        let (Position::Integer(n), Some(line)) =
            (position, self.script.indexes_its_parameter(function))
        else {
            return error;
        };
        let hint = format!(
            " (fn {function} indexes its position at line {line}, but {n} is an integer, whose \
             bits Rhai indexes: write the position as a tuple, such as {n},0, or a tuple of \
             one, {n},)"
        );
        match error {
            Error::Script {
                path,
                line,
                column,
                message,
            } => Error::Script {
                path,
                line,
                column,
                message: format!("{message}{hint}"),
            },
            Error::File { path, message } => Error::File {
                path,
                message: format!("{message}{hint}"),
            },
            other => other,
        }
    }

    /// The independent parts of a position by `fn parts`. A position with
    /// no parts stays whole: it is worth 0 either way, and an option must
    /// keep a position to be written in an expression.
    fn parts(&self, position: Position) -> Result<Vec<Position>> {
        let call = || format!("parts({})", self.brief(&position));
        let value = self.call_on("parts", &position, call)?;
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

    /// How `result` says the rules end the game at `position`: `None` while
    /// play goes on, else the ending named in `endings` (in any case).
    fn result<T: Copy>(&self, position: &Position, endings: &[(&str, T)]) -> Result<Option<T>> {
        let call = || format!("result({})", self.brief(position));
        let value = self.call_on("result", position, call)?;
        if value.is_unit() {
            return Ok(None);
        }
        if let Ok(text) = value.clone().into_immutable_string() {
            if let Some(&(_, ending)) = endings.iter().find(|(n, _)| text.eq_ignore_ascii_case(n)) {
                return Ok(Some(ending));
            }
        }
        let names: Vec<String> = endings.iter().map(|(n, _)| format!("{n:?}")).collect();
        let (last, first) = names.split_last().expect("endings");
        Err(self.script.value_error(format!(
            "{}: expected () while play goes on, or {} or {last} where the rules end the game; \
             found {}",
            call(),
            first.join(", "),
            position::describe(&value)
        )))
    }

    /// The position `fn start()` returns.
    fn start(&self) -> Result<Position> {
        if !self.defines("start") {
            return Err(self.script.value_error(
                "the script defines no fn start(), which returns the position play starts \
                 from: solving from the start needs it (analyze takes any position)"
                    .into(),
            ));
        }
        let call = || "start()".to_string();
        let value = self.script.call("start", (), call)?;
        self.position(value, &call)
    }

    /// The position as an expression writes it.
    fn format(&self, position: &Position) -> String {
        if self.spells {
            let call = String::new;
            let shown = self.script.call("show", (position.to_dynamic(),), call);
            // Every position the script gave was checked to be spelled by
            // `show` (`Rules::position`); the default spelling stands in
            // only in messages about a position `show` fails on.
            if let Ok(Some(text)) = shown.map(|v| v.into_immutable_string().ok()) {
                return text.to_string();
            }
        }
        position.default_text()
    }

    /// The position as a message names it: as an expression writes it, cut
    /// short past 60 characters (a script whose positions grow without end
    /// would otherwise fill the screen).
    fn brief(&self, position: &Position) -> String {
        let text = self.format(position);
        let count = text.chars().count();
        if count <= 60 {
            return text;
        }
        let start: String = text.chars().take(40).collect();
        format!("{start}... ({count} characters)")
    }

    /// Reads one word by the script's `parse`, or else by the default
    /// spelling; a position the script writes with `show` must read back.
    fn parse(&self, word: &Word) -> Result<Position> {
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
            .call("parse", (Dynamic::from(word.text.clone()),), call)
            .map_err(in_word)?;
        // `position` checks that what `show` writes reads back.
        self.position(value, &call).map_err(in_word)
    }
}

/// The first error of calls whose caller cannot take one (the nim-sequence
/// engine's visits of options, the retrograde solver's moves): later calls
/// are skipped, and the caller asks for the error when it is done.
#[derive(Default)]
struct FirstError(Mutex<Option<Error>>);

impl FirstError {
    /// What `f` returns, or the default once `f` or an earlier call failed.
    fn or_default<T: Default>(&self, f: impl FnOnce() -> Result<T>) -> T {
        if self.get().is_some() {
            return T::default();
        }
        f().unwrap_or_else(|error| {
            self.lock().get_or_insert(error);
            T::default()
        })
    }

    fn get(&self) -> Option<Error> {
        self.lock().clone()
    }

    /// The error, leaving none: the next solve starts afresh.
    fn take(&self) -> Option<Error> {
        self.lock().take()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Error>> {
        self.0.lock().expect("failure lock")
    }
}

/// An impartial script game (`fn moves`), played by nimbers and in sums.
pub struct ScriptGame {
    rules: Arc<Rules>,
    has_parts: bool,
    /// `fn nimber`, where the script states a closed form.
    closed: Option<ClosedForm>,
    /// `fn wins_at_once`, where some positions win at once: options are
    /// then the safe moves alone.
    at_once: Option<WinsAtOnce>,
    /// The first error met while `grundy sequence` visited options, which
    /// cannot fail (see [`HeapGame::failure`]).
    heap_failure: FirstError,
}

impl ScriptGame {
    /// Loads the script at `path` (as an expression names it).
    pub fn load(path: &str) -> Result<ScriptGame> {
        ScriptGame::new(engine::Script::load(path, &[])?)
    }

    /// A script game from the text of a script; `path` names it.
    pub fn from_text(path: &str, text: &str) -> Result<ScriptGame> {
        ScriptGame::new(engine::Script::compile(path, text)?)
    }

    /// The game of a script that lists its options with `moves` and ends
    /// only when the player to move has none; others are solved strongly.
    fn new(script: engine::Script) -> Result<ScriptGame> {
        let rules = Rules::new(script)?;
        if !rules.defines("moves") || rules.ends {
            return Err(rules.script.value_error(
                "a script with fn result or fn left and fn right has no nimbers: it is solved \
                 strongly, as script(FILE) in an expression does"
                    .into(),
            ));
        }
        Ok(ScriptGame::with_rules(Arc::new(rules)))
    }

    fn with_rules(rules: Arc<Rules>) -> ScriptGame {
        ScriptGame {
            has_parts: rules.defines("parts"),
            closed: ClosedForm::of(&rules),
            at_once: WinsAtOnce::of(&rules),
            heap_failure: FirstError::default(),
            rules,
        }
    }

    fn parts(&self, position: Position) -> Result<Vec<Position>> {
        match self.has_parts {
            true => self.rules.parts(position),
            false => Ok(vec![position]),
        }
    }

    /// One option as `moves` wrote it: a position or a sum of positions.
    fn option(&self, value: Dynamic, call: &dyn Fn() -> String) -> Result<Vec<Position>> {
        // A position is read as it is, without the copy `try_cast` makes
        // of a value of another type.
        if !value.is::<Sum>() {
            let position = self.rules.position(value, call)?;
            return self.parts(position);
        }
        let Sum(parts) = value.try_cast::<Sum>().expect("a sum");
        if parts.is_empty() {
            return Err(self.rules.script.value_error(format!(
                "{}: sum([]) leaves nothing to write; a move that ends the game leads to a \
                 position with no moves, such as 0",
                call()
            )));
        }
        let mut option = Vec::new();
        for part in parts {
            let position = self.rules.position(part, call)?;
            option.extend(self.parts(position)?);
        }
        Ok(option)
    }
}

impl Game for ScriptGame {
    type Position = Position;

    /// Every option; where some positions win at once, the safe ones.
    fn options(&self, position: &Position) -> Result<Vec<Vec<Position>>> {
        let options = self
            .rules
            .options("moves", position, |option, call| self.option(option, call))?;
        match &self.at_once {
            Some(at_once) => at_once.safe(options),
            None => Ok(options),
        }
    }

    fn format_position(&self, position: &Position) -> String {
        self.rules.format(position)
    }

    fn heap_bytes(&self, position: &Position) -> u64 {
        position.heap_bytes()
    }
}

impl Ruleset for ScriptGame {
    fn name(&self) -> String {
        self.rules.name()
    }

    fn digest(&self) -> Option<String> {
        Some(self.rules.digest())
    }

    fn noun(&self) -> &'static str {
        "position"
    }

    fn arity(&self) -> Arity {
        Arity::Each(1)
    }

    fn parse_position(&self, words: &[Word]) -> Result<Position> {
        self.rules.parse(&words[0])
    }

    /// A script's positions can be pairs when the tuple [a, b], written as
    /// the script writes positions (`a,b` by default), reads back as itself.
    fn pair_text(&self, a: u64, b: u64) -> Option<String> {
        let pair = Position::Tuple([a.try_into().ok()?, b.try_into().ok()?].into());
        let text = self.format_position(&pair);
        let word = Word::new(text);
        (self.parse_position(std::slice::from_ref(&word)).ok()? == pair).then_some(word.text)
    }

    /// A script whose positions may win at once has no nim-sequence: such
    /// a heap has no nimber.
    fn heap_game(&self) -> Option<&dyn HeapGame> {
        self.at_once.is_none().then_some(self as &dyn HeapGame)
    }

    fn wins_at_once(&self, position: &Position) -> Result<bool> {
        match &self.at_once {
            Some(at_once) => at_once.wins(position),
            None => Ok(false),
        }
    }

    fn has_wins_at_once(&self) -> bool {
        self.at_once.is_some()
    }

    /// `fn nimber`, checked against search before its first answer.
    fn formula_nimber(&self, position: &Position) -> Result<Option<BigUint>> {
        let closed = self.closed.as_ref().filter(|c| c.states_nimbers);
        closed.map(|c| c.nimber(position)).transpose()
    }

    /// `fn outcome`, checked against search before its first answer.
    fn formula_outcome(&self, position: &Position) -> Result<Option<Outcome>> {
        let closed = self.closed.as_ref().filter(|c| !c.states_nimbers);
        closed.map(|c| c.outcome(position)).transpose()
    }

    fn some_options_with_nimber(
        &self,
        position: &Position,
        target: &BigUint,
        most: usize,
    ) -> Result<Option<Listed<Vec<Position>>>> {
        let Some(closed) = self.closed.as_ref().filter(|c| c.states_nimbers) else {
            return Ok(None);
        };
        closed
            .some_options_with_nimber(self, position, target, most)
            .map(Some)
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
                other => Err(self.rules.script.value_error(format!(
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
        let options = self.heap_failure.or_default(|| self.heap_options(n));
        options.iter().for_each(|o| visit(o));
    }

    fn failure(&self) -> Option<Error> {
        self.heap_failure.get()
    }
}

#[cfg(test)]
mod tests;
