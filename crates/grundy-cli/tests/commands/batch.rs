//! `grundy analyze --batch`: one expression a line, one answer a line, bad
//! lines answered with their errors, and the worst exit status.

use crate::common;

use crate::common::{grundy, temp_file};
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
        .map(|line| common::validated(line.as_bytes()))
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
        .map(|l| common::validated(l.as_bytes()))
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

/// A partizan script that says on stderr each time Left's moves are
/// listed: Left takes 1, Right takes 2, and who cannot move loses.
const COUNTDOWN: &str = "fn left(n) { print(\"left \" + n); if n >= 1 { [n - 1] } else { [] } }\n\
                         fn right(n) { if n >= 2 { [n - 2] } else { [] } }\n";

/// Issue 19, item 18: a position solved strongly gets in a batch the
/// answer `analyze` gives it alone (it was refused as no part of a sum),
/// in JSON and, with --outcome-only, without its best moves.
#[test]
fn positions_solved_strongly_are_answered_as_alone() {
    let script = temp_file("countdown.rhai", COUNTDOWN);
    let questions = [
        "mnk(3,3,3) x.o/.x./...".to_string(),
        format!("script(\"{}\") 6@Left", script.display()),
        "nim 3 4 5".to_string(),
    ];
    let file = temp_file("strong.txt", &questions.join("\n"));
    for extra in [&[][..], &["--outcome-only"][..]] {
        let output = grundy()
            .args(["analyze", "--json", "--batch"])
            .arg(&file)
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        for (i, (line, question)) in lines(&output.stdout).iter().zip(&questions).enumerate() {
            let mut answer = common::validated(line.as_bytes());
            assert_eq!(answer["line"], i + 1);
            answer.as_object_mut().unwrap().remove("line");
            let mut alone = vec!["analyze", question.as_str()];
            alone.extend_from_slice(extra);
            assert_eq!(answer, common::json(&alone), "{question} {extra:?}");
        }
    }
    let first = common::json(&["analyze", "--outcome-only", &questions[0]]);
    assert_eq!(first["outcome"], "T");
    // The outcome alone: the search that answers it knows no remoteness.
    assert_eq!(first["remoteness"], Value::Null);
    assert!(first.get("best_moves").is_none(), "{first}");
    let text = grundy()
        .args(["analyze", "--outcome-only", &questions[0]])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("outcome: T") && !text.contains("best moves"),
        "{text}"
    );
}

/// Issue 19, item 18: a batch solves a ruleset solved strongly once for
/// positions within a table already solved. Alone, 6@Left lists Left's
/// moves from 6, 3 and 0 to solve, and from 6 again for its best moves;
/// 3@Left, reachable from 6@Left, then lists them from 3 only (its best
/// moves) instead of solving again from 3.
#[test]
fn a_batch_answers_from_a_table_already_solved() {
    let script = temp_file("countdown.rhai", COUNTDOWN);
    let ruleset = format!("script(\"{}\")", script.display());
    let file = temp_file(
        "countdown.txt",
        &format!("{ruleset} 6@Left\n{ruleset} 3@Left\n"),
    );
    let output = grundy()
        .args(["analyze", "--batch"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let listed: Vec<String> = String::from_utf8(output.stderr)
        .unwrap()
        .lines()
        .map(|l| l.rsplit(": ").next().unwrap().to_string())
        .collect();
    assert_eq!(listed, ["left 6", "left 3", "left 0", "left 6", "left 3"]);
    let answers = lines(&output.stdout);
    assert_eq!(
        answers[1],
        format!("{ruleset} 3@Left: L in 2, 1 best move: => {ruleset} 2@Right (then W in 1)")
    );
}
