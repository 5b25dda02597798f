//! The official samples of classic contest problems, answered by the engine:
//! each test reads the problem's input format, builds the expression for each
//! query, and prints the answer the judge expects.

mod common;

use grundy::{analyze, analyze_misere, parse_sum, Outcome};

fn outcome(expression: &str) -> Outcome {
    analyze(&parse_sum(expression).unwrap()).unwrap().outcome
}

fn misere_outcome(expression: &str) -> Outcome {
    analyze_misere(&parse_sum(expression).unwrap())
        .unwrap()
        .outcome
}

/// The whitespace-separated numbers of an input.
fn numbers(input: &str) -> impl Iterator<Item = u64> + '_ {
    input.split_whitespace().map(|w| w.parse().unwrap())
}

/// POJ 2234 Matches Game: plain Nim, one test a line: M then M piles.
#[test]
fn poj2234_matches_game() {
    for (input, expected) in common::samples("problems/poj2234_matches_game.json") {
        let mut output = String::new();
        for line in input.lines() {
            let piles: Vec<&str> = line.split_whitespace().skip(1).collect();
            let wins = outcome(&format!("nim {}", piles.join(" "))) == Outcome::N;
            output.push_str(if wins { "Yes\n" } else { "No\n" });
        }
        assert_eq!(output, expected);
    }
}

/// POJ 2960 S-Nim: k and the set S, then m positions of l heaps each; a
/// line 0 ends the input. One line of W/L per test case.
#[test]
fn poj2960_s_nim() {
    for (input, expected) in common::samples("problems/poj2960_s_nim.json") {
        let mut words = numbers(&input);
        let mut output = String::new();
        loop {
            let k = words.next().unwrap();
            if k == 0 {
                break;
            }
            let set: Vec<String> = (0..k).map(|_| words.next().unwrap().to_string()).collect();
            let ruleset = format!("subtraction({})", set.join(","));
            for _ in 0..words.next().unwrap() {
                let l = words.next().unwrap();
                let heaps: Vec<String> =
                    (0..l).map(|_| words.next().unwrap().to_string()).collect();
                let wins = outcome(&format!("{ruleset} {}", heaps.join(" "))) == Outcome::N;
                output.push(if wins { 'W' } else { 'L' });
            }
            output.push('\n');
        }
        assert_eq!(output, expected);
    }
}

/// POJ 2425 A Chess Game: test cases to the end of input, each a graph of N
/// vertices in the adjacency format `graph(FILE)` reads, then queries of M
/// tokens, ended by a line 0.
#[test]
fn poj2425_a_chess_game() {
    for (input, expected) in common::samples("problems/poj2425_a_chess_game.json") {
        let mut lines = input.lines().filter(|l| !l.trim().is_empty());
        let mut output = String::new();
        let mut case = 0;
        while let Some(header) = lines.next() {
            let n: usize = header.trim().parse().unwrap();
            let mut graph = format!("{n}\n");
            for _ in 0..n {
                graph.push_str(lines.next().unwrap());
                graph.push('\n');
            }
            case += 1;
            let path = common::temp_file(&format!("poj2425-{case}.txt"), &graph);
            loop {
                let query: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
                if query == ["0"] {
                    break;
                }
                let expression = format!("graph(\"{}\") {}", path.display(), query[1..].join(" "));
                let wins = outcome(&expression) == Outcome::N;
                output.push_str(if wins { "WIN\n" } else { "LOSE\n" });
            }
        }
        assert_eq!(output, expected);
    }
}

/// The nim-sequence of subtraction(1,3,4) as published by Jogos e Educação
/// (IME/UFG), and its period 7.
#[test]
fn subtraction_1_3_4_matches_the_published_values() {
    let table = common::data("sequences/subtraction_1_3_4_jogos.json");
    let offset = table["offset"].as_u64().unwrap();
    for (i, value) in table["values"].as_array().unwrap().iter().enumerate() {
        let heap = offset + i as u64;
        let sum = parse_sum(&format!("subtraction(1,3,4) {heap}")).unwrap();
        assert_eq!(
            sum.nimber().unwrap(),
            value.as_u64().unwrap().into(),
            "heap {heap}"
        );
    }
}

/// HDU 1907 / POJ 3480 John: misère Nim. T tests, each N then N heaps; who
/// eats the last M&M loses. John moves first.
#[test]
fn hdu1907_poj3480_john() {
    for (input, expected) in common::samples("problems/hdu1907_poj3480_john.json") {
        let mut words = numbers(&input);
        let mut output = String::new();
        for _ in 0..words.next().unwrap() {
            let n = words.next().unwrap();
            let heaps: Vec<String> = (0..n).map(|_| words.next().unwrap().to_string()).collect();
            let wins = misere_outcome(&format!("nim {}", heaps.join(" "))) == Outcome::N;
            output.push_str(if wins { "John\n" } else { "Brother\n" });
        }
        assert_eq!(output, expected);
    }
}

