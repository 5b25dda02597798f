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

    fn take_and_break(&self) -> Option<&TakeAndBreak> {
        Some(&self.0)
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
fn verify_finds_the_least_sum_the_p_portion_gets_wrong_and_its_true_outcome() {
    // The quotient of 0.07 to heap 10 with one or two elements' outcomes
    // flipped:
    // `verify` must name a sum whose element is that P-portion's mistake,
    // with the sum's true outcome (exhaustive search), and no sum of at
    // most 5 heaps before it (largest heaps first) may be one; the quotient
    // as built passes.
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
        search::verify(&q.table, &q.p, &heaps, 0, &|| false).unwrap(),
        None
    );
    let mut brute = Search {
        game: &game,
        memo: HashMap::new(),
    };
    let flips = (0..q.order()).flat_map(|x| (x..q.order()).map(move |y| (x, y)));
    for (x, y) in flips {
        let mut wrong = q.p.clone();
        wrong[x] = !wrong[x];
        if y != x {
            wrong[y] = !wrong[y];
        }
        let failure = search::verify(&q.table, &wrong, &heaps, 0, &|| false)
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
            "elements {x}, {y}: sum {sum:?}"
        );
        let element = search::image(&q.table, &q.images, &failure.word) as usize;
        assert_ne!(
            wrong[element], failure.is_p,
            "elements {x}, {y}: sum {sum:?}"
        );
        for before in sums(10, 5) {
            let mut word = vec![0; 11];
            for &h in &before {
                word[h] += 1;
            }
            if search::colex(&word, &failure.word).is_lt() {
                let element = search::image(&q.table, &q.images, &word) as usize;
                assert_eq!(
                    wrong[element],
                    brute.is_p(before.clone()),
                    "elements {x}, {y}: {before:?} fails before {sum:?}"
                );
            }
        }
    }
}

/// A quotient the periodicity theorem proves answers sums holding heaps
/// beyond those it was computed for as exhaustive search does: 0.34 is
/// proven at heap 31 (heaps from 7 repeat their elements with period 8);
/// every sum of one heap from 32 to 40 and at most one heap up to 5.
#[test]
fn a_proven_quotient_answers_larger_heaps_as_search_does() {
    let game = code("0.34");
    let q = Quotient::compute_until_proven(&game, 200, Limits::default(), &mut |_| true, &|| false)
        .unwrap();
    let proof = q.periodicity().expect("0.34 is proven");
    assert_eq!(q.to(), proof.needs);
    assert!(
        q.to() < 32,
        "the heaps below are beyond the proof's {}",
        q.to()
    );
    assert!(q.covers(10_000) && !quotient("0.34", 20).covers(21));
    let mut search = Search {
        game: &game,
        memo: HashMap::new(),
    };
    for large in q.to() + 1..=40 {
        for small in 0..=5 {
            let sum: Vec<usize> = [large, small].into_iter().filter(|&h| h > 0).collect();
            let outcome = q.outcome(&sum).unwrap();
            assert_eq!(outcome == Outcome::P, search.is_p(sum.clone()), "{sum:?}");
        }
    }
}

/// The proof's prediction against a quotient computed further: the
/// quotient of 0.34 to heap 60 is the proven one, heap by heap.
#[test]
fn a_proven_quotient_is_the_quotient_of_more_heaps() {
    let game = code("0.34");
    let q = Quotient::compute_until_proven(&game, 200, Limits::default(), &mut |_| true, &|| false)
        .unwrap();
    let further = quotient("0.34", 60);
    assert_eq!(further.order(), q.order());
    assert_eq!(further.p_portion().len(), q.p_portion().len());
    for h in 1..=60 {
        for small in 1..=q.to() {
            let (mine, theirs) = (q.outcome(&[h, small]), further.outcome(&[h, small]));
            assert_eq!(mine.unwrap(), theirs.unwrap(), "heaps {h} and {small}");
        }
    }
    // Computed to a fixed heap, the proof is found all the same.
    assert_eq!(further.periodicity().map(|p| p.period), Some(8));
}

/// Grundy's game splits into unequal heaps, outside the theorem: never
/// proven, however regular its elements look.
#[test]
fn unequal_splits_are_never_proven() {
    let game = Code(TakeAndBreak::grundys_game());
    let q = Quotient::compute(&game, 14, Limits::default(), &mut |_| true, &|| false).unwrap();
    assert!(!q.theorem_applies());
    assert_eq!(q.periodicity(), None);
    assert!(q.image(&[15]).is_err());
}

