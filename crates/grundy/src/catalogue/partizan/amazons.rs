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

use super::grid::Grid;
use crate::catalogue::{no_parameters, Family, FamilyText};
use crate::component::{short_ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::partizan::{Part, ShortGame};
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

/// Left's amazons, Right's, and the empty cells, on one board; every
/// other cell is burnt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Queens {
    pub left: Grid,
    pub right: Grid,
    pub empty: Grid,
}

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

impl Queens {
    fn of(left: Grid, right: Grid, empty: Grid) -> Queens {
        Queens { left, right, empty }
    }

    /// Each cell a queen at `from` reaches through the cells of `empty`.
    fn reach(&self, from: usize, empty: u64) -> Vec<usize> {
        let (h, w) = (self.empty.height as isize, self.empty.width as isize);
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
    fn moves(&self, left_moves: bool) -> Vec<Queens> {
        let (mine, theirs) = match left_moves {
            true => (self.left.cells, self.right.cells),
            false => (self.right.cells, self.left.cells),
        };
        let mut options = Vec::new();
        let mut amazons = mine;
        while amazons != 0 {
            let from = amazons.trailing_zeros() as usize;
            amazons &= amazons - 1;
            for to in self.reach(from, self.empty.cells) {
                let empty = (self.empty.cells | (1 << from)) & !(1 << to);
                let mine = (mine & !(1 << from)) | (1 << to);
                for arrow in self.reach(to, empty) {
                    let (l, r) = match left_moves {
                        true => (mine, theirs),
                        false => (theirs, mine),
                    };
                    options.push(self.with(l, r, empty & !(1 << arrow)));
                }
            }
        }
        options
    }

    fn with(&self, left: u64, right: u64, empty: u64) -> Queens {
        let grid = |cells| Grid {
            cells,
            ..self.empty
        };
        Queens {
            left: grid(left),
            right: grid(right),
            empty: grid(empty),
        }
    }
}

impl ShortGame for Amazons {
    type Position = Queens;

    fn left_options(&self, p: &Queens) -> Vec<Queens> {
        p.moves(true)
    }

    fn right_options(&self, p: &Queens) -> Vec<Queens> {
        p.moves(false)
    }

    /// The regions of cells not burnt that hold an amazon, each under its
    /// least image.
    fn parts(&self, p: &Queens) -> Vec<Part<Queens>> {
        let amazons = p.left.cells | p.right.cells;
        let board = Grid {
            cells: amazons | p.empty.cells,
            ..p.empty
        };
        board
            .king_region_masks()
            .into_iter()
            .filter(|&region| region & amazons != 0)
            .map(|region| {
                let b = board.bounding_box(region);
                let cut = |cells: u64| board.in_box(cells & region, b);
                let (l, r, e) = (cut(p.left.cells), cut(p.right.cells), cut(p.empty.cells));
                let images = |g: Grid| {
                    let t = g.transposed();
                    let [a, b, c, d] = g.reflections();
                    let [e, f, g, h] = t.reflections();
                    [a, b, c, d, e, f, g, h]
                };
                let (ls, rs, es) = (images(l), images(r), images(e));
                let (key, negated) = (0..8)
                    .flat_map(|i| {
                        let (l, r, e) = (ls[i], rs[i], es[i]);
                        [(Queens::of(l, r, e), false), (Queens::of(r, l, e), true)]
                    })
                    .min()
                    .expect("eight images");
                Part { key, negated }
            })
            .collect()
    }
}

impl ShortRules for Amazons {
    fn name(&self) -> String {
        FAMILY.name.into()
    }

    /// `x`, `o`, `.` and `#`, rows split by `/`, or `RxC` for an empty
    /// board; read as three boards (Left's, Right's, the empty cells), so
    /// that a row of another length is told at its column.
    fn parse_position(&self, word: &Word) -> Result<Queens> {
        if let Some(at) = word.text.chars().position(|c| !"xo.#/".contains(c)) {
            let sized = word.text.split_once(['x', 'X']);
            let all_digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
            if !sized.is_some_and(|(r, c)| all_digits(r) && all_digits(c)) {
                return Err(Error::Parse {
                    column: word.column + at,
                    message: "an Amazons board is written with x (Left's amazon), o (Right's), \
                              '.' (empty), '#' (burnt) and '/' between rows"
                        .into(),
                });
            }
            let empty = Grid::parse(word)?;
            let none = Grid { cells: 0, ..empty };
            return Ok(Queens {
                left: none,
                right: none,
                empty,
            });
        }
        let as_cells = |mark: char| -> Result<Grid> {
            let text: String = (word.text.chars())
                .map(|c| match c {
                    '/' => '/',
                    c if c == mark => '.',
                    _ => '#',
                })
                .collect();
            Grid::parse(&Word {
                text,
                column: word.column,
            })
        };
        Ok(Queens {
            left: as_cells('x')?,
            right: as_cells('o')?,
            empty: as_cells('.')?,
        })
    }

