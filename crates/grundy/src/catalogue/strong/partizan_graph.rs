//! A partizan game on a directed graph read from a file: from each vertex
//! Left has some moves and Right others; who cannot move loses. The
//! positions do not say who moves next: [`crate::retrograde::Turns`] solves
//! them with a player to move, and cycles are allowed (play may go on
//! forever: a draw).
//!
//! The file: the number of vertices N on the first line, then one line for
//! each vertex i from 0: Left's moves as a count k and k vertices, a `;`,
//! and Right's moves the same way. Blank lines and `#` comments are allowed.
//!
//! ```text
//! # from 0 Left can move to 1, Right to 1 and 2
//! 3
//! 1 1 ; 2 1 2
//! 1 0 ; 1 0
//! 0 ; 0
//! ```
//!
//! Files are read up to the size impartial graph files are.
//!
//! In an expression, `partizan-graph(FILE) 0@Left` is vertex 0 with Left
//! to move (`0@Right`: Right to move); `grundy solve` starts at vertex 0
//! with Left to move, and `grundy solve --all-starts` answers every vertex
//! with either player first from one solve of them all. The outcome class
//! of a vertex (L, R, N or P) is read from its two answers: who wins moving
//! first, and who moving second. A vertex without a player (`0`) is a
//! loopy partizan game: `analyze` values it by the rules of
//! [`crate::loopy`] (its outcome with draws; its simplest form where it is
//! a stopper).

use super::{parameter_count, position_and_player, Family, FamilyText};
use crate::catalogue::impartial::graph::{content_lines, read_graph_file};
use crate::component::{strong_ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::loopy;
use crate::retrograde::{Digraph, Numbering, PartizanGame, Player, Turns};
use crate::strong::{PartizanStarts, StrongRules};
use crate::word::{quote_if_needed, Word};

pub const FAMILY: Family = Family {
    name: "partizan-graph",
    usage: "partizan-graph(FILE) VERTEX@PLAYER",
    summary: "a token on a graph read from FILE with Left's and Right's moves apart; \
              who cannot move loses, cycles are draws",
    example: "partizan-graph(examples/game.txt) 0@Left",
    build,
};

fn build(written: &FamilyText) -> Result<RulesetRef> {
    parameter_count(written, 1, FAMILY.usage)?;
    let path = &written.parameters[0].text;
    let graph = PartizanGraph::read(path)?;
    if graph.vertex_count() == 0 {
        return Err(Error::File {
            path: path.clone(),
            message: "the graph has no vertex to play from".into(),
        });
    }
    Ok(strong_ruleset_ref(Turns::new(graph, Player::Left)))
}

impl StrongRules for Turns<PartizanGraph> {
    fn name(&self) -> String {
        format!("partizan-graph({})", quote_if_needed(self.game().path()))
    }

    fn digest(&self) -> Option<String> {
        Some(self.game().digest.clone())
    }

    /// `VERTEX@Left` or `VERTEX@Right`.
    fn parse_position(&self, word: &Word) -> Result<(u32, Player)> {
        let (vertex_word, player) = position_and_player(
            word,
            "a position is a vertex and who moves there: 0@Left or 0@Right",
        )?;
        let v: u32 = vertex_word.number("a vertex")?;
        if v >= self.game().vertex_count() {
            return Err(vertex_word.error(format!(
                "vertex {v} is not in the graph, whose vertices are 0 to {}",
                self.game().vertex_count().saturating_sub(1)
            )));
        }
        Ok((v, player))
    }

    /// A vertex without `@`: the loopy game of its moves, valued by the
    /// rules of loopy games.
    fn loopy(&self, word: &Word) -> Option<Result<loopy::Graph>> {
        match word.text.contains('@') {
            true => None,
            false => Some(self.game().loopy_game(word)),
        }
    }

    /// Every vertex, with Left to move and with Right.
    fn partizan_starts(&self) -> Option<PartizanStarts<'_, (u32, Player)>> {
        let count = self.game().vertex_count();
        let pairs = (0..count).map(|v| [(v, Player::Left), (v, Player::Right)]);
        Some((count as u64, Box::new(pairs)))
    }
}

/// A partizan game on a directed graph read from a file
/// (`partizan-graph(FILE)`): Left's and Right's moves from each vertex.
pub struct PartizanGraph {
    /// The file as the expression named it, to name the ruleset back.
    path: String,
    /// The SHA-256 of the file's text (`file::sha256_hex`).
    digest: String,
    left: Digraph,
    right: Digraph,
}

