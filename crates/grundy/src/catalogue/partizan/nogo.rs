//! NoGo (the game of the 2011 Computer Olympiad; MCGS values it): Go's
//! board and stones, Left's `x` (Black) and Right's `o` (White) on empty
//! cells `.` and cells off the board `#`. A move places a stone of one's
//! own on an empty cell, where afterwards every group of stones (stones of
//! one colour joined by edges) still has a liberty, an empty cell next to
//! it: capturing and suicide are both illegal. Who cannot place loses.
//!
//! A group's liberties are in its own region of the board's cells joined
//! by edges (stones and empty cells), so a board is the sum of its
//! regions. Each region is kept under the least of its eight turns,
//! mirror images and transposes, and those with the colours exchanged,
//! which is its negative.

use super::grid::Grid;
use super::pieces::Pieces;
use crate::catalogue::{no_parameters, Family, FamilyText};
use crate::component::{short_ruleset_ref, RulesetRef};
use crate::error::Result;
use crate::partizan::{Part, ShortGame};
use crate::short::regions::Boards;
use crate::short::ShortRules;
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "nogo",
    usage: "nogo BOARD",
    summary: "x Left's (Black's) stones, o Right's (White's), '.' empty, '#' off the board, '/' \
              between rows (RxC for an empty board): place a stone of yours on an empty cell, where every group of \
              stones keeps an empty cell next to it (no capture, no suicide); who cannot place \
              loses",
    example: "nogo .../.x./...",
    build,
};

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(short_ruleset_ref(NoGo))
}

/// The rules; a position is a board's stones and empty cells.
pub struct NoGo;

/// The boards after each stone Left (`left_moves`) or Right may place.
fn placements(board: &Pieces, left_moves: bool) -> Vec<Pieces> {
    let (mine, theirs) = board.mine_and_theirs(left_moves);
    let grid = board.empty;
    let mut options = Vec::new();
    let mut free = board.empty.cells;
    while free != 0 {
        let stone = free & free.wrapping_neg();
        free &= free - 1;
        let (mine, empty) = (mine | stone, board.empty.cells & !stone);
        let breathes = |group: u64| grid.neighbours(group) & empty != 0;
        // Only the stone's own group and the other side's groups next to
        // it can have lost their last liberty.
        let mut legal = breathes(grid.group(stone, mine));
        let mut touched = grid.neighbours(stone) & theirs;
        while legal && touched != 0 {
            let group = grid.group(touched & touched.wrapping_neg(), theirs);
            legal = breathes(group);
            touched &= !group;
        }
        if legal {
            options.push(board.after(left_moves, mine, theirs, empty));
        }
    }
    options
}

/// A strip (a board one cell wide) with a cell off the board put between
/// each two stones of different colours side by side, as one row, where
/// there are such stones and the row still fits a board. In a strip those
/// stones part it: the `x` group's liberties are all on its own side, the
/// `o` group's on the other, and a stone placed touches only the groups of
/// its side, so no move on one side changes what is legal on the other.
/// (MCGS splits its 1 x n NoGo strips the same way.)
fn cut_strip(p: &Pieces) -> Option<Pieces> {
    if p.left.height > 1 && p.left.width > 1 {
        return None;
    }
    let row = |g: Grid| if g.height > 1 { g.transposed() } else { g };
    let (left, right, empty) = (row(p.left), row(p.right), row(p.empty));
    if left.height != 1 {
        return None;
    }
    let n = left.width as usize;
    // Cell c where cells c and c + 1 hold stones of different colours.
    let mut pairs = (left.cells & right.cells >> 1) | (right.cells & left.cells >> 1);
    let mut cuts = Vec::new();
    while pairs != 0 {
        cuts.push(pairs.trailing_zeros() as usize);
        pairs &= pairs - 1;
    }
    if cuts.is_empty() || n + cuts.len() > 64 {
        return None;
    }
    // Each cell moves right by the cuts before it: an empty cell goes in
    // after each cut's cell, the last cut first.
    let spread = |cells: u64| {
        cuts.iter().rev().fold(cells, |cells, &cut| {
            let below = cells & ((1 << (cut + 1)) - 1);
            below | (cells >> (cut + 1)) << (cut + 2)
        })
    };
    let grid = |cells| Grid {
        height: 1,
        width: (n + cuts.len()) as u8,
        cells,
    };
    Some(Pieces {
        left: grid(spread(left.cells)),
        right: grid(spread(right.cells)),
        empty: grid(spread(empty.cells)),
    })
}

impl ShortGame for NoGo {
    type Position = Pieces;

    fn left_options(&self, p: &Pieces) -> Vec<Pieces> {
        placements(p, true)
    }

    fn right_options(&self, p: &Pieces) -> Vec<Pieces> {
        placements(p, false)
    }

    /// Every region, each under its least image; a region one cell wide
    /// cut between stones of different colours side by side
    /// ([`cut_strip`]).
    fn parts(&self, p: &Pieces) -> Vec<Part<Pieces>> {
        // A strip is cut as a whole: its regions need no cut then.
        if let Some(cut) = cut_strip(p) {
            return cut.parts(false, |_, _| true);
        }
        let mut parts = Vec::new();
        for part in p.parts(false, |_, _| true) {
            match cut_strip(&part.key) {
                Some(cut) => {
                    parts.extend(cut.parts(false, |_, _| true).into_iter().map(|q| Part {
                        key: q.key,
                        negated: q.negated != part.negated,
                    }))
                }
                None => parts.push(part),
            }
        }
        parts
    }
}

