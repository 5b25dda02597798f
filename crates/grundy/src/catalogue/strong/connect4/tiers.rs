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
//!   suffix sums over the columns, the same for every board of one height
//!   vector (kept while `visit_moves` walks them), and the colouring's by
//!   the discs below p (unchanged), the new disc, and the discs above p
//!   (each one place up): prefix sums over X's discs, so every move of a
//!   board is ranked after one pass over its X discs, with no branch on
//!   the colouring but that pass's end (`visit_moves`, `move_ranks`).

use crate::catalogue::strong::subsets::{self, Binomials, Insertions};
use crate::retrograde::StrongGame;
use crate::tier::{set_ranks, Bits, Moves, TieredGame};

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
    /// C(n, k), for n up to the cells + 1, and the colex ranks of
    /// colourings.
    binomial: Binomials,
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
            binomial: Binomials::new(cells),
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

    #[inline]
    fn binomial(&self, n: usize, k: usize) -> u64 {
        self.binomial.get(n, k)
    }

    /// The colourings of a tier: C(t, ⌈t/2⌉).
    fn colourings(&self, tier: usize) -> u64 {
        self.binomial(tier, tier.div_ceil(2))
    }

    /// The rank of a board of `tier` discs taken apart.
    fn rank(&self, tier: usize, board: &Parts) -> u64 {
        let (mut index, mut left) = (0, tier);
        for c in 0..self.columns {
            let h = board.heights[c] as usize;
            index += self.below(c, left, h);
            left -= h;
        }
        index * self.colourings(tier) + self.binomial.rank(board.colours)
    }

    /// The board of rank `rank` in `tier`, taken apart.
    fn unrank(&self, tier: usize, rank: u64) -> Parts {
        let colourings = self.colourings(tier);
        let mut index = rank / colourings;
        let colours = self
            .binomial
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

    /// The height vectors' part of the ranks in tier `tier + 1` of the
    /// boards one disc more than a board of `tier` discs whose column
    /// heights are `heights` (in the order of the ranking; in reverse for
    /// its mirror image), by column, times the colourings of tier
    /// `tier + 1`: `u64::MAX` for a full column. Boards of one height
    /// vector share it.
    fn height_parts(&self, tier: usize, heights: &[usize], parts: &mut [u64]) {
        // Column j is counted with `left` discs for columns j.. in the
        // board; in a child by column c, with one more for j <= c
        // (`before`, summed going up) and as many for j > c (`after`, the
        // total less what is passed); column c itself is one higher.
        let (mut after, mut left) = (0u64, tier);
        for (c, &h) in heights.iter().enumerate() {
            after += self.below(c, left, h);
            left -= h;
        }
        let colourings = self.colourings(tier + 1);
        let (mut before, mut left) = (0u64, tier);
        for (c, (&h, part)) in heights.iter().zip(parts.iter_mut()).enumerate() {
            after -= self.below(c, left, h);
            *part = if h < self.height {
                (before + self.below(c, left + 1, h + 1) + after) * colourings
            } else {
                u64::MAX
            };
            before += self.below(c, left + 1, h);
            left -= h;
        }
    }
}

/// What the ranks of a board's moves share with the boards of its height
/// vector: the height parts of its moves' ranks and of its mirror image's
/// ([`Ranking::height_parts`]), and where each column's discs are in the
/// order of the ranking and of the mirror's.
#[derive(Clone, Copy, Default)]
struct HeightParts {
    direct: [u64; MAX_COLUMNS],
    mirrored: [u64; MAX_COLUMNS],
    /// Column c's height, and the places of the discs of columns 0..c.
    heights: [usize; MAX_COLUMNS],
    starts: [usize; MAX_COLUMNS],
    /// The places above the discs of columns 0..=c, and of columns c..
    /// (in the mirror image).
    ends: [usize; MAX_COLUMNS],
    mirrored_ends: [usize; MAX_COLUMNS],
    /// The places of the discs of columns c + 1.. (in the mirror image,
    /// below column c's).
    mirrored_starts: [usize; MAX_COLUMNS],
    /// Whether some move's rank may be the lesser of the two, and whether
    /// some move's mirror image's may: where a move's height vector is
    /// not its mirror's, the lesser vector decides without the colourings,
    /// so most height vectors need the colourings' part on one side only.
    direct_used: bool,
    mirrored_used: bool,
}

/// The colourings' parts of the ranks of a board's moves and of its
/// mirror image's ([`Insertions`], a disc inserted at a place of the
/// order of the ranking): made once per walk and refilled for each board.
struct ColourParts {
    direct: Insertions,
    mirrored: Insertions,
}

