//! Subtraction games (S-Nim): take exactly s tokens from one heap, for some s
//! in the finite set S.
//!
//! The value of heap n depends only on the values of the max(S) heaps below
//! it, so once a window of max(S) consecutive values repeats, the sequence
//! repeats forever from there: the period is found and proven by the same
//! computation.

use std::sync::OnceLock;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::{heap, Family, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::game::{Game, HeapGame, Ruleset};
use crate::period::{smallest_period, Period, Proof, Regularity};
use crate::value::MexSet;
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "subtraction",
    usage: "subtraction(S1,S2,...) HEAP...",
    summary: "take exactly s tokens from one heap, s in the set S (S-Nim)",
    example: "subtraction(1,3,4) 10 12",
    build,
};

/// How many values are computed while looking for a repeated window.
pub const VALUE_LIMIT: usize = 1 << 24;

fn build(written: &FamilyText) -> Result<RulesetRef> {
    // An infinite set by formula, `subtraction(squares)`, has its own ruleset.
    if let Some(ruleset) = super::subtraction_set::build(written)? {
        return Ok(ruleset);
    }
    let Some(first) = written.parameters.first() else {
        return Err(written
            .family
            .error("subtraction needs a non-empty set S: subtraction(1,3,4)"));
    };
    let mut set = Vec::new();
    for p in &written.parameters {
        let s: u32 = p.number("a subtraction amount")?;
        if s == 0 {
            return Err(p.error("subtraction amounts must be positive"));
        }
        set.push(s);
    }
    let largest = *set.iter().max().expect("non-empty");
    if largest as usize > VALUE_LIMIT / 4 {
        return Err(first.error(format!(
            "the largest subtraction amount may be at most {}",
            VALUE_LIMIT / 4
        )));
    }
    Ok(ruleset_ref(Subtraction::new(set)))
}

pub struct Subtraction {
    set: Vec<u32>,
    sequence: OnceLock<Result<Sequence>>,
}

/// The nim-sequence as far as it was computed, and its proven period.
#[derive(Debug)]
pub struct Sequence {
    pub values: Vec<u32>,
    /// `None` when no window repeated within `VALUE_LIMIT` values.
    pub period: Option<Period>,
}

impl Subtraction {
    pub fn new(mut set: Vec<u32>) -> Subtraction {
        set.sort_unstable();
        set.dedup();
        assert!(
            !set.is_empty() && set[0] > 0,
            "S is a set of positive integers"
        );
        Subtraction {
            set,
            sequence: OnceLock::new(),
        }
    }

    /// The nim-sequence up to one proven period past its preperiod.
    pub fn sequence(&self) -> Result<&Sequence> {
        self.sequence
            .get_or_init(|| Ok(compute_sequence(&self.set)))
            .as_ref()
            .map_err(Clone::clone)
    }
}

/// Computes values until a window of max(S) values repeats (found by Brent's
/// method: compare each window with the one at the last power of two), then
/// on to twice the period past that, enough to find the smallest period.
fn compute_sequence(set: &[u32]) -> Sequence {
    let width = *set.last().expect("non-empty") as usize;
    let mut values: Vec<u32> = Vec::new();
    let mut mex = MexSet::new();
    let mut push_next = |values: &mut Vec<u32>| {
        let n = values.len();
        mex.clear();
        for &s in set.iter().take_while(|&&s| s as usize <= n) {
            mex.insert(values[n - s as usize] as u64, set.len());
        }
        values.push(mex.mex() as u32);
    };
    // Hash of the window values[end - width..end], with each value + 1.
    const BASE: u64 = 0x100000001b3;
    let top_power = BASE.wrapping_pow(width as u32 - 1);
    while values.len() < width {
        push_next(&mut values);
    }
    let mut hash = values.iter().fold(0u64, |h, &v| {
        h.wrapping_mul(BASE).wrapping_add(v as u64 + 1)
    });
    let mut checkpoint = (width, hash);
    let found = loop {
        if values.len() >= VALUE_LIMIT {
            break None;
        }
        push_next(&mut values);
        let end = values.len();
        hash = hash
            .wrapping_sub((values[end - 1 - width] as u64 + 1).wrapping_mul(top_power))
            .wrapping_mul(BASE)
            .wrapping_add(values[end - 1] as u64 + 1);
        let (start, start_hash) = checkpoint;
        if hash == start_hash && values[start - width..start] == values[end - width..end] {
            break Some((start - width, end - start));
        }
        if end == 2 * start {
            checkpoint = (end, hash);
        }
    };
    let period = found.map(|(start, p)| {
        while values.len() < start + 2 * p {
            push_next(&mut values);
        }
        smallest_period(&values, start, p)
    });
    Sequence { values, period }
}

