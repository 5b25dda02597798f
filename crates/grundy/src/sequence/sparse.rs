//! The sparse-space method (Berlekamp, Conway and Guy, "Sparse space spells
//! speed"; Flammenkamp's computations of octal games), with the rare heaps'
//! part of each heap's options computed by a second thread, a few heaps ahead.
//!
//! For a mask `m`, write `p(v)` for the parity of `popcount(v & m)`, which
//! is linear: `p(a ^ b) = p(a) ^ p(b)`. Heaps are sorted into common and
//! rare by a [`Classes`]: heap `n` is common when `p(G(n))` is the parity
//! expected of heaps of its own parity, `e[n % 2]`, and rare otherwise. The
//! expectations are chosen so that a split of heap `n` into two common heaps
//! never reaches a value of parity `e[n % 2]`: such a value is reached only
//! by a split with a rare part. Two choices do that:
//! - `e = [1, 1]` (the classic one): two common values XOR to parity 0;
//! - when every move that splits removes `k` tokens of one parity (`.127`
//!   removes 3): `e[k % 2] = 1` and `e[1 - k % 2] = 0`. Heap `n` with
//!   `n = k mod 2` splits an even number of tokens, into parts of one
//!   parity, which XOR to parity 0; the other heaps split an odd number,
//!   into an even and an odd part, which XOR to `e[0] ^ e[1] = 1`. This is
//!   the idea of Beling's second rare/common method (ogsolve `-m rc2`): for
//!   `.127` it makes a quarter as many heaps rare.
//!
//! For many games few heaps are rare. To compute `G(n)`:
//! 1. collect the values of the moves that do not split, and of the splits
//!    with a rare part (few);
//! 2. the least value of parity `e[n % 2]` not collected is reached by no
//!    other split, so `G(n)` is at most that value `c`; scan the splits
//!    until each value below `c` is found reached (then `G(n) = c`; for
//!    Grundy's game after about 3000 of the millions of splits), or the scan
//!    ends and `G(n)` is the least one missing (then heap `n` is rare:
//!    seldom).
//!
//! Where every value is below 128 (all the solved games but `.376`), the
//! sets of values are the bits of a register and the scan looks for the
//! missing values by a table of nibbles (`small_value`, and `not_reached`
//! of scan.rs).
//!
//! Only the speed depends on the classes, never the values: the classes are
//! those that make fewest heaps rare so far, chosen again as the sequence
//! doubles. Moves to three heaps (hexadecimal codes) are collected in full.
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
use super::scan::{for_each_block, not_reached, Marks, Stored};
use super::{bit_length, ValueSet};
use crate::period::Nimber;
use crate::take_and_break::{Moves, ONE, THREE, WHOLE};

/// Heaps computed naively before the first choice of classes.
pub const FIRST_MASK_CHOICE: usize = 256;

/// The helper leaves to the main thread the rare heaps below `NEAR`, so
/// that what it reads, running at most [`AHEAD`] heaps ahead, is at least
/// `NEAR - AHEAD` heaps old: not on the cache lines that the main thread is
/// writing (two of 64 bytes, as processors fetch lines in pairs, at one
/// byte a value).
const NEAR: usize = AHEAD + 128;

/// The splits from `a = 1` on whose values the main thread combines with
/// those of the near rare heaps (see [`RareSplits::leading`]).
const LEADING: usize = 16;

/// The helper runs only for values this many bits wide or wider. Below
/// 128 the sets of values are registers, and its part of a heap cost less
/// than handing it over: measured with `--threads 2` against 1, to 2^22
/// heaps, `.45` 0.30 s against 0.23 s and `.644` 0.51 s against 0.43 s,
/// while `.376` (values to 176) took 3.58 s against 4.52 s.
const HELPER_BITS: u32 = 8;

/// Heaps without a change of the helper's inputs before it is started: a
/// run shorter than this would not pay for starting a thread.
const SETTLE: usize = 1024;

/// A run of the helper this long or longer tells whether it keeps up.
const JUDGED: usize = 4096;

/// The heaps the helper first rests after a run in which it was late for
/// more than a quarter of the heaps: it then has no core of its own (the
/// machine is busy), and only takes time from the main thread. The rest
/// doubles each time it is late again.
const REST: usize = 1 << 16;

