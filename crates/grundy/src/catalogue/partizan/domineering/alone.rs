//! Who wins one Domineering board, each player moving first, by a search
//! of the board alone: the search of sums (`crate::short::outcome`) keys
//! and values every region a move leaves, which the 8 × 8 board's
//! hundreds of millions of states cannot afford. This is the search that
//! solved the board first (Breuker, Uiterwijk and van den Herik, "Solving
//! 8 × 8 Domineering", 2000; Bullock's Obsequi, 2002): alpha-beta with a
//! table of positions, the board a word of bits.
//!
//! - A position is decided without a search where the player to move can
//!   make more moves whatever the other does than the other can make at
//!   all, or the other can so make as many as the player to move can make
//!   at all. A player's moves are at most the dominoes they could place
//!   alone (half of each run of cells along their direction, rounded
//!   down). The moves they can make whatever the other does are their
//!   safe moves, those they could place alone on the cells the other can
//!   never cover (no empty neighbour along the other's direction), and
//!   half of the others on every other line across their dominoes, which
//!   one domino of the other's spoils one at a time (see `guaranteed`).
//! - A position is remembered under the least of its mirror images (and,
//!   on a square board, of its transpose's, the players exchanged), with
//!   who wins it with each player to move, in a table of a fixed number of
//!   slots taken within the memory budget before the search: a new
//!   position takes the slot of an old one that took less work. (Looking
//!   up every move's position before searching any, as the search of sums
//!   does, saved a tenth of the positions on the 6 × 8 board but took
//!   three times as long: a slot read is a miss of every cache.)
//! - Moves are searched in the order that leaves the player the most
//!   moves, and safe moves, against the other's; among those alike, the
//!   moves of the cells that won most often first.
//!
//! On the 7 × 7 board this search looks at 0.9 million positions, where
//! the search of sums decided 0.4 million states in 17 s: a position here
//! costs a few microseconds, a state there about forty.

use super::Grid;
use crate::error::{Error, Result};
use crate::memory;
use crate::short::outcome::Searched;

/// The most slots of the table of positions: 2^26, 1 GiB.
const MOST_SLOTS: u32 = 26;

/// Every how many positions the progress callback is asked whether to go
/// on.
const PROGRESS_EVERY: u64 = 1 << 12;

/// A slot of the table: a position's least image, and what is known of it:
/// bit 0 known with Left (vertical) to move, bit 1 Left then wins, bits 2
/// and 3 the same with Right to move, bit 7 the slot is taken; and from
/// bit 8 the base-2 logarithm of the positions searched to decide it.
/// Two words, so that the table is taken zeroed and the system gives it
/// page by page as slots are written.
type Slot = [u64; 2];

const TAKEN: u64 = 0x80;

/// Shifts that leave no cell past the word (a column of 64 cells steps 64).
fn shl(cells: u64, n: u32) -> u64 {
    cells.checked_shl(n).unwrap_or(0)
}

fn shr(cells: u64, n: u32) -> u64 {
    cells.checked_shr(n).unwrap_or(0)
}

/// The cells 0 to n - 1.
fn low_bits(n: u32) -> u64 {
    match n {
        64.. => u64::MAX,
        n => (1 << n) - 1,
    }
}

/// The board's geometry and the search's table.
struct Search<'a> {
    height: u8,
    width: u8,
    /// Every cell of the board, the cells not in the first column and not
    /// in the last.
    full: u64,
    not_first: u64,
    not_last: u64,
    /// The cells of the even columns, and of the even rows.
    even_columns: u64,
    even_rows: u64,
    square: bool,
    table: Vec<Slot>,
    /// Positions searched.
    positions: u64,
    /// For each player and cell, how much the moves of a domino there have
    /// won (each win counts 2^(empty cells / 2), 2^15 at most): among moves
    /// of one score, those that won most often are searched first (the
    /// history heuristic).
    history: [[u32; 64]; 2],
    progress: &'a mut dyn FnMut(u64) -> bool,
}

