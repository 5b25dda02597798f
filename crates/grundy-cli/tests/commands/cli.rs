//! The command line end to end: the contract of DESIGN.md, and bad input.

use crate::common::{analyze_json, assert_every_winning_move_leads_to_p, grundy, json, temp_file};
use predicates::prelude::*;
use serde_json::Value;

#[test]
fn nim_3_4_5_has_one_winning_move() {
    let json = analyze_json("nim 3 4 5");
    assert_eq!(json["expression"], "nim 3 4 5");
    assert_eq!(json["convention"], "normal");
    assert_eq!(json["outcome"], "N");
    assert_eq!(json["nimber"], 2);
    let moves = json["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["move"], "heap 1: 3 -> 1");
    assert_eq!(moves[0]["to"], "nim 1 4 5");
}

#[test]
fn every_winning_move_leads_to_a_position_analyze_calls_p() {
    for expression in [
        "nim 3 4 5 + subtraction(1,3,4) 10 + bash(3) 10",
        "subtraction(2,5) 7 8 9 + nim 6",
        "bash(4) 17 3",
    ] {
        let json = analyze_json(expression);
        assert_eq!(json["outcome"], "N", "{expression}");
        let moves = json["winning_moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{expression}");
        for after in assert_every_winning_move_leads_to_p(&json) {
            assert_eq!(after["nimber"], 0);
        }
    }
}

#[test]
fn huge_heaps_are_exact() {
    let big: num_bigint::BigUint = "1".repeat(60).parse().unwrap();
    let json = analyze_json(&format!("nim {big} 7"));
    // The nimber is exact, whatever its size: from 2^53 on, a string of
    // its digits.
    let expected = (&big ^ num_bigint::BigUint::from(7u8)).to_string();
    assert_eq!(json["nimber"], expected.as_str());
    assert_eq!(json["winning_moves"][0]["to"], "nim 7 7");
}

#[test]
fn the_table_shows_components_outcome_and_moves() {
    grundy()
        .args(["analyze", "nim", "3", "4", "5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("sum (XOR)  2"))
        .stdout(predicate::str::contains("outcome: N"))
        .stdout(predicate::str::contains("heap 1: 3 -> 1  => nim 1 4 5"));
    grundy()
        .args(["analyze", "nim 1 2 3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("outcome: P"))
        .stdout(predicate::str::contains("winning moves: none"));
}

/// POJ 2425's first graph, with tokens on 0 and 2, as `graph(FILE)` reads it,
/// from a path with a space and a comma that must be quoted.
#[test]
fn graph_games_read_their_file_and_write_it_back() {
    let path = temp_file("my dag, first.txt", "4\n2 1 2\n0\n1 3\n0\n");
    let expression = format!("graph(\"{}\") 0 2", path.display());
    let json = analyze_json(&expression);
    // SG: vertex 3 = 0, 1 = 0, 2 = 1, 0 = mex{0,1} = 2; 2 XOR 1 = 3.
    assert_eq!(json["nimber"], 3);
    assert_eq!(json["outcome"], "N");
    let moves = json["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["move"], "token 1: 0 -> 2");
    let after = analyze_json(moves[0]["to"].as_str().unwrap());
    assert_eq!(after["outcome"], "P");
}

#[test]
fn help_explains_expressions_and_lists_every_family() {
    for args in [vec!["--help"], vec!["analyze", "--help"]] {
        let assert = grundy().args(&args).assert().success();
        let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
        for family in grundy::FAMILIES {
            assert!(out.contains(family.usage), "{args:?} lacks {}", family.name);
            assert!(
                out.contains(family.example),
                "{args:?} lacks {}",
                family.example
            );
        }
        assert!(out.contains("COMPONENT + COMPONENT"));
    }
}

/// `analyze --help` names every option with what it does and its default.
#[test]
fn analyze_help_names_its_options() {
    let assert = grundy().args(["analyze", "--help"]).assert().success();
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    for option in [
        "--json",
        "--misere",
        "--moves <N>",
        "[default: 100]",
        "--outcome-only",
        "--batch [<FILE>]",
        "one expression a line",
    ] {
        assert!(out.contains(option), "analyze --help lacks {option}");
    }
}

/// Bad input: exit status 2, a message that points at the problem, no panic.
#[test]
fn bad_input_exits_2_with_a_pointed_message() {
    let short = temp_file("short.txt", "3\n1 1\n0\n");
    let short = format!("graph(\"{}\") 0", short.display());
    let cases: Vec<(&str, &str)> = vec![
        ("foo 3", "unknown family 'foo'"),
        ("nim 3 x4", "column 7: expected a heap size"),
        ("nim 3 -4", "column 7"),
        ("nim", "nim needs at least one position"),
        ("nim(2) 3", "nim takes no parameters"),
        ("subtraction() 3", "non-empty set"),
        (
            "subtraction(1,0) 3",
            "column 15: subtraction amounts must be positive",
        ),
        ("subtraction(1,99999999999) 3", "too large"),
        ("bash 3", "bash takes 1 parameter"),
        ("bash(0) 3", "M must be at least 1"),
        ("nim 3 +", "column 8: expected a family name"),
        ("nim(3 4", "never closed"),
        ("graph(/no/such/file.txt) 0", "/no/such/file.txt"),
        (&short, "ends after 2 of its 3 vertices"),
    ];
    for (expression, message) in cases {
        grundy()
            .args(["analyze", expression])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message))
            .stderr(predicate::str::contains("panicked").not());
    }
}

#[test]
fn parse_errors_show_a_caret_under_the_column() {
    grundy()
        .args(["analyze", "nim 3 + foo 4"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("  nim 3 + foo 4\n          ^"));
}

#[test]
fn a_vertex_outside_the_graph_is_bad_input() {
    let path = temp_file("two.txt", "2\n1 1\n0\n");
    grundy()
        .args(["analyze", &format!("graph(\"{}\") 0 7", path.display())])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "vertex 7 is not in the graph (0 to 1)",
        ));
}

/// `--misere`: who cannot move wins. HDU 1907's first sample, `nim 3 5 1`,
/// is won by leaving `3 2 1` (XOR 0 with a heap of 2 or more).
#[test]
fn misere_play_reports_no_nimber_and_misere_winning_moves() {
    let json = json(&["analyze", "nim 3 5 1", "--misere"]);
    assert_eq!(json["convention"], "misere");
    assert_eq!(json["outcome"], "N");
    assert_eq!(json["nimber"], Value::Null);
    assert_eq!(json["components"][0]["nimber"], Value::Null);
    let moves = json["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["move"], "heap 2: 5 -> 2");
    assert_eq!(moves[0]["to"], "nim 3 2 1");
    grundy()
        .args(["analyze", "nim 1", "--misere"])
        .assert()
        .success()
        .stdout(predicate::str::contains("convention: misere"))
        .stdout(predicate::str::contains("outcome: P"));
}

/// A sum with a wild part (heap 4 of .312, genus 2^1420) is searched as a
/// whole, here beyond the search's limit.
#[test]
fn misere_search_beyond_its_limit_exits_1() {
    grundy()
        .args([
            "analyze",
            "nim 1000 1000 + bash(3) 1000 + octal(0.312) 4",
            "--misere",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not supported yet"));
}

/// The families of misère play's issue in sums with each other: every
/// winning move's `to` parses again and is a P-position.
#[test]
fn lasker_lieges_divisor_and_progressive_winning_moves_lead_to_p() {
    for expression in [
        "lasker 2 2 7 + nim 1",
        "lieges(3) 12 6 + lieges(2) 5 + divisor 20",
        "divisor 12 7 + progressive 1 1 3 2",
        "progressive 1 4 0 2 + lasker 10 + bash(2) 4",
        "lasker 2000000000000000000000000000000000000000000000000002 + divisor 40",
    ] {
        let json = analyze_json(expression);
        assert_eq!(json["outcome"], "N", "{expression}");
        let moves = json["winning_moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{expression}");
        assert_every_winning_move_leads_to_p(&json);
    }
}

#[test]
fn bad_parameters_of_the_new_families_exit_2() {
    for (expression, message) in [
        ("lasker(2) 3", "lasker takes no parameters"),
        ("lieges 3", "lieges takes 1 parameter"),
        ("lieges(0) 3", "K must be at least 1"),
        ("divisor 4 x", "column 11: expected a heap size"),
        ("progressive", "progressive needs a position"),
        ("progressive 1 -2", "column 15"),
    ] {
        grundy()
            .args(["analyze", expression])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message))
            .stderr(predicate::str::contains("panicked").not());
    }
}
