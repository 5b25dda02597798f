//! The nim-sequence file format of `--out` and checkpoints.
#![no_main]

#[path = "../../crates/grundy/tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    checks::sequence_file(data);
});
