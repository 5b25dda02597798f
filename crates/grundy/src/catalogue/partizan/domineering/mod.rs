//! Domineering (Winning Ways, chapter 5; Berlekamp, "Blockbusting and
//! Domineering", 1988): Left places a domino on two empty cells one above
//! the other, Right on two side by side; who cannot place one loses.
//!
//! A board falls apart into regions no domino spans, and is their sum.
//! Each region is remembered by the least of its mirror images and those
//! of its transpose; a transposed region is the negative (the players'
//! dominoes exchanged).

mod alone;

use std::cmp::Ordering;

use super::grid::Grid;
use crate::catalogue::{no_parameters, Family, FamilyText};
use crate::component::{short_ruleset_ref, RulesetRef};
use crate::error::Result;
use crate::partizan::{Part, ShortGame};
use crate::short::outcome::{Bounds, Searched};
use crate::short::regions::Boards;
use crate::short::ShortRules;
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "domineering",
    usage: "domineering BOARD",
    summary: "Left places vertical dominoes, Right horizontal ones, on the empty cells \
              ('.' empty, '#' blocked, '/' between rows; RxC for an empty board); \
              who cannot place one loses",
    example: "domineering 4x4",
    build,
};

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(short_ruleset_ref(Domineering))
}

/// The rules; a position is the set of empty cells.
#[derive(Clone, Copy)]
pub struct Domineering;

/// The board after a domino on the cells `i` and `i + step`, for each `i`
/// of `pairs`.
fn placed(board: &Grid, pairs: u64, step: u32) -> Vec<Grid> {
    let mut options = Vec::with_capacity(pairs.count_ones() as usize);
    let mut bits = pairs;
    while bits != 0 {
        let i = bits.trailing_zeros();
        bits &= bits - 1;
        options.push(board.without((1 << i) | (1 << (i + step))));
    }
    options
}

impl ShortGame for Domineering {
    type Position = Grid;

    fn left_options(&self, board: &Grid) -> Vec<Grid> {
        placed(board, board.vertical_pairs(), u32::from(board.width))
    }

    fn right_options(&self, board: &Grid) -> Vec<Grid> {
        placed(board, board.horizontal_pairs(), 1)
    }

    /// The regions of two cells or more (a lone cell is 0), each under the
    /// least of its eight mirror images and transposes.
    fn parts(&self, board: &Grid) -> Vec<Part<Grid>> {
        let mut parts = Vec::new();
        self.parts_into(board, &mut parts);
        parts
    }

    fn parts_into(&self, board: &Grid, out: &mut Vec<Part<Grid>>) {
        let parts = board
            .region_masks()
            .filter(|&cells| cells.count_ones() >= 2)
            .map(|cells| {
                let region = board.cropped(cells);
                // Boards are ordered by height first: where the region is
                // lower than wide, its own images come first, else those
                // of its transpose; where it is square, the least of both
                // (its own on a tie).
                let (key, negated) = match region.height.cmp(&region.width) {
                    Ordering::Less => (region.least_reflection(false), false),
                    Ordering::Greater => (region.least_reflection(true), true),
                    Ordering::Equal => {
                        let (same, turned) = (
                            region.least_reflection(false),
                            region.least_reflection(true),
                        );
                        if turned < same {
                            (turned, true)
                        } else {
                            (same, false)
                        }
                    }
                };
                Part { key, negated }
            });
        out.extend(parts);
    }
}

impl ShortRules for Domineering {
    fn name(&self) -> String {
        FAMILY.name.into()
    }

    /// A region is a polyomino of empty cells, blocked cells around it.
    fn boards(&self) -> Option<Boards> {
        Some(Boards {
            cells: &['.'],
            outside: '#',
            rows: false,
        })
    }

    fn parse_position(&self, word: &Word) -> Result<Grid> {
        Grid::parse(word)
    }

    fn show(&self, board: &Grid) -> String {
        board.show()
    }

    /// (a, b) is the empty board of a rows and b columns, `axb`.
    fn pair_text(&self, a: u64, b: u64) -> Option<String> {
        Some(format!("{a}x{b}"))
    }

