//! Clobber (Albert, Grossman, Nowakowski and Wolfe, "An introduction to
//! Clobber", 2005): Left's stones `x`, Right's `o`; a player moves one of
//! their stones onto an opponent's stone next to it by an edge, which is
//! removed; who cannot move loses.
//!
//! Stones only ever move onto stones, so groups of stones joined by edges
//! never meet again: a board is the sum of its groups. Each group is kept
//! under the least of its eight turns and mirror images and those with the
//! colours exchanged, which is its negative.
//!
//! Cannibal Clobber (`cannibal_clobber.rs`), where a stone may also take
//! one of its own side's, shares these rules through `cannibal`.

use super::grid::{Grid, MAX_CELLS};
use crate::catalogue::{no_parameters, Family, FamilyText};
use crate::component::{short_ruleset_ref, RulesetRef};
use crate::error::Result;
use crate::partizan::{Part, ShortGame};
use crate::short::regions::Boards;
use crate::short::ShortRules;
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "clobber",
    usage: "clobber BOARD",
    summary: "x Left's stones, o Right's, '.' empty, '/' between rows: move a stone of yours \
              onto an opponent's next to it, which is removed; who cannot move loses",
    example: "clobber xox/oxo",
    build,
};

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(short_ruleset_ref(CLOBBER))
}

/// The rules; a position is the board's two sets of stones.
pub struct Clobber {
    /// The family's name.
    pub name: &'static str,
    /// Whether a stone may also take a stone of its own side next to it.
    pub cannibal: bool,
}

/// Clobber itself.
pub const CLOBBER: Clobber = Clobber {
    name: FAMILY.name,
    cannibal: false,
};

/// Left's stones and Right's on one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stones {
    pub left: Grid,
    pub right: Grid,
}

impl Stones {
    fn with(&self, left: u64, right: u64) -> Stones {
        Stones {
            left: Grid {
                cells: left,
                ..self.left
            },
            right: Grid {
                cells: right,
                ..self.right
            },
        }
    }

    /// The boards after each move of the mover's stones onto the other's
    /// (and, if `cannibal`, onto the mover's own: every such move of one
    /// stone leaves the same board, listed once).
    fn moves(&self, left_moves: bool, cannibal: bool) -> Vec<Stones> {
        let (mine, theirs) = match left_moves {
            true => (self.left.cells, self.right.cells),
            false => (self.right.cells, self.left.cells),
        };
        let targets = if cannibal { theirs | mine } else { theirs };
        let mut options: Vec<Stones> = self
            .left
            .adjacent_pairs(mine, targets)
            .into_iter()
            .map(|(from, to)| {
                let mine = (mine & !(1 << from)) | (1 << to);
                let theirs = theirs & !(1 << to);
                match left_moves {
                    true => self.with(mine, theirs),
                    false => self.with(theirs, mine),
                }
            })
            .collect();
        if cannibal {
            options.sort();
            options.dedup();
        }
        options
    }
}

impl ShortGame for Clobber {
    type Position = Stones;

    fn left_options(&self, p: &Stones) -> Vec<Stones> {
        p.moves(true, self.cannibal)
    }

    fn right_options(&self, p: &Stones) -> Vec<Stones> {
        p.moves(false, self.cannibal)
    }

    /// The groups with a move (stones of both colours or, if `cannibal`,
    /// two stones), each under its least image.
    fn parts(&self, p: &Stones) -> Vec<Part<Stones>> {
        let board = Grid {
            cells: p.left.cells | p.right.cells,
            ..p.left
        };
        board
            .region_masks()
            .filter(|&group| match self.cannibal {
                true => group.count_ones() >= 2,
                false => group & p.left.cells != 0 && group & p.right.cells != 0,
            })
            .map(|group| {
                let b = board.bounding_box(group);
                let (left, right) = (
                    board.in_box(p.left.cells & group, b),
                    board.in_box(p.right.cells & group, b),
                );
                let (tl, tr) = (left.transposed(), right.transposed());
                let images = left
                    .reflections()
                    .into_iter()
                    .zip(right.reflections())
                    .chain(tl.reflections().into_iter().zip(tr.reflections()));
                let (key, negated) = images
                    .flat_map(|(l, r)| {
                        [
                            (Stones { left: l, right: r }, false),
                            (Stones { left: r, right: l }, true),
                        ]
                    })
                    .min()
                    .unwrap_or((Stones { left, right }, false));
                Part { key, negated }
            })
            .collect()
    }
}

