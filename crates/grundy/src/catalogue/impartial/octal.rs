//! Take-and-break games: octal and hexadecimal codes, and the named ones
//! (Kayles, Dawson's Kayles, Grundy's game). Their values come from the
//! nim-sequence engine's table, and for heaps past it from the proven period.

use std::sync::Mutex;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::heap::{self, MOST_LISTED, WORK_BUDGET};
use super::{no_parameters, parameter_count, Family, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::game::{Count, Game, HeapGame, Listed, Ruleset};
use crate::period::Period;
use crate::sequence::{MethodChoice, Sequence};
use crate::take_and_break::{TakeAndBreak, ONE, THREE, TWO, WHOLE};
use crate::word::Word;

pub const OCTAL: Family = Family {
    name: "octal",
    usage: "octal(CODE) HEAP...",
    summary: "take-and-break game by its octal code: digit k says what may remain after \
              taking k tokens (1 nothing, 2 one heap, 4 two heaps)",
    example: "octal(0.07) 12",
    build: build_octal,
};

pub const HEX: Family = Family {
    name: "hex",
    usage: "hex(CODE) HEAP...",
    summary: "take-and-break game by its hexadecimal code: as octal, and bit 8 leaves three heaps",
    example: "hex(0.F) 9",
    build: build_hex,
};

pub const KAYLES: Family = Family {
    name: "kayles",
    usage: "kayles HEAP...",
    summary: "knock down one pin or two adjacent pins from a row (octal 0.77)",
    example: "kayles 5",
    build: build_kayles,
};

pub const DAWSON: Family = Family {
    name: "dawson",
    usage: "dawson HEAP...",
    summary: "Dawson's Kayles: knock down two adjacent pins from a row (octal 0.07)",
    example: "dawson 10",
    build: build_dawson,
};

pub const GRUNDYS_GAME: Family = Family {
    name: "grundys-game",
    usage: "grundys-game HEAP...",
    summary: "split one heap into two heaps of different sizes (Grundy's game)",
    example: "grundys-game 7",
    build: build_grundys_game,
};

fn build_code(written: &FamilyText, hexadecimal: bool, usage: &str) -> Result<RulesetRef> {
    parameter_count(written, 1, usage)?;
    let word = &written.parameters[0];
    let code = TakeAndBreak::parse(&word.text, hexadecimal).map_err(|e| word.locate(e))?;
    let family = if hexadecimal { "hex" } else { "octal" };
    let name = format!("{family}({code})");
    Ok(ruleset_ref(CodeRuleset::new(name, code)))
}

fn build_octal(written: &FamilyText) -> Result<RulesetRef> {
    build_code(written, false, OCTAL.usage)
}

fn build_hex(written: &FamilyText) -> Result<RulesetRef> {
    build_code(written, true, HEX.usage)
}

fn build_named(written: &FamilyText, code: TakeAndBreak) -> Result<RulesetRef> {
    no_parameters(written)?;
    let name = written.family.text.clone();
    Ok(ruleset_ref(CodeRuleset::new(name, code)))
}

fn build_kayles(written: &FamilyText) -> Result<RulesetRef> {
    build_named(
        written,
        TakeAndBreak::parse("0.77", false).expect("a valid code"),
    )
}

fn build_dawson(written: &FamilyText) -> Result<RulesetRef> {
    build_named(
        written,
        TakeAndBreak::parse("0.07", false).expect("a valid code"),
    )
}

fn build_grundys_game(written: &FamilyText) -> Result<RulesetRef> {
    build_named(written, TakeAndBreak::grundys_game())
}

/// A take-and-break ruleset with the part of its nim-sequence computed so far.
pub struct CodeRuleset {
    name: String,
    code: TakeAndBreak,
    sequence: Mutex<Sequence<'static>>,
}

/// The most options a heap lists one by one: about those of a Kayles heap of
/// `LISTABLE_HEAP`. A move into three heaps gives a heap of n about n²/12
/// options, so these stop at heaps of about 3,500; larger heaps give their
/// options of one value through `some_options_with_nimber`.
pub const LISTABLE_OPTIONS: u64 = 1 << 20;

impl CodeRuleset {
    /// The ruleset of `code`, named `name` in expressions (`kayles`,
    /// `octal(0.07)`), with no value computed yet.
    pub fn new(name: String, code: TakeAndBreak) -> CodeRuleset {
        let sequence = Mutex::new(Sequence::of_code(code.clone(), MethodChoice::Auto));
        CodeRuleset {
            name,
            code,
            sequence,
        }
    }

    /// The digits `d_k` that allow a move from heap `n`, each with the `m =
    /// n - k` tokens the move leaves to share among the heaps left.
    fn moves_from<'a>(&'a self, n: &'a BigUint) -> impl Iterator<Item = (u8, BigUint)> + 'a {
        (self.code.digits.iter().enumerate())
            .filter(move |&(k, &d)| d != 0 && BigUint::from(k) <= *n)
            .map(move |(k, &d)| (d, n - k))
    }

    /// How many options heap `n` has (as `TakeAndBreak::for_each_option`
    /// visits them).
    fn option_count(&self, n: &BigUint) -> BigUint {
        let mut count = BigUint::ZERO;
        for (d, m) in self.moves_from(n) {
            if d & WHOLE != 0 && m == BigUint::ZERO {
                count += 1u32;
            }
            if d & ONE != 0 && m >= BigUint::from(1u32) {
                count += 1u32;
            }
            if d & TWO != 0 && m >= BigUint::from(2u32) {
                count += largest_smaller_part(&m, self.code.unequal);
            }
            if d & THREE != 0 {
                count += three_part_splits(&m);
            }
        }
        count
    }

    /// Roughly how many options computing `G(0..=to)` visits in moves into
    /// three heaps: heap n has p3(n - k) ≈ (n - k)²/12 of them for each digit
    /// k that allows them. (Other moves are few beside them: one heap each,
    /// or n / 2 splits into two, fewer still by the sparse-space method.)
    fn three_heap_work(&self, to: usize) -> u128 {
        (self.code.digits.iter().enumerate())
            .filter(|&(k, &d)| d & THREE != 0 && k <= to)
            .map(|(k, _)| {
                // Σ_{m ≤ M} m² / 12.
                let m = (to - k) as u128;
                m * (m + 1) * (2 * m + 1) / 72
            })
            .sum()
    }

    /// Extends the table until it gives the value of `heap`: up to the heap,
    /// or for a heap past `LISTABLE_HEAP`, until the periodicity theorem of
    /// octal games proves the period (it stops as soon as it does). Refuses
    /// at once what could not finish: a heap past the table for a code the
    /// theorem does not cover, or a table whose moves into three heaps would
    /// cost more than `WORK_BUDGET` in all.
    fn extend_for(&self, sequence: &mut Sequence<'static>, heap: &BigUint) -> Result<()> {
        if known_value(sequence, heap).is_some() {
            return Ok(());
        }
        let limit = heap::LISTABLE_HEAP as usize;
        let name = &self.name;
        let to = match heap.to_usize() {
            Some(n) if n <= limit => n,
            _ if self.code.has_periodicity_theorem() => limit,
            _ => {
                return Err(Error::Limit(format!(
                    "{name} heap {heap} is past the {limit} heaps whose values are computed, \
                     and no period is known for {name} (the periodicity theorem of octal games \
                     covers moves into at most two heaps of any sizes)"
                )))
            }
        };
        let work = self.three_heap_work(to);
        if work > WORK_BUDGET as u128 {
            return Err(Error::Limit(format!(
                "the values of {name} up to heap {to} need about {work} options visited \
                 (a move into three heaps gives heap n some n²/12 options), more than the \
                 budget of {WORK_BUDGET}"
            )));
        }
        sequence.compute(to, false, &mut |_| true);
        if known_value(sequence, heap).is_none() {
            return Err(Error::Limit(format!(
                "{name} heap {heap} is past the {limit} heaps computed, and no period is proven there"
            )));
        }
        Ok(())
    }
}

/// `G(heap)` from the table, or past it from the proven period (the table
/// then holds at least a preperiod and a period).
fn known_value(sequence: &Sequence, heap: &BigUint) -> Option<u32> {
    let values = sequence.values();
    if let Some(n) = heap.to_usize().filter(|&n| n < values.len()) {
        return Some(values.get(n));
    }
    let p = sequence.proof()?.regularity.period;
    let past = ((heap - p.preperiod) % p.period)
        .to_usize()
        .expect("below the period");
    Some(values.get(p.preperiod + past))
}

/// The largest smaller part `a` of a split of `m >= 1` tokens into two
/// heaps (as `take_and_break::largest_smaller_part`, for heaps of any size).
fn largest_smaller_part(m: &BigUint, unequal: bool) -> BigUint {
    if unequal {
        (m - 1u32) >> 1
    } else {
        m >> 1
    }
}

/// p3(m), the number of splits of m tokens into three heaps a ≤ b ≤ c,
/// each at least 1: the integer nearest m²/12.
fn three_part_splits(m: &BigUint) -> BigUint {
    (m * m + 6u32) / 12u32
}

impl Game for CodeRuleset {
    type Position = BigUint;

    /// Every option, for heaps of at most `LISTABLE_HEAP` with at most
    /// `LISTABLE_OPTIONS` options.
    fn options(&self, heap: &BigUint) -> Result<Vec<Vec<BigUint>>> {
        let count = self.option_count(heap);
        if count > BigUint::from(LISTABLE_OPTIONS) {
            return Err(Error::TooLarge(format!(
                "{} heap {heap} has {count} options, too many to list (at most {LISTABLE_OPTIONS})",
                self.name
            )));
        }
        heap::options(self, heap, &self.name)
    }

    fn format_position(&self, heap: &BigUint) -> String {
        heap::format(heap)
    }
}

impl Ruleset for CodeRuleset {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn parse_position(&self, words: &[Word]) -> Result<BigUint> {
        heap::parse(words)
    }

    /// From the engine's table, extended as far as the heap (at most
    /// `LISTABLE_HEAP`) or until a period is proven; past the table, from the
    /// proven period.
    fn formula_nimber(&self, heap: &BigUint) -> Result<Option<BigUint>> {
        let mut sequence = self.sequence.lock().expect("sequence lock");
        self.extend_for(&mut sequence, heap)?;
        let value = known_value(&sequence, heap).expect("the table was extended to the heap");
        Ok(Some(value.into()))
    }

    /// The options of value `target` of a heap with too many options to list
    /// (a huge heap, or one with moves into three heaps): by their smallest
    /// part (0 for a move that leaves one heap or none), then the tokens
    /// taken, then the middle part; at most `MOST_LISTED` of them. They are
    /// counted in full: past the preperiod, whether a split `a + (m - a)` has
    /// the value depends only on `a` modulo the period.
    fn some_options_with_nimber(
        &self,
        heap: &BigUint,
        target: &BigUint,
        most: usize,
    ) -> Result<Option<Listed<Vec<BigUint>>>> {
        let mut sequence = self.sequence.lock().expect("sequence lock");
        self.extend_for(&mut sequence, heap)?;
        let mut found = Found {
            most: most.min(MOST_LISTED),
            items: Vec::new(),
            count: BigUint::ZERO,
        };
        if let Some(target) = target.to_u32() {
            let splits = Splits {
                ruleset: self,
                sequence: &sequence,
                heap,
                target,
            };
            splits.list(&mut found);
        }
        let total = match found.count.to_u64() {
            Some(n) => Count::Exactly(n),
            None => Count::AtLeast(u64::MAX),
        };
        Ok(Some(Listed {
            items: found.items,
            total,
        }))
    }

    fn heap_game(&self) -> Option<&dyn HeapGame> {
        Some(self)
    }
}

impl HeapGame for CodeRuleset {
    fn visit_options(&self, n: usize, visit: &mut dyn FnMut(&[usize])) {
        self.code.for_each_option(n, visit);
    }

    fn take_and_break(&self) -> Option<&TakeAndBreak> {
        Some(&self.code)
    }
}

/// Options found so far: the first `most`, and the count of all.
struct Found {
    most: usize,
    items: Vec<Vec<BigUint>>,
    count: BigUint,
}

impl Found {
    fn add(&mut self, option: impl FnOnce() -> Vec<BigUint>) {
        self.count += 1u32;
        if self.items.len() < self.most {
            self.items.push(option());
        }
    }
}

/// The options of value `target` of one heap, whose value (and so that of
/// every smaller heap) the table or the proven period gives.
struct Splits<'a> {
    ruleset: &'a CodeRuleset,
    sequence: &'a Sequence<'static>,
    heap: &'a BigUint,
    target: u32,
}

