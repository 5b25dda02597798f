//! Konane (Hawaiian checkers; Ernst, "Playing Konane mathematically",
//! 1995; Winning Ways' chapter on it): Left's stones `x`, Right's `o` on a
//! board of empty cells `.` and cells off the board `#`. A stone jumps an
//! opponent's stone next to it by an edge into the empty cell right behind
//! it, and may go on jumping in the same direction, stopping after any
//! jump; the stones jumped are removed. Who cannot move loses.
//!
//! Every jump stays inside one region of the board's cells joined by edges
//! (stones and empty cells), so a board is the sum of its regions; a region
//! without stones of both colours has no move. Each region is kept under
//! the least of its eight turns and mirror images and those with the
//! colours exchanged, which is its negative.

use super::grid::Grid;
use crate::catalogue::{no_parameters, Family, FamilyText};
use crate::component::{short_ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::partizan::{Part, ShortGame};
use crate::short::ShortRules;
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "konane",
    usage: "konane BOARD",
    summary: "x Left's stones, o Right's, '.' empty, '#' off the board, '/' between rows: a \
              stone jumps an opponent's next to it into the empty cell behind, and on in \
              the same line as often as it likes; jumped stones are removed; who cannot \
              move loses",
    example: "konane xo.o./.x...",
    build,
};

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(short_ruleset_ref(Konane))
}

/// The rules; a position is a board's stones and empty cells.
pub struct Konane;

/// Left's stones, Right's and the empty cells of one board; a cell in none
/// of them is off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    pub left: Grid,
    pub right: Grid,
    pub empty: Grid,
}

impl Board {
    /// The boards after each move of Left's stones (`left_moves`) or
    /// Right's: every stone, every direction, every number of jumps.
    fn moves(&self, left_moves: bool) -> Vec<Board> {
        let (mine, theirs) = match left_moves {
            true => (self.left, self.right),
            false => (self.right, self.left),
        };
        let (h, w) = (i64::from(mine.height), i64::from(mine.width));
        let at = |r: i64, c: i64| ((0..h).contains(&r) && (0..w).contains(&c)).then(|| r * w + c);
        let mut options = Vec::new();
        for from in (0..h * w).filter(|&i| mine.cells >> i & 1 == 1) {
            let (r, c) = (from / w, from % w);
            for (dr, dc) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let mut taken = 0u64;
                for k in 1.. {
                    let jumped = at(r + (2 * k - 1) * dr, c + (2 * k - 1) * dc);
                    let landing = at(r + 2 * k * dr, c + 2 * k * dc);
                    let (Some(jumped), Some(landing)) = (jumped, landing) else {
                        break;
                    };
                    if theirs.cells >> jumped & 1 == 0 || self.empty.cells >> landing & 1 == 0 {
                        break;
                    }
                    taken |= 1 << jumped;
                    let moved = (mine.cells & !(1 << from)) | (1 << landing);
                    let empty = (self.empty.cells | taken | (1 << from)) & !(1 << landing);
                    let (left, right) = match left_moves {
                        true => (moved, theirs.cells & !taken),
                        false => (theirs.cells & !taken, moved),
                    };
                    options.push(self.with(left, right, empty));
                }
            }
        }
        options
    }

    fn with(&self, left: u64, right: u64, empty: u64) -> Board {
        let grid = |cells| Grid { cells, ..self.left };
        Board {
            left: grid(left),
            right: grid(right),
            empty: grid(empty),
        }
    }
}

impl ShortGame for Konane {
    type Position = Board;

    fn left_options(&self, p: &Board) -> Vec<Board> {
        p.moves(true)
    }

    fn right_options(&self, p: &Board) -> Vec<Board> {
        p.moves(false)
    }

    /// The regions with stones of both colours, each under its least image.
    fn parts(&self, p: &Board) -> Vec<Part<Board>> {
        let board = Grid {
            cells: p.left.cells | p.right.cells | p.empty.cells,
            ..p.left
        };
        board
            .region_masks()
            .into_iter()
            .filter(|&region| region & p.left.cells != 0 && region & p.right.cells != 0)
            .map(|region| {
                let b = board.bounding_box(region);
                let [left, right, empty] =
                    [p.left, p.right, p.empty].map(|g| board.in_box(g.cells & region, b));
                let turns = |g: Grid| {
                    let t = g.transposed();
                    let [a, b, c, d] = g.reflections();
                    let [e, f, h, i] = t.reflections();
                    [a, b, c, d, e, f, h, i]
                };
                let (ls, rs, es) = (turns(left), turns(right), turns(empty));
                let (key, negated) = (0..8)
                    .flat_map(|i| {
                        [
                            (
                                Board {
                                    left: ls[i],
                                    right: rs[i],
                                    empty: es[i],
                                },
                                false,
                            ),
                            (
                                Board {
                                    left: rs[i],
                                    right: ls[i],
                                    empty: es[i],
                                },
                                true,
                            ),
                        ]
                    })
                    .min()
                    .unwrap_or((Board { left, right, empty }, false));
                Part { key, negated }
            })
            .collect()
    }
}