impl ShortRules for Clobber {
    fn name(&self) -> String {
        self.name.into()
    }

    /// A region is a polyomino of stones, empty cells around it.
    fn boards(&self) -> Option<Boards> {
        Some(Boards {
            cells: &['x', 'o'],
            outside: '.',
            rows: false,
        })
    }

    fn parse_position(&self, word: &Word) -> Result<Stones> {
        let how = "a board is written with x (Left's stone), o (Right's), '.' (empty) and '/' \
                   between rows";
        let [left, right, _] = Grid::parse_marked(word, ['x', 'o', '.'], false, how)?;
        Ok(Stones { left, right })
    }

    fn show(&self, p: &Stones) -> String {
        Grid::show_marked([p.left, p.right], ['x', 'o'], '.')
    }

    /// (a, b) is the full board of a rows and b columns in a checkerboard
    /// pattern, `x` in its first corner (MCGS's Clobber boards: 1 × b is
    /// the strip `xoxo...`); a board of no cells has no stones, `.`.
    fn pair_text(&self, a: u64, b: u64) -> Option<String> {
        if a.checked_mul(b)? > MAX_CELLS as u64 {
            return None;
        }
        if a == 0 || b == 0 {
            return Some(".".into());
        }
        let row = |i: u64| -> String {
            (0..b)
                .map(|j| if (i + j) % 2 == 0 { 'x' } else { 'o' })
                .collect()
        };
        Some((0..a).map(row).collect::<Vec<_>>().join("/"))
    }

    /// A stone moves only onto a stone: no stone ever gains a neighbour,
    /// so a player without a move (no stone of theirs next to one they
    /// may take) never has one again. (Clobber is moreover a dicot.)
    fn dead_ending(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::{every_board, OutcomeCheck};
    use crate::partizan::{Games, Valuer};

    fn stones(text: &str) -> Stones {
        CLOBBER.parse_position(&Word::new(text)).unwrap()
    }

    fn value(text: &str) -> String {
        let mut games = Games::new();
        let g = Valuer::new(CLOBBER)
            .value(&mut games, &stones(text), &mut |_| true)
            .unwrap();
        games.write(g).unwrap()
    }

    /// Values of small positions, worked out by hand: `xo` is * (either
    /// capture ends the game), so is `xox` (each capture leaves stones of
    /// one colour); in `xxo` Left's capture ends the game and Right's
    /// leaves `xo`, so it is {0|*} = ↑, and `oox` is its negative ↓;
    /// stones apart are 0.
    #[test]
    fn small_positions() {
        for (board, expected) in [
            ("xo", "*"),
            ("xox", "*"),
            ("xxo", "^"),
            ("oox", "v"),
            ("x./.o", "0"),
            ("o/x/x", "^"),
        ] {
            assert_eq!(value(board), expected, "{board}");
        }
    }

    /// A table's boards: checkerboards with `x` in the first corner.
    #[test]
    fn boards_of_two_numbers_are_checkerboards() {
        assert_eq!(CLOBBER.pair_text(1, 4).as_deref(), Some("xoxo"));
        assert_eq!(CLOBBER.pair_text(2, 3).as_deref(), Some("xox/oxo"));
        assert_eq!(CLOBBER.pair_text(3, 1).as_deref(), Some("x/o/x"));
        assert_eq!(CLOBBER.pair_text(0, 5).as_deref(), Some("."));
        assert_eq!(CLOBBER.pair_text(8, 8).map(|t| t.len()), Some(71));
        assert_eq!(CLOBBER.pair_text(5, 13), None);
        assert_eq!(CLOBBER.pair_text(u64::MAX, 2), None);
        // xo/ox: either player's capture leaves three stones in a path,
        // the capturer's two at one end: xxo (^) for Left, oox (v) for
        // Right; {^|v} is *, as whoever starts wins.
        assert_eq!(value(&CLOBBER.pair_text(2, 2).unwrap()), "*");
    }

    /// Every 2 × 3 board of stones and holes, and every 1 × 7 one: the
    /// outcome class of the value (groups, images, canonical forms) is who
    /// wins by plain search of the whole board.
    #[test]
    fn outcome_classes_agree_with_search() {
        let mut check = OutcomeCheck::new(CLOBBER);
        for (height, width) in [(2, 3), (1, 7), (3, 2)] {
            every_board(height, width, ".xo").for_each(|text| check.assert_text(&text));
        }
    }
}
