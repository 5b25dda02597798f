//! Connect Four in tiers (`crate::tier`): tier t holds the boards of t
//! discs, ranked by their column heights and colours.
//!
//! A board of t discs is its vector of column heights (each 0..=H, summing
//! to t) and which of its t discs, taken column by column from the bottom
//! up, are X's (the first player's: ⌈t/2⌉ of them). Its rank is the index
//! of its heights among the vectors of sum t (in lexicographic order, found
//! by counting the vectors of each prefix) times C(t, ⌈t/2⌉), plus the
//! rank of X's discs among the ⌈t/2⌉-subsets of the t discs in the
//! combinatorial number system (Σ C(p_i, i + 1) over X's disc places
//! p_0 < p_1 < ...).
//!
//! So tier t has (vectors of sum t) × C(t, ⌈t/2⌉) ranks; the ranks of
//! boards play cannot reach (a line for both, play after a line) are
//! marked by the solver, not removed.
//!
//! A board and its mirror image (the columns in reverse order) have the
//! same value, so the solver keeps one cell for both, at the lesser of
//! their ranks (`class_rank`).
//!
//! Two things make ranking cheap where the solver needs it most:
//! - the boards of consecutive ranks share their heights, and their
//!   colourings are consecutive k-subsets in colex order, which is the
//!   order of their bit masks: the next is one step of Gosper's hack
//!   (`visit_ranks`);
//! - a move adds a disc at one place p of the column order: the height
//!   vectors' part of the rank changes by terms known from prefix and
//!   suffix sums over the columns, and the colouring's by the discs below
//!   p (unchanged), the new disc, and the discs above p (each one place
//!   up): prefix and suffix sums again, so every move of a board is ranked
//!   in constant time after one pass over its columns and discs
//!   (`move_ranks`).

use crate::catalogue::strong::subsets::{Binomials, Insertions};
use crate::tier::TieredGame;

use super::Connect4;

/// The most columns a board has: W × (H + 1) <= 64 with H >= 1.
const MAX_COLUMNS: usize = 32;

/// The counting tables of the ranking, flat.
pub(super) struct Ranking {
    columns: usize,
    cells: usize,
    height: usize,
    /// `vectors[c * (cells + 1) + s]`: the height vectors of columns c..
    /// summing to s.
    vectors: Vec<u64>,
    /// `below[(c * (cells + 1) + s) * (height + 2) + h]`: the vectors of
    /// columns c.. summing to s whose column c is below h.
    below: Vec<u64>,
    /// C(n, k), for n up to the cells.
    binomials: Binomials,
}

impl Ranking {
    pub(super) fn new(width: u32, height: u32) -> Ranking {
        let (w, h) = (width as usize, height as usize);
        let cells = w * h;
        let mut vectors = vec![0u64; (w + 1) * (cells + 1)];
        vectors[w * (cells + 1)] = 1;
        for c in (0..w).rev() {
            for s in 0..=cells {
                vectors[c * (cells + 1) + s] = (0..=h.min(s))
                    .map(|v| vectors[(c + 1) * (cells + 1) + s - v])
                    .fold(0, u64::saturating_add);
            }
        }
        let mut below = vec![0u64; w * (cells + 1) * (h + 2)];
        for c in 0..w {
            for s in 0..=cells {
                let at = (c * (cells + 1) + s) * (h + 2);
                for v in 0..=h {
                    let here = if v <= s {
                        vectors[(c + 1) * (cells + 1) + s - v]
                    } else {
                        0
                    };
                    below[at + v + 1] = below[at + v].saturating_add(here);
                }
            }
        }
        Ranking {
            columns: w,
            cells,
            height: h,
            vectors,
            below,
            binomials: Binomials::new(cells),
        }
    }

    #[inline]
    fn vectors(&self, c: usize, s: usize) -> u64 {
        self.vectors[c * (self.cells + 1) + s]
    }

    #[inline]
    fn below(&self, c: usize, s: usize, h: usize) -> u64 {
        self.below[(c * (self.cells + 1) + s) * (self.height + 2) + h]
    }

    /// The colourings of a tier: C(t, ⌈t/2⌉).
    fn colourings(&self, tier: usize) -> u64 {
        self.binomials.get(tier, tier.div_ceil(2))
    }

