//! `grundy compare G H`: equal, less, greater or confused, short and
//! loopy games alike, in words and in JSON; errors point into the game
//! they are in.

use crate::common::{grundy, json};
use predicates::prelude::*;

#[test]
fn two_games_compare_in_words() {
    // Winning Ways, ch. 11: on + off = dud; over - over is a draw, no
    // zero, yet over = over, which only comparing the two shows.
    for (g, h, line) in [
        ("on + off", "dud", "on + off = dud"),
        ("over", "over", "over = over"),
        ("domineering 2x2", "{1|-1}", "domineering 2x2 = {1|-1}"),
        ("^", "over", "^ < over"),
        ("1/2", "^", "1/2 > ^"),
        ("{1|-1}", "0", "{1|-1} || 0"),
    ] {
        grundy()
            .args(["compare", g, h])
            .assert()
            .success()
            .stdout(predicate::str::starts_with(format!("{line}\n")));
    }
}

#[test]
fn a_comparison_in_json_is_on_the_schema() {
    let answer = json(&["compare", "-1", "under"]);
    assert_eq!(answer["first"], "-1");
    assert_eq!(answer["second"], "under");
    assert_eq!(answer["relation"], "<");
    assert!(answer["explanation"].as_str().unwrap().starts_with("less"));
}

#[test]
fn an_error_points_into_the_game_it_is_in() {
    grundy()
        .args(["compare", "0", "{pass|pass|}"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("column 11"))
        .stderr(predicate::str::contains("in the second game"))
        .stderr(predicate::str::contains("  {pass|pass|}\n"));
    grundy()
        .args(["compare", "cool({1|-1})", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cool takes 2 arguments"))
        .stderr(predicate::str::contains("  cool({1|-1})\n"));
    // A position solved strongly has no value to compare: a question
    // grundy does not answer, exit 1.
    grundy()
        .args(["compare", "mnk(3,3,3) .../.../...@x", "0"])
        .assert()
        .code(1);
}
