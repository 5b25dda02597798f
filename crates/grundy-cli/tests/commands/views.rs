//! `grundy table`, `grundy graph` and `grundy pattern`: pictures parsed back
//! (DOT by layout-rs's parser, SVG by roxmltree), tables against Wythoff's
//! P-positions, and the pattern finder recovering known rules from the
//! values the command computes.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use crate::common::{example, grundy, json};
use layout::gv::parser::ast::Stmt;
use layout::gv::DotParser;
use serde_json::Value;

fn stdout(args: &[&str]) -> String {
    let out = grundy()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

/// The label of each node `n<i>` of a DOT text, in order, and its edges.
fn parse_dot(text: &str) -> (Vec<String>, BTreeSet<(usize, usize)>) {
    let graph = DotParser::new(text)
        .process()
        .unwrap_or_else(|e| panic!("{e}:\n{text}"));
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
                let (_, label) = node.list.iter().find(|(key, _)| key == "label").unwrap();
                labels.push(label.clone());
            }
            Stmt::Edge(edge) => {
                for (to, _) in &edge.to {
                    edges.insert((index(&edge.from.name), index(&to.name)));
                }
            }
            Stmt::Attribute(_) => {}
            Stmt::SubGraph(_) => panic!("no subgraphs:\n{text}"),
        }
    }
    (labels, edges)
}

#[test]
fn the_graph_of_bash_is_valid_dot_with_every_position_and_move() {
    let (labels, edges) = parse_dot(&stdout(&["graph", "bash(3) 8", "--format", "dot"]));
    // Each label is the heap over its nimber, n mod 4.
    let heaps: Vec<u64> = labels
        .iter()
        .map(|label| {
            let (heap, value) = split_label(label);
            let heap: u64 = heap.parse().unwrap();
            assert_eq!(value, format!("G = {}", heap % 4), "{label}");
            heap
        })
        .collect();
    assert_eq!(
        heaps.iter().copied().collect::<BTreeSet<_>>(),
        (0..=8).collect()
    );
    assert_eq!(heaps.len(), 9, "each position once");
    // A move takes 1, 2 or 3 from the heap.
    let moves: BTreeSet<(u64, u64)> = edges.iter().map(|&(a, b)| (heaps[a], heaps[b])).collect();
    let expected: BTreeSet<(u64, u64)> = (1..=8u64)
        .flat_map(|n| (1..=3).filter(move |&t| t <= n).map(move |t| (n, n - t)))
        .collect();
    assert_eq!(moves, expected);
}

/// The text of every <text> element of a well-formed SVG document.
fn svg_texts(svg: &str) -> BTreeSet<String> {
    let document = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}:\n{svg}"));
    assert_eq!(document.root_element().tag_name().name(), "svg");
    document
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            n.descendants()
                .filter(|t| t.is_text())
                .filter_map(|t| t.text())
                .collect()
        })
        .collect()
}

/// A node's label split into its position and its value (DOT writes the
/// line break as `\n`).
fn split_label(label: &str) -> (&str, &str) {
    label
        .split_once("\\n")
        .or_else(|| label.split_once('\n'))
        .unwrap_or_else(|| panic!("{label}"))
}

#[test]
fn the_graph_of_bash_is_valid_svg_naming_every_position() {
    let texts = svg_texts(&stdout(&["graph", "bash(3) 8", "--format", "svg"]));
    for n in 0..=8 {
        assert!(
            texts.contains(&n.to_string()),
            "position {n} not named: {texts:?}"
        );
    }
    assert!(
        texts.contains("G = 0") && texts.contains("G = 3"),
        "{texts:?}"
    );
}

#[test]
fn depth_limits_the_graph_and_a_large_one_is_refused_with_its_limit() {
    let (labels, _) = parse_dot(&stdout(&["graph", "bash(3) 8", "--depth", "1"]));
    assert_eq!(labels.len(), 4, "8 and its three options: {labels:?}");
    grundy()
        .args(["graph", "nim 30 30 30"])
        .assert()
        .code(1)
        .stderr(predicates::str::contains("more than 300 positions"));
}