    /// Below the board, Left's areas: the board where Left places only
    /// on the rows' runs of one to three cells (Right can place at most
    /// one domino on each, and none joins them to other cells), less
    /// Right's moves on the longer runs (half of each, rounded down);
    /// above it, Right's areas the same way, with columns for rows. The
    /// bound below keeps Left's dominoes on two cells each alone in its
    /// row ("safe moves", Breuker, Uiterwijk and van den Herik, 2000) and
    /// on the 2 × 2 squares of two runs of two ("protective areas",
    /// Bullock, 2002), among others. (Runs of up to four cells decide
    /// more states, but take longer to value: see BENCHMARKS.md.)
    fn bounds(&self, board: &Grid) -> Option<Bounds<Grid>> {
        let areas = |vertical: bool| {
            let (mut short, mut moves) = (0, 0);
            for run in board.runs(vertical) {
                match run.count_ones() {
                    1..=3 => short |= run,
                    n => moves += n / 2,
                }
            }
            (
                Grid {
                    cells: short,
                    ..*board
                },
                moves,
            )
        };
        Some(Bounds {
            below: areas(false),
            above: areas(true),
        })
    }

    /// Cram (the variant) by the symmetry strategy: a board that the half
    /// turn about its centre maps onto itself is a second-player win,
    /// nimber 0, where no domino can be placed onto its own image or onto
    /// one overlapping it (the centre cell is not empty, or the two cells
    /// either side of the centre are not both empty): the second player
    /// answers each domino with its image, which is free, since the board
    /// stays symmetric. (Wikipedia, "Cram (game)", for the empty boards
    /// with both sides even.)
    fn variant_nimber(&self, board: &Grid) -> Option<u64> {
        let n = u32::from(board.height) * u32::from(board.width);
        if n == 0 {
            return Some(0);
        }
        // The half turn takes cell i to cell n - 1 - i.
        let turned = board.cells.reverse_bits() >> (64 - n);
        if turned != board.cells {
            return None;
        }
        let (w, empty) = (u32::from(board.width), |i: u32| board.cells >> i & 1 == 1);
        // A domino onto its own image, or onto one that overlaps it: one
        // covering an empty centre cell, or two empty cells that are each
        // other's images, side by side or one above the other.
        let own_image = (0..n.div_ceil(2)).any(|i| {
            let j = n - 1 - i;
            let beside = (j == i + 1 && j % w != 0) || j == i + w;
            empty(i) && (i == j || (beside && empty(j)))
        });
        (!own_image).then_some(0)
    }

    /// A placement game: a player who cannot place a domino never can
    /// again, the board only filling.
    fn dead_ending(&self) -> bool {
        true
    }

