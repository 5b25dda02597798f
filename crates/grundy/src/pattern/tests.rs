//! The pattern finder recovers known rules from values computed here by
//! brute force (small mex loops and searches written in the tests, never the
//! catalogue's closed forms).

use std::collections::{BTreeSet, HashMap};

use super::*;

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let seen: BTreeSet<u64> = values.into_iter().collect();
    (0..).find(|g| !seen.contains(g)).unwrap()
}

/// G(0..=to) of a heap game whose options of heap n are the heap sums
/// `options(n)` (the value of a sum is the XOR of its heaps).
fn heap_values(to: usize, options: impl Fn(usize) -> Vec<Vec<usize>>) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=to {
        let values = options(n)
            .into_iter()
            .map(|sum| sum.iter().fold(0, |x, &h| x ^ g[h]));
        g.push(mex(values));
    }
    g
}

fn nimbers(values: &[u64]) -> Vec<Entry> {
    values.iter().map(|&g| Entry::Nimber(g)).collect()
}

fn sequence(rule: SequenceRule) -> Option<Formula> {
    Some(Formula::Sequence(rule))
}

fn rejected<'a>(pattern: &'a Pattern, candidate: &str) -> &'a Rejected {
    pattern
        .rejected
        .iter()
        .find(|r| r.candidate == candidate)
        .unwrap_or_else(|| panic!("{candidate} not among {:?}", pattern.rejected))
}

fn subtraction(set: &[usize], to: usize) -> Vec<u64> {
    heap_values(to, |n| {
        set.iter()
            .filter(|&&s| s <= n)
            .map(|&s| vec![n - s])
            .collect()
    })
}

fn bash(m: usize, to: usize) -> Vec<u64> {
    subtraction(&(1..=m).collect::<Vec<_>>(), to)
}

#[test]
fn bash_is_n_mod_m_plus_one() {
    for m in 1..=6u64 {
        let values = nimbers(&bash(m as usize, 100));
        let pattern = find_sequence(&values, Some(m), None);
        assert_eq!(
            pattern.formula,
            sequence(SequenceRule::Modulo {
                modulus: m + 1,
                of_k: Some(1)
            })
        );
        assert_eq!(pattern.description, "G(n) = n mod (k+1)");
        assert_eq!(pattern.checked_to.last(), Some(At::Heap(100)));
        assert_eq!(pattern.proven, None);
        // G(n) = n is the one simpler candidate, and fails at n = m + 1.
        assert_eq!(
            pattern.rejected,
            [Rejected {
                candidate: "G(n) = n".to_string(),
                k: None,
                at: At::Heap(m as usize + 1),
                expected: Entry::Nimber(m + 1),
                found: Entry::Nimber(0),
            }]
        );
    }
    // Without the parameter, the modulus is a number.
    let pattern = find_sequence(&nimbers(&bash(3, 40)), None, None);
    assert_eq!(pattern.description, "G(n) = n mod 4");
}

#[test]
fn bash_has_one_rule_for_every_k() {
    let values: Vec<(u64, Vec<Entry>)> = (1..=6)
        .map(|m| (m, nimbers(&bash(m as usize, 60))))
        .collect();
    let members: Vec<(u64, &[Entry])> = values.iter().map(|(k, v)| (*k, &v[..])).collect();
    let family = find_by_parity(&members);
    assert_eq!(family.classes.len(), 1);
    assert_eq!(family.classes[0].parity, Parity::Every);
    assert_eq!(family.classes[0].ks, [1, 2, 3, 4, 5, 6]);
    assert_eq!(family.description, "every k: G(n) = n mod (k+1)");
}

