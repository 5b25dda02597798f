//! Helpers shared by the integration tests (each test uses some of them).
#![allow(dead_code)]

use std::path::PathBuf;

/// A published data file of `tests/data`, parsed.
pub fn data(relative: &str) -> serde_json::Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(relative);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).expect("valid JSON")
}

/// The official samples of a contest problem: (input, expected output).
pub fn samples(relative: &str) -> Vec<(String, String)> {
    data(relative)["samples"]
        .as_array()
        .expect("samples")
        .iter()
        .map(|s| {
            (
                s["input"].as_str().unwrap().to_string(),
                s["output"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Writes `text` to a fresh file in this test run's directory under
/// cargo's `target/tmp` (not the system's temporary directory, which the
/// tests would fill run after run), for families that read files (the
/// graph of a chess-on-a-DAG game).
pub fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("grundy-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    // Tests run in parallel threads and may write the same file: write aside
    // and rename, so that a reader never sees a half-written file.
    let aside = dir.join(format!("{name}.{:?}", std::thread::current().id()));
    std::fs::write(&aside, text).unwrap();
    std::fs::rename(&aside, &path).unwrap();
    path
}

/// What exhaustive misère search says of `sum`: its outcome, and the sums
/// its winning moves lead to, in the search's order.
pub fn misere_searched(
    search: &mut grundy::sum::MisereSearch,
    sum: &grundy::Sum,
) -> (grundy::Outcome, Vec<String>) {
    let moves = search.winning_moves(sum, &mut |_| true).unwrap();
    let outcome = if moves.is_empty() && !sum.moves().unwrap().is_empty() {
        grundy::Outcome::P
    } else {
        grundy::Outcome::N
    };
    let to = moves.iter().map(|m| sum.after(m).expression()).collect();
    (outcome, to)
}

mod files;
#[allow(unused_imports)]
pub use files::files;
