//! A tiered solve's directory (`grundy solve --tiers DIR`): a file a tier
//! for its cells (`tier-000.bin`, ...) and one for its reachable ranks
//! (`reach-000.bin`, ...), each written whole or not at all
//! ([`crate::file::write_whole`]), so a solve stopped at any moment leaves
//! only whole files, and a rerun reads them back ([`Dir`] is the
//! [`Store`]). While a tier is solved a piece at a time, each piece of its
//! cells is a file of the same format (`tier-013.piece-00002-of-00005.bin`,
//! its payload the cells of the piece's ranks reached), until the tier's
//! file is made from them and they are removed. A file is written as its
//! payload comes, its blocks compressed a batch at a time and its table
//! written last, and read a range of blocks at a time. One position is
//! answered from the directory by reading the header and the table of
//! blocks of its tier's two files and one block of each ([`Db`]).
//!
//! # The format (version 4)
//! All integers little-endian.
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | the magic `GRUNDYTR` |
//! | 4 | the version, 4 (3 stored every block as it is, its table the checksums alone, then the counts of bits with their own checksum; 2 stored a cell for every rank, reached or not; 1 also for each of a board and its mirror image) |
//! | 4 | the kind: 1 reachable ranks (a bit a rank), 2 cells of one byte, 3 cells of two bytes |
//! | 4 | L, the length of the ruleset's name |
//! | L | the ruleset's name in UTF-8, as an expression writes it (`connect4(5,4)`) |
//! | 4 | the tier |
//! | 4 | the number of tiers |
//! | 8 | the number of ranks in the tier |
//! | 8 | E, the entries of the payload: the ranks (kind 1), the cells stored (kinds 2 and 3) |
//! | 8 | the positions reachable in the tier (kind 1: the classes of positions equal under the game's symmetries, one bit each) |
//! | 32 | of those, the wins, losses, ties and draws (8 bytes each; 0 for kind 1) |
//! | 4 | the bytes of a block: [`BLOCK_BYTES`] as grundy writes them |
//! | 4 | CRC-32 (IEEE) of every byte of the header before it |
//! | 8 B | the table of blocks, B = ceil(payload / block): where each block stored ends, counted from the first |
//! | 4 B | the CRC-32 of each block as stored |
//! | 8 B | kind 1 only: the bits set in the blocks before each block |
//! | 4 | the CRC-32 of the table |
//! | ... | the blocks, each as stored |
//!
//! The payload of kind 1 is the bits of the ranks reachable, in words of
//! 64 ranks (ceil(ranks / 64) × 8 bytes, rank r being bit r % 64 of word
//! r / 64); of kinds 2 and 3 the cells of the ranks reached, in rank order
//! (the module above says what a cell holds): the cell of a reached rank
//! r is the n-th, n the bits set below r, found from the counts before
//! its block and the bits of its block. The payload is cut into blocks,
//! and each block is stored compressed by Zstandard ([`LEVEL`]) where
//! that is shorter, else as it is: a block stored shorter than the block
//! is a Zstandard frame. The bits are sparse and the cells repeat, so a
//! directory of Connect Four takes 0.12 to 0.18 bytes a position
//! (BENCHMARKS.md), where a bit a rank and a byte a position reached took
//! 0.7 to 1.9, and one position is answered from one block of each file,
//! checked and then decompressed alone. A position
//! equal to others under the game's symmetries (a Connect Four board and
//! its mirror image) has its bit and cell at the least of their ranks
//! (`TieredGame::class_rank`), and the others none. A file whose header,
//! table, checksums, counts, blocks or length do not match is refused
//! with its name ([`Error::File`]: bad input, exit status 2). Files of
//! version 3 are read as well.
//!
//! ```
//! use grundy::catalogue::Connect4;
//! use grundy::retrograde::Options;
//! use grundy::tier::file::Db;
//! use grundy::value::Standing;
//!
//! // Solve Connect Four on 4 x 3 into a directory, then answer one
//! // position from it: X, to move, has three in the bottom row and wins
//! // at once.
//! let dir = std::env::temp_dir().join(format!("grundy-doc-tierdb-{}", std::process::id()));
//! let ruleset = grundy::ruleset("connect4(4,3)").unwrap();
//! let options = Options { memory: 1 << 30 };
//! let setup = grundy::tier::Setup::default();
//! ruleset.strong().unwrap().solve_tiers(&dir, &options, &setup, &mut |_| true).unwrap();
//! let game = Connect4::new(4, 3).unwrap();
//! let db = Db::open(&dir, "connect4(4,3)", 13).unwrap();
//! let position = game.parse_position("..../ooo./xxx.").unwrap();
//! let solution = db.solution(&game, &position).unwrap().unwrap();
//! assert_eq!((solution.standing, solution.remoteness), (Standing::Win, Some(1)));
//! // It read the header, one checksum and one block: not the whole tier.
//! assert!(db.bytes_read() < 1000);
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};

use super::lock::DirLock;
use super::team::Shares;
use super::{Part, Plan, Store, Stored, TieredGame, Width};
use crate::error::{Error, Result};
use crate::retrograde::Counts;
use crate::value::Solution;
use rayon::prelude::*;

/// The first bytes of every tier file.
pub const MAGIC: &[u8; 8] = b"GRUNDYTR";
/// The version of the format, after the magic.
pub const VERSION: u32 = 4;
/// The oldest version read: 3, whose blocks are stored as they are.
const OLDEST: u32 = 3;
/// The Zstandard level blocks are compressed at: the fastest. The
/// command-line `zstd -1` took the whole `tier-019.bin` of Connect Four
/// 6 x 4 (format 3) to a sixth: 1,151,220 bytes of 7,066,792.
pub const LEVEL: i32 = 1;
/// The bytes of a block of the payload, each with its checksum, in the
/// files [`Dir::new`] writes (a reader takes the size the header says,
/// between [`MIN_BLOCK`] and [`MAX_BLOCK`]).
pub const BLOCK_BYTES: u32 = 1 << 16;
/// Blocks read or written at once, on all cores.
pub(super) const BATCH: u64 = 256;
/// The smallest block a reader accepts.
pub const MIN_BLOCK: u32 = 64;
/// The largest block a reader accepts.
pub const MAX_BLOCK: u32 = 1 << 24;

/// The most bytes of a file whose payload is `payload` bytes, with a short
/// name (and the counts of a file of bits): its blocks stored as they are,
/// none shorter for being compressed.
pub(super) fn file_bytes(payload: u64) -> u64 {
    payload
        .saturating_add(payload.div_ceil(BLOCK_BYTES as u64) * 20)
        .saturating_add(140)
}

fn kind(part: Part, width: Width) -> u32 {
    match (part, width) {
        (Part::Reach, _) => 1,
        (Part::Cells, Width::One) => 2,
        (Part::Cells, Width::Two) => 3,
    }
}

