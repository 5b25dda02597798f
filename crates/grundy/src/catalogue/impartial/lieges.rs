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

use super::{heap, parameter_count, Family, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::Result;
use crate::game::{Game, HeapGame, Ruleset};
use crate::period::{Period, Proof, Regularity};
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "lieges",
    usage: "lieges(K) HEAP...",
    summary: "take one token, or replace a heap of 2x by K heaps of x (Codeforces 603C)",
    example: "lieges(1) 3 4",
    build,
};

fn build(written: &FamilyText) -> Result<RulesetRef> {
    parameter_count(written, 1, FAMILY.usage)?;
    let k: u64 = written.parameters[0].number("K, the number of heaps a split makes,")?;
    if k == 0 {
        return Err(written.parameters[0].error("K must be at least 1"));
    }
    Ok(ruleset_ref(Lieges { k }))
}

/// Take one, or split 2x into `k` heaps of x.
pub struct Lieges {
    /// How many heaps of x a heap of 2x splits into, at least 1.
    pub k: u64,
}

/// `copies` equal heaps of `size`, written `size*copies` (or `size` alone
/// for one): a split into K heaps is one position, however large K is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Heaps {
    pub size: BigUint,
    pub copies: u64,
}

impl Heaps {
    pub fn one(size: BigUint) -> Heaps {
        Heaps { size, copies: 1 }
    }
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

    /// The options of one heap of `n`: take one, or split it into k heaps.
    fn heap_options(&self, n: &BigUint) -> Vec<Heaps> {
        let mut options = Vec::new();
        if !n.is_zero() {
            options.push(Heaps::one(n - 1u32));
        }
        if n.is_even() && !n.is_zero() {
            options.push(Heaps {
                size: n >> 1u32,
                copies: self.k,
            });
        }
        options
    }
}

impl Game for Lieges {
    type Position = Heaps;

    /// A move is made in one of the copies; the others stay.
    fn options(&self, heaps: &Heaps) -> Result<Vec<Vec<Heaps>>> {
        let rest = (heaps.copies > 1).then(|| Heaps {
            size: heaps.size.clone(),
            copies: heaps.copies - 1,
        });
        Ok(self
            .heap_options(&heaps.size)
            .into_iter()
            .map(|option| rest.iter().cloned().chain([option]).collect())
            .collect())
    }

    fn format_position(&self, heaps: &Heaps) -> String {
        match heaps.copies {
            1 => heap::format(&heaps.size),
            copies => format!("{}*{copies}", heap::format(&heaps.size)),
        }
    }
}

impl Ruleset for Lieges {
    fn name(&self) -> String {
        format!("lieges({})", self.k)
    }

    fn reads_repeats(&self) -> bool {
        true
    }

    /// A heap, or `size*copies`.
    fn parse_position(&self, words: &[Word]) -> Result<Heaps> {
        let word = &words[0];
        let Some((size, copies)) = word.text.split_once('*') else {
            return Ok(Heaps::one(heap::parse(words)?));
        };
        let size = Word {
            text: size.into(),
            column: word.column,
        };
        let copies_word = Word {
            text: copies.into(),
            column: word.column + size.text.chars().count() + 1,
        };
        let copies: u64 = copies_word.number("a number of copies")?;
        if copies == 0 {
            return Err(copies_word.error("a repeat needs at least one copy"));
        }
        Ok(Heaps {
            size: size.big("a heap size")?,
            copies,
        })
    }

    /// Copies in pairs cancel: an even number is worth 0.
    fn formula_nimber(&self, heaps: &Heaps) -> Result<Option<BigUint>> {
        let value = if heaps.copies % 2 == 0 {
            0
        } else {
            self.value(&heaps.size)
        };
        Ok(Some(value.into()))
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
            assert_closed_form_matches_search(
                Lieges { k },
                (0..=300u32).map(|n| Heaps::one(n.into())),
            );
            // Copies: a move in one of them; pairs cancel.
            assert_closed_form_matches_search(
                Lieges { k },
                (0..=40u32).flat_map(|n| {
                    (1..=4).map(move |copies| Heaps {
                        size: n.into(),
                        copies,
                    })
                }),
            );
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
