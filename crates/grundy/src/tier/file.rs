//! A tiered solve's directory (`grundy solve --tiers DIR`): a file a tier
//! for its cells (`tier-000.bin`, ...) and one for its reachable ranks
//! (`reach-000.bin`, ...), each written whole or not at all
//! ([`crate::file::write_whole`]), so a solve stopped at any moment leaves
//! only whole files, and a rerun reads them back ([`Dir`] is the
//! [`Store`]). One position is answered from the directory by reading the
//! header of its tier's file and the one block its cell is in ([`Db`]).
//!
//! # The format (version 3)
//! All integers little-endian.
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | the magic `GRUNDYTR` |
//! | 4 | the version, 3 (2 stored a cell for every rank, reached or not; 1 also for each of a board and its mirror image) |
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
//! | 4 B | the CRC-32 of each block, B = ceil(payload / block) |
//! | 8 B | kind 1 only: the bits set in the blocks before each block |
//! | 4 | kind 1 only: the CRC-32 of those counts |
//! | ... | the payload in blocks (the last may be shorter) |
//!
//! The payload of kind 1 is the bits of the ranks reachable, in words of
//! 64 ranks (ceil(ranks / 64) × 8 bytes, rank r being bit r % 64 of word
//! r / 64); of kinds 2 and 3 the cells of the ranks reached, in rank order
//! (the module above says what a cell holds): the cell of a reached rank
//! r is the n-th, n the bits set below r, found from the counts before
//! its block and the bits of its block. So a tier takes a bit a rank and
//! a cell a position reached on disk, and one position is answered from
//! one block of each file. A position equal to others under the game's
//! symmetries (a Connect Four board and its mirror image) has its bit and
//! cell at the least of their ranks (`TieredGame::class_rank`), and the
//! others none. A file whose header, checksums, counts or length do not
//! match is refused with its name ([`Error::File`]: bad input, exit
//! status 2).
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
//! ruleset.strong().unwrap().solve_tiers(&dir, &options, None, &mut |_| true).unwrap();
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
use std::path::{Path, PathBuf};

use super::lock::DirLock;
use super::{Part, Plan, Store, Stored, TieredGame, Width};
use crate::error::{Error, Result};
use crate::retrograde::Counts;
use crate::value::Solution;

/// The first bytes of every tier file.
pub const MAGIC: &[u8; 8] = b"GRUNDYTR";
/// The version of the format, after the magic.
pub const VERSION: u32 = 3;
/// The bytes of a block of the payload, each with its checksum, in the
/// files [`Dir::new`] writes (a reader takes the size the header says,
/// between [`MIN_BLOCK`] and [`MAX_BLOCK`]).
pub const BLOCK_BYTES: u32 = 1 << 16;
/// The smallest block a reader accepts.
pub const MIN_BLOCK: u32 = 64;
/// The largest block a reader accepts.
pub const MAX_BLOCK: u32 = 1 << 24;