/// The header of a tier's file.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Header {
    kind: u32,
    name: String,
    tier: u32,
    tiers: u32,
    ranks: u64,
    /// The ranks (kind 1) or the cells stored (kinds 2 and 3).
    entries: u64,
    positions: u64,
    counts: Counts,
    block: u32,
}

impl Header {
    fn payload(&self) -> u64 {
        match self.kind {
            1 => self.entries.div_ceil(64) * 8,
            2 => self.entries,
            _ => self.entries.saturating_mul(2),
        }
    }

    fn blocks(&self) -> u64 {
        self.payload().div_ceil(self.block as u64)
    }

    /// The bytes of block `b` of the payload, unpacked: a whole block but
    /// the last.
    fn raw_block(&self, b: u64) -> u64 {
        let size = self.block as u64;
        (self.payload() - b * size).min(size)
    }

    /// The header's bytes, with its checksum.
    fn encode(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(96 + self.name.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend_from_slice(&self.kind.to_le_bytes());
        bytes.extend_from_slice(&(self.name.len() as u32).to_le_bytes());
        bytes.extend_from_slice(self.name.as_bytes());
        bytes.extend_from_slice(&self.tier.to_le_bytes());
        bytes.extend_from_slice(&self.tiers.to_le_bytes());
        let c = &self.counts;
        for n in [
            self.ranks,
            self.entries,
            self.positions,
            c.win,
            c.lose,
            c.tie,
            c.draw,
        ] {
            bytes.extend_from_slice(&n.to_le_bytes());
        }
        bytes.extend_from_slice(&self.block.to_le_bytes());
        let crc = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        bytes
    }

    /// Reads a header from the start of `file`, checks it against what is
    /// `expected` of it (all but the positions and counts) and its
    /// checksum, and gives it with its version; `bytes_read` counts what
    /// was read.
    fn read(
        file: &mut File,
        path: &Path,
        expected: &Header,
        bytes_read: &mut u64,
    ) -> Result<(Header, u32)> {
        let error = |message: String| file_error(path, message);
        let mut fixed = [0u8; 20];
        read_exact(file, path, &mut fixed, bytes_read)?;
        if &fixed[..8] != MAGIC {
            return Err(error("not a grundy tier file (no GRUNDYTR header)".into()));
        }
        let word = |at: usize| u32::from_le_bytes(fixed[at..at + 4].try_into().expect("4 bytes"));
        let version = word(8);
        if !(OLDEST..=VERSION).contains(&version) {
            return Err(error(format!(
                "version {version} of the tier format; this grundy reads versions {OLDEST} to \
                 {VERSION}"
            )));
        }
        let name_length = word(16);
        if name_length as usize != expected.name.len() {
            return Err(error(format!(
                "the file is not of {} (its header names another ruleset, or is corrupted)",
                expected.name
            )));
        }
        let mut rest = vec![0u8; name_length as usize + 4 + 4 + 7 * 8 + 4 + 4];
        read_exact(file, path, &mut rest, bytes_read)?;
        let mut all = fixed.to_vec();
        all.extend_from_slice(&rest);
        let crc_at = all.len() - 4;
        let stored_crc = u32::from_le_bytes(all[crc_at..].try_into().expect("4 bytes"));
        if crc32fast::hash(&all[..crc_at]) != stored_crc {
            return Err(error(
                "the header's checksum does not match: the file is corrupted".into(),
            ));
        }
        let mut at = 20 + name_length as usize;
        let mut u32_at = || {
            at += 4;
            u32::from_le_bytes(all[at - 4..at].try_into().expect("4 bytes"))
        };
        let (tier, tiers) = (u32_at(), u32_at());
        let mut numbers = [0u64; 7];
        for (i, n) in numbers.iter_mut().enumerate() {
            let from = at + 8 * i;
            *n = u64::from_le_bytes(all[from..from + 8].try_into().expect("8 bytes"));
        }
        at += 56;
        let block = u32::from_le_bytes(all[at..at + 4].try_into().expect("4 bytes"));
        let header = Header {
            kind: word(12),
            name: String::from_utf8_lossy(&all[20..20 + name_length as usize]).into_owned(),
            tier,
            tiers,
            ranks: numbers[0],
            entries: numbers[1],
            positions: numbers[2],
            counts: Counts {
                win: numbers[3],
                lose: numbers[4],
                tie: numbers[5],
                draw: numbers[6],
            },
            block,
        };
        let what = [
            (header.name != expected.name, "ruleset"),
            (header.kind != expected.kind, "kind"),
            (header.tier != expected.tier, "tier"),
            (header.tiers != expected.tiers, "number of tiers"),
            (header.ranks != expected.ranks, "number of ranks"),
            (
                header.kind == 1 && header.entries != expected.entries
                    || header.entries > header.ranks,
                "number of entries",
            ),
            (
                !(MIN_BLOCK..=MAX_BLOCK).contains(&header.block),
                "block size",
            ),
        ];
        if let Some((_, what)) = what.iter().find(|(differs, _)| *differs) {
            return Err(error(format!(
                "its {what} is not that of tier {} of {} (header: {} of {}, kind {}, {} ranks)",
                expected.tier, expected.name, header.tier, header.name, header.kind, header.ranks
            )));
        }
        Ok((header, version))
    }
}

fn file_error(path: &Path, message: String) -> Error {
    Error::File {
        path: path.display().to_string(),
        message,
    }
}

fn read_exact(file: &mut File, path: &Path, bytes: &mut [u8], read: &mut u64) -> Result<()> {
    file.read_exact(bytes).map_err(|e| {
        let message = match e.kind() {
            std::io::ErrorKind::UnexpectedEof => "the file is truncated".into(),
            _ => e.to_string(),
        };
        file_error(path, message)
    })?;
    *read += bytes.len() as u64;
    Ok(())
}

/// Reads `length` bytes and the CRC-32 after them, and gives the bytes
/// where the checksum matches; `what` they are names them in the error.
fn read_checked(
    file: &mut File,
    path: &Path,
    length: usize,
    what: &str,
    read: &mut u64,
) -> Result<Vec<u8>> {
    let mut bytes = vec![0u8; length + 4];
    read_exact(file, path, &mut bytes, read)?;
    let crc = bytes.split_off(length);
    if crc32fast::hash(&bytes) != u32::from_le_bytes(crc[..].try_into().expect("4 bytes")) {
        return Err(file_error(
            path,
            format!("the checksum of {what} does not match: the file is corrupted"),
        ));
    }
    Ok(bytes)
}

/// Little-endian u64s.
fn u64s(bytes: &[u8]) -> Vec<u64> {
    bytes
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect()
}

/// Little-endian u32s.
fn u32s(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
        .collect()
}

/// The directory of a tiered solve, as the solver's [`Store`], locked
/// for as long as it lives (see `tier/lock.rs`) by the process that made
/// it, and shared by the other members of its team ([`Dir::join`]).
pub struct Dir {
    path: PathBuf,
    _lock: Option<DirLock>,
    name: String,
    plan: Plan,
    block: u32,
}

impl Dir {
    /// The directory `path` (made if missing) of the solve of the ruleset
    /// `name` whose plan is `plan`. Another solve writing there is
    /// refused, naming its process ([`Error::Unsupported`]).
    pub fn new(path: &Path, name: &str, plan: &Plan) -> Result<Dir> {
        Dir::with_block(path, name, plan, BLOCK_BYTES)
    }

