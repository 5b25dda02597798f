//! Tokens on a directed acyclic graph (the chess-on-a-DAG game): a move slides
//! one token along one edge; several tokens are a sum. The graph comes from a
//! file: the number of vertices N, then for each vertex i (from 0) a line with
//! k and the k successors of i. Blank lines and `#` comments are allowed.

use std::io::Read;

use num_bigint::BigUint;

use super::{parameter_count, Family, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::game::{Game, Ruleset};
use crate::solver::Solver;
use crate::word::{quote_if_needed, Word};

pub const FAMILY: Family = Family {
    name: "graph",
    usage: "graph(FILE) VERTEX...",
    summary:
        "tokens on a directed acyclic graph read from FILE; a move slides one token along an edge",
    example: "graph(dag.txt) 0 2 2",
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

pub struct Graph {
    /// The file as the expression named it, to name the ruleset back.
    path: String,
    successors: Vec<Vec<u32>>,
    /// Every vertex's Grundy value, computed on loading, which also proves
    /// the graph acyclic.
    nimbers: Vec<u64>,
}

impl Graph {
    /// Reads the graph in the file at `path`, of at most `MAX_FILE_BYTES`.
    pub fn read(path: &str) -> Result<Graph> {
        let file_error = |message: String| Error::File {
            path: path.into(),
            message,
        };
        let file = std::fs::File::open(path).map_err(|e| file_error(e.to_string()))?;
        // One byte past the limit tells a file over it, whatever its
        // metadata says (a device has no size).
        let mut bytes = Vec::new();
        file.take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| file_error(e.to_string()))?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(Error::Limit(format!(
                "graph file {path} is larger than {} MiB, the most that is read",
                MAX_FILE_BYTES >> 20
            )));
        }
        let text = String::from_utf8(bytes)
            .map_err(|_| file_error("the file is not text (UTF-8)".into()))?;
        Graph::from_text(path, &text)
    }

    /// Parses the adjacency format; `path` names the graph in messages.
    pub fn from_text(path: &str, text: &str) -> Result<Graph> {
        let error = |line: usize, message: String| Error::File {
            path: path.into(),
            message: format!("line {line}: {message}"),
        };
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, line)| (i + 1, line.split('#').next().unwrap_or("").trim()))
            .filter(|(_, line)| !line.is_empty());
        let numbers = |line: usize, text: &str| -> Result<Vec<u64>> {
            text.split_whitespace()
                .map(|w| {
                    w.parse::<u64>().map_err(|_| {
                        error(
                            line,
                            format!("expected a non-negative integer, found {w:?}"),
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
        let mut successors = Vec::with_capacity(count);
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
            let next: Vec<u32> = row[1..]
                .iter()
                .map(|&w| {
                    if (w as usize) < count {
                        Ok(w as u32)
                    } else {
                        Err(error(
                            line,
                            format!(
                                "successor {w} of vertex {vertex} is not a vertex (0 to {})",
                                count - 1
                            ),
                        ))
                    }
                })
                .collect::<Result<_>>()?;
            successors.push(next);
        }
        if let Some((line, _)) = lines.next() {
            return Err(error(line, format!("more lines than the {count} vertices")));
        }
        let mut graph = Graph {
            path: path.into(),
            successors,
            nimbers: Vec::new(),
        };
        let mut solver = Solver::new(&graph);
        let nimbers = (0..count as u32)
            .map(|v| solver.nimber(&v))
            .collect::<Result<Vec<u64>>>()?;
        graph.nimbers = nimbers;
        Ok(graph)
    }
}

impl Game for Graph {
    type Position = u32;

    fn options(&self, &vertex: &u32) -> Result<Vec<Vec<u32>>> {
        Ok(self.successors[vertex as usize]
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

    fn noun(&self) -> &'static str {
        "token"
    }

    fn parse_position(&self, words: &[Word]) -> Result<u32> {
        let vertex: u64 = words[0].number("a vertex")?;
        if vertex as usize >= self.successors.len() {
            return Err(words[0].error(format!(
                "vertex {vertex} is not in the graph (0 to {})",
                self.successors.len().saturating_sub(1)
            )));
        }
        Ok(vertex as u32)
    }

    fn formula_nimber(&self, &vertex: &u32) -> Result<Option<BigUint>> {
        Ok(Some(BigUint::from(self.nimbers[vertex as usize])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_adjacency_format_with_comments() {
        let g =
            Graph::from_text("g", "# a diamond\n4\n2 1 2\n\n1 3 # to the sink\n1 3\n0\n").unwrap();
        assert_eq!(g.nimbers, [0, 1, 1, 0]);
    }

    #[test]
    fn a_cycle_names_its_vertices() {
        let err = Graph::from_text("g", "3\n1 1\n1 2\n1 1\n").err().unwrap();
        assert_eq!(
            err,
            Error::Cycle {
                positions: ["1", "2", "1"].map(String::from).to_vec(),
                length: 2,
            }
        );
    }

    #[test]
    fn a_cycle_through_every_vertex_is_named_by_its_length() {
        let n = 200_000;
        let text: String = std::iter::once(format!("{n}\n"))
            .chain((0..n).map(|v| format!("1 {}\n", (v + 1) % n)))
            .collect();
        let err = Graph::from_text("ring", &text).err().unwrap();
        assert!(
            matches!(
                err,
                Error::Cycle {
                    length: 200_000,
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().len() < 200, "{err}");
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
