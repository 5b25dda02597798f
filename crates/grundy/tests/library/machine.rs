//! The machine's memory as the front ends read it (`grundy::machine`):
//! under an address-space limit (`ulimit -v`) the memory a computation may
//! fill is at most what the limit leaves, whatever the machine has free.

use std::process::Command;

use grundy::machine::MemoryLimit;

/// The limit the child runs under, in KiB (as `ulimit -v` counts): 1 GiB.
const LIMIT_KIB: u64 = 1 << 20;

/// Set in the child, which this test runs again under the limit.
const CHILD: &str = "GRUNDY_TEST_UNDER_ULIMIT";

#[test]
fn the_memory_is_at_most_what_the_address_space_limit_leaves() {
    if std::env::var_os(CHILD).is_some() {
        let limit = MemoryLimit::now();
        assert!(limit.bytes < LIMIT_KIB * 1024, "{limit:?}");
        // The least of the limits: this one, unless the machine has even
        // less memory available.
        let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
        let available_kib: u64 = (meminfo.lines())
            .find_map(|l| l.strip_prefix("MemAvailable:"))
            .and_then(|v| v.trim().strip_suffix("kB")?.trim().parse().ok())
            .unwrap_or(u64::MAX);
        if available_kib > LIMIT_KIB {
            assert!(limit.source.contains("ulimit -v"), "{limit:?}");
        }
        return;
    }
    let this = std::env::current_exe().unwrap();
    // This test's name in its binary: its module's path without the crate.
    let (_, module) = module_path!().split_once("::").unwrap();
    let name = format!("{module}::the_memory_is_at_most_what_the_address_space_limit_leaves");
    let out = Command::new("bash")
        .args(["-c", &format!("ulimit -v {LIMIT_KIB}; exec \"$0\" \"$@\"")])
        .arg(&this)
        .args(["--exact", &name, "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The child ran the test (and did not filter it away).
    assert!(stdout.contains("1 passed"), "{stdout}");
}