    /// The same, writing blocks of `block` bytes (between [`MIN_BLOCK`]
    /// and [`MAX_BLOCK`]).
    pub fn with_block(path: &Path, name: &str, plan: &Plan, block: u32) -> Result<Dir> {
        assert!(
            (MIN_BLOCK..=MAX_BLOCK).contains(&block),
            "a block of {block} bytes"
        );
        std::fs::create_dir_all(path).map_err(|e| file_error(path, e.to_string()))?;
        let lock = DirLock::take(path)?;
        remove_leftovers(path)?;
        Ok(Dir {
            path: path.into(),
            _lock: Some(lock),
            name: name.into(),
            plan: plan.clone(),
            block,
        })
    }

    /// The directory `path` of the solve of `name` whose plan is `plan`,
    /// as another member of a team sees it ([`super::team`]): the leader
    /// made and locked it ([`Dir::new`]) before this member joins.
    pub fn join(path: &Path, name: &str, plan: &Plan) -> Dir {
        Dir {
            path: path.into(),
            _lock: None,
            name: name.into(),
            plan: plan.clone(),
            block: BLOCK_BYTES,
        }
    }

    fn header(&self, part: Part, tier: usize) -> Header {
        Header {
            kind: kind(part, self.plan.width),
            name: self.name.clone(),
            tier: tier as u32,
            tiers: self.plan.sizes.len() as u32,
            ranks: self.plan.sizes[tier],
            entries: self.plan.sizes[tier],
            positions: 0,
            counts: Counts::default(),
            block: self.block,
        }
    }
}

/// Removes the temporary files a solve killed while writing a tier left in
/// `dir` (`.tier-013.bin.PID.partial`, see [`crate::file::write_whole`]),
/// and the members' shares of a team's tier not joined
/// (`tier-013.share-00001-of-00003.bin`): they are never read, and a tier
/// is written again whole. No other solve is writing there: the directory
/// is locked.
fn remove_leftovers(dir: &Path) -> Result<()> {
    let entries = std::fs::read_dir(dir).map_err(|e| file_error(dir, e.to_string()))?;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let ours = name.starts_with(".tier-") || name.starts_with(".reach-");
        let share = name.contains(".share-") && name.ends_with(".bin");
        if ours && name.ends_with(".partial") || share {
            let path = entry.path();
            std::fs::remove_file(&path).map_err(|e| file_error(&path, e.to_string()))?;
        }
    }
    Ok(())
}

/// The ruleset whose tiers the directory `dir` holds, as an expression
/// writes it, read from the header of its first reach file (written first).
pub fn ruleset_in(dir: &Path) -> Result<String> {
    let path = path(dir, Part::Reach, 0);
    let mut file = File::open(&path).map_err(|e| file_error(&path, e.to_string()))?;
    let mut bytes_read = 0;
    let mut fixed = [0u8; 20];
    read_exact(&mut file, &path, &mut fixed, &mut bytes_read)?;
    let word = |at: usize| u32::from_le_bytes(fixed[at..at + 4].try_into().expect("4 bytes"));
    if &fixed[..8] != MAGIC || !(OLDEST..=VERSION).contains(&word(8)) || word(16) > 4096 {
        return Err(file_error(
            &path,
            format!("not a grundy tier file of versions {OLDEST} to {VERSION}"),
        ));
    }
    let mut name = vec![0u8; word(16) as usize];
    read_exact(&mut file, &path, &mut name, &mut bytes_read)?;
    Ok(String::from_utf8_lossy(&name).into_owned())
}

/// The file of a tier's part in a directory.
pub fn path(dir: &Path, part: Part, tier: usize) -> PathBuf {
    let prefix = match part {
        Part::Reach => "reach",
        Part::Cells => "tier",
    };
    dir.join(format!("{prefix}-{tier:03}.bin"))
}

/// A block as stored: compressed where that is shorter than the block,
/// else as it is.
fn pack(block: &[u8]) -> Vec<u8> {
    match zstd::bulk::compress(block, LEVEL) {
        Ok(packed) if packed.len() < block.len() => packed,
        _ => block.to_vec(),
    }
}

/// Unpacks the stored block `b` into `out`, the block's bytes: a block
/// stored shorter than it is compressed.
fn unpack(stored: &[u8], out: &mut [u8], b: usize, path: &Path) -> Result<()> {
    if stored.len() == out.len() {
        out.copy_from_slice(stored);
        return Ok(());
    }
    match zstd::bulk::decompress_to_buffer(stored, out) {
        Ok(n) if n == out.len() => Ok(()),
        _ => Err(file_error(
            path,
            format!("block {b} does not decompress to its bytes: the file is corrupted"),
        )),
    }
}

/// A file's table of blocks: where each stored block ends (counted from
/// the first's start), its checksum as stored, and in a file of bits the
/// bits set in the blocks before it.
struct Table {
    ends: Vec<u64>,
    crcs: Vec<u32>,
    before: Option<Vec<u64>>,
}

impl Table {
    /// The table's bytes, with their checksum (version 4).
    fn encode(&self) -> Vec<u8> {
        let mut bytes: Vec<u8> = self.ends.iter().flat_map(|e| e.to_le_bytes()).collect();
        bytes.extend(self.crcs.iter().flat_map(|c| c.to_le_bytes()));
        bytes.extend(self.before.iter().flatten().flat_map(|c| c.to_le_bytes()));
        let crc = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        bytes
    }

    /// Where block `b` starts among the blocks stored, and its length.
    fn span(&self, b: usize) -> (u64, u64) {
        let start = if b == 0 { 0 } else { self.ends[b - 1] };
        (start, self.ends[b] - start)
    }

    /// The bytes of every block stored.
    fn stored(&self) -> u64 {
        self.ends.last().copied().unwrap_or(0)
    }
}

/// One open tier file, its header and table of blocks read and checked.
struct Open {
    file: File,
    path: PathBuf,
    header: Header,
    table: Table,
    /// Where the first block starts.
    payload_at: u64,
}

