//! A solved table in a file (`--db FILE`), to answer later without solving
//! again. [`encode`] makes the bytes in memory (the caller writes the file
//! whole) and [`Db::decode`] reads them back whole; [`DbFile`] reads from
//! the file only the header, the index and the block of each key asked.
//!
//! # The format (version 3)
//! All integers little-endian.
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | the magic `GRUNDYDB` |
//! | 4 | the version, 3 |
//! | 4 | L, the length of the ruleset's name (at most 4096) |
//! | L | the ruleset's name in UTF-8, as an expression writes it (`mnk(3,3,3)`) |
//! | 4 | D, the length of the digest: 0, or 64 |
//! | D | the SHA-256 in hexadecimal of the file the rules were read from (a graph file, a script; `StrongRules::digest`), or nothing |
//! | 8 | N, the number of records (positions) |
//! | 4 | R, the records of a block ([`BLOCK_RECORDS`] as grundy writes them) |
//! | 8 | P, the length of the records in bytes |
//! | 4 | CRC-32 (IEEE) of every byte of the header before it |
//! | 20 B | the index, B = ceil(N / R) blocks: for each, the key of its first record (8), where it starts in the records (8) and the CRC-32 of its bytes (4) |
//! | 4 | CRC-32 of the index |
//! | P | the records, R a block (the last block may hold fewer) |
//!
//! One record a position reached, in increasing order of the positions'
//! keys ([`StrongGame::key`]: the number of the position where the game
//! numbers them): the key minus the previous record's key as an unsigned
//! LEB128 varint (none for the first record of a block, whose key is in
//! the index), then the position's cell in two bytes: the standing in the
//! top two bits (1 win, 2 lose, 3 tie), the remoteness in the other
//! fourteen, and a draw written as 1. The keys of a solve from one start
//! are close together, so most take one or two bytes: three to four bytes
//! a position in all. One position is answered from the header, the index
//! and the one block its key falls in ([`DbFile`]), whatever the size of
//! the file.
//!
//! Version 1 had no digest: a table of a file's rules answered after the
//! file changed. Version 2 had no blocks: a question read the whole file.
//! This grundy refuses both (solve again).
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

use std::cell::RefCell;
use std::fs::File;
use std::os::unix::fs::FileExt;

use super::{decode, Counts, Solved, SolvedGame, StrongGame, DRAW, STATE, UNDECIDED};
use crate::error::{Error, Result};
use crate::file::describe_bytes;
use crate::value::Solution;

/// The first eight bytes of every file.
pub const MAGIC: &[u8; 8] = b"GRUNDYDB";
/// The version of the format this grundy writes and reads.
pub const VERSION: u32 = 3;
/// The records of a block as grundy writes them: about 4 KiB of a file, the
/// most one question about a position reads of its records.
pub const BLOCK_RECORDS: u32 = 1024;

/// The bytes of one entry of the index.
const INDEX_ENTRY: usize = 20;
/// The longest ruleset name and digest a header may hold: a header is
/// read whole before anything is sized by it.
const LONGEST_NAME: u32 = 4096;
const LONGEST_DIGEST: u32 = 128;

/// The bytes of a file holding `table`, a solve of the ruleset `ruleset`
/// whose rules were read from a file of this `digest`, if any.
/// A game whose positions have no key cannot be written
/// ([`Error::Unsupported`]).
pub fn encode<G: StrongGame>(
    ruleset: &str,
    digest: Option<&str>,
    game: &G,
    table: &SolvedGame<G>,
) -> Result<Vec<u8>> {
    let records = table.records(game).ok_or_else(|| {
        Error::Unsupported(format!(
            "the positions of {ruleset} have no numbers, so its table cannot be written"
        ))
    })?;
    let mut payload = Vec::with_capacity(records.len() * 4);
    let mut index = Vec::new();
    for block in records.chunks(BLOCK_RECORDS as usize) {
        let start = payload.len();
        let mut previous = block[0].0;
        for (i, (key, cell)) in block.iter().enumerate() {
            if i > 0 {
                let mut delta = key - previous;
                while delta >= 0x80 {
                    payload.push(delta as u8 | 0x80);
                    delta >>= 7;
                }
                payload.push(delta as u8);
            }
            previous = *key;
            payload.extend_from_slice(&cell.to_le_bytes());
        }
        index.extend_from_slice(&block[0].0.to_le_bytes());
        index.extend_from_slice(&(start as u64).to_le_bytes());
        index.extend_from_slice(&crc32fast::hash(&payload[start..]).to_le_bytes());
    }
    let mut bytes = Vec::with_capacity(payload.len() + index.len() + ruleset.len() + 128);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&(ruleset.len() as u32).to_le_bytes());
    bytes.extend_from_slice(ruleset.as_bytes());
    let digest = digest.unwrap_or_default();
    bytes.extend_from_slice(&(digest.len() as u32).to_le_bytes());
    bytes.extend_from_slice(digest.as_bytes());
    bytes.extend_from_slice(&(records.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&BLOCK_RECORDS.to_le_bytes());
    bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&crc32fast::hash(&bytes).to_le_bytes());
    bytes.extend_from_slice(&index);
    bytes.extend_from_slice(&crc32fast::hash(&index).to_le_bytes());
    bytes.extend_from_slice(&payload);
    Ok(bytes)
}

