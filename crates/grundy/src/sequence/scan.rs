//! The innermost loop of the sparse-space method: does some split of a block
//! reach a value the scan is looking for? Most splits reach none, so the test
//! is a filter on the low byte of the values, without a branch per split; a
//! split that passes it is handed over at once, so that a value found is no
//! longer sought in the rest of the block. Where every value is below 128,
//! the values sought fit in a register and the filter is exact:
//! [`not_reached`].

use crate::period::{wide, Nimber};

/// The values a scan looks for, by their low byte: counts, and the same set
/// as a bitmap indexed by nibbles, which a vector instruction can read.
pub struct Marks {
    counts: [u16; 256],
    /// Byte `16 * hi + lo` is marked when bit `hi % 8` of
    /// `nibbles[hi / 8][lo]` is set.
    nibbles: [[u8; 16]; 2],
}

impl Marks {
    pub fn new() -> Marks {
        Marks {
            counts: [0; 256],
            nibbles: [[0; 16]; 2],
        }
    }

    pub fn mark(&mut self, v: u32) {
        let byte = low_byte(v);
        self.counts[byte] += 1;
        self.nibbles[byte >> 7][byte & 15] |= 1 << ((byte >> 4) & 7);
    }

    pub fn unmark(&mut self, v: u32) {
        let byte = low_byte(v);
        self.counts[byte] -= 1;
        if self.counts[byte] == 0 {
            self.nibbles[byte >> 7][byte & 15] &= !(1 << ((byte >> 4) & 7));
        }
    }

    /// Whether some marked value has the low byte of `v`.
    #[inline]
    pub fn is_marked(&self, v: u32) -> bool {
        self.counts[low_byte(v)] != 0
    }
}

/// What a scan does with a split whose value's low byte is marked: told the
/// value, it may unmark values, and says whether to go on.
pub trait Found: FnMut(u32, &mut Marks) -> bool {}
impl<F: FnMut(u32, &mut Marks) -> bool> Found for F {}

/// A width of the table, with the filter of the scan for it.
pub trait Stored: Nimber + TryFrom<u32> + Send + Sync {
    /// Calls `found` with the value of each split `small[i] + large[len - 1
    /// - i]` whose low byte is marked, in the order of `i`, while it returns
    /// true; false where it stopped. The filter reads the marks again after
    /// each call, so that a value `found` unmarks is not met again.
    fn find_marked(
        small: &[Self],
        large: &[Self],
        marks: &mut Marks,
        found: &mut impl Found,
    ) -> bool {
        one_by_one(small, large, marks, found)
    }

    /// The values as bytes, where they are bytes.
    fn bytes(values: &[Self]) -> Option<&[u8]> {
        let _ = values;
        None
    }
}

impl Stored for u32 {}

/// `find_marked` split by split.
fn one_by_one<T: Nimber>(
    small: &[T],
    large: &[T],
    marks: &mut Marks,
    found: &mut impl Found,
) -> bool {
    for (&x, &y) in small.iter().zip(large.iter().rev()) {
        let v = wide(x) ^ wide(y);
        if marks.is_marked(v) && !found(v, marks) {
            return false;
        }
    }
    true
}

impl Stored for u8 {
    fn bytes(values: &[u8]) -> Option<&[u8]> {
        Some(values)
    }

    fn find_marked(small: &[u8], large: &[u8], marks: &mut Marks, found: &mut impl Found) -> bool {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("ssse3") {
            // SAFETY: the processor has SSSE3, checked just above.
            return unsafe { sixteen_bytes_at_once(small, large, marks, found) };
        }
        eight_at_once(small, large, marks, found)
    }
}

impl Stored for u16 {
    fn find_marked(
        small: &[u16],
        large: &[u16],
        marks: &mut Marks,
        found: &mut impl Found,
    ) -> bool {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("ssse3") {
            // SAFETY: the processor has SSSE3, checked just above.
            return unsafe { sixteen_words_at_once(small, large, marks, found) };
        }
        one_by_one(small, large, marks, found)
    }
}