impl Open {
    /// Opens `path` and reads its header, which must be `expected`'s but
    /// for the entries, positions and counts, and its table of blocks;
    /// `None` where there is no such file.
    fn new(path: PathBuf, expected: &Header, read: &mut u64) -> Result<Option<Open>> {
        let mut file = match File::open(&path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(file_error(&path, e.to_string())),
        };
        let (header, version) = Header::read(&mut file, &path, expected, read)?;
        let table = match version {
            OLDEST => Open::table_of_version_3(&mut file, &path, &header, read)?,
            _ => Open::table(&mut file, &path, &header, read)?,
        };
        let payload_at = file
            .stream_position()
            .map_err(|e| file_error(&path, e.to_string()))?;
        Ok(Some(Open {
            file,
            path,
            header,
            table,
            payload_at,
        }))
    }

    /// Reads a table of blocks (version 4) and checks it: its checksum,
    /// and that no block is stored longer than it is.
    fn table(file: &mut File, path: &Path, header: &Header, read: &mut u64) -> Result<Table> {
        let blocks = header.blocks() as usize;
        let counted = header.kind == 1;
        let entry = if counted { 20 } else { 12 };
        let body = read_checked(file, path, blocks * entry, "the table of blocks", read)?;
        let table = Table {
            ends: u64s(&body[..8 * blocks]),
            crcs: u32s(&body[8 * blocks..12 * blocks]),
            before: counted.then(|| u64s(&body[12 * blocks..])),
        };
        let fits = (0..blocks).all(|b| {
            let start = if b == 0 { 0 } else { table.ends[b - 1] };
            table.ends[b] > start && table.ends[b] - start <= header.raw_block(b as u64)
        });
        // (A member's share of a small tier may have no ranks, and no block.)
        let counted_from_zero =
            (table.before.as_ref()).is_none_or(|b| b.first().is_none_or(|&first| first == 0));
        if !fits || !counted_from_zero {
            return Err(file_error(
                path,
                "its table of blocks does not fit its blocks: the file is corrupted".into(),
            ));
        }
        Ok(table)
    }

    /// Reads the checksums and counts of a file of version 3, whose
    /// blocks are stored as they are.
    fn table_of_version_3(
        file: &mut File,
        path: &Path,
        header: &Header,
        read: &mut u64,
    ) -> Result<Table> {
        let blocks = header.blocks() as usize;
        let mut crcs = vec![0u8; blocks * 4];
        read_exact(file, path, &mut crcs, read)?;
        let before = match header.kind {
            1 => Some(u64s(&read_checked(
                file,
                path,
                blocks * 8,
                "the counts of bits",
                read,
            )?)),
            _ => None,
        };
        let mut end = 0;
        Ok(Table {
            ends: (0..blocks as u64)
                .map(|b| {
                    end += header.raw_block(b);
                    end
                })
                .collect(),
            crcs: u32s(&crcs),
            before,
        })
    }

    fn error(&self, message: String) -> Error {
        file_error(&self.path, message)
    }

    fn seek(&mut self, at: u64) -> Result<()> {
        self.file
            .seek(SeekFrom::Start(at))
            .map(|_| ())
            .map_err(|e| file_error(&self.path, e.to_string()))
    }

    fn bytes(&mut self, length: u64, read: &mut u64) -> Result<Vec<u8>> {
        let mut bytes = vec![0u8; length as usize];
        read_exact(&mut self.file, &self.path, &mut bytes, read)?;
        Ok(bytes)
    }

    /// Checks block `b` as stored against its checksum.
    fn check(&self, b: usize, stored: &[u8]) -> Result<()> {
        if crc32fast::hash(stored) != self.table.crcs[b] {
            return Err(self.error(format!(
                "the checksum of block {b} does not match: the file is corrupted"
            )));
        }
        Ok(())
    }

    /// Checks block `b` of a file of bits, unpacked, against the table's
    /// counts of bits before each block (and the last against the
    /// header's positions).
    fn check_count(&self, b: usize, raw: &[u8]) -> Result<()> {
        let Some(before) = &self.table.before else {
            return Ok(());
        };
        let after = before.get(b + 1).copied().unwrap_or(self.header.positions);
        let count: u64 = raw.iter().map(|x| x.count_ones() as u64).sum();
        let last = b + 1 == before.len();
        if last && after.checked_sub(before[b]) != Some(count) {
            return Err(self.error(format!(
                "its header counts {} positions, not those of its payload: the file is corrupted",
                self.header.positions
            )));
        }
        if after.checked_sub(before[b]) != Some(count) {
            return Err(self.error(
                "the counts of bits are not those of its blocks: the file is corrupted".into(),
            ));
        }
        Ok(())
    }

    /// The bytes `range` of the payload into `out` (as long): the blocks
    /// they are in are read [`BATCH`] at a time, each checked against its
    /// checksum (and its count of bits) and unpacked on all cores.
    fn read_range(&mut self, range: Range<u64>, out: &mut [u8], read: &mut u64) -> Result<()> {
        debug_assert_eq!(out.len() as u64, range.end - range.start);
        let block = self.header.block as u64;
        if range.is_empty() {
            return Ok(());
        }
        let blocks = range.start / block..range.end.div_ceil(block);
        let mut raw = Vec::new();
        for from in blocks.clone().step_by(BATCH as usize) {
            let to = (from + BATCH).min(blocks.end);
            let start = self.table.span(from as usize).0;
            let end = self.table.ends[to as usize - 1];
            self.seek(self.payload_at + start)?;
            let stored = self.bytes(end - start, read)?;
            let length: u64 = (from..to).map(|b| self.header.raw_block(b)).sum();
            raw.resize(length as usize, 0);
            let this = &*self;
            raw.par_chunks_mut(block as usize)
                .zip(from as usize..to as usize)
                .try_for_each(|(raw, b)| {
                    let (at, length) = this.table.span(b);
                    let packed = &stored[(at - start) as usize..(at - start + length) as usize];
                    this.check(b, packed)?;
                    unpack(packed, raw, b, &this.path)?;
                    this.check_count(b, raw)
                })?;
            let raw_at = from * block;
            let (lo, hi) = (range.start.max(raw_at), range.end.min(raw_at + length));
            out[(lo - range.start) as usize..(hi - range.start) as usize]
                .copy_from_slice(&raw[(lo - raw_at) as usize..(hi - raw_at) as usize]);
        }
        Ok(())
    }

    /// Checks that nothing follows the last block.
    fn check_end(&self) -> Result<()> {
        let length = self
            .file
            .metadata()
            .map_err(|e| self.error(e.to_string()))?
            .len();
        let expected = self.payload_at + self.table.stored();
        if length < expected {
            return Err(self.error(format!(
                "the file is truncated: {length} bytes where its header and table of blocks \
                 say {expected}"
            )));
        }
        if length > expected {
            return Err(self.error("bytes after the payload: the file is corrupted".into()));
        }
        Ok(())
    }