/// Where the bytes of a table are: in memory, or in a file read a piece
/// at a time.
trait Bytes {
    /// The length in bytes.
    fn length(&self) -> Result<u64>;
    /// Fills `into` from `at`; the bytes are there (the length was
    /// checked).
    fn read_at(&self, at: u64, into: &mut [u8]) -> Result<()>;
}

impl Bytes for &[u8] {
    fn length(&self) -> Result<u64> {
        Ok(self.len() as u64)
    }

    fn read_at(&self, at: u64, into: &mut [u8]) -> Result<()> {
        let at = at as usize;
        into.copy_from_slice(&self[at..at + into.len()]);
        Ok(())
    }
}

/// A file and its path, for errors.
struct Opened {
    file: File,
    path: String,
}

impl Bytes for Opened {
    fn length(&self) -> Result<u64> {
        let metadata = self.file.metadata().map_err(|e| self.error(e))?;
        Ok(metadata.len())
    }

    fn read_at(&self, at: u64, into: &mut [u8]) -> Result<()> {
        self.file.read_exact_at(into, at).map_err(|e| self.error(e))
    }
}

impl Opened {
    fn error(&self, error: std::io::Error) -> Error {
        Error::File {
            path: self.path.clone(),
            message: error.to_string(),
        }
    }
}

/// A table's header and index, checked, and where its bytes are.
struct Blocks<B: Bytes> {
    path: String,
    ruleset: String,
    /// The digest of the file the rules were read from, or empty.
    digest: String,
    records: u64,
    block_records: u64,
    /// The key of each block's first record, increasing.
    first_keys: Vec<u64>,
    /// Where each block starts in the file, and where the last ends.
    starts: Vec<u64>,
    crcs: Vec<u32>,
    bytes: B,
}

/// The records of one block: keys increasing, and their cells.
type Block = (Vec<u64>, Vec<u16>);

impl<B: Bytes> Blocks<B> {
    fn error(&self, message: String) -> Error {
        Error::File {
            path: self.path.clone(),
            message,
        }
    }

    /// Whether the table answers for `ruleset` whose rules were read from
    /// a file of this `digest` if any: an error saying why not.
    fn check(&self, ruleset: &str, digest: Option<&str>) -> Result<()> {
        if self.ruleset != ruleset {
            let name = &self.ruleset;
            return Err(self.error(format!("the table is of {name}, not of {ruleset}")));
        }
        let expected = digest.unwrap_or_default();
        if self.digest != expected {
            return Err(self.error(format!(
                "the table was solved from rules of SHA-256 {}, but the rules of {ruleset} \
                 now have SHA-256 {}: the file changed, so solve again",
                or_none(&self.digest),
                or_none(expected)
            )));
        }
        Ok(())
    }

    /// The block whose keys would hold `key`, if any.
    fn block_of(&self, key: u64) -> Option<usize> {
        self.first_keys
            .partition_point(|&first| first <= key)
            .checked_sub(1)
    }

    /// The records of block `i`, checked against its CRC.
    fn block(&self, i: usize) -> Result<Block> {
        let (from, to) = (self.starts[i], self.starts[i + 1]);
        let mut bytes = vec![0u8; (to - from) as usize];
        self.bytes.read_at(from, &mut bytes)?;
        if crc32fast::hash(&bytes) != self.crcs[i] {
            return Err(self.error(format!(
                "the checksum of block {i} does not match: the file is corrupted"
            )));
        }
        let corrupted = |what: &str| self.error(format!("the records are corrupted: {what}"));
        let count = (self.records - i as u64 * self.block_records).min(self.block_records);
        let mut keys = Vec::with_capacity(count as usize);
        let mut cells = Vec::with_capacity(count as usize);
        let mut records = Reader {
            bytes: &bytes,
            at: 0,
        };
        let mut key = self.first_keys[i];
        for j in 0..count {
            if j > 0 {
                let delta = records.varint().ok_or_else(|| corrupted("a bad key"))?;
                if delta == 0 {
                    return Err(corrupted("a key twice"));
                }
                key = key
                    .checked_add(delta)
                    .ok_or_else(|| corrupted("a key too large"))?;
            }
            let cell = records
                .u16()
                .ok_or_else(|| corrupted("a record cut short"))?;
            if cell & STATE == UNDECIDED && cell != DRAW {
                return Err(corrupted("a value that is no standing"));
            }
            keys.push(key);
            cells.push(cell);
        }
        if records.at != bytes.len() {
            return Err(corrupted("bytes after the last record of a block"));
        }
        if self.first_keys.get(i + 1).is_some_and(|&next| next <= key) {
            return Err(corrupted("a block's keys reach the next block's"));
        }
        Ok((keys, cells))
    }

