//! The sparse-space method (Berlekamp, Conway and Guy, "Sparse space spells
//! speed"; Flammenkamp's computations of octal games), with the rare heaps'
//! part of each heap's options computed by a second thread, a few heaps ahead.
//!
//! For a mask `m`, call a value rare when `popcount(v & m)` is even and
//! common when it is odd, and call a heap rare when its value is. The parity
//! is linear, so the XOR of two common values is rare: a split reaches a
//! common value only if one of its parts is a rare heap. For many games few
//! heaps are rare. To compute `G(n)`:
//! 1. collect the values of the moves that do not split, and of the splits
//!    with a rare part (few);
//! 2. the least common value not collected is reached by no other split,
//!    so `G(n)` is at most that value `c`; scan the splits until each rare
//!    value below `c` is found reached (then `G(n) = c`; for Grundy's game
//!    after about 3000 of the millions of splits), or the scan ends and
//!    `G(n)` is the least one missing (then heap `n` is rare: seldom).
//!
//! Only the speed depends on the mask, never the values: the mask is the one
//! that makes fewest heaps rare so far, chosen again as the sequence doubles.
//! Moves to three heaps (hexadecimal codes) are collected in full.
//!
//! Step 1 is most of the work for games with many rare heaps. The splits
//! with a rare heap `r` are computed once per size `m` that they split and
//! shared by the moves that split it (`.354` splits `m = n - 2` for heap `n`
//! and again, removing 3, for heap `n + 1`). Those with `r >= NEAR` need
//! only values `NEAR` heaps old: a helper thread computes them ahead while
//! the main thread scans, and where the helper is late (it may have to wait
//! for its processor) the main thread computes them itself rather than wait.
//! The helper's inputs (the rare heaps, the width of values) must not change
//! meanwhile, so a heap that is rare or wider than all before ends its run;
//! the next one starts once the inputs have been settled for a while. The
//! two threads meet only through the [`Pipe`] of pipe.rs.

use std::borrow::Cow;
use std::thread;

use super::pipe::{Pipe, AHEAD};
use super::scan::{Marks, Stored};
use super::{bit_length, ValueSet};
use crate::period::Nimber;
use crate::take_and_break::{Moves, ONE, THREE, WHOLE};

/// Heaps computed naively before the first choice of mask.
pub const FIRST_MASK_CHOICE: usize = 256;

/// The helper leaves to the main thread the rare heaps below `NEAR`, so
/// that what it reads, running at most [`AHEAD`] heaps ahead, is at least
/// `NEAR - AHEAD` heaps old: not on the cache lines that the main thread is
/// writing (two of 64 bytes, as processors fetch lines in pairs, at one
/// byte a value).
const NEAR: usize = AHEAD + 128;

/// Heaps without a change of the helper's inputs before it is started: a
/// run shorter than this would not pay for starting a thread.
const SETTLE: usize = 1024;

fn rare(v: u32, mask: u32) -> bool {
    (v & mask).count_ones() % 2 == 0
}

/// What the helper reads, fixed while it runs.
struct Space {
    mask: u32,
    /// The rare heaps (sizes at least 1) in increasing order, with their
    /// values.
    rare: Vec<(usize, u32)>,
    /// Every value so far is below `2^bits`.
    bits: u32,
    /// Bit `v` is set when `v` is common, for `v < 2^(bits + 1)`.
    common: Vec<u64>,
}

impl Space {
    /// The words of a set of values below `2^(bits + 1)`: room for the mex.
    fn words(&self) -> usize {
        (1usize << (self.bits + 1)).div_ceil(64)
    }

    fn update_common(&mut self) {
        let mask = self.mask;
        self.common = (0..self.words() as u32)
            .map(|w| (0..64).filter(move |&i| !rare(64 * w + i, mask)))
            .map(|common| common.fold(0, |word, i| word | 1 << i))
            .collect();
    }

    /// Whether `G(n) = g` changes what the helper reads.
    fn changed_by(&self, g: u32) -> bool {
        rare(g, self.mask) || bit_length(g) > self.bits
    }
}

/// The sparse-space state between heaps.
pub struct SparseSpace {
    space: Space,
    work: Work,
    /// When to choose the mask again: at each doubling of the sequence.
    next_choice: usize,
    /// The heap from which the helper's inputs are as they are now.
    settled_from: usize,
    /// Whether a helper thread computes the rare heaps ahead.
    pub helper: bool,
    /// Heaps with settled inputs before the helper starts (lower in tests).
    pub settle: usize,
}

