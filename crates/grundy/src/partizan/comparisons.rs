//! The answers of comparisons g ≤ h already made, by the pair of ids: one
//! word a pair, in one array probed from the pair's hash on (open
//! addressing). A search of values asks millions of them, most from a
//! table larger than the processor's caches: a lookup here reads one
//! cache line, where a general hash table reads its control bytes and its
//! entry apart.

use super::GameId;
use crate::memory;

/// A slot no pair holds.
const EMPTY: u64 = u64::MAX;

/// Answers of g ≤ h: each word is g in its high half, h below it, and the
/// answer in its lowest bit.
#[derive(Default)]
pub(super) struct Comparisons {
    slots: Vec<u64>,
    len: usize,
}

impl Comparisons {
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
        // At most two thirds full, so that a probe ends within a few slots.
        if 3 * (self.len + 1) > 2 * self.slots.len() {
            self.grow();
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
        let size = (2 * self.slots.len()).max(1 << 10);
        let old = std::mem::replace(&mut self.slots, vec![EMPTY; size]);
        for word in old.into_iter().filter(|&w| w != EMPTY) {
            self.put(word);
        }
    }

    /// What the slots take at most, for the budget: while they grow, the
    /// old and the new of twice the slots at once.
    pub(super) fn bytes(&self) -> u64 {
        memory::vector(self.slots.len() as u64, size_of::<u64>() as u64)
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
        let (mut table, mut map) = (Comparisons::default(), HashMap::new());
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
}
