//! Generalized Sprague-Grundy values of a [`Game`] whose moves can go round
//! a cycle: every position reachable from a start is listed breadth first,
//! without recursion, into a [`Digraph`], and the graph is labelled by
//! [`LoopyValues`] (Smith 1966), as `graph(FILE)` labels its file.
//!
//! Only games whose every option is one position: a move that splits a
//! position into a sum would need the value of that sum as an option, and
//! a sum with two infinite parts has none (it is a draw whatever its parts'
//! values), so the labelling, which slides one token, cannot take it.
//!
//! ```
//! use grundy::loopy_solver::LoopySolver;
//! use grundy::retrograde::loopy::LoopyValue;
//! use grundy::{Game, Outcome};
//!
//! /// A graph with cycles: 0 <-> 1, 1 -> 2 (2 has no move); 3 <-> 4.
//! struct Tokens;
//!
//! impl Game for Tokens {
//!     type Position = u8;
//!
//!     fn options(&self, v: &u8) -> grundy::Result<Vec<Vec<u8>>> {
//!         let to: &[u8] = match v {
//!             0 => &[1],
//!             1 => &[0, 2],
//!             3 => &[4],
//!             4 => &[3],
//!             _ => &[],
//!         };
//!         Ok(to.iter().map(|&w| vec![w]).collect())
//!     }
//!
//!     fn format_position(&self, v: &u8) -> String {
//!         v.to_string()
//!     }
//! }
//!
//! // Smith's generalized values: the cycle through 0 and 1 has a way out, so
//! // 0 is worth 0 (its one move lets the opponent end the game) and 1 is
//! // worth 1; 3 and 4 only go round, ∞ with no finite option: a draw.
//! let mut solver = LoopySolver::new(Tokens);
//! assert_eq!(solver.value(&0).unwrap(), LoopyValue::Finite(0));
//! assert_eq!(solver.value(&1).unwrap(), LoopyValue::Finite(1));
//! assert_eq!(solver.value(&3).unwrap(), LoopyValue::Infinite(vec![]));
//! assert_eq!(solver.value(&3).unwrap().outcome(), Outcome::D);
//! ```

use std::collections::{HashMap, VecDeque};

use crate::error::{Error, Result};
use crate::game::Game;
use crate::memory;
use crate::retrograde::loopy::{LoopyValue, LoopyValues};
use crate::retrograde::{Digraph, Options};

/// How many positions a loopy solver lists before it stops, as many as a
/// `graph(FILE)` may have vertices.
pub const DEFAULT_POSITION_LIMIT: usize = 10_000_000;

/// Bytes a position costs besides its place in the table of ids: the start
/// of its moves (4) and, while it is labelled, its state (16), the start of
/// its predecessors (4), its label (4) and a place in the waiting list (4).
const BYTES_PER_POSITION: u64 = 4 + 16 + 4 + 4 + 4;
/// Bytes a move costs: its target id, and the same turned around.
const BYTES_PER_MOVE: u64 = 8;

/// The generalized values of the positions of `game` reachable from the
/// positions asked about, kept so that later questions about the same game
/// are cheap. Every position listed has all its options listed too, so a
/// value, once computed, is final.
pub struct LoopySolver<G: Game> {
    game: G,
    /// The id of every position listed: its vertex in `graph`.
    ids: HashMap<G::Position, u32>,
    /// The bytes the positions listed hold beyond their `size_of`.
    heap_bytes: u64,
    graph: Digraph,
    values: LoopyValues,
    position_limit: usize,
    options: Options,
}

impl<G: Game> LoopySolver<G> {
    /// A solver within the default position limit and the process's memory
    /// budget ([`memory::budget`]).
    pub fn new(game: G) -> LoopySolver<G> {
        let options = Options {
            memory: memory::budget(),
        };
        LoopySolver::with_limits(game, DEFAULT_POSITION_LIMIT, options)
    }

    /// A solver that lists at most `position_limit` positions, and stops
    /// before it would need more memory than `options` gives.
    pub fn with_limits(game: G, position_limit: usize, options: Options) -> LoopySolver<G> {
        LoopySolver {
            game,
            ids: HashMap::new(),
            heap_bytes: 0,
            graph: Digraph::default(),
            values: LoopyValues::compute(&Digraph::default()),
            position_limit,
            options,
        }
    }

