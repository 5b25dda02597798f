//! The values of a nim-sequence in as few bytes as they fit: one byte per
//! heap while every value is below 256, two below 65536, else four. Octal
//! games rarely need more than one.
//!
//! The same layout is the file format of `grundy sequence --out` and of its
//! checkpoints, all integers little-endian:
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | the magic `GRUNDYSQ` |
//! | 1 | format version, 2 |
//! | 1 | width `w`: bytes per value, 1, 2 or 4 |
//! | 2 | length `k` of the ruleset's name |
//! | 8 | count `c` of values |
//! | `k` | the ruleset's name in UTF-8, as an expression writes it |
//! | `c * w` | `G(0), ..., G(c - 1)`, `w` bytes each |
//! | 4 | CRC-32 (IEEE, as zlib's `crc32`) of all the bytes before it |
//!
//! A file is read only if all of it checks: the magic, the version, the
//! width, a length of exactly `24 + k + c * w` bytes, and the checksum. A
//! checkpoint that was cut short, has a flipped bit or bytes appended is
//! refused, never resumed from. Version 1 (the same without the checksum)
//! is refused too: what it holds cannot be checked, so it is computed again.

use std::io::{self, Read, Write};

use crate::period::{wide, Regularity};

/// `G(0), G(1), ...` stored compactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Every value below 2^8.
    U8(Vec<u8>),
    /// Every value below 2^16.
    U16(Vec<u16>),
    /// Some value of 2^16 or more.
    U32(Vec<u32>),
}

/// Runs `$body` with `$v` bound to the table's slice or vector, whatever its
/// width: generic code over [`crate::period::Nimber`] is then instantiated
/// once per width.
macro_rules! with_values {
    ($values:expr, $v:ident => $body:expr) => {
        match $values {
            Values::U8($v) => $body,
            Values::U16($v) => $body,
            Values::U32($v) => $body,
        }
    };
}
pub(crate) use with_values;

impl Default for Values {
    fn default() -> Values {
        Values::U8(Vec::new())
    }
}

impl Values {
    /// No values, one byte each to start with.
    pub fn new() -> Values {
        Values::default()
    }

    /// How many values there are.
    pub fn len(&self) -> usize {
        with_values!(self, v => v.len())
    }

    /// Whether there is no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(n)`.
    pub fn get(&self, n: usize) -> u32 {
        with_values!(self, v => wide(v[n]))
    }

    /// Bytes per heap as stored now.
    pub fn bytes_per_value(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
            Values::U32(_) => 4,
        }
    }

    /// `G(n)` for any `n`, the table's values continued by `regularity`,
    /// which must hold for the whole sequence (a proven one): beyond the
    /// table, the value a whole number `k` of periods back, in the last
    /// period the table holds, plus `k` times the saltus. `None` when the
    /// table does not hold the preperiod and one period, or the value does
    /// not fit in 64 bits.
    pub fn get_by(&self, n: usize, regularity: &Regularity) -> Option<u64> {
        let (len, p) = (self.len(), regularity.period.period);
        if n < len {
            return Some(self.get(n).into());
        }
        if p == 0 || len < regularity.period.preperiod + p {
            return None;
        }
        let k = (n - len) / p + 1;
        let back = u64::from(self.get(n - k * p));
        let rise = i64::try_from(k).ok()?.checked_mul(regularity.saltus)?;
        back.checked_add_signed(rise)
    }

    /// The values, each widened to `u32`.
    pub fn to_vec(&self) -> Vec<u32> {
        with_values!(self, v => v.iter().map(|&x| wide(x)).collect())
    }

    /// Appends `g`, first widening the table if `g` does not fit.
    pub fn push(&mut self, g: u32) {
        let needed = if g < 1 << 8 {
            1
        } else if g < 1 << 16 {
            2
        } else {
            4
        };
        if needed > self.bytes_per_value() {
            // Straight to the new width: the old and new tables are the only
            // copies alive while widening.
            *self = match (needed, std::mem::take(self)) {
                (2, Values::U8(v)) => Values::U16(v.into_iter().map(u16::from).collect()),
                (_, Values::U8(v)) => Values::U32(v.into_iter().map(u32::from).collect()),
                (_, Values::U16(v)) => Values::U32(v.into_iter().map(u32::from).collect()),
                (_, wide) => wide,
            };
        }
        match self {
            Values::U8(v) => v.push(g as u8),
            Values::U16(v) => v.push(g as u16),
            Values::U32(v) => v.push(g),
        }
    }

    /// Computes values with `next` until there are `len` of them, and
    /// returns the largest of them. The loop runs on the typed table; a value
    /// that does not fit widens it.
    pub fn extend_to(&mut self, len: usize, next: &mut impl Next) -> u32 {
        let from = self.len();
        while self.len() < len {
            if let Some(g) = with_values!(self, v => next.extend(v, len)) {
                self.push(g);
            }
        }
        with_values!(self, v => v[from..].iter().map(|&x| wide(x)).max().unwrap_or(0))
    }
}

