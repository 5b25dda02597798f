//! The values x + n·↑ + *m (a number, a multiple of up and a nimber), held
//! by their three parts, as CGSuite holds them: their sums, negatives and
//! comparisons are arithmetic on the parts, so `^100*64 + v99` or
//! `*1000000 + *3` is answered without building a canonical form, and a
//! form is written out only when an operation with another game asks for
//! it.
//!
//! Their canonical forms (Siegel, *Combinatorial Game Theory*, II.2 and
//! II.4; Winning Ways, chapter 3), each option again of this kind:
//! - x + *m = {x, x*, .., x*(m-1) | the same};
//! - x + ↑* = {x, x* | x}, and x + ↓* = {x | x, x*};
//! - otherwise, for n ≥ 1, x + n·↑ + *m = {x | x + (n-1)·↑ + *(m ⊕ 1)},
//!   and for n ≤ -1 the negative of that, {x + (n+1)·↑ + *(m ⊕ 1) | x}
//!   (⊕ is XOR).
//!
//! Who wins x + n·↑ + *m: the sign of x where x ≠ 0; else it is positive
//! exactly when n ≥ 2, or n = 1 and m ≠ 1 (↑* is fuzzy, ↑*2 = {0|*3} > 0),
//! zero when n = m = 0, and fuzzy otherwise (Siegel II.2).
//!
//! This file knows the parts only: nothing of the table of games.

use super::Dyadic;

/// x + n·↑ + *m.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nus {
    /// The number x.
    pub x: Dyadic,
    /// The multiple n of ↑ (negative for downs).
    pub ups: i64,
    /// The nimber m.
    pub nimber: u64,
}

impl Nus {
    /// The number x.
    pub fn number(x: Dyadic) -> Nus {
        Nus {
            x,
            ups: 0,
            nimber: 0,
        }
    }

    /// Whether it is a number (no ups, no nimber).
    pub fn is_number(self) -> bool {
        self.ups == 0 && self.nimber == 0
    }

    /// self + other; `None` where the ups pass what an i64 holds.
    pub fn checked_add(self, other: Nus) -> Option<Nus> {
        Some(Nus {
            x: self.x + other.x,
            ups: self.ups.checked_add(other.ups)?,
            nimber: self.nimber ^ other.nimber,
        })
    }

    /// Whether self ≥ 0: Left wins moving second.
    pub fn is_nonnegative(self) -> bool {
        if self.x != Dyadic::ZERO {
            return self.x > Dyadic::ZERO;
        }
        match self.ups {
            n if n >= 2 => true,
            1 => self.nimber != 1,
            0 => self.nimber == 0,
            _ => false,
        }
    }

    /// Whether self ≤ other; `None` where their difference passes the ups
    /// an i64 holds.
    pub fn le(self, other: Nus) -> Option<bool> {
        Some(other.checked_add(-self)?.is_nonnegative())
    }

    /// The canonical form's Left and Right options (module documentation).
    /// A number's form is the table's concern, not this one's.
    pub fn options(self) -> (Vec<Nus>, Vec<Nus>) {
        let at = |ups: i64, nimber: u64| Nus {
            x: self.x,
            ups,
            nimber,
        };
        let x = at(0, 0);
        match (self.ups, self.nimber) {
            (0, m) => {
                let below: Vec<Nus> = (0..m).map(|k| at(0, k)).collect();
                (below.clone(), below)
            }
            (1, 1) => (vec![x, at(0, 1)], vec![x]),
            (-1, 1) => (vec![x], vec![x, at(0, 1)]),
            (n, m) if n > 0 => (vec![x], vec![at(n - 1, m ^ 1)]),
            (n, m) => (vec![at(n + 1, m ^ 1)], vec![x]),
        }
    }

    /// How many options its canonical form has, both players' together.
    pub fn option_count(self) -> u64 {
        match (self.ups, self.nimber) {
            (0, m) => m.saturating_mul(2),
            (1 | -1, 1) => 3,
            _ => 2,
        }
    }

