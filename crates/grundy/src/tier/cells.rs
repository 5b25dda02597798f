//! A tier in memory as in its files: which ranks are reached (a bit a
//! rank) and one cell for each reached rank, in rank order. A rank's cell
//! is found by counting the reached ranks below it, from a count kept for
//! every 512 ranks (one cache line of bits) and the bits after it; so a
//! tier takes a bit a rank and a cell a position, not a cell a rank. A
//! piece of a tier (`tier/pieces.rs`) is a window of its ranks, its cells
//! counted from the window's first rank.

use super::{Bits, Width, UNREACHED};

/// Words of bits a count of the directory covers: 512 ranks.
const WORDS: usize = 8;

/// A tier's reached ranks, with the counts that find a rank's place among
/// them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Reached {
    bits: Vec<u64>,
    /// The tier's word `bits[0]` is: 0 for a whole tier.
    first: usize,
    /// `before[i]`: the reached ranks below rank `512 * i`; one more
    /// entry than blocks, the last the count of all.
    before: Vec<u64>,
}

impl Reached {
    /// The reached ranks of `bits`: bit `r % 64` of word `r / 64` for
    /// rank `r`.
    pub(super) fn new(bits: Vec<u64>) -> Reached {
        Reached::window(bits, 0)
    }

    /// The reached ranks of a window of a tier from its word `first` on
    /// (rank `64 × first`): `bits[i]` is the tier's word `first + i`.
    pub(super) fn window(bits: Vec<u64>, first: usize) -> Reached {
        let mut before = Vec::with_capacity(bits.len().div_ceil(WORDS) + 1);
        let mut count = 0;
        for block in bits.chunks(WORDS) {
            before.push(count);
            count += block.iter().map(|w| w.count_ones() as u64).sum::<u64>();
        }
        before.push(count);
        Reached {
            bits,
            first,
            before,
        }
    }

    /// The bits, a rank each.
    pub(super) fn bits(&self) -> Bits<'_> {
        Bits {
            words: &self.bits,
            first: self.first,
        }
    }

    /// How many ranks are reached.
    pub(super) fn count(&self) -> u64 {
        *self.before.last().expect("a count of all")
    }

    /// How many reached ranks of the window are below `rank` (within the
    /// window or at its end): the place of `rank`'s cell where it is
    /// reached.
    #[inline]
    pub(super) fn below(&self, rank: u64) -> u64 {
        let word = (rank / 64) as usize - self.first;
        let block = word / WORDS;
        let whole: u64 = self.bits[block * WORDS..word]
            .iter()
            .map(|w| w.count_ones() as u64)
            .sum();
        let part = match rank % 64 {
            0 => 0,
            r => (self.bits[word] & ((1u64 << r) - 1)).count_ones() as u64,
        };
        self.before[block] + whole + part
    }

    /// Whether `rank` is reached.
    #[inline]
    pub(super) fn has(&self, rank: u64) -> bool {
        ((rank / 64) as usize)
            .checked_sub(self.first)
            .and_then(|word| self.bits.get(word))
            .is_some_and(|w| w >> (rank % 64) & 1 == 1)
    }

    /// Bytes of memory for `ranks` ranks: the bits and the counts.
    pub(super) fn bytes_for(ranks: u64) -> u64 {
        let words = ranks.div_ceil(64);
        words
            .saturating_mul(8)
            .saturating_add((words.div_ceil(WORDS as u64) + 1).saturating_mul(8))
    }
}

/// A solved tier: its reached ranks and their cells.
pub(super) struct Cells {
    pub(super) reached: Reached,
    /// One cell a reached rank, in rank order.
    pub(super) cells: Vec<u8>,
    pub(super) width: Width,
}

impl Cells {
    /// The cell of `rank`: [`UNREACHED`] where the rank is not reached.
    #[inline]
    pub(super) fn get(&self, rank: u64) -> u16 {
        match self.reached.has(rank) {
            true => self.width.get(&self.cells, self.reached.below(rank)),
            false => UNREACHED,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rank's count of reached ranks below it, against counting
    /// bit by bit, for bits of every density across several blocks.
    #[test]
    fn ranks_below_are_counted_as_bit_by_bit() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for density in [1u64, 2, 7, 64, 1000] {
            let bits: Vec<u64> = (0..40)
                .map(|_| {
                    (0..64).fold(0u64, |word, bit| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        word | ((seed % density == 0) as u64) << bit
                    })
                })
                .collect();
            let reached = Reached::new(bits.clone());
            let mut count = 0;
            for rank in 0..bits.len() as u64 * 64 {
                assert_eq!(reached.below(rank), count, "density {density}, rank {rank}");
                let set = bits[(rank / 64) as usize] >> (rank % 64) & 1 == 1;
                assert_eq!(reached.has(rank), set);
                count += set as u64;
            }
            assert_eq!(reached.below(bits.len() as u64 * 64), count);
            assert_eq!(reached.count(), count);
            assert!(!reached.has(bits.len() as u64 * 64));
        }
    }

    /// A tier's cells are found by rank: reached ranks get their own
    /// cell, the others none.
    #[test]
    fn cells_are_found_by_rank() {
        let reached = Reached::new(vec![0b1010, 0, 1 << 63]);
        let tier = Cells {
            reached,
            cells: vec![5, 6, 7],
            width: Width::One,
        };
        let cells: Vec<u16> = (0..192).map(|r| tier.get(r)).collect();
        let mut expected = vec![UNREACHED; 192];
        expected[1] = 5;
        expected[3] = 6;
        expected[191] = 7;
        assert_eq!(cells, expected);
    }
}
