//! The nimber of a Cram board by a search of the board as a word of bits:
//! the variant's general search (`crate::short::impartial`) lists every
//! option as a vector of keyed parts, each an allocation, which boards of
//! 40 cells and more, with tens of millions of regions, cannot afford.
//!
//! - A board's nimber is the XOR of its regions' (cells joined by edges),
//!   a region's the mex of its options' (Sprague-Grundy), each option the
//!   regions a domino leaves.
//! - Without the table: a region without a domino is 0, a run of cells (a
//!   region joined along one direction alone) Dawson's Kayles, three
//!   cells in an L 1 (each move leaves no domino); a region the half turn
//!   maps onto itself with no domino onto its own image is 0
//!   (Domineering's `variant_nimber`, the symmetry strategy).
//! - Every other region is remembered under the least of its mirror
//!   images and transposes, cut to its bounding box (see `Board::key`;
//!   the board is held at most as tall as wide), in a table of a fixed
//!   number of buckets of four slots taken within the memory budget and
//!   kept from one question to the next (the nimbers of Cram's regions
//!   never change): a new region takes the slot of its bucket's that took
//!   least work. A region forgotten is searched again when met again, so
//!   a table too small costs time, never a wrong answer.

use crate::catalogue::partizan::domineering::Domineering;
use crate::catalogue::partizan::grid::{least_in_bytes, transpose_bytes, Grid};
use crate::error::{Error, Result};
use crate::memory;
use crate::short::ShortRules;

/// The most slots of the table: 2^28, 4 GiB.
const MOST_SLOTS: u32 = 28;

/// The fewest: 2^10, 16 KiB.
const FEWEST_SLOTS: u32 = 10;

/// Every how many regions searched the progress callback is asked whether
/// to go on.
const PROGRESS_EVERY: u64 = 1 << 12;

/// The nimbers of Dawson's Kayles (octal 0.07) with 0 to 64 pins: a run
/// of n cells, where a domino takes two neighbouring cells and leaves
/// runs of a and n - 2 - a.
const DAWSON: [u8; 65] = dawson();

const fn dawson() -> [u8; 65] {
    let mut nimbers = [0u8; 65];
    let mut n = 2;
    while n <= 64 {
        let mut seen = 0u128;
        let mut a = 0;
        while a + 2 <= n {
            seen |= 1 << (nimbers[a] ^ nimbers[n - 2 - a]);
            a += 1;
        }
        nimbers[n] = (!seen).trailing_zeros() as u8;
        n += 1;
    }
    nimbers
}

/// A slot of the table: a region's [`Key`] (the second word 0 where the
/// slot is free; its bits 16 up are not the key's), its nimber in bits
/// 16-23 and from bit 24 the base-2 logarithm of the regions searched to
/// find it. Two words, so that the table is taken zeroed and the system
/// gives it page by page as slots are written.
type Slot = [u64; 2];

/// Four slots a region may take, side by side (64 bytes, a line of the
/// processor's cache): a region looked up reads one bucket.
type Bucket = [Slot; 4];

/// The nimbers of Cram's regions found so far, and the search that finds
/// more.
#[derive(Default)]
pub struct Nimbers {
    table: Vec<Bucket>,
}

impl Nimbers {
    /// The nimber of `board` (its empty cells); `progress` hears how many
    /// regions were searched and stops the search by answering false. The
    /// table grows, within the memory budget, for a board of more cells
    /// than any before (exit 1 naming the budget where even a small table
    /// does not fit).
    pub fn nimber(&mut self, board: &Grid, progress: &mut dyn FnMut(u64) -> bool) -> Result<u64> {
        self.nimber_within(board, MOST_SLOTS, progress)
    }

