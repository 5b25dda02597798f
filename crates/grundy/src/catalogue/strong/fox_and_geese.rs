//! Fox and Geese, as Winning Ways values it (Berlekamp, Conway and Guy,
//! *Winning Ways*, 2nd ed., vol. 3, ch. 20; CGSuite's `FoxAndGeese`): on
//! a board of checkers, the geese (`x`, Left) each step one cell
//! diagonally down the board, the fox (`o`, Right) one cell diagonally
//! either way, up or down; no piece is taken, and who cannot move loses.
//! Only the geese's moves end, so play may go on for ever, with the fox
//! moving to and fro, and every position is a loopy game, a stopper.
//!
//! The board is written as grundy writes boards: rows top first, `/`
//! between them, `x` a goose, `o` the fox (exactly one), `.` an empty
//! cell, at most 64 cells. The geese move towards the last row written;
//! the fox may not leave the board at its sides or its bottom, and above
//! it is free. A fox level with the rearmost goose's row, or a move away
//! from it with that move open, has **escaped**: no goose ever moves back
//! to stop it, so it moves for ever while the geese run out of moves, and
//! the position is `off` whoever is to move (as CGSuite decomposes it).
//! Pieces on cells of the two colours of the checkers never meet; both are
//! allowed.
//!
//! `fox-and-geese BOARD@Left` (or `@Right`) is solved strongly: win, lose
//! or draw for the player to move. `fox-and-geese BOARD`, without a
//! player, is the loopy game, valued by the rules of [`crate::loopy`]: its
//! simplest form, whose positions Winning Ways values with `over`,
//! `n + over` and `off`. `grundy solve fox-and-geese` solves the 8×8
//! board with the geese on the top row's first, third, fifth and seventh
//! cells and the fox on the bottom row's fourth, geese to move.

use super::{parameter_count, position_and_player, Family, FamilyText};
use crate::catalogue::partizan::grid::Grid;
use crate::component::{strong_ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::loopy;
use crate::retrograde::{Ending, PartizanGame, Player, Turns};
use crate::strong::StrongRules;
use crate::word::Word;

use hashbrown::HashMap;

pub const FAMILY: Family = Family {
    name: "fox-and-geese",
    usage: "fox-and-geese BOARD@PLAYER",
    summary: "geese (x, Left) step diagonally down the board, the fox (o, Right) diagonally \
              either way; who cannot move loses; a fox level with the rearmost goose has \
              escaped (off); without @PLAYER a loopy value",
    example: "fox-and-geese x.x./..../..../.o..@Left",
    build,
};

/// The start `grundy solve fox-and-geese` solves: the 8×8 board.
const STANDARD: &str = "x.x.x.x./......../......../......../......../......../......../...o....";

fn build(written: &FamilyText) -> Result<RulesetRef> {
    parameter_count(written, 0, FAMILY.usage)?;
    Ok(strong_ruleset_ref(Turns::new(FoxAndGeese, Player::Left)))
}

/// A position: the board's size, a bit for each goose's cell (cell
/// `row * cols + col`), and the fox's cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: u8,
    cols: u8,
    geese: u64,
    fox: u8,
}

impl Board {
    /// The board written in `word`; an error at the character at fault.
    fn read(word: &Word) -> Result<Board> {
        let expected = "a board: rows of x (a goose), o (the fox) and . (empty), top row first, \
                        / between rows, exactly one fox and a goose at least";
        let [geese, fox, _] = Grid::parse_marked(word, ['x', 'o', '.'], false, expected)?;
        if fox.cells.count_ones() > 1 {
            let second = word.text.match_indices('o').nth(1).map_or(0, |(at, _)| at);
            return Err(Error::Parse {
                column: word.column + second,
                message: "a second fox: a board has one".into(),
            });
        }
        if fox.cells == 0 {
            return Err(word.error(format!("no fox: {expected}")));
        }
        if geese.cells == 0 {
            return Err(word.error(format!("no goose: {expected}")));
        }
        Ok(Board {
            rows: geese.height,
            cols: geese.width,
            geese: geese.cells,
            fox: fox.cells.trailing_zeros() as u8,
        })
    }

    fn at(&self, cell: u8) -> (i32, i32) {
        ((cell / self.cols) as i32, (cell % self.cols) as i32)
    }

    /// The cell at (row, col), where it is on the board.
    fn cell(&self, row: i32, col: i32) -> Option<u8> {
        let on = (0..self.rows as i32).contains(&row) && (0..self.cols as i32).contains(&col);
        on.then(|| (row * self.cols as i32 + col) as u8)
    }

    fn goose(&self, row: i32, col: i32) -> bool {
        self.cell(row, col)
            .is_some_and(|cell| self.geese >> cell & 1 == 1)
    }

