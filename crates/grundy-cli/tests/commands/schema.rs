//! The schema of the answers (schema/grundy.schema.json) is strict enough
//! to see an answer that is off it: the validation that every other test
//! applies to the JSON it reads (`common::validated`) can fail.

use crate::common::{json, schema_error};
use serde_json::{json, Value};

/// `answer` with its key `from` (at the top) renamed `to`.
fn renamed(answer: &Value, from: &str, to: &str) -> Value {
    let mut answer = answer.clone();
    let object = answer.as_object_mut().unwrap();
    let value = object.remove(from).unwrap();
    object.insert(to.to_string(), value);
    answer
}

#[test]
fn an_answer_off_the_schema_is_refused() {
    let nim = json(&["analyze", "nim 3 4 5"]);
    assert_eq!(schema_error(&nim), None);
    // A key renamed, a key missing, a value of the wrong type, a letter
    // no outcome has, a huge nimber written as a number.
    let mut off = vec![renamed(&nim, "winning_moves", "winning_move")];
    off.push(renamed(&nim, "outcome", "result"));
    for (key, value) in [
        ("nimber", json!("two")),
        ("outcome", json!("Q")),
        ("nimber", json!(9007199254740992u64)),
        ("winning_move_count", json!(-1)),
    ] {
        let mut answer = nim.clone();
        answer[key] = value;
        off.push(answer);
    }
    for answer in off {
        assert!(schema_error(&answer).is_some(), "{answer}");
    }
    // Each subcommand's answer is one of its own: a sequence's with a key
    // of a table's is off the schema.
    let sequence = json(&["sequence", "kayles", "--to", "100"]);
    assert_eq!(schema_error(&sequence), None);
    let mut mixed = sequence.clone();
    mixed["rows"] = json!([0, 3]);
    assert!(schema_error(&mixed).is_some());
}

#[test]
fn a_huge_nimber_is_a_string_of_digits() {
    let answer = json(&["analyze", "nim 9007199254740992"]);
    assert_eq!(answer["nimber"], "9007199254740992");
    let small = json(&["analyze", "nim 9007199254740991"]);
    assert_eq!(small["nimber"], 9007199254740991u64);
}
