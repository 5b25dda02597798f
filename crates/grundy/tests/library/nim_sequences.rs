//! The nim-sequence engine against published tables (copied into
//! `tests/data/` with their `source`), and its two methods against each other.

use crate::common::data;
use grundy::period::{Period, Regularity};
use grundy::sequence::{MethodChoice, Report, Sequence};
use grundy::take_and_break::TakeAndBreak;
use proptest::prelude::*;
use serde_json::Value;

fn numbers(v: &Value) -> Vec<u32> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as u32)
        .collect()
}

fn code(text: &str) -> TakeAndBreak {
    TakeAndBreak::parse(text, false).unwrap()
}

/// Computes a code's sequence to heap `to` (or until its period is proven,
/// and then on to `to` if `full`).
fn run(code: TakeAndBreak, method: MethodChoice, to: usize, full: bool) -> (Vec<u32>, Report) {
    let mut sequence = Sequence::of_code(code, method);
    sequence.compute(to, full, &mut |_| true);
    (sequence.values().to_vec(), sequence.report())
}

fn proven(report: &Report) -> Period {
    let proof = report.proof.as_ref().expect("a proven period");
    assert_eq!(proof.theorem, "octal periodicity theorem");
    assert_eq!(proof.regularity.saltus, 0);
    proof.regularity.period
}

/// OEIS A002186: Kayles (0.77), period 12 from heap 71.
#[test]
fn kayles_reproduces_oeis_a002186() {
    let oeis = data("sequences/kayles_A002186.json");
    let published = numbers(&oeis["values"]);
    let (values, report) = run(code("0.77"), MethodChoice::Auto, 10_000, false);
    assert_eq!(values[..published.len()], published[..]);
    let period = proven(&report);
    assert_eq!(
        period,
        Period {
            preperiod: 71,
            period: 12
        }
    );
    // The theorem needs G(n + 12) = G(n) for 71 <= n < 2*71 + 12 + 2.
    assert_eq!(report.proof.unwrap().needs, 2 * 71 + 2 * 12 + 2);
}

/// OEIS A002187: Dawson's Chess (0.137), period 34 with the last exception
/// at 51; Dawson's Kayles (0.07) has the same values shifted by one heap.
#[test]
fn dawson_reproduces_oeis_a002187() {
    let oeis = data("sequences/dawsons_chess_A002187.json");
    let published = numbers(&oeis["values"]);
    let (chess, report) = run(code("0.137"), MethodChoice::Auto, 10_000, false);
    assert_eq!(chess[..published.len()], published[..]);
    assert_eq!(
        proven(&report),
        Period {
            preperiod: 52,
            period: 34
        }
    );

    let (kayles, report) = run(code("0.07"), MethodChoice::Auto, 10_000, false);
    assert_eq!(kayles[0], 0);
    assert_eq!(kayles[1..=published.len()], published[..]);
    assert_eq!(
        proven(&report),
        Period {
            preperiod: 53,
            period: 34
        }
    );
}

/// OEIS A002188: Grundy's game. No period is known, nor proven here.
#[test]
fn grundys_game_reproduces_oeis_a002188() {
    let oeis = data("sequences/grundys_game_A002188.json");
    let published = numbers(&oeis["values"]);
    for method in [MethodChoice::Naive, MethodChoice::Sparse] {
        let (values, report) = run(TakeAndBreak::grundys_game(), method, 2000, false);
        assert_eq!(values[..published.len()], published[..]);
        assert_eq!(report.proof, None);
    }
}

