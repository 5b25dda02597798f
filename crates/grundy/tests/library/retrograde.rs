//! Retrograde analysis and generalized Sprague-Grundy values on random small
//! graphs with cycles, tested against each other and against their
//! definitions:
//! - the outcome of a sum of tokens from the generalized values of its parts
//!   agrees with a retrograde analysis of the whole sum graph;
//! - every generalized value satisfies its definition (with a counter
//!   function, whose existence is checked independently of the labelling);
//! - every solved position satisfies the rules of its standing and
//!   remoteness, and its best moves lead to positions whose values agree.

use std::collections::HashSet;

use grundy::retrograde::loopy::{sum_outcome, LoopyValue, LoopyValues};
use grundy::retrograde::{solve_from, BestMove, Digraph, Options, Solved, StrongGame};
use grundy::value::{Outcome, Solution, Standing};
use proptest::prelude::*;

use crate::tokens::{graph, Tokens};

fn options() -> Options {
    Options { memory: 1 << 28 }
}

/// A game on a random graph where some vertices are finished by rule: each
/// vertex's `ends` entry says so.
struct Ending {
    graph: Digraph,
    ends: Vec<Option<Standing>>,
}

impl StrongGame for Ending {
    type Position = u32;

    fn start(&self) -> grundy::Result<u32> {
        Ok(0)
    }

    fn moves(&self, &v: &u32, moves: &mut Vec<u32>) {
        moves.extend_from_slice(self.graph.successors(v));
    }

    fn finished(&self, &v: &u32) -> Option<Standing> {
        self.ends[v as usize]
    }

    fn format_position(&self, v: &u32) -> String {
        v.to_string()
    }
}

fn ending() -> impl Strategy<Value = (Vec<Vec<u32>>, Vec<Option<Standing>>)> {
    graph().prop_flat_map(|lists| {
        let n = lists.len();
        let end = prop_oneof![
            4 => Just(None),
            1 => Just(Some(Standing::Win)),
            1 => Just(Some(Standing::Lose)),
            2 => Just(Some(Standing::Tie)),
        ];
        (Just(lists), prop::collection::vec(end, n))
    })
}

/// Every move of a position with the solution after it.
fn solved_moves<G: StrongGame>(
    game: &G,
    table: &impl Solved<G>,
    position: &G::Position,
) -> Vec<BestMove<G::Position>> {
    let mut moves = Vec::new();
    if game.finished(position).is_none() {
        game.moves(position, &mut moves);
    }
    moves
        .into_iter()
        .map(|to| {
            let after = table.solution(game, &to).expect("moves are solved");
            BestMove { to, after }
        })
        .collect()
}

/// The rules of standings and remotenesses, position by position, and the
/// best moves that follow from them.
fn check_solution<G: StrongGame>(game: &G, table: &impl Solved<G>, position: &G::Position) {
    let here = table.solution(game, position).expect("reached");
    let moves = solved_moves(game, table, position);
    let remotenesses = |standing: Standing| -> Vec<u32> {
        moves
            .iter()
            .filter(|m| m.after.standing == standing)
            .map(|m| m.after.remoteness.expect("not a draw"))
            .collect()
    };
    let name = game.format_position(position);
    if let Some(standing) = game.finished(position) {
        let remoteness = (standing != Standing::Draw).then_some(0);
        assert_eq!(
            here,
            Solution {
                standing,
                remoteness
            },
            "{name}"
        );
        assert_eq!(table.best_moves(game, position), Some(Vec::new()));
        return;
    }
    let expected = if let Some(&fastest) = remotenesses(Standing::Lose).iter().min() {
        Solution {
            standing: Standing::Win,
            remoteness: Some(fastest + 1),
        }
    } else if moves.iter().all(|m| m.after.standing == Standing::Win) {
        let slowest = remotenesses(Standing::Win).into_iter().max();
        Solution {
            standing: Standing::Lose,
            remoteness: Some(slowest.map_or(0, |r| r + 1)),
        }
    } else if here.standing == Standing::Tie {
        let shortest = remotenesses(Standing::Tie).into_iter().min();
        let shortest = shortest.expect("a tie has a move to a tie");
        Solution {
            standing: Standing::Tie,
            remoteness: Some(shortest + 1),
        }
    } else {
        Solution {
            standing: Standing::Draw,
            remoteness: None,
        }
    };
    assert_eq!(here, expected, "{name}");
    let keeps = match here.standing {
        Standing::Win => Standing::Lose,
        Standing::Lose => Standing::Win,
        standing => standing,
    };
    let best = table.best_moves(game, position).expect("solved");
    let has_moves = !moves.is_empty();
    let mut expected_best: Vec<_> = moves
        .into_iter()
        .filter(|m| m.after.standing == keeps)
        .collect();
    // Only a position lost at once, with no move, has no best move.
    assert_eq!(expected_best.is_empty(), !has_moves, "{name}");
    match here.standing {
        Standing::Win | Standing::Tie => expected_best.sort_by_key(|m| m.after.remoteness),
        Standing::Lose => expected_best.sort_by_key(|m| std::cmp::Reverse(m.after.remoteness)),
        Standing::Draw => {}
    }
    assert_eq!(best, expected_best, "{name}");
    if let (Some(r), Some(first)) = (here.remoteness, best.first()) {
        assert_eq!(first.after.remoteness, Some(r - 1), "{name}");
    }
}

