use super::*;
use crate::error::ErrorKind;

fn game(text: &str) -> Result<ScriptGame> {
    ScriptGame::from_text("test.rhai", text)
}

/// Take 1 to m tokens, m a parameter: Bash's game, n mod (m + 1).
const TAKE_UP_TO_M: &str =
    "fn moves(n) { let o = []; for k in 1..=m { if k <= n { o.push(n - k) } } o }";

#[test]
fn parameters_are_constants_of_the_script_and_of_its_name() {
    let with = |m: rhai::INT| {
        let script =
            engine::Script::compile_with("take.rhai", TAKE_UP_TO_M, &[("m".into(), m)]).unwrap();
        ScriptGame::new(script).unwrap()
    };
    for m in [2, 3, 5] {
        let game = with(m);
        assert_eq!(game.name(), format!("script(take.rhai, m={m})"));
        let heap = game.heap_game().unwrap();
        for n in 0..20usize {
            let options = game.heap_options(n).unwrap();
            let mut seen: Vec<usize> = options.iter().map(|o| o[0]).collect();
            seen.sort();
            let expected: Vec<usize> = (n.saturating_sub(m as usize)..n).collect();
            assert_eq!(seen, expected, "m = {m}, n = {n}");
        }
        assert!(heap.failure().is_none());
    }
    assert_ne!(with(2).rules.digest(), with(3).rules.digest());
    // Without the parameter the script has no m.
    assert!(game(TAKE_UP_TO_M)
        .unwrap()
        .options(&Position::Integer(3))
        .is_err());
    // A script that declares the parameter itself would hide it.
    let hiding = format!("const m = 1;\n{TAKE_UP_TO_M}");
    let error = engine::Script::compile_with("take.rhai", &hiding, &[("m".into(), 3)])
        .err()
        .unwrap();
    assert!(
        error.to_string().contains("would hide the parameter m=3"),
        "{error}"
    );
}

/// HDU 5795: take any number of tokens from a heap, or split it into
/// three non-empty heaps. Heap 220 has more options than an array holds.
const SPLIT_INTO_THREE: &str = "
    fn moves(n) {
        for k in 1..=n { emit(n - k) }
        for a in 1..=n { for b in a..=n { let c = n - a - b; if c >= b { emit(sum([a, b, c])) } } }
    }";

/// The options of heap n of SPLIT_INTO_THREE, counted by hand: n heaps
/// left after taking, and the partitions of n into three parts.
fn split_into_three_options(n: usize) -> usize {
    let threes = (1..=n)
        .flat_map(|a| (a..=n).map(move |b| (a, b)))
        .filter(|&(a, b)| n >= a + 2 * b)
        .count();
    n + threes
}

#[test]
fn emit_gives_more_options_than_an_array_holds() {
    let g = game(SPLIT_INTO_THREE).unwrap();
    for n in [0usize, 1, 5, 220] {
        let options = g.options(&Position::Integer(n as rhai::INT)).unwrap();
        assert_eq!(options.len(), split_into_three_options(n), "heap {n}");
    }
    assert!(split_into_three_options(220) > engine::MAX_ARRAY_SIZE);
    // The same options returned as an array stop at Rhai's cap.
    let array = "fn moves(n) { let o = []; for k in 1..=n { o.push(n - k) } \
                 for a in 1..=n { for b in a..=n { let c = n - a - b; \
                 if c >= b { o.push(sum([a, b, c])) } } } o }";
    let error = game(array).unwrap().options(&Position::Integer(220));
    assert!(matches!(error, Err(Error::Limit(_))), "{error:?}");
    // Emitted options come first, then those returned.
    let both = game("fn moves(n) { emit(1); [2] }").unwrap();
    let options = both.options(&Position::Integer(5)).unwrap();
    assert_eq!(options, [[Position::Integer(1)], [Position::Integer(2)]]);
}