impl Splits<'_> {
    fn value(&self, n: &BigUint) -> u32 {
        known_value(self.sequence, n).expect("a heap below one whose value is known")
    }

    /// Lists the options in order: first those that leave one heap or none,
    /// then the splits whose smallest part `a` is below the preperiod (all
    /// of them without a proven period), each looked at; then the splits
    /// past it, by residue of `a`.
    fn list(&self, found: &mut Found) {
        let unequal = self.ruleset.code.unequal;
        let mut splits = Vec::new();
        for (d, m) in self.ruleset.moves_from(self.heap) {
            if d & WHOLE != 0 && m == BigUint::ZERO && self.target == 0 {
                found.add(|| vec![BigUint::ZERO]);
            }
            if d & ONE != 0 && m >= BigUint::from(1u32) && self.value(&m) == self.target {
                found.add(|| vec![m.clone()]);
            }
            let two = (d & TWO != 0 && m >= BigUint::from(2u32))
                .then(|| largest_smaller_part(&m, unequal));
            // Only codes the theorem does not cover move into three heaps, so
            // their heaps are within the table.
            let three = (d & THREE != 0).then(|| m.to_usize().expect("a heap within the table"));
            splits.push(Split { m, two, three });
        }
        let period = self.sequence.proof().map(|p| p.regularity.period);
        let looked_at = period.map_or(usize::MAX, |p| p.preperiod);
        let mut a = 1usize;
        while a < looked_at && splits.iter().any(|s| s.has_smallest_part(a)) {
            let big_a = BigUint::from(a);
            let g = self.value(&big_a);
            for split in &splits {
                if split.two.as_ref().is_some_and(|last| big_a <= *last) {
                    let rest = &split.m - a;
                    if g ^ self.value(&rest) == self.target {
                        found.add(|| vec![big_a.clone(), rest]);
                    }
                }
                if let Some(m) = split.three.filter(|&m| a <= m / 3) {
                    let values = self.sequence.values();
                    for b in a..=(m - a) / 2 {
                        let c = m - a - b;
                        if g ^ values.get(b) ^ values.get(c) == self.target {
                            found.add(|| vec![big_a.clone(), b.into(), c.into()]);
                        }
                    }
                }
            }
            a += 1;
        }
        if let Some(period) = period {
            self.list_periodic(&splits, period, found);
        }
    }

    /// The splits `a + (m - a)` with `a` at least the preperiod q (then m - a
    /// ≥ a ≥ q too): a split's value depends only on `r = (a - q) mod p`, so
    /// the residues of the value are counted in one period, and listed a
    /// period at a time.
    fn list_periodic(&self, splits: &[Split], period: Period, found: &mut Found) {
        let (q, p) = (period.preperiod, period.period);
        let values = self.sequence.values();
        // (r, i): the splits of move i with a ≡ q + r (mod p) have the value.
        let mut residues: Vec<(usize, usize)> = Vec::new();
        for (i, split) in splits.iter().enumerate() {
            let Some(last) = split.two.as_ref().filter(|&last| *last >= BigUint::from(q)) else {
                continue;
            };
            // m - a - q = (m - 2q) - r (mod p), where m ≥ 2a ≥ 2q.
            let m_past = ((&split.m - 2 * q) % p)
                .to_usize()
                .expect("below the period");
            for r in 0..p {
                let rest = q + (m_past + p - r) % p;
                if values.get(q + r) ^ values.get(rest) == self.target {
                    residues.push((r, i));
                    if BigUint::from(q + r) <= *last {
                        // a = q + r + j p, for j from 0 to (last - q - r) / p.
                        found.count += (last - (q + r)) / p + 1u32;
                    }
                }
            }
        }
        residues.sort_unstable();
        let mut block = BigUint::from(q);
        while found.items.len() < found.most {
            let mut any = false;
            for &(r, i) in &residues {
                let a = &block + r;
                let split = &splits[i];
                if split.two.as_ref().is_some_and(|last| a <= *last) {
                    any = true;
                    if found.items.len() < found.most {
                        let rest = &split.m - &a;
                        found.items.push(vec![a, rest]);
                    }
                }
            }
            if !any {
                break;
            }
            block += p;
        }
    }
}

