//! `grundy solve --all-starts`: every vertex of a graph file answered at
//! once. Codeforces 786A ("Berzerk") end to end, and random circles of the
//! same game checked against `analyze` of each vertex and against an
//! independent search written here.

use crate::common::{example_path, grundy, json, temp_file};
use predicates::prelude::*;
use serde_json::Value;

/// The standings of the vertices 1.. (the objects 2..n) with Left (Rick)
/// first and with Right (Morty) first, in CF 786A's words.
fn berzerk_words(rows: &Value) -> (Vec<&'static str>, Vec<&'static str>) {
    let word = |s: &Value| match s["outcome"].as_str().unwrap() {
        "W" => "Win",
        "L" => "Lose",
        "D" => "Loop",
        other => panic!("no tie in Berzerk: {other}"),
    };
    let rows = &rows.as_array().unwrap()[1..];
    (
        rows.iter().map(|r| word(&r["left_first"])).collect(),
        rows.iter().map(|r| word(&r["right_first"])).collect(),
    )
}

/// CF 786A, sample 1 (n = 5, Rick {3, 2}, Morty {1, 2, 3}): the published
/// answer is "Lose Win Win Loop" with Rick first and "Loop Win Win Win"
/// with Morty first.
#[test]
fn berzerk_sample_one() {
    let ruleset = format!(
        "partizan-graph(\"{}\")",
        example_path("berzerk.txt").display()
    );
    let rows = json(&["solve", &ruleset, "--all-starts"]);
    let (rick, morty) = berzerk_words(&rows);
    assert_eq!(rick, ["Lose", "Win", "Win", "Loop"]);
    assert_eq!(morty, ["Loop", "Win", "Win", "Win"]);
    // The text table has the same answers, a row a vertex.
    grundy()
        .args(["solve", &ruleset, "--all-starts"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "vertex  Left first  Right first\n0       L in 0      L in 0\n1       L in 2      D\n",
        ))
        .stdout(predicate::str::contains("4       D           W in 1\n"));
}

/// The graph file of CF 786A's circle: vertex v is object v + 1, vertex 0
/// the black hole, Left moves by `left` steps and Right by `right`.
fn circle(n: usize, left: &[usize], right: &[usize]) -> String {
    let mut text = format!("{n}\n0 ; 0\n");
    for v in 1..n {
        let side = |steps: &[usize]| {
            let to: Vec<String> = steps.iter().map(|s| ((v + s) % n).to_string()).collect();
            format!("{} {}", steps.len(), to.join(" "))
        };
        text.push_str(&format!("{} ; {}\n", side(left), side(right)));
    }
    text
}