impl PartizanGraph {
    /// The loopy game at the vertex `word` names: every vertex reachable
    /// from it, with Left's and Right's moves.
    fn loopy_game(&self, word: &Word) -> Result<loopy::Graph> {
        let v: u32 = word.number("a vertex")?;
        let count = self.left.vertex_count() as u32;
        if v >= count {
            return Err(word.error(format!(
                "vertex {v} is not in the graph, whose vertices are 0 to {}",
                count.saturating_sub(1)
            )));
        }
        let mut graph = loopy::Graph::new();
        for _ in 0..count {
            graph.vertex();
        }
        for u in 0..count {
            let (left, right) = (self.left.successors(u), self.right.successors(u));
            graph.set(u, left.to_vec(), right.to_vec());
        }
        Ok(graph.game(v))
    }

    /// Reads the graph in the file at `path`, of at most
    /// `MAX_FILE_BYTES` of graph files.
    pub fn read(path: &str) -> Result<PartizanGraph> {
        PartizanGraph::from_text(path, &read_graph_file(path)?)
    }

    /// Parses the file format; `path` names the graph in messages.
    pub fn from_text(path: &str, text: &str) -> Result<PartizanGraph> {
        let error = |line: usize, message: String| Error::File {
            path: path.into(),
            message: format!("line {line}: {message}"),
        };
        let mut lines = content_lines(text);
        let number = |line: usize, word: &str| -> Result<u64> {
            word.parse::<u64>().map_err(|_| {
                error(
                    line,
                    // The word is not quoted: an error tells where, never what a
                    // file holds (it may not be a graph at all).
                    "expected a non-negative integer".into(),
                )
            })
        };
        let (first, header) = lines.next().ok_or_else(|| Error::File {
            path: path.into(),
            message: "the file is empty; it must start with the number of vertices".into(),
        })?;
        let count = match header.split_whitespace().collect::<Vec<_>>()[..] {
            [n] => number(first, n)?,
            _ => {
                return Err(error(
                    first,
                    "the first line must hold only the number of vertices".into(),
                ))
            }
        };
        if count >= u32::MAX as u64 {
            return Err(error(first, format!("{count} vertices are too many")));
        }
        let mut left = Digraph::with_capacity(0, 0);
        let mut right = Digraph::with_capacity(0, 0);
        let mut successors = Vec::new();
        for vertex in 0..count {
            let (line, text) = lines.next().ok_or_else(|| Error::File {
                path: path.into(),
                message: format!("the file ends after {vertex} of its {count} vertices"),
            })?;
            let Some((left_text, right_text)) = text.split_once(';') else {
                return Err(error(
                    line,
                    format!("vertex {vertex}: expected Left's moves, ';' and Right's moves"),
                ));
            };
            for (player, side, graph) in [
                (Player::Left, left_text, &mut left),
                (Player::Right, right_text, &mut right),
            ] {
                successors.clear();
                let mut words = side.split_whitespace();
                let k = match words.next() {
                    Some(word) => number(line, word)?,
                    None => {
                        return Err(error(
                            line,
                            format!(
                                "vertex {vertex}: {}'s moves must start with their count",
                                player.name()
                            ),
                        ))
                    }
                };
                for word in words {
                    let w = number(line, word)?;
                    if w >= count {
                        return Err(error(
                            line,
                            format!(
                                "{}'s move {w} from vertex {vertex} is not a vertex (0 to {})",
                                player.name(),
                                count - 1
                            ),
                        ));
                    }
                    successors.push(w as u32);
                }
                if successors.len() as u64 != k {
                    return Err(error(
                        line,
                        format!(
                            "vertex {vertex} says {k} moves for {} but lists {}",
                            player.name(),
                            successors.len()
                        ),
                    ));
                }
                graph.push_vertex(&successors)?;
            }
        }
        if let Some((line, _)) = lines.next() {
            return Err(error(line, format!("more lines than the {count} vertices")));
        }
        Ok(PartizanGraph {
            path: path.into(),
            digest: crate::file::sha256_hex(text.as_bytes()),
            left,
            right,
        })
    }

    /// The file as it was named.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// How many vertices the graph has; they are numbered from 0.
    pub fn vertex_count(&self) -> u32 {
        self.left.vertex_count() as u32
    }
}

impl PartizanGame for PartizanGraph {
    type Position = u32;

    /// Vertex 0 (the graph has one: `build` checks).
    fn start(&self) -> Result<u32> {
        Ok(0)
    }

    fn moves(&self, &vertex: &u32, player: Player, add: &mut dyn FnMut(u32)) {
        let graph = match player {
            Player::Left => &self.left,
            Player::Right => &self.right,
        };
        for &w in graph.successors(vertex) {
            add(w);
        }
    }

