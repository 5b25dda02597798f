//! Boards of Left's pieces `x`, Right's `o` and empty cells `.`, every
//! other cell off the board `#` (Konane's stones, the Amazons' queens,
//! NoGo's stones): reading and writing them, and their regions as the
//! parts of a sum, each under its key.

use super::grid::Grid;
use crate::error::Result;
use crate::partizan::Part;
use crate::word::Word;

/// Left's pieces, Right's and the empty cells of one board; a cell in none
/// of them is off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pieces {
    pub left: Grid,
    pub right: Grid,
    pub empty: Grid,
}

impl Pieces {
    /// Reads `x`, `o`, `.` and `#`, rows split by `/`, or `RxC` for an
    /// empty board of R rows and C columns where `sized` (a family whose
    /// empty board is a game); any other character is an error at its
    /// column saying `how` a board is written.
    pub fn parse(word: &Word, sized: bool, how: &str) -> Result<Pieces> {
        let all_digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
        let size = word.text.split_once(['x', 'X']);
        if sized && size.is_some_and(|(r, c)| all_digits(r) && all_digits(c)) {
            let empty = Grid::parse(word)?;
            let none = Grid { cells: 0, ..empty };
            return Ok(Pieces {
                left: none,
                right: none,
                empty,
            });
        }
        let [left, right, empty] = Grid::parse_marked(word, ['x', 'o', '.'], true, how)?;
        Ok(Pieces { left, right, empty })
    }

    /// The board as [`Pieces::parse`] reads it.
    pub fn show(&self) -> String {
        Grid::show_marked([self.left, self.right, self.empty], ['x', 'o', '.'], '#')
    }

    /// A board of this size with these cells.
    pub fn with(&self, left: u64, right: u64, empty: u64) -> Pieces {
        let grid = |cells| Grid {
            cells,
            ..self.empty
        };
        Pieces {
            left: grid(left),
            right: grid(right),
            empty: grid(empty),
        }
    }

    /// The pieces of the player who moves (Left where `left_moves`), then
    /// the other's.
    pub fn mine_and_theirs(&self, left_moves: bool) -> (u64, u64) {
        match left_moves {
            true => (self.left.cells, self.right.cells),
            false => (self.right.cells, self.left.cells),
        }
    }

    /// A board of this size where the mover (Left where `left_moves`) has
    /// the pieces `mine` and the other player `theirs`.
    pub fn after(&self, left_moves: bool, mine: u64, theirs: u64, empty: u64) -> Pieces {
        match left_moves {
            true => self.with(mine, theirs, empty),
            false => self.with(theirs, mine, empty),
        }
    }

    /// The regions of the board's cells (pieces and empty cells) joined by
    /// edges, or by edges and corners where `corners`, that `keep` keeps
    /// (given a region's cells of Left's pieces and of Right's): a move
    /// that stays inside a region makes the board the sum of them. Each is
    /// under the least of its eight turns, mirror images and transposes,
    /// and those with the colours exchanged, which are its negative: a
    /// family whose rules keep all of these.
    pub fn parts(&self, corners: bool, keep: impl Fn(u64, u64) -> bool) -> Vec<Part<Pieces>> {
        let board = Grid {
            cells: self.left.cells | self.right.cells | self.empty.cells,
            ..self.empty
        };
        let regions = match corners {
            true => board.king_region_masks(),
            false => board.region_masks(),
        };
        regions
            .into_iter()
            .filter(|&region| keep(region & self.left.cells, region & self.right.cells))
            .map(|region| {
                let b = board.bounding_box(region);
                let cut = |g: Grid| board.in_box(g.cells & region, b);
                // The least image has the fewest rows: only those are
                // compared, all of one size, so by their cells alone:
                // Left's, then Right's, then the empty cells'.
                let (ls, count) = cut(self.left).images_with_fewest_rows();
                let (rs, _) = cut(self.right).images_with_fewest_rows();
                let (es, _) = cut(self.empty).images_with_fewest_rows();
                let mut least = (u64::MAX, u64::MAX, u64::MAX, true);
                for i in 0..count {
                    let (l, r, e) = (ls[i].cells, rs[i].cells, es[i].cells);
                    least = least.min((l, r, e, false)).min((r, l, e, true));
                }
                let (left, right, empty, negated) = least;
                let size = |cells| Grid { cells, ..ls[0] };
                let key = Pieces {
                    left: size(left),
                    right: size(right),
                    empty: size(empty),
                };
                Part { key, negated }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each region's key is the least of the sixteen images of the region
    /// (eight turns and reflections, made cell by cell, each with the
    /// colours exchanged or not), negated where that least has them
    /// exchanged, on random boards of every size up to 8 x 8.
    #[test]
    fn a_region_is_keyed_by_the_least_of_its_sixteen_images() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for h in 1..=8u8 {
            for w in 1..=8u8 {
                for _ in 0..40 {
                    let n = usize::from(h) * usize::from(w);
                    let full = if n == 64 { u64::MAX } else { (1 << n) - 1 };
                    let (a, b, c) = (next(), next(), next());
                    // Cells on the board split among both colours and
                    // empty, some off it.
                    let on = (a | b) & full;
                    let (left, right) = (on & b & !c, on & c & !b);
                    let grid = |cells| Grid {
                        height: h,
                        width: w,
                        cells,
                    };
                    let pieces = Pieces {
                        left: grid(left),
                        right: grid(right),
                        empty: grid(on & !left & !right),
                    };
                    for corners in [false, true] {
                        let board = grid(on);
                        let masks: Vec<u64> = match corners {
                            true => board.king_region_masks().collect(),
                            false => board.region_masks().collect(),
                        };
                        let parts = pieces.parts(corners, |_, _| true);
                        assert_eq!(parts.len(), masks.len());
                        for (part, mask) in parts.iter().zip(masks) {
                            let b = board.bounding_box(mask);
                            let cut = |g: Grid| board.in_box(g.cells & mask, b);
                            let (l, r, e) =
                                (cut(pieces.left), cut(pieces.right), cut(pieces.empty));
                            let least = (0..8)
                                .flat_map(|k| {
                                    let (l, r, e) = (
                                        l.image_by_cells(k),
                                        r.image_by_cells(k),
                                        e.image_by_cells(k),
                                    );
                                    [
                                        (
                                            Pieces {
                                                left: l,
                                                right: r,
                                                empty: e,
                                            },
                                            false,
                                        ),
                                        (
                                            Pieces {
                                                left: r,
                                                right: l,
                                                empty: e,
                                            },
                                            true,
                                        ),
                                    ]
                                })
                                .min()
                                .unwrap();
                            assert_eq!((part.key, part.negated), least, "{}", pieces.show());
                        }
                    }
                }
            }
        }
    }
}
