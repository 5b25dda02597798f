//! A tiered solve's directory (`grundy solve --tiers DIR`): a file a tier
//! for its cells (`tier-000.bin`, ...) and one for its reachable ranks
//! (`reach-000.bin`, ...), each written whole or not at all
//! ([`crate::file::write_whole`]), so a solve stopped at any moment leaves
//! only whole files, and a rerun reads them back ([`Dir`] is the
//! [`Store`]). One position is answered from the directory by reading the
//! header of its tier's file and the one block its cell is in ([`Db`]).
//!
//! # The format (version 2)
//! All integers little-endian.
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | the magic `GRUNDYTR` |
//! | 4 | the version, 2 (1 stored a cell for each of a board and its mirror image) |
//! | 4 | the kind: 1 reachable ranks (a bit a rank), 2 cells of one byte, 3 cells of two bytes |
//! | 4 | L, the length of the ruleset's name |
//! | L | the ruleset's name in UTF-8, as an expression writes it (`connect4(5,4)`) |
//! | 4 | the tier |
//! | 4 | the number of tiers |
//! | 8 | the number of ranks in the tier |
//! | 8 | the positions reachable in the tier (kind 1: the classes of positions equal under the game's symmetries, one bit each) |
//! | 32 | of those, the wins, losses, ties and draws (8 bytes each; 0 for kind 1) |
//! | 4 | the bytes of a block: [`BLOCK_BYTES`] as grundy writes them |
//! | 4 | CRC-32 (IEEE) of every byte of the header before it |
//! | 4 B | the CRC-32 of each block, B = ceil(payload / block) |
//! | ... | the payload in blocks (the last may be shorter) |
//!
//! The payload of kind 1 is the bits of the ranks reachable, in words of
//! 64 ranks (ceil(ranks / 64) × 8 bytes, rank r being bit r % 64 of word
//! r / 64); of kinds 2 and 3 the cells by rank (the module above says what
//! a cell holds). A position equal to others under the game's symmetries
//! (a Connect Four board and its mirror image) has its bit and cell at the
//! least of their ranks (`TieredGame::class_rank`), and the others none. A file whose header, checksums or length do not match is
//! refused with its name ([`Error::File`]: bad input, exit status 2).
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

use super::{Part, Plan, Store, Stored, TieredGame, Width};
use crate::error::{Error, Result};
use crate::retrograde::Counts;
use crate::value::Solution;

/// The first bytes of every tier file.
pub const MAGIC: &[u8; 8] = b"GRUNDYTR";
/// The version of the format, after the magic.
pub const VERSION: u32 = 2;
/// The bytes of a block of the payload, each with its checksum, in the
/// files [`Dir::new`] writes (a reader takes the size the header says,
/// between [`MIN_BLOCK`] and [`MAX_BLOCK`]).
pub const BLOCK_BYTES: u32 = 1 << 16;
/// The smallest block a reader accepts.
pub const MIN_BLOCK: u32 = 64;
/// The largest block a reader accepts.
pub const MAX_BLOCK: u32 = 1 << 24;

/// The bytes of a file whose payload is `payload` bytes, with a short name.
pub(super) fn file_bytes(payload: u64) -> u64 {
    payload
        .saturating_add(payload.div_ceil(BLOCK_BYTES as u64) * 4)
        .saturating_add(128)
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
    positions: u64,
    counts: Counts,
    block: u32,
}

