//! The official samples of classic contest problems, answered by the engine:
//! each test reads the problem's input format, builds the expression for each
//! query, and prints the answer the judge expects.

use crate::common;

use grundy::catalogue::Staircase;
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

/// POJ 1067 (Wythoff's game): two piles a line to the end; 1 if the first
/// player wins.
#[test]
fn poj1067_wythoff() {
    for (input, expected) in common::samples("problems/poj1067_wythoff.json") {
        let mut output = String::new();
        for line in input.lines() {
            let wins = outcome(&format!("wythoff {line}")) == Outcome::N;
            output.push_str(if wins { "1\n" } else { "0\n" });
        }
        assert_eq!(output, expected);
    }
}

/// POJ 1082 Calendar Game: T, then T dates "YYYY MM DD"; YES if Adam, who
/// moves first, wins.
#[test]
fn poj1082_calendar_game() {
    for (input, expected) in common::samples("problems/poj1082_calendar_game.json") {
        let mut words = numbers(&input);
        let mut output = String::new();
        for _ in 0..words.next().unwrap() {
            let [y, m, d] = [(); 3].map(|_| words.next().unwrap());
            let wins = outcome(&format!("calendar {y}-{m}-{d}")) == Outcome::N;
            output.push_str(if wins { "YES\n" } else { "NO\n" });
        }
        assert_eq!(output, expected);
    }
}

/// POJ 1704 Georgia and Bob: T tests, each N and the cells of N chessmen;
/// Georgia moves first. The line is played as its staircase.
#[test]
fn poj1704_georgia_and_bob() {
    for (input, expected) in common::samples("problems/poj1704_georgia_and_bob.json") {
        let mut words = numbers(&input);
        let mut output = String::new();
        for _ in 0..words.next().unwrap() {
            let n = words.next().unwrap();
            let cells: Vec<u64> = (0..n).map(|_| words.next().unwrap()).collect();
            let stairs = Staircase::stairs_of_coins_on_a_line(&cells).unwrap();
            let stairs: Vec<String> = stairs.iter().map(|s| s.to_string()).collect();
            let wins = outcome(&format!("staircase {}", stairs.join(" "))) == Outcome::N;
            output.push_str(if wins {
                "Georgia will win\n"
            } else {
                "Bob will win\n"
            });
        }
        assert_eq!(output, expected);
    }
}

/// POJ 2348 Euclid's Game: a pair a line until "0 0"; Stan moves first.
#[test]
fn poj2348_euclids_game() {
    for (input, expected) in common::samples("problems/poj2348_euclids_game.json") {
        let mut output = String::new();
        for line in input.lines().take_while(|l| l.trim() != "0 0") {
            let wins = outcome(&format!("euclid {line}")) == Outcome::N;
            output.push_str(if wins { "Stan wins\n" } else { "Ollie wins\n" });
        }
        assert_eq!(output, expected);
    }
}

/// HDU 2516 (Fibonacci nim): a heap a line until 0; the first move may not
/// take the whole heap.
#[test]
fn hdu2516_fibonacci_nim() {
    for (input, expected) in common::samples("problems/hdu2516_fibonacci_nim.json") {
        let mut output = String::new();
        for n in numbers(&input).take_while(|&n| n != 0) {
            let wins = outcome(&format!("fibonacci {n}")) == Outcome::N;
            output.push_str(if wins { "First win\n" } else { "Second win\n" });
        }
        assert_eq!(output, expected);
    }
}

/// HDU 1848 Fibonacci again and again: three heaps a line until "0 0 0"; a
/// move takes a Fibonacci number of tokens from one heap. Heaps are at most
/// 1000, so the subtraction set is the Fibonacci numbers up to 987.
#[test]
fn hdu1848_fibonacci_again_and_again() {
    let mut fibonacci = vec![1u64, 2];
    while let [.., a, b] = fibonacci[..] {
        if a + b > 1000 {
            break;
        }
        fibonacci.push(a + b);
    }
    let set: Vec<String> = fibonacci.iter().map(u64::to_string).collect();
    let ruleset = format!("subtraction({})", set.join(","));
    for (input, expected) in common::samples("problems/hdu1848_fibonacci_again_and_again.json") {
        let mut output = String::new();
        for line in input.lines().take_while(|l| l.trim() != "0 0 0") {
            let wins = outcome(&format!("{ruleset} {line}")) == Outcome::N;
            output.push_str(if wins { "Fibo\n" } else { "Nacci\n" });
        }
        assert_eq!(output, expected);
    }
}
