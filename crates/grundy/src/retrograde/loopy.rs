//! The generalized Sprague-Grundy function of a loopy impartial game (Smith
//! 1966; Fraenkel and Yesha 1986): tokens on a directed graph that may have
//! cycles, a move slides one token along an edge, who cannot move loses.
//!
//! A position's value γ is a nimber or infinite. Written `∞(K)`, an infinite
//! value carries K, the finite values among the position's options (`∞`
//! when there are none). γ is the unique function with a counter function c
//! (into a well-ordered set) such that
//! - A. if γ(u) is finite, γ(u) = mex of the finite values of u's options;
//! - B. if γ(u) is finite and an option v of u has γ(v) > γ(u) (infinite
//!   included), v has an option w with γ(w) = γ(u) and c(w) < c(u): a move
//!   up can be reversed, and reversing it brings play closer to its end;
//! - C. if γ(u) is infinite, u has an option v with γ(v) = ∞(L) such that
//!   mex(K) is not in L, K being the finite values of u's options.
//!
//! A sum's value follows from its parts': a + b is a ⊕ b for two nimbers,
//! ∞(K) + b is ∞(K ⊕ b), and a sum with two infinite parts is a draw. The
//! outcome: P for 0, N for a non-zero nimber and for ∞(K) with 0 in K,
//! otherwise D (a draw).
//!
//! # The labelling
//! In rounds m = 0, 1, 2...: a vertex not yet labelled gets the label m when
//! none of its options is labelled m and each of its options that is not
//! labelled, or is labelled ∞, has an option labelled m (the options with
//! smaller labels are ignored). Those are found like the lost positions of a
//! retrograde analysis: a counter per vertex of its options not known to
//! reach m, lowered when an option first reaches m, the vertex labelled when
//! it reaches 0. The round ends by labelling ∞ every vertex still without a
//! label that has no option labelled m. A vertex still without a label then
//! has options labelled 0..=m, so the rounds end after at most the largest
//! out-degree + 1; each round costs the vertices without labels and the
//! edges into the vertices it touches, at most O(V + E).
//!
//! ```
//! use grundy::retrograde::loopy::{LoopyValue, LoopyValues};
//! use grundy::retrograde::Digraph;
//! use grundy::Outcome;
//!
//! // 0 <-> 1, 1 -> 2 (2 has no move), and 3 <-> 4. Smith's theory: 2 is
//! // worth 0, so 1 (which can move to it) is worth 1 and 0 (whose one move
//! // lets the opponent end the game) 0; 3 and 4 only go round: ∞, a draw.
//! let graph = Digraph::from_lists(&[vec![1], vec![0, 2], vec![], vec![4], vec![3]]).unwrap();
//! let values = LoopyValues::compute(&graph);
//! assert_eq!(values.value(0), LoopyValue::Finite(0));
//! assert_eq!(values.value(1), LoopyValue::Finite(1));
//! assert_eq!(values.value(3), LoopyValue::Infinite(vec![]));
//! assert_eq!(values.value(3).outcome(), Outcome::D);
//! // ∞ plus a nimber is still a draw; * + * = 0.
//! let star = LoopyValue::Finite(1);
//! assert_eq!(star.add(&star), Some(LoopyValue::Finite(0)));
//! ```

use std::collections::HashMap;
use std::fmt;

use super::Digraph;
use crate::error::Error;
use crate::value::Outcome;

/// A label: a nimber below these, or one of these.
const UNLABELLED: u32 = u32::MAX - 1;
const INFINITE: u32 = u32::MAX;

/// The generalized Sprague-Grundy value of one position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// A nimber.
    Finite(u64),
    /// Infinite, with the finite values of the position's options, in
    /// increasing order.
    Infinite(Vec<u64>),
}

impl LoopyValue {
    /// P for 0; N for a non-zero nimber or ∞(K) with 0 in K; D otherwise.
    pub fn outcome(&self) -> Outcome {
        match self {
            LoopyValue::Finite(0) => Outcome::P,
            LoopyValue::Finite(_) => Outcome::N,
            LoopyValue::Infinite(k) if k.contains(&0) => Outcome::N,
            LoopyValue::Infinite(_) => Outcome::D,
        }
    }

    /// The nimber, when the value is finite.
    pub fn nimber(&self) -> Option<u64> {
        match self {
            LoopyValue::Finite(g) => Some(*g),
            LoopyValue::Infinite(_) => None,
        }
    }

    /// The error for a question that needs the nimber of a position of this
    /// value, which is infinite; `what` names the position.
    pub fn no_nimber(&self, what: &str) -> Error {
        Error::Unsupported(format!(
            "{what} has the infinite value {self}: play from it can go on forever, \
             and it has no nimber"
        ))
    }

