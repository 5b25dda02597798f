//! A script's positions as grundy keeps them, how they travel to and from
//! the script, and their default spelling in expressions.

use std::fmt;

use rhai::{Array, Dynamic, ImmutableString, INT};
use smallvec::SmallVec;

use crate::memory;

/// An option made of several positions, as a script writes it: `sum([a, b])`.
#[derive(Clone, Debug)]
pub struct Sum(pub Array);

/// A position of a script game: what `moves` receives and returns.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Position {
    Integer(INT),
    /// An array of integers, such as the two piles of a Wythoff position:
    /// up to two are held inline, where a search keeps millions of them.
    Tuple(Items),
    Text(ImmutableString),
}

/// The integers of a tuple.
pub type Items = SmallVec<[INT; 2]>;

impl Position {
    /// The bytes the position holds beyond its `size_of`, as the solvers
    /// count them (`Game::heap_bytes`): the items of a tuple of more than
    /// two; a text's shared allocation (counts of owners and the string's
    /// 24 bytes, where texts of up to 23 bytes are held) and, for a longer
    /// text, its bytes.
    pub fn heap_bytes(&self) -> u64 {
        match self {
            Position::Integer(_) => 0,
            Position::Tuple(items) if items.spilled() => {
                memory::allocation((items.capacity() * size_of::<INT>()) as u64)
            }
            Position::Tuple(_) => 0,
            Position::Text(text) => {
                let bytes = text.len() as u64;
                memory::allocation(40)
                    + if bytes > 23 {
                        memory::allocation(bytes)
                    } else {
                        0
                    }
            }
        }
    }

    /// The position as a value the script can read.
    pub fn to_dynamic(&self) -> Dynamic {
        match self {
            Position::Integer(n) => Dynamic::from_int(*n),
            Position::Tuple(items) => {
                Dynamic::from_array(items.iter().map(|&n| Dynamic::from_int(n)).collect())
            }
            Position::Text(text) => Dynamic::from(text.clone()),
        }
    }

    /// Reads a position the script gave; the error says what was found.
    pub fn from_dynamic(value: Dynamic) -> Result<Position, String> {
        if let Ok(n) = value.as_int() {
            return Ok(Position::Integer(n));
        }
        if value.is_string() {
            let text = value.into_immutable_string().expect("a string");
            // A copy of exactly its length: a string the script built by
            // appending has room for up to as much again, which a solve
            // would keep for every position (and not count).
            return Ok(Position::Text(ImmutableString::from(text.as_str())));
        }
        if value.is_array() {
            let items = value.into_array().expect("an array");
            return tuple(&items).ok_or_else(|| {
                format!(
                    "a position that is an array holds integers only, at least one; found {}",
                    describe_array(&items)
                )
            });
        }
        Err(format!(
            "expected a position (an integer, an array of integers or a string), found {}",
            describe(&value)
        ))
    }

    /// The default spelling: `7`, `3,5` (a tuple of one is `7,`), or the
    /// string itself.
    pub fn default_text(&self) -> String {
        self.to_string()
    }

    /// Reads the default spelling: an integer, integers separated by commas
    /// (a tuple), else the text itself.
    pub fn from_default_text(text: &str) -> Position {
        if let Ok(n) = text.parse::<INT>() {
            return Position::Integer(n);
        }
        let items = text.strip_suffix(',').unwrap_or(text);
        let numbers: Option<Items> = items.split(',').map(|s| s.parse().ok()).collect();
        match numbers {
            Some(numbers) if text.contains(',') => Position::Tuple(numbers),
            _ => Position::Text(text.into()),
        }
    }

    /// Why the default spelling of this position would not read back as the
    /// same position in an expression, if it would not.
    pub fn default_spelling_problem(&self) -> Option<String> {
        let Position::Text(text) = self else {
            return None;
        };
        if let Some(problem) = word_problem(text) {
            return Some(format!("the string {problem}: define show and parse"));
        }
        if Position::from_default_text(text) != *self {
            return Some(format!(
                "the string {text:?} would read back as a number, not a string: \
                 define show and parse"
            ));
        }
        None
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Integer(n) => write!(f, "{n}"),
            Position::Tuple(items) => {
                let items: Vec<String> = items.iter().map(INT::to_string).collect();
                if items.len() == 1 {
                    write!(f, "{},", items[0])
                } else {
                    write!(f, "{}", items.join(","))
                }
            }
            Position::Text(text) => write!(f, "{text}"),
        }
    }
}

