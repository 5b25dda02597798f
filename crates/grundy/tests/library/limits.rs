//! Questions at the edge of the engine's limits: each is answered, or refused
//! at once with an error of kind `Limit` that names the limit, never after
//! minutes of work or gigabytes of memory.

use grundy::error::ErrorKind;
use grundy::{analyze, analyze_listing, analyze_misere, parse_sum, Count, Error, Outcome};

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

/// A thousand Kayles heaps of one pin and a wild heap (heap 4 of octal
/// .312, genus 2^1420), so that the tame rule does not apply: the misère
/// search would list 1,000 sums of 1,000 components, each with 1,000
/// options of 999 components... It stops at its limit of components before
/// the first few levels are listed, rather than run out of memory.
#[test]
fn a_misere_search_of_a_thousand_heaps_stops_at_its_limit() {
    let expression = format!("kayles{} + octal(0.312) 4", " 1".repeat(1000));
    let error = misere_error(&expression);
    assert!(matches!(error, Error::Limit(_)), "{error}");
    assert!(error.to_string().contains("2000000 components"), "{error}");
}

/// The thousand heaps of one pin alone are tame (each plays like *1), and
/// the tame rule answers at once: an even number of them is won by taking
/// any one.
#[test]
fn a_thousand_tame_heaps_are_answered_by_the_tame_rule() {
    let sum = parse_sum(&format!("kayles{}", " 1".repeat(1000))).unwrap();
    let analysis = analyze_misere(&sum).unwrap();
    assert_eq!(analysis.outcome, Outcome::N);
    assert_eq!(analysis.winning_move_count, Count::Exactly(1000));
}

/// A heap of 8 splits into 10,000 heaps of 4: the sums grow long as the
/// search goes down, and it stops at the components it may hold. (The
/// genus of the heap is searched first, until the memory budget stops it:
/// a budget of 512 MiB keeps that to a few seconds. The other tests of
/// this file need no more.)
#[test]
fn a_misere_search_of_long_sums_stops_at_its_limit() {
    grundy::memory::set_budget(512 << 20);
    let error = misere_error("lieges(10000) 8");
    assert!(matches!(error, Error::Limit(_)), "{error}");
    assert!(error.to_string().contains("2000000 components"), "{error}");
}

/// A Kayles heap of 31 digits: its nimber from the period the octal
/// periodicity theorem proves after 168 heaps, and its winning moves, splits
/// too many to list, counted (past 2^64: "at least") with the first few.
#[test]
fn a_huge_kayles_heap_is_answered_from_its_period() {
    let heap = "1000000000000000000000000000007";
    let analysis = analyze(&parse_sum(&format!("kayles {heap}")).unwrap()).unwrap();
    // Period 12 from heap 71 on, and 10^30 + 7 ≡ 83 (mod 12).
    let same = analyze(&parse_sum("kayles 83").unwrap()).unwrap();
    assert_eq!(analysis.nimber, same.nimber);
    assert_eq!(analysis.outcome, Outcome::N);
    assert_eq!(analysis.winning_move_count, Count::AtLeast(u64::MAX));
    assert_eq!(analysis.winning_moves.len(), 1000);
    for (_, to) in analysis.winning_moves.iter().take(20) {
        let after = parse_sum(to).unwrap();
        assert_eq!(after.nimber().unwrap(), 0u32.into(), "{to}");
    }
    // Asked for a few, it lists a few, the smallest part first.
    let sum = parse_sum(&format!("kayles {heap} + nim 1")).unwrap();
    let analysis = analyze_listing(&sum, 2, &mut |_| true).unwrap();
    assert_eq!(analysis.winning_moves.len(), 2);
    for (_, to) in &analysis.winning_moves {
        let after = parse_sum(to).unwrap();
        assert_eq!(after.nimber().unwrap(), 0u32.into(), "{to}");
    }
}