impl Game for Subtraction {
    type Position = BigUint;

    fn options(&self, heap: &BigUint) -> Result<Vec<Vec<BigUint>>> {
        heap::options(self, heap, &self.name())
    }

    fn format_position(&self, heap: &BigUint) -> String {
        heap::format(heap)
    }
}

impl Ruleset for Subtraction {
    fn name(&self) -> String {
        let set: Vec<String> = self.set.iter().map(u32::to_string).collect();
        format!("subtraction({})", set.join(","))
    }

    fn parse_position(&self, words: &[Word]) -> Result<BigUint> {
        heap::parse(words)
    }

    fn formula_nimber(&self, heap: &BigUint) -> Result<Option<BigUint>> {
        let sequence = self.sequence()?;
        let index = match (sequence.period, heap.to_usize()) {
            (_, Some(n)) if n < sequence.values.len() => n,
            (Some(p), _) => {
                let past = (heap - p.preperiod) % p.period;
                p.preperiod + past.to_usize().expect("below the period")
            }
            (None, _) => {
                return Err(Error::Limit(format!(
                    "{} shows no period within {VALUE_LIMIT} heaps, and heap {heap} is past that",
                    self.name()
                )))
            }
        };
        Ok(Some(BigUint::from(sequence.values[index])))
    }

    /// Each amount taken leads to one heap; their values come from the
    /// sequence, so heaps of any size are answered.
    fn formula_options_with_nimber(
        &self,
        heap: &BigUint,
        target: &BigUint,
    ) -> Result<Option<Vec<Vec<BigUint>>>> {
        let mut found = Vec::new();
        for &s in &self.set {
            if BigUint::from(s) <= *heap {
                let option = heap - s;
                if self.formula_nimber(&option)?.as_ref() == Some(target) {
                    found.push(vec![option]);
                }
            }
        }
        Ok(Some(found))
    }

    fn heap_game(&self) -> Option<&dyn HeapGame> {
        Some(self)
    }
}

impl HeapGame for Subtraction {
    fn visit_options(&self, n: usize, visit: &mut dyn FnMut(&[usize])) {
        for &s in self.set.iter().take_while(|&&s| s as usize <= n) {
            visit(&[n - s as usize]);
        }
    }

    /// The period found by a repeated window (see the module's comment).
    fn known_regularity(&self) -> Option<Proof> {
        let sequence = self.sequence().ok()?;
        Some(Proof {
            regularity: Regularity {
                period: sequence.period?,
                saltus: 0,
            },
            theorem: "repeated window of max(S) values".into(),
            needs: sequence.values.len(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::assert_closed_form_matches_search;

    fn period(set: &[u32]) -> Period {
        Subtraction::new(set.to_vec())
            .sequence()
            .unwrap()
            .period
            .unwrap()
    }

    /// Bound of the check: every heap up to 150, for every S within {1..6}.
    #[test]
    fn closed_form_matches_search() {
        for mask in 1u32..64 {
            let set: Vec<u32> = (1..=6).filter(|s| mask & (1 << (s - 1)) != 0).collect();
            assert_closed_form_matches_search(
                Subtraction::new(set),
                (0..=150u32).map(BigUint::from),
            );
        }
    }

    #[test]
    fn known_periods() {
        // Subtraction(1,3,4): 0 1 0 1 2 3 2 with period 7 from the start.
        assert_eq!(
            period(&[1, 3, 4]),
            Period {
                preperiod: 0,
                period: 7
            }
        );
        // Bash's game as a subtraction game: period m + 1.
        assert_eq!(
            period(&[1, 2, 3]),
            Period {
                preperiod: 0,
                period: 4
            }
        );
        // Only even takes: heaps pair up, values 0 0 1 1 0 0 ... period 4.
        assert_eq!(
            period(&[2]),
            Period {
                preperiod: 0,
                period: 4
            }
        );
    }

    #[test]
    fn huge_heaps_use_the_period() {
        let game = Subtraction::new(vec![1, 3, 4]);
        let heap: BigUint = "1000000000000000000000000000007".parse().unwrap();
        // 10^30 + 7 ≡ 10^30 ≡ 1 (mod 7) since 10^6 ≡ 1: value G(1) = 1.
        assert_eq!(
            game.formula_nimber(&heap).unwrap(),
            Some(BigUint::from(1u32))
        );
    }
}
