//! A directed graph over the vertices `0..n`, in compressed sparse rows: the
//! successors of every vertex one after the other in one array, and where
//! each vertex's list starts. Four bytes a vertex and four an edge, without
//! an allocation per vertex, so graphs of 10^7 vertices stay small; at most
//! 2^32 - 1 edges.

use crate::error::{Error, Result};

/// Successor lists over the vertices `0..n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digraph {
    /// `starts[v]..starts[v + 1]` are the edges of `v` in `targets`.
    starts: Vec<u32>,
    targets: Vec<u32>,
}

impl Default for Digraph {
    /// No vertex yet.
    fn default() -> Digraph {
        Digraph::with_capacity(0, 0)
    }
}

impl Digraph {
    /// The graph of these successor lists. Every successor must be below
    /// `lists.len()` (callers check their input); too many edges are
    /// [`Error::Limit`].
    pub fn from_lists<L: AsRef<[u32]>>(lists: &[L]) -> Result<Digraph> {
        let mut graph = Digraph::with_capacity(lists.len(), 0);
        for list in lists {
            graph.push_vertex(list.as_ref())?;
        }
        Ok(graph)
    }

    /// An empty graph with room for this many vertices and edges.
    pub fn with_capacity(vertices: usize, edges: usize) -> Digraph {
        let mut starts = Vec::with_capacity(vertices + 1);
        starts.push(0);
        Digraph {
            starts,
            targets: Vec::with_capacity(edges),
        }
    }

    /// Adds the next vertex, with these successors.
    pub fn push_vertex(&mut self, successors: &[u32]) -> Result<()> {
        self.targets.extend_from_slice(successors);
        self.close_vertex()
    }

    /// Adds a successor to the vertex being built (the next one).
    pub fn push_target(&mut self, target: u32) {
        self.targets.push(target);
    }

    /// Ends the vertex being built: the successors pushed since the last
    /// vertex are its own.
    pub fn close_vertex(&mut self) -> Result<()> {
        let end = u32::try_from(self.targets.len()).map_err(|_| {
            Error::Limit(format!(
                "more than {} moves; a graph numbers them with 32 bits",
                u32::MAX
            ))
        })?;
        self.starts.push(end);
        Ok(())
    }

    /// How many vertices have been added.
    pub fn vertex_count(&self) -> usize {
        self.starts.len() - 1
    }

    /// How many edges (successors of all vertices) there are.
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The successors of vertex `v`, in the order pushed; `v` must be below
    /// [`Digraph::vertex_count`].
    #[inline]
    pub fn successors(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.targets[self.starts[v] as usize..self.starts[v + 1] as usize]
    }

    /// The graph with every edge turned around: the predecessors of each
    /// vertex, in the order of their vertices.
    pub fn reversed(&self) -> Digraph {
        let n = self.vertex_count();
        let mut starts = vec![0u32; n + 1];
        for &w in &self.targets {
            starts[w as usize + 1] += 1;
        }
        for v in 0..n {
            starts[v + 1] += starts[v];
        }
        let mut cursor = starts.clone();
        let mut targets = vec![0u32; self.targets.len()];
        for v in 0..n as u32 {
            for &w in self.successors(v) {
                targets[cursor[w as usize] as usize] = v;
                cursor[w as usize] += 1;
            }
        }
        Digraph { starts, targets }
    }

    /// Bytes held, for reports of memory per vertex.
    pub fn heap_bytes(&self) -> usize {
        (self.starts.capacity() + self.targets.capacity()) * 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_their_reverse() {
        let g = Digraph::from_lists(&[vec![1, 2], vec![2], vec![], vec![0, 0]]).unwrap();
        assert_eq!(g.vertex_count(), 4);
        assert_eq!(g.edge_count(), 5);
        assert_eq!(g.successors(0), [1, 2]);
        assert_eq!(g.successors(2), [] as [u32; 0]);
        let r = g.reversed();
        assert_eq!(r.successors(0), [3, 3]);
        assert_eq!(r.successors(1), [0]);
        assert_eq!(r.successors(2), [0, 1]);
        assert_eq!(r.successors(3), [] as [u32; 0]);
        assert_eq!(r.reversed(), g);
    }
}