    /// Whether the fox has escaped: it is level with the rearmost goose
    /// (or behind it), or one row ahead of it with a move up to that row
    /// open, where no goose will ever come back.
    fn escaped(&self) -> bool {
        let rearmost = (self.geese.trailing_zeros() / self.cols as u32) as i32;
        let (row, col) = self.at(self.fox);
        let open = |c: i32| (0..self.cols as i32).contains(&c) && !self.goose(rearmost, c);
        row <= rearmost || (row == rearmost + 1 && (open(col - 1) || open(col + 1)))
    }

    /// The board as [`Board::read`] reads it.
    fn write(&self) -> String {
        let grid = |cells: u64| Grid {
            height: self.rows,
            width: self.cols,
            cells,
        };
        Grid::show_marked([grid(self.geese), grid(1 << self.fox)], ['x', 'o'], '.')
    }
}

/// Fox and Geese on any board a position writes.
pub struct FoxAndGeese;

impl PartizanGame for FoxAndGeese {
    type Position = Board;

    /// The 8×8 board ([`STANDARD`]).
    fn start(&self) -> Result<Board> {
        Board::read(&Word::new(STANDARD))
    }

    fn moves(&self, board: &Board, player: Player, add: &mut dyn FnMut(Board)) {
        let free = |row: i32, col: i32| {
            board
                .cell(row, col)
                .filter(|&cell| cell != board.fox && board.geese >> cell & 1 == 0)
        };
        match player {
            Player::Left => {
                let mut geese = board.geese;
                while geese != 0 {
                    let from = geese.trailing_zeros() as u8;
                    geese &= geese - 1;
                    let (row, col) = board.at(from);
                    for to in [free(row + 1, col - 1), free(row + 1, col + 1)]
                        .into_iter()
                        .flatten()
                    {
                        add(Board {
                            geese: board.geese & !(1 << from) | 1 << to,
                            ..*board
                        });
                    }
                }
            }
            Player::Right => {
                let (row, col) = board.at(board.fox);
                for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
                    if let Some(to) = free(row + dr, col + dc) {
                        add(Board { fox: to, ..*board });
                    }
                }
            }
        }
    }

    /// An escaped fox has won, whoever is to move.
    fn finished(&self, board: &Board) -> Option<Ending> {
        board.escaped().then_some(Ending::Win(Player::Right))
    }

    fn format_position(&self, board: &Board) -> String {
        board.write()
    }
}

impl FoxAndGeese {
    /// The loopy game of `board`: every position reachable from it, an
    /// escaped one `off` (a vertex where Right passes and Left has no
    /// move). More than [`loopy::MAX_POSITIONS`] positions are a limit.
    fn loopy_game(&self, board: Board) -> Result<loopy::Graph> {
        let mut graph = loopy::Graph::new();
        let mut number: HashMap<Option<Board>, u32> = HashMap::new();
        // None: the escaped fox, `off`.
        let mut order: Vec<Option<Board>> = Vec::new();
        let mut vertex = |graph: &mut loopy::Graph, b: Board, order: &mut Vec<Option<Board>>| {
            let key = (!b.escaped()).then_some(b);
            *number.entry(key).or_insert_with(|| {
                order.push(key);
                graph.vertex()
            })
        };
        vertex(&mut graph, board, &mut order);
        let mut next = 0;
        while next < order.len() {
            if order.len() > loopy::MAX_POSITIONS {
                return Err(Error::Limit(format!(
                    "a Fox and Geese position with more than {} positions reachable, the most a \
                     loopy game has",
                    loopy::MAX_POSITIONS
                )));
            }
            let v = next as u32;
            let (left, right) = match order[next] {
                None => (vec![], vec![v]),
                Some(b) => {
                    let mut options = [Vec::new(), Vec::new()];
                    for (side, player) in [(0, Player::Left), (1, Player::Right)] {
                        let mut reached = Vec::new();
                        self.moves(&b, player, &mut |to| reached.push(to));
                        options[side] = (reached.into_iter())
                            .map(|to| vertex(&mut graph, to, &mut order))
                            .collect();
                    }
                    let [left, right] = options;
                    (left, right)
                }
            };
            graph.set(v, left, right);
            next += 1;
        }
        Ok(graph)
    }
}

impl StrongRules for Turns<FoxAndGeese> {
    fn name(&self) -> String {
        FAMILY.name.to_string()
    }

    /// `BOARD@Left` or `BOARD@Right`.
    fn parse_position(&self, word: &Word) -> Result<(Board, Player)> {
        let (board, player) = position_and_player(
            word,
            "a position is a board and who moves there: x.x./..../.o..@Left (without @, a loopy \
             value)",
        )?;
        Ok((Board::read(&board)?, player))
    }