    /// The same with at most 2^`most` slots (the tests fill a small table).
    fn nimber_within(
        &mut self,
        board: &Grid,
        most: u32,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<u64> {
        self.fit(board.cells.count_ones(), most)?;
        // Held at most as tall as wide (Cram is the same game transposed),
        // so that a region is at most 8 rows tall and most boxes of a long
        // board are keyed without a transpose.
        let board = match board.height > board.width {
            true => board.transposed(),
            false => *board,
        };
        let mut search = Search {
            board: Board::of(&board),
            parts: Vec::new(),
            table: &mut self.table,
            regions: 0,
            progress,
        };
        let mut nimber = 0;
        let mut left = board.cells;
        while left != 0 {
            let region = search.board.region(left);
            left &= !region;
            nimber ^= search.nimber(region)?;
        }
        Ok(u64::from(nimber))
    }

    /// A table of 2^(cells / 2 + 6) slots, within the bounds and half the
    /// memory budget; one already as large is kept with what it holds.
    fn fit(&mut self, cells: u32, most: u32) -> Result<()> {
        let slot = size_of::<Slot>() as u64;
        let bits = memory::table_bits(cells / 2 + 6, FEWEST_SLOTS, most, slot, "table of regions")?;
        if self.table.len() < 1 << (bits - 2) {
            self.table = memory::zeroed(1 << (bits - 2));
        }
        Ok(())
    }
}

/// A board's geometry: its size and the cells not in its first column and
/// not in its last.
struct Board {
    height: u8,
    width: u8,
    not_first: u64,
    not_last: u64,
}

impl Board {
    /// The geometry of a board at most as tall as wide (so at most 8 rows
    /// of at most 64 cells: see `key`).
    fn of(board: &Grid) -> Board {
        debug_assert!(board.height <= board.width, "a board held tall");
        let (h, w) = (u32::from(board.height), u32::from(board.width));
        let full = low_bits(h * w);
        let first_column = (0..h).fold(0u64, |m, r| m | 1 << (r * w));
        Board {
            height: board.height,
            width: board.width,
            not_first: full & !first_column,
            not_last: full & !(first_column << (w.max(1) - 1)),
        }
    }

    /// The first cells of the vertical dominoes `cells` holds (the cell
    /// below each is the other), and of the horizontal ones (the cell to
    /// the right).
    fn dominoes(&self, cells: u64) -> (u64, u64) {
        let below = cells.checked_shr(u32::from(self.width)).unwrap_or(0);
        (cells & below, cells & (cells >> 1) & self.not_last)
    }

    /// The nimber of a region without the table where it is plain: 0 with
    /// no domino, Dawson's Kayles for a run of cells (a region joined by
    /// edges along one direction alone), 1 for three cells (each move
    /// leaves no domino).
    fn closed(&self, region: u64) -> Option<u8> {
        let (vertical, horizontal) = self.dominoes(region);
        if vertical == 0 || horizontal == 0 {
            return Some(DAWSON[region.count_ones() as usize]);
        }
        (region.count_ones() == 3).then_some(1)
    }

    /// The region of `cells` holding the lowest of them.
    fn region(&self, cells: u64) -> u64 {
        let w = u32::from(self.width);
        let mut region = cells & cells.wrapping_neg();
        loop {
            let next = (region
                | ((region << 1) & self.not_first)
                | ((region >> 1) & self.not_last)
                | region.checked_shl(w).unwrap_or(0)
                | region.checked_shr(w).unwrap_or(0))
                & cells;
            if next == region {
                return region;
            }
            region = next;
        }
    }