/// Plambeck and Siegel's tame quotient T2 of Nim's heaps up to 2 (octal
/// 0.33): `<a, b | a^2 = 1, b^3 = b>`, a the heap of 1, b the heap of 2.
#[test]
fn nim_to_two_is_presented_as_the_literature_writes_t2() {
    let p = quotient("0.33", 2).presentation();
    assert_eq!(p.generators, [1, 2]);
    let relations: Vec<String> = (p.relations.iter())
        .map(|(w, v)| format!("{} = {}", word_text(w), word_text(v)))
        .collect();
    assert_eq!(relations, ["a^2 = 1", "b^3 = b"]);
    let mut words: Vec<String> = p.words.iter().map(|w| word_text(w)).collect();
    words.sort();
    assert_eq!(words, ["1", "a", "a b", "a b^2", "b", "b^2"]);
}

/// Every presentation presents its quotient: each element's word
/// multiplies out to it, words are distinct, and each relation's sides
/// are equal in the quotient while its left side is not a normal word.
#[test]
fn presentations_multiply_out_to_their_quotients() {
    for text in ["0.07", "0.77", "0.137", "0.312", "0.15", "4.7"] {
        let q = quotient(text, 14);
        let p = q.presentation();
        let images: Vec<u32> = p.generators.iter().map(|&h| q.heap_image(h)).collect();
        let value = |word: &[u32]| {
            (word.iter().zip(&images)).fold(0, |x, (&e, &g)| (0..e).fold(x, |x, _| q.mul(x, g)))
        };
        for (x, word) in p.words.iter().enumerate() {
            assert_eq!(value(word), x as u32, "{text}: {}", word_text(word));
        }
        let mut distinct = p.words.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), q.order(), "{text}");
        assert!(!p.relations.is_empty(), "{text}");
        for (w, v) in &p.relations {
            assert_eq!(value(w), value(v), "{text}");
            assert!(!p.words.contains(w), "{text}");
        }
        // Every heap's element is a product of generators of heaps up to it.
        assert!(p.generators.windows(2).all(|g| g[0] < g[1]));
    }
}

/// The bytes of the last state a run saves (`None` if it saved none).
fn run_saving(
    game: &Code,
    to: usize,
    resume: Option<Checkpoint>,
    progress: &mut dyn FnMut(QuotientProgress) -> bool,
    stop: &dyn Fn() -> bool,
) -> (Result<Quotient>, Option<Vec<u8>>) {
    let mut saved = None;
    let mut save = |s: &Snapshot, now: bool| {
        if now {
            saved = Some(s.to_bytes("0.15"));
        }
        Ok(())
    };
    let request = Request {
        resume,
        save: Some(&mut save),
        ..Request::new(to, Limits::default())
    };
    let result = Quotient::compute_request(game, request, progress, stop);
    (result, saved)
}

/// A run stopped at any moment (between heaps, or inside one through the
/// stop it polls) saves its last whole heap; resumed from those bytes it
/// ends in the quotient of the run never stopped, byte for byte.
#[test]
fn a_run_stopped_anywhere_and_resumed_ends_in_the_same_quotient() {
    let game = code("0.15");
    let (whole, whole_bytes) = run_saving(&game, 40, None, &mut |_| true, &|| false);
    let whole = format!("{:?}", whole.unwrap());
    let polls = std::cell::Cell::new(0u64);
    let _ = run_saving(&game, 40, None, &mut |_| true, &|| {
        polls.set(polls.get() + 1);
        false
    });
    let total_polls = polls.get();
    assert!(total_polls > 40, "{total_polls} polls");
    // Stopped at the k-th heap started, and at the k-th poll inside.
    for k in [1u64, 2, 5, 11, 23, 39, 40] {
        let mut started = 0;
        let (stopped, saved) = run_saving(
            &game,
            40,
            None,
            &mut |p| {
                started += usize::from(p.trials == 0) as u64;
                started < k
            },
            &|| false,
        );
        assert!(stopped.is_err());
        let checkpoint = Checkpoint::from_bytes(&saved.unwrap(), "0.15").unwrap();
        assert_eq!(checkpoint.heap(), k as usize - 1);
        let (resumed, bytes) = run_saving(&game, 40, Some(checkpoint), &mut |_| true, &|| false);
        assert_eq!(
            format!("{:?}", resumed.unwrap()),
            whole,
            "stopped at heap {k}"
        );
        assert_eq!(bytes, whole_bytes, "stopped at heap {k}");
    }
    for k in [
        1,
        total_polls / 7,
        total_polls / 3,
        total_polls / 2,
        total_polls - 1,
    ] {
        polls.set(0);
        let stop = || {
            polls.set(polls.get() + 1);
            polls.get() >= k
        };
        let (stopped, saved) = run_saving(&game, 40, None, &mut |_| true, &stop);
        assert!(stopped.is_err(), "poll {k}");
        let checkpoint = Checkpoint::from_bytes(&saved.unwrap(), "0.15").unwrap();
        let (resumed, bytes) = run_saving(&game, 40, Some(checkpoint), &mut |_| true, &|| false);
        assert_eq!(
            format!("{:?}", resumed.unwrap()),
            whole,
            "stopped at poll {k}"
        );
        assert_eq!(bytes, whole_bytes, "stopped at poll {k}");
    }
}