    /// The value of `position` if it was listed already.
    pub fn known(&self, position: &G::Position) -> Option<LoopyValue> {
        let &id = self.ids.get(position)?;
        Some(self.values.value(id))
    }

    /// The generalized Sprague-Grundy value of `position`: first lists
    /// every position it reaches that was not listed before, and labels the
    /// graph again. After an error nothing is kept (it would have positions
    /// whose options are not listed).
    pub fn value(&mut self, position: &G::Position) -> Result<LoopyValue> {
        if let Some(value) = self.known(position) {
            return Ok(value);
        }
        if let Err(error) = self.list_from(position) {
            self.ids.clear();
            self.heap_bytes = 0;
            self.graph = Digraph::default();
            self.values = LoopyValues::compute(&self.graph);
            return Err(error);
        }
        self.values = LoopyValues::compute(&self.graph);
        Ok(self.known(position).expect("the position was listed"))
    }

    /// Lists the positions reachable from `start`, breadth first: ids in
    /// the order positions are first met, which is the order they are added
    /// to the graph, so that a vertex's number is its id.
    fn list_from(&mut self, start: &G::Position) -> Result<()> {
        let mut queue = VecDeque::new();
        self.id(start, &mut queue, start)?;
        while let Some(position) = queue.pop_front() {
            for option in self.game.options(&position)? {
                let [single] = &option[..] else {
                    return Err(self.split_error(start, &position, &option));
                };
                let id = self.id(single, &mut queue, start)?;
                self.graph.push_target(id);
            }
            self.graph.close_vertex()?;
        }
        Ok(())
    }

    /// The id of `position`, which is new and queued where it was not
    /// listed yet: within the limits on positions and on memory.
    fn id(
        &mut self,
        position: &G::Position,
        queue: &mut VecDeque<G::Position>,
        start: &G::Position,
    ) -> Result<u32> {
        if let Some(&id) = self.ids.get(position) {
            return Ok(id);
        }
        let id = self.ids.len();
        if id >= self.position_limit {
            return Err(Error::Limit(format!(
                "the moves from {} go round a cycle, and its generalized values are \
                 computed over at most {} positions; it reaches more",
                self.game.format_position(start),
                self.position_limit
            )));
        }
        let heap_bytes = self.heap_bytes + self.game.heap_bytes(position);
        let listed = size_of::<(G::Position, u32)>() as u64;
        let bytes = memory::hashed(id as u64 + 1, listed)
            + (id as u64 + 1) * BYTES_PER_POSITION
            + heap_bytes
            + queue.len() as u64 * size_of::<G::Position>() as u64
            + self.graph.edge_count() as u64 * BYTES_PER_MOVE;
        if bytes > self.options.memory {
            return Err(Error::Limit(format!(
                "the generalized values of the positions reachable from {} need more \
                 than {}, the memory budget",
                self.game.format_position(start),
                memory::Size(self.options.memory)
            )));
        }
        self.heap_bytes = heap_bytes;
        self.ids.insert(position.clone(), id as u32);
        queue.push_back(position.clone());
        Ok(id as u32)
    }

