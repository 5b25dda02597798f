//! Pictures of game graphs: a node per position with its label and mark, an
//! arrow per move; and [`reachable`], the positions such a picture draws,
//! found breadth first from a start over any kind of position.
//!
//! The SVG is laid out in layers, as Graphviz's dot does: a position above
//! its options, the positions without a move on the bottom layer. Here the
//! cycles of a loopy game are broken (an edge back up the search path is
//! turned round for the layout, and still drawn pointing at the option), the
//! layers are the longest paths down to a finished position, and an edge
//! that passes several layers gets a bend point on each. The `rust-sugiyama`
//! crate then does the hard part: the order of the points in each layer
//! (fewer crossings) and their x coordinates (Brandes and Köpf).

use std::collections::hash_map::{Entry, HashMap};
use std::fmt::Write as _;
use std::hash::Hash;

use rust_sugiyama::configure::Config;

use super::{Anchor, Canvas};
use crate::error::{Error, Result};
use crate::value::{Outcome, Standing};

/// What a node of a game graph is marked as: who wins it, for the player to
/// move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// The player to move loses: a P-position (nimber 0), or a lost one.
    P,
    /// The player to move wins.
    N,
    /// The game ends level.
    Tie,
    /// Play can go on for ever and neither player can force a win.
    Draw,
}

impl Mark {
    /// Fill colour and whether the circle is doubled: P-positions stand out
    /// twice over, so the picture reads in grey too.
    fn style(self) -> (&'static str, bool) {
        match self {
            Mark::P => ("#f4a3a3", true),
            Mark::N => ("white", false),
            Mark::Tie => ("#fff1a8", false),
            Mark::Draw => ("#d0d0d0", false),
        }
    }

    fn meaning(self) -> &'static str {
        match self {
            Mark::P => "P: the player to move loses",
            Mark::N => "N: the player to move wins",
            Mark::Tie => "tie",
            Mark::Draw => "draw",
        }
    }
}

impl From<Outcome> for Mark {
    fn from(outcome: Outcome) -> Mark {
        match outcome {
            Outcome::P => Mark::P,
            Outcome::N => Mark::N,
            Outcome::D => Mark::Draw,
        }
    }
}

/// A lost position is marked as a P-position: the player to move loses.
impl From<Standing> for Mark {
    fn from(standing: Standing) -> Mark {
        match standing {
            Standing::Win => Mark::N,
            Standing::Lose => Mark::P,
            Standing::Tie => Mark::Tie,
            Standing::Draw => Mark::Draw,
        }
    }
}

/// A node of a game graph: a position, its label (the position and its
/// nimber, or win/lose/tie/draw: the caller writes it; `\n` breaks lines) and
/// its mark.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The text drawn in the node; `\n` breaks a line.
    pub label: String,
    /// How the node is coloured: by its outcome or standing.
    pub mark: Mark,
}

/// A game graph to draw: edges go from a position to its options, by index
/// into `nodes`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GraphPicture {
    /// The positions drawn, each once.
    pub nodes: Vec<Node>,
    /// The moves, as (from, to) indices into `nodes`.
    pub edges: Vec<(usize, usize)>,
}

/// The most positions [`reachable`] gathers for a game graph: a picture of
/// more is unreadable, and a graph is meant for the small cases of a new
/// game. A depth limit draws the first levels of a larger one.
pub const MAX_NODES: usize = 300;

/// Positions reachable from a start and the moves between them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reachable<P> {
    /// The start first, then the others in the order they were reached.
    pub positions: Vec<P>,
    /// One per move, from a position to its option, by index into
    /// `positions`.
    pub moves: Vec<(usize, usize)>,
}

