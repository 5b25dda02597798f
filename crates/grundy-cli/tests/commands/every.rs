//! `analyze --every` (Every-SG: each turn moves in every component that can
//! move; the last move wins): steps, outcome, winning moves, the example
//! script of HDU 3595, and what it refuses.

use crate::common;

use crate::common::{example, grundy, json};
use predicates::prelude::*;

fn every_json(expression: &str) -> serde_json::Value {
    json(&["analyze", "--every", expression])
}

/// Each component's step, the largest, and every winning move: each leaves
/// a sum lost for the opponent under the same play.
#[test]
fn every_json_shows_steps_and_moves_that_win() {
    let a = every_json("euclid 4 1 + subtraction(1,2) 4 + nim 0");
    assert_eq!(a["play"], "every");
    assert_eq!(a["nimber"], serde_json::Value::Null);
    let steps: Vec<u64> = (a["components"].as_array().unwrap().iter())
        .map(|c| c["step"].as_u64().unwrap())
        .collect();
    assert_eq!(steps, [1, 3, 0]);
    assert_eq!(
        (a["step"].as_u64(), a["outcome"].as_str()),
        (Some(3), Some("N"))
    );
    // subtraction(1,2) 4 must go to 3 (step 2, the slow win); euclid 4 1
    // has four options, all of step at most 2.
    assert_eq!(a["winning_move_count"], 4);
    for m in a["winning_moves"].as_array().unwrap() {
        let after = every_json(m["to"].as_str().unwrap());
        assert_eq!(after["outcome"], "P", "{}", m["move"]);
    }
    assert_eq!(a["choices"][0]["step"], 2);
    assert_eq!(a["choices"][0]["count"], 4);
}

/// HDU 3595's samples through the example script: three games of (1, 1)
/// are won by MM, who moves first; one game of (3, 2) by GG.
#[test]
fn gg_and_mm_example_answers_hdu3595s_samples() {
    let game = example("gg_and_mm.rhai");
    let first = every_json(&format!("{game} 1,1 1,1 1,1"));
    assert_eq!(first["outcome"], "N");
    let second = every_json(&format!("{game} 3,2"));
    assert_eq!(
        (second["outcome"].as_str(), second["step"].as_u64()),
        (Some("P"), Some(2))
    );
    grundy()
        .args(["analyze", "--every", &format!("{game} 3,2")])
        .assert()
        .success()
        .stdout(predicate::str::contains("largest step: 2 (even"))
        .stdout(predicate::str::contains("winning moves: none"));
}

#[test]
fn every_with_batch_answers_each_line() {
    let file = common::temp_path("every.txt");
    std::fs::write(&file, "euclid 1 1 1 1 1 1\neuclid 3 2\n").unwrap();
    grundy()
        .args(["analyze", "--every", "--outcome-only", "--batch"])
        .arg(&file)
        .assert()
        .success()
        .stdout("euclid 1 1 1 1 1 1: N, every, step 1\neuclid 3 2: P, every, step 2\n");
}

/// Flags that cannot go together are bad input (exit 2); a game that has
/// no step (one that can go round a cycle, one solved strongly, a partizan
/// value) is a well-formed question not supported (exit 1), said plainly.
#[test]
fn every_refuses_what_it_cannot_answer() {
    for flag in ["--misere", "--db=x.db"] {
        grundy()
            .args(["analyze", "--every", flag, "nim 3"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("cannot be used with"));
    }
    let cycle = format!("{} 3", example("cycle.rhai"));
    for (expression, says) in [
        (cycle.as_str(), "can go round a cycle"),
        ("mnk(3,3,3) x../.../...", "solved strongly"),
        ("domineering ..", "partizan value"),
    ] {
        grundy()
            .args(["analyze", "--every", expression])
            .assert()
            .code(1)
            .stderr(predicate::str::contains(says));
    }
    grundy()
        .args(["analyze", "--every", "euclid 3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("column"));
}
