//! `grundy sequence` end to end: the contract of DESIGN.md, its files, and
//! bad input.

use crate::common;

use crate::common::{grundy, json, temp_path};
use grundy::sequence::Values;
use predicates::prelude::*;
use serde_json::Value;

fn sequence_json(args: &[&str]) -> Value {
    json(&[&["sequence"], args].concat())
}

#[test]
fn kayles_period_is_proven_by_the_octal_theorem() {
    let json = sequence_json(&["kayles", "--to", "1000"]);
    assert_eq!(json["ruleset"], "kayles");
    assert_eq!(json["period"], 12);
    assert_eq!(json["preperiod"], 71);
    assert_eq!(json["saltus"], 0);
    assert_eq!(json["proven"], true);
    assert_eq!(json["theorem"], "octal periodicity theorem");
    // It stops once the period is proven.
    assert_eq!(json["heaps"], json["proof_heaps"]);
    assert!(json.get("values").is_none());
}

#[test]
fn full_computes_every_heap_asked() {
    let json = sequence_json(&["octal(.07)", "--to", "300", "--full", "--values"]);
    assert_eq!(json["ruleset"], "octal(0.07)");
    assert_eq!(json["heaps"], 301);
    assert_eq!(json["values"].as_array().unwrap().len(), 301);
    assert_eq!(json["period"], 34);
}

#[test]
fn subtraction_games_are_proven_by_a_repeated_window() {
    let json = sequence_json(&["subtraction(1,3,4)", "--to", "100", "--values"]);
    assert_eq!(json["period"], 7);
    assert_eq!(json["preperiod"], 0);
    assert_eq!(json["theorem"], "repeated window of max(S) values");
    let values = json["values"].as_array().unwrap();
    assert_eq!(values[..7], [0, 1, 0, 1, 2, 3, 2].map(Value::from));
}

/// The heap families of the catalogue all have nim-sequences, whether a
/// closed form proves them or not.
#[test]
fn every_heap_family_has_a_sequence() {
    let lasker = sequence_json(&["lasker", "--to", "40", "--full", "--values"]);
    assert_eq!(
        (lasker["period"].clone(), lasker["saltus"].clone()),
        (4.into(), 4.into())
    );
    assert_eq!(
        lasker["values"].as_array().unwrap()[..8],
        [0, 1, 2, 4, 3, 5, 6, 8].map(Value::from)
    );
    let lieges = sequence_json(&["lieges(2)", "--to", "40", "--full"]);
    assert_eq!(lieges["period"], 2);
    assert_eq!(lieges["proven"], true);
    let divisor = sequence_json(&["divisor", "--to", "16", "--values"]);
    assert_eq!(
        divisor["values"].as_array().unwrap()[..9],
        [0, 0, 1, 0, 2, 0, 1, 0, 3].map(Value::from)
    );
    assert_eq!(sequence_json(&["bash(3)", "--to", "9"])["period"], 4);
}

#[test]
fn nim_has_saltus_one() {
    let json = sequence_json(&["nim", "--to", "10", "--full", "--values"]);
    assert_eq!(json["period"], 1);
    assert_eq!(json["saltus"], 1);
    assert_eq!(json["values"], Value::from((0..=10).collect::<Vec<u32>>()));
}

/// `--values` means G(0..=N), all of them: past a proven period they come
/// from the period, and are those that computing every heap gives.
#[test]
fn values_are_all_those_asked_even_after_a_proven_period() {
    for (game, to) in [
        ("kayles", 1000),
        ("subtraction(1,3,4)", 100),
        ("lasker", 60),
        ("nim", 50),
    ] {
        let to_text = to.to_string();
        let proven = sequence_json(&[game, "--to", &to_text, "--values"]);
        assert!(
            proven["heaps"].as_u64().unwrap() <= to / 2,
            "{game} stops early"
        );
        let full = sequence_json(&[game, "--to", &to_text, "--values", "--full"]);
        assert_eq!(full["heaps"], to + 1);
        assert_eq!(proven["values"], full["values"], "{game}");
    }
    let text = grundy()
        .args(["sequence", "kayles", "--to", "1000", "--values"])
        .assert()
        .success();
    let stdout = String::from_utf8(text.get_output().stdout.clone()).unwrap();
    let line = stdout.lines().find(|l| l.starts_with("values:")).unwrap();
    assert_eq!(line.split_whitespace().count(), 1 + 1001);
}