/// CF 786A by fixed point, as its statement says it, and nothing of the
/// solver: a player wins who can move the monster into the hole or to a
/// start lost for the other, loses when every move is to a start won for
/// the other, and the rest loops. `[player][object - 1]`, player 0 Rick.
fn berzerk_by_fixed_point(n: usize, steps: [&[usize]; 2]) -> [Vec<&'static str>; 2] {
    let mut state = [vec![""; n], vec![""; n]];
    loop {
        let mut changed = false;
        for p in 0..2 {
            for v in 1..n {
                if !state[p][v].is_empty() {
                    continue;
                }
                let after = |s: &usize| {
                    let w = (v + s) % n;
                    if w == 0 {
                        "Lose"
                    } else {
                        state[1 - p][w]
                    }
                };
                let word = if steps[p].iter().any(|s| after(s) == "Lose") {
                    "Win"
                } else if steps[p].iter().all(|s| after(s) == "Win") {
                    "Lose"
                } else {
                    continue;
                };
                state[p][v] = word;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    state.map(|s| {
        s[1..]
            .iter()
            .map(|&w| if w.is_empty() { "Loop" } else { w })
            .collect()
    })
}

/// A small xorshift, so that the test has no dependency and the same
/// circles each run.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    /// A non-empty set of distinct steps in 1..n.
    fn steps(&mut self, n: usize) -> Vec<usize> {
        let mut steps: Vec<usize> = (1..n).filter(|_| self.below(3) == 0).collect();
        if steps.is_empty() {
            steps.push(1 + self.below(n - 1));
        }
        steps
    }
}

/// Random circles of n <= 12 objects: every row of `--all-starts` is what
/// `analyze` says of the vertex with that player to move (remoteness
/// included), and its standing is the fixed point's.
#[test]
fn random_circles_agree_with_analyze_and_with_a_fixed_point() {
    let mut random = Random(0x786A);
    for case in 0..12 {
        let n = 2 + random.below(11);
        let (rick, morty) = (random.steps(n), random.steps(n));
        let file = temp_file(&format!("circle{case}.txt"), &circle(n, &rick, &morty));
        let ruleset = format!("partizan-graph(\"{}\")", file.display());
        let rows = json(&["solve", &ruleset, "--all-starts"]);
        let rows_array = rows.as_array().unwrap();
        assert_eq!(rows_array.len(), n);
        for (v, row) in rows_array.iter().enumerate() {
            assert_eq!(row["vertex"], v);
            for (player, key) in [("Left", "left_first"), ("Right", "right_first")] {
                let alone = json(&["analyze", &format!("{ruleset} {v}@{player}")]);
                assert_eq!(
                    row[key]["outcome"], alone["outcome"],
                    "{ruleset} {v}@{player}"
                );
                assert_eq!(
                    row[key]["remoteness"], alone["remoteness"],
                    "{ruleset} {v}@{player}"
                );
            }
        }
        let (left, right) = berzerk_words(&rows);
        let [rick_first, morty_first] = berzerk_by_fixed_point(n, [&rick, &morty]);
        let what = format!("n = {n}, Rick {rick:?}, Morty {morty:?}");
        assert_eq!(left, rick_first, "{what}");
        assert_eq!(right, morty_first, "{what}");
    }
}

/// graph(FILE): each vertex's generalized value and outcome, as `analyze`
/// gives them for a token there (a cycle 1 <-> 2 beside a path 3 -> 4 -> 5).
#[test]
fn an_impartial_graph_lists_every_vertex_value() {
    let file = temp_file("loopy.txt", "6\n1 1\n1 2\n1 1\n1 4\n1 5\n0\n");
    let ruleset = format!("graph(\"{}\")", file.display());
    let rows = json(&["solve", &ruleset, "--all-starts"]);
    let values: Vec<(&str, &str)> = (rows.as_array().unwrap().iter())
        .map(|r| (r["value"].as_str().unwrap(), r["outcome"].as_str().unwrap()))
        .collect();
    assert_eq!(
        values,
        [
            ("∞", "D"),
            ("∞", "D"),
            ("∞", "D"),
            ("0", "P"),
            ("1", "N"),
            ("0", "P")
        ]
    );
    assert_eq!(rows[4]["nimber"], 1);
    assert_eq!(rows[0]["nimber"], Value::Null);
    for v in 0..6 {
        let alone = json(&["analyze", &format!("{ruleset} {v}")]);
        assert_eq!(rows[v]["outcome"], alone["outcome"], "vertex {v}");
    }
}

/// A ruleset whose positions cannot be listed is bad input for the flag
/// (exit 2), which says which rulesets it is for.
#[test]
fn rulesets_without_a_list_of_starts_are_refused() {
    for ruleset in ["nim", "mnk(3,3,3)", "cutcake"] {
        grundy()
            .args(["solve", ruleset, "--all-starts"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("has no list of starts"));
    }
    grundy()
        .args(["solve", "mnk(3,3,3)", "--all-starts", "--db", "x.db"])
        .assert()
        .code(2);
}

/// The graph file's size limit holds (exit 1, naming it).
#[cfg(unix)]
#[test]
fn a_file_without_end_is_refused_at_the_size_limit() {
    grundy()
        .args(["solve", "partizan-graph(/dev/zero)", "--all-starts"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("limit"));
}