    /// Reads and checks the header and the index of the table in `bytes`,
    /// reading at most `limit` bytes of index; `path` names the file in
    /// messages.
    fn open(path: &str, bytes: B, limit: u64) -> Result<Blocks<B>> {
        let error = |message: String| Error::File {
            path: path.into(),
            message,
        };
        let truncated = |what: &str| error(format!("the file is truncated: it ends in {what}"));
        let length = bytes.length()?;
        let longest = 8 + 4 + 4 + LONGEST_NAME + 4 + LONGEST_DIGEST + 8 + 4 + 8 + 4;
        let mut head = vec![0u8; length.min(longest as u64) as usize];
        bytes.read_at(0, &mut head)?;
        let mut reader = Reader {
            bytes: &head,
            at: 0,
        };
        let magic = reader.take(8).ok_or_else(|| truncated("the header"))?;
        if magic != MAGIC {
            return Err(error(
                "not a grundy solved table (no GRUNDYDB header)".into(),
            ));
        }
        let version = reader.u32().ok_or_else(|| truncated("the header"))?;
        if version != VERSION {
            return Err(error(format!(
                "version {version} of the format; this grundy reads version {VERSION} \
                 (solve again to write it)"
            )));
        }
        let name_length = reader.u32().ok_or_else(|| truncated("the header"))?;
        if name_length > LONGEST_NAME {
            return Err(error("the header is corrupted: a name too long".into()));
        }
        let name = reader
            .take(name_length as usize)
            .ok_or_else(|| truncated("the ruleset's name"))?;
        let ruleset = String::from_utf8_lossy(name).into_owned();
        let digest_length = reader.u32().ok_or_else(|| truncated("the header"))?;
        if digest_length > LONGEST_DIGEST {
            return Err(error("the header is corrupted: a digest too long".into()));
        }
        let digest = reader
            .take(digest_length as usize)
            .ok_or_else(|| truncated("the digest"))?;
        let digest = String::from_utf8_lossy(digest).into_owned();
        let records = reader.u64().ok_or_else(|| truncated("the header"))?;
        let block_records = reader.u32().ok_or_else(|| truncated("the header"))?;
        let payload_length = reader.u64().ok_or_else(|| truncated("the header"))?;
        let header_end = reader.at;
        let checksum = reader.u32().ok_or_else(|| truncated("the header"))?;
        let corrupted = |what: &str| error(format!("the header is corrupted: {what}"));
        if crc32fast::hash(&head[..header_end]) != checksum {
            return Err(error(
                "the header's checksum does not match: the file is corrupted".into(),
            ));
        }
        if block_records == 0 {
            return Err(corrupted("blocks of no records"));
        }
        // The count is checked against the bytes before anything is sized
        // by it: a record takes at least two.
        if records > payload_length / 2 {
            return Err(corrupted("more records than bytes"));
        }
        let blocks = records.div_ceil(block_records as u64);
        let index_length = (blocks.checked_mul(INDEX_ENTRY as u64))
            .and_then(|entries| entries.checked_add(4))
            .ok_or_else(|| corrupted("an index too long"))?;
        if index_length > limit {
            return Err(Error::Limit(format!(
                "the index of the table {path} is larger than {}, the most that is read",
                describe_bytes(limit)
            )));
        }
        let index_start = reader.at as u64;
        let records_start = (index_start.checked_add(index_length))
            .ok_or_else(|| corrupted("an index too long"))?;
        let end = (records_start.checked_add(payload_length))
            .ok_or_else(|| corrupted("records too long"))?;
        match end.cmp(&length) {
            std::cmp::Ordering::Greater if records_start > length => {
                return Err(truncated("the index"))
            }
            std::cmp::Ordering::Greater => {
                return Err(error(format!(
                    "the file is truncated: {} bytes of records, the header says \
                     {payload_length}",
                    length - records_start
                )))
            }
            std::cmp::Ordering::Less => {
                return Err(error(format!(
                    "{} bytes after the records: the file is corrupted",
                    length - records_start - payload_length
                )))
            }
            std::cmp::Ordering::Equal => {}
        }
        let mut index = vec![0u8; index_length as usize];
        bytes.read_at(index_start, &mut index)?;
        let (entries, crc) = index.split_at(index.len() - 4);
        if crc32fast::hash(entries) != u32::from_le_bytes(crc.try_into().expect("4 bytes")) {
            return Err(error(
                "the index's checksum does not match: the file is corrupted".into(),
            ));
        }
        let mut first_keys = Vec::with_capacity(blocks as usize);
        let mut starts = Vec::with_capacity(blocks as usize + 1);
        let mut crcs = Vec::with_capacity(blocks as usize);
        for entry in entries.chunks_exact(INDEX_ENTRY) {
            let word = |at: usize| u64::from_le_bytes(entry[at..at + 8].try_into().expect("8"));
            first_keys.push(word(0));
            starts.push(records_start + word(8));
            crcs.push(u32::from_le_bytes(entry[16..20].try_into().expect("4")));
        }
        starts.push(records_start + payload_length);
        let increasing = |v: &[u64]| v.windows(2).all(|w| w[0] < w[1]);
        if !increasing(&first_keys)
            || !increasing(&starts)
            || starts.first().is_some_and(|&s| s != records_start)
        {
            return Err(error("the index is corrupted".into()));
        }
        Ok(Blocks {
            path: path.into(),
            ruleset,
            digest,
            records,
            block_records: block_records as u64,
            first_keys,
            starts,
            crcs,
            bytes,
        })
    }
}

