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

use super::pieces::Pieces;
use crate::catalogue::{no_parameters, Family, FamilyText};
use crate::component::{short_ruleset_ref, RulesetRef};
use crate::error::Result;
use crate::partizan::{Part, ShortGame};
use crate::short::regions::Boards;
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

/// The boards after each move of Left's stones (`left_moves`) or Right's:
/// every stone, every direction, every number of jumps.
fn jumps(board: &Pieces, left_moves: bool) -> Vec<Pieces> {
    let (mine, theirs) = board.mine_and_theirs(left_moves);
    let (h, w) = (i64::from(board.empty.height), i64::from(board.empty.width));
    let at = |r: i64, c: i64| ((0..h).contains(&r) && (0..w).contains(&c)).then(|| r * w + c);
    let mut options = Vec::new();
    for from in (0..h * w).filter(|&i| mine >> i & 1 == 1) {
        let (r, c) = (from / w, from % w);
        for (dr, dc) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let mut taken = 0u64;
            for k in 1.. {
                let jumped = at(r + (2 * k - 1) * dr, c + (2 * k - 1) * dc);
                let landing = at(r + 2 * k * dr, c + 2 * k * dc);
                let (Some(jumped), Some(landing)) = (jumped, landing) else {
                    break;
                };
                if theirs >> jumped & 1 == 0 || board.empty.cells >> landing & 1 == 0 {
                    break;
                }
                taken |= 1 << jumped;
                let moved = (mine & !(1 << from)) | (1 << landing);
                let empty = (board.empty.cells | taken | (1 << from)) & !(1 << landing);
                options.push(board.after(left_moves, moved, theirs & !taken, empty));
            }
        }
    }
    options
}

impl ShortGame for Konane {
    type Position = Pieces;

    fn left_options(&self, p: &Pieces) -> Vec<Pieces> {
        jumps(p, true)
    }

    fn right_options(&self, p: &Pieces) -> Vec<Pieces> {
        jumps(p, false)
    }

    /// The regions with stones of both colours, each under its least image.
    fn parts(&self, p: &Pieces) -> Vec<Part<Pieces>> {
        p.parts(false, |left, right| left != 0 && right != 0)
    }
}

impl ShortRules for Konane {
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
        let how = "a Konane board is written with x (Left's stone), o (Right's), '.' (empty), \
                   '#' (off the board) and '/' between rows";
        Pieces::parse(word, false, how)
    }

    fn show(&self, p: &Pieces) -> String {
        p.show()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::{self, every_board, OutcomeCheck};
    use crate::error::Error;

    fn parse(text: &str, column: usize) -> Result<Pieces> {
        check::parse(&Konane, text, column)
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
        check::assert_values(
            Konane,
            &[
                ("xo.", "1"),
                ("x/o/.", "1"),
                (".ox", "1"),
                ("xo#", "0"),
                ("xo/..", "0"),
                (".xo.", "*"),
                ("xo.o.", "1"),
                ("xo.#/...o", "1"),
                (".xo.o.", "^*"),
            ],
        );
    }

    #[test]
    fn bad_boards_name_the_column() {
        let column = |text: &str| check::error_column(&Konane, text, 5);
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
        let mut check = OutcomeCheck::new(Konane);
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