#[test]
fn emitted_options_are_held_within_the_budget_and_operations_counted_between_them() {
    let g = game("fn moves(n) { loop { emit(n - 1) } }").unwrap();
    g.rules.script.set_emit_budget(100_000);
    let error = g.options(&Position::Integer(5)).unwrap_err();
    assert!(matches!(error, Error::Limit(_)), "{error}");
    assert!(error.to_string().contains("moves(5)"), "{error}");
    // A loop that gives no option is stopped as before.
    let g = game("fn moves(n) { for i in 0..n { emit(0) } loop { } }").unwrap();
    let error = g.options(&Position::Integer(5)).unwrap_err();
    assert!(error.to_string().contains("operations"), "{error}");
    // Two stretches of work, each within the limit, together past it.
    let half = engine::MAX_OPERATIONS * 3 / 5 / 3;
    let g = game(&format!(
        "fn moves(n) {{ for j in 0..2 {{ let x = 0; for i in 0..{half} {{ x += 1 }} emit(j) }} }}"
    ))
    .unwrap();
    assert_eq!(g.options(&Position::Integer(5)).unwrap().len(), 2);
}

#[test]
fn emit_gives_options_only() {
    let error = game("emit(1); fn moves(n) { [] }").err().unwrap();
    assert!(
        error.to_string().contains("not at the top level"),
        "{error}"
    );
    let g = game("fn moves(n) { [] } fn parts(p) { emit(1); [p] }").unwrap();
    let error = g.parts(Position::Integer(3)).unwrap_err();
    assert!(error.to_string().contains("emit gives options"), "{error}");
    // Without emit, a moves that returns nothing is a mistake.
    let error = (game("fn moves(n) { }").unwrap())
        .options(&Position::Integer(2))
        .unwrap_err();
    assert!(error.to_string().contains("found () (nothing"), "{error}");
    // With emit, it has given its options.
    let g = game("fn moves(n) { if n > 0 { emit(n - 1) } }").unwrap();
    assert!(g.options(&Position::Integer(0)).unwrap().is_empty());
    assert!(
        !engine::Script::compile("t", "fn moves(n) { [] } // remit()")
            .unwrap()
            .emits
    );
}

/// Issue 21, item 8: Rhai indexes an integer bit by bit (`5[0]` is
/// `true`), so a tuple script given an integer plays what the bits say;
/// where that fails (`true - 1`), the error says why.
#[test]
fn a_failure_on_an_integer_where_the_script_indexes_a_tuple_says_why() {
    let g = game(
        "fn moves(p) {\n  let left = p[0] - 1;\n  if left >= 0 { [[left, p[1]]] } else { [] }\n}\n\
         fn parts(p) { [p] }",
    )
    .unwrap();
    let error = g.options(&Position::Integer(5)).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::BadInput, "{error}");
    let message = error.to_string();
    assert!(
        message.contains("fn moves indexes its position at line 2"),
        "{message}"
    );
    assert!(message.contains("such as 5,0"), "{message}");
    let options = g.options(&Position::Tuple([2, 7].into())).unwrap();
    assert_eq!(options, [[Position::Tuple([1, 7].into())]]);
    // A function that never indexes its position takes integers.
    let g = game("fn moves(n) { let a = [n]; if a[0] > 0 { [n - 1] } else { [] } }").unwrap();
    assert_eq!(g.options(&Position::Integer(1)).unwrap().len(), 1);
}

/// Issue 37, item 1: a script that indexes its position only where it is
/// a tuple, and takes integers in its other branch, is answered for both:
/// nothing is refused before the script runs.
#[test]
fn a_script_that_branches_on_type_of_takes_integers_and_tuples() {
    let g = game(
        "fn moves(p) {\n\
           if type_of(p) == \"array\" {\n\
             if p[0] > 0 { [[p[0] - 1, p[1]]] } else { [] }\n\
           } else if p > 0 { [p - 1] } else { [] }\n\
         }\n\
         fn parts(p) { [p] }",
    )
    .unwrap();
    assert_eq!(
        g.options(&Position::Integer(5)).unwrap(),
        [[Position::Integer(4)]]
    );
    assert_eq!(
        g.options(&Position::Tuple([2, 7].into())).unwrap(),
        [[Position::Tuple([1, 7].into())]]
    );
}