    /// The region's key, two words: its least image among its four
    /// reflections and its transpose's (Cram is the same game transposed),
    /// cut to its bounding box. The board is at most as tall as wide, so a
    /// box is at most 8 rows tall. A box of at most 8 columns is held a row
    /// a byte, where each image is a few operations on one word, and marked
    /// [`IN_BYTES`] (its size follows from the image: the box is its
    /// least). A wider one is held a row of its width after another, with
    /// its height and width; its transposes, more than 8 rows tall, are
    /// never met, so its key is the least of its reflections alone.
    fn key(&self, region: u64) -> Key {
        let w = u32::from(self.width);
        let top = region.trailing_zeros() / w;
        let rows = (63 - region.leading_zeros()) / w + 1 - top;
        let cells = region >> (top * w);
        let row = low_bits(w);
        let columns = (0..rows).fold(0, |m, r| m | (cells >> (r * w)) & row);
        let first = columns.trailing_zeros();
        let width = 64 - columns.leading_zeros() - first;
        let row = low_bits(width);
        let line = |r: u32| (cells >> (r * w + first)) & row;
        if width <= 8 {
            let x = (0..rows).fold(0, |x, r| x | line(r) << (8 * r));
            let least =
                least_in_bytes(x, rows, width).min(least_in_bytes(transpose_bytes(x), width, rows));
            return [least, IN_BYTES];
        }
        // The box, and the box upside down; each turned half round is the
        // other mirrored left to right.
        let (mut x, mut flipped) = (0, 0);
        for r in 0..rows {
            x |= line(r) << (r * width);
            flipped |= line(r) << ((rows - 1 - r) * width);
        }
        let turned = |x: u64| x.reverse_bits() >> (64 - rows * width);
        let least = x.min(flipped).min(turned(x)).min(turned(flipped));
        [least, u64::from(rows) | u64::from(width) << 8]
    }

    /// The region on its bounding box.
    fn cut(&self, region: u64) -> Grid {
        let board = Grid {
            height: self.height,
            width: self.width,
            cells: region,
        };
        board.cropped(region)
    }
}

/// The lowest `n` bits.
fn low_bits(n: u32) -> u64 {
    match n {
        64.. => u64::MAX,
        n => (1 << n) - 1,
    }
}

/// A region's key: its least image's cells, and its size (height in bits
/// 0-7, width in bits 8-15) or [`IN_BYTES`].
type Key = [u64; 2];

/// The size word of a key held a row a byte.
const IN_BYTES: u64 = 1 << 15;

/// A region of an option, with its key and the option's place in the
/// list.
#[derive(Clone, Copy)]
struct Part {
    cells: u64,
    key: Key,
    option: u8,
}

struct Search<'a> {
    board: Board,
    /// The options' regions listed and not yet looked up, of every region
    /// being searched, the deepest last.
    parts: Vec<Part>,
    table: &'a mut [Bucket],
    /// Regions searched.
    regions: u64,
    progress: &'a mut dyn FnMut(u64) -> bool,
}

