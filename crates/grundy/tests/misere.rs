//! Misère play: the anti-Nim rule tested against exhaustive misère search,
//! the published rule's test points, and the winning moves of any sum.

mod common;

use grundy::sum::MisereSearch;
use grundy::{analyze_misere, parse_sum, Convention, Error, Outcome, Sum};

fn misere(expression: &str) -> grundy::Analysis {
    analyze_misere(&parse_sum(expression).unwrap()).unwrap()
}

/// The outcome and the `to` expressions of the winning moves, by search.
fn searched(search: &mut MisereSearch, sum: &Sum) -> (Outcome, Vec<String>) {
    let moves = search.winning_moves(sum).unwrap();
    let outcome = if moves.is_empty() && !sum.moves().unwrap().is_empty() {
        Outcome::P
    } else {
        Outcome::N
    };
    let to = moves.iter().map(|m| sum.after(m).expression()).collect();
    (outcome, to)
}

/// Bound of the check: every Nim sum of 1 to 4 heaps, each heap at most 5.
#[test]
fn anti_nim_rule_matches_exhaustive_search() {
    let mut search = MisereSearch::new(10_000_000);
    let mut sums: Vec<Vec<u32>> = vec![vec![]];
    for _ in 0..4 {
        sums = sums
            .iter()
            .flat_map(|heaps| {
                (0..=5).map(move |h| {
                    let mut longer = heaps.clone();
                    longer.push(h);
                    longer
                })
            })
            .collect();
        for heaps in &sums {
            let words: Vec<String> = heaps.iter().map(u32::to_string).collect();
            let expression = format!("nim {}", words.join(" "));
            let sum = parse_sum(&expression).unwrap();
            let by_rule = analyze_misere(&sum).unwrap();
            let to: Vec<String> = by_rule
                .winning_moves
                .iter()
                .map(|(_, to)| to.clone())
                .collect();
            assert_eq!(
                (by_rule.outcome, to),
                searched(&mut search, &sum),
                "{expression}"
            );
        }
    }
}

/// The test points of `misere/misere_nim_rule.json`.
#[test]
fn published_misere_nim_test_points() {
    let table = common::data("misere/misere_nim_rule.json");
    for point in table["test_points_read"].as_array().unwrap() {
        let heaps: Vec<String> = point["position"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.to_string())
            .collect();
        let expression = format!("nim {}", heaps.join(" "));
        let wins = point["first_player_wins"].as_bool().unwrap();
        assert_eq!(
            misere(&expression).outcome,
            Outcome::from_mover_wins(wins),
            "{expression}"
        );
    }
}

#[test]
fn misere_winning_moves_lead_to_misere_p_positions() {
    for expression in [
        "nim 3 4 5",
        "nim 1 1 1 4",
        "nim 1 1",
        "nim 7 7 1",
        "nim 2 2 + bash(2) 4",
        "subtraction(1,3,4) 6 + nim 3 2",
        "bash(3) 5 7",
    ] {
        let analysis = misere(expression);
        assert_eq!(analysis.convention, Convention::Misere);
        assert_eq!(analysis.nimber, None, "no nimber decides misère play");
        assert_eq!(analysis.outcome, Outcome::N, "{expression}");
        assert!(!analysis.winning_moves.is_empty(), "{expression}");
        for (m, to) in &analysis.winning_moves {
            assert_eq!(misere(to).outcome, Outcome::P, "{expression}: {m} => {to}");
        }
    }
}

#[test]
fn who_cannot_move_wins() {
    let analysis = misere("nim 0 0 + bash(3) 0");
    assert_eq!(analysis.outcome, Outcome::N);
    assert!(analysis.winning_moves.is_empty());
    // Taking the last token loses.
    assert_eq!(misere("bash(3) 1").outcome, Outcome::P);
    assert_eq!(misere("bash(3) 2").outcome, Outcome::N);
}

#[test]
fn sums_beyond_the_search_are_refused_clearly() {
    let sum = parse_sum("nim 40 40 + bash(3) 40").unwrap();
    let error = MisereSearch::new(1000).winning_moves(&sum).unwrap_err();
    assert!(matches!(error, Error::Limit(_)), "{error}");
    assert!(error.to_string().contains("not supported yet"), "{error}");

    let huge = parse_sum("bash(3) 1000000000000000000000 + nim 2").unwrap();
    let error = analyze_misere(&huge).unwrap_err();
    assert!(matches!(error, Error::TooLarge(_)), "{error}");
    // A Nim sum needs no search, whatever the size of its heaps.
    let big_nim = misere("nim 1000000000000000000000 1000000000000000000000 1");
    assert_eq!(big_nim.outcome, Outcome::N);
    assert_eq!(big_nim.winning_moves.len(), 1);
}

/// Misère Bash's game, a known closed form the search must agree with: the
/// player to move loses exactly when n ≡ 1 (mod M + 1), since leaving
/// 1 (mod M + 1) forces the opponent, in the end, to take the last token.
/// Bound: M from 1 to 4, every heap up to 20.
#[test]
fn misere_search_agrees_with_misere_bash() {
    for m in 1..=4u64 {
        for n in 0..=20u64 {
            let expected = Outcome::from_mover_wins(n % (m + 1) != 1);
            assert_eq!(
                misere(&format!("bash({m}) {n}")).outcome,
                expected,
                "bash({m}) {n}"
            );
        }
    }
}
