//! The families of the catalogue end to end: written as expressions, read
//! by the registry and analysed as sums. (Each family's own test module checks
//! its rules and closed forms below these layers.)

use num_bigint::BigUint;
use num_traits::Zero;

use grundy::{analyze, parse_sum, Error, Outcome};

/// ⌊kφ⌋, the smaller pile of the k-th P-position of Wythoff's game, in exact
/// integers: ⌊(k + isqrt(5k²)) / 2⌋ (√(5k²) is irrational for k > 0).
fn wythoff_lower(k: &BigUint) -> BigUint {
    (k + (k * k * 5u32).sqrt()) >> 1
}
#[test]
fn calendar_bad_dates_are_errors_at_their_column() {
    for text in [
        "calendar 2001-11-05",
        "calendar 1899-12-31",
        "calendar 2001-02-29",
        "calendar 2000-13-01",
        "calendar 2000-00-10",
        "calendar 2000-1-",
        "calendar 20001-01-01",
        "calendar 2000/01/01",
    ] {
        match parse_sum(text) {
            Err(Error::Parse { column: 10, .. }) => {}
            other => panic!("{text}: {other:?}"),
        }
    }
    assert_eq!(
        parse_sum("calendar 2000-2-29").unwrap().expression(),
        "calendar 2000-02-29"
    );
}

/// Who wins Euclid's game from (a, b), by the published rule of POJ 2348
/// (`tests/data/problems/poj2348_euclids_game.json`, `solution_rule`): with
/// a <= b, the player to move wins at once if a divides b or b >= 2a;
/// otherwise the only move is to (b - a, a) and the turn passes.
fn euclid_outcome_by_the_published_rule(a: &BigUint, b: &BigUint) -> Outcome {
    let (mut small, mut large) = if a <= b {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    };
    let mut mover_wins = true;
    loop {
        if (&large % &small).is_zero() || large >= &small * 2u32 {
            return if mover_wins { Outcome::N } else { Outcome::P };
        }
        (small, large) = (&large - &small, small);
        mover_wins = !mover_wins;
    }
}

#[test]
fn the_published_euclid_rule_gives_the_samples_of_poj_2348() {
    // The samples: "34 12" -> Stan (the first player) wins, "15 24" -> Ollie.
    let n = |v: u32| BigUint::from(v);
    assert_eq!(
        euclid_outcome_by_the_published_rule(&n(34), &n(12)),
        Outcome::N
    );
    assert_eq!(
        euclid_outcome_by_the_published_rule(&n(15), &n(24)),
        Outcome::P
    );
}

#[test]
fn euclid_huge_numbers_get_outcome_and_winning_moves() {
    // Consecutive Fibonacci numbers of about 210 digits: every move is
    // forced until the end, so even the search is short.
    let mut f = (BigUint::from(1u32), BigUint::from(2u32));
    for _ in 0..1000 {
        f = (f.1.clone(), f.0 + &f.1);
    }
    let big: BigUint = format!("1{}", "0".repeat(200)).parse().unwrap();
    let pairs = [
        (f.1.clone(), f.0.clone()),
        (big.clone(), BigUint::from(7u32)),
        (BigUint::from(3u32), big.clone()),
        (&f.1 * 3u32, &f.0 * 3u32 + 1u32),
    ];
    // The positions are not all won or all lost, so the rule is put to work.
    let outcomes: Vec<_> = pairs
        .iter()
        .map(|(a, b)| euclid_outcome_by_the_published_rule(a, b))
        .collect();
    assert!(outcomes.contains(&Outcome::P) && outcomes.contains(&Outcome::N));
    for ((a, b), expected) in pairs.iter().zip(outcomes) {
        let expr = format!("euclid {a} {b}");
        let analysis = analyze(&parse_sum(&expr).unwrap()).unwrap();
        assert_eq!(analysis.outcome, expected, "{expr}");
        assert_eq!(
            expected == Outcome::P,
            analysis.winning_moves.is_empty(),
            "{expr}"
        );
        if a == &big || b == &big {
            // A quotient of 10^200: no search, and no nimber.
            assert_eq!(analysis.nimber, None, "{expr}");
        }
        for (_, to) in &analysis.winning_moves {
            let after = analyze(&parse_sum(to).unwrap()).unwrap();
            assert_eq!(after.outcome, Outcome::P, "{to}");
        }
    }
}

