//! The m,n,k-game: on a board of M rows and N columns, X (first) and O take
//! turns writing their mark in an empty cell; the first with K marks in a
//! row (across, down or diagonally) wins, and a full board without one is a
//! tie. `mnk(3,3,3)` is noughts and crosses; `mnk(1,3,2)` the three-cell game
//! of the notes (two adjacent marks win).
//!
//! A position is written row by row, top to bottom, with `x`, `o` and `.`,
//! the rows separated by `/`: `x.o/.x./...`. Whose turn it is follows from
//! the counts (X moves when both have as many marks, O when X has one more).
//!
//! Boards are two bitboards (M x N <= 64 cells); the positions of boards of
//! at most 40 cells are numbered in base 3 (3^(M x N) numbers), so the solver
//! can use dense arrays.

mod tiers;

use super::{parameter_count, Family, FamilyText};
use crate::component::{strong_ruleset_ref, RulesetRef};
use crate::error;
use crate::retrograde::{Numbering, StrongGame};
use crate::strong::StrongRules;
use crate::tier::TieredGame;
use crate::value::Standing;
use crate::word::Word;

/// The largest board: its cells are bits of a `u64`.
pub const MAX_CELLS: u64 = 64;
/// The largest board numbered in base 3 (3^40 < 2^64).
const MAX_NUMBERED_CELLS: u32 = 40;

/// A board: the cells of each player's marks, bit `row * N + column`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    x: u64,
    o: u64,
}

impl Board {
    /// Whether X is to move (both have as many marks).
    fn x_to_move(&self) -> bool {
        self.x.count_ones() == self.o.count_ones()
    }
}

pub const FAMILY: Family = Family {
    name: "mnk",
    usage: "mnk(M,N,K) BOARD",
    summary: "the m,n,k-game: X and O mark cells of an M x N board in turn, K in a row (across, down, diagonal) wins, a full board is a tie",
    example: "mnk(3,3,3) x.o/.x./...",
    build,
};

fn build(written: &FamilyText) -> error::Result<RulesetRef> {
    parameter_count(written, 3, FAMILY.usage)?;
    let [m, n, k] = [0, 1, 2].map(|i| written.parameters[i].number::<u64>("a board size"));
    let game = Mnk::new(m?, n?, k?).map_err(|e| written.parameters[0].locate(e))?;
    Ok(strong_ruleset_ref(game))
}

impl StrongRules for Mnk {
    fn name(&self) -> String {
        Mnk::name(self)
    }

    fn parse_position(&self, word: &Word) -> error::Result<Board> {
        Mnk::parse_position(self, &word.text).map_err(|e| word.locate(e))
    }

    fn tiered(&self) -> Option<&dyn TieredGame<Position = Board>> {
        Some(self)
    }
}

/// The m,n,k-game (`mnk(M,N,K)`) on a board of at most 64 cells,
/// solved strongly by [`crate::retrograde`].
pub struct Mnk {
    rows: u32,
    columns: u32,
    k: u32,
    /// Every run of K cells in a line, as a mask (to check written
    /// positions).
    windows: Vec<u64>,
    /// For each direction a line can take, the bit step from a cell to the
    /// next along it, and the cells where a run of K in that direction can
    /// start (so that shifting never wraps around a row).
    directions: Vec<(u32, u64)>,
    full: u64,
    base3: Option<Base3>,
    /// The ranks of boards within tiers, and the board's symmetries
    /// (mnk/tiers.rs).
    ranking: tiers::Ranking,
}

