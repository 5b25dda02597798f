//! What every subcommand shares: a closed stdout ends the run quietly, and
//! with `--json` an error is JSON on stdout as well as a line on stderr,
//! with the same exit status as without.

use crate::common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use crate::common::{grundy, temp_file};
use predicates::prelude::*;
use serde_json::Value;

/// Runs grundy with `args` (and `stdin`, a file, if given), reads the first
/// line of its answer and closes stdout, as `| head -1` does; returns the
/// exit code and stderr. Each answer is well over the 64 KiB a pipe holds,
/// so grundy is still writing when its reader goes away.
fn close_stdout_after_a_line(args: &[&str], stdin: Option<&std::path::Path>) -> (i32, String) {
    let stdin = match stdin {
        Some(path) => Stdio::from(std::fs::File::open(path).unwrap()),
        None => Stdio::null(),
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(!first.is_empty(), "{args:?} wrote nothing");
    // The reader is dropped here: stdout is closed.
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    (output.status.code().unwrap_or(-1), stderr)
}

#[test]
fn a_closed_stdout_ends_every_subcommand_quietly() {
    // Nim heaps 1..=5000: XOR 5000, 100 winning moves listed, each
    // repeating the 24 KB sum.
    let heaps: Vec<String> = (1..=5000).map(|h| h.to_string()).collect();
    let analyze = ["analyze", "nim"]
        .into_iter()
        .chain(heaps.iter().map(String::as_str))
        .collect::<Vec<_>>();
    let batch = temp_file("many.txt", &"nim 3 4 5\n".repeat(50_000));
    let runs: Vec<(Vec<&str>, Option<&std::path::Path>)> = vec![
        (analyze.clone(), None),
        ([&analyze[..], &["--json"]].concat(), None),
        (vec!["analyze", "--batch"], Some(&batch)),
        (vec!["analyze", "--batch", "-", "--json"], Some(&batch)),
        (
            vec![
                "sequence",
                "subtraction(1,3,4)",
                "--to",
                "2000000",
                "--full",
                "--values",
            ],
            None,
        ),
    ];
    for (args, stdin) in runs {
        let (code, stderr) = close_stdout_after_a_line(&args, stdin);
        assert_eq!((code, stderr.as_str()), (0, ""), "{:?}", &args[..3]);
    }
}

/// A case of an error: the arguments, the exit status, the kind and cause,
/// the column, and a piece of the message.
type ErrorCase<'a> = (Vec<&'a str>, i32, [&'a str; 2], Value, &'a str);

/// `{"error": {"message", "kind", "cause", "column"}}` on stdout, the
/// plain message on stderr, and the exit status of the kind.
fn assert_json_error(
    args: &[&str],
    status: i32,
    [kind, cause]: [&str; 2],
    column: Value,
    message: &str,
) {
    let assert = grundy()
        .args(args)
        .assert()
        .code(status)
        .stderr(predicate::str::starts_with("error: "))
        .stderr(predicate::str::contains(message));
    let json = common::validated(&assert.get_output().stdout);
    let error = &json["error"];
    assert_eq!(error["kind"], kind, "{args:?}");
    assert_eq!(error["cause"], cause, "{args:?}");
    assert_eq!(error["column"], column, "{args:?}");
    let text = error["message"].as_str().unwrap();
    assert!(text.contains(message), "{args:?}: {text}");
    assert_eq!(json.as_object().unwrap().len(), 1, "{args:?}");
}

#[test]
fn with_json_errors_are_json_with_their_kind_cause_column_and_status() {
    let big = "7".repeat(60);
    let huge_wythoff = format!("wythoff {big} 2{big} + nim 1");
    // An array left open: the script's line 2, where its text ends.
    let script = temp_file("open.rhai", "fn moves(p) { [ \n");
    let bad_script = format!("script(\"{}\") 3", script.display());
    let cases: Vec<ErrorCase> = vec![
        (
            vec!["analyze", "nim 3 x4", "--json"],
            2,
            ["bad_input", "parse"],
            7.into(),
            "expected a heap size",
        ),
        (
            vec!["analyze", "--json", "nim 5*200000"],
            1,
            ["limit", "limit"],
            Value::Null,
            "at most 100000",
        ),
        (
            vec!["analyze", &huge_wythoff, "--json"],
            1,
            ["unsupported", "unsupported"],
            Value::Null,
            "no closed form",
        ),
        (
            vec!["analyze", "--batch", "/no/such/file", "--json"],
            2,
            ["bad_input", "file"],
            Value::Null,
            "/no/such/file",
        ),
        (
            vec!["sequence", "kayless", "--to", "5", "--json"],
            2,
            ["bad_input", "parse"],
            1.into(),
            "did you mean 'kayles'?",
        ),
        (
            vec!["sequence", "wythoff", "--to", "5", "--json"],
            2,
            ["bad_input", "parse"],
            1.into(),
            "not a heap game",
        ),
        (
            vec!["analyze", &bad_script, "--json"],
            2,
            ["bad_input", "script"],
            Value::Null,
            "open.rhai:2:1:",
        ),
        // Usage errors too, as clap words them.
        (
            vec!["analyze", "nim 3", "--moves", "x", "--json"],
            2,
            ["bad_input", "usage"],
            Value::Null,
            "invalid value 'x' for '--moves <N>'",
        ),
        (
            vec!["sequence", "kayles", "--json"],
            2,
            ["bad_input", "usage"],
            Value::Null,
            "--to <N>",
        ),
    ];
    for (args, status, kind, column, message) in cases {
        assert_json_error(&args, status, kind, column, message);
    }
}

#[test]
fn without_json_errors_stay_off_stdout() {
    for args in [
        vec!["analyze", "nim 3 x4"],
        vec!["sequence", "wythoff", "--to", "5"],
        vec!["analyze", "nim 3", "--moves", "x"],
    ] {
        grundy()
            .args(&args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("error: "));
    }
}
