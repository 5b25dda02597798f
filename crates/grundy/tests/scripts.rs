//! Games written in scripts (`script(FILE)`): the examples of `examples/`
//! against the built-in families they copy, in sums with built-ins, in the
//! nim-sequence engine; and scripts that are wrong or hit a limit, each with
//! its message and kind (tests/data/scripts holds them).

use std::path::PathBuf;

use grundy::error::ErrorKind;
use grundy::sequence::{MethodChoice, Sequence};
use grundy::{analyze, Error, Outcome, Rulesets};

/// A file of the repository's `examples/`, as an expression writes it.
fn example(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name);
    path.to_str().unwrap().to_string()
}

/// A bad script of `tests/data/scripts`.
fn bad(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/scripts")
        .join(name);
    path.to_str().unwrap().to_string()
}

/// The nimber of every position, each written alone after `family`.
fn nimbers(rulesets: &mut Rulesets, family: &str, positions: &[String]) -> Vec<u64> {
    let sum = rulesets
        .parse_sum(&format!("{family} {}", positions.join(" ")))
        .unwrap();
    sum.components
        .iter()
        .map(|c| u64::try_from(c.nimber().unwrap()).unwrap())
        .collect()
}

fn heaps(to: u64) -> Vec<String> {
    (0..=to).map(|n| n.to_string()).collect()
}

#[test]
fn the_subtraction_script_is_subtraction_1_3_4() {
    let mut rulesets = Rulesets::new();
    let script = format!("script({})", example("subtraction.rhai"));
    let by_script = nimbers(&mut rulesets, &script, &heaps(300));
    let built_in = nimbers(&mut rulesets, "subtraction(1,3,4)", &heaps(300));
    assert_eq!(by_script, built_in);
}

#[test]
fn the_lasker_script_is_lasker() {
    let mut rulesets = Rulesets::new();
    let script = format!("script({})", example("lasker.rhai"));
    let by_script = nimbers(&mut rulesets, &script, &heaps(120));
    let built_in = nimbers(&mut rulesets, "lasker", &heaps(120));
    assert_eq!(by_script, built_in);
}

#[test]
fn the_wythoff_script_is_wythoff() {
    let mut rulesets = Rulesets::new();
    let script = format!("script({})", example("wythoff.rhai"));
    let bound = 30;
    let pairs: Vec<(u64, u64)> = (0..=bound)
        .flat_map(|a| (0..=bound).map(move |b| (a, b)))
        .collect();
    let tuples: Vec<String> = pairs.iter().map(|(a, b)| format!("{a},{b}")).collect();
    let words: Vec<String> = pairs.iter().map(|(a, b)| format!("{a} {b}")).collect();
    let by_script = nimbers(&mut rulesets, &script, &tuples);
    let built_in = nimbers(&mut rulesets, "wythoff", &words);
    assert_eq!(by_script, built_in);
}

#[test]
fn the_lieges_script_is_lieges_2() {
    let mut rulesets = Rulesets::new();
    let script = format!("script({})", example("lieges.rhai"));
    let by_script = nimbers(&mut rulesets, &script, &heaps(200));
    let built_in = nimbers(&mut rulesets, "lieges(2)", &heaps(200));
    assert_eq!(by_script, built_in);
}