/// A solved table read back whole, every block decoded and checked.
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
        let blocks = Blocks::open(path, bytes, u64::MAX)?;
        blocks.check(ruleset, digest)?;
        let mut keys = Vec::with_capacity(blocks.records as usize);
        let mut cells = Vec::with_capacity(blocks.records as usize);
        for i in 0..blocks.first_keys.len() {
            let (block_keys, block_cells) = blocks.block(i)?;
            keys.extend(block_keys);
            cells.extend(block_cells);
        }
        Ok(Db {
            ruleset: blocks.ruleset,
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

    /// The keys of the positions the file holds, increasing.
    pub fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.keys.iter().copied()
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

/// A solved table in a file, of which each question reads only the block
/// its key falls in (the last block read is kept for the next question):
/// the header and index are read and checked when it is opened.
pub struct DbFile {
    blocks: Blocks<Opened>,
    last: RefCell<Option<(usize, Block)>>,
    read: std::cell::Cell<u64>,
}

impl DbFile {
    /// Opens the file at `path`, reading its header and at most `limit`
    /// bytes of its index (a larger index is a limit error). The errors of
    /// a file truncated or corrupted are those of [`Db::decode`].
    pub fn open(path: &str, limit: u64) -> Result<DbFile> {
        let file = File::open(path).map_err(|e| Error::File {
            path: path.into(),
            message: e.to_string(),
        })?;
        let opened = Opened {
            file,
            path: path.into(),
        };
        let blocks = Blocks::open(path, opened, limit)?;
        let read = blocks.starts[0];
        Ok(DbFile {
            blocks,
            last: RefCell::new(None),
            read: std::cell::Cell::new(read),
        })
    }

    /// How many positions the file holds.
    pub fn positions(&self) -> u64 {
        self.blocks.records
    }

    /// The name of the ruleset solved, as an expression writes it.
    pub fn ruleset(&self) -> &str {
        &self.blocks.ruleset
    }

    /// Whether the table answers for `ruleset` whose rules were read from
    /// a file of this `digest` if any: the error of [`Db::decode`] where
    /// it does not.
    pub fn check(&self, ruleset: &str, digest: Option<&str>) -> Result<()> {
        self.blocks.check(ruleset, digest)
    }

    /// Bytes read from the file so far: the header and index, and each
    /// block read.
    pub fn bytes_read(&self) -> u64 {
        self.read.get()
    }

    /// The solution of the position of this key, if the file has it:
    /// reads the one block the key falls in.
    pub fn solution_of_key(&self, key: u64) -> Result<Option<Solution>> {
        let Some(i) = self.blocks.block_of(key) else {
            return Ok(None);
        };
        let mut last = self.last.borrow_mut();
        if last.as_ref().is_none_or(|(kept, _)| *kept != i) {
            let block = self.blocks.block(i)?;
            let (from, to) = (self.blocks.starts[i], self.blocks.starts[i + 1]);
            self.read.set(self.read.get() + (to - from));
            *last = Some((i, block));
        }
        let (_, (keys, cells)) = last.as_ref().expect("read above");
        Ok(keys
            .binary_search(&key)
            .ok()
            .and_then(|at| decode(cells[at])))
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
