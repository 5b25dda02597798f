//! Periods of nim-sequences.
//!
//! A nim-sequence `G(0), G(1), ...` is eventually periodic with preperiod `q`
//! and period `p` when `G(n + p) = G(n)` for every `n >= q`; DESIGN.md takes
//! the smallest `p`, then the smallest `q`.
//!
//! ```
//! use grundy::period::{smallest_period, Period};
//!
//! // Subtraction(1,2): G(n) = n mod 3, periodic from the start.
//! let values: Vec<u32> = (0..12).map(|n| n % 3).collect();
//! // 6 is a period of the tail from 0; the smallest one is 3.
//! let period = smallest_period(&values, 0, 6);
//! assert_eq!(period, Period { preperiod: 0, period: 3 });
//! // G(1000) is G(1000 mod 3) = G(1).
//! assert_eq!(period.reduce(1000), 1);
//! ```

/// The period of an eventually periodic nim-sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// `q`: the first index from which the values repeat (0 for a purely
    /// periodic sequence).
    pub preperiod: usize,
    /// `p >= 1`: the length of the repeating block.
    pub period: usize,
}

impl Period {
    /// The index in one preperiod plus one period whose value `G(n)` equals.
    pub fn reduce(&self, n: usize) -> usize {
        if n < self.preperiod {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        }
    }
}

/// The smallest period and preperiod of a sequence known (by the caller's
/// proof) to satisfy `values[n + p] == values[n]` for every `n >= start`.
///
/// `values` must hold at least `start + 2p` terms. The smallest period divides
/// every period of the tail (two periods of an infinite sequence give their
/// gcd as a period), so only divisors of `p` are tried.
pub fn smallest_period<T: PartialEq>(values: &[T], start: usize, p: usize) -> Period {
    assert!(p > 0 && values.len() >= start + 2 * p, "not enough terms");
    let period = (1..=p)
        .filter(|d| p % d == 0)
        .find(|&d| (start..start + p).all(|n| values[n + d] == values[n]))
        .expect("p itself is a period");
    let mut preperiod = start;
    while preperiod > 0 && values[preperiod - 1 + period] == values[preperiod - 1] {
        preperiod -= 1;
    }
    Period { preperiod, period }
}

/// A nim-sequence value as the periodicity checks read it.
pub trait Nimber: Copy + Into<u32> {}
impl<T: Copy + Into<u32>> Nimber for T {}

fn value<T: Nimber>(values: &[T], n: usize) -> i64 {
    values[n].into() as i64
}

/// A tail of a sequence that is arithmetically periodic:
/// `G(n + period) = G(n) + saltus` for every `n >= preperiod` seen so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Regularity {
    /// The preperiod and period of the differences.
    pub period: Period,
    /// `s`: how much the values grow each period (0: plain periodicity).
    pub saltus: i64,
}

impl Regularity {
    /// How many of the first `len` terms repeat the term a period earlier:
    /// the evidence for the period.
    pub fn confirmed(&self, len: usize) -> usize {
        len - self.period.preperiod - self.period.period
    }
}

/// The longest tail of `values` with `G(n + p) - G(n) = s`, for the `s` the
/// last terms show. `known` is a regularity already found: where `p` is a
/// multiple of its period, its tail is regular for `p` too and is skipped.
fn tail_for<T: Nimber>(values: &[T], p: usize, known: Option<Regularity>) -> Regularity {
    let len = values.len();
    let saltus = value(values, len - 1) - value(values, len - 1 - p);
    let mut n = len - 1 - p;
    if let Some(k) = known {
        let (q, kp) = (k.period.preperiod, k.period.period);
        if p % kp == 0 && n >= q && saltus == k.saltus * (p / kp) as i64 {
            n = q;
        }
    }
    while n > 0 && value(values, n - 1 + p) - value(values, n - 1) == saltus {
        n -= 1;
    }
    Regularity {
        period: Period {
            preperiod: n,
            period: p,
        },
        saltus,
    }
}

