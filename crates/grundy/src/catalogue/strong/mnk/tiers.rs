//! m,n,k-games in tiers (`crate::tier`): tier t holds the boards of t
//! marks, ranked by which cells are filled and which of those are X's.
//!
//! A board of t marks is its set of filled cells (a t-subset of the M × N
//! cells) and which of them, in cell order, hold X's (X moves first, so
//! ⌈t/2⌉ of them). Its rank is the colex rank of the filled cells among
//! the C(MN, t) t-subsets times C(t, ⌈t/2⌉), plus the colex rank of X's
//! places among the filled cells (`super::super::subsets`). So tier t has
//! C(MN, t) × C(t, ⌈t/2⌉) ranks; boards play cannot reach (lines for both,
//! play after a line) are marked by the solver, not removed.
//!
//! A board's images under the symmetries of the rectangle (the identity,
//! the two mirrors and the half turn; on a square also the quarter turns
//! and the two diagonal mirrors: 8) have its value, so the solver keeps
//! one cell for them all, at the least of their ranks (`class_rank`). As
//! the filled cells' rank is the major part, an image's X's are ranked
//! only where its filled cells rank least.
//!
//! The moves of a board are ranked without making them (`move_ranks`): a
//! move fills one empty cell, which in each image is one cell of the
//! image; the filled set gains a member at a fixed place, the X places a
//! place inserted among them (and a member where X moves), so one pass
//! over an image's marks ranks every move in it in constant time
//! ([`Insertions`]). The filled cells' part is found first in every
//! image, and the X places' part only in the images whose filled cells
//! rank least for some move; the filled cells' parts are kept while the
//! filled cells stay the same, as they do for consecutive ranks. The
//! solver's walk over a tier (`visit_moves`) makes each board from the
//! last where it can (the X places of consecutive ranks are consecutive
//! masks), and where the processor has BMI2 runs compiled for it (`pext`,
//! `pdep`, `popcnt`).

use super::{Board, Mnk};
use crate::catalogue::strong::subsets::{self, Binomials, Insertions};
use crate::retrograde::StrongGame;
use crate::tier::{set_ranks, Bits, Moves, TieredGame};

/// A symmetry of a board of M rows and N columns: (row, column, M, N) to
/// the row and column of the image.
type Symmetry = fn(usize, usize, usize, usize) -> (usize, usize);

/// The counting tables of the ranking and the board's symmetries.
pub(super) struct Ranking {
    cells: usize,
    binomials: Binomials,
    /// Each distinct symmetry of the board (the identity first) as a
    /// permutation: `cell[s][c]` is the image of cell c.
    cell: Vec<Vec<u8>>,
    /// The same, a byte of cells at a time: `bytes[s][j][b]` is the image of
    /// the cells 8j + i for the bits i of b.
    bytes: Vec<Vec<[u64; 256]>>,
    /// Whether the processor has BMI2 and POPCNT (checked once).
    bmi2: bool,
}

impl Ranking {
    pub(super) fn new(rows: u32, columns: u32) -> Ranking {
        let (m, n) = (rows as usize, columns as usize);
        let cells = m * n;
        let mut maps: Vec<Symmetry> = vec![
            |r, c, _, _| (r, c),
            |r, c, m, _| (m - 1 - r, c),
            |r, c, _, n| (r, n - 1 - c),
            |r, c, m, n| (m - 1 - r, n - 1 - c),
        ];
        if m == n {
            maps.extend::<[Symmetry; 4]>([
                |r, c, _, _| (c, r),
                |r, c, m, _| (m - 1 - c, r),
                |r, c, _, n| (c, n - 1 - r),
                |r, c, m, n| (m - 1 - c, n - 1 - r),
            ]);
        }
        let mut cell: Vec<Vec<u8>> = Vec::new();
        for map in maps {
            let permutation: Vec<u8> = (0..cells)
                .map(|i| {
                    let (r, c) = map(i / n, i % n, m, n);
                    (r * n + c) as u8
                })
                .collect();
            if !cell.contains(&permutation) {
                cell.push(permutation);
            }
        }
        let bytes = cell
            .iter()
            .map(|permutation| {
                (0..cells.div_ceil(8))
                    .map(|j| {
                        let mut table = [0u64; 256];
                        for (b, image) in table.iter_mut().enumerate() {
                            for i in (0..8).filter(|i| b >> i & 1 == 1 && 8 * j + i < cells) {
                                *image |= 1 << permutation[8 * j + i];
                            }
                        }
                        table
                    })
                    .collect()
            })
            .collect();
        Ranking {
            cells,
            binomials: Binomials::new(cells),
            cell,
            bytes,
            bmi2: has_bmi2(),
        }
    }

