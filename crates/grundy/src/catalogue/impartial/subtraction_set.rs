//! Subtraction games whose set S is infinite and given by a formula:
//! `subtraction(squares)` (1, 4, 9, ...: subtract-a-square),
//! `subtraction(powers-of-two)` (1, 2, 4, 8, ...), `subtraction(fibonacci)`
//! (1, 2, 3, 5, 8, ...) and `subtraction(primes)` (2, 3, 5, 7, ...). From
//! heap n a move takes s tokens for any s in S with s <= n.
//!
//! An infinite S has no repeated window to prove a period, and in general
//! none is known: the values come from the mex loop G(n) = mex{G(n - s)},
//! computed once for every heap up to the one asked and kept, up to a limit
//! per set that keeps the work near 10^9 steps (larger heaps are
//! [`Error::Limit`]).
//!
//! One closed form: with the powers of two, G(n) = n mod 3. A power of two
//! is never a multiple of 3, so no move keeps n mod 3; from a heap of
//! residue 1 the move taking 1 reaches residue 0, and from residue 2 the
//! moves taking 1 and 2 reach residues 1 and 0. So the values are 0, 1, 2
//! by residue, for heaps of any size. The test checks it against the loop.

use std::sync::Mutex;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::{heap, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::game::{Game, HeapGame, Ruleset};
use crate::period::{Period, Proof, Regularity};
use crate::value::MexSet;
use crate::word::Word;

/// An infinite subtraction set given by a formula.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetFormula {
    /// 1, 4, 9, 16, ...
    Squares,
    /// 1, 2, 4, 8, ...
    PowersOfTwo,
    /// 1, 2, 3, 5, 8, ...
    Fibonacci,
    /// 2, 3, 5, 7, 11, ...
    Primes,
}

impl SetFormula {
    /// Every formula, in the order help lists them.
    pub const ALL: [SetFormula; 4] = [
        SetFormula::Squares,
        SetFormula::PowersOfTwo,
        SetFormula::Fibonacci,
        SetFormula::Primes,
    ];

    /// The set an expression names, such as `squares`.
    pub fn named(name: &str) -> Option<SetFormula> {
        SetFormula::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The name an expression writes: `squares`, `powers-of-two`,
    /// `fibonacci`, `primes`.
    pub fn name(self) -> &'static str {
        match self {
            SetFormula::Squares => "squares",
            SetFormula::PowersOfTwo => "powers-of-two",
            SetFormula::Fibonacci => "fibonacci",
            SetFormula::Primes => "primes",
        }
    }

    /// The members of the set up to `n`, in increasing order.
    pub fn members_up_to(self, n: u64) -> Vec<u64> {
        match self {
            SetFormula::Squares => (1..).map(|k| k * k).take_while(|&s| s <= n).collect(),
            SetFormula::PowersOfTwo => (0..64).map(|k| 1 << k).take_while(|&s| s <= n).collect(),
            SetFormula::Fibonacci => {
                let mut members = Vec::new();
                let (mut a, mut b) = (1u64, 2u64);
                while a <= n {
                    members.push(a);
                    (a, b) = (b, a.saturating_add(b));
                }
                members
            }
            SetFormula::Primes => primes_up_to(n),
        }
    }

    /// The largest heap whose value the mex loop computes: its work, the
    /// members below each heap summed over the heaps, stays near 10^9.
    pub fn computed_limit(self) -> u64 {
        match self {
            SetFormula::Squares => 1 << 20,
            SetFormula::Primes => 1 << 17,
            SetFormula::PowersOfTwo | SetFormula::Fibonacci => 1 << 24,
        }
    }
}

/// The primes up to `n`, by the sieve of Eratosthenes.
fn primes_up_to(n: u64) -> Vec<u64> {
    let n = n as usize;
    let mut composite = vec![false; n + 1];
    let mut primes = Vec::new();
    for p in 2..=n {
        if composite[p] {
            continue;
        }
        primes.push(p as u64);
        for multiple in (p * p..=n).step_by(p) {
            composite[multiple] = true;
        }
    }
    primes
}