    /// A board alone is searched by [`alone`], the board a word of bits.
    fn decide_alone(
        &self,
        board: &Grid,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Option<Result<Searched>> {
        Some(alone::decide(board, progress))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    use crate::catalogue::check::{outcome_by_search, MisereCheck};
    use crate::partizan::{Dyadic, Games, Valuer};

    fn value(text: &str) -> String {
        let mut games = Games::new();
        let mut valuer = Valuer::new(Domineering);
        let word = Word::new(text);
        let board = Grid::parse(&word).unwrap();
        let g = valuer.value(&mut games, &board, &mut |_| true).unwrap();
        games.write(g).unwrap()
    }

    /// Small boards whose values follow from the rules in a line (Winning
    /// Ways, chapter 5, works them out the same way): a column of two is
    /// 1 (Left's one move), a row of two -1, a row of three -1 too (Right's
    /// one move leaves a lone cell), the L of three cells * (either
    /// player's one move leaves a lone cell), the 2×2 square ±1 (each
    /// player's move leaves the other nothing and a move of one's own),
    /// and a row of n cells -⌊n/2⌋.
    #[test]
    fn small_boards() {
        for (board, expected) in [
            ("./.", "1"),
            ("..", "-1"),
            ("...", "-1"),
            ("../.#", "*"),
            ("2x2", "±1"),
            ("1x5", "-2"),
            ("1x6", "-3"),
            ("1x9", "-4"),
        ] {
            assert_eq!(value(board), expected, "{board}");
        }
    }

    /// Values that cgt-tools' Domineering tests list as confirmed with
    /// CGSuite (cgt 0.11, `short/partizan/games/domineering.rs`; their
    /// rows are split by `|`), with CGSuite's `{1|-1}` written `±1`.
    #[test]
    fn values_confirmed_with_cgsuite() {
        for (board, expected) in [
            ("3x3", "±1"),
            ("..#/..#/##.", "±1"),
            (".##/.##/...", "0"),
            ("..#/..#/...", "{1/2|-2}"),
            (".#.#/.#..", "1*"),
            ("#.../..../..../....", "{1*|-1*}"),
        ] {
            assert_eq!(value(board), expected, "{board}");
        }
    }

    /// A table whose remembered comparisons may take 8 KiB only (1,024
    /// slots) forgets them over and over on these boards (14 times), and gives
    /// every value as a table that keeps them all: the same forms, on the
    /// cgt-tools boards above and the 4 x 5 and 5 x 4 boards.
    #[test]
    fn values_are_the_same_where_comparisons_are_forgotten() {
        let (mut keeping, mut forgetting) = (Games::new(), Games::with_answers_within(8 << 10));
        for text in [
            "3x3",
            "..#/..#/...",
            "#.../..../..../....",
            "4x5",
            "5x4",
            "4x4",
        ] {
            let board = Grid::parse(&Word::new(text)).unwrap();
            let kept = Valuer::new(Domineering)
                .value(&mut keeping, &board, &mut |_| true)
                .unwrap();
            let found = Valuer::new(Domineering)
                .value(&mut forgetting, &board, &mut |_| true)
                .unwrap();
            assert_eq!(forgetting.write(found), keeping.write(kept), "{text}");
        }
        assert!(
            forgetting.answers_forgotten() >= 10,
            "{}",
            forgetting.answers_forgotten()
        );
        assert_eq!(keeping.answers_forgotten(), 0);
    }

    /// Each part is keyed by the least of all eight images of its region
    /// (four mirror images, four of the transpose, negated), on every set
    /// of cells of boards of 2x5, 5x2, 3x3 and 4x3 cells.
    #[test]
    fn a_part_is_keyed_by_the_least_of_its_eight_images() {
        for (height, width) in [(2u8, 5u8), (5, 2), (3, 3), (4, 3)] {
            for cells in 0..1u64 << (height * width) {
                let board = Grid {
                    height,
                    width,
                    cells,
                };
                let regions = board.regions();
                let regions = regions.iter().filter(|r| r.cells.count_ones() >= 2);
                let expected: Vec<Part<Grid>> = regions
                    .map(|region| {
                        let images = (region.reflections().into_iter().map(|g| (g, false)))
                            .chain(region.transposed().reflections().map(|g| (g, true)));
                        let (key, negated) = images.min().unwrap();
                        Part { key, negated }
                    })
                    .collect();
                assert_eq!(Domineering.parts(&board), expected, "{}", board.show());
            }
        }
    }

    /// The bounds of every board of 3 × 4, 4 × 3 and 2 × 6 cells with any
    /// cells blocked are below and above its value, all by canonical
    /// forms; the bound below is the value itself on some boards with a
    /// run of four cells or more (so the integer counts).
    #[test]
    fn bounds_are_below_and_above_every_board() {
        let mut games = Games::new();
        let mut valuer = Valuer::new(Domineering);
        let mut tight = 0;
        for (height, width) in [(3u8, 4u8), (4, 3), (2, 6)] {
            for cells in 0..1u64 << (height * width) {
                let board = Grid {
                    height,
                    width,
                    cells,
                };
                let bounds = Domineering.bounds(&board).unwrap();
                let mut value = |p: &Grid| valuer.value(&mut games, p, &mut |_| true).unwrap();
                let (g, below, above) = (
                    value(&board),
                    value(&bounds.below.0),
                    value(&bounds.above.0),
                );
                let mut integer = |n: i128| games.number(Dyadic::integer(n));
                let (fewer, more) = (
                    integer(-i128::from(bounds.below.1)),
                    integer(bounds.above.1.into()),
                );
                let (below, above) = (games.add(below, fewer), games.add(above, more));
                assert!(games.le(below, g), "{}", board.show());
                assert!(games.le(g, above), "{}", board.show());
                let long_runs = board.runs(false).iter().any(|run| run.count_ones() >= 4);
                tight += usize::from(long_runs && below == g);
            }
        }
        assert!(tight > 0);
    }

    /// Every board of 3 rows and 4 columns with any cells blocked, and the
    /// empty 4×4 board: the outcome class of the value (regions, mirror
    /// images, canonical forms) is who wins by plain search.
    #[test]
    fn outcome_classes_agree_with_search() {
        let mut games = Games::new();
        let mut valuer = Valuer::new(Domineering);
        let mut memo = HashMap::new();
        let mut misere = MisereCheck::new();
        let boards = (0..1u64 << 12)
            .map(|cells| Grid {
                height: 3,
                width: 4,
                cells,
            })
            .chain(std::iter::once(Grid {
                height: 4,
                width: 4,
                cells: 0xffff,
            }));
        for board in boards {
            let g = valuer.value(&mut games, &board, &mut |_| true).unwrap();
            misere.assert(&Domineering, &board);
            let expected = outcome_by_search(&Domineering, &board, &mut memo);
            assert_eq!(games.outcome(g), expected, "{}", board.show());
        }
    }
}