impl Mnk {
    /// The game on `rows` x `columns` cells with `k` in a row to win.
    ///
    /// # Errors
    ///
    /// [`Error::Parameter`](error::Error::Parameter), saying which parameter is out of range.
    pub fn new(rows: u64, columns: u64, k: u64) -> error::Result<Mnk> {
        if rows == 0 || columns == 0 || rows.saturating_mul(columns) > MAX_CELLS {
            return Err(error::Error::Parameter(format!(
                "the board must have between 1 and {MAX_CELLS} cells, not {rows} x {columns}"
            )));
        }
        if k == 0 || k > rows.max(columns) {
            return Err(error::Error::Parameter(format!(
                "K must be between 1 and the longer side, {}, not {k}",
                rows.max(columns)
            )));
        }
        let (rows, columns, k) = (rows as u32, columns as u32, k as u32);
        let cells = rows * columns;
        let mut windows = Vec::new();
        let mut directions = Vec::new();
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            let mut starts = 0;
            for row in 0..rows as i32 {
                for column in 0..columns as i32 {
                    let end = (row + dr * (k as i32 - 1), column + dc * (k as i32 - 1));
                    if end.0 >= rows as i32 || end.1 < 0 || end.1 >= columns as i32 {
                        continue;
                    }
                    let cell = |i: i32| (row + dr * i) as u32 * columns + (column + dc * i) as u32;
                    starts |= 1 << cell(0);
                    windows.push((0..k as i32).fold(0u64, |mask, i| mask | 1 << cell(i)));
                }
            }
            if starts != 0 {
                directions.push(((dr * columns as i32 + dc) as u32, starts));
            }
        }
        windows.sort_unstable();
        windows.dedup();
        Ok(Mnk {
            rows,
            columns,
            k,
            windows,
            directions,
            full: if cells == 64 {
                u64::MAX
            } else {
                (1 << cells) - 1
            },
            base3: (cells <= MAX_NUMBERED_CELLS).then(|| Base3::new(cells)),
            ranking: tiers::Ranking::new(rows, columns),
        })
    }

    /// How an expression writes the ruleset: `mnk(3,3,3)`.
    pub fn name(&self) -> String {
        format!("mnk({},{},{})", self.rows, self.columns, self.k)
    }

    /// Whether `marks` hold K in a row: for each direction, the cells that
    /// start a run are those still set after and-ing the marks shifted by
    /// each step along it.
    fn has_line(&self, marks: u64) -> bool {
        self.directions.iter().any(|&(step, starts)| {
            let mut run = marks & starts;
            for i in 1..self.k {
                run &= marks >> (i * step);
            }
            run != 0
        })
    }

    /// The column of a cell in a written position.
    fn column_of(&self, cell: u32) -> usize {
        (cell / self.columns * (self.columns + 1) + cell % self.columns) as usize
    }

    /// Reads a written position.
    ///
    /// # Errors
    ///
    /// [`Error::Parse`](error::Error::Parse) with the 1-based column in
    /// `text` of the character at fault. A board that play cannot reach
    /// is bad input: wrong counts of marks, a line for the player to move,
    /// lines for both, or lines that no single last move completed.
    pub fn parse_position(&self, text: &str) -> error::Result<Board> {
        self.read_position(text)
            .map_err(|(at, message)| error::Error::Parse {
                column: at + 1,
                message,
            })
    }

    /// [`Mnk::parse_position`], with the 0-based index of the problem.
    fn read_position(&self, text: &str) -> Result<Board, (usize, String)> {
        let mut board = Board::default();
        let mut row = 0;
        let mut column = 0;
        for (offset, c) in text.chars().enumerate() {
            if c == '/' {
                if column != self.columns {
                    return Err((offset, self.row_length_error(row, column)));
                }
                row += 1;
                column = 0;
                if row == self.rows {
                    return Err((offset, format!("the board has only {} rows", self.rows)));
                }
                continue;
            }
            if column == self.columns {
                return Err((offset, self.row_length_error(row, column + 1)));
            }
            let bit = 1 << (row * self.columns + column);
            match c {
                'x' => board.x |= bit,
                'o' => board.o |= bit,
                '.' => {}
                _ => return Err((offset, format!("expected x, o, . or /, found {c:?}"))),
            }
            column += 1;
        }
        let end = text.chars().count();
        if column != self.columns {
            return Err((end, self.row_length_error(row, column)));
        }
        if row + 1 != self.rows {
            return Err((
                end,
                format!(
                    "the board has {} rows separated by /, not {}",
                    self.rows,
                    row + 1
                ),
            ));
        }
        self.check_reachable(&board)?;
        Ok(board)
    }

    fn row_length_error(&self, row: u32, length: u32) -> String {
        format!(
            "row {} has {length} cells; each row has {}",
            row + 1,
            self.columns
        )
    }

    fn check_reachable(&self, board: &Board) -> Result<(), (usize, String)> {
        let (nx, no) = (board.x.count_ones(), board.o.count_ones());
        if nx != no && nx != no + 1 {
            return Err((
                0,
                format!(
                    "x has {nx} marks and o {no}: X moves first and the players \
                     alternate, so x has as many marks as o or one more"
                ),
            ));
        }
        let lines = |marks: u64| -> Vec<u64> {
            self.windows
                .iter()
                .copied()
                .filter(|&w| marks & w == w)
                .collect()
        };
        let (x_lines, o_lines) = (lines(board.x), lines(board.o));
        let first_cell = |w: u64| self.column_of(w.trailing_zeros());
        if let (Some(_), Some(&o_line)) = (x_lines.first(), o_lines.first()) {
            return Err((
                first_cell(o_line),
                format!("both x and o have {} in a row", self.k),
            ));
        }
        let (winner, winner_lines, last_moved) = if !x_lines.is_empty() {
            ("x", x_lines, nx == no + 1)
        } else if !o_lines.is_empty() {
            ("o", o_lines, nx == no)
        } else {
            return Ok(());
        };
        if !last_moved {
            return Err((
                first_cell(winner_lines[0]),
                format!(
                    "{winner} has {} in a row, so {winner} moved last, but the counts \
                     say it is {winner}'s turn",
                    self.k
                ),
            ));
        }
        let mut common = u64::MAX;
        for line in winner_lines {
            common &= line;
            if common == 0 {
                return Err((
                    first_cell(line),
                    format!(
                        "no single move made all of {winner}'s lines of {}: the game \
                         was over before",
                        self.k
                    ),
                ));
            }
        }
        Ok(())
    }
}