/// The family `subtraction` reads a set by formula when its one parameter
/// is a word: the ruleset, or `Ok(None)` when the parameters are amounts.
pub fn build(written: &FamilyText) -> Result<Option<RulesetRef>> {
    let [word] = &written.parameters[..] else {
        return Ok(None);
    };
    if word.text.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    match SetFormula::named(&word.text) {
        Some(formula) => Ok(Some(ruleset_ref(SetSubtraction::new(formula)))),
        None => {
            let names: Vec<&str> = SetFormula::ALL.iter().map(|f| f.name()).collect();
            Err(word.error(format!(
                "unknown subtraction set '{}': write the amounts, as in subtraction(1,3,4), \
                 or one of the sets {}",
                word.text,
                names.join(", ")
            )))
        }
    }
}

/// A subtraction game on an infinite set given by a formula.
pub struct SetSubtraction {
    formula: SetFormula,
    /// The members of the set up to some bound, grown as heaps grow.
    members: Mutex<Members>,
    /// `G(0..len)`, grown by the mex loop as heaps are asked about.
    values: Mutex<Vec<u32>>,
}

struct Members {
    /// Every member up to `covered`, in increasing order.
    list: Vec<u64>,
    covered: u64,
}

impl SetSubtraction {
    /// The subtraction game of the set `formula` names.
    pub fn new(formula: SetFormula) -> SetSubtraction {
        SetSubtraction {
            formula,
            members: Mutex::new(Members {
                list: Vec::new(),
                covered: 0,
            }),
            values: Mutex::new(Vec::new()),
        }
    }

    /// Calls `f` with the members up to `n`.
    fn with_members_up_to<T>(&self, n: u64, f: impl FnOnce(&[u64]) -> T) -> T {
        let mut members = self.members.lock().expect("members lock");
        if members.covered < n {
            // Doubling keeps the sieve's total work linear in the heaps.
            let covered = n.max(members.covered.saturating_mul(2)).max(64);
            members.list = self.formula.members_up_to(covered);
            members.covered = covered;
        }
        let count = members.list.partition_point(|&s| s <= n);
        f(&members.list[..count])
    }

    /// G(n) by the mex loop, computing every smaller heap first.
    fn value(&self, n: u64) -> Result<u32> {
        let limit = self.formula.computed_limit();
        if n > limit {
            return Err(Error::Limit(format!(
                "{} has no known period, and its values are computed for heaps up to {limit}; \
                 heap {n} is past that",
                self.name()
            )));
        }
        let mut values = self.values.lock().expect("values lock");
        if (n as usize) < values.len() {
            return Ok(values[n as usize]);
        }
        // Grow by doubling, so that many questions on growing heaps cost
        // about what the largest one does.
        let target = (n.max(2 * values.len() as u64)).min(limit);
        self.with_members_up_to(target, |members| {
            let mut mex = MexSet::new();
            for heap in values.len() as u64..=target {
                mex.clear();
                for &s in members.iter().take_while(|&&s| s <= heap) {
                    mex.insert(values[(heap - s) as usize] as u64, members.len());
                }
                values.push(mex.mex() as u32);
            }
        });
        Ok(values[n as usize])
    }

    fn nimber(&self, heap: &BigUint) -> Result<BigUint> {
        if self.formula == SetFormula::PowersOfTwo {
            return Ok(heap % 3u32);
        }
        match heap.to_u64() {
            Some(n) => Ok(BigUint::from(self.value(n)?)),
            None => Err(Error::Limit(format!(
                "{} has no known period, and heap {heap} is far past the heaps computed",
                self.name()
            ))),
        }
    }
}

impl Game for SetSubtraction {
    type Position = BigUint;

    fn options(&self, heap: &BigUint) -> Result<Vec<Vec<BigUint>>> {
        heap::options(self, heap, &self.name())
    }

    fn format_position(&self, heap: &BigUint) -> String {
        heap::format(heap)
    }
}

impl Ruleset for SetSubtraction {
    fn name(&self) -> String {
        format!("subtraction({})", self.formula.name())
    }

