//! Wythoff's game: two piles; a move takes any positive number of tokens from
//! one pile, or the same positive number from both.
//!
//! The P-positions are (0, 0) and the pairs (a_k, b_k) = (⌊kφ⌋, ⌊kφ⌋ + k),
//! k ≥ 1, in either order (φ the golden ratio). Why, as in the lecture notes:
//! no number lies in two P-positions (a move within one pile would join them)
//! and no two P-positions have the same difference (a move on both piles
//! would join them); so the k-th pair takes the least number not yet used and
//! the next difference k, and a_k = ⌊kφ⌋ is Beatty's theorem for the
//! complementary sequences ⌊kφ⌋ and ⌊kφ²⌋ = ⌊kφ⌋ + k.
//!
//! Everything is exact integer arithmetic on integers of any size:
//! ⌊kφ⌋ = ⌊(k + √(5k²)) / 2⌋ = ⌊(k + isqrt(5k²)) / 2⌋, because √(5k²) is
//! irrational for k > 0 and ⌊(k + x) / 2⌋ = ⌊(k + ⌊x⌋) / 2⌋. So a position
//! with piles of hundreds of digits is classified, and its winning moves (at
//! most three: one per pile and one on both) found, with a few square roots.
//!
//! No closed form is known for the Grundy value of a Wythoff position other
//! than 0 at the P-positions and n at (0, n), where the game is a Nim heap.
//! Other nimbers come from exhaustive search, for piles up to
//! [`SEARCHED_PILE`]. A lone Wythoff position of any size still gets its
//! outcome and winning moves (its options of nimber 0); in a sum with other
//! components, a large one whose nimber is unknown is an `Unsupported` error.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::heap::LISTABLE_HEAP;
use super::{no_parameters, Family, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::game::{Arity, Game, Ruleset};
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "wythoff",
    usage: "wythoff A B...",
    summary: "two piles: take any number from one pile, or the same number from both \
              (outcome and winning moves for piles of any size)",
    example: "wythoff 3 5",
    build,
};

/// The largest pile whose nimber is searched: a search visits every pair of
/// smaller piles, each with as many options as the two piles hold.
pub const SEARCHED_PILE: u32 = 100;

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(ruleset_ref(Wythoff))
}

pub struct Wythoff;

/// The piles, in the order written.
pub type Piles = (BigUint, BigUint);

/// ⌊kφ⌋, the smaller pile of the k-th P-position.
pub fn lower(k: &BigUint) -> BigUint {
    (k + (k * k * 5u32).sqrt()) >> 1
}

/// Whether the piles are a P-position: with a ≤ b, a = ⌊(b - a)φ⌋.
pub fn is_p_position(a: &BigUint, b: &BigUint) -> bool {
    let (small, large) = if a <= b { (a, b) } else { (b, a) };
    *small == lower(&(large - small))
}

/// The other pile of the one P-position that holds a pile of x (Beatty:
/// every x > 0 is either some a_k or some b_k, never both).
fn partner(x: &BigUint) -> BigUint {
    if x.is_zero() {
        return BigUint::zero();
    }
    let root = (x * x * 5u32).sqrt();
    // If x = ⌊kφ⌋ then x/φ < k < (x + 1)/φ, so k = ⌊x/φ⌋ + 1, where
    // x/φ = (√(5x²) - x) / 2.
    let k = ((&root - x) >> 1) + 1u32;
    if lower(&k) == *x {
        return x + k;
    }
    // Otherwise x = ⌊kφ²⌋ for k = ⌊x/φ²⌋ + 1, where x/φ² = (3x - √(5x²)) / 2
    // and ⌊3x - √(5x²)⌋ = 3x - isqrt(5x²) - 1; its partner is x - k.
    let k = ((x * 3u32 - root - 1u32) >> 1) + 1u32;
    x - k
}

impl Game for Wythoff {
    type Position = Piles;

    fn options(&self, (a, b): &Piles) -> Result<Vec<Vec<Piles>>> {
        let listable = |pile: &BigUint| {
            pile.to_u64()
                .filter(|&n| n <= LISTABLE_HEAP)
                .ok_or_else(|| {
                    Error::TooLarge(format!(
                    "wythoff {a} {b} has too many options to list (piles up to {LISTABLE_HEAP})"
                ))
                })
        };
        let (a, b) = (listable(a)?, listable(b)?);
        let one = |a: u64, b: u64| vec![(BigUint::from(a), BigUint::from(b))];
        let from_first = (0..a).map(|x| one(x, b));
        let from_second = (0..b).map(|y| one(a, y));
        let from_both = (1..=a.min(b)).map(|d| one(a - d, b - d));
        Ok(from_first.chain(from_second).chain(from_both).collect())
    }

