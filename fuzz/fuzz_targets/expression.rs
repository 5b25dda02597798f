//! The expression parser: `grundy::parse_sum` of any text.
#![no_main]

#[path = "../../crates/grundy/tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        checks::expression(text);
    }
});