    /// Block `b` of the payload, read alone, checked against its checksum
    /// and unpacked.
    fn block(&mut self, b: u64, read: &mut u64) -> Result<Vec<u8>> {
        let (start, length) = self.table.span(b as usize);
        self.seek(self.payload_at + start)?;
        let stored = self.bytes(length, read)?;
        self.check(b as usize, &stored)?;
        let mut bytes = vec![0u8; self.header.raw_block(b) as usize];
        unpack(&stored, &mut bytes, b as usize, &self.path)?;
        Ok(bytes)
    }
}

impl Store for Dir {
    fn load(&mut self, part: Part, tier: usize) -> Result<Option<Stored>> {
        let path = path(&self.path, part, tier);
        self.read_whole(path, &self.header(part, tier))
    }

    fn save(&mut self, part: Part, tier: usize, stored: &Stored) -> Result<()> {
        let expected = self.header(part, tier);
        let entries = match part {
            Part::Reach => expected.ranks,
            Part::Cells => (stored.bytes.len() / self.plan.width.bytes()) as u64,
        };
        let header = Header {
            entries,
            positions: stored.positions,
            counts: stored.counts,
            ..expected
        };
        write(&path(&self.path, part, tier), &header, &mut |sink| {
            sink(&stored.bytes)
        })
    }

    fn name(&self, part: Part, tier: usize) -> String {
        path(&self.path, part, tier).display().to_string()
    }
}

/// A tier's part as its header has it ([`Dir::head`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Head {
    /// Entries stored: a bit a rank (bits), a cell a position reached
    /// (cells).
    pub entries: u64,
    /// Positions reached.
    pub positions: u64,
    /// Won, lost, tied and drawn among them (cells; zero for bits).
    pub counts: Counts,
}

/// What a solve a piece at a time asks of its directory (`tier/pieces.rs`):
/// a part's figures from its header, a range of a tier's bits, a tier's
/// bits written from words, and the pieces of a tier's cells, each in a
/// file of its own until the tier's file is made from them.
impl Dir {
    /// A tier's part as its header has it, `None` where there is no such
    /// file, once the file is checked without unpacking it: its length,
    /// every block as stored against its checksum, and the header's
    /// positions against its counts (cells) or against the last block's
    /// bits (bits). A solve resumed checks so the tiers it reads back.
    pub(super) fn head(&self, part: Part, tier: usize) -> Result<Option<Head>> {
        let path = path(&self.path, part, tier);
        let mut read = 0;
        let Some(mut open) = Open::new(path, &self.header(part, tier), &mut read)? else {
            return Ok(None);
        };
        open.check_end()?;
        let blocks = open.header.blocks();
        for from in (0..blocks).step_by(BATCH as usize) {
            let to = (from + BATCH).min(blocks);
            let start = open.table.span(from as usize).0;
            let end = open.table.ends[to as usize - 1];
            open.seek(open.payload_at + start)?;
            let stored = open.bytes(end - start, &mut read)?;
            let this = &open;
            (from as usize..to as usize)
                .into_par_iter()
                .try_for_each(|b| {
                    let (at, length) = this.table.span(b);
                    this.check(
                        b,
                        &stored[(at - start) as usize..(at - start + length) as usize],
                    )
                })?;
        }
        let h = open.header.clone();
        let c = h.counts;
        match h.kind {
            1 if blocks > 0 => {
                let last = (blocks - 1) * h.block as u64..h.payload();
                let mut bytes = vec![0u8; (last.end - last.start) as usize];
                open.read_range(last, &mut bytes, &mut read)?;
            }
            1 => {}
            _ if h.positions != c.win + c.lose + c.tie + c.draw => {
                return Err(open.error(format!(
                    "its header counts {} positions, not those of its payload: the file is \
                     corrupted",
                    h.positions
                )))
            }
            _ => {}
        }
        Ok(Some(Head {
            entries: h.entries,
            positions: h.positions,
            counts: h.counts,
        }))
    }

    /// The words `words` of tier `tier`'s bits (bit `r % 64` of word
    /// `r / 64` for rank `r`), read from their blocks alone.
    pub(super) fn words(&self, tier: usize, words: Range<u64>) -> Result<Vec<u64>> {
        let path = path(&self.path, Part::Reach, tier);
        let mut open = Open::new(path.clone(), &self.header(Part::Reach, tier), &mut 0)?
            .ok_or_else(|| {
                file_error(
                    &path,
                    "missing, though the tier was reached: was it removed?".into(),
                )
            })?;
        let mut out = crate::memory::zeroed((words.end - words.start) as usize);
        let bytes = words.start * 8..words.end * 8;
        open.read_range(bytes, bytemuck::cast_slice_mut(&mut out), &mut 0)?;
        for word in &mut out {
            *word = u64::from_le(*word);
        }
        Ok(out)
    }

    /// The bytes of the files of bits of the `tiers` tiers, as written.
    pub(super) fn bits_bytes(&self, tiers: usize) -> Result<u64> {
        (0..tiers).try_fold(0u64, |sum, t| {
            let path = path(&self.path, Part::Reach, t);
            let length = std::fs::metadata(&path).map_err(|e| file_error(&path, e.to_string()))?;
            Ok(sum + length.len())
        })
    }

    /// Writes tier `tier`'s bits from its words, `positions` of them set.
    pub(super) fn save_words(&self, tier: usize, words: &[u64], positions: u64) -> Result<()> {
        let header = Header {
            positions,
            ..self.header(Part::Reach, tier)
        };
        Dir::write_words(&path(&self.path, Part::Reach, tier), &header, words)
    }

    /// Tier `tier`'s cells whole, `None` where they are not stored.
    pub(super) fn load_cells(&self, tier: usize) -> Result<Option<Stored>> {
        let path = path(&self.path, Part::Cells, tier);
        self.read_whole(path, &self.header(Part::Cells, tier))
    }

    /// The file of piece `piece` of `pieces` of tier `tier`'s cells.
    pub(super) fn piece_path(&self, tier: usize, piece: usize, pieces: usize) -> PathBuf {
        self.path.join(format!(
            "tier-{tier:03}.piece-{piece:05}-of-{pieces:05}.bin"
        ))
    }

    /// Piece `piece` of `pieces` of tier `tier`'s cells, as stored (the
    /// cells of its ranks reached, in rank order), `None` where it is not.
    pub(super) fn load_piece(
        &self,
        tier: usize,
        piece: usize,
        pieces: usize,
    ) -> Result<Option<Stored>> {
        let path = self.piece_path(tier, piece, pieces);
        self.read_whole(path, &self.header(Part::Cells, tier))
    }

