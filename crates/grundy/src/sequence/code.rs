//! Take-and-break games given by their code (octal and hexadecimal games),
//! and the two ways of computing their nim-sequences: naive and sparse space.
//!
//! Digit `d_k` of a code says what may remain of a heap after a move removes
//! `k` tokens from it: bit 1 nothing (the move takes the whole heap), bit 2
//! one heap, bit 4 two heaps, bit 8 (hexadecimal codes only) three heaps; the
//! heaps left are never empty. `d_0`, before the point, is for moves that
//! remove nothing and only split. Kayles is `0.77`, Dawson's Kayles `0.07`.

use std::fmt;

use super::scan::{Marks, Stored};
use super::{Nimber, ValueSet};

/// A take-and-break ruleset: its code, and whether split heaps must differ
/// (Grundy's game: split a heap into two unequal heaps).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeAndBreak {
    /// `digits[k]` is `d_k`; the last digit is not zero (or there is only `d_0`).
    digits: Vec<u8>,
    /// The parts of a split must have different sizes.
    unequal: bool,
    /// Hexadecimal notation: digits up to 15, bit 8 allowed.
    hexadecimal: bool,
}

const WHOLE: u8 = 1;
const ONE: u8 = 2;
const TWO: u8 = 4;
const THREE: u8 = 8;

impl TakeAndBreak {
    /// Reads a code such as `0.07`, `.77`, `4.7`, `4` or, in hexadecimal,
    /// `0.F`. On failure, returns the 0-based character index of the problem
    /// in `text` and what is wrong.
    pub fn parse(text: &str, hexadecimal: bool) -> Result<TakeAndBreak, (usize, String)> {
        let radix = if hexadecimal { 16 } else { 8 };
        let kind = if hexadecimal { "hexadecimal" } else { "octal" };
        if text.is_empty() || text == "." {
            return Err((0, format!("expected an {kind} code such as 0.07")));
        }
        let (before, after) = text.split_once('.').unwrap_or((text, ""));
        let mut digits = vec![match before {
            "" => 0,
            _ if before.len() == 1 => before
                .chars()
                .next()
                .and_then(|c| c.to_digit(radix))
                .ok_or((0, format!("'{before}' is not an {kind} digit")))?
                as u8,
            _ => return Err((0, "the code has one digit before the point".into())),
        }];
        if digits[0] & (WHOLE | ONE) != 0 {
            return Err((
                0,
                "the digit before the point is for splitting without removing: \
                 it may only have bits 4 and 8"
                    .into(),
            ));
        }
        let offset = before.chars().count() + 1;
        for (i, c) in after.chars().enumerate() {
            let d = c
                .to_digit(radix)
                .ok_or((offset + i, format!("'{c}' is not an {kind} digit")))?;
            digits.push(d as u8);
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(TakeAndBreak {
            digits,
            unequal: false,
            hexadecimal,
        })
    }

    /// Grundy's game: split a heap into two heaps of different sizes.
    pub fn grundys_game() -> TakeAndBreak {
        TakeAndBreak {
            digits: vec![TWO],
            unequal: true,
            hexadecimal: false,
        }
    }

    /// `t`, the most tokens a move removes.
    pub fn largest_removal(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether some move splits a heap: the sparse-space method only helps
    /// such games.
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|d| d & (TWO | THREE) != 0)
    }

    /// Whether the periodicity theorem for octal games applies: moves leave
    /// at most two heaps, of any sizes (Grundy's game forbids equal ones,
    /// which breaks the theorem's correspondence between options).
    pub fn has_periodicity_theorem(&self) -> bool {
        !self.unequal && self.digits.iter().all(|d| d & THREE == 0)
    }

    /// The largest smaller part `a` of a split of `m >= 1` tokens into two
    /// heaps `a + (m - a)`, both at least 1.
    fn largest_smaller_part(&self, m: usize) -> usize {
        if self.unequal {
            (m - 1) / 2
        } else {
            m / 2
        }
    }

    /// Every option of heap `n`, each as the heaps it leaves, in the order
    /// of the digits. A move that takes the whole heap leaves heap 0.
    pub fn for_each_option(&self, n: usize, mut visit: impl FnMut(&[usize])) {
        for (k, &d) in self.digits.iter().enumerate().take(n + 1) {
            let m = n - k;
            if d & WHOLE != 0 && m == 0 {
                visit(&[0]);
            }
            if d & ONE != 0 && m >= 1 {
                visit(&[m]);
            }
            if d & TWO != 0 && m >= 2 {
                for a in 1..=self.largest_smaller_part(m) {
                    visit(&[a, m - a]);
                }
            }
            if d & THREE != 0 {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        visit(&[a, b, m - a - b]);
                    }
                }
            }
        }
    }
}