impl ShortRules for Konane {
    fn name(&self) -> String {
        FAMILY.name.into()
    }

    fn parse_position(&self, word: &Word) -> Result<Board> {
        if let Some(at) = word.text.chars().position(|c| !"xo.#/".contains(c)) {
            return Err(Error::Parse {
                column: word.column + at,
                message: "a Konane board is written with x (Left's stone), o (Right's), \
                          '.' (empty), '#' (off the board) and '/' between rows"
                    .into(),
            });
        }
        // Read as three boards, '.' for the cells holding `mark`.
        let cells = |mark: char| -> Result<Grid> {
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
        Ok(Board {
            left: cells('x')?,
            right: cells('o')?,
            empty: cells('.')?,
        })
    }

    fn show(&self, p: &Board) -> String {
        let rows: Vec<String> = (0..p.left.height as usize)
            .map(|r| {
                (0..p.left.width as usize)
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

    fn parse(text: &str, column: usize) -> Result<Board> {
        Konane.parse_position(&Word {
            text: text.into(),
            column,
        })
    }

    /// Values worked by hand from the rules. `xo.` = {`..x`|} = {0|} = 1:
    /// the o has no x to jump with a cell behind it; so is `x/o/.` upright
    /// and `.ox` turned. `xo#` and `xo/..` are 0: no jump lands. `.xo.` =
    /// {`...x` | `o...`} = {0|0} = *. `..xo.` = {`....x` | `.o...`} = *,
    /// so `xo.o.` = {`..xo.`, `....x` |} = {*, 0|} = 1: one jump or two.
    /// `xo.#/...o` = {`..x#/...o`|} = {0|} = 1: the lower o never has an x
    /// next to it. In `.xo.o.` Left
    /// jumps once to `...xo.` = * or twice to `.....x` = 0, Right to
    /// `o...o.` = 0: {*, 0|0} = {0, *|0} = ↑*.
    #[test]
    fn small_boards() {
        let mut games = Games::new();
        for (board, expected) in [
            ("xo.", "1"),
            ("x/o/.", "1"),
            (".ox", "1"),
            ("xo#", "0"),
            ("xo/..", "0"),
            (".xo.", "*"),
            ("xo.o.", "1"),
            ("xo.#/...o", "1"),
            (".xo.o.", "^*"),
        ] {
            let p = parse(board, 1).unwrap();
            let g = Valuer::new(Konane)
                .value(&mut games, &p, &mut |_| true)
                .unwrap();
            let expected = games.read(expected, 1).unwrap();
            assert_eq!(
                games.write(g).unwrap(),
                games.write(expected).unwrap(),
                "{board}"
            );
        }
    }

    #[test]
    fn bad_boards_name_the_column() {
        let column = |text: &str| match parse(text, 5) {
            Err(Error::Parse { column, .. }) => column,
            other => panic!("{text}: {other:?}"),
        };
        // A green stone, a board written by size, a second row shorter.
        assert_eq!(column("xo.g"), 8);
        assert_eq!(column("3x3"), 5);
        assert_eq!(column("xo./x."), 9);
        assert!(matches!(parse(&"x.".repeat(40), 1), Err(Error::Limit(_))));
    }

    /// Every board of 2 × 3, 3 × 2 and 1 × 6 cells of stones, empty cells
    /// and cells off the board, and every 3 × 3 and 1 × 8 board of stones
    /// and empty cells: the outcome class of the value (regions, images,
    /// canonical forms) is who wins by plain search of the whole board,
    /// under normal and misère play.
    #[test]
    fn outcome_classes_agree_with_search() {
        let mut games = Games::new();
        let mut valuer = Valuer::new(Konane);
        let mut memo = HashMap::new();
        let mut misere = MisereCheck::new();
        let boards: [(u32, u32, u32); 5] = [(2, 3, 4), (3, 2, 4), (1, 6, 4), (3, 3, 3), (1, 8, 3)];
        for (height, width, kinds) in boards {
            let n = height * width;
            for code in 0..kinds.pow(n) {
                let rows: Vec<String> = (0..height)
                    .map(|r| {
                        (0..width)
                            .map(|c| {
                                ['.', 'x', 'o', '#']
                                    [(code / kinds.pow(r * width + c) % kinds) as usize]
                            })
                            .collect()
                    })
                    .collect();
                let text = rows.join("/");
                let p = parse(&text, 1).unwrap();
                let g = valuer.value(&mut games, &p, &mut |_| true).unwrap();
                misere.assert(&Konane, &p);
                let expected = outcome_by_search(&Konane, &p, &mut memo);
                assert_eq!(games.outcome(g), expected, "{text}");
            }
        }
    }
}
