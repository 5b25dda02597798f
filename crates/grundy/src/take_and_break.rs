//! Take-and-break games given by their code (octal and hexadecimal games):
//! the rules alone. The nim-sequence engine computes their values fast
//! (`sequence::CodeEngine`); the catalogue offers them as families.
//!
//! Digit `d_k` of a code says what may remain of a heap after a move removes
//! `k` tokens from it: bit 1 nothing (the move takes the whole heap), bit 2
//! one heap, bit 4 two heaps, bit 8 (hexadecimal codes only) three heaps; the
//! heaps left are never empty. `d_0`, before the point, is for moves that
//! remove nothing and only split. Kayles is `0.77`, Dawson's Kayles `0.07`.
//!
//! ```
//! use grundy::sequence::{MethodChoice, Sequence};
//! use grundy::take_and_break::TakeAndBreak;
//!
//! // Dawson's Kayles, 0.07: remove two tokens, leaving zero, one or two heaps.
//! // Its first values, as Winning Ways tabulates them (OEIS A002187).
//! let code = TakeAndBreak::parse("0.07", false).unwrap();
//! assert_eq!(code.to_string(), "0.07");
//! assert_eq!(code.largest_removal(), 2);
//! let mut sequence = Sequence::of_code(code, MethodChoice::Auto);
//! sequence.compute(11, true, &mut |_| true);
//! assert_eq!(
//!     sequence.values().to_vec(),
//!     [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]
//! );
//! // A digit out of the radix is bad input, pointed at by its column.
//! let error = TakeAndBreak::parse("0.08", false).unwrap_err();
//! assert_eq!(error.column(), Some(4));
//! ```

use std::fmt;

use crate::error::Error;

/// A take-and-break ruleset: its code, and whether split heaps must differ
/// (Grundy's game: split a heap into two unequal heaps).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeAndBreak {
    /// `digits[k]` is `d_k`; the last digit is not zero (or there is only `d_0`).
    pub(crate) digits: Vec<u8>,
    /// The parts of a split must have different sizes.
    pub(crate) unequal: bool,
    /// Hexadecimal notation: digits up to 15, bit 8 allowed.
    pub(crate) hexadecimal: bool,
}

/// Bit 1 of a digit `d_k`: a move may remove `k` tokens that are the whole
/// heap.
pub const WHOLE: u8 = 1;
/// Bit 2 of a digit `d_k`: a move may remove `k` tokens and leave one
/// non-empty heap.
pub const ONE: u8 = 2;
/// Bit 4 of a digit `d_k`: a move may remove `k` tokens and split the rest
/// into two non-empty heaps.
pub const TWO: u8 = 4;
/// Bit 8 of a digit `d_k` (hexadecimal codes only): a move may remove `k`
/// tokens and split the rest into three non-empty heaps.
pub const THREE: u8 = 8;

impl TakeAndBreak {
    /// Reads a code such as `0.07`, `.77`, `4.7`, `4` or, in hexadecimal,
    /// `0.F`.
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] with the 1-based column in `text` of the character
    /// at fault: a digit out of the radix, two digits before the point, or
    /// bits 1 or 2 in the digit before the point.
    pub fn parse(text: &str, hexadecimal: bool) -> Result<TakeAndBreak, Error> {
        Self::read(text, hexadecimal).map_err(|(at, message)| Error::Parse {
            column: at + 1,
            message,
        })
    }

    /// [`TakeAndBreak::parse`], with the 0-based index of the problem.
    fn read(text: &str, hexadecimal: bool) -> Result<TakeAndBreak, (usize, String)> {
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

    /// The most heaps a move leaves: 3 where a digit has bit 8, 2 where one
    /// has bit 4, else 1 (or 0 when every move takes the whole heap).
    pub fn most_heaps_left(&self) -> usize {
        let any = |bit: u8| self.digits.iter().any(|d| d & bit != 0);
        [(THREE, 3), (TWO, 2), (ONE, 1)]
            .into_iter()
            .find_map(|(bit, parts)| any(bit).then_some(parts))
            .unwrap_or(0)
    }

    /// Whether the periodicity theorem for octal games applies: moves leave
    /// at most two heaps, of any sizes (Grundy's game forbids equal ones,
    /// which breaks the theorem's correspondence between options).
    pub fn has_periodicity_theorem(&self) -> bool {
        !self.unequal && self.digits.iter().all(|d| d & THREE == 0)
    }

    /// The moves as the nim-sequence engines walk them.
    pub(crate) fn moves(&self) -> Moves {
        Moves {
            list: (self.digits.iter().copied().enumerate())
                .filter(|&(_, d)| d != 0)
                .collect(),
            unequal: self.unequal,
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
                for a in 1..=largest_smaller_part(m, self.unequal) {
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

/// The largest smaller part `a` of a split of `m >= 1` tokens into two heaps
/// `a + (m - a)`, both at least 1 (and different when `unequal`).
pub(crate) fn largest_smaller_part(m: usize, unequal: bool) -> usize {
    if unequal {
        (m - 1) / 2
    } else {
        m / 2
    }
}

/// The moves of a code as the engines go through them, heap by heap.
#[derive(Clone)]
pub(crate) struct Moves {
    /// `(k, d_k)` for the digits that allow some move, by increasing `k`.
    pub list: Vec<(usize, u8)>,
    /// The parts of a split must have different sizes.
    pub unequal: bool,
}

impl Moves {
    /// `(m, last)` for each move that splits heap `n` into two heaps `a + (m
    /// - a)`, `1 <= a <= last`.
    pub(crate) fn splitting(&self, n: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        (self.list.iter())
            .filter(move |&&(k, d)| d & TWO != 0 && k + 2 <= n)
            .map(move |&(k, _)| (n - k, largest_smaller_part(n - k, self.unequal)))
    }

    /// The parity of the tokens that every move splitting a heap into two
    /// removes, when they all remove an even number or all an odd one.
    pub(crate) fn split_parity(&self) -> Option<usize> {
        let mut parities = (self.list.iter())
            .filter(|&&(_, d)| d & TWO != 0)
            .map(|&(k, _)| k % 2);
        let first = parities.next()?;
        parities.all(|p| p == first).then_some(first)
    }

    /// How many sizes the moves of a heap that split into two heaps leave to
    /// split: from the most tokens such a move removes to the fewest.
    pub(crate) fn split_span(&self) -> usize {
        let removed = || {
            (self.list.iter())
                .filter(|&&(_, d)| d & TWO != 0)
                .map(|&(k, _)| k)
        };
        match (removed().min(), removed().max()) {
            (Some(fewest), Some(most)) => most - fewest + 1,
            _ => 1,
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
