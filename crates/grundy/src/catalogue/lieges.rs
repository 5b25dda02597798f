//! Lieges of Legendre (Codeforces 603C): take one token from a heap, or
//! replace a heap of even size 2x (x >= 1) by k heaps of x each.
//!
//! The split is worth the XOR of k copies of G(x): 0 for even k, G(x) for
//! odd k. Closed form, by induction on n:
//! - k even: G(0..=2) = 0, 1, 2; for n > 2, G(n) = 1 for even n and 0 for
//!   odd n. (An odd heap above 2 has the one option n - 1, worth 1 or 2, so
//!   it is worth 0; an even heap above 2 reaches n - 1, worth 0, and the
//!   split, worth 0, so it is worth 1.)
//! - k odd: G(0..=4) = 0, 1, 0, 1, 2; for n > 4, G(n) = 0 for odd n, and for
//!   even n it is mex{0, G(n/2)}: 2 when G(n/2) = 1, else 1. (An odd heap
//!   above 4 reaches only n - 1, worth 1 or 2.) So the value of an even heap
//!   follows the chain n, n/2, n/4, ... down to an odd heap or one of at
//!   most 4, flipping between 1 and 2 on each step: heaps of any size.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

use super::{heap, parameter_count, Family};
use crate::component::{components, ComponentRef};
use crate::expr::{ComponentText, Word};
use crate::game::{Game, Ruleset};
use crate::period::{Period, Regularity};
use crate::sequence::{HeapGame, Proof};
use crate::Result;

pub const FAMILY: Family = Family {
    name: "lieges",
    usage: "lieges(K) HEAP...",
    summary: "take one token, or replace a heap of 2x by K heaps of x (Codeforces 603C)",
    example: "lieges(1) 3 4",
    build,
};

/// The largest K: a split writes K heaps into the position after it.
pub const MAX_K: u64 = 10_000;

fn build(written: &ComponentText) -> Result<Vec<ComponentRef>> {
    parameter_count(written, 1, FAMILY.usage)?;
    let k: u64 = written.parameters[0].number("K, the number of heaps a split makes,")?;
    if !(1..=MAX_K).contains(&k) {
        return Err(written.parameters[0].error(format!(
            "K must be from 1 to {MAX_K} (a split writes K heaps)"
        )));
    }
    components(Lieges { k }, &written.family, &written.positions)
}

/// Take one, or split 2x into `k` heaps of x.
pub struct Lieges {
    pub k: u64,
}

impl Lieges {
    fn value(&self, n: &BigUint) -> u64 {
        let small = |n: &BigUint, table: &[u64]| n.to_usize().and_then(|i| table.get(i).copied());
        if self.k % 2 == 0 {
            return small(n, &[0, 1, 2]).unwrap_or(if n.is_even() { 1 } else { 0 });
        }
        let table = [0, 1, 0, 1, 2];
        // Halve down to an odd heap or a small one, then flip back up.
        let mut halvings = 0u64;
        let mut m = n.clone();
        while m.is_even() && small(&m, &table).is_none() {
            m >>= 1u32;
            halvings += 1;
        }
        let bottom = small(&m, &table).unwrap_or(0);
        (0..halvings).fold(bottom, |g, _| if g == 1 { 2 } else { 1 })
    }

    fn split(&self, n: &BigUint) -> Option<Vec<BigUint>> {
        (n.is_even() && !n.is_zero()).then(|| vec![n >> 1u32; self.k as usize])
    }
}

impl Game for Lieges {
    type Position = BigUint;

    fn options(&self, heap: &BigUint) -> Result<Vec<Vec<BigUint>>> {
        if heap.is_zero() {
            return Ok(vec![]);
        }
        let mut options = vec![vec![heap - 1u32]];
        options.extend(self.split(heap));
        Ok(options)
    }

    fn format_position(&self, heap: &BigUint) -> String {
        heap::format(heap)
    }
}

impl Ruleset for Lieges {
    fn name(&self) -> String {
        format!("lieges({})", self.k)
    }

    fn parse_position(&self, words: &[Word]) -> Result<BigUint> {
        heap::parse(words)
    }

    fn formula_nimber(&self, heap: &BigUint) -> Result<Option<BigUint>> {
        Ok(Some(self.value(heap).into()))
    }

    fn heap_game(&self) -> Option<&dyn HeapGame> {
        Some(self)
    }
}

impl HeapGame for Lieges {
    /// The split into k heaps of x is visited as two heaps of x for even k
    /// and one for odd k: the same XOR, without listing k heaps.
    fn visit_options(&self, n: usize, visit: &mut dyn FnMut(&[usize])) {
        if n == 0 {
            return;
        }
        visit(&[n - 1]);
        if n % 2 == 0 {
            let x = n / 2;
            if self.k % 2 == 0 {
                visit(&[x, x]);
            } else {
                visit(&[x]);
            }
        }
    }

    /// For even k, the closed form above: period 2 from heap 3 on.
    fn known_regularity(&self) -> Option<Proof> {
        (self.k % 2 == 0).then(|| Proof {
            regularity: Regularity {
                period: Period {
                    preperiod: 3,
                    period: 2,
                },
                saltus: 0,
            },
            theorem: "closed form (even k)".into(),
            needs: 5,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::assert_closed_form_matches_search;

    /// Bound of the check: K from 1 to 6, every heap up to 300.
    #[test]
    fn closed_form_matches_search() {
        for k in 1..=6 {
            assert_closed_form_matches_search(Lieges { k }, (0..=300u32).map(BigUint::from));
        }
    }

    #[test]
    fn huge_heaps_follow_the_halving_chain() {
        let odd = Lieges { k: 3 };
        // 3 * 2^200: 3 is worth 1, then 2, 1, 2, ... 200 flips end on 1.
        let n = BigUint::from(3u32) << 200u32;
        assert_eq!(odd.value(&n), 1);
        assert_eq!(odd.value(&(n.clone() << 1u32)), 2);
        assert_eq!(Lieges { k: 2 }.value(&n), 1);
    }
}
