//! Questions at the edge of the engine's limits: each is answered, or refused
//! at once with an error of kind `Limit` that names the limit, never after
//! minutes of work or gigabytes of memory.

use grundy::error::ErrorKind;
use grundy::{analyze, analyze_misere, parse_sum, Error};

fn normal_error(expression: &str) -> Error {
    analyze(&parse_sum(expression).unwrap()).unwrap_err()
}

fn misere_error(expression: &str) -> Error {
    analyze_misere(&parse_sum(expression).unwrap()).unwrap_err()
}

/// A divisor heap of valuation 3 whose odd part, 2^100 + 1, is too large to
/// factor: in a sum with `nim 1` its winning moves go to options of nimber
/// 1 < 3, which need the odd divisors. Normal and misère play both say so as
/// a limit.
#[test]
fn a_divisor_heap_with_a_huge_odd_part_is_a_limit_under_both_conventions() {
    let heap = (num_bigint::BigUint::from(1u32) << 100u32) + 1u32;
    let expression = format!("divisor {} + nim 1", heap << 3u32);
    for error in [normal_error(&expression), misere_error(&expression)] {
        assert_eq!(error.kind(), ErrorKind::Limit, "{error}");
        assert!(error.to_string().contains("1099511627776"), "{error}");
    }
}

/// A thousand Kayles heaps of one pin: the misère search would list 1,000
/// sums of 999 components, each with 999 options of 998 components... It
/// stops at its limit of components before the first few levels are listed,
/// rather than run out of memory.
#[test]
fn a_misere_search_of_a_thousand_heaps_stops_at_its_limit() {
    let expression = format!("kayles{}", " 1".repeat(1000));
    let error = misere_error(&expression);
    assert!(matches!(error, Error::Limit(_)), "{error}");
    assert!(error.to_string().contains("2000000 components"), "{error}");
}

/// A heap of 8 splits into 10,000 heaps of 4: the sums grow long as the
/// search goes down, and it stops at the components it may hold.
#[test]
fn a_misere_search_of_long_sums_stops_at_its_limit() {
    let error = misere_error("lieges(10000) 8");
    assert!(matches!(error, Error::Limit(_)), "{error}");
    assert!(error.to_string().contains("2000000 components"), "{error}");
}