/// The notes' three-cell game (`mnk(1,3,2)`: X and O mark cells of a row of
/// three in turn, two adjacent marks win, a full row is a tie), solved by
/// its own recursion from the rules: each board reachable from the empty
/// one, with its value for the player to move as grundy writes it
/// (`W in 3`: the winner hurries, the loser delays, a tie takes the
/// shortest way to a full row) and the boards it moves to.
fn three_cell_game() -> BTreeMap<String, (String, Vec<String>)> {
    fn solve(board: &str, solved: &mut BTreeMap<String, (String, Vec<String>)>) -> (char, u32) {
        if let Some((value, _)) = solved.get(board) {
            let (standing, remoteness) = value.split_once(" in ").unwrap();
            return (
                standing.chars().next().unwrap(),
                remoteness.parse().unwrap(),
            );
        }
        let count = |mark| board.chars().filter(|&c| c == mark).count();
        let (mover, previous) = if count('x') == count('o') {
            ('x', 'o')
        } else {
            ('o', 'x')
        };
        let two = format!("{previous}{previous}");
        let mut moves = Vec::new();
        let (standing, remoteness) = if board.contains(&two) {
            ('L', 0)
        } else if !board.contains('.') {
            ('T', 0)
        } else {
            let mut values = Vec::new();
            for (i, _) in board.match_indices('.') {
                let to = format!("{}{mover}{}", &board[..i], &board[i + 1..]);
                values.push(solve(&to, solved));
                moves.push(to);
            }
            let best = |standing: char| values.iter().filter(move |v| v.0 == standing).map(|v| v.1);
            match (best('L').min(), best('T').min()) {
                (Some(r), _) => ('W', r + 1),
                (None, Some(r)) => ('T', r + 1),
                (None, None) => ('L', best('W').max().unwrap() + 1),
            }
        };
        let value = format!("{standing} in {remoteness}");
        solved.insert(board.to_string(), (value, moves));
        (standing, remoteness)
    }
    let mut solved = BTreeMap::new();
    solve("...", &mut solved);
    solved
}

#[test]
fn the_graph_of_the_three_cell_game_has_every_board_its_value_and_move() {
    let game = three_cell_game();
    let (labels, edges) = parse_dot(&stdout(&["graph", "mnk(1,3,2) ..."]));
    let boards: Vec<&str> = labels
        .iter()
        .map(|label| {
            let (board, value) = split_label(label);
            assert_eq!(value, game[board].0, "{label}");
            board
        })
        .collect();
    assert_eq!(boards[0], "...");
    assert!(labels[0].ends_with("W in 3"), "{}", labels[0]);
    assert_eq!(boards.len(), game.len(), "each board once: {boards:?}");
    assert_eq!(
        boards.iter().copied().collect::<BTreeSet<_>>(),
        game.keys().map(String::as_str).collect()
    );
    let moves: BTreeSet<(&str, &str)> =
        edges.iter().map(|&(a, b)| (boards[a], boards[b])).collect();
    let expected: BTreeSet<(&str, &str)> = game
        .iter()
        .flat_map(|(from, (_, moves))| moves.iter().map(move |to| (from.as_str(), to.as_str())))
        .collect();
    assert_eq!(moves, expected);
}

#[test]
fn the_graph_of_the_three_cell_game_is_valid_svg_naming_every_board() {
    let texts = svg_texts(&stdout(&["graph", "mnk(1,3,2) ...", "--format", "svg"]));
    for (board, (value, _)) in three_cell_game() {
        assert!(texts.contains(&board), "{board} not named: {texts:?}");
        assert!(texts.contains(&value), "{value} not written: {texts:?}");
    }
}

