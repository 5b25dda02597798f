//! Lasker's Nim: take any positive number of tokens from one heap, or split
//! one heap into two non-empty heaps. A move that splits leads to a sum of
//! two heaps, worth the XOR of their values (a multi-SG game).
//!
//! Closed form (Ferguson, Game Theory I, 4.4): G(0) = 0 and, for k >= 0,
//! G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
//! Why, by induction: the removals of heap n reach the values of every
//! smaller heap, which are 0..n-1 except that 4k+3 and 4k+4 trade places. A
//! split a + b = n is worth G(a) ^ G(b), and G(x) mod 4 depends only on
//! x mod 4 (1 -> 1, 2 -> 2, 3 -> 0, 0 -> 3), so every split of 4k+1 is worth
//! 2 mod 4, of 4k+2 0 or 1, of 4k+3 3, of 4k+4 0 or 1. The splits of 4k+1
//! and 4k+2 never reach n, so G(n) = n; 4k+3 reaches 0..4k+2 by removals
//! and 4k+3 by the split 1 + (4k+2), never 4k+4, so it is worth 4k+4; 4k+4
//! reaches 0..4k+2 and 4k+4 (removing one token), never 4k+3.
//! The test checks the closed form against search.
//!
//! The winning moves need the options of a given value t. The removal is
//! one heap, G(t) (G swaps 4k+3 and 4k+4, so it is its own inverse). The
//! splits come from writing G(x) = 4P(x) + R(x), where P and R depend only
//! on x div 4 and x mod 4: for each pair of residues of a and b the splits
//! are the pairs P(a) + P(b) = M, P(a) ^ P(b) = t div 4, whose solutions are
//! the carry c = (M - t div 4) / 2 plus any division of the bits of t div 4
//! between the two. So even heaps with hundreds of digits list their
//! splits of value t, unless t div 4 has so many bits that there are more
//! than `MAX_LISTED_SPLITS` of them: that is an error saying so.

use num_bigint::{BigInt, BigUint};
use num_traits::{Signed, ToPrimitive, Zero};

use super::{heap, no_parameters, Family, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::game::{Game, HeapGame, Ruleset};
use crate::period::{Period, Proof, Regularity};
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "lasker",
    usage: "lasker HEAP...",
    summary: "take any number of tokens from one heap, or split a heap in two (Lasker's Nim)",
    example: "lasker 2 2 3",
    build,
};

/// The most splits of one value a heap lists; beyond, there are too many to
/// write as winning moves.
pub const MAX_LISTED_SPLITS: u64 = 4096;

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(ruleset_ref(Lasker))
}

/// Lasker's Nim (`lasker`): take from a heap, or split it into two.
pub struct Lasker;

/// The Grundy value of heap n.
fn value(n: &BigUint) -> BigUint {
    match (n % 4u32).to_u32().expect("below 4") {
        3 => n + 1u32,
        0 if !n.is_zero() => n - 1u32,
        _ => n.clone(),
    }
}

/// G(x) = 4 (x div 4 + SHIFT[x mod 4]) + LOW[x mod 4] for every x >= 1.
const SHIFT: [i64; 4] = [-1, 0, 0, 1];
const LOW: [u32; 4] = [3, 1, 2, 0];

/// The heap x >= 1 with x mod 4 = r and P(x) = p, if there is one.
fn heap_of(p: &BigUint, r: usize) -> Option<BigUint> {
    let quotient = BigInt::from(p.clone()) - SHIFT[r];
    let x: BigInt = quotient * 4 + BigInt::from(r);
    x.is_positive().then(|| x.to_biguint().expect("positive"))
}

/// Every split a + b = n, a <= b, with G(a) ^ G(b) = target.
fn splits_with_value(n: &BigUint, target: &BigUint) -> Result<Vec<Vec<BigUint>>> {
    let high = target >> 2u32;
    let low = (target % 4u32).to_u32().expect("below 4");
    let bits: Vec<u64> = (0..high.bits()).filter(|&b| high.bit(b)).collect();
    let n_mod_4 = (n % 4u32).to_usize().expect("below 4");
    let mut cases = Vec::new();
    for r in 0..4 {
        for s in 0..4 {
            if (r + s) % 4 != n_mod_4 || LOW[r] ^ LOW[s] != low {
                continue;
            }
            // P(a) + P(b) = M and P(a) ^ P(b) = high.
            let m: BigInt =
                (BigInt::from(n.clone()) - BigInt::from(r + s)) / 4 + SHIFT[r] + SHIFT[s];
            let Some(m) = m.to_biguint() else { continue };
            if m < high || (&m - &high).bit(0) {
                continue;
            }
            let carry = (&m - &high) >> 1u32;
            if !(&carry & &high).is_zero() {
                continue;
            }
            cases.push((r, s, carry));
        }
    }
    // Each case has 2^bits ordered solutions; about half have a <= b.
    let ordered = 1u64
        .checked_shl(bits.len() as u32)
        .and_then(|k| k.checked_mul(cases.len() as u64));
    if !cases.is_empty() && ordered.is_none_or(|k| k > 2 * MAX_LISTED_SPLITS) {
        return Err(Error::TooLarge(format!(
            "lasker heap {n} splits into two heaps worth {target} together in more than \
             {MAX_LISTED_SPLITS} ways, too many to list"
        )));
    }
    let mut splits = Vec::new();
    for (r, s, carry) in cases {
        for mask in 0..1u64 << bits.len() {
            let mut pa = carry.clone();
            let mut pb = &carry + &high;
            for (i, &bit) in bits.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    pa.set_bit(bit, true);
                    pb.set_bit(bit, false);
                }
            }
            if let (Some(a), Some(b)) = (heap_of(&pa, r), heap_of(&pb, s)) {
                if a <= b {
                    splits.push(vec![a, b]);
                }
            }
        }
    }
    Ok(splits)
}