/// Every position reachable from `start` in at most `depth` moves (any
/// number with `None`), breadth first: `moves` lists a position's options,
/// and positions with equal `key`s are one (two move orders that meet share
/// a node). More than [`MAX_NODES`] positions is an `Error::Limit`.
pub fn reachable<P, K: Eq + Hash>(
    start: P,
    depth: Option<usize>,
    key: impl Fn(&P) -> K,
    mut moves: impl FnMut(&P) -> Result<Vec<P>>,
) -> Result<Reachable<P>> {
    let mut index = HashMap::from([(key(&start), 0)]);
    let mut reached = Reachable {
        positions: vec![start],
        moves: Vec::new(),
    };
    // Positions are reached in order of distance, so each is expanded once,
    // in the order of `positions`.
    let mut distance = vec![0];
    let mut from = 0;
    while from < reached.positions.len() {
        let options = match depth {
            Some(d) if distance[from] >= d => Vec::new(),
            _ => moves(&reached.positions[from])?,
        };
        for option in options {
            let to = match index.entry(key(&option)) {
                Entry::Occupied(found) => *found.get(),
                Entry::Vacant(vacant) => {
                    let to = reached.positions.len();
                    if to == MAX_NODES {
                        return Err(Error::Limit(format!(
                            "the graph has more than {MAX_NODES} positions, the most drawn; \
                             --depth N draws those at most N moves away"
                        )));
                    }
                    vacant.insert(to);
                    reached.positions.push(option);
                    distance.push(distance[from] + 1);
                    to
                }
            };
            reached.moves.push((from, to));
        }
        from += 1;
    }
    Ok(reached)
}

impl<P> Reachable<P> {
    /// The graph to draw: a node per position, as `node` labels and marks
    /// it, and an arrow per move.
    pub fn picture(&self, node: impl FnMut(&P) -> Result<Node>) -> Result<GraphPicture> {
        Ok(GraphPicture {
            nodes: self.positions.iter().map(node).collect::<Result<_>>()?,
            edges: self.moves.clone(),
        })
    }
}

/// The most points laid out as SVG: the nodes, and a bend point for each
/// layer an edge passes without stopping. The layout's time grows faster
/// than the points: in a release build, the graph of `bash(3) 700` (701
/// nodes, 2797 points) takes 0.7 s, `bash(3) 1000` (3997 points) 2.1 s,
/// Wythoff's game from (8, 8) (81 nodes, 852 edges, 2469 points) 0.14 s;
/// and a picture of more is unreadable anyway. DOT has no limit.
pub const MAX_LAYOUT_POINTS: usize = 3000;

const FONT_SIZE: f64 = 14.0;
/// Vertical distance between layers, beyond the largest node.
const LAYER_GAP: f64 = 50.0;
/// Horizontal distance between two points of a layer (rust-sugiyama adds
/// it to every width), and more between two nodes.
const SPACING: f64 = 8.0;
const NODE_GAP: f64 = 16.0;
/// How wide the layout takes a bend point to be.
const BEND_WIDTH: f64 = 4.0;

/// `text` as a DOT quoted string: backslash and quote escaped, and a line
/// break written `\n` (which Graphviz reads as a centred line break).
fn dot_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The radius of the circle that holds `label`.
fn radius(label: &str) -> f64 {
    let widest = label.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    let lines = label.lines().count().max(1);
    let width = widest as f64 * FONT_SIZE * 0.6;
    let height = lines as f64 * FONT_SIZE * 1.15;
    (width.max(height) / 2.0 + 8.0).max(16.0)
}

/// The edges between different nodes with no cycle, each (upper, lower,
/// turned): an edge back to a node on the current path of a depth-first
/// search (explicit stack) is turned round, and `turned` says so.
fn break_cycles(nodes: usize, edges: &[(usize, usize)]) -> Vec<(usize, usize, bool)> {
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); nodes];
    for &(from, to) in edges {
        if from != to {
            out[from].push(to);
        }
    }
    // 0 unseen, 1 on the path, 2 done.
    let mut state = vec![0u8; nodes];
    let mut acyclic = Vec::new();
    for root in 0..nodes {
        if state[root] != 0 {
            continue;
        }
        state[root] = 1;
        let mut stack = vec![(root, 0)];
        while let Some((node, next)) = stack.last_mut() {
            let node = *node;
            let Some(&to) = out[node].get(*next) else {
                state[node] = 2;
                stack.pop();
                continue;
            };
            *next += 1;
            match state[to] {
                1 => acyclic.push((to, node, true)),
                0 => {
                    acyclic.push((node, to, false));
                    state[to] = 1;
                    stack.push((to, 0));
                }
                _ => acyclic.push((node, to, false)),
            }
        }
    }
    acyclic
}

