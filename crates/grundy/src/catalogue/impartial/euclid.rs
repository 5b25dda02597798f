//! Euclid's game (Cole and Davie): two numbers; a move subtracts a positive
//! multiple of the smaller from the larger (from the first when they are
//! equal), without going below zero. Whoever makes a zero wins, so a position
//! with a zero is a finished game: the player to move has lost.
//!
//! Closed form for the outcome, with b ≤ a: (a, b) is N when b > 0 and
//! a ≥ 2b or a = b; otherwise (b < a < 2b) its only move is to (a - b, b)
//! and its outcome is the opposite of that one. Why: with a = qb + r and
//! q ≥ 2, the mover chooses between (r, b) and (r + b, b), whose only move
//! is to (r, b); one of the two is P, so the mover wins. Following the
//! forced moves is the continued fraction of a/b, so the rule runs in as
//! many steps as Euclid's algorithm, on integers of any size.
//!
//! Winning moves: the P-options of (qb + r, b) can only be (r, b) and
//! (r + b, b), since any larger (r + jb, b) has a ≥ 2b and is N.
//!
//! The nimber is searched when the search is small (see [`SEARCH_BUDGET`]);
//! a formula for it is in the literature (Cairns, Ho and Lengyel, 2011) but
//! is not implemented here. A lone position too costly to search still gets
//! its outcome and winning moves; in a sum with other components it is an
//! `Unsupported` error, unless it is a P-position (nimber 0).

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

use super::heap::LISTABLE_HEAP;
use super::{no_parameters, Family, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::game::{Arity, Game, Ruleset};
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "euclid",
    usage: "euclid A B...",
    summary: "two numbers: subtract a positive multiple of the smaller from the larger; \
              who makes a zero wins (Euclid's game)",
    example: "euclid 25 7",
    build,
};

/// The most options a search of one position may visit. From (qb + r, b)
/// a search solves (r + jb, b) for every j ≤ q, each with j options, then
/// goes on to (b, r): about q²/2 options per step of Euclid's algorithm.
pub const SEARCH_BUDGET: u64 = 1 << 20;

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(ruleset_ref(Euclid))
}

pub struct Euclid;

/// The two numbers, in the order written.
pub type Pair = (BigUint, BigUint);

/// The subtractions a move makes: from the larger number (the first when
/// they are equal), the multiples 1..=q of the smaller. A pair with a zero
/// has none.
struct Subtraction<'a> {
    larger: &'a BigUint,
    smaller: &'a BigUint,
    larger_is_first: bool,
}

impl<'a> Subtraction<'a> {
    fn of((a, b): &'a Pair) -> Option<Subtraction<'a>> {
        if a.is_zero() || b.is_zero() {
            return None;
        }
        let larger_is_first = a >= b;
        let (larger, smaller) = if larger_is_first { (a, b) } else { (b, a) };
        Some(Subtraction {
            larger,
            smaller,
            larger_is_first,
        })
    }

    /// The pair with the larger number replaced by `larger`.
    fn to(&self, larger: BigUint) -> Pair {
        if self.larger_is_first {
            (larger, self.smaller.clone())
        } else {
            (self.smaller.clone(), larger)
        }
    }
}

/// Whether (a, b) is a P-position, by following the forced moves.
pub fn is_p_position((a, b): &Pair) -> bool {
    let (mut larger, mut smaller) = if a >= b {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    };
    // Whether the position reached has the opposite outcome of (a, b).
    let mut flipped = false;
    loop {
        if smaller.is_zero() {
            return !flipped;
        }
        if larger >= &smaller * 2u32 || larger == smaller {
            return flipped;
        }
        (larger, smaller) = (smaller.clone(), larger - smaller);
        flipped = !flipped;
    }
}

/// How many options a search of (a, b) visits, if at most the budget.
fn search_cost((a, b): &Pair) -> Option<u64> {
    let (mut larger, mut smaller) = if a >= b {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    };
    let mut cost = 0u64;
    while !smaller.is_zero() {
        let (q, r) = larger.div_rem(&smaller);
        let q = q.to_u64().filter(|&q| q <= SEARCH_BUDGET)?;
        cost += q * (q + 1) / 2;
        if cost > SEARCH_BUDGET {
            return None;
        }
        (larger, smaller) = (smaller, r);
    }
    Some(cost)
}

impl Game for Euclid {
    type Position = Pair;

    fn options(&self, pair: &Pair) -> Result<Vec<Vec<Pair>>> {
        let Some(s) = Subtraction::of(pair) else {
            return Ok(Vec::new());
        };
        let q = (s.larger / s.smaller)
            .to_u64()
            .filter(|&q| q <= LISTABLE_HEAP)
            .ok_or_else(|| {
                Error::TooLarge(format!(
                    "euclid {} {} has too many options to list (at most {LISTABLE_HEAP})",
                    pair.0, pair.1
                ))
            })?;
        Ok((1..=q)
            .map(|k| vec![s.to(s.larger - s.smaller * k)])
            .collect())
    }

    fn format_position(&self, (a, b): &Pair) -> String {
        format!("{a} {b}")
    }
}

impl Ruleset for Euclid {
    fn name(&self) -> String {
        "euclid".into()
    }

    fn noun(&self) -> &'static str {
        "position"
    }

    fn arity(&self) -> Arity {
        Arity::Each(2)
    }

    fn parse_position(&self, words: &[Word]) -> Result<Pair> {
        Ok((words[0].big("a number")?, words[1].big("a number")?))
    }

    fn formula_nimber(&self, pair: &Pair) -> Result<Option<BigUint>> {
        if is_p_position(pair) {
            return Ok(Some(BigUint::zero()));
        }
        if search_cost(pair).is_some() {
            return Ok(None);
        }
        Err(Error::Unsupported(format!(
            "the nimber of euclid {} {} is not implemented for positions whose search would \
             visit more than {SEARCH_BUDGET} options; alone it still gets its outcome and \
             winning moves, but a sum with other components needs its nimber",
            pair.0, pair.1
        )))
    }

    /// The options of nimber 0: (r, b) or (r + b, b) when P, for the larger
    /// number qb + r. Other nimbers have no closed form here.
    fn formula_options_with_nimber(
        &self,
        pair: &Pair,
        target: &BigUint,
    ) -> Result<Option<Vec<Vec<Pair>>>> {
        if !target.is_zero() {
            return Ok(None);
        }
        let Some(s) = Subtraction::of(pair) else {
            return Ok(Some(Vec::new()));
        };
        let (q, r) = s.larger.div_rem(s.smaller);
        let options = [r.clone(), r + s.smaller]
            .into_iter()
            .take(q.to_usize().unwrap_or(2))
            .map(|larger| s.to(larger))
            .filter(is_p_position)
            .map(|pair| vec![pair])
            .collect();
        Ok(Some(options))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::assert_closed_form_matches_search;
    use crate::solver::Solver;

    fn all_pairs(bound: u32) -> impl Iterator<Item = Pair> {
        (0..=bound)
            .flat_map(move |a| (0..=bound).map(move |b| (BigUint::from(a), BigUint::from(b))))
    }

    /// Bound of the check: every pair of numbers up to 60.
    #[test]
    fn closed_form_matches_search() {
        assert_closed_form_matches_search(Euclid, all_pairs(60));
    }

    /// The outcome rule against search, on every pair up to 60.
    #[test]
    fn p_positions_match_search() {
        let mut solver = Solver::new(Euclid);
        for pair in all_pairs(60) {
            let searched = solver.nimber(&pair).unwrap();
            assert_eq!(is_p_position(&pair), searched == 0, "euclid {pair:?}");
        }
    }
}
