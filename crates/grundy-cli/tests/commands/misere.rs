//! `analyze --misere`: each component's genus, sums of tame components by
//! the tame rule, and the example of misère trees (HDU 3590's game).

use crate::common::{example, grundy, json};
use predicates::prelude::*;
use serde_json::Value;

/// The five trees of eight nodes of examples/README.md.
const FIVE_TREES: &str = "1-2,2-3,3-4,1-5,5-6,1-7,7-8 1-2,2-3,2-4,4-5,5-6,1-7,7-8 \
     1-2,1-3,3-4,3-5,5-6,6-7,7-8 1-2,2-3,3-4,4-5,2-6,6-7,1-8 1-2,2-3,1-4,4-5,4-6,6-7,7-8";

fn misere_json(expression: &str) -> Value {
    json(&["analyze", "--misere", expression])
}

fn genera(analysis: &Value) -> Vec<(Value, Value)> {
    (analysis["components"].as_array().unwrap().iter())
        .map(|c| (c["genus"].clone(), c["tame"].clone()))
        .collect()
}

/// Each component's genus in Winning Ways' notation, and whether it is
/// tame: heap 4 of .312 is wild, `2^1420` (Plambeck's table), so the sum is
/// searched; its winning moves lead to misère-P sums.
#[test]
fn misere_json_shows_each_components_genus() {
    let analysis = misere_json("octal(0.312) 4 + nim 2 + kayles 3");
    assert_eq!(
        genera(&analysis),
        [
            ("2^1420".into(), false.into()),
            ("2^20".into(), true.into()),
            ("3^31".into(), true.into()),
        ]
    );
    assert_eq!(analysis["nimber"], Value::Null);
    for m in analysis["winning_moves"].as_array().unwrap() {
        let after = misere_json(m["to"].as_str().unwrap());
        assert_eq!(after["outcome"], "P", "{}", m["move"]);
    }
    // Under normal play there is no genus at all.
    let normal = json(&["analyze", "octal(0.312) 4 + nim 2"]);
    assert!(normal["components"][0].get("genus").is_none(), "{normal}");
}

/// A genus beyond its search is `null`, never guessed: a Nim heap past
/// 2^64 has its misère answer by the anti-Nim rule all the same.
#[test]
fn misere_genus_beyond_its_search_is_null() {
    let analysis = misere_json("nim 100000000000000000000000 1");
    assert_eq!(
        genera(&analysis),
        [(Value::Null, Value::Null), ("1^031".into(), true.into())]
    );
    assert_eq!(analysis["outcome"], "N");
    grundy()
        .args(["analyze", "--misere", "nim 100000000000000000000000 1"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "unknown (its search reached a limit)",
        ));
}

/// examples/trees.rhai end to end: HDU 3590's game on five trees of eight
/// nodes, beyond the exhaustive search of the whole sum, by the tame rule:
/// the genus of each tree, the outcome, and every winning move, each of
/// which leaves a misère-P sum.
#[test]
fn example_trees_by_genus_and_the_tame_rule() {
    let expression = format!("{} {FIVE_TREES}", example("trees.rhai"));
    let analysis = misere_json(&expression);
    let genera: Vec<Value> = genera(&analysis).into_iter().map(|(g, _)| g).collect();
    assert_eq!(genera, ["3^31", "1^13", "7^75", "3^31", "1^13"]);
    assert_eq!(analysis["outcome"], "N");
    let moves = analysis["winning_moves"].as_array().unwrap();
    assert_eq!(analysis["winning_move_count"], 5);
    for m in moves {
        let after = misere_json(m["to"].as_str().unwrap());
        assert_eq!(after["outcome"], "P", "{}", m["move"]);
    }
    grundy()
        .args(["analyze", "--misere", &expression])
        .assert()
        .success()
        .stdout(predicate::str::contains("component"))
        .stdout(predicate::str::contains("genus"))
        .stdout(predicate::str::contains("(((((())))())())  7^75 (tame)"));
}

/// Bad trees are bad input (exit 2) with a message that says what is wrong.
#[test]
fn bad_trees_exit_2_with_a_clear_message() {
    for (tree, message) in [
        ("(()", "unbalanced brackets"),
        ("(())()", "closes before its end"),
        ("(x)", "holds only ( and )"),
        ("1-2,2-3,3-1", "has 2 edges, not 3"),
        ("1-2,3-4", "has 3 edges, not 2"),
        ("1-2-3", "a tree is its edges a-b"),
        ("1-1", "an edge joins two of them"),
        ("2-3,3-2", "do not join every node to node 1"),
    ] {
        grundy()
            .args([
                "analyze",
                "--misere",
                &format!("{} {tree}", example("trees.rhai")),
            ])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
}
