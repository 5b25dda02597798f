//! The small regions of a family, for a database of their values: every
//! board of at most `n` cells, written as the field writes boards (rows
//! separated by `/`), where the cells make a polyomino (connected by
//! edges; Redelmeier's enumeration of fixed polyominoes) or a row, and
//! each cell holds one of the family's characters.
//!
//! ```
//! use grundy::short::regions::Boards;
//!
//! let clobber = Boards { cells: &['x', 'o'], outside: '.', rows: false };
//! let mut boards = Vec::new();
//! clobber
//!     .each(2, &mut |text| {
//!         boards.push(text.to_string());
//!         Ok(())
//!     })
//!     .unwrap();
//! // One cell, two ways; two cells side by side or one above the other,
//! // four ways each.
//! assert_eq!(boards.len(), 2 + 2 * 4);
//! assert!(boards.contains(&"x/o".to_string()) && boards.contains(&"ox".to_string()));
//! ```

use crate::error::{Error, Result};

/// What is called with each shape: its (row, column) cells.
type OnShape<'a> = dyn FnMut(&[(usize, usize)]) -> Result<()> + 'a;

/// How a family's regions are written.
#[derive(Clone, Copy, Debug)]
pub struct Boards {
    /// What a cell of a region may hold: `.` (an empty cell) in
    /// Domineering; `x` and `o` in Clobber.
    pub cells: &'static [char],
    /// What the cells of the region's box outside it hold: `#` (off the
    /// board) in Domineering, `.` (empty) in Clobber.
    pub outside: char,
    /// Whether a region is a row (Toppling Dominoes) rather than any
    /// polyomino.
    pub rows: bool,
}

/// The most cells of a region in a database: a polyomino of 14 cells fits
/// in a box of at most 56 (7 by 8), within a board's 64.
pub const MAX_CELLS: u32 = 14;

/// The most boards a database is built from (each is read and valued).
pub const MAX_BOARDS: u128 = 20_000_000;

/// Fixed polyominoes of n cells, n = 0 to 14 (OEIS A001168; Redelmeier,
/// "Counting polyominoes: yet another attack", Discrete Math. 36, 1981).
const FIXED_POLYOMINOES: [u64; 15] = [
    0, 1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446, 135268, 505861, 1903890, 7204874,
];

impl Boards {
    /// How many boards of at most `cells` cells there are.
    pub fn count(&self, cells: u32) -> u128 {
        let fillings = self.cells.len() as u128;
        (1..=cells.min(MAX_CELLS))
            .map(|k| {
                let shapes = if self.rows {
                    1
                } else {
                    u128::from(FIXED_POLYOMINOES[k as usize])
                };
                shapes.saturating_mul(fillings.saturating_pow(k))
            })
            .fold(0u128, u128::saturating_add)
    }

    /// Fails with a limit error where the boards of at most `cells` cells
    /// are too many to build a database from.
    pub fn check(&self, cells: u32) -> Result<()> {
        if cells == 0 {
            return Err(Error::Parameter(
                "a database holds regions of at least one cell".into(),
            ));
        }
        if cells > MAX_CELLS {
            return Err(Error::Limit(format!(
                "a database holds regions of at most {MAX_CELLS} cells, not {cells}"
            )));
        }
        let count = self.count(cells);
        if count > MAX_BOARDS {
            return Err(Error::Limit(format!(
                "regions of at most {cells} cells make {count} boards: a database is built \
                 from at most {MAX_BOARDS}"
            )));
        }
        Ok(())
    }

    /// Calls `each` with every board of 1 to `cells` cells, stopping at
    /// its first error.
    pub fn each(&self, cells: u32, each: &mut dyn FnMut(&str) -> Result<()>) -> Result<()> {
        let cells = cells.min(MAX_CELLS) as usize;
        if self.rows {
            for k in 1..=cells {
                let shape: Vec<(usize, usize)> = (0..k).map(|x| (0, x)).collect();
                self.filled(&shape, each)?;
            }
            return Ok(());
        }
        polyominoes(cells, &mut |shape| self.filled(shape, each))
    }

    /// Calls `each` with the board of cells `shape` (row, column), in its
    /// box, filled each way the family's characters allow.
    fn filled(
        &self,
        shape: &[(usize, usize)],
        each: &mut dyn FnMut(&str) -> Result<()>,
    ) -> Result<()> {
        let height = shape.iter().map(|c| c.0).max().unwrap_or(0) + 1;
        let width = shape.iter().map(|c| c.1).max().unwrap_or(0) + 1;
        // Row by row, a '/' after each row but the last.
        let mut text: Vec<char> = (0..height * (width + 1) - 1)
            .map(|i| match (i + 1) % (width + 1) {
                0 => '/',
                _ => self.outside,
            })
            .collect();
        let at: Vec<usize> = shape.iter().map(|&(r, c)| r * (width + 1) + c).collect();
        let mut digits = vec![0usize; shape.len()];
        loop {
            for (&i, &d) in at.iter().zip(&digits) {
                text[i] = self.cells[d];
            }
            each(&text.iter().collect::<String>())?;
            // The next filling, counting in base `cells.len()`.
            let Some(k) = digits.iter().position(|&d| d + 1 < self.cells.len()) else {
                return Ok(());
            };
            digits[k] += 1;
            digits[..k].fill(0);
        }
    }
}