    /// A board without `@`: the loopy game of its moves.
    fn loopy(&self, word: &Word) -> Option<Result<loopy::Graph>> {
        match word.text.contains('@') {
            true => None,
            false => Some(Board::read(word).and_then(|b| self.game().loopy_game(b))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::LoopyOutcome;
    use crate::partizan::Games;
    use crate::retrograde::{solve_from, Options};
    use crate::value::Standing;

    fn board(text: &str) -> Board {
        Board::read(&Word::new(text)).unwrap()
    }

    fn graph(text: &str) -> loopy::Graph {
        FoxAndGeese.loopy_game(board(text)).unwrap()
    }

    fn written(text: &str) -> String {
        let value = loopy::value(&graph(text), &mut Games::new()).unwrap();
        value.written.expect("a stopper")
    }

    /// Whether the player to move wins, loses or draws `position`
    /// (`BOARD@PLAYER`), by the strong solver of the rules (a retrograde
    /// analysis of the positions with a player to move).
    fn standing(position: &str) -> Standing {
        let turns = Turns::new(FoxAndGeese, Player::Left);
        let word = Word::new(position);
        let root = turns.parse_position(&word).unwrap();
        let options = Options { memory: 1 << 30 };
        let table = solve_from(&turns, &[root], &options, &mut |_| true).unwrap();
        table.roots()[0].standing
    }

    /// Every board of `rows` × `cols` with `geese` geese and the fox, all
    /// on cells of one colour (row + column even).
    fn boards(rows: usize, cols: usize, geese: usize) -> Vec<String> {
        let cells: Vec<usize> = (0..rows * cols)
            .filter(|c| (c / cols + c % cols) % 2 == 0)
            .collect();
        let mut all = Vec::new();
        for fox in &cells {
            for mask in 0u64..1 << cells.len() {
                if mask.count_ones() as usize != geese
                    || mask >> cells.iter().position(|c| c == fox).unwrap() & 1 == 1
                {
                    continue;
                }
                let mut text = String::new();
                for cell in 0..rows * cols {
                    if cell > 0 && cell % cols == 0 {
                        text.push('/');
                    }
                    let goose = cells
                        .iter()
                        .position(|&c| c == cell)
                        .is_some_and(|i| mask >> i & 1 == 1);
                    text.push(match () {
                        _ if cell == *fox => 'o',
                        _ if goose => 'x',
                        _ => '.',
                    });
                }
                all.push(text);
            }
        }
        all
    }

    #[test]
    fn the_geese_win_the_eight_by_eight_board_whoever_starts() {
        // Winning Ways (2nd ed., vol. 3, ch. 20): on the 8x8 board the
        // geese win; its value is 2 + over (Welton), above 0. So with the
        // fox anywhere on the back row of the geese's colour the geese
        // win, moving first or second. A fox on the other colour never
        // meets them and wins.
        let geese = "x.x.x.x./......../......../......../......../......../......../";
        for fox in [".o......", "...o....", ".....o..", ".......o"] {
            let (left, right) = (format!("{geese}{fox}@Left"), format!("{geese}{fox}@Right"));
            assert_eq!(standing(&left), Standing::Win, "{left}");
            assert_eq!(standing(&right), Standing::Lose, "{right}");
        }
        assert_eq!(standing(&format!("{geese}o.......@Right")), Standing::Win);
    }

    #[test]
    fn the_loopy_value_has_the_outcomes_the_strong_solver_finds() {
        // Two geese and the fox on a 4x4 board, every placement on one
        // colour: the loopy game's outcome, whoever starts, is what the
        // strong solver (its own retrograde analysis of the rules) finds
        // with a player to move.
        let all = boards(4, 4, 2);
        assert!(all.len() > 100, "{}", all.len());
        for text in all {
            let outcome = loopy::outcome(&graph(&text));
            let left = standing(&format!("{text}@Left"));
            let right = standing(&format!("{text}@Right"));
            let end = |standing: Standing, mover_left: bool| match (standing, mover_left) {
                (Standing::Draw, _) => loopy::End::Draw,
                (Standing::Win, true) | (Standing::Lose, false) => loopy::End::LeftWins,
                _ => loopy::End::RightWins,
            };
            assert_eq!(
                outcome,
                LoopyOutcome::of(end(left, true), end(right, false)),
                "{text}"
            );
        }
    }

    /// The loopy game of `text` without the rule of escape: the board
    /// with two empty rows added above it, where a fox behind the geese
    /// runs to and fro for ever.
    fn without_escape(text: &str) -> loopy::Graph {
        let cols = text.split('/').next().unwrap().len();
        let row = ".".repeat(cols);
        let start = board(&format!("{row}/{row}/{text}"));
        let mut graph = loopy::Graph::new();
        let mut number: HashMap<Board, u32> = HashMap::new();
        let mut order = vec![start];
        number.insert(start, graph.vertex());
        let mut next = 0;
        while next < order.len() {
            let b = order[next];
            let mut sides = [Vec::new(), Vec::new()];
            for (side, player) in [(0, Player::Left), (1, Player::Right)] {
                let mut reached = Vec::new();
                FoxAndGeese.moves(&b, player, &mut |to| reached.push(to));
                for to in reached {
                    let v = *number.entry(to).or_insert_with(|| {
                        order.push(to);
                        graph.vertex()
                    });
                    sides[side].push(v);
                }
            }
            let [left, right] = sides;
            graph.set(next as u32, left, right);
            next += 1;
        }
        graph
    }

    #[test]
    fn an_escaped_fox_is_off_as_the_game_without_the_rule_says() {
        // The rule of escape (CGSuite's decomposition: off) against the
        // game itself, on a board with room behind the geese.
        for text in boards(4, 4, 2).into_iter().step_by(7) {
            let (ruled, free) = (graph(&text), without_escape(&text));
            assert!(
                loopy::le(&ruled, &free).unwrap() && loopy::le(&free, &ruled).unwrap(),
                "{text}"
            );
        }
    }

    #[test]
    fn small_positions_have_the_values_the_rules_give() {
        // Neither can move: 0. A fox a move from the rearmost goose's row,
        // with that move open, has escaped: off.
        assert_eq!(written("x./.o"), "0");
        assert_eq!(written("x.../.o.."), "off");
    }

    #[test]
    fn every_loopy_position_of_a_value_is_off_or_n_plus_over() {
        // Siegel's Fox and Geese museum (CGSuite, 2003): "The game graph of
        // every Fox and Geese position can be represented as a tree, with
        // every node equal to one of the following: off, n + over for some
        // n, or 3 - upon": a tree but for the passes of those. Every value
        // of two and three geese on small boards: each position of its
        // simplest form on a cycle compared with those.
        let mut games = Games::new();
        let mut kin: Vec<loopy::Graph> = ["off", "3 - upon"]
            .into_iter()
            .map(str::to_string)
            .chain((-2..=8).map(|n| format!("{n} + over")))
            .map(|text| loopy::read(&mut games, &text, 1).unwrap())
            .collect();
        kin.iter_mut().for_each(|g| *g = g.game(0));
        let (mut loopy_positions, mut over) = (0, 0);
        for (rows, cols, geese) in [(4, 4, 2), (5, 4, 2), (6, 4, 2), (4, 6, 3)] {
            for text in boards(rows, cols, geese) {
                let value = loopy::value(&graph(&text), &mut Games::new()).unwrap();
                let form = value.simplest.expect("a stopper");
                for u in (0..form.len() as u32).filter(|&u| on_a_cycle(&form, u)) {
                    let g = form.game(u);
                    let equal =
                        |k: &loopy::Graph| loopy::le(&g, k).unwrap() && loopy::le(k, &g).unwrap();
                    let which = kin.iter().position(equal);
                    assert!(
                        which.is_some(),
                        "{text}: position {u} of {:?}",
                        value.written
                    );
                    loopy_positions += 1;
                    over += usize::from(which != Some(0));
                }
            }
        }
        // Not all off: the geese's kin appears.
        assert!(
            loopy_positions > 1000 && over > 100,
            "{loopy_positions} {over}"
        );
    }

    /// Whether a move of either player from `u` begins a way back to it.
    fn on_a_cycle(graph: &loopy::Graph, u: u32) -> bool {
        let mut seen = vec![false; graph.len()];
        let mut stack: Vec<u32> = graph
            .left(u)
            .iter()
            .chain(graph.right(u))
            .copied()
            .collect();
        while let Some(v) = stack.pop() {
            if v == u {
                return true;
            }
            if !std::mem::replace(&mut seen[v as usize], true) {
                stack.extend(graph.left(v).iter().chain(graph.right(v)));
            }
        }
        false
    }

    #[test]
    fn bad_boards_are_refused_at_their_column() {
        // A short row at its start, a stranger at itself, a second fox at
        // it, a board without a goose or a fox at its start.
        for (text, column) in [
            ("x.o/..", 5),
            ("x.o/x.q", 7),
            ("xo/o.", 4),
            ("../.o", 1),
            ("x./..", 1),
        ] {
            match Board::read(&Word::new(text)) {
                Err(Error::Parse { column: c, .. }) => assert_eq!(c, column, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
    }
}