const MAGIC: &[u8; 8] = b"GRUNDYSQ";
const VERSION: u8 = 2;
/// The bytes before the ruleset's name.
const HEADER: usize = 20;
const CHECKSUM: usize = 4;

impl Values {
    /// Writes the values of `ruleset` in the format above.
    pub fn write(&self, ruleset: &str, out: &mut impl Write) -> io::Result<()> {
        let name = ruleset.as_bytes();
        let name_len = u16::try_from(name.len())
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "ruleset name too long"))?;
        let mut out = Checksummed {
            out,
            crc: crc32fast::Hasher::new(),
        };
        out.write_all(MAGIC)?;
        out.write_all(&[VERSION, self.bytes_per_value() as u8])?;
        out.write_all(&name_len.to_le_bytes())?;
        out.write_all(&(self.len() as u64).to_le_bytes())?;
        out.write_all(name)?;
        match self {
            Values::U8(v) => out.write_all(v)?,
            Values::U16(v) => write_wide(v, u16::to_le_bytes, &mut out)?,
            Values::U32(v) => write_wide(v, u32::to_le_bytes, &mut out)?,
        }
        let crc = out.crc.finalize();
        out.out.write_all(&crc.to_le_bytes())
    }

    /// Reads what [`Values::write`] wrote: the ruleset's name and the values.
    /// Anything else, a file cut short or corrupted included, is an error of
    /// kind [`io::ErrorKind::InvalidData`] that says what is wrong.
    pub fn read(input: &mut impl Read) -> io::Result<(String, Values)> {
        let mut bytes = Vec::new();
        input.read_to_end(&mut bytes)?;
        Values::from_file(bytes)
            .map_err(|message| io::Error::new(io::ErrorKind::InvalidData, message))
    }

    /// The name and values of a whole file's `bytes`, once every check
    /// passed.
    fn from_file(mut bytes: Vec<u8>) -> Result<(String, Values), String> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err("not a grundy nim-sequence file".into());
        }
        if bytes.len() < HEADER + CHECKSUM {
            return Err(format!(
                "cut short: {} bytes, fewer than a header and a checksum",
                bytes.len()
            ));
        }
        match bytes[8] {
            VERSION => {}
            1 => {
                let message = "a nim-sequence file of version 1, which has no checksum to \
                               check it by: compute the sequence again";
                return Err(message.into());
            }
            v => {
                return Err(format!(
                    "format version {v}; this grundy reads version {VERSION}"
                ))
            }
        }
        let width = bytes[9];
        if ![1, 2, 4].contains(&width) {
            return Err(format!(
                "{width} bytes a value; the width must be 1, 2 or 4"
            ));
        }
        let name_len = u16::from_le_bytes([bytes[10], bytes[11]]);
        let count = u64::from_le_bytes(bytes[12..HEADER].try_into().expect("8 bytes"));
        // A count near 2^64 in a corrupted header must not overflow.
        let expected = count
            .checked_mul(u64::from(width))
            .and_then(|v| v.checked_add((HEADER + CHECKSUM) as u64 + u64::from(name_len)));
        let length = bytes.len() as u64;
        match expected {
            Some(expected) if expected == length => {}
            Some(expected) if expected > length => {
                return Err(format!(
                    "cut short: its header says {count} values, {expected} bytes in all, \
                     but the file has {length}"
                ))
            }
            Some(expected) => {
                return Err(format!(
                    "bytes appended: its header says {count} values, {expected} bytes in \
                     all, but the file has {length}"
                ))
            }
            None => {
                return Err(format!(
                    "its header says {count} values, more than a file holds"
                ))
            }
        }
        let (content, crc) = bytes.split_at(bytes.len() - CHECKSUM);
        let crc = u32::from_le_bytes(crc.try_into().expect("4 bytes"));
        if crc32fast::hash(content) != crc {
            return Err("corrupted: its checksum does not match its content".into());
        }
        let values_from = HEADER + usize::from(name_len);
        let name = std::str::from_utf8(&bytes[HEADER..values_from])
            .map_err(|_| "the ruleset name is not UTF-8")?
            .to_string();
        // The values in place: a file of a billion heaps is not copied.
        bytes.truncate(bytes.len() - CHECKSUM);
        bytes.drain(..values_from);
        let values = match width {
            1 => Values::U8(bytes),
            2 => Values::U16(
                (bytes.chunks_exact(2))
                    .map(|b| u16::from_le_bytes([b[0], b[1]]))
                    .collect(),
            ),
            _ => Values::U32(
                (bytes.chunks_exact(4))
                    .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect(),
            ),
        };
        Ok((name, values))
    }
}

