//! `grundy db build` and `db show`, and `--values FILE` (or the files
//! beside the binary): answers with a database are the answers without
//! it; a damaged file is refused by name, exit 2; bad input exits 2, a
//! database beyond the limits 1.

use std::path::Path;

use crate::common::{grundy, json, run_under_address_space_limit, temp_path, validated};

/// Builds the database of `family`'s regions of at most `cells` cells
/// into `path`.
fn build(family: &str, cells: &str, path: &Path) -> serde_json::Value {
    let path = path.to_str().unwrap();
    json(&["db", "build", family, "--cells", cells, "--out", path])
}

#[test]
fn a_database_is_built_shown_and_read_by_every_question_the_same() {
    let path = temp_path("domineering.values");
    let built = build("domineering", "7", &path);
    // Regions of 2 to 7 cells: the free polyominoes, 1 + 2 + 5 + 12 + 35
    // + 108 (OEIS A000105).
    assert_eq!(built["regions"], 163);
    assert_eq!(
        (&built["family"], &built["cells"]),
        (&"domineering".into(), &7.into())
    );
    let shown = json(&["db", "show", path.to_str().unwrap()]);
    assert_eq!(shown, built);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("grundy values 1\nfamily domineering\ncells 7\nregions 163\n"));
    assert!(text.ends_with(&format!("sha256 {}\n", built["sha256"].as_str().unwrap())));
    let values = path.to_str().unwrap();
    for question in [
        &["analyze", "domineering 4x4 + domineering ..#/.../#.."][..],
        &[
            "analyze",
            "domineering 3x5 - domineering 2x5",
            "--outcome-only",
        ],
        &["analyze", "domineering 5x5", "--outcome-only"],
        &["compare", "domineering 3x4", "domineering 4x3"],
        &["thermograph", "domineering .../..#/...", "--format", "json"],
    ] {
        let plain = grundy().args(question).output().unwrap();
        assert!(plain.status.success(), "{question:?}: {plain:?}");
        let given = grundy().args(question).args(["--values", values]).output();
        let given = given.unwrap();
        assert!(given.status.success(), "{question:?}: {given:?}");
        // The same answer; the search's count of states may be fewer.
        let states = |out: &[u8]| -> String {
            let text = String::from_utf8_lossy(out).to_string();
            text.lines().filter(|l| !l.contains("states")).collect()
        };
        assert_eq!(states(&given.stdout), states(&plain.stdout), "{question:?}");
    }
}

#[test]
fn a_damaged_database_is_refused_by_name() {
    let path = temp_path("clobber.values");
    build("clobber", "4", &path);
    let mut bytes = std::fs::read(&path).unwrap();
    // A byte of a value, then of the header, then the checksum cut off.
    let at = bytes.iter().position(|&b| b == b'\t').unwrap() + 1;
    for damaged in [at, 16] {
        let mut flipped = bytes.clone();
        flipped[damaged] ^= 0x04;
        std::fs::write(&path, &flipped).unwrap();
        let out = grundy()
            .args([
                "analyze",
                "clobber xo/ox",
                "--values",
                path.to_str().unwrap(),
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(path.to_str().unwrap()), "{stderr}");
        assert!(out.stdout.is_empty());
    }
    bytes.truncate(bytes.len() - 10);
    std::fs::write(&path, &bytes).unwrap();
    let out = grundy()
        .args(["db", "show", path.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let error = validated(&out.stdout);
    assert!(
        error["error"]["message"]
            .as_str()
            .unwrap()
            .contains("clobber.values"),
        "{error}"
    );
}

/// A grundy binary with `FAMILY.values` beside it reads it with no
/// `--values`: a damaged one there is refused by name too.
#[test]
fn a_database_beside_the_binary_is_read() {
    let dir = temp_path("beside");
    std::fs::create_dir_all(&dir).unwrap();
    let binary = dir.join("grundy");
    std::fs::copy(assert_cmd::cargo::cargo_bin("grundy"), &binary).unwrap();
    let values = dir.join("domineering.values");
    build("domineering", "5", &values);
    let run = |args: &[&str]| {
        std::process::Command::new(&binary)
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["analyze", "domineering 3x3", "--json"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(validated(&out.stdout)["value"], "±1");
    let mut text = std::fs::read_to_string(&values).unwrap();
    text = text.replacen("-1\n", "-2\n", 1);
    std::fs::write(&values, text).unwrap();
    let out = run(&["analyze", "domineering 3x3"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("domineering.values") && stderr.contains("damaged"),
        "{stderr}"
    );
    // `analyze` reads it whatever it asks; a command of no partizan
    // family (`sequence`) does not.
    let out = run(&["analyze", "nim 3"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let out = run(&["sequence", "kayles", "--to", "5"]);
    assert!(out.status.success(), "{out:?}");
}

#[test]
fn bad_families_and_sizes_are_refused() {
    let path = temp_path("bad.values");
    let path = path.to_str().unwrap();
    for (args, code, says) in [
        (
            &["db", "build", "nim", "--cells", "3", "--out", path][..],
            2,
            "not a family of values",
        ),
        (
            &["db", "build", "domineerin", "--cells", "3", "--out", path],
            2,
            "did you mean",
        ),
        (
            &["db", "build", "cutcake", "--cells", "3", "--out", path],
            1,
            "no database",
        ),
        (
            &["db", "build", "clobber", "--cells", "0", "--out", path],
            2,
            "at least one cell",
        ),
        (
            &["db", "build", "domineering", "--cells", "15", "--out", path],
            1,
            "at most 14",
        ),
        (
            &["db", "build", "amazons", "--cells", "10", "--out", path],
            1,
            "at most 20000000",
        ),
    ] {
        let out = grundy().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(code), "{args:?}: {out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    assert!(!Path::new(path).exists());
}

/// Building or reading a database within little memory stops at the
/// budget, exit 1 naming it, never an abort; nothing is written. (Regions
/// of 13 cells fit 100 MB since the positions valued are held in shards;
/// those of 14, the most a database holds, do not.)
#[test]
fn a_database_past_the_memory_stops_at_the_budget() {
    let path = temp_path("big.values");
    let file = path.to_str().unwrap();
    let args = ["db", "build", "domineering", "--cells", "14", "--out", file];
    let (code, stderr) = run_under_address_space_limit(100_000, &args);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("the memory budget"), "{stderr}");
    assert!(!path.exists());
    build("clobber", "8", &path);
    // 51,040 lines need about 15 MiB once read: more than the budget in
    // 40 MB of address space, not in 200 MB.
    let args = ["analyze", "clobber xo", "--values", file];
    let (code, stderr) = run_under_address_space_limit(40_000, &args);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("more than the memory budget"), "{stderr}");
    let (code, stderr) = run_under_address_space_limit(200_000, &args);
    assert_eq!(code, Some(0), "{stderr}");
}

/// Ctrl-C stops a long build (Amazons' regions of 8 cells: 17.9 million
/// boards), exit 1, and no file is written.
#[test]
fn ctrl_c_stops_a_build_and_writes_nothing() {
    let path = temp_path("amazons.values");
    let file = path.to_str().unwrap();
    let args = ["db", "build", "amazons", "--cells", "8", "--out", file];
    let out = crate::common::interrupted_after(std::time::Duration::from_secs(1), &args);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("interrupted"), "{stderr}");
    assert!(!path.exists());
}
