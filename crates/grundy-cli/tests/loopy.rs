//! `graph(FILE)` with cycles on the command line: generalized values and
//! draws, in JSON and in words.

mod common;

use common::{analyze_json, grundy};
use predicates::prelude::*;

/// tests/data/loopy.txt: 0 <-> 1, both with a move to the sink 2 (so both
/// are ∞(0)); 3 -> 3 (∞); 4 -> 2 (nimber 1).
fn loopy(tokens: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/loopy.txt");
    format!("graph(\"{}\") {tokens}", path.display())
}

#[test]
fn a_draw_reports_d_the_values_and_the_moves_that_keep_it() {
    // ∞(0) + 1 = ∞(1): 0 is not in K, so a draw, kept only by 0 -> 1.
    let json = analyze_json(&loopy("0 4"));
    assert_eq!(json["outcome"], "D");
    assert_eq!(json["nimber"], serde_json::Value::Null);
    assert_eq!(json["components"][0]["value"], "∞(0)");
    assert_eq!(json["components"][0]["nimber"], serde_json::Value::Null);
    assert_eq!(json["components"][1]["value"], "1");
    assert_eq!(json["components"][1]["nimber"], 1);
    assert_eq!(json["winning_moves"].as_array().unwrap().len(), 0);
    let best = json["best_moves"].as_array().unwrap();
    assert_eq!(best.len(), 1);
    assert_eq!(best[0]["move"], "token 1: 0 -> 1");
    let after = analyze_json(best[0]["to"].as_str().unwrap());
    assert_eq!(after["outcome"], "D");
}

#[test]
fn an_infinite_token_with_a_move_to_0_is_won_by_it() {
    let json = analyze_json(&loopy("0"));
    assert_eq!(json["outcome"], "N");
    assert_eq!(json["components"][0]["value"], "∞(0)");
    assert!(json.get("best_moves").is_none());
    common::assert_every_winning_move_leads_to_p(&json);
}

#[test]
fn the_text_says_draw_and_exits_0() {
    grundy()
        .args(["analyze", &loopy("3 4")])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "outcome: D (draw: neither player can force a win)",
        ))
        .stdout(predicate::str::contains("moves that keep the draw (2):"))
        .stdout(predicate::str::contains("  ∞\n"));
}