#[test]
fn subtraction_1_3_4_has_period_7() {
    let values = nimbers(&subtraction(&[1, 3, 4], 100));
    let pattern = find_sequence(&values, None, None);
    assert_eq!(
        pattern.formula,
        sequence(SequenceRule::Regular {
            regularity: step_regularity(0, 7, 0),
            start: vec![0, 1, 0, 1, 2, 3, 2],
        })
    );
    assert_eq!(pattern.description, "periodic with period 7: 0 1 0 1 2 3 2");
    // The plausible n mod 2 (0 1 0 1 ...) is rejected where it first fails.
    let modulo = rejected(&pattern, "G(n) = n mod 2");
    assert_eq!(
        (modulo.at, modulo.expected, modulo.found),
        (At::Heap(4), Entry::Nimber(0), Entry::Nimber(2))
    );
    let identity = rejected(&pattern, "G(n) = n");
    assert_eq!(
        (identity.at, identity.expected, identity.found),
        (At::Heap(2), Entry::Nimber(2), Entry::Nimber(0))
    );
    // Observed is not proven.
    assert_eq!(pattern.proven, None);
}

#[test]
fn a_proof_is_reported_only_when_it_covers_the_formula() {
    let values = nimbers(&subtraction(&[1, 3, 4], 100));
    let proof = |r| find_sequence(&values, None, Some((r, "the repeated window"))).proven;
    assert_eq!(
        proof(step_regularity(0, 7, 0)),
        Some("the repeated window".to_string())
    );
    // A multiple of the period, from later on, proves it too.
    assert_eq!(
        proof(step_regularity(10, 14, 0)),
        Some("the repeated window".to_string())
    );
    // A "proof" these values do not follow proves nothing.
    assert_eq!(proof(step_regularity(0, 3, 0)), None);

    // n mod 4 found on G(0..=5) of bash(3), with a proof of period 8: the
    // two agree for ever only if checked over a whole period of 8.
    let short = nimbers(&bash(3, 5));
    let pattern = find_sequence(
        &short,
        None,
        Some((step_regularity(0, 8, 0), "closed form")),
    );
    assert_eq!(pattern.description, "G(n) = n mod 4");
    assert_eq!(pattern.proven, None);
    let long = nimbers(&bash(3, 7));
    let pattern = find_sequence(&long, None, Some((step_regularity(0, 8, 0), "closed form")));
    assert_eq!(pattern.proven, Some("closed form".to_string()));
}

/// Lasker's Nim: take any number from a heap, or split it into two.
#[test]
fn lasker_is_arithmetically_periodic() {
    let values = heap_values(80, |n| {
        let takes = (0..n).map(|m| vec![m]);
        let splits = (1..n).filter(|a| 2 * a <= n).map(|a| vec![a, n - a]);
        takes.chain(splits).collect()
    });
    let pattern = find_sequence(&nimbers(&values), None, None);
    assert_eq!(
        pattern.formula,
        sequence(SequenceRule::Regular {
            regularity: step_regularity(1, 4, 4),
            start: vec![0, 1, 2, 4, 3],
        })
    );
    assert!(pattern
        .rejected
        .iter()
        .any(|r| r.candidate.starts_with("periodic")));
}

/// Divisor Nim: from n take a divisor d of n with d < n.
#[test]
fn divisor_nim_is_the_2_adic_valuation() {
    let values = heap_values(200, |n| {
        (1..n).filter(|d| n % d == 0).map(|d| vec![n - d]).collect()
    });
    let pattern = find_sequence(&nimbers(&values), None, None);
    assert_eq!(
        pattern.formula,
        sequence(SequenceRule::Bits {
            function: BitFunction::Valuation,
            at_zero: 0
        })
    );
    assert_eq!(
        pattern.description,
        "G(n) = the 2-adic valuation of n (its trailing zero bits) for n >= 1, and G(0) = 0"
    );
    let candidates: Vec<&str> = pattern.rejected.iter().map(|r| &r.candidate[..]).collect();
    assert_eq!(candidates, ["G(n) = n", "G(n) = n mod m"]);
}

