//! A solved table in a file (`--db FILE`), to answer later without solving
//! again. Encoding and decoding work on bytes in memory; the caller reads
//! and writes the file.
//!
//! # The format (version 1)
//! All integers little-endian.
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | the magic `GRUNDYDB` |
//! | 4 | the version, 1 |
//! | 4 | L, the length of the ruleset's name |
//! | L | the ruleset's name in UTF-8, as an expression writes it (`mnk(3,3,3)`) |
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

use super::{decode, Counts, Solved, StrongGame, Table, DRAW, STATE, UNDECIDED};
use crate::error::{Error, Result};
use crate::value::Solution;

pub const MAGIC: &[u8; 8] = b"GRUNDYDB";
pub const VERSION: u32 = 1;

/// The bytes of a file holding `table`, a solve of the ruleset `ruleset`.
/// A game whose positions have no key cannot be written
/// ([`Error::Unsupported`]).
pub fn encode<G: StrongGame>(ruleset: &str, game: &G, table: &Table<G>) -> Result<Vec<u8>> {
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
    /// Reads the bytes of a file made for `ruleset`; `path` names the file in
    /// messages. A file of another ruleset, truncated or corrupted is
    /// [`Error::File`].
    pub fn decode(path: &str, bytes: &[u8], ruleset: &str) -> Result<Db> {
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

    pub fn ruleset(&self) -> &str {
        &self.ruleset
    }

    pub fn positions(&self) -> u64 {
        self.keys.len() as u64
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{Connect4, Mnk};
    use crate::retrograde::{solve, Options};
    use crate::value::Standing;

    fn options() -> Options {
        Options { memory: 1 << 30 }
    }

    #[test]
    fn a_numbered_table_round_trips() {
        let ttt = Mnk::new(3, 3, 3).unwrap();
        let table = solve(&ttt, &options(), &mut |_| true).unwrap();
        let bytes = encode("mnk(3,3,3)", &ttt, &table).unwrap();
        // Three to four bytes a position.
        assert!(bytes.len() < 5478 * 4, "{} bytes", bytes.len());
        let db = Db::decode("t.db", &bytes, "mnk(3,3,3)").unwrap();
        assert_eq!(db.positions(), 5478);
        assert_eq!(db.counts(), table.counts());
        let numbering = ttt.numbering().unwrap();
        for i in 0..numbering.count() {
            let board = numbering.position(i);
            assert_eq!(db.solution(&ttt, &board), table.solution(&ttt, &board));
            if table.solution(&ttt, &board).is_some() {
                assert_eq!(db.best_moves(&ttt, &board), table.best_moves(&ttt, &board));
            }
        }
    }

    /// Connect four with its own bitboards as keys, and no numbering: the
    /// solver hashes its positions.
    struct Keyed(Connect4);

    impl StrongGame for Keyed {
        type Position = u64;

        fn start(&self) -> Result<u64> {
            self.0.start()
        }

        fn moves(&self, p: &u64, moves: &mut Vec<u64>) {
            self.0.moves(p, moves)
        }

        fn finished(&self, p: &u64) -> Option<Standing> {
            self.0.finished(p)
        }

        fn format_position(&self, p: &u64) -> String {
            self.0.format_position(p)
        }

        fn key(&self, &p: &u64) -> Option<u64> {
            Some(p)
        }
    }

    #[test]
    fn a_hashed_table_round_trips() {
        let g = Keyed(Connect4::new(4, 3).unwrap());
        let table = solve(&g, &options(), &mut |_| true).unwrap();
        let bytes = encode("connect4(4,3)", &g, &table).unwrap();
        let db = Db::decode("c.db", &bytes, "connect4(4,3)").unwrap();
        assert_eq!(db.counts(), table.counts());
        let start = g.start().unwrap();
        assert_eq!(db.solution(&g, &start), Some(table.roots()[0]));
        assert_eq!(db.best_moves(&g, &start), table.best_moves(&g, &start));
    }

    fn small() -> Vec<u8> {
        let g = Mnk::new(1, 3, 2).unwrap();
        let table = solve(&g, &options(), &mut |_| true).unwrap();
        encode("mnk(1,3,2)", &g, &table).unwrap()
    }

    #[test]
    fn another_rulesets_file_is_refused() {
        let err = Db::decode("t.db", &small(), "mnk(3,3,3)").unwrap_err();
        assert_eq!(
            err.to_string(),
            "t.db: the table is of mnk(1,3,2), not of mnk(3,3,3)"
        );
        let err = Db::decode(
            "t.db",
            b"P5\n3 2\n255\n\0\x01\x02\x03\x04\x05",
            "mnk(3,3,3)",
        )
        .unwrap_err();
        assert!(
            err.to_string().contains("not a grundy solved table"),
            "{err}"
        );
    }

    #[test]
    fn truncated_files_are_refused() {
        let bytes = small();
        for end in 0..bytes.len() {
            let err = Db::decode("t.db", &bytes[..end], "mnk(1,3,2)").unwrap_err();
            assert!(err.to_string().contains("truncated"), "{end}: {err}");
        }
    }

    #[test]
    fn corrupted_files_are_refused() {
        let bytes = small();
        for at in 0..bytes.len() {
            for bit in 0..8 {
                let mut corrupted = bytes.clone();
                corrupted[at] ^= 1 << bit;
                assert!(
                    Db::decode("t.db", &corrupted, "mnk(1,3,2)").is_err(),
                    "byte {at} bit {bit}"
                );
            }
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(Db::decode("t.db", &longer, "mnk(1,3,2)").is_err());
    }
}