/// The layer of each node in an acyclic graph: 0 at the top, and the nodes
/// without an edge down on the bottom layer; a node sits one layer above the
/// highest of the nodes it points to.
fn layers(nodes: usize, acyclic: &[(usize, usize, bool)]) -> Vec<usize> {
    let mut outdegree = vec![0usize; nodes];
    let mut up: Vec<Vec<usize>> = vec![Vec::new(); nodes];
    for &(upper, lower, _) in acyclic {
        outdegree[upper] += 1;
        up[lower].push(upper);
    }
    // Height above the bottom, in reverse topological order (Kahn's, from
    // the bottom).
    let mut height = vec![0usize; nodes];
    let mut ready: Vec<usize> = (0..nodes).filter(|&n| outdegree[n] == 0).collect();
    while let Some(node) = ready.pop() {
        for &upper in &up[node] {
            height[upper] = height[upper].max(height[node] + 1);
            outdegree[upper] -= 1;
            if outdegree[upper] == 0 {
                ready.push(upper);
            }
        }
    }
    let top = height.iter().copied().max().unwrap_or(0);
    height.iter().map(|h| top - h).collect()
}

impl GraphPicture {
    /// The edges, each once, after checking that they name nodes.
    fn edges(&self) -> Result<Vec<(usize, usize)>> {
        if let Some(&(from, to)) = self
            .edges
            .iter()
            .find(|&&(from, to)| from >= self.nodes.len() || to >= self.nodes.len())
        {
            return Err(Error::Unsupported(format!(
                "an edge {from} -> {to} in a graph of {} nodes",
                self.nodes.len()
            )));
        }
        let mut edges = self.edges.clone();
        edges.sort_unstable();
        edges.dedup();
        Ok(edges)
    }

    /// The graph in Graphviz's DOT language: node i is `n<i>`, its label and
    /// mark as attributes (P-positions a filled double circle).
    pub fn dot(&self, title: &str) -> Result<String> {
        let edges = self.edges()?;
        let mut out = format!(
            "digraph {} {{\n  node [shape=circle, style=filled, fillcolor=white];\n",
            dot_string(title)
        );
        for (i, node) in self.nodes.iter().enumerate() {
            let (fill, double) = node.mark.style();
            let shape = if double { ", shape=doublecircle" } else { "" };
            writeln!(
                out,
                "  n{i} [label={}, fillcolor=\"{fill}\"{shape}];",
                dot_string(&node.label)
            )
            .unwrap();
        }
        for (from, to) in edges {
            writeln!(out, "  n{from} -> n{to};").unwrap();
        }
        out.push_str("}\n");
        Ok(out)
    }

