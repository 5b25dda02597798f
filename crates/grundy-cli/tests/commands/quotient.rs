//! `grundy quotient` end to end, `analyze --misere` answered from a
//! quotient, the example script, and bad input.

use crate::common::{example, grundy, json};
use predicates::prelude::*;

#[test]
fn dawson_kayles_quotient_as_json() {
    // Plambeck and Siegel: 0.07's quotient has 24 elements up to heap 14
    // (and 360 up to heap 30, tested in the library).
    let q = json(&["quotient", "octal(0.07)", "--to", "14"]);
    assert_eq!(q["ruleset"], "octal(0.07)");
    assert_eq!(q["to"], 14);
    assert_eq!(q["order"], 24);
    let order = 24;
    let table = q["table"].as_array().unwrap();
    assert_eq!(table.len(), order);
    assert!(table
        .iter()
        .all(|row| row.as_array().unwrap().len() == order));
    assert_eq!(q["elements"][0], serde_json::json!([]));
    assert_eq!(q["heaps"].as_array().unwrap().len(), 14);
    // Heap 2 is a misère P-position: its element is in the P-portion.
    let p: Vec<u64> = (q["p_portion"].as_array().unwrap().iter())
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert!(p.contains(&q["heaps"][1].as_u64().unwrap()));
    assert!(!p.contains(&0), "the empty sum is N under misère play");
}

#[test]
fn text_shows_order_p_portion_heaps_and_table() {
    grundy()
        .args(["quotient", "octal(0.312)", "--to", "12"])
        .assert()
        .success()
        .stdout(predicate::str::contains("order:     12\n"))
        .stdout(predicate::str::contains(
            "P-portion: 3 elements: 1, 3, 1+4\n",
        ))
        .stdout(predicate::str::contains("   4  4\n"))
        .stdout(predicate::str::contains("multiplication table:\n"));
}

/// The example script is Dawson's Kayles written as a heap script: its
/// quotient is the built-in one's, element for element.
#[test]
fn the_example_script_has_the_quotient_of_octal_0_07() {
    let script = json(&["quotient", &example("dawson.rhai"), "--to", "12"]);
    let octal = json(&["quotient", "octal(0.07)", "--to", "12"]);
    for key in ["order", "elements", "p_portion", "heaps", "table"] {
        assert_eq!(script[key], octal[key], "{key}");
    }
}

#[test]
fn analyze_misere_answers_sums_of_heaps_from_the_quotient() {
    // Plambeck: in 0.312 the heap of 4 is A, and A + A = :0; heap 1 is P.
    let a = json(&["analyze", "octal(0.312) 4 4 1", "--misere"]);
    assert_eq!(a["outcome"], "P");
    assert_eq!(a["winning_moves"].as_array().unwrap().len(), 0);
    let heaps: Vec<String> = (0..100).map(|i| ((i * 7 + 3) % 23).to_string()).collect();
    let a = json(&[
        "analyze",
        &format!("octal(0.07) {}", heaps.join(" ")),
        "--misere",
    ]);
    assert_eq!(a["convention"], "misere");
    assert_eq!(a["nimber"], serde_json::Value::Null);
    assert_eq!(
        a["outcome"] == "N",
        a["winning_move_count"].as_u64().unwrap() > 0
    );
}

#[test]
fn bad_input_exits_2_with_a_clear_message() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["quotient", "nosuch", "--to", "5"],
            "unknown family 'nosuch'",
        ),
        (
            &["quotient", "wythoff", "--to", "5"],
            "wythoff is not a heap game",
        ),
        (&["quotient", "kayles"], "--to <N>"),
        (&["quotient", "kayles", "--to", "0"], "0 is not in 1.."),
        (&["quotient", "kayles", "--to", "many"], "invalid digit"),
    ];
    for (args, message) in cases {
        grundy()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
    grundy()
        .args(["quotient", "wythoff", "--to", "5", "--json"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("\"kind\":\"bad_input\""));
}

#[test]
fn a_bound_beyond_the_limit_exits_1_naming_it() {
    grundy()
        .args(["quotient", "kayles", "--to", "5000"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("heaps up to 4096"));
}