    /// The colourings of a tier: C(t, ⌈t/2⌉).
    fn colourings(&self, tier: usize) -> u64 {
        self.binomials.get(tier, tier.div_ceil(2))
    }

    /// The ranks of tier `tier`.
    fn tier_size(&self, tier: usize) -> u64 {
        self.binomials
            .get(self.cells, tier)
            .saturating_mul(self.colourings(tier))
    }

    /// The image of the cells `marks` under symmetry `s`.
    #[inline]
    fn image(&self, s: usize, marks: u64) -> u64 {
        self.bytes[s]
            .iter()
            .enumerate()
            .fold(0, |image, (j, table)| {
                image | table[(marks >> (8 * j)) as usize & 0xFF]
            })
    }

    /// The board's image under symmetry `s`.
    fn image_board(&self, s: usize, board: &Board) -> Board {
        Board {
            x: self.image(s, board.x),
            o: self.image(s, board.o),
        }
    }

    /// The rank of a board of `tier` marks.
    fn rank(&self, tier: usize, board: &Board) -> u64 {
        let filled = board.x | board.o;
        self.binomials.rank(filled) * self.colourings(tier)
            + self.binomials.rank(extract(board.x, filled))
    }

    /// The board of rank `rank` in tier `tier`.
    fn unrank(&self, tier: usize, rank: u64) -> Board {
        let colourings = self.colourings(tier);
        let filled = self.binomials.unrank(self.cells, tier, rank / colourings);
        let x = deposit(
            self.binomials
                .unrank(tier, tier.div_ceil(2), rank % colourings),
            filled,
        );
        Board { x, o: filled & !x }
    }

    /// The least rank of the board's images: the filled cells' rank first,
    /// then the X's of the images whose filled cells rank least.
    fn class_rank(&self, tier: usize, board: &Board) -> u64 {
        let (mut least, mut colours) = (u64::MAX, u64::MAX);
        for s in 0..self.cell.len() {
            let image = self.image_board(s, board);
            let filled = image.x | image.o;
            let rank = self.binomials.rank(filled);
            if rank <= least {
                let colour = self.binomials.rank(extract(image.x, filled));
                if rank < least || colour < colours {
                    (least, colours) = (rank, colour);
                }
            }
        }
        least * self.colourings(tier) + colours
    }

    /// How many distinct boards the board's images are: the symmetries
    /// (a group) over those that map the board to itself.
    fn class_size(&self, board: &Board) -> u64 {
        let filled = board.x | board.o;
        let fixed = (0..self.cell.len())
            .filter(|&s| self.image(s, filled) == filled && self.image(s, board.x) == board.x)
            .count();
        (self.cell.len() / fixed) as u64
    }

    /// Calls `visit` with each rank of tier `tier` in `ranks` whose bit is
    /// set in `bits` and its board, in rank order, with `deposit` for the
    /// parallel bit deposit: the boards of consecutive ranks share their
    /// filled cells and their X places are consecutive subsets in colex
    /// order, the order of their masks, so the next is one step of
    /// Gosper's hack; a board further on is unranked.
    #[inline(always)]
    fn walk(
        &self,
        tier: usize,
        ranks: std::ops::Range<u64>,
        bits: Bits<'_>,
        deposit: impl Fn(u64, u64) -> u64,
        mut visit: impl FnMut(u64, &Board),
    ) {
        let colourings = self.colourings(tier);
        // The rank, filled cells and X places of the board visited last.
        let mut at: Option<(u64, u64, u64)> = None;
        for rank in set_ranks(bits, ranks) {
            let (filled, colours) = match at {
                Some((before, filled, mut colours))
                    if rank / colourings == before / colourings
                        && rank - before <= 16
                        && colours != 0 =>
                {
                    for _ in before..rank {
                        colours = subsets::next(colours);
                    }
                    (filled, colours)
                }
                _ => (
                    self.binomials.unrank(self.cells, tier, rank / colourings),
                    self.binomials
                        .unrank(tier, tier.div_ceil(2), rank % colourings),
                ),
            };
            at = Some((rank, filled, colours));
            let x = deposit(colours, filled);
            visit(rank, &Board { x, o: filled & !x });
        }
    }

