//! Connect four on W columns of height H: X (first) and O take turns
//! dropping a disc into a column that is not full, where it falls to the
//! lowest empty cell; the first with four in a row (across, down or
//! diagonally) wins, and a full board without one is a tie.
//!
//! A position is written like an m,n,k-game's: the rows from the top down,
//! with `x`, `o` and `.`, separated by `/` (`..../..../.o../.xx.`); whose turn
//! it is follows from the counts. A disc above an empty cell is bad input.
//!
//! A position is one `u64`: column c holds bits `c(H+1)` to `c(H+1) + H`,
//! its discs from the bottom (1 for x, 0 for o) and above them a 1 that marks
//! the column's height. So W(H+1) <= 64. The four-in-a-row test shifts the
//! bitboard of a player's discs by the step of each direction, as in John
//! Tromp's and Pascal Pons's solvers; the row of height markers keeps the
//! columns apart. A column's bits, less one, number its contents among
//! B = 2^(H+1) - 1, so the boards are numbered in base B: B^W numbers
//! (28,629,151 for 5 x 4; B^W < 2^(W(H+1)) fits 64 bits), which the solver
//! uses where a bit per number fits its memory.

mod tiers;

use super::{parameter_count, Family, FamilyText};
use crate::component::{strong_ruleset_ref, RulesetRef};
use crate::error;
use crate::strong::StrongRules;
use crate::word::Word;
use std::collections::HashSet;

use crate::retrograde::{Numbering, StrongGame};
use crate::tier::TieredGame;
use crate::value::Standing;

/// Four in a row wins.
const FOUR: u32 = 4;

pub const FAMILY: Family = Family {
    name: "connect4",
    usage: "connect4(W,H) BOARD",
    summary:
        "drop discs into W columns of height H in turn, four in a row wins, a full board is a tie",
    example: "connect4(4,4) ..../..../..../x...",
    build,
};

fn build(written: &FamilyText) -> error::Result<RulesetRef> {
    parameter_count(written, 2, FAMILY.usage)?;
    let [w, h] = [0, 1].map(|i| written.parameters[i].number::<u64>("a board size"));
    let game = Connect4::new(w?, h?).map_err(|e| written.parameters[0].locate(e))?;
    Ok(strong_ruleset_ref(game))
}

impl StrongRules for Connect4 {
    fn name(&self) -> String {
        Connect4::name(self)
    }

    fn parse_position(&self, word: &Word) -> error::Result<u64> {
        Connect4::parse_position(self, &word.text).map_err(|e| word.locate(e))
    }

    fn tiered(&self) -> Option<&dyn TieredGame<Position = u64>> {
        Some(self)
    }
}

/// Connect Four (`connect4(W,H)`) on W columns of height H, with
/// W x (H + 1) at most 64, solved strongly by [`crate::retrograde`].
pub struct Connect4 {
    width: u32,
    height: u32,
    /// The H + 1 bits of one column.
    column: u64,
    /// Every run of four cells in a line, as a mask (to check written
    /// positions; play uses the shifts).
    windows: Vec<u64>,
    /// B^c for each column c (B^W < 2^(W(H+1)) fits 64 bits).
    powers: Vec<u64>,
    /// The ranks of boards within tiers (tiers.rs).
    ranking: tiers::Ranking,
}