/// tests/data/partizan.txt: from 0 Right can move to 2, where Left has no
/// move, or into the cycle 1 <-> 3, which neither player can leave.
#[test]
fn the_graph_of_a_partizan_graph_file_has_wins_losses_and_draws() {
    let file = format!("{}/tests/data/partizan.txt", env!("CARGO_MANIFEST_DIR"));
    let (labels, edges) = parse_dot(&stdout(&[
        "graph",
        &format!("partizan-graph({file}) 0@Right"),
    ]));
    let labels: Vec<(&str, &str)> = labels.iter().map(|l| split_label(l)).collect();
    assert_eq!(
        labels,
        [
            ("0@Right", "W in 1"),
            ("1@Left", "D"),
            ("2@Left", "L in 0"),
            ("3@Right", "D")
        ]
    );
    assert_eq!(
        edges,
        [(0, 1), (0, 2), (1, 3), (3, 1)].into_iter().collect()
    );
}

#[test]
fn depth_limits_the_graph_of_a_game_solved_strongly() {
    let (labels, _) = parse_dot(&stdout(&["graph", "mnk(1,3,2) ...", "--depth", "1"]));
    assert_eq!(labels.len(), 4, "the start and its three moves: {labels:?}");
    // Noughts and crosses is a tie in nine; it has more boards than a graph
    // holds, and 1 + 9 + 9 * 8 after two moves.
    grundy()
        .args(["graph", "mnk(3,3,3) .../.../..."])
        .assert()
        .code(1)
        .stderr(predicates::str::contains("more than 300 positions"));
    let (labels, _) = parse_dot(&stdout(&[
        "graph",
        "mnk(3,3,3) .../.../...",
        "--depth",
        "2",
    ]));
    assert_eq!(labels.len(), 82);
    assert_eq!(split_label(&labels[0]), (".../.../...", "T in 9"));
    // Connect four on a 4 x 4 board is a tie too; its first level.
    let (labels, _) = parse_dot(&stdout(&[
        "graph",
        "connect4(4,4) ..../..../..../....",
        "--depth",
        "1",
    ]));
    assert_eq!(labels.len(), 5);
    assert_eq!(split_label(&labels[0]).1, "T in 16");
}

#[test]
fn the_wythoff_table_has_its_p_positions_at_the_wythoff_pairs() {
    let table = json(&["table", "wythoff", "--rows", "0..10", "--cols", "0..10"]);
    assert_eq!(table["ruleset"], "wythoff");
    assert_eq!(table["rows"], serde_json::json!([0, 10]));
    let values = table["values"].as_array().unwrap();
    assert_eq!(values.len(), 11);
    let mut p_positions = BTreeSet::new();
    for (a, row) in values.iter().enumerate() {
        let row = row.as_array().unwrap();
        assert_eq!(row.len(), 11);
        for (b, value) in row.iter().enumerate() {
            if value == &Value::from(0) || value == "P" {
                p_positions.insert((a, b));
            }
        }
    }
    let pairs = [
        (0, 0),
        (1, 2),
        (2, 1),
        (3, 5),
        (5, 3),
        (4, 7),
        (7, 4),
        (6, 10),
        (10, 6),
    ];
    assert_eq!(p_positions, pairs.into_iter().collect());
}

