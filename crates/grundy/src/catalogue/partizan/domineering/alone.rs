//! Who wins one Domineering board, each player moving first, by a search
//! of the board alone: the search of sums (`crate::short::outcome`) keys
//! and values every region a move leaves, which the 8 × 8 board's
//! hundreds of millions of states cannot afford. This is the search that
//! solved the board first (Breuker, Uiterwijk and van den Herik, "Solving
//! 8 × 8 Domineering", 2000; Bullock's Obsequi, 2002): alpha-beta with a
//! table of positions, the board a word of bits.
//!
//! - A position is decided without a search by counting (Bullock's
//!   evaluation, derived in `decided`): the player to move wins where the
//!   moves they can make whatever the other does are more than the other
//!   could make at all, or more than a quarter of the cells either could
//!   use; likewise the other, moving second. A player's moves are at most
//!   the dominoes they could place alone (half of each run of cells along
//!   their direction, rounded down). The moves they can make whatever the
//!   other does are their safe moves, those they could place alone on the
//!   cells the other can never cover, and a share of the others, which the
//!   other's dominoes spoil one, two or a protective square at a time (see
//!   `guaranteed`).
//! - A safe move is not searched while the player has another: it stays
//!   theirs, and Bullock's thesis reports a proof that a player never
//!   needs to make it before the others (Obsequi's source says so and
//!   leaves it out; the tests check it against trying every move). A
//!   player with only safe moves is decided by counting.
//! - A position is remembered under the least of its mirror images (and,
//!   on a square board, of its transpose's, the players exchanged), with
//!   who wins it with each player to move, in a table of a fixed number of
//!   buckets of four slots taken within the memory budget before the
//!   search: a new position takes the slot of its bucket's that took least
//!   work. (Looking up every move's position before searching any, as the
//!   search of sums does, saved a tenth of the positions on the 6 × 8
//!   board but took three times as long: a bucket read is a miss of every
//!   cache.)
//! - Moves are searched in the order that leaves the player the most
//!   moves, and safe moves, against the other's; among those alike, the
//!   better placed first (as Obsequi places them, see `placement`), then
//!   the moves of the cells that won most often.
//!
//! On the 7 × 7 board this search looks at half a million positions in
//! under half a second, where the search of sums decided 0.4 million
//! states in 17 s: a position here costs under a microsecond, a state
//! there about forty. It decides the 8 × 8 board in 157 million positions.

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

/// Four slots a position may take, side by side (64 bytes, a line of the
/// processor's cache): a position looked up reads one bucket.
type Bucket = [Slot; 4];

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
    table: Vec<Bucket>,
    /// Positions searched.
    positions: u64,
    /// For each player and cell, how much the moves of a domino there have
    /// won (each win counts 2^(empty cells / 2), 2^15 at most): among moves
    /// of one score, those that won most often are searched first (the
    /// history heuristic).
    history: [[u32; 64]; 2],
    /// For each player and cell, how good a place it is for a domino of
    /// theirs (see `placement`): among moves of one score, the better
    /// placed first, before their history.
    placement: [[u8; 64]; 2],
    progress: &'a mut dyn FnMut(u64) -> bool,
}

/// Who wins `board` alone, each player moving first; `progress` hears how
/// many positions were searched and stops the search by answering false.
/// The table is taken within the memory budget (exit 1 naming it where
/// even a small one does not fit).
pub fn decide(board: &Grid, progress: &mut dyn FnMut(u64) -> bool) -> Result<Searched> {
    decide_within(board, MOST_SLOTS, progress)
}

