//! Positions that win at once inside a sum (`fn wins_at_once`), on the
//! example of POJ 2311, "Cutting Game": players in turn cut one piece of
//! squared paper in two along a grid line, and whoever cuts out a 1x1
//! piece wins. Checked against the published solution's recurrence and an
//! exhaustive search of the real game, written here independently.

use std::collections::HashMap;

use crate::common::{analyze_json, batch_json, example, grundy, json, temp_file};
use predicates::str::contains;
use serde_json::Value;

/// The published solution of POJ 2311: the Grundy value of a W x H piece
/// (both sides at least 2) is the mex over the cuts that leave both sides
/// of both pieces at least 2 (any other cut leaves a piece of side 1, from
/// which the opponent cuts out a 1x1 piece), so g(2,2) = g(2,3) = g(3,2) = 0.
fn published(most: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; most + 1]; most + 1];
    for w in 2..=most {
        for h in 2..=most {
            let mut seen = [false; 64];
            for a in 2..=w.saturating_sub(2) {
                seen[(g[a][h] ^ g[w - a][h]) as usize] = true;
            }
            for b in 2..=h.saturating_sub(2) {
                seen[(g[w][b] ^ g[w][h - b]) as usize] = true;
            }
            g[w][h] = seen.iter().position(|s| !s).unwrap() as u64;
        }
    }
    g
}

#[test]
fn safe_nimbers_follow_the_published_recurrence_up_to_12_by_12() {
    let g = published(12);
    let table = json(&[
        "table",
        &example("cutting.rhai"),
        "--rows",
        "1..12",
        "--cols",
        "1..12",
    ]);
    let rows = table["values"].as_array().unwrap();
    for (w, row) in (1..).zip(rows) {
        for (h, value) in (1..).zip(row.as_array().unwrap()) {
            let expected = match (w, h) {
                (1, 1) => Value::from(0),
                // A piece with a side of 1: the player to move cuts out 1x1.
                (1, _) | (_, 1) => Value::from("N"),
                _ => Value::from(g[w][h]),
            };
            assert_eq!(value, &expected, "{w}x{h}");
        }
    }
}

/// POJ 2311's sample: "2 2" LOSE, "3 2" LOSE, "4 2" WIN.
#[test]
fn poj_2311_sample() {
    for (piece, outcome) in [("2,2", "P"), ("3,2", "P"), ("4,2", "N")] {
        let analysis = analyze_json(&format!("{} {piece}", example("cutting.rhai")));
        assert_eq!(analysis["outcome"], outcome, "{piece}");
    }
}

/// The real game searched whole: the player to move wins if he can cut
/// out a 1x1 piece, or cut so that the opponent loses. Pieces are kept as
/// written (w, h), in sorted order.
struct Search(HashMap<Vec<(u32, u32)>, bool>);

impl Search {
    fn mover_wins(&mut self, pieces: &[(u32, u32)]) -> bool {
        if let Some(&known) = self.0.get(pieces) {
            return known;
        }
        let mut wins = false;
        'pieces: for (i, &(w, h)) in pieces.iter().enumerate() {
            let mut cuts = Vec::new();
            cuts.extend((1..w).map(|a| [(a, h), (w - a, h)]));
            cuts.extend((1..h).map(|b| [(w, b), (w, h - b)]));
            for cut in cuts {
                if cut.contains(&(1, 1)) {
                    wins = true;
                    break 'pieces;
                }
                let mut after = pieces.to_vec();
                after.remove(i);
                after.extend(cut);
                after.sort();
                if !self.mover_wins(&after) {
                    wins = true;
                    break 'pieces;
                }
            }
        }
        self.0.insert(pieces.to_vec(), wins);
        wins
    }
}

