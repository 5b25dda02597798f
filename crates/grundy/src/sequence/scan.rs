//! The innermost loop of the sparse-space method: does some split of a block
//! reach a value the scan is looking for? Most blocks reach none, so the test
//! is a filter on the low byte of the values, without a branch per split; a
//! block that passes it is then checked split by split.

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