    fn format_position(&self, (a, b): &Piles) -> String {
        format!("{a} {b}")
    }
}

impl Ruleset for Wythoff {
    fn name(&self) -> String {
        "wythoff".into()
    }

    fn noun(&self) -> &'static str {
        "position"
    }

    fn arity(&self) -> Arity {
        Arity::Each(2)
    }

    fn parse_position(&self, words: &[Word]) -> Result<Piles> {
        Ok((words[0].big("a pile size")?, words[1].big("a pile size")?))
    }

    fn formula_nimber(&self, (a, b): &Piles) -> Result<Option<BigUint>> {
        if is_p_position(a, b) {
            return Ok(Some(BigUint::zero()));
        }
        if a.is_zero() || b.is_zero() {
            return Ok(Some(a + b));
        }
        if *a <= BigUint::from(SEARCHED_PILE) && *b <= BigUint::from(SEARCHED_PILE) {
            return Ok(None);
        }
        Err(Error::Unsupported(format!(
            "no closed form is known for the nimber of Wythoff's game, and wythoff {a} {b} \
             is too large to search (piles up to {SEARCHED_PILE}); alone it still gets its \
             outcome and winning moves, but a sum with other components needs its nimber"
        )))
    }

    /// The options of nimber 0 are the P-positions one move away: at most
    /// one per pile (the partner of the other pile, if smaller) and one on
    /// both piles (the P-position with the same difference, if smaller).
    /// Other nimbers have no closed form.
    fn formula_options_with_nimber(
        &self,
        (a, b): &Piles,
        target: &BigUint,
    ) -> Result<Option<Vec<Vec<Piles>>>> {
        if !target.is_zero() {
            return Ok(None);
        }
        let mut options = Vec::new();
        let to_first = partner(b);
        if to_first < *a {
            options.push(vec![(to_first, b.clone())]);
        }
        let to_second = partner(a);
        if to_second < *b {
            options.push(vec![(a.clone(), to_second)]);
        }
        let small = a.min(b);
        let to_small = lower(&(a.max(b) - small));
        if to_small < *small {
            let d = small - to_small;
            options.push(vec![(a - &d, b - &d)]);
        }
        Ok(Some(options))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::assert_closed_form_matches_search;
    use crate::solver::Solver;

    fn piles(a: u32, b: u32) -> Piles {
        (BigUint::from(a), BigUint::from(b))
    }

    fn all_pairs(bound: u32) -> impl Iterator<Item = Piles> {
        (0..=bound).flat_map(move |a| (0..=bound).map(move |b| piles(a, b)))
    }

    /// Bound of the check: every pair of piles up to 40.
    #[test]
    fn closed_form_matches_search() {
        assert_closed_form_matches_search(Wythoff, all_pairs(40));
    }

    /// The P-positions are exactly the searched positions of nimber 0, for
    /// every pair of piles up to 40.
    #[test]
    fn p_positions_match_search() {
        let mut solver = Solver::new(Wythoff);
        for (a, b) in all_pairs(40) {
            let searched = solver.nimber(&(a.clone(), b.clone())).unwrap();
            assert_eq!(is_p_position(&a, &b), searched == 0, "wythoff {a} {b}");
        }
    }

    /// OEIS A000201 (lower Wythoff sequence) and A001950 (upper), copied
    /// from the oracle with their sources in tests/data.
    #[test]
    fn reproduces_the_wythoff_sequences_a000201_and_a001950() {
        let read = |text: &str| {
            let json: serde_json::Value = serde_json::from_str(text).unwrap();
            assert_eq!(json["offset"], 1);
            let values: Vec<u64> = json["values"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap())
                .collect();
            values
        };
        let lowers = read(include_str!(
            "../../../tests/data/sequences/wythoff_lower_A000201.json"
        ));
        let uppers = read(include_str!(
            "../../../tests/data/sequences/wythoff_upper_A001950.json"
        ));
        for (i, (&a, &b)) in lowers.iter().zip(&uppers).enumerate() {
            let k = BigUint::from(i as u64 + 1);
            assert_eq!(lower(&k), BigUint::from(a), "A000201({k})");
            assert_eq!(lower(&k) + &k, BigUint::from(b), "A001950({k})");
            assert_eq!(partner(&BigUint::from(a)), BigUint::from(b));
            assert_eq!(partner(&BigUint::from(b)), BigUint::from(a));
        }
    }
}