/// Fibonacci nim: the first move may not take the whole heap; each later
/// move takes at most twice the previous one. Positions (heap, limit).
fn fibonacci_nim_outcomes(to: usize) -> Vec<Entry> {
    fn wins(n: usize, limit: usize, memo: &mut HashMap<(usize, usize), bool>) -> bool {
        if let Some(&w) = memo.get(&(n, limit)) {
            return w;
        }
        let w = (1..=limit.min(n)).any(|k| !wins(n - k, (2 * k).min(n - k), memo));
        memo.insert((n, limit), w);
        w
    }
    let mut memo = HashMap::new();
    (0..=to)
        .map(|n| Entry::Outcome(Outcome::from_mover_wins(n > 0 && wins(n, n - 1, &mut memo))))
        .collect()
}

#[test]
fn fibonacci_nim_p_positions_are_the_fibonacci_numbers() {
    let outcomes = fibonacci_nim_outcomes(150);
    let pattern = find_sequence(&outcomes, None, None);
    assert_eq!(
        pattern.formula,
        sequence(SequenceRule::Set {
            set: NamedSet::Fibonacci,
            exceptions: vec![]
        })
    );
    assert_eq!(
        pattern.description,
        "P-positions: the Fibonacci numbers 0, 1, 2, 3, 5, 8, ..."
    );
    // With outcomes alone, the rules on nimbers are not tried.
    assert!(pattern
        .rejected
        .iter()
        .all(|r| r.candidate.starts_with("P-positions")));
    // The powers of two fit 0..=3 with exceptions 0 and 3, and fail at 4.
    let powers = rejected(&pattern, "P-positions: the powers of two 1, 2, 4, 8, ...");
    assert_eq!(
        (powers.at, powers.expected, powers.found),
        (
            At::Heap(4),
            Entry::Outcome(Outcome::P),
            Entry::Outcome(Outcome::N)
        )
    );
}

/// Lieges of Legendre: take one token, or replace a heap of 2x by k heaps
/// of x.
fn lieges(k: usize, to: usize) -> Vec<u64> {
    heap_values(to, |n| {
        let mut options = Vec::new();
        if n >= 1 {
            options.push(vec![n - 1]);
        }
        if n >= 2 && n % 2 == 0 {
            options.push(vec![n / 2; k]);
        }
        options
    })
}

#[test]
fn lieges_splits_by_the_parity_of_k() {
    let values: Vec<(u64, Vec<Entry>)> = (1..=6)
        .map(|k| (k, nimbers(&lieges(k as usize, 120))))
        .collect();
    let members: Vec<(u64, &[Entry])> = values.iter().map(|(k, v)| (*k, &v[..])).collect();
    let family = find_by_parity(&members);
    let [odd, even] = &family.classes[..] else {
        panic!("two classes: {family:?}");
    };
    assert_eq!((odd.parity, &odd.ks[..]), (Parity::Odd, &[1, 3, 5][..]));
    assert_eq!((even.parity, &even.ks[..]), (Parity::Even, &[2, 4, 6][..]));
    // Even k: 0 1 2, then 0 1 0 1 ...
    assert_eq!(
        even.pattern.formula,
        sequence(SequenceRule::Regular {
            regularity: step_regularity(3, 2, 0),
            start: vec![0, 1, 2, 0, 1],
        })
    );
    // Odd k: no rule for the nimbers, but the P-positions are 0, 2 and
    // the odd numbers from 5 on.
    assert_eq!(
        odd.pattern.description,
        "P-positions: n mod 2 = 1, for n >= 4; below 4: 0, 2"
    );
    assert_eq!(
        family.description,
        format!(
            "odd k: {}; even k: {}",
            odd.pattern.description, even.pattern.description
        )
    );
    assert!(odd.pattern.rejected.iter().all(|r| r.k == Some(1)));
}

#[test]
fn a_rule_must_fit_every_member_of_a_class() {
    // subtraction(1,3,4) and bash(1) share 0 1 0 1 up to n = 3: the n mod 2
    // of bash(1) fails on the other member at n = 4.
    let a = nimbers(&bash(1, 40));
    let b = nimbers(&subtraction(&[1, 3, 4], 40));
    let family = find_by_parity(&[(1, &a), (3, &b)]);
    let odd = &family.classes[0];
    assert_eq!(odd.parity, Parity::Odd);
    let miss = rejected(&odd.pattern, "G(n) = n mod (k+1)");
    assert_eq!(miss.k, Some(3));
    assert_eq!(
        (miss.at, miss.expected, miss.found),
        (At::Heap(2), Entry::Nimber(2), Entry::Nimber(0))
    );
}