impl StrongGame for Mnk {
    type Position = Board;

    fn start(&self) -> error::Result<Board> {
        Ok(Board::default())
    }

    fn moves(&self, board: &Board, moves: &mut Vec<Board>) {
        let mut empty = self.full & !(board.x | board.o);
        let x_to_move = board.x_to_move();
        while empty != 0 {
            let bit = empty & empty.wrapping_neg();
            empty ^= bit;
            moves.push(if x_to_move {
                Board {
                    x: board.x | bit,
                    o: board.o,
                }
            } else {
                Board {
                    x: board.x,
                    o: board.o | bit,
                }
            });
        }
    }

    fn finished(&self, board: &Board) -> Option<Standing> {
        let last_mover = if board.x_to_move() { board.o } else { board.x };
        if self.has_line(last_mover) {
            Some(Standing::Lose)
        } else if board.x | board.o == self.full {
            Some(Standing::Tie)
        } else {
            None
        }
    }

    fn format_position(&self, board: &Board) -> String {
        let mut text = String::new();
        for row in 0..self.rows {
            if row > 0 {
                text.push('/');
            }
            for column in 0..self.columns {
                let bit = 1 << (row * self.columns + column);
                text.push(if board.x & bit != 0 {
                    'x'
                } else if board.o & bit != 0 {
                    'o'
                } else {
                    '.'
                });
            }
        }
        text
    }

    fn numbering(&self) -> Option<&dyn Numbering<Board>> {
        self.base3.as_ref().map(|n| n as &dyn Numbering<Board>)
    }
}

/// Boards numbered in base 3: cell i contributes 3^i for an x, 2 x 3^i for
/// an o. Tables by byte make a number a few lookups, and a board from a
/// number one lookup for every eight cells.
struct Base3 {
    cells: u32,
    /// `powers[j][b]`: the sum of 3^(8j + i) over the bits i of the byte b.
    powers: Vec<[u64; 256]>,
    /// The x and o bytes of eight cells from their number below 3^8.
    bytes: Vec<(u8, u8)>,
}