    /// The rank of a board of `tier` discs taken apart.
    fn rank(&self, tier: usize, board: &Parts) -> u64 {
        let (mut index, mut left) = (0, tier);
        for c in 0..self.columns {
            let h = board.heights[c] as usize;
            index += self.below(c, left, h);
            left -= h;
        }
        index * self.colourings(tier) + self.binomials.rank(board.colours)
    }

    /// The board of rank `rank` in `tier`, taken apart.
    fn unrank(&self, tier: usize, rank: u64) -> Parts {
        let colourings = self.colourings(tier);
        let mut index = rank / colourings;
        let colours = self
            .binomials
            .unrank(tier, tier.div_ceil(2), rank % colourings);
        let mut heights = [0u8; MAX_COLUMNS];
        let mut left = tier;
        for (c, height) in heights.iter_mut().enumerate().take(self.columns) {
            let mut h = 0;
            while index >= self.vectors(c + 1, left - h) {
                index -= self.vectors(c + 1, left - h);
                h += 1;
            }
            *height = h as u8;
            left -= h;
        }
        Parts { heights, colours }
    }

    /// The ranks in tier `tier + 1` of the boards one disc more than
    /// `board` (of `tier` discs), the disc X's where `x` is 1: by column,
    /// `u64::MAX` for a full column.
    fn child_ranks(&self, tier: usize, board: &Parts, x: u64) -> [u64; MAX_COLUMNS] {
        let w = self.columns;
        // The height part: column j is counted with `left` discs for
        // columns j.. in the board; in a child by column c, with one more
        // for j <= c (prefix sums of `up`) and as many for j > c (suffix
        // sums of `same`); column c itself is one higher.
        let mut place = [0usize; MAX_COLUMNS];
        let mut before = [0u64; MAX_COLUMNS + 1];
        let mut after = [0u64; MAX_COLUMNS + 1];
        let mut left = tier;
        for c in 0..w {
            let h = board.heights[c] as usize;
            place[c] = tier - left;
            before[c + 1] = before[c] + self.below(c, left + 1, h);
            after[c] = self.below(c, left, h);
            left -= h;
        }
        for c in (0..w).rev() {
            after[c] += after[c + 1];
        }
        // The colouring part: a child's new disc is a place inserted
        // among the discs, X's where `x` is 1, the discs above it one place
        // up.
        let mut colours = Insertions::new();
        colours.of(&self.binomials, board.colours, 1, x);
        let colourings = self.colourings(tier + 1);
        let mut ranks = [u64::MAX; MAX_COLUMNS];
        let mut left = tier;
        for c in 0..w {
            let h = board.heights[c] as usize;
            if h < self.height {
                let p = place[c] + h;
                let i = (board.colours & ((1u64 << p) - 1)).count_ones() as usize;
                let colour = colours.rank(&self.binomials, p, i);
                let index = before[c] + self.below(c, left + 1, h + 1) + after[c + 1];
                ranks[c] = index * colourings + colour;
            }
            left -= h;
        }
        ranks
    }
}

/// A board taken apart: each column's height, and which of its discs
/// (column by column from the bottom up) are X's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Parts {
    heights: [u8; MAX_COLUMNS],
    colours: u64,
}

impl Connect4 {
    /// The board taken apart.
    fn parts(&self, position: u64) -> Parts {
        let mut heights = [0u8; MAX_COLUMNS];
        let (mut colours, mut discs) = (0u64, 0);
        for (c, (shift, height)) in self.heights(position).enumerate() {
            heights[c] = height as u8;
            colours |= ((position >> shift) & ((1 << height) - 1)) << discs;
            discs += height;
        }
        Parts { heights, colours }
    }

    /// The board put together.
    fn board(&self, parts: &Parts) -> u64 {
        let (mut position, mut colours) = (0u64, parts.colours);
        for c in 0..self.width as usize {
            let h = parts.heights[c] as u32;
            let column = colours & ((1 << h) - 1) | 1 << h;
            position |= column << (c as u32 * (self.height + 1));
            colours >>= h;
        }
        position
    }