    /// Stores a piece of tier `tier`'s cells, whole or not at all.
    pub(super) fn save_piece(
        &self,
        tier: usize,
        piece: usize,
        pieces: usize,
        stored: &Stored,
    ) -> Result<()> {
        self.write_cells(&self.piece_path(tier, piece, pieces), tier, stored)
    }

    /// Writes `path`, whole or not at all, with cells of tier `tier` (a
    /// piece's or a share's).
    fn write_cells(&self, path: &Path, tier: usize, stored: &Stored) -> Result<()> {
        let header = Header {
            entries: (stored.bytes.len() / self.plan.width.bytes()) as u64,
            positions: stored.positions,
            counts: stored.counts,
            ..self.header(Part::Cells, tier)
        };
        write(path, &header, &mut |sink| sink(&stored.bytes))
    }

    /// Writes `path`, whole or not at all, of `header` with the bytes of
    /// `words`.
    fn write_words(path: &Path, header: &Header, words: &[u64]) -> Result<()> {
        write(path, header, &mut |sink| {
            words.chunks(1 << 16).try_for_each(|chunk| {
                let bytes: Vec<u8> = chunk.iter().flat_map(|w| w.to_le_bytes()).collect();
                sink(&bytes)
            })
        })
    }

    /// Writes tier `tier`'s cells file from its `pieces` pieces, in
    /// order, one in memory at a time: `cells` cells (one a class of
    /// positions under the game's symmetries), its positions `counts` by
    /// standing.
    pub(super) fn join_pieces(
        &self,
        tier: usize,
        pieces: usize,
        cells: u64,
        counts: Counts,
    ) -> Result<()> {
        let header = Header {
            entries: cells,
            positions: counts.win + counts.lose + counts.tie + counts.draw,
            counts,
            ..self.header(Part::Cells, tier)
        };
        write(&path(&self.path, Part::Cells, tier), &header, &mut |sink| {
            for piece in 0..pieces {
                let path = self.piece_path(tier, piece, pieces);
                let stored = self
                    .read_whole(path.clone(), &self.header(Part::Cells, tier))?
                    .ok_or_else(|| file_error(&path, "missing: was it removed?".into()))?;
                sink(&stored.bytes)?;
            }
            Ok(())
        })
    }

    /// Removes the pieces of tier `tier`'s cells, once its file is made
    /// (or was, by a solve stopped before it removed them).
    pub(super) fn remove_pieces(&self, tier: usize) -> Result<()> {
        let prefix = format!("tier-{tier:03}.piece-");
        let entries =
            std::fs::read_dir(&self.path).map_err(|e| file_error(&self.path, e.to_string()))?;
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with(&prefix) {
                let path = entry.path();
                std::fs::remove_file(&path).map_err(|e| file_error(&path, e.to_string()))?;
            }
        }
        Ok(())
    }
}

/// What a team's solve asks of the directory its members share
/// (`tier/shares.rs`): each member's share of a tier's bits and of its
/// cells, each in a file of its own of the same format
/// (`reach-013.share-00001-of-00003.bin`, `tier-013.share-...`), until
/// the leader joins them into the tier's file and removes them.
impl Dir {
    /// The file of member `member`'s share (of `members`) of a tier's
    /// part.
    pub(super) fn share_path(
        &self,
        part: Part,
        tier: usize,
        member: usize,
        members: usize,
    ) -> PathBuf {
        let whole = path(&self.path, part, tier);
        let stem = whole.file_stem().expect("a file name").to_string_lossy();
        self.path
            .join(format!("{stem}.share-{member:05}-of-{members:05}.bin"))
    }

    /// Writes a member's share of tier `tier`'s bits: `words`, the words
    /// of its `ranks` ranks as it numbers them, `positions` bits set.
    pub(super) fn save_share_words(
        &self,
        tier: usize,
        (member, members): (usize, usize),
        ranks: u64,
        words: &[u64],
        positions: u64,
    ) -> Result<()> {
        let header = Header {
            entries: ranks,
            positions,
            ..self.header(Part::Reach, tier)
        };
        let path = self.share_path(Part::Reach, tier, member, members);
        Dir::write_words(&path, &header, words)
    }

    /// Writes a member's share of tier `tier`'s cells.
    pub(super) fn save_share_cells(
        &self,
        tier: usize,
        (member, members): (usize, usize),
        stored: &Stored,
    ) -> Result<()> {
        let path = self.share_path(Part::Cells, tier, member, members);
        self.write_cells(&path, tier, stored)
    }

    /// Tier `tier`'s file of `part`, read from its start a block at a
    /// time.
    pub(super) fn stream(&self, part: Part, tier: usize) -> Result<Stream> {
        let path = path(&self.path, part, tier);
        Stream::new(path, &self.header(part, tier))
    }

    /// Writes tier `tier`'s file of `part` from the members' shares
    /// (`shares`), a stripe at a time in the tier's order, each share read
    /// a block at a time: `entries` entries (the tier's ranks, or its
    /// cells), `positions` positions, of `counts` by standing (cells).
    /// The cells of a stripe are as many as its bits set, read from the
    /// tier's file of bits. Then removes the shares.
    pub(super) fn join_shares(
        &self,
        part: Part,
        tier: usize,
        shares: Shares,
        (entries, positions, counts): (u64, u64, Counts),
    ) -> Result<()> {
        let header = Header {
            entries,
            positions,
            counts,
            ..self.header(part, tier)
        };
        let members = shares.count;
        let width = self.plan.width.bytes() as u64;
        write(&path(&self.path, part, tier), &header, &mut |sink| {
            let mut streams = (0..members)
                .map(|member| {
                    let expected = match part {
                        Part::Reach => Header {
                            entries: shares.len(member),
                            ..self.header(part, tier)
                        },
                        Part::Cells => self.header(part, tier),
                    };
                    Stream::new(self.share_path(part, tier, member, members), &expected)
                })
                .collect::<Result<Vec<Stream>>>()?;
            let mut bits = match part {
                Part::Reach => None,
                Part::Cells => Some(self.stream(Part::Reach, tier)?),
            };
            let (mut stripe, mut payload) = (Vec::new(), Vec::new());
            for c in 0..shares.stripes() {
                let ranks = shares.stripe(c);
                let words = (ranks.end - ranks.start).div_ceil(64);
                let bytes = match &mut bits {
                    None => words * 8,
                    Some(bits) => {
                        stripe.clear();
                        bits.take(words as usize * 8, &mut stripe)?;
                        let set: u32 = stripe.iter().map(|b| b.count_ones()).sum();
                        set as u64 * width
                    }
                };
                payload.clear();
                streams[shares.owner(ranks.start)].take(bytes as usize, &mut payload)?;
                sink(&payload)?;
            }
            Ok(())
        })?;
        for member in 0..members {
            let path = self.share_path(part, tier, member, members);
            std::fs::remove_file(&path).map_err(|e| file_error(&path, e.to_string()))?;
        }
        Ok(())
    }
}