    /// The graph laid out in layers (a position above its options) as SVG,
    /// with a legend of the marks used. More than [`MAX_LAYOUT_POINTS`] is
    /// an `Error::Limit`.
    pub fn svg(&self, title: &str) -> Result<String> {
        let edges = self.edges()?;
        let n = self.nodes.len();
        let radii: Vec<f64> = self.nodes.iter().map(|node| radius(&node.label)).collect();
        let looped: Vec<bool> = (0..n).map(|i| edges.contains(&(i, i))).collect();
        let acyclic = break_cycles(n, &edges);
        let layer = layers(n, &acyclic);

        // One route per pair of nodes an edge joins (an edge and its turned
        // partner share it): the nodes, then a bend point per layer between.
        let mut pairs: Vec<(usize, usize)> = acyclic.iter().map(|&(u, l, _)| (u, l)).collect();
        pairs.sort_unstable();
        pairs.dedup();
        let bends: usize = pairs.iter().map(|&(u, l)| layer[l] - layer[u] - 1).sum();
        if n + bends > MAX_LAYOUT_POINTS {
            return Err(Error::Limit(format!(
                "a graph of {n} nodes and {} edges needs {} points laid out, \
                 more than a picture holds (at most {MAX_LAYOUT_POINTS}); write it as DOT instead",
                edges.len(),
                n + bends
            )));
        }
        // A looped node is wider, to leave room for its loop on both sides.
        let mut vertices: Vec<(u32, (f64, f64))> = (0..n)
            .map(|i| {
                let width = 2.0 * radii[i] * if looped[i] { 2.0 } else { 1.0 };
                (i as u32, (width + NODE_GAP, 2.0 * radii[i]))
            })
            .collect();
        let mut layout_edges: Vec<(u32, u32)> = Vec::new();
        let mut routes: Vec<Vec<usize>> = Vec::with_capacity(pairs.len());
        for &(upper, lower) in &pairs {
            let mut route = vec![upper];
            for _ in layer[upper] + 1..layer[lower] {
                let bend = vertices.len();
                vertices.push((bend as u32, (BEND_WIDTH, 1.0)));
                route.push(bend);
            }
            route.push(lower);
            layout_edges.extend(route.windows(2).map(|w| (w[0] as u32, w[1] as u32)));
            routes.push(route);
        }
        let config = Config {
            vertex_spacing: SPACING,
            ..Config::default()
        };
        // x of every point; each weakly connected part is laid out alone,
        // from x = 0: they go side by side.
        let mut x = vec![0.0; vertices.len()];
        let mut offset = 0.0;
        for (part, _, _) in
            rust_sugiyama::from_vertices_and_edges(&vertices, &layout_edges, &config)
        {
            let half = |id: usize| vertices[id].1 .0 / 2.0;
            let left = part
                .iter()
                .map(|&(id, (px, _))| px - half(id))
                .fold(f64::INFINITY, f64::min);
            let right = part
                .iter()
                .map(|&(id, (px, _))| px + half(id))
                .fold(f64::NEG_INFINITY, f64::max);
            for &(id, (px, _)) in &part {
                x[id] = px - left + offset;
            }
            offset += right - left + SPACING;
        }
        // y by layer; a bend point sits on the layer it passes.
        let row = 2.0 * radii.iter().copied().fold(16.0, f64::max) + LAYER_GAP;
        let mut y = vec![0.0; vertices.len()];
        for route in &routes {
            for (i, &id) in route.iter().enumerate() {
                y[id] = (layer[route[0]] + i) as f64 * row;
            }
        }
        for (i, yi) in y.iter_mut().enumerate().take(n) {
            *yi = layer[i] as f64 * row;
        }

        let mut canvas = Canvas::new();
        // Edges first, under the nodes.
        let route_of = |upper: usize, lower: usize| {
            let i = pairs
                .binary_search(&(upper, lower))
                .expect("every pair has a route");
            &routes[i]
        };
        for &(upper, lower, turned) in &acyclic {
            let mut points: Vec<(f64, f64)> = route_of(upper, lower)
                .iter()
                .map(|&id| (x[id], y[id]))
                .collect();
            // The move goes from the upper node down, or for a turned edge
            // up: the head is always at the option.
            let (from, to) = if turned {
                (lower, upper)
            } else {
                (upper, lower)
            };
            if turned {
                points.reverse();
            }
            trim(&mut points, radii[from], radii[to]);
            canvas.curve(&points);
        }
        for (i, node) in self.nodes.iter().enumerate() {
            let (cx, cy) = (x[i], y[i]);
            let r = radii[i];
            if looped[i] {
                canvas.self_loop((cx, cy), r);
            }
            let (fill, double) = node.mark.style();
            canvas.ellipse((cx, cy), (r, r), fill, "black");
            if double {
                canvas.ellipse((cx, cy), (r + 4.0, r + 4.0), "none", "black");
            }
            let lines: Vec<&str> = node.label.lines().collect();
            let first = cy - FONT_SIZE * 1.15 * (lines.len() as f64 - 1.0) / 2.0 + FONT_SIZE * 0.35;
            for (j, line) in lines.iter().enumerate() {
                let baseline = first + j as f64 * FONT_SIZE * 1.15;
                canvas.text(cx, baseline, line, Anchor::Middle, FONT_SIZE, "black");
            }
        }
        // The title above and the legend below what was drawn.
        let (left, top, bottom) = if n > 0 {
            (canvas.low.0, canvas.low.1, canvas.high.1)
        } else {
            (0.0, 0.0, 0.0)
        };
        canvas.text(left, top - 10.0, title, Anchor::Start, 14.0, "black");
        let mut marks: Vec<Mark> = self.nodes.iter().map(|node| node.mark).collect();
        marks.sort_unstable();
        marks.dedup();
        for (i, mark) in marks.into_iter().enumerate() {
            let (fill, _) = mark.style();
            let y = bottom + 20.0 + i as f64 * 20.0;
            canvas.ellipse((left + 7.0, y - 4.0), (7.0, 7.0), fill, "black");
            canvas.text(left + 20.0, y, mark.meaning(), Anchor::Start, 12.0, "black");
        }
        Ok(canvas.finish(title))
    }
}