    /// The board's mirror image: its columns in reverse order.
    fn mirror(&self, position: u64) -> u64 {
        let shift = self.height + 1;
        (0..self.width).fold(0, |m, c| {
            let column = (position >> (c * shift)) & self.column;
            m | column << ((self.width - 1 - c) * shift)
        })
    }
}

impl TieredGame for Connect4 {
    fn tiers(&self) -> usize {
        (self.width * self.height) as usize + 1
    }

    fn tier_size(&self, tier: usize) -> u64 {
        let r = &self.ranking;
        r.vectors(0, tier).saturating_mul(r.colourings(tier))
    }

    fn tier(&self, position: &u64) -> usize {
        self.heights(*position).map(|(_, h)| h as usize).sum()
    }

    fn rank(&self, tier: usize, &position: &u64) -> u64 {
        self.ranking.rank(tier, &self.parts(position))
    }

    fn unrank(&self, tier: usize, rank: u64) -> u64 {
        self.board(&self.ranking.unrank(tier, rank))
    }

    fn class_rank(&self, tier: usize, position: &u64) -> u64 {
        let mirror = self.mirror(*position);
        self.rank(tier, position).min(self.rank(tier, &mirror))
    }

    fn class_size(&self, &position: &u64) -> u64 {
        if self.mirror(position) == position {
            1
        } else {
            2
        }
    }

    fn move_ranks(&self, tier: usize, &position: &u64, ranks: &mut Vec<u64>) {
        let x = (tier % 2 == 0) as u64;
        let r = &self.ranking;
        let direct = r.child_ranks(tier, &self.parts(position), x);
        let mirrored = r.child_ranks(tier, &self.parts(self.mirror(position)), x);
        let w = self.width as usize;
        for c in 0..w {
            if direct[c] != u64::MAX {
                // The move in column c is the mirror's move in column
                // W - 1 - c, mirrored.
                ranks.push(direct[c].min(mirrored[w - 1 - c]));
            }
        }
    }

