//! `analyze --misere`: each component's genus, sums of tame components by
//! the tame rule, and the example of misère trees (HDU 3590's game).

use crate::common::{example, grundy, json};
use predicates::prelude::*;
use serde_json::Value;

/// The five trees of eight nodes of examples/README.md.
const FIVE_TREES: &str = "1-2,2-3,3-4,1-5,5-6,1-7,7-8 1-2,2-3,2-4,4-5,5-6,1-7,7-8 \
     1-2,1-3,3-4,3-5,5-6,6-7,7-8 1-2,2-3,3-4,4-5,2-6,6-7,1-8 1-2,2-3,1-4,4-5,4-6,6-7,7-8";

fn misere_json(expression: &str) -> Value {
    json(&["analyze", "--misere", expression])
}

fn genera(analysis: &Value) -> Vec<(Value, Value)> {
    (analysis["components"].as_array().unwrap().iter())
        .map(|c| (c["genus"].clone(), c["tame"].clone()))
        .collect()
}

/// Each component's genus in Winning Ways' notation, and whether it is
/// tame: heap 4 of .312 is wild, `2^1420` (Plambeck's table), so the sum is
/// searched; its winning moves lead to misère-P sums.
#[test]
fn misere_json_shows_each_components_genus() {
    let analysis = misere_json("octal(0.312) 4 + nim 2 + kayles 3");
    assert_eq!(
        genera(&analysis),
        [
            ("2^1420".into(), false.into()),
            ("2^20".into(), true.into()),
            ("3^31".into(), true.into()),
        ]
    );
    assert_eq!(analysis["nimber"], Value::Null);
    for m in analysis["winning_moves"].as_array().unwrap() {
        let after = misere_json(m["to"].as_str().unwrap());
        assert_eq!(after["outcome"], "P", "{}", m["move"]);
    }
    // Under normal play there is no genus at all.
    let normal = json(&["analyze", "octal(0.312) 4 + nim 2"]);
    assert!(normal["components"][0].get("genus").is_none(), "{normal}");
}

/// Each component's misère canonical form (Conway, *On Numbers and
/// Games*, ch. 12): a Nim heap is itself, a row of five Kayles pins
/// `{*,*2,*3,{*2,*3}}` (worked by hand in `misere/positions.rs`). Each form plays
/// as its component beside others: read back as a literal in the
/// component's place (options without a bar are either player's), the
/// sum has the same misère outcome, found by a search of the literal's
/// tree.
#[test]
fn misere_forms_play_as_their_components() {
    let analysis = misere_json("kayles 5 + nim 5 + octal(0.312) 4");
    let forms: Vec<&Value> = (analysis["components"].as_array().unwrap().iter())
        .map(|c| &c["misere_form"])
        .collect();
    assert_eq!(
        forms[..2],
        [&Value::from("{*,*2,*3,{*2,*3}}"), &Value::from("*5")]
    );
    for (family, most) in [
        ("kayles", 8),
        ("octal(0.312)", 6),
        ("subtraction(1,3,4)", 8),
    ] {
        for heap in 1..=most {
            let component = format!("{family} {heap}");
            let found = misere_json(&component);
            let form = found["components"][0]["misere_form"]
                .as_str()
                .unwrap()
                .to_string();
            for other in ["kayles 1", "kayles 2 + kayles 3", "octal(0.312) 4"] {
                let as_family = misere_json(&format!("{component} + {other}"));
                let as_form = misere_json(&format!("{form} + {other}"));
                assert_eq!(
                    as_family["outcome"], as_form["outcome"],
                    "{component} = {form}, beside {other}"
                );
            }
        }
    }
    // Under normal play there is no misère form.
    let normal = json(&["analyze", "kayles 4"]);
    assert!(
        normal["components"][0].get("misere_form").is_none(),
        "{normal}"
    );
}

/// A genus beyond its search is `null`, never guessed: a Nim heap past
/// 2^64 has its misère answer by the anti-Nim rule all the same.
#[test]
fn misere_genus_beyond_its_search_is_null() {
    let analysis = misere_json("nim 100000000000000000000000 1");
    assert_eq!(
        genera(&analysis),
        [(Value::Null, Value::Null), ("1^031".into(), true.into())]
    );
    assert_eq!(analysis["outcome"], "N");
    // A Nim heap is its own misère form, however large; written in more
    // than 100,000 characters (`*` and a heap of 100,000 digits, the most
    // read), it is null too.
    assert_eq!(
        analysis["components"][0]["misere_form"],
        "*100000000000000000000000"
    );
    let huge = misere_json(&format!("nim 1{} 1", "0".repeat(99_999)));
    assert_eq!(huge["components"][0]["misere_form"], Value::Null);
    assert_eq!(huge["components"][1]["misere_form"], "*");
    grundy()
        .args(["analyze", "--misere", "nim 100000000000000000000000 1"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "unknown (not searched, or beyond its search's limits)",
        ));
}