/// The lower Wythoff numbers, built as the notes build Wythoff's pairs: the
/// k-th pair takes the least number not used yet and the next difference k.
fn lower_wythoff(to: u64) -> BTreeSet<u64> {
    let (mut used, mut lower) = (BTreeSet::new(), BTreeSet::new());
    for k in 1.. {
        let a = (1..).find(|x| !used.contains(x)).unwrap();
        if a > to {
            break;
        }
        used.extend([a, a + k]);
        lower.insert(a);
    }
    lower
}

#[test]
fn p_positions_as_a_beatty_sequence() {
    let lower = lower_wythoff(300);
    let outcomes: Vec<Entry> = (0..=300)
        .map(|n| Entry::Outcome(Outcome::from_nimber_is_zero(lower.contains(&n))))
        .collect();
    let pattern = find_sequence(&outcomes, None, None);
    assert_eq!(
        pattern.description,
        "P-positions: floor(k*phi) for k >= 1, the complement of floor(k*phi^2)"
    );
    // Their complement is found with the other irrational; 0 is excepted.
    let complement: Vec<Entry> = (0..=300)
        .map(|n| Entry::Outcome(Outcome::from_nimber_is_zero(n > 0 && !lower.contains(&n))))
        .collect();
    let pattern = find_sequence(&complement, None, None);
    assert_eq!(
        pattern.formula,
        sequence(SequenceRule::Set {
            set: NamedSet::Beatty {
                alpha: PHI_SQUARED,
                complement: PHI
            },
            exceptions: vec![]
        })
    );
}

#[test]
fn floor_times_is_exact_for_large_k() {
    // floor(k phi) for k = 10^18 is 1618033988749894848 (phi =
    // 1.6180339887498948482045...).
    assert_eq!(PHI.floor_times(10u64.pow(18)), 1_618_033_988_749_894_848);
    // Past u128 squares: t = floor(k sqrt 2) is the t with t^2 <= 2k^2 < (t+1)^2.
    let k = BigUint::from(u64::MAX);
    let t = BigUint::from(SQRT_2.floor_times(u64::MAX));
    let twice = &k * &k * 2u32;
    assert!(&t * &t <= twice && twice < (&t + 1u32) * (&t + 1u32));
}

#[test]
fn values_without_a_simple_rule_are_said_so() {
    // The number of divisors of n, mod 3: neither periodic nor a bit
    // function, with P-positions (squares of primes, ...) in no simple set.
    let values: Vec<u64> = (0..200u64)
        .map(|n| (1..=n).filter(|d| n % d == 0).count() as u64 % 3)
        .collect();
    let pattern = find_sequence(&nimbers(&values), None, None);
    assert_eq!(pattern.formula, None);
    assert_eq!(
        pattern.description,
        "no candidate fits every value, n = 0..=199"
    );
    // Every candidate was tried, and each names where it fails.
    assert_eq!(
        pattern.rejected.len(),
        SEQUENCE_CANDIDATES.len(),
        "{:#?}",
        pattern.rejected
    );
    for r in &pattern.rejected {
        let At::Heap(n) = r.at else { panic!() };
        assert!(n < 200 && r.expected != r.found, "{r:?}");
    }
}

/// Values of a two-number game by brute force: `options(a, b)`.
fn pair_table(to: u64, options: impl Fn(u64, u64) -> Vec<(u64, u64)>) -> Table {
    let mut g = HashMap::new();
    for a in 0..=to {
        for b in 0..=to {
            let value = mex(options(a, b).into_iter().map(|o| g[&o]));
            g.insert((a, b), value);
        }
    }
    Table::new(0..=to, 0..=to, |a, b| Ok(Entry::Nimber(g[&(a, b)]))).unwrap()
}

