//! Cram (made known by Martin Gardner in Scientific American): Domineering
//! where either player may place a domino either way, vertical or
//! horizontal, on two empty cells; who cannot place one loses. It is the
//! impartial variant of Domineering, built from Domineering's own rules
//! (no copy of them): its value is a nimber.
//!
//! A board falls apart into regions no domino spans, and its nimber is
//! the XOR of theirs; each region is remembered by the least of its
//! eight mirror images and transposes (Cram is the same game
//! transposed). The nimbers are searched on the board as a word of bits
//! ([`search`]), not by the variant's general search of keyed parts,
//! which `impartial(domineering)` keeps (the tests hold the two equal). A
//! move leaves the board whole, as it is drawn and played.
//!
//! Closed forms: a board with both sides even is a second-player win
//! (nimber 0), and one with one side even and the other odd a
//! first-player win, by the symmetry strategy (as Wikipedia's "Cram
//! (game)" states it): the second player answers each domino with its
//! image under the half turn about the centre; on an even × odd board the
//! first player first takes the two middle cells of the middle line and
//! then answers the same way. A row of n cells is Dawson's Kayles with n
//! pins (octal 0.07: a domino takes two neighbouring cells and leaves the
//! rest as at most two rows). The search takes both, for every region it
//! meets, in their general forms (Domineering's `variant_nimber`: any
//! region the half turn maps onto itself with no domino onto its own image
//! is 0; any region that is one run of cells is Dawson's Kayles); the
//! tests check them, and the others, against plain search.

mod search;

use crate::catalogue::partizan::domineering::Domineering;
use crate::catalogue::partizan::grid::Grid;
use crate::catalogue::{no_parameters, Family, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::Result;
use crate::short::impartial::{ImpartialVariant, OwnSearch};

pub const FAMILY: Family = Family {
    name: "cram",
    usage: "cram BOARD",
    summary: "either player places a domino, vertical or horizontal, on two empty cells \
              ('.' empty, '#' blocked, '/' between rows; RxC for an empty board); who cannot \
              place one loses (the impartial variant of domineering)",
    example: "cram 3x4",
    build,
};

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(ruleset_ref(cram()))
}