/// A script game in a sum with built-ins: the same outcome, nimber and
/// winning moves (as expressions that parse again) as the built-in game.
#[test]
fn a_script_in_a_sum_gets_the_xor_rules_winning_moves() {
    let script = format!("script({})", example("subtraction.rhai"));
    let mut rulesets = Rulesets::new();
    for (heap, others) in [(10, "nim 3"), (12, "nim 1 + kayles 5"), (7, "nim 0")] {
        let by_script = analyze(
            &rulesets
                .parse_sum(&format!("{script} {heap} + {others}"))
                .unwrap(),
        )
        .unwrap();
        let built_in = analyze(
            &rulesets
                .parse_sum(&format!("subtraction(1,3,4) {heap} + {others}"))
                .unwrap(),
        )
        .unwrap();
        assert_eq!(by_script.outcome, built_in.outcome);
        assert_eq!(by_script.nimber, built_in.nimber);
        let renamed: Vec<String> = built_in
            .winning_moves
            .iter()
            .map(|(_, to)| to.replace("subtraction(1,3,4)", &script))
            .collect();
        let tos: Vec<&String> = by_script.winning_moves.iter().map(|(_, to)| to).collect();
        assert_eq!(tos, renamed.iter().collect::<Vec<_>>());
        for to in tos {
            let after = analyze(&rulesets.parse_sum(to).unwrap()).unwrap();
            assert_eq!(after.outcome, Outcome::P, "{to}");
        }
    }
    // Moves inside the script component, and a split into a sum.
    let lasker = format!("script({})", example("lasker.rhai"));
    let sum = rulesets.parse_sum(&format!("{lasker} 7 + nim 8")).unwrap();
    let analysis = analyze(&sum).unwrap();
    assert_eq!(analysis.nimber, Some(0u32.into()));
    let sum = rulesets.parse_sum(&format!("{lasker} 7 + nim 1")).unwrap();
    let analysis = analyze(&sum).unwrap();
    assert!(!analysis.winning_moves.is_empty());
    for (_, to) in &analysis.winning_moves {
        let after = analyze(&rulesets.parse_sum(to).unwrap()).unwrap();
        assert_eq!(after.outcome, Outcome::P, "{to}");
    }
}

#[test]
fn the_sequence_of_a_script_is_the_built_in_sequence() {
    let mut rulesets = Rulesets::new();
    for (script, built_in, to) in [
        ("subtraction.rhai", "subtraction(1,3,4)", 500),
        ("lasker.rhai", "lasker", 150),
        ("lieges.rhai", "lieges(2)", 500),
    ] {
        let script = rulesets
            .ruleset(&format!("script({})", example(script)))
            .unwrap();
        let game = script.heap_game().unwrap();
        let mut sequence = Sequence::new(game, MethodChoice::Auto).unwrap();
        sequence.compute(to, true, &mut |_| true);
        assert_eq!(game.failure(), None);
        let expected = nimbers(&mut rulesets, built_in, &heaps(to as u64));
        let values: Vec<u64> = sequence
            .values()
            .to_vec()
            .into_iter()
            .map(u64::from)
            .collect();
        assert_eq!(values, expected, "{built_in}");
    }
}

/// The error of `script(FILE) POSITION`, whether it comes when the script is
/// loaded or when the position is solved.
fn error_of(file: &str, position: &str) -> Error {
    let sum = match Rulesets::new().parse_sum(&format!("script({file}) {position}")) {
        Ok(sum) => sum,
        Err(error) => return error,
    };
    analyze(&sum).expect_err("the script must fail")
}

#[test]
fn a_syntax_error_names_its_line_and_column() {
    let error = error_of(&bad("syntax_error.rhai"), "5");
    assert_eq!(error.kind(), ErrorKind::BadInput);
    let Error::Script {
        path, line, column, ..
    } = &error
    else {
        panic!("{error:?}");
    };
    assert!(path.ends_with("syntax_error.rhai"));
    assert_eq!((*line, *column), (3, 15), "{error}");
}

#[test]
fn an_error_while_running_names_its_place_and_the_position() {
    let error = error_of(&bad("throws.rhai"), "6");
    assert_eq!(error.kind(), ErrorKind::BadInput);
    let message = error.to_string();
    assert!(message.contains("throws.rhai:4:9:"), "{message}");
    assert!(message.contains("no rule for heap 3"), "{message}");
    assert!(message.contains("(in moves(3))"), "{message}");
}