/// A writer that keeps the CRC-32 of what passes through it.
struct Checksummed<'a, W> {
    out: &'a mut W,
    crc: crc32fast::Hasher,
}

impl<W: Write> Write for Checksummed<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.out.write(buf)?;
        self.crc.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Writes values of two or four bytes little-endian, a block at a time: the
/// checksum is fast on blocks, slow on a few bytes at a time.
fn write_wide<T: Copy, const N: usize>(
    values: &[T],
    bytes: fn(T) -> [u8; N],
    out: &mut impl Write,
) -> io::Result<()> {
    let mut block = Vec::with_capacity(1 << 16);
    for chunk in values.chunks((1 << 16) / N) {
        block.clear();
        block.extend(chunk.iter().flat_map(|&x| bytes(x)));
        out.write_all(&block)?;
    }
    Ok(())
}

use super::scan::Stored;

/// Computes the values of a sequence, given the values so far.
pub trait Next {
    /// Computes and pushes `G(n)` for `n = table.len()` up to `until`
    /// (excluded). Returns a value that does not fit the table, not pushed.
    fn extend<T: Stored>(&mut self, table: &mut Vec<T>, until: usize) -> Option<u32>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::period::Period;

    fn file_of(values: &[u32], name: &str) -> Vec<u8> {
        let mut table = Values::new();
        values.iter().for_each(|&g| table.push(g));
        let mut file = Vec::new();
        table.write(name, &mut file).unwrap();
        file
    }

    fn refusal(file: &[u8]) -> String {
        match Values::read(&mut &file[..]) {
            Ok((name, values)) => panic!("accepted as {name}: {values:?}"),
            Err(e) => {
                assert_eq!(e.kind(), io::ErrorKind::InvalidData);
                e.to_string()
            }
        }
    }

    #[test]
    fn values_widen_and_round_trip_through_the_file_format() {
        let mut values = Values::new();
        for g in [0, 3, 255] {
            values.push(g);
        }
        assert_eq!(values.bytes_per_value(), 1);
        values.push(256);
        assert_eq!(values.bytes_per_value(), 2);
        values.push(70_000);
        assert_eq!(values.to_vec(), [0, 3, 255, 256, 70_000]);
        let mut file = Vec::new();
        values.write("octal(0.07)", &mut file).unwrap();
        assert_eq!(file.len(), 20 + "octal(0.07)".len() + 5 * 4 + 4);
        let (name, read) = Values::read(&mut file.as_slice()).unwrap();
        assert_eq!((name.as_str(), read), ("octal(0.07)", values));
    }

