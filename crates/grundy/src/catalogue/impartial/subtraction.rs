//! Subtraction games (S-Nim): take exactly s tokens from one heap, for some s
//! in the finite set S.
//!
//! The value of heap n depends only on the values of the max(S) heaps below
//! it, so once a window of max(S) consecutive values repeats, the sequence
//! repeats forever from there: the period is found and proven by the same
//! computation.
//!
//! Values are computed as far as a question needs them, no further: a small
//! heap is answered from the values up to it, at `|S|` options a heap, and
//! the search for a repeated window goes along at little cost. Only a heap
//! past the values computed, or `grundy sequence` (which asks for the
//! period), makes the computation go on until a window repeats.

use std::sync::Mutex;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::heap::{self, WORK_BUDGET};
use super::{Family, FamilyText};
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

/// The most values computed while looking for a repeated window.
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

/// A subtraction game with a finite set S: take exactly s tokens from one
/// heap, s in S. Its values are computed as far as a question needs, with
/// the period found and proven on the way.
pub struct Subtraction {
    set: Vec<u32>,
    computed: Mutex<ComputedSequence>,
}

impl Subtraction {
    /// The game of the set `set` (sorted and deduplicated here).
    ///
    /// # Panics
    ///
    /// If `set` is empty or holds 0.
    pub fn new(mut set: Vec<u32>) -> Subtraction {
        set.sort_unstable();
        set.dedup();
        assert!(
            !set.is_empty() && set[0] > 0,
            "S is a set of positive integers"
        );
        Subtraction {
            set,
            computed: Mutex::new(ComputedSequence::default()),
        }
    }

