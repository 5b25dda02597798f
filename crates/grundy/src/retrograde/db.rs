//! A solved table in a file (`--db FILE`), to answer later without solving
//! again. Encoding and decoding work on bytes in memory; the caller reads
//! and writes the file.
//!
//! # The format (version 2)
//! All integers little-endian.
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | the magic `GRUNDYDB` |
//! | 4 | the version, 2 |
//! | 4 | L, the length of the ruleset's name |
//! | L | the ruleset's name in UTF-8, as an expression writes it (`mnk(3,3,3)`) |
//! | 4 | D, the length of the digest: 0, or 64 |
//! | D | the SHA-256 in hexadecimal of the file the rules were read from (a graph file, a script; `StrongRules::digest`), or nothing |
//! | 8 | the number of records (positions) |
//! | 8 | the length of the records in bytes |
//! | 4 | CRC-32 (IEEE) of every byte before it and of the records |
//! | ... | the records |
//!
//! One record a position reached, in increasing order of the positions'
//! keys ([`StrongGame::key`]: the number of the position where the game
//! numbers them): the key minus the previous record's key (the first: the
//! key itself) as an unsigned LEB128 varint, then the position's cell in two
//! bytes: the standing in the top two bits (1 win, 2 lose, 3 tie), the
//! remoteness in the other fourteen, and a draw written as 1. The keys of a
//! solve from one start are close together, so most take one or two bytes:
//! three to four bytes a position in all.
//!
//! Version 1 had no digest: a table of a file's rules answered after the
//! file changed. This grundy refuses it (solve again).
//!
//! ```
//! use grundy::catalogue::Mnk;
//! use grundy::retrograde::db::{self, Db};
//! use grundy::retrograde::{solve, Options};
//!
//! // A solve of the three-cell game (two adjacent marks win), written and
//! // read back: its three positions after the first move and the start.
//! let game = Mnk::new(1, 3, 2).unwrap();
//! let table = solve(&game, &Options { memory: 1 << 20 }, &mut |_| true).unwrap();
//! let bytes = db::encode("mnk(1,3,2)", None, &game, &table).unwrap();
//! assert!(bytes.starts_with(db::MAGIC));
//! let read = Db::decode("three.db", &bytes, "mnk(1,3,2)", None).unwrap();
//! assert_eq!(read.positions(), table.positions());
//! assert_eq!(read.counts(), table.counts());
//! // A table of another ruleset is refused.
//! assert!(Db::decode("three.db", &bytes, "mnk(3,3,3)", None).is_err());
//! ```

use super::{decode, Counts, Solved, StrongGame, Table, DRAW, STATE, UNDECIDED};
use crate::error::{Error, Result};
use crate::value::Solution;

/// The first eight bytes of every file.
pub const MAGIC: &[u8; 8] = b"GRUNDYDB";
/// The version of the format this grundy writes and reads.
pub const VERSION: u32 = 2;

/// The bytes of a file holding `table`, a solve of the ruleset `ruleset`
/// whose rules were read from a file of this `digest`, if any.
/// A game whose positions have no key cannot be written
/// ([`Error::Unsupported`]).
pub fn encode<G: StrongGame>(
    ruleset: &str,
    digest: Option<&str>,
    game: &G,
    table: &Table<G>,
) -> Result<Vec<u8>> {
    let records = table.records(game).ok_or_else(|| {
        Error::Unsupported(format!(
            "the positions of {ruleset} have no numbers, so its table cannot be written"
        ))
    })?;
    let mut payload = Vec::with_capacity(records.len() * 4);
    let mut previous = 0;
    for (key, cell) in &records {
        let mut delta = key - previous;
        previous = *key;
        while delta >= 0x80 {
            payload.push(delta as u8 | 0x80);
            delta >>= 7;
        }
        payload.push(delta as u8);
        payload.extend_from_slice(&cell.to_le_bytes());
    }
    let mut bytes = Vec::with_capacity(payload.len() + ruleset.len() + 40);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&(ruleset.len() as u32).to_le_bytes());
    bytes.extend_from_slice(ruleset.as_bytes());
    let digest = digest.unwrap_or_default();
    bytes.extend_from_slice(&(digest.len() as u32).to_le_bytes());
    bytes.extend_from_slice(digest.as_bytes());
    bytes.extend_from_slice(&(records.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    let mut crc = crc32fast::Hasher::new();
    crc.update(&bytes);
    crc.update(&payload);
    bytes.extend_from_slice(&crc.finalize().to_le_bytes());
    bytes.extend_from_slice(&payload);
    Ok(bytes)
}

/// A solved table read back from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Db {
    ruleset: String,
    /// Increasing.
    keys: Vec<u64>,
    cells: Vec<u16>,
}