/// One-byte values XOR eight splits at once in a machine word (the large
/// parts come in reverse order, so their word is byte-swapped); a word is
/// looked at byte by byte only if some byte is marked.
fn eight_at_once(small: &[u8], large: &[u8], marks: &mut Marks, found: &mut impl Found) -> bool {
    let len = small.len();
    let words = len / 8;
    for w in 0..words {
        let x = u64::from_le_bytes(small[8 * w..8 * w + 8].try_into().expect("8 bytes"));
        let y = u64::from_le_bytes(large[len - 8 * w - 8..len - 8 * w].try_into().expect("8"));
        let bytes = (x ^ y.swap_bytes()).to_le_bytes();
        if bytes
            .iter()
            .fold(0, |hit, &b| hit | marks.counts[b as usize])
            != 0
        {
            for b in bytes {
                if marks.is_marked(b as u32) && !found(b as u32, marks) {
                    return false;
                }
            }
        }
    }
    let rest = 8 * words;
    one_by_one(&small[rest..], &large[..len - rest], marks, found)
}

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// The nibble bitmap of the marks in SSSE3 registers: looks up the low
/// bytes of sixteen splits at once with two table shuffles, one per half of
/// the high nibbles.
#[cfg(target_arch = "x86_64")]
struct Lookup {
    first: __m128i,
    second: __m128i,
    bit: __m128i,
}

#[cfg(target_arch = "x86_64")]
impl Lookup {
    #[target_feature(enable = "ssse3")]
    unsafe fn new(marks: &Marks) -> Lookup {
        // SAFETY: `nibbles` rows are 16 bytes; unaligned loads.
        unsafe {
            Lookup {
                first: _mm_loadu_si128(marks.nibbles[0].as_ptr().cast()),
                second: _mm_loadu_si128(marks.nibbles[1].as_ptr().cast()),
                bit: _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128),
            }
        }
    }

    /// The bytes of `v` that are marked, as the bits of a mask (no branch
    /// per lane).
    #[inline]
    #[target_feature(enable = "ssse3")]
    unsafe fn marked(&self, v: __m128i) -> u32 {
        let nibble = _mm_set1_epi8(0x0F);
        let lo = _mm_and_si128(v, nibble);
        let hi = _mm_and_si128(_mm_srli_epi16(v, 4), nibble);
        let in_second = _mm_cmpgt_epi8(hi, _mm_set1_epi8(7));
        let row = _mm_or_si128(
            _mm_andnot_si128(in_second, _mm_shuffle_epi8(self.first, lo)),
            _mm_and_si128(in_second, _mm_shuffle_epi8(self.second, lo)),
        );
        let marked = _mm_and_si128(row, _mm_shuffle_epi8(self.bit, hi));
        let zero = _mm_setzero_si128();
        !(_mm_movemask_epi8(_mm_cmpeq_epi8(marked, zero)) as u32) & 0xFFFF
    }
}

/// `find_marked` sixteen splits per step with SSSE3, for a table of `T`:
/// `low_bytes(s)` gives the low bytes of the values of the splits `16 * s`
/// to `16 * s + 15`. A step with a marked lane calls `found` lane by lane,
/// then reads the marks again.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "ssse3")]
unsafe fn sixteen_at_once<T: Nimber>(
    small: &[T],
    large: &[T],
    marks: &mut Marks,
    found: &mut impl Found,
    low_bytes: impl Fn(usize) -> __m128i,
) -> bool {
    let len = small.len();
    let steps = len / 16;
    // SAFETY: SSSE3 is enabled for this function as for `Lookup`'s.
    let mut lookup = unsafe { Lookup::new(marks) };
    for s in 0..steps {
        // SAFETY: as above.
        let mut lanes = unsafe { lookup.marked(low_bytes(s)) };
        if lanes != 0 {
            while lanes != 0 {
                let i = 16 * s + lanes.trailing_zeros() as usize;
                let v = wide(small[i]) ^ wide(large[len - 1 - i]);
                // Marked when the step was filtered, perhaps not since.
                if marks.is_marked(v) && !found(v, marks) {
                    return false;
                }
                lanes &= lanes - 1;
            }
            // SAFETY: as above.
            lookup = unsafe { Lookup::new(marks) };
        }
    }
    let rest = 16 * steps;
    one_by_one(&small[rest..], &large[..len - rest], marks, found)
}