    fn format_position(&self, vertex: &u32) -> String {
        vertex.to_string()
    }

    fn numbering(&self) -> Option<&dyn Numbering<u32>> {
        Some(self)
    }
}

/// The vertices are their own numbers.
impl Numbering<u32> for PartizanGraph {
    fn count(&self) -> u64 {
        self.vertex_count() as u64
    }

    fn index(&self, &vertex: &u32) -> u64 {
        vertex as u64
    }

    fn position(&self, index: u64) -> u32 {
        index as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::retrograde::{solve_from, Class, Options, Solved, StrongGame, Turns};
    use crate::value::Standing;

    /// Read as graph files are: /dev/zero, which has no size, is refused at
    /// the limit instead of read for ever.
    #[cfg(unix)]
    #[test]
    fn a_file_without_end_is_refused_at_the_size_limit() {
        let err = PartizanGraph::read("/dev/zero").err().unwrap();
        assert!(matches!(err, Error::Limit(_)), "{err}");
    }

    const EXAMPLE: &str =
        "# from 0 Left can move to 1, Right to 1 and 2\n3\n1 1 ; 2 1 2\n1 0 ; 1 0\n0 ; 0\n";

    #[test]
    fn reads_the_example_and_solves_both_starts() {
        let graph = PartizanGraph::from_text("g", EXAMPLE).unwrap();
        assert_eq!(graph.vertex_count(), 3);
        let turns = Turns::new(graph, Player::Left);
        let roots = [(0, Player::Left), (0, Player::Right)];
        let table =
            solve_from(&turns, &roots, &Options { memory: 1 << 20 }, &mut |_| true).unwrap();
        // Left starting must move to 1, where Right's one move is back to 0:
        // play goes round forever.
        let left_first = table.roots()[0];
        let right_first = table.roots()[1];
        assert_eq!(left_first.standing, Standing::Draw);
        assert_eq!(left_first.remoteness, None);
        // Right starting wins by moving to 2, where Left cannot move, or
        // more slowly by moving to 1, where Left must move back to 0.
        assert_eq!(right_first.standing, Standing::Win);
        assert_eq!(right_first.remoteness, Some(1));
        let best = table.best_moves(&turns, &(0, Player::Right)).unwrap();
        let best: Vec<(String, Option<u32>)> = best
            .iter()
            .map(|m| (turns.format_position(&m.to), m.after.remoteness))
            .collect();
        assert_eq!(
            best,
            [
                ("2@Left".to_string(), Some(0)),
                ("1@Left".to_string(), Some(2))
            ]
        );
        assert_eq!(Class::of(left_first.standing, right_first.standing), None);
    }

    #[test]
    fn outcome_classes() {
        // 0: Left can move to 1 (a dead end), Right cannot move: Left wins
        // whoever starts.
        let graph = PartizanGraph::from_text("g", "2\n1 1 ; 0\n0 ; 0\n").unwrap();
        let turns = Turns::new(graph, Player::Left);
        let roots = [(0, Player::Left), (0, Player::Right)];
        let table =
            solve_from(&turns, &roots, &Options { memory: 1 << 20 }, &mut |_| true).unwrap();
        let class = Class::of(table.roots()[0].standing, table.roots()[1].standing);
        assert_eq!(class, Some(Class::L));
        assert_eq!(Class::of(Standing::Lose, Standing::Lose), Some(Class::P));
        assert_eq!(Class::of(Standing::Win, Standing::Win), Some(Class::N));
        assert_eq!(
            Class::of(Standing::Lose, Standing::Win).map(Class::letter),
            Some("R")
        );
    }

    #[test]
    fn malformed_files_name_the_line() {
        for (text, expected) in [
            ("", "empty"),
            ("2\n0 ; 0\n", "ends after 1"),
            ("1\n0 0\n", "line 2: vertex 0: expected Left's moves"),
            (
                "1\n1 ; 0\n",
                "line 2: vertex 0 says 1 moves for Left but lists 0",
            ),
            ("1\n0 ; \n", "line 2: vertex 0: Right's moves must start"),
            (
                "2\n0 ; 1 2\n0 ; 0\n",
                "line 2: Right's move 2 from vertex 0",
            ),
            ("1\n0 ; x\n", "line 2: expected a non-negative integer"),
            ("1\n0 ; 0\n0 ; 0\n", "line 3: more lines"),
            ("2 3\n", "line 1"),
        ] {
            let err = PartizanGraph::from_text("g", text)
                .err()
                .unwrap()
                .to_string();
            assert!(err.contains(expected), "{text:?}: {err}");
        }
    }
}