impl Db {
    /// Reads the bytes of a file made for `ruleset`, whose rules were read
    /// from a file of this `digest` if any; `path` names the file in
    /// messages. A file of another ruleset or of rules read from another
    /// file's content, truncated or corrupted is [`Error::File`].
    pub fn decode(path: &str, bytes: &[u8], ruleset: &str, digest: Option<&str>) -> Result<Db> {
        let error = |message: String| Error::File {
            path: path.into(),
            message,
        };
        let mut reader = Reader { bytes, at: 0 };
        let truncated = |what: &str| error(format!("the file is truncated: it ends in {what}"));
        let magic = reader.take(8).ok_or_else(|| truncated("the header"))?;
        if magic != MAGIC {
            return Err(error(
                "not a grundy solved table (no GRUNDYDB header)".into(),
            ));
        }
        let version = reader.u32().ok_or_else(|| truncated("the header"))?;
        if version != VERSION {
            return Err(error(format!(
                "version {version} of the format; this grundy reads version {VERSION}"
            )));
        }
        let length = reader.u32().ok_or_else(|| truncated("the header"))?;
        let name = reader
            .take(length as usize)
            .ok_or_else(|| truncated("the ruleset's name"))?;
        let name = String::from_utf8_lossy(name);
        if name != ruleset {
            return Err(error(format!("the table is of {name}, not of {ruleset}")));
        }
        let length = reader.u32().ok_or_else(|| truncated("the header"))?;
        let recorded = reader
            .take(length as usize)
            .ok_or_else(|| truncated("the digest"))?;
        let expected = digest.unwrap_or_default();
        if recorded != expected.as_bytes() {
            let recorded = String::from_utf8_lossy(recorded);
            return Err(error(format!(
                "the table was solved from rules of SHA-256 {}, but the rules of {ruleset} \
                 now have SHA-256 {}: the file changed, so solve again",
                or_none(&recorded),
                or_none(expected)
            )));
        }
        let count = reader.u64().ok_or_else(|| truncated("the header"))?;
        let payload_length = reader.u64().ok_or_else(|| truncated("the header"))?;
        let header_end = reader.at;
        let checksum = reader.u32().ok_or_else(|| truncated("the header"))?;
        let payload = reader
            .take(payload_length.try_into().unwrap_or(usize::MAX))
            .ok_or_else(|| {
                error(format!(
                    "the file is truncated: {} bytes of records, the header says {payload_length}",
                    bytes.len() - reader.at
                ))
            })?;
        if reader.at != bytes.len() {
            return Err(error(format!(
                "{} bytes after the records: the file is corrupted",
                bytes.len() - reader.at
            )));
        }
        let mut crc = crc32fast::Hasher::new();
        crc.update(&bytes[..header_end]);
        crc.update(payload);
        if crc.finalize() != checksum {
            return Err(error(
                "the checksum does not match: the file is corrupted".into(),
            ));
        }
        let corrupted = |what: &str| error(format!("the records are corrupted: {what}"));
        // The count is checked against the bytes before anything is sized
        // by it: a record takes at least three.
        if count > payload_length / 3 {
            return Err(corrupted("more records than bytes"));
        }
        let mut keys = Vec::with_capacity(count as usize);
        let mut cells = Vec::with_capacity(count as usize);
        let mut records = Reader {
            bytes: payload,
            at: 0,
        };
        let mut key = 0u64;
        for i in 0..count {
            let delta = records.varint().ok_or_else(|| corrupted("a bad key"))?;
            if i > 0 && delta == 0 {
                return Err(corrupted("a key twice"));
            }
            key = key
                .checked_add(delta)
                .ok_or_else(|| corrupted("a key too large"))?;
            let cell = records
                .u16()
                .ok_or_else(|| corrupted("a record cut short"))?;
            if cell & STATE == UNDECIDED && cell != DRAW {
                return Err(corrupted("a value that is no standing"));
            }
            keys.push(key);
            cells.push(cell);
        }
        if records.at != payload.len() {
            return Err(corrupted("bytes after the last record"));
        }
        Ok(Db {
            ruleset: ruleset.into(),
            keys,
            cells,
        })
    }

    /// The name of the ruleset solved, as an expression writes it.
    pub fn ruleset(&self) -> &str {
        &self.ruleset
    }

    /// How many positions the file holds.
    pub fn positions(&self) -> u64 {
        self.keys.len() as u64
    }

    /// How many of them are won, lost, tied and drawn for the player to move.
    pub fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for &cell in &self.cells {
            counts.add(decode(cell).expect("decoded cells are standings").standing);
        }
        counts
    }

    /// The solution of the position of this key, if the file has it.
    pub fn solution_of_key(&self, key: u64) -> Option<Solution> {
        let at = self.keys.binary_search(&key).ok()?;
        decode(self.cells[at])
    }
}

impl<G: StrongGame> Solved<G> for Db {
    fn solution(&self, game: &G, position: &G::Position) -> Option<Solution> {
        self.solution_of_key(game.key(position)?)
    }
}

/// A digest as a message shows it: none is "(none)".
fn or_none(digest: &str) -> &str {
    match digest {
        "" => "(none)",
        _ => digest,
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let end = self.at.checked_add(n)?;
        let taken = self.bytes.get(self.at..end)?;
        self.at = end;
        Some(taken)
    }

    fn u16(&mut self) -> Option<u16> {
        Some(u16::from_le_bytes(self.take(2)?.try_into().ok()?))
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }

    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }

    fn varint(&mut self) -> Option<u64> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.take(1)?[0];
            value |= ((byte & 0x7F) as u64).checked_shl(shift)?;
            if byte & 0x80 == 0 {
                return Some(value);
            }
        }
        None
    }
}