/// 3^8: the numbers of eight cells.
const EIGHT_CELLS: u64 = 6561;

impl Base3 {
    fn new(cells: u32) -> Base3 {
        let bytes = cells.div_ceil(8) as usize;
        let mut powers = vec![[0u64; 256]; bytes];
        for (j, table) in powers.iter_mut().enumerate() {
            for (b, sum) in table.iter_mut().enumerate() {
                *sum = (0..8)
                    .filter(|i| b >> i & 1 == 1 && 8 * j as u32 + i < cells)
                    .map(|i| 3u64.pow(8 * j as u32 + i))
                    .sum();
            }
        }
        let bytes = (0..EIGHT_CELLS)
            .map(|mut number| {
                let (mut x, mut o) = (0u8, 0u8);
                for cell in 0..8 {
                    match number % 3 {
                        1 => x |= 1 << cell,
                        2 => o |= 1 << cell,
                        _ => {}
                    }
                    number /= 3;
                }
                (x, o)
            })
            .collect();
        Base3 {
            cells,
            powers,
            bytes,
        }
    }

    fn sum(&self, marks: u64) -> u64 {
        self.powers
            .iter()
            .enumerate()
            .map(|(j, table)| table[(marks >> (8 * j)) as usize & 0xFF])
            .sum()
    }
}

impl Numbering<Board> for Base3 {
    fn count(&self) -> u64 {
        3u64.pow(self.cells)
    }

    fn index(&self, board: &Board) -> u64 {
        self.sum(board.x) + 2 * self.sum(board.o)
    }

