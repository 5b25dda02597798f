//! What the fuzz targets check of one input, shared by `fuzz/` (cargo fuzz,
//! millions of inputs) and `tests/library/fuzz_smoke.rs` (a few thousand, in the
//! ordinary test suite). Each function panics exactly when the input shows
//! a defect.

// Each fuzz target uses one of these.
#![allow(dead_code)]

mod answer;
pub mod script;
pub mod table;

use grundy::catalogue::Graph;
use grundy::partizan::Games;
use grundy::sequence::Values;
use grundy::Rulesets;

/// An expression: parsing it never panics, and a sum that parses is
/// written back as an expression that parses to the same sum, whose value
/// (outcome, nimber, winning moves) is the same where it is cheap to find.
///
/// Expressions that name a file are skipped: they would read the files of
/// the machine that fuzzes (`graph(/dev/zero)`). The text of graph files has
/// [`graph_file`], scripts have [`script::check`].
pub fn expression(text: &str) {
    let lower = text.to_lowercase();
    if lower.contains("graph") || lower.contains("script") {
        return;
    }
    let Ok(sum) = grundy::parse_sum(text) else {
        return;
    };
    let written = sum.expression();
    let again = grundy::parse_sum(&written)
        .unwrap_or_else(|e| panic!("{text:?} is written {written:?}, which fails: {e}"));
    assert_eq!(again.expression(), written, "{text:?}");
    // Heaps of at most three digits keep every answer quick (a code of
    // unknown period needs a table up to the heap).
    if !has_long_number(text) {
        let first = answer::ask(&mut Rulesets::new(), text);
        let second = answer::ask(&mut Rulesets::new(), &written);
        assert_eq!(first, second, "{text:?} and {written:?} differ");
    }
}

/// Whether `text` has a run of more than three digits.
fn has_long_number(text: &str) -> bool {
    let mut run = 0;
    for c in text.chars() {
        run = if c.is_ascii_digit() { run + 1 } else { 0 };
        if run > 3 {
            return true;
        }
    }
    false
}

/// A game literal (`{1|0}`, `^*`, `3/4 - *2`): reading it never panics,
/// and a game that reads is written back as text that reads to the same
/// canonical game.
pub fn value_text(text: &str) {
    let mut games = Games::new();
    let Ok(g) = games.read(text, 1) else {
        return;
    };
    let written = games.write(g).unwrap();
    let again = games
        .read(&written, 1)
        .unwrap_or_else(|e| panic!("{text:?} is written {written:?}, which fails: {e}"));
    assert_eq!(again, g, "{text:?} is written {written:?}, another game");
}

/// The text of a graph file: reading it never panics.
pub fn graph_file(text: &str) {
    let _ = Graph::from_text("fuzz.txt", text);
}

/// The bytes of a nim-sequence file: reading them never panics, and a file
/// is accepted only if it is exactly what writing its contents gives.
pub fn sequence_file(bytes: &[u8]) {
    let Ok((name, values)) = Values::read(&mut &bytes[..]) else {
        return;
    };
    let mut written = Vec::new();
    values.write(&name, &mut written).expect("a name read fits");
    assert!(written == bytes, "accepted, but not as written: {bytes:?}");
}