#[test]
fn wythoff_p_positions_are_the_beatty_pairs() {
    let table = pair_table(59, |a, b| {
        let one = (0..a).map(|x| (x, b)).chain((0..b).map(|y| (a, y)));
        one.chain((1..=a.min(b)).map(|t| (a - t, b - t))).collect()
    });
    let pattern = find_table(&table);
    assert_eq!(
        pattern.formula,
        Some(Formula::Table(TableRule::BeattyPairs {
            alpha: PHI,
            gap: 1
        }))
    );
    assert!(pattern.description.contains("Wythoff's pairs"));
    assert_eq!(pattern.checked_to.last(), Some(At::Pair(59, 59)));
    // Nim's XOR rule is the plausible candidate; it fails at (1, 1).
    let xor = rejected(&pattern, "G(a, b) = a XOR b");
    assert_eq!(
        (xor.at, xor.expected, xor.found),
        (At::Pair(1, 1), Entry::Nimber(0), Entry::Nimber(2))
    );
    let diagonal = rejected(&pattern, "P-positions: a = b");
    assert_eq!(
        (diagonal.at, diagonal.expected, diagonal.found),
        (
            At::Pair(1, 1),
            Entry::Outcome(Outcome::P),
            Entry::Outcome(Outcome::N)
        )
    );
}

#[test]
fn two_independent_heaps_are_their_sum() {
    // bash(2) on a, bash(3) on b.
    let table = pair_table(30, |a, b| {
        let first = (1..=2.min(a)).map(|t| (a - t, b));
        first.chain((1..=3.min(b)).map(|t| (a, b - t))).collect()
    });
    let pattern = find_table(&table);
    assert_eq!(
        pattern.description,
        "G(a, b) = G(a, 0) XOR G(0, b): the two numbers are independent heaps"
    );
}

/// Euclid's game: subtract a positive multiple of the smaller number from
/// the larger; a position with a zero is finished (the player to move lost).
#[test]
fn euclid_p_positions_follow_the_golden_ratio() {
    let to: u64 = 60;
    let mut wins: HashMap<(u64, u64), bool> = HashMap::new();
    for s in 0..=2 * to {
        for a in s.saturating_sub(to)..=s.min(to) {
            let b = s - a;
            let (high, low) = (a.max(b), a.min(b));
            let w = low > 0
                && (1..=high / low).any(|j| {
                    let (x, y) = if a >= b {
                        (a - j * b, b)
                    } else {
                        (a, b - j * a)
                    };
                    !wins[&(x, y)]
                });
            wins.insert((a, b), w);
        }
    }
    let table = Table::new(0..=to, 0..=to, |a, b| {
        Ok(Entry::Outcome(Outcome::from_mover_wins(wins[&(a, b)])))
    })
    .unwrap();
    let pattern = find_table(&table);
    assert_eq!(pattern.formula, Some(Formula::Table(TableRule::Euclid)));
    // With outcomes alone, only the rules on P-positions are tried.
    assert_eq!(pattern.rejected[0].candidate, "P-positions: a = b");
}