/// HDU 3032 Nim or not Nim?: Lasker's Nim. T tests, each N then N heaps;
/// Alice moves first.
#[test]
fn hdu3032_nim_or_not_nim() {
    for (input, expected) in common::samples("problems/hdu3032_nim_or_not_nim.json") {
        let mut words = numbers(&input);
        let mut output = String::new();
        for _ in 0..words.next().unwrap() {
            let n = words.next().unwrap();
            let heaps: Vec<String> = (0..n).map(|_| words.next().unwrap().to_string()).collect();
            let wins = outcome(&format!("lasker {}", heaps.join(" "))) == Outcome::N;
            output.push_str(if wins { "Alice\n" } else { "Bob\n" });
        }
        assert_eq!(output, expected);
    }
}

/// The values of Lasker's Nim read in `sequences/laskers_nim_rule.json`.
#[test]
fn laskers_nim_matches_the_published_values() {
    let table = common::data("sequences/laskers_nim_rule.json");
    for (heap, value) in table["explicit_values_read"].as_object().unwrap() {
        let sum = parse_sum(&format!("lasker {heap}")).unwrap();
        assert_eq!(sum.nimber().unwrap(), value.as_u64().unwrap().into());
    }
}

/// Codeforces 603C Lieges of Legendre: `n k`, then the n heaps; Kevin moves
/// first.
#[test]
fn cf603c_lieges_of_legendre() {
    for (input, expected) in common::samples("problems/cf603c_lieges_of_legendre.json") {
        let mut words = numbers(&input);
        let (n, k) = (words.next().unwrap(), words.next().unwrap());
        let heaps: Vec<String> = (0..n).map(|_| words.next().unwrap().to_string()).collect();
        let wins = outcome(&format!("lieges({k}) {}", heaps.join(" "))) == Outcome::N;
        assert_eq!(if wins { "Kevin\n" } else { "Nicky\n" }, expected);
    }
}

/// HDU 1846 Brave Game: Bash's game. C tests of `n m`; take 1 to m.
#[test]
fn hdu1846_brave_game() {
    for (input, expected) in common::samples("problems/hdu1846_brave_game.json") {
        let mut words = numbers(&input);
        let mut output = String::new();
        for _ in 0..words.next().unwrap() {
            let (n, m) = (words.next().unwrap(), words.next().unwrap());
            let wins = outcome(&format!("bash({m}) {n}")) == Outcome::N;
            output.push_str(if wins { "first\n" } else { "second\n" });
        }
        assert_eq!(output, expected);
    }
}

/// The subtraction game whose set is `amounts` up to `largest`.
fn subtraction_up_to(amounts: impl Iterator<Item = u64>, largest: u64) -> String {
    let set: Vec<String> = amounts
        .take_while(|&s| s <= largest.max(1))
        .map(|s| s.to_string())
        .collect();
    format!("subtraction({})", set.join(","))
}

/// HDU 1847 Good Luck in CET-4 Everybody!: one heap of n cards a line; take
/// a power of two. As a subtraction game with S the powers of two up to n.
#[test]
fn hdu1847_good_luck_in_cet4() {
    for (input, expected) in common::samples("problems/hdu1847_good_luck_in_cet4.json") {
        let mut output = String::new();
        for n in numbers(&input) {
            let powers = (0..).map(|k| 1u64 << k);
            let wins = outcome(&format!("{} {n}", subtraction_up_to(powers, n))) == Outcome::N;
            output.push_str(if wins { "Kiki\n" } else { "Cici\n" });
        }
        assert_eq!(output, expected);
    }
}

/// HDU 1848 Fibonacci again and again: three heaps a line, `0 0 0` ends; take
/// a Fibonacci number (1, 2, 3, 5, 8, ...) from one heap. A sum of three
/// subtraction games with S the Fibonacci numbers up to the largest heap.
#[test]
fn hdu1848_fibonacci_again_and_again() {
    for (input, expected) in common::samples("problems/hdu1848_fibonacci_again_and_again.json") {
        let mut output = String::new();
        for line in input.lines() {
            let heaps: Vec<u64> = numbers(line).collect();
            if heaps.iter().all(|&h| h == 0) {
                break;
            }
            let fibonacci = std::iter::successors(Some((1u64, 2u64)), |&(a, b)| Some((b, a + b)))
                .map(|(a, _)| a);
            let ruleset = subtraction_up_to(fibonacci, *heaps.iter().max().unwrap());
            let heaps: Vec<String> = heaps.iter().map(u64::to_string).collect();
            let wins = outcome(&format!("{ruleset} {}", heaps.join(" "))) == Outcome::N;
            output.push_str(if wins { "Fibo\n" } else { "Nacci\n" });
        }
        assert_eq!(output, expected);
    }
}