/// The period with the most confirmed terms (see [`Regularity::confirmed`])
/// among the terms computed so far: the one the sequence looks like it
/// settles into. Ties go to the smaller period.
///
/// Every `p <= len / 2` is tried (a period seen less than twice is no
/// evidence). Most fail within a few terms; a multiple of the best period so
/// far skips the tail that period already covers, so one call costs about
/// `len / 2` comparisons rather than `len` per multiple.
pub fn longest_regular_tail<T: Nimber>(values: &[T]) -> Option<Regularity> {
    let len = values.len();
    let mut best: Option<Regularity> = None;
    for p in 1..=len / 2 {
        let found = tail_for(values, p, best);
        if best.is_none_or(|b| found.confirmed(len) > b.confirmed(len)) {
            best = Some(found);
        }
    }
    best
}

/// The smallest period, then the smallest preperiod, of a tail known to be
/// regular from `start` with period `p` and saltus `s`; the same argument as
/// [`smallest_period`], where a divisor `d` of `p` must carry saltus
/// `s * d / p`.
pub fn smallest_regularity<T: Nimber>(values: &[T], start: usize, p: usize, s: i64) -> Regularity {
    let len = values.len();
    assert!(p > 0 && len >= start + p, "not enough terms");
    let (period, saltus) = (1..=p)
        .filter(|d| p % d == 0 && (s * *d as i64) % p as i64 == 0)
        .map(|d| (d, s * d as i64 / p as i64))
        .find(|&(d, sd)| (start..len - d).all(|n| value(values, n + d) - value(values, n) == sd))
        .expect("p itself is a period");
    let mut preperiod = start;
    while preperiod > 0
        && value(values, preperiod - 1 + period) - value(values, preperiod - 1) == saltus
    {
        preperiod -= 1;
    }
    Regularity {
        period: Period { preperiod, period },
        saltus,
    }
}

/// The number of terms `G(0..needed)` on which the periodicity theorem for
/// take-and-break games proves a period: with `t` the most tokens a move
/// removes, `G(n + p) = G(n)` for `q <= n < 2q + p + t` implies it for every
/// `n >= q`. (An option of a larger heap removes at most `t` tokens and
/// splits the rest so that one part is at least `q + p` long, a part whose
/// value is already known to repeat.) The last term compared is
/// `G(2q + 2p + t - 1)`.
pub fn octal_theorem_needs(period: Period, largest_removal: usize) -> usize {
    2 * period.preperiod + 2 * period.period + largest_removal
}

/// Generic, so that one body serves every width of the table.
pub fn wide<T: Nimber>(x: T) -> u32 {
    x.into()
}

/// A regularity that holds for the whole infinite sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The regularity proven.
    pub regularity: Regularity,
    /// What proves it: "octal periodicity theorem", a closed form...
    pub theorem: String,
    /// How many terms `G(0..needs)` the proof rests on.
    pub needs: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_smallest_period_and_preperiod() {
        // 5 7 then (0 1 2) repeated: told period 6 from index 4.
        let v: Vec<u32> = [5, 7]
            .into_iter()
            .chain([0, 1, 2].into_iter().cycle().take(30))
            .collect();
        assert_eq!(
            smallest_period(&v, 4, 6),
            Period {
                preperiod: 2,
                period: 3
            }
        );
        let p = smallest_period(&v, 4, 6);
        assert_eq!(v[p.reduce(20)], v[20]);
    }

    #[test]
    fn the_longest_tail_finds_periods_and_saltus() {
        // 9 9 then (1 2 3) repeated.
        let v: Vec<u8> = [9, 9]
            .into_iter()
            .chain([1, 2, 3].into_iter().cycle().take(40))
            .collect();
        let r = longest_regular_tail(&v).unwrap();
        assert_eq!((r.period.period, r.period.preperiod, r.saltus), (3, 2, 0));
        // Lasker's Nim: period 4, saltus 4.
        let lasker: Vec<u32> = (0..40u32)
            .map(|n| match n % 4 {
                0 if n > 0 => n - 1,
                3 => n + 1,
                _ => n,
            })
            .collect();
        let r = longest_regular_tail(&lasker).unwrap();
        assert_eq!((r.period.period, r.saltus), (4, 4));
        let r = smallest_regularity(&lasker, 8, 8, 8);
        assert_eq!((r.period.period, r.period.preperiod, r.saltus), (4, 1, 4));
    }

    #[test]
    fn a_constant_tail_has_period_one() {
        let v = [3u8, 0, 0, 0, 0, 0, 0];
        assert_eq!(
            smallest_period(&v, 2, 2),
            Period {
                preperiod: 1,
                period: 1
            }
        );
    }
}