impl SparseSpace {
    pub fn new() -> SparseSpace {
        SparseSpace {
            space: Space {
                mask: 0,
                rare: Vec::new(),
                bits: 0,
                common: Vec::new(),
            },
            work: Work {
                reached: Vec::new(),
                flags: ValueSet::new(),
                marks: Box::new(Marks::new()),
                hits: Vec::new(),
                splits: Vec::new(),
            },
            next_choice: FIRST_MASK_CHOICE,
            settled_from: 0,
            helper: thread::available_parallelism().is_ok_and(|n| n.get() >= 2),
            settle: SETTLE,
        }
    }

    /// Forgets the rare heaps: the mask is chosen again at the next heap.
    pub fn forget(&mut self) {
        self.space.rare.clear();
        self.next_choice = FIRST_MASK_CHOICE;
    }

    pub fn rare_heaps(&self) -> usize {
        self.space.rare.len()
    }

    /// Computes `G(n)` for `n = table.len()` up to `until` (excluded), from
    /// heap [`FIRST_MASK_CHOICE`] on. Returns a value that does not fit the
    /// table, not pushed; `bits` follows the width of the values.
    pub fn extend<T: Stored>(
        &mut self,
        moves: &Moves,
        bits: &mut u32,
        table: &mut Vec<T>,
        until: usize,
    ) -> Option<u32> {
        if *bits != self.space.bits {
            self.space.bits = *bits;
            self.space.update_common();
        }
        while table.len() < until {
            let n = table.len();
            if n >= self.next_choice {
                self.choose_mask(table);
                self.settled_from = n;
            }
            let end = until.min(self.next_choice);
            let settled = n >= self.settled_from + self.settle;
            let far = self.space.rare.partition_point(|&(r, _)| r < NEAR);
            let (space, work) = (&self.space, &mut self.work);
            let changed = if self.helper && settled && far < space.rare.len() {
                let words = (1usize << space.bits).div_ceil(64);
                let (far_rare, bits) = (&space.rare[far..], space.bits);
                let start = move || {
                    // Copies in the helper's own memory: the main thread
                    // writes next to the originals.
                    let moves = moves.clone();
                    let mut far = RareSplits::new(far_rare.to_vec().into(), &moves, bits);
                    let mut flags = ValueSet::new();
                    move |g: &[T], n, reached: &mut [u64]| {
                        far.or_into(g, n, &moves, &mut flags, reached)
                    }
                };
                Pipe::with_helper(table, end, words, start, |pipe| {
                    work.run(pipe, end, moves, space, far)
                })
            } else {
                // Alone until the inputs are settled, when there is a helper.
                let end = match self.helper && !settled {
                    true => end.min(self.settled_from + self.settle),
                    false => end,
                };
                let mut pipe = Pipe::alone(table);
                work.run(&mut pipe, end, moves, space, space.rare.len())
            };
            let Some(g) = changed else { continue };
            // `G(n)` changes the helper's inputs: record it, then push it.
            let n = table.len();
            if rare(g, self.space.mask) {
                self.space.rare.push((n, g));
            }
            if bit_length(g) > self.space.bits {
                self.space.bits = bit_length(g);
                *bits = self.space.bits;
                self.space.update_common();
            }
            self.settled_from = n + 1;
            match T::try_from(g) {
                Ok(x) => table.push(x),
                Err(_) => return Some(g),
            }
        }
        None
    }

    /// Chooses the mask that makes fewest heaps rare, and lists those heaps.
    fn choose_mask<T: Nimber>(&mut self, g: &[T]) {
        // Masks beyond the low bits are not worth trying: the values of games
        // with a sparse space are small.
        let bits = self.space.bits.min(10);
        let mut count = vec![0usize; 1 << bits];
        for &v in &g[1..] {
            let v: u32 = v.into();
            count[v as usize & ((1 << bits) - 1)] += 1;
        }
        let rare_count = |mask: u32| -> usize {
            (0..count.len())
                .filter(|&v| rare(v as u32, mask))
                .map(|v| count[v])
                .sum()
        };
        // Mask 0 would make every value rare.
        let mask = (1..(1u32 << bits).max(2))
            .min_by_key(|&m| (rare_count(m), m))
            .expect("at least one mask");
        let space = &mut self.space;
        if mask != space.mask || space.rare.is_empty() {
            space.mask = mask;
            space.rare = (1..g.len())
                .map(|i| (i, g[i].into()))
                .filter(|&(_, v)| rare(v, mask))
                .collect();
        }
        space.update_common();
        self.next_choice = 2 * g.len();
    }
}