#[test]
fn fibonacci_huge_heaps_get_outcome_and_winning_moves() {
    // f.0 and f.1: consecutive Fibonacci numbers of about 210 digits.
    let mut f = (BigUint::from(1u32), BigUint::from(2u32));
    for _ in 0..1000 {
        f = (f.1.clone(), f.0 + &f.1);
    }
    let lost = analyze(&parse_sum(&format!("fibonacci {}", f.0)).unwrap()).unwrap();
    assert_eq!(lost.outcome, Outcome::P);
    assert!(lost.winning_moves.is_empty());

    // Zeckendorf sum 2 + 13 + F, with F = f.0 + f.1 a Fibonacci number.
    let heap = &f.0 + &f.1 + 13u32 + 2u32;
    let won = analyze(&parse_sum(&format!("fibonacci {heap}")).unwrap()).unwrap();
    assert_eq!(won.outcome, Outcome::N);
    assert_eq!(won.nimber, None);
    // Taking 2 wins (13 > 4); so does 2 + 13 (F > 30); not all (limit heap - 1).
    let tos: Vec<&str> = won
        .winning_moves
        .iter()
        .map(|(_, to)| to.as_str())
        .collect();
    assert_eq!(
        tos,
        [
            format!("fibonacci {} 4", &heap - 2u32),
            format!("fibonacci {} 30", &heap - 15u32),
        ]
    );
    for to in tos {
        let after = analyze(&parse_sum(to).unwrap()).unwrap();
        assert_eq!(after.outcome, Outcome::P, "{to}");
    }
}

#[test]
fn fibonacci_bad_positions_are_errors() {
    assert!(parse_sum("fibonacci 5 2 1").is_err());
    assert!(parse_sum("fibonacci").is_err());
    assert!(parse_sum("fibonacci x").is_err());
    // A limit above the heap is the heap.
    let sum = parse_sum("fibonacci 5 10").unwrap();
    assert_eq!(sum.expression(), "fibonacci 5 5");
}

#[test]
fn staircase_huge_staircases_and_sums_of_staircases() {
    let big = "9".repeat(100);
    let analysis =
        analyze(&parse_sum(&format!("staircase {big} 5 1{big} + staircase 2 + nim 7")).unwrap())
            .unwrap();
    assert_eq!(analysis.outcome, Outcome::N);
    // Each staircase is written apart, so that every `to` parses back.
    assert!(analysis.expression.contains(" + staircase 2 + nim 7"));
    assert!(!analysis.winning_moves.is_empty());
    for (_, to) in &analysis.winning_moves {
        let after = parse_sum(to).unwrap();
        assert_eq!(after.nimber().unwrap(), BigUint::zero(), "{to}");
    }
}

/// 200-digit piles: the outcome and every winning move come from the
/// closed form, and each winning move leads to a P-position.
#[test]
fn wythoff_huge_piles_get_outcome_and_winning_moves() {
    let k: BigUint = "7".repeat(200).parse().unwrap();
    let (a, b) = (wythoff_lower(&k), wythoff_lower(&k) + &k);
    let lost = analyze(&parse_sum(&format!("wythoff {a} {b}")).unwrap()).unwrap();
    assert_eq!(lost.outcome, Outcome::P);
    assert_eq!(lost.nimber, Some(BigUint::zero()));
    assert!(lost.winning_moves.is_empty());

    let c: BigUint = "3".repeat(200).parse().unwrap();
    let positions = [
        (&a + 5u32, b.clone()),
        (b.clone(), c.clone()),
        (c.clone(), &c + 1u32),
        (a.clone(), &b + &c),
    ];
    for (x, y) in positions {
        let won = analyze(&parse_sum(&format!("wythoff {x} {y}")).unwrap()).unwrap();
        assert_eq!(won.outcome, Outcome::N, "wythoff {x} {y}");
        assert_eq!(won.nimber, None);
        assert!(!won.winning_moves.is_empty());
        for (_, to) in &won.winning_moves {
            let after = analyze(&parse_sum(to).unwrap()).unwrap();
            assert_eq!(after.outcome, Outcome::P, "{to}");
        }
    }
}

#[test]
fn wythoff_a_huge_position_without_a_nimber_is_unsupported_in_a_sum() {
    let big = "9".repeat(50);
    let sum = parse_sum(&format!("wythoff {big} 1{big} + nim 3")).unwrap();
    let error = analyze(&sum).unwrap_err();
    assert!(matches!(error, Error::Unsupported(_)), "{error}");
    assert!(error.to_string().contains("no closed form"), "{error}");

    // A huge P-position has nimber 0, but its options of other nimbers,
    // which may win in a sum, cannot be found.
    let k: BigUint = big.parse().unwrap();
    let sum = parse_sum(&format!(
        "wythoff {} {} + nim 3",
        wythoff_lower(&k),
        wythoff_lower(&k) + &k
    ));
    let error = analyze(&sum.unwrap()).unwrap_err();
    assert!(matches!(error, Error::Unsupported(_)), "{error}");
}
