//! `grundy quotient` end to end, `analyze --misere` answered from a
//! quotient, the example script, and bad input.

use crate::common::{example, grundy, json, temp_file, temp_path};
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
        .stdout(predicate::str::is_match("\n   4  4 +[a-z]").unwrap())
        .stdout(predicate::str::contains("multiplication table:\n"))
        .stdout(predicate::str::contains(
            "status:    proven for every heap: heap h + 2 has the element of heap h for every h \
             from 5 on, seen to heap 9",
        ))
        .stdout(predicate::str::contains("presentation: <a, b, c | "));
}

/// `--until-proven` stops at the first heap where the periodicity theorem
/// proves the quotient for every heap; the JSON says how, and the text says
/// it in words. 0.34: heaps from 7 repeat their elements with period 8,
/// which the theorem needs seen to heap 2 (7 + 8) + 2 - 1 = 31.
#[test]
fn until_proven_stops_where_the_theorem_proves_the_quotient() {
    let q = json(&["quotient", "octal(0.34)", "--to", "200", "--until-proven"]);
    assert_eq!(q["proven"], true);
    assert_eq!(q["to"], 31);
    let periodicity = &q["periodicity"];
    assert_eq!(
        (
            &periodicity["preperiod"],
            &periodicity["period"],
            &periodicity["needs"]
        ),
        (
            &serde_json::json!(7),
            &serde_json::json!(8),
            &serde_json::json!(31)
        )
    );
    let heaps = q["heaps"].as_array().unwrap();
    for h in 7..=23 {
        assert_eq!(heaps[h - 1], heaps[h + 8 - 1], "heap {h}");
    }
    // The presentation names each element by a word, the identity `1`.
    assert_eq!(q["words"][0], "1");
    assert_eq!(
        q["words"].as_array().unwrap().len(),
        q["order"].as_u64().unwrap() as usize
    );
    grundy()
        .args(["quotient", "octal(0.34)", "--to", "200", "--until-proven"])
        .assert()
        .success()
        .stdout(predicate::str::contains("heaps:     1 to 31\n"))
        .stdout(predicate::str::contains(
            "status:    proven for every heap: heap h + 8 has the element of heap h for every \
             h from 7 on",
        ));
    // Without the flag the quotient goes on to the bound asked.
    let q = json(&["quotient", "octal(0.34)", "--to", "40"]);
    assert_eq!(
        (&q["to"], &q["proven"]),
        (&serde_json::json!(40), &serde_json::json!(true))
    );
    // A game outside the theorem says so.
    let q = json(&["quotient", "octal(0.07)", "--to", "10"]);
    assert_eq!(q["proven"], false);
    assert_eq!(q["periodicity"], serde_json::Value::Null);
    let status = q["status"].as_str().unwrap();
    assert!(
        status.starts_with("not proven for larger heaps: "),
        "{status}"
    );
}