    /// The filled cells' parts of the ranks of the moves into `empty` of
    /// the boards whose filled cells are `filled`, into `scratch`: in each
    /// image, the filled cells gain a member at a fixed place.
    #[inline(always)]
    fn filled_parts(&self, filled: u64, empty: u64, scratch: &mut Scratch) {
        let b = &self.binomials;
        let mut moves = 0;
        let mut rest = empty;
        while rest != 0 {
            scratch.cells[moves] = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            moves += 1;
        }
        let least = &mut scratch.least[..moves];
        least.fill(u64::MAX);
        for (s, permutation) in self.cell.iter().enumerate() {
            let image = self.image(s, filled);
            scratch.filled[s] = image;
            scratch.insertions.of(b, image, 0, 1);
            let parts = &mut scratch.parts[s][..moves];
            for ((part, least), &cell) in parts.iter_mut().zip(least.iter_mut()).zip(&scratch.cells)
            {
                let at = permutation[cell as usize] as usize;
                let place = (image & ((1u64 << at) - 1)).count_ones() as usize;
                *part = scratch.insertions.rank(b, at, place);
                *least = (*least).min(*part);
            }
        }
        for s in 0..self.cell.len() {
            scratch.tied[s] = (0..moves)
                .filter(|&i| scratch.parts[s][i] == scratch.least[i])
                .fold(0, |tied, i| tied | 1 << i);
        }
        scratch.moves = moves;
        scratch.of = Some(filled);
    }

    /// The class ranks in tier `tier + 1` of the boards made from `board`
    /// (of `tier` marks) by a mark in each cell of `empty`, in cell order,
    /// with `extract` for the parallel bit extract. In each image, the filled cells' part of every move's rank
    /// comes from one pass over the image's filled cells; as it is the
    /// major part, the X places' part is found only in the images whose
    /// filled cells rank least for some move, and only for those moves.
    #[inline(always)]
    fn move_ranks_with(
        &self,
        tier: usize,
        board: &Board,
        empty: u64,
        scratch: &mut Scratch,
        ranks: &mut Vec<u64>,
        extract: &impl Fn(u64, u64) -> u64,
    ) {
        let x_moves = board.x_to_move() as u64;
        let b = &self.binomials;
        let filled = board.x | board.o;
        if scratch.of != Some(filled) {
            self.filled_parts(filled, empty, scratch);
        }
        let moves = scratch.moves;
        // The X places gain a place, a member where X moves.
        let colours = &mut scratch.colours[..moves];
        colours.fill(u64::MAX);
        for (s, permutation) in self.cell.iter().enumerate() {
            let mut tied = scratch.tied[s];
            if tied == 0 {
                continue;
            }
            let filled = scratch.filled[s];
            let x = self.image(s, board.x);
            scratch.insertions.of(b, extract(x, filled), 1, x_moves);
            while tied != 0 {
                let i = tied.trailing_zeros() as usize;
                tied &= tied - 1;
                let at = permutation[scratch.cells[i] as usize] as usize;
                let under = (1u64 << at) - 1;
                let place = (filled & under).count_ones() as usize;
                let xs = (x & under).count_ones() as usize;
                colours[i] = colours[i].min(scratch.insertions.rank(b, place, xs));
            }
        }
        let colourings = self.colourings(tier + 1);
        ranks.extend(
            scratch.least[..moves]
                .iter()
                .zip(colours.iter())
                .map(|(&cells, &colours)| cells * colourings + colours),
        );
    }
}

/// What ranking a board's moves needs besides the board, made once for
/// many boards: each image's filled cells and its moves' filled-cell
/// parts, the least of those and the images that tie for it by move
/// (kept while the boards' filled cells stay the same, as they do for
/// consecutive ranks), and the least X places' parts by move.
pub(super) struct Scratch {
    /// The filled cells the rest is for: boards of consecutive ranks share
    /// them.
    of: Option<u64>,
    moves: usize,
    cells: [u8; 64],
    filled: [u64; 8],
    parts: [[u64; 64]; 8],
    least: [u64; 64],
    /// The moves (bit i for the move into `cells[i]`) whose filled
    /// cells' part in image s is the least, by image.
    tied: [u64; 8],
    colours: [u64; 64],
    insertions: Insertions,
}

