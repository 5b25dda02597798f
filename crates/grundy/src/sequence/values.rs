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
//! | 1 | format version, 1 |
//! | 1 | width `w`: bytes per value, 1, 2 or 4 |
//! | 2 | length `k` of the ruleset's name |
//! | 8 | count `c` of values |
//! | `k` | the ruleset's name in UTF-8, as an expression writes it |
//! | `c * w` | `G(0), ..., G(c - 1)`, `w` bytes each |

use std::io::{self, Read, Write};

use crate::period::wide;

/// `G(0), G(1), ...` stored compactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    U8(Vec<u8>),
    U16(Vec<u16>),
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
    pub fn new() -> Values {
        Values::default()
    }

    pub fn len(&self) -> usize {
        with_values!(self, v => v.len())
    }

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
const VERSION: u8 = 1;

impl Values {
    /// Writes the values of `ruleset` in the format above.
    pub fn write(&self, ruleset: &str, out: &mut impl Write) -> io::Result<()> {
        let name = ruleset.as_bytes();
        let name_len = u16::try_from(name.len())
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "ruleset name too long"))?;
        out.write_all(MAGIC)?;
        out.write_all(&[VERSION, self.bytes_per_value() as u8])?;
        out.write_all(&name_len.to_le_bytes())?;
        out.write_all(&(self.len() as u64).to_le_bytes())?;
        out.write_all(name)?;
        match self {
            Values::U8(v) => out.write_all(v),
            Values::U16(v) => v.iter().try_for_each(|x| out.write_all(&x.to_le_bytes())),
            Values::U32(v) => v.iter().try_for_each(|x| out.write_all(&x.to_le_bytes())),
        }
    }

    /// Reads what [`Values::write`] wrote: the ruleset's name and the values.
    pub fn read(input: &mut impl Read) -> io::Result<(String, Values)> {
        let bad = |what: &str| io::Error::new(io::ErrorKind::InvalidData, what.to_string());
        let mut header = [0u8; 20];
        input.read_exact(&mut header)?;
        if &header[..8] != MAGIC || header[8] != VERSION {
            return Err(bad("not a grundy nim-sequence file (version 1)"));
        }
        let width = header[9];
        let name_len = u16::from_le_bytes([header[10], header[11]]) as usize;
        let count = u64::from_le_bytes(header[12..20].try_into().expect("8 bytes"));
        let count = usize::try_from(count).map_err(|_| bad("too many values"))?;
        let mut name = vec![0; name_len];
        input.read_exact(&mut name)?;
        let name = String::from_utf8(name).map_err(|_| bad("the ruleset name is not UTF-8"))?;
        let mut bytes = Vec::new();
        input.read_to_end(&mut bytes)?;
        if bytes.len() != count * width as usize {
            return Err(bad(
                "the file holds a different number of values than it says",
            ));
        }
        let values = match width {
            1 => Values::U8(bytes),
            2 => Values::U16(
                bytes
                    .chunks(2)
                    .map(|b| u16::from_le_bytes([b[0], b[1]]))
                    .collect(),
            ),
            4 => Values::U32(
                bytes
                    .chunks(4)
                    .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect(),
            ),
            _ => return Err(bad("the width of values must be 1, 2 or 4 bytes")),
        };
        Ok((name, values))
    }
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
        assert_eq!(file.len(), 20 + "octal(0.07)".len() + 5 * 4);
        let (name, read) = Values::read(&mut file.as_slice()).unwrap();
        assert_eq!((name.as_str(), read), ("octal(0.07)", values));
        assert!(Values::read(&mut &file[1..]).is_err());
    }
}
