//! Games written in scripts (`script(FILE)`): the examples of `examples/`
//! against the built-in families they copy, in sums with built-ins, in the
//! nim-sequence engine; and scripts that are wrong or hit a limit, each with
//! its message and kind (tests/data/scripts holds them).

use std::path::PathBuf;

use grundy::error::ErrorKind;
use grundy::registry::Parsed;
use grundy::retrograde::Options;
use grundy::sequence::{MethodChoice, Sequence};
use grundy::strong::{Solve, Source, StrongAnalysis};
use grundy::value::Solution;
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
        .map(|c| u64::try_from(c.nimber(&mut |_| true).unwrap()).unwrap())
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
#[ignore = "slow: CI runs it (cargo test --workspace -- --ignored)"]
fn a_script_that_allocates_without_bound_hits_the_size_limits() {
    for file in ["allocates.rhai", "allocates_arrays.rhai", "nests.rhai"] {
        let error = error_of(&bad(file), "5");
        assert_eq!(error.kind(), ErrorKind::Limit, "{error}");
        let message = error.to_string();
        assert!(message.contains(file), "{message}");
        assert!(message.contains("beyond the limits"), "{message}");
        assert!(message.contains("emit(option)"), "{message}");
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

/// A script that mixes the ways of listing moves, or lists one player's
/// alone, is refused when it is loaded.
#[test]
fn a_script_must_list_moves_one_way() {
    for (file, expected) in [
        ("moves_and_left.rhai", "fn moves(p) and also fn left(p)"),
        ("left_only.rhai", "defines fn left(p) but not fn right(p)"),
    ] {
        let error = error_of(&bad(file), "5");
        assert_eq!(error.kind(), ErrorKind::BadInput, "{error}");
        assert!(error.to_string().contains(expected), "{error}");
    }
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

fn options() -> Options {
    Options { memory: 1 << 28 }
}

/// What `analyze` answers for one position of a ruleset solved strongly.
fn strong_analysis(rulesets: &mut Rulesets, expression: &str) -> Result<StrongAnalysis, Error> {
    let Parsed::Strong { ruleset, position } = rulesets.parse_question(expression)? else {
        panic!("{expression} is not solved strongly");
    };
    let strong = ruleset.strong().unwrap();
    strong.analyze(&position, Source::Solve, &options(), &mut |_| true)
}

/// What `grundy solve` answers for a ruleset.
fn solve(rulesets: &mut Rulesets, ruleset: &str) -> Result<Solve, Error> {
    let ruleset = rulesets.ruleset(ruleset)?;
    let solvable = ruleset.solvable().expect("solvable");
    solvable.solve(&options(), &mut |_| true, false)
}

/// A strong analysis with the boards alone: the position after each best
/// move loses its ruleset and `@Left` or `@Right`.
fn boards(analysis: &StrongAnalysis) -> (Solution, Vec<(String, Solution)>) {
    let board = |to: &str| {
        let word = to.rsplit(' ').next().unwrap();
        word.split('@').next().unwrap().to_string()
    };
    let moves = analysis
        .best_moves
        .iter()
        .map(|(to, after)| (board(to), *after))
        .collect();
    (analysis.solution, moves)
}

/// Left writes X and moves first, so Left is to move where both have as
/// many marks, Right where X has one more.
fn mover(board: &str) -> Option<&'static str> {
    let count = |mark| board.chars().filter(|&c| c == mark).count();
    match count('x') as i64 - count('o') as i64 {
        0 => Some("Left"),
        1 => Some("Right"),
        _ => None,
    }
}

/// The notes' three-cell game as a partizan script answers as the built-in
/// `mnk(1,3,2)` on every board the built-in accepts: the value, remoteness
/// and best moves; and `solve` counts as it does. The start is won by the
/// first player, by the middle.
#[test]
fn the_noughts_script_is_mnk_1_3_2() {
    let mut rulesets = Rulesets::new();
    let script = format!("script({})", example("noughts.rhai"));
    let mut compared = 0;
    for n in 0..27 {
        let board: String = [n % 3, n / 3 % 3, n / 9]
            .iter()
            .map(|&d| ['.', 'x', 'o'][d])
            .collect();
        let Some(player) = mover(&board) else {
            continue;
        };
        let Ok(built_in) = strong_analysis(&mut rulesets, &format!("mnk(1,3,2) {board}")) else {
            continue;
        };
        let by_script =
            strong_analysis(&mut rulesets, &format!("{script} {board}@{player}")).unwrap();
        assert_eq!(boards(&by_script), boards(&built_in), "{board}");
        compared += 1;
    }
    // Every board reachable from the start, as the built-in counts them.
    let built_in = solve(&mut rulesets, "mnk(1,3,2)").unwrap();
    assert_eq!(compared, built_in.positions);
    let by_script = solve(&mut rulesets, &script).unwrap();
    assert_eq!(by_script.counts, built_in.counts);
    let start = strong_analysis(&mut rulesets, &format!("{script} ...@Left")).unwrap();
    assert_eq!(start.solution.to_string(), "W in 3");
    let best: Vec<&str> = start.best_moves.iter().map(|(to, _)| to.as_str()).collect();
    assert_eq!(best, [format!("{script} .x.@Right")]);
}

/// Noughts and crosses written as a partizan script solves from its start
/// as the built-in `mnk(3,3,3)` does, and answers positions as it does.
#[test]
fn the_tictactoe_script_solves_as_mnk_3_3_3() {
    let mut rulesets = Rulesets::new();
    let script = format!("script({})", example("tictactoe.rhai"));
    let by_script = solve(&mut rulesets, &script).unwrap();
    let built_in = solve(&mut rulesets, "mnk(3,3,3)").unwrap();
    assert_eq!(by_script.positions, built_in.positions);
    assert_eq!(by_script.counts, built_in.counts);
    assert_eq!(by_script.start, built_in.start);
    assert_eq!(built_in.positions, 5478);
    for board in [
        ".../.../...",
        "x../.../...",
        "x../.o./...",
        "xo./.x./...",
        "xx./oo./...",
        "xo./xo./...",
        "xo./xo./x..",
    ] {
        let player = mover(board).unwrap();
        let by_script = strong_analysis(&mut rulesets, &format!("{script} {board}@{player}"));
        let built_in = strong_analysis(&mut rulesets, &format!("mnk(3,3,3) {board}"));
        assert_eq!(
            boards(&by_script.unwrap()),
            boards(&built_in.unwrap()),
            "{board}"
        );
    }
}

/// A `moves` script with a start, played out by `solve`: its lost positions
/// are those of nimber 0 (the built-in `subtraction(1,2)`), and its start is
/// won exactly when its nimber is not 0.
#[test]
fn solve_plays_out_a_moves_script_from_its_start() {
    let mut rulesets = Rulesets::new();
    let solved = solve(
        &mut rulesets,
        &format!("script({})", bad("take_one_or_two.rhai")),
    )
    .unwrap();
    let nimbers = nimbers(&mut rulesets, "subtraction(1,2)", &heaps(7));
    let zeros = nimbers.iter().filter(|&&g| g == 0).count() as u64;
    assert_eq!(solved.positions, 8);
    assert_eq!(solved.counts.lose, zeros);
    assert_eq!(solved.counts.win, 8 - zeros);
    assert_eq!(
        solved.start.standing.letter(),
        if nimbers[7] == 0 { "L" } else { "W" }
    );
}

/// Without `fn start` there is nothing to solve from; `analyze` still
/// answers, and the script stays a component of sums.
#[test]
fn solve_needs_a_start() {
    let mut rulesets = Rulesets::new();
    let script = format!("script({})", example("kayles.rhai"));
    let error = solve(&mut rulesets, &script).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::BadInput);
    assert!(error.to_string().contains("fn start()"), "{error}");
    let sum = rulesets
        .parse_sum(&format!("{script} xxx + nim 3"))
        .unwrap();
    assert_eq!(analyze(&sum).unwrap().nimber, Some(0u32.into()));
}

/// Errors of partizan scripts while solving: a result that is none of the
/// endings, a move to a sum.
#[test]
fn a_wrong_partizan_script_is_bad_input() {
    for (file, expected) in [
        (
            "result_maybe.rhai",
            "result(2): expected () while play goes on",
        ),
        ("sum_in_left.rhai", "left(3): a move to a sum of positions"),
    ] {
        let expression = format!("script({}) 3@Left", bad(file));
        let error = strong_analysis(&mut Rulesets::new(), &expression).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::BadInput, "{error}");
        assert!(error.to_string().contains(expected), "{error}");
    }
}
