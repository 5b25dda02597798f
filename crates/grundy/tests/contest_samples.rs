//! The published samples of contest problems on Wythoff's game, the calendar
//! game, staircase Nim, Euclid's game and Fibonacci nim, reproduced through
//! the expression language: each test reads the problem's sample input,
//! writes each case as an expression, asks `analyze` who wins, and prints the
//! answer in the problem's output format. The problem files (statement
//! summary, samples and their sources) are copied from the oracle
//! (`oracle/problems/`) into `tests/data/`.

use grundy::catalogue::Staircase;
use grundy::{analyze, parse_sum, Outcome};

/// The first sample of a problem file: its input and its expected output.
fn sample(problem: &str) -> (String, String) {
    let json: serde_json::Value = serde_json::from_str(problem).unwrap();
    let sample = &json["samples"][0];
    let text = |field: &str| sample[field].as_str().unwrap().to_string();
    (text("input"), text("output"))
}

fn first_player_wins(expression: &str) -> bool {
    let sum = parse_sum(expression).unwrap();
    analyze(&sum).unwrap().outcome == Outcome::N
}

/// The numbers of the input, in order.
fn numbers(input: &str) -> Vec<u64> {
    input
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect()
}

fn lines(answers: Vec<&str>) -> String {
    answers.iter().map(|a| format!("{a}\n")).collect()
}

/// POJ 1067: two piles per line until the end; 1 if the first player wins.
#[test]
fn poj_1067_wythoff() {
    let (input, output) = sample(include_str!("data/poj1067_wythoff.json"));
    let answers = numbers(&input)
        .chunks(2)
        .map(
            |p| match first_player_wins(&format!("wythoff {} {}", p[0], p[1])) {
                true => "1",
                false => "0",
            },
        )
        .collect();
    assert_eq!(lines(answers), output);
}

/// POJ 1082: T, then T dates "YYYY MM DD"; YES if Adam (first) wins.
#[test]
fn poj_1082_calendar_game() {
    let (input, output) = sample(include_str!("data/poj1082_calendar_game.json"));
    let numbers = numbers(&input);
    let answers = numbers[1..]
        .chunks(3)
        .map(
            |d| match first_player_wins(&format!("calendar {}-{}-{}", d[0], d[1], d[2])) {
                true => "YES",
                false => "NO",
            },
        )
        .collect();
    assert_eq!(lines(answers), output);
}

/// POJ 1704: T tests, each N and the N cells of the chessmen; Georgia moves
/// first. The line is reduced to a staircase.
#[test]
fn poj_1704_georgia_and_bob() {
    let (input, output) = sample(include_str!("data/poj1704_georgia_and_bob.json"));
    let numbers = numbers(&input);
    let mut rest = &numbers[1..];
    let mut answers = Vec::new();
    for _ in 0..numbers[0] {
        let (n, after) = rest.split_first().unwrap();
        let (cells, after) = after.split_at(*n as usize);
        rest = after;
        let stairs = Staircase::stairs_of_coins_on_a_line(cells).unwrap();
        let words: Vec<String> = stairs.iter().map(|s| s.to_string()).collect();
        answers.push(
            match first_player_wins(&format!("staircase {}", words.join(" "))) {
                true => "Georgia will win",
                false => "Bob will win",
            },
        );
    }
    assert_eq!(lines(answers), output);
}

/// POJ 2348: pairs until "0 0"; Stan moves first.
#[test]
fn poj_2348_euclids_game() {
    let (input, output) = sample(include_str!("data/poj2348_euclids_game.json"));
    let answers = numbers(&input)
        .chunks(2)
        .take_while(|p| p != &[0, 0])
        .map(
            |p| match first_player_wins(&format!("euclid {} {}", p[0], p[1])) {
                true => "Stan wins",
                false => "Ollie wins",
            },
        )
        .collect();
    assert_eq!(lines(answers), output);
}

/// HDU 2516: a heap per line until 0; the first move may not take it all.
#[test]
fn hdu_2516_fibonacci_nim() {
    let (input, output) = sample(include_str!("data/hdu2516_fibonacci_nim.json"));
    let answers = numbers(&input)
        .into_iter()
        .take_while(|&n| n != 0)
        .map(|n| match first_player_wins(&format!("fibonacci {n}")) {
            true => "First win",
            false => "Second win",
        })
        .collect();
    assert_eq!(lines(answers), output);
}

/// HDU 1848: three heaps per line until "0 0 0"; a move takes a Fibonacci
/// number of tokens (heaps up to 1000, so the Fibonacci numbers up to 987).
#[test]
fn hdu_1848_fibonacci_again_and_again() {
    let (input, output) = sample(include_str!("data/hdu1848_fibonacci_again_and_again.json"));
    let mut fibonacci = vec![1u64, 2];
    while fibonacci[fibonacci.len() - 1] + fibonacci[fibonacci.len() - 2] <= 1000 {
        fibonacci.push(fibonacci[fibonacci.len() - 1] + fibonacci[fibonacci.len() - 2]);
    }
    let set: Vec<String> = fibonacci.iter().map(u64::to_string).collect();
    let answers = numbers(&input)
        .chunks(3)
        .take_while(|h| h != &[0, 0, 0])
        .map(|h| {
            let expression = format!("subtraction({}) {} {} {}", set.join(","), h[0], h[1], h[2]);
            match first_player_wins(&expression) {
                true => "Fibo",
                false => "Nacci",
            }
        })
        .collect();
    assert_eq!(lines(answers), output);
}
