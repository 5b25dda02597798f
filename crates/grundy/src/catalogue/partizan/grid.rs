//! Rectangular boards of at most 64 cells as bit masks: reading and writing
//! them (rows separated by `/`), their regions (cells joined by edges), and
//! the mirror images that keep a family's rules.

use crate::error::{Error, Result};
use crate::word::Word;

/// The most cells a board may have: one bit each in a `u64`.
pub const MAX_CELLS: usize = 64;

/// A rectangle of a board: its top row, first column and size.
#[derive(Clone, Copy, Debug)]
pub struct Box {
    top: usize,
    first: usize,
    height: usize,
    width: usize,
}

/// The lowest `n` bits.
fn low_bits(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1 << n) - 1
    }
}

/// `cells << n`, the cells a row on when `n` is the width, but empty
/// where `n` is 64: a board of one row of 64 cells has no row below, and
/// a plain shift by 64 overflows.
fn shl(cells: u64, n: u32) -> u64 {
    cells.checked_shl(n).unwrap_or(0)
}

/// `cells >> n`, the cells a row back when `n` is the width, but empty
/// where `n` is 64.
fn shr(cells: u64, n: u32) -> u64 {
    cells.checked_shr(n).unwrap_or(0)
}

/// The run of consecutive bits of `from` through the bit `seed` (nothing
/// where `seed` is not in `from`): the region of a cell on a board one
/// cell wide, where a cell's neighbours are the bits beside it. Adding
/// `seed` carries through the run above it; the run below it, through the
/// bits reversed.
fn run_through(seed: u64, from: u64) -> u64 {
    if seed & from == 0 {
        return 0;
    }
    let up = |seed: u64, from: u64| (from.wrapping_add(seed) ^ from) & from;
    up(seed, from) | up(seed.reverse_bits(), from.reverse_bits()).reverse_bits()
}

/// An 8 x 8 board held a row a byte (cell (r, c) at bit 8r + c), turned
/// about its diagonal: cell (r, c) goes to (c, r) (three exchanges of
/// blocks of bits, of 1, 2 and 4 cells).
pub fn transpose_bytes(x: u64) -> u64 {
    let t = (x ^ (x >> 7)) & 0x00aa_00aa_00aa_00aa;
    let x = x ^ t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_cccc_0000_cccc;
    let x = x ^ t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_f0f0_f0f0;
    x ^ t ^ (t << 28)
}

/// The least of the four reflections of an `h` × `w` board held a row a
/// byte (cell (r, c) at bit 8r + c, `h` and `w` at most 8), each held the
/// same way: rows in the other order, columns in the other order (the
/// bits of each byte reversed, then moved down to the first column), and
/// both.
pub fn least_in_bytes(x: u64, h: u32, w: u32) -> u64 {
    let upside_down = |x: u64| x.swap_bytes() >> (8 * (8 - h));
    let mirrored = |x: u64| x.reverse_bits().swap_bytes() >> (8 - w);
    x.min(upside_down(x))
        .min(mirrored(x))
        .min(upside_down(mirrored(x)))
}

/// The regions of a board's cells, as masks, each found when asked for:
/// the region of the lowest cell not yet in one.
pub struct Masks<'a> {
    board: &'a Grid,
    left: u64,
    corners: bool,
}

impl Iterator for Masks<'_> {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        if self.left == 0 {
            return None;
        }
        let seed = self.left & self.left.wrapping_neg();
        let region = self.board.grow(seed, self.left, self.corners);
        self.left &= !region;
        Some(region)
    }
}

/// A set of cells of a `width` × `height` board; cell (row, column) is bit
/// `row * width + column`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    pub height: u8,
    pub width: u8,
    pub cells: u64,
}

impl Grid {
    fn bit(&self, row: usize, column: usize) -> u64 {
        1 << (row * self.width as usize + column)
    }

    pub fn has(&self, row: usize, column: usize) -> bool {
        self.cells & self.bit(row, column) != 0
    }

    /// Every cell of the board.
    fn full(&self) -> u64 {
        low_bits(self.width as usize * self.height as usize)
    }