/// Every sum of one to three pieces of sides 1 to 4: grundy's outcome is
/// the search's, and every winning move that is a cut leaves a sum the
/// search finds lost.
#[test]
fn sums_of_up_to_three_pieces_agree_with_a_search_of_the_whole_game() {
    let script = example("cutting.rhai");
    let kinds: Vec<(u32, u32)> = (1..=4).flat_map(|w| (1..=4).map(move |h| (w, h))).collect();
    let mut sums: Vec<Vec<(u32, u32)>> = Vec::new();
    for i in 0..kinds.len() {
        sums.push(vec![kinds[i]]);
        for j in i..kinds.len() {
            sums.push(vec![kinds[i], kinds[j]]);
            for k in j..kinds.len() {
                sums.push(vec![kinds[i], kinds[j], kinds[k]]);
            }
        }
    }
    let text = |pieces: &[(u32, u32)]| -> String {
        let written: Vec<String> = pieces.iter().map(|(w, h)| format!("{w},{h}")).collect();
        written.join(" ")
    };
    let lines: Vec<String> = sums
        .iter()
        .map(|s| format!("{script} {}", text(s)))
        .collect();
    let file = temp_file("cutting.txt", &lines.join("\n"));
    let answers = batch_json(&[], &file);
    assert_eq!(answers.len(), sums.len());
    let mut search = Search(HashMap::new());
    let mut checked_moves = 0;
    for (pieces, answer) in sums.iter().zip(&answers) {
        let mut sorted = pieces.clone();
        sorted.sort();
        let wins = search.mover_wins(&sorted);
        assert_eq!(
            answer["outcome"],
            if wins { "N" } else { "P" },
            "{pieces:?}"
        );
        for m in answer["winning_moves"].as_array().unwrap() {
            let to = m["to"].as_str().unwrap();
            if to == "(won)" {
                assert!(m["move"].as_str().unwrap().ends_with("wins at once"));
                continue;
            }
            let rest = to.strip_prefix(&format!("{script} ")).unwrap();
            let mut after: Vec<(u32, u32)> = rest
                .split(' ')
                .map(|p| {
                    let (w, h) = p.split_once(',').unwrap();
                    (w.parse().unwrap(), h.parse().unwrap())
                })
                .collect();
            after.sort();
            assert!(!search.mover_wins(&after), "{pieces:?} -> {to}");
            checked_moves += 1;
        }
    }
    assert!(checked_moves > 100, "{checked_moves}");
}

#[test]
fn a_part_that_wins_at_once_decides_the_sum() {
    let analysis = analyze_json(&format!("{} 4,2 1,3 + nim 5", example("cutting.rhai")));
    assert_eq!(analysis["outcome"], "N");
    assert_eq!(analysis["nimber"], Value::Null);
    let components = analysis["components"].as_array().unwrap();
    assert_eq!(components[1]["wins_at_once"], true);
    assert!(components[0].get("wins_at_once").is_none());
    let moves = analysis["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["move"], "position 2: 1,3 wins at once");
    // Beside a Nim heap the safe nimbers add by XOR: 4x2 is worth 1.
    let analysis = analyze_json(&format!("{} 4,2 + nim 1", example("cutting.rhai")));
    assert_eq!(analysis["outcome"], "P");
    assert_eq!(analysis["nimber"], 0);
}

#[test]
fn bad_uses_of_wins_at_once_exit_2() {
    let script = example("cutting.rhai");
    for flag in ["--misere", "--every"] {
        grundy()
            .args(["analyze", flag, &format!("{script} 4,2")])
            .assert()
            .code(2)
            .stderr(contains("normal play only"));
    }
    // Beside a game literal too, under misère play (a sum of values).
    grundy()
        .args(["analyze", "--misere", &format!("{script} 4,2 + *")])
        .assert()
        .code(2)
        .stderr(contains("normal play only"));
    let cases = [
        (
            "fn moves(n) { [] } fn wins_at_once(n) { 1 }",
            "expected true",
        ),
        (
            "fn moves(n) { [] } fn wins_at_once(n, m) { true }",
            "takes one parameter",
        ),
        (
            "fn left(n) { [] } fn right(n) { [] } fn wins_at_once(n) { true }",
            "impartial game",
        ),
        (
            "fn moves(n) { [] } fn result(n) { () } fn wins_at_once(n) { true }",
            "impartial game",
        ),
        (
            "fn moves(n) { [] } fn nimber(n) { 0 } fn wins_at_once(n) { true }",
            "closed form",
        ),
    ];
    for (i, (text, message)) in cases.iter().enumerate() {
        let path = temp_file(&format!("at_once_{i}.rhai"), text);
        grundy()
            .args(["analyze", &format!("script(\"{}\") 3", path.display())])
            .assert()
            .code(2)
            .stderr(contains(*message));
    }
}
