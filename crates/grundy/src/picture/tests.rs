//! Every picture is well-formed SVG (parsed by roxmltree) and says what it
//! should; DOT is parsed back (by the DOT parser of the layout-rs crate, a
//! dev-dependency) and has every node, label and edge.

use std::collections::BTreeSet;

use layout::gv::parser::ast::Stmt;
use layout::gv::DotParser;

use super::*;
use crate::error::Error;
use crate::period::Period;

/// The text of every <text> element of a well-formed SVG document.
fn svg_texts(svg: &str) -> Vec<String> {
    let document = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}:\n{svg}"));
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    root.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or_default().to_string())
        .collect()
}

fn count(svg: &str, tag: &str) -> usize {
    let document = roxmltree::Document::parse(svg).unwrap();
    document
        .descendants()
        .filter(|n| n.has_tag_name(tag))
        .count()
}

/// G(0..len) of bash(3), with a mex loop.
fn bash3(len: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..len {
        let options: BTreeSet<u64> = (1..=3.min(n)).map(|t| g[n - t]).collect();
        g.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    g
}

#[test]
fn a_sequence_plot_marks_the_preperiod() {
    let values = [0, 1, 2, 0, 1, 0, 1, 0, 1, 0, 1, 0];
    let regularity = Regularity {
        period: Period {
            preperiod: 3,
            period: 2,
        },
        saltus: 0,
    };
    let svg = sequence_plot(
        "lieges(2) & <more>",
        values.len(),
        |n| values[n],
        Some(regularity),
    );
    let texts = svg_texts(&svg);
    for expected in [
        "lieges(2) & <more>",
        "preperiod 3, period 2",
        "0",
        "11",
        "2",
        "G(n)",
        "n",
    ] {
        assert!(
            texts.iter().any(|t| t == expected),
            "{expected} not in {texts:?}"
        );
    }
    // A point a value, and the red line at the preperiod.
    assert_eq!(count(&svg, "ellipse"), values.len());
    assert!(svg.contains("stroke=\"red\""));
    // Without a regularity, nothing is marked.
    let svg = sequence_plot("bash(3)", 12, |n| values[n], None);
    assert!(!svg.contains("red"));
}

#[test]
fn a_long_sequence_is_drawn_one_column_per_range() {
    let values = bash3(100_000);
    let regularity = Regularity {
        period: Period {
            preperiod: 0,
            period: 4,
        },
        saltus: 0,
    };
    let svg = sequence_plot("bash(3)", values.len(), |n| values[n], Some(regularity));
    assert!(svg_texts(&svg).iter().any(|t| t == "99999"));
    // 1000 columns and the axes and the preperiod.
    assert_eq!(count(&svg, "line"), 1000 + 3);
    assert_eq!(count(&svg, "ellipse"), 0);
}

#[test]
fn a_heat_map_labels_its_axes_and_marks_p_positions() {
    // Two Nim heaps: a XOR b, P exactly on the diagonal.
    let table = Table::new(0..=9, 3..=12, |a, b| Ok(Entry::Nimber(a ^ b))).unwrap();
    let svg = heat_map("nim & nim", &table);
    let texts = svg_texts(&svg);
    for label in [
        "nim & nim",
        "a",
        "b",
        "0",
        "9",
        "3",
        "12",
        "P-position (value 0)",
    ] {
        assert!(texts.iter().any(|t| t == label), "{label} not in {texts:?}");
    }
    // Cells are large enough to hold their values: each is written.
    for (a, b, entry) in table.iter() {
        assert!(texts.contains(&entry.to_string()), "({a}, {b})");
    }
    // The P-positions (3, 3) .. (9, 9) are black cells (and one legend box).
    let document = roxmltree::Document::parse(&svg).unwrap();
    let black = document
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("fill") == Some("black"))
        .count();
    assert_eq!(black, 7 + 1);
}

#[test]
fn a_heat_map_of_outcomes_only_has_a_legend_for_them() {
    let table = Table::new(0..=200, 0..=200, |a, b| {
        Ok(Entry::Outcome(Outcome::from_nimber_is_zero(a == b)))
    })
    .unwrap();
    let svg = heat_map("wythoff", &table);
    let texts = svg_texts(&svg);
    assert!(texts.iter().any(|t| t == "N-position, value not computed"));
    // Cells of 4 pixels: no values written, labels every 10.
    assert!(!texts.iter().any(|t| t == "N"));
    assert!(texts.iter().any(|t| t == "200") && !texts.iter().any(|t| t == "7"));
    // A row is at most three runs of one colour.
    assert!(count(&svg, "rect") <= 201 * 3 + 3);
}