    /// The cells of column 0 (`first`) or of the last column.
    fn column_mask(&self, first: bool) -> u64 {
        let column = if first { 0 } else { self.width as usize - 1 };
        (0..self.height as usize).fold(0, |m, r| m | self.bit(r, column))
    }

    /// Cells with the cell below them also in `cells`, and cells with the
    /// cell to their right also in it: where a vertical or a horizontal
    /// domino fits.
    pub fn vertical_pairs(&self) -> u64 {
        self.cells & shr(self.cells, u32::from(self.width))
    }

    pub fn horizontal_pairs(&self) -> u64 {
        self.cells & (self.cells >> 1) & !self.column_mask(false)
    }

    /// The runs of the board's cells: the cells side by side in a row (or
    /// one above the other in a column, `vertical`) with no gap, as many
    /// as there are, each as a mask.
    pub fn runs(&self, vertical: bool) -> Vec<u64> {
        let (h, w) = (self.height as usize, self.width as usize);
        let (lines, along) = if vertical { (w, h) } else { (h, w) };
        let mut runs = Vec::new();
        for line in 0..lines {
            let mut run = 0;
            for at in 0..along {
                let (row, column) = if vertical { (at, line) } else { (line, at) };
                match self.has(row, column) {
                    true => run |= self.bit(row, column),
                    false if run != 0 => runs.push(std::mem::take(&mut run)),
                    false => {}
                }
            }
            if run != 0 {
                runs.push(run);
            }
        }
        runs
    }

    /// Every pair (i, j) of a cell i of `from` and a cell j of `to` next
    /// to it by an edge.
    pub fn adjacent_pairs(&self, from: u64, to: u64) -> Vec<(u32, u32)> {
        let w = u32::from(self.width);
        let (not_first, not_last) = (!self.column_mask(true), !self.column_mask(false));
        let mut pairs = Vec::new();
        // Cells of `from` with a cell of `to` below, above, right, left,
        // and the step to it.
        for (cells, step) in [
            (from & shr(to, w), w as i64),
            (from & shl(to, w), -(w as i64)),
            (from & (to >> 1) & not_last, 1),
            (from & (to << 1) & not_first, -1),
        ] {
            let mut bits = cells;
            while bits != 0 {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                pairs.push((i, (i64::from(i) + step) as u32));
            }
        }
        pairs
    }

    /// The cells next to a cell of `cells` by an edge, on the board.
    pub fn neighbours(&self, cells: u64) -> u64 {
        let (not_first, not_last) = (!self.column_mask(true), !self.column_mask(false));
        let w = u32::from(self.width);
        let beside = ((cells << 1) & not_first) | ((cells >> 1) & not_last);
        (beside | shl(cells, w) | shr(cells, w)) & self.full()
    }

    /// The cells of `cells` joined to `seed` by edges through cells of
    /// `cells`: a group of stones.
    pub fn group(&self, seed: u64, cells: u64) -> u64 {
        self.grow(seed, cells, false)
    }

    /// The cells of `from` joined to cells of `seed` by edges, or also by
    /// corners where `corners` (as a king steps).
    fn grow(&self, seed: u64, from: u64, corners: bool) -> u64 {
        if (self.height == 1 || self.width == 1) && seed.is_power_of_two() {
            return run_through(seed, from);
        }
        let (not_first, not_last) = (!self.column_mask(true), !self.column_mask(false));
        let w = self.width as u32;
        let mut region = seed & from;
        loop {
            // The row itself and, by corners, the cells beside it first.
            let wide = match corners {
                true => region | ((region << 1) & not_first) | ((region >> 1) & not_last),
                false => region,
            };
            let next = (region
                | ((region << 1) & not_first)
                | ((region >> 1) & not_last)
                | shl(wide, w)
                | shr(wide, w))
                & from;
            if next == region {
                return region;
            }
            region = next;
        }
    }

    /// The regions of the cells, each cut to its bounding box.
    #[cfg(test)]
    pub fn regions(&self) -> Vec<Grid> {
        self.region_masks()
            .map(|region| self.cropped(region))
            .collect()
    }