    fn split_error(
        &self,
        start: &G::Position,
        from: &G::Position,
        option: &[G::Position],
    ) -> Error {
        let parts: Vec<String> = option
            .iter()
            .map(|p| self.game.format_position(p))
            .collect();
        let to = match parts.is_empty() {
            true => "nothing".to_string(),
            false => parts.join(" + "),
        };
        Error::Unsupported(format!(
            "a loopy game whose moves split positions: the moves from {} go round a \
             cycle, and a move from {} leads to {to}; generalized values are computed for \
             moves that lead to one position each, as a sum with two infinite parts has \
             no value",
            self.game.format_position(start),
            self.game.format_position(from)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tokens on the graph of these successor lists, as a `Game`.
    struct Lists(Vec<Vec<u32>>);

    impl Game for Lists {
        type Position = u32;
        fn options(&self, &v: &u32) -> Result<Vec<Vec<u32>>> {
            Ok(self.0[v as usize].iter().map(|&w| vec![w]).collect())
        }
        fn format_position(&self, v: &u32) -> String {
            format!("v{v}")
        }
    }

    /// The values of the vertices of the graph labelled whole, as
    /// `graph(FILE)` labels it.
    fn whole(lists: &[Vec<u32>]) -> Vec<LoopyValue> {
        let graph = Digraph::from_lists(lists).unwrap();
        let values = LoopyValues::compute(&graph);
        (0..lists.len() as u32).map(|v| values.value(v)).collect()
    }

    /// 0 -> 1 <-> 2 -> 3, 1 -> 3, and 4 -> 0, 4 -> 5 -> 5: listed from
    /// each vertex in turn, in an order that makes the later questions
    /// grow the graph, every value is the one of the graph labelled whole.
    #[test]
    fn values_grown_from_several_starts_are_those_of_the_whole_graph() {
        let lists = vec![vec![1], vec![2, 3], vec![1, 3], vec![], vec![0, 5], vec![5]];
        let expected = whole(&lists);
        let mut solver = LoopySolver::new(Lists(lists));
        for v in [2, 0, 5, 4, 3, 1] {
            assert_eq!(solver.value(&v).unwrap(), expected[v as usize], "v{v}");
        }
        assert_eq!(solver.known(&4), Some(expected[4].clone()));
    }

    #[test]
    fn a_move_to_a_sum_is_not_supported() {
        // 0 -> 1, and 1 -> 0 + 2.
        struct Splits;
        impl Game for Splits {
            type Position = u32;
            fn options(&self, &v: &u32) -> Result<Vec<Vec<u32>>> {
                Ok(match v {
                    0 => vec![vec![1]],
                    1 => vec![vec![0, 2]],
                    _ => vec![],
                })
            }
            fn format_position(&self, v: &u32) -> String {
                format!("v{v}")
            }
        }
        let mut solver = LoopySolver::new(Splits);
        let error = solver.value(&0).unwrap_err();
        assert!(matches!(error, Error::Unsupported(_)), "{error}");
        let message = error.to_string();
        assert!(message.contains("from v1 leads to v0 + v2"), "{message}");
        assert!(message.contains("split positions"), "{message}");
        // Nothing half-listed is kept.
        assert_eq!(solver.known(&0), None);
    }

    /// A ring of 1,000 positions.
    fn ring() -> Lists {
        Lists((0..1000).map(|v| vec![(v + 1) % 1000]).collect())
    }

    #[test]
    fn the_limits_on_positions_and_memory_stop_the_listing() {
        let memory = Options { memory: 1 << 30 };
        let error = LoopySolver::with_limits(ring(), 999, memory)
            .value(&0)
            .unwrap_err();
        assert!(matches!(error, Error::Limit(_)), "{error}");
        assert!(
            error.to_string().contains("at most 999 positions"),
            "{error}"
        );
        let mut solver = LoopySolver::with_limits(ring(), 1000, memory);
        assert_eq!(solver.value(&0).unwrap(), LoopyValue::Infinite(vec![]));
        let small = Options { memory: 10_000 };
        let error = LoopySolver::with_limits(ring(), 1000, small)
            .value(&0)
            .unwrap_err();
        assert!(matches!(error, Error::Limit(_)), "{error}");
        assert!(error.to_string().contains("memory budget"), "{error}");
    }

    /// A ring of 1,000 texts of 1,000 bytes: 1 MB of text, in positions
    /// of 24 bytes.
    struct Texts;
    impl Game for Texts {
        type Position = String;
        fn options(&self, text: &String) -> Result<Vec<Vec<String>>> {
            let n: usize = text[1000..].parse().unwrap();
            Ok(vec![vec![format!("{}{}", &text[..1000], (n + 1) % 1000)]])
        }
        fn format_position(&self, text: &String) -> String {
            text.clone()
        }
        fn heap_bytes(&self, text: &String) -> u64 {
            text.capacity() as u64
        }
    }

    /// Issue 19, item 14: what positions hold counts against the budget.
    #[test]
    fn the_memory_budget_counts_what_positions_hold() {
        let start = format!("{}0", "x".repeat(1000));
        let small = Options { memory: 512 << 10 };
        let error = LoopySolver::with_limits(Texts, 1000, small)
            .value(&start)
            .unwrap_err();
        assert!(error.to_string().contains("memory budget"), "{error}");
        let enough = Options { memory: 4 << 20 };
        let mut solver = LoopySolver::with_limits(Texts, 1000, enough);
        assert_eq!(solver.value(&start).unwrap(), LoopyValue::Infinite(vec![]));
    }
}
