//! Tokens on a directed graph (the chess-on-a-graph game): a move slides one
//! token along one edge; several tokens are a sum. The graph comes from a
//! file: the number of vertices N, then for each vertex i (from 0) a line with
//! k and the k successors of i. Blank lines and `#` comments are allowed.
//!
//! The graph may have cycles: every vertex gets its generalized Sprague-Grundy
//! value when the file is read (`retrograde::loopy`, in O(V + E)). A vertex
//! that cannot reach a cycle keeps its ordinary nimber; one whose play can go
//! on forever may be infinite, `∞(K)`, and has no nimber.

use num_bigint::BigUint;

use super::{parameter_count, Family, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::game::{Game, Ruleset};
use crate::retrograde::loopy::{LoopyValue, LoopyValues};
use crate::retrograde::Digraph;
use crate::starts;
use crate::word::{quote_if_needed, Word};

pub const FAMILY: Family = Family {
    name: "graph",
    usage: "graph(FILE) VERTEX...",
    summary:
        "tokens on a directed graph read from FILE, cycles allowed; a move slides one token along an edge",
    example: "graph(examples/dag.txt) 0 2 2",
    build,
};

/// Graphs larger than this are refused rather than read into memory.
pub const MAX_VERTICES: usize = 10_000_000;

/// The largest graph file read (64 MiB): a file is read whole, and some
/// files, such as `/dev/zero`, never end.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

fn build(written: &FamilyText) -> Result<RulesetRef> {
    parameter_count(written, 1, FAMILY.usage)?;
    let graph = Graph::read(&written.parameters[0].text)?;
    Ok(ruleset_ref(graph))
}

/// Tokens on a directed graph read from a file (`graph(FILE)`), each
/// vertex with its generalized Sprague-Grundy value.
pub struct Graph {
    /// The file as the expression named it, to name the ruleset back.
    path: String,
    /// The SHA-256 of the file's text (`file::sha256_hex`).
    digest: String,
    graph: Digraph,
    /// Every vertex's generalized Sprague-Grundy value, computed on loading.
    values: LoopyValues,
}

impl Graph {
    /// Reads the graph in the file at `path`, of at most `MAX_FILE_BYTES`.
    pub fn read(path: &str) -> Result<Graph> {
        Graph::from_text(path, &read_graph_file(path)?)
    }

    /// Parses the adjacency format; `path` names the graph in messages.
    pub fn from_text(path: &str, text: &str) -> Result<Graph> {
        let graph = parse_digraph(path, text)?;
        let values = LoopyValues::compute(&graph);
        Ok(Graph {
            path: path.into(),
            digest: crate::file::sha256_hex(text.as_bytes()),
            graph,
            values,
        })
    }

    /// The generalized Sprague-Grundy value of `vertex`.
    pub fn value(&self, vertex: u32) -> LoopyValue {
        self.values.value(vertex)
    }
}

/// Parses the adjacency format (the module doc); `path` names the file in
/// messages.
pub(crate) fn parse_digraph(path: &str, text: &str) -> Result<Digraph> {
    let error = |line: usize, message: String| Error::File {
        path: path.into(),
        message: format!("line {line}: {message}"),
    };
    let mut lines = content_lines(text);
    let numbers = |line: usize, text: &str| -> Result<Vec<u64>> {
        text.split_whitespace()
            .map(|w| {
                w.parse::<u64>().map_err(|_| {
                    error(
                        line,
                        // The word is not quoted: an error tells where, never what a
                        // file holds (it may not be a graph at all).
                        "expected a non-negative integer".into(),
                    )
                })
            })
            .collect()
    };
    let (first, header) = lines.next().ok_or_else(|| Error::File {
        path: path.into(),
        message: "the file is empty; it must start with the number of vertices".into(),
    })?;
    let count = match numbers(first, header)?[..] {
        [n] if n as usize <= MAX_VERTICES => n as usize,
        [n] => {
            return Err(error(
                first,
                format!("{n} vertices; at most {MAX_VERTICES} are read"),
            ))
        }
        _ => {
            return Err(error(
                first,
                "the first line must hold only the number of vertices".into(),
            ))
        }
    };
    let mut graph = Digraph::with_capacity(count, 0);
    for vertex in 0..count {
        let (line, text) = lines.next().ok_or_else(|| Error::File {
            path: path.into(),
            message: format!("the file ends after {vertex} of its {count} vertices"),
        })?;
        let row = numbers(line, text)?;
        let k = row[0] as usize;
        if row.len() - 1 != k {
            return Err(error(
                line,
                format!(
                    "vertex {vertex} says {k} successors but lists {}",
                    row.len() - 1
                ),
            ));
        }
        for &w in &row[1..] {
            if w as usize >= count {
                return Err(error(
                    line,
                    format!(
                        "successor {w} of vertex {vertex} is not a vertex (0 to {})",
                        count - 1
                    ),
                ));
            }
            graph.push_target(w as u32);
        }
        graph.close_vertex()?;
    }
    if let Some((line, _)) = lines.next() {
        return Err(error(line, format!("more lines than the {count} vertices")));
    }
    Ok(graph)
}

impl Game for Graph {
    type Position = u32;

    fn options(&self, &vertex: &u32) -> Result<Vec<Vec<u32>>> {
        Ok(self
            .graph
            .successors(vertex)
            .iter()
            .map(|&w| vec![w])
            .collect())
    }

    fn format_position(&self, vertex: &u32) -> String {
        vertex.to_string()
    }
}

impl Ruleset for Graph {
    fn name(&self) -> String {
        format!("graph({})", quote_if_needed(&self.path))
    }

    fn digest(&self) -> Option<String> {
        Some(self.digest.clone())
    }

    fn noun(&self) -> &'static str {
        "token"
    }

    fn parse_position(&self, words: &[Word]) -> Result<u32> {
        let vertex: u64 = words[0].number("a vertex")?;
        let count = self.graph.vertex_count();
        if vertex as usize >= count {
            return Err(words[0].error(format!(
                "vertex {vertex} is not in the graph (0 to {})",
                count.saturating_sub(1)
            )));
        }
        Ok(vertex as u32)
    }

    /// Every vertex's value is known, so no vertex is searched: a finite
    /// one is its nimber, and an infinite one has none, which only a
    /// question needing the nimber (misère play, say) finds out.
    fn formula_nimber(&self, &vertex: &u32) -> Result<Option<BigUint>> {
        match self.value(vertex) {
            LoopyValue::Finite(g) => Ok(Some(BigUint::from(g))),
            infinite => Err(infinite.no_nimber(&format!("vertex {vertex} of {}", self.name()))),
        }
    }

    fn loopy_value(&self, &vertex: &u32) -> Option<LoopyValue> {
        self.values
            .nimber(vertex)
            .is_none()
            .then(|| self.value(vertex))
    }

    /// Every vertex's value, computed when the file was read.
    fn all_values(&self, memory: u64) -> Option<Result<Vec<LoopyValue>>> {
        let count = self.graph.vertex_count() as u32;
        // A value, and the allocation of an infinite one's K.
        let each = (size_of::<LoopyValue>() + 32) as u64;
        Some(
            starts::check_memory(count as u64, each, memory)
                .map(|()| (0..count).map(|v| self.value(v)).collect()),
        )
    }
}