/// The moves of one digit that split a heap: `m` tokens are left, shared
/// into two heaps with a smaller part up to `two`, or into three heaps.
struct Split {
    m: BigUint,
    two: Option<BigUint>,
    three: Option<usize>,
}

impl Split {
    /// Whether some split has a smallest part of `a`.
    fn has_smallest_part(&self, a: usize) -> bool {
        self.two
            .as_ref()
            .is_some_and(|last| BigUint::from(a) <= *last)
            || self.three.is_some_and(|m| a <= m / 3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::assert_closed_form_matches_search;

    fn ruleset(code: &str) -> CodeRuleset {
        CodeRuleset::new(code.into(), TakeAndBreak::parse(code, false).unwrap())
    }

    fn hex(code: &str) -> CodeRuleset {
        CodeRuleset::new(code.into(), TakeAndBreak::parse(code, true).unwrap())
    }

    fn grundys_game() -> CodeRuleset {
        CodeRuleset::new("grundys-game".into(), TakeAndBreak::grundys_game())
    }

    fn huge(text: &str) -> BigUint {
        text.parse().unwrap()
    }

    /// Bound of the check: every heap up to 60, for a few codes of each kind
    /// of move, and Grundy's game.
    #[test]
    fn table_matches_search() {
        for code in ["0.77", "0.07", "4.7", "0.137", "0.6", "4.005", "0.376"] {
            assert_closed_form_matches_search(ruleset(code), (0..=60u32).map(BigUint::from));
        }
        assert_closed_form_matches_search(grundys_game(), (0..=60u32).map(BigUint::from));
        assert_closed_form_matches_search(hex("0.F8"), (0..=40u32).map(BigUint::from));
    }

    #[test]
    fn huge_heaps_use_the_proven_period() {
        // Kayles: G(n + 12) = G(n) from 71 on, and 10^30 ≡ 4 ≡ 76 (mod 12).
        let kayles = ruleset("0.77");
        let heap = huge("1000000000000000000000000000000");
        assert_eq!(
            kayles.formula_nimber(&heap).unwrap(),
            kayles.formula_nimber(&BigUint::from(76u32)).unwrap()
        );
        // The table stopped where the theorem proved the period: 168 heaps.
        assert_eq!(kayles.sequence.lock().unwrap().values().len(), 168);
    }

    /// Grundy's game has no period proven (or even observed) so far, and the
    /// theorem does not cover it: a heap past the table is refused before
    /// any value is computed.
    #[test]
    fn huge_heaps_without_a_period_are_refused_at_once() {
        let grundy = grundys_game();
        let heap = huge("1000000000000000000000000000000");
        let err = grundy.formula_nimber(&heap).unwrap_err();
        assert!(matches!(err, Error::Limit(_)), "{err}");
        assert!(err.to_string().contains("1048576"), "{err}");
        assert!(err.to_string().contains("no period is known"), "{err}");
        assert_eq!(grundy.sequence.lock().unwrap().values().len(), 0);
        let err = hex("0.F").formula_nimber(&heap).unwrap_err();
        assert!(matches!(err, Error::Limit(_)), "{err}");
    }

    /// Moves into three heaps make a table cubic: these would take minutes,
    /// and are refused before any value is computed.
    #[test]
    fn tables_beyond_the_work_budget_are_refused_at_once() {
        for (code, heap) in [("0.8", 1_000_000u32), ("0.F", 20_000), ("0.F8", 6168)] {
            let ruleset = hex(code);
            let err = ruleset.formula_nimber(&heap.into()).unwrap_err();
            assert!(matches!(err, Error::Limit(_)), "{err}");
            assert!(err.to_string().contains("budget of 1000000000"), "{err}");
            assert_eq!(ruleset.sequence.lock().unwrap().values().len(), 0);
        }
        // Within the budget: hex(0.F) up to heap 3000 visits some 7.5 * 10^8
        // options.
        assert!(hex("0.F").three_heap_work(3000) < WORK_BUDGET as u128);
    }

    /// A heap with many options lists them no more (each would be a sum of
    /// heaps of its own); `some_options_with_nimber` gives those of a value.
    #[test]
    fn heaps_with_too_many_options_do_not_list_them() {
        let err = hex("0.F").options(&4000u32.into()).unwrap_err();
        assert!(matches!(err, Error::TooLarge(_)), "{err}");
        // Heap 100: one heap of 99, 49 splits in two, p3(99) = 817 in three.
        assert_eq!(hex("0.F").options(&100u32.into()).unwrap().len(), 867);
    }

    /// Where an option sorts in `some_options_with_nimber`: its smallest part
    /// (0 when it leaves one heap or none), the tokens taken, the middle part.
    fn order(heap: usize, option: &[BigUint]) -> (usize, usize, usize) {
        let parts: Vec<usize> = option.iter().map(|p| p.to_usize().unwrap()).collect();
        let taken = heap - parts.iter().sum::<usize>();
        match parts[..] {
            [_] => (0, taken, 0),
            [a, _] => (a, taken, 0),
            [a, b, _] => (a, taken, b),
            _ => panic!("{parts:?}"),
        }
    }

    /// Every option of `heap` with its value, in the order of
    /// `some_options_with_nimber`, by listing them all.
    fn listed_with_values(ruleset: &CodeRuleset, heap: usize) -> Vec<(Vec<BigUint>, u32)> {
        let mut options: Vec<(Vec<BigUint>, u32)> = (ruleset.options(&heap.into()).unwrap())
            .into_iter()
            .map(|option| {
                let value = option.iter().fold(0, |x, part| {
                    x ^ ruleset
                        .formula_nimber(part)
                        .unwrap()
                        .unwrap()
                        .to_u32()
                        .unwrap()
                });
                (option, value)
            })
            .collect();
        options.sort_by_key(|(option, _)| order(heap, option));
        options
    }

    /// The options of each value, listed one by one and kept by value,
    /// against those `some_options_with_nimber` finds: within the table, in
    /// the preperiod and in the periodic part, for codes with a period
    /// proven, without one (Grundy's game), and with moves into three heaps.
    #[test]
    fn some_options_match_the_options_listed() {
        let cases = [
            (ruleset("0.77"), vec![0, 1, 5, 70, 71, 100, 2000, 2999]),
            (ruleset("0.07"), vec![2, 52, 53, 1000, 2500]),
            (ruleset("4.7"), vec![0, 1, 6, 300]),
            (ruleset("4.005"), vec![200, 1999]),
            (ruleset("0.137"), vec![3000]),
            (grundys_game(), vec![3, 400, 3000]),
            (hex("0.F"), vec![60, 300]),
            (hex("0.F8"), vec![250]),
        ];
        for (ruleset, heaps) in cases {
            for heap in heaps {
                let all = listed_with_values(&ruleset, heap);
                let largest = all.iter().map(|&(_, v)| v).max().unwrap_or(0);
                for target in 0..=largest + 1 {
                    let expected: Vec<Vec<BigUint>> = (all.iter())
                        .filter(|(_, v)| *v == target)
                        .map(|(option, _)| option.clone())
                        .collect();
                    let name = format!("{} heap {heap} to {target}", ruleset.name);
                    for most in [3, usize::MAX] {
                        let found =
                            (ruleset.some_options_with_nimber(&heap.into(), &target.into(), most))
                                .unwrap()
                                .unwrap();
                        let shown = expected.len().min(most).min(MOST_LISTED);
                        assert_eq!(found.items, expected[..shown], "{name}");
                        assert_eq!(found.total, Count::Exactly(expected.len() as u64), "{name}");
                    }
                }
            }
        }
    }

    /// Huge heaps against one of a few thousand with the same residue: in
    /// the periodic part, heap h + 2p has exactly the options of h, shifted,
    /// and one more split of each matching residue for each move; so the
    /// counts grow linearly in steps of 2p, and the first options match.
    /// A count past 2^64 is told as at least that.
    #[test]
    fn huge_heaps_count_their_options_from_the_period() {
        for (code, period) in [("0.77", 12u32), ("0.07", 34), ("4.005", 79)] {
            let ruleset = ruleset(code);
            for heap in ["1000000000000000007", "1000000000000000000000000000007"] {
                let heap = huge(heap);
                let step = 2 * period;
                let small: BigUint = (&heap - 2000u32) % step + 2000u32;
                let small = small.to_usize().unwrap();
                let steps = (&heap - small) / step;
                let listed = listed_with_values(&ruleset, small);
                let next = listed_with_values(&ruleset, small + step as usize);
                for target in 0..8u32 {
                    let count = |all: &[(Vec<BigUint>, u32)]| {
                        BigUint::from(all.iter().filter(|(_, v)| *v == target).count())
                    };
                    let (here, there) = (count(&listed), count(&next));
                    let expected = &here + (&there - &here) * &steps;
                    let expected = match expected.to_u64() {
                        Some(n) => Count::Exactly(n),
                        None => Count::AtLeast(u64::MAX),
                    };
                    let found = (ruleset.some_options_with_nimber(&heap, &target.into(), 20))
                        .unwrap()
                        .unwrap();
                    let name = format!("{code} heap {heap} to {target}");
                    assert_eq!(found.total, expected, "{name}");
                    let order = |heap: &BigUint, option: &[BigUint]| {
                        let taken = heap - option.iter().sum::<BigUint>();
                        let first = match option {
                            [_] => BigUint::ZERO,
                            _ => option[0].clone(),
                        };
                        (first, taken)
                    };
                    let small_heap = BigUint::from(small);
                    let expected: Vec<_> = (listed.iter())
                        .filter(|(_, v)| *v == target)
                        .take(20)
                        .map(|(option, _)| order(&small_heap, option))
                        .collect();
                    let found: Vec<_> = found.items.iter().map(|o| order(&heap, o)).collect();
                    assert_eq!(found, expected, "{name}");
                }
            }
        }
    }
}