#[test]
fn the_table_as_text_and_as_a_heat_map() {
    let text = stdout(&["table", "euclid", "--rows", "1..4", "--cols", "1..4"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{text}");
    assert!(lines[0].ends_with("1 2 3 4"), "{text}");
    let svg_path = common::temp_path("wythoff.svg");
    grundy()
        .args([
            "table", "wythoff", "--rows", "0..5", "--cols", "0..5", "--svg",
        ])
        .arg(&svg_path)
        .assert()
        .success();
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{e}:\n{svg}"));
}

#[test]
fn bad_tables_are_refused_with_exit_2() {
    grundy()
        .args(["table", "wythoff", "--rows", "5..3", "--cols", "0..3"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--rows"));
    grundy()
        .args(["table", "kayles", "--rows", "0..3", "--cols", "0..3"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("two numbers"));
    grundy()
        .args(["pattern", "wythoff", "--rows", "0..3", "--cols", "x..3"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--cols"));
}

/// A table or a pattern of a ruleset, less the ruleset's name.
fn without_name(mut found: Value) -> Value {
    found.as_object_mut().unwrap().remove("ruleset");
    found
}

#[test]
fn a_script_of_pairs_has_the_table_and_pattern_of_the_built_in() {
    let script = example("wythoff.rhai");
    for command in ["table", "pattern"] {
        let args = |ruleset| [command, ruleset, "--rows", "0..40", "--cols", "0..40"];
        let by_script = json(&args(&script));
        assert_eq!(by_script["ruleset"], script);
        assert_eq!(
            without_name(by_script),
            without_name(json(&args("wythoff")))
        );
    }
    let found = json(&["pattern", &script, "--rows", "0..40", "--cols", "0..40"]);
    assert!(found["pattern"]
        .as_str()
        .unwrap()
        .contains("floor(k*phi^2)"));
}

#[test]
fn bash_is_found_as_n_mod_m_plus_1() {
    let found = json(&["pattern", "bash(3)", "--to", "200"]);
    assert_eq!(found["ruleset"], "bash(3)");
    assert_eq!(found["pattern"], "G(n) = n mod 4");
    assert_eq!(found["checked_to"], 200);
    let rejected = &found["rejected"][0];
    assert_eq!(rejected["candidate"], "G(n) = n");
    assert_eq!(
        (&rejected["n"], &rejected["expected"], &rejected["found"]),
        (&4.into(), &4.into(), &0.into())
    );
}

#[test]
fn subtraction_1_3_4_is_found_periodic_and_proven() {
    let text = stdout(&["pattern", "subtraction(1,3,4)", "--to", "200"]);
    assert!(text.contains("period 7: 0 1 0 1 2 3 2"), "{text}");
    assert!(
        text.contains("proven:   yes, by the repeated window"),
        "{text}"
    );
}

#[test]
fn divisor_is_found_as_the_2_adic_valuation_observed_only() {
    let found = json(&["pattern", "divisor", "--to", "300"]);
    let pattern = found["pattern"].as_str().unwrap();
    assert!(pattern.contains("2-adic valuation"), "{pattern}");
    assert_eq!(found["proven"], false);
    let text = stdout(&["pattern", "divisor", "--to", "300"]);
    assert!(text.contains("no, observed up to 300"), "{text}");
}

#[test]
fn fibonacci_p_positions_are_found_as_the_fibonacci_numbers() {
    let found = json(&["pattern", "fibonacci", "--to", "100"]);
    let pattern = found["pattern"].as_str().unwrap();
    assert!(pattern.contains("the Fibonacci numbers"), "{pattern}");
}

#[test]
fn wythoff_p_positions_are_found_as_the_beatty_pairs() {
    let found = json(&["pattern", "wythoff", "--rows", "0..40", "--cols", "0..40"]);
    let pattern = found["pattern"].as_str().unwrap();
    assert!(pattern.contains("floor(k*phi^2)"), "{pattern}");
    assert_eq!(found["checked_to"], serde_json::json!([40, 40]));
    assert!(found["rejected"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["candidate"] == "G(a, b) = a XOR b"));
}

#[test]
fn lieges_is_found_by_the_parity_of_k() {
    let found = json(&["pattern", "lieges", "--k", "1..6", "--to", "100"]);
    let classes = found["classes"].as_array().unwrap();
    let parities: Vec<&str> = classes.iter().map(|c| c["k"].as_str().unwrap()).collect();
    assert_eq!(parities, ["odd", "even"]);
    assert_eq!(classes[0]["ks"], serde_json::json!([1, 3, 5]));
    assert!(classes.iter().all(|c| c["found"] == true), "{found}");
}

#[test]
fn pattern_refuses_bad_input_with_exit_2() {
    for args in [
        &["pattern", "wythoff", "--to", "10"][..],
        &["pattern", "bash(3)"],
        &["pattern", "nope", "--to", "10"],
        &["pattern", "wythoff", "--rows", "0..3"],
    ] {
        grundy().args(args).assert().code(2);
    }
}