/// Sixteen one-byte splits per step: XOR the bytes (the large parts
/// reversed by a shuffle).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn sixteen_bytes_at_once(
    small: &[u8],
    large: &[u8],
    marks: &mut Marks,
    found: &mut impl Found,
) -> bool {
    let len = small.len();
    let reverse = _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    let low_bytes = |s: usize| {
        // SAFETY: step `s < len / 16` reads small[16s..16s + 16] and
        // large[len - 16s - 16..len - 16s], within the slices of length
        // `len`; unaligned loads allow any address.
        unsafe {
            let x = _mm_loadu_si128(small.as_ptr().add(16 * s).cast());
            let y = _mm_loadu_si128(large.as_ptr().add(len - 16 * s - 16).cast());
            _mm_xor_si128(x, _mm_shuffle_epi8(y, reverse))
        }
    };
    // SAFETY: SSSE3 is enabled for this function as for that one.
    unsafe { sixteen_at_once(small, large, marks, found, low_bytes) }
}

/// Sixteen two-byte splits per step: XOR eight at a time (the large parts
/// reversed by a shuffle), and pack the low bytes of sixteen. Grundy's game
/// has two-byte values past heap 7,250,049.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn sixteen_words_at_once(
    small: &[u16],
    large: &[u16],
    marks: &mut Marks,
    found: &mut impl Found,
) -> bool {
    let len = small.len();
    let reverse = _mm_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
    let low = _mm_set1_epi16(0xFF);
    let low_bytes = |s: usize| {
        // SAFETY: step `s < len / 16` reads small[16s..16s + 16] and
        // large[len - 16s - 16..len - 16s], eight values per load, within
        // the slices of length `len`; unaligned loads allow any address.
        unsafe {
            let x0 = _mm_loadu_si128(small.as_ptr().add(16 * s).cast());
            let x1 = _mm_loadu_si128(small.as_ptr().add(16 * s + 8).cast());
            let y0 = _mm_loadu_si128(large.as_ptr().add(len - 16 * s - 8).cast());
            let y1 = _mm_loadu_si128(large.as_ptr().add(len - 16 * s - 16).cast());
            let v0 = _mm_xor_si128(x0, _mm_shuffle_epi8(y0, reverse));
            let v1 = _mm_xor_si128(x1, _mm_shuffle_epi8(y1, reverse));
            // Low bytes only, so that packing does not saturate.
            _mm_packus_epi16(_mm_and_si128(v0, low), _mm_and_si128(v1, low))
        }
    };
    // SAFETY: SSSE3 is enabled for this function as for that one.
    unsafe { sixteen_at_once(small, large, marks, found, low_bytes) }
}

/// Calls `block(small, large)` on the splits `small[i] + large[len - 1 - i]`
/// of every move of `splits` (`(m, last)`: `a + (m - a)` for `1 <= a <=
/// last`), in blocks of values of `a` taken in step for all the moves,
/// while `block` returns true. The first block is 32 splits long, the next
/// ones twice as long each time up to [`LONGEST_BLOCK`]: most scans end in
/// the first, and a long one (Grundy's game scans thousands of splits for
/// a heap) spends less on setting up blocks.
pub fn for_each_block<T>(
    g: &[T],
    splits: &[(usize, usize)],
    mut block: impl FnMut(&[T], &[T]) -> bool,
) {
    let most = splits.iter().map(|&(_, last)| last).max().unwrap_or(0);
    let (mut a, mut len) = (1, 32);
    while a <= most {
        for &(m, last) in splits {
            if a > last {
                continue;
            }
            let end = last.min(a + len - 1);
            if !block(&g[a..=end], &g[m - end..=m - a]) {
                return;
            }
        }
        a += len;
        len = (2 * len).min(LONGEST_BLOCK);
    }
}