impl ColourParts {
    fn new() -> ColourParts {
        ColourParts {
            direct: Insertions::new(),
            mirrored: Insertions::new(),
        }
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

    fn moves_at_most(&self) -> u64 {
        self.width as u64
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
        let parts = self.parts(position);
        let heights = self.height_parts(tier, &parts);
        let mut moves = [0u64; MAX_COLUMNS];
        let mut scratch = ColourParts::new();
        let n = self.child_ranks(tier, parts.colours, &heights, &mut scratch, &mut moves);
        ranks.extend_from_slice(&moves[..n]);
    }

    fn visit_ranks(
        &self,
        tier: usize,
        ranks: std::ops::Range<u64>,
        bits: Bits<'_>,
        visit: &mut dyn FnMut(u64, &u64),
    ) {
        self.walk(tier, ranks, bits, &mut |rank, parts| {
            visit(rank, &self.board(parts))
        });
    }

    fn visit_moves(
        &self,
        tier: usize,
        ranks: std::ops::Range<u64>,
        bits: Bits<'_>,
        visit: &mut dyn FnMut(u64, &u64, Moves<'_>),
    ) {
        let colourings = self.ranking.colourings(tier);
        // The height parts of the boards of one height vector (the
        // ranks of one quotient by the colourings), kept while the walk
        // is in it.
        let mut kept = (u64::MAX, HeightParts::default());
        let mut moves = [0u64; MAX_COLUMNS];
        let mut scratch = ColourParts::new();
        self.walk(tier, ranks, bits, &mut |rank, parts| {
            let board = self.board(parts);
            if let Some(standing) = self.finished(&board) {
                return visit(rank, &board, Moves::Finished(standing));
            }
            let vector = rank / colourings;
            if kept.0 != vector {
                kept = (vector, self.height_parts(tier, parts));
            }
            let n = self.child_ranks(tier, parts.colours, &kept.1, &mut scratch, &mut moves);
            visit(rank, &board, Moves::Ranks(&moves[..n]))
        });
    }
}

impl Connect4 {
    /// What the ranks of the moves of a board of `tier` discs, taken
    /// apart, share with the boards of its height vector.
    fn height_parts(&self, tier: usize, parts: &Parts) -> HeightParts {
        let w = self.width as usize;
        let mut out = HeightParts {
            direct: [0; MAX_COLUMNS],
            mirrored: [0; MAX_COLUMNS],
            heights: [0; MAX_COLUMNS],
            starts: [0; MAX_COLUMNS],
            ends: [0; MAX_COLUMNS],
            mirrored_ends: [0; MAX_COLUMNS],
            mirrored_starts: [0; MAX_COLUMNS],
            direct_used: false,
            mirrored_used: false,
        };
        let mut place = 0;
        for c in 0..w {
            let h = parts.heights[c] as usize;
            out.heights[c] = h;
            out.starts[c] = place;
            place += h;
            out.ends[c] = place;
        }
        // In the mirror image, column c is column W - 1 - c: below it are
        // the discs of columns c + 1...
        for c in 0..w {
            out.mirrored_starts[c] = tier - out.ends[c];
            out.mirrored_ends[w - 1 - c] = tier - out.starts[c];
        }
        let r = &self.ranking;
        r.height_parts(tier, &out.heights[..w], &mut out.direct[..w]);
        let mut heights = out.heights;
        heights[..w].reverse();
        r.height_parts(tier, &heights[..w], &mut out.mirrored[..w]);
        for c in 0..w {
            let (direct, mirrored) = (out.direct[c], out.mirrored[w - 1 - c]);
            if direct != u64::MAX {
                out.direct_used |= direct <= mirrored;
                out.mirrored_used |= mirrored <= direct;
            }
        }
        out
    }

    /// The class ranks in tier `tier + 1` of the moves of the board of
    /// `tier` discs whose X discs are `colours` (by place, as
    /// [`Parts`]), not finished, whose height parts are `heights`, into
    /// `moves` by column of the move: how many there are.
    ///
    /// X's discs at places b_0 < b_1 < ... rank as Σ C(b_j, j + 1); a move
    /// inserts a disc at the place above its column's discs, X's where
    /// `tier` is even, and moves the discs above it one place up
    /// ([`Insertions`], with the places below the new disc counted from
    /// the colouring's bits).
    fn child_ranks(
        &self,
        tier: usize,
        colours: u64,
        heights: &HeightParts,
        scratch: &mut ColourParts,
        moves: &mut [u64; MAX_COLUMNS],
    ) -> usize {
        let w = self.width as usize;
        let x = (tier % 2 == 0) as u64;
        let binomials = &self.ranking.binomial;
        // The colouring's part of the move inserting at `place`.
        let part = |insertions: &Insertions, colours: u64, place: usize| {
            let below = (colours & (1u64 << place).wrapping_sub(1)).count_ones() as usize;
            insertions.rank(binomials, place, below)
        };
        let mut mirrored_colours = 0u64;
        if heights.mirrored_used {
            // The mirror image's colouring: each column's discs moved to
            // its place in the reversed order.
            for c in 0..w {
                let column = (colours >> heights.starts[c]) & ((1u64 << heights.heights[c]) - 1);
                mirrored_colours |= column << heights.mirrored_starts[c];
            }
            scratch.mirrored.of(binomials, mirrored_colours, 1, x);
        }
        if heights.direct_used {
            scratch.direct.of(binomials, colours, 1, x);
        }
        // The move in column c is the mirror's move in column W - 1 - c,
        // mirrored.
        let mut n = 0;
        for c in 0..w {
            let (direct, mirrored) = (heights.direct[c], heights.mirrored[w - 1 - c]);
            if direct == u64::MAX {
                continue;
            }
            moves[n] = if direct < mirrored {
                direct + part(&scratch.direct, colours, heights.ends[c])
            } else if mirrored < direct {
                let place = heights.mirrored_ends[w - 1 - c];
                mirrored + part(&scratch.mirrored, mirrored_colours, place)
            } else {
                let place = heights.mirrored_ends[w - 1 - c];
                (direct + part(&scratch.direct, colours, heights.ends[c]))
                    .min(mirrored + part(&scratch.mirrored, mirrored_colours, place))
            };
            n += 1;
        }
        n
    }

    /// Calls `visit` with each rank of tier `tier` in `ranks` whose bit is
    /// set in `bits` and its board taken apart, in rank order.
    fn walk(
        &self,
        tier: usize,
        ranks: std::ops::Range<u64>,
        bits: Bits<'_>,
        visit: &mut dyn FnMut(u64, &Parts),
    ) {
        let r = &self.ranking;
        let colourings = r.colourings(tier);
        // The board of rank `at`, kept while the ranks go up one at a time
        // within one height vector.
        let mut at: Option<(u64, Parts)> = None;
        for rank in set_ranks(bits, ranks) {
            let parts = match at {
                // Within a height vector, a few colourings on: Gosper's
                // hack steps to the next mask of as many bits.
                Some((before, mut parts))
                    if rank / colourings == before / colourings
                        && rank - before <= 16
                        && parts.colours != 0 =>
                {
                    for _ in before..rank {
                        parts.colours = subsets::next(parts.colours);
                    }
                    parts
                }
                _ => r.unrank(tier, rank),
            };
            at = Some((rank, parts));
            visit(rank, &parts);
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
                game.visit_ranks(t, from..size, Bits::whole(&bits), &mut |rank, &board| {
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

    /// The moves visited with the boards (their height parts kept from
    /// one board to the next) are each board's own: its standing where
    /// the rules ended the game, else the class ranks of the boards its
    /// moves make, on every rank of every tier.
    #[test]
    fn visited_moves_are_the_moves_of_each_board() {
        for (w, h) in [(4, 4), (5, 3), (3, 5)] {
            let game = Connect4::new(w, h).unwrap();
            let mut made = Vec::new();
            for t in 0..game.tiers() {
                let size = game.tier_size(t);
                let bits = vec![u64::MAX; size.div_ceil(64) as usize];
                let mut visited = 0;
                game.visit_moves(
                    t,
                    0..size,
                    Bits::whole(&bits),
                    &mut |rank, &board, moves| {
                        assert_eq!(board, game.unrank(t, rank));
                        match game.finished(&board) {
                            Some(standing) => assert_eq!(moves, Moves::Finished(standing)),
                            None => {
                                let mut boards = Vec::new();
                                game.moves(&board, &mut boards);
                                made.clear();
                                made.extend(boards.iter().map(|m| game.class_rank(t + 1, m)));
                                assert_eq!(
                                    moves,
                                    Moves::Ranks(&made),
                                    "{w}x{h} tier {t} rank {rank}"
                                );
                            }
                        }
                        visited += 1;
                    },
                );
                assert_eq!(visited, size);
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