/// Between heaps the progress says which heap starts; inside a heap that
/// needs a new generator it tells each trial quotient made, and stopping
/// at one stops the run, its last whole heap saved.
#[test]
fn progress_tells_each_trial_quotient_of_a_heap() {
    let game = code("0.15");
    let mut reports = Vec::new();
    let (whole, _) = run_saving(
        &game,
        40,
        None,
        &mut |p| {
            reports.push(p);
            true
        },
        &|| false,
    );
    let whole = whole.unwrap();
    let starts: Vec<usize> = (reports.iter())
        .filter(|p| p.trials == 0)
        .map(|p| p.heap)
        .collect();
    assert_eq!(starts, (1..=40).collect::<Vec<_>>());
    // Each heap's trials count up from 1, each of at least the order so
    // far, and the heaps that made any are those that added elements.
    let mut expanded = Vec::new();
    for pair in reports.windows(2) {
        let (before, p) = (pair[0], pair[1]);
        if p.trials > 0 {
            assert_eq!(p.heap, before.heap, "{p:?}");
            assert_eq!(p.trials, before.trials + 1, "{p:?}");
            assert!(p.trial_order >= p.order && p.trial_order > 0, "{p:?}");
            expanded.push(p.heap);
        } else {
            assert_eq!(p.trial_order, 0, "{p:?}");
        }
    }
    expanded.dedup();
    let orders = whole.orders();
    let grew: Vec<usize> = (1..=40).filter(|&n| orders[n] > orders[n - 1]).collect();
    assert!(!grew.is_empty());
    assert_eq!(expanded, grew);
    // Stopped at the first trial of the last heap that grew.
    let last = *grew.last().unwrap();
    let (stopped, saved) = run_saving(
        &game,
        40,
        None,
        &mut |p| !(p.heap == last && p.trials == 1),
        &|| false,
    );
    assert!(stopped.is_err());
    let checkpoint = Checkpoint::from_bytes(&saved.unwrap(), "0.15").unwrap();
    assert_eq!(checkpoint.heap(), last - 1);
}