#[test]
fn a_value_that_is_not_an_option_is_bad_input() {
    let error = error_of(&bad("bad_option.rhai"), "5");
    assert_eq!(error.kind(), ErrorKind::BadInput);
    let message = error.to_string();
    assert!(message.contains("moves(5)"), "{message}");
    assert!(message.contains("expected a position"), "{message}");
    assert!(message.contains("2.5"), "{message}");
}

#[test]
fn a_script_that_loops_forever_hits_the_operation_limit() {
    let error = error_of(&bad("loops_forever.rhai"), "5");
    assert_eq!(error.kind(), ErrorKind::Limit);
    let message = error.to_string();
    assert!(message.contains("loops_forever.rhai"), "{message}");
    assert!(message.contains("operations"), "{message}");
    assert!(message.contains("moves(5)"), "{message}");
}

#[test]
fn a_script_that_allocates_without_bound_hits_the_size_limits() {
    for file in ["allocates.rhai", "allocates_arrays.rhai", "nests.rhai"] {
        let error = error_of(&bad(file), "5");
        assert_eq!(error.kind(), ErrorKind::Limit, "{error}");
        let message = error.to_string();
        assert!(message.contains(file), "{message}");
        assert!(message.contains("beyond the limits"), "{message}");
    }
}

#[test]
fn a_script_that_recurses_without_end_hits_the_call_depth_limit() {
    let error = error_of(&bad("recurses.rhai"), "5");
    assert_eq!(error.kind(), ErrorKind::Limit);
    let message = error.to_string();
    assert!(message.contains("nested calls"), "{message}");
    assert!(message.contains("moves(5)"), "{message}");
}

/// `cycle.rhai` goes round 0 -> 1 -> 2 -> 0 and nowhere else: every
/// position is ∞, a draw (`loopy_scripts.rs` tests scripts with cycles
/// against `graph(FILE)`).
#[test]
fn moves_that_make_a_cycle_are_a_draw() {
    let sum = Rulesets::new()
        .parse_sum(&format!("script({}) 0", bad("cycle.rhai")))
        .unwrap();
    let analysis = analyze(&sum).unwrap();
    assert_eq!(analysis.outcome, Outcome::D);
    assert_eq!(analysis.components[0].value.as_deref(), Some("∞"));
    assert_eq!(analysis.best_moves.len(), 1);
}

#[test]
fn a_cycle_through_a_split_is_not_supported() {
    let error = error_of(&bad("cycle_split.rhai"), "0");
    assert_eq!(error.kind(), ErrorKind::Unsupported);
    let message = error.to_string();
    assert!(message.contains("split positions"), "{message}");
    assert!(
        message.contains("a move from 1 leads to 0 + 2"),
        "{message}"
    );
}

#[test]
fn a_missing_file_or_function_is_bad_input() {
    let error = error_of(&bad("no_such_file.rhai"), "5");
    assert!(matches!(error, Error::File { .. }), "{error}");
    let error = error_of(&bad("no_moves.rhai"), "5");
    assert!(matches!(error, Error::File { .. }), "{error}");
    assert!(error.to_string().contains("fn moves(p)"), "{error}");
    let error = error_of(&bad("show_only.rhai"), "5");
    assert!(matches!(error, Error::File { .. }), "{error}");
    assert!(error.to_string().contains("both fn parse"), "{error}");
}

/// `left`, `right` and `result` are kept for partizan scripts.
#[test]
fn a_partizan_script_is_not_supported_yet() {
    let error = error_of(&bad("partizan.rhai"), "5");
    assert_eq!(error.kind(), ErrorKind::Unsupported);
    assert!(error.to_string().contains("fn left"), "{error}");
}