/// The main thread's scratch space.
struct Work {
    /// Bit `v` is set when some option of the heap reaches `v`.
    reached: Vec<u64>,
    flags: ValueSet<u8>,
    /// The values the scan looks for, by their low byte: its filter.
    marks: Box<Marks>,
    /// The splits of a block that pass the filter.
    hits: Vec<usize>,
    /// `(m, last)` for each move that splits heap `n` into `a + (m - a)`,
    /// `1 <= a <= last`: kept to spare an allocation per heap.
    splits: Vec<(usize, usize)>,
}

impl Work {
    /// Computes and pushes `G(n)` for `n = table.len()` up to `end`
    /// (excluded), and returns the first value that changes `space`, not
    /// pushed. Where a helper runs, it combines the rare heaps from index
    /// `far` on; where it is late, this thread does, rather than wait.
    fn run<T: Stored>(
        &mut self,
        table: &mut Pipe<T>,
        end: usize,
        moves: &Moves,
        space: &Space,
        far: usize,
    ) -> Option<u32> {
        let mut near = RareSplits::new(space.rare[..far].into(), moves, space.bits);
        let mut far = RareSplits::new(space.rare[far..].into(), moves, space.bits);
        while table.values().len() < end {
            let n = table.values().len();
            self.reached.clear();
            self.reached.resize(space.words(), 0);
            let ahead = table.take(n, &mut self.reached);
            let far = (!ahead).then_some(&mut far);
            let g = self.value(table.values(), moves, space, &mut near, far);
            match T::try_from(g) {
                Ok(x) if !space.changed_by(g) => table.push(x),
                _ => return Some(g),
            }
        }
        None
    }

    /// `G(n)` for `n = g.len()`. The splits with a rare part are those of
    /// `near` and `far`, or of `near` and those whose values `reached`
    /// holds already (from the helper).
    fn value<T: Stored>(
        &mut self,
        g: &[T],
        moves: &Moves,
        space: &Space,
        near: &mut RareSplits,
        far: Option<&mut RareSplits>,
    ) -> u32 {
        let n = g.len();
        let (reached, flags) = (&mut self.reached, &mut self.flags);
        near.or_into(g, n, moves, flags, reached);
        if let Some(far) = far {
            far.or_into(g, n, moves, flags, reached);
        }
        flags.reset(space.bits);
        for &(k, d) in moves.list.iter().take_while(|&&(k, _)| k <= n) {
            let m = n - k;
            if d & WHOLE != 0 && m == 0 {
                flags.insert(0);
            }
            if d & ONE != 0 && m >= 1 {
                flags.insert(g[m].into());
            }
            if d & THREE != 0 {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        flags.insert(g[a].into() ^ g[b].into() ^ g[m - a - b].into());
                    }
                }
            }
        }
        flags.or_into(reached);

        // No split can reach the least common value not collected, so
        // `G(n)` is at most that; below it, the values not collected are
        // rare, and `G(n)` unless some split of two common heaps reaches
        // them.
        let common = first_bit(reached.iter().zip(&space.common).map(|(r, c)| c & !r))
            .expect("a common value above every value reached");
        let mut missing = 0;
        for v in missing_below(reached, common) {
            self.marks.mark(v);
            missing += 1;
        }
        // Splits `a + (m - a)` for every move that splits, in blocks of `a`
        // taken in step for all of them (the witness of a missing value may
        // be a split after any of the moves). The filter of scan.rs picks out
        // of each block the few splits that may reach a missing value.
        self.splits.clear();
        self.splits.extend(moves.splitting(n));
        let most = self.splits.iter().map(|&(_, last)| last).max().unwrap_or(0);
        let mut a = 1;
        while a <= most && missing > 0 {
            for &(m, last) in &self.splits {
                if a > last {
                    continue;
                }
                let end = last.min(a + 31);
                let (small, large) = (&g[a..=end], &g[m - end..=m - a]);
                self.hits.clear();
                T::marked_splits(small, large, &self.marks, &mut self.hits);
                for &i in &self.hits {
                    let v = small[i].into() ^ large[large.len() - 1 - i].into();
                    if v < common && !contains(reached, v) {
                        reached[v as usize / 64] |= 1 << (v % 64);
                        self.marks.unmark(v);
                        missing -= 1;
                    }
                }
            }
            a += 32;
        }
        // What was not found is `G(n)` or above it: stop looking for it.
        for v in missing_below(reached, common) {
            self.marks.unmark(v);
        }
        first_bit(reached.iter().map(|r| !r)).expect("a value not reached")
    }
}

