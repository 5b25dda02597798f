//! The innermost loop of the sparse-space method: does some split of a block
//! reach a value the scan is looking for? Most blocks reach none, so the test
//! is a filter on the low byte of the values, without a branch per split; a
//! block that passes it is then checked split by split. Where every value is
//! below 128, the values sought fit in a register and the filter is exact:
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

/// A width of the table, with the filter of the scan for it.
pub trait Stored: Nimber + TryFrom<u32> + Send + Sync {
    /// Pushes onto `hits` every `i` whose split `small[i] + large[len - 1 -
    /// i]` may reach a marked value (its low byte is marked).
    fn marked_splits(small: &[Self], large: &[Self], marks: &Marks, hits: &mut Vec<usize>) {
        one_by_one(small, large, marks, 0, hits);
    }

    /// The values as bytes, where they are bytes.
    fn bytes(values: &[Self]) -> Option<&[u8]> {
        let _ = values;
        None
    }
}

impl Stored for u32 {}

/// `marked_splits` split by split, numbering them from `offset`: first a
/// pass without a branch per split, as most blocks have no hit.
fn one_by_one<T: Nimber>(
    small: &[T],
    large: &[T],
    marks: &Marks,
    offset: usize,
    hits: &mut Vec<usize>,
) {
    let values = || {
        let splits = small.iter().zip(large.iter().rev());
        splits.map(|(&x, &y)| wide(x) ^ wide(y)).enumerate()
    };
    let counts = &marks.counts;
    if values().fold(0, |hit, (_, v)| hit | counts[low_byte(v)]) != 0 {
        let marked = values().filter(|&(_, v)| marks.is_marked(v));
        hits.extend(marked.map(|(i, _)| offset + i));
    }
}

impl Stored for u8 {
    fn bytes(values: &[u8]) -> Option<&[u8]> {
        Some(values)
    }

    fn marked_splits(small: &[u8], large: &[u8], marks: &Marks, hits: &mut Vec<usize>) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("ssse3") {
            // SAFETY: the processor has SSSE3, checked just above.
            unsafe { sixteen_bytes_at_once(small, large, marks, hits) };
            return;
        }
        eight_at_once(small, large, marks, hits);
    }
}

impl Stored for u16 {
    fn marked_splits(small: &[u16], large: &[u16], marks: &Marks, hits: &mut Vec<usize>) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("ssse3") {
            // SAFETY: the processor has SSSE3, checked just above.
            unsafe { sixteen_words_at_once(small, large, marks, hits) };
            return;
        }
        one_by_one(small, large, marks, 0, hits);
    }
}

/// One-byte values XOR eight splits at once in a machine word (the large
/// parts come in reverse order, so their word is byte-swapped); a word is
/// looked at byte by byte only if some byte is marked.
fn eight_at_once(small: &[u8], large: &[u8], marks: &Marks, hits: &mut Vec<usize>) {
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
            let marked = bytes
                .iter()
                .enumerate()
                .filter(|(_, &b)| marks.is_marked(b as u32));
            hits.extend(marked.map(|(j, _)| 8 * w + j));
        }
    }
    let rest = 8 * words;
    one_by_one(&small[rest..], &large[..len - rest], marks, rest, hits);
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

    /// Pushes onto `hits` `offset + j` for each byte `j` of `v` that is
    /// marked (as the bits of a mask: no branch per lane without a hit).
    #[inline]
    #[target_feature(enable = "ssse3")]
    unsafe fn push_marked(&self, v: __m128i, offset: usize, hits: &mut Vec<usize>) {
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
        let mut lanes = !_mm_movemask_epi8(_mm_cmpeq_epi8(marked, zero)) & 0xFFFF;
        while lanes != 0 {
            hits.push(offset + lanes.trailing_zeros() as usize);
            lanes &= lanes - 1;
        }
    }
}

/// Sixteen one-byte splits per step with SSSE3: XOR the bytes (the large
/// parts reversed by a shuffle), then look them up.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn sixteen_bytes_at_once(small: &[u8], large: &[u8], marks: &Marks, hits: &mut Vec<usize>) {
    let len = small.len();
    let steps = len / 16;
    // SAFETY: SSSE3 is enabled for this function as for `Lookup`'s.
    let lookup = unsafe { Lookup::new(marks) };
    let reverse = _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    for s in 0..steps {
        // SAFETY: step `s < steps` reads small[16s..16s + 16] and
        // large[len - 16s - 16..len - 16s], within the slices of length
        // `len`; unaligned loads allow any address.
        let (x, y) = unsafe {
            (
                _mm_loadu_si128(small.as_ptr().add(16 * s).cast()),
                _mm_loadu_si128(large.as_ptr().add(len - 16 * s - 16).cast()),
            )
        };
        let v = _mm_xor_si128(x, _mm_shuffle_epi8(y, reverse));
        // SAFETY: as above.
        unsafe { lookup.push_marked(v, 16 * s, hits) };
    }
    let rest = 16 * steps;
    one_by_one(&small[rest..], &large[..len - rest], marks, rest, hits);
}