/// Who wins `board` alone, each player moving first; `progress` hears how
/// many positions were searched and stops the search by answering false.
/// The table is taken within the memory budget (exit 1 naming it where
/// even a small one does not fit).
pub fn decide(board: &Grid, progress: &mut dyn FnMut(u64) -> bool) -> Result<Searched> {
    let (h, w) = (u32::from(board.height), u32::from(board.width));
    let full = low_bits(h * w);
    let first_column = (0..h).fold(0u64, |m, r| m | 1 << (r * w));
    let last_column = first_column << (w.max(1) - 1);
    // 2^(cells/2) slots, 2^6 at least and 2^26 at most, within half the
    // budget.
    let wanted = (board.cells.count_ones() / 2).clamp(6, MOST_SLOTS);
    let slot = size_of::<Slot>() as u64;
    let mut bits = wanted;
    while bits > 6 && (1u64 << bits) * slot > memory::budget() / 2 {
        bits -= 1;
    }
    if (1u64 << bits) * slot > memory::budget() / 2 {
        return Err(Error::Limit(format!(
            "the table of positions needs {} KiB, more than half the memory budget of {} MiB",
            ((1u64 << bits) * slot) >> 10,
            memory::budget() >> 20
        )));
    }
    let mut search = Search {
        height: board.height,
        width: board.width,
        full,
        not_first: full & !first_column,
        not_last: full & !last_column,
        even_columns: (0..w).step_by(2).fold(0, |m, c| m | first_column << c),
        even_rows: (0..h).step_by(2).fold(0, |m, r| m | low_bits(w) << (r * w)),
        square: h == w,
        table: vec![[0; 2]; 1 << bits],
        positions: 0,
        history: [[0; 64]; 2],
        progress,
    };
    let left_first_wins = search.wins(board.cells, true)?;
    let right_first_wins = search.wins(board.cells, false)?;
    Ok(Searched {
        left_first_wins,
        right_first_wins,
        states: search.positions,
        forgotten: 0,
        collected: 0,
        values_let_go: 0,
    })
}

