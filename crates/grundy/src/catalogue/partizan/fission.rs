//! Fission (as CGSuite's library defines it): stones `x` on a board of
//! empty cells `.` and cells off the board `#`. Left takes a stone whose
//! cells above and below are both empty and puts a stone on each of them;
//! Right does the same with the cells to its left and right. Who cannot
//! move loses.
//!
//! A move changes a stone and the two cells beside it, so it stays inside
//! one region of the board's cells joined by edges (stones and empty
//! cells), and a board is the sum of its regions; a region without a stone
//! has no move. Each region is kept under the least of its images: the
//! four that keep up and down (mirrors and the half turn), and the four
//! transposed ones, which exchange up and down with left and right, and so
//! Left with Right: the negative.

use super::grid::Grid;
use crate::catalogue::{no_parameters, Family, FamilyText};
use crate::component::{short_ruleset_ref, RulesetRef};
use crate::error::Result;
use crate::partizan::{Part, ShortGame};
use crate::short::regions::Boards;
use crate::short::ShortRules;
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "fission",
    usage: "fission BOARD",
    summary: "x stones, '.' empty, '#' off the board, '/' between rows: Left takes a stone \
              with empty cells above and below it and puts a stone on each, Right the same \
              with the cells left and right of it; who cannot move loses",
    example: "fission ..../.x../..../#..#",
    build,
};

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(short_ruleset_ref(Fission))
}

/// The rules; a position is a board's stones and empty cells.
pub struct Fission;

/// The stones and the empty cells of one board; a cell in neither is off
/// the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    pub stones: Grid,
    pub empty: Grid,
}

impl Board {
    /// The boards after each split: up and down (`vertical`, Left's) or
    /// left and right (Right's).
    fn splits(&self, vertical: bool) -> Vec<Board> {
        let (h, w) = (self.stones.height as usize, self.stones.width as usize);
        let bit = |(r, c): (usize, usize)| 1u64 << (r * w + c);
        let mut options = Vec::new();
        for (r, c) in (0..h).flat_map(|r| (0..w).map(move |c| (r, c))) {
            let beside = match vertical {
                true => (r > 0 && r + 1 < h).then(|| [(r - 1, c), (r + 1, c)]),
                false => (c > 0 && c + 1 < w).then(|| [(r, c - 1), (r, c + 1)]),
            };
            let Some(beside) = beside else { continue };
            if self.stones.has(r, c) && beside.iter().all(|&(r, c)| self.empty.has(r, c)) {
                let (stone, pair) = (bit((r, c)), bit(beside[0]) | bit(beside[1]));
                options.push(Board {
                    stones: Grid {
                        cells: (self.stones.cells & !stone) | pair,
                        ..self.stones
                    },
                    empty: Grid {
                        cells: (self.empty.cells & !pair) | stone,
                        ..self.empty
                    },
                });
            }
        }
        options
    }
}

impl ShortGame for Fission {
    type Position = Board;

    fn left_options(&self, p: &Board) -> Vec<Board> {
        p.splits(true)
    }

    fn right_options(&self, p: &Board) -> Vec<Board> {
        p.splits(false)
    }

    /// The regions with a stone, each under its least image.
    fn parts(&self, p: &Board) -> Vec<Part<Board>> {
        let board = Grid {
            cells: p.stones.cells | p.empty.cells,
            ..p.stones
        };
        board
            .region_masks()
            .filter(|&region| region & p.stones.cells != 0)
            .map(|region| {
                let b = board.bounding_box(region);
                let [stones, empty] =
                    [p.stones, p.empty].map(|g| board.in_box(g.cells & region, b));
                let images = |g: Grid| {
                    let [a, b, c, d] = g.reflections();
                    let [e, f, h, i] = g.transposed().reflections();
                    [a, b, c, d, e, f, h, i]
                };
                let (ss, es) = (images(stones), images(empty));
                let (key, negated) = (0..8)
                    .map(|i| {
                        let image = Board {
                            stones: ss[i],
                            empty: es[i],
                        };
                        (image, i >= 4)
                    })
                    .min()
                    .unwrap_or((Board { stones, empty }, false));
                Part { key, negated }
            })
            .collect()
    }
}

impl ShortRules for Fission {
    fn name(&self) -> String {
        FAMILY.name.into()
    }

    /// A region is a polyomino of the board's cells, each a stone or empty.
    fn boards(&self) -> Option<Boards> {
        Some(Boards {
            cells: &['x', '.'],
            outside: '#',
            rows: false,
        })
    }

    fn parse_position(&self, word: &Word) -> Result<Board> {
        let how = "a Fission board is written with x (a stone), '.' (empty), '#' (off the board) \
                   and '/' between rows";
        let [stones, empty] = Grid::parse_marked(word, ['x', '.'], true, how)?;
        Ok(Board { stones, empty })
    }

    fn show(&self, p: &Board) -> String {
        Grid::show_marked([p.stones, p.empty], ['x', '.'], '#')
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::{self, every_board, OutcomeCheck};
    use crate::error::Error;

    fn parse(text: &str, column: usize) -> Result<Board> {
        check::parse(&Fission, text, column)
    }

    /// Values worked by hand from the rules. A stone alone, or with no
    /// empty pair beside it, is 0. `.x.` = {|`x.x`} = {|0} = -1: only Right
    /// splits, across, and the new stones are at the ends of the row;
    /// `./x/.` = 1 upright. In `.x./.x.` Left never moves (no row has rows
    /// on both sides) and Right splits each stone once: -2. In `.x../....`
    /// Right splits to `x.x./....`, whose stone at c1 splits again to
    /// `xx.x/....` = 0, so it is {|{|0}} = -2. In `./x/./.` Left splits
    /// twice, down the column: 2. In `.../.x./...` Left splits to
    /// `.x./.../.x.`, where only Right moves, once for each stone (the
    /// second split leaves stones in corners): -2; Right's split is its
    /// transpose, 2; so the board is {-2|2} = 0.
    #[test]
    fn small_boards() {
        check::assert_values(
            Fission,
            &[
                ("x", "0"),
                ("x.", "0"),
                ("#x#", "0"),
                (".x.", "-1"),
                ("./x/.", "1"),
                (".x#", "0"),
                (".x./.x.", "-2"),
                (".x../....", "-2"),
                (".x./#.#", "-1"),
                ("./x/./.", "2"),
                (".../.x./...", "0"),
            ],
        );
    }

    #[test]
    fn bad_boards_name_the_column() {
        let column = |text: &str| check::error_column(&Fission, text, 5);
        // A Right's stone, a board written by size, a second row shorter.
        assert_eq!(column(".xo"), 7);
        assert_eq!(column("3x3"), 5);
        assert_eq!(column("x../x."), 9);
        assert!(matches!(parse(&"x.".repeat(40), 1), Err(Error::Limit(_))));
    }

    /// Every board of 2 × 3, 3 × 2, 2 × 4 and 1 × 7 cells of stones, empty
    /// cells and cells off the board, and every 3 × 3 and 4 × 3 board of
    /// stones and empty cells: the outcome class of the value (regions,
    /// images, canonical forms) is who wins by plain search of the whole
    /// board, under normal and misère play.
    #[test]
    fn outcome_classes_agree_with_search() {
        let mut check = OutcomeCheck::new(Fission);
        let boards = [
            (2, 3, ".x#"),
            (3, 2, ".x#"),
            (2, 4, ".x#"),
            (1, 7, ".x#"),
            (3, 3, ".x"),
            (4, 3, ".x"),
        ];
        for (height, width, cells) in boards {
            every_board(height, width, cells).for_each(|text| check.assert_text(&text));
        }
    }
}
