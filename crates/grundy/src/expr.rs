//! The expression language: `TERM ((+ | -) TERM)*`, where a term is a
//! component `FAMILY[(PARAMS)] POSITION...`, a game literal (`{1|0}`,
//! `3/4`, `*2`, `^`, `v`, `±1`) or a function of values whose arguments are
//! expressions (`cool({3|-3} + {2|-2}, 1)`, [`Function`]), any of them
//! with `-` before it for its negative. A `-` between terms stands alone
//! (`G - H`), so that a position such as `-3` stays one word. Inside a
//! function's parentheses a position or a literal also ends at `,` or `)`.
//!
//! This module only splits the text into words that remember their column;
//! what a parameter, a position or a literal means is up to its family or
//! to `partizan`.

use crate::error::{Error, Result};
use crate::word::Word;

/// One component of a sum as written: the family, its parameters and the
/// words of its positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentText {
    pub family: Word,
    pub parameters: Vec<Word>,
    pub positions: Vec<Word>,
}

/// One term of a sum as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Term {
    Component(ComponentText),
    /// A game literal, read by `partizan`.
    Literal(Word),
    /// A function of values, with its arguments.
    Function(FunctionText),
}

/// The functions of values an expression may call: each makes a game of
/// games (what each computes is `crate::functions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Function {
    /// `cool(G, t)`: G cooled by the number t.
    Cool,
    /// `heat(G, t)`: G heated by t.
    Heat,
    /// `overheat(G, s, t)`: G overheated from s to t.
    Overheat,
    /// `freeze(G)`: G cooled by its temperature.
    Freeze,
    /// `reduced(G)`: the reduced canonical form of G.
    Reduced,
    /// `ordinal(G, H)`: the ordinal sum G:H.
    Ordinal,
    /// `norton(G, U)`: the Norton product of G by the positive game U.
    Norton,
}

impl Function {
    /// Every function, in the order the documentation lists them.
    pub const ALL: [Function; 7] = [
        Function::Cool,
        Function::Heat,
        Function::Overheat,
        Function::Freeze,
        Function::Reduced,
        Function::Ordinal,
        Function::Norton,
    ];

    /// The name an expression calls it by.
    pub fn name(self) -> &'static str {
        match self {
            Function::Cool => "cool",
            Function::Heat => "heat",
            Function::Overheat => "overheat",
            Function::Freeze => "freeze",
            Function::Reduced => "reduced",
            Function::Ordinal => "ordinal",
            Function::Norton => "norton",
        }
    }

    /// The names of its arguments, in order.
    pub fn parameters(self) -> &'static [&'static str] {
        match self {
            Function::Cool | Function::Heat => &["G", "t"],
            Function::Overheat => &["G", "s", "t"],
            Function::Freeze | Function::Reduced => &["G"],
            Function::Ordinal => &["G", "H"],
            Function::Norton => &["G", "U"],
        }
    }

    fn named(name: &str) -> Option<Function> {
        Function::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// The most calls of functions nested in one another: parsing, and the
/// valuing of the calls, recurse through them.
pub const MAX_CALL_DEPTH: usize = 32;

/// A call of a function as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionText {
    /// Which function.
    pub function: Function,
    /// The whole call as written, `cool({3|-3}, 1)`, and where it starts.
    pub call: Word,
    /// Each argument: an expression, and the column where it starts.
    pub arguments: Vec<(Vec<Signed>, usize)>,
}

/// A term and whether it is subtracted (`-G`, `H - G`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signed {
    pub negated: bool,
    pub term: Term,
}

/// Splits an expression into its terms.
pub fn parse(text: &str) -> Result<Vec<Signed>> {
    let mut scanner = Scanner {
        chars: text.chars().collect(),
        at: 0,
        calls: 0,
    };
    scanner.sum()
}

struct Scanner {
    chars: Vec<char>,
    at: usize,
    /// How many calls' parentheses the scanner is inside.
    calls: usize,
}