/// A draw position can move to a draw but not to a tie: otherwise it would
/// be a tie. Ties come only from finished ties: a tie's line of best moves
/// reaches one in exactly its remoteness.
fn check_ties_and_draws<G: StrongGame>(game: &G, table: &impl Solved<G>, position: &G::Position) {
    let here = table.solution(game, position).unwrap();
    let moves = solved_moves(game, table, position);
    let name = game.format_position(position);
    match here.standing {
        Standing::Draw if game.finished(position).is_none() => {
            assert!(
                moves.iter().all(|m| m.after.standing != Standing::Tie),
                "{name}"
            );
            assert!(
                moves.iter().any(|m| m.after.standing == Standing::Draw),
                "{name}"
            );
        }
        Standing::Tie => {
            let mut at = position.clone();
            for _ in 0..here.remoteness.unwrap() {
                at = table.best_moves(game, &at).unwrap()[0].to.clone();
            }
            assert_eq!(game.finished(&at), Some(Standing::Tie), "{name}");
        }
        _ => {}
    }
}

/// The counter function of condition B exists: the finite vertices can be
/// ordered so that every move up from u (to v with γ(v) > γ(u), infinite
/// included) is reversed by a move to a w with γ(w) = γ(u) that comes
/// earlier. Built as a least fixed point: a vertex joins once each of its
/// moves up can be reversed to a vertex that has joined.
fn counter_function_exists(graph: &Digraph, values: &LoopyValues) -> bool {
    let n = graph.vertex_count() as u32;
    let above = |v: u32, g: u64| values.nimber(v).is_none_or(|h| h > g);
    let mut joined = HashSet::new();
    loop {
        let before = joined.len();
        for u in 0..n {
            let Some(g) = values.nimber(u) else { continue };
            if joined.contains(&u) {
                continue;
            }
            let reversible = graph.successors(u).iter().all(|&v| {
                !above(v, g)
                    || graph
                        .successors(v)
                        .iter()
                        .any(|&w| values.nimber(w) == Some(g) && joined.contains(&w))
            });
            if reversible {
                joined.insert(u);
            }
        }
        if joined.len() == before {
            break;
        }
    }
    (0..n).all(|u| values.nimber(u).is_none() || joined.contains(&u))
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let set: HashSet<u64> = values.into_iter().collect();
    (0..).find(|g| !set.contains(g)).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn sums_of_tokens_agree_with_retrograde_analysis(
        lists in graph(),
        tokens in prop::collection::vec(0u32..8, 1..=3),
    ) {
        let n = lists.len() as u32;
        let tokens: Vec<u32> = tokens.into_iter().map(|t| t % n).collect();
        let graph = Digraph::from_lists(&lists).unwrap();
        let values = LoopyValues::compute(&graph);
        let parts: Vec<LoopyValue> = tokens.iter().map(|&v| values.value(v)).collect();
        let game = Tokens { graph };
        let table = solve_from(&game, std::slice::from_ref(&tokens), &options(), &mut |_| true).unwrap();
        let outcome = match table.roots()[0].standing {
            Standing::Win => Outcome::N,
            Standing::Lose => Outcome::P,
            Standing::Draw => Outcome::D,
            Standing::Tie => unreachable!("tokens never tie"),
        };
        prop_assert_eq!(sum_outcome(&parts), outcome, "{:?} on {:?}: {:?}", tokens, lists, parts);
        check_solution(&game, &table, &tokens);
    }

    #[test]
    fn generalized_values_satisfy_their_definition(lists in graph()) {
        let graph = Digraph::from_lists(&lists).unwrap();
        let values = LoopyValues::compute(&graph);
        for u in 0..lists.len() as u32 {
            let finite_options = || graph.successors(u).iter().filter_map(|&v| values.nimber(v));
            match values.value(u) {
                // A: a nimber is the mex of the options' nimbers.
                LoopyValue::Finite(g) => prop_assert_eq!(g, mex(finite_options())),
                // C: an infinite vertex has an infinite option from which the
                // mex of its own options' nimbers cannot be reached.
                LoopyValue::Infinite(k) => {
                    let m = mex(k.iter().copied());
                    let escape = graph.successors(u).iter().any(|&v| {
                        values.nimber(v).is_none()
                            && graph.successors(v).iter().all(|&w| values.nimber(w) != Some(m))
                    });
                    prop_assert!(escape, "{} in {:?}", u, lists);
                }
            }
        }
        // B, with its counter function.
        prop_assert!(counter_function_exists(&graph, &values), "{:?}", lists);
    }

    #[test]
    fn solved_positions_keep_the_rules_of_their_values((lists, ends) in ending()) {
        let game = Ending { graph: Digraph::from_lists(&lists).unwrap(), ends };
        let roots: Vec<u32> = (0..lists.len() as u32).collect();
        let table = solve_from(&game, &roots, &options(), &mut |_| true).unwrap();
        prop_assert_eq!(table.positions(), lists.len() as u64);
        for v in 0..lists.len() as u32 {
            check_solution(&game, &table, &v);
            check_ties_and_draws(&game, &table, &v);
        }
    }
}