    /// The value of the sum of two positions; `None` when both are infinite:
    /// such a sum is a draw.
    pub fn add(&self, other: &LoopyValue) -> Option<LoopyValue> {
        match (self, other) {
            (LoopyValue::Finite(a), LoopyValue::Finite(b)) => Some(LoopyValue::Finite(a ^ b)),
            (LoopyValue::Infinite(k), LoopyValue::Finite(b))
            | (LoopyValue::Finite(b), LoopyValue::Infinite(k)) => {
                let mut shifted: Vec<u64> = k.iter().map(|v| v ^ b).collect();
                shifted.sort_unstable();
                Some(LoopyValue::Infinite(shifted))
            }
            (LoopyValue::Infinite(_), LoopyValue::Infinite(_)) => None,
        }
    }
}

/// The value of a sum of positions (0 for none); `None` when two or more
/// parts are infinite: the sum is a draw.
pub fn sum(values: &[LoopyValue]) -> Option<LoopyValue> {
    values
        .iter()
        .try_fold(LoopyValue::Finite(0), |total, value| total.add(value))
}

/// The outcome of a sum of positions of these values.
pub fn sum_outcome(values: &[LoopyValue]) -> Outcome {
    sum(values).map_or(Outcome::D, |value| value.outcome())
}

impl fmt::Display for LoopyValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Finite(g) => write!(f, "{g}"),
            LoopyValue::Infinite(k) if k.is_empty() => f.write_str("∞"),
            LoopyValue::Infinite(k) => {
                let k: Vec<String> = k.iter().map(u64::to_string).collect();
                write!(f, "∞({})", k.join(","))
            }
        }
    }
}

/// The generalized Sprague-Grundy values of every vertex of a graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyValues {
    /// A nimber, or [`INFINITE`].
    labels: Vec<u32>,
    /// The K of each infinite vertex, ∞(K): the finite values of its
    /// options, found once when the graph is labelled, not at each
    /// question (a vertex's options may be a million self-loops, asked of
    /// once for each of them).
    infinite: HashMap<u32, Vec<u64>>,
}

impl LoopyValues {
    /// Labels every vertex of `graph`.
    pub fn compute(graph: &Digraph) -> LoopyValues {
        Labelling::new(graph).run()
    }

    /// The vertex's nimber, `None` when its value is infinite.
    pub fn nimber(&self, vertex: u32) -> Option<u64> {
        match self.labels[vertex as usize] {
            INFINITE => None,
            g => Some(g as u64),
        }
    }

    /// The vertex's value, with the finite values of its options when it is
    /// infinite.
    pub fn value(&self, vertex: u32) -> LoopyValue {
        match self.nimber(vertex) {
            Some(g) => LoopyValue::Finite(g),
            None => LoopyValue::Infinite(self.infinite[&vertex].clone()),
        }
    }

    /// Bytes held, for reports of memory per vertex.
    pub fn heap_bytes(&self) -> usize {
        let each = size_of::<(u32, Vec<u64>)>() + 8;
        let ks: usize = self
            .infinite
            .values()
            .map(|k| each + 8 * k.capacity())
            .sum();
        self.labels.capacity() * 4 + ks
    }
}

struct Labelling<'a> {
    graph: &'a Digraph,
    predecessors: Digraph,
    /// Everything the labelling keeps of a vertex, side by side: the
    /// labelling jumps from vertex to vertex, and reads one line each.
    vertices: Vec<Vertex>,
}

#[derive(Clone, Copy)]
struct Vertex {
    /// A nimber, [`UNLABELLED`] or [`INFINITE`].
    label: u32,
    /// How many of its options have no finite label.
    open: u32,
    /// The last round in which it had an option labelled in that round
    /// (`u32::MAX`: none yet).
    reached: u32,
    /// In the current round, its options without a finite label that have
    /// no option labelled in the round.
    waiting_for: u32,
}

