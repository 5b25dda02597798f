//! One-player games (solitaires): one player makes every move, and wins
//! where the rules say (a goal position). From a start the answer is
//! **Win** in k moves with one shortest path to a goal, **Draw** where no
//! goal can be reached but play can go on forever (a cycle is reachable),
//! or **Lose** where no goal can be reached and every line of play ends.
//! CF 936B ("Sleepy Game") is one: Petya makes both players' moves.
//!
//! The search lists the positions reachable from the start breadth first,
//! numbered densely as met, so the first goal met is one at the fewest
//! moves and its path is read back through each position's parent. Where
//! no goal is met every reachable position is listed, with its moves, and
//! a cycle among them is found by peeling positions that no remaining
//! move enters (Kahn's order), without recursion. Positions and memory
//! are limited as in the other searches.
//!
//! ```
//! use grundy::solitaire::{solve, Solitaire, SolitaireOutcome};
//!
//! /// Bring a counter from n down to exactly 0, taking 2 or 3 each move.
//! struct Countdown;
//!
//! impl Solitaire for Countdown {
//!     type Position = u32;
//!
//!     fn moves(&self, n: &u32) -> grundy::Result<Vec<u32>> {
//!         Ok([2, 3].iter().filter(|&&s| s <= *n).map(|s| n - s).collect())
//!     }
//!
//!     fn goal(&self, n: &u32) -> grundy::Result<bool> {
//!         Ok(*n == 0)
//!     }
//!
//!     fn format_position(&self, n: &u32) -> String {
//!         n.to_string()
//!     }
//! }
//!
//! // 7 needs three moves (two take at most 6): the path has four positions.
//! let solved = solve(&Countdown, &7).unwrap();
//! assert_eq!(solved.outcome, SolitaireOutcome::Win);
//! assert_eq!(solved.path.len(), 4);
//! assert_eq!((solved.path[0], solved.path[3]), (7, 0));
//! // From 1 no move is possible, and 1 is not the goal.
//! assert_eq!(solve(&Countdown, &1).unwrap().outcome, SolitaireOutcome::Lose);
//! ```

use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;

use crate::error::{Error, Result};
use crate::memory;
use crate::retrograde::Digraph;

/// How many positions a solitaire search lists before it stops.
pub const DEFAULT_POSITION_LIMIT: usize = 10_000_000;

/// Bytes a position costs besides its place in the table of ids: its
/// parent (4), the start of its moves (4), and the count of moves into it
/// the cycle check keeps (4).
const BYTES_PER_POSITION: u64 = 12;
/// Bytes a move costs: its target id.
const BYTES_PER_MOVE: u64 = 4;

/// A one-player game: the moves of each position, each to one position,
/// and the positions where the player has won.
pub trait Solitaire {
    /// A position of the game, hashed and kept once by the search.
    type Position: Clone + Eq + Hash + Debug;

    /// The positions one move leads to.
    fn moves(&self, position: &Self::Position) -> Result<Vec<Self::Position>>;

    /// Whether the player has won at `position` (play stops there).
    fn goal(&self, position: &Self::Position) -> Result<bool>;

    /// The position as an expression writes it (for messages).
    fn format_position(&self, position: &Self::Position) -> String;

    /// The bytes `position` holds beyond its `size_of` (see
    /// `Game::heap_bytes`).
    fn heap_bytes(&self, _position: &Self::Position) -> u64 {
        0
    }
}

/// The answer of a solitaire from one start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolitaireOutcome {
    /// A goal can be reached.
    Win,
    /// No goal can be reached, but play can go on forever.
    Draw,
    /// No goal can be reached, and every line of play ends.
    Lose,
}

impl SolitaireOutcome {
    /// The word the answer is written with: `Win`, `Draw` or `Lose`.
    pub fn word(self) -> &'static str {
        match self {
            SolitaireOutcome::Win => "Win",
            SolitaireOutcome::Draw => "Draw",
            SolitaireOutcome::Lose => "Lose",
        }
    }
}

/// A solitaire solved from a start: the outcome and, for a win, one
/// shortest path, the start first and a goal last (its moves are one
/// fewer than its positions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved<P> {
    /// Win, draw or lose from the start.
    pub outcome: SolitaireOutcome,
    /// For a win, the positions of one shortest path, the start first and a
    /// goal last; empty otherwise.
    pub path: Vec<P>,
}

/// Solves `game` from `start` within the default position limit and the
/// memory budget ([`memory::budget`]).
pub fn solve<G: Solitaire>(game: &G, start: &G::Position) -> Result<Solved<G::Position>> {
    solve_within(game, start, DEFAULT_POSITION_LIMIT, memory::budget())
}

