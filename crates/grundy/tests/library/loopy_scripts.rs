//! Scripts whose moves go round a cycle, answered by generalized
//! Sprague-Grundy values, against `graph(FILE)` on the same graph. The
//! graph family labels its whole file and is tested against retrograde
//! analysis of the sums (`loopy_sums.rs`): it is the reference here, while
//! a script's graph is found by listing the positions a search reaches.

use std::path::PathBuf;

use grundy::{analyze, Outcome, Rulesets};
use num_bigint::BigUint;
use proptest::prelude::*;

use crate::common::temp_file;
use crate::tokens::graph;

/// The graph of these successor lists as a graph file and as a script (its
/// moves from vertex n are `G[n]`), each as an expression names its family.
fn graph_and_script(name: &str, lists: &[Vec<u32>]) -> (String, String) {
    let mut text = format!("{}\n", lists.len());
    let mut rows = Vec::new();
    for list in lists {
        let words: Vec<String> = list.iter().map(u32::to_string).collect();
        text.push_str(&format!("{} {}\n", list.len(), words.join(" ")));
        rows.push(format!("[{}]", words.join(", ")));
    }
    let file = temp_file(&format!("{name}.txt"), &text);
    let script = format!("const G = [{}];\nfn moves(n) {{ G[n] }}\n", rows.join(", "));
    let script = temp_file(&format!("{name}.rhai"), &script);
    (
        format!("graph({})", file.display()),
        format!("script({})", script.display()),
    )
}

/// What `analyze` answers, with the rulesets' names left out: the outcome,
/// the nimber or the generalized value of the sum, each component's value,
/// and the sums after the moves listed (winning, or keeping the draw).
#[derive(Debug, PartialEq)]
struct Answer {
    outcome: Outcome,
    nimber: Option<BigUint>,
    value: Option<String>,
    components: Vec<Option<String>>,
    winning_moves: Vec<String>,
    winning_move_count: u64,
    best_moves: Vec<String>,
}

fn answer(rulesets: &mut Rulesets, expression: &str) -> Answer {
    let sum = rulesets.parse_sum(expression).unwrap();
    let name = sum.components[0].ruleset_name();
    let a = analyze(&sum).unwrap();
    let after = |moves: &[(String, String)]| -> Vec<String> {
        let mut to: Vec<String> = moves.iter().map(|(_, to)| to.replace(&name, "R")).collect();
        to.sort();
        to
    };
    Answer {
        outcome: a.outcome,
        nimber: a.nimber.clone(),
        value: a.loopy_value.as_ref().map(ToString::to_string),
        components: a.components.iter().map(|c| c.value.clone()).collect(),
        winning_moves: after(&a.winning_moves),
        winning_move_count: a.winning_move_count.number(),
        best_moves: after(&a.best_moves),
    }
}

/// `examples/cycle.rhai`: take one or two chips, or add one to a heap of 2
/// or 3. Its graph, written by hand from those rules, as a graph file.
fn cycle_example() -> (String, String) {
    let lists = [vec![], vec![0], vec![1, 0, 3], vec![2, 1, 4], vec![3, 2]];
    let (graph, _) = graph_and_script("cycle-example", &lists);
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/cycle.rhai");
    (graph, format!("script({})", script.display()))
}

#[test]
fn the_cycle_example_is_its_graph() {
    let (graph, script) = cycle_example();
    let mut rulesets = Rulesets::new();
    for a in 0..=4 {
        for b in 0..=4 {
            for nim in ["", " + nim 1", " + nim 2"] {
                let by_graph = answer(&mut rulesets, &format!("{graph} {a} {b}{nim}"));
                let by_script = answer(&mut rulesets, &format!("{script} {a} {b}{nim}"));
                assert_eq!(by_script, by_graph, "{a} {b}{nim}");
            }
        }
    }
}

/// What the example's comment says, by the definition: 0 and 1 are the
/// nimbers 0 and 1; 2 can move to both and to 3, which answers with a move
/// back to 2 (∞(0,1)); 3 and 4 only have each other to keep the draw.
#[test]
fn the_cycle_example_draws_and_a_draw_plus_nim_1_is_won() {
    let (_, script) = cycle_example();
    let mut rulesets = Rulesets::new();
    let values: Vec<Option<String>> = (0..=4)
        .map(|n| answer(&mut rulesets, &format!("{script} {n}")).components[0].clone())
        .collect();
    let expected = ["0", "1", "∞(0,1)", "∞(1)", "∞"].map(|v| Some(v.to_string()));
    assert_eq!(values, expected);
    let draw = answer(&mut rulesets, &format!("{script} 3"));
    assert_eq!(draw.outcome, Outcome::D);
    assert_eq!(draw.best_moves, ["R 4"]);
    // ∞(1) + 1 = ∞(0): taking two chips, to 1 + nim 1, wins.
    let won = answer(&mut rulesets, &format!("{script} 3 + nim 1"));
    assert_eq!(won.outcome, Outcome::N);
    assert_eq!(won.value.as_deref(), Some("∞(0)"));
    assert_eq!(won.winning_moves, ["R 1 + nim 1"]);
    // ∞(1) + 2 = ∞(3): still a draw.
    let drawn = answer(&mut rulesets, &format!("{script} 3 + nim 2"));
    assert_eq!(drawn.outcome, Outcome::D);
    assert_eq!(drawn.best_moves.len(), 3);
}

proptest! {
    // A fixed seed: the same graphs on every run.
    #![proptest_config(ProptestConfig {
        cases: 150,
        rng_seed: prop::test_runner::RngSeed::Fixed(11),
        ..ProptestConfig::default()
    })]

    /// Random graphs on up to 8 vertices, cycles and loops allowed: 1 to 3
    /// tokens, with or without a Nim heap beside them.
    #[test]
    fn a_script_with_cycles_answers_as_the_same_graph(
        lists in graph(),
        tokens in prop::collection::vec(0u32..8, 1..=3),
        heap in prop::option::of(0u32..4),
    ) {
        let n = lists.len() as u32;
        let tokens: Vec<String> = tokens.iter().map(|t| (t % n).to_string()).collect();
        let tokens = tokens.join(" ");
        let nim = heap.map_or(String::new(), |h| format!(" + nim {h}"));
        let (graph, script) = graph_and_script("random", &lists);
        let mut rulesets = Rulesets::new();
        let by_graph = answer(&mut rulesets, &format!("{graph} {tokens}{nim}"));
        let by_script = answer(&mut rulesets, &format!("{script} {tokens}{nim}"));
        prop_assert_eq!(by_script, by_graph, "{} on {:?}", tokens, lists);
    }
}