/// Calls `each` with every fixed polyomino of 1 to `n` cells, as (row,
/// column) cells within its box, once (Redelmeier's method: grow from the
/// lowest cell of the first row, adding only cells not met before on the
/// way down).
fn polyominoes(n: usize, each: &mut OnShape) -> Result<()> {
    if n == 0 {
        return Ok(());
    }
    // Cells (row, column) with row in 0..n and column in -(n-1)..n, the
    // first row only from column 0 on; `seen` marks those met.
    let columns = 2 * n - 1;
    let mut seen = vec![false; n * columns];
    let origin = n - 1;
    seen[origin] = true;
    let mut grower = Grower {
        n,
        columns,
        seen,
        cells: Vec::with_capacity(n),
        boxed: Vec::with_capacity(n),
        each,
    };
    grower.grow(vec![origin])
}

/// The state of Redelmeier's enumeration.
struct Grower<'a> {
    n: usize,
    columns: usize,
    seen: Vec<bool>,
    /// The polyomino so far, as indices row * columns + column.
    cells: Vec<usize>,
    /// Its cells within its box, for `each`.
    boxed: Vec<(usize, usize)>,
    each: &'a mut OnShape<'a>,
}

impl Grower<'_> {
    /// Every polyomino that adds to `cells` some of `untried`, each
    /// before the ones added after it.
    fn grow(&mut self, mut untried: Vec<usize>) -> Result<()> {
        while let Some(cell) = untried.pop() {
            self.cells.push(cell);
            self.report()?;
            if self.cells.len() < self.n {
                let mut next = untried.clone();
                let mut added = Vec::new();
                for neighbour in self.neighbours(cell) {
                    if !self.seen[neighbour] {
                        self.seen[neighbour] = true;
                        added.push(neighbour);
                        next.push(neighbour);
                    }
                }
                self.grow(next)?;
                for cell in added {
                    self.seen[cell] = false;
                }
            }
            self.cells.pop();
        }
        Ok(())
    }

    /// The cells beside `cell` that a polyomino grown from the origin may
    /// hold.
    fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> {
        let (row, column, columns, n) = (
            cell / self.columns,
            cell % self.columns,
            self.columns,
            self.n,
        );
        let origin = n - 1;
        let up = (row + 1 < n).then(|| cell + columns);
        let down = (row > 0 && (row > 1 || column >= origin)).then(|| cell - columns);
        let right = (column + 1 < columns).then(|| cell + 1);
        let left = (column > 0 && (row > 0 || column > origin)).then(|| cell - 1);
        [up, down, right, left].into_iter().flatten()
    }

    /// Hands the polyomino, moved into its box, to `each`.
    fn report(&mut self) -> Result<()> {
        let columns = self.columns;
        let least = self.cells.iter().map(|c| c % columns).min().unwrap_or(0);
        self.boxed.clear();
        let cells = self
            .cells
            .iter()
            .map(|c| (c / columns, c % columns - least));
        self.boxed.extend(cells);
        (self.each)(&self.boxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The enumeration finds each fixed polyomino once, as many as
    /// OEIS A001168 counts, to 10 cells.
    #[test]
    fn the_fixed_polyominoes_are_those_counted() {
        let mut by_size = [0u64; 11];
        let mut distinct = HashSet::new();
        polyominoes(10, &mut |shape| {
            by_size[shape.len()] += 1;
            let mut cells = shape.to_vec();
            cells.sort();
            assert!(distinct.insert(cells), "{shape:?} twice");
            Ok(())
        })
        .unwrap();
        assert_eq!(by_size[1..], FIXED_POLYOMINOES[1..=10]);
    }

    /// Each board is a rectangle of rows of one length, the region's
    /// cells connected, its box as small as it can be.
    #[test]
    fn boards_are_written_as_families_read_them() {
        let domineering = Boards {
            cells: &['.'],
            outside: '#',
            rows: false,
        };
        let mut texts = Vec::new();
        domineering
            .each(4, &mut |text| {
                texts.push(text.to_string());
                Ok(())
            })
            .unwrap();
        assert_eq!(texts.len() as u128, domineering.count(4));
        assert_eq!(texts.len(), 1 + 2 + 6 + 19);
        for text in &texts {
            let rows: Vec<&str> = text.split('/').collect();
            assert!(rows.iter().all(|r| r.len() == rows[0].len()), "{text}");
            assert!(rows.iter().all(|r| r.contains('.')), "{text}");
            assert!(
                (0..rows[0].len()).all(|c| rows.iter().any(|r| r.as_bytes()[c] == b'.')),
                "{text}"
            );
        }
        assert!(!texts.contains(&"#.#/.../#.#".to_string()));
        assert!(texts.contains(&".#/..".to_string()));
        let rows = Boards {
            cells: &['x', 'o', 'g'],
            outside: '.',
            rows: true,
        };
        let mut count = 0;
        rows.each(3, &mut |text| {
            assert!(!text.contains('/') && !text.contains('.'));
            count += 1;
            Ok(())
        })
        .unwrap();
        assert_eq!(count, 3 + 9 + 27);
        assert_eq!(rows.count(3), 39);
    }

    #[test]
    fn too_many_boards_are_a_limit() {
        let amazons = Boards {
            cells: &['x', 'o', '.'],
            outside: '#',
            rows: false,
        };
        assert!(amazons.check(6).is_ok());
        let error = amazons.check(9).unwrap_err();
        assert!(matches!(error, Error::Limit(_)), "{error}");
        assert!(matches!(amazons.check(15), Err(Error::Limit(_))));
        assert!(matches!(amazons.check(0), Err(Error::Parameter(_))));
    }
}