/// A tier file read from the start of its payload to its end, a block
/// at a time, each checked against its checksum as it is read.
pub(super) struct Stream {
    open: Open,
    block: Vec<u8>,
    /// The next block to read, and where the one read is taken up to.
    next: u64,
    at: usize,
}

impl Stream {
    /// The file `path` of header `expected` (but for its entries,
    /// positions and counts), its length checked.
    fn new(path: PathBuf, expected: &Header) -> Result<Stream> {
        let open = Open::new(path.clone(), expected, &mut 0)?
            .ok_or_else(|| file_error(&path, "missing: was it removed?".into()))?;
        open.check_end()?;
        Ok(Stream {
            open,
            block: Vec::new(),
            next: 0,
            at: 0,
        })
    }

    /// The payload's next `n` bytes, appended to `out`.
    pub(super) fn take(&mut self, mut n: usize, out: &mut Vec<u8>) -> Result<()> {
        while n > 0 {
            if self.at == self.block.len() {
                if self.next == self.open.header.blocks() {
                    let message = "shorter than the tier it is of says: the file is corrupted";
                    return Err(self.open.error(message.into()));
                }
                self.block = self.open.block(self.next, &mut 0)?;
                self.next += 1;
                self.at = 0;
            }
            let k = n.min(self.block.len() - self.at);
            out.extend_from_slice(&self.block[self.at..self.at + k]);
            self.at += k;
            n -= k;
        }
        Ok(())
    }
}

impl Dir {
    /// The file `path` whole, its header checked against `expected` and
    /// every block against its checksum; `None` where there is no such
    /// file.
    fn read_whole(&self, path: PathBuf, expected: &Header) -> Result<Option<Stored>> {
        let mut read = 0;
        let Some(mut open) = Open::new(path, expected, &mut read)? else {
            return Ok(None);
        };
        open.check_end()?;
        let header = open.header.clone();
        let mut bytes = crate::memory::zeroed(header.payload() as usize);
        open.read_range(0..header.payload(), &mut bytes, &mut read)?;
        // The positions the header counts: the bits set (a class under the
        // game's symmetries each; checked block by block against the
        // counts before each block, the last against the header), or the
        // standings of the cells' positions.
        let c = header.counts;
        if header.kind != 1 && header.positions != c.win + c.lose + c.tie + c.draw {
            return Err(open.error(format!(
                "its header counts {} positions, not those of its payload: the file is corrupted",
                header.positions
            )));
        }
        Ok(Some(Stored {
            bytes,
            positions: header.positions,
            counts: header.counts,
        }))
    }
}

/// Where [`write`]'s caller hands the payload, in order.
type Sinks<'a> = &'a mut dyn FnMut(&[u8]) -> Result<()>;

