//! Misère quotients (Plambeck and Siegel): the published order of Dawson's
//! Kayles' quotient, Plambeck's misère analysis of 0.312, and `analyze
//! --misere` of sums of heaps of one heap game, answered from the quotient,
//! against exhaustive misère search.

use crate::common;

use grundy::misere::quotient::{Limits, Quotient};
use grundy::sum::MisereSearch;
use grundy::{analyze_misere, parse_sum, ruleset, Outcome, Sum};

fn quotient(name: &str, to: usize) -> Quotient {
    let built = ruleset(name).unwrap();
    let game = built.heap_game().expect("a heap game");
    Quotient::compute(game, to, Limits::default(), &mut |_| true, &|| false).unwrap()
}

/// Exhaustive search's outcome and winning moves, the moves sorted.
fn searched(search: &mut MisereSearch, sum: &Sum) -> (Outcome, Vec<String>) {
    let (outcome, mut to) = common::misere_searched(search, sum);
    to.sort();
    (outcome, to)
}

/// Every sum of 1 to 4 Dawson's Kayles heaps, each at most 12 (the bound
/// of the issue): the outcome and the set of winning moves from the
/// quotient are those of exhaustive search.
#[test]
#[ignore = "slow: CI runs it (cargo test --workspace -- --ignored)"]
fn dawson_kayles_sums_agree_with_exhaustive_search() {
    let mut search = MisereSearch::new(50_000_000);
    let mut sums: Vec<Vec<usize>> = vec![vec![]];
    for _ in 0..4 {
        sums = sums
            .iter()
            .flat_map(|heaps| {
                let least = heaps.last().copied().unwrap_or(0);
                (least..=12).map(move |h| {
                    let mut longer = heaps.clone();
                    longer.push(h);
                    longer
                })
            })
            .collect();
        for heaps in &sums {
            let words: Vec<String> = heaps.iter().map(usize::to_string).collect();
            let expression = format!("octal(0.07) {}", words.join(" "));
            let sum = parse_sum(&expression).unwrap();
            let answer = analyze_misere(&sum).unwrap();
            let mut to: Vec<String> = answer
                .winning_moves
                .iter()
                .map(|(_, to)| to.clone())
                .collect();
            to.sort();
            assert_eq!(
                (answer.outcome, to),
                searched(&mut search, &sum),
                "{expression}"
            );
        }
    }
}

/// Plambeck and Siegel, "Misère quotients for impartial games", JCTA 115
/// (2008): the quotient of Dawson's Kayles (0.07) with heaps up to 30 has
/// 360 elements (the figure issue 21 quotes). From the same quotient, a sum
/// of 100 heaps up to 30 is answered at once: every winning move leads to a
/// P-position, and a sum is N exactly when it has one.
#[test]
#[ignore = "slow: CI runs it (cargo test --workspace -- --ignored)"]
fn dawson_kayles_to_heap_30_has_360_elements_and_answers_100_heaps() {
    let q = quotient("octal(0.07)", 30);
    assert_eq!(q.order(), 360);
    assert_eq!(q.order() % 2, 0);

    let heaps: Vec<usize> = (0..100).map(|i| (i * 7 + 3) % 31).collect();
    let words: Vec<String> = heaps.iter().map(usize::to_string).collect();
    let sum = parse_sum(&format!("octal(0.07) {}", words.join(" "))).unwrap();
    let answer = analyze_misere(&sum).unwrap();
    assert_eq!(answer.outcome, q.outcome(&heaps).unwrap());
    assert_eq!(
        answer.winning_moves.len(),
        q.winning_moves(&heaps).unwrap().len()
    );
    assert_eq!(
        answer.outcome == Outcome::N,
        !answer.winning_moves.is_empty()
    );
    for (_, to) in answer.winning_moves.iter().take(20) {
        let after = parse_sum(to).unwrap();
        let to_heaps: Vec<usize> = after
            .components
            .iter()
            .map(|c| c.heap().unwrap().0)
            .collect();
        assert_eq!(q.outcome(&to_heaps).unwrap(), Outcome::P, "{to}");
    }
}

fn numbers(value: &serde_json::Value) -> Vec<usize> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap() as usize)
        .collect()
}

/// Plambeck's misère analysis of 0.312 (`data/misere/plambeck_0312.json`,
/// his page on plambeck.org): the single heaps that are misère P (from the
/// genus sequence), the heaps whose stand-ins in the quotient are equal or
/// distinct, and A + A = :0 for the heap A of 4, whose sum is N.
#[test]
fn plambeck_misere_analysis_of_0312() {
    let data = common::data("misere/plambeck_0312.json");
    let read = &data["read_as"];
    let q = quotient("octal(0.312)", 12);
    let p_heaps: Vec<usize> = (1..=12)
        .filter(|&h| q.outcome(&[h]).unwrap() == Outcome::P)
        .collect();
    assert_eq!(p_heaps, numbers(&read["single_heap_p_positions_up_to_12"]));
    for class in read["heaps_with_equal_images"].as_array().unwrap() {
        let images: Vec<u32> = numbers(class).iter().map(|&h| q.heap_image(h)).collect();
        assert!(
            images.windows(2).all(|w| w[0] == w[1]),
            "{class}: {images:?}"
        );
    }
    let mut distinct: Vec<u32> = numbers(&read["heaps_with_distinct_images"])
        .iter()
        .map(|&h| q.heap_image(h))
        .collect();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 5);
    let a_a = numbers(&read["sum_equal_to_the_empty_sum"]);
    assert_eq!(q.image(&a_a).unwrap(), q.image(&[]).unwrap());
    assert_eq!(
        q.outcome(&a_a).unwrap() == Outcome::P,
        read["sum_4_4_is_misere_p"].as_bool().unwrap()
    );
    // Every finite impartial quotient has even order (Plambeck and Siegel).
    assert_eq!(q.order() % 2, 0);
}
