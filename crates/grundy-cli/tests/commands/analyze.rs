//! `grundy analyze` at size: exact numbers in JSON, how many winning moves
//! are listed and counted, wide tables, and `to` that parses again.

use crate::common;

use crate::common::{
    analyze_json, assert_every_winning_move_leads_to_p, batch_json, grundy, temp_file,
};
use predicates::prelude::*;
use serde_json::Value;

/// jq and JavaScript read JSON numbers as 64-bit floats: 2^53 - 1 is the
/// last integer of a run they all read exactly, so it is a number and 2^53
/// is a string of digits.
#[test]
fn numbers_from_2_to_the_53_are_strings() {
    let json = analyze_json("nim 9007199254740991 9007199254740992");
    assert_eq!(json["components"][0]["nimber"], 9007199254740991u64);
    assert_eq!(json["components"][1]["nimber"], "9007199254740992");
    assert_eq!(json["nimber"], "18014398509481983");
    assert_eq!(json["winning_move_count"], 1);
    let json = analyze_json("nim 9007199254740991");
    assert_eq!(json["nimber"], 9007199254740991u64);
}

fn nim_heaps(count: u64) -> Vec<String> {
    // Distinct, scattered heaps below 10^9 (7919 is prime, so i * 7919
    // runs over every residue).
    (1..=count)
        .map(|i| (i * 7919 % 999_999_937 + 1).to_string())
        .collect()
}

fn analyze_heaps(heaps: &[String], options: &[&str]) -> (Value, usize) {
    let out = grundy()
        .args(["analyze", "nim"])
        .args(heaps)
        .args(options)
        .arg("--json")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    (common::validated(&out), out.len())
}