impl Scratch {
    pub(super) fn new() -> Scratch {
        Scratch {
            of: None,
            moves: 0,
            cells: [0; 64],
            filled: [0; 8],
            parts: [[0; 64]; 8],
            least: [0; 64],
            tied: [0; 8],
            colours: [0; 64],
            insertions: Insertions::new(),
        }
    }
}

/// Whether the processor has BMI2 and POPCNT.
fn has_bmi2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("bmi2") && std::arch::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// The bits of `bits` at the places of `mask`'s bits, packed low in
/// `mask`'s order (a parallel bit extract).
fn extract(bits: u64, mut mask: u64) -> u64 {
    let (mut packed, mut i) = (0u64, 0);
    while mask != 0 {
        let bit = mask & mask.wrapping_neg();
        packed |= ((bits & bit != 0) as u64) << i;
        i += 1;
        mask ^= bit;
    }
    packed
}

/// The low bits of `packed` put at the places of `mask`'s bits, in order
/// (a parallel bit deposit): the inverse of [`extract`].
fn deposit(mut packed: u64, mut mask: u64) -> u64 {
    let mut bits = 0u64;
    while mask != 0 {
        let bit = mask & mask.wrapping_neg();
        if packed & 1 == 1 {
            bits |= bit;
        }
        packed >>= 1;
        mask ^= bit;
    }
    bits
}

impl TieredGame for Mnk {
    fn tiers(&self) -> usize {
        self.ranking.cells + 1
    }

    fn moves_at_most(&self) -> u64 {
        self.ranking.cells as u64
    }

    fn tier_size(&self, tier: usize) -> u64 {
        self.ranking.tier_size(tier)
    }

    fn tier(&self, board: &Board) -> usize {
        (board.x | board.o).count_ones() as usize
    }

    fn rank(&self, tier: usize, board: &Board) -> u64 {
        self.ranking.rank(tier, board)
    }

    fn unrank(&self, tier: usize, rank: u64) -> Board {
        self.ranking.unrank(tier, rank)
    }

    fn class_rank(&self, tier: usize, board: &Board) -> u64 {
        self.ranking.class_rank(tier, board)
    }

    fn class_size(&self, board: &Board) -> u64 {
        self.ranking.class_size(board)
    }

    fn move_ranks(&self, tier: usize, board: &Board, ranks: &mut Vec<u64>) {
        let empty = self.full & !(board.x | board.o);
        let scratch = &mut Scratch::new();
        self.ranking
            .move_ranks_with(tier, board, empty, scratch, ranks, &extract)
    }