/// A run that could not hold its values in memory is refused before it
/// starts: a limit (exit 1), named.
#[test]
fn a_full_run_larger_than_memory_is_refused_up_front() {
    grundy()
        .args(["sequence", "nim", "--to", "1000000000000", "--full"])
        .timeout(std::time::Duration::from_secs(10))
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            predicate::str::contains("1000000000001 heaps")
                .and(predicate::str::contains("of memory available")),
        );
}

/// Progress is drawn only on a terminal, unless `--progress` asks for it.
#[test]
fn progress_is_drawn_off_a_terminal_only_when_asked() {
    let run = |progress: &[&str]| {
        let args = ["sequence", "octal(0.354)", "--to", "300000", "--full"];
        let out = grundy().args(args).args(progress).assert().success();
        String::from_utf8(out.get_output().stderr.clone()).unwrap()
    };
    assert_eq!(run(&[]), "");
    assert!(run(&["--progress"]).contains("/300,001 heaps"));
}

#[test]
fn a_period_not_proven_is_only_observed() {
    let json = sequence_json(&["kayles", "--to", "120"]);
    assert_eq!(json["period"], 12);
    assert_eq!(json["proven"], false);
    assert_eq!(json["theorem"], Value::Null);
    let text = grundy()
        .args(["sequence", "grundys-game", "--to", "500"])
        .assert()
        .success();
    text.stdout(predicate::str::contains("proven:    no"));
}

/// The methods, and the sparse-space method alone or with its helper
/// thread, give the same values.
#[test]
fn naive_and_sparse_methods_print_the_same_values() {
    for (game, to) in [("grundys-game", "3000"), ("octal(0.354)", "6000")] {
        let run = |method: &str, threads: &str| {
            let args = [game, "--to", to, "--full", "--values"];
            let args = [&args[..], &["--method", method, "--threads", threads]].concat();
            sequence_json(&args)["values"].clone()
        };
        let naive = run("naive", "1");
        assert_eq!(run("sparse", "1"), naive, "{game}");
        assert_eq!(run("sparse", "2"), naive, "{game}");
    }
}

#[test]
fn out_writes_the_binary_format_and_plot_an_svg() {
    let out = temp_path("dawson.bin");
    let plot = temp_path("dawson.svg");
    grundy()
        .args(["sequence", "dawson", "--to", "400", "--full"])
        .arg("--out")
        .arg(&out)
        .arg("--plot")
        .arg(&plot)
        .assert()
        .success();
    let (name, values) = Values::read(&mut std::fs::File::open(&out).unwrap()).unwrap();
    assert_eq!(name, "dawson");
    assert_eq!(values.len(), 401);
    assert_eq!(values.bytes_per_value(), 1);
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("period 34"),
        "{svg}"
    );
}

#[test]
fn a_checkpoint_resumes_where_it_stopped() {
    let checkpoint = temp_path("grundy.checkpoint");
    let run = |to: &str| {
        grundy()
            .args(["sequence", "grundys-game", "--to", to, "--json", "--values"])
            .arg("--checkpoint")
            .arg(&checkpoint)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone()
    };
    run("700");
    let resumed = common::validated(&run("1500"));
    let direct = sequence_json(&["grundys-game", "--to", "1500", "--values"]);
    assert_eq!(resumed["values"], direct["values"]);
    // A checkpoint of another ruleset is refused.
    grundy()
        .args(["sequence", "kayles", "--to", "10", "--checkpoint"])
        .arg(&checkpoint)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not kayles"));
}