/// tczajka/octal-games, TrivialGames.md: every row of the subset, its
/// values and its period, proven by the periodicity theorem.
#[test]
fn octal_games_reproduce_the_trivial_games_table() {
    let table = data("octal/octal_trivial_games_subset.json");
    for row in table["rows"].as_array().unwrap() {
        let game = row["game"].as_str().unwrap();
        let pre = numbers(&row["preperiod_values"]);
        let per = numbers(&row["period_values"]);
        let expected = Period {
            preperiod: row["prefix"].as_u64().unwrap() as usize,
            period: row["period"].as_u64().unwrap() as usize,
        };
        let (values, report) = run(code(game), MethodChoice::Auto, 100_000, false);
        assert_eq!(proven(&report), expected, "octal {game}");
        for (n, &g) in values.iter().enumerate() {
            let published = match n.checked_sub(pre.len()) {
                None => pre[n],
                Some(past) => per[past % per.len()],
            };
            assert_eq!(g, published, "octal {game}, heap {n}");
        }
    }
}

#[test]
fn a_period_that_is_not_proven_is_reported_as_observed() {
    // Kayles to heap 120: period 12 seen from 71, but the proof needs 168.
    let (values, report) = run(code("0.77"), MethodChoice::Auto, 120, false);
    assert_eq!(values.len(), 121);
    assert_eq!(report.proof, None);
    assert_eq!(
        report.regularity,
        Some(Regularity {
            period: Period {
                preperiod: 71,
                period: 12
            },
            saltus: 0
        })
    );
}

#[test]
fn full_computes_past_the_proof() {
    let (values, report) = run(code("0.77"), MethodChoice::Auto, 1000, true);
    assert_eq!(values.len(), 1001);
    let period = proven(&report);
    assert!((71..1001 - 12).all(|n| values[n + 12] == values[n]));
    assert_eq!(period.period, 12);
}

/// A random take-and-break code: up to four digits after the point, and a
/// split-only digit before it now and then.
fn random_code(hexadecimal: bool) -> impl Strategy<Value = TakeAndBreak> {
    let digit = if hexadecimal { 0..16u8 } else { 0..8u8 };
    (prop::bool::ANY, prop::collection::vec(digit, 1..=4)).prop_map(move |(split, digits)| {
        let before = if split { "4" } else { "0" };
        let after: String = digits
            .iter()
            .map(|&d| char::from_digit(d as u32, 16).unwrap())
            .collect();
        TakeAndBreak::parse(&format!("{before}.{after}"), hexadecimal).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The sparse-space method agrees with the naive one on every heap.
    #[test]
    fn sparse_agrees_with_naive(code in random_code(false)) {
        let (naive, _) = run(code.clone(), MethodChoice::Naive, 1500, true);
        let (sparse, _) = run(code, MethodChoice::Sparse, 1500, true);
        prop_assert_eq!(naive, sparse);
    }

    /// Hexadecimal codes split into three heaps, so the naive method's
    /// work grows as the cube of the heap: 400 heaps, not 1,500.
    #[test]
    fn sparse_agrees_with_naive_on_hexadecimal_codes(code in random_code(true)) {
        let (naive, _) = run(code.clone(), MethodChoice::Naive, 400, true);
        let (sparse, _) = run(code, MethodChoice::Sparse, 400, true);
        prop_assert_eq!(naive, sparse);
    }
}

/// The thread count is asked only where a second thread could serve: never
/// for a game whose values stay below 128, once for one whose values reach
/// it (asking costs the command line milliseconds of looking at the cores).
#[test]
fn threads_are_asked_only_once_values_reach_128() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    for (text, wide) in [("0.56", false), ("0.376", true)] {
        let asked = Arc::new(AtomicUsize::new(0));
        let mut sequence = Sequence::of_code(code(text), MethodChoice::Auto);
        let count = asked.clone();
        sequence.set_threads(move || {
            count.fetch_add(1, Ordering::SeqCst);
            2
        });
        sequence.compute(20_000, true, &mut |_| true);
        let largest = sequence.values().to_vec().into_iter().max().unwrap();
        assert_eq!(largest >= 128, wide, "{text}: largest value {largest}");
        assert_eq!(asked.load(Ordering::SeqCst), usize::from(wide), "{text}");
    }
}