/// Kiki's game (HDU 2147): a token in the top-right corner of an n x m
/// board moves one cell left, down, or down-left; who cannot move loses.
/// The published rule: the first player loses exactly when n and m are
/// both odd.
#[test]
fn kikis_game_p_positions_are_a_parity_class() {
    let to: u64 = 30;
    let mut wins: HashMap<(u64, u64), bool> = HashMap::new();
    for n in 1..=to {
        for m in 1..=to {
            let options = [(n, m - 1), (n - 1, m), (n - 1, m - 1)];
            let w = (options.iter()).any(|&(x, y)| x >= 1 && y >= 1 && !wins[&(x, y)]);
            wins.insert((n, m), w);
        }
    }
    let table = Table::new(1..=to, 1..=to, |n, m| {
        Ok(Entry::Outcome(Outcome::from_mover_wins(wins[&(n, m)])))
    })
    .unwrap();
    let pattern = find_table(&table);
    let rule = TableRule::Residues {
        modulus: 2,
        classes: vec![(1, 1)],
    };
    assert_eq!(pattern.formula, Some(Formula::Table(rule)));
    assert_eq!(
        pattern.description,
        "P-positions: a odd and b odd: the P-positions are residue classes modulo 2"
    );
    assert_eq!(pattern.proven, None);
    // P-positions in no residue class: every modulus is tried, and each
    // rejection names a position where it fails.
    let table = Table::new(0..=20, 0..=20, |a, b| {
        Ok(Entry::Outcome(Outcome::from_nimber_is_zero(b == 2 * a + 1)))
    })
    .unwrap();
    let pattern = find_table(&table);
    assert_eq!(pattern.formula, None);
    for m in [3, 4] {
        let named = |r: &&Rejected| r.candidate.contains(&format!("mod {m}"));
        let r = pattern.rejected.iter().find(named).unwrap();
        let At::Pair(a, b) = r.at else { panic!() };
        assert_eq!(r.found, table.get(a, b).unwrap());
        assert_ne!(r.expected, r.found);
    }
    assert!(pattern
        .rejected
        .iter()
        .any(|r| r.candidate.contains(" odd")));
}

/// A rule on residue classes modulo 3, found from the classes that hold P
/// and checked on every position.
#[test]
fn p_positions_in_residue_classes_modulo_3() {
    let table = Table::new(0..=20, 0..=20, |a, b| {
        Ok(Entry::Outcome(Outcome::from_nimber_is_zero(
            (a + b) % 3 == 0,
        )))
    })
    .unwrap();
    let pattern = find_table(&table);
    assert_eq!(
        pattern.description,
        "P-positions: (a mod 3, b mod 3) in {(0, 0), (1, 2), (2, 1)}: the P-positions are \
         residue classes modulo 3"
    );
    // Modulo 2 the P-positions fill every class, so no rule is tried.
    assert!(!pattern
        .rejected
        .iter()
        .any(|r| r.candidate.contains(" odd")));
}

/// HDU 1517 ("A Multiplication Game") as a game of m = ceil(n / p): a move
/// takes m to ceil(m / k) for k = 2..=9, and m <= 1 has none.
fn multiplication_options(m: usize) -> Vec<Vec<usize>> {
    match m {
        0 | 1 => Vec::new(),
        _ => (2..=9).map(|k| vec![m.div_ceil(k)]).collect(),
    }
}

/// The published rule of HDU 1517 (the same problem as UVa 847 and POJ
/// 2505; its solutions, e.g. liukaipeng's of 2008-11-24 at
/// http://blog.csdn.net/liukaipeng/archive/2008/11/24/3363601.aspx, give
/// Stan, who starts, [2, 9], Ollie [10, 18], Stan [19, 162], Ollie
/// [163, 324], each range 18 times the one before): Ollie wins exactly for
/// n in [9*18^k + 1, 18^(k+1)]. The values are computed here by a mex
/// loop; the finder reports that rule, observed, with the ratio 18 taken
/// from the data.
#[test]
fn hdu_1517_p_positions_are_intervals_growing_by_18() {
    let to = 100_000;
    let values = heap_values(to, multiplication_options);
    let ollie = |n: usize| values[n] == 0;
    // The published intervals, and Stan's between them.
    for (interval, second_wins) in [
        (2..=9, false),
        (10..=18, true),
        (19..=162, false),
        (163..=324, true),
    ] {
        assert!(
            interval.clone().all(|n| ollie(n) == second_wins),
            "{interval:?}"
        );
    }
    let published = |n: usize| {
        let mut k = 1;
        while 9 * k < n {
            if n <= 18 * k {
                return true;
            }
            k *= 18;
        }
        false
    };
    assert!((2..=to).all(|n| ollie(n) == published(n)));
    // The problem's samples: 162 and 34012226 are Stan's, 17 Ollie's.
    assert!(!published(162) && published(17) && !published(34_012_226));
    let expected = sequence(SequenceRule::Intervals {
        intervals: GeometricIntervals {
            ratio: 18,
            low: 9,
            low_offset: 1,
            high: 18,
            high_offset: 0,
        },
        exceptions: vec![0, 1],
    });
    // From the nimbers, and from the outcomes alone.
    let outcomes: Vec<Entry> = (0..=to)
        .map(|n| Entry::Outcome(Outcome::from_nimber_is_zero(ollie(n))))
        .collect();
    for entries in [nimbers(&values), outcomes] {
        let pattern = find_sequence(&entries, None, None);
        assert_eq!(pattern.formula, expected, "{}", pattern.description);
        assert_eq!(
            pattern.description,
            "P-positions: n in [9*18^k + 1, 18^(k+1)] for k >= 0: intervals whose ends \
             grow by the ratio 18; and also 0, 1"
        );
        assert_eq!(pattern.proven, None);
    }
    // Two whole intervals are not enough to claim a ratio: up to 2916 the
    // third has not begun.
    let short = find_sequence(&nimbers(&values[..=2916]), None, None);
    assert!(
        !matches!(
            short.formula,
            Some(Formula::Sequence(SequenceRule::Intervals { .. }))
        ),
        "{}",
        short.description
    );
}