impl Game for Lasker {
    type Position = BigUint;

    fn options(&self, heap: &BigUint) -> Result<Vec<Vec<BigUint>>> {
        heap::options(self, heap, "lasker")
    }

    fn format_position(&self, heap: &BigUint) -> String {
        heap::format(heap)
    }
}

impl Ruleset for Lasker {
    fn name(&self) -> String {
        "lasker".into()
    }

    fn parse_position(&self, words: &[Word]) -> Result<BigUint> {
        heap::parse(words)
    }

    fn formula_nimber(&self, heap: &BigUint) -> Result<Option<BigUint>> {
        Ok(Some(value(heap)))
    }

    fn formula_options_with_nimber(
        &self,
        heap: &BigUint,
        target: &BigUint,
    ) -> Result<Option<Vec<Vec<BigUint>>>> {
        let removal = value(target);
        let mut options = Vec::new();
        if &removal < heap {
            options.push(vec![removal]);
        }
        options.extend(splits_with_value(heap, target)?);
        Ok(Some(options))
    }

    fn heap_game(&self) -> Option<&dyn HeapGame> {
        Some(self)
    }
}

impl HeapGame for Lasker {
    fn visit_options(&self, n: usize, visit: &mut dyn FnMut(&[usize])) {
        (0..n).for_each(|k| visit(&[k]));
        (1..=n / 2).for_each(|a| visit(&[a, n - a]));
    }

    /// The closed form above: G(n + 4) = G(n) + 4 from heap 1 on.
    fn known_regularity(&self) -> Option<Proof> {
        Some(Proof {
            regularity: Regularity {
                period: Period {
                    preperiod: 1,
                    period: 4,
                },
                saltus: 4,
            },
            theorem: "closed form (Lasker's Nim)".into(),
            needs: 5,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::assert_closed_form_matches_search;

    /// Bound of the check: every heap up to 120, every target value of its
    /// options (removals and splits).
    #[test]
    fn closed_form_matches_search() {
        assert_closed_form_matches_search(Lasker, (0..=120u32).map(BigUint::from));
    }

    /// Beyond the searched bound, the splits of each value against the list
    /// of all splits valued by the closed form: heaps 1000 to 1040, every
    /// value a split of them can have.
    #[test]
    fn splits_of_a_value_match_the_list_of_all_splits() {
        for n in 1000..=1040u32 {
            let all: Vec<(u32, BigUint)> = (1..=n / 2)
                .map(|a| (a, value(&a.into()) ^ value(&(n - a).into())))
                .collect();
            let largest = all.iter().map(|(_, v)| v.clone()).max().unwrap();
            for t in 0..=largest.to_u32().unwrap() + 1 {
                let t = BigUint::from(t);
                let expected: Vec<Vec<BigUint>> = all
                    .iter()
                    .filter(|(_, v)| *v == t)
                    .map(|&(a, _)| vec![a.into(), (n - a).into()])
                    .collect();
                let mut found = splits_with_value(&n.into(), &t).unwrap();
                found.sort();
                assert_eq!(found, expected, "splits of {n} worth {t}");
            }
        }
    }

    /// A lone heap 2m with m = 10^60 + 1 (worth 2m) wins by moving to a
    /// value of 0: removing all, or splitting worth 0, such as m + m.
    #[test]
    fn huge_heaps_list_their_winning_splits() {
        let m: BigUint = BigUint::from(10u32).pow(60) + 1u32;
        let n = &m * 2u32;
        assert_eq!(value(&n), n);
        let options = Lasker.formula_options_with_nimber(&n, &BigUint::ZERO);
        let options = options.unwrap().unwrap();
        assert_eq!(options[0], vec![BigUint::ZERO]);
        assert!(options.contains(&vec![m.clone(), m]));
        for split in &options[1..] {
            let worth = split.iter().fold(BigUint::ZERO, |acc, h| acc ^ value(h));
            assert_eq!(worth, BigUint::ZERO);
            assert_eq!(split.iter().sum::<BigUint>(), n, "{split:?}");
        }
    }

    #[test]
    fn too_many_splits_is_an_error_not_a_hang() {
        // Splits of 2^200 into two heaps whose values XOR to 2^200 - 4:
        // a + b with a = 4p + 2, b = 4q + 2 and p ^ q = p + q = 2^198 - 1,
        // any division of 198 bits between p and q: far too many to list.
        let n = BigUint::from(1u32) << 200u32;
        let target = &n - 4u32;
        let error = Lasker.formula_options_with_nimber(&n, &target).unwrap_err();
        assert!(matches!(error, Error::TooLarge(_)), "{error}");
    }
}