/// The longest block of [`for_each_block`] (measured, Grundy's game to 2^22
/// heaps with `--threads 1`: 8.5 s with blocks of 32 splits only, 7.4 s up
/// to 128, 7.1 s up to 1024, no better beyond).
const LONGEST_BLOCK: usize = 1024;

/// The values of `missing` (values below 128, as bits) that no split of
/// `splits` reaches (`(m, last)`: `a + (m - a)` for `1 <= a <= last`), where
/// every value of `g` is below 128: the scan where the values sought fit in
/// a register.
///
/// Panics if a split's heap `m` passes `g.len()` or its `last` is not below
/// `m` (every move reads `g[a]` and `g[m - a]`, `1 <= a <= last`):
/// the unchecked loads of the SSSE3 scan rest on these bounds.
pub fn not_reached(g: &[u8], splits: &[(usize, usize)], missing: u128) -> u128 {
    assert!(
        splits.iter().all(|&(m, last)| m <= g.len() && last < m),
        "a split's heap or last move lies outside the values scanned"
    );
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("ssse3") {
        // SAFETY: the processor has SSSE3, checked just above.
        return unsafe { not_reached_16_at_once(g, splits, missing) };
    }
    not_reached_in_blocks(g, splits, missing)
}

fn not_reached_in_blocks(g: &[u8], splits: &[(usize, usize)], mut missing: u128) -> u128 {
    for_each_block(g, splits, |small, large| {
        missing = not_reached_one_by_one(small, large, missing);
        missing != 0
    });
    missing
}

fn not_reached_one_by_one(small: &[u8], large: &[u8], mut missing: u128) -> u128 {
    for (&x, &y) in small.iter().zip(large.iter().rev()) {
        missing &= !(1 << ((x ^ y) & 127));
    }
    missing
}

/// The bits of values below 128 as a table of the low nibble: bit `hi` of
/// byte `lo` stands for value `16 * hi + lo`.
#[cfg(target_arch = "x86_64")]
fn by_low_nibble(mut values: u128) -> [u8; 16] {
    let mut table = [0u8; 16];
    while values != 0 {
        let v = values.trailing_zeros();
        table[v as usize & 15] |= 1 << (v >> 4);
        values &= values - 1;
    }
    table
}