impl<'a> Labelling<'a> {
    fn new(graph: &'a Digraph) -> Labelling<'a> {
        let n = graph.vertex_count() as u32;
        Labelling {
            graph,
            predecessors: graph.reversed(),
            vertices: (0..n)
                .map(|v| Vertex {
                    label: UNLABELLED,
                    open: graph.successors(v).len() as u32,
                    reached: u32::MAX,
                    waiting_for: 0,
                })
                .collect(),
        }
    }

    fn run(mut self) -> LoopyValues {
        let mut waiting: Vec<u32> = (0..self.graph.vertex_count() as u32).collect();
        let mut ready = Vec::new();
        let mut round = 0;
        while !waiting.is_empty() {
            for &v in &waiting {
                let vertex = &mut self.vertices[v as usize];
                vertex.waiting_for = vertex.open;
                if vertex.open == 0 {
                    ready.push(v);
                }
            }
            while let Some(v) = ready.pop() {
                self.label(v, round, &mut ready);
            }
            waiting.retain(|&v| {
                let vertex = &mut self.vertices[v as usize];
                if vertex.label != UNLABELLED {
                    false
                } else if vertex.reached != round {
                    vertex.label = INFINITE;
                    false
                } else {
                    true
                }
            });
            round += 1;
        }
        let labels: Vec<u32> = self.vertices.iter().map(|v| v.label).collect();
        let finite = |w: &u32| Some(labels[*w as usize]).filter(|&g| g != INFINITE);
        let infinite = (0..labels.len() as u32)
            .filter(|&v| labels[v as usize] == INFINITE)
            .map(|v| {
                let successors = self.graph.successors(v).iter();
                let mut k: Vec<u64> = successors.filter_map(finite).map(u64::from).collect();
                k.sort_unstable();
                k.dedup();
                (v, k)
            })
            .collect();
        LoopyValues { labels, infinite }
    }

    /// Labels `v` with `round`; queues in `ready` the vertices this lets be
    /// labelled too.
    fn label(&mut self, v: u32, round: u32, ready: &mut Vec<u32>) {
        self.vertices[v as usize].label = round;
        for &p in self.predecessors.successors(v) {
            let vertex = &mut self.vertices[p as usize];
            vertex.open -= 1;
            let open_label = matches!(vertex.label, UNLABELLED | INFINITE);
            if !open_label || vertex.reached == round {
                continue;
            }
            // p now has an option labelled `round`: the vertices that move to
            // p have one option fewer to wait for.
            vertex.reached = round;
            for &q in self.predecessors.successors(p) {
                let vertex = &mut self.vertices[q as usize];
                if vertex.label == UNLABELLED && vertex.reached != round {
                    vertex.waiting_for -= 1;
                    if vertex.waiting_for == 0 {
                        ready.push(q);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(lists: &[Vec<u32>]) -> Vec<String> {
        let graph = Digraph::from_lists(lists).unwrap();
        let values = LoopyValues::compute(&graph);
        (0..lists.len() as u32)
            .map(|v| values.value(v).to_string())
            .collect()
    }

    #[test]
    fn a_dag_has_its_nimbers() {
        // 0 -> 1 -> 2, 0 -> 2: the nimbers 2, 1, 0.
        assert_eq!(values(&[vec![1, 2], vec![2], vec![]]), ["2", "1", "0"]);
    }

    #[test]
    fn a_cycle_without_exits_is_infinite() {
        assert_eq!(values(&[vec![1], vec![0]]), ["∞", "∞"]);
        assert_eq!(values(&[vec![0]]), ["∞"]);
    }

    #[test]
    fn cycles_with_exits() {
        // 2 is a sink (0) and 3 -> 2 is 1. Every option of 0 (1 and 3) can
        // move to the sink, so 0 is 0 despite the cycle 0 <-> 1, and 1 is 1.
        assert_eq!(
            values(&[vec![1, 3], vec![0, 2], vec![], vec![2]]),
            ["0", "1", "0", "1"]
        );
        // 0 <-> 1, and both can move to the sink 2: the one to move wins by
        // moving to the sink, but neither is 1: from 0 the move to 1 cannot
        // be answered by a move to a 1. Both are ∞(0).
        assert_eq!(
            values(&[vec![1, 2], vec![0, 2], vec![]]),
            ["∞(0)", "∞(0)", "0"]
        );
    }

    #[test]
    fn display_and_sums() {
        let inf = |k: &[u64]| LoopyValue::Infinite(k.to_vec());
        assert_eq!(inf(&[]).to_string(), "∞");
        assert_eq!(inf(&[0, 2]).to_string(), "∞(0,2)");
        assert_eq!(LoopyValue::Finite(3).to_string(), "3");
        assert_eq!(
            LoopyValue::Finite(3).add(&LoopyValue::Finite(5)),
            Some(LoopyValue::Finite(6))
        );
        assert_eq!(LoopyValue::Finite(2).add(&inf(&[0, 3])), Some(inf(&[1, 2])));
        assert_eq!(inf(&[0]).add(&inf(&[0])), None);
        assert_eq!(sum(&[]), Some(LoopyValue::Finite(0)));
        assert_eq!(sum_outcome(&[inf(&[0]), inf(&[1])]), Outcome::D);
        assert_eq!(
            sum_outcome(&[inf(&[0, 2]), LoopyValue::Finite(2)]),
            Outcome::N
        );
        assert_eq!(
            sum_outcome(&[inf(&[0, 2]), LoopyValue::Finite(1)]),
            Outcome::D
        );
        assert_eq!(inf(&[1]).outcome(), Outcome::D);
        assert_eq!(LoopyValue::Finite(0).outcome(), Outcome::P);
        assert_eq!(LoopyValue::Finite(4).outcome(), Outcome::N);
    }
}
