//! `graph(FILE)` with cycles on the command line: generalized values and
//! draws, in JSON and in words.

use crate::common;

use crate::common::{analyze_json, grundy, json, temp_file};
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

/// Issue 19, item 8 (repro 07): a vertex with 200,000 self-loops and an
/// edge to a sink. Its value is ∞(0) (it can stay forever, or move to the
/// sink's 0), so alone it is won by the one move to the sink, and two
/// tokens on it are a draw. The value of each move's target was found
/// again for every parallel edge, in as many steps as the vertex has edges:
/// 100,000 self-loops took 9.3 s, and now 0.04 s (/usr/bin/time, release
/// build); no time is asserted here, only the answer.
#[test]
fn parallel_self_loops_are_valued_once() {
    let mut text = String::from("2\n200001");
    text.push_str(&" 0".repeat(200_000));
    text.push_str(" 1\n0\n");
    let file = temp_file("self_loops.txt", &text);
    let graph = format!("graph(\"{}\")", file.display());
    let one = analyze_json(&format!("{graph} 0"));
    assert_eq!(one["outcome"], "N");
    assert_eq!(one["components"][0]["value"], "∞(0)");
    assert_eq!(one["winning_move_count"], 1);
    assert_eq!(one["winning_moves"][0]["to"], format!("{graph} 1"));
    let two = json(&["analyze", "--moves", "2", &format!("{graph} 0 0")]);
    assert_eq!(two["outcome"], "D");
    assert_eq!(two["best_moves"].as_array().unwrap().len(), 2);
    assert_eq!(two["best_moves"][0]["to"], format!("{graph} 0 0"));
}