    fn visit_ranks(
        &self,
        tier: usize,
        ranks: std::ops::Range<u64>,
        bits: &[u64],
        visit: &mut dyn FnMut(u64, &u64),
    ) {
        let r = &self.ranking;
        let colourings = r.colourings(tier);
        // The board of rank `at`, kept while the ranks go up one at a time
        // within one height vector.
        let mut at: Option<(u64, Parts)> = None;
        let mut rank = ranks.start;
        while rank < ranks.end {
            let word = bits[(rank / 64) as usize] >> (rank % 64);
            if word == 0 {
                rank = (rank / 64 + 1) * 64;
                continue;
            }
            rank += word.trailing_zeros() as u64;
            if rank >= ranks.end {
                break;
            }
            let parts = match at {
                // Within a height vector, a few colourings on: Gosper's
                // hack steps to the next mask of as many bits.
                Some((before, mut parts))
                    if rank / colourings == before / colourings
                        && rank - before <= 16
                        && parts.colours != 0 =>
                {
                    for _ in before..rank {
                        let v = parts.colours;
                        let low = v & v.wrapping_neg();
                        let up = v + low;
                        parts.colours = (((up ^ v) >> 2) / low) | up;
                    }
                    parts
                }
                _ => r.unrank(tier, rank),
            };
            at = Some((rank, parts));
            visit(rank, &self.board(&parts));
            rank += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::retrograde::Numbering;

    /// Every board of the base-B numbering (every height vector and every
    /// colouring) with as many X discs as the first player has: ranks are
    /// below the tier's size, no two boards share one, and every rank of
    /// the tier is a board's (so rank is onto 0..size), and unrank
    /// inverts it.
    #[test]
    fn ranks_are_a_bijection_onto_each_tier() {
        for (w, h) in [(4, 4), (3, 5), (5, 3), (1, 6), (2, 2)] {
            let game = Connect4::new(w, h).unwrap();
            let tiers = game.tiers();
            let mut seen: Vec<Vec<bool>> = (0..tiers)
                .map(|t| vec![false; game.tier_size(t) as usize])
                .collect();
            for number in 0..Numbering::count(&game) {
                let board = Numbering::position(&game, number);
                let (x, all) = game.discs(board);
                let t = game.tier(&board);
                if x.count_ones() as usize != t.div_ceil(2) || all.count_ones() as usize != t {
                    continue;
                }
                let rank = game.rank(t, &board);
                assert!(rank < game.tier_size(t), "{w}x{h} {board:#b}");
                assert!(!seen[t][rank as usize], "{w}x{h}: rank {rank} twice");
                seen[t][rank as usize] = true;
                assert_eq!(game.unrank(t, rank), board);
            }
            for (t, ranks) in seen.iter().enumerate() {
                assert!(
                    ranks.iter().all(|&s| s),
                    "{w}x{h}: a rank of tier {t} unused"
                );
            }
        }
    }

    /// Every board of every tier (each rank, unranked): the ranks of its
    /// moves, made from the board's parts in constant time a move, are the
    /// class ranks of the boards the moves make; a class rank is the least
    /// of the board's and its mirror image's ranks, and a class is of 1
    /// board where the board is its mirror image, else of 2.
    #[test]
    fn moves_are_ranked_as_the_boards_they_make() {
        use crate::retrograde::StrongGame;
        for (w, h) in [(4, 4), (3, 5), (5, 3), (1, 6), (2, 2), (6, 2)] {
            let game = Connect4::new(w, h).unwrap();
            let (mut moves, mut ranks) = (Vec::new(), Vec::new());
            for t in 0..game.tiers() - 1 {
                for rank in 0..game.tier_size(t) {
                    let board = game.unrank(t, rank);
                    let mirror = game.mirror(board);
                    assert_eq!(game.mirror(mirror), board);
                    let class = game.rank(t, &board).min(game.rank(t, &mirror));
                    assert_eq!(game.class_rank(t, &board), class);
                    assert_eq!(game.class_size(&board), 1 + (mirror != board) as u64);
                    moves.clear();
                    ranks.clear();
                    game.moves(&board, &mut moves);
                    game.move_ranks(t, &board, &mut ranks);
                    let made: Vec<u64> = moves.iter().map(|m| game.class_rank(t + 1, m)).collect();
                    assert_eq!(ranks, made, "{w}x{h} tier {t} rank {rank}");
                }
            }
        }
    }

    /// The boards visited a rank at a time (stepping through colourings)
    /// are the boards of those ranks, for bits of every density.
    #[test]
    fn visited_ranks_are_the_boards_of_their_ranks() {
        let game = Connect4::new(4, 4).unwrap();
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for t in 0..game.tiers() {
            let size = game.tier_size(t);
            for density in [1u64, 3, 16, 64] {
                let bits: Vec<u64> = (0..size.div_ceil(64))
                    .map(|_| {
                        // xorshift: a bit set with chance about 1 in density.
                        (0..64).fold(0u64, |word, bit| {
                            seed ^= seed << 13;
                            seed ^= seed >> 7;
                            seed ^= seed << 17;
                            word | ((seed % density == 0) as u64) << bit
                        })
                    })
                    .collect();
                let from = size / 3;
                let mut seen = Vec::new();
                game.visit_ranks(t, from..size, &bits, &mut |rank, &board| {
                    seen.push((rank, board))
                });
                let expected: Vec<(u64, u64)> = (from..size)
                    .filter(|&r| bits[(r / 64) as usize] >> (r % 64) & 1 == 1)
                    .map(|r| (r, game.unrank(t, r)))
                    .collect();
                assert_eq!(seen, expected, "tier {t}, density {density}");
            }
        }
    }

    /// Tier sizes by the formula: 4 x 4 has 1 + 4 + 10·2 + ... ranks.
    #[test]
    fn tier_sizes_are_heights_times_colourings() {
        let game = Connect4::new(4, 4).unwrap();
        assert_eq!(game.tiers(), 17);
        assert_eq!(game.tier_size(0), 1);
        assert_eq!(game.tier_size(1), 4);
        // Heights of sum 2 over 4 columns: 10; colourings C(2, 1) = 2.
        assert_eq!(game.tier_size(2), 20);
        // The full board: one height vector, C(16, 8) colourings.
        assert_eq!(game.tier_size(16), 12_870);
    }
}