impl Connect4 {
    /// The game on `width` columns of height `height`.
    ///
    /// # Errors
    ///
    /// [`Error::Parameter`](error::Error::Parameter), saying which parameter is out of range.
    pub fn new(width: u64, height: u64) -> error::Result<Connect4> {
        if width == 0 || height == 0 {
            return Err(error::Error::Parameter(format!(
                "the board needs at least one column and one row, not {width} x {height}"
            )));
        }
        if width.saturating_mul(height + 1) > 64 {
            return Err(error::Error::Parameter(format!(
                "width x (height + 1) must be at most 64 (one bit a cell and one a \
                 column), not {width} x {}",
                height + 1
            )));
        }
        let (width, height) = (width as u32, height as u32);
        let mut game = Connect4 {
            width,
            height,
            column: u64::MAX >> (63 - height),
            windows: Vec::new(),
            powers: (0..width)
                .map(|c| (u64::MAX >> (63 - height)).pow(c))
                .collect(),
            ranking: tiers::Ranking::new(width, height),
        };
        for c in 0..width as i32 {
            for r in 0..height as i32 {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let end = (c + dc * (FOUR as i32 - 1), r + dr * (FOUR as i32 - 1));
                    if end.0 >= width as i32 || end.1 < 0 || end.1 >= height as i32 {
                        continue;
                    }
                    let mask =
                        (0..FOUR as i32).fold(0, |mask, i| mask | game.bit(c + dc * i, r + dr * i));
                    game.windows.push(mask);
                }
            }
        }
        Ok(game)
    }

    /// How an expression writes the ruleset: `connect4(7,6)`.
    pub fn name(&self) -> String {
        format!("connect4({},{})", self.width, self.height)
    }

    /// The bit of a cell (column, row from the bottom).
    fn bit(&self, column: i32, row: i32) -> u64 {
        1 << (column as u32 * (self.height + 1) + row as u32)
    }

    /// The height of each column, in a fixed array (W <= 32).
    fn heights(&self, position: u64) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.width).map(move |c| {
            let shift = c * (self.height + 1);
            let field = (position >> shift) & self.column;
            (shift, 63 - field.leading_zeros())
        })
    }

    /// X's discs and all discs.
    fn discs(&self, position: u64) -> (u64, u64) {
        let mut all = 0;
        for (shift, height) in self.heights(position) {
            all |= ((1 << height) - 1) << shift;
        }
        (position & all, all)
    }

    fn has_four(&self, discs: u64) -> bool {
        let h = self.height;
        [1, h + 1, h, h + 2].into_iter().any(|step| {
            let pairs = discs & discs.checked_shr(step).unwrap_or(0);
            pairs & pairs.checked_shr(2 * step).unwrap_or(0) != 0
        })
    }

    /// Reads a written position.
    ///
    /// # Errors
    ///
    /// [`Error::Parse`](error::Error::Parse) with the 1-based column in
    /// `text` of the character at fault. A board that play cannot reach
    /// is bad input: a disc above an empty cell, wrong counts, a line for
    /// the player to move, lines for both, or lines that no last disc
    /// completed.
    pub fn parse_position(&self, text: &str) -> error::Result<u64> {
        self.read_position(text)
            .map_err(|(at, message)| error::Error::Parse {
                column: at + 1,
                message,
            })
    }

    /// [`Connect4::parse_position`], with the 0-based index of the problem.
    fn read_position(&self, text: &str) -> Result<u64, (usize, String)> {
        let (w, h) = (self.width as i32, self.height as i32);
        let (mut x, mut all) = (0u64, 0u64);
        let (mut row, mut column) = (h - 1, 0);
        for (offset, c) in text.chars().enumerate() {
            if c == '/' {
                if column != w {
                    return Err((offset, self.row_length_error(row, column)));
                }
                if row == 0 {
                    return Err((offset, format!("the board has only {h} rows")));
                }
                row -= 1;
                column = 0;
                continue;
            }
            if column == w {
                return Err((offset, self.row_length_error(row, column + 1)));
            }
            let bit = self.bit(column, row);
            match c {
                'x' => {
                    x |= bit;
                    all |= bit;
                }
                'o' => all |= bit,
                '.' => {}
                _ => return Err((offset, format!("expected x, o, . or /, found {c:?}"))),
            }
            column += 1;
        }
        let end = text.chars().count();
        if column != w {
            return Err((end, self.row_length_error(row, column)));
        }
        if row != 0 {
            return Err((
                end,
                format!("the board has {h} rows separated by /, not {}", h - row),
            ));
        }
        let offset_of = |bit: u64| {
            let index = bit.trailing_zeros() as i32;
            let (c, r) = (index / (h + 1), index % (h + 1));
            ((h - 1 - r) * (w + 1) + c) as usize
        };
        let mut position = x;
        let mut tops = 0;
        for c in 0..w {
            let height = (0..h).take_while(|&r| all & self.bit(c, r) != 0).count() as i32;
            if let Some(r) = (height..h).find(|&r| all & self.bit(c, r) != 0) {
                return Err((
                    offset_of(self.bit(c, r)),
                    "a disc above an empty cell: discs fall to the lowest empty cell".into(),
                ));
            }
            position |= self.bit(c, height);
            if height > 0 {
                tops |= self.bit(c, height - 1);
            }
        }
        let last = self.check_lines(x, all & !x, tops, offset_of)?;
        if !self.reachable(x, all, last) {
            return Err((
                0,
                "no order of play makes this board: X drops first, the players \
                 alternate and each disc falls onto the ones below"
                    .into(),
            ));
        }
        Ok(position)
    }

    fn row_length_error(&self, row: i32, length: i32) -> String {
        format!(
            "row {} has {length} cells; each row has {}",
            self.height as i32 - row,
            self.width
        )
    }

    /// Checks the counts and lines of a board whose discs all rest on
    /// others; returns the discs that may have been dropped last (on top of
    /// their columns, and in every line of the winner if there is one).
    fn check_lines(
        &self,
        x: u64,
        o: u64,
        tops: u64,
        offset_of: impl Fn(u64) -> usize,
    ) -> Result<u64, (usize, String)> {
        let (nx, no) = (x.count_ones(), o.count_ones());
        if nx != no && nx != no + 1 {
            return Err((
                0,
                format!(
                    "x has {nx} discs and o {no}: X moves first and the players \
                     alternate, so x has as many discs as o or one more"
                ),
            ));
        }
        let lines = |discs: u64| -> Vec<u64> {
            self.windows
                .iter()
                .copied()
                .filter(|&w| discs & w == w)
                .collect()
        };
        let (x_lines, o_lines) = (lines(x), lines(o));
        if let (Some(_), Some(&o_line)) = (x_lines.first(), o_lines.first()) {
            return Err((offset_of(o_line), "both x and o have four in a row".into()));
        }
        let (winner, winner_lines, last_moved) = if !x_lines.is_empty() {
            ("x", x_lines, nx == no + 1)
        } else if !o_lines.is_empty() {
            ("o", o_lines, nx == no)
        } else {
            return Ok(tops);
        };
        if !last_moved {
            return Err((
                offset_of(winner_lines[0]),
                format!(
                    "{winner} has four in a row, so {winner} moved last, but the \
                     counts say it is {winner}'s turn"
                ),
            ));
        }
        // The last disc is on top of its column and in every line.
        let common = winner_lines
            .iter()
            .fold(tops, |common, &line| common & line);
        if common == 0 {
            return Err((
                offset_of(winner_lines[winner_lines.len() - 1]),
                format!("no single disc made all of {winner}'s lines: the game was over before"),
            ));
        }
        Ok(common)
    }

    /// Whether the discs `all` (X's being `x`) can be taken off again from
    /// the tops of the columns, the last mover's first, alternately, down
    /// to the empty board, starting with one of `last`. A search over the
    /// sets of discs left, at most (H + 1)^W of them.
    fn reachable(&self, x: u64, all: u64, last: u64) -> bool {
        let mut stack = vec![all];
        let mut seen = HashSet::new();
        while let Some(board) = stack.pop() {
            if board == 0 {
                return true;
            }
            let x_moved_last = board.count_ones() % 2 == 1;
            for c in 0..self.width {
                let shift = c * (self.height + 1);
                let field = (board >> shift) & self.column;
                if field == 0 {
                    continue;
                }
                let top = 1 << (shift + 63 - field.leading_zeros());
                let allowed = board != all || last & top != 0;
                if allowed && (x & top != 0) == x_moved_last && seen.insert(board & !top) {
                    stack.push(board & !top);
                }
            }
        }
        false
    }
}

