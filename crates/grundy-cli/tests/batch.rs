//! `grundy analyze --batch`: one expression a line, one answer a line, bad
//! lines answered with their errors, and the worst exit status.

mod common;

use common::{grundy, temp_file};
use predicates::prelude::*;
use serde_json::Value;

/// Good lines, a comment, blank lines, bad input (column 9 of its line, as
/// written with its leading spaces), a limit, a line ending in CRLF.
const MIXED: &str = "# positions\n\
                     nim 3 4 5\n\
                     \n\
                     nim 1 2 3\n  nim 3 x4\n\
                     nim 5*200000\n\
                     calendar 2001-11-03\r\n\
                     nim 3 4 5 6\n";

fn lines(out: &[u8]) -> Vec<String> {
    String::from_utf8(out.to_vec())
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn text_answers_one_line_each_and_bad_lines_with_their_error() {
    let file = temp_file("mixed.txt", MIXED);
    let assert = grundy()
        .args(["analyze", "--moves", "2", "--batch"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "2 lines failed, the first at line 5",
        ));
    let answers = lines(&assert.get_output().stdout);
    assert_eq!(
        answers,
        [
            "nim 3 4 5: N, nimber 2, 1 winning move: heap 1: 3 -> 1 => nim 1 4 5",
            "nim 1 2 3: P, nimber 0, no winning move",
            "nim 3 x4: error: line 5: column 9: expected a heap size (a non-negative integer), \
             found \"x4\"",
            "nim 5*200000: error: line 6: limit reached: 200000 copies of a position: \
             at most 100000 are written out as components",
            "calendar 2001-11-03: N, nimber 1, 1 winning move: \
             date 1: 2001-11-03 -> 2001-11-04 => calendar 2001-11-04",
            "nim 3 4 5 6: N, nimber 4, 3 winning moves, first 2: \
             heap 2: 4 -> 0 => nim 3 0 5 6; heap 3: 5 -> 1 => nim 3 4 1 6",
        ]
    );
}

#[test]
fn json_lines_carry_the_line_number_and_errors_their_kind() {
    let file = temp_file("mixed.txt", MIXED);
    let assert = grundy()
        .args(["analyze", "--json", "--batch"])
        .arg(&file)
        .assert()
        .code(2);
    let answers: Vec<Value> = lines(&assert.get_output().stdout)
        .iter()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let numbers: Vec<u64> = answers
        .iter()
        .map(|a| a["line"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [2, 4, 5, 6, 7, 8]);
    assert_eq!(answers[0]["expression"], "nim 3 4 5");
    assert_eq!(answers[0]["winning_moves"][0]["to"], "nim 1 4 5");
    assert_eq!(answers[1]["outcome"], "P");
    assert_eq!(answers[2]["error"]["kind"], "bad_input");
    assert_eq!(answers[2]["error"]["column"], 9);
    assert_eq!(answers[3]["error"]["kind"], "limit");
    assert_eq!(answers[3]["error"]["column"], Value::Null);
    assert_eq!(answers[4]["expression"], "calendar 2001-11-03");
    assert_eq!(answers[5]["winning_move_count"], 3);
}

/// The exit status is the worst of the lines: 2 for any bad input, else 1
/// for any limit, else 0.
#[test]
fn the_exit_status_is_the_worst_of_the_lines() {
    for (text, status) in [
        ("nim 3\nnim 5*200000\nnim 4\n", 1),
        ("nim 5*200000\nfoo 3\nnim 4\n", 2),
        ("nim 3\n\n# only good lines\nnim 1 1\n", 0),
        ("", 0),
    ] {
        grundy()
            .args(["analyze", "--batch", "-", "--outcome-only"])
            .write_stdin(text)
            .assert()
            .code(status);
    }
}

/// `--batch` alone reads standard input; `--outcome-only` and `--misere`
/// apply to every line.
#[test]
fn standard_input_and_per_line_options() {
    grundy()
        .args(["analyze", "--batch", "--outcome-only"])
        .write_stdin("nim 3 4 5\nnim 1 2 3\n")
        .assert()
        .success()
        .stdout("nim 3 4 5: N, nimber 2\nnim 1 2 3: P, nimber 0\n");
    grundy()
        .args(["analyze", "--batch", "--misere", "--json", "--outcome-only"])
        .write_stdin("nim 1\n")
        .assert()
        .success()
        .stdout(
            "{\"line\":1,\"expression\":\"nim 1\",\"convention\":\"misere\",\
             \"outcome\":\"P\",\"nimber\":null}\n",
        );
}

#[test]
fn a_batch_takes_no_expression_and_a_missing_file_is_bad_input() {
    grundy()
        .args(["analyze", "--batch", "-", "nim 3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
    grundy()
        .args(["analyze", "--batch", "/no/such/positions.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/no/such/positions.txt"));
}

/// Issue 19, item 16: a line of a batch is read up to 16 MiB; a longer one
/// is answered with a limit error and the next line as usual (a 1 GB line
/// took 5.9 GB).
#[test]
fn a_line_too_long_is_answered_with_the_limit_and_the_batch_goes_on() {
    let mut input = b"nim 1\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 17 << 20));
    input.extend(b"\nnim 1 1\n");
    let out = grundy()
        .args(["analyze", "--batch", "--json"])
        .write_stdin(input)
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let answers: Vec<serde_json::Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 3);
    assert_eq!(answers[0]["outcome"], "N");
    assert_eq!(answers[1]["line"], 2);
    assert_eq!(answers[1]["error"]["kind"], "limit");
    assert!(answers[1]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("longer than 16 MiB"));
    assert_eq!(answers[2]["outcome"], "P");
}