/// The game graph of bash(3) from heap `top`, by brute force.
fn bash_graph(top: usize) -> GraphPicture {
    let g = bash3(top + 1);
    GraphPicture {
        nodes: (0..=top)
            .map(|n| Node {
                label: format!("{n}\nG = {}", g[n]),
                mark: if g[n] == 0 { Mark::P } else { Mark::N },
            })
            .collect(),
        edges: (0..=top)
            .flat_map(|n| (1..=3.min(n)).map(move |t| (n, n - t)))
            .collect(),
    }
}

#[test]
fn a_game_graph_svg_names_every_node() {
    let graph = bash_graph(8);
    let svg = graph.svg("bash(3) 8").unwrap();
    let texts = svg_texts(&svg);
    for node in &graph.nodes {
        for line in node.label.lines() {
            assert!(texts.iter().any(|t| t == line), "{line} not in {texts:?}");
        }
    }
    // One path an edge, and P-positions doubled: 9 circles, 3 more for
    // heaps 0, 4 and 8, and the legend's two.
    assert_eq!(count(&svg, "path"), graph.edges.len());
    assert_eq!(count(&svg, "ellipse"), 9 + 3 + 2);
    assert!(texts.iter().any(|t| t == "P: the player to move loses"));
}

#[test]
fn labels_are_escaped_in_svg_and_dot() {
    let label = "a<b & \"c\" \\ 'd'\nsecond line";
    let graph = GraphPicture {
        nodes: vec![
            Node {
                label: label.to_string(),
                mark: Mark::Draw,
            },
            Node {
                label: "x".to_string(),
                mark: Mark::Tie,
            },
        ],
        edges: vec![(0, 1)],
    };
    let texts = svg_texts(&graph.svg("quotes \" and <tags>").unwrap());
    assert!(texts.iter().any(|t| t == "a<b & \"c\" \\ 'd'"));
    assert!(texts.iter().any(|t| t == "second line"));
    let dot = parse_dot(&graph.dot("quotes \" and <tags>").unwrap());
    assert_eq!(dot.labels[0], label);
}

/// What a DOT text holds: the label of each node `n<i>`, and the edges.
struct Dot {
    labels: Vec<String>,
    edges: BTreeSet<(usize, usize)>,
}

fn parse_dot(text: &str) -> Dot {
    let mut parser = DotParser::new(text);
    let graph = parser.process().unwrap_or_else(|e| panic!("{e}:\n{text}"));
    let index = |name: &str| -> usize {
        name.strip_prefix('n')
            .and_then(|i| i.parse().ok())
            .unwrap_or_else(|| panic!("node {name}"))
    };
    let mut labels = Vec::new();
    let mut edges = BTreeSet::new();
    for statement in &graph.list.list {
        match statement {
            Stmt::Node(node) => {
                assert_eq!(index(&node.id.name), labels.len(), "nodes in order");
                let label = node.list.iter().find(|(key, _)| key == "label").unwrap();
                labels.push(label.1.clone());
            }
            Stmt::Edge(edge) => {
                let [(to, _)] = &edge.to[..] else {
                    panic!("one edge a statement")
                };
                edges.insert((index(&edge.from.name), index(&to.name)));
            }
            Stmt::Attribute(_) => {}
            Stmt::SubGraph(_) => panic!("no subgraphs"),
        }
    }
    Dot { labels, edges }
}

#[test]
fn a_game_graph_dot_has_every_node_and_edge() {
    let graph = bash_graph(8);
    let dot = parse_dot(&graph.dot("bash(3) 8").unwrap());
    let labels: Vec<String> = graph.nodes.iter().map(|n| n.label.clone()).collect();
    assert_eq!(dot.labels, labels);
    assert_eq!(dot.edges, graph.edges.iter().copied().collect());
    assert!(graph
        .dot("x")
        .unwrap()
        .contains("n4 [label=\"4\\nG = 0\", fillcolor=\"#f4a3a3\", shape=doublecircle];"));
}