/// Solves `game` from `start`, listing at most `position_limit` positions
/// and stopping before it would need more than `memory` bytes.
pub fn solve_within<G: Solitaire>(
    game: &G,
    start: &G::Position,
    position_limit: usize,
    memory: u64,
) -> Result<Solved<G::Position>> {
    let mut search = Search {
        game,
        start,
        ids: HashMap::new(),
        positions: Vec::new(),
        parents: Vec::new(),
        heap_bytes: 0,
        graph: Digraph::default(),
        position_limit,
        memory,
    };
    if let Some(goal) = search.list(start, u32::MAX)? {
        return Ok(search.win(goal));
    }
    let mut next = 0;
    while next < search.positions.len() {
        let position = search.positions[next].clone();
        for option in game.moves(&position)? {
            let (id, goal) = search.id(&option, next as u32)?;
            if goal {
                return Ok(search.win(id));
            }
            search.graph.push_target(id);
        }
        search.graph.close_vertex()?;
        next += 1;
    }
    let outcome = match has_cycle(&search.graph) {
        true => SolitaireOutcome::Draw,
        false => SolitaireOutcome::Lose,
    };
    Ok(Solved {
        outcome,
        path: Vec::new(),
    })
}

struct Search<'a, G: Solitaire> {
    game: &'a G,
    start: &'a G::Position,
    ids: HashMap<G::Position, u32>,
    /// Every position listed, by id: also the queue of the breadth-first
    /// search, whose next position is the first whose moves are not listed.
    positions: Vec<G::Position>,
    parents: Vec<u32>,
    heap_bytes: u64,
    /// The moves of the positions listed so far, by id.
    graph: Digraph,
    position_limit: usize,
    memory: u64,
}

impl<G: Solitaire> Search<'_, G> {
    /// The id of `position`, met by a move from `parent`, and whether it is
    /// a goal met for the first time.
    fn id(&mut self, position: &G::Position, parent: u32) -> Result<(u32, bool)> {
        if let Some(&id) = self.ids.get(position) {
            return Ok((id, false));
        }
        match self.list(position, parent)? {
            Some(goal) => Ok((goal, true)),
            None => Ok((self.positions.len() as u32 - 1, false)),
        }
    }

    /// Lists a new position, within the limits; its id where it is a goal.
    fn list(&mut self, position: &G::Position, parent: u32) -> Result<Option<u32>> {
        let id = self.positions.len();
        if id >= self.position_limit {
            return Err(Error::Limit(format!(
                "the solitaire from {} is searched over at most {} positions; it reaches more",
                self.game.format_position(self.start),
                self.position_limit
            )));
        }
        let heap_bytes = self.heap_bytes + self.game.heap_bytes(position);
        let count = id as u64 + 1;
        let bytes = memory::hashed(count, size_of::<(G::Position, u32)>() as u64)
            + memory::vector(count, size_of::<G::Position>() as u64)
            + count * BYTES_PER_POSITION
            + heap_bytes
            + self.graph.edge_count() as u64 * BYTES_PER_MOVE;
        if bytes > self.memory {
            return Err(Error::Limit(format!(
                "the positions reachable from {} need more than {}, the memory budget",
                self.game.format_position(self.start),
                memory::Size(self.memory)
            )));
        }
        self.heap_bytes = heap_bytes;
        self.ids.insert(position.clone(), id as u32);
        self.positions.push(position.clone());
        self.parents.push(parent);
        Ok(self.game.goal(position)?.then_some(id as u32))
    }

    /// The win at goal `id`: its path read back through the parents.
    fn win(&self, id: u32) -> Solved<G::Position> {
        let mut path = vec![self.positions[id as usize].clone()];
        let mut at = self.parents[id as usize];
        while at != u32::MAX {
            path.push(self.positions[at as usize].clone());
            at = self.parents[at as usize];
        }
        path.reverse();
        Solved {
            outcome: SolitaireOutcome::Win,
            path,
        }
    }
}

