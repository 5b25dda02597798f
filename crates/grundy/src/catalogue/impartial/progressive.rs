//! Progressive Nim: heaps a1 a2 ... ak taken strictly in order. A move takes
//! any positive number of tokens from the first non-empty heap, so the
//! heaps are one position (the order of play matters), not a sum.
//!
//! Outcome (the notes' rule): the player to move loses exactly when the
//! first heap larger than 1 is preceded by an odd number of 1-heaps, or,
//! with no heap larger than 1, when the number of 1-heaps is even. A player
//! facing a heap of 2 or more controls who faces the rest: empty the heap
//! or leave 1 in it.
//!
//! Nimber: let g be the value of the heaps after the first non-empty one,
//! a. The options leave r = 0..a-1 tokens in it, worth h(0) = g and h(r) =
//! mex{h(0..r)}: the values r counts up through, skipping g. So
//! h(r) = r - 1 when r <= g, else r, and the position (r = a) is worth a - 1
//! when a <= g, else a. Folding this from the last heap to the first values
//! any position, and the option of a value t is the one remainder r with
//! h(r) = t, if r < a.

use num_bigint::BigUint;
use num_traits::Zero;

use super::{heap, no_parameters, Family, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::Result;
use crate::game::{Arity, Game, Ruleset};
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "progressive",
    usage: "progressive A1 A2 ... AK",
    summary: "take from the first non-empty heap only: heaps in strict order, one position",
    example: "progressive 1 1 3 2",
    build,
};

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(ruleset_ref(Progressive))
}

/// Progressive Nim: heaps emptied strictly in order, one position.
pub struct Progressive;

/// The value of heaps taken in order, from the last one to the first.
fn value(heaps: &[BigUint]) -> BigUint {
    heaps.iter().rev().fold(BigUint::ZERO, |g, a| match a {
        a if a.is_zero() => g,
        a if *a <= g => a - 1u32,
        a => a.clone(),
    })
}

/// The first non-empty heap, if any.
fn first(heaps: &[BigUint]) -> Option<usize> {
    heaps.iter().position(|a| !a.is_zero())
}

/// The position with `left` tokens in heap `i`.
fn with_heap(heaps: &[BigUint], i: usize, left: BigUint) -> Vec<BigUint> {
    let mut after = heaps.to_vec();
    after[i] = left;
    after
}

impl Game for Progressive {
    type Position = Vec<BigUint>;

    fn options(&self, heaps: &Vec<BigUint>) -> Result<Vec<Vec<Vec<BigUint>>>> {
        let Some(i) = first(heaps) else {
            return Ok(vec![]);
        };
        let a = heap::listable(&heaps[i], "progressive")?;
        Ok((0..a)
            .map(|left| vec![with_heap(heaps, i, left.into())])
            .collect())
    }

    fn format_position(&self, heaps: &Vec<BigUint>) -> String {
        let words: Vec<String> = heaps.iter().map(heap::format).collect();
        words.join(" ")
    }
}

impl Ruleset for Progressive {
    fn name(&self) -> String {
        "progressive".into()
    }

    fn noun(&self) -> &'static str {
        "position"
    }

    fn arity(&self) -> Arity {
        Arity::Whole
    }

    fn parse_position(&self, words: &[Word]) -> Result<Vec<BigUint>> {
        words.iter().map(|w| w.big("a heap size")).collect()
    }

    fn formula_nimber(&self, heaps: &Vec<BigUint>) -> Result<Option<BigUint>> {
        Ok(Some(value(heaps)))
    }

    fn formula_options_with_nimber(
        &self,
        heaps: &Vec<BigUint>,
        target: &BigUint,
    ) -> Result<Option<Vec<Vec<Vec<BigUint>>>>> {
        let Some(i) = first(heaps) else {
            return Ok(Some(vec![]));
        };
        let g = value(&heaps[i + 1..]);
        let left = if *target == g {
            BigUint::ZERO
        } else if *target < g {
            target + 1u32
        } else {
            target.clone()
        };
        let options = if left < heaps[i] {
            vec![vec![with_heap(heaps, i, left)]]
        } else {
            vec![]
        };
        Ok(Some(options))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::assert_closed_form_matches_search;
    use crate::value::Outcome;

    /// Every tuple of `len` heaps, each at most `most`.
    fn tuples(len: usize, most: u32) -> Vec<Vec<BigUint>> {
        (0..len).fold(vec![vec![]], |tuples, _| {
            tuples
                .iter()
                .flat_map(|t| {
                    (0..=most).map(move |a| {
                        let mut longer: Vec<BigUint> = t.clone();
                        longer.push(a.into());
                        longer
                    })
                })
                .collect()
        })
    }

    /// Bound of the check: every tuple of 1 to 4 heaps each at most 6, and
    /// of 5 heaps each at most 3.
    #[test]
    fn closed_form_matches_search() {
        let positions = (1..=4).flat_map(|len| tuples(len, 6)).chain(tuples(5, 3));
        assert_closed_form_matches_search(Progressive, positions);
    }

    /// The notes' rule: leading 1-heaps decide who faces the first heap of
    /// 2 or more, and that player wins.
    #[test]
    fn the_leading_ones_rule_gives_the_outcome() {
        for heaps in (1..=6).flat_map(|len| tuples(len, 3)) {
            let nonzero: Vec<&BigUint> = heaps.iter().filter(|a| !a.is_zero()).collect();
            let ones = nonzero.iter().take_while(|a| ***a == 1u32.into()).count();
            let mover_wins = if ones == nonzero.len() {
                ones % 2 == 1
            } else {
                ones % 2 == 0
            };
            let by_value = Outcome::from_nimber_is_zero(value(&heaps).is_zero());
            assert_eq!(by_value, Outcome::from_mover_wins(mover_wins), "{heaps:?}");
        }
    }
}