#[test]
fn cycles_self_loops_and_repeated_edges_are_drawn() {
    // A loopy game: 0 <-> 1, 1 -> 2 -> 0, 2 -> 2, and an edge given twice.
    let graph = GraphPicture {
        nodes: ["a", "b", "c"]
            .iter()
            .map(|l| Node {
                label: l.to_string(),
                mark: Mark::Draw,
            })
            .collect(),
        edges: vec![(0, 1), (1, 0), (1, 2), (2, 0), (2, 2), (1, 2)],
    };
    let svg = graph.svg("loops").unwrap();
    assert_eq!(count(&svg, "path"), 5);
    assert_eq!(parse_dot(&graph.dot("loops").unwrap()).edges.len(), 5);
}

#[test]
fn an_empty_graph_is_an_empty_picture() {
    let graph = GraphPicture::default();
    assert_eq!(svg_texts(&graph.svg("nothing").unwrap()), ["nothing"]);
    assert!(parse_dot(&graph.dot("nothing").unwrap()).labels.is_empty());
}

#[test]
fn bad_edges_and_huge_graphs_are_errors() {
    let mut graph = bash_graph(3);
    graph.edges.push((1, 9));
    assert!(matches!(graph.svg("x"), Err(Error::Unsupported(_))));
    assert!(matches!(graph.dot("x"), Err(Error::Unsupported(_))));
    let huge = bash_graph(MAX_LAYOUT_POINTS);
    assert!(matches!(huge.svg("x"), Err(Error::Limit(_))));
    assert!(huge.dot("x").is_ok());
}

/// Subtraction of 1 or 2 from n: every n below the start once, each move
/// once, breadth first; a depth keeps the first levels; a key merges.
#[test]
fn reachable_positions_are_found_breadth_first_once_each() {
    let take = |&n: &u32| Ok((1..=2).filter(|&t| t <= n).map(|t| n - t).collect());
    let all = reachable(5u32, None, |&n| n, take).unwrap();
    assert_eq!(all.positions, [5, 4, 3, 2, 1, 0]);
    let moves: BTreeSet<(u32, u32)> = all
        .moves
        .iter()
        .map(|&(a, b)| (all.positions[a], all.positions[b]))
        .collect();
    let expected: BTreeSet<(u32, u32)> = (1..=5u32)
        .flat_map(|n| (1..=2).filter(move |&t| t <= n).map(move |t| (n, n - t)))
        .collect();
    assert_eq!(moves, expected);
    assert_eq!(all.moves.len(), expected.len());
    assert_eq!(
        reachable(5u32, Some(1), |&n| n, take).unwrap().positions,
        [5, 4, 3]
    );
    // By parity, only two positions.
    assert_eq!(
        reachable(5u32, None, |&n| n % 2, take).unwrap().positions,
        [5, 4]
    );
    let picture = all
        .picture(|&n| {
            Ok(Node {
                label: n.to_string(),
                mark: Mark::from(Outcome::from_nimber_is_zero(n % 3 == 0)),
            })
        })
        .unwrap();
    assert_eq!(
        picture.nodes[2],
        Node {
            label: "3".into(),
            mark: Mark::P
        }
    );
    assert_eq!(picture.edges, all.moves);
}

#[test]
fn reachable_positions_stop_at_the_most_a_graph_draws() {
    let endless = |&n: &u64| Ok(vec![n + 1]);
    let error = reachable(0u64, None, |&n| n, endless).unwrap_err();
    assert!(matches!(error, Error::Limit(_)), "{error}");
    let last = MAX_NODES as u64 - 1;
    let deep = reachable(0u64, Some(MAX_NODES - 1), |&n| n, endless).unwrap();
    assert_eq!(deep.positions.last(), Some(&last));
}

proptest::proptest! {
    /// Any graph, with cycles, self-loops, repeated edges and parts apart,
    /// is laid out (the layout crate never panics on what is given it) and
    /// names every node.
    #[test]
    fn any_graph_is_laid_out(
        size in 1usize..25,
        pairs in proptest::collection::vec((0usize..25, 0usize..25), 0..60),
    ) {
        let graph = GraphPicture {
            nodes: (0..size)
                .map(|i| Node { label: format!("v{i}"), mark: [Mark::P, Mark::N, Mark::Draw][i % 3] })
                .collect(),
            edges: pairs.iter().map(|&(a, b)| (a % size, b % size)).collect(),
        };
        let texts = svg_texts(&graph.svg("random").unwrap());
        for node in &graph.nodes {
            proptest::prop_assert!(texts.contains(&node.label));
        }
        let distinct: BTreeSet<(usize, usize)> = graph.edges.iter().copied().collect();
        proptest::prop_assert_eq!(parse_dot(&graph.dot("random").unwrap()).edges, distinct);
    }
}
