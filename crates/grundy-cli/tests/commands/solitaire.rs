//! One-player games (`fn goal`), on the example of CF 936B, "Sleepy Game":
//! Petya makes both players' moves on a directed graph and wins if the
//! token stops on a vertex with no outgoing edge after an odd number of
//! moves; a draw if play can go on forever; else he loses. Checked on the
//! problem's three samples and on random graphs against a search of the
//! problem written here independently.

use crate::common::{batch_json, example, example_path, grundy, json, temp_file};
use predicates::str::contains;
use serde_json::Value;

/// The example script with another graph: `edges[v]` are the successors
/// of vertex v, numbered from 1 (row 0 is unused).
fn script_for(name: &str, edges: &[Vec<usize>]) -> String {
    let text = std::fs::read_to_string(example_path("sleepy.rhai")).unwrap();
    let line = text.lines().find(|l| l.starts_with("const EDGES")).unwrap();
    let rows: Vec<String> = edges.iter().map(|e| format!("{e:?}")).collect();
    let ours = format!("const EDGES = [{}];", rows.join(", "));
    let path = temp_file(name, &text.replace(line, &ours));
    format!("script(\"{}\")", path.display())
}

/// The reference, from the problem statement: the vertices the token can
/// be on after exactly k moves, for k = 0, 1, ... (a walk stops at a
/// vertex with no edge). Petya wins in the least odd k at which one of
/// them has no edge (at most twice the vertices: a pair (vertex, parity)
/// repeats beyond); otherwise a walk longer than the vertices repeats a
/// vertex, so play can go on forever (Draw); otherwise Lose.
fn reference(edges: &[Vec<usize>], s: usize) -> (&'static str, Option<usize>) {
    let n = edges.len();
    let mut at = vec![false; n];
    at[s] = true;
    let mut draw_at = None;
    for k in 0..=2 * n {
        if k % 2 == 1 && (0..n).any(|v| at[v] && edges[v].is_empty()) {
            return ("Win", Some(k));
        }
        if k == n && at.contains(&true) {
            draw_at = Some(k);
        }
        let mut next = vec![false; n];
        for v in (0..n).filter(|&v| at[v]) {
            for &w in &edges[v] {
                next[w] = true;
            }
        }
        at = next;
    }
    match draw_at {
        Some(_) => ("Draw", None),
        None => ("Lose", None),
    }
}

/// Checks grundy's answer from vertex `s` against the reference: the
/// outcome, and for a win a path of the fewest moves along the edges,
/// from `s` to a vertex with no edge after an odd number of moves.
fn check(edges: &[Vec<usize>], s: usize, answer: &Value) {
    let (outcome, moves) = reference(edges, s);
    assert_eq!(answer["outcome"], outcome, "{edges:?} from {s}");
    let Some(moves) = moves else {
        assert_eq!(answer["moves"], Value::Null);
        return;
    };
    assert_eq!(answer["moves"], moves, "{edges:?} from {s}");
    let path: Vec<(usize, usize)> = (answer["path"].as_array().unwrap().iter())
        .map(|p| {
            let (v, parity) = p.as_str().unwrap().split_once(',').unwrap();
            (v.parse().unwrap(), parity.parse().unwrap())
        })
        .collect();
    assert_eq!(path.len(), moves + 1);
    assert_eq!(path[0], (s, 0));
    for (i, step) in path.windows(2).enumerate() {
        assert!(edges[step[0].0].contains(&step[1].0), "{path:?}");
        assert_eq!(step[1].1, (i + 1) % 2, "{path:?}");
    }
    assert!(edges[path[moves].0].is_empty());
}