#[test]
fn an_interrupted_solve_stops_with_a_limit() {
    // A path of 200,000 vertices, asked to stop at the first report past
    // 100,000 positions.
    let lists: Vec<Vec<u32>> = (0..200_000u32)
        .map(|v| if v + 1 < 200_000 { vec![v + 1] } else { vec![] })
        .collect();
    let game = Tokens {
        graph: Digraph::from_lists(&lists).unwrap(),
    };
    let mut calls = 0;
    let result = solve_from(&game, &[vec![0]], &options(), &mut |p| {
        calls += 1;
        p.done < 100_000
    });
    let err = result.err().unwrap();
    assert!(
        err.to_string()
            .contains("interrupted while generating positions"),
        "{err}"
    );
    assert!(calls >= 2);
    // The same path is longer than a table's remoteness can say.
    let err = solve_from(&game, &[vec![0]], &options(), &mut |_| true)
        .err()
        .unwrap();
    assert!(err.to_string().contains("remoteness above 16383"), "{err}");
}

#[test]
fn a_solve_past_its_memory_budget_is_refused() {
    let lists: Vec<Vec<u32>> = (0..100_000u32).map(|v| vec![(v + 1) % 100_000]).collect();
    let game = Tokens {
        graph: Digraph::from_lists(&lists).unwrap(),
    };
    let tight = Options { memory: 1 << 20 };
    let err = solve_from(&game, &[vec![0]], &tight, &mut |_| true)
        .err()
        .unwrap();
    assert!(err.to_string().contains("memory budget of 1 MiB"), "{err}");
    // What it held when it stopped, said to be that and not the whole
    // graph's need (which is not known before the graph is generated).
    assert!(
        err.to_string().contains("positions reached so far"),
        "{err}"
    );
    assert!(!err.to_string().contains("needs about"), "{err}");
    // A cycle with no end: every position is a draw.
    let table = solve_from(&game, &[vec![0]], &options(), &mut |_| true).unwrap();
    assert_eq!(table.counts().draw, 100_000);
}

/// A path of 2,000 texts of 4,000 bytes (8 MB in all, in positions of 24
/// bytes): text i moves to text i + 1, the last has no move.
struct Texts;

impl StrongGame for Texts {
    type Position = String;

    fn start(&self) -> grundy::Result<String> {
        Ok(format!("{}0", "x".repeat(4000)))
    }

    fn moves(&self, text: &String, moves: &mut Vec<String>) {
        let n: u32 = text[4000..].parse().unwrap();
        if n + 1 < 2000 {
            moves.push(format!("{}{}", &text[..4000], n + 1));
        }
    }

    fn finished(&self, _: &String) -> Option<Standing> {
        None
    }

    fn format_position(&self, text: &String) -> String {
        text[4000..].to_string()
    }

    fn heap_bytes(&self, text: &String) -> u64 {
        text.capacity() as u64
    }
}

/// Issue 19, item 14: what positions hold beyond their size counts against
/// the budget (a script of long texts grew to the cap and aborted).
#[test]
fn a_solve_counts_what_its_positions_hold() {
    let start = Texts.start().unwrap();
    let tight = Options { memory: 4 << 20 };
    let err = solve_from(&Texts, std::slice::from_ref(&start), &tight, &mut |_| true)
        .err()
        .unwrap();
    assert!(err.to_string().contains("memory budget of 4 MiB"), "{err}");
    let table = solve_from(
        &Texts,
        std::slice::from_ref(&start),
        &options(),
        &mut |_| true,
    )
    .unwrap();
    // 1,999 moves to the end, which is lost for the player to move there.
    let won = Solution {
        standing: Standing::Win,
        remoteness: Some(1999),
    };
    assert_eq!(table.solution(&Texts, &start), Some(won));
}