/// The code as written after `octal(` or `hex(`: `0.07`, `4.0`.
impl fmt::Display for TakeAndBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digit = |d: &u8| {
            char::from_digit(*d as u32, 16)
                .expect("a digit")
                .to_ascii_uppercase()
        };
        let after: String = self.digits[1..].iter().map(digit).collect();
        let after = if after.is_empty() { "0".into() } else { after };
        write!(f, "{}.{after}", digit(&self.digits[0]))
    }
}

/// How a take-and-break nim-sequence is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Every option of every heap: `O(n)` per heap for games that split.
    Naive,
    /// The sparse-space method (below): about constant time per heap for
    /// games whose values have a sparse space.
    Sparse,
}

/// The state of a take-and-break computation between heaps.
pub struct CodeEngine {
    code: TakeAndBreak,
    method: Method,
    /// `(k, d_k)` for the digits that allow some move.
    moves: Vec<(usize, u8)>,
    /// Bits of the largest value so far: option values stay below `2^bits`.
    bits: u32,
    set: ValueSet,
    /// `wanted[v]` is 1 while a sparse-space scan looks for `v`.
    wanted: Vec<u8>,
    /// The wanted values by their low byte: the filter of the scan.
    marks: Box<Marks>,
    /// The splits of a block that pass the filter.
    hits: Vec<usize>,
    /// `(m, last)` for each move that splits heap `n` into `a + (m - a)`,
    /// `1 <= a <= last`: kept to spare an allocation per heap.
    splits: Vec<(usize, usize)>,
    sparse: SparseSpace,
}

/// The sparse-space method (Berlekamp, Conway and Guy, "Sparse space spells
/// speed"; Flammenkamp's computations of octal games).
///
/// For a mask `m`, call a value rare when `popcount(v & m)` is even and
/// common when it is odd, and call a heap rare when its value is. The parity
/// is linear, so the XOR of two common values is rare: a split reaches a
/// common value only if one of its parts is a rare heap. For many games few
/// heaps are rare. To compute `G(n)`:
/// 1. collect the values of the moves that do not split, and of the splits
///    with a rare part (few);
/// 2. the least common value not collected is reached by no other split,
///    so `G(n)` is at most that value `c`; scan the splits until each rare
///    value below `c` is found reached (then `G(n) = c`; for Grundy's game
///    after about 3000 of the millions of splits), or the scan ends and
///    `G(n)` is the least one missing (then heap `n` is rare: seldom).
///
/// Only the speed depends on the mask, never the values: the mask is the one
/// that makes fewest heaps rare so far, chosen again as the sequence doubles.
/// Moves to three heaps (hexadecimal codes) are collected in full.
struct SparseSpace {
    mask: u32,
    /// The rare heaps (sizes at least 1) in increasing order, with their
    /// values.
    rare: Vec<(usize, u32)>,
    /// When to choose the mask again: at each doubling of the sequence.
    next_choice: usize,
}

/// Heaps computed naively before the first choice of mask.
const FIRST_MASK_CHOICE: usize = 256;

fn rare(v: u32, mask: u32) -> bool {
    (v & mask).count_ones() % 2 == 0
}

impl CodeEngine {
    pub fn new(code: TakeAndBreak, method: Method) -> CodeEngine {
        let moves = (code.digits.iter().copied().enumerate())
            .filter(|&(_, d)| d != 0)
            .collect();
        CodeEngine {
            code,
            method,
            moves,
            bits: 0,
            set: ValueSet::new(),
            wanted: Vec::new(),
            marks: Box::new(Marks::new()),
            hits: Vec::new(),
            splits: Vec::new(),
            sparse: SparseSpace {
                mask: 0,
                rare: Vec::new(),
                next_choice: FIRST_MASK_CHOICE,
            },
        }
    }

    /// Continues after values computed elsewhere, the largest of `bits`
    /// bits: the mask is chosen again from them at the next heap.
    pub fn resume(&mut self, bits: u32) {
        self.bits = bits;
        self.sparse.rare.clear();
        self.sparse.next_choice = FIRST_MASK_CHOICE;
    }

    /// How many heaps are rare for the sparse-space method (0 when naive).
    pub fn rare_heaps(&self) -> usize {
        self.sparse.rare.len()
    }

    /// Computes `G(values.len())` and records what the method keeps of it.
    pub fn next<T: Stored>(&mut self, values: &[T]) -> u32 {
        let n = values.len();
        let sparse = self.method == Method::Sparse && n >= FIRST_MASK_CHOICE;
        if sparse && n >= self.sparse.next_choice {
            self.choose_mask(values);
        }
        self.set.reset(self.bits + 1);
        let g = if sparse {
            self.sparse_value(values)
        } else {
            self.collect_options(values, false);
            self.set.mex()
        };
        self.bits = self.bits.max(32 - g.leading_zeros());
        if sparse && n > 0 && rare(g, self.sparse.mask) {
            self.sparse.rare.push((n, g));
        }
        g
    }