    /// The board's image `k` (0 to 7), made cell by cell: transposed
    /// where bit 2 of `k` is set, then mirrored left to right (bit 0) and
    /// turned upside down (bit 1). Tests check the quick images by it.
    #[cfg(test)]
    pub fn image_by_cells(&self, k: usize) -> Grid {
        let (h, w) = (self.height as usize, self.width as usize);
        let (th, tw) = if k & 4 != 0 { (w, h) } else { (h, w) };
        let mut cells = 0;
        for r in 0..h {
            for c in 0..w {
                if self.has(r, c) {
                    let (mut r2, mut c2) = if k & 4 != 0 { (c, r) } else { (r, c) };
                    if k & 1 != 0 {
                        c2 = tw - 1 - c2;
                    }
                    if k & 2 != 0 {
                        r2 = th - 1 - r2;
                    }
                    cells |= 1 << (r2 * tw + c2);
                }
            }
        }
        Grid {
            height: th as u8,
            width: tw as u8,
            cells,
        }
    }

    /// The regions of the cells, as masks of this board, found as they are
    /// asked for (a search splits every option it lists: no vector each).
    pub fn region_masks(&self) -> Masks<'_> {
        self.masks(false)
    }

    /// The regions of the cells joined by edges or corners (a queen's
    /// steps), as masks of this board.
    pub fn king_region_masks(&self) -> Masks<'_> {
        self.masks(true)
    }

    fn masks(&self, corners: bool) -> Masks<'_> {
        Masks {
            board: self,
            left: self.cells,
            corners,
        }
    }

    /// The cells of one row, as the low bits.
    fn row(&self, cells: u64, r: usize) -> u64 {
        let w = self.width as usize;
        (cells >> (r * w)) & low_bits(w)
    }

    /// The smallest box holding `cells` (not empty).
    pub fn bounding_box(&self, cells: u64) -> Box {
        let w = self.width as usize;
        let (top, bottom) = (
            cells.trailing_zeros() as usize / w,
            (63 - cells.leading_zeros() as usize) / w,
        );
        let columns = (top..=bottom).fold(0, |m, r| m | self.row(cells, r));
        let first = columns.trailing_zeros() as usize;
        let width = 64 - columns.leading_zeros() as usize - first;
        Box {
            top,
            first,
            height: bottom + 1 - top,
            width,
        }
    }

    /// The cells of `cells` inside `b`, on a board of `b`'s size.
    pub fn in_box(&self, cells: u64, b: Box) -> Grid {
        let mut out = 0;
        for r in b.top..b.top + b.height {
            out |= ((self.row(cells, r) >> b.first) & low_bits(b.width)) << ((r - b.top) * b.width);
        }
        Grid {
            height: b.height as u8,
            width: b.width as u8,
            cells: out,
        }
    }

    /// The cells of `cells` on the smallest board that holds them.
    pub fn cropped(&self, cells: u64) -> Grid {
        self.in_box(cells, self.bounding_box(cells))
    }

    /// The board turned left to right, top to bottom, and both.
    pub fn reflections(&self) -> [Grid; 4] {
        let (h, w) = (self.height as usize, self.width as usize);
        let n = h * w;
        // Turning half round reverses the order of the cells.
        let turned = |cells: u64| cells.reverse_bits() >> (64 - n);
        let mut upside_down = 0;
        for r in 0..h {
            upside_down |= self.row(self.cells, r) << ((h - 1 - r) * w);
        }
        let with = |cells| Grid { cells, ..*self };
        [
            *self,
            with(turned(upside_down)),
            with(upside_down),
            with(turned(self.cells)),
        ]
    }

    /// The board's images by the eight turns and reflections of a
    /// rectangle that have the fewest rows, and how many: the least image
    /// is one of them, as [`Grid`] orders boards by their rows first. The
    /// order of the images depends on the board's size alone, so that the
    /// images of boards of one size (a position's stones of each colour)
    /// are paired by their index. A board of one row has two: itself and
    /// its mirror image.
    pub fn images_with_fewest_rows(&self) -> ([Grid; 8], usize) {
        let mut images = [*self; 8];
        let (h, w) = (self.height, self.width);
        if h.min(w) == 1 {
            // One row: itself and its mirror image (turned upside down, it
            // is itself).
            let row = if h == 1 { *self } else { self.transposed() };
            let n = u32::from(h) * u32::from(w);
            images[0] = row;
            images[1] = Grid {
                cells: shr(row.cells.reverse_bits(), 64 - n),
                ..row
            };
            return (images, 2);
        }
        let (orientations, kept) = match h.cmp(&w) {
            std::cmp::Ordering::Less => ([*self; 2], 1),
            std::cmp::Ordering::Greater => ([self.transposed(); 2], 1),
            std::cmp::Ordering::Equal => ([*self, self.transposed()], 2),
        };
        let mut count = 0;
        for board in &orientations[..kept] {
            for image in board.reflections() {
                images[count] = image;
                count += 1;
            }
        }
        (images, count)
    }

    /// The least of the board's four reflections, or of its transpose's
    /// where `transposed` (by [`Grid`]'s order, as of
    /// [`Grid::reflections`]). A board of at most 8 rows and 8 columns is
    /// held one row a byte for this, where each image is a few operations
    /// on one word: a search keys every region of every option it lists.
    pub fn least_reflection(&self, transposed: bool) -> Grid {
        let (mut h, mut w) = (u32::from(self.height), u32::from(self.width));
        if h > 8 || w > 8 {
            let board = if transposed { self.transposed() } else { *self };
            let [a, b, c, d] = board.reflections();
            return a.min(b).min(c).min(d);
        }
        let mut x = 0;
        for r in 0..h as usize {
            x |= self.row(self.cells, r) << (8 * r);
        }
        if transposed {
            x = transpose_bytes(x);
            (h, w) = (w, h);
        }
        // Boards of one size are ordered by their last row first, then by
        // their last column: held a row a byte, they compare the same way.
        let least = least_in_bytes(x, h, w);
        let mut cells = 0;
        for r in 0..h as usize {
            cells |= ((least >> (8 * r)) & 0xff) << (r * w as usize);
        }
        Grid {
            height: h as u8,
            width: w as u8,
            cells,
        }
    }

    /// Rows become columns.
    pub fn transposed(&self) -> Grid {
        let (h, w) = (self.height as usize, self.width as usize);
        if h == 1 || w == 1 {
            // A row's cells are numbered as the column's.
            return Grid {
                height: w as u8,
                width: h as u8,
                cells: self.cells,
            };
        }
        let mut out = 0;
        for r in 0..h {
            let mut row = self.row(self.cells, r);
            while row != 0 {
                let c = row.trailing_zeros() as usize;
                row &= row - 1;
                out |= 1 << (c * h + r);
            }
        }
        Grid {
            height: w as u8,
            width: h as u8,
            cells: out,
        }
    }

    /// The board without the cells in `cells`.
    pub fn without(&self, cells: u64) -> Grid {
        Grid {
            cells: self.cells & !cells,
            ..*self
        }
    }

    /// Reads `..#/.../...` (rows separated by `/`, `.` a cell of the set,
    /// `#` a cell outside it), or `RxC` for a full board of R rows and C
    /// columns.
    pub fn parse(word: &Word) -> Result<Grid> {
        let text = &word.text;
        if let Some((rows, columns)) = text.split_once(['x', 'X']) {
            if let (Ok(rows), Ok(columns)) = (rows.parse::<usize>(), columns.parse::<usize>()) {
                let grid = Grid::sized(word, rows, columns)?;
                return Ok(Grid {
                    cells: grid.full(),
                    ..grid
                });
            }
        }
        let [grid] = Grid::marked(word, ['.'], |other, column| {
            (other != '#').then(|| Error::Parse {
                column,
                message: format!(
                    "'{other}' is not a cell: '.' is an empty cell, '#' a blocked one, \
                     '/' ends a row"
                ),
            })
        })?;
        Ok(grid)
    }

    /// The cells holding each of `marks`, on boards of one size, read in
    /// one pass (rows separated by `/`, each as long as the first); a
    /// character of no mark is an error where `other` of it and its column
    /// says so.
    fn marked<const N: usize>(
        word: &Word,
        marks: [char; N],
        other: impl Fn(char, usize) -> Option<Error>,
    ) -> Result<[Grid; N]> {
        let rows: Vec<&str> = word.text.split('/').collect();
        let width = rows[0].chars().count();
        let (mut column, mut i, mut cells) = (word.column, 0u32, [0u64; N]);
        for (r, row) in rows.iter().enumerate() {
            let count = row.chars().count();
            if count != width {
                return Err(Error::Parse {
                    column,
                    message: format!(
                        "row {} has {count} cells where the first has {width}: a board is a \
                         rectangle",
                        r + 1
                    ),
                });
            }
            for c in row.chars() {
                match marks.iter().position(|&m| m == c) {
                    Some(k) => cells[k] |= 1u64.checked_shl(i).unwrap_or(0),
                    None => {
                        if let Some(error) = other(c, column) {
                            return Err(error);
                        }
                    }
                }
                i += 1;
                column += 1;
            }
            column += 1;
        }
        let grid = Grid::sized(word, rows.len(), width)?;
        Ok(cells.map(|cells| Grid { cells, ..grid }))
    }

    /// An empty board of this size, if it has between 1 and 64 cells.
    fn sized(word: &Word, height: usize, width: usize) -> Result<Grid> {
        if height == 0 || width == 0 {
            return Err(word.error("a board has at least one row and one column"));
        }
        if height.saturating_mul(width) > MAX_CELLS {
            return Err(Error::Limit(format!(
                "the board at column {} has {} cells: at most {MAX_CELLS} are played",
                word.column,
                height.saturating_mul(width)
            )));
        }
        Ok(Grid {
            height: height as u8,
            width: width as u8,
            cells: 0,
        })
    }

    /// Reads a board of marked cells, rows separated by `/`: for each of
    /// `marks` (`['x', 'o', '.']`), the cells holding it, on boards of one
    /// size; a cell of none is off the board, written `#` where `blocked`.
    /// Any other character is an error at its column, saying `how` a board
    /// is written; a row of another length, an error at that row.
    pub fn parse_marked<const N: usize>(
        word: &Word,
        marks: [char; N],
        blocked: bool,
        how: &str,
    ) -> Result<[Grid; N]> {
        let known = |c: char| c == '/' || (blocked && c == '#') || marks.contains(&c);
        if let Some(at) = word.text.chars().position(|c| !known(c)) {
            return Err(Error::Parse {
                column: word.column + at,
                message: how.into(),
            });
        }
        Grid::marked(word, marks, |_, _| None)
    }

    /// A board of marked cells as [`Grid::parse_marked`] reads it: each
    /// cell the mark of the first of `grids` holding it, `other` where
    /// none does.
    pub fn show_marked<const N: usize>(grids: [Grid; N], marks: [char; N], other: char) -> String {
        let Some(first) = grids.first() else {
            return String::new();
        };
        let rows: Vec<String> = (0..first.height as usize)
            .map(|r| {
                (0..first.width as usize)
                    .map(|c| {
                        let holder = grids.iter().position(|g| g.has(r, c));
                        holder.map_or(other, |i| marks[i])
                    })
                    .collect()
            })
            .collect();
        rows.join("/")
    }

    /// The board as `parse` reads it.
    pub fn show(&self) -> String {
        let rows: Vec<String> = (0..self.height as usize)
            .map(|r| {
                (0..self.width as usize)
                    .map(|c| if self.has(r, c) { '.' } else { '#' })
                    .collect()
            })
            .collect();
        rows.join("/")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> Grid {
        Grid::parse(&Word::new(text)).unwrap()
    }

    #[test]
    fn reads_writes_and_splits_boards() {
        let g = grid("..#/#../...");
        assert_eq!(g.show(), "..#/#../...");
        assert_eq!((g.height, g.width), (3, 3));
        assert_eq!(grid("2x3").show(), ".../...");
        // Two regions: the top-left pair, and the rest in its own box.
        let board = grid("..#./##../....");
        let regions: Vec<String> = board.regions().iter().map(Grid::show).collect();
        assert_eq!(regions, ["..", "###./##../...."]);
        // Joined by a corner: one region as a king steps, two by edges.
        let corner = grid(".#/#.");
        assert_eq!(corner.region_masks().count(), 2);
        assert_eq!(corner.king_region_masks().collect::<Vec<_>>(), [0b1001]);
        assert_eq!(grid(".#./#.#/.#.").king_region_masks().count(), 1);
        assert_eq!(grid("..#./####/#..#").king_region_masks().count(), 3);
        assert_eq!(grid(".#/..").transposed().show(), "../#.");
        let turned: Vec<String> = grid(".##/#../...")
            .reflections()
            .iter()
            .map(Grid::show)
            .collect();
        assert_eq!(
            turned,
            [".##/#../...", "##./..#/...", ".../#../.##", ".../..#/##."]
        );
        assert_eq!(grid("..#/#../...").transposed().show(), ".#./.../#..");
    }

    /// The least reflection, read a row a byte, is the least of the four
    /// images `reflections` gives, of the board or of its transpose, on
    /// boards of every size up to 8 x 8 and past it (a plain search).
    #[test]
    fn the_least_reflection_is_the_least_of_the_four() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for h in 1..=10u8 {
            for w in 1..=10u8 {
                if usize::from(h) * usize::from(w) > MAX_CELLS {
                    continue;
                }
                for _ in 0..50 {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let full = low_bits(usize::from(h) * usize::from(w));
                    let board = Grid {
                        height: h,
                        width: w,
                        cells: seed & full,
                    };
                    let least = |g: Grid| g.reflections().into_iter().min().unwrap();
                    assert_eq!(
                        board.least_reflection(false),
                        least(board),
                        "{}",
                        board.show()
                    );
                    let turned = least(board.transposed());
                    assert_eq!(board.least_reflection(true), turned, "{}", board.show());
                }
            }
        }
    }

    /// Random boards of every size up to 64 cells, `count` of each.
    fn random_boards(count: usize) -> Vec<Grid> {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut boards = Vec::new();
        for h in 1..=64u8 {
            for w in 1..=64u8 {
                if usize::from(h) * usize::from(w) > MAX_CELLS {
                    continue;
                }
                for _ in 0..count {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    // Sparse and dense sets both.
                    let cells = match seed % 3 {
                        0 => seed & (seed >> 11),
                        1 => seed | (seed >> 5),
                        _ => seed,
                    };
                    boards.push(Grid {
                        height: h,
                        width: w,
                        cells: cells & low_bits(usize::from(h) * usize::from(w)),
                    });
                }
            }
        }
        boards
    }

    /// The images with the fewest rows are images of the board, have the
    /// fewest rows, hold the least of all eight (made cell by cell), and
    /// are paired by index across boards of one size: the images of a
    /// union are the unions of the images.
    #[test]
    fn the_least_image_is_among_those_with_the_fewest_rows() {
        for board in random_boards(6) {
            let all: Vec<Grid> = (0..8).map(|k| board.image_by_cells(k)).collect();
            let (images, count) = board.images_with_fewest_rows();
            let rows = board.height.min(board.width);
            for image in &images[..count] {
                assert!(all.contains(image), "{}", board.show());
                assert_eq!(image.height, rows, "{}", board.show());
            }
            let least = images[..count].iter().min();
            assert_eq!(least, all.iter().min(), "{}", board.show());
            let (odd, even) = (
                board.cells & 0xaaaa_aaaa_aaaa_aaaa,
                board.cells & 0x5555_5555_5555_5555,
            );
            let (odd, _) = Grid {
                cells: odd,
                ..board
            }
            .images_with_fewest_rows();
            let (even, _) = Grid {
                cells: even,
                ..board
            }
            .images_with_fewest_rows();
            for i in 0..count {
                assert_eq!(
                    odd[i].cells | even[i].cells,
                    images[i].cells,
                    "{}",
                    board.show()
                );
            }
        }
    }

    /// On boards one cell wide, a group (the run through its seed) and
    /// the transpose, which have quick paths there, agree with a plain
    /// flood fill and with the transpose made cell by cell.
    #[test]
    fn strips_have_runs_for_groups() {
        for board in random_boards(20) {
            assert_eq!(
                board.transposed(),
                board.image_by_cells(4),
                "{}",
                board.show()
            );
            if board.height != 1 && board.width != 1 {
                continue;
            }
            let n = usize::from(board.height) * usize::from(board.width);
            for i in 0..n {
                let mut group = (1u64 << i) & board.cells;
                let mut last = 0;
                while group != last {
                    last = group;
                    for j in 0..n {
                        let beside = (j > 0 && group >> (j - 1) & 1 == 1)
                            || (j + 1 < n && group >> (j + 1) & 1 == 1);
                        if beside && board.cells >> j & 1 == 1 {
                            group |= 1 << j;
                        }
                    }
                }
                assert_eq!(
                    board.group(1 << i, board.cells),
                    group,
                    "{} at {i}",
                    board.show()
                );
                let regions: Vec<u64> = board.region_masks().collect();
                assert!(group == 0 || regions.contains(&group), "{}", board.show());
            }
        }
    }

    /// A row of 64 cells, and a column: no cell has one below it in the
    /// row (a shift by the width, 64, would overflow), every cell one
    /// beside it; the column the other way round.
    #[test]
    fn a_row_of_64_cells_has_no_row_below() {
        let row = grid("1x64");
        assert_eq!(row.vertical_pairs(), 0);
        assert_eq!(row.horizontal_pairs(), u64::MAX >> 1);
        assert_eq!(row.neighbours(1), 0b10);
        assert_eq!(row.adjacent_pairs(1, u64::MAX).len(), 1);
        assert_eq!(row.region_masks().collect::<Vec<_>>(), [u64::MAX]);
        let column = grid("64x1");
        assert_eq!(column.vertical_pairs(), u64::MAX >> 1);
        assert_eq!(column.horizontal_pairs(), 0);
        assert_eq!(column.neighbours(1 << 63), 1 << 62);
    }

    /// A cell's neighbours by edges stay on the board, and a group is the
    /// cells joined to its seed through the set.
    #[test]
    fn neighbours_and_groups() {
        let board = grid("3x3");
        assert_eq!(board.neighbours(1 << 4), 0b010_101_010);
        assert_eq!(board.neighbours(1 << 2), 0b000_100_010);
        let set = 0b100_100_011;
        assert_eq!(board.group(1, set), 0b000_000_011);
        assert_eq!(board.group(1 << 5, set), 0b100_100_000);
    }

    /// A board of marked cells read as one grid a mark, and written back.
    #[test]
    fn marked_boards() {
        let word = Word {
            text: "xo./#.x".into(),
            column: 3,
        };
        let [x, o, empty] = Grid::parse_marked(&word, ['x', 'o', '.'], true, "how").unwrap();
        assert_eq!(
            (x.cells, o.cells, empty.cells),
            (0b100_001, 0b10, 0b010_100)
        );
        assert_eq!(
            Grid::show_marked([x, o, empty], ['x', 'o', '.'], '#'),
            "xo./#.x"
        );
        assert_eq!(Grid::show_marked([x, o], ['x', 'o'], '.'), "xo./..x");
        let error = |text: &str, blocked| {
            let word = Word {
                text: text.into(),
                column: 3,
            };
            match Grid::parse_marked(&word, ['x', 'o', '.'], blocked, "how") {
                Err(Error::Parse { column, message }) => (column, message),
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(error("xo#", false), (5, "how".into()));
        assert_eq!(error("xq", true), (4, "how".into()));
        assert_eq!(error("xo/x", true).0, 6);
    }

    #[test]
    fn bad_boards_name_the_column() {
        let column = |text: &str| match Grid::parse(&Word {
            text: text.into(),
            column: 5,
        }) {
            Err(Error::Parse { column, .. }) => column,
            other => panic!("{other:?}"),
        };
        assert_eq!(column("../."), 8);
        assert_eq!(column("..x"), 7);
        assert!(matches!(
            Grid::parse(&Word::new("9x9")),
            Err(Error::Limit(_))
        ));
    }
}
