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

use super::heap::{LISTABLE_HEAP, MOST_LISTED};
use super::{no_parameters, Family, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::game::{Arity, Count, Game, Listed, Ruleset};
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

/// The most digits of a heap (or a limit): the Zeckendorf sum of a heap of d
/// digits takes some 4.8 d steps on numbers of d digits, so the time grows as
/// d²: about 0.6 s to answer a heap of 19,552 digits, 3 s for 50,000.
pub const MAX_DIGITS: usize = 20_000;

/// A number of at most `MAX_DIGITS` digits, refused before it is read (that
/// too takes time quadratic in the digits).
fn number(word: &Word, what: &str) -> Result<BigUint> {
    let digits = word.text.trim_start_matches('0');
    if digits.len() > MAX_DIGITS && digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::Limit(format!(
            "a fibonacci heap of {} digits: at most {MAX_DIGITS} are read (the Zeckendorf sum \
             of a heap takes time quadratic in its digits)",
            digits.len()
        )));
    }
    word.big(what)
}

/// The heap and the most the next move may take (at most the heap).
pub type HeapAndLimit = (BigUint, BigUint);

/// The position after taking `take` from `heap`.
fn after_taking(heap: &BigUint, take: &BigUint) -> HeapAndLimit {
    let left = heap - take;
    let limit = (take * 2u32).min(left.clone());
    (left, limit)
}

/// Fibonacci numbers F_0 = 1, F_1 = 2, F_2 = 3, ... two at a time: the
/// Fibonacci numbers up to a heap of d digits are some 4.8 d numbers of up to
/// d digits, too many to keep (a heap of 20,000 digits took 400 MB).
struct Walk {
    /// F_j and F_(j+1).
    low: BigUint,
    high: BigUint,
    j: usize,
}

impl Walk {
    fn new() -> Walk {
        Walk {
            low: BigUint::from(1u32),
            high: BigUint::from(2u32),
            j: 0,
        }
    }

    fn up(&mut self) {
        let next = &self.low + &self.high;
        self.low = std::mem::replace(&mut self.high, next);
        self.j += 1;
    }

    fn down(&mut self) {
        let previous = &self.high - &self.low;
        self.high = std::mem::replace(&mut self.low, previous);
        self.j -= 1;
    }

    /// F_j for `j` at least the current index.
    fn up_to(&mut self, j: usize) -> &BigUint {
        while self.j < j {
            self.up();
        }
        &self.low
    }
}

/// The indices j of the terms F_j of n's Zeckendorf sum, smallest first
/// (greedy from the top), and the smallest term.
pub fn zeckendorf(n: &BigUint) -> (Vec<usize>, Option<BigUint>) {
    let mut walk = Walk::new();
    while walk.high <= *n {
        walk.up();
    }
    let mut rest = n.clone();
    let mut indices = Vec::new();
    let mut smallest = None;
    while !rest.is_zero() {
        if walk.low <= rest {
            rest -= &walk.low;
            indices.push(walk.j);
            if rest.is_zero() {
                smallest = Some(walk.low.clone());
                break;
            }
        }
        walk.down();
    }
    indices.reverse();
    (indices, smallest)
}

/// Whether (n, c) is a P-position: n = 0 or its smallest Zeckendorf term
/// exceeds c.
pub fn is_p_position((heap, limit): &HeapAndLimit) -> bool {
    zeckendorf(heap).1.is_none_or(|z| z > *limit)
}

/// The winning takes from (n, c), smallest first: sums of the smallest
/// Zeckendorf terms of the heap, at most the limit, each followed by a term
/// more than twice as large (or by none: taking the whole heap). Calls
/// `found` with each, and returns how many there are.
fn winning_takes((heap, limit): &HeapAndLimit, mut found: impl FnMut(&BigUint)) -> u64 {
    let (indices, _) = zeckendorf(heap);
    let mut walk = Walk::new();
    let mut take = BigUint::zero();
    let mut count = 0;
    for (i, &j) in indices.iter().enumerate() {
        take += walk.up_to(j);
        if take > *limit {
            break;
        }
        let wins = match indices.get(i + 1) {
            None => true,
            Some(&next) => *walk.up_to(next) > &take * 2u32,
        };
        if wins {
            count += 1;
            found(&take);
        }
    }
    count
}