/// A checkpoint with a flipped bit, cut short or with bytes appended is
/// bad input: refused (exit 2), never resumed from.
#[test]
fn a_damaged_checkpoint_is_refused() {
    let checkpoint = temp_path("octal.checkpoint");
    grundy()
        .args([
            "sequence",
            "octal(0.376)",
            "--to",
            "2000",
            "--full",
            "--checkpoint",
        ])
        .arg(&checkpoint)
        .assert()
        .success();
    let file = std::fs::read(&checkpoint).unwrap();
    let resume = |bytes: &[u8], message: &str| {
        std::fs::write(&checkpoint, bytes).unwrap();
        grundy()
            .args(["sequence", "octal(0.376)", "--to", "4000", "--checkpoint"])
            .arg(&checkpoint)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    };
    // G(1), the first value after the 8 + 4 + 8 bytes of header and the name.
    let mut flipped = file.clone();
    flipped[20 + "octal(0.376)".len() + 1] ^= 1;
    resume(&flipped, "checksum does not match");
    resume(&file[..file.len() - 100], "cut short");
    resume(&[&file[..], b"more"].concat(), "bytes appended");
}

#[test]
fn bad_input_exits_2_and_points_at_the_problem() {
    grundy()
        .args(["sequence", "octal(0.08)", "--to", "10"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("column 10").and(predicate::str::contains("octal digit")));
    grundy()
        .args(["sequence", "kayles 5", "--to", "10"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("without positions"));
    grundy()
        .args(["sequence", "octal(3.7)", "--to", "10"])
        .assert()
        .code(2);
    for game in ["wythoff", "staircase"] {
        grundy()
            .args(["sequence", game, "--to", "10"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("not a heap game"));
    }
    grundy()
        .args(["sequence", "kayles", "--to", "10", "--threads", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--threads"));
    // Well-formed, but not something the engine does: "not supported".
    grundy()
        .args(["sequence", "nim", "--to", "10", "--method", "sparse"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("take-and-break"));
}

#[test]
fn analyze_splits_heaps_of_octal_games() {
    let json = json(&["analyze", "kayles 5"]);
    assert_eq!(json["nimber"], 4);
    let moves: Vec<&str> = json["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    // Kayles 5: knocking the middle pin leaves two rows of two.
    assert!(moves.contains(&"kayles 2 2"), "{moves:?}");
    // A huge heap of a proven period, in a sum with another family.
    let out = grundy()
        .args(["analyze", "dawson 1000000000000000000000 + nim 3", "--json"])
        .assert()
        .success();
    out.stdout(predicate::str::contains("\"outcome\""));
}

/// Issue 19, item 10: the largest `--to` overflowed `to + 1` (a panic in a
/// debug build). Nim is G(n) = n, proven on G(0..1), so the run ends at once.
#[test]
fn largest_to_does_not_overflow() {
    let json = sequence_json(&["nim", "--to", "18446744073709551615"]);
    assert_eq!(json["period"], 1);
    assert_eq!(json["saltus"], 1);
    assert_eq!(json["proven"], true);
}

/// Issue 19, item 3: a run resumed from a checkpoint that already covers
/// `--to` lost the proof (the octal periodicity theorem proves kayles on
/// G(0..168), as the first run says), and without `--full` a rerun computed
/// one more heap each time.
#[test]
fn a_finished_checkpoint_keeps_its_proof() {
    for full in [true, false] {
        let checkpoint = temp_path(&format!("finished-{full}.checkpoint"));
        let _ = std::fs::remove_file(&checkpoint);
        let cp = checkpoint.to_str().unwrap();
        let mut args = vec!["kayles", "--to", "500", "--checkpoint", cp];
        if full {
            args.push("--full");
        }
        let first = sequence_json(&args);
        let again = sequence_json(&args);
        assert_eq!(first["proven"], true);
        assert_eq!(first["proof_heaps"], 168);
        assert_eq!(again["proven"], true, "full: {full}");
        assert_eq!(again["theorem"], "octal periodicity theorem");
        assert_eq!(again["heaps"], first["heaps"], "full: {full}");
        std::fs::remove_file(&checkpoint).unwrap();
    }
}

/// Issue 19, item 15 (repro 06): a checkpoint is read up to a limit counted
/// in bytes read, as a device such as /dev/zero has no length to check: it
/// was read until the memory ran out. Exit 1 naming the limit.
#[test]
fn a_checkpoint_without_end_is_read_only_to_a_limit() {
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    let script = "ulimit -v 1000000; exec \"$0\" sequence kayles --to 100 --checkpoint /dev/zero";
    let out = std::process::Command::new("bash")
        .args(["-c", script])
        .arg(&bin)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("checkpoint /dev/zero is larger than"),
        "{stderr}"
    );
}