impl StrongGame for Connect4 {
    type Position = u64;

    fn start(&self) -> error::Result<u64> {
        Ok((0..self.width as i32).fold(0, |start, c| start | self.bit(c, 0)))
    }

    fn moves(&self, &position: &u64, moves: &mut Vec<u64>) {
        let x_to_move = self.discs(position).1.count_ones() % 2 == 0;
        for (shift, height) in self.heights(position) {
            if height < self.height {
                let marker = 1 << (shift + height);
                // The marker becomes the disc (1 for x, 0 for o) and moves up.
                moves.push(if x_to_move {
                    position | marker << 1
                } else {
                    position + marker
                });
            }
        }
    }

    fn finished(&self, &position: &u64) -> Option<Standing> {
        let (x, all) = self.discs(position);
        let count = all.count_ones();
        let last_mover = if count % 2 == 0 { all & !x } else { x };
        if self.has_four(last_mover) {
            Some(Standing::Lose)
        } else if count == self.width * self.height {
            Some(Standing::Tie)
        } else {
            None
        }
    }

    fn format_position(&self, &position: &u64) -> String {
        let (x, all) = self.discs(position);
        let mut text = String::new();
        for row in (0..self.height as i32).rev() {
            for column in 0..self.width as i32 {
                let bit = self.bit(column, row);
                text.push(if x & bit != 0 {
                    'x'
                } else if all & bit != 0 {
                    'o'
                } else {
                    '.'
                });
            }
            if row > 0 {
                text.push('/');
            }
        }
        text
    }

    fn numbering(&self) -> Option<&dyn Numbering<u64>> {
        Some(self)
    }
}

/// Column c's contents (its bits less one, below B = 2^(H+1) - 1) are the
/// c-th digit in base B.
impl Numbering<u64> for Connect4 {
    fn count(&self) -> u64 {
        self.column * self.powers[self.width as usize - 1]
    }

    fn index(&self, &position: &u64) -> u64 {
        self.powers
            .iter()
            .enumerate()
            .map(|(c, power)| {
                let field = (position >> (c as u32 * (self.height + 1))) & self.column;
                (field - 1) * power
            })
            .sum()
    }