/// The values reached by the splits of `m` tokens with a part among some
/// rare heaps, as bits, kept for the last few `m`: in a code with several
/// moves that split, heap `n` splits `m` tokens after removing `k`, and
/// heap `n + 1` the same `m` after removing `k + 1` (`.354` removes 2 or 3).
struct RareSplits<'a> {
    /// Borrowed by the main thread; the helper's own copy.
    rare: Cow<'a, [(usize, u32)]>,
    bits: u32,
    words: usize,
    /// `sets[i * words..][..words]` holds the bits for `held[i]` tokens.
    sets: Vec<u64>,
    held: Vec<usize>,
}

impl<'a> RareSplits<'a> {
    /// For `rare` heaps whose values, like all values so far, are below
    /// `2^bits`.
    fn new(rare: Cow<'a, [(usize, u32)]>, moves: &Moves, bits: u32) -> RareSplits<'a> {
        let words = (1usize << bits).div_ceil(64);
        let span = moves.split_span();
        RareSplits {
            rare,
            bits,
            words,
            sets: vec![0; span * words],
            held: vec![usize::MAX; span],
        }
    }

    /// Sets in `reached` the values of the splits of heap `n` with a rare
    /// part (`g` must hold the other parts; `flags` is scratch space).
    fn or_into<T: Nimber>(
        &mut self,
        g: &[T],
        n: usize,
        moves: &Moves,
        flags: &mut ValueSet<u8>,
        reached: &mut [u64],
    ) {
        for (m, _) in moves.splitting(n) {
            // Heap `n` splits at most `span` sizes `m`, all different modulo
            // `span`: none takes the place of another.
            let i = m % self.held.len();
            let set = &mut self.sets[i * self.words..][..self.words];
            if self.held[i] != m {
                flags.reset(self.bits);
                // The rare heaps below `m`, without the equal split when
                // parts must differ: tested once, not once per rare heap.
                let rare = &*self.rare;
                let below = &rare[..rare.partition_point(|&(r, _)| r < m)];
                let equal = below.partition_point(|&(r, _)| 2 * r < m);
                let skip = moves.unequal && below.get(equal).is_some_and(|&(r, _)| 2 * r == m);
                for part in [&below[..equal], &below[equal + skip as usize..]] {
                    for &(r, v) in part {
                        flags.insert(v ^ g[m - r].into());
                    }
                }
                set.fill(0);
                flags.or_into(set);
                self.held[i] = m;
            }
            for (word, bits) in reached.iter_mut().zip(set.iter()) {
                *word |= bits;
            }
        }
    }
}

/// The index of the first set bit in a sequence of words.
fn first_bit(words: impl Iterator<Item = u64>) -> Option<u32> {
    let mut base = 0;
    for word in words {
        if word != 0 {
            return Some(base + word.trailing_zeros());
        }
        base += 64;
    }
    None
}

fn contains(words: &[u64], v: u32) -> bool {
    words[v as usize / 64] & 1 << (v % 64) != 0
}

/// The values below `end` whose bits are not set.
fn missing_below(words: &[u64], end: u32) -> impl Iterator<Item = u32> + '_ {
    let end = end as usize;
    (0..end.div_ceil(64)).flat_map(move |w| {
        let below = if 64 * w + 64 <= end {
            !0
        } else {
            (1 << (end - 64 * w)) - 1
        };
        let mut missing = !words[w] & below;
        std::iter::from_fn(move || {
            (missing != 0).then(|| {
                let i = missing.trailing_zeros();
                missing &= missing - 1;
                64 * w as u32 + i
            })
        })
    })
}

impl ValueSet<u8> {
    /// Sets in `words` the bits of the values in the set.
    fn or_into(&self, words: &mut [u64]) {
        for (word, stamps) in words.iter_mut().zip(self.stamps.chunks_exact(64)) {
            *word |= equal_bytes(stamps.try_into().expect("64 bytes"), self.now);
        }
    }
}

/// Bit `i` of the result is set when `bytes[i] == b`.
#[cfg(target_arch = "x86_64")]
fn equal_bytes(bytes: &[u8; 64], b: u8) -> u64 {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is part of x86_64; the loads read bytes 16i..16i + 16 of
    // the 64.
    unsafe {
        let b = _mm_set1_epi8(b as i8);
        (0..4).fold(0, |bits, i| {
            let sixteen = _mm_loadu_si128(bytes.as_ptr().add(16 * i).cast());
            let equal = _mm_movemask_epi8(_mm_cmpeq_epi8(sixteen, b)) as u16;
            bits | (equal as u64) << (16 * i)
        })
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn equal_bytes(bytes: &[u8; 64], b: u8) -> u64 {
    (bytes.iter().enumerate()).fold(0, |bits, (i, &x)| bits | ((x == b) as u64) << i)
}
