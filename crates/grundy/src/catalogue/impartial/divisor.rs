//! Divisor Nim: from a heap of n, take d tokens where d is a divisor of n
//! with d < n. Heaps 0 and 1 have no move (1 has no divisor below itself,
//! and 0 has no d with 0 < d < 0).
//!
//! Closed form: G(0) = 0 and G(n) = v(n) for n >= 1, where v(n) is the
//! 2-adic valuation (the number of trailing zero bits). So the player to
//! move wins exactly on even heaps, as the notes say. Why, by induction:
//! write n = 2^a m with m odd. Taking d = 2^b (b < a) leaves
//! 2^b (2^(a-b) m - 1), of valuation b, so every value below a is reached.
//! A divisor d = 2^b m' (m' an odd divisor of m, b <= a) leaves valuation b
//! when b < a, and when b = a it leaves 2^a (m - m') with m - m' even and
//! positive, of valuation above a. So no option is worth a: G(n) = a.
//!
//! The same argument lists the options of a value t directly: for t < a,
//! n - 2^t m' for every odd divisor m' of m; for t > a, n - 2^a m' for the
//! odd divisors m' < m with v(m - m') = t - a. Only the odd part m is
//! factored, so huge heaps whose odd part is at most `MAX_ODD_PART`
//! (2^500 * 3, say) list their moves too.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::{heap, no_parameters, Family, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::game::{Game, HeapGame, Ruleset};
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "divisor",
    usage: "divisor HEAP...",
    summary: "take d tokens from a heap of n, d a divisor of n below n",
    example: "divisor 12 7",
    build,
};

/// The largest odd part of a heap whose divisors are listed (by trial
/// division up to its square root, 2^20).
pub const MAX_ODD_PART: u64 = 1 << 40;

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(ruleset_ref(Divisor))
}

/// Divisor Nim (`divisor`): take a proper divisor of the heap's size.
pub struct Divisor;

/// The valuation a and the odd part m of n = 2^a m, n >= 1.
fn split_power_of_two(n: &BigUint) -> (u64, BigUint) {
    let a = n.trailing_zeros().expect("n >= 1");
    (a, n >> a)
}

/// The divisors of the odd part m, in increasing order.
fn odd_divisors(n: &BigUint, m: &BigUint) -> Result<Vec<u64>> {
    let m = m.to_u64().filter(|&m| m <= MAX_ODD_PART).ok_or_else(|| {
        Error::TooLarge(format!(
            "divisor heap {n}: its moves need the divisors of its odd part {m}, \
             which is above {MAX_ODD_PART}"
        ))
    })?;
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut d = 1;
    while d * d <= m {
        if m % d == 0 {
            small.push(d);
            if d * d != m {
                large.push(m / d);
            }
        }
        d += 2;
    }
    small.extend(large.into_iter().rev());
    Ok(small)
}

impl Game for Divisor {
    type Position = BigUint;

    fn options(&self, heap: &BigUint) -> Result<Vec<Vec<BigUint>>> {
        if heap.is_zero() {
            return Ok(vec![]);
        }
        let (a, m) = split_power_of_two(heap);
        let mut options = Vec::new();
        for odd in odd_divisors(heap, &m)? {
            for b in 0..=a {
                let d = BigUint::from(odd) << b;
                if &d < heap {
                    options.push(vec![heap - d]);
                }
            }
        }
        Ok(options)
    }

    fn format_position(&self, heap: &BigUint) -> String {
        heap::format(heap)
    }
}

impl Ruleset for Divisor {
    fn name(&self) -> String {
        "divisor".into()
    }

    fn parse_position(&self, words: &[Word]) -> Result<BigUint> {
        heap::parse(words)
    }

    fn formula_nimber(&self, heap: &BigUint) -> Result<Option<BigUint>> {
        Ok(Some(heap.trailing_zeros().unwrap_or(0).into()))
    }

    fn formula_options_with_nimber(
        &self,
        heap: &BigUint,
        target: &BigUint,
    ) -> Result<Option<Vec<Vec<BigUint>>>> {
        if heap.is_zero() {
            return Ok(Some(vec![]));
        }
        let (a, m) = split_power_of_two(heap);
        let t = match target.to_u64() {
            Some(t) if t != a => t,
            // No option is worth a, and none is worth more than the bits of n.
            _ => return Ok(Some(vec![])),
        };
        let mut options = Vec::new();
        for odd in odd_divisors(heap, &m)? {
            let odd = BigUint::from(odd);
            let d = if t < a {
                odd << t
            } else if odd < m && (&m - &odd).trailing_zeros() == Some(t - a) {
                odd << a
            } else {
                continue;
            };
            options.push(vec![heap - d]);
        }
        Ok(Some(options))
    }

    fn heap_game(&self) -> Option<&dyn HeapGame> {
        Some(self)
    }
}

impl HeapGame for Divisor {
    fn visit_options(&self, n: usize, visit: &mut dyn FnMut(&[usize])) {
        // Divisors in pairs d and n / d up to the square root.
        let mut d = 1;
        while d * d <= n {
            if n % d == 0 {
                // A square's root pairs with itself: visit it once.
                let pair = if d * d == n { 1 } else { 2 };
                for divisor in [d, n / d].into_iter().take(pair) {
                    if divisor < n {
                        visit(&[n - divisor]);
                    }
                }
            }
            d += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::assert_closed_form_matches_search;

    /// Bound of the check: every heap up to 600.
    #[test]
    fn closed_form_matches_search() {
        assert_closed_form_matches_search(Divisor, (0..=600u32).map(BigUint::from));
    }

    #[test]
    fn huge_heaps_with_a_small_odd_part_list_their_moves() {
        let n = BigUint::from(3u32) << 500u32;
        assert_eq!(Divisor.formula_nimber(&n).unwrap(), Some(500u32.into()));
        // Worth 7: take 2^7 or 3 * 2^7.
        let options = Divisor
            .formula_options_with_nimber(&n, &7u32.into())
            .unwrap()
            .unwrap();
        let expected = [1u32, 3].map(|m| vec![&n - (BigUint::from(m) << 7u32)]);
        assert_eq!(options, expected);
        // Worth 501: take 2^500, leaving 2^501.
        let options = Divisor
            .formula_options_with_nimber(&n, &501u32.into())
            .unwrap()
            .unwrap();
        assert_eq!(options, [vec![BigUint::from(1u32) << 501u32]]);
    }

    #[test]
    fn a_huge_odd_part_is_too_large_to_factor() {
        let n = (BigUint::from(1u32) << 100u32) + 1u32;
        let error = Divisor.options(&n).unwrap_err();
        assert!(matches!(error, Error::TooLarge(_)), "{error}");
    }
}
