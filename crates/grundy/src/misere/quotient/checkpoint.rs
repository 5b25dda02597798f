//! The construction's state between two heaps, as bytes: a run of hours
//! saved now and then, and resumed from the heap after the last one saved.
//! The construction is deterministic, so a resumed run ends in the quotient
//! the uninterrupted run ends in, byte for byte.
//!
//! The bytes: the line `grundy misère quotient checkpoint 1`, the line of
//! the rules it was computed for, then little-endian integers: the heap
//! reached h and the order s (u64 each), the table (s·s u32), the P-portion
//! (s bytes, 0 or 1), the element of each heap 0..=h (u32) and the order of
//! the quotient up to each heap 0..=h (u64).

use super::monoid::{Monoid, MultiplicationTable};
use crate::error::{Error, Result};

const MAGIC: &str = "grundy misère quotient checkpoint 1\n";

/// Hears each state of a construction: `false` after a heap (save it if
/// due), `true` when the construction ends, stops or fails (save it now).
pub type OnSnapshot<'a> = &'a mut dyn FnMut(&Snapshot, bool) -> Result<()>;

/// The state after heap `heap`, borrowed from the construction.
pub struct Snapshot<'a> {
    /// The last heap added.
    pub(super) heap: usize,
    pub(super) table: &'a MultiplicationTable,
    pub(super) p: &'a [bool],
    /// The element of each heap 0..=heap.
    pub(super) phi: &'a [u32],
    /// The order of the quotient up to each heap 0..=heap.
    pub(super) orders: &'a [usize],
}

/// A state read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    pub(super) heap: usize,
    pub(super) table: MultiplicationTable,
    pub(super) p: Vec<bool>,
    pub(super) phi: Vec<u32>,
    pub(super) orders: Vec<usize>,
}

impl Snapshot<'_> {
    /// The last heap added.
    pub fn heap(&self) -> usize {
        self.heap
    }

    /// The bytes of this state, computed for `rules`.
    pub fn to_bytes(&self, rules: &str) -> Vec<u8> {
        let size = self.table.size();
        let mut out = Vec::with_capacity(64 + rules.len() + size * size * 4 + self.phi.len() * 12);
        out.extend_from_slice(MAGIC.as_bytes());
        out.extend_from_slice(rules.replace('\n', " ").as_bytes());
        out.push(b'\n');
        out.extend_from_slice(&(self.heap as u64).to_le_bytes());
        out.extend_from_slice(&(size as u64).to_le_bytes());
        for a in 0..size as u32 {
            for b in 0..size as u32 {
                out.extend_from_slice(&self.table.mul(a, b).to_le_bytes());
            }
        }
        out.extend(self.p.iter().map(|&x| u8::from(x)));
        for &x in &self.phi[..=self.heap] {
            out.extend_from_slice(&x.to_le_bytes());
        }
        for &o in &self.orders[..=self.heap] {
            out.extend_from_slice(&(o as u64).to_le_bytes());
        }
        out
    }
}

impl Checkpoint {
    /// The heap the saved run had reached.
    pub fn heap(&self) -> usize {
        self.heap
    }

    /// Reads the bytes of a checkpoint saved for `rules`. Bytes that are
    /// not such a checkpoint, or one of other rules, are bad input.
    pub fn from_bytes(bytes: &[u8], rules: &str) -> Result<Checkpoint> {
        let bad = |why: &str| Error::Parse {
            column: 1,
            message: format!("not a checkpoint of a misère quotient of {rules}: {why}"),
        };
        let rest = bytes
            .strip_prefix(MAGIC.as_bytes())
            .ok_or_else(|| bad("it does not start with the line of one"))?;
        let end = (rest.iter().position(|&b| b == b'\n')).ok_or_else(|| bad("no rules line"))?;
        let saved = String::from_utf8_lossy(&rest[..end]);
        if saved != rules.replace('\n', " ") {
            return Err(bad(&format!("it was computed for {saved}")));
        }
        let mut reader = Reader {
            bytes: &rest[end + 1..],
        };
        let short = || bad("it ends too soon");
        let heap = reader.u64().ok_or_else(short)? as usize;
        let size = reader.u64().ok_or_else(short)? as usize;
        let cells = size
            .checked_mul(size)
            .filter(|&c| c <= reader.bytes.len() / 4);
        let cells = cells.ok_or_else(short)?;
        let mut mul = Vec::with_capacity(cells);
        for _ in 0..cells {
            let x = reader.u32().ok_or_else(short)?;
            if x as usize >= size {
                return Err(bad("a product is not an element"));
            }
            mul.push(x);
        }
        let table = MultiplicationTable::from_products(size, mul)
            .ok_or_else(|| bad("its table is not of a monoid with identity 0"))?;
        let p: Vec<bool> = (0..size)
            .map(|_| reader.u8().ok_or_else(short).map(|b| b == 1))
            .collect::<Result<_>>()?;
        let count = heap
            .checked_add(1)
            .filter(|&c| c <= reader.bytes.len() / 12);
        let count = count.ok_or_else(short)?;
        let phi: Vec<u32> = (0..count)
            .map(|_| reader.u32().ok_or_else(short))
            .collect::<Result<_>>()?;
        let orders: Vec<usize> = (0..count)
            .map(|_| reader.u64().ok_or_else(short).map(|o| o as usize))
            .collect::<Result<_>>()?;
        if phi.iter().any(|&x| x as usize >= size) || !reader.bytes.is_empty() {
            return Err(bad("its heaps' elements do not fit its table"));
        }
        Ok(Checkpoint {
            heap,
            table,
            p,
            phi,
            orders,
        })
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let (head, rest) = self.bytes.split_first_chunk::<N>()?;
        self.bytes = rest;
        Some(*head)
    }

    fn u8(&mut self) -> Option<u8> {
        self.take::<1>().map(|[b]| b)
    }

    fn u32(&mut self) -> Option<u32> {
        self.take().map(u32::from_le_bytes)
    }

    fn u64(&mut self) -> Option<u64> {
        self.take().map(u64::from_le_bytes)
    }
}
