//! Helpers shared by the command-line tests (each test file uses some).
#![allow(dead_code)]

use assert_cmd::Command;
use serde_json::Value;

pub fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

/// Runs `grundy ARGS --json`, which must succeed, and parses its output.
pub fn json(args: &[&str]) -> Value {
    let out = grundy()
        .args(args)
        .arg("--json")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).unwrap()
}

/// The ruleset of the example script `name` of examples/: `script(PATH)`.
pub fn example(name: &str) -> String {
    format!("script({})", example_path(name).display())
}

pub fn example_path(name: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name)
}

pub fn analyze_json(expression: &str) -> Value {
    json(&["analyze", expression])
}

/// The answers of `grundy analyze --json FLAGS --batch FILE`, which must
/// succeed: one JSON object a line of the file.
pub fn batch_json(flags: &[&str], file: &std::path::Path) -> Vec<Value> {
    let out = grundy()
        .args(["analyze", "--json"])
        .args(flags)
        .arg("--batch")
        .arg(file)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::Deserializer::from_slice(&out)
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Each winning move's `to` is analysed again and must be a P-position;
/// returns those analyses.
pub fn assert_every_winning_move_leads_to_p(analysis: &Value) -> Vec<Value> {
    let moves = analysis["winning_moves"].as_array().unwrap();
    moves
        .iter()
        .map(|m| {
            let after = analyze_json(m["to"].as_str().unwrap());
            assert_eq!(
                after["outcome"], "P",
                "{}: {}",
                analysis["expression"], m["move"]
            );
            after
        })
        .collect()
}

/// A path in a fresh temporary directory of this test (one per thread, so
/// tests running in parallel do not share files).
pub fn temp_path(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "grundy-cli-tests-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Writes `text` to a fresh file (see `temp_path`).
pub fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = temp_path(name);
    std::fs::write(&path, text).unwrap();
    path
}
