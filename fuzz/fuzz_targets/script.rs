//! Scripts: a small program drawn from a grammar by the input's bytes,
//! asked a few questions in two orders (`fuzz_checks::script`).
#![no_main]

#[path = "../../crates/grundy/tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let path = std::env::temp_dir().join(format!("grundy-fuzz-{}.rhai", std::process::id()));
    checks::script::check(data, &path);
});
