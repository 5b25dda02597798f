//! Dyadic rationals m/2^k: the numbers among short games, and every mean,
//! temperature and wall of their thermographs.
//!
//! The numerator is an `i128` and the exponent at most [`MAX_EXPONENT`],
//! so two numbers over a common denominator stay below 2^127. What can
//! make a number is bounded to keep them there: a literal (`text.rs`: integers
//! and denominators below 2^32, braces 32 deep) and a position of a family
//! (a number's exponent is at most its birthday, the longest play).

use std::cmp::Ordering;
use std::fmt;

/// The largest k of a denominator 2^k kept.
pub const MAX_EXPONENT: u32 = 64;

/// m / 2^k in lowest terms (m odd, or k = 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    numerator: i128,
    exponent: u32,
}

impl Dyadic {
    /// The number 0.
    pub const ZERO: Dyadic = Dyadic {
        numerator: 0,
        exponent: 0,
    };

    /// The integer `n`, as a dyadic with denominator 1.
    pub fn integer(n: i128) -> Dyadic {
        Dyadic {
            numerator: n,
            exponent: 0,
        }
    }

    /// m / 2^k, reduced.
    pub fn new(numerator: i128, exponent: u32) -> Dyadic {
        debug_assert!(
            exponent <= MAX_EXPONENT,
            "1/2^{exponent} is finer than kept"
        );
        let mut d = Dyadic {
            numerator,
            exponent,
        };
        while d.exponent > 0 && d.numerator % 2 == 0 {
            d.numerator /= 2;
            d.exponent -= 1;
        }
        d
    }

    /// m of m/2^k in lowest terms (odd unless k = 0).
    pub fn numerator(self) -> i128 {
        self.numerator
    }

    /// k of the denominator 2^k.
    pub fn exponent(self) -> u32 {
        self.exponent
    }

    /// The nearest f64: for pictures, and to compare numbers roughly first.
    /// Rounding keeps order, so a float below another is of a number below
    /// the other; equal floats are of equal numbers where both are exact.
    pub fn to_f64(self) -> f64 {
        // m as the nearest float (round to nearest keeps order), then
        // divided by 2^k, which is exact: k is at most 64, far from the
        // smallest floats.
        self.numerator as f64 / 2f64.powi(self.exponent as i32)
    }

    /// Whether the denominator is 1.
    pub fn is_integer(self) -> bool {
        self.exponent == 0
    }

    /// The largest integer ≤ self.
    pub fn floor(self) -> i128 {
        self.numerator >> self.exponent
    }

    /// Both numerators over the larger denominator.
    fn aligned(self, other: Dyadic) -> (i128, i128, u32) {
        let k = self.exponent.max(other.exponent);
        (
            self.numerator << (k - self.exponent),
            other.numerator << (k - other.exponent),
            k,
        )
    }

    /// self / 2, exact (the exponent grows by one where the numerator is odd).
    pub fn half(self) -> Dyadic {
        if self.numerator % 2 == 0 {
            Dyadic::new(self.numerator / 2, self.exponent)
        } else {
            Dyadic::new(self.numerator, self.exponent + 1)
        }
    }

    /// Whether [`Dyadic::to_f64`] is the number exactly.
    pub fn is_exact_f64(self) -> bool {
        self.numerator.unsigned_abs() <= 1 << f64::MANTISSA_DIGITS
    }

    /// The number a float holds, where it was made by [`Dyadic::to_f64`]
    /// from a number [`Dyadic::is_exact_f64`] says it holds exactly.
    pub fn from_exact_f64(x: f64) -> Dyadic {
        if x == 0.0 {
            return Dyadic::ZERO;
        }
        // x = ±mantissa · 2^power, the mantissa with its leading 1 (x is
        // at least 2^-64 in size, never subnormal), less its factors of 2.
        let bits = x.to_bits();
        let mantissa = (bits & ((1 << 52) - 1)) | (1 << 52);
        let zeros = mantissa.trailing_zeros();
        let power = ((bits >> 52) & 0x7ff) as i32 - 1075 + zeros as i32;
        let odd = i128::from(mantissa >> zeros);
        let numerator = if bits >> 63 == 1 { -odd } else { odd };
        if power >= 0 {
            Dyadic::integer(numerator << power)
        } else {
            Dyadic {
                numerator,
                exponent: power.unsigned_abs(),
            }
        }
    }

    /// 1 / 2^k, the distance from a number m/2^k (m odd) to its options.
    pub fn unit(exponent: u32) -> Dyadic {
        Dyadic::new(1, exponent)
    }

    /// The simplest number strictly between `low` and `high` (either may
    /// be missing: no bound on that side), for `low < high` (Siegel,
    /// *Combinatorial Game Theory*, I.3, the simplicity theorem): the
    /// integer nearest 0 if one fits, else the dyadic of least denominator.
    pub fn simplest_between(low: Option<Dyadic>, high: Option<Dyadic>) -> Dyadic {
        match (low, high) {
            (None, None) => Dyadic::ZERO,
            (Some(l), None) => Dyadic::integer((l.floor() + 1).max(0)),
            (None, Some(h)) => Dyadic::integer((-(-h).floor() - 1).min(0)),
            (Some(l), Some(h)) => {
                // An integer strictly between: the one nearest zero.
                let first = l.floor() + 1;
                let last = -(-h).floor() - 1;
                if first <= last {
                    return Dyadic::integer(0.clamp(first, last));
                }
                // Otherwise the fraction of least denominator in between:
                // the first multiple of 1/2^k above `l`, for k = 1, 2, ...
                let mut k = 1;
                loop {
                    let candidate = Dyadic::new(l.floor_scaled(k) + 1, k);
                    if candidate < h {
                        return candidate;
                    }
                    k += 1;
                }
            }
        }
    }