    fn position(&self, mut index: u64) -> u64 {
        let mut position = 0;
        for c in 0..self.width {
            position |= (index % self.column + 1) << (c * (self.height + 1));
            index /= self.column;
        }
        position
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::retrograde::{solve, Options, Solved};
    use crate::value::Solution;

    fn game(w: u64, h: u64) -> Connect4 {
        Connect4::new(w, h).unwrap()
    }

    #[test]
    fn four_by_four_is_a_tie() {
        // 161,029 positions: the count published with Markus Böck's
        // Connect-4 solver for the 4 x 4 board.
        let g = game(4, 4);
        let table = solve(&g, &Options { memory: 1 << 30 }, &mut |_| true).unwrap();
        assert_eq!(table.positions(), 161_029);
        assert_eq!(table.roots()[0].standing, Standing::Tie);
        assert_eq!(table.counts().draw, 0);
    }

    #[test]
    fn numbering_round_trips() {
        let g = game(5, 4);
        let numbering = g.numbering().unwrap();
        assert_eq!(numbering.count(), 31u64.pow(5));
        for i in (0..numbering.count()).step_by(9_973) {
            assert_eq!(numbering.index(&numbering.position(i)), i);
        }
        assert_eq!(numbering.index(&g.start().unwrap()), 0);
        // The largest boards: B^W < 2^(W(H+1)) <= 2^64.
        for (w, h) in [(7, 6), (8, 7), (4, 15), (1, 63)] {
            let g = game(w, h);
            let numbering = g.numbering().unwrap();
            let last = numbering.count() - 1;
            assert_eq!(numbering.index(&numbering.position(last)), last);
        }
    }

    #[test]
    fn a_column_alone_ties() {
        let g = game(1, 4);
        let table = solve(&g, &Options { memory: 1 << 20 }, &mut |_| true).unwrap();
        assert_eq!(table.positions(), 5);
        assert_eq!(
            table.roots()[0],
            Solution {
                standing: Standing::Tie,
                remoteness: Some(4)
            }
        );
    }

    #[test]
    fn the_shifts_find_the_lines_the_windows_find() {
        // Every board of 5 x 4 whose discs are a random set: the shift test
        // agrees with the windows, wherever the discs are.
        let g = game(5, 4);
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let discs = (0..5u64).fold(0u64, |board, c| {
                board | ((state >> (4 * c)) & 0b1111) << (5 * c)
            });
            let by_windows = g.windows.iter().any(|&w| w & !discs == 0);
            assert_eq!(g.has_four(discs), by_windows, "{discs:#b}");
        }
    }

    #[test]
    fn positions_are_written_top_row_first() {
        let g = game(4, 4);
        let start = g.start().unwrap();
        assert_eq!(g.format_position(&start), "..../..../..../....");
        let mut moves = Vec::new();
        g.moves(&start, &mut moves);
        assert_eq!(g.format_position(&moves[1]), "..../..../..../.x..");
        let mut replies = Vec::new();
        g.moves(&moves[1], &mut replies);
        assert_eq!(g.format_position(&replies[1]), "..../..../.o../.x..");
        let table = solve(&g, &Options { memory: 1 << 30 }, &mut |_| true).unwrap();
        for text in [
            "..../..../.o../.xx.",
            "x.../x.../x.../xooo",
            "..../..o./..x./.xxo",
        ] {
            let p = g.parse_position(text).unwrap();
            assert_eq!(g.format_position(&p), text);
            assert!(table.solution(&g, &p).is_some(), "{text} is reached");
        }
        let lost = g.parse_position("x.../x.../x.../xooo").unwrap();
        assert_eq!(g.finished(&lost), Some(Standing::Lose));
    }

    #[test]
    fn impossible_boards_are_bad_input() {
        let g = game(4, 4);
        for (text, offset, message) in [
            ("..../..../....", 14, "4 rows"),
            ("..../..../..../..../....", 19, "only 4 rows"),
            ("..../..../.x../....", 11, "a disc above an empty cell"),
            ("..../..../..../xx..", 0, "x has 2 discs"),
            ("..../..../..../.y..", 16, "found 'y'"),
            ("x.../x.../x.o./xooo", 15, "it is x's turn"),
            ("...o/...o/x.xo/xxxo", 18, "it is o's turn"),
            ("..../..../.x../.o..", 0, "no order of play"),
        ] {
            let err = g.parse_position(text).unwrap_err();
            assert!(err.to_string().contains(message), "{text}: {err}");
            assert_eq!(err.column(), Some(offset + 1), "{text}: {err}");
        }
        assert!(Connect4::new(8, 8)
            .err()
            .unwrap()
            .to_string()
            .contains("at most 64"));
        let empty = Connect4::new(0, 4).err().unwrap();
        assert!(matches!(empty, error::Error::Parameter(_)), "{empty}");
        assert_eq!(game(7, 6).name(), "connect4(7,6)");
    }
}
