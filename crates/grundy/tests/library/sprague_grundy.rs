//! The Sprague-Grundy theorem, tested rather than assumed: random small sums
//! of subtraction games and graph games are searched as one game, without
//! the XOR rule, and compared with what the engine derives from the parts.

use crate::common;

use grundy::sum::{SumGame, SumPosition};
use grundy::{parse_sum, Count, Solver, Sum};
use proptest::prelude::*;

/// A component written as an expression: a subtraction game with S within
/// {1..5}, or a token on a random DAG (edges only go to smaller vertices).
#[derive(Clone, Debug)]
enum Part {
    Subtraction {
        set: Vec<u32>,
        heap: u32,
    },
    Graph {
        successors: Vec<Vec<u32>>,
        vertex: u32,
    },
}

fn part() -> impl Strategy<Value = Part> {
    let subtraction =
        (prop::collection::btree_set(1u32..=5, 1..=3), 0u32..=14).prop_map(|(set, heap)| {
            Part::Subtraction {
                set: set.into_iter().collect(),
                heap,
            }
        });
    let graph = (2usize..=8)
        .prop_flat_map(|n| {
            let rows: Vec<_> = (0..n)
                .map(|v| prop::collection::btree_set(0..v.max(1) as u32, 0..=v.min(3)))
                .collect();
            (rows, 0..n as u32)
        })
        .prop_map(|(rows, vertex)| Part::Graph {
            successors: rows
                .into_iter()
                .enumerate()
                .map(|(v, row)| row.into_iter().filter(|&w| (w as usize) < v).collect())
                .collect(),
            vertex,
        });
    prop_oneof![subtraction, graph]
}

/// The sum as an expression; graphs are written to files named by their
/// contents, so that equal graphs are one ruleset and different ones are not.
fn sum_of(parts: &[Part]) -> Sum {
    let written: Vec<String> = parts
        .iter()
        .map(|part| match part {
            Part::Subtraction { set, heap } => {
                let set: Vec<String> = set.iter().map(u32::to_string).collect();
                format!("subtraction({}) {heap}", set.join(","))
            }
            Part::Graph { successors, vertex } => {
                let mut text = format!("{}\n", successors.len());
                for row in successors {
                    let row: Vec<String> = row.iter().map(u32::to_string).collect();
                    text.push_str(&format!("{} {}\n", row.len(), row.join(" ")));
                }
                let name = format!("dag-{:016x}.txt", fnv(&text));
                let path = common::temp_file(&name, &text);
                format!("graph(\"{}\") {vertex}", path.display())
            }
        })
        .collect();
    parse_sum(&written.join(" + ")).unwrap()
}

fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf29ce484222325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100000001b3)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_nimber_of_a_sum_is_the_xor_of_its_parts(parts in prop::collection::vec(part(), 1..=4)) {
        let sum = sum_of(&parts);
        let mut search = Solver::new(SumGame);
        let searched = search.nimber(&SumPosition::new(sum.clone())).unwrap();
        prop_assert_eq!(sum.nimber().unwrap(), searched.into(), "{}", sum.expression());
    }

    #[test]
    fn winning_moves_are_exactly_the_moves_to_p_positions(parts in prop::collection::vec(part(), 1..=4)) {
        let sum = sum_of(&parts);
        let mut search = Solver::new(SumGame);
        let listed = sum.winning_moves(usize::MAX, &mut |_| true).unwrap();
        prop_assert_eq!(listed.total, Count::Exactly(listed.items.len() as u64));
        let winning: Vec<String> = listed
            .items
            .iter()
            .map(|m| sum.after(m).expression())
            .collect();
        for m in sum.moves().unwrap() {
            let after = sum.after(&m);
            let loses_for_mover = search.nimber(&SumPosition::new(after.clone())).unwrap() == 0;
            prop_assert_eq!(
                winning.contains(&after.expression()),
                loses_for_mover,
                "{} -> {}", sum.expression(), after.expression()
            );
        }
        // Each listed move is a move of the sum, listed once.
        let mut unique = winning.clone();
        unique.sort();
        unique.dedup();
        prop_assert_eq!(unique.len(), winning.len());
    }
}