    /// floor(self * 2^k).
    fn floor_scaled(self, k: u32) -> i128 {
        if self.exponent <= k {
            self.numerator << (k - self.exponent)
        } else {
            self.numerator >> (self.exponent - k)
        }
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let (a, b, _) = self.aligned(*other);
        a.cmp(&b)
    }
}

impl std::ops::Add for Dyadic {
    type Output = Dyadic;
    fn add(self, other: Dyadic) -> Dyadic {
        let (a, b, k) = self.aligned(other);
        Dyadic::new(a + b, k)
    }
}

impl std::ops::Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, other: Dyadic) -> Dyadic {
        self + (-other)
    }
}

impl std::ops::Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            numerator: -self.numerator,
            exponent: self.exponent,
        }
    }
}

/// `3`, `-1/2`, `13/8`: how CGSuite writes numbers, and how grundy reads them.
impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exponent == 0 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, 1u128 << self.exponent)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i128, k: u32) -> Dyadic {
        Dyadic::new(n, k)
    }

    #[test]
    fn arithmetic_and_order() {
        assert_eq!(d(1, 1) + d(1, 1), Dyadic::integer(1));
        assert_eq!(d(3, 2) - d(1, 1), d(1, 2));
        assert_eq!(d(6, 3), d(3, 2));
        assert!(d(-1, 1) < Dyadic::ZERO && d(5, 3) < d(3, 1));
        assert_eq!(d(-3, 1).floor(), -2);
        assert_eq!(d(3, 1).half(), d(3, 2));
        assert_eq!(d(-13, 3).to_string(), "-13/8");
    }

    /// Floats keep the order of numbers, and say when they are exact: a
    /// numerator past 2^53 may round to the float of a neighbour.
    #[test]
    fn floats_keep_order_and_know_when_they_are_exact() {
        let numbers = [
            d(-(1 << 60) - 1, 0),
            d(-(1 << 60), 0),
            d(-3, 64),
            Dyadic::ZERO,
            d(1, 64),
            d(3, 2),
            d((1 << 53) + 1, 3),
            d((1 << 60) - 1, 1),
            d(1 << 59, 0),
            d((1 << 60) + 1, 0),
        ];
        for x in numbers {
            assert_eq!(
                x.is_exact_f64(),
                x.numerator().unsigned_abs() <= 1 << 53,
                "{x}"
            );
            for y in numbers {
                let (a, b) = (x.to_f64(), y.to_f64());
                if a < b {
                    assert!(x < y, "{x} {y}");
                }
                if a == b && x.is_exact_f64() && y.is_exact_f64() {
                    assert_eq!(x, y);
                }
                if x < y {
                    assert!(a <= b, "{x} {y}");
                }
            }
        }
        // Equal floats of different numbers, neither exact.
        assert_eq!(d((1 << 60) + 1, 0).to_f64(), d(1 << 60, 0).to_f64());
    }

    /// A number a float holds exactly is read back from it, whatever its
    /// sign, size and denominator.
    #[test]
    fn exact_floats_are_read_back() {
        let mut numbers = vec![Dyadic::ZERO, d(1, 64), d(-3, 64), d(3, 2), d(-13, 3)];
        for k in [0, 1, 7, 40, 63, 64] {
            for n in [1, -1, 5, (1 << 53) - 1, -(1 << 53), 1 << 53, 12345] {
                numbers.push(d(n, k));
            }
        }
        for x in numbers {
            assert!(x.is_exact_f64(), "{x}");
            assert_eq!(Dyadic::from_exact_f64(x.to_f64()), x, "{x}");
        }
    }

    /// Winning Ways, chapter 1: {0|1} = 1/2, {1/2|1} = 3/4, {|-3} = -4,
    /// {-1|2} = 0, {1|3} = 2, {5/4|3/2} = 11/8, {-2|-1} = -3/2.
    #[test]
    fn the_simplest_number_between() {
        let between = |l: Option<Dyadic>, h: Option<Dyadic>| Dyadic::simplest_between(l, h);
        let i = Dyadic::integer;
        assert_eq!(between(Some(i(0)), Some(i(1))), d(1, 1));
        assert_eq!(between(Some(d(1, 1)), Some(i(1))), d(3, 2));
        assert_eq!(between(None, Some(i(-3))), i(-4));
        assert_eq!(between(Some(i(2)), None), i(3));
        assert_eq!(between(Some(i(-5)), None), i(0));
        assert_eq!(between(Some(i(-1)), Some(i(2))), i(0));
        assert_eq!(between(Some(i(1)), Some(i(3))), i(2));
        assert_eq!(between(Some(d(5, 2)), Some(d(3, 1))), d(11, 3));
        assert_eq!(between(Some(i(-2)), Some(i(-1))), d(-3, 1));
    }
}