/// Grundy's game has no period known, and no theorem gives one: a heap past
/// the 2^20 heaps computed is refused at once, as a limit, under both
/// conventions.
#[test]
fn a_huge_heap_without_a_period_is_a_limit_under_both_conventions() {
    let expression = "grundys-game 1000000000000000000000000000000";
    let normal = normal_error(expression);
    assert_eq!(normal.kind(), ErrorKind::Limit, "{normal}");
    assert!(normal.to_string().contains("1048576"), "{normal}");
    assert!(
        normal.to_string().contains("no period is known"),
        "{normal}"
    );
    let misere = misere_error(expression);
    assert_eq!(misere.kind(), ErrorKind::Limit, "{misere}");
}

/// Moves into three heaps make the table cubic in the heap: refused before
/// it starts, naming the budget.
#[test]
fn tables_of_moves_into_three_heaps_stop_at_the_budget() {
    for expression in ["hex(0.8) 1000000", "hex(0.F) 20000", "hex(0.F8) 6168"] {
        let error = normal_error(expression);
        assert_eq!(error.kind(), ErrorKind::Limit, "{error}");
        assert!(
            error.to_string().contains("budget of 1000000000"),
            "{error}"
        );
    }
}

/// A sum of sixteen hot games whose canonical form takes minutes to build
/// (and is then too long to write): its parts are literals, so no search
/// of positions reports progress. (A sum of ups and nimbers served here
/// until they were held by their parts, answered at once.)
const SLOW_VALUES: &str = "{3|1||-1} + {5|2||-2} + {7|3||-3} + {9|4||-4} + {11|5||-5} + {13|6||-6} + {15|7||-7} + {17|8||-8} + {19|9||-9} + {21|10||-10} + {23|11||-11} + {25|12||-12} + {27|13||-13} + {29|14||-14} + {31|15||-15} + {33|16||-16}";

/// Everything that follows a search of values (sums, cooling, atomic
/// weights, products) reported no progress, so a callback's `false` (Ctrl-C
/// in every front end) went unheard until the end: the sum above ran its
/// minute. Now the callback is asked while the table works, and its first
/// `false` stops it, with an error that says so; the same rulesets then
/// answer the next question as a fresh run does, nothing left stale.
#[test]
fn a_long_computation_of_values_stops_when_the_callback_says_so() {
    use grundy::answer::{analysis, AnalyzeAnswer, AnalyzeOptions};
    use grundy::registry::Rulesets;
    let options = AnalyzeOptions::default();
    let mut rulesets = Rulesets::new();
    let mut asked = 0;
    let stopped = analysis(
        &mut rulesets,
        &format!("domineering 3x4 + {SLOW_VALUES}"),
        &options,
        &mut |_| {
            asked += 1;
            false
        },
    );
    let Err(error) = stopped else {
        panic!("stopped, not answered")
    };
    assert_eq!(error.kind(), ErrorKind::Limit, "{error}");
    assert!(error.to_string().contains("interrupted"), "{error}");
    assert_eq!(asked, 1, "asked once, and stopped at the first no");
    let answer = |rulesets: &mut Rulesets| {
        let analyzed = analysis(rulesets, "domineering 3x4 + ^*", &options, &mut |_| true).unwrap();
        serde_json::to_value(AnalyzeAnswer::new(&analyzed, false)).unwrap()
    };
    assert_eq!(answer(&mut rulesets), answer(&mut Rulesets::new()));
}

/// A lone Cram board stopped by its progress at the third report ends
/// there, with that report's count of regions: the search is not started
/// again. (The search of its value, asked first whether the value is
/// loopy, once swallowed the stop, and the nimber's search began anew,
/// to stop at its first report: Ctrl-C after an hour said 4096 regions.)
#[test]
fn a_search_stopped_by_its_progress_is_not_started_again() {
    let sum = parse_sum("cram 4x7").unwrap();
    let mut reports = Vec::new();
    let error = grundy::sum::outcome(&sum, &mut |count| {
        reports.push(count);
        reports.len() < 3
    })
    .unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Limit, "{error}");
    assert_eq!(reports.len(), 3, "{reports:?}");
    let said = format!("after searching {} regions", reports[2]);
    assert!(error.to_string().contains(&said), "{error}");
}