impl Search<'_> {
    /// Where a domino of Left's (vertical) or Right's can be placed: the
    /// cells with the next cell along that direction empty too.
    fn pairs(&self, cells: u64, left: bool) -> u64 {
        match left {
            true => cells & shr(cells, u32::from(self.width)),
            false => cells & (cells >> 1) & self.not_last,
        }
    }

    /// The cell before each cell along a direction, where it is on the
    /// board.
    fn before(&self, cells: u64, left: bool) -> u64 {
        match left {
            true => shl(cells, u32::from(self.width)) & self.full,
            false => (cells << 1) & self.not_first,
        }
    }

    fn step(&self, left: bool) -> u32 {
        if left {
            u32::from(self.width)
        } else {
            1
        }
    }

    /// The most dominoes the player could place on `cells` alone: half of
    /// each run along their direction, rounded down (a run's first two
    /// cells paired, over and over).
    fn most_moves(&self, mut cells: u64, left: bool) -> u32 {
        let mut count = 0;
        loop {
            let starts = cells & !self.before(cells, left);
            if starts == 0 {
                return count;
            }
            let paired = starts & shr(cells, self.step(left));
            let paired = if left { paired } else { paired & self.not_last };
            count += paired.count_ones();
            cells &= !(starts | shl(paired, self.step(left)));
        }
    }

    /// The cells the other player can never cover: no empty neighbour
    /// along their direction.
    fn untouchable(&self, cells: u64, left: bool) -> u64 {
        let other = !left;
        let next = self.pairs(cells, other);
        cells & !(next | shl(next, self.step(other)))
    }

    /// The moves the player can make whatever the other does, moving
    /// `first` or not: their safe moves (on cells the other can never
    /// cover), and half the moves they could make on the other cells of
    /// every other line across their dominoes (columns for Left's
    /// vertical ones, rows for Right's). No domino of the other's covers
    /// cells of two such moves (it lies across two adjacent lines), so the
    /// player, playing them while any is left, makes at least half of
    /// them, rounded up when moving first; then the safe moves.
    fn guaranteed(&self, cells: u64, left: bool, first: bool) -> u32 {
        let untouchable = self.untouchable(cells, left);
        let safe = self.most_moves(untouchable, left);
        let open = cells & !untouchable;
        let lines = if left {
            self.even_columns
        } else {
            self.even_rows
        };
        let vulnerable = self
            .most_moves(open & lines, left)
            .max(self.most_moves(open & !lines, left));
        safe + (vulnerable + u32::from(first)) / 2
    }

    /// The least image of `cells` and whether it exchanges the players.
    fn key(&self, cells: u64) -> (u64, bool) {
        let board = Grid {
            height: self.height,
            width: self.width,
            cells,
        };
        let same = board.least_reflection(false).cells;
        if self.square {
            let turned = board.least_reflection(true).cells;
            if turned < same {
                return (turned, true);
            }
        }
        (same, false)
    }

    /// The slot of `cells`, its least image, and the bit of the slot that
    /// stands for the player to move (the image may exchange the players).
    fn place(&self, cells: u64, left: bool) -> (usize, u64, u32) {
        let (key, turned) = self.key(cells);
        let hash = key.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let at = (hash >> (64 - self.table.len().trailing_zeros())) as usize;
        (at, key, 2 * u32::from(left == turned))
    }

    /// Whether the player to move wins `cells`, where the table knows.
    fn known(&self, cells: u64, left: bool) -> Option<bool> {
        let (at, key, bit) = self.place(cells, left);
        let [held, known] = self.table[at];
        (known & TAKEN != 0 && held == key && known >> bit & 1 != 0)
            .then(|| known >> (bit + 1) & 1 != 0)
    }

    /// Remembers who wins `cells`, found with `work` (the base-2 logarithm
    /// of the positions searched): in its slot, unless another position
    /// that took more work holds it.
    fn remember(&mut self, cells: u64, left: bool, won: bool, work: u64) {
        let (at, key, bit) = self.place(cells, left);
        let [held, known] = &mut self.table[at];
        let new = (1 | u64::from(won) << 1) << bit;
        if *known & TAKEN != 0 && *held == key {
            *known |= new;
            *known = *known & 0xff | (*known >> 8).max(work) << 8;
        } else if *known & TAKEN == 0 || *known >> 8 <= work {
            (*held, *known) = (key, TAKEN | new | work << 8);
        }
    }

    /// Whether the player to move (Left, vertical, where `left`) wins.
    fn wins(&mut self, cells: u64, left: bool) -> Result<bool> {
        self.positions += 1;
        if self.positions % PROGRESS_EVERY == 0 && !(self.progress)(self.positions) {
            return Err(Error::Limit(format!(
                "interrupted after searching {} positions of the board",
                self.positions
            )));
        }
        let mine = self.pairs(cells, left);
        if mine == 0 {
            return Ok(false);
        }
        if self.guaranteed(cells, left, true) > self.most_moves(cells, !left) {
            return Ok(true);
        }
        if self.guaranteed(cells, !left, false) >= self.most_moves(cells, left) {
            return Ok(false);
        }
        if let Some(known) = self.known(cells, left) {
            return Ok(known);
        }
        let before = self.positions;
        let step = self.step(left);
        let mut moves: Vec<(i32, u32)> = Vec::with_capacity(mine.count_ones() as usize);
        let mut bits = mine;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            let after = cells & !(1u64 << i | 1u64 << (i + step));
            let score = self.most_moves(after, left) as i32 - self.most_moves(after, !left) as i32
                + self.most_moves(self.untouchable(after, left), left) as i32
                - self.most_moves(self.untouchable(after, !left), !left) as i32;
            let history = self.history[usize::from(left)][i as usize] >> 16;
            moves.push((score << 16 | history.min(0xffff) as i32, i));
        }
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        let mut won = false;
        for &(_, i) in &moves {
            let domino = 1u64 << i | 1u64 << (i + step);
            if !self.wins(cells & !domino, !left)? {
                let history = &mut self.history[usize::from(left)][i as usize];
                *history = history.saturating_add(1 << (cells.count_ones() / 2).min(15));
                won = true;
                break;
            }
        }
        let work = u64::from(64 - (self.positions - before).leading_zeros());
        self.remember(cells, left, won, work);
        Ok(won)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::partizan::domineering::Domineering;
    use crate::partizan::{Games, OutcomeClass, Valuer};
    use crate::short::{DynShort, ShortSolver};
    use crate::word::Word;

    /// Who wins each board first, by its canonical form.
    fn by_value(games: &mut Games, valuer: &mut Valuer<Domineering>, board: &Grid) -> OutcomeClass {
        let g = valuer.value(games, board, &mut |_| true).unwrap();
        games.outcome(g)
    }

    fn by_search(board: &Grid) -> OutcomeClass {
        decide(board, &mut |_| true).unwrap().outcome()
    }

    /// Every board inside a 3 × 4, a 4 × 3 and a 3 × 3 rectangle (any
    /// cells blocked): the search's answer is the outcome class of the
    /// board's canonical form.
    #[test]
    fn every_small_board_is_decided_as_its_value_says() {
        let (mut games, mut valuer) = (Games::new(), Valuer::new(Domineering));
        for (height, width) in [(3u8, 4u8), (4, 3), (3, 3), (2, 5)] {
            let n = u32::from(height) * u32::from(width);
            let mut classes = [0; 4];
            for cells in 0..1u64 << n {
                let board = Grid {
                    height,
                    width,
                    cells,
                };
                let expected = by_value(&mut games, &mut valuer, &board);
                assert_eq!(by_search(&board), expected, "{}", board.show());
                classes[expected as usize] += 1;
            }
            // Every class is met on each size but the thinnest.
            assert!(height == 2 || classes.iter().all(|&c| c > 0), "{classes:?}");
        }
    }

    /// Random boards of 4 × 5, 5 × 4, 4 × 4 and 5 × 5 cells, about a
    /// fifth of the cells blocked: the same.
    #[test]
    fn random_boards_are_decided_as_their_values_say() {
        let (mut games, mut valuer) = (Games::new(), Valuer::new(Domineering));
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for (height, width) in [(4u8, 5u8), (5, 4), (4, 4), (5, 5)] {
            let n = u32::from(height) * u32::from(width);
            for _ in 0..150 {
                let blocked = random() & random() & random() & ((1 << n) - 1);
                let board = Grid {
                    height,
                    width,
                    cells: !blocked & ((1 << n) - 1),
                };
                let expected = by_value(&mut games, &mut valuer, &board);
                assert_eq!(by_search(&board), expected, "{}", board.show());
            }
        }
    }

    /// The empty boards up to 5 × 5, against their values; the positions
    /// searched are counted, and a search told to stop stops.
    #[test]
    fn empty_boards_and_a_stop() {
        let (mut games, mut valuer) = (Games::new(), Valuer::new(Domineering));
        for height in 1..=5u8 {
            for width in 1..=5u8 {
                let n = u32::from(height) * u32::from(width);
                let board = Grid {
                    height,
                    width,
                    cells: (1 << n) - 1,
                };
                let expected = by_value(&mut games, &mut valuer, &board);
                assert_eq!(by_search(&board), expected, "{height}x{width}");
            }
        }
        // A row of 64 cells is -32, a column 32: the widest boards.
        for (text, class) in [("1x64", OutcomeClass::R), ("64x1", OutcomeClass::L)] {
            let board = Grid::parse(&Word::new(text)).unwrap();
            assert_eq!(by_search(&board), class, "{text}");
        }
        let board = Grid {
            height: 6,
            width: 6,
            cells: (1 << 36) - 1,
        };
        let searched = decide(&board, &mut |_| true).unwrap();
        assert!(searched.states > PROGRESS_EVERY, "{}", searched.states);
        let error = decide(&board, &mut |_| false).unwrap_err().to_string();
        assert!(error.contains("interrupted after searching"), "{error}");
    }

    /// A question about one board, as the front ends ask it, is answered
    /// by this search (it counts the positions it searched, where the
    /// search of sums counts fewer states), and a negated board by it
    /// with the players exchanged; a board beside a value is left to the
    /// search of sums.
    #[test]
    fn a_board_alone_is_searched_here() {
        let solver = ShortSolver::new(Domineering);
        let mut games = Games::new();
        for text in ["4x5", "..#./..../#.../....", "5x3"] {
            let word = Word::new(text);
            let board = Grid::parse(&word).unwrap();
            let here = decide(&board, &mut |_| true).unwrap();
            let zero = games.zero();
            let asked = solver.outcome_of_sum(&[(&word, false)], zero, &mut games, &mut |_| true);
            assert_eq!(asked.unwrap(), here, "{text}");
            let negated = solver.outcome_of_sum(&[(&word, true)], zero, &mut games, &mut |_| true);
            let negated = negated.unwrap();
            assert_eq!(negated, here.negated(), "{text}");
            assert_eq!(
                (negated.left_first_wins, negated.right_first_wins),
                (here.right_first_wins, here.left_first_wins)
            );
        }
        // 4 x 5 less 1 is no longer the board alone.
        let word = Word::new("4x5");
        let minus_one = games.read("-1", 1).unwrap();
        let beside = solver.outcome_of_sum(&[(&word, false)], minus_one, &mut games, &mut |_| true);
        let board = Grid::parse(&word).unwrap();
        assert_ne!(
            beside.unwrap().states,
            decide(&board, &mut |_| true).unwrap().states
        );
    }
}
