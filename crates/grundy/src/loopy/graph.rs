//! Game graphs: each vertex a position, with Left's and Right's options
//! among the vertices of the same graph, cycles allowed.

use std::collections::VecDeque;

use hashbrown::HashMap;

use crate::error::{Error, Result};

/// A game graph. A loopy game is a graph and its vertex 0 (see
/// [`Graph::game`]); every other vertex is a subposition of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
    /// How many options all vertices have together.
    edges: usize,
}

impl Graph {
    /// A graph without vertices.
    pub fn new() -> Graph {
        Graph::default()
    }

    /// How many vertices it has.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Whether it has no vertex.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// How many options its vertices have together (moves of the graph).
    pub fn edges(&self) -> usize {
        self.edges
    }

    /// A new vertex without options; its number.
    pub fn vertex(&mut self) -> u32 {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        (self.left.len() - 1) as u32
    }

    /// Gives vertex `v` these options, each a vertex of this graph.
    pub fn set(&mut self, v: u32, left: Vec<u32>, right: Vec<u32>) {
        debug_assert!(left
            .iter()
            .chain(&right)
            .all(|&w| (w as usize) < self.len()));
        let before = self.left[v as usize].len() + self.right[v as usize].len();
        self.edges = self.edges - before + left.len() + right.len();
        self.left[v as usize] = left;
        self.right[v as usize] = right;
    }

    /// Left's options of `v`.
    pub fn left(&self, v: u32) -> &[u32] {
        &self.left[v as usize]
    }

    /// Right's options of `v`.
    pub fn right(&self, v: u32) -> &[u32] {
        &self.right[v as usize]
    }

    /// The options of `v` for Left (`left`) or Right.
    pub fn options(&self, v: u32, left: bool) -> &[u32] {
        match left {
            true => self.left(v),
            false => self.right(v),
        }
    }

    /// The game at `start` alone: the vertices reachable from it by either
    /// player's moves, numbered in the order a breadth-first search meets
    /// them, `start` as 0.
    pub fn game(&self, start: u32) -> Graph {
        let mut number = vec![u32::MAX; self.len()];
        let mut order = vec![start];
        number[start as usize] = 0;
        let mut next = 0;
        while next < order.len() {
            let v = order[next];
            next += 1;
            for &w in self.left(v).iter().chain(self.right(v)) {
                if number[w as usize] == u32::MAX {
                    number[w as usize] = order.len() as u32;
                    order.push(w);
                }
            }
        }
        let renumber = |options: &[u32]| options.iter().map(|&w| number[w as usize]).collect();
        let left: Vec<Vec<u32>> = order.iter().map(|&v| renumber(self.left(v))).collect();
        let right: Vec<Vec<u32>> = order.iter().map(|&v| renumber(self.right(v))).collect();
        let edges = left.iter().chain(&right).map(Vec::len).sum();
        Graph { left, right, edges }
    }

    /// Copies `other` into this graph after its own vertices; the number
    /// its vertex 0 has here.
    pub fn append(&mut self, other: &Graph) -> u32 {
        let offset = self.len() as u32;
        let shift = |options: &Vec<u32>| options.iter().map(|&w| w + offset).collect();
        self.left.extend(other.left.iter().map(shift));
        self.right.extend(other.right.iter().map(shift));
        self.edges += other.edges;
        offset
    }

    /// -G for every vertex G: each player's options are the other's.
    pub fn negated(&self) -> Graph {
        Graph {
            left: self.right.clone(),
            right: self.left.clone(),
            edges: self.edges,
        }
    }

