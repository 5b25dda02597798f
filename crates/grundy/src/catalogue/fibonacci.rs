//! Fibonacci nim: one heap; the first move may take any number of tokens but
//! not the whole heap, and each later move takes at least one and at most
//! twice what the previous move took. `fibonacci n` is the heap at the start;
//! `fibonacci n c` is a heap of n from which the next move may take at most c
//! (c ≥ n: any number). Both are the position (n, min(c, n)), with the start
//! being (n, n - 1); a move taking k leads to (n - k, min(2k, n - k)).
//!
//! Closed form (Zeckendorf's theorem: every n > 0 is a unique sum of
//! non-consecutive Fibonacci numbers 1, 2, 3, 5, 8, ...): (n, c) is P exactly
//! when n = 0 or the smallest term z of n's Zeckendorf sum exceeds c. So the
//! start of a game is lost exactly when n is a Fibonacci number.
//!
//! Why, by induction on n. Taking k wins when the opponent is left with a
//! P-position: n = k, or z(n - k) > 2k (a limit min(2k, n - k) below 2k
//! would be at least z(n - k)). If z(n - k) = F_j > 2k then k < F_j / 2 ≤
//! F_(j-1), so the Zeckendorf terms of k all lie two places or more below
//! those of n - k, and together they are n's Zeckendorf sum: a winning take
//! is the sum of the i smallest terms of n, and it is winning when it is at
//! most c and the next term (if any) exceeds twice it. Taking just z always
//! qualifies when z ≤ c, since the next term is at least F_(j+2) > 2F_j, and
//! every other candidate is larger than z. So (n, c) is N exactly when
//! z ≤ c, and its winning moves are found from the Zeckendorf sum, with
//! integers of any size.
//!
//! In a sum, each heap keeps its own limit: a move in one heap sets the limit
//! of that heap only. A heap is then an ordinary impartial game whose
//! position is the pair (n, c), and its Grundy value is that of the pair.
//! That value has no closed form here beyond 0 at the P-positions: it is
//! searched for heaps up to [`SEARCHED_HEAP`]. A lone larger heap still gets
//! its outcome and winning moves; in a sum with other components it is an
//! `Unsupported` error, unless it is a P-position (nimber 0).

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::heap::LISTABLE_HEAP;
use super::{no_parameters, Family, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::game::{Arity, Game, Ruleset};
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "fibonacci",
    usage: "fibonacci N [C]",
    summary: "one heap; the first move may not take it all, then at most twice the previous \
              take (C: at most C this move; in a sum each heap keeps its own limit)",
    example: "fibonacci 10",
    build,
};

/// The largest heap whose nimber is searched: a search visits about n²/4
/// positions (n, c), each with up to c options.
pub const SEARCHED_HEAP: u32 = 300;

fn build(written: &FamilyText) -> Result<RulesetRef> {
    no_parameters(written)?;
    Ok(ruleset_ref(Fibonacci))
}

pub struct Fibonacci;

/// The heap and the most the next move may take (at most the heap).
pub type HeapAndLimit = (BigUint, BigUint);

/// The position after taking `take` from `heap`.
fn after_taking(heap: &BigUint, take: &BigUint) -> HeapAndLimit {
    let left = heap - take;
    let limit = (take * 2u32).min(left.clone());
    (left, limit)
}

/// The terms of n's Zeckendorf sum, smallest first (greedy from the top).
pub fn zeckendorf(n: &BigUint) -> Vec<BigUint> {
    let mut fibonacci = vec![BigUint::from(1u32), BigUint::from(2u32)];
    while fibonacci.last().expect("non-empty") <= n {
        let next = &fibonacci[fibonacci.len() - 1] + &fibonacci[fibonacci.len() - 2];
        fibonacci.push(next);
    }
    let mut rest = n.clone();
    let mut terms = Vec::new();
    for f in fibonacci.iter().rev() {
        if *f <= rest {
            rest -= f;
            terms.push(f.clone());
        }
    }
    terms.reverse();
    terms
}

/// Whether (n, c) is a P-position: n = 0 or its smallest Zeckendorf term
/// exceeds c.
pub fn is_p_position((heap, limit): &HeapAndLimit) -> bool {
    zeckendorf(heap).first().is_none_or(|z| z > limit)
}

impl Game for Fibonacci {
    type Position = HeapAndLimit;

