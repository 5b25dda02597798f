//! `grundy analyze` end to end on the families wythoff, fibonacci, euclid,
//! calendar, staircase, cram and impartial(FAMILY): huge positions,
//! positions without a nimber, sums, the registry's examples, and bad input.

use crate::common::{analyze_json, assert_every_winning_move_leads_to_p, grundy};
use predicates::prelude::*;
use serde_json::Value;

/// Wythoff with two 200-digit piles: no nimber (null), but the outcome and
/// every winning move, each leading to a P-position.
#[test]
fn wythoff_with_200_digit_piles() {
    let a = format!("1{}", "0".repeat(199));
    let b = format!("3{}", "1".repeat(199));
    let json = analyze_json(&format!("wythoff {a} {b}"));
    assert_eq!(json["outcome"], "N");
    assert_eq!(json["nimber"], Value::Null);
    assert!(!json["winning_moves"].as_array().unwrap().is_empty());
    assert_every_winning_move_leads_to_p(&json);

    grundy()
        .args(["analyze", &format!("wythoff {a} {b}")])
        .assert()
        .success()
        .stdout(predicate::str::contains("unknown"));
}

#[test]
fn examples_of_the_families_answer_with_moves_that_lead_to_p() {
    for expression in [
        "wythoff 3 5 + nim 2",
        "fibonacci 10 9",
        "fibonacci 20 3 + euclid 25 7",
        "calendar 2001-11-03",
        "staircase 3 0 2 5 + staircase 2",
    ] {
        let json = analyze_json(expression);
        assert_eq!(json["expression"], expression);
        assert_eq!(json["outcome"], "N", "{expression}");
        assert!(json["nimber"].is_u64(), "{expression}");
        assert_every_winning_move_leads_to_p(&json);
    }
    // The start of Fibonacci nim, N, is written with its limit N - 1.
    assert_eq!(analyze_json("fibonacci 10")["expression"], "fibonacci 10 9");
}

#[test]
fn bad_positions_exit_2_and_point_at_the_word() {
    for (expression, message) in [
        ("calendar 2001-11-05", "outside the game"),
        ("calendar 2001-02-29", "not a date"),
        ("fibonacci 5 2 1", "fibonacci takes one heap"),
        ("euclid 3", "incomplete"),
        ("staircase 1 x", "coins"),
    ] {
        grundy()
            .args(["analyze", expression])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message))
            .stderr(predicate::str::contains("^"));
    }
}

#[test]
fn a_huge_position_without_a_nimber_in_a_sum_is_not_supported() {
    let big = "7".repeat(60);
    grundy()
        .args(["analyze", &format!("wythoff {big} 2{big} + nim 1")])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not supported"))
        .stderr(predicate::str::contains("no closed form"));
}

/// Cram and the impartial variant of a partizan family are nimbers in sums
/// with other impartial games: every winning move leads to P, the
/// expressions written back parse, and misère play answers them too.
#[test]
fn cram_and_impartial_variants_in_sums() {
    for (expression, written) in [
        (
            "impartial(domineering) 3x3 + nim 5",
            "impartial(domineering) .../.../... + nim 5",
        ),
        ("cram 2x4 + kayles 4", "cram ..../.... + kayles 4"),
        (
            "impartial(clobber) xox/oxo + nim 2",
            "impartial(clobber) xox/oxo + nim 2",
        ),
    ] {
        let json = analyze_json(expression);
        assert_eq!(json["expression"], written);
        assert!(json["nimber"].is_u64(), "{expression}");
        assert_every_winning_move_leads_to_p(&json);
    }
    // 2x2 Cram is P (the symmetry strategy), so cram 2x2 + nim 3 is nim 3.
    assert_eq!(analyze_json("cram 2x2 + nim 3")["nimber"], 3);
    grundy()
        .args(["analyze", "impartial(domineering) 2x3 + nim 1", "--misere"])
        .assert()
        .success();
}

#[test]
fn bad_impartial_variants_and_cram_boards_exit_2_at_the_column() {
    for (expression, message) in [
        ("impartial(domineerin) 3x3", "did you mean 'domineering'?"),
        ("impartial(domineerin) 3x3", "column 11"),
        ("impartial(nim) 3", "not a partizan family"),
        ("cram ..x/...", "'x' is not a cell"),
        ("cram ..x/...", "column 8"),
        ("cram .../..", "column 10"),
    ] {
        grundy()
            .args(["analyze", expression])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
}