    fn parse_position(&self, words: &[Word]) -> Result<BigUint> {
        heap::parse(words)
    }

    fn formula_nimber(&self, heap: &BigUint) -> Result<Option<BigUint>> {
        self.nimber(heap).map(Some)
    }

    /// The options of value `target`: one heap per member taken, each
    /// valued by the table (or by n mod 3 for the powers of two).
    fn formula_options_with_nimber(
        &self,
        heap: &BigUint,
        target: &BigUint,
    ) -> Result<Option<Vec<Vec<BigUint>>>> {
        if self.formula == SetFormula::PowersOfTwo {
            // A heap of any size: one option per bit of its length.
            let options = (0..heap.bits()).map(|k| BigUint::from(1u32) << k);
            let options = options.filter(|s| s <= heap).map(|s| heap - s);
            let found = options.filter(|o| o % 3u32 == *target);
            return Ok(Some(found.map(|o| vec![o]).collect()));
        }
        let n = heap::listable(heap, &self.name())?;
        let options = self.with_members_up_to(n, |members| {
            members
                .iter()
                .map(|&s| BigUint::from(n - s))
                .collect::<Vec<_>>()
        });
        let mut found = Vec::new();
        for option in options {
            if self.nimber(&option)? == *target {
                found.push(vec![option]);
            }
        }
        Ok(Some(found))
    }

    fn heap_game(&self) -> Option<&dyn HeapGame> {
        Some(self)
    }
}

impl HeapGame for SetSubtraction {
    fn visit_options(&self, n: usize, visit: &mut dyn FnMut(&[usize])) {
        self.with_members_up_to(n as u64, |members| {
            for &s in members {
                visit(&[n - s as usize]);
            }
        });
    }

    fn known_regularity(&self) -> Option<Proof> {
        (self.formula == SetFormula::PowersOfTwo).then(|| Proof {
            regularity: Regularity {
                period: Period {
                    preperiod: 0,
                    period: 3,
                },
                saltus: 0,
            },
            theorem: "closed form G(n) = n mod 3 (no power of two is a multiple of 3)".into(),
            needs: 3,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::assert_closed_form_matches_search;

    #[test]
    fn members_of_the_sets() {
        let up_to_30 = |f: SetFormula| f.members_up_to(30);
        assert_eq!(up_to_30(SetFormula::Squares), [1, 4, 9, 16, 25]);
        assert_eq!(up_to_30(SetFormula::PowersOfTwo), [1, 2, 4, 8, 16]);
        assert_eq!(up_to_30(SetFormula::Fibonacci), [1, 2, 3, 5, 8, 13, 21]);
        assert_eq!(
            up_to_30(SetFormula::Primes),
            [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
        );
        assert_eq!(SetFormula::Primes.members_up_to(1), Vec::<u64>::new());
    }

    /// Bound of the check: every heap up to 300, for each set, the values
    /// of the mex loop (and n mod 3 for the powers of two) against search.
    #[test]
    fn closed_form_matches_search() {
        for formula in SetFormula::ALL {
            assert_closed_form_matches_search(
                SetSubtraction::new(formula),
                (0..=300u32).map(BigUint::from),
            );
        }
    }

    #[test]
    fn powers_of_two_are_n_mod_3_for_any_heap() {
        let game = SetSubtraction::new(SetFormula::PowersOfTwo);
        let heap: BigUint = "1".repeat(100).parse().unwrap();
        assert_eq!(game.nimber(&heap).unwrap(), &heap % 3u32);
    }

    #[test]
    fn heaps_past_the_computed_limit_are_a_limit() {
        let game = SetSubtraction::new(SetFormula::Primes);
        let past = BigUint::from(SetFormula::Primes.computed_limit() + 1);
        let error = game.nimber(&past).unwrap_err();
        assert!(matches!(error, Error::Limit(_)), "{error}");
        let huge: BigUint = "9".repeat(40).parse().unwrap();
        let error = SetSubtraction::new(SetFormula::Squares)
            .nimber(&huge)
            .unwrap_err();
        assert!(matches!(error, Error::Limit(_)), "{error}");
    }
}