    /// How many values may be computed: at most `VALUE_LIMIT`, and at most
    /// as many as `WORK_BUDGET` options pay for (the values `G(0..n)` visit
    /// `Σ_s max(0, n - s)` options).
    fn affordable(&self) -> usize {
        let work = |n: usize| -> u64 {
            (self.set.iter())
                .map(|&s| n.saturating_sub(s as usize) as u64)
                .sum()
        };
        // The largest n with work(n) within the budget: work grows with n.
        let (mut low, mut high) = (0, VALUE_LIMIT);
        while low < high {
            let middle = low + (high - low).div_ceil(2);
            if work(middle) <= WORK_BUDGET {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        low
    }

    /// `G(heap)`: from the values up to the heap, computed as far as needed,
    /// or past them from the period, looked for as far as may be computed.
    fn value(&self, heap: &BigUint) -> Result<u32> {
        let mut computed = self.computed.lock().expect("computed lock");
        if let Some(value) = computed.known(heap) {
            return Ok(value);
        }
        let most = self.affordable();
        let wanted = heap
            .to_usize()
            .map_or(most, |n| n.saturating_add(1).min(most));
        computed.extend(&self.set, wanted);
        computed.known(heap).ok_or_else(|| {
            Error::Limit(format!(
                "{} shows no period within the {} heaps computed (at most {VALUE_LIMIT}, and \
                 at most {WORK_BUDGET} options visited), and heap {heap} is past them",
                self.name(),
                computed.values.len()
            ))
        })
    }

    /// The proven period, looked for as far as may be computed.
    fn period(&self) -> Option<(Period, usize)> {
        let mut computed = self.computed.lock().expect("computed lock");
        computed.extend(&self.set, self.affordable());
        computed.period
    }
}

/// The nim-sequence as far as it was computed, with the search for a
/// repeated window of max(S) values carried along (Brent's method: each
/// window is compared with the one that ended at the last power of two).
#[derive(Default)]
struct ComputedSequence {
    values: Vec<u32>,
    mex: MexSet,
    /// Hash of the last window (each value + 1), once there is one.
    hash: u64,
    /// The end of the window compared with, and its hash.
    checkpoint: (usize, u64),
    /// A window that repeated: where its first copy starts, and how far on
    /// the second one starts.
    repeat: Option<(usize, usize)>,
    /// The smallest period, once enough values follow the repeat to find
    /// it, and how many values that took.
    period: Option<(Period, usize)>,
}

/// The base of the windows' rolling hash.
const BASE: u64 = 0x100000001b3;

impl ComputedSequence {
    /// `G(heap)`, if computed or given by the proven period.
    fn known(&self, heap: &BigUint) -> Option<u32> {
        if let Some(n) = heap.to_usize().filter(|&n| n < self.values.len()) {
            return Some(self.values[n]);
        }
        let (p, _) = self.period?;
        let past = ((heap - p.preperiod) % p.period)
            .to_usize()
            .expect("below the period");
        Some(self.values[p.preperiod + past])
    }

    /// Computes values until there are `len` of them or the period is proven.
    fn extend(&mut self, set: &[u32], len: usize) {
        while self.values.len() < len && self.period.is_none() {
            self.push_next(set);
        }
    }

    fn push_next(&mut self, set: &[u32]) {
        let n = self.values.len();
        self.mex.clear();
        for &s in set.iter().take_while(|&&s| s as usize <= n) {
            self.mex
                .insert(self.values[n - s as usize] as u64, set.len());
        }
        self.values.push(self.mex.mex() as u32);
        self.look_for_repeat(*set.last().expect("non-empty") as usize);
    }

    /// Brings the search for a repeated window up to the value just pushed.
    fn look_for_repeat(&mut self, width: usize) {
        let values = &self.values;
        let end = values.len();
        if let Some((start, p)) = self.repeat {
            if end >= start + 2 * p {
                self.period = Some((smallest_period(values, start, p), end));
            }
            return;
        }
        if end < width {
            return;
        }
        if end == width {
            self.hash = values.iter().fold(0u64, |h, &v| {
                h.wrapping_mul(BASE).wrapping_add(v as u64 + 1)
            });
            self.checkpoint = (width, self.hash);
            return;
        }
        let top_power = BASE.wrapping_pow(width as u32 - 1);
        self.hash = self
            .hash
            .wrapping_sub((values[end - 1 - width] as u64 + 1).wrapping_mul(top_power))
            .wrapping_mul(BASE)
            .wrapping_add(values[end - 1] as u64 + 1);
        let (start, start_hash) = self.checkpoint;
        if self.hash == start_hash && values[start - width..start] == values[end - width..end] {
            self.repeat = Some((start - width, end - start));
            self.look_for_repeat(width);
        } else if end == 2 * start {
            self.checkpoint = (end, self.hash);
        }
    }
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
        Ok(Some(self.value(heap)?.into()))
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
                if BigUint::from(self.value(&option)?) == *target {
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
        let (period, needs) = self.period()?;
        Some(Proof {
            regularity: Regularity { period, saltus: 0 },
            theorem: "repeated window of max(S) values".into(),
            needs,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::assert_closed_form_matches_search;
    use crate::solver::Solver;

    fn period(set: &[u32]) -> Period {
        Subtraction::new(set.to_vec()).period().unwrap().0
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

    fn squares(count: u32) -> Vec<u32> {
        (1..=count).map(|i| i * i).collect()
    }

    /// A small heap is answered from the values up to it: no period search
    /// first (for the 30 squares up to 900 it took seconds).
    #[test]
    fn small_heaps_need_only_the_values_below_them() {
        let game = Subtraction::new(squares(30));
        // G(0..=5) = 0 1 0 1 2 0: heap 5 reaches heaps 4 and 1.
        let five = game.formula_nimber(&5u32.into()).unwrap();
        assert_eq!(five, Some(0u32.into()));
        assert_eq!(game.computed.lock().unwrap().values.len(), 6);
        let four = game.formula_nimber(&4u32.into()).unwrap();
        assert_eq!(four, Some(2u32.into()));
        assert_eq!(game.computed.lock().unwrap().values.len(), 6);
    }

    /// The values computed heap by heap, against exhaustive search, for large
    /// sets of squares: every heap up to 3000 for the first 30 squares, up to
    /// 2000 for the first 1000 (only those up to the heap count).
    #[test]
    fn large_sets_match_search() {
        for (count, bound) in [(30, 3000u32), (1000, 2000)] {
            let mut solver = Solver::new(Subtraction::new(squares(count)));
            let game = Subtraction::new(squares(count));
            for heap in 0..=bound {
                let heap = BigUint::from(heap);
                let searched = solver.nimber(&heap).unwrap();
                let value = game.formula_nimber(&heap).unwrap().unwrap();
                assert_eq!(value, searched.into(), "{count} squares, heap {heap}");
            }
        }
    }

    /// Past the values computed, the period is looked for, and it answers
    /// heaps of any size; a set whose search would cost more than the budget
    /// stops there, as a limit.
    #[test]
    fn huge_heaps_need_the_period_within_the_budget() {
        let huge: BigUint = "1000000000000000000000000000007".parse().unwrap();
        let game = Subtraction::new(vec![2, 5, 7]);
        assert!(game.formula_nimber(&huge).is_ok());
        assert!(game.computed.lock().unwrap().period.is_some());

        let game = Subtraction::new(squares(1000));
        let most = game.affordable();
        assert!(most < VALUE_LIMIT, "{most}");
        let err = game.formula_nimber(&huge).unwrap_err();
        assert!(matches!(err, Error::Limit(_)), "{err}");
        assert!(err.to_string().contains("1000000000 options"), "{err}");
        assert_eq!(game.computed.lock().unwrap().values.len(), most);
    }
}
