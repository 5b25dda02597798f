//! `mpirun -np N grundy solve RULESET --tiers DIR` (the feature `mpi`;
//! needs OpenMPI's mpirun): two and three processes write, byte for byte,
//! the files of one process and print its answer, once; a damaged tier
//! file read back by process 0 stops them all with its name (exit 2); a
//! solve that is not a tier at a time is refused (exit 1).
#![cfg(feature = "mpi")]

mod common;

use std::process::{Command, Output};

use common::{grundy, temp_path, validated};

/// The built grundy run by `mpirun -np processes`, oversubscribed (more
/// processes than cores), allowed as root.
fn mpirun(processes: usize, args: &[&str]) -> Output {
    Command::new("mpirun")
        .args(["--oversubscribe", "-np", &processes.to_string()])
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .output()
        .expect("mpirun runs (OpenMPI's openmpi-bin)")
}

/// The answer without how long it took.
fn timeless(mut answer: serde_json::Value) -> serde_json::Value {
    answer.as_object_mut().unwrap().remove("seconds");
    answer
}

fn fresh(name: &str) -> std::path::PathBuf {
    let dir = temp_path(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn two_and_three_processes_write_the_files_of_one() {
    // 5 x 4 (21 tiers) and 6 x 4 (25 tiers; its largest, of 23 million
    // ranks, is 1,421 stripes), each tier's bits and cells.
    for (ruleset, files) in [("connect4(5,4)", 42), ("connect4(6,4)", 50)] {
        let alone = fresh("mpi-alone");
        let out = grundy()
            .args(["solve", ruleset, "--json", "--tiers"])
            .arg(&alone)
            .output()
            .unwrap();
        assert!(out.status.success());
        let expected = timeless(validated(&out.stdout));
        let expected_files = common::files(&alone);
        assert_eq!(expected_files.len(), files);
        for processes in [2, 3] {
            let dir = fresh(&format!("mpi-{processes}"));
            let out = mpirun(
                processes,
                &["solve", ruleset, "--json", "--tiers", dir.to_str().unwrap()],
            );
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{ruleset}, {processes}: {stderr}");
            // One answer: process 0's.
            assert_eq!(out.stdout.iter().filter(|&&b| b == b'\n').count(), 1);
            assert_eq!(timeless(validated(&out.stdout)), expected, "{processes}");
            // The same files, and no share left behind.
            assert!(
                common::files(&dir) == expected_files,
                "{ruleset}, {processes} processes"
            );
            std::fs::remove_dir_all(&dir).unwrap();
        }
        std::fs::remove_dir_all(&alone).unwrap();
    }
}

#[test]
fn a_damaged_tier_stops_every_process_with_its_name() {
    let dir = fresh("mpi-damaged");
    let args = ["solve", "connect4(4,4)", "--tiers", dir.to_str().unwrap()];
    assert!(mpirun(2, &args).status.success());
    let path = dir.join("tier-007.bin");
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x10;
    std::fs::write(&path, &bytes).unwrap();
    let out = mpirun(2, &args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let name = path.display().to_string();
    assert_eq!(stderr.matches(&name).count(), 1, "{stderr}");
    assert!(out.stdout.is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn processes_solve_together_only_a_tier_at_a_time() {
    let out = mpirun(2, &["solve", "connect4(4,4)"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr.matches("only a tier at a time").count(),
        1,
        "{stderr}"
    );
}