    /// The sum of the games at vertex 0 of `g` and of `h`: its vertices the
    /// pairs of their vertices reachable from (0, 0), which is vertex 0;
    /// a player moves in either part. More than `most` pairs are a limit.
    pub fn sum(g: &Graph, h: &Graph, most: usize) -> Result<Graph> {
        let mut number: HashMap<(u32, u32), u32> = HashMap::new();
        let mut pairs = vec![(0, 0)];
        number.insert((0, 0), 0);
        let mut sum = Graph::new();
        let mut next = 0;
        while next < pairs.len() {
            let (a, b) = pairs[next];
            next += 1;
            let mut side = |left: bool| -> Result<Vec<u32>> {
                let moves = (g.options(a, left).iter().map(|&a2| (a2, b)))
                    .chain(h.options(b, left).iter().map(|&b2| (a, b2)));
                let mut options = Vec::new();
                for pair in moves {
                    let count = number.len() as u32;
                    let w = *number.entry(pair).or_insert_with(|| {
                        pairs.push(pair);
                        count
                    });
                    options.push(w);
                }
                match number.len() > most {
                    true => Err(Error::Limit(format!(
                        "the sum of two loopy games has more than {most} positions, the most \
                         a loopy sum is built with"
                    ))),
                    false => Ok(options),
                }
            };
            let left = side(true)?;
            let right = side(false)?;
            sum.edges += left.len() + right.len();
            sum.left.push(left);
            sum.right.push(right);
        }
        Ok(sum)
    }

    /// Whether no vertex begins a play of alternating moves that never
    /// ends: the game is a stopper (Siegel, *Combinatorial Game Theory*,
    /// VI.1), where every vertex is reachable from vertex 0.
    pub fn is_stopper(&self) -> bool {
        // State 2v: Left to move at v; 2v + 1: Right to move.
        let successors = |s: usize| -> &[u32] { self.options((s / 2) as u32, s % 2 == 0) };
        acyclic(2 * self.len(), |s| {
            successors(s)
                .iter()
                .map(move |&w| 2 * w as usize + (1 - s % 2))
        })
    }

    /// Whether no sequence of moves (of either player, in any order)
    /// returns to a vertex: a short game.
    pub fn is_loopfree(&self) -> bool {
        acyclic(self.len(), |v| {
            (self.left[v].iter().chain(&self.right[v])).map(|&w| w as usize)
        })
    }

    /// For each vertex, whether no sequence of moves from it meets a cycle:
    /// the vertices that are short games.
    pub fn loopfree_vertices(&self) -> Vec<bool> {
        // A vertex is loop-free when all its options are: peel the graph
        // from the vertices without options (Kahn's order on the reverse).
        let n = self.len();
        let mut waiting: Vec<usize> = (0..n)
            .map(|v| self.left[v].len() + self.right[v].len())
            .collect();
        let mut before: Vec<Vec<u32>> = vec![Vec::new(); n];
        for v in 0..n {
            for &w in self.left[v].iter().chain(&self.right[v]) {
                before[w as usize].push(v as u32);
            }
        }
        let mut free = vec![false; n];
        let mut queue: VecDeque<usize> = (0..n).filter(|&v| waiting[v] == 0).collect();
        while let Some(v) = queue.pop_front() {
            free[v] = true;
            for &u in &before[v] {
                waiting[u as usize] -= 1;
                if waiting[u as usize] == 0 {
                    queue.push_back(u as usize);
                }
            }
        }
        free
    }

    /// Vertices that point to each vertex: `(by Left, by Right)`, an entry
    /// for each option (so twice where an option is listed twice).
    pub(super) fn reversed(&self) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
        let n = self.len();
        let mut by_left = vec![Vec::new(); n];
        let mut by_right = vec![Vec::new(); n];
        for v in 0..n {
            for &w in &self.left[v] {
                by_left[w as usize].push(v as u32);
            }
            for &w in &self.right[v] {
                by_right[w as usize].push(v as u32);
            }
        }
        (by_left, by_right)
    }
}

/// Whether the graph of `count` states with these successors has no
/// cycle: Kahn's order takes every state.
fn acyclic<I: Iterator<Item = usize>>(count: usize, successors: impl Fn(usize) -> I) -> bool {
    let mut incoming = vec![0usize; count];
    for s in 0..count {
        for t in successors(s) {
            incoming[t] += 1;
        }
    }
    let mut ready: Vec<usize> = (0..count).filter(|&s| incoming[s] == 0).collect();
    let mut taken = 0;
    while let Some(s) = ready.pop() {
        taken += 1;
        for t in successors(s) {
            incoming[t] -= 1;
            if incoming[t] == 0 {
                ready.push(t);
            }
        }
    }
    taken == count
}