/// Why `text` cannot be one position word of an expression, if it cannot:
/// a word is not empty and holds no space, no `+` (between components), no
/// `*` (a repeat `P*K`) and no `"` (quotes are for parameters).
pub fn word_problem(text: &str) -> Option<String> {
    let bad = |c: char| c.is_whitespace() || matches!(c, '+' | '*' | '"');
    (text.is_empty() || text.contains(bad)).then(|| {
        format!(
            "{text:?}, which cannot be written as one word of an expression (it is empty or \
             holds a space, '+', '*' or '\"')"
        )
    })
}

fn tuple(items: &Array) -> Option<Position> {
    if items.is_empty() {
        return None;
    }
    let mut numbers = Items::with_capacity(items.len());
    for item in items {
        numbers.push(item.as_int().ok()?);
    }
    Some(Position::Tuple(numbers))
}

/// A value as an error message shows it: its type and, if short, itself.
pub fn describe(value: &Dynamic) -> String {
    if value.is_unit() {
        return "() (nothing: does the function end with the value it returns?)".into();
    }
    if let Some(items) = value.read_lock::<Array>() {
        return describe_array(&items);
    }
    if let Some(sum) = value.read_lock::<Sum>() {
        return match sum.0.len() {
            1 => "a sum of 1 position".to_string(),
            n => format!("a sum of {n} positions"),
        };
    }
    let text = value.to_string();
    let kind = type_word(value.type_name());
    if text.chars().count() <= 40 {
        format!("{kind} {text}")
    } else {
        kind.to_string()
    }
}

/// A type as grundy's messages name it, for a type Rhai names: `i64` is
/// an integer, and a sum (a Rust type of grundy's) is a sum.
pub fn type_word(name: &str) -> &str {
    match name {
        "i64" => "integer",
        "f64" => "decimal number",
        "char" => "character",
        "map" => "object map",
        name if name == std::any::type_name::<Sum>() || name == "Sum" => "sum",
        name => name,
    }
}

/// A message of Rhai's with its type names as grundy's (`type_word`).
pub fn in_grundy_words(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut word = String::new();
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':';
    for c in message.chars().chain(std::iter::once('\0')) {
        if is_word(c) {
            word.push(c);
            continue;
        }
        out.push_str(type_word(&word));
        word.clear();
        if c != '\0' {
            out.push(c);
        }
    }
    out
}

fn describe_array(items: &Array) -> String {
    let text = in_grundy_words(&format!("{items:?}"));
    if text.chars().count() <= 60 {
        format!("the array {text}")
    } else {
        format!("an array of {} items", items.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_spelling_reads_back() {
        for position in [
            Position::Integer(7),
            Position::Integer(-3),
            Position::Tuple([3, 5].into()),
            Position::Tuple(Items::from_slice(&[4])),
            Position::Text("xx.x".into()),
            Position::Text("3,x".into()),
        ] {
            let text = position.default_text();
            assert_eq!(Position::from_default_text(&text), position, "{text}");
            assert_eq!(position.default_spelling_problem(), None);
        }
        assert!(Position::Text("12".into())
            .default_spelling_problem()
            .is_some());
        for text in ["a b", "", "x*2", "a+b", "\"q\""] {
            assert!(
                Position::Text(text.into())
                    .default_spelling_problem()
                    .is_some(),
                "{text:?}"
            );
        }
    }

    /// A pair is held in the position (32 bytes), so a search of millions
    /// of boards allocates nothing per board; a longer tuple is counted.
    #[test]
    fn pairs_are_held_inline() {
        assert_eq!(size_of::<Position>(), 32);
        assert_eq!(Position::Tuple([3, 5].into()).heap_bytes(), 0);
        let items = [1, 2, 3].map(Dynamic::from_int).to_vec();
        let triple = Position::from_dynamic(Dynamic::from_array(items)).unwrap();
        assert_eq!(triple.heap_bytes(), memory::allocation(24));
    }

    #[test]
    fn positions_round_trip_through_the_script() {
        for position in [
            Position::Integer(7),
            Position::Tuple([3, 5].into()),
            Position::Text("x".into()),
        ] {
            assert_eq!(Position::from_dynamic(position.to_dynamic()), Ok(position));
        }
        assert!(Position::from_dynamic(Dynamic::from_array(vec![])).is_err());
        assert!(Position::from_dynamic(Dynamic::UNIT).is_err());
        assert!(Position::from_dynamic(Dynamic::from_float(1.5)).is_err());
    }
}
