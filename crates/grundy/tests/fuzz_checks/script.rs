//! Scripts: small programs drawn from a grammar by the bytes of an input,
//! with the functions grundy calls (`moves`, or `left` and `right`;
//! `result`, `parts`, `show` and `parse`), `throw`, loops that reach the
//! operation limit, moves that go round cycles and values that are no
//! positions. What must hold: no panic and no hang; each question gets the
//! same answer whatever was asked before (a script cannot keep state, and
//! a solver's memory and kept tables change nothing); and every move listed
//! leads to an expression that reads back.

use std::fmt::Write;

use grundy::Rulesets;

use super::answer::{ask, Answer};

/// The bytes of an input, read as the choices of a grammar: each choice
/// takes one byte (0 once they run out).
struct Choices<'a> {
    bytes: &'a [u8],
    at: usize,
    /// Whether a function loops past the operation limit: each such call
    /// takes seconds under the fuzzer's sanitizer, so one question is
    /// asked.
    limit: bool,
}

impl Choices<'_> {
    /// A number in `0..n`.
    fn below(&mut self, n: u8) -> u8 {
        let byte = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        byte % n
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u8) as usize]
    }
}

/// What kind of game the program is.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// `moves`: nimbers, sums.
    Impartial,
    /// `moves` and `result`: solved strongly.
    Ending,
    /// `left` and `right`: solved strongly, positions `P@Left`.
    Partizan,
}

/// A condition on the position `p` (an integer).
fn condition(c: &mut Choices) -> String {
    let n = c.below(6);
    match c.below(6) {
        0 => format!("p > {n}"),
        1 => format!("p == {n}"),
        2 => "p % 2 == 0".into(),
        3 => format!("p < {n}"),
        4 => "p >= K".into(),
        _ => "true".into(),
    }
}

/// One option of `p` that keeps the game finite, or goes round a cycle,
/// or is not a position at all.
fn option(c: &mut Choices, kind: Kind) -> String {
    let n = 1 + c.below(3);
    match c.below(12) {
        0..=4 => format!("if p >= {n} {{ o.push(p - {n}); }}"),
        5 => "o.push((p + 1) % 5);".into(),
        6 => "if p > 0 { o.push(p); }".into(),
        7 if kind == Kind::Impartial => "if p >= 2 { o.push(sum([p - 1, p - 2])); }".into(),
        8 => "if p == 3 { o.push(\"x\"); }".into(),
        9 => "if p == 4 { o.push(()); }".into(),
        10 => "if p == 2 { o.push([p, 1]); }".into(),
        _ => format!("if p >= {n} {{ o.push(p / {n}); }}"),
    }
}

/// A body listing options.
fn options(c: &mut Choices, kind: Kind) -> String {
    let mut body = String::from("let o = [];\n");
    for _ in 0..1 + c.below(3) {
        let guard = condition(c);
        let _ = writeln!(body, "    if {guard} {{ {} }}", option(c, kind));
    }
    match c.below(8) {
        0 => {
            let guard = condition(c);
            let _ = writeln!(body, "    if {guard} {{ throw \"no moves here\"; }}");
        }
        // Past the operation limit of a call.
        // Past a limit: a text's or an array's size (at once), or, rarely,
        // the operation limit of a call.
        1 => match c.below(8) {
            0 => {
                c.limit = true;
                body.push_str("    let s = 0; for i in 0..100000000 { s += i; }\n");
            }
            1..=3 => body.push_str("    if p > 2 { let t = \"\"; t.pad(70000, \"x\"); }\n"),
            _ => body.push_str("    if p > 1 { let a = []; a.pad(5000, 0); }\n"),
        },
        2 => body.push_str("    let s = 0; for i in 0..p { s += i; }\n"),
        _ => {}
    }
    body.push_str("    o");
    body
}

/// The text of a program drawn from `bytes`, and the positions asked.
pub fn program(bytes: &[u8]) -> (String, Vec<String>) {
    let c = &mut Choices {
        bytes,
        at: 0,
        limit: false,
    };
    let kind = c.pick(&[Kind::Impartial, Kind::Ending, Kind::Partizan]);
    let mut text = format!("const K = {};\n", c.below(5));
    match kind {
        Kind::Partizan => {
            let left = options(c, kind);
            let right = options(c, kind);
            let _ = writeln!(text, "fn left(p) {{\n    {left}\n}}");
            let _ = writeln!(text, "fn right(p) {{\n    {right}\n}}");
        }
        _ => {
            let moves = options(c, kind);
            let _ = writeln!(text, "fn moves(p) {{\n    {moves}\n}}");
        }
    }
    if kind != Kind::Impartial || c.below(8) == 0 {
        let (win, lose) = match kind {
            Kind::Partizan => ("\"Left\"", "\"Right\""),
            _ => ("\"win\"", "\"lose\""),
        };
        let (a, b) = (c.below(6), c.below(6));
        let other = c.pick(&["()", "\"tie\"", "7", "\"draw\""]);
        let _ = writeln!(
            text,
            "fn result(p) {{ if p == {a} {{ {win} }} else if p == {b} {{ {lose} }} else {{ {other} }} }}"
        );
    }
    if kind == Kind::Impartial && c.below(3) == 0 {
        text.push_str("fn parts(p) { if p > 3 { [p - 3, 3] } else { [] } }\n");
    }
    match c.below(6) {
        0 => text.push_str(
            "fn show(p) { \"n\" + p }\nfn parse(t) { parse_int(t.sub_string(1)) }\n",
        ),
        // A show that writes what is not one word, or fails.
        1 => text.push_str("fn show(p) { \"n \" + p }\nfn parse(t) { parse_int(t) }\n"),
        2 => text.push_str("fn show(p) { if p == 2 { throw \"no\" } \"n\" + p }\nfn parse(t) { parse_int(t.sub_string(1)) }\n"),
        _ => {}
    }
    let spelled = text.contains("fn show");
    let count = if c.limit { 1 } else { 1 + c.below(3) };
    let positions = (0..count)
        .map(|_| {
            let p = c.below(8);
            let word = if spelled {
                format!("n{p}")
            } else {
                p.to_string()
            };
            match kind {
                Kind::Partizan => format!("{word}@{}", c.pick(&["Left", "Right"])),
                _ if c.below(4) == 0 => format!("{word} {}", c.below(8)),
                _ => word,
            }
        })
        .collect();
    (text, positions)
}

/// Checks the program drawn from `bytes`, written to `path` (a file the
/// caller owns: a script is read from its file).
pub fn check(bytes: &[u8], path: &std::path::Path) {
    let (text, positions) = program(bytes);
    std::fs::write(path, &text).expect("the script is written");
    let ruleset = format!("script(\"{}\")", path.display());
    let questions: Vec<String> = positions.iter().map(|p| format!("{ruleset} {p}")).collect();
    let mut forward = Rulesets::new();
    let first: Vec<Answer> = questions.iter().map(|q| ask(&mut forward, q)).collect();
    let mut backward = Rulesets::new();
    let mut second: Vec<Answer> = questions
        .iter()
        .rev()
        .map(|q| ask(&mut backward, q))
        .collect();
    second.reverse();
    for ((question, a), b) in questions.iter().zip(&first).zip(&second) {
        assert_eq!(
            a, b,
            "{question} answers differ by what was asked before:\n{text}"
        );
        for to in a.moves() {
            let again = ask(&mut Rulesets::new(), to);
            assert!(
                !matches!(again, Answer::Failed(_)) || matches!(a, Answer::Failed(_)),
                "{question} lists a move to {to:?}, which fails: {again:?}\n{text}"
            );
        }
    }
}
