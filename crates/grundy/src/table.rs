//! Tables of computed values: what is known of each position of a ruleset
//! whose positions are one number (a nim-sequence) or two (Wythoff, Euclid,
//! two-pile scripts).
//!
//! The pattern finder ([`crate::pattern`]) and the pictures
//! ([`crate::picture`]) read these, and know nothing of games: they get
//! numbers. Whoever fills a table says, per position, either its nimber or,
//! where no nimber was computed (a position too large to search, a script
//! that only says who wins), its outcome.
//!
//! ```
//! use grundy::table::{Entry, Table};
//! use grundy::Outcome;
//!
//! // Two Nim heaps: G(a, b) = a XOR b, so (a, b) is P exactly when a = b.
//! let table = Table::new(0..=3, 0..=3, |a, b| Ok(Entry::Nimber(a ^ b))).unwrap();
//! assert_eq!(table.get(2, 3), Some(Entry::Nimber(1)));
//! assert_eq!(table.get(3, 3).unwrap().outcome(), Outcome::P);
//! assert_eq!(table.row(1), [Entry::Nimber(1), Entry::Nimber(0), Entry::Nimber(3), Entry::Nimber(2)]);
//! ```

use std::ops::RangeInclusive;

use crate::error::{Error, Result};
use crate::value::Outcome;

/// What is known of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// Its nimber (Grundy value).
    Nimber(u64),
    /// Only who wins it.
    Outcome(Outcome),
}

impl Entry {
    /// P for nimber 0, N for any other nimber.
    pub fn outcome(self) -> Outcome {
        match self {
            Entry::Nimber(g) => Outcome::from_nimber_is_zero(g == 0),
            Entry::Outcome(o) => o,
        }
    }

    /// The nimber, `None` where only the outcome is known.
    pub fn nimber(self) -> Option<u64> {
        match self {
            Entry::Nimber(g) => Some(g),
            Entry::Outcome(_) => None,
        }
    }
}

impl std::fmt::Display for Entry {
    /// The nimber, or the outcome's letter.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Entry::Nimber(g) => write!(f, "{g}"),
            Entry::Outcome(o) => write!(f, "{o}"),
        }
    }
}

/// The most positions a table may hold: tables are drawn and searched for
/// patterns whole, so one far larger than a screen is a mistake.
pub const MAX_TABLE_ENTRIES: u64 = 1 << 22;

/// The positions (a, b) with a in `rows` and b in `cols`, a row of the table
/// per a. Each holds an [`Entry`], or what else its filler knows of it
/// (the value of a partizan position, as text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table<E = Entry> {
    rows: RangeInclusive<u64>,
    cols: RangeInclusive<u64>,
    /// Row by row.
    entries: Vec<E>,
}

impl<E: Clone> Table<E> {
    /// The table with `entry(a, b)` at each position, filled row by row.
    /// An empty range or a table of more than [`MAX_TABLE_ENTRIES`] is an
    /// error; so is the first error `entry` returns.
    pub fn new(
        rows: RangeInclusive<u64>,
        cols: RangeInclusive<u64>,
        mut entry: impl FnMut(u64, u64) -> Result<E>,
    ) -> Result<Table<E>> {
        for (name, range) in [("rows", &rows), ("cols", &cols)] {
            if range.is_empty() {
                return Err(Error::Parse {
                    column: 1,
                    message: format!(
                        "the {name} {}..{} are empty: the first must not exceed the last",
                        range.start(),
                        range.end()
                    ),
                });
            }
        }
        // Counted in u128, where 0..=u64::MAX has room: a message never
        // names a saturated count.
        let count = |r: &RangeInclusive<u64>| u128::from(r.end() - r.start()) + 1;
        let (height, width) = (count(&rows), count(&cols));
        let size = match height.checked_mul(width) {
            Some(size) if size <= u128::from(MAX_TABLE_ENTRIES) => size as u64,
            _ => {
                return Err(Error::Limit(format!(
                    "a table of {height} x {width} positions; at most {MAX_TABLE_ENTRIES}"
                )))
            }
        };
        let mut entries = Vec::with_capacity(size as usize);
        for a in rows.clone() {
            for b in cols.clone() {
                entries.push(entry(a, b)?);
            }
        }
        Ok(Table {
            rows,
            cols,
            entries,
        })
    }

    /// The values of the first number `a` of the positions the table holds,
    /// a row each.
    pub fn rows(&self) -> RangeInclusive<u64> {
        self.rows.clone()
    }

    /// The values of the second number `b` of the positions the table
    /// holds, a column each.
    pub fn cols(&self) -> RangeInclusive<u64> {
        self.cols.clone()
    }

    /// How many columns a row has.
    pub fn width(&self) -> usize {
        (self.cols.end() - self.cols.start() + 1) as usize
    }

    /// The entry of position (a, b), if the table holds it.
    pub fn get(&self, a: u64, b: u64) -> Option<E> {
        if !self.rows.contains(&a) || !self.cols.contains(&b) {
            return None;
        }
        let (i, j) = (a - self.rows.start(), b - self.cols.start());
        Some(self.entries[i as usize * self.width() + j as usize].clone())
    }

    /// Every position with its entry, row by row: the reading order.
    pub fn iter(&self) -> impl Iterator<Item = (u64, u64, E)> + '_ {
        let (first_row, first_col, width) = (*self.rows.start(), *self.cols.start(), self.width());
        self.entries.iter().enumerate().map(move |(i, e)| {
            (
                first_row + (i / width) as u64,
                first_col + (i % width) as u64,
                e.clone(),
            )
        })
    }

    /// One row's entries, left to right.
    pub fn row(&self, a: u64) -> &[E] {
        let i = (a - self.rows.start()) as usize * self.width();
        &self.entries[i..i + self.width()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_read_row_by_row() {
        let t = Table::new(2..=3, 5..=7, |a, b| Ok(Entry::Nimber(a * 10 + b))).unwrap();
        assert_eq!(t.width(), 3);
        assert_eq!(t.get(3, 6), Some(Entry::Nimber(36)));
        assert_eq!(t.get(1, 6), None);
        let order: Vec<(u64, u64)> = t.iter().map(|(a, b, _)| (a, b)).collect();
        assert_eq!(order, [(2, 5), (2, 6), (2, 7), (3, 5), (3, 6), (3, 7)]);
        assert_eq!(
            t.row(3),
            [Entry::Nimber(35), Entry::Nimber(36), Entry::Nimber(37)]
        );
    }

    #[test]
    fn empty_and_huge_tables_are_errors() {
        let zero = |_, _| Ok(Entry::Nimber(0));
        let (first, last) = (5, 4);
        assert!(matches!(
            Table::new(first..=last, 0..=3, zero),
            Err(Error::Parse { .. })
        ));
        assert!(matches!(
            Table::new(0..=u64::MAX, 0..=u64::MAX, zero),
            Err(Error::Limit(_))
        ));
    }

    /// The count a limit names is exact, never saturated at u64::MAX.
    #[test]
    fn a_huge_table_is_counted_exactly() {
        let zero = |_, _| Ok(Entry::Nimber(0));
        let error = Table::new(0..=u64::MAX, 0..=u64::MAX, zero).unwrap_err();
        let all = "18446744073709551616";
        assert!(
            error
                .to_string()
                .contains(&format!("a table of {all} x {all} positions")),
            "{error}"
        );
    }
}
