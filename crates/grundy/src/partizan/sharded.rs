//! A hash map in shards, each grown alone.
//!
//! A hash table that doubles holds its old buckets and the new ones at
//! once, three times its buckets, and tens of millions of positions valued
//! made that peak the largest thing the budget counted (Domineering's
//! 6 x 7 board: 69.5 million positions when it stopped). In 64 shards only
//! one grows at a time: what is held is counted as it is, and the peak of
//! a growth is twice the largest shard beyond it.

use hashbrown::{DefaultHashBuilder, HashMap};
use std::hash::{BuildHasher, Hash};

/// How many shards: a power of two.
const SHARD_BITS: u32 = 6;

/// Where a key's shard is read from its hash: bits that neither a shard's
/// buckets (the low bits, up to 2^40 buckets) nor its tags (the top 7)
/// use, so that keys of one shard still spread over its buckets.
const SHARD_SHIFT: u32 = 40;

/// A map of keys to values in shards.
pub(super) struct Sharded<K, V> {
    shards: Vec<HashMap<K, V>>,
    hasher: DefaultHashBuilder,
    len: usize,
    /// What the shards' tables hold now, in bytes.
    held: u64,
    /// What the largest shard's table holds, in bytes.
    largest: u64,
}

impl<K: Hash + Eq, V> Sharded<K, V> {
    pub(super) fn new() -> Sharded<K, V> {
        Sharded {
            shards: (0..1 << SHARD_BITS).map(|_| HashMap::new()).collect(),
            hasher: DefaultHashBuilder::default(),
            len: 0,
            held: 0,
            largest: 0,
        }
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn shard(&self, key: &K) -> usize {
        let hash = self.hasher.hash_one(key);
        (hash >> SHARD_SHIFT) as usize & ((1 << SHARD_BITS) - 1)
    }

    pub(super) fn get(&self, key: &K) -> Option<&V> {
        self.shards[self.shard(key)].get(key)
    }

    /// Puts `value` under `key`, and returns the value it replaced.
    pub(super) fn insert(&mut self, key: K, value: V) -> Option<V> {
        let i = self.shard(&key);
        let before = table_bytes(&self.shards[i]);
        let replaced = self.shards[i].insert(key, value);
        if replaced.is_none() {
            self.len += 1;
        }
        let after = table_bytes(&self.shards[i]);
        self.held = self.held - before + after;
        self.largest = self.largest.max(after);
        replaced
    }

    /// What the map takes at most, in bytes: what its tables hold, and
    /// the new buckets of the largest were it to double now (the keys'
    /// and values' own heap aside).
    pub(super) fn bytes(&self) -> u64 {
        self.held + 2 * self.largest + (self.shards.len() * size_of::<HashMap<K, V>>()) as u64
    }
}

/// What a table holds: its buckets (of which it fills at most 7 in 8),
/// an entry and a control byte each, and a group of control bytes more.
fn table_bytes<K, V>(table: &HashMap<K, V>) -> u64 {
    let capacity = table.capacity() as u64;
    if capacity == 0 {
        return 0;
    }
    let buckets = (capacity * 8 / 7).next_power_of_two();
    buckets * (size_of::<(K, V)>() as u64 + 1) + 16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_found_in_their_shards_and_counted_as_held() {
        let mut map = Sharded::new();
        assert!(map.is_empty());
        let count = 100_000u64;
        for k in 0..count {
            assert_eq!(map.insert(k, k * 3), None);
        }
        assert_eq!(map.insert(7, 8), Some(21));
        assert_eq!(map.len(), count as usize);
        assert_eq!(map.get(&7), Some(&8));
        assert_eq!(map.get(&99_999), Some(&299_997));
        assert_eq!(map.get(&count), None);
        // Every shard has keys: none is left empty by how shards are read.
        assert!(map
            .shards
            .iter()
            .all(|shard| shard.len() > count as usize / 128));
        // What is counted is what the tables hold (at most 16/7 of the
        // entries' bytes: a table is at least 7/16 full) and the doubling
        // of one shard, not 3.5 times the entries (one table doubling).
        let entries = count * (size_of::<(u64, u64)>() as u64 + 1);
        let held: u64 = map.shards.iter().map(table_bytes).sum();
        assert_eq!(held, map.held);
        assert!(map.bytes() >= held + 2 * map.largest);
        assert!(map.bytes() < 5 * entries / 2, "{} {entries}", map.bytes());
    }
}