/// Bytes that are not a whole checkpoint of these rules are refused, as
/// bad input, never read as a state.
#[test]
fn a_checkpoint_cut_short_or_of_other_rules_is_refused() {
    let (_, bytes) = run_saving(&code("0.15"), 12, None, &mut |_| true, &|| false);
    let bytes = bytes.unwrap();
    assert!(Checkpoint::from_bytes(&bytes, "0.15").is_ok());
    let other = Checkpoint::from_bytes(&bytes, "0.16").unwrap_err();
    assert!(other.to_string().contains("computed for 0.15"), "{other}");
    for cut in 0..bytes.len() {
        let error = Checkpoint::from_bytes(&bytes[..cut], "0.15").unwrap_err();
        assert!(matches!(error, Error::Parse { .. }), "{cut}: {error}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(Checkpoint::from_bytes(&longer, "0.15").is_err());
}

/// The trace of a run tells each trial judged: a heap that grew the
/// quotient made trials 1, 2, ... until the last, accepted, has the order
/// of the quotient of the heaps up to it; every other names a sum whose
/// outcome it gives as exhaustive search finds it.
#[test]
fn the_trace_names_sums_whose_outcome_search_confirms() {
    // Codes whose wrong sums are small enough to search.
    for (text, to) in [("0.76", 11), ("0.07", 16)] {
        let game = code(text);
        let mut records: Vec<TrialRecord> = Vec::new();
        let mut trace = |r: &TrialRecord| records.push(r.clone());
        let request = Request {
            trace: Some(&mut trace),
            ..Request::new(to, Limits::default())
        };
        let q = Quotient::compute_request(&game, request, &mut |_| true, &|| false).unwrap();
        let orders = q.orders();
        let grew: Vec<usize> = (1..=to).filter(|&n| orders[n] > orders[n - 1]).collect();
        let mut heaps: Vec<usize> = records.iter().map(|r| r.heap).collect();
        heaps.dedup();
        assert_eq!(heaps, grew, "{text}");
        let mut search = Search {
            game: &game,
            memo: HashMap::new(),
        };
        let mut wrong = 0;
        for n in grew {
            let trials: Vec<&TrialRecord> = records.iter().filter(|r| r.heap == n).collect();
            assert_eq!(trials[0].freed, vec![(vec![n], 2, 2)], "{text}");
            let (last, before) = trials.split_last().unwrap();
            assert_eq!(last.wrong, None, "{text}: {last}");
            assert_eq!(last.reduced, orders[n], "{text}: {last}");
            for (i, r) in trials.iter().enumerate() {
                assert_eq!(r.trial, i + 1, "{text}: {r}");
                assert!(r.reduced <= r.elements, "{r}");
                let heaps = r.freed.iter().flat_map(|(heaps, _, _)| heaps);
                assert!(heaps.clone().all(|&h| h <= n) && heaps.count() > 0, "{r}");
            }
            for r in before {
                let (word, is_p) = r.wrong.clone().expect("a trial not accepted is wrong");
                let sum: Vec<usize> = (word.iter().enumerate())
                    .flat_map(|(h, &e)| std::iter::repeat_n(h, e as usize))
                    .collect();
                assert!(sum.last() == Some(&n), "{text}: {r}");
                assert_eq!(search.is_p(sum), is_p, "{text}: {r}");
                wrong += 1;
            }
        }
        assert!(wrong > 0, "{text}: no trial was wrong");
    }
}

#[test]
fn a_trial_is_written_with_its_sum_in_counts() {
    let record = TrialRecord {
        heap: 12,
        trial: 5,
        freed: vec![(vec![7, 9], 4, 2), (vec![12], 3, 2)],
        elements: 1234,
        reduced: 1100,
        wrong: Some((vec![0, 1, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 4], true)),
    };
    assert_eq!(
        record.to_string(),
        "heap 12, trial 5: freed 7 9 (index 4, period 2), 12 (index 3, period 2); \
         1234 elements, 1100 reduced; 1 + 7×5 + 12×4 is P, predicted N"
    );
    assert_eq!(sum_text(&[0, 0, 0]), "0");
}

/// A heap freed is tried first with the heaps that share its element, as
/// one group (two freed heaps of one element make one), then alone.
#[test]
fn heaps_are_freed_with_those_sharing_their_element_then_alone() {
    // Heaps 1 to 9 with options, largest first; 3, 7 and 9 share an element.
    let active: Vec<usize> = (1..=9).rev().collect();
    let phi = [0, 1, 2, 4, 5, 6, 8, 4, 9, 4];
    assert_eq!(
        build::choices(&[3, 5, 7], &active, &phi),
        vec![
            vec![vec![3, 7, 9], vec![5]],
            vec![vec![3], vec![5], vec![7]]
        ]
    );
    assert_eq!(build::choices(&[5], &active, &phi), vec![vec![vec![5]]]);
}

/// Every sum holding each heap from 1 to `to` at most `most` times.
fn sums_of_each_at_most(to: usize, most: usize) -> Vec<Vec<usize>> {
    let mut all = vec![vec![]];
    for h in 1..=to {
        all = (all.iter())
            .flat_map(|sum| (0..=most).map(move |k| [sum.clone(), vec![h; k]].concat()))
            .collect();
    }
    all
}

/// The order of a quotient is the number of classes of sums that
/// exhaustive search tells apart: two sums G and H are in one class when
/// G + X and H + X have one outcome for every X. Counted here over the
/// sums holding each heap at most twice, G, H and X alike, by the outcomes
/// each sum gives with every X (in these quotients x^3 = x, and sums
/// holding each heap up to three times gave the same counts, in minutes).
/// An independent check of the quotient's elements, none merged and none
/// split, where the tests above check its outcomes.
#[test]
fn the_order_is_the_number_of_classes_search_tells_apart() {
    for (text, to, order) in [("0.77", 5, 12), ("0.312", 4, 12), ("0.75", 5, 8)] {
        let game = code(text);
        let sums = sums_of_each_at_most(to, 2);
        let mut search = Search {
            game: &game,
            memo: HashMap::new(),
        };
        let mut classes = std::collections::HashSet::new();
        for g in &sums {
            let outcomes: Vec<bool> = (sums.iter())
                .map(|x| search.is_p([g.as_slice(), x].concat()))
                .collect();
            classes.insert(outcomes);
        }
        assert_eq!(classes.len(), order, "{text} to {to}");
        assert_eq!(quotient(text, to).order(), order, "{text} to {to}");
    }
}
