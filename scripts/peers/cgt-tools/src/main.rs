//! The peer of grundy's partizan benchmarks and of its tables of values,
//! computed by cgt-tools on one thread (its `rayon` feature off).
//!
//! - `cgt-peer BOARD`: the canonical form, mean and temperature of one
//!   Domineering position in cgt-tools' notation (rows separated by `|`,
//!   `.` empty, `#` taken).
//! - `cgt-peer --theory BOARD`: the same position's value, then its
//!   stops, its reduced canonical form and the value cooled by 1, each
//!   on a line.
//! - `cgt-peer --ops`: for each game read from a line of standard input
//!   (`{a,b|c}` nested, numbers, `*n`), one line of what cgt-tools
//!   computes of it, separated by ` ; `: the game, its Left and Right
//!   stops, its reduced canonical form, the game cooled by 1/2 and by 1,
//!   heated by 1, and its atomic weight (meaningful where the game is
//!   all-small).
use std::io::BufRead;
use std::str::FromStr;

use cgt::numeric::dyadic_rational_number::DyadicRationalNumber;
use cgt::short::partizan::canonical_form::CanonicalForm;
use cgt::short::partizan::games::domineering::Domineering;
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;

fn main() {
    let first = std::env::args().nth(1).expect("usage: cgt-peer BOARD | --ops");
    if first == "--ops" {
        for line in std::io::stdin().lock().lines() {
            let line = line.expect("a line");
            let g = CanonicalForm::from_str(line.trim()).expect("a game");
            let half = DyadicRationalNumber::new(1, 1);
            let one = DyadicRationalNumber::from(1);
            println!(
                "{} ; {} ; {} ; {} ; {} ; {} ; {} ; {}",
                line.trim(),
                g.left_stop(),
                g.right_stop(),
                g.reduced(),
                g.cool(half),
                g.cool(one),
                g.heat(&CanonicalForm::new_integer(1)),
                g.atomic_weight()
            );
        }
        return;
    }
    if first == "--theory" {
        let board = std::env::args().nth(2).expect("usage: cgt-peer --theory BOARD");
        let position: Domineering = Domineering::from_str(&board).expect("a board");
        let value = position.canonical_form(&ParallelTranspositionTable::new());
        println!("{} {}", value.left_stop(), value.right_stop());
        println!("{}", value.reduced());
        println!("{}", value.cool(DyadicRationalNumber::from(1)));
        return;
    }
    let position: Domineering = Domineering::from_str(&first).expect("a board");
    let table = ParallelTranspositionTable::new();
    let value = position.canonical_form(&table);
    println!("{value}");
    println!("mean {} temperature {}", value.mean(), value.temperature());
}