/// The bytes of a file whose payload is `payload` bytes, with a short name
/// (and the counts of a file of bits).
pub(super) fn file_bytes(payload: u64) -> u64 {
    payload
        .saturating_add(payload.div_ceil(BLOCK_BYTES as u64) * 12)
        .saturating_add(136)
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
            1 => self.ranks.div_ceil(64) * 8,
            2 => self.entries,
            _ => self.entries.saturating_mul(2),
        }
    }

    fn blocks(&self) -> u64 {
        self.payload().div_ceil(self.block as u64)
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
    /// checksum; `bytes_read` counts what was read.
    fn read(
        file: &mut File,
        path: &Path,
        expected: &Header,
        bytes_read: &mut u64,
    ) -> Result<Header> {
        let error = |message: String| file_error(path, message);
        let mut fixed = [0u8; 20];
        read_exact(file, path, &mut fixed, bytes_read)?;
        if &fixed[..8] != MAGIC {
            return Err(error("not a grundy tier file (no GRUNDYTR header)".into()));
        }
        let word = |at: usize| u32::from_le_bytes(fixed[at..at + 4].try_into().expect("4 bytes"));
        let version = word(8);
        if version != VERSION {
            return Err(error(format!(
                "version {version} of the tier format; this grundy reads version {VERSION}"
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
                header.kind == 1 && header.entries != header.ranks
                    || header.kind != 1 && header.entries > header.ranks,
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
        Ok(header)
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

/// The directory of a tiered solve, as the solver's [`Store`], locked
/// for as long as it lives (see `tier/lock.rs`).
pub struct Dir {
    path: PathBuf,
    _lock: DirLock,
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
        remove_partial_files(path)?;
        Ok(Dir {
            path: path.into(),
            _lock: lock,
            name: name.into(),
            plan: plan.clone(),
            block,
        })
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
/// `dir` (`.tier-013.bin.PID.partial`, see [`crate::file::write_whole`]):
/// they are never read, and a tier is written again whole. No other solve
/// is writing there: the directory is locked.
fn remove_partial_files(dir: &Path) -> Result<()> {
    let entries = std::fs::read_dir(dir).map_err(|e| file_error(dir, e.to_string()))?;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let ours = name.starts_with(".tier-") || name.starts_with(".reach-");
        if ours && name.ends_with(".partial") {
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
    if &fixed[..8] != MAGIC || word(8) != VERSION || word(16) > 4096 {
        return Err(file_error(
            &path,
            format!("not a grundy tier file of version {VERSION}"),
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

/// The counts' bytes, little-endian.
fn counts_bytes(counts: &[u64]) -> Vec<u8> {
    counts.iter().flat_map(|c| c.to_le_bytes()).collect()
}

/// One open tier file, its header read and checked.
struct Open {
    file: File,
    path: PathBuf,
    header: Header,
    /// Where the blocks' checksums start.
    crcs_at: u64,
    /// Where the payload starts.
    payload_at: u64,
}

impl Open {
    /// Opens `path` and reads its header, which must be `expected`'s but
    /// for the entries, positions and counts; `None` where there is no
    /// such file.
    fn new(path: PathBuf, expected: &Header, read: &mut u64) -> Result<Option<Open>> {
        let mut file = match File::open(&path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(file_error(&path, e.to_string())),
        };
        let header = Header::read(&mut file, &path, expected, read)?;
        let crcs_at = file
            .stream_position()
            .map_err(|e| file_error(&path, e.to_string()))?;
        let counts = match header.kind {
            1 => header.blocks() * 8 + 4,
            _ => 0,
        };
        let payload_at = crcs_at + header.blocks() * 4 + counts;
        Ok(Some(Open {
            file,
            path,
            header,
            crcs_at,
            payload_at,
        }))
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

    /// A file of bits' counts before each block, checked against their
    /// checksum.
    fn counts(&mut self, read: &mut u64) -> Result<Vec<u64>> {
        let blocks = self.header.blocks();
        self.seek(self.crcs_at + blocks * 4)?;
        let bytes = self.bytes(blocks * 8 + 4, read)?;
        let (counts, crc) = bytes.split_at(blocks as usize * 8);
        if crc32fast::hash(counts) != u32::from_le_bytes(crc.try_into().expect("4 bytes")) {
            return Err(self.error(
                "the checksum of the counts of bits does not match: the file is corrupted".into(),
            ));
        }
        Ok(counts
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect())
    }

    /// Block `block` of the payload, checked against its checksum.
    fn block(&mut self, block: u64, read: &mut u64) -> Result<Vec<u8>> {
        self.seek(self.crcs_at + 4 * block)?;
        let crc = self.bytes(4, read)?;
        let size = self.header.block as u64;
        let start = block * size;
        self.seek(self.payload_at + start)?;
        let bytes = self.bytes((self.header.payload() - start).min(size), read)?;
        if crc32fast::hash(&bytes) != u32::from_le_bytes(crc.try_into().expect("4 bytes")) {
            return Err(self.error(format!(
                "the checksum of block {block} does not match: the file is corrupted"
            )));
        }
        Ok(bytes)
    }
}

impl Store for Dir {
    fn load(&mut self, part: Part, tier: usize) -> Result<Option<Stored>> {
        let mut read = 0;
        let path = path(&self.path, part, tier);
        let Some(mut open) = Open::new(path, &self.header(part, tier), &mut read)? else {
            return Ok(None);
        };
        let header = open.header.clone();
        let crcs = open.bytes(header.blocks() * 4, &mut read)?;
        let counts = match header.kind {
            1 => Some(open.counts(&mut read)?),
            _ => None,
        };
        let bytes = open.bytes(header.payload(), &mut read)?;
        let more = open
            .file
            .read(&mut [0u8])
            .map_err(|e| open.error(e.to_string()))?;
        if more != 0 {
            return Err(open.error("bytes after the payload: the file is corrupted".into()));
        }
        for (b, block) in bytes.chunks(header.block as usize).enumerate() {
            let crc = u32::from_le_bytes(crcs[4 * b..4 * b + 4].try_into().expect("4 bytes"));
            if crc32fast::hash(block) != crc {
                return Err(open.error(format!(
                    "the checksum of block {b} does not match: the file is corrupted"
                )));
            }
        }
        // The positions the header counts: the bits set (a class under the
        // game's symmetries each; counted once, with the counts before
        // each block), or the standings of the cells' positions.
        let c = header.counts;
        let positions = match counts {
            Some(counts) => {
                let before = counts_before(&bytes, header.block);
                if counts != before {
                    return Err(open.error(
                        "the counts of bits are not those of its blocks: the file is corrupted"
                            .into(),
                    ));
                }
                let last = bytes
                    .chunks(header.block as usize)
                    .next_back()
                    .unwrap_or(&[]);
                before.last().unwrap_or(&0)
                    + last.iter().map(|b| b.count_ones() as u64).sum::<u64>()
            }
            None => c.win + c.lose + c.tie + c.draw,
        };
        let agree = header.positions == positions;
        if !agree {
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
        debug_assert_eq!(header.payload(), stored.bytes.len() as u64);
        let path = path(&self.path, part, tier);
        crate::file::write_whole(&path, |out| {
            out.write_all(&header.encode())?;
            for block in stored.bytes.chunks(header.block as usize) {
                out.write_all(&crc32fast::hash(block).to_le_bytes())?;
            }
            if part == Part::Reach {
                let counts = counts_bytes(&counts_before(&stored.bytes, header.block));
                out.write_all(&counts)?;
                out.write_all(&crc32fast::hash(&counts).to_le_bytes())?;
            }
            out.write_all(&stored.bytes)
        })
    }

    fn name(&self, part: Part, tier: usize) -> String {
        path(&self.path, part, tier).display().to_string()
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
        let before = reach.counts(read)?[block as usize];
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
