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

use crate::tier::TieredGame;

use super::Connect4;

/// The counting tables of the ranking.
pub(super) struct Ranking {
    /// `vectors[c][s]`: the height vectors of columns c.. summing to s.
    vectors: Vec<Vec<u64>>,
    /// `below[c][s][h]`: the vectors of columns c.. summing to s whose
    /// column c is below h.
    below: Vec<Vec<Vec<u64>>>,
    /// `binomial[n][k]`: C(n, k), for n up to the cells.
    binomial: Vec<Vec<u64>>,
}

impl Ranking {
    pub(super) fn new(width: u32, height: u32) -> Ranking {
        let (w, h) = (width as usize, height as usize);
        let cells = w * h;
        let mut vectors = vec![vec![0u64; cells + 1]; w + 1];
        vectors[w][0] = 1;
        for c in (0..w).rev() {
            for s in 0..=cells {
                vectors[c][s] = (0..=h.min(s))
                    .map(|v| vectors[c + 1][s - v])
                    .fold(0, u64::saturating_add);
            }
        }
        let below = (0..w)
            .map(|c| {
                (0..=cells)
                    .map(|s| {
                        let mut sums = vec![0u64; h + 2];
                        for v in 0..=h {
                            let here = if v <= s { vectors[c + 1][s - v] } else { 0 };
                            sums[v + 1] = sums[v].saturating_add(here);
                        }
                        sums
                    })
                    .collect()
            })
            .collect();
        let mut binomial = vec![vec![0u64; cells + 2]; cells + 1];
        for n in 0..=cells {
            binomial[n][0] = 1;
            for k in 1..=n {
                binomial[n][k] = binomial[n - 1][k - 1].saturating_add(binomial[n - 1][k]);
            }
        }
        Ranking {
            vectors,
            below,
            binomial,
        }
    }

    /// The colourings of a tier: C(t, ⌈t/2⌉).
    fn colourings(&self, tier: usize) -> u64 {
        self.binomial[tier][tier.div_ceil(2)]
    }
}

impl TieredGame for Connect4 {
    fn tiers(&self) -> usize {
        (self.width * self.height) as usize + 1
    }

    fn tier_size(&self, tier: usize) -> u64 {
        let r = &self.ranking;
        r.vectors[0][tier].saturating_mul(r.colourings(tier))
    }

    fn tier(&self, &position: &u64) -> usize {
        self.heights(position).map(|(_, h)| h as usize).sum()
    }

    fn rank(&self, tier: usize, &position: &u64) -> u64 {
        let r = &self.ranking;
        let (mut index, mut left) = (0, tier);
        let (mut colours, mut discs) = (0u64, 0);
        for (c, (shift, height)) in self.heights(position).enumerate() {
            index += r.below[c][left][height as usize];
            left -= height as usize;
            colours |= ((position >> shift) & ((1 << height) - 1)) << discs;
            discs += height;
        }
        let mut subset = 0;
        let mut k = 0;
        while colours != 0 {
            k += 1;
            subset += r.binomial[colours.trailing_zeros() as usize][k];
            colours &= colours - 1;
        }
        index * r.colourings(tier) + subset
    }

    fn unrank(&self, tier: usize, rank: u64) -> u64 {
        let r = &self.ranking;
        let colourings = r.colourings(tier);
        let (mut index, mut subset) = (rank / colourings, rank % colourings);
        let mut colours = 0u64;
        let mut k = tier.div_ceil(2);
        for place in (0..tier).rev() {
            if k > 0 && r.binomial[place][k] <= subset {
                subset -= r.binomial[place][k];
                colours |= 1 << place;
                k -= 1;
            }
        }
        let mut position = 0;
        let mut left = tier;
        for c in 0..self.width as usize {
            let mut height = 0;
            while index >= r.vectors[c + 1][left - height] {
                index -= r.vectors[c + 1][left - height];
                height += 1;
            }
            let shift = c as u32 * (self.height + 1);
            let column = colours & ((1 << height) - 1) | 1 << height;
            position |= column << shift;
            colours >>= height;
            left -= height;
        }
        position
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