/// CF 936B's samples: 1 "Win" by 1 2 4 5; 2 "Lose"; 3 "Draw".
#[test]
fn cf_936b_samples() {
    let sample_1 = vec![vec![], vec![2, 3], vec![4, 5], vec![4], vec![5], vec![]];
    let answer = json(&["analyze", &format!("{} 1,0", example("sleepy.rhai"))]);
    check(&sample_1, 1, &answer);
    assert_eq!(answer["outcome"], "Win");
    let path: Vec<&str> = (answer["path"].as_array().unwrap().iter())
        .map(|p| p.as_str().unwrap())
        .collect();
    assert_eq!(path, ["1,0", "2,1", "4,0", "5,1"]);
    let sample_2 = vec![vec![], vec![3], vec![1], vec![]];
    let answer = json(&[
        "analyze",
        &format!("{} 2,0", script_for("s2.rhai", &sample_2)),
    ]);
    check(&sample_2, 2, &answer);
    assert_eq!(answer["outcome"], "Lose");
    let sample_3 = vec![vec![], vec![2], vec![1]];
    let answer = json(&[
        "analyze",
        &format!("{} 1,0", script_for("s3.rhai", &sample_3)),
    ]);
    check(&sample_3, 1, &answer);
    assert_eq!(answer["outcome"], "Draw");
}

/// 300 random graphs of 1 to 6 vertices, one script each, in one batch.
#[test]
fn random_graphs_agree_with_the_reference() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut cases = Vec::new();
    let mut lines = Vec::new();
    for i in 0..300 {
        let n = 1 + (next() % 6) as usize;
        let mut edges = vec![vec![]];
        for _ in 1..=n {
            edges.push((1..=n).filter(|_| next() % 3 == 0).collect());
        }
        let s = 1 + (next() % n as u64) as usize;
        lines.push(format!(
            "{} {s},0",
            script_for(&format!("g{i}.rhai"), &edges)
        ));
        cases.push((edges, s));
    }
    let file = temp_file("graphs.txt", &lines.join("\n"));
    let answers = batch_json(&[], &file);
    assert_eq!(answers.len(), cases.len());
    let mut seen = std::collections::HashMap::new();
    for ((edges, s), answer) in cases.iter().zip(&answers) {
        check(edges, *s, answer);
        *seen.entry(answer["outcome"].to_string()).or_insert(0) += 1;
    }
    assert_eq!(seen.len(), 3, "{seen:?}");
}

#[test]
fn bad_uses_of_a_solitaire_exit_2() {
    let sleepy = example("sleepy.rhai");
    let refused = [
        (
            vec!["analyze", "--misere"],
            format!("{sleepy} 1,0"),
            "--misere",
        ),
        (
            vec!["analyze", "--every"],
            format!("{sleepy} 1,0"),
            "--every",
        ),
        (
            vec!["analyze"],
            format!("{sleepy} 1,0 + nim 2"),
            "no part of sums",
        ),
        (
            vec!["analyze"],
            format!("nim 2 + {sleepy} 1,0"),
            "no part of sums",
        ),
        (
            vec!["analyze"],
            format!("{sleepy} 1,0 2,0"),
            "no part of sums",
        ),
    ];
    for (args, expression, message) in refused {
        grundy()
            .args(args)
            .arg(&expression)
            .assert()
            .code(2)
            .stderr(contains(message));
    }
    let scripts = [
        (
            "fn left(n) { [] } fn right(n) { [] } fn goal(n) { true }",
            "fn goal makes the script a solitaire",
        ),
        (
            "fn moves(n) { [] } fn result(n) { () } fn goal(n) { true }",
            "fn goal makes the script a solitaire",
        ),
        (
            "fn moves(n) { [] } fn wins_at_once(n) { true } fn goal(n) { true }",
            "fn goal makes the script a solitaire",
        ),
        ("fn moves(n) { [] } fn goal(n) { 1 }", "expected true"),
        (
            "fn moves(n) { if n > 0 { [sum([n - 1, 0])] } else { [] } } fn goal(n) { false }",
            "has no place in a solitaire",
        ),
    ];
    for (i, (text, message)) in scripts.iter().enumerate() {
        let path = temp_file(&format!("solitaire_{i}.rhai"), text);
        grundy()
            .args(["analyze", &format!("script(\"{}\") 3", path.display())])
            .assert()
            .code(2)
            .stderr(contains(*message));
    }
}