/// How long the helper rests after a run of `heaps` heaps in which it was
/// late for `late`, having rested `rest` before: `None` when it kept up (or
/// the run was too short to tell) and may go on.
fn rest_after(heaps: usize, late: usize, rest: usize) -> Option<usize> {
    (heaps >= JUDGED && 4 * late > heaps).then(|| (2 * rest).max(REST))
}

/// Which heaps are rare: heap `n` of value `v` is common when the parity of
/// `v & mask` is `expected[n % 2]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Classes {
    mask: u32,
    expected: [u32; 2],
}

impl Classes {
    /// The classes of a mask: the classic ones, and those for moves that
    /// all split after removing tokens of the parity `split_parity`.
    fn of_mask(mask: u32, split_parity: Option<usize>) -> impl Iterator<Item = Classes> {
        let classic = Classes {
            mask,
            expected: [1, 1],
        };
        let by_parity = split_parity.map(|k| {
            let mut expected = [0, 0];
            expected[k] = 1;
            Classes { mask, expected }
        });
        std::iter::once(classic).chain(by_parity)
    }

    fn parity(self, v: u32) -> u32 {
        (v & self.mask).count_ones() % 2
    }

    fn rare(self, n: usize, v: u32) -> bool {
        self.parity(v) != self.expected[n % 2]
    }
}

/// What the helper reads, fixed while it runs.
struct Space {
    classes: Classes,
    /// The rare heaps (sizes at least 1) in increasing order, with their
    /// values.
    rare: Vec<(usize, u32)>,
    /// Every value so far is below `2^bits`.
    bits: u32,
    /// Bit `v` of `common[p]` is set when `v` has parity `p`, for `v <
    /// 2^(bits + 1)`: a common heap `n` has a value of
    /// `common[expected[n % 2]]`.
    common: [Vec<u64>; 2],
}

impl Space {
    /// The words of a set of values below `2^(bits + 1)`: room for the mex.
    fn words(&self) -> usize {
        (1usize << (self.bits + 1)).div_ceil(64)
    }

    fn update_common(&mut self) {
        let classes = self.classes;
        self.common = [0, 1].map(|p| {
            (0..self.words() as u32)
                .map(|w| (0..64).filter(move |&i| classes.parity(64 * w + i) == p))
                .map(|common| common.fold(0, |word, i| word | 1 << i))
                .collect()
        });
    }

    /// The values a common heap `n` may have.
    fn common_values(&self, n: usize) -> &[u64] {
        &self.common[self.classes.expected[n % 2] as usize]
    }

    /// Whether `G(n) = g` changes what the helper reads.
    fn changed_by(&self, n: usize, g: u32) -> bool {
        self.classes.rare(n, g) || bit_length(g) > self.bits
    }
}

/// The sparse-space state between heaps.
pub struct SparseSpace {
    space: Space,
    work: Work,
    /// When to choose the classes again: at each doubling of the sequence.
    next_choice: usize,
    /// The heap from which the helper's inputs are as they are now.
    settled_from: usize,
    /// Whether a helper thread computes the rare heaps ahead, once asked.
    helper: bool,
    /// The question, asked when values first reach `helper_bits`: the
    /// command line's look at the cores free takes milliseconds, which a
    /// game whose values stay small would spend for nothing.
    ask_helper: Option<Box<dyn FnOnce() -> bool + Send>>,
    /// Heaps with settled inputs before the helper starts, and the width
    /// of values from which it runs (both lower in tests).
    pub settle: usize,
    pub helper_bits: u32,
    /// The helper rests until this heap, for `rest` heaps after it was
    /// late in its last run (see [`rest_after`]).
    rest_until: usize,
    rest: usize,
}

impl SparseSpace {
    pub fn new() -> SparseSpace {
        SparseSpace {
            space: Space {
                classes: Classes {
                    mask: 0,
                    expected: [1, 1],
                },
                rare: Vec::new(),
                bits: 0,
                common: [Vec::new(), Vec::new()],
            },
            work: Work {
                reached: Vec::new(),
                flags: ValueSet::new(),
                marks: Box::new(Marks::new()),
                splits: Vec::new(),
            },
            next_choice: FIRST_MASK_CHOICE,
            settled_from: 0,
            helper: false,
            ask_helper: Some(Box::new(|| {
                thread::available_parallelism().is_ok_and(|n| n.get() >= 2)
            })),
            settle: SETTLE,
            helper_bits: HELPER_BITS,
            rest_until: 0,
            rest: 0,
        }
    }