/// A sum holding a heap past the bound of quotients computed per question
/// (32) is answered from the proven quotient: each winning move leaves a
/// sum that is P, and the sum is N exactly when it has one. Such heaps are
/// asked of the quotient before any genus is searched, and have none.
#[test]
fn analyze_misere_answers_heaps_of_any_size_from_a_proven_quotient() {
    let a = json(&["analyze", "octal(0.34) 4000 37 5", "--misere"]);
    for c in a["components"].as_array().unwrap() {
        assert_eq!(c["genus"], serde_json::Value::Null, "{c}");
    }
    let text = grundy()
        .args(["analyze", "octal(0.34) 4000 37 5", "--misere"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("octal(0.34) 4000  unknown (not searched"),
        "{text}"
    );
    let moves = a["winning_moves"].as_array().unwrap();
    assert_eq!(a["outcome"] == "N", !moves.is_empty());
    assert!(!moves.is_empty(), "{a}");
    for m in moves.iter().take(5) {
        let to = m["to"].as_str().unwrap();
        let after = json(&["analyze", to, "--misere"]);
        assert_eq!(after["outcome"], "P", "{to}");
    }
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

/// `--trace` writes each trial quotient to standard error as it is judged
/// and leaves the answer as it is: a heap that grew the quotient made
/// trials that each name a sum predicted wrongly, then one accepted with
/// the order the answer has.
#[test]
fn trace_tells_each_trial_and_leaves_the_answer_alone() {
    let args = ["quotient", "octal(0.76)", "--to", "11", "--json"];
    let plain = grundy().args(args).output().unwrap();
    let traced = grundy().args(args).arg("--trace").output().unwrap();
    assert!(plain.status.success() && traced.status.success());
    assert_eq!(plain.stdout, traced.stdout);
    assert!(plain.stderr.is_empty());
    let q: serde_json::Value = serde_json::from_slice(&traced.stdout).unwrap();
    let stderr = String::from_utf8(traced.stderr).unwrap();
    let line = regex::Regex::new(
        r"^heap (\d+), trial (\d+): freed \d+( \d+)* \(index \d+, period \d+\)(, \d+( \d+)* \(index \d+, period \d+\))*; \d+ elements, (?P<reduced>\d+) reduced; (every sum predicted: accepted|[0-9 +×]+ is [PN], predicted [NP])$",
    )
    .unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(lines.len() > 5, "{stderr}");
    assert!(lines.iter().all(|l| line.is_match(l)), "{stderr}");
    let heap_11: Vec<&str> = (lines.iter().copied())
        .filter(|l| l.starts_with("heap 11, "))
        .collect();
    let (last, before) = heap_11.split_last().unwrap();
    assert!(!before.is_empty() && before.iter().all(|l| l.contains("predicted")));
    let reduced = &line.captures(last).unwrap()["reduced"];
    assert!(last.ends_with("accepted"), "{last}");
    assert_eq!(reduced, q["order"].to_string(), "{last}");
    // Heap 12 never ends; its trace read and closed ends the run quietly.
    let mut run = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["quotient", "octal(0.76)", "--to", "12", "--trace"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut trace = std::io::BufReader::new(run.stderr.take().unwrap());
    let mut first = String::new();
    std::io::BufRead::read_line(&mut trace, &mut first).unwrap();
    assert!(first.starts_with("heap 1, trial 1: "), "{first}");
    drop(trace);
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = run.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > std::time::Duration::from_secs(120) {
            run.kill().unwrap();
            panic!("still running 120 s after its trace was closed");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert!(status.success(), "{status}");
}

#[test]
fn a_bound_beyond_the_limit_exits_1_naming_it() {
    grundy()
        .args(["quotient", "kayles", "--to", "5000"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("heaps up to 4096"));
}

/// `--checkpoint FILE` saves the run's state when it ends, and a later run
/// to a larger heap goes on from it: its answer is the one of a run from
/// heap 1, byte for byte. A checkpoint of other rules, past the heap asked
/// for, or not a checkpoint at all, is bad input (exit 2).
#[test]
fn a_checkpoint_resumes_a_run_to_the_answer_of_a_whole_run() {
    let path = temp_path("quotient.checkpoint");
    let _ = std::fs::remove_file(&path);
    let path_text = path.to_str().unwrap();
    let run = |to: &str, ruleset: &str, checkpoint: &str| {
        grundy()
            .args([
                "quotient",
                ruleset,
                "--to",
                to,
                "--json",
                "--checkpoint",
                checkpoint,
            ])
            .output()
            .unwrap()
    };
    let first = run("16", "octal(0.15)", path_text);
    assert!(first.status.success(), "{first:?}");
    assert!(path.exists());
    let resumed = run("40", "octal(0.15)", path_text);
    let whole = grundy()
        .args(["quotient", "octal(0.15)", "--to", "40", "--json"])
        .output()
        .unwrap();
    assert!(resumed.status.success(), "{resumed:?}");
    assert_eq!(resumed.stdout, whole.stdout);
    for (to, ruleset, checkpoint, says) in [
        ("40", "octal(0.16)", path_text, "computed for octal(0.15)"),
        (
            "20",
            "octal(0.15)",
            path_text,
            "reached heap 40, past the 20",
        ),
    ] {
        let refused = run(to, ruleset, checkpoint);
        assert_eq!(refused.status.code(), Some(2), "{refused:?}");
        let stderr = String::from_utf8_lossy(&refused.stderr);
        assert!(stderr.contains(&format!("{path_text}: ")), "{stderr}");
        assert!(stderr.contains(says), "{stderr}");
    }
    let junk = temp_file("junk.checkpoint", "not a checkpoint\n");
    let junk_text = junk.to_str().unwrap();
    let refused = run("20", "octal(0.15)", junk_text);
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains(&format!("{junk_text}: not a checkpoint")),
        "{stderr}"
    );
}