/// Sixteen two-byte splits per step with SSSE3: XOR eight at a time (the
/// large parts reversed by a shuffle), pack the low bytes of sixteen, and
/// look them up. Grundy's game has two-byte values past heap 7,250,049.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn sixteen_words_at_once(
    small: &[u16],
    large: &[u16],
    marks: &Marks,
    hits: &mut Vec<usize>,
) {
    let len = small.len();
    let steps = len / 16;
    // SAFETY: SSSE3 is enabled for this function as for `Lookup`'s.
    let lookup = unsafe { Lookup::new(marks) };
    let reverse = _mm_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
    let low = _mm_set1_epi16(0xFF);
    for s in 0..steps {
        // SAFETY: step `s < steps` reads small[16s..16s + 16] and
        // large[len - 16s - 16..len - 16s], eight values per load, within
        // the slices of length `len`; unaligned loads allow any address.
        let (x0, x1, y0, y1) = unsafe {
            (
                _mm_loadu_si128(small.as_ptr().add(16 * s).cast()),
                _mm_loadu_si128(small.as_ptr().add(16 * s + 8).cast()),
                _mm_loadu_si128(large.as_ptr().add(len - 16 * s - 8).cast()),
                _mm_loadu_si128(large.as_ptr().add(len - 16 * s - 16).cast()),
            )
        };
        let v0 = _mm_xor_si128(x0, _mm_shuffle_epi8(y0, reverse));
        let v1 = _mm_xor_si128(x1, _mm_shuffle_epi8(y1, reverse));
        // Low bytes only, so that packing does not saturate.
        let v = _mm_packus_epi16(_mm_and_si128(v0, low), _mm_and_si128(v1, low));
        // SAFETY: as above.
        unsafe { lookup.push_marked(v, 16 * s, hits) };
    }
    let rest = 16 * steps;
    one_by_one(&small[rest..], &large[..len - rest], marks, rest, hits);
}

/// Calls `block(small, large)` on the splits `small[i] + large[len - 1 - i]`
/// of every move of `splits` (`(m, last)`: `a + (m - a)` for `1 <= a <=
/// last`), in blocks of 32 values of `a` taken in step for all the moves,
/// while `block` returns true.
pub fn for_each_block<T>(
    g: &[T],
    splits: &[(usize, usize)],
    mut block: impl FnMut(&[T], &[T]) -> bool,
) {
    let most = splits.iter().map(|&(_, last)| last).max().unwrap_or(0);
    for a in (1..=most).step_by(32) {
        for &(m, last) in splits {
            if a > last {
                continue;
            }
            let end = last.min(a + 31);
            if !block(&g[a..=end], &g[m - end..=m - a]) {
                return;
            }
        }
    }
}

/// The values of `missing` (values below 128, as bits) that no split of
/// `splits` reaches (`(m, last)`: `a + (m - a)` for `1 <= a <= last`), where
/// every value of `g` is below 128: the scan where the values sought fit in
/// a register.
pub fn not_reached(g: &[u8], splits: &[(usize, usize)], missing: u128) -> u128 {
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
            // SAFETY: g[a..a + 16] and g[m - a - 15..=m - a] are within `g`,
            // checked just above; unaligned loads allow any address.
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

    /// The vector filter, the word filter and the split-by-split one find
    /// the same splits, for every block length and every marked byte.
    #[test]
    fn the_filters_agree() {
        let small: Vec<u8> = (0..100u32).map(|i| (i * 37 % 251) as u8).collect();
        let large: Vec<u8> = (0..100u32).map(|i| (i * 91 % 241) as u8).collect();
        let found = |filter: fn(&[u8], &[u8], &Marks, &mut Vec<usize>), s, l, marks: &Marks| {
            let mut hits = Vec::new();
            filter(s, l, marks, &mut hits);
            hits
        };
        for marked in 0..256u32 {
            let mut marks = Marks::new();
            marks.mark(marked);
            for len in [1, 7, 8, 15, 16, 17, 33, 64, 100] {
                let (s, l) = (&small[..len], &large[100 - len..]);
                let mut expected = Vec::new();
                one_by_one(s, l, &marks, 0, &mut expected);
                let direct: Vec<usize> = (0..len)
                    .filter(|&i| (s[i] ^ l[len - 1 - i]) as u32 == marked)
                    .collect();
                assert_eq!(expected, direct);
                assert_eq!(
                    found(eight_at_once, s, l, &marks),
                    expected,
                    "{marked} {len}"
                );
                assert_eq!(
                    found(u8::marked_splits, s, l, &marks),
                    expected,
                    "{marked} {len}"
                );
            }
            marks.unmark(marked);
            assert!(found(u8::marked_splits, &small, &large, &marks).is_empty());
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

    /// The same for two-byte values: the vector filter looks at the low
    /// bytes of the splits only.
    #[test]
    fn the_two_byte_filters_agree() {
        let small: Vec<u16> = (0..100u32).map(|i| (i * 3701 % 65521) as u16).collect();
        let large: Vec<u16> = (0..100u32).map(|i| (i * 9109 % 65519) as u16).collect();
        for marked in (0..256u32).chain([256, 511, 4095, 65535]) {
            let mut marks = Marks::new();
            marks.mark(marked);
            for len in [1, 7, 8, 15, 16, 17, 33, 64, 100] {
                let (s, l) = (&small[..len], &large[100 - len..]);
                let mut expected = Vec::new();
                one_by_one(s, l, &marks, 0, &mut expected);
                let direct: Vec<usize> = (0..len)
                    .filter(|&i| (s[i] ^ l[len - 1 - i]) as u32 & 0xFF == marked & 0xFF)
                    .collect();
                assert_eq!(expected, direct);
                let mut hits = Vec::new();
                u16::marked_splits(s, l, &marks, &mut hits);
                assert_eq!(hits, expected, "{marked} {len}");
            }
        }
    }
}