/// `visit_options` cannot fail: the sequence engine learns of a script's
/// error through `HeapGame::failure`, and an option that is not a smaller
/// heap is refused before the engine sees it.
#[test]
fn a_failing_script_in_a_sequence_reports_its_first_error() {
    let mut rulesets = Rulesets::new();
    for (file, expected) in [
        ("throws.rhai", "no rule for heap 3"),
        ("grows.rhai", "moves(1) leads to 2"),
        ("cycle.rhai", "moves(0) leads to 1"),
    ] {
        let ruleset = rulesets.ruleset(&format!("script({})", bad(file))).unwrap();
        let game = ruleset.heap_game().unwrap();
        let mut sequence = Sequence::new(game, MethodChoice::Auto).unwrap();
        sequence.compute(100, true, &mut |_| true);
        let error = game.failure().expect("the script failed");
        assert_eq!(error.kind(), ErrorKind::BadInput);
        assert!(error.to_string().contains(expected), "{error}");
    }
}

/// `grows.rhai` moves to a larger heap, which a sequence refuses, but the
/// game is finite and `analyze` solves it.
#[test]
fn moves_to_larger_positions_are_fine_outside_a_sequence() {
    let sum = Rulesets::new()
        .parse_sum(&format!("script({}) 1", bad("grows.rhai")))
        .unwrap();
    let analysis = analyze(&sum).unwrap();
    // 1 -> 2 -> 0: heap 2 is worth 1, heap 1 is worth 0.
    assert_eq!(analysis.nimber, Some(0u32.into()));
}

/// `parts` splits a row of pins into its runs: a run of n pins is Kayles
/// heap n, and a row is worth the XOR of its runs.
#[test]
fn the_kayles_script_splits_rows_into_runs() {
    let mut rulesets = Rulesets::new();
    let script = format!("script({})", example("kayles.rhai"));
    let rows: Vec<String> = (1..=40).map(|n| "x".repeat(n)).collect();
    let by_script = nimbers(&mut rulesets, &script, &rows);
    let built_in = nimbers(&mut rulesets, "kayles", &heaps(40)[1..]);
    assert_eq!(by_script, built_in);
    for (row, runs) in [("xxxx.x.xxxxxxx..xx", "4 1 7 2"), ("xx..xxx", "2 3")] {
        let row = nimbers(&mut rulesets, &script, &[row.into()]);
        let runs = nimbers(&mut rulesets, "kayles", &[runs.into()]);
        assert_eq!(row[0], runs.iter().fold(0, |x, v| x ^ v));
    }
    // A winning move leaves the parts of the row as components, or the
    // empty row when it knocks down the last pins.
    for (row, expected) in [("xxxxx", "xx xx"), ("xx", ".."), ("x.x.x", "x x")] {
        let sum = rulesets.parse_sum(&format!("{script} {row}")).unwrap();
        let tos: Vec<String> = analyze(&sum)
            .unwrap()
            .winning_moves
            .into_iter()
            .map(|(_, to)| to)
            .collect();
        assert!(tos.contains(&format!("{script} {expected}")), "{tos:?}");
        for to in tos {
            let after = analyze(&rulesets.parse_sum(&to).unwrap()).unwrap();
            assert_eq!(after.outcome, Outcome::P, "{to}");
        }
    }
}

/// `parse` and `show` spell positions their own way (`3:5`), in what is
/// read and in the winning moves written back.
#[test]
fn parse_and_show_spell_positions() {
    let mut rulesets = Rulesets::new();
    let script = format!("script({})", bad("two_piles.rhai"));
    let sum = rulesets
        .parse_sum(&format!("{script} 3:5 + nim 1"))
        .unwrap();
    let analysis = analyze(&sum).unwrap();
    assert_eq!(analysis.nimber, Some(7u32.into()));
    assert!(!analysis.winning_moves.is_empty());
    for (_, to) in &analysis.winning_moves {
        let after = analyze(&rulesets.parse_sum(to).unwrap()).unwrap();
        assert_eq!(after.outcome, Outcome::P, "{to}");
    }
    let text = format!("{script} 3,5");
    let error = rulesets.parse_sum(&text).unwrap_err();
    assert_eq!(
        error.column(),
        Some(text.find("3,5").unwrap() + 1),
        "{error}"
    );
    assert!(error.to_string().contains("two piles"), "{error}");
}