/// Runs that do not grow by one ratio are rejected with a counterexample:
/// P-positions 4..=5, 10..=11, 16..=17, ... (every n = 4 or 5 mod 6): no
/// integer ratio takes the first run to the second, so their starts'
/// ratio, 10/4 rounded to 3, is tried, and 10 is where it fails.
#[test]
fn runs_that_do_not_grow_are_rejected_where_they_fail() {
    let outcomes: Vec<Entry> = (0..200)
        .map(|n| Entry::Outcome(Outcome::from_nimber_is_zero(n % 6 >= 4)))
        .collect();
    let pattern = find_sequence(&outcomes, None, None);
    assert!(
        matches!(
            pattern.formula,
            Some(Formula::Sequence(SequenceRule::Residues { .. }))
        ),
        "{}",
        pattern.description
    );
    let miss = rejected(&pattern, "P-positions: n in [4*3^k, 5*3^k] for k >= 0");
    assert_eq!(miss.at, At::Heap(10));
    assert_eq!(miss.expected, Entry::Outcome(Outcome::N));
    assert_eq!(miss.found, Entry::Outcome(Outcome::P));
}

/// Periodic games stay periodic: subtraction games and octal games, from
/// their nimbers and from their outcomes alone, never get intervals.
#[test]
fn periodic_games_are_not_taken_for_geometric_intervals() {
    let kayles = heap_values(400, |n| {
        let mut options = Vec::new();
        for take in 1..=2.min(n) {
            for a in 0..=(n - take) / 2 {
                options.push(vec![a, n - take - a]);
            }
        }
        options
    });
    let dawson = heap_values(400, |n| {
        (0..=n.saturating_sub(2) / 2)
            .filter(|_| n >= 2)
            .map(|a| vec![a, n - 2 - a])
            .collect()
    });
    for (name, values) in [
        ("subtraction(1,3,4)", subtraction(&[1, 3, 4], 300)),
        ("subtraction(2,5,6)", subtraction(&[2, 5, 6], 300)),
        ("subtraction(1,4)", subtraction(&[1, 4], 300)),
        ("kayles", kayles),
        ("dawson", dawson),
    ] {
        let pattern = find_sequence(&nimbers(&values), None, None);
        assert!(
            matches!(
                pattern.formula,
                Some(Formula::Sequence(SequenceRule::Regular { .. }))
            ),
            "{name}: {}",
            pattern.description
        );
        let outcomes: Vec<Entry> = (values.iter())
            .map(|&g| Entry::Outcome(Outcome::from_nimber_is_zero(g == 0)))
            .collect();
        let pattern = find_sequence(&outcomes, None, None);
        assert!(
            matches!(
                pattern.formula,
                Some(Formula::Sequence(SequenceRule::Residues { .. }))
            ),
            "{name}: {}",
            pattern.description
        );
    }
}

