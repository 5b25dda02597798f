//! Subtraction games on infinite sets written by name,
//! `subtraction(squares)` and the like, against published data and an
//! independent brute force, in sums and in the nim-sequence engine.

use crate::common::data;
use grundy::error::ErrorKind;
use grundy::sequence::{MethodChoice, Sequence};
use grundy::{analyze, Outcome, Rulesets};

/// Whether the player to move loses each heap 0..=to of the subtraction
/// game on `set`: a heap is lost when every move leads to a won heap.
fn brute_force_losing(set: &[u64], to: u64) -> Vec<bool> {
    let mut losing = Vec::new();
    for n in 0..=to {
        let wins = set
            .iter()
            .take_while(|&&s| s <= n)
            .any(|&s| losing[(n - s) as usize]);
        losing.push(!wins);
    }
    losing
}

/// The `values` of a published table in tests/data.
fn values_of(relative: &str) -> Vec<u64> {
    data(relative)["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

/// The nimbers of heaps 0..=to of a heap ruleset.
fn nimbers(ruleset: &str, to: u64) -> Vec<u64> {
    let heaps: Vec<String> = (0..=to).map(|n| n.to_string()).collect();
    let sum = grundy::parse_sum(&format!("{ruleset} {}", heaps.join(" "))).unwrap();
    sum.components
        .iter()
        .map(|c| u64::try_from(c.nimber(&mut |_| true).unwrap()).unwrap())
        .collect()
}

/// OEIS A030193, the P-positions of subtract-a-square (copied with its
/// source into tests/data), and a brute force of our own to heap 3000.
#[test]
fn subtract_a_square_reproduces_a030193() {
    let published = values_of("sequences/subtract_a_square_p_positions_A030193.json");
    let last = *published.last().unwrap();
    let values = nimbers("subtraction(squares)", 3000);
    let p_positions: Vec<u64> = (0..=last).filter(|&n| values[n as usize] == 0).collect();
    assert_eq!(p_positions, published);

    let squares: Vec<u64> = (1..=60).map(|k| k * k).collect();
    let losing = brute_force_losing(&squares, 3000);
    for (n, (&value, &lost)) in values.iter().zip(&losing).enumerate() {
        assert_eq!(value == 0, lost, "heap {n}");
    }
}

/// OEIS A014586, the nimbers of subtract-a-square (copied with its source
/// into tests/data): the check of `subtraction(squares)`.
#[test]
fn subtract_a_square_reproduces_a014586() {
    let published = values_of("sequences/subtract_a_square_A014586.json");
    let values = nimbers("subtraction(squares)", published.len() as u64 - 1);
    assert_eq!(values, published);
}

/// Each set's P-positions against the brute force, to heap 2000.
#[test]
fn every_set_matches_brute_force() {
    let fibonacci = {
        let mut f = vec![1u64, 2];
        while f.len() < 20 {
            f.push(f[f.len() - 1] + f[f.len() - 2]);
        }
        f
    };
    let primes: Vec<u64> = (2..=2000u64)
        .filter(|&n| (2..n).take_while(|d| d * d <= n).all(|d| n % d != 0))
        .collect();
    let powers: Vec<u64> = (0..12).map(|k| 1 << k).collect();
    for (ruleset, set) in [
        ("subtraction(fibonacci)", fibonacci),
        ("subtraction(primes)", primes),
        ("subtraction(powers-of-two)", powers),
    ] {
        let values = nimbers(ruleset, 2000);
        let losing = brute_force_losing(&set, 2000);
        for (n, (&value, &lost)) in values.iter().zip(&losing).enumerate() {
            assert_eq!(value == 0, lost, "{ruleset} heap {n}");
        }
    }
}

/// In a sum: the XOR rule and winning moves whose `to` parses again.
#[test]
fn a_set_by_formula_plays_in_sums() {
    let mut rulesets = Rulesets::new();
    let sum = rulesets
        .parse_sum("subtraction(squares) 86 + nim 3 + subtraction(primes) 40")
        .unwrap();
    let analysis = analyze(&sum).unwrap();
    assert_eq!(analysis.outcome, Outcome::N);
    assert_eq!(analysis.winning_moves.len(), 6);
    for (_, to) in &analysis.winning_moves {
        let after = analyze(&rulesets.parse_sum(to).unwrap()).unwrap();
        assert_eq!(after.outcome, Outcome::P, "{to}");
    }
}

#[test]
fn powers_of_two_have_a_proven_period_of_three() {
    let ruleset = grundy::ruleset("subtraction(powers-of-two)").unwrap();
    let game = ruleset.heap_game().unwrap();
    let mut sequence = Sequence::new(game, MethodChoice::Auto).unwrap();
    sequence.compute(1000, false, &mut |_| true);
    let report = sequence.report();
    let proof = report.proof.expect("proven");
    assert_eq!(proof.regularity.period.period, 3);
    assert_eq!(proof.regularity.period.preperiod, 0);
    // 10^60 leaves 1 when divided by 3, and so does 2^k for even k: taking
    // 2^k for every even k (1, 4, 16, ...) leaves a multiple of 3, and wins.
    let big = format!("1{}", "0".repeat(60));
    let sum = grundy::parse_sum(&format!("subtraction(powers-of-two) {big}")).unwrap();
    let analysis = analyze(&sum).unwrap();
    assert_eq!(analysis.nimber, Some(1u32.into()));
    let bits = (60.0 * 10f64.log2()).floor() as usize + 1;
    assert_eq!(analysis.winning_moves.len(), bits.div_ceil(2));
    for (_, to) in &analysis.winning_moves {
        let after = analyze(&grundy::parse_sum(to).unwrap()).unwrap();
        assert_eq!(after.outcome, Outcome::P, "{to}");
    }
}

#[test]
fn an_unknown_set_and_a_huge_heap_are_errors() {
    let error = grundy::parse_sum("subtraction(square) 5").unwrap_err();
    assert_eq!(error.kind(), ErrorKind::BadInput);
    assert_eq!(error.column(), Some(13));
    assert!(
        error.to_string().contains("squares, powers-of-two"),
        "{error}"
    );
    let huge = "9".repeat(30);
    let sum = grundy::parse_sum(&format!("subtraction(squares) {huge}")).unwrap();
    let error = analyze(&sum).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Limit, "{error}");
}