/// The rules: Domineering's, either player making any move of either
/// side; the nimbers by the search of the board in bits ([`search`]).
fn cram() -> ImpartialVariant {
    let mut nimbers = search::Nimbers::default();
    let own: OwnSearch<Grid> = Box::new(move |board, progress| nimbers.nimber(board, progress));
    ImpartialVariant::searched(Domineering, FAMILY.name, Some(own))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    use num_bigint::BigUint;

    use crate::catalogue::CodeRuleset;
    use crate::error::Error;
    use crate::game::Ruleset;
    use crate::short::impartial::VariantPosition;
    use crate::solver::Solver;
    use crate::take_and_break::TakeAndBreak;
    use crate::word::Word;

    fn board(text: &str) -> VariantPosition {
        cram().parse_position(&[Word::new(text)]).unwrap()
    }

    /// The nimber of a board by plain search: the mex of the nimbers of
    /// the boards after each domino, whole (no regions, no mirror images),
    /// remembered by the cells left.
    pub(super) fn plain_nimber(board: &Grid, memo: &mut HashMap<Grid, u64>) -> u64 {
        if let Some(&known) = memo.get(board) {
            return known;
        }
        let (h, w) = (board.height as usize, board.width as usize);
        let mut seen = Vec::new();
        for r in 0..h {
            for c in 0..w {
                let cell = 1u64 << (r * w + c);
                let right = (c + 1 < w).then_some(cell << 1);
                let below = (r + 1 < h).then_some(cell << w);
                for other in [right, below].into_iter().flatten() {
                    let both = cell | other;
                    if board.cells & both == both {
                        let after = Grid {
                            cells: board.cells & !both,
                            ..*board
                        };
                        seen.push(plain_nimber(&after, memo));
                    }
                }
            }
        }
        let mex = (0..)
            .find(|n| !seen.contains(n))
            .expect("a value is missing");
        memo.insert(*board, mex);
        mex
    }

    /// Every board of 3 × 4 and of 4 × 4 cells with any cells blocked:
    /// the nimber by regions and mirror images is the plain search's.
    #[test]
    fn agrees_with_plain_search() {
        let (cram, mut memo) = (cram(), HashMap::new());
        for (height, width) in [(3u8, 4u8), (4, 4), (2, 7), (3, 5), (1, 9)] {
            for cells in 0..1u64 << (height * width) {
                let board = Grid {
                    height,
                    width,
                    cells,
                };
                let expected = plain_nimber(&board, &mut memo);
                let position = ImpartialVariant::position(board);
                assert_eq!(
                    cram.nimber(&position).unwrap(),
                    expected,
                    "{}",
                    board.show()
                );
            }
        }
    }

    /// The half turn (Domineering's `variant_nimber`, which the search
    /// takes without listing a move): boards it maps onto themselves with
    /// no domino onto its own image are 0, as the plain search finds; a
    /// board with such a domino, or not symmetric, is left to the search.
    #[test]
    fn the_half_turn_gives_nimber_0_where_no_domino_is_its_own_image() {
        use crate::short::ShortRules;
        let grid = |text: &str| {
            let word = Word::new(text);
            Grid::parse(&word).unwrap()
        };
        let mut memo = HashMap::new();
        for (text, by_symmetry) in [
            ("4x4", true),
            ("2x6", true),
            ("2x8", true),
            ("#..#/..../..../#..#", true),
            (".../.#./...", true),
            ("...../..#../.....", true),
            ("3x3", false),
            ("2x3", false),
            ("1x4", false),
            ("#.../..../..../....", false),
            ("...../...../.....", false),
        ] {
            let board = grid(text);
            let closed = Domineering.variant_nimber(&board);
            assert_eq!(closed.is_some(), by_symmetry, "{text}");
            if let Some(nimber) = closed {
                assert_eq!(nimber, plain_nimber(&board, &mut memo), "{text}");
            }
        }
    }

    /// The symmetry strategy (see the module's doc): even × even boards
    /// are second-player wins, even × odd ones first-player wins.
    #[test]
    fn symmetry_strategy() {
        let cram = cram();
        for (rows, columns) in [(2, 2), (2, 4), (2, 6), (2, 8), (4, 4), (4, 6), (2, 10)] {
            for text in [format!("{rows}x{columns}"), format!("{columns}x{rows}")] {
                assert_eq!(cram.nimber(&board(&text)).unwrap(), 0, "{text}");
            }
        }
        for (rows, columns) in [(2, 1), (2, 3), (2, 5), (2, 7), (4, 1), (4, 3), (4, 5)] {
            for text in [format!("{rows}x{columns}"), format!("{columns}x{rows}")] {
                assert_ne!(cram.nimber(&board(&text)).unwrap(), 0, "{text}");
            }
        }
    }

    /// The nimbers of empty boards Beling's solver published (Piotr
    /// Beling, github.com/beling/impartial-games, README, "The results
    /// obtained so far: Cram"): 4 x 5 is *2, 4 x 7 *3, 5 x 5 0, 5 x 6
    /// *2. The larger boards of his table take from half a minute up in
    /// a release build (BENCHMARKS.md), too long for a test.
    #[test]
    fn published_nimbers_of_empty_boards() {
        let cram = cram();
        for (board_text, nimber) in [("4x5", 2u64), ("4x7", 3), ("5x5", 0), ("5x6", 2)] {
            let (rows, columns) = board_text.split_once('x').unwrap();
            for text in [board_text.to_string(), format!("{columns}x{rows}")] {
                let found = cram.nimber(&board(&text)).unwrap();
                assert_eq!(found, nimber, "{text}");
            }
        }
    }

    /// A row (or a column) of n cells is Dawson's Kayles with n pins,
    /// octal 0.07 (as the dawson family is), for n up to 40.
    #[test]
    fn rows_are_dawsons_kayles() {
        let code = TakeAndBreak::parse("0.07", false).unwrap();
        let mut dawson = Solver::new(CodeRuleset::new("dawson".into(), code));
        let cram = cram();
        for n in 1..=40u32 {
            let expected = dawson.nimber(&BigUint::from(n)).unwrap();
            for text in [format!("1x{n}"), format!("{n}x1")] {
                assert_eq!(cram.nimber(&board(&text)).unwrap(), expected, "{text}");
            }
        }
    }

    /// A stone, a row of another length: errors at the character's column.
    #[test]
    fn bad_boards_name_the_column() {
        let column = |text: &str| match cram().parse_position(&[Word {
            text: text.into(),
            column: 6,
        }]) {
            Err(Error::Parse { column, .. }) => column,
            other => panic!("{other:?}"),
        };
        assert_eq!(column("..x/..."), 8);
        assert_eq!(column(".../.."), 10);
    }
}