    fn options(&self, position: &HeapAndLimit) -> Result<Vec<Vec<HeapAndLimit>>> {
        let (heap, limit) = position;
        let most = limit
            .to_u64()
            .filter(|&c| c <= LISTABLE_HEAP)
            .ok_or_else(|| {
                Error::TooLarge(format!(
                "fibonacci {heap} {limit} has too many options to list (at most {LISTABLE_HEAP})"
            ))
            })?;
        Ok((1..=most)
            .map(|k| vec![after_taking(heap, &BigUint::from(k))])
            .collect())
    }

    fn format_position(&self, (heap, limit): &HeapAndLimit) -> String {
        format!("{heap} {limit}")
    }
}

impl Ruleset for Fibonacci {
    fn name(&self) -> String {
        "fibonacci".into()
    }

    fn arity(&self) -> Arity {
        Arity::Whole
    }

    fn parse_position(&self, words: &[Word]) -> Result<HeapAndLimit> {
        let heap = words[0].big("a heap size")?;
        let limit = match words {
            [_] => heap.clone().max(BigUint::from(1u32)) - 1u32,
            [_, limit] => limit
                .big("the most the next move may take")?
                .min(heap.clone()),
            [_, _, extra, ..] => {
                return Err(extra.error(
                    "fibonacci takes one heap: N (the start of a game) or N C (at most C \
                     may be taken next); write several heaps as fibonacci N + fibonacci M",
                ))
            }
            [] => unreachable!("components() gives at least one word"),
        };
        Ok((heap, limit))
    }

    fn formula_nimber(&self, position: &HeapAndLimit) -> Result<Option<BigUint>> {
        if is_p_position(position) {
            return Ok(Some(BigUint::zero()));
        }
        let (heap, limit) = position;
        if *heap <= BigUint::from(SEARCHED_HEAP) {
            return Ok(None);
        }
        Err(Error::Unsupported(format!(
            "no closed form is known for the nimber of the Fibonacci nim position \
             fibonacci {heap} {limit}, and it is too large to search (heaps up to \
             {SEARCHED_HEAP}); alone it still gets its outcome and winning moves, but a sum \
             with other components needs its nimber"
        )))
    }

    /// The winning takes: sums of the smallest Zeckendorf terms of the heap,
    /// at most the limit, each followed by a term more than twice as large
    /// (or by none: taking the whole heap). Other nimbers have no closed form.
    fn formula_options_with_nimber(
        &self,
        (heap, limit): &HeapAndLimit,
        target: &BigUint,
    ) -> Result<Option<Vec<Vec<HeapAndLimit>>>> {
        if !target.is_zero() {
            return Ok(None);
        }
        let terms = zeckendorf(heap);
        let mut take = BigUint::zero();
        let mut options = Vec::new();
        for (i, term) in terms.iter().enumerate() {
            take += term;
            if take > *limit {
                break;
            }
            if terms.get(i + 1).is_none_or(|next| *next > &take * 2u32) {
                options.push(vec![after_taking(heap, &take)]);
            }
        }
        Ok(Some(options))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::assert_closed_form_matches_search;
    use crate::solver::Solver;

    /// Every (n, c) with c ≤ n ≤ `bound`.
    fn all_positions(bound: u32) -> impl Iterator<Item = HeapAndLimit> {
        (0..=bound).flat_map(|n| (0..=n).map(move |c| (BigUint::from(n), BigUint::from(c))))
    }

    /// Bound of the check: every heap n up to 80 with every limit c ≤ n.
    #[test]
    fn closed_form_matches_search() {
        assert_closed_form_matches_search(Fibonacci, all_positions(80));
    }

    /// The Zeckendorf rule against search, on every (n, c) with c ≤ n ≤ 80.
    #[test]
    fn p_positions_match_search() {
        let mut solver = Solver::new(Fibonacci);
        for position in all_positions(80) {
            let searched = solver.nimber(&position).unwrap();
            assert_eq!(is_p_position(&position), searched == 0, "{position:?}");
        }
    }

    /// The start of a game is lost exactly on the Fibonacci numbers, for
    /// every heap from 2 to 121393: the table `fibonacci_numbers.json`
    /// (F(0..=26), copied with its source into tests/data).
    #[test]
    fn the_start_is_lost_exactly_on_fibonacci_numbers() {
        let json: serde_json::Value = serde_json::from_str(include_str!(
            "../../tests/data/sequences/fibonacci_numbers.json"
        ))
        .unwrap();
        let fibonacci: Vec<u64> = json["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        let last = *fibonacci.last().unwrap();
        let word = |n: u64| Word {
            text: n.to_string(),
            column: 1,
        };
        for n in 2..=last {
            let start = Fibonacci.parse_position(&[word(n)]).unwrap();
            assert_eq!(is_p_position(&start), fibonacci.contains(&n), "heap {n}");
        }
    }
}