/// The text of a graph file (impartial or partizan), read up to
/// [`MAX_FILE_BYTES`].
pub(crate) fn read_graph_file(path: &str) -> Result<String> {
    crate::file::read_text_at_most(path, MAX_FILE_BYTES, "graph file")
}

/// The lines of a graph file that hold something, numbered from 1, with
/// their `#` comments cut off.
pub(crate) fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.split('#').next().unwrap_or("").trim()))
        .filter(|(_, line)| !line.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_adjacency_format_with_comments() {
        let g =
            Graph::from_text("g", "# a diamond\n4\n2 1 2\n\n1 3 # to the sink\n1 3\n0\n").unwrap();
        let nimbers: Vec<_> = (0..4).map(|v| g.formula_nimber(&v).unwrap()).collect();
        assert_eq!(nimbers, [0u32, 1, 1, 0].map(|g| Some(BigUint::from(g))));
        assert!((0..4).all(|v| g.loopy_value(&v).is_none()));
    }

    /// 0 -> 1 <-> 2, and 3 -> 4 -> 5: the cycle is no concern of 3, which
    /// keeps its nimber, while 1 and 2 can play forever.
    #[test]
    fn a_cycle_makes_infinite_values_only_where_it_is_reached() {
        let g = Graph::from_text("g", "6\n1 1\n1 2\n1 1\n1 4\n1 5\n0\n").unwrap();
        let values: Vec<String> = (0..6).map(|v| g.value(v).to_string()).collect();
        assert_eq!(values, ["∞", "∞", "∞", "0", "1", "0"]);
        assert_eq!(g.formula_nimber(&3).unwrap(), Some(BigUint::ZERO));
        assert_eq!(g.loopy_value(&1), Some(LoopyValue::Infinite(vec![])));
        let err = g.formula_nimber(&1).err().unwrap().to_string();
        assert!(
            err.contains("vertex 1 of graph(g) has the infinite value ∞"),
            "{err}"
        );
    }

    #[test]
    fn a_cycle_through_every_vertex_is_a_draw_everywhere() {
        let n = 200_000;
        let text: String = std::iter::once(format!("{n}\n"))
            .chain((0..n).map(|v| format!("1 {}\n", (v + 1) % n)))
            .collect();
        let g = Graph::from_text("ring", &text).unwrap();
        assert_eq!(g.loopy_value(&0), Some(LoopyValue::Infinite(vec![])));
        assert_eq!(g.loopy_value(&(n - 1)), Some(LoopyValue::Infinite(vec![])));
    }

    #[cfg(unix)]
    #[test]
    fn a_file_without_end_is_refused_at_the_size_limit() {
        let err = Graph::read("/dev/zero").err().unwrap();
        assert!(matches!(err, Error::Limit(_)), "{err}");
        assert!(err.to_string().contains("64 MiB"), "{err}");
    }

    #[test]
    fn a_missing_file_is_a_file_error() {
        let err = Graph::read("/nonexistent/graph.txt").err().unwrap();
        assert!(matches!(err, Error::File { .. }), "{err}");
    }

    #[test]
    fn malformed_files_name_the_line() {
        for (text, expected) in [
            ("", "empty"),
            ("2\n1 1\n", "ends after 1"),
            (
                "2\n2 1\n0\n",
                "line 2: vertex 0 says 2 successors but lists 1",
            ),
            ("2\n1 5\n0\n", "line 2: successor 5"),
            ("2\n1 x\n0\n", "line 2: expected a non-negative integer"),
            ("1\n0\n0\n", "line 3: more lines"),
            ("2 3\n", "line 1"),
        ] {
            let err = Graph::from_text("g", text).err().unwrap().to_string();
            assert!(err.contains(expected), "{text:?}: {err}");
        }
    }
}