    fn visit_moves(
        &self,
        tier: usize,
        ranks: std::ops::Range<u64>,
        bits: Bits<'_>,
        visit: &mut dyn FnMut(u64, &Board, Moves<'_>),
    ) {
        #[cfg(target_arch = "x86_64")]
        if self.ranking.bmi2 {
            // SAFETY: the processor has BMI2 and POPCNT (`Ranking::new`
            // checked).
            return unsafe { self.visit_moves_bmi2(tier, ranks, bits, visit) };
        }
        self.visit_moves_with(tier, ranks, bits, visit, extract, deposit)
    }
}

impl Mnk {
    /// [`TieredGame::visit_moves`] compiled for BMI2 and POPCNT: `extract`
    /// and `deposit` are one `pext` and one `pdep`, and the counts of
    /// marks below a cell one `popcnt`.
    ///
    /// # Safety
    /// The processor must have BMI2 and POPCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2,popcnt")]
    unsafe fn visit_moves_bmi2(
        &self,
        tier: usize,
        ranks: std::ops::Range<u64>,
        bits: Bits<'_>,
        visit: &mut dyn FnMut(u64, &Board, Moves<'_>),
    ) {
        use std::arch::x86_64::{_pdep_u64, _pext_u64};
        // SAFETY: this function runs only where the processor has BMI2.
        let (pext, pdep) = (|b, m| _pext_u64(b, m), |b, m| _pdep_u64(b, m));
        self.visit_moves_with(tier, ranks, bits, visit, pext, pdep)
    }

    /// [`TieredGame::visit_moves`] with `extract` and `deposit` for the
    /// parallel bit extract and deposit: each board is made from the last
    /// ([`Ranking::walk`]) and its moves ranked without making them
    /// ([`Ranking::move_ranks_with`]).
    #[inline(always)]
    fn visit_moves_with(
        &self,
        tier: usize,
        ranks: std::ops::Range<u64>,
        bits: Bits<'_>,
        visit: &mut dyn FnMut(u64, &Board, Moves<'_>),
        extract: impl Fn(u64, u64) -> u64,
        deposit: impl Fn(u64, u64) -> u64,
    ) {
        let (mut scratch, mut moves) = (Scratch::new(), Vec::with_capacity(64));
        let r = &self.ranking;
        r.walk(tier, ranks, bits, deposit, |rank, board| {
            match self.finished(board) {
                Some(standing) => visit(rank, board, Moves::Finished(standing)),
                None => {
                    moves.clear();
                    let empty = self.full & !(board.x | board.o);
                    r.move_ranks_with(tier, board, empty, &mut scratch, &mut moves, &extract);
                    visit(rank, board, Moves::Ranks(&moves))
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::retrograde::StrongGame;

    fn game(m: u64, n: u64) -> Mnk {
        Mnk::new(m, n, m.min(n)).unwrap()
    }

    /// Every board of the base-3 numbering with as many X's as the first
    /// player has (⌈t/2⌉ of t marks): ranks are below the tier's size, no
    /// two boards share one, every rank of the tier is a board's (so rank
    /// is onto 0..size), and unrank inverts it.
    #[test]
    fn ranks_are_a_bijection_onto_each_tier() {
        for (m, n) in [(3, 3), (3, 4), (2, 5), (1, 6), (2, 2), (1, 1)] {
            let g = game(m, n);
            let mut seen: Vec<Vec<bool>> = (0..g.tiers())
                .map(|t| vec![false; g.tier_size(t) as usize])
                .collect();
            let numbering = g.numbering().unwrap();
            for number in 0..numbering.count() {
                let board = numbering.position(number);
                let t = g.tier(&board);
                if board.x.count_ones() as usize != t.div_ceil(2) {
                    continue;
                }
                let rank = g.rank(t, &board);
                assert!(rank < g.tier_size(t), "{m}x{n} {board:?}");
                assert!(!seen[t][rank as usize], "{m}x{n}: rank {rank} twice");
                seen[t][rank as usize] = true;
                assert_eq!(g.unrank(t, rank), board);
            }
            for (t, ranks) in seen.iter().enumerate() {
                assert!(
                    ranks.iter().all(|&s| s),
                    "{m}x{n}: a rank of tier {t} unused"
                );
            }
        }
    }

    /// A board turned a quarter clockwise (square boards) or mirrored
    /// top to bottom, a cell at a time by its row and column.
    fn turned(m: usize, n: usize, board: &Board, cell: impl Fn(usize, usize) -> usize) -> Board {
        let mut image = Board::default();
        for r in 0..m {
            for c in 0..n {
                let (from, to) = (1u64 << (r * n + c), 1u64 << cell(r, c));
                image.x |= (board.x & from != 0) as u64 * to;
                image.o |= (board.o & from != 0) as u64 * to;
            }
        }
        image
    }

    /// The images of a board under the group its symmetries generate: a
    /// mirror and a half turn for a rectangle, a mirror and a quarter turn
    /// for a square, composed until no new board appears.
    fn images(m: usize, n: usize, board: &Board) -> Vec<Board> {
        let mirror = |b: &Board| turned(m, n, b, |r, c| (m - 1 - r) * n + c);
        let turn = |b: &Board| match m == n {
            true => turned(m, n, b, |r, c| c * n + (n - 1 - r)),
            false => turned(m, n, b, |r, c| (m - 1 - r) * n + (n - 1 - c)),
        };
        let mut images = vec![*board];
        let mut at = 0;
        while at < images.len() {
            for image in [mirror(&images[at]), turn(&images[at])] {
                if !images.contains(&image) {
                    images.push(image);
                }
            }
            at += 1;
        }
        images
    }

    /// Every rank of every tier (each unranked): its class rank is the
    /// least rank of its images by brute force, its class size how many
    /// distinct images it has, and the ranks of its moves, found without
    /// making them, are the class ranks of the boards its moves make.
    #[test]
    fn classes_and_moves_are_those_of_the_images() {
        for (m, n) in [(3, 3), (4, 4), (3, 4), (4, 3), (2, 5), (1, 5), (1, 1)] {
            let g = game(m, n);
            let (mut moves, mut ranks) = (Vec::new(), Vec::new());
            for t in 0..g.tiers() {
                let step = (g.tier_size(t) / 20_000).max(1) as usize;
                for rank in (0..g.tier_size(t)).step_by(step) {
                    let board = g.unrank(t, rank);
                    let images = images(m as usize, n as usize, &board);
                    let least = images.iter().map(|b| g.rank(t, b)).min().unwrap();
                    assert_eq!(g.class_rank(t, &board), least, "{m}x{n} {board:?}");
                    assert_eq!(g.class_size(&board), images.len() as u64);
                    if t + 1 == g.tiers() {
                        continue;
                    }
                    moves.clear();
                    ranks.clear();
                    g.moves(&board, &mut moves);
                    g.move_ranks(t, &board, &mut ranks);
                    let made: Vec<u64> = moves.iter().map(|b| g.class_rank(t + 1, b)).collect();
                    assert_eq!(ranks, made, "{m}x{n} tier {t} rank {rank}");
                }
            }
        }
    }

    /// `visit_moves` against making the moves: on every rank of small
    /// boards, with every rank's bit set and with some unset (so that the
    /// walk both steps to the next board and unranks one further on), in
    /// blocks that start anywhere, with BMI2 and with the loops: it visits
    /// the ranks whose bits are set, in order, with their boards, and each
    /// board's standing where the rules ended the game, else the class
    /// ranks of the boards its moves make.
    #[test]
    fn visited_moves_are_those_of_the_boards_they_make() {
        for (m, n) in [(3, 3), (3, 4), (4, 3), (2, 5), (1, 5), (1, 1)] {
            let mut g = game(m, n);
            for bmi2 in [false, has_bmi2()] {
                g.ranking.bmi2 = bmi2;
                for t in 0..g.tiers() {
                    let size = g.tier_size(t);
                    for sparse in [false, true] {
                        let set = |r: u64| !sparse || r % 7 < 3 || r % 29 == 5;
                        let mut bits = vec![0u64; size.div_ceil(64) as usize];
                        for r in (0..size).filter(|&r| set(r)) {
                            bits[(r / 64) as usize] |= 1 << (r % 64);
                        }
                        let mut visited = Vec::new();
                        for start in (0..size).step_by(37) {
                            let block = start..(start + 37).min(size);
                            g.visit_moves(
                                t,
                                block,
                                Bits::whole(&bits),
                                &mut |rank, board, moves| {
                                    let owned = match moves {
                                        Moves::Finished(standing) => Err(standing),
                                        Moves::Ranks(ranks) => Ok(ranks.to_vec()),
                                    };
                                    visited.push((rank, *board, owned));
                                },
                            );
                        }
                        let ranks: Vec<u64> = visited.iter().map(|v| v.0).collect();
                        let wanted: Vec<u64> = (0..size).filter(|&r| set(r)).collect();
                        assert_eq!(ranks, wanted, "{m}x{n} tier {t}");
                        let mut made = Vec::new();
                        for (rank, board, moves) in visited {
                            assert_eq!(board, g.unrank(t, rank), "{m}x{n} {rank}");
                            match g.finished(&board) {
                                Some(standing) => assert_eq!(moves, Err(standing)),
                                None => {
                                    made.clear();
                                    g.moves(&board, &mut made);
                                    let made = made.iter().map(|b| g.class_rank(t + 1, b));
                                    assert_eq!(moves, Ok(made.collect()), "{m}x{n} {board:?}");
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Tier sizes: C(9, t) × C(t, ⌈t/2⌉) on 3 × 3, 6046 ranks in all, the
    /// sizes GamesmanOne's mnktttier prints for its tiers of mnk(3,3,3)
    /// ("tier 9 of size 126", "tier 8 of size 630", ...).
    #[test]
    fn tier_sizes_are_cells_times_colourings() {
        let g = game(3, 3);
        let sizes: Vec<u64> = (0..g.tiers()).map(|t| g.tier_size(t)).collect();
        assert_eq!(sizes, [1, 9, 72, 252, 756, 1260, 1680, 1260, 630, 126]);
        assert_eq!(sizes.iter().sum::<u64>(), 6046);
        // A square has 8 symmetries, a rectangle 4, a row 2.
        assert_eq!(game(4, 4).ranking.cell.len(), 8);
        assert_eq!(game(4, 5).ranking.cell.len(), 4);
        assert_eq!(game(1, 5).ranking.cell.len(), 2);
    }
}