/// Messages name types as grundy does: an integer, a sum, never Rhai's
/// `i64` or the Rust path of grundy's sum type.
#[test]
fn messages_name_types_and_positions_in_grundys_words() {
    for (text, expected) in [
        ("fn moves(n) { [sum([n - 1]) + 1] }", "(sum, integer)"),
        ("fn moves(n) { n.len() }", "len (integer)"),
        ("fn moves(n) { sum([1, 2]) }", "found a sum of 2 positions"),
        ("fn moves(n) { [[sum([1])]] }", "found the array [sum]"),
        ("fn moves(n) { [n - 0.5] }", "found decimal number 4.5"),
    ] {
        let error = game(text)
            .unwrap()
            .options(&Position::Integer(5))
            .unwrap_err()
            .to_string();
        assert!(error.contains(expected), "{text}: {error}");
        assert!(
            !error.contains("i64") && !error.contains("grundy::"),
            "{error}"
        );
    }
    // A position that grows without end is named in brief.
    let error = game("fn moves(p) { [p + \"x\"] }")
        .unwrap()
        .options(&Position::Text("ab".repeat(50).into()))
        .unwrap();
    let long = error[0][0].clone();
    let error = game("fn moves(p) { throw \"no\" }")
        .unwrap()
        .options(&long)
        .unwrap_err()
        .to_string();
    assert!(error.contains("... (101 characters))"), "{error}");
    // A reserved word says what to do.
    let error = game("fn moves(n) { let go = 1; [] }").err().unwrap();
    assert!(
        error.to_string().contains("Rhai keeps the word go"),
        "{error}"
    );
}

#[test]
fn bad_parameters_are_refused_at_their_column() {
    for text in ["m", "3=m", "m=x", "m-1=2", "=3", "m=1.5"] {
        let word = Word {
            text: text.into(),
            column: 7,
        };
        assert!(
            matches!(script_parameter(&word), Err(Error::Parse { column: 7, .. })),
            "{text}"
        );
    }
    let word = Word::new("m = -4");
    assert_eq!(script_parameter(&word).unwrap(), ("m".to_string(), -4));
}

#[test]
fn functions_take_one_parameter() {
    let error = game("fn moves(a, b) { [] }").err().unwrap();
    assert!(error.to_string().contains("fn moves takes one parameter"));
    let error = game("fn moves(n) { [] } fn parts() { [] }").err().unwrap();
    assert!(error.to_string().contains("fn parts takes one parameter"));
}

/// `moves` alone: sums and `solve`; with `result`, or `left` and
/// `right`: solved strongly; and what cannot go together.
#[test]
fn the_functions_say_which_game_it_is() {
    let load = |text| ruleset(engine::Script::compile("test.rhai", text).unwrap());
    let plain = load("fn moves(n) { [] }").unwrap();
    assert!(plain.strong().is_none() && plain.heap_game().is_some());
    assert!(plain.solvable().is_some());
    let ends = "fn moves(n) { [] } fn result(n) { () }";
    assert!(load(ends).unwrap().strong().is_some());
    assert!(game(ends).err().unwrap().to_string().contains("no nimbers"));
    let partizan = load("fn left(n) { [] } fn right(n) { [] }").unwrap();
    assert!(partizan.strong().is_some() && partizan.heap_game().is_none());
    // Without fn result its positions alone have values too.
    assert!(partizan.short().is_some());
    let ending = load("fn left(n) { [] } fn right(n) { [] } fn result(n) { () }").unwrap();
    assert!(ending.strong().is_some() && ending.short().is_none());
    for (text, expected) in [
        (
            "fn moves(n) { [] } fn start(n) { 0 }",
            "fn start takes no parameter",
        ),
        (
            "fn moves(n) { [] } fn result(n) { () } fn parts(n) { [n] }",
            "leave parts out",
        ),
        (
            "fn left(n) { [] } fn right(n) { [] } fn result(n) { () } fn parts(n) { [n] }",
            "leave parts out",
        ),
        (
            "fn right(n) { [] }",
            "defines fn right(p) but not fn left(p)",
        ),
        ("fn result(n) { () }", "defines no fn moves(p)"),
    ] {
        let error = load(text).err().unwrap();
        assert!(error.to_string().contains(expected), "{text}: {error}");
    }
}

#[test]
fn values_that_are_not_options_or_parts_are_errors() {
    let cases = [
        (
            "fn moves(n) { 3 }",
            "expected an array of options, found integer 3",
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