impl Scanner {
    fn column(&self) -> usize {
        self.at + 1
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn error(&self, message: impl Into<String>) -> Error {
        Error::Parse {
            column: self.column(),
            message: message.into(),
        }
    }

    /// Skips white space; true when something is left.
    fn skip_space(&mut self) -> bool {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
        self.peek().is_some()
    }

    fn expect(&mut self, c: char) -> Result<()> {
        match self.peek() {
            Some(found) if found == c => {
                self.at += 1;
                Ok(())
            }
            Some(found) => Err(self.error(format!("expected '{c}', found '{found}'"))),
            None => Err(self.error(format!("expected '{c}', found the end"))),
        }
    }

    /// Terms up to the end, or inside a call up to its `,` or `)`.
    fn sum(&mut self) -> Result<Vec<Signed>> {
        let mut terms = vec![self.signed(false)?];
        while self.skip_space() && !self.argument_ends() {
            let negated = match self.peek() {
                Some('-') if self.minus_stands_alone() => true,
                _ => {
                    self.expect('+')?;
                    false
                }
            };
            if negated {
                self.at += 1;
            }
            terms.push(self.signed(negated)?);
        }
        Ok(terms)
    }

    /// Whether an argument of a call ends here.
    fn argument_ends(&self) -> bool {
        self.calls > 0 && matches!(self.peek(), Some(',' | ')'))
    }

    /// The name of a function followed by `(`, if one starts here.
    fn function_starts(&self) -> Option<Function> {
        let name: String = (self.chars[self.at..].iter())
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        if self.chars.get(self.at + name.len()) != Some(&'(') {
            return None;
        }
        Function::named(&name.to_ascii_lowercase())
    }

    /// A call: the function's name, `(`, its arguments separated by `,`, `)`.
    fn function(&mut self, function: Function) -> Result<FunctionText> {
        let start = self.at;
        if self.calls >= MAX_CALL_DEPTH {
            return Err(self.error(format!(
                "calls of functions nest at most {MAX_CALL_DEPTH} deep"
            )));
        }
        let name = self.family_name()?;
        let open = self.column();
        self.expect('(')?;
        self.calls += 1;
        let mut arguments = Vec::new();
        loop {
            self.skip_space();
            let column = self.column();
            if self.argument_ends() {
                return Err(self.error(format!(
                    "expected an argument of {}, a game",
                    function.name()
                )));
            }
            arguments.push((self.sum()?, column));
            match self.peek() {
                Some(',') => self.at += 1,
                Some(')') => {
                    self.at += 1;
                    break;
                }
                _ => {
                    return Err(Error::Parse {
                        column: open,
                        message: "this parenthesis is never closed".into(),
                    })
                }
            }
        }
        self.calls -= 1;
        let parameters = function.parameters();
        if arguments.len() != parameters.len() {
            return Err(name.error(format!(
                "{} takes {} argument{}: {}({}); found {}",
                function.name(),
                parameters.len(),
                if parameters.len() == 1 { "" } else { "s" },
                function.name(),
                parameters.join(", "),
                arguments.len()
            )));
        }
        Ok(FunctionText {
            function,
            call: Word {
                text: self.chars[start..self.at].iter().collect(),
                column: name.column,
            },
            arguments,
        })
    }

    /// Whether the `-` here is an operator: followed by white space or the
    /// end.
    fn minus_stands_alone(&self) -> bool {
        self.peek() == Some('-')
            && self
                .chars
                .get(self.at + 1)
                .is_none_or(|c| c.is_whitespace())
    }

    /// A term, negated once more for each `-` before it.
    fn signed(&mut self, mut negated: bool) -> Result<Signed> {
        self.skip_space();
        // A minus before a digit is a number's sign, part of the literal.
        while self.peek() == Some('-')
            && !self
                .chars
                .get(self.at + 1)
                .is_some_and(char::is_ascii_digit)
        {
            negated = !negated;
            self.at += 1;
            self.skip_space();
        }
        let term = if let Some(function) = self.function_starts() {
            Term::Function(self.function(function)?)
        } else if self.literal_starts() {
            Term::Literal(self.literal()?)
        } else {
            Term::Component(self.component()?)
        };
        Ok(Signed { negated, term })
    }

    /// Whether a game literal starts here: a digit, `{`, `*`, `^`, `±`, a
    /// word of downs (`v`, `vv`, `v3`, `v*`) where a family name would be,
    /// a loopy game's name (`on`, `over`, ...) standing alone, or a label
    /// before braces (`a:{0|a}`).
    fn literal_starts(&self) -> bool {
        let word_end = (self.at..self.chars.len())
            .find(|&i| !self.chars[i].is_ascii_alphanumeric())
            .unwrap_or(self.chars.len());
        let word: String = self.chars[self.at..word_end].iter().collect();
        let after = self.chars.get(word_end).copied();
        if crate::loopy::NAMES.iter().any(|(name, _)| *name == word)
            && after.is_none_or(|c| c.is_whitespace() || "+-,)".contains(c))
        {
            return true;
        }
        if !word.is_empty() && after == Some(':') {
            return true;
        }
        match self.peek() {
            Some(c) if c.is_ascii_digit() || "{*^±".contains(c) => true,
            Some('-') => true,
            Some('v') => {
                let mut at = self.at;
                while self.chars.get(at) == Some(&'v') {
                    at += 1;
                }
                while self.chars.get(at).is_some_and(char::is_ascii_digit) {
                    at += 1;
                }
                if self.chars.get(at) == Some(&'*') {
                    at += 1;
                    while self.chars.get(at).is_some_and(char::is_ascii_digit) {
                        at += 1;
                    }
                }
                self.chars
                    .get(at)
                    .is_none_or(|&c| c.is_whitespace() || c == '+' || c == '-')
            }
            _ => false,
        }
    }

    /// A literal: up to white space, `+` or `-` outside braces (inside
    /// them anything goes, up to the closing brace).
    fn literal(&mut self) -> Result<Word> {
        let column = self.column();
        let mut text = String::new();
        let mut depth = 0usize;
        while let Some(c) = self.peek() {
            let sign = text.is_empty() && c == '-';
            if depth == 0 && !sign && (c.is_whitespace() || c == '+' || c == '-') {
                break;
            }
            if depth == 0 && self.argument_ends() {
                break;
            }
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            text.push(c);
            self.at += 1;
        }
        Ok(Word { text, column })
    }

    fn component(&mut self) -> Result<ComponentText> {
        if !self.skip_space() {
            return Err(self.error("expected a family name such as nim, found the end"));
        }
        let family = self.family_name()?;
        let parameters = if self.peek() == Some('(') {
            self.parameters()?
        } else {
            Vec::new()
        };
        let mut positions = Vec::new();
        while self.skip_space()
            && self.peek() != Some('+')
            && !self.minus_stands_alone()
            && !self.argument_ends()
        {
            let column = self.column();
            let mut text = String::new();
            while let Some(c) = self.peek().filter(|&c| !c.is_whitespace() && c != '+') {
                if self.argument_ends() {
                    break;
                }
                if c == '"' {
                    // Quotes are for parameters (a file name with spaces);
                    // a position is one word as it stands.
                    return Err(self.error(
                        "a position is one word without quotes (quotes are for parameters, \
                         such as a file name)",
                    ));
                }
                text.push(c);
                self.at += 1;
            }
            positions.push(Word { text, column });
        }
        Ok(ComponentText {
            family,
            parameters,
            positions,
        })
    }

    fn family_name(&mut self) -> Result<Word> {
        let column = self.column();
        let mut text = String::new();
        while let Some(c) = self
            .peek()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        {
            text.push(c.to_ascii_lowercase());
            self.at += 1;
        }
        if text.is_empty() || !text.starts_with(|c: char| c.is_ascii_alphabetic()) {
            let found = self.peek().map_or("the end".into(), |c| format!("'{c}'"));
            return Err(Error::Parse {
                column,
                message: format!("expected a family name such as nim, found {found}"),
            });
        }
        Ok(Word { text, column })
    }

    /// `( p, p, ... )`: each parameter is a quoted string or the trimmed text
    /// up to the next comma or closing parenthesis.
    fn parameters(&mut self) -> Result<Vec<Word>> {
        let open = self.column();
        self.expect('(')?;
        let mut parameters = Vec::new();
        loop {
            self.skip_space();
            let column = self.column();
            let text = match self.peek() {
                None => {
                    return Err(Error::Parse {
                        column: open,
                        message: "this parenthesis is never closed".into(),
                    })
                }
                Some(')') if parameters.is_empty() => {
                    self.at += 1;
                    return Ok(parameters);
                }
                Some('"') => self.quoted()?,
                Some(_) => {
                    let mut text = String::new();
                    while let Some(c) = self.peek().filter(|&c| c != ',' && c != ')') {
                        text.push(c);
                        self.at += 1;
                    }
                    text.trim_end().to_string()
                }
            };
            parameters.push(Word { text, column });
            self.skip_space();
            match self.peek() {
                Some(',') => self.at += 1,
                Some(')') => {
                    self.at += 1;
                    return Ok(parameters);
                }
                Some(c) => return Err(self.error(format!("expected ',' or ')', found '{c}'"))),
                None => {
                    return Err(Error::Parse {
                        column: open,
                        message: "this parenthesis is never closed".into(),
                    })
                }
            }
        }
    }

    /// A double-quoted string; `\"` and `\\` stand for `"` and `\`.
    fn quoted(&mut self) -> Result<String> {
        let open = self.column();
        self.at += 1;
        let mut text = String::new();
        loop {
            match self.peek() {
                None => {
                    return Err(Error::Parse {
                        column: open,
                        message: "this quote is never closed".into(),
                    })
                }
                Some('"') => {
                    self.at += 1;
                    return Ok(text);
                }
                Some('\\') if matches!(self.chars.get(self.at + 1), Some('"' | '\\')) => {
                    text.push(self.chars[self.at + 1]);
                    self.at += 2;
                }
                Some(c) => {
                    text.push(c);
                    self.at += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::word::quote_if_needed;

    fn words(ws: &[Word]) -> Vec<(&str, usize)> {
        ws.iter().map(|w| (w.text.as_str(), w.column)).collect()
    }

    /// The components of a sum without literals or minus signs.
    fn components(text: &str) -> Vec<ComponentText> {
        parse(text)
            .unwrap()
            .into_iter()
            .map(|signed| match signed {
                Signed {
                    negated: false,
                    term: Term::Component(c),
                } => c,
                other => panic!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn splits_a_sum_of_families() {
        let sum = components("nim 3 4 5 + subtraction(1, 3,4) 10+graph(\"my games/g.txt\") 0 2");
        assert_eq!(sum.len(), 3);
        assert_eq!(sum[0].family.text, "nim");
        assert_eq!(words(&sum[0].positions), [("3", 5), ("4", 7), ("5", 9)]);
        assert_eq!(words(&sum[1].parameters), [("1", 25), ("3", 28), ("4", 30)]);
        assert_eq!(words(&sum[1].positions), [("10", 33)]);
        assert_eq!(words(&sum[2].parameters), [("my games/g.txt", 42)]);
        assert_eq!(words(&sum[2].positions), [("0", 60), ("2", 62)]);
    }

    #[test]
    fn errors_point_at_the_column() {
        let column = |text: &str| match parse(text).unwrap_err() {
            Error::Parse { column, .. } => column,
            other => panic!("{other:?}"),
        };
        assert_eq!(column("nim 3 +"), 8);
        assert_eq!(column("3 nim"), 3);
        assert_eq!(column("- "), 3);
        assert_eq!(column("nim(1, 2 5"), 4);
        assert_eq!(column("graph(\"a) 1"), 7);
        assert_eq!(column(""), 1);
    }

    #[test]
    fn quoting_round_trips() {
        for text in [
            "g.txt",
            "my games/g.txt",
            "a,b",
            "say \"hi\"",
            "back\\slash",
        ] {
            let expr = format!("graph({}) 0", quote_if_needed(text));
            assert_eq!(components(&expr)[0].parameters[0].text, text);
        }
    }

    /// Each term as the tests compare it: literals with their columns,
    /// components with their positions, calls with their arguments.
    fn shown(terms: &[Signed]) -> Vec<(bool, String)> {
        terms
            .iter()
            .map(|t| {
                let text = match &t.term {
                    Term::Literal(w) => format!("{}@{}", w.text, w.column),
                    Term::Component(c) => format!(
                        "{} {}",
                        c.family.text,
                        c.positions
                            .iter()
                            .map(|p| p.text.as_str())
                            .collect::<Vec<_>>()
                            .join(" ")
                    ),
                    Term::Function(call) => {
                        let arguments: Vec<String> = (call.arguments.iter())
                            .map(|(terms, column)| format!("{:?}@{column}", shown(terms)))
                            .collect();
                        format!("{}({})", call.function.name(), arguments.join("; "))
                    }
                };
                (t.negated, text)
            })
            .collect()
    }

    /// Literals and minus signs: `-` between terms stands alone, so a
    /// position word may start with one; braces hold spaces and signs.
    #[test]
    fn literals_and_differences() {
        let terms = parse("{1, -2 | 0} - domineering 2x2 + -v* + script(f) -3 - -1/2").unwrap();
        let shown = shown(&terms);
        let expected = [
            (false, "{1, -2 | 0}@1"),
            (true, "domineering 2x2"),
            (true, "v*@34"),
            (false, "script -3"),
            (true, "-1/2@54"),
        ];
        let expected: Vec<(bool, String)> =
            expected.iter().map(|(n, t)| (*n, t.to_string())).collect();
        assert_eq!(shown, expected);
        // A family whose name starts with v is no literal.
        assert!(matches!(
            &parse("vv(1) 2").unwrap()[0].term,
            Term::Component(_)
        ));
        assert!(matches!(
            &parse("view 2").unwrap()[0].term,
            Term::Component(_)
        ));
    }

    /// Calls of functions: arguments are sums, ended by `,` or `)`, calls
    /// nest, and the call is a term like any other.
    #[test]
    fn calls_of_functions() {
        let terms = parse("cool({3|-3} + {2|-2}, 1) - norton(domineering ..,^)").unwrap();
        let written = shown(&terms);
        assert_eq!(
            written[0].1,
            r#"cool([(false, "{3|-3}@6"), (false, "{2|-2}@15")]@6; [(false, "1@23")]@23)"#
        );
        assert_eq!(
            written[1],
            (
                true,
                r#"norton([(false, "domineering ..")]@35; [(false, "^@50")]@50)"#.to_string()
            )
        );
        let Term::Function(call) = &terms[0].term else {
            panic!("a call")
        };
        assert_eq!(call.call.text, "cool({3|-3} + {2|-2}, 1)");
        assert_eq!(call.call.column, 1);
        // Nested, and a minus before a call negates it.
        let nested = parse("-reduced(freeze({2|1}))").unwrap();
        assert!(nested[0].negated);
        assert_eq!(
            shown(&nested)[0].1,
            r#"reduced([(false, "freeze([(false, \"{2|1}@17\")]@17)")]@10)"#
        );
        // A name that is no function stays a family with parameters.
        assert!(matches!(
            &parse("subtraction(1,2) 5").unwrap()[0].term,
            Term::Component(_)
        ));
        // Errors point at their column.
        let column = |text: &str| parse(text).unwrap_err().column();
        assert_eq!(column("cool({1|-1})"), Some(1), "one argument of two");
        assert_eq!(column("cool({1|-1}, 1"), Some(5), "never closed");
        assert_eq!(column("cool(, 1)"), Some(6), "no argument");
        assert_eq!(column("cool({1|-1}, 1))"), Some(16), "a stray parenthesis");
        // Calls nest 32 deep, not deeper: each level is a level of
        // recursion, and 100,000 of them would overflow the stack.
        let nested = |depth: usize| format!("{}*{}", "freeze(".repeat(depth), ")".repeat(depth));
        assert!(parse(&nested(MAX_CALL_DEPTH)).is_ok());
        let error = parse(&nested(MAX_CALL_DEPTH + 1)).unwrap_err();
        assert_eq!(error.column(), Some(7 * MAX_CALL_DEPTH + 1), "{error}");
        assert!(parse(&nested(100_000)).is_err());
    }
}
