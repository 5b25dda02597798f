//! A hash map in shards, each grown alone.
//!
//! A hash table that doubles holds its old buckets and the new ones at
//! once, three times its buckets, and tens of millions of positions valued
//! made that peak the largest thing the budget counted (Domineering's
//! 6 x 7 board: 69.5 million positions when it stopped). In 64 shards only
//! one grows at a time: what is held is counted as it is, and the peak of
//! a growth is twice the largest shard beyond it. A growth also moves one
//! shard's entries, not all: an outcome search's index of about 4 million
//! regions took 3.3 s to grow, hashing every region's key again, and
//! Ctrl-C waited for it. A key is hashed once: the hash names its shard
//! and its bucket there. An entry whose key is read through an index
//! (a region's id) keeps 32 bits of the hash beside it ([`spread`]), so
//! that a growth moves entries without reading their keys.

use hashbrown::{DefaultHashBuilder, HashTable};
use std::hash::{BuildHasher, Hash};

/// 32 bits of a hash spread over 64, as a table's probes read its low
/// bits and its tags (and [`Shards`] its shard) its high bits (Fibonacci
/// hashing). An entry that keeps the 32 bits beside it is moved without
/// its key being hashed again when its table grows.
pub(crate) fn spread(hash: u32) -> u64 {
    u64::from(hash).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// How many shards: a power of two.
const SHARD_BITS: u32 = 6;

/// Where a key's shard is read from its hash: bits that neither a shard's
/// buckets (the low bits, up to 2^40 buckets) nor its tags (the top 7)
/// use, so that keys of one shard still spread over its buckets.
const SHARD_SHIFT: u32 = 40;

/// A hash table in shards, of entries whose hashes the caller gives (as
/// hashbrown's `HashTable`): for entries that are not their own key, as
/// an index of regions held apart.
pub(crate) struct Shards<T> {
    shards: Vec<HashTable<T>>,
    len: usize,
    /// What the shards' tables hold now, in bytes.
    held: u64,
    /// What the largest shard's table holds, in bytes.
    largest: u64,
}

impl<T> Shards<T> {
    pub(crate) fn new() -> Shards<T> {
        Shards {
            shards: (0..1 << SHARD_BITS).map(|_| HashTable::new()).collect(),
            len: 0,
            held: 0,
            largest: 0,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The shard of an entry of hash `hash`.
    fn shard(hash: u64) -> usize {
        (hash >> SHARD_SHIFT) as usize & ((1 << SHARD_BITS) - 1)
    }

    /// Every entry, a shard after another.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &T> {
        self.shards.iter().flat_map(|shard| shard.iter())
    }

    /// The entry of hash `hash` that `eq` accepts.
    pub(crate) fn find(&self, hash: u64, eq: impl FnMut(&T) -> bool) -> Option<&T> {
        self.shards[Self::shard(hash)].find(hash, eq)
    }

    pub(crate) fn find_mut(&mut self, hash: u64, eq: impl FnMut(&T) -> bool) -> Option<&mut T> {
        self.shards[Self::shard(hash)].find_mut(hash, eq)
    }

    /// Adds `value`, of hash `hash`, which no entry equals; `hasher` gives
    /// the hash of each entry of the shard where it grows.
    pub(crate) fn insert_unique(&mut self, hash: u64, value: T, hasher: impl Fn(&T) -> u64) {
        let shard = &mut self.shards[Self::shard(hash)];
        let before = table_bytes(shard);
        shard.insert_unique(hash, value, hasher);
        self.len += 1;
        let after = table_bytes(shard);
        self.held = self.held - before + after;
        self.largest = self.largest.max(after);
    }

    /// What the table takes at most, in bytes: what its shards hold, and
    /// the new buckets of the largest were it to double now (the entries'
    /// own heap aside).
    pub(crate) fn bytes(&self) -> u64 {
        self.held + 2 * self.largest + (self.shards.len() * size_of::<HashTable<T>>()) as u64
    }
}

/// A map of keys to values in shards.
pub(crate) struct Sharded<K, V> {
    table: Shards<(K, V)>,
    hasher: DefaultHashBuilder,
}

impl<K: Hash + Eq, V> Default for Sharded<K, V> {
    fn default() -> Sharded<K, V> {
        Sharded::new()
    }
}

impl<K: Hash + Eq, V> Sharded<K, V> {
    pub(crate) fn new() -> Sharded<K, V> {
        Sharded {
            table: Shards::new(),
            hasher: DefaultHashBuilder::default(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.table.len()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every key, a shard after another.
    pub(crate) fn keys(&self) -> impl Iterator<Item = &K> {
        self.table.iter().map(|(k, _)| k)
    }

    pub(crate) fn get(&self, key: &K) -> Option<&V> {
        let hash = self.hasher.hash_one(key);
        self.table.find(hash, |(k, _)| k == key).map(|(_, v)| v)
    }

    /// Puts `value` under `key`, and returns the value it replaced.
    pub(crate) fn insert(&mut self, key: K, value: V) -> Option<V> {
        let hash = self.hasher.hash_one(&key);
        if let Some((_, v)) = self.table.find_mut(hash, |(k, _)| *k == key) {
            return Some(std::mem::replace(v, value));
        }
        let hasher = &self.hasher;
        (self.table).insert_unique(hash, (key, value), |(k, _)| hasher.hash_one(k));
        None
    }

    /// What the map takes at most, in bytes ([`Shards::bytes`]).
    pub(crate) fn bytes(&self) -> u64 {
        self.table.bytes()
    }
}

/// What a table holds: its buckets (of which it fills at most 7 in 8),
/// an entry and a control byte each, and a group of control bytes more.
fn table_bytes<T>(table: &HashTable<T>) -> u64 {
    let capacity = table.capacity() as u64;
    if capacity == 0 {
        return 0;
    }
    let buckets = (capacity * 8 / 7).next_power_of_two();
    buckets * (size_of::<T>() as u64 + 1) + 16
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
            .table
            .shards
            .iter()
            .all(|shard| shard.len() > count as usize / 128));
        // What is counted is what the tables hold (at most 16/7 of the
        // entries' bytes: a table is at least 7/16 full) and the doubling
        // of one shard, not 3.5 times the entries (one table doubling).
        let entries = count * (size_of::<(u64, u64)>() as u64 + 1);
        let held: u64 = map.table.shards.iter().map(table_bytes).sum();
        assert_eq!(held, map.table.held);
        assert!(map.bytes() >= held + 2 * map.table.largest);
        assert!(map.bytes() < 5 * entries / 2, "{} {entries}", map.bytes());
    }

    #[test]
    fn entries_keeping_32_bits_of_their_hash_fill_every_shard_and_are_found() {
        // Ids beside 32 bits of a hash, as the outcome search's index of
        // regions keeps them: a growth rehashes from the entry alone.
        let hasher = DefaultHashBuilder::default();
        let hash = |id: u32| hasher.hash_one(id) as u32;
        let mut table: Shards<(u32, u32)> = Shards::new();
        let count = 100_000u32;
        for id in 0..count {
            let h = hash(id);
            table.insert_unique(spread(h), (id, h), |&(_, held)| spread(held));
        }
        assert_eq!(table.len(), count as usize);
        for id in [0, 1, 4_321, count - 1] {
            let h = hash(id);
            let found = table.find(spread(h), |&(other, held)| held == h && other == id);
            assert_eq!(found, Some(&(id, h)));
        }
        assert!(table
            .find(spread(hash(count)), |&(id, _)| id == count)
            .is_none());
        // The shard is read from bits the 32 do not have until spread.
        let fewest = table.shards.iter().map(HashTable::len).min();
        assert!(fewest > Some(count as usize / 128), "{fewest:?}");
    }
}
