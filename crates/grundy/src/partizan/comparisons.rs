//! The answers of comparisons g ≤ h already made, by the pair of ids: one
//! word a pair, in one array probed from the pair's hash on (open
//! addressing). A search of values asks millions of them, most from a
//! table larger than the processor's caches: a lookup here reads one
//! cache line, where a general hash table reads its control bytes and its
//! entry apart.
//!
//! The array grows to a most number of slots, a share of the memory
//! budget: where it would grow beyond, every answer is forgotten at once
//! and the array filled anew (answers are asked again where needed, and
//! come out the same). Before, the answers grew as the games did, and a
//! search of values stopped at its budget with half of it in them
//! (Domineering 6x6 at its end: 1,536 MiB counted for 39.8 million
//! answers, of 3,214 MiB for the table of games).

use super::GameId;
use crate::memory;

/// A slot no pair holds.
const EMPTY: u64 = u64::MAX;

/// Answers of g ≤ h: each word is g in its high half, h below it, and the
/// answer in its lowest bit.
pub(super) struct Comparisons {
    slots: Vec<u64>,
    len: usize,
    /// The most slots (a power of two): the array never grows beyond.
    most: usize,
    /// How many times the array at its most forgot its answers.
    pub(super) cleared: u64,
}

/// The fewest slots of an array that holds any.
const FEWEST: usize = 1 << 10;

impl Comparisons {
    /// An empty array of answers whose slots will take at most `bytes`
    /// (and at least 8 KiB).
    pub(super) fn within(bytes: u64) -> Comparisons {
        let slots = (bytes / size_of::<u64>() as u64).max(FEWEST as u64);
        let most = usize::try_from(1u64 << slots.ilog2()).unwrap_or(1 << (usize::BITS - 1));
        Comparisons {
            slots: Vec::new(),
            len: 0,
            most,
            cleared: 0,
        }
    }

    /// Forgets every answer, and the memory they took.
    pub(super) fn forget(&mut self) {
        self.slots = Vec::new();
        self.len = 0;
    }

    /// Whether the array has its most slots, and will not grow again.
    fn at_most(&self) -> bool {
        2 * self.slots.len() > self.most
    }

    /// The word of the pair, answer aside (bit 0 clear); `None` for an id
    /// too large to share a word with the answer (2^31 games and more,
    /// which no budget holds: such pairs are not remembered).
    fn key(g: GameId, h: GameId) -> Option<u64> {
        (g.0 != u32::MAX && h.0 < 1 << 31).then(|| u64::from(g.0) << 32 | u64::from(h.0) << 1)
    }