    /// The checksum is zlib's CRC-32, so that other tools can check a file:
    /// the figure is Python's `zlib.crc32` of the same 26 bytes.
    #[test]
    fn the_checksum_is_zlibs_crc_32_of_everything_before_it() {
        let file = file_of(&[0, 1, 2], "nim");
        let mut expected = b"GRUNDYSQ\x02\x01\x03\x00\x03\0\0\0\0\0\0\0nim\x00\x01\x02".to_vec();
        expected.extend(0xB627_2F9Cu32.to_le_bytes());
        assert_eq!(file, expected);
    }

    /// Every single flipped bit, in the header, the name, the values or the
    /// checksum, is caught: one of the checks of the header, or the CRC-32,
    /// which detects every error of one bit.
    #[test]
    fn every_flipped_bit_is_refused() {
        for values in [&[0, 1, 0, 2, 3, 1, 1, 4][..], &[0, 300, 2, 70_000]] {
            let file = file_of(values, "octal(0.376)");
            for bit in 0..8 * file.len() {
                let mut flipped = file.clone();
                flipped[bit / 8] ^= 1 << (bit % 8);
                refusal(&flipped);
            }
        }
    }

    #[test]
    fn a_file_cut_short_or_with_bytes_appended_is_refused() {
        let file = file_of(&[0, 1, 0, 2, 3, 1, 1, 4], "kayles");
        for len in 0..file.len() {
            refusal(&file[..len]);
        }
        let mut longer = file.clone();
        longer.push(0);
        assert!(refusal(&longer).contains("bytes appended"));
        assert!(refusal(&file[..file.len() - 1]).contains("cut short"));
    }

    /// A count near 2^64 overflows neither the arithmetic nor the memory:
    /// it is refused before anything is allocated for it.
    #[test]
    fn a_huge_count_in_the_header_is_refused() {
        let file = file_of(&[0, 1, 2, 3, 4], "dawson");
        let mut wide = Values::new();
        wide.push(70_000);
        let mut wide_file = Vec::new();
        wide.write("dawson", &mut wide_file).unwrap();
        for count in [1 << 63, (1 << 63) + 5, u64::MAX, u64::MAX / 4 + 1] {
            for base in [&file, &wide_file] {
                let mut huge = base.clone();
                huge[12..20].copy_from_slice(&count.to_le_bytes());
                // With the checksum made to match, only the length check is
                // left to catch it.
                let end = huge.len() - 4;
                let crc = crc32fast::hash(&huge[..end]);
                huge[end..].copy_from_slice(&crc.to_le_bytes());
                let message = refusal(&huge);
                assert!(message.contains(&count.to_string()), "{message}");
            }
        }
    }

    #[test]
    fn other_files_and_version_1_are_refused_with_what_to_do() {
        assert!(refusal(b"").contains("not a grundy nim-sequence file"));
        assert!(refusal(b"digraph {}").contains("not a grundy nim-sequence file"));
        let mut old = file_of(&[0, 1], "nim");
        old[8] = 1;
        assert!(refusal(&old).contains("compute the sequence again"));
        let mut wrong_width = file_of(&[0, 1], "nim");
        wrong_width[9] = 3;
        assert!(refusal(&wrong_width).contains("width must be 1, 2 or 4"));
    }

    #[test]
    fn a_proven_regularity_continues_the_table() {
        // Lasker's Nim: G(4k + 1..=4k + 4) = 4k + (1, 2, 4, 3).
        let mut values = Values::new();
        [0, 1, 2, 4, 3, 5, 6, 8, 7]
            .iter()
            .for_each(|&g| values.push(g));
        let lasker = Regularity {
            period: Period {
                preperiod: 1,
                period: 4,
            },
            saltus: 4,
        };
        let continued: Vec<_> = (0..14).filter_map(|n| values.get_by(n, &lasker)).collect();
        assert_eq!(continued, [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11, 13]);
        assert_eq!(values.get_by(usize::MAX, &lasker), None);
        // Too few values to hold a period after the preperiod.
        let short = Regularity {
            period: Period {
                preperiod: 6,
                period: 4,
            },
            saltus: 0,
        };
        assert_eq!(values.get_by(9, &short), None);
        assert_eq!(values.get_by(8, &short), Some(7));
    }
}
