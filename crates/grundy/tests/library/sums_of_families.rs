//! Wythoff, Fibonacci nim, Euclid, the calendar game and staircase Nim in sums
//! with each other and with Nim: `analyze` (closed forms and the XOR rule)
//! against exhaustive search of the whole sum as one game, for the nimber and
//! for the exact set of winning moves, whose `to` expressions parse again.

use grundy::sum::{SumGame, SumPosition};
use grundy::{analyze, parse_sum, Solver};

#[test]
fn analyze_agrees_with_search_of_the_whole_sum() {
    let mut search = Solver::new(SumGame);
    for expression in [
        "wythoff 3 5 + nim 2",
        "wythoff 4 6 2 1 + fibonacci 10 + euclid 7 3",
        "euclid 25 7 + fibonacci 9 4 + wythoff 2 2",
        "calendar 2001-10-30 2001-11-02 + staircase 1 2 3",
        "staircase 2 0 1 + staircase 1 1 + nim 1",
        "fibonacci 8 + fibonacci 6 2 + calendar 2001-10-31",
    ] {
        let sum = parse_sum(expression).unwrap();
        let analysis = analyze(&sum).unwrap();
        let searched = search.nimber(&SumPosition::new(sum.clone())).unwrap();
        assert_eq!(analysis.nimber, Some(searched.into()), "{expression}");

        let mut by_search = Vec::new();
        for m in sum.moves().unwrap() {
            let after = sum.after(&m);
            if search.nimber(&SumPosition::new(after.clone())).unwrap() == 0 {
                by_search.push(after.expression());
            }
        }
        let mut by_analysis: Vec<String> = analysis
            .winning_moves
            .iter()
            .map(|(_, to)| to.clone())
            .collect();
        by_search.sort();
        by_analysis.sort();
        assert_eq!(by_analysis, by_search, "winning moves of {expression}");
        for to in &by_analysis {
            assert_eq!(parse_sum(to).unwrap().expression(), *to);
        }
    }
}
