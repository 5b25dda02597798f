//! What the tests of graphs with cycles share: random graphs, and tokens on
//! a graph solved as one game by retrograde analysis (the reference). Each
//! test uses some of them.
#![allow(dead_code)]

use grundy::retrograde::{Digraph, StrongGame};
use grundy::value::Standing;
use proptest::prelude::*;

/// Successor lists of a random graph on 1 to 8 vertices, cycles and loops
/// allowed.
pub fn graph() -> impl Strategy<Value = Vec<Vec<u32>>> {
    (1usize..=8)
        .prop_flat_map(|n| prop::collection::vec(prop::collection::vec(0..n as u32, 0..=3), n))
}

/// Tokens on a graph: a move slides one token along an edge.
pub struct Tokens {
    pub graph: Digraph,
}

impl StrongGame for Tokens {
    type Position = Vec<u32>;

    fn start(&self) -> grundy::Result<Vec<u32>> {
        Ok(Vec::new())
    }

    fn moves(&self, tokens: &Vec<u32>, moves: &mut Vec<Vec<u32>>) {
        for (i, &v) in tokens.iter().enumerate() {
            for &w in self.graph.successors(v) {
                let mut next = tokens.clone();
                next[i] = w;
                moves.push(next);
            }
        }
    }

    fn finished(&self, _: &Vec<u32>) -> Option<Standing> {
        None
    }

    fn format_position(&self, tokens: &Vec<u32>) -> String {
        format!("{tokens:?}")
    }
}