/// Whether `graph` has a cycle: positions no remaining move enters are
/// peeled off one by one, and a cycle is what is left.
fn has_cycle(graph: &Digraph) -> bool {
    let n = graph.vertex_count();
    let mut entering = vec![0u32; n];
    for v in 0..n as u32 {
        for &w in graph.successors(v) {
            entering[w as usize] += 1;
        }
    }
    let mut free: Vec<u32> = (0..n as u32)
        .filter(|&v| entering[v as usize] == 0)
        .collect();
    let mut peeled = 0;
    while let Some(v) = free.pop() {
        peeled += 1;
        for &w in graph.successors(v) {
            entering[w as usize] -= 1;
            if entering[w as usize] == 0 {
                free.push(w);
            }
        }
    }
    peeled < n
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A directed graph as a solitaire: the token on a vertex moves along
    /// an edge, and the goal is a set of vertices.
    struct Graph {
        edges: Vec<Vec<u32>>,
        goals: Vec<u32>,
    }

    impl Solitaire for Graph {
        type Position = u32;
        fn moves(&self, &v: &u32) -> Result<Vec<u32>> {
            Ok(self.edges[v as usize].clone())
        }
        fn goal(&self, v: &u32) -> Result<bool> {
            Ok(self.goals.contains(v))
        }
        fn format_position(&self, v: &u32) -> String {
            v.to_string()
        }
    }

    /// The reference: the vertices at the end of a walk of exactly k moves
    /// from the start, for k = 0, 1, ...: the first k whose set holds a
    /// goal is the fewest moves (no goal is further than the number of
    /// vertices); with no goal reachable, a walk longer than the number of
    /// vertices repeats one, so play can go on forever.
    fn brute_force(g: &Graph, start: u32) -> (SolitaireOutcome, Option<usize>) {
        let n = g.edges.len();
        let mut at = vec![false; n];
        at[start as usize] = true;
        for length in 0..=n {
            if g.goals.iter().any(|&v| at[v as usize]) {
                return (SolitaireOutcome::Win, Some(length));
            }
            let mut next = vec![false; n];
            for v in (0..n).filter(|&v| at[v]) {
                for &w in &g.edges[v] {
                    next[w as usize] = true;
                }
            }
            at = next;
        }
        match at.contains(&true) {
            true => (SolitaireOutcome::Draw, None),
            false => (SolitaireOutcome::Lose, None),
        }
    }

    /// A small deterministic generator, so that a failure repeats.
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    #[test]
    fn random_graphs_agree_with_trying_every_line_of_play() {
        let mut seed = 0x2545_f491_4f6c_dd1d;
        let mut seen = [0; 3];
        for _ in 0..2000 {
            let n = 1 + next(&mut seed) % 7;
            let edges: Vec<Vec<u32>> = (0..n)
                .map(|_| (0..n as u32).filter(|_| next(&mut seed) % 4 == 0).collect())
                .collect();
            let goals = (0..n as u32).filter(|_| next(&mut seed) % 5 == 0).collect();
            let g = Graph { edges, goals };
            let start = (next(&mut seed) % n) as u32;
            let solved = solve(&g, &start).unwrap();
            let (outcome, moves) = brute_force(&g, start);
            assert_eq!(
                solved.outcome, outcome,
                "{:?} {:?} from {start}",
                g.edges, g.goals
            );
            seen[outcome as usize] += 1;
            if let Some(moves) = moves {
                let path = &solved.path;
                assert_eq!(path.len(), moves + 1, "{:?}", g.edges);
                assert_eq!(path[0], start);
                assert!(g.goals.contains(path.last().unwrap()));
                for step in path.windows(2) {
                    assert!(g.edges[step[0] as usize].contains(&step[1]));
                }
            }
        }
        assert!(seen.iter().all(|&s| s > 50), "{seen:?}");
    }

    #[test]
    fn a_long_path_needs_no_recursion_and_limits_hold() {
        // 0 -> 1 -> ... -> n-1, no goal: Lose; a cycle back to 0: Draw.
        let n = 200_000u32;
        let mut edges: Vec<Vec<u32>> = (0..n).map(|v| vec![v + 1]).collect();
        edges[n as usize - 1] = vec![];
        let mut g = Graph {
            edges,
            goals: vec![],
        };
        assert_eq!(solve(&g, &0).unwrap().outcome, SolitaireOutcome::Lose);
        g.edges[n as usize - 1] = vec![0];
        assert_eq!(solve(&g, &0).unwrap().outcome, SolitaireOutcome::Draw);
        g.goals = vec![n - 1];
        let solved = solve(&g, &0).unwrap();
        assert_eq!(solved.path.len(), n as usize);
        let error = solve_within(&g, &0, 1000, 1 << 30).unwrap_err();
        assert!(matches!(error, Error::Limit(_)), "{error}");
        let error = solve_within(&g, &0, n as usize, 1 << 16).unwrap_err();
        assert!(error.to_string().contains("memory budget"), "{error}");
    }
}