    fn show(&self, p: &Queens) -> String {
        let rows: Vec<String> = (0..p.empty.height as usize)
            .map(|r| {
                (0..p.empty.width as usize)
                    .map(
                        |c| match (p.left.has(r, c), p.right.has(r, c), p.empty.has(r, c)) {
                            (true, _, _) => 'x',
                            (_, true, _) => 'o',
                            (_, _, true) => '.',
                            _ => '#',
                        },
                    )
                    .collect()
            })
            .collect();
        rows.join("/")
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::catalogue::check::{outcome_by_search, MisereCheck};
    use crate::partizan::{Games, Valuer};

    fn queens(text: &str) -> Queens {
        Amazons
            .parse_position(&Word {
                text: text.into(),
                column: 1,
            })
            .unwrap()
    }

    fn value(text: &str) -> String {
        let mut games = Games::new();
        let g = Valuer::new(Amazons)
            .value(&mut games, &queens(text), &mut |_| true)
            .unwrap();
        games.write(g).unwrap()
    }

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
        for (board, expected) in [
            ("x.", "1"),
            ("x..", "2"),
            ("x.o", "*"),
            ("xo", "0"),
            ("x./##/.o", "0"),
            ("x.#.o", "0"),
            ("o.", "-1"),
            ("x./.#", "2"),
            ("2x3", "0"),
        ] {
            assert_eq!(value(board), expected, "{board}");
        }
    }

    /// Every cell empty, burnt, or an amazon of either side, on every
    /// board of 2 × 3, 3 × 2 and 1 × 6 cells; and every 3 × 3 board of
    /// empty and burnt cells with at most one amazon of each side: the
    /// outcome class of the value (regions, images, canonical forms) is
    /// who wins by plain search of the whole board, and misère play's too
    /// on the smaller boards.
    #[test]
    fn outcome_classes_agree_with_search() {
        let mut games = Games::new();
        let mut valuer = Valuer::new(Amazons);
        let mut memo = HashMap::new();
        let mut misere = MisereCheck::new();
        let mut check = |p: Queens, misere_too: bool| {
            let g = valuer.value(&mut games, &p, &mut |_| true).unwrap();
            if misere_too {
                misere.assert(&Amazons, &p);
            }
            let expected = outcome_by_search(&Amazons, &p, &mut memo);
            assert_eq!(games.outcome(g), expected, "{}", Amazons.show(&p));
        };
        let grid = |height, width, cells| Grid {
            height,
            width,
            cells,
        };
        for (height, width) in [(2u8, 3u8), (3, 2), (1, 6)] {
            let n = u32::from(height) * u32::from(width);
            for code in 0..4u32.pow(n) {
                let (mut cells, mut c) = ([0u64; 4], code);
                for i in 0..n {
                    cells[(c % 4) as usize] |= 1 << i;
                    c /= 4;
                }
                let board = |cells| grid(height, width, cells);
                let p = Queens {
                    left: board(cells[1]),
                    right: board(cells[2]),
                    empty: board(cells[0]),
                };
                check(p, true);
            }
        }
        for empty in 0..1u64 << 9 {
            for x in 0..=9 {
                for o in 0..=9 {
                    let (left, right) = (1u64 << x & 0x1ff, 1u64 << o & 0x1ff);
                    if left & right != 0 {
                        continue;
                    }
                    let p = Queens {
                        left: grid(3, 3, left),
                        right: grid(3, 3, right),
                        empty: grid(3, 3, empty & !left & !right),
                    };
                    check(p, false);
                }
            }
        }
    }

    #[test]
    fn bad_boards_name_the_column() {
        let column = |text: &str| match Amazons.parse_position(&Word {
            text: text.into(),
            column: 5,
        }) {
            Err(Error::Parse { column, .. }) => column,
            other => panic!("{other:?}"),
        };
        assert_eq!(column("x.z"), 7);
        assert_eq!(column("x./..o"), 8);
        assert_eq!(column("3x"), 5);
    }
}
