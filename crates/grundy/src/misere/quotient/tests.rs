//! The quotient against exhaustive search of sums, and its structure.

use std::collections::HashMap;

use super::*;
use crate::take_and_break::TakeAndBreak;

/// A take-and-break code as a heap game (the catalogue's rulesets are a
/// layer above; the moves here are the code's own).
struct Code(TakeAndBreak);

impl HeapGame for Code {
    fn visit_options(&self, n: usize, visit: &mut dyn FnMut(&[usize])) {
        self.0.for_each_option(n, |parts| visit(parts));
    }
}

impl TakeAndBreak {
    fn options_count(&self, n: usize) -> usize {
        let mut count = 0;
        self.for_each_option(n, |_| count += 1);
        count
    }
}

fn code(text: &str) -> Code {
    Code(TakeAndBreak::parse(text, false).expect("a valid code"))
}

fn quotient(text: &str, to: usize) -> Quotient {
    Quotient::compute(&code(text), to, Limits::default(), &mut |_| true, &|| false)
        .expect("the quotient")
}

/// Misère outcomes of sums of heaps by plain search: a sum (heaps sorted,
/// empty and moveless heaps dropped) is P when it has options and all of
/// them are N.
struct Search<'a> {
    game: &'a Code,
    memo: HashMap<Vec<usize>, bool>,
}

impl Search<'_> {
    fn options(&self, heap: usize) -> Vec<Vec<usize>> {
        let mut all = Vec::new();
        self.game
            .visit_options(heap, &mut |parts| all.push(parts.to_vec()));
        all
    }

    fn canonical(&self, mut heaps: Vec<usize>) -> Vec<usize> {
        heaps.retain(|&h| !self.options(h).is_empty());
        heaps.sort_unstable();
        heaps
    }

    /// Whether the sum is a misère P-position.
    fn is_p(&mut self, heaps: Vec<usize>) -> bool {
        let heaps = self.canonical(heaps);
        if let Some(&known) = self.memo.get(&heaps) {
            return known;
        }
        let mut any_option = false;
        let mut to_p = false;
        for i in 0..heaps.len() {
            for option in self.options(heaps[i]) {
                any_option = true;
                let mut after = heaps.clone();
                after.remove(i);
                after.extend(option);
                if self.is_p(after) {
                    to_p = true;
                }
            }
        }
        let result = any_option && !to_p;
        self.memo.insert(heaps, result);
        result
    }
}

/// Every multiset of at most `most` heaps from 1 to `to`.
fn sums(to: usize, most: usize) -> Vec<Vec<usize>> {
    let mut all = vec![vec![]];
    let mut frontier = vec![vec![]];
    for _ in 0..most {
        let mut next = Vec::new();
        for sum in &frontier {
            let least = sum.last().copied().unwrap_or(1);
            for h in least..=to {
                let mut longer: Vec<usize> = sum.clone();
                longer.push(h);
                next.push(longer);
            }
        }
        all.extend(next.iter().cloned());
        frontier = next;
    }
    all
}

/// The quotient's outcome of every sum of at most `most` heaps up to `to`
/// is the searched one, and so is the set of its winning moves.
fn assert_agrees_with_search(text: &str, to: usize, most: usize) {
    let game = code(text);
    let q = quotient(text, to);
    let mut search = Search {
        game: &game,
        memo: HashMap::new(),
    };
    for sum in sums(to, most) {
        let expected = search.is_p(sum.clone());
        let outcome = q.outcome(&sum).unwrap();
        assert_eq!(outcome == Outcome::P, expected, "{text}: sum {sum:?}");
        let mut found: Vec<(usize, Vec<usize>)> = q
            .winning_moves(&sum)
            .unwrap()
            .into_iter()
            .map(|m| (m.heap, m.leaves))
            .collect();
        found.sort();
        let mut wanted = Vec::new();
        for (i, &h) in sum.iter().enumerate() {
            for option in q.heap_options(h) {
                let mut after = sum.clone();
                after.remove(i);
                after.extend(option.iter().copied());
                if search.is_p(after) {
                    wanted.push((i, option.clone()));
                }
            }
        }
        wanted.sort();
        assert_eq!(found, wanted, "{text}: winning moves of {sum:?}");
    }
}

#[test]
fn quotients_answer_small_sums_as_search_does() {
    for text in [
        "0.07", "0.77", "0.137", "0.312", "0.75", "0.6", "0.03", "4.7",
    ] {
        assert_agrees_with_search(text, 9, 3);
    }
}

#[test]
fn every_quotient_has_even_order() {
    // Plambeck and Siegel (2008): every finite misère quotient of an
    // impartial game has even order.
    for text in [
        "0.07", "0.77", "0.137", "0.312", "0.75", "0.6", "0.03", "4.7", "0.15",
    ] {
        for to in 1..=12 {
            let order = quotient(text, to).order();
            // Only the sums of moveless heaps, all the game 0, have the
            // trivial quotient; the theorem is about every other.
            let moveless = (1..=to).all(|h| code(text).0.options_count(h) == 0);
            let want = if moveless { 1 } else { 0 };
            assert_eq!(order % 2, want, "{text} to heap {to}: order {order}");
        }
    }
}

#[test]
fn misere_nim_has_the_quotient_of_anti_nim() {
    // Nim's heaps up to 3 (octal 0.333...): heaps 2 and 3 generate a copy of
    // (Z/2)^2 beside 1 and heap 1 (Conway's tame quotient T_2, order 6).
    let q = quotient("0.333", 3);
    assert_eq!(q.order(), 6);
    assert_eq!(q.p_portion().len(), 2);
}

#[test]
fn verify_finds_a_sum_the_p_portion_gets_wrong_and_its_true_outcome() {
    // The quotient of 0.07 to heap 10 with one element's outcome flipped:
    // `verify` must name a sum whose element is that P-portion's mistake,
    // with the sum's true outcome (exhaustive search); the quotient as
    // built passes.
    let game = code("0.07");
    let q = quotient("0.07", 10);
    let active: Vec<usize> = (1..=10)
        .rev()
        .filter(|&h| !q.options[h].is_empty())
        .collect();
    let transitions = search::transitions(&q.table, &q.images, &q.options);
    let heaps = search::Heaps {
        to: 10,
        active: &active,
        phi: &q.images,
        transitions: &transitions,
    };
    assert_eq!(
        search::verify(&q.table, &q.p, &heaps, &|| false).unwrap(),
        None
    );
    let mut brute = Search {
        game: &game,
        memo: HashMap::new(),
    };
    for x in 0..q.order() {
        let mut wrong = q.p.clone();
        wrong[x] = !wrong[x];
        let failure = search::verify(&q.table, &wrong, &heaps, &|| false)
            .unwrap()
            .expect("a flipped outcome is found");
        let sum: Vec<usize> = failure
            .word
            .iter()
            .enumerate()
            .flat_map(|(h, &e)| std::iter::repeat_n(h, e as usize))
            .collect();
        assert_eq!(
            brute.is_p(sum.clone()),
            failure.is_p,
            "element {x}: sum {sum:?}"
        );
        let element = search::image(&q.table, &q.images, &failure.word) as usize;
        assert_ne!(wrong[element], failure.is_p, "element {x}: sum {sum:?}");
    }
}