/// Writes `path`, whole or not at all, as a tier file of `header` whose
/// payload `fill` hands to the sink it is given, in order and in pieces of
/// any length: the blocks are compressed as they are complete, [`BATCH`]
/// at a time on all cores, and the table of blocks is written last, in
/// its place after the header. An error of `fill` is returned as it is.
fn write(
    path: &Path,
    header: &Header,
    fill: &mut dyn FnMut(Sinks<'_>) -> Result<()>,
) -> Result<()> {
    let mut failed = None;
    let written = crate::file::write_whole(path, |out| {
        let head = header.encode();
        out.write_all(&head)?;
        let entry = if header.kind == 1 { 20 } else { 12 };
        out.write_all(&vec![0u8; header.blocks() as usize * entry + 4])?;
        let mut sink = Sink::new(header);
        let filled = fill(&mut |bytes| {
            sink.push(bytes, out)
                .map_err(|e| file_error(path, e.to_string()))
        });
        if let Err(e) = filled {
            failed = Some(e);
            return Err(std::io::Error::other("stopped"));
        }
        sink.flush(out)?;
        if sink.total != header.payload() {
            failed = Some(file_error(
                path,
                format!(
                    "{} bytes of payload given where its header says {}",
                    sink.total,
                    header.payload()
                ),
            ));
            return Err(std::io::Error::other("short"));
        }
        out.seek(SeekFrom::Start(head.len() as u64))?;
        out.write_all(&sink.table.encode())
    });
    match failed {
        Some(e) => Err(e),
        None => written,
    }
}

/// The blocks of a file being written: the payload not yet a whole batch
/// of blocks, and the table of the blocks written.
struct Sink {
    block: usize,
    pending: Vec<u8>,
    table: Table,
    /// Bits set in the blocks written (a file of bits).
    bits: u64,
    /// Bytes of payload given.
    total: u64,
    end: u64,
}

impl Sink {
    fn new(header: &Header) -> Sink {
        Sink {
            block: header.block as usize,
            pending: Vec::new(),
            table: Table {
                ends: Vec::new(),
                crcs: Vec::new(),
                before: (header.kind == 1).then(Vec::new),
            },
            bits: 0,
            total: 0,
            end: 0,
        }
    }

    fn push(&mut self, mut bytes: &[u8], out: &mut impl Write) -> std::io::Result<()> {
        let batch = self.block * BATCH as usize;
        self.total += bytes.len() as u64;
        while !bytes.is_empty() {
            let take = bytes.len().min(batch - self.pending.len());
            self.pending.extend_from_slice(&bytes[..take]);
            bytes = &bytes[take..];
            if self.pending.len() == batch {
                self.flush(out)?;
            }
        }
        Ok(())
    }

    /// Compresses the blocks pending (the last may be short) and writes
    /// them.
    fn flush(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        let packed: Vec<Vec<u8>> = self.pending.par_chunks(self.block).map(pack).collect();
        for (raw, packed) in self.pending.chunks(self.block).zip(&packed) {
            if let Some(before) = &mut self.table.before {
                before.push(self.bits);
                self.bits += raw.iter().map(|b| b.count_ones() as u64).sum::<u64>();
            }
            self.table.crcs.push(crc32fast::hash(packed));
            self.end += packed.len() as u64;
            self.table.ends.push(self.end);
            out.write_all(packed)?;
        }
        self.pending.clear();
        Ok(())
    }
}

/// A tiered solve's directory, to answer positions one at a time: each
/// answer reads the headers of its tier's two files, the counts of bits
/// before each block, and one block of each.
pub struct Db {
    dir: PathBuf,
    name: String,
    width: Width,
    read: std::cell::Cell<u64>,
}

impl Db {
    /// The directory `dir` of a solve of the ruleset `name` of `tiers`
    /// tiers; an error if it is not a directory.
    pub fn open(dir: &Path, name: &str, tiers: usize) -> Result<Db> {
        if !dir.is_dir() {
            return Err(file_error(dir, "not a directory of tiers".into()));
        }
        Ok(Db {
            dir: dir.into(),
            name: name.into(),
            width: Width::for_tiers(tiers)?,
            read: std::cell::Cell::new(0),
        })
    }

    /// Bytes read from the files so far.
    pub fn bytes_read(&self) -> u64 {
        self.read.get()
    }

    /// The solution of a position, `None` where its rank names no position
    /// reachable from the start. A missing or damaged tier file is an
    /// [`Error::File`] naming it.
    pub fn solution<G: TieredGame + ?Sized>(
        &self,
        game: &G,
        position: &G::Position,
    ) -> Result<Option<Solution>> {
        let tier = game.tier(position);
        let rank = game.class_rank(tier, position);
        let mut read = self.read.get();
        let answer = self.find(game, tier, rank, &mut read);
        self.read.set(read);
        answer
    }

    fn find<G: TieredGame + ?Sized>(
        &self,
        game: &G,
        tier: usize,
        rank: u64,
        read: &mut u64,
    ) -> Result<Option<Solution>> {
        // The bit of the rank, and the bits set before it.
        let mut reach = self.file(game, Part::Reach, tier, read)?;
        let block_bytes = reach.header.block as u64;
        let byte = rank / 8;
        let block = byte / block_bytes;
        let before = reach.table.before.as_ref().expect("a file of bits")[block as usize];
        let bits = reach.block(block, read)?;
        let within = (byte - block * block_bytes) as usize;
        let bit = rank % 8;
        if bits[within] >> bit & 1 == 0 {
            return Ok(None);
        }
        let below = bits[..within]
            .iter()
            .map(|b| b.count_ones() as u64)
            .sum::<u64>()
            + (bits[within] & ((1u8 << bit) - 1)).count_ones() as u64;
        // Its cell, the `before + below`-th stored.
        let mut cells = self.file(game, Part::Cells, tier, read)?;
        let at = (before + below) * self.width.bytes() as u64;
        if at >= cells.header.payload() {
            return Err(
                cells.error("fewer cells than its tier's bits say: the file is corrupted".into())
            );
        }
        let block_bytes = cells.header.block as u64;
        let block = at / block_bytes;
        let bytes = cells.block(block, read)?;
        let index = (at - block * block_bytes) / self.width.bytes() as u64;
        Ok(self.width.decode(self.width.get(&bytes, index)))
    }

    /// The file of a tier's part, its header read.
    fn file<G: TieredGame + ?Sized>(
        &self,
        game: &G,
        part: Part,
        tier: usize,
        read: &mut u64,
    ) -> Result<Open> {
        let path = path(&self.dir, part, tier);
        let ranks = game.tier_size(tier);
        let expected = Header {
            kind: kind(part, self.width),
            name: self.name.clone(),
            tier: tier as u32,
            tiers: game.tiers() as u32,
            ranks,
            entries: ranks,
            positions: 0,
            counts: Counts::default(),
            block: BLOCK_BYTES,
        };
        Open::new(path.clone(), &expected, read)?.ok_or_else(|| {
            file_error(
                &path,
                "no such file: the solve has not finished this tier; run it again".into(),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bits set in the blocks of `bits` (a tier's reachable ranks, as
    /// stored) before each block of `block` bytes: where each block's first
    /// cell is among the cells stored.
    fn counts_before(bits: &[u8], block: u32) -> Vec<u64> {
        let mut before = 0u64;
        bits.chunks(block as usize)
            .map(|chunk| {
                let at = before;
                before += chunk.iter().map(|b| b.count_ones() as u64).sum::<u64>();
                at
            })
            .collect()
    }

    /// The bytes of a file of version 3: the header, each block's
    /// checksum, in a file of bits the counts before each block with
    /// their checksum, and the blocks as they are.
    fn version_3(header: &Header, payload: &[u8]) -> Vec<u8> {
        let mut bytes = header.encode();
        let crc_at = bytes.len() - 4;
        bytes[8..12].copy_from_slice(&3u32.to_le_bytes());
        let crc = crc32fast::hash(&bytes[..crc_at]);
        bytes[crc_at..].copy_from_slice(&crc.to_le_bytes());
        for block in payload.chunks(header.block as usize) {
            bytes.extend(crc32fast::hash(block).to_le_bytes());
        }
        if header.kind == 1 {
            let counts: Vec<u8> = counts_before(payload, header.block)
                .iter()
                .flat_map(|c| c.to_le_bytes())
                .collect();
            bytes.extend(&counts);
            bytes.extend(crc32fast::hash(&counts).to_le_bytes());
        }
        bytes.extend(payload);
        bytes
    }

    /// A tier's bits and cells stored in blocks, some that
    /// compress and some that do not, read back; and the same read from
    /// files of version 3, as earlier solves wrote them.
    #[test]
    fn tiers_are_read_back_from_files_of_both_versions() {
        let dir = std::env::temp_dir().join(format!("grundy-tierfile-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let ranks = 256 * 8 * 24 + 64;
        let plan = Plan {
            sizes: vec![ranks],
            width: Width::One,
            piece: ranks,
            processes: 1,
            moves: 1,
            memory: 0,
            disk: 0,
        };
        // Blocks of 256 bytes: bits sparse in the first three quarters
        // (they compress), scrambled in the rest (they do not), and a
        // cell for each bit set.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let bits: Vec<u8> = (0..ranks / 8)
            .map(|i| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if i < ranks / 8 * 3 / 4 {
                    (i % 9 == 0) as u8
                } else {
                    state as u8
                }
            })
            .collect();
        let positions: u64 = bits.iter().map(|b| b.count_ones() as u64).sum();
        let cells: Vec<u8> = (0..positions).map(|i| 64 + (i % 5) as u8).collect();
        let reach = Stored {
            bytes: bits,
            positions,
            counts: Counts::default(),
        };
        let solved = Stored {
            bytes: cells,
            positions,
            counts: Counts {
                win: positions,
                ..Counts::default()
            },
        };
        let mut store = Dir::with_block(&dir, "test", &plan, 256).unwrap();
        for (part, stored) in [(Part::Reach, &reach), (Part::Cells, &solved)] {
            store.save(part, 0, stored).unwrap();
            let written = std::fs::read(path(&dir, part, 0)).unwrap();
            assert!(written.len() < stored.bytes.len(), "{part:?} compressed");
            assert_eq!(store.load(part, 0).unwrap().unwrap(), *stored);
            let header = Header {
                entries: match part {
                    Part::Reach => ranks,
                    Part::Cells => positions,
                },
                positions,
                counts: stored.counts,
                ..store.header(part, 0)
            };
            std::fs::write(path(&dir, part, 0), version_3(&header, &stored.bytes)).unwrap();
            assert_eq!(store.load(part, 0).unwrap().unwrap(), *stored);
        }
        assert_eq!(ruleset_in(&dir).unwrap(), "test");
        drop(store);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
