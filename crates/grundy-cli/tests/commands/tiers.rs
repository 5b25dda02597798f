//! `grundy solve --tiers DIR` and `grundy analyze --db DIR`: the tiered
//! solve's counts are the whole solve's, a rerun reads every tier back, a
//! damaged tier file is refused with its name (exit 2), a board too large
//! is refused before it starts with the figures (exit 1), and a position
//! answered from the directory is answered as by a solve.

use crate::common;

use crate::common::{analyze_json, grundy, json, temp_path};
use predicates::prelude::*;

fn solve_tiers(ruleset: &str, dir: &std::path::Path) -> serde_json::Value {
    json(&["solve", ruleset, "--tiers", dir.to_str().unwrap()])
}

/// `solve --plan` says what a tiered solve needs without solving: its
/// tiers are the solve's, each of the ranks the solve reports, with their
/// bits (a bit a rank, whole words of 64); each of a team of processes
/// holds its share of each tier and exchanges bytes, a process alone holds
/// pieces and exchanges nothing.
#[test]
fn a_plan_has_the_tiers_of_the_solve_and_each_process_its_share() {
    for ruleset in ["connect4(4,4)", "mnk(3,3,3)"] {
        let dir = temp_path(&format!("plan-{ruleset}"));
        let _ = std::fs::remove_dir_all(&dir);
        let solved = solve_tiers(ruleset, &dir);
        std::fs::remove_dir_all(&dir).unwrap();
        let plan = json(&["solve", ruleset, "--plan"]);
        let (planned, tiers) = (
            plan["tiers"].as_array().unwrap(),
            solved["tiers"].as_array().unwrap(),
        );
        assert_eq!(planned.len(), tiers.len(), "{ruleset}");
        let mut total = 0;
        for (p, t) in planned.iter().zip(tiers) {
            let ranks = p["ranks"].as_u64().unwrap();
            assert_eq!(p["ranks"], t["ranks"], "{ruleset}: {p}");
            assert!(t["positions"].as_u64().unwrap() <= ranks, "{t}");
            assert_eq!(
                p["bits_bytes"].as_u64().unwrap(),
                ranks.div_ceil(64) * 8,
                "{p}"
            );
            assert_eq!(p["traffic_at_most"], 0, "{p}");
            total += ranks;
        }
        assert_eq!(plan["ranks"], total);
        assert_eq!(plan["processes"], 1);
        assert!(plan["piece_ranks"].as_u64().is_some(), "{plan}");
        let team = json(&["solve", ruleset, "--plan", "--processes", "3"]);
        assert_eq!(team["piece_ranks"], serde_json::Value::Null);
        assert!(team["traffic_at_most"].as_u64().unwrap() > 0, "{team}");
    }
    let text = grundy()
        .args(["solve", "connect4(4,4)", "--plan"])
        .assert()
        .success();
    text.stdout(predicate::str::contains("tiers:     17, "));
    // Bad questions: no process, a ruleset without tiers, pieces of no
    // tiered solve.
    grundy()
        .args(["solve", "connect4(4,4)", "--plan", "--processes", "0"])
        .assert()
        .code(2);
    grundy().args(["solve", "nim", "--plan"]).assert().code(1);
    grundy()
        .args(["solve", "connect4(4,4)", "--piece-ranks", "64"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--tiers DIR"));
}

#[test]
fn a_tiered_solve_counts_as_the_whole_solve_and_resumes() {
    let dir = temp_path("tiers-4x4");
    let _ = std::fs::remove_dir_all(&dir);
    let whole = json(&["solve", "connect4(4,4)"]);
    let tiered = solve_tiers("connect4(4,4)", &dir);
    for field in ["positions", "counts", "start"] {
        assert_eq!(tiered[field], whole[field], "{field}");
    }
    let tiers = tiered["tiers"].as_array().unwrap();
    assert_eq!(tiers.len(), 17);
    assert!(tiers.iter().all(|t| t["read_back"] == false));
    // The empty board's tier: one rank, a tie.
    assert_eq!(tiers[0]["ranks"], 1);
    assert_eq!(tiers[0]["counts"]["tie"], 1);
    let again = solve_tiers("connect4(4,4)", &dir);
    assert_eq!(again["counts"], whole["counts"]);
    let again = again["tiers"].as_array().unwrap();
    assert!(again.iter().all(|t| t["read_back"] == true));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_position_is_answered_from_the_tiers_as_by_a_solve() {
    let dir = temp_path("tiers-answers");
    let _ = std::fs::remove_dir_all(&dir);
    solve_tiers("connect4(4,4)", &dir);
    for expression in [
        "connect4(4,4) ..../..../..../....",
        "connect4(4,4) ..../..../.o../.xx.",
        "connect4(4,4) ..../..o./..x./.xxo",
        "connect4(4,4) x.../x.../x.../xooo",
    ] {
        let solved = analyze_json(expression);
        let read = json(&["analyze", expression, "--db", dir.to_str().unwrap()]);
        assert_eq!(read, solved, "{expression}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_damaged_tier_file_is_refused_with_its_name() {
    let dir = temp_path("tiers-damaged");
    let _ = std::fs::remove_dir_all(&dir);
    solve_tiers("connect4(4,4)", &dir);
    let path = dir.join("tier-013.bin");
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let name = path.display().to_string();
    grundy()
        .args(["solve", "connect4(4,4)", "--tiers", dir.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(name.as_str()).and(predicate::str::contains("corrupted")));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_board_too_large_is_refused_before_it_starts() {
    let dir = temp_path("tiers-too-large");
    let _ = std::fs::remove_dir_all(&dir);
    grundy()
        .args(["solve", "connect4(8,7)", "--tiers", dir.to_str().unwrap()])
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("MiB of memory (its budget is")
                .and(predicate::str::contains("its budget is"))
                .and(predicate::str::contains("ranks by tier: 1, 8, 72,")),
        );
    assert!(!dir.exists(), "nothing written");
    // mnk(6,6,4): up to 3·10^15 ranks a tier, more bits than any budget.
    grundy()
        .args(["solve", "mnk(6,6,4)", "--tiers", dir.to_str().unwrap()])
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("MiB of memory (its budget is")
                .and(predicate::str::contains("to reach its positions, about"))
                .and(predicate::str::contains("ranks by tier: 1, 36, 1260,")),
        );
    assert!(!dir.exists(), "nothing written");
    // A ruleset without tiers says so.
    let graph = format!(
        "partizan-graph(\"{}\")",
        common::example_path("berzerk.txt").display()
    );
    grundy()
        .args(["solve", &graph, "--tiers", dir.to_str().unwrap()])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not solved in tiers"));
}

/// Noughts and crosses a tier at a time: the counts of the whole solve
/// (5,478 positions: 2,836 won, 1,574 lost, 1,068 tied, those of a naive
/// search in the catalogue's tests), and positions answered from the
/// directory as by a solve.
#[test]
fn noughts_and_crosses_in_tiers_is_the_whole_solve() {
    let dir = temp_path("tiers-mnk333");
    let _ = std::fs::remove_dir_all(&dir);
    let whole = json(&["solve", "mnk(3,3,3)"]);
    let tiered = solve_tiers("mnk(3,3,3)", &dir);
    for field in ["positions", "counts", "start"] {
        assert_eq!(tiered[field], whole[field], "{field}");
    }
    assert_eq!(tiered["positions"], 5478);
    for expression in [
        "mnk(3,3,3) .../.../...",
        "mnk(3,3,3) x../.o./...",
        "mnk(3,3,3) x.x/.o./o.x",
    ] {
        let solved = analyze_json(expression);
        let read = json(&["analyze", expression, "--db", dir.to_str().unwrap()]);
        assert_eq!(read, solved, "{expression}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The solve process killed outright (SIGKILL: no handler runs, a tier or
/// a piece may be half written) at moments spread over its run, six
/// times, then run to the end: the directory holds the files of a solve
/// never stopped, byte for byte, and no temporary file or piece. The
/// killed runs solve pieces of 4,096 ranks (dozens a tier), so that some
/// kill lands inside a tier with pieces of it written, which the next run
/// reads back.
#[test]
fn a_solve_killed_at_any_moment_resumes_to_the_same_files() {
    let whole = temp_path("tiers-unkilled");
    let killed = temp_path("tiers-killed");
    for dir in [&whole, &killed] {
        let _ = std::fs::remove_dir_all(dir);
    }
    let started = std::time::Instant::now();
    solve_tiers("connect4(5,4)", &whole);
    let run = started.elapsed();
    // Moments from a tenth of a run to most of one, by a fixed sequence.
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut inside = 0;
    for _ in 0..6 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let moment = run.mul_f64(0.1 + (seed % 1000) as f64 / 1000.0 * 0.8);
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
            .args([
                "solve",
                "connect4(5,4)",
                "--tiers",
                killed.to_str().unwrap(),
                "--piece-ranks",
                "4096",
            ])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(moment);
        let _ = child.kill();
        child.wait().unwrap();
        let pieces = common::files(&killed)
            .iter()
            .filter(|(name, _)| name.contains(".piece-"))
            .count();
        inside += (pieces > 0) as usize;
    }
    assert!(
        inside > 0,
        "no kill landed inside a tier solved a piece at a time"
    );
    let resumed = json(&[
        "solve",
        "connect4(5,4)",
        "--tiers",
        killed.to_str().unwrap(),
        "--piece-ranks",
        "4096",
    ]);
    assert_eq!(
        resumed["counts"],
        json(&["solve", "connect4(5,4)"])["counts"]
    );
    let (expected, found) = (common::files(&whole), common::files(&killed));
    let names = |f: &[(String, Vec<u8>)]| f.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    assert_eq!(
        names(&found),
        names(&expected),
        "the same files, no temporary"
    );
    assert!(found == expected, "the same bytes");
    for dir in [&whole, &killed] {
        std::fs::remove_dir_all(dir).unwrap();
    }
}

/// Issue 37, item 6 (repro 29): two solves into one directory at once
/// failed one time in four, one removing the temporary file the other was
/// writing. The second is refused while the first holds the directory's
/// lock (exit status 1, naming the first's process), and the first goes
/// on.
#[test]
fn a_second_solve_into_a_directory_in_use_is_refused_naming_the_first() {
    let dir = temp_path("tiers-busy");
    let _ = std::fs::remove_dir_all(&dir);
    let mut first = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["solve", "connect4(6,4)", "--tiers", dir.to_str().unwrap()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // The lock file names the first solve once it holds the lock.
    let pid = first.id().to_string();
    let lock = dir.join(".solve.lock");
    while std::fs::read_to_string(&lock).ok().as_deref() != Some(&pid) {
        assert!(first.try_wait().unwrap().is_none(), "the first solve ended");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let second = grundy()
        .args(["solve", "connect4(6,4)", "--json", "--tiers"])
        .arg(&dir)
        .output()
        .unwrap();
    let running = first.try_wait().unwrap().is_none();
    let _ = first.kill();
    first.wait().unwrap();
    assert!(
        running,
        "the first solve ended before the second was refused"
    );
    assert_eq!(second.status.code(), Some(1));
    let error = &common::validated(&second.stdout)["error"];
    assert_eq!(error["kind"], "unsupported");
    let message = error["message"].as_str().unwrap();
    assert!(message.contains(&format!("process {pid}")), "{message}");
    std::fs::remove_dir_all(&dir).unwrap();
}