    /// Collects into the set the values of the options of heap `n =
    /// values.len()`: all of them, or with `rare_splits_only` the two-heap
    /// splits with a rare part only.
    fn collect_options<T: Nimber>(&mut self, g: &[T], rare_splits_only: bool) {
        let n = g.len();
        let value = |i: usize| -> u32 { g[i].into() };
        for &(k, d) in &self.moves {
            if k > n {
                break;
            }
            let m = n - k;
            if d & WHOLE != 0 && m == 0 {
                self.set.insert(0);
            }
            if d & ONE != 0 && m >= 1 {
                self.set.insert(value(m));
            }
            if d & TWO != 0 && m >= 2 {
                if rare_splits_only {
                    let equal = if self.code.unequal && m % 2 == 0 {
                        m / 2
                    } else {
                        0
                    };
                    for &(r, v) in self.sparse.rare.iter().take_while(|&&(r, _)| r < m) {
                        if r != equal {
                            self.set.insert(v ^ value(m - r));
                        }
                    }
                } else {
                    let last = self.code.largest_smaller_part(m);
                    for (a, b) in (1..=last).zip((m - last..m).rev()) {
                        self.set.insert(g[a].into() ^ g[b].into());
                    }
                }
            }
            if d & THREE != 0 {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        self.set.insert(value(a) ^ value(b) ^ value(m - a - b));
                    }
                }
            }
        }
    }

    fn sparse_value<T: Stored>(&mut self, g: &[T]) -> u32 {
        self.collect_options(g, true);
        let mask = self.sparse.mask;
        // No split can reach the least common value not collected, so
        // `G(n)` is at most that; below it, the rare values not collected
        // are `G(n)` unless some split of two common heaps reaches them.
        let common = (0..)
            .find(|&v| !rare(v, mask) && !self.set.contains(v))
            .expect("some value is not reached");
        if self.wanted.len() < 1 << (self.bits + 1) {
            self.wanted.resize(1 << (self.bits + 1), 0);
        }
        let mut missing = 0;
        for v in (0..common).filter(|&v| !self.set.contains(v)) {
            self.wanted[v as usize] = 1;
            self.marks.mark(v);
            missing += 1;
        }
        // Splits `a + (m - a)` for every move that splits, in blocks of `a`
        // taken in step for all of them (the witness of a missing value may
        // be a split after any of the moves). The filter of scan.rs picks out
        // of each block the few splits that may reach a missing value.
        let n = g.len();
        let (code, splits) = (&self.code, &mut self.splits);
        splits.clear();
        splits.extend(
            (self.moves.iter())
                .filter(|&&(k, d)| d & TWO != 0 && k + 2 <= n)
                .map(|&(k, _)| (n - k, code.largest_smaller_part(n - k))),
        );
        let most = splits.iter().map(|&(_, last)| last).max().unwrap_or(0);
        let mut a = 1;
        while a <= most && missing > 0 {
            for &(m, last) in splits.iter() {
                if a > last {
                    continue;
                }
                let end = last.min(a + 31);
                let (small, large) = (&g[a..=end], &g[m - end..=m - a]);
                let (wanted, marks, hits) = (&mut self.wanted, &mut self.marks, &mut self.hits);
                hits.clear();
                T::marked_splits(small, large, marks, hits);
                for &i in hits.iter() {
                    let v = small[i].into() ^ large[large.len() - 1 - i].into();
                    if wanted[v as usize] != 0 {
                        wanted[v as usize] = 0;
                        marks.unmark(v);
                        self.set.insert(v);
                        missing -= 1;
                    }
                }
            }
            a += 32;
        }
        // What was not found is `G(n)` or above it: stop wanting it.
        for v in 0..common {
            if self.wanted[v as usize] != 0 {
                self.wanted[v as usize] = 0;
                self.marks.unmark(v);
            }
        }
        self.set.mex()
    }

    /// Chooses the mask that makes fewest heaps rare, and lists those heaps.
    fn choose_mask<T: Nimber>(&mut self, g: &[T]) {
        // Masks beyond the low bits are not worth trying: the values of games
        // with a sparse space are small.
        let bits = self.bits.min(10);
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
        let sparse = &mut self.sparse;
        if mask != sparse.mask || sparse.rare.is_empty() {
            sparse.mask = mask;
            sparse.rare = (1..g.len())
                .map(|i| (i, g[i].into()))
                .filter(|&(_, v)| rare(v, mask))
                .collect();
        }
        sparse.next_choice = 2 * g.len();
    }
}
