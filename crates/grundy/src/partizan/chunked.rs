//! A vector that grows a chunk at a time: what it holds moves only while
//! its last chunk grows.
//!
//! A `Vec` that doubles holds its old buffer and the new one at once while
//! it copies, three times its items, and the memory budget must count that
//! peak; the table of games held tens of millions of records in such
//! vectors (Domineering's 6 x 7 board: 5.9 GiB counted for 12.9 million
//! games). Chunks of a fixed size are filled one at a time, so only the
//! last one grows and is copied.

use std::ops::{Index, IndexMut};

/// Items a chunk holds: a power of two, so that an index splits by shifts.
const CHUNK_BITS: u32 = 16;
const CHUNK: usize = 1 << CHUNK_BITS;

/// Items in chunks of [`CHUNK`], indexed as one vector.
#[derive(Clone, Debug)]
pub(super) struct Chunked<T> {
    chunks: Vec<Vec<T>>,
    len: usize,
}

impl<T> Chunked<T> {
    pub(super) fn new() -> Chunked<T> {
        Chunked {
            chunks: Vec::new(),
            len: 0,
        }
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub(super) fn push(&mut self, item: T) {
        // A chunk grows as a vector does, to its size at most, so that a
        // small table takes little.
        if self.len % CHUNK == 0 {
            self.chunks.push(Vec::new());
        }
        self.chunks
            .last_mut()
            .expect("a chunk with room")
            .push(item);
        self.len += 1;
    }

    /// What the items take at most, in bytes: the full chunks, the last
    /// one as a vector that doubles (three times its items while it
    /// grows), and the list of chunks (which doubles too).
    pub(super) fn bytes(&self) -> u64 {
        let item = size_of::<T>() as u64;
        let full = (self.len / CHUNK) as u64;
        let last = (self.len % CHUNK) as u64;
        let chunks = self.chunks.len() as u64;
        full * CHUNK as u64 * item + 3 * last * item + 3 * chunks * size_of::<Vec<T>>() as u64
    }
}

impl<T> Index<usize> for Chunked<T> {
    type Output = T;

    fn index(&self, i: usize) -> &T {
        &self.chunks[i >> CHUNK_BITS][i & (CHUNK - 1)]
    }
}

impl<T> IndexMut<usize> for Chunked<T> {
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut self.chunks[i >> CHUNK_BITS][i & (CHUNK - 1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_are_read_back_across_chunks_and_counted_by_chunk() {
        let mut items = Chunked::new();
        assert!(items.is_empty());
        let count = 3 * CHUNK + 5;
        for i in 0..count {
            items.push(i as u32);
        }
        assert_eq!(items.len(), count);
        for i in [0, 1, CHUNK - 1, CHUNK, 2 * CHUNK + 7, count - 1] {
            assert_eq!(items[i], i as u32);
        }
        items[CHUNK] = 7;
        assert_eq!(items[CHUNK], 7);
        assert_eq!(items[CHUNK + 1], CHUNK as u32 + 1);
        // Three full chunks and a fourth growing, not three times the items.
        let bytes = items.bytes();
        assert!(bytes >= (3 * CHUNK * 4 + 3 * 5 * 4) as u64);
        assert!(bytes < (3 * CHUNK * 4 + 1024) as u64);
        let mut one = Chunked::new();
        one.push(0u64);
        assert!(one.bytes() <= 128);
    }
}