/// The first `most` winning moves from `position`, and how many there are.
fn winning_options(position: &HeapAndLimit, most: usize) -> Listed<Vec<HeapAndLimit>> {
    let mut items = Vec::new();
    let count = winning_takes(position, |take| {
        if items.len() < most {
            items.push(vec![after_taking(&position.0, take)]);
        }
    });
    Listed {
        items,
        total: Count::Exactly(count),
    }
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
        let heap = number(&words[0], "a heap size")?;
        let limit = match words {
            [_] => heap.clone().max(BigUint::from(1u32)) - 1u32,
            [_, limit] => number(limit, "the most the next move may take")?.min(heap.clone()),
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

    /// The winning moves (see [`winning_takes`]), when there are at most
    /// `MOST_LISTED` of them (each is a heap as large as this one); more are
    /// listed by `some_options_with_nimber`. Other nimbers have no closed
    /// form.
    fn formula_options_with_nimber(
        &self,
        position: &HeapAndLimit,
        target: &BigUint,
    ) -> Result<Option<Vec<Vec<HeapAndLimit>>>> {
        if !target.is_zero() {
            return Ok(None);
        }
        let listed = winning_options(position, MOST_LISTED + 1);
        Ok((listed.items.len() <= MOST_LISTED).then_some(listed.items))
    }

    /// The first winning moves (at most `MOST_LISTED`), and how many there
    /// are: a heap of thousands of digits may have thousands of them.
    fn some_options_with_nimber(
        &self,
        position: &HeapAndLimit,
        target: &BigUint,
        most: usize,
    ) -> Result<Option<Listed<Vec<HeapAndLimit>>>> {
        if !target.is_zero() {
            return Ok(None);
        }
        Ok(Some(winning_options(position, most.min(MOST_LISTED))))
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
            "../../../tests/data/sequences/fibonacci_numbers.json"
        ))
        .unwrap();
        let fibonacci: Vec<u64> = json["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        let last = *fibonacci.last().unwrap();
        let word = |n: u64| Word::new(n.to_string());
        for n in 2..=last {
            let start = Fibonacci.parse_position(&[word(n)]).unwrap();
            assert_eq!(is_p_position(&start), fibonacci.contains(&n), "heap {n}");
        }
    }

    /// Zeckendorf sums by brute force: the greedy choice over the list of
    /// every Fibonacci number up to n.
    #[test]
    fn zeckendorf_sums_match_the_greedy_choice() {
        let fibonacci: Vec<u64> =
            std::iter::successors(Some((1u64, 2u64)), |&(a, b)| Some((b, a + b)))
                .map(|(a, _)| a)
                .take(40)
                .collect();
        for n in (0..3000u64).chain([102_334_154, 165_580_140, 165_580_141]) {
            let mut rest = n;
            let mut expected = Vec::new();
            for (j, &f) in fibonacci.iter().enumerate().rev() {
                if f <= rest {
                    rest -= f;
                    expected.push(j);
                }
            }
            expected.reverse();
            let (indices, smallest) = zeckendorf(&BigUint::from(n));
            assert_eq!(indices, expected, "{n}");
            assert_eq!(
                smallest,
                expected.first().map(|&j| BigUint::from(fibonacci[j]))
            );
        }
    }

    /// A heap whose every prefix of Zeckendorf terms wins (terms three places
    /// apart, F_0 + F_3 + F_6 + ...): of its 2,000 winning moves 1,000 are
    /// listed, the smallest takes first, and all are counted.
    #[test]
    fn many_winning_moves_are_counted_and_the_first_listed() {
        let mut walk = Walk::new();
        let mut heap = BigUint::zero();
        for j in (0..6000).step_by(3) {
            heap += walk.up_to(j);
        }
        let position = (heap.clone(), &heap - 1u32);
        assert_eq!(
            Fibonacci
                .formula_options_with_nimber(&position, &BigUint::zero())
                .unwrap(),
            None
        );
        let listed = Fibonacci
            .some_options_with_nimber(&position, &BigUint::zero(), usize::MAX)
            .unwrap()
            .unwrap();
        // Every prefix but the whole heap (the limit is one less).
        assert_eq!(listed.total, Count::Exactly(1999));
        assert_eq!(listed.items.len(), MOST_LISTED);
        assert_eq!(listed.items[0], vec![after_taking(&heap, &1u32.into())]);
        assert_eq!(listed.items[1], vec![after_taking(&heap, &6u32.into())]);
        for option in &listed.items {
            assert!(is_p_position(&option[0]), "{:?}", option[0].1);
        }
    }

    #[test]
    fn heaps_of_too_many_digits_are_refused_before_they_are_read() {
        let word = |text: String| Word::new(text);
        let err = Fibonacci
            .parse_position(&[word("7".repeat(MAX_DIGITS + 1))])
            .unwrap_err();
        assert!(matches!(err, Error::Limit(_)), "{err}");
        assert!(err.to_string().contains("at most 20000"), "{err}");
        assert!(Fibonacci
            .parse_position(&[word("7".repeat(MAX_DIGITS))])
            .is_ok());
        let leading_zeros = format!("{}5", "0".repeat(MAX_DIGITS));
        assert!(Fibonacci.parse_position(&[word(leading_zeros)]).is_ok());
    }
}