    /// The value whose canonical form is { `left` | `right` }, where each
    /// option is given by its parts (or `None`, a game of another kind)
    /// and the options are those of a canonical form: the forms above read
    /// back, or `None` where the form is none of them.
    pub fn of_options(left: &[Option<Nus>], right: &[Option<Nus>]) -> Option<Nus> {
        let left: Vec<Nus> = left.iter().copied().collect::<Option<_>>()?;
        let right: Vec<Nus> = right.iter().copied().collect::<Option<_>>()?;
        let x = left.first()?.x;
        if left.iter().chain(&right).any(|o| o.x != x) {
            return None;
        }
        let number = Nus::number(x);
        let star = Nus {
            x,
            ups: 0,
            nimber: 1,
        };
        let shifted = |o: Nus, by: i64| {
            Some(Nus {
                x,
                ups: o.ups.checked_add(by)?,
                nimber: o.nimber ^ 1,
            })
        };
        let found = match (&left[..], &right[..]) {
            ([l], [r]) if *l == number && !r.is_number() && r.ups >= 0 => shifted(*r, 1)?,
            ([l], [r]) if *r == number && !l.is_number() && l.ups <= 0 => shifted(*l, -1)?,
            ([a, b], [r]) if *r == number && same_set(&[*a, *b], &[number, star]) => Nus {
                x,
                ups: 1,
                nimber: 1,
            },
            ([l], [a, b]) if *l == number && same_set(&[*a, *b], &[number, star]) => Nus {
                x,
                ups: -1,
                nimber: 1,
            },
            _ if same_set(&left, &right) && left.iter().all(|o| o.ups == 0) => {
                let mut nimbers: Vec<u64> = left.iter().map(|o| o.nimber).collect();
                nimbers.sort_unstable();
                if !nimbers.iter().copied().eq(0..nimbers.len() as u64) {
                    return None;
                }
                Nus {
                    x,
                    ups: 0,
                    nimber: nimbers.len() as u64,
                }
            }
            _ => return None,
        };
        // Every form above was matched by its shape alone; its options
        // must also be exactly the canonical ones.
        let (l, r) = found.options();
        (same_set(&l, &left) && same_set(&r, &right)).then_some(found)
    }

    /// The levels of options above the numbers in its canonical form (0
    /// for a number), saturating at `u64::MAX`.
    pub fn height(self) -> u64 {
        let n = self.ups.unsigned_abs();
        if n == 0 {
            return self.nimber;
        }
        // Each level of ups above the first is one more level, with the
        // nimber flipped; the first is ↑* (2 levels) or ↑ + *m, one above
        // *(m ⊕ 1).
        let m = self.nimber ^ ((n - 1) & 1);
        let first = if m == 1 { 2 } else { 1 + (m ^ 1) };
        (n - 1).saturating_add(first)
    }

    /// The value that has the same thermograph (CGSuite's): x* for
    /// x + *m and x + ↑* or ↓*, x + ↑ or x + ↓ for the rest, both
    /// infinitesimally close to x.
    pub fn thermal(self) -> Nus {
        let (ups, nimber) = if self.ups == 0 || (self.nimber == 1 && self.ups.abs() == 1) {
            (0, u64::from(self.nimber != 0))
        } else {
            (self.ups.signum(), 0)
        };
        Nus {
            x: self.x,
            ups,
            nimber,
        }
    }
}

impl std::ops::Neg for Nus {
    type Output = Nus;

    /// -self (a nimber is its own negative).
    fn neg(self) -> Nus {
        Nus {
            x: -self.x,
            ups: -self.ups,
            nimber: self.nimber,
        }
    }
}

/// Whether a and b hold the same values (each option appears once).
fn same_set(a: &[Nus], b: &[Nus]) -> bool {
    a.len() == b.len() && a.iter().all(|o| b.contains(o))
}