impl ShortRules for NoGo {
    fn name(&self) -> String {
        FAMILY.name.into()
    }

    /// A region is a polyomino of the board's cells, each a stone or empty.
    fn boards(&self) -> Option<Boards> {
        Some(Boards {
            cells: &['x', 'o', '.'],
            outside: '#',
            rows: false,
        })
    }

    fn parse_position(&self, word: &Word) -> Result<Pieces> {
        let how = "a NoGo board is written with x (Left's stone), o (Right's), '.' (empty), \
                   '#' (off the board) and '/' between rows";
        Pieces::parse(word, true, how)
    }

    fn show(&self, p: &Pieces) -> String {
        p.show()
    }

    /// A cell where a player may not place stays so while it is empty, as
    /// no stone is ever taken off. Were the player's group through it to
    /// have no liberty, its neighbours are all the other's stones, and
    /// stay so; were it to take the last liberty of a group of the other's,
    /// that group can gain none (a stone joining it would stand on that
    /// cell). So a player with no cell to place on never has one again.
    fn dead_ending(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::{self, every_board, OutcomeCheck};

    fn parse(text: &str, column: usize) -> Result<Pieces> {
        check::parse(&NoGo, text, column)
    }

    /// Values worked by hand from the rules. A lone empty cell is 0: a
    /// stone there has no liberty. `..` = {`x.`|`o.`} = {0|0} = *: the
    /// stone's neighbour is its last liberty, which neither may fill.
    /// `.x.` = 1: Right's stone on either side would have no liberty,
    /// Left's fills one side and keeps the other, leaving 0. `x..` = *:
    /// Left to `xx.` or `x.x`, Right to `x.o` (not `xo.`, which takes the
    /// x's last liberty), each 0. So `...` = {`x..`, `.x.` | `o..`, `.o.`}
    /// = {*, 1 | *, -1} = {1|-1}. `x..o` = *: Left to `xx.o` = 0 (not
    /// `x.xo`, a capture), Right to `x.oo` = 0; so is `x.#/#.o`, the same
    /// path of cells bent. `x.#.o` is two regions, `x.` and `.o`, each 0.
    #[test]
    fn small_boards() {
        check::assert_values(
            NoGo,
            &[
                (".", "0"),
                ("..", "*"),
                ("x.", "0"),
                (".x.", "1"),
                (".o.", "-1"),
                ("x..", "*"),
                ("...", "{1|-1}"),
                ("x..o", "*"),
                ("x.#/#.o", "*"),
                ("x.#.o", "0"),
            ],
        );
    }

    /// Placements that capture or are suicide are not moves; others are.
    #[test]
    fn no_capture_no_suicide() {
        let boards = |p: &Pieces, left| -> Vec<String> {
            placements(p, left).iter().map(Pieces::show).collect()
        };
        // Left next to the o would take its last liberty; lower down it
        // may place.
        let p = parse("o../x../...", 1).unwrap();
        assert!(!boards(&p, true).contains(&"ox./x../...".to_string()));
        assert!(boards(&p, true).contains(&"o../x../x..".to_string()));
        // Right's stone in either empty corner would have no liberty.
        let p = parse(".x/x.", 1).unwrap();
        assert!(boards(&p, false).is_empty());
        assert_eq!(boards(&p, true), ["xx/x.", ".x/xx"]);
    }

    #[test]
    fn bad_boards_name_the_column() {
        let column = |text: &str| check::error_column(&NoGo, text, 6);
        assert_eq!(column("x.T"), 8);
        assert_eq!(column("x../x."), 10);
        assert_eq!(column("3x3x"), 6);
        assert_eq!(parse("2x3", 1).unwrap().show(), ".../...");
    }

    #[test]
    fn a_strip_is_cut_between_stones_of_different_colours() {
        let parts = |text: &str| NoGo.parts(&parse(text, 1).unwrap()).len();
        // `.xo.` is `.x` + `o.`, each 0 (no stone may go beside the
        // other's); `x.o.x.o` cuts nowhere; a column cuts as a row does,
        // and a board two cells wide not at all. `..x` = {`x.x`, `.xx` |
        // `o.x`} = {0|0} = * (Right may not take the x's last liberty),
        // and `o..` is its negative's mirror image, *: `..xo..` = 0.
        assert_eq!(parts(".xo."), 2);
        assert_eq!(parts("x.o.x.o"), 1);
        assert_eq!(parts("./x/o/./x/o/."), 3);
        assert_eq!(parts(".x./.o."), 1);
        check::assert_values(NoGo, &[(".xo.", "0"), ("..x", "*"), ("..xo..", "0")]);
    }

    /// Every board of 2 × 3, 3 × 2 and 1 × 6 cells of stones, empty cells
    /// and cells off the board, and every 3 × 3 and 1 × 8 board of stones
    /// and empty cells: the outcome class of the value (regions, images,
    /// canonical forms) is who wins by plain search of the whole board,
    /// under normal and misère play (strips cut between stones among
    /// them).
    #[test]
    fn outcome_classes_agree_with_search() {
        let mut check = OutcomeCheck::new(NoGo);
        let boards = [
            (2, 3, ".xo#"),
            (3, 2, ".xo#"),
            (1, 6, ".xo#"),
            (3, 3, ".xo"),
            (1, 8, ".xo"),
        ];
        for (height, width, cells) in boards {
            every_board(height, width, cells).for_each(|text| check.assert_text(&text));
        }
    }
}