/// What [`regular`] must find, by scanning every period from the most
/// values stored on until its first counterexample: the definition,
/// quadratic in the values where they are nearly periodic.
fn regular_by_scanning(
    xs: &[u64],
    growing: bool,
) -> Option<Result<Regularity, (Regularity, usize)>> {
    let half = most_stored(xs.len());
    let mut best: Option<(Regularity, usize)> = None;
    for p in 1..=half {
        let q = half - p;
        let saltus = match growing {
            true => (xs[q + p] as i64 - xs[q] as i64).max(1),
            false => 0,
        };
        let holds = |n: usize| xs[n] as i64 == xs[n - p] as i64 + saltus;
        let attempt = |preperiod| Regularity {
            period: Period {
                preperiod,
                period: p,
            },
            saltus,
        };
        match (q + p..xs.len()).find(|&n| !holds(n)) {
            None => {
                let q = (0..=q)
                    .rev()
                    .take_while(|&q| q == half - p || holds(q + p))
                    .last();
                return Some(Ok(attempt(q.unwrap())));
            }
            Some(n) if best.is_none_or(|(_, last)| n > last) => best = Some((attempt(q), n)),
            Some(_) => {}
        }
    }
    best.map(Err)
}

proptest::proptest! {
    /// The periods found at once from the values' shared prefixes are those
    /// found by scanning each period, on values made to be nearly periodic
    /// (a period, a preperiod, a saltus, and a few values changed) and on
    /// sparse bits (P-positions far apart).
    #[test]
    fn regular_finds_what_scanning_every_period_finds(
        period in 1usize..12,
        preperiod in 0usize..20,
        saltus in 0u64..3,
        len in 0usize..200,
        seed in proptest::collection::vec(0u64..4, 32),
        changes in proptest::collection::vec((0usize..200, 0u64..4), 0..3),
        sparse in proptest::collection::btree_set(0usize..200, 0..6),
    ) {
        let mut xs: Vec<u64> = (0..len)
            .map(|n| match n < preperiod {
                true => seed[n % seed.len()],
                false => {
                    let k = (n - preperiod) / period;
                    seed[(n - preperiod) % period] + saltus * k as u64
                }
            })
            .collect();
        for (at, value) in changes {
            if at < len {
                xs[at] = value;
            }
        }
        let bits: Vec<u64> = (0..len).map(|n| sparse.contains(&n) as u64).collect();
        for growing in [false, true] {
            proptest::prop_assert_eq!(regular(&xs, growing), regular_by_scanning(&xs, growing));
            proptest::prop_assert_eq!(regular(&bits, growing), regular_by_scanning(&bits, growing));
        }
    }
}

/// P-positions a million apart among four million values: every period
/// agrees with them from the middle until the first P past it, so
/// scanning period by period would compare about 10^12 values. Found at
/// once, the rejection names that P.
#[test]
fn sparse_p_positions_are_rejected_where_the_first_one_past_the_middle_is() {
    let len = 4_000_000;
    let p_positions = [0, 1_000_003, 3_000_017];
    let entries: Vec<Entry> = (0..len)
        .map(|n| Entry::Outcome(Outcome::from_nimber_is_zero(p_positions.contains(&n))))
        .collect();
    let pattern = find_sequence(&entries, None, None);
    assert!(pattern.formula.is_none(), "{}", pattern.description);
    let miss = (pattern.rejected.iter())
        .find(|r| r.candidate.starts_with("P-positions periodic"))
        .unwrap_or_else(|| panic!("{:?}", pattern.rejected));
    assert_eq!(
        miss.candidate,
        "P-positions periodic with period 1 from n = 1999999"
    );
    assert_eq!(miss.at, At::Heap(3_000_017), "{miss:?}");
}
