//! Solved tables (`solve --db`) patched where the input says, with the
//! checksum kept or recomputed (`fuzz_checks::table`).
#![no_main]

#[path = "../../crates/grundy/tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    checks::table::check(data);
});