/// The same with at most 2^`most` slots (the tests fill a small table).
fn decide_within(
    board: &Grid,
    most: u32,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<Searched> {
    let (h, w) = (u32::from(board.height), u32::from(board.width));
    let full = low_bits(h * w);
    let first_column = (0..h).fold(0u64, |m, r| m | 1 << (r * w));
    let last_column = first_column << (w.max(1) - 1);
    // 2^(cells/2) slots, 2^6 at least and 2^26 at most, within half the
    // budget.
    let slot = size_of::<Slot>() as u64;
    let wanted = board.cells.count_ones() / 2;
    let bits = memory::table_bits(wanted, 6, most, slot, "table of positions")?;
    let mut search = Search {
        height: board.height,
        width: board.width,
        full,
        not_first: full & !first_column,
        not_last: full & !last_column,
        even_columns: (0..w).step_by(2).fold(0, |m, c| m | first_column << c),
        even_rows: (0..h).step_by(2).fold(0, |m, r| m | low_bits(w) << (r * w)),
        square: h == w,
        table: memory::zeroed(1 << (bits - 2)),
        positions: 0,
        history: [[0; 64]; 2],
        placement: [true, false].map(|left| placement(h, w, left)),
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

/// How good a place each cell of an h × w board is for the first cell of
/// a domino of Left's (vertical) or Right's, as Obsequi ranks them: best on
/// the second line from an edge across the dominoes, and every other line
/// from there (a domino there leaves the line between it and the edge safe
/// for the player), each domino aligned with the edge along them (so that
/// a row of them leaves no cell between); then the same lines off that
/// alignment; then the other lines, the edges last; nearer an edge first.
fn placement(h: u32, w: u32, left: bool) -> [u8; 64] {
    std::array::from_fn(|i| {
        let (r, c) = (i as u32 / w.max(1), i as u32 % w.max(1));
        let (across, along, lines, length) = if left { (c, r, w, h) } else { (r, c, h, w) };
        // Lines from the nearer edge across, cells from the nearer end along.
        let line = across.min(lines.saturating_sub(1 + across));
        let cell = along.min(length.saturating_sub(2 + along));
        let tier = match (line % 2 == 1, cell % 2 == 0, line) {
            (true, true, _) => 4,
            (true, false, _) => 3,
            (false, _, 0) => 0,
            (false, true, _) => 2,
            (false, false, _) => 1,
        };
        (tier * 32 + 31 - (line * 4 + cell / 2).min(31)) as u8
    })
}

impl Search<'_> {
    /// Where a domino of Left's (vertical) or Right's can be placed: the
    /// cells with the next cell along that direction empty too.
    fn pairs(&self, cells: u64, left: bool) -> u64 {
        cells & self.after(cells, left)
    }

    /// The cells whose next cell along a direction is one of `cells`.
    fn after(&self, cells: u64, left: bool) -> u64 {
        match left {
            true => shr(cells, u32::from(self.width)),
            false => (cells >> 1) & self.not_last,
        }
    }

    /// The cells whose cell before along a direction is one of `cells`.
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
    fn most_moves(&self, cells: u64, left: bool) -> u32 {
        self.packed(cells, left).count_ones()
    }

    /// The first cells of those dominoes.
    fn packed(&self, mut cells: u64, left: bool) -> u64 {
        let mut firsts = 0;
        loop {
            let starts = cells & !self.before(cells, left);
            if starts == 0 {
                return firsts;
            }
            let paired = starts & self.after(cells, left);
            firsts |= paired;
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

    /// Protective squares of the player's, packed greedily: 2 × 2 squares
    /// of empty cells closed on the two sides the other's dominoes would
    /// come from (Bullock's protective areas). The other can spoil one
    /// only with a domino inside it, which spoils the player's two moves
    /// there; a move of the player's inside it leaves the other two cells
    /// a safe move. Returns the squares' cells.
    fn protective(&self, cells: u64, left: bool) -> u64 {
        let across = !left;
        let pairs = self.pairs(cells, left);
        let closed_before = !self.before(cells, across);
        let closed_after = !self.after(cells, across);
        let mut corners = pairs
            & self.after(pairs, across)
            & closed_before
            & self.after(closed_before, left)
            & self.after(closed_after & self.after(closed_after, left), across);
        let (along, over) = (self.step(left), self.step(across));
        let mut taken = 0u64;
        while corners != 0 {
            let c = corners.trailing_zeros();
            corners &= corners - 1;
            let square =
                1u64 << c | 1u64 << (c + along) | 1u64 << (c + over) | 1u64 << (c + along + over);
            if square & taken == 0 {
                taken |= square;
            }
        }
        taken
    }

    /// The moves the player can make whatever the other does, moving
    /// `first` or not, and the cells they leave that no one can use. They
    /// are the player's safe moves (on cells the other can never cover)
    /// and a share of the moves on the other cells, the better of two:
    /// - Half the moves they could make on every other line across their
    ///   dominoes (columns for Left's vertical ones, rows for Right's). No
    ///   domino of the other's covers cells of two (it lies across two
    ///   adjacent lines), so the player, playing them while any is left,
    ///   makes half of them, rounded up when moving first.
    /// - Their protective squares, then the most moves they could make on
    ///   the cells left: "singles" where no domino of the other's covers
    ///   a cell of it and of another move, "pairs" the others. The other's
    ///   domino spoils at most a square, a single or two pairs. Count a
    ///   move made 6, a square 6, a single 3, a pair 2: the player, taking
    ///   a square while there is one, then a pair, then a single, gains at
    ///   least what the other's next move spoils, so the sum never falls
    ///   over a move each; the player makes a sixth of what was counted at
    ///   first (less what the other's first move spoils when moving
    ///   second), rounded up.
    ///
    /// The cells left are those the other can never cover outside the
    /// safe moves.
    fn guaranteed(&self, cells: u64, left: bool, first: bool) -> (u32, u32) {
        let untouchable = self.untouchable(cells, left);
        let safe = self.most_moves(untouchable, left);
        let open = cells & !untouchable;
        let lines = if left {
            self.even_columns
        } else {
            self.even_rows
        };
        let alternate = self
            .most_moves(open & lines, left)
            .max(self.most_moves(open & !lines, left));
        let squares = self.protective(open, left);
        let firsts = self.packed(open & !squares, left);
        let dominoes = firsts | shl(firsts, self.step(left));
        let across = !left;
        let touched = dominoes & (self.after(dominoes, across) | self.before(dominoes, across));
        let pairs = firsts & (touched | self.after(touched, left));
        let (pairs, singles, squares) = (
            pairs.count_ones(),
            (firsts & !pairs).count_ones(),
            squares.count_ones() / 4,
        );
        let worth = 2 * pairs + 3 * singles + 6 * squares;
        let spoiled = match () {
            _ if squares > 0 => 6,
            _ if pairs > 0 => 4,
            _ if singles > 0 => 3,
            _ => 0,
        };
        let kept = match first {
            true => worth,
            false => worth.saturating_sub(spoiled),
        }
        .div_ceil(6);
        let moves = safe + ((alternate + u32::from(first)) / 2).max(kept);
        (moves, untouchable.count_ones() - 2 * safe)
    }

    /// Whether the player to move wins at once, loses at once, or neither,
    /// by counting. Say one player can make m moves whatever the other
    /// does, s of them safe, leaving w cells no one uses, on a board of e
    /// empty cells. If they lose, it is when they cannot move after each
    /// has made j >= m moves; the other's j dominoes lie on the cells they
    /// can cover, of which the first m moves take 2 (m - s): so 2j <=
    /// e - w - 2s - 2(m - s), and 4m <= e - w. So where 4m > e - w (or m
    /// is more than the other could make alone), the player to move
    /// wins. Where the player moving second so counts m and w, the player
    /// to move wins only where the other cannot move after j >= m moves
    /// each and one more of theirs: 4m + 2 <= e - w; so where 4m + 2 >
    /// e - w (or m at least what the player to move could make alone),
    /// the player to move loses.
    fn decided(&self, cells: u64, left: bool) -> Option<bool> {
        let empty = cells.count_ones();
        let (moves, wasted) = self.guaranteed(cells, left, true);
        if 4 * moves > empty - wasted || moves > self.most_moves(cells, !left) {
            return Some(true);
        }
        let (moves, wasted) = self.guaranteed(cells, !left, false);
        if 4 * moves + 2 > empty - wasted || moves >= self.most_moves(cells, left) {
            return Some(false);
        }
        None
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

    /// The bucket of `cells`, its least image, and the bit of a slot that
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
        let [_, known] = *self.table[at]
            .iter()
            .find(|[held, known]| known & TAKEN != 0 && *held == key)?;
        (known >> bit & 1 != 0).then(|| known >> (bit + 1) & 1 != 0)
    }

    /// Remembers who wins `cells`, found with `work` (the base-2 logarithm
    /// of the positions searched): in its bucket's slot for it, or else in
    /// place of the position of the bucket that took least work.
    fn remember(&mut self, cells: u64, left: bool, won: bool, work: u64) {
        let (at, key, bit) = self.place(cells, left);
        let bucket = &mut self.table[at];
        let new = (1 | u64::from(won) << 1) << bit;
        if let Some([_, known]) = bucket
            .iter_mut()
            .find(|[held, known]| *known & TAKEN != 0 && *held == key)
        {
            *known |= new;
            *known = *known & 0xff | (*known >> 8).max(work) << 8;
            return;
        }
        let least = bucket
            .iter_mut()
            .min_by_key(|[_, known]| (*known & TAKEN != 0, *known >> 8))
            .expect("a bucket has slots");
        *least = [key, TAKEN | new | work << 8];
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
        if let Some(won) = self.decided(cells, left) {
            return Ok(won);
        }
        if let Some(known) = self.known(cells, left) {
            return Ok(known);
        }
        let before = self.positions;
        let step = self.step(left);
        // A safe move need not be searched while there are others (Bullock's
        // proof, as Obsequi's source reports it);
        // a player with only safe moves was decided by counting above.
        let safe = self.pairs(self.untouchable(cells, left), left);
        let searched = match mine & !safe {
            0 => mine,
            unsafe_moves => unsafe_moves,
        };
        let mut moves: Vec<(i32, u32)> = Vec::with_capacity(searched.count_ones() as usize);
        let mut bits = searched;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            let after = cells & !(1u64 << i | 1u64 << (i + step));
            let score = self.most_moves(after, left) as i32 - self.most_moves(after, !left) as i32
                + self.most_moves(self.untouchable(after, left), left) as i32
                - self.most_moves(self.untouchable(after, !left), !left) as i32;
            let history = self.history[usize::from(left)][i as usize] >> 16;
            let placed = i32::from(self.placement[usize::from(left)][i as usize]);
            moves.push((score << 24 | placed << 16 | history.min(0xffff) as i32, i));
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
    use crate::catalogue::partizan::outcome_tests::xorshift;
    use crate::partizan::{Games, OutcomeClass, Valuer};
    use crate::short::{DynShort, ShortSolver};
    use crate::word::Word;
    use std::collections::HashMap;

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
        let mut random = xorshift(0x2545_f491_4f6c_dd1d);
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

    /// Whether the player to move wins, by trying every move (no count, no
    /// table of images, no move left out): `known` holds every position
    /// met, with each player to move.
    fn plain(board: &Grid, left: bool, known: &mut HashMap<(u64, bool), bool>) -> bool {
        if let Some(&won) = known.get(&(board.cells, left)) {
            return won;
        }
        let (w, cells) = (u32::from(board.width), board.cells);
        let won = (0..u32::from(board.height) * w).any(|i| {
            let j = if left { i + w } else { i + 1 };
            let fits = if left { j < 64 } else { (i + 1) % w != 0 };
            let domino = 1u64 << i | 1u64.checked_shl(j).unwrap_or(0);
            let after = Grid {
                cells: cells & !domino,
                ..*board
            };
            fits && cells & domino == domino && !plain(&after, !left, known)
        });
        known.insert((cells, left), won);
        won
    }

    /// The search's answer for a board, each player first, is what trying
    /// every move says; also with a table of 64 slots, where positions
    /// keep taking each other's slots.
    fn check(height: u8, width: u8, cells: u64, known: &mut HashMap<(u64, bool), bool>) {
        let board = &Grid {
            height,
            width,
            cells,
        };
        let expected = (plain(board, true, known), plain(board, false, known));
        for most in [MOST_SLOTS, 6] {
            let searched = decide_within(board, most, &mut |_| true).unwrap();
            let found = (searched.left_first_wins, searched.right_first_wins);
            assert_eq!(found, expected, "{} with 2^{most} slots", board.show());
        }
    }

    /// Every board inside a 4 × 4 square, and random boards of 5 × 5,
    /// 4 × 6, 6 × 4 and 5 × 6 cells with about a third blocked: who wins
    /// each, each player first, is what trying every move says.
    #[test]
    fn boards_are_decided_as_trying_every_move_says() {
        let mut known = HashMap::new();
        for cells in 0..1u64 << 16 {
            check(4, 4, cells, &mut known);
        }
        let mut random = xorshift(0x9e37_79b9_7f4a_7c15);
        for (height, width) in [(5u8, 5u8), (4, 6), (6, 4), (5, 6)] {
            let mut known = HashMap::new();
            let all = (1u64 << (u32::from(height) * u32::from(width))) - 1;
            for _ in 0..300 {
                let blocked = random() & (random() | random());
                check(height, width, !blocked & all, &mut known);
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
