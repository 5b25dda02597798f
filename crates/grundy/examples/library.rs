//! grundy used as a library, the way a program built on it would: a sum
//! read from text and its winning moves, the nim-sequence of a subtraction
//! game with its period, noughts and crosses solved strongly, and the value
//! of a partizan sum.
//!
//! ```text
//! cargo run -p grundy --example library
//! ```
//!
//! `cargo test` runs it too (it is a test target without a harness, see
//! `Cargo.toml`), so its checks of published results fail the build's tests
//! when the library stops agreeing with them.

use grundy::error::ErrorKind;
use grundy::partizan::{Games, OutcomeClass};
use grundy::registry::{valued, Parsed, Rulesets};
use grundy::retrograde::{solve, Options};
use grundy::sequence::{MethodChoice, Sequence};
use grundy::short::analyze_values;
use grundy::value::{Solution, Standing};
use grundy::{analyze, parse_sum, Outcome};

fn main() -> grundy::Result<()> {
    nim()?;
    subtraction()?;
    noughts_and_crosses()?;
    partizan()?;
    bad_input();
    Ok(())
}

/// Nim 3 4 5: 3 XOR 4 XOR 5 = 2, so the player to move wins, and the one
/// winning move takes the heap of 3 down to 1 (1 XOR 4 XOR 5 = 0).
fn nim() -> grundy::Result<()> {
    let sum = parse_sum("nim 3 4 5")?;
    let analysis = analyze(&sum)?;
    println!(
        "{}: {} (nimber {})",
        analysis.expression,
        analysis.outcome,
        analysis.nimber.as_ref().expect("normal play has a nimber")
    );
    for (how, to) in &analysis.winning_moves {
        println!("  winning move: {how}, to {to}");
    }
    assert_eq!(analysis.outcome, Outcome::N);
    assert_eq!(analysis.nimber, Some(2u32.into()));
    assert_eq!(analysis.winning_moves.len(), 1);
    assert_eq!(analysis.winning_moves[0].1, "nim 1 4 5");
    Ok(())
}

/// Subtraction(1,3,4): 0, 1, 0, 1, 2, 3, 2 repeated with period 7 from
/// heap 0 (Winning Ways, ch. 4).
fn subtraction() -> grundy::Result<()> {
    let ruleset = grundy::ruleset("subtraction(1,3,4)")?;
    let game = ruleset.heap_game().expect("a heap game");
    let mut sequence = Sequence::new(game, MethodChoice::Auto)?;
    sequence.compute(1000, false, &mut |_| true);
    let report = sequence.report();
    let regularity = report.regularity.expect("a period");
    let values = sequence.values().to_vec();
    println!(
        "{}: {:?} ..., period {} from heap {} ({})",
        ruleset.name(),
        &values[..14],
        regularity.period.period,
        regularity.period.preperiod,
        report
            .proof
            .as_ref()
            .map_or("observed", |p| p.theorem.as_str())
    );
    assert_eq!(values[..14], [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
    assert_eq!(
        (regularity.period.preperiod, regularity.period.period),
        (0, 7)
    );
    assert!(report.proof.is_some(), "the repeated window proves it");
    Ok(())
}

/// Noughts and crosses, mnk(3,3,3): a tie on a full board; 5,478 positions
/// are reachable when play stops at a line.
fn noughts_and_crosses() -> grundy::Result<()> {
    let game = grundy::catalogue::Mnk::new(3, 3, 3)?;
    let table = solve(&game, &Options { memory: 1 << 30 }, &mut |_| true)?;
    let start = table.roots()[0];
    println!(
        "mnk(3,3,3): {} positions, the start is {start}",
        table.positions()
    );
    assert_eq!(
        start,
        Solution {
            standing: Standing::Tie,
            remoteness: Some(9)
        }
    );
    assert_eq!(table.positions(), 5478);
    Ok(())
}

/// A Hackenbush stalk of a blue edge under a red one is 1/2 (Left cuts to
/// 0, Right to 1: {0|1}); two of them make 1 = {0|}, so the difference is
/// 0 and whoever starts loses.
fn partizan() -> grundy::Result<()> {
    let Parsed::Values(terms) = Rulesets::new().parse_question("hackenbush BR BR - {0|}")? else {
        unreachable!("a difference is a sum of values")
    };
    let mut games = Games::new();
    let parts = valued(&terms, &mut games, &mut |_| true)?;
    let analysis = analyze_values(&mut games, &parts, Some(100))?;
    for (part, value) in &analysis.parts {
        println!("  {part} = {value}");
    }
    println!(
        "{} = {}: {}",
        analysis.expression,
        analysis.value,
        analysis.outcome.letter()
    );
    assert_eq!(analysis.parts[0].1, "1/2");
    assert_eq!(analysis.value, "0");
    assert_eq!(analysis.outcome, OutcomeClass::P);
    Ok(())
}

/// Bad input is an error with its kind and column, never a panic.
fn bad_input() {
    let error = parse_sum("nim 3 x4").expect_err("x4 is no heap");
    println!("nim 3 x4: {error}");
    assert_eq!(error.kind(), ErrorKind::BadInput);
    assert_eq!(error.column(), Some(7));
}
