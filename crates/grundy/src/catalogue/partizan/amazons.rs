//! Amazons (the Game of the Amazons, which CGSuite and MCGS also value):
//! Left's amazons `x`, Right's `o`, on a board of empty cells `.` and
//! burnt ones `#`. A move slides one of one's amazons like a chess queen
//! (any number of empty cells along a row, column or diagonal), then
//! shoots an arrow like a queen from where it lands, through empty cells
//! (the cell it left is empty now); the arrow burns the cell it stops on.
//! Who cannot move loses.
//!
//! Burnt cells never come back, and queens cross no burnt cell, so the
//! cells not burnt fall apart into regions joined by edges or corners
//! that never meet again: a board is the sum of its regions. A region
//! without amazons is 0. Each region is kept under the least of its eight
//! turns, mirror images and transposes (the rules keep them all) and those
//! with the colours exchanged, which is its negative.

use super::pieces::Pieces;
use crate::catalogue::{no_parameters, Family, FamilyText};
use crate::component::{short_ruleset_ref, RulesetRef};
use crate::error::Result;
use crate::partizan::{Part, ShortGame};
use crate::short::regions::Boards;
use crate::short::ShortRules;
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "amazons",
    usage: "amazons BOARD",
    summary: "x Left's amazons, o Right's, '.' empty, '#' burnt, '/' between rows: slide an \
              amazon of yours like a queen, then shoot an arrow like a queen from where it \
              lands, burning the cell it stops on; who cannot move loses",
    example: "amazons x.../..o.",
    build,
};

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(short_ruleset_ref(Amazons))
}

/// The rules; a position is the board's amazons and empty cells.
#[derive(Clone, Copy)]
pub struct Amazons;

/// The eight directions of a queen, as steps of rows and columns.
const DIRECTIONS: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// Each cell a queen at `from` reaches through the cells of `empty`.
fn reach(board: &Pieces, from: usize, empty: u64) -> Vec<usize> {
    let (h, w) = (board.empty.height as isize, board.empty.width as isize);
    let (r, c) = (from as isize / w, from as isize % w);
    let mut cells = Vec::new();
    for (dr, dc) in DIRECTIONS {
        let (mut r, mut c) = (r + dr, c + dc);
        while (0..h).contains(&r) && (0..w).contains(&c) {
            let cell = (r * w + c) as usize;
            if empty & (1 << cell) == 0 {
                break;
            }
            cells.push(cell);
            (r, c) = (r + dr, c + dc);
        }
    }
    cells
}

/// The boards after each move of Left's amazons (or Right's).
fn moves(board: &Pieces, left_moves: bool) -> Vec<Pieces> {
    let (mine, theirs) = board.mine_and_theirs(left_moves);
    let mut options = Vec::new();
    let mut amazons = mine;
    while amazons != 0 {
        let from = amazons.trailing_zeros() as usize;
        amazons &= amazons - 1;
        for to in reach(board, from, board.empty.cells) {
            let empty = (board.empty.cells | (1 << from)) & !(1 << to);
            let mine = (mine & !(1 << from)) | (1 << to);
            for arrow in reach(board, to, empty) {
                options.push(board.after(left_moves, mine, theirs, empty & !(1 << arrow)));
            }
        }
    }
    options
}

impl ShortGame for Amazons {
    type Position = Pieces;

    fn left_options(&self, p: &Pieces) -> Vec<Pieces> {
        moves(p, true)
    }

    fn right_options(&self, p: &Pieces) -> Vec<Pieces> {
        moves(p, false)
    }

    /// The regions of cells not burnt that hold an amazon, each under its
    /// least image.
    fn parts(&self, p: &Pieces) -> Vec<Part<Pieces>> {
        p.parts(true, |left, right| left | right != 0)
    }
}

impl ShortRules for Amazons {
    fn name(&self) -> String {
        FAMILY.name.into()
    }

    /// A region is a polyomino of cells not burnt, each an amazon or empty.
    fn boards(&self) -> Option<Boards> {
        Some(Boards {
            cells: &['x', 'o', '.'],
            outside: '#',
            rows: false,
        })
    }

    /// `x`, `o`, `.` and `#`, rows split by `/`, or `RxC` for an empty
    /// board; read as three boards (Left's, Right's, the empty cells), so
    /// that a row of another length is told at its column.
    fn parse_position(&self, word: &Word) -> Result<Pieces> {
        let how = "an Amazons board is written with x (Left's amazon), o (Right's), '.' (empty), \
                   '#' (burnt) and '/' between rows";
        Pieces::parse(word, true, how)
    }

    fn show(&self, p: &Pieces) -> String {
        p.show()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::{self, every_board, OutcomeCheck};
    use crate::catalogue::partizan::grid::Grid;

    /// Values worked out by hand from the rules. `x.`: Left's one move
    /// slides into the empty cell and burns the cell it left, after which
    /// nobody moves: {0|} = 1. `x..`: Left lands next door and burns
    /// either side (leaving `x.` or its image, 1), or slides to the end
    /// and burns the cell between (0) or the first (1): {0, 1|} = 2.
    /// `x.o`: either player's one move leaves no move: {0|0} = *. An
    /// amazon boxed in by the other's is 0; amazons apart in regions
    /// meeting only at a burnt cell are a sum; `o.` is -1.
    #[test]
    fn small_positions() {
        check::assert_values(
            Amazons,
            &[
                ("x.", "1"),
                ("x..", "2"),
                ("x.o", "*"),
                ("xo", "0"),
                ("x./##/.o", "0"),
                ("x.#.o", "0"),
                ("o.", "-1"),
                ("x./.#", "2"),
                ("2x3", "0"),
            ],
        );
    }

    /// Every cell empty, burnt, or an amazon of either side, on every
    /// board of 2 × 3, 3 × 2 and 1 × 6 cells; and every 3 × 3 board of
    /// empty and burnt cells with at most one amazon of each side: the
    /// outcome class of the value (regions, images, canonical forms) is
    /// who wins by plain search of the whole board, and misère play's too
    /// on the smaller boards.
    #[test]
    fn outcome_classes_agree_with_search() {
        let mut check = OutcomeCheck::new(Amazons);
        for (height, width) in [(2, 3), (3, 2), (1, 6)] {
            every_board(height, width, ".xo#").for_each(|text| check.assert_text(&text));
        }
        let grid = |cells| Grid {
            height: 3,
            width: 3,
            cells,
        };
        for empty in 0..1u64 << 9 {
            for x in 0..=9 {
                for o in 0..=9 {
                    let (left, right) = (1u64 << x & 0x1ff, 1u64 << o & 0x1ff);
                    if left & right != 0 {
                        continue;
                    }
                    let p = Pieces {
                        left: grid(left),
                        right: grid(right),
                        empty: grid(empty & !left & !right),
                    };
                    check.assert(&p, false);
                }
            }
        }
    }

    #[test]
    fn bad_boards_name_the_column() {
        let column = |text: &str| check::error_column(&Amazons, text, 5);
        assert_eq!(column("x.z"), 7);
        assert_eq!(column("x./..o"), 8);
        assert_eq!(column("3x"), 5);
    }
}