/// 20,000 Nim heaps: the answer lists 100 winning moves by default and
/// counts them all; `--outcome-only` is the outcome and nimber alone.
#[test]
fn twenty_thousand_heaps_answer_with_a_bounded_list() {
    let heaps = nim_heaps(20_000);
    let expression = format!("nim {}", heaps.join(" "));

    let (json, _) = analyze_heaps(&heaps, &[]);
    let moves = json["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 100);
    let count = json["winning_move_count"].as_u64().unwrap();
    assert!(count > 100, "{count}");
    assert_eq!(json["winning_move_count_is_lower_bound"], false);
    assert_eq!(json["components"].as_array().unwrap().len(), 20_000);

    let (json, _) = analyze_heaps(&heaps, &["--moves", "3"]);
    assert_eq!(json["winning_moves"].as_array().unwrap().len(), 3);
    assert_eq!(json["winning_move_count"], count);

    let (json, size) = analyze_heaps(&heaps, &["--outcome-only"]);
    assert_eq!(json["outcome"], "N");
    assert!(json["nimber"].as_u64().unwrap() > 0);
    assert!(json.get("winning_moves").is_none());
    assert!(json.get("components").is_none());
    assert!(size < expression.len() + 200, "{size}");
}

#[test]
fn the_text_says_how_many_moves_are_listed_of_how_many() {
    // XOR of 3 4 5 6 is 4: heaps 4, 5 and 6 have the bit of 4.
    grundy()
        .args(["analyze", "nim 3 4 5 6", "--moves", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("winning moves (1 of 3):\n"))
        .stdout(predicate::str::contains("heap 2: 4 -> 0  => nim 3 0 5 6\n"))
        .stdout(predicate::str::contains("... and 2 more"));
    grundy()
        .args(["analyze", "nim 3 4 5 6"])
        .assert()
        .success()
        .stdout(predicate::str::contains("winning moves (3):\n"))
        .stdout(predicate::str::contains("more").not());
    grundy()
        .args(["analyze", "nim 3 4 5", "--outcome-only"])
        .assert()
        .success()
        .stdout("nimber:  2\noutcome: N (the player to move wins)\n");
    grundy()
        .args(["analyze", "nim 3 5 1", "--misere", "--outcome-only"])
        .assert()
        .success()
        .stdout(predicate::str::contains("convention: misere"))
        .stdout(predicate::str::contains("outcome: N"))
        .stdout(predicate::str::contains("nimber").not());
}

/// A cell of 70,001 characters once made `{:width$}` panic (widths stop at
/// 65,535), and would have padded every other row as wide: a long cell now
/// sticks out and the others keep their width.
#[test]
fn a_very_wide_column_neither_panics_nor_pads_every_row() {
    let heap = format!("1{}", "0".repeat(70_000));
    let assert = grundy()
        .args(["analyze", &format!("nim {heap} 5")])
        .assert()
        .success()
        .stdout(predicate::str::contains("\nnim 5      5\n"));
    let out = &assert.get_output().stdout;
    // Five copies of the heap's digits: its row, the sum's nimber, and
    // the move's description (from and to) and position after it.
    assert!(out.len() < 6 * heap.len(), "{}", out.len());
    grundy()
        .args(["analyze", "lieges(10000) 1000000000000000000"])
        .assert()
        .success();
}

/// Every `to` of these analyses is analysed again, in one batch: each must
/// parse and be a P-position. Lieges with K = 10^9 writes its split as
/// `3*1000000000`, K heaps of 3.
#[test]
fn every_to_parses_again() {
    let lieges = analyze_json("lieges(1000000000) 6");
    let tos: Vec<&str> = lieges["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(
        tos,
        ["lieges(1000000000) 5", "lieges(1000000000) 3*1000000000"]
    );
    assert_every_winning_move_leads_to_p(&lieges);

    let mut lines = Vec::new();
    for expression in [
        "lieges(1000000000) 6 3",
        "lieges(999999999) 12 + lieges(1000000000) 1000000000000000000 + nim 3",
        "lieges(10000) 1000000000000000000",
        "lasker 2 2 7 + nim 1",
        "lasker 2000000000000000000000000000000000000000000000000002 + nim 5",
        "kayles 7 9 + nim 3",
        "kayles 30 31 + dawson 40",
        "nim 3 4 5 6 7 + nim 100",
        "nim 12345678901234567890 98765432109876543210 5",
    ] {
        let json = analyze_json(expression);
        assert_eq!(json["outcome"], "N", "{expression}");
        let moves = json["winning_moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{expression}");
        lines.extend(moves.iter().map(|m| m["to"].as_str().unwrap().to_string()));
    }
    let file = temp_file("tos.txt", &lines.join("\n"));
    let answers = batch_json(&["--outcome-only"], &file);
    assert_eq!(answers.len(), lines.len());
    for (answer, to) in answers.iter().zip(&lines) {
        assert_eq!(answer["outcome"], "P", "{to}");
    }
}

/// Issue 19, item 17: `P*0` made the empty sum, written "", which does not
/// read back: a repeat needs at least one copy.
#[test]
fn a_repeat_of_no_copies_is_refused_at_its_count() {
    let out = grundy()
        .args(["analyze", "nim 0*0", "--json"])
        .assert()
        .code(2)
        .get_output()
        .stdout
        .clone();
    let error = common::validated(&out);
    assert_eq!(error["error"]["column"], 7);
    assert!(error["error"]["message"]
        .as_str()
        .unwrap()
        .contains("at least one copy"));
}

/// Issue 19, item 9: decimal conversion is quadratic in the digits, so a
/// number of an expression has at most 100,000 of them (a limit: exit 1).
#[test]
fn a_number_of_too_many_digits_is_refused_at_the_limit() {
    grundy()
        .args([
            "analyze",
            "--outcome-only",
            &format!("nim {}", "1".repeat(100_000)),
        ])
        .assert()
        .success();
    grundy()
        .args([
            "analyze",
            "--outcome-only",
            &format!("nim {}", "1".repeat(100_001)),
        ])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("at most 100000 digits"));
}

/// An expression may start with a minus: as one word or as several, with
/// `--json` before it or after it (still a flag).
#[test]
fn an_expression_may_start_with_a_minus() {
    for args in [
        &["analyze", "-1", "+", "{1|}", "--json"][..],
        &["analyze", "--json", "-1 + {1|}"][..],
        &["analyze", "-1 + {1|}", "--json"][..],
        &["analyze", "{1|}", "+", "-1", "--json"][..],
    ] {
        let output = grundy().args(args).output().unwrap();
        assert!(output.status.success(), "{args:?}: {output:?}");
        let json: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(json["value"], "1", "{args:?}: {json}");
    }
    // A flag it does not know is still refused.
    grundy()
        .args(["analyze", "nim 3", "--no-such-flag"])
        .assert()
        .code(2);
}

/// The other subcommands that take an expression take one that starts
/// with a minus too, with flags after it still flags: `thermograph`
/// answers it, `play` plays it as the side `--as` names (under misère
/// play too), `analyze --misere` answers it; `graph` reaches its own
/// refusal of a sum of values (exit 1, "not supported" said once), not an
/// error of the arguments (exit 2).
#[test]
fn every_subcommand_takes_an_expression_that_starts_with_a_minus() {
    let output = grundy()
        .args(["thermograph", "-1/2 + {1|-1}", "--format", "json"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        (&json["mean"], &json["temperature"]),
        (&"-1/2".into(), &"1".into())
    );
    let output = grundy()
        .args(["play", "-1/2 + {1|-1}", "--as", "right", "--first", "right"])
        .write_stdin("")
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.starts_with("you play Right; Right moves first"),
        "{text}"
    );
    let output = grundy()
        .args(["graph", "-1 + {1|}", "--depth", "2"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.matches("not supported").count(), 1, "{stderr}");
    for args in [
        &["analyze", "-1/2 + {1|-1}", "--misere", "--json"][..],
        &[
            "play",
            "-1/2 + {1|-1}",
            "--misere",
            "--as",
            "right",
            "--first",
            "left",
        ],
    ] {
        let output = grundy().args(args).write_stdin("").output().unwrap();
        assert!(output.status.success(), "{args:?}: {output:?}");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(
            text.contains("misere") || text.contains("Left moves first"),
            "{text}"
        );
    }
}

/// A ruleset solved strongly written without its position: the error
/// points just past the expression (columns start at 1) and shows how the
/// start is written.
#[test]
fn a_board_left_out_is_pointed_at_with_its_start() {
    for (expression, start) in [
        ("mnk(3,3,3)", "mnk(3,3,3) .../.../..."),
        ("connect4(4,4) ", "connect4(4,4) ..../..../..../...."),
    ] {
        let output = grundy()
            .args(["analyze", expression, "--json"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        let json: Value = serde_json::from_slice(&output.stdout).unwrap();
        let error = &json["error"];
        assert_eq!(error["column"], expression.trim_end().len() + 1, "{json}");
        let message = error["message"].as_str().unwrap();
        assert!(
            message.contains(&format!("the start is written {start}")),
            "{message}"
        );
    }
}