/// Sixteen splits per step with SSSE3, taking the moves in step as
/// [`for_each_block`] does: XOR the bytes (the large parts reversed by a
/// shuffle), then look each up in the table of the values missing by its
/// low nibble, and its high nibble's bit. (Steps of 32 with AVX2 were
/// slower: most scans end within the first sixteen splits.) A step whose
/// loads would leave `g` (small sizes) goes split by split.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn not_reached_16_at_once(g: &[u8], splits: &[(usize, usize)], mut missing: u128) -> u128 {
    let reverse = _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    let bit = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
    let nibble = _mm_set1_epi8(0x0F);
    let load = |table: &[u8; 16]| {
        // SAFETY: an unaligned load of the 16 bytes of `table`.
        unsafe { _mm_loadu_si128(table.as_ptr().cast()) }
    };
    let mut bytes = by_low_nibble(missing);
    let mut table = load(&bytes);
    let most = splits.iter().map(|&(_, last)| last).max().unwrap_or(0);
    for a in (1..=most).step_by(16) {
        for &(m, last) in splits {
            if a > last {
                continue;
            }
            let len = (last - a + 1).min(16);
            if a + 16 > g.len() || m < a + 15 {
                let (small, large) = (&g[a..a + len], &g[m + 1 - a - len..=m - a]);
                missing = not_reached_one_by_one(small, large, missing);
                if missing == 0 {
                    return 0;
                }
                bytes = by_low_nibble(missing);
                table = load(&bytes);
                continue;
            }
            // SAFETY: g[a..a + 16] is within `g` and m - a - 15 >= 0, checked
            // just above; m - a < m <= g.len(), asserted by `not_reached`;
            // unaligned loads allow any address.
            let (x, y) = unsafe {
                (
                    _mm_loadu_si128(g.as_ptr().add(a).cast()),
                    _mm_loadu_si128(g.as_ptr().add(m - a - 15).cast()),
                )
            };
            // Lane `i` is the split `a + i`: `g[a + i] ^ g[m - a - i]`.
            let v = _mm_xor_si128(x, _mm_shuffle_epi8(y, reverse));
            let lo = _mm_and_si128(v, nibble);
            let hi = _mm_and_si128(_mm_srli_epi16(v, 4), nibble);
            let marked = _mm_and_si128(_mm_shuffle_epi8(table, lo), _mm_shuffle_epi8(bit, hi));
            let unmarked = _mm_movemask_epi8(_mm_cmpeq_epi8(marked, _mm_setzero_si128()));
            let mut lanes = !(unmarked as u32) & ((1 << len) - 1);
            if lanes != 0 {
                let mut values = [0u8; 16];
                // SAFETY: an unaligned store to the 16 bytes of `values`.
                unsafe { _mm_storeu_si128(values.as_mut_ptr().cast(), v) };
                while lanes != 0 {
                    let v = values[lanes.trailing_zeros() as usize];
                    missing &= !(1 << v);
                    bytes[v as usize & 15] &= !(1 << (v >> 4));
                    lanes &= lanes - 1;
                }
                if missing == 0 {
                    return 0;
                }
                table = load(&bytes);
            }
        }
    }
    missing
}