impl Header {
    fn payload(&self) -> u64 {
        match self.kind {
            1 => self.ranks.div_ceil(64) * 8,
            2 => self.ranks,
            _ => self.ranks.saturating_mul(2),
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
        for n in [self.ranks, self.positions, c.win, c.lose, c.tie, c.draw] {
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
        let mut rest = vec![0u8; name_length as usize + 4 + 4 + 6 * 8 + 4 + 4];
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
        let mut numbers = [0u64; 6];
        for (i, n) in numbers.iter_mut().enumerate() {
            let from = at + 8 * i;
            *n = u64::from_le_bytes(all[from..from + 8].try_into().expect("8 bytes"));
        }
        at += 48;
        let block = u32::from_le_bytes(all[at..at + 4].try_into().expect("4 bytes"));
        let header = Header {
            kind: word(12),
            name: String::from_utf8_lossy(&all[20..20 + name_length as usize]).into_owned(),
            tier,
            tiers,
            ranks: numbers[0],
            positions: numbers[1],
            counts: Counts {
                win: numbers[2],
                lose: numbers[3],
                tie: numbers[4],
                draw: numbers[5],
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

/// The directory of a tiered solve, as the solver's [`Store`].
pub struct Dir {
    path: PathBuf,
    name: String,
    plan: Plan,
    block: u32,
}

impl Dir {
    /// The directory `path` (made if missing) of the solve of the ruleset
    /// `name` whose plan is `plan`.
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
        remove_partial_files(path)?;
        Ok(Dir {
            path: path.into(),
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
            positions: 0,
            counts: Counts::default(),
            block: self.block,
        }
    }
}

/// Removes the temporary files a solve killed while writing a tier left in
/// `dir` (`.tier-013.bin.PID.partial`, see [`crate::file::write_whole`]):
/// they are never read, and a tier is written again whole. Two solves
/// into one directory at once are not supported.
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

/// The file of a tier's part in a directory.
pub fn path(dir: &Path, part: Part, tier: usize) -> PathBuf {
    let prefix = match part {
        Part::Reach => "reach",
        Part::Cells => "tier",
    };
    dir.join(format!("{prefix}-{tier:03}.bin"))
}

impl Store for Dir {
    fn load(&mut self, part: Part, tier: usize) -> Result<Option<Stored>> {
        let path = path(&self.path, part, tier);
        let mut file = match File::open(&path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(file_error(&path, e.to_string())),
        };
        let mut read = 0;
        let header = Header::read(&mut file, &path, &self.header(part, tier), &mut read)?;
        let mut crcs = vec![0u8; header.blocks() as usize * 4];
        read_exact(&mut file, &path, &mut crcs, &mut read)?;
        let mut bytes = vec![0u8; header.payload() as usize];
        read_exact(&mut file, &path, &mut bytes, &mut read)?;
        let more = file
            .read(&mut [0u8])
            .map_err(|e| file_error(&path, e.to_string()))?;
        if more != 0 {
            return Err(file_error(
                &path,
                "bytes after the payload: the file is corrupted".into(),
            ));
        }
        for (b, block) in bytes.chunks(header.block as usize).enumerate() {
            let crc = u32::from_le_bytes(crcs[4 * b..4 * b + 4].try_into().expect("4 bytes"));
            if crc32fast::hash(block) != crc {
                return Err(file_error(
                    &path,
                    format!("the checksum of block {b} does not match: the file is corrupted"),
                ));
            }
        }
        Ok(Some(Stored {
            bytes,
            positions: header.positions,
            counts: header.counts,
        }))
    }

    fn save(&mut self, part: Part, tier: usize, stored: &Stored) -> Result<()> {
        let header = Header {
            positions: stored.positions,
            counts: stored.counts,
            ..self.header(part, tier)
        };
        debug_assert_eq!(header.payload(), stored.bytes.len() as u64);
        let path = path(&self.path, part, tier);
        crate::file::write_whole(&path, |out| {
            out.write_all(&header.encode())?;
            for block in stored.bytes.chunks(header.block as usize) {
                out.write_all(&crc32fast::hash(block).to_le_bytes())?;
            }
            out.write_all(&stored.bytes)
        })
    }
}

/// A tiered solve's directory, to answer positions one at a time: each
/// answer reads its tier's header and the one block its cell is in.
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
        let path = path(&self.dir, Part::Cells, tier);
        let mut file = File::open(&path).map_err(|e| {
            file_error(
                &path,
                format!("{e}: the solve has not finished this tier; run it again"),
            )
        })?;
        let expected = Header {
            kind: kind(Part::Cells, self.width),
            name: self.name.clone(),
            tier: tier as u32,
            tiers: game.tiers() as u32,
            ranks: game.tier_size(tier),
            positions: 0,
            counts: Counts::default(),
            block: BLOCK_BYTES,
        };
        let mut read = self.read.get();
        let header = Header::read(&mut file, &path, &expected, &mut read)?;
        let io = |e: std::io::Error| file_error(&path, e.to_string());
        let crcs_at = file.stream_position().map_err(io)?;
        let at = game.class_rank(tier, position) * self.width.bytes() as u64;
        let block_bytes = header.block as u64;
        let block = at / block_bytes;
        let mut crc = [0u8; 4];
        file.seek(SeekFrom::Start(crcs_at + 4 * block))
            .map_err(io)?;
        read_exact(&mut file, &path, &mut crc, &mut read)?;
        let start = block * block_bytes;
        let length = (header.payload() - start).min(block_bytes);
        let mut bytes = vec![0u8; length as usize];
        file.seek(SeekFrom::Start(crcs_at + 4 * header.blocks() + start))
            .map_err(io)?;
        read_exact(&mut file, &path, &mut bytes, &mut read)?;
        self.read.set(read);
        if crc32fast::hash(&bytes) != u32::from_le_bytes(crc) {
            return Err(file_error(
                &path,
                format!("the checksum of block {block} does not match: the file is corrupted"),
            ));
        }
        let index = (at - start) / self.width.bytes() as u64;
        Ok(self.width.decode(self.width.get(&bytes, index)))
    }
}
