//! The text of graph files, as `graph(FILE)` reads them.
#![no_main]

#[path = "../../crates/grundy/tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        checks::graph_file(text);
    }
});