/// The low byte of a value, as an index of a 256-entry table.
#[inline]
pub fn low_byte(v: u32) -> usize {
    (v & 0xFF) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values `find_marked` hands over: every split whose low byte is
    /// marked, in order, while `found` leaves the marks alone; those still
    /// marked where `found` unmarks each marked value it is handed; up to
    /// the split where `found` stops the scan.
    fn handed_over<T: Nimber>(
        find: fn(&[T], &[T], &mut Marks, &mut dyn Found) -> bool,
        small: &[T],
        large: &[T],
        marked: &[u32],
    ) -> [(Vec<u32>, bool); 3] {
        let run = |unmark: bool, stop_after: usize| {
            let mut marks = Marks::new();
            marked.iter().for_each(|&v| marks.mark(v));
            let mut left = marked.to_vec();
            let mut seen = Vec::new();
            let went_on = find(small, large, &mut marks, &mut |v, marks| {
                seen.push(v);
                if let Some(i) = left.iter().position(|&w| w == v).filter(|_| unmark) {
                    left.remove(i);
                    marks.unmark(v);
                }
                seen.len() < stop_after
            });
            (seen, went_on)
        };
        [run(false, usize::MAX), run(true, usize::MAX), run(false, 2)]
    }

    /// The same by direct enumeration of the splits.
    fn expected<T: Nimber>(small: &[T], large: &[T], marked: &[u32]) -> [(Vec<u32>, bool); 3] {
        let values = (0..small.len()).map(|i| wide(small[i]) ^ wide(large[small.len() - 1 - i]));
        let marked_now = |left: &[u32], v: u32| left.iter().any(|&w| low_byte(w) == low_byte(v));
        let all: Vec<u32> = values.clone().filter(|&v| marked_now(marked, v)).collect();
        let mut left = marked.to_vec();
        let mut unmarking = Vec::new();
        for v in values {
            if marked_now(&left, v) {
                unmarking.push(v);
                left.retain(|&w| w != v);
            }
        }
        let stopped = (all.iter().take(2).copied().collect(), all.len() < 2);
        [(all, true), (unmarking, true), stopped]
    }

    /// The vector filters, the word filter and the split-by-split one hand
    /// over the same splits, for every block length and every marked byte,
    /// one marked or several.
    #[test]
    fn the_filters_agree() {
        let small: Vec<u8> = (0..100u32).map(|i| (i * 37 % 251) as u8).collect();
        let large: Vec<u8> = (0..100u32).map(|i| (i * 91 % 241) as u8).collect();
        let small16: Vec<u16> = (0..100u32).map(|i| (i * 3701 % 65521) as u16).collect();
        let large16: Vec<u16> = (0..100u32).map(|i| (i * 9109 % 65519) as u16).collect();
        let marked_sets = (0..256u32).map(|v| vec![v]).chain([
            vec![1, 2, 3, 200],
            (0..256).step_by(3).collect(),
            vec![256, 511, 4095, 65535],
        ]);
        for marked in marked_sets {
            for len in [1, 7, 8, 15, 16, 17, 33, 64, 100] {
                let (s, l) = (&small[..len], &large[100 - len..]);
                let want = expected(s, l, &marked);
                assert_eq!(
                    handed_over(
                        |s, l, m, f| one_by_one(s, l, m, &mut |v, m: &mut Marks| f(v, m)),
                        s,
                        l,
                        &marked
                    ),
                    want
                );
                assert_eq!(
                    handed_over(
                        |s, l, m, f| eight_at_once(s, l, m, &mut |v, m: &mut Marks| f(v, m)),
                        s,
                        l,
                        &marked
                    ),
                    want
                );
                assert_eq!(
                    handed_over(
                        |s, l, m, f| u8::find_marked(s, l, m, &mut |v, m: &mut Marks| f(v, m)),
                        s,
                        l,
                        &marked
                    ),
                    want
                );
                let (s, l) = (&small16[..len], &large16[100 - len..]);
                let want = expected(s, l, &marked);
                assert_eq!(
                    handed_over(
                        |s, l, m, f| u16::find_marked(s, l, m, &mut |v, m: &mut Marks| f(v, m)),
                        s,
                        l,
                        &marked
                    ),
                    want
                );
            }
        }
    }

    /// The scan in registers finds, for every set of values sought, exactly
    /// the values that no split reaches, for sizes small and large (where
    /// it goes split by split, and where vectors pass the ends of blocks),
    /// with one move that splits and with two.
    #[test]
    fn the_register_scan_finds_what_no_split_reaches() {
        let g: Vec<u8> = (0..300u32).map(|i| (i * 37 % 127) as u8).collect();
        for n in [3, 20, 40, 70, 100, 299] {
            for split_moves in [&[1][..], &[1, 2]] {
                let splits: Vec<(usize, usize)> = (split_moves.iter())
                    .filter(|&&k| k + 2 <= n)
                    .map(|&k| (n - k, (n - k) / 2))
                    .collect();
                let reached: u128 = (splits.iter())
                    .flat_map(|&(m, last)| (1..=last).map(move |a| (m, a)))
                    .fold(0, |bits, (m, a)| bits | 1 << (g[a] ^ g[m - a]));
                for sought in [1u128, 1 << 127, 0b1011 << 60, !0, !reached, reached] {
                    for scan in [not_reached, not_reached_in_blocks] {
                        let missing = scan(&g[..n], &splits, sought);
                        assert_eq!(missing, sought & !reached, "heap {n}, {split_moves:?}");
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod split_bounds {
    use super::*;

    /// A split whose heap `m` lies past the end of `g` is refused with a
    /// panic before any load: the unchecked 16-byte loads would otherwise
    /// read `g[m - a - 15..=m - a]`, outside `g` (issue 19, item 11).
    #[test]
    #[should_panic(expected = "split")]
    fn a_heap_past_the_values_is_refused() {
        let g = [0u8; 64];
        // m = 200 > g.len(): the loads of the large parts would leave `g`.
        not_reached(&g, &[(200, 20)], u128::MAX);
    }

    /// A split whose last move passes its heap is refused too.
    #[test]
    #[should_panic(expected = "split")]
    fn a_last_move_past_the_heap_is_refused() {
        let g = [0u8; 64];
        not_reached(&g, &[(40, 40)], u128::MAX);
    }
}
