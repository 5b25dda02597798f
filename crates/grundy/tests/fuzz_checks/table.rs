//! Solved tables (`solve --db`, `retrograde::db`) with bytes patched: a
//! small valid table, changed where the input says, read back with the
//! checksum as written and with it recomputed. What must hold: reading
//! never panics; a change is refused unless the checksum was recomputed;
//! and a table accepted answers only standings and remotenesses that a
//! table can hold.

use std::sync::OnceLock;

use grundy::catalogue::Mnk;
use grundy::retrograde::db::{encode, Db};
use grundy::retrograde::{solve, Options};

/// The ruleset of the table, and the digest it records (as a table of a
/// file's rules does).
pub const RULESET: &str = "mnk(2,2,2)";
pub const DIGEST: &str = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

/// The valid table every input patches.
pub fn valid() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let game = Mnk::new(2, 2, 2).expect("a board");
        let table = solve(&game, &Options { memory: 1 << 26 }, &mut |_| true).expect("solved");
        encode(RULESET, Some(DIGEST), &game, &table).expect("numbered positions")
    })
}

/// Where the header's checksum is, read from the header of `bytes`: after
/// the magic, version, name, digest, count, records a block and length.
fn checksum_at(bytes: &[u8]) -> Option<usize> {
    let u32_at = |at: usize| -> Option<usize> {
        Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?) as usize)
    };
    let name = 16 + u32_at(12)?;
    let digest = name.checked_add(4)?.checked_add(u32_at(name)?)?;
    let at = digest.checked_add(20)?;
    (at + 4 <= bytes.len()).then_some(at)
}

/// `input` read as patches of the valid table: each three bytes are an
/// offset (two bytes) and a value; the last byte, if any is left, says
/// whether the checksum is recomputed (odd) or kept.
pub fn check(input: &[u8]) {
    let valid = valid();
    let mut bytes = valid.to_vec();
    let mut patches = input.chunks_exact(3);
    for patch in &mut patches {
        let at = u16::from_le_bytes([patch[0], patch[1]]) as usize;
        match at.checked_sub(bytes.len()) {
            // Past the end: the file is cut there, or grows by a byte.
            Some(0) => bytes.push(patch[2]),
            Some(_) => bytes.truncate(at % (bytes.len() + 1)),
            None => bytes[at] = patch[2],
        }
    }
    let recompute = patches.remainder().first().is_some_and(|b| b % 2 == 1);
    if recompute {
        if let Some(at) = checksum_at(&bytes) {
            let crc = crc32fast::hash(&bytes[..at]);
            bytes[at..at + 4].copy_from_slice(&crc.to_le_bytes());
        }
    }
    let read = Db::decode("fuzz.db", &bytes, RULESET, Some(DIGEST));
    if bytes == valid {
        read.expect("the valid table is read");
        return;
    }
    let Ok(db) = read else {
        return;
    };
    assert!(recompute, "a changed table passed its checksum: {bytes:?}");
    // Every answer of a table accepted is a standing with its remoteness
    // (counts() decodes each record).
    let counts = db.counts();
    assert_eq!(
        counts.win + counts.lose + counts.tie + counts.draw,
        db.positions()
    );
    for key in 0..100 {
        if let Some(solution) = db.solution_of_key(key) {
            assert!(
                solution.remoteness.is_some_and(|r| r < 1 << 14) || solution.remoteness.is_none()
            );
        }
    }
}