    /// The slot a key is looked for from (Fibonacci hashing).
    fn home(&self, key: u64) -> usize {
        let bits = self.slots.len().trailing_zeros();
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - bits)) as usize
    }

    /// Whether g ≤ h, if that was remembered.
    pub(super) fn get(&self, g: GameId, h: GameId) -> Option<bool> {
        let key = Comparisons::key(g, h)?;
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let word = self.slots[i];
            if word == EMPTY {
                return None;
            }
            if word & !1 == key {
                return Some(word & 1 == 1);
            }
            i = (i + 1) & mask;
        }
    }

    /// Asks the processor to bring in the slot where g ≤ h is looked for
    /// first, without waiting for it: a caller about to ask several pairs
    /// asks for all of them first, so that their reads from memory overlap.
    pub(super) fn prefetch(&self, g: GameId, h: GameId) {
        #[cfg(target_arch = "x86_64")]
        if let (Some(key), false) = (Comparisons::key(g, h), self.slots.is_empty()) {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot: *const u64 = &self.slots[self.home(key)];
            // SAFETY: a prefetch is a hint that reads nothing and faults on
            // no address, and SSE, which it needs, is in every x86_64.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (g, h);
    }

    /// Remembers that g ≤ h is `answer`.
    pub(super) fn insert(&mut self, g: GameId, h: GameId, answer: bool) {
        let Some(key) = Comparisons::key(g, h) else {
            return;
        };
        // At most two thirds full, so that a probe ends within a few slots;
        // where the array may not grow, the answers it holds are forgotten.
        if 3 * (self.len + 1) > 2 * self.slots.len() {
            match self.at_most() {
                true => {
                    self.slots.fill(EMPTY);
                    self.len = 0;
                    self.cleared += 1;
                }
                false => self.grow(),
            }
        }
        if self.put(key | u64::from(answer)) {
            self.len += 1;
        }
    }

    /// Puts a word in the first slot from its home that is empty or holds
    /// its pair; says whether the slot was empty.
    fn put(&mut self, word: u64) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = self.home(word & !1);
        while self.slots[i] != EMPTY && self.slots[i] & !1 != word & !1 {
            i = (i + 1) & mask;
        }
        let empty = self.slots[i] == EMPTY;
        self.slots[i] = word;
        empty
    }

    /// Twice the slots, each pair put again.
    fn grow(&mut self) {
        let size = (2 * self.slots.len()).max(FEWEST);
        let old = std::mem::replace(&mut self.slots, vec![EMPTY; size]);
        for word in old.into_iter().filter(|&w| w != EMPTY) {
            self.put(word);
        }
    }

    /// What the slots take at most, for the budget: while they grow, the
    /// old and the new of twice the slots at once; once at their most,
    /// the slots alone.
    pub(super) fn bytes(&self) -> u64 {
        let slots = self.slots.len() as u64;
        match self.at_most() {
            true => slots * size_of::<u64>() as u64,
            false => memory::vector(slots, size_of::<u64>() as u64),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hashbrown::HashMap;

    /// Against a hash map, on pairs of ids drawn at random (many of them
    /// probed past their home slot, and through several growths): every
    /// answer remembered is found, and no pair not remembered.
    #[test]
    fn remembers_what_a_map_remembers() {
        let (mut table, mut map) = (Comparisons::within(u64::MAX), HashMap::new());
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..200_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let (g, h) = (
                GameId((seed >> 40) as u32 % 3000),
                GameId(seed as u32 % 3000),
            );
            let answer = seed >> 20 & 1 == 1;
            assert_eq!(table.get(g, h), map.get(&(g, h)).copied(), "{g:?} {h:?}");
            if !map.contains_key(&(g, h)) {
                table.insert(g, h, answer);
                map.insert((g, h), answer);
            }
        }
        assert_eq!(table.len, map.len());
        assert!(map.len() > 100_000, "{}", map.len());
        for (&(g, h), &answer) in &map {
            assert_eq!(table.get(g, h), Some(answer));
        }
        // The largest ids: 2^31 - 1 is remembered, 2^31 and past it are not.
        let top = GameId((1 << 31) - 1);
        table.insert(top, top, true);
        assert_eq!(table.get(top, top), Some(true));
        table.insert(GameId(5), GameId(1 << 31), true);
        assert_eq!(table.get(GameId(5), GameId(1 << 31)), None);
    }

    /// An array of at most 4,096 slots, given 100,000 pairs: it never
    /// holds more slots, forgets answers (so finds fewer than a map), and
    /// every answer it gives is the one remembered.
    #[test]
    fn an_array_at_its_most_forgets_but_never_errs() {
        let mut table = Comparisons::within(4096 * 8 + 100);
        let mut map = HashMap::new();
        let (mut seed, mut forgotten) = (0x9e37_79b9_7f4a_7c15u64, 0);
        for _ in 0..100_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let (g, h) = (GameId((seed >> 40) as u32 % 500), GameId(seed as u32 % 500));
            match (table.get(g, h), map.get(&(g, h))) {
                (Some(answer), remembered) => assert_eq!(Some(&answer), remembered),
                (None, Some(_)) => forgotten += 1,
                (None, None) => {}
            }
            let answer = *map.entry((g, h)).or_insert(seed >> 20 & 1 == 1);
            table.insert(g, h, answer);
            assert!(table.slots.len() <= 4096);
        }
        assert!(table.at_most() && forgotten > 1000, "{forgotten}");
        assert_eq!(table.bytes(), 4096 * 8);
        table.forget();
        assert_eq!((table.get(GameId(1), GameId(2)), table.bytes()), (None, 0));
    }
}