impl Search<'_> {
    fn bucket(&self, &[cells, size]: &Key) -> usize {
        let mixed = (cells ^ size.rotate_right(20)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (mixed >> 32) as usize & (self.table.len() - 1)
    }

    /// Asks memory for the bucket of `key` ahead of its lookup.
    fn prefetch(&self, key: &Key) {
        let bucket = &self.table[self.bucket(key)];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch reads nothing and the address is a bucket's.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(bucket.as_ptr().cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = bucket;
    }

    fn find(&self, key: &Key) -> Option<u8> {
        let [cells, size] = *key;
        let bucket = &self.table[self.bucket(key)];
        (bucket.iter())
            .find(|slot| slot[0] == cells && slot[1] & 0xffff == size)
            .map(|slot| (slot[1] >> 16) as u8)
    }

    /// Remembers the key's nimber, found in `work` regions searched, in the
    /// slot of its bucket's that took least work.
    fn remember(&mut self, key: &Key, nimber: u8, work: u64) {
        let [cells, size] = *key;
        let at = self.bucket(key);
        let least = (self.table[at].iter_mut())
            .min_by_key(|slot| match slot[1] & 0xffff {
                0 => 0,
                _ => 1 + (slot[1] >> 24),
            })
            .expect("a bucket has slots");
        let work = u64::from(64 - work.leading_zeros());
        *least = [cells, size | u64::from(nimber) << 16 | work << 24];
    }

    /// The nimber of one region.
    fn nimber(&mut self, region: u64) -> Result<u8> {
        if let Some(nimber) = self.board.closed(region) {
            return Ok(nimber);
        }
        let key = self.board.key(region);
        match self.find(&key) {
            Some(nimber) => Ok(nimber),
            None => self.search(region, &key),
        }
    }

    /// The nimber of a region not in the table, found from its options'
    /// and remembered. The options are listed first, the table's bucket of
    /// each of their regions asked of memory as it is listed, and looked
    /// up after: the reads of memory, each a miss of every cache, overlap.
    fn search(&mut self, region: u64, key: &Key) -> Result<u8> {
        if Domineering.variant_nimber(&self.board.cut(region)) == Some(0) {
            self.remember(key, 0, 0);
            return Ok(0);
        }
        self.regions += 1;
        if self.regions % PROGRESS_EVERY == 0 && !(self.progress)(self.regions) {
            return Err(Error::Limit(format!(
                "interrupted after searching {} regions of the board",
                self.regions
            )));
        }
        let before = self.regions;
        let (vertical, horizontal) = self.board.dominoes(region);
        let w = u32::from(self.board.width);
        // Each option's nimber, the XOR of its regions': at most one option
        // a domino, fewer than 128.
        let mut options = [0u8; 128];
        let mut count = 0;
        let base = self.parts.len();
        for (mut firsts, step) in [(vertical, w), (horizontal, 1)] {
            while firsts != 0 {
                let first = firsts & firsts.wrapping_neg();
                firsts &= firsts - 1;
                let mut left = region & !(first | first << step);
                while left != 0 {
                    let cells = self.board.region(left);
                    left &= !cells;
                    match self.board.closed(cells) {
                        Some(nimber) => options[count] ^= nimber,
                        None => {
                            let key = self.board.key(cells);
                            self.prefetch(&key);
                            let option = count as u8;
                            self.parts.push(Part { cells, key, option });
                        }
                    }
                }
                count += 1;
            }
        }
        for at in base..self.parts.len() {
            let part = self.parts[at];
            let nimber = match self.find(&part.key) {
                Some(nimber) => nimber,
                None => self.search(part.cells, &part.key)?,
            };
            options[usize::from(part.option)] ^= nimber;
        }
        self.parts.truncate(base);
        let seen = (options[..count].iter()).fold(0u128, |seen, &n| seen | 1 << n);
        let nimber = (!seen).trailing_zeros() as u8;
        self.remember(key, nimber, self.regions - before);
        Ok(nimber)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    use crate::catalogue::impartial::cram::tests::plain_nimber;
    use crate::catalogue::partizan::outcome_tests::xorshift;

    /// Random boards of up to 25 cells, about a third of their cells
    /// blocked, against the plain search that tries every domino on the
    /// whole board (boards of 2 × 12 hold regions longer than 8 cells,
    /// keyed as a [`Grid`]); each also in a table of 2^10 slots, where
    /// regions evict each other.
    #[test]
    fn random_boards_agree_with_plain_search() {
        let (mut memo, mut large, mut small) =
            (HashMap::new(), Nimbers::default(), Nimbers::default());
        let mut random = xorshift(0x2545_f491_4f6c_dd1d);
        for (height, width) in [(4u8, 5u8), (5, 4), (5, 5), (3, 8), (2, 12), (12, 2)] {
            for _ in 0..150 {
                let n = u32::from(height) * u32::from(width);
                let mut cells = 0;
                for i in 0..n {
                    if random() % 3 != 0 {
                        cells |= 1 << i;
                    }
                }
                let board = Grid {
                    height,
                    width,
                    cells,
                };
                let expected = plain_nimber(&board, &mut memo);
                let text = board.show();
                assert_eq!(
                    large.nimber(&board, &mut |_| true).unwrap(),
                    expected,
                    "{text}"
                );
                let found = small.nimber_within(&board, FEWEST_SLOTS, &mut |_| true);
                assert_eq!(found.unwrap(), expected, "{text}");
            }
        }
    }

    /// The progress callback stops the search with exit 1's error.
    #[test]
    fn a_stopped_search_says_so() {
        let board = Grid::parse(&crate::word::Word::new("5x6")).unwrap();
        let error = Nimbers::default()
            .nimber(&board, &mut |_| false)
            .unwrap_err();
        assert!(matches!(error, Error::Limit(_)), "{error:?}");
        assert!(error.to_string().contains("interrupted"), "{error}");
    }
}