/// examples/trees.rhai end to end: HDU 3590's game on five trees of eight
/// nodes, beyond the exhaustive search of the whole sum, by the tame rule:
/// the genus of each tree, the outcome, and every winning move, each of
/// which leaves a misère-P sum.
#[test]
fn example_trees_by_genus_and_the_tame_rule() {
    let expression = format!("{} {FIVE_TREES}", example("trees.rhai"));
    let analysis = misere_json(&expression);
    let genera: Vec<Value> = genera(&analysis).into_iter().map(|(g, _)| g).collect();
    assert_eq!(genera, ["3^31", "1^13", "7^75", "3^31", "1^13"]);
    assert_eq!(analysis["outcome"], "N");
    let moves = analysis["winning_moves"].as_array().unwrap();
    assert_eq!(analysis["winning_move_count"], 5);
    for m in moves {
        let after = misere_json(m["to"].as_str().unwrap());
        assert_eq!(after["outcome"], "P", "{}", m["move"]);
    }
    grundy()
        .args(["analyze", "--misere", &expression])
        .assert()
        .success()
        .stdout(predicate::str::contains("component"))
        .stdout(predicate::str::contains("genus"))
        .stdout(predicate::str::contains("(((((())))())())  7^75 (tame)"));
}

/// Bad trees are bad input (exit 2) with a message that says what is wrong.
#[test]
fn bad_trees_exit_2_with_a_clear_message() {
    for (tree, message) in [
        ("(()", "unbalanced brackets"),
        ("(())()", "closes before its end"),
        ("(x)", "holds only ( and )"),
        ("1-2,2-3,3-1", "has 2 edges, not 3"),
        ("1-2,3-4", "has 3 edges, not 2"),
        ("1-2-3", "a tree is its edges a-b"),
        ("1-1", "an edge joins two of them"),
        ("2-3,3-2", "do not join every node to node 1"),
    ] {
        grundy()
            .args([
                "analyze",
                "--misere",
                &format!("{} {tree}", example("trees.rhai")),
            ])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
}

/// Sums of game literals and partizan positions under misère play: game
/// literals are played as written, not as their values of normal play
/// ({*2|*2} is 0 under normal play; under misère play the player to move
/// wins at 0, having no move, and loses at {*2|*2}, moving to *2, where
/// the other player takes one of two and leaves *), impartial sums get their misère
/// canonical form (ONAG chapter 12: *2 + *2 moves to *2 and *2 + * = *3),
/// and nim-heaps written as nimbers follow misère Nim (Bouton: with a heap
/// above 1 the player to move loses when the XOR is 0, otherwise when the
/// number of heaps of 1 is odd).
#[test]
fn sums_of_game_literals_are_played_as_written() {
    let answer = misere_json("*2 + *2");
    assert_eq!(
        (
            &answer["outcome"],
            &answer["misere_form"],
            &answer["is_impartial"]
        ),
        (&"P".into(), &"{*2,*3}".into(), &true.into())
    );
    let parts = answer["parts"].as_array().unwrap();
    assert_eq!(parts[0]["misere_form"], "*2");
    assert_eq!(misere_json("{*2|*2}")["outcome"], "P");
    assert_eq!(json(&["analyze", "{*2|*2}"])["value"], "0");
    // {*|*} is 0 under misère play too (ONAG chapter 12: {*} = 0).
    assert_eq!(misere_json("{*|*}")["misere_form"], "0");
    assert_eq!(misere_json("0")["outcome"], "N");
    for heaps in [
        [1, 1, 1],
        [1, 1, 0],
        [2, 3, 1],
        [2, 3, 0],
        [4, 4, 1],
        [5, 6, 3],
    ] {
        let expression = format!("*{} + *{} + *{}", heaps[0], heaps[1], heaps[2]);
        let lost = match heaps.iter().all(|&h| h <= 1) {
            true => heaps.iter().sum::<i32>() % 2 == 1,
            false => heaps[0] ^ heaps[1] ^ heaps[2] == 0,
        };
        let answer = misere_json(&expression);
        assert_eq!(
            answer["outcome"],
            if lost { "P" } else { "N" },
            "{expression}"
        );
        // Each winning move of Left leaves a sum Right, to move, loses.
        for m in answer["left_moves"].as_array().unwrap() {
            let i = m["part"].as_u64().unwrap() as usize;
            let mut after: Vec<String> = heaps.iter().map(|h| format!("*{h}")).collect();
            after[i] = m["to"].as_str().unwrap().to_string();
            assert_eq!(
                misere_json(&after.join(" + "))["outcome"],
                "P",
                "{expression}"
            );
        }
    }
}

/// Partizan positions under misère play: the outcome class (a 1 × 2 strip
/// of Domineering is Left's one move, so under misère play Right wins
/// whoever starts), the winning moves of each player, and no misère
/// canonical form where the sum is partizan.
/// `--moves N` lists the first N misère winning moves and counts them all,
/// as under normal play. In misère Domineering 2x4 + *, Right (who wins
/// whoever starts) has two winning moves.
#[test]
fn misere_winning_moves_are_counted_and_listed_up_to_moves() {
    let expression = "domineering 2x4 + *";
    let all = json(&["analyze", "--misere", expression]);
    assert_eq!(all["outcome"], "R");
    assert_eq!(all["right_move_count"], 2);
    assert_eq!(all["right_moves"].as_array().unwrap().len(), 2);
    assert_eq!(all["left_move_count"], 0);
    let one = json(&["analyze", "--misere", "--moves", "1", expression]);
    assert_eq!(one["right_move_count"], 2);
    assert_eq!(
        one["right_moves"].as_array().unwrap()[..],
        all["right_moves"].as_array().unwrap()[..1]
    );
    grundy()
        .args(["analyze", "--misere", "--moves", "1", expression])
        .assert()
        .success()
        .stdout(predicate::str::contains("Right moving first wins by (2):"))
        .stdout(predicate::str::contains(
            "  ... and 1 more (--moves N lists N)",
        ));
}

#[test]
fn partizan_positions_get_their_misere_outcome_and_winning_moves() {
    let strip = misere_json("domineering 2x1");
    assert_eq!(
        (
            &strip["outcome"],
            &strip["misere_form"],
            &strip["is_impartial"]
        ),
        (&"R".into(), &Value::Null, &false.into())
    );
    let answer = misere_json("domineering 3x3 + clobber xo");
    let parts = answer["parts"].as_array().unwrap();
    assert_eq!(parts[1]["misere_form"], "*");
    assert_eq!(parts[0]["misere_form"], Value::Null);
    grundy()
        .args(["analyze", "--misere", "domineering 2x1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("convention: misere"))
        .stdout(predicate::str::contains(
            "outcome: R (Right wins whoever starts)",
        ))
        .stdout(predicate::str::contains(
            "Left moving first: no winning move",
        ))
        .stdout(predicate::str::contains(
            "dead-ending: a player with no move",
        ));
    // Domineering, Clobber and NoGo say they are dead-ending, and Toads and
    // Frogs that it is not (a frog jumping a toad away frees a square);
    // a literal is checked move by move: in {|0}, Left has no move, nor
    // after Right's; in {|{0|}} Right's move gives her one.
    for (sum, dead_ending) in [
        ("domineering 4x5 + clobber xox/oxo", true),
        ("nogo o./x. + nogo 2x3", true),
        ("domineering 3x3 + toads-frogs TT..FF", false),
        ("{0|{|0}} + domineering 2x2", true),
        ("{0|{|{0|}}} + domineering 2x2", false),
    ] {
        assert_eq!(misere_json(sum)["dead_ending"], dead_ending, "{sum}");
    }
    // A cake a thousand wide is a thousand moves of Left's, and only hers
    // (a dead end): decided at once, though longer than a game is built.
    let cake = misere_json("cutcake 1x1000");
    assert_eq!(
        (&cake["outcome"], &cake["dead_ending"]),
        (&"R".into(), &true.into())
    );
    // An impartial sum whose misère form is longer than 100,000
    // characters written out (Kayles' heap 14 is) is answered without it.
    let long = misere_json("kayles 14 + 0");
    assert_eq!(
        (
            &long["outcome"],
            &long["is_impartial"],
            &long["misere_form"]
        ),
        (&"N".into(), &true.into(), &Value::Null)
    );
    assert_eq!(long["parts"][1]["misere_form"], "0");
    grundy()
        .args(["analyze", "--misere", "kayles 14 + 0"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "kayles 14  (longer than 100,000 characters)",
        ));
    // A function of values is one of normal play: refused, once, exit 1.
    let output = grundy()
        .args(["analyze", "--misere", "*2 + cool({1|-1}, 1)"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.matches("not supported").count(), 1, "{stderr}");
    // A literal beyond the depth searched is a limit, bad input exit 2.
    grundy()
        .args(["analyze", "--misere", "600"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("at most 512 moves"));
    grundy()
        .args(["analyze", "--misere", "{0|*|}"])
        .assert()
        .code(2);
    // Positions too large to search whole are limits named before their
    // options fill the memory: a cake with 100,000 cuts at each of its
    // first moves, games longer than 512 moves (a Nim heap of a million
    // beside a literal).
    for (expression, limit) in [
        ("cutcake 1x200000", "options along one line of play"),
        ("nim 1000000 + *", "at most 512 moves long"),
    ] {
        grundy()
            .args(["analyze", "--misere", expression])
            .assert()
            .code(1)
            .stderr(predicate::str::contains(limit));
    }
}