/// Cut the ends of a route at the circles of its end nodes.
fn trim(points: &mut [(f64, f64)], from: f64, to: f64) {
    let k = points.len() - 1;
    let toward = |a: (f64, f64), b: (f64, f64), by: f64| {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let length = (dx * dx + dy * dy).sqrt().max(f64::EPSILON);
        (a.0 + dx * by / length, a.1 + dy * by / length)
    };
    let (start, end) = (points[0], points[k]);
    points[0] = toward(start, points[1], from);
    // The arrow head of a P-position meets its outer circle.
    points[k] = toward(end, points[k - 1], to + 4.0);
}

impl Canvas {
    /// A smooth curve through the points, leaving and entering each one
    /// vertically (as layered drawings do), with an arrow head at its end.
    fn curve(&mut self, points: &[(f64, f64)]) {
        let mut d = format!("M {:.1} {:.1}", points[0].0, points[0].1);
        for pair in points.windows(2) {
            let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
            let mid = (y1 - y0) / 2.0;
            write!(
                d,
                " C {x0:.1} {:.1}, {x1:.1} {:.1}, {x1:.1} {y1:.1}",
                y0 + mid,
                y1 - mid
            )
            .unwrap();
            self.cover(x0, y0);
            self.cover(x1, y1);
        }
        writeln!(
            self.body,
            "<path d=\"{d}\" fill=\"none\" stroke=\"black\" marker-end=\"url(#head)\"/>"
        )
        .unwrap();
    }

    /// A move from a position to itself: a loop on its right.
    fn self_loop(&mut self, (x, y): (f64, f64), r: f64) {
        let (sx, sy) = (x + r * 0.7, y - r * 0.7);
        let (ex, ey) = (x + r * 0.7, y + r * 0.7);
        let reach = x + 2.0 * r;
        self.cover(reach, y - r);
        self.cover(reach, y + r);
        writeln!(
            self.body,
            "<path d=\"M {sx:.1} {sy:.1} C {reach:.1} {:.1}, {reach:.1} {:.1}, {ex:.1} {ey:.1}\" \
             fill=\"none\" stroke=\"black\" marker-end=\"url(#head)\"/>",
            y - 1.5 * r,
            y + 1.5 * r
        )
        .unwrap();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycles_are_broken_on_the_search_path() {
        // 0 -> 1 -> 2 -> 0, and 2 -> 1.
        let acyclic = break_cycles(3, &[(0, 1), (1, 2), (2, 0), (2, 1)]);
        assert_eq!(
            acyclic,
            [(0, 1, false), (1, 2, false), (0, 2, true), (1, 2, true)]
        );
        assert_eq!(layers(3, &acyclic), [0, 1, 2]);
    }

    #[test]
    fn finished_positions_are_on_the_bottom_layer() {
        // 0 -> 1 -> 3, 0 -> 2: 2 and 3 have no move.
        let acyclic = break_cycles(4, &[(0, 1), (1, 3), (0, 2)]);
        assert_eq!(layers(4, &acyclic), [0, 1, 2, 2]);
    }
}