    /// Whether a helper thread may run: `may_help` is asked when values
    /// first reach `helper_bits` (by default, whether the machine has two
    /// cores or more).
    pub fn set_helper(&mut self, may_help: impl FnOnce() -> bool + Send + 'static) {
        self.ask_helper = Some(Box::new(may_help));
    }

    /// Forgets the rare heaps: the classes are chosen again at the next heap.
    pub fn forget(&mut self) {
        self.space.rare.clear();
        self.next_choice = FIRST_MASK_CHOICE;
    }

    pub fn rare_heaps(&self) -> usize {
        self.space.rare.len()
    }

    /// The parities a common heap's value has, for even and odd heaps.
    #[cfg(test)]
    pub fn expected(&self) -> [u32; 2] {
        self.space.classes.expected
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
                self.choose_classes(moves, table);
                self.settled_from = n;
            }
            let end = until.min(self.next_choice);
            let helper_from = (self.settled_from + self.settle).max(self.rest_until);
            let settled = n >= helper_from;
            let far = self.space.rare.partition_point(|&(r, _)| r < NEAR);
            let wide = self.space.bits >= self.helper_bits;
            if let Some(ask) = self.ask_helper.take_if(|_| wide) {
                self.helper = ask();
            }
            let (space, work) = (&self.space, &mut self.work);
            let helper = self.helper && wide;
            let changed = if helper && settled && far < space.rare.len() {
                let words = (1usize << space.bits).div_ceil(64);
                let (far_rare, bits) = (&space.rare[far..], space.bits);
                let start = move || {
                    // Copies in the helper's own memory: the main thread
                    // writes next to the originals.
                    let moves = moves.clone();
                    let mut far = RareSplits::new(far_rare.to_vec().into(), 0, &moves, bits);
                    let mut flags = ValueSet::new();
                    move |g: &[T], n, reached: &mut [u64]| {
                        far.or_into(g, n, &moves, &mut flags, reached)
                    }
                };
                let (changed, late) = Pipe::with_helper(table, end, words, start, |pipe| {
                    (work.run(pipe, end, moves, space, far), pipe.late())
                });
                let heaps = table.len() - n;
                if let Some(rest) = rest_after(heaps, late, self.rest) {
                    self.rest = rest;
                    self.rest_until = table.len() + rest;
                } else if heaps >= JUDGED {
                    self.rest = 0;
                }
                changed
            } else {
                // Alone until the inputs are settled (and the helper has
                // rested), when there is a helper.
                let end = match helper && !settled {
                    true => end.min(helper_from),
                    false => end,
                };
                let mut pipe = Pipe::alone(table);
                work.run(&mut pipe, end, moves, space, space.rare.len())
            };
            let Some(g) = changed else { continue };
            // `G(n)` changes the helper's inputs: record it, then push it.
            let n = table.len();
            if self.space.classes.rare(n, g) {
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

    /// Chooses the classes that make fewest heaps rare, and lists those
    /// heaps.
    fn choose_classes<T: Nimber>(&mut self, moves: &Moves, g: &[T]) {
        // Masks beyond the low bits are not worth trying: the values of games
        // with a sparse space are small.
        let bits = self.space.bits.min(10);
        let low = (1usize << bits) - 1;
        let mut count = [vec![0usize; 1 << bits], vec![0usize; 1 << bits]];
        for (n, &v) in g.iter().enumerate().skip(1) {
            let v: u32 = v.into();
            count[n % 2][v as usize & low] += 1;
        }
        let rare_count = |classes: Classes| -> usize {
            (0..2)
                .flat_map(|p| (0..=low).map(move |v| (p, v)))
                .filter(|&(p, v)| classes.rare(p, v as u32))
                .map(|(p, v)| count[p][v])
                .sum()
        };
        // Mask 0 would make every heap rare; the classic classes win ties.
        let split_parity = moves.split_parity();
        let classes = (1..(1u32 << bits).max(2))
            .flat_map(|mask| Classes::of_mask(mask, split_parity))
            .enumerate()
            .min_by_key(|&(i, classes)| (rare_count(classes), i))
            .map(|(_, classes)| classes)
            .expect("at least one mask");
        let space = &mut self.space;
        if classes != space.classes || space.rare.is_empty() {
            space.classes = classes;
            space.rare = (1..g.len())
                .map(|i| (i, g[i].into()))
                .filter(|&(i, v)| classes.rare(i, v))
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
        let mut near = RareSplits::new(space.rare[..far].into(), LEADING, moves, space.bits);
        let mut far = RareSplits::new(space.rare[far..].into(), 0, moves, space.bits);
        // Sized once: the length of a vector written at each heap, then read
        // with its pointer in one load, made the processor wait for the
        // store (a quarter of the samples of this function, for `.356`).
        self.reached.clear();
        self.reached.resize(space.words(), 0);
        for n in table.values().len()..end {
            self.reached.fill(0);
            let ahead = table.take(n, &mut self.reached);
            let far = (!ahead).then_some(&mut far);
            let g = self.value(&table.values()[..n], moves, space, &mut near, far);
            match T::try_from(g) {
                Ok(x) if !space.changed_by(n, g) => table.push(x),
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
        // Most games: values in registers, and no sets in memory.
        if space.bits <= 7 {
            let common = space.common_values(n);
            let splits = &mut self.splits;
            let small = T::bytes(g).and_then(|g| small_value(g, moves, common, reached, splits));
            if let Some(v) = small {
                return v;
            }
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
        // `G(n)` is at most that; below it, the values not collected are of
        // the other parity, and `G(n)` unless some split of two common heaps
        // reaches them.
        let common = reached.iter().zip(space.common_values(n));
        let common = first_bit(common.map(|(r, c)| c & !r))
            .expect("a common value above every value reached");
        // Splits `a + (m - a)` for every move that splits, in blocks of `a`
        // taken in step for all of them (the witness of a missing value may
        // be a split after any of the moves).
        self.splits.clear();
        self.splits.extend(moves.splitting(n));
        // The filter of scan.rs picks out of each block the few splits
        // that may reach a missing value.
        let mut missing = 0;
        for v in missing_below(reached, common) {
            self.marks.mark(v);
            missing += 1;
        }
        if missing > 0 {
            let mut found = |v, marks: &mut Marks| {
                if v < common && !contains(reached, v) {
                    reached[v as usize / 64] |= 1 << (v % 64);
                    marks.unmark(v);
                    missing -= 1;
                }
                missing > 0
            };
            let marks = &mut self.marks;
            for_each_block(g, &self.splits, |small, large| {
                T::find_marked(small, large, marks, &mut found)
            });
        }
        // What was not found is `G(n)` or above it: stop looking for it.
        for v in missing_below(reached, common) {
            self.marks.unmark(v);
        }
        first_bit(reached.iter().map(|r| !r)).expect("a value not reached")
    }
}

/// `G(n)` for `n = g.len()` where every value is below 128, all in
/// registers: `reached` holds the values of the splits with a rare part.
/// `None` where `G(n)` may be 128 or more, or a move leaves three heaps.
fn small_value(
    g: &[u8],
    moves: &Moves,
    common: &[u64],
    reached: &[u64],
    splits: &mut Vec<(usize, usize)>,
) -> Option<u32> {
    let n = g.len();
    let bits = |words: &[u64]| {
        let word = |i| words.get(i).copied().unwrap_or(0) as u128;
        word(0) | word(1) << 64
    };
    let mut reached = bits(reached);
    for &(k, d) in moves.list.iter().take_while(|&&(k, _)| k <= n) {
        let m = n - k;
        if d & THREE != 0 {
            return None;
        }
        if d & WHOLE != 0 && m == 0 {
            reached |= 1;
        }
        if d & ONE != 0 && m >= 1 {
            reached |= 1 << g[m];
        }
    }
    let common = (bits(common) & !reached).trailing_zeros();
    if common >= 128 {
        return None;
    }
    let mut missing: u128 = !reached & ((1 << common) - 1);
    if missing != 0 {
        splits.clear();
        splits.extend(moves.splitting(n));
        missing = not_reached(g, splits, missing);
    }
    Some(match missing {
        0 => common,
        _ => missing.trailing_zeros(),
    })
}

/// The values reached by the splits of `m` tokens with a part among some
/// rare heaps (and by the first few splits), as bits, kept for the last few
/// `m`: in a code with several moves that split, heap `n` splits `m` tokens
/// after removing `k`, and heap `n + 1` the same `m` after removing `k + 1`
/// (`.354` removes 2 or 3).
struct RareSplits<'a> {
    /// Borrowed by the main thread; the helper's own copy.
    rare: Cow<'a, [(usize, u32)]>,
    /// How many splits `a + (m - a)`, from `a = 1` on, the sets hold as
    /// well, whatever their parts ([`LEADING`] for the main thread's, none
    /// for the helper's). Most heaps' missing values (see [`Work::value`])
    /// are among them, so that most heaps need no scan; and a code that
    /// splits after removing `k` or `k + 1` tokens finds them once for two
    /// heaps.
    leading: usize,
    bits: u32,
    words: usize,
    /// `sets[i * words..][..words]` holds the bits for `held[i]` tokens.
    sets: Vec<u64>,
    held: Vec<usize>,
}

impl<'a> RareSplits<'a> {
    /// For `rare` heaps whose values, like all values so far, are below
    /// `2^bits`.
    fn new(
        rare: Cow<'a, [(usize, u32)]>,
        leading: usize,
        moves: &Moves,
        bits: u32,
    ) -> RareSplits<'a> {
        let words = (1usize << bits).div_ceil(64);
        // A power of two, so that `m % span` is a mask.
        let span = moves.split_span().next_power_of_two();
        RareSplits {
            rare,
            leading,
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
        for (m, last) in moves.splitting(n) {
            // Heap `n` splits at most `split_span` consecutive sizes `m`, all
            // different modulo `held.len()`: none takes the place of another.
            let i = m & (self.held.len() - 1);
            let set = &mut self.sets[i * self.words..][..self.words];
            if self.held[i] != m {
                // The rare heaps below `m`, without the equal split when
                // parts must differ: tested once, not once per rare heap.
                let rare = &*self.rare;
                // What makes the unchecked reads below sound, checked once
                // per `m` rather than per rare heap: the smallest rare heap
                // is 1 or more, and `g` holds the partner `m - r` of each.
                // (The helper's `g` stops `AHEAD` heaps short of `n`, but
                // its rare heaps are `NEAR` or more.)
                assert!(rare.first().is_none_or(|&(r, _)| r >= 1 && m < g.len() + r));
                let parts = match rare.last() {
                    // Soon every rare heap is below `m / 2`: no search.
                    Some(&(last, _)) if 2 * last < m => [rare, &[]],
                    _ => {
                        let below = &rare[..rare.partition_point(|&(r, _)| r < m)];
                        let equal = below.partition_point(|&(r, _)| 2 * r < m);
                        let skip =
                            moves.unequal && below.get(equal).is_some_and(|&(r, _)| 2 * r == m);
                        [&below[..equal], &below[equal + skip as usize..]]
                    }
                };
                let leading = (1..=last.min(self.leading)).map(|a| g[a].into() ^ g[m - a].into());
                let splits = (parts.into_iter().flatten())
                    // SAFETY: the parts `r` are rare heaps below `m`, so
                    // `m - r >= 1`; and at least the smallest rare heap, so
                    // `m - r < g.len()` by the assertion above. (Without the
                    // bounds check, Grundy's game took 9.5 s against 10.0 s
                    // to 2^22 heaps.)
                    .map(|&(r, v)| v ^ unsafe { *g.get_unchecked(m - r) }.into())
                    .chain(leading);
                if self.bits <= 6 {
                    // Values below 64: the set in a register, and no store
                    // to memory per rare heap.
                    set[0] = splits.fold(0, |bits, v| bits | 1 << (v & 63));
                } else if self.bits == 7 {
                    // Values below 128: a byte per value on the stack, one
                    // store per rare heap, then bits (measured: `.56` 0.52 s
                    // against 0.55 s with two registers and 0.60 s with a
                    // `u128`, to 2^22 heaps; but 0.34 s against 0.23 s for
                    // `.45`, whose values are below 16, if used for them).
                    let mut seen = [0u8; 128];
                    splits.for_each(|v| seen[v as usize & 127] = 1);
                    for (word, bytes) in set.iter_mut().zip(seen.chunks_exact(64)) {
                        *word = equal_bytes(bytes.try_into().expect("64 bytes"), 1);
                    }
                } else {
                    flags.reset(self.bits);
                    splits.for_each(|v| flags.insert(v));
                    set.fill(0);
                    flags.or_into(set);
                }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_helper_rests_longer_each_time_it_is_late() {
        assert_eq!(rest_after(JUDGED, JUDGED / 8, 0), None);
        assert_eq!(rest_after(JUDGED - 1, JUDGED, 0), None, "too short to tell");
        assert_eq!(rest_after(JUDGED, JUDGED / 2, 0), Some(REST));
        assert_eq!(rest_after(JUDGED, JUDGED / 2, REST), Some(2 * REST));
    }
}