    fn position(&self, mut index: u64) -> Board {
        let mut board = Board::default();
        for j in 0..self.powers.len() {
            let (x, o) = self.bytes[(index % EIGHT_CELLS) as usize];
            board.x |= (x as u64) << (8 * j);
            board.o |= (o as u64) << (8 * j);
            index /= EIGHT_CELLS;
        }
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::retrograde::{solve, solve_from, Counts, Options, Solved};
    use crate::value::Solution;

    fn options() -> Options {
        Options { memory: 1 << 30 }
    }

    fn game(m: u64, n: u64, k: u64) -> Mnk {
        Mnk::new(m, n, k).unwrap()
    }

    /// The m,n,k-game searched naively, as a check independent of the
    /// bitboards, the numbering and retrograde analysis: boards as cells
    /// (0 empty, 1 X, 2 O), K in a row found by walking each direction from
    /// each cell, and the value of every board reachable from the empty one
    /// by recursion (negamax with ties), memoised on the cells.
    struct NaiveMnk {
        rows: usize,
        columns: usize,
        k: usize,
        values: std::collections::HashMap<Vec<u8>, Standing>,
    }

    impl NaiveMnk {
        fn has_line(&self, cells: &[u8], mark: u8) -> bool {
            let (m, n) = (self.rows as isize, self.columns as isize);
            let at = |r: isize, c: isize| (0..m).contains(&r) && (0..n).contains(&c);
            (0..m).any(|r| {
                (0..n).any(|c| {
                    [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&(dr, dc)| {
                        (0..self.k as isize).all(|i| {
                            let (r, c) = (r + i * dr, c + i * dc);
                            at(r, c) && cells[(r * n + c) as usize] == mark
                        })
                    })
                })
            })
        }

        /// The value of `cells` for the player to move, recording every board
        /// reached on the way.
        fn value(&mut self, cells: &mut Vec<u8>) -> Standing {
            if let Some(&known) = self.values.get(cells) {
                return known;
            }
            let xs = cells.iter().filter(|&&c| c == 1).count();
            let os = cells.iter().filter(|&&c| c == 2).count();
            let (mover, last) = if xs == os { (1, 2) } else { (2, 1) };
            let value = if self.has_line(cells, last) {
                Standing::Lose
            } else if !cells.contains(&0) {
                Standing::Tie
            } else {
                let mut best = Standing::Lose;
                for cell in 0..cells.len() {
                    if cells[cell] != 0 {
                        continue;
                    }
                    cells[cell] = mover;
                    let after = self.value(cells);
                    cells[cell] = 0;
                    match after {
                        Standing::Lose => best = Standing::Win,
                        Standing::Tie if best == Standing::Lose => best = Standing::Tie,
                        _ => {}
                    }
                }
                best
            };
            self.values.insert(cells.clone(), value);
            value
        }

        /// Every board reachable from the empty one, counted by its value,
        /// and the empty board's value.
        fn counts(rows: usize, columns: usize, k: usize) -> (Counts, Standing) {
            let mut naive = NaiveMnk {
                rows,
                columns,
                k,
                values: Default::default(),
            };
            let start = naive.value(&mut vec![0; rows * columns]);
            let mut counts = Counts::default();
            for value in naive.values.values() {
                match value {
                    Standing::Win => counts.win += 1,
                    Standing::Lose => counts.lose += 1,
                    Standing::Tie => counts.tie += 1,
                    Standing::Draw => counts.draw += 1,
                }
            }
            (counts, start)
        }
    }

    #[test]
    fn the_counts_of_every_small_board_are_those_of_a_naive_search() {
        for (m, n, k) in [
            (1, 3, 2),
            (3, 3, 3),
            (3, 3, 2),
            (2, 4, 3),
            (3, 4, 3),
            (4, 3, 4),
        ] {
            let (expected, start) = NaiveMnk::counts(m, n, k);
            let table = solve(&game(m as u64, n as u64, k as u64), &options(), &mut |_| {
                true
            })
            .unwrap();
            assert_eq!(table.counts(), expected, "mnk({m},{n},{k})");
            assert_eq!(table.roots()[0].standing, start, "mnk({m},{n},{k})");
        }
    }

    #[test]
    fn noughts_and_crosses_is_a_tie_in_nine() {
        // 5478 boards, 2836 won, 1574 lost and 1068 tied for the player to
        // move: the counts of the naive search above, for mnk(3,3,3).
        let (naive, _) = NaiveMnk::counts(3, 3, 3);
        let ttt = game(3, 3, 3);
        let table = solve(&ttt, &options(), &mut |_| true).unwrap();
        assert_eq!(table.positions(), 5478);
        assert_eq!(
            table.counts(),
            Counts {
                win: 2836,
                lose: 1574,
                tie: 1068,
                draw: 0
            }
        );
        assert_eq!(table.counts(), naive);
        assert_eq!(
            table.roots(),
            [Solution {
                standing: Standing::Tie,
                remoteness: Some(9)
            }]
        );
    }

    /// The game without its numbering, so that the solver hashes positions.
    struct Unnumbered(Mnk);

    impl StrongGame for Unnumbered {
        type Position = Board;

        fn start(&self) -> error::Result<Board> {
            self.0.start()
        }

        fn moves(&self, board: &Board, moves: &mut Vec<Board>) {
            self.0.moves(board, moves)
        }

        fn finished(&self, board: &Board) -> Option<Standing> {
            self.0.finished(board)
        }

        fn format_position(&self, board: &Board) -> String {
            self.0.format_position(board)
        }
    }

    #[test]
    fn hashed_ids_give_the_numbered_solve() {
        let ttt = game(3, 3, 3);
        let dense = solve(&ttt, &options(), &mut |_| true).unwrap();
        let unnumbered = Unnumbered(game(3, 3, 3));
        let hashed = solve(&unnumbered, &options(), &mut |_| true).unwrap();
        assert_eq!(hashed.counts(), dense.counts());
        let numbering = ttt.numbering().unwrap();
        for i in 0..numbering.count() {
            let board = numbering.position(i);
            assert_eq!(
                hashed.solution(&unnumbered, &board),
                dense.solution(&ttt, &board)
            );
            if dense.solution(&ttt, &board).is_some() {
                assert_eq!(
                    hashed.best_moves(&unnumbered, &board),
                    dense.best_moves(&ttt, &board)
                );
            }
        }
    }

    #[test]
    fn the_notes_three_cell_game() {
        let g = game(1, 3, 2);
        let table = solve(&g, &options(), &mut |_| true).unwrap();
        let start = Board::default();
        assert_eq!(
            table.solution(&g, &start).unwrap(),
            Solution {
                standing: Standing::Win,
                remoteness: Some(3)
            }
        );
        let best = table.best_moves(&g, &start).unwrap();
        let to: Vec<String> = best.iter().map(|m| g.format_position(&m.to)).collect();
        assert_eq!(to, [".x."]);
        // After x.. O can only hold the tie by taking the middle.
        let corner = g.parse_position("x..").unwrap();
        assert_eq!(
            table.solution(&g, &corner).unwrap(),
            Solution {
                standing: Standing::Tie,
                remoteness: Some(2)
            }
        );
        let best = table.best_moves(&g, &corner).unwrap();
        let to: Vec<String> = best.iter().map(|m| g.format_position(&m.to)).collect();
        assert_eq!(to, ["xo."]);
        assert_eq!(best[0].after.remoteness, Some(1));
        // After .x. O loses whatever it does.
        let middle = g.parse_position(".x.").unwrap();
        let best = table.best_moves(&g, &middle).unwrap();
        assert_eq!(best.len(), 2);
        assert!(best.iter().all(|m| m.after.standing == Standing::Win));
    }

    #[test]
    fn best_moves_keep_the_value() {
        let ttt = game(3, 3, 3);
        let table = solve(&ttt, &options(), &mut |_| true).unwrap();
        let numbering = ttt.numbering().unwrap();
        let mut checked = 0;
        for i in 0..numbering.count() {
            let board = numbering.position(i);
            let Some(here) = table.solution(&ttt, &board) else {
                continue;
            };
            checked += 1;
            let best = table.best_moves(&ttt, &board).unwrap();
            if ttt.finished(&board).is_some() {
                assert!(best.is_empty());
                continue;
            }
            let r = here.remoteness.unwrap();
            let expected_after = match here.standing {
                Standing::Win => Standing::Lose,
                Standing::Lose => Standing::Win,
                standing => standing,
            };
            assert!(!best.is_empty());
            for m in &best {
                assert_eq!(m.after.standing, expected_after);
            }
            // The first best move is the one that makes the remoteness.
            assert_eq!(best[0].after.remoteness, Some(r - 1));
        }
        assert_eq!(checked, 5478);
    }

    #[test]
    fn solving_from_a_position() {
        let ttt = game(3, 3, 3);
        // X threatens two lines: O cannot stop both.
        let fork = ttt.parse_position("x.x/.o./o.x").unwrap();
        let table = solve_from(&ttt, &[fork], &options(), &mut |_| true).unwrap();
        assert_eq!(
            table.roots()[0],
            Solution {
                standing: Standing::Lose,
                remoteness: Some(2)
            }
        );
        // Only the positions after it: itself, O's 4 moves, X's 12 replies
        // (6 of which win), O's 6 boards with two more o's and the 3 full
        // boards after the 4 of those where O has no line.
        assert_eq!(table.positions(), 1 + 4 + 12 + 6 + 3);
    }

    #[test]
    fn the_shifts_find_the_lines_the_windows_find() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for (m, n, k) in [
            (3, 5, 3),
            (4, 4, 3),
            (5, 3, 4),
            (2, 6, 2),
            (1, 7, 7),
            (8, 8, 5),
        ] {
            let g = game(m, n, k);
            for _ in 0..2_000 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                // Dense and sparse boards alike.
                let marks = state & (state >> 7) & g.full;
                let by_windows = g.windows.iter().any(|&w| w & !marks == 0);
                assert_eq!(g.has_line(marks), by_windows, "mnk({m},{n},{k}) {marks:#x}");
                let marks = state & g.full;
                let by_windows = g.windows.iter().any(|&w| w & !marks == 0);
                assert_eq!(g.has_line(marks), by_windows, "mnk({m},{n},{k}) {marks:#x}");
            }
        }
    }

    #[test]
    fn interrupted_and_over_budget_solves_stop() {
        let g = game(4, 4, 3);
        let err = solve(&g, &options(), &mut |p| p.done < 100_000)
            .err()
            .unwrap();
        assert!(
            err.to_string().contains("interrupted while generating"),
            "{err}"
        );
        // 4 MiB cannot hold a bit per number (3^16 of them): the solver
        // hashes positions, and stops once they pass the budget.
        let err = solve(&g, &Options { memory: 4 << 20 }, &mut |_| true)
            .err()
            .unwrap();
        assert!(err.to_string().contains("memory budget of 4 MiB"), "{err}");
    }

    #[test]
    fn numbering_round_trips() {
        let g = game(2, 3, 2);
        let numbering = g.numbering().unwrap();
        assert_eq!(numbering.count(), 729);
        for i in 0..numbering.count() {
            assert_eq!(numbering.index(&numbering.position(i)), i);
        }
        // Boards of more than one byte of cells.
        let g = game(4, 5, 4);
        let numbering = g.numbering().unwrap();
        for i in (0..numbering.count()).step_by(99_991) {
            assert_eq!(numbering.index(&numbering.position(i)), i);
        }
        assert!(game(8, 8, 5).numbering().is_none());
    }

    #[test]
    fn positions_are_written_row_by_row() {
        let ttt = game(3, 3, 3);
        for text in ["x.o/.x./...", ".../.../...", "xo./.x./..o"] {
            let board = ttt.parse_position(text).unwrap();
            assert_eq!(ttt.format_position(&board), text);
        }
        let board = ttt.parse_position("xxx/oo./...").unwrap();
        assert_eq!(ttt.finished(&board), Some(Standing::Lose));
        let full = ttt.parse_position("xox/xox/oxo").unwrap();
        assert_eq!(ttt.finished(&full), Some(Standing::Tie));
    }

    #[test]
    fn impossible_boards_are_bad_input() {
        let ttt = game(3, 3, 3);
        for (text, offset, message) in [
            ("x.o/.x.", 7, "3 rows"),
            ("x.o/.x./.../...", 11, "only 3 rows"),
            ("x.o/.x/...", 6, "row 2 has 2 cells"),
            ("x.oo/.x./...", 3, "row 1 has 4 cells"),
            ("x.o/.y./...", 5, "found 'y'"),
            ("xx./.../...", 0, "x has 2 marks and o 0"),
            ("o../.../...", 0, "x has 0 marks and o 1"),
            ("xxx/ooo/x..", 4, "both x and o"),
            ("xxx/oo./o..", 0, "it is x's turn"),
            ("ooo/xx./xx.", 0, "it is o's turn"),
        ] {
            let err = ttt.parse_position(text).unwrap_err();
            assert!(err.to_string().contains(message), "{text}: {err}");
            assert_eq!(err.column(), Some(offset + 1), "{text}: {err}");
        }
        // Two lines of x with no common cell: the game ended at the first.
        let g = game(3, 5, 2);
        let err = g.parse_position("xx.xx/...../o.o.o").unwrap_err();
        assert!(err.to_string().contains("no single move"), "{err}");
        assert_eq!(err.column(), Some(4));
        // Two lines through the last mark are fine (a fork completed).
        assert!(ttt.parse_position("xxx/xoo/xoo").is_ok());
    }

    #[test]
    fn parameters_out_of_range() {
        assert!(Mnk::new(0, 3, 3)
            .err()
            .unwrap()
            .to_string()
            .contains("cells"));
        assert!(Mnk::new(9, 9, 5)
            .err()
            .unwrap()
            .to_string()
            .contains("64 cells"));
        assert!(Mnk::new(3, 3, 4)
            .err()
            .unwrap()
            .to_string()
            .contains("K must be"));
        assert_eq!(game(4, 4, 3).name(), "mnk(4,4,3)");
    }
}
