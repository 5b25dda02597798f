//! `graph(FILE)` with cycles, through `analyze`, against retrograde analysis
//! of the whole sum graph (tokens on the graph, solved as one game):
//! - the outcome of a sum of 1 to 3 tokens, P, N or D, agrees;
//! - every winning move listed leads to a lost sum, every move kept for a
//!   draw to a draw, and none of either is missing;
//! - a vertex that cannot reach a cycle keeps its ordinary nimber.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use grundy::retrograde::{solve_from, Digraph, Options};
use grundy::value::{Outcome, Standing};
use grundy::{analyze, Rulesets, Sum};
use proptest::prelude::*;

use crate::tokens::{graph, Tokens};

/// The outcome of tokens on `graph` by retrograde analysis of the sum graph.
fn solved(graph: &Digraph, tokens: &[u32]) -> Outcome {
    let game = Tokens {
        graph: graph.clone(),
    };
    let options = Options { memory: 1 << 28 };
    let table = solve_from(&game, &[tokens.to_vec()], &options, &mut |_| true).unwrap();
    match table.roots()[0].standing {
        Standing::Win => Outcome::N,
        Standing::Lose => Outcome::P,
        Standing::Draw => Outcome::D,
        Standing::Tie => unreachable!("tokens never tie"),
    }
}

/// A graph file of these lists, in a fresh file removed when dropped.
struct GraphFile(PathBuf);

impl GraphFile {
    fn new(lists: &[Vec<u32>]) -> GraphFile {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let name = format!(
            "grundy-loopy-sums-{}-{}.txt",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let path = std::env::temp_dir().join(name);
        let mut text = format!("{}\n", lists.len());
        for list in lists {
            let words: Vec<String> = list.iter().map(u32::to_string).collect();
            text.push_str(&format!("{} {}\n", list.len(), words.join(" ")));
        }
        std::fs::write(&path, text).unwrap();
        GraphFile(path)
    }

    fn expression(&self, tokens: &[u32]) -> String {
        let tokens: Vec<String> = tokens.iter().map(u32::to_string).collect();
        format!("graph(\"{}\") {}", self.0.display(), tokens.join(" "))
    }
}

impl Drop for GraphFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The tokens of a sum of graph tokens.
fn tokens_of(sum: &Sum) -> Vec<u32> {
    (sum.components.iter())
        .map(|c| c.position_text().parse().unwrap())
        .collect()
}

/// The nimbers of the vertices that cannot reach a cycle, by the mex
/// recursion over them (found as a least fixed point: a vertex is settled
/// once all its successors are); `None` for the others.
fn acyclic_nimbers(lists: &[Vec<u32>]) -> Vec<Option<u64>> {
    let mut nimbers: Vec<Option<u64>> = vec![None; lists.len()];
    loop {
        let mut changed = false;
        for (v, list) in lists.iter().enumerate() {
            if nimbers[v].is_some() {
                continue;
            }
            let options: Option<Vec<u64>> = list.iter().map(|&w| nimbers[w as usize]).collect();
            if let Some(options) = options {
                nimbers[v] = (0..).find(|g| !options.contains(g));
                changed = true;
            }
        }
        if !changed {
            return nimbers;
        }
    }
}

proptest! {
    // A fixed seed: the same graphs on every run.
    #![proptest_config(ProptestConfig {
        cases: 200,
        rng_seed: prop::test_runner::RngSeed::Fixed(9),
        ..ProptestConfig::default()
    })]

    #[test]
    fn analyze_agrees_with_retrograde_analysis_of_the_sum(
        lists in graph(),
        tokens in prop::collection::vec(0u32..8, 1..=3),
    ) {
        let n = lists.len() as u32;
        let tokens: Vec<u32> = tokens.into_iter().map(|t| t % n).collect();
        let digraph = Digraph::from_lists(&lists).unwrap();
        let file = GraphFile::new(&lists);
        let mut rulesets = Rulesets::new();
        let sum = rulesets.parse_sum(&file.expression(&tokens)).unwrap();
        let a = analyze(&sum).unwrap();
        let outcome = solved(&digraph, &tokens);
        prop_assert_eq!(a.outcome, outcome, "{:?} on {:?}", tokens, lists);
        // The moves `analyze` lists are exactly the moves to a P sum (when
        // winning) or to a draw (when drawn).
        let keeps = match outcome {
            Outcome::N => Some(Outcome::P),
            Outcome::D => Some(Outcome::D),
            Outcome::P => None,
        };
        let mut expected = Vec::new();
        for m in sum.moves().unwrap() {
            let after = sum.after(&m);
            if Some(solved(&digraph, &tokens_of(&after))) == keeps {
                expected.push(after.expression());
            }
        }
        let listed = if outcome == Outcome::D { &a.best_moves } else { &a.winning_moves };
        let mut listed: Vec<String> = listed.iter().map(|(_, to)| to.clone()).collect();
        for to in &listed {
            let after = rulesets.parse_sum(to).unwrap();
            prop_assert_eq!(Some(solved(&digraph, &tokens_of(&after))), keeps, "{}", to);
        }
        listed.sort();
        expected.sort();
        prop_assert_eq!(listed, expected, "{:?} on {:?}", tokens, lists);
        if outcome != Outcome::D {
            prop_assert_eq!(a.winning_move_count.number(), a.winning_moves.len() as u64);
        }
        // A finite sum keeps its nimber and the finite path; an infinite part
        // leaves the sum without one.
        prop_assert_eq!(a.nimber.is_some(), !a.is_loopy());
    }

    #[test]
    fn vertices_that_cannot_reach_a_cycle_keep_their_nimbers(lists in graph()) {
        let file = GraphFile::new(&lists);
        let mut rulesets = Rulesets::new();
        for (v, nimber) in acyclic_nimbers(&lists).into_iter().enumerate() {
            let Some(nimber) = nimber else { continue };
            let a = analyze(&rulesets.parse_sum(&file.expression(&[v as u32])).unwrap()).unwrap();
            prop_assert_eq!(a.nimber, Some(nimber.into()), "{} in {:?}", v, lists);
        }
    }
}

/// Vertex 0 leads only to 1 -> 2, away from the cycle 3 <-> 4 elsewhere in
/// the file: it gets its ordinary nimber, and so does a sum of it.
#[test]
fn a_vertex_away_from_the_cycles_has_its_nimber() {
    let file = GraphFile::new(&[vec![1, 2], vec![2], vec![], vec![4], vec![3, 0]]);
    let mut rulesets = Rulesets::new();
    let a = analyze(&rulesets.parse_sum(&file.expression(&[0])).unwrap()).unwrap();
    assert_eq!(a.nimber, Some(2u32.into()));
    assert_eq!(a.outcome, Outcome::N);
    let a = analyze(&rulesets.parse_sum(&file.expression(&[0, 1])).unwrap()).unwrap();
    assert_eq!(a.nimber, Some(3u32.into()));
    // 3 and 4 can play forever, and 4 can move to 0, of nimber 2: 3 is ∞
    // (its one option is infinite) and 4 is ∞(2), both draws.
    for (v, value) in [(3, "∞"), (4, "∞(2)")] {
        let a = analyze(&rulesets.parse_sum(&file.expression(&[v])).unwrap()).unwrap();
        assert_eq!(a.outcome, Outcome::D);
        assert_eq!(a.nimber, None);
        assert_eq!(a.components[0].value.as_deref(), Some(value));
    }
}
